"""How far can a Sleeping Queens player get that sees more than the rules let it see?

Issue 13 asks the search player to beat the greedy one 60% of two-player games, and the greedy
player to beat the random one 85%. This measures a player no seat could be: the search player
(`SearchPlayer`, same budget and rollouts) that **peeks** at every hand, and is left in the dark
only about what no player can learn: the order of the draw pile and where the face-down queens
lie (each sampled world shuffles those and nothing else). Whatever a fair player can learn
about the other hands, from the table or from the history of play, it cannot know more than
this one does with the same search. Its win rates against greedy and random, beside the fair
search player's in the same games, say what knowing the other hands is worth to this search,
and how much room the targets leave.

    python -m evals.sleeping_queens_bounds --games 1000 --seed 77 --workers 2

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


SEARCHERS = {"search": SearchPlayer, "peeking": PeekingSearch}


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
    args = parser.parse_args(argv)
    print(
        f"the search player, fair and peeking at the other hands ({args.iterations} rollouts a "
        f"move, no time cap), {args.games} two-player games, seed {args.seed}"
    )
    for other in args.against:
        for searcher in SEARCHERS:
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
