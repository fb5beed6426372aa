"""What the page needs to know about this server: the address other phones reach it at."""

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


@router.get("/v1/server")
async def server_info(services: ServicesDep) -> ServerInfo:
    """The server's public base URL, for join links that work on other phones."""
    return ServerInfo(public_url=services.settings.public_url)
