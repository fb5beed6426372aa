"""Actions (a tagged union on `type`) and the rulings they carry (a tagged union on `kind`).

Every action names the `seat` that takes it. Rulings that need judgement come in as data:
a `Verdict` (the referee, an LLM, or the table without dispute) or a `Vote` (a show of hands,
OU-13/OU-17/OU-19). `yes` in a vote agrees with the action's claim: the card counts, the
interrupt is right, the storyteller is silly, the ending satisfies.
"""

from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

from companion.games.base import Frozen

MAX_TEXT_CHARS = 5_000


class Verdict(Frozen):
    kind: Literal["verdict"] = "verdict"
    accepted: bool
    by: Literal["referee", "llm", "table", "storyteller"] = "table"
    reason: str = Field(default="", max_length=1_000)


class Vote(Frozen):
    kind: Literal["vote"] = "vote"
    yes: tuple[int, ...] = ()
    no: tuple[int, ...] = ()


Judgement = Annotated[Verdict | Vote, Field(discriminator="kind")]


class Narrate(Frozen):
    """The storyteller tells more of the story (OU-6)."""

    type: Literal["narrate"] = "narrate"
    seat: int
    text: str


class Play(Frozen):
    """The storyteller plays a story card on one sentence (OU-6, OU-7): either a new `sentence`
    told with it, or an earlier `line` of their current turn that carries no card yet.
    `judgement`: is the element mentioned and does it matter to the story?"""

    type: Literal["play"] = "play"
    seat: int
    card: str
    sentence: str | None = None
    line: int | None = None
    judgement: Judgement | None = None


class Interrupt(Frozen):
    """Mention interrupt (OU-10): a non-storyteller plays a card whose element the storyteller
    brought into `line` (default: the latest line of the storyteller's turn).
    `judgement`: was the element really told?"""

    type: Literal["interrupt"] = "interrupt"
    seat: int
    card: str
    line: int | None = None
    judgement: Judgement | None = None


class CardInterrupt(Frozen):
    """Card interrupt (OU-11): right after the storyteller played a card, an interrupt card of
    the same group takes the story over. Mechanical: no judgement."""

    type: Literal["card_interrupt"] = "card_interrupt"
    seat: int
    card: str


Claim = Annotated[Interrupt | CardInterrupt, Field(discriminator="type")]


class Simultaneous(Frozen):
    """Interrupts made at once (OU-15), in the order their cards reached the table."""

    type: Literal["simultaneous"] = "simultaneous"
    claims: tuple[Claim, ...]


class Pass(Frozen):
    """The storyteller passes (OU-9): may `discard` a story card, then draws one. With the
    ending-swap variant (OU-21) `swap_ending` discards that ending instead; they then draw a new
    ending and two story cards, and may not also discard a story card."""

    type: Literal["pass"] = "pass"
    seat: int
    discard: str | None = None
    swap_ending: str | None = None


class Stall(Frozen):
    """Anyone (the storyteller included) reports a pause of more than five seconds (OU-16)."""

    type: Literal["stall"] = "stall"
    seat: int
    seconds: float


class Challenge(Frozen):
    """ "That's silly!" (OU-17): a non-storyteller says the story rambles, is nonsense or
    contradicts itself. `judgement`: is it silly?"""

    type: Literal["challenge"] = "challenge"
    seat: int
    reason: str = Field(default="", max_length=1_000)
    judgement: Judgement | None = None


class End(Frozen):
    """The storyteller, holding no story card, links the story to an ending card of theirs in
    one or two sentences and plays it (OU-18). `judgement`: does the ending satisfy?"""

    type: Literal["end"] = "end"
    seat: int
    ending: str
    linking: tuple[str, ...]
    judgement: Judgement | None = None


class DeclareHand(Frozen):
    """Physical deck: the seat says which cards it was dealt (all or some of them)."""

    type: Literal["declare_hand"] = "declare_hand"
    seat: int
    cards: tuple[str, ...] = ()
    endings: tuple[str, ...] = ()


class DeclareDraw(Frozen):
    """Physical deck: the seat says which cards it drew since its last declaration."""

    type: Literal["declare_draw"] = "declare_draw"
    seat: int
    cards: tuple[str, ...] = ()
    endings: tuple[str, ...] = ()


Action = Annotated[
    Narrate
    | Play
    | Interrupt
    | CardInterrupt
    | Simultaneous
    | Pass
    | Stall
    | Challenge
    | End
    | DeclareHand
    | DeclareDraw,
    Field(discriminator="type"),
]
ActionType = Literal[
    "narrate",
    "play",
    "interrupt",
    "card_interrupt",
    "simultaneous",
    "pass",
    "stall",
    "challenge",
    "end",
    "declare_hand",
    "declare_draw",
]

ACTION_ADAPTER: TypeAdapter[Action] = TypeAdapter(Action)
ACTIONS_ADAPTER: TypeAdapter[list[Action]] = TypeAdapter(list[Action])


def action_from_json(data: str | bytes) -> Action:
    """Parse one action from JSON (raises pydantic.ValidationError on a malformed one)."""
    return ACTION_ADAPTER.validate_json(data)


def action_to_json(action: Action) -> str:
    return ACTION_ADAPTER.dump_json(action).decode()
