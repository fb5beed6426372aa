"""How a game is set up: players in seating order (2–8) and the seed of every shuffle."""

from pydantic import field_validator

from companion.games.base import Frozen, seated_players
from companion.games.sleeping_queens.cards import sleeping_queens_deck


class Config(Frozen):
    """Seats are indices into `players`, clockwise: seat i+1 sits on seat i's left. Seat 0
    starts (the dealer's left). `seed` drives the deal, the queens' places and every
    reshuffle, so a config plus its actions replays exactly."""

    players: tuple[str, ...]
    seed: int = 0

    @field_validator("players")
    @classmethod
    def _supported_count(cls, players: tuple[str, ...]) -> tuple[str, ...]:
        supported = sorted(sleeping_queens_deck().goals)  # 2–8: one goal per player count
        return seated_players(players, supported[0], supported[-1], "Sleeping Queens")
