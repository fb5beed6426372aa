"""`companion`: the command line. Each command group lives beside the code it drives."""

import argparse
import importlib
import sys
from collections.abc import Sequence

# Modules exposing `register(subparsers)`; each sets `func(args) -> int` on its parsers.
_COMMAND_MODULES = (
    "companion.referee.cli",
    "companion.story.cli",
    "companion.seats.factum_cli",
    "companion.seats.dice_upon_a_time_tournament",
    "companion.seats.sleeping_queens_cli",
    "api.cli",
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="companion", description="Storytelling companion for narrative card games."
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in _COMMAND_MODULES:
        importlib.import_module(name).register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    code: int = args.func(args)
    return code


if __name__ == "__main__":
    sys.exit(main())
