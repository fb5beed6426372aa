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


@pytest.mark.parametrize(
    ("text", "cards", "expected"),
    [
        ("After a long dry spell the crops failed.", ["Spell"], set()),
        ("The dragon-shaped kite flew high.", ["Dragon"], set()),
        ("They drank ale at the Dragon Inn.", ["Dragon", "Inn"], {"Inn"}),
        ("They rode into the Dark Forest.", ["Forest"], {"Forest"}),
        ("She sang well.", ["Well"], set()),
        ("She drew water from the old well.", ["Well"], {"Well"}),
        (
            "He was as brave as a lion and as strong as a bear.",
            ["Bear", "Brave", "Strong"],
            {"Brave", "Strong"},
        ),
        ("He wolfed down his supper.", ["Wolf", "Food"], {"Food"}),
        ("A stone dragon guarded the gate.", ["Dragon"], set()),
        ("The children played at being kings and queens.", ["Child", "King", "Queen"], {"Child"}),
        ("The wind died down at dusk.", ["Someone Dies"], set()),
        ("A cat burglar crept over the roofs.", ["Cat", "Thief"], {"Thief"}),
        ("Devoró la cena como un lobo.", ["Lobo", "Comida"], {"Comida"}),
        ("La niña llevaba una cola de caballo.", ["Caballo", "Niño"], {"Niño"}),
        ("台所には洗い物が山のようにたまっていた。", ["山", "台所"], {"台所"}),
        ("竜は宝の山の上で眠っていた。", ["山", "宝物", "竜"], {"宝物", "竜"}),
        ("一本の木が立っていた。", ["本", "木"], {"木"}),
    ],
)
def test_figurative_uses_are_not_mentions(
    lexical_referee: Referee, text: str, cards: list[str], expected: set[str]
) -> None:
    assert flagged(lexical_referee, text, cards) == expected


@pytest.mark.parametrize(
    ("text", "cards", "expected"),
    [
        ("Nobody recognised the king in his rags.", ["King"], {"King"}),
        ("Nobody was brave enough to enter the cave.", ["Brave", "Cave"], {"Cave"}),
        ("The frog said nothing at all.", ["This Animal Can Talk", "Frog"], {"Frog"}),
        ("The wedding was to take place at the next full moon.", ["A Wedding"], set()),
        ("La boda se celebraría en primavera.", ["Una boda"], set()),
        ("Se enamoraron en primavera.", ["Dos personas se enamoran"], {"Dos personas se enamoran"}),
        ("The king spoke to the miller's son.", ["Prince", "King"], {"King"}),
        ("El rey habló con el hijo del molinero.", ["Príncipe", "Rey"], {"Rey"}),
    ],
)
def test_scope_of_negation_time_and_kinship(
    lexical_referee: Referee, text: str, cards: list[str], expected: set[str]
) -> None:
    assert flagged(lexical_referee, text, cards) == expected


@pytest.mark.parametrize(
    ("typed", "card"),
    [
        ("so there wasn't any dragon at all in that cave", "Dragon"),
        ("he didn't have a sword", "Sword"),
        ("there weren't any wolves in those woods", "Wolf"),
        ("the prince hasn't got a horse", "Horse"),
    ],
)
def test_a_contraction_typed_without_its_apostrophe_negates_alike(
    lexical_referee: Referee, typed: str, card: str
) -> None:
    bare = typed.replace("'", "")  # as a phone or dictation types it: "wasnt"
    assert lexical_referee.rule(typed, [card]).mentions == ()
    assert lexical_referee.rule(bare, [card]).mentions == ()
    assert lexical_referee.rule(typed.replace("n't", ""), [card]).mentions != ()


@pytest.mark.parametrize(
    ("text", "cards", "expected"),
    [
        # a subject negator that is the noun's determiner denies the thing
        ("The prince rode out with neither sword nor shield.", ["Sword", "Prince"], {"Prince"}),
        ("Not one ghost appeared in the tower.", ["Ghost", "Tower"], {"Tower"}),
        ("Not one of the soldiers came back.", ["Soldier"], {"Soldier"}),
        ("Ninguna bruja vivía en aquel bosque.", ["Bruja", "Bosque"], {"Bosque"}),
        # a correlative negator before a definite noun denies the predicate, not the things
        (
            "Ni la bruja ni el hada pudieron romper el hechizo.",
            ["Bruja", "Hada"],
            {"Bruja", "Hada"},
        ),
        ("Neither the witch nor the fairy could help.", ["Witch", "Fairy"], {"Witch", "Fairy"}),
        ("He lived without a cat and with no horse.", ["Cat", "Horse"], set()),
        ("The merchant lacked the courage to go on.", ["Brave"], set()),
    ],
)
def test_negation_scope_of_determiners_and_correlatives(
    lexical_referee: Referee, text: str, cards: list[str], expected: set[str]
) -> None:
    assert flagged(lexical_referee, text, cards) == expected


@pytest.mark.parametrize(
    ("text", "cards", "expected"),
    [
        # 一 and a counter, then も and a negator: not a single one
        ("火事のあと、木は一本も残っていなかった。", ["木"], set()),
        ("塔には幽霊は一人も現れなかった。", ["幽霊", "塔"], {"塔"}),
        ("村には竜が一匹もいなかった。", ["竜", "村"], {"村"}),
        # 一度も denies an event, not whoever never once did something
        ("あの礼拝堂で結婚式が行われたことは一度もない。", ["結婚式", "礼拝堂"], {"礼拝堂"}),
        ("王子は一度も笑わなかった。", ["王子"], {"王子"}),
        ("王子は一日も休まなかった。", ["王子"], {"王子"}),
        # where (に, で) and whose (は before another noun) are not what is denied
        ("その島には川がなかった。", ["島", "川"], {"島"}),
        ("森では竜がいなかった。", ["森", "竜"], {"森"}),
        ("王子は剣も盾も持たずに出発した。", ["剣", "王子"], {"王子"}),
        ("王は剣を持っていなかった。", ["王", "剣"], {"王"}),
        ("夜に吠えていたのは狼ではなく、風だった。", ["狼"], set()),
        # an alias read over a negated verb (盗まれた in 盗まれなかった), and finding
        ("その夜は何も盗まれなかった。", ["何かが盗まれる"], set()),
        ("彼女は鍵を見つけられず、扉は閉ざされたままだった。", ["鍵", "扉"], {"扉"}),
    ],
)
def test_japanese_negation_scope(
    lexical_referee: Referee, text: str, cards: list[str], expected: set[str]
) -> None:
    assert flagged(lexical_referee, text, cards) == expected
