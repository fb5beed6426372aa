"""Actions (a tagged union on `type`), each naming the `seat` that takes it.

A turn is one of `king`, `knight`, `potion`, `jester`, `discard` (SQ-2). A knight or potion
opens a reaction: its target answers with `block` (a dragon or a wand, SQ-4/SQ-5) or `allow`;
that answer is not a turn. A Rose Queen (SQ-3) or a jester's count (SQ-6) opens a `wake`.
Queens asleep are face down, so a king or a wake names a `position` (0–11), never a queen.
"""

from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

from companion.games.base import Frozen

Position = Annotated[int, Field(ge=0, le=11)]


class King(Frozen):
    """SQ-3: wake the queen lying at `position` and keep her."""

    type: Literal["king"] = "king"
    seat: int
    card: str
    position: Position


class Knight(Frozen):
    """SQ-4: steal `queen`, an awake queen of another seat (who may block with a dragon)."""

    type: Literal["knight"] = "knight"
    seat: int
    card: str
    queen: str


class Potion(Frozen):
    """SQ-5: put `queen`, an awake queen of another seat, back to sleep (a wand blocks)."""

    type: Literal["potion"] = "potion"
    seat: int
    card: str
    queen: str


class Jester(Frozen):
    """SQ-6: turn the top card of the draw pile."""

    type: Literal["jester"] = "jester"
    seat: int
    card: str


class Discard(Frozen):
    """SQ-7: one number card, a pair, or an addition equation of three or more number cards
    (the largest is the sum of the others); draw as many. SQ-2: a seat with no other action
    may discard one card of any kind."""

    type: Literal["discard"] = "discard"
    seat: int
    cards: tuple[str, ...] = Field(min_length=1, max_length=5)


class Block(Frozen):
    """SQ-4/SQ-5: the target of a knight plays a dragon, of a potion a wand."""

    type: Literal["block"] = "block"
    seat: int
    card: str


class Allow(Frozen):
    """The target of a knight or potion lets it happen."""

    type: Literal["allow"] = "allow"
    seat: int


class Wake(Frozen):
    """Wake one more queen: after a Rose Queen (SQ-3), or the seat a jester counted to (SQ-6)."""

    type: Literal["wake"] = "wake"
    seat: int
    position: Position


Action = Annotated[
    King | Knight | Potion | Jester | Discard | Block | Allow | Wake,
    Field(discriminator="type"),
]
ActionType = Literal["king", "knight", "potion", "jester", "discard", "block", "allow", "wake"]

ACTION_ADAPTER: TypeAdapter[Action] = TypeAdapter(Action)
ACTIONS_ADAPTER: TypeAdapter[list[Action]] = TypeAdapter(list[Action])


def action_from_json(data: str | bytes) -> Action:
    """Parse one action from JSON (raises pydantic.ValidationError on a malformed one)."""
    return ACTION_ADAPTER.validate_json(data)


def action_to_json(action: Action) -> str:
    return ACTION_ADAPTER.dump_json(action).decode()
