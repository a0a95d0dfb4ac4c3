"""The rulebook's page geometry: a page, its margins and body columns, on Letter or A4 or a booklet's half sheet."""
from __future__ import annotations

from dataclasses import dataclass

from pnp.core.units import paper_size
from pnp.render.text_setting import K


@dataclass(frozen=True)
class Geometry:
    """A page, its margins and its body columns, in points."""

    w: float
    h: float
    left: float
    right: float
    top: float
    bottom: float
    columns: int = 1
    gutter: float = 0.0

    @property
    def frame(self) -> tuple:
        return self.left, self.bottom, self.w - self.left - self.right, self.h - self.top - self.bottom

    @property
    def column_w(self) -> float:
        return (self.frame[2] - self.gutter * (self.columns - 1)) / self.columns

    def column_frames(self) -> list[tuple]:
        """(x, y, w, h) of each body column, left to right."""
        x, y, _, h = self.frame
        return [(x + n * (self.column_w + self.gutter), y, self.column_w, h) for n in range(self.columns)]


def geometry(paper: str, booklet: bool = False, large: bool = False) -> Geometry:
    """Letter or A4 pages in two columns (one in large print); a booklet page (half the sheet, printed landscape and
    folded) in one.

    Lines stay under about 75 characters, the longest a reader follows without
    losing the line: a full Letter or A4 width at 10 pt holds about 100, each of
    two columns about 50, and a booklet's half page about 65; at large print's
    14 pt the full width holds about 70."""
    pw, ph = paper_size(paper)
    if booklet:
        pw, ph = ph / 2, pw
        return Geometry(pw * K, ph * K, 14 * K, 14 * K, 17 * K, 15 * K)
    return Geometry(pw * K, ph * K, 20 * K, 20 * K, 22 * K, 20 * K, columns=1 if large else 2, gutter=7 * K)
