"""`apply(state, action) -> State`: the rules SQ-2 … SQ-9, pure (the given state never changes).

A turn (SQ-2) is one action by `state.turn`, then that seat refills to five and the seat on
its left plays. Knights and potions (SQ-4, SQ-5) wait for their target's `block` or `allow`;
a blocker refills at once, and the turn ends either way. A Rose Queen (SQ-3) and a jester's
count (SQ-6) wait for a `wake`. Errors: `InvalidAction` (no such seat or card),
`RuleViolation` naming the rule broken.
"""

from collections.abc import Callable

from companion.games.base import InvalidAction, RuleViolation, check_seat
from companion.games.sleeping_queens.actions import (
    Action,
    Allow,
    Block,
    Discard,
    Jester,
    King,
    Knight,
    Potion,
    Wake,
)
from companion.games.sleeping_queens.cards import sleeping_queens_deck
from companion.games.sleeping_queens.legal import has_regular_play, is_number_discard
from companion.games.sleeping_queens.state import Event, Pending, PendingKind, State
from companion.games.sleeping_queens.work import Work

_BLOCKER = {"block_knight": ("dragon", "SQ-4"), "block_potion": ("wand", "SQ-5")}


def apply(state: State, action: Action) -> State:
    if state.over:
        raise RuleViolation("SQ-9", "the game is over")
    check_seat(action.seat, state.players)
    _check_cards(action)
    if state.pending is not None:
        return _answer(state, action, state.pending)
    if action.seat != state.turn:
        raise RuleViolation("SQ-2", f"it is seat {state.turn}'s turn, not seat {action.seat}'s")
    handler = _TURN_ACTIONS.get(action.type)
    if handler is None:
        raise RuleViolation("SQ-2", f"nothing to answer with {action.type!r}: play a turn")
    return handler(state, action)


def _check_cards(action: Action) -> None:
    known = sleeping_queens_deck().kind
    cards = action.cards if isinstance(action, Discard) else (getattr(action, "card", None),)
    for card in cards:
        if card is not None and card not in known:
            raise InvalidAction(f"unknown card {card!r}")
    queen = getattr(action, "queen", None)
    if queen is not None and queen not in sleeping_queens_deck().queen_points:
        raise InvalidAction(f"unknown queen {queen!r}")


def _kind(card: str, expected: str, rule: str) -> None:
    kind = sleeping_queens_deck().kind[card]
    if kind != expected:
        raise RuleViolation(rule, f"{card} is a {kind}, not a {expected}")


def _king(state: State, action: Action) -> State:
    assert isinstance(action, King)
    _kind(action.card, "king", "SQ-3")
    work = Work.of(state)
    work.play(action.seat, action.card, "SQ-3")
    return _woken(work, action.seat, action.position, "king", (action.card,))


def _woken(work: Work, seat: int, position: int, kind: str, cards: tuple[str, ...]) -> State:
    queen, kept = work.wake(seat, position, "SQ-3")
    event = Event(
        type=kind,
        seat=seat,
        cards=cards,
        queen=queen,
        position=position,
        result="woke" if kept else "returned",
    )
    if work.wakes_another(queen, kept):
        return work.finish(event, Pending(kind="wake", seat=seat))
    return work.end_turn(event)


def _attack(state: State, action: Action) -> State:
    assert isinstance(action, Knight | Potion)
    rule = "SQ-4" if isinstance(action, Knight) else "SQ-5"
    _kind(action.card, action.type, rule)
    owner = state.owner_of(action.queen)
    if owner is None or owner == action.seat:
        raise RuleViolation(rule, f"{action.queen} is not another player's awake queen")
    rival = sleeping_queens_deck().rivals.get(action.queen)
    if isinstance(action, Knight) and rival in state.awake[action.seat]:
        raise RuleViolation("SQ-8", f"seat {action.seat} holds {rival}, rival of {action.queen}")
    work = Work.of(state)
    work.play(action.seat, action.card, rule)
    kind: PendingKind = "block_knight" if isinstance(action, Knight) else "block_potion"
    pending = Pending(kind=kind, seat=owner, attacker=action.seat, queen=action.queen)
    event = Event(
        type=action.type,
        seat=action.seat,
        cards=(action.card,),
        queen=action.queen,
        target=owner,
        result="pending",
    )
    return work.finish(event, pending)


def _jester(state: State, action: Action) -> State:
    assert isinstance(action, Jester)
    _kind(action.card, "jester", "SQ-6")
    work = Work.of(state)
    work.play(action.seat, action.card, "SQ-6")
    revealed = work.reveal()
    event = Event(type="jester", seat=action.seat, cards=(action.card,), revealed=revealed)
    if revealed is None:
        return work.end_turn(event.model_copy(update={"result": "discarded"}))
    value = sleeping_queens_deck().value.get(revealed)
    if value is None:
        work.hands[action.seat].append(revealed)
        return work.end_turn(event.model_copy(update={"result": "to_hand"}))
    work.discard.append(revealed)
    target = (action.seat + value - 1) % state.players
    counted = event.model_copy(update={"result": "counted", "target": target})
    return work.finish(counted, Pending(kind="wake", seat=target))


def _discard(state: State, action: Action) -> State:
    assert isinstance(action, Discard)
    cards = action.cards
    if len(set(cards)) != len(cards):
        raise InvalidAction(f"a card is named twice in {cards}")
    kinds = sleeping_queens_deck().kind
    if any(kinds[card] != "number" for card in cards):
        if len(cards) > 1 or has_regular_play(state, action.seat):
            raise RuleViolation(
                "SQ-7",
                "only number cards may be discarded (one card of any kind only when no "
                "other action is possible, SQ-2)",
            )
    elif not is_number_discard(cards):
        raise RuleViolation("SQ-7", f"{cards} is neither one card, a pair nor an equation")
    work = Work.of(state)
    for card in cards:
        work.play(action.seat, card, "SQ-7")
    return work.end_turn(Event(type="discard", seat=action.seat, cards=cards, result="discarded"))


def _answer(state: State, action: Action, pending: Pending) -> State:
    if action.seat != pending.seat:
        raise RuleViolation(_rule(state, pending), f"waiting for seat {pending.seat} to answer")
    if pending.kind == "wake":
        if not isinstance(action, Wake):
            raise RuleViolation(_rule(state, pending), f"seat {action.seat} must wake a queen")
        return _woken(Work.of(state), action.seat, action.position, "wake", ())
    if isinstance(action, Allow):
        return _allow(state, pending)
    if isinstance(action, Block):
        return _block(state, action, pending)
    raise RuleViolation(_rule(state, pending), f"seat {action.seat} must block or allow")


def _rule(state: State, pending: Pending) -> str:
    if pending.kind == "wake":
        return "SQ-6" if state.last is not None and state.last.type == "jester" else "SQ-3"
    return _BLOCKER[pending.kind][1]


def _block(state: State, action: Block, pending: Pending) -> State:
    blocker, rule = _BLOCKER[pending.kind]
    _kind(action.card, blocker, rule)
    work = Work.of(state)
    work.play(action.seat, action.card, rule)
    work.refill(action.seat)
    event = Event(
        type="block",
        seat=action.seat,
        cards=(action.card,),
        queen=pending.queen,
        target=pending.attacker,
        result="blocked",
    )
    return work.end_turn(event)


def _allow(state: State, pending: Pending) -> State:
    assert pending.queen is not None and pending.attacker is not None
    work = Work.of(state)
    event = Event(type="allow", seat=pending.seat, queen=pending.queen, target=pending.attacker)
    if pending.kind == "block_knight":
        work.awake[pending.seat].remove(pending.queen)
        work.awake[pending.attacker].append(pending.queen)
        return work.end_turn(event.model_copy(update={"result": "stolen"}))
    position = work.put_to_sleep(pending.queen)
    return work.end_turn(event.model_copy(update={"result": "slept", "position": position}))


_TURN_ACTIONS: dict[str, Callable[[State, Action], State]] = {
    "king": _king,
    "knight": _attack,
    "potion": _attack,
    "jester": _jester,
    "discard": _discard,
}
