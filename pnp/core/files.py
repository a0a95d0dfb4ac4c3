"""Files in and out: the one path rule for what pnp reads and writes, outputs written atomically, the files a render
opens, and what is known of files by their status.

Every output is rendered to memory, written to a temporary file beside its
target and renamed into place, so a failed build never leaves a half-written
or empty file where the last good one was. Files read are hashed once per
change, not once per rebuild, in a process that stays up.
"""
from __future__ import annotations

import hashlib
import json
import os
import stat
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import BinaryIO

from pnp.core.sealed import read_sealed, seal
from pnp.core.temporaries import sweep_once


class Refused(ValueError):
    """A path pnp will not read from or write into, with the one sentence that says why and what to do."""

    code = "path-refused"

    def __init__(self, path: Path | str, message: str):
        self.path = Path(path)
        super().__init__(message)

    def advice(self, shown: str, where: str) -> str:
        """The one sentence every refusal gives: what `shown` (the name as the user wrote it) is, and what to do."""
        return f"'{shown}' {self.reason(where)}"

    def reason(self, where: str) -> str:
        """Why the path is refused and what to do, to follow its name (`where`: the folder it must stay in)."""
        raise NotImplementedError


class LeavesFolder(Refused):
    """A file or folder whose real path (every link followed) is not inside the folder it must stay in."""

    code = "path-outside"

    def __init__(self, path: Path | str, folder: Path | str):
        self.folder = Path(folder)
        super().__init__(path, f"{path} leads outside {folder}")

    def reason(self, where: str) -> str:
        """It climbs out of `where`, or a link leads out."""
        written = os.path.normpath(os.path.abspath(self.path))
        if not Path(written).is_relative_to(os.path.normpath(os.path.abspath(self.folder))):  # '..' climbs out: no link
            return f"is outside {where}: copy the file into {where}"
        return f"is a link (or lies in a linked folder) whose real file is outside {where}: copy the file itself into {where}"


class SpecialFile(Refused):
    """A named pipe, device or socket where a file should be: reading one would wait forever (a pipe no one writes
    to) or read a machine's device, so it is refused by its kind before it is opened."""

    code = "file-special"

    def __init__(self, path: Path | str, kind: str):
        self.kind = kind
        super().__init__(path, f"{path} is {kind}, not a file")

    def reason(self, where: str) -> str:
        return f"is {self.kind}, not a file: pnp reads only plain files; put the file itself in its place"


class LinkedFolder(OSError):
    """A folder pnp would write into that is a link, or lies in a linked folder: a game could ship such a link to
    send what pnp writes (outputs, snapshots, caches) over a user's own files elsewhere.

    An OSError, as a folder pnp cannot write into is: a cache write skips it
    (a cache not kept costs work, nothing more), and a command says it in one
    line naming the folder (pnp.cli.faults)."""

    code = "path-linked"

    def __init__(self, path: Path | str):
        super().__init__(0, "is a link, or lies in a linked folder", os.fspath(path))
        self.path = Path(path)

    def advice(self, shown: str, where: str = "") -> str:
        return f"'{shown}' {self.reason()}"

    def reason(self, where: str = "") -> str:
        return ("is a link (or lies in a linked folder): pnp writes only into real folders, never through a link; "
                "replace the link with a folder, or name the folder to write into (--out)")


_KINDS = ((stat.S_ISFIFO, "a named pipe"), (stat.S_ISSOCK, "a socket"), (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"))


def special_kind(mode: int) -> str | None:
    """What a file of status `mode` is when it is not a plain file or a folder ('a named pipe', …), else None."""
    return next((kind for test, kind in _KINDS if test(mode)), None)


def inside(path: Path | str, *folders: Path | str) -> Path:
    """The real path of `path` (every link followed), when it lies inside the real path of each of `folders` and is a
    plain file or a folder (or nothing yet).

    The one rule for every file pnp reads from a game: a downloaded game is
    untrusted, and a link in it (a deck linked to /etc/shadow, a linked decks/
    or art/ folder, an icon, a font) must not let a build read, print or hash
    a file from elsewhere. Every reader asks here before it opens anything;
    raises LeavesFolder otherwise. Checking against the project's folder and
    the folder named for the kind of file (templates/, fonts/, the game's)
    refuses a linked folder as well as a linked file. A named pipe, device or
    socket is refused by its kind (SpecialFile): opening one would hang the
    build or read a device."""
    real = os.path.realpath(path)
    for folder in folders:
        root = os.path.realpath(folder)
        if real != root and not real.startswith(root.rstrip(os.sep) + os.sep):  # real paths: no '..' left to climb
            raise LeavesFolder(path, folder)
    try:
        kind = special_kind(os.stat(real).st_mode)
    except OSError:
        kind = None  # missing or unreadable: its reader says so
    if kind is not None:
        raise SpecialFile(path, kind)
    return Path(real)


def ignored_name(name: str) -> bool:
    """Whether a file or folder named `name` in a game's folders is ignored: hidden and editor files, never game files.

    The one rule (docs/data-format.md): a name starting with '.' (.DS_Store,
    macOS's ._deck.yaml, emacs's .#deck.yaml lock, vim's .deck.yaml.swp) or
    '~' (Office's ~$book.xlsx lock), ending with '~' (a backup, deck.yaml~), or
    between '#'s (an emacs autosave, #deck.yaml#). An editor makes these
    beside the file being edited, and they come and go with no meaning."""
    return name.startswith((".", "~")) or name.endswith("~") or (len(name) > 1 and name.startswith("#") and name.endswith("#"))


def game_files(folder: Path, pattern: str = "*") -> list[Path]:
    """The entries of `folder` matching `pattern` (in name order) but those `ignored_name` leaves out; none when it is
    missing. Every listing of a game's folders (decks/, icons, templates, text files) goes through here."""
    if not os.path.isdir(folder):
        return []
    return sorted(p for p in folder.glob(pattern) if not ignored_name(p.name))


def stays_inside(path: Path | str, *folders: Path | str) -> bool:
    """Whether `inside(path, *folders)` accepts `path` (for listings that skip, rather than refuse, what leaves)."""
    try:
        inside(path, *folders)
    except (Refused, OSError, RuntimeError):
        return False
    return True


def write_atomic(target: Path, data: bytes, durable: bool = True) -> None:
    """Write `data` to `target` through a temporary file and a rename (see `write_atomic_with`)."""
    write_atomic_with(target, lambda f: f.write(data), durable)


def write_atomic_with(target: Path, write: Callable[[BinaryIO], object], durable: bool = True) -> None:
    """Let `write` fill a temporary file beside `target`, then rename it into place: what is large (the face store
    of a 10,000-card deck) is streamed to disk rather than held whole in memory first.

    Every file pnp writes comes through here (outputs, caches, snapshots, exports, bundles, pnp.yaml): its folder
    is made or checked by `folder_to_write` (never a link), its temporary file is new (`_new_temporary`: never an
    existing name, never through a link planted under it), and the rename replaces whatever stood at `target`, a
    link included, without following it. `durable` waits for the bytes to reach the disk before the rename, so a
    crash leaves the old file or the whole new one. A cache entry that a crash may cut short and whose reader
    starts over when it cannot read one (pnp.core.kept) skips the wait: a build writes hundreds, and each wait
    costs a millisecond or more."""
    fd, tmp = _new_temporary(target)
    try:
        with os.fdopen(fd, "wb") as f:
            write(f)
            f.flush()
            if durable:
                os.fsync(f.fileno())
        os.replace(tmp, target)
    except OSError as exc:
        with suppress(OSError):
            os.unlink(tmp)
        if exc.filename is None:  # a write or fsync names no file: say which output could not be written
            raise OSError(exc.errno, exc.strerror or str(exc), os.fspath(target)) from exc
        raise
    except BaseException:
        with suppress(OSError):
            os.unlink(tmp)
        raise


MAX_NAME_BYTES = 200  # file systems allow 255 bytes a name: the rest is room for a temporary's ".<pid>-<random>.tmp"


def file_name(stem: str, suffix: str = "") -> str:
    """`stem + suffix` as a file name: as it is while it fits in MAX_NAME_BYTES of UTF-8, else the start of `stem`
    (as much as fits), a dash, 12 hex digits of its sha256, and `suffix`.

    Names made from a game's values (a deck's file name, a token set's id)
    can be as long as the designer likes; a file name cannot, and a name the
    file system refuses would stop the command. Long names stay readable by
    their start and distinct by their digest, and the same value always gives
    the same name."""
    if len((stem + suffix).encode("utf-8")) <= MAX_NAME_BYTES:
        return stem + suffix
    digest = hashlib.sha256(stem.encode("utf-8")).hexdigest()[:12]
    room = MAX_NAME_BYTES - len(suffix.encode("utf-8")) - len(digest) - 1
    return f"{stem.encode('utf-8')[:max(room, 0)].decode('utf-8', 'ignore')}-{digest}{suffix}"


def new_temporary(target: Path) -> tuple[int, str]:
    """(descriptor, name) of a new temporary beside `target`, as `write_atomic_with` makes one: for a writer that
    renames it into place itself, later (pnp.layout.rl_stream: a PDF written as it is made)."""
    return _new_temporary(target)


def _new_temporary(target: Path) -> tuple[int, str]:
    """(descriptor, name) of a new file beside `target` in its checked folder, named `.<target>.<pid>-<random>.tmp`.

    tempfile.mkstemp opens it O_CREAT | O_EXCL | O_NOFOLLOW under a name no one
    had: a link a game planted under any name is never written through. The
    writer's process id in the name tells `remove_stale_temporaries` whether
    the build writing it is still running."""
    folder = folder_to_write(target.parent)
    sweep_once(folder)
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{file_name(target.name)}.{os.getpid()}-", suffix=".tmp")
    try:
        umask = os.umask(0)
        os.umask(umask)
        os.fchmod(fd, 0o666 & ~umask)  # mkstemp makes 0600; outputs are ordinary files
    except BaseException:
        os.close(fd)
        os.unlink(tmp)
        raise
    return fd, tmp


def folder_to_write(folder: Path, make: bool = True) -> Path:
    """`folder`, made when missing (with `make`), once neither it nor any folder above it is a link.

    Every folder pnp writes into is named from a real path (the project's,
    which pnp resolves, or an `--out` folder the user typed, resolved too), so
    a link anywhere on the way can only be one a game shipped: `output/<game>`
    or `decks/` linked to a user's folder elsewhere. Such a folder is refused
    (LinkedFolder) before anything is made or written in it."""
    folder = Path(os.path.abspath(folder))
    first = folder  # the nearest folder that exists: what is made below it is new, and no link
    while not os.path.lexists(first) and first != first.parent:
        first = first.parent
    if os.path.realpath(first) != os.fspath(first):
        raise LinkedFolder(first)
    if first != folder and make:
        os.makedirs(folder, exist_ok=True)
        if os.path.realpath(folder) != os.fspath(folder):  # a link made meanwhile
            raise LinkedFolder(folder)
    return folder


def remove_file(path: Path) -> bool:
    """Remove `path` (the file or link itself, never what a link points to) from a checked folder; whether one was there."""
    folder_to_write(path.parent)
    try:
        os.unlink(path)
    except FileNotFoundError:
        return False
    return True


@contextmanager
def trial_file(target: Path, data: bytes) -> Iterator[tuple[Path, Callable[[], None]]]:
    """`data` written under `target`'s own name in a new hidden folder beside it, for a reader that goes by the name
    (a spreadsheet by its suffix) to check before it replaces `target`: yields (path, keep), where keep() renames it
    into place. The folder (its name new, made by mkdtemp in a checked folder) and what is left in it go at the end."""
    parent = folder_to_write(target.parent)
    sweep_once(parent)
    trial = Path(tempfile.mkdtemp(dir=parent, prefix=f".{target.name}.{os.getpid()}-", suffix=".tmp"))
    try:
        path = trial / target.name
        write_atomic(path, data)
        yield path, lambda: os.replace(path, target)
    finally:
        with suppress(OSError):
            os.unlink(trial / target.name)
        with suppress(OSError):
            os.rmdir(trial)


def open_plain(path: Path | str) -> BinaryIO:
    """`path` opened to read, once its status says it is a plain file (SpecialFile otherwise, before opening it).

    Opened without waiting (O_NONBLOCK: a pipe put in the file's place between
    the look and the open cannot hang the read) and looked at again through
    the open file."""
    kind = special_kind(os.stat(path).st_mode)
    if kind is not None:
        raise SpecialFile(path, kind)
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    try:
        kind = special_kind(os.fstat(fd).st_mode)
        if kind is not None:
            raise SpecialFile(path, kind)
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


CACHE_WRITE_TRIES = 5  # a cache folder removed again between making it and writing in it, this many times in a row, is an error


def write_cache(write: Callable[[], object]) -> None:
    """Run a cache write (a game cache, a face store) as the build makes it; again if its folder went away meanwhile
    (the build cache deleted during a build): the write makes the folder again, so the cache is rebuilt rather than
    the build failing. Once was not enough: a folder removed over and over (a cleaning script,
    tests/test_cache_removed.py's loop) can go between the folder made and the temporary opened in it twice running,
    and the build then failed on a cache it can do without. Any other fault is the machine's, told as an output's is
    (pnp.cli.faults), `pnp watch` included."""
    for _ in range(CACHE_WRITE_TRIES - 1):
        try:
            write()
            return
        except FileNotFoundError:
            continue
    write()


# A file changed less than this long ago may change again without its times moving (they tick coarsely, two
# seconds on FAT): what is known of it by its times is not trusted until it is older. Git's index has the same rule.
SETTLE_NS = 2_000_000_000


def _stat_key(st: os.stat_result) -> tuple:
    return (st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino, st.st_dev)


def file_status(path: Path | str) -> tuple | None:
    """A file's size, times and inode (None when there is none): a file rewritten in any way has another."""
    try:
        return _stat_key(os.stat(path))
    except OSError:
        return None


def _settled(st: os.stat_result, now_ns: int) -> bool:
    return max(st.st_mtime_ns, st.st_ctime_ns) < now_ns - SETTLE_NS


class KnownByStatus:
    """Facts worked out from a file's bytes (its digest, an image's size), remembered by the file's size, times and
    inode, so a long-lived process (`pnp watch`, `pnp serve`) works out again only what changed.

    A file's status time (ctime) moves on every write and cannot be set back
    by anyone, so a fact is reused only while the file's status is exactly as
    it was when its bytes were read, and only once the file had settled then
    (SETTLE_NS): a write in the same clock tick as the read is caught."""

    def __init__(self):
        self._known: dict[str, tuple[tuple, object]] = {}  # path → (status, fact)

    def get(self, path: Path | str, work_out):
        """`work_out(path)`, or what it gave for the file as it is now (raises OSError when the file is gone)."""
        st = os.stat(path)
        status = _stat_key(st)
        key = os.fspath(path)  # a Path and its text are one file
        hit = self._known.get(key)
        if hit is not None and hit[0] == status:
            return hit[1]
        now = time.time_ns()
        fact = work_out(path)
        if _settled(st, now):
            self._known[key] = (status, fact)
        else:
            self._known.pop(key, None)
        return fact


class FileDigests(KnownByStatus):
    """sha256 of files, read again only when a file changed: where every rebuild of a long-lived process read every
    template, font, icon and output.

    A build reads what an earlier process knew from the build cache
    (`read_kept`) and keeps what it knows there (`save`): a fresh `pnp build`
    hashed every font, icon and template it had hashed the time before;
    git's index does the same. Only digests of absolute paths are kept, each
    with the status its bytes were read at, and only once the file had settled
    then; a status that differs in anything is read again. What the object
    knows are facts about files, true in any process, so one object serves the
    whole process: no call sets where it reads or writes (each names its file).
    The file is sealed (pnp.core.sealed): digests written by someone else would
    let a build take a changed file for the one it built from."""

    def __init__(self):
        super().__init__()
        self._read: set[Path] = set()  # the files read_kept has read
        self._saved: dict[Path, dict] = {}  # file → what it holds, as this process last read or wrote it

    def sha256(self, path: Path | str) -> str:
        return self.get(path, _sha256_of)

    def read_kept(self, file: Path, alone: bool = False) -> None:
        """Know the digests kept in `file` (read once per process); `alone`: `file` holds only some of the digests a
        process knows (`save`'s `only`), so what it holds is what it holds, not all that is known once it is read."""
        if file in self._read:
            return
        self._read.add(file)
        held = {}
        with suppress(OSError, ValueError, TypeError):  # missing, damaged or not this user's: every file is read, as in a new cache
            held = json.loads(read_sealed(file) or b"{}")
            for path, (*status, digest) in held.items():
                self._known.setdefault(path, (tuple(status), digest))
        self._saved[file] = held if alone else self._kept()

    def save(self, file: Path, only: Callable[[str], bool] | None = None) -> None:
        """Write the digests of absolute paths known now (those `only` takes, when given) to `file`, when they differ
        from what it holds."""
        kept = self._kept() if only is None else {path: known for path, known in self._kept().items() if only(path)}
        if kept == self._saved.get(file):
            return
        with suppress(OSError):
            write_atomic(file, seal(json.dumps(kept, separators=(",", ":")).encode()), durable=False)  # lost: files are read again
            self._saved[file] = kept

    def _kept(self) -> dict:
        return {os.fspath(p): [*status, digest] for p, (status, digest) in self._known.items() if os.path.isabs(p)}


def _sha256_of(path: Path | str) -> str:
    """A file's digest, read a piece at a time: a build's own output (a PDF of photographic art, hundreds of megabytes:
    issue 74) is digested after it is written, and was read whole into memory for it."""
    with open_plain(path) as f:
        return hashlib.file_digest(f, "sha256").hexdigest()


DIGESTS = FileDigests()  # one per process: a digest is as good as the file's status it was read with


def read_kept_digests(file: Path) -> None:
    """Know the digests an earlier process kept in `file` (FileDigests.read_kept), and those of pnp's own files kept
    for every project (`save_digests`)."""
    DIGESTS.read_kept(file)
    shipped = shipped_digests()
    if shipped is not None:
        DIGESTS.read_kept(shipped, alone=True)


def save_digests(file: Path) -> None:
    """Keep the digests this process knows in `file`, for the next process; those of pnp's own
    code and fonts also in the user's cache folder, for every project: a project's first build hashed 17 MB of them
    (docs/architecture.md, what a card costs)."""
    from pnp.core.assets import shipped

    def save() -> None:
        DIGESTS.save(file)
        kept = shipped_digests()
        if kept is not None:
            DIGESTS.save(kept, only=shipped)
    write_cache(save)


def shipped_digests() -> Path | None:
    """The file of pnp's own files' digests: one for each copy of pnp (a clone, an install), which names them apart."""
    from pnp.core.assets import copy_name
    from pnp.core.sealed import user_folder

    folder = user_folder()
    return folder / f"shipped-digests-{copy_name()}.json" if folder is not None else None


def file_sha256(path: Path | str) -> str:
    """The sha256 of a file's bytes (read again only when the file changed since this process last read it)."""
    return DIGESTS.sha256(path)


def folder_state(folder: Path) -> tuple | None:
    """The names, sizes, times and inodes of every file under `folder`: equal states mean unchanged contents.

    None when some file changed too recently for its times to tell (SETTLE_NS),
    or when the folder links to another one (its files are not listed here):
    the caller must read the folder then, and keep nothing it read. `pnp watch`
    asks this of the templates folder (180 files in the shipped games) before
    every rebuild: the listing's own entries give each name and status."""
    now = time.time_ns()
    state = []
    try:
        files = files_under(folder)
        for name, entry in files or ():
            st = entry.stat()
            if not _settled(st, now):
                return None
            state.append((name, *_stat_key(st)))
    except OSError:
        return None  # removed while listed (changing now), or unreadable
    return tuple(state) if files is not None else None


def files_under(folder: Path | str) -> list[tuple[str, os.DirEntry]] | None:
    """(name relative to `folder`, entry) of every file under it, in name order; none when it is missing; None when a
    folder under it is a link to another (its files are not listed). Raises OSError when a folder vanishes meanwhile."""
    if not os.path.isdir(folder):
        return []
    found: list = []
    return found if _list_files(os.fspath(folder), "", found) else None


def _list_files(folder: str, prefix: str, found: list) -> bool:
    with os.scandir(folder) as listing:
        entries = sorted(listing, key=lambda entry: entry.name)
    for entry in entries:
        if entry.is_dir(follow_symlinks=False):
            if not _list_files(entry.path, prefix + entry.name + os.sep, found):
                return False
        elif entry.is_dir():
            return False  # a link to a folder
        else:
            found.append((prefix + entry.name, entry))
    return True
