"""A command ends its own process once it is done (pnp.launch.leave): its exit handlers run once, everything it printed
is written, its exit status is sys.exit's, and Python's own shutdown, which frees every object one by one, is skipped.
A process with another thread running, or with output it cannot write, ends the usual way. A command that ends runs
with the cyclic collector off throughout (pnp.launch._run_here)."""
from __future__ import annotations

import os
import subprocess
import sys
import threading

import pytest
from conftest import ROOT

import pnp.launch as launch


def test_a_command_ends_with_its_status_its_output_written_and_its_exit_handlers_run_once(tmp_path):
    probe = ("import atexit, gc, runpy, sys\natexit.register(lambda: print('handler ran, collector on:', gc.isenabled()))\n"
             "sys.argv = ['pnp', '--root', sys.argv[1], 'build']\nrunpy.run_module('pnp', run_name='__main__')\n")
    done = subprocess.run([sys.executable, "-c", probe, str(tmp_path / "nowhere")], capture_output=True, text=True, cwd=ROOT, timeout=120,
                          env={**{k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 2, "a usage error's status"
    assert "no data/ folder here or above" in done.stderr
    assert done.stdout.splitlines() == ["handler ran, collector on: False"], "the handler ran once, and what it printed (to a pipe, buffered) was written"


def _no_exit(code):
    raise AssertionError(f"os._exit({code}) where the process must end the usual way")


def test_a_process_with_another_thread_running_ends_the_usual_way(monkeypatch):
    monkeypatch.setattr(os, "_exit", _no_exit)
    stop = threading.Event()
    waiting = threading.Thread(target=stop.wait)
    waiting.start()
    try:
        with pytest.raises(SystemExit) as raised:
            launch.leave(SystemExit(3))
    finally:
        stop.set()
        waiting.join()
    assert raised.value.code == 3


class _ClosedPipe:
    def write(self, text):
        return len(text)

    def flush(self):
        raise BrokenPipeError(32, "Broken pipe")


def test_output_that_cannot_be_written_ends_the_usual_way(monkeypatch):
    monkeypatch.setattr(os, "_exit", _no_exit)
    monkeypatch.setattr(sys, "stdout", _ClosedPipe())
    with pytest.raises(SystemExit) as raised:
        launch.leave(SystemExit(0))
    assert raised.value.code == 0


def test_the_status_is_the_one_python_gives_for_sys_exits_code(capsys):
    assert [launch.exit_code(code) for code in (None, 0, 3, 256 + 5, -1)] == [0, 0, 3, 5, 255]
    assert launch.exit_code("pnp: no such game") == 1
    assert capsys.readouterr().err == "pnp: no such game\n", "a text is printed, as Python prints it"
