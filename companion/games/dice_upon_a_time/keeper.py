"""A live-table keeper for Dice Upon a Time played on the printed board (issue 14 item 5).

    from companion.games.dice_upon_a_time.keeper import KeeperConfig, KeepQuest, ...
    state = new_keeper(KeeperConfig(players=("Ana", "Ken"), length="short", seed=7))
    state = keeper_apply(state, KeepQuest(seat=0, ap=5))
    state = keeper_apply(state, KeepStory(seat=1))     # draws and shows our next story card
    keeper_view(state)                                 # JSON data: everything in it is public

The dice, figures and cards are on the table; the keeper keeps what a table loses track of:
the chapter and its start player, each traveller's completed quests (their AP), side quests
and curses, the story cards read, the AP and, at the end, the winners or the co-operative
rating (`scoring` / `variants.yaml`'s bands). A placement is checked on demand, without the
keeper knowing the board (`keeper_check`). Recordings (JSON `{"type": …, "seat": …}`; `seat`
is the traveller it is about; any seated phone may record it):
    keep_quest       ap                  a quest completed: the AP on its back (DU-8, DU-9)
    keep_story                           draw the next story card of the companion's deck
                                         (ours, read aloud by the page); a side quest or curse
                                         drawn is kept by the traveller (DU-8)
    keep_side_quest  ap                  a printed side quest kept (AP at the end if met)
    keep_curse       ap                  a printed curse kept (AP lost at the end unless lifted)
    keep_mark        kind, index, done   a kept side quest met (or not) / a curse lifted (or not)
    keep_chapter     rabbit, quests_out  the chapter is over (DU-2): `rabbit` the seat whose
                                         die topped the rabbit (DU-6: the next start player;
                                         None: the start player stays); `quests_out` (long
                                         game): the quest decks have run out (DU-9)
Readings (the seed leaves them open; decided here, tests pin them):
- The keeper does not follow turns or dice: the table does (placing is faster by hand than by
  phone). It keeps no unfinished quests either: the "at most 4" of DU-8 is on the table.
- A side quest counts only once it is marked met, and a curse until it is marked lifted: what
  is met is judged at the table (the keeper sees no board). The AP shown during the game
  counts them as marked now.
- Story cards come from the companion's own deck (its texts are ours, in en/ja/es, so the
  page may read them aloud): shuffled from the table's seed; when it runs out, the cards read
  and not kept are shuffled back. A table using its printed story cards records the side
  quests and curses it keeps by their AP instead.
- The game ends after chapter 3 (short) or 6 (normal); a long game after the chapter in which
  the quest decks ran out, at the latest after chapter 12 (the engine's cap).
- Co-operatively (DU-10) the table's AP is every traveller's added together, and it is rated
  by the bands of `variants.yaml` for the number of players; everyone wins or loses together.
  Competitively the most AP wins; a tie is shared (the seed names no tie-break).
"""

import random
from typing import Annotated, Any, Literal

from pydantic import Field, TypeAdapter, field_validator

from companion.games.base import Frozen, InvalidAction, RuleViolation, seated_players
from companion.games.dice_upon_a_time.cards import catalogue
from companion.games.dice_upon_a_time.config import MAX_PLAYERS, MIN_PLAYERS, Length

Points = Annotated[int, Field(ge=1, le=30)]
Kept = Literal["side_quest", "curse"]


class KeeperConfig(Frozen):
    """The travellers in seating order (seat 0 starts), the game's length, the variant, and the
    seed that shuffles the companion's story deck."""

    players: tuple[str, ...]
    length: Length = "normal"
    cooperative: bool = False
    seed: int = 0

    @field_validator("players")
    @classmethod
    def _supported_count(cls, players: tuple[str, ...]) -> tuple[str, ...]:
        return seated_players(players, MIN_PLAYERS, MAX_PLAYERS, "the keeper")


class KeptCard(Frozen):
    """A side quest or curse a traveller holds: its AP, our card's id (None: a printed card),
    and whether it is met (side quest) or lifted (curse)."""

    ap: int
    card: str | None = None
    done: bool = False


class KeeperSeat(Frozen):
    quests: tuple[int, ...] = ()  # the AP of each quest completed
    side_quests: tuple[KeptCard, ...] = ()
    curses: tuple[KeptCard, ...] = ()

    @property
    def points(self) -> int:
        """DU-9: completed quests + met side quests − curses not lifted."""
        met = sum(c.ap for c in self.side_quests if c.done)
        cursed = sum(c.ap for c in self.curses if not c.done)
        return sum(self.quests) + met - cursed


class KeepQuest(Frozen):
    type: Literal["keep_quest"] = "keep_quest"
    seat: int
    ap: Points


class KeepStory(Frozen):
    type: Literal["keep_story"] = "keep_story"
    seat: int


class KeepSideQuest(Frozen):
    type: Literal["keep_side_quest"] = "keep_side_quest"
    seat: int
    ap: Points


class KeepCurse(Frozen):
    type: Literal["keep_curse"] = "keep_curse"
    seat: int
    ap: Points


class KeepMark(Frozen):
    type: Literal["keep_mark"] = "keep_mark"
    seat: int
    kind: Kept
    index: Annotated[int, Field(ge=0)]
    done: bool = True


class KeepChapter(Frozen):
    type: Literal["keep_chapter"] = "keep_chapter"
    seat: int  # who recorded it
    rabbit: int | None = None
    quests_out: bool = False


KeeperAction = Annotated[
    KeepQuest | KeepStory | KeepSideQuest | KeepCurse | KeepMark | KeepChapter,
    Field(discriminator="type"),
]
KEEPER_ACTIONS: TypeAdapter[KeeperAction] = TypeAdapter(KeeperAction)
KEEPER_TYPES = ("keep_quest", "keep_story", "keep_side_quest", "keep_curse", "keep_mark")


class KeeperEvent(Frozen):
    """What was just recorded, as the table saw it: the story card drawn (to read aloud), the
    chapter begun, the end."""

    type: str
    seat: int
    card: str | None = None
    kind: str | None = None
    ap: int | None = None
    chapter: int | None = None
    over: bool = False


class KeeperState(Frozen):
    config: KeeperConfig
    chapter: int = 1
    start_player: int = 0
    over: bool = False
    seats: tuple[KeeperSeat, ...]
    story_deck: tuple[str, ...]  # face down: never in the view
    story_read: tuple[str, ...] = ()  # read out and not kept, in order
    draws: int = 0
    last: KeeperEvent | None = None

    @property
    def players(self) -> int:
        return len(self.config.players)

    @property
    def last_chapter(self) -> int:
        lengths = catalogue().lengths
        return lengths.chapters.get(self.config.length, lengths.long_cap)

    def points(self, seat: int) -> int:
        """The seat's AP now; co-operatively the table's total (DU-10)."""
        if self.config.cooperative:
            return self.total
        return self.seats[seat].points

    @property
    def total(self) -> int:
        return sum(held.points for held in self.seats)

    @property
    def rating(self) -> int:
        """DU-10: the band (0 … 4) the table's total reaches."""
        bands = catalogue().lengths.coop_bands[self.players]
        return max(i for i, floor in enumerate(bands) if self.total >= floor)

    @property
    def winners(self) -> tuple[int, ...]:
        if not self.over:
            return ()
        if self.config.cooperative:
            return tuple(range(self.players))
        best = max(held.points for held in self.seats)
        return tuple(seat for seat, held in enumerate(self.seats) if held.points == best)


def new_keeper(config: KeeperConfig) -> KeeperState:
    """DU-1 as far as the keeper goes: chapter 1, seat 0 starts, the story deck shuffled."""
    deck = sorted(catalogue().story)
    random.Random(config.seed).shuffle(deck)
    return KeeperState(
        config=config,
        seats=tuple(KeeperSeat() for _ in config.players),
        story_deck=tuple(deck),
    )


def keeper_apply(state: KeeperState, action: KeeperAction) -> KeeperState:
    """The state after one recording; a `GameError` (with its DU rule where one applies) says
    why it cannot be right."""
    if state.over:
        raise RuleViolation("DU-9", "the game is over")
    if not 0 <= action.seat < state.players:
        raise InvalidAction(f"no seat {action.seat} at this table")
    if isinstance(action, KeepChapter):
        return _end_chapter(state, action)
    if isinstance(action, KeepStory):
        return _draw_story(state, action.seat)
    held = state.seats[action.seat]
    event = KeeperEvent(type=action.type, seat=action.seat)
    if isinstance(action, KeepQuest):
        held = held.model_copy(update={"quests": (*held.quests, action.ap)})
        event = event.model_copy(update={"ap": action.ap})
    elif isinstance(action, KeepSideQuest):
        held = held.model_copy(update={"side_quests": (*held.side_quests, KeptCard(ap=action.ap))})
        event = event.model_copy(update={"ap": action.ap, "kind": "side_quest"})
    elif isinstance(action, KeepCurse):
        held = held.model_copy(update={"curses": (*held.curses, KeptCard(ap=action.ap))})
        event = event.model_copy(update={"ap": action.ap, "kind": "curse"})
    else:
        held = _mark(held, action)
        event = event.model_copy(update={"kind": action.kind})
    return _with_seat(state, action.seat, held).model_copy(update={"last": event})


def _mark(held: KeeperSeat, action: KeepMark) -> KeeperSeat:
    field = "side_quests" if action.kind == "side_quest" else "curses"
    cards: tuple[KeptCard, ...] = getattr(held, field)
    if action.index >= len(cards):
        raise InvalidAction(f"the traveller holds no {action.kind} number {action.index + 1}")
    marked = cards[action.index].model_copy(update={"done": action.done})
    return held.model_copy(
        update={field: (*cards[: action.index], marked, *cards[action.index + 1 :])}
    )


def _with_seat(state: KeeperState, seat: int, held: KeeperSeat) -> KeeperState:
    seats = (*state.seats[:seat], held, *state.seats[seat + 1 :])
    return state.model_copy(update={"seats": seats})


def _draw_story(state: KeeperState, seat: int) -> KeeperState:
    """DU-8: the next story card, read aloud; a side quest or curse stays with the drawer, the
    others (luck, misfortune, mini quest) are resolved on the table and set aside."""
    deck, read = state.story_deck, state.story_read
    if not deck:  # the cards read and not kept go back, shuffled (a reading: see the docstring)
        refill = list(read)
        random.Random(f"{state.config.seed}/{state.draws}").shuffle(refill)
        deck, read = tuple(refill), ()
    if not deck:
        raise InvalidAction("every story card is held: the story deck is empty")
    card_id, deck = deck[0], deck[1:]
    card = catalogue().story[card_id]
    held = state.seats[seat]
    if card.kind == "side_quest":
        held = held.model_copy(
            update={"side_quests": (*held.side_quests, KeptCard(ap=card.ap, card=card_id))}
        )
    elif card.kind == "curse":
        held = held.model_copy(
            update={"curses": (*held.curses, KeptCard(ap=card.ap, card=card_id))}
        )
    else:
        read = (*read, card_id)
    event = KeeperEvent(type="keep_story", seat=seat, card=card_id, kind=card.kind)
    return _with_seat(state, seat, held).model_copy(
        update={"story_deck": deck, "story_read": read, "draws": state.draws + 1, "last": event}
    )


def _end_chapter(state: KeeperState, action: KeepChapter) -> KeeperState:
    """DU-2/DU-6/DU-9: the next chapter, its start player the rabbit's; or the end."""
    if action.rabbit is not None and not 0 <= action.rabbit < state.players:
        raise InvalidAction(f"no seat {action.rabbit} at this table")
    if action.quests_out and state.config.length != "long":
        raise RuleViolation("DU-9", "only a long game ends when the quest decks run out")
    over = state.chapter >= state.last_chapter or action.quests_out
    start = state.start_player if action.rabbit is None else action.rabbit
    event = KeeperEvent(
        type="keep_chapter", seat=action.seat, chapter=state.chapter, over=over, kind=None
    )
    if over:
        return state.model_copy(update={"over": True, "last": event})
    return state.model_copy(
        update={"chapter": state.chapter + 1, "start_player": start, "last": event}
    )


def keeper_view(state: KeeperState) -> dict[str, Any]:
    """Everything the table may see: all of it but the story deck's order."""
    length = state.config.length
    view: dict[str, Any] = {
        "keeper": True,
        "chapter": state.chapter,
        "chapters": None if length == "long" else state.last_chapter,
        "length": length,
        "cooperative": state.config.cooperative,
        "start_player": state.start_player,
        "over": state.over,
        "story_left": len(state.story_deck),
        "story_read": list(state.story_read),
        "seats": [
            {
                "seat": seat,
                "name": name,
                "quests": list(held.quests),
                "side_quests": [c.model_dump(mode="json") for c in held.side_quests],
                "curses": [c.model_dump(mode="json") for c in held.curses],
                "points": held.points,
            }
            for seat, (name, held) in enumerate(zip(state.config.players, state.seats, strict=True))
        ],
        "last": None if state.last is None else state.last.model_dump(mode="json"),
        "winners": list(state.winners),
    }
    if state.config.cooperative:
        view["total"] = state.total
        view["rating"] = state.rating
    return view
