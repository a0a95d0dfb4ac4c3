"""The single-file program unpacks itself once, into a folder of the user's own cache, and runs from there on every
later start (issue #75, item 15); a folder it did not unpack whole, or that someone else could have written, is never
run from (issue #74's standard for a shared machine). packaging/single_file.py builds the program around a small
stand-in for PyInstaller's folder: a `pnp` that says where it runs from, so each case costs milliseconds, not the
minutes of a real freeze (.ci/distributions runs the same cases on the real program)."""
from __future__ import annotations

import importlib.util
import os
import shutil
import stat
import subprocess
import threading

import pytest
from conftest import ROOT

_spec = importlib.util.spec_from_file_location("single_file", ROOT / "packaging" / "single_file.py")
single_file = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(single_file)

STAND_IN = '#!/bin/sh\necho "ran from ${0%/pnp} with [$*] PATH=${PATH-unset}"\nexit ${PNP_EXIT:-0}\n'
EVIL = '#!/bin/sh\necho "planted"\n'


@pytest.fixture(scope="module")
def program(tmp_path_factory):
    """The one file, around a frozen folder of a `pnp` and an `_internal/` as PyInstaller lays them out."""
    folder = tmp_path_factory.mktemp("frozen") / "pnp"
    (folder / "_internal").mkdir(parents=True)
    (folder / "_internal" / "base_library.zip").write_bytes(bytes(range(256)) * 64)
    (folder / "pnp").write_text(STAND_IN)
    (folder / "pnp").chmod(0o755)
    made = folder.parent / "program"
    single_file.write_program(folder, made)
    return made


def digest(program) -> str:
    return next(line.split("=", 1)[1] for line in program.read_bytes()[:4096].decode("latin-1").splitlines()
                if line.startswith("digest="))


def start(program, home, *args, **env):
    """One start of the program, by a user whose home is `home`, with no Python (nor anything else) on PATH."""
    base = {"PATH": "/nonexistent", "HOME": str(home)} if home is not None else {"PATH": "/nonexistent"}
    result = subprocess.run([str(program), *args], env={**base, **env}, capture_output=True, text=True, timeout=60)
    return result


def cached(program, home):
    return home / ".cache" / "pnp" / f"program-{digest(program)}"


def test_the_first_start_unpacks_into_the_cache_and_later_starts_run_from_there(program, tmp_path):
    first = start(program, tmp_path, "build", "two words")
    folder = cached(program, tmp_path)
    assert first.returncode == 0, first.stderr
    assert first.stdout == f"ran from {folder} with [build two words] PATH=/nonexistent\n", "the PATH the user gave, not the launcher's"
    assert stat.S_IMODE((tmp_path / ".cache" / "pnp").stat().st_mode) == 0o700
    assert [p.name for p in folder.parent.iterdir()] == [folder.name], "no temporary sibling left"
    (folder / "_internal" / "base_library.zip").unlink()  # a second start that unpacked again would bring it back
    again = start(program, tmp_path, "--version", PNP_EXIT="3")
    assert (again.returncode, again.stdout, again.stderr) == (3, f"ran from {folder} with [--version] PATH=/nonexistent\n", "")
    assert not (folder / "_internal" / "base_library.zip").exists()


def test_an_absolute_xdg_cache_home_is_used_and_a_relative_one_ignored(program, tmp_path):
    assert f"ran from {tmp_path / 'xdg' / 'pnp'}/program-" in start(program, tmp_path, XDG_CACHE_HOME=str(tmp_path / "xdg")).stdout
    assert f"ran from {tmp_path / '.cache' / 'pnp'}/program-" in start(program, tmp_path, XDG_CACHE_HOME="xdg").stdout


def test_two_first_starts_at_once_both_run_and_leave_one_folder(program, tmp_path):
    results = [None] * 4
    threads = [threading.Thread(target=lambda i=i: results.__setitem__(i, start(program, tmp_path, str(i)))) for i in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert all(r.returncode == 0 and f"with [{i}]" in r.stdout for i, r in enumerate(results)), results
    folder = cached(program, tmp_path)
    assert sorted(p.name for p in folder.parent.iterdir()) == [folder.name]
    assert sorted(p.name for p in folder.iterdir()) == [".pnp-payload-end", ".pnp-unpacked", "_internal", "pnp"]


def _plant(folder, marker: str | None):
    (folder / "_internal").mkdir(parents=True)
    (folder / "pnp").write_text(EVIL)
    (folder / "pnp").chmod(0o755)
    if marker is not None:
        (folder / ".pnp-unpacked").write_text(marker + "\n")


@pytest.mark.parametrize("case", ["half-unpacked", "another digest", "writable by others"])
def test_a_program_folder_not_unpacked_whole_by_this_payload_is_never_run_and_is_replaced(program, tmp_path, case):
    folder = cached(program, tmp_path)
    _plant(folder, {"half-unpacked": None, "another digest": "0" * 16, "writable by others": digest(program)}[case])
    if case == "writable by others":
        folder.chmod(0o777)
    result = start(program, tmp_path, "--version")
    assert result.stdout == f"ran from {folder} with [--version] PATH=/nonexistent\n", result.stderr
    assert stat.S_IMODE(folder.stat().st_mode) & 0o022 == 0


@pytest.mark.skipif(os.geteuid() != 0, reason="making a folder another user owns needs root")
def test_a_program_folder_planted_by_another_user_is_never_run(program, tmp_path):
    folder = cached(program, tmp_path)
    _plant(folder, digest(program))
    for path in (folder, folder / "pnp", folder / ".pnp-unpacked"):
        os.chown(path, 65534, 65534)
    (tmp_path / "tmp").mkdir()
    result = start(program, tmp_path, "--version", TMPDIR=str(tmp_path / "tmp"))
    assert result.stdout.startswith(f"ran from {tmp_path / 'tmp'}/pnp-"), result.stdout
    assert (folder / "pnp").read_text() == EVIL, "another user's folder is left as it is"


def test_a_cache_others_may_write_to_is_not_used(program, tmp_path):
    (tmp_path / ".cache" / "pnp").mkdir(parents=True)
    (tmp_path / ".cache" / "pnp").chmod(0o777)
    (tmp_path / "tmp").mkdir()
    result = start(program, tmp_path, "--version", TMPDIR=str(tmp_path / "tmp"))
    assert result.stdout.startswith(f"ran from {tmp_path / 'tmp'}/pnp-")
    assert "not yours alone" in result.stderr
    assert list((tmp_path / ".cache" / "pnp").iterdir()) == []


def test_with_no_home_it_unpacks_for_this_run_only_and_says_nothing(program, tmp_path):
    (tmp_path / "tmp").mkdir()
    result = start(program, None, "--version", TMPDIR=str(tmp_path / "tmp"), PNP_EXIT="3")
    assert result.returncode == 3 and result.stderr == "", "pnp's own exit status, and nothing said"
    assert result.stdout.startswith(f"ran from {tmp_path / 'tmp'}/pnp-")
    assert list((tmp_path / "tmp").iterdir()) == [], "the run's folder is removed when it ends"
    relative = start(program, "home", "--version", TMPDIR=str(tmp_path / "tmp"))
    assert relative.stdout.startswith(f"ran from {tmp_path / 'tmp'}/pnp-") and not (tmp_path / "home").exists()


def test_a_start_killed_while_unpacking_leaves_nothing_that_runs_and_is_swept(program, tmp_path):
    folder = cached(program, tmp_path)
    host = subprocess.run(["uname", "-n"], capture_output=True, text=True).stdout.strip()
    host = "".join(c if c.isalnum() or c == "." else "_" for c in host)
    child = subprocess.Popen(["true"])
    child.wait()
    left = folder.parent / f".unpacking-{host}-{child.pid}"
    _plant(left, None)
    result = start(program, tmp_path, "--version")
    assert result.stdout == f"ran from {folder} with [--version] PATH=/nonexistent\n"
    assert not left.exists()
    shutil.rmtree(folder.parent)


def test_the_same_folder_makes_the_same_program(program, tmp_path):
    """Same input, same bytes: the payload's members in a fixed order with fixed times and owners, so its digest (and the
    folder it unpacks into) changes only with what the program carries."""
    folder = program.parent / "pnp"
    os.utime(folder / "pnp", (0, 1_000_000_000))
    single_file.write_program(folder, tmp_path / "again")
    assert (tmp_path / "again").read_bytes() == program.read_bytes()
