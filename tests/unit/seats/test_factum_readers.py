"""Factum's readers: guesser (FA-5, FA-10), decoy-chooser (FA-4), judge (FA-3), voter (FA-7),
and the storyteller's choice of story (FA-10)."""

from pathlib import Path

import numpy as np
import pytest

from companion.seats.factum import (
    FEATURES,
    EmbedderRole,
    FactumReader,
    StoryPrototypes,
    bank_cards,
    choose_decoy,
    choose_story,
    fitted_weights,
    judge,
    obviousness,
    prefers_challenger,
    reference_stories,
    shipped_prototypes,
)
from embeddings import HashingEmbedder
from embeddings.e5 import E5_MODEL_NAME

STORY = "I broke my grandmother's porcelain vase while dancing in her living room."
TABLE = [
    "Breaking something precious",
    "A reunion after many years",
    "見知らぬ人に助けられた日",
    "Perder cuando esperabas ganar",
    "A card that is free text",
]


def test_data_every_bank_card_has_a_core_and_three_titles() -> None:
    cards = bank_cards()
    assert len(cards) == 168
    assert all(len(card.titles) == 3 and len(card.cores) == 3 for card in cards)
    assert all(core.strip() for card in cards for core in card.cores)
    assert len(reference_stories()) >= 60


def test_fitted_weights_name_every_feature() -> None:
    for name, weights in fitted_weights().items():
        assert len(weights) == len(FEATURES), name


def test_fa5_ranking_is_every_card_exactly_as_given(fake_reader: FactumReader) -> None:
    ranking = fake_reader.rank(STORY, TABLE)
    assert sorted(ranking) == sorted(TABLE)
    duplicated = [*TABLE[:2], TABLE[0]]
    assert sorted(fake_reader.rank(STORY, duplicated)) == sorted(duplicated)


def test_fa5_shared_words_win_under_the_lexical_fake(fake_reader: FactumReader) -> None:
    story = "The reunion after many years was the happiest evening of the decade."
    assert fake_reader.rank(story, TABLE)[0] == "A reunion after many years"


def test_fa5_ties_keep_the_given_order() -> None:
    reader = FactumReader(HashingEmbedder(), weights=[0.0] * len(FEATURES))
    assert reader.rank(STORY, TABLE) == TABLE
    assert reader.rank(STORY, TABLE[::-1]) == TABLE[::-1]


def test_probabilities_are_a_distribution_ordered_like_the_scores(
    fake_reader: FactumReader,
) -> None:
    probs = fake_reader.probabilities(STORY, TABLE)
    assert probs.shape == (5,) and abs(probs.sum() - 1) < 1e-9
    assert list(np.argsort(-probs)) == list(np.argsort(-fake_reader.scores(STORY, TABLE)))
    assert fake_reader.features(STORY, TABLE).shape == (5, len(FEATURES))


def test_fa4_decoy_is_the_hand_card_that_best_matches(fake_reader: FactumReader) -> None:
    story = "Twenty years later we met again: the reunion after many years felt like yesterday."
    hand = ["A gift that missed the mark", "A reunion after many years", "Feeling homesick"]
    assert choose_decoy(fake_reader, story, hand) == "A reunion after many years"
    assert choose_decoy(fake_reader, story, hand) == fake_reader.rank(story, hand)[0]


def test_fa3_judge_sends_its_own_team_when_the_link_is_obvious(
    fake_reader: FactumReader,
) -> None:
    story = "The reunion after many years with my school friends, after many years apart."
    others = ["Feeling homesick", "A gift that missed the mark", "Being told no"]
    call = judge(fake_reader, story, "A reunion after many years", others)
    assert 0.0 < call.obviousness < 1.0
    assert call.guessing_team == ("judge" if call.obviousness >= 0.5 else "storyteller")
    assert judge(fake_reader, story, TABLE[1], others, threshold=0.0).guessing_team == "judge"
    strict = judge(fake_reader, story, TABLE[1], others, threshold=1.01)
    assert strict.guessing_team == "storyteller"
    with pytest.raises(ValueError, match="comparison"):
        judge(fake_reader, story, TABLE[1], [])


def test_fa3_an_obvious_card_scores_higher_than_an_obscure_one(fake_reader: FactumReader) -> None:
    story = "The reunion after many years: a reunion after many years of silence."
    others = ["Feeling homesick", "A gift that missed the mark", "Being told no"]
    obvious = judge(fake_reader, story, "A reunion after many years", others).obviousness
    obscure = judge(fake_reader, story, "Being in the right place at the right time", others)
    assert obvious > obscure.obviousness


HAND = ["A reunion after many years", "Feeling homesick", "A gift that missed the mark"]
OPTIONS = [
    ("A reunion after many years", "A reunion after many years: the reunion, after many years."),
    ("Feeling homesick", "The bus was late and the soup was cold."),
    ("A gift that missed the mark", "My aunt's present for me was a sweater two sizes too big."),
]


def test_fa10_the_storyteller_tells_what_the_judge_cannot_call(fake_reader: FactumReader) -> None:
    estimates = [
        obviousness(fake_reader, story, card, [c for c in HAND if c != card])
        for card, story in OPTIONS
    ]
    assert estimates[0] > max(estimates[1:])  # the card's own words: the most obvious
    chosen = choose_story(fake_reader, OPTIONS, HAND)
    assert chosen == min(range(3), key=lambda i: abs(estimates[i] - 0.5))
    assert abs(estimates[chosen] - 0.5) <= min(abs(e - 0.5) for e in estimates)
    # The threshold is the judge's: at 1 the most obvious story is closest, at 0 the most obscure.
    assert choose_story(fake_reader, OPTIONS, HAND, threshold=1.0) == 0
    most_obscure = min(range(3), key=lambda i: estimates[i])
    assert choose_story(fake_reader, OPTIONS, HAND, threshold=0.0) == most_obscure


def test_fa10_story_choice_edge_cases(fake_reader: FactumReader) -> None:
    assert choose_story(fake_reader, OPTIONS[:1], HAND[:1]) == 0  # nothing to measure against
    with pytest.raises(ValueError, match="option"):
        choose_story(fake_reader, [], HAND)
    with pytest.raises(ValueError, match="other card"):
        obviousness(fake_reader, OPTIONS[0][1], HAND[0], [])


def test_fa7_a_tie_keeps_the_title(fake_reader: FactumReader) -> None:
    assert prefers_challenger(fake_reader, STORY, STORY) is False


@pytest.mark.parametrize(
    ("story", "cards", "problem"),
    [
        ("", TABLE, "story"),
        ("   ", TABLE, "story"),
        (STORY, [], "cards"),
        (STORY, "Breaking something precious", "cards"),
        (STORY, ["ok", ""], r"cards\[1\]"),
        (STORY, ["ok", 3], r"cards\[1\]"),
    ],
)
def test_bad_input_is_named(
    fake_reader: FactumReader, story: str, cards: list[str], problem: str
) -> None:
    with pytest.raises(ValueError, match=problem):
        fake_reader.rank(story, cards)


def test_weights_must_match_the_features() -> None:
    with pytest.raises(ValueError, match="one per feature"):
        FactumReader(HashingEmbedder(), weights=[1.0, 2.0])


# --- the real multilingual model -----------------------------------------------------------


@pytest.mark.slow
def test_fa10_japanese_story_against_japanese_cards(e5_reader: FactumReader) -> None:
    story = (
        "締め切りの前の晩、企画書のデータが全部消えた。朝まで一人で作り直し、"
        "会議の五分前に印刷が終わった。"
    )
    cards = [
        "時間切れ",
        "見知らぬ人に助けられた日",
        "ホームシック",
        "的外れだった贈り物",
        "守れなかった約束",
    ]
    assert e5_reader.rank(story, cards)[0] == "時間切れ"


@pytest.mark.slow
def test_fa10_emotional_core_over_surface_on_a_mixed_table(e5_reader: FactumReader) -> None:
    story = (
        "Everyone at the club said I had no chance in the final: my opponent had never lost. "
        "I played the match of my life and won in three sets."
    )
    cards = [
        "負けると思っていたのに勝ったこと",
        "A gift that missed the mark",
        "Feeling homesick",
        "Un secreto que guardaste demasiado tiempo",
        "Saying goodbye to a place",
    ]
    assert e5_reader.rank(story, cards)[0] == cards[0]


def test_bank_vectors_are_kept_on_disk_and_read_back(tmp_path: Path) -> None:
    first = FactumReader(HashingEmbedder(), cache_dir=tmp_path)
    stored = sorted((tmp_path / "vectors").glob("*.npy"))
    assert len(stored) == 2  # query role and passage role
    again = FactumReader(HashingEmbedder(), cache_dir=tmp_path)
    assert sorted((tmp_path / "vectors").glob("*.npy")) == stored
    np.testing.assert_allclose(again.scores(STORY, TABLE), first.scores(STORY, TABLE))


# --- story prototypes (the training stories) -----------------------------------------------


def _stories_column(reader: FactumReader, story: str, cards: list[str]) -> np.ndarray:
    return reader.features(story, cards)[:, FEATURES.index("stories")]


def test_a_card_prototype_is_what_the_stories_feature_reads() -> None:
    embedder = HashingEmbedder()
    bank = bank_cards()[0]  # "A promise you could not keep"
    story = "The ferry left without me and the violin lessons never started again."
    near = EmbedderRole(embedder, "query").embed([story])[0]
    far = -near
    toward, away = (
        FactumReader(embedder, prototypes=StoryPrototypes(embedder.name, "t", {bank.titles[0]: v}))
        for v in (near, far)
    )
    cards = [bank.titles[0], bank_cards()[1].titles[0]]
    assert _stories_column(toward, story, cards)[0] > _stories_column(away, story, cards)[0]
    # any language's title of the card finds the same prototype
    spanish = [bank.titles[2], cards[1]]
    np.testing.assert_allclose(
        _stories_column(toward, story, spanish), _stories_column(toward, story, cards)
    )


def test_a_card_with_no_training_stories_is_its_own_prototype() -> None:
    embedder = HashingEmbedder()
    reader = FactumReader(embedder, prototypes=StoryPrototypes(embedder.name, "t", {}))
    features = reader.features(STORY, TABLE)
    free = TABLE.index("A card that is free text")  # one phrasing: its title is its prototype
    assert features[free, FEATURES.index("stories")] == pytest.approx(
        features[free, FEATURES.index("title")]
    )
    assert np.isfinite(features[:, FEATURES.index("stories")]).all()
    assert features[:, FEATURES.index("stories")].any()


def test_prototypes_of_another_embedder_are_not_used() -> None:
    embedder = HashingEmbedder()
    title = bank_cards()[0].titles[0]
    other = StoryPrototypes("some-other-model", "t", {title: np.ones(embedder.dimension)})
    reader = FactumReader(embedder, prototypes=other)
    assert reader.prototypes is None
    assert not _stories_column(reader, STORY, [title, TABLE[1]]).any()


def test_shipped_prototypes_cover_the_bank_from_the_current_training_stories() -> None:
    from evals.factum_fit import training_recipe

    shipped = shipped_prototypes()
    assert shipped is not None, "run `make factum-fit`"
    assert shipped.recipe == training_recipe(), "training stories changed: run `make factum-fit`"
    assert shipped.embedder == f"{E5_MODEL_NAME}/query"
    assert set(shipped.vectors) == {card.titles[0] for card in bank_cards()}
    for vector in shipped.vectors.values():
        assert np.linalg.norm(vector) == pytest.approx(1.0, abs=1e-5)
