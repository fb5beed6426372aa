"""JSON round trips, replay from the action log, determinism, and malformed input."""

import random

import pytest
from pydantic import ValidationError

from companion.cards import Deck
from companion.games.once_upon_a_time import (
    Action,
    AlphabeticalDraw,
    CardInterrupt,
    Challenge,
    Config,
    DeclareDraw,
    DeclareHand,
    End,
    Interrupt,
    InvalidAction,
    Narrate,
    Pass,
    Play,
    ReplayError,
    RuleViolation,
    Simultaneous,
    Stall,
    State,
    Variants,
    action_from_json,
    action_to_json,
    apply,
    new_game,
    replay,
)
from companion.games.once_upon_a_time.actions import ACTIONS_ADAPTER, MAX_TEXT_CHARS
from tests.unit.games.helpers import NO, YES, vote
from tests.unit.games.playout import Player

EVERY_ACTION: list[Action] = [
    Narrate(seat=0, text="Érase una vez… 昔々"),
    Play(seat=0, card="king", sentence="A king.", judgement=YES),
    Play(seat=0, card="king", line=3, judgement=vote(yes=(1,), no=(2, 3))),
    Interrupt(seat=1, card="forest", line=2, judgement=NO),
    CardInterrupt(seat=2, card="tree"),
    Simultaneous(claims=(CardInterrupt(seat=2, card="tree"), Interrupt(seat=1, card="fox"))),
    Pass(seat=0, discard="king"),
    Pass(seat=0, swap_ending="end-01"),
    Stall(seat=3, seconds=7.5),
    Challenge(seat=1, reason="a giraffe?", judgement=vote(yes=(2,))),
    End(seat=0, ending="end-02", linking=("So.", "And then."), judgement=YES),
    DeclareHand(seat=1, cards=("fox", "cat"), endings=("end-03",)),
    DeclareDraw(seat=1, cards=("wolf",)),
]


@pytest.mark.parametrize("action", EVERY_ACTION, ids=lambda a: a.type)
def test_every_action_round_trips_through_json(action: Action) -> None:
    text = action_to_json(action)
    assert f'"type":"{action.type}"' in text
    assert action_from_json(text) == action


def test_an_action_log_round_trips_as_a_list() -> None:
    data = ACTIONS_ADAPTER.dump_json(EVERY_ACTION)
    assert ACTIONS_ADAPTER.validate_json(data) == EVERY_ACTION


@pytest.mark.parametrize(
    "text",
    [
        '{"type": "dance", "seat": 0}',
        '{"type": "narrate", "seat": 0}',
        '{"type": "narrate", "seat": 0, "text": "x", "extra": 1}',
        '{"type": "play", "seat": 0, "card": "king", "judgement": {"kind": "maybe"}}',
        "not json",
    ],
)
def test_malformed_actions_are_refused_by_the_parser(text: str) -> None:
    with pytest.raises(ValidationError):
        action_from_json(text)


def test_malformed_but_parsable_actions_are_refused_by_the_engine(deck: Deck) -> None:
    state = new_game(Config(players=("a", "b", "c")), deck)
    for action in (
        Narrate(seat=0, text="   "),
        Narrate(seat=0, text="x" * (MAX_TEXT_CHARS + 1)),
        Narrate(seat=7, text="I am not at this table."),
        Play(seat=0, card="unicorn", sentence="A unicorn.", judgement=YES),
        Play(seat=0, card=state.seats[0].hand[0], judgement=YES),  # neither sentence nor line
    ):
        with pytest.raises(InvalidAction):
            apply(state, action)


def test_states_round_trip_through_json(deck: Deck) -> None:
    rng = random.Random(3)
    for mode in ("virtual", "physical"):
        config = Config(
            players=("a", "b", "c", "d"),
            deck_mode=mode,
            seed=11,
            variants=Variants(multiple_endings=(1,), ending_swap=True),
        )
        state = new_game(config, deck)
        player = Player(rng)
        for _ in range(60):
            if state.is_terminal:
                break
            state = apply(state, player.act(state))
            again = State.from_json(state.to_json())
            assert again == state and again.to_json() == state.to_json()


def test_the_same_seed_deals_the_same_game(deck: Deck) -> None:
    config = Config(players=("a", "b", "c"), seed=42, first_storyteller=AlphabeticalDraw())
    assert new_game(config, deck) == new_game(config, deck)
    other = new_game(config.model_copy(update={"seed": 43}), deck)
    assert other.seats != new_game(config, deck).seats


def test_replay_rebuilds_the_identical_state_including_reshuffles(deck: Deck) -> None:
    # Two players pass, discarding each time, until the pile has been reshuffled twice.
    config = Config(players=("a", "b"), seed=5)
    state = new_game(config, deck)
    log: list[Action] = []
    while state.reshuffles < 2:
        teller = state.storyteller
        action = Pass(seat=teller, discard=state.seats[teller].hand[0])
        state = apply(state, action)
        log.append(action)
    assert replay(config, log, deck) == state
    assert replay(config, log[:10], deck) != state


def test_replay_names_the_action_that_fails(deck: Deck) -> None:
    config = Config(players=("a", "b"))
    log: list[Action] = [Narrate(seat=0, text="Once."), Narrate(seat=1, text="Not my turn.")]
    with pytest.raises(ReplayError) as error:
        replay(config, log, deck)
    assert error.value.index == 1 and isinstance(error.value.cause, RuleViolation)
    assert error.value.cause.rule == "OU-6"
