"""The Factum AI seat: one move at a time, from what its seat may see and nothing else.

It reads the engine's per-seat view (`companion.games.factum.seat_view`: its own hand, its own
secrets, the public turn) and answers with a request body, as a person's phone would:

    volunteer        only when it is its turn in the rotation (`volunteers_next`), so AI seats
                     never jump ahead of the people at the table
    tell             a canned story from the bank written for a card of its hand; else the
                     bank story not yet told here that best fits one of its cards (labelled
                     canned either way: an AI has no life to tell from)
    choose_guessers  the judge's call: the card's fit against the judge's own hand (FA-3)
    decoy            the hand's card closest to the story (FA-4)
    guess            the table's card that best fits the story (FA-5)
    best_story       whether the new story's emotional core comes through more clearly (FA-7)

A story told aloud (no text) cannot be read: the seat then guesses, adds and judges blind
(by lot), and votes to keep the reigning story.
"""

import random
from collections.abc import Mapping, Sequence
from typing import Any

from companion.cards import Language
from companion.seats.factum import FactumReader, choose_decoy, judge, prefers_challenger
from companion.seats.factum_storyteller import CannedStoryteller, story_bank


def _bank_stories(language: Language) -> list[str]:
    """Every canned story of the bank in `language`, in a fixed order."""
    return sorted({told[language] for told in story_bank().values() if language in told})


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
    ) -> None:
        self.reader = reader
        self.storyteller = storyteller
        self.language = language
        self.rng = rng

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
        told = self.storyteller.tell(hand, self.language, self.rng)
        if told is not None and told.text not in told_before:
            return {"type": "tell", "card": told.card, "text": told.text}
        # No bank story for a card held: tell the bank story (not told yet at this table) that
        # best fits one of the hand's cards, linked to that card. Still canned, still labelled.
        stories = [t for t in _bank_stories(self.language) if t not in told_before]
        if not stories:
            return {"type": "tell", "card": self.rng.choice(list(hand))}
        best = max(
            ((float(self.reader.scores(story, hand).max()), story) for story in stories),
            key=lambda pair: pair[0],
        )[1]
        return {"type": "tell", "card": self.reader.rank(best, hand)[0], "text": best}

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
