"""A card sheet's ink from what it draws (pnp.render.ink_elements): the print rule's figure (K = 1 − max(R, G, B), …,
averaged over the page) worked out as areas, which a raster of the same PDF converges to as its resolution grows.
"""
from __future__ import annotations

from math import pi as PI

import pytest
from conftest import ROOT
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

import pnp.render.ink as ink
from pnp.layout.elements import Circle, Ellipse, Face, Gradient, Line, Rect, Text
from pnp.layout.typeset import TextOp
from pnp.render.ink_elements import K, coverage, face_items, painted
from pnp.render.sheet_plan import Group, Piece
from pnp.render.sheets import write_sheets

FONT = "InkElementsProbe"
FONT_FILE = ROOT / "pnp/assets/fonts/noto/NotoSans-Regular.ttf"
W, H = 63.5, 88.9
FINE_DPI = 300
FURNITURE = 0.03  # of a page of thin lines and small words: their 300-dpi raster counts their anti-aliased edges a little over
TOLERANCE = 0.002  # of a page: the 300-dpi raster's own error where a pixel blends two colours (it halves as the dpi doubles)


@pytest.fixture(scope="module", autouse=True)
def font():
    pdfmetrics.registerFont(TTFont(FONT, str(FONT_FILE)))


def words(text: str, size: float, colour: str) -> Text:
    return Text(6, 20, (TextOp(0, size, FONT, size, colour, text, 0),))


def glyph_area(text: str, size: float) -> float:
    """The outline area of `text` at `size` in pt², from fontTools (not from the code under test)."""
    from fontTools.pens.areaPen import AreaPen
    from fontTools.ttLib import TTFont as Tools

    tools = Tools(str(FONT_FILE))
    glyphs, cmap, em = tools.getGlyphSet(), tools.getBestCmap(), tools["head"].unitsPerEm
    total = 0.0
    for ch in text:
        pen = AreaPen(glyphs)
        glyphs[cmap[ord(ch)]].draw(pen)
        total += abs(pen.value)
    return total * (size / em) ** 2


def test_solid_black_counts_one_red_two_and_white_nothing():
    """The rule's own figures: a page of solid black is one page equivalent, of red two (M + Y), of white none."""
    page = (0.0, 0.0, 612.0, 792.0)
    for colour, expected in (("#000000", 1.0), ("#ff0000", 2.0), ("#ffffff", 0.0), ("#808080", 1 - 128 / 255)):
        rect = face_items((Rect(0, 0, 612 / K, 792 / K, colour, None, 0, 0, None),))
        assert painted(rect, page) / (612 * 792) == pytest.approx(expected, abs=1e-12), colour
    assert coverage("#00ffff") == 1.0 and coverage("#0000ff") == 2.0 and coverage("#2a6f97") == pytest.approx(1 - 151 / 255 + (3 * 151 - 42 - 111 - 151) / 151)


def test_text_counts_its_glyphs_over_the_colour_beneath_it():
    """White words on a black panel take their glyphs' area out of the panel's ink; black words on white add it; a
    rectangle drawn later covers what it covers. The glyph areas come from fontTools."""
    clip = (0.0, 0.0, W * K, H * K)
    text = "Heavy Ink 42"
    g = glyph_area(text, 12)
    panel = W * K * H * K
    white_on_black = face_items((Rect(0, 0, W, H, "#000000", None, 0, 0, None), words(text, 12, "#ffffff")))
    assert painted(white_on_black, clip) == pytest.approx(panel - g, rel=1e-9)
    assert painted(face_items((words(text, 12, "#000000"),)), clip) == pytest.approx(g, rel=1e-9)
    red_over_half = face_items((Rect(0, 0, W, H, "#000000", None, 0, 0, None), Rect(0, 0, W, H / 2, "#ff0000", None, 0, 0, None)))
    assert painted(red_over_half, clip) == pytest.approx(panel / 2 * 1 + panel / 2 * 2, rel=1e-12)


def face(n: int) -> Face:
    """A front of overlapping rectangles, a stroked box, a rule, a round badge and words over three colours."""
    return Face(W, H, 2, (
        Rect(-2, -2, W + 4, H + 4, "#faf7f0", None, 0, 0, None),
        Rect(0, 0, W, 16, "#2a6f97", None, 0, 0, None),
        Rect(40, 10, 20, 30, f"#{0xc04020 + 8 * n:06x}", "#222222", 0.5, 0, None),
        Line(5, 50, 58, 50, "#000000", 0.4, None),
        Rect(5, 60, 30, 15, "#1d3557", None, 0, 3, None),
        Circle(50, 70, 6, "#e63946", None, 0, None),
        Text(6, 4, (TextOp(0, 11.0, FONT, 12, "#ffffff", f"Patient {n} DJ", 0),)),  # a J's hook reaches under the D's box
        Text(7, 62, (TextOp(0, 9.0, FONT, 8, "#ffffff", "On the badge", 0),)),
        Text(6, 30, (TextOp(0, 9.0, FONT, 9, "#222222", "Age 57, ward A1", 0), TextOp(0, 21.0, FONT, 9, "#222222", "Dx: pneumonia", 0))),
    ), frozenset())


BACK = Face(W, H, 2, (Rect(-2, -2, W + 4, H + 4, "#1d3557", None, 0, 0, None), Text(8, 40, (TextOp(0, 12.0, FONT, 16, "#ffffff", "PATIENT FILE", 0),))),
            frozenset())


@pytest.fixture(scope="module")
def sheets():
    pieces = [Piece(face(n), BACK, f"c{n}") for n in range(4)]
    return write_sheets([Group("deck", "Deck", (W, H), pieces)], game_title="Probe", kind="cards", paper="letter", duplex="long",
                        bleed_mm=2, gutter_mm=5, font_name=FONT, icons=None)


def test_a_sheets_pages_are_measured_from_their_elements_as_a_fine_raster_measures_them(sheets):
    """Fronts (with the scale bar and footer) and backs: each page's figure from its elements is its 300-dpi raster's
    within TOLERANCE, where the 24-dpi raster the build used before is off by more at the text's edges."""
    data, stats = sheets
    exact = stats.page_exact
    assert None not in exact and len(exact) == 2
    fine = ink.page_inks(data, dpi=FINE_DPI, halves=False)
    assert exact == pytest.approx(fine, abs=TOLERANCE)



def test_an_ink_saver_sheet_is_measured_as_it_is_drawn_lightened():
    """With the ink saver, each face is measured as the saver draws it (its large fills tinted, the deck's common back
    framed), not as its template made it: every page's figure from its elements is its 300-dpi raster's, and well
    under the plain sheets' (their dark header, badge and back)."""
    def banded(n: int) -> Face:  # a header band the saver tints and outlines, words on it it darkens, words below it keeps
        return Face(W, H, 2, (
            Rect(-2, -2, W + 4, H + 4, "#faf7f0", None, 0, 0, None),
            Rect(-2, -2, W + 4, 18, "#2a6f97", None, 0, 0, None),
            Text(6, 2, (TextOp(0, 11.0, FONT, 14, "#ffffff", f"Patient {n}", 0),)),
            Text(6, 30, (TextOp(0, 9.0, FONT, 9, "#222222", "Age 57, ward A1", 0),)),
        ), frozenset())

    pieces = [Piece(banded(n), BACK, f"c{n}") for n in range(4)]
    made = [write_sheets([Group("deck", "Deck", (W, H), pieces)], game_title="Probe", kind="cards", paper="letter", duplex="long",
                         bleed_mm=2, gutter_mm=5, font_name=FONT, icons=None, ink_saver=saver) for saver in (True, False)]
    (data, stats), (_, plain) = made
    assert None not in stats.page_exact and len(stats.page_exact) == 2
    assert stats.page_exact == pytest.approx(ink.page_inks(data, dpi=FINE_DPI, halves=False), abs=TOLERANCE)
    assert all(saved < kept / 2 for saved, kept in zip(stats.page_exact, plain.page_exact, strict=True)), (stats.page_exact, plain.page_exact)

@pytest.mark.parametrize("drawn, exact", [
    (Text(6, 20, (TextOp(0, 9.0, FONT, 9, "#000000", "o\u0332", 0),)), True),  # a line under a letter: no ink in common
    (Rect(0, 0, W, H, Gradient("linear", ((0, "#000000"), (1, "#ffffff")), 0, 0, 1, 0, 0), None, 0, 0, None), False),  # no flat colour
    (Text(6, 20, (TextOp(0, 9.0, FONT, 9, "#000000", "o\u0336", 0),)), False),  # a stroke through a letter: their ink overlaps
    (Line(5, 50, 58, 50, None, 0.5, None), True),  # a line with no colour draws nothing
    (Rect(5, 5, 20, 20, "#20406080", None, 0, 0, None), False),  # translucent
    (Rect(5, 5, 20, 20, "#204060ff", None, 0, 0, None), True),  # opaque, its alpha written out
    (Circle(30, 40, 10, "#ffffff", "#000000", 0.5, (1, 1)), False),  # dashed
    (Rect(5, 5, 20, 20, "#ffffff", "#000000", 3, 1, None), False),  # a stroke wider than its corners bend: its inside has corners
    (Rect(5, 5, 20, 20, "#ffffff", "#000000", 1, 1, None), True),
], ids=["underlined", "gradient", "struck through", "uncoloured line", "translucent", "opaque alpha", "dashed circle", "tight corners",
        "stroked rounded"])
def test_a_page_not_measured_exactly_is_rasterised(drawn, exact):
    """A page drawing what its elements do not measure exactly has no figure from them: the build rasterises it."""
    plain = Face(W, H, 0, (Rect(0, 0, W, H, "#faf7f0", None, 0, 0, None), words("Plain", 9, "#222222")), frozenset())
    other = Face(W, H, 0, (drawn,), frozenset())
    _, stats = write_sheets([Group("deck", "Deck", (W, H), [Piece(other, None, "g"), Piece(plain, None, "f")])], game_title="Probe",
                            kind="cards", paper="letter", duplex="long", bleed_mm=0, gutter_mm=0, font_name=FONT, icons=None)
    assert (stats.page_exact[0] is not None) == exact


# Letter: the footer runs up the left side of a snug 3 × 3 sheet; A4: along the bottom. A backs sheet moved by the
# printer's misregistration moves its marks and footer with it.
@pytest.mark.parametrize(("paper", "back_offset"), [("letter", (0.0, 0.0)), ("letter", (4.0, 0.0)), ("a4", (0.0, -4.0))])
def test_a_sheets_marks_footer_and_scale_bar_are_what_a_fine_raster_sees(paper, back_offset):
    """Blank cards: what a page prints is its crop marks, its footer and (on the first) the scale bar, thin lines and
    small words whose edges are most of their raster; measured from their elements, each page is within FURNITURE of
    its 300-dpi raster (a scale bar or a footer's wording missed would be a fifth of it or more)."""
    blank = Face(W, H, 0, (), frozenset())
    data, stats = write_sheets([Group("deck", "Deck", (W, H), [Piece(blank, blank, f"c{n}") for n in range(9)])], game_title="Probe",
                               kind="cards", paper=paper, duplex="long", bleed_mm=0, gutter_mm=0, font_name=FONT, icons=None, back_offset=back_offset)
    assert None not in stats.page_exact
    assert stats.page_exact == pytest.approx(ink.page_inks(data, dpi=FINE_DPI, halves=False), rel=FURNITURE)


# Strokes on round outlines: a stroke w wide is centred on its outline, the ring between the outline grown and shrunk
# by w/2; on a true circle or a rounded rectangle with quarter-circle corners of radius r that ring's corners have radii
# r ± w/2. reportlab's Bézier arcs are within a few parts in 10,000 of those circles (hence the tolerance).
ARC = 3e-4


def test_a_stroked_disc_counts_its_ring_in_the_strokes_colour_and_the_rest_in_its_fill():
    """A black disc of radius r stroked red d·2 wide: red over the annulus π((r+d)² − (r−d)²) (M + Y: 2), black over
    the disc within it π(r−d)²; stroked but not filled on a blue page (2), the hole shows the blue."""
    r, w = 10.0, 4.0  # mm: a thick stroke, so its corners' terms (π d²) count
    rp, d = r * K, w * K / 2
    annulus, inside = PI * ((rp + d) ** 2 - (rp - d) ** 2), PI * (rp - d) ** 2
    clip = (0.0, 0.0, 100 * K, 100 * K)
    filled = face_items((Circle(50, 50, r, "#000000", "#ff0000", w, None),))
    assert painted(filled, clip) == pytest.approx(2 * annulus + inside, rel=ARC)
    ring = face_items((Rect(0, 0, 100, 100, "#0000ff", None, 0, 0, None), Circle(50, 50, r, None, "#ff0000", w, None)))
    assert painted(ring, clip) == pytest.approx(2 * (100 * K) ** 2, rel=ARC)  # red and blue both count 2
    black_ring = face_items((Rect(0, 0, 100, 100, "#0000ff", None, 0, 0, None), Circle(50, 50, r, None, "#000000", w, None)))
    assert painted(black_ring, clip) == pytest.approx(2 * (100 * K) ** 2 - annulus, rel=ARC)


def test_a_stroked_rounded_rectangle_and_ellipse_count_their_rings():
    """A rounded rectangle W × H, corners r, stroked 2d: outside (W + 2d)(H + 2d) − (4 − π)(r + d)², inside
    (W − 2d)(H − 2d) − (4 − π)(r − d)²; an ellipse's ring is its length × the stroke's width (a thin stroke)."""
    wd, ht, r, w = 50.0, 30.0, 5.0, 3.0
    d = w * K / 2

    def rounded(dx):
        return (wd * K + 2 * dx) * (ht * K + 2 * dx) - (4 - PI) * (r * K + dx) ** 2

    clip = (0.0, 0.0, 100 * K, 100 * K)
    both = face_items((Rect(10, 10, wd, ht, "#000000", "#ff0000", w, r, None),))
    assert painted(both, clip) == pytest.approx(2 * (rounded(d) - rounded(-d)) + rounded(-d), rel=ARC)
    ring = face_items((Rect(10, 10, wd, ht, None, "#000000", w, r, None),))
    assert painted(ring, clip) == pytest.approx(rounded(d) - rounded(-d), rel=ARC)
    a, b, thin = 30.0, 10.0, 0.2  # semi-axes and stroke (mm); Ramanujan's perimeter is exact to 1e-9 here
    h = ((a - b) / (a + b)) ** 2
    length = PI * (a + b) * (1 + 3 * h / (10 + (4 - 3 * h) ** 0.5)) * K
    oval = face_items((Ellipse(20, 40, 2 * a, 2 * b, None, "#000000", thin, False),))
    assert painted(oval, clip) == pytest.approx(length * thin * K, rel=ARC)


def test_a_sheet_of_stroked_round_shapes_is_what_a_fine_raster_sees():
    """Framed panels with words inside their frames, a stroked badge and an oval ring, as the shipped games draw them:
    the page's figure from its elements is its 300-dpi raster's within TOLERANCE."""
    framed = Face(W, H, 0, (
        Rect(0, 0, W, H, "#fffdf8", None, 0, 0, None),
        Rect(2.5, 2.5, W - 5, H - 5, "#3a3345", None, 0, 3, None),
        Rect(6, 6, W - 12, H - 12, "#fffdf8", None, 0, 2, None),
        Rect(7.5, 7.5, W - 15, H - 15, None, "#9e2a3e", 0.3, 1.5, None),
        Text(10, 12, (TextOp(0, 11.0, FONT, 12, "#3a3345", "Organ Match", 0),)),  # inside the frame
        Circle(31.75, 44.45, 14, "#a5600f", "#fffdf8", 1.5, None),
        Text(26, 40, (TextOp(0, 9.0, FONT, 14, "#fffdf8", "+2", 0),)),
        Ellipse(10, 62, 43.5, 12, None, "#2a6f97", 0.8),
        Rect(12, 75, 30, 5, "#1d3557", "#e63946", 0.6, 1.0, None),
    ), frozenset())
    data, stats = write_sheets([Group("deck", "Deck", (W, H), [Piece(framed, None, "a"), Piece(framed, None, "b")])], game_title="Probe",
                               kind="cards", paper="letter", duplex="long", bleed_mm=0, gutter_mm=0, font_name=FONT, icons=None)
    assert None not in stats.page_exact
    assert stats.page_exact == pytest.approx(ink.page_inks(data, dpi=FINE_DPI, halves=False), abs=TOLERANCE)


def test_words_in_a_rounded_panels_corner_are_not_taken_to_lie_on_it():
    """A rounded panel covers its box but for its corners: words there lie partly on the paper beneath, so the face is
    not measured from its elements; a little further in, past the arc's midpoint, they lie on the panel."""
    from pnp.render.ink_elements import Inexact

    panel = Rect(0, 0, 40, 40, "#1d3557", None, 0, 8, None)
    clip = (0.0, 0.0, 50 * K, 50 * K)
    with pytest.raises(Inexact):
        painted(face_items((panel, Text(1.0, 1.0, (TextOp(0, 2.5, FONT, 8, "#ffffff", "o", 0),)))), clip)
    inside = painted(face_items((panel, Text(3.5, 3.5, (TextOp(0, 2.5, FONT, 8, "#ffffff", "o", 0),)))), clip)
    area = 40 * K * 40 * K - 4 * (8 * K) ** 2 * (1 - PI / 4)  # quarter-circle corners: reportlab's arcs are within ARC of them
    assert inside == pytest.approx((area - glyph_area("o", 8)) * coverage("#1d3557"), rel=ARC)  # white words: no ink
