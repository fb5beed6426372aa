"""Fixtures for the embeddings tests (the shared ``embedder`` lives in tests/conftest.py)."""

from pathlib import Path

import pytest

from embeddings import Embedder, load_embedder


@pytest.fixture(scope="session")
def torch_embedder(embeddings_cache_dir: Path) -> Embedder:
    """Plain sentence-transformers on the bundled model: the reference for the faster paths."""
    return load_embedder("torch", cache_dir=embeddings_cache_dir)
