"""The offline story planner over the bundled deck: its data, cast, arc and sentences."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.cards import LANGUAGES, Deck, Language, load_deck_text, once_upon_a_time_deck
from companion.referee import Referee
from companion.story import planner
from companion.story.cast import rebuild, told_cards
from companion.story.offline import OfflineNarrator
from companion.story.tale_data import TaleDataError, arc, lexicon
from tests.unit.story.conftest import DECK_YAML, FakeReferee

SLOTS = {"foe": "wolf", "friend": "fox", "place": "forest", "thing": "key"}


@pytest.fixture(scope="module")
def bundled() -> Deck:
    return once_upon_a_time_deck()


@pytest.fixture(scope="module")
def real_referee(bundled: Deck) -> Referee:
    return Referee(bundled, None)  # lexical and rule evidence only: no model to load


def full_cast(language: Language, gender: str = "f") -> dict[str, str]:
    words = lexicon(language)
    hero = next(h for h in words.heroes if h.gender == gender)
    values = {"hero": hero.name, "trade": hero.trade, **words.forms.get(gender, {})}
    values.update({slot: words.nouns[card] for slot, card in SLOTS.items()})
    return values


NAMED_TOGETHER = {"dragon": {"monster"}}  # the deck: a dragon is a monster too (shared alias)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_card_of_the_deck_has_clauses_that_bring_in_it_and_no_other_card(
    language: Language, bundled: Deck, real_referee: Referee
) -> None:
    words = lexicon(language)
    assert {card.id for card in bundled.story_cards} == set(words.cards)
    ids = [card.id for card in bundled.story_cards]
    wrong = {}
    for card in bundled.story_cards:
        templates = words.cards[card.id]
        assert len(templates) >= 2, card.id
        texts = [planner.render(t.text, full_cast(language)) or "" for t in templates]
        for text, ruling in zip(texts, real_referee.rule_many(texts, ids), strict=True):
            named = {m.card for m in ruling.mentions}
            allowed = {card.id, *SLOTS.values(), *NAMED_TOGETHER.get(card.id, ())}
            if card.id not in named or named - allowed:
                wrong[text] = sorted(named)
    assert wrong == {}


@pytest.mark.parametrize("language", LANGUAGES)
def test_openers_intros_steering_and_links_name_no_card(
    language: Language, bundled: Deck, real_referee: Referee
) -> None:
    words = lexicon(language)
    values = {k: v for k, v in full_cast(language).items() if k not in SLOTS}
    fixed = [o for pool in words.openers.values() for o in pool if o]
    fixed += [s.format_map(values) for s in (*words.intro_start, *words.intro_later)]
    for pool in (*words.frames.values(), *words.steer.values(), *words.links.values()):
        fixed += [text for line in pool if (text := planner.render(line, values))]
    ids = [card.id for card in bundled.story_cards]
    named = {
        text: [m.card for m in ruling.mentions]
        for text, ruling in zip(fixed, real_referee.rule_many(fixed, ids), strict=True)
        if ruling.mentions
    }
    assert named == {}


def test_japanese_is_told_in_the_plain_past_register() -> None:
    words = lexicon("ja")
    texts = [t.text for pool in words.cards.values() for t in pool]
    texts += [*words.intro_start, *words.intro_later]
    pools = (*words.frames.values(), *words.steer.values(), *words.links.values())
    texts += [line for pool in pools for line in pool]
    polite = re.compile(r"(です|ます|ました|ません|でした)(?![っぐ])")
    assert [t for t in texts if polite.search(t)] == []


def test_spanish_agrees_with_the_heroine_and_contracts_articles() -> None:
    cage = lexicon("es").cards["cage"][1].text  # "{hero} quedó encerrad{o} en una jaula…"
    assert (
        planner.render(cage, full_cast("es", "f")) == "Elena quedó encerrada en una jaula de hierro"
    )
    assert (
        planner.render(cage, full_cast("es", "m")) == "Tomás quedó encerrado en una jaula de hierro"
    )
    assert planner.finish("vio a el lobo de el bosque", "es") == "Vio al lobo del bosque."


def test_names_are_capitalised_and_sentences_open_with_a_capital() -> None:
    for language in ("en", "es"):
        assert all(hero.name[0].isupper() for hero in lexicon(language).heroes)
    assert planner.finish("a wolf howled", "en", "Suddenly") == "Suddenly a wolf howled."
    assert planner.finish("¿quién era?", "es") == "¿Quién era?"


def test_the_cast_is_rebuilt_from_the_story(bundled: Deck) -> None:
    story = [
        "Once upon a time there lived a young weaver named Elsa.",
        "A wolf watched her from the forest.",
        "She found a key.",
    ]
    cast = rebuild(bundled, lexicon("en"), story)
    assert cast.hero is not None and cast.hero.name == "Elsa"
    assert cast.told == ("wolf", "forest", "key")
    turn = planner.plan(bundled, story, "en", seed=1)
    assert (turn.values["foe"], turn.values["place"], turn.values["thing"]) == (
        "the wolf",
        "the forest",
        "the key",
    )
    assert told_cards(bundled, ["王子が来た。"], "ja") == ("prince",)  # not the king in 王子
    assert told_cards(bundled, ["遠くまで知れわたった。"], "ja") == ()  # no くま (bear) there
    assert told_cards(bundled, ["Un dragón volaba."], "es") == ("dragon",)  # its label wins


def test_a_new_hero_is_brought_in_once_and_kept(bundled: Deck) -> None:
    first = next(planner.continuations(bundled, [], bundled.story_card("wolf"), "end-01", "en"))
    hero = rebuild(bundled, lexicon("en"), first).hero
    assert hero is not None and hero.name in first[0]
    story = [*first, "The wolf ran off."]
    second = next(planner.continuations(bundled, story, bundled.story_card("key"), "end-01", "en"))
    assert len(second) <= 2 and all("named" not in s for s in second)  # no second hero
    assert rebuild(bundled, lexicon("en"), [*story, *second]).hero == hero


def test_after_a_sentence_about_the_hero_the_next_opens_with_a_pronoun(bundled: Deck) -> None:
    story = ["Once upon a time there lived a young weaver named Elsa.", "Elsa found a key."]
    told = list(planner.continuations(bundled, story, bundled.story_card("bridge"), "end-01", "en"))
    assert all(not s[0].split(" ", 2)[-1].startswith("Elsa") for s in told[:2])
    assert any(re.search(r"\bshe\b", s[0], re.IGNORECASE) for s in told)
    es = ["Había una vez una joven tejedora de nombre Elena.", "Elena cruzó un río."]
    told_es = next(planner.continuations(bundled, es, bundled.story_card("bridge"), "end-01", "es"))
    assert "Elena" not in told_es[0]  # the subject is dropped


def test_the_arc_advances_with_the_story_and_step_clauses_come_first(bundled: Deck) -> None:
    plot = arc()
    assert [plot.step(n * plot.sentences_per_step) for n in range(8)] == [
        *plot.steps,
        plot.steps[-1],
    ]
    story = ["Once upon a time there lived a young weaver named Elsa."] + ["She waited."] * 8
    assert plot.step(len(story)) == "departure"
    told = next(
        planner.continuations(bundled, story, bundled.story_card("journey"), "end-01", "en")
    )
    assert told[0] in {
        f"{s}."
        for s in (
            "Elsa could stay no longer and made up her mind to leave",
            "Elsa packed what little she had and left before dawn",
        )
    }  # the departure frame
    assert "set out on a long journey" in told[1]


def test_ending_links_name_only_the_hero_and_what_was_told(bundled: Deck) -> None:
    story = ["Once upon a time there lived a young weaver named Elsa.", "Elsa crossed a river."]
    links = list(planner.linking(bundled, story, "end-28", "en"))
    assert links and all(len(link) == 1 for link in links)
    hero_names = {h.name for h in lexicon("en").heroes} - {"Elsa"}
    assert not any(name in link[0] for link in links for name in hero_names)
    assert "Behind Elsa lay the river and everything that had happened there." in {
        link[0] for link in links
    }
    no_hero = list(planner.linking(bundled, ["A river ran past."], "end-28", "en"))
    assert no_hero and not any("{" in link[0] or "Elsa" in link[0] for link in no_hero)


def test_the_planner_is_a_function_of_the_request(bundled: Deck, real_referee: Referee) -> None:
    narrator = OfflineNarrator(deck=bundled, referee=real_referee)
    request = {
        "story": ["Había una vez una joven tejedora de nombre Elena."],
        "hand": ["dragon", "key"],
        "card": "dragon",
        "ending": "end-50",
        "language": "es",
        "other_cards": ["fox", "wolf"],
    }
    first = narrator.continue_story(**request)  # type: ignore[arg-type]
    again = OfflineNarrator(deck=bundled, referee=real_referee).continue_story(**request)  # type: ignore[arg-type]
    assert first == again
    assert first.narrator == "offline" and first.exposed_other_cards == 0


def test_a_card_the_planner_has_no_words_for_is_told_by_the_grammar() -> None:
    yaml_text = DECK_YAML.replace("id: sword", "id: lantern")
    deck = load_deck_text(yaml_text, "lantern deck")
    answer = OfflineNarrator(deck=deck, referee=FakeReferee(deck)).continue_story(
        story=["Once upon a time."],
        hand=["lantern"],
        card="lantern",
        ending="end-happy",
        language="en",
    )
    assert answer.text.endswith(", there was a sword.")  # the grammar's label framing


def test_malformed_data_names_the_file_and_field(tmp_path: Path) -> None:
    source = (Path(planner.__file__).parent / "data" / "tale_en.yaml").read_text(encoding="utf-8")
    (tmp_path / "tale_en.yaml").write_text(source.replace("heroes:", "heroes: 3\nold:"), "utf-8")
    with pytest.raises(TaleDataError, match=r"tale_en\.yaml: heroes"):
        lexicon.__wrapped__("en", tmp_path)


def test_characters_are_sometimes_set_near_the_latest_place(bundled: Deck) -> None:
    story = ["Once upon a time there lived a young weaver named Elsa.", "Elsa went into a forest."]
    near = re.compile(r"(not far from|close to) the forest")

    def proposals(card: str) -> list[str]:
        return [
            sentence
            for filler in range(12)  # twelve story lengths: twelve draws
            for told in planner.continuations(
                bundled, [*story, *["She waited."] * filler], bundled.story_card(card), "e", "en"
            )
            for sentence in told
        ]

    assert any(near.search(s) for s in proposals("wolf"))
    assert not any(near.search(s) for s in proposals("brave") + proposals("key"))  # nor things


@pytest.mark.parametrize(
    ("language", "story", "hero", "agreeing"),
    [
        ("en", "Once upon a time a princess lived in a castle.", "the princess", "she"),
        ("es", "Érase una vez una princesa que vivía en un castillo.", "la princesa", "encerrada"),
        ("ja", "むかしむかし、城に王女が住んでいた。", "王女", "王女"),
    ],
)
def test_a_story_people_began_keeps_its_own_hero(
    bundled: Deck, language: Language, story: str, hero: str, agreeing: str
) -> None:
    cast = rebuild(bundled, lexicon(language), [story])
    turn = planner.plan(bundled, [story], language, seed=3)
    assert cast.hero is None and turn.hero.card == "princess" and turn.intro is None
    assert turn.values["hero"] == hero
    cage = [planner.render(t.text, turn.values) for t in lexicon(language).cards["cage"]]
    told = " ".join(c for c in cage if c)
    assert agreeing in told or language == "en"
    key = next(planner.continuations(bundled, [story], bundled.story_card("key"), "e", language))
    assert len(key) == 1 and hero.lower() in key[0].lower()  # no new hero brought in


def test_another_players_card_is_never_made_the_hero(bundled: Deck) -> None:
    story = ["Once upon a time a princess lived in a castle."]
    told = next(
        planner.continuations(
            bundled, story, bundled.story_card("key"), "e", "en", avoid=frozenset({"princess"})
        )
    )
    hero = rebuild(bundled, lexicon("en"), told).hero  # a hero of the planner's, brought in
    assert len(told) == 2 and hero is not None and "princess" not in " ".join(told)
    assert told[1].split(" ", 2)[:2] != told[0].split(" ", 2)[:2]  # not the intro's opener


def test_each_arc_step_opens_with_one_frame_whatever_fills_it(bundled: Deck) -> None:
    story = [
        "Once upon a time there lived a young weaver named Elsa.",
        "A dragon circled overhead.",
        "Elsa waited.",
        "Elsa waited again.",
    ]
    first = next(planner.continuations(bundled, story, bundled.story_card("key"), "e", "en"))
    frames = {
        "But Elsa's quiet days were numbered.",
        "From then on, the dragon gave Elsa no peace.",
    }
    assert first[0] in frames  # the lack step's frame
    story += ["From then on, the dragon gave Elsa no peace.", "A giant came."]
    again = next(planner.continuations(bundled, story, bundled.story_card("key"), "e", "en"))
    assert not any("no peace" in s or "were numbered" in s for s in again)  # not the giant's
