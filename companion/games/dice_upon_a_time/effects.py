"""Draws and effects: decks (reshuffled from their discards), resources, story cards (DU-8)."""

from companion.games.base import shuffled
from companion.games.dice_upon_a_time.board import RESOURCES
from companion.games.dice_upon_a_time.cards import Effect, catalogue
from companion.games.dice_upon_a_time.state import Pending, State

MAX_UNFINISHED = 4


def _draw(state: State, deck: str, discard: str) -> tuple[str | None, State]:
    """The top card of `deck`; an empty deck is first refilled by shuffling `discard`."""
    cards: tuple[str, ...] = getattr(state, deck)
    if not cards:
        spent: tuple[str, ...] = getattr(state, discard)
        if not spent:
            return None, state
        cards = shuffled(spent, state.config.seed, f"{deck}-reshuffle-{state.reshuffles}")
        state = state.model_copy(update={discard: (), "reshuffles": state.reshuffles + 1})
    return cards[0], state.model_copy(update={deck: cards[1:]})


def gain(state: State, seat: int, resources: dict[str, int]) -> State:
    held = dict(state.seats[seat].resources)
    for resource, count in resources.items():
        held[resource] = held.get(resource, 0) + count
    return state.seat(seat, resources=held)


def pay(state: State, seat: int, cost: dict[str, int]) -> State:
    """Return `cost` to the supply; "any" takes what the seat holds most of (gold, bread,
    apple order on a tie). The caller has checked the seat can pay."""
    held = dict(state.seats[seat].resources)
    for resource, count in cost.items():
        if resource != "any":
            held[resource] = held.get(resource, 0) - count
    for _ in range(cost.get("any", 0)):
        most = max(RESOURCES, key=lambda r: (held.get(r, 0), -RESOURCES.index(r)))
        held[most] -= 1
    return state.seat(seat, resources={r: n for r, n in held.items() if n})


def draw_item(state: State, seat: int) -> State:
    card, state = _draw(state, "item_deck", "item_discard")
    if card is None:
        return state
    return state.seat(seat, items=(*state.seats[seat].items, card))


def can_take_quest(state: State, seat: int) -> bool:
    return len(state.seats[seat].quests) < MAX_UNFINISHED


def draw_quest(state: State, seat: int, value: int) -> State:
    """The top quest of deck `value` joins the seat's quests (DU-8: at most 4 unfinished)."""
    deck = state.quest_decks.get(value, ())
    if not deck or not can_take_quest(state, seat):
        return state
    decks = {**state.quest_decks, value: deck[1:]}
    state = state.model_copy(update={"quest_decks": decks})
    return state.seat(seat, quests=(*state.seats[seat].quests, deck[0]))


def fullest_deck(state: State) -> int | None:
    """The deck an effect that just says "draw a quest" draws from: the one with most cards."""
    filled = [(len(cards), -value, value) for value, cards in state.quest_decks.items() if cards]
    return max(filled)[2] if filled else None


def feasible(state: State, seat: int, effect: Effect) -> bool:
    held = state.seats[seat]
    return (
        held.has(effect.lose)
        and len(held.items) >= effect.discard_items
        and len(held.pool) >= effect.lose_dice
    )


def apply_effect(state: State, seat: int, effect: Effect) -> State:
    state = gain(state, seat, effect.gain)
    state = pay(state, seat, effect.lose)
    for _ in range(effect.draw_items):
        state = draw_item(state, seat)
    for _ in range(effect.discard_items):
        items = state.seats[seat].items
        if items:
            state = state.seat(seat, items=items[1:])
            state = state.model_copy(update={"item_discard": (*state.item_discard, items[0])})
    for _ in range(effect.draw_quests):
        value = fullest_deck(state)
        if value is not None and not state.config.cooperative:
            state = draw_quest(state, seat, value)
    if effect.rabbit_tokens:
        tokens = state.seats[seat].rabbit_tokens + effect.rabbit_tokens
        state = state.seat(seat, rabbit_tokens=tokens)
    if effect.lose_dice:
        pool = sorted(state.seats[seat].pool, key=lambda d: (_value(d.face), d.id))
        lost = tuple(pool[: effect.lose_dice])
        kept = tuple(d for d in state.seats[seat].pool if d not in lost)
        state = state.seat(seat, pool=kept, aside=(*state.seats[seat].aside, *lost))
    if effect.go_to:
        state = state.seat(seat, place=effect.go_to)
    return state


def _value(face: int | str) -> int:
    return face if isinstance(face, int) else 6


def draw_story(state: State, seat: int) -> State:
    """DU-8: draw a story card and read it out. Luck resolves; misfortune asks which option
    when both can be done (the one that can, otherwise); the rest are kept (shared in the
    co-operative game). Co-operatively a luck card that only draws a quest is replaced."""
    cat = catalogue()
    for _ in range(len(cat.story) + 1):
        card_id, state = _draw(state, "story_deck", "story_discard")
        if card_id is None:
            return state
        card = cat.story[card_id]
        pointless = card.effect is not None and card.effect.draw_quests > 0
        if not (state.config.cooperative and card.kind == "luck" and pointless):
            break
        state = state.model_copy(update={"story_discard": (*state.story_discard, card_id)})
    else:
        return state
    if card.kind == "luck":
        assert card.effect is not None
        state = apply_effect(state, seat, card.effect)
        return state.model_copy(update={"story_discard": (*state.story_discard, card_id)})
    if card.kind == "misfortune":
        return _misfortune(state, seat, card_id)
    if state.config.cooperative:
        return state.model_copy(update={"shared_story": (*state.shared_story, card_id)})
    return state.seat(seat, story=(*state.seats[seat].story, card_id))


def _misfortune(state: State, seat: int, card_id: str) -> State:
    options = catalogue().story[card_id].options
    assert options is not None
    doable = [str(i) for i, option in enumerate(options) if feasible(state, seat, option)]
    if len(doable) == 2:
        ask = Pending(seat=seat, kind="misfortune", options=("0", "1"), card=card_id)
        return state.model_copy(update={"pending": (*state.pending, ask)})
    if doable:
        state = apply_effect(state, seat, options[int(doable[0])])
    return state.model_copy(update={"story_discard": (*state.story_discard, card_id)})


def resolve_misfortune(state: State, seat: int, card_id: str, option: int) -> State:
    options = catalogue().story[card_id].options
    assert options is not None
    state = apply_effect(state, seat, options[option])
    return state.model_copy(update={"story_discard": (*state.story_discard, card_id)})
