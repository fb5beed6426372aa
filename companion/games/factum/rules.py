"""`apply(state, action) -> State`: the phases of a turn (FA-2 … FA-5), then scoring.

Every check runs before anything is built, so a refused action leaves no trace; the given
state is frozen and never changed.
"""

from typing import Any

from companion.games.base import InvalidAction, RuleViolation, check_seat, shuffled
from companion.games.factum.actions import (
    Action,
    BestStory,
    ChooseGuessers,
    DeclareFill,
    Decoy,
    Guess,
    Tell,
    Volunteer,
)
from companion.games.factum.config import TABLE_MINIMUM
from companion.games.factum.piles import Piles, draw
from companion.games.factum.scoring import count_best_story, score_guess
from companion.games.factum.setup import new_turn
from companion.games.factum.state import Phase, State, Turn

_PHASE_OF: dict[str, tuple[Phase, str]] = {
    "volunteer": ("volunteer", "FA-2"),
    "tell": ("storytelling", "FA-2"),
    "choose_guessers": ("judging", "FA-3"),
    "decoy": ("decoys", "FA-4"),
    "declare_fill": ("filling", "FA-4"),
    "guess": ("guessing", "FA-5"),
    "best_story": ("best_story", "FA-7"),
}


def apply(state: State, action: Action) -> State:
    """The state after `action`. Raises `RuleViolation` (with the rule id) or `InvalidAction`."""
    check_seat(action.seat, state.players)
    if state.is_terminal:
        raise RuleViolation("FA-9", "the game is over")
    _check_turn_to_act(state, action)
    if isinstance(action, Volunteer):
        turn = new_turn(state, action.seat, action.teammates, action.judge)
        return _next(state, phase="storytelling", turn=turn)
    if isinstance(action, Tell):
        return _tell(state, action)
    if isinstance(action, ChooseGuessers):
        turn = state.current().model_copy(update={"guessers": action.guessers})
        return _next(state, phase="decoys", turn=turn)
    if isinstance(action, Decoy):
        return _decoy(state, action)
    if isinstance(action, DeclareFill):
        return _declare_fill(state, action)
    if isinstance(action, Guess):
        return _guess(state, action)
    return _best_story(state, action)


def _check_turn_to_act(state: State, action: Action) -> None:
    """The action belongs to the phase, and its seat is one the phase waits on."""
    phase, rule = _PHASE_OF[action.type]
    if state.phase != phase:
        raise RuleViolation(rule, f"a {action.type!r} needs the {phase} phase; it is {state.phase}")
    waiting = state.awaiting()
    if action.seat in waiting:
        return
    if state.phase == "volunteer":
        raise RuleViolation("FA-8", f"seat {action.seat} told the last story: not twice in a row")
    raise RuleViolation(
        rule,
        f"seat {action.seat} may not act in the {state.phase} phase; waiting on {list(waiting)}",
    )


def _next(state: State, **update: Any) -> State:
    return state.model_copy(update={**update, "steps": state.steps + 1})


def _take_from_hand(state: State, seat: int, card: str, rule: str) -> tuple[tuple[str, ...], ...]:
    """The hands once `seat` has put `card` down. A physical deck's hands are not known: any
    card of the deck that is not on the table already will do."""
    if state.physical:
        _check_unplaced(state, card, rule)
        return state.hands
    if card not in state.hands[seat]:
        if card not in state.config.deck:
            raise InvalidAction(f"{card!r} is not a card of this game's deck")
        raise RuleViolation(rule, f"{card!r} is not in seat {seat}'s hand")
    hands = list(state.hands)
    hands[seat] = tuple(c for c in hands[seat] if c != card)
    return tuple(hands)


def _check_unplaced(state: State, card: str, rule: str) -> None:
    if card not in state.config.deck:
        raise InvalidAction(f"{card!r} is not a card of this game's deck")
    if state.turn is not None and card in state.turn.table_cards():
        raise RuleViolation(rule, f"{card!r} is on the table already")


def _tell(state: State, action: Tell) -> State:
    hands = _take_from_hand(state, action.seat, action.card, "FA-2")
    text = action.text.strip() if action.text is not None else None
    turn = state.current().model_copy(update={"card": action.card, "story": text or None})
    return _next(state, phase="judging", turn=turn, hands=hands)


def _decoy(state: State, action: Decoy) -> State:
    hands = _take_from_hand(state, action.seat, action.card, "FA-4")
    turn = state.current()
    turn = turn.model_copy(update={"decoys": {**turn.decoys, action.seat: action.card}})
    if len(turn.decoys) < len(turn.confusing_team):
        return _next(state, hands=hands, turn=turn)
    if state.physical and _missing(turn):
        return _next(state, phase="filling", turn=turn)
    return _show_table(state, turn, hands)


def _missing(turn: Turn) -> int:
    return max(0, TABLE_MINIMUM - len(turn.table_cards()))


def _declare_fill(state: State, action: DeclareFill) -> State:
    turn = state.current()
    if len(action.cards) != _missing(turn):
        raise RuleViolation(
            "FA-4", f"the table lacks {_missing(turn)} cards; {len(action.cards)} were named"
        )
    if len(set(action.cards)) != len(action.cards):
        raise InvalidAction(f"a card is named twice in {list(action.cards)}")
    for card in action.cards:
        _check_unplaced(state, card, "FA-4")
    return _show_table(state, turn.model_copy(update={"fill": action.cards}), state.hands)


def _show_table(state: State, turn: Turn, hands: tuple[tuple[str, ...], ...]) -> State:
    """FA-4: fill the table up to 5 from the deck (physical: the cards the judge named);
    FA-5: shuffle the cards and show them."""
    piles = Piles(state.draw_pile, state.discard, state.reshuffles)
    if not state.physical:
        fill, piles = draw(piles, _missing(turn), state.config.seed)
        turn = turn.model_copy(update={"fill": fill})
    table = shuffled(turn.table_cards(), state.config.seed, f"table-{turn.number}")
    return _next(
        state,
        phase="guessing",
        hands=hands,
        turn=turn.model_copy(update={"table": table, "voters": turn.guess_voters}),
        draw_pile=piles.draw,
        discard=piles.discard,
        reshuffles=piles.reshuffles,
    )


def _guess(state: State, action: Guess) -> State:
    turn = state.current()
    if action.card not in turn.table:
        raise RuleViolation("FA-5", f"{action.card!r} is not one of the table's cards")
    turn = turn.model_copy(update={"guesses": {**turn.guesses, action.seat: action.card}})
    if len(turn.guesses) < len(turn.voters):
        return _next(state, turn=turn)
    return score_guess(_next(state, turn=turn))


def _best_story(state: State, action: BestStory) -> State:
    turn = state.current()
    turn = turn.model_copy(update={"best_votes": {**turn.best_votes, action.seat: action.prefer}})
    if len(turn.best_votes) < len(turn.voters):
        return _next(state, turn=turn)
    return count_best_story(_next(state, turn=turn))
