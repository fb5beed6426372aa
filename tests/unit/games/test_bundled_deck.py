"""The engine on the bundled deck: the vocabulary the engine tests use is the real one."""

import random

from companion.cards import once_upon_a_time_deck
from companion.games.once_upon_a_time import Config, new_game, replay
from tests.unit.games.test_playout import configs, play_one
from tests.unit.games.vocabulary import vocabulary_deck


def test_bundled_deck_has_the_groups_and_interrupts_the_tests_assume() -> None:
    bundled = {card.id: (card.group, card.interrupt) for card in once_upon_a_time_deck()}
    assumed = {card.id: (card.group, card.interrupt) for card in vocabulary_deck()}
    assert bundled == assumed


def test_games_play_out_on_the_bundled_deck() -> None:
    deck = once_upon_a_time_deck()
    assert new_game(Config(players=("a", "b")), deck).pile_size() == len(deck.story_cards) - 20
    rng = random.Random(99)
    for physical in (False, True):
        for _ in range(10):
            config = configs(rng, physical)
            state, log = play_one(config, deck, rng)
            assert replay(config, log, deck) == state
