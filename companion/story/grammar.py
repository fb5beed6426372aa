"""The offline narrator's template grammar: sentences built from the deck's prototype phrases.

A continuation is an opener ("Just then, …") and one of the card's prototype phrases ("the old
king ruled the land"), framed as a clause or as "there was <phrase>" when the phrase is only a
noun phrase, sometimes followed by a short sentence that names no element. Endings link with a
sentence that names no element. The referee verifies every sentence like any proposal.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

from companion.cards import Language, StoryCard

_OPENERS: dict[Language, tuple[str, ...]] = {
    "en": ("Then", "Just then", "Soon after", "Not long after", "All at once", "That same day"),
    "ja": (
        "そのとき、",
        "まもなく、",
        "やがて、",
        "ちょうどそのころ、",
        "その日のうちに、",
        "ふと気づくと、",
    ),
    "es": (
        "Entonces",
        "De pronto",
        "Poco después",
        "Aquel mismo día",
        "Al poco tiempo",
        "En ese momento",
    ),
}
_AFTERMATHS: dict[Language, tuple[str, ...]] = {
    "en": (
        "Nothing would be quite the same after that.",
        "No one had expected it.",
        "It was the beginning of something new.",
    ),
    "ja": (
        "それから、すべてが変わり始めました。",
        "誰もそんなことは思ってもいませんでした。",
        "それが新しい始まりでした。",
    ),
    "es": (
        "Después de aquello, nada volvió a ser igual.",
        "Nadie lo esperaba.",
        "Fue el comienzo de algo nuevo.",
    ),
}
# Linking sentences for endings: they must name no element. Checked against the bundled deck
# and referee (the Japanese ones still draw semantic false alarms there: see docs).
_LINKS: dict[Language, tuple[str, ...]] = {
    "en": (
        "In the end, it all came together.",
        "At last, everything that had been set in motion found its place.",
        "And that is how it all turned out.",
        "And so the tale drew to its end.",
    ),
    "ja": (
        "こうして、すべてはおさまるところにおさまりました。",
        "そして最後に、すべてがひとつにまとまりました。",
        "こうして、お話は結末を迎えます。",
    ),
    "es": (
        "Y así fue como terminó todo.",
        "Al final, las cosas se arreglaron.",
        "Y así acabó todo.",
    ),
}
# "there was …" framings for a prototype that is only a noun phrase
_THERE_WAS: dict[Language, str] = {"en": "there was {}", "ja": "{}があった", "es": "apareció {}"}
_SEEMED: dict[Language, str] = {"en": "everything seemed {}", "ja": "{}", "es": "todo parecía {}"}
_THERE_WAS_BEING = "{}がいた"  # Japanese: a person or animal is (いる), a thing is (ある)

_EN_ARTICLES = {"a", "an", "the", "some", "his", "her", "their", "its", "my", "our"}
_EN_VERBS = set(
    [
        "is",
        "was",
        "were",
        "are",
        "has",
        "had",
        "have",
        "did",
        "does",
        "came",
        "went",
        "saw",
        "took",
        "gave",
        "found",
        "fell",
        "ran",
        "ate",
        "met",
        "made",
        "told",
        "knew",
        "left",
        "lost",
        "stole",
        "sang",
        "slept",
        "grew",
        "flew",
        "kept",
        "held",
        "brought",
        "built",
        "caught",
        "fought",
        "felt",
        "heard",
        "led",
        "lay",
        "rode",
        "rose",
        "sat",
        "sent",
        "shone",
        "spoke",
        "stood",
        "swam",
        "threw",
        "woke",
        "won",
        "wore",
        "wrote",
        "began",
        "broke",
        "drank",
        "drove",
        "forgot",
        "froze",
        "got",
        "hid",
        "hung",
        "paid",
        "put",
        "read",
        "said",
        "sold",
        "shook",
        "spent",
        "struck",
        "swore",
        "taught",
        "thought",
        "tore",
        "became",
        "brought",
        "could",
        "would",
        "will",
        "can",
        "lives",
        "rules",
        "sleeps",
        "sits",
    ]
)
_EN_ADJECTIVES_IN_ED = set(
    [
        "wicked",
        "naked",
        "sacred",
        "beloved",
        "cursed",
        "enchanted",
        "haunted",
        "crooked",
        "ragged",
        "hooded",
        "winged",
        "horned",
        "red",
        "bed",
        "sled",
        "shed",
        "hundred",
        "feathered",
        "armed",
        "gilded",
    ]
)
_ES_ARTICLES = {"un", "una", "unos", "unas", "el", "la", "los", "las", "su", "sus", "mi"}
_ES_VERB_ENDINGS = ("aba", "aban", "ía", "ían", "ió", "ó", "aron", "ieron", "ará", "erá")
_ES_VERBS = set(
    [
        "es",
        "era",
        "fue",
        "hubo",
        "había",
        "estaba",
        "tenía",
        "vivía",
        "hizo",
        "dijo",
        "vio",
        "tuvo",
        "está",
        "son",
        "vive",
        "tiene",
        "puso",
        "durmió",
        "pudo",
        "quiso",
        "vino",
        "trajo",
        "dio",
        "supo",
    ]
)
_SENTENCE_ENDS = (".", "。", "!", "?", "！", "？")
_MAX_NOUN_PHRASE_WORDS = 5
_JA_CLAUSE_END = re.compile(r"[るたういくすつぬむぶぐだ]$")


def is_clause(phrase: str, language: Language) -> bool:
    """Whether a prototype phrase can stand as a sentence, or is only a noun phrase.

    A phrase ending like a sentence is one; otherwise a short phrase that starts with an article
    and has no verb we know ("a great oak tree", "大きな樫の木") is a noun phrase.
    """
    phrase = phrase.strip()
    if phrase.endswith(_SENTENCE_ENDS):
        return True
    if language == "ja":
        return bool(_JA_CLAUSE_END.search(phrase))
    words = re.findall(r"[^\W\d_]+", phrase.lower())
    if not words or len(words) > _MAX_NOUN_PHRASE_WORDS:
        return True
    if language == "en":
        if words[0] not in _EN_ARTICLES:
            return True
        return any(
            w in _EN_VERBS or (len(w) > 4 and w.endswith("ed") and w not in _EN_ADJECTIVES_IN_ED)
            for w in words[1:]
        )
    if words[0] not in _ES_ARTICLES:
        return True
    return any(w in _ES_VERBS or w.endswith(_ES_VERB_ENDINGS) for w in words[1:])


def card_sentence(
    phrase: str,
    opener: str,
    language: Language,
    *,
    noun_phrase: bool | None = None,
    being: bool = False,
) -> str:
    """The opener, then the phrase as a sentence ("Then, the old king ruled the land."); a
    noun phrase of a `being` is framed as one (Japanese いる, not ある)."""
    body = phrase.strip()
    if noun_phrase is None:
        noun_phrase = not is_clause(body, language)
    mark = (
        body[-1] if body.endswith(("?", "!", "？", "！")) else ("。" if language == "ja" else ".")
    )
    body = body.rstrip("".join(_SENTENCE_ENDS))
    if language == "ja":
        there = _THERE_WAS_BEING if being else _THERE_WAS[language]
        return f"{opener}{there.format(body) if noun_phrase else body}{mark}"
    if body[:1].isupper() and not body[1:2].isupper() and body.split(" ", 1)[0] != "I":
        body = body[0].lower() + body[1:]
    return f"{opener}, {_THERE_WAS[language].format(body) if noun_phrase else body}{mark}"


def label_phrase(label: str, group: str, language: Language) -> tuple[str, bool]:
    """A card known by its label alone (a custom card) as a phrase, and whether it is a clause.
    In English and Spanish a printed-style label is lower-cased ("Old Lantern" → "old
    lantern"); a thing or an event gets an indefinite article when it has no determiner ("a
    scarecrow", "un espantapájaros", "una bruja": the Spanish gender read from the ending, -a
    feminine); an aspect is how things seemed ("everything seemed sad", "todo parecía
    triste"). Japanese labels are kept as they are."""
    words = label.split()
    if language == "ja" or not words:
        return label, False
    words = [w.lower() if w[:1].isupper() and w[1:].islower() else w for w in words]
    text = " ".join(words)
    if group == "aspects":
        return _SEEMED[language].format(text), True
    first = words[0].casefold()
    if language == "en" and first not in _EN_ARTICLES:
        return f"{'an' if first[:1] in 'aeiou' else 'a'} {text}", False
    if language == "es" and first not in _ES_ARTICLES:
        return f"{'una' if first.endswith('a') else 'un'} {text}", False
    return text, False


def continuations(
    card: StoryCard, language: Language, rng: random.Random
) -> Iterator[tuple[str, ...]]:
    """Candidate continuations bringing in `card`, in a random but reproducible order.

    A card with no prototype phrase is told by its label, as a noun phrase.
    """
    text = card.text[language]
    noun_phrase = None
    if text.prototypes:
        phrases = list(text.prototypes)
    else:
        phrase, clause = label_phrase(text.label, card.group.value, language)
        phrases, noun_phrase = [phrase], not clause
    openers = list(_OPENERS[language])
    rng.shuffle(phrases)
    rng.shuffle(openers)
    being = not text.prototypes and card.group.value == "characters"
    for i, (phrase, opener) in enumerate(
        (phrase, opener) for phrase in phrases for opener in openers
    ):
        sentence = card_sentence(phrase, opener, language, noun_phrase=noun_phrase, being=being)
        if i % 2:
            yield (sentence, rng.choice(_AFTERMATHS[language]))
        else:
            yield (sentence,)


def linking_sentences(language: Language, rng: random.Random) -> Iterator[tuple[str, ...]]:
    """Candidate OU-18 linking sentences, naming no element."""
    links = list(_LINKS[language])
    rng.shuffle(links)
    for link in links:
        yield (link,)
