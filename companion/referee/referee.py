"""The referee: which of the held cards a text brings into the story (OU-10), and why.

Three kinds of evidence, fused per card:

1. lexical: a card name or alias in the text's language, matched on whole words with morphology
   ("stallions" → Horse, "reyes" → Rey, 王様 → King), unless a guard blocks it (negated; or,
   for events and aspects, not happened yet);
2. inference: a small rule saw two words that together mean the card ("the king's son" →
   Prince; an animal that speaks → This Animal Can Talk);
3. semantic: a clause is close, by embedding, to the card's example phrases. Alone it flags a
   card only above a tuned threshold and when no guard blocks it (a noise is not a Monster,
   seeing is not meeting); a grey zone below that is reported as borderline, and settled by the
   adjudicator when one is given.
"""

from collections.abc import Sequence
from dataclasses import dataclass, replace

from companion.cards import Deck, Group
from companion.referee import guards, rules
from companion.referee.errors import (
    MAX_CARDS,
    MAX_TEXT_CHARS,
    InvalidTextError,
    TooManyCardsError,
)
from companion.referee.lexicon import Lexicon, Target, inferences_for, phrase_index, resolve
from companion.referee.models import Adjudicator, Mention, Method, Ruling
from companion.referee.patterns import Hit
from companion.referee.semantic import SemanticMatcher, Similarity
from companion.referee.text import Analysis, analyse
from companion.referee.tokens import Language
from embeddings import Embedder


@dataclass(frozen=True)
class Thresholds:
    """Semantic cut-offs on cosine similarity, tuned on the development split only."""

    flag: float = 0.62  # a semantic-only match at or above this is a mention
    borderline: float = 0.50  # between this and `flag`: borderline
    lexical_label: float = 0.97  # score of a match of the card's printed label
    lexical_alias: float = 0.93  # score of a match of another name of the card
    inference: float = 0.85  # score of a rule inference


@dataclass(frozen=True)
class _Evidence:
    start: int
    end: int
    score: float
    method: Method


def check_text(text: str) -> None:
    """Raise InvalidTextError unless the text can be ruled on."""
    if not isinstance(text, str) or not text.strip():
        raise InvalidTextError("the text is empty")
    if len(text) > MAX_TEXT_CHARS:
        raise InvalidTextError(
            f"the text has {len(text)} characters; at most {MAX_TEXT_CHARS} can be ruled on",
            length=len(text),
        )
    if not any(ch.isalpha() for ch in text):
        raise InvalidTextError("the text has no letters", length=len(text))


class Referee:
    """Rules on texts against held cards. Thread-safe for concurrent `rule` calls."""

    def __init__(
        self,
        deck: Deck,
        embedder: Embedder | None,
        *,
        adjudicator: Adjudicator | None = None,
        thresholds: Thresholds | None = None,
    ) -> None:
        self.deck = deck
        self.adjudicator = adjudicator
        self.thresholds = thresholds or Thresholds()
        self._lexicon = Lexicon()
        self._semantic = SemanticMatcher(embedder) if embedder is not None else None

    def rule(
        self,
        text: str,
        cards: Sequence[str],
        *,
        story: Sequence[str] = (),
        language: Language | None = None,
    ) -> Ruling:
        check_text(text)
        targets = tuple(resolve(self.deck, cards))
        if len(targets) > MAX_CARDS:
            raise TooManyCardsError(len(targets))
        if not targets:
            return Ruling(text=text, mentions=(), borderline=())
        analysis = analyse(text, language)
        found, blocked = self._lexical(analysis, targets, story)
        similarities = self._similarities(analysis, targets)
        mentions: list[Mention] = []
        borderline: list[Mention] = []
        for owner, target in enumerate(targets):
            similarity = similarities[owner] if similarities else None
            evidence = found.get(owner)
            if evidence is not None:
                if similarity is not None and similarity.cosine >= self.thresholds.borderline:
                    evidence = replace(
                        evidence, score=min(0.99, evidence.score + 0.02), method="lexical+semantic"
                    )
                mentions.append(self._mention(analysis, target, evidence))
                continue
            if similarity is None or owner in blocked:
                continue
            verdict = self._semantic_verdict(analysis, target, similarity)
            if verdict == "flag":
                mentions.append(self._semantic_mention(analysis, target, similarity))
            elif verdict == "borderline":
                borderline.append(self._semantic_mention(analysis, target, similarity))
        if self.adjudicator is not None and borderline:
            settled, borderline = self._adjudicate(text, story, borderline)
            mentions += settled
        mentions.sort(key=lambda m: (-m.score, m.start))
        borderline.sort(key=lambda m: (-m.score, m.start))
        return Ruling(text=text, mentions=tuple(mentions), borderline=tuple(borderline))

    def rule_many(self, texts: Sequence[str], cards: Sequence[str]) -> list[Ruling]:
        """One ruling per text, against the same cards (indexes and card vectors reused)."""
        return [self.rule(text, cards) for text in texts]

    # lexical and inference -------------------------------------------------------------

    def _lexical(
        self, analysis: Analysis, targets: tuple[Target, ...], story: Sequence[str]
    ) -> tuple[dict[int, _Evidence], set[int]]:
        """The best unblocked lexical or inferred evidence per target (by index), and the
        targets whose only lexical evidence a guard blocked (no semantic rescue for those)."""
        blocked: set[int] = set()
        best: dict[int, _Evidence] = {}
        hits = self._lexicon.find(targets, analysis.tokens, analysis.latin)
        for hit in sorted(hits, key=lambda h: (-h.words, h.start)):
            target = targets[hit.owner]
            if self._guarded(analysis, target, hit.first, hit.last) is not None:
                blocked.add(hit.owner)
                continue
            score = self.thresholds.lexical_alias
            label = analysis.text[hit.start : hit.end]
            if target.card is None or any(
                label.casefold() == target.card.label(lang).casefold() for lang in target.card.text
            ):
                score = self.thresholds.lexical_label
            candidate = _Evidence(hit.start, hit.end, score, "lexical")
            if hit.owner not in best or best[hit.owner].score < score:
                best[hit.owner] = candidate
        for owner, target in enumerate(targets):
            if owner in best or target.card is None:
                continue
            inferred = self._infer(analysis, target, story)
            if inferred is not None:
                best[owner] = inferred
        return best, blocked - set(best)

    def _guarded(self, analysis: Analysis, target: Target, first: int, last: int) -> str | None:
        card = target.card
        predicate = card is not None and card.group in (Group.EVENTS, Group.ASPECTS)
        reason = guards.negated(analysis, first, last, predicate=predicate)
        if reason is None and card is not None and card.group.value in rules.IRREALIS_GROUPS:
            reason = guards.not_yet(analysis, first, last)
        return reason

    def _infer(self, analysis: Analysis, target: Target, story: Sequence[str]) -> _Evidence | None:
        assert target.card is not None
        languages: list[Language] = [analysis.latin]
        if any(t.lang == "ja" for t in analysis.tokens):
            languages.append("ja")
        tokens = analysis.tokens
        for compiled in inferences_for(target.card.id, languages):
            firsts = compiled.first.find(tokens)
            if not firsts:
                continue
            for a in firsts:
                for b in compiled.second.find(tokens):
                    if a.first == b.first or not analysis.same_clause(a.first, b.first):
                        continue
                    if min(abs(a.first - b.last), abs(b.first - a.last)) > compiled.rule.window:
                        continue
                    first, last = min(a.first, b.first), max(a.last, b.last)
                    if self._guarded(analysis, target, first, last) is not None:
                        continue
                    start, end = min(a.start, b.start), max(a.end, b.end)
                    return _Evidence(start, end, self.thresholds.inference, "lexical")
        if target.card.id == "prince":
            return self._royal_birth(analysis, languages, story)
        return None

    def _royal_birth(
        self, analysis: Analysis, languages: Sequence[Language], story: Sequence[str]
    ) -> _Evidence | None:
        """A boy born where the text or the story so far names royalty is a Prince (OU-10)."""
        tokens = analysis.tokens
        for lang in languages:
            boys = phrase_index(rules.ROYAL_BIRTHS[lang], lang).find(tokens)
            births = phrase_index(rules.BIRTH_WORDS[lang], lang).find(tokens)
            if not boys or not births:
                continue
            royal = phrase_index(rules.ROYAL_WORDS[lang], lang)
            if not royal.find(tokens) and not any(
                royal.find(analyse(line[:2000], lang).tokens)
                for line in story[-20:]
                if line.strip()
            ):
                continue
            boy: Hit = boys[0]
            return _Evidence(boy.start, boy.end, self.thresholds.inference, "lexical")
        return None

    # semantic ---------------------------------------------------------------------------

    def _similarities(
        self, analysis: Analysis, targets: tuple[Target, ...]
    ) -> list[Similarity] | None:
        if self._semantic is None:
            return None
        return self._semantic.similarities(analysis, targets)

    def _semantic_verdict(
        self, analysis: Analysis, target: Target, similarity: Similarity
    ) -> str | None:
        if similarity.cosine < self.thresholds.borderline:
            return None
        tokens = [
            i
            for i, t in enumerate(analysis.tokens)
            if t.start >= similarity.segment.start and t.end <= similarity.segment.end
        ]
        card = target.card
        for i in tokens:
            if (
                card is not None
                and card.id == rules.PEOPLE_MEET
                and guards.only_perceived(analysis, i)
            ):
                return None
            if (
                card is not None
                and card.group is Group.CHARACTERS
                and guards.vague_clue(analysis, i)
            ):
                return None
            if self._guarded(analysis, target, i, i) is not None:
                return None
        return "flag" if similarity.cosine >= self.thresholds.flag else "borderline"

    def _semantic_mention(
        self, analysis: Analysis, target: Target, similarity: Similarity
    ) -> Mention:
        t = self.thresholds
        score = 0.5 + 0.5 * (similarity.cosine - t.flag) / max(1e-6, 1.0 - t.flag)
        score = max(0.0, min(0.95, score))
        evidence = _Evidence(similarity.segment.start, similarity.segment.end, score, "semantic")
        return self._mention(analysis, target, evidence)

    # adjudication -------------------------------------------------------------------------

    def _adjudicate(
        self, text: str, story: Sequence[str], borderline: list[Mention]
    ) -> tuple[list[Mention], list[Mention]]:
        assert self.adjudicator is not None
        settled: list[Mention] = []
        left: list[Mention] = []
        for mention in borderline:
            try:
                verdict = self.adjudicator.adjudicate(text, story, mention.card, mention.evidence)
                decided = verdict.mentioned
            except Exception:  # an adjudicator failing leaves the case borderline
                decided = None
            if decided is True:
                settled.append(replace(mention, method="llm"))
            elif decided is None:
                left.append(mention)
        return settled, left

    @staticmethod
    def _mention(analysis: Analysis, target: Target, evidence: _Evidence) -> Mention:
        return Mention(
            card=target.given,
            card_id=target.card.id if target.card is not None else None,
            score=round(evidence.score, 4),
            evidence=analysis.text[evidence.start : evidence.end],
            start=evidence.start,
            end=evidence.end,
            method=evidence.method,
        )
