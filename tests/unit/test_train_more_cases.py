"""The later training files (`referee_train_custom2.jsonl` … `custom5.jsonl`, ids t2- … t5-) are
well formed.

Each gets the first training file's checks (tests/unit/test_train_custom_cases.py): the fresh
sets' shape checks with the split "train", at least 110 cases a language. They never rule a case.
"""

from pathlib import Path

from evals.data.cases import TRAIN_MORE_PATHS, Case, load_train_custom
from tests.unit import test_train_custom_cases as first_file


def _checks(number: int) -> type:
    path = TRAIN_MORE_PATHS[number - 2]

    def load(at: Path = path) -> list[Case]:
        return load_train_custom(at)

    return type(
        f"TestTrainCustom{number}Set",
        (first_file.TestTrainCustomSet,),
        {"PATH": path, "PREFIX": f"t{number}", "LOAD": staticmethod(load), "PER_LANGUAGE": 110},
    )


TestTrainCustom2Set = _checks(2)
TestTrainCustom3Set = _checks(3)
TestTrainCustom4Set = _checks(4)
TestTrainCustom5Set = _checks(5)
