"""A test server process: the app on the settings in the environment, with the hashing
embedder so that it starts in seconds. With TEST_CRASH_ON_PUBLISH=1 it kills itself (SIGKILL)
the moment it would broadcast its first action: after the append, before anyone is told.

    python tests/api/server.py PORT
"""

import os
import signal
import sys
from typing import Any

import uvicorn

import api.broadcast
from api.main import create_app
from companion.settings import Settings
from embeddings import HashingEmbedder


async def _die(self: Any, table_id: str, seq: int) -> None:
    os.kill(os.getpid(), signal.SIGKILL)


if os.environ.get("TEST_CRASH_ON_PUBLISH") == "1":
    api.broadcast.InProcessBroadcaster.publish = _die  # type: ignore[method-assign]
    api.broadcast.RedisBroadcaster.publish = _die  # type: ignore[method-assign]

if __name__ == "__main__":
    app = create_app(Settings(), embedder=HashingEmbedder())
    uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[1]), log_level="warning")
