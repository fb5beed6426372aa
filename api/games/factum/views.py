"""What each reader may see of a Factum table: the one privacy gate between the log (which keeps
everything) and the wire. The state's view is the engine's own per-seat view; log events show a
card or a vote to the seat that chose it and to nobody else (the engine's view reveals the turn
once the guess is counted; best-story votes are never shown, only their tally).

An AI storyteller's story is labelled for everyone (`story_origin`): canned when it is a bank
story, generated when the table's language model invented it (`story_origin` of
`companion.seats.factum_storyteller`, read from the story itself)."""

from typing import Any

from api.games import shared
from api.games.factum.schemas import FactumMove, FactumSeatPublic, FactumView
from api.games.factum.state import FactumTableState
from api.schemas import EventView
from companion.games.factum import legal_moves, seat_view
from companion.seats.factum_storyteller import story_origin
from companion.store import StoredEvent

# Action fields only the acting seat may see, per action type.
_SECRET_FIELDS = {
    "tell": ("card",),
    "decoy": ("card",),
    "guess": ("card",),
    "best_story": ("prefer",),
    "declare_fill": ("cards",),
}


def public_action(action: dict[str, Any], viewer: int | None) -> dict[str, Any]:
    """The action as `viewer` sees it: others learn that a seat chose, not what."""
    return shared.public_action(action, viewer, _SECRET_FIELDS)


def project_event(event: StoredEvent, viewer: int | None) -> EventView:
    data = dict(event.payload)
    if event.type == "action":
        data["action"] = public_action(event.payload["action"], viewer)
    return EventView(seq=event.seq, type=event.type, created=event.created.isoformat(), data=data)


def factum_view(state: FactumTableState, viewer: int | None) -> FactumView:
    game = state.game
    config = game.config
    moves = []
    if viewer is not None:
        moves = [
            FactumMove(
                type=m.type,
                cards=list(m.cards),
                options=list(m.options),
                any_card=m.any_card,
                count=m.count,
            )
            for m in legal_moves(game, viewer)
        ]
    told_by_ai = {
        str(turn.number): story_origin(turn.story, state.config.language)
        for turn in (*game.history, *([game.turn] if game.turn is not None else []))
        if state.kinds[turn.storyteller] == "ai" and turn.story
    }
    return FactumView(
        id=state.table_id,
        seq=state.seq,
        language=state.config.language,
        deck_mode=config.deck_mode,
        you=viewer,
        seats=[
            FactumSeatPublic(seat=i, name=name, kind=state.kinds[i], score=game.scores[i])
            for i, name in enumerate(config.players)
        ],
        state=seat_view(game, viewer),
        moves=moves,
        story_origin=told_by_ai,
        use_model=state.config.use_model,
        finished=game.is_terminal,
    )
