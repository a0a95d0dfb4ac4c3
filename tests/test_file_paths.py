"""The path rule and the writes (pnp.core.files), held in the test process: a file a game names is read only when its
real path, every link followed, lies inside the project (and the folder named for its kind); a named pipe is refused by
its kind; editors' and systems' files are ignored; a long file name is cut to fit and stays distinct; a write goes to a
temporary file synced to the disk and renamed, never through a linked folder, and a failed one leaves nothing behind and
names its file. Expected values come from real paths inside real folders, never from the code under test.
(The same rule met through whole commands: tests/test_no_write_outside.py.)"""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import properties  # noqa: F401  (the suite's Hypothesis profile)
import pytest
from conftest import listing, quick_findings, run_pnp
from hypothesis import given, settings
from hypothesis import strategies as st

DECKS = "data/tiny/decks"
LINKED_OUT = ("is a link (or lies in a linked folder) whose real file is outside the project's data/ folder: copy the file itself "
              "into the project's data/ folder")


def refused_link(name: str) -> str:
    """The line `pnp validate` prints for the tiny game's deck file `name`, a link whose real file lies outside data/."""
    return f"{DECKS}/{name}: error: '{DECKS}/{name}' {LINKED_OUT}"


def validate_errors(project: Path) -> list[str]:
    """`pnp validate tiny --quick`: the error lines it printed, having failed."""
    code, found = quick_findings(project)
    assert code == 1, found
    return [line for line in found if ": error: " in line]


@pytest.fixture
def tree(tmp_path):
    """A project beside a folder whose name begins with the project's own, and a secret outside both."""
    tmp_path = Path(os.path.realpath(tmp_path))
    project = tmp_path / "game"
    (project / "decks").mkdir(parents=True)
    (project / "decks" / "cards.yaml").write_text("cards: []\n")
    (tmp_path / "game-evil").mkdir()
    (tmp_path / "game-evil" / "cards.yaml").write_text("stolen\n")
    (tmp_path / "secret.txt").write_text("secret\n")
    return project


def test_a_file_inside_is_read_by_its_real_path(tree):
    from pnp.core.files import inside
    assert inside(tree / "decks" / "cards.yaml", tree) == Path(os.path.realpath(tree / "decks" / "cards.yaml"))
    assert inside(tree / "decks" / ".." / "decks" / "cards.yaml", tree, tree / "decks") == tree / "decks" / "cards.yaml"
    assert inside(tree, tree) == tree  # the folder itself
    assert inside(tree / "decks" / "missing.yaml", tree) == tree / "decks" / "missing.yaml"  # its reader says it is missing


def test_a_folder_whose_name_begins_with_the_projects_is_outside_it(project):
    """A deck linked to a file beside the project in a folder whose name begins with the project's (project-evil/), and
    one linked to a file beside data/ in data-evil/: each is outside, one error at its link."""
    root = Path(os.path.realpath(project))
    for folder in (root.parent / f"{root.name}-evil", root / "data-evil"):
        folder.mkdir()
        shutil.copy(root / DECKS / "heroes.yaml", folder / "evil.yaml")
    (root / DECKS / "beside.yaml").symlink_to(root.parent / f"{root.name}-evil" / "evil.yaml")
    (root / DECKS / "near.yaml").symlink_to(root / "data-evil" / "evil.yaml")
    assert validate_errors(project) == [refused_link("beside.yaml"), refused_link("near.yaml")]


def test_a_link_leading_out_is_refused_and_one_staying_in_is_followed(project):
    """A deck file linked to a file outside the project is one error at the link; one linked to a deck beside it is read
    as a deck of its own; a decks folder that is itself a link out refuses every deck in it."""
    (project.parent / "secret.yaml").write_text("secret\n")
    (project / DECKS / "out.yaml").symlink_to(project.parent / "secret.yaml")
    (project / DECKS / "in.yaml").symlink_to(project / DECKS / "heroes.yaml")
    assert validate_errors(project) == [refused_link("out.yaml")]
    (project / DECKS / "out.yaml").unlink()
    assert [deck["id"] for deck in listing(project, "tiny")["decks"]] == ["heroes", "in"]
    (project / DECKS / "in.yaml").unlink()
    shutil.move(project / DECKS, project.parent / "decks")
    (project / DECKS).symlink_to(project.parent / "decks")  # a linked folder as well as a linked file
    assert validate_errors(project) == [refused_link("heroes.yaml")]


def test_a_path_must_stay_inside_every_folder_it_is_checked_against(project):
    """A deck file linked to a file inside the project but outside data/ (a template) is refused: data/ is a deck's folder."""
    (project / DECKS / "front.yaml").symlink_to(project / "templates/tiny/hero.j2")
    assert validate_errors(project) == [refused_link("front.yaml")]


def test_a_named_pipe_is_refused_by_its_kind_before_it_is_opened(tree):
    from pnp.core.files import SpecialFile, inside, open_plain, stays_inside
    os.mkfifo(tree / "decks" / "pipe.yaml")
    with pytest.raises(SpecialFile, match="a named pipe"):
        inside(tree / "decks" / "pipe.yaml", tree)
    with pytest.raises(SpecialFile):
        open_plain(tree / "decks" / "pipe.yaml")
    assert not stays_inside(tree / "decks" / "pipe.yaml", tree)
    with open_plain(tree / "decks" / "cards.yaml") as f:
        assert f.read() == b"cards: []\n"


PARTS = st.sampled_from(["decks", "cards.yaml", "..", ".", "out", "in", "up", "missing"])


@settings(max_examples=60)
@given(parts=st.lists(PARTS, min_size=1, max_size=6))
def test_any_path_the_rule_admits_lies_inside_the_project_and_any_it_refuses_does_not(tmp_path_factory, parts):
    """Paths built from names, '..', and links that lead out, stay in, or climb to the parent: the rule admits exactly
    those whose real path is the project or lies under it."""
    from pnp.core.files import LeavesFolder, inside
    root = Path(os.path.realpath(tmp_path_factory.mktemp("rule")))
    project = root / "game"
    (project / "decks").mkdir(parents=True)
    (project / "decks" / "cards.yaml").write_text("x")
    (root / "game-x").mkdir()
    (project / "decks" / "out").symlink_to(root / "game-x")
    (project / "decks" / "in").symlink_to(project)
    (project / "decks" / "up").symlink_to("..")
    path = project / "decks" / Path(*parts)
    real = os.path.realpath(path)
    truly_inside = real == str(project) or real.startswith(str(project) + os.sep)
    try:
        admitted = inside(path, project)
    except LeavesFolder:
        assert not truly_inside, path
    else:
        assert truly_inside and str(admitted) == real, path


def test_ignored_names_are_the_editors_and_the_systems_files():
    from pnp.core.files import ignored_name
    for name in (".DS_Store", "._deck.yaml", ".#deck.yaml", "~$book.xlsx", "deck.yaml~", "#deck.yaml#"):
        assert ignored_name(name), name
    for name in ("deck.yaml", "#", "a#", "#tag.yaml", "deck~s.yaml"):
        assert not ignored_name(name), name


def test_a_long_file_name_is_cut_to_fit_and_stays_distinct_and_the_same():
    from pnp.core.files import file_name
    assert file_name("deck", ".pdf") == "deck.pdf"
    long_a, long_b = "é" * 150 + "a", "é" * 150 + "b"
    named = file_name(long_a, ".pdf")
    assert len(named.encode("utf-8")) <= 200 and named.endswith(".pdf") and named.startswith("é" * 10)
    assert named == file_name(long_a, ".pdf") != file_name(long_b, ".pdf")
    exact = "x" * 196
    assert file_name(exact, ".pdf") == exact + ".pdf"  # 200 bytes: fits whole
    assert file_name(exact + "y", ".pdf") != exact + "y.pdf"


def test_nothing_is_written_through_a_linked_folder(tree):
    from pnp.core.files import LinkedFolder, folder_to_write, remove_file, write_atomic
    (tree / "output").symlink_to(tree.parent / "game-evil")
    with pytest.raises(LinkedFolder):
        write_atomic(tree / "output" / "cards.yaml", b"overwritten")
    with pytest.raises(LinkedFolder):
        folder_to_write(tree / "output" / "new" / "deeper")
    assert not (tree.parent / "game-evil" / "new").exists()
    with pytest.raises(LinkedFolder):
        remove_file(tree / "output" / "cards.yaml")
    assert (tree.parent / "game-evil" / "cards.yaml").read_text() == "stolen\n"


def test_a_write_replaces_a_link_at_the_target_and_leaves_what_it_pointed_to(tree):
    from pnp.core.files import remove_file, write_atomic
    target = tree / "decks" / "written.pdf"
    target.symlink_to(tree.parent / "secret.txt")
    write_atomic(target, b"new")
    assert not target.is_symlink() and target.read_bytes() == b"new"
    assert (tree.parent / "secret.txt").read_text() == "secret\n"
    assert [p.name for p in (tree / "decks").iterdir() if p.name.endswith(".tmp")] == []  # no temporary left
    (tree / "decks" / "gone").symlink_to(tree.parent / "secret.txt")
    assert remove_file(tree / "decks" / "gone") and (tree.parent / "secret.txt").exists()
    assert not remove_file(tree / "decks" / "gone")


@pytest.mark.parametrize("umask, mode", [(0o022, 0o644), (0o002, 0o664), (0o077, 0o600)])
def test_a_written_file_gets_the_mode_any_new_file_gets(project, umask, mode):
    """A file pnp writes (here `pnp new`'s game, written as every output is) is an ordinary file, made as open(2) makes
    one with mode 0666 less the umask (POSIX, as `touch` does): readable by whoever may read the user's other files (a
    print shop's share, a partner's account), not by its owner alone as a temporary file is made."""
    before = os.umask(umask)
    try:
        result = run_pnp(project, "new", "mine")
    finally:
        os.umask(before)
    assert result.exit_code == 0, result.output
    written = [p for folder in ("data/mine", "templates/mine") for p in (project / folder).rglob("*") if p.is_file()]
    assert f"wrote {len(written)} files for 'mine'" in result.output
    assert {p.name: p.stat().st_mode & 0o7777 for p in written} == {p.name: mode for p in written}


def test_a_file_name_that_fits_is_kept_whole_and_a_long_one_is_cut_to_the_byte_with_twelve_hex_digits():
    import hashlib

    from pnp.core.files import file_name
    assert file_name("deck") == "deck"
    stem = "a" * 300
    named = file_name(stem, ".pdf")
    digest = hashlib.sha256(stem.encode("utf-8")).hexdigest()[:12]
    assert len(named.encode("utf-8")) == 200 and named.endswith(f"-{digest}.pdf")  # as much of the stem as fits
    assert file_name(stem, "x" * 195) == f"-{digest}" + "x" * 195  # a suffix leaving no room keeps none of the stem


def test_a_folder_to_write_is_made_with_the_folders_above_it_or_left_alone_when_asked(tmp_path):
    from pnp.core.files import folder_to_write, write_atomic
    root = Path(os.path.realpath(tmp_path))
    assert folder_to_write(root / "a" / "b") == root / "a" / "b" and (root / "a" / "b").is_dir()
    assert folder_to_write(root / "c" / "d", make=False) == root / "c" / "d" and not (root / "c").exists()
    assert folder_to_write(root / "a") == root / "a"  # there already
    write_atomic(root / "out" / "game" / "cards.pdf", b"%PDF")
    assert (root / "out" / "game" / "cards.pdf").read_bytes() == b"%PDF"


def test_a_folder_that_turns_into_a_link_as_it_is_made_is_refused(tmp_path, monkeypatch):
    from pnp.core import files
    root = Path(os.path.realpath(tmp_path))
    (root / "elsewhere").mkdir()
    monkeypatch.setattr(files.os, "makedirs", lambda path, exist_ok=False: os.symlink(root / "elsewhere", path))
    with pytest.raises(files.LinkedFolder) as refused:
        files.folder_to_write(root / "made")
    assert refused.value.path == root / "made"


def test_the_filesystems_root_holds_every_path_and_a_path_inside_stays_inside(tree):
    from pnp.core.files import ignored_name, inside, stays_inside
    assert inside(tree / "decks" / "cards.yaml", "/") == tree / "decks" / "cards.yaml"
    assert stays_inside(tree / "decks" / "cards.yaml", tree)
    assert ignored_name("##")  # between '#'s, with nothing between


def test_a_file_swapped_for_a_pipe_between_the_look_and_the_open_is_refused_and_closed(tree, monkeypatch):
    from pnp.core import files
    pipe = tree / "decks" / "swapped.yaml"
    os.mkfifo(pipe)
    plain = os.stat(tree / "decks" / "cards.yaml")
    real_stat = os.stat
    monkeypatch.setattr(files.os, "stat", lambda path, *a, **k: plain if Path(path) == pipe else real_stat(path, *a, **k))
    opened, closed = [], []
    real_open, real_close = os.open, os.close
    monkeypatch.setattr(files.os, "open", lambda *a, **k: opened.append(real_open(*a, **k)) or opened[-1])
    monkeypatch.setattr(files.os, "close", lambda fd: (closed.append(fd), real_close(fd))[1])
    with pytest.raises(files.SpecialFile) as refused:
        files.open_plain(pipe)
    monkeypatch.undo()
    assert refused.value.path == pipe and refused.value.kind == "a named pipe" and "a named pipe" in str(refused.value)
    assert len(opened) == 1 and closed == opened  # its descriptor closed


def test_a_pipe_is_refused_by_name_and_kind(project):
    os.mkfifo(project / DECKS / "pipe.yaml")
    assert validate_errors(project) == [
        f"{DECKS}/pipe.yaml: error: '{DECKS}/pipe.yaml' is a named pipe, not a file: pnp reads only plain files; put the file itself in its place"]


def test_a_write_waits_for_the_disk_unless_asked_not_to(tree, monkeypatch):
    from pnp.core import files
    synced = []
    real_fsync = os.fsync
    monkeypatch.setattr(files.os, "fsync", lambda fd: (synced.append(fd), real_fsync(fd)))
    files.write_atomic(tree / "decks" / "a.pdf", b"a")
    assert len(synced) == 1
    files.write_atomic(tree / "decks" / "b.pdf", b"b", durable=False)
    assert len(synced) == 1


@pytest.mark.parametrize("failure", [OSError(28, "No space left on device"), OSError("the disk went away"), ValueError("a bug")])
def test_a_failed_write_leaves_no_temporary_and_names_the_file_it_could_not_write(tree, failure):
    from pnp.core.files import write_atomic_with

    def write(f):
        f.write(b"half")
        raise failure

    target = tree / "decks" / "cards.pdf"
    with pytest.raises(type(failure)) as raised:
        write_atomic_with(target, write)
    assert sorted(p.name for p in (tree / "decks").iterdir()) == ["cards.yaml"]  # nothing half-written, no temporary
    if isinstance(failure, OSError):
        assert raised.value.filename == str(target) and raised.value.errno == failure.errno
        assert raised.value.strerror == (failure.strerror or str(failure))


def test_an_atomic_write_reaches_the_disk_before_its_rename_unless_told_not_to(tmp_path, monkeypatch):
    """A crash must leave the old file or the whole new one: the new bytes are synced to the disk before the rename
    puts them in place; a cache entry asks for no wait (durable=False)."""
    import pnp.core.files as files

    steps = []
    monkeypatch.setattr(files.os, "fsync", lambda fd: steps.append("fsync"))
    real_replace = os.replace
    monkeypatch.setattr(files.os, "replace", lambda a, b: (steps.append("replace"), real_replace(a, b)))
    target = tmp_path / "out.pdf"
    files.write_atomic_with(target, lambda f: f.write(b"new"))
    assert steps == ["fsync", "replace"] and target.read_bytes() == b"new"
    steps.clear()
    files.write_atomic_with(target, lambda f: f.write(b"kept"), durable=False)
    assert steps == ["replace"] and target.read_bytes() == b"kept"


@pytest.mark.parametrize("error", [ValueError("the writer failed"), OSError(28, "No space left on device")])
def test_a_failed_atomic_write_says_its_own_error_though_its_temporary_is_already_gone(tmp_path, error):
    """The writer fails after its temporary file was removed (a cleaner, a full disk): the error said is the writer's,
    the target named when the write named no file, and nothing is left in the folder."""
    from pnp.core.files import write_atomic_with

    target = tmp_path / "out.pdf"

    def write(f):
        for temporary in tmp_path.iterdir():
            temporary.unlink()
        raise error

    with pytest.raises(type(error)) as raised:
        write_atomic_with(target, write)
    if isinstance(error, OSError):
        assert raised.value.errno == 28 and raised.value.filename == os.fspath(target)
    else:
        assert raised.value is error
    assert list(tmp_path.iterdir()) == []


def test_a_hidden_copy_of_a_game_in_data_is_no_game(project):
    """A game copied aside under a hidden name (`data/.tiny-old/`, as a designer keeps the last version) is ignored as
    any hidden file is (docs/data-format.md): a command over every game checks tiny alone."""
    shutil.copytree(project / "data/tiny", project / "data/.tiny-old")
    result = run_pnp(project, "validate", "--quick")
    assert result.exit_code == 0, result.output + result.stderr
    assert result.output.strip().splitlines()[-1] == "tiny: 0 errors, 0 warnings"
