"""Nets: flat pieces that fold into a box or a die, as geometry in mm (y down, from the net's top-left).

A net is a set of panels, each a closed outline of straight edges and arcs.
An edge two panels share is a fold; every other edge is cut. So a style or
shape only lays out panels, and the cut path (lines and arcs, what a cutting
machine's file needs) and the fold lines follow from them, never drawn twice
or out of step.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import NamedTuple

EPS = 1e-6  # mm: two edge ends this close are one point


class Seg(NamedTuple):
    """A straight edge from (x1, y1) to (x2, y2)."""

    x1: float
    y1: float
    x2: float
    y2: float


class Arc(NamedTuple):
    """A circular edge about (cx, cy) of radius r, from angle `start` turning `sweep` degrees (y down: positive turns clockwise on paper)."""

    cx: float
    cy: float
    r: float
    start: float
    sweep: float

    def point(self, t: float) -> tuple[float, float]:
        a = math.radians(self.start + self.sweep * t)
        return self.cx + self.r * math.cos(a), self.cy + self.r * math.sin(a)


@dataclass(frozen=True)
class Slot:
    """Where a panel's printed face goes: its centre, its own width and height, and the turn (degrees clockwise) that makes its top face `up`."""

    cx: float
    cy: float
    w: float
    h: float
    rotate: float
    side: str  # which template draws it: front, back, side, top, or a die's face number

    @property
    def key(self) -> tuple[str, float, float]:
        """Slots with the same key print the same face: the same side at the same size (a lid's long and short walls differ)."""
        return self.side, round(self.w, 3), round(self.h, 3)


@dataclass(frozen=True)
class Panel:
    """One region of a net: a closed outline, what it is (face, flap, tab, glue) and the face printed on it, if any."""

    name: str
    role: str  # "face" (printed), "flap" (plain), "tab" (glued, hatched)
    outline: tuple  # Seg and Arc edges, in order around the panel
    slots: tuple[Slot, ...] = ()  # the faces printed on it (a d4's triangle carries three, one a corner)
    fill: bool = True  # painted in the piece's colour

    def points(self, steps: int = 8) -> list[tuple[float, float]]:
        """The outline as points, arcs as `steps` chords: for fills, clip paths and overlap tests."""
        out = []
        for e in self.outline:
            if isinstance(e, Seg):
                out.append((e.x1, e.y1))
            else:
                out += [e.point(i / steps) for i in range(steps)]
        return out


@dataclass(frozen=True)
class Net:
    """One flat piece: its panels and, worked out from them, its cut edges and fold lines."""

    name: str
    panels: tuple[Panel, ...]
    marks: tuple = ()  # (x, y, text): labels outside the outline, e.g. which edge a split piece's tab glues under
    cuts: tuple = field(init=False)
    folds: tuple = field(init=False)

    def __post_init__(self):
        cuts, folds = edges(self.panels)
        object.__setattr__(self, "cuts", cuts)
        object.__setattr__(self, "folds", folds)

    @property
    def bounds(self) -> tuple[float, float, float, float]:
        pts = [p for panel in self.panels for p in panel.points(16)] + [(x, y) for x, y, _ in self.marks]
        return min(p[0] for p in pts), min(p[1] for p in pts), max(p[0] for p in pts), max(p[1] for p in pts)

    @property
    def size(self) -> tuple[float, float]:
        x0, y0, x1, y1 = self.bounds
        return x1 - x0, y1 - y0

    def moved(self, dx: float, dy: float, turn: bool = False) -> Net:
        """The net turned a quarter clockwise (when `turn`) and then moved by (dx, dy)."""
        return Net(self.name, tuple(_panel_moved(p, dx, dy, turn) for p in self.panels), tuple((*_pt(x, y, dx, dy, turn), t) for x, y, t in self.marks))

    def at_origin(self, turn: bool = False) -> Net:
        """The net (turned when `turn`) with its bounding box's top-left at (0, 0)."""
        turned = self.moved(0, 0, turn) if turn else self
        x0, y0, _, _ = turned.bounds
        return turned.moved(-x0, -y0)


def edges(panels) -> tuple[tuple, tuple]:
    """(cut edges, fold lines): a straight edge two panels share is a fold, drawn once, unless both are glue tabs
    (two tabs side by side are cut apart); every other edge is cut."""
    seen: dict = {}
    for panel in panels:
        for e in panel.outline:
            if isinstance(e, Seg):
                seen.setdefault(_seg_key(e), []).append((e, panel.role))
    cuts, folds, done = [], [], set()
    for panel in panels:
        for e in panel.outline:
            key = _seg_key(e) if isinstance(e, Seg) else None
            shared = seen[key] if key is not None else []
            if len(shared) > 1 and any(role != "tab" for _, role in shared):
                if key not in done:
                    folds.append(shared[0][0])
                    done.add(key)
            elif key is None or key not in done:
                cuts.append(e)
                if key is not None:
                    done.add(key)
    return tuple(cuts), tuple(folds)


def _seg_key(e: Seg) -> tuple:
    a, b = (round(e.x1, 4), round(e.y1, 4)), (round(e.x2, 4), round(e.y2, 4))
    return (a, b) if a <= b else (b, a)


def _pt(x: float, y: float, dx: float, dy: float, turn: bool) -> tuple[float, float]:
    if turn:  # a quarter turn clockwise on paper (y down): (x, y) → (−y, x)
        x, y = -y, x
    return x + dx, y + dy


def _panel_moved(p: Panel, dx: float, dy: float, turn: bool) -> Panel:
    outline = []
    for e in p.outline:
        if isinstance(e, Seg):
            outline.append(Seg(*_pt(e.x1, e.y1, dx, dy, turn), *_pt(e.x2, e.y2, dx, dy, turn)))
        else:
            cx, cy = _pt(e.cx, e.cy, dx, dy, turn)
            outline.append(Arc(cx, cy, e.r, e.start + (90 if turn else 0), e.sweep))
    slots = tuple(replace(s, cx=_pt(s.cx, s.cy, dx, dy, turn)[0], cy=_pt(s.cx, s.cy, dx, dy, turn)[1], rotate=s.rotate + (90 if turn else 0)) for s in p.slots)
    return replace(p, outline=tuple(outline), slots=slots)


def polygon(name: str, role: str, points, slots: tuple[Slot, ...] = (), fill: bool = True) -> Panel:
    """A panel whose outline is straight edges through `points` (in order, closed)."""
    n = len(points)
    return Panel(name, role, tuple(Seg(*points[i], *points[(i + 1) % n]) for i in range(n)), slots, fill)


def rect(name: str, role: str, x: float, y: float, w: float, h: float, slot_side: str | None = None, turn: float = 0.0) -> Panel:
    """A rectangular panel; with `slot_side`, its face fills it (turned `turn` degrees: 90 or 270 lay a face's width along the panel's height)."""
    slots = ()
    if slot_side is not None:
        fw, fh = (h, w) if turn % 180 else (w, h)
        slots = (Slot(x + w / 2, y + h / 2, fw, fh, turn, slot_side),)
    return polygon(name, role, [(x, y), (x + w, y), (x + w, y + h), (x, y + h)], slots)


def tab(name: str, a: tuple[float, float], b: tuple[float, float], depth: float, taper: float = 0.3) -> Panel:
    """A glue tab on edge a→b, on its left as seen walking from a to b on paper (y down: the outside of a clockwise outline):
    a trapezoid `depth` deep whose ends lean in by `taper` × depth, so it folds in past its neighbours."""
    ax, ay = a
    bx, by = b
    length = math.hypot(bx - ax, by - ay)
    ux, uy = (bx - ax) / length, (by - ay) / length
    nx, ny = uy, -ux  # left of a→b with y down
    inset = min(taper * depth, length / 3)
    c = (bx + nx * depth - ux * inset, by + ny * depth - uy * inset)
    d = (ax + nx * depth + ux * inset, ay + ny * depth + uy * inset)
    return polygon(name, "tab", [b, a, d, c])
