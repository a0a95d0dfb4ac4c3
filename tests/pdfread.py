"""Read each PDF the tests look at once per test run, whichever test, file or xdist worker asks first.

Reading a sheet back with pdfplumber (pdfminer, pure Python) costs far more than checking what was read, and many
test files read the same PDFs: the five games' plain Letter build is read for marks, footers, small print, the
ink saver and the reference aids. A `Reader` keys what it reads by the file's bytes (two builds that print the same
bytes, or one file hard-linked into two folders, are read once) and keeps it in a folder of the test run that every
worker shares (conftest's `pdfium_reader` fixture reads them through pdfium: tests/pdfium_pages.py), under a file lock: the first asker reads, the others load the
pickle. The facts are the PDF's own: pdfplumber's objects as it reports them, with plain values only.

`Page` keeps pdfplumber's dictionaries (its keys: x0, top, x1, bottom in points from the page's top-left corner,
`matrix`, `adv`, `size`, `pts`, `linewidth`, `stroke`, ...) rather than new names, so the readers built on
pdfplumber's pages (tests/printable.py, tests/footers.py, ...) read the cached page as they read a live one, and
pdfplumber's own functions (pdfplumber.utils) take its objects.
"""
from __future__ import annotations

import hashlib
import os
import pickle
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")
KINDS = ("chars", "lines", "curves", "rects", "images")
DROPPED = {"mcid", "tag", "page_number", "ncs", "stream", "colorspace", "imagemask", "name", "srcsize", "bits"}


@dataclass(frozen=True)
class Page:
    """One page as pdfplumber reads it: its size in points and its objects (dicts of plain values)."""

    number: int  # from 1
    width: float
    height: float
    chars: list[dict]
    lines: list[dict]
    curves: list[dict]
    rects: list[dict]
    images: list[dict]

    def text(self) -> str:
        """The page's characters in the order it draws them: a footer turned on its side reads as it was written
        ('backs ·'), where pdfplumber's text layout would read it letter by letter, bottom to top."""
        return "".join(ch["text"] for ch in self.chars)


def _plain(obj: dict) -> dict:
    """An object's dictionary without pdfminer's own objects (colour spaces, streams), so it pickles and compares."""
    return {k: v for k, v in obj.items() if k not in DROPPED}


def read_pages(path: Path, numbers: list[int]) -> dict[int, Page]:
    """Pages `numbers` (from 1) of `path` through pdfplumber (no cache): what `Reader.pages` keeps."""
    import pdfplumber

    out = {}
    with pdfplumber.open(str(path)) as pdf:
        for n in numbers:
            p = pdf.pages[n - 1]
            out[n] = Page(n, float(p.width), float(p.height), *([_plain(o) for o in getattr(p, kind)] for kind in KINDS))
            p.close()  # pdfplumber keeps each page's objects until its document closes
    return out


class Reader:
    """What the tests read from PDFs, read once per file content; `folder` (shared by the run's workers) keeps it on
    disk for them, None keeps it in this process only (a script, or a test that reads a PDF it built itself)."""

    PREFIX = ""  # of the files this reader keeps its pages in: another reader of other objects keeps its own

    @staticmethod
    def read_pages(path: Path, numbers: list[int]) -> dict[int, Page]:
        """How this reader reads pages (pdfplumber: the module's `read_pages`)."""
        return read_pages(path, numbers)

    def __init__(self, folder: Path | None = None):
        self.folder = folder
        self._memory: dict[str, Any] = {}
        self._digests: dict[tuple, str] = {}

    def digest(self, path: Path) -> str:
        """The file's content hash (remembered for its path, size and time while they stay the same)."""
        stat = os.stat(path)
        known = (str(path), stat.st_size, stat.st_mtime_ns, stat.st_ino)
        if known not in self._digests:
            self._digests[known] = hashlib.sha256(Path(path).read_bytes()).hexdigest()[:32]
        return self._digests[known]

    def pages(self, path: Path, numbers: list[int] | None = None) -> list[Page]:
        """Pages `numbers` (from 1; every page by default) of the PDF at `path`, each read once per run: a reader that
        skips pages alike to earlier ones reads only those it keeps, and the next reader of the same pages gets them
        for free. Pages are not kept in memory (a sheet of cards holds thousands of objects): loaded again from disk."""
        if numbers is None:
            numbers = list(range(1, self.page_count(path) + 1))
        if self.folder is None:
            found = self.read_pages(path, numbers)
            return [found[n] for n in numbers]
        from filelock import FileLock

        self.folder.mkdir(parents=True, exist_ok=True)
        digest = self.digest(path)
        stored = {n: self.folder / f"{self.PREFIX}page-{digest}-{n}.pickle" for n in numbers}
        with FileLock(str(self.folder / f"{self.PREFIX}pages-{digest}.lock")):
            missing = [n for n in numbers if not stored[n].is_file()]
            read = self.read_pages(path, missing) if missing else {}
            for n, page in read.items():
                _write(stored[n], page)
        return [read[n] if n in read else pickle.loads(stored[n].read_bytes()) for n in numbers]

    def page_count(self, path: Path) -> int:
        """How many pages the PDF has (pikepdf)."""
        return self.once(path, "page-count", _page_count)

    def once(self, path: Path, what: str, compute: Callable[[Path], T]) -> T:
        """`compute(path)`, a fact read from the PDF named `what`, computed once per run for these bytes and kept in
        this process's memory too."""
        key = f"{what}-{self.digest(path)}"
        if key not in self._memory:
            self._memory[key] = compute(path) if self.folder is None else self._shared(key, path, compute)
        return self._memory[key]

    def _shared(self, key: str, path: Path, compute: Callable[[Path], T]) -> T:
        from filelock import FileLock

        self.folder.mkdir(parents=True, exist_ok=True)
        stored = self.folder / f"{key}.pickle"
        with FileLock(str(self.folder / f"{key}.lock")):
            if stored.is_file():
                return pickle.loads(stored.read_bytes())
            value = compute(path)
            _write(stored, value)
            return value


def _page_count(path: Path) -> int:
    import pikepdf

    with pikepdf.open(str(path)) as pdf:
        return len(pdf.pages)


def _write(stored: Path, value) -> None:
    """Pickle `value` to `stored` whole or not at all (another worker may load it the moment it exists)."""
    partial = stored.with_suffix(f".{os.getpid()}.part")
    partial.write_bytes(pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))
    os.replace(partial, stored)


def resource_dicts(pdf):
    """Each resource dictionary of a pikepdf document's pages and of the forms they place, once (forms share resources).
    pikepdf (C++) walks them in a tenth of pypdf's time."""
    seen = set()
    stack = [(page.obj.get("/Resources"), ("page", page.obj.objgen)) for page in pdf.pages]
    while stack:
        res, owner = stack.pop()
        if res is None:
            continue
        key = res.objgen if res.is_indirect else owner  # a direct dictionary is its owner's alone
        if key in seen:
            continue
        seen.add(key)
        yield res
        for xobj in (res.get("/XObject") or {}).values():
            if xobj.get("/Subtype") == "/Form" and "/Resources" in xobj:
                stack.append((xobj.Resources, ("form", xobj.objgen)))
