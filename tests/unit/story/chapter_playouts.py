"""Seeded games of Dice Upon a Time played by the AI travellers, with the states between actions,
for the chapter tale's tests (unit tests and the LLM path under respx)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from companion.games.dice_upon_a_time import (
    Action,
    Config,
    Goods,
    State,
    Trade,
    apply,
    new_game,
)
from companion.games.dice_upon_a_time.config import Length
from companion.seats.dice_upon_a_time import make_player

TRAVELLERS = ("Ana", "Ken", "Mia")


@dataclass(frozen=True)
class Played:
    config: Config
    actions: tuple[Action, ...]
    states: tuple[State, ...]  # states[i] is the state before actions[i]; the last is the end

    def chapter_bounds(self, chapter: int) -> tuple[State, State]:
        """The state when `chapter` began (none of its actions applied) and the state before
        the action that ended it."""
        indices = [i for i, s in enumerate(self.states[:-1]) if s.chapter == chapter]
        return self.states[indices[0]], self.states[indices[-1]]


@cache
def played(
    seed: int,
    kind: str = "heuristic",
    players: tuple[str, ...] = TRAVELLERS,
    length: Length = "short",
    cooperative: bool = False,
    trade_first: bool = False,
) -> Played:
    """A whole game of `kind` travellers. `trade_first`: once the opening quests are drawn, seats
    0 and 1 (both still in the starting city) swap their first quests (DU-11)."""
    config = Config(players=players, seed=seed, length=length, cooperative=cooperative)
    state = new_game(config)
    seats = [make_player(kind, seed + seat) for seat in range(len(players))]
    actions: list[Action] = []
    states = [state]
    while not state.over:
        if trade_first and not state.pending and not actions_of_type(actions, "trade"):
            give, take = state.seats[0].quests[:1], state.seats[1].quests[:1]
            action: Action = Trade(
                seat=0, partner=1, give=Goods(quests=give), take=Goods(quests=take)
            )
        else:
            action = seats[actor_of(state)].choose(state, actor_of(state))
        state = apply(state, action)
        actions.append(action)
        states.append(state)
    return Played(config, tuple(actions), tuple(states))


def actor_of(state: State) -> int:
    if state.pending:
        return state.pending[0].seat
    assert state.turn is not None
    return state.turn.seat


def actions_of_type(actions: list[Action], kind: str) -> list[Action]:
    return [a for a in actions if a.type == kind]
