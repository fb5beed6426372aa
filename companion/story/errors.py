"""Errors of the story tasks. The tree is drawn in `companion.story`'s docstring."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from companion.story.results import Rejection


class StoryError(Exception):
    """Any failure of a story task."""


class InvalidStoryRequest(StoryError, ValueError):
    """The request itself is wrong (empty or over-long text, a card not in the hand…)."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


class ProposalDropped(StoryError):
    """Every proposal failed verification (or the model failed): nothing is offered.

    `rejections` says why each was dropped, without naming any other player's card.
    """

    def __init__(self, task: str, rejections: tuple[Rejection, ...]) -> None:
        reasons = "; ".join(f"{r.reason}: {r.detail}" for r in rejections) or "no proposal"
        super().__init__(f"{task}: no acceptable proposal ({reasons})")
        self.task = task
        self.rejections = rejections
