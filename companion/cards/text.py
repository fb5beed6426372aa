"""Text folding shared by deck look-ups and the referee's lexical matcher."""

import unicodedata


def fold(text: str) -> str:
    """Fold text for matching: NFKC, case-folded, Latin accents removed, spaces squeezed.

    Japanese kana and kanji are kept as they are; only combining marks of Latin letters are dropped
    (so "Príncipe" and "principe" fold alike, while "が" keeps its dakuten).
    """
    text = unicodedata.normalize("NFKC", text).casefold()
    decomposed = unicodedata.normalize("NFD", text)
    kept: list[str] = []
    for ch in decomposed:
        if unicodedata.combining(ch) and kept and kept[-1].isascii():
            continue
        kept.append(ch)
    return " ".join(unicodedata.normalize("NFC", "".join(kept)).split())
