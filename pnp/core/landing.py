"""Several of a user's files written all or none, across a kill, a full disk or a refused write.

`pnp translate import` changes up to one file per deck, the game's, the rulebook's
translation: each written atomically alone, a kill between two of them left the
first holding the sheet's translations and the others not. A landing writes a set
so that every file ends all new or all old:

1. a record (`.pnp-landing.json` in the folder that holds the files, the project's
   data/) names each file, its staged copy and a link to its old bytes, and says
   `staging`;
2. each file's new bytes are written beside it under a hidden name and flushed to
   the disk, and its old bytes kept by a second name (a hard link: no copy);
3. the record says `landing`: from here the set is to be finished;
4. each staged file is renamed over its file; the record and the old links go.

A failure in 1–2 (a full disk, a read-only file) removes what was staged: nothing
changed. A failure in 4 puts the old files back. A kill anywhere leaves the record,
and the next command that opens the project (`resume`) rolls a `staging` set back or
finishes a `landing` one (or, when a staged copy is gone and its file old, puts every
file back), and says which. A file changed by hand since is left as it is, and named.
"""
from __future__ import annotations

import errno
import hashlib
import json
import os
import re
import secrets
import stat
import time
from contextlib import suppress
from dataclasses import asdict, dataclass
from pathlib import Path, PurePosixPath

from pnp.core.errors import printable
from pnp.core.files import LinkedFolder, folder_to_write, inside, write_atomic
from pnp.core.temporaries import stale_temporary

RECORD = ".pnp-landing.json"
STALE_S = 3600  # a record whose writer still seems alive after an hour is left by a process id used again


class LandingFailed(OSError):
    """A set that could not be written, none of it written: the file that failed and what to do, in `advice`."""

    def __init__(self, cause: OSError, target: Path, count: int, settled: bool = True):
        super().__init__(cause.errno, cause.strerror or str(cause), os.fspath(target))
        self.count, self.settled = count, settled

    @property
    def advice(self) -> str:
        """What happened to the set and what to do, in one clause."""
        what = _ADVICE.get(self.errno, "check the file and its folder")
        if self.settled:
            return f"{(self.strerror or '').lower() or 'cannot write it'}: {what}; none of the {self.count} files was changed"
        return (f"{(self.strerror or '').lower() or 'cannot write it'}: {what}; some of the {self.count} files are written and could not "
                "be put back: the next pnp command finishes writing them")


_ADVICE = {
    errno.ENOSPC: "the disk is full: free some space",
    errno.EDQUOT: "your disk quota is used up: free some space",
    errno.EROFS: "the disk is read-only",
    errno.EACCES: "you may not write it: make the file and its folder writable",
    errno.EPERM: "you may not write it: make the file and its folder writable",
    errno.EBUSY: "let it end, then run this one again",
}


@dataclass
class _Entry:
    """One file of a set, its names relative to the record's folder."""

    target: str
    staged: str
    kept: str | None  # a second name of the old file, or None when the file is new
    old: str | None  # the old bytes' sha256, or None when the file is new
    new: str


def land(folder: Path, files: list[tuple[Path, bytes]], command: str) -> None:
    """Write each (path, bytes) of `files`, every one or none (LandingFailed, with nothing changed). `folder` holds them
    all and keeps the record; `command` is how the record names what wrote it (`pnp translate import de.csv`)."""
    record = folder / RECORD
    files = sorted(files)  # in the order of their paths: the same set lands the same way, whatever order it was made in
    if record.exists():  # a command still running: resume() leaves its set to it
        raise LandingFailed(OSError(errno.EBUSY, "Another pnp command is changing this project's files"), files[0][0], len(files))
    entries = [_entry(folder, path, data) for path, data in files]
    for (path, _), entry in zip(files, entries, strict=True):
        _writable(path, entry, len(files))
    at = files[0][0]  # where a failure is said: the file being staged, else the first (the record is pnp's, not the user's)
    try:
        _write_record(record, command, "staging", entries)
        for (path, data), entry in zip(files, entries, strict=True):
            at = path
            _stage(folder, path, data, entry)
        at = files[0][0]
        _write_record(record, command, "landing", entries)
    except BaseException as exc:
        _discard(folder, entries)
        with suppress(OSError):
            os.unlink(record)
        if isinstance(exc, OSError):
            raise LandingFailed(exc, at, len(files)) from exc
        raise
    _rename_all(folder, record, entries)


def _entry(folder: Path, path: Path, data: bytes) -> _Entry:
    token = secrets.token_hex(4)
    rel = path.relative_to(folder).as_posix()
    hidden = (path.parent / f".{path.name}.{token}").relative_to(folder).as_posix()
    old = _digest(path)
    return _Entry(rel, f"{hidden}.new", f"{hidden}.old" if old is not None else None, old, hashlib.sha256(data).hexdigest())


def _writable(path: Path, entry: _Entry, count: int) -> None:
    """Refuse a file its owner made read-only before anything is staged: a rename would replace it regardless (and
    root may write anything), but a read-only file says its owner wants it kept."""
    if entry.old is not None and not os.stat(path).st_mode & 0o222:
        raise LandingFailed(OSError(errno.EACCES, "The file is read-only"), path, count)


def _stage(folder: Path, path: Path, data: bytes, entry: _Entry) -> None:
    """The new bytes written and flushed beside the file, the old file's second name made."""
    folder_to_write(path.parent, make=False)
    mode = os.stat(path).st_mode & 0o7777 if entry.old is not None else 0o666
    fd = os.open(folder / entry.staged, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), mode)
    with os.fdopen(fd, "wb") as f:
        if entry.old is not None:
            os.fchmod(f.fileno(), mode)  # the file keeps its permissions (the umask took some off)
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    if entry.kept is not None:
        os.link(path, folder / entry.kept, follow_symlinks=False)


def _rename_all(folder: Path, record: Path, entries: list[_Entry]) -> None:
    """Rename each staged file over its target; on a failure put back the old files (the record stays when that fails
    too, for the next command to finish)."""
    done, settled = 0, False
    try:
        for entry in entries:
            os.replace(folder / entry.staged, folder / entry.target)
            done += 1
    except BaseException as exc:
        with suppress(OSError):
            _put_back(folder, entries[:done])
            _discard(folder, entries)
            os.unlink(record)
            settled = True
        if isinstance(exc, OSError):
            raise LandingFailed(exc, folder / entries[done].target, len(entries), settled) from exc
        raise
    _discard(folder, entries)
    os.unlink(record)


def _put_back(folder: Path, entries: list[_Entry]) -> None:
    """Each entry's old file back in its place (a new file removed), where it holds the set's new bytes."""
    for entry in entries:
        if _digest(folder / entry.target) != entry.new:
            continue
        if entry.kept is not None:
            os.replace(folder / entry.kept, folder / entry.target)
        else:
            os.unlink(folder / entry.target)


def _discard(folder: Path, entries: list[_Entry]) -> None:
    for entry in entries:
        for name in (entry.staged, entry.kept):
            if name is not None:
                with suppress(OSError):
                    os.unlink(folder / name)


def _digest(path: Path) -> str | None:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except FileNotFoundError:
        return None


def _write_record(record: Path, command: str, state: str, entries: list[_Entry]) -> None:
    body = {"command": command, "pid": os.getpid(), "state": state, "files": [asdict(e) for e in entries]}
    write_atomic(record, json.dumps(body, indent=1).encode("utf-8"))


def resume(folder: Path) -> str | None:
    """Finish or roll back the set a killed command left in `folder` (see the module's docstring); what was done, in a
    sentence naming the command and its files, or None when there was none (or its command is still running)."""
    record = folder / RECORD
    try:
        folder_to_write(folder, make=False)  # a data/ linked elsewhere is refused by the command; nothing is read through it
        _sweep_records(folder)
        found = _read_record(folder, record)
    except (FileNotFoundError, LinkedFolder):
        return None
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        try:
            os.unlink(record)  # a damaged or planted record: no set of pnp's is described by it, and it would stop every import
        except OSError:
            return f"{folder.name}/{RECORD} is no record of files pnp was writing: remove it (pnp changed no file)"
        return f"{folder.name}/{RECORD} was no record of files pnp was writing: it is removed, and no other file changed"
    command, state, pid, entries = found
    if pid != os.getpid() and _alive(pid) and time.time() - record.stat().st_mtime < STALE_S:
        return None
    try:
        said = _settle(folder, command, state, entries)
        os.unlink(record)
    except OSError as exc:
        return f"`{command}` was stopped part way, and its files cannot be settled now ({exc.strerror}): the next pnp command tries again"
    return said


def _read_record(folder: Path, record: Path) -> tuple[str, str, int, list[_Entry]]:
    """(command, state, process id, entries) of the record, once it is a plain file naming files of `folder` alone."""
    if not stat.S_ISREG(os.lstat(record).st_mode):
        raise ValueError("not a file")
    body = json.loads(record.read_bytes())
    entries = [_Entry(**e) for e in body["files"]]
    _check_names(folder, entries)
    return printable(str(body["command"]))[:200], str(body["state"]), int(body["pid"]), entries


def _settle(folder: Path, command: str, state: str, entries: list[_Entry]) -> str:
    """Finish a set whose every new file is there to rename (or renamed), else put back every old file; what was done.
    A file changed by hand since the command stopped is neither: it is left as it is, and named."""
    shown = {id(e): f"{folder.name}/{e.target}" for e in entries}
    changed = [e for e in entries if _digest(folder / e.target) not in (e.old, e.new)]
    kept = [e for e in entries if e not in changed]
    waiting = [e for e in kept if os.path.exists(folder / e.staged)]  # staged, not renamed yet
    if state == "landing" and all(e in waiting or _digest(folder / e.target) == e.new for e in kept):
        written = sum(1 for e in entries if not os.path.exists(folder / e.staged))
        for e in waiting:
            os.replace(folder / e.staged, folder / e.target)
        said = (f"`{command}` was stopped after writing {written} of its {len(entries)} files; the other {len(waiting)} are written "
                "now, so all of them hold its changes")
    else:
        _put_back(folder, kept)
        said = f"`{command}` was stopped before it had written all of its {len(entries)} files; every one is as it was before it: run it again"
    _discard(folder, entries)
    if changed:
        said += f" (but {_listed([shown[id(e)] for e in changed])} changed since the command stopped, and pnp left it as it is)"
    return f"{said}: {_listed(list(shown.values()))}"


def _check_names(folder: Path, entries: list[_Entry]) -> None:
    """Refuse (ValueError) a record naming a file outside `folder`, or a staged or kept name that is not the hidden
    name `land` gives beside its file: a game could ship a record to have the next command rename files elsewhere."""
    for e in entries:
        target = PurePosixPath(e.target)
        inside(folder / target, folder)  # neither '..', an absolute path nor a link on the way leads out (LeavesFolder is a ValueError)
        for name, end in ((e.staged, ".new"), (e.kept, ".old")):
            if name is None and end == ".old":
                continue
            hidden = re.fullmatch(rf"\.{re.escape(target.name)}\.[0-9a-f]{{8}}{re.escape(end)}", PurePosixPath(str(name)).name)
            if not hidden or PurePosixPath(str(name)).parent != target.parent:
                raise ValueError(f"{name} is not {e.target}'s")


def _sweep_records(folder: Path) -> None:
    """A record's own temporary a kill left while it was written (nothing had been staged yet: nothing else to undo)."""
    now = time.time()
    for tmp in folder.glob(f".{RECORD}.*.tmp"):
        with suppress(OSError):
            if stale_temporary(tmp.name, now - tmp.lstat().st_mtime):
                tmp.unlink()


def _listed(names: list[str]) -> str:
    return ", ".join(names[:3]) + (f" and {len(names) - 3} more" if len(names) > 3 else "")


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True
