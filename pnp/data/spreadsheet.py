"""Card rows from a spreadsheet: CSV, TSV, XLSX or ODS, one row per card.

Designers balance a deck in a spreadsheet (sort by cost, count by type, fill
down), so a deck's YAML may name a sheet instead of listing its cards. The
rows become the same located mappings a YAML deck holds, each value pointing
at its cell, so the schema, constraints, facts and cache treat both alike.
The file's rows come as located cells from pnp.data.sheet_rows (a text sheet's bytes, a workbook's sheets); here
they become cards: the header row's fields, each value typed as written, the copies and a made id.
"""
from __future__ import annotations

import datetime
import re

from pnp.core.errors import SHEET_NO_HEADER, Finding, Loc, PnpError, column_letters, did_you_mean, error, printable, warning
from pnp.core.units import number_as_written
from pnp.data.formulas import merged_ranges, ods_merged_ranges
from pnp.data.located import EmptyCell, LocDict, LocList
from pnp.data.made_ids import unique_id
from pnp.data.sheet_header import ROWS_COMPARED, looks_like_data
from pnp.data.sheet_rows import Cell, SheetSource, rows_of
from pnp.data.source import NumberTooLong, typed_scalar

COUNT_HEADERS = ("count", "qty", "quantity")  # what spreadsheet users call the copies column
NO_COPIES = "none"  # `count_column: none`: no column gives copies (a Squib sheet's `count` may count pips): one card a row
ID_SOURCES = ("name", "title")  # columns a sheet without ids names its cards by (docs/data.md)
class SheetCard(LocDict):
    """A card read from a sheet's row. `headers` gives a field the header its sheet writes, where the two differ (a copies
    column `Qty` fills `count`): a finding about the field names the column the designer sees."""

    __slots__ = ("headers",)

    def __init__(self, loc, path: str | None = None):
        super().__init__(loc, path)
        self.headers: dict[str, str] = {}


def read_cards(source: SheetSource, warned: list[Finding] | None = None) -> LocList:
    """The sheet's rows as card mappings (header → typed value), each located at its cells; values under no header
    are said in `warned`, when given (`unheaded`)."""
    rows, table_loc = rows_of(source)
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


def _data_as_header(rows: list[list[Cell]], header_at: int) -> Finding | None:
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


def unheaded(rows: list[list[Cell]], columns: dict[int, str]) -> list[Finding]:
    """A warning for each column holding values under no header (an empty header cell, or cells past the header row's
    last): no card reads them, so what is typed there would vanish from the printed cards unsaid. One a column, at
    its first value."""
    first: dict[int, Cell] = {}
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


def _values_said(cell: Cell, more: int) -> str:
    shown = printable(_as_text(cell.value))[:40]
    return f"its value '{shown}' reaches" if not more else f"its {more + 1} values ('{shown}' first) reach"


def _blank(row: list[Cell]) -> bool:
    return all(_is_empty(c.value) for c in row)


def _is_empty(value) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def _columns(header: list[Cell], source: SheetSource) -> dict[int, str]:
    """Column index → field name; a duplicate or ambiguous header is an error naming both columns."""
    names: dict[int, str] = {}
    seen: dict[str, Cell] = {}
    repeats: dict[str, list[Cell]] = {}
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


def _repeated(first: Cell, cells: list[Cell], key: str) -> Finding:
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


def _card(row: list[Cell], number: int, columns: dict[int, str], header_locs: dict[int, Loc], source: SheetSource, ids: dict[str, Loc]) -> LocDict:
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
        card["id"] = number_as_written(card["id"])  # ids are names: 7 in a cell is the id "7"
    if isinstance(card.get("id"), str):
        ids.setdefault(card["id"], card.loc_of("id"))
    return card


def _made_id(card: LocDict, row: list[Cell], number: int, headers: dict[str, int], source: SheetSource, ids: dict[str, Loc]) -> None:
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


def _value(cell: Cell, header: str, source: SheetSource):
    try:
        return _typed(cell, header, source)
    except NumberTooLong:
        raise PnpError(error("sheet-number-too-long", f"{NumberTooLong.message} (name its column in the deck's text_columns)", cell.loc)) from None


def _typed(cell: Cell, header: str, source: SheetSource):
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
        return number_as_written(raw)
    if isinstance(raw, (datetime.date, datetime.time)):
        return raw.isoformat()
    return str(raw).strip()


