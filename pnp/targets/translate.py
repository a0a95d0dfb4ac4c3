"""`pnp translate export`: one spreadsheet per language, for a translator, as CSV and as XLSX.

A row per translatable value of the game (pnp.data.translations): its id, where it
prints, the source text, the current translation, its status (missing, stale: made
from an older source text, unchecked: made before pnp recorded sources), whether it
fits (the answer of the fit check the edition's build runs) and the picture of the
card face it prints on. `pnp translate import` (pnp.targets.translate_import) reads
the same sheet back. The same game gives the same bytes.
"""
from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass
from pathlib import Path

from pnp.core.errors import Finding, printable
from pnp.core.files import file_name, write_atomic
from pnp.data.sheet_rows import sheet_text
from pnp.data.translations import Cell

KNOWN = ("id", "where", "status", "fits", "face")  # the headers that are not a language code
FIT_CODES = {"text-overflow": "does not fit", "text-shrunk": "shrinks to fit"}
KEPT = "\n\t"  # the control characters a text keeps on the sheet: a tab read back as `\x09` would be a changed source
MARKED = {"stale": "FFF2CC", "does not fit": "F4CCCC", "shrinks to fit": "FCE5CD"}  # row fills a translator's eye finds: amber, red, orange


@dataclass(frozen=True)
class Row:
    """One line of the sheet: a cell and what the edition's build said of its translation."""

    cell: Cell
    fits: str  # "yes", "does not fit", "shrinks to fit", or "" with no translation
    face: str  # the picture of the face it prints on, relative to the sheet ("" for text not on a card)


def fits_of(cell: Cell, findings: list[Finding]) -> str:
    """The fit check's answer for a translation: a finding of text too long for its box at its cell (`text-shrunk` is
    located there; `text-overflow` names the cell it came from)."""
    if not cell.translation or cell.translation_loc is None:
        return ""
    at = f" at {cell.translation_loc})"
    for f in findings:
        if f.code in FIT_CODES and (f.loc == cell.translation_loc or at in f.message):
            return FIT_CODES[f.code]
    return "yes"


def rows_of(cells: list[Cell], findings: list[Finding], faces: dict[tuple[str, str], str], slug: str, lang: str) -> list[Row]:
    """The sheet's rows: a card's text links its face; a board's, a token's, an aid's or the rulebook's the PDF it prints
    in, as `pnp build --lang <lang>` names it beside the sheet's folder (a card whose face could not be drawn links its
    deck's sheets)."""
    return [Row(c, fits_of(c, findings), faces.get(c.card, "") if c.card in faces else _printed_in(c.part, slug, lang)) for c in cells]


def _printed_in(part: str, slug: str, lang: str) -> str:
    from pnp.data.kinds import kind_names
    from pnp.outputs.options import Options, variant_tag

    if part not in kind_names():
        return ""
    return f"../{slug}-{part}{variant_tag(Options(lang=lang), part)}.pdf"


def header(source_lang: str, lang: str) -> list[str]:
    return ["id", "where", source_lang, lang, "status", "fits", "face"]


def _values(row: Row) -> list[str]:
    c = row.cell
    return [c.id, c.where, c.source, c.translation, c.status, row.fits, row.face]


def csv_bytes(rows: list[Row], source_lang: str, lang: str) -> bytes:
    """The sheet as CSV, UTF-8 with the byte-order mark Excel needs to read it as UTF-8."""
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\r\n")
    writer.writerow(header(source_lang, lang))
    writer.writerows([sheet_text(v, KEPT) for v in _values(row)] for row in rows)  # the guard: the import takes it off
    return ("\ufeff" + buf.getvalue()).encode("utf-8")


def xlsx_bytes(rows: list[Row], source_lang: str, lang: str) -> bytes:
    """The sheet as an XLSX workbook (openpyxl): a header row kept in view, the text wrapped, a stale or ill-fitting
    translation's row filled, each face a link. Fixed dates and zip times: the same rows give the same bytes."""
    import datetime

    from openpyxl import Workbook
    from openpyxl.styles import Alignment, Font, PatternFill

    book = Workbook()
    sheet = book.active
    sheet.title = lang
    sheet.append(header(source_lang, lang))
    for cell in sheet[1]:
        cell.font = Font(bold=True)
    for r, row in enumerate(rows, start=2):
        fill = MARKED.get(row.fits) or MARKED.get(row.cell.status)
        for col, value in enumerate(_values(row), start=1):
            cell = sheet.cell(r, col)
            cell.value = printable(value, KEPT)
            cell.data_type = "s"  # never a formula, whatever the text starts with
            cell.alignment = Alignment(wrap_text=True, vertical="top")
            if fill:
                cell.fill = PatternFill("solid", fgColor=fill)
        if row.face:
            sheet.cell(r, 7).hyperlink = row.face
    for letter, width in zip("ABCDEFG", (34, 28, 40, 40, 10, 14, 24), strict=True):
        sheet.column_dimensions[letter].width = width
    sheet.freeze_panes = "A2"
    fixed = datetime.datetime(2000, 1, 1)
    book.properties.created = book.properties.modified = fixed
    buf = io.BytesIO()
    book.save(buf)
    return _steady_zip(buf.getvalue())


def _steady_zip(data: bytes) -> bytes:
    """The same zip's entries with fixed times (openpyxl stamps each with the clock)."""
    import zipfile

    from pnp.targets.bundle import zip_bytes

    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        entries = [(name, zf.read(name)) for name in zf.namelist()]
    text = [(name, re.sub(rb"<dcterms:modified[^>]*>[^<]*</dcterms:modified>", b"", body) if name == "docProps/core.xml" else body)
            for name, body in entries]
    return zip_bytes(text)


def write_sheets(folder: Path, slug: str, lang: str, source_lang: str, rows: list[Row]) -> list[Path]:
    """Write `<game>-<lang>.csv` and `.xlsx` into `folder`; their paths."""
    written = []
    for suffix, data in ((".csv", csv_bytes(rows, source_lang, lang)), (".xlsx", xlsx_bytes(rows, source_lang, lang))):
        path = folder / file_name(f"{slug}-{lang}", suffix)
        write_atomic(path, data)
        written.append(path)
    return written


def card_faces(gctx, folder: Path, sheet_folder: Path, dpi: int) -> tuple[dict[tuple[str, str], str], list[Finding]]:
    """Each card's front as a PNG under `folder` (pnp preview's pictures), by (deck, card id): its path from the sheet."""
    from pnp.targets.preview import write_previews

    paths, findings = write_previews(gctx, folder, dpi=dpi)
    faces = {}
    for path in paths:
        if path.name.endswith("-front.png") and path.parent.parent == folder:
            faces[(path.parent.name, path.name.removesuffix("-front.png"))] = path.relative_to(sheet_folder).as_posix()
    return faces, findings
