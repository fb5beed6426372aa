"""Rulings for the table: private hints after each sentence, and verdicts on claims.

The referee decides what it is sure of; a borderline mention goes to the narrator (when an LLM
is configured) and otherwise, like every dispute the models cannot settle, to a show of hands.
Every ruling on a mention carries its `Evidence`, which the voters see when the table decides.
"""

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from companion.cards import Deck, Language
from companion.games.once_upon_a_time import State, Verdict
from companion.referee.port import RefereePort
from companion.story.narrator import Narrator

log = logging.getLogger(__name__)


Finding = Literal["heard", "not_heard", "borderline", "failed", "model_said_no", "model_said_yes"]


@dataclass(frozen=True)
class Evidence:
    """What the models made of a claimed mention, for the voters: the finding, and the words it
    rests on (the referee's span, or the narrator's reason)."""

    finding: Finding
    phrase: str = ""

    def as_json(self) -> dict[str, str]:
        return {"finding": self.finding, "phrase": self.phrase[:300]}


@dataclass(frozen=True)
class Decision:
    """A verdict to attach to the claim, or (verdict None) a show of hands, with why."""

    verdict: Verdict | None
    note: str = ""
    evidence: Evidence | None = None


class Judge:
    def __init__(
        self, deck: Deck, referee: RefereePort, narrator: Narrator, *, llm_enabled: bool
    ) -> None:
        self.deck = deck
        self.referee = referee
        self.narrator = narrator
        self.llm_enabled = llm_enabled

    def label(self, card: str, language: Language) -> str:
        story_card = self.deck.resolve(card)
        return story_card.label(language) if story_card is not None else card

    # --- hints ------------------------------------------------------------------------------

    def hints(self, game: State, line: int, language: Language) -> dict[int, list[dict[str, Any]]]:
        """For each seat but the line's teller: its held cards that the line mentions (OU-10).

        Raises whatever the referee raises; the caller marks the step as failed.
        """
        teller = game.story[line].seat
        holder = {
            card: seat
            for seat, held in enumerate(game.seats)
            if seat != teller
            for card in held.hand
        }
        if not holder:
            return {}
        story = [entry.text for entry in game.story[:line]]
        ruling = self.referee.rule(
            game.story[line].text, list(holder), story=story, language=language
        )
        found: dict[int, list[dict[str, Any]]] = {}
        seen: set[str] = set()
        for mentions, borderline in ((ruling.mentions, False), (ruling.borderline, True)):
            for mention in mentions:
                card = mention.card_id or mention.card
                if card not in holder or card in seen:
                    continue
                seen.add(card)
                found.setdefault(holder[card], []).append(
                    {
                        "card": card,
                        "score": round(float(mention.score), 4),
                        "evidence": mention.evidence,
                        "method": mention.method,
                        "start": mention.start,
                        "end": mention.end,
                        "borderline": borderline,
                    }
                )
        return found

    # --- verdicts -----------------------------------------------------------------------------

    def mention(self, text: str, story: Sequence[str], card: str, language: Language) -> Decision:
        """Does `text` bring `card` into the story? (interrupt, OU-10; play, OU-6/OU-7)."""
        label = self.label(card, language)
        try:
            ruling = self.referee.rule(text, [card], story=story, language=language)
        except Exception as error:
            log.warning("referee failed on a claim: %r", error)
            return Decision(
                None, "the referee could not rule; the table decides", Evidence("failed")
            )
        for mention in ruling.mentions:
            if (mention.card_id or mention.card) == card:
                reason = f'the referee hears "{mention.evidence}" as {label}'
                verdict = Verdict(accepted=True, by="referee", reason=reason)
                return Decision(verdict, evidence=Evidence("heard", mention.evidence))
        for mention in ruling.borderline:
            if (mention.card_id or mention.card) == card:
                return self._borderline(text, story, label, mention.evidence)
        reason = f"the referee does not hear {label} in: {_quote(text)}"
        verdict = Verdict(accepted=False, by="referee", reason=reason[:1000])
        return Decision(verdict, evidence=Evidence("not_heard"))

    def _borderline(self, text: str, story: Sequence[str], label: str, evidence: str) -> Decision:
        note = f'"{evidence}" may or may not be {label}'
        unsure = Evidence("borderline", evidence)
        if not self.llm_enabled:
            return Decision(None, f"{note}; the table decides", unsure)
        try:
            answer = self.narrator.adjudicate(text, list(story), label, evidence)
        except Exception as error:
            log.warning("narrator failed to adjudicate: %r", error)
            return Decision(
                None, f"{note}; the narrator could not judge, the table decides", unsure
            )
        if answer.mentioned is None:
            return Decision(None, f"{note}; the narrator cannot tell, the table decides", unsure)
        reason = f"{answer.narrator}: {answer.reason}"[:1000]
        finding: Finding = "model_said_yes" if answer.mentioned else "model_said_no"
        verdict = Verdict(accepted=bool(answer.mentioned), by="llm", reason=reason)
        return Decision(verdict, evidence=Evidence(finding, str(answer.reason)))

    def silly(self, story: Sequence[str], sentence: str, language: Language) -> Decision:
        """Is the story rambling, nonsense or self-contradicting? (OU-17)."""
        if not self.llm_enabled:
            return Decision(None, "no model to check coherence; the table decides")
        try:
            answer = self.narrator.check_coherence(
                story=list(story), sentence=sentence, language=language
            )
        except Exception as error:
            log.warning("narrator failed to check coherence: %r", error)
            return Decision(None, "the narrator could not check; the table decides")
        if answer.verdict == "unchecked":
            return Decision(None, "the narrator could not check; the table decides")
        reason = f"{answer.narrator}: {answer.verdict}: {answer.reason}"[:1000]
        return Decision(Verdict(accepted=answer.verdict != "consistent", by="llm", reason=reason))


def _quote(text: str, limit: int = 200) -> str:
    return f'"{text[:limit]}…"' if len(text) > limit else f'"{text}"'
