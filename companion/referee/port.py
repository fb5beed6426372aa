"""The referee as its callers see it: the one protocol that the table service, the AI seats and
the narrator's verification import (`companion.referee.Referee` implements it; tests pass fakes).

A ruling's mentions need only be *like* `models.Mention`: fakes may return their own objects.
"""

from collections.abc import Sequence
from typing import Protocol

from companion.referee.tokens import Language


class MentionLike(Protocol):
    """One held card the text brings into the story (see `models.Mention`)."""

    @property
    def card(self) -> str: ...
    @property
    def card_id(self) -> str | None: ...
    @property
    def score(self) -> float: ...
    @property
    def evidence(self) -> str: ...
    @property
    def start(self) -> int: ...
    @property
    def end(self) -> int: ...
    @property
    def method(self) -> str: ...


class RulingLike(Protocol):
    """The answer for one text: flagged mentions, and the grey zone apart."""

    @property
    def mentions(self) -> Sequence[MentionLike]: ...
    @property
    def borderline(self) -> Sequence[MentionLike]: ...


class RefereePort(Protocol):
    """Which of `cards` does a text bring into the story (OU-10)?"""

    def warm(self) -> None:
        """Load what the first ruling would otherwise wait for (a server's start-up)."""
        ...

    def rule(
        self,
        text: str,
        cards: Sequence[str],
        *,
        story: Sequence[str] = (),
        language: Language | None = None,
    ) -> RulingLike: ...

    def rule_many(self, texts: Sequence[str], cards: Sequence[str]) -> Sequence[RulingLike]:
        """One ruling per text, in order (one model call for the batch)."""
        ...
