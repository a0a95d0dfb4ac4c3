"""The drawing functions templates call (`rect`, `text`, `icon`, …): each records one element of the face being drawn.

Elements are plain immutable values, so a face is a hashable value: identical
faces are drawn once and placed many times. Text is fitted while recording, so
an overflow is reported at the template line that asked for it.
"""
from __future__ import annotations

import contextlib
import math
import re
import sys
from itertools import islice
from typing import NamedTuple

from pnp.core.errors import LayoutError, Loc, did_you_mean
from pnp.core.units import value_as_written
from pnp.layout import markup
from pnp.layout.elements import Circle, Ellipse, Group, Icon, Image, Line, Polygon, Qr, Rect, Text
from pnp.layout.gradients import GradientSpec, gradient_spec, placed
from pnp.layout.growth import MAX_STRING
from pnp.layout.images import MissingImage
from pnp.layout.qr import qr_modules
from pnp.layout.typeset import IconOp

SHRUNK_BELOW_PT = 7.0  # a text fitted smaller than this is hard to read at arm's length: say so
SHRUNK_BELOW_SHARE = 0.75  # or one fitted below three quarters of the size its template asked for
MAX_ELEMENTS_PER_FACE = 50_000
MAX_NUMBER = 100_000.0  # a drawing call's number (mm, pt, degrees): 100 m, far past any piece, and finite in points
ALIGNS = ("left", "center", "right", "justify")
PLACEHOLDER_FILL, PLACEHOLDER_INK, PLACEHOLDER_TEXT = "#e6e6e6", "#9a9a9a", "#555555"  # a draft's missing art: plainly not art


_new = tuple.__new__  # an element made as its NamedTuple's own __new__ makes it, one call fewer
_FILL_AT = {kind: kind._fields.index("fill") for kind in (Rect, Circle, Ellipse, Polygon)}  # where each filled shape holds its fill
_WHOLE = tuple(float(n) for n in range(1024))  # one float object for each small whole number: templates write them on every face
_WHOLES = len(_WHOLE)


def to_number(value, name) -> float:
    """A drawing call's number as a float, refused at the template's line when it is no number, not finite, or past
    MAX_NUMBER: a rectangle 1e308 mm wide is finite, but its corners in points are not, and reportlab stopped on it
    only as the page was written, naming no template."""
    kind = type(value)
    if kind is int and 0 <= value < _WHOLES:
        return _WHOLE[value]
    if kind is not float and kind is not int and (isinstance(value, bool) or not isinstance(value, (int, float))):
        if isinstance(value, str):
            raise LayoutError(f"{name} is the text {value!r}, not a number: write it without quotes in the data, or add |float in the template", name)
        raise LayoutError(f"{name} must be a number, got {value_as_written(value)}", name)
    if not -MAX_NUMBER <= value <= MAX_NUMBER:
        if kind is float and not math.isfinite(value):
            raise LayoutError(f"{name} must be a finite number, got {value!r}", name)
        shown = f"{value:g}" if kind is float or abs(value) < 1e300 else "over 1e300"
        raise LayoutError(f"{name} is {shown}, past what a drawing holds (±{MAX_NUMBER:,.0f}): "
                          "give a size or place on the piece, in mm (a point size in pt)", name)
    return float(value)


class DrawnBy(NamedTuple):
    """The drawing call a template made that recorded an element: what `pnp serve` shows of an element and edits."""

    filename: str  # the template file, as its loader named it
    line: int
    function: str  # the drawing function the template called: `repeat` for each of its icons
    args: dict  # its numeric arguments as it received them (`text`'s x, y, w, h and size, `repeat`'s x, y, size, dx, dy)
    helper: str  # the template called this function (a helper, say) that drew it, not a drawing function itself; else ''
    called: tuple = ()  # with a helper: (the function the template called, its numeric arguments), so `track` or `zone` moves whole


class Recorder:
    """The drawing functions templates call; they append elements to the current face."""

    def __init__(self, layouts):
        self.layouts = layouts  # the pnp.layout.templates.Layouts that owns it (not imported: that module imports this one)
        self.game = None  # the GameLayouts of the game whose face is being recorded
        self.stack: list[list] = [[]]
        self.icons: set = set()
        self.count = 0
        self._lines: dict[tuple[str, int], Loc] = {}  # template lines already located, while tracing

    def reset(self, game) -> None:
        self.game = game
        self.missing: list[tuple[str, tuple]] = []  # (message, template line) of images a draft drew as placeholders
        self.shrunk: list[tuple] = []  # (asked pt, fitted pt, w, h, text, (template file, line)) of texts fitted much smaller
        self.condensed: list[tuple] = []  # (font asked, its family, the condensed family, (template file, line)) of texts condensed
        self.pictures: list[tuple] = []  # (Image, (template file, line)) of every image drawn: pnp.layout.picture_checks judges them
        self.stack = [[]]
        self.icons = set()
        self.count = 0

    def _add(self, element):
        self.count += 1
        if self.count > MAX_ELEMENTS_PER_FACE:
            raise LayoutError(f"more than {MAX_ELEMENTS_PER_FACE:,} elements on one face")
        self.stack[-1].append(element)
        origins = self.layouts.origins
        if origins is not None and element not in origins:
            origins[element] = self._template_line()
        calls = self.layouts.calls
        if calls is not None:
            calls[id(element)] = (element, _drawn_by())  # the element kept with it, so no other takes its id while the map lives
        return ""

    def _template_line(self) -> Loc | None:
        """The template line drawing right now: the innermost frame of compiled template code, mapped back to its source."""
        frame = sys._getframe(2)
        while frame is not None:
            template = frame.f_globals.get("__jinja_template__")
            if template is not None and template.filename:
                key = (template.filename, template.get_corresponding_lineno(frame.f_lineno))
                loc = self._lines.get(key)
                if loc is None:
                    loc = self._lines[key] = self.layouts.places.file_loc(*key, None)
                return loc
            frame = frame.f_back
        return None

    def _colour(self, value):
        if type(value) is GradientSpec:
            raise LayoutError("a gradient is a fill: give it as fill= of a rect, circle, ellipse or polygon", "gradient")
        return self.game.palette.resolve(value)

    # The drawing functions -------------------------------------------------
    def _filled(self, shape):
        """The shape with its fill resolved: a colour, or a gradient (GradientSpec) laid over the shape's box. Made as
        NamedTuple._replace makes it, without its generic walk over the fields: a deck draws its bands on every card."""
        fill = shape.fill
        at = _FILL_AT[type(shape)]
        resolved = placed(fill, shape) if type(fill) is GradientSpec else self._colour(fill)
        return tuple.__new__(type(shape), (*shape[:at], resolved, *shape[at + 1:]))

    def gradient(self, colours, angle=90, kind="linear"):
        """A gradient fill for rect, circle, ellipse, polygon and the helpers that draw them: `fill=gradient(["accent", "paper"])`."""
        return gradient_spec(colours, angle, kind, self._colour)

    def rect(self, x, y, w, h, fill=None, stroke=None, stroke_width=0.3, radius=0, dash=None, edge=False):
        parts = (to_number(x, "x"), to_number(y, "y"), to_number(w, "w"), to_number(h, "h"), fill, self._colour(stroke),
                 to_number(stroke_width, "stroke_width"), to_number(radius, "radius"), _dash(dash) if dash is not None else None, bool(edge))
        if type(fill) is GradientSpec:
            return self._add(self._filled(_new(Rect, parts)))
        return self._add(_new(Rect, (*parts[:4], self._colour(fill), *parts[5:])))  # a card's bands and grounds: made once, its colour in place

    def line(self, x1, y1, x2, y2, stroke="ink", stroke_width=0.3, dash=None, edge=False):
        return self._add(Line(to_number(x1, "x1"), to_number(y1, "y1"), to_number(x2, "x2"), to_number(y2, "y2"), self._colour(stroke) or "#000000", to_number(stroke_width, "stroke_width"), _dash(dash), bool(edge)))

    def circle(self, cx, cy, r, fill=None, stroke=None, stroke_width=0.3, dash=None, edge=False):
        return self._add(self._filled(Circle(to_number(cx, "cx"), to_number(cy, "cy"), to_number(r, "r"), fill, self._colour(stroke), to_number(stroke_width, "stroke_width"), _dash(dash), bool(edge))))

    def ellipse(self, x, y, w, h, fill=None, stroke=None, stroke_width=0.3, edge=False):
        return self._add(self._filled(Ellipse(to_number(x, "x"), to_number(y, "y"), to_number(w, "w"), to_number(h, "h"), fill, self._colour(stroke), to_number(stroke_width, "stroke_width"), bool(edge))))

    def polygon(self, points, fill=None, stroke=None, stroke_width=0.3, closed=True, edge=False, cell=False):
        try:
            pts = tuple((to_number(p[0], "x"), to_number(p[1], "y")) for p in points)
        except (TypeError, IndexError, KeyError):
            raise LayoutError("polygon points must be a list of [x, y] pairs", "polygon") from None
        if len(pts) < 2:
            raise LayoutError("a polygon needs at least two points", "polygon")
        return self._add(self._filled(Polygon(pts, fill, self._colour(stroke), to_number(stroke_width, "stroke_width"), bool(closed), bool(edge), bool(cell))))

    def text(self, content, x, y, w, h, size=9, min_size=5, font="body", bold=False, italic=False, color="ink", align="left", valign="top", leading=1.2,
             condense=None, decoration=False, edge=False, hyphenate=None, shadow=None, shadow_offset=0.3):
        x, y, w, h = to_number(x, "x"), to_number(y, "y"), to_number(w, "w"), to_number(h, "h")
        size, min_size = to_number(size, "size"), to_number(min_size, "min_size")
        if align not in ALIGNS:
            raise LayoutError(f"align must be left, center, right or justify, got '{align}'", "align")
        if valign not in ("top", "middle", "bottom"):
            raise LayoutError(f"valign must be top, middle or bottom, got '{valign}'", "valign")
        if not 0.5 <= size <= 400 or min_size > size:
            raise LayoutError(f"size must be between 0.5 and 400 pt and at least min_size, got {size}", "size")
        content = "" if content is None else str(content)
        if len(content) > MAX_STRING:
            raise LayoutError(f"text is {len(content):,} characters long (limit {MAX_STRING:,})", "text")
        condense = font == "title" if condense is None else bool(condense)  # titles condense rather than wrap, unless told not to
        hyphenate = align == "justify" if hyphenate is None else bool(hyphenate)  # justified text hyphenates unless told not to
        laid = self.game.set_text(content, w, h, size, min_size, font, bool(bold), bool(italic), self._colour(color) or "#000000", align, valign, float(leading),
                                  condense, hyphenate)
        for op in laid.ops:
            if type(op) is IconOp:
                self.icons.add((op.icon, op.color))
        if laid.size < size or laid.condensed:
            self._note_fit(laid, content, size, w, h, font)
        if shadow not in (None, False, "none"):  # a copy in the shadow's colour, offset down and right, under the text
            dx = to_number(shadow_offset, "shadow_offset")
            tone = self._colour(shadow) or "#000000"
            self._add(Text(x + dx, y + dx, tuple(op._replace(color=tone) for op in laid.ops), True, bool(edge)))
            self.icons.update((op.icon, tone) for op in laid.ops if type(op) is IconOp)
        return self._add(_new(Text, (x, y, laid.ops, bool(decoration), bool(edge))))

    def _note_fit(self, laid, content: str, size: float, w: float, h: float, font: str) -> None:
        """Remember, for the warnings, a text fitted far smaller than asked, and a title set in the condensed family."""
        if laid.size < size and (laid.size < SHRUNK_BELOW_PT or laid.size < SHRUNK_BELOW_SHARE * size):
            self.shrunk.append((size, laid.size, w, h, markup.plain(content)[:40], _template_line()))
        if laid.condensed:
            self.condensed.append((font, self.game.family(font), laid.condensed, _template_line()))

    def image(self, path, x, y, w, h, fit="contain"):
        if fit not in ("contain", "cover", "stretch"):
            raise LayoutError(f"fit must be contain, cover or stretch, got '{fit}'", "fit")
        text = str(path)
        if text.lower().endswith(".svg"):
            return self._svg_image(text, x, y, w, h)
        try:
            checked = self.game.check_image(text)
        except MissingImage as exc:
            if not self.game.draft:
                raise
            return self._placeholder(text, exc, to_number(x, "x"), to_number(y, "y"), to_number(w, "w"), to_number(h, "h"))
        element = Image(checked, to_number(x, "x"), to_number(y, "y"), to_number(w, "w"), to_number(h, "h"), fit)
        self.pictures.append((element, _template_line()))
        return self._add(element)

    def _placeholder(self, path: str, exc: MissingImage, x: float, y: float, w: float, h: float):
        """A draft's stand-in for art not drawn yet: a light grey box with a cross and the file's name, fitted to the image's box.

        The missing file is recorded as read (pnp.core.files_read.FilesRead), so an output that drew this is built again once it arrives."""
        self.missing.append((str(exc), _template_line()))
        if self.layouts.files_read is not None:
            self.layouts.files_read.add(exc.full)
        self.rect(x, y, w, h, fill=PLACEHOLDER_FILL, stroke=PLACEHOLDER_INK, stroke_width=0.3, edge=True)
        self.line(x, y, x + w, y + h, stroke=PLACEHOLDER_INK, stroke_width=0.3, edge=True)
        self.line(x, y + h, x + w, y, stroke=PLACEHOLDER_INK, stroke_width=0.3, edge=True)
        name = path.replace("\\", "/").rsplit("/", 1)[-1]
        if min(w, h) >= 8:  # room for a line of small text, on a strip that hides the cross behind it
            pad, strip = 1.0, 3.0
            self.rect(x + pad, y + h - pad - strip, w - 2 * pad, strip, fill=PLACEHOLDER_FILL, stroke_width=0, edge=True)
            shrunk, condensed = len(self.shrunk), len(self.condensed)
            with contextlib.suppress(LayoutError):  # a name too long for the box: the cross alone marks it, the warning names it
                self.text(name, x + pad, y + h - pad - strip, w - 2 * pad, strip, size=6, min_size=4, color=PLACEHOLDER_TEXT, align="center",
                          valign="middle", condense=True, edge=True)
            del self.shrunk[shrunk:], self.condensed[condensed:]  # the stand-in's own label is no text of the designer's to warn about
        return ""

    def _svg_image(self, path: str, x, y, w, h):
        """`art: ninja-mask.svg` from a designer used to image files: an SVG is drawn as the icon of that name (vector,
        whole and centred in the box, its aspect kept, as icon() draws it); one that is no icon says how to make it one."""
        return self.icon(self._svg_icon(path, "image"), x, y, w=w, h=h)

    def _svg_icon(self, path: str, function: str) -> str:
        """The icon an SVG file name (`ninja-mask.svg`, `icons/ninja-mask.svg`) stands for; a LayoutError naming the closest
        icon when none is called so."""
        name = path.replace("\\", "/").rsplit("/", 1)[-1][: -len(".svg")]
        if re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_-]*", name) and self.game.icons.exists(name):
            return name
        raise LayoutError(f"{function} '{path}' is an SVG, and no icon is called '{name}'{did_you_mean(name, self.game.icons.names())}: SVG art is drawn "
                          f"as an icon: put the file in templates/icons/ (or name an icon of the bundled set: pnp icons WORD)", function)

    def icon(self, name, x, y, size=None, w=None, h=None, color=None, decoration=False, edge=False):
        name = str(name)
        if name.lower().endswith(".svg"):
            name = self._svg_icon(name, "icon")
        if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_-]*", name):
            raise LayoutError(f"icon name '{name}' may hold only letters, digits, '-' and '_'", "icon")
        if not self.game.icons.exists(name):
            raise LayoutError(f"unknown icon '{name}'{did_you_mean(name, self.game.icons.names())}: add templates/icons/{name}.svg", name)
        side = to_number(size if size is not None else (w or h or 5), "size")
        w = to_number(w, "w") if w is not None else side
        h = to_number(h, "h") if h is not None else side
        colour = self._colour(color)
        self.icons.add((name, colour))
        return self._add(Icon(name, colour, to_number(x, "x"), to_number(y, "y"), w, h, bool(decoration), bool(edge)))

    def qr(self, text, x, y, size, color="ink", background="paper", error="m"):
        """A QR code of `text` (a link, most often) in a `size` mm square at (x, y) that holds its quiet zone too."""
        text = "" if text is None else str(text)
        if not text:
            raise LayoutError("a QR code needs a text to encode (a link, say)", "qr")
        background = background if background not in ("paper", None) or "paper" in self.game.palette.colours else "#ffffff" if background else None
        colour = self._colour(color) or "#000000"
        return self._add(Qr(to_number(x, "x"), to_number(y, "y"), to_number(size, "size"), qr_modules(text, str(error).lower()), colour,
                            self._colour(background)))

    def repeat(self, n, icon, x, y, size, dx=None, dy=0, color=None, decoration=False, edge=False):
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 1000:
            raise LayoutError(f"repeat needs a whole number of copies between 0 and 1000, got {value_as_written(n)}", "repeat")
        step_x = size * 1.1 if dx is None else to_number(dx, "dx")
        for i in range(n):
            self.icon(icon, x + i * step_x, y + i * to_number(dy, "dy"), size, color=color, decoration=decoration, edge=edge)
        return ""

    def group(self, x=0, y=0, rotate=0, scale=1, caller=None):
        self.stack.append([])
        try:
            if caller is not None:
                caller()
        finally:
            children = tuple(self.stack.pop())
        return self._add(Group(to_number(x, "x"), to_number(y, "y"), to_number(rotate, "rotate"), to_number(scale, "scale"), children))


MAX_DASH = 20  # lengths in one dash pattern: a PDF viewer draws each stroke by it


def _dash(value):
    """A dash pattern as the PDF takes it: lengths (mm) that are numbers, none below zero, not all zero (a viewer would
    draw nothing, and reportlab refuses it only when the page is written, far from the template's line)."""
    if value in (None, False):
        return None
    if isinstance(value, str) or not hasattr(value, "__iter__"):
        raise LayoutError("dash must be a list of lengths, like [2, 1]", "dash")
    lengths = tuple(to_number(v, "dash") for v in islice(value, MAX_DASH + 1))
    if len(lengths) > MAX_DASH or any(v < 0 for v in lengths) or not any(lengths):
        raise LayoutError(f"dash must be a list of at most {MAX_DASH} lengths, none below zero and not all zero, like [2, 1]", "dash")
    return lengths


def _drawn_by() -> DrawnBy | None:
    """The drawing call the template code running now made: the outermost drawing function on the stack below the
    innermost compiled-template frame, with its arguments; None outside a template (pnp's own stamp)."""
    frame, call, helper, outer = sys._getframe(2), None, "", None
    while frame is not None:
        template = frame.f_globals.get("__jinja_template__")
        if template is not None:
            if call is None or not template.filename:
                return None
            line = template.get_corresponding_lineno(frame.f_lineno)
            called = (outer.f_code.co_name, _numbers(outer, 1)) if outer is not None else ()  # a helper's first argument: the recorder
            return DrawnBy(template.filename, line, call.f_code.co_name, _numbers(call, 1), helper, called)
        if frame.f_code in _DRAWING_CODE:
            call, helper, outer = frame, "", None
        elif call is not None and not frame.f_globals.get("__name__", "").startswith(("jinja2.", "pnp.layout.sandbox")):
            helper, outer = helper or frame.f_code.co_name, frame
        frame = frame.f_back
    return None


def _numbers(frame, skip: int) -> dict:
    """The numeric arguments a function received, after its first `skip` (self, a helper's recorder)."""
    code = frame.f_code
    values = frame.f_locals
    return {n: v for n in code.co_varnames[skip:code.co_argcount] if type(v := values.get(n)) in (int, float)}


_DRAWING_CODE = frozenset(f.__code__ for name, f in vars(Recorder).items() if callable(f) and not name.startswith("_") and name != "reset")


def _template_line() -> tuple[str | None, int]:
    """(template file, line) of the template code running now: the innermost compiled-template frame on the stack."""
    frame = sys._getframe(1)
    while frame is not None:
        template = frame.f_globals.get("__jinja_template__")
        if template is not None:
            return template.filename, template.get_corresponding_lineno(frame.f_lineno)
        frame = frame.f_back
    return None, 0
