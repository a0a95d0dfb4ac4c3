"""Benchmark: `pnp export GAME --format all` of each shipped game, each a fresh process, this checkout and others in turn.

    python bench/export_all.py                      (3 runs a game)
    python bench/export_all.py --runs 5 --against /tmp/base   (another checkout of pnp, timed in turn with this one)

Every target of every game at 72 dpi, without the checks (`--no-validate`: the rendering and writing alone), each run
into an empty folder. Prints each game's median wall and CPU seconds (the process's own and its children's) per
checkout, and the sum over the games. A checkout given with --against runs with its own code on PYTHONPATH and this
checkout's environment, as bench/speed.py does.
"""
from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = sorted(p.name for p in (ROOT / "data").iterdir() if (p / "game.yaml").is_file())


def timed(checkout: Path, game: str, out: Path) -> tuple[float, float]:
    """(wall, CPU) seconds of one export of `game` by `checkout`'s pnp into `out`, emptied first."""
    shutil.rmtree(out, ignore_errors=True)
    env = {**os.environ, "PYTHONPATH": str(checkout)}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "pnp", "--root", str(ROOT), "export", game, "--format", "all", "--dpi", "72", "--no-validate",
                    "--out", str(out)], env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--against", type=Path, action="append", default=[])
    args = parser.parse_args()
    checkouts = [ROOT, *(p.resolve() for p in args.against)]
    times: dict = {(c, g): [] for c in checkouts for g in GAMES}
    with tempfile.TemporaryDirectory() as tmp:
        for run in range(args.runs):
            for game in GAMES:
                for checkout in checkouts[run % len(checkouts):] + checkouts[:run % len(checkouts)]:  # who goes first rotates
                    times[checkout, game].append(timed(checkout, game, Path(tmp) / "out"))
    for checkout in checkouts:
        print(f"== {checkout}")
        total_wall = total_cpu = 0.0
        for game in GAMES:
            wall = statistics.median(t[0] for t in times[checkout, game])
            cpu = statistics.median(t[1] for t in times[checkout, game])
            total_wall, total_cpu = total_wall + wall, total_cpu + cpu
            print(f"  {game:16} {wall:6.2f} s  (CPU {cpu:5.2f})")
        print(f"  {'five games':16} {total_wall:6.2f} s  (CPU {total_cpu:5.2f})")


if __name__ == "__main__":
    main()
