"""Benchmark: load a 10,000-card deck kept as YAML, CSV or XLSX; print median and range of the load time.

Each load runs in a fresh process (the same as a `pnp build` start), timing
`Project.load_game` alone: reading, typing every cell, keeping every value's
location, and the shape checks. Usage:
    python bench/load.py [--rows 10000] [--repeat 5]
A calibration figure from the same run (Python parsing the same CSV with the
standard csv module, nothing else) lets a figure be read as a ratio on a noisy
machine.
"""
from __future__ import annotations

import argparse
import csv
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COLOURS = ["red", "blue", "green", "gold"]
HEADER = ["id", "count", "title", "colour", "text", "n"]


def rows(n: int) -> list[list]:
    return [[f"c{i}", 1, f"Card number {i}", COLOURS[i % 4], f"Gain **{i % 7 + 1}** coins :star: and draw *one* card.", i] for i in range(n)]


def make_project(folder: Path, kind: str, n: int) -> None:
    (folder / "data/bench/decks").mkdir(parents=True)
    (folder / "templates/bench").mkdir(parents=True)
    (folder / "data/bench/game.yaml").write_text('title: Bench\nplayers: {min: 1, max: 4}\npalette: {red: "#c0392b", blue: "#2e6da4", green: "#3c8d40", gold: "#d4a017"}\n')
    head = ["name: Bench", "size: poker", "front: bench/front.j2"]
    deck = folder / "data/bench/decks/bench.yaml"
    if kind == "yaml":
        lines = [*head, "cards:"]
        lines += [f'  - {{id: {r[0]}, count: {r[1]}, title: "{r[2]}", colour: {r[3]}, text: "{r[4]}", n: {r[5]}}}' for r in rows(n)]
        deck.write_text("\n".join(lines) + "\n")
    elif kind == "csv":
        with (folder / "data/bench/decks/bench.csv").open("w", newline="", encoding="utf-8") as f:
            writer = csv.writer(f)
            writer.writerow(HEADER)
            writer.writerows(rows(n))
        deck.write_text("\n".join([*head, "cards_from: bench.csv"]) + "\n")
    else:
        from openpyxl import Workbook

        book = Workbook()
        sheet = book.active
        sheet.title = "Bench"
        sheet.append(HEADER)
        for r in rows(n):
            sheet.append(r)
        book.save(folder / "data/bench/decks/bench.xlsx")
        deck.write_text("\n".join([*head, "cards_from: bench.xlsx", "sheet: Bench"]) + "\n")
    (folder / "templates/bench/front.j2").write_text('{{ text(card.title, 4, 3, face.w - 8, 8) }}\n')


def child(folder: str) -> None:
    from pnp.data.project import Project

    started = time.perf_counter()
    game, findings = Project(Path(folder)).load_game("bench")
    seconds = time.perf_counter() - started
    assert game is not None and not [f for f in findings if f.severity == "error"], findings
    print(json.dumps({"seconds": seconds, "cards": game.decks["bench"].total}))


def calibration(folder: Path) -> float:
    """Seconds the standard csv module takes to read the same rows: the machine's speed today."""
    started = time.perf_counter()
    with (folder / "data/bench/decks/bench.csv").open(newline="", encoding="utf-8") as f:
        sum(1 for _ in csv.reader(f))
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    print(f"{'deck kept as':<14} {'median':>8} {'range':>17} {'rows/s':>9}")
    calib = None
    for kind in ("yaml", "csv", "xlsx"):
        with tempfile.TemporaryDirectory() as tmp:
            folder = Path(tmp)
            make_project(folder, kind, args.rows)
            if kind == "csv":
                calib = statistics.median(calibration(folder) for _ in range(args.repeat))
            times = []
            for _ in range(args.repeat):
                out = subprocess.run([sys.executable, __file__, "--child", str(folder)], capture_output=True, text=True, check=True, cwd=ROOT)
                times.append(json.loads(out.stdout.strip().splitlines()[-1])["seconds"])
            med = statistics.median(times)
            print(f"{kind:<14} {med:>7.3f}s {min(times):>7.3f}–{max(times):.3f} s {args.rows / med:>9,.0f}")
    print(f"calibration: the csv module reads the {args.rows:,} rows in {calib * 1000:.1f} ms")


if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "--child":
        child(sys.argv[2])
    else:
        main()
