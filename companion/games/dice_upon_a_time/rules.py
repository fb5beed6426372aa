"""`apply(state, action) -> State`: the one entry point that changes a game (purely)."""

from companion.games.base import RuleViolation, check_seat
from companion.games.dice_upon_a_time.actions import (
    Action,
    Choose,
    Pass,
    Place,
    PlayItem,
    RabbitStep,
    Trade,
    UseAbility,
)
from companion.games.dice_upon_a_time.powers import play_item, use_ability
from companion.games.dice_upon_a_time.state import State
from companion.games.dice_upon_a_time.trade import trade
from companion.games.dice_upon_a_time.turn import choose, pass_turn, place, rabbit_step


def apply(state: State, action: Action) -> State:
    """The state after `action`. Raises `RuleViolation` (with the DU rule id) or
    `InvalidAction`; `state` itself is never changed (states are frozen)."""
    check_seat(action.seat, state.players)
    if state.over:
        raise RuleViolation("DU-9", "the game is over")
    if isinstance(action, Place):
        return place(state, action.seat, action.die, action.socket)
    if isinstance(action, Pass):
        return pass_turn(state, action.seat)
    if isinstance(action, RabbitStep):
        return rabbit_step(state, action.seat, action.to)
    if isinstance(action, Choose):
        return choose(state, action.seat, action.option)
    if isinstance(action, PlayItem):
        return play_item(state, action.seat, action.item, action.die, action.face)
    if isinstance(action, UseAbility):
        return use_ability(
            state, action.seat, action.die, action.face, action.give, action.take, action.value
        )
    assert isinstance(action, Trade)
    return trade(state, action.seat, action.partner, action.give, action.take)
