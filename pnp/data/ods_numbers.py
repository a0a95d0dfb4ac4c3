"""An ODS sheet's plain number formats, as the format codes pnp.data.shown_numbers shows an XLSX's numbers in.

LibreOffice stores a cell's number (`office:value="0.25"`) and, apart, the
style it is shown in: the cell's `table:style-name` (or its column's
`table:default-cell-style-name`) names a cell style, whose
`style:data-style-name` (its own, or its parent style's) names a number
style (OpenDocument 1.3 part 3, 16.29). A `number:number-style` or
`number:percentage-style` holding one `number:number` element, fixed decimals
(`number:decimal-places` equal to `number:min-decimal-places`), at least one
integer digit, perhaps grouped, and no text but the `%` of a percentage, is the
ODS form of Excel's `0`, `0.00`, `#,##0.0` or `0%`: it is given as that code, so
an ODS number prints as an XLSX one does. Any other style (a currency, a date,
a conditional `style:map`, a fraction) gives none, and the number reaches the
template as stored, as an XLSX's does.
"""
from __future__ import annotations

import zipfile
from pathlib import Path
from xml.etree import ElementTree

from pnp.data.formulas import ods_repeats

_TABLE = "{urn:oasis:names:tc:opendocument:xmlns:table:1.0}"
_STYLE = "{urn:oasis:names:tc:opendocument:xmlns:style:1.0}"
_NUMBER = "{urn:oasis:names:tc:opendocument:xmlns:datastyle:1.0}"
_NUMBER_STYLES = {f"{_NUMBER}number-style": "", f"{_NUMBER}percentage-style": "%"}


def ods_plain_number_formats(path: Path, sheet: str) -> dict[tuple[int, int], str]:
    """(row, column) → format code of each cell of an ODS workbook's `sheet` whose number style is plain, counting from
    1; none where the workbook cannot be followed (calamine has read it already and says its own problems)."""
    try:
        with zipfile.ZipFile(path) as book:
            parts = [ElementTree.fromstring(book.read(name)) for name in ("styles.xml", "content.xml") if name in book.namelist()]
    except (OSError, KeyError, zipfile.BadZipFile, ElementTree.ParseError):
        return {}
    codes = _cell_style_codes(parts)
    if not codes:
        return {}
    table = next((t for t in parts[-1].iter(f"{_TABLE}table") if t.get(f"{_TABLE}name") == sheet), None)
    return _styled_cells(table, codes) if table is not None else {}


def _cell_style_codes(parts: list) -> dict[str, str]:
    """Cell style name → the plain format code its number style gives, through its parents."""
    numbers: dict[str, str | None] = {}
    parents: dict[str, str] = {}
    data: dict[str, str] = {}
    for part in parts:
        for element in part.iter():
            name = element.get(f"{_STYLE}name")
            if element.tag in _NUMBER_STYLES and name:
                numbers[name] = _plain_code(element)
            elif element.tag == f"{_STYLE}style" and element.get(f"{_STYLE}family") == "table-cell" and name:
                parents[name] = element.get(f"{_STYLE}parent-style-name") or ""
                data[name] = element.get(f"{_STYLE}data-style-name") or ""
    out = {}
    for name in parents:
        style, seen = name, set()
        while style and not data.get(style) and style not in seen:  # a style without its own number style takes its parent's
            seen.add(style)
            style = parents.get(style, "")
        code = numbers.get(data.get(style, ""))
        if code:
            out[name] = code
    return out


def _plain_code(style) -> str | None:
    """The Excel format code of a plain number or percentage style (`0.00`, `#,##0`, `0%`), or None."""
    children = list(style)
    numbers = [c for c in children if c.tag == f"{_NUMBER}number"]
    texts = "".join((c.text or "") for c in children if c.tag == f"{_NUMBER}text").strip()
    suffix = _NUMBER_STYLES[style.tag]
    if len(numbers) != 1 or len(children) != 1 + bool(texts) or texts != suffix:
        return None
    number = numbers[0]
    decimals = number.get(f"{_NUMBER}decimal-places") or "0"
    fixed = number.get(f"{_NUMBER}min-decimal-places", decimals) == decimals
    if not decimals.isdigit() or not fixed or number.get(f"{_NUMBER}min-integer-digits", "1") != "1" or list(number):
        return None
    whole = "#,##0" if number.get(f"{_NUMBER}grouping") == "true" else "0"
    return whole + ("." + "0" * int(decimals) if int(decimals) else "") + suffix


def _styled_cells(table, codes: dict[str, str]) -> dict[tuple[int, int], str]:
    """(row, column) → code of each cell of `table` whose style (or its column's default) is one of `codes`, at the row and
    column its repeated rows and cells put it; a run of repeated empty cells past the values is never spelt out."""
    defaults: list[str] = []
    for column in table.iter(f"{_TABLE}table-column"):
        defaults += [column.get(f"{_TABLE}default-cell-style-name") or ""] * ods_repeats(column, "number-columns-repeated")
    out: dict[tuple[int, int], str] = {}
    row = 0
    for element in table.iter(f"{_TABLE}table-row"):
        col = 0
        for cell in element:
            if cell.tag not in (f"{_TABLE}table-cell", f"{_TABLE}covered-table-cell"):
                continue
            repeat = ods_repeats(cell, "number-columns-repeated")
            if cell.get("{urn:oasis:names:tc:opendocument:xmlns:office:1.0}value") is not None:
                for c in range(col, col + repeat):
                    style = cell.get(f"{_TABLE}style-name") or (defaults[c] if c < len(defaults) else "")
                    if style in codes:
                        out.update({(r + 1, c + 1): codes[style] for r in range(row, row + ods_repeats(element, "number-rows-repeated"))})
            col += repeat
        row += ods_repeats(element, "number-rows-repeated")
    return out

