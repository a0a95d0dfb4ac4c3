"""A line of text's ink (pnp.render.glyph_ink.run_ink): its glyphs' outline areas and the box they print in, set at
1 pt along the baseline by their advances as a PDF's Tj sets them, held against fontTools' reading of the same font
(its AreaPen for the areas, each glyph's bounds and advance), for lines of one word and many, spaces doubled, leading
and trailing, letters built of components (é, ü, Ç), and a line that is all spaces."""
from __future__ import annotations

import pytest
from conftest import ROOT
from ink_truth import glyph_truth
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from pnp.render.glyph_ink import run_ink

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
