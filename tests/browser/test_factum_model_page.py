"""The Factum host's language-model switch, through the page: on a server with a model the host
sees it (off by default), turns it on, and the AI storyteller's story is labelled as invented by
the model on the table's page; on a server without one the switch is not shown.

The model server is the real OpenAI SDK against respx routes (the one mock these tests allow);
the API server runs in this process, so respx answers its requests."""

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import respx
from playwright.sync_api import expect

from tests.browser.conftest import _phones, _serve
from tests.browser.helpers import audit, seed_new_tables

expect.set_options(timeout=20_000)

BASE_URL = "http://llm.test/v1"
CHAT = f"{BASE_URL}/chat/completions"
SEED = 5
NAMES = ["Ana", "Ben", "Cai", "Dee"]
KINDS = ["ai", "human", "ai", "ai"]  # the AI at seat 0 volunteers first and tells at once
# Uses none of the English bank cards' own words, so the seat's vetting lets it through.
INVENTED = (
    "My uncle and I built a kite out of newspaper and bamboo. It flew as high as the church "
    "roof, then snapped, and we grinned all the way down the hill."
)


@pytest.fixture
def _no_real_model_requests() -> None:
    """Overrides the suite's guard (tests/conftest.py): here the SDK runs for real against
    respx, which refuses any request no route expects (`assert_all_mocked`)."""


@pytest.fixture(scope="module")
def model_server_url(
    tmp_path_factory: pytest.TempPathFactory, embedder: object, embeddings_cache_dir: Path
) -> Iterator[str]:
    """The server with a language model configured (at a host only respx answers)."""
    model = {
        "llm_model": "test-model",
        "openai_base_url": BASE_URL,
        "llm_max_retries": 0,
        "llm_max_reasks": 0,
    }
    for port in _serve(tmp_path_factory, embedder, embeddings_cache_dir, **model):
        yield f"http://127.0.0.1:{port}"


@pytest.fixture
def model_phone(browser: Any, model_server_url: str) -> Iterator[Callable[..., Any]]:
    yield from _phones(browser, model_server_url)


def _chat_reply(content: dict[str, Any]) -> httpx.Response:
    message = {"role": "assistant", "content": json.dumps(content)}
    return httpx.Response(
        200,
        json={
            "id": "chatcmpl-test",
            "object": "chat.completion",
            "created": 1_700_000_000,
            "model": "test-model",
            "choices": [{"index": 0, "message": message, "finish_reason": "stop"}],
        },
    )


@pytest.mark.slow
def test_the_host_turns_the_model_on_and_the_ai_story_says_it_was_invented(
    model_phone: Callable[..., Any],
) -> None:
    host = model_phone("/")
    host.click("#go-factum-host")
    switch = host.locator("#fa-use-model")
    expect(host.locator("#fa-model-choice")).to_be_visible()
    expect(switch).not_to_be_checked()  # off unless the host turns it on
    for seat, (name, kind) in enumerate(zip(NAMES, KINDS, strict=True)):
        host.fill(f"#seat-name-{seat}", name)
        host.select_option(f"#seat-kind-{seat}", kind)
    switch.check()
    seed_new_tables(host, SEED)
    sent: list[dict[str, Any]] = []
    host.on(
        "request",
        lambda r: (
            sent.append(json.loads(r.post_data or "{}"))
            if r.method == "POST" and r.url.endswith("/v1/tables")
            else None
        ),
    )
    with respx.mock(assert_all_called=True, assert_all_mocked=True) as server:
        route = server.post(CHAT).mock(return_value=_chat_reply({"story": INVENTED}))
        host.click("#create-table")
        expect(host.locator("#share")).to_be_visible()
        host.click("#open-my-seat")
        label = host.locator("#fa-story-panel [data-origin='generated']")
        expect(label).to_be_visible(timeout=60_000)
    assert route.call_count == 1 and sent and sent[0]["use_model"] is True
    expect(label).to_have_text(
        "Told by an AI player: invented just now by a language model — not a lived one."
    )
    expect(host.locator("#fa-story-panel blockquote")).to_have_text(INVENTED)
    expect(host.locator("#fa-model-note")).to_be_visible()
    audit(host)


@pytest.mark.slow
def test_without_a_model_the_switch_is_not_offered(phone: Callable[..., Any]) -> None:
    host = phone("/")
    with host.expect_response("**/v1/server") as answered:
        host.click("#go-factum-host")
    assert answered.value.json()["language_model"] is False
    expect(host.locator("#create-table")).to_be_visible()
    expect(host.locator("#fa-model-choice")).to_be_hidden()
