"""`legal_actions(state)`: every action each seat may take now.

Every choice in Sleeping Queens is finite, so a `Move` is a ready action. Equal cards are
interchangeable: each choice is listed once, with the first such card in hand (`apply` takes
any of them). Only the acting seat has moves: the turn's player, or the seat that must block,
allow or wake; the others (all, once the game is over) get an empty tuple.
"""

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations
from typing import TypeAlias

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
from companion.games.sleeping_queens.state import State

Move: TypeAlias = Action


def legal_actions(state: State) -> dict[int, tuple[Move, ...]]:
    acting = state.acting_seat()
    return {
        seat: legal_moves(state, seat) if seat == acting else () for seat in range(state.players)
    }


def legal_moves(state: State, seat: int) -> tuple[Move, ...]:
    if seat != state.acting_seat():
        return ()
    pending = state.pending
    if pending is None:
        return _turn_moves(state, seat)
    if pending.kind == "wake":
        return tuple(Wake(seat=seat, position=p) for p in state.sleeping_positions())
    blocker = "dragon" if pending.kind == "block_knight" else "wand"
    card = _first_of_kind(state.hands[seat]).get(blocker)
    block: tuple[Move, ...] = (Block(seat=seat, card=card),) if card else ()
    return (*block, Allow(seat=seat))


def is_number_discard(cards: Sequence[str]) -> bool:
    """SQ-7: one number card, two equal ones, or three or more where the largest is the sum
    of all the others (a + b + … = c, every card used once)."""
    return _valid_values(tuple(sorted(sleeping_queens_deck().value[card] for card in cards)))


def _valid_values(values: tuple[int, ...]) -> bool:
    """`values` sorted: one, a pair, or the largest the sum of all the others."""
    if len(values) == 1:
        return True
    if len(values) == 2:
        return values[0] == values[1]
    return values[-1] == sum(values[:-1])


def has_regular_play(state: State, seat: int) -> bool:
    """Whether `seat` has any action but the last-resort discard of one card (SQ-2)."""
    kinds = {sleeping_queens_deck().kind[card] for card in state.hands[seat]}
    if kinds & {"king", "jester", "number"}:
        return True
    return bool(_attack_targets(state, seat, "knight" in kinds, "potion" in kinds))


def _turn_moves(state: State, seat: int) -> tuple[Move, ...]:
    hand = state.hands[seat]
    first = _first_of_kind(hand)
    moves: list[Move] = []
    if "king" in first:
        king = first["king"]
        moves.extend(King(seat=seat, card=king, position=p) for p in state.sleeping_positions())
    for kind, queen in _attack_targets(state, seat, "knight" in first, "potion" in first):
        cls = Knight if kind == "knight" else Potion
        moves.append(cls(seat=seat, card=first[kind], queen=queen))
    if "jester" in first:
        moves.append(Jester(seat=seat, card=first["jester"]))
    moves.extend(Discard(seat=seat, cards=cards) for cards in number_discards(hand))
    if not moves:
        moves.extend(Discard(seat=seat, cards=(card,)) for card in first.values())
    return tuple(moves)


def _first_of_kind(hand: Sequence[str]) -> dict[str, str]:
    kinds = sleeping_queens_deck().kind
    first: dict[str, str] = {}
    for card in hand:
        first.setdefault(kinds[card], card)
    return first


def _attack_targets(state: State, seat: int, knight: bool, potion: bool) -> list[tuple[str, str]]:
    rivals = sleeping_queens_deck().rivals
    mine = state.awake[seat]
    targets: list[tuple[str, str]] = []
    for owner, queens in enumerate(state.awake):
        if owner == seat:
            continue
        for queen in queens:
            if knight and rivals.get(queen) not in mine:
                targets.append(("knight", queen))
            if potion:
                targets.append(("potion", queen))
    return targets


def number_discards(hand: Sequence[str]) -> tuple[tuple[str, ...], ...]:
    """Every distinct number discard of `hand` (SQ-7), each set of values once (the cards of
    a value taken in hand order)."""
    value = sleeping_queens_deck().value
    by_value: dict[int, list[str]] = {}
    for card in hand:
        if card in value:
            by_value.setdefault(value[card], []).append(card)
    values = tuple(sorted(v for v, cards in by_value.items() for _ in cards))
    found: list[tuple[str, ...]] = []
    for combo in _value_discards(values):
        used: dict[int, int] = {}
        cards: list[str] = []
        for number in combo:
            cards.append(by_value[number][used.get(number, 0)])
            used[number] = used.get(number, 0) + 1
        found.append(tuple(cards))
    return tuple(found)


@lru_cache(maxsize=8192)
def _value_discards(values: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The distinct discards (as sorted values) a sorted multiset of number values allows."""
    found: list[tuple[int, ...]] = []
    for size in range(1, len(values) + 1):
        found.extend(c for c in sorted(set(combinations(values, size))) if _valid_values(c))
    return tuple(found)
