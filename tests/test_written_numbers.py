"""A number typed in a spreadsheet cell prints as typed (issue 102, a Squib game ported from the docs): a law card's
effect "+1" printed as "1", losing the sign every bonus in such games carries ("007" was already kept as written). The
card keeps the writing; a template still computes with the number. Read from the built card sheets.
"""
from __future__ import annotations

import shutil

import pdfplumber
import pytest
from conftest import TEST_PROJECT, run_pnp

SHEET = "flavor,effect,code\nRed Sunrise,+1,007\nYellow Feather,+2,12\n"  # a small sheet of our own in a Squib port's shape
FRONT = '{{ text(card.flavor, 4, 4, 55, 8) }}\n{{ text("effect " ~ card.effect, 4, 20, 55, 8) }}\n' \
        '{{ text("code " ~ card.code, 4, 30, 55, 8) }}\n{{ text("twice " ~ (card.effect * 2), 4, 40, 55, 8) }}\n'
DECK = "name: Laws\nsize: poker\nfront: tiny/law.j2\ncards_from: laws.csv\n"


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    root = tmp_path_factory.mktemp("written") / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    (root / "data/tiny/decks/laws.csv").write_text(SHEET)
    (root / "data/tiny/decks/laws.yaml").write_text(DECK)
    (root / "templates/tiny/law.j2").write_text(FRONT)
    result = run_pnp(root, "build", "tiny", "--only", "cards", "--deck", "laws", "--out", str(root / "out"))
    assert result.exit_code == 0, result.output + result.stderr
    with pdfplumber.open(root / "out/tiny/tiny-cards-laws.pdf") as pdf:
        return " ".join(pdf.pages[0].extract_text().split())


def test_a_signed_bonus_and_a_leading_zero_print_as_the_sheet_writes_them(built):
    assert "effect +1" in built and "effect +2" in built, built
    assert "code 007" in built and "code 12" in built, built


def test_a_template_still_reckons_with_the_number(built):
    assert "twice 2" in built and "twice 4" in built, built  # +1 doubled is 2, not "+1+1"


def test_every_card_of_a_large_workbook_deck_prints_its_number_as_its_cell_shows_it(tmp_path, monkeypatch):
    """A deck of 500 cards is drawn by two processes on a machine of two cores (docs/performance.md, the deck helper):
    each of its cards, the last as the first, prints the 0.25 of its `0%` cell as Excel shows it, 25%."""
    import openpyxl
    from pdftext import pdf_text

    monkeypatch.setenv("PNP_JOBS", "2")
    root = tmp_path / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(["name", "rate"])
    for n in range(1, 501):
        sheet.append([f"Bonus {n}", 0.25])
        sheet.cell(n + 1, 2).number_format = "0%"
    book.save(root / "data/tiny/decks/bonus.xlsx")
    (root / "data/tiny/decks/bonus.yaml").write_text("name: Bonus\nsize: poker\nfront: tiny/bonus.j2\nback: tiny/back.j2\ncards_from: bonus.xlsx\n")
    (root / "templates/tiny/bonus.j2").write_text('{{ text(card.name ~ " rate " ~ card.rate, 4, 4, 55, 8) }}\n')
    result = run_pnp(root, "build", "tiny", "--only", "cards", "--deck", "bonus", "--out", str(root / "out"))
    assert result.exit_code == 0, result.output
    printed = " ".join(pdf_text(root / "out/tiny/tiny-cards-bonus.pdf").split())
    assert printed.count(" rate 25%") == 500 and "Bonus 500 rate 25%" in printed and "0.25" not in printed, printed[-300:]
