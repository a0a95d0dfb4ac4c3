"""The five games' boards, read back from their PDFs: no cut line runs through a title, and a word cut in two is announced.

The boards are those of the plain Letter and A4 builds every file reads (conftest.shared_build), with what those
builds said; each page is read once per run through conftest.pdfium_reader (pdfplumber's characters and lines, with
their dash patterns, read through pdfium), and pdfplumber's own word function reads those characters. A tile is known
by its footer, read in the order the page draws its characters (a line's words in a row, as pdfplumber's text layout
reads them on every shipped board, at a thirtieth of its cost)."""
from __future__ import annotations

import re

import pytest
from conftest import ROOT, build_log
from pdfplumber.utils import extract_words

GAMES = sorted(p.name for p in (ROOT / "data").iterdir() if (p / "game.yaml").is_file())
PAPERS = ("letter", "a4")
TITLE_PT = 14  # type this large is a title or a heading: no seam may cut it


@pytest.fixture(scope="module")
def built(shared_build):
    """{paper: (the build's folder, what the build said)}: every shipped game built on Letter and on A4."""
    folders = {"letter": shared_build(), "a4": shared_build("--paper", "a4")}
    return {paper: (out, build_log(out)) for paper, out in folders.items()}


def boards_pdf(built, game: str, paper: str):
    out, _ = built[paper]
    return out / game / f"{game}-boards{'' if paper == 'letter' else '-' + paper}.pdf"


_CUT: dict = {}


def cut_words(pdf_path, reader):
    """{board name: {words}}: the words of each tiled board that a cut line (a dashed or dotted seam line) runs through,
    read once for both tests below."""
    if pdf_path not in _CUT:
        _CUT[pdf_path] = _cut_words(pdf_path, reader)
    return _CUT[pdf_path]


def _cut_words(pdf_path, reader):
    found: dict[str, set] = {}
    for page in reader.pages(pdf_path):
        match = re.search(r"· ([^·]+) · tile ([A-Z]+\d+) of", page.text())
        if not match:
            continue
        board = match.group(1).strip()
        found.setdefault(board, set())
        seams = [ln for ln in page.lines if ln.get("dash") and ln["dash"][0]]
        assert seams, f"{pdf_path.name}: tile {match.group(2)} shows no cut line ({match.group(0)})"
        for word in extract_words(page.chars):
            for ln in seams:
                if ln["x0"] == ln["x1"]:  # a vertical seam: the word straddles its x, beside the line
                    crossed = word["x0"] + 0.2 < ln["x0"] < word["x1"] - 0.2 and word["bottom"] > ln["top"] and word["top"] < ln["bottom"]
                else:
                    crossed = word["top"] + 0.2 < ln["top"] < word["bottom"] - 0.2 and word["x1"] > ln["x0"] and word["x0"] < ln["x1"]
                if crossed:
                    found[board].add((word["text"], round(word["bottom"] - word["top"], 1)))
    return found


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", GAMES)
def test_no_seam_cuts_a_title_and_every_cut_word_is_announced(built, pdfium_reader, game, paper):
    _, said = built[paper]
    pdf = boards_pdf(built, game, paper)
    assert pdf.is_file()
    for board, words in cut_words(pdf, pdfium_reader).items():
        titles = {w for w in words if w[1] >= TITLE_PT}
        assert not titles, f"{game} {board} on {paper}: a seam cuts {titles}"
        if words:  # a seam that cannot avoid text says so, naming the board and the paper
            notes = [line for line in said.splitlines() if f"data/{game}/boards.yaml" in line and "warning: a tile seam crosses" in line and f"{paper} tiles" in line]
            assert notes, f"{game} {board} on {paper}: a seam cuts {sorted(words)[:5]} and the build says nothing"


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", GAMES)
def test_no_seam_crosses_any_text(built, pdfium_reader, game, paper):
    """Issue 47: read from the PDF, no word of the five games' boards lies across a tile's cut line, on Letter or A4."""
    _, said = built[paper]
    crossed = {board: sorted(words) for board, words in cut_words(boards_pdf(built, game, paper), pdfium_reader).items() if words}
    assert not crossed, f"{game} on {paper}: {crossed}"
    assert not [line for line in said.splitlines() if f"data/{game}/boards.yaml" in line and "seam crosses" in line]


def test_the_black_market_prints_on_two_letter_pages(built, pdfium_reader):
    """380 × 260 mm misses a Letter page's height by 2.07 mm with corner marks above and below it: with marks below only,
    two portrait tiles hold it (before: 2 × 2)."""
    pages = pdfium_reader.pages(boards_pdf(built, "organ-trail", "letter"))
    tiles = [p for p in pages if re.search(r"· Black Market · tile [A-Z]+\d+ of", p.text())]
    assert len(tiles) == 2
