"""How a command starts: handed to a warm fork server, or run in this process.

A fresh Python process spends about 0.4 s importing pnp and its libraries
(reportlab, pydantic, Jinja, numpy, pdfium) before it does any work, and a
designer who rebuilds one deck dozens of times an hour pays it every time.
`pnp` therefore runs each short command (build, validate, list, export, …) in
a child forked from a fork server that imported everything once
(pnp.launch.forkserver): the child starts with pnp imported and nothing else
in memory, as a new process would, and gets this terminal, folder and
environment. With no server yet, the command runs here and a server is
started for the next one. It is per user, per Python and per copy of pnp;
it stops after 20 idle minutes, when pnp's code changes, or on
`pnp server stop`. `PNP_SERVER=0` (or any CI, where `CI` is set) runs every
command here.

This package is the top layer: it imports only the standard library until it
decides to run a command here.
"""
from __future__ import annotations

import sys


def run() -> None:
    """The `pnp` entry point: hand the command to the fork server if one is up, else run it here (and start one)."""
    from pnp.launch import address

    argv = sys.argv[1:]
    if address.server_command(argv):
        from pnp.launch.control import server

        sys.exit(server(argv[1:]))
    if not address.routable(argv) or not address.enabled():
        _run_here()
        return
    from pnp.launch import client  # a socket, JSON and signals: only for a command a server may run

    try:
        place = address.Place.of_this_process()
    except OSError:  # no working folder (it was removed): the command says what it makes of that
        _run_here()
        return
    code = client.hand_over(place, argv)
    if code is not None:
        client.leave(code)
    try:
        _run_here()
    finally:
        client.start_server(place)


def _run_here() -> None:
    from pnp.cli import run as run_cli

    run_cli()
