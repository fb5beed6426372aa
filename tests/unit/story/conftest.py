"""Story-task fixtures: a small deck of our own, a lexical fake referee, a FakeLLM.

No test here can reach a model server: the narrator is given a `FakeLLM` (and the root
conftest refuses any real OpenAI request anyway).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

import pytest

from companion.cards import LANGUAGES, Deck, Language, fold, load_deck_text
from companion.llm import FakeLLM
from companion.story.llm_narrator import LLMNarrator
from companion.story.offline import OfflineNarrator

DECK_YAML = """
game: once_upon_a_time
name: Test deck
story_cards:
  - id: king
    group: characters
    en: {label: King, aliases: [monarch], prototypes: [the old king ruled the land]}
    ja: {label: 王, aliases: [王様], prototypes: [年老いた王が国を治めていた]}
    es: {label: Rey, aliases: [monarca], prototypes: [el viejo rey gobernaba el país]}
  - id: wolf
    group: characters
    en: {label: Wolf, aliases: [wolves], prototypes: [a hungry wolf howled at the moon]}
    ja: {label: 狼, aliases: [オオカミ], prototypes: [腹をすかせた狼が吠えた]}
    es: {label: Lobo, aliases: [lobos], prototypes: [un lobo hambriento aullaba]}
  - id: hunter
    group: characters
    en: {label: Hunter, prototypes: [the hunter followed the wolf]}
    ja: {label: 狩人, prototypes: [狩人は狼を追った]}
    es: {label: Cazador, prototypes: [el cazador siguió al lobo]}
  - id: forest
    group: places
    en: {label: Forest, aliases: [woods], prototypes: [she slept in the forest]}
    ja: {label: 森, prototypes: [彼女は森で眠った]}
    es: {label: Bosque, prototypes: [se durmió en el bosque]}
  - id: key
    group: items
    en: {label: Key, aliases: [keys], prototypes: [a small golden key]}
    ja: {label: 鍵, prototypes: [小さな金の鍵]}
    es: {label: Llave, prototypes: [una pequeña llave de oro]}
  - id: sword
    group: items
    en: {label: Sword, aliases: [blade]}
    ja: {label: 剣}
    es: {label: Espada}
  - id: storm
    group: events
    interrupt: true
    en: {label: A Storm, aliases: [storm], prototypes: [a terrible storm broke over the sea]}
    ja: {label: 嵐, prototypes: [海にひどい嵐が来た]}
    es: {label: Una Tormenta, aliases: [tormenta], prototypes: [estalló una terrible tormenta]}
endings:
  - id: end-happy
    en: And they all lived happily ever after.
    ja: そしてみんな末永く幸せに暮らしました。
    es: Y vivieron felices para siempre.
  - id: end-wolf
    en: And the wolf was never seen again.
    ja: そして狼は二度と姿を見せませんでした。
    es: Y nunca más se volvió a ver al lobo.
"""


@dataclass(frozen=True)
class FakeMention:
    card: str
    card_id: str | None
    score: float
    evidence: str


@dataclass(frozen=True)
class FakeRuling:
    text: str
    mentions: tuple[FakeMention, ...]


@dataclass
class FakeReferee:
    """Flags a card when one of its names, in any language, is in the text (whole words)."""

    deck: Deck
    calls: list[tuple[str, tuple[str, ...]]] = field(default_factory=list)

    def rule(
        self,
        text: str,
        cards: Sequence[str],
        *,
        story: Sequence[str] = (),
        language: Language | None = None,
    ) -> FakeRuling:
        self.calls.append((text, tuple(cards)))
        folded = fold(text)
        mentions = []
        for card in dict.fromkeys(cards):
            resolved = self.deck.resolve(card)
            names = [n for lang in LANGUAGES for n in resolved.names(lang)] if resolved else [card]
            for name in names:
                if _contains(folded, fold(name)):
                    mentions.append(FakeMention(card, resolved.id if resolved else None, 0.9, name))
                    break
        return FakeRuling(text, tuple(mentions))

    def rule_many(self, texts: Sequence[str], cards: Sequence[str]) -> list[FakeRuling]:
        return [self.rule(text, cards) for text in texts]


class DeafReferee(FakeReferee):
    """A referee that never hears any card: nothing can pass its checks."""

    def rule(
        self,
        text: str,
        cards: Sequence[str],
        *,
        story: Sequence[str] = (),
        language: Language | None = None,
    ) -> FakeRuling:
        self.calls.append((text, tuple(cards)))
        return FakeRuling(text, ())


def _contains(text: str, name: str) -> bool:
    if not name.isascii():
        return name in text
    return re.search(rf"\b{re.escape(name)}\b", text) is not None


@pytest.fixture(scope="session")
def deck() -> Deck:
    return load_deck_text(DECK_YAML, "tests/unit/story/conftest.py")


@pytest.fixture
def referee(deck: Deck) -> FakeReferee:
    return FakeReferee(deck)


@pytest.fixture
def llm() -> FakeLLM:
    return FakeLLM(model="fake-model")


@pytest.fixture
def narrator(llm: FakeLLM, deck: Deck, referee: FakeReferee) -> LLMNarrator:
    return LLMNarrator(llm, deck=deck, referee=referee)


@pytest.fixture
def offline(deck: Deck, referee: FakeReferee) -> OfflineNarrator:
    return OfflineNarrator(deck=deck, referee=referee)
