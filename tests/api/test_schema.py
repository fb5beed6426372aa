"""Schemathesis against the OpenAPI schema, on SQLite and on PostgreSQL (skipped where it is not
running): at least 100 generated requests per operation (valid and invalid), then stateful runs
that follow the schema's links (create a table → view, act, read its log with the new seat's
token). No 5xx, no response outside the schema.

The SSE stream never ends by design, so it is tested in test_stream.py instead. The schema is
read from the app without starting it; the app starts once, on the first generated request."""

import os
import shutil
import tempfile
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.python.asgi import ASGIClient

from api.main import create_app
from companion.cards import once_upon_a_time_deck
from companion.referee import Referee
from embeddings import HashingEmbedder
from tests.api.conftest import fresh_postgres_schema, make_settings

# Created by the app's start-up (only if these tests run), removed after them.
_DIR = Path(tempfile.gettempdir()) / f"companion-schema-{os.getpid()}"
_APP = create_app(
    make_settings(f"sqlite:///{_DIR / 'companion.db'}"),
    referee=Referee(once_upon_a_time_deck(), HashingEmbedder()),
)
BASE = "http://testserver"

# Schema-valid requests may still be refused on their meaning, with a documented 422 (an unknown
# card name, `hands` for a virtual deck, a seat that does not exist) or 409 (the rules).
_CONFIG = schemathesis.Config.from_dict(
    {
        "checks": {
            "positive_data_acceptance": {
                "expected-statuses": ["2xx", "401", "404", "409", "422", "429"]
            },
            # Invalid data is rejected; a body too large to read is rejected with 413.
            "negative_data_rejection": {
                "expected-statuses": ["400", "401", "404", "405", "409", "413", "415", "422", "429"]
            },
        }
    }
)
schema = schemathesis.openapi.from_dict(_APP.openapi(), config=_CONFIG).exclude(
    path="/v1/tables/{table_id}/stream"
)


@pytest.fixture(
    scope="module", params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)]
)
def asgi(request: pytest.FixtureRequest) -> Iterator[ASGIClient]:
    """The app on SQLite, then the same app on PostgreSQL (a schema of its own, dropped after)."""
    if request.param == "sqlite":
        with ASGIClient(_APP) as client:  # type: ignore[arg-type]
            yield client
        shutil.rmtree(_DIR, ignore_errors=True)
        return
    base = request.getfixturevalue("postgres_base")
    with fresh_postgres_schema(base) as url:
        app = create_app(
            make_settings(url), referee=Referee(once_upon_a_time_deck(), HashingEmbedder())
        )
        with ASGIClient(app) as client:  # type: ignore[arg-type]
            yield client


@schema.parametrize()
@settings(
    max_examples=100,
    deadline=None,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.filter_too_much,
        HealthCheck.function_scoped_fixture,
    ],
)
def test_every_operation_conforms(case: Any, asgi: ASGIClient) -> None:
    case.call_and_validate(session=asgi, base_url=BASE)


# Refusals that only a table's game gives, after the seat's token was accepted.
_GAME_REFUSALS = frozenset({"invalid_action", "unknown_card", "illegal_action", "vote_open"})


def test_stateful_runs_follow_the_links(asgi: ASGIClient) -> None:
    seen: list[tuple[str, int, str]] = []

    class Workflow(schema.as_state_machine()):  # type: ignore[misc]
        def get_call_kwargs(self, case: Any) -> dict[str, Any]:
            return {"session": asgi, "base_url": BASE}

        def after_call(self, response: Any, case: Any) -> None:
            try:
                error = str(response.json().get("error", ""))
            except (ValueError, AttributeError):
                error = ""
            seen.append((case.operation.label, response.status_code, error))

    Workflow.run(
        settings=settings(
            Workflow.TestCase.settings,
            max_examples=100,
            stateful_step_count=8,
            deadline=None,
            derandomize=True,
        )
    )
    # The links led somewhere: a created table was viewed, and acted on with its seat's token
    # (the action taken, or refused by the table's game: it got past the token).
    acts = Counter((status, error) for label, status, error in seen if label.endswith("/actions"))
    print(f"stateful: {len(seen)} calls; actions by status: {dict(acts)}")
    assert any(label == "GET /v1/tables/{table_id}" and status == 200 for label, status, _ in seen)
    assert any(
        status in (200, 409) or (status == 422 and error in _GAME_REFUSALS)
        for (status, error) in acts
    )
