"""Verification of proposals by the referee, before anything is offered to the table.

The story tasks need only this slice of `companion.referee.Referee`, so tests can pass a fake.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from companion.cards import Language


class MentionLike(Protocol):
    @property
    def card(self) -> str: ...
    @property
    def card_id(self) -> str | None: ...
    @property
    def score(self) -> float: ...
    @property
    def evidence(self) -> str: ...


class RulingLike(Protocol):
    @property
    def mentions(self) -> Sequence[MentionLike]: ...


class MentionChecker(Protocol):
    """Which of `cards` does `text` bring into the story? (`companion.referee.Referee`)"""

    def rule(
        self,
        text: str,
        cards: Sequence[str],
        *,
        story: Sequence[str] = (),
        language: Language | None = None,
    ) -> RulingLike: ...

    def rule_many(self, texts: Sequence[str], cards: Sequence[str]) -> Sequence[RulingLike]: ...
