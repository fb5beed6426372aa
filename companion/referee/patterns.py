"""Word-sequence patterns (card names, rule phrases) and a matcher over tokens.

A pattern is a sequence of key sets, one per word. A text token matches a position when their
keys meet (so "stallions" meets "stallion", "met" meets "meet", 蛙 meets カエル). A noun
pattern (the name of a thing) meets only nouns' keys: "bore" is no "bear". Multi-word
patterns may skip one filler word between their words ("fell deeply in love"), never more.
Matching is on whole tokens only: "kingdom" never matches "king", 王国 never matches 王.
"""

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from companion.referee.tokens import Language, Token, tokenize_phrase, words

Pattern = tuple[frozenset[str], ...]

# Leading articles dropped from card names ("A Journey", "An Argument", "La boda").
_ARTICLES = words("a an the un una unos unas el la los las")
_MAX_GAP = 1


def compile_phrase(
    phrase: str, lang: Language, *, noun: bool = False, exact: bool = False
) -> Pattern | None:
    """The pattern of a name or phrase, or None when it has no words. `noun`: match nouns'
    keys only; `exact` (idioms): also keep leading articles."""
    tokens = tokenize_phrase(phrase, lang)
    while not exact and len(tokens) > 1 and tokens[0].text in _ARTICLES:
        tokens = tokens[1:]
    if not tokens:
        return None
    return tuple(t.noun_keys if noun else t.keys for t in tokens)


@dataclass(frozen=True, slots=True)
class Hit:
    """Where a pattern matched: token indexes [first, last] and char offsets [start, end)."""

    owner: int  # index of the entry (card or rule part) the pattern belongs to
    first: int
    last: int
    start: int
    end: int
    words: int  # words in the pattern (longer matches are stronger evidence)


class PatternIndex:
    """Patterns indexed by their first word's keys; finds every match in a token list.

    Entries are (owner, pattern, noun): a noun pattern meets tokens' noun keys only."""

    def __init__(
        self, entries: Iterable[tuple[int, Pattern, bool]], *, max_gap: int = _MAX_GAP
    ) -> None:
        self._max_gap = max_gap
        self._by_first: tuple[dict[str, list[tuple[int, Pattern]]], ...] = (
            defaultdict(list),  # patterns matched on all keys
            defaultdict(list),  # noun patterns
        )
        for owner, pattern, noun in entries:
            for key in pattern[0]:
                self._by_first[noun][key].append((owner, pattern))

    def find(self, tokens: Sequence[Token]) -> list[Hit]:
        hits: dict[tuple[int, int, int], Hit] = {}
        for noun, by_first in enumerate(self._by_first):
            if not by_first:
                continue
            for i, token in enumerate(tokens):
                seen: set[tuple[int, Pattern]] = set()
                suffix = token.pos.startswith("接尾辞")  # 一本 is a count, not a Book
                for key in token.noun_keys if noun else token.keys:
                    for owner, pattern in by_first.get(key, ()):
                        if (owner, pattern) in seen or (noun and suffix and len(pattern) == 1):
                            continue
                        seen.add((owner, pattern))
                        last = _match_rest(tokens, i, pattern, bool(noun), self._max_gap)
                        if last is None:
                            continue
                        known = hits.get((owner, i, last))
                        if known is None or known.words < len(pattern):
                            end = tokens[last].end
                            hits[(owner, i, last)] = Hit(
                                owner, i, last, token.start, end, len(pattern)
                            )
        # A token's keys are a set, whose order changes with the process's string hashing: a
        # place keeps its longest pattern and the hits are sorted, so that every run finds and
        # lists them alike (by place, the longer first).
        return sorted(hits.values(), key=lambda h: (h.first, -h.last, h.owner))


def _match_rest(
    tokens: Sequence[Token], first: int, pattern: Pattern, noun: bool, max_gap: int
) -> int | None:
    """Index of the last token when the pattern matches from `first`, else None."""
    position = first
    for keys in pattern[1:]:
        for step in range(1, max_gap + 2):
            nxt = position + step
            if nxt >= len(tokens):
                return None
            if (tokens[nxt].noun_keys if noun else tokens[nxt].keys) & keys:
                position = nxt
                break
        else:
            return None
    return position


def phrase_entries(
    phrases: Iterable[str], lang: Language, owner: int = 0, *, noun: bool = False
) -> list[tuple[int, Pattern, bool]]:
    """Index entries for rule phrases (`noun`: matched on nouns' keys only)."""
    patterns = (compile_phrase(p, lang, noun=noun) for p in phrases)
    return [(owner, p, noun) for p in patterns if p is not None]
