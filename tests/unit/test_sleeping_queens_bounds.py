"""The bound of `evals.sleeping_queens_bounds`: a search that sees every hand, and nothing a
player cannot learn (the draw pile's order, the face-down queens); and one that sees all but
the draw pile."""

import random
from collections import Counter

from companion.seats.sleeping_queens_search import SearchPlayer
from evals.sleeping_queens_bounds import PeekingSearch, SeeingSearch, match
from tests.unit.games.sleeping_queens.helpers import check_invariants
from tests.unit.seats.test_sleeping_queens_players import positions


def test_the_peeking_worlds_keep_every_hand_and_shuffle_only_what_no_one_can_learn() -> None:
    peeking, fair = PeekingSearch(1, iterations=8), SearchPlayer(1, iterations=8)
    for state, seat in positions(3)[:10]:
        world = peeking.sample_world(state, seat, random.Random(4))
        check_invariants(world)
        assert world.hands == state.hands
        assert Counter(world.draw_pile) == Counter(state.draw_pile)
        assert Counter(world.sleeping) == Counter(state.sleeping)
        for place, known in enumerate(state.known):
            if known:
                assert world.sleeping[place] == state.sleeping[place]
        other = 1 - seat
        assert fair.sample_world(state, seat, random.Random(4)).hands[seat] == state.hands[seat]
        # the fair player's worlds deal the other hand again (with 5 cards, this seed differs)
        if len(state.hands[other]) == 5:
            assert (
                fair.sample_world(state, seat, random.Random(4)).hands[other]
                != (state.hands[other])
            )


def test_a_short_match_is_the_same_under_its_seed() -> None:
    first = match("peeking", "random", games=4, seed=3, iterations=8, workers=1)
    assert first == match("peeking", "random", games=4, seed=3, iterations=8, workers=1)
    assert len(first) == 4 and all(0 <= score <= 1 for score in first)


def test_the_seeing_worlds_shuffle_only_the_draw_pile() -> None:
    seeing = SeeingSearch(1, iterations=8)
    for state, seat in positions(2)[:6]:
        world = seeing.sample_world(state, seat, random.Random(4))
        check_invariants(world)
        assert (world.hands, world.sleeping) == (state.hands, state.sleeping)
        assert Counter(world.draw_pile) == Counter(state.draw_pile)
