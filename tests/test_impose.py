"""Sheet geometry: every card position and every mirrored back, on both papers, both flips, gutter and bleed."""

import pytest

from pnp.core.units import PAPER_SIZES, um
from pnp.render.impose import plan_sheet

LASER = 25.4 / 6  # a printer that prints to 1/6 in of every edge, as most lasers do (a profile's margin)


def test_three_by_three_poker_fits_letter_with_shared_cut_lines_on_a_laser():
    sheet = plan_sheet("letter", (63.5, 88.9), printable_mm=LASER)
    assert (sheet.cols, sheet.rows, sheet.landscape) == (3, 3, False)
    first = sheet.slot(0)
    assert first.x == um(12.7)  # (215.9 - 3 * 63.5) / 2
    # top row's top edge: centred (6.35 mm) the margins above and below could not hold a 2 mm mark after the 1 mm gap, so
    # the grid sits 0.1 mm inside the printer's limit (1/6 in and 0.5 mm), leaving the marks 12.7 − 4.83 mm below it
    assert first.y + first.h == um(279.4) - um(25.4 / 6) - um(0.5) - um(0.1)
    assert sheet.slot(1).x - first.x == um(63.5)  # shared cut line: no gap


def test_three_by_three_poker_fits_a4_centred():
    sheet = plan_sheet("a4", (63.5, 88.9))
    assert (sheet.cols, sheet.rows) == (3, 3)
    assert sheet.slot(0).x == um(9.75)
    assert sheet.slot(8).y == um(15.15)


@pytest.mark.parametrize("paper, expected", [("letter", (3, 2)), ("a4", (4, 2))])
def test_bleed_spaces_cards_and_picks_landscape(paper, expected):
    sheet = plan_sheet(paper, (63.5, 88.9), bleed_mm=3)
    assert sheet.landscape and (sheet.cols, sheet.rows) == expected
    assert sheet.slot(1).x - (sheet.slot(0).x + sheet.slot(0).w) == um(6)  # bleeds never overlap
    assert sheet.margin_x >= 0 and sheet.left - sheet.bleed >= um(6.35) - 1


def test_gutter_separates_neighbours():
    sheet = plan_sheet("letter", (57.15, 88.9), gutter_mm=4)
    a, b = sheet.slot(0), sheet.slot(1)
    assert b.x - (a.x + a.w) == um(4)
    below = sheet.slot(sheet.cols)
    assert a.y - (below.y + below.h) == um(4)


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("size", [(63.5, 88.9), (44.45, 63.5), (70, 120), (70, 70), (41, 63)])
@pytest.mark.parametrize("bleed", [0, 3])
def test_every_back_lands_behind_its_front_long_edge(paper, size, bleed):
    sheet = plan_sheet(paper, size, bleed_mm=bleed)
    for i in range(sheet.per_sheet):
        front, back = sheet.slot(i), sheet.back_slot(i, "long")
        if sheet.landscape:  # a landscape page flipped on the paper's long edge turns top to bottom
            assert back.x == front.x and back.y == sheet.page_h - front.y - front.h
        else:
            assert back.y == front.y and back.x == sheet.page_w - front.x - front.w


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_every_back_lands_behind_its_front_short_edge(paper):
    sheet = plan_sheet(paper, (63.5, 88.9))
    for i in range(sheet.per_sheet):
        front, back = sheet.slot(i), sheet.back_slot(i, "short")
        if sheet.landscape:  # a landscape page flipped on the paper's short edge turns left to right
            assert back.y == front.y and back.x == sheet.page_w - front.x - front.w
        else:
            assert back.x == front.x and back.y == sheet.page_h - front.y - front.h


def test_unequal_margins_mirror_the_page_not_the_columns():
    # 2 columns of tarot on letter: the back of the left card sits where the right card's mirror is
    sheet = plan_sheet("letter", (70, 120))
    front, back = sheet.slot(0), sheet.back_slot(0, "long")
    assert back.x + back.w == sheet.page_w - front.x


@pytest.mark.parametrize("printer", [25.4 / 6, 6.35])
@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_cards_stay_inside_the_printable_area_with_half_a_millimetre_to_spare(paper, printer):
    limit = um(printer + 0.5)
    for size in [(63.5, 88.9), (57.15, 88.9), (44, 68), (70, 120), (70, 70)]:
        sheet = plan_sheet(paper, size, printable_mm=printer)
        for i in range(sheet.per_sheet):
            s = sheet.slot(i)
            assert s.x >= limit and s.y >= limit
            assert s.x + s.w <= sheet.page_w - limit and s.y + s.h <= sheet.page_h - limit


def test_poker_and_bridge_print_nine_to_letter_without_a_profile_and_eight_on_a_quarter_inch_printer():
    """Issue 75 item 3, decided: with no printer profile (5 mm) poker and bridge print 3 × 3 on Letter, the field's
    convention. Three rows of 88.9 mm leave 12.7 mm: the grid 5.1 mm from the top (0.1 mm inside the 5 mm) and 7.6 mm
    from the bottom, whose margin holds 7.6 - 1 (the gap) - 5 = 1.6 mm of mark on every vertical cut line; the top cut
    line's marks lie in the side margins. A saved 6.35 mm profile leaves three rows no mark that prints: 4 × 2."""
    assert plan_sheet("letter", (63.5, 88.9), printable_mm=LASER).per_sheet == 9  # 6.35 mm above and below the grid, 4.73 mm needed
    for card in ((63.5, 88.9), (57.15, 88.9)):
        default = plan_sheet("letter", card)
        assert (default.cols, default.rows, default.landscape) == (3, 3, False)
        top = default.slot(0).y + default.slot(0).h
        assert top == um(279.4) - um(5.1) and default.slot(8).y == um(7.6)
        assert default.mark_room("bottom") >= um(1.5) and default.mark_room("left") >= um(1.5) and default.mark_room("right") >= um(1.5)
        assert default.footer_side == "left"
        wide = plan_sheet("letter", card, printable_mm=6.35)
        assert (wide.cols, wide.rows, wide.landscape) == (4, 2, True)
    tabloid = plan_sheet("tabloid", (63.5, 88.9))
    assert (tabloid.cols, tabloid.rows, tabloid.landscape) == (6, 3, True)  # 18 a sheet


def test_crop_marks_fit_in_the_margins():
    sheet = plan_sheet("letter", (63.5, 88.9), printable_mm=LASER)
    # centred, 6.35 mm above and below would leave 0.6 mm after the 1 mm gap: the grid moves up against the limit instead,
    # and the 7.9 mm below it hold a mark of at least 2 mm on every vertical cut line
    assert sheet.lift > 0 and sheet.mark_room("top") < 0 and sheet.mark_room("bottom") >= um(2)
    assert sheet.footer_side == "left"  # 12.7 mm sides beat 6.35 mm top and bottom
    assert plan_sheet("a4", (63.5, 88.9)).footer_side == "bottom"


def test_paper_sizes_are_exact():
    assert PAPER_SIZES["letter"] == (215.9, 279.4)
    assert PAPER_SIZES["a4"] == (210, 297)


def test_a_gutterfold_sheet_holding_as_many_either_way_folds_across_an_upright_page():
    """The usual gutterfold (plan_fold_sheet: ties go to a horizontal fold): 60 mm square tiles on Letter fit six to a
    sheet folded across an upright page (3 × 2 fronts above the fold, their backs below) and six folded down the middle
    of a page turned across (2 × 3 each side): the sheet is the upright one, folded across."""
    from pnp.render.impose import plan_fold_sheet

    sheet = plan_fold_sheet("letter", (60, 60))
    assert (sheet.axis, sheet.landscape, sheet.cols, sheet.rows) == ("h", False, 3, 2)
    assert sheet.slot(0).y > sheet.fold > sheet.back_slot(0).y  # fronts above the fold, backs below
