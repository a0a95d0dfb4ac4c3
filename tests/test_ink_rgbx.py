"""A page is rendered for its ink four bytes a pixel (RGBx: pnp.render.ink._measured), and a process that has not
imported numpy measures a page of few colours from PIL's colour counts of that render: each colour then comes as four
bytes, the fourth unused. The figure is the per-pixel one of the page's plain RGB raster, to the bit: C + M + Y + K
of each pixel, K = 1 − max(R, G, B), averaged over the page's pixels (tests/test_ink_pages.py holds the same with
numpy in memory, where the render is read pixel by pixel)."""
from __future__ import annotations

import sys

from test_ink_pages import varied_pages

import pnp.render.ink as ink


def test_a_page_of_few_colours_measured_without_numpy_gives_its_rgb_rasters_figure(monkeypatch):
    import pypdfium2 as pdfium

    data = varied_pages(crowded=False)  # flat fills, anti-aliased words, translucent overlaps: each under MAX_COLOURS
    doc = pdfium.PdfDocument(data)
    expected = [ink.page_coverage(doc[i].render(scale=ink.INK_DPI / 72, rev_byteorder=True).to_numpy()) for i in range(len(doc))]
    assert all(0.01 < figure < 1 for figure in expected)
    monkeypatch.delitem(sys.modules, "numpy")  # as a build of cards alone: numpy never imported (no page here asks for it)
    assert ink.measure_pages(data, list(range(len(doc))), ink.INK_DPI) == expected
