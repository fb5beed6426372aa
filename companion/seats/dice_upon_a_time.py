"""AI travellers for Dice Upon a Time, each deterministic under its seed.

    player = make_player("heuristic", seed=1)     # "random" | "heuristic" | "search"
    action = player.choose(state, seat)           # a legal action for `seat`, now

- `RandomPlayer`: a uniformly random legal move (trades left out).
- `HeuristicPlayer`: plans placements toward its quests. Every legal move is tried on a
  determinised copy of the state, the seat's own follow-up choices (move, city, king, fairy,
  horse, misfortune) are made greedily, and the result is scored by `evaluate`: AP now, the
  quests' AP discounted by how many sockets away their places are and how much of their price
  the seat holds, resources, items and tokens, and the dice left in its pool (so low dice are
  spent first).
- `SearchPlayer` (`dice_upon_a_time_search`): Monte Carlo over determinisations: the
  heuristic's best few moves, and a placement on each forest spirit, are each played out to
  the end of the chapter (every seat moving by a cheap policy) in the same sampled worlds, and
  the move with the best mean margin over the best opponent wins. Its work is a fixed number
  of playouts per move, so a seed replays exactly.

Players see what their seat may see: `determinise` replaces every hidden part of the state
(deck orders, other seats' magic items, face-down events, the seed behind future rolls) with a
sample before anything is tried, so the true hidden cards never steer a choice.
"""

import random
from collections import deque
from typing import Protocol

from companion.games.dice_upon_a_time import (
    Action,
    Board,
    Move,
    SeatState,
    State,
    apply,
    as_action,
    catalogue,
    coop_total,
    legal_moves,
    scores,
)
from companion.games.dice_upon_a_time.completion import open_quests

FOLLOW_UPS = ("move", "city", "king_draw", "king_keep", "fairy", "horse", "misfortune", "wolf")
BASIC = ("gold", "bread", "apple")
FAR = 8


class Player(Protocol):
    def choose(self, state: State, seat: int) -> Action: ...


def candidate_moves(state: State, seat: int) -> list[Move]:
    return [m for m in legal_moves(state, seat) if m.type != "trade"]


class RandomPlayer:
    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State, seat: int) -> Action:
        return as_action(seat, self.rng.choice(candidate_moves(state, seat)))


_DISTANCES: dict[int, tuple[Board, dict[str, dict[str, int]]]] = {}


def distances(board: Board) -> dict[str, dict[str, int]]:
    """Moves (sockets crossed, a horse ride counting one) between every two places."""
    cached = _DISTANCES.get(id(board))
    if cached is not None and cached[0] is board:
        return cached[1]
    table: dict[str, dict[str, int]] = {}
    for start in board.places:
        seen = {start: 0}
        queue = deque([start])
        while queue:
            place = queue.popleft()
            for other in (*board.neighbours(place), *board.horse_targets(place)):
                if other not in seen:
                    seen[other] = seen[place] + 1
                    queue.append(other)
        table[start] = seen
    _DISTANCES[id(board)] = (board, table)
    return table


def quest_prospect(
    held: SeatState, here: str, quest_id: str, dist: dict[str, dict[str, int]]
) -> float:
    """A quest's AP discounted by the road still to walk from `here` and the share of its
    price `held` holds."""
    quest = catalogue().quests[quest_id]
    steps = 0
    if quest.token and not held.resources.get(quest.token) and quest.pickup:
        steps = dist[here].get(quest.pickup, FAR) + dist[quest.pickup].get(quest.at or "", FAR)
    elif quest.at:
        steps = dist[here].get(quest.at, FAR)
    need = sum(quest.pay.values()) or 1
    spare = {r: held.resources.get(r, 0) for r in BASIC}
    covered = 0
    for resource, count in quest.pay.items():
        if resource != "any":
            got = min(count, spare.get(resource, 0))
            spare[resource] = spare.get(resource, 0) - got
            covered += got
    covered += min(quest.pay.get("any", 0), sum(max(0, n) for n in spare.values()))
    return float(quest.ap * (0.72**steps) * (0.35 + 0.65 * covered / need))


def evaluate(state: State, seat: int) -> float:
    """How well `seat` stands (higher is better); co-operatively the table's AP counts."""
    held = state.seats[seat]
    points = coop_total(state) if state.config.cooperative else scores(state)[seat]
    value = 12.0 * points
    if state.over:
        return value
    dist = distances(state.board)
    prospects = sorted(
        (quest_prospect(held, held.place, q, dist) for q in open_quests(state, seat)), reverse=True
    )
    value += 4.0 * sum(prospects[:4])
    value += 1.2 * sum(held.resources.get(r, 0) for r in BASIC)
    value += 3.0 * sum(n for r, n in held.resources.items() if r not in BASIC)
    value += 1.5 * len(held.items) + 1.0 * held.rabbit_tokens
    if not held.passed:
        value += 0.25 * sum(d.face if isinstance(d.face, int) else 6 for d in held.pool)
    if state.snake_holder == seat:
        value += 1.0
    return value


def determinise(state: State, seat: int, rng: random.Random) -> State:
    """The state with every part `seat` cannot see replaced by a sample consistent with what it
    can: decks reshuffled, others' magic items redrawn from the unseen ones, face-down events
    redrawn, and a fresh seed for future rolls."""
    unseen_items = list(state.item_deck)
    for other, held in enumerate(state.seats):
        if other != seat:
            unseen_items += held.items
    rng.shuffle(unseen_items)
    seats = list(state.seats)
    for other, held in enumerate(state.seats):
        if other != seat and held.items:
            count = len(held.items)
            seats[other] = held.model_copy(update={"items": tuple(unseen_items[:count])})
            unseen_items = unseen_items[count:]
    story = list(state.story_deck)
    rng.shuffle(story)
    decks = {}
    for value, deck in state.quest_decks.items():
        cards = list(deck)
        rng.shuffle(cards)
        decks[value] = tuple(cards)
    shown = state.events[: state.chapter]
    hidden_events = [e for e in sorted(catalogue().events) if e not in shown]
    rng.shuffle(hidden_events)
    events = (*shown, *hidden_events[: max(0, len(state.events) - len(shown))])
    config = state.config.model_copy(update={"seed": rng.getrandbits(48)})
    return state.model_copy(
        update={
            "seats": tuple(seats),
            "item_deck": tuple(unseen_items),
            "story_deck": tuple(story),
            "quest_decks": decks,
            "events": events,
            "config": config,
        }
    )


def settle(state: State, seat: int, depth: int = 4) -> State:
    """Make the seat's own follow-up choices greedily (each by `evaluate` one step ahead)."""
    while depth and state.pending and state.pending[0].seat == seat:
        if state.pending[0].kind not in FOLLOW_UPS:
            break
        moves = candidate_moves(state, seat)
        state = max(
            (apply(state, as_action(seat, m)) for m in moves),
            key=lambda after: evaluate(after, seat),
        )
        depth -= 1
    return state


def move_score(state: State, seat: int, move: Move) -> float:
    return evaluate(settle(apply(state, as_action(seat, move)), seat), seat)


class HeuristicPlayer:
    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def ranked(self, state: State, seat: int) -> list[tuple[float, Move]]:
        """Every candidate move with its score on one sampled world, best first."""
        moves = candidate_moves(state, seat)
        if len(moves) == 1:
            return [(0.0, moves[0])]
        world = determinise(state, seat, self.rng)
        scored = [(move_score(world, seat, m), i, m) for i, m in enumerate(moves)]
        scored.sort(key=lambda item: (-item[0], item[1]))
        return [(score, move) for score, _, move in scored]

    def choose(self, state: State, seat: int) -> Action:
        return as_action(seat, self.ranked(state, seat)[0][1])


def make_player(kind: str, seed: int = 0) -> Player:
    from companion.seats.dice_upon_a_time_search import SearchPlayer

    players: dict[str, type[RandomPlayer] | type[HeuristicPlayer] | type[SearchPlayer]] = {
        "random": RandomPlayer,
        "heuristic": HeuristicPlayer,
        "search": SearchPlayer,
    }
    if kind not in players:
        raise ValueError(f"unknown player {kind!r} (random, heuristic, search)")
    return players[kind](seed)
