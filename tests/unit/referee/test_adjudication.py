"""Borderline cases go to the adjudicator when one is passed in; its verdicts settle them, and
its failures leave them borderline. Batches rule like single texts."""

from collections.abc import Sequence
from dataclasses import dataclass, field

import pytest

from companion.cards import once_upon_a_time_deck
from companion.referee import Referee, Thresholds
from embeddings import Embedder

# Every semantic candidate is borderline, none is flagged: the adjudicator sees them all.
ALL_BORDERLINE = Thresholds(
    flag={"en": 1.01, "es": 1.01, "ja": 1.01}, borderline={"en": -1.0, "es": -1.0, "ja": -1.0}
)


@dataclass(frozen=True)
class Verdict:
    mentioned: bool | None
    reason: str = "scripted"


@dataclass
class ScriptedAdjudicator:
    """An in-process fake of the Adjudicator port: answers by card label, records calls."""

    answers: dict[str, bool | None]
    calls: list[tuple[str, tuple[str, ...], str, str]] = field(default_factory=list)

    def adjudicate(
        self, text: str, story: Sequence[str], card_label: str, evidence: str
    ) -> Verdict:
        self.calls.append((text, tuple(story), card_label, evidence))
        if card_label == "Dragon":
            raise TimeoutError("the model did not answer")
        return Verdict(self.answers.get(card_label))


def test_adjudicator_settles_borderline_cases(fake_embedder: Embedder) -> None:
    adjudicator = ScriptedAdjudicator({"A Storm": True, "Monster": False, "Bear": None})
    referee = Referee(
        once_upon_a_time_deck(), fake_embedder, adjudicator=adjudicator, thresholds=ALL_BORDERLINE
    )
    text = "Lightning split the dark sky."
    story = ("The hunter walked on.",)
    ruling = referee.rule(text, ["A Storm", "Monster", "Bear", "Dragon"], story=story)
    assert [(m.card, m.method) for m in ruling.mentions] == [("A Storm", "llm")]
    assert {m.card for m in ruling.borderline} == {"Bear", "Dragon"}  # no answer; a failure
    assert "Monster" not in {m.card for m in (*ruling.mentions, *ruling.borderline)}
    assert {call[2] for call in adjudicator.calls} == {"A Storm", "Monster", "Bear", "Dragon"}
    assert all(call[0] == text and call[1] == story for call in adjudicator.calls)


def test_literal_mentions_are_not_adjudicated(fake_embedder: Embedder) -> None:
    adjudicator = ScriptedAdjudicator({})
    referee = Referee(
        once_upon_a_time_deck(), fake_embedder, adjudicator=adjudicator, thresholds=ALL_BORDERLINE
    )
    ruling = referee.rule("She slept in the cave.", ["Cave"])
    assert [(m.card, m.method) for m in ruling.mentions] == [("Cave", "lexical+semantic")]
    assert adjudicator.calls == []


def test_without_adjudicator_borderline_stays_borderline(fake_embedder: Embedder) -> None:
    referee = Referee(once_upon_a_time_deck(), fake_embedder, thresholds=ALL_BORDERLINE)
    ruling = referee.rule("Lightning split the sky over the cave.", ["Cave", "A Storm"])
    assert [m.card for m in ruling.mentions] == ["Cave"]
    assert [(m.card, m.method) for m in ruling.borderline] == [("A Storm", "semantic")]
    (storm,) = ruling.borderline
    assert ruling.text[storm.start : storm.end] == storm.evidence


@pytest.mark.slow
def test_rule_many_rules_like_rule(referee: Referee) -> None:
    texts = [
        "She slept in the forest.",
        "彼女は森で眠った。王様が来た。",
        "El rey no tenía espada.",
        "The king's son rode out. Nobody saw a dragon.",
    ]
    cards = ["Forest", "King", "Sword", "Prince", "Dragon", "Asleep"]
    assert referee.rule_many(texts, cards) == [referee.rule(t, cards) for t in texts]
