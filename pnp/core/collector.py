"""Pause Python's cyclic garbage collector while a pipeline stage runs.

A build allocates millions of small tuples and dicts (YAML values, drawing
elements, word fragments) that live until the PDF is written and form no
reference cycles. With the collector on, it keeps rescanning that growing heap:
on a large deck most of the build's time (docs/performance.md).
Peak memory is the same either way (there are no cycles to reclaim), and the
collector resumes as soon as the outermost paused call returns, so a
long-running `pnp watch` still collects between rebuilds.
"""
from __future__ import annotations

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


def frozen_after(load, keep_off: bool = False):
    """`load()` (importing pnp's command line and its libraries) with the collector off, then everything in memory
    frozen (gc.freeze): what a start-up imports lives as long as the process, so the collections that run between a
    command's paused stages, and between a `pnp watch`'s rebuilds, no longer rescan it (docs/performance.md).

    With `keep_off` the collector stays off: a command that does its work paused and then ends the process
    (pnp.launch.ENDS_PAUSED) would otherwise scan all its build made, at once, the moment its paused stage returned."""
    was = gc.isenabled()
    gc.disable()
    try:
        return load()
    finally:
        gc.freeze()
        if was and not keep_off:
            gc.enable()
