"""The form an icon takes as it prints, decided once for the PDF's icon forms (pnp.render.draw) and for the ink they
are measured by (pnp.render.icon_ink), so the ink is read from the very strokes and words the page prints.

An icon is an SVG drawing in its own units. Placed in a box, it is fitted whole and centred (`placed`); at the size it
then prints, pnp.render.print_floor's rules say how wide its thinnest stroke must be drawn and which of its words an
illustration draws as bars; the ink saver asks for its filled shapes as outlines. Each of those is a copy of its
drawing with its shapes changed (`prepared`), made by the one walk that also recolours an icon
(pnp.layout.icons.with_shapes), and each set of them is one form, found by its key (`form_key`): icons placed alike
share it.
"""
from __future__ import annotations

import math
from typing import NamedTuple

from pnp.core.units import PT_PER_MM
from pnp.layout.elements import Group, Icon, Text
from pnp.layout.icon_text import string_sizes
from pnp.layout.icons import shapes, with_shapes
from pnp.layout.typeset import TextOp
from pnp.render.print_floor import icon_floor, icon_greek, placeholder_bars

K = PT_PER_MM


class Placed(NamedTuple):
    """An icon fitted into a box: `fit` points per unit of its drawing, the stroke `floor` that size asks for (or
    None), the outline key of an ink saver's outline (`outline_key`), and where the drawing's top-left lands, in the
    box's points (y down)."""

    fit: float
    floor: float | None
    outline: tuple
    left: float
    top: float
    greek: tuple = ()  # (the largest size, in its units, of the words it draws as bars,) in an illustration (print_floor.icon_greek)


def icon_size(icons, name: str) -> tuple[float, float, float]:
    """(width, height, thinnest stroke) of an icon in its own units, kept across runs with its parse."""

    def measure():
        drawing = icons.drawing(name, None)
        return float(drawing.width), float(drawing.height), thinnest_stroke(drawing)

    key = icons.drawn_key(name, None)
    return measure() if key is None else icons.kept.get("icon-size", key, measure, version="1")


def fitted(w: float, h: float, dw: float, dh: float) -> float:
    """Points a unit of a drawing `dw` × `dh` units wide and high is printed at, drawn whole into a box of `w` × `h`
    points, its aspect kept: the drawing and its words alike (1 for a drawing of no width or height, drawn as it is)."""
    return min(w / dw, h / dh) if dw and dh else 1


def placed(size: tuple[float, float, float], x: float, y_top: float, w: float, h: float, scale: float, outline_mm: float = 0.0,
           words: tuple[float, ...] = ()) -> Placed:
    """Where an icon of `size` (`icon_size`) drawn in the box (x, y_top, w, h) points lies, at `scale` points printed
    per point: fitted whole and centred; of its words, set at `words` of its units, those an illustration greeks."""
    dw, dh, thinnest = size
    fit = fitted(w, h, dw, dh)
    greek = icon_greek(words, fit * scale)
    return Placed(fit, icon_floor(thinnest, fit * scale), outline_key(outline_mm, fit), x + (w - dw * fit) / 2, y_top + (h - dh * fit) / 2, greek)


def outline_key(outline_mm: float, fit: float) -> tuple[float, ...]:
    """An outline of `outline_mm` in the units of an icon drawn at `fit` points per unit, as the last part of its form's
    key (rounded, so icons placed alike share a form); nothing for a filled icon."""
    return (round(outline_mm * PT_PER_MM / fit, 4),) if outline_mm and fit else ()


def form_key(name: str, colour: str | None, at: Placed) -> tuple:
    """The key of the form an icon placed so is drawn by, as pnp.render.draw.FaceDrawer defines it: its name, colour
    and floor, then its outline and the words it greeks, if any."""
    return (name, colour, at.floor, *at.outline) if not at.greek else (name, colour, at.floor, *(at.outline or (0.0,)), at.greek[0])


class IconForms:
    """The forms a document's icons take: each icon's size and its words' sizes read once (a drawer's, or an ink
    measure's), and from them where each placed icon sits and which form draws it."""

    def __init__(self, icons):
        self.icons = icons  # pnp.layout.icons.IconLibrary
        self._sizes: dict[str, tuple[float, float, float]] = {}
        self._words: dict[str, tuple[float, ...]] = {}

    def size(self, name: str) -> tuple[float, float, float]:
        """(width, height, thinnest stroke) of an icon in its own units (`icon_size`), read once."""
        size = self._sizes.get(name)
        if size is None:
            size = self._sizes[name] = icon_size(self.icons, name)
        return size

    def word_sizes(self, name: str) -> tuple[float, ...]:
        """The sizes, in its own units, its words are set at (pnp.layout.icon_text.string_sizes), read once: asked only
        of an icon in an illustration, the one place words are greeked."""
        words = self._words.get(name)
        if words is None:
            words = self._words[name] = tuple(sorted({size for _, size, _ in string_sizes(self.icons.drawing(name, None))}))
        return words

    def placed(self, name: str, w_pt: float, h_pt: float, scale: float, outline_mm: float = 0.0) -> Placed:
        """An icon fitted into w × h points drawn at `scale`: its points per unit, stroke floor, outline and the words it
        greeks, whose sizes are read only in an illustration."""
        words = self.word_sizes(name) if scale < 1 else ()
        return placed(self.size(name), 0.0, 0.0, w_pt, h_pt, scale, outline_mm, words)

    def uses(self, elements, scale: float) -> set:
        """The `form_key` of every icon the elements draw at `scale`, inline icons in text included."""
        found: set = set()
        for el in elements:
            match el:
                case Icon(name, col, _, _, w, h):
                    found.add(form_key(name, col, self.placed(name, w * K, h * K, scale, el.outline)))
                case Text(_, _, ops):
                    found.update(form_key(op.icon, op.color, self.placed(op.icon, op.size, op.size, scale)) for op in ops if type(op) is not TextOp)
                case Group(scale=inner, children=children):
                    found |= self.uses(children, scale * inner)
        return found


def prepared(drawing, floor: float | None, outline: tuple, greek: tuple = ()):
    """The drawing as its form draws it: strokes floored, words too small for an illustration as bars, and drawn as
    outlines for the ink saver."""
    if floor is not None:
        drawing = floored_drawing(drawing, floor)
    if greek:
        drawing = greeked_drawing(drawing, greek[0])
    if outline:
        drawing = outlined_drawing(drawing, outline[0])
    return drawing


def _stroke_width(shape) -> float:
    width = getattr(shape, "strokeWidth", None)
    return 1.0 if width is None else float(width)  # reportlab's graphics default a shape's width to 1


def stroke_widths(drawing):
    """The width of each stroke an svglib drawing draws, in the drawing's own units (its groups' transforms applied)."""
    return (_stroke_width(shape) * scale for shape, scale in shapes(drawing) if getattr(shape, "strokeColor", None) is not None)


def thinnest_stroke(drawing) -> float:
    """The thinnest stroke an svglib drawing draws, in its own units; 0 for a zero-width stroke, infinity when nothing
    is stroked."""
    return min(stroke_widths(drawing), default=math.inf)


def floored_drawing(drawing, floor: float):
    """A copy of an svglib drawing whose strokes are at least `floor` of its own units wide, and zero-width ones unstroked
    (pnp.render.print_floor's hairline, inside an icon)."""
    import copy

    def floored(child, scale: float):
        if getattr(child, "strokeColor", None) is not None:
            width = _stroke_width(child)
            if width <= 0:
                child = copy.copy(child)
                child.strokeColor = None
            elif width * scale < floor:
                child = copy.copy(child)
                child.strokeWidth = floor / scale
        return child

    return with_shapes(drawing, floored)


def greeked_drawing(drawing, largest: float):
    """A copy of an svglib drawing whose words set at `largest` of its own units or less are drawn as placeholder bars,
    one a word, as an illustration draws a face's own words too small to print (pnp.render.print_floor.greeked); a
    string without a fill, drawing nothing, stays as it is."""
    from reportlab.graphics.shapes import Group, Rect
    from reportlab.lib.colors import HexColor
    from reportlab.pdfbase.pdfmetrics import stringWidth

    small = {id(string) for string, size, _ in string_sizes(drawing) if size <= largest}

    def bars(child, scale: float):
        fill = getattr(child, "fillColor", None)
        if id(child) not in small or fill is None:
            return child
        width = stringWidth(child.text, child.fontName, child.fontSize)
        left = child.x - {"middle": width / 2, "end": width}.get(child.textAnchor, 0.0)
        shade = "#" + "".join(f"{round(v * 255):02x}" for v in (fill.red, fill.green, fill.blue))
        out = Group()
        for bar in placeholder_bars(left, -child.y, child.text, child.fontName, child.fontSize, shade):  # y down, as a face's text
            out.add(Rect(bar.x, -(bar.y + bar.h), bar.w, bar.h, fillColor=HexColor(bar.color), strokeColor=None))
        return out

    return with_shapes(drawing, bars)


def outlined_drawing(drawing, width: float):
    """A copy of an svglib drawing whose filled shapes are drawn as their outlines, `width` of its own units wide, and
    filled no more: the icon as the ink saver prints it on a back, recognisable for a trace of the ink. A shape stroked
    already keeps its stroke, at most `width` wide."""
    import copy

    from reportlab.graphics.shapes import Path

    def outlined(child, scale: float):
        fill = getattr(child, "fillColor", None)
        if isinstance(child, Path) and type(child) is not Path:  # svglib's fill-only path never strokes: a plain path may
            plain = Path()
            plain.__dict__.update(child.__dict__)
            child = plain
        else:
            child = copy.copy(child)
        if fill is not None:
            child.fillColor = None
            child.strokeColor = fill
            child.strokeWidth = width / scale
            child.strokeLineJoin = 1  # round: a sharp corner's mitre would spike past the shape
        elif getattr(child, "strokeColor", None) is not None:
            child.strokeWidth = min(_stroke_width(child), width / scale)
        return child

    return with_shapes(drawing, outlined)
