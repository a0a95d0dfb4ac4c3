"""A line of text's ink (pnp.render.glyph_ink.run_ink): its glyphs' outline areas and the box they print in, set at
1 pt along the baseline by their advances as a PDF's Tj sets them, held against fontTools' reading of the same font
(its AreaPen for the areas, each glyph's bounds and advance), for lines of one word and many, spaces doubled, leading
and trailing, letters built of components (é, ü, Ç), and a line that is all spaces."""
from __future__ import annotations

import pytest
from conftest import ROOT
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from pnp.render.glyph_ink import run_ink

FONT = "GlyphInkProbe"
FONT_FILE = ROOT / "pnp/assets/fonts/noto/NotoSans-Regular.ttf"


@pytest.fixture(scope="module", autouse=True)
def font():
    pdfmetrics.registerFont(TTFont(FONT, str(FONT_FILE)))


@pytest.fixture(scope="module")
def tools():
    from fontTools.ttLib import TTFont as Tools

    return Tools(str(FONT_FILE))


def expected(tools, text: str) -> tuple[float, tuple[float, float, float, float] | None, float]:
    """(area, box, advance) of `text` at 1 pt by fontTools: the glyphs' outline areas summed, the union of their bounds
    each moved along by the advances before it, and the advances summed (no kerning, as reportlab sets a string)."""
    from fontTools.pens.areaPen import AreaPen
    from fontTools.pens.boundsPen import BoundsPen

    glyphs, cmap, em, hmtx = tools.getGlyphSet(), tools.getBestCmap(), tools["head"].unitsPerEm, tools["hmtx"]
    area, boxes, pen_x = 0.0, [], 0
    for ch in text:
        name = cmap[ord(ch)]
        areas, bounds = AreaPen(glyphs), BoundsPen(glyphs)
        glyphs[name].draw(areas)
        glyphs[name].draw(bounds)
        area += abs(areas.value)
        if bounds.bounds is not None:
            x0, y0, x1, y1 = bounds.bounds
            boxes.append((pen_x + x0, y0, pen_x + x1, y1))
        pen_x += hmtx[name][0]
    box = None if not boxes else (min(b[0] for b in boxes) / em, min(b[1] for b in boxes) / em, max(b[2] for b in boxes) / em, max(b[3] for b in boxes) / em)
    return area / em / em, box, pen_x / em


@pytest.mark.parametrize("text", ["Hog", "Hog wavy", "Hog  wavy   box", "  lead and trail  ", "AAA AAA AAA", "Heavy Ink 42", "été über Ça",
                                  "Ça", "x", " ", "   "])
def test_a_lines_ink_is_its_glyphs_areas_in_the_box_they_print_in(tools, text):
    ink = run_ink(FONT, text)
    area, box, advance = expected(tools, text)
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
