"""Precision phenomena (OU-10, OU-14, LABELLING.md): a card's word that does not bring the
card into the story, each beside a close sentence that does."""

import pytest

from companion.referee import Referee

Case = tuple[str, str, bool]  # text, card, mentioned


def check(referee: Referee, cases: list[Case]) -> None:
    for text, card, mentioned in cases:
        got = any(m.card == card for m in referee.rule(text, [card]).mentions)
        assert got == mentioned, (text, card)


def test_names_are_not_the_thing(referee: Referee) -> None:
    check(
        referee,
        [
            ("She had a cat called Queen.", "Queen", False),
            ("She had a cat called Queen.", "Cat", True),
            ("They stopped at the inn named The Crown.", "Crown", False),
            ("Mr. Wolf the baker sold bread.", "Wolf", False),
            ("A knight named Percival rode by.", "Soldier", True),
            ("They called the King to the hall.", "King", True),
            ("Tenía un gato llamado Rey.", "Rey", False),
            ("Tenía un gato llamado Rey.", "Gato", True),
            ("王様という名の猫を飼っていました。", "王", False),
            ("王様という名の猫を飼っていました。", "猫", True),
        ],
    )


def test_similes_and_figures_are_not_the_thing(referee: Referee) -> None:
    check(
        referee,
        [
            ("The old man was sly as a fox.", "Fox", False),
            ("The fox was sly.", "Fox", True),
            ("The dog was bigger than a horse.", "Horse", False),
            ("The dog was bigger than the horse.", "Horse", True),
            ("She was a dragon of a woman.", "Dragon", False),
            ("He worked as a servant in the castle.", "Servant", True),
            ("Era más grande que un caballo.", "Caballo", False),
            ("El caballo era grande.", "Caballo", True),
            ("彼は狼のように走った。", "狼", False),
            ("狼が森を走った。", "狼", True),
        ],
    )


def test_a_tale_about_a_thing_is_not_the_thing(referee: Referee) -> None:
    check(
        referee,
        [
            ("Grandmother told them a story about a giant.", "Giant", False),
            ("Grandmother told them a story about a giant.", "Old Woman", True),
            ("He sang a ballad of the brave knight.", "Soldier", False),
            ("The brave knight sang a ballad.", "Soldier", True),
            ("La abuela les contó un cuento sobre un gigante.", "Gigante", False),
            ("Un gigante vivía en la montaña.", "Gigante", True),
            ("王様は娘に竜の物語を話した。", "竜", False),
            ("王様は娘に竜の物語を話した。", "王", True),
        ],
    )


def test_things_only_supposed_promised_or_sought(referee: Referee) -> None:
    check(
        referee,
        [
            ("If a wolf came, the dogs would bark.", "Wolf", False),
            ("If the wolf came back, they would run.", "Wolf", True),
            ("The baker promised to bake a cake.", "Food", False),
            ("The baker baked a cake.", "Food", True),
            ("He feared the witch would turn him into a toad.", "Frog", False),
            ("The witch turned him into a toad.", "Frog", True),
            ("Salió para buscar un tesoro.", "Tesoro", False),
            ("Salió con un tesoro.", "Tesoro", True),
            ("Si un lobo viniera, los perros ladrarían.", "Lobo", False),
            ("Si el lobo volvía, huirían.", "Lobo", True),
            ("もし竜がいたら、どうしよう。", "竜", False),
            ("もし王様が許すなら、結婚できる。", "王", True),
        ],
    )


def test_events_that_are_only_a_purpose(referee: Referee) -> None:
    check(
        referee,
        [
            ("They went to the inn to meet the king.", "People Meet", False),
            ("Then they went to the inn and met the king.", "People Meet", True),
            ("He set out to rescue the princess.", "A Rescue", False),
            ("He rescued the princess.", "A Rescue", True),
            ("He went to the wedding.", "A Wedding", True),
            ("Fue a ver al rey para casarse con la princesa.", "Una boda", False),
            ("Se casó con la princesa.", "Una boda", True),
        ],
    )


def test_dying_is_not_dead(referee: Referee) -> None:
    check(
        referee,
        [
            ("The old man was dying.", "Someone Dies", False),
            ("The old man died.", "Someone Dies", True),
            ("The dying king called his sons.", "King", True),
            ("El anciano estaba muriendo.", "Alguien muere", False),
            ("El anciano murió.", "Alguien muere", True),
            ("王様は死にかけていた。", "誰かが死ぬ", False),
            ("王様は死んだ。", "誰かが死ぬ", True),
        ],
    )


@pytest.mark.parametrize(
    ("text", "card", "mentioned"),
    [
        ("One day the king rode into the forest.", "King", True),
        ("One day the king married a shepherdess.", "A Wedding", True),
        ("One day the two brothers met at the bridge.", "People Meet", True),
        ("She dreamed that one day she would marry a prince.", "A Wedding", False),
        ("Un día el rey se casó con una pastora.", "Una boda", True),
        ("Algún día se casaría con un príncipe.", "Una boda", False),
        ("ある日、王様は羊飼いの娘と結婚しました。", "結婚式", True),
        ("いつか王子と結婚したいと思っていました。", "結婚式", False),
    ],
)
def test_one_day_in_past_narration_is_not_future(
    referee: Referee, text: str, card: str, mentioned: bool
) -> None:
    check(referee, [(text, card, mentioned)])


def test_spanish_gender_forms_are_different_cards(referee: Referee) -> None:
    check(
        referee,
        [
            ("Una anciana vivía en el bosque.", "Anciano", False),
            ("Una anciana vivía en el bosque.", "Anciana", True),
            ("Un anciano vivía en el bosque.", "Anciana", False),
            ("Un anciano vivía en el bosque.", "Anciano", True),
            ("La anciana sonrió.", "Old Man", False),
        ],
    )


def test_negated_existence(referee: Referee) -> None:
    check(
        referee,
        [
            ("The room had no door.", "Door", False),
            ("There was no door, only a window.", "Window", True),
            ("No había puerta.", "Puerta", False),
            ("Nadie vivía en el pueblo.", "Pueblo", True),
            ("部屋には扉がなかった。", "扉", False),
        ],
    )
