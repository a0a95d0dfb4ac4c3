"""Worker processes: how pnp starts them, and when a second core is worth one.

A build splits work across processes only where the work is large and
independent (games, a large deck's faces, a long PDF's ink); each part gives
the same values in any process, so the output does not depend on the split.
"""
from __future__ import annotations

import os
import signal
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor


def start_method():
    """fork where it is safe and quick (Linux: a worker starts with pnp already imported), else spawn."""
    import multiprocessing  # here, not at the top: a build in one process never starts a worker, so never imports it

    return multiprocessing.get_context("fork" if sys.platform == "linux" else "spawn")


def cores() -> int:
    """How many processes a command may keep busy: PNP_JOBS if set (1: all in the command's own process), else every core.

    A machine shared with other work, or a test runner that already runs one
    test per core, sets it lower."""
    wanted = os.environ.get("PNP_JOBS", "").strip()
    if wanted:
        try:
            return max(1, int(wanted))
        except ValueError:
            raise SystemExit(f"PNP_JOBS={wanted!r}: give a whole number of processes, such as 1 or 4") from None
    return os.cpu_count() or 1


def several_cores() -> bool:
    """Whether the machine has a core to spare for a helper process.

    A worker of a pool asks too: its large piece of work (a big deck) is
    usually the last one running, when the other workers are idle."""
    return cores() > 1


def worker_pool(workers: int, make=None, args: tuple = ()) -> ProcessPoolExecutor:
    """A pool of `workers` processes, each ending when this process ends (see `_start_worker`). Each worker runs
    `make(*args)` once as it starts; what it returns is the worker's state, which its tasks read with `worker_state()`."""
    from concurrent.futures import ProcessPoolExecutor

    _libc()  # loaded here, so a forked worker finds it loaded
    return ProcessPoolExecutor(workers, mp_context=start_method(), initializer=_start_worker, initargs=(os.getpid(), make, args))


def helper_pool(make=None, args: tuple = ()) -> ProcessPoolExecutor:
    """A pool of one process, to run half of a large piece of work beside this process."""
    return worker_pool(1, make, args)


_STATE: object = None  # what this worker process's pool made as it started (`worker_pool`); None outside a worker


def worker_state():
    """The state this worker process was made with (`worker_pool`'s `make`): its engine and games, a deck's context."""
    return _STATE


def _start_worker(parent: int, make, args: tuple) -> None:
    """Make a worker end when the process that started it does, then make its state: the one thing a worker keeps
    for all its tasks, and this the one place it is set.

    A pool's workers wait for work on a pipe they hold both ends of, so a
    worker whose parent died (Ctrl-C, or a killed command, while it forked a
    helper) would wait for ever, holding the terminal's output open. On Linux
    the kernel sends it SIGTERM when its parent ends (PR_SET_PDEATHSIG); a
    parent already gone ends it here."""
    global _STATE
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches the whole process group: the parent stops its workers (stop_workers)
    end_with_parent(parent)
    if make is not None:
        _STATE = make(*args)


def end_with_parent(parent: int) -> None:
    """Have the kernel send this process SIGTERM when its parent (`parent`, the process that forked it) ends, on Linux;
    end now if it has ended already."""
    libc = _libc()
    if libc is not None:
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
    if os.getppid() != parent:
        os._exit(1)


PR_SET_PDEATHSIG = 1  # linux/prctl.h
_LIBC: list = []


def _libc():
    """The C library, on Linux (for prctl); None elsewhere."""
    if not _LIBC:
        if sys.platform.startswith("linux"):
            import ctypes

            _LIBC.append(ctypes.CDLL(None, use_errno=True))
        else:
            _LIBC.append(None)
    return _LIBC[0]


def stop_workers(wait: float = 2.0) -> None:
    """End this process's worker processes now (Ctrl-C): they ignore SIGINT, so that a build stops once, in its main
    process, with one line and no traceback from each worker."""
    import multiprocessing

    children = multiprocessing.active_children()
    for child in children:
        child.terminate()
    for child in children:
        child.join(wait)
        if child.is_alive():
            child.kill()
