"""The eleventh fresh blind set (evals/data/referee_fresh11.jsonl) is well formed and balanced.

Written blind, in the format and under the rules of the first ten fresh sets, so that the choice
between two models after the tenth set's has an untouched set. The same checks as the other fresh
sets' (tests/unit/fresh_blind_checks.py): shape, ids ``f11-<lang>-<nnn>``, the fixed "blind"
split, tags, make-up; its ids and texts repeat none of the older files, the ten fresh sets and
every training file included.
They never rule a case: nothing here runs a referee on the file.
"""

from evals.data.cases import (
    FRESH11_PATH,
    load_fresh11,
)
from tests.unit.fresh_blind_checks import FreshBlindChecks


class TestFresh11Set(FreshBlindChecks):
    PATH = FRESH11_PATH
    PREFIX = "f11"
    LOAD = staticmethod(load_fresh11)
