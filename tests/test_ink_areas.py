"""A face's ink from its elements (pnp.render.ink_elements), each element kind against the area geometry gives it:
a stroked rectangle's four strips, a line's strip (butt ends) and the hairline a too-thin stroke prints at, a group
moved and scaled, a line of text's box from its font's outlines (fontTools), and shapes lying on what is beneath
them exactly at their edges. Figures in pt² (K pt a mm), as `painted` gives them; the colours' coverage is the
print rule's (black 1, red 2: M + Y)."""
from __future__ import annotations

import itertools
import math

import pytest
from conftest import ROOT
from ink_truth import bezier, depths, glyph_truth
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from pnp.layout.elements import Group, Line, Rect, Text
from pnp.layout.typeset import TextOp
from pnp.render.ink_elements import FaceInks, Inexact, face_items, painted
from pnp.render.print_floor import HAIRLINE_PT

K = 72 / 25.4  # pt a mm
BLACK, RED = "#000000", "#ff0000"
CLIP = (0.0, 0.0, 100 * K, 100 * K)
FONT = "InkAreasProbe"
FONT_FILE = ROOT / "pnp/assets/fonts/noto/NotoSans-Regular.ttf"


@pytest.fixture(scope="module", autouse=True)
def font():
    pdfmetrics.registerFont(TTFont(FONT, str(FONT_FILE)))


def ink(*elements, clip=CLIP) -> float:
    return painted(face_items(elements), clip)


def mm2(area: float) -> float:
    return area * K * K


@pytest.mark.parametrize("w, h, x, y", [(30, 40, 10, 20), (40, 30, 50, 5)])
def test_a_stroked_rectangle_counts_its_stroke_over_the_outline_grown_and_shrunk_by_half_its_width(w, h, x, y):
    """A stroke t wide is centred on the outline: it covers (w + t)(h + t) less the fill's (w − t)(h − t) left inside."""
    t = 2.0
    ring, inside = (w + t) * (h + t) - (w - t) * (h - t), (w - t) * (h - t)
    assert ink(Rect(x, y, w, h, BLACK, RED, t, 0, None)) == pytest.approx(mm2(2 * ring + inside), rel=1e-12)
    assert ink(Rect(x, y, w, h, None, RED, t, 0, None)) == pytest.approx(mm2(2 * ring), rel=1e-12)
    assert ink(Rect(x + w, y + h, -w, -h, None, BLACK, t, 0, None)) == pytest.approx(mm2(ring), rel=1e-12)  # drawn from its far corner


def test_a_stroke_of_no_width_is_not_drawn():
    """A shape given a stroke colour but no width is drawn with no stroke at all (pnp.render.draw): its fill alone counts."""
    from pnp.layout.elements import Circle, Ellipse

    assert ink(Rect(10, 20, 30, 40, BLACK, RED, 0, 0, None)) == pytest.approx(mm2(30 * 40), rel=1e-12)
    assert ink(Rect(10, 20, 30, 40, None, RED, 0, 0, None)) == 0.0
    assert ink(Rect(10, 20, 30, 40, BLACK, RED, 0, 5, None)) == pytest.approx(ink(Rect(10, 20, 30, 40, BLACK, None, 0, 5, None)), rel=1e-12)
    assert ink(Circle(40, 50, 10, BLACK, RED, 0, None)) == pytest.approx(ink(Circle(40, 50, 10, BLACK, None, 0, None)), rel=1e-12)
    assert ink(Ellipse(10, 30, 40, 20, BLACK, RED, 0)) == pytest.approx(ink(Ellipse(10, 30, 40, 20, BLACK, None, 0)), rel=1e-12)


def test_a_rectangle_thinner_than_its_stroke_is_all_stroke():
    """A bar 1 mm tall stroked 2 mm wide: the stroke covers the whole (w + t)(h + t), once."""
    assert ink(Rect(10, 20, 30, 1, BLACK, RED, 2.0, 0, None)) == pytest.approx(mm2(2 * 32 * 3), rel=1e-12)
    assert ink(Rect(10, 20, 1, 30, None, BLACK, 2.0, 0, None)) == pytest.approx(mm2(3 * 32), rel=1e-12)


@pytest.mark.parametrize("line, area", [
    (Line(10, 50, 60, 50, BLACK, 1.0, None), 50 * 1.0),  # level
    (Line(60, 50, 10, 50, BLACK, 1.0, None), 50 * 1.0),  # level, drawn leftwards
    (Line(20, 10, 20, 70, RED, 0.5, None), 2 * 60 * 0.5),  # upright, red
    (Line(20, 70, 20, 10, BLACK, 0.5, None), 60 * 0.5),  # upright, drawn upwards
    (Line(20, 10, 20, 70, BLACK, 0.0, None), 0.0),  # no width: drawn as nothing
])
def test_a_level_or_upright_line_is_a_strip_as_long_as_the_line_and_as_wide_as_its_stroke(line, area):
    assert ink(line) == pytest.approx(mm2(area), rel=1e-12)


def test_a_stroke_thinner_than_a_hairline_prints_as_a_hairline():
    """A 0.01 mm stroke is set at the print floor's hairline (0.25 pt), as the PDF draws it; so is one in a group drawn at
    half size, which prints half as wide as asked."""
    t = HAIRLINE_PT / K  # mm
    assert ink(Line(10, 50, 60, 50, BLACK, 0.01, None)) == pytest.approx(mm2(50 * t), rel=1e-4)
    assert ink(Rect(10, 20, 30, 40, None, BLACK, 0.01, 0, None)) == pytest.approx(mm2((30 + t) * (40 + t) - (30 - t) * (40 - t)), rel=1e-4)
    half = Group(0, 0, 0, 0.5, (Line(20, 100, 120, 100, BLACK, 0.01, None), Line(20, 120, 120, 120, BLACK, 2.0, None)))
    assert ink(half) == pytest.approx(mm2(50 * t + 50 * 1.0), rel=1e-4)


def test_a_slanted_or_dashed_line_or_a_turned_group_is_not_measured_here():
    """Nor a rounded rectangle whose corners pass half its side (reportlab draws no such shape as asked), nor a flat
    oval stroked wider than its ends bend (the stroke's inside has corners there)."""
    from pnp.layout.elements import Ellipse

    for drawn in (Line(10, 10, 60, 40, BLACK, 1.0, None), Line(10, 50, 60, 50, BLACK, 1.0, (2, 2)),
                  Rect(10, 10, 20, 20, None, BLACK, 1.0, 0, (1, 1)), Group(10, 10, 90, 1.0, (Rect(0, 0, 5, 5, BLACK, None, 0, 0, None),)),
                  Rect(10, 10, 40, 10, BLACK, None, 0, 8, None), Rect(10, 10, 10, 40, None, RED, 0.5, 6, None),
                  Ellipse(10, 30, 60, 6, RED, BLACK, 2.0)):
        with pytest.raises(Inexact):
            face_items((drawn,))


def test_a_group_is_measured_where_it_is_moved_and_at_the_size_it_is_drawn():
    """A 40 × 20 mm black panel with a 2 mm red rule across it, drawn at half size with its corner at (20, 30): a 20 ×
    10 mm panel and a 20 × 1 mm rule on it. Clipped to 40 × 40 mm, it lies wholly inside; moved or sized wrongly it
    would not. A group within a group adds its move and multiplies its size."""
    drawn = (Rect(0, 0, 40, 20, BLACK, None, 0, 0, None), Line(0, 10, 40, 10, RED, 2.0, None))
    clip = (0.0, 0.0, 40 * K, 40 * K)
    expected = mm2((200 - 20) * 1 + 20 * 2)
    assert ink(Group(20, 30, 0, 0.5, drawn), clip=clip) == pytest.approx(expected, rel=1e-12)
    assert ink(Group(10, 10, 0, 1.0, (Group(10, 20, 0, 0.5, drawn),)), clip=clip) == pytest.approx(expected, rel=1e-12)
    assert ink(Group(30, 30, 0, 0.5, drawn), clip=clip) == pytest.approx(mm2(10 * 10 - 10 * 1 + 10 * 2), rel=1e-12)  # half of it clipped
    assert ink(Group(20, 35, 0, 0.5, drawn), clip=clip) == pytest.approx(mm2(20 * 5 - 20 * 0.5 + 20 * 0.5 * 2), rel=1e-12)  # its lower half clipped


@pytest.mark.parametrize("text, size, at", [("Hog", 12, (6, 20)), ("Wavy", 9, (10, 40))])
def test_a_line_of_texts_ink_box_is_its_glyphs_outlines_where_it_is_set(text, size, at):
    """The box text is measured in, on the face (y down), is where its font's outlines print: a word beside a panel is
    found beside it and a word on it, on it, by that box (`painted`)."""
    x0, y0, x1, y1 = glyph_truth(FONT_FILE, text)[1]
    dx, base = 1.5, 10.0  # the run's start and baseline within its element, pt
    (item,) = face_items((Text(at[0], at[1], (TextOp(dx, base, FONT, size, BLACK, text, 0),)),))
    left, top = at[0] * K + dx, at[1] * K + base
    assert item[:4] == pytest.approx((left + x0 * size, top - y1 * size, left + x1 * size, top - y0 * size), abs=1e-9)


# Items by hand: (x0, y0, x1, y1, coverage, area, boxes it certainly covers); a flat rectangle's area is None.
PANEL = (0.0, 0.0, 10.0, 10.0, 1.0, None, ())
ROUND = (0.0, 0.0, 10.0, 10.0, 1.0, 80.0, ((2.0, 2.0, 8.0, 8.0),))  # a round panel covering the box within it
WIDE = (-50.0, -50.0, 50.0, 50.0)


@pytest.mark.parametrize("box", [(0.0, 0.0, 10.0, 10.0), (0.0, 0.0, 4.0, 4.0), (6.0, 6.0, 10.0, 10.0), (0.0, 6.0, 4.0, 10.0), (6.0, 0.0, 10.0, 4.0)])
def test_a_shape_reaching_a_panels_edges_from_inside_lies_on_it(box):
    """Words whose box reaches the panel's edges, within it: they print over the panel's colour (2 − 1 a pt²); so on a
    panel lower down the page, where its left edge and its top are not the same number."""
    assert painted([PANEL, (*box, 2.0, 3.0, ())], WIDE) == pytest.approx(100 + 3 * (2 - 1))
    assert painted([ROUND, (*(2.0 + v * 0.6 for v in box), 2.0, 3.0, ())], WIDE) == pytest.approx(80 + 3 * (2 - 1))
    low = [(p[0], p[1] + 20, p[2], p[3] + 20, *p[4:6], tuple((b[0], b[1] + 20, b[2], b[3] + 20) for b in p[6])) for p in (PANEL, ROUND)]
    assert painted([low[0], (box[0], box[1] + 20, box[2], box[3] + 20, 2.0, 3.0, ())], WIDE) == pytest.approx(100 + 3 * (2 - 1))
    inner = [2.0 + v * 0.6 for v in box]
    assert painted([low[1], (inner[0], inner[1] + 20, inner[2], inner[3] + 20, 2.0, 3.0, ())], WIDE) == pytest.approx(80 + 3 * (2 - 1))


@pytest.mark.parametrize("box", [(10.0, 0.0, 14.0, 10.0), (-4.0, 0.0, 0.0, 10.0), (0.0, 10.0, 10.0, 14.0), (0.0, -4.0, 10.0, 0.0)])
def test_a_shape_touching_a_panel_from_outside_lies_on_the_paper(box):
    """Words whose box only touches the panel's edge from outside share no area with it: they print on the paper (2 a pt²)."""
    assert painted([PANEL, (*box, 2.0, 3.0, ())], WIDE) == pytest.approx(100 + 3 * 2)
    assert painted([ROUND, (*box, 2.0, 3.0, ())], WIDE) == pytest.approx(80 + 3 * 2)


@pytest.mark.parametrize("box", [(-1.0, 0.0, 4.0, 4.0), (6.0, 6.0, 11.0, 10.0), (0.0, -1.0, 4.0, 4.0), (6.0, 6.0, 10.0, 11.0)])
def test_a_shape_over_a_panels_edge_is_not_measured_here(box):
    """Words half on the panel, half on the paper print over two colours: no one figure from the elements; so on a
    panel lower down the page."""
    for dy in (0.0, 20.0):
        panel, round_panel = (lower(PANEL, dy), lower(ROUND, dy))
        with pytest.raises(Inexact):
            painted([panel, lower((*box, 2.0, 3.0, ()), dy)], WIDE)
        with pytest.raises(Inexact):
            painted([round_panel, lower((*(2.0 + v * 0.6 for v in box), 2.0, 3.0, ()), dy)], WIDE)


def lower(item: tuple, dy: float) -> tuple:
    """A hand-made item moved `dy` down the page, with the boxes it covers."""
    return (item[0], item[1] + dy, item[2], item[3] + dy, *item[4:6], tuple((b[0], b[1] + dy, b[2], b[3] + dy) for b in item[6]), *item[7:])


def test_a_face_placed_many_times_is_worked_out_once_for_each_clip(monkeypatch):
    """A deck's back is the same face on every page: its items and its figure are worked out once for each clip it is
    placed in, its bleed box (where a page's edge cuts none) or another."""
    import pnp.render.ink_elements as ie
    from pnp.layout.elements import Face

    asked, summed = [], []
    real, sums = ie.items_of, ie.painted
    monkeypatch.setattr(ie, "items_of", lambda face, icons=None: asked.append(face) or real(face, icons))
    monkeypatch.setattr(ie, "painted", lambda items, clip: summed.append(clip) or sums(items, clip))
    back = Face(20, 20, 0.0, (Rect(0, 0, 20, 20, BLACK, None, 0, 0, None),), frozenset())
    faces = FaceInks()
    small, whole = (0.0, 0.0, 10 * K, 10 * K), ie.clip_of(back)
    assert whole == pytest.approx((0.0, 0.0, 20 * K, 20 * K))
    figures = [faces.figure(back, clip) for clip in (small, whole, small, whole, small)]
    assert figures == pytest.approx([mm2(100), mm2(400), mm2(100), mm2(400), mm2(100)])
    assert len(asked) == 2 and sorted(summed) == sorted([small, whole])


@pytest.mark.parametrize("back_offset", [(0.0, 0.0), (2.0, -1.5)])
def test_what_a_face_draws_past_its_bleed_is_clipped_as_the_pdf_clips_it(back_offset):
    """A face 1 mm of bleed deep whose background runs 4 mm past its trim, and bands past its right and lower edges: a page
    prints each face within its bleed box, and its figure from the elements is its raster's (the overhang, counted,
    would be about a tenth of the page)."""
    import pnp.render.ink as ink_pages
    from pnp.layout.elements import Face
    from pnp.render.sheet_plan import Group as SheetGroup
    from pnp.render.sheet_plan import Piece
    from pnp.render.sheets import write_sheets

    w, h = 63.5, 88.9
    over = Face(w, h, 1.0, (Rect(-4, -4, w + 8, h + 8, "#1d3557", None, 0, 0, None), Rect(w - 10, 20, 14, 10, "#e63946", None, 0, 0, None),
                            Rect(10, h - 5, 20, 9, "#ffd166", None, 0, 0, None),
                            Text(6, 40, (TextOp(0, 9.0, FONT, 12, "#ffffff", "Past the bleed", 0),))), frozenset())
    data, stats = write_sheets([SheetGroup("deck", "Deck", (w, h), [Piece(over, over, f"c{n}") for n in range(9)])], game_title="Probe",
                               kind="cards", paper="letter", duplex="long", bleed_mm=1, gutter_mm=4, font_name=FONT, icons=None,
                               back_offset=back_offset)
    assert None not in stats.page_exact
    assert stats.page_exact == pytest.approx(ink_pages.page_inks(data, dpi=100, halves=False), abs=0.01)  # a 100-dpi raster's error at the edges: under 0.01
    if back_offset != (0.0, 0.0):  # shifted, nothing falls off the page: the backs print the ink they print unshifted
        _, unshifted = write_sheets([SheetGroup("deck", "Deck", (w, h), [Piece(over, over, f"c{n}") for n in range(9)])], game_title="Probe",
                                    kind="cards", paper="letter", duplex="long", bleed_mm=1, gutter_mm=4, font_name=FONT, icons=None)
        assert stats.page_exact == pytest.approx(unshifted.page_exact, rel=1e-9)


@pytest.mark.parametrize("shift", [(0.0, -20.0), (0.0, 20.0), (45.0, 0.0)])  # a row off the foot or the head; a column off the right side (the sheet is landscape, its margins 39 mm; shifted left, the footer up its left side is cut, and rasterised)
def test_a_face_a_pages_edge_cuts_counts_only_what_the_page_holds(shift):
    """Backs shifted by a printer's back offset (20 mm down or up, 45 mm across) run a row or a column off the paper:
    each page's figure from its elements counts what the paper holds, as its raster does (the part off the paper,
    counted, would be a fortieth of the page), and each face only within its bleed box, though it draws 4 mm past its
    trim. Each face has a band of another colour along its left side and its top, so the part of it the paper holds
    is counted where it lies."""
    import pnp.render.ink as ink_pages
    from pnp.layout.elements import Face
    from pnp.render.sheet_plan import Group as SheetGroup
    from pnp.render.sheet_plan import Piece
    from pnp.render.sheets import write_sheets

    w, h = 63.5, 88.9

    def face(ground: str, band: str) -> Face:  # drawn 4 mm past its trim: clipped at 1
        return Face(w, h, 1.0, (Rect(-4, -4, w + 8, h + 8, ground, None, 0, 0, None), Rect(-4, -4, 16, h + 8, band, None, 0, 0, None),
                                Rect(-4, -4, w + 8, 16, band, None, 0, 0, None)), frozenset())

    front, back = face("#f4d35e", "#1d3557"), face("#1d3557", "#f4d35e")
    data, stats = write_sheets([SheetGroup("deck", "Deck", (w, h), [Piece(front, back, f"c{n}") for n in range(9)])], game_title="Probe",
                               kind="cards", paper="letter", duplex="long", bleed_mm=1, gutter_mm=4, font_name=FONT, icons=None,
                               back_offset=shift)
    assert None not in stats.page_exact
    assert stats.page_exact == pytest.approx(ink_pages.page_inks(data, dpi=100, halves=False), abs=0.01)


@pytest.mark.parametrize("clip, expected", [
    ((10.0, 20.0, 25.0, 35.0), 15 * 15),  # the panel (5, 7)–(30, 40) within a clip off the origin
    ((0.0, 0.0, 12.0, 9.0), 7 * 2),
    ((29.0, 39.0, 50.0, 50.0), 1 * 1),
    ((30.0, 0.0, 50.0, 50.0), 0),  # touching its edge only
])
def test_a_rectangle_counts_only_within_its_clip(clip, expected):
    assert painted([(5.0, 7.0, 30.0, 40.0, 1.0, None, ())], clip) == pytest.approx(expected)


@pytest.mark.parametrize("later, hidden", [
    ((5.0, 3.0, 15.0, 8.0), 5 * 5),  # over the right edge
    ((-2.0, 4.0, 3.0, 20.0), 3 * 6),  # over the left and bottom edges
    ((2.0, 2.0, 4.0, 5.0), 2 * 3),  # within: the panel is cut on all four sides of it
    ((-1.0, -1.0, 11.0, 2.0), 10 * 2),  # across the top
    ((10.0, 0.0, 12.0, 10.0), 0),  # beside it, touching
])
def test_a_rectangle_drawn_later_hides_what_it_covers_of_one_before_it(later, hidden):
    """A 10 × 10 panel of coverage 1 under a rectangle of coverage 2 drawn after it: the panel counts where it shows."""
    area = (later[2] - later[0]) * (later[3] - later[1])
    assert painted([PANEL, (*later, 2.0, None, ())], WIDE) == pytest.approx(100 - hidden + 2 * area)


def test_a_shape_the_clip_cuts_is_not_measured_here_and_one_touching_its_edge_is():
    words = (2.0, 4.0, 8.0, 9.0, 2.0, 5.0, ())
    assert painted([words], (2.0, 4.0, 8.0, 9.0)) == pytest.approx(10.0)
    for clip in ((3.0, 0.0, 10.0, 10.0), (0.0, 5.0, 10.0, 10.0), (0.0, 0.0, 7.0, 10.0), (0.0, 0.0, 10.0, 8.0)):
        with pytest.raises(Inexact):
            painted([words], clip)
    for clip in ((8.0, 0.0, 20.0, 20.0), (0.0, 9.0, 20.0, 20.0), (-10.0, -10.0, 2.0, 20.0), (-10.0, -10.0, 20.0, 4.0)):
        assert painted([words], clip) == 0.0  # outside the clip, touching its edge: not on the page at all


@pytest.mark.parametrize("later, exact", [
    ((8.0, 0.0, 12.0, 10.0), True),  # touching the words' box from the right: beside them
    ((0.0, 0.0, 2.0, 10.0), True),  # from the left
    ((0.0, 8.0, 10.0, 12.0), True),  # from below
    ((0.0, 0.0, 10.0, 2.0), True),  # from above
    ((7.0, 0.0, 12.0, 10.0), False),  # over them: what they print under is not one flat colour
])
def test_a_rectangle_drawn_after_words_may_touch_them_but_not_cover_them(later, exact):
    for dy in (0.0, 20.0):  # and lower down the page
        items = [lower((2.0, 2.0, 8.0, 8.0, 2.0, 5.0, ()), dy), lower((*later, 1.0, None, ()), dy)]
        if not exact:
            with pytest.raises(Inexact):
                painted(items, WIDE)
            continue
        area = (later[2] - later[0]) * (later[3] - later[1])
        assert painted(items, WIDE) == pytest.approx(10.0 + area)


LONG_TITLE = "The Long and Winding Probe of Footers, Which Says More Than a Short Side of the Paper Holds"


@pytest.mark.parametrize("paper, back_offset, title", [("letter", (0.0, 0.0), "A Probe of Footers"), ("a4", (0.0, 0.0), "A Probe of Footers"),
                                                       ("letter", (3.0, -2.0), "A Probe of Footers"), ("a4", (-2.0, 3.0), "A Probe of Footers"),
                                                       ("letter", (0.0, 0.0), LONG_TITLE), ("a4", (0.0, 0.0), LONG_TITLE)])
def test_a_sheets_footer_is_measured_in_the_words_and_at_the_place_the_page_prints_them(monkeypatch, paper, back_offset, title):
    """Each page's footer line and scale-bar label, as measured, are the words the page prints (pdfium's text), and each
    measured line's box is where pdfium finds its characters' glyphs: up the left side of a snug Letter sheet, along the
    foot of an A4 one, moved with a backs page by the printer's misregistration. A long title is shortened to the room
    the footer's side of the paper gives, and measured so."""
    import pypdfium2 as pdfium

    import pnp.render.ink_elements as ie
    from pnp.layout.elements import Face
    from pnp.render.sheet_plan import Group as SheetGroup
    from pnp.render.sheet_plan import Piece
    from pnp.render.sheets import write_sheets

    measured = []
    real = ie.footer_items
    monkeypatch.setattr(ie, "footer_items", lambda sheet, font, line, size, label, offset: measured.append(
        (line, label, items := real(sheet, font, line, size, label, offset))) or items)
    w, h = 63.5, 88.9
    grey = Face(w, h, 0, (Rect(0, 0, w, h, "#eeeeee", None, 0, 0, None),), frozenset())
    data, stats = write_sheets([SheetGroup("deck", "Deck", (w, h), [Piece(grey, grey, f"c{n}") for n in range(9)])], game_title=title,
                               kind="cards", paper=paper, duplex="long", bleed_mm=0, gutter_mm=0, font_name=FONT, icons=None, back_offset=back_offset)
    assert len(measured) == len(stats.page_exact) == 2  # a long line crossing the crop marks leaves its page to the raster, measured or not
    assert title == LONG_TITLE or None not in stats.page_exact
    pdf = pdfium.PdfDocument(data)
    for n, (line, label, items) in enumerate(measured):
        text = pdf[n].get_textpage()
        printed = " ".join(text.get_text_range().split())
        assert line in printed and (label is None or label in printed), (line, label, printed)
        glyphs = [text.get_charbox(i) for i in range(text.count_chars()) if text.get_text_range(i, 1).strip()]
        words = [item for item in items if item[5] is not None]  # the words' items (the scale bar's are flat rectangles)
        assert len(words) == (1 if label is None else 2)
        assert union(glyphs) == pytest.approx(union(words), abs=0.05)
        if len(words) == 1 or not (words[0][0] < words[1][2] and words[1][0] < words[0][2] and words[0][1] < words[1][3] and words[1][1] < words[0][3]):
            for item in words:  # each line apart: where the glyphs inside its box print
                inside = [g for g in glyphs if item[0] <= (g[0] + g[2]) / 2 <= item[2] and item[1] <= (g[1] + g[3]) / 2 <= item[3]]
                assert inside and union(inside) == pytest.approx(item[:4], abs=0.05)


def union(boxes) -> tuple[float, float, float, float]:
    return min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes)


# Round shapes as reportlab draws them: a circle or ellipse is four Bézier arcs whose handles are KAPPA of each semi-axis
# long, a rounded rectangle's corners arcs whose handles are 0.4472 of the radius short of the corner.
KAPPA = 0.5522847498


def arc(start, c1, c2, end, n: int = 400):
    return [bezier((start, c1, c2, end), i / n) for i in range(n)]


def oval_outline(cx, cy, a, b):
    k = KAPPA
    return (arc((cx + a, cy), (cx + a, cy + k * b), (cx + k * a, cy + b), (cx, cy + b)) + arc((cx, cy + b), (cx - k * a, cy + b), (cx - a, cy + k * b), (cx - a, cy))
            + arc((cx - a, cy), (cx - a, cy - k * b), (cx - k * a, cy - b), (cx, cy - b)) + arc((cx, cy - b), (cx + k * a, cy - b), (cx + a, cy - k * b), (cx + a, cy)))


def rounded_outline(x0, y0, x1, y1, r):
    k = 1 - 0.4472
    return (arc((x1 - r, y0), (x1 - r + k * r, y0), (x1, y0 + r - k * r), (x1, y0 + r)) + arc((x1, y1 - r), (x1, y1 - r + k * r), (x1 - r + k * r, y1), (x1 - r, y1))
            + arc((x0 + r, y1), (x0 + r - k * r, y1), (x0, y1 - r + k * r), (x0, y1 - r)) + arc((x0, y0 + r), (x0, y0 + r - k * r), (x0 + r - k * r, y0), (x0 + r, y0)))


def placed(outline, grow: float):
    """Whether a point is inside the closed `outline` grown by `grow` (shrunk, when negative), and how far from its edge."""

    def judge(x: float, y: float) -> tuple[bool, float]:
        inside = float(depths(outline, x, y)) + grow
        return inside >= -1e-3, abs(inside)  # the polygon's chords lie a few 1e-5 pt inside the arcs

    return judge


def corners(box):
    return [(box[0], box[1]), (box[0], box[3]), (box[2], box[1]), (box[2], box[3])]


def region_edge(region, n: int = 200):
    """Points along the edge of what an item says it covers: a box's corners, or, for a box whose corners are rounded
    by quarter ellipses (x0, y0, x1, y1, rx, ry), its four quarter ellipses (the straight sides join their ends)."""
    if len(region) == 4:
        return corners(region)
    x0, y0, x1, y1, rx, ry = region
    centres = ((x1 - rx, y1 - ry, 1, 1), (x0 + rx, y1 - ry, -1, 1), (x0 + rx, y0 + ry, -1, -1), (x1 - rx, y0 + ry, 1, -1))
    return [(cx + sx * rx * math.cos(math.pi / 2 * i / n), cy + sy * ry * math.sin(math.pi / 2 * i / n)) for cx, cy, sx, sy in centres for i in range(n + 1)]


@pytest.mark.parametrize("shape, t", [
    (("circle", (40, 50, 12)), 0.0), (("circle", (40, 50, 12)), 2.0),
    (("ellipse", (10, 30, 60, 24)), 0.0), (("ellipse", (10, 30, 60, 24)), 1.5), (("ellipse", (10, 30, 24, 60)), 1.0),
    (("rounded", (10, 20, 50, 30, 6)), 0.0), (("rounded", (10, 20, 50, 30, 6)), 2.0),
], ids=["disc", "stroked disc", "oval", "stroked oval", "stroked tall oval", "rounded", "stroked rounded"])
def test_a_round_shapes_boxes_hold_what_it_prints_and_what_they_say_it_covers_it_covers(shape, t):
    """Each item a round shape (filled, or stroked t mm wide) gives is the box of what it prints (the outline drawn by
    reportlab, grown by half the stroke for the stroke, shrunk by it for what lies inside the stroke), and every box it
    says it certainly covers lies within that, and reaches its edge (a box drawn smaller would leave words on the shape
    unmeasured for nothing)."""
    from pnp.layout.elements import Circle, Ellipse

    kind, v = shape
    if kind == "circle":
        element, drawn = Circle(v[0], v[1], v[2], BLACK if not t else RED, BLACK if t else None, t, None), oval_outline(v[0] * K, v[1] * K, v[2] * K, v[2] * K)
    elif kind == "ellipse":
        element = Ellipse(v[0], v[1], v[2], v[3], BLACK if not t else RED, BLACK if t else None, t)
        drawn = oval_outline((v[0] + v[2] / 2) * K, (v[1] + v[3] / 2) * K, v[2] / 2 * K, v[3] / 2 * K)
    else:
        element = Rect(v[0], v[1], v[2], v[3], BLACK if not t else RED, BLACK if t else None, t, v[4], None)
        drawn = rounded_outline(v[0] * K, v[1] * K, (v[0] + v[2]) * K, (v[1] + v[3]) * K, v[4] * K)
    items = face_items((element,))
    d = t * K / 2
    assert len(items) == (2 if t else 1)
    for item, grow in zip(items, (d, -d) if t else (0.0,), strict=True):
        xs, ys = [p[0] for p in drawn], [p[1] for p in drawn]
        assert item[:4] == pytest.approx((min(xs) - grow, min(ys) - grow, max(xs) + grow, max(ys) + grow), abs=1e-3)
        judge = placed(drawn, grow)
        reach = []
        for box in item[6]:
            seen = [judge(*c) for c in region_edge(box)]
            assert all(inside for inside, _ in seen), (box, seen)
            reach.append(min(far for _, far in seen))
        # each says it covers some box, reaching to within 0.05 mm of its edge; a stroked oval's items say less: the box
        # inscribed in its outline for the whole, that box less the stroke for what lies inside the stroke
        assert item[6] and max(reach) < (0.05 * K if not t or kind == "rounded" else 1.5 * d), reach
        # and together they cover most of what it prints: all but the corners of a rounded rectangle (each corner's
        # r × r square less what lies outside its arc and less the third box's part of it); 2/π of an oval, the most
        # an upright box inscribed in it covers; a stroked oval's boxes, inscribed in its outline, less
        least = {"rounded": 0.95, "circle": 0.62, "ellipse": 0.62}[kind] if not t or kind == "rounded" else 0.45
        assert covered(drawn, grow, item[6]) >= least


def covered(outline, grow: float, boxes) -> float:
    """The share of the points inside `outline` grown by `grow` (on a 60 × 60 grid) that lie in one of `boxes`."""
    import numpy as np

    coarse = outline[::8]  # every eighth point: 50 a quarter arc, within a few µm of the arcs
    (x0, y0), (x1, y1) = np.min(coarse, axis=0) - abs(grow), np.max(coarse, axis=0) + abs(grow)
    gx, gy = np.meshgrid(np.linspace(x0, x1, 60), np.linspace(y0, y1, 60))
    px, py = gx.ravel(), gy.ravel()
    inside = depths(coarse, px, py) + grow >= 0
    held = np.zeros_like(inside)
    for box in boxes:
        held |= (box[0] <= px) & (px <= box[2]) & (box[1] <= py) & (py <= box[3])
    return float((held & inside).sum() / inside.sum())


def enclosed(points) -> float:
    """The area a closed polyline encloses (the shoelace formula)."""
    return abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1], strict=True))) / 2


@pytest.mark.parametrize("centre", [(12.0, 19.5), (19.5, 12.0), (68.0, 40.5)], ids=["beside the left side", "under the top", "bottom right"])
def test_a_badge_in_a_rounded_panels_corner_lies_on_it_where_the_corner_holds_it(centre):
    """A badge in a rounded panel's corner, beside its curve where none of the straight-sided boxes within the panel
    reaches: the corner's curve holds the badge's box, so it prints over the panel's colour alone and is measured
    (the panel's area in black, the badge's in red over black); one whose box reaches past the curve is not."""
    from pnp.layout.elements import Circle

    panel = Rect(10, 10, 60, 40, BLACK, None, 0, 12, None)
    badge = Circle(*centre, 1, RED, None, 0, None)
    expected = enclosed(rounded_outline(10 * K, 10 * K, 70 * K, 50 * K, 12 * K)) * 1 + enclosed(oval_outline(centre[0] * K, centre[1] * K, K, K)) * (2 - 1)
    page = (0.0, 0.0, 100 * K, 100 * K)
    assert painted(face_items((panel, badge)), page) == pytest.approx(expected, rel=1e-4)
    for past in ((11.2, 12.5), (12.0, 17.5)):  # its box's corner past the curve (the second's by 0.3 mm): the box may reach the paper
        with pytest.raises(Inexact):
            painted(face_items((panel, Circle(*past, 1, RED, None, 0, None))), page)


def _mirrored(point, corner: str) -> tuple[float, float]:
    """A point given near the 60 × 40 mm panel's top left corner (10, 10 to 70, 50), moved to the same place in `corner`."""
    x, y = point
    return (80 - x if "right" in corner else x, 60 - y if "bottom" in corner else y)


@pytest.mark.parametrize("corner", ["top left", "top right", "bottom left", "bottom right"])
def test_each_rounded_corner_holds_a_badge_within_its_curve_and_none_past_it(corner):
    """Badges near each corner of a rounded panel (12 mm corners): beside the curve, and where the curve meets the
    straight side (a box corner 0.1 mm short of the side's end and 0.003 mm inside the panel's edge, which the curve
    holds), are measured; badges whose box reaches past the curve, by 0.3 mm or more, are not (their box may reach
    the paper). The same places in each corner, mirrored."""
    from pnp.layout.elements import Circle

    panel = Rect(10, 10, 60, 40, BLACK, None, 0, 12, None)
    page = (0.0, 0.0, 100 * K, 100 * K)
    for centre in ((12.0, 19.5), (19.5, 12.0), (22.9, 11.003), (11.003, 22.9)):
        cx, cy = _mirrored(centre, corner)
        expected = enclosed(rounded_outline(10 * K, 10 * K, 70 * K, 50 * K, 12 * K)) + enclosed(oval_outline(cx * K, cy * K, K, K))
        assert painted(face_items((panel, Circle(cx, cy, 1, RED, None, 0, None))), page) == pytest.approx(expected, rel=1e-4), centre
    for past in ((11.2, 12.5), (12.0, 17.5)):
        with pytest.raises(Inexact):
            painted(face_items((panel, Circle(*_mirrored(past, corner), 1, RED, None, 0, None))), page)


@pytest.mark.parametrize("centre", [(10.0, 30.0), (40.0, 10.0), (70.0, 30.0), (40.0, 50.0)], ids=["left", "top", "right", "bottom"])
def test_a_badge_on_a_rounded_panels_stroke_lies_on_the_stroke(centre):
    """A rounded panel stroked 2 mm wide in black, filled red, and a badge 1 mm across centred on its outline's side: it
    lies on the stroke alone (its box within the outline grown and shrunk by half the stroke), so it is measured, and
    adds its own area at its colour over the stroke's."""
    from pnp.layout.elements import Circle

    panel = Rect(10, 10, 60, 40, RED, BLACK, 2, 12, None)
    page = (0.0, 0.0, 100 * K, 100 * K)
    alone = painted(face_items((panel,)), page)
    badge = Circle(*centre, 0.5, RED, None, 0, None)
    assert painted(face_items((panel, badge)), page) - alone == pytest.approx(enclosed(oval_outline(centre[0] * K, centre[1] * K, K / 2, K / 2)) * (2 - 1), rel=1e-4)


def test_a_dot_stroked_in_its_own_colour_is_measured_as_the_disc_its_stroke_grows_it_to():
    """A dot of radius 0.3 mm, filled and stroked 0.2 mm wide in black: it prints a disc of radius 0.4 mm."""
    from pnp.layout.elements import Circle

    dot = Circle(20, 20, 0.3, BLACK, BLACK, 0.2, None)
    assert painted(face_items((dot,)), CLIP) == pytest.approx(enclosed(oval_outline(20 * K, 20 * K, 0.4 * K, 0.4 * K)), rel=1e-3)


def test_a_badge_in_the_very_corner_of_a_panel_with_small_rounded_corners_is_not_measured():
    """A panel with corners rounded 0.3 mm (under a point): a badge whose box's corner lies 0.03 mm in from the panel's
    corner, within its box but past its curve (the curve passes 0.088 mm in along the diagonal), may lie on the paper
    there; one 0.2 mm further in lies on the panel."""
    from pnp.layout.elements import Circle

    panel = Rect(10, 10, 30, 20, BLACK, None, 0, 0.3, None)
    with pytest.raises(Inexact):
        painted(face_items((panel, Circle(11.03, 11.03, 1, RED, None, 0, None))), CLIP)
    inside = painted(face_items((panel, Circle(11.2, 11.2, 1, RED, None, 0, None))), CLIP) - painted(face_items((panel,)), CLIP)
    assert inside == pytest.approx(enclosed(oval_outline(11.2 * K, 11.2 * K, K, K)) * (2 - 1), rel=1e-4)


@pytest.mark.parametrize("how", ["edge bleed", "round cards", "rounded cards"])
def test_a_sheet_whose_faces_are_cut_back_or_outlined_is_measured_as_it_prints(how):
    """Faces that bleed only past the grid's outer edges (cut back to their trim inside it), or round cards kept to their
    shape with a cut outline: where the elements give a page's figure at all, it is the page's raster's."""
    import pnp.render.ink as ink_pages
    from pnp.core.shapes import Shape
    from pnp.layout.elements import Face
    from pnp.render.sheet_plan import Group as SheetGroup
    from pnp.render.sheet_plan import Piece
    from pnp.render.sheets import write_sheets

    w, h = (63.5, 88.9) if how != "round cards" else (60.0, 60.0)
    over = Face(w, h, 3.0, (Rect(-3, -3, w + 6, h + 6, "#1d3557", None, 0, 0, None), Rect(w - 10, 20, 13, 10, "#e63946", None, 0, 0, None)), frozenset())
    shape = {"round cards": Shape("circle"), "rounded cards": Shape("rounded", 4.0)}.get(how, Shape())
    group = SheetGroup("deck", "Deck", (w, h), [Piece(over, over, f"c{n}") for n in range(9)], shape=shape, outlined=how == "round cards",
                       bleed_mm=1.0 if how == "round cards" else None)
    options = {"bleed_mm": 0, "edge_bleed_mm": 3.0} if how == "edge bleed" else {"bleed_mm": 3.0}
    data, stats = write_sheets([group], game_title="Probe", kind="cards", paper="letter", duplex="long", gutter_mm=0, font_name=FONT, icons=None, **options)
    raster = ink_pages.page_inks(data, dpi=100, halves=False)
    measured = [(exact, seen) for exact, seen in zip(stats.page_exact, raster, strict=True) if exact is not None]
    if how == "rounded cards":  # every page measured from its elements, or the comparison below holds nothing
        assert len(measured) == len(raster), stats.page_exact
    for exact, seen in measured:
        assert exact == pytest.approx(seen, abs=0.01)


def test_a_sheet_drawn_through_a_colour_filter_is_rasterised():
    """A print-on-demand PDF's colours go through a filter (CMYK) the elements do not know: its pages are not measured
    from them."""
    from pnp.layout.elements import Face
    from pnp.render.sheet_plan import Group as SheetGroup
    from pnp.render.sheet_plan import Piece
    from pnp.render.sheets import write_sheets

    face = Face(63.5, 88.9, 0, (Rect(0, 0, 63.5, 88.9, "#1d3557", None, 0, 0, None),), frozenset())
    _, stats = write_sheets([SheetGroup("deck", "Deck", (63.5, 88.9), [Piece(face, face, f"c{n}") for n in range(9)])], game_title="Probe",
                            kind="cards", paper="letter", duplex="long", bleed_mm=0, gutter_mm=0, font_name=FONT, icons=None, colour_filter=lambda c: c)
    assert stats.page_exact == [None, None]


@pytest.mark.parametrize("rotation", [0, 180])
def test_a_gutterfold_sheet_is_rasterised(rotation):
    """A gutterfold sheet prints a fold line and its backs beside its fronts (upright, or turned): not measured here."""
    from pnp.layout.elements import Face
    from pnp.render.sheet_plan import Group as SheetGroup
    from pnp.render.sheet_plan import Piece
    from pnp.render.sheets import write_sheets

    face = Face(63.5, 88.9, 0, (Rect(0, 0, 63.5, 88.9, "#1d3557", None, 0, 0, None),), frozenset())
    _, stats = write_sheets([SheetGroup("deck", "Deck", (63.5, 88.9), [Piece(face, face, f"c{n}") for n in range(4)])], game_title="Probe",
                            kind="cards", paper="letter", duplex="long", bleed_mm=0, gutter_mm=0, font_name=FONT, icons=None, layout="gutterfold",
                            fold_rotation=rotation)
    assert stats.page_exact and set(stats.page_exact) == {None}


def _mark_box(segment: tuple) -> tuple[float, float, float, float]:
    """A crop mark (µm from the page's corner) as the box its 0.3 pt line prints, in points: butt ends, half the
    line's width each side."""
    x0, y0, x1, y1 = (v * 72 / 25400 for v in segment)
    half = 0.15
    if y0 == y1:
        return min(x0, x1), y0 - half, max(x0, x1), y0 + half
    return x0 - half, min(y0, y1), x0 + half, max(y0, y1)


def _meets(a: tuple, b: tuple) -> bool:
    """Whether two boxes share some area (touching edges do not)."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def test_footer_words_among_the_crop_marks_add_their_own_ink_and_words_over_a_mark_are_rasterised(monkeypatch):
    """A page's footer may fall among its crop marks (within the box they span): words between two marks add exactly
    their own ink to the page's; words printed over a mark lie on two colours, and the page is rasterised rather
    than counted twice. Asked of a real sheet's marks, with words placed by hand."""
    import pnp.render.ink_elements as ie
    from pnp.layout.elements import Face
    from pnp.render.impose import crop_mark_segments
    from pnp.render.sheet_plan import Group as SheetGroup
    from pnp.render.sheet_plan import Piece
    from pnp.render.sheets import write_sheets

    asked = []
    real = ie.PageInks.page
    monkeypatch.setattr(ie.PageInks, "page", lambda self, sheet, placed, marks, *rest: asked.append((self, sheet, marks)) or real(self, sheet, placed, marks, *rest))
    face = Face(63.5, 88.9, 0, (), frozenset())
    write_sheets([SheetGroup("deck", "Deck", (63.5, 88.9), [Piece(face, None, f"c{n}") for n in range(9)])], game_title="Probe", kind="cards",
                 paper="letter", duplex="long", bleed_mm=0, gutter_mm=0, font_name=FONT, icons=None)
    inks, sheet, marks = asked[0]
    w, h = sheet.page_w * 72 / 25400, sheet.page_h * 72 / 25400
    items = [_mark_box(segment) for grid, slots in marks for segment in crop_mark_segments(grid, list(slots))]
    held = (min(i[0] for i in items), min(i[1] for i in items), max(i[2] for i in items), max(i[3] for i in items))
    alone = inks.page_ink(sheet, [], marks, (0.0, 0.0), [])
    left = min(i[0] for i in items)  # the outermost marks' ends: a word just inside them, between two marks along that side
    column = sorted(i for i in items if i[0] == left)
    gap = next((a[3], b[1]) for a, b in itertools.pairwise(column) if b[1] - a[3] > 10)
    word = (left + 0.5, (gap[0] + gap[1]) / 2 - 2, left + 3.5, (gap[0] + gap[1]) / 2 + 2, 1.0, 6.0, ())
    assert _meets(word, held) and not any(_meets(word, i) for i in items)
    assert inks.page_ink(sheet, [], marks, (0.0, 0.0), [word]) == pytest.approx(alone + 6.0 / (w * h), rel=1e-12)
    mark = column[0]
    over = (mark[0] - 1, mark[1] - 1, mark[2] + 1, mark[1] + 1, 1.0, 2.0, ())  # across the mark's end
    with pytest.raises(Inexact):
        inks.page_ink(sheet, [], marks, (0.0, 0.0), [over])


@pytest.mark.parametrize("paper, scale", [("letter", None), ("a4", "50 mm : mesurez pour vérifier l'échelle de 100 %")])
def test_a_footer_is_measured_as_printed_however_long_its_title(monkeypatch, paper, scale):
    """Titles from 40 to 192 characters: each page's footer is shortened, then set smaller, as the room along its side
    of the paper asks; the line measured is the line printed, and where it prints, at every length; so is the scale
    bar's label, in the edition's words (here French)."""
    import pypdfium2 as pdfium

    import pnp.render.ink_elements as ie
    from pnp.data.words import SheetWords
    from pnp.layout.elements import Face
    from pnp.render.sheet_plan import Group as SheetGroup
    from pnp.render.sheet_plan import Piece
    from pnp.render.sheets import write_sheets

    measured = []
    real = ie.footer_items
    monkeypatch.setattr(ie, "footer_items", lambda sheet, font, line, size, label, offset: measured.append(
        (line, label, items := real(sheet, font, line, size, label, offset))) or items)
    grey = Face(63.5, 88.9, 0, (Rect(0, 0, 63.5, 88.9, "#eeeeee", None, 0, 0, None),), frozenset())
    words = SheetWords(scale=scale) if scale else SheetWords()
    for n in range(40, 200, 8):
        measured.clear()
        data, _ = write_sheets([SheetGroup("deck", "Deck", (63.5, 88.9), [Piece(grey, grey, f"c{k}") for k in range(9)])],
                               game_title=("Probe of footers " * 12)[:n].strip(), kind="cards", paper=paper, duplex="long", bleed_mm=0, gutter_mm=0,
                               font_name=FONT, icons=None, words=words)
        pdf = pdfium.PdfDocument(data)
        assert len(measured) == len(pdf)
        for page, (line, label, items) in zip(pdf, measured, strict=True):
            text = page.get_textpage()
            printed = " ".join(text.get_text_range().split())
            assert line in printed and (label is None or label in printed), (n, line, label)
            glyphs = [text.get_charbox(i) for i in range(text.count_chars()) if text.get_text_range(i, 1).strip()]
            assert union(glyphs) == pytest.approx(union([i for i in items if i[5] is not None]), abs=0.05), n


def test_a_face_not_measured_within_its_bleed_box_says_why_where_it_was_drawn():
    """Words over two panels are not measured here: the process that drew the face sends the reason with the clip (a
    deck helper must not fail on it), and the page is rasterised."""
    from pnp.layout.elements import Face
    from pnp.render.ink_elements import face_ink

    face = Face(20, 20, 0.0, (Rect(0, 0, 10, 20, RED, None, 0, 0, None), Rect(10, 0, 10, 20, BLACK, None, 0, 0, None),
                              Text(2, 8, (TextOp(0, 9.0, FONT, 6, "#ffffff", "Wide words", 0),))), frozenset())
    clip, why = face_ink(face)
    assert [abs(v) for v in clip] == pytest.approx([0.0, 0.0, 20 * K, 20 * K]) and "more than one colour" in why
    with pytest.raises(Inexact, match="more than one colour"):
        FaceInks().figure(face, clip)
    assert FaceInks().figure(face, (0.0, 15 * K, 9 * K, 20 * K)) == pytest.approx(mm2(9 * 5) * 2)  # below the words: the red panel alone
