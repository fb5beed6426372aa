"""The tenth fresh blind set (evals/data/referee_fresh10.jsonl) is well formed and balanced.

Written blind, in the format and under the rules of the first nine fresh sets, so that the choice
between two models after the ninth set's has an untouched set. The same checks as the other fresh
sets' (tests/unit/fresh_blind_checks.py): shape, ids ``f10-<lang>-<nnn>``, the fixed "blind"
split, tags, make-up; its ids and texts repeat none of the older files, the nine fresh sets and
every training file included.
They never rule a case: nothing here runs a referee on the file.
"""

from evals.data.cases import (
    FRESH10_PATH,
    load_fresh10,
)
from tests.unit.fresh_blind_checks import FreshBlindChecks


class TestFresh10Set(FreshBlindChecks):
    PATH = FRESH10_PATH
    PREFIX = "f10"
    LOAD = staticmethod(load_fresh10)
