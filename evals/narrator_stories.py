"""Whole AI stories for the narrator eval: tables of AI seats tell 20-turn tales, then measure.

A table of four seats is dealt seven story cards and one ending card each (a seeded draw from
the bundled deck). Turn by turn the seat whose turn it is asks the narrator to continue the story
with the next unplayed card of its hand, the other seats' unplayed cards going to the referee as
`other_cards`; after the last turn that seat proposes its ending. Figures, per language:

- distinct-3-gram ratio: distinct word 3-grams / all word 3-grams of a story's continuations
  (Japanese: character 3-grams, punctuation left out), averaged over the stories;
- repeated-opener rate: sentences whose opener (first two words; Japanese: first three
  characters) is the opener of an earlier sentence of the same story;
- refer-back share: sentences after the first that name a character or place an earlier one
  named (a deck character or place the referee finds, or a capitalised / katakana name);
- endings naming something not told: linking sentences that name a deck element the referee does
  not find in the story, or a character or place name the story never used (target 0);
- chosen card mentioned (referee): continuation requests answered, i.e. a proposal the referee
  found the chosen card in (ProposalDropped otherwise);
- another player's card exposed: answers with `exposed_other_cards` > 0 (target ≤ 5%).
"""

from __future__ import annotations

import random
import re
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.cards import Deck, Group, Language, fold
from companion.referee.port import RefereePort
from companion.story import Narrator, ProposalDropped

SEATS = 4
HAND = 7
_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?")
_CAPITALISED = re.compile(r"\b[A-ZÁÉÍÓÚÑ][a-záéíóúñü]+")
_KATAKANA_NAME = re.compile(r"[ァ-ヺー]{2,}")
_JA_PUNCTUATION = re.compile(r"[\s、。！？「」『』・,.!?]")


@dataclass
class Tale:
    language: Language
    sentences: list[str] = field(default_factory=list)
    requests: int = 0
    answered: int = 0
    exposing: int = 0
    ending: tuple[str, ...] = ()  # linking sentences
    ending_sentence: str = ""


def _deal(deck: Deck, rng: random.Random) -> tuple[list[list[str]], list[str]]:
    ids = rng.sample([card.id for card in deck.story_cards], SEATS * HAND)
    hands = [ids[i * HAND : (i + 1) * HAND] for i in range(SEATS)]
    endings = [ending.id for ending in rng.sample(list(deck.endings), SEATS)]
    return hands, endings


def tell(narrator: Narrator, deck: Deck, language: Language, turns: int, seed: int) -> Tale:
    """One table's story of `turns` AI continuations and its ending."""
    hands, endings = _deal(deck, random.Random(seed))
    tale = Tale(language)
    seat = 0
    for turn in range(turns):
        seat = turn % SEATS
        card = hands[seat][0]
        others = [c for i, hand in enumerate(hands) if i != seat for c in hand]
        tale.requests += 1
        try:
            answer = narrator.continue_story(
                story=tale.sentences,
                hand=hands[seat],
                card=card,
                ending=endings[seat],
                language=language,
                other_cards=others,
            )
        except ProposalDropped:
            pass
        else:
            tale.answered += 1
            tale.exposing += answer.exposed_other_cards > 0
            tale.sentences.extend(answer.sentences)
        hands[seat].remove(card)
    try:
        ending = narrator.propose_ending(
            story=tale.sentences, ending=endings[seat], language=language
        )
    except ProposalDropped:
        return tale
    tale.ending, tale.ending_sentence = ending.linking, ending.ending_sentence
    return tale


def trigrams(text: str, language: Language) -> list[tuple[str, ...]]:
    if language == "ja":
        units: list[str] = list(_JA_PUNCTUATION.sub("", text))
    else:
        units = [w.lower() for w in _WORD.findall(text)]
    return [tuple(units[i : i + 3]) for i in range(len(units) - 2)]


def opener(sentence: str, language: Language) -> str:
    if language == "ja":
        return _JA_PUNCTUATION.sub("", sentence)[:3]
    return " ".join(w.lower() for w in _WORD.findall(sentence)[:2])


class Entities:
    """Characters and places a sentence names: deck characters and places (by the referee when
    one is given, the judge of mentions; else by their names, whole words), and names
    (capitalised words not opening the sentence, or opening it when the story uses them
    mid-sentence too; katakana words in Japanese)."""

    def __init__(self, deck: Deck, language: Language, referee: RefereePort | None) -> None:
        self.language = language
        self.referee = referee
        groups = (Group.CHARACTERS, Group.PLACES)
        self.ids = [card.id for group in groups for card in deck.in_group(group)]
        self.names = [
            (card.id, fold(name))
            for group in groups
            for card in deck.in_group(group)
            for name in card.names(language)
        ]

    def cards(self, sentences: Sequence[str]) -> list[set[str]]:
        if not sentences:
            return []
        if self.referee is not None:
            rulings = self.referee.rule_many(list(sentences), self.ids)
            return [{m.card for m in ruling.mentions} for ruling in rulings]
        return [self._named(sentence) for sentence in sentences]

    def _named(self, sentence: str) -> set[str]:
        folded = fold(sentence)
        found = set()
        for card_id, name in self.names:
            if self.language == "ja":
                hit = name in folded
            else:
                hit = re.search(rf"\b{re.escape(name)}\b", folded) is not None
            if hit:
                found.add(card_id)
        return found

    def proper_names(self, sentence: str, story_names: set[str]) -> set[str]:
        if self.language == "ja":
            return set(_KATAKANA_NAME.findall(sentence))
        names = set()
        for match in _CAPITALISED.finditer(sentence):
            before = sentence[: match.start()].strip(" \"'“¡¿«—")
            mid_sentence = before and not before.endswith((".", "!", "?", ":"))
            if mid_sentence or match.group() in story_names:
                names.add(match.group())
        return names

    def of(self, sentences: Sequence[str], story_names: set[str]) -> list[set[str]]:
        return [
            cards | self.proper_names(sentence, story_names)
            for sentence, cards in zip(sentences, self.cards(sentences), strict=True)
        ]


def _mid_sentence_names(entities: Entities, sentences: Sequence[str]) -> set[str]:
    found: set[str] = set()
    for sentence in sentences:
        found |= entities.proper_names(sentence, set())
    return found


def _distinct_ratio(tale: Tale) -> float:
    grams = [g for s in tale.sentences for g in trigrams(s, tale.language)]
    return len(set(grams)) / len(grams) if grams else 1.0


def _repeated_openers(tale: Tale) -> int:
    seen: set[str] = set()
    repeated = 0
    for sentence in tale.sentences:
        key = opener(sentence, tale.language)
        repeated += key in seen
        seen.add(key)
    return repeated


def _refer_back(tale: Tale, entities: Entities) -> tuple[int, bool]:
    """(sentences after the first naming something an earlier one named, whether the linking
    sentences name anything the story never named)."""
    names = _mid_sentence_names(entities, tale.sentences)
    told: set[str] = set()
    hits = 0
    for i, here in enumerate(entities.of(tale.sentences, names)):
        hits += bool(i and here & told)
        told |= here
    linking = set().union(*entities.of(tale.ending, names))
    return hits, bool(linking - told)


def measure(
    tales: Sequence[Tale], deck: Deck, referee: RefereePort | None = None
) -> dict[str, Any]:
    """The figures of one language's tales."""
    if not tales:
        return {}
    entities = Entities(deck, tales[0].language, referee)
    sentences = sum(len(t.sentences) for t in tales)
    later = sum(max(0, len(t.sentences) - 1) for t in tales)
    back = [_refer_back(tale, entities) for tale in tales]
    requests = sum(t.requests for t in tales)
    answered = sum(t.answered for t in tales)
    return {
        "stories": len(tales),
        "sentences": sentences,
        "distinct_3gram_ratio": statistics.fmean(_distinct_ratio(t) for t in tales),
        "repeated_opener_rate": sum(map(_repeated_openers, tales)) / sentences
        if sentences
        else 0.0,
        "refer_back_share": sum(hits for hits, _ in back) / later if later else 0.0,
        "endings_naming_untold": sum(untold for _, untold in back),
        "endings": sum(bool(t.ending_sentence) for t in tales),
        "chosen_card_mentioned": answered / requests if requests else 0.0,
        "requests": requests,
        "exposed_other_card": sum(t.exposing for t in tales) / answered if answered else 0.0,
    }


def tales_report(figures: dict[str, dict[str, Any]], shown: dict[str, list[Tale]]) -> list[str]:
    lines = ["", "Whole AI stories (4 AI seats, one continuation per turn, then an ending)"]
    for language, f in figures.items():
        if not f:
            continue
        lines.append(
            f"  {language}: {f['stories']} stories, {f['sentences']} sentences; "
            f"distinct-3-gram ratio {f['distinct_3gram_ratio']:.2f}; "
            f"repeated openers {100 * f['repeated_opener_rate']:.0f}%; "
            f"refer back to a character or place {100 * f['refer_back_share']:.0f}%; "
            f"endings naming something not told {f['endings_naming_untold']}/{f['endings']}; "
            f"chosen card mentioned (referee) {100 * f['chosen_card_mentioned']:.0f}% "
            f"of {f['requests']}; another player's card exposed "
            f"{100 * f['exposed_other_card']:.1f}%"
        )
    for language, tales in shown.items():
        for number, tale in enumerate(tales, 1):
            lines += ["", f"--- {language} story {number} ---"]
            lines += [f"  {s}" for s in tale.sentences]
            lines += [f"  [ending] {s}" for s in (*tale.ending, tale.ending_sentence) if s]
    return lines


def eval_tales(
    narrator: Narrator,
    deck: Deck,
    *,
    stories: int,
    turns: int,
    seed: int,
    show: int = 3,
    referee: RefereePort | None = None,
) -> tuple[list[str], dict[str, Any]]:
    figures: dict[str, dict[str, Any]] = {}
    shown: dict[str, list[Tale]] = {}
    for language in ("en", "ja", "es"):
        tales = [tell(narrator, deck, language, turns, seed + i) for i in range(stories)]
        figures[language] = measure(tales, deck, referee)
        shown[language] = tales[:show]
    return tales_report(figures, shown), figures
