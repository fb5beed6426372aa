"""Seat tokens: 32 random bytes, stored only as sha256, compared in constant time."""

import hashlib
import hmac
import logging
import re
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


_TOKEN_IN_QUERY = re.compile(r"([?&]token=)[^&\s\"]*")


def redact_tokens(text: str) -> str:
    """`text` with the value of every `token=` query parameter replaced by `<redacted>`."""
    return _TOKEN_IN_QUERY.sub(r"\1<redacted>", text)


class RedactTokens(logging.Filter):
    """Keeps seat tokens out of the access log: the `?token=` form of a stream's URL (the one
    EventSource can send) is logged with its value redacted."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(
                redact_tokens(arg) if isinstance(arg, str) else arg for arg in record.args
            )
        if isinstance(record.msg, str):
            record.msg = redact_tokens(record.msg)
        return True


def redact_access_log() -> None:
    """Install `RedactTokens` on uvicorn's access logger (once; after uvicorn set logging up)."""
    access = logging.getLogger("uvicorn.access")
    if not any(isinstance(f, RedactTokens) for f in access.filters):
        access.addFilter(RedactTokens())
