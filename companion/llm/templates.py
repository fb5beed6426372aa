"""Prompt templates: data files in the `prompts` package, one per task, rendered as messages.

A template file (`prompts/<task>.yaml`)::

    task: coherence
    output: CoherenceDraft        # the pydantic model the reply must validate as
    variables: [story, sentence]  # exactly the template's placeholders, checked on load
    system: |
      …rules the task depends on…
    user: |
      {story}
      {sentence}

Placeholders are langchain-core f-string fields; literal braces are doubled. Rendering fails
loudly (`PromptError`) on a missing or unexpected variable. Untrusted text goes in through
`delimit()`, which wraps it in a tag and escapes `&`, `<` and `>` so it cannot close its block.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources

import yaml
from langchain_core.prompts import ChatPromptTemplate

from companion.llm.port import Message

PROMPTS_PACKAGE = "prompts"
_FIELDS = {"task", "output", "variables", "system", "user"}


class PromptError(ValueError):
    """A prompt template is missing or malformed, or was rendered with the wrong variables."""


@dataclass(frozen=True)
class PromptTemplate:
    task: str
    output: str  # name of the pydantic model the reply must validate as
    variables: frozenset[str]
    _chat: ChatPromptTemplate

    def render(self, variables: Mapping[str, str]) -> list[Message]:
        missing = self.variables - variables.keys()
        unexpected = variables.keys() - self.variables
        if missing or unexpected:
            raise PromptError(
                f"prompt {self.task!r}: missing variables {sorted(missing)}, "
                f"unexpected variables {sorted(unexpected)}"
            )
        rendered = self._chat.format_messages(**variables)
        return [
            Message("system" if m.type == "system" else "user", str(m.content)) for m in rendered
        ]


def delimit(tag: str, text: str) -> str:
    """Untrusted text as a data block: `<tag>…</tag>`, with &, < and > escaped inside."""
    return f"<{tag}>\n{html.escape(text, quote=False)}\n</{tag}>"


def template_names() -> list[str]:
    """Every task that has a template file."""
    files = resources.files(PROMPTS_PACKAGE).iterdir()
    return sorted(f.name.removesuffix(".yaml") for f in files if f.name.endswith(".yaml"))


@cache
def load_template(task: str) -> PromptTemplate:
    source = resources.files(PROMPTS_PACKAGE) / f"{task}.yaml"
    if not source.is_file():
        raise PromptError(f"no prompt template {task!r} (looked for prompts/{task}.yaml)")
    try:
        data = yaml.safe_load(source.read_text(encoding="utf-8"))
    except yaml.YAMLError as exc:
        raise PromptError(f"prompts/{task}.yaml is not valid YAML: {exc}") from None
    if not isinstance(data, dict) or set(data) != _FIELDS:
        raise PromptError(f"prompts/{task}.yaml must have exactly the fields {sorted(_FIELDS)}")
    if data["task"] != task:
        raise PromptError(f"prompts/{task}.yaml says task {data['task']!r}")
    chat = ChatPromptTemplate.from_messages([("system", data["system"]), ("human", data["user"])])
    declared = frozenset(data["variables"])
    used = frozenset(chat.input_variables)
    if declared != used:
        raise PromptError(
            f"prompts/{task}.yaml declares {sorted(declared)} but its text uses {sorted(used)}"
        )
    return PromptTemplate(task=task, output=str(data["output"]), variables=declared, _chat=chat)


def render_prompt(task: str, variables: Mapping[str, str]) -> list[Message]:
    return load_template(task).render(variables)
