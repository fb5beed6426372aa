"""Seat tokens: 32 random bytes, stored only as sha256, compared in constant time."""

import hashlib
import hmac
import secrets
from collections.abc import Mapping


def new_token() -> str:
    """A fresh secret for one seat's join link (43 url-safe characters)."""
    return secrets.token_urlsafe(32)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def seat_for_token(token: str, token_hashes: Mapping[int, str | None]) -> int | None:
    """The seat whose stored hash matches `token`, or None.

    Every stored hash is compared, in constant time, whatever matches first.
    """
    digest = hash_token(token)
    found: int | None = None
    for seat, stored in token_hashes.items():
        if stored is not None and hmac.compare_digest(digest, stored):
            found = seat
    return found
