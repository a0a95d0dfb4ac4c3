"""The straight path's gate (issue #76): pnp against the bare reportlab floor on the standard deck, in one run, and a
failure when the ratio passes CEILING. .ci/run calls it after the suite; docs/performance.md states the ceiling.

    python bench/ratio_gate.py                # the deck at CARDS cards, RUNS runs each, against CEILING
    python bench/ratio_gate.py --ceiling 5    # try another ceiling (to see the gate fail)

The standard deck and its timer are the team's shared benchmark (../shared/bench/standard-deck/run.py beside the
clone, or PNP_STANDARD_DECK): whole processes, cold, taking turns, so the machine's load slows both alike and the
ratio of one run holds where an absolute time does not. Lower CEILING as the straight path gets faster; never raise it
to let a slowdown through.
"""
from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bytecode import compile_bytecode

ROOT = Path(__file__).resolve().parent.parent
CARDS = 500  # a deck big enough that start-up is not the whole figure, small enough for CI (about 5 s a run)
RUNS = 5  # each tool's median of this many, in turn
# pnp's wall time over the floor's on CARDS cards. Measured 3.41, 3.59 and 3.42 × in issue #77's s24 `.ci/run`s from
# clean clones (3.4 × quietly), 3.2–3.4 × quietly at d8f207f and 3.39 × in its `.ci/run` (s22), 3.4 × at 640273d (s20),
# down from 4.1 × at 0df1895, 5.2 × after s17, 5.59–5.81 × at 223a3f6, 6.44 × at 8290ebe and 7.2–7.6 × at 43eb69a: the
# ceiling is the round's highest `.ci/run` reading × 1.2, so that a straight path grown a third slower fails.
CEILING = 4.3


def runner() -> Path:
    """The shared standard deck's timer: PNP_STANDARD_DECK, else ../shared beside the clone (as CI lays it out)."""
    chosen = os.environ.get("PNP_STANDARD_DECK")
    return Path(chosen) if chosen else ROOT.parent / "shared" / "bench" / "standard-deck" / "run.py"


def ratio(output: str, cards: int) -> float:
    """pnp's median over the floor's, from run.py's two 'N cards: S s' lines (the printed ratio is rounded)."""
    times = dict(re.findall(rf"^(floor|pnp)\s+{cards} cards: ([0-9.]+) s", output, re.M))
    if set(times) != {"floor", "pnp"}:
        raise SystemExit(f"run.py printed no times for {cards} cards:\n{output}")
    return float(times["pnp"]) / float(times["floor"])


QUIET_CORES = 0.3  # what else may keep the processors busy while the gate measures: pnp draws a 500-card deck on two cores
QUIET_WAIT = 120  # seconds the gate waits for that before it measures regardless (and says so)


def busy_cores(seconds: float = 1.0) -> float | None:
    """How many processors were busy over `seconds`, from /proc/stat (None where there is none)."""
    def sample():
        with open("/proc/stat") as f:
            fields = [int(x) for x in f.readline().split()[1:]]
        return sum(fields), fields[3] + fields[4]  # all, idle and iowait
    try:
        total0, idle0 = sample()
        time.sleep(seconds)
        total1, idle1 = sample()
    except (OSError, ValueError, IndexError):
        return None
    cores = os.cpu_count() or 1
    return cores * (1 - (idle1 - idle0) / max(total1 - total0, 1))


def wait_until_quiet() -> None:
    """Wait for the machine's other work to stop before measuring. The floor draws on one core and pnp on two, so
    a process left busy on one core (a test suite's last child winding down) slows pnp alone: one core kept busy by a
    plain loop reads 4.6 × where the quiet machine reads 3.2–3.6 ×."""
    waited = 0
    while (busy := busy_cores()) is not None and busy > QUIET_CORES and waited < QUIET_WAIT:
        waited += 1
    if waited:
        print(f"waited {waited} s for the processors to be quiet (busy: {busy:.2f} cores)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ceiling", type=float, default=CEILING)
    parser.add_argument("--cards", type=int, default=CARDS)
    parser.add_argument("--runs", type=int, default=RUNS)
    args = parser.parse_args(argv)
    script = runner()
    if not script.is_file():
        print(f"{script}: the standard deck's timer is not there (set PNP_STANDARD_DECK to its run.py)", file=sys.stderr)
        return 1
    compile_bytecode()  # pnp on PATH is this checkout: each of its runs starts from bytecode, as an installed pnp does
    wait_until_quiet()
    done = subprocess.run([sys.executable, str(script), str(args.cards), str(args.runs)], capture_output=True, text=True)
    if done.returncode:
        print(done.stdout + done.stderr, file=sys.stderr)
        return done.returncode
    found = ratio(done.stdout, args.cards)
    verdict = "within" if found <= args.ceiling else "PAST"
    print(f"standard deck, {args.cards} cards, median of {args.runs}: pnp / floor {found:.2f} × — {verdict} the ceiling {args.ceiling:g} ×")
    if found > args.ceiling:
        print("the straight path got slower against the floor: find what did (docs/performance.md) rather than raise the ceiling", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
