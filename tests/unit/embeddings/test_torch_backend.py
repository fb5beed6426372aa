"""The plain sentence-transformers backend on the bundled MiniLM (the reference path)."""

from pathlib import Path

import numpy as np
import pytest

from embeddings import Embedder, ModelBuildError, load_embedder
from embeddings.bundled import bundled_model_dir


@pytest.mark.slow
def test_shapes_names_and_unit_rows(torch_embedder: Embedder) -> None:
    vectors = torch_embedder.embed(["The queen rode into the forest.", "El rey duerme."])
    assert torch_embedder.name == "minilm-l6-v2/torch"
    assert torch_embedder.dimension == 384
    assert vectors.shape == (2, 384) and vectors.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(vectors, axis=1), 1.0, rtol=1e-5)


@pytest.mark.slow
def test_meaning_not_just_letters(torch_embedder: Embedder) -> None:
    baby, child, sword = torch_embedder.embed(["a newborn baby", "a small child", "a sharp sword"])
    assert baby @ child > baby @ sword + 0.1


@pytest.mark.slow
def test_st_kind_loads_any_model_directory(tmp_path: Path) -> None:
    via_st = load_embedder(f"st:{bundled_model_dir()}", cache_dir=tmp_path)
    assert via_st.name.startswith("st:/")
    assert via_st.embed(["x"]).shape == (1, 384)


def test_st_kind_with_a_missing_directory_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(ModelBuildError, match="not a model directory"):
        load_embedder(f"st:{tmp_path / 'nope'}", cache_dir=tmp_path)


def test_unknown_kind_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(ModelBuildError, match="unknown embedder kind"):
        load_embedder("word2vec", cache_dir=tmp_path)
