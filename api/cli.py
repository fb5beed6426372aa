"""`companion serve`: the API and web page with uvicorn."""

import argparse
import logging
from typing import Any


def register(sub: Any) -> None:
    parser: argparse.ArgumentParser = sub.add_parser(
        "serve", help="start the API and web page (settings from the environment, see README)"
    )
    parser.add_argument("--host", default="127.0.0.1")
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

    from api.main import create_app
    from companion.settings import Settings

    logging.basicConfig(level=args.log_level.upper(), format="%(levelname)s %(name)s: %(message)s")
    settings = Settings()
    if args.workers > 1 and (settings.database_url.startswith("sqlite") or not settings.redis_url):
        print("several workers need PostgreSQL (DATABASE_URL) and Redis (REDIS_URL)")
        return 2
    common: dict[str, Any] = {
        "host": args.host,
        "port": args.port,
        "log_level": args.log_level,
        "timeout_graceful_shutdown": 5,
    }
    print(f"Storytelling companion on http://{args.host}:{args.port}  (API docs: /docs)")
    if args.workers > 1:
        uvicorn.run("api.main:create_app", factory=True, workers=args.workers, **common)
    else:
        uvicorn.run(create_app(settings), **common)
    return 0
