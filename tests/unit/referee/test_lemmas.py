"""The referee's lemmas come from simplemma's dictionaries as tries, with simplemma's answers."""

import logging
from pathlib import Path

import pytest
import simplemma
from simplemma.strategies.dictionaries import DEFAULT_DICTIONARY_FACTORY

from companion.referee import lemmas

WORDS = {
    "en": "children wolves went better thieves slept King's met bore geese Princesses didn't",
    "es": "reyes lobos casó Vio peces ventanita enamorarse anciano había ningún Ñandú",
}
TEXTS = (
    "vio dos lobos",  # a tie on the first sampler's words is broken by the relaxed one
    "the old king rode out",
    "el rey y la reina",
    "xyzzy plugh",
    "",
)


def test_the_referee_lemmatises_from_the_tries() -> None:
    assert lemmas.is_compact()


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lemmas_are_simplemmas(lang: str) -> None:
    for word in WORDS[lang].split():
        for form in (word, word.lower()):
            assert lemmas.lemmatize(form, lang) == simplemma.lemmatize(form, lang=lang)


def test_language_ratios_are_simplemmas() -> None:
    for text in TEXTS:
        assert lemmas.language_ratios(text) == dict(simplemma.langdetect(text, lang=("en", "es")))


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_tries_hold_every_entry_of_simplemmas_dictionaries(lang: str) -> None:
    tries = lemmas._load_tries(lemmas.default_cache_dir())
    assert tries is not None
    trie, plain = tries[lang], DEFAULT_DICTIONARY_FACTORY.get_dictionary(lang)
    assert len(trie) == len(plain)
    assert all(trie.get(key) == plain.get(key) for key in plain)
    for key in ("", "zzzq", "wolf's-bane"):
        assert trie.get(key) == plain.get(key)


def test_the_tries_are_built_once_under_the_cache_key(tmp_path: Path) -> None:
    built = lemmas.ensure_built(tmp_path)
    assert built == tmp_path / "lemmas" / lemmas.cache_key()
    assert simplemma.__version__ in built.name
    assert {p.name for p in built.iterdir()} == {"en.dic", "es.dic", "manifest.json"}
    stamps = [p.stat().st_mtime_ns for p in sorted(built.iterdir())]
    assert lemmas.ensure_built(tmp_path) == built
    assert [p.stat().st_mtime_ns for p in sorted(built.iterdir())] == stamps


def test_without_a_cache_the_plain_dictionaries_stand_in(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("not a directory")
    with caplog.at_level(logging.WARNING, logger=lemmas.__name__):
        assert lemmas._load_tries(blocked) is None
    assert "plain dictionaries stand in" in caplog.text
