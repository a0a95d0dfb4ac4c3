"""Card rows from a spreadsheet: CSV, TSV, XLSX or ODS, one row per card.

Designers balance a deck in a spreadsheet (sort by cost, count by type, fill
down), so a deck's YAML may name a sheet instead of listing its cards. The
rows become the same located mappings a YAML deck holds, each value pointing
at its cell, so the schema, constraints, facts and cache treat both alike.
The standard `csv` module reads text files and python-calamine reads
workbooks (the values formulas last computed); a number's plain format is read beside it (pnp.data.shown_numbers).
"""
from __future__ import annotations

import csv
import datetime
import io
import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from pnp.core.errors import SHEET_NO_HEADER, Finding, Loc, PnpError, column_letters, did_you_mean, error, printable, warning
from pnp.data.formulas import merged_ranges, ods_merged_ranges, plain_number_formats, unsaved_formulas
from pnp.data.made_ids import unique_id
from pnp.data.ods_numbers import ods_plain_number_formats
from pnp.data.sheet_header import ROWS_COMPARED, looks_like_data
from pnp.data.shown_numbers import shown
from pnp.data.source import EmptyCell, LocDict, LocList, NumberTooLong, typed_scalar
from pnp.data.workbooks import MAX_SHEET_CELLS, check_workbook

MAX_SHEET_BYTES = 20_000_000  # a 20,000-card deck with long texts stays well below
TEXT_SUFFIXES = {".csv": None, ".tsv": "\t", ".txt": None}
WORKBOOK_SUFFIXES = (".xlsx", ".xlsm", ".ods")  # zips of XML, measured before they are read (pnp.data.workbooks); not .xls, .xlsb
COUNT_HEADERS = ("count", "qty", "quantity")  # what spreadsheet users call the copies column
NO_COPIES = "none"  # `count_column: none`: no column gives copies (a Squib sheet's `count` may count pips): one card a row
SPLIT_DECK = "split the deck"  # a deck's sheet too big
SPLIT_SHEET = "split its rows between two sheets, each under the header row, and import each"  # an imported sheet too big
ID_SOURCES = ("name", "title")  # columns a sheet without ids names its cards by (docs/data.md)
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


class SheetCard(LocDict):
    """A card read from a sheet's row. `headers` gives a field the header its sheet writes, where the two differ (a copies
    column `Qty` fills `count`): a finding about the field names the column the designer sees."""

    __slots__ = ("headers",)

    def __init__(self, loc, path: str | None = None):
        super().__init__(loc, path)
        self.headers: dict[str, str] = {}


@dataclass
class _Cell:
    value: object  # str from a text file; str, float, int, bool or date from a workbook
    loc: Loc
    shown: str | None = None  # a workbook number as its plain format shows it (pnp.data.shown_numbers): 25% for 0.25
    decimal_comma: bool = False  # from a semicolon sheet, whose locale writes one and a half as 1,5


def read_cards(source: SheetSource, warned: list[Finding] | None = None) -> LocList:
    """The sheet's rows as card mappings (header → typed value), each located at its cells; values under no header
    are said in `warned`, when given (`unheaded`)."""
    rows, table_loc = _read_rows(source)
    header_at = next((i for i, row in enumerate(rows) if not _blank(row)), None)
    if header_at is None:
        raise PnpError(error("sheet-empty", "the sheet has no header row: write the field names in its first row", table_loc))
    no_header = _data_as_header(rows, header_at)
    try:
        columns = _columns(rows[header_at], source)
    except PnpError as exc:
        if no_header is not None and any(f.code == "sheet-duplicate-header" for f in exc.findings):
            raise PnpError(_as_error(no_header)) from None  # its values repeat: one cause, said once
        raise
    headers = {i: rows[header_at][i].loc for i in columns}  # where each field's name is written: its header cell
    renamed = {name: _as_text(rows[header_at][i].value) for i, name in columns.items() if _as_text(rows[header_at][i].value) != name}
    cards = LocList(table_loc)
    ids: dict[str, Loc] = {}
    problems: list[Finding] = []
    for number, row in enumerate(rows[header_at + 1:], start=header_at + 2):
        if _blank(row):
            continue
        try:
            card = _card(row, number, columns, headers, source, ids)
            card.headers = renamed  # one mapping the deck's cards share: `Qty` for `count`
        except PnpError as exc:  # each row's mistake is said, not only the first row's
            problems.extend(exc.findings)
            continue
        cards.append(card)
        cards.locs.append(card.loc)
    if problems:
        raise PnpError(problems)
    if no_header is not None and not cards:
        raise PnpError(_as_error(no_header))  # the sheet's one card read as its header: said so, not as a sheet of no cards
    if warned is not None:
        warned += ([no_header] if no_header else []) + unheaded(rows[header_at + 1:], columns) + _merged_down(source, table_loc)
    return cards


def _data_as_header(rows: list[list[_Cell]], header_at: int) -> Finding | None:
    """A warning at the row read as the field names where it reads as a card's values (pnp.data.sheet_header): its
    card is lost and its values name the fields, so the designer is told to write the names above it."""
    header = rows[header_at]
    below = [[c.value for c in row] for row in rows[header_at + 1:header_at + 1 + 2 * ROWS_COMPARED] if not _blank(row)]
    why = looks_like_data([c.value for c in header], below)
    if why is None:
        return None
    first = next(c for c in header if not _is_empty(c.value))
    shown = ", ".join(f"'{_shortened(printable(_as_text(c.value)), 24)}'" for c in header if not _is_empty(c.value))
    return warning(SHEET_NO_HEADER, f"row {header_at + 1} is read as the field names, yet it looks like a card ({why}: {_shortened(shown)}): "
                   "write the field names in a row above it, or that card is lost and its values name the fields", first.loc)


def _as_error(finding: Finding) -> Finding:
    """`finding` as the error that stops the deck, where what it warns of leaves the deck without its cards."""
    return Finding("error", finding.code, finding.message, finding.loc)


def _shortened(text: str, most: int = 80) -> str:
    return text if len(text) <= most else text[:most - 1] + "…"


def unheaded(rows: list[list[_Cell]], columns: dict[int, str]) -> list[Finding]:
    """A warning for each column holding values under no header (an empty header cell, or cells past the header row's
    last): no card reads them, so what is typed there would vanish from the printed cards unsaid. One a column, at
    its first value."""
    first: dict[int, _Cell] = {}
    more: dict[int, int] = {}
    for row in rows:
        for i, cell in enumerate(row):
            if i not in columns and not _is_empty(cell.value):
                more[i] = more.get(i, -1) + 1
                first.setdefault(i, cell)
    return [warning("sheet-unheaded", f"column {column_letters(i + 1)} has no header, so {_values_said(first[i], more[i])} no card: write the "
                    "field's name at the top of the column, or clear it", first[i].loc) for i in sorted(first)]


def _merged_down(source: SheetSource, table_loc: Loc) -> list[Finding]:
    """A warning for each range of an XLSX or ODS sheet merged over rows: Excel, LibreOffice and Numbers show its value
    on every row it spans, but the file holds it in the range's first cell alone, so the cards of the rows below it have
    none. One a range, at its first cell: the cells to unmerge and fill."""
    suffix = source.path.suffix.lower()
    if suffix not in (".xlsx", ".xlsm", ".ods") or not table_loc.sheet:
        return []
    ranges = ods_merged_ranges if suffix == ".ods" else merged_ranges
    return [warning("sheet-merged", f"cells {column_letters(c1)}{r1}:{column_letters(c2)}{r2} are merged, so only row {r1} holds their value and "
                    f"the card of {_rows_said(r1 + 1, r2)} has none: unmerge the cells and fill the value down", Loc(source.rel, r1, c1, table_loc.sheet))
            for r1, c1, r2, c2 in ranges(source.path, table_loc.sheet) if r2 > r1]


def _rows_said(first: int, last: int) -> str:
    return f"row {first}" if first == last else f"each of rows {first}–{last}"


def _values_said(cell: _Cell, more: int) -> str:
    shown = printable(_as_text(cell.value))[:40]
    return f"its value '{shown}' reaches" if not more else f"its {more + 1} values ('{shown}' first) reach"


def _blank(row: list[_Cell]) -> bool:
    return all(_is_empty(c.value) for c in row)


def _is_empty(value) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def _columns(header: list[_Cell], source: SheetSource) -> dict[int, str]:
    """Column index → field name; a duplicate or ambiguous header is an error naming both columns."""
    names: dict[int, str] = {}
    seen: dict[str, _Cell] = {}
    repeats: dict[str, list[_Cell]] = {}
    for i, cell in enumerate(header):
        name = _as_text(cell.value) if not _is_empty(cell.value) else ""  # a number as the sheet shows it: 0, not 0.0
        if not name:
            continue
        key = _field_name(name, source)
        if key in seen:
            repeats.setdefault(key, []).append(cell)
            continue
        seen[key] = cell
        names[i] = key
    problems = [_repeated(seen[key], cells, key) for key, cells in repeats.items()]
    written = [_as_text(c.value) for c in header if not _is_empty(c.value)]  # 2024, not 2024.0
    for option, wanted in (("id_column", [source.id_column] if source.id_column else []), ("count_column", [_copies_column(source)] if _copies_column(source) else []),
                           ("text_columns", source.text_columns), ("list_columns", list(source.list_columns))):
        for column in wanted:
            if column.strip() not in written:
                problems.append(_no_column(option, column, written, source, header[0].loc if header else Loc(source.rel)))
    if problems:
        raise PnpError(problems)
    return names


def _repeated(first: _Cell, cells: list[_Cell], key: str) -> Finding:
    """One error for a field's name given again by `cells` (a row of formulas left past the table heads five columns
    `0`), at the first of them: each repeat named by its column."""
    said = ", ".join(f"column {column_letters(c.loc.col)} '{_as_text(c.value)}'" for c in cells)
    both = "both give" if len(cells) == 1 else "all give"
    return error("sheet-duplicate-header", f"{said} {'repeats' if len(cells) == 1 else 'repeat'} column {column_letters(first.loc.col)} "
                 f"'{_as_text(first.value)}' ({both} field '{key}'): rename or remove {'one' if len(cells) == 1 else 'the repeats'}", cells[0].loc)


def _no_column(option: str, column: str, written: list[str], source: SheetSource, header_at: Loc) -> Finding:
    """A sheet option naming a column the header row lacks: said at the option in the deck (where the name is mended),
    offering the nearest header, or at the header row where no deck says it (a sheet read by itself)."""
    where = source.option_at(option, column) or header_at
    return error("sheet-no-column", f"{option} names column '{column}', which the header row of {source.path.name} does not have"
                 f"{did_you_mean(column, written)}; its columns: {', '.join(written) or 'none'}", where)


def _field_name(header: str, source: SheetSource) -> str:
    """The field a header fills: the copies column is always `count`; with `count_column: none` every header is its own."""
    if source.count_column:
        return "count" if header == _copies_column(source) else header
    return "count" if header.lower() in COUNT_HEADERS else header


def _copies_column(source: SheetSource) -> str | None:
    """The header `count_column` names as the copies column, or None (not named, or `none`)."""
    column = (source.count_column or "").strip()
    return column if column and column.lower() != NO_COPIES else None


def _card(row: list[_Cell], number: int, columns: dict[int, str], header_locs: dict[int, Loc], source: SheetSource, ids: dict[str, Loc]) -> LocDict:
    first = next(c for c in row if not _is_empty(c.value))
    card = SheetCard(Loc(first.loc.path, first.loc.line, 1, first.loc.sheet), source.rel)
    headers = {name: i for i, name in columns.items()}
    for i, name in columns.items():
        cell = row[i] if i < len(row) else None
        if cell is None or _is_empty(cell.value):
            if name not in ("id", "count"):  # an empty cell is an empty value; a missing id or count is made as before
                card[name] = EmptyCell()
                card.places[name] = (cell.loc if cell is not None else card.loc, header_locs[i])
            continue
        header = name if name != "count" or not _copies_column(source) else _copies_column(source)
        card[name] = _value(cell, header, source)
        card.places[name] = (cell.loc, header_locs[i])
    if "id" not in headers:
        _made_id(card, row, number, headers, source, ids)
    if isinstance(card.get("id"), (int, float)) and not isinstance(card.get("id"), bool):
        card["id"] = _number_text(card["id"])  # ids are names: 7 in a cell is the id "7"
    if isinstance(card.get("id"), str):
        ids.setdefault(card["id"], card.loc_of("id"))
    return card


def _made_id(card: LocDict, row: list[_Cell], number: int, headers: dict[str, int], source: SheetSource, ids: dict[str, Loc]) -> None:
    """The id of a card from a sheet with no `id` column (a Squib or nanDECK sheet has none): made from `id_column`,
    else from a `name` or `title` column (in any case), else the row's number in the sheet; made unique in row order."""
    column = source.id_column.strip() if source.id_column else next((h for h in headers if h.lower() in ID_SOURCES), None)
    cell = row[headers[column]] if column is not None and headers[column] < len(row) else None
    if cell is None or _is_empty(cell.value):
        if source.id_column:
            at = cell.loc if cell is not None else Loc(card.loc.path, card.loc.line, headers[column] + 1, card.loc.sheet)
            raise PnpError(error("sheet-no-id", f"this row has no '{column}', from which its id is made: fill it in", at))
        card["id"] = unique_id(str(number), ids)  # the row's number, as a spreadsheet program shows it
        card.set_loc("id", card.loc)
        return
    card["id"] = unique_id(_slug(_as_text(cell.value)), ids)
    card.set_loc("id", cell.loc)


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "card"


def _value(cell: _Cell, header: str, source: SheetSource):
    try:
        return _typed(cell, header, source)
    except NumberTooLong:
        raise PnpError(error("sheet-number-too-long", f"{NumberTooLong.message} (name its column in the deck's text_columns)", cell.loc)) from None


def _typed(cell: _Cell, header: str, source: SheetSource):
    raw = cell.value
    if header in source.text_columns:
        return cell.shown or _as_text(raw)
    if header in source.list_columns:
        items = LocList(cell.loc)
        for part in _as_text(raw).split(source.list_columns[header]):
            if part.strip():
                items.append(_cell_scalar(part.strip()))
                items.locs.append(cell.loc)
        return items
    if isinstance(raw, str):
        if cell.decimal_comma and DECIMAL_COMMA.fullmatch(raw.strip()):
            return WrittenFloat(float(raw.strip().replace(",", ".")), raw.strip())
        return as_written(_cell_scalar(raw.strip()), raw.strip()) if "\n" not in raw else raw.strip("\n")
    if cell.shown is not None:
        return as_written(int(raw), cell.shown) if float(raw).is_integer() else WrittenFloat(raw, cell.shown)
    if isinstance(raw, float) and raw.is_integer():
        return int(raw)  # workbooks store every number as a float: a 3 typed in a cell is 3
    if isinstance(raw, (datetime.date, datetime.time, datetime.timedelta)):
        return raw.isoformat() if hasattr(raw, "isoformat") else str(raw)
    return raw


# A number written with a decimal comma, `1,5` or `-0,25`: Excel saves a sheet with `;` between cells in the locales
# that write numbers so, where a comma cannot also part the cells
DECIMAL_COMMA = re.compile(r"[-+]?[0-9]+,[0-9]+")


def _cell_scalar(text: str):
    """A cell's text typed as YAML types a plain value (`3`, `true`), but never as YAML's null: a spreadsheet shows a
    card named `Null` or a `~` as the text typed, and a cell is empty only when nothing is in it (a Trello or database
    export's `Null` would print Python's `None`)."""
    value = typed_scalar(text)
    return text if value is None else value


class Written:
    """A number printed as its sheet writes or shows it, while counts, sums and comparisons read the number: the text it
    prints and the plain type (`plain`) it is made again as."""

    __slots__ = ()
    text: str
    plain: type

    def __new__(cls, value, text: str):
        number = super().__new__(cls, value)
        number.text = text
        return number

    def __str__(self) -> str:
        return self.text

    def __reduce__(self):
        return type(self), (self.plain(self), self.text)


class WrittenInt(Written, int):
    """A whole number typed in a cell, printed as typed: "+1" stays "+1" on the card (a bonus). A CSV port from Squib or
    nanDECK prints "+1" where the sheet says so; YAML's rules alone would print 1."""

    plain = int


class WrittenFloat(Written, float):
    """A workbook's number shown by its cell's format (pnp.data.shown_numbers), printed as shown: 0.25 in a `0%` cell
    prints "25%" and 3.14159 in a `0.00` cell "3.14", as the designer sees them in Excel. A whole number so shown is a
    WrittenInt. A semicolon sheet's `1,5` is one too (DECIMAL_COMMA)."""

    plain = float


def as_written(value, text: str):
    """`value` read from `text`: a whole number that would print otherwise than written keeps the writing (WrittenInt)."""
    if type(value) is int and str(value) != text:
        return WrittenInt(value, text)
    return value


def _as_text(raw) -> str:
    if isinstance(raw, bool):
        return "true" if raw else "false"
    if isinstance(raw, (int, float)):
        return _number_text(raw)
    if isinstance(raw, (datetime.date, datetime.time)):
        return raw.isoformat()
    return str(raw).strip()


def _number_text(value) -> str:
    return str(int(value)) if isinstance(value, float) and value.is_integer() else str(value)


def sheet_rows(path: Path, rel: str, sheet: str | None = None) -> tuple[list[list[_Cell]], Loc]:
    """Every row of a CSV, TSV, XLSX or ODS file as cells (`.value`, `.loc`), read as a deck's sheet is (an answer sheet:
    pnp.data.answers), and where the table starts; a sheet too big is one to import in parts."""
    return _read_rows(SheetSource(path, rel, sheet, split=SPLIT_SHEET))


def _read_rows(source: SheetSource) -> tuple[list[list[_Cell]], Loc]:
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


def _text_rows(source: SheetSource, delimiter: str | None) -> list[list[_Cell]]:
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
            rows.append([_Cell(unguarded(v), Loc(source.rel, line, i + 1), decimal_comma=delimiter == ";") for i, v in enumerate(values)])
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
    return [[(cell.value, cell.loc) for cell in row] for row in _read_rows(source)[0]]


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


def _workbook_rows(source: SheetSource) -> tuple[list[list[_Cell]], Loc]:
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
    rows = [[_Cell(v, Loc(source.rel, r + 1, c + 1, name)) for c, v in enumerate(row)] for r, row in enumerate(values)]
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


def _shown_as_formatted(rows: list[list[_Cell]], formats: dict[tuple[int, int], str]) -> None:
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
