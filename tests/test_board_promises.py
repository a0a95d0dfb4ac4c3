"""A tiled board's registration crosshairs show only where assembly hides them (pnp.outputs.boards): on a tile laid over
its neighbour, in the waste it is cut free of; on the tile under, in the strip its neighbour covers; and each keeps
0.5 mm clear of the cut line, so a hand cut that far off still shows no mark on the assembled board. Read from the
rendered tiles of a plain white board of the tiny game, 380 × 300 mm on Letter (2 × 2 tiles); so are its crop marks,
which side of a seam is dashed and which dotted, and where each tile stands on its page."""
from __future__ import annotations

import shutil

import numpy as np
import pdfplumber
import pytest
from conftest import TEST_PROJECT, render_page, run_pnp

MM = 72 / 25.4
DPI = 400
PX = DPI / 25.4
CLEAR_MM = 0.5  # a crosshair's clearance from the cut line


@pytest.fixture(scope="module")
def tiles(tmp_path_factory):
    """The boards PDF of a plain white 380 × 300 mm board: its map, then tiles A1, A2, B1, B2."""
    root = tmp_path_factory.mktemp("plain-board") / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    (root / "data/tiny/boards.yaml").write_text("boards:\n  - id: plain\n    name: Plain\n    size: 380 x 300\n    template: tiny/plain.j2\n")
    (root / "templates/tiny/plain.j2").write_text('{{ rect(0, 0, face.w, face.h, fill="#ffffff") }}\n')
    result = run_pnp(root, "build", "tiny", "--only", "boards", "--no-validate")
    assert result.exit_code == 0, result.output + result.stderr
    return root / "output/tiny/tiny-boards.pdf"


def _seams_and_crosshairs(pdf, index: int):
    """The page's seam lines (dashed: this tile is cut there; dotted: its neighbour's edge lies there) as (axis, at mm,
    from, to), and the centres (mm from the top-left) of the 4 mm crosshair circles drawn on them."""
    size, lines = _seam_lines(pdf, index)
    with pdfplumber.open(pdf) as doc:
        rings = {(round((c["x0"] + c["x1"]) / 2 / MM, 2), round((c["top"] + c["bottom"]) / 2 / MM, 2)) for c in doc.pages[index].curves
                 if abs((c["x1"] - c["x0"]) / MM - 4) < 0.2 and abs((c["bottom"] - c["top"]) / MM - 4) < 0.2}
    return size, [line[:4] for line in lines], rings


@pytest.mark.parametrize("index", [1, 2, 3, 4], ids=["A1", "A2", "B1", "B2"])
def test_a_crosshair_shows_only_on_the_hidden_side_of_its_seam_half_a_mm_clear_of_the_cut(tiles, index):
    """The hidden side of a seam lies towards the tile's edge (the overlap strip): cut off from the tile laid over,
    covered on the tile under. Around each crosshair every dark pixel but the seam line's own lies on that side, at
    least 0.5 mm from the line (less a pixel and half a line's width for the rendering)."""
    size, seams, rings = _seams_and_crosshairs(tiles, index)
    grey = np.asarray(render_page(tiles, index, DPI).convert("L"))
    found = 0
    for axis, at, lo, hi in seams:
        middle = size[0] / 2 if axis == "x" else size[1] / 2
        outward = 1 if at > middle else -1
        for cx, cy in rings:
            along, across = (cy, cx) if axis == "x" else (cx, cy)
            if abs(across - at) > 0.05 or not lo <= along <= hi:
                continue
            found += 1
            x0, x1, y0, y1 = (round(v * PX) for v in (cx - 4.5, cx + 4.5, cy - 4.5, cy + 4.5))
            window = grey[y0:y1, x0:x1] < 128
            ys, xs = np.nonzero(window)
            offsets = ((x0 + xs) / PX if axis == "x" else (y0 + ys) / PX) - at
            marks = offsets[np.abs(offsets) > 0.25]  # the seam line itself (0.4 pt dashes) left out
            assert marks.size, f"no crosshair drawn at {cx, cy}"
            assert (marks * outward >= CLEAR_MM - 0.15).all(), \
                f"crosshair at {cx, cy} shows {np.min(marks * outward):.2f} mm from its cut line on the {axis} seam at {at} mm"
    assert found >= 2, "each tile has crosshairs on its seams"


@pytest.mark.parametrize("index", [1, 2, 3, 4], ids=["A1", "A2", "B1", "B2"])
def test_a_tiles_crop_marks_continue_only_the_boards_own_edges_never_a_seam(tiles, index):
    """Each tile of a 2 × 2 board holds one corner of it: two of its edges are the board's, cut with the help of crop
    marks that continue them past the corners; its two other edges are seams, cut along their dashed line, with no crop
    mark. So every mark (a short black line in the margin) lies on one of two lines: one across, one up."""
    with pdfplumber.open(tiles) as doc:
        page = doc.pages[index]
        marks = [tuple(v / MM for v in (ln["x0"], ln["top"], ln["x1"], ln["bottom"])) for ln in page.lines
                 if not (ln.get("dash") and ln["dash"][0]) and abs(ln["linewidth"] - 0.3) < 0.01 and not any(ln["stroking_color"])]
    marks = [m for m in marks if 1.5 <= max(m[2] - m[0], m[3] - m[1]) <= 6]  # not a crosshair's 7 mm arms
    across = {round(m[1], 1) for m in marks if abs(m[3] - m[1]) < 0.01}
    up = {round(m[0], 1) for m in marks if abs(m[2] - m[0]) < 0.01}
    assert len(across) == 1 and len(up) == 1, f"crop marks on the lines y = {sorted(across)} and x = {sorted(up)} mm"


def _seam_lines(pdf, index: int):
    """The page's size (mm) and its seam lines as (axis, at mm from the page's left or top, from, to, dash on, dash off):
    axis "x" for a vertical line, "y" for a horizontal one."""
    with pdfplumber.open(pdf) as doc:
        page = doc.pages[index]
        size = (float(page.width) / MM, float(page.height) / MM)
        found = []
        for ln in page.lines:
            if ln.get("dash") and ln["dash"][0]:
                on, off = ln["dash"][0][:2]
                x0, top, x1, bottom = (v / MM for v in (ln["x0"], ln["top"], ln["x1"], ln["bottom"]))
                found.append(("x", x0, top, bottom, on, off) if abs(x1 - x0) < 0.01 else ("y", top, x0, x1, on, off))
    return size, found


@pytest.mark.parametrize("index", [1, 2, 3, 4], ids=["A1", "A2", "B1", "B2"])
def test_a_tile_is_cut_on_a_dashed_line_toward_its_left_and_upper_neighbours_and_dotted_toward_the_others(tiles, index):
    """docs/printing.md: a tile with a left or upper neighbour is cut along the dashed line through the crosshairs and
    laid over that neighbour; the tile underneath shows where that cut edge will lie as a dotted line. So on each tile of
    the 2 × 2 board the seam on its left or top side is dashed (dashes longer than their gaps) and the seam on its right
    or bottom side dotted (dots shorter than their gaps): A1 has two dotted seams, B2 two dashed ones."""
    size, lines = _seam_lines(tiles, index)
    assert len(lines) == 2, lines
    for axis, at, _lo, _hi, on, off in lines:
        towards_left_or_top = at < (size[0] if axis == "x" else size[1]) / 2
        assert (on > off) == towards_left_or_top, (axis, at, on, off)


@pytest.mark.parametrize("index", [1, 2, 3, 4], ids=["A1", "A2", "B1", "B2"])
def test_a_tile_shorter_than_the_page_stands_in_its_middle(tiles, index):
    """A balanced tile of the 380 × 300 mm board is (380 + 10) / 2 = 195 mm wide and (300 + 10) / 2 = 155 mm tall
    (docs/printing.md: 10 mm overlap, all tiles the same length), far shorter than upright Letter's 279.4 mm: it stands
    in the page's middle, not against the footer. Each seam line runs the tile's whole length, so the vertical one
    gives the tile's height and place down the page, the horizontal one its width and place across; the middle lies
    within 2.5 mm of the page's (the footer's band below the tile makes the bottom margin a little wider)."""
    (page_w, page_h), lines = _seam_lines(tiles, index)
    (down,) = [(lo, hi) for axis, _at, lo, hi, _on, _off in lines if axis == "x"]
    (across,) = [(lo, hi) for axis, _at, lo, hi, _on, _off in lines if axis == "y"]
    assert down[1] - down[0] == pytest.approx(155, abs=0.1) and across[1] - across[0] == pytest.approx(195, abs=0.1), (down, across)
    assert abs((down[0] + down[1]) / 2 - page_h / 2) <= 2.5, f"the tile runs {down[0]:.1f}–{down[1]:.1f} mm down a {page_h:.1f} mm page"
    assert abs((across[0] + across[1]) / 2 - page_w / 2) <= 2.5, f"the tile runs {across[0]:.1f}–{across[1]:.1f} mm across a {page_w:.1f} mm page"


def test_a_seam_shorter_than_40_mm_has_its_one_crosshair_at_its_middle(project):
    """A strip 500 × 30 mm tiles on Letter in one row: each seam between its tiles is 30 mm long, too short for two 7 mm
    crosshairs a quarter in from its ends, so it carries one, at its middle: 15 mm from either end of its cut line."""
    (project / "templates/tiny/strip.j2").write_text('{{ rect(0, 0, face.w, face.h, fill="#ffffff") }}\n')
    (project / "data/tiny/boards.yaml").write_text("boards:\n  - {id: strip, name: Strip, size: 500 x 30, template: tiny/strip.j2}\n")
    result = run_pnp(project, "build", "tiny", "--only", "boards", "--no-validate")
    assert result.exit_code == 0, result.output + result.stderr
    pdf = project / "output/tiny/tiny-boards.pdf"
    seen = 0
    with pdfplumber.open(pdf) as doc:
        for page in doc.pages[1:]:  # the map first, then the tiles
            cuts = [(ln["x0"] / MM, ln["top"] / MM, ln["bottom"] / MM) for ln in page.lines
                    if ln.get("dash") and ln["dash"][0] and abs(ln["x1"] - ln["x0"]) < 0.01]
            rings = [((c["x0"] + c["x1"]) / 2 / MM, (c["top"] + c["bottom"]) / 2 / MM) for c in page.curves
                     if abs((c["x1"] - c["x0"]) / MM - 4) < 0.2 and abs((c["bottom"] - c["top"]) / MM - 4) < 0.2]
            for at, top, bottom in cuts:
                assert bottom - top == pytest.approx(30, abs=0.1)
                on_it = sorted({round(y, 2) for x, y in rings if abs(x - at) < 0.05})  # its white halo and black ring: one crosshair
                assert on_it == [pytest.approx(top + 15, abs=0.05)], (at, top, bottom, on_it)
                seen += 1
    assert seen >= 2, "each of the strip's tiles has a seam, drawn dashed or dotted"


def test_a_tiles_corner_marks_stand_1_mm_off_the_boards_corner_and_run_3_mm(tiles):
    """Tile A1 holds the board's top-left corner: a crop mark continues the board's top edge 1 mm to the left of that
    corner for 3 mm, another its left edge 1 mm above it for 3 mm (a mark that touched the corner would print on the
    board when a cut lands a hair outside it). The seams give the tile's place: each runs the tile's whole length."""
    with pdfplumber.open(tiles) as doc:
        page = doc.pages[1]
        seams = [tuple(v / MM for v in (ln["x0"], ln["top"], ln["x1"], ln["bottom"])) for ln in page.lines if ln.get("dash") and ln["dash"][0]]
        (left,) = [x0 for x0, _top, x1, _bottom in seams if x1 - x0 > 1]  # the bottom seam runs the tile's width
        (top,) = [y0 for _x0, y0, _x1, y1 in seams if y1 - y0 > 1]  # the right seam its height
        marks = [tuple(v / MM for v in (ln["x0"], ln["top"], ln["x1"], ln["bottom"])) for ln in page.lines
                 if not (ln.get("dash") and ln["dash"][0]) and abs(ln["linewidth"] - 0.3) < 0.01 and not any(ln["stroking_color"])]
    along_top = [m for m in marks if abs(m[1] - top) < 0.05 and abs(m[3] - top) < 0.05 and m[2] <= left]
    along_left = [m for m in marks if abs(m[0] - left) < 0.05 and abs(m[2] - left) < 0.05 and m[3] <= top]
    assert [(round(left - m[2], 2), round(m[2] - m[0], 2)) for m in along_top] == [(1.0, 3.0)], along_top
    assert [(round(top - m[3], 2), round(m[3] - m[1], 2)) for m in along_left] == [(1.0, 3.0)], along_left
