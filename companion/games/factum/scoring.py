"""Scoring (FA-6), the best-story title (FA-7), the end of a turn (FA-8) and of the game (FA-9).

Points of a turn land in `Turn.points` (one entry per seat, what the seat's score changed by in
this turn) as well as in `State.scores`.
"""

from collections import Counter

from companion.games.base import seeded_rng
from companion.games.factum.piles import Piles, refill
from companion.games.factum.state import BestResult, State, Title, Turn

BEST_STORY_POINTS = 3  # FA-7


def guess_result(state: State, turn: Turn) -> tuple[str, bool]:
    """FA-5: the guessing team's pick, by most votes; a tie among the most-voted cards is
    settled by lot (seeded `guess-tie-<turn>`), the table's coin toss. Second: whether a lot
    was drawn."""
    tally = Counter(turn.guesses.values())
    top = max(tally.values())
    tied = [card for card in turn.table if tally[card] == top]
    if len(tied) == 1:
        return tied[0], False
    return seeded_rng(state.config.seed, f"guess-tie-{turn.number}").choice(tied), True


def guess_points(turn: Turn, picked: str, players: int) -> list[int]:
    """FA-6: +1 to each seat of the winning team, +1 more to its captain (the storyteller or the
    judge), +1 to the owner of a wrongly picked decoy (a fill-up card from the deck has none)."""
    points = [0] * players
    correct = picked == turn.card
    winners = turn.guessing_team if correct else turn.confusing_team
    for seat in winners:
        points[seat] += 1
    points[turn.storyteller if turn.storyteller in winners else turn.judge] += 1
    owner = turn.owner(picked)
    if not correct and owner is not None:
        points[owner] += 1
    return points


def score_guess(state: State) -> State:
    """Count the guessing vote and score it; then the best-story vote, or (first turn) the end."""
    turn = state.current()
    picked, tie_broken = guess_result(state, turn)
    points = guess_points(turn, picked, state.players)
    turn = turn.model_copy(
        update={
            "picked": picked,
            "tie_broken": tie_broken,
            "correct": picked == turn.card,
            "points": tuple(points),
        }
    )
    scores = tuple(score + gain for score, gain in zip(state.scores, points, strict=True))
    state = state.model_copy(update={"turn": turn, "scores": scores})
    if state.title is None:
        # FA-7: the vote starts with the second story; the first one simply reigns, without
        # the title's points until a vote gives them.
        title = Title(turn=turn.number, holder=turn.storyteller)
        return end_turn(state.model_copy(update={"title": title}))
    turn = turn.model_copy(update={"voters": state.best_voters()})
    return state.model_copy(update={"phase": "best_story", "turn": turn})


def best_result(turn: Turn) -> BestResult:
    tally = Counter(turn.best_votes.values())
    if tally["current"] == tally["reigning"]:
        return "tie"
    return "current" if tally["current"] > tally["reigning"] else "reigning"


def count_best_story(state: State) -> State:
    """FA-7: a majority for the current story moves the title and its 3 points to its teller
    (the holder of the points loses them); a majority for the reigning story gives its holder
    the points if they do not hold them yet; a tie keeps the title as it is, with no points."""
    turn = state.current()
    title = state.title
    assert title is not None  # the best_story phase only follows a first turn
    result = best_result(turn)
    change = [0] * state.players
    if result == "current":
        if title.points:
            change[title.holder] -= BEST_STORY_POINTS
        change[turn.storyteller] += BEST_STORY_POINTS
        title = Title(turn=turn.number, holder=turn.storyteller, points=True)
    elif result == "reigning" and not title.points:
        change[title.holder] += BEST_STORY_POINTS
        title = title.model_copy(update={"points": True})
    scores = tuple(score + delta for score, delta in zip(state.scores, change, strict=True))
    points = tuple(gain + delta for gain, delta in zip(turn.points, change, strict=True))
    turn = turn.model_copy(update={"best": result, "points": points})
    return end_turn(state.model_copy(update={"turn": turn, "scores": scores, "title": title}))


def end_turn(state: State) -> State:
    """FA-8: the table's cards are discarded, hands refill to 5 clockwise from the storyteller's
    left. FA-9: if someone has reached the target, the game is over and the highest score wins
    (tied seats win together); otherwise a new volunteer is asked for."""
    turn = state.current()
    seed = state.config.seed
    piles = Piles(state.draw_pile, (*state.discard, *turn.table), state.reshuffles)
    hands = state.hands
    if not state.physical:  # a physical deck: people draw their own cards
        hands, piles = refill(hands, piles, seed, (turn.storyteller + 1) % state.players)
    top = max(state.scores)
    over = top >= state.config.target_score
    return state.model_copy(
        update={
            "hands": hands,
            "draw_pile": piles.draw,
            "discard": piles.discard,
            "reshuffles": piles.reshuffles,
            "turn": None,
            "history": (*state.history, turn),
            "phase": "over" if over else "volunteer",
            "winners": tuple(s for s, score in enumerate(state.scores) if score == top)
            if over
            else (),
        }
    )
