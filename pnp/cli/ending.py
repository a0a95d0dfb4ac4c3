"""How a command ends: a mistake in the data or the machine's fault as located lines, a bug in pnp as one line, and
Ctrl-C, whenever it comes, as one line and exit 130 with the last build's files whole."""
from __future__ import annotations

import contextlib
import os
import signal
import sys

import click

from pnp.cli.common import EXIT_DATA, print_findings
from pnp.core.errors import PnpError


def fail(exc: Exception) -> None:
    """End a command that raised `exc`: a mistake in the data or the machine's fault as located lines (exit 1), a bug in
    pnp as one line (exit 3), click's usage errors as click shows them."""
    if isinstance(exc, click.ClickException):
        exc.show()
        sys.exit(exc.exit_code)
    if isinstance(exc, PnpError):
        print_findings(exc.findings)
        sys.exit(EXIT_DATA)
    if "--debug" in sys.argv:
        raise exc
    if isinstance(exc, OSError):  # the machine's fault (a full disk, a read-only folder), not pnp's: said in one line
        from pnp.cli.faults import explain

        click.echo(explain(exc), err=True)
        sys.exit(EXIT_DATA)
    click.echo(f"pnp: internal error: {type(exc).__name__}: {exc} (run with --debug for details)", err=True)  # a bug in pnp, not in the data
    sys.exit(3)


EXIT_INTERRUPTED = 128 + 2  # 128 + SIGINT


def interrupted() -> None:
    """Ctrl-C: one line, the worker processes stopped, exit 130 (128 + SIGINT, as a shell reports it). Every file a build
    writes goes to a temporary name first (pnp.core.files.write_atomic), so what the last build wrote stays whole."""
    from pnp.core.processes import stop_workers

    stop_workers()
    click.echo(STOPPED, err=True)
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            stream.flush()
    os._exit(EXIT_INTERRUPTED)


STOPPED = "pnp: stopped (Ctrl-C); the files of the last build are as they were"
ENDS_WITHIN = 5.0  # seconds a Ctrl-C gives the build to unwind (temporary files removed) before it ends regardless


class CtrlC:
    """How one command stops on Ctrl-C, whenever it comes: the first unwinds the command as an exception does (its
    temporary files removed), and the command ends with one line and exit 130 (`interrupted`) once it has unwound, or
    after `ends_within` seconds if the unwinding waits on a worker or a lock: never a hang.

    Whichever of the two ends the command first, the other waits for it: two ending at once printed the line twice.
    A Ctrl-C while the command unwinds is not raised again, which would cut short the cleanup it interrupts. A
    worker process forked from the command (`command`, its pid) holds this handler until it ignores Ctrl-C itself
    (pnp.core.processes): a Ctrl-C in between is the command's to handle, which stops its workers."""

    def __init__(self, command: int, ends_within: float = ENDS_WITHIN):
        import threading

        self.command = command
        self.ends_within = ends_within
        self.caught = False  # a Ctrl-C is unwinding the command
        self.again = False  # the unwinding was swallowed where Python cannot raise (`unraisable`): raise it once more
        self._ending = threading.Lock()

    def signalled(self, signum, frame) -> None:
        """The SIGINT handler."""
        import threading

        if os.getpid() != self.command or (self.caught and not self.again):
            return
        self.again = False
        if not self.caught:
            self.caught = True
            timer = threading.Timer(self.ends_within, self.end)
            timer.daemon = True
            timer.start()
        raise KeyboardInterrupt

    def unraisable(self, hook):
        """An unraisable-exception hook that gives a Ctrl-C met where Python cannot raise it (a fork's lock hooks, a
        finalizer: "Exception ignored in …") back as a signal, sent once this hook has returned, which stops the command
        at the next place that can unwind it (and the timer ends it regardless)."""
        import threading

        def on_unraisable(unraisable) -> None:
            if unraisable.exc_type is not None and issubclass(unraisable.exc_type, KeyboardInterrupt):
                self.again = True
                again = threading.Timer(AGAIN_AFTER, os.kill, (os.getpid(), signal.SIGINT))
                again.daemon = True
                again.start()
                return
            hook(unraisable)
        return on_unraisable

    def end(self) -> None:
        """End the command as Ctrl-C does (`interrupted`), unless the other way of ending it is doing so: then wait."""
        import threading

        if not self._ending.acquire(blocking=False):
            threading.Event().wait()
        interrupted()


AGAIN_AFTER = 0.05  # seconds: long enough for the hook to have returned, so the signal is met outside it
