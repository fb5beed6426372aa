"""`seat_view(state, seat)`: what one seat's player may see, as JSON-able data.

Public (everyone, spectators included): names, scores, phase and who must act, hand and pile
sizes, the discard pile (every card in it was shown on the table), teams and captains, story
texts, the reigning best story, which seats have added a decoy or voted (not what), the table's
cards once shuffled and shown (without owners), and once the guess is counted, the whole turn:
whose card was whose, each guess, the pick, the points. Finished turns stay public as summaries;
the last finished turn keeps its full reveal, for the page to show the result.

Private to one seat: its hand, its own decoy, its own votes; the storyteller's card to the
storyteller and (from the judging on) to the judge. Never shown: the draw pile's cards and
order, another seat's hand, decoy or vote before the guess is counted, and who voted what in the
secret best-story vote (only its tally). With a physical deck the engine knows no hand or draw
pile: `hand`, `hand_sizes` and `draw_pile_size` are None.
"""

from typing import Any

from companion.games.base import check_seat
from companion.games.factum.state import State, Title, Turn


def seat_view(state: State, seat: int | None) -> dict[str, Any]:
    """The view of `seat` (None: a spectator, who sees only public things)."""
    if seat is not None:
        check_seat(seat, state.players)
    physical = state.physical  # hands and the draw pile are at the table, unknown here
    return {
        "game": "factum",
        "seat": seat,
        "phase": state.phase,
        "deck_mode": state.config.deck_mode,
        "players": list(state.config.players),
        "scores": list(state.scores),
        "target_score": state.config.target_score,
        "awaiting": list(state.awaiting()),
        "last_storyteller": state.last_storyteller,
        "hand": list(state.hands[seat]) if seat is not None and not physical else None,
        "hand_sizes": None if physical else [len(hand) for hand in state.hands],
        "draw_pile_size": None if physical else len(state.draw_pile),
        "discard": list(state.discard),
        "title": _title(state, state.title),
        "turn": _current(state, state.turn, seat) if state.turn is not None else None,
        "last_turn": _reveal(state.history[-1]) if state.history else None,
        "history": [_summary(turn) for turn in state.history],
        "winners": list(state.winners),
    }


def _title(state: State, title: Title | None) -> dict[str, Any] | None:
    if title is None:
        return None
    story = next((t.story for t in state.history if t.number == title.turn), None)
    return {"turn": title.turn, "holder": title.holder, "points": title.points, "story": story}


def _summary(turn: Turn) -> dict[str, Any]:
    """A finished turn without its cards (they may be back in the draw pile or in hands)."""
    tally = [list(turn.best_votes.values()).count(side) for side in ("current", "reigning")]
    return {
        "number": turn.number,
        "storyteller": turn.storyteller,
        "team": list(turn.team),
        "others": list(turn.others),
        "judge": turn.judge,
        "guessers": turn.guessers,
        "story": turn.story,
        "correct": turn.correct,
        "points": list(turn.points),
        "best": turn.best,
        "best_tally": {"current": tally[0], "reigning": tally[1]} if turn.best else None,
    }


def _reveal(turn: Turn) -> dict[str, Any]:
    """A turn whose guess is counted: the summary plus the cards and who put them there."""
    return {
        **_summary(turn),
        "card": turn.card,
        "table": [{"card": card, "owner": turn.owner(card)} for card in turn.table],
        "guesses": [{"seat": s, "card": turn.guesses[s]} for s in sorted(turn.guesses)],
        "picked": turn.picked,
        "tie_broken": turn.tie_broken,
    }


def _current(state: State, turn: Turn, seat: int | None) -> dict[str, Any]:
    sees_card = seat == turn.storyteller or (seat == turn.judge and state.phase != "storytelling")
    view: dict[str, Any] = {
        "number": turn.number,
        "storyteller": turn.storyteller,
        "team": list(turn.team),
        "others": list(turn.others),
        "judge": turn.judge,
        "told": turn.card is not None,
        "story": turn.story,
        "guessers": turn.guessers,
        "voters": list(turn.voters),
        "storyteller_card": turn.card if sees_card else None,
        "decoys_in": sorted(turn.decoys),
        "your_decoy": turn.decoys.get(seat) if seat is not None else None,
        "table": list(turn.table),
        "guessed": sorted(turn.guesses),
        "your_guess": turn.guesses.get(seat) if seat is not None else None,
        "best_voted": sorted(turn.best_votes),
        "your_best_vote": turn.best_votes.get(seat) if seat is not None else None,
        "result": None,
    }
    if turn.picked is not None:
        view["result"] = _reveal(turn)
    return view
