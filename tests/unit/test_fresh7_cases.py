"""The seventh fresh blind set (evals/data/referee_fresh7.jsonl) is well formed and balanced.

Written blind, in the format and under the rules of the first six fresh sets, so that a later
choice between two models has an untouched set after the sixth one's. The same checks as the other
fresh sets' (tests/unit/fresh_blind_checks.py): shape, ids ``f7-<lang>-<nnn>``, the fixed "blind"
split, tags, make-up; its ids and texts repeat none of the older files, the six fresh sets and the
training cases with custom cards included.
They never rule a case: nothing here runs a referee on the file.
"""

from evals.data.cases import (
    FRESH7_PATH,
    load_fresh7,
)
from tests.unit.fresh_blind_checks import FreshBlindChecks


class TestFresh7Set(FreshBlindChecks):
    PATH = FRESH7_PATH
    PREFIX = "f7"
    LOAD = staticmethod(load_fresh7)
