"""Random playouts of Dice Upon a Time and the invariants every state keeps."""

import random
from collections import Counter
from collections.abc import Iterator

from companion.games.dice_upon_a_time import (
    Action,
    Config,
    State,
    apply,
    as_action,
    catalogue,
    legal_actions,
    new_game,
    scores,
)
from companion.games.dice_upon_a_time.chapter import die_ids
from companion.games.dice_upon_a_time.placement import capacity

LENGTHS = ("short", "normal", "long")


def config_for(game: int) -> Config:
    """Game `game` of a run: player counts 2-5, every length, one game in four co-operative."""
    players = 2 + game % 4
    return Config(
        players=tuple(f"p{i}" for i in range(players)),
        seed=game,
        length=LENGTHS[game // 4 % 3],
        cooperative=game % 4 == 1,
    )


def random_game(config: Config, rng: random.Random) -> Iterator[tuple[State, Action, State]]:
    """(before, action, after) for every step of a game of random legal moves (no trades)."""
    state = new_game(config)
    while not state.over:
        choices = [
            (seat, move)
            for seat, moves in legal_actions(state).items()
            for move in moves
            if move.type != "trade"
        ]
        assert choices, "a game that is not over always lets someone act"
        seat, move = rng.choice(choices)
        action = as_action(seat, move)
        after = apply(state, action)
        yield state, action, after
        state = after


def check_invariants(state: State) -> None:
    _dice_conserved(state)
    _sockets_within_capacity(state)
    _cards_conserved(state)
    for held in state.seats:
        assert all(count > 0 for count in held.resources.values()), held.resources
        assert len(held.quests) <= 4
    assert scores(state) == expected_scores(state)


def _dice_conserved(state: State) -> None:
    places: Counter[str] = Counter()
    for seat, held in enumerate(state.seats):
        for die in (*held.pool, *held.aside):
            assert die.owner == seat
            places[die.id] += 1
    for stack in state.sockets.values():
        places.update(die.id for die in stack)
    for seat in range(state.players):
        for die_id in die_ids(seat):
            expected = 0 if state.over else 1
            assert places[die_id] == expected, (die_id, places[die_id])
    assert places["snake"] <= 1
    if places["snake"]:
        assert state.snake_holder is not None
    assert sum(places.values()) == (0 if state.over else 5 * state.players) + places["snake"]


def _sockets_within_capacity(state: State) -> None:
    for socket, stack in state.sockets.items():
        spec = state.board.sockets[socket]
        if spec.spirit == "wolf":
            assert len(stack) <= state.players
            continue
        assert len(stack) <= capacity(state, socket)
        values = [d.face if isinstance(d.face, int) else 6 for d in stack]
        assert values[0] >= spec.number and values == sorted(values), (socket, stack)


def _cards_conserved(state: State) -> None:
    cat = catalogue()
    quests = [q for deck in state.quest_decks.values() for q in deck]
    quests += [*state.row, *state.shared_done]
    story = [*state.story_deck, *state.story_discard, *state.shared_story]
    items = [*state.item_deck, *state.item_discard]
    for held in state.seats:
        quests += [*held.quests, *held.done]
        story += held.story
        items += held.items
    for ask in state.pending:
        if ask.kind in ("king_draw", "king_keep"):
            quests += ask.cards
        if ask.kind == "misfortune" and ask.card:
            story.append(ask.card)
    assert sorted(quests) == sorted(cat.quests)
    assert sorted(story) == sorted(cat.story)
    assert sorted(items) == sorted(cat.items)


def expected_scores(state: State) -> tuple[int, ...]:
    """DU-9 recomputed from the cards alone."""
    cat = catalogue()
    out = []
    for held in state.seats:
        points = sum(cat.quests[q].ap for q in held.done)
        for card_id in held.story:
            card = cat.story[card_id]
            if card.kind == "curse":
                points -= card.ap
            elif card.kind == "side_quest" and card.condition is not None:
                cond = card.condition
                met = (cond.at is None or held.place == cond.at) and all(
                    held.resources.get(r, 0) >= n for r, n in cond.have.items()
                )
                met = met and len(held.done) >= cond.completed
                points += card.ap if met else 0
        out.append(points)
    return tuple(out)
