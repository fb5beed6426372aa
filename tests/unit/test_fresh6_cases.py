"""The sixth fresh blind set (evals/data/referee_fresh6.jsonl) is well formed and balanced.

Written blind, in the format and under the rules of the first five fresh sets, so that a later
choice between two models has an untouched set after the fifth one's. The same checks as the other
fresh sets' (tests/unit/fresh_blind_checks.py): shape, ids ``f6-<lang>-<nnn>``, the fixed "blind"
split, tags, make-up; its ids and texts repeat none of the older files, the five fresh sets and the
training cases with custom cards included.
They never rule a case: nothing here runs a referee on the file.
"""

from evals.data.cases import (
    FRESH6_PATH,
    load_fresh6,
)
from tests.unit.fresh_blind_checks import FreshBlindChecks


class TestFresh6Set(FreshBlindChecks):
    PATH = FRESH6_PATH
    PREFIX = "f6"
    LOAD = staticmethod(load_fresh6)
