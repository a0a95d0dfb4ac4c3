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

# Commands that do all their work with the collector paused (pnp.cli.build_lines.run_build) and then end the process:
# the collector stays off from start-up, and once the command's last line is written and every exit handler has run,
# the process ends at once (_end_now) rather than freeing what it made one object at a time (about a tenth of a
# 96-card build's processor time, docs/performance.md). `watch` and `serve` stay up, and collect; `validate --vendor`
# draws the vendor's files with the collector on.
ENDS_PAUSED = frozenset({"build"})
_ENDING: dict[str, int] = {}  # the exit status a command that ends the process raised, for _end_now


def run() -> None:
    """The `pnp` entry point: hand the command to the fork server if it is on and up, else run it here."""
    try:
        _route()
    except KeyboardInterrupt:  # Ctrl-C before pnp's command line took it (pnp.cli.run): one line, no traceback
        stopped()


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
    import atexit

    from pnp.core.collector import frozen_after
    from pnp.launch.address import command_of

    ends = command_of(sys.argv[1:]) in ENDS_PAUSED
    if ends and _no_exit_handler_yet(atexit):
        atexit.register(_end_now)  # before pnp's libraries register theirs: it runs last
    click, main, run_cli = frozen_after(_command_line, keep_off=ends)
    main.add_command(click.Command("server", help="Look at, start, stop, or turn on or off the fork server (pnp server --help).",
                                   context_settings={"ignore_unknown_options": True, "allow_extra_args": True, "help_option_names": []},
                                   callback=_server_via_click, params=[click.Argument(["args"], nargs=-1, type=click.UNPROCESSED)]))
    try:
        run_cli()
    except SystemExit as end:
        if ends and (end.code is None or type(end.code) is int):  # a message for a status is Python's to print
            _ENDING["status"] = end.code or 0
        raise


def _no_exit_handler_yet(atexit) -> bool:
    """Whether no exit handler runs after the one about to be registered: one registered before it (coverage's, a
    program running pnp in its own process) would never run once _end_now has ended the process, so then the
    process ends as Python ends it. Python keeps the count private: without it, no early end either."""
    count = getattr(atexit, "_ncallbacks", None)
    return count is not None and count() == 0


def _end_now() -> None:
    """The last exit handler of a command that ends the process (ENDS_PAUSED): once Python has waited for its threads
    and run every other handler, its output is flushed and the process ends with the status it raised, without the
    teardown that frees each module and object it made. Output that cannot be flushed (a closed pipe) leaves the
    ending to Python, which reports it as always."""
    import os

    if "status" not in _ENDING:
        return
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):
        return
    os._exit(_ENDING["status"])


def _command_line():
    import click

    from pnp.data.pydantic_plugins import find_none

    find_none()  # pnp's own process: its models run no pydantic plugin, and it spends nothing looking for one
    from pnp.cli import main, run

    return click, main, run


def _server_via_click(args: tuple[str, ...]) -> None:
    """`pnp --root x server …`: the launcher takes `pnp server …` before click does; this is the command `--help` lists."""
    from pnp.launch.control import server

    sys.exit(server(list(args)))
