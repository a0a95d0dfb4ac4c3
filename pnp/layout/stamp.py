"""A version stamp drawn on a laid-out face: small text in a corner of the safe area."""
from __future__ import annotations

from reportlab.pdfbase.pdfmetrics import getAscentDescent, stringWidth

from pnp.core.units import PT_PER_MM
from pnp.core.units import STAMP_INSET_MM as INSET_MM
from pnp.layout.elements import STAMP_PT, Face, Text
from pnp.layout.typeset import TextOp


def stamped(face: Face, text: str, corner: str, font: str, color: str, inset: float = INSET_MM) -> Face:
    """`face` with `text` set in `corner`, its box `inset` mm in from the trim on both sides (never less than INSET_MM,
    so wholly inside the safe area).

    The text is decoration to the face checks: a stamp tells revisions apart, it is not part of the game."""
    width_mm = stringWidth(text, font, STAMP_PT) / PT_PER_MM
    ascent, descent = getAscentDescent(font, STAMP_PT)  # points; descent is negative
    height_mm = (ascent - descent) / PT_PER_MM
    left = max(inset, INSET_MM)
    x = left if corner.endswith("left") else face.w - left - width_mm
    y = left if corner.startswith("top") else face.h - left - height_mm
    op = TextOp(0.0, ascent, font, STAMP_PT, color, text, width_mm * PT_PER_MM)
    return face._replace(elements=(*face.elements, Text(x, y, (op,), decoration=True)))

