"""The Once Upon a Time AI seat (see the package docstring for its policy)."""

import logging
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.cards import Deck, Group, Language
from companion.referee.port import RefereePort
from companion.seats.once_upon_a_time_pace import (
    DEFAULT_LEVEL,
    Beat,
    BeatMemory,
    chance,
    level,
    pick_bridges,
)
from companion.story.narrator import Narrator

log = logging.getLogger(__name__)

# A flagged hint at or above this confidence is worth an interrupt.
INTERRUPT_CONFIDENCE = 0.8
# An AI vote comes this many table paces after the people's (or after the vote opened).
VOTE_PACE = 0.3
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
    claimable_lines: tuple[int, ...] = ()  # the storyteller's latest lines (OU-10)
    custom_cards: tuple[str, ...] = ()  # the table's own cards (public, like the deck's)


@dataclass(frozen=True)
class Decision:
    body: dict[str, Any]
    note: str = ""  # set when a model failed and the seat fell back (e.g. to a pass)
    thinking: bool = field(default=False)  # whether a model was asked (for pacing/UI)
    pace: float = 1.0  # how long to wait before acting, in units of the table's pace


class OnceUponATimeSeat:
    def __init__(
        self,
        deck: Deck,
        referee: RefereePort,
        narrator: Narrator,
        *,
        rng: random.Random,
        tries: int = 2,
        level_name: str = DEFAULT_LEVEL,
        salt: str = "",
        memory: BeatMemory | None = None,
    ) -> None:
        self.deck = deck
        self.referee = referee
        self.narrator = narrator
        self.rng = rng
        self.tries = tries
        self.level = level(level_name)
        self.salt = salt  # makes the seat's chances stable at one table (its id)
        self.memory: BeatMemory = {} if memory is None else memory

    def decide(self, view: SeatView) -> Decision | None:
        """The seat's next action body, or None when it waits."""
        if view.ballot is not None:
            return self._vote(view, view.ballot) if view.can_vote else None
        if view.seat != view.storyteller:
            return self._interrupt(view)
        return self._tell(view)

    # --- listening ----------------------------------------------------------------------------

    def _dares(self, view: SeatView, odds: float, *key: object) -> bool:
        return chance(self.salt, view.seat, *key) < odds

    def _interrupt(self, view: SeatView) -> Decision | None:
        """Claim, as often as the level dares, after its claim pace (people claim first)."""
        pace = self.level.claim_pace
        odds = self.level.card_interrupt_chance
        if view.card_interrupts and self._dares(view, odds, "card", len(view.story)):
            body = {"type": "card_interrupt", "card": view.card_interrupts[0]}
            return Decision(body, pace=pace)
        sure = [
            h
            for h in view.hints
            if not h.borderline
            and h.score >= INTERRUPT_CONFIDENCE
            and h.card in view.hand
            and h.line in view.claimable_lines
            and self._dares(view, self.level.interrupt_chance, "mention", h.line, h.card)
        ]
        if not sure:
            return None
        best = max(sure, key=lambda h: (h.score, h.line))
        return Decision({"type": "interrupt", "card": best.card, "line": best.line}, pace=pace)

    def _vote(self, view: SeatView, ballot: BallotSeen) -> Decision:
        if ballot.kind in ("mention", "significance"):
            yes = self._hears(view, ballot.action)
        elif ballot.kind == "silly":
            yes = self._silly(view)
        else:
            yes = judge_ending(self, view, ballot.action)
        return Decision({"type": "vote", "ballot": ballot.ballot, "yes": yes}, pace=VOTE_PACE)

    def _hears(self, view: SeatView, claim: Mapping[str, Any]) -> bool:
        """Does the claimed line (or a play's new sentence) bring the claimed card in?"""
        card = str(claim.get("card", ""))
        if isinstance(claim.get("sentence"), str):
            return self.heard(view, str(claim["sentence"]), view.story, card)
        line = claim.get("line")
        latest = view.claimable_lines or view.turn_lines
        index = latest[-1] if line is None and latest else line
        if not isinstance(index, int) or not 0 <= index < len(view.story):
            return False
        return self.heard(view, view.story[index], view.story[:index], card)

    def heard(self, view: SeatView, text: str, story: Sequence[str], card: str) -> bool:
        try:
            ruling = self.referee.rule(text, [card], story=story, language=view.language)
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
        """One sentence of the beat in progress, or a new beat (or, now and then, a pass)."""
        if not view.hand:
            if view.endings:
                return self._end(view)
            return Decision({"type": "pass"}, note="nothing left to tell")
        beat = self.memory.get(view.seat)
        index = None if beat is None else beat.next_index(view.story)
        if beat is not None and index is not None and index <= beat.card_at:
            index = index if beat.card in view.hand else None  # the card is still to be played
        if beat is None or index is None:
            self.memory.pop(view.seat, None)
            if len(view.turn_lines) >= 2 and self._dares(
                view, self.level.pass_chance, "pass", len(view.story)
            ):
                return Decision({"type": "pass"}, thinking=True)
            planned = self._plan(view)
            if isinstance(planned, Decision):
                return planned
            beat, index = planned, 0
            self.memory[view.seat] = beat
        text = beat.sentences[index]
        if index == beat.card_at:
            body: dict[str, Any] = {"type": "play", "card": beat.card, "sentence": text}
        else:
            body = {"type": "narrate", "text": text}
        return Decision(body, thinking=True)

    def _plan(self, view: SeatView) -> Beat | Decision:
        """A beat for one of the hand's cards: bridge sentences, then the narrator's
        continuation with the card on the sentence that brings it in."""
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
            told = [s[:2000] for s in continuation.sentences if s.strip()] or [
                continuation.text[:2000]
            ]
            evidence = continuation.evidence.casefold()
            card_at = next(
                (i for i, s in enumerate(told) if evidence and evidence in s.casefold()),
                len(told) - 1,
            )
            told = told[: card_at + 1]  # the card ends the beat: a card every 2-4 sentences
            length = self.level.beat_length(f"{self.salt}/{view.seat}", len(view.story))
            salt = f"{self.salt}/{view.seat}"
            bridges = pick_bridges(view.language, view.story, max(0, length - len(told)), salt)
            sentences = (*bridges, *told)
            return Beat(len(view.story), card, sentences, len(bridges) + card_at)
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


def judge_ending(seat: OnceUponATimeSeat, view: SeatView, action: Mapping[str, Any]) -> bool:
    """An ending is fair (OU-18/OU-19) when its linking sentences bring in no element the story
    has not met yet (the referee) and the narrator finds them neither silly nor contradictory.
    What the models cannot check is given the benefit of the doubt (OU-19's leniency)."""
    linking = [str(s) for s in action.get("linking", ()) if str(s).strip()]
    if not linking:
        return False
    text = " ".join(linking)
    cards = [card.id for card in seat.deck.story_cards] + list(view.custom_cards)
    try:
        ruling = seat.referee.rule(text, cards, story=view.story, language=view.language)
        earlier = " ".join(view.story[-12:])
        for mention in ruling.mentions:
            card = mention.card_id or mention.card
            if not earlier or not seat.heard(view, earlier, (), card):
                return False  # a new element at the very end
        verdict = seat.narrator.check_coherence(
            story=view.story, sentence=text, language=view.language
        )
    except Exception as error:
        log.warning("AI voter could not judge the ending: %r", error)
        return True
    return verdict.verdict not in _SILLY_VERDICTS


def card_interrupts(deck: Deck, hand: Sequence[str], group: Group | None) -> tuple[str, ...]:
    """The interrupt cards of `hand` that a card of `group` just played allows (OU-11)."""
    if group is None:
        return ()
    return tuple(
        c for c in hand if deck.story_card(c).interrupt and deck.story_card(c).group is group
    )
