"""Each phenomenon module's guards, asked directly (companion/referee/phenomena/)."""

from companion.referee.text import Analysis, analyse


def at(text: str, words: str) -> tuple[Analysis, int, int]:
    """The analysed text and the first and last token of `words` in it (their first
    occurrence)."""
    analysis = analyse(text)
    start = text.index(words)
    end = start + len(words)
    first = next(i for i, t in enumerate(analysis.tokens) if t.start <= start < t.end)
    last = next(i for i, t in enumerate(analysis.tokens) if t.start < end <= t.end)
    return analysis, first, last
