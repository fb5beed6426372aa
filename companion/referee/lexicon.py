"""The cards asked about, resolved against the deck, and their word patterns in each language.

A card given as "Forest", "森", "Bosque" or "forest" resolves to the same deck card, whose names
in all three languages are then matched, each against words of its own language (English names
against English narration, and so on: "son" is English for a son but Spanish for "they are").
A label that names no deck card is a free-text card, matched by its own words in any language.
"""

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from companion.cards import Deck, Group, StoryCard, fold
from companion.referee.inferences import INFERENCES, ROYAL_BIRTHS, Inference
from companion.referee.patterns import Hit, Pattern, PatternIndex, compile_phrase, phrase_entries
from companion.referee.tokens import Language, LatinLanguage, Token, has_japanese


@dataclass(frozen=True)
class Target:
    """One card asked about: as the caller gave it, and what it resolved to. Compared and
    hashed by its strings only (cheap as a cache key)."""

    given: str
    card: StoryCard | None = field(compare=False)  # None: a free-text card
    key: str = field(init=False)  # deck id, or "free:" + the folded label
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        key = self.card.id if self.card is not None else "free:" + fold(self.given)
        object.__setattr__(self, "key", key)
        # Targets key the referee's caches (a table's held cards, hashed on every ruling):
        # the hash is computed once, not from a fresh tuple each time.
        object.__setattr__(self, "_hash", hash((self.given, key)))

    def __hash__(self) -> int:
        return self._hash

    def label(self, language: Language = "en") -> str:
        return self.card.label(language) if self.card is not None else self.given.strip()


class Resolver:
    """Resolves card names against a deck, remembering the answers (bounded)."""

    def __init__(self, deck: Deck, cache_size: int = 4096) -> None:
        self.deck = deck
        self._cache: dict[str, Target] = {}
        self._cache_size = cache_size

    def target(self, given: str) -> Target:
        target = self._cache.get(given)
        if target is None:
            if len(self._cache) >= self._cache_size:
                self._cache.clear()
            target = Target(given=given, card=self.deck.resolve(given))
            self._cache[given] = target
        return target

    def resolve(self, cards: Sequence[str]) -> list[Target]:
        """The distinct cards asked about, in the order given; blanks are dropped."""
        out: dict[str, Target] = {}
        for given in cards:
            if isinstance(given, str) and given.strip():
                target = self.target(given)
                out.setdefault(target.key, target)
        return list(out.values())


def resolve(deck: Deck, cards: Sequence[str]) -> list[Target]:
    """The distinct cards asked about, in the order given; blanks are dropped."""
    return Resolver(deck).resolve(cards)


_NOUN_GROUPS = frozenset({Group.CHARACTERS, Group.ITEMS, Group.PLACES})


@lru_cache(maxsize=4096)
def _free_patterns(label: str) -> tuple[Pattern, ...]:
    languages: tuple[Language, ...] = ("ja",) if has_japanese(label) else ("en", "es")
    patterns = (compile_phrase(label, lang) for lang in languages)
    return tuple(p for p in patterns if p is not None)


def is_noun_card(target: Target) -> bool:
    """Names of characters, items and places are nouns; events and aspects are predicates
    (and free-text cards may be either, so they match on every form)."""
    return target.card is not None and target.card.group in _NOUN_GROUPS


class Lexicon:
    """One deck's name patterns, and pattern indexes per set of cards and text language,
    built on first use and reused (a table's held cards change rarely)."""

    def __init__(self, cache_size: int = 2048) -> None:
        """`cache_size`: card sets whose index is kept (one per live table's held cards, and
        the subsets the cast rules story lines for; an index is a few kilobytes)."""
        self._card_patterns: dict[tuple[str, Language], tuple[Pattern, ...]] = {}
        self._index = lru_cache(maxsize=cache_size)(self._build)

    def patterns(self, target: Target, lang: Language) -> tuple[Pattern, ...]:
        card = target.card
        if card is None:
            return _free_patterns(target.given.strip())
        key = (card.id, lang)
        if key not in self._card_patterns:
            names = card.names(lang) if lang in card.text else ()
            noun = is_noun_card(target)
            compiled = (compile_phrase(name, lang, noun=noun) for name in names)
            self._card_patterns[key] = tuple(p for p in compiled if p is not None)
        return self._card_patterns[key]

    def _build(
        self, targets: tuple[Target, ...], latin: LatinLanguage, japanese: bool
    ) -> PatternIndex:
        languages: tuple[Language, ...] = (latin, "ja") if japanese else (latin,)
        entries: list[tuple[int, Pattern, bool]] = []
        for owner, target in enumerate(targets):
            noun = is_noun_card(target)
            for lang in languages if target.card is not None else (latin,):
                entries += [(owner, pattern, noun) for pattern in self.patterns(target, lang)]
        return PatternIndex(entries)

    def find(
        self, targets: tuple[Target, ...], tokens: Sequence[Token], latin: LatinLanguage
    ) -> list[Hit]:
        """Name matches; `owner` is the index of the target in `targets`."""
        japanese = any(t.lang == "ja" for t in tokens)  # (tokens may be a rule's, not a text's)
        return self._index(targets, latin, japanese).find(tokens)


@dataclass(frozen=True)
class CompiledInference:
    rule: Inference
    first: PatternIndex
    second: PatternIndex | None  # None: the first kind of word is enough


@lru_cache(maxsize=1)
def _inferences() -> dict[tuple[str, Language], tuple[CompiledInference, ...]]:
    out: dict[tuple[str, Language], list[CompiledInference]] = {}
    for rule in INFERENCES:
        second = PatternIndex(phrase_entries(rule.second, rule.lang)) if rule.second else None
        compiled = CompiledInference(
            rule, PatternIndex(phrase_entries(rule.first, rule.lang)), second
        )
        out.setdefault((rule.card, rule.lang), []).append(compiled)
    return {key: tuple(value) for key, value in out.items()}


# The deck ids that some inference rule (or a royal birth) can find.
INFERRED_CARDS = frozenset(rule.card for rule in INFERENCES) | frozenset(ROYAL_BIRTHS)


def inferences_for(card_id: str, languages: Sequence[Language]) -> list[CompiledInference]:
    table = _inferences()
    return [rule for lang in languages for rule in table.get((card_id, lang), ())]


@lru_cache(maxsize=64)
def phrase_index(phrases: tuple[str, ...], lang: Language, *, noun: bool = False) -> PatternIndex:
    """An index over a tuple of rule phrases (royal words, birth words, …)."""
    return PatternIndex(phrase_entries(phrases, lang, noun=noun))
