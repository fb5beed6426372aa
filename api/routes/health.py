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
    """Ready to serve: the database answers and the model is warm ("degraded" while Redis,
    when configured, does not answer: live updates across workers then lag by a poll)."""
    checks: dict[str, str] = {"model": "ok" if services.ready else "warming up"}
    try:
        await anyio.to_thread.run_sync(services.store.ping)
        checks["database"] = "ok"
    except Exception as error:
        checks["database"] = f"unavailable: {type(error).__name__}"
    try:
        await services.broadcaster.ping()
        checks["broadcast"] = services.broadcaster.status()
    except Exception as error:
        checks["broadcast"] = f"degraded: unavailable ({type(error).__name__})"
    # Without Redis, tables still work: other workers' streams catch up on their next poll.
    degraded = checks["broadcast"] != "ok"
    ok = all(value == "ok" for name, value in checks.items() if name != "broadcast")
    status = "not ready" if not ok else "degraded" if degraded else "ready"
    return JSONResponse({"status": status, "checks": checks}, status_code=200 if ok else 503)
