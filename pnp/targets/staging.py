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


@dataclass(frozen=True)
class ExportRequest:
    """What `pnp export` asks of every target (pnp.targets.export.EXPORTERS): the bleed per side in mm, the resolution of
    images, the decks to export (none named: every component) and the address the user will upload the folder to."""

    bleed: float
    dpi: int
    decks: tuple = ()
    base_url: str | None = None


@dataclass
class Export:
    """What an export produced: files (relative name → bytes), measurements for people, and what to do next."""

    folder: Path
    files: StagedFolder = field(init=False)  # written as they come; in `folder` once the export has no error
    notes: list = field(default_factory=list)
    seconds: float = 0.0
    next_step: str = ""

    def __post_init__(self):
        self.files = StagedFolder(self.folder)

    @property
    def size(self) -> int:
        return self.files.size



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
        self._by_digest: dict[str, Path] = {}

    def __setitem__(self, name: str, data: bytes) -> None:
        path = self._staging() / name
        path.parent.mkdir(parents=True, exist_ok=True)  # in the new staging folder, made by this export: no link there
        path.unlink(missing_ok=True)  # a name written again gets the new bytes, never through a hard link to other files
        self._sizes[name] = len(data)
        digest = hashlib.sha256(data).hexdigest()
        first = self._by_digest.get(digest)
        if first is not None:
            with contextlib.suppress(OSError):  # a file system without hard links: written in full below
                os.link(first, path)
                return
        write_atomic(path, data, durable=False)  # the folder is renamed into place whole once every file is written
        self._by_digest.setdefault(digest, path)

    def __len__(self) -> int:
        return len(self._sizes)

    @property
    def size(self) -> int:
        return sum(self._sizes.values())

    def _staging(self) -> Path:
        if self._tmp is None:
            folder_to_write(self.folder.parent)  # never a linked output folder (LinkedFolder)
            self._tmp = Path(tempfile.mkdtemp(dir=self.folder.parent, prefix=f".{self.folder.name}-", suffix=".tmp"))
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(self._tmp, 0o777 & ~umask)
        return self._tmp

    def commit(self) -> None:
        """Put the files in `folder`'s place: the old folder is moved aside, the new one renamed in, the old removed."""
        tmp, old = self._staging(), None
        try:
            if self.folder.exists():
                old = Path(tempfile.mkdtemp(dir=self.folder.parent, prefix=f".{self.folder.name}-old-", suffix=".tmp"))
                os.rename(self.folder, old / self.folder.name)
            os.rename(tmp, self.folder)
            self._tmp = None
        except BaseException:
            if old is not None and (old / self.folder.name).exists() and not self.folder.exists():
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
