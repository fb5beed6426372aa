"""Requests to the narrator, checked once: bad input is an `InvalidStoryRequest`, never a
half-done answer."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.cards import Deck, EndingCard, Language, StoryCard
from companion.referee.port import RefereePort
from companion.story.context import (
    check_language,
    check_story,
    ending_card,
    story_card,
)
from companion.story.ending_guard import EndingGuard
from companion.story.errors import InvalidStoryRequest
from companion.story.verify import ContinuationSelection, EndingSelection

MAX_HAND = 30
MAX_OTHER_CARDS = 199  # the referee rules on at most 200 cards: these and the chosen one


@dataclass(frozen=True)
class ContinuationRequest:
    story: tuple[str, ...]
    card: StoryCard
    ending: EndingCard
    language: Language
    other_cards: tuple[str, ...]

    @classmethod
    def check(
        cls,
        deck: Deck,
        story: Sequence[str],
        hand: Sequence[str],
        card: str,
        ending: str,
        language: str,
        other_cards: Sequence[str],
    ) -> ContinuationRequest:
        checked_language = check_language(language)
        if not hand or len(hand) > MAX_HAND:
            raise InvalidStoryRequest("hand", f"must hold 1 to {MAX_HAND} cards")
        held = {story_card(deck, card_id, f"hand[{i}]").id for i, card_id in enumerate(hand)}
        chosen = story_card(deck, card, "card")
        if chosen.id not in held:
            raise InvalidStoryRequest("card", f"{card!r} is not in the hand")
        if len(other_cards) > MAX_OTHER_CARDS:
            raise InvalidStoryRequest("other_cards", f"at most {MAX_OTHER_CARDS} cards")
        for i, other in enumerate(other_cards):
            resolved = deck.resolve(other)
            if resolved is not None and resolved.id in held:
                raise InvalidStoryRequest(f"other_cards[{i}]", "is a card of the asking hand")
        return cls(
            story=check_story(story),
            card=chosen,
            ending=ending_card(deck, ending),
            language=checked_language,
            other_cards=tuple(other_cards),
        )

    def selection(
        self, referee: RefereePort, guard: EndingGuard | None = None
    ) -> ContinuationSelection:
        return ContinuationSelection(
            referee, self.card, self.ending, self.other_cards, self.story, self.language, guard
        )


@dataclass(frozen=True)
class EndingRequest:
    deck: Deck
    story: tuple[str, ...]
    ending: EndingCard
    language: Language

    @classmethod
    def check(cls, deck: Deck, story: Sequence[str], ending: str, language: str) -> EndingRequest:
        checked_language = check_language(language)
        return cls(deck, check_story(story), ending_card(deck, ending), checked_language)

    def selection(self, referee: RefereePort) -> EndingSelection:
        return EndingSelection(referee, self.deck, self.ending, self.story, self.language)
