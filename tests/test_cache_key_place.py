"""The build cache's key lives only at an absolute path outside every project (issue 74 item 4).

A key read from a relative path is read from the folder pnp runs in: the game's. A game shipping a key there and
cache entries sealed with it (pickles that run code as they load) would then run its code in `build` and `validate`.
So a relative XDG_CACHE_HOME is ignored (the XDG spec says so), a relative or missing HOME without a home in the
password database means no kept key, a relative PNP_CACHE_KEY is refused, and a key inside the project is never read
or made: each such command seals with a key of its own, reuses nothing, and says so once.
"""
from __future__ import annotations

import hashlib
import hmac
import os
import pickle
import pwd
from pathlib import Path

import pytest
from conftest import run_pnp

from pnp.core import sealed

ONE_COMMAND = "serves this command alone"
FOREIGN = "written by another user or on another machine"


class _Payload:
    """What the game ships in its cache: a pickle that, as it is loaded, appends to the canary file."""

    def __init__(self, canary: Path, entry: str):
        self.code = f"open({str(canary)!r}, 'a').write({entry + chr(10)!r})"

    def __reduce__(self):
        return exec, (self.code,)


def _forged(key: bytes, data: bytes) -> bytes:
    """`data` sealed with `key` as pnp lays a sealed entry out (magic, length, the length's MAC, the data's MAC, data):
    what the author of a game who ships the key can make."""
    length = len(data).to_bytes(8, "big")
    mac = lambda what, body: hmac.new(key, what + b"\0" + body, hashlib.sha256).digest()  # noqa: E731
    return sealed.MAGIC + length + mac(b"length", length) + mac(b"data", data) + data


def _poison(cache: Path, key: bytes, canary: Path) -> int:
    """Every entry of `cache` replaced by a payload sealed with the shipped key; its key check says the cache is its."""
    from pnp.pipeline.cache import KEY_CHECK, KEY_CHECK_TEXT

    entries = [p for p in cache.rglob("*") if p.is_file() and p.name != ".gitignore"]
    for path in entries:
        data = KEY_CHECK_TEXT if path.name == KEY_CHECK else pickle.dumps(_Payload(canary, path.name))
        path.write_bytes(_forged(key, data))
    return len(entries)


def _no_passwd_entry(uid):
    raise KeyError(f"getpwuid(): uid not found: {uid}")


# place → (environment, where the game ships its key relative to the project, the note's reason says…)
PLACES = {
    "a relative XDG_CACHE_HOME": ({"XDG_CACHE_HOME": ".cache", "HOME": "{home}"}, ".cache/pnp/cache-key", None),
    "a relative HOME, no passwd entry": ({"HOME": "."}, ".cache/pnp/cache-key", "no absolute home folder"),
    "HOME unset, no passwd entry": ({}, "~/.cache/pnp/cache-key", "no absolute home folder"),
    "a relative PNP_CACHE_KEY": ({"PNP_CACHE_KEY": "keys/cache-key", "HOME": "{home}"}, "keys/cache-key", "relative path"),
    "an absolute XDG_CACHE_HOME inside the project": ({"XDG_CACHE_HOME": "{project}/.cache", "HOME": "{home}"}, ".cache/pnp/cache-key",
                                                       "inside the project"),
}


@pytest.mark.parametrize("place", PLACES)
def test_a_key_the_game_ships_is_never_used_and_its_pickles_never_run(project, tmp_path, monkeypatch, place):
    """The game ships a key where a relative path (or a path into the project) would find it, and every cache entry
    forged with that key: `validate` and `build` run none of them (the canary stays absent), build the same game,
    and say once why the cache is not reused (no key can be kept; or, a relative XDG_CACHE_HOME being ignored, the
    entries are not sealed by the user's key in the home). No key is made inside the project."""
    env, shipped_at, reason = PLACES[place]
    home = tmp_path / "home"
    home.mkdir()
    for name in ("PNP_CACHE_KEY", "XDG_CACHE_HOME", "HOME"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value.format(home=home, project=project))
    if "passwd" in place:
        monkeypatch.setattr(pwd, "getpwuid", _no_passwd_entry)
    monkeypatch.chdir(project)  # where the relative path leads: the game's own folder
    canary = tmp_path / "canary"
    key = project / shipped_at
    key.parent.mkdir(parents=True)
    key.write_bytes(b"k" * sealed.KEY_BYTES)
    key.chmod(0o600)
    first = run_pnp(project, "build", "tiny")  # the cache's entries, by the names the next run asks for
    assert first.exit_code == 0, first.output
    cache = project / "output/.pnp-cache"
    for command in (("validate", "tiny"), ("build", "tiny")):
        assert _poison(cache, key.read_bytes(), canary) > 10
        result = run_pnp(project, *command)
        assert not canary.exists(), f"{command[0]} ran the game's pickles: {canary.read_text()}"
        assert result.exit_code == 0, result.output
        if reason:  # no key can be kept: this command's own, said once
            assert result.output.count(ONE_COMMAND) == 1 and reason in result.output, result.output
        else:  # the key kept in the home's .cache, which is the user's: the shipped entries are another's
            assert result.output.count(FOREIGN) == 1 and (home / ".cache/pnp/cache-key").is_file(), result.output
    assert key.read_bytes() == b"k" * sealed.KEY_BYTES, "the shipped key is left as it was"
    made = [p for p in project.rglob("*cache-key*") if p != key]
    assert not made, f"a key was made inside the project: {made}"


def test_a_relative_xdg_cache_home_is_ignored_for_the_home_cache(monkeypatch, tmp_path):
    """The XDG spec: a relative XDG_CACHE_HOME is invalid and ignored; the home's .cache is used instead."""
    monkeypatch.delenv("PNP_CACHE_KEY", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/cache")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert sealed.key_file() == tmp_path / ".cache/pnp/cache-key"
    monkeypatch.setenv("HOME", "relative-home")
    own = Path(pwd.getpwuid(os.getuid()).pw_dir)
    assert sealed.key_file() == own / ".cache/pnp/cache-key", "a relative HOME falls back to the password database's home"


def test_a_key_named_from_the_home_folder_with_a_tilde_is_kept_there(monkeypatch, tmp_path):
    """A shell leaves `~` as typed in a quoted PNP_CACHE_KEY: it is the home folder, not a folder named `~`."""
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("PNP_CACHE_KEY", "~/pnp.key")
    assert sealed.key_file() == tmp_path / "pnp.key"
    assert sealed.current_key().kept_at == tmp_path / "pnp.key"
    assert (tmp_path / "pnp.key").stat().st_size == 32  # the key is 32 random bytes, readable by the user alone
    assert (tmp_path / "pnp.key").stat().st_mode & 0o777 == 0o600


def test_a_key_file_of_the_wrong_length_is_said_with_its_own_length(project, monkeypatch, tmp_path):
    key = tmp_path / "pnp.key"
    key.write_bytes(bytes(range(64)))  # a 64-byte key pasted in by hand
    key.chmod(0o600)
    monkeypatch.setenv("PNP_CACHE_KEY", str(key))
    result = run_pnp(project, "build", "--only", "boards", "tiny")
    assert result.exit_code == 0, result.output
    notes = [line for line in result.output.splitlines() if ": note: " in line]  # click's output holds what went to stderr
    assert notes == [f"output/.pnp-cache: note: no key to seal the build cache with could be kept ({key}: holds 64 bytes, not 32: "
                     f"remove it, and pnp makes a new one): this build cache {ONE_COMMAND} (docs/safety.md)"]
