"""Physical deck: declarations, hidden cards, and the impossible declarations the engine refuses."""

import pytest

from companion.cards import Deck
from companion.games.once_upon_a_time import (
    Config,
    DeclareDraw,
    DeclareHand,
    Interrupt,
    InvalidAction,
    Narrate,
    Pass,
    Play,
    RuleViolation,
    State,
    apply,
    legal_moves,
    new_game,
)
from tests.unit.games.helpers import NO, YES, game


def physical(deck: Deck, players: int = 3) -> State:
    names = tuple(f"P{seat}" for seat in range(players))
    return new_game(Config(players=names, deck_mode="physical"), deck)


def test_hands_start_hidden_and_may_be_declared_in_parts(deck: Deck) -> None:
    state = physical(deck)  # 3 players: 8 cards each
    assert [(s.hand, s.hidden, s.hidden_endings) for s in state.seats] == [((), 8, 1)] * 3
    state = apply(state, DeclareHand(seat=0, cards=("king", "queen")))
    state = apply(state, DeclareHand(seat=0, cards=("fox",), endings=("end-03",)))
    seat = state.seats[0]
    assert seat.hand == ("king", "queen", "fox") and seat.hidden == 5
    assert seat.endings == ("end-03",) and seat.hidden_endings == 0 and seat.hand_size == 8


def test_pd_1_a_card_declared_twice_is_refused(deck: Deck) -> None:
    state = apply(physical(deck), DeclareHand(seat=0, cards=("king",)))
    for action in (
        DeclareHand(seat=1, cards=("king",)),  # already in seat 0's hand
        DeclareHand(seat=0, cards=("king",)),  # already in own hand
        DeclareHand(seat=1, cards=("fox", "fox")),  # twice in one declaration
    ):
        with pytest.raises(RuleViolation) as error:
            apply(state, action)
        assert error.value.rule == "PD-1"
    with pytest.raises(RuleViolation, match="ending"):
        apply(
            apply(state, DeclareHand(seat=1, endings=("end-01",))),
            DeclareHand(seat=2, endings=("end-01",)),
        )


def test_pd_1_a_card_on_the_table_or_discarded_cannot_be_declared(deck: Deck) -> None:
    state = physical(deck)
    state = apply(state, Play(seat=0, card="king", sentence="A king.", judgement=YES))
    state = apply(state, Narrate(seat=0, text="He met a man."))
    state = apply(state, Interrupt(seat=1, card="people-meet", judgement=NO))
    for card, where in [("king", "on the table"), ("people-meet", "discard")]:
        with pytest.raises(RuleViolation, match=where) as error:
            apply(state, DeclareHand(seat=2, cards=(card,)))
        assert error.value.rule == "PD-1"
        with pytest.raises(RuleViolation, match=where):
            apply(state, Play(seat=0, card=card, sentence="Again.", judgement=YES))


def test_ou_04_a_hand_larger_than_dealt_is_refused(deck: Deck) -> None:
    state = physical(deck, players=6)  # 5 cards each
    cards = ("king", "queen", "fox", "cat", "wolf", "bear")
    with pytest.raises(RuleViolation) as error:
        apply(state, DeclareHand(seat=0, cards=cards))
    assert error.value.rule == "OU-4"
    state = apply(state, DeclareHand(seat=0, cards=cards[:5]))
    with pytest.raises(RuleViolation):
        apply(state, DeclareHand(seat=0, cards=("dragon",)))
    with pytest.raises(RuleViolation) as error:
        apply(state, DeclareHand(seat=0, endings=("end-01", "end-02")))
    assert error.value.rule == "OU-4"


def test_pd_2_a_draw_is_declared_only_when_owed(deck: Deck) -> None:
    state = physical(deck)
    with pytest.raises(RuleViolation) as error:
        apply(state, DeclareDraw(seat=0, cards=("king",)))
    assert error.value.rule == "PD-2"
    state = apply(state, Pass(seat=0))  # draws one: one declaration owed
    assert state.seats[0].owed == 1 and state.seats[0].hidden == 9
    assert [m.type for m in legal_moves(state, 0)][-2:] == ["declare_hand", "declare_draw"]
    with pytest.raises(RuleViolation) as error:
        apply(state, DeclareDraw(seat=0, cards=("king", "queen")))
    assert error.value.rule == "PD-2"
    state = apply(state, DeclareDraw(seat=0, cards=("king",)))
    assert state.seats[0].owed == 0 and state.seats[0].hand == ("king",)
    # the eight dealt cards still hidden can be declared, not as a draw
    with pytest.raises(RuleViolation):
        apply(state, DeclareDraw(seat=0, cards=("queen",)))


def test_a_drawn_card_played_before_it_is_declared(deck: Deck) -> None:
    state = apply(physical(deck, players=6), Pass(seat=0))  # 5 dealt + 1 drawn, all hidden
    state = apply(state, Pass(seat=1))
    state = apply(state, Pass(seat=2))
    state = apply(state, Pass(seat=3))
    state = apply(state, Pass(seat=4))
    state = apply(state, Pass(seat=5))
    # seat 0 plays the card it drew; the engine cannot tell, and keeps asking for the draw
    state = apply(state, Play(seat=0, card="fox", sentence="A fox.", judgement=YES))
    assert (state.seats[0].hidden, state.seats[0].owed) == (5, 1)
    # the five dealt cards can all be declared as the hand; nothing is then left owed
    five = ("king", "queen", "cat", "wolf", "bear")
    state = apply(state, DeclareHand(seat=0, cards=five))
    assert (state.seats[0].hidden, state.seats[0].owed, state.seats[0].hand) == (0, 0, five)


def test_a_hidden_card_is_revealed_when_first_played(deck: Deck) -> None:
    state = physical(deck)
    state = apply(state, Play(seat=0, card="dragon", sentence="A dragon.", judgement=YES))
    assert state.seats[0].hidden == 7 and state.seats[0].hand == ()
    assert state.pile_size() == 109 - 24


def test_a_seat_with_no_hidden_cards_cannot_name_new_ones(deck: Deck) -> None:
    state = physical(deck, players=6)
    state = apply(state, DeclareHand(seat=0, cards=("king", "queen", "fox", "cat", "wolf")))
    with pytest.raises(RuleViolation) as error:
        apply(state, Play(seat=0, card="dragon", sentence="A dragon.", judgement=YES))
    assert error.value.rule == "OU-6"


def test_declarations_belong_to_physical_games(deck: Deck) -> None:
    with pytest.raises(InvalidAction):
        apply(game(deck), DeclareHand(seat=0, cards=("king",)))
    with pytest.raises(InvalidAction):
        apply(physical(deck), DeclareHand(seat=0, cards=("no-such-card",)))
    with pytest.raises(InvalidAction):
        apply(physical(deck), DeclareHand(seat=0))


def test_physical_reshuffle_when_the_pile_runs_out(deck: Deck) -> None:
    # 2 players hold 20; pile 89. Seat 0 discards and draws on every pass until the pile is gone.
    state = new_game(Config(players=("a", "b"), deck_mode="physical"), deck)
    state = apply(state, DeclareHand(seat=0, cards=("king",)))
    state = apply(state, Pass(seat=0, discard="king"))
    while state.pile_size():
        state = apply(state, Pass(seat=state.storyteller))
    total_hidden = sum(seat.hidden for seat in state.seats)
    assert total_hidden == 109 - 1 and state.discard == ("king",)
    state = apply(state, Pass(seat=state.storyteller))  # pile empty: the discard is reshuffled
    assert state.discard == () and state.reshuffles == 1 and state.pile_size() == 0
    assert sum(seat.hidden for seat in state.seats) == 109
    again = apply(state, Pass(seat=state.storyteller))  # nothing left anywhere: no draw
    assert again.last is not None and again.last.draws[0].count == 0
