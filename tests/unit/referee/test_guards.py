"""Guards (OU-10, OU-14): negation, events not happened yet, seeing is not meeting, and rule
inferences the seeds accept (the king's son is a Prince, a baby is a Child)."""

import pytest

from companion.referee import Referee


def flagged(referee: Referee, text: str, cards: list[str], story: tuple[str, ...] = ()) -> set[str]:
    return {m.card for m in referee.rule(text, cards, story=story).mentions}


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("There was no dragon in the valley.", "Dragon"),
        ("He left without his sword.", "Sword"),
        ("They never met again.", "People Meet"),
        ("No había ningún dragón en el valle.", "Dragon"),
        ("Salió sin su espada.", "Sword"),
        ("谷にはドラゴンはいなかった。", "Dragon"),
        ("彼は剣を持っていなかった。", "Sword"),
    ],
)
def test_negated_things_are_not_mentioned(lexical_referee: Referee, text: str, card: str) -> None:
    assert flagged(lexical_referee, text, [card]) == set()


def test_negation_does_not_reach_the_subject(lexical_referee: Referee) -> None:
    assert flagged(lexical_referee, "The king did not go to the feast.", ["King"]) == {"King"}
    assert flagged(lexical_referee, "王は森に行かなかった。", ["King"]) == {"King"}


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("The prince planned to marry her in the spring.", "A Wedding"),
        ("She wanted to escape from the tower.", "An Escape"),
        ("If they met, the spell would break.", "People Meet"),
        ("Iba a casarse con el príncipe.", "A Wedding"),
        ("王子は彼女と結婚するつもりだった。", "A Wedding"),
    ],
)
def test_events_not_happened_yet_are_not_mentioned(
    lexical_referee: Referee, text: str, card: str
) -> None:
    assert flagged(lexical_referee, text, [card]) == set()


def test_things_only_wished_for_are_not_but_things_feared_are(lexical_referee: Referee) -> None:
    assert flagged(lexical_referee, "He dreamed of a golden sword.", ["Sword"]) == set()
    assert flagged(lexical_referee, "いつか本物の竜を見てみたい。", ["Dragon"]) == set()
    text = "The princess was terrified that the dragon would find her."
    assert flagged(lexical_referee, text, ["Dragon"]) == {"Dragon"}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("The king's son rode out at dawn.", {"Prince", "King"}),
        ("The old king's daughters were all beautiful.", {"Princess", "King", "Beautiful"}),
        ("El hijo del rey salió a cazar.", {"Prince", "King"}),
        ("王の娘は森へ行った。", {"Princess", "King", "Forest"}),
        ("The frog spoke to her in a human voice.", {"This Animal Can Talk", "Frog"}),
    ],
)
def test_inferences_the_rules_accept(
    lexical_referee: Referee, text: str, expected: set[str]
) -> None:
    cards = ["Prince", "Princess", "King", "Beautiful", "Forest", "Frog", "This Animal Can Talk"]
    assert flagged(lexical_referee, text, cards) == expected


def test_a_royal_birth_uses_the_story_so_far(lexical_referee: Referee) -> None:
    text = "A year and a day later she gave birth to a baby boy."
    story = ("And the king fell in love with the woodcutter's daughter and married her.",)
    assert "Prince" in flagged(lexical_referee, text, ["Prince", "Child"], story=story)
    assert "Prince" not in flagged(lexical_referee, text, ["Prince", "Child"])
