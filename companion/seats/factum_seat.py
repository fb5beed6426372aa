"""The Factum AI seat: one move at a time, from what its seat may see and nothing else.

It reads the engine's per-seat view (`companion.games.factum.seat_view`: its own hand, its own
secrets, the public turn) and answers with a request body, as a person's phone would:

    volunteer        only when it is its turn in the rotation (`volunteers_next`), so AI seats
                     never jump ahead of the people at the table
    tell             with a language model (only when the table turned it on: `llm`), a story
                     the model invents for a card of its own hand, vetted (`vet_story`); else,
                     or when the model fails or its story is set aside (`note` says so), of the
                     bank stories written for its cards and not told here yet, the one whose
                     link is neither obvious nor obscure (`choose_story`, FA-10); else the bank
                     story not yet told here that best fits one of its cards (labelled canned
                     or generated either way: an AI has no life to tell from)
    choose_guessers  the judge's call: the card's fit against the judge's own hand (FA-3)
    decoy            the hand's card closest to the story (FA-4)
    guess            the table's card that best fits the story (FA-5)
    best_story       whether the new story's emotional core comes through more clearly (FA-7)

The model's prompt holds one card of the seat's own hand, as delimited data, and nothing else of
the table: no story, no other seat's card.

A story told aloud (no text) cannot be read: the seat then guesses, adds and judges blind
(by lot), and votes to keep the reigning story.
"""

import logging
import random
from collections.abc import Mapping, Sequence
from typing import Any

from companion.cards import Language
from companion.llm import LLM, LLMError
from companion.referee.tokens import detect_language
from companion.seats.factum import (
    FactumReader,
    choose_decoy,
    choose_story,
    judge,
    prefers_challenger,
)
from companion.seats.factum_storyteller import (
    CannedStoryteller,
    LLMStoryteller,
    ToldStory,
    bank_stories,
)
from companion.seats.factum_words import shared_words

log = logging.getLogger(__name__)

MODEL_FAILED = "The language model could not tell a story: a canned one from the bank instead."
STORY_SET_ASIDE = (
    "The language model's story was set aside ({reason}): a canned one from the bank instead."
)


def vet_story(told: ToldStory, told_before: Sequence[str]) -> str | None:
    """Why a model's story may not be told, or None when it may: it must be in the table's
    language, new at this table, and must not use the card's own words (FA-10: the link goes
    through the emotional core; the card's words would make it obvious)."""
    if detect_language(told.text) != told.language:
        return "not in the table's language"
    if told.text in told_before:
        return "already told at this table"
    if shared_words(told.card, told.text):
        return "it used the card's own words"
    return None


def volunteers_next(view: Mapping[str, Any], players: int) -> int:
    """The seat whose turn it is to volunteer: clockwise from the last storyteller's left
    (seat 0 in the first turn). People may volunteer at any time; AI seats wait for this."""
    last = view["last_storyteller"]
    return 0 if last is None else (last + 1) % players


class FactumSeat:
    def __init__(
        self,
        reader: FactumReader,
        storyteller: CannedStoryteller,
        language: Language,
        rng: random.Random,
        llm: LLM | None = None,
    ) -> None:
        self.reader = reader
        self.storyteller = storyteller
        self.language = language
        self.rng = rng
        self.llm = llm  # None unless the table turned the model on
        self.note = ""  # set by `decide` when the model failed and the seat fell back

    def decide(self, view: Mapping[str, Any], seat: int) -> dict[str, Any] | None:
        """The body of this seat's next action, or None when it has nothing to do now."""
        if seat not in view["awaiting"]:
            return None
        phase: str = view["phase"]
        turn: Mapping[str, Any] | None = view["turn"]
        hand: list[str] = list(view["hand"] or ())
        if phase == "volunteer":
            next_seat = volunteers_next(view, len(view["players"]))
            return {"type": "volunteer"} if next_seat == seat else None
        if turn is None:
            return None
        story: str | None = turn["story"]
        if phase == "storytelling":
            told_before = [t["story"] for t in view["history"] if t["story"]]
            return self._tell(hand, told_before)
        if phase == "judging":
            return {"type": "choose_guessers", "guessers": self._judge(story, turn, hand)}
        if phase == "decoys":
            return {"type": "decoy", "card": self._closest(story, hand)}
        if phase == "guessing":
            return {"type": "guess", "card": self._closest(story, list(turn["table"]))}
        if phase == "best_story":
            return {"type": "best_story", "prefer": self._best(story, view["title"])}
        return None

    def _tell(self, hand: Sequence[str], told_before: Sequence[str]) -> dict[str, Any]:
        if self.llm is not None and hand:
            invented = self._invent(hand, told_before)
            if invented is not None:
                return {"type": "tell", "card": invented.card, "text": invented.text}
        options = [
            told
            for told in self.storyteller.options(hand, self.language)
            if told.text not in told_before
        ]
        if options:
            pairs = [(told.card, told.text) for told in options]
            told = options[choose_story(self.reader, pairs, hand)]
            return {"type": "tell", "card": told.card, "text": told.text}
        # No bank story for a card held: tell the bank story (not told yet at this table) that
        # best fits one of the hand's cards, linked to that card. Still canned, still labelled.
        stories = [t for t in bank_stories(self.language) if t not in told_before]
        if not stories:
            return {"type": "tell", "card": self.rng.choice(list(hand))}
        best = max(
            ((float(self.reader.scores(story, hand).max()), story) for story in stories),
            key=lambda pair: pair[0],
        )[1]
        return {"type": "tell", "card": self.reader.rank(best, hand)[0], "text": best}

    def _invent(self, hand: Sequence[str], told_before: Sequence[str]) -> ToldStory | None:
        """The model's story for a card of the hand, or None (and `note` says why)."""
        assert self.llm is not None
        card = self.rng.choice(list(hand))
        try:
            told = LLMStoryteller(self.llm).tell(card, self.language)
        except LLMError as error:
            log.warning("Factum storyteller: the model failed (%s)", type(error).__name__)
            self.note = MODEL_FAILED
            return None
        reason = vet_story(told, told_before)
        if reason is not None:
            self.note = STORY_SET_ASIDE.format(reason=reason)
            return None
        return told

    def _judge(self, story: str | None, turn: Mapping[str, Any], hand: Sequence[str]) -> str:
        card = turn["storyteller_card"]
        comparison = [c for c in hand if c != card]
        if not story or card is None or not comparison:
            return self.rng.choice(["storyteller", "judge"])
        return judge(self.reader, story, card, comparison).guessing_team

    def _closest(self, story: str | None, cards: Sequence[str]) -> str:
        if not story:
            return self.rng.choice(list(cards))
        return choose_decoy(self.reader, story, cards)

    def _best(self, story: str | None, title: Mapping[str, Any] | None) -> str:
        reigning = title["story"] if title else None
        if not story or not reigning:
            return "reigning" if reigning else "current"
        return "current" if prefers_challenger(self.reader, story, reigning) else "reigning"
