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

from pnp.data.spreadsheet import sheet_rows

SAMPLE = Path(__file__).parent / "samples" / "excel" / "card-management-cards.xlsx"
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
    openpyxl = pytest.importorskip("openpyxl")
    shown = [[v for v in row] for row in openpyxl.load_workbook(SAMPLE, read_only=True)["deck"].iter_rows(values_only=True)]
    rows, _start = sheet_rows(SAMPLE, "cards.xlsx", "deck")
    read = [[cell.value for cell in row] + [None] * (len(shown[0]) - len(row)) for row in rows]
    assert len(read) == len(shown) == 52
    assert [[(v, type(v) is str) for v in row] for row in read] == [[(v, type(v) is str) for v in row] for row in shown]
    assert str(rows[7][0].loc) == "cards.xlsx[deck]!A8"


def test_a_sheet_without_a_header_row_is_one_error_at_the_cell_whose_number_repeats(project):
    """The `deck` sheet's first row is a card: its 0 in B1 and E1 read as two columns named 0 (as Excel shows them, not
    0.0), one error at E1 naming both."""
    _point_heroes_at(project, "deck")
    result = run_pnp(project, "validate")
    assert result.exit_code != 0
    assert _errors(result.output) == [
        "data/tiny/decks/cards.xlsx[deck]!E1: error: column E '0' repeats column B '0' (both give field '0'): rename or remove one"]


def test_a_sheet_of_a_header_row_alone_is_an_error_at_the_sheet_saying_to_add_cards(project):
    _point_heroes_at(project, "format")
    result = run_pnp(project, "validate")
    assert result.exit_code != 0
    (line,) = _errors(result.output)
    assert line.startswith("data/tiny/decks/cards.xlsx[format]!A1: error: ") and "no card under it" in line
    assert "list should have" not in result.output
