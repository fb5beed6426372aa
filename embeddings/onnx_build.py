"""Build an int8 ONNX copy of a sentence-transformers model (run as a subprocess, see onnx_int8).

``python -m embeddings.onnx_build MODEL_DIR OUT_DIR`` writes into OUT_DIR:

- ``model.onnx``: the whole sentence-transformers pipeline (transformer, mean pooling,
  normalisation) exported by optimum, its attention/GELU/embedding layers fused by onnxruntime's
  transformer optimiser, then dynamically quantised to int8 (per-channel symmetric weights;
  per-tensor weights lose too much: cosine to torch fell to 0.90 on some sentences). Weights use
  7 bits (``reduce_range``): on x86 CPUs without VNNI (AVX2 only) onnxruntime's u8×s8 kernels
  saturate with 8-bit weights, and the worst cosine to torch fell to 0.974 there (0.985 with
  7 bits, at the same speed);
- ``tokenizer.json``: the model's fast tokenizer, unchanged;
- ``manifest.json``: what was built from what, and the cosine check below.

The build fails (exit 1, message on stderr) unless the int8 vectors of a few en/ja/es probe
sentences keep a cosine of at least ``MIN_PROBE_COSINE`` to the fp32 export's. It imports torch
and optimum, so it runs in its own process: the serving process never loads them.
"""

from __future__ import annotations

import json
import shutil
import sys
import tempfile
import time
import warnings
from pathlib import Path
from typing import Any

import numpy as np

MIN_PROBE_COSINE = 0.97
# Names the build recipe in the cache key: change it whenever the steps below change.
RECIPE = "int8-rr7"
OUTPUT_NAME = "sentence_embedding"
PROBES = (
    "The queen rode into the dark forest on her white horse.",
    "A deep snoring came from the cave.",
    "女王は白い馬に乗って暗い森へ入った。",
    "La malvada madrastra envenenó la manzana.",
    "x",
)


def build(model_dir: Path, out_dir: Path) -> dict[str, Any]:
    """Export, fuse, quantise and check; returns the manifest written to ``out_dir``."""
    started = time.perf_counter()
    config = json.loads((model_dir / "config.json").read_text())
    import onnxruntime
    from onnxruntime.transformers.optimizer import optimize_model
    from optimum.exporters.onnx import main_export

    out_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="export-", dir=out_dir) as work_name:
        work = Path(work_name)
        with warnings.catch_warnings():  # tracer and deprecation chatter from the exporters
            warnings.simplefilter("ignore")
            main_export(
                str(model_dir),
                output=work / "fp32",
                task="feature-extraction",
                library_name="sentence_transformers",
                local_files_only=True,
                do_validation=False,
            )
            fp32_path = work / "fp32" / "model.onnx"
            fused = optimize_model(
                str(fp32_path),
                model_type="bert",
                num_heads=int(config.get("num_attention_heads", 0)),
                hidden_size=int(config.get("hidden_size", 0)),
            )
            fused_path = work / "fused.onnx"
            fused.save_model_to_file(str(fused_path))
            quantise(fused_path, out_dir / "model.onnx")
        cosines = _probe_cosines(fp32_path, out_dir / "model.onnx", model_dir / "tokenizer.json")
    if min(cosines) < MIN_PROBE_COSINE:
        raise RuntimeError(
            f"int8 model drifted from fp32: probe cosines {cosines} < {MIN_PROBE_COSINE}"
        )
    shutil.copy2(model_dir / "tokenizer.json", out_dir / "tokenizer.json")
    manifest = {
        "source": str(model_dir),
        "output": OUTPUT_NAME,
        "dimension": int(config["hidden_size"]),
        "recipe": RECIPE,
        "onnxruntime": onnxruntime.__version__,
        "probe_cosines_to_fp32": [round(c, 5) for c in cosines],
        "build_seconds": round(time.perf_counter() - started, 2),
    }
    (out_dir / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n")
    return manifest


def quantise(fused: Path, out: Path) -> None:
    """int8 weights, per channel, symmetric, 7 bits (see the module's docstring); activations
    quantised per run. The e5 build (`e5_build`) uses the same recipe."""
    import onnx
    from onnxruntime.quantization import QuantType, quantize_dynamic

    quantize_dynamic(
        fused,
        out,
        weight_type=QuantType.QInt8,
        per_channel=True,
        reduce_range=True,
        extra_options={"WeightSymmetric": True, "DefaultTensorType": onnx.TensorProto.FLOAT},
    )


def _probe_cosines(fp32_path: Path, int8_path: Path, tokenizer_path: Path) -> list[float]:
    import onnxruntime
    from tokenizers import Tokenizer

    tokenizer = Tokenizer.from_file(str(tokenizer_path))
    tokenizer.no_padding()
    vectors = []
    for path in (fp32_path, int8_path):
        session = onnxruntime.InferenceSession(str(path), providers=["CPUExecutionProvider"])
        rows = []
        for text in PROBES:
            ids = np.array([tokenizer.encode(text).ids], dtype=np.int64)
            feeds = {"input_ids": ids, "attention_mask": np.ones_like(ids)}
            row = session.run([OUTPUT_NAME], feeds)[0][0]
            rows.append(row / np.linalg.norm(row))
        vectors.append(np.stack(rows))
    return [float(c) for c in (vectors[0] * vectors[1]).sum(axis=1)]


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print("usage: python -m embeddings.onnx_build MODEL_DIR OUT_DIR", file=sys.stderr)
        return 2
    try:
        manifest = build(Path(argv[0]), Path(argv[1]))
    except Exception as exc:  # reported to the parent process through stderr
        print(f"onnx build failed: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1
    print(json.dumps(manifest))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
