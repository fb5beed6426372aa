"""What each traveller did in one chapter of Dice Upon a Time, read from the engine's record.

    facts = chapter_facts(config, actions, chapter=2)   # replays the log (pure, deterministic)

The record is the game's configuration and its action log (`companion.games.dice_upon_a_time
.replay`): every action is applied in turn and the state before it is compared with the state
after it, so nothing here is guessed. For each traveller of the chapter (in turn order, from the
chapter's start player): where the figure stood when the chapter began, the places it went to,
the dice it placed, its deeds in the order they happened (quests taken and finished, fetched
tokens, story cards met with the misfortune option chosen, side quests, curses and mini quests,
curses lifted and mini quests met, magic items found, played or lost, the wolf woken, trades),
the resources gained and spent, and the forest spirits won at the chapter's end (rabbit, snake).

Only what the whole table saw: a magic item found is counted, never named (DU-8, hidden until
played); a played one is named. The quests the king shows and puts back are not told (only the
one kept, which is face up). The action that ends a chapter also starts the next one (its
event's gifts, the snake die): only the spirits read from the board before it belong to the
chapter. Trades (DU-11) are told as a trade, not as gains.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from companion.games.dice_upon_a_time import Board, Config, State, apply, catalogue, new_game
from companion.games.dice_upon_a_time.actions import Action, Choose, Place, PlayItem, Trade
from companion.games.dice_upon_a_time.board import RESOURCES
from companion.games.dice_upon_a_time.chapter import top_owner

DeedKind = str  # one of DEED_KINDS
DEED_KINDS = (
    "took_quest",
    "finished_quest",
    "fetched",
    "luck",
    "misfortune",
    "side_quest",
    "curse",
    "mini_quest",
    "mini_met",
    "curse_lifted",
    "item_found",
    "item_played",
    "item_lost",
    "wolf",
    "traded",
)
SPIRITS_WON = ("rabbit", "snake")


class ChapterNotFinished(ValueError):
    """The log does not reach the end of the asked chapter (or the chapter does not exist)."""


@dataclass(frozen=True)
class Deed:
    """One thing a traveller did. `card`: the quest, story card or magic item (by id);
    `option`: the misfortune option chosen (0 or 1; None when there was nothing to choose);
    `count`: magic items found or lost at once; `partner`: the seat traded with."""

    kind: DeedKind
    card: str | None = None
    option: int | None = None
    count: int = 1
    partner: int | None = None


@dataclass(frozen=True)
class TravellerChapter:
    seat: int
    start: str  # the place the figure stood on when the chapter began
    visited: tuple[str, ...] = ()  # the places it went to, in order
    dice: int = 0  # dice it placed
    deeds: tuple[Deed, ...] = ()
    gained: Mapping[str, int] = field(default_factory=dict)  # gold, bread, apple
    spent: Mapping[str, int] = field(default_factory=dict)
    spirits: tuple[str, ...] = ()  # "rabbit", "snake": its die was on top at the chapter's end

    @property
    def acted(self) -> bool:
        return bool(
            self.visited or self.dice or self.deeds or self.gained or self.spent or self.spirits
        )


@dataclass(frozen=True)
class ChapterFacts:
    """One chapter: its number, the game's length in chapters (None: a long game), its event,
    the start player, and every traveller in turn order. `board` names the places."""

    chapter: int
    chapters: int | None
    last: bool  # the game ended with this chapter
    event: str | None
    start_player: int
    cooperative: bool
    board: Board
    travellers: tuple[TravellerChapter, ...]

    def traveller(self, seat: int) -> TravellerChapter:
        return next(t for t in self.travellers if t.seat == seat)


@dataclass
class _Notes:
    """A traveller's chapter as it is being read."""

    start: str
    visited: list[str] = field(default_factory=list)
    dice: int = 0
    deeds: list[Deed] = field(default_factory=list)
    gained: dict[str, int] = field(default_factory=dict)
    spent: dict[str, int] = field(default_factory=dict)
    spirits: list[str] = field(default_factory=list)

    def frozen(self, seat: int) -> TravellerChapter:
        return TravellerChapter(
            seat=seat,
            start=self.start,
            visited=tuple(self.visited),
            dice=self.dice,
            deeds=tuple(self.deeds),
            gained={r: n for r, n in self.gained.items() if n},
            spent={r: n for r, n in self.spent.items() if n},
            spirits=tuple(self.spirits),
        )


def chapter_facts(
    config: Config, actions: Sequence[Action], chapter: int, *, name_played: bool = True
) -> ChapterFacts:
    """The facts of `chapter`, from the game's configuration and action log. Raises
    `ChapterNotFinished` unless the log reaches that chapter's end. `name_played=False`: a
    magic item played is counted, not named (the table service shows a played item to its
    player only)."""
    state = new_game(config)
    for index, action in enumerate(actions):
        if state.chapter == chapter:
            return _read_chapter(state, actions[index:], name_played=name_played)
        state = apply(state, action)
    raise ChapterNotFinished(f"the log does not reach the end of chapter {chapter}")


def chapter_facts_from(state: State, actions: Sequence[Action]) -> ChapterFacts:
    """The facts of the chapter `state` is at the start of (no action of it applied yet),
    reading `actions` from there on."""
    return _read_chapter(state, actions)


def _read_chapter(
    state: State, actions: Sequence[Action], *, name_played: bool = True
) -> ChapterFacts:
    chapter, event, start_player = state.chapter, state.event, state.start_player
    notes = {seat: _Notes(start=held.place) for seat, held in enumerate(state.seats)}
    for action in actions:
        after = apply(state, action)
        if after.chapter != chapter or after.over:
            for spirit in SPIRITS_WON:
                owner = top_owner(state, spirit)
                if owner is not None:
                    notes[owner].spirits.append(spirit)
            return _facts(state, chapter, event, start_player, notes, last=after.over)
        _read_action(state, after, action, notes, name_played=name_played)
        state = after
    raise ChapterNotFinished(f"the log does not reach the end of chapter {chapter}")


def _facts(
    state: State,
    chapter: int,
    event: str | None,
    start_player: int,
    notes: Mapping[int, _Notes],
    *,
    last: bool,
) -> ChapterFacts:
    length = state.config.length
    chapters = None if length == "long" else catalogue().lengths.chapters[length]
    order = [(start_player + step) % state.players for step in range(state.players)]
    return ChapterFacts(
        chapter=chapter,
        chapters=chapters,
        last=last,
        event=event,
        start_player=start_player,
        cooperative=state.config.cooperative,
        board=state.board,
        travellers=tuple(notes[seat].frozen(seat) for seat in order),
    )


def _read_action(
    before: State,
    after: State,
    action: Action,
    notes: Mapping[int, _Notes],
    *,
    name_played: bool = True,
) -> None:
    """What one action did, seat by seat, appended to `notes` in the order it happened
    (`name_played=False`: an item played is a deed without its card)."""
    seat = action.seat
    if isinstance(action, Trade):
        notes[seat].deeds.append(Deed("traded", partner=action.partner))
        notes[action.partner].deeds.append(Deed("traded", partner=seat))
        return
    if isinstance(action, Place):
        notes[seat].dice += 1
        if before.board.sockets[action.socket].spirit == "wolf":
            notes[seat].deeds.append(Deed("wolf"))
    answered = before.pending[0] if isinstance(action, Choose) and before.pending else None
    if answered is not None and isinstance(action, Choose):
        notes[seat].deeds.extend(_finishing_deeds(answered.kind, answered.card, action.option))
    if isinstance(action, PlayItem):
        played_card = action.item if name_played else None
        notes[seat].deeds.append(Deed("item_played", card=played_card))
    misfortune_answered = answered.card if answered and answered.kind == "misfortune" else None
    notes[seat].deeds.extend(_drawn_story(before, after, seat, misfortune_answered))
    played = seat if isinstance(action, PlayItem) else None
    for other in range(before.players):
        _read_seat(before, after, other, notes[other], played=1 if other == played else 0)


def _finishing_deeds(kind: str, card: str | None, option: str) -> list[Deed]:
    if kind == "misfortune":
        return [Deed("misfortune", card=card, option=int(option))]
    if kind != "finish":
        return []
    verb, _, card_id = option.partition(":")
    named = {
        "quest": "finished_quest",
        "collect": "fetched",
        "mini": "mini_met",
        "lift": "curse_lifted",
    }
    return [Deed(named[verb], card=card_id)] if verb in named else []


def _drawn_story(before: State, after: State, seat: int, answered: str | None) -> list[Deed]:
    """Story cards the acting seat drew in this action: luck and misfortunes resolved at once
    (found on the discard), side quests, curses and mini quests kept (its own or, co-operatively,
    the shared ones). A misfortune waiting for its choice is told when it is chosen."""
    story = catalogue().story
    deeds = []
    for card in _appended(before.story_discard, after.story_discard):
        kind = story[card].kind
        if kind == "luck" or (kind == "misfortune" and card != answered):
            deeds.append(Deed(kind, card=card))
    kept_before = before.shared_story if before.config.cooperative else before.seats[seat].story
    kept_after = after.shared_story if after.config.cooperative else after.seats[seat].story
    for card in kept_after:
        if card not in kept_before:
            deeds.append(Deed(story[card].kind, card=card))
    return deeds


def _appended(before: tuple[str, ...], after: tuple[str, ...]) -> tuple[str, ...]:
    """The cards put on a discard pile (a pile reshuffled into its deck starts again)."""
    return after[len(before) :] if after[: len(before)] == before else after


def _read_seat(before: State, after: State, seat: int, notes: _Notes, *, played: int) -> None:
    """The seat's moves, new quests, resources and magic items (`played`: items it played,
    which are told by name and are not lost)."""
    was, now = before.seats[seat], after.seats[seat]
    if now.place != was.place:
        notes.visited.append(now.place)
    for quest in now.quests:
        if quest not in was.quests:
            notes.deeds.append(Deed("took_quest", card=quest))
    for resource in RESOURCES:
        change = now.resources.get(resource, 0) - was.resources.get(resource, 0)
        if change > 0:
            notes.gained[resource] = notes.gained.get(resource, 0) + change
        elif change < 0:
            notes.spent[resource] = notes.spent.get(resource, 0) - change
    items = len(now.items) - len(was.items) + played
    if items > 0:
        notes.deeds.append(Deed("item_found", count=items))
    elif items < 0:
        notes.deeds.append(Deed("item_lost", count=-items))
