"""Private help for Factum's human players, which no Factum has (issue 12, FA-3/FA-4/FA-10):

    story_check  the storyteller, before telling: is the link too obvious? (the card's own words
                 in the draft, and how surely a reader picks the card among the teller's hand)
    judge        the judge: how obvious the link is, and the team that estimate would send
    decoy        an adder: the cards of its own hand, best match for the story first

`POST /v1/tables/{id}/factum/advice` answers only the asking seat, from what that seat may
already see, and appends nothing to the log: no other player can tell it was asked.
"""

from typing import Annotated, Any, Literal

import anyio
from fastapi import APIRouter, Body
from pydantic import BaseModel, Field

from api.deps import SeatDep, ServicesDep
from api.errors import ApiError
from api.errors import responses as _errors
from api.games.factum.schemas import PlotCard
from api.games.factum.state import FactumTableState
from api.schemas import StrictBody
from companion.games.factum.actions import MAX_STORY_CHARS
from companion.seats.factum import DEFAULT_JUDGE_THRESHOLD, FactumReader, judge, obviousness
from companion.seats.factum_words import shared_words

router = APIRouter(prefix="/v1/tables", tags=["factum"])


class StoryCheck(StrictBody):
    kind: Literal["story_check"]
    card: PlotCard
    text: Annotated[str, Field(min_length=1, max_length=MAX_STORY_CHARS)]


class JudgeAdvice(StrictBody):
    kind: Literal["judge"]


class DecoyAdvice(StrictBody):
    kind: Literal["decoy"]


AdviceRequest = Annotated[StoryCheck | JudgeAdvice | DecoyAdvice, Field(discriminator="kind")]


class FactumAdvice(BaseModel):
    kind: str
    obviousness: float | None = Field(
        default=None, description="how surely a reader picks the card (0..1), for teller and judge"
    )
    too_obvious: bool | None = None
    guessing_team: Literal["storyteller", "judge"] | None = None
    shared_words: list[str] = Field(
        default_factory=list, description="the card's own words found in the story"
    )
    ranking: list[str] = Field(default_factory=list, description="decoy: your hand, best first")


@router.post(
    "/{table_id}/factum/advice",
    response_model=FactumAdvice,
    operation_id="factum_advice",
    responses=_errors(400, 401, 404, 408, 409, 413, 422, 429, 503),
)
async def advice(
    viewer: SeatDep, services: ServicesDep, body: Annotated[AdviceRequest, Body()]
) -> FactumAdvice:
    """Private help for the asking seat only (nothing is logged or shown to anyone else)."""
    tables = services.tables
    game = tables.game(viewer.table_id)
    reader_of = getattr(game, "reader", None)
    if game.name != "factum" or reader_of is None:
        raise ApiError(422, "invalid_request", "Advice is for Factum tables.")
    state = await anyio.to_thread.run_sync(tables.state, viewer.table_id)
    assert isinstance(state, FactumTableState) and viewer.seat is not None
    seat = viewer.seat
    advice: FactumAdvice = await services.tool_lane.run(
        lambda: _advise(reader_of(), state, seat, body)  # the reader is built on first use
    )
    return advice


def _advise(reader: FactumReader, state: FactumTableState, seat: int, body: Any) -> FactumAdvice:
    game, turn = state.game, state.game.turn
    hand = list(game.hands[seat])
    if isinstance(body, StoryCheck):
        if turn is None or game.phase != "storytelling" or turn.storyteller != seat:
            raise _not_now("FA-2", "the storyteller checks a story before telling it")
        if body.card not in hand:
            raise ApiError(
                409, "illegal_action", "FA-2: that card is not in your hand.", rule="FA-2"
            )
        others = [card for card in hand if card != body.card]
        chance = obviousness(reader, body.text, body.card, others) if others else 1.0
        return FactumAdvice(
            kind=body.kind,
            obviousness=round(chance, 3),
            too_obvious=chance >= DEFAULT_JUDGE_THRESHOLD,
            shared_words=shared_words(body.card, body.text),
        )
    if isinstance(body, JudgeAdvice):
        if turn is None or game.phase != "judging" or turn.judge != seat or turn.card is None:
            raise _not_now("FA-3", "the judge asks while choosing who guesses")
        if not turn.story:
            raise ApiError(422, "story_needed", "The story was told aloud: there is none to read.")
        call = judge(reader, turn.story, turn.card, hand)
        return FactumAdvice(
            kind=body.kind,
            obviousness=round(call.obviousness, 3),
            too_obvious=call.guessing_team == "judge",
            guessing_team=call.guessing_team,
            shared_words=shared_words(turn.card, turn.story),
        )
    if turn is None or game.phase != "decoys" or seat not in game.awaiting():
        raise _not_now("FA-4", "an adder asks while choosing a decoy")
    if not turn.story:
        raise ApiError(422, "story_needed", "The story was told aloud: there is none to read.")
    return FactumAdvice(kind=body.kind, ranking=reader.rank(turn.story, hand))


def _not_now(rule: str, when: str) -> ApiError:
    return ApiError(409, "illegal_action", f"{rule}: not now — {when}.", rule=rule)
