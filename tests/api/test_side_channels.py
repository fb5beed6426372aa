"""A seat's private hints leave no trace in what anyone else can observe.

The same table is played twice, the same sentences told, once with Bob holding a card the
sentences mention (so the referee tells him) and once with a card they do not. For every other
seat and for a spectator, everything they can read — the events with their sequence numbers,
the view with its `seq`, the live stream with its ids, the answers to their own requests — must
be the same in both runs, save the table's id and the clock.
"""

from typing import Any

from tests.api.live import http, read_sse

STEPS: list[tuple[int, dict[str, Any]]] = [
    (0, {"type": "narrate", "text": "A grey wolf came out of the trees."}),
    (0, {"type": "narrate", "text": "Nobody saw where it went."}),
    (0, {"type": "pass"}),
    (1, {"type": "narrate", "text": "Far away, the wolf slept."}),
]
OBSERVERS: list[int | None] = [0, 2, None]  # the teller, an uninvolved seat, a spectator


def _normalised(value: Any, table: str) -> Any:
    """`value` with the table id and wall-clock fields replaced by placeholders."""
    if isinstance(value, dict):
        return {
            k: "<time>" if k in ("created", "closes_at") else _normalised(v, table)
            for k, v in value.items()
        }
    if isinstance(value, list | tuple):
        return [_normalised(v, table) for v in value]
    if isinstance(value, str):
        return value.replace(table, "<table>")
    return value


def _play(url: str, bob_holds: str) -> dict[str, list[Any]]:
    """Play STEPS on a new table; everything each observer could read along the way."""
    body = {
        "players": [{"name": n} for n in ("Ann", "Bob", "Cy")],
        "deck_mode": "physical",
        "hands": [{"cards": ["king"]}, {"cards": [bob_holds]}, {"cards": ["sword"]}],
        "seed": 11,
    }
    created = http.post(f"{url}/v1/tables", json=body)
    assert created.status_code == 201, created.text
    table = created.json()["id"]
    tokens = [p["token"] for p in created.json()["players"]]

    def headers(seat: int | None) -> dict[str, str]:
        return {} if seat is None else {"Authorization": f"Bearer {tokens[seat]}"}

    seen: dict[str, list[Any]] = {str(o): [] for o in OBSERVERS}
    for seat, action in STEPS:
        answer = http.post(f"{url}/v1/tables/{table}/actions", json=action, headers=headers(seat))
        assert answer.status_code == 200, answer.text
        if seat in OBSERVERS:
            seen[str(seat)].append(("answer", answer.json()))
        for observer in OBSERVERS:
            base = f"{url}/v1/tables/{table}"
            view = http.get(base, headers=headers(observer)).json()
            events = http.get(f"{base}/events?after=0", headers=headers(observer)).json()
            seen[str(observer)] += [("view", view), ("events", events)]
    last_seq = seen[str(OBSERVERS[0])][-1][1]["last_seq"]
    for observer in OBSERVERS:
        stream = read_sse(
            f"{url}/v1/tables/{table}/stream?after=0",
            headers=headers(observer),
            until=lambda ms: (
                any(m.id is not None and int(m.id) == last_seq for m in ms)
                and ms[-1].event == "view"
            ),
        )
        seen[str(observer)].append(("stream", [(m.event, m.id, m.data) for m in stream]))
    normalised: dict[str, list[Any]] = _normalised(seen, table)
    return normalised


def test_nothing_another_seat_or_a_spectator_observes_depends_on_a_hint(live_url: str) -> None:
    heard = _play(live_url, bob_holds="wolf")  # the referee tells Bob of his Wolf, twice
    unheard = _play(live_url, bob_holds="dragon")  # no sentence mentions a dragon
    for observer in OBSERVERS:
        assert heard[str(observer)] == unheard[str(observer)], f"observer {observer} can tell"
    # …while Bob himself was told, privately, on the lines that mention his card.
    assert heard["0"] != heard["2"]  # (the teller's answers differ from Cy's reads: a sanity check)


def test_bob_alone_hears_of_his_card(live_url: str) -> None:
    body = {
        "players": [{"name": n} for n in ("Ann", "Bob", "Cy")],
        "deck_mode": "physical",
        "hands": [{"cards": ["king"]}, {"cards": ["wolf"]}, {"cards": ["sword"]}],
    }
    created = http.post(f"{live_url}/v1/tables", json=body).json()
    table, tokens = created["id"], [p["token"] for p in created["players"]]
    auth = [{"Authorization": f"Bearer {t}"} for t in tokens]
    told = http.post(
        f"{live_url}/v1/tables/{table}/actions", json=STEPS[0][1], headers=auth[0]
    ).json()
    assert [e["data"]["hints"] for e in told["events"] if e["type"] == "ruled"] == [[]]
    bob_events = http.get(f"{live_url}/v1/tables/{table}/events", headers=auth[1]).json()
    heard = [
        h["card"] for e in bob_events["events"] if e["type"] == "ruled" for h in e["data"]["hints"]
    ]
    assert heard == ["wolf"]
