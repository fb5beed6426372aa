"""The Once Upon a Time AI seat at a human pace: beats of two to four sentences per card, levels
that claim more or less often, claims only on the latest lines (OU-10), votes that judge."""

import random
from typing import Any

import pytest

from companion.cards import Deck, custom_card, once_upon_a_time_deck
from companion.referee import Referee
from companion.seats import OnceUponATimeSeat, SeatView
from companion.seats.once_upon_a_time import HintSeen, judge_ending
from companion.seats.once_upon_a_time_pace import (
    AI_LEVELS,
    Beat,
    BeatMemory,
    bridges,
    level,
    pick_bridges,
)
from companion.story.offline import OfflineNarrator
from embeddings import HashingEmbedder


@pytest.fixture(scope="module")
def deck() -> Deck:
    return once_upon_a_time_deck()


@pytest.fixture(scope="module")
def referee(deck: Deck) -> Referee:
    return Referee(deck, HashingEmbedder())


def seat(deck: Deck, referee: Referee, level_name: str = "fair", **kw: Any) -> OnceUponATimeSeat:
    narrator = OfflineNarrator(deck=deck, referee=referee)
    return OnceUponATimeSeat(
        deck, referee, narrator, rng=random.Random(1), level_name=level_name, **kw
    )


def view(**kw: Any) -> SeatView:
    values: dict[str, Any] = {
        "seat": 1,
        "language": "en",
        "storyteller": 1,
        "story": ("Once upon a time a king lived in a castle.",),
        "turn_lines": (),
        "hand": ("forest", "wolf", "key"),
        "endings": (once_upon_a_time_deck().endings[0].id,),
    }
    values.update(kw)
    return SeatView(**values)


@pytest.mark.parametrize("language", ["en", "ja", "es"])
def test_bridge_sentences_bring_in_no_card(referee: Referee, deck: Deck, language: str) -> None:
    cards = [card.id for card in deck.story_cards]
    for sentence in bridges(language):  # type: ignore[arg-type]
        ruling = referee.rule(sentence, cards, language=language)  # type: ignore[arg-type]
        assert not ruling.mentions and not ruling.borderline, sentence


def test_bridges_not_told_come_first_then_those_told_longest_ago() -> None:
    every = list(bridges("en"))
    story = ["Once upon a time.", *every[:-1]]
    assert pick_bridges("en", story, 1, "s") == [every[-1]]
    story.append(every[-1])
    assert pick_bridges("en", story, 2, "s") == every[:2]


def test_a_storyteller_tells_two_to_four_sentences_per_card(deck: Deck, referee: Referee) -> None:
    memory: BeatMemory = {}
    player = seat(deck, referee, memory=memory, salt="t1")
    story = ["Once upon a time a king lived in a castle."]
    hand = ["forest", "wolf", "key"]
    beats: list[int] = []
    since_card, turn_start = 0, 1
    for _ in range(40):
        if not hand:
            break
        lines = tuple(range(turn_start, len(story)))
        decision = player.decide(view(story=tuple(story), hand=tuple(hand), turn_lines=lines))
        assert decision is not None
        body = decision.body
        assert body["type"] in ("narrate", "play", "pass")
        if body["type"] == "pass":  # the story would go round the table and come back
            turn_start, since_card = len(story), 0
            continue
        story.append(body["text"] if body["type"] == "narrate" else body["sentence"])
        since_card += 1
        if body["type"] == "play":
            assert referee.rule(story[-1], [body["card"]]).mentions, story[-1]
            hand.remove(body["card"])
            beats.append(since_card)
            since_card = 0
    assert len(beats) == 3 and all(2 <= n <= 4 for n in beats), beats


def test_a_beat_is_dropped_when_the_story_leaves_it(deck: Deck, referee: Referee) -> None:
    memory: BeatMemory = {}
    player = seat(deck, referee, "gentle", memory=memory, salt="t2")
    first = player.decide(view())
    assert first is not None and 1 in memory
    planned = memory[1]
    story = (*view().story, "Something else entirely happened.")
    player.decide(view(story=story))
    assert memory.get(1) != planned  # planned afresh from the new story


def test_a_beat_is_planned_afresh_when_its_card_left_the_hand(deck: Deck, referee: Referee) -> None:
    told = "Then a wolf came out of the trees."
    memory: BeatMemory = {1: Beat(start=1, card="wolf", sentences=("A bridge.", told), card_at=1)}
    player = seat(deck, referee, memory=memory, salt="t3")
    story = (*view().story, "A bridge.")
    decision = player.decide(view(story=story, hand=("forest", "key"), turn_lines=(1,)))
    assert decision is not None and memory[1].card != "wolf" and memory[1].start == 2
    assert memory[1].card_at == len(memory[1].sentences) - 1  # the card ends every beat


def test_levels_claim_more_or_less_often_and_only_the_latest_lines(
    deck: Deck, referee: Referee
) -> None:
    claims = {}
    for name in AI_LEVELS:
        count = 0
        for table in range(200):
            listener = seat(deck, referee, name, salt=f"table-{table}")
            hint = HintSeen(line=3, card="forest", score=0.95, borderline=False)
            seen = view(storyteller=0, story=("a",) * 4, turn_lines=(2, 3), claimable_lines=(3,))
            decision = listener.decide(
                SeatView(**{**seen.__dict__, "hints": (hint,)})  # type: ignore[arg-type]
            )
            if decision is not None:
                assert decision.body["line"] == 3 and decision.pace == level(name).claim_pace
                count += 1
        claims[name] = count
    assert claims["gentle"] < claims["fair"] < claims["sharp"] == 200
    old = HintSeen(line=2, card="forest", score=0.95, borderline=False)
    sharp = seat(deck, referee, "sharp", salt="x")
    seen = view(storyteller=0, story=("a",) * 4, turn_lines=(2, 3), claimable_lines=(3,))
    assert sharp.decide(SeatView(**{**seen.__dict__, "hints": (old,)})) is None  # type: ignore[arg-type]


def test_an_ending_that_brings_in_a_new_element_is_voted_down(deck: Deck, referee: Referee) -> None:
    player = seat(deck, referee)
    story = ("Once upon a time a king lived in a castle.", "The king was very old.")
    seen = view(storyteller=0, story=story)
    fair = {"type": "end", "ending": "x", "linking": ["And so the king grew older still."]}
    new = {"type": "end", "ending": "x", "linking": ["Then a dragon burned the whole forest."]}
    assert judge_ending(player, seen, fair) is True
    assert judge_ending(player, seen, new) is False
    assert judge_ending(player, seen, {"type": "end", "linking": []}) is False


def test_an_ending_that_brings_in_one_of_the_tables_own_cards_is_voted_down(
    deck: Deck, referee: Referee
) -> None:
    player = seat(deck, referee)
    story = ("Once upon a time a king lived in a castle.", "The king was very old.")
    scarecrow = custom_card("characters", "Scarecrow").id
    new = {"type": "end", "ending": "x", "linking": ["Then a scarecrow walked into the hall."]}
    assert judge_ending(player, view(storyteller=0, story=story), new) is True  # not its card
    seen = view(storyteller=0, story=story, custom_cards=(scarecrow,))
    assert judge_ending(player, seen, new) is False
    met = view(
        storyteller=0, story=(*story, "A scarecrow stood by the gate."), custom_cards=(scarecrow,)
    )
    assert judge_ending(player, met, new) is True  # the story met it before


def test_an_unknown_level_is_named() -> None:
    with pytest.raises(ValueError, match=r"unknown AI level 'brutal'.*gentle, fair, sharp"):
        level("brutal")


@pytest.mark.parametrize(
    ("language", "label", "group"),
    [
        ("en", "Scarecrow", "characters"),
        ("es", "Espantapájaros", "characters"),
        ("ja", "案山子", "characters"),
        ("en", "Lantern", "items"),
        ("es", "Granero", "places"),
    ],
)
def test_a_storyteller_tells_a_card_its_table_made_up(
    deck: Deck, referee: Referee, language: str, label: str, group: str
) -> None:
    """A custom card (companion.cards.custom) has no words but its label: the offline narrator
    still tells it, and the referee hears it in the sentence the seat plays it on."""
    card = custom_card(group, label).id
    player = seat(deck, referee, memory={}, salt="custom")
    story = (deck.ending("end-01").sentence(language),)
    played = None
    for _ in range(6):
        decision = player.decide(view(language=language, story=story, hand=(card,)))
        assert decision is not None and decision.body["type"] in ("narrate", "play")
        if decision.body["type"] == "play":
            played = decision.body
            break
        story = (*story, decision.body["text"])
    assert played is not None and played["card"] == card
    assert label.casefold() in played["sentence"].casefold()
    ruling = referee.rule(played["sentence"], [card], story=story, language=language)
    assert [m.card for m in ruling.mentions] == [card]
