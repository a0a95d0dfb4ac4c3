"""A page printing what an earlier page printed is measured once, its figure the page's own raster figure (issue #77:
ink never twice for the same page); and the sheets' fills write the bytes reportlab's setter writes.
"""
from __future__ import annotations

import pytest
from conftest import ROOT
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

import pnp.render.ink as ink
from pnp.layout.elements import Face, Rect, Text
from pnp.layout.typeset import TextOp
from pnp.render.sheet_plan import Group, Piece
from pnp.render.sheets import write_sheets

FONT = "InkAlikeProbe"
CARDS = 30  # poker cards sit 9 a sheet: three full backs sheets alike but for their footers, and a fourth of 3 cards
BACK = Face(63.5, 88.9, 0, (Rect(0, 0, 63.5, 88.9, "#1e3a5f", None, 0, 0, None),
                            Text(8, 40, (TextOp(0, 12.0, FONT, 12, "#ffffff", "PATIENT FILE", 0),))), frozenset())


@pytest.fixture(scope="module", autouse=True)
def font():
    pdfmetrics.registerFont(TTFont(FONT, str(ROOT / "pnp/assets/fonts/noto/NotoSans-Regular.ttf")))


def card(n: int) -> Face:
    """A poker-size front of its own colour and words."""
    ops = (TextOp(0, 12.0, FONT, 10, "#222222", f"Patient {n}", 0),)
    return Face(63.5, 88.9, 0, (Rect(0, 0, 63.5, 88.9, f"#{0x806040 + n:06x}", None, 0, 0, None), Text(4, 4, ops)), frozenset())


def deck(paper: str, back_offset: tuple[float, float]):
    """The sheet PDF of CARDS unique fronts behind one shared back, and its stats."""
    pieces = [Piece(card(n), BACK, f"c{n}") for n in range(CARDS)]
    return write_sheets([Group("deck", "Deck", (63.5, 88.9), pieces)], game_title="Probe", kind="cards", paper=paper, duplex="long",
                        bleed_mm=0, gutter_mm=0, font_name=FONT, icons=None, back_offset=back_offset)


def raster_figures(data: bytes) -> list[float]:
    """Each page's figure from its whole plain RGB raster, pixel by pixel (`page_coverage`, the rule's own sum)."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(data)
    return [ink.page_coverage(doc[i].render(scale=ink.INK_DPI / 72, rev_byteorder=True).to_numpy()) for i in range(len(doc))]


def test_a_page_printing_what_an_earlier_page_printed_is_measured_once(monkeypatch):
    """Pages of the same key take the first one's figure; only the first is rendered."""
    import pypdfium2 as pdfium

    data, stats = deck("letter", (0.0, 0.0))
    rendered: list[int] = []
    real = pdfium.PdfPage.render

    def counted(page, *args, **kwargs):  # pdfium's own rendering of a page: what measuring a page costs
        rendered.append(1)
        return real(page, *args, **kwargs)

    monkeypatch.setattr(pdfium.PdfPage, "render", counted)
    same = ["back" if i % 2 else f"front {i}" for i in range(len(stats.page_keys))]  # as if every backs page printed alike
    figures = ink.page_inks(data, same=same, halves=False)
    assert len(rendered) == 5  # four fronts, one back
    monkeypatch.undo()
    assert figures[3] == figures[5] == figures[7] == figures[1] and figures[::2] == raster_figures(data)[::2]


def test_a_shapes_fill_prints_its_own_colour_after_a_translucent_fill_too():
    """A face's shapes fill with an operator worked out once per colour, spelt as reportlab's `setFillColor` spells it
    (test_sheet_writing): after a translucent fill, whose transparency state the next opaque fill must end, an opaque
    square prints its very colour, read from the printed page."""
    import io

    import pdfplumber
    import pypdfium2 as pdfium

    see_through = Face(63.5, 88.9, 0, (Rect(0, 0, 63.5, 88.9, "#80402080", None, 0, 0, None), Rect(5, 5, 20, 20, "#204060", None, 0, 0, None),
                                       Rect(5, 30, 20, 20, "#204060ff", None, 0, 0, None)), frozenset())
    pieces = [Piece(card(n), BACK, f"c{n}") for n in range(3)] + [Piece(see_through, BACK, "glass"), Piece(card(3), None, "c3")]
    data = write_sheets([Group("deck", "Deck", (63.5, 88.9), pieces)], game_title="Probe", kind="cards", paper="letter", duplex="long",
                        bleed_mm=0, gutter_mm=0, font_name=FONT, icons=None)[0]
    blue = (0x20 / 255, 0x40 / 255, 0x60 / 255)
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        squares = [r for r in pdf.pages[0].rects if r["non_stroking_color"] == pytest.approx(blue, abs=1e-5)]
    assert len(squares) == 2  # the glass card's two opaque squares, over its translucent ground
    scale = 2
    pixels = pdfium.PdfDocument(data)[0].render(scale=scale, rev_byteorder=True).to_numpy()  # RGB
    for square in squares:
        x, y = round((square["x0"] + square["x1"]) / 2 * scale), round((square["top"] + square["bottom"]) / 2 * scale)
        assert tuple(pixels[y, x][:3]) == (0x20, 0x40, 0x60), square
