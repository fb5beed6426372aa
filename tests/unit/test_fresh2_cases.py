"""The second fresh blind set (evals/data/referee_fresh2.jsonl) is well formed and balanced.

Written blind on 2026-11-24, in the format and under the rules of the first fresh set, because the
first one has informed one choice between two models. The same checks as the first set's
(tests/unit/fresh_blind_checks.py): shape, ids ``f2-<lang>-<nnn>``, the fixed "blind" split, tags,
make-up; its ids and texts repeat none of the older files, the first fresh set included.
They never rule a case: nothing here runs a referee on the file.
"""

from evals.data.cases import FRESH2_PATH, load_fresh2
from tests.unit.fresh_blind_checks import FreshBlindChecks


class TestFresh2Set(FreshBlindChecks):
    PATH = FRESH2_PATH
    PREFIX = "f2"
    LOAD = staticmethod(load_fresh2)
