"""`pnp serve`'s guards, in process (issue #76 item 1: pnp/serve/access.py and app.py's gates, which test_serve_access
holds through a server in another process, where mutmut cannot map a test to the code it runs). Each gate is an ASGI
callable driven here with a scope of the request's own headers, so every rule is asked at its edges: the token by
query, header or this port's cookie alone, compared whole; a body declared past the limit refused (413) only after
the token, and one streamed past it never held; a Host not the server's own refused before anything (DNS rebinding);
an edit only as a JSON POST from the page's own Origin, never with --read-only, and a body that is no JSON object a
400. Expected answers are those docs/serve.md and the modules' docstrings promise."""
from __future__ import annotations

import asyncio
import json

import pytest

from pnp.serve.access import TokenGate, cookie_name, declared_length, given_tokens, matches, read_limited

TOKEN, PORT, LIMIT = "s3cret-Token_x", 8765, 16_384
REFUSED = "pnp serve answers only to the person who started it"


class Inner:
    """The app behind a gate: it reads the request's body and answers 200 'inner', noting the scope it was handed; with
    `bare`, its answer's start names no headers at all (ASGI allows that)."""

    def __init__(self, bare: bool = False):
        self.reached, self.scopes, self.bodies, self.bare = 0, [], [], bare

    async def __call__(self, scope, receive, send):
        self.reached += 1
        self.scopes.append(scope)
        message = await receive()  # a lifespan's events come this way too: every scope gets its own receive
        if scope["type"] == "http":
            self.bodies.append(message["body"])
        start = {"type": "http.response.start", "status": 200}
        await send(start if self.bare else {**start, "headers": [(b"content-type", b"text/plain")]})
        await send({"type": "http.response.body", "body": b"inner"})


def scope(path: str = "/api/state", method: str = "GET", query: bytes = b"", headers=(), kind: str = "http") -> dict:
    return {"type": kind, "path": path, "method": method, "query_string": query, "headers": [(k.lower(), v) for k, v in headers]}


def ask(app, sc: dict, body: bytes = b"") -> tuple[int | None, dict, bytes, list]:
    """The status, the headers (last of each name; set-cookie as a list in `all`), the body and every message sent."""
    sent: list[dict] = []

    async def receive():
        return {"type": "http.request", "body": body, "more_body": False}

    async def send(message):
        sent.append(message)

    asyncio.run(app(sc, receive, send))
    start = next((m for m in sent if m["type"] == "http.response.start"), None)
    headers = dict(start["headers"]) if start else {}
    answer = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    return (start["status"] if start else None), headers, answer, sent


def gate(inner=None, max_body: int = LIMIT):
    inner = inner or Inner()
    return TokenGate(inner, TOKEN, PORT, max_body), inner


COOKIE = f"pnp-serve-{PORT}={TOKEN}".encode()


@pytest.mark.parametrize("headers, query", [
    ((), b""),
    ((), b"token=s3cret-Token_"),  # a prefix of the token
    ((), b"token=s3cret-Token_xx"),  # the token and more
    ((), b"tokens=" + TOKEN.encode()),  # another field's name
    ((), b"token="),
    (((b"x-pnp-token", b"nope"),), b""),
    (((b"x-other", TOKEN.encode()),), b""),
    (((b"cookie", f"pnp-serve-{PORT + 1}={TOKEN}".encode()),), b""),  # another server's cookie
    (((b"cookie", f"pnp-serve-{PORT}x={TOKEN}".encode()),), b""),
    (((b"set-cookie", COOKIE),), b""),  # not a cookie the browser sent
    (((b"cookie", b"other=" + COOKIE),), b""),  # the name inside another cookie's value
], ids=["nothing", "a prefix", "longer", "another field", "empty", "a wrong header", "another header", "another port's cookie",
        "a longer cookie name", "set-cookie", "inside a value"])
def test_a_request_without_the_token_is_refused_before_the_app_and_says_where_the_address_is(headers, query):
    app, inner = gate()
    status, got, body, _ = ask(app, scope(query=query, headers=headers))
    assert (status, inner.reached) == (403, 0)
    assert json.loads(body) == {"error": f"{REFUSED}: open the address it printed in its terminal (http://127.0.0.1:{PORT}/?token=…)"}
    assert got[b"content-type"] == b"application/json" and got[b"connection"] == b"close" and b"set-cookie" not in got
    assert int(got[b"content-length"]) == len(body)


def test_outside_api_the_refusal_is_one_line_of_text():
    app, _ = gate()
    status, got, body, _ = ask(app, scope(path="/static/app.js"))
    assert status == 403 and got[b"content-type"] == b"text/plain; charset=utf-8" and got[b"connection"] == b"close"
    assert body.decode().startswith(REFUSED) and body.endswith(b"\n") and body.count(b"\n") == 1 and int(got[b"content-length"]) == len(body)
    assert ask(app, scope(path="/apix"))[1][b"content-type"].startswith(b"text/plain")  # /api/ is a folder, not a prefix of names


@pytest.mark.parametrize("headers, query", [
    ((), b"token=" + TOKEN.encode()),
    ((), b"a=1&token=" + TOKEN.encode() + b"&b=2"),
    ((), b"token=wrong&token=" + TOKEN.encode()),  # every candidate is checked
    (((b"x-pnp-token", TOKEN.encode()),), b""),
    (((b"x-pnp-token", b"wrong"), (b"x-pnp-token", TOKEN.encode())), b""),
], ids=["query", "among fields", "the second of two", "header", "the second header"])
def test_the_token_by_query_or_header_opens_the_app_and_sets_this_ports_cookie(headers, query):
    app, inner = gate()
    status, _, body, sent = ask(app, scope(query=query, headers=headers))
    assert (status, body, inner.reached) == (200, b"inner", 1)
    cookies = [v for k, v in sent[0]["headers"] if k == b"set-cookie"]
    assert cookies == [COOKIE + b"; Path=/; HttpOnly; SameSite=Strict"]
    assert sent[0]["headers"][0] == (b"content-type", b"text/plain")  # the app's own headers are kept


@pytest.mark.parametrize("cookie", [COOKIE, b"a=1; " + COOKIE + b"; b=2", b"a=1;" + COOKIE, COOKIE.replace(b"=", b"= ", 1) + b" ",
                                    f"pnp-serve-{PORT}=wrong; ".encode() + COOKIE])
def test_this_ports_cookie_opens_the_app_without_setting_it_again(cookie):
    app, inner = gate()
    status, _, body, sent = ask(app, scope(headers=((b"cookie", cookie),)))
    assert (status, body, inner.reached) == (200, b"inner", 1)
    assert all(k != b"set-cookie" for k, _ in sent[0]["headers"])
    two = ask(app, scope(headers=((b"cookie", b"a=1"), (b"cookie", COOKIE))))  # a second cookie header
    assert two[0] == 200


def test_the_printed_address_leads_to_the_page_without_the_token_in_it():
    for method in ("GET", "HEAD"):
        app, inner = gate()
        status, got, body, _ = ask(app, scope(path="/", method=method, query=b"token=" + TOKEN.encode()))
        assert (status, got[b"location"], got[b"cache-control"], body, inner.reached) == (303, b"/", b"no-store", b"", 0)
        assert got[b"set-cookie"] == COOKIE + b"; Path=/; HttpOnly; SameSite=Strict" and got[b"content-length"] == b"0"
    app, inner = gate()
    assert ask(app, scope(path="/", method="POST", query=b"token=" + TOKEN.encode()))[0] == 200 and inner.reached == 1
    assert ask(app, scope(path="/other", query=b"token=" + TOKEN.encode()))[0] == 200
    assert ask(app, scope(path="/", headers=((b"cookie", COOKIE),)))[0] == 200  # by cookie: the page itself


def test_a_body_declared_past_the_limit_is_refused_after_the_token_and_one_at_the_limit_is_taken():
    app, inner = gate()
    mine = ((b"cookie", COOKIE),)
    status, got, body, _ = ask(app, scope(method="POST", headers=(*mine, (b"content-length", str(LIMIT + 1).encode()))))
    assert (status, inner.reached) == (413, 0)
    assert json.loads(body) == {"error": f"a request to pnp serve is at most 16 KB; this one declares {LIMIT + 1:,} bytes"}
    assert got[b"connection"] == b"close"
    assert ask(app, scope(method="POST", headers=(*mine, (b"content-length", str(LIMIT).encode()))))[0] == 200
    assert ask(app, scope(method="POST", headers=(*mine, (b"content-length", b"lots"))))[0] == 200  # no number: read_limited holds it
    stranger = ask(app, scope(method="POST", headers=((b"content-length", b"99999999"),)))
    assert stranger[0] == 403  # without the token, nothing else is said
    assert ask(gate(max_body=4096)[0], scope(method="POST", headers=(*mine, (b"content-length", b"5000"))))[2].startswith(b'{"error": "a request to pnp serve is at most 4 KB')


def test_what_is_not_http_passes_the_gate_and_a_request_reaches_the_app_whole():
    app, inner = gate()
    ask(app, scope(kind="lifespan"))
    assert inner.reached == 1 and inner.scopes[0]["type"] == "lifespan"
    for headers, query in ((((b"cookie", COOKIE),), b""), ((), b"token=" + TOKEN.encode())):
        sent = scope(path="/api/edit", method="POST", query=query, headers=headers)
        ask(app, sent, b'{"game": "g"}')
        assert inner.scopes[-1] is sent and inner.bodies[-1] == b'{"game": "g"}'
    bare, _ = gate(Inner(bare=True))
    status, got, body, _ = ask(bare, scope(query=b"token=" + TOKEN.encode()))
    assert (status, body, got[b"set-cookie"]) == (200, b"inner", COOKIE + b"; Path=/; HttpOnly; SameSite=Strict")


def test_the_candidates_and_the_declared_length_are_read_as_sent():
    sc = scope(query=b"token=a&x=b&token=&token=%ff", headers=((b"x-pnp-token", b"h"), (b"cookie", b"pnp-serve-1=c; pnp-serve-1=d"),
                                                              (b"cookie", b"pnp-serve-2=e")))
    assert given_tokens(sc, 1) == ([b"a", b"", b"\xff", b"h"], [b"c", b"d"])
    assert given_tokens({"headers": []}, 1) == ([], [])  # no query string at all
    assert cookie_name(80) == b"pnp-serve-80"
    assert matches([b"x", b"t"], b"t") and matches([b"t", b"x"], b"t") and not matches([b"x", b"tt"], b"t") and not matches([], b"t")
    assert declared_length({"headers": [(b"content-length", b"12")]}) == 12
    assert declared_length({"headers": [(b"a", b"1"), (b"content-length", b"x"), (b"content-length", b"5")]}) is None
    assert declared_length({"headers": [(b"a", b"1")]}) is None


class Streamed:
    """A request whose body arrives in chunks; how many were asked for."""

    def __init__(self, chunks):
        self.chunks, self.taken = chunks, 0

    async def stream(self):
        for chunk in self.chunks:
            self.taken += 1
            yield chunk


def test_a_streamed_body_stops_at_the_first_byte_past_the_limit():
    at = Streamed([b"a" * 6, b"b" * 4])
    assert asyncio.run(read_limited(at, 10)) == b"a" * 6 + b"b" * 4
    past = Streamed([b"a" * 6, b"b" * 5, b"c" * 100])
    assert asyncio.run(read_limited(past, 10)) is None and past.taken == 2  # the third chunk is never asked for
    assert asyncio.run(read_limited(Streamed([]), 10)) == b""


# app.py: the Host check and the edit routes' guard ------------------------------------------------------------------
def test_only_the_servers_own_host_is_answered_and_every_answer_carries_the_security_headers():
    from pnp.serve.app import SECURITY_HEADERS, OwnHostOnly

    inner = Inner()
    app = OwnHostOnly(inner, "127.0.0.1", PORT)
    for host in (b"evil.example", b"127.0.0.1", f"127.0.0.1:{PORT + 1}".encode(), f"localhost:{PORT}".encode(), None):
        status, _, body, sent = ask(app, scope(headers=((b"host", host),) if host else ()))
        assert (status, body, inner.reached) == (403, f"pnp serve answers only to http://127.0.0.1:{PORT}/".encode(), 0), host
        assert all(h in sent[0]["headers"] for h in SECURITY_HEADERS)
    status, _, body, sent = ask(app, scope(headers=((b"host", f"127.0.0.1:{PORT}".encode()),)))
    assert (status, body, inner.reached) == (200, b"inner", 1)
    assert sent[0]["headers"] == [(b"content-type", b"text/plain"), *SECURITY_HEADERS]
    assert ask(app, scope(kind="websocket", headers=((b"host", f"127.0.0.1:{PORT}".encode()),)))[3] == [{"type": "websocket.close", "code": 1008}]
    ask(app, scope(kind="lifespan"))
    assert inner.reached == 2 and inner.scopes[-1]["type"] == "lifespan"
    sent = scope(method="POST", headers=((b"host", f"127.0.0.1:{PORT}".encode()),))
    ask(app, sent, b"{}")
    assert inner.scopes[-1] is sent and inner.bodies[-1] == b"{}"  # the request reaches the app whole
    bare = OwnHostOnly(Inner(bare=True), "127.0.0.1", PORT)
    assert ask(bare, scope(headers=((b"host", f"127.0.0.1:{PORT}".encode()),)))[3][0]["headers"] == SECURITY_HEADERS


class Editor:
    """What the edit routes ask of an editor: each call noted, each answer a small dict."""

    def __init__(self):
        self.calls = []

    def edit(self, body):
        self.calls.append(("edit", body))
        return {"done": "edit"}

    def undo(self):
        self.calls.append(("undo",))
        return {"done": "undo"}

    def redo(self):
        self.calls.append(("redo",))
        return {"done": "redo"}

    def elements(self, game, item, side):
        self.calls.append(("elements", game, item, side))
        return {"elements": []}


ORIGIN = f"http://127.0.0.1:{PORT}".encode()
JSON = (b"content-type", b"application/json")


def post(route: str, body: bytes = b'{"game": "g"}', headers=((b"origin", ORIGIN), JSON), read_only: bool = False):
    from starlette.applications import Starlette

    from pnp.serve.app import edit_routes

    editor = Editor()
    app = Starlette(routes=edit_routes(editor, PORT, read_only))
    status, got, answer, _ = ask(app, {**scope(path=route, method="POST", headers=headers), "server": ("127.0.0.1", PORT),
                                       "scheme": "http", "root_path": ""}, body)
    return status, (json.loads(answer) if answer else None), editor.calls, got


def test_an_edit_is_taken_as_a_json_post_from_the_pages_own_origin():
    assert post("/api/edit")[:3] == (200, {"done": "edit"}, [("edit", {"game": "g"})])
    assert post("/api/undo")[:3] == (200, {"done": "undo"}, [("undo",)])
    assert post("/api/redo")[:3] == (200, {"done": "redo"}, [("redo",)])
    charset = ((b"origin", ORIGIN), (b"content-type", b"application/json; charset=utf-8"))
    assert post("/api/edit", headers=charset)[0] == 200
    assert post("/api/edit", body=b"x" * 10 + b" " * (16_384 - 12) + b"{}")[0] == 400  # read whole at the limit: not JSON
    assert post("/api/edit", body=b" " * (16_384 - 2) + b"{}")[:3] == (200, {"done": "edit"}, [("edit", {})])


@pytest.mark.parametrize("route", ["/api/edit", "/api/undo", "/api/redo"])
def test_an_edit_from_elsewhere_or_not_json_or_read_only_is_refused_and_nothing_is_called(route):
    other = (b"http://127.0.0.1:" + str(PORT + 1).encode(), b"http://localhost:" + str(PORT).encode(), b"null", ORIGIN + b"/")
    for origin in other:
        status, answer, calls, _ = post(route, headers=((b"origin", origin), JSON))
        assert (status, answer, calls) == (403, {"error": f"edits are taken only from the page http://127.0.0.1:{PORT}/ served"}, [])
    assert post(route, headers=(JSON,))[:3] == (403, {"error": f"edits are taken only from the page http://127.0.0.1:{PORT}/ served"}, [])
    for kind in (b"text/plain", b"application/x-www-form-urlencoded", b"multipart/form-data", b"application/jsonx"):
        assert post(route, headers=((b"origin", ORIGIN), (b"content-type", kind)))[:3] == (415, {"error": "an edit is sent as JSON"}, [])
    assert post(route, headers=((b"origin", ORIGIN),))[:3] == (415, {"error": "an edit is sent as JSON"}, [])
    assert post(route, read_only=True)[:3] == (403, {"error": "pnp serve was started with --read-only: editing is off"}, [])
    status, answer, calls, got = post(route, body=b"{" + b" " * 16_384 + b"}")
    assert (status, answer, calls) == (413, {"error": "an edit is at most 16 KB: this one was longer, and was not read"}, [])
    assert got[b"connection"] == b"close"
    for body in (b"[]", b"null", b"{", b'{"a": "\xff"}', b"[" * 5000 + b"]" * 5000, b'"text"', b"3"):
        assert post(route, body=body)[:3] == (400, {"error": "an edit is a JSON object in UTF-8, nested no deeper than its fields need"}, [])


def test_a_faces_elements_are_listed_with_whether_editing_is_on():
    from starlette.applications import Starlette

    from pnp.serve.app import edit_routes

    for read_only in (False, True):
        editor = Editor()
        app = Starlette(routes=edit_routes(editor, PORT, read_only))
        sc = {**scope(path="/api/elements", query=b"game=g&item=i&side=back"), "server": ("127.0.0.1", PORT), "scheme": "http", "root_path": ""}
        status, _, body, _ = ask(app, sc)
        assert (status, json.loads(body), editor.calls) == (200, {"elements": [], "editing": not read_only}, [("elements", "g", "i", "back")])


def test_a_refusal_is_its_status_and_sentence_and_a_bug_one_sentence_too():
    """An edit the editor refuses answers with the refusal's status and sentence; one that meets a bug in pnp answers
    500 with one sentence naming it and asking for a report, never a traceback; one that works answers 200 with its JSON."""
    from starlette.applications import Starlette

    from pnp.serve.app import edit_routes
    from pnp.serve.editing import Refusal

    class Refusing(Editor):
        def edit(self, body):
            raise Refusal(409, "the file changed on disk")

    class Broken(Editor):
        def edit(self, body):
            raise KeyError("x")

    def answer(editor) -> tuple[int | None, dict]:
        app = Starlette(routes=edit_routes(editor, PORT, False))
        sc = {**scope(path="/api/edit", method="POST", headers=((b"origin", ORIGIN), JSON)), "server": ("127.0.0.1", PORT), "scheme": "http", "root_path": ""}
        status, _, body, _ = ask(app, sc, b'{"a": 1}')
        return status, json.loads(body)

    assert answer(Refusing()) == (409, {"error": "the file changed on disk"})
    assert answer(Broken()) == (500, {"error": "pnp could not answer (KeyError: 'x'); please report this"})
    assert answer(Editor()) == (200, {"done": "edit"})


def test_the_token_is_32_random_bytes_and_the_address_carries_it():
    from pnp.serve.app import address, new_token

    tokens = {new_token() for _ in range(3)}
    assert len(tokens) == 3 and all(len(t) == 43 for t in tokens)  # 32 bytes, URL-safe base64 unpadded
    assert address(8000, "abc") == "http://127.0.0.1:8000/?token=abc"
