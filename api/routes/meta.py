"""What the page needs to know about this server: the address other phones reach it at, and
whether it has a language model (a Factum host may then let AI storytellers use it)."""

from fastapi import APIRouter
from pydantic import BaseModel, Field

from api.deps import ServicesDep

router = APIRouter(tags=["meta"])


class ServerInfo(BaseModel):
    public_url: str | None = Field(
        description=(
            "the base URL join links and QR codes are built on (PUBLIC_URL, or the LAN address "
            "`companion serve` found); null: the server is reachable from this machine only"
        ),
        examples=["http://192.168.1.20:8000"],
    )
    language_model: bool = Field(
        default=False,
        description=(
            "whether a language model is configured: a Factum table may then be created with "
            "`use_model` (its AI storytellers invent their stories); else that is refused"
        ),
    )


@router.get("/v1/server")
async def server_info(services: ServicesDep) -> ServerInfo:
    """The server's public base URL, for join links that work on other phones, and whether
    it has a language model."""
    settings = services.settings
    return ServerInfo(public_url=settings.public_url, language_model=settings.llm_configured)
