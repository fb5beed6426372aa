"""What each reader may see: a seat sees the public state plus its own hand, hints, draws and
moves; a spectator (viewer None) sees the public state only. This module is the one privacy
gate between the log (which keeps everything) and the wire."""

from datetime import UTC, datetime
from typing import Any

from api.games import shared
from api.games.once_upon_a_time.schemas import (
    AIThinkingView,
    BallotView,
    CardView,
    DrawPublic,
    EndingView,
    FailureView,
    HintView,
    LineView,
    MoveView,
    OutcomeView,
    PlayedView,
    SeatPublic,
    TableView,
)
from api.games.once_upon_a_time.state import TableState
from api.schemas import EventView
from companion.cards import Deck, Language
from companion.games.once_upon_a_time import Outcome, legal_moves
from companion.store import StoredEvent

# Action fields only the acting seat may see, per action type.
_PRIVATE_ACTION_FIELDS = {
    "declare_hand": ("cards", "endings"),
    "declare_draw": ("cards", "endings"),
    "pass": ("discard", "swap_ending"),
}


def public_action(action: dict[str, Any], viewer: int | None) -> dict[str, Any]:
    """The action as `viewer` may see it: others learn how many cards, not which."""
    return shared.public_action(action, viewer, _PRIVATE_ACTION_FIELDS)


def _outcome(outcome: dict[str, Any], viewer: int | None) -> dict[str, Any]:
    own_draws = [d for d in outcome.get("draws", ()) if d.get("seat") == viewer]
    shown = dict(outcome)
    shown["draws"] = [
        {"seat": d["seat"], "count": d.get("count", 0), "endings_count": d.get("endings_count", 0)}
        for d in outcome.get("draws", ())
    ]
    if outcome.get("type") == "pass" and outcome.get("seat") != viewer:
        shown["discarded"] = []
    if own_draws:
        shown["drew"] = [c for d in own_draws for c in d.get("cards", ())]
        shown["drew_endings"] = [c for d in own_draws for c in d.get("endings", ())]
    return shown


def project_event(event: StoredEvent, viewer: int | None) -> EventView | None:
    """The event as `viewer` sees it, or None when it is not theirs to see."""
    payload = event.payload
    if event.type == "ruled":
        own = payload.get("hints", {}).get(str(viewer), []) if viewer is not None else []
        data = {"line": payload["line"], "hints": own}
    elif event.type == "hints":  # older logs: a private event of its own
        if payload.get("to") != viewer:
            return None
        data = dict(payload)
    elif event.type == "action":
        data = {k: v for k, v in payload.items() if k not in ("action", "outcome")}
        data["action"] = public_action(payload["action"], viewer)
        data["outcome"] = _outcome(payload.get("outcome") or {}, viewer)
    else:
        data = dict(payload)
    return EventView(seq=event.seq, type=event.type, created=event.created.isoformat(), data=data)


def _outcome_view(outcome: Outcome | None, viewer: int | None) -> OutcomeView | None:
    if outcome is None:
        return None
    discarded = list(outcome.discarded)
    if outcome.type == "pass" and outcome.seat != viewer:
        discarded = []
    return OutcomeView(
        type=outcome.type,
        seat=outcome.seat,
        accepted=outcome.accepted,
        penalised=list(outcome.penalised),
        draws=[
            DrawPublic(seat=d.seat, count=d.count, endings_count=d.endings_count)
            for d in outcome.draws
        ],
        discarded=discarded,
        storyteller_before=outcome.storyteller_before,
        storyteller_after=outcome.storyteller_after,
        note=outcome.note,
    )


def table_view(
    state: TableState,
    deck: Deck,
    viewer: int | None,
    *,
    narrator: str,
    vote_timeout_s: float,
    seq: int | None = None,
    ai_pace_s: float = 0.0,
) -> TableView:
    """The view of `state` for `viewer` (a seat) or for a spectator (None)."""
    game = state.game
    language: Language = state.config.language

    def card_view(card_id: str) -> CardView:
        card = deck.story_card(card_id)
        return CardView(
            id=card.id, label=card.label(language), group=card.group, interrupt=card.interrupt
        )

    def ending_view(ending_id: str) -> EndingView:
        return EndingView(id=ending_id, sentence=deck.ending(ending_id).sentence(language))

    window_group = None
    if game.window is not None:
        window_card = game.story[game.window].card
        window_group = game.cards[window_card].group if window_card else None

    ballot = state.ballot
    pending = None
    if ballot is not None:
        pending = BallotView(
            ballot=ballot.ballot,
            kind=ballot.kind,
            rule=ballot.rule,
            claimant=ballot.claimant,
            question=ballot.question,
            action=public_action(ballot.action, viewer),
            voters=list(ballot.voters),
            yes=list(ballot.yes),
            no=list(ballot.no),
            closes_at=datetime.fromtimestamp(ballot.opened + vote_timeout_s, UTC).isoformat(),
            evidence=ballot.evidence,
        )
    failure = None
    if state.failure is not None:
        failure = FailureView(
            seq=state.failure.seq, step=state.failure.step, message=state.failure.message
        )

    mine = game.seats[viewer] if viewer is not None else None
    drew: list[str] = []
    if game.last is not None and viewer is not None:
        drew = [c for d in game.last.draws if d.seat == viewer for c in d.cards]
    moves: list[MoveView] = []
    if viewer is not None and ballot is None:
        moves = [
            MoveView(
                type=m.type,
                cards=list(m.cards),
                endings=list(m.endings),
                hidden=m.hidden,
                hidden_endings=m.hidden_endings,
                judgement=m.judgement,
            )
            for m in legal_moves(game, viewer)
        ]
    hints = []
    if viewer is not None:
        hints = [
            HintView(
                line=h.line,
                card=h.card,
                label=deck.story_card(h.card).label(language),
                evidence=h.evidence,
                score=h.score,
                method=h.method,
                start=h.start,
                end=h.end,
                borderline=h.borderline,
            )
            for h in state.hints_for(viewer)
        ]
    return TableView(
        id=state.table_id,
        seq=state.seq if seq is None else seq,
        game="once_upon_a_time",
        language=language,
        deck_mode=game.config.deck_mode,
        variants=game.config.variants.model_dump(mode="json"),
        narrator=narrator,
        seats=[
            SeatPublic(
                seat=i,
                name=seat.name,
                kind=state.config.kinds[i],
                hand_size=seat.hand_size,
                ending_count=seat.ending_count,
                storyteller=i == game.storyteller,
            )
            for i, seat in enumerate(game.seats)
        ],
        storyteller=game.storyteller,
        turn=game.turn,
        turn_start=game.turn_start,
        story=[
            LineView(line=i, seat=line.seat, text=line.text, card=line.card, kind=line.kind)
            for i, line in enumerate(game.story)
        ],
        table=[
            PlayedView(
                card=p.card,
                label=deck.story_card(p.card).label(language),
                seat=p.seat,
                line=p.line,
                how=p.how,
            )
            for p in game.table
        ],
        window=game.window,
        window_group=window_group,
        draw_pile=game.pile_size(),
        ending_pile=game.ending_pile_size(),
        discard_count=len(game.discard),
        ending=ending_view(game.ending) if game.ending else None,
        winner=game.winner,
        finished=game.is_terminal,
        last=_outcome_view(game.last, viewer),
        pending=pending,
        failure=failure,
        you=viewer,
        custom_cards=[card_view(c) for c in game.config.custom_cards],
        hand=[card_view(c) for c in mine.hand] if mine else [],
        endings=[ending_view(e) for e in mine.endings] if mine else [],
        hidden=mine.hidden if mine else 0,
        owed=mine.owed if mine else 0,
        hidden_endings=mine.hidden_endings if mine else 0,
        owed_endings=mine.owed_endings if mine else 0,
        drew=drew,
        hints=hints,
        moves=moves,
        can_vote=bool(ballot and viewer in ballot.waiting_for),
        ai_level=state.config.ai_level,
        ai_thinking=ai_thinking(state, ai_pace_s),
    )


def ai_thinking(state: TableState, pace_s: float) -> AIThinkingView | None:
    """An AI storyteller with the story and nothing to wait for is thinking of its next
    sentence: it speaks about one pace after the table last moved (a claim may come first)."""
    teller = state.game.storyteller
    if state.finished or state.ballot is not None or state.kinds[teller] != "ai":
        return None
    speaks_at = datetime.fromtimestamp(state.moved + pace_s, UTC).isoformat()
    name = state.game.seats[teller].name
    return AIThinkingView(seat=teller, name=name, speaks_at=speaks_at)
