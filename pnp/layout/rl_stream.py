"""A PDF of large pictures written without holding it in memory.

reportlab keeps each picture's compressed stream in its document until `save`, then formats every object into a
list, joins the list and writes the join: a PDF of photographic art (several megabytes a card) was in memory three
or four times over (issue 74). Here, once a document's pictures pass SPOOL_MIN_BYTES together, their streams move
to a file of their own (`Spool`, an unnamed temporary in the output's folder, gone when closed or killed), and the
PDF is written to a file object by object (`Spool.save`), each spooled stream copied from that file in pieces.
The bytes are reportlab's own: the objects are formatted by reportlab and laid out as `PDFDocument.format` lays them
out, offsets and cross-reference table alike (pnp.layout.rl.save_objects, the one seam onto reportlab's internals;
tests/test_pdf_stream.py holds the two writers to the same bytes).
A document under the threshold is saved by reportlab as before, whole in memory, which is faster for a small PDF.
"""
from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path

from reportlab.pdfbase import pdfdoc
from reportlab.pdfgen.canvas import Canvas

from pnp.core.files import Refused, folder_to_write, new_temporary
from pnp.core.spooled import PdfFile
from pnp.layout import rl

SPOOL_MIN_BYTES = 16 * 2**20  # pictures' compressed streams a document holds in memory before they go to a file
SPOOL = "pnp_spool"  # the canvas attribute that holds its Spool, or None
_MARK = b"\x00pnp-spooled-stream\x00"  # what a spooled stream formats to while its spool writes the PDF
_PIECE = 1 << 20  # bytes copied from the spool at a time


class _Spooled(pdfdoc.PDFObject):
    """A picture's compressed stream, kept in its document's spool file: its length, and its bytes when formatted."""

    def __init__(self, spool: Spool, offset: int, length: int):
        self.spool, self.offset, self.length = spool, offset, length

    def __len__(self) -> int:
        return self.length

    def format(self, document) -> bytes:
        return _MARK if self.spool.writing else self.spool.read(self.offset, self.length)


class Spool:
    """Where a document's pictures' streams go once they pass `threshold` bytes together, and where its PDF is written.

    `target` is the output's path: both files are made in its folder (the picture streams' an unnamed temporary, the
    PDF's a temporary named as `write_atomic`'s are, which the build renames into place). A folder that cannot be
    written keeps the pictures in memory, as before: the build's own write reports that folder. A threshold of 0 writes
    every PDF so, pictures or none (the tests' and the same-bytes check's way to run this writer on any document)."""

    def __init__(self, target: Path, threshold: float | None = None):
        self.target, self.threshold = Path(target), SPOOL_MIN_BYTES if threshold is None else threshold
        self._held: list = []
        self._held_bytes = 0
        self._file = None
        self.writing = False  # while `save` writes the PDF: a spooled stream formats to _MARK, which the writer replaces

    @property
    def used(self) -> bool:
        """Whether the PDF is to be written as it is made: its pictures went to the file (or the threshold is 0, a test's)."""
        return self._file is not None or self.threshold <= 0

    def add(self, c: Canvas, name: str) -> None:
        """Take the picture the document holds under `name` (and its soft mask), once it passes the threshold."""
        for obj in rl.picture_streams(c, name):
            if any(obj is held for held in self._held):
                continue
            self._held.append(obj)
            self._held_bytes += len(rl.stream_of(obj))
        if self._held_bytes > self.threshold and self._open():
            for obj in self._held:
                self._move(obj)
            self._held, self._held_bytes = [], 0

    def _open(self) -> bool:
        if self._file is None:
            try:
                self._file = tempfile.TemporaryFile(  # noqa: SIM115 (closed by `close`, or with the spool)
                    dir=folder_to_write(self.target.parent), prefix=f".{os.getpid()}-", suffix=".tmp")
            except (Refused, OSError):
                self.threshold = float("inf")
                return False
        return True

    def _move(self, obj) -> None:
        data = rl.stream_of(obj)
        offset = self._file.seek(0, os.SEEK_END)
        self._file.write(data)
        rl.set_stream(obj, _Spooled(self, offset, len(data)))

    def read(self, offset: int, length: int) -> bytes:
        self._file.seek(offset)
        return self._file.read(length)

    def copy(self, offset: int, length: int, write) -> None:
        self._file.seek(offset)
        while length > 0:
            piece = self._file.read(min(_PIECE, length))
            write(piece)
            length -= len(piece)

    def save(self, c: Canvas) -> PdfFile:
        """Save the canvas's PDF to a temporary beside `target`, written to disk, and close the spool."""
        fd, tmp = new_temporary(self.target)
        try:
            with os.fdopen(fd, "wb") as f:
                writer = _Writer(f.write)
                self.writing = True
                rl.save_objects(c, writer.add, writer.add_object)
                f.flush()
                os.fsync(f.fileno())
        except BaseException:
            os.unlink(tmp)
            raise
        finally:
            self.writing = False
            self.close()
        return PdfFile(tmp, writer.offset, writer.sha256.hexdigest())

    def close(self) -> None:
        if self._file is not None:
            self._file.close()


def finished(c: Canvas, buf) -> bytes | PdfFile:
    """The canvas saved: to a temporary file by its spool when pictures went there, else by reportlab into `buf`, whose
    bytes are returned (a PDF of a few pictures, faster so)."""
    spool = getattr(c, SPOOL, None)
    if spool is not None and spool.used:
        return spool.save(c)
    if spool is not None:
        spool.close()
    c.save()
    return buf.getvalue()


def abandon(c: Canvas) -> None:
    """A canvas given up before it was saved: its spool's file closed (an unnamed temporary, gone once closed)."""
    spool = getattr(c, SPOOL, None)
    if spool is not None:
        spool.close()


class SavedThroughSpool:
    """A canvas mixin for a document whose `save` is called by someone else (Platypus saves a rulebook at the end of its
    last pass): once its pictures went to its spool (`SPOOL`), `save` writes the PDF beside its output as it is made and
    keeps the file in `pnp_written` (a PdfFile); otherwise it saves as reportlab does, into the canvas's buffer."""

    pnp_written: PdfFile | None = None

    def save(self):
        spool = getattr(self, SPOOL, None)
        if spool is None or spool.writing:  # no spool, or the spool's own call (rl.save_objects)
            return super().save()
        if not spool.used:
            spool.close()
            return super().save()
        self.pnp_written = spool.save(self)
        return None


def discard(c: Canvas) -> None:
    """A canvas that will not be saved (a Platypus pass before the last, which only lays the pages out): its spool's
    file closed and its pictures' streams let go, which a canvas's cycles would otherwise keep until the collector runs."""
    spool = getattr(c, SPOOL, None)
    if spool is not None:
        spool.close()
    rl.let_pictures_go(c)


class Tally:
    """What a document's pictures' compressed streams come to, counted as `Spool` counts them, for a writer that begins
    a new document past SPOOL_MIN_BYTES rather than writing one to a file (pnp.targets.rendering.raster, whose PDF is
    only rendered to pixels). It stands where a canvas's Spool stands (`SPOOL`), and writes nothing."""

    used = False

    def __init__(self):
        self.held = 0
        self._streams: dict[int, object] = {}

    def add(self, c: Canvas, name: str) -> None:
        for obj in rl.picture_streams(c, name):
            if id(obj) not in self._streams:
                self._streams[id(obj)] = obj
                self.held += len(rl.stream_of(obj))

    def release(self) -> None:
        """Let go of the pictures' streams, the document saved: its canvas may outlive it as garbage not yet collected."""
        for obj in self._streams.values():
            rl.set_stream(obj, b"")
        self._streams.clear()

    def close(self) -> None:
        """Nothing to close: `finished` closes a canvas's spool."""


def spool_picture(c: Canvas, name: str) -> None:
    """Hand the picture `drawImage` just embedded under `name` to the canvas's spool, if it has one."""
    spool = getattr(c, SPOOL, None)
    if spool is not None:
        spool.add(c, name)


class _Writer:
    """A file's writer that counts the offset, digests what passes and copies a spooled stream where its mark stands."""

    def __init__(self, write):
        self.write_out, self.offset, self.sha256 = write, 0, hashlib.sha256()

    def add(self, data: bytes) -> int:
        at = self.offset
        self.write_out(data)
        self.sha256.update(data)
        self.offset += len(data)
        return at

    def add_object(self, formatted: bytes, obj) -> int:
        at = self.offset
        content = rl.stream_of(obj)
        if not isinstance(content, _Spooled):
            self.add(formatted)
            return at
        head, tail = formatted.split(_MARK)
        self.add(head)
        content.spool.copy(content.offset, content.length, self.add)
        self.add(tail)
        return at
