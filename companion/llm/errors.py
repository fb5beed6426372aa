"""Errors of the LLM port. The tree is drawn in `companion.llm`'s docstring."""

from __future__ import annotations

from dataclasses import dataclass


class LLMError(Exception):
    """Any failure of a model call. Carries the model name and the task that asked."""

    def __init__(self, message: str, *, model: str = "", task: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.model = model
        self.task = task

    def __str__(self) -> str:
        where = ", ".join(part for part in (self.model, self.task) if part)
        return f"{self.message} ({where})" if where else self.message


class LLMTimeout(LLMError):
    """The server did not answer within the timeout (after the SDK's retries)."""


class LLMUnavailable(LLMError):
    """The server could not be reached or failed (connection error, 5xx) after the retries."""

    def __init__(
        self, message: str, *, model: str = "", task: str = "", status: int | None = None
    ) -> None:
        super().__init__(message, model=model, task=task)
        self.status = status


class LLMRateLimited(LLMError):
    """HTTP 429 after the retries. `retry_after_s` is the server's Retry-After, when it gave one."""

    def __init__(
        self, message: str, *, model: str = "", task: str = "", retry_after_s: float | None = None
    ) -> None:
        super().__init__(message, model=model, task=task)
        self.retry_after_s = retry_after_s


class LLMRejected(LLMError):
    """The server refused the request itself (400, 401, 403, 404, 422): retrying cannot help."""

    def __init__(
        self, message: str, *, model: str = "", task: str = "", status: int | None = None
    ) -> None:
        super().__init__(message, model=model, task=task)
        self.status = status


@dataclass(frozen=True)
class Attempt:
    """One reply that failed validation: the raw text and why it failed."""

    text: str
    error: str


class LLMInvalidOutput(LLMError):
    """Every reply, re-asks included, failed to parse or validate. Carries each attempt."""

    def __init__(
        self, message: str, *, model: str = "", task: str = "", attempts: tuple[Attempt, ...] = ()
    ) -> None:
        super().__init__(message, model=model, task=task)
        self.attempts = attempts
