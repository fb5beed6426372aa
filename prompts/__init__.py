"""Prompt templates as data: one YAML file per task, loaded by `companion.llm.templates`."""
