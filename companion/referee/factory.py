"""The referee the settings describe: the one place that turns `Settings` into an embedder and a
referee whose card vectors are kept on disk, shared by the server, the CLIs and the evals."""

from companion.cards import Deck
from companion.referee.referee import Referee
from companion.settings import Settings
from embeddings import CardVectorCache, Embedder, load_embedder


def embedder_from_settings(settings: Settings, kind: str | None = None) -> Embedder:
    """The settings' embedder, or the one of `kind` (e.g. a CLI's --embedder) with their options."""
    return load_embedder(
        kind or settings.embedder,
        cache_dir=settings.cache_dir,
        model=settings.embeddings_model,
        base_url=settings.openai_base_url,
        api_key=settings.openai_api_key,
    )


def referee_from_settings(deck: Deck, settings: Settings, embedder: Embedder | None) -> Referee:
    """A referee on `embedder` (None: lexical and rule evidence only) whose card vectors survive
    restarts under the settings' cache directory."""
    if embedder is None:
        return Referee(deck, None)
    vectors = CardVectorCache(embedder, cache_dir=settings.cache_dir)
    return Referee(deck, embedder, card_vectors=vectors)
