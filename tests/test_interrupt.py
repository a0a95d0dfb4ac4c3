"""Ctrl-C stops a build at any point the same way: exit 130, one line, no traceback from any process, nothing
half-written, never a hang (issue #49, item 4)."""
from __future__ import annotations

import contextlib
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import ROOT

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="process groups and signals as on Linux")


def files_of(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file() and ".pnp-cache" not in p.parts}


def test_ctrl_c_at_random_points_of_a_build_stops_it_with_one_line_and_leaves_no_file_half_written(project, tmp_path):
    """A terminal's Ctrl-C reaches the whole foreground process group (the build and its worker processes): builds of
    the test game are interrupted at random moments, one in each fifth of the time a whole build took here (its
    start-up, its checks and drawing in the workers, its writing), so that every stage is hit however fast or loaded the
    machine. Each ends 130 with one line and no traceback, or (interrupted too late) ends 0; every output file it left
    is the one a whole build writes, byte for byte."""
    env = {**os.environ, "PNP_JOBS": "2"}  # the build with worker processes of its own
    whole = tmp_path / "whole"
    began = time.monotonic()
    built = subprocess.run([sys.executable, "-m", "pnp", "--root", str(project), "build", "-q", "--out", str(whole)],
                           env=env, cwd=ROOT, capture_output=True, text=True, timeout=300)
    took = time.monotonic() - began
    assert built.returncode == 0, built.stderr
    expected = files_of(whole)
    chance = random.Random(49)
    stopped = 0
    fifths = 5
    for trial in range(fifths):
        out = tmp_path / f"out{trial}"
        caller = subprocess.Popen([sys.executable, "-m", "pnp", "--root", str(project), "build", "-q", "--out", str(out)], env=env, cwd=ROOT,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
        # from after Python's own start-up (site), which no program's code can guard, to the end of a whole build
        time.sleep(0.3 + max(took - 0.3, 0.4) * chance.uniform(trial, trial + 1) / fifths)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(caller.pid, signal.SIGINT)
        _, err = caller.communicate(timeout=60)  # never a hang
        assert "Traceback" not in err, err
        # Ctrl-C before the interpreter had started, or after it had begun to shut down (a loaded machine): the process
        # ends by the signal, silently, as any program; what it wrote before is checked as any other run's files.
        assert caller.returncode in (0, 130, -signal.SIGINT), (caller.returncode, err)
        assert caller.returncode != -signal.SIGINT or err == "", err
        if caller.returncode == 130:
            stopped += 1
            assert [line for line in err.splitlines() if line.strip()] == ["pnp: stopped (Ctrl-C); the files of the last build are as they were"] \
                or [line for line in err.splitlines() if line.strip()] == ["pnp: stopped (Ctrl-C)"], err
        left = files_of(out) if out.exists() else {}
        assert not [name for name in left if name.endswith(".tmp") or ".tmp" in name], left
        for name, data in left.items():
            if name in expected:
                assert data == expected[name], f"{name} was left half-written"
        _wait_for_group_to_end(caller.pid)
        assert not _group_alive(caller.pid), "a worker process outlived the build"
    assert stopped >= 2  # the trials of the middle fifths land while the build runs


def _wait_for_group_to_end(pgid: int, seconds: float = 0.2) -> None:
    """Give the build's workers up to `seconds` to end after the build did (checked every 10 ms, not slept whole)."""
    deadline = time.monotonic() + seconds
    while _group_alive(pgid) and time.monotonic() < deadline:
        time.sleep(0.01)


def _group_alive(pgid: int) -> bool:
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == pgid and fields[0] != "Z":
            return True
    return False


def test_a_ctrl_c_that_lands_where_python_cannot_raise_it_still_stops_the_command():
    """A Ctrl-C met inside a finalizer or a fork's lock hook is "ignored" by Python with a printed traceback; the command
    prints none and is still stopped, as by a Ctrl-C, at the next place that can unwind."""
    code = ("import os, signal, sys, time\nimport pnp.cli as cli\n"
            "ctrl_c = cli.CtrlC(os.getpid())\n"
            "signal.signal(signal.SIGINT, ctrl_c.signalled)\n"
            "sys.unraisablehook = ctrl_c.unraisable(sys.unraisablehook)\n"
            "class Finalized:\n    def __del__(self):\n        raise KeyboardInterrupt\n"
            "try:\n    Finalized()\n    time.sleep(2)\n    print('went on')\nexcept KeyboardInterrupt:\n    print('stopped')\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert done.stdout.strip() == "stopped", done.stdout + done.stderr
    assert "Traceback" not in done.stderr, done.stderr


def test_a_second_ctrl_c_while_the_command_unwinds_lets_it_finish_unwinding():
    """An impatient second Ctrl-C lands in the cleanup the first one started: the cleanup finishes, one line, exit 130."""
    code = ("import os, signal, sys, time\nimport pnp.cli as cli\nctrl_c = cli.CtrlC(os.getpid())\n"
            "signal.signal(signal.SIGINT, ctrl_c.signalled)\n"
            "try:\n    os.kill(os.getpid(), signal.SIGINT)\n    time.sleep(5)\nexcept KeyboardInterrupt:\n"
            "    os.kill(os.getpid(), signal.SIGINT)\n    time.sleep(0.2)\n    print('cleaned up', flush=True)\n    ctrl_c.end()\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 130, done.stderr
    assert done.stdout.strip() == "cleaned up", done.stdout + done.stderr
    assert done.stderr.strip() == "pnp: stopped (Ctrl-C); the files of the last build are as they were", done.stderr


def test_a_command_and_its_deadline_ending_it_together_say_so_once():
    """The deadline ends a command whose unwinding waits, and the command, unwound meanwhile, ends itself too: one line
    between them. Here the deadline's line waits on a full stderr (no one reads it for a second) while the command ends."""
    fill = ("os.set_blocking(2, False)\ntry:\n    while True:\n        os.write(2, b'.' * 4096)\nexcept BlockingIOError:\n    pass\n"
            "os.set_blocking(2, True)\n")
    code = ("import os, signal, sys, time\nimport pnp.cli as cli\nctrl_c = cli.CtrlC(os.getpid(), ends_within=0.1)\n"
            "signal.signal(signal.SIGINT, ctrl_c.signalled)\n" + fill +
            "try:\n    os.kill(os.getpid(), signal.SIGINT)\n    time.sleep(5)\nexcept KeyboardInterrupt:\n    time.sleep(0.5)\n    ctrl_c.end()\n")
    child = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
    time.sleep(1.5)  # the deadline has come and the command has unwound: both would say so now
    _, err = child.communicate(timeout=60)
    assert child.returncode == 130, err[-500:]
    assert err.count("pnp: stopped (Ctrl-C)") == 1, err[-500:]


WRAPPED_CTRL_C = """
import sys, types


class Loading(types.ModuleType):
    def __getattr__(self, name):  # a Ctrl-C met while a class of pnp's command line is being made, as Python 3.11 raises it
        try:
            raise KeyboardInterrupt
        except KeyboardInterrupt as exc:
            raise RuntimeError("Error calling __set_name__ on a descriptor") from exc


sys.modules["pnp.cli"] = Loading("pnp.cli")
sys.argv = ["pnp", "--version"]
from pnp.launch import run

run()
"""


def test_a_ctrl_c_python_raises_wrapped_while_pnp_loads_stops_it_with_one_line():
    """A Ctrl-C that lands while a class is being made reaches pnp wrapped in a RuntimeError (Python calls
    `__set_name__` and wraps what it raises): it is a Ctrl-C all the same, one line and exit 130, no traceback."""
    stopped = subprocess.run([sys.executable, "-c", WRAPPED_CTRL_C], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert "Traceback" not in stopped.stderr, stopped.stderr
    assert stopped.returncode == 130 and [line for line in stopped.stderr.splitlines() if line.strip()] == ["pnp: stopped (Ctrl-C)"], stopped.stderr


# A module of pnp's command line failing as it loads, as RAISING says: `__getattr__` stands for the module's code.
LOADING_FAILS = """
import sys, types


class Loading(types.ModuleType):
    def __getattr__(self, name):
        RAISING


sys.modules["pnp.cli"] = Loading("pnp.cli")
sys.argv = ["pnp", "--version"]
from pnp.launch import run

run()
"""


def test_a_ctrl_c_an_error_was_raised_while_handling_stops_pnp_with_one_line():
    """A Ctrl-C that lands in code which, handling it, raises an error of its own (its cleanup fails, with no `from`)
    reaches pnp as that error's context: it is a Ctrl-C all the same, one line and exit 130, no traceback."""
    raising = "try:\n            raise KeyboardInterrupt\n        except KeyboardInterrupt:\n            raise OSError('cleanup failed')"
    stopped = subprocess.run([sys.executable, "-c", LOADING_FAILS.replace("RAISING", raising)], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert "Traceback" not in stopped.stderr, stopped.stderr
    assert stopped.returncode == 130 and [line for line in stopped.stderr.splitlines() if line.strip()] == ["pnp: stopped (Ctrl-C)"], stopped.stderr


def test_a_bug_met_while_pnp_loads_is_shown_as_a_bug_not_as_a_ctrl_c():
    """An error no Ctrl-C caused, met while pnp's command line loads, is pnp's bug: its traceback is printed for the
    report and the run fails, never said as a Ctrl-C (exit 130) that no one pressed."""
    failed = subprocess.run([sys.executable, "-c", LOADING_FAILS.replace("RAISING", "raise RuntimeError('a bug at start-up')")], cwd=ROOT,
                            capture_output=True, text=True, timeout=120)
    assert failed.returncode == 1 and "stopped (Ctrl-C)" not in failed.stderr, failed.stderr
    assert "Traceback" in failed.stderr and failed.stderr.rstrip().splitlines()[-1] == "RuntimeError: a bug at start-up", failed.stderr


SWALLOWED_CTRL_C = """
import sys


class Finalized:
    def __del__(self):  # a Ctrl-C met in a finalizer or an import's lock callback: Python prints "Exception ignored in"
        raise KeyboardInterrupt


class Finder:
    def find_spec(self, name, path=None, target=None):
        if name == "pnp.cli":
            Finalized()
        return None


sys.meta_path.insert(0, Finder())
sys.argv = ["pnp", "--version"]
from pnp.launch import run

run()
"""


def test_a_ctrl_c_python_swallows_while_pnp_loads_stops_it_with_one_line():
    """A Ctrl-C that lands where Python cannot raise it while pnp loads (an import lock's callback, as a CI run met it, or
    a finalizer) is "ignored" by Python with a printed traceback: pnp stops there all the same, one line and exit 130."""
    stopped = subprocess.run([sys.executable, "-c", SWALLOWED_CTRL_C], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert "Traceback" not in stopped.stderr, stopped.stderr
    assert stopped.returncode == 130 and [line for line in stopped.stderr.splitlines() if line.strip()] == ["pnp: stopped (Ctrl-C)"], stopped.stderr


def test_an_error_python_ignores_while_pnp_loads_is_printed_as_python_prints_it_and_the_command_goes_on():
    """Only a Ctrl-C Python cannot raise while pnp loads stops the command: any other error it ignores (a finalizer's
    bug) is printed as Python prints it ("Exception ignored in" and its traceback) and the command runs to its end."""
    finalizers_bug = SWALLOWED_CTRL_C.replace("raise KeyboardInterrupt", "raise ValueError('a finalizer went wrong')")
    ran = subprocess.run([sys.executable, "-c", finalizers_bug], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert ran.returncode == 0 and ran.stdout.startswith("pnp, version "), ran.stdout + ran.stderr
    assert "stopped (Ctrl-C)" not in ran.stderr, ran.stderr
    assert "Exception ignored in" in ran.stderr and "ValueError: a finalizer went wrong" in ran.stderr, ran.stderr


CTRL_C_AS_BYTES_GO_TO_DISK = """
import os, signal, sys

def ctrl_c(fd):  # a Ctrl-C that lands as a file's bytes go to the disk
    os.fsync = lambda fd: None
    os.kill(os.getpid(), signal.SIGINT)

os.fsync = ctrl_c
sys.argv = ["pnp", "--root", sys.argv[1], "build", "tiny", "--only", "cards"]
from pnp.launch import run

run()
"""


def test_a_ctrl_c_while_a_rebuilt_card_sheet_is_written_leaves_the_last_one_and_no_temporary(built_project):
    """Ctrl-C as the new card sheet's bytes go to the disk: the command stops (exit 130, one line), the files of the
    last build are there byte for byte, and no hidden temporary is left beside them."""
    project = built_project
    out = project / "output/tiny"
    last = files_of(out)
    deck = project / "data/tiny/decks/heroes.yaml"
    deck.write_text(deck.read_text().replace("Steal 1 coin", "Steal 2 coins"))
    stopped = subprocess.run([sys.executable, "-c", CTRL_C_AS_BYTES_GO_TO_DISK, str(project)], cwd=ROOT, capture_output=True,
                             text=True, timeout=120, env={**os.environ, "PNP_JOBS": "1"})
    assert stopped.returncode == 130, stopped.stderr[-800:]
    assert "pnp: stopped (Ctrl-C)" in stopped.stderr and "Traceback" not in stopped.stderr, stopped.stderr[-800:]
    assert files_of(out) == last
    assert [p.name for p in out.iterdir() if p.name.startswith(".") and p.name != ".gitignore"] == []
