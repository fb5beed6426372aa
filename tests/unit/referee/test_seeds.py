"""The rule books' own examples (seeds 000 Japanese, 004 Spanish, and the English digest),
ruled by the shipped referee with the real model."""

import pytest

from companion.referee import Referee

pytestmark = pytest.mark.slow

KING_STORY = {
    "en": ("And the king fell in love with the woodcutter's daughter and married her.",),
    "ja": ("そして王は木こりの娘と恋に落ち、結婚しました。",),
    "es": ("Y el rey se enamoró de la hija del leñador y se casó con ella.",),
}

# (language, text, held cards, expected mentions)
SEEDS = [
    # OU-10: the forest under the oak
    ("en", "She fell asleep under the great oak in the forest.", ["Forest", "Sword"], {"Forest"}),
    ("ja", "森の大きな樫の木の下で彼女は眠りに落ちました。", ["Forest", "Sword"], {"Forest"}),
    (
        "es",
        "Se quedó dormido bajo el enorme roble que crecía en el bosque.",
        ["Bosque", "Espada"],
        {"Bosque"},
    ),
    # OU-7 example: the wicked king in his palace on a mountain; nobody dies
    (
        "en",
        '"You will never be able to kill the wicked king," she said, "for he lives in an '
        'indestructible palace on a faraway mountain."',
        ["Palace", "King", "Mountain", "Someone Dies"],
        {"Palace", "King", "Mountain"},
    ),
    (
        "ja",
        "「あなたは邪悪な王を殺すことはできないでしょう」と彼女は語りました。「なぜなら彼は"
        "遙か遠くの山にある不壊の宮殿に住んでいるのです」",
        ["Palace", "King", "Mountain", "Someone Dies"],
        {"Palace", "King", "Mountain"},
    ),
    (
        "es",
        "Jamás podrás acabar con el rey malvado, dijo ella, porque vive en un palacio "
        "indestructible, en la cima de una lejana montaña.",
        ["Palacio", "Rey", "Montaña", "Alguien muere"],
        {"Palacio", "Rey", "Montaña"},
    ),
    # OU-10: snoring in the cave is not yet a Monster
    (
        "en",
        "He went carefully through the cave and heard a deep, loud snoring.",
        ["Monster", "Cave", "Bear"],
        {"Cave"},
    ),
    ("ja", "彼は用心深く洞窟を進み、深く大きないびきを聞きました。", ["Monster", "Cave"], {"Cave"}),
    (
        "es",
        "Mientras caminaba de puntillas por la cueva, oyó un fuerte ruido, grave y ronco.",
        ["Monstruo", "Cueva"],
        {"Cueva"},
    ),
    # OU-14: seeing a man through the window is not People Meet
    (
        "en",
        "She looked in through the window and saw a man sitting at the table.",
        ["People Meet", "Window"],
        {"Window"},
    ),
    (
        "ja",
        "彼女は窓から中を覗き込み、男がテーブルに付いているのを見ました。",
        ["People Meet", "Window"],
        {"Window"},
    ),
    (
        "es",
        "Miró al interior del castillo por una ventana y vio a un hombre sentado a una mesa.",
        ["Encuentro entre personas", "Ventana"],
        {"Ventana"},
    ),
    # the frog that spoke: This Animal Can Talk
    (
        "en",
        "As she jumped down from the windowsill, a frog hopped out from under the table, and "
        "to her surprise it spoke to her.",
        ["This Animal Can Talk", "Frog"],
        {"This Animal Can Talk", "Frog"},
    ),
    (
        "ja",
        "テーブルの下から一匹の蛙が跳ね出てきました。驚いたことにその蛙は彼女に話しかけて"
        "きたのです。",
        ["This Animal Can Talk", "Frog"],
        {"This Animal Can Talk", "Frog"},
    ),
    (
        "es",
        "Mientras saltaba desde el marco de la ventana, una rana salió de debajo de la mesa y "
        "le habló.",
        ["Este animal puede hablar", "Rana"],
        {"Este animal puede hablar", "Rana"},
    ),
]


@pytest.mark.parametrize(("lang", "text", "cards", "expected"), SEEDS)
def test_seed_examples(
    referee: Referee, lang: str, text: str, cards: list[str], expected: set[str]
) -> None:
    ruling = referee.rule(text, cards)
    assert {m.card for m in ruling.mentions} == expected, ruling
    for m in ruling.mentions:
        assert text[m.start : m.end] == m.evidence


@pytest.mark.parametrize(
    ("lang", "text", "cards"),
    [
        ("en", "A year and a day later she gave birth to a baby boy.", ["Prince", "Child"]),
        ("ja", "1年と1日後に彼女は男の赤ん坊を産みました。", ["王子", "子供"]),
        ("es", "Un año y un día después, ella dio a luz a un bebé.", ["Príncipe", "Niño"]),
    ],
)
def test_seed_baby_boy_is_prince_and_child(
    referee: Referee, lang: str, text: str, cards: list[str]
) -> None:
    ruling = referee.rule(text, cards, story=KING_STORY[lang])
    assert {m.card for m in ruling.mentions} == set(cards), ruling


def test_seed_list_in_passing_still_mentions(referee: Referee) -> None:
    """OU-7 forbids the storyteller playing cards named in passing; a mention is still a
    mention for interrupts, so the referee reports them (the table judges relevance)."""
    text = (
        "On the way he passed through many villages with horses, shepherdesses, stepmothers "
        "and frogs, and stranger things besides: giants, wolves and a talking giraffe."
    )
    cards = ["Horse", "Shepherdess", "Stepmother", "Frog", "Giant", "Wolf", "Dragon"]
    assert {m.card for m in referee.rule(text, cards).mentions} == set(cards) - {"Dragon"}
