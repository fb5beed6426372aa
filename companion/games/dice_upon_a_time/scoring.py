"""DU-9 and DU-10: adventure points, winners, the co-operative rating."""

from companion.games.dice_upon_a_time.board import Texts
from companion.games.dice_upon_a_time.cards import catalogue
from companion.games.dice_upon_a_time.completion import condition_met
from companion.games.dice_upon_a_time.state import State


def _story_points(state: State, seat: int, cards: tuple[str, ...]) -> int:
    """Met side quests add their AP; curses still held take theirs away."""
    story = catalogue().story
    points = 0
    for card_id in cards:
        card = story[card_id]
        if card.kind == "curse":
            points -= card.ap
        elif card.kind == "side_quest" and card.condition is not None:
            points += card.ap if condition_met(state, seat, card.condition) else 0
    return points


def scores(state: State) -> tuple[int, ...]:
    """Each seat's AP now: completed quests + met side quests − held curses (competitive)."""
    quests = catalogue().quests
    return tuple(
        sum(quests[q].ap for q in held.done) + _story_points(state, seat, held.story)
        for seat, held in enumerate(state.seats)
    )


def coop_total(state: State) -> int:
    """DU-10: the table's AP: shared completed quests, side quests met by anyone, curses left."""
    quests = catalogue().quests
    story = catalogue().story
    total = sum(quests[q].ap for q in state.shared_done)
    for card_id in state.shared_story:
        card = story[card_id]
        if card.kind == "curse":
            total -= card.ap
        elif card.kind == "side_quest" and card.condition is not None:
            condition = card.condition
            if any(condition_met(state, s, condition) for s in range(state.players)):
                total += card.ap
    return total


def coop_rating(state: State) -> int:
    """The band (0 lowest … 4 "the story reached its ending") the total reaches."""
    bands = catalogue().lengths.coop_bands[state.players]
    total = coop_total(state)
    return max(i for i, floor in enumerate(bands) if total >= floor)


def coop_rating_text(state: State) -> Texts:
    return catalogue().lengths.coop_ratings[coop_rating(state)]


def winners(state: State) -> tuple[int, ...]:
    """Nobody before the end; the seats with most AP (a tie is shared, the seed names no
    tie-break); co-operatively every seat (the table wins or loses together, rated)."""
    if not state.over:
        return ()
    if state.config.cooperative:
        return tuple(range(state.players))
    points = scores(state)
    best = max(points)
    return tuple(seat for seat, p in enumerate(points) if p == best)
