"""A version stamp drawn on a laid-out face: small text, and with a feedback link a QR code, where the face prints nothing.

The stamp tells printings apart; it is no part of the game, so it never covers a rule or a picture. Its text goes to
the free place nearest the deck's corner, then its QR code to the free place nearest that corner besides, each inside
the safe area (`inset` mm inside the trim, and on a round, hex or outline card that far inside its cut) and clear of
everything the face draws (pnp.layout.free_room). A part with no such place is left off the face, and the caller is
told which and how much room it needed (`Stamped`), to say so once for the deck."""
from __future__ import annotations

from typing import NamedTuple

from reportlab.pdfbase.pdfmetrics import getAscentDescent, stringWidth

from pnp.core.shapes import RECTANGLE, Shape
from pnp.core.units import PT_PER_MM
from pnp.core.units import STAMP_INSET_MM as INSET_MM
from pnp.layout.elements import STAMP_PT, Face, Qr, Text
from pnp.layout.free_room import CLEAR_MM, Room, ink_boxes
from pnp.layout.inspect import GLYPH_ABOVE, GLYPH_BELOW
from pnp.layout.qr import MIN_MODULE_MM, QUIET_MODULES, qr_modules
from pnp.layout.typeset import TextOp

QR_MODULE_MM = round(MIN_MODULE_MM + 0.004, 3)  # 0.4 mm: GS1's smallest module a phone reads, no larger, as a stamp stays small
QR_INK, QR_GROUND = "#000000", "#ffffff"  # the most contrast a printer gives, whatever the card's colours


class LeftOut(NamedTuple):
    """A part of a stamp that found no free place on its face: `part` ("text" or "QR code") and the w × h mm it needs."""

    part: str
    w: float
    h: float
    modules: int = 0  # a QR code's modules a side, without its quiet zone


class Stamped(NamedTuple):
    face: Face
    left_out: LeftOut | None  # None: the whole stamp is on the face


def stamped(face: Face, text: str, corner: str, font: str, color: str, inset: float = INSET_MM, shape: Shape = RECTANGLE,
            link: str | None = None) -> Face:
    """`face` with `text` set at the free place nearest `corner`, its box at least `inset` mm in from the trim (never
    less than INSET_MM, so wholly inside the safe area) and inside the cut of a `shape` that leaves the corner (a
    circle, a hexagon, an outline). With a `link`, a QR code of it (its quiet zone too) at the next free place."""
    return Stamping(corner, font, color, inset, shape).place(face, text, link).face


def qr_side(link: str) -> tuple[float, int]:
    """The side (mm) of the square a QR stamp of `link` takes, its quiet zone included, and its modules a side: the
    smallest code segno makes of it, each module QR_MODULE_MM."""
    modules = len(qr_modules(link, "l"))  # segno raises the level where the same size allows
    return (modules + 2 * QUIET_MODULES) * QR_MODULE_MM, modules


class Stamping:
    """`stamped` for the faces of one deck: its font's height, its corner and the room its shape leaves worked out
    once, each face's stamp from its text, its link and what the face draws."""

    def __init__(self, corner: str, font: str, color: str, inset: float = INSET_MM, shape: Shape = RECTANGLE, size: float = STAMP_PT):
        """`size`: the text's size in pt, STAMP_PT but where a print shop prints no text that small (its smallest)."""
        self.corner, self.font, self.color, self.shape, self.size = corner, font, color, shape, size
        self.ascent, _ = getAscentDescent(font, size)  # points, from the text's top to its baseline
        # the box the stamp's glyphs fill, as every text's on the face is measured (pnp.layout.inspect.face_bounds)
        self.height_mm = (GLYPH_ABOVE + GLYPH_BELOW) * size / PT_PER_MM
        self.glyph_top_mm = (self.ascent - GLYPH_ABOVE * size) / PT_PER_MM
        self.inset = max(inset, INSET_MM)
        self.rooms: dict[tuple[float, float], Room] = {}

    def room(self, w: float, h: float) -> Room:
        room = self.rooms.get((w, h))
        if room is None:
            room = self.rooms[(w, h)] = Room(w, h, self.shape, self.inset, self.corner)
        return room

    def place(self, face: Face, text: str, link: str | None = None) -> Stamped:
        """The face with as much of its stamp as finds room: the text, then the QR code; what did not, if anything."""
        room = self.room(face.w, face.h)
        ink = ink_boxes(face.elements, face.w, face.h, self.inset)
        width_mm = stringWidth(text, self.font, self.size) / PT_PER_MM
        spot = room.place(ink, width_mm, self.height_mm)
        if spot is None:
            return Stamped(face, LeftOut("text", width_mm, self.height_mm))
        op = TextOp(0.0, self.ascent, self.font, self.size, self.color, text, width_mm * PT_PER_MM)
        label = Text(spot.x, spot.y - self.glyph_top_mm, (op,), decoration=True)
        code, left_out = (), None
        if link:
            side, modules = qr_side(link)
            at = room.place([*ink, (spot.x, spot.y, spot.x + width_mm, spot.y + self.height_mm)], side, side)
            if at is None:
                left_out = LeftOut("QR code", side, side, modules)
            else:
                code = (Qr(at.x, at.y, side, qr_modules(link, "l"), QR_INK, QR_GROUND),)
        # the text last: pnp.layout.elements.without_stamp takes it off for the face's digest
        return Stamped(Face(face.w, face.h, face.bleed, (*face.elements, *code, label), face.icons), left_out)


__all__ = ["CLEAR_MM", "INSET_MM", "QR_MODULE_MM", "LeftOut", "Stamped", "Stamping", "qr_side", "stamped"]
