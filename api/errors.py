"""Every error the service returns is JSON a person can act on; this is the one place that maps
exceptions to HTTP statuses.

Body::

    {"error": "<code>", "message": "<what happened and what to do>", "rule": "OU-11"?,
     "details": [...]?}
"""

import logging
import re
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from companion.games.base import ConfigError, GameError, JudgementRequired, RuleViolation
from companion.llm.errors import LLMError, LLMTimeout
from companion.referee.errors import RefereeError
from companion.store import StoreUnavailableError, TableNotFoundError
from companion.story.errors import InvalidStoryRequest, ProposalDropped, StoryError

log = logging.getLogger(__name__)


class ApiError(Exception):
    """An error with its HTTP status, a stable code and a message for people."""

    def __init__(
        self,
        status: int,
        code: str,
        message: str,
        *,
        rule: str | None = None,
        headers: dict[str, str] | None = None,
        details: list[dict[str, Any]] | None = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.rule = rule
        self.headers = headers
        self.details = details

    def body(self) -> dict[str, Any]:
        body: dict[str, Any] = {"error": self.code, "message": self.message}
        if self.rule is not None:
            body["rule"] = self.rule
        if self.details is not None:
            body["details"] = self.details
        return body


_RESPONSE_DESCRIPTIONS = {
    400: "the body is not valid JSON",
    401: "a player's token is needed",
    404: "no table with this id for this token (the two cases look the same)",
    408: "the request body stopped arriving: send it again",
    409: "refused by the rules: `rule` names the rule (OU-…, FA-…)",
    413: "request body over 64 KiB",
    422: "malformed or meaningless request: `message` says what, `details` where",
    429: "rate limited: see Retry-After",
    502: "the model server failed",
    503: "storage unavailable or table busy: retry (same Idempotency-Key for an action)",
    504: "the model server timed out",
}


def responses(*codes: int) -> dict[int | str, dict[str, Any]]:
    """OpenAPI `responses` for error statuses, all with the `ErrorBody` shape."""
    from api.schemas import ErrorBody

    return {
        code: {"model": ErrorBody, "description": _RESPONSE_DESCRIPTIONS[code]} for code in codes
    }


NOT_FOUND_MESSAGE = (
    "No table with this id for this token. Check the link you were given: it carries the table "
    "id and your secret token."
)


def not_found() -> ApiError:
    """Unknown table and unknown token look the same, on purpose."""
    return ApiError(404, "not_found", NOT_FOUND_MESSAGE)


def token_required() -> ApiError:
    return ApiError(
        401,
        "token_required",
        "This needs a player's token: send `Authorization: Bearer <token>` or `?token=<token>` "
        "(it is in your join link).",
        headers={"WWW-Authenticate": "Bearer"},
    )


def _response(error: ApiError) -> JSONResponse:
    return JSONResponse(error.body(), status_code=error.status, headers=error.headers)


_STATUS_CODES = {
    400: "bad_request",
    401: "token_required",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    406: "not_acceptable",
    408: "body_timeout",
    413: "body_too_large",
    415: "unsupported_media_type",
    422: "invalid_request",
    429: "rate_limited",
}

_STATUS_MESSAGES = {
    404: "Nothing here. The API lives under /v1; its documentation is at /docs.",
    405: "This method is not allowed here; see /docs for what each path accepts.",
    413: "The request body is larger than 64 KiB; send less text at once.",
}


def _validation_details(error: RequestValidationError) -> list[dict[str, Any]]:
    # Only where and what: never echo the input back.
    return [
        {"loc": [str(part) for part in item.get("loc", ())], "msg": str(item.get("msg", ""))}
        for item in error.errors()
    ]


_WHERE_IN_HAND = re.compile(r":? ?it is in .+?'s hand")
_IN_HAND = re.compile(r"is in .+?'s hand")


def safe_message(error: GameError) -> str:
    """An engine message with any mention of where another player's card lies removed."""
    text = error.message if isinstance(error, RuleViolation) else str(error)
    text = _WHERE_IN_HAND.sub("", text)
    return _IN_HAND.sub("is not available", text)


def domain_error(error: Exception) -> ApiError:
    """The response for an error of the domain (engines, referee, narrator, model)."""
    if isinstance(error, RuleViolation):
        message = f"{error.rule}: {safe_message(error)}"
        return ApiError(409, "illegal_action", message, rule=error.rule)
    if isinstance(error, JudgementRequired):
        return ApiError(409, "judgement_required", str(error))
    if isinstance(error, ConfigError):
        return ApiError(422, "invalid_table", safe_message(error))
    if isinstance(error, GameError):
        return ApiError(422, "invalid_action", safe_message(error))
    if isinstance(error, RefereeError):
        return ApiError(422, "invalid_request", str(error))
    if isinstance(error, InvalidStoryRequest):
        return ApiError(422, "invalid_request", f"{error.field}: {error.message}")
    if isinstance(error, ProposalDropped):
        details = [{"reason": r.reason, "detail": r.detail} for r in error.rejections]
        return ApiError(
            422,
            "no_proposal",
            "No proposal passed the referee's check; try another card or ask again.",
            details=details,
        )
    if isinstance(error, LLMTimeout):
        return ApiError(504, "model_timeout", "The narrator's model timed out; try again.")
    if isinstance(error, LLMError):
        return ApiError(502, "model_error", f"The narrator's model failed: {error.message}")
    raise TypeError(f"not a domain error: {error!r}")


_DOMAIN_ERRORS = (GameError, RefereeError, StoryError, LLMError)


def install(app: FastAPI) -> None:
    """Register the handlers on `app`."""

    async def _domain(_request: Request, error: Exception) -> JSONResponse:
        return _response(domain_error(error))

    for kind in _DOMAIN_ERRORS:
        app.add_exception_handler(kind, _domain)

    @app.exception_handler(ApiError)
    async def _api_error(_request: Request, error: ApiError) -> JSONResponse:
        return _response(error)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, error: RequestValidationError) -> JSONResponse:
        details = _validation_details(error)
        first = details[0] if details else {"loc": [], "msg": "invalid request"}
        where = ".".join(p for p in first["loc"] if p not in ("body",)) or "request"
        message = f"{where}: {first['msg']}. See /docs for the expected shape."
        return _response(ApiError(422, "invalid_request", message, details=details))

    @app.exception_handler(StarletteHTTPException)
    async def _http(_request: Request, error: StarletteHTTPException) -> JSONResponse:
        code = _STATUS_CODES.get(error.status_code, "http_error")
        message = _STATUS_MESSAGES.get(error.status_code, str(error.detail))
        headers = dict(error.headers) if error.headers else None
        return _response(ApiError(error.status_code, code, message, headers=headers))

    @app.exception_handler(TableNotFoundError)
    async def _no_table(_request: Request, _error: TableNotFoundError) -> JSONResponse:
        return _response(not_found())

    @app.exception_handler(StoreUnavailableError)
    async def _store_down(_request: Request, error: StoreUnavailableError) -> JSONResponse:
        log.error("store unavailable: %s", error)
        return _response(
            ApiError(
                503,
                "storage_unavailable",
                "The table's storage cannot be reached right now; nothing was lost. Retry in a "
                "moment (with the same Idempotency-Key for an action).",
                headers={"Retry-After": "1"},
            )
        )

    @app.exception_handler(Exception)
    async def _unexpected(_request: Request, error: Exception) -> JSONResponse:
        log.exception("unhandled error", exc_info=error)
        return _response(
            ApiError(500, "internal_error", "Something broke on our side; nothing was lost.")
        )
