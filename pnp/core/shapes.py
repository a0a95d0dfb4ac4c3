"""The shape a piece is cut to inside its w × h box: one record for cards and tokens alike, read by every place that
follows the cut (the safe-area check, the sheets' clip and outline, cutter files, exports' masks, serve's overlays).

Coordinates are mm from the box's top-left corner, y down (as templates place things). A circle fills the box's
shorter side; a hexagon is regular, its corners on the box's left and right edges (flat top, as tokens have always
been) or top and bottom (`pointy`), as large as the box holds; a rounded rectangle is the box with its corners
rounded by `radius`; an outline is any closed polygon a designer drew (pnp.data.outlines reads it from an SVG), its
`points` in fractions of the box (its bounding box fills the box), grown and shrunk by pyclipper's offset with round
joins, so its bleed's edge is every point within the bleed of the cut.
"""
from __future__ import annotations

import hashlib
import math
from collections.abc import Callable
from typing import NamedTuple

CURVED_BLEED_MM = 1.0  # art past a cut with no straight line (a round or hex card): a hand cut wanders this far; neighbours then sit twice it apart
ARC_STEP_DEGREES = 5  # an outline's arcs sampled this often: within 0.01 mm of the curve on a 60 mm circle
OFFSET_UNITS_PER_MM = 10_000  # pyclipper offsets integer points: 0.1 µm each
OFFSET_ARC_TOLERANCE_MM = 0.01  # a grown outline's round joins stay this close to the true arc


class Shape(NamedTuple):
    """A cut: rectangle, rounded (corners of `radius` mm), circle, hexagon (flat top, or `pointy`) or outline (`points`)."""

    kind: str = "rectangle"
    radius: float = 0.0
    pointy: bool = False
    points: tuple[tuple[float, float], ...] = ()  # an outline's corners, each (x, y) a fraction of the box's w and h, y down

    @property
    def key(self) -> str:
        """What tells this cut from any other, for a cache's key: an outline's corners by their digest."""
        points = f" {hashlib.sha256(repr(self.points).encode()).hexdigest()[:32]}" if self.points else ""
        return f"{self.kind} {self.radius:g}{' pointy' * self.pointy}{points}"

    @property
    def straight(self) -> bool:
        """Whether the cut runs along straight lines a ruler and crop marks find (a rounded card's corners come off after)."""
        return self.kind in ("rectangle", "rounded")

    def bleed(self, bleed_mm: float) -> float:
        """The bleed its pieces print with for a build's `bleed_mm`: at least CURVED_BLEED_MM where no cut is straight."""
        return bleed_mm if self.straight else max(bleed_mm, CURVED_BLEED_MM)

    def gap(self, bleed_mm: float) -> float:
        """The least space between two pieces cut to this shape, in a grid or a nest, for their bleeds never to overlap:
        twice the bleed (an outline's grown edge is every point within the bleed of its cut), or for a hexagon, whose
        bleed reaches past its corners by bleed / cos 30°, twice that."""
        return 2 * bleed_mm / math.cos(math.pi / 6) if self.kind == "hexagon" else 2 * bleed_mm

    def corner_radius(self, w: float, h: float) -> float:
        """A rounded rectangle's corner radius in a w × h box (never more than half its shorter side); 0 for any other shape."""
        return min(self.radius, w / 2, h / 2) if self.kind == "rounded" else 0.0

    def hexagon_radius(self, w: float, h: float) -> float:
        """Centre to corner of the largest regular hexagon the box holds, corners on its long axis."""
        across, along = (h, w) if self.pointy else (w, h)
        return min(across / 2, along / math.sqrt(3))

    def corners(self, w: float, h: float) -> list[tuple[float, float]]:
        """A hexagon's six corners, from the right (flat top) or the top (pointy), clockwise on the page (y down); an
        outline's corners in the w × h box."""
        if self.kind == "outline":
            return [(x * w, y * h) for x, y in self.points]
        r, cx, cy = self.hexagon_radius(w, h), w / 2, h / 2
        start = -90 if self.pointy else 0
        return [(cx + r * math.cos(math.radians(start + a)), cy + r * math.sin(math.radians(start + a))) for a in range(0, 360, 60)]

    def outline(self, w: float, h: float, grow: float = 0.0) -> list[tuple[float, float]]:
        """The cut as a closed polygon (arcs sampled every ARC_STEP_DEGREES), grown outward by `grow` mm (a bleed's edge)."""
        if self.kind == "circle":
            r = min(w, h) / 2 + grow
            return [(w / 2 + r * math.cos(math.radians(a)), h / 2 + r * math.sin(math.radians(a))) for a in range(0, 360, ARC_STEP_DEGREES)]
        if self.kind == "outline":
            return offset(self.corners(w, h), grow) if grow else self.corners(w, h)
        if self.kind == "hexagon":
            if not grow:
                return self.corners(w, h)
            r = self.hexagon_radius(w, h) + grow / math.cos(math.pi / 6)  # each side moves out by `grow`
            start = -90 if self.pointy else 0
            return [(w / 2 + r * math.cos(math.radians(start + a)), h / 2 + r * math.sin(math.radians(start + a))) for a in range(0, 360, 60)]
        k = self.corner_radius(w, h)
        if not k and not grow:
            return [(0.0, 0.0), (w, 0.0), (w, h), (0.0, h)]
        big = k + grow  # the grown outline keeps the corners' centres: its radius grows by `grow`
        out = []
        for cx, cy, start in ((w - k, k, -90), (w - k, h - k, 0), (k, h - k, 90), (k, k, 180)):
            out += [(cx + big * math.cos(math.radians(start + a)), cy + big * math.sin(math.radians(start + a))) for a in range(0, 91, ARC_STEP_DEGREES)]
        return out

    def parts(self, x: float, y: float, w: float, h: float) -> tuple:
        """The cut at (x, y) as straight pieces ("L", x1, y1, x2, y2) and arcs ("A", cx, cy, r, start, sweep in degrees, y
        down): what a cutter's file and a CutContour stroke draw."""
        if self.kind == "circle":
            return (("A", x + w / 2, y + h / 2, min(w, h) / 2, 0.0, 360.0),)
        if self.kind in ("hexagon", "outline"):
            pts = [(x + px, y + py) for px, py in self.corners(w, h)]
            return tuple(("L", *a, *b) for a, b in zip(pts, pts[1:] + pts[:1], strict=True))
        k = self.corner_radius(w, h)
        lines = [("L", x + k, y, x + w - k, y), ("L", x + w, y + k, x + w, y + h - k), ("L", x + w - k, y + h, x + k, y + h), ("L", x, y + h - k, x, y + k)]
        if not k:
            return tuple(lines)
        arcs = [("A", x + w - k, y + k, k, -90.0, 90.0), ("A", x + w - k, y + h - k, k, 0.0, 90.0), ("A", x + k, y + h - k, k, 90.0, 90.0),
                ("A", x + k, y + k, k, 180.0, 90.0)]
        return tuple(p for pair in zip(lines, arcs, strict=True) for p in pair)

    def depth(self, w: float, h: float) -> Callable[[float, float], float]:
        """How far (mm) a point of a w × h face lies inside the cut; negative past it."""
        if self.kind == "circle":
            r, cx, cy = min(w, h) / 2, w / 2, h / 2
            return lambda x, y: r - math.hypot(x - cx, y - cy)
        if self.kind == "hexagon":
            apothem, cx, cy = self.hexagon_radius(w, h) * math.cos(math.pi / 6), w / 2, h / 2
            first = 0 if self.pointy else 30  # the sides' outward normals
            normals = [(math.cos(math.radians(a)), math.sin(math.radians(a))) for a in range(first, 360, 60)]
            return lambda x, y: apothem - max((x - cx) * nx + (y - cy) * ny for nx, ny in normals)
        if self.kind == "outline":
            return polygon_depth(self.corners(w, h))
        k = self.corner_radius(w, h)
        if k > 0:
            def rounded(x: float, y: float) -> float:
                qx, qy = min(max(x, k), w - k), min(max(y, k), h - k)
                if qx != x and qy != y:  # in a corner: measured from the corner's arc
                    return k - math.hypot(x - qx, y - qy)
                return min(x, y, w - x, h - y)

            return rounded
        return lambda x, y: min(x, y, w - x, h - y)


RECTANGLE = Shape()


def offset(polygon: list[tuple[float, float]], grow: float) -> list[tuple[float, float]]:
    """`polygon` (mm) grown by `grow` mm (shrunk where negative) with round joins: every point within `grow` of it, by
    pyclipper (Clipper's offset, kept since 2010), which also mends the loops a concave corner's shrinking makes. The
    largest piece where a shrink splits it; [] where it shrinks away."""
    import pyclipper

    k = OFFSET_UNITS_PER_MM
    pco = pyclipper.PyclipperOffset(2.0, OFFSET_ARC_TOLERANCE_MM * k)
    pco.AddPath([(round(x * k), round(y * k)) for x, y in polygon], pyclipper.JT_ROUND, pyclipper.ET_CLOSEDPOLYGON)
    pieces = pco.Execute(grow * k)
    if not pieces:
        return []
    largest = max(pieces, key=lambda p: abs(pyclipper.Area(p)))
    return [(x / k, y / k) for x, y in largest]


def polygon_depth(polygon: list[tuple[float, float]]) -> Callable[[float, float], float]:
    """How far (mm) a point lies inside `polygon`: its distance to the nearest side, negative outside (even-odd rule)."""
    sides = list(zip(polygon, polygon[1:] + polygon[:1], strict=True))

    def depth(x: float, y: float) -> float:
        inside, nearest = False, math.inf
        for (x1, y1), (x2, y2) in sides:
            if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                inside = not inside
            dx, dy = x2 - x1, y2 - y1
            t = max(0.0, min(1.0, ((x - x1) * dx + (y - y1) * dy) / (dx * dx + dy * dy or 1.0)))
            nearest = min(nearest, math.hypot(x - x1 - t * dx, y - y1 - t * dy))
        return nearest if inside else -nearest

    return depth
