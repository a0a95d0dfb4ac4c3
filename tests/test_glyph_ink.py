"""A line of text's ink (pnp.render.glyph_ink.run_ink): its glyphs' outline areas and the box they print in, set at
1 pt along the baseline by their advances as a PDF's Tj sets them, held against fontTools' reading of the same font
(its AreaPen for the areas, each glyph's bounds and advance), for lines of one word and many, spaces doubled, leading
and trailing, letters built of components (é, ü, Ç), and a line that is all spaces."""
from __future__ import annotations

import string

import pytest
from conftest import ROOT
from ink_truth import glyph_truth, outline_points, overlap_depth
from ink_truth import units_per_em as _units_per_em
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from pnp.render.glyph_ink import BANDS, _font, _glyph, run_ink

FONT = "GlyphInkProbe"
FONT_FILE = ROOT / "pnp/assets/fonts/noto/NotoSans-Regular.ttf"


@pytest.fixture(scope="module", autouse=True)
def font():
    pdfmetrics.registerFont(TTFont(FONT, str(FONT_FILE)))


@pytest.mark.parametrize("text", ["Hog", "Hog wavy", "Hog  wavy   box", "  lead and trail  ", "AAA AAA AAA", "Heavy Ink 42", "été über Ça",
                                  "Ça", "x", " ", "   "])
def test_a_lines_ink_is_its_glyphs_areas_in_the_box_they_print_in(text):
    ink = run_ink(FONT, text)
    area, box, advance = glyph_truth(FONT_FILE, text)
    assert ink is not None
    assert ink.area == pytest.approx(area, rel=1e-9, abs=1e-12)
    assert ink.advance == pytest.approx(advance, rel=1e-12)
    if box is None:
        assert (ink.x0, ink.y0, ink.x1, ink.y1) == (0.0, 0.0, 0.0, 0.0)
    else:
        assert (ink.x0, ink.y0, ink.x1, ink.y1) == pytest.approx(box, abs=1e-9)


def test_a_line_asked_again_is_the_same():
    """Its words are kept once worked out: a line asked again, or a line sharing its words, gives the same figures."""
    first = run_ink(FONT, "Heavy Ink 42 Heavy")
    assert run_ink(FONT, "Heavy Ink 42 Heavy") == first
    assert run_ink(FONT, "Heavy") == run_ink(FONT, "Heavy")


ITALIC = ROOT / "pnp/assets/fonts/noto/NotoSans-Italic.ttf"
LEANING = {"GlyphInkItalic": ITALIC, "GlyphInkSerifBoldItalic": ROOT / "pnp/assets/fonts/noto/NotoSerif-BoldItalic.ttf",
           "GlyphInkRounded": ROOT / "pnp/assets/fonts/comfortaa/Comfortaa-Bold.ttf"}
PAIRED = "AfhijklnTVWXYJQKeéü()[]'.:"  # letters that lean, hook or reach past their boxes (or are built of parts), and what they meet
TOUCH = 0.5  # font units: outlines reaching no deeper into each other than this only touch (their chords' error)


@pytest.fixture(scope="module")
def leaning_fonts():
    for name, file in LEANING.items():
        pdfmetrics.registerFont(TTFont(name, str(file)))
    return LEANING


@pytest.mark.parametrize("name, text", [("GlyphInkItalic", "Investigation"), ("GlyphInkItalic", "When:"), ("GlyphInkItalic", "Age 27 · cardiomyopathy"),
                                        ("GlyphInkItalic", "Keep this card in front of you"), ("GlyphInkRounded", "Kenji"), ("GlyphInkItalic", "Übersicht für Köche")])
def test_a_line_whose_letters_reach_into_each_others_boxes_is_measured(leaning_fonts, name, text):
    """Italic letters lean, a j hooks back under the letter before it, an accented letter is built of parts: one's
    box reaches into the next one's, though their outlines stay apart. Their ink is their outlines' areas, as fontTools
    reads them, not rasterised for want of knowing they do not meet."""
    ink = run_ink(name, text)
    area, box, advance = glyph_truth(leaning_fonts[name], text)
    assert ink is not None
    assert ink.area == pytest.approx(area, rel=1e-9)
    assert (ink.x0, ink.y0, ink.x1, ink.y1, ink.advance) == pytest.approx((*box, advance), abs=1e-9)


@pytest.mark.parametrize("name", sorted(LEANING))
def test_two_letters_are_measured_only_where_their_outlines_do_not_overlap(leaning_fonts, name):
    """Every pair of letters set side by side that is measured has outlines reaching no deeper into each other than a
    touch: their areas add up to the ink they print. Pairs whose outlines do overlap are among them, and left to the
    raster."""
    file = leaning_fonts[name]
    measured = {a + b: run_ink(name, a + b) is not None for a in PAIRED for b in PAIRED}
    deep = {pair: overlap_depth(file, *pair) for pair in measured}
    assert not [pair for pair, yes in measured.items() if yes and deep[pair] > TOUCH]
    assert any(d > TOUCH for d in deep.values())  # the letters chosen do overlap somewhere: the test can tell


@pytest.mark.parametrize("name", sorted(LEANING))
def test_each_letters_profile_holds_its_outline_at_every_height(leaning_fonts, name):
    """What two letters' profiles say of their overlap holds because each profile holds its outline: at every height,
    from half an em below the baseline to one and a half above in BANDS bands (the end bands reaching past), every
    point of the outline (fontTools', flattened) lies between the least and the most x its band gives."""
    file = leaning_fonts[name]
    em = _units_per_em(file)
    font = _font(name)
    for ch in string.ascii_letters + "()[]{}'.,:;!?&@$%/éèüçñÅÉÖ":
        glyph = _glyph(font, ch)
        contours = outline_points(file, ch)
        if glyph is None or not contours:
            continue
        profile = glyph[6]
        for x, y in (p for c in contours for p in c):
            band = min(BANDS - 1, max(0, int((y / em + 0.5) * BANDS / 2)))
            lo, hi = profile[band]
            assert lo - 1e-9 <= x / em <= hi + 1e-9, (ch, x, y, band, profile[band])
