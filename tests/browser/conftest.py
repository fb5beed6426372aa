"""Browser tests: Playwright driving Debian's Chromium against the real server.

Every test here is marked `browser` and skips, with the reason, when /usr/bin/chromium is absent
(`make browser` installs it). Screenshots go to test-output/screenshots/ (git-ignored).
"""

import functools
import http.server
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
STATIC_DIR = REPO_ROOT / "api" / "static"
SCREENSHOTS = REPO_ROOT / "test-output" / "screenshots"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)
            if not CHROMIUM.exists():
                reason = "Debian chromium is not at /usr/bin/chromium: run `make browser`"
                item.add_marker(pytest.mark.skip(reason=reason))


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        instance = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield instance
        instance.close()


@pytest.fixture(scope="session")
def screenshots() -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture(scope="session")
def static_url() -> Iterator[str]:
    """The page's files alone, over plain HTTP: for front-end units that need no API."""
    handler = functools.partial(_QuietHandler, directory=str(STATIC_DIR))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    server.server_close()
    thread.join()


def _free_port(host: str = "127.0.0.1") -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((host, 0))
        return int(probe.getsockname()[1])


def _serve(
    tmp_path_factory: pytest.TempPathFactory,
    embedder: object,
    cache_dir: Path,
    *,
    host: str = "127.0.0.1",
    public_url: Callable[[int], str | None] = lambda port: None,
    **overrides: Any,
) -> Iterator[int]:
    """The real API and page in a thread (uvicorn bound to `host` on a free port, SQLite in a
    temp dir, the real embedding model, the offline narrator, AI seats paced fast); yields the
    port once it answers, stops it afterwards. `overrides`: other settings (e.g. a model)."""
    import uvicorn

    from api.main import create_app
    from companion.settings import Settings

    port = _free_port(host)
    database = tmp_path_factory.mktemp("browser-db") / "companion.db"
    settings = Settings(
        database_url=f"sqlite:///{database}",
        redis_url=None,
        llm_model=None,
        openai_base_url=None,
        openai_api_key=None,
        ai_pace_s=0.3,
        rate_limit_per_s=500.0,
        rate_limit_burst=1000,
        cache_dir=cache_dir,  # card vectors cached across test runs
        public_url=public_url(port),
    ).model_copy(update=overrides)
    app = create_app(settings, embedder=embedder)
    server = uvicorn.Server(
        uvicorn.Config(app, host=host, port=port, log_level="warning", lifespan="on")
    )
    thread = threading.Thread(target=server.run, name=f"browser-test-server-{port}", daemon=True)
    thread.start()
    deadline = time.monotonic() + 120
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the test server did not start")
        time.sleep(0.05)
    yield port
    server.should_exit = True
    thread.join(timeout=30)


@pytest.fixture(scope="session")
def server_url(
    tmp_path_factory: pytest.TempPathFactory, embedder: object, embeddings_cache_dir: Path
) -> Iterator[str]:
    """The server on loopback only, with no PUBLIC_URL: join links name 127.0.0.1."""
    for port in _serve(tmp_path_factory, embedder, embeddings_cache_dir):
        yield f"http://127.0.0.1:{port}"


@pytest.fixture(scope="session")
def lan_server_url(
    tmp_path_factory: pytest.TempPathFactory, embedder: object, embeddings_cache_dir: Path
) -> Iterator[str]:
    """The server as `make run` starts it, bound to every interface, with its public address
    set to another loopback address (PUBLIC_URL=http://127.0.0.2:PORT): join links are built on
    an address other than the host page's, and no test traffic leaves loopback. Yields the
    host's address, http://127.0.0.1:PORT."""
    for port in _serve(
        tmp_path_factory,
        embedder,
        embeddings_cache_dir,
        host="0.0.0.0",
        public_url=lambda port: f"http://127.0.0.2:{port}",
    ):
        yield f"http://127.0.0.1:{port}"


def _phones(browser: Any, base_url: str) -> Iterator[Callable[..., Any]]:
    contexts: list[Any] = []
    errors: list[str] = []

    def open_page(path: str = "/", *, language: str = "en") -> Any:
        """A new phone with the page at `path` (or a full URL), interface in `language`."""
        context = browser.new_context(**PHONE, locale=language)
        context.add_init_script(f"localStorage.setItem('language', '{language}')")
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(path if path.startswith("http") else base_url + path)
        return page

    yield open_page
    for context in contexts:
        context.close()
    assert not errors, f"errors in the page: {errors}"


@pytest.fixture
def phone(browser: Any, server_url: str) -> Iterator[Callable[..., Any]]:
    """Open pages in fresh phone-sized browser contexts; each context is closed afterwards.
    Errors thrown in a page fail the test."""
    yield from _phones(browser, server_url)


@pytest.fixture
def lan_phone(browser: Any, lan_server_url: str) -> Iterator[Callable[..., Any]]:
    """As `phone`, on the all-interfaces server (lan_server_url)."""
    yield from _phones(browser, lan_server_url)
