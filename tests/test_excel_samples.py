"""A workbook Microsoft Excel saved itself (tests/samples/excel, source in its README), read as a deck's sheet: pnp reads
each cell as Excel shows it (a shared string as its text, a stored number as that number), and where the sheet is not
shaped as a deck's sheet it says so once, at the cell, in words that say what to write. What Excel shows is read with
openpyxl, a reader pnp's own workbook reader does not use."""
from __future__ import annotations

import re
import shutil
import zipfile
from pathlib import Path

import pytest
from conftest import run_pnp

from pnp.data.sheet_rows import sheet_rows

SAMPLE = Path(__file__).parent / "samples" / "excel" / "text-and-numbers.xlsx"
DECK = "data/tiny/decks/heroes.yaml"


def _point_heroes_at(project: Path, sheet: str) -> None:
    shutil.copy(SAMPLE, project / "data/tiny/decks/cards.xlsx")
    (project / DECK).write_text(f"name: Heroes\nsize: poker\nfront: tiny/hero.j2\nback: tiny/back.j2\ncards_from: cards.xlsx\nsheet: {sheet}\n",
                                encoding="utf-8")


def _errors(output: str) -> list[str]:
    return [line for line in output.splitlines() if ": error: " in line]


def test_the_sample_was_saved_by_excel():
    with zipfile.ZipFile(SAMPLE) as book:
        app = book.read("docProps/app.xml").decode("utf-8")
        assert re.search(r"<Application>Microsoft Excel</Application>", app)
        assert "xl/sharedStrings.xml" in book.namelist()


def test_every_cell_reads_as_excel_shows_it():
    """Each cell Excel shows filled is read at its own cell with what Excel shows: the Hebrew words (shared strings) as
    text, 1337 and 13.37 (stored numbers) as those numbers, not as text; the empty row 3 and the styled empty cells of
    row 5 give nothing."""
    openpyxl = pytest.importorskip("openpyxl")
    shown = {cell.coordinate: cell.value for row in openpyxl.load_workbook(SAMPLE)["Sheet1"].iter_rows()
             for cell in row if cell.value is not None}
    rows, _start = sheet_rows(SAMPLE, "cards.xlsx", "Sheet1")
    read = {str(cell.loc).rsplit("!", 1)[1]: cell.value for row in rows for cell in row if cell.value not in (None, "")}
    assert read == shown and len(shown) == 9
    assert {key: type(value) is str for key, value in read.items()} == {key: type(value) is str for key, value in shown.items()}
    assert (read["B2"], read["B4"]) == ("שלום", 13.37)


def test_a_card_below_an_empty_row_is_found_at_the_row_excel_numbers(project):
    """Sheet1's header is row 1 (English, Hello, World), its cards rows 2 and 4 with row 3 left empty: a card lacking
    what the game asks is named at its own row as Excel numbers it, A2 and A4, never at a row counted without the gap.
    (The game asks its `English` column for one word the sheet's cards lack: a field no card has at all is one error
    at the constraint's name instead.)"""
    _point_heroes_at(project, "Sheet1")
    game = project / "data/tiny/game.yaml"
    game.write_text(game.read_text(encoding="utf-8") + "  - {check: allowed, in: decks.heroes, field: English, values: [Latin]}\n", encoding="utf-8")
    result = run_pnp(project, "validate")
    assert result.exit_code != 0
    cells = {line.split(": error: ")[0].rsplit("!", 1)[1] for line in _errors(result.output) if "[Sheet1]!" in line}
    assert cells == {"A2", "A4"}


def test_an_empty_sheet_excel_wrote_is_one_error_at_its_first_cell_saying_to_write_the_header(project):
    """Sheet2 is a sheet Excel saved with nothing in it (its XML holds no row): one error, at A1, asking for the field
    names in the first row, and no other finding about the deck's cards."""
    _point_heroes_at(project, "Sheet2")
    result = run_pnp(project, "validate")
    assert result.exit_code != 0
    (line,) = _errors(result.output)
    assert line.startswith("data/tiny/decks/cards.xlsx[Sheet2]!A1: error: ") and "first row" in line
