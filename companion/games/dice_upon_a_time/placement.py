"""DU-3 (placing), DU-6 (spirit sockets) and DU-7 (the ban face): may this die go there?"""

from companion.games.base import InvalidAction, RuleViolation
from companion.games.dice_upon_a_time.cards import catalogue
from companion.games.dice_upon_a_time.chapter import face_value
from companion.games.dice_upon_a_time.state import Die, State

TWO_PLAYER_STACK = 2
STACK = 3


def capacity(state: State, socket: str) -> int:
    """DU-3/DU-10: 3 dice a socket (2 with two players), rabbit and snake included; DU-6: the
    fox's sockets hold one die; the wolf takes one placed die (the others are thrown on it)."""
    spirit = state.board.sockets[socket].spirit
    return 1 if spirit in ("fox", "wolf") else stack_limit(state.players)


def stack_limit(players: int) -> int:
    return TWO_PLAYER_STACK if players == 2 else STACK


def wolf_closed(state: State) -> bool:
    event = catalogue().events[state.event] if state.event else None
    return state.wolf_used or (event is not None and event.modifier == "quiet_wolf")


def placement_error(state: State, seat: int, die: Die, socket: str) -> RuleViolation | None:
    """Why `die` may not go on `socket`, or None if it may."""
    spec = state.board.sockets[socket]
    stack = state.sockets.get(socket, ())
    value = face_value(die.face)
    if value < spec.number:
        return RuleViolation("DU-3", f"face {die.face} is below socket {socket}'s {spec.number}")
    if spec.spirit == "wolf" and wolf_closed(state):
        return RuleViolation("DU-6", "the wolf can be used once a chapter")
    if len(stack) >= capacity(state, socket):
        return RuleViolation("DU-3", f"socket {socket} holds {len(stack)} dice: it is full")
    if not stack:
        return None
    top = stack[-1]
    if top.face == "ban":
        if top.owner != seat and die.face != "ban":
            return RuleViolation("DU-7", "only a ban face may be stacked on another's ban")
        if top.owner == seat and value < 6:
            return RuleViolation("DU-7", "on your own ban only a 6 or an icon may be stacked")
    if value < face_value(top.face):
        return RuleViolation("DU-3", f"face {die.face} is below the top die's {top.face}")
    return None


def check_placement(state: State, seat: int, die_id: str, socket: str) -> Die:
    if socket not in state.board.sockets:
        raise InvalidAction(f"no socket {socket!r} on board '{state.board.name}'")
    held = state.seats[seat]
    if held.passed:
        raise RuleViolation("DU-3", "a player who passed passes for the rest of the chapter")
    die = next((d for d in held.pool if d.id == die_id), None)
    if die is None:
        raise InvalidAction(f"die {die_id!r} is not in seat {seat}'s pool")
    error = placement_error(state, seat, die, socket)
    if error is not None:
        raise error
    return die
