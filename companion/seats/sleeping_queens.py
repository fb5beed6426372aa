"""AI players for Sleeping Queens in three strengths, each deterministic under its seed.

    player = make_player("search", seed=1)          # "random" | "greedy" | "search"
    action = player.choose(state, seat)             # a legal action for `seat`, now

- `RandomPlayer`: a uniformly random legal action.
- `GreedyPlayer`: scores every legal action by the progress towards the goal (queens or points,
  whichever is nearer) that it brings at once (`move_score`): a queen woken counts for the seat,
  a queen stolen twice (the seat gains, her owner loses), a queen put to sleep for her owner;
  knights and potions are weighed by the chance that the target holds no dragon or wand (counted
  from the unseen cards; none when a jester just put one in that hand for all to see,
  `shown_in_hands`). A Rose Queen at a known place counts her second wake. A king aimed where no
  one knows who sleeps is worth the average over the queens that may lie there (a rival of a
  queen the seat holds, SQ-8, brings nothing). Winning now outweighs all; taking a queen from a
  seat on the brink of winning (any queen woken would make it win) counts `THREAT` more; a
  jester counts its chance of reaching a seat on the brink (SQ-6). A jester comes before
  discarding one number, discarding more numbers before fewer; always blocks.
- `SearchPlayer` (`sleeping_queens_search`): determinised Monte Carlo search over sampled
  hidden cards with greedy rollouts, keeping the greedy move unless another is clearly
  better. Bounded by a budget of rollouts and of milliseconds per move (deterministic under
  its seed when the milliseconds are not what stops it).

After `choose`, `player.last_why` says why (`Why`: a reason of `REASONS` and the seat it is
about, "to stop Ana winning"): the public purpose of the move in the terms the greedy scoring
weighs (`why_of`), read from the move and the public table only, never from a hand; the
random player says it picked at random. The table service puts it in the AI move's event.

Players see what their seat may see: their own hand and the public table. The greedy policy
reads nothing else; the search player replaces every hidden part of the state by a sample
before it looks (`determinise`), so the true hidden cards never steer it.
"""

import random
from dataclasses import dataclass
from typing import Any, Protocol

from companion.games.sleeping_queens import (
    Action,
    Allow,
    Block,
    Discard,
    Jester,
    King,
    Knight,
    Potion,
    State,
    Wake,
    legal_moves,
    sleeping_queens_deck,
)

# Last-resort discards (SQ-2): what a card is worth keeping, lowest thrown first.
_KEEP = {"potion": 0.2, "knight": 0.3, "wand": 0.4, "dragon": 0.5}
WIN_BONUS = 100.0


class Player(Protocol):
    name: str
    last_why: "Why | None"  # why its last move, in public terms (`Why`)

    def choose(self, state: State, seat: int) -> Action: ...


@dataclass(frozen=True, slots=True)
class Why:
    """Why an AI player made a move, for the table to read: a `reason` (one of `REASONS`) and
    the seat it is about (`about`: the seat kept from winning, the seat a queen is taken
    from). Built from the move and the public table only (`why_of`), so it tells nothing of a
    hand: "it held a dragon" is never a reason before the dragon is played."""

    reason: str
    about: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"reason": self.reason, "about": self.about}


REASONS = (
    "win",  # the move wins the game now
    "stop",  # takes a queen from a seat that any queen woken would make win
    "catch_up",  # a knight or potion against the seat furthest ahead
    "steal",  # a knight for the best queen it could take
    "slow",  # a potion against a seat that is not the furthest ahead
    "best_queen",  # a king (or wake) for a queen everyone knows lies there
    "unseen_queen",  # a king (or wake) for a queen no one has seen
    "dig",  # numbers thrown away to draw new cards (and dig for a king)
    "luck",  # a jester: a new card, or a queen for the seat the count reaches
    "stuck",  # the last resort (SQ-2): nothing else could be played
    "defend",  # a dragon or a wand played to keep a queen
    "chance",  # the gentle player: it picked at random
)


def _moves(state: State, seat: int) -> tuple[Action, ...]:
    moves = legal_moves(state, seat)
    if not moves:
        raise ValueError(f"seat {seat} has nothing to do now")
    return moves


class RandomPlayer:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.last_why: Why | None = None

    def choose(self, state: State, seat: int) -> Action:
        rng = random.Random(f"{self.seed}/{state.turn_number}/{seat}/{state.pending}")
        self.last_why = Why("chance")
        return rng.choice(_moves(state, seat))


class GreedyPlayer:
    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed  # unused: the greedy policy is deterministic
        self.last_why: Why | None = None

    def choose(self, state: State, seat: int) -> Action:
        move = greedy_move(state, seat)
        self.last_why = why_of(state, move)
        return move


def greedy_move(state: State, seat: int) -> Action:
    """The legal action with the best `move_score` (the first listed on a tie)."""
    moves = _moves(state, seat)
    if len(moves) == 1:
        return moves[0]
    seen = Seen.of(state, seat)
    return max(_distinct(state, moves), key=lambda move: move_score(seen, move))


def _distinct(state: State, moves: tuple[Action, ...]) -> list[Action]:
    """`moves` less the kings and wakes aimed at unknown places after the first of each (they
    score the same, and the first listed wins a tie anyway)."""
    kept: list[Action] = []
    aimed: set[str] = set()
    for move in moves:
        if isinstance(move, King | Wake) and not state.known[move.position]:
            if move.type in aimed:
                continue
            aimed.add(move.type)
        kept.append(move)
    return kept


class Seen:
    """What the greedy scoring needs from the table, worked out once per decision from what
    `seat` may see: everyone's progress, who is on the brink of winning, and (when a knight,
    potion or jester asks) the unseen cards, other hands and draw pile, by kind."""

    def __init__(self, state: State, seat: int) -> None:
        self.state = state
        self.seat = seat
        self.progress = tuple(_progress(state, s) for s in range(state.players))
        self.shown = shown_in_hands(state, seat)
        self._unseen: tuple[int, dict[str, int]] | None = None
        self._brink: dict[int, bool] = {}
        self._unknown_wake: float | None = None

    @classmethod
    def of(cls, state: State, seat: int) -> "Seen":
        return cls(state, seat)

    def unseen(self) -> tuple[int, dict[str, int]]:
        """The cards the seat cannot place, by kind (a card shown going into a hand is placed:
        `shown_in_hands`)."""
        if self._unseen is None:
            deck = sleeping_queens_deck()
            visible = set(self.state.hands[self.seat]) | set(self.state.discard)
            visible |= set(self.shown.values())
            kinds: dict[str, int] = {}
            for card in deck.cards:
                if card not in visible:
                    kinds[deck.kind[card]] = kinds.get(deck.kind[card], 0) + 1
            self._unseen = (sum(kinds.values()), kinds)
        return self._unseen

    def brink(self, seat: int) -> bool:
        if seat not in self._brink:
            self._brink[seat] = _brink(self.state, seat)
        return self._brink[seat]

    def unknown_wake(self) -> float:
        """`_queen_value` on average over the queens asleep where no one knows."""
        if self._unknown_wake is None:
            queens = unknown_queens(self.state)
            self._unknown_wake = sum(_queen_value(self, q) for q in queens) / len(queens)
        return self._unknown_wake

    def leader(self) -> int:
        others = [s for s in range(self.state.players) if s != self.seat]
        return max(others, key=lambda s: self.progress[s])


def shown_in_hands(state: State, seat: int) -> dict[int, str]:
    """The cards another seat holds that everyone saw go into its hand: the card its jester
    just turned up (SQ-6: not a number, so it went to the hand), which it still holds while
    that jester is the last thing played."""
    last = state.last
    if last is None or last.type != "jester" or last.result != "to_hand" or last.seat == seat:
        return {}
    return {} if last.revealed is None else {last.seat: last.revealed}


def unknown_queens(state: State) -> list[str]:
    """Sleeping queens whose place no one knows (public: all queens minus the awake and the
    known ones)."""
    return [
        queen
        for queen, known in zip(state.sleeping, state.known, strict=True)
        if queen is not None and not known
    ]


def move_score(seen: Seen, move: Action) -> float:
    """What `move` brings the seat at once, in progress towards the goal (`_progress`): a
    queen woken counts for the seat, a queen stolen counts twice (the seat gains, her owner
    loses), a queen put to sleep counts for her owner; knights and potions are weighed by the
    chance that the target cannot block. Winning at once outweighs everything."""
    deck = sleeping_queens_deck()
    state, seat = seen.state, seen.seat
    if isinstance(move, Block):
        return WIN_BONUS
    if isinstance(move, Allow):
        return 0.0
    if isinstance(move, King | Wake):
        return _wake_value(seen, move.position)
    if isinstance(move, Knight | Potion):
        owner = state.owner_of(move.queen)
        assert owner is not None
        points = deck.queen_points[move.queen]
        weight = 1.0 if owner == seen.leader() else 0.5
        loss = (_progress(state, owner, -1, -points) - seen.progress[owner]) * weight
        if seen.brink(owner) and not _brink(state, owner, move.queen):
            loss -= THREAT  # she takes the owner off the brink of winning
        if isinstance(move, Potion):
            return -loss * _unblocked(seen, owner, "wand")
        gain = _progress(state, seat, 1, points) - seen.progress[seat]
        wins = seen.progress[seat] + gain >= 1.0
        return (gain - loss + (WIN_BONUS if wins else 0.0)) * _unblocked(seen, owner, "dragon")
    if isinstance(move, Jester):
        return JESTER_VALUE + _jester_count(seen)
    assert isinstance(move, Discard)
    return _discard_value(move)


JESTER_VALUE = 0.015
THREAT = 0.3
ROSE_SHARE = 1.0


def _brink(state: State, seat: int, without: str | None = None) -> bool:
    """Whether any queen woken would make `seat` win (SQ-9), once `without` is gone."""
    deck = sleeping_queens_deck()
    held = [q for q in state.awake[seat] if q != without]
    asleep = [deck.queen_points[q] for q in state.sleeping if q is not None]
    if not asleep:
        return False
    points = sum(deck.queen_points[q] for q in held) + min(asleep)
    return len(held) + 1 >= state.goal.queens or points >= state.goal.points


def _jester_count(seen: Seen) -> float:
    """SQ-6: the chance that the jester's count reaches a seat on the brink of winning: the
    seat's own win (`WIN_BONUS`), another seat's (`THREAT`)."""
    state = seen.state
    unseen, kinds = seen.unseen()
    share = kinds.get("number", 0) / max(1, unseen) / 10
    value = 0.0
    for number in range(1, 11):
        target = (seen.seat + number - 1) % state.players
        if seen.brink(target):
            value += share * (WIN_BONUS if target == seen.seat else -THREAT)
    return value


def _progress(state: State, seat: int, queens: int = 0, points: int = 0) -> float:
    """How near `seat` is to the goal (SQ-9): queens or points, whichever is nearer (1 = won),
    after `queens` more queens worth `points` more points."""
    goal = state.goal
    return max(
        (len(state.awake[seat]) + queens) / goal.queens,
        (state.points(seat) + points) / goal.points,
    )


def _unblocked(seen: Seen, owner: int, blocker: str) -> float:
    """The chance that `owner` holds no `blocker`, from the cards the seat cannot see (none
    when everyone saw one go into that hand)."""
    deck = sleeping_queens_deck()
    shown = seen.shown.get(owner)
    if shown is not None and deck.kind[shown] == blocker:
        return 0.0
    unseen, kinds = seen.unseen()
    left = kinds.get(blocker, 0)
    chance = 1.0
    for drawn in range(len(seen.state.hands[owner]) - (shown is not None)):
        chance *= max(0.0, 1 - left / max(1, unseen - drawn))
    return chance


def _wake_value(seen: Seen, position: int) -> float:
    """What waking the queen at `position` brings: her progress (a win beyond all), on
    average over the queens no one has placed when nobody knows who lies there. A queen whose
    rival the seat holds goes straight back to sleep (SQ-8) and brings nothing."""
    state = seen.state
    if state.known[position]:
        queen = state.sleeping[position]
        assert queen is not None
        return _queen_value(seen, queen) if _queen_value(seen, queen) > 0 else -1.0
    return seen.unknown_wake()


def _queen_value(seen: Seen, queen: str) -> float:
    deck = sleeping_queens_deck()
    state, seat = seen.state, seen.seat
    if deck.rivals.get(queen) in state.awake[seat]:
        return 0.0
    after = _progress(state, seat, 1, deck.queen_points[queen])
    value = after - seen.progress[seat] + 0.01  # a sure gain beats an equal denial
    if queen in deck.wakes_another and after < 1.0:
        value += ROSE_SHARE * (after - seen.progress[seat])  # SQ-3: one more wake to come
    return value + (WIN_BONUS if after >= 1.0 else 0.0)


def _discard_value(move: Discard) -> float:
    deck = sleeping_queens_deck()
    kinds = {deck.kind[card] for card in move.cards}
    if kinds != {"number"}:
        return _KEEP[deck.kind[move.cards[0]]] / 100 if len(move.cards) == 1 else 0.0
    return 0.01 * len(move.cards) + max(deck.value[card] for card in move.cards) / 10_000


def why_of(state: State, move: Action) -> Why | None:
    """The public purpose of `move` by its seat, in the terms the greedy scoring weighs
    (`move_score`): a win beyond all, a queen taken from a seat on the brink (`THREAT`), from
    the seat furthest ahead (the leader's loss counts fully), a queen known or unknown, cards
    drawn by a discard, a jester's chance. Only the move and the public table are read (a
    knight's win is the queens on the table, not a guess at the target's hand); an `allow`
    has no reason to tell (it would only say what the seat does not hold)."""
    deck = sleeping_queens_deck()
    seat = move.seat
    if isinstance(move, Block):
        return Why("defend")
    if isinstance(move, Allow):
        return None
    if isinstance(move, King | Wake):
        queen = state.sleeping[move.position]
        if state.known[move.position] and queen is not None:
            points = deck.queen_points[queen]
            if _progress(state, seat, 1, points) >= 1.0:
                return Why("win")
            return Why("best_queen")
        return Why("win") if _brink(state, seat) else Why("unseen_queen")
    if isinstance(move, Knight | Potion):
        owner = state.owner_of(move.queen)
        points = deck.queen_points[move.queen]
        if isinstance(move, Knight) and _progress(state, seat, 1, points) >= 1.0:
            return Why("win")
        if owner is not None and _brink(state, owner) and not _brink(state, owner, move.queen):
            return Why("stop", owner)
        others = [s for s in range(state.players) if s != seat]
        ahead = max(others, key=lambda s: _progress(state, s))
        if owner == ahead and _progress(state, owner) > _progress(state, seat):
            return Why("catch_up", owner)
        return Why("steal", owner) if isinstance(move, Knight) else Why("slow", owner)
    if isinstance(move, Jester):
        return Why("luck")
    if isinstance(move, Discard) and all(deck.kind[card] == "number" for card in move.cards):
        return Why("dig")
    return Why("stuck")


def make_player(
    kind: str, seed: int = 0, iterations: int | None = None, budget_ms: float | None = None
) -> Player:
    """A player by strength name: "random", "greedy" or "search" (with its budget)."""
    if kind == "random":
        return RandomPlayer(seed)
    if kind == "greedy":
        return GreedyPlayer(seed)
    if kind == "search":
        from companion.seats.sleeping_queens_search import SearchPlayer

        return SearchPlayer(seed, iterations=iterations, budget_ms=budget_ms)
    raise ValueError(f"unknown player {kind!r} (known: random, greedy, search)")


PLAYER_KINDS = ("random", "greedy", "search")
