"""The OpenAI adapter: any OpenAI-compatible chat server (OpenAI, vLLM, llama.cpp, Ollama).

Structured output is asked for in the strongest form the server accepts: a JSON-schema
`response_format`, else JSON mode, else plain text with the schema in the prompt. A server that
rejects a form with HTTP 400/422 naming it is remembered and asked in the next form from then on.
Network retries (timeouts, connection errors, 429 honouring Retry-After, 5xx) are the SDK's own,
bounded by `max_retries`; re-asks on invalid output are bounded by `max_reasks`.
"""

from __future__ import annotations

import json
import time
from collections import deque
from collections.abc import Sequence
from typing import Any

import openai
from pydantic import BaseModel

from companion.llm.errors import (
    LLMError,
    LLMRateLimited,
    LLMRejected,
    LLMTimeout,
    LLMUnavailable,
)
from companion.llm.port import CallRecord, Completion, Message, T, Usage
from companion.llm.structured import RawReply, generate_structured

OPENAI_BASE_URL = "https://api.openai.com/v1"
RESPONSE_FORMATS = ("json_schema", "json_object", "text")
_FORMAT_WORDS = ("response_format", "json_schema", "json_object", "structured output")
_MAX_RECORDS = 1_000


def make_openai_client(
    *, base_url: str | None, api_key: str | None, timeout_s: float, max_retries: int
) -> openai.OpenAI:
    """The one place an OpenAI client is built. Everything explicit: no default read from env.

    Local servers need no key; the SDK insists on one, so a placeholder is sent.
    """
    return openai.OpenAI(
        base_url=base_url or OPENAI_BASE_URL,
        api_key=api_key or "no-key",
        timeout=timeout_s,
        max_retries=max_retries,
    )


class OpenAILLM:
    """The port over an OpenAI-compatible `/chat/completions` endpoint."""

    def __init__(
        self,
        *,
        model: str,
        base_url: str | None,
        api_key: str | None,
        timeout_s: float = 20.0,
        max_retries: int = 2,
        max_reasks: int = 2,
        max_tokens: int | None = None,
    ) -> None:
        self._model = model
        self.max_reasks = max_reasks
        self.max_tokens = max_tokens
        self._client = make_openai_client(
            base_url=base_url, api_key=api_key, timeout_s=timeout_s, max_retries=max_retries
        )
        self._format = 0  # index into RESPONSE_FORMATS; only ever moves down the ladder
        self.calls: deque[CallRecord] = deque(maxlen=_MAX_RECORDS)
        self.usage = Usage()  # every call's tokens since this adapter was built

    @property
    def model(self) -> str:
        return self._model

    @property
    def response_format(self) -> str:
        """The structured-output form in use for this server."""
        return RESPONSE_FORMATS[self._format]

    def generate(
        self,
        task: str,
        messages: Sequence[Message],
        schema: type[T],
        *,
        temperature: float | None = None,
    ) -> Completion[T]:
        def send(conversation: Sequence[Message]) -> RawReply:
            return self._send(task, conversation, schema, temperature)

        return generate_structured(
            send, messages, schema, max_reasks=self.max_reasks, model=self._model, task=task
        )

    def _send(
        self,
        task: str,
        conversation: Sequence[Message],
        schema: type[BaseModel],
        temperature: float | None,
    ) -> RawReply:
        while True:
            form = self.response_format
            started = time.perf_counter()
            try:
                completion = self._client.chat.completions.create(
                    **self._request(conversation, schema, form, temperature)
                )
            except openai.APIStatusError as exc:
                self._record(task, form, None, started, type(exc).__name__)
                if exc.status_code in (400, 422) and self._drop_format(exc):
                    continue
                raise self._error(exc, task) from exc
            except openai.APIError as exc:
                self._record(task, form, None, started, type(exc).__name__)
                raise self._error(exc, task) from exc
            usage = (
                Usage(completion.usage.prompt_tokens, completion.usage.completion_tokens)
                if completion.usage is not None
                else None
            )
            self._record(task, form, usage, started, "ok")
            if not completion.choices:
                return RawReply(text="", usage=usage)
            choice = completion.choices[0]
            return RawReply(
                text=choice.message.content or "",
                usage=usage,
                finish_reason=choice.finish_reason,
                refusal=getattr(choice.message, "refusal", None),
            )

    def _request(
        self,
        conversation: Sequence[Message],
        schema: type[BaseModel],
        form: str,
        temperature: float | None,
    ) -> dict[str, Any]:
        json_schema = schema.model_json_schema()
        if form == "json_schema":
            note = "Reply with one JSON object."
        else:
            note = (
                "Reply with one JSON object, and nothing else, that matches this JSON schema:\n"
                + json.dumps(json_schema, ensure_ascii=False)
            )
        messages = [{"role": m.role, "content": m.content} for m in conversation]
        if messages and messages[0]["role"] == "system":
            messages[0] = {"role": "system", "content": f"{messages[0]['content']}\n\n{note}"}
        else:
            messages.insert(0, {"role": "system", "content": note})
        request: dict[str, Any] = {"model": self._model, "messages": messages}
        if form == "json_schema":
            request["response_format"] = {
                "type": "json_schema",
                "json_schema": {"name": schema.__name__, "schema": json_schema, "strict": False},
            }
        elif form == "json_object":
            request["response_format"] = {"type": "json_object"}
        if temperature is not None:
            request["temperature"] = temperature
        if self.max_tokens is not None:
            request["max_tokens"] = self.max_tokens
        return request

    def _drop_format(self, exc: openai.APIStatusError) -> bool:
        """Step down the format ladder when the server's 400 names the response format."""
        said = f"{exc.message} {exc.body}".lower()
        if self._format + 1 >= len(RESPONSE_FORMATS) or not any(w in said for w in _FORMAT_WORDS):
            return False
        self._format += 1
        return True

    def _record(
        self, task: str, form: str, usage: Usage | None, started: float, outcome: str
    ) -> None:
        seconds = time.perf_counter() - started
        self.calls.append(CallRecord(task, self._model, form, usage, seconds, outcome))
        if usage is not None:
            self.usage = self.usage + usage

    def _error(self, exc: openai.APIError, task: str) -> LLMError:
        model = self._model
        if isinstance(exc, openai.APITimeoutError):
            return LLMTimeout("the model server did not answer in time", model=model, task=task)
        if isinstance(exc, openai.APIConnectionError):
            message = f"cannot reach the model server: {exc.message}"
            return LLMUnavailable(message, model=model, task=task)
        if isinstance(exc, openai.RateLimitError):
            retry_after_s = _retry_after(exc.response.headers)
            message = f"rate limited: {exc.message}"
            return LLMRateLimited(message, model=model, task=task, retry_after_s=retry_after_s)
        if isinstance(exc, openai.APIStatusError):
            status = exc.status_code
            if status >= 500:
                message = f"server error {status}: {exc.message}"
                return LLMUnavailable(message, model=model, task=task, status=status)
            message = f"request rejected ({status}): {exc.message}"
            return LLMRejected(message, model=model, task=task, status=status)
        return LLMUnavailable(f"model call failed: {exc.message}", model=model, task=task)


def _retry_after(headers: Any) -> float | None:
    for name, scale in (("retry-after-ms", 1000.0), ("retry-after", 1.0)):
        value = headers.get(name)
        if value is None:
            continue
        try:
            return float(value) / scale
        except ValueError:
            continue  # an HTTP date: not worth parsing here
    return None
