"""The frozen game state and read-only queries on it.

Card model (both deck modes share it). Every story card of the deck is in exactly one place:
the draw pile, a seat's hand, the table (played, in story order) or the discard pile.

- Virtual deck: the engine knows every place; `draw_pile` is ordered, top first.
- Physical deck: the real cards are at the table. A seat's hand is `hand` (cards it declared)
  plus `hidden` cards the engine has not been told about; `owed` of those were drawn since the
  seat's last declaration (the rest were dealt). The draw pile is not tracked card by card
  (`draw_pile` stays empty): its size is the number of unseen cards minus all hidden ones.
  Naming a hidden card (to play, interrupt, discard, declare) reveals it.
Ending cards follow the same model with `endings` / `hidden_endings` / `owed_endings`.
"""

from collections.abc import Mapping
from typing import Literal

from companion.cards import Group
from companion.games.base import Frozen
from companion.games.once_upon_a_time.config import Config


class CardInfo(Frozen):
    """What the rules need to know about a story card: its group and whether it interrupts."""

    id: str
    group: Group
    interrupt: bool = False


class SeatState(Frozen):
    name: str
    hand: tuple[str, ...] = ()
    hidden: int = 0
    owed: int = 0
    endings: tuple[str, ...] = ()
    hidden_endings: int = 0
    owed_endings: int = 0

    @property
    def hand_size(self) -> int:
        return len(self.hand) + self.hidden

    @property
    def ending_count(self) -> int:
        return len(self.endings) + self.hidden_endings


class Line(Frozen):
    """One sentence (or passage) of the story and who told it. `card` is the story card the
    storyteller played on it (one at most, OU-7); interrupts are recorded in `State.table`.
    `kind` "link" marks the sentences that led to an ending (OU-18)."""

    seat: int
    text: str
    card: str | None = None
    kind: Literal["story", "link"] = "story"


class Played(Frozen):
    """A story card on the table: played by the storyteller, or by an interrupter."""

    card: str
    seat: int
    line: int
    how: Literal["play", "interrupt", "card_interrupt"]


class Draw(Frozen):
    """Cards a seat drew. Virtual deck: their ids. Physical deck: only the counts."""

    seat: int
    count: int = 0
    cards: tuple[str, ...] = ()
    endings_count: int = 0
    endings: tuple[str, ...] = ()


class Outcome(Frozen):
    """What the last action did, for messages and player views. `accepted` is set for actions
    decided by a judgement (False: the play did not count, the interrupt or challenge failed,
    the ending was rejected). Drawn card ids are private to the drawer."""

    type: str
    seat: int | None = None
    accepted: bool | None = None
    penalised: tuple[int, ...] = ()
    draws: tuple[Draw, ...] = ()
    discarded: tuple[str, ...] = ()
    storyteller_before: int
    storyteller_after: int
    note: str = ""


class StartRecord(Frozen):
    """How the first storyteller was chosen (OU-5, OU-22); `cards` are the alphabetical draws."""

    method: str
    seat: int
    cards: tuple[str, ...] = ()


class State(Frozen):
    """Everything about a game. `turn` counts storyteller changes; `turn_start` is the first
    story line of the current turn (`claimable_lines` says what a mention interrupt may claim);
    `window` is the line of the card just played, open to a card interrupt until the
    storyteller goes on; `reshuffles` counts discard-pile reshuffles (it seeds the next);
    `steps` counts actions; `last` says what the last action did."""

    config: Config
    cards: Mapping[str, CardInfo]
    ending_ids: tuple[str, ...]
    seats: tuple[SeatState, ...]
    storyteller: int
    start: StartRecord
    draw_pile: tuple[str, ...] = ()
    ending_pile: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    ending_discard: tuple[str, ...] = ()
    table: tuple[Played, ...] = ()
    story: tuple[Line, ...] = ()
    turn: int = 0
    turn_start: int = 0
    window: int | None = None
    reshuffles: int = 0
    steps: int = 0
    ending: str | None = None
    winner: int | None = None
    last: Outcome | None = None

    # --- serialisation ---------------------------------------------------------------------
    def to_json(self) -> str:
        return self.model_dump_json()

    @classmethod
    def from_json(cls, data: str | bytes) -> "State":
        return cls.model_validate_json(data)

    # --- queries ---------------------------------------------------------------------------
    @property
    def physical(self) -> bool:
        return self.config.deck_mode == "physical"

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def is_terminal(self) -> bool:
        return self.winner is not None

    def turn_lines(self) -> range:
        """Indices of the lines told by the current storyteller in their current turn."""
        return range(self.turn_start, len(self.story))

    def claimable_lines(self) -> range:
        """Indices of the lines a mention interrupt may claim (OU-10 as this project reads
        it): the current storyteller's latest sentences, i.e. those told since, and including,
        the line of the last card they played in this turn; all of the turn's lines while they
        have played none."""
        lines = self.turn_lines()
        carded = [i for i in lines if self.story[i].card is not None]
        return range(carded[-1] if carded else self.turn_start, len(self.story))

    def seen_cards(self) -> set[str]:
        """Story cards whose place the engine knows outside the draw pile."""
        seen = {played.card for played in self.table}
        seen.update(self.discard)
        for seat in self.seats:
            seen.update(seat.hand)
        return seen

    def seen_endings(self) -> set[str]:
        seen = set(self.ending_discard)
        if self.ending is not None:
            seen.add(self.ending)
        for seat in self.seats:
            seen.update(seat.endings)
        return seen

    def pile_size(self) -> int:
        if not self.physical:
            return len(self.draw_pile)
        hidden = sum(seat.hidden for seat in self.seats)
        return len(self.cards) - len(self.seen_cards()) - hidden

    def ending_pile_size(self) -> int:
        if not self.physical:
            return len(self.ending_pile)
        hidden = sum(seat.hidden_endings for seat in self.seats)
        return len(self.ending_ids) - len(self.seen_endings()) - hidden
