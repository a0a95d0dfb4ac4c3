"""Benchmark: what each speed mechanism buys, on the rows a user feels, each mechanism switched off alone.

    python bench/mechanisms.py [--rounds 3] [--only NAME ...] [--rows NAME ...]

Every mechanism pnp keeps for speed (pnp.outputs.options.MECHANISMS) can be
gone without, alone, by the run's options: the hidden `--without NAME` of
`pnp build`, `validate`, `list` and `watch`, `Session(without=…)` and
`LiveSession(without=…)`. No module keeps a switch, and the code under test is
not changed. For each row, this bench times the command with every mechanism
and with each mechanism the row depends on gone, the configurations taking
turns in every round so a machine slowing down meanwhile loads them alike.
Each sample starts from a copy of the shipped games built once with
everything kept, and is prepared as that configuration would leave it (a
build, or a list, gone without the same mechanism: its steady state), then
timed in a fresh process: its wall time and the CPU seconds of its process
tree. The `pnp watch` and `pnp serve` rows time one-card edits (the last Organ
Match patient renamed) in one process that stays up, the first save excluded.

The table is Markdown for docs/performance.md: each row's median with and
without, their ratio, and what that says of the 10 % or 50 ms a mechanism
must buy on some row to stay.
"""
from __future__ import annotations

import argparse
import csv
import io
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bytecode import compile_bytecode  # as an installed pnp starts: from .pyc files
from cards import make_project  # the synthetic deck maker of bench/cards.py

HERE = Path(__file__).resolve().parent.parent
GAME_FOLDERS = ("data", "templates", "fonts")


def run(cmd: list[str], root: Path) -> str:
    """What one command in a fresh process importing pnp from `root` printed (the in-process rows print their times)."""
    done = subprocess.run(cmd, cwd=root, env={**os.environ, "PYTHONPATH": str(root)}, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"failed ({done.returncode}): {' '.join(cmd[:3])}\n{done.stderr[-2000:]}")
    return done.stdout


def run_timed(cmd: list[str], root: Path) -> tuple[float, float]:
    """(wall, CPU) of one command in a fresh process, its workers included (os.wait4 counts the children it waited for)."""
    env = {**os.environ, "PYTHONPATH": str(root)}
    started = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=root, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    seconds = time.perf_counter() - started
    if os.waitstatus_to_exitcode(status) not in (0, 1):
        raise SystemExit(f"failed: {' '.join(cmd)}\n{proc.stderr.read().decode()[-2000:]}")
    proc.stderr.close()
    return seconds, usage.ru_utime + usage.ru_stime


def pnp(root: Path, project: Path, *args: str, without: tuple[str, ...] = ()) -> tuple[float, float]:
    return run_timed([sys.executable, "-m", "pnp", "--root", str(project), *args, *[f"--without={name}" for name in without]], root)


def copy_project(source: Path, dest: Path, with_output: bool = True) -> Path:
    shutil.rmtree(dest, ignore_errors=True)
    shutil.copytree(source, dest, ignore=None if with_output else shutil.ignore_patterns("output"))
    return dest


def rename_last_patient(project: Path, suffix: str) -> None:
    """Rename the last Organ Match patient (a card only the card sheets show)."""
    sheet = project / "data/organ-match/decks/patients.csv"
    lines = sheet.read_text(encoding="utf-8").splitlines(keepends=True)
    header = next(csv.reader(io.StringIO(lines[0])))
    name = next(csv.reader(io.StringIO(lines[-1])))[header.index("name")]
    lines[-1] = lines[-1].replace(name, f"{name}{suffix}", 1)
    sheet.write_text("".join(lines), encoding="utf-8")


# --- the rows ------------------------------------------------------------------------------------------------------
# Each takes (pnp checkout, the built base project, a scratch folder, the mechanisms gone) and gives [(wall, CPU)].

def unchanged_build(root: Path, base: Path, tmp: Path, without: tuple) -> list:
    project = copy_project(base, tmp / "p")
    pnp(root, project, "build", "-q", without=without)  # the copy's files have new inodes: its first build hashes them again
    return [pnp(root, project, "build", "-q", without=without)]


def edited_build(root: Path, base: Path, tmp: Path, without: tuple) -> list:
    project = copy_project(base, tmp / "p")
    pnp(root, project, "build", "-q", without=without)
    rename_last_patient(project, " Jr")
    return [pnp(root, project, "build", "-q", without=without)]


def warm_list(root: Path, base: Path, tmp: Path, without: tuple) -> list:
    project = copy_project(base, tmp / "p")
    pnp(root, project, "list", without=without)
    return [pnp(root, project, "list", without=without)]


def edited_list(root: Path, base: Path, tmp: Path, without: tuple) -> list:
    project = copy_project(base, tmp / "p")
    pnp(root, project, "list", without=without)
    rename_last_patient(project, " Jr")
    return [pnp(root, project, "list", without=without)]


def one_deck(root: Path, base: Path, tmp: Path, without: tuple) -> list:
    project = copy_project(base, tmp / "p", with_output=False)
    return [pnp(root, project, "build", "organ-match", "--only", "cards", "--deck", "patients", "-q", without=without)]


def five_games(root: Path, base: Path, tmp: Path, without: tuple) -> list:
    project = copy_project(base, tmp / "p", with_output=False)
    return [pnp(root, project, "build", "-q", without=without)]


def large_deck(root: Path, base: Path, tmp: Path, without: tuple) -> list:
    folder = tmp.parent / "deck-2000"
    if not folder.exists():
        make_project(folder, 2000, 1)
    shutil.rmtree(folder / "output", ignore_errors=True)
    return [pnp(root, folder, "build", "-q", without=without)]


WATCH = r"""
import gc, json, sys, time
from pathlib import Path
sys.path.insert(0, sys.argv[4])
from mechanisms import rename_last_patient
import pnp.cli as cli
from pnp.core.collector import paused
from pnp.core.errors import Report
from pnp.data.project import Project
from pnp.outputs.options import Options
from pnp.pipeline.schedule import warm_up
from pnp.pipeline.session import Session
project, edits, without = Project(Path(sys.argv[1])), int(sys.argv[2]), frozenset(json.loads(sys.argv[3]))
base = Options(out=project.root / "output", without=without)
slugs = project.game_slugs()
session = Session(warm=True, without=without)
paused(cli.run_build)(project, slugs, base, ["letter"], report=Report(), quiet=True, session=session)
warm_up(project, base.out, session)
times = []
for i in range(edits):
    rename_last_patient(project.root, f" {i}")
    started, cpu = time.perf_counter(), time.process_time()
    report = paused(cli.run_build)(project, slugs, base, ["letter"], report=Report(), quiet=True, workers=1, changed_only=True, session=session)
    times.append((time.perf_counter() - started, time.process_time() - cpu))
    assert not report.errors(), report.sorted()
    gc.collect()
print(json.dumps(times[1:]))
"""

SERVE = r"""
import json, sys, time
from pathlib import Path
sys.path.insert(0, sys.argv[4])
from mechanisms import rename_last_patient
from pnp.data.project import Project
from pnp.serve.session import LiveSession
project, edits, without = Project(Path(sys.argv[1])), int(sys.argv[2]), frozenset(json.loads(sys.argv[3]))
live = LiveSession(project, ["organ-match"], lambda slug, model: None, without=without)
live.refresh()
sheet = project.root / "data/organ-match/decks/patients.csv"
times = []
for i in range(edits):
    rename_last_patient(project.root, f" {i}")
    started, cpu = time.perf_counter(), time.process_time()
    live.saw({sheet})
    live.refresh()
    times.append((time.perf_counter() - started, time.process_time() - cpu))
print(json.dumps(times[1:]))
"""


def _in_one_process(script: str) -> Callable:
    def row(root: Path, base: Path, tmp: Path, without: tuple) -> list:
        project = copy_project(base, tmp / "p")
        time.sleep(2.2)  # saved before the process starts: older than the settle window (pnp.core.files.SETTLE_NS)
        out = run([sys.executable, "-c", script, str(project), "5", json.dumps(list(without)), str(Path(__file__).resolve().parent)], root)
        return [tuple(t) for t in json.loads(out.strip().splitlines()[-1])]
    return row


# name → (what it times, how, the mechanisms it is measured without)
ROWS = {
    "unchanged build": ("an unchanged `pnp build`, five games, new process", unchanged_build,
                        ("steady", "build-cache", "results", "kept-parses", "file-digests")),
    "one-card edit": ("one card edited, `pnp build` in a new process", edited_build,
                      ("steady", "build-cache", "face-store", "results", "kept-parses", "ink-pages", "file-digests")),
    "list": ("`pnp list`, five games, warm cache", warm_list, ("results", "kept-parses", "file-digests")),
    "list after an edit": ("`pnp list` after a one-card edit", edited_list, ("face-store", "results")),
    "watch save": ("a save in `pnp watch` (one card edited)", _in_one_process(WATCH),
                   ("face-store", "results", "drawn", "steady", "keeps")),
    "serve save": ("a save in `pnp serve` (one card edited)", _in_one_process(SERVE), ("face-store", "results", "keeps")),
    "one deck": ("one 96-card deck, cold", one_deck, ("weights", "ink-colours")),
    "five games": ("five games, every output, cold", five_games, ("weights",)),
    "2,000 cards": ("the 2,000-card deck, cold", large_deck, ("deck-helper", "ink-halves", "weights")),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=3, help="samples of each configuration, the configurations taking turns")
    parser.add_argument("--only", nargs="*", help="mechanisms to measure (default: all)")
    parser.add_argument("--rows", nargs="*", help="rows to measure (default: all)")
    parser.add_argument("--root", type=Path, default=HERE)
    args = parser.parse_args()
    root = args.root.resolve()
    compile_bytecode(root)
    rows = {name: row for name, row in ROWS.items() if not args.rows or name in args.rows}
    samples: dict[tuple[str, str], list] = {}
    with tempfile.TemporaryDirectory(prefix="pnp-mech-") as folder:
        tmp = Path(folder)
        base = tmp / "base"
        for name in GAME_FOLDERS:
            if (root / name).is_dir():
                shutil.copytree(root / name, base / name)
        pnp(root, base, "build", "-q")
        pnp(root, base, "list")
        for round_ in range(args.rounds):
            print(f"round {round_ + 1} of {args.rounds} …", file=sys.stderr, flush=True)
            for name, (_, measure, mechanisms) in rows.items():
                configs = ["", *[m for m in mechanisms if not args.only or m in args.only]]
                turn = round_ % len(configs)
                for mechanism in configs[turn:] + configs[:turn]:
                    scratch = tmp / "scratch"
                    shutil.rmtree(scratch, ignore_errors=True)
                    scratch.mkdir()
                    samples.setdefault((name, mechanism), []).extend(measure(root, base, scratch, (mechanism,) if mechanism else ()))
    print_table(rows, samples, args.rounds)


def print_table(rows: dict, samples: dict, rounds: int) -> None:
    load = os.getloadavg()
    print(f"Measured with `python bench/mechanisms.py --rounds {rounds}`; load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}.")
    print()
    print("| mechanism | row | with it | without it | wall ratio | CPU with | CPU without | buys |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |")
    for (row, mechanism), values in sorted(samples.items(), key=lambda item: (item[0][1], list(rows).index(item[0][0]))):
        if not mechanism:
            continue
        base = samples[(row, "")]
        wall, cpu = (statistics.median(v[i] for v in base) for i in (0, 1))
        off_wall, off_cpu = (statistics.median(v[i] for v in values) for i in (0, 1))
        buys = off_wall - wall
        verdict = "yes" if buys >= 0.05 or buys >= 0.10 * wall else "no"
        print(f"| {mechanism} | {rows[row][0]} | {wall:.3f} s | {off_wall:.3f} s | {off_wall / wall:.2f} | {cpu:.2f} | {off_cpu:.2f} | {verdict} |")


if __name__ == "__main__":
    main()
