"""JSON round trips of states and actions, replay from an event log, refusals that change
nothing, and the bundled plot-card bank as a deck."""

import random

import pydantic
import pytest

from companion.games.factum import (
    Action,
    BestStory,
    ChooseGuessers,
    Config,
    Decoy,
    Guess,
    InvalidAction,
    ReplayError,
    RuleViolation,
    State,
    Tell,
    Volunteer,
    action_from_json,
    action_to_json,
    apply,
    cards_needed,
    new_game,
    replay,
)
from companion.story.factum import factum_bank
from tests.unit.games.factum.helpers import config, random_action

EVERY_ACTION: list[Action] = [
    Volunteer(seat=1),
    Volunteer(seat=1, teammates=(2, 3), judge=0),
    Tell(seat=1, card="A promise you could not keep"),
    Tell(seat=1, card="c", text="The day I missed the train — 電車に乗り遅れた日"),
    ChooseGuessers(seat=0, guessers="storyteller"),
    Decoy(seat=2, card="card-004"),
    Guess(seat=3, card="card-004"),
    BestStory(seat=4, prefer="reigning"),
]


@pytest.mark.parametrize("action", EVERY_ACTION, ids=lambda a: a.type)
def test_actions_round_trip_through_json(action: Action) -> None:
    text = action_to_json(action)
    assert f'"type":"{action.type}"' in text
    assert action_from_json(text) == action


def test_malformed_actions_are_refused_by_name() -> None:
    with pytest.raises(pydantic.ValidationError, match="guessers"):
        action_from_json('{"type": "choose_guessers", "seat": 0, "guessers": "both"}')
    with pytest.raises(pydantic.ValidationError, match="does not match any of the expected tags"):
        action_from_json('{"type": "shout", "seat": 0}')
    with pytest.raises(pydantic.ValidationError, match="seat"):
        action_from_json('{"type": "guess", "card": "x"}')


def _midgame(seed: int, steps: int) -> tuple[State, list[Action]]:
    rng = random.Random(seed)
    state, log = new_game(config(7, seed=seed, size=cards_needed(7))), []
    for _ in range(steps):
        action = random_action(state, rng)
        log.append(action)
        state = apply(state, action)
    return state, log


@pytest.mark.parametrize("steps", [0, 3, 5, 9, 40, 120])
def test_states_round_trip_through_json_and_replay_from_the_log(steps: int) -> None:
    state, log = _midgame(steps, steps)
    assert State.from_json(state.to_json()) == state
    logged = [action_from_json(action_to_json(action)) for action in log]
    assert replay(state.config, logged) == state


def test_replay_names_the_first_action_that_does_not_apply() -> None:
    state, log = _midgame(1, 4)
    bad = [*log[:2], Volunteer(seat=0), *log[2:]]
    with pytest.raises(ReplayError, match=r"^action #2: FA-2: a 'volunteer' needs") as error:
        replay(state.config, bad)
    assert error.value.index == 2 and isinstance(error.value.cause, RuleViolation)


def test_a_refused_action_leaves_the_state_as_it_was() -> None:
    state, _ = _midgame(2, 2)  # storytelling, then judging
    before = state.to_json()
    for action in (
        Tell(seat=state.current().storyteller, card="not a card"),
        Decoy(seat=0, card=state.hands[0][0]),
        Volunteer(seat=99),
    ):
        with pytest.raises((RuleViolation, InvalidAction)):
            apply(state, action)
        assert state.to_json() == before


@pytest.mark.parametrize("language", ["en", "ja", "es"])
def test_the_bundled_bank_deals_twelve_players(language: str) -> None:
    bank = factum_bank(language)  # type: ignore[arg-type]
    assert len(bank) >= cards_needed(12)
    names = tuple(f"P{seat}" for seat in range(12))
    state = new_game(Config(players=names, deck=bank, seed=3))
    assert all(len(hand) == 5 for hand in state.hands)
    assert set(state.cards_in_play()) == set(bank)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"players": ("A", "B", " ", "D")}, "player names must not be empty"),
        ({"deck": ("", *config(4).deck)}, r"deck cards must not be empty \(positions \[0\]\)"),
        ({"deck": ("x" * 501, *config(4).deck)}, r"over 500 characters \(positions \[0\]\)"),
        ({"deck_mode": "printed"}, "deck_mode"),
        ({"target_score": 0}, "target_score"),
    ],
)
def test_a_bad_config_says_what_is_wrong(changes: dict[str, object], message: str) -> None:
    with pytest.raises(pydantic.ValidationError, match=message):
        Config.model_validate({**config(4).model_dump(), **changes})
