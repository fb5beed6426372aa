"""Structured output: parse a reply as JSON, validate it as a pydantic model, re-ask on failure.

Shared by every implementation of the port, so the fake behaves as the real adapter does.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from pydantic import ValidationError

from companion.llm.errors import Attempt, LLMInvalidOutput
from companion.llm.port import Completion, Message, T, Usage

_FENCE = re.compile(r"^\s*```(?:json|JSON)?\s*\n?(.*?)\n?\s*```\s*$", re.DOTALL)
_MAX_ERROR_CHARS = 1_500


@dataclass(frozen=True)
class RawReply:
    """What a server said, before parsing."""

    text: str
    usage: Usage | None = None
    finish_reason: str | None = None
    refusal: str | None = None


class _OutputError(ValueError):
    pass


def parse_reply(reply: RawReply, schema: type[T]) -> T:
    """The reply as an instance of `schema`, or `_OutputError` saying what is wrong with it."""
    if reply.refusal:
        raise _OutputError(f"the model refused: {reply.refusal}")
    if reply.finish_reason == "length":
        raise _OutputError("the reply was cut off at the token limit; answer more briefly")
    text = reply.text.strip()
    fenced = _FENCE.match(text)
    if fenced:
        text = fenced.group(1).strip()
    if not text:
        raise _OutputError("the reply was empty")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise _OutputError(f"the reply is not valid JSON: {exc}") from None
    try:
        return schema.model_validate(data)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in err['loc']) or '(root)'}: {err['msg']}"
            for err in exc.errors(include_url=False)
        )
        raise _OutputError(f"the JSON does not match the schema: {problems}") from None


def reask_message(error: str) -> Message:
    return Message(
        "user",
        "Your previous reply could not be used: "
        f"{error[:_MAX_ERROR_CHARS]}\n"
        "Reply again with only one JSON object that matches the required schema.",
    )


def generate_structured(
    send: Callable[[Sequence[Message]], RawReply],
    messages: Sequence[Message],
    schema: type[T],
    *,
    max_reasks: int,
    model: str,
    task: str,
) -> Completion[T]:
    """Send `messages`; on an invalid reply send the error back, at most `max_reasks` times."""
    conversation = list(messages)
    attempts: list[Attempt] = []
    usage = Usage()
    for _ in range(max_reasks + 1):
        reply = send(conversation)
        usage = usage + (reply.usage or Usage())
        try:
            value = parse_reply(reply, schema)
        except _OutputError as exc:
            attempts.append(Attempt(text=reply.text, error=str(exc)))
            conversation += [Message("assistant", reply.text), reask_message(str(exc))]
            continue
        return Completion(value=value, model=model, usage=usage, replies=len(attempts) + 1)
    raise LLMInvalidOutput(
        f"no valid {schema.__name__} after {len(attempts)} replies: {attempts[-1].error}",
        model=model,
        task=task,
        attempts=tuple(attempts),
    )
