"""What the games' table packages share: the roster a table opens with, an engine action read
from a request (or a 422 naming the field), and an action as the other players may see it (the
fields private to its actor hidden)."""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Literal, Self, TypeVar, cast

from pydantic import BaseModel, TypeAdapter, ValidationError

from api.errors import ApiError
from api.schemas import SeatKind
from companion.cards import Language
from companion.seats.once_upon_a_time_pace import AILevel

T = TypeVar("T")


def engine_action(adapter: TypeAdapter[T], data: Mapping[str, Any]) -> T:
    """The engine's action from a request's data (the seat added), or a 422 naming the field."""
    try:
        return adapter.validate_python(data)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(p) for p in first["loc"][1:]) or "action"
        raise ApiError(422, "invalid_action", f"{where}: {first['msg']}") from None


def roster(names: Sequence[str], kinds: Sequence[SeatKind]) -> list[dict[str, Any]]:
    """The players of a `table_created` event: seat, name and kind, in seat order."""
    return [
        {"seat": seat, "name": name, "kind": kind}
        for seat, (name, kind) in enumerate(zip(names, kinds, strict=True))
    ]


def public_action(
    action: Mapping[str, Any], viewer: int | None, private: Mapping[str, tuple[str, ...]]
) -> dict[str, Any]:
    """`action` as `viewer` may see it: `private[type]` names the fields only its actor sees;
    others learn how many cards a list held, or that a value was given ("hidden"), not which."""
    hidden = private.get(action.get("type", ""), ())
    if not hidden or viewer == action.get("seat"):
        return dict(action)
    shown = {k: v for k, v in action.items() if k not in hidden}
    for name in hidden:
        value = action.get(name)
        if isinstance(value, list):
            shown[f"{name}_count"] = len(value)
        else:
            shown[name] = None if value is None else "hidden"
    return shown


C = TypeVar("C", bound=BaseModel)


@dataclass(frozen=True)
class EngineTableConfig(Generic[C]):
    """What a table of a game with an engine `Config` was created with (kept in the `tables`
    row; never shown as such: the engine config holds the seed). A game names itself and its
    engine config class: `class SleepingQueensConfig(EngineTableConfig[Config])`."""

    GAME: ClassVar[str]
    ENGINE: ClassVar[type[BaseModel]]

    engine: C
    kinds: tuple[SeatKind, ...]
    language: Language
    ai_level: AILevel
    spectators: bool
    deck_mode: Literal["virtual", "physical"] = "virtual"

    @property
    def physical(self) -> bool:
        return self.deck_mode == "physical"

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.GAME,
            "engine": self.engine.model_dump(mode="json"),
            "kinds": list(self.kinds),
            "language": self.language,
            "ai_level": self.ai_level,
            "spectators": self.spectators,
            "deck_mode": self.deck_mode,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        return cls(
            engine=cast(C, cls.ENGINE.model_validate(data["engine"])),
            kinds=tuple(data["kinds"]),
            language=data["language"],
            ai_level=data.get("ai_level", "fair"),
            spectators=bool(data.get("spectators", True)),
            deck_mode=data.get("deck_mode", "virtual"),
        )
