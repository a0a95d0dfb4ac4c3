"""Distances between convex polygons (lists of (x, y) corners), for the nesting tests: how far apart two pieces of a
sheet stand, as a ruler laid across their nearest sides would read it."""
from __future__ import annotations

import math


def apart(a, b) -> float:
    """How far apart two convex polygons are along the axis that parts them most (their distance where the nearest
    features are parallel sides, as in a honeycomb); negative (how far they overlap) where they overlap."""
    best = -math.inf
    for poly in (a, b):
        for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1], strict=True):
            n = math.hypot(x2 - x1, y2 - y1)
            nx, ny = (y2 - y1) / n, (x1 - x2) / n
            pa, pb = [x * nx + y * ny for x, y in a], [x * nx + y * ny for x, y in b]
            best = max(best, min(pb) - max(pa), min(pa) - max(pb))
    return best


def distance(a, b) -> float:
    """The least distance between two convex polygons; `apart` (negative) where they overlap."""
    parted = apart(a, b)
    if parted <= 0:
        return parted
    return min(_to_segment(p, q, r) for one, other in ((a, b), (b, a)) for p in one for q, r in zip(other, other[1:] + other[:1], strict=True))


def _to_segment(p, q, r) -> float:
    (px, py), (qx, qy), (rx, ry) = p, q, r
    t = max(0.0, min(1.0, ((px - qx) * (rx - qx) + (py - qy) * (ry - qy)) / ((rx - qx) ** 2 + (ry - qy) ** 2)))
    return math.dist(p, (qx + t * (rx - qx), qy + t * (ry - qy)))
