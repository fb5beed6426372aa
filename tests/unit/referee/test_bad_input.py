"""Bad input gets a clear error or a sane answer, never a crash."""

import pytest

from companion.referee import (
    MAX_CARDS,
    MAX_TEXT_CHARS,
    InvalidTextError,
    Referee,
    RefereeError,
    TooManyCardsError,
)


@pytest.mark.parametrize("text", ["", "   ", "\n\t ", "1234 5678", "!!! ???", "🐉🐉🐉"])
def test_text_without_words_is_refused(lexical_referee: Referee, text: str) -> None:
    with pytest.raises(InvalidTextError):
        lexical_referee.rule(text, ["Forest"])


def test_over_long_text_is_refused_with_its_length(lexical_referee: Referee) -> None:
    text = "forest " * (MAX_TEXT_CHARS // 7 + 1)
    with pytest.raises(InvalidTextError, match=f"{len(text)} characters; at most {MAX_TEXT_CHARS}"):
        lexical_referee.rule(text, ["Forest"])


def test_text_at_the_limit_is_ruled(lexical_referee: Referee) -> None:
    text = ("森の奥で眠った。" * 3000)[:MAX_TEXT_CHARS]  # 60,000 bytes of Japanese
    (mention,) = lexical_referee.rule(text, ["Forest"]).mentions
    assert mention.card_id == "forest"


def test_too_many_cards(lexical_referee: Referee) -> None:
    cards = [f"thing {i}" for i in range(MAX_CARDS + 1)]
    with pytest.raises(TooManyCardsError) as caught:
        lexical_referee.rule("a thing", cards)
    assert caught.value.count == MAX_CARDS + 1
    assert isinstance(caught.value, RefereeError) and isinstance(caught.value, ValueError)


def test_duplicates_do_not_count_towards_the_limit(lexical_referee: Referee) -> None:
    ruling = lexical_referee.rule("She slept in the forest.", ["Forest"] * (MAX_CARDS + 5))
    assert len(ruling.mentions) == 1


@pytest.mark.parametrize(
    "text",
    [
        "The 🐉 dragon\x00 slept\x07 in the cave 🔥.",
        "The dragon\u200b slept in the cave.",
        "ドラゴン dragon が the cave で眠った",
        "The\r\ndragon\tslept\x1b[31m in the cave",
    ],
)
def test_odd_characters_give_a_sane_answer(lexical_referee: Referee, text: str) -> None:
    ruling = lexical_referee.rule(text, ["Dragon", "Cave", "Sword"])
    assert {m.card for m in ruling.mentions} == {"Dragon", "Cave"}
    for m in ruling.mentions:
        assert text[m.start : m.end] == m.evidence


def test_no_cards_or_blank_cards(lexical_referee: Referee) -> None:
    assert lexical_referee.rule("A dragon.", []).mentions == ()
    assert lexical_referee.rule("A dragon.", ["", "  "]).mentions == ()


def test_unknown_cards_are_free_text(lexical_referee: Referee) -> None:
    ruling = lexical_referee.rule("The griffin flew off.", ["Griffin", "Xyzzy", "Dragon"])
    assert [(m.card, m.card_id) for m in ruling.mentions] == [("Griffin", None)]
