"""How a command starts: run in this process, or, when the user turned the fork server on, handed to it.

A fresh Python process spends a good part of a small build importing pnp and
its libraries (reportlab, pydantic, Jinja, numpy, pdfium); docs/performance.md
has the figures. A user who turns the fork server on (`pnp server on`, or
PNP_SERVER=1) has each short command (build, validate, list, export, …) run in
a child forked from a server that imported everything once
(pnp.launch.forkserver): the child starts with pnp imported and nothing else
in memory, as a new process would, and gets this terminal, folder,
environment, limits and priority; a caller that sees the machine otherwise
than the server (another mount or user namespace, other cgroups: a sandbox)
runs its command here. With no server yet, the command runs here
and a server is started for the next one. It is per user, per Python and per
copy of pnp; it stops after 20 idle minutes, when pnp's code changes, or on
`pnp server stop`. It is off by default: a plain `pnp build` leaves nothing
running.

This package is the top layer: it imports only the standard library until it
decides to run a command here.
"""
from __future__ import annotations

import sys

# A build does all its work in one paused call (pnp.cli.build_lines.run_build): the collector stays off from start-up to
# its end, where the first collection after the build scanned everything the build left alive just before the process
# gave it all back (`leave`). `validate --vendor` draws the vendor's files outside its paused call, and an export pauses
# game by game: they collect as before; `watch` and `serve` stay up, and collect.
ENDS_PAUSED = frozenset({"build"})


def run() -> None:
    """The `pnp` entry point: hand the command to the fork server if it is on and up, else run it here."""
    try:
        _route()
    except KeyboardInterrupt:  # Ctrl-C before pnp's command line took it (pnp.cli.run): one line, no traceback
        stopped()
    except SystemExit as stop:
        leave(stop)


def leave(stop: SystemExit) -> None:
    """End the process with `stop`'s code once its command is done, its exit handlers run and its output written,
    without Python's own shutdown, which frees every module and object one by one (a tenth of a cold 96-card build's
    processor time: docs/performance.md) where the system takes the memory back at once; the fork server's
    children end so (pnp.launch.forkserver). A process with another thread still running, or whose output cannot be
    written (a closed pipe), ends the usual way, which waits for the thread, or says what it could not write."""
    import atexit
    import os
    import threading

    if threading.active_count() > 1 or not _flushed():
        raise stop
    atexit._run_exitfuncs()  # run once: they are forgotten as they run
    _flushed()
    os._exit(exit_code(stop.code))


def _flushed() -> bool:
    try:
        for stream in (sys.stdout, sys.stderr):
            if stream is not None:
                stream.flush()
    except (OSError, ValueError):  # a closed pipe, a closed stream
        return False
    return True


def exit_code(code) -> int:
    """The process's exit status for sys.exit's `code`, as Python gives it (a text is printed, and is 1)."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code & 0xFF
    print(code, file=sys.stderr, flush=True)
    return 1


def stopped() -> None:
    """One line, exit 130 (128 + SIGINT), at once: nothing was written yet."""
    import os

    try:
        print("\npnp: stopped (Ctrl-C)", file=sys.stderr, flush=True)
    finally:
        os._exit(130)


def _route() -> None:
    from pnp.launch import address

    argv = sys.argv[1:]
    if argv[:1] == ["server"]:  # `pnp server …`: look at or stop the fork server
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
    from pnp.core.collector import frozen_after
    from pnp.launch import address

    ends = address.routable(sys.argv[1:]) and address.command_of(sys.argv[1:]) in ENDS_PAUSED
    click, main, run_cli = frozen_after(_command_line, keep_off=ends)
    main.add_command(click.Command("server", help="Look at, start, stop, or turn on or off the fork server (pnp server --help).",
                                   context_settings={"ignore_unknown_options": True, "allow_extra_args": True, "help_option_names": []},
                                   callback=_server_via_click, params=[click.Argument(["args"], nargs=-1, type=click.UNPROCESSED)]))
    run_cli()


def _command_line():
    import click

    from pnp.core.deferred_pil import defer_pillow
    from pnp.data.pydantic_plugins import find_none

    find_none()  # pnp's own process: its models run no pydantic plugin, and it spends nothing looking for one
    defer_pillow()  # nor loads Pillow's Image module (reportlab imports it) before a picture needs it
    from pnp.cli import main, run

    return click, main, run


def _server_via_click(args: tuple[str, ...]) -> None:
    """`pnp --root x server …`: the launcher takes `pnp server …` before click does; this is the command `--help` lists."""
    from pnp.launch.control import server

    sys.exit(server(list(args)))
