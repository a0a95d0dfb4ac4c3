"""An icon in a line of text: sized against the capitals beside it, its ink (not its drawing's box) centred on them.

The typesetter (pnp.layout.typeset) sets each inline icon as one of these; where a game's icon puts its ink inside its
square is read once per icon from its drawing (`IconInk`).
"""
from __future__ import annotations

from typing import NamedTuple

FULL_INK = (0.0, 1.0)  # an icon whose drawing fills its square, top to bottom


class InlineIcon(NamedTuple):
    """An icon in a line of text, sized against the text's capitals (all in ems of the text's size), or of a size of
    its own (`:star@4mm:`) whatever the text's size."""

    name: str
    square: float  # the side of the square the icon is drawn in: at least 1, more when its drawing leaves padding (0 when fixed)
    top: float  # the square's top above the baseline; a fixed icon's middle
    fixed: float = 0.0  # points: the side of an icon of its own size, centred on the capitals


def inline_icon(name: str, cap: float, ink: tuple[float, float]) -> InlineIcon:
    """Size an icon so its ink stands at least as tall as the capitals beside it, centred on them.

    `cap` is the font's cap height and `ink` the drawing's (top, bottom) as
    fractions of its square. A drawing with padding (a donut in the middle of
    its box) grows until its ink reaches the cap height; the ink's middle sits
    on the capitals' middle, so a typical icon (ink about 0.9 em) stays within
    the line's ascent and descent and never meets the line above."""
    top, bottom = ink
    height = bottom - top
    square = max(1.0, cap / height) if height > 0 else 1.0
    middle = (top + bottom) / 2 * square
    return InlineIcon(name, square, cap / 2 + middle)


def drawing_ink(drawing) -> tuple[float, float]:
    """(top, bottom) of a reportlab Drawing's ink as fractions of the square it is fitted into, centred, as FaceDrawer draws an icon."""
    dw, dh = drawing.width, drawing.height
    bounds = drawing.getBounds() if dw and dh else None
    if not bounds:
        return FULL_INK
    scale = 1 / max(dw, dh)
    pad = (1 - dh * scale) / 2
    _, y0, _, y1 = bounds
    top = pad + (dh - min(y1, dh)) * scale
    bottom = pad + (dh - max(y0, 0)) * scale
    return (top, bottom) if bottom > top else FULL_INK


class IconInk:
    """Where each icon of one game puts its ink inside its square; read once per icon from its drawing."""

    def __init__(self, icons):
        self.icons = icons
        self._ink: dict[str, tuple[float, float]] = {}

    def __call__(self, name: str) -> tuple[float, float]:
        hit = self._ink.get(name)
        if hit is None:
            try:
                hit = drawing_ink(self.icons.drawing(name, None))
            except ValueError:  # an unreadable icon is reported where it is drawn
                hit = FULL_INK
            self._ink[name] = hit
        return hit
