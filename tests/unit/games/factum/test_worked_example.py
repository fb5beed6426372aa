"""FA-6 / FA-7: the seed's worked example, 1 + 1 + 1 + 3 = 6 points in one turn.

"You are the storyteller; the judge's team takes the guess; you add another card of yours to
the table, and the judge's team picks that second card. After the vote your story beats the
previous one. One point as a member of the winning (confusing) team, one as its captain, one
for the card that fooled the guessers, and three for the best story."
"""

from companion.games.factum import (
    BestStory,
    ChooseGuessers,
    Decoy,
    Guess,
    Tell,
    Volunteer,
    apply,
)
from tests.unit.games.factum.helpers import add_decoys, game, guess_all, told


def test_fa_6_worked_example_storyteller_scores_six() -> None:
    # Turn 1: seat 1 tells; its story reigns (no vote after the first story).
    state = add_decoys(told(game(6), seat=1))
    state = guess_all(state, state.current().table[0])
    assert state.title is not None and state.title.holder == 1
    before = state.scores

    # Turn 2: seat 0 tells with seats 2 and 4; seat 1 judges the team of 1, 3 and 5.
    state = apply(state, Volunteer(seat=0, teammates=(2, 4), judge=1))
    story_card, second_card = state.hands[0][:2]
    state = apply(state, Tell(seat=0, card=story_card, text="The summer I got my licence"))
    state = apply(state, ChooseGuessers(seat=1, guessers="judge"))  # too obvious: we guess
    state = apply(state, Decoy(seat=0, card=second_card))  # the storyteller's second card
    state = apply(state, Decoy(seat=2, card=state.hands[2][0]))
    state = apply(state, Decoy(seat=4, card=state.hands[4][0]))
    assert state.awaiting() == (3, 5)  # the judge knows the card and does not vote
    state = apply(state, Guess(seat=3, card=second_card))
    state = apply(state, Guess(seat=5, card=second_card))
    assert state.phase == "best_story" and state.best_voters() == (2, 3, 4, 5)
    for seat in (2, 3, 4, 5):
        state = apply(state, BestStory(seat=seat, prefer="current"))

    turn = state.history[-1]
    assert (turn.picked, turn.correct, turn.best) == (second_card, False, "current")
    assert turn.points == (6, 0, 1, 0, 1, 0)
    assert state.scores[0] - before[0] == 6
    assert state.title is not None and (state.title.holder, state.title.points) == (0, True)
