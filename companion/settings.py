"""The one Settings object. Read from the environment at the edge (API, CLI) and passed in."""

from pathlib import Path
from typing import Literal
from urllib.parse import urlsplit

from pydantic import AliasChoices, Field, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", extra="ignore", populate_by_name=True)

    # storage
    database_url: str = Field(
        default="sqlite:///data/companion.db",
        validation_alias=AliasChoices("DATABASE_URL", "COMPANION_DATABASE_URL"),
    )
    redis_url: str | None = Field(
        default=None, validation_alias=AliasChoices("REDIS_URL", "COMPANION_REDIS_URL")
    )

    # narrator (any OpenAI-compatible server); no model configured → the offline narrator
    openai_base_url: str | None = Field(default=None, validation_alias="OPENAI_BASE_URL")
    openai_api_key: str | None = Field(default=None, validation_alias="OPENAI_API_KEY")
    llm_model: str | None = Field(default=None, validation_alias="COMPANION_LLM_MODEL")
    llm_timeout_s: float = Field(default=20.0, gt=0, validation_alias="COMPANION_LLM_TIMEOUT_S")
    llm_max_retries: int = Field(
        default=2, ge=0, le=10, validation_alias="COMPANION_LLM_MAX_RETRIES"
    )
    llm_max_reasks: int = Field(default=2, ge=0, le=5, validation_alias="COMPANION_LLM_MAX_REASKS")

    # embeddings
    embedder: Literal["onnx-int8", "torch", "openai"] = Field(
        default="onnx-int8", validation_alias="COMPANION_EMBEDDER"
    )
    embeddings_model: str | None = Field(
        default=None, validation_alias="COMPANION_EMBEDDINGS_MODEL"
    )
    # the referee's learned mention scorer (companion/referee/learned.py): may flag a card no
    # table knows (typed by a player), from its labels, with the MiniLM and the multilingual e5
    referee_learned: bool = Field(default=True, validation_alias="COMPANION_REFEREE_LEARNED")
    # the Factum AI players' story reader (multilingual-e5-small by default: it reads ja/es)
    factum_embedder: str = Field(default="e5", validation_alias="COMPANION_FACTUM_EMBEDDER")
    cache_dir: Path = Field(
        default=Path.home() / ".cache" / "storytelling-companion",
        validation_alias="COMPANION_CACHE_DIR",
    )

    # table service (api/)
    rate_limit_per_s: float = Field(
        default=20.0, gt=0, validation_alias="COMPANION_RATE_LIMIT_PER_S"
    )
    rate_limit_burst: int = Field(default=40, ge=1, validation_alias="COMPANION_RATE_LIMIT_BURST")
    # a request body must arrive within this long (a client that stops sending gets a 408)
    body_timeout_s: float = Field(
        default=15.0, gt=0, le=300, validation_alias="COMPANION_BODY_TIMEOUT_S"
    )
    # the stateless tools (/v1/referee, /v1/story, /v1/factum) run apart from the tables: at most
    # this many at once per worker, this many more waiting (then 503), so they never starve them
    tool_concurrency: int = Field(
        default=1, ge=1, le=16, validation_alias="COMPANION_TOOL_CONCURRENCY"
    )
    tool_queue: int = Field(default=8, ge=0, le=1000, validation_alias="COMPANION_TOOL_QUEUE")
    # …and each slot rests after a call so that it works at most this share of the time
    tool_duty: float = Field(default=0.5, gt=0, le=1, validation_alias="COMPANION_TOOL_DUTY")
    # an AI storyteller's pause between sentences: a person's window to interrupt (0 in tests)
    ai_pace_s: float = Field(default=6.0, ge=0, le=60, validation_alias="COMPANION_AI_PACE_S")
    # a show of hands closes with the hands that are up after this long
    vote_timeout_s: float = Field(
        default=60.0, gt=0, le=86_400, validation_alias="COMPANION_VOTE_TIMEOUT_S"
    )
    # how often a live stream re-reads the log even without a notification (pub/sub may drop)
    stream_poll_s: float = Field(
        default=10.0, gt=0, le=3600, validation_alias="COMPANION_STREAM_POLL_S"
    )
    # an idle stream writes a comment this often, so that proxies keep the connection open
    stream_keepalive_s: float = Field(
        default=15.0, gt=0, le=15, validation_alias="COMPANION_STREAM_KEEPALIVE_S"
    )

    # the address other phones use to reach this server (join links, QR codes), e.g.
    # http://192.168.1.20:8000; unset → `companion serve` finds the machine's LAN address
    public_url: str | None = Field(
        default=None, validation_alias=AliasChoices("PUBLIC_URL", "COMPANION_PUBLIC_URL")
    )

    @field_validator("public_url")
    @classmethod
    def _public_url_is_a_base_url(cls, value: str | None) -> str | None:
        if value is None or not value.strip():
            return None
        url = value.strip().rstrip("/")
        parts = urlsplit(url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ValueError(f"PUBLIC_URL must look like http://192.168.1.20:8000, not {value!r}")
        if parts.query or parts.fragment:
            raise ValueError(f"PUBLIC_URL takes no query or fragment: {value!r}")
        return url

    @property
    def llm_configured(self) -> bool:
        return bool(self.llm_model and (self.openai_base_url or self.openai_api_key))
