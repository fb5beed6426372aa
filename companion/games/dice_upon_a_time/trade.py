"""DU-11: players on the same place may exchange resources, quests, side and mini quests and
magic items, by agreement (an action records an agreed exchange)."""

from companion.games.base import InvalidAction, RuleViolation, check_seat
from companion.games.dice_upon_a_time.actions import Goods
from companion.games.dice_upon_a_time.cards import catalogue
from companion.games.dice_upon_a_time.effects import MAX_UNFINISHED, gain, pay
from companion.games.dice_upon_a_time.state import State

TRADABLE_STORY = ("side_quest", "mini_quest")


def _check_goods(state: State, seat: int, goods: Goods) -> None:
    held = state.seats[seat]
    if "any" in goods.resources:
        raise InvalidAction("a trade names the resources it moves ('any' is not one)")
    if any(n < 0 for n in goods.resources.values()) or not held.has(goods.resources):
        raise RuleViolation("DU-11", f"seat {seat} does not hold {goods.resources}")
    for quest in goods.quests:
        if quest not in held.quests:
            raise InvalidAction(f"seat {seat} holds no unfinished quest {quest!r}")
    for card in goods.story:
        if card not in held.story or catalogue().story[card].kind not in TRADABLE_STORY:
            raise InvalidAction(f"seat {seat} holds no side or mini quest {card!r}")
    for item in goods.items:
        if item not in held.items:
            raise InvalidAction(f"seat {seat} holds no magic item {item!r}")


def _move(state: State, giver: int, taker: int, goods: Goods) -> State:
    state = gain(pay(state, giver, goods.resources), taker, goods.resources)
    a, b = state.seats[giver], state.seats[taker]
    state = state.seat(
        giver,
        quests=tuple(q for q in a.quests if q not in goods.quests),
        story=tuple(c for c in a.story if c not in goods.story),
        items=tuple(i for i in a.items if i not in goods.items),
    )
    return state.seat(
        taker,
        quests=(*b.quests, *goods.quests),
        story=(*b.story, *goods.story),
        items=(*b.items, *goods.items),
    )


def trade(state: State, seat: int, partner: int, give: Goods, take: Goods) -> State:
    check_seat(partner, state.players)
    if state.over:
        raise RuleViolation("DU-9", "the game is over")
    if partner == seat:
        raise InvalidAction("a seat cannot trade with itself")
    if state.seats[seat].place != state.seats[partner].place:
        raise RuleViolation("DU-11", "only players on the same place may trade")
    if state.config.cooperative and (give.quests or take.quests):
        raise RuleViolation("DU-10", "co-operatively the quests are shared, not traded")
    _check_goods(state, seat, give)
    _check_goods(state, partner, take)
    state = _move(_move(state, seat, partner, give), partner, seat, take)
    for who in (seat, partner):
        if len(state.seats[who].quests) > MAX_UNFINISHED:
            raise RuleViolation("DU-8", f"seat {who} would hold more than 4 unfinished quests")
    return state
