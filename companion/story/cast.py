"""The cast of a story so far, rebuilt from its sentences: nothing is kept between calls.

The hero is the first of the lexicon's hero names the story uses (the planner gave it when it
brought the hero in); the elements told are the deck's story cards whose names (label or alias,
folded) appear in the story, in the order of their latest mention. Japanese is matched without
word boundaries, longest name first, so 王子 is the prince and not the king; short hiragana
names are left out there.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from companion.cards import Deck, Group, Language, fold
from companion.story.tale_data import Hero, Lexicon


@dataclass(frozen=True)
class Cast:
    hero: Hero | None
    told: tuple[str, ...]  # card ids, least recently mentioned first
    first_told: tuple[str, ...]  # card ids, in the order the story brought them in
    groups: dict[str, Group]

    def latest(self, ids: frozenset[str] | None = None, group: Group | None = None) -> str | None:
        """The most recently told card among `ids` or of `group`."""
        for card_id in reversed(self.told):
            if (ids is None or card_id in ids) and (group is None or self.groups[card_id] is group):
                return card_id
        return None


# Short hiragana names hide inside other words (くま in 遠くまで, かぎ in かぎり): left out.
_SHORT_KANA = re.compile(r"[ぁ-ゖ]{1,3}")


@cache
def _names(deck: Deck, language: Language) -> tuple[re.Pattern[str], dict[str, str]]:
    owner: dict[str, str] = {}
    for labels in (True, False):  # a label wins over another card's alias (Dragon, not Monster)
        for card in deck.story_cards:
            if language in card.text:
                text = card.text[language]
                for name in (text.label,) if labels else text.aliases:
                    if not (language == "ja" and _SHORT_KANA.fullmatch(name)):
                        owner.setdefault(fold(name), card.id)
    alternation = "|".join(re.escape(name) for name in sorted(owner, key=len, reverse=True))
    if language == "ja":
        return re.compile(f"(?:{alternation})"), owner
    return re.compile(rf"\b(?:{alternation})\b"), owner


def told_cards(deck: Deck, story: Sequence[str], language: Language) -> tuple[str, ...]:
    """Deck card ids named in `story`, least recently mentioned first."""
    return _mentions(deck, story, language)[0]


def _mentions(
    deck: Deck, story: Sequence[str], language: Language
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(ids by latest mention, ids by first mention)."""
    pattern, owner = _names(deck, language)
    first_seen: dict[str, tuple[int, int]] = {}
    last_seen: dict[str, tuple[int, int]] = {}
    for index, sentence in enumerate(story):
        for match in pattern.finditer(fold(sentence)):
            card_id = owner[match.group()]
            last_seen[card_id] = (index, match.start())
            first_seen.setdefault(card_id, (index, match.start()))
    by_last = tuple(sorted(last_seen, key=last_seen.__getitem__))
    return by_last, tuple(sorted(first_seen, key=first_seen.__getitem__))


def find_hero(lexicon: Lexicon, story: Sequence[str]) -> Hero | None:
    """The hero the story already has: the earliest hero name of the lexicon it uses."""
    best: tuple[tuple[int, int], Hero] | None = None
    for hero in lexicon.heroes:
        if lexicon.language == "ja":
            pattern = re.compile(re.escape(hero.name))
        else:
            pattern = re.compile(rf"\b{re.escape(hero.name)}\b")
        for index, sentence in enumerate(story):
            match = pattern.search(sentence)
            if match:
                position = (index, match.start())
                if best is None or position < best[0]:
                    best = (position, hero)
                break
    return best[1] if best else None


def rebuild(deck: Deck, lexicon: Lexicon, story: Sequence[str]) -> Cast:
    by_last, by_first = _mentions(deck, story, lexicon.language)
    return Cast(
        hero=find_hero(lexicon, story),
        told=by_last,
        first_told=by_first,
        groups={card.id: card.group for card in deck.story_cards},
    )
