"""Actions: a union tagged by `type`, each naming the `seat` that takes it.

place        seat, die, socket            put a pool die on a socket (DU-3)
pass         seat                         pass for the rest of the chapter (DU-3)
rabbit_step  seat, to                     spend a rabbit token instead of placing (DU-6)
choose       seat, option                 answer the pending choice (`state.pending[0]`)
play_item    seat, item, die?, face?      play a magic item in your turn (DU-8)
use_ability  seat, die?, face?, give?, take?, value?   the character's ability (DU-8)
trade        seat, partner, give, take    an agreed exchange on the same place (DU-11)
"""

from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

from companion.games.base import Frozen
from companion.games.dice_upon_a_time.cards import Face


class Place(Frozen):
    type: Literal["place"] = "place"
    seat: int
    die: str
    socket: str


class Pass(Frozen):
    type: Literal["pass"] = "pass"
    seat: int


class RabbitStep(Frozen):
    type: Literal["rabbit_step"] = "rabbit_step"
    seat: int
    to: str


class Choose(Frozen):
    type: Literal["choose"] = "choose"
    seat: int
    option: str


class PlayItem(Frozen):
    """`die` and `face`: for an item that sets a pool die to any of its faces."""

    type: Literal["play_item"] = "play_item"
    seat: int
    item: str
    die: str | None = None
    face: Face | None = None


class UseAbility(Frozen):
    """nudge: `die`, `face` (one pip up or down); reroll: `die`; swap: `give`, `take`
    (resources); scout: `value` (the quest deck); forage: nothing."""

    type: Literal["use_ability"] = "use_ability"
    seat: int
    die: str | None = None
    face: Face | None = None
    give: str | None = None
    take: str | None = None
    value: int | None = None


class Goods(Frozen):
    resources: dict[str, int] = Field(default_factory=dict)
    quests: tuple[str, ...] = ()
    story: tuple[str, ...] = ()
    items: tuple[str, ...] = ()


class Trade(Frozen):
    """`seat` gives `give` to `partner` and receives `take`; both agreed (the table says so)."""

    type: Literal["trade"] = "trade"
    seat: int
    partner: int
    give: Goods = Goods()
    take: Goods = Goods()


Action = Annotated[
    Place | Pass | RabbitStep | Choose | PlayItem | UseAbility | Trade,
    Field(discriminator="type"),
]
_ADAPTER: TypeAdapter[Action] = TypeAdapter(Action)


def action_from_json(text: str) -> Action:
    return _ADAPTER.validate_json(text)


def action_to_json(action: Action) -> str:
    return action.model_dump_json()
