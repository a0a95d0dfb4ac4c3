"""The cache seal's key and its cut entries, as unit tests mutmut can map (issue #76 item 1: pnp/core/sealed.py's
survivors, whose promises tests/test_cache_key_place.py holds through whole builds).

A key inside a project (a folder with data/<game>/game.yaml above it) is never read: a game could ship it, with
entries forged under it. The home the password database gives is used only when it is absolute. A build cache's key
check cut short (a build stopped while writing it) is told from another user's, whose header the user's key did not
seal. Each key file's name is new to the process: pnp reads each key file, and each folder's verdict, once a process."""
from __future__ import annotations

import os
import pwd
from types import SimpleNamespace

import pytest

from pnp.core import sealed


@pytest.fixture
def place(tmp_path, monkeypatch):
    """A folder no earlier test in this process used, with no key named by the environment, and the key's place worked
    out afresh (it is kept per environment for the process)."""
    for name in ("PNP_CACHE_KEY", "XDG_CACHE_HOME", "HOME"):
        monkeypatch.delenv(name, raising=False)
    sealed._key_place.cache_clear()
    yield tmp_path / os.urandom(6).hex()
    sealed._key_place.cache_clear()


def _project(folder, game_yaml="plain"):
    """A project with one game, named so no folder pnp runs in holds one of its name; its game.yaml a file, a link
    leading nowhere, or missing (a data/ folder with no game in it)."""
    game = folder / "data" / f"game-{os.urandom(4).hex()}"
    game.mkdir(parents=True)
    if game_yaml == "plain":
        (game / "game.yaml").write_text("title: x\n", encoding="utf-8")
    elif game_yaml == "link":
        (game / "game.yaml").symlink_to(folder / "nowhere.yaml")
    return folder


@pytest.mark.parametrize("game_yaml", ["plain", "link"])
def test_a_key_anywhere_below_a_project_is_never_read_and_the_process_seals_with_its_own(place, monkeypatch, game_yaml):
    project = _project(place / "project", game_yaml)
    key = project / "keys" / "deep" / "cache-key"
    key.parent.mkdir(parents=True)
    key.write_bytes(b"k" * sealed.KEY_BYTES)
    key.chmod(0o600)
    monkeypatch.setenv("PNP_CACHE_KEY", str(key))
    found = sealed.current_key()
    assert found.kept_at is None and found.secret != b"k" * sealed.KEY_BYTES
    assert found.unkept == f"{key} lies inside the project {project}, where a game could bring its own: keep it outside every project"


def test_a_key_beside_a_data_folder_that_holds_no_game_is_kept(place, monkeypatch):
    folder = _project(place / "not-a-project", game_yaml=None)
    (folder / "data" / "notes.txt").write_text("not a game\n", encoding="utf-8")
    key = folder / "keys" / "cache-key"
    monkeypatch.setenv("PNP_CACHE_KEY", str(key))
    found = sealed.current_key()
    assert found.kept_at == key and not found.unkept and key.is_file()


@pytest.mark.parametrize("pw_dir, kept", [("{abs}", True), ("relative/home", False)])
def test_with_no_home_set_the_password_databases_home_is_used_only_when_absolute(place, monkeypatch, pw_dir, kept):
    home = place / "home-of-the-user"
    monkeypatch.setattr(pwd, "getpwuid", lambda uid: SimpleNamespace(pw_dir=pw_dir.format(abs=home)) if uid == os.getuid() else None)
    if kept:
        assert sealed.key_file() == home / ".cache" / "pnp" / "cache-key"
    else:
        assert sealed.key_file() is None
        assert sealed.current_key().unkept.startswith("no absolute home folder")


def _other_users(data: bytes, tmp_path, monkeypatch) -> bytes:
    monkeypatch.setenv("PNP_CACHE_KEY", str(tmp_path / f"theirs-{os.urandom(6).hex()}"))
    entry = sealed.seal(data)
    monkeypatch.setenv("PNP_CACHE_KEY", str(tmp_path / f"mine-{os.urandom(6).hex()}"))
    return entry


def test_an_entry_cut_short_is_told_from_another_users(tmp_path, monkeypatch):
    theirs, theirs_empty = _other_users(b"key check " * 8, tmp_path, monkeypatch), _other_users(b"", tmp_path, monkeypatch)
    mine = sealed.seal(b"key check " * 8)
    check = tmp_path / "key-check"
    for cut, short in ((mine[:-5], True),                      # its bytes stopped before their end
                       (mine[:sealed.HEADER - 3], True),       # stopped inside its header
                       (mine[:4], True),                       # inside its magic
                       (theirs, False), (theirs[:-5], False),  # another key sealed its length
                       (theirs_empty, False),                  # another's, exactly a header long
                       (b"not an entry of pnp's at all" * 4, False),
                       (b"PK\x03\x04 a short file", False)):  # shorter than a header, and no entry's
        check.write_bytes(cut)
        assert sealed.cut_short(check) is short, (len(cut), short)
