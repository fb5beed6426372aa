"""The narrator the settings describe: the one place that turns `Settings` into a narrator (or
into the bare language model, for the Factum AI storytellers), shared by the server, the CLIs and
the evals (as `companion.referee.factory` does for the referee)."""

from companion.cards import Deck
from companion.llm import LLM, OpenAILLM
from companion.referee.port import RefereePort
from companion.settings import Settings
from companion.story.factum import TextEmbedder
from companion.story.narrator import Narrator, build_narrator


def narrator_from_settings(
    deck: Deck,
    settings: Settings,
    referee: RefereePort,
    embedder: TextEmbedder | None = None,
) -> Narrator:
    """The LLM narrator when the settings name a model and a server, else the offline one.
    `referee` verifies every proposal: build it without this narrator as its adjudicator."""
    return build_narrator(
        deck=deck,
        referee=referee,
        model=settings.llm_model,
        base_url=settings.openai_base_url,
        api_key=settings.openai_api_key,
        timeout_s=settings.llm_timeout_s,
        max_retries=settings.llm_max_retries,
        max_reasks=settings.llm_max_reasks,
        embedder=embedder,
    )


def llm_from_settings(settings: Settings) -> LLM | None:
    """The language model the settings name (with their timeout, retries and re-asks), or None
    when they name no model or no server (`Settings.llm_configured`)."""
    if not settings.llm_configured:
        return None
    assert settings.llm_model is not None
    return OpenAILLM(
        model=settings.llm_model,
        base_url=settings.openai_base_url,
        api_key=settings.openai_api_key,
        timeout_s=settings.llm_timeout_s,
        max_retries=settings.llm_max_retries,
        max_reasks=settings.llm_max_reasks,
    )
