"""Bench: processor seconds of `token_split` cold (which token sets print on the last card sheet), and of a whole build.

`token_split` judges up to 255 choices of token groups, each by one or two packing plans (pnp.render.packing), on
every build of a fresh process. This bench loads the tiny test game (tests/project) or Police Precinct in a fresh
process for each sample and times its first `token_split(game, Options(...))` there, cold as a build's, for Letter,
A4, bleed and gutterfold; it prints the median of processor seconds (`time.process_time`) over the samples. The
machine may be busy with other work: processor seconds, not wall time, are what it compares.

    python bench/token_split.py                      (this checkout, 5 samples a row)
    python bench/token_split.py --against /tmp/main  (also that checkout's pnp, the sides taking turns, sample by sample;
                                                      --against may be given more than once)
    python bench/token_split.py --build 5 --against /tmp/main
        (also `pnp build police-precinct -q` in a fresh process, user + system seconds, 5 runs each, taking turns)
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ROWS = {  # row name → Options fields
    "letter": {},
    "a4": {"paper": "a4"},
    "letter bleed": {"bleed": True},
    "letter gutterfold": {"layout": "gutterfold"},
}
GAMES = {"tiny": ("tests/project", "tiny"), "police-precinct": (".", "police-precinct")}


def first_call(root: Path, game_name: str, row: str) -> float:
    """Processor seconds of one game's first `token_split` for one row in this process: cold, as a build's is (the
    game read and the modules imported beforehand, not timed)."""
    from pnp.data.project import Project
    from pnp.outputs.options import Options
    from pnp.outputs.token_share import token_split

    folder, slug = GAMES[game_name]
    game, _ = Project(root / folder).load_game(slug)
    options = Options(**ROWS[row])
    start = time.process_time()
    token_split(game, options)
    return time.process_time() - start


def sample(checkout: Path, game_name: str, row: str) -> float:
    """`first_call` in a fresh process with `checkout`'s pnp first on the path and its games."""
    done = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--child", game_name, row], cwd=checkout, check=True,
                          capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(checkout)})
    return float(done.stdout)


def build_cpu(checkout: Path) -> float:
    """User + system seconds of `python -m pnp build police-precinct -q` in a fresh process run from `checkout`."""
    with tempfile.TemporaryDirectory() as out:
        done = subprocess.run(["/usr/bin/time", "-f", "%U %S", sys.executable, "-m", "pnp", "build", "police-precinct", "-q", "--out", out],
                              cwd=checkout, check=True, capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(checkout)})
    user, system = done.stderr.strip().splitlines()[-1].split()
    return float(user) + float(system)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="samples of each row (default 5)")
    parser.add_argument("--against", type=Path, action="append", default=[], help="another checkout to time in turn with this one (may be given again)")
    parser.add_argument("--build", type=int, default=0, metavar="N", help="also time N whole builds of Police Precinct on each side")
    parser.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child is not None:
        sys.path.insert(0, str(Path.cwd()))  # the checkout being timed: its pnp, its games
        print(first_call(Path.cwd(), *args.child))
        return
    sides = {"this": ROOT} | {str(path): path.resolve() for path in args.against}
    rows: dict[str, dict[str, list[float]]] = {side: {} for side in sides}
    for _ in range(args.runs):  # one sample of every row a turn, the sides alternating, so load falls on both alike
        for game_name in GAMES:
            for row in ROWS:
                for side, checkout in sides.items():
                    rows[side].setdefault(f"{game_name}, {row}", []).append(sample(checkout, game_name, row))
    builds: dict[str, list[float]] = {side: [] for side in sides}
    for _ in range(args.build):
        for side, checkout in sides.items():
            builds[side].append(build_cpu(checkout))
    print("median processor seconds; " + ", ".join(f"[{i}] {side}" for i, side in enumerate(sides)))
    print(f"{'row':34}" + "".join(f"{f'[{i}]':>10}" for i in range(len(sides))))
    for row in rows["this"]:
        print(f"{row:34}" + "".join(f"{statistics.median(rows[side][row]):10.3f}" for side in sides))
    if args.build:
        print(f"{'build police-precinct (user+sys)':34}" + "".join(f"{statistics.median(builds[side]):10.2f}" for side in sides))


if __name__ == "__main__":
    main()
