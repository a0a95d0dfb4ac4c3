"""Inspect laid-out faces for what a printer would show: art past the bleed, text past the safe area, blurry images."""
from __future__ import annotations

import math
from pathlib import Path

from pnp.core.errors import Finding, Loc, warning
from pnp.core.units import BLEED_MM, PT_PER_MM, SAFE_MM
from pnp.layout.elements import Circle, Ellipse, Group, Icon, Image, Line, Polygon, Rect, Text
from pnp.layout.typeset import TextOp

SLACK_MM = 0.5  # strokes and rounding may pass a limit by this much unremarked
MIN_DPI = 150
KIND_NAMES = {Rect: "rect", Ellipse: "ellipse", Image: "image", Icon: "icon"}


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
        match el:
            case Rect(x, y, w, h) | Ellipse(x, y, w, h) | Image(_, x, y, w, h) | Icon(_, _, x, y, w, h):
                yield box(KIND_NAMES[type(el)], x, y, x + w, y + h)
            case Circle(cx, cy, r):
                yield box("circle", cx - r, cy - r, cx + r, cy + r)
            case Line(x1, y1, x2, y2):
                yield box("line", min(x1, x2), min(y1, y2), max(x1, x2), max(y1, y2))
            case Polygon(points):
                xs = [p[0] for p in points]
                ys = [p[1] for p in points]
                yield box("polygon", min(xs), min(ys), max(xs), max(ys))
            case Text(x, y, ops):
                yield from (box("text", *_op_box(op, x, y)) for op in ops)
            case Group(gx, gy, rot, scale, children):
                yield from face_bounds(children, _compose(transform, gx, gy, rot, scale))


def _op_box(op, x: float, y: float) -> tuple[float, float, float, float]:
    """A text run by its glyph extents (an inline icon by its square), in mm from the text element's origin."""
    if type(op) is TextOp:
        x0 = x + op.x / PT_PER_MM
        top = y + (op.y - op.size * 0.75) / PT_PER_MM
        return x0, top, x0 + op.w / PT_PER_MM, y + (op.y + op.size * 0.2) / PT_PER_MM
    x0, y0 = x + op.x / PT_PER_MM, y + op.y / PT_PER_MM
    return x0, y0, x0 + op.size / PT_PER_MM, y0 + op.size / PT_PER_MM


def _compose(transform, gx: float, gy: float, rot: float, scale: float) -> tuple:
    """The parent transform followed by a group's own: child (u, v) → (gx + u cos − v sin, gy + u sin + v cos)."""
    a, b, c, d, e, f = transform
    cos, sin = math.cos(math.radians(rot)) * scale, math.sin(math.radians(rot)) * scale
    inner = (cos, sin, -sin, cos, gx, gy)
    return (
        a * inner[0] + c * inner[1],
        b * inner[0] + d * inner[1],
        a * inner[2] + c * inner[3],
        b * inner[2] + d * inner[3],
        a * inner[4] + c * inner[5] + e,
        b * inner[4] + d * inner[5] + f,
    )


def printed_dpi(iw: int, ih: int, w: float, h: float, fit: str) -> float:
    """The pixels per inch an iw × ih px image prints at in a w × h mm box.

    `contain` scales the image until its longer side (relative to the box) fits,
    so the box's tighter axis sets the size and the other axis has pixels to
    spare: the print has max over axes of px / inch. `cover` scales until the
    box is filled, so the looser axis sets the size and the other is cropped:
    min over axes. `stretch` prints each axis at its own density; the lower one blurs."""
    per_axis = (iw / (w / 25.4), ih / (h / 25.4))
    return max(per_axis) if fit == "contain" else min(per_axis)


def _image_dpi(elements):
    for el in elements:
        match el:
            case Image((path, iw, ih), _, _, w, h, fit):
                yield path, printed_dpi(iw, ih, w, h, fit)
            case Group(children=children):
                yield from _image_dpi(children)


def render_findings(face, what: str, template: str, loc: Loc, game: str, root: Path | None = None) -> list[Finding]:
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
        if root is not None and Path(path).is_relative_to(root):
            path = Path(path).relative_to(root).as_posix()  # messages name project files as the data does
        if dpi < MIN_DPI:
            out.append(warning("image-low-dpi", f"image {path} prints at {dpi:.0f} dpi, below {MIN_DPI} ({template}): use a larger image", loc, game=game, component=what))
    return out
