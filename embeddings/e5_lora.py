"""Low-rank adapters (LoRA) for the e5 encoder of `e5_build`: stored small, merged before export.

An adapter holds, for some linear layers of the encoder (``"<layer>.<name>"``: ``"3.q"``,
``"11.down"``), two matrices A (rank × in) and B (out × rank); the layer's weight becomes
W + scale · B @ A. The file is an ``.npz`` of int8 matrices with one fp32 scale per row
(symmetric, per-row), the adapter's scale, and the fingerprint of the fp32 values it was saved
from. Merging happens in fp32, on the dequantised 4-bit weights, before the ONNX export and the
int8 quantisation, so a tuned model costs exactly what the plain one costs at run time.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

Matrix = npt.NDArray[np.float32]
LINEAR_NAMES = ("q", "k", "v", "out", "up", "down")  # e5_build's Layer attributes


@dataclass(frozen=True)
class Adapter:
    """A (rank × in) and B (out × rank) per adapted linear layer, and the adapter's scale."""

    a: Mapping[str, Matrix]
    b: Mapping[str, Matrix]
    scale: float

    def delta(self, key: str) -> Matrix | None:
        """scale · B @ A for one layer ("3.q"), or None when the layer is not adapted."""
        if key not in self.a:
            return None
        return (self.scale * (self.b[key] @ self.a[key])).astype(np.float32)

    def digest(self) -> str:
        """A short hash of the stored values: it names a model built with this adapter."""
        h = hashlib.sha256(repr(self.scale).encode())
        for key in sorted(self.a):
            h.update(key.encode())
            h.update(np.ascontiguousarray(self.a[key]).tobytes())
            h.update(np.ascontiguousarray(self.b[key]).tobytes())
        return h.hexdigest()[:16]


def _quantise(matrix: Matrix) -> tuple[npt.NDArray[np.int8], Matrix]:
    peak = np.abs(matrix).max(axis=1, keepdims=True)
    scales = np.where(peak > 0, peak / 127.0, 1.0).astype(np.float32)
    return np.clip(np.rint(matrix / scales), -127, 127).astype(np.int8), scales


def save(path: Path, a: Mapping[str, Matrix], b: Mapping[str, Matrix], scale: float) -> Adapter:
    """Write the adapter as int8 with per-row scales; returns it as it will be read back."""
    arrays: dict[str, Any] = {"scale": np.float32(scale)}
    for key in sorted(a):
        for part, matrix in (("a", a[key]), ("b", b[key])):
            values, scales = _quantise(np.asarray(matrix, dtype=np.float32))
            arrays[f"{part}:{key}"] = values
            arrays[f"{part}:{key}:scales"] = scales
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as handle:  # np.savez adds no timestamps: the bytes are reproducible
        np.savez_compressed(handle, **arrays)
    return load(path)


def load(path: Path) -> Adapter:
    a: dict[str, Matrix] = {}
    b: dict[str, Matrix] = {}
    with np.load(path) as arrays:
        scale = float(arrays["scale"])
        for name in arrays.files:
            part, _, key = name.partition(":")
            if part not in ("a", "b") or key.endswith(":scales"):
                continue
            values = arrays[name].astype(np.float32) * arrays[f"{name}:scales"]
            (a if part == "a" else b)[key] = values.astype(np.float32)
    if set(a) != set(b):
        raise ValueError(f"{path}: adapter halves do not match ({sorted(set(a) ^ set(b))})")
    for key in a:
        layer, _, name = key.partition(".")
        if not layer.isdigit() or name not in LINEAR_NAMES:
            raise ValueError(f"{path}: unknown adapted layer {key!r}")
    return Adapter(a=a, b=b, scale=scale)


def merge(encoder: Any, adapter: Adapter) -> None:
    """Add the adapter's deltas to `e5_build`'s torch encoder's weights, in place."""
    import torch

    with torch.no_grad():
        for key in adapter.a:
            layer, _, name = key.partition(".")
            linear = getattr(encoder.layers[int(layer)], name)
            delta = adapter.delta(key)
            if delta is None or tuple(delta.shape) != tuple(linear.weight.shape):
                raise ValueError(f"adapter layer {key} does not fit the encoder")
            linear.weight += torch.from_numpy(delta)
