"""Inspect laid-out faces for what a printer would show: art past the bleed, words and rules in the cut's safe area, blurry images."""
from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

from pnp.core.errors import Finding, Loc, warning
from pnp.core.shapes import RECTANGLE, Shape
from pnp.core.units import BLEED_MM, PT_PER_MM, SAFE_MM
from pnp.layout.elements import Circle, Ellipse, Group, Icon, Image, Line, Polygon, Rect, Text
from pnp.layout.typeset import TextOp

SLACK_MM = 0.5  # strokes and rounding may pass a limit by this much unremarked
SAFE_EPS_MM = 0.05  # positions are written to 0.01 pt: a text set exactly 3 mm in is in
RULE_MM = 1.0  # a filled rectangle this thin reads as a rule, not an area
CIRCLE_SAMPLES = 72  # points around a ring or an ellipse: 5° apart, within 0.01 mm of the curve on a 60 mm ring
SEGMENT_SAMPLES = 16  # points along a straight rule
GLYPH_ABOVE, GLYPH_BELOW = 0.75, 0.2  # a text run's glyphs, in ems above and below its baseline: capitals and descenders
KIND_NAMES = {Rect: "rect", Ellipse: "ellipse", Image: "image", Icon: "icon"}


def face_bounds(elements, transform=(1, 0, 0, 1, 0, 0), text: bool = True):
    """Yield (kind, x0, y0, x1, y1) in face mm for every element (text by its glyph extents; none with `text` false)."""
    a, b, c, d, e, f = transform

    def apply(x, y):
        return a * x + c * y + e, b * x + d * y + f

    def box(kind, x0, y0, x1, y1):
        pts = [apply(x0, y0), apply(x1, y0), apply(x0, y1), apply(x1, y1)]
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        return (kind, min(xs), min(ys), max(xs), max(ys))

    for el in elements:
        match el:
            case Rect(x, y, w, h) | Ellipse(x, y, w, h) | Image(_, x, y, w, h) | Icon(_, _, x, y, w, h):
                yield box(KIND_NAMES[type(el)], x, y, x + w, y + h)
            case Circle(cx, cy, r):
                yield box("circle", cx - r, cy - r, cx + r, cy + r)
            case Line(x1, y1, x2, y2):
                yield box("line", min(x1, x2), min(y1, y2), max(x1, x2), max(y1, y2))
            case Polygon(points, cell=cell):
                xs = [p[0] for p in points]
                ys = [p[1] for p in points]
                yield box("cell" if cell else "polygon", min(xs), min(ys), max(xs), max(ys))
            case Text(x, y, ops):
                if text:
                    yield from (box("text", *op_box(op, x, y)) for op in ops)
            case Group(gx, gy, rot, scale, children):
                yield from face_bounds(children, group_transform(transform, gx, gy, rot, scale), text)


def op_box(op, x: float, y: float) -> tuple[float, float, float, float]:
    """A text run by its glyph extents (an inline icon by its square), in mm from the text element's origin."""
    if type(op) is TextOp:
        x0 = x + op.x / PT_PER_MM
        top = y + (op.y - op.size * GLYPH_ABOVE) / PT_PER_MM
        return x0, top, x0 + op.w / PT_PER_MM, y + (op.y + op.size * GLYPH_BELOW) / PT_PER_MM
    x0, y0 = x + op.x / PT_PER_MM, y + op.y / PT_PER_MM
    return x0, y0, x0 + op.size / PT_PER_MM, y0 + op.size / PT_PER_MM


def group_transform(transform, gx: float, gy: float, rot: float, scale: float) -> tuple:
    """The parent transform followed by a group's own: child (u, v) → (gx + u cos − v sin, gy + u sin + v cos)."""
    a, b, c, d, e, f = transform
    cos, sin = math.cos(math.radians(rot)) * scale, math.sin(math.radians(rot)) * scale
    inner = (cos, sin, -sin, cos, gx, gy)
    return (
        a * inner[0] + c * inner[1],
        b * inner[0] + d * inner[1],
        a * inner[2] + c * inner[3],
        b * inner[2] + d * inner[3],
        a * inner[4] + c * inner[5] + e,
        b * inner[4] + d * inner[5] + f,
    )


# --- the safe area ----------------------------------------------------------
Cut = Shape  # the line a face is cut along (pnp.core.shapes): a card's, a board's or a token's


class Breach(NamedTuple):
    """Words, an icon or a rule within the safe area of a face's cut."""

    element: object  # the element drawn (its template line is found by it)
    kind: str  # "text", "icon" or "rule"
    label: str  # the words, the icon's name, or what the rule is
    depth: float  # mm inside the cut at its closest point; negative past it


def safe_area_breaches(face, cut: Cut = RECTANGLE, safe_mm: float = SAFE_MM) -> list[Breach]:
    """Every text, informative icon and rule closer than `safe_mm` (SAFE_MM, or a print service's own) to the cut, each at its closest.

    A cut 1 mm off loses words there and shows a rule's unevenness. Areas
    (fills, images, full-bleed backgrounds) are art and may run to the edge; so
    may a rule that runs across the cut (a divider through the bleed), since
    the cut only ends it. Elements drawn with `edge=true` (art meant for the
    edge) or `decoration=true` (ornament, no information) are passed over."""
    rectangle = cut.kind == "rectangle" or (not cut.corner_radius(face.w, face.h) and cut.kind == "rounded")
    if rectangle and _settled_at_once(face.elements, face.w, face.h, safe_mm):
        return []
    depth = cut.depth(face.w, face.h)
    clear = (lambda points, pad: _clear_of_rectangle(points, face.w, face.h, pad, safe_mm)) if rectangle else None
    worst: dict[int, Breach] = {}
    for el, kind, label, points, pad in _safe_marks(face.elements, _IDENTITY, clear):
        if rectangle and _clear_of_rectangle(points, face.w, face.h, pad, safe_mm):
            continue
        ds = [depth(x, y) for x, y in points]
        near, far = min(ds) - pad, max(ds) + pad
        if near >= safe_mm - SAFE_EPS_MM:
            continue
        if kind == "rule":
            if far <= -BLEED_MM + SLACK_MM or (near <= 0 and far >= safe_mm - SAFE_EPS_MM):
                continue  # cut away with the bleed, or running across the cut
            inside = [d for d in ds if d >= 0]  # a rule along the cut is as near as its part inside (its ends in the bleed are cut away)
            near = (min(inside) if inside else max(ds)) - pad
        found = worst.get(id(el))
        if found is None or near < found.depth:
            worst[id(el)] = Breach(el, kind, label, near)
    return list(worst.values())


def _settled_at_once(elements, w: float, h: float, safe_mm: float) -> bool:
    """Whether a face's own texts and rectangles (no group, no other shape) all settle by their boxes, as `_safe_marks`
    settles each with `_clear_of_rectangle`: the same extremes and the same sum, read in one pass over the face rather
    than through its generators, so a card's check costs a few comparisons a text run. False sends the face (any face
    with another kind of element, or a mark near the cut) to the general walk, which finds each breach."""
    limit = safe_mm - SAFE_EPS_MM
    for el in elements:
        kind = type(el)
        if kind is Text:
            if el.decoration or el.edge:
                continue
            if not _text_clear(el, w, h, limit):
                return False
        elif kind is Rect:
            if el.edge or not _rect_clear(el, w, h, limit):
                return False
        else:
            return False
    return True


def _text_clear(el: Text, w: float, h: float, limit: float) -> bool:
    """Whether the box around a text's marked runs (`_text_marks`'s) lies clear: True for a text with none. Each run's
    box is `op_box`'s, its sums written out here, and the box grows by comparisons: every text of a deck comes here."""
    x, y, left = el.x, el.y, None
    for op in el.ops:
        if type(op) is TextOp:
            if not op.text.strip():
                continue
            a, b = x + op.x / PT_PER_MM, y + (op.y - op.size * 0.75) / PT_PER_MM
            c, d = a + op.w / PT_PER_MM, y + (op.y + op.size * 0.2) / PT_PER_MM
        else:
            a, b = x + op.x / PT_PER_MM, y + op.y / PT_PER_MM
            c, d = a + op.size / PT_PER_MM, b + op.size / PT_PER_MM
        if left is None:
            left, top, right, bottom = a, b, c, d
            continue
        left, top = a if a < left else left, b if b < top else top  # as min() and max() pick: the first of equals
        right, bottom = c if c > right else right, d if d > bottom else bottom
    return left is None or min(min(left, right), min(top, bottom), w - max(left, right), h - max(top, bottom)) >= limit


def _rect_clear(el: Rect, w: float, h: float, limit: float) -> bool:
    """Whether a rectangle is no mark (an area), or a mark whose box settles it, as `_rect_marks` reads it."""
    x, y, rw, rh, fill, stroke, width = el[:7]
    if stroke is not None and width > 0:  # `_stroked`
        return _box_clear(x, y, x + rw, y + rh, w, h, width * 1.0 / 2, limit)
    if fill is not None and min(abs(rw), abs(rh)) <= RULE_MM:
        return _box_clear(x, y, x + rw, y + rh, w, h, min(abs(rw), abs(rh)) * 1.0 / 2, limit)
    return True


def _box_clear(x0: float, y0: float, x1: float, y1: float, w: float, h: float, pad: float, limit: float) -> bool:
    """`_clear_of_rectangle` of the box's four corners."""
    return min(min(x0, x1), min(y0, y1), w - max(x0, x1), h - max(y0, y1)) - pad >= limit


def _clear_of_rectangle(points, w: float, h: float, pad: float, safe_mm: float = SAFE_MM) -> bool:
    """Whether every point lies SAFE_MM inside a w × h rectangle: the depth min(x, y, w − x, h − y) is least at the points' extremes.

    Most marks of a face are well inside; this settles them without measuring each point."""
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return min(min(xs), min(ys), w - max(xs), h - max(ys)) - pad >= safe_mm - SAFE_EPS_MM


_IDENTITY = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)  # a face's own elements: face mm


class _Frame(NamedTuple):
    """Where a group of elements lands on the face: its transform into face mm, the scale a stroke's width takes, and the
    test (when the cut is rectangular) that settles a box clear of the safe area before its outline is sampled."""

    t: tuple
    scale: float
    clear: Callable | None

    def at(self, points) -> list[tuple[float, float]]:
        """Points of the group's own mm, in face mm."""
        t = self.t
        return [(t[0] * x + t[2] * y + t[4], t[1] * x + t[3] * y + t[5]) for x, y in points]

    def settled(self, box: tuple[float, float, float, float], pad: float) -> bool:
        """Whether the box (group mm), padded by `pad`, lies clear of the safe area: nothing in it need be sampled. A face's
        own elements (not in a group) are in face mm already: the identity would give back the same numbers."""
        if self.clear is None:
            return False
        return self.clear(_corners(*box) if self.t is _IDENTITY else self.at(_corners(*box)), pad)

    def pad(self, width: float) -> float:
        """Half a stroke of `width` (group mm), in face mm: how far the ink reaches past the line it follows."""
        return width * self.scale / 2


def _safe_marks(elements, t, clear: Callable | None = None):
    """(element, kind, label, points in face mm, half stroke width) for everything the safe area guards.

    With `clear` (whether points in face mm, padded by a half stroke width, all
    lie clear of a rectangular cut's safe area), an element whose box is clear
    is passed over before its outline is sampled: most of a face sits well
    inside, and four corners settle what would take up to 72 points."""
    frame = _Frame(t, math.sqrt(abs(t[0] * t[3] - t[1] * t[2])), clear)
    for el in elements:
        if not (getattr(el, "edge", False) or getattr(el, "decoration", False)):
            yield from _element_marks(el, frame)


def _stroked(stroke, width: float) -> bool:
    """Whether a shape's outline is drawn at all."""
    return stroke is not None and width > 0


def _element_marks(el, frame: _Frame):
    """The marks of one element the safe area guards (a group's, of its children), unless its box settles them."""
    match el:
        case Text():
            yield from _text_marks(el, frame)
        case Icon(name, _, x, y, w, h) if not frame.settled((x, y, x + w, y + h), 0.0):  # as the ellipse its box holds: an icon's art rarely fills the box's corners
            yield el, "icon", name, frame.at(_around(x + w / 2, y + h / 2, w / 2, h / 2)), 0.0
        case Line(x1, y1, x2, y2, _, width) if not frame.settled((x1, y1, x2, y2), frame.pad(width)):
            yield el, "rule", "line", frame.at(_along((x1, y1), (x2, y2))), frame.pad(width)
        case Rect():
            yield from _rect_marks(el, frame)
        case Circle(cx, cy, r, _, stroke, width) if _stroked(stroke, width) and not frame.settled((cx - r, cy - r, cx + r, cy + r), frame.pad(width)):
            yield el, "rule", "ring", frame.at(_around(cx, cy, r, r)), frame.pad(width)
        case Ellipse(x, y, w, h, _, stroke, width) if _stroked(stroke, width) and not frame.settled((x, y, x + w, y + h), frame.pad(width)):
            yield el, "rule", "ellipse's outline", frame.at(_around(x + w / 2, y + h / 2, w / 2, h / 2)), frame.pad(width)
        case Polygon(points, _, stroke, width, closed) if _stroked(stroke, width) and not frame.settled(_enclosing((px, py, px, py) for px, py in points), frame.pad(width)):
            pts = list(points)
            for a, b in zip(pts, pts[1:] + (pts[:1] if closed else []), strict=False):
                yield el, "rule", "polygon's outline", frame.at(_along(a, b)), frame.pad(width)
        case Group(gx, gy, rot, group_scale, children):
            yield from _safe_marks(children, group_transform(frame.t, gx, gy, rot, group_scale), frame.clear)


def _text_marks(el: Text, frame: _Frame):
    """Each run of a text (a word's box, an inline icon's) unless the box around them all settles them; blank runs are no mark."""
    runs = [(op, op_box(op, el.x, el.y)) for op in el.ops if type(op) is not TextOp or op.text.strip()]
    if not runs or frame.settled(runs[0][1] if len(runs) == 1 else _enclosing(box for _, box in runs), 0.0):
        return
    for op, box in runs:
        label = op.text.strip() if type(op) is TextOp else f":{op.icon}:"
        yield el, "text", label, frame.at(_corners(*box)), 0.0


def _rect_marks(el: Rect, frame: _Frame):
    """A stroked rectangle's four sides; an unstroked filled one as thin as a rule, as the rule along its middle."""
    x, y, w, h, fill, stroke, width = el[:7]
    if _stroked(stroke, width):
        if frame.settled((x, y, x + w, y + h), frame.pad(width)):
            return
        corners = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
        for a, b in zip(corners, corners[1:] + corners[:1], strict=True):
            yield el, "rule", "rectangle's outline", frame.at(_along(a, b)), frame.pad(width)
    elif fill is not None and min(abs(w), abs(h)) <= RULE_MM and not frame.settled((x, y, x + w, y + h), frame.pad(min(abs(w), abs(h)))):
        ends = ((x, y + h / 2), (x + w, y + h / 2)) if abs(w) >= abs(h) else ((x + w / 2, y), (x + w / 2, y + h))
        yield el, "rule", "thin rectangle", frame.at(_along(*ends)), frame.pad(min(abs(w), abs(h)))


def _enclosing(boxes) -> tuple[float, float, float, float]:
    """The box (x0, y0, x1, y1) around boxes.

    Depth inside a rectangular cut, min(x, y, w − x, h − y), is concave, so
    over this box mapped into the face (a parallelogram) it is least at a
    corner: when the four corners are clear of the safe area, all inside is."""
    x0s, y0s, x1s, y1s = zip(*boxes, strict=True)
    return min(x0s), min(y0s), max(x1s), max(y1s)


def _corners(x0: float, y0: float, x1: float, y1: float) -> list[tuple[float, float]]:
    return [(x0, y0), (x1, y0), (x0, y1), (x1, y1)]


def _along(a, b) -> list[tuple[float, float]]:
    """Points along a straight stroke: its closest and farthest points from any convex cut are among them."""
    return [(a[0] + (b[0] - a[0]) * k / SEGMENT_SAMPLES, a[1] + (b[1] - a[1]) * k / SEGMENT_SAMPLES) for k in range(SEGMENT_SAMPLES + 1)]


_UNIT_CIRCLE = [(math.cos(2 * math.pi * k / CIRCLE_SAMPLES), math.sin(2 * math.pi * k / CIRCLE_SAMPLES)) for k in range(CIRCLE_SAMPLES)]


def _around(cx: float, cy: float, rx: float, ry: float) -> list[tuple[float, float]]:
    return [(cx + rx * cos, cy + ry * sin) for cos, sin in _UNIT_CIRCLE]


def breach_subject(breach: Breach) -> str:
    """What a breach is, as a warning names it: text 'Gold', icon 'star', an ellipse's outline (its words cut at 30)."""
    label = breach.label if len(breach.label) <= 30 else breach.label[:29] + "…"
    return with_article(label) if breach.kind == "rule" else f"{'icon' if breach.kind == 'icon' else 'text'} '{label}'"


def safe_area_finding(breach: Breach, loc: Loc, what: str, game: str) -> Finding:
    """The warning for one breach, at `loc` (the template line that drew it), the piece its component."""
    subject = breach_subject(breach)
    harm = "a cut 1 mm off shows it crooked or cuts it" if breach.kind == "rule" else "a cut 1 mm off may clip it"
    where = f"{breach.depth:.1f} mm inside the cut" if breach.depth >= 0 else f"{-breach.depth:.1f} mm past the cut"
    return warning(f"{breach.kind}-outside-safe-area",
                   f"{subject} lies {where}, within the {SAFE_MM:g} mm safe area where {harm}: "
                   f"move it {SAFE_MM - breach.depth:.1f} mm inward, or draw it with edge=true if it is meant to run to the edge",
                   loc, game=game, component=what)


def render_findings(face, what: str, template: str | None, loc: Loc, game: str, root: Path | None = None) -> list[Finding]:
    """Warnings a printer would see: art past the bleed (the safe area and the pictures are checked as each face is drawn:
    pnp.layout.templates, pnp.layout.picture_checks).

    Each is at the template that draws it (`loc`, the piece's place, when there is none) with the piece as its
    component: a template whose art runs past the bleed on 21 cards is one mistake, said once, on 21 pieces."""
    kind = _past_bleed(face)
    if kind is None:
        return []
    at = Loc(f"templates/{template}") if template else loc
    return [warning("outside-bleed", f"{with_article(kind)} reaches past the {max(face.bleed, BLEED_MM):g} mm bleed and will be cut off: keep art "
                    "within -face.bleed … face.w + face.bleed", at, game=game, component=what)]


_PAST_BLEED: dict[tuple, str | None] = {}  # (w, h, bleed, what a face draws but its top-level text) → `_first_past_bleed`
MAX_PAST_BLEED = 4096  # faces' drawings held: past this the memory starts again


def _past_bleed(face) -> str | None:
    """`_first_past_bleed`, kept by what decides it: a deck's cards draw the same bands and frames around their words, and
    a face's text is never art past the bleed (words past it are the safe area's business)."""
    try:
        key = (face.w, face.h, face.bleed, tuple(el for el in face.elements if type(el) is not Text))
        kind = _PAST_BLEED.get(key, "")
    except TypeError:  # an element holding a list: judged for this face alone
        return _first_past_bleed(face)
    if kind == "":
        if len(_PAST_BLEED) >= MAX_PAST_BLEED:
            _PAST_BLEED.clear()
        kind = _PAST_BLEED[key] = _first_past_bleed(face)
    return kind


def _first_past_bleed(face) -> str | None:
    """The kind of the first element of `face` reaching past its bleed (or BLEED_MM) by more than SLACK_MM, or None."""
    w, h = face.w, face.h
    bleed = max(face.bleed, BLEED_MM)
    for kind, x0, y0, x1, y1 in face_bounds(face.elements, text=False):
        if x0 < -bleed - SLACK_MM or y0 < -bleed - SLACK_MM or x1 > w + bleed + SLACK_MM or y1 > h + bleed + SLACK_MM:
            return kind
    return None


def with_article(noun: str) -> str:
    """'an icon', 'a line': the noun with the article English gives it by its first sound."""
    return f"{'an' if noun[:1].lower() in 'aeiou' else 'a'} {noun}"


SAFE_AREA_CODES = frozenset(f"{kind}-outside-safe-area" for kind in ("text", "icon", "rule"))


def one_per_line(findings: list[Finding]) -> list[Finding]:
    """Safe-area warnings once per template line and kind, on every piece the line reaches (Finding.places): the
    first piece's words stand for them, as one mistake's do (pnp.core.errors.one_per_mistake).

    A strip drawn by one line of a deck's template breaches on every card; the
    line is what to change. Other findings pass through unchanged, in order."""
    first: dict[tuple, int] = {}
    places: dict[tuple, dict[str, None]] = {}
    out: list[Finding] = []
    for f in findings:
        if f.code not in SAFE_AREA_CODES:
            out.append(f)
            continue
        key = (f.game, f.loc, f.code)
        places.setdefault(key, {}).update(dict.fromkeys(f.places or (f.component,)))
        if key not in first:
            first[key] = len(out)
            out.append(f)
    for key, at in first.items():
        f = out[at]
        out[at] = Finding(f.severity, f.code, f.message, f.loc, f.game, f.component, tuple(p for p in places[key] if p))
    return out
