"""Low-rank adapters of e5 (`embeddings.e5_lora`): stored as int8, read back, merged before the
export; a model built with one is named by it and moves the vectors the adapter moves."""

import json
from pathlib import Path

import numpy as np
import pytest

from embeddings import e5_build, e5_lora
from embeddings.e5_int8 import E5Int8Embedder, adapted_name, ensure_built, load_e5_int8


def _halves(seed: int, size: float) -> tuple[dict[str, np.ndarray], dict[str, np.ndarray]]:
    rng = np.random.default_rng(seed)
    a = {"0.q": rng.normal(0, 1, (4, 384)).astype(np.float32)}
    b = {"0.q": rng.normal(0, size, (384, 4)).astype(np.float32)}
    a["11.down"] = rng.normal(0, 1, (4, 1536)).astype(np.float32)
    b["11.down"] = rng.normal(0, size, (384, 4)).astype(np.float32)
    return a, b


def test_saved_as_int8_and_read_back_close(tmp_path: Path) -> None:
    a, b = _halves(1, 0.01)
    adapter = e5_lora.save(tmp_path / "adapter.npz", a, b, 2.0)
    with np.load(tmp_path / "adapter.npz") as stored:
        assert stored["a:0.q"].dtype == np.int8
        assert stored["b:11.down"].dtype == np.int8
    assert adapter.scale == 2.0
    for key in a:
        exact = 2.0 * b[key] @ a[key]
        delta = adapter.delta(key)
        assert delta is not None
        assert np.abs(delta - exact).max() < 0.02 * np.abs(exact).max()
    assert adapter.delta("5.v") is None


def test_digest_names_the_values(tmp_path: Path) -> None:
    a, b = _halves(1, 0.01)
    first = e5_lora.save(tmp_path / "one.npz", a, b, 2.0)
    again = e5_lora.save(tmp_path / "two.npz", a, b, 2.0)
    assert (tmp_path / "one.npz").read_bytes() == (tmp_path / "two.npz").read_bytes()
    assert first.digest() == again.digest()
    other = e5_lora.save(tmp_path / "three.npz", *_halves(2, 0.01), 2.0)
    assert other.digest() != first.digest()


def test_unknown_layers_and_unpaired_halves_are_refused(tmp_path: Path) -> None:
    a, b = _halves(1, 0.01)
    with pytest.raises(ValueError, match="unknown adapted layer"):
        e5_lora.save(tmp_path / "odd.npz", {"0.query": a["0.q"]}, {"0.query": b["0.q"]}, 1.0)
    np.savez(
        tmp_path / "half.npz",
        scale=np.float32(1.0),
        **{"a:0.q": np.zeros((4, 384), np.int8), "a:0.q:scales": np.ones((4, 1), np.float32)},
    )
    with pytest.raises(ValueError, match="do not match"):
        e5_lora.load(tmp_path / "half.npz")


@pytest.mark.slow
def test_a_model_built_with_an_adapter(tmp_path: Path, embeddings_cache_dir: Path) -> None:
    a, b = _halves(3, 0.02)
    path = tmp_path / "adapter.npz"
    adapter = e5_lora.save(path, a, b, 2.0)
    tuned = load_e5_int8(cache_dir=embeddings_cache_dir, adapter=path)
    plain = E5Int8Embedder(ensure_built(cache_dir=embeddings_cache_dir))
    assert tuned.name == adapted_name(adapter.digest()) != plain.name
    built = ensure_built(cache_dir=embeddings_cache_dir, adapter=path)
    manifest = json.loads((built / "manifest.json").read_text())
    assert manifest["adapter"] == adapter.digest()
    assert min(manifest["probe_cosines_to_fp32"]) >= e5_build.MIN_ADAPTED_PROBE_COSINE
    texts = ["The queen rode into the dark forest.", "かかし", "un espantapájaros"]
    cosines = (tuned.embed(texts) * plain.embed(texts)).sum(axis=1)
    assert cosines.max() < 0.999  # the adapter moved every vector
    assert cosines.min() > 0.5  # and did not scramble them
