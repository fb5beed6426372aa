"""`companion eval narrator`: the narrator's figures against whatever model is configured.

The runner lives in `evals/narrator_eval.py` (datasets and reports sit there); this module only
wires it into the `companion` command.
"""

import argparse
from typing import Any


def register(sub: Any) -> None:
    parser: argparse.ArgumentParser = sub.add_parser(
        "eval", help="evaluate a part of the companion on its labelled data"
    )
    targets = parser.add_subparsers(dest="target", required=True, metavar="TARGET")
    narrator = targets.add_parser(
        "narrator",
        help="continuations, endings and coherence verdicts of the configured narrator",
        description="Evaluate the narrator that the settings configure (a model, or offline).",
    )
    from evals.narrator_eval import add_arguments, main_from_args

    add_arguments(narrator)
    narrator.set_defaults(func=main_from_args)
