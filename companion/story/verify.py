"""Verification of proposals by the referee, before anything is offered to the table.

A narrator produces proposals (the model's, then the offline grammar's); a selection checks each
with the referee (`companion.referee.port.RefereePort`; tests pass a fake) and keeps the first
that passes.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from difflib import SequenceMatcher
from itertools import chain

from companion.cards import Deck, EndingCard, Language, StoryCard, fold
from companion.referee.port import MentionLike, RefereePort
from companion.story.context import LANGUAGE_NAMES, in_language
from companion.story.ending_guard import EndingGuard
from companion.story.errors import ProposalDropped
from companion.story.results import Continuation, Ending, Rejection, join_sentences

_QUOTE_SHARE = 0.6  # a run of at least this share of the ending's letters gives it away
_MIN_QUOTE_CHARS = 8


@dataclass(frozen=True)
class Proposal:
    narrator: str
    sentences: tuple[str, ...]


@dataclass(frozen=True)
class _Candidate:
    proposal: Proposal
    evidence: str
    score: float
    exposed: int  # other players' cards it mentions


class _Selection:
    """What both selections share: the records of rejected proposals, and whether one passed."""

    rejected: list[Rejection]
    _accepted: object | None

    @property
    def done(self) -> bool:
        return self._accepted is not None

    @property
    def last_rejection(self) -> Rejection | None:
        return self.rejected[-1] if self.rejected else None

    def reject(self, rejection: Rejection) -> None:
        self.rejected.append(rejection)


@dataclass
class ContinuationSelection(_Selection):
    """Checks continuation proposals until one brings in `card` and no other player's card.

    A proposal that brings in the card but hands another player an interrupt is kept aside: it
    is offered only when no proposal avoids that (the fewest exposed cards wins).
    """

    referee: RefereePort
    card: StoryCard
    ending: EndingCard  # the seat's own, secret: a proposal must not give it away
    other_cards: Sequence[str]
    story: Sequence[str]
    language: Language
    guard: EndingGuard | None = None  # the ending in other words or another language
    rejected: list[Rejection] = field(default_factory=list)
    _accepted: _Candidate | None = None
    _exposing: list[tuple[_Candidate, Rejection]] = field(default_factory=list)

    def offer(self, proposal: Proposal) -> None:
        text = join_sentences(proposal.sentences, self.language)
        if not in_language(text, self.language):
            self.reject(_wrong_language(proposal, text, self.language))
            return
        if quotes(text, self.ending.sentence(self.language)):
            self.reject(_reveals(proposal, text, "it quotes the storyteller's secret ending card"))
            return
        if self.guard is not None and self.guard.gives_away(proposal.sentences, self.ending):
            detail = "it tells the storyteller's secret ending card in other words"
            self.reject(_reveals(proposal, text, detail))
            return
        cards = [self.card.id, *self.other_cards]
        ruling = self.referee.rule(text, cards, story=self.story, language=self.language)
        chosen = next((m for m in ruling.mentions if _is(m, self.card.id)), None)
        if chosen is None:
            label = self.card.label(self.language)
            self.reject(
                Rejection(
                    narrator=proposal.narrator,
                    reason="card-not-mentioned",
                    detail=f"the referee finds no mention of {label}",
                    text=text,
                )
            )
            return
        others = set(self.other_cards)
        exposed = sum(1 for m in ruling.mentions if m.card in others)
        candidate = _Candidate(proposal, chosen.evidence, chosen.score, exposed)
        if not exposed:
            self._accepted = candidate
            return
        set_aside = Rejection(
            narrator=proposal.narrator,
            reason="exposes-other-card",
            detail=f"mentions {exposed} element(s) another player holds (not shown)",
        )
        self._exposing.append((candidate, set_aside))
        self.reject(set_aside)

    def result(self, *, asked: str) -> Continuation:
        """The accepted proposal, else the least exposing one; ProposalDropped when none.

        `asked` names the narrator that was asked: an answer by another one (the offline
        fallback) says why in `fallback_reason`.
        """
        chosen = self._accepted
        rejected = list(self.rejected)
        if chosen is None and self._exposing:
            chosen, set_aside = min(self._exposing, key=lambda pair: pair[0].exposed)
            rejected.remove(set_aside)
        if chosen is None:
            raise ProposalDropped("continuation", tuple(rejected))
        narrator = chosen.proposal.narrator
        return Continuation(
            narrator=narrator,
            language=self.language,
            card=self.card.id,
            sentences=chosen.proposal.sentences,
            evidence=chosen.evidence,
            score=chosen.score,
            exposed_other_cards=chosen.exposed,
            rejected=tuple(rejected),
            fallback_reason=_fallback_reason(asked, narrator, rejected),
        )


@dataclass
class EndingSelection(_Selection):
    """Checks linking sentences until some bring in no element the story does not hold (OU-18).

    Elements the ending card's own sentence names count as known: it is played anyway.
    """

    referee: RefereePort
    deck: Deck
    ending: EndingCard
    story: Sequence[str]
    language: Language
    rejected: list[Rejection] = field(default_factory=list)
    _accepted: Proposal | None = None
    _new_elements: list[str] | None = None

    def offer(self, proposal: Proposal) -> None:
        text = join_sentences(proposal.sentences, self.language)
        if not in_language(text, self.language):
            self.reject(_wrong_language(proposal, text, self.language))
            return
        ruling = self.referee.rule(
            text, self._unknown_elements(), story=self.story, language=self.language
        )
        if not ruling.mentions:
            self._accepted = proposal
            return
        named = ", ".join(
            f"{self.deck.story_card(m.card).label(self.language)} ({m.evidence!r})"
            for m in ruling.mentions
        )
        self.reject(
            Rejection(
                narrator=proposal.narrator,
                reason="new-element",
                detail=f"brings in {named}, not yet in the story",
                text=text,
            )
        )

    def result(self, *, asked: str) -> Ending:
        if self._accepted is None:
            raise ProposalDropped("ending", tuple(self.rejected))
        narrator = self._accepted.narrator
        return Ending(
            narrator=narrator,
            language=self.language,
            ending=self.ending.id,
            linking=self._accepted.sentences,
            ending_sentence=self.ending.sentence(self.language),
            rejected=tuple(self.rejected),
            fallback_reason=_fallback_reason(asked, narrator, self.rejected),
        )

    def _unknown_elements(self) -> list[str]:
        """Deck elements neither the story nor the ending card's sentence has brought in."""
        if self._new_elements is None:
            told = [*self.story, self.ending.sentence(self.language)]
            ids = [card.id for card in self.deck.story_cards]
            rulings = self.referee.rule_many(told, ids)
            known = {m.card for ruling in rulings for m in ruling.mentions}
            self._new_elements = [card_id for card_id in ids if card_id not in known]
        return self._new_elements


Selection = ContinuationSelection | EndingSelection


def offer_until_done(selection: Selection, *streams: Iterable[Proposal]) -> None:
    """Offer proposals from each stream in turn until one passes; later ones are never drawn
    (a model stream is a generator: no call is made once a proposal has passed)."""
    for proposal in chain(*streams):
        selection.offer(proposal)
        if selection.done:
            return


def quotes(text: str, sentence: str) -> bool:
    """Whether `text` holds most of `sentence` word for word (letters only, folded)."""
    a, b = _letters(text), _letters(sentence)
    if not b:
        return False
    match = SequenceMatcher(None, a, b, autojunk=False).find_longest_match(0, len(a), 0, len(b))
    return match.size >= max(_MIN_QUOTE_CHARS, _QUOTE_SHARE * len(b))


def _letters(text: str) -> str:
    return "".join(ch for ch in fold(text) if ch.isalnum())


def _reveals(proposal: Proposal, text: str, detail: str) -> Rejection:
    return Rejection(narrator=proposal.narrator, reason="reveals-ending", detail=detail, text=text)


def _is(mention: MentionLike, card_id: str) -> bool:
    return mention.card == card_id or mention.card_id == card_id


def _wrong_language(proposal: Proposal, text: str, language: Language) -> Rejection:
    return Rejection(
        narrator=proposal.narrator,
        reason="invalid-output",
        detail=f"not written in {LANGUAGE_NAMES[language]}",
        text=text,
    )


def _fallback_reason(asked: str, narrator: str, rejected: Sequence[Rejection]) -> str | None:
    if narrator == asked:
        return None
    mine = [r for r in rejected if r.narrator == asked]
    if not mine:
        return f"{asked} gave no proposal"
    return f"{asked} gave no usable proposal: " + "; ".join(
        f"{r.reason} ({r.detail})" for r in mine
    )
