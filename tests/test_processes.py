"""Worker processes end with the process that started them: a Ctrl-C or a kill leaves nothing running behind."""
from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time

import pytest
from conftest import ROOT, refusal, run_pnp

from pnp.core.processes import cores

# A parent that starts a pool worker, says the worker's pid, and waits to be killed.
PARENT = """
import os, sys, time
from pnp.core.processes import worker_pool
pool = worker_pool(1)
print(pool.submit(os.getpid).result(), flush=True)
time.sleep(600)
"""


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux ends a worker with its parent (PR_SET_PDEATHSIG)")
def test_a_worker_ends_when_its_parent_is_killed():
    """A pool worker waits for work on a pipe it holds both ends of: with its parent killed it would wait for ever."""
    parent = subprocess.Popen([sys.executable, "-c", PARENT], cwd=ROOT, stdout=subprocess.PIPE, text=True, start_new_session=True)
    try:
        worker = int(parent.stdout.readline())
        assert alive(worker)
        parent.send_signal(signal.SIGKILL)
        parent.wait(timeout=30)
        deadline = time.monotonic() + 20
        while alive(worker) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not alive(worker)
    finally:
        with contextlib.suppress(OSError):
            os.killpg(parent.pid, signal.SIGKILL)


def test_pnp_jobs_not_a_whole_number_is_one_line_saying_what_to_give(project, monkeypatch):
    monkeypatch.setenv("PNP_JOBS", "two")
    shown = refusal(run_pnp(project, "build", "tiny", "--only", "cards"), "PNP_JOBS='two': give a whole number of processes, such as 1 or 4", "PNP_JOBS")
    assert not (project / "output/tiny/tiny-cards.pdf").exists(), shown


def test_pnp_jobs_of_none_does_the_work_in_the_commands_own_process(project, monkeypatch):
    """A machine told to keep no core busy still has the command's own process: a preview (which encodes its images on
    as many threads as PNP_JOBS allows) writes a card's images as with PNP_JOBS=1."""
    monkeypatch.setenv("PNP_JOBS", "0")
    result = run_pnp(project, "preview", "tiny", "--deck", "heroes", "--card", "knight", "--dpi", "30")
    assert result.exit_code == 0, result.output + result.stderr
    assert sorted(p.name for p in (project / "output/tiny/preview").rglob("*.png")), result.output


def test_with_pnp_jobs_unset_a_command_may_keep_every_core_busy(monkeypatch):
    """docs/commands.md: with no PNP_JOBS a command's work is spread over the machine's cores, as many as the system
    counts; PNP_JOBS=1 keeps it all in the command's own process."""
    monkeypatch.delenv("PNP_JOBS", raising=False)
    assert cores() == os.cpu_count()
    monkeypatch.setenv("PNP_JOBS", "1")
    assert cores() == 1


def test_pnp_jobs_of_one_draws_a_large_deck_without_starting_a_helper_process(project, monkeypatch):
    """docs/commands.md: PNP_JOBS=1 keeps all the work in the command's own process, even a deck large enough (500 cards
    or more, docs/performance.md) that a machine with a core to spare draws part of it in a helper."""
    monkeypatch.setenv("PNP_JOBS", "1")
    cards = "".join(f"  - {{id: c{n}, name: Card {n}, stars: 1, number: {n}, text: Card {n}.}}\n" for n in range(520))
    (project / "data/tiny/decks/crowd.yaml").write_text(
        "name: Crowd\nsize: poker\nfront: tiny/hero.j2\nback: tiny/back.j2\ndefaults: {side: red}\ncards:\n" + cards, encoding="utf-8")

    def no_fork():
        raise AssertionError("a process was started with PNP_JOBS=1")

    monkeypatch.setattr(os, "fork", no_fork)
    result = run_pnp(project, "build", "tiny", "--only", "cards")
    assert result.exit_code == 0, result.output + result.stderr
    assert (project / "output/tiny/tiny-cards.pdf").is_file()


def test_a_build_on_two_cores_writes_the_files_and_bytes_a_build_on_one_writes(project, monkeypatch, tmp_path):
    """Each output renders in memory whichever process renders it (pnp.pipeline.schedule): the pool changes no byte."""
    only = ("--only", "cards", "--only", "rulebook", "tiny")
    assert run_pnp(project, "build", "--out", str(tmp_path / "one"), *only).exit_code == 0  # PNP_JOBS=1
    monkeypatch.setenv("PNP_JOBS", "2")
    result = run_pnp(project, "build", "--out", str(tmp_path / "two"), *only)
    assert result.exit_code == 0, result.output + result.stderr
    one, two = tmp_path / "one/tiny", tmp_path / "two/tiny"
    assert sorted(p.name for p in one.iterdir()) == sorted(p.name for p in two.iterdir()) == [
        "tiny-cards.pdf", "tiny-designer-notes.md", "tiny-rulebook.pdf"]
    for path in one.iterdir():
        assert (two / path.name).read_bytes() == path.read_bytes(), path.name
