"""The address other phones use to reach this server: join links and QR codes are built on it.

`PUBLIC_URL` wins when set. Otherwise a server bound to every interface (0.0.0.0, ::) is reached
at the machine's LAN address, found without sending anything: `connect()` on a UDP socket only
asks the kernel which interface routes there. A server bound to loopback has no public address
(the page then warns that its links work on this device only); one bound to a named address is
reached there.
"""

import ipaddress
import socket

ALL_INTERFACES = ("0.0.0.0", "::", "")
# any address outside this machine picks the interface of the default route; nothing is sent
_ROUTE_PROBE = ("10.254.254.254", 9)


def lan_address() -> str | None:
    """This machine's address on its local network (the default route's interface), or None
    when it has no network. Sends no packet."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(_ROUTE_PROBE)
            address = str(probe.getsockname()[0])
    except OSError:
        return None
    return None if is_loopback(address) or address == "0.0.0.0" else address


def is_loopback(host: str) -> bool:
    """Whether `host` (a name or an address) names this machine only."""
    if host.lower() in ("localhost", "localhost.localdomain"):
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def public_base_url(host: str, port: int, configured: str | None = None) -> str | None:
    """Where other phones reach a server bound to `host`:`port`: `configured` (PUBLIC_URL) when
    set, else the LAN address for an all-interfaces bind, else `host` itself unless it is
    loopback; None when only this machine can reach it."""
    if configured:
        return configured.rstrip("/")
    if host in ALL_INTERFACES:
        address = lan_address()
        return None if address is None else f"http://{address}:{port}"
    if is_loopback(host):
        return None
    shown = f"[{host}]" if ":" in host and not host.startswith("[") else host
    return f"http://{shown}:{port}"
