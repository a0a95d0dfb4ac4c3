"""tests/pdfium_pages.py reads a page as pdfplumber reports it: the same characters in the same order (turned, upside
down, in a scaled form), the same lines, rects and curves, with their boxes and dash patterns, so the print-truth
tests that read the shipped games through it (test_printable, test_sheet_footers, test_board_seams, test_aid_balance)
read what pdfplumber would: their colours too (what the die nets and box nets are told apart by)."""
from __future__ import annotations

from collections import Counter

import pdfium_pages
import pdfread
from conftest import ROOT
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

POSITION_PT = 0.02  # pdfium keeps positions in single precision
COLOUR = 0.003  # pdfium gives a colour in 255ths


def _sheet(path) -> None:
    """A sheet drawn as pnp draws one: embedded TrueType fonts (their /Widths and descent are what both readers use)."""
    for name, file in (("Sans", "DejaVuSans.ttf"), ("Sans-Bold", "DejaVuSans-Bold.ttf")):
        pdfmetrics.registerFont(TTFont(name, str(ROOT / "fonts/dejavu" / file)))
    c = Canvas(str(path), pagesize=(612, 792), invariant=1, initialFontName="Sans")
    c.setFont("Sans", 9)
    c.drawString(40, 40, "print at 100% / actual size")
    for angle, (x, y) in ((90, (20, 300)), (180, (400, 700)), (270, (590, 300))):
        c.saveState()
        c.translate(x, y)
        c.rotate(angle)
        c.drawString(0, 0, f"turned {angle}: Wave")
        c.restoreState()
    c.saveState()  # a box's flap, turned upside down: two runs in one text object
    c.translate(300, 650)
    c.rotate(180)
    text = c.beginText(0, 0)
    text.setFont("Sans", 8)
    text.textOut("Cell cards ")
    text.setFont("Sans-Bold", 8)
    text.textOut("tuck box")
    text.textLine("")
    text.textLine("lid Wave")
    c.drawText(text)
    c.restoreState()
    c.setLineWidth(0.25)
    c.line(100, 10, 100, 25)  # a crop mark
    c.setDash(3, 2)
    c.line(50, 400, 550, 400)  # a tile's seam
    c.setDash()
    c.saveState()
    c.setStrokeColorRGB(0.6, 0.2, 0.1)
    c.setFillColorRGB(0.2, 0.4, 0.8)
    c.rect(60, 500, 120, 80, stroke=1, fill=0)
    c.circle(300, 540, 30, stroke=1, fill=1)
    c.drawString(60, 470, "Knight blue")
    c.restoreState()
    c.beginForm("card")
    c.setFont("Sans-Bold", 12)
    c.drawString(5, 5, "Knight AV")
    c.setLineWidth(1)
    c.line(0, 0, 60, 0)
    c.endForm()
    c.saveState()
    c.translate(200, 200)
    c.scale(0.5, 0.5)
    c.doForm("card")
    c.restoreState()
    c.save()


def _boxes(objects) -> Counter:
    return Counter((round(o["x0"], 1), round(o["top"], 1), round(o["x1"], 1), round(o["bottom"], 1), bool(o.get("dash") and o["dash"][0])) for o in objects)


def _rgb(colour) -> tuple | None:
    """A colour as red, green and blue: pdfplumber keeps a grey as one number (black, unset, as 0)."""
    if colour is None:
        return None
    values = tuple(colour) if isinstance(colour, (tuple, list)) else (colour,)
    return values * 3 if len(values) == 1 else values


def _same_colours(a: dict, b: dict) -> bool:
    return all(all(abs(u - v) < COLOUR for u, v in zip(_rgb(a[k]), _rgb(b[k]), strict=True)) for k in ("stroking_color", "non_stroking_color"))


def test_pdfium_reads_a_page_as_pdfplumber_reports_it(tmp_path):
    pdf = tmp_path / "sheet.pdf"
    _sheet(pdf)
    plumber, pdfium = pdfread.read_pages(pdf, [1])[1], pdfium_pages.read_pages(pdf, [1])[1]
    assert (pdfium.width, pdfium.height) == (plumber.width, plumber.height)
    assert pdfium.text() == plumber.text() and "turned 180: Wave" in pdfium.text()
    for a, b in zip(plumber.chars, pdfium.chars, strict=True):
        for key in ("x0", "x1", "top", "bottom", "adv", "size"):
            assert abs(a[key] - b[key]) < POSITION_PT, (a["text"], key, a[key], b[key])
        assert all(abs(u - v) < POSITION_PT for u, v in zip(a["matrix"], b["matrix"], strict=True)), (a["text"], a["matrix"], b["matrix"])
        assert a["upright"] == b["upright"]
        assert _same_colours(a, b), (a["text"], a["non_stroking_color"], b["non_stroking_color"])
    for kind in ("lines", "rects", "curves"):
        assert _boxes(getattr(pdfium, kind)) == _boxes(getattr(plumber, kind)), kind
        for a, b in zip(getattr(plumber, kind), getattr(pdfium, kind), strict=True):
            assert _same_colours(a, b), (kind, a["x0"], a["top"], a["stroking_color"], b["stroking_color"])
    assert sorted((round(o["linewidth"], 3), [tuple(round(v, 1) for v in p) for p in o["pts"]]) for o in pdfium.lines) == \
        sorted((round(o["linewidth"], 3), [tuple(round(v, 1) for v in p) for p in o["pts"]]) for o in plumber.lines)
