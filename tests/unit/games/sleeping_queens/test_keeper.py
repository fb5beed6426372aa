"""The live-table keeper: each rule it applies (by id), and random recorded games."""

import json
import random
from collections import Counter

import pytest
from pydantic import ValidationError

from companion.games.sleeping_queens import InvalidAction, RuleViolation, sleeping_queens_deck
from companion.games.sleeping_queens.keeper import (
    KeeperAction,
    KeeperAllow,
    KeeperBlock,
    KeeperConfig,
    KeeperDiscard,
    KeeperDiscardOther,
    KeeperJester,
    KeeperKing,
    KeeperKnight,
    KeeperPotion,
    KeeperState,
    KeeperWake,
    keeper_action_from_json,
    keeper_apply,
    keeper_legal_kinds,
    keeper_view,
    new_keeper,
    number_discard_problem,
)

NAMES = ("Ana", "Ken", "Lu", "Mo", "Ned")
DECK = sleeping_queens_deck()


def start(players: int = 2) -> KeeperState:
    return new_keeper(KeeperConfig(players=NAMES[:players]))


def record(state: KeeperState, *actions: KeeperAction) -> KeeperState:
    for action in actions:
        state = keeper_apply(state, action)
        check_invariants(state)
    return state


def wake_for(state: KeeperState, seat: int, queen: str) -> KeeperState:
    """`seat` plays a king on the first face-down place and finds `queen` there; other seats
    discard a 1 until it is `seat`'s turn."""
    while state.turn != seat:
        state = record(state, KeeperDiscard(seat=state.turn, numbers=(1,)))
    position = state.sleeping_positions()[0]
    return record(state, KeeperKing(seat=seat, position=position, queen=queen))


def check_invariants(state: KeeperState) -> None:
    awake = [queen for queens in state.awake for queen in queens]
    known = [queen for queen in state.known if queen is not None]
    places = awake + known + list(state.unseen)
    assert Counter(places) == Counter(DECK.queens), "every queen in exactly one place"
    unknown = [p for p in range(12) if state.sleeping[p] and state.known[p] is None]
    assert len(unknown) == len(state.unseen)
    assert all(state.sleeping[p] for p in range(12) if state.known[p] is not None)
    assert sum(state.sleeping) + len(awake) == 12
    view = keeper_view(state)
    assert view["points"] == [sum(DECK.queen_points[q] for q in qs) for qs in state.awake]
    assert json.loads(json.dumps(view)) == view
    assert KeeperState.model_validate_json(state.model_dump_json()) == state


def test_keeper_config_takes_two_to_five_named_players() -> None:
    for count in (2, 5):
        assert new_keeper(KeeperConfig(players=NAMES[:count])).players == count
    for players in (("Ana",), (*NAMES, "Oz"), ("Ana", " ")):
        with pytest.raises(ValidationError):
            KeeperConfig(players=players)


def test_new_keeper_has_twelve_unseen_queens_asleep() -> None:
    state = start(3)
    check_invariants(state)
    assert state.sleeping == (True,) * 12 and state.unseen == DECK.queens
    view = keeper_view(state)
    assert view["acting"] == 0 and view["goal"] == {"queens": 5, "points": 50}
    assert [p["queen"] for p in view["positions"]] == [None] * 12


def test_sq_2_one_recording_is_one_turn_then_the_left_plays() -> None:
    state = record(start(3), KeeperKing(seat=0, position=4, queen="moon"))
    assert state.turn == 1 and state.turn_number == 1 and state.awake[0] == ("moon",)
    assert not state.sleeping[4] and "moon" not in state.unseen
    with pytest.raises(RuleViolation, match="Ken's turn") as err:
        keeper_apply(state, KeeperDiscard(seat=2, numbers=(3,)))
    assert err.value.rule == "SQ-2"
    with pytest.raises(RuleViolation) as err:
        keeper_apply(state, KeeperAllow(seat=1))
    assert err.value.rule == "SQ-2"
    with pytest.raises(InvalidAction):
        keeper_apply(state, KeeperDiscard(seat=7, numbers=(3,)))
    with pytest.raises(InvalidAction):
        keeper_apply(state, KeeperKnight(seat=1, queen="toad"))


def test_sq_1_the_queen_found_must_be_able_to_lie_there() -> None:
    state = record(start(), KeeperKing(seat=0, position=0, queen="moon"))
    with pytest.raises(RuleViolation, match="awake in front of Ana") as err:
        keeper_apply(state, KeeperKing(seat=1, position=1, queen="moon"))
    assert err.value.rule == "SQ-1"
    with pytest.raises(RuleViolation, match="no queen sleeps at position 0"):
        keeper_apply(state, KeeperKing(seat=1, position=0, queen="heart"))


def test_sq_3_rose_queen_wakes_one_more() -> None:
    state = record(start(), KeeperKing(seat=0, position=2, queen="rose"))
    assert state.pending is not None and state.pending.why == "rose"
    assert keeper_legal_kinds(state, 0).kinds == ("wake",)
    assert 2 not in keeper_legal_kinds(state, 0).positions
    assert keeper_legal_kinds(state, 1).kinds == ()
    with pytest.raises(RuleViolation, match="Ana must wake a queen") as err:
        keeper_apply(state, KeeperDiscard(seat=0, numbers=(2,)))
    assert err.value.rule == "SQ-3"
    state = record(state, KeeperWake(seat=0, position=5, queen="heart"))
    assert state.awake[0] == ("rose", "heart") and state.turn == 1 and state.pending is None


def test_sq_4_knight_steals_unless_the_dragon_blocks() -> None:
    state = wake_for(start(3), 1, "heart")
    state = record(state, KeeperKnight(seat=2, queen="heart"))
    assert state.pending is not None and state.pending.kind == "block_knight"
    assert (state.pending.seat, state.pending.attacker) == (1, 2)
    assert keeper_legal_kinds(state, 1).block == ("dragon",)
    with pytest.raises(RuleViolation, match="only a dragon stops a knight") as err:
        keeper_apply(state, KeeperBlock(seat=1, card="wand"))
    assert err.value.rule == "SQ-4"
    blocked = record(state, KeeperBlock(seat=1, card="dragon"))
    assert blocked.awake[1] == ("heart",) and blocked.turn == 0 and blocked.pending is None
    assert blocked.last is not None and blocked.last.result == "blocked"
    stolen = record(state, KeeperAllow(seat=1))
    assert stolen.awake[1] == () and stolen.awake[2] == ("heart",) and stolen.turn == 0
    with pytest.raises(RuleViolation) as err:
        keeper_apply(stolen, KeeperKnight(seat=0, queen="rose"))
    assert err.value.rule == "SQ-4"


def test_sq_5_potion_sends_a_queen_to_sleep_unless_the_wand_blocks() -> None:
    state = wake_for(start(), 1, "moon")
    state = record(state, KeeperPotion(seat=0, queen="moon"))
    assert keeper_legal_kinds(state, 1).block == ("wand",)
    with pytest.raises(RuleViolation, match="only a wand stops a sleeping potion") as err:
        keeper_apply(state, KeeperBlock(seat=1, card="dragon"))
    assert err.value.rule == "SQ-5"
    assert record(state, KeeperBlock(seat=1, card="wand")).awake[1] == ("moon",)
    slept = record(state, KeeperAllow(seat=1))
    assert slept.awake[1] == () and slept.known[0] == "moon" and slept.sleeping[0]
    assert slept.last is not None and slept.last.position == 0
    assert keeper_view(slept)["positions"][0]["queen"] == "moon"
    with pytest.raises(RuleViolation, match="the Moon Queen sleeps at position 0") as err:
        keeper_apply(slept, KeeperKing(seat=1, position=0, queen="heart"))
    assert err.value.rule == "SQ-1"
    assert record(slept, KeeperKing(seat=1, position=0, queen="moon")).awake[1] == ("moon",)


def test_sq_6_jester_counts_seats_from_its_own_player() -> None:
    state = record(start(3), KeeperDiscard(seat=0, numbers=(1,)))  # Ken's turn
    for number, seat in ((1, 1), (2, 2), (3, 0), (4, 1), (10, 1)):
        counted = record(state, KeeperJester(seat=1, revealed=number))
        assert counted.pending is not None and counted.pending.why == "jester"
        assert counted.pending.seat == seat and counted.turn == 1
    counted = record(state, KeeperJester(seat=1, revealed=3))
    with pytest.raises(RuleViolation, match="Ana must wake") as err:
        keeper_apply(counted, KeeperWake(seat=1, position=0, queen="cake"))
    assert err.value.rule == "SQ-6"
    woken = record(counted, KeeperWake(seat=0, position=0, queen="cake"))
    assert woken.awake[0] == ("cake",) and woken.turn == 2 and woken.pending is None


def test_sq_6_jester_non_number_goes_to_the_hand() -> None:
    state = record(start(), KeeperJester(seat=0, revealed="dragon"))
    assert state.pending is None and state.turn == 1
    assert state.last is not None and state.last.result == "to_hand"
    with pytest.raises(ValidationError):
        KeeperJester(seat=0, revealed=11)
    assert keeper_action_from_json('{"type": "jester", "seat": 0, "revealed": 7}') == (
        KeeperJester(seat=0, revealed=7)
    )


def test_sq_6_jester_wakes_rose_then_one_more() -> None:
    state = record(start(), KeeperJester(seat=0, revealed=2))
    state = record(state, KeeperWake(seat=1, position=3, queen="rose"))
    assert state.pending is not None and (state.pending.seat, state.pending.why) == (1, "rose")
    state = record(state, KeeperWake(seat=1, position=4, queen="cake"))
    assert state.awake[1] == ("rose", "cake") and state.turn == 1


@pytest.mark.parametrize(
    "numbers", [(7,), (4, 4), (2, 3, 5), (5, 2, 3), (1, 2, 4, 7), (2,) * 4 + (8,)]
)
def test_sq_7_valid_number_discards(numbers: tuple[int, ...]) -> None:
    assert number_discard_problem(numbers) is None
    state = record(start(), KeeperDiscard(seat=0, numbers=numbers))
    assert state.turn == 1 and state.last is not None and state.last.numbers == numbers


@pytest.mark.parametrize(
    ("numbers", "message"),
    [
        ((2, 4, 5), "2 + 4 is 6, not 5"),
        ((1, 2, 3, 7), "1 + 2 + 3 is 6, not 7"),
        ((3, 5), "3 and 5 are not a pair"),
        ((), "name at least one number card"),
    ],
)
def test_sq_7_invalid_number_discards_say_why(numbers: tuple[int, ...], message: str) -> None:
    with pytest.raises(RuleViolation) as err:
        keeper_apply(start(), KeeperDiscard(seat=0, numbers=numbers))
    assert (err.value.rule, err.value.message) == ("SQ-7", message)


def test_sq_2_a_discard_names_at_most_five_numbers() -> None:
    with pytest.raises(RuleViolation) as err:
        keeper_apply(start(), KeeperDiscard(seat=0, numbers=(1, 1, 1, 1, 1, 5)))
    assert err.value.rule == "SQ-2"


def test_sq_7_discard_other_only_as_the_last_resort() -> None:
    state = start()
    assert keeper_legal_kinds(state, 0).discard_other == ("knight", "potion", "wand", "dragon")
    for kind in ("king", "jester"):
        with pytest.raises(RuleViolation, match="can always be played") as err:
            keeper_apply(state, KeeperDiscardOther(seat=0, kind=kind))
        assert err.value.rule == "SQ-7"
    state = record(state, KeeperDiscardOther(seat=0, kind="knight"))
    state = wake_for(state, 0, "moon")
    assert keeper_legal_kinds(state, 1).discard_other == ("wand", "dragon")
    with pytest.raises(RuleViolation, match="has a queen to aim at"):
        keeper_apply(state, KeeperDiscardOther(seat=1, kind="potion"))
    assert record(state, KeeperDiscardOther(seat=1, kind="wand")).turn == 0


def test_sq_8_cat_woken_by_the_dog_holder_goes_back_known() -> None:
    state = wake_for(start(), 0, "dog")
    state = record(state, KeeperDiscard(seat=1, numbers=(1,)))
    position = state.sleeping_positions()[0]
    state = record(state, KeeperKing(seat=0, position=position, queen="cat"))
    assert state.awake[0] == ("dog",) and state.known[position] == "cat"
    assert state.sleeping[position] and "cat" not in state.unseen
    assert state.last is not None and state.last.result == "returned" and state.turn == 1
    with pytest.raises(RuleViolation, match="Cat Queen sleeps at position"):
        keeper_apply(state, KeeperKing(seat=1, position=position, queen="heart"))
    state = record(state, KeeperKing(seat=1, position=position, queen="cat"))
    assert state.awake[1] == ("cat",)


def test_sq_8_knight_may_not_take_the_rival_of_a_queen_held() -> None:
    state = wake_for(start(), 0, "dog")
    state = wake_for(state, 1, "cat")
    assert "cat" not in keeper_legal_kinds(state, 0).knight
    assert "cat" in keeper_legal_kinds(state, 0).potion
    with pytest.raises(RuleViolation, match="Ana has the Dog Queen") as err:
        keeper_apply(state, KeeperKnight(seat=0, queen="cat"))
    assert err.value.rule == "SQ-8"
    assert record(state, KeeperPotion(seat=0, queen="cat")).pending is not None


def test_sq_8_rose_holding_the_rival_wakes_no_other() -> None:
    state = wake_for(start(), 0, "dog")
    state = record(state, KeeperJester(seat=1, revealed=2))
    state = record(state, KeeperWake(seat=0, position=5, queen="cat"))
    assert state.pending is None and state.turn == 0 and state.known[5] == "cat"


def test_sq_9_win_by_queens() -> None:
    state = start(4)  # 4 players: 4 queens or 40 points
    for queen in ("cake", "rainbow", "starfish"):
        state = wake_for(state, 0, queen)
    assert not state.over and state.points(0) == 15
    state = wake_for(state, 0, "ladybug")
    assert state.over and state.winners == (0,) and state.acting_seat() is None
    assert keeper_legal_kinds(state, 0).kinds == ()
    with pytest.raises(RuleViolation) as err:
        keeper_apply(state, KeeperDiscard(seat=state.turn, numbers=(1,)))
    assert err.value.rule == "SQ-9"


def test_sq_9_win_by_points() -> None:
    state = wake_for(start(), 1, "heart")
    state = wake_for(state, 1, "pancake")
    assert not state.over and state.points(1) == 35
    state = wake_for(state, 1, "cat")  # 50 points with 3 queens
    assert state.over and state.winners == (1,) and keeper_view(state)["over"]


def test_sq_9_win_on_the_rose_clears_her_pending_wake() -> None:
    state = start()
    for queen in ("heart", "pancake", "moon"):  # 45
        state = wake_for(state, 0, queen)
    state = wake_for(state, 0, "rose")
    assert state.over and state.winners == (0,) and state.pending is None
    assert any(state.sleeping)


@pytest.mark.parametrize(
    ("order", "winners"),
    [
        (
            "heart pancake cat dog moon peacock sunflower ladybug cake rainbow starfish rose",
            (0,),
        ),
        (
            "heart pancake cat dog ladybug cake moon peacock sunflower starfish rainbow rose",
            (0, 1),
        ),
    ],
)
def test_sq_9_no_queen_asleep_most_points_win_ties_share(
    order: str, winners: tuple[int, ...]
) -> None:
    state = start(5)  # 5 players: 4 queens or 40 points, nobody gets there here
    for queen in order.split():
        assert not state.over
        state = wake_for(state, state.turn, queen)
    assert state.over and not any(state.sleeping) and state.winners == winners
    assert keeper_view(state)["winners"] == list(winners)


def _random_recording(state: KeeperState, rng: random.Random) -> KeeperAction:
    seat = state.acting_seat()
    assert seat is not None
    choices = keeper_legal_kinds(state, seat)
    assert choices.kinds and all(
        not keeper_legal_kinds(state, s).kinds for s in range(state.players) if s != seat
    )
    kind = rng.choice(choices.kinds)
    if kind in ("king", "wake"):
        position = rng.choice(choices.positions)
        queen = state.known[position] or rng.choice(state.unseen)
        cls = KeeperKing if kind == "king" else KeeperWake
        return cls(seat=seat, position=position, queen=queen)
    if kind == "knight":
        return KeeperKnight(seat=seat, queen=rng.choice(choices.knight))
    if kind == "potion":
        return KeeperPotion(seat=seat, queen=rng.choice(choices.potion))
    if kind == "jester":
        revealed = rng.choice([*range(1, 11), "king", "wand", "dragon"])
        return KeeperJester(seat=seat, revealed=revealed)
    if kind == "discard":
        numbers = rng.choice([(rng.randint(1, 10),), (3, 3), (1, 2, 3), (2, 5, 3, 10)])
        return KeeperDiscard(seat=seat, numbers=numbers)
    if kind == "discard_other":
        return KeeperDiscardOther(seat=seat, kind=rng.choice(choices.discard_other))
    if kind == "block":
        return KeeperBlock(seat=seat, card=choices.block[0])
    return KeeperAllow(seat=seat)


def test_random_recorded_games_keep_the_queens_and_end() -> None:
    rng = random.Random(13)
    lengths = []
    for game in range(300):
        state = start(2 + game % 4)
        for _ in range(2000):
            if state.over:
                break
            state = record(state, _random_recording(state, rng))
            if rng.random() < 0.05:  # a wrong recording never changes the state
                before = state
                with pytest.raises((RuleViolation, InvalidAction)):
                    keeper_apply(
                        state, KeeperDiscard(seat=(state.turn + 1) % state.players, numbers=(2, 3))
                    )
                assert state == before
        assert state.over and state.winners, f"game {game} did not end"
        lengths.append(state.turn_number)
    assert sum(lengths) / len(lengths) < 200
