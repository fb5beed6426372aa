"""One test (or a few) per rule FA-1 … FA-9 of RULES.md §2, named by its id."""

from typing import Any

import pydantic
import pytest

from companion.games.base import seeded_rng, shuffled
from companion.games.factum import (
    BestStory,
    ChooseGuessers,
    Decoy,
    Guess,
    InvalidAction,
    RuleViolation,
    State,
    Tell,
    Volunteer,
    apply,
    is_terminal,
    legal_actions,
    new_game,
    seat_view,
    winners,
)
from tests.unit.games.factum.helpers import (
    add_decoys,
    config,
    game,
    guess_all,
    told,
    vote_all,
)


def violation(rule: str) -> Any:
    return pytest.raises(RuleViolation, match=f"^{rule}:")


# --- FA-1: 4-12 players, hands of 5 ---------------------------------------------------------


@pytest.mark.parametrize("players", range(4, 13))
def test_fa_1_every_seat_is_dealt_five_distinct_cards(players: int) -> None:
    state = game(players)
    assert [len(hand) for hand in state.hands] == [5] * players
    held = [card for hand in state.hands for card in hand]
    assert len(set(held)) == len(held) == 5 * players
    assert len(state.draw_pile) == 80 - 5 * players


@pytest.mark.parametrize("players", [3, 13])
def test_fa_1_four_to_twelve_players(players: int) -> None:
    with pytest.raises(pydantic.ValidationError, match=f"{players} players: Factum needs 4..12"):
        config(players)


def test_fa_1_deck_must_deal_and_fill_the_table() -> None:
    with pytest.raises(pydantic.ValidationError, match="at least 22 cards"):
        config(4, size=21)  # 4 hands of 5 plus a fill-up of 2
    assert len(game(4, size=22).draw_pile) == 2
    with pytest.raises(pydantic.ValidationError, match=r"repeated: \['card-001'\]"):
        config(4).model_validate(
            {"players": ("a", "b", "c", "d"), "deck": ("card-001", *config(4).deck)}
        )


# --- FA-2: volunteer storyteller, team split, the story -----------------------------------


def test_fa_2_any_seat_may_volunteer_and_captains_the_storyteller_team() -> None:
    state = game(5)
    assert state.phase == "volunteer"
    assert set(legal_actions(state)) == set(range(5))
    assert all(moves[0].type == "volunteer" for moves in legal_actions(state).values())
    state = apply(state, Volunteer(seat=3))
    assert state.phase == "storytelling"
    assert state.current().storyteller == 3
    assert 3 in state.current().team
    assert state.awaiting() == (3,)


@pytest.mark.parametrize("players", range(4, 13))
def test_fa_2_teams_split_evenly_the_storyteller_team_one_more_when_odd(players: int) -> None:
    for seed in range(5):
        turn = apply(game(players, seed=seed), Volunteer(seat=seed % players)).current()
        assert len(turn.team) == (players + 1) // 2
        assert len(turn.others) == players // 2
        assert sorted(turn.team + turn.others) == list(range(players))


def test_fa_2_teams_are_drawn_by_lot_from_the_seed() -> None:
    splits = {apply(game(8, seed=seed), Volunteer(seat=0)).current().team for seed in range(12)}
    assert len(splits) > 1
    again = apply(game(8, seed=3), Volunteer(seat=0)).current()
    assert again == apply(game(8, seed=3), Volunteer(seat=0)).current()


def test_fa_2_the_table_may_give_the_teams_and_the_judge() -> None:
    state = apply(game(6), Volunteer(seat=1, teammates=(4, 5), judge=3))
    turn = state.current()
    assert (turn.team, turn.others, turn.judge) == ((1, 4, 5), (0, 2, 3), 3)
    with violation("FA-2"):
        apply(game(6), Volunteer(seat=1, teammates=(4,)))
    with pytest.raises(InvalidAction, match="distinct seats other than the storyteller"):
        apply(game(6), Volunteer(seat=1, teammates=(1, 4)))
    with pytest.raises(InvalidAction, match="seat 9 does not exist"):
        apply(game(6), Volunteer(seat=1, teammates=(4, 9)))


def test_fa_2_the_storyteller_tells_on_a_card_of_their_hand_text_optional() -> None:
    state = apply(game(4), Volunteer(seat=0))
    card = state.hands[0][2]
    aloud = apply(state, Tell(seat=0, card=card))
    assert aloud.phase == "judging"
    assert aloud.current().card == card and aloud.current().story is None
    assert card not in aloud.hands[0]
    typed = apply(state, Tell(seat=0, card=card, text="  The day my bike was stolen.  "))
    assert typed.current().story == "The day my bike was stolen."
    with violation("FA-2"):
        apply(state, Tell(seat=0, card=state.hands[1][0]))
    with pytest.raises(InvalidAction, match="not a card of this game's deck"):
        apply(state, Tell(seat=0, card="no such card"))
    with violation("FA-2"):
        apply(state, Tell(seat=1, card=state.hands[1][0]))


# --- FA-3: the judge -----------------------------------------------------------------------


def test_fa_3_the_judge_is_of_the_other_team_and_alone_sees_the_card() -> None:
    state = apply(game(6), Volunteer(seat=2))
    turn = state.current()
    assert turn.judge in turn.others
    assert seat_view(state, turn.judge)["turn"]["storyteller_card"] is None  # not told yet
    state = apply(state, Tell(seat=2, card=state.hands[2][0]))
    card = state.current().card
    for seat in range(6):
        seen = seat_view(state, seat)["turn"]["storyteller_card"]
        assert seen == (card if seat in (2, turn.judge) else None)
    assert seat_view(state, None)["turn"]["storyteller_card"] is None


def test_fa_3_only_the_judge_chooses_which_team_guesses() -> None:
    state = apply(apply(game(6), Volunteer(seat=2)), Tell(seat=2, card=game(6).hands[2][0]))
    turn = state.current()
    assert state.awaiting() == (turn.judge,)
    assert legal_actions(state)[turn.judge][0].options == ("storyteller", "judge")
    with violation("FA-3"):
        apply(state, ChooseGuessers(seat=2, guessers="judge"))
    chosen = apply(state, ChooseGuessers(seat=turn.judge, guessers="storyteller"))
    assert chosen.phase == "decoys"
    assert chosen.current().guessing_team == turn.team


def test_fa_3_the_judge_captaincy_goes_round_unless_the_table_names_one() -> None:
    state = game(8)
    judges = []
    for turn in range(6):
        state = apply(state, Volunteer(seat=turn % 2))
        others = state.current().others
        judged_before = [judges.count(seat) for seat in others]
        assert judges.count(state.current().judge) == min(judged_before)
        judges.append(state.current().judge)
        state = add_decoys(_tell_choose(state))
        state = vote_all(guess_all(state, _card(state)), "current")
    with violation("FA-3"):
        apply(game(6), Volunteer(seat=1, teammates=(4, 5), judge=4))


def _tell_choose(state: State, guessers: str = "judge") -> State:
    turn = state.current()
    state = apply(state, Tell(seat=turn.storyteller, card=state.hands[turn.storyteller][0]))
    return apply(state, ChooseGuessers(seat=turn.judge, guessers=guessers))  # type: ignore[arg-type]


def _card(state: State) -> str:
    card = state.current().card
    assert card is not None
    return card


# --- FA-4: decoys and the fill-up ---------------------------------------------------------


def test_fa_4_when_the_judge_team_guesses_the_storyteller_adds_a_decoy_too() -> None:
    state = told(game(6), seat=0, guessers="judge")
    turn = state.current()
    assert state.awaiting() == turn.team and 0 in turn.team
    for seat in turn.team:
        assert legal_actions(state)[seat][0].cards == state.hands[seat]
    with violation("FA-4"):
        apply(state, Decoy(seat=turn.others[0], card=state.hands[turn.others[0]][0]))
    with violation("FA-4"):
        apply(state, Decoy(seat=0, card=state.hands[1][0]))
    state = add_decoys(state)
    assert state.phase == "guessing"
    assert set(state.current().decoys) == set(turn.team)


def test_fa_4_when_the_storyteller_team_guesses_the_judge_team_adds_decoys() -> None:
    state = add_decoys(told(game(7), seat=0, guessers="storyteller"))
    turn = state.current()
    assert set(turn.decoys) == set(turn.others)
    assert turn.judge in turn.decoys


def test_fa_4_the_table_is_filled_up_to_five_from_the_deck() -> None:
    state = told(game(4), seat=0, guessers="storyteller")
    top = state.draw_pile[:2]
    state = add_decoys(state)
    turn = state.current()
    assert len(turn.decoys) == 2
    assert turn.fill == top
    assert len(turn.table) == 5
    assert state.draw_pile == game(4).draw_pile[2:]


@pytest.mark.parametrize(
    ("players", "guessers", "cards"), [(12, "judge", 7), (11, "storyteller", 6)]
)
def test_fa_4_a_large_table_puts_more_than_five_cards_down(
    players: int, guessers: str, cards: int
) -> None:
    state = add_decoys(told(game(players), seat=0, guessers=guessers))
    assert len(state.current().table) == cards
    assert state.current().fill == ()


# --- FA-5: shuffle and the guessing team's vote ------------------------------------------


def test_fa_5_the_cards_are_shuffled_by_the_seed_and_shown() -> None:
    firsts = set()
    for seed in range(10):
        state = add_decoys(told(game(6, seed=seed), seat=0))
        turn = state.current()
        placed = (turn.card, *(turn.decoys[s] for s in sorted(turn.decoys)), *turn.fill)
        assert turn.table == shuffled(placed, seed, "table-1")
        firsts.add(turn.table.index(_card(state)))
        assert seat_view(state, None)["turn"]["table"] == list(turn.table)
    assert len(firsts) > 1  # the storyteller's card is not always in one place


def test_fa_5_the_guessing_team_votes_but_not_its_captain() -> None:
    state = add_decoys(told(game(8), seat=0, guessers="judge"))
    turn = state.current()
    assert turn.guess_voters == tuple(s for s in turn.others if s != turn.judge)
    assert state.awaiting() == turn.guess_voters
    with violation("FA-5"):
        apply(state, Guess(seat=turn.judge, card=turn.table[0]))
    with violation("FA-5"):
        apply(state, Guess(seat=0, card=turn.table[0]))
    with violation("FA-5"):
        apply(state, Guess(seat=turn.guess_voters[0], card=state.hands[0][0]))


def test_fa_5_the_most_voted_card_is_the_pick() -> None:
    state = add_decoys(told(game(8), seat=0, guessers="judge"))
    turn = state.current()
    first, second, third = turn.guess_voters
    decoy = next(card for card in turn.table if card != turn.card)
    state = apply(state, Guess(seat=first, card=decoy))
    state = apply(state, Guess(seat=second, card=_card(state)))
    state = apply(state, Guess(seat=third, card=decoy))
    assert state.phase == "volunteer"  # the first turn ends with its guess
    last = state.history[-1]
    assert last.picked == decoy and last.correct is False and not last.tie_broken


def test_fa_5_a_tie_is_settled_by_a_seeded_lot() -> None:
    picks = set()
    for seed in range(12):
        state = add_decoys(told(game(6, seed=seed), seat=0, guessers="storyteller"))
        turn = state.current()
        first, second = turn.guess_voters
        decoy = next(card for card in turn.table if card != turn.card)
        state = apply(state, Guess(seat=first, card=decoy))
        state = apply(state, Guess(seat=second, card=_card(state)))
        done = state.history[-1]
        tied = [card for card in turn.table if card in (decoy, turn.card)]
        assert done.tie_broken
        assert done.picked == seeded_rng(seed, "guess-tie-1").choice(tied)
        picks.add(done.correct)
    assert picks == {True, False}


# --- FA-6: scoring -------------------------------------------------------------------------


def test_fa_6_a_right_guess_scores_the_guessing_team_and_its_captain() -> None:
    state = add_decoys(told(game(6), seat=0, guessers="storyteller"))
    turn = state.current()
    state = guess_all(state, _card(state))
    expected = [0] * 6
    for seat in turn.team:
        expected[seat] = 2 if seat == 0 else 1
    assert list(state.scores) == expected
    assert state.history[-1].correct is True


def test_fa_6_a_wrong_guess_scores_the_confusing_team_its_captain_and_the_decoy_owner() -> None:
    state = add_decoys(told(game(6), seat=0, guessers="storyteller"))
    turn = state.current()
    owner = next(s for s in turn.others if s != turn.judge)
    state = guess_all(state, turn.decoys[owner])
    expected = [0] * 6
    for seat in turn.others:
        expected[seat] = 1
    expected[turn.judge] += 1
    expected[owner] += 1
    assert list(state.scores) == expected


def test_fa_6_a_picked_fill_up_card_earns_its_owner_nothing() -> None:
    state = add_decoys(told(game(4), seat=0, guessers="storyteller"))
    turn = state.current()
    state = guess_all(state, turn.fill[0])
    expected = [0] * 4
    for seat in turn.others:
        expected[seat] = 2 if seat == turn.judge else 1
    assert list(state.scores) == expected


# --- FA-7: the best-story vote -------------------------------------------------------------


def _turn(state: State, seat: int, right: bool, prefer: str | None = None) -> State:
    """`seat` tells; the judge's team guesses, rightly or not; the best-story vote if any."""
    state = add_decoys(told(state, seat=seat, guessers="judge"))
    turn = state.current()
    pick = turn.card if right else next(c for c in turn.table if c != turn.card)
    state = guess_all(state, pick)  # type: ignore[arg-type]
    return vote_all(state, prefer) if prefer else state


def test_fa_7_no_vote_after_the_first_story_which_reigns_without_points() -> None:
    state = _turn(game(4), seat=1, right=True)
    assert state.phase == "volunteer"
    assert state.title is not None
    assert (state.title.turn, state.title.holder, state.title.points) == (1, 1, False)


def test_fa_7_neither_storyteller_votes() -> None:
    state = _turn(_turn(game(6), seat=1, right=True), seat=4, right=False)
    assert state.phase == "best_story"
    assert state.best_voters() == (0, 2, 3, 5)
    for seat in (1, 4):
        with violation("FA-7"):
            apply(state, BestStory(seat=seat, prefer="current"))


def test_fa_7_a_majority_moves_the_title_and_its_three_points() -> None:
    state = _turn(game(6), seat=1, right=True)
    guess = _turn(state, seat=4, right=True)
    state = vote_all(guess, "current")
    assert state.title is not None and (state.title.holder, state.title.points) == (4, True)
    assert state.scores[4] == guess.scores[4] + 3
    assert state.scores[1] == guess.scores[1]  # the first story reigned without points
    guess = _turn(state, seat=2, right=True)
    state = vote_all(guess, "current")
    assert state.title is not None and (state.title.holder, state.title.turn) == (2, 3)
    assert state.scores[2] == guess.scores[2] + 3
    assert state.scores[4] == guess.scores[4] - 3
    assert state.history[-1].points[4] == guess.current().points[4] - 3


def test_fa_7_a_majority_for_the_reigning_story_gives_its_points_once() -> None:
    state = _turn(game(6), seat=1, right=True)
    guess = _turn(state, seat=4, right=True)
    state = vote_all(guess, "reigning")
    assert state.scores[1] == guess.scores[1] + 3
    assert state.title is not None and (state.title.holder, state.title.points) == (1, True)
    guess = _turn(state, seat=2, right=True)
    state = vote_all(guess, "reigning")
    assert state.scores == guess.scores


def test_fa_7_a_tie_keeps_the_title_without_points() -> None:
    state = _turn(game(4), seat=0, right=True)
    guess = _turn(state, seat=1, right=True)
    assert guess.best_voters() == (2, 3)
    state = apply(guess, BestStory(seat=2, prefer="current"))
    state = apply(state, BestStory(seat=3, prefer="reigning"))
    assert state.history[-1].best == "tie"
    assert state.scores == guess.scores
    assert state.title is not None and (state.title.holder, state.title.points) == (0, False)


def test_fa_7_votes_stay_secret_only_the_tally_is_shown() -> None:
    guess = _turn(_turn(game(6), seat=1, right=True), seat=4, right=True)
    state = apply(guess, BestStory(seat=0, prefer="reigning"))
    for seat in (None, 1, 2, 3, 4, 5):
        view = seat_view(state, seat)["turn"]
        assert view["best_voted"] == [0]
        assert view["your_best_vote"] is None
        assert "reigning" not in str(view["result"])
    assert seat_view(state, 0)["turn"]["your_best_vote"] == "reigning"
    state = vote_all(state, "current")
    assert seat_view(state, None)["last_turn"]["best_tally"] == {"current": 3, "reigning": 1}


# --- FA-8: end of turn ---------------------------------------------------------------------


def test_fa_8_nobody_tells_twice_in_a_row() -> None:
    state = _turn(game(4), seat=2, right=True)
    assert legal_actions(state)[2] == ()
    assert all(legal_actions(state)[seat] for seat in (0, 1, 3))
    with violation("FA-8"):
        apply(state, Volunteer(seat=2))
    state = _turn(state, seat=0, right=True, prefer="current")
    assert apply(state, Volunteer(seat=2)).current().storyteller == 2


def test_fa_8_played_cards_are_discarded_and_hands_refill_to_five() -> None:
    state = add_decoys(told(game(5), seat=0))
    table = state.current().table
    pile = state.draw_pile
    state = guess_all(state, table[0])
    assert state.discard == table
    assert [len(hand) for hand in state.hands] == [5] * 5
    drawn = 5 * 5 - sum(len(h) for h in add_decoys(told(game(5), seat=0)).hands)
    assert state.draw_pile == pile[drawn:]


def test_fa_8_an_empty_deck_is_refilled_by_shuffling_the_discards() -> None:
    state = game(4, size=22)
    for turn in range(4):
        state = _turn(state, seat=turn % 4, right=turn % 2 == 0, prefer="current")
        assert sorted(state.cards_in_play()) == sorted(state.config.deck)
        assert [len(hand) for hand in state.hands] == [5] * 4
    assert state.reshuffles >= 2


# --- FA-9: first to 15 ---------------------------------------------------------------------


def test_fa_9_the_game_ends_at_the_end_of_the_turn_that_reaches_fifteen() -> None:
    state = _turn(game(4), seat=0, right=True)
    state = state.model_copy(update={"scores": (14, 14, 14, 3)})
    guess = _turn(state, seat=1, right=True)
    assert guess.phase == "best_story" and max(guess.scores) >= 15  # the turn is not over
    over = vote_all(guess, "reigning")
    assert is_terminal(over) and over.phase == "over"
    top = max(over.scores)
    assert winners(over) == tuple(s for s in range(4) if over.scores[s] == top)
    assert all(moves == () for moves in legal_actions(over).values())
    with violation("FA-9"):
        apply(over, Volunteer(seat=3))


def test_fa_9_tied_leaders_win_together() -> None:
    guess = _turn(_turn(game(4), seat=0, right=True), seat=1, right=True)
    guess = guess.model_copy(update={"scores": (15, 15, 3, 3)})
    state = apply(guess, BestStory(seat=2, prefer="current"))
    tie = apply(state, BestStory(seat=3, prefer="reigning"))
    assert tie.scores == (15, 15, 3, 3) and winners(tie) == (0, 1)
    moved = apply(state, BestStory(seat=3, prefer="current"))
    assert moved.scores == (15, 18, 3, 3) and winners(moved) == (1,)


def test_new_game_is_a_pure_function_of_the_config() -> None:
    assert new_game(config(6, seed=4)) == new_game(config(6, seed=4))
    assert new_game(config(6, seed=4)).hands != new_game(config(6, seed=5)).hands
