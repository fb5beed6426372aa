"""Guards: reasons a match is not a mention (negated, not happened yet, only seen, only heard).

Each guard takes the analysed text and a match (token indexes) and returns the reason it
blocks, or None. The tables they read are in `rules.py`.
"""

from companion.referee import rules
from companion.referee.patterns import Hit
from companion.referee.text import Analysis
from companion.referee.tokens import words

# Japanese: the verbs of existence and possession (ドラゴンはいなかった, 剣を持っていない).
_JA_EXISTENCE = words("いる 居る ある 有る 持つ 見つかる 無い ない なし 無し")
_JA_PARTICLES = words("は が も を の に て")


def _is_negator(analysis: Analysis, index: int) -> bool:
    token = analysis.tokens[index]
    if token.lang == "ja":
        return bool(token.keys & rules.NEGATORS["ja"]) and not token.pos.startswith("名詞")
    return token.text in rules.NEGATORS[token.lang] or token.text.endswith("n't")


def negated(analysis: Analysis, first: int, last: int, *, predicate: bool) -> str | None:
    """The match is negated: a negator before it (English, Spanish), or after it (Japanese).

    `predicate` says whether the match is itself a predicate (an event: "never met"). A
    Japanese noun is negated only through an existence or possession verb, so that
    王は森に行かなかった keeps its king.
    """
    tokens = analysis.tokens
    if tokens[first].lang != "ja":
        for j in range(first - 1, max(-1, first - 1 - rules.NEGATION_WINDOW), -1):
            if not analysis.same_clause(j, first):
                break
            if _is_negator(analysis, j):
                return f"negated by {tokens[j].text!r}"
        return None
    j = last + 1
    if not predicate:
        while (
            j < len(tokens) and tokens[j].text in _JA_PARTICLES and tokens[j].pos.startswith("助詞")
        ):
            j += 1
        if j >= len(tokens) or not tokens[j].keys & _JA_EXISTENCE:
            return None
        if _is_negator(analysis, j):
            return f"negated by {tokens[j].text!r}"
        j += 1
    for k in range(j, min(len(tokens), j + rules.NEGATION_WINDOW)):
        if not analysis.same_clause(k, last):
            break
        if _is_negator(analysis, k):
            return f"negated by {tokens[k].text!r}"
    return None


def _near(analysis: Analysis, markers: list[Hit], first: int, last: int, window: int) -> Hit | None:
    """A marker before the match (English, Spanish) or after it (Japanese), same clause."""
    japanese = analysis.tokens[first].lang == "ja"
    for marker in markers:
        if japanese:
            if 0 < marker.first - last <= window and analysis.same_clause(marker.first, last):
                return marker
        elif 0 < first - marker.last <= window and analysis.same_clause(marker.last, first):
            return marker
    return None


def not_yet(analysis: Analysis, first: int, last: int) -> str | None:
    """The event or state is only intended, wished, feared, supposed or to come."""
    marker = _near(analysis, analysis.markers["irrealis"], first, last, rules.IRREALIS_WINDOW)
    if marker is None:
        return None
    return f"not happened yet ({analysis.text[marker.start : marker.end]!r})"


def _in_clause(analysis: Analysis, markers: list[Hit], token: int) -> Hit | None:
    for marker in markers:
        if analysis.same_clause(marker.first, token):
            return marker
    return None


def only_perceived(analysis: Analysis, token: int) -> str | None:
    """Someone is only seen or heard, not met (OU-14's rejected People Meet)."""
    marker = _in_clause(analysis, analysis.markers["perception"], token)
    if marker is None:
        return None
    return f"only perceived ({analysis.text[marker.start : marker.end]!r})"


def vague_clue(analysis: Analysis, token: int) -> str | None:
    """Only a sound, shadow or presence: anticipating a creature (OU-10's snoring)."""
    marker = _in_clause(analysis, analysis.markers["vague"], token)
    if marker is None:
        return None
    return f"only a clue ({analysis.text[marker.start : marker.end]!r})"
