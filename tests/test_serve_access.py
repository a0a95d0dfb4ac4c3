"""`pnp serve` answers only to whoever started it (issue 74 item 2), as Jupyter does: the token is in the address it
prints in its terminal, and nowhere a page or file on the machine shows it. Every route asks for it; a process of
another account (or, where root is not ours, another process that never saw the terminal) reads and writes nothing,
whatever Origin it forges; a body over the limit is refused by its declared length, or while it streams, before it is
held; a malformed edit is a 400 with one sentence (issue 74 item 5).
"""
from __future__ import annotations

import hashlib
import json
import os
import pwd
import select
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import TEST_PROJECT
from test_serve import Server, _no_network  # noqa: F401 (loopback only: the tests talk to their server)
from test_serve_edit import HERO, KNIGHT, ORIGIN, PORT, TOKEN, page  # noqa: F401 (`page`: the app on the tiny game, with the token's cookie)

REFUSED = "printed in its terminal"
MB = 1024 * 1024

# The attacker: stdlib only, so that it runs as another user with the system's Python. It is told everything but the
# token (an image's name, an element's path and digest: the worst case) and reports each answer's status and body.
ATTACK = r'''
import http.client, json, os, sys
port, plan = int(sys.argv[1]), json.loads(sys.argv[2])
out = {"uid": os.getuid(), "answers": []}
for method, path, headers, body in plan:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.request(method, path, body=body.encode() if body is not None else None, headers={"Host": f"127.0.0.1:{port}", **headers})
    answer = conn.getresponse()
    out["answers"].append([method, path, answer.status, answer.read(4000).decode("utf-8", "replace")])
    conn.close()
print(json.dumps(out))
'''


def _plan(server: Server, state: dict, element: dict, forged: dict) -> list:
    """Every route, read and write, as a client that knows all but the token asks for it."""
    image = next(shot["src"] for s in state["games"][0]["sections"] for i in s["items"] for shot in i["images"] if shot["src"])
    edit = json.dumps({"game": "tiny", "item": KNIGHT, "side": "front", "moves": [
        {"path": element["path"], "file": element["file"], "digest": element["digest"], "from": element["box"],
         "to": [element["box"][0] + 10, *element["box"][1:]]}]})
    write = {"Origin": f"http://127.0.0.1:{server.port}", "Content-Type": "application/json", **forged}
    reads = ["/", "/static/app.js", "/static/edit.js", "/static/style.css", image, "/events", "/api/state",
             f"/api/elements?game=tiny&item={KNIGHT}&side=front"]
    return ([["GET", path, forged, None] for path in reads] + [["POST", "/api/edit", write, edit], ["POST", "/api/undo", write, "{}"],
                                                                ["POST", "/api/redo", write, "{}"]])


def _attack(server: Server, plan: list) -> dict:
    """The plan run by another process: as the user `nobody` when this test runs as root (another account, as the
    issue's attack was), else as this user without the token (another process that never saw the terminal)."""
    other = os.geteuid() == 0 and Path("/usr/bin/python3").exists()
    command = ["/usr/bin/python3" if other else sys.executable, "-I", "-c", ATTACK, str(server.port), json.dumps(plan)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, cwd="/", user=pwd.getpwnam("nobody").pw_uid if other else None,
                          env={"PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """`pnp serve` as the CLI starts it, on a copy of the tiny game, drawn once; the tests put back what they change."""
    root = tmp_path_factory.mktemp("access")
    shutil.copytree(TEST_PROJECT, root / "project", ignore=shutil.ignore_patterns("output"))
    for folder in (root, root / "project"):
        folder.chmod(0o755)  # the other user may look: the server, not the file system, is what is tested
    server = Server(root / "project", root / "serve.log")
    try:
        json.loads(server.state())
        yield server
    finally:
        server.stop()


def _element(server: Server) -> dict:
    """The star row as listed once the drawing is of the template as it is on disk (after an earlier test's undo)."""
    want = hashlib.sha256((server.project / HERO).read_bytes()).hexdigest()
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        status, body = server.request(f"/api/elements?game=tiny&item={KNIGHT}&side=front")
        found = [e for e in json.loads(body).get("elements", []) if e["function"] == "repeat" and e.get("digest") == want] if status == 200 else []
        if found:
            return found[0]
        time.sleep(0.1)
    raise AssertionError("the template as on disk was not drawn within 60 s")


@pytest.mark.parametrize("forged", [{}, {"X-Pnp-Token": "guess"}, {"Cookie": "pnp-serve-1=x"}, {"Referer": "http://127.0.0.1/"}],
                         ids=["nothing", "a guessed token", "another server's cookie", "a forged referer"])
def test_a_process_without_the_token_reads_and_writes_nothing(served, forged):
    """Another account's process (root here: `nobody`) asks every route, read and write, with the page's own Origin
    forged: every answer is 403 with the sentence, none shows the game, and the template is unchanged. The same
    requests with the token are answered, and the edit is written (then undone)."""
    state = json.loads(served.state())
    element = _element(served)
    hero = (served.project / HERO).read_bytes()
    plan = _plan(served, state, element, forged)
    report = _attack(served, plan)
    if os.geteuid() == 0:
        assert report["uid"] != os.geteuid(), "the attacker ran as another account"
    for method, path, status, body in report["answers"]:
        assert status == 403 and REFUSED in body, (method, path, status, body[:200])
        assert "Tiny" not in body and "heroes" not in body and "{%" not in body, (method, path, "leaked", body[:200])
    assert (served.project / HERO).read_bytes() == hero, "the template was not written"

    mine = {"Cookie": served.cookie}
    for method, path, headers, body in plan:
        if path == "/events":
            continue  # an endless stream: its refusal above is what matters; the page's test reads it with the token
        status, answer = _ask(served, method, path, {**headers, **mine}, body)
        assert status == 200, (method, path, status, answer[:300])
        if path == "/api/edit":
            assert (served.project / HERO).read_bytes() != hero, "with the token, the edit is written"
        if path == "/api/undo":
            assert (served.project / HERO).read_bytes() == hero, "and undone"
            break


def _ask(server: Server, method: str, path: str, headers: dict, body: str | None) -> tuple[int, str]:
    import http.client

    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
    try:
        conn.request(method, path, body=body.encode() if body is not None else None, headers={"Host": f"127.0.0.1:{server.port}", **headers})
        answer = conn.getresponse()
        return answer.status, answer.read().decode("utf-8", "replace")
    finally:
        conn.close()


def _peak_kb(pid: int) -> int:
    """The process's peak resident memory so far (VmHWM), in KB."""
    line = next(line for line in Path(f"/proc/{pid}/status").read_text().splitlines() if line.startswith("VmHWM:"))
    return int(line.split()[1])


def _stream(server: Server, cookie: bool, declared: bool, total: int = 50 * MB) -> tuple[int, bytes]:
    """POST an edit of `total` bytes ('[' each: JSON nested past any reader), by a declared length or chunked as it
    streams; (bytes the server took before it answered and closed, its answer)."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=30) as s:
        head = (f"POST /api/edit HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nOrigin: http://127.0.0.1:{server.port}\r\n"
                f"Content-Type: application/json\r\n{'Cookie: ' + server.cookie + chr(13) + chr(10) if cookie else ''}"
                f"{f'Content-Length: {total}' if declared else 'Transfer-Encoding: chunked'}\r\n\r\n")
        s.sendall(head.encode())
        sent, chunk = 0, b"[" * 65536
        try:
            while sent < total and not select.select([s], [], [], 0)[0]:  # stop once answered: bytes sent after the
                # server closed reset the connection, and the reset drops the answer before it is read
                s.sendall(chunk if declared else b"%x\r\n%s\r\n" % (len(chunk), chunk))
                sent += len(chunk)
            if not declared and sent >= total:  # the whole body sent, unanswered: end it (after an answer it would reset the connection)
                s.sendall(b"0\r\n\r\n")
        except OSError:  # refused and closed: the rest is never read
            pass
        answer = b""
        try:
            while chunk := s.recv(65536):
                answer += chunk
        except OSError:
            pass
        return sent, answer


def _refused(server: Server) -> bytes:
    """The answer to an edit without the token whose small body is sent whole before the answer is read."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as s:
        s.sendall(f"POST /api/edit HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nOrigin: http://127.0.0.1:{server.port}\r\n"
                  f"Content-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{{}}".encode())
        answer = b""
        while chunk := s.recv(65536):
            answer += chunk
    return answer


@pytest.mark.parametrize("how", ["declared", "streamed"])
def test_a_body_over_the_limit_is_refused_before_it_is_held(served, how):
    """A 50 MB edit: refused with 413 and a sentence, by its declared length before a byte of it is read, or while it
    streams at the limit; the server takes a few MB at most (what the sockets buffer) and its peak memory does not
    grow by the body. Without the token, 403 before anything."""
    served.state()
    before = _peak_kb(served.proc.pid)
    sent, answer = _stream(served, cookie=True, declared=how == "declared")
    assert answer.startswith(b"HTTP/1.1 413") and b"at most 16 KB" in answer, answer[:300]
    assert sent < 20 * MB, f"the server read {sent / MB:.0f} MB of a body it refuses"
    assert _peak_kb(served.proc.pid) - before < 16 * 1024, "the server's peak memory grew by the body"
    if how == "declared":  # the length alone, and no byte of the body: refused at once, never waiting for one
        with socket.create_connection(("127.0.0.1", served.port), timeout=10) as s:
            s.sendall(f"POST /api/edit HTTP/1.1\r\nHost: 127.0.0.1:{served.port}\r\nOrigin: http://127.0.0.1:{served.port}\r\nCookie: {served.cookie}\r\n"
                      f"Content-Type: application/json\r\nContent-Length: {50 * MB}\r\n\r\n".encode())
            assert s.recv(65536).startswith(b"HTTP/1.1 413")
    sent, answer = _stream(served, cookie=False, declared=how == "declared")
    assert answer.startswith(b"HTTP/1.1 403"), answer[:300]
    # its words, unless the server closed on the body still arriving, whose reset drops what the client had not read
    # yet (the words, in a packet after the status line's): asked again with a body sent whole, they are always read
    assert REFUSED.encode() in (answer if b"\r\n\r\n{" in answer else _refused(served)), answer[:300]
    status, _ = served.request("/api/state")
    assert status == 200, "the server keeps serving"


def test_every_route_asks_for_the_token_and_the_printed_address_gives_it(page):  # noqa: F811
    """In the app itself: every route refuses a request without the token (as JSON under /api/), the printed address
    sets an HttpOnly, SameSite=Strict cookie for this port alone and leads to `/` without the token in it, and the
    token is taken from a header too."""
    from starlette.testclient import TestClient

    stranger = TestClient(page.client.app, base_url=ORIGIN, follow_redirects=False)
    for path in ("/", "/static/app.js", "/img/0.png", "/events", "/api/state", "/api/elements?game=tiny", "/?token=guess", f"/?token={TOKEN}x"):
        answer = stranger.get(path)
        assert answer.status_code == 403 and REFUSED in answer.text and "set-cookie" not in answer.headers, (path, answer.status_code, answer.text)
        if path.startswith("/api/"):
            assert REFUSED in answer.json()["error"]
    opened = stranger.get(f"/?token={TOKEN}")
    assert opened.status_code == 303 and opened.headers["location"] == "/", opened.headers
    cookie = opened.headers["set-cookie"]
    assert cookie.startswith(f"pnp-serve-{PORT}={TOKEN};") and "HttpOnly" in cookie and "SameSite=Strict" in cookie and "Path=/" in cookie, cookie
    assert TOKEN not in stranger.get("/", headers={"cookie": f"pnp-serve-{PORT}={TOKEN}"}).text, "the page itself never holds the token"
    assert stranger.get("/api/state", headers={"x-pnp-token": TOKEN}).status_code == 200
    assert stranger.get("/api/state", headers={"cookie": f"pnp-serve-{PORT + 1}={TOKEN}"}).status_code == 403, "another port's cookie"


NESTED = "[" * 5000 + "]" * 5000
MALFORMED = {  # name → (the body, as sent, or a function of a good move giving it)
    "nested 5,000 deep": NESTED,
    "nested in a field": '{"game": ' + NESTED + "}",
    "a number of 5,000 digits": '{"game": ' + "9" * 5000 + "}",
    "not UTF-8": b'{"game": "\xff"}',
    "not JSON": "{",
    "empty": "",
    "a list": "[]",
    "null": "null",
    "a lone surrogate in the game": lambda move: _body(move, game="\ud800"),
    "a lone surrogate in the file": lambda move: _body({**move, "file": "templates/tiny/\udcff.j2"}),
    "a NUL in the file": lambda move: _body({**move, "file": HERO + "\x00.png"}),
    "a NUL in the item": lambda move: _body(move, item=KNIGHT + "\x00"),
    "an escape in the path": lambda move: _body({**move, "path": "\x1b[2J"}),
    "a DEL in the item": lambda move: _body(move, item=KNIGHT + "\x7f"),
    "the game a number": lambda move: _body(move, game=5),
    "the item a list": lambda move: _body(move, item=[KNIGHT]),
    "moves a text": lambda move: _body(move, moves="up"),
    "moves of numbers": lambda move: _body(move, moves=[1, 2]),
    "no moves": lambda move: _body(move, moves=[]),
    "a box of three": lambda move: _body({**move, "to": [1, 2, 3]}),
    "a box of booleans": lambda move: _body({**move, "to": [True, 1, 1, 1]}),
    "a box of texts": lambda move: _body({**move, "from": ["1", "2", "3", "4"]}),
    "a box past any sheet": lambda move: _body({**move, "to": [1e400, 1, 1, 1]}).replace("Infinity", "1e400"),
    "a digest that is none": lambda move: _body({**move, "digest": "x"}),
    "a box twenty metres wide": lambda move: _body({**move, "to": [1, 1, 20_000, 1]}),
    "a digest of 63 hex digits, one short of a SHA-256": lambda move: _body({**move, "digest": move["digest"][:63]}),
}


def _body(move: dict, **fields) -> str:
    return json.dumps({"game": "tiny", "item": KNIGHT, "side": "front", "moves": [move], **fields})


@pytest.mark.parametrize("name", MALFORMED)
def test_a_malformed_edit_is_a_400_with_one_sentence(page, name):  # noqa: F811
    """Deep nesting, lone surrogates, NULs, wrong types: 400 and one sentence (never 500, never a traceback), and the
    template unchanged. A listing asked with a NUL is refused the same way."""
    element = page.element("repeat", 4)
    move = {"path": element["path"], "file": element["file"], "digest": element["digest"], "from": element["box"],
            "to": [element["box"][0] + 10, *element["box"][1:]]}
    body = MALFORMED[name]
    body = body(move) if callable(body) else body
    hero = (page.root / HERO).read_bytes()
    answer = page.client.post("/api/edit", content=body if isinstance(body, bytes) else body.encode("utf-8", "surrogatepass"),
                              headers={**page.headers, "content-type": "application/json"})
    assert answer.status_code == 400, (answer.status_code, answer.text)
    error = answer.json()["error"]
    assert error and "\n" not in error and "Traceback" not in error, error
    assert (page.root / HERO).read_bytes() == hero
    listed = page.client.get("/api/elements", params={"game": "tiny", "item": KNIGHT + "\x00", "side": "front"})
    assert listed.status_code == 400 and "control character" in listed.json()["error"], listed.text


def test_a_game_not_shown_is_named_as_such(page):  # noqa: F811
    answer = page.client.get("/api/elements", params={"game": "other", "item": KNIGHT, "side": "front"})
    assert answer.status_code == 404 and "shows no game 'other'" in answer.json()["error"], answer.text


def test_the_server_prints_its_address_with_the_token_and_nothing_else_gives_it(served):
    """The terminal's line holds the token; the page, its scripts and the state do not."""
    assert len(served.token) >= 40 and f"?token={served.token}" in served.url
    for path in ("/", "/static/app.js", "/static/edit.js", "/api/state"):
        status, body = served.request(path)
        assert status == 200 and served.token.encode() not in body, path
