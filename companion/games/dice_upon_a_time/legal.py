"""`legal_actions(state)`: what each seat may do now, as concrete moves.

Every move but `trade` is complete: `as_action(seat, move)` turns it into the action. A
`trade` move only says the seat shares a place with someone (what to exchange is agreed at the
table). Seats that must wait get an empty tuple.
"""

from dataclasses import dataclass

from companion.games.dice_upon_a_time.actions import (
    Action,
    Choose,
    Pass,
    Place,
    PlayItem,
    RabbitStep,
    UseAbility,
)
from companion.games.dice_upon_a_time.board import RESOURCES
from companion.games.dice_upon_a_time.cards import Face, catalogue
from companion.games.dice_upon_a_time.chapter import face_value
from companion.games.dice_upon_a_time.choices import options_now
from companion.games.dice_upon_a_time.effects import can_take_quest
from companion.games.dice_upon_a_time.placement import stack_limit, wolf_closed
from companion.games.dice_upon_a_time.powers import own_time, settable_faces
from companion.games.dice_upon_a_time.state import State


@dataclass(frozen=True, slots=True)
class Move:
    type: str
    die: str | None = None
    socket: str | None = None
    option: str | None = None
    to: str | None = None
    item: str | None = None
    face: Face | None = None
    give: str | None = None
    take: str | None = None
    value: int | None = None


def acting_seat(state: State) -> int | None:
    """The seat the game waits for: the head of the pending choices, else the seat whose turn
    it is (None once the game is over). Other seats may still trade meanwhile (DU-11)."""
    if state.over:
        return None
    if state.pending:
        return state.pending[0].seat
    return None if state.turn is None else state.turn.seat


def legal_actions(state: State) -> dict[int, tuple[Move, ...]]:
    return {seat: legal_moves(state, seat) for seat in range(state.players)}


def legal_moves(state: State, seat: int) -> tuple[Move, ...]:
    if state.over:
        return ()
    moves: list[Move] = []
    if state.pending:
        head = state.pending[0]
        if head.seat == seat:
            moves += [Move("choose", option=o) for o in options_now(state, head)]
    elif state.turn is not None and state.turn.seat == seat and state.turn.step == "place":
        moves += placements(state, seat)
        moves.append(Move("pass"))
        held = state.seats[seat]
        if held.rabbit_tokens:
            moves += [Move("rabbit_step", to=p) for p in state.board.neighbours(held.place)]
    if own_time(state, seat):
        moves += _item_moves(state, seat) + _ability_moves(state, seat)
    place = state.seats[seat].place
    if any(other.place == place for s, other in enumerate(state.seats) if s != seat):
        moves.append(Move("trade"))
    return tuple(moves)


def placements(state: State, seat: int) -> list[Move]:
    """Every (die, socket) the seat may place now: `placement.placement_error`'s rules, run
    once per socket instead of once per pair (a test checks the two agree)."""
    pool = [(die, face_value(die.face)) for die in state.seats[seat].pool]
    if not pool or state.seats[seat].passed:
        return []
    closed = wolf_closed(state)
    stacked = stack_limit(state.players)
    out = []
    for socket, spec in state.board.sockets.items():
        stack = state.sockets.get(socket, ())
        limit = 1 if spec.spirit in ("fox", "wolf") else stacked
        if len(stack) >= limit or (spec.spirit == "wolf" and closed):
            continue
        floor, ban_only = spec.number, False
        if stack:
            top = stack[-1]
            floor = max(floor, face_value(top.face))
            ban_only = top.face == "ban" and top.owner != seat
        out += [
            Move("place", die=die.id, socket=socket)
            for die, value in pool
            if value >= floor and (not ban_only or die.face == "ban")
        ]
    return out


def _item_moves(state: State, seat: int) -> list[Move]:
    out = []
    items = catalogue().items
    for item in dict.fromkeys(state.seats[seat].items):
        if not items[item].set_face:
            out.append(Move("play_item", item=item))
            continue
        for die in state.seats[seat].pool:
            out += [
                Move("play_item", item=item, die=die.id, face=f)
                for f in dict.fromkeys(settable_faces(die))
                if f != die.face
            ]
    return out


def _ability_moves(state: State, seat: int) -> list[Move]:
    held = state.seats[seat]
    if held.ability_used:
        return []
    ability = catalogue().characters[held.character].ability
    if ability == "nudge":
        return [
            Move("use_ability", die=d.id, face=d.face + step)
            for d in held.pool
            for step in (-1, 1)
            if isinstance(d.face, int) and 1 <= d.face + step <= 6
        ]
    if ability == "reroll":
        return [Move("use_ability", die=d.id) for d in held.pool]
    if ability == "swap":
        return [
            Move("use_ability", give=g, take=t)
            for g in RESOURCES
            for t in RESOURCES
            if g != t and held.resources.get(g, 0)
        ]
    if ability == "scout":
        if not can_take_quest(state, seat):
            return []
        return [Move("use_ability", value=v) for v, cards in state.quest_decks.items() if cards]
    return [Move("use_ability")]


def as_action(seat: int, move: Move) -> Action:
    """The action a complete move stands for (not `trade`)."""
    if move.type == "place":
        return Place(seat=seat, die=str(move.die), socket=str(move.socket))
    if move.type == "pass":
        return Pass(seat=seat)
    if move.type == "rabbit_step":
        return RabbitStep(seat=seat, to=str(move.to))
    if move.type == "choose":
        return Choose(seat=seat, option=str(move.option))
    if move.type == "play_item":
        return PlayItem(seat=seat, item=str(move.item), die=move.die, face=move.face)
    if move.type == "use_ability":
        return UseAbility(
            seat=seat,
            die=move.die,
            face=move.face,
            give=move.give,
            take=move.take,
            value=move.value,
        )
    raise ValueError(f"a {move.type!r} move is not a complete action")
