"""A translation import lands all or nothing (issue #100 item 2): a nine-file import killed at points during its
writes (SIGKILL, from inside at a chosen call and from outside), on a full disk, with a read-only second file, or with a
rename refused, leaves every file either as the sheet makes it or as it was, and the next command says which."""
from __future__ import annotations

import errno
import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import run_pnp
from test_translate import german_gems, read_csv, write_csv

DECK = """\
name: {name}
size: poker
front: gems/crystal.j2
back: gems/crystal-back.j2
cards:
  - {{id: one, name: {name} one, colour: ruby, value: 1, count: 1, text: Take a gem.}}
"""
GERMAN_BOOK = {"opening": "---\nsubtitle: Spielregeln\n---", "overview": "# Überblick\n\nSammelt.", "components": "# Material\n\nAlles.",
               "playing": "# Spielablauf\n\nSpielt."}
KILLED = """\
import os, signal, sys, time
real, calls = os.{call}, [0]
def stopping(*args, **kwargs):
    calls[0] += 1
    if calls[0] == {n}:
        {action}
    return real(*args, **kwargs)
os.{call} = stopping
from pnp.cli import main
main(["--root", sys.argv[1], "translate", "import", sys.argv[2]])
"""


@pytest.fixture(scope="module")
def game(tmp_path_factory) -> dict:
    """A `pnp new` game with two more decks, its German sheet filled in every row (nine files to write, one of them,
    rulebook.de.md, new), and the bytes of its data before and after a whole import."""
    root = german_gems(tmp_path_factory.mktemp("landing") / "game")
    gdir = root / "data" / "gems"
    for name in ("Shards", "Stones"):
        (gdir / "decks" / f"{name.lower()}.yaml").write_text(DECK.format(name=name), encoding="utf-8")
    assert run_pnp(root, "translate", "export", "gems", "--lang", "de", "--dpi", "30").exit_code == 0
    rows = read_csv(root / "output" / "gems" / "translate" / "gems-de.csv")
    for row in rows[1:]:
        section = row[0].partition("rulebook.md#")[2]
        row[3] = GERMAN_BOOK[section] if section else f"DE {row[2].removeprefix(chr(39))}"
    write_csv(root / "de.csv", rows)
    shutil.copytree(root / "data", root / "pristine")
    old = snapshot(root)
    result = run_pnp(root, "translate", "import", str(root / "de.csv"))
    assert result.exit_code == 0, result.output
    written = [line.split(":")[0] for line in result.output.splitlines() if "written" in line]
    assert len(written) == 9 and "data/gems/rulebook.de.md" in written and "data/gems/rulebook.de.md" not in old, result.output
    new = snapshot(root)
    return {"root": root, "old": old, "new": new, "written": written}


def snapshot(root: Path) -> dict[str, bytes]:
    """Every file under data/, by its path from the project."""
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted((root / "data").rglob("*")) if p.is_file()}


def fresh(game: dict, tmp_path: Path) -> Path:
    """A copy of the project as it was before the import, and its filled sheet."""
    shutil.copytree(game["root"] / "pristine", tmp_path / "data")
    shutil.copytree(game["root"] / "templates", tmp_path / "templates")
    shutil.copy(game["root"] / "de.csv", tmp_path / "de.csv")
    return tmp_path


def whole(game: dict, root: Path) -> str:
    """'new' or 'old' when every file is so (no file of pnp's own left beside them), else a failure naming the mix."""
    now = snapshot(root)
    for state in ("new", "old"):
        if now == game[state]:
            return state
    mixed = {rel: "new" if data == game["new"].get(rel) else "old" if data == game["old"].get(rel) else "other" for rel, data in now.items()}
    raise AssertionError(f"half an import: {mixed}")


def killed_import(root: Path, call: str, n: int, action: str = "os.kill(os.getpid(), signal.SIGKILL)") -> subprocess.Popen:
    """`pnp translate import` in a process of its own, with `action` done at its n-th call of os.`call`."""
    script = KILLED.format(call=call, n=n, action=action)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(Path(__file__).parents[1]), os.environ.get("PYTHONPATH", "")])}
    return subprocess.Popen([sys.executable, "-c", script, str(root), str(root / "de.csv")], env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)


def test_an_import_killed_at_any_point_is_finished_or_undone_by_the_next_command(game, tmp_path):
    """os.replace is called twice for the record (staging, then landing) and once for each of the nine files: killed at
    the record's first write nothing changed; at its second, the next command undoes the staging; at a file's rename, it
    writes the rest. Kill points drawn with a fixed seed, the first three and the last always among them."""
    points = sorted({1, 2, 3, 11, *random.Random(100).sample(range(4, 11), 2)})
    for n in points:
        root = fresh(game, tmp_path / f"kill-{n}")
        process = killed_import(root, "replace", n)
        process.communicate(timeout=120)
        assert process.returncode == -signal.SIGKILL
        assert (root / "data" / ".pnp-landing.json").exists() == (n > 1)
        result = run_pnp(root, "list", "gems")
        assert result.exit_code == 0, result.output
        said = [line for line in result.output.splitlines() if line.startswith("pnp: `pnp translate import de.csv` was stopped")]
        if n == 1:
            assert whole(game, root) == "old" and not said, result.output
        elif n == 2:
            assert whole(game, root) == "old" and len(said) == 1 and "every one is as it was before it: run it again" in said[0], result.output
        else:
            assert whole(game, root) == "new", n
            assert len(said) == 1 and f"after writing {n - 3} of its 9 files; the other {12 - n} are written now" in said[0], result.output
            assert said[0].endswith(": " + ", ".join(landing_order(game)[:3]) + " and 6 more")
        assert not (root / "data" / ".pnp-landing.json").exists()
        assert "nothing was left half-written" not in result.output
        assert run_pnp(root, "list", "gems").output.count("was stopped") == 0  # said once, by the command that settled it


def test_an_import_killed_from_outside_during_its_renames_is_finished_by_the_next_command(game, tmp_path):
    """A real SIGKILL sent by another process while the import waits in its fifth file's rename."""
    root = fresh(game, tmp_path)
    marker = tmp_path / "renaming"
    process = killed_import(root, "replace", 8, f"open({str(marker)!r}, 'w').close(); time.sleep(120)")
    try:
        for _ in range(1200):
            if marker.exists() or process.poll() is not None:
                break
            time.sleep(0.1)
        assert marker.exists(), process.communicate()[0]
    finally:
        process.send_signal(signal.SIGKILL)
        process.communicate(timeout=60)
    result = run_pnp(root, "validate", "gems", "--quick")
    assert whole(game, root) == "new"
    assert "after writing 5 of its 9 files; the other 4 are written now" in result.output, result.output


def landing_order(game: dict) -> list[str]:
    """The order a set's files are staged and renamed in: their paths' (pnp.core.landing.land)."""
    return sorted(game["written"])


@pytest.mark.parametrize("full_at", [1, 4, 11])
def test_a_full_disk_while_staging_changes_no_file_and_says_so(game, tmp_path, monkeypatch, full_at):
    """The disk fills while the record is flushed (1), while the third file's new bytes are (4: the record's and two
    files' went through), or the record's second write (11, after all nine files'): said at the file being written
    (the first for the record, which is pnp's own)."""
    root = fresh(game, tmp_path)
    real, calls = os.fsync, [0]

    def full(fd):
        calls[0] += 1
        if calls[0] == full_at:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(fd)

    monkeypatch.setattr(os, "fsync", full)
    result = run_pnp(root, "translate", "import", str(root / "de.csv"))
    monkeypatch.undo()
    assert result.exit_code == 1 and whole(game, root) == "old"
    errors = [line for line in result.output.splitlines() if ": error: " in line]
    said_at = landing_order(game)[2 if full_at == 4 else 0]
    assert len(errors) == 1 and errors[0].startswith(f"{said_at}: error: no space left on device: the disk is full: free some space"), result.output
    assert "none of the 9 files was changed" in errors[0] and "half-written" not in result.output
    assert "was stopped" not in run_pnp(root, "list", "gems").output


def test_a_read_only_second_file_changes_no_file_and_says_so(game, tmp_path):
    root = fresh(game, tmp_path)
    second = root / game["written"][1]
    second.chmod(0o444)
    result = run_pnp(root, "translate", "import", str(root / "de.csv"))
    second.chmod(0o644)
    assert result.exit_code == 1 and whole(game, root) == "old"
    errors = [line for line in result.output.splitlines() if ": error: " in line]
    assert len(errors) == 1 and errors[0].startswith(f"{game['written'][1]}: error: the file is read-only: you may not write it: "
                                                     "make the file and its folder writable; none of the 9 files was changed"), result.output


@pytest.mark.parametrize("refused_at", [8, 11])
def test_a_refused_rename_puts_the_renamed_files_back(game, tmp_path, monkeypatch, refused_at):
    """The sixth or the ninth file's rename refused (a folder made read-only meanwhile): the files renamed before it
    get their old bytes back, and the new file among them (rulebook.de.md, eighth) is removed."""
    root = fresh(game, tmp_path)
    real, calls = os.replace, [0]

    def refused(a, b):
        calls[0] += 1
        if calls[0] == refused_at:  # the record twice, then the files
            raise PermissionError(errno.EACCES, "Permission denied", os.fspath(b))
        return real(a, b)

    monkeypatch.setattr(os, "replace", refused)
    result = run_pnp(root, "translate", "import", str(root / "de.csv"))
    monkeypatch.undo()
    assert result.exit_code == 1 and whole(game, root) == "old", result.output
    errors = [line for line in result.output.splitlines() if ": error: " in line]
    assert len(errors) == 1 and errors[0].startswith(f"{landing_order(game)[refused_at - 3]}: error: permission denied: you may not write it: "
                                                     "make the file and its folder writable; none of the 9 files was changed"), result.output
    assert not (root / "data" / ".pnp-landing.json").exists()


def test_a_rename_refused_and_no_way_back_is_finished_by_the_next_command(game, tmp_path, monkeypatch):
    """Every rename from the sixth file's on refused, the putting back too: the import says the next command finishes
    the set, and the next command (with the folder writable again) does, and says so."""
    root = fresh(game, tmp_path)
    real, calls = os.replace, [0]

    def refused(a, b):
        calls[0] += 1
        if calls[0] >= 8:
            raise PermissionError(errno.EACCES, "Permission denied", os.fspath(b))
        return real(a, b)

    monkeypatch.setattr(os, "replace", refused)
    result = run_pnp(root, "translate", "import", str(root / "de.csv"))
    monkeypatch.undo()
    errors = [line for line in result.output.splitlines() if ": error: " in line]
    assert result.exit_code == 1 and len(errors) == 1, result.output
    assert errors[0].endswith("some of the 9 files are written and could not be put back: the next pnp command finishes writing them")
    result = run_pnp(root, "list", "gems")
    assert "was stopped after writing 5 of its 9 files; the other 4 are written now" in result.output, result.output
    assert whole(game, root) == "new"


def test_an_import_while_another_is_landing_waits_its_turn(game, tmp_path):
    """A record whose command is still running (here: a process this test starts, waiting) is neither finished nor
    undone by another command, and an import meanwhile changes nothing."""
    import json

    root = fresh(game, tmp_path)
    record = root / "data" / ".pnp-landing.json"
    running = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(300)"])
    try:
        record.write_text(json.dumps({"command": "pnp translate import other.csv", "pid": running.pid, "state": "landing", "files": []}))
        result = run_pnp(root, "translate", "import", str(root / "de.csv"))
        assert running.poll() is None  # asked whether it runs, never signalled
    finally:
        running.kill()
        running.wait()
    errors = [line for line in result.output.splitlines() if ": error: " in line]
    assert result.exit_code == 1, result.output
    assert record.exists()  # its command settles it
    record.unlink()
    assert whole(game, root) == "old"
    assert len(errors) == 1 and errors[0].startswith(f"{landing_order(game)[0]}: error: another pnp command is changing this project's files: "
                                                     "let it end, then run this one again; none of the 9 files was changed"), result.output
    assert "was stopped" not in result.output



def test_a_record_an_hour_old_is_settled_though_its_process_id_now_runs_another_program(game, tmp_path):
    """A killed import's record left over an hour, naming a process id used again since (here 1, the system's first
    program, always running): the next command finishes the set rather than waiting on that program for ever."""
    import hashlib
    import json

    root = fresh(game, tmp_path)
    german = game["new"]["data/gems/game.yaml"]
    assert german != game["old"]["data/gems/game.yaml"]
    (root / "data/gems/.game.yaml.0123abcd.new").write_bytes(german)
    entry = {"target": "gems/game.yaml", "staged": "gems/.game.yaml.0123abcd.new", "kept": None,
             "old": hashlib.sha256(game["old"]["data/gems/game.yaml"]).hexdigest(), "new": hashlib.sha256(german).hexdigest()}
    record = root / "data" / ".pnp-landing.json"
    record.write_text(json.dumps({"command": "pnp translate import de.csv", "pid": 1, "state": "landing", "files": [entry]}))
    two_hours_ago = record.stat().st_mtime - 2 * 3600
    os.utime(record, (two_hours_ago, two_hours_ago))
    result = run_pnp(root, "list", "gems")
    assert result.exit_code == 0, result.output
    assert ("pnp: `pnp translate import de.csv` was stopped after writing 0 of its 1 files; the other 1 are written now, so all of "
            "them hold its changes: data/gems/game.yaml") in result.output.splitlines()
    assert not record.exists() and (root / "data/gems/game.yaml").read_bytes() == german


PLANTED = {  # records a game could ship, each naming something `land` never writes: (state, its files)
    "outside": ("landing", [{"target": "../victim.txt", "staged": "gems/.evil", "kept": None, "old": None, "new": "0"},
                            {"target": "../made.txt", "staged": "gems/.evil", "kept": None, "old": None, "new": "0"}]),
    "absolute": ("landing", [{"target": "{root}/made.txt", "staged": "gems/.made.txt.0123abcd.new", "kept": None, "old": None, "new": "0"}]),
    "staged elsewhere": ("landing", [{"target": "gems/game.yaml", "staged": "gems/decks/.game.yaml.0123abcd.new", "kept": None,
                                      "old": "{game}", "new": "0"}]),
    "kept another file": ("staging", [{"target": "gems/game.yaml", "staged": "gems/.game.yaml.0123abcd.new", "kept": "gems/tokens.yaml",
                                       "old": "0", "new": "{game}"}]),
    "through a link": ("landing", [{"target": "gems/out/made.txt", "staged": "gems/out/.made.txt.0123abcd.new", "kept": None, "old": None,
                                    "new": "0"}]),
}


@pytest.mark.parametrize("case", list(PLANTED))
def test_a_record_a_game_ships_renames_nothing(game, tmp_path, case):
    """A downloaded game's data/ holding a record that would have the next command replace or make a file outside
    data/ (by '..', an absolute path, a folder linked out), rename a file the record did not stage, or put another of
    the game's files in place of one: the next command removes the record, says so in one line, and changes nothing."""
    import hashlib
    import json

    root = fresh(game, tmp_path)
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (root / "data" / "gems" / "out").symlink_to(outside, target_is_directory=True)
    (root / "victim.txt").write_text("the user's own")
    for name in (".evil", "decks/.game.yaml.0123abcd.new", ".made.txt.0123abcd.new", "out/.made.txt.0123abcd.new", ".game.yaml.0123abcd.new"):
        (root / "data" / "gems" / name).write_text("planted")
    state, files = PLANTED[case]
    digest = hashlib.sha256((root / "data/gems/game.yaml").read_bytes()).hexdigest()
    files = json.loads(json.dumps(files).replace("{root}", str(root)).replace("{game}", digest))
    planted = {"command": "pnp translate import \x1b[2Jx.csv", "pid": 999_999_999, "state": state, "files": files}
    (root / "data" / ".pnp-landing.json").write_text(json.dumps(planted))
    before = snapshot(root)
    result = run_pnp(root, "list", "gems")
    assert result.exit_code == 0, result.output
    assert "data/.pnp-landing.json was no record of files pnp was writing: it is removed, and no other file changed" in result.output
    assert (root / "victim.txt").read_text() == "the user's own" and not (root / "made.txt").exists() and not (outside / "made.txt").exists()
    assert snapshot(root) == {rel: data for rel, data in before.items() if rel != "data/.pnp-landing.json"}
    assert "\x1b" not in result.output


@pytest.mark.parametrize("edited", [1, 3, 4])
def test_a_file_edited_between_the_kill_and_the_next_command_is_left_as_edited(game, tmp_path, edited):
    """Killed after two of the nine renames; the designer then edits files by hand (the first two written, and others
    not yet): the next command finishes the rest and names the edited ones, whose bytes are the designer's."""
    root = fresh(game, tmp_path)
    process = killed_import(root, "replace", 5)
    process.communicate(timeout=120)
    assert process.returncode == -signal.SIGKILL
    order = landing_order(game)
    for rel in order[:edited]:
        (root / rel).write_bytes((root / rel).read_bytes() + b"# mine\n")
    result = run_pnp(root, "list", "gems")
    said = next(line for line in result.output.splitlines() if "was stopped" in line)
    listed = ", ".join(order[:min(edited, 3)]) + (f" and {edited - 3} more" if edited > 3 else "")
    assert said.startswith("pnp: `pnp translate import de.csv` was stopped after writing 2 of its 9 files; the other ")
    assert f"(but {listed} changed since the command stopped, and pnp left it as it is)" in said, said
    now = snapshot(root)
    assert all(now[rel].endswith(b"# mine\n") for rel in order[:edited]) and all(now[rel] == game["new"][rel] for rel in order[edited:])


def test_an_import_killed_whose_staged_copy_is_then_removed_is_undone_whole(game, tmp_path):
    """Killed after two of the nine renames; a staged copy of a file not yet renamed is then removed (a cleaning tool
    sweeping hidden files): the set cannot be finished, so the next command puts every file back as it was and says
    so, never leaving the two written files new beside seven old ones."""
    root = fresh(game, tmp_path)
    process = killed_import(root, "replace", 5)
    process.communicate(timeout=120)
    assert process.returncode == -signal.SIGKILL
    last = root / landing_order(game)[-1]
    staged = list(last.parent.glob(f".{last.name}.*.new"))
    assert len(staged) == 1
    staged[0].unlink()
    result = run_pnp(root, "list", "gems")
    assert result.exit_code == 0, result.output
    said = [line for line in result.output.splitlines() if "was stopped" in line]
    assert len(said) == 1 and "every one is as it was before it: run it again" in said[0], result.output
    assert whole(game, root) == "old"

def test_each_file_keeps_its_permissions_and_a_new_one_gets_the_usual(game, tmp_path):
    """A deck file the designer keeps private (0640) stays so, and one shared with their group to edit (0660) stays
    writable by the group, though the umask (022) takes group writing off what is made new; the new rulebook.de.md is
    made as any new file (0666 less the umask)."""
    root = fresh(game, tmp_path)
    private = root / "data" / "gems" / "decks" / "crystals.csv"
    private.chmod(0o640)
    shared = root / "data" / "gems" / "decks" / "shards.yaml"
    shared.chmod(0o660)
    umask = os.umask(0o022)
    try:
        assert run_pnp(root, "translate", "import", str(root / "de.csv")).exit_code == 0
    finally:
        os.umask(umask)
    assert whole(game, root) == "new"
    assert private.stat().st_mode & 0o7777 == 0o640
    assert shared.stat().st_mode & 0o7777 == 0o660
    assert (root / "data" / "gems" / "rulebook.de.md").stat().st_mode & 0o7777 == 0o644
