"""An OpenAI-compatible ``/v1/embeddings`` server as an ``Embedder`` (plain httpx).

Works with OpenAI, vLLM, llama.cpp server, Ollama, text-embeddings-inference and the like.
Texts go in batches of ``batch_size``; answers are checked (count, indices, numbers, width)
and re-normalised, since not every server returns unit vectors. Every failure, HTTP status,
timeout, network error or malformed body, becomes an ``EmbeddingServerError``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any
from urllib.parse import urlsplit

import httpx
import numpy as np

from embeddings.base import Vectors, as_text_list, l2_normalise
from embeddings.errors import EmbeddingServerError

DEFAULT_BASE_URL = "https://api.openai.com/v1"
MAX_TEXT_CHARS = 8_000  # servers reject over-long inputs; the small models read far less anyway


class OpenAIEmbedder:
    """``POST {base_url}/embeddings`` with ``{"model", "input": [...]}``."""

    def __init__(
        self,
        *,
        model: str,
        base_url: str | None = None,
        api_key: str | None = None,
        timeout_s: float = 30.0,
        batch_size: int = 64,
        transport: httpx.BaseTransport | None = None,
    ) -> None:
        if not model:
            raise ValueError("an embeddings model name is required")
        if batch_size < 1:
            raise ValueError("batch_size must be positive")
        self._model = model
        self._url = (base_url or DEFAULT_BASE_URL).rstrip("/") + "/embeddings"
        headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self._client = httpx.Client(
            headers=headers, timeout=httpx.Timeout(timeout_s), transport=transport
        )
        self._timeout_s = timeout_s
        self._batch_size = batch_size
        self._dimension: int | None = None
        self.revision = ""

    @property
    def name(self) -> str:
        return f"openai:{self._model}@{urlsplit(self._url).netloc}"

    @property
    def dimension(self) -> int:
        """The vector width; asks the server once (embedding one word) if not known yet."""
        if self._dimension is None:
            self._dimension = self._post(["dimension probe"]).shape[1]
        return self._dimension

    def embed(self, texts: Sequence[str]) -> Vectors:
        items = as_text_list(texts)
        if not items:
            return np.zeros((0, self.dimension), dtype=np.float32)
        # Servers refuse empty strings; a blank carries no meaning, so send one space instead.
        items = [text[:MAX_TEXT_CHARS] if text.strip() else " " for text in items]
        chunks = [
            self._post(items[start : start + self._batch_size])
            for start in range(0, len(items), self._batch_size)
        ]
        return l2_normalise(np.concatenate(chunks))

    def close(self) -> None:
        self._client.close()

    def _post(self, batch: list[str]) -> Vectors:
        try:
            response = self._client.post(
                self._url, json={"model": self._model, "input": batch, "encoding_format": "float"}
            )
        except httpx.TimeoutException as exc:
            raise self._error(f"timed out after {self._timeout_s:g}s") from exc
        except httpx.HTTPError as exc:
            raise self._error(f"request failed: {exc}") from exc
        if response.status_code != 200:
            raise self._error(
                f"HTTP {response.status_code}: {response.text[:200]}", response.status_code
            )
        try:
            body = response.json()
        except ValueError as exc:
            raise self._error(f"answer is not JSON: {response.text[:200]!r}") from exc
        matrix = self._parse(body, len(batch))
        if self._dimension is not None and matrix.shape[1] != self._dimension:
            raise self._error(f"vector width changed from {self._dimension} to {matrix.shape[1]}")
        self._dimension = matrix.shape[1]
        return matrix

    def _parse(self, body: Any, expected: int) -> Vectors:
        data = body.get("data") if isinstance(body, dict) else None
        if not isinstance(data, list) or len(data) != expected:
            raise self._error(f"expected {expected} embeddings in 'data', got {_describe(data)}")
        rows: list[list[float] | None] = [None] * expected
        for position, item in enumerate(data):
            index = item.get("index", position) if isinstance(item, dict) else None
            vector = item.get("embedding") if isinstance(item, dict) else None
            if not isinstance(index, int) or not 0 <= index < expected or rows[index] is not None:
                raise self._error(f"bad or repeated index in data[{position}]")
            if not _is_vector(vector):
                raise self._error(f"data[{position}].embedding is not a list of numbers")
            rows[index] = vector
        if len({len(row) for row in rows if row is not None}) != 1:
            raise self._error("embeddings of one answer differ in width")
        return np.asarray(rows, dtype=np.float32)

    def _error(self, message: str, status_code: int | None = None) -> EmbeddingServerError:
        return EmbeddingServerError(
            f"embeddings server {self._url}: {message}", status_code=status_code, url=self._url
        )


def _is_vector(value: object) -> bool:
    return (
        isinstance(value, list)
        and len(value) > 0
        and all(
            isinstance(x, int | float) and not isinstance(x, bool) and math.isfinite(x)
            for x in value
        )
    )


def _describe(value: object) -> str:
    return f"{len(value)} items" if isinstance(value, list) else type(value).__name__
