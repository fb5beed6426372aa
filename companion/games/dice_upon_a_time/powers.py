"""Magic items (hidden until played, DU-8) and the characters' once-per-chapter abilities."""

from companion.games.base import InvalidAction, RuleViolation, seeded_rng
from companion.games.dice_upon_a_time.board import RESOURCES
from companion.games.dice_upon_a_time.cards import Face, catalogue
from companion.games.dice_upon_a_time.chapter import die_faces
from companion.games.dice_upon_a_time.effects import (
    apply_effect,
    can_take_quest,
    draw_quest,
    gain,
    pay,
)
from companion.games.dice_upon_a_time.state import Die, State
from companion.games.dice_upon_a_time.turn import advance

MIN_PIP, MAX_PIP = 1, 6


def own_time(state: State, seat: int) -> bool:
    """In the seat's turn, before its die (nothing pending) or at its finishing step."""
    if state.turn is None or state.turn.seat != seat or state.over:
        return False
    if not state.pending:
        return state.turn.step == "place"
    head = state.pending[0]
    return head.seat == seat and head.kind == "finish"


def _check_own_time(state: State, seat: int, what: str) -> None:
    if not own_time(state, seat):
        raise RuleViolation("DU-8", f"{what} only in your own turn, before or after your die")


def _refresh(state: State) -> State:
    """Drop a finishing step that is being asked, so it is asked again with fresh options."""
    if state.pending and state.pending[0].kind == "finish":
        state = state.model_copy(update={"pending": state.pending[1:]})
    return advance(state)


def _pool_die(state: State, seat: int, die_id: str | None) -> Die:
    die = next((d for d in state.seats[seat].pool if d.id == die_id), None)
    if die is None:
        raise InvalidAction(f"die {die_id!r} is not in seat {seat}'s pool")
    return die


def _set_face(state: State, seat: int, die: Die, face: Face) -> State:
    pool = tuple(
        d.model_copy(update={"face": face}) if d.id == die.id else d for d in state.seats[seat].pool
    )
    return state.seat(seat, pool=pool)


def play_item(state: State, seat: int, item: str, die_id: str | None, face: Face | None) -> State:
    _check_own_time(state, seat, "a magic item is played")
    held = state.seats[seat]
    if item not in held.items:
        raise InvalidAction(f"seat {seat} holds no magic item {item!r}")
    card = catalogue().items[item]
    if card.set_face:
        die = _pool_die(state, seat, die_id)
        if face not in settable_faces(die):
            raise InvalidAction(f"die {die.id} has no face {face!r}")
        state = _set_face(state, seat, die, face)
    state = state.seat(seat, items=tuple(i for i in held.items if i != item))
    state = apply_effect(state, seat, card.effect)
    state = state.model_copy(update={"item_discard": (*state.item_discard, item)})
    return _refresh(state)


def settable_faces(die: Die) -> tuple[Face, ...]:
    """Faces a pool die may be turned to: its own (the snake die in a pool: 4 or 5)."""
    return tuple(f for f in die_faces(die.id) if die.id != "snake" or isinstance(f, int))


def use_ability(
    state: State,
    seat: int,
    die_id: str | None,
    face: Face | None,
    give: str | None,
    take: str | None,
    value: int | None,
) -> State:
    _check_own_time(state, seat, "a character's ability is used")
    held = state.seats[seat]
    if held.ability_used:
        raise RuleViolation("DU-8", "the ability was already used this chapter")
    ability = catalogue().characters[held.character].ability
    if ability == "nudge":
        die = _pool_die(state, seat, die_id)
        if not (
            isinstance(die.face, int)
            and isinstance(face, int)
            and abs(face - die.face) == 1
            and MIN_PIP <= face <= MAX_PIP
        ):
            raise InvalidAction("nudge turns a number face one pip up or down (1 to 6)")
        state = _set_face(state, seat, die, face)
    elif ability == "reroll":
        die = _pool_die(state, seat, die_id)
        rng = seeded_rng(state.config.seed, f"reroll-{state.chapter}-{seat}")
        state = _set_face(state, seat, die, rng.choice(settable_faces(die)))
    elif ability == "swap":
        if give not in RESOURCES or take not in RESOURCES or give == take:
            raise InvalidAction("swap gives one resource for a different one")
        if not held.has({give: 1}):
            raise RuleViolation("DU-8", f"no {give} to swap")
        state = gain(pay(state, seat, {give: 1}), seat, {take: 1})
    elif ability == "scout":
        if value is None or not state.quest_decks.get(value):
            raise InvalidAction(f"no quest deck {value!r} with cards in it")
        if not can_take_quest(state, seat):
            raise RuleViolation("DU-8", "at most 4 unfinished quests")
        state = draw_quest(state, seat, value)
    else:
        state = gain(state, seat, {"bread": 1})
    return _refresh(state.seat(seat, ability_used=True))
