"""What each reader may see of a Sleeping Queens table: the one privacy gate between the log and
the wire. The state's view is the engine's per-seat view (the public table and the reader's own
hand); log events are public as they are (every card is played face up, and the log holds no
drawn card); the moves are the reader's own, and only while the game waits for them."""

from typing import Any

from api.games.sleeping_queens.schemas import SleepingQueensSeat, SleepingQueensView
from api.games.sleeping_queens.state import SleepingQueensTableState
from api.schemas import EventView
from companion.games.sleeping_queens import Action, legal_moves, seat_view
from companion.games.sleeping_queens.keeper import KeeperState, keeper_legal_kinds, keeper_view
from companion.store import StoredEvent


def request_body(action: Action) -> dict[str, Any]:
    """An engine action as the request body that takes it (the seat comes from the token)."""
    return action.model_dump(mode="json", exclude={"seat"})


def project_event(event: StoredEvent, viewer: int | None) -> EventView:
    return EventView(
        seq=event.seq, type=event.type, created=event.created.isoformat(), data=event.payload
    )


def sleeping_queens_view(state: SleepingQueensTableState, viewer: int | None) -> SleepingQueensView:
    game = state.game
    if isinstance(game, KeeperState):
        acting = game.acting_seat()
        choices = None if acting is None else keeper_legal_kinds(game, acting)
        engine_view, moves = keeper_view(game), []
        keeper = None if choices is None else choices.model_dump(mode="json")
        hand_sizes = [0] * game.players
    else:
        engine_view = seat_view(game, viewer)
        moves = [] if viewer is None else [request_body(m) for m in legal_moves(game, viewer)]
        keeper, hand_sizes = None, [len(hand) for hand in game.hands]
    return SleepingQueensView(
        id=state.table_id,
        seq=state.seq,
        language=state.config.language,
        ai_level=state.config.ai_level,
        deck_mode=state.config.deck_mode,
        you=viewer,
        acting=game.acting_seat(),
        seats=[
            SleepingQueensSeat(
                seat=seat,
                name=name,
                kind=state.kinds[seat],
                points=game.points(seat),
                queens=list(game.awake[seat]),
                hand_size=hand_sizes[seat],
            )
            for seat, name in enumerate(state.config.engine.players)
        ],
        state=engine_view,
        moves=moves,
        keeper=keeper,
        finished=game.over,
    )
