"""DU-6 the four forest spirits, DU-7 special faces."""

import pytest

from companion.games.base import seeded_rng
from companion.games.dice_upon_a_time import (
    Place,
    RabbitStep,
    RuleViolation,
    apply,
    catalogue,
)
from companion.games.dice_upon_a_time.chapter import resolve_snake_face
from tests.unit.games.dice_upon_a_time.helpers import (
    asked,
    at,
    calm,
    choose,
    end_chapter,
    pool,
    stack,
    started,
    turn_of,
)


def test_du_6_rabbit_top_die_takes_start_player_and_a_token() -> None:
    state = stack(started(players=3), "rabbit", (0, 3), (2, 4))
    state = end_chapter(state)
    assert state.start_player == 2 and state.turn is not None and state.turn.seat == 2
    assert state.seats[2].rabbit_tokens == 1 and state.seats[0].rabbit_tokens == 0


def test_du_6_nobody_on_the_rabbit_keeps_the_start_player() -> None:
    state = end_chapter(started(players=3))
    assert state.start_player == 0


def test_du_6_rabbit_token_moves_one_socket_instead_of_a_die() -> None:
    state = calm(turn_of(at(started(), 0, "market_town"), 0)).seat(0, rabbit_tokens=1)
    with pytest.raises(RuleViolation) as error:
        apply(state, RabbitStep(seat=0, to="hell"))
    assert error.value.rule == "DU-6"
    state = apply(state, RabbitStep(seat=0, to="bakery"))
    assert state.seats[0].place == "bakery" and state.seats[0].rabbit_tokens == 0
    assert state.seats[0].resources == {"bread": 1}  # a move: the place's ability fires
    assert len(state.seats[0].pool) == 5
    with pytest.raises(RuleViolation, match="no rabbit token"):
        apply(turn_of(state, 0), RabbitStep(seat=0, to="market_town"))


def test_du_6_wolf_makes_every_other_player_throw_a_die_once_a_chapter() -> None:
    state = calm(turn_of(pool(started(players=3), 0, 2, 6), 0))
    state = pool(pool(state, 1, "story", 3), 2, 5).seat(2, passed=True)
    story_before = state.story_deck
    state = apply(state, Place(seat=0, die="0.1", socket="wolf"))
    assert asked(state) == ("wolf", ("1.1", "1.2"))
    state = choose(state, "1.1")  # a story face thrown to the wolf does nothing
    assert asked(state) == ("wolf", ("2.1",))  # a passed player throws too
    state = choose(state, "2.1")
    assert [d.id for d in state.sockets["wolf"]] == ["0.1", "1.1", "2.1"]
    assert state.story_deck == story_before
    assert state.seats[2].pool == () and state.wolf_used
    state = choose(state, "end")
    with pytest.raises(RuleViolation) as error:
        apply(turn_of(state, 0), Place(seat=0, die="0.2", socket="wolf"))
    assert error.value.rule == "DU-6"
    assert not end_chapter(state).wolf_used  # open again next chapter


def test_du_6_snake_top_die_wins_the_snake_die_rolled_next_chapter() -> None:
    state = stack(started(players=3, seed=5), "snake", (0, 2), (1, 5))
    state = end_chapter(state)
    assert state.snake_holder == 1
    face = seeded_rng(5, "snake-2").choice(catalogue().snake_die)
    held = state.seats[1]
    snake = [d for d in held.pool if d.id == "snake"]
    if isinstance(face, int):
        assert [d.face for d in snake] == [face] and len(held.pool) == 6
    else:
        assert snake == [] and len(held.pool) == 5


@pytest.mark.parametrize(
    ("face", "pool_size", "resources"),
    [
        (4, 6, {}),
        (5, 6, {}),
        ("snake", 5, {}),
        ("gold", 5, {"gold": 1}),
        ("apple", 5, {"apple": 1}),
    ],
)
def test_du_6_snake_die_faces(face: int | str, pool_size: int, resources: dict[str, int]) -> None:
    state = resolve_snake_face(started(), 0, face)
    assert len(state.seats[0].pool) == pool_size and state.seats[0].resources == resources


def test_du_6_snake_die_is_placed_like_any_die_and_goes_back_at_chapter_end() -> None:
    state = calm(turn_of(started(players=2), 1))
    state = resolve_snake_face(state.model_copy(update={"snake_holder": 1}), 1, 5)
    state = apply(state, Place(seat=1, die="snake", socket="snake"))
    assert state.sockets["snake"][-1].owner == 1
    state = end_chapter(choose(state, "end"))
    assert state.snake_holder == 1  # on top of the snake: it wins the die again


def test_du_6_fox_holds_one_die_a_socket_and_its_die_is_set_next_chapter() -> None:
    state = calm(turn_of(pool(started(players=2), 0, 3, 4), 0))
    state = apply(state, Place(seat=0, die="0.2", socket="fox.1"))
    state = choose(state, "end")
    with pytest.raises(RuleViolation, match="full"):
        apply(pool(turn_of(state, 1), 1, 6), Place(seat=1, die="1.1", socket="fox.1"))
    state = end_chapter(state)
    assert asked(state) == ("fox", tuple(str(f) for f in catalogue().player_dice[1]))
    assert state.pending[0].seat == 0
    state = choose(state, "story")
    assert [d.face for d in state.seats[0].pool if d.id == "0.2"] == ["story"]


def test_du_7_magic_item_and_story_faces_draw_their_cards() -> None:
    state = calm(turn_of(pool(started(), 0, "magic_item", "story"), 0))
    item = state.item_deck[0]
    after = apply(state, Place(seat=0, die="0.1", socket="inn.1"))
    assert after.seats[0].items[-1] == item
    story = state.story_deck[0]
    after = apply(state, Place(seat=0, die="0.2", socket="inn.1"))
    assert after.story_deck == state.story_deck[1:]
    kept = after.seats[0].story + after.story_discard + tuple(p.card for p in after.pending)
    assert story in kept


def test_du_7_ban_lets_others_stack_only_a_ban_and_its_owner_any_six() -> None:
    state = calm(turn_of(pool(started(), 0, 6, "ban", 5), 0))
    banned = stack(state, "inn.1", (1, "ban"))
    with pytest.raises(RuleViolation) as error:
        apply(banned, Place(seat=0, die="0.1", socket="inn.1"))
    assert error.value.rule == "DU-7"
    assert apply(banned, Place(seat=0, die="0.2", socket="inn.1")).sockets["inn.1"][-1].owner == 0
    own = stack(state, "inn.1", (0, "ban"))
    assert apply(own, Place(seat=0, die="0.1", socket="inn.1")).sockets["inn.1"][-1].face == 6
    with pytest.raises(RuleViolation):
        apply(own, Place(seat=0, die="0.3", socket="inn.1"))


def test_du_7_double_token_adds_one_to_the_next_resource_gain() -> None:
    state = calm(turn_of(at(pool(started(), 0, "double_token"), 0, "market_town"), 0))
    state = apply(state, Place(seat=0, die="0.1", socket="market_town.1"))
    state = choose(state, "bakery")
    assert state.seats[0].resources == {"bread": 2}
