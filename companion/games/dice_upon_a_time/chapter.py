"""Chapters (DU-2, DU-6, DU-9): rolling the pools, the event, the forest spirits at the end,
the dice coming home, and whether the game is over."""

from companion.games.base import seats_from, seeded_rng
from companion.games.dice_upon_a_time.board import RESOURCES
from companion.games.dice_upon_a_time.cards import Face, catalogue
from companion.games.dice_upon_a_time.effects import apply_effect, gain
from companion.games.dice_upon_a_time.state import SNAKE, Die, FoxDie, Pending, State, Turn

DICE_PER_PLAYER = 5


def die_faces(die_id: str) -> tuple[Face, ...]:
    cat = catalogue()
    if die_id == SNAKE:
        return cat.snake_die
    return cat.player_dice[int(die_id.split(".")[1]) - 1]


def die_ids(seat: int) -> tuple[str, ...]:
    return tuple(f"{seat}.{n}" for n in range(1, DICE_PER_PLAYER + 1))


def face_value(face: Face) -> int:
    """DU-3: icons count as 6."""
    return face if isinstance(face, int) else 6


def start_chapter(state: State) -> State:
    """DU-2: characters face up, every die rolled (fox dice are set instead, DU-6), the snake
    die rolled for its holder, the chapter's event revealed and done, the start player on."""
    rng = seeded_rng(state.config.seed, f"roll-{state.chapter}")
    fox = {fox_die.id: fox_die for fox_die in state.fox}
    asks: list[Pending] = []
    for seat in range(state.players):
        pool = []
        for die_id in die_ids(seat):
            face = rng.choice(die_faces(die_id))
            pool.append(Die(id=die_id, owner=seat, face=face))
            if die_id in fox:
                options = tuple(str(f) for f in die_faces(die_id))
                asks.append(
                    Pending(seat=fox[die_id].setter, kind="fox", options=options, card=die_id)
                )
        state = state.seat(seat, pool=tuple(pool), aside=(), passed=False, ability_used=False)
    state = state.model_copy(update={"wolf_used": False, "fox": ()})
    if state.snake_holder is not None:
        state, ask = _snake_die(state, state.snake_holder, fox.get(SNAKE))
        asks += ask
    event_id = state.events[state.chapter - 1] if state.chapter <= len(state.events) else None
    state = state.model_copy(update={"event": event_id})
    event = catalogue().events[event_id] if event_id else None
    if event is not None and event.each is not None:
        for seat in seats_from(state.start_player, state.players):
            state = apply_effect(state, seat, event.each)
    turn = Turn(seat=state.start_player)
    return state.model_copy(update={"turn": turn, "pending": (*state.pending, *asks)})


def _snake_die(state: State, holder: int, fox: FoxDie | None) -> tuple[State, list[Pending]]:
    """DU-6: 4 or 5 joins the holder's pool; S is lost; a resource face gives that resource and
    is lost. Set on the fox, the die's setter picks the face (asked before it is resolved)."""
    if fox is not None:
        options = tuple(str(f) for f in catalogue().snake_die)
        return state, [Pending(seat=fox.setter, kind="fox", options=options, card=SNAKE)]
    face = seeded_rng(state.config.seed, f"snake-{state.chapter}").choice(catalogue().snake_die)
    return resolve_snake_face(state, holder, face), []


def resolve_snake_face(state: State, holder: int, face: Face) -> State:
    if isinstance(face, int):
        snake = Die(id=SNAKE, owner=holder, face=face)
        return state.seat(holder, pool=(*state.seats[holder].pool, snake))
    if face in RESOURCES:
        state = gain(state, holder, {str(face): 1})
    return state


def next_turn(state: State) -> State:
    """The next seat clockwise that still has dice and has not passed, or the chapter's end."""
    current = state.turn.seat if state.turn else state.start_player
    for seat in seats_from((current + 1) % state.players, state.players):
        if state.seats[seat].active:
            return state.model_copy(update={"turn": Turn(seat=seat)})
    return end_chapter(state)


def top_owner(state: State, socket: str) -> int | None:
    stack = state.sockets.get(socket, ())
    return stack[-1].owner if stack else None


def end_chapter(state: State) -> State:
    """DU-6 then DU-2: the rabbit's top die takes the start player and a rabbit token (nobody
    there: it stays), the snake's top die takes the snake die, fox dice are kept aside; then
    every die goes home and, unless the game is over (DU-9), the next chapter starts."""
    rabbit = top_owner(state, "rabbit")
    snake = top_owner(state, "snake")
    if rabbit is not None:
        tokens = state.seats[rabbit].rabbit_tokens + 1
        state = state.seat(rabbit, rabbit_tokens=tokens).model_copy(update={"start_player": rabbit})
    fox = []
    for socket, stack in state.sockets.items():
        if socket.startswith("fox.") and stack:
            die = stack[-1]
            owner = die.owner if die.id != SNAKE else snake
            if owner is not None:
                fox.append(FoxDie(id=die.id, owner=owner, setter=die.owner))
    state = state.model_copy(
        update={"sockets": {}, "snake_holder": snake, "fox": tuple(fox), "turn": None}
    )
    for seat in range(state.players):
        state = state.seat(seat, pool=(), aside=())
    if game_finished(state):
        return state.model_copy(update={"over": True})
    return start_chapter(state.model_copy(update={"chapter": state.chapter + 1}))


def game_finished(state: State) -> bool:
    """DU-9: after chapter 3 (short), 6 (normal); long: once the quest decks are empty (the
    shared row is done, co-operatively), or after our cap."""
    lengths = catalogue().lengths
    length = state.config.length
    if length != "long":
        return state.chapter >= lengths.chapters[length]
    if state.chapter >= lengths.long_cap:
        return True
    if state.config.cooperative:
        return not state.row
    return not any(state.quest_decks.values())
