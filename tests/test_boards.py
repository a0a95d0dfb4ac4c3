"""The boards PDF as a person assembles it: tiles that paste back into the board, an assembly map, and
board helpers that put each space, cell, number, label and street where the layout asks."""
from __future__ import annotations

import itertools
import math
import re
import textwrap

import numpy as np
import pypdfium2 as pdfium
import pytest
from conftest import MM, pdf_fonts, render_page, run_pnp
from pdftext import flat, page_texts
from pypdf import PdfReader

from pnp.render.tiling import plan_tiles

LETTER = (215.9, 279.4)
A2 = (420, 594)
TOWN = (380, 300)  # tiny/town: tiled on Letter
SCORES = (180, 240)  # tiny/scores: fits one Letter page
TOWN_ON_A2 = ((A2[0] - TOWN[0]) / 2, (A2[1] - TOWN[1]) / 2)  # the board's top-left on the A2 page, centred
SCORES_ON_LETTER = ((LETTER[0] - SCORES[0]) / 2, (LETTER[1] - SCORES[1]) / 2)


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The tiny project built twice: boards on Letter (tiled) and on one A2 sheet."""
    import shutil

    from conftest import TEST_PROJECT

    root = tmp_path_factory.mktemp("boards") / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    for extra in ((), ("--board-paper", "a2")):
        result = run_pnp(root, "build", "--only", "boards", *extra)
        assert result.exit_code == 0, result.output + result.stderr
    out = root / "output" / "tiny"
    return {"letter": out / "tiny-boards.pdf", "a2": out / "tiny-boards-a2.pdf", "root": root}


def text_boxes(pdf, index):
    """[(text, x0, top, x1, bottom)] in mm from the page's top-left, one per run of text."""
    doc = pdfium.PdfDocument(str(pdf))
    try:
        page = doc[index]
        height = page.get_height()
        textpage = page.get_textpage()
        out = []
        for i in range(textpage.count_rects()):
            left, b, r, t = textpage.get_rect(i)
            out.append((textpage.get_text_bounded(left, b, r, t).strip(), left / MM, (height - t) / MM, r / MM, (height - b) / MM))
        return out
    finally:
        doc.close()


def centre_of(boxes, text, origin=(0, 0)):
    """The centre (mm, on the board whose top-left is at `origin` on the page) of the one run reading `text`."""
    found = [b for b in boxes if b[0] == text]
    assert len(found) == 1, (text, [b[0] for b in boxes])
    _, x0, y0, x1, y1 = found[0]
    return (x0 + x1) / 2 - origin[0], (y0 + y1) / 2 - origin[1], x1 - x0, y1 - y0


# The PDF --------------------------------------------------------------------------------
def test_a_large_board_gets_a_map_then_its_tiles_and_a_small_one_a_page(built):
    reader = PdfReader(built["letter"])
    plan = plan_tiles(TOWN, "letter")
    assert len(reader.pages) == 1 + plan.pages + 1
    texts = page_texts(built["letter"])
    assert "Tiny Town: assembly map" in texts[0] and "50 mm" in texts[0] and "print at 100% / actual size" in texts[0]
    for i, tile in enumerate(plan.tiles, 1):
        assert f"tile {tile.label} of 2 × 2" in texts[i] and "print at 100% / actual size" in texts[i]
    assert "Score sheet · 180 × 240 mm" in texts[-1]
    for page in reader.pages[:-1]:  # balanced tiles (195 × 155 mm) fit Letter either way: portrait wins the tie, the map too
        assert sorted((round(float(page.mediabox.width) / MM, 1), round(float(page.mediabox.height) / MM, 1))) == [215.9, 279.4]
        assert float(page.mediabox.width) < float(page.mediabox.height)
    last = reader.pages[-1]
    assert (round(float(last.mediabox.width) / MM, 1), round(float(last.mediabox.height) / MM, 1)) == LETTER


def test_the_assembly_map_labels_every_tile(built):
    text = page_texts(built["letter"], [0])[0]
    for label in ("A1", "A2", "B1", "B2"):
        assert label in text
    assert "2 × 2 = 4 letter pages (portrait), 10 mm overlap" in text


def test_each_tile_names_its_neighbours_in_its_overlap_strips(built):
    texts = page_texts(built["letter"], range(1, 5))
    assert "A1: glue A2 over this strip" in texts[0] and "A1: glue B1 over this strip" in texts[0]
    assert "A2: cut here, lay over A1" in texts[1] and "A2: glue B2 over this strip" in texts[1]
    assert "B1: cut here, lay over A1" in texts[2] and "B1: glue B2 over this strip" in texts[2]
    assert "B2: cut here, lay over B1" in texts[3] and "B2: cut here, lay over A2" in texts[3]
    assert "neighbours: right A2, bottom B1" in texts[0]


def test_the_board_is_drawn_once_for_its_tiles_and_once_for_its_assembly_map(built):
    """Every tile places one form of the board; the map places the board drawn for the map's scale (its lines kept at a
    hairline and its small text as placeholder bars: pnp.render.print_floor)."""
    reader = PdfReader(built["letter"])
    placed = []
    for page in reader.pages[:5]:
        xobjects = page["/Resources"].get("/XObject") or {}
        forms = {name for name, ref in xobjects.items() if name.startswith("/FormXob.F")}
        content = page.get_contents().get_data().decode("latin-1")
        used = {name for name in forms if f"{name} Do" in content}
        assert len(used) == 1, used
        placed.append(xobjects.raw_get(used.pop()).idnum)
    map_form, *tile_forms = placed
    assert len(set(tile_forms)) == 1 and map_form not in tile_forms  # the same form object on every tile


def test_every_font_is_embedded(built):
    for pdf in (built["letter"], built["a2"]):
        fonts = pdf_fonts(PdfReader(pdf))
        assert fonts and all(fonts.values()), fonts
        assert not any(base in name for name in fonts for base in ("Helvetica", "Times", "Courier"))


def test_board_paper_prints_each_board_on_one_large_sheet_at_full_size(built):
    reader = PdfReader(built["a2"])
    assert len(reader.pages) == 2  # no map, no tiles
    page = reader.pages[0]
    assert (round(float(page.mediabox.width) / MM), round(float(page.mediabox.height) / MM)) == A2
    # 1:1: the corner spaces' labels sit 360 mm apart, as on the board
    boxes = text_boxes(built["a2"], 0)
    (x0, _, _, _), (x1, _, _, _) = centre_of(boxes, "S7", TOWN_ON_A2), centre_of(boxes, "S0", TOWN_ON_A2)
    assert abs((x1 - x0) - 350) < 1.0


# The raster test: pasting the tiles by their crosshairs gives back the board --------------------
DPI = 100
PX = DPI / 25.4


def _crosshair(image, ex, ey):
    """The centre (px) of the crosshair near (ex, ey): the line and halo of its arms, beyond its circle."""
    cx, cy = round(ex), round(ey)
    w = int(4 * PX)
    window = image[cy - w : cy + w + 1, cx - w : cx + w + 1]
    dev = np.abs(window - np.median(window))
    lo, hi = int(2.4 * PX), int(3.4 * PX)
    band = np.r_[w - hi : w - lo + 1, w + lo : w + hi + 1]

    def peak(profile):
        near = int(1.5 * PX)  # a tile is never that far off: board lines beyond it are not the arm
        k = w - near + int(np.argmax(profile[w - near : w + near + 1]))
        s = slice(k - 2, k + 3)
        return (np.arange(len(profile))[s] * profile[s]).sum() / profile[s].sum()

    return cx - w + peak(dev[band, :].mean(axis=0)), cy - w + peak(dev[:, band].mean(axis=1))


def _rows_then_columns(image, op):
    """`op` of each pixel's 3 × 3 neighbourhood (the page wrapped round at its edges, as np.roll wraps it), taken down
    the rows and then along the columns of views into one padded copy: `op` is associative, so this is the nine
    shifted pages' `op`, without the eighteen rolled copies of a 100 dpi A2 page they cost."""
    padded = np.pad(image, 1, mode="wrap")
    rows = op(op(padded[:-2], padded[1:-1]), padded[2:])
    return op(op(rows[:, :-2], rows[:, 1:-1]), rows[:, 2:])


def _neighbourhood(image, op):
    return _rows_then_columns(image, op)


def _box_blur(image):
    return _rows_then_columns(image, np.add) / 9


def test_tiles_pasted_by_their_crosshairs_match_the_whole_board_to_a_pixel(built):
    plan = plan_tiles(TOWN, "letter")
    whole = np.asarray(render_page(built["a2"], 0, DPI).convert("L"), dtype=np.float64)
    ox, oy = TOWN_ON_A2[0] * PX, TOWN_ON_A2[1] * PX  # the board's top-left in the whole render
    mosaic = np.full(whole.shape, np.nan)
    page_h = plan.page_h / 1000
    for k, tile in enumerate(plan.tiles):
        image = np.asarray(render_page(built["letter"], 1 + k, DPI).convert("L"), dtype=np.float64)
        offsets = []
        for bx, by in plan.marks(tile):
            px, py = tile.to_page(bx, by)
            fx, fy = _crosshair(image, px / 1000 * PX, (page_h - py / 1000) * PX)
            offsets.append((ox + bx / 1000 * PX - fx, oy + by / 1000 * PX - fy))
        offsets = np.array(offsets)
        assert len(offsets) >= 4
        # the crosshairs of a tile agree on where the tile goes: the tile is not stretched or turned. A balanced
        # 2-column seam runs down the board's middle, where the town has a space border: the arm lying along
        # that border reads up to a millimetre off, so one crosshair per axis may disagree
        middle = np.median(offsets, axis=0)
        agreeing = (np.abs(offsets - middle) < 1.0).sum(axis=0)
        assert (agreeing >= len(offsets) - 1).all(), (tile.label, offsets)
        dx, dy = np.round(middle).astype(int)
        # paste what the tile shows once assembled (cut at the middle of its left and upper strips)
        x0, y0, x1, y1 = (round(o + v / 1000 * PX) for o, v in zip((ox, oy, ox, oy), plan.visible(tile), strict=False))
        mosaic[y0:y1, x0:x1] = image[y0 - dy : y1 - dy, x0 - dx : x1 - dx]
    compared = ~np.isnan(mosaic)
    assert compared.sum() > 0.95 * TOWN[0] * TOWN[1] * PX * PX
    # leave out what the tiles add on purpose: the cut lines and the crosshairs on them
    for seam in plan.seams():
        c = round((ox if seam.axis == "x" else oy) + seam.cut / 1000 * PX)
        band = slice(c - int(1.5 * PX), c + int(1.5 * PX) + 1)
        if seam.axis == "x":
            compared[:, band] = False
        else:
            compared[band, :] = False
        for bx, by in seam.marks:
            X, Y = int(ox + bx / 1000 * PX), int(oy + by / 1000 * PX)
            r = int(4.5 * PX)
            compared[Y - r : Y + r, X - r : X + r] = False
    # the board and 5 mm round it, where every compared pixel lies: the A2 page's other half is compared nowhere, and
    # the blur and neighbourhoods below reach 2 pixels, so a pixel they bring across the cut edge is never compared
    rows, cols = (slice(int(o - 5 * PX), int(o + (n + 5) * PX)) for o, n in ((oy, TOWN[1]), (ox, TOWN[0])))
    assert compared[rows, cols].sum() == compared.sum()
    whole, mosaic, compared = whole[rows, cols], mosaic[rows, cols], compared[rows, cols]
    compared = _neighbourhood(compared, np.logical_and)
    # within one pixel: each pasted pixel (lightly blurred, as antialiasing differs with the sub-pixel
    # phase) lies between the darkest and lightest of the whole board's pixels around it
    mosaic_b, whole_b = _box_blur(np.nan_to_num(mosaic)), _box_blur(whole)
    low, high = _neighbourhood(whole_b, np.minimum), _neighbourhood(whole_b, np.maximum)
    outside = np.maximum(np.maximum(low - mosaic_b, mosaic_b - high), 0)[compared]
    # (a tile's page offset is not a whole pixel: a long straight colour edge can sit half a pixel off
    # along its length, some 130 pixels at 100 dpi; a misplaced tile is off by tens of thousands)
    assert (outside > 24).sum() < 200, (outside > 24).sum()
    # and the comparison can fail: the same mosaic moved by two pixels does not pass
    moved = np.roll(mosaic_b, 2, axis=1)
    assert (np.maximum(np.maximum(low - moved, moved - high), 0)[compared] > 24).sum() > 5000


# The helpers, read back from the PDF -----------------------------------------------------
def test_loop_spaces_run_clockwise_from_the_bottom_right_and_face_the_centre(built):
    """tiny/town: a loop of 40 mm corners with 6 spaces along the long sides (50 mm) and 4 along the short (55 mm);
    each space's name sits 24–36 mm out from its inner edge."""
    boxes = text_boxes(built["a2"], 0)
    W, H, C = 380, 300, 40

    def expect(index):
        """(side, box) of space `index`, written out side by side."""
        if index == 0:
            return "bottom", (W - C, H - C, W, H)
        if index <= 6:
            x = W - C - index * 50
            return "bottom", (x, H - C, x + 50, H)
        if index == 7:
            return "left", (0, H - C, C, H)
        if index <= 11:
            y = H - C - (index - 7) * 55
            return "left", (0, y, C, y + 55)
        if index == 12:
            return "top", (0, 0, C, C)
        if index <= 18:
            x = C + (index - 13) * 50
            return "top", (x, 0, x + 50, C)
        if index == 19:
            return "right", (W - C, 0, W, C)
        y = C + (index - 20) * 55
        return "right", (W - C, y, W, y + 55)

    for index in range(24):
        side, (x0, y0, x1, y1) = expect(index)
        cx, cy, w, h = centre_of(boxes, f"S{index}", TOWN_ON_A2)
        assert x0 < cx < x1 and y0 < cy < y1, (index, cx, cy)
        # the name lies on the outer part of the space, 30 mm from its inner edge, centred along it
        depth = {"bottom": cy - y0, "top": y1 - cy, "left": x1 - cx, "right": cx - x0}[side]
        along = {"bottom": cx - (x0 + x1) / 2, "top": cx - (x0 + x1) / 2, "left": cy - (y0 + y1) / 2, "right": cy - (y0 + y1) / 2}[side]
        assert abs(depth - 30) < 1.5 and abs(along) < 1.0, (index, depth, along)
        # upright for a player on that side: the left and right sides' names run up and down the page
        assert (h > w) == (side in ("left", "right")), (index, w, h)


def test_table_cells_hold_their_text_at_their_place(built):
    """tiny/scores: table(10, 194, 3 rows × 4 columns of 40 × 12 mm)."""
    boxes = text_boxes(built["letter"], 5)
    for text, row, col in (("x2", 0, 2), ("x3", 0, 3), ("Red", 1, 0), ("Blue", 2, 0), ("3", 1, 3), ("6", 2, 3), ("4", 2, 2)):
        matches = [b for b in boxes if b[0] == text]
        centres = [((b[1] + b[3]) / 2 - SCORES_ON_LETTER[0], (b[2] + b[4]) / 2 - SCORES_ON_LETTER[1]) for b in matches]
        expected = (10 + 40 * col + 20, 194 + 12 * row + 6)
        assert any(math.dist(c, expected) < 1.5 for c in centres), (text, centres, expected)


def test_track_in_rows_runs_back_and_forth(built):
    """tiny/scores: track(1, 30, 10, 20, 160, 54, cols=10): 16 × 18 mm cells, row 2 running right to left."""
    boxes = text_boxes(built["letter"], 5)
    numbers = {}
    for b in boxes:
        if b[0].isdigit():
            numbers.setdefault(int(b[0]), []).append(((b[1] + b[3]) / 2 - SCORES_ON_LETTER[0], (b[2] + b[4]) / 2 - SCORES_ON_LETTER[1]))
    for n in range(1, 31):
        row, col = divmod(n - 1, 10)
        if row == 1:
            col = 9 - col
        expected = (10 + 16 * col + 8, 20 + 18 * row + 9)
        assert any(math.dist(c, expected) < 1.2 for c in numbers[n]), (n, numbers[n], expected)


def test_track_around_the_edge_runs_clockwise_from_the_top_left(built):
    """tiny/scores: track(1, 24, 10, 84, 160, 100, layout="edge"): a ring of square cells on the box's edge."""
    boxes = text_boxes(built["letter"], 5)
    x0, y0, x1, y1 = 10, 84, 170, 184
    centres = {}
    for b in boxes:
        if b[0].isdigit() and 1 <= int(b[0]) <= 24:
            c = ((b[1] + b[3]) / 2 - SCORES_ON_LETTER[0], (b[2] + b[4]) / 2 - SCORES_ON_LETTER[1])
            if x0 < c[0] < x1 and y0 < c[1] < y1:
                centres[int(b[0])] = c
    assert sorted(centres) == list(range(1, 25))
    ring = 20  # every cell lies within this of the box's edge
    for n, (x, y) in centres.items():
        assert min(x - x0, x1 - x, y - y0, y1 - y) < ring / 2, (n, x, y)
    # clockwise: along the top left to right, down the right, back along the bottom, up the left
    top = [n for n in range(1, 25) if centres[n][1] - y0 < ring / 2]
    bottom = [n for n in range(1, 25) if y1 - centres[n][1] < ring / 2]
    right = [n for n in range(1, 25) if n not in top + bottom and x1 - centres[n][0] < ring / 2]
    left = [n for n in range(1, 25) if n not in top + bottom + right]
    assert top[0] == 1 and top == list(range(1, len(top) + 1))
    assert right == list(range(top[-1] + 1, top[-1] + 1 + len(right)))
    assert bottom == list(range(right[-1] + 1, right[-1] + 1 + len(bottom)))
    assert left == list(range(bottom[-1] + 1, 25))
    assert all(centres[a][0] < centres[b][0] for a, b in itertools.pairwise(top))
    assert all(centres[a][1] < centres[b][1] for a, b in itertools.pairwise(right))
    assert all(centres[a][0] > centres[b][0] for a, b in itertools.pairwise(bottom))
    assert all(centres[a][1] > centres[b][1] for a, b in itertools.pairwise(left))
    assert len(top) == len(bottom) and abs(len(left) - len(right)) <= 1


def test_zone_label_sits_along_the_top_of_the_zone(built):
    """tiny/scores: zone(32, 106, 116, 56, "Draw pile")."""
    x, y, _w, h = centre_of(text_boxes(built["letter"], 5), "Draw pile", SCORES_ON_LETTER)
    assert abs(x - (32 + 116 / 2)) < 0.5
    assert 106 + 1.5 < y - h / 2 < 106 + 4


def test_path_puts_its_spaces_evenly_along_the_street(built):
    """tiny/town: path([[60, 80], [160, 80], [160, 230]], width=12, spaces=6, node_r=6): a dark street with six
    white-outlined squares spread evenly between the end circles."""
    dpi = 200
    px = dpi / 25.4
    image = np.asarray(render_page(built["a2"], 0, dpi).convert("L"), dtype=np.float64)

    def at(x, y):
        return image[round((TOWN_ON_A2[1] + y) * px), round((TOWN_ON_A2[0] + x) * px)]

    length = 100 + 150
    slot = (length - 2 * 6) / 6
    side = min(12 * 0.8, slot * 0.88)

    def along(t):
        """Point and direction at arc length t."""
        if t <= 100:
            return (60 + t, 80), (1, 0)
        return (160, 80 + t - 100), (0, 1)

    street = at(*along(6 + slot)[0])  # between the first two squares
    assert street < 120  # #555555
    for k in range(6):
        t = 6 + (k + 0.5) * slot
        (cx, cy), (ux, uy) = along(t)
        assert abs(at(cx, cy) - street) < 10, k  # inside the square: the street shows
        for sign in (-1, 1):
            ex, ey = cx + sign * ux * side / 2, cy + sign * uy * side / 2
            if not (ex > 155 and ey < 86):  # the third square's near edge turns the corner with the street
                assert at(ex, ey) > 200, (k, sign)  # the square's white outline
            gx, gy = cx + sign * ux * (side / 2 + 2), cy + sign * uy * (side / 2 + 2)
            assert abs(at(gx, gy) - street) < 10, (k, sign)  # beyond it, street again
    # a circle of node_r rounds each end
    assert abs(at(55, 80) - street) < 10 and at(53, 80) > 200
    assert abs(at(160, 235) - street) < 10 and at(160, 237) > 200


# Errors ---------------------------------------------------------------------------------
def test_a_board_template_error_is_reported_at_its_line_and_nothing_is_written(project):
    template = project / "templates/tiny/board-scores.j2"
    template.write_text(template.read_text().replace('track(1, 30,', 'track(1, 30, nope=1,'))
    result = run_pnp(project, "build")
    assert result.exit_code == 1
    assert "templates/tiny/board-scores.j2:4:" in result.stderr
    assert not (project / "output/tiny/tiny-boards.pdf").exists()


def test_a_helper_misuse_names_the_problem_at_the_template_line(project):
    template = project / "templates/tiny/board-town.j2"
    template.write_text(template.read_text().replace("board.per_side, board.corner", "board.per_side, 200"))
    result = run_pnp(project, "build")
    assert result.exit_code == 1
    assert "templates/tiny/board-town.j2:4:" in result.stderr and "corner must be" in result.stderr


def test_an_overlap_out_of_range_is_a_located_error(project):
    boards = project / "data/tiny/boards.yaml"
    boards.write_text(boards.read_text().replace("overlap: 10", "overlap: 90"))
    result = run_pnp(project, "build")
    assert result.exit_code == 1
    assert "data/tiny/boards.yaml:12:" in result.stderr and "overlap must be" in result.stderr


@pytest.mark.parametrize("overlap", [0, 40])
def test_an_overlap_at_either_end_of_its_range_is_taken_and_the_map_states_it(project, overlap):
    """docs/components.md: a board's `overlap:` is 0–40 mm; either end builds, and the assembly map says the overlap asked."""
    boards = project / "data/tiny/boards.yaml"
    boards.write_text(boards.read_text().replace("overlap: 10", f"overlap: {overlap}"))
    result = run_pnp(project, "build", "tiny", "--only", "boards")
    assert result.exit_code == 0, result.output + result.stderr
    assert f"), {overlap} mm overlap. Print every page" in flat(page_texts(project / "output/tiny/tiny-boards.pdf", [0])[0])


def test_a_board_on_home_paper_prints_to_its_trim_however_far_its_art_runs_past(project):
    """A board for home printing has no bleed (its corner marks show the trim; a print shop's bleed is for its own
    files): a 150 × 100 mm board whose template fills 5 mm past every edge prints a black block 150 × 100 mm, no larger."""
    (project / "templates/tiny/mat.j2").write_text('{{ rect(-5, -5, face.w + 10, face.h + 10, fill="#000000") }}\n')
    (project / "data/tiny/boards.yaml").write_text("boards:\n  - {id: mat, name: Mat, size: 150 x 100, template: tiny/mat.j2}\n")
    result = run_pnp(project, "build", "tiny", "--only", "boards", "--no-validate")
    assert result.exit_code == 0, result.output + result.stderr
    dark = np.asarray(render_page(project / "output/tiny/tiny-boards.pdf", 0, 200).convert("L")) < 60
    px = 200 / 25.4
    rows, cols = np.nonzero(dark.sum(axis=1) > 60 * px)[0], np.nonzero(dark.sum(axis=0) > 60 * px)[0]  # the block, not the footer's words
    assert (cols[-1] - cols[0] + 1) / px == pytest.approx(150, abs=0.3) and (rows[-1] - rows[0] + 1) / px == pytest.approx(100, abs=0.3)


def test_the_assembly_maps_labels_stand_outside_the_board_picture(built, pdfium_reader):
    """Column numbers above the picture, row letters beside it, a key naming every tile: none over the board's art, all ≥ 6 pt.
    Read as pdfplumber reports the characters, their colours and the outline, through pdfium (conftest.pdfium_reader)."""
    from collections import Counter

    from pdfplumber.utils import extract_words

    def red(chars):  # the map's label colour (the town's art uses it too)
        return [c for c in chars if c["non_stroking_color"] and tuple(round(v, 3) for v in c["non_stroking_color"]) == (0.753, 0.224, 0.169)]

    board_own = Counter(c["text"] for c in red(pdfium_reader.pages(built["a2"], [1])[0].chars))  # the board alone, 1:1
    page = pdfium_reader.pages(built["letter"], [1])[0]
    # the board's outline, drawn around the scaled board: a rect stroked black at 0.5 pt (the board's own filled rects
    # carry that stroke colour and width too, unpainted: pdfium reads the state a form inherits, pdfminer resets it)
    outline = [r for r in page.rects if r["stroke"] and r["stroking_color"] == (0, 0, 0) and round(r["linewidth"], 2) == 0.5]
    assert len(outline) == 1
    box = outline[0]

    def inside(c):
        return box["x0"] < (c["x0"] + c["x1"]) / 2 < box["x1"] and box["top"] < (c["top"] + c["bottom"]) / 2 < box["bottom"]

    labels = [c for c in red(page.chars) if not inside(c)]
    # over the picture, nothing red but the board's own red text
    assert not Counter(c["text"] for c in red(page.chars) if inside(c)) - board_own
    words = " ".join(w["text"] for w in extract_words(page.chars) if not inside(w))
    for label in ("A1", "A2", "B1", "B2"):
        assert label in words
    assert all(c["size"] >= 6 for c in labels)
    # the column numbers stand above the picture, the row letters to its left
    above = {c["text"] for c in labels if c["bottom"] <= box["top"]}
    left = {c["text"] for c in labels if c["x1"] <= box["x0"]}
    assert {"1", "2"} <= above and {"A", "B"} <= left


def test_a_long_boards_tile_footers_give_its_columns_then_its_one_row(project):
    """A strip 500 mm long and 150 mm deep is wider than any Letter page and shallower than its narrow side: it tiles in
    one row of several columns. Each tile's footer says the grid as the map labels it, columns × rows ("tile A2 of
    3 × 1": row A, column 2)."""
    (project / "templates/tiny/strip.j2").write_text('{{ rect(0, 0, face.w, face.h, fill="#336699", stroke="none") }}\n')
    with (project / "data/tiny/boards.yaml").open("a", encoding="utf-8") as boards:
        boards.write("  - {id: strip, name: Long strip, size: 500 x 150, template: tiny/strip.j2}\n")
    result = run_pnp(project, "build", "--only", "boards", "tiny")
    assert result.exit_code == 0, result.output + result.stderr
    footers = [re.search(r"Long strip · tile (A\d) of (\d+) × (\d+)", text) for text in page_texts(project / "output/tiny/tiny-boards.pdf")]
    tiles = [said for said in footers if said]
    assert len(tiles) >= 2, "a 500 mm strip takes more than one Letter page"
    assert {said.group(2, 3) for said in tiles} == {(str(len(tiles)), "1")}, [said[0] for said in tiles]



def test_a_long_boards_assembly_map_says_its_columns_then_its_one_row(project):
    """A strip 500 mm long and 150 mm deep tiles in one row of several columns: its assembly map says the grid as its
    key and the tiles' names read it, columns × rows, and the pages that makes ("on 2 × 1 = 2 letter pages")."""
    (project / "templates/tiny/strip.j2").write_text('{{ rect(0, 0, face.w, face.h, fill="#336699", stroke="none") }}\n')
    (project / "data/tiny/boards.yaml").write_text("boards:\n  - {id: strip, name: Long strip, size: 500 x 150, template: tiny/strip.j2}\n")
    result = run_pnp(project, "build", "--only", "boards", "tiny")
    assert result.exit_code == 0, result.output + result.stderr
    texts = [flat(text) for text in page_texts(project / "output/tiny/tiny-boards.pdf")]
    tiles = len(texts) - 1  # the map, then one page a tile
    assert tiles >= 2, "a 500 mm strip takes more than one Letter page"
    assert f"500 × 150 mm on {tiles} × 1 = {tiles} letter pages" in texts[0], texts[0]


def test_a_boards_bookmark_names_it_on_a_shared_page_and_on_its_tiles(built):
    """The PDF's bookmarks (a viewer's sidebar) list every board by its name as boards.yaml writes it, the board that
    fits a page as the tiled one: 'Tiny Town', 'Score sheet', never an id."""
    import pikepdf

    with pikepdf.open(built["letter"]) as pdf, pdf.open_outline() as outline:
        assert sorted(item.title for item in outline.root) == ["Score sheet", "Tiny Town"]


def test_a_boards_overlap_of_true_is_refused_at_its_line(project):
    """`overlap: true` is no number of millimetres (YAML reads it as yes): the build stops with an error at the value,
    rather than tiling with a 1 mm overlap no crosshair fits in."""
    boards = project / "data/tiny/boards.yaml"
    lines = boards.read_text(encoding="utf-8").splitlines()
    row = next(n for n, line in enumerate(lines, 1) if line.strip() == "overlap: 10")
    boards.write_text(boards.read_text(encoding="utf-8").replace("    overlap: 10\n", "    overlap: true\n"), encoding="utf-8")
    result = run_pnp(project, "build", "--only", "boards", "tiny")
    shown = result.output + result.stderr
    assert result.exit_code == 1, shown
    assert f"data/tiny/boards.yaml:{row}:14: error: overlap must be a number of mm from 0 to 40, got true [boards/town]" in shown, shown

# The helpers' defaults, on a card of their own ---------------------------------------------------------------------
def _helpers_card(tmp_path, template: str):
    """The first page of a card sheet whose one card's face is `template` (pdfplumber's page, its PDF to close)."""
    import pdfplumber
    from test_vocabulary import build, make_project

    frame = '{{ rect(0, 0, face.w, face.h, stroke="#ff00ff", stroke_width=0.1) }}\n'  # where the card is on the sheet
    root = make_project(tmp_path, frame + textwrap.dedent(template), "- {id: a}\n")
    build(root, "--only", "cards")
    pdf = pdfplumber.open(root / "output/v/v-cards.pdf")
    return pdf, pdf.pages[0]


def _card_chars(page) -> list[dict]:
    """The letters printed on the card (inside its magenta frame), not the sheet's own words."""
    frame = next(r for r in page.rects if _rgb(r, "stroking_color") == (255, 0, 255))
    return [c for c in page.chars if frame["x0"] <= c["x0"] and c["x1"] <= frame["x1"] and frame["top"] <= c["top"] and c["bottom"] <= frame["bottom"]]


def _rgb(obj, key="non_stroking_color") -> tuple:
    return tuple(round(v * 255) for v in obj.get(key) or ())


def test_a_tables_header_fill_makes_its_first_row_and_column_headers_and_its_body_rows_take_fill_then_stripe(tmp_path):
    """docs/components.md: with `header_fill` the first row and column are headers (bold, on that fill); the body
    rows below alternate, the first taking `fill`, the next `stripe`, and so on."""
    template = """\
        {{ table(5, 5, [["", "A", "B"], ["one", 1.0, 2.5], ["two", "3", "4"], ["three", "5", "6"]], 15, 8,
                 header_fill="#000080", fill="#ffff00", stripe="#00ff00") }}
        """
    pdf, page = _helpers_card(tmp_path, template)
    with pdf:
        by_row: dict[float, list] = {}
        for r in sorted((r for r in page.rects if r.get("fill") and r["width"] == pytest.approx(15 * MM, abs=0.05)),
                        key=lambda r: (round(r["top"]), r["x0"])):
            by_row.setdefault(round(r["top"]), []).append(_rgb(r))
        bold = {c["text"]: "Bold" in c["fontname"] for c in _card_chars(page)}
        words = page.extract_text()
    rows = [by_row[top] for top in sorted(by_row)]
    navy, yellow, green = (0, 0, 128), (255, 255, 0), (0, 255, 0)
    assert rows == [[navy, navy, navy], [navy, yellow, yellow], [navy, green, green], [navy, yellow, yellow]], rows
    assert bold["A"] and bold["o"] and not bold["1"], bold  # "one" heads its row; "1" is body text
    assert "1.0" not in words and "2.5" in words, words  # a whole number written as a float prints whole


@pytest.mark.parametrize(("last", "refused"), [(1000, False), (1001, True)])
def test_a_track_holds_up_to_1000_spaces(tmp_path, last, refused):
    from test_vocabulary import make_project

    root = make_project(tmp_path, f'{{{{ track(1, {last}, 0, 0, 60, 80, cols=25, size=1) }}}}\n', "- {id: a}\n")
    said = run_pnp(root, "validate", "v").output
    assert ("a track holds 1 to 1000 spaces" in said) == refused, said


def test_a_marked_track_number_reads_on_its_marks_colour_and_the_others_take_color(tmp_path):
    """`marks` highlights a number in its colour: the number turns readable on it (white on dark red), while the
    track's `color=` sets every other number."""
    pdf, page = _helpers_card(tmp_path, '{{ track(1, 4, 5, 5, 40, 10, cols=4, marks={3: "#800000"}, color="#00ff00", size=8) }}\n')
    with pdf:
        colours = {c["text"]: _rgb(c) for c in _card_chars(page)}
    assert colours == {"1": (0, 255, 0), "2": (0, 255, 0), "3": (255, 255, 255), "4": (0, 255, 0)}, colours


def test_a_zones_label_is_in_its_stroke_colour_unless_color_says_otherwise(tmp_path):
    template = """\
        {{ zone(5, 5, 50, 20, "Stroked", fill="#ffffff", stroke="#0000ff") }}
        {{ zone(5, 30, 50, 20, "Coloured", fill="#ffffff", stroke="#0000ff", color="#ff0000") }}
        """
    pdf, page = _helpers_card(tmp_path, template)
    with pdf:
        colours = {c["text"]: _rgb(c) for c in _card_chars(page)}
    assert colours["S"] == (0, 0, 255) and colours["C"] == (255, 0, 0), colours


def test_a_zones_label_is_set_bold_where_plain_text_is_not(tmp_path):
    """docs/components.md: `zone` draws its label bold along the top inside; text drawn beside it in the same font is not."""
    template = """\
        {{ zone(5, 5, 50, 20, "Keep", fill="#ffffff") }}
        {{ text("plain", 5, 30, 50, 8) }}
        """
    pdf, page = _helpers_card(tmp_path, template)
    with pdf:
        fonts = {c["text"]: c["fontname"] for c in _card_chars(page)}
    assert "Bold" in fonts["K"] and "Bold" not in fonts["p"], fonts


def test_a_path_without_a_fill_is_a_light_grey_street(tmp_path):
    """docs/components.md: `path(points, width=8, …, fill="#d9d9d9")`: a street in light grey unless `fill` says."""
    pdf, page = _helpers_card(tmp_path, "{{ path([[5, 40], [55, 40]]) }}\n")
    with pdf:
        street = [s for s in page.objects.get("curve", []) + page.rects if s.get("fill") and s["height"] == pytest.approx(8 * MM, abs=0.05)]
        assert [_rgb(s) for s in street] == [(0xD9, 0xD9, 0xD9)], [(_rgb(s), s["height"] / MM) for s in page.objects.get("curve", []) + page.rects]


@pytest.mark.parametrize(("corner", "refused"), [(20, False), (20.1, True)])
def test_a_loops_corners_may_be_half_the_boxs_shorter_side_and_no_more(tmp_path, corner, refused):
    from test_vocabulary import make_project

    template = f"{{% for s in loop_spaces(0, 0, 50, 40, 1, {corner}) %}}{{{{ rect(s.x, s.y, s.w, s.h) }}}}{{% endfor %}}\n"
    said = run_pnp(make_project(tmp_path, template, "- {id: a}\n"), "validate", "v").output
    assert ("corner must be more than 0 and at most half the box's shorter side" in said) == refused, said


@pytest.mark.parametrize(("last", "refused"), [(4, False), (3, True)])
def test_a_track_around_the_edge_needs_a_space_for_each_of_the_boxs_four_corners(tmp_path, last, refused):
    """docs/components.md: a track around the edge of a box turns at its four corners, so it takes at least 4 spaces;
    3 is one error at the template's call, in the designer's words."""
    from test_vocabulary import make_project

    root = make_project(tmp_path, f'{{{{ track(1, {last}, 5, 5, 50, 50, layout="edge") }}}}\n', "- {id: a}\n")
    result = run_pnp(root, "validate", "v")
    errors = [line for line in result.output.splitlines() if ": error: " in line]
    assert errors == (["templates/v/front.j2:1:4: error: a track around the edge needs at least 4 spaces, got 3 [words/a front]"]
                      if refused else []), result.output


@pytest.mark.parametrize(("widths", "refused"), [("[15, 15, 15]", False), ("[15, 15]", True)])
def test_a_table_given_fewer_column_widths_than_columns_is_told_how_many_it_lacks(tmp_path, widths, refused):
    """docs/components.md: `col_widths` is one length for every column or a list of one a column; a list one short of
    the table's three columns is one error saying so, at the template's call."""
    from test_vocabulary import make_project

    root = make_project(tmp_path, f'{{{{ table(5, 5, [["a", "b", "c"]], {widths}, 8) }}}}\n', "- {id: a}\n")
    result = run_pnp(root, "validate", "v")
    errors = [line for line in result.output.splitlines() if ": error: " in line]
    assert errors == (["templates/v/front.j2:1:1: error: col_widths lists 2 lengths for 3 columns or rows [words/a front]"]
                      if refused else []), result.output


def test_a_board_template_counts_a_decks_copies_under_its_name(project):
    """`decks.<id>.total` on a board is every copy a player sorts, as the rules count them: the tiny game's hero deck is
    12 cards (game.yaml's components), five kinds of two and three copies; `decks.<id>.name` is the name heroes.yaml
    gives the deck (Heroes), not its id."""
    template = project / "templates/tiny/board-scores.j2"
    template.write_text(template.read_text().replace('"**Scores**"', '"**Scores** of " ~ decks.heroes.total ~ " " ~ decks.heroes.name'))
    result = run_pnp(project, "build", "tiny", "--only", "boards", "--no-validate")
    assert result.exit_code == 0, result.output + result.stderr
    assert "Scores of 12 Heroes" in " ".join(page_texts(project / "output/tiny/tiny-boards.pdf"))


def test_a_board_field_listed_in_keep_fields_is_kept_without_a_warning(project):
    """A field no template reads (`designer:` on the town) is one warning at its key; listed in boards.yaml's
    `keep_fields`, it is a note the designer keeps on purpose, and nothing is said of it."""
    from conftest import quick_findings

    boards = project / "data/tiny/boards.yaml"
    plain = boards.read_text(encoding="utf-8").replace("    name: Tiny Town\n", "    name: Tiny Town\n    designer: Ada\n", 1)
    boards.write_text(plain, encoding="utf-8")
    _, found = quick_findings(project)
    unread = [line for line in found if "'designer'" in line]
    assert len(unread) == 1 and unread[0].startswith("data/tiny/boards.yaml:8:5: warning: no template, constraint or fact reads the board field 'designer'"), found
    boards.write_text(plain.replace("boards:\n", "keep_fields: [designer]\nboards:\n", 1), encoding="utf-8")
    _, found = quick_findings(project)
    assert [line for line in found if "designer" in line] == []


def test_a_board_field_only_the_rules_print_is_read_and_never_warned_of(project):
    """The town's `designer:` that no board template reads, printed by the rules (`{{ boards.town.designer }}` in
    rulebook.md): the rules read it, so nothing is said of it, as of a card field only the rules print."""
    from conftest import quick_findings

    boards = project / "data/tiny/boards.yaml"
    boards.write_text(boards.read_text(encoding="utf-8").replace("    name: Tiny Town\n", "    name: Tiny Town\n    designer: Ada\n", 1), encoding="utf-8")
    rules = project / "data/tiny/rulebook.md"
    rules.write_text(rules.read_text(encoding="utf-8") + "\nThe town was drawn by {{ boards.town.designer }}.\n", encoding="utf-8")
    code, found = quick_findings(project)
    assert code == 0 and [line for line in found if "designer" in line] == [], found


def test_an_id_on_a_boards_listed_item_names_it_for_people_and_is_never_an_unread_field(project):
    """A board's list of spaces may give each an `id` (its name for the designer, as a card's is) though no template reads
    it: nothing is said of it, while a misspelt field beside it (`colr:`) is one warning at its key (line 14, column 58)."""
    from conftest import apply_edits, quick_findings

    apply_edits(project, [{"file": "data/tiny/boards.yaml", "replace": ["- {name: S0, color: gold, corner: true}",
                                                                        "- {id: start, name: S0, color: gold, corner: true, colr: red}"]}])
    _, found = quick_findings(project)
    assert [line for line in found if "field" in line] == [
        "data/tiny/boards.yaml:14:58: warning: no template, constraint or fact reads the board field 'colr' (did you mean 'color'?): "
        "fix its spelling, or list it in keep_fields if it is a note [boards/town]"], found


def test_a_misspelt_field_of_a_boards_space_is_never_offered_a_word_of_the_rules_text(project):
    """`total` is a word the rules print (rulebook.md's `decks.heroes.total`), no field a board template reads: a space's
    `totl` is one warning at its key offering nothing, where its `colr` beside it is offered the `color` the template reads."""
    from conftest import apply_edits, quick_findings

    apply_edits(project, [{"file": "data/tiny/boards.yaml", "replace": ["- {name: S0, color: gold, corner: true}",
                                                                        "- {name: S0, color: gold, corner: true, totl: 1, colr: red}"]}])
    assert "decks.heroes.total" in (project / "data/tiny/rulebook.md").read_text(encoding="utf-8")
    tail = ": fix its spelling, or list it in keep_fields if it is a note [boards/town]"
    assert [line for line in quick_findings(project)[1] if "board field" in line] == [
        f"data/tiny/boards.yaml:14:47: warning: no template, constraint or fact reads the board field 'totl'{tail}",
        f"data/tiny/boards.yaml:14:56: warning: no template, constraint or fact reads the board field 'colr' (did you mean 'color'?){tail}"]
