"""A box's retail markings: the block of maker, place, date, batch, warnings, address and contents on a solid ground,
with the EAN-13 or UPC-A symbol drawn as vectors by reportlab's barcode widgets, sized by GS1's rules.

GS1's figures (GS1 General Specifications, the symbol specification table for retail consumer items, as GS1 Sweden
sums it up: https://gs1.se/en/guides/how-to-guides/size-guide/, and GS1 Ireland's EAN-13 page): a module (the
X-dimension) is 0.33 mm at 100 % and may print at 80 %–200 % (0.264–0.66 mm); the bars are 22.85 mm high at 100 %
and scale with it, the digits under them take the symbol to 25.93 mm; the light margins are 11 modules left and 7
right of an EAN-13, 9 either side of a UPC-A. The block is laid out here (`markings_block`) so the box can say when
its panel has no room, and drawn (`draw_markings`) on the panel's face, upright, at its foot.
"""
from __future__ import annotations

from dataclasses import dataclass

from reportlab.graphics import renderPDF
from reportlab.graphics.barcode.eanbc import UPCA, Ean13BarcodeWidget
from reportlab.graphics.shapes import Drawing
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth

from pnp.render.pdf_colours import colour

MM_PT = 72 / 25.4
X_MM = 0.33  # GS1: the module at 100 % magnification
BAR_MM = 22.85  # GS1: bar height at 100 % (EAN-13 and UPC-A), scaled with the magnification
SYMBOL_MM = 25.93  # GS1: the symbol's height at 100 % with the digits under its bars
MODULES = 95  # EAN-13 and UPC-A: guards and twelve digits of seven modules


@dataclass(frozen=True)
class Symbology:
    """A retail symbol: how many digits it carries (check digit included), reportlab's widget that draws it, and its
    light margins in modules (GS1)."""

    name: str
    digits: int
    widget: type
    quiet_left: int
    quiet_right: int


SYMBOLOGIES = {13: Symbology("EAN-13", 13, Ean13BarcodeWidget, 11, 7), 12: Symbology("UPC-A", 12, UPCA, 9, 9)}

TEXT_PT, LEADING_PT = 6.0, 7.2  # the smallest size legal marking text is usually read at
PAD_MM = 2.0  # ground round the text and the symbol
INSET_MM = 3.0  # the block stays this far inside the panel's edges: clear of the folds
INK = "#000000"
LABELS = {"contents": "Contents", "made_by": "Made by", "made_in": "Made in", "batch": "Batch"}


@dataclass(frozen=True)
class MarkingsBlock:
    """The block as laid out for a panel: its text lines, the symbol (or None) and its size, all in mm."""

    lines: tuple[str, ...]
    symbology: Symbology | None
    number: str
    magnification: float
    width: float
    height: float

    @property
    def module(self) -> float:
        return X_MM * self.magnification

    @property
    def symbol_size(self) -> tuple[float, float]:
        """The symbol with its light margins, w × h in mm (0, 0 without one)."""
        if self.symbology is None:
            return 0.0, 0.0
        s = self.symbology
        return (MODULES + s.quiet_left + s.quiet_right) * self.module, SYMBOL_MM * self.magnification


def marking_lines(marks, contents: list[tuple[str, int]], words: dict = LABELS) -> list[str]:
    """The block's sentences in order: contents, warnings, maker and address, place and date, batch. `words` names the
    labels (contents, made by, made in, batch) in the edition's language."""
    out = []
    if marks.contents and contents:
        out.append(f"{words['contents']}: " + ", ".join(f"{count} × {name}" for name, count in contents))
    out += list(marks.warnings)
    maker = ", ".join(v for v in (marks.maker, marks.address) if v)
    if maker:
        out.append(f"{words['made_by']}: {maker}")
    made = ", ".join(v for v in (marks.place, marks.date) if v)
    if made:
        out.append(f"{words['made_in']}: {made}")
    if marks.batch:
        out.append(f"{words['batch']}: {marks.batch}")
    return out


def markings_block(marks, lines: list[str], width_mm: float, font: str) -> MarkingsBlock:
    """The block `width_mm` wide (the panel inside its inset): the lines wrapped to it under the symbol's height."""
    number = str(marks.barcode).strip() if marks.barcode is not None else ""
    symbology = SYMBOLOGIES.get(len(number)) if number else None
    text_w = (width_mm - 2 * PAD_MM) * MM_PT
    wrapped = tuple(part for line in lines for part in simpleSplit(line, font, TEXT_PT, max(text_w, 1.0)))
    block = MarkingsBlock(wrapped, symbology, number, marks.magnification, width_mm, 0.0)
    text_h = len(wrapped) * LEADING_PT / MM_PT
    symbol_h = block.symbol_size[1]
    gap = PAD_MM if wrapped and symbology else 0.0
    return MarkingsBlock(wrapped, symbology, number, marks.magnification, width_mm, 2 * PAD_MM + text_h + gap + symbol_h)


def room_needed(block: MarkingsBlock, font: str) -> tuple[float, float]:
    """The least w × h (mm) the block needs: its symbol with light margins and ground, or its widest word."""
    widest = max((stringWidth(word, font, TEXT_PT) / MM_PT for line in block.lines for word in line.split()), default=0.0)
    return max(block.symbol_size[0], widest) + 2 * PAD_MM, block.height


def draw_markings(c, block: MarkingsBlock, panel_w_mm: float, font: str, ground: str) -> None:
    """The block at the foot of a panel `panel_w_mm` wide, drawn in points from the panel's bottom-left (y up): the
    solid ground, the lines in black, the symbol at its lower right (where GS1 would have it on a pack's back)."""
    left, bottom = INSET_MM, INSET_MM
    c.saveState()
    c.setFillColor(colour(ground))
    c.rect(left * MM_PT, bottom * MM_PT, block.width * MM_PT, block.height * MM_PT, stroke=0, fill=1)
    c.setFillColor(colour(INK))
    c.setFont(font, TEXT_PT)
    y = (bottom + block.height - PAD_MM) * MM_PT - TEXT_PT
    for line in block.lines:
        c.drawString((left + PAD_MM) * MM_PT, y, line)
        y -= LEADING_PT
    if block.symbology is not None:
        sym_w, _ = block.symbol_size
        _draw_symbol(c, block, (left + block.width - PAD_MM - sym_w) * MM_PT, (bottom + PAD_MM) * MM_PT, font)
    c.restoreState()


def _draw_symbol(c, block: MarkingsBlock, x: float, y: float, font: str) -> None:
    """The symbol by reportlab's widget, drawn without margins of its own and set in from `x` by GS1's left light
    margin (the block's ground keeps both margins clear; EAN-13's leading digit prints in the left one, as usual)."""
    s, x_pt = block.symbology, block.module * MM_PT
    digits_pt = (SYMBOL_MM - BAR_MM) * block.magnification * MM_PT  # the band under the bars the digits sit in
    widget = s.widget(value=block.number[:-1], barWidth=x_pt, barHeight=SYMBOL_MM * block.magnification * MM_PT, fontName=font,
                      fontSize=digits_pt / 1.2, quiet=0,
                      barFillColor=colour(INK), textColor=colour(INK))
    drawing = Drawing(widget.width, widget.barHeight, initialFontName=font)  # else the renderer sets Helvetica first: a font not embedded
    drawing.add(widget)
    renderPDF.draw(drawing, c, x + s.quiet_left * x_pt, y)
