"""Low-ink faces: large fills become light tints with outlines; deck backs become a thin frame.

Works on recorded faces, so every game saves ink without template edits
(templates may still read `ink_saver` and do better). A deck's common back
becomes a thin frame with its own drawing in outline (`frame_back`). What the
rules for every other face keep:
  - a fill covering more than LARGE of the trim keeps TINT of its colour's
    strength and gains an outline in its own colour, so shapes stay readable;
  - so do fills of one colour that together cover more than NETWORK of the
    trim, each too small alone (a city's streets, drawn a segment at a time),
    tinted without outlines: an outline round each piece would cross the
    network at every joint;
  - light text, icons and strokes that sat on such a fill (white on a dark
    header) take the fill's colour, darkened, or they would vanish;
  - everything small (pips, icons, rules, text) prints as designed;
  - and then, measured on the lightened face with the readability check's
    walk, any text run or icon that no longer stands out from the ground now
    under it (a digit on a badge that took the header's colour, a symbol on a
    disc that took the band's) is darkened or lightened until it does:
    nothing a player reads is lost to save ink.
"""
from __future__ import annotations

import math

from pnp.core import colour as colours
from pnp.core.colour import BLACK, WHITE, contrast, luminance, until_contrast
from pnp.core.units import PT_PER_MM, add_up
from pnp.layout.elements import Circle, Ellipse, Face, Gradient, Group, Icon, Line, Polygon, Rect, Text, icons_used
from pnp.layout.gradients import darkest, retinted
from pnp.layout.readability import low_contrast
from pnp.layout.typeset import TextOp
from pnp.render.print_floor import MIN_TEXT_PT

TINT = 0.12  # share of the original colour kept in a large fill
LARGE = 0.04  # of the trim area: a 13 × 13 mm patch on a poker card
NETWORK = 0.10  # of the trim area: fills of one colour that together cover this much are one ground drawn in pieces (streets)
BACKGROUND = 0.9  # of the trim area: a fill this large is the background, framed by the trim itself
OUTLINE_MM = 0.35
OFF_TRIM_MM = 1.0  # an outline side nearer the trim than this is left out: a 0.5 mm miscut would show it on a neighbour
LIGHT = 0.7  # relative luminance above which a colour needs a dark ground to be seen
DARK_ENOUGH = 0.35  # luminance a recoloured foreground is darkened to, at most
FRAME_COLOUR = "#7a7a7a"
TITLE_COLOUR = "#4a4a4a"
ICON_OUTLINE_MM = 0.3  # a framed back's icons, drawn as outlines this wide
GROUND = 0.5  # of the trim area: a fill this large is a back's ground, which its framed version leaves out


def tint(hex_value: str, strength: float = TINT) -> str:
    """A large fill's colour as the ink saver prints it: mostly white."""
    return colours.tint(hex_value, strength)


def darken(hex_value: str, target: float = DARK_ENOUGH) -> str:
    """A foreground colour dark enough to read on a tinted ground."""
    return colours.darken(hex_value, target)


def _light(colour: str | None) -> bool:
    return colour is not None and luminance(colour) >= LIGHT


class _Lightener:
    def __init__(self, face: Face):
        self.trim_area = max(face.w * face.h, 1e-6)
        self.face = face
        self.grounds: list[tuple] = []  # (x0, y0, x1, y1, original colour) of tinted fills, in face mm
        self.icons: set = set(face.icons)
        self.networks = _networks(face.elements, NETWORK * self.trim_area)

    def run(self, elements, ox=0.0, oy=0.0, scale=1.0) -> tuple:
        out = []
        for el in elements:
            new = self._element(el, ox, oy, scale)
            if type(el) is Rect and new.stroke is not None and el.stroke is None and (ox, oy, scale) == (0.0, 0.0, 1.0):
                out.extend(self._outline_in_trim(new))
            else:
                out.append(new)
        return tuple(out)

    def _outline_in_trim(self, rect: Rect) -> list:
        """A tinted rect and its new outline, drawn only along the sides that lie inside the trim.

        A side on the trim line (or within a miscut of it) is left out: the cut
        frames the fill there, and a line along it would show as a hairline on
        one card or its neighbour when the cut lands 0.5 mm off."""
        x, y, w, h = rect.x, rect.y, rect.w, rect.h
        x0, y0 = max(min(x, x + w), 0.0), max(min(y, y + h), 0.0)
        x1, y1 = min(max(x, x + w), self.face.w), min(max(y, y + h), self.face.h)
        fill_only = rect._replace(stroke=None)
        if x1 <= x0 or y1 <= y0:
            return [fill_only]
        inside = {"left": x0 >= OFF_TRIM_MM, "top": y0 >= OFF_TRIM_MM,
                  "right": x1 <= self.face.w - OFF_TRIM_MM, "bottom": y1 <= self.face.h - OFF_TRIM_MM}
        if all(inside.values()):
            return [fill_only, rect._replace(x=x0, y=y0, w=x1 - x0, h=y1 - y0, fill=None)]
        sides = {"left": (x0, y0, x0, y1), "top": (x0, y0, x1, y0), "right": (x1, y0, x1, y1), "bottom": (x0, y1, x1, y1)}
        colour, width = rect.stroke, rect.stroke_width
        return [fill_only] + [Line(*sides[side], colour, width, None) for side, kept in inside.items() if kept]

    # A light foreground colour over a tinted ground takes the ground's colour, darkened.
    def _fore(self, colour, x, y):
        if not _light(colour):
            return colour
        for x0, y0, x1, y1, ground in reversed(self.grounds):
            if x0 <= x <= x1 and y0 <= y <= y1:
                return darken(ground) if ground is not None else colour  # None: a light panel kept as drawn
        return colour

    def _fill(self, fill, stroke, sw, area, box):
        """(fill, stroke, stroke width) of a filled shape, tinting it when large; a gradient as its darkest stop stands
        for it, each of its stops tinted alike."""
        if type(fill) is Gradient:
            stand_in, stroke, sw = self._fill(darkest(fill), stroke, sw, area, box)
            return (fill if stand_in == darkest(fill) else retinted(fill, tint)), stroke, sw
        cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
        ground_under = next((g[4] for g in reversed(self.grounds) if g[0] <= cx <= g[2] and g[1] <= cy <= g[3]), None)
        network = area < LARGE * self.trim_area and fill in self.networks and not _light(fill)  # a small piece of a large ground
        if fill is None or (area < LARGE * self.trim_area and not network):
            return self._small_fill(fill, stroke, sw, box, ground_under)
        return self._ground_fill(fill, stroke, sw, box, ground_under, framed=area >= BACKGROUND * self.trim_area or network)

    def _small_fill(self, fill, stroke, sw, box, ground_under):
        """A small shape keeps its fill; a light slot or panel keeps its colour (and what is drawn on it), outlined on a tinted ground."""
        if _light(fill):
            self.grounds.append((*box, None))
            if stroke is None and ground_under is not None:
                return fill, darken(ground_under), OUTLINE_MM
        return fill, (self._fore(stroke, box[0], box[1]) if stroke else stroke), sw

    def _ground_fill(self, fill, stroke, sw, box, ground_under, framed: bool):
        """A large shape is a ground: tinted, and outlined in its own colour (a light panel, in the darkened ground it
        sits on, where its edge would vanish) unless `framed`: the trim frames a background (an outline would sit in
        the bleed), and a network's pieces join."""
        if not _light(fill):
            self.grounds.append((*box, fill))
            outline = fill
        else:
            self.grounds.append((*box, None))
            outline = darken(ground_under) if ground_under else None
        if framed:
            outline = None
        if stroke is None and outline is not None:
            stroke, sw = outline, OUTLINE_MM
        elif stroke is not None:
            stroke = self._fore(stroke, box[0], box[1])
        return tint(fill), stroke, sw

    def _element(self, el, ox, oy, s):
        match el:
            case Rect(x, y, w, h, fill, stroke, sw):
                box = (ox + x * s, oy + y * s, ox + (x + w) * s, oy + (y + h) * s)
                fill, stroke, sw = self._fill(fill, stroke, sw, abs(w * h) * s * s, _ordered(box))
                return el._replace(fill=fill, stroke=stroke, stroke_width=sw)
            case Circle(cx, cy, r, fill, stroke, sw):
                box = (ox + (cx - r) * s, oy + (cy - r) * s, ox + (cx + r) * s, oy + (cy + r) * s)
                fill, stroke, sw = self._fill(fill, stroke, sw, math.pi * r * r * s * s, box)
                return el._replace(fill=fill, stroke=stroke, stroke_width=sw)
            case Ellipse(x, y, w, h, fill, stroke, sw):
                box = _ordered((ox + x * s, oy + y * s, ox + (x + w) * s, oy + (y + h) * s))
                fill, stroke, sw = self._fill(fill, stroke, sw, math.pi * abs(w * h) / 4 * s * s, box)
                return el._replace(fill=fill, stroke=stroke, stroke_width=sw)
            case Polygon(pts, fill, stroke, sw, closed):
                xs, ys = [ox + p[0] * s for p in pts], [oy + p[1] * s for p in pts]
                area = abs(add_up(xs[i] * ys[i - 1] - xs[i - 1] * ys[i] for i in range(len(pts)))) / 2 if closed else 0.0
                fill, stroke, sw = self._fill(fill, stroke, sw, area, (min(xs), min(ys), max(xs), max(ys)))
                return el._replace(fill=fill, stroke=stroke, stroke_width=sw)
            case Line(x1, y1, x2, y2, stroke):
                return el._replace(stroke=self._fore(stroke, ox + (x1 + x2) / 2 * s, oy + (y1 + y2) / 2 * s))
            case Text(x, y, ops):
                return el._replace(ops=tuple(self._op(op, ox + x * s, oy + y * s, s) for op in ops))
            case Icon(name, colour, x, y, w, h):
                new = self._fore(colour, ox + (x + w / 2) * s, oy + (y + h / 2) * s)
                self.icons.add((name, new))
                return el._replace(color=new)
            case Group(x, y, _, scale, children):
                # rotation is ignored when locating grounds: near enough for "is this on that header"
                return el._replace(children=self.run(children, ox + x * s, oy + y * s, s * scale))
        return el

    def _op(self, op, x0, y0, s):
        k = s / PT_PER_MM
        if type(op) is TextOp:
            new = self._fore(op.color, x0 + (op.x + op.w / 2) * k, y0 + (op.y - op.size / 3) * k)
            return op._replace(color=new) if new != op.color else op
        new = self._fore(op.color, x0 + (op.x + op.size / 2) * k, y0 + (op.y + op.size / 2) * k)
        if new != op.color:
            self.icons.add((op.icon, new))
            return op._replace(color=new)
        return op


def _networks(elements, least: float) -> set[str]:
    """The fill colours whose shapes (at the top level and in unscaled groups) together cover at least `least` mm²."""
    totals: dict[str, float] = {}

    def walk(els):
        for el in els:
            match el:
                case Rect(fill=fill) | Circle(fill=fill) | Ellipse(fill=fill) | Polygon(fill=fill, closed=True) if fill:
                    totals[fill] = totals.get(fill, 0.0) + _area_of(el)
                case Group(scale=1.0, children=children):
                    walk(children)
    walk(elements)
    return {colour for colour, area in totals.items() if area >= least}


def _area_of(shape) -> float:
    """A shape's own area in mm² (a polygon's by the shoelace formula)."""
    match shape:
        case Rect(_, _, w, h):
            return abs(w * h)
        case Circle(_, _, r):
            return math.pi * r * r
        case Ellipse(_, _, w, h):
            return math.pi * abs(w * h) / 4
        case Polygon(pts):
            return abs(add_up(pts[i][0] * pts[i - 1][1] - pts[i - 1][0] * pts[i][1] for i in range(len(pts)))) / 2
    return 0.0


def _ordered(box):
    x0, y0, x1, y1 = box
    return (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))


def lighten_face(face: Face) -> Face:
    """The face with large fills turned to outlined tints, light marks on them darkened, and every mark still legible."""
    job = _Lightener(face)
    elements = restore_contrast(Face(face.w, face.h, face.bleed, job.run(face.elements), frozenset()))
    return Face(face.w, face.h, face.bleed, elements, icons_used(elements))


def legible(colour: str, ground: str, ratio: float) -> str:
    """`colour` moved towards black (on a light ground) or white (on a dark one) until it reaches `ratio` against `ground`."""
    towards = BLACK if contrast(BLACK, ground) >= contrast(WHITE, ground) else WHITE
    return until_contrast(colour[:7], towards, ground, ratio)


def restore_contrast(face: Face) -> tuple:
    """The face's elements with every text run and icon below WCAG's contrast on the ground under it recoloured to reach it."""
    fixes: dict[tuple[int, object], str] = {}
    for m in low_contrast(face):
        fixes[(id(m.element), m.op)] = legible(m.colour, m.ground, m.needed)
    return _recoloured(face.elements, fixes) if fixes else face.elements


def _recoloured(elements, fixes: dict) -> tuple:
    out = []
    for el in elements:
        match el:
            case Text(_, _, ops):
                if any((id(el), op) in fixes for op in ops):
                    el = el._replace(ops=tuple(op._replace(color=fixes[(id(el), op)]) if (id(el), op) in fixes else op for op in ops))
            case Icon():
                if (id(el), None) in fixes:
                    el = el._replace(color=fixes[(id(el), None)])
            case Group(children=children):
                el = el._replace(children=_recoloured(children, fixes))
        out.append(el)
    return tuple(out)


def frame_back(back: Face, title: str, subtitle: str, font: str) -> Face:
    """A back that costs almost no ink and is still known at a glance: a thin frame, and the back's own drawing in
    outline (its icons and shapes as grey outlines, its words in dark grey), the ground it is printed on left out.

    Decks whose backs differ by their icon and label (and, in colour, by their ground) stay apart without it. A back
    that draws nothing of its own but its ground gets the game's title and the deck's name (`subtitle`), each where it
    fits whole: a back's own drawing (Police Precinct's "?", a colony's cluster) is never overprinted by a name, and a
    name is never cut short ("Germ Ty…" on a 20 mm token said nothing)."""
    w, h = back.w, back.h
    inset = min(3.0, w / 10, h / 10)
    elements = [Rect(inset, inset, w - 2 * inset, h - 2 * inset, None, FRAME_COLOUR, 0.3, min(2.5, inset), None)]
    traced, _ = _in_outline(back.elements, w, h)
    elements += traced
    if not traced:
        elements.append(_title_block(w, h, inset, title, subtitle, font))
    return Face(w, h, back.bleed, tuple(elements), icons_used(elements))


def _in_outline(elements, w: float, h: float, top: bool = True) -> tuple[list, bool]:
    """(the elements as `frame_back` draws them, whether any says something): fills become outlines, icons outlined,
    words dark grey; a fill over GROUND of the trim (the back's ground) and, at the top level, a shape that reaches
    within OFF_TRIM_MM of the trim (a band to the edge, whose outline a miscut would show on a neighbour) left out."""
    out, words = [], False
    for el in elements:
        match el:
            case Rect() | Circle() | Ellipse() | Polygon():
                if _outlined(el, w, h, top):
                    width = min(el.stroke_width, OUTLINE_MM) if el.stroke is not None and el.stroke_width > 0 else OUTLINE_MM
                    out.append(el._replace(fill=None, stroke=FRAME_COLOUR, stroke_width=width))
            case Line():
                out.append(el._replace(stroke=FRAME_COLOUR))
            case Icon():
                out.append(el._replace(color=FRAME_COLOUR, outline=ICON_OUTLINE_MM))
            case Text(ops=ops) if any(type(op) is TextOp and op.text.strip() for op in ops):
                out.append(el._replace(ops=tuple(op._replace(color=TITLE_COLOUR) for op in ops)))
                words = True
            case Group(children=children):
                inner, said = _in_outline(children, w, h, top=False)
                if inner:
                    out.append(el._replace(children=tuple(inner)))
                words = words or said
    return out, words


def _outlined(shape, w: float, h: float, top: bool) -> bool:
    """Whether a shape is drawn in outline on a w × h back: not when it draws nothing, covers the back's ground, or (at
    the top level) reaches within OFF_TRIM_MM of the trim."""
    if (shape.fill is None and shape.stroke is None) or _area(shape) >= GROUND * w * h:
        return False
    box = _box(shape)
    return not (top and (box[0] < OFF_TRIM_MM or box[1] < OFF_TRIM_MM or box[2] > w - OFF_TRIM_MM or box[3] > h - OFF_TRIM_MM))


def _box(shape) -> tuple[float, float, float, float]:
    """The box a shape covers on its face (x0, y0, x1, y1)."""
    match shape:
        case Rect(x, y, w, h) | Ellipse(x, y, w, h):
            return _ordered((x, y, x + w, y + h))
        case Circle(cx, cy, r):
            return cx - r, cy - r, cx + r, cy + r
        case Polygon(points):
            xs, ys = [p[0] for p in points], [p[1] for p in points]
            return min(xs), min(ys), max(xs), max(ys)
    return 0.0, 0.0, 0.0, 0.0


def _area(shape) -> float:
    x0, y0, x1, y1 = _box(shape)
    return (x1 - x0) * (y1 - y0)


def _title_block(w: float, h: float, inset: float, title: str, subtitle: str, font: str) -> Text:
    """The game's title and the deck's name, centred: what a back with no drawing of its own says in ink saver. Each
    is set whole, shrunk to fit its frame down to the small-print floor (MIN_TEXT_PT), or left out: a name cut short
    names nothing."""
    from reportlab.pdfbase.pdfmetrics import stringWidth
    k = PT_PER_MM
    ops = []
    room = (w - 2 * inset - 4) * k
    y = h / 2 * k
    for text, size, colour in ((title, 14.0, TITLE_COLOUR), (subtitle, 8.0, FRAME_COLOUR)):
        width1 = stringWidth(text, font, 1) if text else 0.0
        if not width1 or room / width1 < MIN_TEXT_PT:
            continue
        size = min(size, room / width1)
        tw = stringWidth(text, font, size)
        ops.append(TextOp((w * k - tw) / 2, y, font, size, colour, text, tw))
        y += size * 1.4
    return Text(0.0, 0.0, tuple(ops))
