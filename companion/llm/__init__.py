"""The language-model port: a narrow protocol for structured tasks, its OpenAI adapter and a fake.

    LLM (Protocol)            generate(task, messages, schema) -> Completion[schema]
    OpenAILLM                 any OpenAI-compatible server; built from explicit arguments
    FakeLLM                   scripted replies, recorded calls (tests, demos)
    render_prompt(name, …)    the task's prompt template (prompts/<name>.yaml) as messages

This package knows nothing of games; the story tasks (`companion.story`) use it.

Errors::

    LLMError (Exception)          any failed model call; carries .model and .task
    ├── LLMTimeout                no answer within the timeout, after the SDK's retries
    ├── LLMUnavailable            connection error or 5xx after the retries; .status
    ├── LLMRateLimited            429 after the retries; .retry_after_s from Retry-After
    ├── LLMRejected               the request itself was refused (400/401/403/404/422); .status
    └── LLMInvalidOutput          no reply validated, re-asks included; .attempts (text, error)
    PromptError (ValueError)      a template is missing, malformed, or lacks a variable
"""

from companion.llm.errors import (
    Attempt,
    LLMError,
    LLMInvalidOutput,
    LLMRateLimited,
    LLMRejected,
    LLMTimeout,
    LLMUnavailable,
)
from companion.llm.fake import FakeCall, FakeLLM, FakeLLMExhausted
from companion.llm.openai_llm import OpenAILLM, make_openai_client
from companion.llm.port import LLM, CallRecord, Completion, Message, Usage
from companion.llm.templates import PromptError, PromptTemplate, delimit, render_prompt

__all__ = [
    "LLM",
    "Attempt",
    "CallRecord",
    "Completion",
    "FakeCall",
    "FakeLLM",
    "FakeLLMExhausted",
    "LLMError",
    "LLMInvalidOutput",
    "LLMRateLimited",
    "LLMRejected",
    "LLMTimeout",
    "LLMUnavailable",
    "Message",
    "OpenAILLM",
    "PromptError",
    "PromptTemplate",
    "Usage",
    "delimit",
    "make_openai_client",
    "render_prompt",
]
