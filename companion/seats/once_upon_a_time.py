"""The Once Upon a Time AI seat (see the package docstring for its policy)."""

import logging
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.cards import Deck, Group, Language
from companion.referee.port import RefereePort
from companion.story.narrator import Narrator

log = logging.getLogger(__name__)

# A flagged hint at or above this confidence is worth an interrupt.
INTERRUPT_CONFIDENCE = 0.8
_SILLY_VERDICTS = frozenset({"contradiction", "rambling", "nonsense"})


@dataclass(frozen=True)
class HintSeen:
    """One of the seat's cards the referee heard in a line of the current turn."""

    line: int
    card: str
    score: float
    borderline: bool


@dataclass(frozen=True)
class BallotSeen:
    """An open show of hands this seat may vote in."""

    ballot: int
    kind: str  # "mention" | "significance" | "silly" | "ending"
    action: Mapping[str, Any]  # the claim (public: the claimed card is on the table)


@dataclass(frozen=True)
class SeatView:
    """What one seat's player may know: nothing of the other hands."""

    seat: int
    language: Language
    storyteller: int
    story: tuple[str, ...]
    turn_lines: tuple[int, ...]
    hand: tuple[str, ...]
    endings: tuple[str, ...]
    card_interrupts: tuple[str, ...] = ()  # its cards a card interrupt (OU-11) allows now
    hints: tuple[HintSeen, ...] = ()
    ballot: BallotSeen | None = None
    can_vote: bool = False


@dataclass(frozen=True)
class Decision:
    body: dict[str, Any]
    note: str = ""  # set when a model failed and the seat fell back (e.g. to a pass)
    thinking: bool = field(default=False)  # whether a model was asked (for pacing/UI)


class OnceUponATimeSeat:
    def __init__(
        self,
        deck: Deck,
        referee: RefereePort,
        narrator: Narrator,
        *,
        rng: random.Random,
        tries: int = 2,
    ) -> None:
        self.deck = deck
        self.referee = referee
        self.narrator = narrator
        self.rng = rng
        self.tries = tries

    def decide(self, view: SeatView) -> Decision | None:
        """The seat's next action body, or None when it waits."""
        if view.ballot is not None:
            return self._vote(view, view.ballot) if view.can_vote else None
        if view.seat != view.storyteller:
            return self._interrupt(view)
        return self._tell(view)

    # --- listening ----------------------------------------------------------------------------

    def _interrupt(self, view: SeatView) -> Decision | None:
        if view.card_interrupts:
            return Decision({"type": "card_interrupt", "card": view.card_interrupts[0]})
        sure = [
            h
            for h in view.hints
            if not h.borderline and h.score >= INTERRUPT_CONFIDENCE and h.card in view.hand
        ]
        if not sure:
            return None
        best = max(sure, key=lambda h: (h.score, h.line))
        return Decision({"type": "interrupt", "card": best.card, "line": best.line})

    def _vote(self, view: SeatView, ballot: BallotSeen) -> Decision:
        yes = True
        if ballot.kind == "mention":
            yes = self._hears(view, ballot.action)
        elif ballot.kind == "silly":
            yes = self._silly(view)
        return Decision({"type": "vote", "ballot": ballot.ballot, "yes": yes})

    def _hears(self, view: SeatView, claim: Mapping[str, Any]) -> bool:
        card = str(claim.get("card", ""))
        line = claim.get("line")
        index = view.turn_lines[-1] if line is None and view.turn_lines else line
        if not isinstance(index, int) or not 0 <= index < len(view.story):
            return False
        try:
            ruling = self.referee.rule(
                view.story[index], [card], story=view.story[:index], language=view.language
            )
        except Exception as error:
            log.warning("AI voter could not consult the referee: %r", error)
            return False
        heard = [*ruling.mentions, *ruling.borderline]
        return any((m.card_id or m.card) == card for m in heard)

    def _silly(self, view: SeatView) -> bool:
        if not view.turn_lines:
            return False
        last = view.turn_lines[-1]
        try:
            answer = self.narrator.check_coherence(
                story=view.story[:last], sentence=view.story[last], language=view.language
            )
        except Exception as error:
            log.warning("AI voter could not check coherence: %r", error)
            return False
        return answer.verdict in _SILLY_VERDICTS

    # --- telling ------------------------------------------------------------------------------

    def _tell(self, view: SeatView) -> Decision:
        if not view.hand:
            if view.endings:
                return self._end(view)
            return Decision({"type": "pass"}, note="nothing left to tell")
        cards = list(view.hand)
        self.rng.shuffle(cards)
        ending = view.endings[0] if view.endings else ""
        failures: list[str] = []
        for card in cards[: self.tries]:
            try:
                continuation = self.narrator.continue_story(
                    story=view.story,
                    hand=view.hand,
                    card=card,
                    ending=ending,
                    language=view.language,
                )
            except Exception as error:
                failures.append(type(error).__name__)
                continue
            body = {"type": "play", "card": card, "sentence": continuation.text[:2000]}
            return Decision(body, thinking=True)
        return Decision(
            {"type": "pass"},
            note=f"the narrator offered nothing usable ({', '.join(failures)}); the seat passes",
            thinking=True,
        )

    def _end(self, view: SeatView) -> Decision:
        ending = view.endings[0]
        try:
            proposal = self.narrator.propose_ending(
                story=view.story, ending=ending, language=view.language
            )
            linking = [s[:2000] for s in proposal.linking[:2] if s.strip()]
        except Exception as error:
            return Decision(
                {"type": "pass"},
                note=f"the narrator could not propose an ending ({type(error).__name__})",
                thinking=True,
            )
        if not linking:
            linking = [self.deck.ending(ending).sentence(view.language)]
        return Decision({"type": "end", "ending": ending, "linking": linking}, thinking=True)


def card_interrupts(deck: Deck, hand: Sequence[str], group: Group | None) -> tuple[str, ...]:
    """The interrupt cards of `hand` that a card of `group` just played allows (OU-11)."""
    if group is None:
        return ()
    return tuple(
        c for c in hand if deck.story_card(c).interrupt and deck.story_card(c).group is group
    )
