"""The referee: which of the held cards a text brings into the story (OU-10), and why.

Kinds of evidence, fused per card:

1. lexical: a card name or alias in the text's language, matched on whole words with morphology
   ("stallions" → Horse, "reyes" → Rey, 王様 → King), unless a guard blocks it (negated; or,
   for events and aspects, not happened yet);
2. inference: a small rule saw two words that together mean the card ("the king's son" →
   Prince; an animal that speaks → This Animal Can Talk);
3. semantic: a clause is close, by embedding, to the card's example phrases. Alone it flags a
   card only above a tuned threshold and when no guard blocks it (a noise is not a Monster,
   seeing is not meeting); a grey zone below that is reported as borderline, and settled by the
   adjudicator when one is given;
4. re-mention (cast.py): the story so far brought the card in (a wolf) and the text describes
   that element again ("the creature", その男); the mention names the story's words and line;
5. learned (optional, `scorer`): for a card that nothing but labels is written for (a card
   typed by a player), the learned mention scorer (learned.py) may flag it when no table or rule
   did, its calibrated probability reaches the model's threshold and no guard blocks the clause
   of its best span. When the model's cross-encoder carries a veto (cross.py), it also drops
   a lexical find of such a card that it judges no mention (a word of the label negated, hoped
   for, or in another sense), and nothing else may then flag that card.

`withheld` (for the leave-cards-out evaluation, evals/referee_lco.py) names deck cards whose
hand-written rules are not used: their inference rules, royal births and the guards keyed to
them by id. Given with a deck whose copies of those cards keep only their labels, it builds the
referee those cards would get had nothing been written for them. The shipped referee withholds
nothing.
"""

import logging
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace

import numpy as np

from companion.cards import Deck, StoryCard, is_custom
from companion.referee import guards, inferences
from companion.referee.cast import Candidate, Cast, Named, ReMention
from companion.referee.errors import (
    MAX_CARDS,
    MAX_TEXT_CHARS,
    InvalidTextError,
    TooManyCardsError,
)
from companion.referee.learned import (
    MentionScorer,
    Scored,
    blocking_guard,
    group_of,
    labels_only,
)
from companion.referee.lexicon import (
    INFERRED_CARDS,
    Lexicon,
    Resolver,
    Target,
    inferences_for,
    is_noun_card,
    phrase_index,
)
from companion.referee.models import (
    Adjudicator,
    CardEnricher,
    Mention,
    Method,
    Ruling,
)
from companion.referee.patterns import Hit
from companion.referee.phenomena.clues import PEOPLE_MEET
from companion.referee.phenomena.mood import IRREALIS_GROUPS
from companion.referee.semantic import SemanticMatcher, Similarities, Vectors
from companion.referee.text import Analysis, Span, analyse
from companion.referee.tokens import Language
from embeddings import CardVectorCache, Embedder, EmbeddingError, RecentVectors

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Thresholds:
    """Cut-offs on cosine similarity per language of the text, tuned on the dev split only.

    On the development split, semantic-only matches with the bundled English MiniLM were
    mostly wrong at any cut-off (card aliases already catch the true ones), so they are
    flagged only when very close in English and never in Japanese or Spanish, whose text that
    model barely reads; below, they are borderline, for an adjudicator to settle.
    """

    flag: Mapping[Language, float] = field(
        default_factory=lambda: {"en": 0.80, "es": 1.01, "ja": 1.01}
    )
    borderline: Mapping[Language, float] = field(
        default_factory=lambda: {"en": 0.55, "es": 0.70, "ja": 0.80}
    )
    lexical_label: float = 0.97  # score of a match of the card's printed label
    lexical_alias: float = 0.93  # score of a match of another name of the card
    inference: float = 0.85  # score of a rule inference
    explain_margin: float = 0.03  # a named card this close explains a semantic match away


_BIRTH_WINDOW = 6  # words between "gave birth" and "a baby boy"
_OF = frozenset({"of", "de", "del"})


def _owned_by_another(analysis: Analysis, kin: Hit, owner: Hit) -> bool:
    """The kin word has an owner that is not `owner`: "the miller's son", "the son of the
    miller", "el hijo del molinero", 粉屋の息子 (then the king nearby is not the parent)."""
    tokens = analysis.tokens
    before = tokens[kin.first - 1] if kin.first > 0 else None
    after = tokens[kin.last + 1] if kin.last + 1 < len(tokens) else None
    if before is not None and before.lang == "ja" and before.text == "の":
        return owner.last != kin.first - 2
    if before is not None and before.text.endswith("'s"):
        return owner.last != kin.first - 1
    if after is not None and after.text in _OF:
        return not kin.last + 1 < owner.first <= kin.last + 3
    return False


@dataclass(frozen=True)
class _Evidence:
    start: int
    end: int
    score: float
    method: Method
    flagged: bool = True  # False: borderline
    antecedent: str | None = None  # a re-mention: the story's words, and their line
    antecedent_line: int | None = None


@dataclass(frozen=True)
class _CrossJudge:
    """cast.py's `Judge` over the learned path's cross-encoder."""

    threshold: float
    ask: Callable[[Sequence[int]], Sequence[float]]

    def __call__(self, targets: Sequence[int]) -> Sequence[float]:
        return self.ask(targets)


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
    """Rules on texts against held cards. Safe to share between threads."""

    def __init__(
        self,
        deck: Deck,
        embedder: Embedder | None,
        *,
        adjudicator: Adjudicator | None = None,
        thresholds: Thresholds | None = None,
        card_vectors: CardVectorCache | None = None,
        withheld: Collection[str] = (),
        scorer: MentionScorer | None = None,
        enricher: CardEnricher | None = None,
        track_cast: bool = True,
        remembered_texts: int = 4096,
    ) -> None:
        """`embedder` None: lexical and rule evidence only. `card_vectors`: a cache to share
        (with a directory, card vectors survive restarts); by default one in memory.
        `withheld`: deck ids whose card-specific rules are not used (see the module docstring).
        `scorer`: the learned mention scorer (learned.py), which may flag a card that no table
        or rule found, from its labels alone; None (the default): not used. `enricher`: words
        for free-text cards (a model's, verified; companion/story/card_enrichment.py), used
        once known, never waited for; None (the default): not used. `track_cast`
        False: the story's elements are not tracked (cast.py; for the evaluation's ablation).
        `remembered_texts`: how many recent texts' vectors are kept (`RecentVectors`: a narrated
        sentence comes back as a story line); 0 embeds every text every time (benchmarks)."""
        self.deck = deck
        self.withheld = frozenset(withheld)
        self.adjudicator = adjudicator
        self.thresholds = thresholds or Thresholds()
        self._lexicon = Lexicon()
        self._resolver = Resolver(deck)
        self._whole_deck = tuple(Target(card.id, card) for card in deck.story_cards)
        self._whole_deck_by_id = {target.key: target for target in self._whole_deck}
        self._kinds: dict[tuple[str, str, Language | None], bool] = {}  # is a heron a bird?
        if embedder is not None and remembered_texts > 0:
            embedder = RecentVectors(embedder, size=remembered_texts)
        self._semantic = (
            SemanticMatcher(deck, embedder, card_vectors) if embedder is not None else None
        )
        self.scorer = scorer
        self._scorer_failed = False  # logged once
        self.enricher = enricher
        self._labels_only_ids: dict[str, bool] = {}
        self.cast = Cast(self._rule_story, embedder) if track_cast else None

    def warm(self, languages: Sequence[Language] = ("en", "ja", "es")) -> None:
        """Load the tokenizers and embed every card's phrases now, so that the first rulings
        are as fast as the others, and build the learned scorer's model files, so that the
        first card typed by a player only loads them (a server calls this at start-up)."""
        for text, language in (("The king.", "en"), ("王様。", "ja"), ("El rey.", "es")):
            analyse(text, language)  # type: ignore[arg-type]
        if self._semantic is not None:
            self._semantic.warm(languages)
        if self.scorer is not None:
            self.scorer.prepare()

    def rule(
        self,
        text: str,
        cards: Sequence[str],
        *,
        story: Sequence[str] = (),
        language: Language | None = None,
    ) -> Ruling:
        """The held cards that `text` mentions; `story` is the story so far (its last lines
        tell who and what is already there: a newborn boy is royal after a king, "the creature"
        is the wolf met before); `language` overrides detection for Latin script."""
        return self.rule_many([text], cards, story=story, language=language)[0]

    def rule_many(
        self,
        texts: Sequence[str],
        cards: Sequence[str],
        *,
        story: Sequence[str] = (),
        language: Language | None = None,
    ) -> list[Ruling]:
        """One ruling per text, against the same cards: every text is checked first (one bad
        text refuses the batch), and all are embedded in a single call."""
        return self._rule_batch(texts, cards, story, language, adjudicate=True)

    def _rule_story(
        self, lines: Sequence[str], cards: Sequence[str], language: Language | None
    ) -> list[Ruling]:
        """The cast's question (cast.py): which held cards each story line brought in, ruled
        without a story (no recursion) and without the adjudicator; a line that cannot be
        ruled (too long, no letters) brought in nothing."""
        usable = []
        for line in lines:
            try:
                check_text(line)
                usable.append(line)
            except InvalidTextError:
                pass
        ruled = iter(self._rule_batch(usable, cards, (), language, adjudicate=False))
        empty = Ruling(text="", mentions=(), borderline=())
        return [next(ruled) if line in usable else empty for line in lines]

    def _rule_batch(
        self,
        texts: Sequence[str],
        cards: Sequence[str],
        story: Sequence[str],
        language: Language | None,
        *,
        adjudicate: bool,
    ) -> list[Ruling]:
        if not texts:
            return []
        for text in texts:
            check_text(text)
        targets = tuple(self._enriched(t) for t in self._resolver.resolve(cards))
        if len(targets) > MAX_CARDS:
            raise TooManyCardsError(len(targets))
        if not targets:
            return [Ruling(text=text, mentions=(), borderline=()) for text in texts]
        analyses = [analyse(text, language) for text in texts]
        vectors = self._semantic.embed(analyses) if self._semantic is not None else None
        return [
            self._rule(
                analysis,
                targets,
                story,
                vectors[i] if vectors is not None else None,
                language=language,
                adjudicate=adjudicate,
            )
            for i, analysis in enumerate(analyses)
        ]

    def _rule(
        self,
        analysis: Analysis,
        targets: tuple[Target, ...],
        story: Sequence[str],
        segment_vectors: Vectors | None,
        *,
        language: Language | None = None,
        adjudicate: bool = True,
    ) -> Ruling:
        found, blocked = self._lexical(analysis, targets, story)
        learned: list[Scored | None] = []
        # the labels-only cards: the learned path's ground (asked only when it is on)
        typed = [i for i, t in enumerate(targets) if self._labels_only(t)] if self.scorer else []
        if self.scorer is not None and any(
            i not in found or self._vetoable(found[i]) for i in typed
        ):
            learned = self._learned_scores(analysis, targets, story, typed)
            vetoed = [
                i
                for i, evidence in found.items()
                if learned
                and (scored := learned[i]) is not None
                and scored.vetoed
                and self._vetoable(evidence)
            ]
            for owner in vetoed:
                del found[owner]
                blocked.add(owner)
        if story and self.cast is not None:
            found.update(
                self._re_mentions(analysis, targets, story, found, blocked, language, bool(typed))
            )
        similarities = None
        named: list[tuple[StoryCard, Hit]] = []
        if self._semantic is not None and segment_vectors is not None:
            named = self._named_cards(analysis)
            cards = [card for card, _ in named]
            similarities = self._semantic.similarities(analysis, segment_vectors, targets, cards)
        mentions: list[Mention] = []
        borderline: list[Mention] = []
        closest = similarities.held.max(axis=0) if similarities is not None else None
        cut_off = self.thresholds.borderline[analysis.language]
        for owner, target in enumerate(targets):
            evidence = found.get(owner)
            near = closest is not None and closest[owner] >= cut_off
            if evidence is None and similarities is not None and near and owner not in blocked:
                evidence = self._semantic_evidence(analysis, owner, target, similarities, named)
            elif evidence is not None and similarities is not None and evidence.antecedent is None:
                evidence = self._confirm(owner, evidence, similarities)
            if (evidence is None or not evidence.flagged) and owner not in blocked:
                evidence = (
                    self._learned_evidence(analysis, owner, targets, found, learned) or evidence
                )
            if evidence is None:
                continue
            mention = self._mention(analysis, target, evidence)
            (mentions if evidence.flagged else borderline).append(mention)
        if self.adjudicator is not None and borderline and adjudicate:
            settled, borderline = self._adjudicate(analysis.text, story, borderline)
            mentions += settled
        mentions.sort(key=lambda m: (-m.score, m.start))
        borderline.sort(key=lambda m: (-m.score, m.start))
        return Ruling(text=analysis.text, mentions=tuple(mentions), borderline=tuple(borderline))

    def _vetoable(self, evidence: _Evidence) -> bool:
        """Whether the learned veto may drop this find: the words of a card's label, when the
        learned model carries a veto (cross.py)."""
        model = self.scorer.model if self.scorer is not None else None
        cross = model.cross if model is not None else None
        return cross is not None and cross.veto is not None and evidence.method == "lexical"

    def _labels_only(self, target: Target) -> bool:
        """`labels_only`, known once per deck card (asked for every held card of a ruling)."""
        card = target.card
        if card is None:
            return True
        if is_custom(card):  # typed by players: not kept (their number has no bound)
            return labels_only(target)
        if card.id not in self._labels_only_ids:
            self._labels_only_ids[card.id] = labels_only(target)
        return self._labels_only_ids[card.id]

    def _enriched(self, target: Target) -> Target:
        """A free-text card, or a custom card of a table (its group chosen by the table), with
        the enricher's words when it has them (else as it is)."""
        card = target.card
        if self.enricher is None or (card is not None and not is_custom(card)):
            return target
        if card is not None and not labels_only(target):
            return target  # enriched already
        enriched = self.enricher.card_for(target.label("en"))
        if enriched is None:
            return target
        if card is not None:  # the table's group stays; an id of its own keys the caches
            enriched = StoryCard(id=f"{card.id}#enriched", group=card.group, text=enriched.text)
        return Target(target.given, enriched)

    def _learned_scores(
        self,
        analysis: Analysis,
        targets: tuple[Target, ...],
        story: Sequence[str],
        typed: Sequence[int],
    ) -> list[Scored | None]:
        """The learned scorer's verdicts on the labels-only targets `typed` (None for the
        others, whose tables decide alone); none when its models cannot be loaded or run: the
        ruling goes on with the tables and rules (what the referee knew before the scorer), and
        the failure is logged once."""
        assert self.scorer is not None
        try:
            return self.scorer.score(analysis, targets, story, read=typed)
        except EmbeddingError:
            self._log_scorer_failure()
            return []

    def _log_scorer_failure(self) -> None:
        """Log, once, that the learned scorer's models could not be loaded or run."""
        if not self._scorer_failed:
            self._scorer_failed = True
            log.exception("the learned scorer failed: rulings go on without it")

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
        group = card.group.value if card is not None else None
        card_id = card.id if card is not None and card.id not in self.withheld else None
        return guards.block_reason(analysis, group, first, last, card_id)

    def _infer(self, analysis: Analysis, target: Target, story: Sequence[str]) -> _Evidence | None:
        """Evidence from an inference rule (inferences.py), guards applied."""
        assert target.card is not None
        if target.card.id not in INFERRED_CARDS or target.card.id in self.withheld:
            return None
        languages = analysis.languages
        tokens = analysis.tokens
        for compiled in inferences_for(target.card.id, languages):
            rule = compiled.rule
            for a in compiled.first.find(tokens):
                pairs = [a] if compiled.second is None else compiled.second.find(tokens)
                for b in pairs:
                    if b is not a and not self._related(analysis, a, b, rule.window, rule.kinship):
                        continue
                    if any(self._guarded(analysis, target, h.first, h.last) for h in (a, b)):
                        continue
                    start, end = min(a.start, b.start), max(a.end, b.end)
                    return _Evidence(start, end, self.thresholds.inference, "lexical")
        if target.card.id in inferences.ROYAL_BIRTHS:
            return self._royal_birth(analysis, target, languages, story)
        return None

    @staticmethod
    def _related(analysis: Analysis, a: Hit, b: Hit, window: int, kinship: bool) -> bool:
        """Two words close in one sentence; for kinship, the first not owned by someone
        else ("the miller's son" is no king's son)."""
        if a.first == b.first or not analysis.same_sentence(a.first, b.first):
            return False
        if min(abs(a.first - b.last), abs(b.first - a.last)) > window:
            return False
        return not (kinship and _owned_by_another(analysis, a, b))

    def _royal_birth(
        self,
        analysis: Analysis,
        target: Target,
        languages: Sequence[Language],
        story: Sequence[str],
    ) -> _Evidence | None:
        """A boy (girl) born where the text or the story so far names royalty is a Prince
        (Princess): the seed's baby boy of a king (OU-10). The story's only use."""
        assert target.card is not None
        tokens = analysis.tokens
        for lang in languages:
            children = inferences.ROYAL_BIRTHS[target.card.id].get(lang, ())
            births = phrase_index(inferences.BIRTH_WORDS[lang], lang).find(tokens)
            babies = [
                baby
                for baby in phrase_index(children, lang, noun=True).find(tokens)
                for birth in births
                if analysis.same_sentence(baby.first, birth.first)
                and abs(baby.first - birth.first) <= _BIRTH_WINDOW
            ]
            if not babies:
                continue
            royal = phrase_index(inferences.ROYAL_WORDS[lang], lang, noun=True)
            story_tokens = (
                analyse(line[:2000], lang).tokens for line in story[-20:] if line.strip()
            )
            if not royal.find(tokens) and not any(royal.find(t) for t in story_tokens):
                continue
            baby = babies[0]
            if self._guarded(analysis, target, baby.first, baby.last) is not None:
                continue
            return _Evidence(baby.start, baby.end, self.thresholds.inference, "lexical")
        return None

    # the story so far ---------------------------------------------------------------------

    def _re_mentions(
        self,
        analysis: Analysis,
        targets: tuple[Target, ...],
        story: Sequence[str],
        found: Mapping[int, _Evidence],
        blocked: set[int],
        language: Language | None,
        typed_held: bool,
    ) -> dict[int, _Evidence]:
        """Evidence for the held cards the text describes again (cast.py): only cards of
        characters, items and places (or free-text ones) that nothing else found or blocked.
        `typed_held`: a labels-only card is held (the cast's judge asks only then)."""
        open_targets = {
            i
            for i, t in enumerate(targets)
            if i not in found
            and i not in blocked
            and (t.card is None or t.card.group.value in ("characters", "items", "places"))
        }
        if not open_targets or self.cast is None:
            return {}
        # a description naming a held card is that card's evidence; one naming a character,
        # item or place of the deck that is not held describes an element only when the element
        # is one of those ("the bird" after a heron; "the king" is not the queen met before)
        held = {t.card.id for t in targets if t.card is not None}
        named: list[Named] = [
            (hit.start, hit.end, None)
            for hit in self._lexicon.find(targets, analysis.tokens, analysis.latin)
            if targets[hit.owner].card is None or is_noun_card(targets[hit.owner])
        ]
        for hit in self._lexicon.find(self._whole_deck, analysis.tokens, analysis.latin):
            card = self._whole_deck[hit.owner]
            if is_noun_card(card) and card.key not in held:
                named.append((hit.start, hit.end, card.key))

        def kind_of(evidence: str, card_id: str) -> bool:
            key = (evidence, card_id, language)
            known = self._kinds.get(key)
            if known is None:
                if len(self._kinds) >= 4096:
                    self._kinds.clear()
                words = analyse(evidence, language)
                target = self._whole_deck_by_id[card_id]
                known = bool(self._lexicon.find((target,), words.tokens, words.latin))
                self._kinds[key] = known
            return known

        def guarded(owner: int, candidate: Candidate) -> bool:
            """A guard blocks the description's head (its adjectives may be figurative: "the
            poor fellow" is no Poor, and still the woodcutter)."""
            head = candidate.last
            return self._guarded(analysis, targets[owner], head, head) is not None

        linked: dict[int, ReMention] = self.cast.re_mentions(
            analysis,
            targets,
            story,
            open_targets=open_targets,
            named=named,
            kind_of=kind_of,
            blocked=guarded,
            language=language,
            judge=self._cast_judge(analysis, targets, story) if typed_held else None,
        )
        return {
            owner: _Evidence(
                link.start,
                link.end,
                link.score,
                "re-mention",
                antecedent=link.element.evidence,
                antecedent_line=link.element.line,
            )
            for owner, link in linked.items()
        }

    def _cast_judge(
        self, analysis: Analysis, targets: tuple[Target, ...], story: Sequence[str]
    ) -> _CrossJudge | None:
        """The cross-encoder as the cast's judge (cast.py's `Judge`), when the learned model
        carries a threshold for it (`CrossHead.recast`): it reads each asked card's label with
        the story and the text, as it reads a labels-only card. Asked only where a labels-only
        card is held, the cross-encoder's own ground: a table with the deck alone never loads it
        (measured: 100 MB more at such a table, for a few re-mentions)."""
        cross = self.scorer.cross if self.scorer is not None else None
        if cross is None or cross.head.recast is None:
            return None

        def ask(indices: Sequence[int]) -> Sequence[float]:
            asked = [targets[i] for i in indices]
            try:
                return list(cross.read(analysis.text, story, asked, analysis.language).mention)
            except EmbeddingError:
                self._log_scorer_failure()
                return [0.0] * len(indices)

        return _CrossJudge(cross.head.recast, ask)

    # semantic ---------------------------------------------------------------------------

    def _named_cards(self, analysis: Analysis) -> list[tuple[StoryCard, Hit]]:
        """Every deck card named in the text (negated or not), with where."""
        hits = self._lexicon.find(self._whole_deck, analysis.tokens, analysis.latin)
        return [(self.deck.story_cards[hit.owner], hit) for hit in hits]

    def _semantic_evidence(
        self,
        analysis: Analysis,
        owner: int,
        target: Target,
        similarities: Similarities,
        named: list[tuple[StoryCard, Hit]],
    ) -> _Evidence | None:
        """Flagged, borderline or None, from the target's best-matching segment."""
        t = self.thresholds
        column = similarities.held[:, owner]
        row = int(np.argmax(column))
        cosine = float(column[row])
        flag, borderline = t.flag[analysis.language], t.borderline[analysis.language]
        if cosine < borderline:
            return None
        segment = similarities.segments[row]
        if self._explained_away(target, similarities, row, cosine, named) is not None:
            return None
        if self._semantic_guard(analysis, target, segment) is not None:
            return None
        # 0.5 at the flag cut-off, rising to 0.95; below it, down to 0 at the borderline one
        if cosine >= flag:
            score = 0.5 + 0.45 * (cosine - flag) / max(1e-6, 1.0 - flag)
        else:
            score = 0.5 * (cosine - borderline) / max(1e-6, flag - borderline)
        return _Evidence(segment.start, segment.end, min(0.95, score), "semantic", cosine >= flag)

    def _explained_away(
        self,
        target: Target,
        similarities: Similarities,
        row: int,
        cosine: float,
        named: list[tuple[StoryCard, Hit]],
    ) -> str | None:
        """Another card named in the same segment is at least as close: the closeness is
        that card's (a sentence about a queen is near King too)."""
        segment = similarities.segments[row]
        for card, hit in named:
            if target.card is not None and card.id == target.card.id:
                continue
            if hit.start < segment.start or hit.end > segment.end:
                continue
            if similarities.named[card.id][row] >= cosine - self.thresholds.explain_margin:
                return f"explained by {card.label()!r}"
        return None

    def _semantic_guard(self, analysis: Analysis, target: Target, segment: Span) -> str | None:
        """Guards for a segment close to a card: seeing is not meeting, a noise is not a
        creature, and a negated or not-yet predicate is not an event."""
        card = target.card
        group = card.group.value if card is not None else None
        for i, token in enumerate(analysis.tokens):
            if token.start < segment.start or token.end > segment.end:
                continue
            reason = None
            if card is not None and card.id == PEOPLE_MEET and card.id not in self.withheld:
                reason = guards.only_perceived(analysis, i)
            if reason is None and group == "characters":
                reason = guards.vague_clue(analysis, i)
            if reason is None and group in IRREALIS_GROUPS:
                reason = guards.negated(analysis, i, i, predicate=True) or guards.not_yet(
                    analysis, i, i
                )
            if reason is not None:
                return reason
        return None

    def _learned_evidence(
        self,
        analysis: Analysis,
        owner: int,
        targets: tuple[Target, ...],
        found: Mapping[int, _Evidence],
        learned: Sequence[Scored | None],
    ) -> _Evidence | None:
        """Flagged evidence from the learned scorer: its probability reaches the model's
        threshold, no guard blocks its best span, and that span is not exactly the words that
        name another held card. With the model's `exclusive_spans`, a span inside the words
        that name another held card, or the best span of a likelier learned flag, flags
        nothing either: one span names one card. Only for cards that nothing but labels is
        written for."""
        if not learned or self.scorer is None or not self._labels_only(targets[owner]):
            return None
        scored = learned[owner]
        if scored is None or scored.probability < self.scorer.model.flag_threshold:
            return None
        span = scored.span
        if any((e.start, e.end) == (span.start, span.end) for e in found.values()):
            return None
        if self.scorer.model.exclusive_spans and self._span_taken(owner, targets, found, learned):
            return None
        mood = self.scorer.model.mood_guards
        if blocking_guard(analysis, span, group_of(targets[owner]), mood=mood) is not None:
            return None
        score = min(0.95, scored.probability)
        return _Evidence(span.start, span.end, score, "semantic")

    def _span_taken(
        self,
        owner: int,
        targets: tuple[Target, ...],
        found: Mapping[int, _Evidence],
        learned: Sequence[Scored | None],
    ) -> bool:
        """Whether the owner's best span lies inside the words that name another held card, or
        is the best span of another labels-only card the scorer finds likelier (on a tie, the
        card held first keeps it)."""
        scored = learned[owner]
        assert scored is not None
        span = scored.span
        if any(e.start <= span.start and span.end <= e.end for e in found.values()):
            return True
        mine = (scored.probability, -owner)
        return any(
            j != owner
            and other is not None
            and other.span == span
            and (other.probability, -j) > mine
            and self._labels_only(targets[j])
            for j, other in enumerate(learned)
        )

    def table_verdicts(
        self,
        text: str,
        cards: Sequence[str],
        *,
        story: Sequence[str] = (),
        language: Language | None = None,
    ) -> dict[str, str]:
        """For the learned scorer's training: per card key, "found" when the tables or rules
        flag it, "blocked" when a guard blocked its only lexical evidence; others are absent."""
        check_text(text)
        targets = tuple(self._resolver.resolve(cards))
        found, blocked = self._lexical(analyse(text, language), targets, story)
        out = {targets[i].key: "blocked" for i in blocked}
        out.update({targets[i].key: "found" for i in found})
        return out

    def _confirm(self, owner: int, evidence: _Evidence, similarities: Similarities) -> _Evidence:
        """Lexical evidence that the embedding agrees with scores a little higher."""
        if (
            float(similarities.held[:, owner].max())
            < self.thresholds.borderline[similarities.language]
        ):
            return evidence
        return replace(evidence, score=min(0.99, evidence.score + 0.02), method="lexical+semantic")

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
            card_id=None if target.card is None or is_custom(target.card) else target.card.id,
            score=round(evidence.score, 4),
            evidence=analysis.text[evidence.start : evidence.end],
            start=evidence.start,
            end=evidence.end,
            method=evidence.method,
            antecedent=evidence.antecedent,
            antecedent_line=evidence.antecedent_line,
        )
