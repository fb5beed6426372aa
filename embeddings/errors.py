"""The embeddings package's one exception tree (drawn in ``embeddings/__init__.py``)."""

from __future__ import annotations


class EmbeddingError(RuntimeError):
    """Any failure to load an embedding model or to embed texts."""


class ModelBuildError(EmbeddingError):
    """A model could not be found, built (ONNX export / int8 quantisation) or loaded."""

    def __init__(self, message: str, *, path: str | None = None) -> None:
        super().__init__(message if path is None else f"{message} ({path})")
        self.path = path


class EmbeddingServerError(EmbeddingError):
    """An OpenAI-compatible ``/v1/embeddings`` server failed, timed out or answered garbage."""

    def __init__(self, message: str, *, status_code: int | None = None, url: str = "") -> None:
        super().__init__(message)
        self.status_code = status_code
        self.url = url
