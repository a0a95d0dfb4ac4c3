"""A workbook not shaped as a deck's sheet is said once, at its cell, in words that say what to write: a sheet whose
first row is already a card (its numbers read as Excel shows them, 0 and not 0.0), and a sheet of a header row alone.
The workbook is written here with openpyxl, as a spreadsheet program stores it (numbers as numbers, text as shared
strings); tests/test_excel_samples.py reads a real one Excel saved."""
from __future__ import annotations

from pathlib import Path

import openpyxl
from conftest import run_pnp

DECK = "data/tiny/decks/heroes.yaml"


def _workbook(project: Path, sheet: str, rows: list[list]) -> None:
    book = openpyxl.Workbook()
    book.active.title = sheet
    for row in rows:
        book.active.append(row)
    book.save(project / "data/tiny/decks/cards.xlsx")
    (project / DECK).write_text(f"name: Heroes\nsize: poker\nfront: tiny/hero.j2\nback: tiny/back.j2\ncards_from: cards.xlsx\nsheet: {sheet}\n",
                                encoding="utf-8")


def _errors(output: str) -> list[str]:
    return [line for line in output.splitlines() if ": error: " in line]


def test_a_sheet_without_a_header_row_is_one_error_at_its_first_row_whose_numbers_repeat(project):
    """The first row is a card: its 0 in B1 and E1 would name two columns 0 (as Excel shows them, not 0.0), but that is
    what a missing header row does, so the one error says the cause, at A1, not a column named twice."""
    _workbook(project, "deck", [["Spell 1", 0, "A card", 3, 0], ["Spell 2", 1, "Another", 2, 5]])
    result = run_pnp(project, "validate")
    assert result.exit_code != 0
    assert _errors(result.output) == [
        "data/tiny/decks/cards.xlsx[deck]!A1: error: row 1 is read as the field names, yet it looks like a card (its numbers and texts are in the "
        "columns where a card's row below has them: 'Spell 1', '0', 'A card', '3', '0'): write the field names in a row above it, or that card "
        "is lost and its values name the fields"]


def test_a_sheet_of_a_header_row_alone_is_an_error_at_the_sheet_saying_to_add_cards(project):
    _workbook(project, "format", [["name", "tier", "value", "text"]])
    result = run_pnp(project, "validate")
    assert result.exit_code != 0
    (line,) = _errors(result.output)
    assert line.startswith("data/tiny/decks/cards.xlsx[format]!A1: error: ") and "no card under it" in line
    assert "list should have" not in result.output


def test_a_new_workbook_saved_with_nothing_typed_is_one_error_at_its_first_sheet_saying_to_write_the_header(project):
    """Excel's new workbook (Sheet1, Sheet2, Sheet3) saved before a cell is typed, named by a deck without `sheet:`: no
    sheet is filled, so there is no choice of sheet to ask the designer for; the one error is at the first sheet's A1,
    saying to write the field names there."""
    book = openpyxl.Workbook()
    book.active.title = "Sheet1"
    book.create_sheet("Sheet2")
    book.create_sheet("Sheet3")
    book.save(project / "data/tiny/decks/cards.xlsx")
    (project / DECK).write_text("name: Heroes\nsize: poker\nfront: tiny/hero.j2\nback: tiny/back.j2\ncards_from: cards.xlsx\n", encoding="utf-8")
    result = run_pnp(project, "validate")
    assert result.exit_code != 0
    assert _errors(result.output) == [
        "data/tiny/decks/cards.xlsx[Sheet1]!A1: error: the sheet has no header row: write the field names in its first row"]
