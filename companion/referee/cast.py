"""The story so far: who and what it has brought in (the cast), and later descriptions of them.

A story line that brought in a held card (a wolf, a woodcutter, 大工) makes that card an
*element* of the cast. A later definite description of an element — its class ("the creature",
"el animalito", その男), a kind of it or its role ("the bird" after a heron, "the craftsman"
after a carpenter) — mentions it again, so its card fires (LABELLING.md, `story-dependent`).
Pronouns, possessives and null subjects are no descriptions ("she", su, 彼女, "Bebió y se
fue"), and an indefinite phrase brings in someone new ("a man came in"): neither is a candidate.

1. The cast: the last `WINDOW` story lines are ruled by the referee itself, without a story
   (so no recursion), against the held cards; the answer is remembered per (line, card) in a
   bounded cache, so a table's story is ruled once per line, not once per sentence.
2. Candidates: definite noun phrases of the text (a determiner or demonstrative of
   `data/cast.yaml`, up to `MAX_WORDS` words; Japanese その/あの/この + noun, or a bare class
   noun marked as the topic with は; singular) whose words name no held card. One that names
   a deck card that is not held describes only an element that is one ("the bird" after a
   heron if the deck calls a heron a bird; never "the king" after a queen).
3. Linking, by class and by closeness: a candidate whose head is a class noun (person, animal,
   thing, place: `data/cast.yaml`) matches the elements of that class; an element's class comes
   from its own words (class nouns, animal words), else from its deck group, else, for a card
   the deck does not know, from an agent-noun ending (potter, barquero, 漁師 are people). A
   candidate that names no class, or an element of unknown class, needs the embedding of the
   description to be close to the element's words (a cut-off per language, calibrated on the
   dev split). The most recent compatible element wins (on one line, the closest); a candidate
   re-mentions one element at most, and none when that element is named in the text itself.

Why classes come from words and the deck, not from embeddings: measured on 42-53 labelled
words in the three languages, the nearest class prototype ("a person", "an animal", …) was right
for 16/42 with MiniLM and 25/42 with e5, and a logistic probe trained on the deck's names 29/53
(MiniLM) and 39/53 (e5): too weak to decide "the creature" against a woodcutter.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache, partial
from pathlib import Path
from typing import Literal, Protocol

import yaml

from companion.cards import fold
from companion.referee.inferences import ANIMALS
from companion.referee.lexicon import Target
from companion.referee.models import Ruling
from companion.referee.text import Analysis
from companion.referee.tokens import Language, Token, tokenize_phrase
from embeddings import Embedder

DATA_PATH = Path(__file__).resolve().parent / "data" / "cast.yaml"
STOPWORDS_PATH = DATA_PATH.with_name("stopwords.yaml")
WINDOW = 10  # story lines looked back at
MAX_WORDS = 3  # words after a determiner that a description may have
Kind = Literal["person", "animal", "thing", "place"]
KINDS: tuple[Kind, ...] = ("person", "animal", "thing", "place")
_GROUP_KINDS: Mapping[str, Kind] = {"characters": "person", "items": "thing", "places": "place"}
_JA_NOUN = "名詞"
_JA_STOP = ("助詞", "助動詞", "動詞", "補助記号", "接続詞")

Where = tuple[int, int]  # a span of a story line: (start, end)

# rules the story's lines: (lines, card names as given, language) → one ruling per line
RuleLines = Callable[[Sequence[str], Sequence[str], Language | None], list[Ruling]]


class Judge(Protocol):
    """A model's word on the elements the cast's own links left: for held cards (target
    indexes) the story brought in, the probability that the text brings each in again, and
    the probability a flag needs."""

    @property
    def threshold(self) -> float: ...

    def __call__(self, targets: Sequence[int]) -> Sequence[float]: ...


@dataclass(frozen=True)
class Thresholds:
    """Cosine cut-offs of a description against an element's words, per text language:
    `by_closeness` links a description that names no class ("the craftsman"); `unknown_kind`
    links a class noun ("the man") to an element whose class cannot be told. Calibrated on the
    dev split by `python -m evals.cast_calibration` (best F1, the lowest tied cut-off plus 0.10;
    never where no dev case moves). One override: Japanese stays off although the dev sweep
    picks 0.35 on a single case, because the referee's MiniLM barely reads Japanese (it put
    その職人 closer to a wolf than to a carpenter); above 1 means never."""

    by_closeness: Mapping[Language, float] = field(
        default_factory=lambda: {"en": 0.55, "es": 0.60, "ja": 1.01}
    )
    unknown_kind: Mapping[Language, float] = field(
        default_factory=lambda: {"en": 1.01, "es": 1.01, "ja": 1.01}
    )
    kind_score: float = 0.80  # score of a re-mention by class
    closeness_score: float = 0.75  # score of a re-mention by closeness


@dataclass(frozen=True)
class Element:
    """A held card the story brought in: which (index in the ruling's targets), on which line
    (index into the story as given), by which words, and its class when it can be told."""

    target: int
    line: int
    evidence: str
    kind: Kind | None


@dataclass(frozen=True)
class Candidate:
    """A definite description in the text: its words (token indexes), its char span, and the
    class its head names (None: it names none)."""

    first: int
    last: int
    start: int
    end: int
    kind: Kind | None
    names: tuple[str, ...] = ()  # deck cards (not held) its words name: "the bird" → bird


# a card name found in the text: its char span, and the deck id of a card that is not held
# (None: a held card, whose own evidence it is)
Named = tuple[int, int, str | None]


@dataclass(frozen=True)
class ReMention:
    """A candidate linked to an element: the target it mentions again, and why."""

    target: int
    start: int
    end: int
    score: float
    element: Element


@dataclass(frozen=True)
class _Language:
    determiners: frozenset[str]
    class_nouns: Mapping[str, Kind]  # folded noun → class
    agent_suffixes: tuple[str, ...]
    topic_particles: frozenset[str]


@cache
def language_data() -> Mapping[Language, _Language]:
    """`data/cast.yaml`, per language."""
    raw = yaml.safe_load(DATA_PATH.read_text(encoding="utf-8"))
    out: dict[Language, _Language] = {}
    for lang in ("en", "es", "ja"):
        nouns: dict[str, Kind] = {}
        for kind in KINDS:
            for word in str(raw["class_nouns"][kind][lang]).split():
                nouns[fold(word)] = kind
        out[lang] = _Language(
            determiners=frozenset(fold(w) for w in str(raw["determiners"][lang]).split()),
            class_nouns=nouns,
            agent_suffixes=tuple(str(raw["agent_suffixes"][lang]).split()),
            topic_particles=frozenset(str(raw.get("topic_particles", {}).get(lang, "")).split()),
        )
    return out


@cache
def _animal_words() -> frozenset[str]:
    """Folded animal words of the three languages (inferences.ANIMALS, "an animal that
    speaks"): what tells an element's class from its own words."""
    return frozenset(fold(phrase) for phrases in ANIMALS.values() for phrase in phrases)


_DIMINUTIVES = ("cito", "cita", "ito", "ita", "illo", "illa")
_JA_PLURALS = frozenset({"たち", "達", "ら", "ども"})


def _class_of_token(token: Token) -> Kind | None:
    """The class a word names, in any language, in the singular: its surface form (and for
    Spanish the stem of a diminutive: "animalito", "hombrecito"). A plural ("the men", "los
    hombres") is a group, not one element."""
    keys = {token.text, token.text.removesuffix("'s")}  # "the man's axe" names the man
    if token.lang == "es" and not token.text.endswith("s"):
        keys |= {token.text[: -len(d)] for d in _DIMINUTIVES if token.text.endswith(d)}
        keys |= token.noun_keys  # singular forms only here: "muchachito" → "muchacho"
    if token.lang == "ja":
        keys = set(token.noun_keys)  # no plural inflection (たち follows: see _JA_PLURALS)
    for data in language_data().values():
        for key in keys:
            kind = data.class_nouns.get(key)
            if kind is not None:
                return kind
    return None


@cache
def class_of_words(words: str) -> Kind | None:
    """The class a phrase names by its own words ("shepherd boy": person, "un lobo": animal,
    子羊: animal), or None."""
    languages: tuple[Language, ...] = ("en", "es", "ja")
    for lang in languages:
        for token in tokenize_phrase(words, lang):
            if token.noun_keys & _animal_words():
                return "animal"
            kind = _class_of_token(token)
            if kind is not None:
                return kind
    return None


def _has_agent_suffix(label: str) -> bool:
    """The label's last word ends like a noun for a person by trade or role, with a stem
    before the ending (three letters; one Japanese character: 漁師, 陶工)."""
    word = fold(label.strip().split()[-1]) if label.strip() else ""
    for lang, data in language_data().items():
        stem = 1 if lang == "ja" else 3
        if any(word.endswith(s) and len(word) >= len(s) + stem for s in data.agent_suffixes):
            return True
    return False


def class_of_element(target: Target, evidence: str) -> Kind | None:
    """The class of a held card the story brought in by `evidence`. A deck item or place is a
    thing or a place; a deck character is an animal when its words or names are an animal's,
    else a person. A card the deck does not know: the class its words name, else a person when
    its label ends like an agent noun (potter, barquero, 漁師), else None (cannot be told)."""
    own = class_of_words(evidence) or class_of_words(target.given)
    card = target.card
    if card is None:
        return own or ("person" if _has_agent_suffix(target.given) else None)
    group_kind = _GROUP_KINDS.get(card.group.value)
    if group_kind != "person":
        return group_kind
    names = [name for lang in card.text for name in card.names(lang)]
    if own == "animal" or any(class_of_words(name) == "animal" for name in names):
        return "animal"
    return "person"


def candidates(analysis: Analysis, named: Sequence[Named]) -> list[Candidate]:
    """The definite descriptions of the text that name no held card; those naming a deck card
    that is not held keep its id (`Candidate.names`): "the bird" may describe a heron, but only
    if a heron is a bird."""
    tokens = analysis.tokens
    out: list[Candidate] = []
    for i, token in enumerate(tokens):
        data = language_data()[token.lang]
        found: Candidate | None = None
        if token.text in data.determiners:
            found = _after_determiner(analysis, i)
        elif token.lang == "ja" and token.pos.startswith(_JA_NOUN):
            found = _japanese_topic(analysis, i)
        if found is None:
            continue
        overlapping = [
            card for start, end, card in named if start < found.end and found.start < end
        ]
        if None in overlapping:
            continue
        out.append(replace(found, names=tuple(card for card in overlapping if card is not None)))
    return out


def _after_determiner(analysis: Analysis, det: int) -> Candidate | None:
    """The description a determiner opens: up to MAX_WORDS words of its clause, ending at the
    first class noun (its head) or before the next function word; in Japanese, at its last
    noun before a particle or verb."""
    tokens = analysis.tokens
    words: list[int] = []
    for j in range(det + 1, min(len(tokens), det + 1 + MAX_WORDS)):
        if not analysis.same_clause(det, j) or _ends_description(tokens[j]):
            break
        words.append(j)
        if _class_of_token(tokens[j]) is not None:
            break
    if tokens[det].lang == "ja":
        nouns = [j for j in words if tokens[j].pos.startswith(_JA_NOUN)]
        words = words[: words.index(nouns[-1]) + 1] if nouns else []
        after = words[-1] + 1 if words else len(tokens)
        if after < len(tokens) and tokens[after].text in _JA_PLURALS:
            return None  # その男たち: a group
    if not words:
        return None
    last = words[-1]
    kind = _class_of_token(tokens[last])
    return Candidate(det, last, tokens[det].start, tokens[last].end, kind)


def _ends_description(token: Token) -> bool:
    if token.lang == "ja":
        return token.pos.startswith(_JA_STOP)
    return token.text in language_data()[token.lang].determiners or token.text in _stopwords()


def _japanese_topic(analysis: Analysis, i: int) -> Candidate | None:
    """A bare class noun marked as the topic (男は, after a pause or at the start)."""
    tokens = analysis.tokens
    kind = _class_of_token(tokens[i])
    if kind is None or i + 1 >= len(tokens):
        return None
    if tokens[i + 1].text not in language_data()["ja"].topic_particles:
        return None
    previous = tokens[i - 1] if i else None
    if (
        previous is not None
        and analysis.same_clause(i - 1, i)
        and (not previous.pos.startswith(("助詞", "接続詞")) or previous.text == "の")
    ):
        return None  # 見知らぬ男は, 村の男は: a new or another person
    return Candidate(i, i, tokens[i].start, tokens[i].end, kind)


@cache
def _stopwords() -> frozenset[str]:
    """Function words of English and Spanish (`data/stopwords.yaml`): they end a description."""
    raw = yaml.safe_load(STOPWORDS_PATH.read_text(encoding="utf-8"))
    return frozenset(fold(w) for words in raw.values() for w in str(words).split())


class Cast:
    """The cast of a story and the re-mentions of its elements. Safe to share between threads
    (its caches are changed under a lock; two threads may both rule a line, never break one)."""

    def __init__(
        self,
        rule_lines: RuleLines,
        embedder: Embedder | None,
        *,
        thresholds: Thresholds | None = None,
        cache_size: int = 8192,
    ) -> None:
        """`cache_size`: story lines remembered (each with what it brought in of every card it
        was ruled for): ten lines a table, so 8,192 hold some 800 live tables."""
        self._rule_lines = rule_lines
        self.embedder = embedder
        self.thresholds = thresholds or Thresholds()
        # (line, language) → card key → the span that brought the card in (None: it did not)
        self._cache: OrderedDict[tuple[str, Language | None], dict[str, Where | None]] = (
            OrderedDict()
        )
        self._cache_size = cache_size
        self._lock = threading.Lock()
        self.lines_ruled = 0  # story lines handed to the referee (for tests and figures)

    def elements(
        self, story: Sequence[str], targets: Sequence[Target], language: Language | None
    ) -> list[Element]:
        """The held cards the last WINDOW lines brought in, oldest line first."""
        offset = max(0, len(story) - WINDOW)
        lines = list(story[offset:])
        known: dict[str, dict[str, Where | None]] = {}
        with self._lock:
            for line in lines:
                remembered = self._cache.get((line, language))
                if remembered is not None:
                    self._cache.move_to_end((line, language))
                    known[line] = dict(remembered)
        missing: dict[str, list[Target]] = {}
        for line in lines:
            for target in targets:
                if target.key not in known.get(line, {}):
                    missing.setdefault(line, []).append(target)
        if missing:
            for line, spans in self._rule_missing(missing, language).items():
                known.setdefault(line, {}).update(spans)
        out: list[Element] = []
        for number, line in enumerate(lines, offset):
            for index, target in enumerate(targets):
                span = known[line].get(target.key)
                if span is not None:
                    evidence = line[span[0] : span[1]]
                    kind = class_of_element(target, evidence)
                    out.append(Element(index, number, evidence, kind))
        return out

    def _rule_missing(
        self, missing: Mapping[str, list[Target]], language: Language | None
    ) -> dict[str, dict[str, Where | None]]:
        """Rule the lines for the cards not yet known (one batch per set of cards), remember
        and return, per line, the span that brought each card in (None: not brought in)."""
        by_cards: dict[tuple[Target, ...], list[str]] = {}
        for line, targets in missing.items():
            by_cards.setdefault(tuple(targets), []).append(line)
        ruled: dict[str, dict[str, Where | None]] = {}
        for held, lines in by_cards.items():
            rulings = self._rule_lines(lines, [t.given for t in held], language)
            with self._lock:
                self.lines_ruled += len(lines)
            for line, ruling in zip(lines, rulings, strict=True):
                spans = {m.card: (m.start, m.end) for m in ruling.mentions}
                ruled[line] = {target.key: spans.get(target.given) for target in held}
        with self._lock:
            for line, found in ruled.items():
                key = (line, language)
                self._cache[key] = {**self._cache.get(key, {}), **found}
                self._cache.move_to_end(key)
            while len(self._cache) > self._cache_size:
                self._cache.popitem(last=False)
        return ruled

    def re_mentions(
        self,
        analysis: Analysis,
        targets: Sequence[Target],
        story: Sequence[str],
        *,
        open_targets: set[int],
        named: Sequence[Named],
        kind_of: Callable[[str, str], bool] = lambda evidence, card_id: False,
        blocked: Callable[[int, Candidate], bool],
        language: Language | None = None,
        judge: Judge | None = None,
    ) -> dict[int, ReMention]:
        """Re-mentions of the story's elements, per target index, for the `open_targets`
        (held, not found otherwise); `blocked(target, candidate)`: a guard stops it;
        `kind_of(evidence, card_id)`: the element's words name that deck card (a heron is a
        bird), which a description naming that card needs, unless it names a class.
        `judge`: a model asked about the elements left when the text holds a description
        that could describe them and that neither class nor closeness linked (`Judge`)."""
        if not story or not open_targets:
            return {}
        found = candidates(analysis, named)
        if not found:
            return {}
        cast = self.elements(story, targets, language)
        if not cast:
            return {}
        lang = analysis.language
        found = [c for c in found if c.kind is not None or self.thresholds.by_closeness[lang] <= 1]
        measured = [c for c in found if self._needs_closeness(c, cast, lang)]
        closeness = dict(zip(measured, self._closeness(analysis, measured, cast), strict=True))

        def allowed(element: Element, candidate: Candidate) -> bool:
            if candidate.kind is not None:
                return True
            return all(kind_of(element.evidence, card) for card in candidate.names)

        out: dict[int, ReMention] = {}
        for candidate in found:
            unmeasured = [(-1.0, candidate.end)] * len(cast)
            cosines = [cosine for cosine, _ in closeness.get(candidate, unmeasured)]
            e = self._link(
                candidate, cast, cosines, lang, open_targets, partial(allowed, candidate=candidate)
            )
            if e is None or cast[e].target in out or blocked(cast[e].target, candidate):
                continue
            element = cast[e]
            by_kind = candidate.kind is not None and element.kind is not None
            score = self.thresholds.kind_score if by_kind else self.thresholds.closeness_score
            end = candidate.end if candidate.kind is not None else closeness[candidate][e][1]
            out[element.target] = ReMention(element.target, candidate.start, end, score, element)
        if judge is not None:
            left = [c for c in found if all(r.start != c.start for r in out.values())]

            def fits(element: Element, candidate: Candidate) -> bool:
                kinds = {candidate.kind, element.kind}
                return (
                    (None in kinds or len(kinds) == 1)
                    and allowed(element, candidate)
                    and not blocked(element.target, candidate)
                )

            def closer(element: Element, candidate: Candidate) -> float:
                """Which fitting description the flag points at: the one whose words are
                closest to the element's (-1: not measured)."""
                measured = closeness.get(candidate)
                return measured[cast.index(element)][0] if measured is not None else -1.0

            out.update(_judged(cast, left, open_targets - set(out), fits, closer, judge))
        return out

    def _link(
        self,
        candidate: Candidate,
        cast: Sequence[Element],
        closeness: Sequence[float],
        lang: Language,
        open_targets: set[int],
        allowed: Callable[[Element], bool],
    ) -> int | None:
        """The most recent element the candidate can describe (on one line, the closest), by
        its index in `cast`; None when there is none, or when it is named in the text itself."""
        t = self.thresholds
        lines = sorted({e.line for e in cast}, reverse=True)
        for line in lines:
            best: tuple[float, int] | None = None
            for e, element in enumerate(cast):
                if element.line != line:
                    continue
                cosine = closeness[e]
                if candidate.kind is not None and element.kind is not None:
                    ok = candidate.kind == element.kind
                elif candidate.kind is not None:
                    ok = cosine >= t.unknown_kind[lang]
                else:
                    ok = cosine >= t.by_closeness[lang]
                if ok and (best is None or cosine > best[0]) and allowed(element):
                    best = (cosine, e)
            if best is not None:
                return best[1] if cast[best[1]].target in open_targets else None
        return None

    def _needs_closeness(
        self, candidate: Candidate, cast: Sequence[Element], lang: Language
    ) -> bool:
        """Whether linking the candidate needs cosines: it names no class, or some element's
        class is unknown (and that may link), or one line holds two elements of its class (the
        closer wins). A class noun among elements of known classes needs none."""
        if candidate.kind is None or self.embedder is None:
            return self.embedder is not None
        if self.thresholds.unknown_kind[lang] <= 1 and any(e.kind is None for e in cast):
            return True
        lines = [e.line for e in cast if e.kind == candidate.kind]
        return len(lines) != len(set(lines))

    def _closeness(
        self, analysis: Analysis, found: Sequence[Candidate], cast: Sequence[Element]
    ) -> list[list[tuple[float, int]]]:
        """Per candidate and element: the cosine of the candidate's words to the element's, and
        where the candidate's best-reading words end (char offset). A candidate that names no
        class is read at each of its lengths ("the craftsman", "the craftsman smiled"): where
        its head ends is not known. Cosines are -1 without an embedder."""
        if self.embedder is None or not found:
            return [[(-1.0, c.end)] * len(cast) for c in found]
        tokens = analysis.tokens
        readings: list[tuple[int, int]] = []  # (candidate, end offset)
        for c, candidate in enumerate(found):
            ends = [candidate.last]
            if candidate.kind is None:
                ends = list(range(candidate.first + 1, candidate.last + 1))
            readings += [(c, tokens[end].end) for end in ends]
        phrases = [analysis.text[found[c].start : end] for c, end in readings]
        # One call; the referee's embedder remembers recent texts (`RecentVectors`), so an
        # element's words, described again and again, are embedded once.
        vectors = self.embedder.embed([*phrases, *(e.evidence for e in cast)])
        matrix = vectors[: len(phrases)] @ vectors[len(phrases) :].T
        out = [[(-1.0, c.end)] * len(cast) for c in found]
        for row, (c, end) in enumerate(readings):
            out[c] = [
                (float(x), end) if float(x) > best[0] else best
                for best, x in zip(out[c], matrix[row], strict=True)
            ]
        return out


def _judged(
    cast: Sequence[Element],
    left: Sequence[Candidate],
    open_targets: set[int],
    fits: Callable[[Element, Candidate], bool],
    closer: Callable[[Element, Candidate], float],
    judge: Judge,
) -> dict[int, ReMention]:
    """The judge's re-mentions: each open element (most recent first) that some unlinked
    description could describe, when the judge's probability reaches its threshold, takes the
    closest such description (`closer`; on a tie the first in the text; one description
    re-mentions one element). The judge reads the whole text, so the description is where the
    mention points, not what the judge saw; the score is the probability."""
    latest: dict[int, Element] = {}
    for element in cast:  # oldest line first: the last one wins
        if element.target in open_targets:
            latest[element.target] = element
    asked = [
        element
        for element in sorted(latest.values(), key=lambda e: -e.line)
        if any(fits(element, candidate) for candidate in left)
    ]
    if not asked:
        return {}
    probabilities = judge([element.target for element in asked])
    out: dict[int, ReMention] = {}
    taken: set[int] = set()
    for element, probability in zip(asked, probabilities, strict=True):
        if probability < judge.threshold:
            continue
        free = [c for c in left if c.start not in taken and fits(element, c)]
        if free:
            best = max(free, key=lambda c: (closer(element, c), -c.start))
            taken.add(best.start)
            out[element.target] = ReMention(
                element.target, best.start, best.end, float(probability), element
            )
    return out
