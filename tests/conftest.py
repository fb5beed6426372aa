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


# --- narrator (owner: narrator engineer) -----------------------------------------------------
class RealModelRequestError(AssertionError):
    """A test tried to reach a real model server."""


@pytest.fixture(autouse=True)
def _no_real_model_requests(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Any request through the OpenAI SDK fails the test, whatever the environment configures.

    Domain tests use `companion.llm.FakeLLM`; the adapter's tests in tests/llm/ run the real SDK
    against respx routes instead (there, an unmocked request fails too).
    """
    if request.node.path.is_relative_to(REPO_ROOT / "tests" / "llm"):
        return

    def refuse(*args: object, **kwargs: object) -> None:
        raise RealModelRequestError(
            "a test sent a real model request: use companion.llm.FakeLLM (or respx in tests/llm/)"
        )

    monkeypatch.setattr("openai._base_client.SyncAPIClient.request", refuse)
    monkeypatch.setattr("openai._base_client.AsyncAPIClient.request", refuse)
