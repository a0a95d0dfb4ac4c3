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


class Gradient(NamedTuple):
    """A fill that changes colour (pnp.layout.gradients), placed on its shape: along the axis (x0, y0) → (x1, y1) when
    linear, out from (x0, y0) to radius `r` when radial; `stops` are (offset from 0 to 1, '#rrggbb'). It stands where a
    fill colour would, in a Rect, Circle, Ellipse or Polygon."""

    kind: str  # "linear" or "radial"
    stops: tuple[tuple[float, str], ...]
    x0: float
    y0: float
    x1: float
    y1: float
    r: float


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
    cell: bool = False  # a cell of a map (hexgrid, squaregrid): a board's tile seams run between cells where they can


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
    bleed: tuple = ()  # (mode, left, top, right, bottom): mm of art past the box made from the image's own edge, "extend" or "mirror"


class Icon(NamedTuple):
    name: str
    color: str | None
    x: float
    y: float
    w: float
    h: float
    decoration: bool = False  # ornament (a watermark, a border pattern): the readability and safe-area checks pass over it
    edge: bool = False  # drawn to run to the cut on purpose: the safe-area check passes over it
    outline: float = 0.0  # mm: drawn as the outline of its shapes, this wide, not filled (the ink saver's backs); 0: filled


class Qr(NamedTuple):
    """A QR code (pnp.layout.qr): `modules` its rows, '1' a dark module, drawn in a `size` mm square at (x, y) that holds
    the symbol and its quiet zone (QUIET_MODULES light modules around it, in `background`)."""

    x: float
    y: float
    size: float
    modules: tuple[str, ...]
    color: str
    background: str | None


class Group(NamedTuple):
    """Children drawn moved to (x, y), turned by `rotate` degrees clockwise and scaled."""

    x: float
    y: float
    rotate: float
    scale: float
    children: tuple


class Tagged(Group):
    """A group that a tagged PDF reads as one structure element (pnp.render.tagging): its `role` (`H2`, `P`, `LI`,
    `Table`, `TD`, `Figure`…), the `key` its parts share when split over columns, `alt` for a figure, `attrs` (a header
    cell's scope); with `leaf`, what it draws is the element's own content, else its kids' (tagged) content.

    Everything else (digests, checks, SVG, the ink saver) sees the Group it is; the structure rides beside the tuple,
    so it never changes a face's equality or hash."""

    def __new__(cls, group: Group, role: str, key=None, alt: str | None = None, attrs: dict | None = None, leaf: bool = True):
        out = super().__new__(cls, *group)
        out.role, out.key, out.alt, out.attrs, out.leaf = role, key, alt, attrs, leaf
        return out

    def __getnewargs__(self):
        return (Group(*self), self.role, self.key, self.alt, self.attrs, self.leaf)

    def _replace(self, **changes):
        """A copy with `changes` that keeps its structure (the ink saver recolours a group's children)."""
        return Tagged(Group(*self)._replace(**changes), self.role, self.key, self.alt, self.attrs, self.leaf)


class Clipped(Group):
    """A group whose drawing is cut to `clip`, a box (x, y, w, h mm) where the group sits: nothing it draws shows past
    it. A standee's half is one: its art, drawn with whatever bleed, stops at the fold it shares with the other half.

    Every other walker (the checks, the ink saver) sees the Group it is. Unlike a Tagged group's role, the box is
    part of what it draws, so it is part of its equality, hash and pickle (a face's digest, a face sent to a helper)."""

    def __new__(cls, group: Group, clip: tuple[float, float, float, float]):
        out = super().__new__(cls, *group)
        out.clip = clip
        return out

    def __reduce__(self):
        return Clipped, (Group(*self), self.clip)

    def __eq__(self, other):
        if not isinstance(other, tuple):
            return NotImplemented
        return tuple.__eq__(self, other) and getattr(other, "clip", None) == self.clip

    def __ne__(self, other):
        same = self.__eq__(other)
        return same if same is NotImplemented else not same

    __hash__ = tuple.__hash__  # (a class that defines __eq__ has none of its own): equal groups are equal tuples

    def _replace(self, **changes):
        """A copy with `changes` that keeps its box (the ink saver recolours a group's children)."""
        return Clipped(Group(*self)._replace(**changes), self.clip)


Element: TypeAlias = "Rect | Line | Circle | Ellipse | Polygon | Text | Image | Icon | Qr | Group"


class Face(NamedTuple):
    """One drawn side of a component: elements in mm from the trim's top-left."""

    w: float
    h: float
    bleed: float
    elements: tuple
    icons: frozenset  # (icon name, colour) pairs the elements use, so their forms exist before the face is drawn


_ICON_SETS: dict[frozenset, frozenset] = {}
ICON_SETS = 4096  # distinct sets of icons held: past this a set is made for its face alone


def icon_set(icons) -> frozenset:
    """The frozenset of `icons` (a Face's), one object for every face using the same icons: a frozenset costs 216
    bytes even empty, and the fronts of a deck use the same few sets, so a 10,000-card deck holds a few sets, not
    10,000 of them (and sends one per set from a helper process: pickle sends a shared object once)."""
    made = frozenset(icons)
    if len(_ICON_SETS) >= ICON_SETS:
        return _ICON_SETS.get(made, made)
    return _ICON_SETS.setdefault(made, made)


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
        return self._known(face, unstamped_digest)

    def know(self, face: Face | None, digest: str) -> None:
        """Take `digest` for `face`'s, worked out by the process that drew it (pnp.outputs.deck_helper)."""
        self._known(face, lambda _: digest)


def unstamped_digest(face: Face | None) -> str:
    """What FaceDigests remembers: the digest of the face without its version stamp."""
    return face_digest(without_stamp(face))


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
