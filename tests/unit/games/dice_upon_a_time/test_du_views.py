"""Per-seat views: over random playouts, no seat (nor a spectator) ever receives another seat's
secret: magic items, the king's three quests shown to another seat, any deck's order, the events
still face down."""

import json
import random
from typing import Any

from companion.games.dice_upon_a_time import Pending, State, seat_view
from tests.unit.games.dice_upon_a_time.helpers import started
from tests.unit.games.dice_upon_a_time.playout import config_for, random_game

GAMES = 5


def strings(value: Any) -> set[str]:
    """Every string in a JSON document, keys included."""
    if isinstance(value, dict):
        return set(value) | {s for v in value.values() for s in strings(v)}
    if isinstance(value, list):
        return {s for v in value for s in strings(v)}
    return {value} if isinstance(value, str) else set()


def secrets_from(state: State, viewer: int | None) -> set[str]:
    hidden = {*state.story_deck, *state.item_deck, *state.item_discard}
    hidden |= {q for deck in state.quest_decks.values() for q in deck}
    hidden |= set(state.events[state.chapter :]) if not state.over else set()
    for seat, held in enumerate(state.seats):
        if seat != viewer:
            hidden |= set(held.items)
    for ask in state.pending:
        if ask.seat != viewer:
            hidden |= set(ask.cards)
    return hidden


def test_no_view_ever_holds_another_seats_secret() -> None:
    checked = 0
    for game in range(GAMES):
        config = config_for(game)
        for _, _, state in random_game(config, random.Random(500 + game)):
            for viewer in (None, *range(state.players)):
                view = seat_view(state, viewer)
                text = json.dumps(view)
                leaked = secrets_from(state, viewer) & strings(json.loads(text))
                assert not leaked, (viewer, leaked)
                checked += 1
    assert checked > 2_000


def test_a_seat_sees_its_own_items_and_only_the_count_of_others() -> None:
    state = started(players=3)
    mine = seat_view(state, 1)
    assert mine["seats"][1]["items"] == list(state.seats[1].items)
    assert "items" not in mine["seats"][0] and mine["seats"][0]["item_count"] == 1
    spectator = seat_view(state, None)
    assert all("items" not in seat for seat in spectator["seats"])
    assert spectator["seats"][2]["quests"] == list(state.seats[2].quests)  # quests are public
    assert spectator["event"] == state.event and "events" not in spectator


def test_the_kings_quests_are_shown_to_the_drawer_only() -> None:
    state = started(players=2)
    shown = ("q05", "q13", "q22")
    ask = Pending(seat=0, kind="king_keep", options=shown, cards=shown)
    state = state.model_copy(update={"pending": (ask,)})
    assert seat_view(state, 0)["pending"][0]["options"] == list(shown)
    other = json.dumps(seat_view(state, 1))
    assert not any(card in other for card in shown)
