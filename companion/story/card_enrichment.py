"""Words for cards the deck does not know, proposed by a language model and verified (issue 11,
item 4): a card typed by players ("Scarecrow") gets a group, and in English, Japanese and
Spanish a label, other names ("straw man") and example phrases, so that the referee's tables,
guards and cast treat it as they treat a printed card.

- Once per card, never per sentence: a ruling never waits for a model. `card_for(label)` answers
  from memory; for a label not seen yet it starts the request on a background thread and answers
  None (the referee rules the label as a free-text card meanwhile, with its learned scorer).
  `enrich(label)` is the same request, waited for (tests, a table's set-up).
- Cached: in memory, and on disk under `cache_dir` per model (`card_enrichment/<model>.json`),
  so a restart asks again for nothing. A failed request is retried after `RETRY_AFTER_S`, not
  on every sentence.
- Verified (`verified_card`): a proposal is data, not trusted. A word that names a printed card
  ("king" proposed for "Ruler") is dropped: it would make the typed card fire on a printed
  one. So are words in the wrong script for their language, markup, words too long, and
  duplicates; a proposal left with no word of its own gives nothing.
- The typed label is data in the prompt (`delimit`); the model's words go back into no prompt.

Without a model configured nothing here runs: the offline figures do not depend on it.
"""

from __future__ import annotations

import json
import logging
import os
import re
import tempfile
import threading
import time
from collections.abc import Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

from companion.cards import CUSTOM_PREFIX, CardText, Deck, Group, StoryCard, fold
from companion.llm import LLM, LLMError, delimit, render_prompt
from companion.referee.tokens import Language, has_japanese
from companion.story.drafts import CardEnrichmentDraft, CardWordsDraft

log = logging.getLogger(__name__)

MAX_ALIASES = 8
MAX_PROTOTYPES = 4
MAX_NAME_CHARS = 40
MAX_NAME_WORDS = 4
MAX_PROTOTYPE_CHARS = 120
RETRY_AFTER_S = 600.0
LANGUAGES: tuple[Language, ...] = ("en", "ja", "es")
_MARKUP = re.compile(r"[<>{}\[\]]|https?:|www\.")


def verified_card(label: str, draft: CardEnrichmentDraft, deck: Deck) -> StoryCard | None:
    """The card a proposal describes, keeping only the words that pass the checks above; the
    typed label stays the card's label in its own script (Japanese, or English and Spanish)."""
    given = label.strip()
    drafts: dict[Language, CardWordsDraft] = {"en": draft.en, "ja": draft.ja, "es": draft.es}
    text: dict[Language, CardText] = {}
    proposed = 0  # words of the model's own that were kept (the typed label is not one)
    for lang in LANGUAGES:
        words = drafts[lang]
        model_names = _kept([words.label, *words.aliases], lang, deck, MAX_NAME_CHARS, names=True)
        prototypes = _kept(words.prototypes, lang, deck, MAX_PROTOTYPE_CHARS, names=False)
        own_script = has_japanese(given) == (lang == "ja")
        names = _unique([given, *model_names]) if own_script else model_names
        if not names:
            continue
        text[lang] = CardText(
            names[0], tuple(names[1 : 1 + MAX_ALIASES]), tuple(prototypes[:MAX_PROTOTYPES])
        )
        proposed += sum(fold(n) != fold(given) for n in names) + len(text[lang].prototypes)
    if "en" not in text or proposed == 0:
        return None
    return StoryCard(id=CUSTOM_PREFIX + fold(given), group=Group(draft.group), text=text)


def _kept(
    items: Sequence[str], lang: Language, deck: Deck, max_chars: int, *, names: bool
) -> list[str]:
    out: list[str] = []
    for raw in items:
        item = " ".join(str(raw).split())
        if not item or len(item) > max_chars or _MARKUP.search(item):
            continue
        if has_japanese(item) != (lang == "ja"):
            continue  # a Japanese word among the English ones, or the other way round
        if names and lang != "ja" and len(item.split()) > MAX_NAME_WORDS:
            continue
        if names and deck.resolve(item) is not None:
            continue  # the name of a printed card: the typed card must not fire on it
        out.append(item)
    return _unique(out)


def _unique(items: Sequence[str]) -> list[str]:
    seen: set[str] = set()
    out: list[str] = []
    for item in items:
        key = fold(item)
        if key not in seen:
            seen.add(key)
            out.append(item)
    return out


class LLMCardEnricher:
    """A `CardEnricher` (companion.referee.models) asking `llm`, remembering its answers."""

    def __init__(self, llm: LLM, deck: Deck, *, cache_dir: Path | None = None) -> None:
        self.llm = llm
        self.deck = deck
        self._path = None
        if cache_dir is not None:
            slug = re.sub(r"[^A-Za-z0-9._-]+", "_", llm.model)[:80]
            self._path = cache_dir / "card_enrichment" / f"{slug}.json"
        self._cards: dict[str, StoryCard | None] = self._read()
        self._failed: dict[str, float] = {}  # folded label → when the request failed
        self._pending: dict[str, Future[StoryCard | None]] = {}
        self._lock = threading.Lock()
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="card-enrichment")

    def card_for(self, label: str) -> StoryCard | None:
        key = fold(label)
        with self._lock:
            if key in self._cards:
                return self._cards[key]
            failed = self._failed.get(key)
            if key not in self._pending and (
                failed is None or time.monotonic() - failed > RETRY_AFTER_S
            ):
                self._pending[key] = self._executor.submit(self._ask, label)
        return None

    def enrich(self, label: str) -> StoryCard | None:
        """The enriched card, waiting for the model when it was not asked yet."""
        key = fold(label)
        with self._lock:
            if key in self._cards:
                return self._cards[key]
            future = self._pending.get(key)
            if future is None:
                future = self._pending[key] = self._executor.submit(self._ask, label)
        return future.result()

    def _ask(self, label: str) -> StoryCard | None:
        key = fold(label)
        try:
            messages = render_prompt("card_enrichment", {"card": delimit("card", label.strip())})
            draft = self.llm.generate("card_enrichment", messages, CardEnrichmentDraft).value
            card = verified_card(label, draft, self.deck)
        except Exception as exc:  # a background task: whatever failed is logged, then retried
            if isinstance(exc, LLMError):
                log.warning("no words for the card %r from the model: %s", label[:80], exc)
            else:
                log.exception("enriching the card %r failed", label[:80])
            with self._lock:
                self._failed[key] = time.monotonic()
                self._pending.pop(key, None)
            return None
        with self._lock:
            self._cards[key] = card
            self._pending.pop(key, None)
            self._write()
        return card

    # the disk copy ----------------------------------------------------------------------

    def _read(self) -> dict[str, StoryCard | None]:
        if self._path is None or not self._path.is_file():
            return {}
        try:
            raw = json.loads(self._path.read_text(encoding="utf-8"))
            return {key: _card_from_json(value) for key, value in raw.items()}
        except (OSError, ValueError, KeyError, TypeError):
            log.warning("the card enrichment cache %s is unreadable: starting afresh", self._path)
            return {}

    def _write(self) -> None:
        if self._path is None:
            return
        data = {key: _card_to_json(card) for key, card in self._cards.items()}
        try:
            self._path.parent.mkdir(parents=True, exist_ok=True)
            handle, temp = tempfile.mkstemp(prefix=".enrichment.", dir=self._path.parent)
            with os.fdopen(handle, "w", encoding="utf-8") as file:
                json.dump(data, file, ensure_ascii=False, indent=1)
            os.replace(temp, self._path)
        except OSError:
            log.warning("cannot write the card enrichment cache %s", self._path)


def _card_to_json(card: StoryCard | None) -> dict[str, object] | None:
    if card is None:
        return None
    return {
        "id": card.id,
        "group": card.group.value,
        "text": {
            lang: {"label": t.label, "aliases": list(t.aliases), "prototypes": list(t.prototypes)}
            for lang, t in card.text.items()
        },
    }


def _card_from_json(raw: dict[str, object] | None) -> StoryCard | None:
    if raw is None:
        return None
    text = raw["text"]
    assert isinstance(text, dict)
    return StoryCard(
        id=str(raw["id"]),
        group=Group(str(raw["group"])),
        text={
            lang: CardText(str(t["label"]), tuple(t["aliases"]), tuple(t["prototypes"]))
            for lang, t in text.items()
        },
    )
