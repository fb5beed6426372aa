"""Chapter tales of Dice Upon a Time (issue 14 item 6): the facts read from real playouts of the
AI travellers agree with the engine's states; the offline tale in en/ja/es names every traveller
who acted, in turn order, and nothing the chapter does not hold; chapters read differently; the
table service's one call; a model's retelling (FakeLLM here; the real SDK under respx in
tests/llm/test_chapter_tale_llm.py) is kept only when it passes the check."""

from __future__ import annotations

import dataclasses
import re

import pytest

from companion.cards import Language, once_upon_a_time_deck
from companion.games.dice_upon_a_time import catalogue
from companion.games.dice_upon_a_time.chapter import top_owner
from companion.llm import FakeLLM
from companion.story.chapter_facts import ChapterFacts, ChapterNotFinished, chapter_facts
from companion.story.chapter_tale import (
    chapter_account,
    game_names,
    retelling_problem,
    tell_chapter,
    tell_chapter_tale,
)
from companion.story.llm_narrator import LLMNarrator
from companion.story.offline import OfflineNarrator
from tests.unit.story.chapter_playouts import TRAVELLERS, Played, played

LANGUAGES: tuple[Language, ...] = ("en", "ja", "es")
SEEDS = (3, 11)


def _chapters(game: Played) -> range:
    return range(1, game.states[-1].chapter + 1)


def _facts(game: Played) -> list[ChapterFacts]:
    return [chapter_facts(game.config, game.actions, chapter) for chapter in _chapters(game)]


# --- the facts ----------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", SEEDS)
def test_the_facts_agree_with_the_engines_states(seed: int) -> None:
    game = played(seed)
    for facts in _facts(game):
        first, last = game.chapter_bounds(facts.chapter)
        assert facts.event == first.event and facts.start_player == first.start_player
        order = [(first.start_player + i) % first.players for i in range(first.players)]
        assert [t.seat for t in facts.travellers] == order
        for traveller in facts.travellers:
            was, now = first.seats[traveller.seat], last.seats[traveller.seat]
            assert traveller.start == was.place
            assert (traveller.visited[-1] if traveller.visited else was.place) == now.place
            finished = [d.card for d in traveller.deeds if d.kind == "finished_quest"]
            assert finished == [q for q in now.done if q not in was.done]
            taken = {d.card for d in traveller.deeds if d.kind == "took_quest"}
            assert {q for q in now.quests if q not in was.quests} <= taken
            assert 0 < traveller.dice <= 6  # five dice, and the snake die for its holder
            for deed in traveller.deeds:
                if deed.kind == "item_found":
                    assert deed.card is None  # hidden until played (DU-8): counted, not named
        for spirit in ("rabbit", "snake"):
            owner = top_owner(last, spirit)
            winners = [t.seat for t in facts.travellers if spirit in t.spirits]
            assert winners == ([] if owner is None else [owner])


def test_a_game_has_every_kind_of_deed_across_its_chapters() -> None:
    kinds = {
        deed.kind
        for seed in SEEDS
        for facts in _facts(played(seed))
        for traveller in facts.travellers
        for deed in traveller.deeds
    }
    assert {"took_quest", "finished_quest", "item_found", "item_played"} <= kinds
    assert kinds & {"luck", "misfortune", "side_quest", "curse", "mini_quest"}


def test_a_misfortune_tells_the_option_the_traveller_chose() -> None:
    answered = []
    for seed in range(1, 40):
        game = played(seed, kind="random", length="normal")
        for before, action in zip(game.states, game.actions, strict=False):
            ask = before.pending[0] if before.pending else None
            if ask is not None and ask.kind == "misfortune" and action.type == "choose":
                answered.append((game, before.chapter, action.seat, ask.card, int(action.option)))
        if len(answered) >= 2:
            break
    assert answered, "no misfortune with two possible options in 40 seeded games"
    for game, chapter, seat, card, option in answered:
        deeds = chapter_facts(game.config, game.actions, chapter).traveller(seat).deeds
        assert any(d.kind == "misfortune" and (d.card, d.option) == (card, option) for d in deeds)
        text = tell_chapter(chapter_facts(game.config, game.actions, chapter), TRAVELLERS, "en")
        assert catalogue().story[card].title.en in text


def test_a_trade_is_told_as_a_trade_for_both_travellers() -> None:
    game = played(5, trade_first=True)
    traveller = {t.seat: t for t in chapter_facts(game.config, game.actions, 1).travellers}
    assert [d.partner for d in traveller[0].deeds if d.kind == "traded"] == [1]
    assert [d.partner for d in traveller[1].deeds if d.kind == "traded"] == [0]
    traded = game.actions[[a.type for a in game.actions].index("trade")]
    given = traded.give.quests  # type: ignore[union-attr]
    took = [d.card for d in traveller[1].deeds if d.kind == "took_quest"]
    assert not set(given) & set(took)  # a quest received in a trade is not "taken up"


def test_co_operatively_a_finished_quest_is_the_finishers() -> None:
    game = played(4, kind="heuristic", cooperative=True)
    finished = {
        (facts.chapter, t.seat, d.card)
        for facts in _facts(game)
        for t in facts.travellers
        for d in t.deeds
        if d.kind == "finished_quest"
    }
    expected = {
        (before.chapter, action.seat, action.option.partition(":")[2])  # type: ignore[union-attr]
        for before, action in zip(game.states, game.actions, strict=False)
        if action.type == "choose" and action.option.startswith("quest:")  # type: ignore[union-attr]
    }
    assert finished == expected and finished


def test_a_chapter_the_log_does_not_finish_is_refused() -> None:
    game = played(3)
    _, last = game.chapter_bounds(2)
    cut = game.states.index(last)  # the action that ends chapter 2 is not in the log
    with pytest.raises(ChapterNotFinished):
        chapter_facts(game.config, game.actions[:cut], 2)
    with pytest.raises(ChapterNotFinished):
        chapter_facts(game.config, game.actions, game.states[-1].chapter + 1)
    assert chapter_facts(game.config, game.actions[: cut + 1], 2).chapter == 2


# --- the offline tale ---------------------------------------------------------------------------


def _unknown_names(text: str, facts: ChapterFacts, language: Language) -> set[str]:
    """Game names (quests, cards, items, events, places) in `text` that the facts do not hold."""
    account = chapter_account(facts, TRAVELLERS, language)
    allowed = sorted((n for n in game_names(facts.board, language) if n in account), key=len)
    for name in reversed(allowed):  # longest first: a quest's title may hold a place's name
        text = text.replace(name, "")
    return {name for name in game_names(facts.board, language) if name in text}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("seed", SEEDS)
def test_the_offline_tale_names_every_traveller_in_turn_order(
    seed: int, language: Language
) -> None:
    for facts in _facts(played(seed)):
        text = tell_chapter(facts, TRAVELLERS, language)
        firsts = [text.find(TRAVELLERS[t.seat]) for t in facts.travellers if t.acted]
        assert len(firsts) == len(TRAVELLERS) and -1 not in firsts
        assert firsts == sorted(firsts)  # in turn order, from the chapter's start player
        assert "{" not in text and "}" not in text
        assert not _unknown_names(text, facts, language)
        if facts.event:
            assert getattr(catalogue().events[facts.event].title, language) in text


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_offline_tale_tells_the_weightiest_deeds(language: Language) -> None:
    for facts in _facts(played(11)):
        text = tell_chapter(facts, TRAVELLERS, language)
        quests = catalogue().quests
        for traveller in facts.travellers:
            for deed in traveller.deeds:
                if deed.kind == "finished_quest":  # always kept (weight 0)
                    assert getattr(quests[str(deed.card)].title, language) in text


@pytest.mark.parametrize("language", LANGUAGES)
def test_chapters_read_differently(language: Language) -> None:
    facts = _facts(played(3))
    tales = [tell_chapter(f, TRAVELLERS, language) for f in facts]
    assert len(set(tales)) == len(tales)
    first = facts[0]
    retold = [
        tell_chapter(dataclasses.replace(first, chapter=n), TRAVELLERS, language) for n in (1, 2, 3)
    ]
    # the same deeds told as another chapter: other frames, not only another ordinal
    openings = {re.split(r"(?<=[.。])\s*", tale)[0] for tale in retold}
    assert len(openings) == 3
    assert _frame_words(retold[0]) != _frame_words(retold[1])


def _frame_words(tale: str) -> set[str]:
    return set(re.findall(r"\w+", tale))


def test_no_hidden_magic_item_is_named() -> None:
    game = played(11)
    for facts in _facts(game):
        _, last = game.chapter_bounds(facts.chapter)
        played_items = {
            d.card for t in facts.travellers for d in t.deeds if d.kind == "item_played"
        }
        hidden = {i for held in last.seats for i in held.items} - played_items
        for language in LANGUAGES:
            text = tell_chapter(facts, TRAVELLERS, language)
            for item in hidden:
                assert getattr(catalogue().items[item].title, language) not in text


# --- the narrators and the table service's call ---------------------------------------------------


class _NoReferee:
    """The chapter tale never asks the referee (nothing in it is a card claim)."""

    def rule(self, *args: object, **kwargs: object) -> object:
        raise AssertionError("the chapter tale asked the referee")


def test_the_table_service_gets_the_offline_tale_from_the_log() -> None:
    game = played(3)
    narrator = OfflineNarrator(deck=once_upon_a_time_deck(), referee=_NoReferee())  # type: ignore[arg-type]
    for language in LANGUAGES:
        tale = tell_chapter_tale(narrator, game.config, game.actions, chapter=2, language=language)
        facts = chapter_facts(game.config, game.actions, 2)
        assert (tale.chapter, tale.language, tale.origin) == (2, language, "offline")
        assert tale.narrator == "offline" and tale.fallback_reason is None
        assert tale.text == tell_chapter(facts, TRAVELLERS, language)


def test_a_model_retelling_is_kept_only_when_it_passes_the_check() -> None:
    game = played(3)
    facts = chapter_facts(game.config, game.actions, 1)
    quest = next(d.card for t in facts.travellers for d in t.deeds if d.kind == "finished_quest")
    title = catalogue().quests[str(quest)].title.en
    good = f"{', '.join(TRAVELLERS)} set out, and “{title}” was done at last."
    stranger = next(q for q in catalogue().quests.values() if q.title.en not in good)
    invented = f"{good} Then they climbed to “{stranger.title.en}”."
    llm = FakeLLM(model="fake-model")
    llm.queue({"paragraph": good})
    llm.queue({"paragraph": invented})
    narrator = LLMNarrator(llm, deck=once_upon_a_time_deck(), referee=_NoReferee())  # type: ignore[arg-type]
    kept = narrator.chapter_tale(facts=facts, names=TRAVELLERS, language="en")
    assert (kept.origin, kept.narrator, kept.text) == ("model", "llm:fake-model", good)
    assert "<account>" in llm.calls[0].prompt and TRAVELLERS[0] in llm.calls[0].prompt
    refused = narrator.chapter_tale(facts=facts, names=TRAVELLERS, language="en")
    assert refused.origin == "offline" and refused.text == tell_chapter(facts, TRAVELLERS, "en")
    assert refused.fallback_reason is not None and stranger.title.en in refused.fallback_reason


def test_the_check_wants_every_traveller_who_acted() -> None:
    game = played(3)
    facts = chapter_facts(game.config, game.actions, 2)
    account = chapter_account(facts, TRAVELLERS, "en")
    everyone = " ".join(TRAVELLERS) + " travelled on."
    assert retelling_problem(everyone, account, facts, TRAVELLERS, "en") is None
    missing = retelling_problem("Ana and Ken travelled on.", account, facts, TRAVELLERS, "en")
    assert missing == "the retelling left out Mia"


def test_the_check_wants_the_asked_language_whatever_the_names() -> None:
    game = played(3, players=("花子", "Ken", "Mia"))
    facts = chapter_facts(game.config, game.actions, 1)
    names = game.config.players
    english = "花子, Ken and Mia set out along the road."
    account = chapter_account(facts, names, "ja")
    assert retelling_problem(english, account, facts, names, "en") is None
    assert retelling_problem(english, account, facts, names, "ja") == (
        "the retelling is not in Japanese"
    )
    japanese = "花子とKenとMiaは旅に出ました。"
    assert retelling_problem(japanese, account, facts, names, "ja") is None


def test_at_the_table_a_played_item_is_counted_not_named() -> None:
    game = played(11)
    kept = []
    for chapter in _chapters(game):
        facts = chapter_facts(game.config, game.actions, chapter, name_played=False)
        used = [d for t in facts.travellers for d in t.deeds if d.kind == "item_played"]
        assert all(d.card is None for d in used)
        kept += used
        for language in LANGUAGES:
            text = tell_chapter(facts, TRAVELLERS, language)
            titles = [getattr(item.title, language) for item in catalogue().items.values()]
            assert not [title for title in titles if title in text]
        assert "do not name it" in chapter_account(facts, TRAVELLERS, "en") or not used
    assert kept, "the playout played no magic item"
