"""The live-table keeper's placement check (issue 14 item 5):
`GET /v1/tables/{id}/dice_upon_a_time/check?face=4&socket=5…` answers "may I put my 4 on this
socket?" yes or no, with the rule and a sentence in a child's words in the table's language
(`companion.games.dice_upon_a_time.keeper_check`). The keeper does not see the dice on the
printed board, so the question says what the asker sees; the table gives the number of players
(DU-10's two dice a socket) and its board: `at` names a socket of the table's board (its own,
or our bundled map: `board_routes`), whose printed number and spirit then answer, instead of
`socket` and `spirit` as the asker read them. Nothing is recorded: asking is free, for any
reader of the table."""

from typing import Annotated, Literal

from fastapi import APIRouter, Query
from pydantic import BaseModel, Field

from api.deps import ServicesDep, ViewerDep
from api.errors import ApiError
from api.errors import responses as _errors
from api.games.dice_upon_a_time.board_routes import board_of, table_state
from companion.cards import Language
from companion.games.dice_upon_a_time.keeper_check import (
    PlacementQuestion,
    Spirit,
    check_placement,
    placement_words,
)

router = APIRouter(prefix="/v1/tables", tags=["dice_upon_a_time"])
FaceWord = Literal["1", "2", "3", "4", "5", "6", "icon", "ban"]


class PlacementCheckView(BaseModel):
    ok: bool
    rule: str = Field(description="the rule the answer rests on (DU-3, DU-6, DU-7)")
    reason: str = Field(description="ok, below_socket, wolf_used, one_die, full, ban_other, …")
    language: Language
    words: str = Field(description="the answer in a child's words, to show or read aloud")


def _face(word: FaceWord) -> int | Literal["icon", "ban"]:
    if word == "icon" or word == "ban":
        return word
    return int(word)


@router.get(
    "/{table_id}/dice_upon_a_time/check",
    response_model=PlacementCheckView,
    operation_id="dice_upon_a_time_check_placement",
    responses=_errors(401, 404, 422, 429, 503),
)
async def check(
    viewer: ViewerDep,
    services: ServicesDep,
    face: Annotated[FaceWord, Query(description="your die: 1-6, icon (a picture), ban")],
    socket: Annotated[
        int | None, Query(ge=1, le=6, description="the number on the socket (or `at`)")
    ] = None,
    at: Annotated[
        str | None,
        Query(
            max_length=40,
            pattern=r"^[a-z0-9_.]+$",
            description="a socket of the table's board by id (bakery.2, wolf, fox.1): its "
            "number and spirit are the board's",
        ),
    ] = None,
    spirit: Annotated[Spirit | None, Query(description="a forest spirit's socket")] = None,
    there: Annotated[int, Query(ge=0, le=3, description="dice on it already")] = 0,
    top: Annotated[FaceWord | None, Query(description="the top die's face")] = None,
    top_mine: Annotated[bool, Query(description="the top die is yours")] = False,
    wolf_used: Annotated[bool, Query(description="the wolf has eaten this chapter")] = False,
    language: Annotated[Language | None, Query(description="default: the table's")] = None,
) -> PlacementCheckView:
    """Yes or no, the rule, and the words (DU-3, DU-6, DU-7, DU-10)."""
    state = await table_state(services, viewer.table_id)
    if at is not None:
        board = board_of(state)
        if at not in board.sockets:
            raise ApiError(
                422, "invalid_request", f"The board '{board.name}' has no socket '{at}'."
            )
        socket, spirit = board.sockets[at].number, board.sockets[at].spirit
    elif socket is None:
        raise ApiError(422, "invalid_request", "Say the socket: its number, or `at` its id.")
    question = PlacementQuestion(
        players=len(state.kinds),
        face=_face(face),
        socket=socket,
        spirit=spirit,
        there=there,
        top=None if top is None else _face(top),
        top_mine=top_mine,
        wolf_used=wolf_used,
    )
    answer = check_placement(question)
    lang = language or state.config.language
    return PlacementCheckView(
        ok=answer.ok,
        rule=answer.rule,
        reason=answer.reason,
        language=lang,
        words=placement_words(answer, lang),
    )
