"""How a game is set up: players in seating order, deck mode, first storyteller, variants."""

from typing import Annotated, Literal

from pydantic import Field, model_validator

from companion.cards import parse_custom
from companion.games.base import Frozen

DeckMode = Literal["virtual", "physical"]

MIN_PLAYERS = 2
MAX_PLAYERS = 20
MAX_CUSTOM_CARDS = 40


def story_cards_per_player(players: int) -> int:
    """OU-4: 2 → 10, 3 → 8, 4 → 7, 5 → 6, 6 or more → 5."""
    return {2: 10, 3: 8, 4: 7, 5: 6}.get(players, 5)


class GivenSeat(Frozen):
    """OU-5: the table names the first storyteller (oldest, youngest, longest beard, or chosen)."""

    method: Literal["given"] = "given"
    seat: int = 0
    reason: Literal["oldest", "youngest", "longest_beard", "chosen"] = "chosen"


class AlphabeticalDraw(Frozen):
    """OU-5: each player draws a story card; the first word (articles ignored) first in the
    alphabet tells first. Virtual deck: the engine draws (`cards` stays empty). Physical deck:
    `cards` holds the card each seat drew, in seat order. The cards go back and are reshuffled."""

    method: Literal["alphabetical"] = "alphabetical"
    cards: tuple[str, ...] = ()


class MostCardsLastGame(Frozen):
    """OU-22: from the second game on, who ended the last game with the most story cards tells
    first; `hand_sizes` per seat. A tie goes to the tied seat that comes first in seat order."""

    method: Literal["most_cards_last_game"] = "most_cards_last_game"
    hand_sizes: tuple[int, ...]


FirstStoryteller = Annotated[
    GivenSeat | AlphabeticalDraw | MostCardsLastGame, Field(discriminator="method")
]


class Variants(Frozen):
    """Optional rules. OU-20: `multiple_endings` lists the seats dealt two ending cards (every
    seat, or only the beginners). OU-21: `ending_swap` lets a passing storyteller swap endings.
    OU-22 is a first-storyteller method (`MostCardsLastGame`)."""

    multiple_endings: tuple[int, ...] = ()
    ending_swap: bool = False


class Config(Frozen):
    """A game's set-up. Seats are numbered in seating order, clockwise: seat i+1 sits on seat
    i's left. `seed` drives every shuffle, so a config plus its actions replays exactly.

    `custom_cards`: the ids of story cards the players made up or brought from an expansion
    (`companion.cards.custom`), added to the deck and shuffled in like any card (OU-4). With
    `deal_custom_first` (a house rule, for a virtual deck) they are dealt first instead, spread
    over the seats, so that the cards a table wrote are in play; those the hands cannot hold
    go on top of the draw pile. Everyone then knows that each of them is in some hand."""

    players: tuple[str, ...]
    deck_mode: DeckMode = "virtual"
    seed: int = 0
    first_storyteller: FirstStoryteller = GivenSeat()
    variants: Variants = Variants()
    custom_cards: tuple[str, ...] = ()
    deal_custom_first: bool = False

    @model_validator(mode="after")
    def _check(self) -> "Config":
        count = len(self.players)
        if not MIN_PLAYERS <= count <= MAX_PLAYERS:
            raise ValueError(f"{count} players: the game needs {MIN_PLAYERS}..{MAX_PLAYERS}")
        if any(not name.strip() for name in self.players):
            raise ValueError("player names must not be empty")
        bad = [s for s in self.variants.multiple_endings if not 0 <= s < count]
        if bad or len(set(self.variants.multiple_endings)) != len(self.variants.multiple_endings):
            raise ValueError(f"multiple_endings must list distinct seats 0..{count - 1}")
        start = self.first_storyteller
        if isinstance(start, GivenSeat) and not 0 <= start.seat < count:
            raise ValueError(f"first storyteller seat {start.seat} does not exist")
        if isinstance(start, MostCardsLastGame) and (
            len(start.hand_sizes) != count or min(start.hand_sizes) < 0
        ):
            raise ValueError("most_cards_last_game needs one hand size >= 0 per seat")
        if len(self.custom_cards) > MAX_CUSTOM_CARDS:
            raise ValueError(f"at most {MAX_CUSTOM_CARDS} custom cards")
        if any(parse_custom(card) is None for card in self.custom_cards):
            raise ValueError("custom_cards must be custom card ids (custom:<group>:<label>)")
        if len(set(self.custom_cards)) != len(self.custom_cards):
            raise ValueError("custom_cards must be distinct")
        if self.deal_custom_first and self.deck_mode == "physical":
            raise ValueError("a physical deck is dealt at the table: deal_custom_first is virtual")
        return self

    @property
    def hand_size(self) -> int:
        return story_cards_per_player(len(self.players))

    def endings_for(self, seat: int) -> int:
        """OU-4 / OU-20: one ending card, two for the seats of the multiple-endings variant."""
        return 2 if seat in self.variants.multiple_endings else 1
