"""Sentence embeddings for the referee: one protocol, several backends, a card-vector cache.

Importing this package is cheap: backends import their libraries (torch, onnxruntime, httpx)
only when built by ``load_embedder``.

Errors::

    EmbeddingError (RuntimeError)     any failure to load a model or embed texts
    ├── ModelBuildError               model missing, ONNX build/quantisation or load failed
    └── EmbeddingServerError          /v1/embeddings: HTTP error, timeout, malformed answer
"""

from embeddings.base import Embedder, Vectors, l2_normalise, prepare
from embeddings.cache import CardVectorCache, RecentVectors
from embeddings.errors import EmbeddingError, EmbeddingServerError, ModelBuildError
from embeddings.hashing import HashingEmbedder
from embeddings.loader import KINDS, load_embedder

__all__ = [
    "KINDS",
    "CardVectorCache",
    "Embedder",
    "EmbeddingError",
    "EmbeddingServerError",
    "HashingEmbedder",
    "ModelBuildError",
    "RecentVectors",
    "Vectors",
    "l2_normalise",
    "load_embedder",
    "prepare",
]
