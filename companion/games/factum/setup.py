"""Setting a game up (FA-1: hands of 5) and splitting the teams of a turn (FA-2, FA-3)."""

from collections import Counter
from collections.abc import Sequence

from companion.games.base import InvalidAction, RuleViolation, check_seat, seats_from, shuffled
from companion.games.factum.config import HAND_SIZE, Config, smaller_team
from companion.games.factum.state import State, Turn


def new_game(config: Config) -> State:
    """Shuffle the deck (seeded by "deal") and deal 5 cards to each seat in seat order.
    A physical deck is dealt at the table: the engine's hands and draw pile stay empty."""
    if config.deck_mode == "physical":
        return State(
            config=config,
            hands=((),) * config.player_count,
            draw_pile=(),
            scores=(0,) * config.player_count,
        )
    pile = shuffled(config.deck, config.seed, "deal")
    hands = tuple(
        pile[seat * HAND_SIZE : (seat + 1) * HAND_SIZE] for seat in range(config.player_count)
    )
    return State(
        config=config,
        hands=hands,
        draw_pile=pile[config.player_count * HAND_SIZE :],
        scores=(0,) * config.player_count,
    )


def new_turn(
    state: State, storyteller: int, teammates: Sequence[int] | None, judge: int | None
) -> Turn:
    """The turn a volunteer opens: the teams (given by the table or drawn by lot) and the judge."""
    players = state.players
    number = len(state.history) + 1
    team_size = players - smaller_team(players)
    if teammates is None:
        rest = shuffled(
            [s for s in range(players) if s != storyteller], state.config.seed, f"teams-{number}"
        )
        teammates = rest[: team_size - 1]
    _check_teammates(teammates, storyteller, players, team_size)
    team = tuple(sorted({storyteller, *teammates}))
    others = tuple(s for s in range(players) if s not in team)
    if judge is None:
        judge = _least_judged(state, storyteller, others)
    elif judge not in others:
        raise RuleViolation("FA-3", f"the judge must be of the other team {list(others)}")
    return Turn(number=number, storyteller=storyteller, team=team, others=others, judge=judge)


def _check_teammates(
    teammates: Sequence[int], storyteller: int, players: int, team_size: int
) -> None:
    for seat in teammates:
        check_seat(seat, players)
    repeated = [seat for seat, times in Counter(teammates).items() if times > 1]
    if repeated or storyteller in teammates:
        raise InvalidAction(
            f"teammates must be distinct seats other than the storyteller; got {list(teammates)}"
        )
    if len(teammates) != team_size - 1:
        raise RuleViolation(
            "FA-2",
            f"with {players} players the storyteller's team has {team_size} seats, so "
            f"{team_size - 1} teammates; got {len(teammates)}",
        )


def _least_judged(state: State, storyteller: int, others: tuple[int, ...]) -> int:
    """The seat of the other team that has judged least; ties go clockwise from the
    storyteller's left, so the captaincy (and its bonus point) goes round."""
    judged = Counter(turn.judge for turn in state.history)
    order = seats_from(storyteller, state.players)
    return min(others, key=lambda seat: (judged[seat], order.index(seat)))
