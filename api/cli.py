"""`companion serve`: the API and web page with uvicorn."""

import argparse
import logging
import os
from typing import Any


def register(sub: Any) -> None:
    parser: argparse.ArgumentParser = sub.add_parser(
        "serve", help="start the API and web page (settings from the environment, see README)"
    )
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to bind: 0.0.0.0 serves other phones on the local network (as `make run`)",
    )
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument(
        "--workers",
        type=int,
        default=1,
        help="worker processes; more than one needs PostgreSQL (DATABASE_URL) and REDIS_URL",
    )
    parser.add_argument(
        "--log-level", default="info", choices=["debug", "info", "warning", "error"]
    )
    parser.set_defaults(func=serve)


def serve(args: argparse.Namespace) -> int:
    import uvicorn

    from api.collector import tune_collector
    from api.main import create_app
    from api.public_url import public_base_url
    from companion.settings import Settings

    logging.basicConfig(level=args.log_level.upper(), format="%(levelname)s %(name)s: %(message)s")
    settings = Settings()
    if args.workers > 1 and (settings.database_url.startswith("sqlite") or not settings.redis_url):
        print("several workers need PostgreSQL (DATABASE_URL) and Redis (REDIS_URL)")
        return 2
    public_url = public_base_url(args.host, args.port, settings.public_url)
    if public_url and not settings.public_url:
        settings = settings.model_copy(update={"public_url": public_url})
        os.environ["PUBLIC_URL"] = public_url  # for worker processes, which read the environment
    common: dict[str, Any] = {
        "host": args.host,
        "port": args.port,
        "log_level": args.log_level,
        "timeout_graceful_shutdown": 5,
    }
    print(_banner(args.host, args.port, public_url))
    if args.workers > 1:
        uvicorn.run("api.main:create_served_app", factory=True, workers=args.workers, **common)
    else:
        app = create_app(settings)
        tune_collector()
        uvicorn.run(app, **common)
    return 0


def _banner(host: str, port: int, public_url: str | None) -> str:
    """Where to open the page, and where the other phones will reach it."""
    here = "127.0.0.1" if host in ("0.0.0.0", "::", "") else host
    lines = [f"Storytelling companion on http://{here}:{port}  (API docs: /docs)"]
    if public_url:
        lines.append(f"Phones on the same network join through {public_url}")
    else:
        lines.append(
            "Only this machine can reach it: for other phones, `make run` (binds 0.0.0.0) or "
            "--host 0.0.0.0, or PUBLIC_URL=http://<this machine's address>:PORT"
        )
    return "\n".join(lines)
