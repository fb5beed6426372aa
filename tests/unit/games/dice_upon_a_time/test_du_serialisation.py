"""States and actions survive a JSON round trip; a config and its log replay to an equal
state; `apply` never changes the state it is given."""

import random
from importlib import resources
from itertools import islice
from pathlib import Path

import pytest

from companion.games.dice_upon_a_time import (
    Choose,
    Config,
    Goods,
    Pass,
    Place,
    PlayItem,
    RabbitStep,
    ReplayError,
    RuleViolation,
    State,
    Trade,
    UseAbility,
    action_from_json,
    action_to_json,
    apply,
    new_game,
    replay,
)
from companion.games.dice_upon_a_time.board import load_map
from tests.unit.games.dice_upon_a_time.playout import config_for, random_game


def test_state_json_round_trip_through_a_whole_game() -> None:
    for before, _, after in random_game(config_for(3), random.Random(9)):
        if before.chapter != after.chapter or after.over:
            assert State.from_json(after.to_json()) == after


@pytest.mark.parametrize(
    "action",
    [
        Place(seat=1, die="1.3", socket="inn.2"),
        Pass(seat=0),
        RabbitStep(seat=2, to="well"),
        Choose(seat=0, option="quest:q01"),
        PlayItem(seat=0, item="m02", die="0.1", face="ban"),
        PlayItem(seat=0, item="m02", die="0.1", face=4),
        UseAbility(seat=1, give="gold", take="apple"),
        Trade(seat=0, partner=1, give=Goods(resources={"gold": 1}), take=Goods(items=("m01",))),
    ],
)
def test_action_json_round_trip(action: object) -> None:
    assert action_from_json(action_to_json(action)) == action  # type: ignore[arg-type]


def test_apply_leaves_the_given_state_unchanged() -> None:
    for before, action, _ in islice(random_game(config_for(6), random.Random(3)), 150):
        copy = before.model_copy(deep=True)
        apply(before, action)
        assert before == copy


def test_replay_names_the_action_that_fails() -> None:
    config = Config(players=("a", "b"), seed=2, start_player=0)
    with pytest.raises(ReplayError) as error:
        replay(config, [Pass(seat=1)])
    assert error.value.index == 0 and isinstance(error.value.cause, RuleViolation)


def test_a_table_board_travels_inside_the_config(tmp_path: Path) -> None:
    source = resources.files("companion.games.dice_upon_a_time").joinpath("data/map.yaml")
    text = source.read_text(encoding="utf-8")
    board_file = tmp_path / "kitchen.yaml"
    board_file.write_text(text.replace("The Lantern Road", "Our Kitchen Table"), encoding="utf-8")
    config = Config(players=("a", "b"), seed=1, board=load_map(board_file))
    assert new_game(config).board.name == "Our Kitchen Table"
    assert Config.model_validate_json(config.model_dump_json()) == config
