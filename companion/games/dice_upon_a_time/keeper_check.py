"""The live-table keeper's placement check: "may I put my 4 on this socket?" answered yes or no
with the rule, in a child's words (`data/keeper.yaml`, en/ja/es).

    answer = check_placement(PlacementQuestion(players=3, face=4, socket=5))
    answer.ok, answer.rule, answer.reason        # False, "DU-3", "below_socket"
    placement_words(answer, "ja")                # the sentence to show (and read aloud)

The keeper does not see the board, so the question says what the asker sees: the die's face,
the number printed on the socket (a spirit's socket too: `spirit`), how many dice lie on it
already, the top one's face and whether that top die is the asker's own, and for the wolf
whether it has eaten this chapter. The checks and their order are the engine's
(`placement.placement_error`): DU-3 face against the socket, DU-6 the wolf once a chapter,
the socket's room (3 dice, 2 with two players; the fox's and the wolf's one), DU-7 a ban face
on top, DU-3 face against the top die. Icons count as 6 (DU-3); a ban face is an icon.
"""

from collections.abc import Mapping
from functools import cache
from importlib import resources
from typing import Annotated, Any, Literal

import yaml
from pydantic import Field

from companion.cards import Language
from companion.games.base import Frozen
from companion.games.dice_upon_a_time.placement import STACK, TWO_PLAYER_STACK

Spirit = Literal["rabbit", "wolf", "snake", "fox"]
FaceAsked = Annotated[int, Field(ge=1, le=6)] | Literal["icon", "ban"]
Reason = Literal[
    "ok", "below_socket", "wolf_used", "one_die", "full", "ban_other", "ban_own", "below_top"
]


class PlacementQuestion(Frozen):
    players: Annotated[int, Field(ge=2, le=5)]
    face: FaceAsked
    socket: Annotated[int, Field(ge=1, le=6)] = Field(description="the number on the socket")
    spirit: Spirit | None = None
    there: Annotated[int, Field(ge=0, le=3)] = Field(0, description="dice on it already")
    top: FaceAsked | None = Field(None, description="the top die's face, when there is one")
    top_mine: bool = False
    wolf_used: bool = False


class PlacementAnswer(Frozen):
    ok: bool
    rule: str
    reason: Reason
    values: dict[str, str]


def _value(face: int | str) -> int:
    return face if isinstance(face, int) else 6


def check_placement(question: PlacementQuestion) -> PlacementAnswer:
    """Yes or no, the rule, and the values the words need."""
    q = question
    values = {"face": str(q.face), "socket": str(q.socket), "top": str(q.top or "")}
    limit = 1 if q.spirit in ("fox", "wolf") else STACK
    if limit == STACK and q.players == 2:
        limit = TWO_PLAYER_STACK
    values["limit"] = str(limit)
    reason: Reason = "ok"
    if _value(q.face) < q.socket:
        reason = "below_socket"
    elif q.spirit == "wolf" and q.wolf_used:
        reason = "wolf_used"
    elif q.there >= limit:
        reason = "one_die" if limit == 1 else "full"
    elif q.there and q.top == "ban" and not q.top_mine and q.face != "ban":
        reason = "ban_other"
    elif q.there and q.top == "ban" and q.top_mine and _value(q.face) < 6:
        reason = "ban_own"
    elif q.there and q.top is not None and _value(q.face) < _value(q.top):
        reason = "below_top"
    rule = str(_words()["reasons"][reason]["rule"])
    return PlacementAnswer(ok=reason == "ok", rule=rule, reason=reason, values=values)


@cache
def _words() -> Mapping[str, Any]:
    text = resources.files("companion.games.dice_upon_a_time").joinpath("data/keeper.yaml")
    data: Mapping[str, Any] = yaml.safe_load(text.read_text(encoding="utf-8"))
    return data


def placement_words(answer: PlacementAnswer, language: Language) -> str:
    """The answer as a sentence in `language`, the icons named in words."""
    words = _words()

    def face(value: str) -> str:
        return str(words[value][language]) if value in ("icon", "ban") else value

    values = {key: face(value) for key, value in answer.values.items()}
    return str(words["reasons"][answer.reason][language]).format(**values)
