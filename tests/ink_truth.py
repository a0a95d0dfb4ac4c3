"""What the ink tests hold pnp's figures against, worked out another way than pnp.render.ink_elements and glyph_ink
do: a point along a cubic Bézier, how far points lie inside a closed polyline, and a line of text's glyph areas, box
and advance as fontTools reads its font."""
from __future__ import annotations

from pathlib import Path


def bezier(p, t: float) -> tuple[float, float]:
    """The point at `t` along the cubic Bézier with control points p[0] … p[3]."""
    u = 1 - t
    return tuple(u ** 3 * p[0][i] + 3 * u * u * t * p[1][i] + 3 * u * t * t * p[2][i] + t ** 3 * p[3][i] for i in (0, 1))


def depths(outline, px, py):
    """How far each point (numpy arrays `px`, `py` of one shape) lies inside the closed polyline `outline`: its distance
    to the nearest side, negative outside (even-odd rule)."""
    import numpy as np

    a = np.array(outline)
    b = np.roll(a, -1, axis=0)
    px, py = np.asarray(px, dtype=float)[..., None], np.asarray(py, dtype=float)[..., None]
    crossing = ((a[:, 1] > py) != (b[:, 1] > py)) & (px < (b[:, 0] - a[:, 0]) * (py - a[:, 1]) / (b[:, 1] - a[:, 1] + 1e-300) + a[:, 0])
    d = b - a
    t = np.clip(((px - a[:, 0]) * d[:, 0] + (py - a[:, 1]) * d[:, 1]) / (d ** 2).sum(axis=1), 0, 1)
    far = np.hypot(a[:, 0] + t * d[:, 0] - px, a[:, 1] + t * d[:, 1] - py).min(axis=-1)
    return np.where(crossing.sum(axis=-1) % 2 == 1, far, -far)


def glyph_truth(font_file: Path, text: str) -> tuple[float, tuple[float, float, float, float] | None, float]:
    """(area, box, advance) of `text` set at 1 pt by fontTools: its glyphs' outline areas summed (AreaPen), the union of
    their bounds each moved along by the advances before it (BoundsPen), and the advances summed (no kerning, as
    reportlab sets a string); box None for a line that prints no glyph."""
    from fontTools.pens.areaPen import AreaPen
    from fontTools.pens.boundsPen import BoundsPen
    from fontTools.ttLib import TTFont

    tools = _fonts.get(font_file) or _fonts.setdefault(font_file, TTFont(str(font_file)))
    glyphs, cmap, em, hmtx = tools.getGlyphSet(), tools.getBestCmap(), tools["head"].unitsPerEm, tools["hmtx"]
    area, boxes, pen_x = 0.0, [], 0
    for ch in text:
        name = cmap[ord(ch)]
        areas, bounds = AreaPen(glyphs), BoundsPen(glyphs)
        glyphs[name].draw(areas)
        glyphs[name].draw(bounds)
        area += abs(areas.value)
        if bounds.bounds is not None:
            x0, y0, x1, y1 = bounds.bounds
            boxes.append((pen_x + x0, y0, pen_x + x1, y1))
        pen_x += hmtx[name][0]
    box = None if not boxes else (min(b[0] for b in boxes) / em, min(b[1] for b in boxes) / em, max(b[2] for b in boxes) / em, max(b[3] for b in boxes) / em)
    return area / em / em, box, pen_x / em


_fonts: dict = {}  # font file → fontTools' reading of it, for the test run
