"""The fourth fresh blind set (evals/data/referee_fresh4.jsonl) is well formed and balanced.

Written blind on 2026-11-24, in the format and under the rules of the first three fresh sets,
because the third one has informed one choice between two models. The same checks as the other
fresh sets' (tests/unit/fresh_blind_checks.py): shape, ids ``f4-<lang>-<nnn>``, the fixed "blind"
split, tags, make-up; its ids and texts repeat none of the older files, the three fresh sets and the
training cases with custom cards included.
They never rule a case: nothing here runs a referee on the file.
"""

from evals.data.cases import (
    FRESH4_PATH,
    load_fresh4,
)
from tests.unit.fresh_blind_checks import FreshBlindChecks


class TestFresh4Set(FreshBlindChecks):
    PATH = FRESH4_PATH
    PREFIX = "f4"
    LOAD = staticmethod(load_fresh4)
