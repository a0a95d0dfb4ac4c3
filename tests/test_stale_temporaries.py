"""What a killed command left is swept where pnp writes next (issue 74): kill -9 left temporary files beside outputs
and in templates/, and export staging folders (one held 93,230 files), that nothing removed. Each temporary carries
its writer's process id; a command sweeps the folders it writes into, and keeps what a command still running writes."""
from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest
from conftest import run_pnp
from test_live_sheets import _no_network, sheets  # noqa: F401  (the sheet server of test_live_sheets, loopback only)
from test_spreadsheet_decks import HEAD, HEADER, ROWS, write_csv


def _dead_pid() -> int:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


@pytest.fixture
def running():
    """A process that runs while the test does: a command still writing."""
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
    yield child.pid
    child.kill()
    child.wait()


def _plant(folder, name: str, pid: int, files: int = 0):
    """A temporary named as pnp names its own (`.<target>.<pid>-<random>.tmp`): a folder holding `files` files, or a file."""
    path = folder / f".{name}.{pid}-k9x2ab7q.tmp"
    if files:
        path.mkdir(parents=True)
        for i in range(files):
            (path / f"c{i}.png").write_bytes(b"x")
    else:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"half")
    return path


def test_an_export_sweeps_the_staging_folders_a_killed_export_left_and_keeps_a_running_ones(built_project, running):
    tiny = built_project / "output/tiny"
    dead = [_plant(tiny, "png", _dead_pid(), files=50), _plant(tiny, "png", _dead_pid(), files=1)]
    live = _plant(tiny, "png", running, files=3)
    result = run_pnp(built_project, "export", "tiny", "--format", "png", "--deck", "heroes")
    assert result.exit_code == 0, result.output + result.stderr
    assert [p for p in dead if p.exists()] == []
    assert live.is_dir() and len(list(live.iterdir())) == 3


def test_a_build_sweeps_the_temporaries_a_killed_build_left_in_its_output_and_cache(built_project, running):
    tiny, cache = built_project / "output/tiny", built_project / "output/.pnp-cache"
    dead = [_plant(tiny, "tiny-cards.pdf", _dead_pid()), _plant(cache, "tiny.json", _dead_pid())]
    live = _plant(tiny, "tiny-cards.pdf", running)
    (built_project / "data/tiny/decks/heroes.yaml").write_text(
        (built_project / "data/tiny/decks/heroes.yaml").read_text(encoding="utf-8").replace("Rogue", "Rogue the Second"), encoding="utf-8")
    result = run_pnp(built_project, "build")
    assert result.exit_code == 0, result.output + result.stderr
    assert [p for p in dead if p.exists()] == []
    assert live.is_file()


def test_a_pull_sweeps_its_decks_folder_and_leaves_a_designers_own_dot_tmp_files(project, sheets, running):  # noqa: F811
    decks = project / "data/tiny/decks"
    dead = [_plant(decks, "heroes.pulled.csv", _dead_pid(), files=2), _plant(decks, "heroes.pulled.csv", _dead_pid())]
    live = _plant(decks, "heroes.pulled.csv", running)
    mine = decks / ".my-notes.tmp"  # no process id in its name: not pnp's
    mine.write_text("notes", encoding="utf-8")
    write_csv(sheets.folder / "heroes.csv", [HEADER, *ROWS])
    (decks / "heroes.yaml").write_text(HEAD + f"cards_from: {sheets.url}/heroes.csv\n", encoding="utf-8")
    result = run_pnp(project, "pull", "tiny")
    assert result.exit_code == 0, result.output + result.stderr
    assert [p for p in dead if p.exists()] == []
    assert live.exists() and mine.read_text(encoding="utf-8") == "notes"


def test_a_temporary_untouched_for_over_an_hour_is_swept_though_its_process_id_runs_again(project, running):
    """A process id is given again to a later program: a temporary no one wrote for two hours is a killed build's
    though its id runs now (no build writes one file for an hour), and one of half an hour stays."""
    tiny = project / "output/tiny"
    hours_old, half_hour_old = _plant(tiny, "tiny-cards.pdf", running), _plant(tiny, "tiny-tokens.pdf", running)
    now = time.time()
    os.utime(hours_old, (now - 2 * 3600,) * 2)
    os.utime(half_hour_old, (now - 1800,) * 2)
    result = run_pnp(project, "build", "--only", "cards")
    assert result.exit_code == 0, result.output + result.stderr
    assert (hours_old.exists(), half_hour_old.exists()) == (False, True)


def test_a_temporary_an_older_pnp_left_with_no_process_id_in_its_name_is_swept_from_the_output_folder(project):
    """pnp owns the output folder: a `.<target>.tmp` there is an older pnp's temporary (its names carried no process id
    then), and nothing else would ever remove it."""
    older = project / "output/tiny/.tiny-cards.pdf.tmp"
    older.parent.mkdir(parents=True)
    older.write_bytes(b"half a PDF")
    result = run_pnp(project, "build", "--only", "cards")
    assert result.exit_code == 0, result.output + result.stderr
    assert not older.exists()


def test_a_link_named_like_a_killed_builds_temporary_is_neither_followed_nor_removed(project):
    """A sweep removes the files and folders a killed command left; a link under such a name is no file pnp wrote:
    it stays, and what it points to is never touched."""
    mine = project / "my-notes.txt"
    mine.write_text("notes", encoding="utf-8")
    link = project / f"output/tiny/.tiny-cards.pdf.{_dead_pid()}-k9x2ab7q.tmp"
    link.parent.mkdir(parents=True)
    link.symlink_to(mine)
    result = run_pnp(project, "build", "--only", "cards")
    assert result.exit_code == 0, result.output + result.stderr
    assert link.is_symlink() and mine.read_text(encoding="utf-8") == "notes"
