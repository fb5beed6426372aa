"""DU-10 two players and the co-operative variant, DU-11 trading on the same place."""

import pytest

from companion.games.dice_upon_a_time import (
    Goods,
    InvalidAction,
    Place,
    RuleViolation,
    State,
    Trade,
    apply,
    catalogue,
    coop_rating,
    coop_rating_text,
    coop_total,
    winners,
)
from companion.games.dice_upon_a_time.completion import finish, finish_options
from companion.games.dice_upon_a_time.effects import draw_story
from tests.unit.games.dice_upon_a_time.helpers import at, calm, pool, stack, started, turn_of


def test_du_10_two_players_stack_two_dice_a_socket_rabbit_included() -> None:
    state = calm(turn_of(pool(started(players=2), 0, 6, 6), 0))
    for socket in ("inn.1", "rabbit", "snake"):
        full = stack(state, socket, (1, 2), (0, 3))
        with pytest.raises(RuleViolation, match="full") as error:
            apply(full, Place(seat=0, die="0.1", socket=socket))
        assert error.value.rule == "DU-3"
        assert (
            len(
                apply(
                    stack(state, socket, (1, 2)), Place(seat=0, die="0.1", socket=socket)
                ).sockets[socket]
            )
            == 2
        )


def test_du_10_cooperative_quests_are_public_and_anyone_completes_them() -> None:
    state = started(players=3, cooperative=True)
    assert state.row == tuple(sorted(catalogue().quests))
    assert all(held.quests == () for held in state.seats)
    assert all(not deck for deck in state.quest_decks.values())
    state = at(state, 2, "well")
    assert "quest:q01" in finish_options(state, 2)
    state = finish(state, 2, "quest:q01")
    assert "q01" not in state.row and state.shared_done == ("q01",)
    assert coop_total(state) == 2


def test_du_10_cooperative_story_cards_are_shared_and_pointless_draws_replaced() -> None:
    state = started(players=2, cooperative=True)
    state = state.model_copy(update={"story_deck": ("s04", "s11", "s01")})
    state = draw_story(state, 1)  # "draw a quest" means nothing here: the next card instead
    assert state.story_discard == ("s04",) and state.shared_story == ("s11",)
    assert state.seats[1].story == ()
    rich = state.seat(0, resources={"gold": 3})
    assert coop_total(rich) == 3  # any player meeting a shared side quest counts


def ap_subset(total: int) -> tuple[str, ...]:
    """Quests worth exactly `total` AP together (subset sum over the quest cards)."""
    reach: dict[int, tuple[str, ...]] = {0: ()}
    for quest in catalogue().quests.values():
        for points, ids in list(reach.items()):
            reach.setdefault(points + quest.ap, (*ids, quest.id))
    return reach[total]


@pytest.mark.parametrize(
    ("players", "total", "band"),
    [
        (2, 29, 0), (2, 30, 1), (2, 49, 2), (2, 59, 3), (2, 60, 4),
        (3, 44, 0), (3, 45, 1), (3, 74, 2), (3, 89, 3), (3, 90, 4),
        (4, 59, 0), (4, 60, 1), (4, 99, 2), (4, 115, 3), (5, 116, 4),
    ],
)  # fmt: skip
def test_du_10_cooperative_rating_table(players: int, total: int, band: int) -> None:
    state = started(players=players, cooperative=True)
    state = state.model_copy(update={"shared_done": ap_subset(total), "over": True})
    assert coop_total(state) == total and coop_rating(state) == band
    assert winners(state) == tuple(range(players))
    assert coop_rating_text(state) == catalogue().lengths.coop_ratings[band]


def on_one_place(state: State) -> State:
    return at(at(state, 0, "inn"), 1, "inn")


def test_du_11_players_on_the_same_place_trade_anything_tradable() -> None:
    state = on_one_place(started())
    state = state.seat(0, resources={"gold": 2}, items=("m01",), story=("s11",))
    state = state.seat(1, resources={"apple": 1}, quests=("q05",), items=("m02",))
    before_quests = state.seats[0].quests
    give = Goods(resources={"gold": 2}, items=("m01",), story=("s11",))
    take = Goods(resources={"apple": 1}, quests=("q05",))
    state = apply(state, Trade(seat=0, partner=1, give=give, take=take))
    assert state.seats[0].resources == {"apple": 1} and state.seats[1].resources == {"gold": 2}
    assert state.seats[0].quests == (*before_quests, "q05")
    assert state.seats[1].items == ("m02", "m01") and state.seats[1].story == ("s11",)


def test_du_11_trades_refused_apart_over_four_quests_or_with_curses() -> None:
    state = started().seat(0, resources={"gold": 1})
    with pytest.raises(RuleViolation) as error:
        apply(
            state.seat(1, place="inn"), Trade(seat=0, partner=1, give=Goods(resources={"gold": 1}))
        )
    assert error.value.rule == "DU-11"
    full = on_one_place(state).seat(1, quests=("q01", "q02", "q03", "q04"))
    with pytest.raises(RuleViolation, match="more than 4") as error:
        apply(full, Trade(seat=0, partner=1, give=Goods(quests=(state.seats[0].quests[0],))))
    assert error.value.rule == "DU-8"
    cursed = on_one_place(state.seat(0, story=("s15",)))
    with pytest.raises(InvalidAction, match="side or mini quest"):
        apply(cursed, Trade(seat=0, partner=1, give=Goods(story=("s15",))))
    with pytest.raises(RuleViolation) as error:
        apply(on_one_place(state), Trade(seat=0, partner=1, give=Goods(resources={"gold": 2})))
    assert error.value.rule == "DU-11"
