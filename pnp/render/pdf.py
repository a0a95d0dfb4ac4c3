"""PDF canvases that write the same bytes every run, and sheet furniture: crop marks, footers, the scale bar."""
from __future__ import annotations

import io

from reportlab import rl_config
from reportlab.lib.colors import HexColor
from reportlab.pdfbase.pdfdoc import PDFPage
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from pnp.render.impose import MARK_GAP_UM, Sheet, Slot
from pnp.core.units import pt, um

FOOTER_SIZE = 6.5  # pt: readable, and small enough to fit a 7 mm band
FOOTER_MIN_SIZE = 5.0  # pt: a longer footer shrinks to this, then is shortened
FOOTER_GREY = HexColor("#333333")
MARK_WIDTH = 0.3  # pt: crop marks thin enough not to show after a good cut
REGISTRATION = "#000000"
SCALE_LABEL = "50 mm: measure to check 100 % scale"


class SheetCanvas(Canvas):
    """A canvas whose pages point at one shared resource dictionary and omit default-valued keys.

    A deck of copies is mostly pages that place forms; reportlab writes each page's
    resources (fonts, procedure sets, every form it uses) and an empty transition
    into the page itself, about half of such a page's bytes. When a FaceDrawer has
    attached its shared resources (`shared_resources`), pages use them instead."""

    shared_resources = None

    def init_graphics_state(self):
        # reportlab starts each page with new transparency states, numbered from gRLs0 again; pages
        # share one resource dictionary, so the states (and their names) must last the whole document
        kept = getattr(self, "_extgstate", None)
        super().init_graphics_state()
        if kept is not None and self.shared_resources is not None:
            self._extgstate._c = kept._c

    def _setXObjects(self, thing):
        super()._setXObjects(thing)
        if self.shared_resources is not None and isinstance(thing, PDFPage):
            self.shared_resources.note_forms(self._formsinuse)
            thing.Resources = self.shared_resources.ref
            thing.Trans = None  # reportlab writes an empty one
            if not thing.Rotate:
                thing.Rotate = None  # 0 is the default


def new_canvas(page_size_pt: tuple[float, float], font_name: str, title: str, subject: str) -> tuple[Canvas, io.BytesIO]:
    """A canvas that embeds only our TrueType font and writes the same bytes every run."""
    rl_config.useA85 = 0  # binary streams: ASCII85 makes every page 25 % larger for no reader's benefit
    buf = io.BytesIO()
    c = SheetCanvas(buf, pagesize=page_size_pt, invariant=1, pageCompression=1, initialFontName=font_name, initialFontSize=FOOTER_SIZE)
    c.setTitle(title)
    c.setSubject(subject)
    c.setAuthor("pnp")
    c.setCreator("pnp")
    c.setViewerPreference("PrintScaling", "None")
    return c, buf


def draw_crop_marks(c: Canvas, sheet: Sheet, slots: list[Slot]) -> None:
    """A short line outside the grid on every cut line, never over a card."""
    if not slots:
        return
    xs = sorted({s.x for s in slots} | {s.x + s.w for s in slots})
    ys = sorted({s.y for s in slots} | {s.y + s.h for s in slots})
    left = min(s.x for s in slots) - sheet.bleed - MARK_GAP_UM
    right = max(s.x + s.w for s in slots) + sheet.bleed + MARK_GAP_UM
    bottom = min(s.y for s in slots) - sheet.bleed - MARK_GAP_UM
    top = max(s.y + s.h for s in slots) + sheet.bleed + MARK_GAP_UM
    len_y = sheet.mark_length("y")
    len_x = sheet.mark_length("x")
    c.saveState()
    c.setLineWidth(MARK_WIDTH)
    c.setStrokeColor(REGISTRATION)
    if len_y:
        for x in xs:
            c.line(pt(x), pt(top), pt(x), pt(top + len_y))
            c.line(pt(x), pt(bottom), pt(x), pt(bottom - len_y))
    if len_x:
        for y in ys:
            c.line(pt(left), pt(y), pt(left - len_x), pt(y))
            c.line(pt(right), pt(y), pt(right + len_x), pt(y))
    c.restoreState()


def draw_footer(c: Canvas, page_w: int, page_h: int, side: str, text: str, font: str, scale_bar: bool) -> None:
    """The sheet's footer line (and, on a first sheet, a 50 mm scale bar) in the outer band."""
    c.saveState()
    if side == "left":
        c.translate(pt(um(4.5)), 0)
        c.rotate(90)
        length = page_h
        baseline = 0
    else:
        length = page_w
        baseline = pt(um(4.5))
    c.setFillColor(FOOTER_GREY)
    start, end = pt(um(10)), pt(length - um(10))
    room = end - start - (_scale_bar_width(font) + 8 if scale_bar else 0)
    text, size = fit_footer(text, font, room)
    c.setFont(font, size)
    c.drawString(start, baseline - (0 if side == "bottom" else FOOTER_SIZE * 0.35), text)
    if scale_bar:
        c.setFont(font, FOOTER_SIZE)
        _scale_bar(c, end, baseline - (0 if side == "bottom" else FOOTER_SIZE * 0.35), font)
    c.restoreState()


def fit_footer(text: str, font: str, room_pt: float) -> tuple[str, float]:
    """The footer text and size that fit `room_pt`: smaller type first, then a shortened text ending in '…'."""
    width = stringWidth(text, font, 1.0)
    if width * FOOTER_SIZE <= room_pt:
        return text, FOOTER_SIZE
    if width * FOOTER_MIN_SIZE <= room_pt:
        return text, max(FOOTER_MIN_SIZE, int(room_pt / width * 4) / 4)
    while text and stringWidth(text + "…", font, FOOTER_MIN_SIZE) > room_pt:
        text = text[:-1]
    return text.rstrip(" ·") + "…", FOOTER_MIN_SIZE


def _scale_bar_width(font: str) -> float:
    """How far the scale bar and its label reach left of the footer's end, in points."""
    return pt(um(50)) + 4 + stringWidth(SCALE_LABEL, font, FOOTER_SIZE)


def _scale_bar(c: Canvas, right_pt: float, baseline: float, font: str) -> None:
    """A 50 mm bar with 10 mm ticks, ending at `right_pt`: measure it to check the print scale."""
    bar = pt(um(50))
    x0 = right_pt - bar
    y = baseline + 0.5
    c.setLineWidth(0.5)
    c.setStrokeColor("#000000")
    c.line(x0, y, x0 + bar, y)
    for i in range(6):
        tick = x0 + pt(um(10 * i))
        c.line(tick, y, tick, y + (4 if i in (0, 5) else 2.5))
    c.drawRightString(x0 - 4, baseline, SCALE_LABEL)
