"""The cache seal (pnp.core.sealed), as unit tests mutmut can map: an entry is read back only when this user's key
sealed exactly its bytes, and the key is this user's alone (its promises held through whole builds:
tests/test_cache_key_place.py).

Any bit of an entry changed, its bytes cut, more bytes after it, another user's key, or an entry behind a link, in a
linked folder or a pipe unseals nothing; a streamed entry is the bytes a sealed one is. The key is 32 random bytes made
on first use, readable by the user alone, in a private folder: in the file PNP_CACHE_KEY names, else under
XDG_CACHE_HOME when it is absolute, else under HOME's .cache. A key file others may read, of the wrong length, a link,
a pipe or another user's is not used: the command seals with a key of its own and says once why. A key inside a
project (a folder with data/<game>/game.yaml above it) is never read: a game could ship it, with entries forged under
it. The home the password database gives is used only when it is absolute. A build cache's key check cut short (a
build stopped while writing it) is told from another user's, whose header the user's key did not seal. Each key file's
name is new to the process: pnp reads each key file, and each folder's verdict, once a process."""
from __future__ import annotations

import os
import pwd
from pathlib import Path
from types import SimpleNamespace

import properties  # noqa: F401  (the suite's Hypothesis profile)
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

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


@pytest.fixture
def own_key(tmp_path, monkeypatch):
    """A key file of this test's own: a name no earlier session in this process used (pnp reads each key file once per
    process, and a mutation run holds several sessions whose temporary folders may repeat)."""
    key = tmp_path / f"key-{os.urandom(6).hex()}" / "cache-key"
    monkeypatch.setenv("PNP_CACHE_KEY", str(key))
    return key


@settings(max_examples=40)
@given(data=st.binary(max_size=300), where=st.integers(min_value=0), bit=st.integers(0, 7))
def test_a_sealed_entry_reads_back_and_any_byte_changed_anywhere_in_it_unseals_nothing(tmp_path_factory, data, where, bit):
    os.environ["PNP_CACHE_KEY"] = str(tmp_path_factory.mktemp("k") / f"key-{os.urandom(6).hex()}")
    try:
        entry = sealed.seal(data)
        assert sealed.unseal(entry) == data
        changed = bytearray(entry)
        changed[where % len(entry)] ^= 1 << bit  # the header (magic, length, both MACs) or the bytes
        assert sealed.unseal(bytes(changed)) is None
        assert sealed.unseal(entry[:-1]) is None and sealed.unseal(entry + b"\0") is None
    finally:
        del os.environ["PNP_CACHE_KEY"]


def test_another_users_entry_unseals_nothing(own_key, tmp_path, monkeypatch):
    from pnp.core.sealed import seal, unseal
    mine = seal(b"faces")
    monkeypatch.setenv("PNP_CACHE_KEY", str(tmp_path / f"other-{os.urandom(6).hex()}" / "cache-key"))
    assert unseal(mine) is None
    assert unseal(seal(b"faces")) == b"faces"
    assert unseal(b"") is None and unseal(b"pnp-seal2") is None


def test_a_streamed_entry_is_the_same_bytes_as_a_sealed_one(own_key, tmp_path):
    from pnp.core.files import write_atomic_with
    from pnp.core.sealed import read_sealed, seal, sealing
    chunks = [b"abc", memoryview(b"defgh"), bytearray(b"ij")]
    write_atomic_with(tmp_path / "entry", sealing(lambda f: [f.write(c) for c in chunks]))
    assert (tmp_path / "entry").read_bytes() == seal(b"abcdefghij")
    assert read_sealed(tmp_path / "entry") == b"abcdefghij"
    (tmp_path / "entry").write_bytes(seal(b"abcdefghij") + b"more")
    assert read_sealed(tmp_path / "entry") is None  # bytes after the entry: not the entry sealed


NO_KEY = "no key to seal the build cache with could be kept"


def _validate_with_key(project: Path, key: Path, monkeypatch) -> str:
    """What `pnp validate` prints with PNP_CACHE_KEY naming `key` (each test names a key no earlier command read: a
    process reads each key file once)."""
    from conftest import run_pnp

    monkeypatch.setenv("PNP_CACHE_KEY", str(key))
    result = run_pnp(project, "validate", "tiny")
    assert result.exit_code == 0, result.output
    return result.output


def _fresh(folder: Path) -> Path:
    """A folder of a name no earlier test used, for a key of its own."""
    made = folder / os.urandom(6).hex()
    made.mkdir()
    return made


def _kept_key(path: Path, data: bytes = b"k" * 32, mode: int = 0o600) -> Path:
    path.write_bytes(data)
    path.chmod(mode)
    return path


def test_the_key_is_made_for_the_user_alone_and_one_others_may_read_is_not_used(project, tmp_path, monkeypatch):
    """The first command makes the key, 32 random bytes only the user may read, and seals with it silently; a key file
    others may read, or of the wrong length, is not used and left as it is: the command seals with a key of its own
    and says once why, naming the file and what to do."""
    made = _fresh(tmp_path) / "cache-key"
    assert NO_KEY not in _validate_with_key(project, made, monkeypatch)
    assert len(made.read_bytes()) == 32 and stat_mode(made) == 0o600
    readable = _kept_key(_fresh(tmp_path) / "cache-key", mode=0o640)
    said = _validate_with_key(project, readable, monkeypatch)
    assert said.count(NO_KEY) == 1 and f"{readable}: others may read it: make it readable by you alone (chmod 600)" in said, said
    assert readable.read_bytes() == b"k" * 32 and stat_mode(readable) == 0o640
    short = _kept_key(_fresh(tmp_path) / "cache-key", b"short")
    said = _validate_with_key(project, short, monkeypatch)
    assert said.count(NO_KEY) == 1 and f"{short}: holds 5 bytes, not 32: remove it, and pnp makes a new one" in said, said
    assert short.read_bytes() == b"short"


def stat_mode(path: Path) -> int:
    import stat as stat_module

    return stat_module.S_IMODE(path.stat().st_mode)


def test_a_key_that_is_a_link_or_cannot_be_kept_gives_a_key_for_this_process_alone(project, tmp_path, monkeypatch):
    """A key file that is a link is never followed, even to a good key; a key that cannot be made is none: either way
    the command says so once and seals with a key of its own."""
    folder = _fresh(tmp_path)
    real = _kept_key(folder / "real-key")
    (folder / "linked-key").symlink_to(real)
    said = _validate_with_key(project, folder / "linked-key", monkeypatch)
    assert said.count(NO_KEY) == 1 and f"({folder / 'linked-key'}: " in said, said
    assert real.read_bytes() == b"k" * 32
    (folder / "ro").mkdir(mode=0o500)
    if os.geteuid() != 0:  # root writes anywhere
        said = _validate_with_key(project, folder / "ro" / "sub" / "key", monkeypatch)
        assert said.count(NO_KEY) == 1 and f"({folder / 'ro' / 'sub' / 'key'}: Permission denied)" in said, said


def test_an_entry_behind_a_link_or_in_a_linked_folder_or_a_pipe_is_not_read(own_key, tmp_path):
    from pnp.core.sealed import read_sealed, seal
    (tmp_path / "cache").mkdir()
    (tmp_path / "cache" / "entry").write_bytes(seal(b"x"))
    assert read_sealed(tmp_path / "cache" / "entry") == b"x"
    (tmp_path / "cache" / "link").symlink_to(tmp_path / "cache" / "entry")
    (tmp_path / "linked").symlink_to(tmp_path / "cache")
    os.mkfifo(tmp_path / "cache" / "pipe")
    (tmp_path / "cache" / "folder").mkdir()
    for refused in ("cache/link", "linked/entry", "cache/pipe", "cache/folder"):
        with pytest.raises(OSError):
            read_sealed(tmp_path / refused)
    (tmp_path / "cache" / "plain").write_bytes(b"not sealed at all, and long enough to hold a header of its own" * 2)
    assert read_sealed(tmp_path / "cache" / "plain") is None


def test_the_key_file_is_the_one_named_else_in_the_users_cache_folder_following_the_environment(tmp_path, monkeypatch):
    from pnp.core.sealed import current_key, key_file
    monkeypatch.delenv("PNP_CACHE_KEY", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert key_file() == tmp_path / "xdg" / "pnp" / "cache-key"
    assert current_key().kept_at == tmp_path / "xdg" / "pnp" / "cache-key"
    monkeypatch.delenv("XDG_CACHE_HOME")
    for home in ("home-a", "home-b"):  # a process whose HOME changes follows it (the lookup is kept per environment)
        monkeypatch.setenv("HOME", str(tmp_path / home))
        assert key_file() == tmp_path / home / ".cache" / "pnp" / "cache-key"
        assert current_key().kept_at == tmp_path / home / ".cache" / "pnp" / "cache-key"
    monkeypatch.setenv("PNP_CACHE_KEY", str(tmp_path / "named"))
    assert key_file() == tmp_path / "named" and current_key().kept_at == tmp_path / "named"


def test_the_keys_folder_is_made_private_whether_new_or_already_there(project, tmp_path, monkeypatch):
    deep = _fresh(tmp_path) / "cache" / "pnp" / "cache-key"  # folders missing above it
    assert NO_KEY not in _validate_with_key(project, deep, monkeypatch)
    assert deep.is_file() and stat_mode(deep.parent) == 0o700 & ~_umask()
    there = _fresh(tmp_path)  # the user's cache folder, made by another program
    assert NO_KEY not in _validate_with_key(project, there / "cache-key", monkeypatch)
    assert (there / "cache-key").is_file()


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def test_a_key_made_by_another_process_meanwhile_is_the_one_used(tmp_path, monkeypatch):
    path = tmp_path / os.urandom(6).hex() / "cache-key"
    theirs = b"t" * 32
    real_link = os.link

    def raced(source, target):  # another process links its key first
        target_path = Path(target)
        target_path.write_bytes(theirs)
        target_path.chmod(0o600)
        return real_link(source, target)

    monkeypatch.setattr(sealed.os, "link", raced)
    monkeypatch.setenv("PNP_CACHE_KEY", str(path))
    key = sealed.current_key()
    assert key.secret == theirs and key.kept_at == path and not key.unkept
    assert [p.name for p in path.parent.iterdir()] == ["cache-key"]  # its own attempt removed


def test_a_link_planted_at_the_new_keys_temporary_name_is_not_written_through(tmp_path, monkeypatch):
    path = tmp_path / os.urandom(6).hex() / "cache-key"
    path.parent.mkdir()
    victim = tmp_path / "victim"
    victim.write_bytes(b"mine\n")
    monkeypatch.setattr(sealed.os, "urandom", lambda n: b"\x01" * n)
    monkeypatch.setattr(sealed.os, "getpid", lambda: 4242)
    (path.parent / ".cache-key.4242.01010101").symlink_to(victim)  # the name four bytes of 1 give
    monkeypatch.setenv("PNP_CACHE_KEY", str(path))
    key = sealed.current_key()
    assert victim.read_bytes() == b"mine\n"
    assert key.kept_at is None and key.unkept  # this process makes a key of its own and says why


def test_a_key_file_that_is_not_a_plain_file_of_the_users_is_refused(project, tmp_path, monkeypatch):
    pipe = _fresh(tmp_path) / "pipe-key"
    os.mkfifo(pipe, 0o600)
    said = _validate_with_key(project, pipe, monkeypatch)
    assert said.count(NO_KEY) == 1 and f"({pipe}: not a file of this user's)" in said, said
    if os.geteuid() == 0:  # only root can give a file away
        theirs = _kept_key(_fresh(tmp_path) / "their-key")
        os.chown(theirs, 12345, 12345)
        said = _validate_with_key(project, theirs, monkeypatch)
        assert said.count(NO_KEY) == 1 and f"({theirs}: not a file of this user's)" in said, said


def test_what_is_unsealed_is_bytes(own_key):
    from pnp.core.sealed import seal, unseal
    assert type(unseal(seal(b"abc"))) is bytes and type(unseal(bytearray(seal(b"abc")))) is bytes


def test_an_entry_refused_by_where_it_lies_says_why_and_names_it(own_key, tmp_path):
    import errno

    from pnp.core.sealed import read_sealed, seal
    (tmp_path / "cache").mkdir()
    (tmp_path / "cache" / "entry").write_bytes(seal(b"x"))
    (tmp_path / "linked").symlink_to(tmp_path / "cache")
    with pytest.raises(OSError) as refused:
        read_sealed(tmp_path / "linked" / "entry")
    assert (refused.value.errno, refused.value.strerror, refused.value.filename) == \
        (errno.ELOOP, "lies in a linked folder: not read", str(tmp_path / "linked" / "entry"))
    (tmp_path / "cache" / "folder").mkdir()
    with pytest.raises(OSError) as refused:
        read_sealed(tmp_path / "cache" / "folder")
    assert (refused.value.errno, refused.value.strerror, refused.value.filename) == \
        (errno.EINVAL, "not a plain file: not read", str(tmp_path / "cache" / "folder"))


def test_every_bit_of_a_sealed_entry_is_covered_by_its_seal(own_key):
    """Its magic, its length, the length's MAC, the bytes' MAC and the bytes: any one bit changed unseals nothing."""
    from pnp.core.sealed import seal, unseal
    entry = seal(b"faces")
    for where in range(len(entry)):
        for bit in range(8):
            changed = bytearray(entry)
            changed[where] ^= 1 << bit
            assert unseal(bytes(changed)) is None, (where, bit)


def test_a_relative_xdg_cache_home_is_ignored_for_the_home_folders_cache(tmp_path, monkeypatch):
    from pnp.core.sealed import key_file
    monkeypatch.delenv("PNP_CACHE_KEY", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_CACHE_HOME", "cache")  # relative: it would be read from the folder pnp runs in, a game's
    assert key_file() == tmp_path / "home" / ".cache" / "pnp" / "cache-key"
