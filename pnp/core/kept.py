"""Work kept across runs in the build cache: what a parser made of a file's bytes, and answers to pure questions.

Every fresh process of a build reads the fonts and SVG icons its faces use
again: reportlab parses a TrueType file in Python and svglib an icon, after a
long import. Unpickling what they made takes a fraction of that, and no
svglib (docs/performance.md). An entry is keyed by the digest of the bytes
parsed, what else the caller says shaped the result, and the parser's
version, so a changed file or an upgraded library is parsed afresh; a
damaged or unreadable entry costs one parse, never the build.

The folder is the build cache's, inside the output folder, where a game
downloaded with its output folder brings whatever its author put there: an
entry is unpickled only when this user's key sealed it (pnp.core.sealed).
"""
from __future__ import annotations

import hashlib
import json
import pickle
import sys
import time
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path
from typing import TypeVar

from pnp.core.files import folder_to_write, write_atomic
from pnp.core.sealed import read_sealed, seal

T = TypeVar("T")
FORMAT = 1  # raised when what pnp stores in an entry changes
MAX_AGE_DAYS = 30  # an entry written longer ago is removed, and made again by the next build that needs it


class KeptParses:
    """A folder of parsed files; with no folder (the default, or a build that keeps no cache) every `get` parses."""

    def __init__(self, folder: Path | None = None):
        self.folder = folder

    def get(self, kind: str, key: str, parse: Callable[[], T], version: str) -> T:
        """What `parse` makes of the file whose bytes and parameters `key` names, from the folder when an earlier run kept
        it under the same `version` of the parser; else parsed now, and kept when it is not None."""
        if self.folder is None:
            return parse()
        entry = self.folder / f"{kind}-{self._digest(kind, key, version)}.pickle"
        with suppress(Exception):  # missing, damaged, not sealed by this user or written by another pickle: parse again
            data = read_sealed(entry)
            if data is not None:  # never unpickled unless this user's key sealed it (pnp.core.sealed)
                return pickle.loads(data)
        value = parse()
        if value is not None:
            self._keep(entry, value)
        return value

    def for_file(self, path: Path | str) -> KeptParses:
        """Where to keep what is parsed from `path`: what is parsed from pnp's own files (the fonts it ships) in the
        user's cache folder, for every project, as they are the same for all (a project's first build parsed them:
        docs/architecture.md, what a card costs); any other file's here. With no folder, nothing is kept anywhere."""
        from pnp.core.assets import shipped

        if self.folder is None or not shipped(path):
            return self
        folder = shipped_parses()
        return KeptParses(folder) if folder is not None else self

    @staticmethod
    def _digest(kind: str, key: str, version: str) -> str:
        return hashlib.sha256(f"{FORMAT}|{sys.version_info[:2]}|{kind}|{version}|{key}".encode()).hexdigest()

    @staticmethod
    def _keep(entry: Path, value) -> None:
        """Write the entry atomically (two workers keeping the same file never mix bytes); a read-only cache, or a value
        pickle refuses, costs a parse next time too."""
        with suppress(OSError, pickle.PicklingError, TypeError, AttributeError):
            write_atomic(entry, seal(pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)), durable=False)  # a lost entry costs a parse


def shipped_parses() -> Path | None:
    """Where what is parsed from pnp's own files is kept (`KeptParses.for_file`): in the user's cache folder, beside
    the key that seals it; None when no key is kept."""
    from pnp.core.sealed import user_folder

    folder = user_folder()
    return folder / "parsed" if folder is not None else None


def prune(folder: Path, now: float | None = None, entries: str = "*.pickle", spare: Path | None = None) -> int:
    """Remove the `entries` (a name pattern) written more than MAX_AGE_DAYS ago from `folder`, but `spare`, at most once
    a day; how many were removed.

    Every version of a font or icon a designer tries gets entries (a font's
    are megabytes), and every copy of pnp ever run its own digests of its files
    in the user's folder; nothing else ever removes them. An entry still in use
    is made again by the next build that needs it, at the cost of one parse a
    month. A marker file's time (one a pattern) says when the folder was last
    pruned, so most builds pay one stat rather than one per entry."""
    now = time.time() if now is None else now
    marker = folder / (".pruned" if entries == "*.pickle" else f".pruned-{entries.split('-')[0].strip('*.')}")
    try:
        folder_to_write(folder, make=False)
    except OSError:  # a linked cache folder: nothing of it is removed
        return 0
    with suppress(OSError):
        if marker.stat().st_mtime > now - 86_400:
            return 0
    limit = now - MAX_AGE_DAYS * 86_400
    removed = 0
    for entry in folder.glob(entries) if folder.is_dir() else ():
        with suppress(OSError):  # gone already: another build pruned it
            if entry != spare and entry.stat().st_mtime < limit:
                entry.unlink()
                removed += 1
    with suppress(OSError):
        write_atomic(marker, b"", durable=False)  # a new file, never through a link planted under the name
    return removed


class KeptResults:
    """Results of pure work (a face's judgement, a game's findings) kept in the build cache under a digest of everything
    they depend on, for any command in any process, as Jinja keeps compiled code under its source's checksum.

    The caller's key names every input of the work (data values, template
    source, fonts, images, options, pnp's own code), so no entry is ever
    invalidated: an edit makes new keys, and an entry nobody asks for again
    ages out. Values are JSON. Each process writes what
    it worked out as one sealed file named by its content (processes writing
    at once never touch the same file); a process reads a folder's files
    once, the first time it asks; the files are merged into one when they
    pile up, keeping the newest MAX_ENTRIES entries. With no folder every
    `get` works."""

    MAX_FILES = 16
    MAX_ENTRIES = 200_000

    def __init__(self, folder: Path | None = None):
        self.folder = folder
        self._known: dict[str, object] | None = None
        self._new: dict[str, object] = {}  # worked out since the last save
        self._read: list[Path] = []

    def get(self, kind: str, key: str, work: Callable[[], T], keep: Callable[[T], bool] = lambda value: True) -> T:
        """The result kept for `key` among results of `kind`, else `work()`, kept when `keep(result)` says so."""
        known = self.lookup(kind, key)
        if known is not None:
            return known
        value = work()
        if keep(value):
            self.put(kind, key, value)
        return value

    def lookup(self, kind: str, key: str):
        """The result kept for `key` among results of `kind`, or None."""
        return self._entries().get(f"{kind}:{key}") if self.folder is not None else None

    def put(self, kind: str, key: str, value) -> None:
        """Keep `value` (JSON, never None) as the result of `kind` for `key`, in place of any kept before."""
        if self.folder is not None:
            name = f"{kind}:{key}"
            known = self._entries()
            known.pop(name, None)
            known[name] = self._new[name] = value

    def _entries(self) -> dict[str, object]:
        if self._known is None:
            self._known = {}
            files = sorted(self.folder.glob("*.json"), key=_written) if self.folder.is_dir() else []
            for file in files:  # oldest first: a newer file's entry stands (they agree, being made from the same inputs)
                with suppress(OSError, ValueError, AttributeError):  # removed by a process merging them, or damaged: worked out again
                    for name, value in json.loads(read_sealed(file) or b"{}").items():
                        self._known.pop(name, None)  # to the end: the order is the entries' age
                        self._known[name] = value
                    self._read.append(file)
        return self._known

    def save(self) -> None:
        """Write the results worked out since the last save, as a file of their own; merge the folder's files into one when
        there are more than MAX_FILES. A folder that cannot be written keeps nothing."""
        if not self._new or self.folder is None:
            return
        with suppress(OSError):
            self._read.append(_write_entries(self.folder, self._new))
            self._new = {}
            if len(list(self.folder.glob("*.json"))) > self.MAX_FILES:
                newest = dict(list(self._entries().items())[-self.MAX_ENTRIES:])  # the newest files' entries were read last
                merged = _write_entries(self.folder, newest)
                for old in self._read:
                    if old != merged:
                        with suppress(OSError):
                            old.unlink()
                self._read = [merged]


def _written(file: Path) -> float:
    try:
        return file.stat().st_mtime
    except OSError:
        return 0.0


def _write_entries(folder: Path, entries: dict) -> Path:
    """Write `entries` as a sealed JSON file named by its content (no other user's file takes its name); its path."""
    data = seal(json.dumps(entries, separators=(",", ":"), ensure_ascii=False).encode("utf-8"))
    file = folder / f"{hashlib.sha256(data).hexdigest()[:32]}.json"
    if not file.exists():
        write_atomic(file, data, durable=False)  # a file a crash cut short is not read: its results are worked out again
    return file
