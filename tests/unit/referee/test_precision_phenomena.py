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


def test_copula_metaphors_are_not_the_thing(referee: Referee) -> None:
    check(
        referee,
        [
            ("Her voice was a sword that cut him.", "Sword", False),
            ("The gift was a sword.", "Sword", True),
            ("In the council the old queen was a fox.", "Fox", False),
            ("The fish was a toad.", "Frog", True),
            ("Su mirada era una espada.", "Espada", False),
            ("El regalo era una espada.", "Espada", True),
            ("彼の言葉は剣だった。", "剣", False),
            ("彼の贈り物は剣だった。", "剣", True),
        ],
    )


def test_depictions_without_of_are_not_the_thing(referee: Referee) -> None:
    check(
        referee,
        [
            ("A tapestry showed the queen riding.", "Queen", False),
            ("She showed the queen the map.", "Queen", True),
            ("The chest was carved with wolves and bears.", "Bear", False),
            ("Wolves and bears guarded the chest.", "Bear", True),
            ("Un tapiz mostraba a la reina.", "Reina", False),
            ("扉には狼が彫られていた。", "狼", False),
            ("狼が扉を守っていた。", "狼", True),
        ],
    )


def test_illusions_are_not_the_thing(referee: Referee) -> None:
    check(
        referee,
        [
            ("In the mist they thought they saw a tower.", "Tower", False),
            ("In the mist they saw a tower.", "Tower", True),
            ("Creyó ver un lobo entre los árboles.", "Lobo", False),
            ("Vio un lobo entre los árboles.", "Lobo", True),
            ("遠くに湖が見えた気がした。", "湖", False),
        ],
    )


def test_a_denied_report_is_not_the_thing(referee: Referee) -> None:
    check(
        referee,
        [
            ("They said a witch lived in the tower, but none of it was true.", "Witch", False),
            ("They said a witch lived in the tower, and it was true.", "Witch", True),
            ("The king said a giant was coming, but it was a lie.", "King", True),
            ("Decían que una bruja vivía allí, pero nada de eso era verdad.", "Bruja", False),
            ("塔に魔女がいるといううわさだったが、うそだった。", "魔女", False),
        ],
    )


def test_names_without_naming_words(referee: Referee) -> None:
    check(
        referee,
        [
            ("They supped at the Golden Crown.", "Crown", False),
            ("They supped with the golden crown on the table.", "Crown", True),
            ("The ship Black Horse left the harbour.", "Horse", False),
            ("King Arthur rode out.", "King", True),
            ("Cenaron en El Lobo Gris.", "Lobo", False),
            ("Cenaron con el lobo gris.", "Lobo", True),
        ],
    )


def test_nobody_ever_saw_an_indefinite_thing(referee: Referee) -> None:
    check(
        referee,
        [
            ("Nobody had ever seen a dragon there.", "Dragon", False),
            ("Nobody recognised the king.", "King", True),
            ("Nadie había visto nunca un dragón.", "Dragón", False),
            ("誰も竜を見たことがなかった。", "竜", False),
            ("村の誰も竜を見たことがなかった。", "村", True),
        ],
    )


def test_a_hope_about_a_definite_person_keeps_the_person(referee: Referee) -> None:
    check(
        referee,
        [
            ("She hoped the king would come.", "King", True),
            ("She hoped a prince would come.", "Prince", False),
            ("He wished the witch would leave.", "Witch", True),
        ],
    )


def test_spanish_ir_a_a_place_is_a_going(referee: Referee) -> None:
    check(
        referee,
        [
            ("Cada domingo iba a la boda de algún vecino.", "Una boda", True),
            ("Iba a casarse en primavera.", "Una boda", False),
            ("Cada noche iba a la posada.", "Posada", True),
        ],
    )


def test_near_death_is_not_dead_and_last_breaths_are(referee: Referee) -> None:
    check(
        referee,
        [
            ("The old king was near death.", "Someone Dies", False),
            ("The old dragon drew its last breath.", "Someone Dies", True),
            ("The old queen was laid to rest.", "Someone Dies", True),
            ("El rey casi murió.", "Alguien muere", False),
            ("El rey exhaló su último suspiro.", "Alguien muere", True),
            ("王は城のそばに葬られた。", "誰かが死ぬ", True),
        ],
    )


def test_spanish_diminutives_are_the_thing(referee: Referee) -> None:
    check(
        referee,
        [
            ("Por la ventanita entraba la luz.", "Ventana", True),
            ("Dos lobitos jugaban.", "Lobo", True),
        ],
    )


def test_events_told_in_other_words(referee: Referee) -> None:
    check(
        referee,
        [
            ("The thief ran off with the crown.", "Something Is Stolen", True),
            ("The thieves planned to run off with the crown.", "Something Is Stolen", False),
            ("The couple exchanged rings in the chapel.", "A Wedding", True),
            ("They would exchange rings in the spring.", "A Wedding", False),
            ("Lightning split the sky and the wind howled.", "A Storm", True),
            ("Far away, lightning flickered over the hills.", "A Storm", False),
            ("The children could not find their way home.", "Lost", True),
            ("The children found their way home.", "Lost", False),
            ("He had to beg her to stay.", "Poor", False),
            ("El ladrón se llevó el anillo.", "Algo es robado", True),
            ("El ladrón quería llevarse el anillo.", "Algo es robado", False),
            ("稲妻が光り、風が吹き荒れた。", "嵐", True),
        ],
    )
