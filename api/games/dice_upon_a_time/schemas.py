"""Dice Upon a Time's request bodies and view. Dice are named by their ids (`0.3`: seat 0's
third die; `snake`), sockets by the board's ids (`bakery.2`, `wolf`, `fox.1`), places, quests,
story cards and magic items by their card ids; the seat comes from the token.

The bodies are the engine's actions (`companion.games.dice_upon_a_time.actions`) but for two
names: the engine's `pass` is `pass_chapter` here (Once Upon a Time's `pass` already holds the
tag in the service's one action union), and an exchange between players (DU-11) is agreed in two
steps, `trade` (the offer) and `trade_answer` (the partner accepts or declines; either side may
withdraw it), since each player sends from their own phone.

A live table (`deck_mode: physical`) plays on the printed board; its bodies are the keeper's
recordings (`companion.games.dice_upon_a_time.keeper`), `keep_*`, each about `traveller` (by
default the phone's own seat): a quest completed with its AP, a story card drawn from the
companion's deck, a printed side quest or curse by its AP, one met or lifted, the chapter's
end with the seat on the rabbit.

A table may bring its own board (`board`: the text of a board file, the format in
`companion/games/dice_upon_a_time/data/map.yaml`'s header), checked at creation; the table's
board is read once with `GET /v1/tables/{id}/dice_upon_a_time/board`, not carried by each view."""

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field

from api.schemas import PlayerCreate, SeatKind, StrictBody
from companion.cards import Language
from companion.games.dice_upon_a_time.config import MAX_PLAYERS, MIN_PLAYERS, Length
from companion.seats.once_upon_a_time_pace import DEFAULT_LEVEL, AILevel

Id = Annotated[str, Field(min_length=1, max_length=40, pattern=r"^[a-z0-9_.]+$")]
# A board file's text: the bundled one is 5,990 bytes; the service's body limit is 64 KiB.
BOARD_MAX_CHARS = 40_000
Face = (
    Annotated[int, Field(ge=1, le=6)] | Annotated[str, Field(max_length=16, pattern=r"^[a-z_]+$")]
)


class DiceUponATimeCreate(StrictBody):
    game: Literal["dice_upon_a_time"]
    players: list[PlayerCreate] = Field(min_length=MIN_PLAYERS, max_length=MAX_PLAYERS)
    language: Language = Field(default="en", description="the language of the table's texts")
    length: Length = Field(
        default="normal",
        description="DU-9: short ends after chapter 3, normal after 6, long when quests run out",
    )
    cooperative: bool = Field(
        default=False, description="DU-10: the quests are shared and the table's AP is rated"
    )
    deck_mode: Literal["virtual", "physical"] = Field(
        default="virtual",
        description="virtual: the companion plays the board; physical: the printed board on the "
        "table, the companion keeps chapters, AP, side quests and curses (people only)",
    )
    ai_level: AILevel = Field(
        default=DEFAULT_LEVEL,
        description="how the AI travellers play: gentle (at random), fair (heuristic), sharp "
        "(search)",
    )
    seed: Annotated[int, Field(ge=0, le=2**53)] | None = Field(
        default=None, description="fixes the characters, decks and every roll (replays, tests)"
    )
    board: Annotated[str, Field(min_length=1, max_length=BOARD_MAX_CHARS)] | None = Field(
        default=None,
        description="the table's own board: the YAML text of a board file (the format in the "
        "header of companion/games/dice_upon_a_time/data/map.yaml), with every place our cards "
        "name; default our bundled map (The Lantern Road)",
    )
    spectators: bool = Field(
        default=True, description="whether the table id alone shows the public state"
    )


# --- actions ---------------------------------------------------------------------------------


class PlaceBody(StrictBody):
    """DU-3: put one of your pool's dice on a socket (face ≥ the socket's number and the top
    die's face; icons count as 6)."""

    type: Literal["place"]
    die: Id
    socket: Id


class PassChapterBody(StrictBody):
    """DU-3: pass for the rest of the chapter (the engine's `pass`)."""

    type: Literal["pass_chapter"]


class RabbitStepBody(StrictBody):
    """DU-6: instead of a die, spend a rabbit token to move one socket away."""

    type: Literal["rabbit_step"]
    to: Id


class ChooseBody(StrictBody):
    """Answer the choice the table waits for (the view's `state.pending[0]`): a quest deck, a
    place to move to, a resource, a die for the wolf, a face for the fox, a finishing step."""

    type: Literal["choose"]
    option: Annotated[str, Field(min_length=1, max_length=40)]


class PlayItemBody(StrictBody):
    """DU-8: play one of your magic items in your own turn (`die`, `face`: an item that sets a
    die to any of its faces)."""

    type: Literal["play_item"]
    item: Id
    die: Id | None = None
    face: Face | None = None


class UseAbilityBody(StrictBody):
    """DU-8: your character's ability, once a chapter (nudge: `die`, `face`; reroll: `die`;
    swap: `give`, `take`; scout: `value`, the quest deck; forage: nothing)."""

    type: Literal["use_ability"]
    die: Id | None = None
    face: Face | None = None
    give: Id | None = None
    take: Id | None = None
    value: Annotated[int, Field(ge=1, le=9)] | None = None


class GoodsBody(StrictBody):
    resources: dict[Id, Annotated[int, Field(ge=1, le=99)]] = Field(default_factory=dict)
    quests: list[Id] = Field(default_factory=list, max_length=8)
    story: list[Id] = Field(default_factory=list, max_length=8)
    items: list[Id] = Field(default_factory=list, max_length=8)


class TradeBody(StrictBody):
    """DU-11: offer `partner` (on your place) an exchange: you give `give`, you receive `take`.
    The partner accepts or declines with `trade_answer`."""

    type: Literal["trade"]
    partner: Annotated[int, Field(ge=0, le=MAX_PLAYERS - 1)]
    give: GoodsBody = Field(default_factory=GoodsBody)
    take: GoodsBody = Field(default_factory=GoodsBody)


class TradeAnswerBody(StrictBody):
    """The open offer: its partner accepts (`accept: true`, the exchange is made) or declines;
    its maker may withdraw it (`accept: false`)."""

    type: Literal["trade_answer"]
    accept: bool


# --- the keeper's recordings (a live table) ---------------------------------------------------

Traveller = Annotated[int, Field(ge=0, le=MAX_PLAYERS - 1)]
Points = Annotated[int, Field(ge=1, le=30)]


class KeepQuestBody(StrictBody):
    """DU-8/DU-9: `traveller` completed a quest worth `ap` (the AP on its back)."""

    type: Literal["keep_quest"]
    ap: Points
    traveller: Traveller | None = None


class KeepStoryBody(StrictBody):
    """DU-8: `traveller` draws the next story card of the companion's deck (read aloud)."""

    type: Literal["keep_story"]
    traveller: Traveller | None = None


class KeepSideQuestBody(StrictBody):
    """DU-8: `traveller` keeps a printed side quest worth `ap` if met at the end."""

    type: Literal["keep_side_quest"]
    ap: Points
    traveller: Traveller | None = None


class KeepCurseBody(StrictBody):
    """DU-8: `traveller` keeps a printed curse costing `ap` unless lifted."""

    type: Literal["keep_curse"]
    ap: Points
    traveller: Traveller | None = None


class KeepMarkBody(StrictBody):
    """DU-8: `traveller`'s side quest number `index` met (or not), or curse lifted (or not)."""

    type: Literal["keep_mark"]
    kind: Literal["side_quest", "curse"]
    index: Annotated[int, Field(ge=0, le=40)]
    done: bool = True
    traveller: Traveller | None = None


class KeepChapterBody(StrictBody):
    """DU-2/DU-6/DU-9: the chapter is over; `rabbit` the seat whose die topped the rabbit (the
    next start player); `quests_out` (long game) the quest decks ran out."""

    type: Literal["keep_chapter"]
    rabbit: Traveller | None = None
    quests_out: bool = False


KEEPER_BODIES = (
    KeepQuestBody,
    KeepStoryBody,
    KeepSideQuestBody,
    KeepCurseBody,
    KeepMarkBody,
    KeepChapterBody,
)

DiceUponATimeAction = Annotated[
    PlaceBody
    | PassChapterBody
    | RabbitStepBody
    | ChooseBody
    | PlayItemBody
    | UseAbilityBody
    | TradeBody
    | TradeAnswerBody
    | KeepQuestBody
    | KeepStoryBody
    | KeepSideQuestBody
    | KeepCurseBody
    | KeepMarkBody
    | KeepChapterBody,
    Field(discriminator="type"),
]


# --- view ------------------------------------------------------------------------------------


class DiceUponATimeSeat(BaseModel):
    seat: int
    name: str
    kind: SeatKind
    points: int = Field(description="AP now (competitive); co-operatively the table's total")


class ChapterTaleView(BaseModel):
    """The tale of one finished chapter, as the table's narrator told it (public)."""

    chapter: int
    language: Language
    narrator: str = Field(description='"offline", or "llm:<model>" when a model retold it')
    origin: Literal["model", "offline"]
    text: str
    fallback_reason: str | None = Field(
        None, description="why the model's retelling was not used (then the offline telling is)"
    )


class DiceUponATimeView(BaseModel):
    """A Dice Upon a Time table as one reader may see it. `state` is the engine's per-seat view
    (`companion.games.dice_upon_a_time.views.seat_view`): the board, the dice, every pool,
    resource, quest and story card (all public), how many magic items each seat holds, and the
    reader's own items and king's quests only; never a deck's order or a face-down event. On a
    live table (`deck_mode: physical`) `state` is the keeper's view (`keeper_view`: all public
    but the story deck's order), `acting` is None while the game goes on (the table keeps the
    turns) and `moves` is empty: any seated phone may record."""

    id: str
    seq: int
    game: Literal["dice_upon_a_time"] = "dice_upon_a_time"
    language: Language
    ai_level: AILevel
    deck_mode: Literal["virtual", "physical"] = "virtual"
    you: int | None
    acting: int | None = Field(description="the seat the game waits for (None: it is over)")
    seats: list[DiceUponATimeSeat]
    state: dict[str, Any]
    moves: list[dict[str, Any]] = Field(
        description="every action you may take now, as a request body (empty when none)"
    )
    trade_partners: list[int] = Field(
        description="the seats on your place you may offer a trade (DU-11; people only)"
    )
    offer: dict[str, Any] | None = Field(
        description="the open trade offer (its magic items shown only to its two seats)"
    )
    tales: list[ChapterTaleView] = Field(
        default_factory=list, description="the tale so far: one per finished chapter told"
    )
    finished: bool
