"""Readability of laid-out faces: every text run and icon against the ground under it, and colour codes every reader can tell apart.

Measured on what is drawn, not on the palette: a face's elements are walked
in drawing order, keeping the fills drawn so far (as the ink saver does), so
a run of text is judged against the band, badge or background actually under
it. Contrast follows WCAG 2.1 AA (pnp.core.colour.required_contrast); colour
codes (a field whose values are palette colours, backs that differ only by
colour) must stay apart in greyscale and for the three dichromacies, unless
each value also carries an icon of its own.
"""
from __future__ import annotations

import math
from collections.abc import Iterable
from typing import NamedTuple

from pnp.core.colour import BLACK, DISTINCT_DELTA_E, LARGE_TEXT_CONTRAST, WHITE, contrast, indistinct, over, required_contrast, until_contrast
from pnp.core.errors import Finding, Loc, warning
from pnp.core.units import PT_PER_MM
from pnp.layout.elements import Circle, Ellipse, Face, Gradient, Group, Icon, Image, Line, Polygon, Rect, Text
from pnp.layout.gradients import colour_at, colours_over
from pnp.layout.typeset import IconOp, TextOp

Affine = tuple[float, float, float, float, float, float]
IDENTITY: Affine = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
X_HEIGHT = 0.3  # a run is sampled this far (of its size) above the baseline: the middle of its lower-case letters
MAX_CODED_VALUES = 12  # a field with more distinct values than this is a name, not a colour code


class Mark(NamedTuple):
    """One text run or icon as a reader meets it: its colour on the ground under it."""

    kind: str  # "text" or "icon"
    label: str  # the run's text or the icon's name
    colour: str  # as printed over the ground
    ground: str
    ratio: float
    needed: float
    size_pt: float  # text size (an icon: its height), after any group scale
    element: object  # the Text or Icon element that drew it, to find its template line
    op: object = None  # the TextOp or IconOp inside a Text element; None for an Icon element


# --- geometry ---------------------------------------------------------------
def _apply(t: Affine, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = t
    return a * x + c * y + e, b * x + d * y + f


def _inside_group(t: Affine, gx: float, gy: float, rotate: float, scale: float) -> Affine:
    """The parent transform followed by a group's own (moved, turned clockwise, scaled), as FaceDrawer draws it."""
    a, b, c, d, e, f = t
    cos, sin = math.cos(math.radians(rotate)) * scale, math.sin(math.radians(rotate)) * scale
    inner = (cos, sin, -sin, cos, gx, gy)
    return (a * inner[0] + c * inner[1], b * inner[0] + d * inner[1], a * inner[2] + c * inner[3], b * inner[2] + d * inner[3],
            a * inner[4] + c * inner[5] + e, b * inner[4] + d * inner[5] + f)


def _inverse(t: Affine) -> Affine:
    a, b, c, d, e, f = t
    det = a * d - b * c or 1e-12
    ia, ib, ic, id_ = d / det, -b / det, -c / det, a / det
    return (ia, ib, ic, id_, -(ia * e + ic * f), -(ib * e + id_ * f))


def _scale(t: Affine) -> float:
    return math.sqrt(abs(t[0] * t[3] - t[1] * t[2]))


def _in_polygon(points, x: float, y: float) -> bool:
    inside = False
    n = len(points)
    for i in range(n):
        (x1, y1), (x2, y2) = points[i], points[i - 1]
        if (y1 > y) != (y2 > y) and x < (x2 - x1) * (y - y1) / (y2 - y1) + x1:
            inside = not inside
    return inside


def _covers(shape, x: float, y: float) -> bool:
    """Whether a filled shape (in its own coordinates) covers the point."""
    match shape:
        case Rect(rx, ry, w, h) | Image(_, rx, ry, w, h):
            return min(rx, rx + w) <= x <= max(rx, rx + w) and min(ry, ry + h) <= y <= max(ry, ry + h)
        case Circle(cx, cy, r):
            return (x - cx) ** 2 + (y - cy) ** 2 <= r * r
        case Ellipse(ex, ey, w, h):
            return w != 0 and h != 0 and ((x - ex - w / 2) / (w / 2)) ** 2 + ((y - ey - h / 2) / (h / 2)) ** 2 <= 1
        case Polygon(points):
            return _in_polygon(points, x, y)
    return False


# --- the walk ---------------------------------------------------------------
class _Ground(NamedTuple):
    """A filled shape or image as a walk keeps it: its box on the face, the transform back to its own coordinates,
    the shape, its colour (None for an image) and, for a rectangle or image, its bounds in its own coordinates."""

    box: tuple[float, float, float, float]
    inverse: Affine
    shape: object
    colour: str | None
    bounds: tuple[float, float, float, float] | None


def _topmost(grounds, x: float, y: float) -> _Ground | None:
    """The first of `grounds` (topmost first) that covers the face point, or None. A ground's box rules it out with
    four comparisons; a rectangle's bounds, worked out once, test it with four more; any other shape `_covers` tests."""
    for ground in grounds:
        (x0, y0, x1, y1), (a, b, c, d, e, f), shape, _, bounds = ground
        if x0 <= x <= x1 and y0 <= y <= y1:
            sx, sy = a * x + c * y + e, b * x + d * y + f
            if bounds[0] <= sx <= bounds[1] and bounds[2] <= sy <= bounds[3] if bounds is not None else _covers(shape, sx, sy):
                return ground
    return None


def _rect_bounds(shape) -> tuple[float, float, float, float] | None:
    """A rectangle's (or image's) x and y bounds in its own coordinates, as `_covers` compares them; None for other shapes."""
    match shape:
        case Rect(rx, ry, w, h) | Image(_, rx, ry, w, h):
            return min(rx, rx + w), max(rx, rx + w), min(ry, ry + h), max(ry, ry + h)
    return None


class _Walk:
    """Elements in drawing order, with the grounds drawn so far (`_Ground`)."""

    def __init__(self, paper: str, marking: bool = True, faint: bool = False):
        self.paper = paper
        self.marking = marking  # whether text and icons are judged too (a walk for a face's edges needs its fills alone)
        self.grounds: list[_Ground] = []
        self.shaded = False  # whether a gradient is among the grounds
        # while every ground is a box or image of one colour drawn unturned (its coordinates the face's: `_topmost` finds
        # the same first one), they are these (x0, x1, y0, y1, colour), topmost first; else None
        self.flat: list | None = []
        self.faint = faint  # whether only the marks below the contrast they need are kept (`low_contrast`)
        self.marks: list[Mark] = []

    def ground_at(self, x: float, y: float) -> str | None:
        """The colour under a face point (None over an image, where no colour can be read)."""
        ground = _topmost(reversed(self.grounds), x, y)
        return _colour_at(ground, x, y) if ground is not None else self.paper

    def grounds_under(self, points) -> list[str]:
        """Every colour under a mark's sample points: a gradient's at each of them and every stop between (pnp.layout.gradients)."""
        grounds = self.grounds[::-1]
        if not self.shaded:  # no gradient drawn yet: a colour for each point
            found: list[str] = []
            for x, y in points:
                ground = _topmost(grounds, x, y)
                colour = ground.colour if ground is not None else self.paper
                if colour is not None and colour not in found:
                    found.append(colour)
            return found
        found = []
        shaded: dict[int, tuple[_Ground, list]] = {}
        for x, y in points:
            ground = _topmost(grounds, x, y)
            if ground is not None and type(ground.colour) is Gradient:
                shaded.setdefault(id(ground), (ground, []))[1].append(_apply(ground.inverse, x, y))
            elif ground is None or ground.colour is not None:
                found.append(ground.colour if ground is not None else self.paper)
        for ground, own in shaded.values():
            found += colours_over(ground.colour, own)
        return list(dict.fromkeys(found))

    def grounds_over(self, x0: float, y0: float, x1: float, y1: float) -> list:
        """The grounds whose boxes meet this face box, in drawing order."""
        return [g for g in self.grounds if g.box[0] <= x1 and g.box[2] >= x0 and g.box[1] <= y1 and g.box[3] >= y0]

    def _ground(self, t: Affine, shape, colour: str | None) -> None:
        try:
            ground = _GROUNDS.get((t, shape, colour))
        except TypeError:  # a shape holding a list: worked out for this face alone
            ground = _ground(t, shape, colour)
        else:
            if ground is None:
                if len(_GROUNDS) >= MAX_GROUNDS:
                    _GROUNDS.clear()
                ground = _GROUNDS[(t, shape, colour)] = _ground(t, shape, colour)
        self.grounds.append(ground)
        self.shaded = self.shaded or type(colour) is Gradient
        if self.flat is not None:
            flat = ground.bounds is not None and type(colour) is not Gradient and t == IDENTITY
            self.flat = [(*ground.bounds, colour), *self.flat] if flat else None

    def run(self, elements, t: Affine = IDENTITY) -> None:
        for el in elements:
            if isinstance(el, Text):  # most of a face's elements: asked first, and at once
                if self.marking and not el.decoration:
                    self._text(el, el.x, el.y, el.ops, t)
                continue
            match el:
                case Rect(fill=fill) | Circle(fill=fill) | Ellipse(fill=fill) | Polygon(fill=fill) if fill is not None:
                    self._fill(el, fill, t)
                case Image():
                    self._ground(t, el, None)
                case Icon(name, colour, x, y, w, h, decoration) if colour is not None and not decoration and self.marking:
                    self._mark("icon", name, colour, [_apply(t, x + w / 2, y + h / 2)], LARGE_TEXT_CONTRAST, h * _scale(t) * PT_PER_MM, el)
                case Group(gx, gy, rotate, scale, children):
                    self.run(children, _inside_group(t, gx, gy, rotate, scale))

    def _fill(self, shape, fill, t: Affine) -> None:
        if type(fill) is not Gradient and len(fill) == 9:  # translucent: it prints over whatever is under its middle
            cx, cy = _middle(shape)
            under = self.ground_at(*_apply(t, cx, cy))
            fill = over(fill, under) if under is not None else None
        self._ground(t, shape, fill)

    def _text(self, el: Text, x: float, y: float, ops, t: Affine) -> None:
        """Judge each run and icon of a Text element; on a flat, unturned face (`flat`) among its boxes alone, as plain numbers."""
        k, scale = 1 / PT_PER_MM, _scale(t)
        flat = self.flat if t == IDENTITY else None
        for op in ops:
            if type(op) is IconOp:  # centred
                self._mark("icon", op.icon, op.color, [_apply(t, x + (op.x + op.size / 2) * k, y + (op.y + op.size / 2) * k)], LARGE_TEXT_CONTRAST, op.size * scale, el, op)
                continue
            ox, oy, font, size, colour, text, w = op
            if colour is None or not text.strip():
                continue
            mid_y = y + (oy - X_HEIGHT * size) * k
            xs = (x + (ox + 0.1 * w) * k, x + (ox + 0.5 * w) * k, x + (ox + 0.9 * w) * k)
            needed = required_contrast(size * scale, "-bold" in font.lower())
            if flat is None:
                self._mark("text", text, colour, [_apply(t, px, mid_y) for px in xs], needed, size * scale, el, op)
                continue
            under: list = []  # the colour under each point, once, in their order
            for px in xs:
                fill = self.paper
                for x0, x1, y0, y1, box_fill in flat:  # the topmost box holding the point
                    if x0 <= px <= x1 and y0 <= mid_y <= y1:
                        fill = box_fill
                        break
                if fill is not None and fill not in under:
                    under.append(fill)
            self._judged("text", text, colour, tuple(under), needed, size * scale, el, op)

    def _mark(self, kind: str, label: str, colour: str | None, points, needed: float, size: float, el, op=None) -> None:
        """Record the mark against the worst ground under any of its sample points."""
        if colour is not None:
            self._judged(kind, label, colour, tuple(self.grounds_under(points)), needed, size, el, op)

    def _judged(self, kind: str, label: str, colour: str, under: tuple, needed: float, size: float, el, op) -> None:
        """Record the mark against the worst of the grounds `under` it (worked out once for each colour and grounds)."""
        worst = _WORST.get((colour, under), _UNSEEN)
        if worst is _UNSEEN:
            if len(_WORST) >= MAX_GROUNDS:
                _WORST.clear()
            worst = _WORST[(colour, under)] = _worst(colour, under)
        if worst is not None and (not self.faint or worst[0] < needed - 1e-9):
            self.marks.append(Mark(kind, label, worst[1], worst[2], worst[0], needed, size, el, op))


# What the walks of a deck's faces work out alike, kept by value: a deck's cards draw the same bands and badges, and
# judge their text of one colour over the same grounds (a plain build keeps them for its process, as colour.contrast does)
MAX_GROUNDS = 4096  # entries held in each: past this the memory starts again
_GROUNDS: dict[tuple, _Ground] = {}  # (transform, shape, colour) → the ground it makes
_WORST: dict[tuple, tuple | None] = {}  # (colour, the grounds under a mark) → its worst (ratio, printed colour, ground)
_UNSEEN = object()


def _ground(t: Affine, shape, colour) -> _Ground:
    """The ground a filled shape (or image) drawn under transform `t` makes."""
    corners = [_apply(t, x, y) for x, y in _corners(shape)]
    xs, ys = [c[0] for c in corners], [c[1] for c in corners]
    e = 1e-6  # a point on the shape's very edge stays inside its box whatever the rounding of the corners
    return _Ground((min(xs) - e, min(ys) - e, max(xs) + e, max(ys) + e), _inverse(t), shape, colour, _rect_bounds(shape))


def _worst(colour: str, grounds: tuple[str, ...]) -> tuple[float, str, str] | None:
    """(contrast, `colour` as printed, ground) of the ground of `grounds` `colour` reads worst on (the first); None on none."""
    worst = None
    for ground in grounds:
        printed = over(colour, ground)
        ratio = contrast(printed, ground)
        if worst is None or ratio < worst[0]:
            worst = (ratio, printed, ground)
    return worst


def _corners(shape) -> list[tuple[float, float]]:
    """Corners of a box holding the shape, in its own coordinates."""
    match shape:
        case Rect(x, y, w, h) | Image(_, x, y, w, h) | Ellipse(x, y, w, h):
            return [(x, y), (x + w, y), (x, y + h), (x + w, y + h)]
        case Circle(cx, cy, r):
            return [(cx - r, cy - r), (cx + r, cy - r), (cx - r, cy + r), (cx + r, cy + r)]
        case Polygon(points) if points:
            xs, ys = [p[0] for p in points], [p[1] for p in points]
            return [(min(xs), min(ys)), (max(xs), min(ys)), (min(xs), max(ys)), (max(xs), max(ys))]
    return [(0.0, 0.0)]


def _middle(shape) -> tuple[float, float]:
    match shape:
        case Rect(x, y, w, h) | Ellipse(x, y, w, h):
            return x + w / 2, y + h / 2
        case Circle(cx, cy):
            return cx, cy
        case Polygon(points):
            return sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points)
    return 0.0, 0.0


def marks(face: Face, paper: str = WHITE, faint: bool = False) -> list[Mark]:
    """Every text run and single-colour icon of a face (`faint`: those too faint alone), with its contrast on its ground."""
    walk = _Walk(paper, faint=faint)
    walk.run(face.elements)
    return walk.marks


def grounds_of(elements) -> tuple:
    """The elements a walk keeps as grounds (filled shapes, images, and the groups holding any), in drawing order:
    all that `fills_at` reads of a face, so faces alike in them (cards of one template and colour) have the same edges."""
    out = []
    for el in elements:
        match el:
            case Rect(fill=fill) | Circle(fill=fill) | Ellipse(fill=fill) | Polygon(fill=fill) if fill is not None:
                out.append(el)
            case Image():
                out.append(el)
            case Group(gx, gy, rotate, scale, children):
                if inner := grounds_of(children):
                    out.append(Group(gx, gy, rotate, scale, inner))
    return tuple(out)


def fills_at(face: Face, runs, paper: str = WHITE) -> list[list[tuple[str | None, object]]]:
    """For each run of face points (an edge's sample points), the colour under each point once the whole face is drawn
    (None over an image), with the shape that drew it (None: the paper): what a cut through that point leaves on the
    card's edge. The face is walked once; each run is tested only against the grounds that reach its box (pure Python:
    importing numpy for this would cost a build's checks more than the arithmetic it speeds up)."""
    walk = _Walk(paper, marking=False)
    walk.run(face.elements)
    out = []
    for points in runs:
        if not points:
            out.append([])
            continue
        xs, ys = [x for x, _ in points], [y for _, y in points]
        grounds = walk.grounds_over(min(xs), min(ys), max(xs), max(ys))[::-1]  # the last drawn that covers a point is on top
        out.append([(_colour_at(g, x, y), g.shape) if (g := _topmost(grounds, x, y)) is not None else (paper, None) for x, y in points])
    return out


def _colour_at(ground: _Ground, x: float, y: float) -> str | None:
    """The colour a ground prints at a face point: its fill, a gradient's colour there, or None for an image."""
    if type(ground.colour) is Gradient:
        return colour_at(ground.colour, *_apply(ground.inverse, x, y))
    return ground.colour


def low_contrast(face: Face, paper: str = WHITE) -> list[Mark]:
    """The marks of a face below the contrast WCAG 2.1 AA asks of them."""
    return marks(face, paper, faint=True)


# --- findings ---------------------------------------------------------------
class PaletteNames:
    """Names and game.yaml positions of a game's palette colours, for messages that say what to change."""

    def __init__(self, palette: dict[str, str], loc_of, written: Iterable[str] | None = None):
        self.palette = {k: v.lower() for k, v in palette.items()}
        self.loc_of = loc_of
        self.written = set(self.palette if written is None else written)  # the names game.yaml sets; the rest are pnp's defaults
        self._by_hex: dict[str, str] = {}
        for name, value in self.palette.items():
            self._by_hex.setdefault(value[:7], name)

    def name(self, hex_value: str) -> str | None:
        return self._by_hex.get(hex_value.lower()[:7])

    def describe(self, hex_value: str) -> str:
        """'accent #c8102e (data/x/game.yaml:12:3)', or the bare value when no palette entry has it. A name game.yaml does
        not set (`paper`, `ink`: pnp's defaults) is not pointed at the palette's first line but named as a default to set."""
        name = self.name(hex_value)
        if name and name not in self.written:
            return f"'{name}' {hex_value} (pnp's default: set {name} in game.yaml's palette to change it)"
        return f"'{name}' {hex_value} ({self.loc_of(name)})" if name else f"{hex_value} (not a palette colour)"


def contrast_findings(faces: Iterable[tuple[Face, str, Loc, str]], origins: dict, names: PaletteNames, game: str,
                      faint=low_contrast) -> list[tuple[str, Finding]]:
    """One warning per template line and pair of colours whose text or icon reads too faintly, each with what makes two
    warnings one (its line, the kind of mark, its colours, the contrast asked): the faces of a game are judged in parts
    (each deck, each kind of piece: pnp.pipeline.results), and a warning alike one an earlier part gave is left out.

    `faces` are (face, what, fallback location, template); `origins` maps each
    element to the template line that drew it (Layouts.tracing); `faint` gives a face's faint marks (`low_contrast`,
    or a memo of it kept by a process that stays up)."""
    seen: set = set()
    out: list[tuple[str, Finding]] = []
    for face, what, fallback, template in faces:
        for m in faint(face):
            loc = origins.get(m.element) or fallback
            key = repr((tuple(loc), m.kind, m.colour, m.ground, m.needed))
            if key in seen:
                continue
            seen.add(key)
            out.append((key, warning("low-contrast", _contrast_message(m, names, template), loc, game=game, component=what)))
    return out


def _contrast_message(m: Mark, names: PaletteNames, template: str) -> str:
    label = m.label if len(m.label) <= 30 else m.label[:29] + "…"
    what = f"text '{label}' ({m.size_pt:.3g} pt)" if m.kind == "text" else f"icon '{label}'"
    towards = BLACK if contrast(BLACK, m.ground) > contrast(WHITE, m.ground) else WHITE
    better = until_contrast(m.colour, towards, m.ground, m.needed + 0.05)
    return (f"{what} in {names.describe(m.colour)} on {names.describe(m.ground)} has contrast {m.ratio:.2f}:1, "
            f"below the {m.needed:g}:1 WCAG asks of it ({template}): use a {'darker' if towards == BLACK else 'lighter'} colour, such as {better}, or another ground")


class ColourCode(NamedTuple):
    """Colours the data uses to tell things apart: each value (a group, a player, a back) and the colour that marks it."""

    what: str  # "cells.group", "the backs of cells and quorum"
    loc: Loc  # where the code is written in the data
    colours: dict[str, str]  # value → '#rrggbb'
    plural: bool = False  # `what` names many things (backs): they tell values apart


def coded_fields(deck_id: str, cards: list[tuple[object, tuple[Face, ...]]], palette: dict[str, str]) -> list[ColourCode]:
    """The fields of a deck whose values are palette colours drawn on the cards, unless each value also has its own icon.

    `cards` holds (card, its faces). A value is a colour code only if its
    colour appears on the faces of its cards."""
    codes = []
    fields: dict[str, list] = {}
    for card, _ in cards:
        for key, value in card.fields.items():
            fields.setdefault(key, []).append(value)
    for key, values in fields.items():
        if len(values) != len(cards) or not all(isinstance(v, str) and v in palette for v in values):
            continue
        distinct = sorted(set(values))
        if not 2 <= len(distinct) <= MAX_CODED_VALUES:
            continue
        drawn = {v for (card, faces), v in zip(cards, values, strict=False) if palette[v].lower()[:7] in _colours_of(faces)}
        if len(drawn) < 2 or _own_icons(cards, values):
            continue
        loc = next(card.fields.loc_of(key) for card, _ in cards)
        codes.append(ColourCode(f"{deck_id}.{key}", loc, {v: palette[v].lower()[:7] for v in sorted(drawn)}))
    return codes


def _own_icons(cards, values) -> bool:
    """Whether every value's cards all carry an icon on their front that no other value's front carries."""
    by_value: dict[str, list[set]] = {}
    for (_, faces), v in zip(cards, values, strict=False):
        by_value.setdefault(v, []).append(_icon_names(faces[0].elements))  # the front: a back may show every value's icon as a legend
    for v, icon_sets in by_value.items():
        common = set.intersection(*icon_sets)
        others = set().union(*(s for w, sets in by_value.items() if w != v for s in sets))
        if not common - others:
            return False
    return True


def _icon_names(elements) -> set[str]:
    found: set[str] = set()
    for el in elements:
        match el:
            case Icon(name):
                found.add(name)
            case Text(_, _, ops):
                found.update(op.icon for op in ops if type(op) is IconOp)
            case Group(children=children):
                found |= _icon_names(children)
    return found


def _colours_of(faces) -> set[str]:
    found: set[str] = set()

    def walk(elements):
        for el in elements:
            match el:
                case Rect(fill=fill, stroke=stroke) | Circle(fill=fill, stroke=stroke) | Ellipse(fill=fill, stroke=stroke) | Polygon(fill=fill, stroke=stroke):
                    found.update(c[:7] for c in (fill, stroke) if c and type(c) is not Gradient)
                case Line(stroke=stroke):
                    found.add(stroke[:7])
                case Icon(color=colour) if colour:
                    found.add(colour[:7])
                case Text(_, _, ops):
                    found.update(op.color[:7] for op in ops if op.color)
                case Group(children=children):
                    walk(children)

    for face in faces:
        if face is not None:
            walk(face.elements)
    return found


def _colourless(elements) -> tuple:
    """The elements with every colour and every word taken out: what is left tells faces apart without colour."""
    out = []
    for el in elements:
        match el:
            case Rect() | Circle() | Ellipse() | Polygon():
                out.append(el._replace(fill=None, stroke=None))
            case Line():
                out.append(el._replace(stroke=None))
            case Icon():
                out.append(el._replace(color=None))
            case Text(ops=ops):
                out.append(el._replace(ops=tuple(op._replace(color=None, text="", w=0.0) if type(op) is TextOp else op._replace(color=None) for op in ops)))
            case Group():
                out.append(el._replace(children=_colourless(el.children)))
            case _:
                out.append(el)
    return tuple(out)


def coded_backs(backs: list[tuple[str, Face, Loc]]) -> list[ColourCode]:
    """Backs (label, face, where the back is chosen) that differ only by colour (and words), with the colour that tells each apart.

    The colour of the largest fill that differs between them stands for each back."""
    groups: dict[tuple, list[tuple[str, Face, Loc]]] = {}
    for label, face, loc in backs:
        groups.setdefault((face.w, face.h, _colourless(face.elements)), []).append((label, face, loc))
    codes = []
    for members in groups.values():
        distinct = {face.elements: (label, face, loc) for label, face, loc in members}
        if len(distinct) < 2:
            continue
        members = list(distinct.values())
        key = _largest_differing_fill([face.elements for _, face, _ in members])
        if key is None:
            continue
        colours = {label: colour for (label, _, _), colour in zip(members, key, strict=True)}
        if len(set(colours.values())) >= 2:
            codes.append(ColourCode(f"the backs of {' and '.join(colours)}" if len(colours) == 2 else f"the backs of {', '.join(colours)}", members[0][2],
                                    colours, plural=True))
    return codes


def _largest_differing_fill(element_lists) -> tuple | None:
    best, best_area = None, -1.0
    for parts in zip(*element_lists, strict=True):
        if type(parts[0]) is Group:
            inner = _largest_differing_fill([p.children for p in parts])
            if inner is not None and best is None:
                best = inner
            continue
        fills = tuple(f if type(f := getattr(p, "fill", None)) is not Gradient else None for p in parts)
        if None in fills or len(set(fills)) < 2:
            continue
        area = _area(parts[0])
        if area > best_area:
            best, best_area = tuple(f[:7] for f in fills), area
    return best


def _area(shape) -> float:
    match shape:
        case Rect(_, _, w, h) | Ellipse(_, _, w, h):
            return abs(w * h)
        case Circle(_, _, r):
            return math.pi * r * r
        case Polygon(points):
            return abs(sum(points[i][0] * points[i - 1][1] - points[i - 1][0] * points[i][1] for i in range(len(points)))) / 2
    return 0.0


def colour_code_findings(codes: Iterable[ColourCode], names: PaletteNames, game: str) -> list[Finding]:
    """One warning per pair of colours in a code that some reader cannot tell apart, at the first colour's palette entry."""
    out: list[Finding] = []
    seen: set = set()
    for code in codes:
        values = list(code.colours.items())
        for i, (va, a) in enumerate(values):
            for vb, b in values[i + 1:]:
                if frozenset((a, b)) in seen:
                    continue
                alike = indistinct(a, b)
                if not alike:
                    continue
                seen.add(frozenset((a, b)))
                how = ", ".join(f"{vision} ΔE {d:.1f}" for vision, d in alike)
                name = names.name(a)
                loc = names.loc_of(name) if name else code.loc
                out.append(warning(
                    "colours-alike",
                    f"{code.what} ({code.loc}) {'tell' if code.plural else 'tells'} {_value(va, a, names)} from {_value(vb, b, names)} by colour alone, "
                    f"and they look alike ({how}; needs ΔE00 ≥ {DISTINCT_DELTA_E:g} in greyscale and for deutan, protan and tritan readers): "
                    f"move them apart in lightness, or give each value its own icon",
                    loc, game=game, component=code.what))
    return out


def _value(value: str, colour: str, names: PaletteNames) -> str:
    described = names.describe(colour)
    return described if names.name(colour) == value else f"'{value}' {described}"
