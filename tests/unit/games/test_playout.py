"""Random playouts (OpenSpiel's random_sim_test in spirit): thousands of games of random legal
actions with random rulings, every invariant checked after every step."""

import random
from collections import Counter

import pytest

from companion.cards import Deck
from companion.games.base import left_of
from companion.games.once_upon_a_time import (
    Action,
    CardInterrupt,
    Challenge,
    Config,
    End,
    GameError,
    Interrupt,
    JudgementRequired,
    Narrate,
    Pass,
    Play,
    Simultaneous,
    Stall,
    State,
    Variants,
    apply,
    judgements_needed,
    legal_actions,
    new_game,
    replay,
)
from tests.unit.games.playout import Player, upheld

MAX_STEPS = 400


def expected(before: State, action: Action) -> tuple[list[int], list[int], int]:
    """Hand sizes, ending counts and storyteller after `action`, from the rules alone."""
    hands = [seat.hand_size for seat in before.seats]
    endings = [seat.ending_count for seat in before.seats]
    pool = before.pile_size() + len(before.discard)
    teller = before.storyteller
    left = left_of(teller, before.players)

    def draw(seat: int, count: int) -> None:
        nonlocal pool
        got = min(count, pool)
        pool -= got
        hands[seat] += got

    def discard(seat: int) -> None:
        nonlocal pool
        hands[seat] -= 1
        pool += 1

    if isinstance(action, Play) and upheld("play", action.judgement):
        hands[teller] -= 1
    elif isinstance(action, Interrupt | CardInterrupt | Simultaneous):
        claims = action.claims if isinstance(action, Simultaneous) else (action,)
        for claim in claims:
            if isinstance(claim, CardInterrupt) or upheld("interrupt", claim.judgement):
                hands[claim.seat] -= 1
                draw(teller, 1)
                teller = claim.seat
                break
            discard(claim.seat)
            draw(claim.seat, 2)
    elif isinstance(action, Pass):
        if action.discard:
            discard(teller)
        draw(teller, 2 if action.swap_ending else 1)
        teller = left
    elif isinstance(action, Stall) or (
        isinstance(action, Challenge) and upheld("challenge", action.judgement)
    ):
        draw(teller, 1)
        teller = left
    elif isinstance(action, End):
        if upheld("end", action.judgement):
            endings[teller] -= 1
        else:
            draw(teller, 1)
            teller = left
    return hands, endings, teller


def check_cards(state: State) -> None:
    """Every story card and every ending is in exactly one place."""
    places = [*state.draw_pile, *(p.card for p in state.table), *state.discard]
    for seat in state.seats:
        places.extend(seat.hand)
        assert 0 <= seat.owed <= seat.hidden and 0 <= seat.owed_endings <= seat.hidden_endings
    unique = set(places)
    assert len(unique) == len(places) and unique <= state.cards.keys()
    hidden = sum(seat.hidden for seat in state.seats)
    pile = state.pile_size() if state.physical else 0
    assert len(places) + hidden + pile == len(state.cards)
    endings = [*state.ending_pile, *state.ending_discard, *([state.ending] if state.ending else [])]
    for seat in state.seats:
        endings.extend(seat.endings)
    assert len(set(endings)) == len(endings)
    hidden_endings = sum(seat.hidden_endings for seat in state.seats)
    pile = state.ending_pile_size() if state.physical else 0
    assert len(endings) + hidden_endings + pile == len(state.ending_ids)


def play_one(
    config: Config, deck: Deck, rng: random.Random, tally: Counter[str] | None = None
) -> tuple[State, list[Action]]:
    """One random game to the end or MAX_STEPS; `tally` counts what happened (type:accepted)."""
    state = new_game(config, deck)
    player = Player(rng, accept=rng.choice((0.5, 0.75, 0.9)))
    log: list[Action] = []
    check_cards(state)
    while not state.is_terminal and len(log) < MAX_STEPS:
        moves = legal_actions(state)
        assert {"narrate", "pass"} <= {move.type for move in moves[state.storyteller]}
        action = player.act(state, moves)  # the game can always go on
        if judgements_needed(state, action) and rng.random() < 0.02:
            bare = _without_judgement(action)
            with pytest.raises(JudgementRequired):
                apply(state, bare)
        hands, endings, teller = expected(state, action)
        before_json = state.to_json() if rng.random() < 0.01 else None
        after = apply(state, action)
        if before_json is not None:
            assert state.to_json() == before_json  # apply never touches its input
        assert [seat.hand_size for seat in after.seats] == hands, action
        assert [seat.ending_count for seat in after.seats] == endings, action
        assert after.storyteller == teller and 0 <= teller < after.players
        check_cards(after)
        if tally is not None and after.last is not None:
            tally[f"{action.type}:{after.last.accepted}"] += 1
            tally["reshuffle"] += after.reshuffles - state.reshuffles
        if rng.random() < 0.02:
            _try_illegal(after, rng)
        state = after
        log.append(action)
    if state.is_terminal:
        assert state.seats[state.winner or 0].hand_size == 0
        assert all(moves == () for moves in legal_actions(state).values())
    return state, log


def _without_judgement(action: Action) -> Action:
    if isinstance(action, Simultaneous):
        claims = tuple(
            c.model_copy(update={"judgement": None}) if isinstance(c, Interrupt) else c
            for c in action.claims
        )
        return Simultaneous(claims=claims)
    return action.model_copy(update={"judgement": None})


def _try_illegal(state: State, rng: random.Random) -> None:
    """An action the rules forbid raises and leaves the state as it was."""
    listener = left_of(state.storyteller, state.players)
    illegal: list[Action] = [Narrate(seat=listener, text="Not my turn, but anyway.")]
    if state.window is None:
        card = rng.choice(list(state.cards))
        illegal.append(CardInterrupt(seat=listener, card=card))
    before = state.to_json()
    for action in illegal:
        with pytest.raises(GameError):
            apply(state, action)
    assert state.to_json() == before


def configs(rng: random.Random, physical: bool) -> Config:
    players = rng.randint(2, 7)
    names = tuple(f"p{seat}" for seat in range(players))
    variants = Variants(
        multiple_endings=tuple(s for s in range(players) if rng.random() < 0.3),
        ending_swap=rng.random() < 0.5,
    )
    return Config(
        players=names,
        deck_mode="physical" if physical else "virtual",
        seed=rng.randrange(2**31),
        first_storyteller={"method": "given", "seat": rng.randrange(players)},
        variants=variants,
    )


@pytest.mark.parametrize(
    ("physical", "games"), [(False, 500), (True, 350)], ids=["virtual", "physical"]
)
def test_random_playouts_keep_every_invariant(deck: Deck, physical: bool, games: int) -> None:
    rng = random.Random(20240611 + physical)
    tally: Counter[str] = Counter()
    finished = 0
    for _ in range(games):
        state, _log = play_one(configs(rng, physical), deck, rng, tally)
        finished += state.is_terminal
    # random rulings still let most games reach an accepted ending
    assert finished > games * 0.5, (finished, tally)
    # and every rule was exercised, both ways where a ruling decides
    judged = ("play", "interrupt", "challenge", "end")
    wanted = [f"{kind}:{verdict}" for kind in judged for verdict in (True, False)]
    wanted += [
        "narrate:None",
        "card_interrupt:True",
        "simultaneous:True",
        "pass:None",
        "stall:None",
    ]
    if physical:
        wanted += ["declare_hand:None", "declare_draw:None"]
    assert not [event for event in wanted if not tally[event]], tally


def test_replay_of_random_games_is_exact(deck: Deck) -> None:
    rng = random.Random(7)
    for physical in (False, True):
        for _ in range(10):
            config = configs(rng, physical)
            state, log = play_one(config, deck, rng)
            assert replay(config, log, deck) == state
            assert State.from_json(state.to_json()) == state
