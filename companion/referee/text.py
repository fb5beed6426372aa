"""A text prepared for ruling: language, tokens, clauses, and the guard markers found in it."""

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache

from companion.referee import rules
from companion.referee.patterns import Hit, PatternIndex, compile_phrase
from companion.referee.tokens import (
    Language,
    LatinLanguage,
    Token,
    detect_language,
    detect_latin_language,
    tokenize,
    words,
)

# Clause breaks: punctuation, and conjunctions that start a new predicate.
_CLAUSE_BREAK = re.compile(r"[.!?;:,。！？、；：，\n()（）「」『』\"“”]|\s[-–—]\s")
_SENTENCE_BREAK = re.compile(r"[.!?。！？\n]+")
_CLAUSE_WORDS = words(
    "but and then so because while when although though yet or "
    "pero y luego entonces porque mientras cuando aunque o"
)
_JA_CLAUSE_PARTICLES = words("が けど けれど から ので のに")


@dataclass(frozen=True)
class Span:
    start: int
    end: int


@dataclass
class Analysis:
    """Everything the matchers need to know about one text, computed once."""

    text: str
    language: Language  # the text's main language
    latin: LatinLanguage  # language of its Latin-script words
    tokens: list[Token]
    clause_of: list[int]  # clause number of each token
    clauses: list[Span]  # char spans of the clauses
    sentences: list[Span]
    markers: dict[str, list[Hit]] = field(default_factory=dict)  # guard kind → hits

    def same_clause(self, a: int, b: int) -> bool:
        return self.clause_of[a] == self.clause_of[b]

    def clause_span(self, token: int) -> Span:
        return self.clauses[self.clause_of[token]]


def _spans(text: str, breaks: re.Pattern[str]) -> list[Span]:
    spans: list[Span] = []
    position = 0
    for m in breaks.finditer(text):
        if text[position : m.start()].strip():
            spans.append(Span(position, m.start()))
        position = m.end()
    if text[position:].strip():
        spans.append(Span(position, len(text)))
    return spans or [Span(0, len(text))]


def _clause_numbers(text: str, tokens: Sequence[Token]) -> tuple[list[int], list[Span]]:
    """Clause number per token: a new clause after punctuation, before a clause-starting
    conjunction ("but", "pero"), or after a Japanese conjunctive particle (が, けど, ので)."""
    breaks = [m.start() for m in _CLAUSE_BREAK.finditer(text)]
    numbers: list[int] = []
    clause = 0
    b = 0
    for i, token in enumerate(tokens):
        crossed = False
        while b < len(breaks) and breaks[b] < token.start:
            b += 1
            crossed = True
        previous = tokens[i - 1] if i else None
        if previous is not None and (
            crossed
            or (token.lang != "ja" and token.text in _CLAUSE_WORDS)
            or (previous.pos == "助詞-接続助詞" and previous.text in _JA_CLAUSE_PARTICLES)
        ):
            clause += 1
        numbers.append(clause)
    spans: list[Span] = []
    for token, number in zip(tokens, numbers, strict=True):
        if number == len(spans):
            spans.append(Span(token.start, token.end))
        else:
            spans[number] = Span(spans[number].start, token.end)
    return numbers, spans


@cache
def _marker_index(kind: str, lang: Language) -> PatternIndex:
    table: dict[str, dict[Language, tuple[str, ...]]] = {
        "irrealis": rules.IRREALIS,
        "perception": rules.PERCEPTION,
        "vague": rules.VAGUE_CLUES,
    }
    entries = []
    for phrase in table[kind][lang]:
        pattern = compile_phrase(phrase, lang)
        if pattern is not None:
            entries.append((0, pattern))
    return PatternIndex(entries)


def analyse(text: str, language: Language | None = None) -> Analysis:
    """Tokens, clauses and guard markers of a text."""
    main = detect_language(text)
    latin: LatinLanguage = detect_latin_language(text)
    if language in ("en", "es") and main != "ja":
        main = language
        latin = language
    tokens = tokenize(text, latin)
    clause_of, clauses = _clause_numbers(text, tokens)
    analysis = Analysis(
        text=text,
        language=main,
        latin=latin,
        tokens=tokens,
        clause_of=clause_of,
        clauses=clauses,
        sentences=_spans(text, _SENTENCE_BREAK),
    )
    languages: list[Language] = [latin]
    if any(t.lang == "ja" for t in tokens):
        languages.append("ja")
    for kind in ("irrealis", "perception", "vague"):
        analysis.markers[kind] = [
            hit for lang in languages for hit in _marker_index(kind, lang).find(tokens)
        ]
    return analysis
