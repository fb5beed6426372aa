"""The fifth fresh blind set (evals/data/referee_fresh5.jsonl) is well formed and balanced.

Written blind, in the format and under the rules of the first four fresh sets, so that a later
choice between two models has an untouched set. The same checks as the other fresh sets'
(tests/unit/fresh_blind_checks.py): shape, ids ``f5-<lang>-<nnn>``, the fixed "blind" split, tags,
make-up; its ids and texts repeat none of the older files, the four fresh sets and the training
cases with custom cards included.
They never rule a case: nothing here runs a referee on the file.
"""

from evals.data.cases import (
    FRESH5_PATH,
    load_fresh5,
)
from tests.unit.fresh_blind_checks import FreshBlindChecks


class TestFresh5Set(FreshBlindChecks):
    PATH = FRESH5_PATH
    PREFIX = "f5"
    LOAD = staticmethod(load_fresh5)
