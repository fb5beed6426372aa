"""The default fast path: int8 ONNX of the bundled MiniLM, checked against plain torch."""

import json
import shutil
import threading
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest

from embeddings import Embedder, ModelBuildError, onnx_build, onnx_int8
from embeddings.bundled import bundled_model_dir
from embeddings.onnx_int8 import OnnxInt8Embedder, ensure_built

VARIED = [
    "The queen rode into the dark forest on her white horse.",
    "A baby was born in the village, and the old king wept.",
    "Suddenly, a deep snoring came from the cave.",
    "She saw a man through the window.",
    "The frog spoke to the princess in a croaking voice.",
    "女王は白い馬に乗って暗い森へ入った。",
    "村で赤ちゃんが生まれた。",
    "カエルがお姫様に話しかけた。",
    "La reina cabalgó hacia el bosque oscuro.",
    "Un bebé nació en la aldea.",
    "La malvada madrastra envenenó la manzana.",
    "Sword.",
]


@pytest.mark.slow
def test_default_kind_is_the_int8_model(embedder: Embedder) -> None:
    assert embedder.name == "minilm-l6-v2/onnx-int8"
    assert embedder.dimension == 384
    vectors = embedder.embed(VARIED)
    assert vectors.shape == (len(VARIED), 384) and vectors.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(vectors, axis=1), 1.0, rtol=1e-5)


@pytest.mark.slow
def test_close_to_torch_on_en_ja_es(embedder: Embedder, torch_embedder: Embedder) -> None:
    cosines = (embedder.embed(VARIED) * torch_embedder.embed(VARIED)).sum(axis=1)
    assert cosines.min() >= 0.98, dict(zip(VARIED, cosines.round(4), strict=True))


@pytest.mark.slow
def test_a_texts_vector_does_not_depend_on_its_batch(embedder: Embedder) -> None:
    batch = embedder.embed(VARIED)
    one_by_one = np.stack([embedder.embed([text])[0] for text in VARIED])
    reversed_batch = embedder.embed(VARIED[::-1])[::-1]
    np.testing.assert_array_equal(batch, one_by_one)
    np.testing.assert_array_equal(batch, reversed_batch)


@pytest.mark.slow
def test_empty_list_and_empty_text(embedder: Embedder) -> None:
    assert embedder.embed([]).shape == (0, 384)
    (row,) = embedder.embed([""])
    assert np.isfinite(row).all() and abs(np.linalg.norm(row) - 1) < 1e-5


@pytest.mark.slow
def test_very_long_text_is_truncated_not_fatal(embedder: Embedder) -> None:
    long_text = "The dragon slept on its gold in the mountain. " * 2000  # ~90,000 chars
    with_tail = long_text + "Then everyone sang about boats and kitchens."
    first, second = embedder.embed([long_text, with_tail])
    np.testing.assert_allclose(first, second, atol=1e-6)  # the tail lies past the 256 tokens


@pytest.mark.slow
def test_emoji_control_characters_and_mixed_scripts(embedder: Embedder) -> None:
    texts = ["👑🐉🗡️", "the\x00 king\x07\x1b\x7f", "\u200b\u200d", "王様 the king el rey 👑"]
    vectors = embedder.embed(texts)
    assert np.isfinite(vectors).all()
    np.testing.assert_allclose(np.linalg.norm(vectors, axis=1), 1.0, rtol=1e-5)
    king = embedder.embed(["the king"])[0]
    assert vectors[1] @ king > 0.9  # control characters are cleaned, the words survive


@pytest.mark.slow
def test_built_model_is_reused(
    embedder: Embedder, embeddings_cache_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_build(command: Sequence[str], out_dir: Path) -> None:
        raise AssertionError("the model was rebuilt although it is cached")

    monkeypatch.setattr(onnx_int8, "_run_build", no_build)
    built = ensure_built(bundled_model_dir(), cache_dir=embeddings_cache_dir, label="minilm-l6-v2")
    manifest = json.loads((built / "manifest.json").read_text())
    assert min(manifest["probe_cosines_to_fp32"]) >= onnx_build.MIN_PROBE_COSINE


def test_concurrent_starts_build_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[Path] = []

    def slow_fake_build(command: Sequence[str], out_dir: Path) -> None:
        calls.append(out_dir)
        threading.Event().wait(0.2)  # let the other starter reach the lock
        (out_dir / "manifest.json").write_text("{}")

    monkeypatch.setattr(onnx_int8, "_run_build", slow_fake_build)
    results: list[Path] = []
    starters = [
        threading.Thread(
            target=lambda: results.append(
                ensure_built(bundled_model_dir(), cache_dir=tmp_path, label="m")
            )
        )
        for _ in range(3)
    ]
    for starter in starters:
        starter.start()
    for starter in starters:
        starter.join()
    assert len(calls) == 1
    assert len(set(results)) == 1 and (results[0] / "manifest.json").is_file()
    assert [p.name for p in (tmp_path / "models").iterdir() if p.is_dir()] == [results[0].name]


def test_failed_build_leaves_nothing_half_built(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken_build(command: Sequence[str], out_dir: Path) -> None:
        (out_dir / "model.onnx").write_bytes(b"half")
        raise ModelBuildError("int8 build failed: disk full")

    monkeypatch.setattr(onnx_int8, "_run_build", broken_build)
    with pytest.raises(ModelBuildError, match="disk full"):
        ensure_built(bundled_model_dir(), cache_dir=tmp_path, label="m")
    assert [p for p in (tmp_path / "models").iterdir() if p.is_dir()] == []


def test_build_of_a_missing_model_reports_failure(tmp_path: Path) -> None:
    assert onnx_build.main([str(tmp_path / "nope"), str(tmp_path / "out")]) == 1
    assert onnx_build.main([]) == 2


@pytest.mark.slow
def test_corrupt_built_model_is_a_clear_error(
    embedder: Embedder, embeddings_cache_dir: Path, tmp_path: Path
) -> None:
    built = ensure_built(bundled_model_dir(), cache_dir=embeddings_cache_dir, label="minilm-l6-v2")
    broken = tmp_path / "broken"
    shutil.copytree(built, broken)
    (broken / "model.onnx").write_bytes(b"not an onnx model")
    with pytest.raises(ModelBuildError, match="cannot load built model"):
        OnnxInt8Embedder(broken, name="broken", max_length=256)


def test_unusable_cache_directory_is_a_clear_error(tmp_path: Path) -> None:
    blocker = tmp_path / "cache"
    blocker.write_text("a file where the cache directory should be")
    with pytest.raises(ModelBuildError, match="cannot prepare the int8 model"):
        ensure_built(bundled_model_dir(), cache_dir=blocker, label="m")
