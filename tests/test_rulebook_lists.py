"""The five games' rulebooks, read back from their PDFs: no list ends with one item alone at the top of a page or column."""
from __future__ import annotations

import re

import pytest
from conftest import ROOT
from pdfplumber.utils import extract_words

GAMES = sorted(p.name for p in (ROOT / "data").iterdir() if (p / "game.yaml").is_file())
MARKER = re.compile(r"^(•|–|\d+\.)$")  # a list item's bullet, dash or number, set apart in the item's hanging indent


@pytest.fixture(scope="module")
def books(shared_build):
    """The plain build of the five games (conftest.shared_build), whose rulebooks this file reads."""
    return shared_build()


def columns(pdf_path, reader):
    """Every page's body columns, in reading order: each a list of lines, a line being (left x, [words]). The words are
    pdfplumber's, of the characters pdfium reads (conftest.pdfium_reader: pdfplumber's objects, each page read once per run)."""
    out = []
    for page in reader.pages(pdf_path):
        band = page.height * 0.07  # the running head above, the folio below
        words = [w for w in extract_words(page.chars) if band < w["top"] and w["bottom"] < page.height - band]
        middle = page.width / 2
        for left_side in (True, False):
            lines: dict[int, list] = {}
            for w in (w for w in words if (w["x0"] < middle) == left_side):
                lines.setdefault(round(w["top"]), []).append(w)
            out.append([(min(w["x0"] for w in ws), sorted(ws, key=lambda w: w["x0"])) for _, ws in sorted(lines.items())])
    return [c for c in out if c]


def stranded_items(pdf_path, reader) -> list[str]:
    """The list items that start a column alone: the list's last item, its other items in an earlier column."""
    found = []
    cols = columns(pdf_path, reader)
    for i, col in enumerate(cols):
        first_x, first_words = col[0]
        if not MARKER.match(first_words[0]["text"]):
            continue
        items, ended = 0, False
        for x, ws in col:
            if MARKER.match(ws[0]["text"]):
                items += 1
            elif x < first_x - 1:  # a line set left of the markers, at the column's edge: the list is over
                ended = True
                break
        if not ended and i + 1 < len(cols):  # the list runs to the column's foot: over if the next column starts at its edge
            nx, nws = cols[i + 1][0]
            ended = not MARKER.match(nws[0]["text"]) and nx <= min(x for x, _ in cols[i + 1]) + 1
        ended = ended or i + 1 == len(cols)
        if ended and items == 1:
            found.append(" ".join(w["text"] for w in first_words))
    return found


@pytest.mark.parametrize("game", GAMES)
def test_no_list_leaves_its_last_item_alone_at_the_top_of_a_column(books, pdfium_reader, game):
    pdf = books / game / f"{game}-rulebook.pdf"
    assert stranded_items(pdf, pdfium_reader) == []
