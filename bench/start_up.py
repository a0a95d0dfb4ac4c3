#!/usr/bin/env python3
"""What a cold build's start-up imports and what its imports do: docs/performance.md's account of them, measured.

usage: python bench/start_up.py N [RUNS]

Makes the standard deck of N cards (as bench/card_stages.py finds its maker) and builds it cold RUNS times (5),
`pnp build std --only cards -q` in a fresh process each time (PNP_JOBS=1). Odd runs go under
`python -X importtime`: their per-module self times (microseconds, inflated by the instrumentation: compare within a
table) are summed by top-level package, medians printed, with pnp's own heaviest modules. Even runs count, in processor
time and by who defines them (pnp or a library), the classes made while importing and building that cost the most to
make: dataclasses, typing.NamedTuples, pydantic models, and the regular expressions compiled (not found in re's cache).
To compare two checkouts, run it with PYTHONPATH pointing at each, in turn.
"""
from __future__ import annotations

import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from card_stages import _make_deck

COMMAND = ["build", "std", "--only", "cards", "-q"]
LINE = re.compile(r"import time:\s+(\d+) \|\s+\d+ \|\s*(\S+)")

# Run in the child: wraps the makers of classes and patterns, then runs the `pnp` command as a user's shell would.
COUNTING = r"""
import atexit, collections, dataclasses, json, re, runpy, sys, time, typing
spent, made = collections.Counter(), collections.Counter()
def whose(module): return "pnp" if (module or "").startswith("pnp") else "libraries"
def timed(kind, make, module_of):
    def wrapper(*args, **kwargs):
        t0 = time.process_time()
        try: return make(*args, **kwargs)
        finally:
            key = f"{kind} ({whose(module_of(args))})"
            spent[key] += time.process_time() - t0; made[key] += 1
    return wrapper
dataclasses._process_class = timed("dataclasses", dataclasses._process_class, lambda a: a[0].__module__)
typing.NamedTupleMeta.__new__ = timed("named tuples", typing.NamedTupleMeta.__new__, lambda a: a[3].get("__module__"))
compile_pattern = re._compile
def pattern(p, flags):
    if (type(p), p, flags) in re._cache: return compile_pattern(p, flags)
    return timed("patterns compiled", compile_pattern, lambda a: sys._getframe(4).f_globals.get("__name__"))(p, flags)
re._compile = pattern
import pydantic._internal._model_construction as mc
mc.ModelMetaclass.__new__ = timed("pydantic models", mc.ModelMetaclass.__new__, lambda a: a[3].get("__module__"))
atexit.register(lambda: print(json.dumps({k: [made[k], spent[k]] for k in spent}), flush=True))
sys.argv = ["pnp", *sys.argv[1:]]
runpy.run_module("pnp", run_name="__main__")
"""


def _run(project: Path, args: list[str]) -> subprocess.CompletedProcess:
    subprocess.run(["rm", "-rf", str(project / "output")], check=True)
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, cwd=project, check=True,
                          env={**os.environ, "PNP_JOBS": "1"})


def main() -> None:
    n, runs = int(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) > 2 else 5
    timings, counts = [], []
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([sys.executable, str(_make_deck()), str(n), tmp], check=True)
        project = Path(tmp) / "project"
        for i in range(runs):
            if i % 2 == 0:
                done = _run(project, ["-X", "importtime", "-m", "pnp", *COMMAND])
                timings.append({m[2]: int(m[1]) for m in map(LINE.match, done.stderr.splitlines()) if m})
            else:
                counts.append(json.loads(_run(project, ["-c", COUNTING, *COMMAND]).stdout.strip().splitlines()[-1]))
    modules = set().union(*timings)
    self_us = {m: statistics.median(t.get(m, 0) for t in timings) for m in modules}
    packages = Counter()
    for module, us in self_us.items():
        packages[module.split(".")[0]] += us
    print(f"{n} cards, `python -X importtime`, self ms summed by package, medians of {len(timings)}: "
          f"{len(modules)} modules, {sum(self_us.values()) / 1000:.1f} ms")
    for package, us in packages.most_common(20):
        print(f"| {package} | {us / 1000:.1f} |")
    print("pnp's heaviest modules (self ms):")
    for module, us in sorted(((m, u) for m, u in self_us.items() if m.startswith("pnp")), key=lambda x: -x[1])[:12]:
        print(f"| {module} | {us / 1000:.1f} |")
    if counts:
        print(f"classes and patterns made, processor ms, medians of {len(counts)}:")
        for key in sorted(set().union(*counts)):
            print(f"| {key} | {statistics.median(c.get(key, [0, 0])[0] for c in counts):.0f} made | "
                  f"{statistics.median(c.get(key, [0, 0])[1] for c in counts) * 1000:.1f} ms |")


if __name__ == "__main__":
    main()
