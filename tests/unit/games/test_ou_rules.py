"""One test (or a few) per rule of Once Upon a Time, named with the rule id (shared/RULES.md)."""

import pytest

from companion.cards import Deck, Group
from companion.games.once_upon_a_time import (
    AlphabeticalDraw,
    CardInterrupt,
    Challenge,
    Config,
    ConfigError,
    End,
    GivenSeat,
    Interrupt,
    JudgementRequired,
    MostCardsLastGame,
    Narrate,
    Pass,
    Play,
    RuleViolation,
    Simultaneous,
    Stall,
    State,
    Variants,
    apply,
    legal_actions,
    new_game,
)
from companion.games.once_upon_a_time.setup import alphabetical_key
from tests.unit.games.helpers import NO, YES, game, sizes, vote


def told(state: State, seat: int, text: str) -> State:
    return apply(state, Narrate(seat=seat, text=text))


def test_ou_01_every_story_card_belongs_to_one_of_five_groups(deck: Deck) -> None:
    state = new_game(Config(players=("a", "b")), deck)
    assert set(state.cards) == {card.id for card in deck}
    assert {info.group for info in state.cards.values()} == set(Group)
    assert all(state.cards[card.id].group is card.group for card in deck)


def test_ou_02_interrupt_card_plays_as_an_ordinary_story_card(deck: Deck) -> None:
    assert deck.story_card("tree").interrupt
    state = game(deck, {0: ("tree", "king")})
    state = apply(
        state, Play(seat=0, card="tree", sentence="An old tree grew there.", judgement=YES)
    )
    assert state.table[-1].card == "tree" and state.table[-1].how == "play"
    assert state.seats[0].hand == ("king",)


def test_ou_03_each_player_holds_an_ending_card_of_the_deck(deck: Deck) -> None:
    state = new_game(Config(players=("a", "b", "c")), deck)
    held = [ending for seat in state.seats for ending in seat.endings]
    assert len(held) == 3 == len(set(held))
    assert set(held) <= {ending.id for ending in deck.endings}
    assert len(state.ending_pile) == len(deck.endings) - 3


@pytest.mark.parametrize(("players", "dealt"), [(2, 10), (3, 8), (4, 7), (5, 6), (6, 5), (9, 5)])
def test_ou_04_deal_by_player_count(deck: Deck, players: int, dealt: int) -> None:
    names = tuple(f"p{i}" for i in range(players))
    virtual = new_game(Config(players=names, seed=players), deck)
    assert sizes(virtual) == [dealt] * players
    assert [len(seat.endings) for seat in virtual.seats] == [1] * players
    assert len(virtual.draw_pile) == 109 - players * dealt
    physical = new_game(Config(players=names, deck_mode="physical"), deck)
    assert [seat.hidden for seat in physical.seats] == [dealt] * players
    assert physical.pile_size() == 109 - players * dealt


def test_ou_04_a_deck_too_small_for_the_table_is_refused(deck: Deck) -> None:
    small = Deck(
        name="small", game=deck.game, story_cards=deck.story_cards[:19], endings=deck.endings
    )
    with pytest.raises(ConfigError, match="need 20 story"):
        new_game(Config(players=("a", "b")), small)
    exact = Deck(name="24", game=deck.game, story_cards=deck.story_cards[:24], endings=())
    with pytest.raises(ConfigError, match="3 ending"):
        new_game(Config(players=("a", "b", "c")), exact)
    exact = Deck(name="24", game=deck.game, story_cards=exact.story_cards, endings=deck.endings)
    assert sizes(new_game(Config(players=("a", "b", "c")), exact)) == [8, 8, 8]  # 3 x 8 = 24
    few_endings = Deck(
        name="few", game=deck.game, story_cards=deck.story_cards, endings=deck.endings[:3]
    )
    with pytest.raises(ConfigError, match="4 ending"):
        new_game(
            Config(players=("a", "b", "c"), variants=Variants(multiple_endings=(0,))), few_endings
        )


def test_ou_05_first_storyteller_by_given_seat(deck: Deck) -> None:
    config = Config(players=("a", "b", "c"), first_storyteller=GivenSeat(seat=2, reason="oldest"))
    state = new_game(config, deck)
    assert state.storyteller == 2 and state.start.method == "given:oldest"


def test_ou_05_alphabetical_draw_ignores_articles(deck: Deck) -> None:
    assert alphabetical_key("A Journey") == "journey"
    assert alphabetical_key("An Argument") == "argument"
    assert alphabetical_key("The Tower") == "tower"
    # "A Journey" sorts before "Bear" only if the article counted: it must not.
    config = Config(
        players=("a", "b", "c"),
        deck_mode="physical",
        first_storyteller=AlphabeticalDraw(cards=("journey", "bear", "wolf")),
    )
    assert new_game(config, deck).storyteller == 1


def test_ou_05_alphabetical_draw_with_the_virtual_deck(deck: Deck) -> None:
    for seed in range(20):
        config = Config(
            players=("a", "b", "c", "d"), seed=seed, first_storyteller=AlphabeticalDraw()
        )
        state = new_game(config, deck)
        keys = [alphabetical_key(deck.story_card(card).label()) for card in state.start.cards]
        assert len(state.start.cards) == 4
        assert state.storyteller == keys.index(min(keys))


def test_ou_05_alphabetical_draw_needs_one_card_per_seat(deck: Deck) -> None:
    physical = Config(
        players=("a", "b"),
        deck_mode="physical",
        first_storyteller=AlphabeticalDraw(cards=("king",)),
    )
    with pytest.raises(ConfigError):
        new_game(physical, deck)
    virtual = Config(players=("a", "b"), first_storyteller=AlphabeticalDraw(cards=("king", "fox")))
    with pytest.raises(ConfigError):
        new_game(virtual, deck)


def test_ou_06_only_the_storyteller_tells_and_plays_own_cards(deck: Deck) -> None:
    state = game(deck, {0: ("king",), 1: ("queen",)})
    with pytest.raises(RuleViolation) as error:
        apply(state, Narrate(seat=1, text="I take over."))
    assert error.value.rule == "OU-6"
    with pytest.raises(RuleViolation) as error:
        apply(state, Play(seat=0, card="queen", sentence="A queen came.", judgement=YES))
    assert error.value.rule == "OU-6"
    state = apply(state, Play(seat=0, card="king", sentence="A king ruled.", judgement=YES))
    assert state.seats[0].hand == () and [p.card for p in state.table] == ["king"]
    assert state.story[-1].card == "king"


def test_ou_07_two_cards_may_not_share_a_sentence(deck: Deck) -> None:
    state = game(deck, {0: ("king", "queen")})
    state = told(state, 0, "The king and the queen ruled the land.")
    state = apply(state, Play(seat=0, card="king", line=0, judgement=YES))
    with pytest.raises(RuleViolation) as error:
        apply(state, Play(seat=0, card="queen", line=0, judgement=YES))
    assert error.value.rule == "OU-7"


def test_ou_07_an_element_named_in_passing_does_not_count(deck: Deck) -> None:
    state = game(deck, {0: ("horse", "wolf")})
    sentence = "On the way he saw horses, wolves and a talking giraffe."
    state = apply(state, Play(seat=0, card="horse", sentence=sentence, judgement=NO))
    assert state.last is not None and state.last.accepted is False
    assert state.seats[0].hand == ("horse", "wolf") and state.table == ()
    assert state.story[-1].text == sentence and state.story[-1].card is None
    assert state.window is None  # no card played: nothing to card-interrupt


def test_ou_07_a_play_needs_its_ruling(deck: Deck) -> None:
    state = game(deck, {0: ("king",)})
    with pytest.raises(JudgementRequired) as error:
        apply(state, Play(seat=0, card="king", sentence="A king."))
    assert error.value.kinds == {"significance"}


def test_ou_08_a_storyteller_may_play_everything_and_end_uninterrupted(deck: Deck) -> None:
    hand = ("king", "queen", "forest", "castle", "sword", "ring", "happy", "wedding", "fox", "cat")
    state = game(deck, {0: hand}, players=2)
    for card in hand:
        state = apply(
            state, Play(seat=0, card=card, sentence=f"Then came the {card}.", judgement=YES)
        )
    ending = state.seats[0].endings[0]
    state = apply(state, End(seat=0, ending=ending, linking=("And so it ended.",), judgement=YES))
    assert state.is_terminal and state.winner == 0 and state.ending == ending
    assert len(state.table) == 10 and state.storyteller == 0


def test_ou_09_pass_discards_one_draws_one_and_the_left_neighbour_tells(deck: Deck) -> None:
    state = game(deck, {0: ("king", "queen")}, players=3)
    top = state.draw_pile[0]
    after = apply(state, Pass(seat=0, discard="queen"))
    assert after.seats[0].hand == ("king", top) and after.discard == ("queen",)
    assert after.storyteller == 1 and after.turn == 1
    plain = apply(state, Pass(seat=0))
    assert plain.seats[0].hand == ("king", "queen", top) and plain.discard == ()
    with pytest.raises(RuleViolation) as error:
        apply(state, Pass(seat=1))
    assert error.value.rule == "OU-9"


def test_ou_09_the_left_of_the_last_seat_is_the_first(deck: Deck) -> None:
    state = game(deck, {}, players=3, storyteller=2)
    assert apply(state, Pass(seat=2)).storyteller == 0


def test_ou_10_mention_interrupt_takes_the_story_over(deck: Deck) -> None:
    state = game(deck, {0: ("king",), 2: ("child", "forest")})
    state = told(state, 0, "A year and a day later she gave birth to a baby boy.")
    state = apply(state, Interrupt(seat=2, card="child", judgement=YES))
    assert state.storyteller == 2 and state.seats[2].hand == ("forest",)
    assert state.table[-1].how == "interrupt" and state.table[-1].line == 0


def test_ou_10_not_before_the_storyteller_said_anything(deck: Deck) -> None:
    state = game(deck, {1: ("forest",)})
    with pytest.raises(RuleViolation) as error:
        apply(state, Interrupt(seat=1, card="forest", judgement=YES))
    assert error.value.rule == "OU-10"
    state = told(state, 0, "She slept under an oak in the forest.")
    state = apply(state, Pass(seat=0))
    # seat 1 now tells; what seat 0 said can no longer be claimed
    with pytest.raises(RuleViolation):
        apply(state, Interrupt(seat=2, card=state.seats[2].hand[0], line=0, judgement=YES))


def test_ou_10_only_the_latest_sentences_since_the_last_card_can_be_claimed(deck: Deck) -> None:
    state = game(deck, {0: ("king", "queen"), 1: ("forest", "child")})
    state = told(state, 0, "She slept under an oak in the forest.")
    state = told(state, 0, "Nobody knew her name.")
    assert list(state.claimable_lines()) == [0, 1]  # no card played yet: the whole turn
    state = apply(state, Play(seat=0, card="king", sentence="A king rode by.", judgement=YES))
    state = told(state, 0, "He was tired.")
    assert list(state.claimable_lines()) == [2, 3]  # the card's line and what followed it
    with pytest.raises(RuleViolation) as error:
        apply(state, Interrupt(seat=1, card="forest", line=0, judgement=YES))
    assert error.value.rule == "OU-10"
    after = apply(state, Interrupt(seat=1, card="forest", line=2, judgement=YES))
    assert after.storyteller == 1 and after.table[-1].line == 2


def test_ou_10_a_mention_claim_is_legal_only_while_a_latest_line_exists(deck: Deck) -> None:
    state = game(deck, {0: ("king",), 1: ("forest",)})
    assert not any(m.type == "interrupt" for m in legal_actions(state)[1])
    state = told(state, 0, "In the forest.")
    assert any(m.type == "interrupt" for m in legal_actions(state)[1])


def test_ou_10_the_storyteller_cannot_interrupt_themselves(deck: Deck) -> None:
    state = told(game(deck, {0: ("forest",)}), 0, "In the forest.")
    with pytest.raises(RuleViolation) as error:
        apply(state, Interrupt(seat=0, card="forest", judgement=YES))
    assert error.value.rule == "OU-10"


def test_ou_10_an_interrupt_needs_a_mention_ruling(deck: Deck) -> None:
    state = told(game(deck, {1: ("monster",)}), 0, "He heard a deep snoring in the cave.")
    with pytest.raises(JudgementRequired) as error:
        apply(state, Interrupt(seat=1, card="monster"))
    assert error.value.kinds == {"mention"}


def test_ou_11_card_interrupt_of_the_same_group_right_after_a_play(deck: Deck) -> None:
    state = game(deck, {0: ("door", "king"), 2: ("tree", "bird")})
    state = apply(
        state, Play(seat=0, card="door", sentence="She knocked at the door.", judgement=YES)
    )
    assert any(
        move.type == "card_interrupt" and move.cards == ("tree",)
        for move in legal_actions(state)[2]
    )
    with pytest.raises(RuleViolation) as error:  # Bird interrupts characters, not items
        apply(state, CardInterrupt(seat=2, card="bird"))
    assert error.value.rule == "OU-11"
    after = apply(state, CardInterrupt(seat=2, card="tree"))
    assert after.storyteller == 2 and after.table[-1].how == "card_interrupt"


def test_ou_11_never_on_a_mere_mention_nor_after_more_telling(deck: Deck) -> None:
    state = game(deck, {0: ("door",), 2: ("tree", "king")})
    mentioned = told(state, 0, "She knocked at the door.")
    with pytest.raises(RuleViolation) as error:
        apply(mentioned, CardInterrupt(seat=2, card="tree"))
    assert error.value.rule == "OU-11"
    played = apply(state, Play(seat=0, card="door", sentence="A door.", judgement=YES))
    moved_on = told(played, 0, "Nobody answered.")
    with pytest.raises(RuleViolation):
        apply(moved_on, CardInterrupt(seat=2, card="tree"))


def test_ou_11_only_interrupt_cards_interrupt_on_a_play(deck: Deck) -> None:
    state = game(deck, {0: ("door",), 2: ("sword",)})
    state = apply(state, Play(seat=0, card="door", sentence="A door.", judgement=YES))
    with pytest.raises(RuleViolation) as error:
        apply(state, CardInterrupt(seat=2, card="sword"))
    assert error.value.rule == "OU-11"


def test_ou_12_on_success_the_old_storyteller_draws_one(deck: Deck) -> None:
    state = told(game(deck, {0: ("king",), 1: ("journey",)}), 0, "She set off on a journey.")
    top = state.draw_pile[0]
    after = apply(state, Interrupt(seat=1, card="journey", judgement=YES))
    assert after.seats[0].hand == ("king", top)
    assert after.storyteller == 1 and after.turn == 1 and after.turn_start == len(after.story)
    assert after.last is not None and after.last.accepted is True
    assert after.last.draws[0].seat == 0 and after.last.draws[0].cards == (top,)


def test_ou_13_a_disputed_interrupt_is_voted_by_the_uninvolved(deck: Deck) -> None:
    from companion.games.once_upon_a_time import electorate

    state = told(game(deck, {1: ("prince",)}, players=5), 0, "She bore the king a son.")
    claim = Interrupt(seat=1, card="prince")
    assert electorate(state, claim) == {2, 3, 4}
    with pytest.raises(RuleViolation) as error:  # the claimant may not vote
        apply(state, claim.model_copy(update={"judgement": vote(yes=(1, 2))}))
    assert error.value.rule == "OU-13"
    won = apply(state, claim.model_copy(update={"judgement": vote(yes=(2, 3), no=(4,))}))
    assert won.storyteller == 1
    tied = apply(state, claim.model_copy(update={"judgement": vote(yes=(2,), no=(4,))}))
    assert tied.storyteller == 0  # a tie goes to the storyteller


def test_ou_13_two_players_have_nobody_to_vote(deck: Deck) -> None:
    state = told(game(deck, {1: ("prince",)}, players=2), 0, "She bore the king a son.")
    with pytest.raises(RuleViolation, match="verdict"):
        apply(state, Interrupt(seat=1, card="prince", judgement=vote()))


def test_ou_14_rejected_interrupt_discards_the_card_and_draws_two(deck: Deck) -> None:
    state = told(game(deck, {3: ("people-meet", "king")}), 0, "She saw a man at a table.")
    top = state.draw_pile[:2]
    after = apply(state, Interrupt(seat=3, card="people-meet", judgement=NO))
    assert after.seats[3].hand == ("king", *top) and after.discard == ("people-meet",)
    assert after.storyteller == 0 and after.last is not None and after.last.penalised == (3,)


def test_ou_15_first_card_on_the_table_wins_the_others_pay_nothing(deck: Deck) -> None:
    state = game(deck, {1: ("forest",), 2: ("woodcutter", "tree")})
    state = told(state, 0, "A woodcutter lived in the forest.")
    claims = (
        Interrupt(seat=2, card="woodcutter", judgement=YES),
        Interrupt(seat=1, card="forest", judgement=YES),
    )
    after = apply(state, Simultaneous(claims=claims))
    assert after.storyteller == 2 and after.seats[1].hand == ("forest",)
    assert after.discard == () and after.last is not None and after.last.penalised == ()


def test_ou_15_a_rejected_first_claim_pays_and_the_next_may_win(deck: Deck) -> None:
    state = told(game(deck, {1: ("forest",), 2: ("wolf",)}), 0, "She walked into the forest.")
    claims = (
        Interrupt(seat=2, card="wolf", judgement=NO),
        Interrupt(seat=1, card="forest", judgement=YES),
    )
    after = apply(state, Simultaneous(claims=claims))
    assert after.storyteller == 1 and after.discard == ("wolf",)
    assert after.seats[2].hand_size == 2 and after.last is not None
    assert after.last.penalised == (2,)


def test_ou_16_stall_of_more_than_five_seconds(deck: Deck) -> None:
    state = game(deck, {0: ("king",)}, players=3)
    with pytest.raises(RuleViolation) as error:
        apply(state, Stall(seat=1, seconds=5.0))
    assert error.value.rule == "OU-16"
    after = apply(state, Stall(seat=1, seconds=6.5))
    assert after.seats[0].hand_size == 2 and after.storyteller == 1


def test_ou_17_thats_silly_by_show_of_hands(deck: Deck) -> None:
    state = told(game(deck, {0: ("king",)}, players=4), 0, "The king ate the moon for tea.")
    challenge = Challenge(seat=2, reason="the moon?")
    with pytest.raises(RuleViolation) as error:  # the challenger may not vote
        apply(state, challenge.model_copy(update={"judgement": vote(yes=(2, 1))}))
    assert error.value.rule == "OU-17"
    upheld = apply(state, challenge.model_copy(update={"judgement": vote(yes=(1, 3))}))
    assert upheld.storyteller == 1 and upheld.seats[0].hand_size == 2
    failed = apply(state, challenge.model_copy(update={"judgement": vote(yes=(1,), no=(3,))}))
    assert failed.storyteller == 0 and failed.seats[0].hand_size == 1
    with pytest.raises(RuleViolation):
        apply(state, Challenge(seat=0, judgement=YES))


def test_ou_18_an_ending_needs_an_empty_hand_and_one_or_two_links(deck: Deck) -> None:
    state = game(deck, {0: ("king",)}, players=2)
    ending = state.seats[0].endings[0]
    with pytest.raises(RuleViolation) as error:
        apply(state, End(seat=0, ending=ending, linking=("So.",), judgement=YES))
    assert error.value.rule == "OU-18"
    state = apply(state, Play(seat=0, card="king", sentence="The king.", judgement=YES))
    for linking in [(), ("One.", "Two.", "Three.")]:
        with pytest.raises(RuleViolation):
            apply(state, End(seat=0, ending=ending, linking=linking, judgement=YES))
    won = apply(state, End(seat=0, ending=ending, linking=("One.", "Two."), judgement=YES))
    assert won.winner == 0 and won.is_terminal
    assert [line.kind for line in won.story[-2:]] == ["link", "link"]
    assert all(moves == () for moves in legal_actions(won).values())
    with pytest.raises(RuleViolation):
        apply(won, Narrate(seat=0, text="And more."))


def test_ou_19_a_rejected_ending_draws_an_ending_and_a_story_card(deck: Deck) -> None:
    state = game(deck, {0: ()}, players=3)
    old = state.seats[0].endings[0]
    after = apply(state, End(seat=0, ending=old, linking=("Then.",), judgement=vote(no=(1, 2))))
    assert not after.is_terminal and after.storyteller == 1
    assert after.ending_discard == (old,) and after.seats[0].hand_size == 1
    assert len(after.seats[0].endings) == 1 and after.seats[0].endings[0] != old


def test_ou_20_multiple_endings_for_some_seats_finish_with_either(deck: Deck) -> None:
    state = game(deck, {0: ()}, players=3, variants={"multiple_endings": (0,)})
    assert [len(seat.endings) for seat in state.seats] == [2, 1, 1]
    second = state.seats[0].endings[1]
    won = apply(state, End(seat=0, ending=second, linking=("So.",), judgement=YES))
    assert won.winner == 0 and won.ending == second


def test_ou_21_ending_swap_on_a_pass(deck: Deck) -> None:
    state = game(deck, {0: ("king",)}, players=3, variants={"ending_swap": True})
    old = state.seats[0].endings[0]
    after = apply(state, Pass(seat=0, swap_ending=old))
    assert after.seats[0].hand_size == 3 and after.ending_discard == (old,)
    assert len(after.seats[0].endings) == 1 and after.seats[0].endings[0] != old
    assert after.storyteller == 1
    with pytest.raises(RuleViolation) as error:
        apply(state, Pass(seat=0, swap_ending=old, discard="king"))
    assert error.value.rule == "OU-21"
    plain = game(deck, {0: ("king",)}, players=3)
    with pytest.raises(RuleViolation, match="variant"):
        apply(plain, Pass(seat=0, swap_ending=plain.seats[0].endings[0]))


def test_ou_22_most_cards_in_hand_last_game_starts(deck: Deck) -> None:
    config = Config(
        players=("a", "b", "c", "d"), first_storyteller=MostCardsLastGame(hand_sizes=(2, 6, 1, 6))
    )
    state = new_game(config, deck)
    assert state.storyteller == 1 and state.start.method == "most_cards_last_game"
