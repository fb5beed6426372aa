"""Sleeping Queens AI players: every choice legal, choices repeatable under a seed, the search
blind to hidden cards, and a small sanity match (the tournament figures come from the
`companion sleeping-queens tournament` command, not from here)."""

import random

import pytest

from companion.games.sleeping_queens import (
    Allow,
    Block,
    Config,
    Event,
    King,
    Knight,
    Potion,
    State,
    apply,
    legal_moves,
    new_game,
    sleeping_queens_deck,
)
from companion.seats.sleeping_queens import (
    PLAYER_KINDS,
    REASONS,
    GreedyPlayer,
    RandomPlayer,
    Why,
    greedy_move,
    make_player,
    shown_in_hands,
    why_of,
)
from companion.seats.sleeping_queens_search import SearchPlayer, _candidates, determinise
from companion.seats.sleeping_queens_tournament import play_game, tournament, wilson
from tests.unit.games.sleeping_queens.helpers import NAMES, arrange, check_invariants


def positions(games: int, players: int = 2) -> list[tuple[State, int]]:
    """Mid-game positions reached by random play, with the seat that must act."""
    rng = random.Random(31)
    found: list[tuple[State, int]] = []
    for game in range(games):
        state = new_game(Config(players=NAMES[:players], seed=500 + game))
        while not state.over:
            acting = state.acting_seat()
            assert acting is not None
            if rng.random() < 0.15:
                found.append((state, acting))
            state = apply(state, rng.choice(legal_moves(state, acting)))
    return found


@pytest.mark.parametrize("kind", ["random", "greedy", "search"])
def test_every_choice_is_legal(kind: str) -> None:
    player = make_player(kind, seed=3, iterations=12, budget_ms=None)
    for state, seat in positions(4 if kind == "search" else 20, players=3):
        action = player.choose(state, seat)
        assert action.seat == seat
        check_invariants(apply(state, action))


def test_search_is_deterministic_under_its_seed_when_bounded_by_iterations() -> None:
    for state, seat in positions(3)[:12]:
        first = SearchPlayer(seed=9, iterations=24, budget_ms=None).choose(state, seat)
        again = SearchPlayer(seed=9, iterations=24, budget_ms=None).choose(state, seat)
        assert first == again
    greedy = GreedyPlayer()
    state, seat = positions(1)[0]
    assert greedy.choose(state, seat) == greedy.choose(state, seat)
    assert RandomPlayer(4).choose(state, seat) == RandomPlayer(4).choose(state, seat)


def test_search_does_not_read_the_hidden_cards() -> None:
    """Swap the other seat's hand with the top of the draw pile and reshuffle where the unknown
    queens lie: what the seat sees is unchanged, so its choice must be too."""
    for state, seat in positions(3)[:10]:
        other = 1 - seat
        pile, hand = list(state.draw_pile), list(state.hands[other])
        size = min(len(pile), len(hand))
        hands = list(state.hands)
        hands[other] = tuple(pile[:size] + hand[size:])
        unknown = [p for p, q in enumerate(state.sleeping) if q and not state.known[p]]
        sleeping = list(state.sleeping)
        moved = [sleeping[p] for p in unknown]
        for place, queen in zip(unknown, moved[1:] + moved[:1], strict=True):
            sleeping[place] = queen
        twin = state.model_copy(
            update={
                "hands": tuple(hands),
                "draw_pile": (*hand[:size], *pile[size:]),
                "sleeping": tuple(sleeping),
            }
        )
        player = SearchPlayer(seed=2, iterations=20, budget_ms=None)
        assert player.choose(state, seat) == player.choose(twin, seat)
        world = determinise(state, seat, random.Random(1))
        assert world.hands[seat] == state.hands[seat] and world.awake == state.awake
        check_invariants(world)


def test_greedy_blocks_and_steals_the_best_queen() -> None:
    state = arrange(2, hands={0: ["knight-1", "number-1-1", "number-2-1", "number-3-1",
                                  "number-9-1"]}, awake={1: ["rainbow", "heart"]})  # fmt: skip
    move = greedy_move(state, 0)
    assert isinstance(move, Knight) and move.queen == "heart"
    pending = apply(state, move).model_copy(
        update={"hands": (state.hands[0][1:], ("dragon-1", *state.hands[1][1:]))}
    )
    assert isinstance(greedy_move(pending, 1), Block)


def test_greedy_takes_a_queen_from_a_seat_on_the_brink_of_winning() -> None:
    """Seat 1 holds four queens: any queen woken wins it the game, so the potion that takes
    one away beats waking a queen of its own (which would not win seat 0 the game)."""
    hand = ["potion-1", "king-1", "number-1-1", "number-5-1", "number-9-1"]
    state = arrange(2, hands={0: hand}, awake={1: ["rose", "cake", "rainbow", "starfish"]})
    move = greedy_move(state, 0)
    assert isinstance(move, Potion)
    calm = arrange(2, hands={0: hand}, awake={1: ["rose", "cake"]})
    assert isinstance(greedy_move(calm, 0), King)


def test_greedy_does_not_wake_a_known_rival() -> None:
    """Seat 0 holds the Cat Queen; the Dog Queen lies at a known place: a king aimed there is
    wasted (SQ-8), so the king goes to a place no one knows."""
    asleep = [q for q in sleeping_queens_deck().queens if q not in ("cat",)]
    state = arrange(
        2,
        hands={0: ["king-1", "number-1-1", "number-5-1", "number-9-1", "number-10-1"]},
        awake={0: ["cat"]},
        sleeping=[*asleep, None],
    )
    dog = asleep.index("dog")
    state = state.model_copy(update={"known": tuple(p == dog for p in range(12))})
    move = greedy_move(state, 0)
    assert isinstance(move, King) and move.position != dog


def test_search_time_is_bounded_by_its_millisecond_budget() -> None:
    player = SearchPlayer(seed=1, iterations=None, budget_ms=20)
    state, seat = next((s, a) for s, a in positions(2) if len(legal_moves(s, a)) > 3)
    player.choose(state, seat)
    assert player.last_iterations >= 1
    slow = SearchPlayer(seed=1, iterations=None, budget_ms=0.001)
    slow.choose(state, seat)
    one_world = len(_candidates(state, legal_moves(state, seat), greedy_move(state, seat)))
    assert slow.last_cut_short and slow.last_iterations == one_world  # one world, then stop
    with pytest.raises(ValueError, match="budget"):
        SearchPlayer(iterations=None, budget_ms=None)


def test_small_sanity_match() -> None:
    result = tournament("greedy", "random", games=60, seed=4)
    assert result.games == 60 and result.score("a") > result.score("b")
    state, actions = play_game([make_player("random", 1), make_player("random", 2)], seed=8)
    assert state.over and actions > 0
    with pytest.raises(ValueError, match="unknown player"):
        make_player("perfect")


def test_wilson_interval() -> None:
    low, high = wilson(60, 100)
    assert low == pytest.approx(0.502, abs=0.001) and high == pytest.approx(0.690, abs=0.001)
    assert wilson(0, 0) == (0.0, 1.0)


def _hidden_twin(state: State, seat: int) -> State:
    """The same table as `seat` sees it: the other seats' hands swapped with the top of the
    draw pile, the queens no one has seen moved round their places."""
    hands, pile = list(state.hands), list(state.draw_pile)
    for other in range(state.players):
        if other != seat:
            size = min(len(pile), len(hands[other]))
            hands[other], pile = (
                (*pile[:size], *hands[other][size:]),
                [*hands[other][:size], *pile[size:]],
            )
    unknown = [p for p, q in enumerate(state.sleeping) if q and not state.known[p]]
    sleeping = list(state.sleeping)
    moved = [sleeping[p] for p in unknown]
    for place, queen in zip(unknown, moved[1:] + moved[:1], strict=True):
        sleeping[place] = queen
    return state.model_copy(
        update={"hands": tuple(hands), "draw_pile": tuple(pile), "sleeping": tuple(sleeping)}
    )


def test_the_reason_reads_only_the_move_and_the_public_table() -> None:
    """Every legal move's reason is the same when the hidden cards are dealt otherwise, and
    every AI player tells one of the known reasons (an allow tells none)."""
    for state, seat in positions(4, players=3)[:40]:
        twin = _hidden_twin(state, seat)
        for move in legal_moves(state, seat):
            assert why_of(state, move) == why_of(twin, move)
            why = why_of(state, move)
            assert (why is None) == isinstance(move, Allow)
            assert why is None or why.reason in REASONS
        for kind in PLAYER_KINDS:
            player = make_player(kind, seed=1, iterations=8, budget_ms=None)
            move = player.choose(state, seat)
            assert player.last_why == (Why("chance") if kind == "random" else why_of(state, move))


def test_the_reasons_name_what_the_greedy_scoring_weighs() -> None:
    hand = ["potion-1", "king-1", "number-1-1", "number-5-1", "number-9-1"]
    brink = arrange(2, hands={0: hand}, awake={1: ["rose", "cake", "rainbow", "starfish"]})
    assert why_of(brink, greedy_move(brink, 0)) == Why("stop", 1)  # a potion: keep Ken from winning
    calm = arrange(2, hands={0: hand}, awake={1: ["rose", "cake"]})
    move = greedy_move(calm, 0)
    assert isinstance(move, King) and why_of(calm, move) == Why("unseen_queen")
    ahead = arrange(2, hands={0: ["knight-1", *hand[2:]]}, awake={0: ["rose"], 1: ["heart"]})
    assert why_of(ahead, greedy_move(ahead, 0)) == Why("catch_up", 1)
    won = arrange(
        2, hands={0: ["knight-1", *hand[2:]]}, awake={0: ["heart", "pancake"], 1: ["cat", "cake"]}
    )
    assert why_of(won, greedy_move(won, 0)) == Why("win")  # 35 + 15 points: 50
    numbers = arrange(
        2, hands={0: ["number-2-1", "number-3-1", "number-5-1", "wand-1", "dragon-1"]}
    )
    assert why_of(numbers, greedy_move(numbers, 0)) == Why("dig")
    stuck = arrange(2, hands={0: ["wand-1", "wand-2", "dragon-1", "dragon-2", "potion-1"]})
    assert why_of(stuck, greedy_move(stuck, 0)) == Why("stuck")
    jester = arrange(2, hands={0: ["jester-1", "wand-1", "wand-2", "dragon-1", "dragon-2"]})
    assert why_of(jester, greedy_move(jester, 0)) == Why("luck")


def test_a_card_a_jester_put_in_a_hand_is_known_to_be_there() -> None:
    """Ken's jester turned up a dragon (SQ-6: into his hand, for all to see): Ana's knight
    would be blocked, so she does not send it; a sampled world leaves the dragon with Ken."""
    hand = ["knight-1", "number-1-1", "number-2-1", "number-3-1", "number-9-1"]
    state = arrange(2, hands={0: hand}, awake={1: ["heart"]})
    assert isinstance(greedy_move(state, 0), Knight)
    ken = ("dragon-1", *state.hands[1][1:])
    jester = Event(
        type="jester", seat=1, cards=("jester-1",), revealed="dragon-1", result="to_hand"
    )
    shown = state.model_copy(update={"hands": (state.hands[0], ken), "last": jester})
    assert shown_in_hands(shown, 0) == {1: "dragon-1"} and shown_in_hands(shown, 1) == {}
    assert not isinstance(greedy_move(shown, 0), Knight)
    for seed in range(5):
        world = determinise(shown, 0, random.Random(seed))
        assert "dragon-1" in world.hands[1]
        check_invariants(world)
