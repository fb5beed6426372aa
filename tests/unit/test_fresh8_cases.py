"""The eighth fresh blind set (evals/data/referee_fresh8.jsonl) is well formed and balanced.

Written blind, in the format and under the rules of the first seven fresh sets, so that a later
choice between two models has an untouched set after the seventh one's. The same checks as the
other fresh sets' (tests/unit/fresh_blind_checks.py): shape, ids ``f8-<lang>-<nnn>``, the fixed
"blind" split, tags, make-up; its ids and texts repeat none of the older files, the seven fresh
sets and every training file included.
They never rule a case: nothing here runs a referee on the file.
"""

from evals.data.cases import (
    FRESH8_PATH,
    load_fresh8,
)
from tests.unit.fresh_blind_checks import FreshBlindChecks


class TestFresh8Set(FreshBlindChecks):
    PATH = FRESH8_PATH
    PREFIX = "f8"
    LOAD = staticmethod(load_fresh8)
