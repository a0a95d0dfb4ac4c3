"""Gradient fills: `gradient(colours, angle=90)` in a template, placed on the shape it fills, and the colours it
prints at a point or across a mark, for the checks that read a face's colours (contrast, slivers, the ink saver).

A PDF axial or radial shading interpolates its colours channel by channel between stops (a Type 2 function with
exponent 1 in the shading's colour space), and so does `colour_at`: what the checks read is what prints.
"""
from __future__ import annotations

import itertools
import math
from typing import NamedTuple

from pnp.core.colour import hex_of, luminance, rgb
from pnp.core.errors import LayoutError
from pnp.layout.elements import Circle, Ellipse, Gradient

MAX_STOPS = 16


class GradientSpec(NamedTuple):
    """A gradient as a template asks for it, its colours resolved, before it knows the shape it fills."""

    kind: str
    stops: tuple[tuple[float, str], ...]
    angle: float  # degrees, clockwise from left-to-right: 90 runs top to bottom


def gradient_spec(colours, angle, kind, resolve) -> GradientSpec:
    """`colours` (evenly spread colours, or [offset, colour] pairs) resolved by `resolve`, checked."""
    if kind not in ("linear", "radial"):
        raise LayoutError(f"kind must be linear or radial, got {kind!r}", "gradient")
    items = list(colours) if isinstance(colours, (list, tuple)) else []
    if not 2 <= len(items) <= MAX_STOPS:
        raise LayoutError(f"a gradient needs a list of 2 to {MAX_STOPS} colours, like [\"accent\", \"paper\"], got {colours!r}", "gradient")
    stops = []
    for i, item in enumerate(items):
        offset, name = (item[0], item[1]) if isinstance(item, (list, tuple)) and len(item) == 2 else (i / (len(items) - 1), item)
        if isinstance(offset, bool) or not isinstance(offset, (int, float)) or not 0 <= offset <= 1:
            raise LayoutError(f"a gradient stop's offset runs from 0 to 1, got {offset!r}", "gradient")
        colour = resolve(name)
        if colour is None or len(colour) != 7:
            raise LayoutError(f"a gradient's colours are opaque palette names or #rrggbb, got {name!r}", "gradient")
        stops.append((float(offset), colour))
    if any(b[0] < a[0] for a, b in itertools.pairwise(stops)):
        raise LayoutError("a gradient's stops must come in order of their offsets", "gradient")
    if isinstance(angle, bool) or not isinstance(angle, (int, float)) or not math.isfinite(angle):
        raise LayoutError(f"angle must be a number of degrees, got {angle!r}", "angle")
    return GradientSpec(kind, tuple(stops), float(angle))


def placed(spec: GradientSpec, shape) -> Gradient:
    """The gradient laid over a shape's box: a linear one from edge to edge along its angle, a radial one from the
    box's centre to its corners (a circle's or an ellipse's rim)."""
    x0, y0, x1, y1 = _box(shape)
    cx, cy, w, h = (x0 + x1) / 2, (y0 + y1) / 2, x1 - x0, y1 - y0
    if spec.kind == "radial":
        r = max(w, h) / 2 if type(shape) in (Circle, Ellipse) else math.hypot(w, h) / 2
        return Gradient("radial", spec.stops, cx, cy, cx, cy, r)
    dx, dy = math.cos(math.radians(spec.angle)), math.sin(math.radians(spec.angle))
    half = (abs(w * dx) + abs(h * dy)) / 2
    return Gradient("linear", spec.stops, cx - dx * half, cy - dy * half, cx + dx * half, cy + dy * half, 0.0)


def _box(shape) -> tuple[float, float, float, float]:
    if type(shape) is Circle:
        return shape.cx - shape.r, shape.cy - shape.r, shape.cx + shape.r, shape.cy + shape.r
    if hasattr(shape, "points"):
        xs, ys = [p[0] for p in shape.points], [p[1] for p in shape.points]
        return min(xs), min(ys), max(xs), max(ys)
    return min(shape.x, shape.x + shape.w), min(shape.y, shape.y + shape.h), max(shape.x, shape.x + shape.w), max(shape.y, shape.y + shape.h)


def position(g: Gradient, x: float, y: float) -> float:
    """Where a point (in the shape's coordinates) falls along the gradient, 0 to 1 (past the ends, the end colours extend)."""
    if g.kind == "radial":
        t = math.hypot(x - g.x0, y - g.y0) / g.r if g.r > 0 else 1.0
    else:
        ax, ay = g.x1 - g.x0, g.y1 - g.y0
        length = ax * ax + ay * ay
        t = ((x - g.x0) * ax + (y - g.y0) * ay) / length if length > 0 else 0.0
    return min(1.0, max(0.0, t))


def colour_at_position(g: Gradient, t: float) -> str:
    """The colour the gradient prints at position `t`: its stops interpolated channel by channel."""
    stops = g.stops
    if t <= stops[0][0]:
        return stops[0][1]
    for (a, ca), (b, cb) in itertools.pairwise(stops):
        if t <= b:
            k = (t - a) / (b - a) if b > a else 1.0
            return hex_of(p + (q - p) * k for p, q in zip(rgb(ca), rgb(cb), strict=True))
    return stops[-1][1]


def colour_at(g: Gradient, x: float, y: float) -> str:
    return colour_at_position(g, position(g, x, y))


def colours_over(g: Gradient, points) -> list[str]:
    """Every colour the gradient prints across the points (the shape's coordinates): at the nearest and farthest of them
    along it, and each stop in between; a mark spanning them is judged against the worst."""
    ts = [position(g, x, y) for x, y in points]
    low, high = min(ts), max(ts)
    found = [colour_at_position(g, low)] + [c for t, c in g.stops if low < t < high] + [colour_at_position(g, high)]
    return list(dict.fromkeys(found))


def darkest(g: Gradient) -> str:
    """The darkest of a gradient's stops: what stands for it where one colour must (an outline, a ground to darken)."""
    return min((c for _, c in g.stops), key=luminance)


def retinted(g: Gradient, change) -> Gradient:
    """The gradient with `change` applied to each stop's colour (the ink saver's tint)."""
    return g._replace(stops=tuple((t, change(c)) for t, c in g.stops))
