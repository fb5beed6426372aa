"""Determinised Monte Carlo search for Sleeping Queens (see `sleeping_queens` for the players).

One decision: the candidates are the legal moves, the greedy move first, with the kings (and
wakes) aimed at positions whose queen no one knows folded into one (they are alike to the seat).
Each round samples one world consistent with what the seat sees (`determinise`: a card a jester
just put into a hand left there, the other unseen cards dealt at random into the other hands and
the draw pile, the unknown queens shuffled among their places), plays every candidate in that
same world and lets every seat play greedily until `horizon` (4) turns after the decision have
begun or the game ends, then scores the world for the seat (`evaluate`: 1 or 0 at the end; else
the gap in progress towards the goal, plus a little for useful cards in hand, squashed into
0..1). Playing all candidates in the same worlds (common random numbers) measures their
differences with far less noise than their values. The greedy move stands unless another did
better by at least `MIN_GAP` on average and `Z_SCORE` standard errors. Budget: `iterations`
rollouts (one per candidate per world) and `budget_ms`, whichever ends first; at least one world
is played.
Blocks are not searched: a dragon or wand has no other use, so the seat blocks when it can.
"""

import math
import random
import time

from companion.games.sleeping_queens import (
    Action,
    Block,
    King,
    State,
    Wake,
    apply,
    legal_moves,
    sleeping_queens_deck,
)
from companion.seats.sleeping_queens import Why, greedy_move, shown_in_hands, why_of

DEFAULT_ITERATIONS = 60
DEFAULT_BUDGET_MS = 150.0
HORIZON_TURNS = 4
MIN_GAP = 0.02
Z_SCORE = 2.0
_HAND_WORTH = {"king": 0.06, "knight": 0.05, "jester": 0.02, "potion": 0.03}


class SearchPlayer:
    name = "search"

    def __init__(
        self,
        seed: int = 0,
        iterations: int | None = DEFAULT_ITERATIONS,
        budget_ms: float | None = DEFAULT_BUDGET_MS,
        horizon: int = HORIZON_TURNS,
    ) -> None:
        if iterations is None and budget_ms is None:
            raise ValueError("a search needs a budget: iterations, milliseconds or both")
        self.seed = seed
        self.iterations = iterations
        self.budget_ms = budget_ms
        self.horizon = horizon
        self.last_iterations = 0  # rollouts played for the last move
        self.last_cut_short = False  # whether the time budget stopped it
        self.last_why: Why | None = None  # the chosen move's public purpose (`why_of`)

    def choose(self, state: State, seat: int) -> Action:
        move = self._choose(state, seat)
        self.last_why = why_of(state, move)
        return move

    def _choose(self, state: State, seat: int) -> Action:
        self.last_iterations, self.last_cut_short = 0, False
        moves = legal_moves(state, seat)
        if not moves:
            raise ValueError(f"seat {seat} has nothing to do now")
        blocks = [move for move in moves if isinstance(move, Block)]
        if blocks:
            return blocks[0]
        candidates = _candidates(state, moves, greedy_move(state, seat))
        if len(candidates) == 1:
            return candidates[0]
        rng = random.Random(f"{self.seed}/{state.turn_number}/{seat}/{state.pending}")
        return self._search(state, seat, candidates, rng)

    def sample_world(self, state: State, seat: int, rng: random.Random) -> State:
        """One world the seat cannot tell from the true one (`determinise`)."""
        return determinise(state, seat, rng)

    def _search(
        self, state: State, seat: int, candidates: list[Action], rng: random.Random
    ) -> Action:
        """Every candidate is played in the same sampled worlds (common random numbers: the
        gaps between candidates are measured with far less noise than their values), world
        after world until the budget is spent. The greedy choice (first) stands unless
        another candidate did better by a clear margin (`_clear_gap`)."""
        start = time.perf_counter()
        deadline = None if self.budget_ms is None else start + self.budget_ms / 1000
        limit = self.iterations if self.iterations is not None else 1_000_000
        scores: list[list[float]] = [[] for _ in candidates]
        stop = state.turn_number + self.horizon  # the same horizon for every candidate
        done = 0
        while done + len(candidates) <= max(limit, len(candidates)):
            # stop before a world that would likely end past the deadline
            worlds = done // len(candidates)
            if deadline is not None and worlds:
                now = time.perf_counter()
                if now + (now - start) / worlds > deadline:
                    self.last_cut_short = True
                    break
            world = self.sample_world(state, seat, rng)
            for index, candidate in enumerate(candidates):
                after = apply(world, candidate)
                scores[index].append(evaluate(_play_out(after, stop), seat))
            done += len(candidates)
        self.last_iterations = done
        gaps = [_clear_gap(scores[0], other) for other in scores]
        best = max(range(len(candidates)), key=lambda i: (gaps[i], -i))
        return candidates[best] if gaps[best] > 0 else candidates[0]


def _clear_gap(base: list[float], other: list[float]) -> float:
    """How much better `other` did than `base` in the same worlds, when the gap is clear: at
    least `MIN_GAP` on average and `Z_SCORE` standard errors above zero; else 0."""
    gaps = [b - a for a, b in zip(base, other, strict=True)]
    count = len(gaps)
    mean = sum(gaps) / count
    if count < 2 or mean < MIN_GAP:
        return 0.0
    variance = sum((gap - mean) ** 2 for gap in gaps) / (count - 1)
    error = math.sqrt(variance / count)
    return mean if error == 0 or mean / error >= Z_SCORE else 0.0


def _candidates(state: State, moves: tuple[Action, ...], greedy: Action) -> list[Action]:
    """The greedy move first, then the others, with wakes aimed at unknown positions folded
    into one (which queen lies there is sampled anyway)."""
    seen_unknown: set[str] = set()
    out: list[Action] = [greedy]
    for move in moves:
        if isinstance(move, King | Wake) and not state.known[move.position]:
            if move.type in seen_unknown:
                continue
            seen_unknown.add(move.type)
            if isinstance(greedy, King | Wake) and not state.known[greedy.position]:
                continue  # the greedy move stands for them
        if move != greedy:
            out.append(move)
    return out


def determinise(state: State, seat: int, rng: random.Random) -> State:
    """A world `seat` cannot tell from the true one: a card everyone saw go into a hand (a
    jester's, `shown_in_hands`) left there, the other cards it cannot see (other hands and
    the draw pile) dealt at random in their public sizes, the queens whose places no one knows
    shuffled among those places, and a fresh seed for later reshuffles."""
    deck = sleeping_queens_deck()
    shown = shown_in_hands(state, seat)
    visible = set(state.hands[seat]) | set(state.discard) | set(shown.values())
    unseen = [card for card in deck.cards if card not in visible]
    rng.shuffle(unseen)
    hands = list(state.hands)
    taken = 0
    for other in range(state.players):
        if other != seat:
            known = (shown[other],) if other in shown else ()
            size = len(state.hands[other]) - len(known)
            hands[other] = (*known, *unseen[taken : taken + size])
            taken += size
    places = [p for p, q in enumerate(state.sleeping) if q is not None and not state.known[p]]
    # sorted first: the sample must not depend on where the queens truly lie
    queens = sorted(q for p in places if (q := state.sleeping[p]) is not None)
    rng.shuffle(queens)
    sleeping = list(state.sleeping)
    for place, queen in zip(places, queens, strict=True):
        sleeping[place] = queen
    config = state.config.model_copy(update={"seed": rng.getrandbits(32)})
    return state.model_copy(
        update={
            "config": config,
            "hands": tuple(hands),
            "draw_pile": tuple(unseen[taken:]),
            "sleeping": tuple(sleeping),
        }
    )


def _play_out(state: State, stop: int) -> State:
    """Every seat plays greedily until turn number `stop` begins or the game ends."""
    while not state.over and state.turn_number < stop:
        acting = state.acting_seat()
        assert acting is not None
        state = apply(state, greedy_move(state, acting))
    return state


def evaluate(state: State, seat: int) -> float:
    """1 for a win (shared on a tie), 0 for a loss; before the end, 0..1 by how much closer
    to the goal the seat is than the best other seat (queens or points, whichever is nearer,
    plus a little for the useful cards in hand)."""
    if state.over:
        return 1.0 / len(state.winners) if seat in state.winners else 0.0
    progress = [_progress(state, s) for s in range(state.players)]
    lead = progress[seat] - max(p for s, p in enumerate(progress) if s != seat)
    return 0.5 + 0.5 * math.tanh(2.0 * lead)


def _progress(state: State, seat: int) -> float:
    deck = sleeping_queens_deck()
    goal = state.goal
    held = max(len(state.awake[seat]) / goal.queens, state.points(seat) / goal.points)
    hand = sum(_HAND_WORTH.get(deck.kind[card], 0.0) for card in state.hands[seat])
    guards = sum(deck.kind[card] in ("dragon", "wand") for card in state.hands[seat])
    return held + hand + (0.03 * guards if state.awake[seat] else 0.0)
