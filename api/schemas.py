"""Request and response bodies every game shares: seats created, log events, pages of the log,
errors, and the envelopes (`TableCreated`, `ActionResult`) around a game's own view. Each game's
bodies and views are in `api/games/<game>/schemas.py`; `api.games` gathers them.

The seat is never in an action's body: it comes from the token.
"""

from collections.abc import Iterator
from typing import Annotated, Any, Generic, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

MAX_NARRATION_CHARS = 2_000
MAX_NAME_CHARS = 40
MAX_CARD_NAME_CHARS = 80

Text = Annotated[str, Field(min_length=1, max_length=MAX_NARRATION_CHARS)]
CardName = Annotated[str, Field(min_length=1, max_length=MAX_CARD_NAME_CHARS)]
SeatKind = Literal["human", "ai"]
MAX_SEQ = 2**31 - 1  # the log's seq column is a 32-bit integer on every backend

ViewT = TypeVar("ViewT", bound=BaseModel)


class StrictBody(BaseModel):
    """Base of every request body: no unknown fields, no type coercion, and no text that a
    database cannot store (NUL, unpaired surrogates): refused here as the client's error, the
    same on SQLite and PostgreSQL, rather than failing in the store."""

    model_config = ConfigDict(extra="forbid", strict=True)

    @model_validator(mode="before")
    @classmethod
    def _storable_text(cls, data: Any) -> Any:
        for text in _texts(data):
            if "\x00" in text:
                raise ValueError("text must not contain NUL (U+0000) characters")
            try:
                text.encode("utf-8")
            except UnicodeEncodeError:
                raise ValueError("text must be valid Unicode (no unpaired surrogates)") from None
        return data


def _texts(data: Any) -> Iterator[str]:
    """Every string in a JSON value, keys included."""
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for key, value in data.items():
            yield from _texts(key)
            yield from _texts(value)
    elif isinstance(data, list):
        for value in data:
            yield from _texts(value)


class PlayerCreate(StrictBody):
    name: Annotated[str, Field(min_length=1, max_length=MAX_NAME_CHARS, pattern=r"\S")]
    kind: SeatKind = "human"

    @field_validator("name")
    @classmethod
    def _visible(cls, name: str) -> str:
        """The engines strip names the Python way, which also strips the ASCII separators
        (U+001C–U+001F) that the pattern's `\\S` lets through: a name of those alone is empty."""
        if not name.strip():
            raise ValueError("a player's name needs a visible character")
        return name


class SeatCreated(BaseModel):
    seat: int
    name: str
    kind: SeatKind
    token: str | None = Field(description="the seat's secret; shown once, only here")
    join_path: str | None = Field(description="relative join link carrying the token")


class TableCreated(BaseModel, Generic[ViewT]):
    id: str
    players: list[SeatCreated]
    view: ViewT


# --- events ----------------------------------------------------------------------------------


class EventView(BaseModel):
    """One event of the table's log, as the reader may see it (its game lists the types)."""

    seq: int
    type: str
    created: str
    data: dict[str, Any]


class ActionResult(BaseModel, Generic[ViewT]):
    seq: int
    events: list[EventView] = Field(description="the events this action appended, as you see them")
    view: ViewT


class EventPage(BaseModel):
    events: list[EventView]
    last_seq: int
    more: bool = Field(description="true when more events follow: ask again after the last one")


# --- errors ----------------------------------------------------------------------------------


class ErrorBody(BaseModel):
    error: str = Field(examples=["illegal_action"])
    message: str = Field(examples=["OU-10: only what the current storyteller told can be claimed"])
    rule: str | None = Field(default=None, examples=["OU-10"])
    details: list[dict[str, Any]] | None = None
