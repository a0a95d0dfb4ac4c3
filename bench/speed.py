"""Benchmark: every row of issue #22's table, each a fresh process, as median and range of N runs, and as a ratio to a calibration.

    python bench/speed.py              (N = 5 runs a row)
    python bench/speed.py --runs 3
    python bench/speed.py --quick      (one run a row, small decks: checks the script, not the speed)
    python bench/speed.py --root DIR   (time another checkout of pnp, e.g. the commit before a change)
    python bench/speed.py --against DIR (time this checkout and DIR in turn, row by row: a before/after table)
    python bench/speed.py --against A --against B (several checkouts, each compared with this one)
    python bench/speed.py --rows 3,4,10   (only these rows of the table)
    python bench/speed.py --no-validate   (every build without its checks: the build machinery alone)

Every row is a fresh process but the two `pnp watch` rows: three one-card
edits a run, rebuilt by one watch process, as the seconds it prints (its first
save, then the median of the later ones).

The calibration is raw reportlab drawing 10,000 short text strings into a PDF
in a fresh process, measured in the same run: on a shared or throttled
machine every row moves with it, so the ratio column can be compared between
machines and runs when the seconds cannot. Peak memory is the largest
resident size of a build's process tree (os.wait4), workers included.

With --against, the checkouts take turns on every row of every run (which
goes first rotating), so a machine that slows down over the minutes a run
takes slows them all alike; the last tables give, for each other checkout,
each row's two medians, their ratio, and the two CPU medians (Markdown, for
docs/performance.md).
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
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bytecode import compile_bytecode  # as an installed pnp starts: from .pyc files
from cards import make_project  # the synthetic deck maker of bench/cards.py

HERE = Path(__file__).resolve().parent.parent
LAST_CPU = 0.0  # CPU seconds (user + system) of the last command run and the workers it waited for

CALIBRATION = """
import io, time
from reportlab.pdfgen.canvas import Canvas
started = time.perf_counter()
c = Canvas(io.BytesIO(), invariant=1)
for i in range(10_000):
    if i and i % 100 == 0:
        c.showPage()
    c.drawString(40 + (i % 4) * 130, 40 + (i % 100) * 7, f"Card number {i}: gain {i % 7 + 1} coins")
c.save()
print(time.perf_counter() - started)
"""


@dataclass
class Row:
    name: str
    goal: str
    unit: str  # "s", "cards/s" or "MB"
    values: list[float]
    cpu: list[float] = field(default_factory=list)  # CPU seconds of the process tree (user + system): steadier than wall time on a shared machine

    def median(self) -> float:
        return statistics.median(self.values)


def run(cmd: list[str], root: Path, cwd: Path | None = None) -> tuple[float, float, str]:
    """(wall seconds, peak MB of the process tree, stdout) of one command in a fresh process importing pnp from `root`.

    The CPU seconds of the tree go to LAST_CPU, for the row being measured."""
    global LAST_CPU
    env = {**os.environ, "PYTHONPATH": str(root)}
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        started = time.perf_counter()
        proc = subprocess.Popen(cmd, cwd=cwd or root, env=env, stdout=out, stderr=err)
        _, status, usage = os.wait4(proc.pid, 0)  # the child's own usage: its peak covers the workers it waited for
        seconds = time.perf_counter() - started
        proc.returncode = os.waitstatus_to_exitcode(status)
        LAST_CPU = usage.ru_utime + usage.ru_stime
        out.seek(0)
        err.seek(0)
        if proc.returncode != 0:
            raise SystemExit(f"failed ({proc.returncode}): {' '.join(cmd)}\n{err.read().decode()[-2000:]}")
        return seconds, usage.ru_maxrss / 1024, out.read().decode()  # ru_maxrss is in kB on Linux


BUILD_EXTRA: list[str] = []  # options added to every `pnp build` of the rows (--no-validate: the build without its checks)


def pnp(root: Path, *args: str, cwd: Path | None = None) -> tuple[float, float, str]:
    extra = BUILD_EXTRA if "build" in args else []
    return run([sys.executable, "-m", "pnp", *args, *extra], root, cwd)


def calibration(root: Path) -> float:
    return float(run([sys.executable, "-c", CALIBRATION], root)[2].strip())


def one_deck(root: Path, tmp: Path) -> float:
    out = tmp / "one-deck"
    shutil.rmtree(out, ignore_errors=True)
    return pnp(root, "--root", str(root), "build", "organ-match", "--only", "cards", "--deck", "patients", "-q", "--out", str(out))[0]


def synthetic(tmp: Path, n: int) -> Path:
    folder = tmp / f"deck-{n}"
    if not folder.exists():
        make_project(folder, n, 1)
    shutil.rmtree(folder / "output", ignore_errors=True)
    return folder


def deck_build(root: Path, tmp: Path, n: int) -> tuple[float, float]:
    folder = synthetic(tmp, n)
    seconds, peak, _ = pnp(root, "--root", str(folder), "build", "-q", "--out", str(folder / "output"))
    return seconds, peak


def cards_per_second(root: Path, tmp: Path, n: int) -> tuple[float, float]:
    """bench/cards.py's own figure: load and build the deck in one process (imports excluded), and the process tree's peak."""
    folder = synthetic(tmp, n)
    _, peak, out = run([sys.executable, str(HERE / "bench/cards.py"), "--child", str(folder)], root)
    return n / json.loads(out.strip().splitlines()[-1])["seconds"], peak


def five_games(root: Path, tmp: Path) -> float:
    out = tmp / "five"
    shutil.rmtree(out, ignore_errors=True)
    return pnp(root, "--root", str(root), "build", "-q", "--out", str(out))[0]


def edited_card(root: Path, tmp: Path, row: int = 1, game: str = "organ-match", deck_file: str = "decks/patients.csv") -> float:
    """Copy the shipped games into a project, build, change the name of the card on line `row` of the sheet (-1: the
    last), and time the rebuild. The first patient is on the rulebook's cover, so its edit reprints the rulebook too;
    the last is shown by the card sheets alone."""
    project = tmp / "edited"
    shutil.rmtree(project, ignore_errors=True)
    for folder in ("data", "templates", "fonts"):
        if (root / folder).is_dir():
            shutil.copytree(root / folder, project / folder)
    pnp(root, "--root", str(project), "build", "-q")
    sheet = project / "data" / game / deck_file
    lines = sheet.read_text(encoding="utf-8").splitlines(keepends=True)
    header = next(csv.reader(io.StringIO(lines[0])))
    index = row if row > 0 else len(lines) + row
    cells = next(csv.reader(io.StringIO(lines[index])))
    name = cells[header.index("name")]
    lines[index] = lines[index].replace(name, name + " Jr", 1)
    sheet.write_text("".join(lines), encoding="utf-8")
    return pnp(root, "--root", str(project), "build", "-q")[0]


def unchanged_then_listed(root: Path, tmp: Path) -> dict:
    """A copy of the shipped games built, then built again unchanged (row 11), then listed twice: the second `pnp list`
    (row 12) meets every game as the first left it. Each timed command is a new process."""
    project = tmp / "unchanged"
    shutil.rmtree(project, ignore_errors=True)
    for folder in ("data", "templates", "fonts"):
        if (root / folder).is_dir():
            shutil.copytree(root / folder, project / folder)
    pnp(root, "--root", str(project), "build", "-q")
    seconds = pnp(root, "--root", str(project), "build", "-q")[0]
    cpu = LAST_CPU
    pnp(root, "--root", str(project), "list")
    listed = pnp(root, "--root", str(project), "list")[0]
    return {11: (seconds, cpu), 12: (listed, LAST_CPU)}


SERVE = r"""
import csv, io, json, sys, time
from pathlib import Path
from pnp.data.project import Project
from pnp.serve.session import LiveSession
project = Project(Path(sys.argv[1]))
live = LiveSession(project, ["organ-match"], lambda slug, model: None)
live.refresh()
sheet = project.root / "data" / "organ-match" / "decks" / "patients.csv"
times = []
for i in range(int(sys.argv[2])):
    lines = sheet.read_text(encoding="utf-8").splitlines(keepends=True)
    header = next(csv.reader(io.StringIO(lines[0])))
    name = next(csv.reader(io.StringIO(lines[-1])))[header.index("name")]
    lines[-1] = lines[-1].replace(name, f"{name} {i}", 1)
    sheet.write_text("".join(lines), encoding="utf-8")
    started, cpu = time.perf_counter(), time.process_time()
    live.saw({sheet})
    live.refresh()
    times.append((time.perf_counter() - started, time.process_time() - cpu))
print(json.dumps(times))
"""


def serve_saves(root: Path, tmp: Path, edits: int) -> tuple[list[float], float]:
    """`pnp serve`'s session (pnp.serve.session.LiveSession, as the server drives it, without a browser) on a copy of the
    shipped games: the seconds each refresh after a one-card edit takes, the first excluded (fonts and templates load
    then), and the median CPU seconds of those refreshes (the session's process: it renders in no other)."""
    project = tmp / "served"
    shutil.rmtree(project, ignore_errors=True)
    for folder in ("data", "templates", "fonts"):
        if (root / folder).is_dir():
            shutil.copytree(root / folder, project / folder)
    time.sleep(2.5)  # saved before the session starts (pnp.core.files.SETTLE_NS)
    out = run([sys.executable, "-c", SERVE, str(project), str(edits)], root)[2]
    later = json.loads(out.strip().splitlines()[-1])[1:]
    return [wall for wall, _ in later], statistics.median(cpu for _, cpu in later)


def watch_rebuilds(root: Path, tmp: Path, edits: int) -> list[float]:
    """`pnp watch` on a copy of the shipped games: the seconds it prints for each rebuild after `edits` one-card edits, one
    at a time (the last patient's name, which only the card sheets show), in the one process that stays up.

    The first save is its process's first rebuild (the start build ran on every
    core, in worker processes): its fonts, templates and icons load then."""
    project = tmp / "watched"
    shutil.rmtree(project, ignore_errors=True)
    for folder in ("data", "templates", "fonts"):
        if (root / folder).is_dir():
            shutil.copytree(root / folder, project / folder)
    # A designer's files were saved before watch starts, not in the same two seconds: a file younger than that is read
    # again on every build, in case a save lands in the same clock tick as the read (pnp.core.files.SETTLE_NS).
    time.sleep(2.5)
    sheet = project / "data" / "organ-match" / "decks" / "patients.csv"
    env = {**os.environ, "PYTHONPATH": str(root)}
    proc = subprocess.Popen([sys.executable, "-m", "pnp", "--root", str(project), "watch", "--debounce", "50", "--exit-after", str(edits)],
                            cwd=root, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    seconds = []
    try:
        _read_until(proc, "watching")
        time.sleep(1)  # "watching" is printed just before the watch starts
        for i in range(edits):
            lines = sheet.read_text(encoding="utf-8").splitlines(keepends=True)
            header = next(csv.reader(io.StringIO(lines[0])))
            name = next(csv.reader(io.StringIO(lines[-1])))[header.index("name")]
            lines[-1] = lines[-1].replace(name, f"{name} {i}", 1)
            sheet.write_text("".join(lines), encoding="utf-8")
            line = _read_until(proc, "built after")
            seconds.append(float(line.rsplit(" in ", 1)[1].split()[0]))
            time.sleep(0.3)
    finally:
        proc.wait(timeout=60)
    return seconds


def _read_until(proc: subprocess.Popen, marker: str) -> str:
    """The first line `proc` prints that holds `marker` (failing if it stops first or reports a failed build)."""
    for line in proc.stdout:
        if "failed after" in line:
            raise SystemExit(f"pnp watch: {line.strip()}")
        if marker in line:
            return line
    raise SystemExit(f"pnp watch stopped before printing '{marker}'")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5, help="fresh-process runs a row (median and range are shown)")
    parser.add_argument("--quick", action="store_true", help="one run a row and small decks: a check that the script works")
    parser.add_argument("--root", type=Path, default=HERE, help="the pnp checkout to time (default: this one)")
    parser.add_argument("--against", type=Path, action="append", default=[],
                        help="another checkout, timed in turn with --root row by row, for a before/after table (repeatable)")
    parser.add_argument("--rows", help="only these rows, by their number in the table from 0 (comma-separated)")
    parser.add_argument("--no-validate", action="store_true",
                        help="run every `pnp build` of the rows with --no-validate: what building costs with the checks aside, "
                             "to compare checkouts whose checks differ (the watch rows and bench/cards.py keep theirs)")
    args = parser.parse_args()
    if args.no_validate:
        BUILD_EXTRA.append("--no-validate")
    wanted = {int(n) for n in args.rows.split(",")} if args.rows else set(range(len(MEASURE_ROWS)))
    runs = 1 if args.quick else max(1, args.runs)
    big, large = (200, 1000) if args.quick else (2000, 10_000)
    roots = [args.root.resolve()] + [path.resolve() for path in args.against]
    for root in roots:
        compile_bytecode(root)
    tables = {root: new_rows(big, large) for root in roots}
    with tempfile.TemporaryDirectory(prefix="pnp-speed-") as folder:
        tmp = Path(folder)
        for i in range(runs):
            print(f"run {i + 1} of {runs} …", file=sys.stderr, flush=True)
            for number, measure in enumerate(MEASURES):
                if not MEASURE_ROWS[number] & wanted:
                    continue
                # the checkouts take turns, the first to go rotating, so a machine slowing down meanwhile loads them alike
                for root in roots[i % len(roots):] + roots[:i % len(roots)]:
                    for index, value in measure(root, tmp, big, large).items():
                        rows = tables[root]
                        value, cpu = value if isinstance(value, tuple) else (value, LAST_CPU)  # a measure of two commands gives each its CPU
                        rows[index].values += value if isinstance(value, list) else [value]
                        if index in CPU_ROWS:
                            rows[index].cpu.append(cpu)
    for root in roots:
        print_table(tables[root], runs, root, NEW)
        print()
    for other in roots[1:]:
        print_comparison(tables[roots[0]], tables[other], [roots[0], other], NEW)
        print()


NEW = "each command a new process"


def new_rows(big: int, large: int) -> list[Row]:
    return [Row("calibration: reportlab draws 10,000 strings", "", "s", []),
            Row("pnp --help", "≤ 0.15 s", "s", []),
            Row("one 96-card deck (organ-match patients)", "≤ 0.30 s", "s", []),
            Row(f"{big:,}-card deck", "≤ 0.70 s" if big == 2000 else "", "s", []),
            Row(f"{large:,}-card deck, bench/cards.py", "≥ 5,000 cards/s", "cards/s", []),
            Row("all five games, every output, cold", "≤ 1.5 s", "s", []),
            Row("one card edited in a shipped game, rebuild", "≤ 0.2 s", "s", []),
            Row("  the same, a card no other output shows", "", "s", []),
            Row("  the same in `pnp watch`, its first save", "", "s", []),
            Row("  the same in `pnp watch`, later saves", "≤ 0.2 s", "s", []),
            Row(f"peak memory at {large:,} cards", "≤ 120 MB", "MB", []),
            Row("an unchanged build of the five games", "", "s", []),
            Row("`pnp list` of the five games, warm cache", "≤ 0.5 s", "s", []),
            Row("a save in `pnp serve`, later saves", "", "s", [])]


CPU_ROWS = frozenset({0, 1, 2, 3, 5, 6, 7, 11, 12, 13})  # rows whose CPU seconds are shown beside them (one fresh process, or the serve session's)


def _watch_rows(root: Path, tmp: Path, big: int, large: int) -> dict:
    first, *later = watch_rebuilds(root, tmp, 3)  # three edits a run, rebuilt by one process that stays up
    return {8: first, 9: later}


def _cards_rows(root: Path, tmp: Path, big: int, large: int) -> dict:
    rate, peak = cards_per_second(root, tmp, large)
    return {4: rate, 10: peak}


# Each measure times one or more rows for one checkout: {row index: a value, or a list of them}.
MEASURES = [
    lambda root, tmp, big, large: {0: calibration(root)},
    lambda root, tmp, big, large: {1: pnp(root, "--help")[0]},
    lambda root, tmp, big, large: {2: one_deck(root, tmp)},
    lambda root, tmp, big, large: {3: deck_build(root, tmp, big)[0]},
    lambda root, tmp, big, large: {5: five_games(root, tmp)},
    lambda root, tmp, big, large: {6: edited_card(root, tmp)},
    lambda root, tmp, big, large: {7: edited_card(root, tmp, row=-1)},
    _watch_rows,
    _cards_rows,
    lambda root, tmp, big, large: unchanged_then_listed(root, tmp),
    lambda root, tmp, big, large: {13: serve_saves(root, tmp, 4)},
]
MEASURE_ROWS = [{0}, {1}, {2}, {3}, {5}, {6}, {7}, {8, 9}, {4, 10}, {11, 12}, {13}]  # the rows each measure gives (for --rows)


def print_comparison(rows: list[Row], against: list[Row], roots: list[Path], mode: str) -> None:
    """Each row's median for both checkouts, timed in turn, their ratio (below 1: `roots[0]` is faster or smaller) and
    the CPU seconds of each, as a Markdown table."""
    print(f"`{roots[0]}` (this) against `{roots[1]}`, timed in turn; {mode}; load average {os.getloadavg()[0]:.2f}")
    print()
    print("| work | this | against | ratio | CPU s this | CPU s against |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    for row, other in zip(rows, against, strict=True):
        if not row.values or not other.values:
            continue
        m, o = row.median(), other.median()
        ratio = o / m if row.unit == "cards/s" else m / o  # cards/s: the time a card takes
        cpu = [f"{statistics.median(r.cpu):.2f}" if r.cpu else "" for r in (row, other)]
        print(f"| {row.name.strip()} | {_shown(m, row.unit)} | {_shown(o, row.unit)} | {ratio:.2f} | {cpu[0]} | {cpu[1]} |")


CALIBRATION_S = [1.0]  # the calibration of the last table printed, for a table that does not measure its own


def _shown(value: float, unit: str) -> str:
    return f"{value:.3f} {unit}" if unit == "s" else f"{value:,.0f} {unit}"


def print_table(rows: list[Row], runs: int, root: Path, mode: str) -> None:
    calibration_s = rows[0].median() if rows[0].values else CALIBRATION_S[0]
    CALIBRATION_S[0] = calibration_s
    load = os.getloadavg()
    print(f"pnp at {root} (bytecode compiled); {mode}; median of {runs} run{'s' * (runs != 1)}; load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    print(f"{'work':<46} {'median':>12} {'range':>21} {'× calibration':>14} {'CPU s':>7}  goal")
    for row in rows:
        if not row.values:
            continue
        m = row.median()
        low, high = min(row.values), max(row.values)
        if row.unit == "s":
            text, spread, ratio = f"{m:.3f} s", f"{low:.3f}–{high:.3f} s", f"{m / calibration_s:.2f}"
        elif row.unit == "cards/s":
            text, spread, ratio = f"{m:,.0f} cards/s", f"{low:,.0f}–{high:,.0f}", f"{(1 / m) / (calibration_s / 10_000):.2f}"  # s per card vs s per string
        else:
            text, spread, ratio = f"{m:.0f} MB", f"{low:.0f}–{high:.0f} MB", ""
        cpu = f"{statistics.median(row.cpu):.2f}" if row.cpu else ""
        print(f"{row.name:<46} {text:>12} {spread:>21} {ratio:>14} {cpu:>7}  {row.goal}")


if __name__ == "__main__":
    main()
