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


def several_cores() -> bool:
    """Whether the machine has a core to spare for a helper process.

    A worker of a pool asks too: its large piece of work (a big deck) is
    usually the last one running, when the other workers are idle."""
    return (os.cpu_count() or 1) > 1


def helper_pool(initializer=None, initargs: tuple = ()) -> ProcessPoolExecutor:
    """A pool of one process, to run half of a large piece of work beside this process."""
    return ProcessPoolExecutor(1, mp_context=start_method(), initializer=initializer, initargs=initargs)
