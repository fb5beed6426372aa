"""A Dice Upon a Time table's board: `GET /v1/tables/{id}/dice_upon_a_time/board` gives the map
the table plays on (or keeps, on a live table) in the deck's shape (`GET
/v1/decks/dice_upon_a_time`'s `board`): its own board when it was created with one, else our
bundled map. Any reader of the table may ask (every seat, the spectator): a board is public.
The page reads it once per table; the view and the stream do not carry it."""

import anyio
from fastapi import APIRouter
from pydantic import BaseModel, Field

from api.deps import Services, ServicesDep, ViewerDep
from api.errors import ApiError
from api.errors import responses as _errors
from api.games.dice_upon_a_time.state import DiceUponATimeTableState
from companion.games.dice_upon_a_time.board import Board, bundled_map

router = APIRouter(prefix="/v1/tables", tags=["dice_upon_a_time"])


class TableBoardView(BaseModel):
    own: bool = Field(description="the table brought its own board (else our bundled map)")
    board: dict[str, object] = Field(
        description="name, start, places {id: kind, name, resource, ally}, sockets {id: "
        "number, touches, spirit}, horse_links"
    )


def board_of(state: DiceUponATimeTableState) -> Board:
    """The board a table plays on: its own, or the bundled map (tables made before own boards
    and those that brought none)."""
    return state.config.engine.board or bundled_map()


async def table_state(services: Services, table_id: str) -> DiceUponATimeTableState:
    """The table's state, or a 422 when the table is not a Dice Upon a Time one."""
    tables = services.tables
    if tables.game(table_id).name != "dice_upon_a_time":
        raise ApiError(422, "invalid_request", "This is a Dice Upon a Time request.")
    state = await anyio.to_thread.run_sync(tables.state, table_id)
    assert isinstance(state, DiceUponATimeTableState)
    return state


@router.get(
    "/{table_id}/dice_upon_a_time/board",
    response_model=TableBoardView,
    operation_id="dice_upon_a_time_table_board",
    responses=_errors(401, 404, 422, 429, 503),
)
async def table_board(viewer: ViewerDep, services: ServicesDep) -> TableBoardView:
    """The map this table plays on (its own board, or our bundled one)."""
    state = await table_state(services, viewer.table_id)
    own = state.config.engine.board is not None
    return TableBoardView(own=own, board=board_of(state).model_dump(mode="json"))
