"""The docs' cards-per-sheet figures are the build's (issue 75 items 3 and 19): the paper table of docs/print-and-cut.md and
the README's captions of the Letter and tabloid pictures, each read against what `pnp list --format json` says a deck
takes on that paper (the planner the build prints with), so a change of layout that leaves a figure behind fails here.
"""
from __future__ import annotations

import json
import re
import shutil

import pytest
from conftest import ROOT, run_pnp

from pnp.core.units import DEFAULT_PRINTABLE_MM
from pnp.outputs.sheet_notes import sheet_listing

TABLE_HEAD = "| paper | poker | with bleed | mini (44.45 × 63.5) | tarot |"
COLUMNS = {"poker": ((63.5, 88.9), 0.0), "with bleed": ((63.5, 88.9), 3.0), "mini (44.45 × 63.5)": ((44.45, 63.5), 0.0),
           "tarot": ((69.85, 120.65), 0.0)}  # the sizes named in the table's head; --bleed is 3 mm
CELL = re.compile(r"^(\d+)(?: \((\d+) × (\d+)( landscape)?\))?$")
WORDS = {"nine": 9, "eighteen": 18}


def _table() -> list[dict[str, str]]:
    text = (ROOT / "docs/print-and-cut.md").read_text()
    assert TABLE_HEAD in text, "the paper table's head moved: update this test with it"
    lines = text[text.index(TABLE_HEAD):].splitlines()
    head = [c.strip() for c in lines[0].strip("|").split("|")]
    rows = []
    for line in lines[2:]:
        if not line.startswith("|"):
            break
        rows.append(dict(zip(head, (c.strip() for c in line.strip("|").split("|")), strict=True)))
    return rows


def test_the_paper_tables_cards_a_sheet_are_what_the_build_plans():
    text = (ROOT / "docs/print-and-cut.md").read_text()
    said = re.search(r"Poker cards a sheet \(default ([\d.]+) mm printer margin", text)
    assert said and float(said.group(1)) == DEFAULT_PRINTABLE_MM, "the table names the default printer margin it was planned for"
    rows = _table()
    assert {r["paper"] for r in rows} == {"letter", "a4", "legal", "tabloid", "a3", "a3plus"}
    for row in rows:
        for column, (size, bleed) in COLUMNS.items():
            count, cols, rows_, landscape = CELL.match(row[column]).groups()
            listed = sheet_listing(size, 100, row["paper"], DEFAULT_PRINTABLE_MM, 0.0, bleed)
            assert listed["per_sheet"] == int(count), (row["paper"], column, listed)
            if cols:
                assert listed["grid"] == [int(cols), int(rows_)] and listed["landscape"] == bool(landscape), (row["paper"], column, listed)


@pytest.fixture(scope="module")
def built_copy(shared_build, tmp_path_factory):
    """A copy of the plain build's output (conftest.shared_build is read-only to its tests): `pnp list --out` keeps its
    checks in the build cache of the folder it names, answered there from what the build kept."""
    out = tmp_path_factory.mktemp("figures") / "built"
    shutil.copytree(shared_build(), out, symlinks=True)
    return out


def _captions() -> list[tuple[str, str]]:
    """(image, alt text) of each picture the README shows."""
    return re.findall(r'<img src="([^"]+)" alt="([^"]+)"', (ROOT / "README.md").read_text())


@pytest.mark.parametrize("image, paper, deck", [("docs/images/card-sheet.png", "letter", "patients"),
                                                ("docs/images/paper-tabloid.png", "tabloid", "influence")])
def test_the_readmes_sheet_captions_say_what_a_sheet_of_organ_match_holds(image, paper, deck, built_copy):
    alt = dict(_captions())[image]
    result = run_pnp(ROOT, "list", "organ-match", "--paper", paper, "--format", "json", "--out", str(built_copy))
    assert result.exit_code == 0, result.output + result.stderr
    sheet = next(d["sheet"] for d in json.loads(result.stdout)[0]["decks"] if d["id"] == deck)
    count = re.search(r"(\d+|nine|eighteen) cards", alt).group(1)
    assert (WORDS.get(count) or int(count)) == sheet["per_sheet"], (alt, sheet)
    grid = re.search(r"(\d+) by (\d+)", alt)
    if grid:
        assert [int(grid.group(1)), int(grid.group(2))] == sheet["grid"], (alt, sheet)


def test_the_printing_pages_letter_figures_are_the_default_layouts():
    """docs/printing.md's figures for 3 × 3 on Letter with no profile (issue 75 item 3): the grid's distance from the top
    and the bottom and the marks the bottom margin holds, and the grids of poker and bridge on Letter and tabloid."""
    from pnp.render.impose import plan_sheet

    text = " ".join((ROOT / "docs/printing.md").read_text().split())
    said = re.search(r"poker and bridge cards print (\d) × (\d) on Letter \((\d+) a sheet\) and (\d) × (\d) and (\d) × (\d) on tabloid "
                     r"\((\d+) and (\d+)\).*?The grid sits ([\d.]+) mm from the top and ([\d.]+) mm from the bottom: the [\d.]+ mm below it "
                     r"hold ([\d.]+) mm marks", text)
    assert said, "the paragraph on Letter without a profile moved: update this test with it"
    n = [float(v) for v in said.groups()]
    letter, bridge = plan_sheet("letter", (63.5, 88.9)), plan_sheet("letter", (57.15, 88.9))
    assert (letter.cols, letter.rows, letter.per_sheet) == (bridge.cols, bridge.rows, bridge.per_sheet) == (n[0], n[1], n[2])
    poker_t, bridge_t = plan_sheet("tabloid", (63.5, 88.9)), plan_sheet("tabloid", (57.15, 88.9))
    assert (poker_t.cols, poker_t.rows, bridge_t.cols, bridge_t.rows, poker_t.per_sheet, bridge_t.per_sheet) == tuple(n[3:9])
    top = letter.page_h - (letter.slot(0).y + letter.slot(0).h)
    assert (round(top / 1000, 2), round(letter.slot(8).y / 1000, 2), round(letter.mark_room("bottom") / 1000, 2)) == (n[9], n[10], n[11])
