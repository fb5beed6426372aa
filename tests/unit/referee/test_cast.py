"""The story so far (companion/referee/cast.py): a later description of an element the story
brought in mentions it again; a pronoun, a possessive, a null subject, an indefinite newcomer or
a description of another class does not. The story's lines are ruled once, not per sentence."""

from collections.abc import Sequence

import pytest

from companion.cards import once_upon_a_time_deck
from companion.referee import Referee, Ruling
from companion.referee.cast import Cast, candidates, class_of_element
from companion.referee.lexicon import Target
from companion.referee.text import analyse
from companion.referee.tokens import Language


def flagged(referee: Referee, story: list[str], text: str, cards: list[str]) -> set[str]:
    return set(referee.rule(text, cards, story=story).cards)


# re-mentions by class: no embedding needed -------------------------------------------------

RE_MENTIONS = [
    # (story, text, cards, the card mentioned again)
    (
        ["A wolf came out of the trees at dusk."],
        "The creature growled.",
        ["Wolf", "Woodcutter"],
        "Wolf",
    ),
    (
        ["A woodcutter lived by the woods."],
        "The poor fellow was hungry.",
        ["Woodcutter", "Wolf"],
        "Woodcutter",
    ),
    (
        ["A potter worked by the river."],
        "The clay-stained fellow sang.",
        ["Potter", "Bridge", "Wolf"],
        "Potter",
    ),
    (
        ["Había un corderito blanco en el prado."],
        "El animalito balaba.",
        ["Cordero", "Lobo", "Jardín"],
        "Cordero",
    ),
    (
        ["Una princesa vivía en una torre."],
        "La muchacha cantaba.",
        ["Princesa", "Lobo", "Pozo"],
        "Princesa",
    ),
    (["村に大工が住んでいました。"], "その男は毎日働きました。", ["大工", "狼", "井戸"], "大工"),
    (["漁師が金色の魚を釣り上げました。"], "男は喜びました。", ["漁師", "狼", "井戸"], "漁師"),
]


@pytest.mark.parametrize(("story", "text", "cards", "card"), RE_MENTIONS)
def test_a_description_of_an_element_mentions_it_again(
    lexical_referee: Referee, story: list[str], text: str, cards: list[str], card: str
) -> None:
    assert flagged(lexical_referee, story, text, cards) == {card}
    assert flagged(lexical_referee, [], text, cards) == set(), "without the story it is nothing"


NOT_RE_MENTIONS = [
    # pronouns, possessives, null subjects
    (["A woodcutter lived by the woods."], "He was hungry.", ["Woodcutter", "Wolf"]),
    (["A wolf came out of the trees."], "Its eyes shone yellow.", ["Wolf", "Woodcutter"]),
    (["Una princesa vivía en una torre."], "Ella cantaba.", ["Princesa", "Lobo", "Pozo"]),
    (
        ["Un alfarero trabajaba junto al río."],
        "Cantaba toda la noche.",
        ["Alfarero", "Lobo", "Pozo"],
    ),
    (["村に大工が住んでいました。"], "彼は毎日働きました。", ["大工", "狼", "井戸"]),
    (["台所に一匹の猫がいました。"], "一日中ひなたにいました。", ["猫", "狼", "井戸"]),
    # indefinite newcomers
    (["A woodcutter lived by the woods."], "A man came in.", ["Woodcutter", "Wolf"]),
    (["Un pescador sacó del mar un pez."], "Un hombre lo miraba.", ["Pescador", "Lobo", "Pozo"]),
    (["若い兵士が村へ帰ってきました。"], "見知らぬ男が待っていました。", ["兵士", "狼", "井戸"]),
    # another class
    (["A woodcutter lived by the woods."], "The creature was hungry.", ["Woodcutter", "Axe"]),
    (
        ["Un leñador vivía junto al bosque."],
        "La bestia tenía hambre.",
        ["Leñador", "Hacha", "Pozo"],
    ),
    (
        ["木こりが小屋に住んでいました。"],
        "その獣はお腹をすかせていました。",
        ["木こり", "斧", "井戸"],
    ),
]


@pytest.mark.parametrize(("story", "text", "cards"), NOT_RE_MENTIONS)
def test_pronouns_newcomers_and_other_classes_mention_nothing_again(
    lexical_referee: Referee, story: list[str], text: str, cards: list[str]
) -> None:
    assert flagged(lexical_referee, story, text, cards) == set()


def test_the_mention_says_what_it_re_mentions_and_where(lexical_referee: Referee) -> None:
    story = ["Once upon a time.", "A wolf came out of the trees.", "The night was cold."]
    ruling = lexical_referee.rule("The creature growled.", ["Wolf"], story=story)
    (mention,) = ruling.mentions
    assert (mention.method, mention.evidence) == ("re-mention", "The creature")
    assert (mention.antecedent, mention.antecedent_line) == ("wolf", 1)
    assert "The creature growled."[mention.start : mention.end] == "The creature"


def test_the_most_recent_element_of_the_class_wins(lexical_referee: Referee) -> None:
    story = ["A woodcutter lived by the woods.", "One day a hunter came by."]
    cards = ["Woodcutter", "Hunter", "Wolf"]
    assert flagged(lexical_referee, story, "The man was tired.", cards) == {"Hunter"}


def test_an_element_named_in_the_text_is_not_described_again(lexical_referee: Referee) -> None:
    """The latest person is named in the text itself: "the man" is not an older one."""
    story = ["A woodcutter lived by the woods.", "One day a hunter came by."]
    cards = ["Woodcutter", "Hunter"]
    assert flagged(lexical_referee, story, "The hunter greeted the man.", cards) == {"Hunter"}


def test_a_description_naming_another_deck_card_is_not_a_re_mention(
    lexical_referee: Referee,
) -> None:
    assert (
        flagged(lexical_referee, ["A queen ruled the land."], "The king smiled.", ["Queen", "Wolf"])
        == set()
    )


def test_a_negated_description_is_not_a_re_mention(lexical_referee: Referee) -> None:
    story = ["A wolf came out of the trees."]
    assert (
        flagged(lexical_referee, story, "There was no creature anywhere.", ["Wolf", "Axe"]) == set()
    )


@pytest.mark.parametrize(
    ("text", "language", "description"),
    [
        ("Then the poor fellow sat down.", "en", "the poor fellow"),
        ("El pobre hombre lloró.", "es", "El pobre hombre"),
        ("村ではその若い男が働いていた。", "ja", "その若い男"),
        ("男は笑った。", "ja", "男"),
    ],
)
def test_candidates_are_definite_descriptions(
    text: str, language: Language, description: str
) -> None:
    analysis = analyse(text, language)
    found = [text[c.start : c.end] for c in candidates(analysis, [])]
    assert found == [description]


@pytest.mark.parametrize(
    "text",
    ["He said that she had gone.", "A man came in.", "見知らぬ男は笑った。", "村の男は笑った。"],
)
def test_pronouns_indefinites_and_modified_topics_are_no_candidates(text: str) -> None:
    assert [c for c in candidates(analyse(text), []) if c.kind is not None] == []


def test_class_of_an_element() -> None:
    deck = once_upon_a_time_deck()

    def of(given: str, evidence: str) -> str | None:
        return class_of_element(Target(given, deck.resolve(given)), evidence)

    assert of("Wolf", "wolf") == "animal"
    assert of("Woodcutter", "woodcutter") == "person"
    assert of("Axe", "axe") == "thing"
    assert of("Forest", "woods") == "place"
    assert of("Potter", "potter") == "person"  # a custom card: an agent noun
    assert of("陶工", "陶工") == "person"
    assert of("Deer", "deer") == "animal"  # a custom card: an animal word
    assert of("Heron", "heron") is None  # cannot be told


# the story is ruled once per line --------------------------------------------------------


def test_the_story_is_ruled_once_per_line_not_per_sentence() -> None:
    referee = Referee(once_upon_a_time_deck(), None)
    assert referee.cast is not None
    story = [f"On day {n} a wolf came out of the trees." for n in range(1, 13)]
    cards = ["Wolf", "Woodcutter"]
    for text in ("The creature growled.", "The creature ran.", "The creature slept."):
        assert flagged(referee, story, text, cards) == {"Wolf"}
    assert referee.cast.lines_ruled == 10  # the last ten lines, once
    flagged(referee, story, "The creature howled.", ["Wolf", "Woodcutter", "Axe"])
    assert referee.cast.lines_ruled == 20  # a new card: each line once more, for that card


def test_the_cache_is_bounded() -> None:
    calls: list[int] = []

    def rule_lines(
        lines: Sequence[str], cards: Sequence[str], language: Language | None
    ) -> list[Ruling]:
        calls.append(len(lines))
        return [Ruling(text=line, mentions=(), borderline=()) for line in lines]

    cast = Cast(rule_lines, None, cache_size=4)
    targets = [Target("Wolf", once_upon_a_time_deck().resolve("Wolf"))]
    for n in range(10):
        cast.elements([f"line {n}"], targets, "en")
    assert len(cast._cache) == 4
    cast.elements(["line 9"], targets, "en")  # still remembered
    assert sum(calls) == 10


# by closeness: the real embedder ---------------------------------------------------------


@pytest.mark.slow
def test_a_role_close_to_the_element_mentions_it_again(referee: Referee) -> None:
    story = ["A carpenter lived in the village."]
    ruling = referee.rule("The craftsman made a table.", ["Carpenter", "Wolf", "Well"], story=story)
    assert [(m.card, m.evidence, m.method) for m in ruling.mentions] == [
        ("Carpenter", "The craftsman", "re-mention")
    ]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("story", "text", "cards"),
    [
        (["A queen ruled the land."], "The king smiled.", ["Queen", "Wolf"]),
        (["A carpenter lived in the village."], "The weather was cold.", ["Carpenter", "Wolf"]),
        (["A carpenter lived in the village."], "He made a table.", ["Carpenter", "Wolf"]),
    ],
)
def test_what_is_not_close_is_no_re_mention(
    referee: Referee, story: list[str], text: str, cards: list[str]
) -> None:
    assert {m.card for m in referee.rule(text, cards, story=story).mentions} & {cards[0]} == set()


@pytest.mark.slow
@pytest.mark.parametrize(("story", "text", "cards", "card"), RE_MENTIONS)
def test_re_mentions_hold_with_the_embedder(
    referee: Referee, story: list[str], text: str, cards: list[str], card: str
) -> None:
    assert flagged(referee, story, text, cards) == {card}


def test_one_referee_rules_stories_from_many_threads() -> None:
    """The cast's caches are shared: rulings from several threads agree, with a tiny cache
    that keeps evicting."""
    from concurrent.futures import ThreadPoolExecutor

    referee = Referee(once_upon_a_time_deck(), None)
    assert referee.cast is not None
    referee.cast._cache_size = 3
    stories = [[f"Day {n}.", "A wolf came out of the trees."] for n in range(40)]

    def rule(story: list[str]) -> set[str]:
        return flagged(referee, story, "The creature growled.", ["Wolf", "Woodcutter"])

    with ThreadPoolExecutor(max_workers=4) as pool:
        assert list(pool.map(rule, stories)) == [{"Wolf"}] * len(stories)


@pytest.mark.parametrize(
    ("story", "text", "cards"),
    [
        (["A king ruled the land."], "The men of the village feared him.", ["King", "Wolf", "Axe"]),
        (["Un rey gobernaba el país."], "Los hombres lo temían.", ["Rey", "Lobo", "Pozo"]),
        (
            ["木こりが森に住んでいました。"],
            "その男たちは働いていました。",
            ["木こり", "狼", "井戸"],
        ),
    ],
)
def test_a_plural_is_a_group_not_the_element(
    lexical_referee: Referee, story: list[str], text: str, cards: list[str]
) -> None:
    assert flagged(lexical_referee, story, text, cards) == set()


def test_a_possessive_description_names_the_element(lexical_referee: Referee) -> None:
    story = ["A woodcutter lived by the woods."]
    assert flagged(lexical_referee, story, "The man's axe was blunt.", ["Woodcutter", "Wolf"]) == {
        "Woodcutter"
    }


def test_story_lines_that_cannot_be_ruled_bring_in_nothing(lexical_referee: Referee) -> None:
    story = ["", "   ", "🙂🙂", "A wolf " + "x" * 30_000, "A wolf came out of the trees.", "\x00"]
    ruling = lexical_referee.rule("The creature growled.", ["Wolf", "Axe"], story=story)
    assert [(m.card, m.antecedent_line) for m in ruling.mentions] == [("Wolf", 4)]
