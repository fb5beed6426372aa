"""Which rulings actions need, who votes, and how votes count."""

import pytest

from companion.cards import Deck
from companion.games.once_upon_a_time import (
    CardInterrupt,
    Challenge,
    End,
    Interrupt,
    JudgementRequired,
    Narrate,
    Pass,
    Play,
    RuleViolation,
    Simultaneous,
    State,
    apply,
    electorate,
    judgements_needed,
)
from tests.unit.games.helpers import YES, game, vote


@pytest.fixture
def table(deck: Deck) -> State:
    state = game(deck, {0: ("door",), 1: ("forest",), 2: ("tree",), 3: ("wolf",)}, players=5)
    return apply(state, Play(seat=0, card="door", sentence="A door in the forest.", judgement=YES))


def test_each_action_names_the_judgement_it_needs(table: State) -> None:
    assert judgements_needed(table, Narrate(seat=0, text="x")) == set()
    assert judgements_needed(table, Pass(seat=0)) == set()
    assert judgements_needed(table, Play(seat=0, card="x", sentence="x")) == {"significance"}
    assert judgements_needed(table, Interrupt(seat=1, card="forest")) == {"mention"}
    assert judgements_needed(table, CardInterrupt(seat=2, card="tree")) == set()
    assert judgements_needed(table, Challenge(seat=1)) == {"silly"}
    assert judgements_needed(table, End(seat=0, ending="e", linking=("x",))) == {"ending"}


def test_simultaneous_claims_need_rulings_up_to_the_first_card_interrupt(table: State) -> None:
    card_first = Simultaneous(
        claims=(CardInterrupt(seat=2, card="tree"), Interrupt(seat=1, card="forest"))
    )
    assert judgements_needed(table, card_first) == set()
    assert apply(table, card_first).storyteller == 2  # the mention claim was never judged
    mention_first = Simultaneous(
        claims=(Interrupt(seat=1, card="forest"), CardInterrupt(seat=2, card="tree"))
    )
    assert judgements_needed(table, mention_first) == {"mention"}
    with pytest.raises(JudgementRequired):
        apply(table, mention_first)
    assert electorate(table, mention_first) == {3, 4}


def test_electorates_leave_out_the_storyteller_and_the_claimants(table: State) -> None:
    assert electorate(table, Interrupt(seat=1, card="forest")) == {2, 3, 4}
    assert electorate(table, Challenge(seat=3)) == {1, 2, 4}
    assert electorate(table, End(seat=0, ending="e", linking=("x",))) == {1, 2, 3, 4}


@pytest.mark.parametrize(
    ("ballot", "message"),
    [(vote(yes=(2,), no=(2,)), "twice"), (vote(), "at least one"), (vote(yes=(0,)), "may not")],
)
def test_malformed_votes_are_refused(table: State, ballot: object, message: str) -> None:
    claim = Interrupt(seat=1, card="forest", judgement=ballot)
    with pytest.raises(RuleViolation, match=message) as error:
        apply(table, claim)
    assert error.value.rule == "OU-13"


def test_a_tie_goes_to_the_storyteller(deck: Deck, table: State) -> None:
    tie = vote(yes=(2,), no=(3,))
    assert apply(table, Interrupt(seat=1, card="forest", judgement=tie)).storyteller == 0
    assert apply(table, Challenge(seat=1, judgement=tie)).storyteller == 0
    hand = game(deck, {0: ("king",)}, players=3)
    small_tie = vote(yes=(1,), no=(2,))
    played = apply(hand, Play(seat=0, card="king", sentence="A king.", judgement=small_tie))
    assert played.table[-1].card == "king"
    empty = game(deck, {0: ()}, players=3)
    ending = empty.seats[0].endings[0]
    won = apply(empty, End(seat=0, ending=ending, linking=("So.",), judgement=small_tie))
    assert won.winner == 0
