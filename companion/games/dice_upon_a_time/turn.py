"""A player turn (DU-4): place a die (or pass, or spend a rabbit token), resolve its face
(DU-7), move, use the place's ability (DU-5), complete quests (DU-8)."""

from companion.games.base import InvalidAction, RuleViolation, seats_from
from companion.games.dice_upon_a_time.cards import catalogue
from companion.games.dice_upon_a_time.chapter import next_turn
from companion.games.dice_upon_a_time.effects import draw_item, draw_story, gain
from companion.games.dice_upon_a_time.placement import check_placement
from companion.games.dice_upon_a_time.state import Pending, State, Turn

RESOURCE_CHOICES = ("gold", "bread", "apple")


def _turn(state: State) -> Turn:
    if state.turn is None:
        raise RuleViolation("DU-2", "no turn is in progress")
    return state.turn


def check_turn_start(state: State, seat: int) -> None:
    """The seat may place, pass or step now: its turn, nothing pending, nothing done yet."""
    turn = _turn(state)
    if state.pending:
        head = state.pending[0]
        raise RuleViolation("DU-4", f"waiting for seat {head.seat} to choose ({head.kind})")
    if turn.seat != seat:
        raise RuleViolation("DU-4", f"it is seat {turn.seat}'s turn")
    if turn.step != "place":
        raise RuleViolation("DU-4", "this turn's die is already placed")


def place(state: State, seat: int, die_id: str, socket: str) -> State:
    check_turn_start(state, seat)
    die = check_placement(state, seat, die_id, socket)
    pool = tuple(d for d in state.seats[seat].pool if d.id != die_id)
    stacks = {**state.sockets, socket: (*state.sockets.get(socket, ()), die)}
    state = state.seat(seat, pool=pool).model_copy(
        update={"sockets": stacks, "turn": Turn(seat=seat, step="move", socket=socket)}
    )
    if state.board.sockets[socket].spirit == "wolf":
        state = _wolf(state, seat)
    state = _face(state, seat, die.face)
    return advance(state)


def _wolf(state: State, seat: int) -> State:
    """DU-6: every other player, clockwise, throws one unused die on the wolf (no effect)."""
    asks = [
        Pending(seat=other, kind="wolf", options=tuple(d.id for d in state.seats[other].pool))
        for other in seats_from(seat, state.players)[1:]
        if state.seats[other].pool
    ]
    return state.model_copy(update={"wolf_used": True, "pending": (*state.pending, *asks)})


def _face(state: State, seat: int, face: int | str) -> State:
    """DU-7: magic item (drawn), story (drawn), double token (next resource gain +1)."""
    if face == "magic_item":
        return draw_item(state, seat)
    if face == "story":
        return draw_story(state, seat)
    if face == "double_token":
        return state.model_copy(update={"turn": _turn(state).model_copy(update={"double": True})})
    return state


def pass_turn(state: State, seat: int) -> State:
    check_turn_start(state, seat)
    return next_turn(state.seat(seat, passed=True))


def rabbit_step(state: State, seat: int, to: str) -> State:
    """DU-6: instead of placing, return a rabbit token and move one socket away."""
    check_turn_start(state, seat)
    held = state.seats[seat]
    if held.rabbit_tokens < 1:
        raise RuleViolation("DU-6", "no rabbit token to spend")
    if to not in state.board.neighbours(held.place):
        raise RuleViolation("DU-6", f"'{to}' is not one socket away from '{held.place}'")
    state = state.seat(seat, rabbit_tokens=held.rabbit_tokens - 1, place=to)
    return advance(state.model_copy(update={"turn": Turn(seat=seat, step="ability")}))


def move_options(state: State, seat: int) -> tuple[str, ...]:
    """DU-4: a die placed next to the figure lets it move to another place that socket touches."""
    turn = _turn(state)
    if turn.socket is None:
        return ()
    touches = state.board.sockets[turn.socket].touches
    here = state.seats[seat].place
    return tuple(p for p in touches if p != here) if here in touches else ()


def _set_step(state: State, step: str) -> State:
    return state.model_copy(update={"turn": _turn(state).model_copy(update={"step": step})})


def _ask(state: State, ask: Pending) -> State:
    return state.model_copy(update={"pending": (*state.pending, ask)})


def advance(state: State) -> State:
    """Run the turn on until a choice is needed or the turn ends."""
    from companion.games.dice_upon_a_time.abilities import place_ability
    from companion.games.dice_upon_a_time.completion import finish_options

    while not state.pending and state.turn is not None and not state.over:
        seat, step = state.turn.seat, state.turn.step
        if step == "place":
            return state
        if step == "move":
            options = move_options(state, seat)
            if options:
                ask = Pending(seat=seat, kind="move", options=(*options, "stay"))
                return _ask(_set_step(state, "ability"), ask)
            state = _set_step(state, "finish")
        elif step == "ability":
            state = place_ability(_set_step(state, "finish"), seat)
        else:
            ask = Pending(seat=seat, kind="finish", options=finish_options(state, seat))
            return _ask(state, ask)
    return state


def choose(state: State, seat: int, option: str) -> State:
    from companion.games.dice_upon_a_time.choices import options_now, resolve

    if not state.pending:
        raise RuleViolation("DU-4", "nothing is waiting for a choice")
    head = state.pending[0]
    if head.seat != seat:
        raise RuleViolation("DU-4", f"waiting for seat {head.seat} to choose ({head.kind})")
    allowed = options_now(state, head)
    if option not in allowed:
        raise InvalidAction(f"{option!r} is not one of {', '.join(allowed)} ({head.kind})")
    rest = state.model_copy(update={"pending": state.pending[1:]})
    return advance(resolve(rest, head, option))


def gain_here(state: State, seat: int, resource: str, count: int) -> State:
    """A resource gain from a place: the double token adds one (DU-7), once."""
    turn = _turn(state)
    if turn.double:
        count += 1
        state = state.model_copy(update={"turn": turn.model_copy(update={"double": False})})
    return gain(state, seat, {resource: count})


def event_modifier(state: State) -> str | None:
    return catalogue().events[state.event].modifier if state.event else None
