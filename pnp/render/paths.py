"""Outlines of face elements on a reportlab path, and what is painted inside them: the shapes a gradient is clipped to,
a QR code's modules, and the shading itself. Face millimetres (y down) become points (y up) here."""
from __future__ import annotations

import re

from pnp.core.units import PT_PER_MM
from pnp.layout.elements import Circle, Ellipse, Gradient, Polygon, Qr, Rect
from pnp.layout.qr import QUIET_MODULES

K = PT_PER_MM


def outline(path, pts, closed: bool):
    """A polygon's outline; the path."""
    path.moveTo(pts[0][0] * K, -pts[0][1] * K)
    for px, py in pts[1:]:
        path.lineTo(px * K, -py * K)
    if closed:
        path.close()
    return path


def shape_path(path, el):
    """The outline of a rectangle (rounded or not), circle, ellipse or polygon; the path."""
    match el:
        case Rect(x, y, w, h, radius=r) if r > 0:
            path.roundRect(x * K, -(y + h) * K, w * K, h * K, r * K)
        case Rect(x, y, w, h):
            path.rect(x * K, -(y + h) * K, w * K, h * K)
        case Circle(cx, cy, r):
            path.circle(cx * K, -cy * K, r * K)
        case Ellipse(x, y, w, h):
            path.ellipse(x * K, -(y + h) * K, w * K, h * K)
        case Polygon(pts):
            outline(path, pts, True)
    return path


def qr_path(path, code: Qr):
    """A QR code's dark modules as rectangles, one for each run of them along a row, inside its quiet zone; the path."""
    module = code.size / (len(code.modules) + 2 * QUIET_MODULES) * K
    left, top = code.x * K + QUIET_MODULES * module, code.y * K + QUIET_MODULES * module
    for r, row in enumerate(code.modules):
        for run in re.finditer("1+", row):
            path.rect(left + run.start() * module, -(top + (r + 1) * module), (run.end() - run.start()) * module, module)
    return path


def shade(c, gradient: Gradient, colours: list, clip) -> None:
    """Paint `gradient` (its stops' colours as the PDF should hold them) inside the path `clip`: an axial or a radial
    shading, extended past its ends as the shape needs."""
    offsets = [t for t, _ in gradient.stops]
    c.saveState()
    c.clipPath(clip, stroke=0, fill=0)
    if gradient.kind == "radial":
        c.radialGradient(gradient.x0 * K, -gradient.y0 * K, gradient.r * K, colours, offsets, extend=True)
    else:
        c.linearGradient(gradient.x0 * K, -gradient.y0 * K, gradient.x1 * K, -gradient.y1 * K, colours, offsets, extend=True)
    c.restoreState()
