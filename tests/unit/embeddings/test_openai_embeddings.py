"""The /v1/embeddings client against respx: every route must be called, nothing else may be."""

import json
from pathlib import Path

import httpx
import numpy as np
import pytest
import respx

from embeddings import EmbeddingError, EmbeddingServerError, ModelBuildError, load_embedder
from embeddings.openai_embeddings import OpenAIEmbedder

BASE = "http://embeddings.test/v1"


def _answer(request: httpx.Request) -> httpx.Response:
    """A well-behaved server: 3-d vectors, sent in reverse order (indices say which is which)."""
    texts = json.loads(request.content)["input"]
    data = [
        {"object": "embedding", "index": i, "embedding": [float(len(t)), 1.0, 0.0]}
        for i, t in enumerate(texts)
    ]
    return httpx.Response(200, json={"object": "list", "data": data[::-1], "model": "m"})


def _embedder(**kwargs: object) -> OpenAIEmbedder:
    return OpenAIEmbedder(model="text-embed", base_url=BASE, api_key="sk-test", **kwargs)  # type: ignore[arg-type]


def test_batches_orders_and_normalises() -> None:
    with respx.mock(assert_all_called=True, assert_all_mocked=True) as router:
        route = router.post(f"{BASE}/embeddings").mock(side_effect=_answer)
        vectors = _embedder(batch_size=2).embed(["ab", "abcd", "", "a"])
    assert route.call_count == 2
    sent = [json.loads(call.request.content) for call in route.calls]
    assert [body["input"] for body in sent] == [["ab", "abcd"], [" ", "a"]]
    assert sent[0]["model"] == "text-embed"
    assert route.calls[0].request.headers["Authorization"] == "Bearer sk-test"
    expected = np.array([[2, 1, 0], [4, 1, 0], [1, 1, 0], [1, 1, 0]], dtype=np.float32)
    expected /= np.linalg.norm(expected, axis=1, keepdims=True)
    np.testing.assert_allclose(vectors, expected, rtol=1e-6)
    assert vectors.dtype == np.float32


def test_dimension_is_asked_once_and_empty_input_needs_no_more() -> None:
    embedder = _embedder()
    with respx.mock(assert_all_called=True, assert_all_mocked=True) as router:
        route = router.post(f"{BASE}/embeddings").mock(side_effect=_answer)
        assert embedder.dimension == 3
        assert embedder.embed([]).shape == (0, 3)
        assert embedder.name == "openai:text-embed@embeddings.test"
    assert route.call_count == 1


def test_server_error_is_typed_with_status() -> None:
    with respx.mock(assert_all_called=True, assert_all_mocked=True) as router:
        router.post(f"{BASE}/embeddings").respond(500, text="upstream exploded")
        with pytest.raises(EmbeddingServerError, match="HTTP 500: upstream exploded") as caught:
            _embedder().embed(["hello"])
    assert caught.value.status_code == 500
    assert caught.value.url == f"{BASE}/embeddings"
    assert isinstance(caught.value, EmbeddingError)


def test_timeout_is_typed() -> None:
    with respx.mock(assert_all_called=True, assert_all_mocked=True) as router:
        router.post(f"{BASE}/embeddings").mock(side_effect=httpx.ReadTimeout("slow"))
        with pytest.raises(EmbeddingServerError, match=r"timed out after 2s"):
            _embedder(timeout_s=2.0).embed(["hello"])


def test_network_failure_is_typed() -> None:
    with respx.mock(assert_all_called=True, assert_all_mocked=True) as router:
        router.post(f"{BASE}/embeddings").mock(side_effect=httpx.ConnectError("refused"))
        with pytest.raises(EmbeddingServerError, match="request failed: refused"):
            _embedder().embed(["hello"])


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (b"<html>502 Bad Gateway</html>", "not JSON"),
        (b'{"error": "nope"}', "expected 1 embeddings"),
        (b'{"data": [{"index": 0, "embedding": ["x"]}]}', "not a list of numbers"),
        (b'{"data": [{"index": 0, "embedding": [NaN, 1.0]}]}', "not a list of numbers"),
        (b'{"data": [{"index": 7, "embedding": [1.0]}]}', "bad or repeated index"),
        (b"[1, 2]", "expected 1 embeddings"),
    ],
)
def test_malformed_answers_are_typed(body: bytes, message: str) -> None:
    with respx.mock(assert_all_called=True, assert_all_mocked=True) as router:
        router.post(f"{BASE}/embeddings").respond(200, content=body)
        with pytest.raises(EmbeddingServerError, match=message):
            _embedder().embed(["hello"])


def test_ragged_widths_are_refused() -> None:
    body = {"data": [{"index": 0, "embedding": [1.0, 2.0]}, {"index": 1, "embedding": [1.0]}]}
    with respx.mock(assert_all_called=True, assert_all_mocked=True) as router:
        router.post(f"{BASE}/embeddings").respond(200, json=body)
        with pytest.raises(EmbeddingServerError, match="differ in width"):
            _embedder().embed(["a", "b"])


def test_load_embedder_builds_it_and_needs_a_model(tmp_path: Path) -> None:
    embedder = load_embedder("openai", cache_dir=tmp_path, model="m", base_url=BASE + "/")
    assert embedder.name == "openai:m@embeddings.test"
    with pytest.raises(ModelBuildError, match="needs model="):
        load_embedder("openai", cache_dir=tmp_path, base_url=BASE)
