"""The twelfth fresh blind set (evals/data/referee_fresh12.jsonl) is well formed and balanced.

Written blind, in the format and under the rules of the first eleven fresh sets, so that the choice
between two models after the eleventh set's has an untouched set. The same checks as the other
fresh sets' (tests/unit/fresh_blind_checks.py): shape, ids ``f12-<lang>-<nnn>``, the fixed "blind"
split, tags, make-up; its ids and texts repeat none of the older files, the eleven fresh sets and
every training file included.
They never rule a case: nothing here runs a referee on the file.
"""

from evals.data.cases import (
    FRESH12_PATH,
    load_fresh12,
)
from tests.unit.fresh_blind_checks import FreshBlindChecks


class TestFresh12Set(FreshBlindChecks):
    PATH = FRESH12_PATH
    PREFIX = "f12"
    LOAD = staticmethod(load_fresh12)
