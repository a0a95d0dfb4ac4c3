"""A sheet's rows as located cells: a CSV, TSV, XLSX or ODS file read into rows, each cell at its line and column
(a text sheet) or its sheet and letter (a workbook), before anything is made of them.

A text sheet is decoded as a spreadsheet program saves it (UTF-8 with or without Excel's byte-order mark, Excel's
`sep=` line, `;` where the locale writes a decimal comma, quoted line breaks), and a cell guarded against running as a
formula (`'=1+1`) reads as the text it stands for. A workbook is measured before it is read (pnp.data.workbooks), read
by python-calamine (the values its formulas last computed), and each number of a plain format keeps the text Excel
shows for it (pnp.data.shown_numbers). A deck's cards (pnp.data.spreadsheet), a translator's sheet coming back
(pnp.targets.translate_import) and a playtest's answers (pnp.data.answers) are all read from here.
"""
from __future__ import annotations

import csv
import io
import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from pnp.core.errors import Loc, PnpError, did_you_mean, error, printable
from pnp.data.formulas import plain_number_formats, unsaved_formulas
from pnp.data.located import LocDict, LocList
from pnp.data.ods_numbers import ods_plain_number_formats
from pnp.data.shown_numbers import shown
from pnp.data.workbooks import MAX_SHEET_CELLS, check_workbook

MAX_SHEET_BYTES = 20_000_000  # a 20,000-card deck with long texts stays well below
TEXT_SUFFIXES = {".csv": None, ".tsv": "\t", ".txt": None}
WORKBOOK_SUFFIXES = (".xlsx", ".xlsm", ".ods")  # zips of XML, measured before they are read (pnp.data.workbooks); not .xls, .xlsb
SPLIT_DECK = "split the deck"  # a deck's sheet too big
SPLIT_SHEET = "split its rows between two sheets, each under the header row, and import each"  # an imported sheet too big


GUARD = "'"  # the quote OWASP's advice puts before such a cell: a spreadsheet program shows the text after it
_GUARDED = re.compile(r"'*[=+\-@\t\r]")  # a text that needs the guard: a formula's start, or the guard itself before one


def guarded(text: str) -> str:
    """`text` as a sheet cell pnp writes for someone else (a translator's or playtester's words): a leading `'` before
    a formula-like start, so no spreadsheet program runs it, and before a text that already starts with the guard, so
    that `unguarded` gives back `text` itself, whatever it is."""
    return GUARD + text if _GUARDED.match(text) else text


def sheet_text(value, keep: str = ""):
    """A cell pnp writes into a sheet someone else opens (a translator's, a print shop's order), as the text it is:
    control characters but those in `keep` written out (no escape sequence reaches a terminal that shows the file)
    and a formula-like start `guarded` (OWASP's advice against CSV injection: a card named `=HYPERLINK(...)` would
    otherwise run when opened); a number as it is."""
    return guarded(printable(value, keep)) if isinstance(value, str) else value


def unguarded(text: str) -> str:
    """A text sheet's cell as the text it stands for: the guard `'` before a formula-like start taken off."""
    return text[1:] if text.startswith(GUARD) and _GUARDED.match(text, 1) else text


@dataclass
class SheetSource:
    """How a deck reads its cards from a spreadsheet: the deck YAML's `cards_from` and its options."""

    path: Path
    rel: str
    sheet: str | None = None
    id_column: str | None = None
    count_column: str | None = None
    text_columns: tuple[str, ...] = ()
    list_columns: dict[str, str] = field(default_factory=dict)
    split: str = SPLIT_DECK  # what to do with a sheet over a size limit: a deck's advice, or an imported sheet's (SPLIT_SHEET)
    deck: LocDict | None = None  # the deck's YAML as read: a sheet or column its options name wrongly is mended there

    @classmethod
    def of_deck(cls, path: Path, rel: str, options, deck: LocDict | None = None) -> SheetSource:
        """How a deck reads `path` by its sheet options (pnp.data.schema.SheetOptions); with the deck's own data, a
        sheet or column its options name wrongly (or a workbook sheet they do not name) is said at the deck's line."""
        return cls(path, rel, options.sheet, options.id_column, options.count_column, tuple(options.text_columns),
                   dict(options.list_columns), deck=deck if isinstance(deck, LocDict) else None)

    def option_at(self, key: str, item: str | None = None) -> Loc | None:
        """Where the deck writes option `key` (`item`'s own place in a list or mapping of columns), or None where the
        source has no deck (an imported sheet) or the deck no such key."""
        if self.deck is None or key not in self.deck:
            return None
        value = self.deck[key]
        if item is not None and isinstance(value, LocList) and item in value:
            return value.loc_of(value.index(item))
        if item is not None and isinstance(value, LocDict) and item in value and value.has_key_loc(item):
            return value.key_loc(item)
        return self.deck.loc_of(key)


@dataclass
class Cell:
    value: object  # str from a text file; str, float, int, bool or date from a workbook
    loc: Loc
    shown: str | None = None  # a workbook number as its plain format shows it (pnp.data.shown_numbers): 25% for 0.25
    decimal_comma: bool = False  # from a semicolon sheet, whose locale writes one and a half as 1,5


def sheet_rows(path: Path, rel: str, sheet: str | None = None) -> tuple[list[list[Cell]], Loc]:
    """Every row of a CSV, TSV, XLSX or ODS file as cells (`.value`, `.loc`), read as a deck's sheet is (an answer sheet:
    pnp.data.answers), and where the table starts; a sheet too big is one to import in parts."""
    return rows_of(SheetSource(path, rel, sheet, split=SPLIT_SHEET))


def rows_of(source: SheetSource) -> tuple[list[list[Cell]], Loc]:
    suffix = source.path.suffix.lower()
    if not os.path.isfile(source.path):  # False for a name too long to be a file, where Path.is_file raises
        raise PnpError(error("sheet-missing", f"no file '{source.rel}': cards_from names a file beside the deck's YAML", Loc(source.rel)))
    size = source.path.stat().st_size
    if size > MAX_SHEET_BYTES:
        raise PnpError(error("file-too-big", f"file is {size:,} bytes; the limit is {MAX_SHEET_BYTES:,}: {source.split}", Loc(source.rel)))
    if suffix in TEXT_SUFFIXES:
        return _text_rows(source, TEXT_SUFFIXES[suffix]), Loc(source.rel, 1, 1)
    if suffix in WORKBOOK_SUFFIXES:
        return _workbook_rows(source)
    advice = "save it as .xlsx (an .xls or .xlsb workbook cannot be measured before it is read)" if suffix in (".xls", ".xlsb") else "use a .csv, .tsv, .xlsx or .ods file"
    raise PnpError(error("sheet-format", f"cannot read '{source.path.name}' as cards: {advice}", Loc(source.rel)))


def _text_rows(source: SheetSource, delimiter: str | None) -> list[list[Cell]]:
    """Rows of a CSV or TSV file; each cell located at the line its row starts on and its column number, and read as
    the text it stands for (`unguarded`: `'=1+1` is the text `=1+1`, as a spreadsheet program shows it)."""
    raw = source.path.read_bytes()
    try:
        text = raw.decode("utf-8-sig")  # Excel's "CSV UTF-8" starts with a byte-order mark
    except UnicodeDecodeError as exc:
        raise PnpError(error("not-utf8", f"byte 0x{raw[exc.start]:02x} is not UTF-8: save the sheet as \"CSV UTF-8\"", _byte_cell(raw, exc.start, source, delimiter))) from None
    named, skip = separator_line(text)
    delimiter = named or delimiter or _sniff_delimiter(text[skip:])
    reader = csv.reader(io.StringIO(text[skip:], newline=""), delimiter=delimiter)
    first = 2 if skip else 1  # the file's line the reader's first row is on
    rows, line, cells = [], first, 0
    try:
        for values in reader:
            cells += len(values)
            if cells > MAX_SHEET_CELLS:
                raise PnpError(error("sheet-too-big", f"the sheet holds over {MAX_SHEET_CELLS:,} cells: {source.split}, or delete the empty columns", Loc(source.rel, line, 1)))
            rows.append([Cell(unguarded(v), Loc(source.rel, line, i + 1), decimal_comma=delimiter == ";") for i, v in enumerate(values)])
            line = reader.line_num + first
    except csv.Error as exc:
        raise PnpError(error("sheet-syntax", f"CSV: {exc}: check the quotes on this row", Loc(source.rel, line, 1))) from None
    return rows


def _byte_cell(raw: bytes, at: int, source: SheetSource, delimiter: str | None) -> Loc:
    """The cell a byte not UTF-8 lies in, at its line and column number as every cell of a text sheet is placed: a
    Windows-1252 `é` in the third column is said there, where the designer looks, not at the row's start."""
    line_start = raw.rfind(b"\n", 0, at) + 1
    text = raw.decode("utf-8-sig", errors="replace")
    named, skip = separator_line(text)
    before = raw[line_start:at].decode("utf-8-sig")  # valid up to the byte: the decoder stopped there
    cells = next(csv.reader([before], delimiter=named or delimiter or _sniff_delimiter(text[skip:])), [""])
    return Loc(source.rel, raw.count(b"\n", 0, at) + 1, max(len(cells), 1))


def read_rows(source: SheetSource) -> list[list[tuple[object, Loc]]]:
    """The sheet's rows as read, before any header is looked for: each cell's value (text from a text file, typed from
    a workbook) and its place. The same limits and findings as `read_cards` (pnp translate import reads a sheet so)."""
    return [[(cell.value, cell.loc) for cell in row] for row in rows_of(source)[0]]


# Excel's first line naming a text sheet's delimiter (`sep=;`), which Excel reads the file by and shows as no row
EXCEL_SEPARATOR = re.compile(r'"?sep=([^\r\n"])"?(?:\r\n|\r|\n|$)')  # written quoted by some programs ("sep=;")


def separator_line(text: str) -> tuple[str | None, int]:
    """The delimiter a text sheet's Excel `sep=` first line names and the characters that line takes, or (None, 0)."""
    named = EXCEL_SEPARATOR.match(text)
    return (named[1], named.end()) if named else (None, 0)


def text_delimiter(path: Path, text: str) -> str:
    """The delimiter a text sheet is read with: the one its `sep=` first line names, a .tsv's tab, else what its header
    row uses most."""
    named, skip = separator_line(text)
    return named or TEXT_SUFFIXES.get(path.suffix.lower()) or _sniff_delimiter(text[skip:])


def _sniff_delimiter(text: str) -> str:
    """`,` or `;` (Excel in locales with a decimal comma) or a tab, whichever splits the header row most."""
    header = text.split("\n", 1)[0]
    counts = {d: header.count(d) for d in (",", ";", "\t")}
    best = max(counts, key=lambda d: (counts[d], d == ","))
    return best if counts[best] else ","


def _workbook_rows(source: SheetSource) -> tuple[list[list[Cell]], Loc]:
    from python_calamine import CalamineWorkbook

    check_workbook(source.path, source.rel, *([source.split] if source.split != SPLIT_DECK else []))
    book = _calamine(lambda: CalamineWorkbook.from_path(str(source.path)), source)
    names = list(book.sheet_names)
    if not names:
        raise PnpError(error("sheet-unreadable", "this workbook has no sheets (a part of it is missing): save it again from the spreadsheet program", Loc(source.rel)))
    filled = names if source.sheet is not None or len(names) == 1 else _filled_sheets(book, names, source)
    name = source.sheet if source.sheet is not None else (filled[0] if len(filled) == 1 else names[0] if not filled else None)
    chosen_at = source.option_at("sheet") or source.option_at("cards_from") or Loc(source.rel)
    if name is None:
        raise PnpError(error("sheet-choose", f"{source.path.name} has {len(names)} sheets: name the one holding the cards with `sheet:` "
                             f"in the deck; sheets: {', '.join(names)}", chosen_at))
    if name not in names:
        raise PnpError(error("sheet-unknown", f"no sheet '{name}' in {source.path.name}{did_you_mean(name, names)}; sheets: {', '.join(names)}", chosen_at))
    values = _calamine(lambda: book.get_sheet_by_name(name).to_python(skip_empty_area=False), source, name)
    rows = [[Cell(v, Loc(source.rel, r + 1, c + 1, name)) for c, v in enumerate(row)] for r, row in enumerate(values)]
    if source.path.suffix.lower() == ".ods":
        _shown_as_formatted(rows, ods_plain_number_formats(source.path, name))
    elif source.path.suffix.lower() in (".xlsx", ".xlsm"):
        _shown_as_formatted(rows, plain_number_formats(source.path, name))
        unsaved = unsaved_formulas(source.path, name)
        if unsaved:
            raise PnpError([error("sheet-formula-unsaved", f"the formula {formula} has no saved value (the program that wrote this workbook did not "
                                  f"compute it): open the workbook in Excel or LibreOffice and save it, or type the value", Loc(source.rel, r, c, name))
                            for r, c, formula in unsaved])
    return rows, Loc(source.rel, 1, 1, name)


def _shown_as_formatted(rows: list[list[Cell]], formats: dict[tuple[int, int], str]) -> None:
    """Give each number cell of a plain format (`formats`: (row, column) → its code) the text Excel shows for it."""
    for (row, col), code in formats.items():
        cell = rows[row - 1][col - 1] if row <= len(rows) and col <= len(rows[row - 1]) else None
        if cell is not None and isinstance(cell.value, (int, float)) and not isinstance(cell.value, bool):
            cell.shown = shown(cell.value, code)


def _filled_sheets(book, names: list[str], source: SheetSource) -> list[str]:
    """The sheets holding any value, in the workbook's order. Excel's new workbook comes with Sheet2 and Sheet3 that a
    designer never filled (Squib's own samples have them): a deck need not name its one sheet among empty ones."""
    return [name for name in names if _calamine(lambda name=name: book.get_sheet_by_name(name).height, source, name)]


def _calamine(read, source: SheetSource, sheet: str = ""):
    """What `read` gets from python-calamine, or a located error for a workbook it cannot read. A file that trips a bug
    in the Rust reader raises pyo3's PanicException, which is a BaseException: it is the file's fault all the same."""
    try:
        return read()
    except (KeyboardInterrupt, SystemExit, GeneratorExit):
        raise
    except BaseException as exc:  # CalamineError, OSError, ValueError, and pyo3's PanicException
        if isinstance(exc, OSError) and exc.filename:
            raise  # the machine's fault (pnp.cli.faults)
        what = f"{type(exc).__name__}: {str(exc).strip().splitlines()[0]}" if str(exc).strip() else type(exc).__name__
        raise PnpError(error("sheet-unreadable", f"cannot read this workbook ({what}): save it again from the spreadsheet program, as .xlsx or .ods",
                             Loc(source.rel, 1, 1, sheet) if sheet else Loc(source.rel))) from None
