"""`seat_view`: each seat sees exactly what it may.

The main test is differential (noninterference): over random playouts, another seat's secrets
(hands, the draw pile's cards and order, decoys and the storyteller's card before the table is
shown, who owns which table card before the guess is counted, other seats' votes before they are
counted) are shuffled into a different but equally possible state, and the seat's view must not
change. If a view showed any of them, some shuffle would change it.
"""

import json
import random

from companion.games.factum import Decoy, Guess, State, Turn, apply, new_game, seat_view
from tests.unit.games.factum.helpers import add_decoys, config, game, random_action, told
from tests.unit.games.factum.playout import MAX_STEPS

GAMES = 36  # every player count four times, every step, one random viewer a step


def _sees_card(state: State, turn: Turn, seat: int | None) -> bool:
    return seat == turn.storyteller or (seat == turn.judge and state.phase != "storytelling")


def _other_hands_and_pile(state: State, seat: int | None, rng: random.Random) -> State:
    """The draw pile and every other seat's hand dealt again from the same cards (before the
    table is shown, the other seats' decoys and the storyteller's hidden card join them)."""
    others = [s for s in range(state.players) if s != seat]
    pool = [*state.draw_pile, *(card for s in others for card in state.hands[s])]
    turn = state.turn
    if state.physical:  # any card not on the table might be in anyone's hand
        placed = set(turn.table_cards()) if turn is not None else set()
        pool += [card for card in state.config.deck if card not in placed]
    hidden_turn = turn is not None and not turn.table
    if turn is not None and hidden_turn:
        pool += [card for s, card in turn.decoys.items() if s != seat]
        if turn.card is not None and not _sees_card(state, turn, seat):
            pool.append(turn.card)
    rng.shuffle(pool)
    hands = list(state.hands)
    for s in others:
        hands[s], pool = tuple(pool[: len(hands[s])]), pool[len(hands[s]) :]
    if turn is not None and hidden_turn:
        decoys = dict(turn.decoys)
        for s in sorted(decoys):
            if s != seat:
                decoys[s] = pool.pop()
        card = turn.card
        if card is not None and not _sees_card(state, turn, seat):
            card = pool.pop()
        turn = turn.model_copy(update={"decoys": decoys, "card": card})
    pile = () if state.physical else tuple(pool)
    update = {"hands": tuple(hands), "draw_pile": pile, "turn": turn}
    return state.model_copy(update=update)


def _other_owners_and_votes(state: State, seat: int | None, rng: random.Random) -> State:
    """Who put which shown card on the table, and other seats' uncounted votes, redrawn."""
    turn = state.turn
    if turn is None or not turn.table or turn.picked is not None:
        if turn is not None and state.phase == "best_story":
            votes = {
                s: vote if s == seat else rng.choice(["current", "reigning"])
                for s, vote in turn.best_votes.items()
            }
            return state.model_copy(update={"turn": turn.model_copy(update={"best_votes": votes})})
        return state
    own = turn.decoys.get(seat) if seat is not None else None
    visible_card = _sees_card(state, turn, seat)
    movable = [c for c in turn.table if c != own and not (visible_card and c == turn.card)]
    shuffled = movable[:]
    rng.shuffle(shuffled)
    moved = dict(zip(movable, shuffled, strict=True))
    decoys = {s: moved.get(c, c) for s, c in turn.decoys.items()}
    guesses = {s: c if s == seat else rng.choice(turn.table) for s, c in turn.guesses.items()}
    update = {
        "card": moved.get(turn.card, turn.card) if turn.card is not None else None,
        "decoys": decoys,
        "fill": tuple(moved.get(c, c) for c in turn.fill),
        "guesses": guesses,
    }
    return state.model_copy(update={"turn": turn.model_copy(update=update)})


def test_seat_view_never_shows_another_seats_secret() -> None:
    checked = 0
    for number in range(GAMES):
        rng = random.Random(number)
        players = 4 + number % 9
        size = 80 if number % 2 else 5 * players + 2  # small decks: reshuffled cards come back
        mode = "physical" if number % 4 == 3 else "virtual"
        state = new_game(config(players, seed=number, size=size, deck_mode=mode))
        for _ in range(MAX_STEPS):
            seat = rng.choice([None, *range(players)])
            view = seat_view(state, seat)
            json.dumps(view)
            for other in (_other_hands_and_pile, _other_owners_and_votes):
                assert seat_view(other(state, seat, rng), seat) == view, (number, state.phase)
            checked += 1
            if state.is_terminal:
                break
            state = apply(state, random_action(state, rng))
    assert checked > GAMES * 100


def test_each_seat_sees_its_own_hand_and_decoy_a_spectator_neither() -> None:
    state = told(game(6), seat=0, guessers="judge")
    seat = state.awaiting()[0]
    state = apply(state, Decoy(seat=seat, card=state.hands[seat][0]))
    own = seat_view(state, seat)
    assert own["hand"] == list(state.hands[seat])
    assert own["turn"]["your_decoy"] == state.current().decoys[seat]
    assert own["turn"]["decoys_in"] == [seat]
    spectator = seat_view(state, None)
    assert spectator["hand"] is None and spectator["turn"]["your_decoy"] is None
    assert spectator["hand_sizes"] == [len(hand) for hand in state.hands]
    assert "seed" not in json.dumps(spectator)


def test_the_table_is_shown_without_owners_until_the_guess_is_counted() -> None:
    state = add_decoys(told(game(8), seat=0, guessers="judge"))
    turn = state.current()
    view = seat_view(state, None)["turn"]
    assert view["table"] == list(turn.table) and view["result"] is None
    first, second, third = turn.voters
    state = apply(state, Guess(seat=first, card=turn.table[0]))
    assert seat_view(state, second)["turn"]["your_guess"] is None
    assert seat_view(state, second)["turn"]["guessed"] == [first]
    assert seat_view(state, first)["turn"]["your_guess"] == turn.table[0]
    state = apply(state, Guess(seat=second, card=turn.table[1]))
    state = apply(state, Guess(seat=third, card=turn.table[1]))
    revealed = seat_view(state, None)["last_turn"]
    assert revealed["card"] == turn.card and revealed["picked"] == turn.table[1]
    owners = {entry["card"]: entry["owner"] for entry in revealed["table"]}
    assert owners[turn.card] == 0
    assert all(owners[card] == seat for seat, card in turn.decoys.items())
    assert revealed["guesses"] == [
        {"seat": first, "card": turn.table[0]},
        {"seat": second, "card": turn.table[1]},
        {"seat": third, "card": turn.table[1]},
    ]
