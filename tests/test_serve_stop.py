"""`pnp serve` stops cleanly however its connections end (issue 100): after many half-open connections, Ctrl-C or a
SIGTERM ends it with its last line and exit 0, no traceback; a page's open event stream is ended as HTTP ends an
answer, not cut off.

The connections: requests that stop half-way through their headers, requests that send half the body they announce,
clients that ask for a file many times over without reading a byte of the answers (so the server's writes wait), and
pages listening to the event stream."""
from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys

import pytest
from conftest import ROOT, TEST_PROJECT

TIMEOUT = 60
LOOPBACK = "127.0.0.1"


@pytest.fixture(autouse=True)
def _no_network(monkeypatch):
    """As in conftest, but the loopback is allowed: these clients talk to the server on 127.0.0.1."""
    real_connect = socket.socket.connect

    def connect(sock, address):
        if sock.family == socket.AF_INET and address[0] == LOOPBACK:
            return real_connect(sock, address)
        raise OSError("network access is disabled in tests (only the loopback is allowed here)")

    monkeypatch.setattr(socket.socket, "connect", connect)


def _connect(port: int, small_buffer: bool = False) -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    if small_buffer:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
    sock.settimeout(TIMEOUT)
    sock.connect(("127.0.0.1", port))
    return sock


def _half_open(port: int, cookie: bytes) -> list[socket.socket]:
    host = b"Host: 127.0.0.1:%d\r\n" % port
    socks = []
    for _ in range(20):
        half_head = _connect(port)
        half_head.sendall(b"GET /api/state HTTP/1.1\r\n" + host + b"X-Half: ")
        half_body = _connect(port)
        half_body.sendall(b"POST /api/edit HTTP/1.1\r\n" + host + cookie + b"Origin: http://127.0.0.1:%d\r\n" % port
                          + b"Content-Type: application/json\r\nContent-Length: 500\r\n\r\n{\"face\": ")
        socks += [half_head, half_body]
    for _ in range(4):  # ~7 MB of answers asked for, none read: more than the machine's socket buffers hold
        unread = _connect(port, small_buffer=True)
        unread.sendall((b"GET /static/app.js HTTP/1.1\r\n" + host + cookie + b"\r\n") * 100)
        socks.append(unread)
    return socks


@pytest.mark.parametrize("how", ["SIGINT", "SIGTERM"])
def test_serve_stops_cleanly_after_many_half_open_connections(tmp_path, how):
    root = tmp_path / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONUNBUFFERED": "1"}
    server = subprocess.Popen([sys.executable, "-m", "pnp", "--root", str(root), "serve", "tiny", "--port", "0"], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        address = re.search(r"127\.0\.0\.1:(\d+)/\?token=([\w-]+)", server.stdout.readline())
        assert address, server.stderr.read()
        port, cookie = int(address[1]), b"Cookie: pnp-serve-%s=%s\r\n" % (address[1].encode(), address[2].encode())
        page = _connect(port)  # a page listening to the event stream
        page.sendall(b"GET /events HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n" % port + cookie + b"\r\n")
        heard = b""
        while b"event: games" not in heard:
            chunk = page.recv(65536)
            assert chunk, heard
            heard += chunk
        assert b"200 OK" in heard and b"event: games" in heard, heard
        others = _half_open(port, cookie)
        assert server.poll() is None
        server.send_signal(getattr(signal, how))
        while chunk := page.recv(65536):  # the stream ends as an answer ends: the last chunk of a chunked body
            heard += chunk
        out, err = server.communicate(timeout=TIMEOUT)
    finally:
        if server.poll() is None:
            server.kill()
            server.communicate()
    for sock in [page, *others]:
        sock.close()
    assert heard.endswith(b"\r\n0\r\n\r\n"), heard[-200:]
    assert "Traceback" not in err and "ERROR" not in err and "Cancel" not in err, err
    assert server.returncode == 0 and out.splitlines()[-1] == "pnp serve: stopped", (server.returncode, out, err)
