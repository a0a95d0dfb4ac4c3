"""A zipped workbook (.xlsx, .ods) measured before python-calamine reads it.

calamine makes room for a sheet's whole rectangle, from its first cell to its
farthest, in one allocation, and for as many shared strings as the workbook
says it holds: a 4 KB workbook naming cell XFD1048576, or claiming 10^14
strings, asks for hundreds of GiB and the process aborts below Python, where
no error can be caught. So every XML part of the zip is read here first, by
expat, a slice at a time, and each number calamine would size memory by is
counted the way calamine counts it (by an element's local name, whatever its
prefix: calamine ignores namespaces, so `<x:c>` is a cell too):

- an .xlsx cell (`c`) sits at its `r` reference, or after the cell before it in
  its `row`, which sits at its own `r` or after the row before it;
- an .ods row (`table-row`) stands for `number-rows-repeated` rows, and a cell
  (`table-cell`, `covered-table-cell`) for `number-columns-repeated` cells, the
  empty ones counting only when a cell with a value follows them, and a space
  (`s`) for its `c` spaces;
- a shared strings table (`sst`) reserves room for its `uniqueCount`.

A part that is not well-formed XML, declares entities (a DTD's internal subset,
where an entity can expand without end), or cannot be unpacked is refused as
damaged: the programs that write workbooks never make one, and a part this
reader cannot follow is a part whose size it cannot vouch for. A DOCTYPE that
only names an outside DTD declares nothing and is read: LibreOffice writes one
atop each part of a workbook's Basic macros (`Basic/Standard/Module1.xml`), and
no reader here loads an outside DTD.
The limits are documented in docs/limits.md.
"""
from __future__ import annotations

import functools
import posixpath
import re
import zipfile
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from xml.parsers import expat

from pnp.core.errors import Loc, PnpError, column_letters, error

MAX_SHEET_UNPACKED = 100_000_000  # bytes a workbook's zip holds unpacked: the same deck's XML is about 20 MB
MAX_SHEET_CELLS = 1_000_000  # cells of the sheet read (its used rectangle): 20,000 cards of 50 columns
_XML_PARTS = (".xml", ".rels")  # the parts calamine reads; a sheet's relationship must name one of these (checked below)
_REFERENCE = re.compile(r"([A-Za-z]*)([0-9]*)")  # a cell reference as calamine reads it: letters, then digits


class _Damaged(Exception):
    """A part this reader will not follow (a DTD): the message."""


class _TooBig(Exception):
    """A count passed its limit: the message, and the cell (row, column) or 0, 0 where it did."""

    def __init__(self, message: str, row: int = 0, col: int = 0):
        super().__init__(message)
        self.row, self.col = row, col


class _TooManySpaces(_TooBig):
    """An .ods sheet's texts say more spaces than its cells could hold."""


@dataclass
class _XlsxCells:
    """Where calamine puts each .xlsx cell of one part, and the rectangle from A1 they span."""

    row: int = 0  # 0-based: the row a cell without `r` falls in
    col: int = 0
    rows: int = 0  # the rectangle, counted from 1
    cols: int = 0
    cells: int = 0

    def start_row(self, attrs: dict) -> None:
        row, _ = cell_reference(attrs.get("r", ""))
        if row:
            self.row = row - 1

    def end_row(self) -> None:
        self.row += 1
        self.col = 0

    def cell(self, attrs: dict) -> None:
        row, col = cell_reference(attrs.get("r", ""))
        at_row = row - 1 if row else self.row
        if col:
            self.col = col - 1
        self.cells += 1
        self.rows, self.cols = max(self.rows, at_row + 1), max(self.cols, self.col + 1)
        if max(self.cells, self.rows * self.cols) > MAX_SHEET_CELLS:
            raise _TooBig(f"spans {self.rows:,} rows × {self.cols:,} columns ({self.cells:,} cells written)", at_row + 1, self.col + 1)
        self.col += 1


@dataclass
class _OdsTable:
    """The cells calamine keeps of one .ods table: its rows and repeated cells, up to the last cell with a value."""

    name: str
    rows: int = 0  # rows so far, repeats counted
    used_rows: int = 0  # rows up to the last with a value
    width: int = 0  # columns of the widest row, up to its last value
    cells: int = 0  # cells calamine stores before it repeats rows
    row_repeats: int = 1
    row_at: int = 0  # columns so far in the open row, and up to its last value
    row_used: int = 0
    in_row: bool = False
    spaces: int = 0  # spaces its cells' `<text:s text:c="N"/>` say: calamine writes each one out

    def start_row(self, attrs: dict) -> None:
        self.end_row()
        self.row_repeats, self.row_at, self.row_used, self.in_row = _count(attrs, "number-rows-repeated"), 0, 0, True

    def cell(self, attrs: dict) -> None:
        if not self.in_row:
            return
        self.row_at += _count(attrs, "number-columns-repeated")
        if any(_local(key) in ("formula", "value-type") or _local(key).endswith("value") for key in attrs):
            self.row_used = self.row_at
            self._check(self.rows + 1, self.row_at)

    def space(self, attrs: dict) -> None:
        """`<text:s text:c="N"/>`: N spaces in the cell's text, which calamine makes (a billion of them in a few bytes)."""
        self.spaces += _count(attrs, "c")
        if self.spaces > MAX_SHEET_CELLS:
            raise _TooManySpaces(f"says {self.spaces:,} spaces in its texts (`<text:s text:c>`)", self.rows + 1, max(self.row_at, 1))

    def end_row(self) -> None:
        if not self.in_row:
            return
        self.in_row = False
        self.rows += self.row_repeats
        if self.row_used:
            self.used_rows, self.width, self.cells = self.rows, max(self.width, self.row_used), self.cells + self.row_used
            self._check(self.rows, self.row_used)

    def _check(self, row: int, col: int) -> None:
        rows, width = max(self.used_rows, row), max(self.width, col)
        if max(self.cells, rows * width) > MAX_SHEET_CELLS:
            raise _TooBig(f"spans {rows:,} rows × {width:,} columns (repeated rows and cells counted)", row, col)


@dataclass
class _Part:
    """What one XML part of a workbook holds, counted as it is read."""

    name: str
    xlsx: _XlsxCells = field(default_factory=_XlsxCells)
    tables: list[_OdsTable] = field(default_factory=list)
    sheet_targets: dict[str, str] = field(default_factory=dict)  # relationship id → target, of the sheets' relationships (a .rels part)
    sheet_ids: dict[str, str] = field(default_factory=dict)  # relationship id → sheet name (a workbook part)

    def __post_init__(self):
        self._starts: dict[str, object] = {}  # an element's name as written → what its start does (None: nothing), found once per name
        self._ends: dict[str, object] = {}

    def start(self, name: str, attrs: dict) -> None:
        act = self._starts.get(name, _UNSEEN)
        if act is _UNSEEN:
            act = self._starts[name] = {"c": self.xlsx.cell, "row": self.xlsx.start_row, "table-cell": self._ods_cell, "covered-table-cell": self._ods_cell,
                                        "table-row": self._ods_row, "table": self._ods_table, "s": self._ods_space, "sst": _strings,
                                        "Relationship": self._relationship,
                                        "sheet": self._sheet}.get(_local(name))
        if act is not None:
            act(attrs)

    def end(self, name: str) -> None:
        act = self._ends.get(name, _UNSEEN)
        if act is _UNSEEN:
            act = self._ends[name] = {"row": self.xlsx.end_row, "table-row": self._ods_row_end}.get(_local(name))
        if act is not None:
            act()

    def _ods_cell(self, attrs: dict) -> None:
        if self.tables:
            self.tables[-1].cell(attrs)

    def _ods_row(self, attrs: dict) -> None:
        if self.tables:
            self.tables[-1].start_row(attrs)

    def _ods_space(self, attrs: dict) -> None:
        if self.tables:
            self.tables[-1].space(attrs)

    def _ods_row_end(self) -> None:
        if self.tables:
            self.tables[-1].end_row()

    def _ods_table(self, attrs: dict) -> None:
        self.tables.append(_OdsTable(next((v for k, v in attrs.items() if _local(k) == "name"), "")))

    def _relationship(self, attrs: dict) -> None:
        if attrs.get("Type", "").rsplit("/", 1)[-1] in ("worksheet", "chartsheet", "dialogsheet"):
            self.sheet_targets[attrs.get("Id", "")] = attrs.get("Target", "")

    def _sheet(self, attrs: dict) -> None:
        self.sheet_ids[next((v for k, v in attrs.items() if _local(k) == "id"), "")] = attrs.get("name", "")


_UNSEEN = object()


def _strings(attrs: dict) -> None:
    """A shared strings table: calamine makes room for as many as it says it holds."""
    strings = _count(attrs, "uniqueCount", default=0)
    if strings > MAX_SHEET_CELLS:
        raise _TooBig(f"claims {strings:,} different texts")


def _local(name: str) -> str:
    """An element's or attribute's name without its prefix, as calamine matches names."""
    return name.rpartition(":")[2]


def _count(attrs: dict, local: str, default: int = 1) -> int:
    """The whole number an attribute (by local name) holds; one calamine could not parse is the default (calamine stops there)."""
    for key, value in attrs.items():
        if _local(key) == local:
            try:
                return max(int(value), 0)
            except ValueError:
                return default
    return default


def cell_reference(text: str) -> tuple[int, int]:
    """(row, column), 1-based, of a reference such as XFD1048576; 0 for a part it lacks or a reference calamine refuses.
    The one reader of a cell's reference in a workbook's XML, for its cells and its formulas (pnp.data.formulas)."""
    match = _REFERENCE.fullmatch(text)
    if not match:
        return 0, 0
    return int(match.group(2)) if match.group(2) else 0, _column(match.group(1))


@functools.lru_cache(maxsize=4096)
def _column(letters: str) -> int:
    col = 0
    for letter in letters.upper():
        col = col * 26 + ord(letter) - 64
    return col


SAVE_CARDS_ALONE = "save the cards alone in a new workbook (or as CSV)"  # a deck's advice for a workbook over a limit


def check_workbook(path: Path, rel: str, split: str = SAVE_CARDS_ALONE) -> None:
    """Refuse (PnpError, located at the sheet and cell where known) a zipped workbook that is too big or damaged;
    `split` says what to do with one too big (a deck's cards saved alone, an imported sheet imported in parts)."""
    try:
        with zipfile.ZipFile(path) as book:
            members = book.infolist()
            unpacked = sum(member.file_size for member in members)
            if unpacked > MAX_SHEET_UNPACKED:
                raise PnpError(error("sheet-too-big", f"this workbook unpacks to {unpacked:,} bytes, over the {MAX_SHEET_UNPACKED:,} byte limit: "
                                     f"{split}", Loc(rel)))
            parts: list[_Part] = []
            for member in sorted((m for m in members if m.filename.lower().endswith(_XML_PARTS)), key=_read_first):
                parts.append(_read_part(book, member, rel, parts, split))
    except (zipfile.BadZipFile, zlib.error, EOFError, NotImplementedError, RuntimeError, ValueError, OSError) as exc:  # zlib: a part's garbled bytes
        if isinstance(exc, OSError) and exc.filename:
            raise  # the machine's fault (pnp.cli.faults), not the file's
        raise PnpError(error("sheet-unreadable", f"this workbook is damaged or not a workbook ({_reason(exc)}): save it again from the spreadsheet "
                             "program, as .xlsx or .ods", Loc(rel))) from None
    _check_sheet_parts(parts, rel)


def _read_first(member: zipfile.ZipInfo) -> tuple[bool, bool]:
    """Relationships and the workbook part before the sheets, so a sheet refused can be called by its name."""
    name = member.filename.lower()
    return not name.endswith(".rels"), posixpath.basename(name) != "workbook.xml"


def _reason(exc: BaseException) -> str:
    return str(exc).rstrip(".") or type(exc).__name__


def _read_part(book: zipfile.ZipFile, member: zipfile.ZipInfo, rel: str, read: list[_Part], split: str = SAVE_CARDS_ALONE) -> _Part:
    """One XML part read by expat a slice at a time, counting as it goes; refused at the first count past its limit.
    `read` are the parts read before it, which name the sheets."""
    part = _Part(member.filename)
    parser = expat.ParserCreate()
    parser.StartElementHandler = part.start
    parser.EndElementHandler = part.end
    parser.StartDoctypeDeclHandler = _no_doctype
    try:
        with book.open(member) as stream:
            while chunk := stream.read(1 << 20):
                parser.Parse(chunk, False)
            parser.Parse(b"", True)
    except _TooBig as exc:
        if not exc.row:  # a count of the whole workbook
            raise PnpError(error("sheet-too-big", f"this workbook's part {member.filename} {exc}, over the {MAX_SHEET_CELLS:,} limit: "
                                 f"{split}", Loc(rel))) from None
        sheet = part.tables[-1].name if part.tables and part.tables[-1].name else _sheet_name(member.filename, read)  # a table without its name: its part's
        if isinstance(exc, _TooManySpaces):
            raise PnpError(error("sheet-too-big", f"sheet '{sheet}' {exc} by {column_letters(exc.col)}{exc.row}, over the {MAX_SHEET_CELLS:,} limit: "
                                 "no card's text holds that many: retype the cell", Loc(rel, exc.row, exc.col, sheet))) from None
        raise PnpError(error("sheet-too-big", f"sheet '{sheet}' {exc} up to {column_letters(exc.col)}{exc.row}, over the {MAX_SHEET_CELLS:,} cell "
                             f"limit: {_past_the_table(split)} (a stray value far away stretches the sheet)",
                             Loc(rel, exc.row, exc.col, sheet))) from None
    except (expat.ExpatError, _Damaged) as exc:
        at = f"line {exc.lineno}, column {exc.offset + 1}: {expat.ErrorString(exc.code)}" if isinstance(exc, expat.ExpatError) else str(exc)
        raise PnpError(error("sheet-unreadable", f"this workbook is damaged: its part {member.filename} is not well-formed XML ({at}): "
                             "save it again from the spreadsheet program", Loc(rel))) from None
    return part


def _past_the_table(split: str) -> str:
    """What to do with a sheet stretched past its limit: a deck's rows past its cards deleted, an imported sheet's too."""
    if split == SAVE_CARDS_ALONE:
        return "delete the rows and columns past the cards"
    return f"delete the rows and columns past the table, or {split}"


def _sheet_name(member: str, read: list[_Part]) -> str:
    """The name the workbook gives the sheet stored in part `member` (its part name when the workbook does not say)."""
    for workbook in (p for p in read if p.sheet_ids):
        folder, base = posixpath.split(workbook.name)
        rels = next((p for p in read if p.name.lower() == posixpath.join(folder, "_rels", base + ".rels").lower()), None)
        for rel_id, target in (rels.sheet_targets.items() if rels else ()):
            at = target.lstrip("/") if target.startswith("/") else posixpath.normpath(posixpath.join(folder, target))
            if at.lower() == member.lower() and workbook.sheet_ids.get(rel_id):
                return workbook.sheet_ids[rel_id]
    return member


def _no_doctype(_name, _system_id, _public_id, has_internal_subset) -> None:
    """Refuse a DTD that declares anything (its internal subset); one that only names an outside DTD is read."""
    if has_internal_subset:
        raise _Damaged("it declares entities in a DTD, which no workbook does")


def _check_sheet_parts(parts: list[_Part], rel: str) -> None:
    """Every sheet a relationship names must be an XML part (one read above), so no sheet escapes the count."""
    for part in parts:
        for target in part.sheet_targets.values():
            if not posixpath.basename(target).lower().endswith(".xml"):
                raise PnpError(error("sheet-unreadable", f"this workbook is damaged: {part.name} names the sheet '{target}', not an XML part: "
                                     "save it again from the spreadsheet program", Loc(rel)))
