"""A glyph's ink read from its outline records (pnp.render.glyph_ink), in fonts made for the test with fontTools'
FontBuilder (which writes the glyf table's records as the OpenType specification says), from squares, triangles and
bars whose areas and boxes come from plane geometry, not from the code under test:

- a composite glyph (built of other glyphs, each placed by an offset in bytes or in words and a transform: a scale,
  one for each axis, a 2 × 2 matrix, a mirror) prints its parts' ink, each part's area times how much its transform
  stretches area (|determinant|), whichever way round the transform turns its outline; a part placed by matching
  points, or nested past four deep, is not read (the line is rasterised: run_ink gives None). Real fonts build glyphs
  so: Noto Sans's accented letters are parts, three of its glyphs (U+2E4E, U+A671, U+AB5B) join a part mirrored with
  one not, and Droid Sans Fallback's han characters name parts past glyph 32,767;
- a contour of off-curve points only (a TrueType circle) encloses the area of its implied curves;
- two glyphs whose boxes meet but whose outlines do not (a bar over the next letter, one under it) are measured, band
  by band of a sixteenth of an em, at the top, middle and bottom of the bands; glyphs that meet are rasterised;
- a part whose offset the font scales with it (SCALED_COMPONENT_OFFSET) lands where fontTools and FreeType put it; a
  glyph whose profile is not read (a turned part) counts as its whole box; each part's profile is where it lands, and
  an edge crossing into an end band reaches there as far as its end;
- a space that prints, a font with no space, a glyph with no outline, a font named again, a font that is not TrueType."""
from __future__ import annotations

import math

import pytest
from conftest import ROOT
from ink_truth import glyph_truth
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from pnp.layout.rl import unregister_font
from pnp.render.glyph_ink import draws, run_ink

EM = 1000
ADVANCE = 700
SQUARE = 200 * 200 / EM / EM  # em² of the square part
TRIANGLE = 200 * 200 / 2 / EM / EM
FONT, SPACED, SPACELESS, RENAMED = "GlyphPartsProbe", "GlyphPartsSpaced", "GlyphPartsSpaceless", "GlyphPartsRenamed"
FAR = 2000  # a second part this far along: apart from the first, so a record read from the wrong place shows

# char → (its glyph's parts: (part, dx, dy, transform or None), the expected area in em², the expected box in font units).
# A transform ((a, b), (c, d)) places a point at (a·x + c·y, b·x + d·y), as the specification's component record says.
COMPOSITES = {
    "b": ([("square", 10, 20, None)], SQUARE, (10, 20, 210, 220)),  # an offset that fits in a byte
    "c": ([("square", 300, -400, None)], SQUARE, (300, -400, 500, -200)),  # one that takes a word
    "d": ([("square", 0, 0, ((0.5, 0), (0, 0.5))), ("square", FAR, 0, None)], SQUARE * 1.25, (0, 0, FAR + 200, 200)),  # one scale
    "e": ([("square", 0, 0, ((1.5, 0), (0, 0.25))), ("square", FAR, 0, None)], SQUARE * 1.375, (0, 0, FAR + 200, 200)),  # two
    "f": ([("triangle", 0, 0, ((1, 0.5), (0.25, 1))), ("square", FAR, 0, None)], TRIANGLE * 0.875 + SQUARE, (0, 0, FAR + 200, 200)),
    "o": ([("square", 0, 0, ((0.5, -0.5), (0.5, 0.5))), ("square", FAR, 0, None)], SQUARE * 1.5, (0, -100, FAR + 200, 200)),  # turned 45°
    "g": ([("square", 0, 0, ((-1, 0), (0, 1))), ("square", 600, 0, None)], 2 * SQUARE, (-200, 0, 800, 200)),  # one part mirrored
    "h": ([("square", 0, 0, ((0, 1), (1, 0)))], SQUARE, (0, 0, 200, 200)),  # a part turned over its diagonal
    "i": ([("triangle", 0, 0, None), ("square", 300, 0, None), ("triangle", 600, 0, ((-1, 0), (0, -1)))], 2 * TRIANGLE + SQUARE,
          (0, -200, 600, 200)),  # three parts, the last turned half round
    "j": ([("b", 0, 300, None)], SQUARE, (10, 320, 210, 520)),  # a composite of a composite
    "k": ([("square", 0, 0, None), ("space", 0, 0, None)], SQUARE, (0, 0, 200, 200)),  # a part with no outline
}
# A bar (x0, y0, x1, y1 in font units) reaching over where the next glyph starts, and the small square placed after it:
# their boxes meet along the line, their outlines do not (they lie in different bands of a sixteenth of an em).
APART = {
    "top": ((0, 1460, 1000, 1500), (0, 1380, 200, 1420)),  # the highest band (from 1.4375 em up) and the one below it
    "middle": ((0, 500, 1000, 550), (0, 440, 200, 480)),  # bands 16 and 15
    "bottom": ((0, -500, 1000, -450), (0, -430, 200, -400)),  # the lowest band (to -0.4375 em) and the one above it
}


def _chain(depth: int) -> list[tuple]:
    """Glyphs `n1` … `n<depth>`, each the one before it placed again: `n<depth>` is a square nested `depth` deep."""
    return [(f"n{i}", [("square" if i == 1 else f"n{i - 1}", 0, 0, None)]) for i in range(1, depth + 1)]


def _rects(*rects):
    """A simple glyph of rectangles, each contour clockwise (TrueType's outer direction)."""
    from fontTools.pens.ttGlyphPen import TTGlyphPen

    pen = TTGlyphPen(None)
    for x0, y0, x1, y1 in rects:
        pen.moveTo((x0, y0))
        for p in ((x0, y1), (x1, y1), (x1, y0)):
            pen.lineTo(p)
        pen.closePath()
    return pen.glyph()


def _polygon(points):
    from fontTools.pens.ttGlyphPen import TTGlyphPen

    pen = TTGlyphPen(None)
    pen.moveTo(points[0])
    for p in points[1:]:
        pen.lineTo(p)
    pen.closePath()
    return pen.glyph()


def _dot_and_square():
    """A contour of one point (a hinting anchor: it encloses nothing) and the square."""
    from fontTools.pens.ttGlyphPen import TTGlyphPen

    glyph = _rects((0, 0, 200, 200))
    dot = TTGlyphPen(None)
    dot.moveTo((500, 500))
    dot.closePath()
    point = dot.glyph()
    glyph.coordinates.extend(point.coordinates)
    glyph.flags.extend(point.flags)
    glyph.endPtsOfContours.append(len(glyph.coordinates) - 1)
    glyph.numberOfContours += 1
    return glyph


def _composite(parts, matched=False):
    from fontTools.pens.ttGlyphPen import TTGlyphPen
    from fontTools.ttLib.tables._g_l_y_f import GlyphComponent

    glyph = TTGlyphPen(None).glyph()
    glyph.numberOfContours, glyph.components = -1, []
    for i, (name, dx, dy, transform) in enumerate(parts):
        part = GlyphComponent()
        part.glyphName, part.flags = name, 0
        if matched and i:  # placed by matching the part's first point to one of the glyph's so far
            part.firstPt, part.secondPt = matched, 0
        else:
            part.x, part.y = dx, dy
        if transform is not None:
            part.transform = [list(row) for row in transform]
        glyph.components.append(part)
    return glyph


def _scaled_offset(glyph):
    """`glyph`'s parts flagged SCALED_COMPONENT_OFFSET: each part's offset is transformed with it."""
    for part in glyph.components:
        part.flags |= 0x800
    return glyph


def _glyphs(space: str | None) -> tuple[dict, dict]:
    """The test font's glyphs and its character map; `space` the glyph ' ' maps to (None: the font has no space)."""
    from fontTools.pens.ttGlyphPen import TTGlyphPen

    circle = TTGlyphPen(None)  # four off-curve points, the corners of a square: four implied on-curve points between them
    circle.qCurveTo((100, 100), (100, 300), (300, 300), (300, 100), None)
    circle.closePath()
    uneven = TTGlyphPen(None)  # four off-curve points at no square's corners
    uneven.qCurveTo((100, 100), (150, 300), (300, 320), (320, 80), None)
    uneven.closePath()
    glyphs = {".notdef": TTGlyphPen(None).glyph(), "space": TTGlyphPen(None).glyph(), "blank": TTGlyphPen(None).glyph(),
              "square": _rects((0, 0, 200, 200)), "triangle": _polygon([(0, 0), (0, 200), (200, 0)]), "circle": circle.glyph(), "uneven": uneven.glyph(),
              # a bar along the bottom reaching to 0.8 em, and one higher up reaching to 1 em
              "reach": _rects((0, -300, 800, -100), (0, 200, 1000, 400)),
              # a bar in bands 13 to 15, and a block 0.4 em wide spanning them (from band 12 to 16): they meet in the middle
              # bands, which each of the block's sides crosses, so its least x there is its left side's, not its right's
              "mid_bar": _rects((0, 350, 1000, 450)), "block": _rects((0, 300, 400, 500)),
              # a bar past the next word's start (two advances: its own and a space's), low; a square high up
              "long": _rects((0, 0, 1500, 100)), "high": _rects((0, 600, 200, 800)),
              # thin bars in the band a part's box starts in (band 8) and in the one it ends in (band 11)
              "foot": _rects((0, 0, 1000, 50)), "head": _rects((0, 200, 1000, 250)),
              "dot": _dot_and_square(),
              "many": _polygon([(round(150 + 100 * math.cos(-k * 0.021)), round(150 + 100 * math.sin(-k * 0.021))) for k in range(300)])}
    for char, (parts, _, _) in COMPOSITES.items():
        glyphs[char] = _composite(parts)
    for name, parts in _chain(6):
        glyphs[name] = _composite(parts)
    glyphs["matched"] = _composite([("square", 0, 0, None), ("square", 0, 0, None)], matched=2)
    glyphs["matched_far"] = _composite([("many", 0, 0, None), ("square", 0, 0, None)], matched=290)  # a point past 255: in words
    glyphs["lower"] = _composite([("square", 250, -300, None)])  # reach's lower bar ends before it starts: apart
    glyphs["rising"] = _composite([("square", 0, 40, None)])  # y 40 to 240: from band 8 (the foot's) to band 11
    glyphs["falling"] = _composite([("square", 0, 10, None)])  # y 10 to 210: from band 8 to band 11 (the head's)
    glyphs["upper_bar"] = _rects((0, 100, 1000, 150))
    glyphs["flipped"] = _composite([("upper_bar", 0, 0, ((1, 0), (0, -1)))])  # the bar turned upside down: y -150 to -100
    glyphs["deep_square"], glyphs["high_square"] = _rects((0, -140, 200, -110)), _rects((0, 300, 200, 340))
    glyphs["sunk"] = _rects((0, -700, 1000, -650))  # past the lowest band's edge (-437.5)
    glyphs["sunk_part"] = _composite([("sunk", 0, 100, None)])  # moved up, still past it: y -600 to -550
    glyphs["sunk_square"] = _rects((0, -590, 200, -560))
    glyphs["left_low"], glyphs["left_high"] = _rects((-350, -350, -250, -250)), _rects((-350, 300, -250, 400))  # reaching back under 'c'
    glyphs["lofty"] = _rects((0, 1600, 1000, 1650))  # past the highest band's edge (1437.5)
    glyphs["lofty_part"] = _composite([("lofty", 0, -100, None)])  # moved down, still past it: y 1500 to 1550
    glyphs["lofty_square"] = _rects((0, 1510, 200, 1540))
    # parts whose offsets the font says are scaled with them (SCALED_COMPONENT_OFFSET, Apple's way, as fontTools and
    # FreeType place them): a half-size square offset (0, -600) lands at y -300 to -200, not -600 to -500
    glyphs["scaled_low"] = _scaled_offset(_composite([("square", 0, -600, ((0.5, 0), (0, 0.5)))]))
    glyphs["back_low"] = _rects((-700, -300, -600, -200))  # set after it, reaching back onto where it lands
    glyphs["back_lower"] = _rects((-700, -600, -600, -500))  # reaching back onto where an unscaled offset would put it
    glyphs["reach_scaled"] = _scaled_offset(_composite([("reach", 0, 0, ((1, 0), (0, 1)))]))  # scaled by one: placed as given
    glyphs["turned_nest"] = _composite([("o", 0, 0, None)])  # 'o' placed again: a part with no profile of its own (turned)
    glyphs["back_mid"] = _rects((-700, -100, -500, 100))  # set after it, reaching back onto its turned square
    glyphs["turned_high"] = _composite([("o", 0, 400, None)])  # 'o' placed higher: its box starts above its left edge's x
    glyphs["back_high"] = _rects((-700, 350, -600, 450))  # set after it, reaching back onto its turned square
    glyphs["forward_far"] = _rects((1300, 0, 1500, 200))  # set after 'O', reaching on onto its far square
    glyphs["back_under"] = _rects((-650, -90, -550, -40))  # after 'o', onto its turned square (which reaches to y -100) only
    # squares placed high on the right and low on the left, and a square set after them reaching back between the two
    glyphs["apart_parts"] = _composite([("square", 600, 600, None), ("square", 0, -400, None)])
    glyphs["back_between"] = _rects((-400, 0, -200, 200))
    # a half-size square moved by words (300 to 400 along, -400 to -300 high) and a square far along; one set after it
    # reaching back just above the small square
    glyphs["scaled_far"] = _composite([("square", 300, -400, ((0.5, 0), (0, 0.5))), ("square", FAR, 0, None)])
    glyphs["back_above"] = _rects((-400, -250, -300, -150))
    glyphs["bar_into_u"] = _rects((0, 350, 800, 450))  # set before 'U', reaching on onto its turned square
    # a spike leaning right whose tip lies past the lowest band's edge (-437.5), and one past the highest's (1437.5),
    # with a square set after each reaching back onto the tip: the tip is the widest the spike reaches in that band
    glyphs["spike_down"] = _polygon([(0, -300), (100, -300), (700, -600)])
    glyphs["onto_low_tip"] = _rects((-150, -620, -50, -540))
    glyphs["spike_up"] = _polygon([(0, 1200), (700, 1600), (100, 1200)])
    glyphs["onto_high_tip"] = _rects((-140, 1560, -50, 1620))
    # squares set after each spike within the band next to the end one, reaching back past where the spike's edges
    # reach in that band (band 1: 0.175 to 0.375 em along; band 30: 0.306 to 0.456) but not to the tip
    glyphs["band_1_reach"] = _rects((-250, -430, -150, -380))
    glyphs["band_30_reach"] = _rects((-200, 1380, -100, 1430))
    # parts within one band next to an end one (band 1, -437.5 to -375; band 30, 1375 to 1437.5) with a part further
    # back in the end band itself, and squares set after them in the end band, under or over the first part only
    glyphs["in_band_1"] = _composite([("band_1_square", 0, 0, None), ("sunk_square", -400, 0, None)])
    glyphs["band_1_square"] = _rects((0, -430, 200, -380))
    glyphs["below_band_1"] = _rects((-700, -500, -500, -450))
    glyphs["in_band_30"] = _composite([("band_30_square", 0, -10, None), ("lofty_square", -400, 0, None)])  # moved down: its
    # band's top edge (1437.5) lies in the band above it, so a part moved by nothing reaches that band too
    glyphs["band_30_square"] = _rects((0, 1385, 200, 1435))
    glyphs["above_band_30"] = _rects((-700, 1450, -500, 1500))
    # a half-size part reaching back (-175 to -125 along, its own square -350 to -250), and one far back and high up
    # that stretches the glyph's box; a bar set before it reaching to just short of the half-size part
    glyphs["scaled_back"] = _composite([("left_low", 0, 0, ((0.5, 0), (0, 0.5))), ("square", -600, 400, None)])
    glyphs["short_of_it"] = _rects((0, -200, 500, -100))
    glyphs["right_of_small"] = _rects((-280, -400, -200, -300))  # after 'V', right of its half-size square, as high
    # a triangle whose widest point, a corner, lies on a band's top edge (125: band 9 is 62.5 to 125), and a square set
    # after it in band 9 alone reaching back onto it there
    glyphs["edge_corner"] = _polygon([(0, 0), (0, 125), (600, 125)])
    glyphs["band_9_reach"] = _rects((-300, 70, -200, 120))
    glyphs["bar"] = _rects((0, 0, 1000, 200))
    glyphs["bar_part"] = _composite([("bar", 0, 0, None)])
    for name, (bar, small) in APART.items():
        glyphs[f"{name}_bar"], glyphs[f"{name}_small"] = _rects(bar), _rects(small)
        glyphs[f"{name}_small_part"] = _composite([(f"{name}_small", 0, 0, None)])
    cmap = {ord(c): c for c in COMPOSITES} | {ord("a"): "square", ord("t"): "triangle", ord("m"): "matched", ord("M"): "matched_far",
                                             ord("z"): "blank", ord("q"): "circle", ord("Q"): "uneven", ord("r"): "reach", ord("s"): "lower",
                                             ord("w"): "bar", ord("W"): "bar_part", ord("x"): "mid_bar", ord("y"): "block", ord("7"): "long",
                                             ord("8"): "high", ord("["): "foot", ord("]"): "head", ord("{"): "rising", ord("}"): "falling",
                                             ord("."): "dot", ord("4"): "n4", ord("5"): "n5", ord("6"): "n6", ord("("): "flipped",
                                             ord(")"): "deep_square", ord("!"): "high_square", ord("<"): "sunk_part", ord(">"): "sunk_square",
                                             ord("^"): "lofty_part", ord("~"): "lofty_square", ord("-"): "left_low", ord("+"): "left_high",
                                             ord("%"): "scaled_low", ord("&"): "back_low", ord("*"): "back_lower", ord("R"): "reach_scaled",
                                             ord("O"): "turned_nest", ord("/"): "back_mid",
                                             ord("U"): "turned_high", ord("|"): "back_high", ord(":"): "forward_far", ord("u"): "back_under",
                                             ord("K"): "apart_parts", ord("L"): "back_between", ord("V"): "scaled_far", ord("N"): "back_above",
                                             ord("T"): "bar_into_u", ord("v"): "spike_down", ord("p"): "onto_low_tip", ord("Y"): "spike_up",
                                             ord("P"): "onto_high_tip", ord("1"): "in_band_1", ord("2"): "below_band_1", ord("3"): "in_band_30",
                                             ord("9"): "above_band_30", ord("S"): "scaled_back", ord("Z"): "short_of_it", ord("X"): "right_of_small",
                                             ord("0"): "band_1_reach", ord("#"): "band_30_reach", ord("l"): "edge_corner", ord("n"): "band_9_reach"}
    for i, name in enumerate(APART):
        cmap |= {ord("A") + 3 * i: f"{name}_bar", ord("B") + 3 * i: f"{name}_small", ord("C") + 3 * i: f"{name}_small_part"}
    if space is not None:
        cmap[ord(" ")] = space
    return glyphs, cmap


def _font_file(path, name: str, space: str | None = "space") -> str:
    return _saved_font(path, name, *_glyphs(space))


def _saved_font(path, name: str, glyphs: dict, cmap: dict) -> str:
    """A TrueType font of `glyphs`, `cmap` mapping characters to them, each glyph ADVANCE wide, saved at `path`."""
    from fontTools.fontBuilder import FontBuilder

    builder = FontBuilder(EM, isTTF=True)
    builder.setupGlyphOrder(list(glyphs))
    builder.setupCharacterMap(cmap)
    builder.setupGlyf(glyphs)
    builder.setupHorizontalMetrics({glyph: (ADVANCE, 0) for glyph in glyphs})
    builder.setupHorizontalHeader(ascent=800, descent=-200)
    builder.setupNameTable({"familyName": name, "styleName": "Regular"})
    builder.setupOS2(sTypoAscender=800, usWinAscent=800, usWinDescent=200)
    builder.setupPost()
    builder.save(str(path))
    return str(path)


@pytest.fixture(scope="module", autouse=True)
def fonts(tmp_path_factory):
    folder = tmp_path_factory.mktemp("fonts")
    pdfmetrics.registerFont(TTFont(FONT, _font_file(folder / "parts.ttf", FONT)))
    pdfmetrics.registerFont(TTFont(SPACED, _font_file(folder / "spaced.ttf", SPACED, space="square")))
    pdfmetrics.registerFont(TTFont(SPACELESS, _font_file(folder / "spaceless.ttf", SPACELESS, space=None)))
    return folder


def _box(ink) -> tuple:
    return ink.x0, ink.y0, ink.x1, ink.y1


@pytest.mark.parametrize("char", sorted(COMPOSITES))
def test_a_composite_glyphs_ink_is_its_parts_areas_stretched_by_their_transforms(char):
    _, area, box = COMPOSITES[char]
    ink = run_ink(FONT, char)
    assert ink is not None
    assert ink.area == pytest.approx(area, rel=1e-9)
    assert _box(ink) == pytest.approx(tuple(v / EM for v in box), abs=1e-9)
    assert ink.advance == pytest.approx(ADVANCE / EM)


def test_a_part_keeps_its_ink_where_it_is_placed_upside_down_or_past_the_lowest_band():
    """A bar drawn above the baseline (y 100 to 150), placed upside down, prints below it (-150 to -100): a square set
    after it down there meets it (rasterised), one set high up does not (measured). A bar past the lowest band's
    edge, moved up but still past it, meets a square set after it there; so does one past the highest band's, moved down."""
    assert run_ink(FONT, "()") is None
    assert run_ink(FONT, "(!").area == pytest.approx((1000 * 50 + 200 * 40) / EM / EM, rel=1e-9)
    assert run_ink(FONT, "<>") is None
    assert run_ink(FONT, "^~") is None


def test_a_part_moved_down_by_a_word_keeps_its_ink_where_it_lands():
    """'c' is a square moved by (300, -400), an offset in words: a glyph after it reaching back under it (-350 to -250
    along, its square then at 350 to 450, -350 to -250 high) meets it; one reaching back higher up does not."""
    assert run_ink(FONT, "c-") is None
    assert run_ink(FONT, "c+").area == pytest.approx((200 * 200 + 100 * 100) / EM / EM, rel=1e-9)


def test_a_part_whose_offset_is_scaled_with_it_keeps_its_ink_where_it_lands():
    """'%' is a square at half size whose offset (0, -600) the font says is scaled with it: it lands at y -300 to
    -200. A glyph after it reaching back there meets it (rasterised); one reaching back to where an unscaled offset
    would have put it (-600 to -500) does not (measured). 'R' is 'r' placed by a scale of one with the same flag:
    placed as given, it is measured beside 's' as 'r' is (their boxes meet, their outlines do not)."""
    assert run_ink(FONT, "%").area == pytest.approx(SQUARE / 4, rel=1e-9)
    assert _box(run_ink(FONT, "%")) == pytest.approx((0.0, -0.3, 0.1, -0.2), abs=1e-9)
    assert run_ink(FONT, "%&") is None
    assert run_ink(FONT, "%*").area == pytest.approx(SQUARE / 4 + 100 * 100 / EM / EM, rel=1e-9)
    assert run_ink(FONT, "Rs").area == pytest.approx((800 * 200 + 1000 * 200 + 200 * 200) / EM / EM, rel=1e-9)


def test_a_part_with_no_profile_of_its_own_makes_its_glyph_measured_by_its_box():
    """'O' places 'o' (a square turned 45°, then one far along) as its one part: a turned part has no profile, so
    neither has 'O'. A glyph after it reaching back onto the turned square meets it, and the line is rasterised; 'O'
    alone is measured, its area 'o''s."""
    assert run_ink(FONT, "O").area == pytest.approx(COMPOSITES["o"][1], rel=1e-9)
    assert run_ink(FONT, "O/") is None


def test_a_glyph_with_no_profile_is_its_box_in_every_band_it_spans():
    """A glyph whose profile is not read ('O', 'U': a turned part) counts as its whole box, across and up: a glyph after
    'U' reaching back onto its turned square high up meets it, and so does one after 'O' reaching on onto its square
    far along. A turned part is not placed as if it were upright: after 'o', a glyph where only the turned square
    reaches (below its upright place) meets it."""
    assert run_ink(FONT, "U|") is None
    assert run_ink(FONT, "O:") is None
    assert run_ink(FONT, "TU") is None  # a bar before it reaching onto its turned square: its box starts at its left edge
    assert run_ink(FONT, "ou") is None


def test_each_part_of_a_composite_keeps_its_profile_where_it_lands():
    """'K' is a square high on the right and one low on the left: a square after it reaching back between their
    heights meets neither (measured), though the boxes meet. 'V' is a half-size square moved by words (300 to 400
    along, -400 to -300 high) and a square far along: one set after it just above the small square meets neither. The
    end bands: 'sunk' and 'lofty' parts past the lowest and highest bands' edges are measured alone."""
    assert run_ink(FONT, "KL").area == pytest.approx(3 * SQUARE, rel=1e-9)
    assert run_ink(FONT, "VN").area == pytest.approx(SQUARE / 4 + SQUARE + 100 * 100 / EM / EM, rel=1e-9)
    assert run_ink(FONT, "VX").area == pytest.approx(SQUARE / 4 + SQUARE + 80 * 100 / EM / EM, rel=1e-9)  # right of it
    assert run_ink(FONT, "ZS").area == pytest.approx((500 * 100 + 100 * 100 / 4) / EM / EM + SQUARE, rel=1e-9)  # short of it
    assert run_ink(FONT, "12").area == pytest.approx((200 * 50 + 200 * 30 + 200 * 50) / EM / EM, rel=1e-9)
    assert run_ink(FONT, "39").area == pytest.approx((200 * 50 + 200 * 30 + 200 * 50) / EM / EM, rel=1e-9)
    assert run_ink(FONT, "<").area == pytest.approx(1000 * 50 / EM / EM, rel=1e-9)
    assert run_ink(FONT, "^").area == pytest.approx(1000 * 50 / EM / EM, rel=1e-9)


def test_a_spike_into_an_end_band_reaches_there_as_far_as_its_tip():
    """A straight edge crossing into the lowest band (or the highest) counts its part in there down to its end: a
    spike's tip, past the band's edge, is the furthest it reaches, and a square set after it reaching back onto the tip
    meets it."""
    assert run_ink(FONT, "v").area == pytest.approx(100 * 300 / 2 / EM / EM, rel=1e-9)
    assert run_ink(FONT, "vp") is None
    assert run_ink(FONT, "YP") is None
    # the band next to the end one: a square reaching back past the spike's edges there, not as far as its tip
    assert run_ink(FONT, "v0").area == pytest.approx((100 * 300 / 2 + 100 * 50) / EM / EM, rel=1e-9)
    assert run_ink(FONT, "Y#").area == pytest.approx((100 * 400 / 2 + 100 * 50) / EM / EM, rel=1e-9)


def test_a_corner_on_a_bands_edge_counts_in_the_band_below_it_too():
    """The triangle's corner at (600, 125) lies on band 9's top edge, where the band's widest point is: a square set
    after it reaching back onto the triangle in band 9 alone meets it."""
    assert run_ink(FONT, "l").area == pytest.approx(600 * 125 / 2 / EM / EM, rel=1e-9)
    assert run_ink(FONT, "ln") is None


def _header_only_and_long_hints(path) -> str:
    """A font with a square, a glyph of no contours written as a 10-byte header (not as an empty record, as fontTools
    writes one), and the square again with 34,000 bytes of instructions (past what a signed 16-bit length holds). Both
    are written as raw glyph records: fontTools at our floor (4.50) writes an instructions' length signed, so it cannot."""
    import struct

    from fontTools.pens.ttGlyphPen import TTGlyphPen
    from fontTools.ttLib import TTFont as FontFile
    from fontTools.ttLib.tables._g_l_y_f import Glyph

    glyphs = {".notdef": TTGlyphPen(None).glyph(), "square": _rects((0, 0, 200, 200)), "none": TTGlyphPen(None).glyph(),
              "hinted": _rects((0, 0, 200, 200))}
    _saved_font(path, "GlyphHeaderProbe", glyphs, {ord("a"): "square", ord("z"): "none", ord("h"): "hinted"})
    font = FontFile(str(path), recalcBBoxes=False)
    glyf = font["glyf"]
    square = glyf["square"].compile(glyf)  # header, one contour's end point, no instructions, then its points
    at = 10 + 2  # the instructions' length follows the header and the contour's end point
    assert struct.unpack_from(">H", square, at) == (0,)
    hints = b"\xb0\x00" * 17_000  # PUSHB[0] 0, again and again
    glyf.glyphs["hinted"] = Glyph(square[:at] + struct.pack(">H", len(hints)) + hints + square[at + 2:])
    glyf.glyphs["none"] = Glyph(struct.pack(">hhhhh", 0, 0, 0, 0, 0))  # written as it is read
    font.save(str(path))
    return str(path)


def test_a_glyph_of_no_contours_with_a_header_and_one_with_long_instructions_are_read(tmp_path):
    pdfmetrics.registerFont(TTFont("GlyphHeaderProbe", _header_only_and_long_hints(tmp_path / "header.ttf")))
    try:
        assert run_ink("GlyphHeaderProbe", "z").area == 0.0
        assert run_ink("GlyphHeaderProbe", "za").area == pytest.approx(SQUARE, rel=1e-9)
        hinted = run_ink("GlyphHeaderProbe", "h")
        assert hinted.area == pytest.approx(SQUARE, rel=1e-9)
        assert _box(hinted) == pytest.approx((0.0, 0.0, 0.2, 0.2), abs=1e-9)
    finally:
        unregister_font("GlyphHeaderProbe")


def test_simple_glyphs_are_measured_as_themselves():
    assert run_ink(FONT, "a").area == pytest.approx(SQUARE)
    assert run_ink(FONT, "t").area == pytest.approx(TRIANGLE)


def test_a_contour_of_off_curve_points_only_encloses_its_implied_curves():
    """Four off-curve points at a square's corners: curves through the sides' middles, each bulging out from the
    diamond between them by two thirds of the triangle its corner makes with its chord (100 × 100 / 2)."""
    ink = run_ink(FONT, "q")
    assert ink.area == pytest.approx((200 * 200 / 2 + 4 * 2 / 3 * 100 * 100 / 2) / EM / EM, rel=1e-9)


def test_an_uneven_contour_of_off_curve_points_only_is_as_fonttools_reads_it(fonts):
    """Its area as fontTools' AreaPen reads it; its box the one its record gives, around its points (the curves lie
    within them)."""
    ink = run_ink(FONT, "Q")
    area, _, _ = glyph_truth(fonts / "parts.ttf", "Q")
    assert ink.area == pytest.approx(area, rel=1e-9)
    assert _box(ink) == pytest.approx((0.100, 0.080, 0.320, 0.320), abs=1e-9)


def test_a_line_of_composite_glyphs_sums_them_along_its_advances():
    """'b' (a square moved by 10, 20) then 'c' (one moved by 300, -400), 700 units apart: apart, so both are counted."""
    ink = run_ink(FONT, "bc")
    assert ink.area == pytest.approx(2 * SQUARE)
    assert _box(ink) == pytest.approx((0.010, -0.400, 1.200, 0.220))
    assert ink.advance == pytest.approx(1.4)


def test_a_glyph_with_no_outline_advances_and_prints_nothing():
    assert tuple(run_ink(FONT, "z")) == pytest.approx((0.0, 0.0, 0.0, 0.0, 0.0, 0.7))
    ink = run_ink(FONT, "z a")  # a blank word, a space, a square: the square starts two advances along
    assert ink.area == pytest.approx(SQUARE)
    assert _box(ink) == pytest.approx((1.4, 0.0, 1.6, 0.2))


def test_a_space_that_prints_is_counted_and_a_font_without_one_is_not_measured():
    assert run_ink(SPACED, "a a").area == pytest.approx(3 * SQUARE)  # this font's space is the square
    assert run_ink(SPACELESS, "a a") is None  # drawn in another font: rasterised


@pytest.mark.parametrize("place", sorted(APART))
@pytest.mark.parametrize("small", ["simple", "composite"])
def test_glyphs_whose_boxes_meet_but_outlines_do_not_are_measured_at_every_height(place, small):
    i = list(APART).index(place)
    bar, low = APART[place]
    text = chr(ord("A") + 3 * i) + chr((ord("B") if small == "simple" else ord("C")) + 3 * i)
    ink = run_ink(FONT, text)
    assert ink is not None
    area = ((bar[2] - bar[0]) * (bar[3] - bar[1]) + (low[2] - low[0]) * (low[3] - low[1])) / EM / EM
    assert ink.area == pytest.approx(area, rel=1e-9)
    assert _box(ink) == pytest.approx((0.0, min(bar[1], low[1]) / EM, max(bar[2], ADVANCE + low[2]) / EM, max(bar[3], low[3]) / EM))


def test_a_part_starting_past_where_the_bar_before_it_ends_is_measured():
    """'r' reaches to 0.8 em along its lower bar and 1 em higher up; 's' is a square at 0.95 em along (0.7 + 0.25), in
    the lower bar's bands: their boxes meet, their outlines do not."""
    ink = run_ink(FONT, "rs")
    assert ink.area == pytest.approx((800 * 200 + 1000 * 200 + 200 * 200) / EM / EM)


def test_words_whose_boxes_meet_across_a_space_are_measured_glyph_by_glyph():
    """A bar 1.5 em long, low, then (past a space) a square high up starting 1.4 em along: the words' boxes meet, the
    glyphs do not."""
    ink = run_ink(FONT, "7 8")
    assert ink is not None
    assert ink.area == pytest.approx((1500 * 100 + 200 * 200) / EM / EM)
    assert _box(ink) == pytest.approx((0.0, 0.0, 1.6, 0.8))


def test_a_contour_of_one_point_encloses_nothing():
    assert run_ink(FONT, ".").area == pytest.approx(SQUARE, rel=1e-9)


@pytest.mark.parametrize("text", ["wa", "wb", "Wa", "Wb", "xy", "[{", "]}"])
def test_glyphs_that_meet_are_not_measured(text):
    """A bar a whole em long, then a square 0.7 em along at its height (simple or a part, either way round); a bar,
    then a block as high as it and more whose left side runs under the bar's end; a thin bar, then a part whose box
    meets it only in the band the part starts in ('[{') or ends in (']}')."""
    assert run_ink(FONT, text) is None


@pytest.mark.parametrize(("char", "measured"), [("4", True), ("5", False), ("6", False)])
def test_parts_nested_four_deep_are_read_and_deeper_ones_rasterised(char, measured):
    """The glyph asked for is at depth 0: `n4`'s square lies four parts down, `n5`'s five."""
    ink = run_ink(FONT, char)
    assert (ink is not None) == measured
    if measured:
        assert ink.area == pytest.approx(SQUARE)


@pytest.mark.parametrize("char", ["m", "M"])
def test_a_part_placed_by_matching_points_is_rasterised(char):
    """By points numbered in bytes ('m') or, past 255, in words ('M')."""
    assert run_ink(FONT, char) is None
    assert run_ink(FONT, f"a {char}") is None


def test_parts_numbered_past_32767_are_read():
    """Droid Sans Fallback's 临 (U+4E34) is built of glyphs 33,141 and 33,142."""
    file = ROOT / "pnp/assets/fonts/droid/DroidSansFallback.ttf"
    pdfmetrics.registerFont(TTFont("GlyphPartsDroid", str(file)))
    ink = run_ink("GlyphPartsDroid", "临")
    area, box, _ = glyph_truth(file, "临")
    assert ink is not None
    assert ink.area == pytest.approx(area, rel=1e-9)
    assert _box(ink) == pytest.approx(box, abs=1e-9)


def test_a_name_given_another_font_is_read_again(fonts):
    """As pnp.layout.fonts does when a designer's font file changes under `pnp watch` (pnp.layout.rl.unregister_font)."""
    unregister_font(RENAMED)  # a run before this one in the same process (mutmut's) left it the second font
    pdfmetrics.registerFont(TTFont(RENAMED, str(fonts / "parts.ttf")))
    assert run_ink(RENAMED, "a a").area == pytest.approx(2 * SQUARE)
    unregister_font(RENAMED)
    pdfmetrics.registerFont(TTFont(RENAMED, str(fonts / "spaced.ttf")))
    assert run_ink(RENAMED, "a a").area == pytest.approx(3 * SQUARE)


def test_what_a_font_draws():
    assert draws(FONT, "abc")
    assert not draws(FONT, "a\u4e00")  # a character it has no glyph for
    assert not draws("Helvetica", "a")  # not a TrueType font: no glyphs read
    assert run_ink("Helvetica", "a") is None
