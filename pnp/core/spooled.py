"""A PDF written to a file as it was made, not held in memory: what travels from the renderer to the output's place.

A deck of photographic art makes a PDF of several megabytes a card (issue 74): held whole, it was in memory three or
four times over while it was written, digested, measured and written out. Such a PDF is written object by object to
a temporary file beside its output (pnp.layout.rl_stream), and this names it: its path, its size and its digest,
taken as it was written. Its ink is measured from the file (pdfium reads a file as it needs it) and the file is
renamed into place (pnp.pipeline.build). Its temporary's name carries the process id, as every temporary's does, so a
build killed before the rename leaves a file the next build sweeps (pnp.core.temporaries)."""
from __future__ import annotations

import hashlib
import os
from contextlib import suppress
from dataclasses import dataclass


@dataclass(frozen=True, repr=False, eq=False)
class PdfFile:
    """A finished PDF in a temporary file: `path`, its `size` in bytes and its `sha256` (hex). (An export's .pcio or .vtt
    zip travels so too: pnp.targets.packaging.zip_file.)"""

    path: str
    size: int
    sha256: str

    def __len__(self) -> int:
        return self.size

    def discard(self) -> None:
        """Remove the temporary file (an output not written: a build with errors, bytes already on disk)."""
        with suppress(OSError):
            os.unlink(self.path)


def digest_of(data: bytes | PdfFile) -> str:
    """The sha256 (hex) of an output's bytes, in memory or in a PdfFile (taken as it was written)."""
    return data.sha256 if isinstance(data, PdfFile) else hashlib.sha256(data).hexdigest()


def discard_files(files) -> None:
    """Remove the temporary file of each PdfFile among `files` ((name, data, stats) entries) that will not be written."""
    for _name, data, _stats in files:
        if isinstance(data, PdfFile):
            data.discard()
