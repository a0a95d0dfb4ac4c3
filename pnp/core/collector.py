"""Pause Python's cyclic garbage collector while a pipeline stage runs.

A build allocates millions of small tuples and dicts (YAML values, drawing
elements, word fragments) that live until the PDF is written and form no
reference cycles. With the collector on, it keeps rescanning that growing heap:
on bench/cards.py's 10,000-card deck this was about 40 % of the build's time.
Peak memory is the same either way (there are no cycles to reclaim), and the
collector resumes as soon as the outermost paused call returns, so a
long-running `pnp watch` still collects between rebuilds.

A one-shot `pnp build` also starts with the collector off (`quiet_start`) and
sets start-up's objects aside when its work begins (`work_begins`), as Python's
documentation advises for a process that forks workers.
"""
from __future__ import annotations

import contextlib
import functools
import gc


def paused(fn):
    """Run `fn` with the cyclic collector off; nested paused calls leave it to the outermost."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        if not gc.isenabled():
            return fn(*args, **kwargs)
        gc.disable()
        try:
            return fn(*args, **kwargs)
        finally:
            gc.enable()

    return wrapper


_QUIET = False  # the collector is off for a one-shot command's start-up (quiet_start), until its work begins (work_begins)
_FROZEN = False  # work_begins set start-up's objects aside (gc.freeze): quiet_start hands them back when the command ends


@contextlib.contextmanager
def quiet_start():
    """Run a one-shot command (`pnp build`) with the collector off through its start-up: importing pnp's modules and
    reading the games makes hundreds of thousands of objects and little garbage, and the collector ran two full passes
    over them (about 0.1 s of a one-deck build) before any work began. `work_begins` turns it back on; when the command
    ends, what was set aside can be collected again (a process that runs several commands, such as a test run, keeps
    no garbage for good)."""
    global _QUIET, _FROZEN
    if not gc.isenabled():
        yield
        return
    gc.disable()
    _QUIET = True
    try:
        yield
    finally:
        if _QUIET:
            _QUIET = False
            gc.enable()
        if _FROZEN:
            _FROZEN = False
            gc.unfreeze()


def work_begins() -> None:
    """End a quiet start before rendering or forking workers: what start-up made lasts the whole run, so it is set aside
    (gc.freeze), then the collector runs again. Forked workers inherit it set aside: their collections neither scan it
    nor touch its pages, which stay shared with this process. Outside a quiet start this does nothing."""
    global _QUIET, _FROZEN
    if not _QUIET:
        return
    _QUIET = False
    if gc.get_freeze_count() == 0:  # objects someone else set aside are theirs to hand back
        gc.freeze()
        _FROZEN = True
    gc.enable()
