"""No write outside the project or --out, through any command; the path rule for every file read; special files refused
by kind, hidden and editor files ignored, long names shortened, and builds into one folder at once each keeping their
own temporary files. A link a game ships may only ever be refused with a located message or replaced, never followed.
(`pnp pull`'s links: tests/test_live_sheets.py.)"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT, run_pnp, watch_once

from pnp.cli.faults import explain
from pnp.core.errors import PnpError

MINE = b"the user's own file, not the game's\n"
DECK = "data/tiny/decks/heroes.yaml"


@pytest.fixture
def mine(tmp_path) -> Path:
    """A folder of the user's outside the project, holding a file of theirs."""
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "notes.txt").write_bytes(MINE)
    return folder


def unchanged(folder: Path) -> bool:
    """Whether the user's folder holds their file alone, as it was."""
    return [p.name for p in folder.iterdir()] == ["notes.txt"] and (folder / "notes.txt").read_bytes() == MINE


def command(project: Path, *args: str) -> tuple[int, str]:
    """(exit status, what it printed) of a pnp command run here; a refusal raised to the top is printed as its findings
    by pnp.cli.run, so its findings are what it printed."""
    try:
        result = run_pnp(project, *args)
    except PnpError as exc:
        return 1, "\n".join(f.format() for f in exc.findings)
    except OSError as exc:
        return 1, explain(exc)
    return result.exit_code, result.output + result.stderr


def in_process(project: Path, *args: str, timeout: int = 120) -> tuple[int, str]:
    """A pnp command in a process of its own, stopped after `timeout` seconds (a read that hangs fails the test)."""
    done = subprocess.run([sys.executable, "-m", "pnp", "--root", str(project), *args], capture_output=True, text=True, cwd=ROOT,
                          env={**os.environ}, timeout=timeout)
    return done.returncode, done.stdout + done.stderr


def edit_a_card(project: Path) -> None:
    """Change a card, so the next build writes the cards again rather than keeping the file there is."""
    deck = project / DECK
    deck.write_text(deck.read_text().replace("Steal 1 coin", "Steal 2 coins"))


# Writes -----------------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("linked", ["output", "output/tiny", "output/.pnp-cache", "output/.pnp-cache/parsed"])
def test_a_build_writes_nothing_into_an_output_folder_a_game_linked_elsewhere(built_project, mine, linked):
    project = built_project
    shutil.rmtree(project / linked)
    (project / linked).symlink_to(mine)
    edit_a_card(project)
    status, said = command(project, "build", "--only", "cards")
    assert status == 1
    assert f"{linked}: error: '{linked}' is a link (or lies in a linked folder): pnp writes only into real folders" in said
    assert unchanged(mine)


def test_a_file_where_the_build_cache_should_be_stops_the_build_before_any_output(built_project):
    project = built_project
    shutil.rmtree(project / "output/.pnp-cache")
    (project / "output/.pnp-cache").write_text("not a folder")
    before = {p.name: p.read_bytes() for p in (project / "output/tiny").iterdir()}
    edit_a_card(project)
    status, said = command(project, "build", "--only", "cards")
    assert status == 1
    assert "output/.pnp-cache: error: 'output/.pnp-cache' is a file, where pnp keeps its build cache: move the file away" in said
    assert {p.name: p.read_bytes() for p in (project / "output/tiny").iterdir()} == before


def test_watch_reads_nothing_through_an_output_folder_linked_out_while_it_watches(built_project, mine):
    """`pnp watch` decides whether a game's build can be skipped by the files of its output folder: one linked to the
    user's folder meanwhile is refused, and none of the user's files is read (their access time stays put)."""
    project = built_project
    notes = mine / "notes.txt"
    os.utime(notes, (0, notes.stat().st_mtime))  # older than its change: any read moves it, even under relatime

    printed = watch_once(project, "tiny", linked_then_saved(project / "output/tiny", mine))
    assert "'output/tiny' is a link" in printed, printed
    assert notes.stat().st_atime == 0, "the user's file was read"
    assert unchanged(mine)


def linked_then_saved(folder, mine):
    """What a user does while `pnp watch` runs: `folder` of the output replaced by a link to their own folder, then a card saved."""
    def act():
        shutil.rmtree(folder)
        folder.symlink_to(mine)
        edit_a_card(folder.parents[1])
    return act


def test_watch_writes_nothing_through_a_build_cache_linked_out_while_it_watches(built_project, mine):
    """The build cache checked when `pnp watch` starts may be linked to the user's folder meanwhile: the next build
    refuses it at its name, as a build started then would (docs/safety.md), and writes nothing of the cache there."""
    project = built_project
    printed = watch_once(project, "tiny", linked_then_saved(project / "output/.pnp-cache", mine))
    assert "output/.pnp-cache: error: 'output/.pnp-cache' is a link (or lies in a linked folder): pnp writes only into real folders" in printed, printed
    assert unchanged(mine)


def test_an_out_folder_the_user_names_through_their_own_link_is_theirs(built_project, tmp_path):
    """The user's own link in the folder they type is followed: only links below it, which a game may ship, are refused."""
    (tmp_path / "prints").mkdir()
    (tmp_path / "link").symlink_to(tmp_path / "prints")
    status, said = command(built_project, "build", "--only", "cards", "--out", str(tmp_path / "link"))
    assert status == 0, said
    assert (tmp_path / "prints/tiny/tiny-cards.pdf").read_bytes().startswith(b"%PDF")


def test_a_link_at_an_output_name_is_replaced_by_the_output_not_written_through(built_project, mine):
    project = built_project
    pdf = project / "output/tiny/tiny-cards.pdf"
    pdf.unlink()
    pdf.symlink_to(mine / "notes.txt")
    edit_a_card(project)
    status, said = command(project, "build", "--only", "cards")
    assert status == 0, said
    assert unchanged(mine)
    assert not pdf.is_symlink() and pdf.read_bytes().startswith(b"%PDF")


def test_an_old_changed_cards_file_that_links_out_is_removed_as_a_link_and_the_users_file_kept(built_project, mine):
    """`build --changed` with no card changed removes the changed-cards file of an earlier run: a game shipping that
    name as a link to a file of the user's loses the link, never the user's file."""
    project = built_project
    old = project / "output/tiny/tiny-changed.pdf"
    old.symlink_to(mine / "notes.txt")
    status, said = command(project, "build", "--only", "cards", "--changed")
    assert status == 0, said
    assert "no card changed since the last marked print" in said and "removed the old output/tiny/tiny-changed.pdf" in said, said
    assert not old.is_symlink() and not old.exists()
    assert unchanged(mine)


def test_an_export_writes_nothing_into_a_folder_a_game_linked_elsewhere(built_project, mine):
    project = built_project
    (project / "output/tiny/pod").symlink_to(mine)  # the export's own folder: the link is replaced by the new export
    status, said = command(project, "export", "tiny", "--format", "pod", "--no-validate")
    assert status == 0, said
    assert unchanged(mine)
    assert not (project / "output/tiny/pod").is_symlink() and list((project / "output/tiny/pod").glob("*.pdf"))
    shutil.rmtree(project / "output/tiny")
    (project / "output/tiny").symlink_to(mine)  # the folder it is made in: refused
    status, said = command(project, "export", "tiny", "--format", "pod", "--no-validate")
    assert status == 1
    assert "output/tiny: is a link (or lies in a linked folder): pnp writes only into real folders" in said
    assert unchanged(mine)


def test_an_export_replaces_a_link_to_nowhere_at_its_own_folder(built_project, tmp_path):
    """A link at the export's own name is replaced whether its folder is there or gone (moved, or on a drive not
    plugged in): a link to nowhere is no file standing where the folder goes."""
    project = built_project
    (project / "output/tiny/pod").symlink_to(tmp_path / "gone")
    status, said = command(project, "export", "tiny", "--format", "pod", "--no-validate")
    assert status == 0, said
    assert not (project / "output/tiny/pod").is_symlink() and list((project / "output/tiny/pod").glob("*.pdf"))
    assert not (tmp_path / "gone").exists()


# Reads: the path rule, special files ------------------------------------------------------------------------------------
def test_a_pnp_yaml_linked_outside_the_project_is_refused_and_never_written(project, mine):
    (mine / "pnp.yaml").write_text("printers:\n  default: {offset: [1, 1]}\n")
    (project / "pnp.yaml").symlink_to(mine / "pnp.yaml")
    status, said = command(project, "build", "--only", "cards")
    assert status == 1
    assert "pnp.yaml: error: 'pnp.yaml' is a link (or lies in a linked folder) whose real file is outside the project folder" in said
    status, said = command(project, "calibrate", "--save", "laser", "--offset", "0.5,0")
    assert status == 1 and "pnp.yaml: error:" in said
    assert (mine / "pnp.yaml").read_text() == "printers:\n  default: {offset: [1, 1]}\n"


@pytest.mark.parametrize("pipes", [
    # a deck and the rulebook: files of the game's data, each said at its own name by one build
    {"data/tiny/decks/pipe.yaml": "data/tiny/decks/pipe.yaml: error: 'data/tiny/decks/pipe.yaml' is a named pipe, not a file",
     "data/tiny/rulebook.md": "data/tiny/rulebook.md: error: 'data/tiny/rulebook.md' is a named pipe, not a file"},
    {"templates/tiny/frame.j2": "error: template 'tiny/frame.j2' is a named pipe, not a file"},
    {"pnp.yaml": "pnp.yaml: error: 'pnp.yaml' is a named pipe, not a file"},
    {"data/tiny/game.yaml": "data/tiny/game.yaml: error: 'data/tiny/game.yaml' is a named pipe, not a file"},
], ids=lambda pipes: ", ".join(pipes))
def test_a_named_pipe_in_the_project_is_refused_by_its_kind_not_waited_on(project, pipes):
    for where in pipes:
        path = project / where
        path.unlink(missing_ok=True)
        os.mkfifo(path)
    status, said = in_process(project, "build", "--only", "cards")
    assert status == 1, said
    assert all(at in said for at in pipes.values()) and "Traceback" not in said, said


# Names ------------------------------------------------------------------------------------------------------------------
EDITOR_FILES = {
    "._heroes.yaml": b"\x00\x05\x16\x07\x00\x02\x00\x00Mac OS X",  # macOS's resource fork, on a FAT or network disk
    ".heroes.yaml.swp": b"b0VIM 9.0\x00\x00",  # vim's swap file
    "heroes.yaml~": b"cards: [",  # a backup
    "#heroes.yaml#": b"cards: [",  # emacs's autosave
    "~$book.xlsx": b"\x00office lock",  # Excel's lock
    ".DS_Store": b"\x00\x00\x00\x01Bud1",
    ".hidden.yaml": b"name: Hidden\nsize: poker\nfront: tiny/hero.j2\ncards: [{id: x}]\n",  # a deck whose name starts with '.'
}


def test_hidden_and_editor_files_in_game_folders_are_ignored(project):
    decks = project / "data/tiny/decks"
    for name, data in EDITOR_FILES.items():
        (decks / name).write_bytes(data)
    (decks / ".#heroes.yaml").symlink_to("someone@host.1234:1700000000")  # emacs's lock: a link to nowhere
    (project / "templates/icons").mkdir(exist_ok=True)
    (project / "templates/icons/._star.svg").write_bytes(EDITOR_FILES["._heroes.yaml"])
    status, said = command(project, "build", "--only", "cards")
    assert status == 0, said
    assert "error" not in said and "warning" not in said
    status, said = command(project, "list", "--format", "json")
    assert status == 0 and '"id": "heroes"' in said and "hidden" not in said.lower()


def test_a_name_too_long_for_a_file_is_shortened_in_every_file_written(project):
    """A deck file named with 240 characters and a token set id of 300: the build, a preview and the print-service export
    write every file (names made from them keep a readable start and a digest, under the 255 bytes a name may take)."""
    long_deck = "k" * 240
    shutil.copy(project / DECK, project / f"data/tiny/decks/{long_deck}.yaml")
    with (project / "data/tiny/tokens.yaml").open("a", encoding="utf-8") as f:
        f.write(f"  - id: {'t' * 300}\n    name: Long\n    shape: circle\n    size: 20\n    front: tiny/token-coin.j2\n"
                "    items:\n      - {id: c1, value: 1, tint: '#f3d36b', count: 1}\n")
    for args in (("build", "--only", "cards", "--only", "tokens"), ("export", "tiny", "--format", "png", "--dpi", "72", "--no-validate"),
                 ("preview", "tiny", "--deck", long_deck, "--dpi", "30")):
        status, said = command(project, *args)
        assert status == 0, said
    names = [p.name for p in (project / "output").rglob("*")]
    assert any(name.startswith("k" * 100) for name in names) and any(name.startswith("t" * 100) for name in names)
    assert max(len(name.encode()) for name in names) <= 255


# Temporary files --------------------------------------------------------------------------------------------------------
def test_a_build_leaves_a_running_builds_temporary_file_alone_and_removes_a_dead_ones(built_project):
    project = built_project
    running = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True).stdout.strip()
    try:
        live = project / f"output/tiny/.tiny-cards.pdf.{running.pid}-abcd1234.tmp"  # as another build writing now names it
        dead = project / f"output/tiny/.tiny-cards.pdf.{gone}-efgh5678.tmp"  # as a build that was killed left it
        live.write_bytes(b"%PDF-1.4 half written")
        dead.write_bytes(b"%PDF-1.4 half written")
        status, said = command(project, "build", "--only", "cards")
        assert status == 0, said
        assert live.exists() and not dead.exists()
    finally:
        running.kill()
        running.wait()


def test_builds_into_one_folder_at_once_all_succeed(built_project):
    project = built_project
    edit_a_card(project)
    builds = [subprocess.Popen([sys.executable, "-m", "pnp", "--root", str(project), "build", "-q", "--only", "cards", "--no-validate"],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=ROOT, env={**os.environ})
              for _ in range(3)]
    said = [build.communicate(timeout=300)[0] for build in builds]
    assert [build.returncode for build in builds] == [0, 0, 0], said
    assert not list((project / "output/tiny").glob(".*.tmp"))


def test_pnp_list_out_keeps_its_checks_work_in_that_folder_not_in_output(project, tmp_path):
    """`pnp list --out DIR` reads and keeps the build cache of DIR, the build's output folder it names: the project's
    own output/ is never made."""
    elsewhere = tmp_path / "printed"
    result = run_pnp(project, "list", "--out", str(elsewhere), "tiny")
    assert result.exit_code == 0, result.output + result.stderr
    assert (elsewhere / ".pnp-cache" / "results" / "tiny").is_dir()
    assert not (project / "output").exists()
