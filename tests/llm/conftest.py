"""The OpenAI adapter under respx: the real SDK, a mocked server.

Every test here runs inside a respx router that fails on any request no route matches
(`assert_all_mocked`) and on any route that was never called (`assert_all_called`).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import respx

from companion.llm import OpenAILLM

BASE_URL = "http://llm.test/v1"
CHAT = f"{BASE_URL}/chat/completions"


@pytest.fixture(autouse=True)
def server() -> Iterator[respx.MockRouter]:
    with respx.mock(assert_all_called=True, assert_all_mocked=True) as router:
        yield router


def make_llm(**overrides: Any) -> OpenAILLM:
    options: dict[str, Any] = {
        "model": "test-model",
        "base_url": BASE_URL,
        "api_key": "sk-test",
        "timeout_s": 2.0,
        "max_retries": 0,
        "max_reasks": 2,
    }
    options.update(overrides)
    return OpenAILLM(**options)


def chat_reply(
    content: str | None,
    *,
    prompt_tokens: int = 11,
    completion_tokens: int = 7,
    finish_reason: str = "stop",
    refusal: str | None = None,
    usage: bool = True,
) -> httpx.Response:
    body: dict[str, Any] = {
        "id": "chatcmpl-test",
        "object": "chat.completion",
        "created": 1_700_000_000,
        "model": "test-model",
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": content, "refusal": refusal},
                "finish_reason": finish_reason,
            }
        ],
    }
    if usage:
        body["usage"] = {
            "prompt_tokens": prompt_tokens,
            "completion_tokens": completion_tokens,
            "total_tokens": prompt_tokens + completion_tokens,
        }
    return httpx.Response(200, json=body)


def error_reply(status: int, message: str, headers: dict[str, str] | None = None) -> httpx.Response:
    body = {"error": {"message": message, "type": "invalid_request_error", "code": None}}
    return httpx.Response(status, json=body, headers=headers or {})


def sent(route: respx.Route, index: int = -1) -> dict[str, Any]:
    """The JSON body of a request the route received."""
    body: dict[str, Any] = json.loads(route.calls[index].request.content)
    return body
