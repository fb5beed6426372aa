"""`seat_view(state, seat)`: what one player (or a spectator, `seat=None`) may see, as JSON.

Public: the board and its dice, the revealed event, every figure, pool, resource, token,
quest (quests are always face up), story card (read aloud) and character, deck sizes, whose
turn it is and what is being asked. Secret: a seat's magic items (others see how many), the
three quests the king shows a seat before it keeps one, the order of every deck, the events
still face down.
"""

from typing import Any

from companion.games.dice_upon_a_time.choices import options_now
from companion.games.dice_upon_a_time.scoring import coop_rating, coop_total, scores, winners
from companion.games.dice_upon_a_time.state import State


def _seat(state: State, seat: int, viewer: int | None) -> dict[str, Any]:
    held = state.seats[seat]
    out: dict[str, Any] = {
        "seat": seat,
        "name": state.config.players[seat],
        "character": held.character,
        "ability_used": held.ability_used,
        "place": held.place,
        "pool": [d.model_dump() for d in held.pool],
        "aside": [d.model_dump() for d in held.aside],
        "passed": held.passed,
        "resources": dict(held.resources),
        "rabbit_tokens": held.rabbit_tokens,
        "quests": list(held.quests),
        "done": list(held.done),
        "story": list(held.story),
        "item_count": len(held.items),
    }
    if viewer == seat:
        out["items"] = list(held.items)
    return out


def _pending(state: State, viewer: int | None) -> list[dict[str, Any]]:
    out = []
    for index, ask in enumerate(state.pending):
        entry: dict[str, Any] = {"seat": ask.seat, "kind": ask.kind, "card": ask.card}
        secret = ask.kind == "king_keep" and viewer != ask.seat
        if index == 0:
            entry["options"] = [] if secret else list(options_now(state, ask))
        if ask.kind in ("king_draw", "king_keep"):
            entry["card"] = None
            entry["drawn"] = len(ask.cards)
            if not secret and viewer == ask.seat:
                entry["cards"] = list(ask.cards)
        out.append(entry)
    return out


def seat_view(state: State, seat: int | None) -> dict[str, Any]:
    cooperative = state.config.cooperative
    view: dict[str, Any] = {
        "viewer": seat,
        "board": state.board.name,
        "chapter": state.chapter,
        "length": state.config.length,
        "cooperative": cooperative,
        "start_player": state.start_player,
        "event": state.event,
        "events_left": max(0, len(state.events) - state.chapter),
        "turn": state.turn.model_dump() if state.turn else None,
        "pending": _pending(state, seat),
        "sockets": {k: [d.model_dump() for d in v] for k, v in state.sockets.items() if v},
        "wolf_used": state.wolf_used,
        "fox": [f.model_dump() for f in state.fox],
        "snake_holder": state.snake_holder,
        "seats": [_seat(state, s, seat) for s in range(state.players)],
        "quest_decks": {str(v): len(cards) for v, cards in state.quest_decks.items()},
        "story_deck": len(state.story_deck),
        "story_discard": list(state.story_discard),
        "item_deck": len(state.item_deck),
        "item_discard": len(state.item_discard),
        "row": list(state.row),
        "shared_story": list(state.shared_story),
        "shared_done": list(state.shared_done),
        "over": state.over,
        "winners": list(winners(state)),
    }
    if cooperative:
        view["total"] = coop_total(state)
        view["rating"] = coop_rating(state)
    else:
        view["scores"] = list(scores(state))
    return view
