"""The third fresh blind set (evals/data/referee_fresh3.jsonl) is well formed and balanced.

Written blind on 2026-11-24, in the format and under the rules of the first two fresh sets, because
the second one has informed one choice between two models. The same checks as the other fresh sets'
(tests/unit/fresh_blind_checks.py): shape, ids ``f3-<lang>-<nnn>``, the fixed "blind" split, tags,
make-up; its ids and texts repeat none of the older files, both fresh sets and the training cases
with custom cards included.
They never rule a case: nothing here runs a referee on the file.
"""

from evals.data.cases import (
    FRESH3_PATH,
    load_fresh3,
)
from tests.unit.fresh_blind_checks import FreshBlindChecks


class TestFresh3Set(FreshBlindChecks):
    PATH = FRESH3_PATH
    PREFIX = "f3"
    LOAD = staticmethod(load_fresh3)
