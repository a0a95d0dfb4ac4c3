"""What a workbook's XML says that python-calamine's values do not: an XLSX sheet's formulas that carry no saved value,
and the cells merged into one in an XLSX or ODS sheet.

python-calamine reads the value a formula last computed; a workbook written
by a program rather than saved by Excel or LibreOffice (openpyxl, many
exporters) holds formulas with no computed value, which calamine reads as an
empty cell. An empty cell is an empty value, so without this check the
designer would see a blank where the formula's result belongs, with no word of
the formula. The workbook is a zip of XML parts (ECMA-376): the sheet's part is
found through xl/workbook.xml and its relationships, and each `<c>` cell
with an `<f>` formula and no `<v>` value is reported.

A merged range (`<mergeCell ref="A2:A4"/>`) holds its value in its first cell
alone; Excel and Numbers show that value across the whole range, so a
designer who merges a card type down three rows sees it on each. An ODS sheet
(content.xml, OpenDocument 1.3 part 3, 9.1) says the same on the range's first
cell, `table:number-rows-spanned` and `table:number-columns-spanned`, where
its rows and cells stand for as many as they repeat.
"""
from __future__ import annotations

import posixpath
import zipfile
from pathlib import Path
from xml.etree import ElementTree

from pnp.data.shown_numbers import BUILT_IN, is_plain
from pnp.data.workbooks import cell_reference

_MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
_REL = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"
_PKG = "{http://schemas.openxmlformats.org/package/2006/relationships}"
_TABLE = "{urn:oasis:names:tc:opendocument:xmlns:table:1.0}"


def unsaved_formulas(path: Path, sheet: str) -> list[tuple[int, int, str]]:
    """(row, column, formula) of each formula cell of `sheet` without a saved value; rows and columns count from 1.

    A workbook this cannot follow (not a zip, parts missing) gives no cells:
    calamine has read it already and reports its own problems."""
    return _sheet_xml(path, sheet, _cells_without_values)


def merged_ranges(path: Path, sheet: str) -> list[tuple[int, int, int, int]]:
    """(first row, first column, last row, last column) of each merged range of `sheet`, counting from 1; none where
    the workbook cannot be followed, as `unsaved_formulas`."""
    return _sheet_xml(path, sheet, lambda stream: [_range(element.get("ref") or "") for _event, element in ElementTree.iterparse(stream)
                                                   if element.tag == f"{_MAIN}mergeCell"])


def ods_merged_ranges(path: Path, sheet: str) -> list[tuple[int, int, int, int]]:
    """(first row, first column, last row, last column) of each range of an ODS workbook's `sheet` merged into one cell,
    counting from 1; none where the workbook cannot be followed, as `unsaved_formulas`."""
    try:
        with zipfile.ZipFile(path) as book, book.open("content.xml") as stream:
            return _ods_spans(stream, sheet)
    except (OSError, KeyError, zipfile.BadZipFile, ElementTree.ParseError):
        return []


def _ods_spans(stream, sheet: str) -> list[tuple[int, int, int, int]]:
    """The merged ranges of the table named `sheet`: each cell that spans more than itself, at the row and column its
    table's repeated rows and cells put it."""
    out: list[tuple[int, int, int, int]] = []
    inside, row, col = False, 0, 0
    for event, element in ElementTree.iterparse(stream, events=("start", "end")):
        tag = element.tag
        if tag == f"{_TABLE}table":
            inside = event == "start" and element.get(f"{_TABLE}name") == sheet
            if not inside and out:
                return out
        elif not inside:
            continue
        elif tag == f"{_TABLE}table-row":
            if event == "start":
                col = 0
            else:
                row += ods_repeats(element, "number-rows-repeated")
                element.clear()
        elif event == "start" and tag in (f"{_TABLE}table-cell", f"{_TABLE}covered-table-cell"):
            rows, cols = ods_repeats(element, "number-rows-spanned"), ods_repeats(element, "number-columns-spanned")
            if rows > 1 or cols > 1:
                out.append((row + 1, col + 1, row + rows, col + cols))
            col += ods_repeats(element, "number-columns-repeated")
    return out


def ods_repeats(element, name: str) -> int:
    """A repeat or span count an ODS element gives (1 where it gives none, or none a reader can use)."""
    text = element.get(f"{_TABLE}{name}") or "1"
    return max(int(text), 1) if text.isdigit() else 1


def _sheet_xml(path: Path, sheet: str, read) -> list:
    """What `read` finds in the XML stream of the workbook's sheet named `sheet`, or none where the workbook cannot be
    followed (not a zip, parts missing, XML broken)."""
    try:
        with zipfile.ZipFile(path) as book:
            part = _sheet_part(book, sheet)
            if part is None:
                return []
            with book.open(part) as stream:
                return read(stream)
    except (OSError, KeyError, zipfile.BadZipFile, ElementTree.ParseError):
        return []


def _range(ref: str) -> tuple[int, int, int, int]:
    first, _, last = ref.partition(":")
    return (*cell_reference(first), *cell_reference(last or first))


def _sheet_part(book: zipfile.ZipFile, sheet: str) -> str | None:
    workbook = ElementTree.fromstring(book.read("xl/workbook.xml"))
    rel_id = next((s.get(_REL) for s in workbook.iter(f"{_MAIN}sheet") if s.get("name") == sheet), None)
    rels = ElementTree.fromstring(book.read("xl/_rels/workbook.xml.rels"))
    target = next((r.get("Target") for r in rels.iter(f"{_PKG}Relationship") if r.get("Id") == rel_id), None)
    if not target:
        return None
    return target.lstrip("/") if target.startswith("/") else posixpath.normpath(posixpath.join("xl", target))


def _cells(stream):
    """Each `<c>` cell of a sheet's XML, whole, with where the sheet shows it: at its `r`, or (a writer may leave `r`
    out) just after the cell before it in its row, a row just after the row before it, as calamine places it."""
    row = col = 0
    for event, element in ElementTree.iterparse(stream, events=("start", "end")):
        if element.tag == f"{_MAIN}row":
            if event == "start":
                row, col = cell_reference(element.get("r") or "")[0] or row + 1, 0
            continue
        if event != "end" or element.tag != f"{_MAIN}c":
            continue
        at_row, at_col = cell_reference(element.get("r") or "")
        col = at_col or col + 1
        yield at_row or row, col, element
        element.clear()


def _cells_without_values(stream) -> list[tuple[int, int, str]]:
    """Each formula cell with no saved value, where the sheet shows it."""
    out = []
    for row, col, element in _cells(stream):
        formula = element.find(f"{_MAIN}f")
        value = element.find(f"{_MAIN}v")
        saved = value is not None and ((value.text or "").strip() or element.get("t") == "str")  # a formula's "" is saved as t="str"
        if formula is not None and not saved:
            text = (formula.text or "").strip()
            out.append((row, col, f"={text}" if text else "a shared formula"))
    return out


def plain_number_formats(path: Path, sheet: str) -> dict[tuple[int, int], str]:
    """(row, column) → format code of each cell of an XLSX `sheet` whose number format is plain (pnp.data.shown_numbers:
    a percentage or fixed decimals), as its style (`s`) names one of the workbook's cell formats (xl/styles.xml's
    `cellXfs`); none where the workbook cannot be followed, as `unsaved_formulas`."""
    try:
        with zipfile.ZipFile(path) as book:
            styles = _plain_styles(ElementTree.fromstring(book.read("xl/styles.xml")))
    except (OSError, KeyError, zipfile.BadZipFile, ElementTree.ParseError):
        return {}
    if not styles:
        return {}
    found = _sheet_xml(path, sheet, lambda stream: [(row, col, styles[element.get("s")]) for row, col, element in _cells(stream)
                                                    if element.get("s") in styles])
    return {(row, col): code for row, col, code in found}


def _plain_styles(styles) -> dict[str, str]:
    """Cell style index (as a cell's `s` writes it) → its format code, for the styles whose number format is plain."""
    custom = {element.get("numFmtId"): element.get("formatCode") or "" for element in styles.iter(f"{_MAIN}numFmt")}
    formats = styles.find(f"{_MAIN}cellXfs")
    out = {}
    for index, xf in enumerate(formats.findall(f"{_MAIN}xf") if formats is not None else []):
        number = xf.get("numFmtId") or "0"
        code = custom.get(number) or (BUILT_IN.get(int(number)) if number.isdigit() else None)
        if code and is_plain(code):
            out[str(index)] = code
    return out


