"""How a Factum game is set up: players in seating order, the plot-card deck, the seed, options."""

from collections import Counter
from typing import Literal

from pydantic import Field, model_validator

from companion.games.base import Frozen

MIN_PLAYERS = 4  # FA: a game for 4-12 players
MAX_PLAYERS = 12
HAND_SIZE = 5  # FA-1
TABLE_MINIMUM = 5  # FA-4: the table is filled up to 5 cards
TARGET_SCORE = 15  # FA-9
MAX_CARD_CHARS = 500

DeckMode = Literal["virtual", "physical"]


def smaller_team(players: int) -> int:
    """FA-2: the judge's team; with an odd count the storyteller's team has one more."""
    return players // 2


def cards_needed(players: int) -> int:
    """The smallest deck that can deal `players` hands and fill the table up to 5 (FA-4).

    The fewest cards reach the table when the smaller (judge's) team adds the decoys:
    the storyteller's card plus one decoy each; the rest comes from the deck.
    """
    fill = max(0, TABLE_MINIMUM - 1 - smaller_team(players))
    return HAND_SIZE * players + fill


class Config(Frozen):
    """A game's set-up. Seats are indices into `players`, clockwise (seat i+1 on seat i's left).

    `deck` holds the plot cards as ids or free text (the bundled bank through
    `companion.story.factum.factum_bank`, or cards a table wrote); each must be unique.
    `seed` drives every chance step (deal, team split, fill-up, table shuffle, reshuffles, a tie
    in the guessing vote). `target_score` is FA-9's 15 unless a table agrees on another.
    `deck_mode`: "virtual", the engine deals and draws; "physical", printed cards at a live
    table: the engine deals nothing and players name the cards they put down (see the package
    docstring).
    """

    players: tuple[str, ...]
    deck: tuple[str, ...]
    seed: int = 0
    deck_mode: DeckMode = "virtual"
    target_score: int = Field(default=TARGET_SCORE, ge=1, le=100)

    @model_validator(mode="after")
    def _check(self) -> "Config":
        count = len(self.players)
        if not MIN_PLAYERS <= count <= MAX_PLAYERS:
            raise ValueError(f"{count} players: Factum needs {MIN_PLAYERS}..{MAX_PLAYERS}")
        if any(not name.strip() for name in self.players):
            raise ValueError("player names must not be empty")
        empty = [index for index, card in enumerate(self.deck) if not card.strip()]
        if empty:
            raise ValueError(f"deck cards must not be empty (positions {empty})")
        long = [index for index, card in enumerate(self.deck) if len(card) > MAX_CARD_CHARS]
        if long:
            raise ValueError(f"deck cards over {MAX_CARD_CHARS} characters (positions {long})")
        doubles = sorted(card for card, times in Counter(self.deck).items() if times > 1)
        if doubles:
            raise ValueError(f"deck cards must be unique; repeated: {doubles[:5]}")
        needed = cards_needed(count)
        if len(self.deck) < needed:
            raise ValueError(
                f"{count} players need a deck of at least {needed} cards "
                f"({HAND_SIZE} each plus the fill-up to {TABLE_MINIMUM}); got {len(self.deck)}"
            )
        return self

    @property
    def player_count(self) -> int:
        return len(self.players)
