"""Tokens with match keys and offsets into the original text, for English, Spanish and Japanese.

Latin-script runs are split into words by a regular expression and keyed by their folded form,
their simplemma lemma (from simplemma's dictionaries as tries: `lemmas`) and (for nouns
simplemma misses) a plain plural-stripped form. Japanese runs are cut by SudachiPy (mode C, so
王国 stays one word and 王 does not fire inside it) and keyed by surface, dictionary form and
normalized form (カエル and 蛙 share "蛙").
"""

import re
import threading
import unicodedata
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Literal

from sudachipy import Dictionary, SplitMode

from companion.cards import fold
from companion.referee.lemmas import language_ratios, lemmatize

Language = Literal["en", "ja", "es"]
LatinLanguage = Literal["en", "es"]


def words(text: str) -> frozenset[str]:
    """A set of words written as one space-separated string (keeps word tables readable)."""
    return frozenset(text.split())


@dataclass(frozen=True, slots=True)
class Token:
    """A word of the text: where it is, what it may match, and its part of speech (Japanese)."""

    start: int
    end: int
    text: str  # folded surface
    keys: frozenset[str]  # every form it may match: surface, singular, lemma
    noun_keys: frozenset[str]  # the forms a name of a thing may match: surface, singular
    pos: str = ""  # Sudachi's part of speech, two levels ("助詞-接続助詞"); "" for Latin
    lang: Language = "en"


_JAPANESE_CHAR = re.compile(
    r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f々〆ヵヶー]"
)
_JAPANESE_RUN = re.compile(
    r"[\u3000-\u303f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef々〆ヵヶー]+"
)
_JA = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f々〆ヵヶー"
# a word of letters (not Japanese ones), with one inner apostrophe ("king's", "didn't")
_LATIN_WORD = re.compile(rf"[^\W\d_{_JA}]+(?:['’][^\W\d_{_JA}]+)?|\d+")

_EN_HINTS = words(
    "the a an and of to in was were he she it his her they them with on at is had that this "
    "there into from but not by who which be been would as their saw"
)
_ES_HINTS = words(
    "el la los las de del que y en un una se por con su sus al es era había muy pero cuando "
    "como le lo para ella él fue estaba sin ningún ninguna hacia"
)
_ES_LETTERS = frozenset("ñáéíóúü¿¡")

# Sudachi refuses inputs over 49,149 bytes; Japanese characters take three bytes in UTF-8.
_SUDACHI_CHUNK_CHARS = 4_000


def has_japanese(text: str) -> bool:
    return _JAPANESE_CHAR.search(text) is not None


def detect_latin_language(text: str) -> LatinLanguage:
    """English or Spanish for the Latin-script words of a text: by function words and Spanish
    letters when they are clear, else by simplemma's word-list detector ("Vio dos lobos")."""
    words_ = [w.lower() for w in _LATIN_WORD.findall(text)]
    en = sum(w in _EN_HINTS for w in words_)
    es = sum(w in _ES_HINTS for w in words_) + 2 * sum(ch in _ES_LETTERS for ch in text.lower())
    if abs(en - es) < 2 and words_:
        ratios = language_ratios(" ".join(words_[:200]))
        es_ratio, en_ratio = ratios.get("es", 0.0), ratios.get("en", 0.0)
        if es_ratio != en_ratio:
            return "es" if es_ratio > en_ratio else "en"
    return "es" if es > en else "en"


def detect_language(text: str) -> Language:
    """The text's main language: Japanese when Japanese script dominates its letters."""
    japanese = len(_JAPANESE_CHAR.findall(text))
    latin = sum(len(w) for w in _LATIN_WORD.findall(text))
    if japanese and japanese * 2 >= latin:
        return "ja"
    return detect_latin_language(text)


# Dictionary forms too common to match on: な, なら, だろう all have だ; でしょう has です.
_JA_COPULAS = frozenset({"だ", "です"})
_SUDACHI_LOCK = threading.Lock()  # one Sudachi tokenizer per process; it is not re-entrant


@cache
def _sudachi() -> object:
    return Dictionary(dict="core").tokenizer(mode=SplitMode.C)


def _english_variants(word: str) -> set[str]:
    """Plural-stripped forms that simplemma misses ("thieves" → "thief")."""
    out: set[str] = set()
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        out.add(word[:-1])
        if word.endswith("ies"):
            out.add(word[:-3] + "y")
        elif word.endswith("ves"):
            out.update((word[:-3] + "f", word[:-3] + "fe"))
        elif word.endswith("es"):
            out.add(word[:-2])
    if word.endswith("'s") or word.endswith("’s"):
        out.add(word[:-2])
    return out


def _spanish_variants(word: str) -> set[str]:
    """Plural-stripped and diminutive forms ("reyes" → "rey", "peces" → "pez", "ventanita" →
    "ventana")."""
    out: set[str] = set()
    if len(word) > 3 and word.endswith("s"):
        out.add(word[:-1])
        if word.endswith("ces"):
            out.add(word[:-3] + "z")
        elif word.endswith("es"):
            out.add(word[:-2])
    for form in (word, *out):  # diminutives: "ventanita" → "ventana", "lobitos" → "lobo"
        if len(form) > 5 and form.endswith(("ito", "ita")):
            out.add(form[:-3] + form[-1])
    for reflexive in ("arse", "erse", "irse"):  # "enamorarse" → "enamorar"
        if word.endswith(reflexive):
            out.add(word[:-2])
    return out


_IRREGULAR_PLURALS = words("children women men mice geese feet teeth lice oxen people")


@lru_cache(maxsize=65_536)
def latin_keys(word: str, lang: LatinLanguage) -> tuple[frozenset[str], frozenset[str]]:
    """Match keys of a Latin-script word: (noun keys, all keys).

    Noun keys are the folded form and its singulars ("thieves" → "thief", "reyes" → "rey");
    all keys add the lemma of any part of speech ("met" → "meet", "casó" → "casar"). Names of
    things match noun keys only, so "bore" (lemma "bear") is no Bear and Spanish "anciano" is
    no "anciana" (simplemma gives nouns their masculine lemma).
    """
    lower = unicodedata.normalize("NFKC", word).lower().replace("’", "'")
    nouns = {fold(lower)}
    if lang == "en":
        base = lower[:-2] if lower.endswith("'s") else lower
        lemma = fold(lemmatize(base, "en").lower())
        nouns.add(fold(base))
        nouns.update(fold(v) for v in _english_variants(lower))
        if base.endswith(("s", "en")) or base in _IRREGULAR_PLURALS:
            nouns.add(lemma)  # "children" → "child", "wolves" → "wolf"
    else:
        lemma = fold(lemmatize(lower, "es").lower())
        nouns.update(fold(v) for v in _spanish_variants(lower))
    nouns.discard("")
    return frozenset(nouns), frozenset(nouns | {lemma} - {""})


def _latin_tokens(text: str, offset: int, lang: LatinLanguage) -> list[Token]:
    out: list[Token] = []
    for m in _LATIN_WORD.finditer(text):
        nouns, keys = latin_keys(m.group(), lang)
        out.append(
            Token(
                start=offset + m.start(),
                end=offset + m.end(),
                text=fold(m.group()),
                keys=keys,
                noun_keys=nouns,
                lang=lang,
            )
        )
    return out


_KANA = re.compile(r"^[\u3041-\u3096\u30a1-\u30fa\u30fc]+$")


def _hiragana(katakana: str) -> str:
    return "".join(chr(ord(c) - 0x60) if "ァ" <= c <= "ヶ" else c for c in katakana)


def reading_key(morpheme_reading: str) -> str:
    """The match key of a reading: "yomi:" + the reading in hiragana (キツネ → yomi:きつね)."""
    return "yomi:" + _hiragana(morpheme_reading)


def _japanese_tokens(text: str, offset: int, *, phrase: bool = False) -> list[Token]:
    """Sudachi's words, keyed by surface, dictionary and normalized forms. A noun written in
    kana alone (a child's or a phone's きつね, もり) is also keyed by its reading, and so is
    every word of a card name or rule phrase (`phrase`): きつね meets 狐. Only nouns: verbs,
    adverbs and particles are written in kana all the time (こうして is no 后, すぎる no 杉).
    Two words written in kanji never meet by reading (橋 is not 箸); readings of one kana are
    left out."""
    tokenizer = _sudachi()
    out: list[Token] = []
    for begin in range(0, len(text), _SUDACHI_CHUNK_CHARS):
        chunk = text[begin : begin + _SUDACHI_CHUNK_CHARS]
        with _SUDACHI_LOCK:
            morphemes = list(tokenizer.tokenize(chunk))  # type: ignore[attr-defined]
        for m in morphemes:
            surface = m.surface()
            if not surface.strip() or m.part_of_speech()[0] in ("補助記号", "空白"):
                continue  # punctuation and spaces: no words (clauses are cut on the text)
            # 会っ → 会う, but な, なら, だろう are not だ (too common a form to match on)
            forms = (surface, m.dictionary_form(), m.normalized_form())
            keys = frozenset(
                fold(f) for f in forms if fold(f) and (f == surface or f not in _JA_COPULAS)
            )
            reading = m.reading_form()
            kana_noun = m.part_of_speech()[0] == "名詞" and _KANA.match(surface)
            if (phrase or kana_noun) and len(reading) >= 2:
                keys |= {reading_key(reading)}
            out.append(
                Token(
                    start=offset + begin + m.begin(),
                    end=offset + begin + m.end(),
                    text=fold(surface),
                    keys=keys,
                    noun_keys=keys,
                    pos="-".join(m.part_of_speech()[:2]),
                    lang="ja",
                )
            )
    return out


def tokenize(text: str, latin: LatinLanguage, *, phrase: bool = False) -> list[Token]:
    """Tokens of a text in order; Japanese-script runs go to Sudachi, the rest to the word regex.
    `phrase`: a card name or rule phrase (its Japanese words are also keyed by reading)."""
    tokens: list[Token] = []
    position = 0
    for run in _JAPANESE_RUN.finditer(text):
        if not _JAPANESE_CHAR.search(run.group()):
            continue  # full-width punctuation or Latin only: leave it to the word regex
        tokens += _latin_tokens(text[position : run.start()], position, latin)
        tokens += _japanese_tokens(run.group(), run.start(), phrase=phrase)
        position = run.end()
    tokens += _latin_tokens(text[position:], position, latin)
    return tokens


def tokenize_phrase(phrase: str, lang: Language) -> list[Token]:
    """Tokens of a card name or rule phrase, in the language it is written in."""
    if lang == "ja" or has_japanese(phrase):
        return tokenize(phrase, "en", phrase=True)
    return tokenize(phrase, lang)
