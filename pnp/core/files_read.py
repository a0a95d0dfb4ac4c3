"""The files an output opens while it renders (images, icons, fonts), gathered by whoever records them (`FilesRead`)."""
from __future__ import annotations

from pathlib import Path

KNOWN_PATHS = 4096  # path objects FilesRead remembers reporting: past this it starts again


class FilesRead:
    """The files an output opens while it renders (images, icons, fonts), reported by whoever opens them.

    The build cache keys each output on exactly these files, so art kept
    anywhere in the project (art/, data/<game>/art/) rebuilds what shows it."""

    def __init__(self):
        self._open: list[set[Path]] = []
        self._paths: dict[str, Path] = {}  # every face reports its templates' file names: each becomes a Path once
        self._opened = 0  # recordings opened so far
        # id of a path object reported → (it, `_opened` then): a path reported since the last recording opened is in
        # every open one already. A deck's texts ask for their fonts on every face, and hashing a Path is Python's work
        self._added: dict[int, tuple[object, int]] = {}

    def add(self, path) -> None:
        if not self._open:
            return
        added = self._added.get(id(path))
        if added is not None and added[0] is path and added[1] == self._opened:
            return
        if len(self._added) >= KNOWN_PATHS:
            self._added.clear()
        self._added[id(path)] = (path, self._opened)
        if not isinstance(path, Path):
            path = self._paths.get(path) or self._paths.setdefault(path, Path(path))
        for files in self._open:
            files.add(path)

    def update(self, paths) -> None:
        for path in paths:
            self.add(path)

    def recording(self) -> _Recording:
        """Gather the files reported until the block ends (recordings nest: an outer one sees an inner one's files)."""
        return _Recording(self)


class _Recording:
    """`FilesRead.recording`'s block: a class, not a generator's context manager, as every face drawn opens one."""

    __slots__ = ("files", "read")

    def __init__(self, read: FilesRead):
        self.read = read
        self.files: set[Path] = set()

    def __enter__(self) -> set[Path]:
        read = self.read
        read._open.append(self.files)
        read._opened += 1
        return self.files

    def __exit__(self, *exc) -> None:
        # by identity: list.remove compares sets by value, and an inner recording may equal an outer one
        opened, files = self.read._open, self.files
        del opened[next(i for i, open_ in enumerate(opened) if open_ is files)]
