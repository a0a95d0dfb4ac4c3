"""Inspect laid-out faces for what a printer would show: art past the bleed, text past the safe area, blurry images."""
from __future__ import annotations

import math

from pnp.core.errors import Finding, Loc, warning
from pnp.core.units import BLEED_MM, PT_PER_MM, SAFE_MM

SLACK_MM = 0.5  # strokes and rounding may pass a limit by this much unremarked
MIN_DPI = 150


def face_bounds(elements, transform=(1, 0, 0, 1, 0, 0)):
    """Yield (kind, x0, y0, x1, y1) in face mm for every element (text by its glyph extents)."""
    a, b, c, d, e, f = transform

    def apply(x, y):
        return a * x + c * y + e, b * x + d * y + f

    def box(kind, x0, y0, x1, y1):
        pts = [apply(x0, y0), apply(x1, y0), apply(x0, y1), apply(x1, y1)]
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        return (kind, min(xs), min(ys), max(xs), max(ys))

    for el in elements:
        kind = el[0]
        if kind in ("rect", "ellipse"):
            _, x, y, w, h = el[:5]
            yield box(kind, x, y, x + w, y + h)
        elif kind == "icon":
            _, _, _, x, y, w, h = el
            yield box(kind, x, y, x + w, y + h)
        elif kind == "image":
            _, _, x, y, w, h, _ = el
            yield box(kind, x, y, x + w, y + h)
        elif kind == "circle":
            _, cx, cy, r = el[:4]
            yield box(kind, cx - r, cy - r, cx + r, cy + r)
        elif kind == "line":
            _, x1, y1, x2, y2 = el[:5]
            yield box(kind, min(x1, x2), min(y1, y2), max(x1, x2), max(y1, y2))
        elif kind == "poly":
            xs = [p[0] for p in el[1]]
            ys = [p[1] for p in el[1]]
            yield box(kind, min(xs), min(ys), max(xs), max(ys))
        elif kind == "text":
            _, x, y, ops = el[:4]
            for op in ops:
                if hasattr(op, "text"):
                    x0 = x + op.x / PT_PER_MM
                    top = y + (op.y - op.size * 0.75) / PT_PER_MM
                    yield box("text", x0, top, x0 + op.w / PT_PER_MM, y + (op.y + op.size * 0.2) / PT_PER_MM)
                else:
                    x0, y0 = x + op.x / PT_PER_MM, y + op.y / PT_PER_MM
                    yield box("text", x0, y0, x0 + op.size / PT_PER_MM, y0 + op.size / PT_PER_MM)
        elif kind == "group":
            _, gx, gy, rot, scale, children = el
            cos, sin = math.cos(math.radians(rot)) * scale, math.sin(math.radians(rot)) * scale
            # child (u, v) → (gx + u cos − v sin, gy + u sin + v cos), then the parent transform
            inner = (cos, sin, -sin, cos, gx, gy)
            na = a * inner[0] + c * inner[1]
            nb = b * inner[0] + d * inner[1]
            nc = a * inner[2] + c * inner[3]
            nd = b * inner[2] + d * inner[3]
            ne = a * inner[4] + c * inner[5] + e
            nf = b * inner[4] + d * inner[5] + f
            yield from face_bounds(children, (na, nb, nc, nd, ne, nf))


def _image_dpi(elements):
    for el in elements:
        if el[0] == "image":
            _, (path, iw, ih), x, y, w, h, fit = el
            dpi = min(iw / (w / 25.4), ih / (h / 25.4)) if fit != "cover" else max(iw / (w / 25.4), ih / (h / 25.4))
            yield path, dpi
        elif el[0] == "group":
            yield from _image_dpi(el[5])


def render_findings(face, what: str, template: str, loc: Loc, game: str) -> list[Finding]:
    """Warnings a printer would see: art past the bleed, text past the safe area, blurry images."""
    out = []
    w, h = face.w, face.h
    bleed = max(face.bleed, BLEED_MM)
    reported = set()
    for kind, x0, y0, x1, y1 in face_bounds(face.elements):
        if kind == "text":
            if (x0 < SAFE_MM - SLACK_MM or y0 < SAFE_MM - SLACK_MM or x1 > w - SAFE_MM + SLACK_MM or y1 > h - SAFE_MM + SLACK_MM) and "safe" not in reported:
                reported.add("safe")
                out.append(warning("text-outside-safe-area", f"text reaches {max(SAFE_MM - x0, SAFE_MM - y0, x1 - (w - SAFE_MM), y1 - (h - SAFE_MM)):.1f} mm into the {SAFE_MM:g} mm margin inside the trim, where a cut may clip it ({template}): move it inward", loc, game=game, component=what))
        elif (x0 < -bleed - SLACK_MM or y0 < -bleed - SLACK_MM or x1 > w + bleed + SLACK_MM or y1 > h + bleed + SLACK_MM) and "bleed" not in reported:
            reported.add("bleed")
            out.append(warning("outside-bleed", f"a {kind} reaches past the {bleed:g} mm bleed and will be cut off ({template}): keep art within -face.bleed … face.w + face.bleed", loc, game=game, component=what))
    for path, dpi in _image_dpi(face.elements):
        if dpi < MIN_DPI:
            out.append(warning("image-low-dpi", f"image {path} prints at {dpi:.0f} dpi, below {MIN_DPI} ({template}): use a larger image", loc, game=game, component=what))
    return out
