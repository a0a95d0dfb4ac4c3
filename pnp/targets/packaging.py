"""File names and containers the exports share: an image named by its content, a zip the same bytes every time."""
from __future__ import annotations

import hashlib
import io
import os
import tempfile
import zipfile
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from pnp.core.files import file_name, new_temporary
from pnp.core.spooled import PdfFile

DIGEST_CHARS = 10  # hex digits of sha256 in a file name: a table's cache sees a new name whenever the bytes change
ZIP_TIME = (1980, 1, 1, 0, 0, 0)  # the earliest time a zip can hold: every member carries it, so a zip depends on its bytes only
STORED_SUFFIXES = (".png", ".jpg")  # already compressed: deflating them again only costs time


def digest_name(stem: str, data: bytes, suffix: str = ".png") -> str:
    """`stem-<digest><suffix>`: a name that changes when, and only when, the bytes change, so no table (Tabletop
    Simulator, a browser) shows an image it cached from an earlier export."""
    return file_name(f"{stem}-{hashlib.sha256(data).hexdigest()[:DIGEST_CHARS]}", suffix)


PIECE = 1 << 20  # bytes copied at a time from a store into a zip


@dataclass(frozen=True)
class Stored:
    """Bytes kept in a PictureStore: where they lie in its file, how long they are and their CRC-32 (as zlib gives it)."""

    store: PictureStore = field(compare=False, repr=False)
    offset: int
    length: int
    crc: int

    def __len__(self) -> int:
        return self.length

    def pieces(self) -> Iterator[bytes]:
        """The bytes, a piece at a time."""
        return self.store.pieces(self.offset, self.length)

    def read(self) -> bytes:
        return b"".join(self.pieces())


class PictureStore:
    """A browser table's images (pnp.targets.table), each written to one file as it is made, not held: a .pcio or .vtt
    file zips every face's image, up to 2,048 px a side, and a deck of photographic art held them all (issue 74). The
    file is an unnamed temporary in `folder` (the export's staging folder), gone when closed or when the process is
    killed; with no folder, the bytes are kept in memory (a table planned for a test)."""

    def __init__(self, folder: Path | None = None):
        self._file = (tempfile.TemporaryFile(dir=folder, prefix=f".{os.getpid()}-", suffix=".tmp")  # noqa: SIM115 (closed by `close`)
                      if folder is not None else io.BytesIO())

    def __enter__(self) -> PictureStore:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def add(self, data: bytes) -> Stored:
        offset = self._file.seek(0, os.SEEK_END)
        self._file.write(data)
        return Stored(self, offset, len(data), zlib.crc32(data))

    def pieces(self, offset: int, length: int) -> Iterator[bytes]:
        while length > 0:
            self._file.seek(offset)
            piece = self._file.read(min(PIECE, length))
            if not piece:
                raise OSError(f"an export's image store ended {length} bytes early")
            yield piece
            offset, length = offset + len(piece), length - len(piece)

    def close(self) -> None:
        self._file.close()


def _write_members(zf: zipfile.ZipFile, members: list[tuple[str, bytes | Stored]]) -> None:
    """Each member with a fixed time and permissions, a picture stored as it is (already compressed), the rest
    deflated; a stored member's bytes copied in pieces. zipfile's `writestr` is `open(info, "w")` given the size and
    written once, so a member copied in pieces is written with the same bytes."""
    for name, data in members:
        info = zipfile.ZipInfo(name, ZIP_TIME)
        info.compress_type = zipfile.ZIP_STORED if name.endswith(STORED_SUFFIXES) else zipfile.ZIP_DEFLATED
        info.external_attr = 0o644 << 16
        if isinstance(data, Stored):
            info.file_size = data.length
            with zf.open(info, "w") as member:
                for piece in data.pieces():
                    member.write(piece)
        else:
            zf.writestr(info, data, compresslevel=6 if info.compress_type == zipfile.ZIP_DEFLATED else None)


def zip_bytes(members: list[tuple[str, bytes | Stored]]) -> bytes:
    """A zip of `members` (name, bytes) in their order, with fixed times and permissions: the same members give the
    same bytes."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        _write_members(zf, members)
    return buf.getvalue()


def zip_file(target: Path, members: list[tuple[str, bytes | Stored]]) -> PdfFile:
    """The zip `zip_bytes` makes of `members`, written to a temporary beside `target` (which the export's staging
    folder renames into place), its bytes never all in memory, and digested from the file a piece at a time."""
    fd, tmp = new_temporary(target)
    try:
        with os.fdopen(fd, "w+b") as f:
            with zipfile.ZipFile(f, "w") as zf:
                _write_members(zf, members)
            size = f.tell()
            f.seek(0)
            digest = hashlib.file_digest(f, "sha256").hexdigest()
    except BaseException:
        os.unlink(tmp)
        raise
    return PdfFile(tmp, size, digest)
