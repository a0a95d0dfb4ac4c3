"""An icon's ink, so a sheet page that places icons is measured from its elements (pnp.render.ink_elements) and not
rasterised page by page.

An icon is an SVG drawing: paths that may overlap, holes, strokes, curves. The area it inks is the area of the union
of what it paints, which no sum of its shapes' areas gives in general. So it is read once from a raster of the icon
alone, `SIDE` pixels along its longer side, anti-aliased: each pixel's grey is the share of it the icon covers, and
their sum the area, within 0.03 % of it for the shapes tests/test_icon_ink.py draws (squares, a star, overlaps, holes,
a ring, strokes past the box), and within 0.0005 units² a unit of outline for a shape a pixel thin: a ten-thousandth
of a card's ink for its icons, where the page raster it replaces was off at every edge (what a measure costs, and
twice the pixels: docs/build-internals.md). Its colour counts as text's does, over the one flat
colour beneath it. An icon of more than one colour, translucent, or showing a picture is not measured here: its
pages are rasterised as before.

The area does not depend on the colour an icon is drawn in (every shape takes it), so each drawing is measured once
per build, drawn in black, and the figure kept across builds with the icon's parse (pnp.core.kept). Where an icon
sits in its box, and the stroke floor its size asks for, are its form's (pnp.render.icon_forms), the form the page
draws (pnp.render.draw): the ink is measured at the place and with the strokes the page prints."""
from __future__ import annotations

import io
import math
from typing import NamedTuple

from pnp.layout.icons import shapes
from pnp.render.icon_forms import IconForms, placed, prepared, stroke_widths, thinnest_stroke

SIDE = 512  # pixels along the raster's longer side: the area within 0.03 % (tests/test_icon_ink.py), half that at twice the pixels
THIN_PIXELS = 4  # pixels the thinnest stroke spans at least: pdfium draws a line thinner than a pixel a pixel wide
LARGEST_SIDE = 4096  # pixels: an icon whose strokes would ask for more is not measured here (its pages are rasterised)
TURN_DEGREES = 0.05  # the drawing is measured turned by this much (`measure`)
TURN = math.sin(math.radians(TURN_DEGREES))
VERSION = "1"  # of the figures kept across builds: bump when the measure changes


class IconInk(NamedTuple):
    """What an icon inks, in its drawing's own units: its area, the box holding it (y down from the drawing's top),
    and its one colour as '#rrggbb' (the drawing's own, for an icon drawn in its own colours)."""

    area: float
    x0: float
    y0: float
    x1: float
    y1: float
    colour: str


def one_colour(drawing) -> str:
    """The one opaque colour a drawing paints in, as '#rrggbb' (black for a drawing painting nothing); else ValueError
    saying what it paints instead."""
    from reportlab.graphics.shapes import Image

    found: set[str] = set()
    for child, _ in shapes(drawing):
        if isinstance(child, Image):
            raise ValueError("an icon showing a picture")
        for paint, opacity in (("fillColor", "fillOpacity"), ("strokeColor", "strokeOpacity")):
            colour = getattr(child, paint, None)
            if colour is None:
                continue
            if getattr(colour, "alpha", 1) != 1 or getattr(child, opacity, None) not in (None, 1):
                raise ValueError("a translucent icon")
            found.add("#" + "".join(f"{round(v * 255):02x}" for v in (colour.red, colour.green, colour.blue)))
    if len(found) > 1:
        raise ValueError("an icon of more than one colour")
    return found.pop() if found else "#000000"  # painting nothing, it inks nothing in any colour


def measure(drawing, colour: str) -> IconInk:
    """The ink of `drawing` (drawn in black: each pixel's grey is the share of it covered), in `colour`.

    The drawing is drawn turned by TURN_DEGREES about its bottom-left corner, clipped to its box as its form clips it:
    pdfium snaps an upright rectangle's edges to whole pixels, and turned, every edge is anti-aliased (a turn keeps
    the area). The scale is the bitmap's own (its pixels are whole: asked for 13.65 a point, it may give 13.66), and
    enough for its thinnest stroke to span THIN_PIXELS; ValueError for an icon whose strokes are too fine for that."""
    import pypdfium2 as pdfium
    from reportlab.pdfgen.canvas import Canvas

    from pnp.render.pictures import draw_without_helvetica

    w, h = float(drawing.width), float(drawing.height)
    if w <= 0 or h <= 0:
        return IconInk(0.0, 0.0, 0.0, 0.0, 0.0, colour)
    thinnest = thinnest_stroke(drawing)
    scale = max(SIDE / max(w, h), THIN_PIXELS / thinnest if 0 < thinnest < math.inf else 0.0)
    if thinnest <= 0 or max(w, h) * scale > LARGEST_SIDE:
        raise ValueError("an icon's strokes too fine to measure at its size")
    margin = 1 + math.hypot(w, h) * TURN  # the turned drawing stays on the page
    page_w, page_h = w + 2 * margin, h + 2 * margin
    buf = io.BytesIO()
    canvas = Canvas(buf, pagesize=(page_w, page_h), invariant=1)
    canvas.translate(margin, margin)
    canvas.rotate(TURN_DEGREES)
    if not _within_box(drawing, w, h):  # pdfium's clip is not anti-aliased: clipped only where the drawing reaches past it
        box = canvas.beginPath()
        box.rect(0, 0, w, h)
        canvas.clipPath(box, stroke=0, fill=0)
    draw_without_helvetica(drawing, canvas)
    canvas.showPage()
    canvas.save()
    doc = pdfium.PdfDocument(buf.getvalue())
    try:
        grey = doc[0].render(scale=scale, grayscale=True, fill_color=(255, 255, 255, 255), draw_annots=False).to_pil()
    finally:
        doc.close()
    sx, sy = grey.width / page_w, grey.height / page_h
    counts = grey.histogram()
    covered = sum((255 - value) * n for value, n in enumerate(counts[:256])) / 255 / (sx * sy)
    inked = grey.point(lambda v: 255 - v).getbbox()
    if inked is None:
        return IconInk(0.0, 0.0, 0.0, 0.0, 0.0, colour)
    left, top, right, bottom = inked  # in pixels from the page's top-left; its ink anywhere within a pixel the box holds
    slack = math.hypot(w, h) * TURN  # how far the turn moved a point of the drawing
    return IconInk(covered, max(left / sx - margin - slack, 0.0), max(top / sy - margin - slack, 0.0),
                   min(right / sx - margin + slack, w), min(bottom / sy - margin + slack, h), colour)


def _within_box(drawing, w: float, h: float) -> bool:
    """Whether everything the drawing paints lies within its box (0, 0, w, h): its shapes' bounds grown by half its
    widest stroke."""
    bounds = drawing.getBounds()
    if bounds is None:  # it draws nothing
        return True
    x0, y0, x1, y1 = bounds
    reach = max(stroke_widths(drawing), default=0.0) / 2
    return x0 - reach >= 0 and y0 - reach >= 0 and x1 + reach <= w and y1 + reach <= h


class IconInks:
    """Each icon's ink item as a face places it (pnp.render.ink_elements), for one process: sizes (its IconForms) and
    measures kept by icon, floor and outline (the area is the same in every colour), and across runs with the icon's
    parse."""

    def __init__(self, icons):
        self.icons = icons  # pnp.layout.icons.IconLibrary
        self.forms = IconForms(icons)
        self._inks: dict[tuple, IconInk | str] = {}

    def item(self, name: str, colour: str | None, x: float, y_top: float, w: float, h: float, scale: float,
             outline_mm: float = 0.0) -> tuple[tuple, float, float] | str:
        """(the icon's ink box in the box's points (x0, y0, x1, y1, y down), its area in points², its colour) for an
        icon drawn in the box (x, y_top, w, h) points at `scale`; or why it is not measured here."""
        at = placed(self.forms.size(name), x, y_top, w, h, scale, outline_mm)
        ink = self._ink(name, colour, at.floor, at.outline)
        if type(ink) is str:
            return ink
        f = at.fit
        return ((at.left + ink.x0 * f, at.top + ink.y0 * f, at.left + ink.x1 * f, at.top + ink.y1 * f), ink.area * f * f,
                colour or ink.colour)

    def _ink(self, name: str, colour: str | None, floor: float | None, outline: tuple) -> IconInk | str:
        own = colour is None  # drawn in its own colours: those must be one
        key = (name, own, floor, outline)
        ink = self._inks.get(key)
        if ink is None:
            ink = self._inks[key] = self._kept(name, own, floor, outline)
        return ink

    def _kept(self, name: str, own: bool, floor: float | None, outline: tuple) -> IconInk | str:
        """The measure of one icon's form, from an earlier run when it kept it (a plain tuple, or the reason as words)."""
        def made():
            black = prepared(self.icons.drawing(name, "#000000"), floor, outline)
            try:
                one_colour(black)  # every shape recoloured: one colour, unless translucent or showing a picture
                colour = one_colour(prepared(self.icons.drawing(name, None), floor, outline)) if own else "#000000"
                return tuple(measure(black, colour))
            except ValueError as why:
                return str(why)

        drawn = self.icons.drawn_key(name, None)
        key = None if drawn is None else f"{drawn}|own {own}|floor {floor!r}|outline {outline!r}|side {SIDE}"
        got = made() if key is None else self.icons.kept.get("icon-ink", key, made, version=VERSION)
        return got if type(got) is str else IconInk(*got)
