"""The search traveller: Monte Carlo over determinisations, on top of the heuristic.

The heuristic ranks the seat's moves; the best `width` of them, and a placement with the
seat's lowest die on each forest spirit worth topping (the heuristic never sees what those
give at chapter end), are the candidates. Each is played in the same sampled worlds
(`determinise`, common to every candidate so that they are compared on equal luck): the seat's
follow-up choices settled, then every seat plays on by a cheap policy (`quick_action`) until
the end of the chapter (or `HORIZON` actions). The candidate whose worlds end with the best
mean margin (own standing minus the best opponent's, a standing being the heuristic's
evaluation plus what the spirits the seat tops will give; co-operatively the table's) wins;
the heuristic's rank breaks ties. The work is bounded by `rollouts` per move (split evenly
over the candidates, at least one world each), not by the clock, so a seed replays exactly.
"""

import random

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

HORIZON = 60
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


def die_worth(face: int | str) -> int:
    return face if isinstance(face, int) else 6


def spirit_moves(state: State, seat: int) -> list[Move]:
    """For each spirit socket, its placement with the seat's lowest die (the heuristic never
    looks at them: their reward comes at chapter end)."""
    worth = {d.id: die_worth(d.face) for d in state.seats[seat].pool}
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


def _socket_values(state: State, seat: int) -> dict[str, float]:
    """For each socket beside the figure: the best quest prospects among the places it would
    let the figure reach (a placement judged without playing it)."""
    held = state.seats[seat]
    dist = distances(state.board)
    quests = open_quests(state, seat)[:6]
    values: dict[str, float] = {}
    reach: dict[str, float] = {}
    for socket, spec in state.board.sockets.items():
        if held.place not in spec.touches:
            continue
        for place in spec.touches:
            if place not in reach:
                reach[place] = sum(quest_prospect(held, place, q, dist) for q in quests)
        values[socket] = max(reach[p] for p in spec.touches)
    return values


def quick_action(state: State, seat: int, rng: random.Random) -> Action:
    """The rollout policy: a placement beside the figure toward its quests (the lowest die
    that fits, other sockets only when none is beside it), choices by one-step evaluation."""
    moves = candidate_moves(state, seat)
    places = [m for m in moves if m.type == "place"]
    if places:
        values = _socket_values(state, seat)
        faces = {d.id: die_worth(d.face) for d in state.seats[seat].pool}

        def score(move: Move) -> float:
            return values.get(str(move.socket), -1.0) - 0.25 * faces[str(move.die)]

        return as_action(seat, max(places, key=score))
    choices = [m for m in moves if m.type == "choose"]
    if choices:
        best = max(choices, key=lambda m: evaluate(apply(state, as_action(seat, m)), seat))
        return as_action(seat, best)
    return as_action(seat, rng.choice(moves))


def rollout(state: State, seat: int, rng: random.Random) -> State:
    """Play on by `quick_action` until the chapter ends (or the horizon)."""
    chapter = state.chapter
    for _ in range(HORIZON):
        if state.over or state.chapter != chapter:
            break
        actor = state.pending[0].seat if state.pending else state.turn.seat if state.turn else 0
        state = apply(state, quick_action(state, actor, rng))
    return state


class SearchPlayer:
    """`width` heuristic moves (plus the spirit placements) searched with `rollouts` playouts
    per move in all."""

    def __init__(self, seed: int = 0, width: int = 3, rollouts: int = 4) -> None:
        self.rng = random.Random(seed)
        self.heuristic = HeuristicPlayer(seed)
        self.width = width
        self.rollouts = rollouts

    def candidates(self, state: State, seat: int) -> list[Move]:
        ranked = [move for _, move in self.heuristic.ranked(state, seat)]
        if len(ranked) == 1 or (state.pending and state.pending[0].kind != "finish"):
            return ranked[:1]
        top = ranked[: self.width]
        if not state.pending:
            top += [m for m in spirit_moves(state, seat) if m not in top]
        return top

    def choose(self, state: State, seat: int) -> Action:
        top = self.candidates(state, seat)
        if len(top) == 1:
            return as_action(seat, top[0])
        totals = [0.0] * len(top)
        for _ in range(max(1, self.rollouts // len(top))):
            world = determinise(state, seat, self.rng)
            for index, move in enumerate(top):
                after = settle(apply(world, as_action(seat, move)), seat)
                totals[index] += margin(rollout(after, seat, self.rng), seat)
        best = max(range(len(top)), key=lambda i: (totals[i], -i))
        return as_action(seat, top[best])
