"""`new_game(config)`: queens shuffled face down on 12 positions, 5 cards dealt (SQ-1)."""

from companion.games.base import shuffled
from companion.games.sleeping_queens.cards import sleeping_queens_deck
from companion.games.sleeping_queens.config import Config
from companion.games.sleeping_queens.state import State


def new_game(config: Config) -> State:
    """The queens lie shuffled (purpose "queens"); the red cards are shuffled ("deal"), each
    seat gets five from the top and the rest is the draw pile. Seat 0 plays first."""
    deck = sleeping_queens_deck()
    cards = shuffled(deck.cards, config.seed, "deal")
    players, size = len(config.players), deck.hand_size
    return State(
        config=config,
        hands=tuple(cards[seat * size : (seat + 1) * size] for seat in range(players)),
        draw_pile=cards[players * size :],
        sleeping=shuffled(deck.queens, config.seed, "queens"),
        known=(False,) * len(deck.queens),
        awake=((),) * players,
    )
