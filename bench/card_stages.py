#!/usr/bin/env python3
"""What a card costs, stage by stage: docs/architecture.md's table ("What a card costs"), measured.

usage: python bench/card_stages.py N [RUNS]

Makes the standard deck of N cards (../shared/bench/standard-deck/make_deck.py beside the clone, or beside
PNP_STANDARD_DECK's run.py) and builds it cold (`pnp build std --only cards -q` through the command's own start,
pnp.launch.run, no output folder) RUNS times (3), each in a fresh process with one process drawing every card
(PNP_JOBS=1), each stage's function timed in processor seconds (time.process_time, its outermost calls). Prints
the medians. Processor time moves little with a loaded machine where wall time moves a great deal; to compare two
checkouts, run it with PYTHONPATH pointing at each, in turn.
"""
from __future__ import annotations

import atexit
import contextlib
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def _make_deck() -> Path:
    """The shared standard deck's maker: beside PNP_STANDARD_DECK's run.py (as bench/ratio_gate.py finds it), else in
    ../shared beside the clone (as CI lays it out)."""
    chosen = os.environ.get("PNP_STANDARD_DECK")
    return (Path(chosen).parent if chosen else HERE.parent.parent / "shared" / "bench" / "standard-deck") / "make_deck.py"

# (row, module, function or Class.method): the stage functions the docs' table names, in its order
STAGES = [
    ("read the game: YAML, schema, cards (`_read`)", "pnp.cli.build_lines", "_read"),
    ("draw the faces (`render_cards`)", "pnp.outputs.cards", "render_cards"),
    ("… of which templates (`GameLayouts.render`)", "pnp.layout.templates", "GameLayouts.render"),
    ("… of which fitting text (`_fit_text`)", "pnp.layout.templates", "GameLayouts._fit_text"),
    ("impose and write the sheets (`write_sheets`)", "pnp.render.sheets", "write_sheets"),
    ("… of which the sliver check (`sheet_slivers`)", "pnp.render.seams", "sheet_slivers"),
    ("measure the ink (`measure_ink`, pdfium)", "pnp.pipeline.build", "measure_ink"),
    ("the other checks (`check_output`)", "pnp.pipeline.build", "check_output"),
    ("write the files and the build cache (`finish_game`)", "pnp.pipeline.build", "finish_game"),
]


def _timed(fn, spent: dict, row: str):
    depth = [0]

    def wrapper(*args, **kwargs):
        if depth[0]:
            return fn(*args, **kwargs)
        depth[0] += 1
        t0 = time.process_time()
        try:
            return fn(*args, **kwargs)
        finally:
            spent[row] = spent.get(row, 0.0) + time.process_time() - t0
            depth[0] -= 1
    return wrapper


def _patch(spent: dict) -> None:
    """Wrap each stage's function where it is defined and wherever a module imported it by name."""
    import importlib

    for row, module_name, name in STAGES:
        module = importlib.import_module(module_name)
        if "." in name:
            cls_name, method = name.split(".")
            cls = getattr(module, cls_name)
            setattr(cls, method, _timed(getattr(cls, method), spent, row))
            continue
        fn = getattr(module, name)
        wrapped = _timed(fn, spent, row)
        for other in list(sys.modules.values()):
            if getattr(other, name, None) is fn:
                setattr(other, name, wrapped)


def child(project: str) -> None:
    """One cold build in this process; prints the stages' processor seconds as JSON."""
    start = time.process_time()
    os.chdir(project)
    import pnp.cli
    import pnp.cli.build_lines
    import pnp.launch
    import pnp.outputs.context  # imports write_sheets by name: imported before the patch, so it is patched there too
    import pnp.pipeline.schedule

    spent = {"imports before the build": time.process_time() - start}
    _patch(spent)
    sys.argv = ["pnp", "build", "std", "--only", "cards", "-q"]

    def report() -> None:  # as the process ends: the command ends it itself (pnp.launch.leave), its exit handlers run
        usage = resource.getrusage(resource.RUSAGE_SELF)
        spent["whole process"] = usage.ru_utime + usage.ru_stime
        print(json.dumps(spent), flush=True)

    atexit.register(report)
    with contextlib.suppress(SystemExit):
        pnp.launch.run()  # the `pnp` command's own start: its collector and its ending as a user's


def main() -> None:
    if sys.argv[1] == "--child":
        child(sys.argv[2])
        return
    n, runs = int(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) > 2 else 3
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([sys.executable, str(_make_deck()), str(n), tmp], check=True)
        project = Path(tmp) / "project"
        results = []
        for _ in range(runs):
            subprocess.run(["rm", "-rf", str(project / "output")], check=True)
            done = subprocess.run([sys.executable, __file__, "--child", str(project)], capture_output=True, text=True, check=True,
                                  env={**os.environ, "PNP_JOBS": "1", "PNP_SERVER": "0"})
            results.append(json.loads(done.stdout.strip().splitlines()[-1]))
    rows = ["imports before the build"] + [row for row, _, _ in STAGES] + ["whole process"]
    print(f"{n} cards, processor seconds, median of {runs}")
    for row in rows:
        values = [r.get(row, 0.0) for r in results]
        print(f"| {row} | {statistics.median(values):.3f} | {statistics.median(values) / n * 1000:.3f} ms/card |")


if __name__ == "__main__":
    main()
