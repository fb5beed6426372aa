"""Checking a request's input and shaping it for prompts. Untrusted text is checked here first."""

from __future__ import annotations

import re
from collections.abc import Sequence

from companion.cards import LANGUAGES, Deck, EndingCard, Language, StoryCard, UnknownCardError
from companion.llm import delimit
from companion.story.errors import InvalidStoryRequest

LANGUAGE_NAMES: dict[Language, str] = {"en": "English", "ja": "Japanese", "es": "Spanish"}
MAX_SENTENCE_CHARS = 2_000  # one told sentence
MAX_TEXT_CHARS = 20_000  # a text the referee accepts (adjudication)
MAX_FACTUM_COUNT = 100
MAX_FACTUM_AVOID = 1_000
MAX_STORY_SENTENCES = 1_000
PROMPT_STORY_CHARS = 8_000  # the most recent sentences that fit go into a prompt

_KANA_OR_KANJI = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
_LATIN_LETTER = re.compile(r"[A-Za-zÀ-ÿ]")


def check_language(language: str) -> Language:
    for known in LANGUAGES:
        if language == known:
            return known
    raise InvalidStoryRequest("language", f"{language!r} is not one of {', '.join(LANGUAGES)}")


def check_text(field: str, text: str, *, limit: int = MAX_SENTENCE_CHARS) -> str:
    stripped = text.strip()
    if not stripped:
        raise InvalidStoryRequest(field, "is empty")
    if len(stripped) > limit:
        raise InvalidStoryRequest(
            field, f"is {len(stripped)} characters long; at most {limit} are allowed"
        )
    return stripped


def check_story(story: Sequence[str], *, limit: int = MAX_SENTENCE_CHARS) -> tuple[str, ...]:
    if isinstance(story, str):
        raise InvalidStoryRequest("story", "must be a list of sentences, not one string")
    if len(story) > MAX_STORY_SENTENCES:
        raise InvalidStoryRequest(
            "story", f"has {len(story)} sentences; at most {MAX_STORY_SENTENCES}"
        )
    return tuple(
        check_text(f"story[{i}]", sentence, limit=limit) for i, sentence in enumerate(story)
    )


def check_factum_request(
    count: int, language: str, avoid: Sequence[str]
) -> tuple[Language, tuple[str, ...]]:
    if not 1 <= count <= MAX_FACTUM_COUNT:
        raise InvalidStoryRequest("count", f"must be 1 to {MAX_FACTUM_COUNT}, not {count}")
    if isinstance(avoid, str) or len(avoid) > MAX_FACTUM_AVOID:
        raise InvalidStoryRequest("avoid", f"must be a list of at most {MAX_FACTUM_AVOID} cards")
    return check_language(language), tuple(
        check_text(f"avoid[{i}]", text, limit=MAX_TEXT_CHARS) for i, text in enumerate(avoid)
    )


def story_card(deck: Deck, card_id: str, field: str) -> StoryCard:
    try:
        return deck.story_card(card_id)
    except UnknownCardError:
        raise InvalidStoryRequest(field, f"{card_id!r} is no story card of {deck.name}") from None


def ending_card(deck: Deck, ending_id: str) -> EndingCard:
    try:
        return deck.ending(ending_id)
    except UnknownCardError:
        raise InvalidStoryRequest("ending", f"{ending_id!r} is no ending of {deck.name}") from None


def story_block(story: Sequence[str]) -> str:
    """The story as numbered lines in a <story> block; the oldest sentences are left out when it
    is too long (a note says so, outside the block)."""
    lines: list[str] = []
    used = 0
    for number in range(len(story), 0, -1):
        line = f"{number}. {story[number - 1]}"
        if lines and used + len(line) > PROMPT_STORY_CHARS:
            break
        lines.append(line)
        used += len(line) + 1
    lines.reverse()
    if not lines:
        return "(The story has not begun yet.)"
    omitted = len(story) - len(lines)
    note = f"(Sentences 1 to {omitted} are left out for length.)\n" if omitted else ""
    return note + delimit("story", "\n".join(lines))


def in_language(text: str, language: Language) -> bool:
    """Whether `text` is plausibly written in `language` (script only: ja vs Latin)."""
    if language == "ja":
        return bool(_KANA_OR_KANJI.search(text))
    return bool(_LATIN_LETTER.search(text)) and not _KANA_OR_KANJI.search(text)
