"""The fresh blind set of issue 11 (evals/data/referee_fresh.jsonl) is well formed and balanced.

Written blind, before the learned referee was run on it: custom cards outside the bundled deck and
live-style narration. The checks (tests/unit/fresh_blind_checks.py, shared with the second fresh
set) keep its shape honest (fields, ids, the fixed "blind" split, expected ⊆ cards, the tag rules of
evals/data/LABELLING.md) and its promised make-up (size, the three languages, story-dependent cases,
custom cards that really are outside the bundled deck).
They never rule a case: nothing here runs a referee on the file.
"""

from evals.data.cases import FRESH_PATH, load_fresh
from tests.unit.fresh_blind_checks import FreshBlindChecks


class TestFreshSet(FreshBlindChecks):
    PATH = FRESH_PATH
    PREFIX = "fr"
    LOAD = staticmethod(load_fresh)
