"""The ninth fresh blind set (evals/data/referee_fresh9.jsonl) is well formed and balanced.

Written blind, in the format and under the rules of the first eight fresh sets, so that the choice
between two models after the eighth set's has an untouched set. The same checks as the other fresh
sets' (tests/unit/fresh_blind_checks.py): shape, ids ``f9-<lang>-<nnn>``, the fixed "blind"
split, tags, make-up; its ids and texts repeat none of the older files, the eight fresh sets and
every training file included.
They never rule a case: nothing here runs a referee on the file.
"""

from evals.data.cases import (
    FRESH9_PATH,
    load_fresh9,
)
from tests.unit.fresh_blind_checks import FreshBlindChecks


class TestFresh9Set(FreshBlindChecks):
    PATH = FRESH9_PATH
    PREFIX = "f9"
    LOAD = staticmethod(load_fresh9)
