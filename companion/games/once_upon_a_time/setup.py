"""Setting a game up: the deal (OU-4, OU-20) and the first storyteller (OU-5, OU-22)."""

from companion.cards import Deck, UnknownCardError, fold, once_upon_a_time_deck
from companion.games.base import ConfigError, shuffled
from companion.games.once_upon_a_time.config import (
    AlphabeticalDraw,
    Config,
    GivenSeat,
    MostCardsLastGame,
)
from companion.games.once_upon_a_time.state import CardInfo, SeatState, StartRecord, State

_ARTICLES = frozenset({"a", "an", "the"})


def new_game(config: Config, deck: Deck | None = None) -> State:
    """Deal a new game. `deck` defaults to the bundled Once Upon a Time deck; every shuffle is
    drawn from `config.seed`, so the same config always deals the same cards."""
    deck = deck if deck is not None else once_upon_a_time_deck()
    custom = tuple(deck.story_card(card_id) for card_id in config.custom_cards)
    cards = {c.id: CardInfo(id=c.id, group=c.group, interrupt=c.interrupt) for c in deck}
    cards |= {c.id: CardInfo(id=c.id, group=c.group) for c in custom}
    ending_ids = tuple(ending.id for ending in deck.endings)
    players = len(config.players)
    story_needed = players * config.hand_size
    endings_needed = sum(config.endings_for(seat) for seat in range(players))
    if story_needed > len(cards) or endings_needed > len(ending_ids):
        raise ConfigError(
            f"{players} players need {story_needed} story and {endings_needed} ending cards; "
            f"deck {deck.name!r} has {len(cards)} and {len(ending_ids)}"
        )
    start = _first_storyteller(config, deck)
    seats: list[SeatState] = []
    if config.deck_mode == "physical":
        for seat, name in enumerate(config.players):
            seats.append(
                SeatState(
                    name=name, hidden=config.hand_size, hidden_endings=config.endings_for(seat)
                )
            )
        pile: tuple[str, ...] = ()
        ending_pile: tuple[str, ...] = ()
    else:
        first = config.custom_cards if config.deal_custom_first else ()
        pile = shuffled(tuple(card for card in cards if card not in first), config.seed, "deal")
        ending_pile = shuffled(ending_ids, config.seed, "deal-endings")
        own = shuffled(first, config.seed, "deal-custom")
        dealt_own = own[: players * config.hand_size]
        pile = own[len(dealt_own) :] + pile  # the custom cards no hand holds are drawn first
        order = shuffled(range(players), config.seed, "deal-custom-seats")
        for seat, name in enumerate(config.players):
            mine = dealt_own[order.index(seat) :: players]  # spread over the seats
            needed = config.hand_size - len(mine)
            hand, pile = mine + pile[:needed], pile[needed:]
            count = config.endings_for(seat)
            endings, ending_pile = ending_pile[:count], ending_pile[count:]
            seats.append(SeatState(name=name, hand=hand, endings=endings))
    return State(
        config=config,
        cards=cards,
        ending_ids=ending_ids,
        seats=tuple(seats),
        storyteller=start.seat,
        start=start,
        draw_pile=pile,
        ending_pile=ending_pile,
    )


def alphabetical_key(label: str) -> str:
    """OU-5: a card's English label with a leading article ("A", "An", "The") dropped, folded."""
    words = fold(label).split()
    if len(words) > 1 and words[0] in _ARTICLES:
        words = words[1:]
    return " ".join(words)


def _first_storyteller(config: Config, deck: Deck) -> StartRecord:
    method = config.first_storyteller
    if isinstance(method, GivenSeat):
        return StartRecord(method=f"given:{method.reason}", seat=method.seat)
    if isinstance(method, MostCardsLastGame):
        most = max(method.hand_sizes)
        return StartRecord(method=method.method, seat=method.hand_sizes.index(most))
    return _alphabetical(config, deck, method)


def _alphabetical(config: Config, deck: Deck, method: AlphabeticalDraw) -> StartRecord:
    players = len(config.players)
    if config.deck_mode == "virtual":
        if method.cards:
            raise ConfigError("with a virtual deck the engine draws the start cards itself")
        drawn = shuffled(tuple(card.id for card in deck), config.seed, "start-draw")[:players]
    else:
        drawn = method.cards
        if len(drawn) != players or len(set(drawn)) != players:
            raise ConfigError("the alphabetical draw needs one distinct card per seat")
    labels: list[str] = []
    for card_id in drawn:
        try:
            card = deck.story_card(card_id)
        except UnknownCardError as error:
            raise ConfigError(str(error)) from None
        labels.append(alphabetical_key(card.label("en") if "en" in card.text else card.id))
    # Labels are distinct in a deck; were two equal, the earlier seat would win.
    seat = min(range(players), key=lambda s: (labels[s], s))
    return StartRecord(method=method.method, seat=seat, cards=tuple(drawn))
