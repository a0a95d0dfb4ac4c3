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

from reportlab.pdfbase.pdfmetrics import getFont

from pnp.core.errors import Loc
from pnp.core.shapes import Shape
from pnp.data.label_sheets import LabelSheet
from pnp.layout.typeset import STAND_INS
from pnp.render.cutters import MM, CutShape, Cutter
from pnp.render.draw import FaceDrawer
from pnp.render.pdf import draw_line, new_canvas

INSET_MM = 2.0  # text keeps this far inside a slot (label stock shifts by up to 1 mm)
OUTLINE_PT = 0.4


@dataclass(frozen=True)
class LabelText:
    """One label: a title line, the lines under it, and how it looks (its pieces' icon, a palette colour), for its template."""

    title: str
    lines: tuple[str, ...]
    icon: str | None = None
    tint: str = "accent"
    kind: str = "deck"  # deck | tokens | extra (a label the game adds)
    at: Loc | None = None  # where its title is written (a deck's or token set's name), for a finding about it


@dataclass
class LabelStats:
    pages: int = 0
    pieces: int = 0
    cuts: list[tuple] = field(default_factory=list)  # (page number, page w, page h, [CutShape]) per label page


def usable_slots(sheet: LabelSheet, cutter: Cutter | None) -> list[tuple[float, float]]:
    """The slots a label may take: all of them, less those that come within a cutting machine's clearance around its
    marks (its `keep_out`: each mark grown by CLEAR_MM, as for every other piece)."""
    slots = sheet.slots()
    if cutter is None:
        return slots
    boxes = cutter.keep_out(*sheet.page)
    w, h = sheet.slot
    return [(x, y) for x, y in slots if not any(x < bx + bw and bx < x + w and y < by + bh and by < y + h for bx, by, bw, bh in boxes)]


@dataclass(frozen=True)
class LabelPrint:
    """What a labels PDF is printed with besides its sheet and faces: the game's title, its body font (and the font
    that stands in for a glyph it lacks) and icons; the cutting machine whose marks it carries; the calibration page's
    line as it prints (the edition's words naming the sheet: pnp.outputs.labels); and the printer's limit.

    Nothing is drawn within `limit_mm` of the paper's edge (the printer profile's margin and its tolerance): the faces
    are sized to the part of their slot inside it, and the calibration page's outlines are cut off at it, as the
    printer would cut them off (a label sheet's outer slots often start 5 mm from the edge or closer)."""

    title: str
    font_name: str
    icons: object
    calibration: str
    fallback: object = None
    cutter: Cutter | None = None
    limit_mm: float = 0.0


def write_labels(sheet: LabelSheet, faces: list, slots: list[tuple[float, float]], how: LabelPrint) -> tuple[bytes, LabelStats]:
    """The labels PDF: the label faces (face, dx, dy: drawn at `label_box`'s offset in their slot; None for a label
    whose template failed) in slot order, page after page, then the calibration page, whose line says how to check it."""
    title, font_name, cutter = how.title, how.font_name, how.cutter
    page_w, page_h = sheet.page
    c, buf = new_canvas((page_w * MM, page_h * MM), font_name, f"{title} — labels", f"labels on {sheet.title}", how.fallback)
    drawer = FaceDrawer(c, how.icons)
    stats = LabelStats()
    for start in range(0, len(faces), len(slots)):
        shapes = []
        for placed, (x, y) in zip(faces[start:start + len(slots)], slots, strict=False):
            if placed is not None:
                face, dx, dy = placed
                drawer.draw_face(face, (x + dx) * MM, (page_h - y - dy - face.h) * MM, False)
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
    calibration_page(c, sheet, font_name, how.calibration, how.limit_mm)
    stats.pages += 1
    c.save()
    return buf.getvalue(), stats


def label_box(sheet: LabelSheet, x: float, y: float, limit_mm: float = 0.0) -> tuple[float, float, float, float]:
    """Where a label's face lies in the slot at (x, y): (dx, dy) from the slot's top-left corner, width and height, in mm.
    It keeps INSET_MM inside the slot (label stock shifts in the printer; a round label's face is the square inside its
    circle) and inside the printable limit `limit_mm`."""
    w, h = sheet.slot
    inset = INSET_MM + (w * (1 - 0.5 ** 0.5) / 2 if sheet.shape == "round" else 0.0)
    page_w, page_h = sheet.page
    left, right = max(x + inset, limit_mm), min(x + w - inset, page_w - limit_mm)
    top, bottom = max(y + inset, limit_mm), min(y + h - inset, page_h - limit_mm)
    return left - x, top - y, round(max(right - left, 1.0), 3), round(max(bottom - top, 1.0), 3)


def slot_shape(sheet: LabelSheet, x: float, y: float) -> CutShape:
    w, h = sheet.slot
    return CutShape(Shape("circle") if sheet.shape == "round" else Shape("rounded", sheet.corner), x, y, w, h)


def drawable(text: str, font_name: str) -> str:
    """`text` with each character the font lacks replaced by the glyph that stands for it in the faces' text (the sans
    has no minus sign: '−2' is set with its en dash), where reportlab would otherwise drop it without a word."""
    glyphs = getFont(font_name).face.charToGlyph
    return "".join(STAND_INS[c] if c in STAND_INS and ord(c) not in glyphs else c for c in text)


def calibration_page(c, sheet: LabelSheet, font_name: str, calibration: str, limit_mm: float = 0.0) -> None:
    """Every slot's outline, as the maker's template places it (cut off at the printable limit `limit_mm`), and the
    line `calibration` saying how to check it."""
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
    draw_line(c, page_w / 2 * MM, (page_h - line_top) * MM, drawable(calibration, font_name), font_name, 7, "centre")
    c.showPage()
