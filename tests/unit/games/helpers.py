"""Small builders for engine tests."""

from collections.abc import Mapping

from companion.cards import Deck
from companion.games.once_upon_a_time import Config, State, Verdict, Vote, new_game

YES = Verdict(accepted=True, by="referee")
NO = Verdict(accepted=False, by="referee")


def game(
    deck: Deck,
    hands: Mapping[int, tuple[str, ...]] = {},
    players: int = 4,
    storyteller: int = 0,
    **config: object,
) -> State:
    """A virtual game whose listed seats hold exactly `hands`; the other cards keep their order.

    Cards are moved, never created: every card stays in exactly one place.
    """
    names = tuple(f"P{seat}" for seat in range(players))
    cfg = Config.model_validate(
        {"players": names, "first_storyteller": {"method": "given", "seat": storyteller}, **config}
    )
    state = new_game(cfg, deck)
    wanted = {card for hand in hands.values() for card in hand}
    loose = [
        c for c in (*state.draw_pile, *(c for s in state.seats for c in s.hand)) if c not in wanted
    ]
    seats = []
    for index, seat in enumerate(state.seats):
        if index in hands:
            hand = hands[index]
        else:
            hand, loose = tuple(loose[: len(seat.hand)]), loose[len(seat.hand) :]
        seats.append(seat.model_copy(update={"hand": hand}))
    return state.model_copy(update={"seats": tuple(seats), "draw_pile": tuple(loose)})


def sizes(state: State) -> list[int]:
    return [seat.hand_size for seat in state.seats]


def vote(yes: tuple[int, ...] = (), no: tuple[int, ...] = ()) -> Vote:
    return Vote(yes=yes, no=no)
