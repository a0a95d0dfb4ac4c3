"""Sheets as other tools and spreadsheet programs save them, read as the designer sees them: a copies column's mistake
named by its own header, cells merged in an ODS sheet warned of as in an XLSX, a first row that is data said so, and a
workbook number shown as Excel shows it. Each sheet is written here in its program's shape."""
from __future__ import annotations

from pathlib import Path

from conftest import run_pnp
from test_spreadsheet_decks import HEAD, use_sheet, write_csv

DECK_DIR = "data/tiny/decks"


def findings(result, kind: str) -> list[str]:
    return [line for line in result.output.splitlines() if f": {kind}: " in line]


def test_a_qty_cell_that_is_no_number_is_named_by_the_sheets_own_header(project: Path):
    """Component.Studio's and many designers' sheets call the copies column `Qty`: the error names `Qty`, the column the
    designer looks for, not the `count` key pnp reads it as."""
    write_csv(project / DECK_DIR / "heroes.csv", [["id", "name", "Qty"], ["knight", "Knight", "2"], ["rogue", "Rogue", "two"]])
    use_sheet(project, "heroes.csv")
    result = run_pnp(project, "validate", "tiny")
    assert result.exit_code == 1
    assert findings(result, "error") == [f"{DECK_DIR}/heroes.csv:3:3: error: cards.rogue.Qty: expected a whole number, got 'two'"], result.output


def test_a_copies_column_named_by_count_column_is_named_so_in_a_bound_error(project: Path):
    write_csv(project / DECK_DIR / "heroes.csv", [["id", "name", "Copies"], ["knight", "Knight", "-1"]])
    (project / DECK_DIR / "heroes.yaml").write_text(HEAD + "cards_from: heroes.csv\ncount_column: Copies\n", encoding="utf-8")
    result = run_pnp(project, "validate", "tiny")
    assert findings(result, "error") == [f"{DECK_DIR}/heroes.csv:2:3: error: cards.knight.Copies: -1 is too small; the minimum is 0"], result.output
