"""The seeds' worked example, end to end, with a physical deck (seed 000 Japanese, 004 Spanish).

Six players (Tom, Cliff, Spike, Jessica, Amy, James); Cliff tells first. Both seeds have Tom sit
on Jessica's left (she passes and he tells on), so the seating, clockwise, is:
Cliff 0, Spike 1, Jessica 2, Tom 3, Amy 4, James 5. Six players hold five story cards each
(OU-4). Each step checks every hand size and the storyteller.
"""

from companion.cards import Deck
from companion.games.once_upon_a_time import (
    Action,
    CardInterrupt,
    Config,
    DeclareDraw,
    DeclareHand,
    GivenSeat,
    Interrupt,
    Narrate,
    Pass,
    Play,
    State,
    apply,
    new_game,
    replay,
)
from tests.unit.games.helpers import YES, sizes, vote

CLIFF, SPIKE, JESSICA, TOM, AMY, JAMES = range(6)
CONFIG = Config(
    players=("Cliff", "Spike", "Jessica", "Tom", "Amy", "James"),
    deck_mode="physical",
    first_storyteller=GivenSeat(seat=CLIFF, reason="chosen"),
)


class Table:
    """Applies actions and keeps the log, checking hands and storyteller after each step."""

    def __init__(self, deck: Deck) -> None:
        self.state = new_game(CONFIG, deck)
        self.log: list[Action] = []

    def do(self, action: Action, hands: list[int], storyteller: int) -> State:
        self.state = apply(self.state, action)
        self.log.append(action)
        assert sizes(self.state) == hands, action
        assert self.state.storyteller == storyteller, action
        return self.state


def test_worked_example_with_a_physical_deck(deck: Deck) -> None:
    table = Table(deck)
    state = table.state
    assert sizes(state) == [5] * 6 and state.storyteller == CLIFF
    assert state.pile_size() == 109 - 30

    # Cliff and Spike declare their hands; Jessica and Tom will name cards as they play them.
    table.do(
        DeclareHand(
            seat=CLIFF, cards=("old-woman", "king", "witch", "sword", "forest"), endings=("end-10",)
        ),
        [5] * 6,
        CLIFF,
    )
    table.do(
        DeclareHand(seat=SPIKE, cards=("journey", "village", "mountain", "door")), [5] * 6, CLIFF
    )

    table.do(
        Play(
            seat=CLIFF,
            card="old-woman",
            judgement=YES,
            sentence="Once upon a time there was an old woman.",
        ),
        [4, 5, 5, 5, 5, 5],
        CLIFF,
    )
    table.do(
        Play(
            seat=CLIFF,
            card="king",
            judgement=YES,
            sentence="She was sad because she lived in a poor country ruled by a wicked king.",
        ),
        [3, 5, 5, 5, 5, 5],
        CLIFF,
    )
    table.do(
        Narrate(
            seat=CLIFF,
            text="The old woman decided to find a hero herself, and set off on a long journey.",
        ),
        [3, 5, 5, 5, 5, 5],
        CLIFF,
    )

    # Spike interrupts with Journey; Cliff draws one (OU-10, OU-12).
    state = table.do(
        Interrupt(seat=SPIKE, card="journey", judgement=YES), [4, 4, 5, 5, 5, 5], SPIKE
    )
    assert state.seats[CLIFF].owed == 1 and state.pile_size() == 78
    table.do(DeclareDraw(seat=CLIFF, cards=("wolf",)), [4, 4, 5, 5, 5, 5], SPIKE)

    table.do(
        Play(
            seat=SPIKE,
            card="village",
            judgement=YES,
            sentence="She travelled for days and reached a village.",
        ),
        [4, 3, 5, 5, 5, 5],
        SPIKE,
    )
    table.do(
        Play(
            seat=SPIKE,
            card="mountain",
            judgement=YES,
            sentence="The only hero they knew lived on top of a nearby mountain.",
        ),
        [4, 2, 5, 5, 5, 5],
        SPIKE,
    )
    table.do(
        Play(
            seat=SPIKE,
            card="door",
            judgement=YES,
            sentence="She climbed to the castle and knocked at the door.",
        ),
        [4, 1, 5, 5, 5, 5],
        SPIKE,
    )

    # Jessica: "Interrupt: any Item" (Tree) right after Door; Spike draws one (OU-11, OU-12).
    state = table.do(CardInterrupt(seat=JESSICA, card="tree"), [4, 2, 4, 5, 5, 5], JESSICA)
    assert state.seats[JESSICA].hidden == 4 and state.table[-1].how == "card_interrupt"

    table.do(
        Play(
            seat=JESSICA,
            card="window",
            judgement=YES,
            sentence="Nobody answered, so she looked in through a nearby window.",
        ),
        [4, 2, 3, 5, 5, 5],
        JESSICA,
    )
    table.do(
        Narrate(seat=JESSICA, text="She saw a man sitting at a table."), [4, 2, 3, 5, 5, 5], JESSICA
    )

    # Tom's People Meet is rejected by the others' hands: discard it, draw two (OU-13, OU-14).
    state = table.do(
        Interrupt(seat=TOM, card="people-meet", judgement=vote(no=(0, 1, 4, 5))),
        [4, 2, 3, 6, 5, 5],
        JESSICA,
    )
    assert state.discard == ("people-meet",) and state.seats[TOM].owed == 2

    table.do(
        Narrate(
            seat=JESSICA,
            text="As I was saying, she called through the window, but the man did not answer.",
        ),
        [4, 2, 3, 6, 5, 5],
        JESSICA,
    )
    table.do(
        Play(
            seat=JESSICA,
            card="this-animal-can-talk",
            judgement=YES,
            sentence="A frog jumped out from under the table and spoke to her.",
        ),
        [4, 2, 2, 6, 5, 5],
        JESSICA,
    )
    table.do(
        Narrate(seat=JESSICA, text="The old woman thought for a while... I pass."),
        [4, 2, 2, 6, 5, 5],
        JESSICA,
    )

    # Jessica passes: discards one, draws one; Tom, on her left, tells on (OU-9).
    state = table.do(Pass(seat=JESSICA, discard="cage"), [4, 2, 2, 6, 5, 5], TOM)
    assert state.discard == ("people-meet", "cage")

    assert [played.card for played in state.table] == [
        "old-woman",
        "king",
        "journey",
        "village",
        "mountain",
        "door",
        "tree",
        "window",
        "this-animal-can-talk",
    ]
    # cards conserved: 109 = on the table + discarded + declared in hands + hidden + pile
    hidden = sum(seat.hidden for seat in state.seats)
    declared = sum(len(seat.hand) for seat in state.seats)
    assert len(state.table) + len(state.discard) + declared + hidden + state.pile_size() == 109
    assert state.pile_size() == 109 - 30 - 1 - 1 - 2 - 1
    assert replay(CONFIG, table.log, deck) == state
