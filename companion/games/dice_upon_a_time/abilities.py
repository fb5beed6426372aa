"""DU-5: what a place does for a figure that moves onto it."""

from companion.games.dice_upon_a_time.effects import can_take_quest, draw_item, draw_story
from companion.games.dice_upon_a_time.state import Pending, State
from companion.games.dice_upon_a_time.turn import RESOURCE_CHOICES, event_modifier, gain_here

KING_DRAWS = 3


def place_ability(state: State, seat: int) -> State:
    """City: may draw a quest; king: may draw three, keep one; fairy: a resource of choice;
    resource place: its resource; ally: must draw a story card; horse: may ride to a linked
    horse place; magic item place: a magic item; buildings and far places: nothing.
    Co-operatively the quest draws mean nothing (every quest is already in the row)."""
    held = state.seats[seat]
    place = state.board.places[held.place]
    modifier = event_modifier(state)
    ask: Pending | None = None
    if place.kind in ("city", "king") and not state.config.cooperative:
        if can_take_quest(state, seat):
            if place.kind == "city":
                ask = Pending(seat=seat, kind="city", options=())
            else:
                ask = Pending(seat=seat, kind="king_draw", options=(), left=KING_DRAWS)
    elif place.kind == "fairy":
        left = 2 if modifier == "generous_fairy" else 1
        ask = Pending(seat=seat, kind="fairy", options=RESOURCE_CHOICES, left=left)
    elif place.kind == "resource" and place.resource is not None:
        count = 2 if modifier == "rich_mines" else 1
        return gain_here(state, seat, place.resource, count)
    elif place.kind == "ally":
        return draw_story(state, seat)
    elif place.kind == "horse" and modifier != "no_horses":
        targets = state.board.horse_targets(held.place)
        if targets:
            ask = Pending(seat=seat, kind="horse", options=(*targets, "stay"))
    elif place.kind == "magic_item":
        return draw_item(state, seat)
    if ask is None:
        return state
    return state.model_copy(update={"pending": (*state.pending, ask)})
