"""A version stamp drawn on a laid-out face: small text in a corner of the safe area.

A round or hex card has no corner there: its box's corner lies outside the cut, where the stamp printed as a fragment
at the edge. Its stamp moves from the box's corner straight towards the centre until its whole box is `inset` inside
the cut (pnp.core.shapes.Shape.depth), which keeps it as near the corner asked for as the shape allows."""
from __future__ import annotations

from reportlab.pdfbase.pdfmetrics import getAscentDescent, stringWidth

from pnp.core.shapes import RECTANGLE, Shape
from pnp.core.units import PT_PER_MM
from pnp.core.units import STAMP_INSET_MM as INSET_MM
from pnp.layout.elements import STAMP_PT, Face, Qr, Text
from pnp.layout.qr import MIN_MODULE_MM, QUIET_MODULES, qr_modules
from pnp.layout.typeset import TextOp

STEPS = 200  # positions tried from the corner to the centre: 0.2 mm apart on a 60 mm card
QR_MODULE_MM = round(MIN_MODULE_MM + 0.004, 3)  # 0.4 mm: GS1's smallest module a phone reads, no larger, as a stamp stays small
QR_INK, QR_GROUND = "#000000", "#ffffff"  # the most contrast a printer gives, whatever the card's colours


def stamped(face: Face, text: str, corner: str, font: str, color: str, inset: float = INSET_MM, shape: Shape = RECTANGLE,
            link: str | None = None) -> Face:
    """`face` with `text` set in `corner`, its box `inset` mm in from the trim on both sides (never less than INSET_MM,
    so wholly inside the safe area); on a `shape` whose cut leaves that corner (a circle, a hexagon), moved towards the
    centre until its box is that far inside the cut. With a `link`, a QR code of it sits in the corner and the text
    beside it, the code's square (its quiet zone too) inside the safe area like the text.

    The stamp is decoration to the face checks: it tells revisions apart, it is not part of the game."""
    return Stamping(corner, font, color, inset, shape)(face, text, link)


class Stamping:
    """`stamped` for the faces of one deck: its font's height and its corner worked out once, each face's stamp from
    its text and link."""

    def __init__(self, corner: str, font: str, color: str, inset: float = INSET_MM, shape: Shape = RECTANGLE):
        self.corner, self.font, self.color, self.shape = corner, font, color, shape
        self.ascent, descent = getAscentDescent(font, STAMP_PT)  # points; descent is negative
        self.height_mm = (self.ascent - descent) / PT_PER_MM
        self.left = max(inset, INSET_MM)
        self.at_left, self.at_top = corner.endswith("left"), corner.startswith("top")

    def __call__(self, face: Face, text: str, link: str | None = None) -> Face:
        width_mm = stringWidth(text, self.font, STAMP_PT) / PT_PER_MM
        height_mm, left = self.height_mm, self.left
        modules = qr_modules(link, "l") if link else ()  # segno raises the level where the same size allows
        side = (len(modules) + 2 * QUIET_MODULES) * QR_MODULE_MM if modules else 0.0
        box_w, box_h = side + width_mm, max(side, height_mm)
        x = left if self.at_left else face.w - left - box_w
        y = left if self.at_top else face.h - left - box_h
        if not self.shape.straight:  # a circle, a hexagon, a drawn outline
            x, y = _inside(self.shape, face.w, face.h, x, y, box_w, box_h, left)
        qr_x, text_x = (x, x + side) if self.at_left else (x + width_mm, x)
        qr_y, text_y = (y, y) if self.at_top else (y + box_h - side, y + box_h - height_mm)
        op = TextOp(0.0, self.ascent, self.font, STAMP_PT, self.color, text, width_mm * PT_PER_MM)
        code = (Qr(qr_x, qr_y, side, modules, QR_INK, QR_GROUND),) if modules else ()
        return Face(face.w, face.h, face.bleed, (*face.elements, *code, Text(text_x, text_y, (op,), decoration=True)), face.icons)


def qr_fits(w: float, h: float, text: str, font: str, link: str, inset: float = INSET_MM) -> bool:
    """Whether a QR stamp of `link` with `text` beside it fits a `w` × `h` mm face inside its safe area (a shaped card's
    cut, which takes more room, is met by moving the stamp in: `_inside`)."""
    side = (len(qr_modules(link, "l")) + 2 * QUIET_MODULES) * QR_MODULE_MM
    room = 2 * max(inset, INSET_MM)
    return side + stringWidth(text, font, STAMP_PT) / PT_PER_MM <= w - room and side <= h - room


def _inside(shape: Shape, w: float, h: float, x: float, y: float, box_w: float, box_h: float, inset: float) -> tuple[float, float]:
    """The first place on the way from (x, y) to the centred box whose corners and the middles of its sides all lie
    `inset` mm inside the cut (a drawn outline's notch may reach between two corners)."""
    depth = shape.depth(w, h)
    cx, cy = (w - box_w) / 2, (h - box_h) / 2
    for step in range(STEPS + 1):
        t = step / STEPS
        px, py = x + (cx - x) * t, y + (cy - y) * t
        if min(depth(px + dx, py + dy) for dx in (0.0, box_w / 2, box_w) for dy in (0.0, box_h / 2, box_h)) >= inset:
            return px, py
    return cx, cy
