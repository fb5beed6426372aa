"""simplemma's English and Spanish dictionaries as MARISA tries, for the referee's lemmas and its
English-or-Spanish detector: the answers of `simplemma.lemmatize` and `simplemma.langdetect`
(every key of both dictionaries maps to the same lemma, and every other word to none), in about
5 MB instead of the ~120 MB of Python dicts that simplemma's default factory loads.

The tries are simplemma's own (`TrieDictionaryFactory`: its build, its file format, its
lookups). Building them takes ~1.4 s and peaks at ~220 MB, so it happens once per machine, in a
subprocess (a server's memory never sees that peak), into ``cache_dir/lemmas/<key>/``, where the
key names the simplemma and marisa-trie versions: in a temporary directory renamed into place,
under a file lock (two workers starting together build once; a crash leaves nothing half-built:
`embeddings.cache.build_once_into`, as for the int8 models).
``cache_dir`` is the one `referee_from_settings` passes (`use_cache_dir`), else the settings'
own (`default_cache_dir`). Should the tries be out of reach (an unwritable cache, a failed
build), simplemma's plain dictionaries stand in: the same lemmas, in more memory, and a warning
in the log.

Safe to share between threads: the set-up runs once, under a lock; the lemmatiser's cache is a
`functools.lru_cache`; a trie lookup only reads (marisa-trie gives each lookup its own agent).
"""

from __future__ import annotations

import json
import logging
import subprocess
import sys
import threading
from collections.abc import Mapping
from dataclasses import dataclass
from importlib.metadata import version
from pathlib import Path
from typing import Literal

import simplemma
from simplemma import LanguageDetector, Lemmatizer
from simplemma.strategies import DefaultStrategy
from simplemma.token_sampler import MostCommonTokenSampler, RelaxedMostCommonTokenSampler

from embeddings.cache import build_once_into

logger = logging.getLogger(__name__)

LANGS: tuple[Literal["en", "es"], ...] = ("en", "es")
BUILD_TIMEOUT_S = 120
# The subprocess that builds the tries: simplemma alone (not this package, whose imports would
# only add to the first start), one trie file per language named on the command line.
_BUILD = (
    "import sys\n"
    "from simplemma.strategies.dictionaries import TrieDictionaryFactory\n"
    "factory = TrieDictionaryFactory(disk_cache_dir=sys.argv[1])\n"
    "for lang in sys.argv[2:]:\n"
    "    factory.get_dictionary(lang)\n"
)

_lock = threading.Lock()
_cache_dir: Path | None = None
_state: _Lemmas | None = None


@dataclass(frozen=True)
class _Lemmas:
    lemmatizer: Lemmatizer
    # simplemma.langdetect's samplers, in its order: the relaxed one only breaks a tie
    detectors: tuple[LanguageDetector, ...]
    compact: bool  # the tries (False: simplemma's plain dictionaries stood in)


def use_cache_dir(cache_dir: Path) -> None:
    """Keep the tries under `cache_dir` (the settings'); takes effect before the first lemma."""
    global _cache_dir
    with _lock:
        _cache_dir = cache_dir


def lemmatize(word: str, lang: Literal["en", "es"]) -> str:
    """`simplemma.lemmatize(word, lang=lang)`, from the tries."""
    return _lemmas().lemmatizer.lemmatize(word, lang)


def language_ratios(text: str) -> dict[str, float]:
    """`dict(simplemma.langdetect(text, lang=("en", "es")))`, from the tries: the share of the
    text's words each language knows, and "unk" for the words neither does."""
    results: dict[str, float] = {}
    for detector in _lemmas().detectors:
        results = detector.proportion_in_each_language(text)
        ranked = sorted(results.items(), key=lambda item: (item[0] == "unk", -item[1]))
        if len(ranked) == 1 or ranked[0][1] != ranked[1][1]:
            break
    return results


def is_compact() -> bool:
    """Whether the lemmas come from the tries (False: simplemma's plain dictionaries)."""
    return _lemmas().compact


def default_cache_dir() -> Path:
    """The settings' cache directory ($COMPANION_CACHE_DIR, .env, or its default)."""
    from companion.settings import Settings  # only when no referee_from_settings set one

    return Settings().cache_dir


def cache_key() -> str:
    """The tries' directory name: they are simplemma's data in marisa-trie's file format."""
    return f"simplemma-{simplemma.__version__}-marisa-trie-{version('marisa-trie')}"


def ensure_built(cache_dir: Path) -> Path:
    """The directory of the en and es tries under `cache_dir`, built first if it is not there
    (in a subprocess, into a temporary directory renamed into place, under a file lock)."""
    root = cache_dir / "lemmas"
    target = root / cache_key()
    if (target / "manifest.json").is_file():
        return target
    root.mkdir(parents=True, exist_ok=True)
    return build_once_into(root, cache_key(), _build_tries)


def _build_tries(out_dir: Path) -> None:
    """The en and es tries and their manifest, written into `out_dir` by a subprocess."""
    done = subprocess.run(
        [sys.executable, "-c", _BUILD, str(out_dir), *LANGS],
        capture_output=True,
        text=True,
        timeout=BUILD_TIMEOUT_S,
        check=False,
    )
    missing = [lang for lang in LANGS if not (out_dir / f"{lang}.dic").is_file()]
    if done.returncode != 0 or missing:
        tail = "\n".join(done.stderr.strip().splitlines()[-5:])
        raise OSError(f"building the tries failed (missing {missing}): {tail}")
    manifest = {"simplemma": simplemma.__version__, "marisa-trie": version("marisa-trie")}
    (out_dir / "manifest.json").write_text(json.dumps({**manifest, "langs": LANGS}))


def _lemmas() -> _Lemmas:
    state = _state
    if state is None:
        state = _load()
    return state


def _load() -> _Lemmas:
    global _state
    with _lock:
        if _state is not None:
            return _state
        tries = _load_tries(_cache_dir or default_cache_dir())
        strategy = (
            DefaultStrategy()
            if tries is None
            else DefaultStrategy(dictionary_factory=_LoadedTries(tries))
        )
        _state = _Lemmas(
            Lemmatizer(lemmatization_strategy=strategy),
            tuple(
                LanguageDetector(LANGS, sampler, strategy)
                for sampler in (MostCommonTokenSampler(), RelaxedMostCommonTokenSampler())
            ),
            compact=tries is not None,
        )
        return _state


def _load_tries(cache_dir: Path) -> Mapping[str, Mapping[str, str]] | None:
    """The tries by language, loaded as simplemma's `TrieDictionaryFactory` loads its cached
    ones; None (and a warning) when they cannot be had."""
    try:
        from marisa_trie import BytesTrie
        from simplemma.strategies.dictionaries.trie_dictionary_factory import TrieWrapDict

        built = ensure_built(cache_dir)
        tries = {lang: BytesTrie().load(str(built / f"{lang}.dic")) for lang in LANGS}
        if not all(len(trie) for trie in tries.values()):
            raise OSError(f"an empty trie in {built}")
        return {lang: TrieWrapDict(trie) for lang, trie in tries.items()}
    except Exception as exc:  # an unwritable cache, a failed build, a damaged file
        logger.warning(
            "lemmas: simplemma's tries are out of reach under %s (%s); its plain dictionaries "
            "stand in (the same lemmas, ~120 MB more memory)",
            cache_dir,
            exc,
        )
        return None


class _LoadedTries:
    """A simplemma `DictionaryFactory` over tries loaded up front (no lazy load to race on)."""

    def __init__(self, tries: Mapping[str, Mapping[str, str]]) -> None:
        self._tries = tries

    def get_dictionary(self, lang: str) -> Mapping[str, str]:
        try:
            return self._tries[lang]
        except KeyError:
            raise ValueError(f"no trie for {lang!r}: only {LANGS}") from None
