"""Slivers: coloured card edges that meet a different colour across a shared cut.

Cards printed without a gutter share their cut lines, and a hand cut lands
0.3–0.5 mm off the line, so each card may keep a strip of its neighbour's edge.
Where the two edges differ visibly and one of them is not light (a dark header
band against the neighbour's light footer), that strip shows as a sliver.

Measured on what is drawn, as the readability check measures it: the colour
under points of a strip STRIP_MM wide along each edge (the topmost fill there,
the paper where none), compared with the opposite edge of every other face of
the same deck at the same position along the cut: any of them may be printed
next to it.
"""
from __future__ import annotations

from itertools import product
from typing import NamedTuple

from pnp.core.colour import DISTINCT_DELTA_E, difference, luminance
from pnp.core.errors import Finding, Loc
from pnp.layout.elements import Face
from pnp.layout.readability import fills_at

STRIP_MM = 0.5  # the miscut a hand cut makes at worst
STEP_MM = 1.0  # between sample points along an edge
CORNER_MM = 1.0  # left out at each end: a corner is cut twice and rounded off by most trimmers
LIGHT = 0.6  # relative luminance from which a colour reads as light: a light sliver on light card stock does not show
# A warning, so `validate --strict` and `build --strict` fail on a sliver: the five games and the test game have none.
SEVERITY = "warning"
PAIRS = (("right", "left"), ("bottom", "top"))  # an edge and the edge across the cut from it


class Edge(NamedTuple):
    """The colour of a face's edge strip at each sample point, with the element that drew it (None: the paper)."""

    colours: tuple[str | None, ...]
    elements: tuple[object, ...]


class Sliver(NamedTuple):
    """A visible difference across a shared cut: this face's edge against a neighbour's opposite edge."""

    side: str  # of the face with the darker edge
    colour: str
    across: str
    delta_e: float
    element: object  # what drew the edge's colour: its template line is the place to change


def edges(face: Face) -> dict[str, Edge]:
    """Each side's edge strip, sampled STRIP_MM / 2 inside the trim (face mm, y down from the top)."""
    d = STRIP_MM / 2
    along_x = _positions(face.w)
    along_y = _positions(face.h)
    points = {"top": [(x, d) for x in along_x], "bottom": [(x, face.h - d) for x in along_x],
              "left": [(d, y) for y in along_y], "right": [(face.w - d, y) for y in along_y]}
    found = fills_at(face, list(points.values()))  # one walk of the face for all four sides
    return {side: Edge(tuple(c for c, _ in here), tuple(e for _, e in here)) for side, here in zip(points, found, strict=True)}


def _positions(length: float) -> list[float]:
    n = max(int((length - 2 * CORNER_MM) // STEP_MM), 1)
    return [CORNER_MM + (length - 2 * CORNER_MM) * i / n for i in range(n + 1)]


def _light(colour: str) -> bool:
    return luminance(colour[:7]) >= LIGHT


def slivers(faces: list[Face], edges_of=edges) -> list[Sliver]:
    """Every edge of these faces (cut apart on one sheet, in any order) that a miscut would show on a neighbour, worst first.

    `edges_of` gives a face's edges (`edges`, or a memo of it kept by a process that stays up). Faces and edges are
    taken in the order the faces come, never a set's: where two slivers are as visible as each other (a red edge
    against green, and green against red), the one reported is the same in every process."""
    by_size: dict[tuple, dict] = {}
    for face in faces:
        by_size.setdefault((round(face.w, 2), round(face.h, 2)), {})[face] = None
    found: dict[tuple, Sliver] = {}
    for group in by_size.values():
        profiles = list(dict.fromkeys(_Profile(edges_of(f)) for f in group))
        for side, other in PAIRS:
            for a, b in product(dict.fromkeys(p[side] for p in profiles), dict.fromkeys(p[other] for p in profiles)):
                for edge, mine, theirs in ((a, side, b), (b, other, a)):
                    sliver = _worst(edge, mine, theirs.colours)
                    if sliver is not None:
                        key = (id(sliver.element), sliver.colour)
                        if key not in found or found[key].delta_e < sliver.delta_e:
                            found[key] = sliver
    return sorted(found.values(), key=lambda s: -s.delta_e)


class _Profile(dict):
    """A face's four edges, hashable so faces alike are compared once."""

    def __hash__(self):
        return hash(tuple(self[s].colours for s in ("top", "right", "bottom", "left")))

    def __eq__(self, other):
        return all(self[s].colours == other[s].colours for s in ("top", "right", "bottom", "left"))


def _worst(edge: Edge, side: str, across: tuple) -> Sliver | None:
    """The most visible point where this edge's non-light colour meets a different colour across the cut."""
    worst = None
    for colour, element, theirs in zip(edge.colours, edge.elements, across, strict=False):
        if colour is None or theirs is None or _light(colour):
            continue
        delta = difference(colour[:7], theirs[:7])
        if delta >= DISTINCT_DELTA_E and (worst is None or delta > worst.delta_e):
            worst = Sliver(side, colour[:7], theirs[:7], delta, element)
    return worst


def sliver_findings(decks: list[tuple[str, list[Face], Loc]], origins: dict, game: str, edges_of=edges) -> list[Finding]:
    """One warning per template line whose colour reaches a card's edge where a neighbour's edge differs.

    `decks` holds (deck id and side, the faces printed on one sheet side, where
    the deck is written); `origins` maps elements to the template lines that drew them."""
    out: list[Finding] = []
    seen: set = set()
    for what, faces, fallback in decks:
        for s in slivers(faces, edges_of):
            loc = origins.get(s.element) or fallback
            if (loc, what) in seen:
                continue
            seen.add((loc, what))
            out.append(Finding(SEVERITY, "sliver", (
                f"{what}: the {s.side} edge is {s.colour} where a neighbour's edge across the shared cut is {s.across} "
                f"(colour difference ΔE {s.delta_e:.0f}): a cut 0.5 mm off leaves a sliver of one on the other; "
                "inset the band a few millimetres from the card's edge, give the cards a light border, or print with "
                "a gutter and bleed (pnp build --bleed)"), loc, game, what))
    return out
