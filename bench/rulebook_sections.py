"""Benchmark: a rulebook of many sections, its layout's time against its sections (issue 100).

Each size is a game with a rulebook alone: half its sections headings in a row, the other half a heading and a line
each, every section an entry of the contents; built by `pnp build` in a fresh process. Prints the seconds (wall and
processor) of each size and the ratio of the largest to the smallest: a layout linear in its sections takes about
3 times as long for 3,000 as for 1,000 (a little less: a build's fixed cost is shared).
Usage:
    python bench/rulebook_sections.py [SECTIONS ...]   (default: 1000 3000)
"""
from __future__ import annotations

import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def make_project(folder: Path, sections: int) -> None:
    (folder / "data/g").mkdir(parents=True)
    (folder / "data/g/game.yaml").write_text("title: Sections\nplayers: {min: 1, max: 4}\nage: 8\nplay_time: 10\n", encoding="utf-8")
    half = sections // 2
    text = "".join(f"## Heading {n}\n\n" for n in range(half))
    text += "".join(f"## Section {n}\n\nWhat section {n} says.\n\n" for n in range(half, sections))
    (folder / "data/g/rulebook.md").write_text(text, encoding="utf-8")


def build_seconds(sections: int) -> tuple[float, float]:
    """(wall, processor) seconds of `pnp build` of a rulebook of `sections` sections, in a process of its own."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        make_project(folder, sections)
        env = {**os.environ, "PYTHONPATH": str(ROOT), "PNP_JOBS": "1"}
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "pnp", "--root", str(folder), "build", "g"], env=env, check=True, capture_output=True)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    sizes = [int(a) for a in sys.argv[1:]] or [1000, 3000]
    times = {}
    for n in sizes:
        times[n] = build_seconds(n)
        print(f"{n:>7,} sections: {times[n][0]:6.2f} s ({times[n][1]:.2f} s processor)", flush=True)
    if len(sizes) > 1:
        small, large = min(sizes), max(sizes)
        print(f"{large:,} / {small:,} sections: {times[large][0] / times[small][0]:.2f}x the time "
              f"({times[large][1] / times[small][1]:.2f}x the processor time), {large / small:.2f}x the sections")


if __name__ == "__main__":
    main()
