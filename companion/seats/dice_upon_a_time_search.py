"""The search traveller: Monte Carlo over determinisations, on top of the heuristic.

The heuristic ranks the seat's moves; the best `width` of them, and a placement with the
seat's lowest die on each forest spirit worth topping (the heuristic never sees what those
give at chapter end), are each played in `samples` sampled worlds (`determinise`): the seat's
follow-up choices settled, then every seat plays on by a cheap policy (`quick_action`) until
the seat's next turn or the chapter's end. The move whose worlds end with the best mean margin
(own standing minus the best opponent's, a standing being the heuristic's evaluation plus what
the spirits the seat tops will give; co-operatively the table's) is chosen. Bounded by
`budget_ms` per move as well.
"""

import random
import time

from companion.games.dice_upon_a_time import Action, Move, State, apply, as_action
from companion.games.dice_upon_a_time.completion import open_quests
from companion.seats.dice_upon_a_time import (
    HeuristicPlayer,
    candidate_moves,
    determinise,
    distances,
    evaluate,
    quest_prospect,
    settle,
)

HORIZON = 40
# What topping a forest spirit's socket is worth at chapter end (DU-6): the start player and
# a rabbit token, a die more next chapter, a die set to any face next chapter.
SPIRIT_WORTH = {"rabbit": 1.5, "snake": 3.0, "fox": 1.0}


def spirit_bonus(state: State, seat: int) -> float:
    bonus = 0.0
    for socket, stack in state.sockets.items():
        spirit = state.board.sockets[socket].spirit
        if spirit in SPIRIT_WORTH and stack and stack[-1].owner == seat:
            bonus += SPIRIT_WORTH[str(spirit)]
    return bonus


def spirit_moves(state: State, seat: int) -> list[Move]:
    """For each spirit socket, its placement with the seat's lowest die (the heuristic never
    looks at them: their reward comes at chapter end)."""
    held = state.seats[seat]
    worth = {d.id: (d.face if isinstance(d.face, int) else 6) for d in held.pool}
    best: dict[str, Move] = {}
    for move in candidate_moves(state, seat):
        socket = str(move.socket)
        if move.type != "place" or state.board.sockets[socket].spirit not in SPIRIT_WORTH:
            continue
        if socket not in best or worth[str(move.die)] < worth[str(best[socket].die)]:
            best[socket] = move
    return list(best.values())


def standing(state: State, seat: int) -> float:
    return evaluate(state, seat) + spirit_bonus(state, seat)


def margin(state: State, seat: int) -> float:
    own = standing(state, seat)
    if state.config.cooperative:
        return own
    others = [standing(state, s) for s in range(state.players) if s != seat]
    return own - max(others)


def _place_score(state: State, seat: int, move: Move) -> float:
    """A placement judged without playing it: the best quest prospect among the places the
    socket would let the figure reach, less the die's worth."""
    held = state.seats[seat]
    die = next(d for d in held.pool if d.id == move.die)
    spent = 0.25 * (die.face if isinstance(die.face, int) else 6)
    spec = state.board.sockets[str(move.socket)]
    if held.place not in spec.touches:
        return -spent - 1.0
    dist = distances(state.board)
    quests = open_quests(state, seat)[:6]
    best = 0.0
    for place in spec.touches:
        moved = state.seat(seat, place=place)
        best = max(best, sum(quest_prospect(moved, seat, q, dist) for q in quests))
    return best - spent


def quick_action(state: State, seat: int, rng: random.Random) -> Action:
    """The rollout policy: placements by `_place_score`, choices by one-step evaluation."""
    moves = candidate_moves(state, seat)
    places = [m for m in moves if m.type == "place"]
    if places:
        return as_action(seat, max(places, key=lambda m: _place_score(state, seat, m)))
    choices = [m for m in moves if m.type == "choose"]
    if choices:
        best = max(choices, key=lambda m: evaluate(apply(state, as_action(seat, m)), seat))
        return as_action(seat, best)
    return as_action(seat, rng.choice(moves))


def rollout(state: State, seat: int, rng: random.Random) -> State:
    """Play on until `seat`'s next turn begins, the chapter ends, or the horizon."""
    chapter = state.chapter
    for _ in range(HORIZON):
        if state.over or state.chapter != chapter:
            break
        turn = state.turn
        if not state.pending and turn is not None and turn.seat == seat and turn.step == "place":
            break
        actor = state.pending[0].seat if state.pending else state.turn.seat if state.turn else 0
        state = apply(state, quick_action(state, actor, rng))
    return state


class SearchPlayer:
    def __init__(
        self, seed: int = 0, width: int = 4, samples: int = 3, budget_ms: float = 150.0
    ) -> None:
        self.rng = random.Random(seed)
        self.heuristic = HeuristicPlayer(seed)
        self.width = width
        self.samples = samples
        self.budget_ms = budget_ms

    def choose(self, state: State, seat: int) -> Action:
        started = time.perf_counter()
        ranked = self.heuristic.ranked(state, seat)
        top = [move for _, move in ranked[: self.width]]
        if len(top) == 1 or (state.pending and state.pending[0].kind != "finish"):
            return as_action(seat, top[0])
        totals = dict.fromkeys(range(len(top)), 0.0)
        rounds = 0
        while rounds < self.samples:
            world = determinise(state, seat, self.rng)
            for index, move in enumerate(top):
                after = settle(apply(world, as_action(seat, move)), seat)
                totals[index] += margin(rollout(after, seat, self.rng), seat)
            rounds += 1
            if (time.perf_counter() - started) * 1000 > self.budget_ms:
                break
        best = max(totals, key=lambda i: (totals[i], -i))
        return as_action(seat, top[best])
