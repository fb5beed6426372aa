"""Drawing from the deck (FA-4 fill-up, FA-8 refill), reshuffling the discards when it runs out."""

from dataclasses import dataclass

from companion.games.base import seats_from, shuffled
from companion.games.factum.config import HAND_SIZE


@dataclass(frozen=True, slots=True)
class Piles:
    """The draw pile (top first), the discard pile and how many reshuffles there have been."""

    draw: tuple[str, ...]
    discard: tuple[str, ...]
    reshuffles: int


def draw(piles: Piles, count: int, seed: int) -> tuple[tuple[str, ...], Piles]:
    """Take `count` cards from the top; an empty draw pile is refilled by shuffling the discards
    (FA-8, seeded by `reshuffle-<n>`). Fewer come back only when both piles run dry."""
    taken: list[str] = []
    while len(taken) < count:
        if not piles.draw:
            if not piles.discard:
                break
            pile = shuffled(piles.discard, seed, f"reshuffle-{piles.reshuffles}")
            piles = Piles(draw=pile, discard=(), reshuffles=piles.reshuffles + 1)
        need = count - len(taken)
        taken.extend(piles.draw[:need])
        piles = Piles(piles.draw[need:], piles.discard, piles.reshuffles)
    return tuple(taken), piles


def refill(
    hands: tuple[tuple[str, ...], ...], piles: Piles, seed: int, first: int
) -> tuple[tuple[tuple[str, ...], ...], Piles]:
    """FA-8: every hand back to 5 cards, clockwise from seat `first`."""
    new_hands = list(hands)
    for seat in seats_from(first, len(hands)):
        cards, piles = draw(piles, HAND_SIZE - len(new_hands[seat]), seed)
        new_hands[seat] = (*new_hands[seat], *cards)
    return tuple(new_hands), piles
