"""One test (or a few) per rule of RULES.md §3, named by its id, on arranged positions."""

from collections import Counter

import pytest

from companion.games.sleeping_queens import (
    Allow,
    Block,
    Config,
    Discard,
    InvalidAction,
    Jester,
    King,
    Knight,
    Potion,
    RuleViolation,
    Wake,
    apply,
    legal_actions,
    new_game,
    seat_view,
    sleeping_queens_deck,
)
from companion.games.sleeping_queens.legal import is_number_discard, number_discards
from tests.unit.games.sleeping_queens.helpers import arrange, check_invariants

NUMS = ["number-1-1", "number-2-1", "number-3-1", "number-4-1", "number-9-1"]


def test_sq_1_deck_is_the_seeds_79_cards() -> None:
    deck = sleeping_queens_deck()
    kinds = Counter(deck.kind[card] for card in deck.cards)
    assert kinds == {
        "king": 8, "jester": 5, "knight": 4, "potion": 4, "wand": 3, "dragon": 3, "number": 40,
    }  # fmt: skip
    assert Counter(deck.value.values()) == {n: 4 for n in range(1, 11)}
    assert len(deck.queens) == 12 and len(deck.cards) + len(deck.queens) == 79
    assert deck.queen_points["rose"] == 5
    assert sorted(Counter(deck.queen_points.values()).items()) == [
        (5, 4),
        (10, 4),
        (15, 3),
        (20, 1),
    ]
    assert all({"en", "ja", "es"} <= names.keys() for names in deck.queen_names.values())


def test_sq_1_queens_sleep_face_down_and_each_seat_has_five() -> None:
    state = new_game(Config(players=("a", "b", "c"), seed=3))
    check_invariants(state)
    assert all(queen is not None for queen in state.sleeping)
    assert all(len(hand) == 5 for hand in state.hands)
    assert len(state.draw_pile) == 67 - 15
    view = seat_view(state, 0)
    assert [p["queen"] for p in view["positions"]] == [None] * 12
    assert new_game(Config(players=("a", "b", "c"), seed=4)).sleeping != state.sleeping


def test_sq_2_one_action_then_refill_to_five_and_left_plays() -> None:
    state = arrange(3, hands={0: ["king-1", *NUMS[:4]]}, top=["knight-1"])
    after = apply(state, King(seat=0, card="king-1", position=5))
    assert after.hands[0] == ("number-1-1", "number-2-1", "number-3-1", "number-4-1", "knight-1")
    assert (after.turn, after.turn_number) == (1, 1)
    assert "king-1" in after.discard
    check_invariants(after)


def test_sq_2_only_the_turns_seat_acts_and_nothing_to_answer() -> None:
    state = arrange(3, hands={0: ["king-1", *NUMS[:4]], 1: ["king-2", *NUMS[4:]]})
    with pytest.raises(RuleViolation) as error:
        apply(state, King(seat=1, card="king-2", position=0))
    assert error.value.rule == "SQ-2"
    with pytest.raises(RuleViolation, match="SQ-2"):
        apply(state, Allow(seat=0))
    with pytest.raises(RuleViolation, match="does not hold"):
        apply(state, King(seat=0, card="king-2", position=0))
    with pytest.raises(InvalidAction):
        apply(state, King(seat=0, card="king-99", position=0))
    assert legal_actions(state)[1] == () and legal_actions(state)[2] == ()


def test_sq_2_a_seat_with_no_play_may_discard_any_one_card() -> None:
    stuck = ["dragon-1", "dragon-2", "wand-1", "knight-1", "potion-1"]
    state = arrange(2, hands={0: stuck})
    moves = legal_actions(state)[0]
    assert {m.type for m in moves} == {"discard"}
    assert sorted(m.cards for m in moves if isinstance(m, Discard)) == [
        ("dragon-1",), ("knight-1",), ("potion-1",), ("wand-1",),
    ]  # fmt: skip
    after = apply(state, Discard(seat=0, cards=("knight-1",)))
    assert len(after.hands[0]) == 5 and after.turn == 1
    with pytest.raises(RuleViolation, match="SQ-7"):
        apply(state, Discard(seat=0, cards=("knight-1", "potion-1")))
    playable = arrange(2, hands={0: ["dragon-1", "number-5-1", *stuck[2:]]})
    with pytest.raises(RuleViolation, match="SQ-7"):
        apply(playable, Discard(seat=0, cards=("dragon-1",)))


def test_sq_3_king_wakes_the_queen_at_a_position() -> None:
    state = arrange(2, hands={0: ["king-1", *NUMS[:4]]}, awake={1: ["cat", "heart"]})
    assert state.sleeping[1] == "cake" and state.sleeping[11] is None
    after = apply(state, King(seat=0, card="king-1", position=1))
    assert after.awake[0] == ("cake",) and after.sleeping[1] is None
    assert after.last is not None and after.last.result == "woke" and after.turn == 1
    with pytest.raises(RuleViolation, match="SQ-3"):
        apply(state, King(seat=0, card="king-1", position=11))
    with pytest.raises(RuleViolation, match="SQ-3"):
        apply(state, King(seat=0, card="number-1-1", position=0))


def test_sq_3_rose_queen_wakes_a_second_queen() -> None:
    state = arrange(2, hands={0: ["king-1", *NUMS[:4]]})
    rose = state.sleeping.index("rose")
    after = apply(state, King(seat=0, card="king-1", position=rose))
    assert after.pending is not None and after.pending.kind == "wake"
    assert after.pending.seat == 0 and after.turn == 0 and len(after.hands[0]) == 4
    assert {m.type for m in legal_actions(after)[0]} == {"wake"}
    heart = after.sleeping.index("heart")
    done = apply(after, Wake(seat=0, position=heart))
    assert done.awake[0] == ("rose", "heart") and done.turn == 1 and len(done.hands[0]) == 5
    check_invariants(done)


def test_sq_3_rose_as_the_last_sleeping_queen_wakes_no_other() -> None:
    others = [q for q in sleeping_queens_deck().queens if q != "rose"]
    state = arrange(
        4, hands={0: ["king-1", *NUMS[:4]]}, awake={1: others[:3], 2: others[3:6], 3: others[6:]}
    )
    state = state.model_copy(update={"sleeping": ("rose", *[None] * 11)})
    after = apply(state, King(seat=0, card="king-1", position=0))
    assert after.pending is None and after.over


def test_sq_4_knight_steals_when_the_target_allows() -> None:
    state = arrange(2, hands={0: ["knight-1", *NUMS[:4]]}, awake={1: ["heart"]})
    after = apply(state, Knight(seat=0, card="knight-1", queen="heart"))
    assert after.pending is not None and after.pending.kind == "block_knight"
    assert after.pending.seat == 1 and after.turn == 0
    assert legal_actions(after)[1] == (Allow(seat=1),)  # seat 1 holds no dragon
    done = apply(after, Allow(seat=1))
    assert done.awake == (("heart",), ()) and done.turn == 1 and len(done.hands[0]) == 5
    check_invariants(done)


def test_sq_4_dragon_blocks_both_refill_and_it_is_not_a_turn() -> None:
    hand2 = ["dragon-1", *NUMS[:4]]
    state = arrange(
        3, hands={0: ["knight-1", "number-5-1"], 2: hand2}, awake={2: ["moon"]},
        top=["king-1", "king-2", "king-3", "king-4"],
    )  # fmt: skip
    after = apply(state, Knight(seat=0, card="knight-1", queen="moon"))
    with pytest.raises(RuleViolation, match="SQ-4"):
        apply(after, Block(seat=1, card="dragon-1"))
    with pytest.raises(RuleViolation, match="SQ-4"):
        apply(after, Block(seat=2, card="number-1-1"))
    assert Block(seat=2, card="dragon-1") in legal_actions(after)[2]
    done = apply(after, Block(seat=2, card="dragon-1"))
    assert done.awake[2] == ("moon",) and {"knight-1", "dragon-1"} <= set(done.discard)
    assert done.hands[2] == (*NUMS[:4], "king-1")  # the blocker refills first
    assert done.hands[0] == ("number-5-1", "king-2", "king-3", "king-4", "king-5")
    assert done.turn == 1 and done.turn_number == 1  # left of the knight's player
    with pytest.raises(RuleViolation, match="SQ-4"):
        apply(state, Knight(seat=0, card="knight-1", queen="heart"))  # asleep


def test_sq_5_potion_puts_a_queen_back_to_sleep_known_to_all() -> None:
    state = arrange(2, hands={0: ["potion-1", *NUMS[:4]]}, awake={1: ["heart", "cat"]})
    asleep_before = len(state.sleeping_positions())
    after = apply(state, Potion(seat=0, card="potion-1", queen="heart"))
    assert after.pending is not None and after.pending.kind == "block_potion"
    done = apply(after, Allow(seat=1))
    assert done.awake[1] == ("cat",) and len(done.sleeping_positions()) == asleep_before + 1
    position = done.sleeping.index("heart")
    assert done.known[position]
    assert seat_view(done, None)["positions"][position]["queen"] == "heart"
    with pytest.raises(RuleViolation, match="SQ-5"):
        apply(state, Potion(seat=0, card="potion-1", queen="moon"))


def test_sq_5_wand_blocks_a_potion_but_not_a_knight() -> None:
    state = arrange(
        2, hands={0: ["potion-1", "knight-1", *NUMS[:3]], 1: ["wand-1", *NUMS[3:]]},
        awake={1: ["heart"]},
    )  # fmt: skip
    after = apply(state, Potion(seat=0, card="potion-1", queen="heart"))
    done = apply(after, Block(seat=1, card="wand-1"))
    assert done.awake[1] == ("heart",) and done.last is not None
    assert done.last.result == "blocked"
    knighted = apply(state, Knight(seat=0, card="knight-1", queen="heart"))
    assert legal_actions(knighted)[1] == (Allow(seat=1),)
    with pytest.raises(RuleViolation, match="SQ-4"):
        apply(knighted, Block(seat=1, card="wand-1"))


def test_sq_6_jester_turns_a_power_card_into_the_hand() -> None:
    state = arrange(2, hands={0: ["jester-1", *NUMS[:4]]}, top=["king-5", "number-8-1"])
    after = apply(state, Jester(seat=0, card="jester-1"))
    assert "king-5" in after.hands[0] and len(after.hands[0]) == 5
    assert after.last is not None and after.last.revealed == "king-5"
    assert after.turn == 1 and after.draw_pile[0] == "number-8-1"


@pytest.mark.parametrize(("number", "players", "reached"), [(1, 3, 1), (2, 3, 2), (5, 3, 2)])
def test_sq_6_jester_number_counts_clockwise_from_its_player(
    number: int, players: int, reached: int
) -> None:
    # seat 1 plays the jester; counting starts at seat 1 itself as "1".
    state = arrange(players, hands={1: ["jester-1", *NUMS[:4]]}, top=[f"number-{number}-4"], turn=1)
    after = apply(state, Jester(seat=1, card="jester-1"))
    assert after.pending is not None and after.pending.kind == "wake"
    assert after.pending.seat == reached and f"number-{number}-4" in after.discard
    with pytest.raises(RuleViolation, match="SQ-6"):
        apply(after, Wake(seat=(reached + 1) % players, position=0))
    done = apply(after, Wake(seat=reached, position=after.sleeping.index("heart")))
    assert "heart" in done.awake[reached] and done.turn == (1 + 1) % players
    assert len(done.hands[1]) == 5
    check_invariants(done)


def test_sq_7_is_number_discard_validated_exactly() -> None:
    def cards(*values: int) -> list[str]:
        return [f"number-{v}-{i % 4 + 1}" for i, v in enumerate(values)]

    assert is_number_discard(cards(7))
    assert is_number_discard(cards(4, 4)) and not is_number_discard(cards(4, 5))
    assert is_number_discard(cards(2, 3, 4, 9)) and is_number_discard(cards(1, 1, 2))
    assert is_number_discard(cards(1, 1, 2, 3, 7)) and is_number_discard(cards(9, 3, 6))
    assert not is_number_discard(cards(2, 3, 6)) and not is_number_discard(cards(2, 3, 4, 8))
    assert not is_number_discard(cards(1, 2, 3, 3))  # 1+2 = 3 leaves a 3 unused


def test_sq_7_number_discards_draw_as_many() -> None:
    hand = ["number-2-1", "number-3-1", "number-4-1", "number-9-1", "king-1"]
    state = arrange(2, hands={0: hand}, top=["knight-1", "knight-2", "knight-3", "knight-4"])
    equation = ("number-2-1", "number-3-1", "number-4-1", "number-9-1")
    assert equation in number_discards(hand)
    after = apply(state, Discard(seat=0, cards=equation))
    assert after.hands[0] == ("king-1", "knight-1", "knight-2", "knight-3", "knight-4")
    with pytest.raises(RuleViolation, match="SQ-7"):
        apply(state, Discard(seat=0, cards=("number-2-1", "number-3-1")))
    with pytest.raises(RuleViolation, match="SQ-7"):
        apply(state, Discard(seat=0, cards=("number-9-1", "king-1")))
    with pytest.raises(InvalidAction):
        apply(state, Discard(seat=0, cards=("number-2-1", "number-2-1")))


def test_sq_7_legal_discards_list_each_value_set_once() -> None:
    hand = ["number-1-1", "number-1-2", "number-2-1", "number-3-1", "number-4-1"]
    values = sorted(
        tuple(sorted(int(card.split("-")[1]) for card in cards)) for cards in number_discards(hand)
    )
    assert values == sorted(
        [(1,), (2,), (3,), (4,), (1, 1), (1, 1, 2), (1, 2, 3), (1, 3, 4), (1, 1, 2, 4)]
    )


def test_sq_8_waking_the_rival_sends_her_back_to_sleep() -> None:
    state = arrange(2, hands={0: ["king-1", *NUMS[:4]]}, awake={0: ["dog"]})
    cat = state.sleeping.index("cat")
    after = apply(state, King(seat=0, card="king-1", position=cat))
    assert after.awake[0] == ("dog",) and after.sleeping[cat] == "cat" and after.known[cat]
    assert after.pending is None and after.turn == 1  # and no other queen instead
    assert after.last is not None and after.last.result == "returned"


def test_sq_8_no_knight_for_the_rival_but_a_potion_may() -> None:
    state = arrange(
        2, hands={0: ["knight-1", "potion-1", *NUMS[:3]]}, awake={0: ["cat"], 1: ["dog", "moon"]}
    )
    with pytest.raises(RuleViolation, match="SQ-8"):
        apply(state, Knight(seat=0, card="knight-1", queen="dog"))
    moves = legal_actions(state)[0]
    assert Knight(seat=0, card="knight-1", queen="dog") not in moves
    assert Knight(seat=0, card="knight-1", queen="moon") in moves
    assert Potion(seat=0, card="potion-1", queen="dog") in moves


@pytest.mark.parametrize(
    ("players", "queens", "points"), [(2, 5, 50), (3, 5, 50), (4, 4, 40), (5, 4, 40), (6, 3, 30)]
)
def test_sq_9_goals_by_player_count(players: int, queens: int, points: int) -> None:
    goal = sleeping_queens_deck().goal(players)
    assert (goal.queens, goal.points) == (queens, points)


def test_sq_9_win_by_queens_count() -> None:
    state = arrange(
        2, hands={0: ["king-1", *NUMS[:4]]}, awake={0: ["rainbow", "cake", "starfish", "moon"]}
    )
    after = apply(state, King(seat=0, card="king-1", position=state.sleeping.index("peacock")))
    assert after.over and after.winners == (0,) and after.pending is None
    assert legal_actions(after) == {0: (), 1: ()}
    with pytest.raises(RuleViolation, match="SQ-9"):
        apply(after, Discard(seat=1, cards=(after.hands[1][0],)))


def test_sq_9_win_by_points_and_four_player_goal() -> None:
    state = arrange(2, hands={0: ["king-1", *NUMS[:4]]}, awake={0: ["heart", "cat"]})
    assert not apply(
        state, King(seat=0, card="king-1", position=state.sleeping.index("rainbow"))
    ).over
    win = apply(state, King(seat=0, card="king-1", position=state.sleeping.index("pancake")))
    assert win.over and win.winners == (0,)
    four = arrange(4, hands={0: ["king-1", *NUMS[:4]]}, awake={0: ["heart", "moon"]})
    assert apply(four, King(seat=0, card="king-1", position=four.sleeping.index("sunflower"))).over


def test_sq_9_no_sleeping_queen_ends_it_most_points_wins() -> None:
    # three players (goal 5 queens / 50 points): nobody reaches it; 45 - 45 - 35 shares the win
    state = arrange(
        3,
        hands={0: ["king-1", *NUMS[:4]]},
        awake={
            0: ["heart", "pancake", "rose"],
            1: ["cat", "moon", "ladybug", "sunflower"],
            2: ["dog", "peacock", "rainbow", "starfish"],
        },
    )
    assert state.sleeping_positions() == (0,) and state.sleeping[0] == "cake"
    after = apply(state, King(seat=0, card="king-1", position=0))
    assert after.over and after.winners == (0, 1)
    assert [after.points(seat) for seat in range(3)] == [45, 45, 35]


def test_sq_9_empty_draw_pile_reshuffles_the_discards() -> None:
    state = arrange(2, hands={0: ["number-5-1", *NUMS[:4]]})
    pile, discard = state.draw_pile[-2:], state.draw_pile[:-2]
    state = state.model_copy(update={"draw_pile": pile, "discard": discard})
    after = apply(state, Discard(seat=0, cards=("number-1-1", "number-2-1", "number-3-1")))
    assert after.reshuffles == 1 and len(after.hands[0]) == 5
    check_invariants(after)
    again = apply(state, Discard(seat=0, cards=("number-1-1", "number-2-1", "number-3-1")))
    assert again == after  # the reshuffle is drawn from the seed
