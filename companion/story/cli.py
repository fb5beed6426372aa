"""`companion eval narrator` (being built)."""

from typing import Any


def register(sub: Any) -> None:
    parser = sub.add_parser("eval", help="evaluate the narrator")
    parser.set_defaults(func=lambda args: 1)
