"""Factum's AI storytellers (FA-2): a canned bank offline, a language model online.

An AI has no life to tell from, so whatever it tells is labelled for the table
(`ToldStory.disclaimer`): a bank story is canned, written in advance by the developers
(`data/factum_stories.yaml`); a model's story is invented on the spot (`prompts/factum_story.yaml`).

    canned = CannedStoryteller()
    told = canned.tell(hand, "ja", rng)       # a hand card that has a bank story, or None
    told = LLMStoryteller(llm).tell(card, "es")
    told = tell_story(hand, "en", rng, llm)   # the model when there is one, else the bank
    story_origin(text, "en")                  # "canned" for a bank story, else "generated"

Errors: `LLMStoryteller.tell` lets the port's `LLMError`s through (the seat decides what to do:
fall back to the bank, or pass); `ValueError` for an empty card or an unknown language.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Literal

import yaml

from companion.cards import LANGUAGES, Language, fold
from companion.llm import LLM, LLMError, delimit, render_prompt
from companion.story.context import LANGUAGE_NAMES
from companion.story.drafts import FactumStoryDraft

Origin = Literal["canned", "generated"]
_DISCLAIMERS: dict[Origin, str] = {
    "canned": "A canned story from the AI's bank, written in advance: not a lived one.",
    "generated": "A story invented by a language model for this card: not a lived one.",
}


@dataclass(frozen=True)
class ToldStory:
    card: str  # exactly as the hand holds it
    text: str
    language: Language
    origin: Origin

    @property
    def canned(self) -> bool:
        return self.origin == "canned"

    @property
    def disclaimer(self) -> str:
        """What the table is shown beside the story: it was not lived."""
        return _DISCLAIMERS[self.origin]


@cache
def story_bank() -> dict[str, dict[str, str]]:
    """Folded card title (any language) → {language: story}."""
    source = resources.files("companion.seats") / "data" / "factum_stories.yaml"
    stories = yaml.safe_load(source.read_text(encoding="utf-8"))["stories"]
    titles = resources.files("companion.story") / "data" / "factum_cards.yaml"
    cards = yaml.safe_load(titles.read_text(encoding="utf-8"))["cards"]
    bank: dict[str, dict[str, str]] = {}
    for card in cards:
        told = stories.get(card["en"])
        if told:
            for language in LANGUAGES:
                bank[fold(card[language])] = {k: str(v) for k, v in told.items()}
    return bank


@cache
def bank_stories(language: Language) -> tuple[str, ...]:
    """Every canned story of the bank in `language`, in a fixed order."""
    return tuple(sorted({told[language] for told in story_bank().values() if language in told}))


def story_origin(text: str, language: Language) -> Origin:
    """What an AI seat's story is, read from the story itself: a bank story in the table's
    language is canned (whichever way the seat came to tell it); anything else an AI tells was
    invented by the model."""
    return "canned" if text in _bank_story_set(language) else "generated"


@cache
def _bank_story_set(language: Language) -> frozenset[str]:
    return frozenset(bank_stories(language))


class CannedStoryteller:
    """Tells a bank story for one of the hand's cards, in the table's language."""

    def tellable(self, hand: Sequence[str], language: Language) -> list[str]:
        """The hand's cards (as held) that have a bank story in `language`."""
        _check_language(language)
        return [card for card in hand if language in story_bank().get(fold(card), {})]

    def options(self, hand: Sequence[str], language: Language) -> list[ToldStory]:
        """The bank story of each tellable card of the hand, in the hand's order."""
        return [
            ToldStory(card, story_bank()[fold(card)][language], language, "canned")
            for card in self.tellable(hand, language)
        ]

    def tell(self, hand: Sequence[str], language: Language, rng: random.Random) -> ToldStory | None:
        """The bank story of a random tellable card, or None when no card of the hand has one."""
        choices = self.options(hand, language)
        return rng.choice(choices) if choices else None


class LLMStoryteller:
    """Asks a language model for an invented first-person story linked to a card (FA-10)."""

    def __init__(self, llm: LLM, *, temperature: float = 0.9) -> None:
        self.llm = llm
        self.temperature = temperature

    def tell(self, card: str, language: Language) -> ToldStory:
        _check_language(language)
        if not card.strip():
            raise ValueError("card must be non-empty text")
        messages = render_prompt(
            "factum_story",
            {"language_name": LANGUAGE_NAMES[language], "card": delimit("card", card)},
        )
        draft = self.llm.generate(
            "factum_story", messages, FactumStoryDraft, temperature=self.temperature
        ).value
        return ToldStory(card, draft.story, language, "generated")


def tell_story(
    hand: Sequence[str], language: Language, rng: random.Random, llm: LLM | None = None
) -> ToldStory | None:
    """An AI storyteller's turn (FA-2): with a model, an invented story for a random hand card;
    without one, or when the model fails (`LLMError`), a canned story for a hand card that has
    one; None when neither is possible (the seat does not volunteer)."""
    if llm is not None and hand:
        try:
            return LLMStoryteller(llm).tell(rng.choice(list(hand)), language)
        except LLMError:
            pass
    return CannedStoryteller().tell(hand, language, rng)


def _check_language(language: str) -> None:
    if language not in LANGUAGES:
        raise ValueError(f"language {language!r} not one of {LANGUAGES}")
