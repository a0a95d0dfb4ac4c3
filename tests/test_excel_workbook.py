"""A deck read from a workbook Microsoft Excel wrote (issue #101, contracts against real samples): tests/samples/excel
says where it comes from. Excel keeps every number as a double; a person reads 157, 54 and 54.14, and a finding in the
sheet names its cell as Excel does (column letter, row number)."""
from __future__ import annotations

import shutil

import pdfplumber
import pytest
from conftest import ROOT, run_pnp

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
