"""Shared test set-up. Nothing here reaches a network: the model ships in a package."""

import os

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

# --- embeddings (owner: embeddings engineer) -------------------------------------------------
from collections.abc import Iterator
from pathlib import Path

import pytest

from embeddings import Embedder, HashingEmbedder, load_embedder

REPO_ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def embeddings_cache_dir() -> Path:
    """Where built models and cached vectors live across test sessions (git-ignored)."""
    path = REPO_ROOT / ".cache" / "embeddings"
    path.mkdir(parents=True, exist_ok=True)
    return path


@pytest.fixture(scope="session")
def embedder(embeddings_cache_dir: Path) -> Iterator[Embedder]:
    """The real bundled model, default kind (onnx-int8), loaded once per test session.

    The first session on a machine builds the int8 model into .cache/embeddings (~20 s).
    """
    yield load_embedder(cache_dir=embeddings_cache_dir)


@pytest.fixture(scope="session")
def fake_embedder() -> HashingEmbedder:
    """Deterministic character n-gram embedder: fast, no model, same protocol."""
    return HashingEmbedder()
