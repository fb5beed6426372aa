"""`companion referee` (being built)."""

import argparse
from typing import Any


def register(sub: Any) -> None:
    parser: argparse.ArgumentParser = sub.add_parser("referee", help="rule on a sentence")
    parser.set_defaults(func=lambda args: 1)
