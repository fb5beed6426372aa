"""`companion factum guess --batch`: one output line per input line, cards exactly as given."""

import io
import json
from pathlib import Path

import pytest

from companion.cli import main
from companion.seats.factum import FactumReader
from companion.seats.factum_cli import guess_lines

GOOD = {
    "id": 7,
    "story": "I broke my grandmother's vase while dancing in her living room.",
    "cards": ["Breaking something precious", "見知らぬ人に助けられた日", "Un regalo  raro"],
}


def run(reader: FactumReader, lines: list[str]) -> tuple[int, list[dict[str, object]]]:
    sink = io.StringIO()
    status = guess_lines(reader, io.StringIO("\n".join(lines) + "\n"), sink)
    return status, [json.loads(line) for line in sink.getvalue().splitlines()]


def test_each_table_comes_back_ranked_with_cards_as_given(fake_reader: FactumReader) -> None:
    second = {**GOOD, "id": "b", "cards": GOOD["cards"][::-1]}
    status, out = run(fake_reader, [json.dumps(GOOD), json.dumps(second, ensure_ascii=False)])
    assert status == 0
    assert [item["id"] for item in out] == [7, "b"]
    for item in out:
        assert sorted(item["ranking"]) == sorted(GOOD["cards"])  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("{not json", "line 2: not JSON"),
        ("[1, 2]", "line 2: not a JSON object"),
        ('{"story": "s", "cards": ["a"]}', "line 2: no 'id'"),
        ('{"id": 1, "story": "", "cards": ["a"]}', "line 2: 'story' must be non-empty text"),
        ('{"id": 1, "story": "s", "cards": "a"}', "line 2: 'cards' must be a non-empty list"),
        ('{"id": 1, "story": "s", "cards": ["a", 5]}', "line 2: cards[1] must be non-empty text"),
    ],
)
def test_a_malformed_line_is_named_and_the_rest_still_runs(
    fake_reader: FactumReader, line: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out = run(fake_reader, [json.dumps(GOOD), line, "", json.dumps(GOOD)])
    assert status == 1
    assert len(out) == 3 and str(out[1]["error"]).startswith(message)
    assert "ranking" in out[0] and "ranking" in out[2]
    assert message in capsys.readouterr().err


def test_a_missing_input_file_is_reported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status = main(["factum", "guess", "--batch", str(tmp_path / "absent.jsonl")])
    assert status == 2
    assert "no such file" in capsys.readouterr().err


def test_an_unknown_embedder_is_reported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "in.jsonl"
    source.write_text(json.dumps(GOOD) + "\n", encoding="utf-8")
    status = main(["factum", "guess", "--batch", str(source), "--embedder", "no-such-kind"])
    assert status == 2
    assert "cannot load embedder 'no-such-kind'" in capsys.readouterr().err


@pytest.mark.slow
def test_the_command_end_to_end_with_the_real_model(
    tmp_path: Path, embeddings_cache_dir: Path
) -> None:
    source, target = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    source.write_text(json.dumps(GOOD, ensure_ascii=False) + "\n", encoding="utf-8")
    command = ["factum", "guess", "--batch", str(source), "--out", str(target)]
    assert main([*command, "--cache-dir", str(embeddings_cache_dir)]) == 0
    (item,) = [json.loads(line) for line in target.read_text(encoding="utf-8").splitlines()]
    assert item["id"] == 7
    assert sorted(item["ranking"]) == sorted(GOOD["cards"])
    assert item["ranking"][0] == "Breaking something precious"
