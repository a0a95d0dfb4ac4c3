"""A build cache that came with a game runs none of its author's code (issue 61): every entry a build reads back is
sealed with a key of the user's, kept outside the project, and one that is not the user's is made again, with one
note; the cache's folder tells git to leave it out."""
from __future__ import annotations

import os
import pickle
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT, pdfs, run_pnp

NOTE = "was written by another user or on another machine"


class _Payload:
    """What an attacker ships: a pickle that, as it is loaded, writes the marker file."""

    def __init__(self, marker: Path, entry: str):
        self.code = f"open({str(marker)!r}, 'a').write({entry + chr(10)!r})"

    def __reduce__(self):
        return exec, (self.code,)


def _build(project: Path, out: Path, key: Path):
    """`pnp build` of the tiny game in a new process (which loads nothing but what the cache holds), with `key` as
    the user's key."""
    env = {**os.environ, "PNP_CACHE_KEY": str(key)}
    return subprocess.run([sys.executable, "-m", "pnp", "--root", str(project), "build", "tiny", "--out", str(out)],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)


def _poison(cache: Path, marker: Path) -> list[str]:
    """Overwrite every file of `cache` in place with a pickle that writes `marker` when loaded."""
    names = []
    for path in sorted(p for p in cache.rglob("*") if p.is_file() and p.name != ".gitignore"):
        path.write_bytes(pickle.dumps(_Payload(marker, path.relative_to(cache).as_posix())))
        names.append(path.relative_to(cache).as_posix())
    return names


def test_a_shipped_cache_runs_no_code_and_is_rebuilt_with_one_note(project, tmp_path):
    """Build once; overwrite every cache file in place with a payload (a pickle); build again
    with the same key and, from a fresh copy, with another: the payload never runs, each build succeeds with the
    first build's bytes, and says once that the cache is being made again."""
    mine, theirs, marker = tmp_path / "keys/mine", tmp_path / "keys/theirs", tmp_path / "marker"
    out = tmp_path / "out"
    first = _build(project, out, mine)
    assert first.returncode == 0, first.stdout + first.stderr
    assert NOTE not in first.stdout + first.stderr
    assert stat.S_IMODE(mine.stat().st_mode) == 0o600, "the key is the user's alone"
    built = pdfs(out)
    cache = out / ".pnp-cache"
    kinds = {Path(name).suffix or Path(name).name for name in (p.relative_to(cache).as_posix() for p in cache.rglob("*") if p.is_file())}
    assert {".pickle", ".faces", ".json", "key-check"} <= kinds, kinds
    shipped = tmp_path / "shipped"
    shutil.copytree(out, shipped)
    for pdf in out.rglob("*.pdf"):
        pdf.unlink()  # every output is made again, reading every entry it can
    poisoned = _poison(cache, marker)
    assert len(poisoned) > 20

    same_key = _build(project, out, mine)
    assert not marker.exists(), f"payloads ran: {marker.read_text()}"
    assert same_key.returncode == 0, same_key.stdout + same_key.stderr
    assert pdfs(out) == built
    assert (same_key.stdout + same_key.stderr).count(NOTE) == 1, same_key.stdout + same_key.stderr

    _poison(shipped / ".pnp-cache", marker)
    other_key = _build(project, shipped, theirs)
    assert not marker.exists(), f"payloads ran: {marker.read_text()}"
    assert other_key.returncode == 0, other_key.stdout + other_key.stderr
    assert pdfs(shipped) == built
    assert (other_key.stdout + other_key.stderr).count(NOTE) == 1, other_key.stdout + other_key.stderr

    again = _build(project, shipped, theirs)
    assert NOTE not in again.stdout + again.stderr and again.stdout.count("(reused)") >= 5, "the cache made again is the user's own"


def test_a_cache_copied_from_another_user_is_not_used(built_project, tmp_path, monkeypatch):
    """The same cache, unchanged, read with another user's key: nothing of it is reused, and the build says why."""
    monkeypatch.setenv("PNP_CACHE_KEY", str(tmp_path / "another-user"))
    result = run_pnp(built_project, "build", "tiny")
    assert result.exit_code == 0, result.output
    assert "(reused)" not in result.output and result.output.count(NOTE) == 1, result.output


def test_a_cache_whose_key_check_was_cut_inside_its_header_is_said_cut_short_not_another_users(built_project):
    """docs/safety.md: a cache cut short (a build stopped while writing it, a disk that filled) is said so, not called
    another user's; so is one whose key check was cut before its header ended, its first 20 bytes alone written."""
    check = built_project / "output/.pnp-cache/key-check"
    check.write_bytes(check.read_bytes()[:20])
    result = run_pnp(built_project, "build", "tiny", "--only", "cards")
    assert result.exit_code == 0, result.output + result.stderr
    said = result.output + result.stderr
    assert NOTE not in said and "output/.pnp-cache: note: this build cache was cut short" in said, said


@pytest.mark.parametrize("place", ["a file's name as a folder", "a key others may read"])
def test_without_a_place_to_keep_a_key_the_cache_serves_one_command_and_says_so(project, tmp_path, monkeypatch, place):
    """No key can be made (a read-only home is the common case; a file where the key's folder should be stands in
    for it, as root may write anywhere), or the key found is not the user's alone: the build still builds."""
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    shared = tmp_path / "shared-key"
    shared.write_bytes(b"k" * 32)
    shared.chmod(0o644)
    monkeypatch.setenv("PNP_CACHE_KEY", str(blocker / "cache-key" if place.startswith("a file") else shared))
    first = run_pnp(project, "build", "tiny", "--only", "tokens")
    assert first.exit_code == 0, first.output
    assert first.output.count("serves this command alone") == 1, first.output


def test_git_leaves_the_build_cache_out(project):
    """A game folder committed or zipped from git with its output folder does not carry the cache."""
    out = project / "output"
    assert run_pnp(project, "build", "tiny", "--only", "tokens").exit_code == 0
    subprocess.run(["git", "init", "-q", str(out)], check=True)
    ignored = subprocess.run(["git", "-C", str(out), "check-ignore", ".pnp-cache/tiny.json", "tiny/tiny-tokens.pdf"], capture_output=True, text=True)
    assert ignored.stdout.split() == [".pnp-cache/tiny.json"], ignored.stdout


def test_a_new_project_tells_git_to_leave_its_output_out(tmp_path):
    from test_adoption import new_game

    folder = tmp_path / "fresh"
    assert new_game(folder).exit_code == 0
    (folder / "output/crystal-caves").mkdir(parents=True)
    (folder / "output/crystal-caves/crystal-caves-cards.pdf").write_bytes(b"%PDF-")
    subprocess.run(["git", "init", "-q", str(folder)], check=True)
    ignored = subprocess.run(["git", "-C", str(folder), "check-ignore", "output/crystal-caves/crystal-caves-cards.pdf", "data/crystal-caves/game.yaml"],
                             capture_output=True, text=True)
    assert ignored.stdout.split() == ["output/crystal-caves/crystal-caves-cards.pdf"], ignored.stdout


def _changes(project: Path) -> subprocess.CompletedProcess:
    """`pnp changes tiny` in a process of its own, given a minute: a record read from a pipe would never end."""
    return subprocess.run([sys.executable, "-m", "pnp", "--root", str(project), "changes", "tiny"], cwd=ROOT, capture_output=True, text=True,
                          env={**os.environ}, timeout=60)


@pytest.mark.parametrize("record", ["a named pipe", "a link to /dev/zero", "a link to the user's file", "JSON nested 100,000 deep"])
def test_a_stamps_record_that_came_with_the_game_is_no_record(built_project, tmp_path, record):
    """The record of what was printed is plain data in the cache's folder, which a game may ship: one that is not a file
    pnp wrote (a pipe, a link, a nest no JSON reader follows) is no record, read without waiting, past no link."""
    path = built_project / "output/.pnp-cache/tiny.stamps.json"
    path.unlink()
    mine = tmp_path / "mine.json"
    mine.write_text('{"printed": {"heroes/knight": {"code": "x", "values": {}}}}')
    if record == "a named pipe":
        os.mkfifo(path)
    elif record.startswith("a link"):
        path.symlink_to("/dev/zero" if "zero" in record else mine)
    else:
        path.write_text("[" * 100_000 + "]" * 100_000)
    done = _changes(built_project)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "no print marked yet" in done.stderr + done.stdout and "internal error" not in done.stderr, done.stdout + done.stderr
