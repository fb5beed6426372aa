"""The training cases of `referee_train_custom4.jsonl` are well formed (ids t4-<lang>-<nnn>).

The checks are the first training file's (tests/unit/test_train_custom_cases.py): the fresh sets'
shape checks with the split "train". They never rule a case.
"""

from pathlib import Path

from evals.data.cases import TRAIN_MORE_PATHS, Case, load_train_custom
from tests.unit import test_train_custom_cases as first_file


def load(path: Path = TRAIN_MORE_PATHS[2]) -> list[Case]:
    return load_train_custom(path)


class TestTrainCustom4Set(first_file.TestTrainCustomSet):
    PATH = TRAIN_MORE_PATHS[2]
    PREFIX = "t4"
    LOAD = staticmethod(load)
    PER_LANGUAGE = 110
