"""Slivers: coloured piece edges that meet a different colour across a shared cut.

Pieces printed without a gutter share their cut lines, and a hand cut lands
0.3–0.5 mm off the line, so each piece may keep a strip of its neighbour's edge.
Where the two edges differ visibly and one of them is not light (a dark header
band against the neighbour's light footer), that strip shows as a sliver.

Measured on what is drawn, as the readability check measures it: the colour
under points of a strip STRIP_MM wide along each edge (the topmost fill there,
the paper where none). Which edges meet is the imposition's to say
(pnp.render.seams): this module compares two edges that meet.
"""
from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from pnp.core.colour import DISTINCT_DELTA_E, difference, luminance
from pnp.layout.elements import Face
from pnp.layout.readability import fills_at

STRIP_MM = 0.5  # the miscut a hand cut makes at worst
STEP_MM = 1.0  # between sample points along an edge
CORNER_MM = 1.0  # left out at each end: a corner is cut twice and rounded off by most trimmers
SHARP_DEGREES = 30  # a drawn outline's corner: its sides turn more than this (a curve flattened within 0.02 mm turns far less)
LIGHT = 0.6  # relative luminance from which a colour reads as light: a light sliver on light card stock does not show
# A warning, so `validate --strict` and `build --strict` fail on a sliver: the five games and the test game have none.
SEVERITY = "warning"
OPPOSITE = {"left": "right", "right": "left", "top": "bottom", "bottom": "top"}


class Edge(NamedTuple):
    """The colour of a face's edge strip at each sample point, with the element that drew it (None: the paper)."""

    colours: tuple[str | None, ...]
    elements: tuple[object, ...]

    def reversed(self) -> Edge:
        """The same strip read from its other end (the edge of a piece turned 180° on the sheet)."""
        return Edge(self.colours[::-1], self.elements[::-1])


class Sliver(NamedTuple):
    """A visible difference across a shared cut: this face's edge against a neighbour's edge."""

    side: str  # of the face with the darker edge, in the face's own terms (a piece turned on the sheet: before the turn)
    colour: str
    across: str
    delta_e: float
    element: object  # what drew the edge's colour: its template line is the place to change


def edges(face: Face) -> dict[str, Edge]:
    """Each side's edge strip, sampled STRIP_MM / 2 inside the trim (face mm, y down from the top), left to right and
    top to bottom: two faces of one size side by side have their points at the same places along the cut. A face
    drawn with a bleed of at least STRIP_MM also has its bleed strips, STRIP_MM / 2 outside the trim, as 'bleed top'
    and so on: what a cut that far outside the line leaves on the piece's edge."""
    d = STRIP_MM / 2
    along_x = _positions(face.w)
    along_y = _positions(face.h)
    points = {"top": [(x, d) for x in along_x], "bottom": [(x, face.h - d) for x in along_x],
              "left": [(d, y) for y in along_y], "right": [(face.w - d, y) for y in along_y]}
    if face.bleed >= STRIP_MM:
        points |= {"bleed top": [(x, -d) for x in along_x], "bleed bottom": [(x, face.h + d) for x in along_x],
                   "bleed left": [(-d, y) for y in along_y], "bleed right": [(face.w + d, y) for y in along_y]}
    found = fills_at(face, list(points.values()))  # one walk of the face for all its strips
    return {side: Edge(tuple(c for c, _ in here), tuple(e for _, e in here)) for side, here in zip(points, found, strict=True)}


def shaped_edges(face: Face, shape) -> tuple[Edge, Edge]:
    """A round or hex piece's edge along its cut (pnp.core.shapes.Shape): (the strip STRIP_MM / 2 inside the cut, the strip
    as far outside it, in its bleed), sampled at the same places around the outline, every STEP_MM or so and a hexagon's
    corners left out (CORNER_MM each way): what a cut 0.5 mm outside its line leaves on its edge. Empty where the face has
    less bleed than that."""
    if face.bleed < STRIP_MM:
        return Edge((), ()), Edge((), ())
    d = STRIP_MM / 2
    inner, outer = [], []
    for (x, y), (nx, ny) in _around(shape, face.w, face.h):
        inner.append((x - nx * d, y - ny * d))
        outer.append((x + nx * d, y + ny * d))
    found = fills_at(face, [inner, outer])
    return tuple(Edge(tuple(c for c, _ in here), tuple(e for _, e in here)) for here in found)


def _around(shape, w: float, h: float) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """Points on a round, hex or drawn cut with their outward normals (face mm, y down)."""
    import math

    if shape.kind == "outline":
        return _around_outline(shape.corners(w, h))
    if shape.kind == "circle":
        r = min(w, h) / 2
        n = max(int(2 * math.pi * r / STEP_MM), 12)
        return [((w / 2 + r * math.cos(a), h / 2 + r * math.sin(a)), (math.cos(a), math.sin(a))) for a in (2 * math.pi * i / n for i in range(n))]
    corners = shape.corners(w, h)
    out = []
    for (x1, y1), (x2, y2) in zip(corners, corners[1:] + corners[:1], strict=True):
        length = math.hypot(x2 - x1, y2 - y1)
        nx, ny = (y1 - y2) / length, (x2 - x1) / length
        if nx * (x1 - w / 2) + ny * (y1 - h / 2) < 0:  # point the normal away from the centre
            nx, ny = -nx, -ny
        out += [((x1 + (x2 - x1) * t / length, y1 + (y2 - y1) * t / length), (nx, ny)) for t in _positions(length)]
    return out


def _around_outline(corners: list[tuple[float, float]]) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """Points every STEP_MM along a drawn outline with their outward normals, none within CORNER_MM of a corner that turns
    more than SHARP_DEGREES (a flattened curve's small turns are no corners). Outward is found by the outline's turning
    sense, not its centre: a star's sides face every way around it."""
    import math

    corners = [c for i, c in enumerate(corners) if c != corners[i - 1]] or corners  # a corner drawn twice is one: its turn is read across it
    n = len(corners)
    sides = list(zip(corners, corners[1:] + corners[:1], strict=True))
    area = sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in sides) / 2
    turn = 1 if area > 0 else -1  # y down: a positive area runs clockwise on the page, its outside on the left of each side

    def sharp(i: int) -> bool:
        (ax, ay), (bx, by), (cx, cy) = corners[i - 1], corners[i], corners[(i + 1) % n]
        a = math.atan2(cy - by, cx - bx) - math.atan2(by - ay, bx - ax)
        return abs((a + math.pi) % (2 * math.pi) - math.pi) > math.radians(SHARP_DEGREES)

    out, walked = [], 0.0
    for i, ((x1, y1), (x2, y2)) in enumerate(sides):
        length = math.hypot(x2 - x1, y2 - y1)
        if not length:
            continue
        nx, ny = turn * (y2 - y1) / length, -turn * (x2 - x1) / length
        t = (-walked) % STEP_MM
        while t <= length:
            if not ((t < CORNER_MM and sharp(i)) or (length - t < CORNER_MM and sharp((i + 1) % n))):
                out.append(((x1 + (x2 - x1) * t / length, y1 + (y2 - y1) * t / length), (nx, ny)))
            t += STEP_MM
        walked += length
    return out


def _positions(length: float) -> list[float]:
    """Sample points along an edge, the same read from either end (so a piece turned 180° samples the same places)."""
    n = max(int((length - 2 * CORNER_MM) // STEP_MM), 1)
    return [CORNER_MM + (length - 2 * CORNER_MM) * i / n for i in range(n + 1)]


def _light(colour: str) -> bool:
    return luminance(colour[:7]) >= LIGHT


def sliver(edge: Edge, side: str, across: Edge) -> Sliver | None:
    """The most visible point where this edge's non-light colour meets a different colour across the cut (`across`: the
    neighbour's edge there, read along the cut in the same direction), or None.

    Each distinct pair of colours met along the cut is judged once, in the order the cut first meets it: an edge is a
    handful of colours over dozens of points, and the first point of the most visible pair is the one named. An edge
    all of whose colours are light (most of them) shows no sliver, whatever meets it. The cards of a deck meet their
    neighbours with the same colours cut after cut, so the judgement is made once for each such meeting."""
    found = _worst_pair(edge.colours, len(edge.elements), across.colours)
    if found is None:
        return None
    delta, colour, theirs, at = found
    return Sliver(side, colour[:7], theirs[:7], delta, edge.elements[at])


@lru_cache(maxsize=4096)
def _worst_pair(colours: tuple, n: int, across: tuple) -> tuple[float, str, str, int] | None:
    """(ΔE, this colour, the one across, the first point they meet) of the most visible pair along a cut (see `sliver`),
    the edge's first `n` points read; None when none shows."""
    if all(colour is None or _light(colour) for colour in set(colours)):
        return None
    points = list(zip(colours[:n], across, strict=False))
    pairs = dict.fromkeys(points)
    worst = None
    for colour, theirs in pairs:
        if colour is None or theirs is None or _light(colour):
            continue
        delta = difference(colour[:7], theirs[:7])
        if delta >= DISTINCT_DELTA_E and (worst is None or delta > worst[0]):
            worst = delta, colour, theirs
    if worst is None:
        return None
    delta, colour, theirs = worst
    return delta, colour, theirs, points.index((colour, theirs))
