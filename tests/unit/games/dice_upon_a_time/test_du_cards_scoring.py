"""DU-8 cards (characters, quests, magic items, story cards), DU-9 the end and scoring."""

import pytest

from companion.games.base import seeded_rng
from companion.games.dice_upon_a_time import (
    InvalidAction,
    Pass,
    Place,
    PlayItem,
    RuleViolation,
    State,
    UseAbility,
    apply,
    scores,
    winners,
)
from companion.games.dice_upon_a_time.chapter import die_faces
from companion.games.dice_upon_a_time.completion import finish, finish_options
from companion.games.dice_upon_a_time.effects import draw_story
from tests.unit.games.dice_upon_a_time.helpers import (
    asked,
    at,
    calm,
    choose,
    end_chapter,
    pool,
    started,
    turn_of,
)

CAST = ("tailor", "goose_girl", "miller_daughter")


def mine(state: State, seat: int = 0) -> State:
    return calm(turn_of(state, seat))


def test_du_8_character_ability_once_a_chapter_flipped_back_next_chapter() -> None:
    state = mine(pool(started(characters=CAST), 0, 3, 5))
    state = apply(state, UseAbility(seat=0, die="0.1", face=4))
    assert state.seats[0].pool[0].face == 4 and state.seats[0].ability_used
    with pytest.raises(RuleViolation, match="already used") as error:
        apply(state, UseAbility(seat=0, die="0.2", face=6))
    assert error.value.rule == "DU-8"
    with pytest.raises(InvalidAction, match="one pip"):
        apply(mine(pool(started(characters=CAST), 0, 3)), UseAbility(seat=0, die="0.1", face=5))
    assert not end_chapter(state).seats[0].ability_used


def test_du_8_abilities_reroll_swap_and_only_in_ones_own_turn() -> None:
    state = mine(pool(started(characters=CAST), 1, 2), 1)
    rerolled = apply(state, UseAbility(seat=1, die="1.1"))
    expected = seeded_rng(state.config.seed, "reroll-1-1").choice(die_faces("1.1"))
    assert rerolled.seats[1].pool[0].face == expected
    swapper = mine(started(characters=CAST), 2).seat(2, resources={"gold": 1})
    swapped = apply(swapper, UseAbility(seat=2, give="gold", take="apple"))
    assert swapped.seats[2].resources == {"apple": 1}
    with pytest.raises(RuleViolation) as error:
        apply(mine(state, 0), UseAbility(seat=1, die="1.1"))
    assert error.value.rule == "DU-8"


def test_du_8_at_most_four_unfinished_quests() -> None:
    state = calm(turn_of(at(pool(started(), 0, 3), 0, "inn"), 0))
    state = state.seat(0, quests=("q01", "q02", "q03", "q04"))
    state = apply(state, Place(seat=0, die="0.1", socket="market_town.5"))
    state = choose(state, "market_town")
    assert asked(state) == ("finish", ("end",))  # the city offers nothing at four
    scout = mine(started(characters=("youngest_son", "tailor"), players=2))
    full = scout.seat(0, quests=("q01", "q02", "q03", "q04"))
    with pytest.raises(RuleViolation, match="at most 4"):
        apply(full, UseAbility(seat=0, value=2))
    top = scout.quest_decks[2][0]
    assert apply(scout, UseAbility(seat=0, value=2)).seats[0].quests[-1] == top


def test_du_8_magic_items_are_played_in_ones_turn_then_discarded() -> None:
    state = mine(pool(started(), 0, 2)).seat(0, items=("m01", "m02"))
    goose = apply(state, PlayItem(seat=0, item="m01"))
    assert goose.seats[0].resources == {"gold": 2} and goose.seats[0].items == ("m02",)
    assert goose.item_discard[-1] == "m01"
    stone = apply(state, PlayItem(seat=0, item="m02", die="0.1", face="magic_item"))
    assert stone.seats[0].pool[0].face == "magic_item"
    with pytest.raises(InvalidAction, match="no face"):
        apply(state, PlayItem(seat=0, item="m02", die="0.1", face="ban"))
    with pytest.raises(InvalidAction, match="no magic item"):
        apply(state, PlayItem(seat=0, item="m03"))


def with_story(state: State, *cards: str) -> State:
    return state.model_copy(update={"story_deck": cards})


def test_du_8_luck_resolves_and_is_discarded() -> None:
    state = draw_story(with_story(started(), "s01"), 0)
    assert state.seats[0].resources == {"gold": 1} and state.story_discard == ("s01",)


def test_du_8_misfortune_asks_for_one_of_two_options_or_forces_the_only_one() -> None:
    both = draw_story(with_story(started(), "s06").seat(0, resources={"gold": 1}), 0)
    assert asked(both) == ("misfortune", ("0", "1"))
    paid = choose(both, "0")
    assert paid.seats[0].resources == {} and paid.story_discard == ("s06",)
    forced = draw_story(with_story(at(started(), 0, "inn"), "s06"), 0)
    assert forced.pending == () and forced.seats[0].place == "market_town"


def test_du_8_side_quests_curses_and_mini_quests() -> None:
    state = started().seat(0, story=("s11", "s15"), resources={"gold": 3})
    assert scores(state)[0] == 3 - 3  # full purse met, frog curse held
    lift = mine(at(state, 0, "church")).model_copy(update={"turn": None})
    assert "lift:s15" in finish_options(lift, 0)
    lifted = finish(lift, 0, "lift:s15")
    assert lifted.seats[0].story == ("s11",) and lifted.seats[0].resources == {"gold": 2}
    assert scores(lifted)[0] == 0  # no curse now, but the purse is no longer full
    mini = at(started().seat(0, story=("s20",)), 0, "harbour_town")
    assert "mini:s20" in finish_options(mini, 0)
    done = finish(mini, 0, "mini:s20")
    assert done.seats[0].resources == {"gold": 1} and done.seats[0].rabbit_tokens == 1
    assert done.seats[0].story == ()


def test_du_8_fetch_quest_token_picked_up_then_delivered() -> None:
    state = at(started().seat(0, quests=("q20",)), 0, "witch_tower")
    assert finish_options(state, 0) == ("collect:q20", "end")
    state = finish(state, 0, "collect:q20")
    assert state.seats[0].resources == {"golden_key": 1}
    state = at(state, 0, "well")
    assert finish_options(state, 0) == ("quest:q20", "end")
    state = finish(state, 0, "quest:q20")
    assert state.seats[0].done == ("q20",) and state.seats[0].resources == {}
    assert scores(state)[0] == 4


@pytest.mark.parametrize(("length", "chapters"), [("short", 3), ("normal", 6)])
def test_du_9_game_ends_after_its_last_chapter(length: str, chapters: int) -> None:
    state = started(players=2, length=length)
    for _ in range(chapters):
        assert not state.over
        state = end_chapter(state)
    assert state.over and state.chapter == chapters and state.turn is None
    with pytest.raises(RuleViolation) as error:
        apply(state, Pass(seat=0))
    assert error.value.rule == "DU-9"


def test_du_9_long_game_ends_when_the_quest_decks_run_out() -> None:
    state = end_chapter(started(players=2, length="long"))
    assert not state.over and state.chapter == 2
    empty = {v: () for v in state.quest_decks}
    state = end_chapter(state.model_copy(update={"quest_decks": empty}))
    assert state.over and state.chapter == 2


def test_du_9_most_ap_wins_quests_plus_side_quests_minus_curses_ties_shared() -> None:
    state = started(players=3)
    state = state.seat(0, done=("q22", "q01"))  # 5 + 2
    state = state.seat(1, done=("q15",), story=("s12",))  # 4 + 2 (home again: in town)
    state = state.seat(2, done=("q24", "q25"), story=("s17",))  # 5 + 5 - 4
    assert scores(state) == (7, 6, 6)
    assert winners(state) == ()
    over = state.model_copy(update={"over": True})
    assert winners(over) == (0,)
    assert winners(over.seat(1, done=("q08", "q01"))) == (0, 1)  # 3 + 2 + 2
