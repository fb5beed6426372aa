"""`companion referee`: one text, and a JSON-lines batch with error lines."""

import json
from pathlib import Path

import pytest

from companion.cli import main


def test_single_text_human_readable(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        ["referee", "--embedder", "none", "--cards", "Forest,Sword", "She slept in the forest."]
    )
    out = capsys.readouterr().out
    assert code == 0
    assert "Forest" in out and "'forest'" in out and "Sword" not in out


def test_single_text_json(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["referee", "--embedder", "none", "--json", "--cards", "森,Espada", "A sword!"])
    ruling = json.loads(capsys.readouterr().out)
    assert code == 0
    assert [(m["card"], m["card_id"], m["evidence"]) for m in ruling["mentions"]] == [
        ("Espada", "sword", "sword")
    ]


def test_a_re_mention_names_the_story_words_it_points_back_at(
    capsys: pytest.CaptureFixture[str],
) -> None:
    story = ["--story", "Once upon a time.", "--story", "A wolf came out of the trees."]
    args = ["referee", "--embedder", "none", *story, "--cards", "Wolf,Axe"]
    assert main([*args, "The creature growled."]) == 0
    assert "Wolf: 0.80 re-mention, evidence 'The creature', of 'wolf' (story line 1)" in (
        capsys.readouterr().out
    )
    assert main([*args, "--json", "The creature growled."]) == 0
    (mention,) = json.loads(capsys.readouterr().out)["mentions"]
    assert (mention["antecedent"], mention["antecedent_line"]) == ("wolf", 1)


def test_single_text_error(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["referee", "--embedder", "none", "--cards", "Forest", "   "])
    assert code == 1
    assert "empty" in capsys.readouterr().err


def test_batch_writes_one_line_per_input_and_error_lines(tmp_path: Path) -> None:
    lines = [
        {"id": "a", "text": "She slept in the forest.", "cards": ["Forest", "Sword"]},
        {"id": "b", "text": "Vio dos lobos.", "cards": ["wolf", "Lobo"]},
        {"id": "c", "text": "", "cards": ["Forest"]},
        {"id": "d", "text": "A wolf.", "cards": "Wolf"},
        {"id": "e", "text": "x" * 20_001, "cards": ["Wolf"]},
    ]
    source = tmp_path / "in.jsonl"
    source.write_text(
        "\n".join(
            [json.dumps(x) for x in lines[:2]]
            + ["{not json", ""]
            + [json.dumps(x) for x in lines[2:]]
        ),
        encoding="utf-8",
    )
    out = tmp_path / "out.jsonl"
    assert main(["referee", "--embedder", "none", "--batch", str(source), "--out", str(out)]) == 0
    results = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [r["id"] for r in results] == ["a", "b", 3, "c", "d", "e"]
    assert results[0]["mentions"] == [
        {
            "card": "Forest",
            "score": results[0]["mentions"][0]["score"],
            "evidence": "forest",
            "method": "lexical",
        }
    ]
    assert [m["card"] for m in results[1]["mentions"]] == ["wolf"]  # as given, once
    assert "error" in results[2] and "error" in results[3]
    assert "cards" in results[4]["error"]
    assert "20001 characters" in results[5]["error"]


def test_batch_needs_a_readable_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["referee", "--embedder", "none", "--batch", str(tmp_path / "missing.jsonl")]) == 2
    assert "cannot read" in capsys.readouterr().err


@pytest.mark.slow
def test_batch_with_the_real_model(
    tmp_path: Path, embeddings_cache_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COMPANION_CACHE_DIR", str(embeddings_cache_dir))
    source = tmp_path / "in.jsonl"
    lines = [
        {"id": 1, "text": "A year later she gave birth to a baby.", "cards": ["Child", "Sword"]},
        {"id": 2, "text": "王様は森で眠った。", "cards": ["King", "Bosque", "Asleep"]},
    ]
    source.write_text("\n".join(json.dumps(x) for x in lines), encoding="utf-8")
    out = tmp_path / "out.jsonl"
    assert main(["referee", "--batch", str(source), "--out", str(out)]) == 0
    first, second = (json.loads(line) for line in out.read_text(encoding="utf-8").splitlines())
    assert [(m["card"], m["evidence"]) for m in first["mentions"]] == [("Child", "baby")]
    assert {m["card"] for m in second["mentions"]} == {"King", "Bosque", "Asleep"}
    assert all(m["method"] in ("lexical", "lexical+semantic") for m in second["mentions"])
