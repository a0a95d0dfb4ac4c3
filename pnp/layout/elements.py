"""The laid-out face: what templates record and every later stage draws, checks or transforms.

A face is a tuple of element records in millimetres from the trim's top-left
corner (y downwards). Each record is a NamedTuple: hashable (identical faces
are drawn once as a form and placed many times), picklable (large decks render
in a second process) and as cheap to create as a plain tuple on the hot path.
Consumers take them apart with `match`. No two kinds can compare equal: where
two kinds have the same number of fields, a field that is a number in one is
a colour, a name or a tuple in the other.
"""
from __future__ import annotations

import hashlib
import pickle
from typing import NamedTuple, TypeAlias

from pnp.core.memo import ByIdentity
from pnp.layout.typeset import IconOp


class Rect(NamedTuple):
    x: float
    y: float
    w: float
    h: float
    fill: str | None
    stroke: str | None
    stroke_width: float
    radius: float
    dash: tuple[float, ...] | None
    edge: bool = False  # drawn to run to the cut on purpose: the safe-area check passes over it


class Line(NamedTuple):
    x1: float
    y1: float
    x2: float
    y2: float
    stroke: str
    stroke_width: float
    dash: tuple[float, ...] | None
    edge: bool = False  # drawn to run to the cut on purpose: the safe-area check passes over it


class Circle(NamedTuple):
    cx: float
    cy: float
    r: float
    fill: str | None
    stroke: str | None
    stroke_width: float
    dash: tuple[float, ...] | None
    edge: bool = False  # drawn to run to the cut on purpose: the safe-area check passes over it


class Ellipse(NamedTuple):
    x: float
    y: float
    w: float
    h: float
    fill: str | None
    stroke: str | None
    stroke_width: float
    edge: bool = False  # drawn to run to the cut on purpose: the safe-area check passes over it


class Polygon(NamedTuple):
    points: tuple[tuple[float, float], ...]
    fill: str | None
    stroke: str | None
    stroke_width: float
    closed: bool
    edge: bool = False  # drawn to run to the cut on purpose: the safe-area check passes over it


class Text(NamedTuple):
    """Fitted text: runs and inline icons (pnp.layout.typeset TextOp/IconOp, in points) placed at (x, y) mm."""

    x: float
    y: float
    ops: tuple
    decoration: bool = False  # ornament, not information: the readability and safe-area checks pass over it
    edge: bool = False  # drawn to run to the cut on purpose: the safe-area check passes over it


class Image(NamedTuple):
    source: tuple[str, int, int]  # (path, width px, height px) as the image checker found it
    x: float
    y: float
    w: float
    h: float
    fit: str  # contain, cover or stretch


class Icon(NamedTuple):
    name: str
    color: str | None
    x: float
    y: float
    w: float
    h: float
    decoration: bool = False  # ornament (a watermark, a border pattern): the readability and safe-area checks pass over it
    edge: bool = False  # drawn to run to the cut on purpose: the safe-area check passes over it


class Group(NamedTuple):
    """Children drawn moved to (x, y), turned by `rotate` degrees clockwise and scaled."""

    x: float
    y: float
    rotate: float
    scale: float
    children: tuple


Element: TypeAlias = "Rect | Line | Circle | Ellipse | Polygon | Text | Image | Icon | Group"


class Face(NamedTuple):
    """One drawn side of a component: elements in mm from the trim's top-left."""

    w: float
    h: float
    bleed: float
    elements: tuple
    icons: frozenset  # (icon name, colour) pairs the elements use, so their forms exist before the face is drawn


def face_digest(face: Face | None) -> str:
    """A hash of what a face prints, stable across runs and processes ('' for no face)."""
    # pickle of plain tuples, floats and strings is deterministic, and several times faster than repr
    return hashlib.sha1(pickle.dumps((face.w, face.h, face.elements), protocol=4)).hexdigest() if face is not None else ""


STAMP_PT = 5.0  # a version stamp's type size (pnp.layout.stamp): small enough to stay out of play, large enough to read


def without_stamp(face: Face | None) -> Face | None:
    """`face` without the version stamp pnp.layout.stamp set last on it: what the card's own template draws.

    Digests (page keys, changed cards) hash this: the stamp follows from the card's values and template, and a
    face kept from an earlier build must hash as the one drawn now."""
    if face is None or not face.elements:
        return face
    last = face.elements[-1]
    if type(last) is Text and last.decoration and len(last.ops) == 1 and getattr(last.ops[0], "size", None) == STAMP_PT:
        return face._replace(elements=face.elements[:-1])
    return face


class FaceDigests:
    """`face_digest` remembered for each face object of one build: a back shared by a whole deck, or a face both
    listed and imposed, is hashed once. In a process that stays up the builds share it
    (pnp.core.memo): an unchanged card's face is the same object from build to build."""

    def __init__(self, known: ByIdentity | None = None):
        self._known = known if known is not None else ByIdentity()

    def __call__(self, face: Face | None) -> str:
        return self._known(face, lambda f: face_digest(without_stamp(f)))


def icons_used(elements) -> frozenset:
    """Every (icon, colour) pair the elements draw, inline icons in text included."""
    found: set = set()
    for el in elements:
        match el:
            case Icon(name, colour):
                found.add((name, colour))
            case Text(_, _, ops):
                found.update((op.icon, op.color) for op in ops if type(op) is IconOp)
            case Group(children=children):
                found |= icons_used(children)
    return frozenset(found)
