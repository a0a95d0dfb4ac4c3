"""Label and sticker sheets: texts set inside a commercial sheet's slots, and a calibration page of the slots' outlines.

Labels are die-cut by their maker, so a label page has no crop marks and no
outlines (a printed outline would show wherever the printer shifts the sheet);
the last page prints the outlines alone, to hold against a real sheet before
printing on it. With a cutting machine (pnp.render.cutters), its marks go on
every label page, the slots under a mark stay empty, and each page's slots are
its cut lines (for plain sticker paper).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import getFont, stringWidth

from pnp.data.label_sheets import LabelSheet
from pnp.layout.typeset import STAND_INS
from pnp.render.cutters import MM, CutShape, Cutter
from pnp.render.pdf import new_canvas

INSET_MM = 2.0  # text keeps this far inside a slot (label stock shifts by up to 1 mm)
OUTLINE_PT = 0.4


@dataclass(frozen=True)
class LabelText:
    """One label: a title line and the lines under it."""

    title: str
    lines: tuple[str, ...]


@dataclass
class LabelStats:
    pages: int = 0
    pieces: int = 0
    cuts: list[tuple] = field(default_factory=list)  # (page number, page w, page h, [CutShape]) per label page


def usable_slots(sheet: LabelSheet, cutter: Cutter | None) -> list[tuple[float, float]]:
    """The slots a label may take: all of them, less those a cutting machine's marks touch."""
    slots = sheet.slots()
    if cutter is None:
        return slots
    boxes = cutter.keep_out(*sheet.page)
    w, h = sheet.slot
    return [(x, y) for x, y in slots if not any(x < bx + bw and bx < x + w and y < by + bh and by < y + h for bx, by, bw, bh in boxes)]


CALIBRATION = "calibration · {sheet} · print at 100% on plain paper and hold it against a label sheet to the light"


def write_labels(sheet: LabelSheet, labels: list[LabelText], title: str, font_name: str, cutter: Cutter | None = None,
                 calibration: str = CALIBRATION, limit_mm: float = 0.0) -> tuple[bytes, LabelStats]:
    """The labels PDF: the labels in slot order, page after page, then the calibration page, whose line says how to
    check it (`calibration`, with `{sheet}` for the sheet's name, in the edition's language).

    Nothing is drawn within `limit_mm` of the paper's edge (the printer profile's margin and its tolerance): a label's
    words keep inside both its slot and that limit, and the calibration page's outlines are cut off at it, as the
    printer would cut them off (a label sheet's outer slots often start 5 mm from the edge or closer)."""
    page_w, page_h = sheet.page
    c, buf = new_canvas((page_w * MM, page_h * MM), font_name, f"{title} — labels", f"labels on {sheet.title}")
    slots = usable_slots(sheet, cutter)
    if not slots:
        raise ValueError(f"no slot of {sheet.title} is clear of the {cutter.name} marks")
    stats = LabelStats()
    for start in range(0, len(labels), len(slots)):
        shapes = []
        for label, (x, y) in zip(labels[start:start + len(slots)], slots, strict=False):
            draw_label(c, sheet, x, y, label, font_name, limit_mm)
            shapes.append(slot_shape(sheet, x, y))
        stats.pages += 1
        stats.pieces += len(shapes)
        if cutter is not None:
            cutter.draw_marks(c, page_w, page_h)
            if cutter.spot:
                from pnp.render.cutters import draw_cut_contour

                draw_cut_contour(c, shapes, page_h)
            stats.cuts.append((stats.pages, page_w, page_h, shapes))
        c.showPage()
    calibration_page(c, sheet, font_name, calibration, limit_mm)
    stats.pages += 1
    c.save()
    return buf.getvalue(), stats


def slot_shape(sheet: LabelSheet, x: float, y: float) -> CutShape:
    w, h = sheet.slot
    return CutShape("circle" if sheet.shape == "round" else "rectangle", x, y, w, h, sheet.corner if sheet.shape != "round" else 0.0)


def draw_label(c, sheet: LabelSheet, x: float, y: float, label: LabelText, font_name: str, limit_mm: float = 0.0) -> None:
    """A label's lines, centred in its slot (a round label's text in the square inside its circle) and clear of the
    printable limit `limit_mm`, shrunk until they fit."""
    w, h = sheet.slot
    inset = INSET_MM + (w * (1 - 0.5 ** 0.5) / 2 if sheet.shape == "round" else 0.0)
    page_w, page_h = sheet.page
    left, right = max(x + inset, limit_mm), min(x + w - inset, page_w - limit_mm)
    top_mm, bottom_mm = max(y + inset, limit_mm), min(y + h - inset, page_h - limit_mm)
    box_w, box_h = max(right - left, 1.0), max(bottom_mm - top_mm, 1.0)
    title, body = drawable(label.title, font_name), [drawable(line, font_name) for line in label.lines]
    size = 9.0
    while True:
        lines = [(text, size * 1.2) for text in simpleSplit(title, font_name, size * 1.2, box_w * MM)]
        for line in body:
            lines += [(text, size) for text in simpleSplit(line, font_name, size, box_w * MM)]
        height = sum(s * 1.15 for _, s in lines)
        if (height <= box_h * MM and all(stringWidth(t, font_name, s) <= box_w * MM for t, s in lines)) or size <= 4.0:
            break
        size -= 0.25
    top = (page_h - (top_mm + bottom_mm) / 2) * MM + height / 2
    c.setFillColorRGB(0.1, 0.1, 0.1)
    for text, s in lines:
        top -= s * 1.15
        c.setFont(font_name, s)
        c.drawCentredString((left + right) / 2 * MM, top + s * 0.2, text)


def drawable(text: str, font_name: str) -> str:
    """`text` with each character the font lacks replaced by the glyph that stands for it in the faces' text (the sans
    has no minus sign: '−2' is set with its en dash), where reportlab would otherwise drop it without a word."""
    glyphs = getFont(font_name).face.charToGlyph
    return "".join(STAND_INS[c] if c in STAND_INS and ord(c) not in glyphs else c for c in text)


def calibration_page(c, sheet: LabelSheet, font_name: str, calibration: str = CALIBRATION, limit_mm: float = 0.0) -> None:
    """Every slot's outline, as the maker's template places it (cut off at the printable limit `limit_mm`), and a line
    saying how to check it, naming the sheet in words every edition reads (LabelSheet.named)."""
    page_w, page_h = sheet.page
    c.saveState()
    clip = c.beginPath()
    clip.rect(limit_mm * MM, limit_mm * MM, (page_w - 2 * limit_mm) * MM, (page_h - 2 * limit_mm) * MM)
    c.clipPath(clip, stroke=0, fill=0)
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(OUTLINE_PT)
    for x, y in sheet.slots():
        shape = slot_shape(sheet, x, y)
        shape.stroke(c, page_h)
    c.restoreState()
    c.setFont(font_name, 7)
    c.setFillColorRGB(0.3, 0.3, 0.3)
    line_top = max(sheet.first[1] / 2 + 1.0, limit_mm + 2.5)  # mm from the top: halfway to the first row, inside the limit
    c.drawCentredString(page_w / 2 * MM, (page_h - line_top) * MM, drawable(calibration.format(sheet=sheet.named), font_name))
    c.showPage()
