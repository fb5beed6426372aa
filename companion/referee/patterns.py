"""Word-sequence patterns (card names, rule phrases) and a matcher over tokens.

A pattern is a sequence of key sets, one per word. A text token matches a position when their
keys meet (so "stallions" meets "stallion", "met" meets "meet", 蛙 meets カエル). Multi-word
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


def compile_phrase(phrase: str, lang: Language) -> Pattern | None:
    """The pattern of a name or phrase, or None when it has no words."""
    tokens = tokenize_phrase(phrase, lang)
    while len(tokens) > 1 and tokens[0].text in _ARTICLES:
        tokens = tokens[1:]
    if not tokens:
        return None
    return tuple(t.keys for t in tokens)


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
    """Patterns indexed by their first word's keys; finds every match in a token list."""

    def __init__(self, entries: Iterable[tuple[int, Pattern]]) -> None:
        self._by_first: dict[str, list[tuple[int, Pattern]]] = defaultdict(list)
        for owner, pattern in entries:
            for key in pattern[0]:
                self._by_first[key].append((owner, pattern))

    def find(self, tokens: Sequence[Token]) -> list[Hit]:
        hits: dict[tuple[int, int, int], Hit] = {}
        for i, token in enumerate(tokens):
            seen: set[tuple[int, Pattern]] = set()
            for key in token.keys:
                for owner, pattern in self._by_first.get(key, ()):
                    if (owner, pattern) in seen:
                        continue
                    seen.add((owner, pattern))
                    last = _match_rest(tokens, i, pattern)
                    if last is not None:
                        hit = Hit(owner, i, last, token.start, tokens[last].end, words=len(pattern))
                        old = hits.get((owner, i, last))
                        if old is None:
                            hits[(owner, i, last)] = hit
        return list(hits.values())


def _match_rest(tokens: Sequence[Token], first: int, pattern: Pattern) -> int | None:
    """Index of the last token when the pattern matches from `first`, else None."""
    position = first
    for keys in pattern[1:]:
        for step in range(1, _MAX_GAP + 2):
            nxt = position + step
            if nxt >= len(tokens):
                return None
            if tokens[nxt].keys & keys:
                position = nxt
                break
        else:
            return None
    return position
