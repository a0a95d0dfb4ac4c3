"""Where a laid-out face prints nothing: the free place nearest a corner for a box of a given size.

A stamp (pnp.layout.stamp) must never cover a rule or a picture, so its place is found from what the face draws, as
laid out: every text run by its glyphs, every image, icon, QR code and shape by its box, a rectangle (a panel, a
frame) by its four sides: a stamp may lie wholly on a panel, as on paper, but not across its edge. The face's ground
is not in the way: a shape or an image whose box holds the whole safe area is what everything else is printed on
(never words, however large their box).
Nor may a box leave the safe area: `inset` mm inside the trim, and on a round, hex or drawn outline card that far
inside its cut.

The face is read as a grid of CELL_MM cells counted from the asked corner, each row a bit mask (Python's integers);
a box fits where a run of free cells as wide as the box stands in as many rows as it is tall. The cells are a
grid on the safe area, so a free corner takes the box exactly where the corner asks, and elsewhere the box is
at most one cell further from what it avoids than it need be."""
from __future__ import annotations

import functools
import math
from typing import NamedTuple

from pnp.core.shapes import Shape
from pnp.layout.elements import Group, Qr, Rect, Text
from pnp.layout.inspect import face_bounds, group_transform, op_box

CELL_MM = 0.25  # the grid's step: a stamp lands at most this much further in than the room allows
CLEAR_MM = 0.3  # kept between a stamp's box and any other ink: a 5 pt glyph's side bearing is about as wide
CORNER_STEPS = 6  # boxes along a rounded corner's arc: each no more than a sixth of the radius past it
EPS_MM = 1e-6
IDENTITY = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)

Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in face mm, y down


class Spot(NamedTuple):
    """Where a box goes: its top-left corner, in face mm."""

    x: float
    y: float


def ink_boxes(elements, w: float, h: float, inset: float) -> list[Box]:
    """The boxes a stamp keeps CLEAR_MM from: what `elements` draw on a `w` × `h` face, less its ground (whatever
    holds the whole safe area, `inset` mm in from the trim); a stroke counted with half its width."""
    safe = (inset, inset, w - inset, h - inset)
    return [box for box, ground in _drawn(elements, IDENTITY) if not (ground and _holds(box, safe))]


def _drawn(elements, t):
    """(box, whether it may be ground) of every element in face mm; a group's children in its place, a frame's sides each."""
    scale = math.sqrt(abs(t[0] * t[3] - t[1] * t[2]))
    plain = t == IDENTITY  # most elements are no group's: their boxes read straight off them
    for el in elements:
        kind = type(el)
        if isinstance(el, Group):  # a tagged group too
            yield from _drawn(el.children, group_transform(t, el.x, el.y, el.rotate, el.scale))
        elif kind is Qr:  # a template's own code, its quiet zone with it
            yield _placed((el.x, el.y, el.x + el.size, el.y + el.size), t), False
        elif kind is Text and plain:
            yield from ((op_box(op, el.x, el.y), False) for op in el.ops)  # words are never ground, however large
        elif kind is Rect and t[1] == t[2] == 0.0:  # a panel or a frame, square to the face: ink along its sides
            if el.fill is not None or el.stroke:
                pad = el.stroke_width * scale / 2 if el.stroke else 0.0
                x0, y0, x1, y1 = el.x, el.y, el.x + el.w, el.y + el.h
                parts = [(x0, y0, x1, y0), (x1, y0, x1, y1), (x0, y1, x1, y1), (x0, y0, x0, y1), *_rounded_corners(el)]
                yield from ((_grown(_placed(part, t), pad), False) for part in parts)
        else:
            pad = (getattr(el, "stroke_width", 0.0) or 0.0) * scale / 2 if getattr(el, "stroke", None) else 0.0
            yield from ((_grown(box[1:], pad), kind is not Text) for box in face_bounds((el,), t))


def _rounded_corners(rect: Rect) -> list[Box]:
    """Boxes covering what a rounded rectangle's corners leave of its box, in steps along each arc: a stamp inside
    them would stand out past the panel's edge."""
    r = min(rect.radius, rect.w / 2, rect.h / 2)
    if r <= 0:
        return []
    x0, y0, x1, y1 = rect.x, rect.y, rect.x + rect.w, rect.y + rect.h
    out = []
    for a, b, depth in _arc_steps(r):
        out += [(x0 + a, y0, x0 + b, y0 + depth), (x1 - b, y0, x1 - a, y0 + depth),
                (x0 + a, y1 - depth, x0 + b, y1), (x1 - b, y1 - depth, x1 - a, y1)]
    return out


@functools.lru_cache(maxsize=64)
def _arc_steps(r: float) -> tuple[tuple[float, float, float], ...]:
    """(from, to, depth) along a corner's arc of radius r: how far in from the box's side the arc lies at most over
    each step (at its start, nearer the side)."""
    steps = [(r * k / CORNER_STEPS, r * (k + 1) / CORNER_STEPS) for k in range(CORNER_STEPS)]
    return tuple((a, b, r - math.sqrt(max(0.0, r * r - (r - a) ** 2))) for a, b in steps)


def _placed(box, t) -> Box:
    """A box of a group's own (or the face's) in face mm: the box of its four corners, however the group is turned."""
    xs = [t[0] * x + t[2] * y + t[4] for x in (box[0], box[2]) for y in (box[1], box[3])]
    ys = [t[1] * x + t[3] * y + t[5] for x in (box[0], box[2]) for y in (box[1], box[3])]
    return min(xs), min(ys), max(xs), max(ys)


def _grown(box, pad: float) -> Box:
    return box[0] - pad, box[1] - pad, box[2] + pad, box[3] + pad


def _holds(outer: Box, inner: Box) -> bool:
    return outer[0] <= inner[0] + EPS_MM and outer[1] <= inner[1] + EPS_MM and outer[2] >= inner[2] - EPS_MM and outer[3] >= inner[3] - EPS_MM


class Room:
    """The free cells of `w` × `h` faces cut to `shape`, `inset` mm in, on a grid counted from `corner`: the cells
    the shape leaves are worked out once for a deck, each face's ink added to them."""

    def __init__(self, w: float, h: float, shape: Shape, inset: float, corner: str):
        self.w, self.h, self.inset = w, h, inset
        self.from_right, self.from_bottom = not corner.endswith("left"), not corner.startswith("top")
        self.cols = max(0, math.floor((w - 2 * inset) / CELL_MM + EPS_MM))
        self.rows = max(0, math.floor((h - 2 * inset) / CELL_MM + EPS_MM))
        self.full = (1 << self.cols) - 1
        self.shape_rows = self._shape_rows(shape)
        self.straight = shape.straight

    def _corner_spot(self, bw: float, bh: float) -> Box:
        """The box `bw` × `bh` mm in the corner, `inset` mm in from both its sides."""
        x = self.w - self.inset - bw if self.from_right else self.inset
        y = self.h - self.inset - bh if self.from_bottom else self.inset
        return x, y, x + bw, y + bh

    def _shape_rows(self, shape: Shape) -> list[int]:
        """Each row's cells wholly `inset` mm inside the cut (all, on a card with straight sides): a cell is in when its
        centre is that far in plus half its diagonal."""
        if shape.straight:
            return [self.full] * self.rows
        depth, need = shape.depth(self.w, self.h), self.inset + CELL_MM * math.sqrt(0.5)
        rows = []
        for j in range(self.rows):
            bits = 0
            for i in range(self.cols):
                x0, y0, x1, y1 = self._cell_box(i, j, 1, 1)
                if depth((x0 + x1) / 2, (y0 + y1) / 2) >= need:
                    bits |= 1 << i
            rows.append(bits)
        return rows

    def _cell_box(self, i: int, j: int, cols: int, rows: int) -> Box:
        """The face box of the `cols` × `rows` cells from cell (i, j), counted from the corner."""
        near_x, near_y = self.inset + i * CELL_MM, self.inset + j * CELL_MM
        far_x, far_y = near_x + cols * CELL_MM, near_y + rows * CELL_MM
        x0, x1 = (self.w - far_x, self.w - near_x) if self.from_right else (near_x, far_x)
        y0, y1 = (self.h - far_y, self.h - near_y) if self.from_bottom else (near_y, far_y)
        return x0, y0, x1, y1

    def free_rows(self, boxes: list[Box]) -> list[int]:
        """The shape's free cells less those any of `boxes` (grown by CLEAR_MM) reaches into."""
        rows = list(self.shape_rows)
        for box in boxes:
            x0, y0, x1, y1 = box[0] - CLEAR_MM, box[1] - CLEAR_MM, box[2] + CLEAR_MM, box[3] + CLEAR_MM
            if self.from_right:
                x0, x1 = self.w - x1, self.w - x0
            if self.from_bottom:
                y0, y1 = self.h - y1, self.h - y0
            i0, i1 = self._span(x0, x1, self.cols)
            j0, j1 = self._span(y0, y1, self.rows)
            if i0 >= i1 or j0 >= j1:
                continue
            mask = ((1 << (i1 - i0)) - 1) << i0
            for j in range(j0, j1):
                rows[j] &= ~mask
        return rows

    def _span(self, lo: float, hi: float, count: int) -> tuple[int, int]:
        """The cells (first, past the last) a stretch from `lo` to `hi` mm from the corner's edge reaches into."""
        first = math.floor((lo - self.inset) / CELL_MM + EPS_MM)
        past = math.ceil((hi - self.inset) / CELL_MM - EPS_MM)
        return max(0, first), min(count, past)

    def place(self, boxes: list[Box], bw: float, bh: float) -> Spot | None:
        """The free spot for a `bw` × `bh` mm box nearest the corner, clear of `boxes`; None when there is none."""
        cols, rows = math.ceil(bw / CELL_MM - EPS_MM), math.ceil(bh / CELL_MM - EPS_MM)
        if cols > self.cols or rows > self.rows or cols < 1 or rows < 1:
            return None
        corner = self._corner_spot(bw, bh)
        if self.straight and not any(_meets(corner, box) for box in boxes):
            return Spot(corner[0], corner[1])  # most faces leave their corner free: no grid to read
        starts = _runs(_runs_rows(self.free_rows(boxes), cols), rows)
        best = None
        for j, bits in enumerate(starts):
            if best is not None and j * j >= best[0]:
                break
            if bits:
                i = (bits & -bits).bit_length() - 1
                if best is None or i * i + j * j < best[0]:
                    best = (i * i + j * j, i, j)
        if best is None:
            return None
        x0, y0, x1, y1 = self._cell_box(best[1], best[2], cols, rows)
        return Spot(x1 - bw if self.from_right else x0, y1 - bh if self.from_bottom else y0)


def _meets(spot: Box, ink: Box) -> bool:
    """Whether ink comes within CLEAR_MM of a box."""
    return spot[0] < ink[2] + CLEAR_MM and ink[0] < spot[2] + CLEAR_MM and spot[1] < ink[3] + CLEAR_MM and ink[1] < spot[3] + CLEAR_MM


def _runs_rows(rows: list[int], width: int) -> list[int]:
    """Each row's cells that start `width` free cells in a row (doubling the run: a few shifts, whatever the width)."""
    out = []
    for bits in rows:
        run = 1
        while run < width and bits:
            step = min(run, width - run)
            bits &= bits >> step
            run += step
        out.append(bits)
    return out


def _runs(rows: list[int], height: int) -> list[int]:
    """The cells that start a free column `height` rows tall: each row ANDed with the rows below it."""
    run = 1
    while run < height:
        step = min(run, height - run)
        rows = [rows[j] & rows[j + step] for j in range(len(rows) - step)]
        run += step
    return rows[: max(0, len(rows))]
