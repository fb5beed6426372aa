"""The thirteenth fresh blind set (evals/data/referee_fresh13.jsonl) is well formed and balanced.

Written blind, in the format and under the rules of the first twelve fresh sets, so that the choice
between two models after the twelfth set's has an untouched set. The same checks as the other
fresh sets' (tests/unit/fresh_blind_checks.py): shape, ids ``f13-<lang>-<nnn>``, the fixed "blind"
split, tags, make-up; its ids and texts repeat none of the older files, the twelve fresh sets and
every training file included.
They never rule a case: nothing here runs a referee on the file.
"""

from evals.data.cases import (
    FRESH13_PATH,
    load_fresh13,
)
from tests.unit.fresh_blind_checks import FreshBlindChecks


class TestFresh13Set(FreshBlindChecks):
    PATH = FRESH13_PATH
    PREFIX = "f13"
    LOAD = staticmethod(load_fresh13)
