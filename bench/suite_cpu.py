#!/usr/bin/env python3
"""Where the test suite's processor time goes: each test file's CPU seconds, and how much of it the pnp commands the
tests run in their own process take.

usage: python bench/suite_cpu.py [--top N] [PYTEST ARGS...]

The suite is bound by the processor on a 2-core machine (docs/testing.md): its wall time is about its CPU seconds
over two, so cutting it means cutting CPU seconds, and this says where they are. It runs `pytest -q` (with any
arguments given) with a plugin of its own in every worker, which records for each test the CPU seconds of the
worker (user and system) and of the processes it started and waited for (RUSAGE_CHILDREN), and for every command a
test runs through click's CliRunner (`conftest.run_pnp`) that command's own share. It prints, for the whole run and
for the TOP files that cost most: their CPU seconds, the part spent in in-process commands, and the rest (reading
PDFs back, rasterising, the processes they start). A file's shared fixtures (a shared build, export or bundle of the
five games) count in whichever test first asked for them.
"""
from __future__ import annotations

import argparse
import collections
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PLUGIN = r'''
import json, os, resource, time
import click.testing
import pytest

OUT = os.environ["PNP_SUITE_CPU"]
_files = {}


def _log(kind, *values):
    name = os.environ.get("PYTEST_XDIST_WORKER", "main")
    f = _files.get(name) or _files.setdefault(name, open(os.path.join(OUT, f"{name}-{os.getpid()}.jsonl"), "a"))
    f.write(json.dumps([kind, *values]) + "\n")
    f.flush()


def _cpu():
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime, children.ru_utime + children.ru_stime


_invoke = click.testing.CliRunner.invoke


def _timed_invoke(self, cli, args=None, *a, **k):
    before = _cpu()
    try:
        return _invoke(self, cli, args, *a, **k)
    finally:
        after = _cpu()
        test = os.environ.get("PYTEST_CURRENT_TEST", "").split(" ")[0]
        _log("command", test, [str(x) for x in (args or [])], after[0] - before[0] + after[1] - before[1])


click.testing.CliRunner.invoke = _timed_invoke


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    before = _cpu()
    yield
    after = _cpu()
    _log("test", item.nodeid, after[0] - before[0], after[1] - before[1])
'''


def run(pytest_args: list[str], folder: Path) -> tuple[float, float]:
    """Run the suite with the plugin; (wall seconds, CPU seconds of pytest and every process it waited for)."""
    (folder / "suite_cpu_plugin.py").write_text(PLUGIN, encoding="utf-8")
    env = {**os.environ, "PNP_SUITE_CPU": str(folder), "PYTHONPATH": os.pathsep.join(filter(None, [str(folder), os.environ.get("PYTHONPATH")]))}
    before = os.times()
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "suite_cpu_plugin", *pytest_args], cwd=ROOT, env=env, check=False)
    after = os.times()
    return time.perf_counter() - started, (after.children_user - before.children_user) + (after.children_system - before.children_system)


def report(folder: Path, wall: float, cpu: float, top: int) -> None:
    tests, commands, started = collections.Counter(), collections.Counter(), collections.Counter()
    for log in folder.glob("*.jsonl"):
        for line in log.read_text(encoding="utf-8").splitlines():
            kind, *values = json.loads(line)
            if kind == "test":
                tests[values[0].split("::")[0]] += values[1] + values[2]
                started[values[0].split("::")[0]] += values[2]
            else:
                commands[values[0].split("::")[0]] += values[2]
    in_tests, in_commands = sum(tests.values()), sum(commands.values())
    print(f"the suite: {wall:.0f} s of wall time, {cpu:.0f} CPU-s in all; {in_tests:.0f} CPU-s inside its tests, "
          f"{in_commands:.0f} of them in pnp commands run in the test's own process, {sum(started.values()):.0f} in the processes "
          f"the tests started")
    print("\n| test file | CPU-s | in-process commands | processes started | the rest |\n| --- | ---: | ---: | ---: | ---: |")
    for name, seconds in tests.most_common(top):
        rest = seconds - commands[name] - started[name]
        print(f"| {name} | {seconds:.1f} | {commands[name]:.1f} | {started[name]:.1f} | {rest:.1f} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--top", type=int, default=15, help="the files that cost most, this many")
    args, pytest_args = parser.parse_known_args()
    with tempfile.TemporaryDirectory() as tmp:
        wall, cpu = run(pytest_args, Path(tmp))
        report(Path(tmp), wall, cpu, args.top)


if __name__ == "__main__":
    main()
