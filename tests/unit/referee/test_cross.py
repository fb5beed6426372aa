"""The cross-encoder of the learned path: its pair input, its head, and a learned model that
carries one (its probability and threshold replace the logistic model's; the guards still gate
its flags; a fold model has none)."""

from dataclasses import replace
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest

from companion.cards import once_upon_a_time_deck
from companion.referee import Referee
from companion.referee.cross import CrossHead, CrossScorer, VetoHead, pair_label
from companion.referee.learned import (
    FEATURES,
    LearnedModel,
    MentionScorer,
    Weights,
    load_model,
)
from companion.referee.lexicon import Target
from companion.referee.text import analyse
from embeddings import Embedder
from embeddings.e5_format import packed_model
from embeddings.e5_int8 import E5Int8Embedder, E5Tokenizer, ensure_built

DIMENSION = 384


@pytest.fixture(scope="module")
def tokenizer() -> E5Tokenizer:
    return E5Tokenizer(packed_model())


def test_a_pair_is_label_then_story_and_text_between_the_models_markers(
    tokenizer: E5Tokenizer,
) -> None:
    vocabulary = packed_model().vocabulary
    ids = tokenizer.pair_ids("Scarecrow", "Once there was a farm.", "A straw man stood there.")
    label = tokenizer.content_ids("query: Scarecrow")
    story = tokenizer.content_ids("Once there was a farm.")
    text = tokenizer.content_ids("passage: A straw man stood there.")
    eos = vocabulary.eos
    assert ids == [vocabulary.bos, *label, eos, eos, *story, *text, eos]


def test_a_long_story_is_cut_from_its_start_and_the_text_kept(tokenizer: E5Tokenizer) -> None:
    story = " ".join(f"Line {n} of an old tale." for n in range(200))
    ids = tokenizer.pair_ids("Wolf", story, "The beast howled.", max_tokens=64)
    assert len(ids) == 64
    text = tokenizer.content_ids("passage: The beast howled.")
    assert ids[-1 - len(text) : -1] == text
    last_line = tokenizer.content_ids("Line 199 of an old tale.")
    assert ids[-1 - len(text) - len(last_line) : -1 - len(text)][-3:] == last_line[-3:]


def test_a_text_longer_than_the_window_is_cut_to_it(tokenizer: E5Tokenizer) -> None:
    ids = tokenizer.pair_ids("Wolf", "", "wolf " * 2_000, max_tokens=160)
    assert len(ids) == 160


def test_the_card_is_read_by_its_label_in_the_texts_language() -> None:
    deck = once_upon_a_time_deck()
    forest = deck.resolve("Forest")
    assert forest is not None
    assert pair_label(Target("woods", forest), "ja") == "森"
    assert pair_label(Target("woods", forest), "es") == "Bosque"
    assert pair_label(Target(" Harpist ", None), "en") == "Harpist"


def _logistic(threshold: float = 0.99) -> LearnedModel:
    n = len(FEATURES)
    weights = Weights((0.0,) * n, (1.0,) * n, (0.0,) * n, -5.0)  # the logistic says "no"
    return LearnedModel(
        FEATURES, weights, (1.0, 0.0), threshold, "abc", (frozenset({"x"}),), (weights,)
    )


HEAD = CrossHead("adapter.npz", (1.0,) + (0.0,) * (DIMENSION - 1), 0.0, 8.0, 0.5)


def test_a_head_round_trips_with_its_model(tmp_path: Path) -> None:
    model = replace(_logistic(), cross=HEAD)
    again = LearnedModel.from_dict(model.as_dict())
    assert again == model
    assert again.flag_threshold == 0.5
    assert _logistic().flag_threshold == 0.99
    assert again.at_threshold(0.3).cross == replace(HEAD, threshold=0.3)
    assert again.for_fold(frozenset({"x"})).cross is None  # trained with every card's rows


class _Pairs:
    """An in-process pair encoder: a unit vector whose first value says whether the text holds
    words it knows for the label (what the head above reads), and the pairs it was asked."""

    def __init__(self) -> None:
        self.known = {"Scarecrow": "straw man", "Harpist": "harp"}
        self.asked: list[tuple[str, str, str]] = []

    def embed_pair(
        self, first: str, story: str, text: str, max_tokens: int
    ) -> npt.NDArray[np.float32]:
        self.asked.append((first, story, text))
        vector = np.zeros(DIMENSION, dtype=np.float32)
        known = self.known.get(first)
        vector[0] = 1.0 if known and known in text.casefold() else -1.0
        return vector


def test_a_model_with_a_head_scores_with_the_cross_encoder(fake_embedder: Embedder) -> None:
    pairs = _Pairs()
    model = replace(_logistic(), cross=HEAD)
    scorer = MentionScorer(
        model,
        {"minilm": fake_embedder, "e5": fake_embedder},
        cross=CrossScorer(HEAD, lambda: pairs),
    )
    targets = [Target("Harpist", None), Target("Potter", None)]
    scored = scorer.score(analyse("The harpist played all night."), targets, ["A hall."])
    assert scored[0].probability == pytest.approx(1 / (1 + np.exp(-8.0)))
    assert scored[1].probability == pytest.approx(1 / (1 + np.exp(8.0)))
    assert pairs.asked == [
        ("Harpist", "A hall.", "The harpist played all night."),
        ("Potter", "A hall.", "The harpist played all night."),
    ]
    # a fold model has no head: it scores with the logistic model again
    fold = scorer.with_model(model.for_fold(frozenset({"x"})))
    assert fold.cross is None
    assert fold.score(analyse("The harpist played."), targets[:1])[0].probability < 0.01


def test_a_head_and_its_scorer_come_together(fake_embedder: Embedder) -> None:
    embedders = {"minilm": fake_embedder, "e5": fake_embedder}
    with pytest.raises(ValueError, match="cross-encoder"):
        MentionScorer(replace(_logistic(), cross=HEAD), embedders)
    with pytest.raises(ValueError, match="cross-encoder"):
        MentionScorer(_logistic(), embedders, cross=CrossScorer(HEAD, _Pairs))


def test_the_referee_flags_by_the_heads_threshold_and_the_guards_still_gate(
    fake_embedder: Embedder,
) -> None:
    model = replace(_logistic(), cross=HEAD)
    scorer = MentionScorer(
        model, {"minilm": fake_embedder, "e5": fake_embedder}, cross=CrossScorer(HEAD, _Pairs)
    )
    referee = Referee(once_upon_a_time_deck(), fake_embedder, scorer=scorer)
    found = referee.rule("A straw man stood guard over the corn.", ["Scarecrow", "Potter"])
    assert [m.card for m in found.mentions] == ["Scarecrow"]
    assert found.mentions[0].method == "semantic"
    denied = referee.rule("There was no straw man in the field.", ["Scarecrow"])
    assert denied.mentions == ()


def test_at_a_table_holding_the_deck_the_cross_encoder_reads_only_the_typed_cards(
    fake_embedder: Embedder,
) -> None:
    pairs = _Pairs()
    referee = _referee_with(fake_embedder, HEAD, pairs)
    scorer = referee.scorer
    assert scorer is not None
    held = ["Forest", "King", "Scarecrow", "Wolf", "Harpist"]
    ruling = referee.rule("A straw man stood guard over the corn by the forest.", held)
    assert sorted(m.card for m in ruling.mentions) == ["Forest", "Scarecrow"]
    assert [first for first, _, _ in pairs.asked] == ["Scarecrow", "Harpist"]
    scored = scorer.score(analyse("The harpist played."), [Target("Harpist", None)] * 2, read=[1])
    assert scored[0] is None and scored[1] is not None


@pytest.mark.slow
def test_a_pair_vector_from_the_int8_model_is_a_unit_vector(embeddings_cache_dir: Path) -> None:
    e5 = E5Int8Embedder(ensure_built(cache_dir=embeddings_cache_dir))
    one = e5.embed_pair("Scarecrow", "", "A straw man stood in the field.")
    again = e5.embed_pair("Scarecrow", "", "A straw man stood in the field.")
    other = e5.embed_pair("Musician", "", "A straw man stood in the field.")
    assert one.shape == (DIMENSION,)
    assert float(np.linalg.norm(one)) == pytest.approx(1.0, abs=1e-5)
    assert np.array_equal(one, again)
    assert not np.allclose(one, other)


def test_the_shipped_model_and_its_head_load() -> None:
    model = load_model()
    assert model.cross is not None
    assert model.cross.adapter_path().is_file()
    assert len(model.cross.weight) == DIMENSION
    assert model.flag_threshold == model.cross.threshold


# the veto on the tables' finds --------------------------------------------------------------

VETO = VetoHead((0.0, 5.0) + (0.0,) * (DIMENSION - 2), 0.0, 0.5)


class _Scene(_Pairs):
    """As `_Pairs`, and the second value says whether the card only hangs on a wall (what the
    veto reads): "a painting of a harpist" names a harpist and brings none into the story."""

    def embed_pair(
        self, first: str, story: str, text: str, max_tokens: int
    ) -> npt.NDArray[np.float32]:
        vector = super().embed_pair(first, story, text, max_tokens)
        vector[1] = -1.0 if "painting of" in text else 1.0
        return vector / np.linalg.norm(vector)


def _referee(fake_embedder: Embedder, head: CrossHead) -> Referee:
    scorer = MentionScorer(
        replace(_logistic(), cross=head),
        {"minilm": fake_embedder, "e5": fake_embedder},
        cross=CrossScorer(head, _Scene),
    )
    return Referee(once_upon_a_time_deck(), fake_embedder, scorer=scorer)


def test_a_veto_round_trips_with_its_head() -> None:
    model = replace(_logistic(), cross=replace(HEAD, veto=VETO))
    again = LearnedModel.from_dict(model.as_dict())
    assert again == model
    assert again.cross is not None and again.cross.veto == VETO
    assert LearnedModel.from_dict(replace(_logistic(), cross=HEAD).as_dict()).cross == HEAD


def test_the_scorer_reads_the_veto_from_the_same_pair_vector(fake_embedder: Embedder) -> None:
    head = replace(HEAD, veto=VETO)
    pairs = _Scene()
    scorer = MentionScorer(
        replace(_logistic(), cross=head),
        {"minilm": fake_embedder, "e5": fake_embedder},
        cross=CrossScorer(head, lambda: pairs),
    )
    targets = [Target("Harpist", None)]
    hung = scorer.score(analyse("On the wall hung a painting of a harpist."), targets)
    played = scorer.score(analyse("The harpist played all night."), targets)
    assert [s.vetoed for s in hung] == [True]
    assert [s.vetoed for s in played] == [False]
    assert len(pairs.asked) == 2  # one pair vector each, for both heads


def test_the_veto_drops_a_labels_only_find_and_nothing_else_flags_the_card(
    fake_embedder: Embedder,
) -> None:
    text = "On the wall hung a painting of a harpist."
    without = _referee(fake_embedder, HEAD).rule(text, ["Harpist", "Forest"])
    assert [m.card for m in without.mentions] == ["Harpist"]
    assert without.mentions[0].method == "lexical"
    vetoed = _referee(fake_embedder, replace(HEAD, veto=VETO)).rule(text, ["Harpist", "Forest"])
    # the mention head still says "harpist" (its words are there): the veto blocks the card
    assert vetoed.mentions == ()
    kept = _referee(fake_embedder, replace(HEAD, veto=VETO)).rule(
        "The harpist played all night.", ["Harpist"]
    )
    assert [m.card for m in kept.mentions] == ["Harpist"]


def test_the_veto_leaves_a_deck_card_with_written_words_alone(fake_embedder: Embedder) -> None:
    text = "On the wall hung a painting of a great forest."
    for head in (HEAD, replace(HEAD, veto=VETO)):
        ruling = _referee(fake_embedder, head).rule(text, ["Forest"])
        assert [m.card for m in ruling.mentions] == ["Forest"]


def test_the_shipped_head_carries_its_veto() -> None:
    head = load_model().cross
    assert head is not None and head.veto is not None
    assert len(head.veto.weight) == DIMENSION
    assert 0.0 < head.veto.cut_off < 1.0


# the cast's judge ---------------------------------------------------------------------------


class _Epithets(_Pairs):
    """As `_Pairs`, knowing an epithet of the wolf that no class noun of the cast covers."""

    def __init__(self) -> None:
        super().__init__()
        self.known["Wolf"] = "grey rascal"


STORY = ["A wolf lived at the edge of the forest."]


def _referee_with(fake_embedder: Embedder, head: CrossHead, pairs: _Pairs) -> Referee:
    scorer = MentionScorer(
        replace(_logistic(), cross=head),
        {"minilm": fake_embedder, "e5": fake_embedder},
        cross=CrossScorer(head, lambda: pairs),
    )
    return Referee(once_upon_a_time_deck(), fake_embedder, scorer=scorer)


def _asked_about(pairs: _Pairs, card: str) -> int:
    return sum(first == card for first, _, _ in pairs.asked)


HELD = ["Wolf", "King", "Harpist"]  # the Harpist, a typed card, is the cross-encoder's ground


def test_the_judge_links_a_description_the_cast_cannot(fake_embedder: Embedder) -> None:
    text = "At dusk the grey rascal howled."
    pairs = _Epithets()
    ruling = _referee_with(fake_embedder, replace(HEAD, recast=0.9), pairs).rule(
        text, HELD, story=STORY
    )
    assert [m.card for m in ruling.mentions] == ["Wolf"]
    wolf = ruling.mentions[0]
    assert wolf.method == "re-mention"
    assert wolf.antecedent == "wolf" and wolf.antecedent_line == 0
    assert wolf.evidence.startswith("the grey rascal")
    assert wolf.score == pytest.approx(1 / (1 + np.exp(-8.0)), abs=1e-4)
    assert _asked_about(pairs, "Wolf") == 1 and _asked_about(pairs, "King") == 0  # no element
    # without a threshold the judge is not asked, and the cast alone links nothing here
    silent = _Epithets()
    alone = _referee_with(fake_embedder, HEAD, silent).rule(text, HELD, story=STORY)
    assert alone.mentions == () and _asked_about(silent, "Wolf") == 0


def test_a_table_with_the_deck_alone_never_asks_the_judge(fake_embedder: Embedder) -> None:
    pairs = _Epithets()
    referee = _referee_with(fake_embedder, replace(HEAD, recast=0.9), pairs)
    ruling = referee.rule("At dusk the grey rascal howled.", ["Wolf", "King"], story=STORY)
    assert ruling.mentions == () and pairs.asked == []


def test_the_judge_is_not_asked_without_a_description_nor_flags_below_its_threshold(
    fake_embedder: Embedder,
) -> None:
    pairs = _Epithets()
    referee = _referee_with(fake_embedder, replace(HEAD, recast=0.9), pairs)
    assert referee.rule("It howled all night long.", HELD, story=STORY).mentions == ()
    assert _asked_about(pairs, "Wolf") == 0  # a pronoun is no description: nothing to ask
    doubted = referee.rule("That night the old fellow sang to the moon.", HELD, story=STORY)
    assert doubted.mentions == ()
    assert _asked_about(pairs, "Wolf") == 1  # asked, and it said no


def test_a_judges_threshold_round_trips_and_the_shipped_head_has_one() -> None:
    model = replace(_logistic(), cross=replace(HEAD, veto=VETO, recast=0.9))
    assert LearnedModel.from_dict(model.as_dict()) == model
    shipped = load_model().cross
    assert shipped is not None and shipped.recast is not None
    assert 0.0 < shipped.recast <= 1.0
