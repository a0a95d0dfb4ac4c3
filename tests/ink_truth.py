"""What the ink tests hold pnp's figures against, worked out another way than pnp.render.ink_elements and glyph_ink
do: a point along a cubic Bézier, how far points lie inside a closed polyline, a line of text's glyph areas, box
and advance as fontTools reads its font, and how deep two glyphs set side by side reach into each other."""
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
_flats: dict = {}  # (font file, character, steps) → its contours flattened and its advance (`_flat`)


def overlap_depth(font_file: Path, first: str, second: str, steps: int = 16) -> float:
    """How deep (font units) the outlines of two characters set side by side (the second one advance along) reach
    into each other: the deepest point of either outline, flattened (each curve in `steps` chords), inside the other's
    contours (even-odd); 0 where they are apart or only touch."""
    import numpy as np

    tools = _fonts.get(font_file) or _fonts.setdefault(font_file, TTFont_(font_file))
    a, advance = _flats.get((font_file, first, steps)) or _flats.setdefault((font_file, first, steps), _flat(tools, first, steps))
    b, _ = _flats.get((font_file, second, steps)) or _flats.setdefault((font_file, second, steps), _flat(tools, second, steps))
    if not a or not b:
        return 0.0
    b = [c + np.array([advance, 0.0]) for c in b]
    return max(_deepest(a, np.concatenate(b)), _deepest(b, np.concatenate(a)))


def outline_points(font_file: Path, ch: str, steps: int = 16) -> list:
    """The contours of `ch`'s glyph, flattened and with points every few font units along each side (numpy arrays)."""
    tools = _fonts.get(font_file) or _fonts.setdefault(font_file, TTFont_(font_file))
    return (_flats.get((font_file, ch, steps)) or _flats.setdefault((font_file, ch, steps), _flat(tools, ch, steps)))[0]


def units_per_em(font_file: Path) -> int:
    tools = _fonts.get(font_file) or _fonts.setdefault(font_file, TTFont_(font_file))
    return tools["head"].unitsPerEm


def TTFont_(font_file: Path):
    from fontTools.ttLib import TTFont

    return TTFont(str(font_file))


def _flat(tools, ch: str, steps: int) -> tuple[list, float]:
    """The contours of `ch`'s glyph as closed polylines (numpy arrays, font units), and its advance."""
    import numpy as np
    from fontTools.pens.basePen import BasePen

    class Flat(BasePen):
        def __init__(self, glyphs):
            super().__init__(glyphs)
            self.contours, self.points = [], []

        def _moveTo(self, p):
            self.points = [p]

        def _lineTo(self, p):
            self.points.append(p)

        def _qCurveToOne(self, p1, p2):
            p0 = self.points[-1]
            self.points += [tuple((1 - t) ** 2 * p0[i] + 2 * (1 - t) * t * p1[i] + t * t * p2[i] for i in (0, 1)) for t in (k / steps for k in range(1, steps + 1))]

        def _curveToOne(self, p1, p2, p3):
            self.points += [bezier((self.points[-1], p1, p2, p3), k / steps) for k in range(1, steps + 1)]

        def _closePath(self):
            if len(self.points) > 2:
                self.contours.append(_dense(np.array(self.points, dtype=float)))
            self.points = []

        _endPath = _closePath

    glyphs, name = tools.getGlyphSet(), tools.getBestCmap()[ord(ch)]
    pen = Flat(glyphs)
    glyphs[name].draw(pen)
    return pen.contours, tools["hmtx"][name][0]


def _dense(contour, spacing: float = 8.0):
    """A closed polyline with points added along each side, at most `spacing` apart: two outlines whose sides cross
    (an italic A's leg over the next one's) show a point of one inside the other, not only where a corner lies."""
    import numpy as np

    ends = np.roll(contour, -1, axis=0)
    parts = []
    for a, b in zip(contour, ends, strict=True):
        n = max(1, int(np.ceil(np.hypot(*(b - a)) / spacing)))
        parts.append(a + (b - a) * (np.arange(n)[:, None] / n))
    return np.concatenate(parts)


def _deepest(contours: list, points) -> float:
    """The greatest distance of any of `points` inside the shape `contours` make (even-odd), to its nearest edge; 0 for none inside."""
    import numpy as np

    low, high = np.concatenate(contours).min(axis=0), np.concatenate(contours).max(axis=0)
    points = points[((points >= low) & (points <= high)).all(axis=1)]  # only a point within the shape's box may lie inside it
    if not len(points):
        return 0.0
    px, py = points[:, 0][:, None], points[:, 1][:, None]
    crossings = np.zeros(len(points), dtype=int)
    nearest = np.full(len(points), np.inf)
    for c in contours:
        a, b = c, np.roll(c, -1, axis=0)
        crossings += (((a[:, 1] > py) != (b[:, 1] > py)) & (px < (b[:, 0] - a[:, 0]) * (py - a[:, 1]) / (b[:, 1] - a[:, 1] + 1e-300) + a[:, 0])).sum(axis=1)
        d = b - a
        t = np.clip(((px - a[:, 0]) * d[:, 0] + (py - a[:, 1]) * d[:, 1]) / np.maximum((d ** 2).sum(axis=1), 1e-300), 0, 1)
        nearest = np.minimum(nearest, np.hypot(a[:, 0] + t * d[:, 0] - px, a[:, 1] + t * d[:, 1] - py).min(axis=1))
    inside = crossings % 2 == 1
    return float(nearest[inside].max()) if inside.any() else 0.0
