"""`companion referee`: rule on one text, or on a JSON-lines batch (the model loads once).

    companion referee --cards "Forest,Sword" "She slept in the forest."
    companion referee --batch IN.jsonl [--out OUT.jsonl]

Batch lines are `{"id": …, "text": …, "cards": […]}`; each gives one output line,
`{"id": …, "mentions": [{"card", "score", "evidence", "method"}, …]}` with `card` exactly as
given, or `{"id": …, "error": "…"}` for a line that cannot be ruled on.
"""

import argparse
import json
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO, Any

from companion.cards import Deck, DeckError, load_deck, once_upon_a_time_deck
from companion.referee.errors import RefereeError
from companion.referee.models import Ruling
from companion.referee.referee import Referee
from embeddings import EmbeddingError


def register(sub: Any) -> None:
    parser: argparse.ArgumentParser = sub.add_parser(
        "referee",
        help="say which held cards a sentence mentions",
        description="Say which of the given cards a text mentions, with evidence.",
    )
    parser.add_argument("text", nargs="?", help="the text to rule on (omit with --batch)")
    parser.add_argument("--cards", help='held cards, comma-separated: "Forest,Sword,王"')
    parser.add_argument(
        "--story", action="append", default=[], help="a sentence of the story so far"
    )
    parser.add_argument("--batch", type=Path, help="JSON-lines input: {id, text, cards}")
    parser.add_argument("--out", type=Path, help="JSON-lines output (default: standard output)")
    parser.add_argument("--json", action="store_true", help="print the single ruling as JSON")
    parser.add_argument("--deck", type=Path, help="a deck YAML file (default: the bundled deck)")
    parser.add_argument(
        "--embedder",
        help='embedder kind: onnx-int8, torch, openai, st:<path>, or "none" for lexical only '
        "(default: from settings)",
    )
    parser.add_argument("--language", choices=("en", "ja", "es"), help="the text's language")
    parser.set_defaults(func=run)


def build_referee(deck: Deck, embedder_kind: str | None) -> Referee:
    """The referee the settings describe: their embedder (or `embedder_kind`; "none" for
    lexical only), card vectors kept under their cache directory."""
    from companion.referee.factory import embedder_from_settings, referee_from_settings
    from companion.settings import Settings

    settings = Settings()
    if embedder_kind == "none":
        return referee_from_settings(deck, settings, None)
    return referee_from_settings(deck, settings, embedder_from_settings(settings, embedder_kind))


def _load_deck(path: Path | None) -> Deck:
    return load_deck(path) if path is not None else once_upon_a_time_deck()


def mention_dicts(ruling: Ruling) -> list[dict[str, Any]]:
    return [
        {"card": m.card, "score": m.score, "evidence": m.evidence, "method": m.method}
        for m in ruling.mentions
    ]


def ruling_dict(ruling: Ruling) -> dict[str, Any]:
    def full(mentions: Iterable[Any]) -> list[dict[str, Any]]:
        return [
            {
                "card": m.card,
                "card_id": m.card_id,
                "score": m.score,
                "evidence": m.evidence,
                "start": m.start,
                "end": m.end,
                "method": m.method,
                **_antecedent(m),
            }
            for m in mentions
        ]

    return {
        "text": ruling.text,
        "mentions": full(ruling.mentions),
        "borderline": full(ruling.borderline),
    }


def _antecedent(mention: Any) -> dict[str, Any]:
    """For a re-mention: the story's words that brought the element in, and their line."""
    if getattr(mention, "antecedent", None) is None:
        return {}
    return {"antecedent": mention.antecedent, "antecedent_line": mention.antecedent_line}


def _print_ruling(ruling: Ruling, out: IO[str]) -> None:
    if not ruling.mentions:
        print("No held card is mentioned.", file=out)
    for m in ruling.mentions:
        again = ""
        if m.antecedent is not None:
            again = f", of {m.antecedent!r} (story line {m.antecedent_line})"
        print(f"{m.card}: {m.score:.2f} {m.method}, evidence {m.evidence!r}{again}", file=out)
    for m in ruling.borderline:
        print(f"(borderline) {m.card}: {m.score:.2f}, evidence {m.evidence!r}", file=out)


def batch_lines(referee: Referee, lines: Iterable[str], language: str | None) -> Iterator[str]:
    """One output line per non-blank input line; errors become error lines."""
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        item_id: Any = number
        try:
            item = json.loads(line)
            if not isinstance(item, dict):
                raise ValueError("a line must be a JSON object")
            item_id = item.get("id", number)
            text, cards = item.get("text"), item.get("cards")
            if not isinstance(text, str):
                raise ValueError('"text" must be a string')
            if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
                raise ValueError('"cards" must be a list of strings')
            story = item.get("story") or []
            if not isinstance(story, list) or not all(isinstance(s, str) for s in story):
                raise ValueError('"story" must be a list of strings')
            ruling = referee.rule(text, cards, story=story, language=language)  # type: ignore[arg-type]
            result: dict[str, Any] = {"id": item_id, "mentions": mention_dicts(ruling)}
        except (ValueError, RefereeError) as exc:  # json.JSONDecodeError is a ValueError
            result = {"id": item_id, "error": str(exc)}
        yield json.dumps(result, ensure_ascii=False)


def run(args: argparse.Namespace) -> int:
    if (args.batch is None) == (args.text is None):
        print("give either a text or --batch FILE", file=sys.stderr)
        return 2
    if args.text is not None and not args.cards:
        print('give the held cards with --cards "Forest,Sword"', file=sys.stderr)
        return 2
    try:
        referee = build_referee(_load_deck(args.deck), args.embedder)
    except DeckError as exc:
        print(f"deck error: {exc}", file=sys.stderr)
        return 2
    except EmbeddingError as exc:
        print(f"embedder error: {exc}", file=sys.stderr)
        return 2
    if args.batch is not None:
        return _run_batch(referee, args)
    cards = [c.strip() for c in args.cards.split(",") if c.strip()]
    try:
        ruling = referee.rule(args.text, cards, story=args.story, language=args.language)
    except RefereeError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(ruling_dict(ruling), ensure_ascii=False, indent=2))
    else:
        _print_ruling(ruling, sys.stdout)
    return 0


def _run_batch(referee: Referee, args: argparse.Namespace) -> int:
    try:
        source = args.batch.open(encoding="utf-8", errors="replace")
    except OSError as exc:
        print(f"cannot read {args.batch}: {exc.strerror}", file=sys.stderr)
        return 2
    with source:
        out = args.out.open("w", encoding="utf-8") if args.out is not None else sys.stdout
        try:
            for line in batch_lines(referee, source, args.language):
                print(line, file=out, flush=args.out is None)
        finally:
            if args.out is not None:
                out.close()
    return 0
