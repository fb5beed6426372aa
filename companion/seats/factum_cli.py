"""`companion factum guess --batch IN.jsonl [--out OUT.jsonl]`: the guesser over a file.

Each input line is `{"id": …, "story": "…", "cards": ["…", …]}` (cards as free text in any of
en/ja/es); each output line is `{"id": …, "ranking": ["…", …]}`, every card exactly as given,
best fit first, in input order. The embedding model loads once per run. A malformed line gives
`{"id": …, "error": "line N: …"}` in its place (id null when it has none) and the same message
on stderr; blank lines are skipped. Exit status 0, or 1 when any line was malformed.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TextIO

from companion.seats.factum import FactumReader

DEFAULT_EMBEDDER = "e5"


def register(sub: Any) -> None:
    parser: argparse.ArgumentParser = sub.add_parser(
        "factum", help="Factum's AI readers of stories"
    )
    commands = parser.add_subparsers(dest="factum_command", required=True, metavar="COMMAND")
    guess = commands.add_parser(
        "guess",
        help="rank the cards on each table by how well they fit the story (FA-5, FA-10)",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    guess.add_argument("--batch", type=Path, required=True, metavar="IN.jsonl")
    guess.add_argument("--out", type=Path, metavar="OUT.jsonl", help="default: stdout")
    guess.add_argument(
        "--embedder", default=DEFAULT_EMBEDDER, help=f"embeddings kind (default {DEFAULT_EMBEDDER})"
    )
    guess.add_argument("--cache-dir", type=Path, default=None, help="embeddings cache")
    guess.set_defaults(func=run_guess)


def run_guess(args: argparse.Namespace) -> int:
    from embeddings import EmbeddingError, load_embedder

    if not args.batch.is_file():
        print(f"factum guess: no such file: {args.batch}", file=sys.stderr)
        return 2
    cache_dir = args.cache_dir or Path.home() / ".cache" / "storytelling-companion"
    try:
        embedder = load_embedder(args.embedder, cache_dir=cache_dir)
    except EmbeddingError as exc:
        print(f"factum guess: cannot load embedder {args.embedder!r}: {exc}", file=sys.stderr)
        return 2
    reader = FactumReader(embedder, cache_dir=cache_dir)
    with args.batch.open(encoding="utf-8") as source:
        if args.out is None:
            return guess_lines(reader, source, sys.stdout)
        with args.out.open("w", encoding="utf-8") as sink:
            return guess_lines(reader, source, sink)


def guess_lines(reader: FactumReader, source: TextIO, sink: TextIO) -> int:
    """Rank every table of `source` into `sink`; 1 when some line was malformed, else 0."""
    status = 0
    for number, item_id, parsed in _parse_lines(source):
        if isinstance(parsed, str):
            status = 1
            message = f"line {number}: {parsed}"
            print(f"factum guess: {message}", file=sys.stderr)
            out: dict[str, Any] = {"id": item_id, "error": message}
        else:
            story, cards = parsed
            out = {"id": item_id, "ranking": reader.rank(story, cards)}
        sink.write(json.dumps(out, ensure_ascii=False) + "\n")
    return status


def _parse_lines(source: TextIO) -> Iterator[tuple[int, Any, tuple[str, list[str]] | str]]:
    """(line number, id or None, (story, cards) or what is wrong with the line)."""
    for number, line in enumerate(source, start=1):
        if not line.strip():
            continue
        try:
            item = json.loads(line)
        except json.JSONDecodeError as exc:
            yield number, None, f"not JSON ({exc.msg})"
            continue
        if not isinstance(item, dict):
            yield number, None, "not a JSON object"
            continue
        yield number, item.get("id"), _check_item(item)


def _check_item(item: dict[str, Any]) -> tuple[str, list[str]] | str:
    if "id" not in item:
        return "no 'id'"
    story, cards = item.get("story"), item.get("cards")
    if not isinstance(story, str) or not story.strip():
        return "'story' must be non-empty text"
    if not isinstance(cards, list) or not cards:
        return "'cards' must be a non-empty list"
    for i, card in enumerate(cards):
        if not isinstance(card, str) or not card.strip():
            return f"cards[{i}] must be non-empty text"
    return story, cards
