"""Guards: why a match of a card's words is not a mention of the card.

Each guard takes the analysed text and a match (its first and last token) and returns the
reason it blocks, or None. The guards and their tables live one phenomenon to a module in
`companion/referee/phenomena/` (negation, mood, figures, likeness, names, hearsay, clues; each
with its data file); this module asks them, in order, for a card of a given group
(`block_reason`), and names the ones the referee and the learned scorer ask directly.
"""

from companion.referee.phenomena._scope import THING_GROUPS
from companion.referee.phenomena.clues import only_perceived, vague_clue
from companion.referee.phenomena.figures import figurative, metaphor, simile
from companion.referee.phenomena.hearsay import denied, told_about
from companion.referee.phenomena.likeness import (
    PRETENCE_GROUPS,
    depicted,
    illusory,
    pretended,
    represented,
)
from companion.referee.phenomena.mood import (
    IRREALIS_GROUPS,
    hypothetical,
    not_yet,
    purposed,
    unfinished,
    wished,
)
from companion.referee.phenomena.names import (
    in_a_name_or_compound,
    named,
    needs_determiner,
    venue_name,
)
from companion.referee.phenomena.negation import negated
from companion.referee.text import Analysis

__all__ = [
    "block_reason",
    "figurative",
    "negated",
    "not_yet",
    "only_perceived",
    "simile",
    "unreal",
    "vague_clue",
    "wished",
]


def unreal(analysis: Analysis, group: str | None, first: int, last: int) -> str | None:
    """Why the words from `first` to `last` tell of something not (yet) there in the story,
    for a card of `group` (None: a free-text card, which may be of any group): only wished for,
    supposed or sought, a purpose, an unfinished event, the subject of a tale, a likeness, an
    illusion, a report then denied, a pretence. The mood guards of `block_reason`, without its
    guards on a word's shape (names, compounds, determiners), for evidence that is not a
    card's own word: the learned scorer's span (`learned.blocking_guard`)."""
    anything = group is None
    reason = wished(analysis, first, last, group) or told_about(analysis, first, last)
    if reason is None and (anything or group in THING_GROUPS):
        reason = (
            hypothetical(analysis, first, last)
            or depicted(analysis, first, last)
            or illusory(analysis, first, last)
            or denied(analysis, first, last)
        )
    if reason is None and (anything or group in PRETENCE_GROUPS):
        reason = pretended(analysis, first, last)
    if reason is None and (anything or group == "events"):
        reason = purposed(analysis, first) or unfinished(analysis, first, last)
    return reason


def block_reason(
    analysis: Analysis, group: str | None, first: int, last: int, card_id: str | None = None
) -> str | None:
    """Why the words from token `first` to `last` do not mention a card of `group` (None:
    a free-text card; `card_id`: the deck card, if any), or None when nothing blocks them."""
    start, end = analysis.tokens[first].start, analysis.tokens[last].end
    predicate = group in IRREALIS_GROUPS
    reason = (
        figurative(analysis, start, end)
        or needs_determiner(analysis, first, last)
        or in_a_name_or_compound(analysis, first, last)
        or named(analysis, first, last)
        or simile(analysis, first, last)
        or told_about(analysis, first, last)
        or negated(analysis, first, last, predicate=predicate)
    )
    if reason is None and group == "characters":
        reason = represented(analysis, first, last)
    if reason is None and group in PRETENCE_GROUPS:
        reason = pretended(analysis, first, last)
    if reason is None and (group is None or group in THING_GROUPS):
        reason = (
            metaphor(analysis, first, last, card_id)
            or depicted(analysis, first, last)
            or illusory(analysis, first, last)
            or denied(analysis, first, last)
        )
        if reason is None and group != "places":
            reason = venue_name(analysis, first, last)
    if reason is None:
        reason = wished(analysis, first, last, group)
    if reason is None and group in THING_GROUPS:
        reason = hypothetical(analysis, first, last)
    if reason is None and group == "events":
        reason = purposed(analysis, first) or unfinished(analysis, first, last)
    if reason is None and predicate and group is not None:
        reason = not_yet(analysis, first, last, group)
    return reason
