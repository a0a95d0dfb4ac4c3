"""Writing outputs: atomically, so a failed build never leaves a half-written or empty file where the last good one was.

Every output is rendered to memory, written to a temporary file beside its
target and renamed into place.
"""
from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path


def write_atomic(target: Path, data: bytes) -> None:
    """Write `data` to `target` through a temporary file and a rename."""
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)  # mkstemp makes 0600; outputs are ordinary files
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        with suppress(OSError):
            os.unlink(tmp)
        raise


def remove_stale_temporaries(folder: Path) -> None:
    """Delete temporary files a killed build left beside its outputs (a crash cannot clean up after itself)."""
    if folder.is_dir():
        for tmp in folder.glob(".*.tmp"):
            with suppress(OSError):
                tmp.unlink()


class FilesRead:
    """The files an output opens while it renders (images, icons, fonts), reported by whoever opens them.

    The build cache keys each output on exactly these files, so art kept
    anywhere in the project (art/, data/<game>/art/) rebuilds what shows it."""

    def __init__(self):
        self._open: list[set[Path]] = []
        self._paths: dict[str, Path] = {}  # every face reports its templates' file names: each becomes a Path once

    def add(self, path) -> None:
        if not self._open:
            return
        if not isinstance(path, Path):
            path = self._paths.get(path) or self._paths.setdefault(path, Path(path))
        for files in self._open:
            files.add(path)

    def update(self, paths) -> None:
        for path in paths:
            self.add(path)

    @contextmanager
    def recording(self) -> Iterator[set[Path]]:
        """Gather the files reported until the block ends (recordings nest: an outer one sees an inner one's files)."""
        files: set[Path] = set()
        self._open.append(files)
        try:
            yield files
        finally:
            # by identity: list.remove compares sets by value, and an inner recording may equal an outer one
            del self._open[next(i for i, open_ in enumerate(self._open) if open_ is files)]
