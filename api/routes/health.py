"""Liveness and readiness."""

from typing import Any

import anyio
from fastapi import APIRouter
from fastapi.responses import JSONResponse

from api.deps import ServicesDep

router = APIRouter(tags=["health"])


@router.get("/healthz")
async def healthz() -> dict[str, str]:
    """The process is up."""
    return {"status": "ok"}


@router.get(
    "/readyz",
    responses={503: {"description": "not ready: a dependency is down or still warming up"}},
)
async def readyz(services: ServicesDep) -> Any:
    """Ready to serve: the database and (when configured) Redis answer; the model is warm."""
    checks: dict[str, str] = {"model": "ok" if services.ready else "warming up"}
    try:
        await anyio.to_thread.run_sync(services.store.ping)
        checks["database"] = "ok"
    except Exception as error:
        checks["database"] = f"unavailable: {type(error).__name__}"
    try:
        await services.broadcaster.ping()
        checks["broadcast"] = "ok"
    except Exception as error:
        checks["broadcast"] = f"unavailable: {type(error).__name__}"
    ok = all(value == "ok" for value in checks.values())
    return JSONResponse(
        {"status": "ready" if ok else "not ready", "checks": checks},
        status_code=200 if ok else 503,
    )
