"""Tile geometry: a board larger than the paper splits into overlapping tiles that cover it, labelled and linked."""
from __future__ import annotations

import itertools
import math

import pytest

from pnp.core.units import DEFAULT_PRINTABLE_MM, PAPER_SIZES, um
from pnp.render.tiling import fits_page, plan_tiles, printable, row_name

# The default printer leaves 1/6 in unprinted; 0.5 mm of tolerance, then 1 mm + 3 mm of corner mark outside
# every tile, and at the bottom 4 mm more for the footer line (3 mm) clear of those marks.
SIDE_MM = DEFAULT_PRINTABLE_MM + 0.5 + 1 + 3
BOTTOM_MM = SIDE_MM + 4
SIDE_UM, BOTTOM_UM = um(SIDE_MM), um(BOTTOM_MM)

BOARDS = [(457.2, 457.2), (380, 260), (380, 300), (600, 600), (566, 414), (500, 380), (210, 900), (1200, 250)]
PAPERS = ["letter", "a4"]


@pytest.mark.parametrize("board, paper", list(itertools.product(BOARDS, PAPERS)))
def test_every_point_of_the_board_lies_on_a_tile(board, paper):
    plan = plan_tiles(board, paper)
    bw, bh = um(board[0]), um(board[1])
    step = um(1)
    xs = [*list(range(0, bw + 1, step)), bw]
    ys = [*list(range(0, bh + 1, step)), bh]
    # per axis is enough: tiles form a grid, so a point is covered when its column and its row are
    cols = [[t for t in plan.tiles if t.row == 0 and t.x <= x <= t.x + t.w] for x in xs]
    rows = [[t for t in plan.tiles if t.col == 0 and t.y <= y <= t.y + t.h] for y in ys]
    assert all(cols) and all(rows)
    # and each tile's region stays on the board and on its page's printable area
    for t in plan.tiles:
        assert t.x >= 0 and t.x + t.w <= bw and t.y >= 0 and t.y + t.h <= bh
        assert t.left >= SIDE_UM and t.left + t.w <= plan.page_w - SIDE_UM
        assert t.bottom >= BOTTOM_UM and t.bottom + t.h <= plan.page_h - plan.insets.top  # the top: the side's inset, or the printer's limit with marks below only


@pytest.mark.parametrize("board, paper", list(itertools.product(BOARDS, PAPERS)))
def test_after_assembly_each_point_shows_from_exactly_one_tile(board, paper):
    """The visible parts (each tile cut at the middle of its left and upper strips) tile the board exactly."""
    plan = plan_tiles(board, paper)
    area = 0
    for a, b in itertools.combinations(plan.tiles, 2):
        ax0, ay0, ax1, ay1 = plan.visible(a)
        bx0, by0, bx1, by1 = plan.visible(b)
        assert min(ax1, bx1) <= max(ax0, bx0) or min(ay1, by1) <= max(ay0, by0), (a.label, b.label)
    for t in plan.tiles:
        x0, y0, x1, y1 = plan.visible(t)
        area += (x1 - x0) * (y1 - y0)
    assert area == um(board[0]) * um(board[1])


@pytest.mark.parametrize("overlap", [0, 5, 10, 15])
def test_neighbours_overlap_exactly_as_set(overlap):
    plan = plan_tiles((600, 600), "letter", overlap)
    assert plan.overlap == um(overlap)
    for t in plan.tiles:
        n = plan.neighbours(t)
        if "right" in n:
            assert t.x + t.w - n["right"].x == um(overlap)
            assert (n["right"].y, n["right"].h) == (t.y, t.h)
        if "bottom" in n:
            assert t.y + t.h - n["bottom"].y == um(overlap)
            assert (n["bottom"].x, n["bottom"].w) == (t.x, t.w)


def test_labels_run_a1_a2_then_b1_and_neighbours_are_right():
    plan = plan_tiles((600, 600), "letter")
    # 4 × 3 portrait or 3 × 4 landscape, 12 pages either way, the same tiles (157.5 × 206.7 mm): portrait wins the tie
    assert (plan.cols, plan.rows) == (4, 3) and not plan.landscape
    assert [t.label for t in plan.tiles] == ["A1", "A2", "A3", "A4", "B1", "B2", "B3", "B4", "C1", "C2", "C3", "C4"]
    b2 = plan.at(1, 1)
    assert {side: t.label for side, t in plan.neighbours(b2).items()} == {"left": "B1", "right": "B3", "top": "A2", "bottom": "C2"}
    assert {side: t.label for side, t in plan.neighbours(plan.at(0, 0)).items()} == {"right": "A2", "bottom": "B1"}
    assert {side: t.label for side, t in plan.neighbours(plan.at(2, 3)).items()} == {"left": "C3", "top": "B4"}
    # the top-left tile starts at the board's top-left corner; labels follow position
    assert (plan.at(0, 0).x, plan.at(0, 0).y) == (0, 0)
    assert all(plan.at(t.row, t.col + 1) is None or plan.at(t.row, t.col + 1).x > t.x for t in plan.tiles)


def test_row_letters_go_on_past_z():
    assert [row_name(i) for i in (0, 1, 25, 26, 27, 51, 52)] == ["A", "B", "Z", "AA", "AB", "AZ", "BA"]


@pytest.mark.parametrize("paper", PAPERS)
def test_an_18_inch_board_takes_six_sheets(paper):
    """PRINTING.md: an 18 in board on Letter or A4 with 10 mm overlap takes 3 × 2 = 6 sheets."""
    plan = plan_tiles((457.2, 457.2), paper)
    assert plan.pages == 6 and {plan.cols, plan.rows} == {2, 3}


@pytest.mark.parametrize("board, paper", list(itertools.product(BOARDS, PAPERS)))
def test_the_grid_with_the_fewest_pages_wins(board, paper):
    """No grid in either orientation, whatever its column and row counts, covers the board with fewer pages."""
    plan = plan_tiles(board, paper)
    w, h = PAPER_SIZES[paper]
    for page_w, page_h in ((w, h), (h, w)):
        aw, ah = page_w - 2 * SIDE_MM, page_h - SIDE_MM - BOTTOM_MM
        # the smallest counts whose tiles reach across: n tiles cover n × printable − (n − 1) × overlap
        need_c = next(n for n in range(1, 100) if n * aw - (n - 1) * 10 >= board[0] - 1e-9)
        need_r = next(n for n in range(1, 100) if n * ah - (n - 1) * 10 >= board[1] - 1e-9)
        assert plan.pages <= need_c * need_r
    assert plan.pages == plan.cols * plan.rows


@pytest.mark.parametrize("board, paper", list(itertools.product(BOARDS, PAPERS)))
def test_tiles_are_balanced_with_no_sliver(board, paper):
    """n tiles with overlap o cover a board of length B at (B + (n − 1) o) / n each: every column and every row the same
    (o is 10 mm, or narrower where that saves tiles: tests/test_board_grids.py)."""
    plan = plan_tiles(board, paper)
    for count, lengths, length in ((plan.cols, [t.w for t in plan.tiles if t.row == 0], board[0]),
                                   (plan.rows, [t.h for t in plan.tiles if t.col == 0], board[1])):
        equal = um((length + (count - 1) * plan.overlap / 1000) / count) if count > 1 else um(length)
        assert all(abs(v - equal) <= 1 for v in lengths), (lengths, equal)


def test_germ_tycoons_board_splits_into_three_equal_columns():
    """450 mm on Letter: 3 × (450 + 2 × 10) / 3 = 156.7 mm columns, not 200 + 200 + 64 mm; 2 × 230 mm rows; 6 pages."""
    plan = plan_tiles((450, 450), "letter")
    assert plan.pages == 6
    widths = sorted({t.w for t in plan.tiles})
    heights = sorted({t.h for t in plan.tiles})
    across, down = (widths, heights) if plan.cols == 3 else (heights, widths)
    assert max(across) - min(across) <= 1 and abs(across[0] - um(470 / 3)) <= 1
    assert down == [um(230)]


# Seams off text: boxes in board mm, (x0, y0, x1, y1) from the top-left. On Letter portrait a 450 mm board takes
# 3 columns of 156.7 mm (printable width 198.4 mm: 41.7 mm of slack each); the balanced cut lines run at
# x = 146.7 + 5 = 151.7 and 298.3 mm, and the row cut at y = 220 + 5 = 225 mm.


def _cuts(plan, axis):
    half = plan.overlap / 2
    return [(t.x if axis == "x" else t.y) + half for t in plan.tiles if (t.row == 0 if axis == "x" else t.col == 0)][1:]


def test_a_seam_moves_off_text_within_the_slack():
    title = (140, 140, 165, 160)  # across the first balanced cut line of either orientation (151.7 mm, along x or y)
    plan = plan_tiles((450, 450), "letter", keep_off=(title,))
    assert plan.pages == 6 and plan.crossed == ()
    for cut in _cuts(plan, "x" if plan.cols == 3 else "y"):
        lo, hi = (title[0], title[2]) if plan.cols == 3 else (title[1], title[3])
        assert not um(lo - 1.5) < cut < um(hi + 1.5)  # the cut clears the text by the 1.5 mm a pair of scissors wanders
    aw, ah = printable(plan.page_w, plan.page_h)
    assert all(t.w <= aw and t.h <= ah for t in plan.tiles)
    # still balanced enough: no tile is shorter than three quarters of the balanced length
    assert min(min(t.w, t.h) for t in plan.tiles) >= 0.75 * um(470 / 3)


def test_text_no_shift_can_clear_is_reported():
    banner = (60, 100, 390, 110)  # 330 mm wide: some vertical cut crosses it whatever the grid
    plan = plan_tiles((450, 450), "letter", keep_off=(banner,))
    assert plan.crossed == (0,)
    assert plan.pages == 6


def test_a_title_no_shift_can_clear_costs_a_page_rather_than_a_cut_through_it():
    """docs/printing.md: when the fewest tiles cannot keep every seam off text, the planner takes the fewest pages that
    can. A 380 × 200 mm board is two portrait Letter tiles, cut near its middle (190 mm) with under 2 mm to move: a
    title from 170 to 210 mm across cannot be cleared. Three portrait tiles (cuts near 128 and 252 mm) clear it."""
    assert plan_tiles((380, 200), "letter").pages == 2
    plan = plan_tiles((380, 200), "letter", keep_off=((170, 20, 210, 32),))
    assert (plan.pages, plan.landscape, plan.crossed) == (3, False, ())
    assert all(not 170 - 1.5 < cut / 1000 < 210 + 1.5 for cut in _cuts(plan, "x"))


def test_a_title_outweighs_a_line_of_small_print():
    """Two texts, one cut that can clear only one of them: it clears the tall one (the title)."""
    from pnp.render.tiling import split_axis

    # 450 mm across Letter portrait's 198.4 mm: the first cut may move within 151.7 ± 39.2 mm (a quarter tile).
    # The title blocks 138.5–201.5 mm (with 1.5 mm clearance), the small print 98.5–146.5 mm: the whole window.
    # Counting texts alone, the balanced position (crossing the title) would do as well as any
    title, small = (um(140), um(200)), (um(100), um(145))
    axis = split_axis(um(450), um(198.4), um(10), (title, small), weights=(um(20), um(3)))
    assert axis.crossed == (1,)
    cut = axis.starts[1] + um(5)
    assert not title[0] - um(1.5) < cut < title[1] + um(1.5)


def test_a_tie_in_pages_goes_to_the_grid_that_crosses_less_text():
    # 380 × 300 on Letter: 2 × 2 portrait or landscape, the same 195 × 155 mm tiles; portrait wins a plain tie
    assert not plan_tiles((380, 300), "letter").landscape
    # a title across the column cut (x = 190 mm): portrait leaves 198.4 − 195 = 3.4 mm of slack, too little
    # to clear 175–205 mm; landscape leaves 261.9 − 195 = 66.9 mm, so its cut moves off the title
    title = (175, 20, 205, 30)
    plan = plan_tiles((380, 300), "letter", keep_off=(title,))
    assert plan.pages == 4 and plan.landscape and plan.crossed == ()
    assert all(not 175 - 1.5 < cut / 1000 < 205 + 1.5 for cut in _cuts(plan, "x"))


def test_a_board_that_fits_needs_no_tiles():
    assert fits_page((190, 250), "letter") == (um(215.9), um(279.4))
    assert fits_page((250, 190), "letter") == (um(279.4), um(215.9))  # landscape
    assert fits_page((200, 250), "letter") is None  # wider than 215.9 − 2 × 8.73
    assert printable(um(215.9), um(279.4)) == (um(215.9) - 2 * SIDE_UM, um(279.4) - SIDE_UM - BOTTOM_UM)


def test_a_board_exactly_the_size_a_letter_page_holds_prints_whole_on_it():
    """The largest board a Letter page (215.9 × 279.4 mm) holds leaves the printer's margin, its tolerance and the
    corner marks on every side and the footer's band below: a board of just that size prints on the page, whole, and
    one a tenth of a millimetre wider or taller is tiled."""
    w, h = 215.9 - 2 * SIDE_MM, 279.4 - SIDE_MM - BOTTOM_MM
    assert fits_page((w, h), "letter") == (um(215.9), um(279.4))
    assert fits_page((w + 0.1, h), "letter") is None and fits_page((w, h + 0.1), "letter") is None


def test_a_board_that_fits_either_way_is_given_a_portrait_page():
    """A 150 mm square fits a Letter page standing or lying: `fits_page` and `stack_pages` both give it the page standing
    (215.9 × 279.4 mm), as a printer feeds it, and turn the page only for a board that needs it."""
    from pnp.render.tiling import stack_pages

    portrait = (um(215.9), um(279.4))
    assert fits_page((150, 150), "letter") == portrait
    assert [page for page, _ in stack_pages([(150, 150)], "letter")] == [portrait]


def test_crosshairs_lie_on_the_seam_inside_both_neighbours():
    plan = plan_tiles((600, 600), "a4")
    seams = plan.seams()
    assert len(seams) == plan.rows * (plan.cols - 1) + plan.cols * (plan.rows - 1)
    for s in seams:
        assert s.marks
        for bx, by in s.marks:
            assert s.first.contains(bx, by) and s.second.contains(bx, by)
            # on the middle line of the overlap strip
            if s.axis == "x":
                assert bx - s.second.x == plan.overlap // 2
            else:
                assert by - s.second.y == plan.overlap // 2
        # both tiles print the seam's marks
        assert set(s.marks) <= set(plan.marks(s.first)) and set(s.marks) <= set(plan.marks(s.second))
        # a seam a tile long (here 150 mm or more) has two, a quarter of its length in from each end: the strip lines up along it
        along = sorted(by if s.axis == "x" else bx for bx, by in s.marks)
        length = s.end - s.start
        assert length >= um(150) and along == [s.start + length // 4, s.end - length // 4], (s, along)


def test_page_positions_map_board_points_consistently():
    """A board point lands on each tile's page where the tile's region puts it, and the form's origin agrees."""
    plan = plan_tiles((457.2, 457.2), "letter")
    for t in plan.tiles:
        ox, oy = plan.origin(t)
        for bx, by in ((t.x, t.y), (t.x + t.w, t.y + t.h), (t.x + t.w / 2, t.y + t.h / 3)):
            px, py = t.to_page(bx, by)
            assert math.isclose(px, ox + bx) and math.isclose(py, oy + plan.board_h - by)
        assert t.to_page(t.x, t.y + t.h) == (t.left, t.bottom)


def test_an_overlap_wider_than_the_paper_is_refused():
    with pytest.raises(ValueError, match="an overlap of 120 mm leaves no room on letter"):
        plan_tiles((600, 600), "letter", 120)


def test_small_boards_share_a_page_with_room_for_both_boards_crop_marks():
    from pnp.render.tiling import printable, stack_pages

    sizes = [(250, 48), (250, 48), (240, 160), (100, 100)]  # calendar, crime track, murder board, a small map
    pages = stack_pages(sizes, "letter")
    assert [[i for i, _, _ in placed] for _, placed in pages] == [[0, 1], [2], [3]]
    (page_w, page_h), placed = pages[0]
    assert page_w > page_h  # 250 mm strips only fit across a landscape page
    _aw, _ah = printable(page_w, page_h)
    for (_, _, bottom), (j, _, below) in itertools.pairwise(placed):
        assert bottom - (below + sizes[j][1] * 1000) >= um(2 * (1 + 3) + 1)  # each board's 1 mm gap and 3 mm mark, and 1 mm between
    for (pw, ph), placed in pages:
        for i, left, bottom in placed:
            w, h = (v * 1000 for v in sizes[i])
            assert left >= SIDE_UM and left + w <= pw - SIDE_UM and bottom >= BOTTOM_UM and bottom + h <= ph - SIDE_UM
    assert [[i for i, _, _ in p] for _, p in stack_pages(sizes, "letter", share=False)] == [[0], [1], [2], [3]]


@pytest.mark.parametrize("seed", range(6))
def test_shifted_tiles_stay_within_a_quarter_of_balanced(seed):
    """Whatever text pulls the seams about, every tile keeps three quarters of its balanced length and fits its page."""
    import random

    rng = random.Random(seed)
    board = (rng.choice([380, 450, 520, 600]), rng.choice([260, 300, 384, 450]))
    boxes = []
    for _ in range(40):
        x, y = rng.uniform(0, board[0] - 20), rng.uniform(0, board[1] - 20)
        boxes.append((x, y, x + rng.uniform(5, 60), y + rng.uniform(2, 20)))
    for paper in PAPERS:
        plan = plan_tiles(board, paper, keep_off=tuple(boxes))
        aw, ah = printable(plan.page_w, plan.page_h, plan.insets)
        for count, lengths, avail, length in ((plan.cols, [t.w for t in plan.tiles if t.row == 0], aw, board[0]),
                                              (plan.rows, [t.h for t in plan.tiles if t.col == 0], ah, board[1])):
            balanced = (um(length) + (count - 1) * plan.overlap) / count  # the overlap: 10 mm, or narrower so fewer tiles fit
            assert all(0.75 * balanced - 1 <= v <= avail for v in lengths), (paper, lengths, balanced)
            assert sum(lengths) - (count - 1) * plan.overlap == um(length)  # and they still cover the board, overlapping as planned


def test_an_overlap_narrows_to_save_a_sheet_but_never_below_the_crosshairs_span():
    """A board that misses two Letter columns by a few millimetres may take a narrower overlap, down to the registration
    crosshair's 7 mm and a quarter millimetre of board either side (7.5 mm): never so narrow the crosshair falls off a strip."""
    across = 215.9 - 2 * SIDE_MM  # one portrait Letter tile's width; 230 mm tall: one portrait row, two landscape rows
    narrowed = plan_tiles((2 * across - 7.6, 230), "letter")
    assert (narrowed.cols, narrowed.rows, narrowed.overlap) == (2, 1, um(7.6))
    for miss in (7.4, 7.0, 6.0, 5.0):  # two columns only with a strip narrower than the crosshair: a third column instead
        plan = plan_tiles((2 * across - miss, 230), "letter")
        assert plan.overlap >= um(7.5) and plan.pages > 2, (miss, plan.overlap, plan.pages)


def test_a_board_that_misses_a_page_by_its_top_corner_marks_alone_keeps_the_page():
    """docs/printing.md: a board that misses a page by up to 4 mm in height (the room its corner marks take above it)
    prints with those marks below it only. A 150 mm wide board 4 mm taller than a portrait Letter page holds with
    marks above it is one page; 4.5 mm taller, it is tiled. The docs' example: Organ Trail's 380 × 260 mm Black
    Market, 2.07 mm too tall for a Letter page's printable height, is 2 portrait tiles, not 2 × 2."""
    room = 279.4 - SIDE_MM - BOTTOM_MM  # portrait Letter's printable height with corner marks above and below
    assert plan_tiles((150, room + 4), "letter").pages == 1
    assert plan_tiles((150, room + 4.5), "letter").pages == 2
    market = plan_tiles((380, 260), "letter")
    assert (market.pages, market.landscape) == (2, False)


def test_boards_sharing_a_page_are_centred_across_it_and_their_stack_down_it():
    """stack_pages: two 250 × 48 mm strips (a calendar and a crime track) share a landscape Letter page (279.4 × 215.9
    mm), each centred across it (14.7 mm of paper either side) and the stack of both and the 9 mm between them centred
    down it: as much paper above the stack as below it, (215.9 − 105) / 2 = 55.45 mm."""
    from pnp.render.tiling import stack_pages

    ((page_w, page_h), placed), = stack_pages([(250, 48), (250, 48)], "letter")
    assert (page_w, page_h) == (um(279.4), um(215.9))
    assert [left for _, left, _ in placed] == [um(14.7), um(14.7)]
    assert [bottom for _, _, bottom in placed] == [um(55.45 + 48 + 9), um(55.45)]
