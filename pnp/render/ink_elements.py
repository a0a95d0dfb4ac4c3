"""A sheet page's ink from what it draws, where that is exact: no page rasterised.

A card sheet's page is faces placed in slots (each clipped to its bleed box), crop marks and a footer. Each is known
as elements (pnp.layout.elements): flat rectangles, rounded ones, circles and ellipses, their strokes, lines and text
in opaque colours. Their ink is worked
out as areas, with the CMYK conversion pnp.render.ink documents (K = 1 − max(R, G, B), …; `coverage`), in painter's
order: a rectangle counts where nothing drawn after it covers it (rectangles are cut into disjoint pieces, exactly),
and a line of text counts its glyphs' outline areas (pnp.render.glyph_ink), an icon of one colour its area (read once
from a fine raster of the icon alone: pnp.render.icon_ink), over the one flat colour beneath it. The
figure is the page's ∫ coverage dA / page area: what the raster converges to as its resolution grows, without the
24-dpi raster's error at every edge (the conversion is not linear in a pixel's blend of two colours).

Where the elements do not give the figure exactly, None says the page is rasterised as before (pnp.render.ink):
a face drawing an image, a gradient, an icon of several colours or translucent (an icon of one opaque colour is a shape
whose area pnp.render.icon_ink measures once), a QR code, a polygon, a stroke that bends tighter than half its width
(`_stroked`), a dashed or slanted line, a turned group, a translucent colour, text in a font that is not TrueType, or whose glyphs' outlines may meet
(`glyph_ink`), or text over more than one colour or under something drawn after it; a page of faces whose boxes
overlap, of a cut outline or a group's own cut guide, of a gutterfold or a cutting machine's marks, a grid bleeding
at its outer edges only, or a build with a colour filter. The ink saver's faces are measured as it draws them. A face's figure is worked out once however
often it is placed (`FaceInks`), within its bleed box where the face was drawn (`face_ink`: a deck helper sends it). Boards, tokens drawn with cut guides, rulebooks and the other outputs keep the raster.
"""
from __future__ import annotations

from functools import lru_cache
from math import pi as PI

from reportlab.pdfbase.pdfmetrics import getAscentDescent

from pnp.core.units import PT_PER_MM, pt, um
from pnp.layout.bidi import has_rtl
from pnp.layout.elements import Circle, Ellipse, Group, Icon, Line, Rect, Text
from pnp.layout.typeset import TextOp
from pnp.render.arcs import ROUND_ARC, ROUND_CORNER, quarter
from pnp.render.glyph_ink import draws, run_ink
from pnp.render.icon_ink import IconInks
from pnp.render.impose import MARK_WIDTH, FoldSheet, crop_mark_segments
from pnp.render.pdf import FOOTER_SIZE, REGISTRATION, SCALE_LABELS, beside_scale_bar, fit_footer
from pnp.render.print_floor import line_width

K = PT_PER_MM
FOOTER_GREY, MARK_COLOUR, BAR_COLOUR = "#333333", REGISTRATION, "#000000"  # pnp.render.pdf's footer (FOOTER_GREY), crop marks, scale bar


class Inexact(Exception):
    """What a page draws is not measured exactly from its elements: it is rasterised."""


def coverage(hex_value: str) -> float:
    """C + M + Y + K of an opaque '#rrggbb' colour, as pnp.render.ink converts a pixel of it (1 for black, 2 for red)."""
    if not isinstance(hex_value, str):
        raise Inexact(repr(hex_value))  # a gradient, or what no '#rrggbb' names
    return _coverage(hex_value)


@lru_cache(maxsize=1024)
def _coverage(hex_value: str) -> float:
    """`coverage`, kept by colour: a deck repeats a few colours (functools' cache, which the suite empties under mutmut)."""
    if len(hex_value) not in (7, 9) or hex_value[0] != "#" or hex_value[7:].lower() not in ("", "ff"):
        raise Inexact(repr(hex_value))  # a translucent colour, or one no '#rrggbb' names
    try:
        r, g, b = int(hex_value[1:3], 16), int(hex_value[3:5], 16), int(hex_value[5:7], 16)
    except ValueError:
        raise Inexact(hex_value) from None
    most = max(r, g, b)
    return (255 - most) / 255 + ((3 * most - r - g - b) / most if most else 0.0)


# An item a face or page paints: (x0, y0, x1, y1, coverage, area, inner). A flat rectangle filling its box has area
# None; a shape (text, a rounded rectangle, a circle, an ellipse) has its area in pt² inside its box, and `inner` the
# regions it certainly covers (boxes, or boxes with rounded corners: `_holds`; none for text), where what is drawn over
# it finds its colour beneath.
def _rect(x0: float, y0: float, x1: float, y1: float, cov: float) -> tuple:
    return (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1), cov, None, ())


def _meets(a, b) -> bool:
    """Whether two boxes share some area (touching edges do not)."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _inside(a, b) -> bool:
    """Whether box a lies within box b."""
    return b[0] <= a[0] and b[1] <= a[1] and a[2] <= b[2] and a[3] <= b[3]


def _minus(piece, cut) -> list:
    """The parts of box `piece` outside box `cut`, as up to four disjoint boxes."""
    if not _meets(piece, cut):
        return [piece]
    x0, y0, x1, y1 = piece[:4]
    out = []
    if cut[1] > y0:
        out.append((x0, y0, x1, cut[1]))
    if cut[3] < y1:
        out.append((x0, cut[3], x1, y1))
    top, bottom = max(y0, cut[1]), min(y1, cut[3])
    if cut[0] > x0:
        out.append((x0, top, cut[0], bottom))
    if cut[2] < x1:
        out.append((cut[2], top, x1, bottom))
    return out


def painted(items: list, clip) -> float:
    """Σ coverage × area (pt²) of `items` in painter's order within the box `clip`.

    Rectangles count where no rectangle drawn after them covers them. A shape counts its area × (its coverage − the
    one flat coverage beneath it), which holds where what lies beneath its box is one colour (the last item before it
    that meets its box holds the box within it) and nothing drawn after it meets its box but shapes lying on it so
    (text on a rounded panel); else Inexact."""
    kept: dict[int, tuple] = {}  # the rectangles within the clip: index → box
    for i, item in enumerate(items):
        if item[5] is None:
            box = (max(item[0], clip[0]), max(item[1], clip[1]), min(item[2], clip[2]), min(item[3], clip[3]))
            if box[0] < box[2] and box[1] < box[3]:
                kept[i] = box
    return _rectangles(items, kept) + _shapes(items, kept, clip)


def _rectangles(items: list, kept: dict) -> float:
    """Σ coverage × visible area of the rectangles `kept` (index → box within the clip): the topmost first, each
    counting where nothing above it has, cut into disjoint pieces."""
    total, covered = 0.0, []
    for i in reversed(kept):
        pieces = [kept[i]]
        for cut in covered:
            pieces = [part for piece in pieces for part in _minus(piece, cut)]
        total += items[i][4] * sum((p[2] - p[0]) * (p[3] - p[1]) for p in pieces)
        covered += pieces
    return total


def _shapes(items: list, kept: dict, clip) -> float:
    """What the shapes among `items` add over the one colour beneath each (`painted`)."""
    total = 0.0
    beneath: dict[int, int | None] = {}
    for i, item in enumerate(items):
        if item[5] is not None and _meets(item, clip):
            if not _inside(item, clip):
                raise Inexact("a shape cut by its clip")
            beneath[i] = _beneath(items, kept, i)
    seen: dict[int, float] = {}  # a shape's coverage: a stroke's hole (None) shows what lies beneath its stroke
    for i, under in beneath.items():
        item = items[i]
        x0, y0, x1, y1 = item[0], item[1], item[2], item[3]
        for j in range(i + 1, len(items)):  # what is drawn after it and meets it lies on it, as shapes lie on a panel
            o = items[j]
            if x0 < o[2] and o[0] < x1 and y0 < o[3] and o[1] < y1 and not _lies_on(beneath, j, i):
                raise Inexact("a shape under something drawn after it")
        below = 0.0 if under is None else seen.get(under, items[under][4])
        own = item[4]
        if own is None:
            outer = beneath[i - 1]
            own = 0.0 if outer is None else seen.get(outer, items[outer][4])
        seen[i] = own
        total += item[5] * (own - below)
    return total


def _lies_on(beneath: dict, j: int, i: int) -> bool:
    """Whether shape j lies on shape i, directly or on shapes lying on it (text on a stroke's hole on its stroke)."""
    while True:
        k = beneath.get(j)
        if k is None or k < i:
            return False
        if k == i:
            return True
        j = k


def _beneath(items: list, kept: dict, i: int) -> int | None:
    """The item whose one colour lies beneath shape `i`'s box (None: the paper); Inexact where none does."""
    x0, y0, x1, y1 = items[i][:4]
    if len(items[i]) > 7:  # what lies inside a stroke lies on it
        return i - 1
    for j in range(i - 1, -1, -1):
        other = items[j]
        box = kept.get(j) if other[5] is None else other
        if box is None or not (x0 < box[2] and box[0] < x1 and y0 < box[3] and box[1] < y1):
            continue
        if other[5] is None:
            if box[0] <= x0 and box[1] <= y0 and x1 <= box[2] and y1 <= box[3]:
                return j
        elif any(_holds(b, x0, y0, x1, y1) for b in other[6]):
            return j
        raise Inexact("a shape over more than one colour")
    return None


def _holds(region: tuple, x0: float, y0: float, x1: float, y1: float) -> bool:
    """Whether `region` (a box, or a box whose corners are rounded by quarter ellipses: `_rounded`) holds the box
    (x0, y0, x1, y1): a rounded box is convex, so it holds a box when it holds the box's four corners."""
    if not (region[0] <= x0 and region[1] <= y0 and x1 <= region[2] and y1 <= region[3]):
        return False
    return len(region) == 4 or all(_in_rounded(region, x, y) for x in (x0, x1) for y in (y0, y1))


def _in_rounded(region: tuple, x: float, y: float) -> bool:
    """Whether the point (x, y) of the region's box lies within its rounded corners (radii rx across, ry down)."""
    bx0, by0, bx1, by1, rx, ry = region
    dx = max(bx0 + rx - x, x - (bx1 - rx), 0.0)
    dy = max(by0 + ry - y, y - (by1 - ry), 0.0)
    return (dx / rx) ** 2 + (dy / ry) ** 2 <= 1.0


def _rounded(x0: float, y0: float, x1: float, y1: float, rx: float, ry: float) -> tuple:
    """The region of a box whose corners are quarter ellipses of radii rx and ry (a rounded rectangle's, rx = ry; an
    ellipse's, its semi-axes), within which reportlab's Bézier arcs paint (they lie just outside a true quarter)."""
    return (x0, y0, x1, y1, rx, ry) if rx > 0 and ry > 0 else (x0, y0, x1, y1)


def face_items(elements, ox: float = 0.0, oy: float = 0.0, s: float = 1.0, scale: float = 1.0, out: list | None = None,
               icons: IconInks | None = None) -> list:
    """What a face's elements paint, as items in its own points (origin at the trim's top-left, y down); Inexact for
    what is not measured here. `s` is the scale of these coordinates within the face, `scale` what they print at;
    `icons` measures the icons it draws (without it, a face drawing one is not measured here)."""
    out = [] if out is None else out
    for el in elements:
        kind = type(el)
        if kind is Rect:
            _rect_items(el, ox, oy, s, scale, out)
        elif kind is Text:
            _text_items(el, ox, oy, s, scale, icons, out)
        elif kind is Line:
            _line_items(el, ox, oy, s, scale, out)
        elif kind is Circle or kind is Ellipse:
            _round_items(el, ox, oy, s, scale, out)
        elif kind is Icon:
            _icon_item(icons, el.name, el.color, (el.x * K, el.y * K, el.w * K, el.h * K), el.outline, ox, oy, s, scale, out)
        elif isinstance(el, Group):
            x, y, rot, inner, children = el[:5]
            if rot:
                raise Inexact("a turned group")
            face_items(children, ox + s * x * K, oy + s * y * K, s * inner, scale * inner, out, icons)
        else:
            raise Inexact(kind.__name__)
    return out


def _rect_items(el: Rect, ox: float, oy: float, s: float, scale: float, out: list) -> None:
    """A rectangle's fill, then its stroke as four strips (square corners: reportlab's mitred joins)."""
    x0, y0 = ox + s * el.x * K, oy + s * el.y * K
    x1, y1 = x0 + s * el.w * K, y0 + s * el.h * K
    stroke = el.stroke if el.stroke_width > 0 else None
    if el.radius > 0 and (el.fill or stroke):
        _rounded_items(el, x0, y0, x1, y1, s * el.radius * K, stroke, scale, s, out)
        return
    if el.fill:
        if not isinstance(el.fill, str):
            raise Inexact("a gradient")
        out.append(_rect(x0, y0, x1, y1, coverage(el.fill)))
    if stroke:
        if el.dash:
            raise Inexact("a dashed stroke")
        half = s * line_width(el.stroke_width * K, scale) / 2
        cov = coverage(stroke)
        x0, x1, y0, y1 = min(x0, x1), max(x0, x1), min(y0, y1), max(y0, y1)
        if x1 - x0 <= 2 * half or y1 - y0 <= 2 * half:
            out.append(_rect(x0 - half, y0 - half, x1 + half, y1 + half, cov))
            return
        out += [_rect(x0 - half, y0 - half, x1 + half, y0 + half, cov), _rect(x0 - half, y1 - half, x1 + half, y1 + half, cov),
                _rect(x0 - half, y0 + half, x0 + half, y1 - half, cov), _rect(x1 - half, y0 + half, x1 + half, y1 - half, cov)]


def _rounded_items(el: Rect, x0: float, y0: float, x1: float, y1: float, r: float, stroke, scale: float, s: float, out: list) -> None:
    """A rounded rectangle as a shape: its box less four corners' worth of reportlab's arcs; it covers its box but for
    the corners (`inner`). A stroke makes it two shapes (`_stroked`); a radius past half a side is not measured here."""
    x0, x1, y0, y1 = min(x0, x1), max(x0, x1), min(y0, y1), max(y0, y1)
    if (el.fill and not isinstance(el.fill, str)) or 2 * r > min(x1 - x0, y1 - y0):
        raise Inexact("a rounded rectangle's gradient, or its radius past half a side")
    area = (x1 - x0) * (y1 - y0) - 4 * r * r * (1 - ROUND_CORNER)
    if not stroke:
        out.append((x0, y0, x1, y1, coverage(el.fill), area, _within(x0, y0, x1, y1, r)))
        return
    if el.dash:
        raise Inexact("a dashed stroke")
    d = s * line_width(el.stroke_width * K, scale) / 2
    length, bend = quarter(1.0, 1.0, 1 - 0.4472)
    _stroked((x0, y0, x1, y1), area, 2 * (x1 - x0 + y1 - y0 - 4 * r) + 4 * r * length, r * bend, d, el.fill, stroke, out,
             _within(x0 - d, y0 - d, x1 + d, y1 + d, r + d), _within(x0 + d, y0 + d, x1 - d, y1 - d, r - d))


def _within(x0: float, y0: float, x1: float, y1: float, r: float) -> tuple:
    """Regions a rounded rectangle certainly covers: the two boxes its corners leave whole, the one whose corners meet
    its arcs half-way round, and itself, its corners quarter circles (`_rounded`: what lies beside a curve, a badge in
    a corner, lies within none of the three boxes). Its corners hold a quarter circle of radius r (reportlab's arc lies just outside it); so do
    the outline grown or shrunk by d, whose corners are quarter circles of r ± d around the same centres."""
    c = r * (1 - 0.5 ** 0.5)
    return (x0 + r, y0, x1 - r, y1), (x0, y0 + r, x1, y1 - r), (x0 + c, y0 + c, x1 - c, y1 - c), _rounded(x0, y0, x1, y1, r, r)


def _round_items(el, ox: float, oy: float, s: float, scale: float, out: list) -> None:
    """A circle or ellipse (reportlab's four arcs) as a shape, covering the ellipse within them (`inner`, `_rounded`);
    stroked, two shapes (`_stroked`), each covering the box inscribed in it."""
    stroke = el.stroke if el.stroke and el.stroke_width > 0 else None
    if not el.fill and not stroke:
        return
    if el.fill and not isinstance(el.fill, str):
        raise Inexact("a gradient")
    if type(el) is Circle:
        cx, cy, a, b = ox + s * el.cx * K, oy + s * el.cy * K, s * el.r * K, s * el.r * K
    else:
        a, b = abs(s * el.w * K) / 2, abs(s * el.h * K) / 2
        cx, cy = ox + s * el.x * K + s * el.w * K / 2, oy + s * el.y * K + s * el.h * K / 2
    ia, ib = a / 2 ** 0.5, b / 2 ** 0.5
    if not stroke:
        out.append((cx - a, cy - b, cx + a, cy + b, coverage(el.fill), 4 * a * b * ROUND_ARC, (_rounded(cx - a, cy - b, cx + a, cy + b, a, b),)))
        return
    if getattr(el, "dash", None):
        raise Inexact("a dashed stroke")
    if min(a, b) <= 0:
        raise Inexact("a flat ellipse's stroke")
    d = s * line_width(el.stroke_width * K, scale) / 2
    length, bend = quarter(1.0, min(a, b) / max(a, b), 0.5522847498)  # an ellipse's quarter, its long semi-axis 1
    outer, hole = ((cx - ia, cy - ib, cx + ia, cy + ib),), ((cx - ia + d, cy - ib + d, cx + ia - d, cy + ib - d),) if min(ia, ib) > d else ()
    if a == b:  # a circle grown or shrunk by d is a circle: what lies within it lies on the stroke, or inside it
        outer, hole = (_rounded(cx - a - d, cy - a - d, cx + a + d, cy + a + d, a + d, a + d),), (_rounded(cx - a + d, cy - a + d, cx + a - d, cy + a - d, a - d, a - d),) if a > d else ()
    _stroked((cx - a, cy - b, cx + a, cy + b), 4 * a * b * ROUND_ARC, 4 * max(a, b) * length, max(a, b) * bend, d, el.fill, stroke, out, outer, hole)


def _stroked(box: tuple, area: float, length: float, bend: float, d: float, fill, stroke: str, out: list, outer: tuple, hole: tuple) -> None:
    """A convex outline of `area` and `length` (its box `box`), filled with `fill` (or not) and stroked `2d` wide, as two
    shapes: all it covers in the stroke's colour, then what lies inside the stroke in the fill's (or, with no fill,
    the colour beneath the first: a hole, coverage None), lying on the first (an eighth field).

    A stroke is the points within d of the outline: beyond it, the outline grown by d, whose area is A + dL + πd²
    (Steiner's formula, for any convex outline); within it, the outline shrunk by d, A − dL + πd², where the outline
    bends nowhere tighter than d (`bend`, its least radius of curvature); where it does the shrunk outline has corners
    and is not measured here. `outer` and `hole` are boxes each shape certainly covers."""
    if not d < bend:
        raise Inexact("a stroke wider than its outline's bend")
    x0, y0, x1, y1 = box
    grown, shrunk = area + d * length + PI * d * d, area - d * length + PI * d * d
    out.append((x0 - d, y0 - d, x1 + d, y1 + d, coverage(stroke), grown, outer))
    out.append((x0 + d, y0 + d, x1 - d, y1 - d, coverage(fill) if fill else None, shrunk, hole, True))


def _line_items(el: Line, ox: float, oy: float, s: float, scale: float, out: list) -> None:
    """A level or upright line with butt ends: a rectangle as long as the line and as wide as its stroke."""
    if not el.stroke or el.stroke_width <= 0:  # drawn as nothing (pnp.render.draw's _paint)
        return
    if el.dash:
        raise Inexact("a dashed line")
    half = s * line_width(el.stroke_width * K, scale) / 2
    x0, y0, x1, y1 = ox + s * el.x1 * K, oy + s * el.y1 * K, ox + s * el.x2 * K, oy + s * el.y2 * K
    if y0 == y1:
        out.append(_rect(x0, y0 - half, x1, y0 + half, coverage(el.stroke)))
    elif x0 == x1:
        out.append(_rect(x0 - half, y0, x0 + half, y1, coverage(el.stroke)))
    else:
        raise Inexact("a slanted line")


def _text_items(el: Text, ox: float, oy: float, s: float, scale: float, icons: IconInks | None, out: list) -> None:
    """Each run of text as an item: its glyphs' area within their box (y down, from its baseline); each icon in it as
    `_icon_item`, in the square it is set in."""
    bx, by = ox + s * el.x * K, oy + s * el.y * K
    for op in el.ops:
        if type(op) is not TextOp:
            _icon_item(icons, op.icon, op.color, (op.x, op.y, op.size, op.size), 0.0, bx, by, s, scale, out)
            continue
        ink = run_ink(op.font, op.text)
        if ink is None:
            raise Inexact("glyphs not measured")
        if ink.area:
            size = s * op.size
            x, base = bx + s * op.x, by + s * op.y
            out.append((x + ink.x0 * size, base - ink.y1 * size, x + ink.x1 * size, base - ink.y0 * size, coverage(op.color), ink.area * size * size, ()))


def _icon_item(icons: IconInks | None, name: str, colour: str | None, box: tuple, outline_mm: float, ox: float, oy: float, s: float,
               scale: float, out: list) -> None:
    """An icon drawn in `box` (x, top, w, h in points, moved by (ox, oy) and scaled by s) as a shape: its area in its one
    colour over the colour beneath (pnp.render.icon_ink), within its ink's box."""
    if icons is None:
        raise Inexact("an icon")
    found = icons.item(name, colour, *box, scale, outline_mm)
    if type(found) is str:
        raise Inexact(found)
    (x0, y0, x1, y1), area, paint = found
    if area:
        out.append((ox + s * x0, oy + s * y0, ox + s * x1, oy + s * y1, coverage(paint), area * s * s, ()))


def items_of(face, icons: IconInks | None = None) -> list | str:
    """A face's items (`face_items`), or why it is rasterised: the Inexact's words, not the Inexact raised, whose
    traceback would hold every frame under it and above it (the page's placed faces, its key) for as long as it is kept."""
    try:
        return face_items(face.elements, icons=icons)
    except Inexact as exc:
        return str(exc)


@lru_cache(maxsize=64)
def face_clip(w_um: int, h_um: int, bleed_um: int) -> tuple:
    """A face's bleed box in its own points (y down from the trim's top-left): its clip on a sheet wherever no page edge
    cuts it. One tuple for every face of a size, so a helper process sends it once (pickle sends a shared object once)."""
    return (-pt(bleed_um), -pt(bleed_um), pt(w_um + bleed_um), pt(h_um + bleed_um))


def clip_of(face) -> tuple:
    """`face_clip` of a face."""
    return face_clip(um(face.w), um(face.h), round(face.bleed * 1000))


def face_ink(face, icons: IconInks | None = None) -> tuple | str:
    """(its clip, its figure or why that clip is not measured here) of a face within its bleed box (`clip_of`), or why
    it is rasterised whatever its clip (`items_of`): worked out where the face was drawn (pnp.outputs.cards's deck
    helper), the figure sent and not its items."""
    items = items_of(face, icons)
    if type(items) is str:
        return items
    clip = clip_of(face)
    try:
        return clip, painted(items, clip)
    except Inexact as exc:  # the words, not the exception and the frames it holds (`items_of`)
        return clip, str(exc)


class FaceInks:
    """Each face's ink (Σ coverage × area, pt²) within a clip box, worked out once however often it is placed (a face
    is known by its identity: a deck's faces are the same objects on every page, and hashing one walks its elements).
    Its items are not kept: a face is placed within its bleed box (`face_ink`), and placed past a page's edge it is
    worked out again, for that clip."""

    def __init__(self, known: dict | None = None, icons: IconInks | None = None):
        # id(face) → (face, `face_ink`); `known` holds those another process worked out where it drew the faces
        # (pnp.outputs.cards's deck helper), and may fill as the pages are drawn
        self._inks: dict = known if known is not None else {}
        self._figures: dict = {}  # (id(face), clip) → figure, for a clip other than its bleed box
        self.icons = icons

    def figure(self, face, clip) -> float:
        kept = self._inks.get(id(face))
        if kept is None:
            kept = self._inks[id(face)] = (face, face_ink(face, self.icons))  # the face held: its id is not given to another
        ink = kept[1]
        if type(ink) is str:
            raise Inexact(ink)
        if ink[0] == clip:
            if type(ink[1]) is str:
                raise Inexact(ink[1])
            return ink[1]
        key = (id(face), clip)
        figure = self._figures.get(key)
        if figure is None:
            items = items_of(face, self.icons)
            figure = self._figures[key] = painted(items, clip)
        return figure


class PageInks:
    """Each page's ink from its elements for one sheet PDF (pnp.render.page_keys.PageKeys asks it of every page): its
    faces' figures kept across pages, and what its pages share (the crop marks of a grid, the faces' boxes) worked out
    once. `common` is the PDF's (font, no colour filter, ink saver); `scale_label` the scale bar's words, or None where
    the pages draw what no element here names (a cutting machine's marks); `known`, faces' items worked out elsewhere (FaceInks)."""

    def __init__(self, common: tuple, scale_label: str | None, known: dict | None = None, icons: IconInks | None = None):
        self.common, self.scale_label, self.faces = common, scale_label, FaceInks(known, icons)
        self._marks: dict = {}  # (marks, offset) → (their items, their ink, the box holding them)
        self._apart: dict = {}  # (faces' boxes, marks, offset) → whether no two of them meet

    def page(self, sheet, placed, marks, footer: tuple, scale_bar: bool, offset) -> float | None:
        """The page's coverage (`page_ink`), or None where it is to be rasterised: a colour filter, furniture no
        element here names, or what `page_ink` does not measure. With the ink saver, `placed` holds the faces as it
        draws them (lightened, the common back framed): measured like any other."""
        font, plain, _ = self.common
        if not plain or self.scale_label is None:
            return None
        try:
            return self.page_ink(sheet, placed, marks, offset, self._footer(sheet, font, footer, scale_bar, offset))
        except Inexact:
            return None

    def _footer(self, sheet, font: str, footer: tuple, scale_bar: bool, offset) -> list:
        """The footer's items: its words as pnp.render.pdf's footer fits them (`fit_footer`, `beside_scale_bar`), where
        the font draws each character of every wording it may choose (else reportlab's measure would differ)."""
        texts, keep = footer
        labels = (self.scale_label, *SCALE_LABELS[1:])
        if any(has_rtl(t) or not draws(font, t) for t in (*texts, keep, *labels)):
            raise Inexact("a footer's words")
        length = sheet.page_h if sheet.footer_side == "left" else sheet.page_w
        room = pt(length - sheet.footer_limit - um(1)) - pt(sheet.footer_limit + um(1))
        if scale_bar:
            line, size, label = beside_scale_bar(texts, font, room, keep, labels)
        else:
            (line, size), label = fit_footer(texts, font, room, keep), None
        return footer_items(sheet, font, line, size, label, offset)

    def page_ink(self, sheet, placed, marks, offset, footer: list) -> float:
        """A sheet page's coverage (page equivalents): its faces in their clips, its crop marks and `footer`'s items (in
        page points, y up), all moved by `offset` (mm); Inexact for a page not measured here."""
        if isinstance(sheet, FoldSheet) or sheet.avoid:
            raise Inexact("a gutterfold sheet, or a cutting machine's marks")
        w, h = pt(sheet.page_w), pt(sheet.page_h)
        ox, oy = (v * 72 / 25.4 for v in offset)
        total, boxes = self._faces(placed, ox, oy, w, h)
        items, ink, held = self._marks_of(marks, ox, oy, (0.0, 0.0, w, h))
        boxes_key = (tuple(boxes), marks, ox, oy)
        apart = self._apart.get(boxes_key)
        if apart is None:
            apart = self._apart[boxes_key] = not any(_meets(a, b) for i, a in enumerate(boxes) for b in boxes[i + 1:]) and not any(
                _meets(item, box) for item in items for box in boxes)
        if not apart or any(_meets(item, box) for item in footer for box in boxes):
            raise Inexact("faces overlapping, or furniture over a face")
        if footer and any(_meets(item, held) for item in footer):  # the footer among the marks: painted with them
            return (total + painted(items + footer, (0.0, 0.0, w, h))) / (w * h)
        return (total + ink + painted(footer, (0.0, 0.0, w, h))) / (w * h)

    def _faces(self, placed, ox: float, oy: float, w: float, h: float) -> tuple[float, list]:
        """(Σ the faces' ink in their clips, their boxes on the page) of a page's placed faces, moved by (ox, oy) points."""
        total, boxes = 0.0, []
        for p in placed:
            run, slot, face, rotate = p[:4]
            if run.group.outlined or any(run.grid.edge_bleed) or run.group.cut_guide is not None:
                raise Inexact("a clip other than the bleed box")
            if rotate:  # only a gutterfold's backs are turned, and its sheets are rasterised (`page_ink`)
                raise Inexact("a face turned on its page")
            b = round(face.bleed * 1000)  # µm, as the slots: neighbours' edges come out the same floats
            x, y, fh = pt(slot.x) + ox, pt(slot.y) + oy, pt(slot.h)
            whole = (pt(slot.x - b) + ox, pt(slot.y - b) + oy, pt(slot.x + slot.w + b) + ox, pt(slot.y + slot.h + b) + oy)
            box = (max(whole[0], 0.0), max(whole[1], 0.0), min(whole[2], w), min(whole[3], h))
            if box[0] >= box[2] or box[1] >= box[3]:
                continue
            boxes.append(box)
            if box == whole and (slot.w, slot.h) == (um(face.w), um(face.h)):
                clip = clip_of(face)  # no page edge cuts it: its bleed box, as the process that drew it worked it out (`face_ink`)
            else:
                clip = (box[0] - x, y + fh - box[3], box[2] - x, y + fh - box[1])  # in the face's own points, y down from its top
            total += self.faces.figure(face, clip)
        return total, boxes

    def _marks_of(self, marks, ox: float, oy: float, page: tuple) -> tuple:
        """(items, ink, the box holding them) of a page's crop marks, worked out once for the pages sharing them."""
        key = (marks, ox, oy)
        kept = self._marks.get(key)
        if kept is None:
            items = _mark_items(marks, ox, oy)
            held = (min(i[0] for i in items), min(i[1] for i in items), max(i[2] for i in items), max(i[3] for i in items)) if items else (0, 0, 0, 0)
            kept = self._marks[key] = (items, painted(items, page), held)
        return kept


def _mark_items(marks, ox: float, oy: float) -> list:
    """The crop marks as rectangles (level or upright lines with butt ends), moved by (ox, oy) points."""
    half, cov, out = MARK_WIDTH / 2, coverage(MARK_COLOUR), []
    for grid, slots in marks:
        for x0, y0, x1, y1 in crop_mark_segments(grid, list(slots)):
            x0, y0, x1, y1 = pt(x0) + ox, pt(y0) + oy, pt(x1) + ox, pt(y1) + oy
            if y0 == y1:
                out.append(_rect(x0, y0 - half, x1, y0 + half, cov))
            elif x0 == x1:
                out.append(_rect(x0 - half, y0, x0 + half, y1, cov))
            else:
                raise Inexact("a slanted mark")
    return out


def footer_items(sheet, font: str, line: str, size: float, label: str | None, offset) -> list:
    """The footer's words (`line` at `size`) and, with a `label`, the scale bar and its label, as pnp.render.pdf draws
    them (`_footer`, `_scale_bar`), as items in page points moved by `offset` (mm)."""
    limit, side = sheet.footer_limit, sheet.footer_side
    descent = getAscentDescent(font, FOOTER_SIZE)[1]
    length = sheet.page_h if side == "left" else sheet.page_w
    baseline = 0.0 if side == "left" else pt(limit) - descent + 0.3
    start, end = pt(limit + um(1)), pt(length - limit - um(1))
    local = [_words(font, line, size, start, baseline)]
    if label is not None:
        bar, y = pt(um(50)), baseline + 0.5
        x0 = end - bar
        local.append(_rect(x0, y - 0.25, x0 + bar, y + 0.25, coverage(BAR_COLOUR)))
        local += [_rect(x0 + pt(um(10 * i)) - 0.25, y, x0 + pt(um(10 * i)) + 0.25, y + (4 if i in (0, 5) else 2.5), coverage(BAR_COLOUR))
                  for i in range(6)]
        words = run_ink(font, label)
        if words is None:
            raise Inexact("the scale bar's label")
        local.append(_words(font, label, FOOTER_SIZE, x0 - 4 - words.advance * FOOTER_SIZE, baseline))
    ox, oy = (v * 72 / 25.4 for v in offset)
    if side == "left":  # turned to read upwards: (u, v) along and up the line is (t − v, u) on the page
        t = pt(limit) + FOOTER_SIZE + descent + 0.3
        return [(t - i[3] + ox, i[0] + oy, t - i[1] + ox, i[2] + oy, *i[4:]) for i in local if i is not None]
    return [(i[0] + ox, i[1] + oy, i[2] + ox, i[3] + oy, *i[4:]) for i in local if i is not None]


def _words(font: str, text: str, size: float, x: float, baseline: float) -> tuple | None:
    """A line of margin text as an item (y up), None when it prints no glyph; Inexact where its glyphs are not measured."""
    ink = run_ink(font, text)
    if ink is None:
        raise Inexact("a margin's words")
    if not ink.area:
        return None
    return (x + ink.x0 * size, baseline + ink.y0 * size, x + ink.x1 * size, baseline + ink.y1 * size, coverage(FOOTER_GREY), ink.area * size * size, ())
