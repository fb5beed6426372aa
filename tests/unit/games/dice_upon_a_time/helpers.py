"""Building Dice Upon a Time positions for rule tests."""

from typing import Any

from companion.games.dice_upon_a_time import (
    Action,
    Choose,
    Config,
    Pass,
    State,
    apply,
    new_game,
)
from companion.games.dice_upon_a_time.cards import Face
from companion.games.dice_upon_a_time.choices import options_now
from companion.games.dice_upon_a_time.state import Die, Turn


def started(players: int = 3, seed: int = 1, **config: Any) -> State:
    """A new game with the opening quest choices answered (lowest decks first)."""
    names = tuple(f"p{i}" for i in range(players))
    state = new_game(Config(players=names, seed=seed, start_player=0, **config))
    while state.pending and state.pending[0].kind == "opening":
        ask = state.pending[0]
        state = apply(state, Choose(seat=ask.seat, option=ask.options[0]))
    return state


def pool(state: State, seat: int, *faces: Face) -> State:
    """Seat `seat`'s pool holds exactly dice seat.1 … with these faces."""
    dice = tuple(Die(id=f"{seat}.{i + 1}", owner=seat, face=f) for i, f in enumerate(faces))
    return state.seat(seat, pool=dice)


def turn_of(state: State, seat: int) -> State:
    """It is `seat`'s turn, before its die, nothing pending."""
    return state.model_copy(update={"turn": Turn(seat=seat), "pending": ()})


def at(state: State, seat: int, place: str) -> State:
    return state.seat(seat, place=place)


def stack(state: State, socket: str, *dice: tuple[int, Face]) -> State:
    """Put dice (owner, face) on `socket`, bottom first (ids 'owner.9' and up)."""
    placed = tuple(
        Die(id=f"{owner}.{9 + i}", owner=owner, face=face) for i, (owner, face) in enumerate(dice)
    )
    return state.model_copy(update={"sockets": {**state.sockets, socket: placed}})


def play(state: State, *actions: Action) -> State:
    for action in actions:
        state = apply(state, action)
    return state


def choose(state: State, option: str) -> State:
    """Answer the head pending choice (whoever is asked)."""
    return apply(state, Choose(seat=state.pending[0].seat, option=option))


def asked(state: State) -> tuple[str, tuple[str, ...]]:
    head = state.pending[0]
    return head.kind, options_now(state, head)


def end_chapter(state: State) -> State:
    """Everyone passes in turn (any pending choice answered with its first option)."""
    chapter = state.chapter
    while state.chapter == chapter and not state.over:
        if state.pending:
            state = choose(state, asked(state)[1][0])
        else:
            assert state.turn is not None
            state = apply(state, Pass(seat=state.turn.seat))
    return state


def calm(state: State) -> State:
    return state.model_copy(update={"event": None})
