"""Load the referee's labelled cases and assign their dev/test split.

The split is stratified by (language, main tag), the main tag being a case's first tag: inside each
stratum the cases are ordered by the SHA-256 of their id and the first 55 % (rounded) go to "dev",
the rest to "test". Tune thresholds on "dev" only; report figures from "test".

Run ``python -m evals.data.cases`` after editing the file to rewrite every case's "split".

A third set, ``referee_holdout.jsonl`` (split "holdout", ids ``ho-<lang>-<tag>-<nnn>``), was written
blind (without looking at the referee, its errors or its reports) and is never tuned on: it is only
reported, to measure how the dev-tuned referee generalises. Its split is fixed in the file; the hash
rule above does not apply to it, and ``rewrite_splits`` refuses to touch it.

A fourth set, ``referee_fresh.jsonl`` (split "blind", ids ``fr-<lang>-<nnn>``), was written blind
for issue 11 before the learned referee was run on it: custom cards outside the bundled deck and
live-style narration (dictated, typed without accents, hiragana-only, several sentences, rulings
that depend on the story so far). It is never tuned on and its per-case errors are never printed;
its split is fixed in the file like the holdout's, and it adds the tags of ``FRESH_ONLY_TAGS``.

A fifth set, ``referee_fresh2.jsonl`` (split "blind", ids ``f2-<lang>-<nnn>``), is a second
fresh blind set in the same format and under the same rules, written blind on 2026-11-24 because
the first one has informed a choice between two models. ``load_fresh2()`` loads it; its split is
fixed.

A sixth set, ``referee_fresh3.jsonl`` (split "blind", ids ``f3-<lang>-<nnn>``), is a third fresh
blind set in the same format and under the same rules, written blind on 2026-11-24 because the
second one has informed a choice between two models. ``load_fresh3()`` loads it; its split is
fixed.

A seventh set, ``referee_fresh4.jsonl`` (split "blind", ids ``f4-<lang>-<nnn>``), is a fourth fresh
blind set in the same format and under the same rules, written blind on 2026-11-24 because the
third one has informed a choice between two models. ``load_fresh4()`` loads it; its split is
fixed. It has since decided one choice between models (aggregates only) and is reported by
evals.referee_lco.

An eighth set, ``referee_fresh5.jsonl`` (split "blind", ids ``f5-<lang>-<nnn>``), is a fifth fresh
blind set in the same format and under the same rules, written blind so that a later choice between
models has an untouched set after the fourth one's. ``load_fresh5()`` loads it; its split is fixed.
It has since decided one choice between models (aggregates only) and is reported by
evals.referee_lco.

A ninth set, ``referee_fresh6.jsonl`` (split "blind", ids ``f6-<lang>-<nnn>``), is a sixth fresh
blind set in the same format and under the same rules, written blind so that a later choice between
models has an untouched set after the fifth one's. ``load_fresh6()`` loads it; its split is fixed.
It decided one choice between models on 2026-11-25 (aggregates only) and is reported by
evals.referee_lco.

A tenth set, ``referee_fresh7.jsonl`` (split "blind", ids ``f7-<lang>-<nnn>``), is a seventh fresh
blind set in the same format and under the same rules, written blind so that a later choice between
models has an untouched set after the sixth one's. ``load_fresh7()`` loads it; its split is fixed.
It was spent on 2026-11-25 (aggregates only; the candidate could not be built, nothing shipped)
and is reported by evals.referee_lco.

An eleventh, ``referee_fresh8.jsonl`` (split "blind", ids ``f8-<lang>-<nnn>``), is an eighth fresh
blind set, written on 2026-11-25 under the same rules for the choice after the seventh set's.
``load_fresh8()`` loads it; its split is fixed. It decided the choice of the referee's veto on
the tables' finds on 2026-11-25 (aggregates only) and is the set evals.referee_lco reports by
default.

A twelfth, ``referee_fresh9.jsonl`` (split "blind", ids ``f9-<lang>-<nnn>``), is a ninth fresh
blind set, written on 2026-11-25 under the same rules for the choice after the eighth set's.
``load_fresh9()`` loads it; its split is fixed. It was spent on 2026-11-25 on the choice of the
cast's judge (evals.referee_lco reads it by default since).

A thirteenth, ``referee_fresh10.jsonl`` (split "blind", ids ``f10-<lang>-<nnn>``), is a tenth fresh
blind set, written blind under the same rules for the choice after the ninth set's.
``load_fresh10()`` loads it; its split is fixed. It was spent on 2026-11-25 on the choice of
candidate M (more spent sets for the cross-encoder; not shipped), and evals.referee_lco reads it
by default since.

A fourteenth, ``referee_fresh11.jsonl`` (split "blind", ids ``f11-<lang>-<nnn>``), is an eleventh
fresh blind set, written blind under the same rules for the choice after the tenth set's.
``load_fresh11()`` loads it; its split is fixed. It chose nothing: it measured the shipped model
once (2026-11-25), and evals.referee_lco has read it by default since.

A fifteenth, ``referee_fresh12.jsonl`` (split "blind", ids ``f12-<lang>-<nnn>``), is a twelfth
fresh blind set, written blind under the same rules for the choice after the eleventh set's.
``load_fresh12()`` loads it; its split is fixed. It was spent on candidate S (2026-11-25), and
evals.referee_lco has read it by default since.

A sixteenth, ``referee_fresh13.jsonl`` (split "blind", ids ``f13-<lang>-<nnn>``), is a thirteenth
fresh blind set, written blind under the same rules for the choice after the twelfth set's.
``load_fresh13()`` loads it; its split is fixed. No evaluation reads it.

Since 2026-11-25 the first five fresh sets are training data: the learned path's cross-encoder
(evals.referee_cross) learns from them, so they measure nothing any more (LABELLING.md). The
sixth and seventh are training data of the veto on the tables' finds (evals.referee_veto).
"""

import hashlib
import json
from collections import defaultdict
from pathlib import Path
from typing import Any

CASES_PATH = Path(__file__).with_name("referee_cases.jsonl")
HOLDOUT_PATH = Path(__file__).with_name("referee_holdout.jsonl")
FRESH_PATH = Path(__file__).with_name("referee_fresh.jsonl")
FRESH2_PATH = Path(__file__).with_name("referee_fresh2.jsonl")
FRESH3_PATH = Path(__file__).with_name("referee_fresh3.jsonl")
FRESH4_PATH = Path(__file__).with_name("referee_fresh4.jsonl")
FRESH5_PATH = Path(__file__).with_name("referee_fresh5.jsonl")
FRESH6_PATH = Path(__file__).with_name("referee_fresh6.jsonl")
FRESH7_PATH = Path(__file__).with_name("referee_fresh7.jsonl")
FRESH8_PATH = Path(__file__).with_name("referee_fresh8.jsonl")
FRESH9_PATH = Path(__file__).with_name("referee_fresh9.jsonl")
FRESH10_PATH = Path(__file__).with_name("referee_fresh10.jsonl")
FRESH11_PATH = Path(__file__).with_name("referee_fresh11.jsonl")
FRESH12_PATH = Path(__file__).with_name("referee_fresh12.jsonl")
FRESH13_PATH = Path(__file__).with_name("referee_fresh13.jsonl")
TRAIN_CUSTOM_PATH = Path(__file__).with_name("referee_train_custom.jsonl")  # learned from only
# More training cases of the fresh sets' kind (ids t2- … t5-), learned from only.
TRAIN_MORE_PATHS = tuple(
    Path(__file__).with_name(f"referee_train_custom{n}.jsonl") for n in (2, 3, 4, 5)
)
LANGS = ("en", "ja", "es")
TAGS = (
    "literal",
    "synonym",
    "hyponym",
    "inference",
    "paraphrase",
    "anticipation",
    "event-not-yet",
    "hard-negative",
    "negation",
    "multi",
    "cross-lingual",
    "seed",
    "free-text",
    "story-dependent",
)
FRESH_ONLY_TAGS = (
    "custom-card",
    "dictated",
    "unaccented",
    "hiragana",
    "multi-sentence",
    "story-dependent",
)
FRESH_TAGS = tuple(
    dict.fromkeys((*(tag for tag in TAGS if tag not in ("seed", "free-text")), *FRESH_ONLY_TAGS))
)
SPLITS = ("dev", "test")
HOLDOUT_SPLIT = "holdout"
FRESH_SPLIT = "blind"
TRAIN_SPLIT = "train"
ALL_SPLITS = (*SPLITS, HOLDOUT_SPLIT, FRESH_SPLIT)
FIXED_SPLIT_PATHS = (
    HOLDOUT_PATH,
    FRESH_PATH,
    FRESH2_PATH,
    FRESH3_PATH,
    FRESH4_PATH,
    FRESH5_PATH,
    FRESH6_PATH,
    FRESH7_PATH,
    FRESH8_PATH,
    FRESH9_PATH,
    FRESH10_PATH,
    FRESH11_PATH,
    FRESH12_PATH,
    FRESH13_PATH,
    TRAIN_CUSTOM_PATH,
    *TRAIN_MORE_PATHS,
)
DEV_SHARE = 0.55

Case = dict[str, Any]


def load_cases(path: Path = CASES_PATH, split: str | None = None) -> list[Case]:
    """Every case of the file (or of one split), in file order."""
    cases = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]
    return [case for case in cases if split is None or case["split"] == split]


def load_holdout(path: Path = HOLDOUT_PATH) -> list[Case]:
    """The blind holdout cases (split "holdout"), or none when the file is absent."""
    return _load_fixed_split(path, HOLDOUT_SPLIT)


def load_fresh(path: Path = FRESH_PATH) -> list[Case]:
    """The fresh blind cases of issue 11 (split "blind"), or none when the file is absent."""
    return _load_fixed_split(path, FRESH_SPLIT)


def load_fresh2(path: Path = FRESH2_PATH) -> list[Case]:
    """The second fresh blind set (split "blind"), or none when the file is absent."""
    return _load_fixed_split(path, FRESH_SPLIT)


def load_fresh3(path: Path = FRESH3_PATH) -> list[Case]:
    """The third fresh blind set (split "blind"), or none when the file is absent."""
    return _load_fixed_split(path, FRESH_SPLIT)


def load_fresh4(path: Path = FRESH4_PATH) -> list[Case]:
    """The fourth fresh blind set (split "blind"), or none when the file is absent."""
    return _load_fixed_split(path, FRESH_SPLIT)


def load_fresh5(path: Path = FRESH5_PATH) -> list[Case]:
    """The fifth fresh blind set (split "blind"), or none when the file is absent."""
    return _load_fixed_split(path, FRESH_SPLIT)


def load_fresh6(path: Path = FRESH6_PATH) -> list[Case]:
    """The sixth fresh blind set (split "blind"), or none when the file is absent."""
    return _load_fixed_split(path, FRESH_SPLIT)


def load_fresh7(path: Path = FRESH7_PATH) -> list[Case]:
    """The seventh fresh blind set (split "blind"), or none when the file is absent."""
    return _load_fixed_split(path, FRESH_SPLIT)


def load_fresh8(path: Path = FRESH8_PATH) -> list[Case]:
    """The eighth fresh blind set (split "blind"), or none when the file is absent."""
    return _load_fixed_split(path, FRESH_SPLIT)


def load_fresh9(path: Path = FRESH9_PATH) -> list[Case]:
    """The ninth fresh blind set (split "blind"), or none when the file is absent."""
    return _load_fixed_split(path, FRESH_SPLIT)


def load_fresh10(path: Path = FRESH10_PATH) -> list[Case]:
    """The tenth fresh blind set (split "blind"), or none when the file is absent."""
    return _load_fixed_split(path, FRESH_SPLIT)


def load_fresh11(path: Path = FRESH11_PATH) -> list[Case]:
    """The eleventh fresh blind set (split "blind"), or none when the file is absent."""
    return _load_fixed_split(path, FRESH_SPLIT)


def load_fresh12(path: Path = FRESH12_PATH) -> list[Case]:
    """The twelfth fresh blind set (split "blind"), or none when the file is absent."""
    return _load_fixed_split(path, FRESH_SPLIT)


def load_fresh13(path: Path = FRESH13_PATH) -> list[Case]:
    """The thirteenth fresh blind set (split "blind"), or none when the file is absent."""
    return _load_fixed_split(path, FRESH_SPLIT)


def load_train_custom(path: Path = TRAIN_CUSTOM_PATH) -> list[Case]:
    """The training cases with custom cards (split "train"; `make train` learns from them,
    nothing measures on them), or none when the file is absent."""
    return _load_fixed_split(path, TRAIN_SPLIT)


def load_train_more(paths: tuple[Path, ...] = TRAIN_MORE_PATHS) -> list[Case]:
    """The later training files (ids t2- … t5-, split "train"), one after another; learned from
    by the cross-encoder, never a measure. Absent files give none."""
    return [case for path in paths for case in load_train_custom(path)]


def _load_fixed_split(path: Path, split: str) -> list[Case]:
    if not path.exists():
        return []
    cases = load_cases(path)
    stray = [case["id"] for case in cases if case.get("split") != split]
    if stray:
        raise ValueError(f"{path.name}: cases not in the {split!r} split: {stray[:5]}")
    return cases


def stratum(case: Case) -> tuple[str, str]:
    return case["lang"], case["tags"][0]


def _rank_key(case_id: str) -> str:
    return hashlib.sha256(case_id.encode("utf-8")).hexdigest()


def assign_splits(cases: list[Case]) -> dict[str, str]:
    """The split of every case id: per stratum, the first 55 % by id hash are "dev"."""
    strata: dict[tuple[str, str], list[str]] = defaultdict(list)
    for case in cases:
        strata[stratum(case)].append(case["id"])
    splits: dict[str, str] = {}
    for ids in strata.values():
        ordered = sorted(ids, key=_rank_key)
        n_dev = max(1, round(len(ordered) * DEV_SHARE))
        for rank, case_id in enumerate(ordered):
            splits[case_id] = "dev" if rank < n_dev else "test"
    return splits


def rewrite_splits(path: Path = CASES_PATH) -> None:
    if any(path.resolve() == fixed.resolve() for fixed in FIXED_SPLIT_PATHS):
        raise ValueError(f"{path.name}: its split is fixed, it is never reassigned to dev or test")
    cases = load_cases(path)
    splits = assign_splits(cases)
    for case in cases:
        case["split"] = splits[case["id"]]
    text = "".join(json.dumps(case, ensure_ascii=False) + "\n" for case in cases)
    path.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    rewrite_splits()
