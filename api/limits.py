"""Request bodies over the limit get a JSON 413, whether their size is announced or streamed;
a body that stops arriving gets a 408 after `read_timeout_s` instead of holding its connection."""

import json

import anyio
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

MESSAGE = "The request body is larger than 64 KiB; send less text at once."


class BodyTooLarge(HTTPException):
    def __init__(self) -> None:
        super().__init__(status_code=413, detail=MESSAGE)


class BodyTimeout(HTTPException):
    def __init__(self, seconds: float) -> None:
        super().__init__(
            status_code=408,
            detail=f"The request body did not arrive within {seconds:g} s; send it again.",
        )


class BodyLimit:
    """Pure ASGI middleware: refuse bodies over `max_bytes` before anything reads them whole, and
    give each part of a body `read_timeout_s` to arrive (a stream's later wait for the client to
    disconnect is not a body read and has no limit)."""

    def __init__(self, app: ASGIApp, max_bytes: int, read_timeout_s: float = 15.0) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.read_timeout_s = read_timeout_s

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", ()):
            if name == b"content-length":
                try:
                    announced = int(value)
                except ValueError:
                    announced = 0
                if announced > self.max_bytes:
                    await _refuse(send)
                    return
        received = 0
        complete = False

        async def limited() -> Message:
            nonlocal received, complete
            if complete:
                return await receive()
            try:
                with anyio.fail_after(self.read_timeout_s):
                    message = await receive()
            except TimeoutError:
                raise BodyTimeout(self.read_timeout_s) from None
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.max_bytes:
                    raise BodyTooLarge()
                complete = not message.get("more_body", False)
            return message

        await self.app(scope, limited, send)


async def _refuse(send: Send) -> None:
    body = json.dumps({"error": "body_too_large", "message": MESSAGE}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": 413,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                (b"connection", b"close"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})
