"""Benchmark: what each thing a `pnp watch` process keeps between builds buys on a one-card edit.

    python bench/mechanisms.py [--edits 7] [--only NAME ...]

Each configuration runs in a fresh process: it copies the shipped games into a
temporary project, builds them once, warms up as `pnp watch` does, and then
times `--edits` rebuilds, each after renaming the last patient of Organ Match
(a card only the card sheets show). "all" keeps everything; every other row
switches one mechanism off (the bench replaces its switch by a no-op: the
code under test is not changed). The figures are the median rebuild, and its
difference to "all" is what the mechanism buys on that row.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent

# name -> (module, attribute, what replaces it: "none" a no-op, "fn" the identity decorator, "not-held" writes at once,
# "no-recall" a recall that finds nothing), or None for the plain run
OFF = {
    "all": None,
    "held cache writes (Session.writes)": ("pnp.pipeline.session", "CacheWrites", "not-held"),
    "Keeps: answers, inspections, memos, written face stores (Session.keeps)": ("pnp.pipeline.session", "Keeps", "none"),
    "DrawnFaces (Session.drawn)": ("pnp.pipeline.session", "DrawnFaces", "none"),
    "SteadyGames (Session.steady)": ("pnp.pipeline.steady.SteadyGames", "recall", "no-recall"),
    "collector paused (core/collector.py)": ("pnp.core.collector", "paused", "fn"),
}

CHILD = r"""
import csv, io, json, sys, time, importlib, gc
from pathlib import Path
project_dir, edits, off = Path(sys.argv[1]), int(sys.argv[2]), json.loads(sys.argv[3])
if off:
    module, attr, how = off
    try:
        owner = importlib.import_module(module)
    except ModuleNotFoundError:
        parts = module.split(".")
        owner = getattr(importlib.import_module(".".join(parts[:-1])), parts[-1])
    real = getattr(owner, attr)
    replacement = {"none": lambda *a, **k: None, "fn": lambda fn: fn, "no-recall": lambda self, slug, standing: None,
                   "not-held": lambda hold=False: real()}[how]
    setattr(owner, attr, replacement)
import pnp.cli as cli
from pnp.core.errors import Report
from pnp.data.project import Project
from pnp.outputs.options import Options
from pnp.pipeline.schedule import warm_up
from pnp.pipeline.session import Session
project = Project(project_dir)
base = Options(out=project.root / "output")
slugs = project.game_slugs()
session = Session(warm=True)
cli.run_build(project, slugs, base, ["letter"], report=Report(), quiet=True, session=session)
session.writes.flush()
warm_up(project, base.out, session)
sheet = project.root / "data" / "organ-match" / "decks" / "patients.csv"
times = []
for i in range(edits):
    lines = sheet.read_text(encoding="utf-8").splitlines(keepends=True)
    header = next(csv.reader(io.StringIO(lines[0])))
    name = next(csv.reader(io.StringIO(lines[-1])))[header.index("name")]
    lines[-1] = lines[-1].replace(name, f"{name} {i}", 1)
    sheet.write_text("".join(lines), encoding="utf-8")
    started, cpu = time.perf_counter(), time.process_time()
    report = cli.paused(cli.run_build)(project, slugs, base, ["letter"], report=Report(), quiet=True, workers=1, session=session)
    times.append((time.perf_counter() - started, time.process_time() - cpu))
    assert not report.errors(), report.sorted()
    session.writes.flush()
    gc.collect()
print(json.dumps(times))
"""


def one(off, edits: int, root: Path) -> list[list[float]]:
    with tempfile.TemporaryDirectory(prefix="pnp-mech-") as folder:
        project = Path(folder)
        for name in ("data", "templates", "fonts"):
            if (root / name).is_dir():
                shutil.copytree(root / name, project / name)
        time.sleep(2.2)  # saved before the watch starts: older than the settle window
        env = {**os.environ, "PYTHONPATH": str(root), "PNP_SERVER": "0"}
        out = subprocess.run([sys.executable, "-c", CHILD, str(project), str(edits), json.dumps(off)], env=env, cwd=root,
                             capture_output=True, text=True, check=False)
        if out.returncode:
            raise SystemExit(out.stderr[-3000:])
        return json.loads(out.stdout.strip().splitlines()[-1])[1:]  # the first rebuild pays what the warm-up did not load


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--edits", type=int, default=7)
    parser.add_argument("--rounds", type=int, default=1, help="each configuration this many times, interleaved")
    parser.add_argument("--only", nargs="*", help="configurations to run (default: all)")
    parser.add_argument("--root", type=Path, default=HERE)
    args = parser.parse_args()
    names = [n for n in OFF if not args.only or n in args.only or n == "all"]
    results: dict[str, list[list[float]]] = {n: [] for n in names}
    for _ in range(args.rounds):
        for name in names:
            results[name] += one(OFF[name], args.edits, args.root.resolve())
    wall = statistics.median(w for w, _ in results["all"])
    cpu = statistics.median(c for _, c in results["all"])
    print(f"{'configuration':<34} {'wall':>9} {'vs all':>7} {'CPU':>9} {'vs all':>7}")
    for name in names:
        w = statistics.median(x for x, _ in results[name])
        c = statistics.median(x for _, x in results[name])
        print(f"{name if name == 'all' else 'without ' + name:<34} {w * 1000:>6.0f} ms {100 * (w - wall) / wall:>+6.0f}% {c * 1000:>6.0f} ms"
              f" {100 * (c - cpu) / cpu:>+6.0f}%", flush=True)


if __name__ == "__main__":
    main()
