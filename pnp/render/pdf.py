"""PDF canvases that write the same bytes every run, and sheet furniture: crop marks, footers, the scale bar."""
from __future__ import annotations

import io

from reportlab.lib.colors import HexColor
from reportlab.pdfbase.pdfmetrics import getAscentDescent, stringWidth
from reportlab.pdfgen.canvas import Canvas

from pnp.core.units import DEFAULT_PRINTABLE_MM, PRINT_TOLERANCE_MM, pt, um
from pnp.layout import rl
from pnp.render.impose import MARK_WIDTH, Sheet, Slot, crop_mark_segments

FOOTER_SIZE = 6.5  # pt: readable, and small enough to fit a 7 mm band
FOOTER_MIN_SIZE = 6.0  # pt: a longer footer shrinks to this, then says less (its shorter wording), never cut short
FOOTER_GREY = HexColor("#333333")
REGISTRATION = "#000000"
# the scale bar's label, fullest first: the short one leaves a long footer room beside the bar (never over it)
SCALE_LABELS = ("50 mm: measure to check 100 % scale", "50 mm")
SCALE_GAP_PT = 8  # between the footer line and the scale bar's label
FOOTER_LIMIT_UM = um(DEFAULT_PRINTABLE_MM + PRINT_TOLERANCE_MM)  # the default printer profile's limit


def new_canvas(page_size_pt: tuple[float, float], font_name: str, title: str, subject: str) -> tuple[Canvas, io.BytesIO]:
    """A canvas that embeds only our TrueType font and writes the same bytes every run."""
    rl.use_binary_streams()
    buf = io.BytesIO()
    c = rl.SharedResourceCanvas(buf, pagesize=page_size_pt, invariant=1, pageCompression=1, initialFontName=font_name, initialFontSize=FOOTER_SIZE)
    c.setTitle(title)
    c.setSubject(subject)
    c.setAuthor("pnp")
    c.setCreator("pnp")
    c.setViewerPreference("PrintScaling", "None")
    return c, buf


def draw_crop_marks(c: Canvas, sheet: Sheet, slots: list[Slot]) -> None:
    """A short line outside the grid on every cut line, never over a card and never past the printable limit
    (the planner leaves every cut line room for one at one end or the other: pnp.render.impose.plan_sheet)."""
    if not slots:
        return
    c.saveState()
    c.setLineWidth(MARK_WIDTH)
    c.setStrokeColor(REGISTRATION)
    for x0, y0, x1, y1 in crop_mark_segments(sheet, slots):
        c.line(pt(x0), pt(y0), pt(x1), pt(y1))
    c.restoreState()


def draw_footer(c: Canvas, page_w: int, page_h: int, side: str, text: str | tuple[str, ...], font: str, scale_bar: bool, limit: int = FOOTER_LIMIT_UM,
                keep: str = "", scale_label: str = SCALE_LABELS[0], span: tuple[int, int] | None = None) -> None:
    """The sheet's footer line (and, on a first sheet, a 50 mm scale bar) in the band just inside the printable limit.

    `limit` is how close to the paper's edge ink may go (the printer's margin and a
    tolerance); `keep` is the instruction part of the footer ("print at 100 %", the
    flip edge), never shortened. `text` may be wordings from the fullest to the
    shortest: the first that fits whole at FOOTER_MIN_SIZE or more is printed. `scale_label` says what the bar is for,
    in the sheet's language (pnp.data.words.SheetWords). `span` is where along its side it may run (µm from the bottom
    or left), when not the whole side (a cutting machine's marks take its ends: pnp.render.impose.Sheet.footer_span)."""
    _ascent, descent = getAscentDescent(font, FOOTER_SIZE)
    c.saveState()
    if side == "left":
        # turned to read upwards; its glyphs' tops face the paper's edge
        c.translate(pt(limit) + FOOTER_SIZE + descent + 0.3, 0)
        c.rotate(90)
        length = page_h
        baseline = 0.0
    else:
        length = page_w
        baseline = pt(limit) - descent + 0.3
    c.setFillColor(FOOTER_GREY)
    start, end = (pt(limit + um(1)), pt(length - limit - um(1))) if span is None else (pt(span[0]), pt(span[1]))
    texts = (text,) if isinstance(text, str) else text
    if scale_bar:
        line, size, label = _beside_scale_bar(texts, font, end - start, keep, (scale_label, *SCALE_LABELS[1:]))
    else:
        (line, size), label = fit_footer(texts, font, end - start, keep), ""
    c.setFont(font, size)
    c.drawString(start, baseline, line)
    if scale_bar:
        c.setFont(font, FOOTER_SIZE)
        _scale_bar(c, end, baseline, font, label)
    c.restoreState()


def _beside_scale_bar(texts: tuple[str, ...], font: str, room_pt: float, keep: str, labels: tuple[str, ...] = SCALE_LABELS) -> tuple[str, float, str]:
    """The footer line, its size and the scale bar's label that fit `room_pt` together. A wording keeps its place
    before the label does: the fullest wording that fits whole beside the full label or, failing that, beside the
    short one (the bar still says what it measures; "print at 100 %" stays in the footer)."""
    for text in texts:
        for label in labels:
            beside = room_pt - _scale_bar_width(font, label) - SCALE_GAP_PT
            line, size = fit_footer((text,), font, beside, keep)
            if stringWidth(line, font, size) <= beside:
                return line, size, label
    return line, size, label


def fit_footer(texts: tuple[str, ...], font: str, room_pt: float, keep: str = "") -> tuple[str, float]:
    """The footer line and size that fit `room_pt`: the first of `texts` (wordings, fullest first) that fits whole at
    FOOTER_MIN_SIZE or more, followed by `keep`, at the largest quarter point up to FOOTER_SIZE.

    A footer is never cut short: when no wording fits, the shortest is printed whole at FOOTER_MIN_SIZE, past its
    room (tests/test_sheet_footers.py checks no sheet of the five games comes to that: no footer line overlaps another)."""
    for text in texts:
        whole = text + (f" · {keep}" if keep and text else keep)
        width = stringWidth(whole, font, 1.0)
        if width * FOOTER_SIZE <= room_pt:
            return whole, FOOTER_SIZE
        if width * FOOTER_MIN_SIZE <= room_pt:
            return whole, max(FOOTER_MIN_SIZE, int(room_pt / width * 4) / 4)
    return whole, FOOTER_MIN_SIZE


def _scale_bar_width(font: str, label: str) -> float:
    """How far the scale bar and its label reach left of the footer's end, in points."""
    return pt(um(50)) + 4 + stringWidth(label, font, FOOTER_SIZE)


def _scale_bar(c: Canvas, right_pt: float, baseline: float, font: str, label: str) -> None:
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
    c.drawRightString(x0 - 4, baseline, label)
