"""DU-8, step 5 of DU-4: completing quests, fetching quest tokens, mini quests, lifting curses."""

from companion.games.base import RuleViolation
from companion.games.dice_upon_a_time.cards import Condition, Quest, catalogue
from companion.games.dice_upon_a_time.effects import apply_effect, gain, pay
from companion.games.dice_upon_a_time.state import State


def open_quests(state: State, seat: int) -> tuple[str, ...]:
    """The quests `seat` may work on: its own, or the shared row co-operatively (DU-10)."""
    return state.row if state.config.cooperative else state.seats[seat].quests


def completed_count(state: State, seat: int) -> int:
    return len(state.shared_done) if state.config.cooperative else len(state.seats[seat].done)


def held_story(state: State, seat: int) -> tuple[str, ...]:
    return state.shared_story if state.config.cooperative else state.seats[seat].story


def quest_ready(state: State, seat: int, quest: Quest) -> bool:
    held = state.seats[seat]
    return (quest.at is None or held.place == quest.at) and held.has(quest.cost())


def can_collect(state: State, seat: int, quest: Quest) -> bool:
    held = state.seats[seat]
    return (
        quest.pickup is not None
        and quest.token is not None
        and held.place == quest.pickup
        and held.resources.get(quest.token, 0) == 0
    )


def condition_met(state: State, seat: int, condition: Condition) -> bool:
    held = state.seats[seat]
    return (
        (condition.at is None or held.place == condition.at)
        and held.has({**condition.have, **condition.pay})
        and completed_count(state, seat) >= condition.completed
    )


def finish_options(state: State, seat: int) -> tuple[str, ...]:
    cat = catalogue()
    options = []
    for quest_id in open_quests(state, seat):
        quest = cat.quests[quest_id]
        if quest_ready(state, seat, quest):
            options.append(f"quest:{quest_id}")
        if can_collect(state, seat, quest):
            options.append(f"collect:{quest_id}")
    for card_id in held_story(state, seat):
        card = cat.story[card_id]
        condition = card.condition
        if card.kind in ("mini_quest", "curse") and condition is not None:
            if not condition_met(state, seat, condition):
                continue
            verb = "mini" if card.kind == "mini_quest" else "lift"
            options.append(f"{verb}:{card_id}")
    return (*options, "end")


def finish(state: State, seat: int, option: str) -> State:
    verb, _, card_id = option.partition(":")
    cat = catalogue()
    if verb == "quest":
        quest = cat.quests[card_id]
        state = pay(state, seat, quest.cost())
        if state.config.cooperative:
            row = tuple(q for q in state.row if q != card_id)
            return state.model_copy(
                update={"row": row, "shared_done": (*state.shared_done, card_id)}
            )
        held = state.seats[seat]
        quests = tuple(q for q in held.quests if q != card_id)
        return state.seat(seat, quests=quests, done=(*held.done, card_id))
    if verb == "collect":
        token = cat.quests[card_id].token
        assert token is not None
        return gain(state, seat, {token: 1})
    if verb in ("mini", "lift"):
        card = cat.story[card_id]
        assert card.condition is not None
        state = pay(state, seat, card.condition.pay)
        if card.reward is not None:
            state = apply_effect(state, seat, card.reward)
        return _discard_story(state, seat, card_id)
    raise RuleViolation("DU-8", f"unknown finishing step {option!r}")


def _discard_story(state: State, seat: int, card_id: str) -> State:
    if state.config.cooperative:
        shared = tuple(c for c in state.shared_story if c != card_id)
        state = state.model_copy(update={"shared_story": shared})
    else:
        story = tuple(c for c in state.seats[seat].story if c != card_id)
        state = state.seat(seat, story=story)
    return state.model_copy(update={"story_discard": (*state.story_discard, card_id)})
