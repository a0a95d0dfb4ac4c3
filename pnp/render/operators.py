"""The PDF operators a drawer writes for every card, each spelled once: a text's origin, a font at a size, a face's
frame, a form's placing.

reportlab spells a number with `fp_str`, which costs about as much as the rest
of writing a text run together (a dozen calls a card). A deck's
cards put their texts and frames at the same few places in the same few
fonts: the title at one origin, the body's lines at a few, every front at one
of nine slots. So each operator is spelled by `fp_str` the first time and
looked up after: the same string, the same bytes.
"""
from __future__ import annotations

from reportlab.lib.colors import CMYKColor
from reportlab.lib.rl_accel import fp_str

MAX_SPELLED = 4096  # operators a drawer keeps of each kind: past this (a deck of texts at ever new places) it starts again


class Spelled:
    """One PDF's operator strings by their numbers, as reportlab would write them."""

    def __init__(self):
        self.origins: dict[tuple[float, float], str] = {}
        self._fonts: dict[tuple[str, float], str] = {}
        self._frames: dict[tuple, str] = {}
        self._placings: dict[tuple, str] = {}

    def origin(self, x: float, y: float) -> str:
        """A text line's origin, `1 0 0 1 x y Tm`: callers look `origins` up first, and this is its miss."""
        return _kept(self.origins, (x, y), lambda: f"1 0 0 1 {fp_str(x, y)} Tm")

    def font(self, name: str, size: float) -> str:
        """A font subset at a size: `/F1+0 9 Tf`."""
        op = self._fonts.get((name, size))
        return op if op is not None else _kept(self._fonts, (name, size), lambda: f"{name} {fp_str(size)} Tf")

    def frame(self, x: float, y: float, w: float, h: float, b: float) -> str:
        """A face drawn inline: its trim's bottom-left moved to (x, y), clipped to its bleed box (w × h with `b` all
        round), the origin at the trim's top-left; the caller writes `Q` after its elements."""
        key = (x, y, w, h, b)
        op = self._frames.get(key)
        return op if op is not None else _kept(self._frames, key, lambda: f"q 1 0 0 1 {fp_str(x, y)} cm {fp_str(-b, -b, w + 2 * b, h + 2 * b)} re W n 1 0 0 1 0 {fp_str(h)} cm")

    def placing(self, sx: float, sy: float, x: float, y: float) -> str:
        """A form's placing: scaled by (sx, sy), its origin at (x, y), in a `q` the caller closes."""
        key = (sx, sy, x, y)
        op = self._placings.get(key)
        return op if op is not None else _kept(self._placings, key, lambda: f"q {fp_str(sx, 0, 0, sy, x, y)} cm")


def clip_operators(x: float, y: float, w: float, h: float) -> str:
    """Clip what follows to a box given from its top-left corner, y downwards, as a face's elements are: `re W n`."""
    return f"{fp_str(x, -(y + h), w, h)} re W n"


def _kept(table: dict, key, spell) -> str:
    """`spell()`, kept in `table` under `key`; a full table starts again."""
    if len(table) >= MAX_SPELLED:
        table.clear()
    op = table[key] = spell()
    return op


def fill_operator(value) -> str | None:
    """The operator that sets a reportlab colour as the fill, as `setFillColor` writes it; None for a translucent one."""
    if getattr(value, "alpha", 1) not in (None, 1):
        return None
    if isinstance(value, CMYKColor):
        d = value.density
        return f"{fp_str(d * value.cyan, d * value.magenta, d * value.yellow, d * value.black)} k"
    return f"{fp_str(value.red, value.green, value.blue)} rg"
