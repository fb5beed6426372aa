"""The LLM narrator: the model proposes, the referee verifies, the offline narrator backs up.

Continuations and endings: up to `max_proposals` model proposals, each checked by the referee;
a rejected one is sent back with the reason (never naming another player's card). When none
passes, or the model fails, the offline narrator's proposals are checked the same way, and the
answer says so in `fallback_reason`. Coherence and adjudication answer "unchecked" / None with
the model's error when the model fails. Factum cards from the model are cleaned and
deduplicated; a shortfall is topped up from the offline bank, each card naming its narrator.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from companion.cards import Deck, Language, StoryCard
from companion.llm import LLM, LLMError, delimit, render_prompt
from companion.referee.port import RefereePort
from companion.story.chapter_facts import ChapterFacts
from companion.story.chapter_tale import (
    ChapterTale,
    chapter_account,
    retelling_problem,
)
from companion.story.context import (
    LANGUAGE_NAMES,
    MAX_TEXT_CHARS,
    check_factum_request,
    check_language,
    check_story,
    check_text,
    in_language,
    story_block,
)
from companion.story.drafts import (
    AdjudicationDraft,
    ChapterTaleDraft,
    CoherenceDraft,
    ContinuationDraft,
    EndingDraft,
    FactumDraft,
    RecapDraft,
)
from companion.story.factum import (
    DUPLICATE_SIMILARITY,
    MAX_FACTUM_CARD_CHARS,
    TextEmbedder,
    pick_distinct,
)
from companion.story.offline import (
    OfflineNarrator,
    duplicate_rejections,
    unchecked_coherence,
    unjudged,
)
from companion.story.recap import Recap
from companion.story.requests import ContinuationRequest, EndingRequest
from companion.story.results import (
    AdjudicationVerdict,
    CoherenceVerdict,
    Continuation,
    Ending,
    FactumCard,
    FactumPromptSet,
    Rejection,
)
from companion.story.verify import (
    ContinuationSelection,
    EndingSelection,
    Proposal,
    offer_until_done,
)

MAX_PROPOSALS = 3
FACTUM_ROUNDS = 2
FACTUM_AVOID_IN_PROMPT = 100  # the most recent cards to avoid that are shown to the model
_LIST_MARK = re.compile(r"^\s*(?:[-*•・]|\d+[.)]|[a-z][.)])\s*")
_QUOTES = "\"'“”‘’「」«»"


class LLMNarrator:
    def __init__(
        self,
        llm: LLM,
        *,
        deck: Deck,
        referee: RefereePort,
        embedder: TextEmbedder | None = None,
        max_proposals: int = MAX_PROPOSALS,
    ) -> None:
        self.llm = llm
        self.deck = deck
        self.referee = referee
        self.embedder = embedder
        self.max_proposals = max_proposals
        self.offline = OfflineNarrator(deck=deck, referee=referee, embedder=embedder)

    @property
    def name(self) -> str:
        return f"llm:{self.llm.model}"

    def continue_story(
        self,
        *,
        story: Sequence[str],
        hand: Sequence[str],
        card: str,
        ending: str,
        language: Language,
        other_cards: Sequence[str] = (),
    ) -> Continuation:
        request = ContinuationRequest.check(
            self.deck, story, hand, card, ending, language, other_cards
        )
        selection = request.selection(self.referee, self.offline.ending_guard)
        offer_until_done(
            selection,
            self._continuation_proposals(request, selection),
            self.offline.continuation_proposals(request),
        )
        return selection.result(asked=self.name)

    def propose_ending(self, *, story: Sequence[str], ending: str, language: Language) -> Ending:
        request = EndingRequest.check(self.deck, story, ending, language)
        selection = request.selection(self.referee)
        offer_until_done(
            selection,
            self._ending_proposals(request, selection),
            self.offline.ending_proposals(request),
        )
        return selection.result(asked=self.name)

    def check_coherence(
        self, *, story: Sequence[str], sentence: str, language: Language
    ) -> CoherenceVerdict:
        checked_language = check_language(language)
        told = check_story(story)
        messages = render_prompt(
            "coherence",
            {
                "language_name": LANGUAGE_NAMES[checked_language],
                "story": story_block(told),
                "sentence": delimit("sentence", check_text("sentence", sentence)),
            },
        )
        try:
            draft = self.llm.generate("coherence", messages, CoherenceDraft, temperature=0).value
        except LLMError as exc:
            return unchecked_coherence(
                "the model could not be asked: the table decides by a show of hands (OU-17)",
                fallback_reason=_describe(exc),
            )
        index = draft.contradicted_sentence
        pointed = draft.verdict == "contradiction" and index is not None and index <= len(told)
        return CoherenceVerdict(
            narrator=self.name,
            verdict=draft.verdict,
            contradicted=told[index - 1] if pointed and index else None,
            contradicted_index=index - 1 if pointed and index else None,
            reason=draft.reason,
            confidence=draft.confidence,
        )

    def adjudicate(
        self, text: str, story: Sequence[str], card_label: str, evidence: str
    ) -> AdjudicationVerdict:
        messages = render_prompt(
            "adjudication",
            {
                "story": story_block(check_story(story, limit=MAX_TEXT_CHARS)),
                "text": delimit("text", check_text("text", text, limit=MAX_TEXT_CHARS)),
                "card": check_text("card_label", card_label, limit=200),
                "evidence": delimit("evidence", evidence.strip() or "(none given)"),
            },
        )
        try:
            draft = self.llm.generate(
                "adjudication", messages, AdjudicationDraft, temperature=0
            ).value
        except LLMError as exc:
            return unjudged(
                "the model could not be asked: the players not involved decide (OU-13)",
                fallback_reason=_describe(exc),
            )
        return AdjudicationVerdict(
            narrator=self.name,
            mentioned=draft.mentioned,
            reason=draft.reason,
            confidence=draft.confidence,
        )

    def factum_prompts(
        self,
        *,
        count: int,
        language: Language,
        avoid: Sequence[str] = (),
        seed: int | None = None,
    ) -> FactumPromptSet:
        checked_language, avoided = check_factum_request(count, language, avoid)
        kept: list[str] = []
        dropped: list[Rejection] = []
        failure: str | None = None
        for _ in range(FACTUM_ROUNDS):
            try:
                proposed = self._factum_round(count - len(kept), checked_language, avoided, kept)
            except LLMError as exc:
                failure = _describe(exc)
                break
            usable, invalid = _clean_factum_cards(self.name, proposed, checked_language)
            fresh, duplicates = pick_distinct(
                usable,
                count - len(kept),
                avoid=[*avoided, *kept],
                embedder=self.embedder,
                threshold=DUPLICATE_SIMILARITY[checked_language],
            )
            kept += fresh
            dropped += [*invalid, *duplicate_rejections(self.name, duplicates)]
            if len(kept) >= count:
                break
        cards = [FactumCard(text=text, narrator=self.name) for text in kept]
        if len(kept) < count:
            failure = failure or f"the model gave {len(kept)} usable cards of {count}"
            extra, extra_dropped = self.offline.factum_cards(
                count - len(kept), checked_language, [*avoided, *kept], seed
            )
            cards += [FactumCard(text=text, narrator=self.offline.name) for text in extra]
            dropped += extra_dropped
        return FactumPromptSet(
            narrator=self.name,
            language=checked_language,
            cards=tuple(cards),
            dropped=tuple(dropped),
            fallback_reason=failure,
        )

    def bedtime_recap(
        self, *, told: Sequence[str], names: Sequence[str], language: Language
    ) -> Recap:
        """The model's retelling of `told`, kept only if it keeps every one of `names` (the
        players) that `told` holds;
        else (or when the model fails) the offline telling, saying why."""
        account = "\n\n".join(told)
        messages = render_prompt(
            "bedtime_recap",
            {"language_name": LANGUAGE_NAMES[language], "account": delimit("account", account)},
        )
        try:
            draft = self.llm.generate("bedtime_recap", messages, RecapDraft, temperature=0.7).value
        except LLMError as exc:
            return self._offline_recap(told, language, _describe(exc))
        retold = "\n".join(draft.paragraphs)
        dropped = [name for name in names if name in account and name not in retold]
        if dropped:
            return self._offline_recap(told, language, f"the retelling left out {dropped[0]}")
        return Recap(narrator=self.name, language=language, paragraphs=tuple(draft.paragraphs))

    def _offline_recap(self, told: Sequence[str], language: Language, why: str) -> Recap:
        recap = self.offline.bedtime_recap(told=told, names=(), language=language)
        return Recap(recap.narrator, language, recap.paragraphs, fallback_reason=why)

    def chapter_tale(
        self, *, facts: ChapterFacts, names: Sequence[str], language: Language
    ) -> ChapterTale:
        """The model's retelling of the chapter's facts, kept only if `retelling_problem` finds
        nothing wrong with it; else (or when the model fails) the offline tale, saying why."""
        language = check_language(language)
        account = chapter_account(facts, names, language)
        messages = render_prompt(
            "chapter_tale",
            {"language_name": LANGUAGE_NAMES[language], "account": delimit("account", account)},
        )
        try:
            draft = self.llm.generate(
                "chapter_tale", messages, ChapterTaleDraft, temperature=0.7
            ).value
        except LLMError as exc:
            return self._offline_tale(facts, names, language, _describe(exc))
        problem = retelling_problem(draft.paragraph, account, facts, names, language)
        if problem is not None:
            return self._offline_tale(facts, names, language, problem)
        return ChapterTale(facts.chapter, self.name, language, draft.paragraph)

    def _offline_tale(
        self, facts: ChapterFacts, names: Sequence[str], language: Language, why: str
    ) -> ChapterTale:
        tale = self.offline.chapter_tale(facts=facts, names=names, language=language)
        return ChapterTale(tale.chapter, tale.narrator, language, tale.text, fallback_reason=why)

    # Proposals

    def _continuation_proposals(
        self, request: ContinuationRequest, selection: ContinuationSelection
    ) -> Iterator[Proposal]:
        for _ in range(self.max_proposals):
            variables = {
                "language_name": LANGUAGE_NAMES[request.language],
                "story": story_block(request.story),
                "card": _card_line(request.card, request.language),
                "ending": request.ending.sentence(request.language),
                "feedback": _continuation_feedback(selection.last_rejection, request),
            }
            messages = render_prompt("continuation", variables)
            try:
                draft = self.llm.generate("continuation", messages, ContinuationDraft)
            except LLMError as exc:
                selection.reject(_model_error(self.name, exc))
                return
            yield Proposal(self.name, tuple(draft.value.sentences))

    def _ending_proposals(
        self, request: EndingRequest, selection: EndingSelection
    ) -> Iterator[Proposal]:
        for _ in range(self.max_proposals):
            variables = {
                "language_name": LANGUAGE_NAMES[request.language],
                "story": story_block(request.story),
                "ending": request.ending.sentence(request.language),
                "feedback": _ending_feedback(selection.last_rejection),
            }
            messages = render_prompt("ending", variables)
            try:
                draft = self.llm.generate("ending", messages, EndingDraft)
            except LLMError as exc:
                selection.reject(_model_error(self.name, exc))
                return
            yield Proposal(self.name, tuple(draft.value.linking_sentences))

    def _factum_round(
        self, need: int, language: Language, avoid: Sequence[str], kept: Sequence[str]
    ) -> list[str]:
        shown = [*avoid, *kept][-FACTUM_AVOID_IN_PROMPT:]
        messages = render_prompt(
            "factum_cards",
            {
                "language_name": LANGUAGE_NAMES[language],
                "count": str(need + max(2, need // 4)),  # a few spare for deduplication
                "avoid": delimit("deck", "\n".join(shown) or "(none yet)"),
            },
        )
        return self.llm.generate("factum_cards", messages, FactumDraft, temperature=1.0).value.cards


def _card_line(card: StoryCard, language: Language) -> str:
    return f"{card.label(language)} ({card.group.value})"


def _continuation_feedback(rejection: Rejection | None, request: ContinuationRequest) -> str:
    if rejection is None:
        return ""
    label = request.card.label(request.language)
    previous = (
        f"\nYour previous proposal was not used:\n{delimit('previous', rejection.text or '')}\n"
    )
    if rejection.reason == "card-not-mentioned":
        return f"{previous}It did not clearly bring in {label}. Bring it in explicitly.\n"
    if rejection.reason == "reveals-ending":
        return f"{previous}It gave away your secret ending card: keep it hidden.\n"
    if rejection.reason == "exposes-other-card":
        return (
            "\nYour previous proposal was not used: it brought in elements that would let "
            f"other players interrupt. Bring in {label} and otherwise only what the story "
            "already holds.\n"
        )
    # The detail may quote the model's own text (a validation error): data, inside delimiters.
    return f"{previous}Why:\n{delimit('reason', rejection.detail)}\n"


def _ending_feedback(rejection: Rejection | None) -> str:
    if rejection is None:
        return ""
    previous = delimit("previous", rejection.text or "")
    reason = delimit("reason", rejection.detail)
    return f"\nYour previous linking sentences were not used:\n{previous}\nWhy:\n{reason}\n"


def _clean_factum_cards(
    narrator: str, proposed: Sequence[str], language: Language
) -> tuple[list[str], list[Rejection]]:
    usable: list[str] = []
    invalid: list[Rejection] = []
    for raw in proposed:
        text = _LIST_MARK.sub("", raw).strip().strip(_QUOTES).strip().rstrip(".。")
        problem = None
        if not text or len(text) > MAX_FACTUM_CARD_CHARS:
            problem = f"must be 1 to {MAX_FACTUM_CARD_CHARS} characters"
        elif not in_language(text, language):
            problem = f"not written in {LANGUAGE_NAMES[language]}"
        if problem:
            invalid.append(
                Rejection(narrator=narrator, reason="invalid-output", detail=problem, text=raw)
            )
        else:
            usable.append(text)
    return usable, invalid


def _model_error(narrator: str, exc: LLMError) -> Rejection:
    return Rejection(narrator=narrator, reason="model-error", detail=_describe(exc))


def _describe(exc: LLMError) -> str:
    return f"{type(exc).__name__}: {exc.message}"
