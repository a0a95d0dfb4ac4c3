"""The smallest text and the thinnest stroked line a PDF prints, read from its pages (forms and their scaling included).

pdfminer interprets each page's content as a viewer does; a device records, for
every glyph, its size on paper (the font size times the scale of the text and
current matrices), and for every stroked path its line width on paper: the width
set by `w`, in the user space of the matrix in force when the path is stroked
(PDF 32000-1, 8.4.3.2). pdfminer itself scales the width by the matrix in force
when `w` is met, so its width is kept as set here and scaled once. A figure
that shows a card at a third of its size prints the card's 0.25 pt lines at
0.08 pt: only the page, not the template, says so.
"""
from __future__ import annotations

import math
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path

from pdfminer.pdfdevice import PDFTextDevice
from pdfminer.pdfdocument import PDFDocument
from pdfminer.pdffont import PDFUnicodeNotDefined
from pdfminer.pdfinterp import PDFPageInterpreter, PDFResourceManager
from pdfminer.pdfpage import PDFPage
from pdfminer.pdfparser import PDFParser


@dataclass
class Smallest:
    """What a PDF prints smallest: glyph sizes and stroke widths in points, each with its page (1-based) and a sample."""

    text: list[tuple[float, int, str, tuple]] = field(default_factory=list)  # (size pt, page, character, fill colour)
    lines: list[tuple[float, int]] = field(default_factory=list)  # (width pt, page)

    def min_text(self) -> tuple[float, int, str, tuple] | None:
        return min(self.text, default=None)

    def min_line(self) -> tuple[float, int] | None:
        return min(self.lines, default=None)


def _scale(matrix) -> float:
    a, b, c, d = matrix[:4]
    return math.sqrt(abs(a * d - b * c))


class _Recorder(PDFTextDevice):
    """Records sizes only: no layout objects are made (pdfminer's layout analyser makes one per glyph and path, most of
    the time reading a card sheet takes)."""

    def __init__(self, rsrcmgr, found: Smallest):
        super().__init__(rsrcmgr)
        self.found = found
        self.page = 0

    def begin_page(self, page, ctm):
        self.page += 1
        self.set_ctm(ctm)

    def paint_path(self, gstate, stroke, fill, evenodd, path):
        if stroke:
            width = gstate.linewidth or 0.0
            # a zero width is the thinnest line a device can draw: count it as 0
            self.found.lines.append((width * _scale(self.ctm), self.page))

    def render_char(self, matrix, font, fontsize, scaling, rise, cid, ncs, graphicstate):
        try:
            char = font.to_unichr(cid)
        except PDFUnicodeNotDefined:
            char = f"(cid:{cid})"  # as pdfminer names a glyph with no character
        colour = tuple(round(v, 3) for v in (graphicstate.ncolor if isinstance(graphicstate.ncolor, tuple | list) else (graphicstate.ncolor,)))
        self.found.text.append((fontsize * _scale(matrix), self.page, char, colour))
        return font.char_width(cid) * fontsize * scaling  # the glyph's advance, as pdfminer's LTChar reckons it


class _Interpreter(PDFPageInterpreter):
    def do_w(self, linewidth) -> None:
        """Keep the width as set, in user space: the recorder scales it by the matrix the path is stroked under."""
        with suppress(TypeError, ValueError):  # a width that is no number leaves the last, as pdfminer does
            self.graphicstate.linewidth = float(linewidth)


def smallest(pdf: Path) -> Smallest:
    """The sizes of every glyph and stroked line `pdf` prints."""
    found = Smallest()
    with open(pdf, "rb") as handle:
        document = PDFDocument(PDFParser(handle))
        manager = PDFResourceManager(caching=True)
        device = _Recorder(manager, found)
        interpreter = _Interpreter(manager, device)
        for page in PDFPage.create_pages(document):
            interpreter.process_page(page)
    return found
