"""DU-4 the order of a turn, DU-5 place abilities (on our bundled map, see data/map.yaml)."""

import pytest

from companion.games.dice_upon_a_time import Place, RuleViolation, State, apply, catalogue
from tests.unit.games.dice_upon_a_time.helpers import asked, at, choose, pool, started, turn_of


def ready(seat: int, place: str, *faces: int | str, players: int = 3) -> State:
    """Seat `seat`'s turn, figure on `place`, pool of `faces`, no event in play."""
    state = turn_of(pool(at(started(players=players), seat, place), seat, *faces), seat)
    return state.model_copy(update={"event": None})


def test_du_4_place_then_move_then_ability_then_quests_then_next_seat() -> None:
    state = ready(0, "market_town", 3)
    state = apply(state, Place(seat=0, die="0.1", socket="market_town.4"))  # touches fairy_glade
    assert asked(state) == ("move", ("fairy_glade", "stay"))
    state = choose(state, "fairy_glade")
    assert state.seats[0].place == "fairy_glade"
    assert asked(state) == ("fairy", ("gold", "bread", "apple"))
    state = choose(state, "apple")
    assert state.seats[0].resources == {"apple": 1}
    assert asked(state) == ("finish", ("end",))
    state = choose(state, "end")
    assert state.turn is not None and state.turn.seat == 1


def test_du_4_no_move_when_the_socket_is_not_next_to_the_figure() -> None:
    state = apply(ready(0, "market_town", 2), Place(seat=0, die="0.1", socket="inn.1"))
    assert asked(state)[0] == "finish"
    assert state.seats[0].place == "market_town"


def test_du_4_staying_skips_the_place_ability() -> None:
    state = apply(ready(0, "market_town", 1), Place(seat=0, die="0.1", socket="market_town.1"))
    state = choose(state, "stay")
    assert asked(state)[0] == "finish" and state.seats[0].resources == {}


def test_du_4_only_the_seat_whose_turn_it_is_places() -> None:
    state = pool(ready(0, "market_town", 3), 1, 3)
    with pytest.raises(RuleViolation) as error:
        apply(state, Place(seat=1, die="1.1", socket="inn.1"))
    assert error.value.rule == "DU-4"


def test_du_4_quests_are_completed_at_the_end_of_the_turn() -> None:
    state = ready(0, "market_town", 2).seat(0, quests=("q01", "q08"), resources={"gold": 1})
    state = apply(state, Place(seat=0, die="0.1", socket="market_town.2"))  # touches well
    state = choose(state, "well")
    kind, options = asked(state)
    assert kind == "finish" and set(options) == {"quest:q01", "quest:q08", "end"}
    state = choose(state, "quest:q08")  # a wish in the well: pay 1 gold there
    assert state.seats[0].done == ("q08",) and state.seats[0].resources == {}
    assert asked(state) == ("finish", ("quest:q01", "end"))
    state = choose(state, "quest:q01")
    assert state.seats[0].quests == () and state.seats[0].done == ("q08", "q01")


def test_du_5_city_draws_a_quest_from_a_deck_of_choice() -> None:
    state = apply(ready(0, "inn", 3), Place(seat=0, die="0.1", socket="market_town.5"))
    state = choose(state, "market_town")
    kind, options = asked(state)
    assert kind == "city" and options == ("2", "3", "4", "5", "none")
    top = state.quest_decks[4][0]
    state = choose(state, "4")
    assert state.seats[0].quests[-1] == top


def test_du_5_king_shows_three_quests_one_is_kept_two_go_under_their_decks() -> None:
    state = apply(ready(0, "north_stable", 3), Place(seat=0, die="0.1", socket="north_stable.1"))
    state = choose(state, "kings_castle")
    tops = [state.quest_decks[v][0] for v in (2, 3, 5)]
    for value in ("2", "3", "5"):
        assert asked(state)[0] == "king_draw"
        state = choose(state, value)
    assert asked(state) == ("king_keep", tuple(tops))
    state = choose(state, tops[1])
    assert state.seats[0].quests[-1] == tops[1]
    assert state.quest_decks[2][-1] == tops[0] and state.quest_decks[5][-1] == tops[2]
    assert tops[1] not in state.quest_decks[3]


def test_du_5_resource_place_gives_its_resource() -> None:
    state = apply(ready(0, "market_town", 1), Place(seat=0, die="0.1", socket="market_town.1"))
    state = choose(state, "bakery")
    assert state.seats[0].resources == {"bread": 1}


def test_du_5_ally_forces_a_story_card() -> None:
    state = apply(ready(0, "bakery", 2), Place(seat=0, die="0.1", socket="bakery.1"))
    before = state.story_deck
    state = choose(state, "grandmothers_cottage")
    card = before[0]
    assert state.story_deck == before[1:]
    kept = state.seats[0].story + state.story_discard + tuple(p.card for p in state.pending)
    assert card in kept


def test_du_5_horse_rides_to_a_linked_horse_place_without_a_second_ability() -> None:
    state = apply(ready(0, "market_town", 2), Place(seat=0, die="0.1", socket="market_town.3"))
    state = choose(state, "north_stable")
    assert asked(state) == ("horse", ("south_stable", "east_stable", "stay"))
    state = choose(state, "east_stable")
    assert state.seats[0].place == "east_stable" and asked(state)[0] == "finish"


def test_du_5_magic_item_place_draws_a_hidden_item() -> None:
    state = apply(ready(0, "fairy_glade", 5), Place(seat=0, die="0.1", socket="fairy_glade.2"))
    top = state.item_deck[0]
    state = choose(state, "witch_tower")
    assert state.seats[0].items[-1] == top


def test_du_5_buildings_and_far_places_do_nothing_themselves() -> None:
    state = apply(ready(0, "north_stable", 4), Place(seat=0, die="0.1", socket="north_stable.2"))
    before = state.seats[0]
    state = choose(state, "above_the_clouds")
    after = state.seats[0]
    assert asked(state)[0] == "finish"
    assert (after.resources, after.items, after.quests) == (
        before.resources,
        before.items,
        before.quests,
    )
    assert catalogue().quests["q15"].at == "above_the_clouds"
