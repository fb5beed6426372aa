"""What each reader may see of a Dice Upon a Time table: the one privacy gate between the log and
the wire. The state's view is the engine's per-seat view (`seat_view`: magic items and the
king's quests only to their seat; no deck's order, no face-down event); an action event carries
what everyone saw of it (`public_summary`, made when it was planned: counts, never a drawn
item), and the magic items an action names (one played, or given in a trade) reach only the
seats that already know them; the moves are the reader's own. A live table's view is the
keeper's, all public (the story deck's order aside), and its recordings are public as they are."""

from collections.abc import Mapping
from typing import Any

from api.games.dice_upon_a_time.schemas import (
    ChapterTaleView,
    DiceUponATimeSeat,
    DiceUponATimeView,
)
from api.games.dice_upon_a_time.state import DiceUponATimeTableState
from api.schemas import EventView
from companion.games.dice_upon_a_time import (
    Action,
    Choose,
    Place,
    RabbitStep,
    State,
    Trade,
    UseAbility,
    acting_seat,
    as_action,
    catalogue,
    coop_total,
    legal_moves,
    scores,
    seat_view,
)
from companion.games.dice_upon_a_time.keeper import KeeperState, keeper_view
from companion.store import StoredEvent

# The engine's `pass` is `pass_chapter` at the table (Once Upon a Time's `pass` holds the tag).
BODY_TYPE = {"pass": "pass_chapter"}
ENGINE_TYPE = {body: engine for engine, body in BODY_TYPE.items()}


def request_body(action: Action) -> dict[str, Any]:
    """An engine action as the request body that takes it (the seat comes from the token)."""
    body = action.model_dump(mode="json", exclude={"seat"}, exclude_none=True)
    body["type"] = BODY_TYPE.get(body["type"], body["type"])
    return body


def _story_seen(state: State) -> set[str]:
    """The story cards lying face up: held, discarded, or shared (co-operative)."""
    held = {card for seat in state.seats for card in seat.story}
    return held | set(state.story_discard) | set(state.shared_story)


def public_summary(before: State, after: State, action: Action) -> dict[str, Any]:
    """What the whole table saw `action` do: the die and socket, the choice made, the actor's
    resources gained or paid, the figure moved, quests taken and completed, story cards read
    out, how many magic items it gained or lost, AP, and a new chapter. Never which item."""
    seat = action.seat
    was, now = before.seats[seat], after.seats[seat]
    saw: dict[str, Any] = {"seat": seat, "type": BODY_TYPE.get(action.type, action.type)}
    if isinstance(action, Place):
        saw["socket"] = action.socket
        saw["face"] = next(d.face for d in was.pool if d.id == action.die)
    elif isinstance(action, Choose):
        saw["kind"] = before.pending[0].kind
        if saw["kind"] != "king_draw":
            saw["option"] = action.option
    elif isinstance(action, RabbitStep):
        saw["to"] = action.to
    elif isinstance(action, UseAbility):
        saw["ability"] = catalogue().characters[was.character].ability
    elif isinstance(action, Trade):
        saw["partner"] = action.partner
    gained = {
        r: now.resources.get(r, 0) - was.resources.get(r, 0)
        for r in sorted({*was.resources, *now.resources})
        if now.resources.get(r, 0) != was.resources.get(r, 0)
    }
    if gained:
        saw["resources"] = gained
    if now.place != was.place:
        saw["moved"] = [was.place, now.place]
    if taken := [q for q in now.quests if q not in was.quests]:
        saw["quests"] = taken
    done_before = set(was.done) | set(before.shared_done)
    if done := [q for q in (*now.done, *after.shared_done) if q not in done_before]:
        saw["done"] = list(dict.fromkeys(done))
    if story := sorted(_story_seen(after) - _story_seen(before)):
        saw["story"] = story
    if items := len(now.items) - len(was.items):
        saw["items"] = items
    if after.config.cooperative:
        points = coop_total(after) - coop_total(before)
    else:
        points = scores(after)[seat] - scores(before)[seat]
    if points:
        saw["ap"] = points
    if after.chapter != before.chapter:
        saw["chapter"] = after.chapter
        saw["event"] = after.event
    if after.over:
        saw["over"] = True
    return saw


def _goods_for(goods: Mapping[str, Any], shown: bool) -> dict[str, Any]:
    if shown:
        return dict(goods)
    out = {k: v for k, v in goods.items() if k != "items"}
    out["items_count"] = len(goods.get("items") or ())
    return out


def trade_for(trade: Mapping[str, Any], viewer: int | None) -> dict[str, Any]:
    """A trade (offer or action) as `viewer` may see it: magic items only to its two seats."""
    shown = viewer in (trade.get("seat"), trade.get("partner"))
    out = dict(trade)
    for side in ("give", "take"):
        out[side] = _goods_for(trade.get(side) or {}, shown)
    return out


def project_event(event: StoredEvent, viewer: int | None) -> EventView:
    data: dict[str, Any] = dict(event.payload)
    if event.type == "trade_offered":
        data = trade_for(data, viewer)
    elif event.type == "action":
        action = data["action"]
        if action["type"] == "trade":
            data["action"] = trade_for(action, viewer)
        elif action["type"] == "play_item" and viewer != action["seat"]:
            data["action"] = {**action, "item": "hidden"}
    return EventView(seq=event.seq, type=event.type, created=event.created.isoformat(), data=data)


def trade_partners(state: DiceUponATimeTableState, viewer: int | None) -> list[int]:
    """The people on the viewer's place (DU-11); AI travellers do not trade."""
    game = state.game
    if viewer is None or not isinstance(game, State) or game.over:
        return []
    here = game.seats[viewer].place
    return [
        seat
        for seat, held in enumerate(game.seats)
        if seat != viewer and held.place == here and state.kinds[seat] == "human"
    ]


def _moves(state: DiceUponATimeTableState, viewer: int | None) -> list[dict[str, Any]]:
    if viewer is None or not isinstance(state.game, State):
        return []
    moves = [
        request_body(as_action(viewer, move))
        for move in legal_moves(state.game, viewer)
        if move.type != "trade"
    ]
    offer = state.offer
    if offer is not None and viewer == offer.partner:
        moves += [
            {"type": "trade_answer", "accept": True},
            {"type": "trade_answer", "accept": False},
        ]
    elif offer is not None and viewer == offer.seat:
        moves.append({"type": "trade_answer", "accept": False})
    return moves


def _keeper_view(
    state: DiceUponATimeTableState, game: KeeperState, viewer: int | None
) -> DiceUponATimeView:
    """A live table: the keeper's view (all public), no moves (any seated phone records)."""
    return DiceUponATimeView(
        id=state.table_id,
        seq=state.seq,
        language=state.config.language,
        ai_level=state.config.ai_level,
        deck_mode="physical",
        you=viewer,
        acting=None,
        seats=[
            DiceUponATimeSeat(
                seat=seat, name=name, kind=state.kinds[seat], points=game.points(seat)
            )
            for seat, name in enumerate(state.config.engine.players)
        ],
        state=keeper_view(game),
        moves=[],
        trade_partners=[],
        offer=None,
        finished=game.over,
    )


def dice_upon_a_time_view(state: DiceUponATimeTableState, viewer: int | None) -> DiceUponATimeView:
    game = state.game
    if isinstance(game, KeeperState):
        return _keeper_view(state, game, viewer)
    points = [coop_total(game)] * game.players if game.config.cooperative else list(scores(game))
    offer = None if state.offer is None else trade_for(state.offer.model_dump(mode="json"), viewer)
    return DiceUponATimeView(
        id=state.table_id,
        seq=state.seq,
        language=state.config.language,
        ai_level=state.config.ai_level,
        you=viewer,
        acting=acting_seat(game),
        seats=[
            DiceUponATimeSeat(seat=seat, name=name, kind=state.kinds[seat], points=points[seat])
            for seat, name in enumerate(state.config.engine.players)
        ],
        state=seat_view(game, viewer),
        moves=_moves(state, viewer),
        trade_partners=trade_partners(state, viewer),
        offer=offer,
        tales=sorted(
            (ChapterTaleView.model_validate(tale) for tale in state.tales),
            key=lambda tale: tale.chapter,
        ),
        finished=game.over,
    )
