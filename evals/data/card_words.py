"""Words for story cards outside the bundled deck (`custom_card_words.yaml`): TRAINING DATA ONLY.

The bundled deck gives, for its 109 cards, a label, aliases and prototype sentences in en/ja/es.
`custom_card_words.yaml` gives the same for several hundred cards the deck does not have (trades,
creatures, objects, places, traits, events, some modern), each also with *lures*: sentences that
look close to the card but, by the rules of `LABELLING.md`, do not bring it in. A model may be
tuned on them (`evals.e5_tune --extra`) to learn the general skill of recognising a card it has
never seen from its label alone.

They are never a measure: no figure is to be reported on them. None of their labels or aliases
names a deck card or a card of the fresh blind sets (`tests/unit/test_custom_card_words.py`), so
training on them leaves the held-out deck cards and the blind sets unseen.
"""

from pathlib import Path
from typing import Any

import yaml

CARD_WORDS_PATH = Path(__file__).with_name("custom_card_words.yaml")
CARD_WORDS_LANGS = ("en", "ja", "es")

CardWords = dict[str, Any]


def load_custom_card_words(path: Path = CARD_WORDS_PATH) -> list[CardWords]:
    """The cards of `custom_card_words.yaml`, in file order: each a dict with `id` (``cw-...``),
    `group`, and per language (`en`, `ja`, `es`) a `label`, `aliases`, `prototypes` and `lures`.

    Training data only, never a measure (see the module's docstring). The file is a mapping with
    the list under `cards`, the key `evals.e5_tune.extra_cards` also reads."""
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    cards = raw.get("cards") if isinstance(raw, dict) else None
    if not isinstance(cards, list):
        raise ValueError(f"{path.name}: expected a mapping with a list under 'cards'")
    return cards
