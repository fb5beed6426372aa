"""What every game engine shares: the error tree, a frozen model base, seats, seeded randomness."""

import random
from collections.abc import Sequence
from typing import TypeVar

from pydantic import BaseModel, ConfigDict

T = TypeVar("T")


class Frozen(BaseModel):
    """Base of every engine model: immutable, no unknown fields, JSON round trip without loss."""

    model_config = ConfigDict(frozen=True, extra="forbid")


def seated_players(players: tuple[str, ...], low: int, high: int, who: str) -> tuple[str, ...]:
    """`players` when there are `low`–`high` of them, each with a name; else `ValueError`
    naming `who` ("Sleeping Queens", "the keeper") and the count (for a config validator)."""
    if not low <= len(players) <= high:
        raise ValueError(f"{who} takes {low}–{high} players, not {len(players)}")
    if any(not name.strip() for name in players):
        raise ValueError("every player needs a non-empty name")
    return players


class GameError(ValueError):
    """Anything an engine refuses. The state the action was applied to is never changed."""


class ConfigError(GameError):
    """A game cannot be set up as configured (player count, deck too small, bad start method)."""


class InvalidAction(GameError):
    """A malformed action: unknown seat or card, empty or over-long text, missing field."""


class JudgementRequired(GameError):
    """The action needs a ruling (a verdict or a vote) that it does not carry."""

    def __init__(self, kinds: frozenset[str], message: str) -> None:
        super().__init__(message)
        self.kinds = kinds


class RuleViolation(GameError):
    """The action breaks a rule of the game, named by its id ("OU-11", "FA-3", …)."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{rule}: {message}")
        self.rule = rule
        self.message = message


class ReplayError(GameError):
    """Action number `index` of a log could not be applied; `cause` says why."""

    def __init__(self, index: int, cause: GameError) -> None:
        super().__init__(f"action #{index}: {cause}")
        self.index = index
        self.cause = cause


def left_of(seat: int, players: int) -> int:
    """The seat on `seat`'s left. Seats are numbered clockwise, so the left is the next one."""
    return (seat + 1) % players


def seats_from(start: int, players: int) -> list[int]:
    """Every seat once, clockwise from `start` (included)."""
    return [(start + offset) % players for offset in range(players)]


def check_seat(seat: int, players: int) -> None:
    if not 0 <= seat < players:
        raise InvalidAction(f"seat {seat} does not exist (seats are 0..{players - 1})")


def seeded_rng(seed: int, purpose: str) -> random.Random:
    """A generator determined by the game's seed and what it is for ("deal", "reshuffle-3").

    Deriving one generator per chance step keeps a state free of generator internals: replaying
    the same actions from the same seed redraws exactly the same cards.
    """
    return random.Random(f"{seed}/{purpose}")


def shuffled(items: Sequence[T], seed: int, purpose: str) -> tuple[T, ...]:
    out = list(items)
    seeded_rng(seed, purpose).shuffle(out)
    return tuple(out)
