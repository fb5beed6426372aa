"""DU-1: setting a game up."""

from companion.games.base import ConfigError, seats_from, seeded_rng, shuffled
from companion.games.dice_upon_a_time.board import bundled_map
from companion.games.dice_upon_a_time.cards import CardError, catalogue, check_against_board
from companion.games.dice_upon_a_time.chapter import start_chapter
from companion.games.dice_upon_a_time.config import Config
from companion.games.dice_upon_a_time.effects import draw_item
from companion.games.dice_upon_a_time.state import Pending, SeatState, State

EVENTS_PER_GAME = 6
OPENING_QUESTS = 2


def new_game(config: Config) -> State:
    """Decks shuffled (quests one deck per AP value), six events face down, a character each
    (figures in the start city), a start player; clockwise from the start player each draws a
    magic item (hidden) and chooses two quest decks to draw from (face up); chapter 1 starts.
    Co-operatively all quests lie face up in a shared row and nobody draws any (DU-10)."""
    cat = catalogue()
    board = config.board or bundled_map()
    try:
        check_against_board(cat, board)
    except CardError as error:
        raise ConfigError(str(error)) from error
    seed, count = config.seed, config.count
    characters = config.characters or shuffled(sorted(cat.characters), seed, "characters")[:count]
    if config.start_player is not None:
        start = config.start_player
    else:
        start = seeded_rng(seed, "start-player").randrange(count)
    values = cat.quest_values()
    by_value = {v: tuple(sorted(q for q, c in cat.quests.items() if c.ap == v)) for v in values}
    decks = {v: shuffled(cards, seed, f"quests-{v}") for v, cards in by_value.items()}
    state = State(
        config=config,
        board=board,
        start_player=start,
        seats=tuple(SeatState(character=c, place=board.start) for c in characters),
        quest_decks={v: () for v in values} if config.cooperative else decks,
        row=tuple(sorted(cat.quests)) if config.cooperative else (),
        story_deck=shuffled(sorted(cat.story), seed, "story"),
        item_deck=shuffled(sorted(cat.items), seed, "items"),
        events=shuffled(sorted(cat.events), seed, "events")[:EVENTS_PER_GAME],
    )
    asks = []
    for seat in seats_from(start, count):
        state = draw_item(state, seat)
        if not config.cooperative:
            options = tuple(str(v) for v in values)
            asks.append(Pending(seat=seat, kind="opening", options=options, left=OPENING_QUESTS))
    return start_chapter(state.model_copy(update={"pending": tuple(asks)}))
