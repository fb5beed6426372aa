"""Which of a Factum card's own words a story uses: the storyteller's "too obvious?" check
(`api.games.factum.advice`) and the vetting of a model's invented story (`factum_seat`).

    shared_words("Winning when you expected to lose", "I lost twice, then won.")  # ["lose", …]

Words are read as the referee reads them (lemmas; Sudachi for Japanese), so "lose" is found in
"I lost" and 勝つ in 勝った; the frame words many cards share ("time", "when", とき) give nothing
away and are left out (`frame_words`).
"""

from collections import Counter
from functools import cache

from companion.cards import LANGUAGES, Language
from companion.referee.tokens import (
    LatinLanguage,
    Token,
    detect_language,
    tokenize,
    tokenize_phrase,
)
from companion.seats.factum import reference_stories
from companion.story.factum import factum_bank

_JA_CONTENT = ("名詞-普通名詞", "名詞-固有名詞", "動詞", "形容詞")
_FRAME_SHARE = 0.03  # a word in at least this share of its language's texts is a frame word


def shared_words(card: str, story: str) -> list[str]:
    """The card's own content words that the story uses, in any form, sorted; frame and
    function words left out."""
    language = detect_language(card)
    told = {key for token in tokenize(story, _latin(language)) for key in token.keys}
    return sorted(
        {
            token.text
            for token in _content_tokens(card)
            if token.keys & told and token.text not in frame_words()
        }
    )


def _latin(language: Language) -> LatinLanguage:
    return "es" if language == "es" else "en"


def _content_tokens(text: str) -> list[Token]:
    language = detect_language(text)
    return [
        token
        for token in tokenize_phrase(text, language)
        if (token.pos.startswith(_JA_CONTENT) if token.lang == "ja" else len(token.text) >= 4)
    ]


@cache
def frame_words() -> frozenset[str]:
    """Words found in at least 3 % of the texts of their language among the bundled bank's
    cards and the canned stories: frame words ("when") and function words ("with")."""
    frames: set[str] = set()
    stories = reference_stories()
    for language in LANGUAGES:
        texts = [*factum_bank(language), *(s for s in stories if detect_language(s) == language)]
        counts = Counter(t.text for text in texts for t in {*_content_tokens(text)})
        frames |= {word for word, n in counts.items() if n >= _FRAME_SHARE * len(texts)}
    return frozenset(frames)
