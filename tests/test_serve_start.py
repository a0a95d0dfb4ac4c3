"""`pnp serve` as it starts: where it listens and what a port already taken gets (docs/designers-loop.md: "The server
listens on 127.0.0.1 only"; `pnp serve --help`: "Port on 127.0.0.1 (0: any free port)"). Each test opens its own
socket on the loopback and never connects anywhere; the refusal is driven through the command as a designer types it.
Expected words are the system's own for a port in use (os.strerror of EADDRINUSE), not pnp's."""
from __future__ import annotations

import errno
import os
import socket

import pytest
from conftest import run_pnp

from pnp.serve.app import bind


def test_serve_listens_on_127_0_0_1_alone_not_on_every_network_the_machine_is_on():
    sock = bind(0)
    try:
        host, port = sock.getsockname()
        assert host == "127.0.0.1" and port > 0
    finally:
        sock.close()


def test_a_second_serve_on_a_port_another_serve_listens_on_is_refused_not_started_beside_it():
    first = bind(0)
    try:
        with pytest.raises(OSError) as second:
            bind(first.getsockname()[1]).close()
        assert second.value.errno == errno.EADDRINUSE
    finally:
        first.close()


def test_serve_on_a_port_in_use_says_which_port_why_and_what_to_do_and_starts_nothing(project):
    taken = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        result = run_pnp(project, "serve", "tiny", "--port", str(port))
    finally:
        taken.close()
    shown = result.output + result.stderr
    assert result.exit_code == 2, shown
    assert (f"cannot listen on 127.0.0.1:{port} ({os.strerror(errno.EADDRINUSE)}): choose another --port, or --port 0 for any free one"
            in shown), shown
    assert "Traceback" not in shown and "token=" not in shown, "no address printed: nothing was started"


def test_serve_without_a_port_listens_on_8000_as_the_docs_address_says(project):
    """docs/commands.md and docs/designers-loop.md give serve's address as `http://127.0.0.1:8000/?token=…`: without
    `--port`, its help names 8000 as the port it takes (read from the help, so no server is started on a shared port)."""
    result = run_pnp(project, "serve", "--help")
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())  # the help wraps its lines where the terminal is narrow
    assert "--port INTEGER RANGE Port on 127.0.0.1 (0: any free port). [default: 8000;" in said, said
