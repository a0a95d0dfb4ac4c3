"""The smallest text and the thinnest stroked line a PDF prints, read from its pages (forms and their scaling included).

pdfium (pypdfium2) interprets each page's content as a viewer does and keeps its page objects: each text object with
its type size, each path with whether it is stroked and its line width, each form with the objects it places, every
object with the matrix it is painted under in its parent's space. A glyph's size on paper is its type size times the
scale of that matrix and of every form's around it; a stroked line's width on paper is the width set by `w`, in the
user space of the matrix in force when the path is stroked (PDF 32000-1, 8.4.3.2), times those scales. A figure that
shows a card at a third of its size prints the card's 0.25 pt lines at 0.08 pt: only the page, not the template,
says so. (pdfium reads a page in milliseconds where pdfminer, pure Python, takes a second.)
"""
from __future__ import annotations

import ctypes
import math
from dataclasses import dataclass, field
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as raw

IDENTITY = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


@dataclass
class Smallest:
    """What a PDF prints smallest: text sizes and stroke widths in points, each with its page (1-based) and a sample."""

    text: list[tuple[float, int, str, tuple]] = field(default_factory=list)  # (size pt, page, the text run, fill colour 0-1)
    lines: list[tuple[float, int]] = field(default_factory=list)  # (width pt, page)

    def min_text(self) -> tuple[float, int, str, tuple] | None:
        return min(self.text, default=None)

    def min_line(self) -> tuple[float, int] | None:
        return min(self.lines, default=None)


def _mul(m, n):
    """m then n: the matrix of an object painted under m inside a form placed under n."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def _scale(matrix) -> float:
    a, b, c, d = matrix[:4]
    return math.sqrt(abs(a * d - b * c))


def _text(obj, textpage) -> str:
    size = raw.FPDFTextObj_GetText(obj.raw, textpage.raw, None, 0)
    buffer = (ctypes.c_ushort * (size // 2))()
    raw.FPDFTextObj_GetText(obj.raw, textpage.raw, buffer, size)
    return bytes(buffer)[: max(0, size - 2)].decode("utf-16-le", errors="replace")


def _fill(obj) -> tuple:
    r, g, b, a = (ctypes.c_uint() for _ in range(4))
    raw.FPDFPageObj_GetFillColor(obj.raw, r, g, b, a)
    return tuple(round(v.value / 255, 3) for v in (r, g, b))


def _page(page, number: int, found: Smallest) -> None:
    textpage = page.get_textpage()
    fill, stroke = ctypes.c_int(), ctypes.c_int()
    width, size = ctypes.c_float(), ctypes.c_float()
    outer = [IDENTITY]  # the matrix of each form around the object, by depth
    for obj in page.get_objects(max_depth=32):
        del outer[obj.level + 1 :]
        matrix = _mul(tuple(obj.get_matrix().get()), outer[obj.level])
        if obj.type == raw.FPDF_PAGEOBJ_FORM:
            outer.append(matrix)
        elif obj.type == raw.FPDF_PAGEOBJ_PATH:
            raw.FPDFPath_GetDrawMode(obj.raw, fill, stroke)
            if stroke.value:
                raw.FPDFPageObj_GetStrokeWidth(obj.raw, width)
                # a zero width is the thinnest line a device can draw: count it as 0
                found.lines.append((width.value * _scale(matrix), number))
        elif obj.type == raw.FPDF_PAGEOBJ_TEXT:
            raw.FPDFTextObj_GetFontSize(obj.raw, size)
            found.text.append((size.value * _scale(matrix), number, _text(obj, textpage), _fill(obj)))
    textpage.close()


def smallest(pdf: Path) -> Smallest:
    """The sizes of every text run and stroked line `pdf` prints."""
    found = Smallest()
    doc = pdfium.PdfDocument(str(pdf))
    try:
        for i in range(len(doc)):
            page = doc[i]
            _page(page, i + 1, found)
            page.close()
    finally:
        doc.close()
    return found
