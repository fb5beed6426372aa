"""What an AI seat may know of a Once Upon a Time table: the public story, its own cards and
hints, and the open vote — nothing of the other hands."""

from api.games.once_upon_a_time.state import TableState
from companion.games.once_upon_a_time import legal_moves
from companion.seats import BallotSeen, HintSeen, SeatView


def seat_view(state: TableState, seat: int) -> SeatView:
    """What the AI in `seat` may know of the table (its own cards only)."""
    game = state.game
    ballot = state.ballot
    card_interrupts: tuple[str, ...] = ()
    for move in legal_moves(game, seat):
        if move.type == "card_interrupt":
            card_interrupts = move.cards
    return SeatView(
        seat=seat,
        language=state.config.language,
        storyteller=game.storyteller,
        story=tuple(line.text for line in game.story),
        turn_lines=tuple(game.turn_lines()),
        hand=game.seats[seat].hand,
        endings=game.seats[seat].endings,
        card_interrupts=card_interrupts if ballot is None else (),
        hints=tuple(HintSeen(h.line, h.card, h.score, h.borderline) for h in state.hints_for(seat)),
        ballot=None
        if ballot is None
        else BallotSeen(ballot=ballot.ballot, kind=ballot.kind, action=ballot.action),
        can_vote=ballot is not None and seat in ballot.waiting_for,
        claimable_lines=tuple(game.claimable_lines()),
        custom_cards=game.config.custom_cards,
    )
