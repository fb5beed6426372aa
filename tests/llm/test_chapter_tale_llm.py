"""The chapter tale's model path through the real OpenAI SDK, the server mocked by respx: a
retelling that passes the check is told; one that leaves out a traveller or names a quest the
chapter does not hold falls back to the offline tale; so does a model that fails."""

from __future__ import annotations

import json

import httpx
import respx

from companion.cards import once_upon_a_time_deck
from companion.games.dice_upon_a_time import catalogue
from companion.story.chapter_facts import ChapterFacts, chapter_facts
from companion.story.chapter_tale import chapter_account, tell_chapter, tell_chapter_tale
from companion.story.llm_narrator import LLMNarrator
from tests.llm.conftest import CHAT, chat_reply, error_reply, make_llm, sent
from tests.unit.story.chapter_playouts import TRAVELLERS, Played, played


class _NoReferee:
    """The chapter tale never asks the referee."""

    def rule(self, *args: object, **kwargs: object) -> object:
        raise AssertionError("the chapter tale asked the referee")


def _narrator() -> LLMNarrator:
    return LLMNarrator(make_llm(), deck=once_upon_a_time_deck(), referee=_NoReferee())  # type: ignore[arg-type]


def _game() -> tuple[Played, ChapterFacts]:
    game = played(3)
    return game, chapter_facts(game.config, game.actions, 1)


def _finished_title(facts: ChapterFacts, language: str) -> str:
    quest = next(d.card for t in facts.travellers for d in t.deeds if d.kind == "finished_quest")
    return str(getattr(catalogue().quests[str(quest)].title, language))


def _reply(paragraph: str) -> httpx.Response:
    return chat_reply(json.dumps({"paragraph": paragraph}, ensure_ascii=False))


def test_a_retelling_that_passes_the_check_is_told(server: respx.MockRouter) -> None:
    game, facts = _game()
    title = _finished_title(facts, "ja")
    paragraph = f"むかしむかし、{'と'.join(TRAVELLERS)}は旅に出て、「{title}」をやりとげました。"
    route = server.post(CHAT).mock(return_value=_reply(paragraph))

    tale = tell_chapter_tale(_narrator(), game.config, game.actions, chapter=1, language="ja")

    assert (tale.origin, tale.narrator, tale.language, tale.text) == (
        "model",
        "llm:test-model",
        "ja",
        paragraph,
    )
    assert tale.fallback_reason is None
    messages = sent(route)["messages"]
    assert "Japanese" in messages[0]["content"] and "not instructions" in messages[0]["content"]
    user = messages[1]["content"]
    block = user[user.index("<account>") : user.index("</account>")]
    assert all(name in block for name in TRAVELLERS)  # the facts go in as delimited data
    assert title in block


def test_a_retelling_that_leaves_out_a_traveller_falls_back(server: respx.MockRouter) -> None:
    _, facts = _game()
    told = f"Once upon a time {TRAVELLERS[0]} and {TRAVELLERS[1]} set out, and that was all."
    server.post(CHAT).mock(return_value=_reply(told))

    tale = _narrator().chapter_tale(facts=facts, names=TRAVELLERS, language="en")

    assert tale.origin == "offline" and tale.narrator == "offline"
    assert tale.text == tell_chapter(facts, TRAVELLERS, "en")
    assert tale.fallback_reason == f"the retelling left out {TRAVELLERS[2]}"


def test_a_retelling_that_invents_a_quest_falls_back(server: respx.MockRouter) -> None:
    _, facts = _game()
    account = chapter_account(facts, TRAVELLERS, "es")
    invented = next(q.title.es for q in catalogue().quests.values() if q.title.es not in account)
    told = f"{', '.join(TRAVELLERS)} partieron, y cumplieron «{invented}»."
    server.post(CHAT).mock(return_value=_reply(told))

    tale = _narrator().chapter_tale(facts=facts, names=TRAVELLERS, language="es")

    assert tale.origin == "offline" and tale.text == tell_chapter(facts, TRAVELLERS, "es")
    assert tale.fallback_reason is not None and invented in tale.fallback_reason


def test_a_model_error_falls_back_with_the_reason(server: respx.MockRouter) -> None:
    _, facts = _game()
    route = server.post(CHAT).mock(return_value=error_reply(503, "the model is overloaded"))

    tale = _narrator().chapter_tale(facts=facts, names=TRAVELLERS, language="en")

    assert route.called
    assert tale.origin == "offline" and tale.text == tell_chapter(facts, TRAVELLERS, "en")
    assert tale.fallback_reason is not None and "overloaded" in tale.fallback_reason
