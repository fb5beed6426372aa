"""The address join links are built on: PUBLIC_URL, else the LAN address of an all-interfaces
bind (found without sending a packet), else none for loopback; served at GET /v1/server."""

import socket
from collections.abc import Callable
from typing import Any, ClassVar

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from pydantic import ValidationError

from api import public_url
from api.public_url import is_loopback, lan_address, public_base_url
from companion.settings import Settings


class _SpySocket:
    """Stands in for a UDP socket: records calls, fails on any attempt to send."""

    calls: ClassVar[list[tuple[str, Any]]] = []

    def __init__(self, family: int, kind: int) -> None:
        self.calls.append(("socket", (family, kind)))

    def __enter__(self) -> "_SpySocket":
        return self

    def __exit__(self, *exc: object) -> None:
        pass

    def connect(self, address: tuple[str, int]) -> None:
        self.calls.append(("connect", address))

    def getsockname(self) -> tuple[str, int]:
        return ("192.168.1.20", 40000)

    def send(self, *args: object) -> None:
        raise AssertionError("lan_address sent a packet")

    sendto = send


def test_lan_address_asks_the_kernel_for_a_route_over_udp_and_sends_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _SpySocket.calls = []
    monkeypatch.setattr("api.public_url.socket.socket", _SpySocket)
    assert lan_address() == "192.168.1.20"
    assert _SpySocket.calls[0] == ("socket", (socket.AF_INET, socket.SOCK_DGRAM))
    assert [name for name, _ in _SpySocket.calls] == ["socket", "connect"]


def test_lan_address_is_none_without_a_network(monkeypatch: pytest.MonkeyPatch) -> None:
    class Unreachable(_SpySocket):
        def connect(self, address: tuple[str, int]) -> None:
            raise OSError("Network is unreachable")

    monkeypatch.setattr("api.public_url.socket.socket", Unreachable)
    assert lan_address() is None


def test_the_real_lan_address_is_an_address_or_none() -> None:
    found = lan_address()
    assert found is None or (not is_loopback(found) and socket.inet_aton(found))


def test_public_url_wins_over_the_bind(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(public_url, "lan_address", lambda: "192.168.1.20")
    assert public_base_url("0.0.0.0", 8000, "http://127.0.0.2:8000") == "http://127.0.0.2:8000"
    assert public_base_url("127.0.0.1", 8000, "https://tales.example/") == "https://tales.example"


def test_all_interfaces_bind_is_reached_at_the_lan_address(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(public_url, "lan_address", lambda: "192.168.1.20")
    assert public_base_url("0.0.0.0", 8000) == "http://192.168.1.20:8000"
    assert public_base_url("::", 8123) == "http://192.168.1.20:8123"
    monkeypatch.setattr(public_url, "lan_address", lambda: None)
    assert public_base_url("0.0.0.0", 8000) is None


@pytest.mark.parametrize("host", ["127.0.0.1", "localhost", "::1", "127.0.0.2"])
def test_loopback_bind_has_no_public_url(host: str) -> None:
    assert public_base_url(host, 8000) is None


def test_a_named_address_is_reached_there() -> None:
    assert public_base_url("192.168.1.7", 8000) == "http://192.168.1.7:8000"
    assert public_base_url("fe80::1", 8000) == "http://[fe80::1]:8000"


@pytest.mark.parametrize("bad", ["192.168.1.2:8000", "ftp://host", "http://", "http://h/?a=1"])
def test_a_malformed_public_url_is_refused_with_its_value(bad: str) -> None:
    with pytest.raises(ValidationError, match="PUBLIC_URL"):
        Settings(_env_file=None, public_url=bad)  # type: ignore[call-arg]


def test_public_url_is_read_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PUBLIC_URL", "http://192.168.1.20:8000/")
    assert Settings(_env_file=None).public_url == "http://192.168.1.20:8000"  # type: ignore[call-arg]


@pytest.mark.parametrize("configured", [None, "http://127.0.0.2:8000"])
def test_server_route_serves_the_setting(
    app_factory: Callable[..., FastAPI], configured: str | None
) -> None:
    with TestClient(app_factory(public_url=configured)) as client:
        reply = client.get("/v1/server")
    assert reply.status_code == 200
    assert reply.json() == {"public_url": configured, "language_model": False}
