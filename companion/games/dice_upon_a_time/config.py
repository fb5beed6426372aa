"""How a game is set up: players, seed, game length, the co-operative variant, the board."""

from typing import Literal

from pydantic import Field, model_validator

from companion.games.base import Frozen
from companion.games.dice_upon_a_time.board import Board

Length = Literal["short", "normal", "long"]
MIN_PLAYERS = 2
MAX_PLAYERS = 5


class Config(Frozen):
    """`players`: names in seating order (seat i+1 on seat i's left), 2-5. `length` (DU-9):
    short ends after chapter 3, normal after 6, long when the quest decks run out.
    `cooperative` (DU-10): quests public and shared, total AP rated. `characters`: one
    character id per seat (default: dealt at random). `start_player`: default drawn at random.
    `board`: a table's own board (`load_map`); default our bundled map."""

    players: tuple[str, ...] = Field(min_length=MIN_PLAYERS, max_length=MAX_PLAYERS)
    seed: int = 0
    length: Length = "normal"
    cooperative: bool = False
    characters: tuple[str, ...] | None = None
    start_player: int | None = None
    board: Board | None = None

    @model_validator(mode="after")
    def _check(self) -> "Config":
        from companion.games.dice_upon_a_time.cards import catalogue

        count = len(self.players)
        if self.start_player is not None and not 0 <= self.start_player < count:
            raise ValueError(f"start_player {self.start_player} is not a seat 0..{count - 1}")
        if self.characters is not None:
            if len(self.characters) != count:
                raise ValueError(f"{len(self.characters)} characters for {count} players")
            if len(set(self.characters)) != count:
                raise ValueError("two seats have the same character")
            known = catalogue().characters
            for character in self.characters:
                if character not in known:
                    raise ValueError(f"unknown character {character!r}")
        return self

    @property
    def count(self) -> int:
        return len(self.players)
