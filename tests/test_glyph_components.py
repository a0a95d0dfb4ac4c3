"""A composite glyph's ink (pnp.render.glyph_ink): the glyph a font builds of other glyphs, each placed by an offset
(in bytes or in words) and a transform (a scale, a scale for each axis, a 2 × 2 matrix, a mirror), is the sum of
its parts' ink, each part's area times how much its transform stretches area (|determinant|), whichever way round the
transform turns its outline. A part placed by matching points, or parts nested past four deep, are not read here: the
line is rasterised instead (run_ink gives None).

The font is made for the test with fontTools (its FontBuilder writes every flag of the glyf table's component records
as the OpenType specification says), from a square of 200 units and a triangle of legs 200, so every expected area and
box comes from plane geometry, not from the code under test. Real fonts build glyphs this way: Noto Sans's accented
letters are components, and three of its glyphs (U+2E4E, U+A671, U+AB5B) join a part mirrored with one not."""
from __future__ import annotations

import pytest
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from pnp.render.glyph_ink import run_ink

EM = 1000
SQUARE = 200 * 200 / EM / EM  # em² of the square part
TRIANGLE = 200 * 200 / 2 / EM / EM
FONT = "GlyphComponentsProbe"

# char → (its glyph's parts: (part, dx, dy, transform or None), the expected area in em², the expected box in ems)
COMPOSITES = {
    "b": ([("square", 10, 20, None)], SQUARE, (10, 20, 210, 220)),  # an offset that fits in a byte
    "c": ([("square", 300, -400, None)], SQUARE, (300, -400, 500, -200)),  # one that takes a word
    "d": ([("square", 0, 0, ((0.5, 0), (0, 0.5)))], SQUARE / 4, (0, 0, 100, 100)),  # one scale
    "e": ([("square", 0, 0, ((1.5, 0), (0, 0.25)))], SQUARE * 0.375, (0, 0, 300, 50)),  # a scale for each axis
    "f": ([("triangle", 0, 0, ((0.5, 0), (0.5, 1)))], TRIANGLE * 0.5, (0, 0, 100, 200)),  # a 2 × 2 matrix: x + y halved
    "g": ([("square", 0, 0, None), ("square", 600, 0, ((-1, 0), (0, 1)))], 2 * SQUARE, (0, 0, 600, 200)),  # one part mirrored
    "h": ([("square", 0, 0, ((0, 1), (1, 0)))], SQUARE, (0, 0, 200, 200)),  # a part turned over its diagonal
    "i": ([("triangle", 0, 0, None), ("square", 300, 0, None), ("triangle", 600, 0, ((-1, 0), (0, -1)))], 2 * TRIANGLE + SQUARE,
          (0, -200, 600, 200)),  # three parts, the last turned half round
    "j": ([("b", 0, 300, None)], SQUARE, (10, 320, 210, 520)),  # a composite of a composite
    "k": ([("square", 0, 0, None), ("space", 0, 0, None)], SQUARE, (0, 0, 200, 200)),  # a part with no outline
}


def _chain(depth: int) -> list[tuple]:
    """Glyphs `n1` … `n<depth>`, each the one before it placed again: `n<depth>` is a square nested `depth` deep."""
    return [(f"n{i}", [("square" if i == 1 else f"n{i - 1}", 0, 0, None)]) for i in range(1, depth + 1)]


def _font_file(path) -> str:
    from fontTools.fontBuilder import FontBuilder
    from fontTools.pens.ttGlyphPen import TTGlyphPen
    from fontTools.ttLib.tables._g_l_y_f import GlyphComponent

    def outline(points):
        pen = TTGlyphPen(None)
        pen.moveTo(points[0])
        for p in points[1:]:
            pen.lineTo(p)
        pen.closePath()
        return pen.glyph()

    def composite(parts, matched=False):
        glyph = TTGlyphPen(None).glyph()
        glyph.numberOfContours, glyph.components = -1, []
        for i, (name, dx, dy, transform) in enumerate(parts):
            part = GlyphComponent()
            part.glyphName, part.flags = name, 0
            if matched and i:  # placed by matching a point of the part (its first) to one of the glyph's so far (its third)
                part.firstPt, part.secondPt = 2, 0
            else:
                part.x, part.y = dx, dy
            if transform is not None:
                part.transform = [list(row) for row in transform]
            glyph.components.append(part)
        return glyph

    glyphs = {".notdef": TTGlyphPen(None).glyph(), "space": TTGlyphPen(None).glyph(),
              # TrueType's outer contours run clockwise
              "square": outline([(0, 0), (0, 200), (200, 200), (200, 0)]), "triangle": outline([(0, 0), (0, 200), (200, 0)])}
    for char, (parts, _, _) in COMPOSITES.items():
        glyphs[char] = composite(parts)
    for name, parts in _chain(6):
        glyphs[name] = composite(parts)
    glyphs["matched"] = composite([("square", 0, 0, None), ("square", 0, 0, None)], matched=True)
    order = list(glyphs)
    cmap = {ord(c): c for c in COMPOSITES} | {ord("a"): "square", ord("t"): "triangle", ord(" "): "space", ord("m"): "matched",
                                             ord("4"): "n4", ord("5"): "n5", ord("6"): "n6"}
    builder = FontBuilder(EM, isTTF=True)
    builder.setupGlyphOrder(order)
    builder.setupCharacterMap(cmap)
    builder.setupGlyf(glyphs)
    builder.setupHorizontalMetrics({name: (700, 0) for name in order})
    builder.setupHorizontalHeader(ascent=800, descent=-200)
    builder.setupNameTable({"familyName": FONT, "styleName": "Regular"})
    builder.setupOS2(sTypoAscender=800, usWinAscent=800, usWinDescent=200)
    builder.setupPost()
    builder.save(str(path))
    return str(path)


@pytest.fixture(scope="module", autouse=True)
def font(tmp_path_factory):
    pdfmetrics.registerFont(TTFont(FONT, _font_file(tmp_path_factory.mktemp("font") / "components.ttf")))


@pytest.mark.parametrize("char", sorted(COMPOSITES))
def test_a_composite_glyphs_ink_is_its_parts_areas_stretched_by_their_transforms(char):
    _, area, box = COMPOSITES[char]
    ink = run_ink(FONT, char)
    assert ink is not None
    assert ink.area == pytest.approx(area, rel=1e-9)
    assert (ink.x0, ink.y0, ink.x1, ink.y1) == pytest.approx(tuple(v / EM for v in box), abs=1e-9)
    assert ink.advance == pytest.approx(0.7)


def test_simple_parts_alone_are_measured_as_themselves():
    assert run_ink(FONT, "a").area == pytest.approx(SQUARE)
    assert run_ink(FONT, "t").area == pytest.approx(TRIANGLE)


def test_a_line_of_composite_glyphs_sums_them_along_its_advances():
    """'b' (a square moved by 10, 20) then 'c' (one moved by 300, -400), 700 units apart: apart, so both are counted."""
    ink = run_ink(FONT, "bc")
    assert ink is not None
    assert ink.area == pytest.approx(2 * SQUARE)
    assert (ink.x0, ink.y0, ink.x1, ink.y1) == pytest.approx((0.010, -0.400, 1.200, 0.220))
    assert ink.advance == pytest.approx(1.4)


@pytest.mark.parametrize(("char", "measured"), [("4", True), ("5", False), ("6", False)])
def test_parts_nested_four_deep_are_read_and_deeper_ones_rasterised(char, measured):
    """The glyph asked for is at depth 0: `n4`'s square lies four parts down, `n5`'s five."""
    ink = run_ink(FONT, char)
    assert (ink is not None) == measured
    if measured:
        assert ink.area == pytest.approx(SQUARE)


def test_a_part_placed_by_matching_points_is_rasterised():
    assert run_ink(FONT, "m") is None
    assert run_ink(FONT, "a m") is None
