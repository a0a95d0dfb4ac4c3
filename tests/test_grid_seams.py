"""Tiles that span pages keep a map's cells whole where they can (issue 67), read back from the boards PDF.

A small project prints boards larger than a Letter page: flat-top hex maps, a pointy-top one and a square grid.
On each tile page the dashed cut lines are the seams and every cell outline of the board is there (pdfplumber's objects,
read through pdfium: conftest.pdfium_reader; neither clips the board to the tile), so a seam's cells are counted where
the pasted-up board is cut."""
from __future__ import annotations

import re

import pytest
from pdfplumber.utils import extract_words
from test_vocabulary import MM, build, make_project

HEX = 20  # mm across the flats: a radius of 11.55 mm, columns (flat-top) or rows (pointy-top) 17.32 mm apart
BOARDS = {
    # 330 mm across needs two tiles side by side; the balanced cut (165 mm) falls where columns 8 and 9 overlap
    "flat": ("330 x 180", f"{{{{ hexgrid(5, 5, 18, 8, {HEX}) }}}}"),
    # the balanced cut runs down the middle of column 8, through its labels: the cells alone would keep it there
    "labels": ("330 x 180", f"{{{{ hexgrid(14.9, 5, 17, 8, {HEX}) }}}}"),
    # the same turned: 330 mm down needs two tiles, one above the other, and the balanced cut falls where rows 8 and 9 overlap
    "pointy": ("180 x 330", f'{{{{ hexgrid(5, 5, 8, 18, {HEX}, top="pointy") }}}}'),
    # two tiles each way; grid lines at 157.3 and 172.3 mm across (140.6 and 155.6 down), the balanced cuts between them
    # through the labels of column 10 (row 9)
    "squares": ("330 x 300", "{{ squaregrid(7.3, 5.6, 21, 19, 15) }}"),
}
ON_OUTLINE = 0.2  # mm: a cut this close to a cell's edge runs along its outline (the grid's line is 0.3 mm wide)


@pytest.fixture(scope="module")
def tiles(tmp_path_factory, pdfium_reader):
    """{board: [(seams, cells, labels)] one per tile page}: seams ("x" or "y", position, start, end), cells (x0, top, x1,
    bottom) and labels (text, x0, top, x1, bottom), all in mm on the page. Read through pdfium (conftest.pdfium_reader:
    the objects pdfplumber reads, within 0.02 mm here, in a third of pdfplumber's time)."""
    boards = "boards:\n" + "".join(f"  - {{id: {name}, name: {name}, size: {size}, template: v/{name}.j2}}\n" for name, (size, _) in BOARDS.items())
    files = {"data/v/boards.yaml": boards, **{f"templates/v/{name}.j2": template + "\n" for name, (_, template) in BOARDS.items()}}
    root = make_project(tmp_path_factory.mktemp("grid-seams"), "{{ text('x', 5, 5, 20, 6) }}\n", "- {id: a}\n", files=files)
    build(root, "--only", "boards")
    found: dict[str, list] = {}
    for page in pdfium_reader.pages(root / "output/v/v-boards.pdf"):
        footer = re.search(r"· (\w+) · tile [A-Z]+\d+ of", page.text())
        if footer:
            found.setdefault(footer.group(1), []).append(read_tile(page))
    return found


def read_tile(page):
    seams = [("x", ln["x0"] / MM, ln["top"] / MM, ln["bottom"] / MM) if ln["x0"] == ln["x1"] else ("y", ln["top"] / MM, ln["x0"] / MM, ln["x1"] / MM)
             for ln in page.lines if ln.get("dash") and ln["dash"][0]]
    outlines = [c for c in page.curves + page.rects if c.get("stroke") and not (c.get("dash") and c["dash"][0])]
    cells = [(c["x0"] / MM, c["top"] / MM, c["x1"] / MM, c["bottom"] / MM) for c in outlines if 10 < (c["x1"] - c["x0"]) / MM < 30]
    labels = [(w["text"], w["x0"] / MM, w["top"] / MM, w["x1"] / MM, w["bottom"] / MM) for w in extract_words(page.chars) if re.fullmatch(r"\d+,\d+", w["text"])]
    return seams, cells, labels


def cut(seam, box, margin: float) -> bool:
    """Does the seam's cut line run through the box (x0, top, x1, bottom), `margin` mm inside its edges?"""
    axis, at, start, end = seam
    lo, hi, across0, across1 = (box[0], box[2], box[1], box[3]) if axis == "x" else (box[1], box[3], box[0], box[2])
    return lo + margin < at < hi - margin and across1 > start and across0 < end


@pytest.mark.parametrize(("board", "axis", "fewest"), [("flat", "x", 8), ("labels", "x", 8), ("pointy", "y", 8), ("squares", "x", 0), ("squares", "y", 0)])
def test_a_seam_runs_between_cells_or_through_the_fewest_a_cut_can(tiles, board, axis, fewest):
    """Across a flat-top map a cut can run through one column of hexes (8 of them) clear of their labels, not two; down a
    pointy-top one through one row; a square grid is cut along its lines, through no cell."""
    pages = tiles[board]
    assert len(pages) >= 2
    for seams, cells, _ in pages:
        assert cells, f"{board}: no cell outline read"
        for seam in (s for s in seams if s[0] == axis):
            through = [c for c in cells if cut(seam, c, ON_OUTLINE)]
            assert len(through) <= fewest, f"{board}: the {axis} seam at {seam[1]:.1f} mm cuts {len(through)} cells"
    assert any(s[0] == axis for seams, _, _ in pages for s in seams), f"{board}: no {axis} seam"


@pytest.mark.parametrize("board", BOARDS)
def test_every_cell_label_is_whole_on_one_tile(tiles, board):
    for seams, _, labels in tiles[board]:
        assert labels
        for seam in seams:
            crossed = [label[0] for label in labels if cut(seam, label[1:], -0.2)]
            assert not crossed, f"{board}: the seam at {seam[1]:.1f} mm cuts the labels {crossed}"
