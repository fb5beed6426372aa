"""Sleeping Queens as a pure, deterministic state machine (rules SQ-1 … SQ-9, seed 003).

    from companion.games.sleeping_queens import Config, new_game, apply, legal_actions
    state = new_game(Config(players=("Ana", "Ken"), seed=7))
    state = apply(state, legal_actions(state)[0][0])

The deck is data (`data/cards.yaml`, loaded by `sleeping_queens_deck()`): 12 queens (Rose 5,
Cake 5, Rainbow 5, Starfish 5, Ladybug 10, Moon 10, Peacock 10, Sunflower 10, Cat 15, Dog 15,
Pancake 15, Heart 20), 8 kings, 5 jesters, 4 knights, 4 potions, 3 wands, 3 dragons and the
numbers 1–10 four times. Goals (SQ-9): 2–3 players 5 queens or 50 points, 4–5 players 4 or
40, 6–8 players 3 or 30 (our reading; the seed stops at 5). The game also ends when no queen
sleeps: most points wins (ties share the win).

Seats 0..n-1 clockwise (seat i+1 on seat i's left); seat 0 starts. Queens sleep face down on
positions 0–11: a king names a position, not a queen. Actions (JSON `{"type": …}`):
    king      seat, card, position     wake the queen there (SQ-3; Rose: a `wake` follows)
    knight    seat, card, queen        steal another seat's queen (SQ-4; the target answers)
    potion    seat, card, queen        send one back to sleep (SQ-5; the target answers)
    jester    seat, card               turn the top card (SQ-6; a number n: the n-th seat
                                       clockwise, counting the jester's own as 1, wakes)
    discard   seat, cards              one number, a pair, or a + b (+ …) = c (SQ-7)
    block     seat, card               the target plays a dragon / a wand: not a turn
    allow     seat                     the target lets the knight / potion through
    wake      seat, position           the pending wake (Rose's second queen, jester's count)
Readings the seed leaves open:
a target is always asked (block or allow), so answering reveals nothing; a blocker refills
at once, then the attacker; a knight may not steal the rival of a queen its player holds
(SQ-8); a queen put to sleep lies on the first empty position, face down but known to all;
a seat with nothing else to do may discard one card of any kind (SQ-2).

`legal_actions(state)` lists concrete actions (`Move` is `Action`); `apply` raises
`InvalidAction` (no such seat, card or queen) or `RuleViolation(rule="SQ-n")` and never changes
the state given; `replay(config, actions)`; `state.to_json()` / `State.from_json(text)`;
`seat_view(state, seat)` in `views` holds only what that seat may see.
"""

from companion.games.base import (
    ConfigError,
    GameError,
    InvalidAction,
    ReplayError,
    RuleViolation,
)
from companion.games.sleeping_queens.actions import (
    Action,
    ActionType,
    Allow,
    Block,
    Discard,
    Jester,
    King,
    Knight,
    Potion,
    Wake,
    action_from_json,
    action_to_json,
)
from companion.games.sleeping_queens.cards import Deck, Goal, sleeping_queens_deck
from companion.games.sleeping_queens.config import Config
from companion.games.sleeping_queens.legal import Move, legal_actions, legal_moves
from companion.games.sleeping_queens.replay import replay
from companion.games.sleeping_queens.rules import apply
from companion.games.sleeping_queens.setup import new_game
from companion.games.sleeping_queens.state import Event, Pending, State
from companion.games.sleeping_queens.views import seat_view


def is_terminal(state: State) -> bool:
    return state.over


def winners(state: State) -> tuple[int, ...]:
    """The winning seats (several only on a points tie at the end), () while it goes on."""
    return state.winners


__all__ = [
    "Action",
    "ActionType",
    "Allow",
    "Block",
    "Config",
    "ConfigError",
    "Deck",
    "Discard",
    "Event",
    "GameError",
    "Goal",
    "InvalidAction",
    "Jester",
    "King",
    "Knight",
    "Move",
    "Pending",
    "Potion",
    "ReplayError",
    "RuleViolation",
    "State",
    "Wake",
    "action_from_json",
    "action_to_json",
    "apply",
    "is_terminal",
    "legal_actions",
    "legal_moves",
    "new_game",
    "replay",
    "seat_view",
    "sleeping_queens_deck",
    "winners",
]
