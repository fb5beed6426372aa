"""The bedtime recap of a finished Sleeping Queens game (issue 13):
`GET /v1/tables/{id}/sleeping_queens/recap?language=…` tells the game back as a short tale, from
the log's public `last` of every action (`companion.story.recap`), retold by the narrator's
model when one is configured (in the tools' lane), else as the offline telling; the answer
names the narrator, and why a model's retelling was not used."""

from typing import Annotated

import anyio
from fastapi import APIRouter, Query
from pydantic import BaseModel, Field

from api.deps import ServicesDep, ViewerDep
from api.errors import ApiError
from api.errors import responses as _errors
from api.games.sleeping_queens.state import SleepingQueensTableState
from companion.cards import Language
from companion.story.recap import recap_facts, tell_recap

router = APIRouter(prefix="/v1/tables", tags=["sleeping_queens"])


class RecapView(BaseModel):
    narrator: str = Field(description='"offline", or "llm:<model>" when a model retold it')
    language: Language
    paragraphs: list[str]
    fallback_reason: str | None = Field(
        None, description="why the model's retelling was not used (then the offline telling is)"
    )


@router.get(
    "/{table_id}/sleeping_queens/recap",
    response_model=RecapView,
    operation_id="sleeping_queens_recap",
    responses=_errors(401, 404, 409, 422, 429, 503),
)
async def recap(
    viewer: ViewerDep,
    services: ServicesDep,
    language: Annotated[Language | None, Query(description="default: the table's")] = None,
) -> RecapView:
    """The finished game as a bedtime tale (public: it tells only what the table saw)."""
    tables = services.tables
    if tables.game(viewer.table_id).name != "sleeping_queens":
        raise ApiError(422, "invalid_request", "The recap is for Sleeping Queens tables.")
    state = await anyio.to_thread.run_sync(tables.state, viewer.table_id)
    assert isinstance(state, SleepingQueensTableState)
    if not state.finished:
        raise ApiError(409, "not_finished", "The recap is told once the game is over.", rule="SQ-9")
    events = await anyio.to_thread.run_sync(tables.events, viewer.table_id, 0)
    lasts = [e.payload["last"] for e in events if e.type == "action" and e.payload.get("last")]
    game, lang = state.game, language or state.config.language
    players = game.config.players
    told = tell_recap(players, recap_facts(lasts), game.winners, game.awake, lang)
    narrator = services.narrator
    told_back = await services.tool_lane.run(
        lambda: narrator.bedtime_recap(told=told, names=players, language=lang)
    )
    return RecapView(
        narrator=told_back.narrator,
        language=lang,
        paragraphs=list(told_back.paragraphs),
        fallback_reason=told_back.fallback_reason,
    )
