"""`apply(state, action) -> state`: what each action does under rules OU-6 … OU-21.

An illegal action raises (`RuleViolation` naming the rule, `InvalidAction`, `JudgementRequired`)
and, the state being immutable, changes nothing. A judged action that is judged against (a play
that does not count, a rejected interrupt or ending, a failed challenge) is legal: it applies and
says so in `state.last.accepted`.
"""

from collections.abc import Callable
from typing import Any

from companion.games.base import InvalidAction, RuleViolation, check_seat, left_of
from companion.games.once_upon_a_time.actions import (
    MAX_TEXT_CHARS,
    Action,
    CardInterrupt,
    Challenge,
    Claim,
    End,
    Interrupt,
    Narrate,
    Pass,
    Play,
    Simultaneous,
    Stall,
)
from companion.games.once_upon_a_time.declarations import declare_draw, declare_hand
from companion.games.once_upon_a_time.judging import decide
from companion.games.once_upon_a_time.state import Draw, Line, Outcome, Played, State
from companion.games.once_upon_a_time.zones import draw, holds, take_card, take_ending

STALL_SECONDS = 5.0


def apply(state: State, action: Action) -> State:
    """The state after `action`. Raises a `GameError` (and changes nothing) if it is illegal."""
    if state.is_terminal:
        raise RuleViolation("OU-18", f"the game is over: {state.seats[state.winner or 0].name} won")
    for seat in _seats_of(action):
        check_seat(seat, state.players)
    handler: Callable[[State, Any], State] = _HANDLERS[action.type]
    return handler(state, action).model_copy(update={"steps": state.steps + 1})


def _seats_of(action: Action) -> list[int]:
    if isinstance(action, Simultaneous):
        return [claim.seat for claim in action.claims]
    return [action.seat]


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


def _outcome(state: State, type_: str, **fields: Any) -> Outcome:
    fields.setdefault("storyteller_after", state.storyteller)
    return Outcome(type=type_, storyteller_before=state.storyteller, **fields)


def _hand_over(state: State, to: int) -> State:
    """A new storyteller begins a new turn; no card is open to a card interrupt."""
    return state.model_copy(
        update={
            "storyteller": to,
            "turn": state.turn + 1,
            "turn_start": len(state.story),
            "window": None,
        }
    )


def _lose_turn(state: State, type_: str, seat: int | None, note: str, **fields: Any) -> State:
    """OU-16/OU-17: the storyteller draws one story card; the left neighbour continues."""
    before = state.storyteller
    state, drawn = draw(state, before, 1)
    state = _hand_over(state, left_of(before, state.players))
    last = Outcome(
        type=type_,
        seat=seat,
        draws=(drawn,),
        storyteller_before=before,
        storyteller_after=state.storyteller,
        note=note,
        **fields,
    )
    return state.model_copy(update={"last": last})


# --- telling -------------------------------------------------------------------------------


def _narrate(state: State, action: Narrate) -> State:
    _require_storyteller(state, action.seat, "OU-6", "narrate")
    line = Line(seat=action.seat, text=check_text(action.text, "the narration"))
    return state.model_copy(
        update={
            "story": (*state.story, line),
            "window": None,
            "last": _outcome(state, "narrate", seat=action.seat),
        }
    )


def _play(state: State, action: Play) -> State:
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
    accepted = decide(state, action, action.judgement)
    if not accepted:
        last = _outcome(
            state,
            "play",
            seat=action.seat,
            accepted=False,
            note="OU-7: the element was not told, or does not matter to the story",
        )
        window = None if action.sentence is not None else state.window
        return state.model_copy(update={"story": tuple(story), "window": window, "last": last})
    state = take_card(state, action.seat, action.card, "OU-6")
    story[index] = story[index].model_copy(update={"card": action.card})
    played = Played(card=action.card, seat=action.seat, line=index, how="play")
    last = _outcome(state, "play", seat=action.seat, accepted=True)
    return state.model_copy(
        update={
            "story": tuple(story),
            "table": (*state.table, played),
            "window": index,
            "last": last,
        }
    )


# --- interrupts ----------------------------------------------------------------------------


def _interrupt(state: State, action: Interrupt) -> State:
    return _claims(state, (action,), "interrupt")


def _card_interrupt(state: State, action: CardInterrupt) -> State:
    return _claims(state, (action,), "card_interrupt")


def _simultaneous(state: State, action: Simultaneous) -> State:
    if len(action.claims) < 2:
        raise InvalidAction("simultaneous interrupts need two claims or more")
    return _claims(state, action.claims, "simultaneous")


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
        lines = state.turn_lines()
        if not lines:
            raise RuleViolation("OU-10", "the storyteller has told nothing yet in this turn")
        line = lines[-1] if claim.line is None else claim.line
        if line not in lines:
            raise RuleViolation("OU-10", "only what the current storyteller told can be claimed")
    if not holds(state, claim.seat, claim.card):
        take_card(state, claim.seat, claim.card, "OU-10")  # raises, saying where the card is
    return line


def _claims(state: State, claims: tuple[Claim, ...], type_: str) -> State:
    """OU-12…OU-15: claims are judged in table order; the first upheld takes the story over,
    each rejected one before it pays OU-14, the rest are withdrawn without penalty."""
    seats = [claim.seat for claim in claims]
    cards = [claim.card for claim in claims]
    if len(set(seats)) != len(seats) or len(set(cards)) != len(cards):
        raise InvalidAction("simultaneous claims come from different seats with different cards")
    lines = [_claim_line(state, claim) for claim in claims]
    before = state.storyteller
    draws: list[Draw] = []
    discarded: list[str] = []
    penalised: list[int] = []
    for claim, line in zip(claims, lines, strict=True):
        upheld = isinstance(claim, CardInterrupt) or decide(state, claim, claim.judgement, seats)
        if not upheld:  # OU-14: discard the card tried, draw two story cards
            state = take_card(state, claim.seat, claim.card, "OU-10")
            state = state.model_copy(update={"discard": (*state.discard, claim.card)})
            state, drawn = draw(state, claim.seat, 2)
            draws.append(drawn)
            discarded.append(claim.card)
            penalised.append(claim.seat)
            continue
        state = take_card(state, claim.seat, claim.card, "OU-10")
        played = Played(card=claim.card, seat=claim.seat, line=line, how=claim.type)
        state = state.model_copy(update={"table": (*state.table, played)})
        state, drawn = draw(state, before, 1)  # OU-12: the old storyteller draws one
        draws.append(drawn)
        state = _hand_over(state, claim.seat)
        break
    last = Outcome(
        type=type_,
        seat=claims[0].seat if len(claims) == 1 else None,
        accepted=state.storyteller != before,
        penalised=tuple(penalised),
        draws=tuple(draws),
        discarded=tuple(discarded),
        storyteller_before=before,
        storyteller_after=state.storyteller,
    )
    return state.model_copy(update={"last": last})


# --- the turn passes -----------------------------------------------------------------------


def _pass(state: State, action: Pass) -> State:
    """OU-9: discard (optional) one story card, draw one; OU-21: or swap the ending and draw
    a new ending and two story cards. The left neighbour continues."""
    _require_storyteller(state, action.seat, "OU-9", "pass")
    seat = action.seat
    if action.swap_ending is not None:
        if not state.config.variants.ending_swap:
            raise RuleViolation("OU-21", "the ending-swap variant is not in play")
        if action.discard is not None:
            raise RuleViolation("OU-21", "an ending and a story card may not both be discarded")
        state = take_ending(state, seat, action.swap_ending, "OU-21")
        state = state.model_copy(
            update={"ending_discard": (*state.ending_discard, action.swap_ending)}
        )
        state, drawn = draw(state, seat, 2, endings=1)
        discarded: tuple[str, ...] = ()
    else:
        discarded = ()
        if action.discard is not None:
            state = take_card(state, seat, action.discard, "OU-9")
            state = state.model_copy(update={"discard": (*state.discard, action.discard)})
            discarded = (action.discard,)
        state, drawn = draw(state, seat, 1)
    state = _hand_over(state, left_of(seat, state.players))
    last = Outcome(
        type="pass",
        seat=seat,
        draws=(drawn,),
        discarded=discarded,
        storyteller_before=seat,
        storyteller_after=state.storyteller,
        note="OU-21: ending swapped" if action.swap_ending else "",
    )
    return state.model_copy(update={"last": last})


def _stall(state: State, action: Stall) -> State:
    if not action.seconds > STALL_SECONDS:
        raise RuleViolation("OU-16", f"a stall is a pause of more than {STALL_SECONDS:g} seconds")
    return _lose_turn(state, "stall", action.seat, "OU-16")


def _challenge(state: State, action: Challenge) -> State:
    if action.seat == state.storyteller:
        raise RuleViolation("OU-17", "the storyteller cannot challenge themselves")
    if not state.turn_lines():
        raise RuleViolation("OU-17", "the storyteller has told nothing yet in this turn")
    if not decide(state, action, action.judgement):
        return state.model_copy(
            update={"last": _outcome(state, "challenge", seat=action.seat, accepted=False)}
        )
    return _lose_turn(state, "challenge", action.seat, "OU-17", accepted=True)


# --- the ending ----------------------------------------------------------------------------


def _end(state: State, action: End) -> State:
    """OU-18: with no story card left, one or two linking sentences and the ending card.
    OU-19: rejected, the ending is discarded, a new ending and a story card are drawn, and the
    left neighbour continues."""
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
    state = state.model_copy(update={"story": (*state.story, *links), "window": None})
    if accepted:
        last = _outcome(state, "end", seat=seat, accepted=True)
        return state.model_copy(update={"ending": action.ending, "winner": seat, "last": last})
    state = state.model_copy(update={"ending_discard": (*state.ending_discard, action.ending)})
    state, drawn = draw(state, seat, 1, endings=1)
    state = _hand_over(state, left_of(seat, state.players))
    last = Outcome(
        type="end",
        seat=seat,
        accepted=False,
        draws=(drawn,),
        storyteller_before=seat,
        storyteller_after=state.storyteller,
        note="OU-19",
    )
    return state.model_copy(update={"last": last})


_HANDLERS: dict[str, Callable[[State, Any], State]] = {
    "narrate": _narrate,
    "play": _play,
    "interrupt": _interrupt,
    "card_interrupt": _card_interrupt,
    "simultaneous": _simultaneous,
    "pass": _pass,
    "stall": _stall,
    "challenge": _challenge,
    "end": _end,
    "declare_hand": declare_hand,
    "declare_draw": declare_draw,
}
