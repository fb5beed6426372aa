"""Rules engines, one package per game, each a pure deterministic state machine.

`base` holds what they share: the `Frozen` model base, the error tree, seat helpers
(`left_of`, `seats_from`) and seeded randomness (`seeded_rng`, `shuffled`). Errors::

    GameError (ValueError)
    ├── ConfigError         a game cannot be set up as configured
    ├── InvalidAction       a malformed action (unknown seat or card, bad text)
    ├── JudgementRequired   .kinds: rulings the action must carry
    ├── RuleViolation       .rule: the id of the rule broken ("OU-11"), .message
    └── ReplayError         .index, .cause: the action of a log that failed on replay
"""

from companion.games.base import (
    ConfigError,
    Frozen,
    GameError,
    InvalidAction,
    JudgementRequired,
    ReplayError,
    RuleViolation,
    left_of,
    seats_from,
    seeded_rng,
    shuffled,
)

__all__ = [
    "ConfigError",
    "Frozen",
    "GameError",
    "InvalidAction",
    "JudgementRequired",
    "ReplayError",
    "RuleViolation",
    "left_of",
    "seats_from",
    "seeded_rng",
    "shuffled",
]
