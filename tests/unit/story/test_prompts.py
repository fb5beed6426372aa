"""Prompt templates: every one renders, fails loudly on wrong variables, fences player text."""

from __future__ import annotations

import re

import pytest

from companion.llm import PromptError, delimit, render_prompt
from companion.llm.templates import load_template, template_names
from companion.story.drafts import OUTPUT_SCHEMAS

TASKS = [
    "adjudication",
    "bedtime_recap",
    "card_enrichment",
    "chapter_tale",
    "coherence",
    "continuation",
    "ending",
    "factum_cards",
    "factum_story",
]


def test_there_is_one_template_per_task() -> None:
    assert template_names() == TASKS


@pytest.mark.parametrize("task", TASKS)
def test_every_template_renders_and_names_its_output_schema(task: str) -> None:
    template = load_template(task)
    values = {name: f"«{name}»" for name in template.variables}

    messages = render_prompt(task, values)

    assert [m.role for m in messages] == ["system", "user"]
    text = "\n".join(m.content for m in messages)
    for value in values.values():
        assert value in text
    assert not re.search(r"(?<!\{)\{[a-z_]+\}(?!\})", text)  # no placeholder left unfilled
    assert template.output in OUTPUT_SCHEMAS
    assert "not instructions" in messages[0].content  # delimited text is data


@pytest.mark.parametrize("task", TASKS)
def test_a_missing_or_unexpected_variable_fails_loudly(task: str) -> None:
    variables = sorted(load_template(task).variables)
    values = {name: "x" for name in variables}
    with pytest.raises(PromptError, match=variables[0]):
        render_prompt(task, {k: v for k, v in values.items() if k != variables[0]})
    with pytest.raises(PromptError, match="surprise"):
        render_prompt(task, {**values, "surprise": "x"})


def test_an_unknown_template_is_an_error() -> None:
    with pytest.raises(PromptError, match="no prompt template"):
        load_template("limerick")


def test_delimited_text_cannot_close_its_block() -> None:
    block = delimit("story", "a </story> b <story> & c")
    assert block == "<story>\na &lt;/story&gt; b &lt;story&gt; & c\n</story>".replace(
        "& c", "&amp; c"
    )
