"""The bedtime recap of a Sleeping Queens game: facts read from the engine's public `last` of
each move, the offline telling in three languages, and a model's retelling kept only when it
keeps every player."""

import random

import pytest

from companion.cards import Language, once_upon_a_time_deck
from companion.games.sleeping_queens import Config, State, apply, legal_moves, new_game
from companion.games.sleeping_queens import sleeping_queens_deck as sq_deck
from companion.llm import FakeLLM, LLMTimeout
from companion.story.llm_narrator import LLMNarrator
from companion.story.offline import OfflineNarrator
from companion.story.recap import PER_PARTIAL, RecapFact, recap_facts, tell_recap, told_facts

PLAYERS = ("Ana", "Ken", "Mia")


def _played(seed: int) -> tuple[State, list[dict[str, object]]]:
    state, rng, lasts = new_game(Config(players=PLAYERS, seed=seed)), random.Random(seed), []
    while not state.over:
        state = apply(state, rng.choice(legal_moves(state, state.acting_seat() or 0)))
        assert state.last is not None
        lasts.append(state.last.model_dump())
    return state, lasts


def test_facts_name_who_acted_on_whom() -> None:
    lasts = [
        {"type": "king", "seat": 0, "queen": "rose", "result": "woke"},
        {"type": "wake", "seat": 0, "queen": "cat", "result": "woke"},
        {"type": "knight", "seat": 1, "queen": "cat", "target": 0, "result": "pending"},
        {"type": "allow", "seat": 0, "queen": "cat", "target": 1, "result": "stolen"},
        {"type": "potion", "seat": 2, "queen": "cat", "target": 1, "result": "pending"},
        {"type": "block", "seat": 1, "cards": ["wand-1"], "target": 2, "result": "blocked"},
        {"type": "discard", "seat": 2, "cards": ["number-3-1"], "result": "discarded"},
        {"type": "block", "seat": 0, "card": "dragon", "target": 1, "result": "blocked"},  # keeper
    ]
    assert recap_facts(lasts) == [
        RecapFact("woke", 0, queen="rose"),
        RecapFact("woke_more", 0, queen="cat"),
        RecapFact("stolen", 1, target=0, queen="cat"),  # the knight's player took her from Ana
        RecapFact("potion_blocked", 1, target=2),  # Ken's wand stopped Mia's potion
        RecapFact("knight_blocked", 0, target=1),  # a live table's keeper names the card kind
    ]


@pytest.mark.parametrize("language", ["en", "ja", "es"])
def test_the_offline_tale_tells_only_what_happened(language: Language) -> None:
    state, lasts = _played(5)
    tale = tell_recap(PLAYERS, recap_facts(lasts), state.winners, state.awake, language)
    assert 3 <= len(tale) <= 6
    text = "\n".join(tale)
    assert all(name in tale[0] for name in PLAYERS)  # the opening names everyone
    names = sq_deck().queen_names
    (winner,) = state.winners
    assert PLAYERS[winner] in tale[-1]
    for queen in state.awake[winner]:
        assert names[queen][language] in tale[-1]  # she won with these queens
    told_queens = {q for q, by_language in names.items() if by_language[language] in text}
    woken = {str(last["queen"]) for last in lasts if last.get("queen")}
    assert told_queens <= woken  # no queen in the tale that the game did not move
    assert "{" not in text


def _ana_loses_her_sunflower_late(*then: RecapFact) -> list[RecapFact]:
    """Ana wakes the Sunflower Queen first; the last quarter (from fact 12 on) opens with Ken's
    potion sending her to sleep and two more thefts and potions, then `then`."""
    return [
        RecapFact("woke", 0, queen="sunflower"),
        *[RecapFact("woke", 2, queen="moon")] * 11,
        RecapFact("slept", 1, target=0, queen="sunflower"),
        RecapFact("stolen", 1, target=2, queen="cat"),
        RecapFact("slept", 2, target=1, queen="cat"),
        *then,
    ]


def test_a_queen_the_winner_ends_with_is_not_last_told_asleep() -> None:
    """Ken's potion sends Ana's Sunflower Queen to sleep (told: a potion comes before a
    waking); Ana wakes her again in the same quarter, among three thefts and potions that
    outrank a waking. The tale tells that waking too: it must not end with Ana winning with a
    queen it last left asleep."""
    facts = _ana_loses_her_sunflower_late(RecapFact("woke", 0, queen="sunflower"))
    awake: list[list[str]] = [["sunflower"], [], ["moon"]]
    last = told_facts(facts, winners=[0], awake=awake)[-1]
    assert last == facts[12:]  # four: the waking joins the three that outrank it
    assert told_facts(facts, winners=[2], awake=[[], [], ["moon"]])[-1] == facts[12:15]
    tale = tell_recap(PLAYERS, facts, [0], awake, "en")
    assert tale[-2].count("Sunflower Queen") == 2
    assert "Sunflower Queen" in tale[-2].rsplit(".", 2)[-2]  # her waking ends the paragraph


def test_a_queen_the_rose_queen_woke_is_told_with_the_rose() -> None:
    """The move that finally brings the winner her queen was the Rose Queen's second waking:
    the Rose's own waking is told before it ("woke … as well" follows something); a queen a
    jester's count woke has no Rose before her."""
    facts = _ana_loses_her_sunflower_late(
        RecapFact("woke", 0, queen="rose"), RecapFact("woke_more", 0, queen="sunflower")
    )
    awake: list[list[str]] = [["rose", "sunflower"], [], ["moon"]]
    assert told_facts(facts, winners=[0], awake=awake)[-1] == facts[12:]
    by_jester = [*facts[:15], RecapFact("woke", 2, queen="moon"), facts[16]]
    assert told_facts(by_jester, [0], [["sunflower"], [], ["moon"]])[-1] == [
        *by_jester[12:15],
        by_jester[16],
    ]


@pytest.mark.parametrize("seed", range(40))
def test_no_tale_contradicts_its_ending(seed: int) -> None:
    state, lasts = _played(seed)
    facts = recap_facts(lasts)
    quarters = told_facts(facts, state.winners, state.awake)
    chunks = [len(quarter) for quarter in quarters]
    assert sum(chunks) <= len(facts)
    if len(state.winners) != 1:
        return
    (winner,) = state.winners
    moves = ("woke", "woke_more", "stolen", "slept", "returned")
    told = [fact for quarter in quarters for fact in quarter]
    for queen in state.awake[winner]:
        about = [fact for fact in told if fact.queen == queen and fact.kind in moves]
        if about:
            assert about[-1].actor == winner and about[-1].kind in ("woke", "woke_more", "stolen")
    assert all(n <= PER_PARTIAL + len(state.awake[winner]) for n in chunks)


def test_a_model_retelling_is_kept_when_it_keeps_every_player() -> None:
    state, lasts = _played(7)
    told = tell_recap(PLAYERS, recap_facts(lasts), state.winners, state.awake, "en")
    llm = FakeLLM(model="fake-model")
    retold = [f"{' and '.join(PLAYERS)} went to the castle.", f"{PLAYERS[state.winners[0]]} won."]
    llm.queue({"paragraphs": retold})
    narrator = LLMNarrator(llm, deck=once_upon_a_time_deck(), referee=_NoReferee())
    recap = narrator.bedtime_recap(told=told, names=PLAYERS, language="en")
    assert recap.narrator == "llm:fake-model" and list(recap.paragraphs) == retold
    prompt = llm.calls[0].prompt
    assert "<account>" in prompt and told[0] in prompt  # the account goes in as data


def test_a_retelling_that_drops_a_player_or_a_failed_model_falls_back() -> None:
    state, lasts = _played(7)
    told = tell_recap(PLAYERS, recap_facts(lasts), state.winners, state.awake, "en")
    llm = FakeLLM(model="fake-model")
    llm.queue({"paragraphs": ["Once there was a castle, and someone won."]})
    llm.queue(LLMTimeout("the model server did not answer in time"))
    narrator = LLMNarrator(llm, deck=once_upon_a_time_deck(), referee=_NoReferee())
    for _ in range(2):
        recap = narrator.bedtime_recap(told=told, names=PLAYERS, language="en")
        assert recap.narrator == "offline" and recap.paragraphs == told
        assert recap.fallback_reason
    offline = OfflineNarrator(deck=once_upon_a_time_deck(), referee=_NoReferee())
    assert offline.bedtime_recap(told=told, names=PLAYERS, language="ja").paragraphs == told


class _NoReferee:
    """The recap never asks the referee (nothing in it is a card claim)."""

    def rule(self, *args: object, **kwargs: object) -> object:
        raise AssertionError("the recap asked the referee")
