"""Negation and absence: what is said not to be there is not in the story ("there was no
dragon", "sin espada", ドラゴンはいなかった).

English and Spanish negators stand before what they negate, Japanese ones after the predicate.
Subject negators ("nobody", "nadie") deny the predicate, not the things in it: "nobody
recognised the king" keeps its king, loses any "brave". Tables: `data/phenomena/negation.yaml`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.referee.phenomena._scope import DEFINITE, indefinite_before, load, word_table
from companion.referee.tokens import words

if TYPE_CHECKING:
    from companion.referee.text import Analysis

_DATA = load("negation")
NEGATORS = word_table(_DATA["negators"])
SUBJECT_NEGATORS = word_table(_DATA["subject_negators"])
DETERMINER_NEGATORS = word_table(_DATA["determiner_negators"])
CORRELATIVE_NEGATORS = word_table(_DATA["correlative_negators"])
OBJECT_NEGATORS = word_table(_DATA["object_negators"])
NEGATION_WINDOW: int = _DATA["negation_window"]
JA_NEGATION_WINDOW: int = _DATA["ja_negation_window"]
_JA_EXISTENCE = words(_DATA["ja_existence"])
_JA_EXPERIENCE = words(_DATA["ja_experience"])
_JA_THINGS = words(_DATA["ja_things"])
_JA_TIMES = words(_DATA["ja_times"])
_JA_SINGLE_WINDOW: int = _DATA["ja_single_window"]


def _is_negator(analysis: Analysis, index: int) -> bool:
    token = analysis.tokens[index]
    if token.lang == "ja":
        return bool(token.keys & NEGATORS["ja"]) and not token.pos.startswith("名詞")
    return token.text in NEGATORS[token.lang] or token.text.endswith("n't")


def _is_subject_negator(analysis: Analysis, index: int) -> bool:
    tokens = analysis.tokens
    token = tokens[index]
    if token.text in SUBJECT_NEGATORS[token.lang]:
        return True
    # "no one", "not one of the soldiers"
    return (
        token.text in ("no", "not") and index + 1 < len(tokens) and tokens[index + 1].text == "one"
    )


def negated(analysis: Analysis, first: int, last: int, *, predicate: bool) -> str | None:
    """The match is negated.

    `predicate`: the match is an event or a state ("met", "brave"). A subject negator ("nobody
    was brave") denies a predicate anywhere after it in its clause, and an object negator right
    after one ("the frog said nothing") too; a thing is negated only by a negator just before
    it ("no dragon", "sin espada"), and in Japanese through an existence or possession verb
    (竜はいなかった), so that 王は森に行かなかった keeps its king.
    """
    tokens = analysis.tokens
    if tokens[first].lang == "ja":
        return _negated_japanese(analysis, first, last, predicate=predicate)
    for j in range(first - 1, -1, -1):
        if not analysis.same_clause(j, first):
            break
        within = first - j <= NEGATION_WINDOW
        if _is_subject_negator(analysis, j):
            # "nobody had ever seen a giant": an indefinite thing is denied too; and "neither
            # sword", "ninguna bruja", "not one ghost": the negator is the thing's determiner
            if predicate or indefinite_before(analysis, first) or _determines(analysis, j, first):
                return f"negated by {tokens[j].text!r}"
        elif within and _is_negator(analysis, j):
            if not predicate and _correlative_before_definite(analysis, j, first):
                continue  # "ni la bruja ni el hada pudieron…": both are in the story
            return f"negated by {tokens[j].text!r}"
    if predicate:
        for k in range(last + 1, min(len(tokens), last + 3)):
            if tokens[k].text in OBJECT_NEGATORS[tokens[k].lang]:
                return f"negated by {tokens[k].text!r}"
    return None


def _determines(analysis: Analysis, negator: int, first: int) -> bool:
    """The subject negator at `negator` is the determiner of the noun at `first`: "neither
    sword", "ninguna bruja", "not one ghost" (at most one word, an adjective, between; "not one
    of the soldiers" and "neither the witch" name things that are there)."""
    tokens = analysis.tokens
    token = tokens[negator]
    start = negator + 1
    if token.text in ("not", "no") and start < len(tokens) and tokens[start].text == "one":
        start += 1
    elif token.text not in DETERMINER_NEGATORS[token.lang]:
        return False
    between = tokens[start:first]
    return len(between) <= 1 and not any(
        t.text in DEFINITE or t.text in ("of", "de") for t in between
    )


def _correlative_before_definite(analysis: Analysis, negator: int, first: int) -> bool:
    """A correlative negator ("nor", "ni") with a definite determiner before the noun."""
    tokens = analysis.tokens
    if tokens[negator].text not in CORRELATIVE_NEGATORS[tokens[negator].lang]:
        return False
    return any(tokens[k].text in DEFINITE for k in range(negator + 1, first))


def _negated_japanese(analysis: Analysis, first: int, last: int, *, predicate: bool) -> str | None:
    tokens = analysis.tokens
    end = min(len(tokens), last + 1 + JA_NEGATION_WINDOW)
    if predicate:
        # a negator the evidence passes over (盗まれた read in 盗まれなかった), or one after it; a
        # negator that ends the evidence is the card's own phrase (帰り道がわからなく: lost)
        for k in [*range(first + 1, last), *range(last + 1, end)]:
            if k > last and not analysis.same_clause(k, last):
                break
            if _is_negator(analysis, k):
                return f"negated by {tokens[k].text!r}"
    single = _not_a_single(analysis, last, predicate=predicate)
    if single is not None:
        return single
    # the first verb or adjective after the noun: an existence verb, then a negator
    for k in range(last + 1, end):
        if not analysis.same_clause(k, last):
            return None
        if tokens[k].pos.startswith(("動詞", "形容詞")) or tokens[k].keys & _JA_EXISTENCE:
            if tokens[k].keys & _JA_EXPERIENCE:  # the noun is its object: 巨人を見た
                seen = tokens[last + 1].text in ("を", "に")
                return _never_experienced(analysis, k) if seen else None
            if not tokens[k].keys & _JA_EXISTENCE or _not_the_verbs_subject(analysis, last, k):
                return None
            if _is_negator(analysis, k):
                return f"negated by {tokens[k].text!r}"
            for n in range(k + 1, min(len(tokens), k + 6)):
                if _is_negator(analysis, n):
                    return f"negated by {tokens[n].text!r}"
            return None
    return None


def _not_a_single(analysis: Analysis, last: int, *, predicate: bool) -> str | None:
    """木は一本も残っていなかった, 幽霊は一人も現れなかった, 一度もない: "not a single one"
    (一 and a counter, then も) and a negator after it, in the noun's clause. A thing must be
    what is counted: marked は, が or も, and no other noun before the count (塔には幽霊は一人も
    keeps its tower); an event is denied by 一度も anywhere in its clause."""
    tokens = analysis.tokens
    particle = tokens[last + 1].text if last + 1 < len(tokens) else ""
    if not predicate and particle not in ("は", "が", "も"):
        return None
    counters = _JA_TIMES | _JA_THINGS if predicate else _JA_THINGS
    for k in range(last + 2, min(len(tokens), last + 1 + _JA_SINGLE_WINDOW)):
        if not analysis.same_clause(k, last):
            return None
        if tokens[k].text == "も" and _one_of_a_counter(analysis, k - 1, counters):
            count = k - 2 if tokens[k - 2].text == "一" else k - 1
            if not predicate and any(
                tokens[j].pos.startswith(("名詞", "代名詞")) for j in range(last + 2, count)
            ):
                return None
            for n in range(k + 1, min(len(tokens), k + 6)):
                if not analysis.same_clause(n, k):
                    return None
                if _is_negator(analysis, n):
                    return f"not a single one ({tokens[n].text!r})"
    return None


def _one_of_a_counter(analysis: Analysis, index: int, counters: frozenset[str]) -> bool:
    """一 and one of `counters`, as one token (一人) or two (一/本)."""
    tokens = analysis.tokens
    token = tokens[index]
    if token.text.startswith("一") and token.text[1:] in counters:
        return True
    return index > 0 and tokens[index - 1].text == "一" and token.text in counters


def _not_the_verbs_subject(analysis: Analysis, noun: int, verb: int) -> bool:
    """The noun is where (島には川がなかった) or whose (王子は剣を持たずに), not what is denied:
    it is followed by に or で, or it is a topic or subject with another noun marked as the
    verb's subject or object (が, も, を) between it and the verb."""
    tokens = analysis.tokens
    particle = tokens[noun + 1].text if noun + 1 < len(tokens) else ""
    # 狼ではなく is a copula denied (not a wolf); 森では竜がいなかった is a place
    copula = (
        particle == "で"
        and noun + 3 < len(tokens)
        and tokens[noun + 2].text in ("は", "も")
        and _is_negator(analysis, noun + 3)
    )
    if particle == "に" or (particle == "で" and not copula):
        return True
    if particle not in ("は", "が"):
        return False
    return any(
        tokens[k].text in ("が", "も", "を")
        and tokens[k - 1].pos.startswith(("名詞", "代名詞"))
        and not _one_of_a_counter(analysis, k - 1, _JA_THINGS)
        for k in range(noun + 3, verb)
    )


def _never_experienced(analysis: Analysis, verb: int) -> str | None:
    """巨人を見たことがなかった: a verb of seeing or meeting, こと, then a negator."""
    tokens = analysis.tokens
    for k in range(verb + 1, min(len(tokens), verb + 4)):
        if tokens[k].text == "こと":
            for n in range(k + 1, min(len(tokens), k + 4)):
                if _is_negator(analysis, n):
                    return f"never seen ({tokens[n].text!r})"
    return None
