"""The OpenAI adapter against the real `openai` SDK, with the server mocked by respx."""

from __future__ import annotations

import httpx
import pytest
import respx
from pydantic import BaseModel, Field

from companion.llm import (
    LLMInvalidOutput,
    LLMRateLimited,
    LLMRejected,
    LLMTimeout,
    LLMUnavailable,
    Message,
    Usage,
    make_openai_client,
)
from tests.llm.conftest import BASE_URL, CHAT, chat_reply, error_reply, make_llm, sent


class Verdict(BaseModel):
    verdict: str
    confidence: float = Field(ge=0, le=1)


class Card(BaseModel):
    id: str
    group: str


class Hand(BaseModel):
    owner: str
    cards: list[Card] = Field(min_length=1)


MESSAGES = [Message("system", "You judge stories."), Message("user", "Judge this.")]
GOOD = '{"verdict": "consistent", "confidence": 0.8}'


def test_a_valid_reply_is_parsed_and_its_tokens_recorded(server: respx.MockRouter) -> None:
    route = server.post(CHAT).mock(return_value=chat_reply(GOOD, prompt_tokens=40))
    llm = make_llm()

    completion = llm.generate("coherence", MESSAGES, Verdict, temperature=0)

    assert completion.value == Verdict(verdict="consistent", confidence=0.8)
    assert completion.model == "test-model"
    assert completion.replies == 1
    assert completion.usage == Usage(prompt_tokens=40, completion_tokens=7)
    [call] = llm.calls
    assert (call.task, call.model, call.outcome) == ("coherence", "test-model", "ok")
    assert call.usage == Usage(40, 7)
    assert llm.usage == Usage(40, 7)
    body = sent(route)
    assert body["model"] == "test-model"
    assert body["temperature"] == 0
    assert body["messages"][1] == {"role": "user", "content": "Judge this."}
    assert body["messages"][0]["content"].startswith("You judge stories.")
    assert route.calls[0].request.headers["authorization"] == "Bearer sk-test"


def test_structured_output_asks_for_the_models_json_schema(server: respx.MockRouter) -> None:
    reply = '{"owner": "Ana", "cards": [{"id": "king", "group": "characters"}]}'
    route = server.post(CHAT).mock(return_value=chat_reply(reply))

    completion = make_llm().generate("hand", MESSAGES, Hand)

    assert completion.value.cards == [Card(id="king", group="characters")]
    response_format = sent(route)["response_format"]
    assert response_format["type"] == "json_schema"
    assert response_format["json_schema"]["name"] == "Hand"
    assert response_format["json_schema"]["schema"] == Hand.model_json_schema()


def test_fenced_json_is_accepted(server: respx.MockRouter) -> None:
    server.post(CHAT).mock(return_value=chat_reply(f"```json\n{GOOD}\n```"))

    assert make_llm().generate("coherence", MESSAGES, Verdict).value.verdict == "consistent"


def test_invalid_json_is_sent_back_and_the_valid_reask_used(server: respx.MockRouter) -> None:
    route = server.post(CHAT).mock(
        side_effect=[chat_reply("{verdict: consistent"), chat_reply(GOOD, prompt_tokens=60)]
    )
    llm = make_llm()

    completion = llm.generate("coherence", MESSAGES, Verdict)

    assert completion.value.verdict == "consistent"
    assert completion.replies == 2
    assert completion.usage == Usage(11 + 60, 7 + 7)
    reask = sent(route, 1)["messages"]
    assert reask[-2] == {"role": "assistant", "content": "{verdict: consistent"}
    assert reask[-1]["role"] == "user"
    assert "not valid JSON" in reask[-1]["content"]
    assert [c.outcome for c in llm.calls] == ["ok", "ok"]


def test_a_schema_violation_is_sent_back_with_the_field(server: respx.MockRouter) -> None:
    route = server.post(CHAT).mock(
        side_effect=[chat_reply('{"verdict": "consistent", "confidence": 7}'), chat_reply(GOOD)]
    )

    make_llm().generate("coherence", MESSAGES, Verdict)

    assert (
        "confidence: Input should be less than or equal to 1"
        in (sent(route, 1)["messages"][-1]["content"])
    )


def test_invalid_output_every_time_is_a_typed_error_carrying_the_attempts(
    server: respx.MockRouter,
) -> None:
    route = server.post(CHAT).mock(return_value=chat_reply("no idea"))

    with pytest.raises(LLMInvalidOutput) as caught:
        make_llm(max_reasks=2).generate("coherence", MESSAGES, Verdict)

    assert route.call_count == 3
    assert [a.text for a in caught.value.attempts] == ["no idea"] * 3
    assert all("not valid JSON" in a.error for a in caught.value.attempts)
    assert (caught.value.model, caught.value.task) == ("test-model", "coherence")


def test_a_reply_cut_off_at_the_token_limit_is_reasked(server: respx.MockRouter) -> None:
    route = server.post(CHAT).mock(
        side_effect=[chat_reply('{"verdict": "cons', finish_reason="length"), chat_reply(GOOD)]
    )

    make_llm().generate("coherence", MESSAGES, Verdict)

    assert "cut off" in sent(route, 1)["messages"][-1]["content"]


def test_a_refusal_is_reasked(server: respx.MockRouter) -> None:
    server.post(CHAT).mock(
        side_effect=[chat_reply(None, refusal="I can't help with that."), chat_reply(GOOD)]
    )

    assert make_llm().generate("coherence", MESSAGES, Verdict).replies == 2


def test_429_is_rate_limited_with_the_servers_retry_after(server: respx.MockRouter) -> None:
    server.post(CHAT).mock(return_value=error_reply(429, "slow down", headers={"retry-after": "7"}))
    llm = make_llm(max_retries=0)

    with pytest.raises(LLMRateLimited) as caught:
        llm.generate("coherence", MESSAGES, Verdict)

    assert caught.value.retry_after_s == 7.0
    assert llm.calls[0].outcome == "RateLimitError"


def test_429_is_retried_by_the_sdk_within_the_retry_budget(server: respx.MockRouter) -> None:
    route = server.post(CHAT).mock(
        side_effect=[
            error_reply(429, "slow down", headers={"retry-after-ms": "5"}),
            chat_reply(GOOD),
        ]
    )

    completion = make_llm(max_retries=1).generate("coherence", MESSAGES, Verdict)

    assert completion.value.verdict == "consistent"
    assert route.call_count == 2


def test_500_is_unavailable(server: respx.MockRouter) -> None:
    server.post(CHAT).mock(return_value=error_reply(500, "boom"))

    with pytest.raises(LLMUnavailable) as caught:
        make_llm(max_retries=0).generate("coherence", MESSAGES, Verdict)

    assert caught.value.status == 500


def test_a_5xx_is_retried_then_reported(server: respx.MockRouter) -> None:
    route = server.post(CHAT).mock(
        return_value=error_reply(503, "overloaded", headers={"retry-after-ms": "1"})
    )

    with pytest.raises(LLMUnavailable, match="server error 503"):
        make_llm(max_retries=2).generate("coherence", MESSAGES, Verdict)

    assert route.call_count == 3


def test_a_timeout_is_llm_timeout(server: respx.MockRouter) -> None:
    server.post(CHAT).mock(side_effect=httpx.ReadTimeout("read timed out"))

    with pytest.raises(LLMTimeout):
        make_llm(max_retries=0).generate("coherence", MESSAGES, Verdict)


def test_a_connection_error_is_unavailable(server: respx.MockRouter) -> None:
    server.post(CHAT).mock(side_effect=httpx.ConnectError("connection refused"))

    with pytest.raises(LLMUnavailable, match="cannot reach the model server"):
        make_llm(max_retries=0).generate("coherence", MESSAGES, Verdict)


def test_a_server_without_json_schema_gets_json_mode_from_then_on(
    server: respx.MockRouter,
) -> None:
    route = server.post(CHAT).mock(
        side_effect=[
            error_reply(400, "response_format.type 'json_schema' is not supported"),
            chat_reply(GOOD),
            chat_reply(GOOD),
        ]
    )
    llm = make_llm()

    llm.generate("coherence", MESSAGES, Verdict)
    llm.generate("coherence", MESSAGES, Verdict)

    formats = [sent(route, i).get("response_format", {}).get("type") for i in range(3)]
    assert formats == ["json_schema", "json_object", "json_object"]
    assert llm.response_format == "json_object"
    system = sent(route, 2)["messages"][0]["content"]
    assert '"confidence"' in system  # without a schema format, the schema goes in the prompt
    assert [c.outcome for c in llm.calls] == ["BadRequestError", "ok", "ok"]


def test_a_server_without_any_json_format_gets_plain_text(server: respx.MockRouter) -> None:
    route = server.post(CHAT).mock(
        side_effect=[
            error_reply(400, "Unknown response_format: json_schema"),
            error_reply(400, "'response_format' of type 'json_object' is not supported"),
            chat_reply(GOOD),
        ]
    )

    make_llm().generate("coherence", MESSAGES, Verdict)

    assert "response_format" not in sent(route, 2)
    assert "JSON schema" in sent(route, 2)["messages"][0]["content"]


def test_another_400_is_rejected_without_a_format_fallback(server: respx.MockRouter) -> None:
    route = server.post(CHAT).mock(return_value=error_reply(400, "model 'x' does not exist"))
    llm = make_llm()

    with pytest.raises(LLMRejected) as caught:
        llm.generate("coherence", MESSAGES, Verdict)

    assert caught.value.status == 400
    assert route.call_count == 1
    assert llm.response_format == "json_schema"


def test_a_bad_key_is_rejected(server: respx.MockRouter) -> None:
    server.post(CHAT).mock(return_value=error_reply(401, "invalid api key"))

    with pytest.raises(LLMRejected) as caught:
        make_llm().generate("coherence", MESSAGES, Verdict)

    assert caught.value.status == 401


def test_a_server_reporting_no_usage_is_recorded_as_unknown(server: respx.MockRouter) -> None:
    server.post(CHAT).mock(return_value=chat_reply(GOOD, usage=False))
    llm = make_llm()

    completion = llm.generate("coherence", MESSAGES, Verdict)

    assert llm.calls[0].usage is None
    assert completion.usage == Usage()


def test_the_client_is_built_from_explicit_arguments_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("OPENAI_BASE_URL", "http://elsewhere.invalid/v1")
    monkeypatch.setenv("OPENAI_API_KEY", "sk-from-env")

    client = make_openai_client(base_url=BASE_URL, api_key=None, timeout_s=3.5, max_retries=4)

    assert str(client.base_url) == f"{BASE_URL}/"
    assert client.api_key == "no-key"
    assert (client.timeout, client.max_retries) == (3.5, 4)
