"""The cards asked about, resolved against the deck, and their word patterns in each language.

A card given as "Forest", "森", "Bosque" or "forest" resolves to the same deck card, whose names
in all three languages are then matched, each against words of its own language (English names
against English narration, and so on: "son" is English for a son but Spanish for "they are").
A label that names no deck card is a free-text card, matched by its own words in any language.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from companion.cards import Deck, StoryCard, fold
from companion.referee import rules
from companion.referee.patterns import Hit, Pattern, PatternIndex, compile_phrase
from companion.referee.tokens import Language, LatinLanguage, Token, has_japanese


@dataclass(frozen=True)
class Target:
    """One card asked about: as the caller gave it, and what it resolved to."""

    given: str
    card: StoryCard | None  # None: a free-text card

    @property
    def key(self) -> str:
        return self.card.id if self.card is not None else "free:" + fold(self.given)

    def label(self, language: Language = "en") -> str:
        return self.card.label(language) if self.card is not None else self.given.strip()


def resolve(deck: Deck, cards: Sequence[str]) -> list[Target]:
    """The distinct cards asked about, in the order given; blanks are dropped."""
    out: dict[str, Target] = {}
    for given in cards:
        if not isinstance(given, str) or not given.strip():
            continue
        target = Target(given=given, card=deck.resolve(given))
        out.setdefault(target.key, target)
    return list(out.values())


@lru_cache(maxsize=4096)
def _free_patterns(label: str) -> tuple[Pattern, ...]:
    languages: tuple[Language, ...] = ("ja",) if has_japanese(label) else ("en", "es")
    patterns = (compile_phrase(label, lang) for lang in languages)
    return tuple(p for p in patterns if p is not None)


class Lexicon:
    """One deck's name patterns, and pattern indexes per set of cards and text language,
    built on first use and reused (a table's held cards change rarely)."""

    def __init__(self, cache_size: int = 256) -> None:
        self._card_patterns: dict[tuple[str, Language], tuple[Pattern, ...]] = {}
        self._index = lru_cache(maxsize=cache_size)(self._build)

    def patterns(self, target: Target, lang: Language) -> tuple[Pattern, ...]:
        card = target.card
        if card is None:
            return _free_patterns(target.given.strip())
        key = (card.id, lang)
        if key not in self._card_patterns:
            names = card.names(lang) if lang in card.text else ()
            compiled = (compile_phrase(name, lang) for name in names)
            self._card_patterns[key] = tuple(p for p in compiled if p is not None)
        return self._card_patterns[key]

    def _build(
        self, targets: tuple[Target, ...], latin: LatinLanguage, japanese: bool
    ) -> PatternIndex:
        languages: tuple[Language, ...] = (latin, "ja") if japanese else (latin,)
        entries: list[tuple[int, Pattern]] = []
        for owner, target in enumerate(targets):
            for lang in languages if target.card is not None else (latin,):
                entries += [(owner, pattern) for pattern in self.patterns(target, lang)]
        return PatternIndex(entries)

    def find(
        self, targets: tuple[Target, ...], tokens: Sequence[Token], latin: LatinLanguage
    ) -> list[Hit]:
        """Name matches; `owner` is the index of the target in `targets`."""
        japanese = any(t.lang == "ja" for t in tokens)
        return self._index(targets, latin, japanese).find(tokens)


@dataclass(frozen=True)
class _CompiledInference:
    rule: rules.Inference
    first: PatternIndex
    second: PatternIndex


@lru_cache(maxsize=1)
def _inferences() -> dict[tuple[str, Language], tuple[_CompiledInference, ...]]:
    out: dict[tuple[str, Language], list[_CompiledInference]] = {}
    for rule in rules.INFERENCES:
        first = [p for p in (compile_phrase(w, rule.lang) for w in rule.first) if p is not None]
        second = [p for p in (compile_phrase(w, rule.lang) for w in rule.second) if p is not None]
        compiled = _CompiledInference(
            rule, PatternIndex((0, p) for p in first), PatternIndex((0, p) for p in second)
        )
        out.setdefault((rule.card, rule.lang), []).append(compiled)
    return {key: tuple(value) for key, value in out.items()}


def inferences_for(card_id: str, languages: Sequence[Language]) -> list[_CompiledInference]:
    table = _inferences()
    return [rule for lang in languages for rule in table.get((card_id, lang), ())]


@lru_cache(maxsize=64)
def phrase_index(phrases: tuple[str, ...], lang: Language) -> PatternIndex:
    """An index over a tuple of rule phrases (royal words, birth words, …)."""
    patterns = (compile_phrase(p, lang) for p in phrases)
    return PatternIndex((0, p) for p in patterns if p is not None)
