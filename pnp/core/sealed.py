"""Seals on what pnp keeps in its build cache: an entry is read back only when this user's key sealed it.

The build cache holds pickles (parsed fonts and icons, drawn faces), and
loading one runs whatever its bytes say. A game folder shipped with the
`output/.pnp-cache/` of its author, or of anyone, would run their code in the
process of whoever builds it. So every entry carries an HMAC-SHA256 of its
bytes under a secret key of the user's, kept outside every project (the
user's cache folder); an entry whose seal does not check is never unpickled:
it counts as absent, and is made again.

The key is made on first use (32 random bytes, readable by the user alone),
only ever at an absolute path: a relative one would be read from the folder
pnp runs in, which is the game's, and a game could ship its key with forged
entries. So a relative XDG_CACHE_HOME is ignored (as the XDG spec says), a
home that is neither an absolute HOME nor the user's entry in the password
database means no kept key, and a key that lies inside a project (a folder
with data/<game>/game.yaml above it) is never read or made. Where none can be kept (those,
a read-only home, a key file someone else can read), each process makes one
of its own: the cache then serves that process alone, and the build says so
once (pnp.pipeline.cache.open_build_cache).
"""
from __future__ import annotations

import errno
import functools
import hashlib
import hmac
import os
import pwd
import stat
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO

KEY_ENV = "PNP_CACHE_KEY"  # names another key file (tests give each case its own user)
KEY_BYTES = 32
MAGIC = b"pnp-seal2"
TAG_BYTES = hashlib.sha256().digest_size
# An entry: MAGIC, its length, the MAC of its length, the MAC of its bytes, then its bytes. The length's own MAC lets a
# reader refuse a file that is not the user's after reading its header, however large the file claims or is.
HEADER = len(MAGIC) + 8 + 2 * TAG_BYTES


@dataclass(frozen=True)
class Key:
    """The secret that seals the cache's entries, and where it is kept (None: made for this process alone, and why)."""

    secret: bytes = field(default=b"", repr=False)
    kept_at: Path | None = None
    unkept: str = ""  # why no key could be kept: the cache then serves one process


def key_file() -> Path | None:
    """Where the user's key is kept: the file PNP_CACHE_KEY names, else pnp/cache-key in the user's cache folder
    (XDG_CACHE_HOME when absolute, else the home's .cache): outside every project, so no game folder can bring its
    own. None when there is no such absolute place."""
    return _key_place(os.environ.get(KEY_ENV), os.environ.get("XDG_CACHE_HOME"), os.environ.get("HOME"))[0]


def current_key() -> Key:
    """The key of the user running this process (read once per process and key file: every entry asks)."""
    path, why = _key_place(os.environ.get(KEY_ENV), os.environ.get("XDG_CACHE_HOME"), os.environ.get("HOME"))
    if path is not None:
        why = _inside_project(path)
    return _key_at(path) if not why else _own_key(why)


def user_folder() -> Path | None:
    """The folder the user's key is kept in, for what pnp keeps of its own files for every project (its code's and
    fonts' digests, its fonts parsed: pnp.core.assets.shipped); None when no key is kept, as then nothing sealed
    outlives the process."""
    return current_key().kept_at.parent if current_key().kept_at is not None else None


@functools.cache
def _key_place(named: str | None, cache_home: str | None, home: str | None) -> tuple[Path | None, str]:
    """(the key's absolute path, "") or (None, why there is none)."""
    if named:
        path = Path(named).expanduser()
        if not path.is_absolute():
            return None, f"{KEY_ENV} names a relative path ({named!r}), which would be read from the folder pnp runs in: name an absolute one"
        return path, ""
    if cache_home and os.path.isabs(cache_home):  # a relative XDG_CACHE_HOME is ignored, as the XDG spec says
        return Path(cache_home) / "pnp" / "cache-key", ""
    base = home if home and os.path.isabs(home) else _home_of_user()
    if base is None:
        return None, "no absolute home folder: HOME is unset or relative and this user has none in the password database; set HOME"
    return Path(base) / ".cache" / "pnp" / "cache-key", ""


def _home_of_user() -> str | None:
    """The home the password database gives this user, when it gives an absolute one."""
    try:
        home = pwd.getpwuid(os.getuid()).pw_dir
    except (KeyError, OSError):
        return None
    return home if os.path.isabs(home) else None


@functools.cache
def _inside_project(path: Path) -> str:
    """Why the key at `path` is refused: it lies inside a project (a game could ship it there); else "". Every folder
    above its real path is looked at, so no project can hold it, whichever the command opens."""
    real = Path(os.path.realpath(path))
    for folder in real.parents:
        if _holds_games(folder):
            return f"{path} lies inside the project {folder}, where a game could bring its own: keep it outside every project"
    return ""


def _holds_games(folder: Path) -> bool:
    """Whether `folder` is a project with a game in it (data/<game>/game.yaml, as pnp.data.project reads one)."""
    try:
        return any(os.path.lexists(os.path.join(folder, "data", name, "game.yaml")) for name in os.listdir(folder / "data"))
    except OSError:
        return False


@functools.cache
def _own_key(why: str) -> Key:
    """A key for this process alone (the same for every entry it seals), when none can be kept, and why."""
    return Key(os.urandom(KEY_BYTES), None, why)


@functools.cache
def _key_at(path: Path) -> Key:
    try:
        return Key(_kept_secret(path), path)
    except (OSError, ValueError) as exc:
        return Key(os.urandom(KEY_BYTES), None, f"{path}: {exc.strerror if isinstance(exc, OSError) and exc.strerror else exc}")


def _kept_secret(path: Path) -> bytes:
    """The secret in `path`, made first when there is none; raises when it cannot be made or is not the user's alone."""
    try:
        return _read_secret(path)
    except FileNotFoundError:
        pass
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    made = path.with_name(f".{path.name}.{os.getpid()}.{os.urandom(4).hex()}")
    fd = os.open(made, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(os.urandom(KEY_BYTES))
            f.flush()
            os.fsync(f.fileno())
        with suppress(FileExistsError):  # made by another process meanwhile: its key is the one
            os.link(made, path)  # whole or not at all
    finally:
        os.unlink(made)
    return _read_secret(path)


def _read_secret(path: Path) -> bytes:
    """The key in `path`, refused when it is a link, is not the user's own file or another user may read it."""
    fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    with os.fdopen(fd, "rb") as f:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_uid != os.geteuid():
            raise ValueError("not a file of this user's")
        if st.st_mode & 0o077:
            raise ValueError("others may read it: make it readable by you alone (chmod 600)")
        secret = f.read(KEY_BYTES + 1)
    if len(secret) != KEY_BYTES:
        raise ValueError(f"holds {st.st_size} bytes, not {KEY_BYTES}: remove it, and pnp makes a new one")
    return secret


def seal(data: bytes) -> bytes:
    """`data` as a sealed entry (the layout is above HEADER)."""
    return _header(len(data), _mac(data)) + data


def cut_short(path: Path | str) -> bool:
    """Whether the entry at `path` is one this user's key sealed (or began to: a header cut inside) whose bytes are not
    what its header says: a build stopped while writing it, or a disk that filled; not another user's or machine's."""
    with open_own(path) as f:
        header = f.read(HEADER)
        if len(header) < HEADER:
            return header[:len(MAGIC)] == MAGIC[:len(header)]
        return _checked_size(header) is not None


def unseal(blob: bytes) -> bytes | None:
    """The bytes `seal` sealed into `blob`, or None when `blob` is not an entry this user's key sealed (another
    user's, another machine's, changed since, or no entry at all): the caller must then take the entry as absent."""
    return _opened(blob[:HEADER], memoryview(blob)[HEADER:])


def _opened(header: bytes, body) -> bytes | None:
    """`body` as bytes when `header` is the user's seal on exactly these bytes, else None."""
    size = _checked_size(header)
    if size is None or len(body) != size or not hmac.compare_digest(_mac(body), header[HEADER - TAG_BYTES:]):
        return None
    return body if isinstance(body, bytes) else bytes(body)


def _mac(data, what: bytes = b"data") -> bytes:
    mac = hmac.new(current_key().secret, what + b"\0", hashlib.sha256)
    mac.update(data)
    return mac.digest()


def _header(size: int, data_mac: bytes) -> bytes:
    length = size.to_bytes(8, "big")
    return MAGIC + length + _mac(length, b"length") + data_mac


def _checked_size(header: bytes) -> int | None:
    """The length of the entry whose header is `header`, when the user's key sealed that length; else None."""
    if len(header) != HEADER or not header.startswith(MAGIC):
        return None
    length = header[len(MAGIC):len(MAGIC) + 8]
    if not hmac.compare_digest(_mac(length, b"length"), header[len(MAGIC) + 8:len(MAGIC) + 8 + TAG_BYTES]):
        return None
    return int.from_bytes(length, "big")


class _Sealing:
    """A file to write an entry's bytes to, counting them and working out their MAC as they go (`sealing`)."""

    def __init__(self, f: BinaryIO):
        self.f = f
        self.size = 0
        self.mac = hmac.new(current_key().secret, b"data\0", hashlib.sha256)

    def write(self, data) -> int:
        self.mac.update(data)
        self.size += len(memoryview(data).cast("B"))
        return self.f.write(data)


def sealing(write: Callable[[BinaryIO], object]) -> Callable[[BinaryIO], None]:
    """A writer for pnp.core.files.write_atomic_with that seals what `write` writes, as `seal` would, without holding
    it whole (a large deck's face store is streamed to disk): the header is written last, in its place."""

    def sealed(f: BinaryIO) -> None:
        start = f.tell()
        f.write(bytes(HEADER))
        into = _Sealing(f)
        write(into)
        end = f.tell()
        f.seek(start)
        f.write(_header(into.size, into.mac.digest()))
        f.seek(end)

    return sealed


def open_own(path: Path | str) -> BinaryIO:
    """A file pnp keeps for itself in its build cache (an entry, the stamps record), opened to read; OSError when a link
    stands at its name or on the way to it below its real folder, or when it is a pipe, a device or a folder.

    The cache's folders are named from real paths, so a link there can only
    be one a game shipped, to have pnp read a file of the user's; a pipe would
    hold the read forever (opened without waiting, and looked at before any
    byte is read)."""
    folder = os.path.dirname(os.path.abspath(path))
    if os.path.realpath(folder) != folder:
        raise OSError(errno.ELOOP, "lies in a linked folder: not read", os.fspath(path))
    fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise OSError(errno.EINVAL, "not a plain file: not read", os.fspath(path))
    os.set_blocking(fd, True)
    return os.fdopen(fd, "rb")


def read_sealed(path: Path | str) -> bytes | None:
    """The bytes of the sealed entry at `path`, or None when the entry is not this user's (see `unseal`); raises
    OSError when it cannot be read. A link, a pipe or a device put at an entry's name is refused before anything is
    read from it (a pipe would hold the build forever), and a file whose header is not the user's after its header.
    So is an entry in a linked folder (a game shipping `.pnp-cache/parsed` linked to a folder of the user's): the
    cache's folders are named from real paths, so a link on the way can only be one a game put there."""
    with open_own(path) as f:
        header = f.read(HEADER)
        size = _checked_size(header)
        return None if size is None else _opened(header, f.read(size + 1))
