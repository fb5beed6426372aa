"""A text prepared for ruling: language, tokens, clauses, and the guard markers found in it."""

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache

from companion.referee.patterns import Hit, Pattern, PatternIndex, compile_phrase, phrase_entries
from companion.referee.phenomena import clues, figures, hearsay, likeness, mood, names
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
    sentence_of: list[int]  # sentence number of each token
    clauses: list[Span]  # char spans of the clauses
    sentences: list[Span]
    markers: dict[str, list[Hit]] = field(default_factory=dict)  # guard kind → hits
    languages: tuple[Language, ...] = ()  # of its words: its Latin language, and "ja" if any
    figurative: list[tuple[int, int]] = field(default_factory=list)  # char spans of idiom words

    def same_clause(self, a: int, b: int) -> bool:
        return self.clause_of[a] == self.clause_of[b]

    def same_sentence(self, a: int, b: int) -> bool:
        return self.sentence_of[a] == self.sentence_of[b]

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


def _index_of(spans: Sequence[Span], position: int) -> int:
    """The number of the last span starting at or before `position`."""
    index = 0
    for i, span in enumerate(spans):
        if span.start <= position:
            index = i
    return index


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


_MARKERS: dict[str, dict[Language, tuple[str, ...]]] = {
    "irrealis": mood.IRREALIS,
    "desire": mood.DESIRE,
    "post-irrealis": mood.POST_IRREALIS,
    "perception": clues.PERCEPTION,
    "vague": clues.VAGUE_CLUES,
    "simile": figures.SIMILE,
    "representation-before": likeness.REPRESENTATION_BEFORE,
    "representation-after": likeness.REPRESENTATION_AFTER,
    "pretence": likeness.PRETENCE,
    "naming": names.NAMING,
    "told-about-before": hearsay.TOLD_ABOUT_BEFORE,
    "told-about-after": hearsay.TOLD_ABOUT_AFTER,
    "hypothetical": mood.HYPOTHETICAL,
    "purpose": mood.PURPOSE,
    "going": mood.GOING,
    "depiction-with": likeness.DEPICTION_WITH,
    "depiction-verb": likeness.DEPICTION_VERBS,
    "illusion": likeness.ILLUSION,
    "report": hearsay.REPORT,
    "denial": hearsay.DENIAL,
}


_KINDS = tuple(_MARKERS)


@cache
def _marker_index(lang: Language) -> PatternIndex:
    """Every kind of marker of a language in one index (owner: the kind's number)."""
    return PatternIndex(
        entry
        for number, kind in enumerate(_KINDS)
        for entry in phrase_entries(_MARKERS[kind][lang], lang, owner=number)
    )


@cache
def _idioms(lang: Language) -> tuple[PatternIndex, tuple[frozenset[str], ...]]:
    """The idioms of a language, and for each the keys of its figurative words (`*`-marked,
    or all of its words)."""
    entries: list[tuple[int, Pattern, bool]] = []
    figurative: list[frozenset[str]] = []
    for phrase in figures.FIGURATIVE[lang]:
        # idioms match word forms, not lemmas: "wolfed" is not "wolf", "played" not "play"
        pattern = compile_phrase(phrase.replace("*", ""), lang, noun=True, exact=True)
        if pattern is None:
            continue
        marked = [w.lstrip("*") for w in phrase.split() if w.startswith("*")]
        keys = [compile_phrase(w, lang, noun=True, exact=True) for w in marked]
        figurative.append(frozenset().union(*(k[0] for k in keys if k)) if marked else frozenset())
        entries.append((len(figurative) - 1, pattern, True))
    return PatternIndex(entries, max_gap=0), tuple(figurative)  # idioms are word for word


def _figurative_spans(tokens: list[Token], lang: Language) -> list[tuple[int, int]]:
    index, figurative = _idioms(lang)
    spans: list[tuple[int, int]] = []
    for hit in index.find(tokens):
        keys = figurative[hit.owner]
        if not keys:
            spans.append((hit.start, hit.end))
            continue
        spans += [(t.start, t.end) for t in tokens[hit.first : hit.last + 1] if t.keys & keys]
    return spans


def analyse(text: str, language: Language | None = None) -> Analysis:
    """Tokens, clauses and guard markers of a text."""
    main = detect_language(text)
    latin: LatinLanguage = detect_latin_language(text)
    if language in ("en", "es") and main != "ja":
        main = language
        latin = language
    tokens = tokenize(text, latin)
    clause_of, clauses = _clause_numbers(text, tokens)
    sentences = _spans(text, _SENTENCE_BREAK)
    sentence_of = [_index_of(sentences, token.start) for token in tokens]
    analysis = Analysis(
        text=text,
        language=main,
        latin=latin,
        tokens=tokens,
        clause_of=clause_of,
        clauses=clauses,
        sentence_of=sentence_of,
        sentences=sentences,
        languages=(latin, "ja") if any(t.lang == "ja" for t in tokens) else (latin,),
    )
    languages = analysis.languages
    analysis.markers = {kind: [] for kind in _KINDS}
    for lang in languages:
        for hit in _marker_index(lang).find(tokens):
            analysis.markers[_KINDS[hit.owner]].append(hit)
    analysis.figurative = [span for lang in languages for span in _figurative_spans(tokens, lang)]
    return analysis
