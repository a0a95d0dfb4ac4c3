"""`pnp serve` answers odd and malformed requests (issue #49 item 7) without a traceback in its log, and keeps serving."""
from __future__ import annotations

import re
import socket
from pathlib import Path

import pytest
from test_serve import Server, _no_network  # noqa: F401 (the loopback-only network fixture, autouse here too)

CASES = {  # name → the raw bytes sent; {host} is the server's own address, so only the oddity is odd
    "bad request line": b"GARBAGE\r\n\r\n",
    "bad method": b"FOO / HTTP/1.1\r\nHost: {host}\r\n\r\n",
    "long method": b"A" * 5000 + b" / HTTP/1.1\r\nHost: {host}\r\n\r\n",
    "huge header": b"GET / HTTP/1.1\r\nHost: {host}\r\nX-Big: " + b"a" * 200000 + b"\r\n\r\n",
    "many headers": b"GET / HTTP/1.1\r\nHost: {host}\r\n" + b"X-A: b\r\n" * 5000 + b"\r\n",
    "traversal": b"GET /../../etc/passwd HTTP/1.1\r\nHost: {host}\r\n\r\n",
    "encoded traversal": b"GET /static/..%2f..%2fetc%2fpasswd HTTP/1.1\r\nHost: {host}\r\n\r\n",
    "nul in path": b"GET /img/%00 HTTP/1.1\r\nHost: {host}\r\n\r\n",
    "non-utf8 path": b"GET /static/\xff\xfe HTTP/1.1\r\nHost: {host}\r\n\r\n",
    "bad percent": b"GET /static/%zz%ff HTTP/1.1\r\nHost: {host}\r\n\r\n",
    "odd query": b"GET /api/state?%ff%fe=%%%&&=&a=\xff HTTP/1.1\r\nHost: {host}\r\n\r\n",
    "absolute uri": b"GET http://evil/ HTTP/1.1\r\nHost: {host}\r\n\r\n",
    "http 0.9": b"GET /\r\n\r\n",
    "http 2 preface": b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n",
    "negative length": b"POST /api/state HTTP/1.1\r\nHost: {host}\r\nContent-Length: -1\r\n\r\n",
    "huge length": b"GET /api/state HTTP/1.1\r\nHost: {host}\r\nContent-Length: 99999999999999999999\r\n\r\nabc",
    "bad chunked body": b"POST /api/state HTTP/1.1\r\nHost: {host}\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
    "bad chunked get": b"GET /api/state HTTP/1.1\r\nHost: {host}\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n\r\n",
    "two hosts": b"GET /api/state HTTP/1.1\r\nHost: {host}\r\nHost: evil\r\n\r\n",
    "options star": b"OPTIONS * HTTP/1.1\r\nHost: {host}\r\n\r\n",
    "connect": b"CONNECT evil:443 HTTP/1.1\r\nHost: {host}\r\n\r\n",
    "head": b"HEAD /api/state HTTP/1.1\r\nHost: {host}\r\n\r\n",
    "websocket upgrade": b"GET / HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                         b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n",
    "long path": b"GET /" + b"a" * 100000 + b" HTTP/1.1\r\nHost: {host}\r\n\r\n",
    "long image name": b"GET /img/" + b"0" * 5000 + b".png HTTP/1.1\r\nHost: {host}\r\n\r\n",
    "header without colon": b"GET / HTTP/1.1\r\nHost: {host}\r\nBadHeader\r\n\r\n",
    "non-ascii header": b"GET / HTTP/1.1\r\nHost: {host}\r\nX: \xff\xfe\r\n\r\n",
}
HUNG_UP = {  # sent, then the connection is closed without reading
    "half a request": b"GET /api/st",
    "events, then gone": b"GET /events HTTP/1.1\r\nHost: {host}\r\n\r\n",
}


def _answered(got: bytes, head: bool) -> bool:
    """Whether `got` holds a whole HTTP answer: its headers and the body they announce (none to a HEAD request). A
    keep-alive answer leaves the connection open, so its end is known from its length, not from the server closing."""
    end = got.find(b"\r\n\r\n")
    if end < 0:
        return False
    length = re.search(rb"^content-length:\s*(\d+)\s*$", got[:end].lower(), re.M)
    return head or (length is not None and len(got) >= end + 4 + int(length.group(1)))


def _send(port: int, data: bytes, read: bool = True) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=1) as s:  # an answer of unknown length: what comes within a second
        s.sendall(data.replace(b"{host}", f"127.0.0.1:{port}".encode()))
        got = b""
        if read:
            try:
                while not _answered(got, data.startswith(b"HEAD ")) and (chunk := s.recv(65536)) and len(got) < 200000:
                    got += chunk
            except (TimeoutError, ConnectionResetError):
                pass
        return got


@pytest.fixture(scope="module")
def odd_server(tmp_path_factory):
    import shutil

    from conftest import TEST_PROJECT

    root = tmp_path_factory.mktemp("odd")
    shutil.copytree(TEST_PROJECT, root / "project", ignore=shutil.ignore_patterns("output"))
    srv = Server(root / "project", root / "serve.log")
    srv.state()
    yield srv
    srv.stop()


@pytest.mark.parametrize("name", [*CASES, *HUNG_UP])
def test_an_odd_request_is_answered_without_a_traceback_and_the_server_keeps_serving(odd_server, name):
    log = Path(odd_server.log.name)
    before = log.read_text(encoding="utf-8", errors="replace")
    answer = _send(odd_server.port, CASES.get(name) or HUNG_UP[name], read=name in CASES)
    if name in CASES and answer:
        assert answer.startswith(b"HTTP/1.1 "), answer[:80]
        assert b"root:" not in answer, "a file from outside was served"
    status, body = odd_server.request("/api/state")
    assert status == 200 and b"Tiny" in body, "the server still answers"
    after = log.read_text(encoding="utf-8", errors="replace")
    assert "Traceback" not in after[len(before):], after[len(before):][-3000:]
