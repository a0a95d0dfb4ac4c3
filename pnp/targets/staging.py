"""Where an export is written: a staging folder that replaces the export's folder whole, and what the export produced."""
from __future__ import annotations

import contextlib
import hashlib
import os
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from pnp.core.files import folder_to_write, write_atomic
from pnp.core.spooled import PdfFile, digest_of
from pnp.core.temporaries import remove_stale_temporaries


@dataclass(frozen=True)
class ExportRequest:
    """What `pnp export` asks of every target (pnp.targets.export.EXPORTERS): the bleed per side in mm, the resolution of
    images, the decks to export (none named: every component) and the address the user will upload the folder to."""

    bleed: float
    dpi: int
    decks: tuple = ()
    base_url: str | None = None
    vendor: str = ""  # `--vendor NAME` (pnp.targets.vendors): the vendor export writes what that print service asks
    stamps: bool = False  # `--stamps` (with --vendor or --format pod): card fronts carry the playtest stamp, which a print run for sale leaves off


@dataclass
class Export:
    """What an export produced: files (relative name → bytes), measurements for people, and what to do next."""

    folder: Path
    files: StagedFolder = field(init=False)  # written as they come; in `folder` once the export has no error
    notes: list = field(default_factory=list)
    seconds: float = 0.0
    next_step: str = ""
    changes: Changes | None = None  # what it changed since the last export of its target (StagedFolder.changes)

    def __post_init__(self):
        self.files = StagedFolder(self.folder)

    @property
    def size(self) -> int:
        return self.files.size



ZIP_SUFFIXES = (".pcio", ".vtt", ".zip")  # exports that are one zip file: `changes` looks inside them


@dataclass(frozen=True)
class Changes:
    """What an export changed since the last export of its target: files (relative names) added, changed and
    removed, and for a changed zip file the Changes of its members."""

    had_export: bool
    added: list
    changed: list
    removed: list
    inside: dict = field(default_factory=dict)

    def summary(self) -> str:
        """One line for people: the counts, then the names (a few of each)."""
        if not self.had_export:
            return "first export of this target"
        if not (self.added or self.changed or self.removed):
            return "nothing changed since the last export"
        parts = []
        for word, names in (("added", self.added), ("changed", self.changed), ("removed", self.removed)):
            if names:
                shown = ", ".join(self._named(n) for n in names[:CHANGES_NAMED])
                more = f" and {len(names) - CHANGES_NAMED} more" if len(names) > CHANGES_NAMED else ""
                parts.append(f"{len(names)} {word} ({shown}{more})")
        return "since the last export: " + "; ".join(parts)

    def _named(self, name: str) -> str:
        inner = self.inside.get(name)
        if inner is None:
            return name
        counts = [f"{len(v)} {w}" for w, v in (("added", inner.added), ("changed", inner.changed), ("removed", inner.removed)) if v]
        return f"{name}: {', '.join(counts) or 'same members'} inside"


CHANGES_NAMED = 6  # names a change line shows of each kind before "and N more"


def _digests_in(folder: Path) -> dict[str, str]:
    """Every plain file under `folder` (relative name → sha256 of its bytes); none when it does not exist or is a link.
    A link is not a last export of pnp's (a user's folder linked at its name, which the export replaces and never
    reads), nor is a link inside one: neither is followed, so nothing outside is read to say what changed."""
    if folder.is_symlink() or not folder.is_dir():
        return {}
    found = {}
    for top, folders, names in os.walk(folder):  # links to folders are listed, never entered
        folders.sort()
        for name in sorted(names):
            path = Path(top, name)
            if not path.is_symlink() and path.is_file():
                found[path.relative_to(folder).as_posix()] = hashlib.sha256(path.read_bytes()).hexdigest()
    return found


def _zip_changes(old: Path, new: Path) -> Changes | None:
    """The members a zip file added, changed and removed; None when either is not a readable zip."""
    import zipfile

    try:
        with zipfile.ZipFile(old) as a, zipfile.ZipFile(new) as b:
            before = {i.filename: i.CRC for i in a.infolist() if not i.is_dir()}
            after = {i.filename: i.CRC for i in b.infolist() if not i.is_dir()}
    except (OSError, zipfile.BadZipFile):
        return None
    return Changes(True, sorted(set(after) - set(before)), sorted(n for n in after.keys() & before.keys() if after[n] != before[n]),
                   sorted(set(before) - set(after)))


class StagedFolder:
    """An export's files (relative name → bytes), each written as it comes into a temporary folder beside `folder`,
    which `commit` puts in `folder`'s place whole.

    Readers see the old export or the new one, never a mixture, and the bytes
    are not held: a deck's encoded images at 300 dpi took as much memory as
    the export takes disk. A file with the bytes of one written before (a
    card's copies, a shared back) is a hard link to it."""

    def __init__(self, folder: Path):
        self.folder = folder
        self._tmp: Path | None = None
        self._sizes: dict[str, int] = {}
        self._digests: dict[str, str] = {}  # name → sha256 of its bytes: what `changes` compares
        self._by_digest: dict[str, Path] = {}

    def __setitem__(self, name: str, data: bytes | PdfFile) -> None:
        """Write file `name`: its bytes, or a PDF written as it was made (pnp.layout.rl_stream) beside `path_of(name)`,
        which is renamed there."""
        path = self.path_of(name)
        path.unlink(missing_ok=True)  # a name written again gets the new bytes, never through a hard link to other files
        self._sizes[name] = len(data)
        digest = self._digests[name] = digest_of(data)
        first = self._by_digest.get(digest)
        if first is not None:
            with contextlib.suppress(OSError):  # a file system without hard links: written in full below
                os.link(first, path)
                if isinstance(data, PdfFile):
                    data.discard()
                return
        if isinstance(data, PdfFile):
            try:
                os.replace(data.path, path)
            except OSError:
                data.discard()
                raise
        else:
            write_atomic(path, data, durable=False)  # the folder is renamed into place whole once every file is written
        self._by_digest.setdefault(digest, path)

    def path_of(self, name: str) -> Path:
        """Where file `name` is staged (its folder made): a PDF of many pictures is written beside it as it is made."""
        path = self._staging() / name
        path.parent.mkdir(parents=True, exist_ok=True)  # in the new staging folder, made by this export: no link there
        return path

    def __len__(self) -> int:
        return len(self._sizes)

    def names(self) -> list[str]:
        """Every file written so far, by its name from the folder."""
        return sorted(self._sizes)

    @property
    def size(self) -> int:
        return sum(self._sizes.values())

    def changes(self) -> Changes:
        """What these files change in `folder` as it is now (the last export of this target): the names added, the
        names whose bytes differ, the names removed; inside a changed zip file (a .pcio or .vtt), its members too."""
        old = _digests_in(self.folder)
        added = sorted(set(self._digests) - set(old))
        changed = sorted(n for n in self._digests.keys() & old.keys() if self._digests[n] != old[n])
        removed = sorted(set(old) - set(self._digests))
        inside = {n: _zip_changes(self.folder / n, self._staging() / n) for n in changed if n.endswith(ZIP_SUFFIXES)}
        return Changes(bool(old), added, changed, removed, {n: c for n, c in inside.items() if c is not None})

    def _staging(self) -> Path:
        if self._tmp is None:
            folder_to_write(self.folder.parent)  # never a linked output folder (LinkedFolder)
            remove_stale_temporaries(self.folder.parent)  # the staging folders a killed export left
            self._tmp = Path(tempfile.mkdtemp(dir=self.folder.parent, prefix=f".{self.folder.name}.{os.getpid()}-", suffix=".tmp"))
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(self._tmp, 0o777 & ~umask)
        return self._tmp

    def commit(self) -> None:
        """Put the files in `folder`'s place: the old folder is moved aside, the new one renamed in, the old removed."""
        tmp, old = self._staging(), None
        try:
            if os.path.lexists(self.folder):  # a folder, a file, or a link (even one to nowhere): moved aside whole
                old = Path(tempfile.mkdtemp(dir=self.folder.parent, prefix=f".{self.folder.name}.{os.getpid()}-old-", suffix=".tmp"))
                os.rename(self.folder, old / self.folder.name)
            os.rename(tmp, self.folder)
            self._tmp = None
        except BaseException:
            if old is not None and os.path.lexists(old / self.folder.name) and not os.path.lexists(self.folder):
                os.rename(old / self.folder.name, self.folder)
            self.discard()
            raise
        finally:
            if old is not None:
                shutil.rmtree(old, ignore_errors=True)

    def discard(self) -> None:
        """Remove what was written: the export failed, and `folder` stays as it was."""
        if self._tmp is not None:
            shutil.rmtree(self._tmp, ignore_errors=True)
            self._tmp = None
