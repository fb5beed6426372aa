"""The frozen game state: hands, piles, scores, the phase, the current turn and past turns.

Card model (virtual deck): every card of `config.deck` is in exactly one place: the draw pile
(ordered, top first), a seat's hand, the current turn's table (the storyteller's card, the
decoys and the fill-up cards) or the discard pile. Physical deck: hands and the draw pile stay
empty (the printed cards are at the table); the table is known card by card, and `discard`
records every card laid down in a finished turn (people may reshuffle them into their deck).

Phases (`State.phase`) and who must act (`State.awaiting()`):

    volunteer     every seat but the last storyteller may volunteer (FA-2, FA-8)
    storytelling  the storyteller tells, then names the card (`tell`)
    judging       the judge chooses the guessing team (FA-3)
    decoys        each seat of the non-guessing team that has not added its card (FA-4)
    filling       physical deck only, when the table lacks cards: the judge names the fill-up
    guessing      each voter of the guessing team that has not voted (FA-5)
    best_story    each voter of the best-story vote that has not voted (FA-7)
    over          nobody: someone reached the target score (FA-9)
"""

from collections.abc import Mapping
from typing import Literal

from companion.games.base import Frozen
from companion.games.factum.actions import Team
from companion.games.factum.config import Config

Phase = Literal[
    "volunteer", "storytelling", "judging", "decoys", "filling", "guessing", "best_story", "over"
]
BestResult = Literal["current", "reigning", "tie"]


class Turn(Frozen):
    """One storyteller's turn, from the volunteer to the end of the best-story vote.

    `team` is the storyteller's team (storyteller first, then seat order), `others` the judge's.
    `table` is the shuffled, shown cards (empty until every decoy is in); `owner(card)` is the
    seat that put a card there (None: a fill-up card from the deck). `voters` are the seats of
    the vote under way (`guess_voters`, then the state's `best_voters()`), fixed when it opens.
    """

    number: int
    storyteller: int
    team: tuple[int, ...]
    others: tuple[int, ...]
    judge: int
    card: str | None = None
    story: str | None = None
    guessers: Team | None = None
    decoys: Mapping[int, str] = {}
    fill: tuple[str, ...] = ()
    table: tuple[str, ...] = ()
    guesses: Mapping[int, str] = {}
    picked: str | None = None
    tie_broken: bool = False
    correct: bool | None = None
    points: tuple[int, ...] = ()
    best_votes: Mapping[int, Literal["current", "reigning"]] = {}
    best: BestResult | None = None
    voters: tuple[int, ...] = ()

    @property
    def guessing_team(self) -> tuple[int, ...]:
        return self.team if self.guessers == "storyteller" else self.others

    @property
    def confusing_team(self) -> tuple[int, ...]:
        return self.others if self.guessers == "storyteller" else self.team

    @property
    def guess_voters(self) -> tuple[int, ...]:
        """FA-5: the guessing team but its captain (storyteller or judge), who knows the card."""
        return tuple(s for s in self.guessing_team if s not in (self.storyteller, self.judge))

    def owner(self, card: str) -> int | None:
        if card == self.card:
            return self.storyteller
        for seat, decoy in self.decoys.items():
            if decoy == card:
                return seat
        return None

    def table_cards(self) -> tuple[str, ...]:
        """The cards this turn put on the table, shown or not yet."""
        decoys = tuple(self.decoys[seat] for seat in sorted(self.decoys))
        return (*((self.card,) if self.card is not None else ()), *decoys, *self.fill)


class Title(Frozen):
    """FA-7: the reigning best story (told in turn `turn` by `holder`) and whether its holder
    holds the title's 3 points (`points`: the first story reigns without them until a vote)."""

    turn: int
    holder: int
    points: bool = False


class State(Frozen):
    """Everything about a game. `turn` is the current turn (None between turns); `history`
    the finished turns; `reshuffles` counts discard-pile reshuffles (it seeds the next)."""

    config: Config
    hands: tuple[tuple[str, ...], ...]
    draw_pile: tuple[str, ...]
    discard: tuple[str, ...] = ()
    scores: tuple[int, ...]
    phase: Phase = "volunteer"
    turn: Turn | None = None
    history: tuple[Turn, ...] = ()
    title: Title | None = None
    reshuffles: int = 0
    steps: int = 0
    winners: tuple[int, ...] = ()

    # --- serialisation ---------------------------------------------------------------------
    def to_json(self) -> str:
        return self.model_dump_json()

    @classmethod
    def from_json(cls, data: str | bytes) -> "State":
        return cls.model_validate_json(data)

    # --- queries ---------------------------------------------------------------------------
    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def physical(self) -> bool:
        return self.config.deck_mode == "physical"

    @property
    def is_terminal(self) -> bool:
        return self.phase == "over"

    @property
    def last_storyteller(self) -> int | None:
        return self.history[-1].storyteller if self.history else None

    def current(self) -> Turn:
        if self.turn is None:
            raise ValueError(f"no turn is under way in phase {self.phase!r}")
        return self.turn

    def best_voters(self) -> tuple[int, ...]:
        """FA-7: everyone but the current storyteller and the reigning story's storyteller."""
        if self.turn is None or self.title is None:
            return ()
        teller, holder = self.turn.storyteller, self.title.holder
        return tuple(seat for seat in range(self.players) if seat != teller and seat != holder)

    def awaiting(self) -> tuple[int, ...]:
        """The seats that must (or, while volunteering, may) act now, in seat order."""
        turn = self.turn
        if self.phase == "volunteer":
            return tuple(s for s in range(self.players) if s != self.last_storyteller)
        if turn is None:
            return ()
        if self.phase == "storytelling":
            return (turn.storyteller,)
        if self.phase in ("judging", "filling"):
            return (turn.judge,)
        if self.phase == "decoys":
            return tuple(s for s in turn.confusing_team if s not in turn.decoys)
        if self.phase == "guessing":
            return tuple(s for s in turn.voters if s not in turn.guesses)
        if self.phase == "best_story":
            return tuple(s for s in turn.voters if s not in turn.best_votes)
        return ()

    def cards_in_play(self) -> tuple[str, ...]:
        """Every card's place, flattened: draw pile, hands, table, discards (for invariants)."""
        table = self.turn.table_cards() if self.turn is not None else ()
        held = tuple(card for hand in self.hands for card in hand)
        return (*self.draw_pile, *held, *table, *self.discard)
