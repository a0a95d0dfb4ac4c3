"""How a command starts and ends: `pnp`'s entry point runs the command line in this process.

This package is the top layer: it imports only the standard library until the
command line is loaded, with the collector off while pnp imports
(pnp.core.collector.frozen_after), and ends the process itself once a command
is done (`leave`).
"""
from __future__ import annotations

import sys

__all__ = ["run", "stopped"]  # what the entry point and `python -m pnp` call

# A build does all its work in one paused call (pnp.cli.build_lines.run_build): the collector stays off from start-up to
# its end, where the first collection after the build scanned everything the build left alive just before the process
# gave it all back (`leave`). `validate --vendor` draws the vendor's files outside its paused call, and an export pauses
# game by game: they collect as before; `watch` and `serve` stay up, and collect.
ENDS_PAUSED = frozenset({"build"})


def run() -> None:
    """The `pnp` entry point: run the command line here."""
    sys.unraisablehook = _stopping_on_ctrl_c(sys.unraisablehook)
    try:
        _run_here()
    except KeyboardInterrupt:  # Ctrl-C before pnp's command line took it (pnp.cli.run): one line, no traceback
        stopped()
    except SystemExit as stop:
        leave(stop)
    except Exception as exc:
        if _interrupted(exc):  # a Ctrl-C met while a class was being made: Python raises it wrapped (a RuntimeError)
            stopped()
        raise


def _stopping_on_ctrl_c(hook):
    """An unraisable-exception hook that ends the process as a Ctrl-C does (`stopped`) when one lands where Python cannot
    raise it while pnp loads (an import's lock callback, a finalizer: "Exception ignored in …" and a traceback), and
    passes anything else to `hook`. The command line puts its own in front once it runs (pnp.cli.run)."""

    def on_unraisable(unraisable) -> None:
        if unraisable.exc_type is not None and issubclass(unraisable.exc_type, KeyboardInterrupt):
            stopped()
        hook(unraisable)
    return on_unraisable


def _interrupted(exc: BaseException) -> bool:
    """Whether `exc` was caused by a Ctrl-C, however deep the chain of exceptions that carried it."""
    seen: set[int] = set()
    while exc is not None and id(exc) not in seen:
        if isinstance(exc, KeyboardInterrupt):
            return True
        seen.add(id(exc))
        exc = exc.__cause__ or exc.__context__
    return False


def leave(stop: SystemExit) -> None:
    """End the process with `stop`'s code once its command is done, its exit handlers run and its output written,
    without Python's own shutdown, which frees every module and object one by one (a tenth of a cold 96-card build's
    processor time: docs/performance.md) where the system takes the memory back at once. A process with another thread still running, or whose output cannot be
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


def _run_here() -> None:
    from pnp.core.collector import frozen_after

    argv = sys.argv[1:]
    ends = _command_of(argv) in ENDS_PAUSED and "--help" not in argv
    _, run_cli = frozen_after(_command_line, keep_off=ends)
    run_cli()


def _command_of(argv: list[str]) -> str | None:
    """The command word of pnp's arguments (`build` in `pnp --root x build -q`), None with `--help`, `--version` or none."""
    words = iter(argv)
    for word in words:
        if word == "--root":
            next(words, None)  # its value, whatever it is (a folder named `build`)
        elif word != "--debug" and not word.startswith("--root="):
            return None if word.startswith("-") else word
    return None


def _command_line():
    from pnp.core.deferred_pil import defer_pillow
    from pnp.data.pydantic_plugins import find_none

    find_none()  # pnp's own process: its models run no pydantic plugin, and it spends nothing looking for one
    defer_pillow()  # nor loads Pillow's Image module (reportlab imports it) before a picture needs it
    from pnp.cli import main, run

    return main, run
