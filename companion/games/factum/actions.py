"""Actions: a union of frozen models tagged by `type`, each naming the `seat` that acts::

volunteer        seat, teammates?, judge?   FA-2/FA-8: a seat offers to tell; teams are split
tell             seat, card, text?          FA-2: the storyteller's card; the story is told
choose_guessers  seat, guessers             FA-3: the judge picks "storyteller" or "judge"
decoy            seat, card                 FA-4: a non-guessing seat adds a card
guess            seat, card                 FA-5: a guessing seat votes for a table card
best_story       seat, prefer               FA-7: "current" or "reigning", a secret vote
declare_fill     seat, cards                physical deck: the judge names the fill-up cards
"""

from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

from companion.games.base import Frozen

MAX_STORY_CHARS = 10_000

Team = Literal["storyteller", "judge"]


class Volunteer(Frozen):
    """A seat volunteers to tell the next story (FA-2); nobody tells twice in a row (FA-8).

    A table that forms its own teams names the storyteller's `teammates` (the storyteller not
    included) and may name the `judge` (a seat of the other team). Left out, the engine splits
    the teams by lot and picks the judge (see `teams`).
    """

    type: Literal["volunteer"] = "volunteer"
    seat: int
    teammates: tuple[int, ...] | None = None
    judge: int | None = None


class Tell(Frozen):
    """The storyteller names the card the story is about and confirms the story is over (FA-2).

    `text` is the story when it was typed or dictated; at a live table it is told aloud and
    `text` stays None.
    """

    type: Literal["tell"] = "tell"
    seat: int
    card: str
    text: str | None = Field(default=None, max_length=MAX_STORY_CHARS)


class ChooseGuessers(Frozen):
    """The judge, having seen the storyteller's card, says which team guesses (FA-3)."""

    type: Literal["choose_guessers"] = "choose_guessers"
    seat: int
    guessers: Team


class Decoy(Frozen):
    """A seat of the non-guessing team adds a card of its hand to the table (FA-4)."""

    type: Literal["decoy"] = "decoy"
    seat: int
    card: str


class Guess(Frozen):
    """A seat of the guessing team votes for the table card it takes for the storyteller's
    (FA-5). Neither captain votes: the storyteller and the judge both know the card."""

    type: Literal["guess"] = "guess"
    seat: int
    card: str


class BestStory(Frozen):
    """A secret vote (FA-7): does the `current` story beat the `reigning` best story?"""

    type: Literal["best_story"] = "best_story"
    seat: int
    prefer: Literal["current", "reigning"]


class DeclareFill(Frozen):
    """Physical deck (FA-4): the judge draws the fill-up cards from the printed deck and names
    them, exactly as many as the table lacks to reach 5."""

    type: Literal["declare_fill"] = "declare_fill"
    seat: int
    cards: tuple[str, ...]


Action = Annotated[
    Volunteer | Tell | ChooseGuessers | Decoy | DeclareFill | Guess | BestStory,
    Field(discriminator="type"),
]
ActionType = Literal[
    "volunteer", "tell", "choose_guessers", "decoy", "declare_fill", "guess", "best_story"
]

ACTION_ADAPTER: TypeAdapter[Action] = TypeAdapter(Action)


def action_from_json(data: str | bytes) -> Action:
    """Parse one action from JSON (raises pydantic.ValidationError on a malformed one)."""
    return ACTION_ADAPTER.validate_json(data)


def action_to_json(action: Action) -> str:
    return ACTION_ADAPTER.dump_json(action).decode()
