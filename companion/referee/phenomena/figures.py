"""Figures of speech: a card's word in another sense is not the card.

- Idioms whose words name a card in another sense ("a dry spell", "cola de caballo", 宝の山):
  found by text.py as spans (a `*` marks the figurative word where the idiom's other words keep
  their sense: "*poor child" is no Poor, still a Child).
- Similes: a comparison is not a presence ("as strong as a bear", "como un lobo", 鬼のような).
- Copula metaphors: "his words were a sword", "the queen was a wolf in battle".

Tables: `data/phenomena/figures.yaml`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.referee.phenomena._scope import (
    ARTICLES,
    DETERMINERS,
    INDEFINITE,
    after,
    before,
    indefinite_before,
    load,
    phrase_table,
    quote,
    word_table,
    written,
)
from companion.referee.tokens import words

if TYPE_CHECKING:
    from companion.referee.text import Analysis

_DATA = load("figures")
FIGURATIVE = phrase_table(_DATA["figurative"])
SIMILE = phrase_table(_DATA["simile"])
SIMILE_ADJECTIVES = words(_DATA["simile_adjectives"])
FIGURE_OF = words(_DATA["figure_of"])
LIKE_AS_VERB = words(_DATA["like_as_verb"])
COPULA = word_table(_DATA["copula"])
METAPHOR_SUBJECTS = word_table(_DATA["metaphor_subjects"])
PERSON_SUBJECTS = word_table(_DATA["person_subjects"])
METAPHOR_ANIMALS = frozenset(_DATA["metaphor_animals"])


def figurative(analysis: Analysis, start: int, end: int) -> str | None:
    """The words are part of an idiom in another sense ("a dry spell", 宝の山)."""
    for span_start, span_end in analysis.figurative:
        if span_start < end and start < span_end:
            return f"idiom ({analysis.text[span_start:span_end]!r})"
    return None


def simile(analysis: Analysis, first: int, last: int) -> str | None:
    """A comparison: "like a wolf", "as strong as a bear", "como un oso", 鬼のような."""
    tokens = analysis.tokens
    if tokens[first].lang == "ja":
        marker = after(analysis, analysis.markers["simile"], last, 1)
        return None if marker is None else f"a comparison ({quote(analysis, marker)})"
    if tokens[first].lang == "es":
        marker = before(analysis, analysis.markers["simile"], first, 2)
        if marker is None and _spanish_comparative(analysis, first):
            return "a comparison ('más … que')"
        return None if marker is None else f"a comparison ({quote(analysis, marker)})"
    if _figure_of_a_person(analysis, first, last):
        return "a figure of speech ('… of a man')"
    j = first - 1
    while j >= 0 and tokens[j].text in ARTICLES | DETERMINERS and first - j <= 3:
        j -= 1
    if j < 0 or not analysis.same_clause(j, first):
        return None
    indefinite = any(tokens[k].text in INDEFINITE for k in range(j + 1, first))
    if tokens[j].text == "like" and (j == 0 or tokens[j - 1].text not in LIKE_AS_VERB):
        return "a comparison ('like')"
    if tokens[j].text == "as" and j >= 2 and tokens[j - 2].text == "as":
        return "a comparison ('as … as')"
    if tokens[j].text == "as" and j >= 1 and tokens[j - 1].text in SIMILE_ADJECTIVES:
        return "a comparison ('… as')"
    if tokens[j].text == "than" and indefinite:  # "bigger than a horse", not "than the king"
        return "a comparison ('than')"
    return None


def _spanish_comparative(analysis: Analysis, first: int) -> bool:
    """ "más grande que un caballo" (not "que el rey": a definite one is there)."""
    tokens = analysis.tokens
    if first < 3 or tokens[first - 1].text not in INDEFINITE or tokens[first - 2].text != "que":
        return False
    return any(tokens[k].text in ("mas", "menos") for k in range(max(0, first - 6), first - 2))


def _figure_of_a_person(analysis: Analysis, first: int, last: int) -> bool:
    """ "a dragon of a woman", "a bear of a man"."""
    tokens = analysis.tokens
    return (
        first >= 1
        and tokens[first - 1].text in ("a", "an")
        and last + 3 < len(tokens)
        and tokens[last + 1].text == "of"
        and tokens[last + 2].text in ("a", "an")
        and tokens[last + 3].text in FIGURE_OF
    )


def metaphor(analysis: Analysis, first: int, last: int, card_id: str | None) -> str | None:
    """A copula metaphor: "his words were a sword", "the queen was a wolf in battle",
    "sus palabras eran una espada", 女王はまさに狼だった. The thing must follow the copula
    with an indefinite article (en/es); the subject must be abstract ("words", "heart"), or a
    person when the thing is an animal."""
    tokens = analysis.tokens
    lang = tokens[first].lang
    animal = card_id in METAPHOR_ANIMALS

    def figure(keys: frozenset[str]) -> bool:
        return bool(keys & METAPHOR_SUBJECTS[lang]) or (
            animal and bool(keys & PERSON_SUBJECTS[lang])
        )

    if lang == "ja":
        if last + 1 >= len(tokens) or not tokens[last + 1].keys & COPULA["ja"]:
            return None
        for k in range(first - 1, 0, -1):  # the topic: Xは
            if not analysis.same_clause(k, first):
                break
            if tokens[k].text == "は" and tokens[k].pos.startswith("助詞"):
                return "a metaphor ('は…だ')" if figure(tokens[k - 1].keys) else None
        return None
    copula = None
    for j in range(first - 1, max(-1, first - 5), -1):
        if not analysis.same_clause(j, first):
            break
        if tokens[j].text in COPULA[lang]:
            copula = j
            break
    if copula is None or not indefinite_before(analysis, first):
        return None
    for k in range(copula - 1, max(-1, copula - 5), -1):
        if not analysis.same_clause(k, copula):
            break
        if figure(frozenset({tokens[k].text})):
            return f"a metaphor ({written(analysis, copula)!r} …)"
    return None
