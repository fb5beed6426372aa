"""`companion serve` (being built)."""

from typing import Any


def register(sub: Any) -> None:
    parser = sub.add_parser("serve", help="start the API and web page")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.set_defaults(func=lambda args: 1)
