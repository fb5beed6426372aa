"""The referee the settings describe: the one place that turns `Settings` into an embedder and a
referee whose card vectors are kept on disk, shared by the server, the CLIs and the evals."""

from collections.abc import Callable

from companion.cards import Deck
from companion.referee.cross import CrossScorer
from companion.referee.learned import LearnedModel, MentionScorer, load_model
from companion.referee.lemmas import use_cache_dir
from companion.referee.models import CardEnricher
from companion.referee.referee import Referee
from companion.settings import Settings
from embeddings import CardVectorCache, Embedder, RecentVectors, e5_lora, load_embedder
from embeddings.e5_int8 import (
    E5_DIMENSION,
    E5_INT8_QUERY_NAME,
    adapted_name,
    ensure_built,
    load_e5_int8,
)
from embeddings.lazy import LazyEmbedder

MINILM_SUFFIX = "/onnx-int8"  # the bundled MiniLM (or a local model) run as int8 ONNX
SPAN_VECTORS = 8192  # span vectors the learned scorer remembers, per embedder (3 MB each)


def embedder_from_settings(settings: Settings, kind: str | None = None) -> Embedder:
    """The settings' embedder, or the one of `kind` (e.g. a CLI's --embedder) with their options."""
    return load_embedder(
        kind or settings.embedder,
        cache_dir=settings.cache_dir,
        model=settings.embeddings_model,
        base_url=settings.openai_base_url,
        api_key=settings.openai_api_key,
    )


def scorer_from_settings(
    settings: Settings,
    embedder: Embedder | None,
    cached: Callable[[Embedder], Embedder] = lambda e: e,
) -> MentionScorer | None:
    """The learned mention scorer when the settings turn it on and an embedder is configured
    (it reads with the bundled MiniLM, reused when it is `embedder`, and the multilingual e5 as
    int8 ONNX, loaded on the first card only labels are known for; `cached` wraps both)."""
    if not settings.referee_learned or embedder is None:
        return None
    minilm = embedder
    if not embedder.name.endswith(MINILM_SUFFIX):
        minilm = embedder_from_settings(settings, "onnx-int8")
    model = load_model()
    embedders = {"minilm": cached(minilm), "e5": cached(e5_for(model, settings))}
    return MentionScorer(model, embedders, cross=cross_for(model, settings))


def cross_for(model: LearnedModel, settings: Settings) -> CrossScorer | None:
    """The cross-encoder a learned model reads with, if it has one: its int8 e5 is built at a
    server's start-up (`Referee.warm`) and loaded on first use, like the scorer's e5."""
    if model.cross is None:
        return None
    adapter = model.cross.adapter_path()
    return CrossScorer(
        model.cross,
        lambda: load_e5_int8(cache_dir=settings.cache_dir, adapter=adapter),
        lambda: ensure_built(cache_dir=settings.cache_dir, adapter=adapter),
    )


def e5_for(model: LearnedModel, settings: Settings) -> Embedder:
    """The int8 e5 a learned model reads with (tuned by its adapter, if it has one), loaded on
    first use; its files are built at a server's start-up (`Referee.warm`: once per machine,
    under a file lock, so several workers build them once)."""
    adapter = model.adapter_path()
    return LazyEmbedder(
        lambda: load_e5_int8(cache_dir=settings.cache_dir, adapter=adapter),
        name=E5_INT8_QUERY_NAME
        if adapter is None
        else adapted_name(e5_lora.load(adapter).digest()),
        dimension=E5_DIMENSION,
        prepare=lambda: ensure_built(cache_dir=settings.cache_dir, adapter=adapter),
    )


def remember_spans(embedder: Embedder) -> Embedder:
    """The learned scorer's embedders remember the vectors of recent spans: a story's words
    come back sentence after sentence."""
    return RecentVectors(embedder, size=SPAN_VECTORS)


def referee_from_settings(deck: Deck, settings: Settings, embedder: Embedder | None) -> Referee:
    """A referee on `embedder` (None: lexical and rule evidence only) whose card vectors survive
    restarts under the settings' cache directory, with the learned scorer when turned on and
    the card enricher when a language model is configured. Its lemma tries are kept under the
    same directory."""
    use_cache_dir(settings.cache_dir)
    if embedder is None:
        return Referee(deck, None, enricher=enricher_from_settings(deck, settings))
    vectors = CardVectorCache(embedder, cache_dir=settings.cache_dir)
    scorer = scorer_from_settings(settings, embedder, remember_spans)
    enricher = enricher_from_settings(deck, settings)
    return Referee(deck, embedder, card_vectors=vectors, scorer=scorer, enricher=enricher)


def enricher_from_settings(deck: Deck, settings: Settings) -> CardEnricher | None:
    """Words for free-text cards from the settings' language model, cached under their cache
    directory; None without a model (the offline referee does without)."""
    from companion.story.card_enrichment import LLMCardEnricher
    from companion.story.factory import llm_from_settings

    llm = llm_from_settings(settings)
    return LLMCardEnricher(llm, deck, cache_dir=settings.cache_dir) if llm is not None else None
