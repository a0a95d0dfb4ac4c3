"""A deck read from a workbook Microsoft Excel wrote (issue #101, contracts against real samples): tests/samples/excel
says where it comes from. Excel keeps every number as a double; a person reads 157, 54 and 54.14, and a finding in the
sheet names its cell as Excel does (column letter, row number)."""
from __future__ import annotations

import shutil

import pdfplumber
import pytest
from conftest import ROOT, TEST_PROJECT, run_pnp

SAMPLE = ROOT / "tests/samples/excel/terraforming-mars-cards.xlsx"
DECK = "name: Stats\nsize: poker\nfront: tiny/stat.j2\nback: tiny/back.j2\ncards_from: stats.xlsx\n"
STAT = ('{{ text(card.Card, 5, 5, face.w - 10, 10, size=8) }}\n'
        '{{ text(card.RANK ~ "|" ~ card.Plays ~ "|" ~ card.Wins ~ "|" ~ card["Win Rate"] ~ "|" ~ card.WAP, 5, 20, face.w - 10, 10, size=7) }}\n')


@pytest.fixture
def stats(project):
    """The tiny game (conftest's private copy) with a deck read from Excel's workbook."""
    root = project
    shutil.copy(SAMPLE, root / "data/tiny/decks/stats.xlsx")
    (root / "data/tiny/decks/stats.yaml").write_text(DECK)
    (root / "templates/tiny/stat.j2").write_text(STAT)
    return root


def test_excels_doubles_print_as_the_numbers_a_person_reads(stats):
    project = stats
    result = run_pnp(project, "build", "tiny", "--only", "cards", "--deck", "stats", "--out", str(project / "out"))
    assert result.exit_code == 0, result.output
    assert "208 pieces" in result.output  # a card per row below the header
    with pdfplumber.open(project / "out/tiny/tiny-cards-stats.pdf") as pdf:
        words = pdf.pages[0].extract_text()
    # the sheet's first rows: ICE CAP MELTING ranked 1.0, 157.0 plays, 85.0 wins, 54.14; ADVANCED ECOSYSTEMS 54.0
    assert "ICE CAP MELTING" in words and "1|157|85|54.14|0.157" in words, words
    assert "2|787|425|54|0.138" in words, words
    assert ".0|" not in words


def test_a_value_out_of_range_in_excels_sheet_is_one_error_at_its_cell(stats):
    project = stats
    game = project / "data/tiny/game.yaml"
    game.write_text(game.read_text().replace("constraints:\n", "constraints:\n  - {check: range, in: decks.stats, field: Win Rate, min: 0, max: 54.1}\n", 1))
    result = run_pnp(project, "validate", "tiny")
    found = [line for line in result.output.splitlines() if "54.14" in line]
    # ICE CAP MELTING's win rate, 54.14, is the only one above 54.1: row 2 (under the header), column E (Win Rate)
    assert len(found) == 1 and found[0].startswith("data/tiny/decks/stats.xlsx[Sheet1]!E2:"), result.output


SHOWN_DECK = "name: Shown\nsize: poker\nfront: tiny/shown.j2\nback: tiny/back.j2\ncards_from: shown.xlsx\ntext_columns: [label]\n"
SHOWN_FRONT = ('{{ text("rate " ~ card.rate, 4, 4, 55, 8) }}\n{{ text("pi " ~ card.pi, 4, 14, 55, 8) }}\n'
               '{{ text("twice " ~ (card.pair * 2), 4, 24, 55, 8) }}\n{{ text("label " ~ card.label, 4, 34, 55, 8) }}\n')


@pytest.fixture(scope="module")
def shown_card(tmp_path_factory):
    """One card of a workbook written by openpyxl, which stores formats as Excel does (ECMA-376 part 1, 18.8.30:
    `0.00%` is built-in format 10, `0.00` format 2, `0%` format 9; `0.000` is a custom code of the workbook's own),
    built and read back as the words its front prints."""
    import openpyxl
    from pdftext import pdf_text

    root = tmp_path_factory.mktemp("shown") / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(["id", "rate", "pi", "pair", "label"])
    sheet.append(["one", 0.4567, 3.14159, 2, 0.25])
    for column, code in (("B", "0.00%"), ("C", "0.000"), ("D", "0.00"), ("E", "0%")):
        sheet[f"{column}2"].number_format = code
    book.save(root / "data/tiny/decks/shown.xlsx")
    (root / "data/tiny/decks/shown.yaml").write_text(SHOWN_DECK)
    (root / "templates/tiny/shown.j2").write_text(SHOWN_FRONT)
    result = run_pnp(root, "build", "tiny", "--only", "cards", "--deck", "shown", "--out", str(root / "out"))
    assert result.exit_code == 0, result.output
    return " ".join(pdf_text(root / "out/tiny/tiny-cards-shown.pdf").split())


def test_a_cell_of_excels_built_in_percentage_with_decimals_prints_them(shown_card):
    assert "rate 45.67%" in shown_card, shown_card  # Excel shows 0.4567 in a 0.00% cell as 45.67%


def test_a_cell_of_a_workbooks_own_plain_format_prints_as_excel_shows_it(shown_card):
    assert "pi 3.142" in shown_card and "3.14159" not in shown_card, shown_card


def test_a_whole_number_shown_with_decimals_still_reckons_as_a_whole_number(shown_card):
    assert "twice 4" in shown_card and "twice 4.0" not in shown_card, shown_card  # Excel's =D2*2 of 2 shows 4


def test_a_text_columns_percentage_cell_is_the_text_excel_shows(shown_card):
    assert "label 25%" in shown_card, shown_card  # docs/data-format.md: a text column has the shown text itself
