#!/usr/bin/env python3
"""The critical path of a cold build on a quiet two-core machine, read from each process's CPU seconds.

usage: python bench/critical_path.py deck N [--rounds R] [--without NAME ...]
       python bench/critical_path.py games [--rounds R] [--without NAME ...]

On a loaded machine wall time says little about a mechanism that buys its time from a second core: with every core
busy, nothing runs beside anything. Each process's CPU seconds move far less, and a quiet machine's wall time can be
read from them. `deck` builds the standard deck of N cards (`build std --only cards`, its maker beside the clone as
bench/card_stages.py finds it); the deck helper and the ink's helper each start at a known CPU second of this process,
and this process asks for their result at another, so the path is this process's CPU plus what it would wait for each
helper: max(0, start + the helper's CPU − asked). `games` builds the shipped games (`pnp build`): the path is this
process's CPU until its worker pool starts, then its slowest worker's CPU. Each round builds with everything and then
going without each NAME (the hidden `--without` of `pnp build`), in turn; the figures are medians. The helpers' CPU
is counted until their function returns: pickling its answer is left out.
"""
from __future__ import annotations

import argparse
import contextlib
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))


def child(kind: str, root: str, without: list[str]) -> None:
    """One cold build in this process, printing the CPU marks `main` reads."""
    import resource

    import pnp.cli
    import pnp.outputs.deck_helper as deck_helper
    import pnp.pipeline.schedule as schedule
    import pnp.render.ink as ink

    clock, marks, asks, me = time.process_time, {}, [], os.getpid()

    def marked(fn, tag):
        def wrapped(*args, **kwargs):
            marks.setdefault(tag, clock())
            return fn(*args, **kwargs)
        return wrapped

    def said(fn, tag):
        def wrapped(*args, **kwargs):
            out = fn(*args, **kwargs)
            if os.getpid() != me:
                print(f"HELPER {tag} {os.getpid()} {clock():.4f}", file=sys.stderr, flush=True)
            elif tag == "ink" and "ink_start" in marks:
                marks.setdefault("ink_asked", clock())  # this process's half is done: it asks for the other's
            return out
        return wrapped

    def asked(fn):  # this process asks for each part of the deck helper's cards in turn
        def wrapped(*args, **kwargs):
            asks.append(clock())
            return fn(*args, **kwargs)
        return wrapped

    deck_helper.helper_pool = marked(deck_helper.helper_pool, "deck_start")
    ink.helper_pool = marked(ink.helper_pool, "ink_start")
    schedule.worker_pool = marked(schedule.worker_pool, "pool_start")
    deck_helper.SplitDeck.next_part = asked(deck_helper.SplitDeck.next_part)
    global _render_in_worker, measure_pages, run_in_worker
    _render_in_worker = said(deck_helper._render_in_worker, "deck")
    measure_pages = said(ink.measure_pages, "ink")
    run_in_worker = said(schedule._Worker.run, "worker")
    for name in ("_render_in_worker", "measure_pages"):  # a pool pickles them by name: this module's
        globals()[name].__module__, globals()[name].__qualname__ = "__main__", name
    deck_helper._render_in_worker, ink.measure_pages, schedule._Worker.run = _render_in_worker, measure_pages, run_in_worker
    args = ["build", "std", "--only", "cards"] if kind == "deck" else ["build"]
    sys.argv = ["pnp", "--root", root, *args, "-q", *[f"--without={name}" for name in without]]
    with contextlib.suppress(SystemExit):
        pnp.cli.run()
    usage = resource.getrusage(resource.RUSAGE_SELF)
    print("MARKS " + " ".join(f"{k}={v:.4f}" for k, v in {**marks, "main": usage.ru_utime + usage.ru_stime}.items()), file=sys.stderr)
    print("ASKS " + " ".join(f"{t:.4f}" for t in asks), file=sys.stderr)


def path_of(kind: str, err: str) -> tuple[float, float]:
    """(critical path, CPU of every process) from one child's marks."""
    marks = {k: float(v) for k, v in re.findall(r"(\w+)=([\d.]+)", re.search(r"MARKS (.*)", err).group(1))}
    helpers: dict[tuple[str, str], float] = {}
    for tag, pid, seconds in re.findall(r"HELPER (\w+) (\d+) ([\d.]+)", err):
        helpers[(tag, pid)] = max(helpers.get((tag, pid), 0.0), float(seconds))
    cpu = marks["main"] + sum(helpers.values())
    if kind == "games":
        workers = [s for (tag, _), s in helpers.items() if tag == "worker"]
        return (marks.get("pool_start", 0.0) + max(workers) if workers else marks["main"]), cpu
    path = marks["main"] + _deck_waits(marks, err)
    spent = [s for (t, _), s in helpers.items() if t == "ink"]
    if spent and "ink_start" in marks and "ink_asked" in marks:
        path += max(0.0, marks["ink_start"] + max(spent) - marks["ink_asked"])
    return path, cpu


def _deck_waits(marks: dict, err: str) -> float:
    """What this process waits for the deck helper's parts: it asks for each in turn (ASKS, its CPU seconds), and the
    helper finishes each at its own CPU second since it started (its HELPER lines, in order), so part k is ready at
    deck_start + that; every wait delays the asks after it."""
    done = [float(s) for tag, _, s in re.findall(r"HELPER (\w+) (\d+) ([\d.]+)", err) if tag == "deck"]
    asks = [float(t) for t in (re.search(r"ASKS(.*)", err).group(1).split())]
    waited = 0.0
    for ready, ask in zip(done, asks, strict=False):
        waited += max(0.0, marks.get("deck_start", 0.0) + ready - (ask + waited))
    return waited


def main() -> None:
    if sys.argv[1] == "--child":
        child(sys.argv[2], sys.argv[3], sys.argv[4:])
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("kind", choices=["deck", "games"])
    parser.add_argument("cards", type=int, nargs="?", default=2000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--without", nargs="*", default=[])
    args = parser.parse_args()
    from card_stages import _make_deck

    with tempfile.TemporaryDirectory() as tmp:
        if args.kind == "deck":
            subprocess.run([sys.executable, str(_make_deck()), str(args.cards), tmp], check=True)
            project = Path(tmp) / "project"
        else:
            project = Path(tmp) / "games"
            for name in ("data", "templates", "fonts"):
                if (HERE.parent / name).is_dir():
                    shutil.copytree(HERE.parent / name, project / name)
        samples: dict[str, list[tuple[float, float]]] = {}
        configs = ["", *args.without]
        for round_ in range(args.rounds):
            for name in configs[round_ % len(configs):] + configs[:round_ % len(configs)]:
                shutil.rmtree(project / "output", ignore_errors=True)
                done = subprocess.run([sys.executable, __file__, "--child", args.kind, str(project), *([name] if name else [])],
                                      capture_output=True, text=True, env=os.environ)
                samples.setdefault(name, []).append(path_of(args.kind, done.stderr))
    load = os.getloadavg()
    print(f"{args.kind} {args.cards if args.kind == 'deck' else ''}: medians of {args.rounds}, load {load[0]:.1f}")
    for name, values in samples.items():
        print(f"| {'everything' if not name else 'without ' + name} | critical path {statistics.median(v[0] for v in values):.3f} s "
              f"| CPU {statistics.median(v[1] for v in values):.3f} s |")


if __name__ == "__main__":
    main()
