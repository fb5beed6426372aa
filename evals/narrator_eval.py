"""Narrator evaluation, against whatever narrator is configured (a model, or the offline one).

    companion eval narrator [--continuations N] [--endings N] [--seed S] [--embedder KIND]
    python -m evals.narrator_eval …            (the same)

Reports, per language and narrator:

- continuations: how many requests got an answer, and the share of proposals (the model's, then
  the offline grammar's) in which the referee finds the chosen card; answers that hand another
  player's card an interrupt;
- endings: the share of linking proposals that bring in a new element (OU-18), by the referee;
- coherence: agreement of the verdicts with the labelled cases in
  `evals/data/coherence_cases.jsonl` (consistent / contradiction / rambling / nonsense). An
  "unchecked" verdict is not an answer: with no model every verdict is unchecked and agreement
  is n/a, said so.

Scenarios are drawn from the labelled stories with a seeded generator: a hand of five cards
(the first one to bring in), an ending card, and three other players' hands for the referee.
Then, with `--stories N` (default 6), N whole 20-turn AI stories per language are told and
measured (`evals/narrator_stories.py`); the first three are printed whole for a person to read.
Writes `evals/reports/narrator.json` and `narrator.md`.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from companion.cards import LANGUAGES, Deck, once_upon_a_time_deck
from companion.referee.port import RefereePort
from companion.story import Narrator, ProposalDropped, Rejection
from companion.story.factory import narrator_from_settings
from evals.narrator_stories import eval_tales

CASES_PATH = Path(__file__).resolve().parent / "data" / "coherence_cases.jsonl"
REPORTS = Path(__file__).resolve().parent / "reports"
Case = dict[str, Any]
NOT_PROPOSALS = {"model-error"}  # rejections that record a failed call, not a proposal


def load_cases(path: Path = CASES_PATH) -> list[Case]:
    with path.open(encoding="utf-8") as lines:
        return [json.loads(line) for line in lines if line.strip()]


def scenarios(
    deck: Deck, cases: Sequence[Case], per_language: int, rng: random.Random
) -> list[Case]:
    """Continuation/ending requests over the labelled stories (consistent ones only)."""
    out: list[Case] = []
    for language in LANGUAGES:
        stories = [c["story"] for c in cases if c["language"] == language]
        for i in range(per_language):
            ids = [card.id for card in deck.story_cards]
            cards = rng.sample(ids, min(20, len(ids)))
            out.append(
                {
                    "language": language,
                    "story": stories[i % len(stories)],
                    "hand": cards[:5],
                    "card": cards[0],
                    "others": cards[5:],
                    "ending": rng.choice(deck.endings).id,
                }
            )
    return out


class _Tally:
    """Proposals and outcomes of one task, per (language, narrator)."""

    def __init__(self) -> None:
        self.requests: Counter[str] = Counter()
        self.answered: Counter[tuple[str, str]] = Counter()  # (language, narrator)
        self.proposals: Counter[tuple[str, str]] = Counter()
        self.reasons: Counter[tuple[str, str, str]] = Counter()  # (language, narrator, reason)
        self.exposed: Counter[str] = Counter()
        self.seconds: list[float] = []

    def record(self, language: str, rejected: Sequence[Rejection], answered_by: str | None) -> None:
        self.requests[language] += 1
        for rejection in rejected:
            if rejection.reason in NOT_PROPOSALS:
                self.reasons[(language, rejection.narrator, rejection.reason)] += 1
                continue
            self.proposals[(language, rejection.narrator)] += 1
            self.reasons[(language, rejection.narrator, rejection.reason)] += 1
        if answered_by is not None:
            self.answered[(language, answered_by)] += 1
            self.proposals[(language, answered_by)] += 1

    def share(self, language: str, narrator: str, *reasons: str) -> tuple[int, int]:
        """(proposals with one of `reasons`, proposals) for a language and narrator."""
        hits = sum(self.reasons[(language, narrator, r)] for r in reasons)
        return hits, self.proposals[(language, narrator)]

    def narrators(self) -> list[str]:
        return sorted({narrator for _, narrator in self.proposals})


def eval_continuations(narrator: Narrator, requests: Sequence[Case]) -> _Tally:
    tally = _Tally()
    for request in requests:
        started = time.perf_counter()
        try:
            answer = narrator.continue_story(
                story=request["story"],
                hand=request["hand"],
                card=request["card"],
                ending=request["ending"],
                language=request["language"],
                other_cards=request["others"],
            )
        except ProposalDropped as dropped:
            tally.record(request["language"], dropped.rejections, None)
        else:
            tally.record(request["language"], answer.rejected, answer.narrator)
            tally.exposed[request["language"]] += answer.exposed_other_cards > 0
        tally.seconds.append(time.perf_counter() - started)
    return tally


def eval_endings(narrator: Narrator, requests: Sequence[Case]) -> _Tally:
    tally = _Tally()
    for request in requests:
        started = time.perf_counter()
        try:
            answer = narrator.propose_ending(
                story=request["story"], ending=request["ending"], language=request["language"]
            )
        except ProposalDropped as dropped:
            tally.record(request["language"], dropped.rejections, None)
        else:
            tally.record(request["language"], answer.rejected, answer.narrator)
        tally.seconds.append(time.perf_counter() - started)
    return tally


def eval_coherence(narrator: Narrator, cases: Sequence[Case]) -> dict[str, Any]:
    rows = []
    seconds = []
    for case in cases:
        started = time.perf_counter()
        verdict = narrator.check_coherence(
            story=case["story"], sentence=case["sentence"], language=case["language"]
        )
        seconds.append(time.perf_counter() - started)
        rows.append(
            {
                "id": case["id"],
                "language": case["language"],
                "label": case["label"],
                "verdict": verdict.verdict,
                "contradicts": case["contradicts"],
                "pointed": None
                if verdict.contradicted_index is None
                else verdict.contradicted_index + 1,
                "narrator": verdict.narrator,
                "reason": verdict.reason,
            }
        )
    return {"rows": rows, "seconds": seconds}


def _pct(hits: int, total: int) -> str:
    return f"{hits}/{total} ({100 * hits / total:.0f}%)" if total else "n/a (none)"


def _mean_s(seconds: Sequence[float]) -> str:
    return f"{statistics.fmean(seconds):.2f} s" if seconds else "n/a"


def summarise(
    narrator_name: str,
    continuations: _Tally,
    endings: _Tally,
    coherence: dict[str, Any],
    usage: str | None,
) -> tuple[str, dict[str, Any]]:
    lines = [f"Narrator eval — narrator asked: {narrator_name}", ""]
    figures: dict[str, Any] = {"narrator": narrator_name, "continuations": {}, "endings": {}}

    lines.append(
        f"Continuations ({sum(continuations.requests.values())} requests, "
        f"mean {_mean_s(continuations.seconds)} each, referee checks included)"
    )
    for language in LANGUAGES:
        asked = continuations.requests[language]
        answered = sum(n for (lang, _), n in continuations.answered.items() if lang == language)
        by = ", ".join(
            f"{name} {n}"
            for (lang, name), n in sorted(continuations.answered.items())
            if lang == language
        )
        lines.append(
            f"  {language}: answered {_pct(answered, asked)} [{by or 'none'}]; "
            f"answers exposing another player's card: {continuations.exposed[language]}"
        )
        for name in continuations.narrators():
            missed, total = continuations.share(language, name, "card-not-mentioned")
            unusable, _ = continuations.share(language, name, "invalid-output")
            exposing, _ = continuations.share(language, name, "exposes-other-card")
            mentioned = total - missed - unusable
            lines.append(
                f"      {name}: proposals mentioning their chosen card (referee): "
                f"{_pct(mentioned, total)}; set aside for exposing another player's card "
                f"{exposing}; unusable (shape/language) {unusable}"
            )
            figures["continuations"][f"{language}/{name}"] = {
                "proposals": total,
                "mention_chosen_card": mentioned,
                "set_aside_exposing": exposing,
                "unusable": unusable,
            }
        figures["continuations"][language] = {
            "requests": asked,
            "answered": answered,
            "exposing": continuations.exposed[language],
        }

    lines += [
        "",
        f"Endings ({sum(endings.requests.values())} requests, "
        f"mean {_mean_s(endings.seconds)} each)",
    ]
    for language in LANGUAGES:
        asked = endings.requests[language]
        answered = sum(n for (lang, _), n in endings.answered.items() if lang == language)
        lines.append(f"  {language}: answered {_pct(answered, asked)}")
        for name in endings.narrators():
            new, total = endings.share(language, name, "new-element")
            lines.append(
                f"      {name}: linking proposals bringing in a new element (referee): "
                f"{_pct(new, total)}"
            )
            figures["endings"][f"{language}/{name}"] = {"proposals": total, "new_element": new}
        figures["endings"][language] = {"requests": asked, "answered": answered}

    rows = coherence["rows"]
    judged = [r for r in rows if r["verdict"] != "unchecked"]
    lines += ["", f"Coherence ({len(rows)} labelled cases, mean {_mean_s(coherence['seconds'])})"]
    if not judged:
        reason = rows[0]["reason"] if rows else ""
        lines.append(f"  every verdict 'unchecked' → agreement n/a ({reason})")
        figures["coherence"] = {"cases": len(rows), "judged": 0, "agreement": None}
    else:
        agree = sum(r["verdict"] == r["label"] for r in judged)
        flagged = sum(
            (r["verdict"] == "consistent") == (r["label"] == "consistent") for r in judged
        )
        lines.append(
            f"  judged {len(judged)}/{len(rows)}; agreement {_pct(agree, len(judged))}; "
            f"consistent-vs-not agreement {_pct(flagged, len(judged))}"
        )
        for language in LANGUAGES:
            mine = [r for r in judged if r["language"] == language]
            hits = sum(r["verdict"] == r["label"] for r in mine)
            lines.append(f"  {language}: {_pct(hits, len(mine))}")
        for label in ("consistent", "contradiction", "rambling", "nonsense"):
            mine = [r for r in judged if r["label"] == label]
            hits = sum(r["verdict"] == label for r in mine)
            lines.append(f"  label {label}: {_pct(hits, len(mine))}")
        found = [r for r in judged if r["label"] == r["verdict"] == "contradiction"]
        pointed = sum(r["pointed"] == r["contradicts"] for r in found)
        lines.append(
            f"  contradictions found that name the right sentence: {_pct(pointed, len(found))}"
        )
        figures["coherence"] = {
            "cases": len(rows),
            "judged": len(judged),
            "agreement": agree / len(judged),
            "binary_agreement": flagged / len(judged),
        }
    figures["coherence_rows"] = rows
    if usage:
        lines += ["", usage]
    return "\n".join(lines), figures


def run(
    narrator: Narrator,
    deck: Deck,
    *,
    continuations: int,
    endings: int,
    seed: int,
    cases_path: Path = CASES_PATH,
    tales: int = 0,
    turns: int = 20,
    referee: RefereePort | None = None,
) -> tuple[str, dict[str, Any]]:
    cases = load_cases(cases_path)
    stories = [c for c in cases if c["label"] == "consistent"]
    rng = random.Random(seed)
    continuation_tally = eval_continuations(narrator, scenarios(deck, stories, continuations, rng))
    ending_tally = eval_endings(narrator, scenarios(deck, stories, endings, rng))
    coherence = eval_coherence(narrator, cases)
    llm = getattr(narrator, "llm", None)
    usage = None
    if llm is not None and hasattr(llm, "usage"):
        calls = list(getattr(llm, "calls", ()))
        usage = (
            f"Model calls: {len(calls)}; tokens: prompt {llm.usage.prompt_tokens}, "
            f"completion {llm.usage.completion_tokens}"
        )
    report, figures = summarise(narrator.name, continuation_tally, ending_tally, coherence, usage)
    if tales:
        lines, figures["stories"] = eval_tales(
            narrator, deck, stories=tales, turns=turns, seed=seed, referee=referee
        )
        report = "\n".join([report, *lines])
    return report, figures


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--continuations", type=int, default=8, help="continuation requests per language"
    )
    parser.add_argument("--endings", type=int, default=4, help="ending requests per language")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument(
        "--stories", type=int, default=6, help="whole AI stories per language (0: none)"
    )
    parser.add_argument("--turns", type=int, default=20, help="continuations per AI story")
    parser.add_argument("--cases", type=Path, default=CASES_PATH, help="labelled coherence cases")
    parser.add_argument("--embedder", help="the referee's embedder kind (default: from settings)")
    parser.add_argument("--out", type=Path, default=REPORTS, help="where the reports go")


def main_from_args(args: argparse.Namespace) -> int:
    from companion.referee.factory import embedder_from_settings, referee_from_settings
    from companion.settings import Settings

    settings = Settings()
    deck = once_upon_a_time_deck()
    embedder = embedder_from_settings(settings, args.embedder)
    referee: RefereePort = referee_from_settings(deck, settings, embedder)
    narrator = narrator_from_settings(deck, settings, referee, embedder)
    if not settings.llm_configured:
        print(
            "No model configured (set COMPANION_LLM_MODEL and OPENAI_BASE_URL or "
            "OPENAI_API_KEY): evaluating the offline narrator.\n"
        )
    report, figures = run(
        narrator,
        deck,
        continuations=args.continuations,
        endings=args.endings,
        seed=args.seed,
        cases_path=args.cases,
        tales=args.stories,
        turns=args.turns,
        referee=referee,
    )
    print(report)
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "narrator.md").write_text(f"```\n{report}\n```\n", encoding="utf-8")
    (args.out / "narrator.json").write_text(
        json.dumps(figures, ensure_ascii=False, indent=2), encoding="utf-8"
    )
    print(f"\nWrote {args.out / 'narrator.md'} and narrator.json")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_arguments(parser)
    return main_from_args(parser.parse_args(argv))


if __name__ == "__main__":
    raise SystemExit(main())
