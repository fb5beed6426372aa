"""Arranged positions for rule tests, and the invariants every state must keep."""

from collections import Counter
from collections.abc import Mapping, Sequence

from companion.games.sleeping_queens import Config, State, new_game, sleeping_queens_deck

NAMES = ("Ana", "Ken", "Lu", "Mo", "Ned", "Oz", "Pia", "Quin")


def arrange(
    players: int = 2,
    hands: Mapping[int, Sequence[str]] | None = None,
    top: Sequence[str] = (),
    awake: Mapping[int, Sequence[str]] | None = None,
    sleeping: Sequence[str | None] | None = None,
    discard: Sequence[str] = (),
    turn: int = 0,
    seed: int = 1,
) -> State:
    """A consistent state: the given hands (others filled with high numbers from the end of
    the deck), the draw pile starting with `top`, the given awake queens, and the remaining
    queens asleep on positions in deck order (or exactly `sleeping`)."""
    deck = sleeping_queens_deck()
    hands = hands or {}
    awake = awake or {}
    given = [card for hand in hands.values() for card in hand] + [*top, *discard]
    assert len(given) == len(set(given)), "a card is placed twice"
    rest = [card for card in deck.cards if card not in given]
    full: list[list[str]] = []
    for seat in range(players):
        hand = list(hands.get(seat, ()))
        while seat not in hands and len(hand) < deck.hand_size:
            hand.append(rest.pop())
        full.append(hand)
    woken = [queen for queens in awake.values() for queen in queens]
    if sleeping is None:
        asleep = [queen for queen in deck.queens if queen not in woken]
        sleeping = [*asleep, *[None] * (len(deck.queens) - len(asleep))]
    state = new_game(Config(players=NAMES[:players], seed=seed))
    return state.model_copy(
        update={
            "hands": tuple(tuple(hand) for hand in full),
            "draw_pile": (*top, *rest),
            "discard": tuple(discard),
            "sleeping": tuple(sleeping),
            "awake": tuple(tuple(awake.get(seat, ())) for seat in range(players)),
            "turn": turn,
        }
    )


def check_invariants(state: State) -> None:
    """79 cards, each once; hands of at most 5; every queen in exactly one place."""
    deck = sleeping_queens_deck()
    red = [*state.draw_pile, *state.discard, *(card for hand in state.hands for card in hand)]
    assert Counter(red) == Counter(deck.cards), "red cards not conserved"
    queens = [q for q in state.sleeping if q is not None]
    queens += [q for held in state.awake for q in held]
    assert Counter(queens) == Counter(deck.queens), "queens not conserved (or owned twice)"
    assert len(red) + len(queens) == 79
    assert all(len(hand) <= deck.hand_size for hand in state.hands)
    for held in state.awake:
        assert not {"cat", "dog"} <= set(held), "Cat and Dog Queens together (SQ-8)"
    assert len(state.sleeping) == 12 and len(state.known) == 12
