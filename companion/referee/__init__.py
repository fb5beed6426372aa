"""The referee: which held cards a sentence of the story mentions (OU-10), with evidence.

    from companion.referee import Referee
    ruling = Referee(deck, embedder).rule("She slept in the woods.", ["Forest", "Asleep"])

Errors::

    RefereeError (ValueError)     bad input to the referee
    ├── InvalidTextError          empty after stripping, over MAX_TEXT_CHARS, or no letters
    └── TooManyCardsError         more than MAX_CARDS distinct cards in one ruling

Unknown card labels are not errors: they are free-text cards, matched by their own words.
"""

from companion.referee.errors import (
    MAX_CARDS,
    MAX_TEXT_CHARS,
    InvalidTextError,
    RefereeError,
    TooManyCardsError,
)
from companion.referee.models import Adjudicator, Mention, Method, Ruling, Verdict
from companion.referee.port import MentionLike, RefereePort, RulingLike
from companion.referee.referee import Referee, Thresholds

__all__ = [
    "MAX_CARDS",
    "MAX_TEXT_CHARS",
    "Adjudicator",
    "InvalidTextError",
    "Mention",
    "MentionLike",
    "Method",
    "Referee",
    "RefereeError",
    "RefereePort",
    "Ruling",
    "RulingLike",
    "Thresholds",
    "TooManyCardsError",
    "Verdict",
]
