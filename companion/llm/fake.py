"""`FakeLLM`: an in-process stand-in for the port, for domain tests and demos.

Replies are scripted in a queue and consumed in order, one per request (a re-ask consumes the
next one). A reply is a pydantic model or dict (sent as its JSON), a string (sent as is, so
invalid JSON exercises the re-ask path), or an exception (raised, e.g. `LLMTimeout`). Every
request is recorded in `calls` with the messages exactly as they would have been sent.
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from companion.llm.port import Completion, Message, T, Usage
from companion.llm.structured import RawReply, generate_structured

Reply = BaseModel | dict[str, Any] | str | BaseException


class FakeLLMExhausted(AssertionError):
    """A request arrived with no scripted reply left: the test scripted too few."""


@dataclass(frozen=True)
class FakeCall:
    task: str
    messages: tuple[Message, ...]
    schema: str

    @property
    def prompt(self) -> str:
        """Every message's content, joined: handy for asserting what a prompt holds."""
        return "\n".join(message.content for message in self.messages)


class FakeLLM:
    def __init__(
        self, replies: Iterable[Reply] = (), *, model: str = "fake", max_reasks: int = 2
    ) -> None:
        self._model = model
        self.max_reasks = max_reasks
        self._replies: deque[Reply] = deque(replies)
        self.calls: list[FakeCall] = []

    @property
    def model(self) -> str:
        return self._model

    @property
    def pending(self) -> int:
        """Scripted replies not yet consumed."""
        return len(self._replies)

    def queue(self, *replies: Reply) -> None:
        self._replies.extend(replies)

    def generate(
        self,
        task: str,
        messages: Sequence[Message],
        schema: type[T],
        *,
        temperature: float | None = None,
    ) -> Completion[T]:
        def send(conversation: Sequence[Message]) -> RawReply:
            self.calls.append(FakeCall(task, tuple(conversation), schema.__name__))
            if not self._replies:
                raise FakeLLMExhausted(f"FakeLLM: no scripted reply left for task {task!r}")
            reply = self._replies.popleft()
            if isinstance(reply, BaseException):
                raise reply
            if isinstance(reply, BaseModel):
                text = reply.model_dump_json()
            elif isinstance(reply, dict):
                text = json.dumps(reply, ensure_ascii=False)
            else:
                text = reply
            return RawReply(text=text, usage=Usage(_words(conversation), len(text.split())))

        return generate_structured(
            send, messages, schema, max_reasks=self.max_reasks, model=self._model, task=task
        )


def _words(messages: Sequence[Message]) -> int:
    return sum(len(message.content.split()) for message in messages)
