"""How far can a Sleeping Queens player get that sees more than the rules let it see?

Issue 13 asks the search player to beat the greedy one 60% of two-player games, and the greedy
player to beat the random one 85%. This measures two players no seat could be, beside the fair
search player (`SearchPlayer`), with the same search and budget:

- **peeking** (`PeekingSearch`) sees every hand, and is left in the dark only about what no
  player can learn: the order of the draw pile and where the face-down queens lie (each sampled
  world shuffles those and nothing else). Whatever a fair player can learn about the other
  hands, from the table or from the history of play, it cannot know more than this one does.
- **seeing** (`SeeingSearch`) also sees where every queen lies: everything but the future.

Their win rates against greedy and random, in the same games as the fair search's, say what
knowing the hidden cards is worth to this search, and how much room the targets leave.

    python -m evals.sleeping_queens_bounds --games 2000 --seed 77 --workers 2

Seats alternate as in the tournament (`sleeping_queens_tournament`): the searcher starts the
even games; a shared win counts half; 95% Wilson intervals. Deterministic under its seed
(no time cap on a move).
"""

from __future__ import annotations

import argparse
import random
import time
from concurrent.futures import ProcessPoolExecutor

from companion.games.sleeping_queens import State
from companion.seats.sleeping_queens import Player, make_player
from companion.seats.sleeping_queens_search import SearchPlayer, determinise
from companion.seats.sleeping_queens_tournament import play_game, wilson


class PeekingSearch(SearchPlayer):
    """The search player with the other hands in view: its sampled worlds keep every hand as
    it is and shuffle the draw pile (and the seed of later reshuffles) and the queens no one
    has seen among their places, as `determinise` does. The queens are left unknown because no
    player can learn where a face-down queen lies before she is woken; the hands are the part
    of the hidden state that play reveals bit by bit. Not a fair player: a bound on what
    knowing the other hands is worth."""

    name = "peeking search"

    def sample_world(self, state: State, seat: int, rng: random.Random) -> State:
        world = determinise(state, seat, rng)  # the unknown queens shuffled
        pile = list(state.draw_pile)
        rng.shuffle(pile)
        return world.model_copy(update={"hands": state.hands, "draw_pile": tuple(pile)})


class SeeingSearch(SearchPlayer):
    """The search player that sees everything but the future: every hand and where every
    queen lies; its sampled worlds shuffle only the draw pile (and the seed of later
    reshuffles). No player can know where a face-down queen lies; this bounds what any
    knowledge of the present is worth to the search, leaving only the luck of the draw."""

    name = "seeing search"

    def sample_world(self, state: State, seat: int, rng: random.Random) -> State:
        pile = list(state.draw_pile)
        rng.shuffle(pile)
        config = state.config.model_copy(update={"seed": rng.getrandbits(32)})
        return state.model_copy(update={"config": config, "draw_pile": tuple(pile)})


SEARCHERS = {"search": SearchPlayer, "peeking": PeekingSearch, "seeing": SeeingSearch}


def _game(job: tuple[str, str, int, int, int]) -> float:
    """The searcher's score (1, 0 or a share) in game `index` against `other`."""
    searcher, other, seed, index, iterations = job
    game_seed = seed * 1_000_003 + index
    first = index % 2 == 0
    player: Player = SEARCHERS[searcher](game_seed * 10, iterations=iterations, budget_ms=None)
    rival = make_player(other, seed=game_seed * 10 + 1)
    seats = [player, rival] if first else [rival, player]
    state, _ = play_game(seats, game_seed)
    mine = 0 if first else 1
    return (mine in state.winners) / len(state.winners)


def match(
    searcher: str, other: str, games: int, seed: int, iterations: int, workers: int
) -> list[float]:
    jobs = [(searcher, other, seed, index, iterations) for index in range(games)]
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            return list(pool.map(_game, jobs, chunksize=8))
    return [_game(job) for job in jobs]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=77)
    parser.add_argument("--iterations", type=int, default=60, help="rollouts a move")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--against", nargs="+", default=["greedy", "random"])
    parser.add_argument("--searchers", nargs="+", default=list(SEARCHERS), choices=SEARCHERS)
    args = parser.parse_args(argv)
    print(
        f"the search player, fair, peeking at the other hands and seeing everything but the "
        f"draw pile ({args.iterations} rollouts a move, no time cap), {args.games} two-player "
        f"games, seed {args.seed}"
    )
    for other in args.against:
        for searcher in args.searchers:
            start = time.perf_counter()
            scores = match(searcher, other, args.games, args.seed, args.iterations, args.workers)
            wins = sum(scores)
            low, high = wilson(wins, len(scores))
            print(
                f"  {searcher:<8} vs {other:<7} {wins:g} of {len(scores)}: "
                f"{wins / len(scores):.1%} [{low:.1%}, {high:.1%}]  "
                f"({time.perf_counter() - start:.0f} s)",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
