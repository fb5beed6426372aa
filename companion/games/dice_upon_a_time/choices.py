"""Answering a pending choice: what may be chosen now, and what the choice does."""

from companion.games.dice_upon_a_time.cards import Face, catalogue
from companion.games.dice_upon_a_time.chapter import next_turn, resolve_snake_face
from companion.games.dice_upon_a_time.completion import finish, finish_options
from companion.games.dice_upon_a_time.effects import (
    can_take_quest,
    draw_quest,
    resolve_misfortune,
)
from companion.games.dice_upon_a_time.state import SNAKE, Pending, State
from companion.games.dice_upon_a_time.turn import gain_here

DECK_CHOICES = ("opening", "city", "king_draw")


def _decks(state: State) -> tuple[str, ...]:
    return tuple(str(v) for v, cards in sorted(state.quest_decks.items()) if cards)


def options_now(state: State, ask: Pending) -> tuple[str, ...]:
    """The options open to `ask` in `state` (decks empty out, pools change)."""
    if ask.kind in DECK_CHOICES:
        if not can_take_quest(state, ask.seat):
            return ("none",)
        decks = _decks(state)
        return decks if ask.kind == "opening" and decks else (*decks, "none")
    if ask.kind == "king_keep":
        return ask.cards
    if ask.kind == "wolf":
        return tuple(d.id for d in state.seats[ask.seat].pool)
    if ask.kind == "finish":
        return finish_options(state, ask.seat)
    return ask.options


def parse_face(text: str) -> Face:
    return int(text) if text.isdigit() else text


def _again(state: State, ask: Pending, **changes: object) -> State:
    """Ask the same choice once more, first in the queue."""
    again = ask.model_copy(update={"left": ask.left - 1, **changes})
    return state.model_copy(update={"pending": (again, *state.pending)})


def resolve(state: State, ask: Pending, option: str) -> State:
    seat = ask.seat
    if ask.kind in ("opening", "city"):
        if option == "none":
            return state
        state = draw_quest(state, seat, int(option))
        return _again(state, ask) if ask.left > 1 else state
    if ask.kind == "king_draw":
        return _king_draw(state, ask, option)
    if ask.kind == "king_keep":
        return _king_keep(state, ask, option)
    if ask.kind == "misfortune":
        assert ask.card is not None
        return resolve_misfortune(state, seat, ask.card, int(option))
    if ask.kind in ("move", "horse"):
        if option == "stay":
            return _stay(state) if ask.kind == "move" else state
        return state.seat(seat, place=option)
    if ask.kind == "fairy":
        state = gain_here(state, seat, option, 1)
        return _again(state, ask) if ask.left > 1 else state
    if ask.kind == "wolf":
        return _throw_to_wolf(state, seat, option)
    if ask.kind == "fox":
        return _set_fox(state, ask, parse_face(option))
    if option == "end":
        return next_turn(state)
    return finish(state, seat, option)


def _stay(state: State) -> State:
    assert state.turn is not None
    return state.model_copy(update={"turn": state.turn.model_copy(update={"step": "finish"})})


def _king_draw(state: State, ask: Pending, option: str) -> State:
    """DU-5: up to three quests from decks of the seat's choice; it keeps one of them."""
    if option == "none":
        return _king_keep_or_done(state, ask)
    value = int(option)
    deck = state.quest_decks[value]
    decks = {**state.quest_decks, value: deck[1:]}
    state = state.model_copy(update={"quest_decks": decks})
    ask = ask.model_copy(update={"cards": (*ask.cards, deck[0])})
    if ask.left > 1 and _decks(state):
        return _again(state, ask)
    return _king_keep_or_done(state, ask)


def _king_keep_or_done(state: State, ask: Pending) -> State:
    if not ask.cards:
        return state
    keep = Pending(seat=ask.seat, kind="king_keep", options=ask.cards, cards=ask.cards)
    return state.model_copy(update={"pending": (keep, *state.pending)})


def _king_keep(state: State, ask: Pending, option: str) -> State:
    """The kept quest joins the seat; the others go under their decks."""
    state = state.seat(ask.seat, quests=(*state.seats[ask.seat].quests, option))
    decks = dict(state.quest_decks)
    quests = catalogue().quests
    for card in ask.cards:
        if card != option:
            value = quests[card].ap
            decks[value] = (*decks[value], card)
    return state.model_copy(update={"quest_decks": decks})


def _throw_to_wolf(state: State, seat: int, die_id: str) -> State:
    die = next(d for d in state.seats[seat].pool if d.id == die_id)
    pool = tuple(d for d in state.seats[seat].pool if d.id != die_id)
    stacks = {**state.sockets, "wolf": (*state.sockets.get("wolf", ()), die)}
    return state.seat(seat, pool=pool).model_copy(update={"sockets": stacks})


def _set_fox(state: State, ask: Pending, face: Face) -> State:
    """DU-6: a die taken from the fox is set to any face (the snake die: for its holder)."""
    if ask.card == SNAKE:
        holder = state.snake_holder
        return state if holder is None else resolve_snake_face(state, holder, face)
    owner = int(str(ask.card).split(".")[0])
    pool = tuple(
        d.model_copy(update={"face": face}) if d.id == ask.card else d
        for d in state.seats[owner].pool
    )
    return state.seat(owner, pool=pool)
