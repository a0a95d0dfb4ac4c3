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
import gc
import json
import os
import resource
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def _make_deck() -> Path:
    """The shared standard deck's maker: beside PNP_STANDARD_DECK's run.py (as bench/ratio_gate.py finds it), else in
    ../shared beside the clone (as CI lays it out)."""
    chosen = os.environ.get("PNP_STANDARD_DECK")
    return (Path(chosen).parent if chosen else HERE.parent.parent / "shared" / "bench" / "standard-deck") / "make_deck.py"

# (row, module, function or Class.method): the stage functions the docs' table names, in its order; a row starting "…"
# is part of the row above it, and a row named twice adds up both functions. The rows not starting "…" are disjoint:
# what they leave of the whole process is "in no stage" (Python's start and the exit are rows of their own).
STAGES = [
    ("the command line: click and its commands (`_command_line`)", "pnp.launch", "_command_line"),
    ("open the project (`open_project`)", "pnp.cli.common", "open_project"),
    ("open the caches (`open_caches`)", "pnp.cli.build_lines", "open_caches"),
    ("kept builds: the standing before and after (`KeptBuilds.answer`, `.remember`)", "pnp.pipeline.steady", "KeptBuilds.answer"),
    ("kept builds: the standing before and after (`KeptBuilds.answer`, `.remember`)", "pnp.pipeline.steady", "KeptBuilds.remember"),
    ("read the game: YAML, schema, cards (`_read`)", "pnp.cli.build_lines", "_read"),
    ("the shared inputs' hash (`shared_inputs_hash`)", "pnp.pipeline.cache", "shared_inputs_hash"),
    ("plan the outputs (`plan_game`)", "pnp.pipeline.build", "plan_game"),
    ("kept checks looked up (`_check_jobs`)", "pnp.pipeline.schedule", "_check_jobs"),
    ("render the card sheets (`render_output`)", "pnp.pipeline.build", "render_output"),
    ("… draw the faces (`render_cards`)", "pnp.outputs.cards", "render_cards"),
    ("… … of which fonts registered and parsed (`fonts._registered`)", "pnp.layout.fonts", "_registered"),
    ("… … of which templates (`GameLayouts.render`)", "pnp.layout.templates", "GameLayouts.render"),
    ("… … of which fitting text (`_fit_text`)", "pnp.layout.templates", "GameLayouts._fit_text"),
    ("… impose and write the sheets (`write_sheets`)", "pnp.render.sheets", "write_sheets"),
    ("… … of which the sliver check (`sheet_slivers`)", "pnp.render.seams", "sheet_slivers"),
    ("measure the ink (`measure_ink`, pdfium)", "pnp.pipeline.build", "measure_ink"),
    ("the other checks (`check_output`)", "pnp.pipeline.build", "check_output"),
    ("write the files and the build cache (`finish_game`)", "pnp.pipeline.build", "finish_game"),
    ("… pnp's own code and bundled files hashed, within the rows above (`_engine_code_hash`, `_folder_hash`)", "pnp.pipeline.cache", "_engine_code_hash"),
    ("… pnp's own code and bundled files hashed, within the rows above (`_engine_code_hash`, `_folder_hash`)", "pnp.pipeline.cache", "_folder_hash"),
    ("the results and file digests kept (`save_results`, `save_digests`)", "pnp.pipeline.schedule", "_Worker.save_results"),
    ("the results and file digests kept (`save_results`, `save_digests`)", "pnp.core.files", "save_digests"),
    ("the lines and findings shown (`_show_builds`, `print_findings`)", "pnp.cli.build_lines", "_show_builds"),
    ("the lines and findings shown (`_show_builds`, `print_findings`)", "pnp.cli.common", "print_findings"),
]


STARTS = "Python starts (and this bench's few imports)"
PATCHING = "this bench's own wrapping of the stages' functions"
NO_STAGE = "in no stage (the rest: the build's own steps between the stages, the exit)"


def _timed(fn, spent: dict, row: str):
    """`fn`, adding its processor seconds to `row`: its outermost calls only, and for a top row (not starting "…") only
    when no other top row is running, so the top rows never count a second twice."""
    depth = [0]
    top = not row.startswith("…")

    def wrapper(*args, **kwargs):
        if depth[0] or (top and _OPEN_TOP):
            return fn(*args, **kwargs)
        depth[0] += 1
        if top:
            _OPEN_TOP.append(row)
        t0 = time.process_time()
        try:
            return fn(*args, **kwargs)
        finally:
            spent[row] = spent.get(row, 0.0) + time.process_time() - t0
            depth[0] -= 1
            if top:
                _OPEN_TOP.pop()
    return wrapper


_OPEN_TOP: list[str] = []  # the top row running now, if any


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
    gc.disable()  # as the command's own start imports and builds (pnp.launch: frozen_after, ENDS_PAUSED)
    import pnp.launch

    pnp.launch._command_line()  # the command's own start: no pydantic plugin search, Pillow loaded when first used
    import pnp.cli
    import pnp.cli.build_lines
    import pnp.outputs.context  # imports write_sheets by name: imported before the patch, so it is patched there too
    import pnp.pipeline.schedule

    spent = {STARTS: start, "imports before the build": time.process_time() - start}
    patching = time.process_time()
    _patch(spent)
    spent[PATCHING] = time.process_time() - patching
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
    import statistics  # the parent's alone: the child starts as near a plain `pnp build` as a bench can
    import subprocess
    import tempfile

    n, runs = int(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) > 2 else 3
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([sys.executable, str(_make_deck()), str(n), tmp], check=True)
        project = Path(tmp) / "project"
        results = []
        for _ in range(runs):
            subprocess.run(["rm", "-rf", str(project / "output")], check=True)
            done = subprocess.run([sys.executable, __file__, "--child", str(project)], capture_output=True, text=True, check=True,
                                  env={**os.environ, "PNP_JOBS": "1"})
            results.append(json.loads(done.stdout.strip().splitlines()[-1]))
    for r in results:
        r[NO_STAGE] = r["whole process"] - sum(v for row, v in r.items() if row != "whole process" and not row.startswith("…"))
    rows = [STARTS, "imports before the build", PATCHING, *dict.fromkeys(row for row, _, _ in STAGES), NO_STAGE, "whole process"]
    print(f"{n} cards, processor seconds, median of {runs}")
    for row in rows:
        values = [r.get(row, 0.0) for r in results]
        print(f"| {row} | {statistics.median(values):.3f} | {statistics.median(values) / n * 1000:.3f} ms/card |")


if __name__ == "__main__":
    main()
