"""Who `pnp serve` answers: the person who started it, as Jupyter does, and no one else on the machine.

127.0.0.1 is open to every local account and process, and a header such as
Origin is whatever a non-browser client writes. So the server makes a
random token at start and prints it, in its address, in the terminal of
whoever started it: the only place it goes. Every route (page, scripts,
images, the event stream, the state, a face's elements and template calls,
edits) asks for it: in a cookie (`pnp-serve-PORT`, HttpOnly and
SameSite=Strict, set by the first request that brings the token), or as
`?token=` or an `X-Pnp-Token` header. It is compared in constant time.
A request without it gets 403 and a sentence saying where the address is.

A body is refused by its declared length before any byte of it is read, and
(pnp.serve.app reads an edit with `read_limited`) while it streams, at the
first byte past the limit: it is never held whole.
"""
from __future__ import annotations

import hmac
import json
from urllib.parse import parse_qsl

HEADER = b"x-pnp-token"
QUERY = "token"


def cookie_name(port: int) -> bytes:
    """A cookie per port: a browser sends a host's cookies to every port of it, so two servers must not share one name."""
    return f"pnp-serve-{port}".encode()


def _cookies(headers: list[tuple[bytes, bytes]], name: bytes) -> list[bytes]:
    found = []
    for key, value in headers:
        if key == b"cookie":
            for part in value.split(b";"):
                k, _, v = part.strip().partition(b"=")
                if k == name:
                    found.append(v.strip())
    return found


def given_tokens(scope, port: int) -> tuple[list[bytes], list[bytes]]:
    """(tokens the request brings in its query or header, tokens in its cookie): every candidate, each checked."""
    headers = scope["headers"]
    text = scope.get("query_string", b"").decode("latin-1")  # any bytes at all: latin-1 maps each to one character and back
    query = [v.encode("latin-1") for k, v in parse_qsl(text, keep_blank_values=True, encoding="latin-1") if k == QUERY]
    brought = query + [v for k, v in headers if k == HEADER]
    return brought, _cookies(headers, cookie_name(port))


def matches(candidates: list[bytes], token: bytes) -> bool:
    """Whether any candidate is the token, each compared in constant time (of the token's length)."""
    ok = False
    for candidate in candidates:
        ok |= hmac.compare_digest(candidate, token)
    return ok


def declared_length(scope) -> int | None:
    """The body's length as its Content-Length declares it (None: none declared, or not a number)."""
    for key, value in scope["headers"]:
        if key == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None
    return None


class TokenGate:
    """Refuse every request that does not bring the server's token (403), and any body declared over `max_body` (413).

    The first request that brings the token by query or header gets the
    cookie, so the page, its scripts, images and event stream carry it on
    their own; a visit to the address printed (`/?token=…`) is sent on to `/`,
    so the token does not stay in the address bar."""

    def __init__(self, app, token: str, port: int, max_body: int):
        self.app, self.token, self.port, self.max_body = app, token.encode(), port, max_body
        self.cookie = cookie_name(port) + b"=" + self.token + b"; Path=/; HttpOnly; SameSite=Strict"

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        brought, cookies = given_tokens(scope, self.port)
        by_request = matches(brought, self.token)
        if not by_request and not matches(cookies, self.token):
            return await self._refuse(scope, send, 403, "pnp serve answers only to the person who started it: open the address it "
                                      f"printed in its terminal (http://127.0.0.1:{self.port}/?token=…)")
        length = declared_length(scope)
        if length is not None and length > self.max_body:
            return await self._refuse(scope, send, 413, f"a request to pnp serve is at most {self.max_body // 1024} KB; this one "
                                      f"declares {length:,} bytes")
        if not by_request:
            return await self.app(scope, receive, send)
        if scope["path"] == "/" and scope["method"] in ("GET", "HEAD"):
            return await _start(send, 303, [(b"location", b"/"), (b"set-cookie", self.cookie), (b"cache-control", b"no-store")], b"")
        return await self.app(scope, receive, self._with_cookie(send))

    def _with_cookie(self, send):
        async def sender(message):
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), (b"set-cookie", self.cookie)]}
            await send(message)
        return sender

    async def _refuse(self, scope, send, status: int, sentence: str):
        """The refusal as JSON under /api/ (the page reads `error`), as one line of text elsewhere; the connection is
        closed after it, so a body not read is never read."""
        if scope["path"].startswith("/api/"):
            body, kind = json.dumps({"error": sentence}).encode(), b"application/json"
        else:
            body, kind = sentence.encode() + b"\n", b"text/plain; charset=utf-8"
        await _start(send, status, [(b"content-type", kind), (b"connection", b"close")], body)


async def _start(send, status: int, headers: list[tuple[bytes, bytes]], body: bytes) -> None:
    await send({"type": "http.response.start", "status": status, "headers": [*headers, (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


async def read_limited(request, limit: int) -> bytes | None:
    """The request's body, or None as soon as more than `limit` bytes have arrived (the rest is never read)."""
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            return None
    return bytes(body)
