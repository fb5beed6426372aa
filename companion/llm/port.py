"""The port: what the story tasks need from a language model, and nothing more.

A task sends chat messages and names a pydantic model; the model's reply comes back parsed and
validated as that model (`Completion.value`), or a typed `LLMError` is raised.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, Literal, Protocol, TypeVar

from pydantic import BaseModel

Role = Literal["system", "user", "assistant"]
T = TypeVar("T", bound=BaseModel)


@dataclass(frozen=True)
class Message:
    role: Role
    content: str


@dataclass(frozen=True)
class Usage:
    """Tokens of one call, or summed over several. Servers that report none count as zero."""

    prompt_tokens: int = 0
    completion_tokens: int = 0

    @property
    def total_tokens(self) -> int:
        return self.prompt_tokens + self.completion_tokens

    def __add__(self, other: Usage) -> Usage:
        return Usage(
            self.prompt_tokens + other.prompt_tokens,
            self.completion_tokens + other.completion_tokens,
        )


@dataclass(frozen=True)
class CallRecord:
    """One request sent to a model server: what it was for and what it cost."""

    task: str
    model: str
    response_format: str  # "json_schema" | "json_object" | "text"
    usage: Usage | None  # None when the server reported no usage
    seconds: float
    outcome: str  # "ok", or the error class name ("LLMTimeout", "BadRequest", …)


@dataclass(frozen=True)
class Completion(Generic[T]):
    """A validated structured reply."""

    value: T
    model: str
    usage: Usage  # summed over the re-asks
    replies: int  # model replies read: 1 when the first one validated


class LLM(Protocol):
    """A chat model answering with JSON that validates as a pydantic model."""

    @property
    def model(self) -> str: ...

    def generate(
        self,
        task: str,
        messages: Sequence[Message],
        schema: type[T],
        *,
        temperature: float | None = None,
    ) -> Completion[T]:
        """Ask for one reply of shape `schema`; re-ask (capped) on invalid output.

        Raises `LLMError` subclasses: LLMTimeout, LLMUnavailable, LLMRateLimited, LLMRejected,
        LLMInvalidOutput (carrying every failed attempt).
        """
        ...
