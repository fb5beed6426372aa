"""`apply(state, action) -> state`: what each action does under rules OU-6 … OU-21.

An illegal action raises (`RuleViolation` naming the rule, `InvalidAction`, `JudgementRequired`)
and, the state being immutable, changes nothing. A judged action that is judged against (a play
that does not count, a rejected interrupt or ending, a failed challenge) is legal: it applies and
says so in `state.last.accepted`.
"""

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from companion.games.base import (
    InvalidAction,
    JudgementRequired,
    RuleViolation,
    check_seat,
    left_of,
)
from companion.games.once_upon_a_time.actions import (
    MAX_TEXT_CHARS,
    Action,
    CardInterrupt,
    Challenge,
    Claim,
    DeclareDraw,
    DeclareHand,
    End,
    Interrupt,
    Narrate,
    Pass,
    Play,
    Simultaneous,
    Stall,
)
from companion.games.once_upon_a_time.declarations import declare_draw, declare_hand
from companion.games.once_upon_a_time.judging import decide, judged_claims
from companion.games.once_upon_a_time.state import Draw, Line, Outcome, Played, State
from companion.games.once_upon_a_time.zones import draw, holds, take_card, take_ending

STALL_SECONDS = 5.0


@dataclass
class _Effects:
    """What a handler reports; `apply` turns it into the state's `Outcome`."""

    accepted: bool | None = None
    draws: list[Draw] = field(default_factory=list)
    discarded: list[str] = field(default_factory=list)
    penalised: list[int] = field(default_factory=list)
    note: str = ""


def apply(state: State, action: Action) -> State:
    """The state after `action`. Raises a `GameError` (and changes nothing) if it is illegal."""
    if state.is_terminal:
        raise RuleViolation("OU-18", f"the game is over: {state.seats[state.winner or 0].name} won")
    seats = (
        [claim.seat for claim in action.claims]
        if isinstance(action, Simultaneous)
        else [action.seat]
    )
    for seat in seats:
        check_seat(seat, state.players)
    handler: Callable[[State, Any], tuple[State, _Effects]] = _HANDLERS[action.type]
    after, effects = handler(state, action)
    last = Outcome(
        type=action.type,
        seat=seats[0] if len(seats) == 1 else None,
        accepted=effects.accepted,
        penalised=tuple(effects.penalised),
        draws=tuple(effects.draws),
        discarded=tuple(effects.discarded),
        storyteller_before=state.storyteller,
        storyteller_after=after.storyteller,
        note=effects.note,
    )
    return after.model_copy(update={"last": last, "steps": state.steps + 1})


def check_text(text: str, what: str) -> str:
    stripped = text.strip()
    if not stripped:
        raise InvalidAction(f"{what} is empty")
    if len(stripped) > MAX_TEXT_CHARS:
        raise InvalidAction(f"{what} has {len(stripped)} characters; at most {MAX_TEXT_CHARS}")
    return stripped


def _require_storyteller(state: State, seat: int, rule: str, doing: str) -> None:
    if seat != state.storyteller:
        teller = state.seats[state.storyteller].name
        raise RuleViolation(rule, f"only the storyteller ({teller}) may {doing}")


def _hand_over(state: State, to: int) -> State:
    """A new storyteller begins a new turn; no card is open to a card interrupt."""
    update = {"storyteller": to, "turn": state.turn + 1, "turn_start": len(state.story)}
    return state.model_copy(update={**update, "window": None})


def _lose_turn(state: State, effects: _Effects) -> tuple[State, _Effects]:
    """OU-16/OU-17: the storyteller draws one story card; the left neighbour continues."""
    teller = state.storyteller
    state, drawn = draw(state, teller, 1)
    effects.draws.append(drawn)
    return _hand_over(state, left_of(teller, state.players)), effects


# --- telling -------------------------------------------------------------------------------


def _narrate(state: State, action: Narrate) -> tuple[State, _Effects]:
    _require_storyteller(state, action.seat, "OU-6", "narrate")
    line = Line(seat=action.seat, text=check_text(action.text, "the narration"))
    return state.model_copy(update={"story": (*state.story, line), "window": None}), _Effects()


def _play(state: State, action: Play) -> tuple[State, _Effects]:
    """OU-6/OU-7: one card on one sentence of the storyteller's turn; it must matter."""
    _require_storyteller(state, action.seat, "OU-6", "play story cards")
    if (action.sentence is None) == (action.line is None):
        raise InvalidAction("a play needs either a new sentence or the index of an earlier line")
    if not holds(state, action.seat, action.card):
        take_card(state, action.seat, action.card, "OU-6")  # raises, saying where the card is
    story = list(state.story)
    if action.line is not None:
        index = action.line
        if index not in state.turn_lines():
            raise RuleViolation("OU-7", "a card is played on a sentence of the storyteller's turn")
        if story[index].card is not None:
            raise RuleViolation("OU-7", "two cards may not share a sentence")
    else:
        index = len(story)
        story.append(Line(seat=action.seat, text=check_text(action.sentence or "", "the sentence")))
    if not decide(state, action, action.judgement):
        # the card stays in hand; a sentence told with it stays in the story
        window = None if action.sentence is not None else state.window
        note = "OU-7: the element was not told, or does not matter to the story"
        update: dict[str, Any] = {"story": tuple(story), "window": window}
        return state.model_copy(update=update), _Effects(accepted=False, note=note)
    state = take_card(state, action.seat, action.card, "OU-6")
    story[index] = story[index].model_copy(update={"card": action.card})
    played = Played(card=action.card, seat=action.seat, line=index, how="play")
    update = {"story": tuple(story), "table": (*state.table, played), "window": index}
    return state.model_copy(update=update), _Effects(accepted=True)


# --- interrupts ----------------------------------------------------------------------------


def _interrupt(state: State, action: Interrupt) -> tuple[State, _Effects]:
    return _claims(state, (action,))


def _card_interrupt(state: State, action: CardInterrupt) -> tuple[State, _Effects]:
    return _claims(state, (action,))


def _simultaneous(state: State, action: Simultaneous) -> tuple[State, _Effects]:
    if len(action.claims) < 2:
        raise InvalidAction("simultaneous interrupts need two claims or more")
    return _claims(state, action.claims)


def _claim_line(state: State, claim: Claim) -> int:
    """The line a claim interrupts, after checking that the claim may be made at all."""
    if claim.seat == state.storyteller:
        rule = "OU-10" if isinstance(claim, Interrupt) else "OU-11"
        raise RuleViolation(rule, "the storyteller cannot interrupt themselves")
    if isinstance(claim, CardInterrupt):
        if state.window is None:
            raise RuleViolation(
                "OU-11", "a card interrupt comes only right after the storyteller plays a card"
            )
        info = state.cards.get(claim.card)
        if info is None:
            raise InvalidAction(f"{claim.card!r} is not a story card of this deck")
        played = state.cards[state.story[state.window].card or ""]
        if not info.interrupt:
            raise RuleViolation("OU-11", f"{claim.card!r} is not an interrupt card")
        if info.group != played.group:
            raise RuleViolation(
                "OU-11", f"{claim.card!r} interrupts {info.group} cards, not {played.group}"
            )
        line = state.window
    else:
        lines = state.claimable_lines()
        if not lines:
            raise RuleViolation("OU-10", "the storyteller has told nothing yet in this turn")
        line = lines[-1] if claim.line is None else claim.line
        if line not in lines:
            raise RuleViolation(
                "OU-10",
                "only the current storyteller's latest sentences can be claimed: those told "
                "since their last card",
            )
    if not holds(state, claim.seat, claim.card):
        take_card(state, claim.seat, claim.card, "OU-10")  # raises, saying where the card is
    return line


def _claims(state: State, claims: tuple[Claim, ...]) -> tuple[State, _Effects]:
    """OU-12…OU-15: claims are judged in table order; the first upheld takes the story over,
    each rejected one before it pays OU-14, the rest are withdrawn without penalty."""
    seats = [claim.seat for claim in claims]
    cards = [claim.card for claim in claims]
    if len(set(seats)) != len(seats) or len(set(cards)) != len(cards):
        raise InvalidAction("simultaneous claims come from different seats with different cards")
    lines = [_claim_line(state, claim) for claim in claims]
    if any(claim.judgement is None for claim in judged_claims(claims)):
        raise JudgementRequired(frozenset({"mention"}), "each mention claim needs its ruling")
    teller = state.storyteller
    effects = _Effects(accepted=False)
    for claim, line in zip(claims, lines, strict=True):
        state = take_card(state, claim.seat, claim.card, "OU-10")
        if isinstance(claim, Interrupt) and not decide(state, claim, claim.judgement, seats):
            # OU-14: the card tried is discarded and its claimant draws two story cards
            state = state.model_copy(update={"discard": (*state.discard, claim.card)})
            state, drawn = draw(state, claim.seat, 2)
            effects.draws.append(drawn)
            effects.discarded.append(claim.card)
            effects.penalised.append(claim.seat)
            continue
        played = Played(card=claim.card, seat=claim.seat, line=line, how=claim.type)
        state = state.model_copy(update={"table": (*state.table, played)})
        state, drawn = draw(state, teller, 1)  # OU-12: the old storyteller draws one
        effects.draws.append(drawn)
        effects.accepted = True
        return _hand_over(state, claim.seat), effects
    return state, effects


# --- the turn passes -----------------------------------------------------------------------


def _pass(state: State, action: Pass) -> tuple[State, _Effects]:
    """OU-9: discard (optional) one story card, then draw one; OU-21: or swap the ending and
    draw a new ending and two story cards. The left neighbour continues."""
    _require_storyteller(state, action.seat, "OU-9", "pass")
    seat = action.seat
    effects = _Effects()
    if action.swap_ending is not None:
        if not state.config.variants.ending_swap:
            raise RuleViolation("OU-21", "the ending-swap variant is not in play")
        if action.discard is not None:
            raise RuleViolation("OU-21", "an ending and a story card may not both be discarded")
        state = take_ending(state, seat, action.swap_ending, "OU-21")
        ending_discard = (*state.ending_discard, action.swap_ending)
        state = state.model_copy(update={"ending_discard": ending_discard})
        state, drawn = draw(state, seat, 2, endings=1)
        effects.note = "OU-21: ending swapped"
    else:
        if action.discard is not None:
            state = take_card(state, seat, action.discard, "OU-9")
            state = state.model_copy(update={"discard": (*state.discard, action.discard)})
            effects.discarded.append(action.discard)
        state, drawn = draw(state, seat, 1)
    effects.draws.append(drawn)
    return _hand_over(state, left_of(seat, state.players)), effects


def _stall(state: State, action: Stall) -> tuple[State, _Effects]:
    if not action.seconds > STALL_SECONDS:
        raise RuleViolation("OU-16", f"a stall is a pause of more than {STALL_SECONDS:g} seconds")
    return _lose_turn(state, _Effects(note="OU-16"))


def _challenge(state: State, action: Challenge) -> tuple[State, _Effects]:
    if action.seat == state.storyteller:
        raise RuleViolation("OU-17", "the storyteller cannot challenge themselves")
    if not state.turn_lines():
        raise RuleViolation("OU-17", "the storyteller has told nothing yet in this turn")
    if not decide(state, action, action.judgement):
        return state, _Effects(accepted=False)
    return _lose_turn(state, _Effects(accepted=True, note="OU-17"))


# --- the ending ----------------------------------------------------------------------------


def _end(state: State, action: End) -> tuple[State, _Effects]:
    """OU-18: with no story card left, one or two linking sentences and the ending card.
    OU-19: rejected, the ending is discarded, a new ending and a story card are drawn, and the
    left neighbour continues. The linking sentences stay in the story either way."""
    _require_storyteller(state, action.seat, "OU-18", "play an ending")
    seat = action.seat
    if state.seats[seat].hand_size:
        raise RuleViolation("OU-18", "an ending is played only with no story card left in hand")
    if not 1 <= len(action.linking) <= 2:
        raise RuleViolation("OU-18", "one or two sentences link the story to the ending")
    links = tuple(
        Line(seat=seat, text=check_text(text, "a linking sentence"), kind="link")
        for text in action.linking
    )
    state = take_ending(state, seat, action.ending, "OU-18")
    accepted = decide(state, action, action.judgement)
    story = (*state.story, *links)
    if accepted:
        update = {"story": story, "window": None, "ending": action.ending, "winner": seat}
        return state.model_copy(update=update), _Effects(accepted=True)
    ending_discard = (*state.ending_discard, action.ending)
    state = state.model_copy(update={"story": story, "ending_discard": ending_discard})
    state, drawn = draw(state, seat, 1, endings=1)
    state = _hand_over(state, left_of(seat, state.players))
    return state, _Effects(accepted=False, draws=[drawn], note="OU-19")


def _declare_hand(state: State, action: DeclareHand) -> tuple[State, _Effects]:
    return declare_hand(state, action), _Effects()


def _declare_draw(state: State, action: DeclareDraw) -> tuple[State, _Effects]:
    return declare_draw(state, action), _Effects()


_HANDLERS: dict[str, Callable[[State, Any], tuple[State, _Effects]]] = {
    "narrate": _narrate,
    "play": _play,
    "interrupt": _interrupt,
    "card_interrupt": _card_interrupt,
    "simultaneous": _simultaneous,
    "pass": _pass,
    "stall": _stall,
    "challenge": _challenge,
    "end": _end,
    "declare_hand": _declare_hand,
    "declare_draw": _declare_draw,
}
