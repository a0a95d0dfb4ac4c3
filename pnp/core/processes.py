"""Worker processes: how pnp starts them, and when a second core is worth one.

A build splits work across processes only where the work is large and
independent (games, a large deck's faces, a long PDF's ink); each part gives
the same values in any process, so the output does not depend on the split.
"""
from __future__ import annotations

import multiprocessing
import os
import sys
from concurrent.futures import ProcessPoolExecutor


def start_method():
    """fork where it is safe and quick (Linux: a worker starts with pnp already imported), else spawn."""
    return multiprocessing.get_context("fork" if sys.platform == "linux" else "spawn")


def spare_cores() -> bool:
    """Whether this process may start a helper process: the machine has another core and this is not already a worker.

    A worker of a pool runs while the other workers keep the other cores busy,
    so a helper of its own would only take turns with them."""
    return (os.cpu_count() or 1) > 1 and multiprocessing.parent_process() is None


def helper_pool(initializer=None, initargs: tuple = ()) -> ProcessPoolExecutor:
    """A pool of one process, to run half of a large piece of work beside this process."""
    return ProcessPoolExecutor(1, mp_context=start_method(), initializer=initializer, initargs=initargs)
