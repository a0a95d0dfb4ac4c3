"""PDF canvases that write the same bytes every run, and sheet furniture: crop marks, footers, the scale bar."""
from __future__ import annotations

import io

from reportlab.lib.colors import HexColor
from reportlab.pdfbase.pdfmetrics import getAscentDescent, stringWidth
from reportlab.pdfbase.pdfmetrics import getFont as rl_font
from reportlab.pdfgen.canvas import Canvas

from pnp.core.units import DEFAULT_PRINTABLE_MM, PRINT_TOLERANCE_MM, pt, um
from pnp.layout import rl, rl_stream
from pnp.layout.bidi import has_rtl, shaped, visual
from pnp.render.impose import MARK_WIDTH, Sheet, Slot, crop_mark_segments
from pnp.render.tagging import TaggedCanvas, artifact

FOOTER_SIZE = 6.5  # pt: readable, and small enough to fit a 7 mm band
FOOTER_MIN_SIZE = 6.0  # pt: a longer footer shrinks to this, then says less (its shorter wording), never cut short
FOOTER_GREY = HexColor("#333333")
REGISTRATION = "#000000"
# the scale bar's label, fullest first: the short one leaves a long footer room beside the bar (never over it)
SCALE_LABELS = ("50 mm: measure to check 100 % scale", "50 mm")
SCALE_GAP_PT = 8  # between the footer line and the scale bar's label
FOOTER_LIMIT_UM = um(DEFAULT_PRINTABLE_MM + PRINT_TOLERANCE_MM)  # the default printer profile's limit


FALLBACK = "pnp_fallback"  # a canvas's own: a code point → the font that draws it where a margin line's font lacks it


def new_canvas(page_size_pt: tuple[float, float], font_name: str, title: str, subject: str, fallback=None,
               lang: str | None = None, spool_to=None) -> tuple[Canvas, io.BytesIO]:
    """A canvas that embeds only our TrueType font and writes the same bytes every run. `fallback` (a code point → a
    font name or None: FontBook.fallback_for) draws the characters of its margins' words that `font_name` lacks (a
    Japanese edition's footers), which reportlab's own text would leave out without a word. With `lang` (the edition's
    language), a tagged PDF's (pnp.render.tagging): the faces' `Tagged` groups are its structure, the margins artifacts.
    With `spool_to` (the output's path), its pictures past a threshold wait in a file (pnp.layout.rl_stream.Spool)."""
    rl.use_binary_streams()
    buf = io.BytesIO()
    canvas_class = rl.SharedResourceCanvas if lang is None else type("TaggedSheetCanvas", (TaggedCanvas, rl.SharedResourceCanvas),
                                                                     {"pnp_lang": lang, "pnp_face_structure": True})
    c = canvas_class(buf, pagesize=page_size_pt, invariant=1, pageCompression=1, initialFontName=font_name, initialFontSize=FOOTER_SIZE)
    setattr(c, FALLBACK, fallback)
    setattr(c, rl_stream.SPOOL, rl_stream.Spool(spool_to) if spool_to is not None else None)
    c.setTitle(title)
    c.setSubject(subject)
    c.setAuthor("pnp")
    c.setCreator("pnp")
    c.setViewerPreference("PrintScaling", "None")
    return c, buf


def line_runs(c: Canvas, text: str, font: str) -> list[tuple[str, str]]:
    """One line of margin text as (text, font) runs in drawing order: Arabic joined and a right-to-left stretch turned
    into its visual order (pnp.layout.bidi), each character `font` lacks in the canvas's fallback font that has it."""
    if has_rtl(text):
        text = visual(shaped(text), None)
    glyphs = rl_font(font).face.charToGlyph
    fallback = getattr(c, FALLBACK, None)
    if fallback is None or glyphs.keys() >= set(map(ord, text)):  # a footer's letters each asked once, not per place
        return [(text, font)]
    runs: list[tuple[str, str]] = []
    for ch in text:
        use = font if ord(ch) in glyphs else fallback(ord(ch)) or font
        if runs and runs[-1][1] == use:
            runs[-1] = (runs[-1][0] + ch, use)
        else:
            runs.append((ch, use))
    return runs


def line_width(c: Canvas, text: str, font: str, size: float) -> float:
    """How wide `draw_line` draws `text`, in points."""
    return sum(stringWidth(t, f, size) for t, f in line_runs(c, text, font))


def draw_line(c: Canvas, x: float, y: float, text: str, font: str, size: float, anchor: str = "left") -> None:
    """One line of margin text from `x` (its left, its right with `anchor` "right", its middle with "centre"), each
    character in a font that has it. The caller has set the canvas's font to `font` at `size`, and finds it so after:
    a line its font draws whole writes what one drawString wrote (a font set again would be written again)."""
    runs = line_runs(c, text, font)
    if anchor != "left":
        width = sum(stringWidth(t, f, size) for t, f in runs)
        x -= width if anchor == "right" else width / 2
    current = font
    for t, f in runs:
        if f != current:
            c.setFont(f, size)
            current = f
        c.drawString(x, y, t)
        x += stringWidth(t, f, size)
    if current != font:
        c.setFont(font, size)


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
    with artifact(c):  # on a tagged PDF's page (the reference sheet) the margins are no part of its text
        _footer(c, page_w, page_h, side, text, font, scale_bar, limit, keep, scale_label, span)


def _footer(c: Canvas, page_w: int, page_h: int, side: str, text, font: str, scale_bar: bool, limit: int, keep: str, scale_label: str, span) -> None:
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
    def measure(text: str, font: str, size: float) -> float:
        return line_width(c, text, font, size)

    if scale_bar:
        line, size, label = beside_scale_bar(texts, font, end - start, keep, (scale_label, *SCALE_LABELS[1:]), measure)
    else:
        (line, size), label = fit_footer(texts, font, end - start, keep, measure), ""
    c.setFont(font, size)
    draw_line(c, start, baseline, line, font, size)
    if scale_bar:
        c.setFont(font, FOOTER_SIZE)
        _scale_bar(c, end, baseline, font, label)
    c.restoreState()


def beside_scale_bar(texts: tuple[str, ...], font: str, room_pt: float, keep: str, labels: tuple[str, ...] = SCALE_LABELS,
                      measure=stringWidth) -> tuple[str, float, str]:
    """The footer line, its size and the scale bar's label that fit `room_pt` together. A wording keeps its place
    before the label does: the fullest wording that fits whole beside the full label or, failing that, beside the
    short one (the bar still says what it measures; "print at 100 %" stays in the footer)."""
    for text in texts:
        for label in labels:
            beside = room_pt - pt(um(50)) - 4 - measure(label, font, FOOTER_SIZE) - SCALE_GAP_PT
            line, size = fit_footer((text,), font, beside, keep, measure)
            if measure(line, font, size) <= beside:
                return line, size, label
    return line, size, label


def fit_footer(texts: tuple[str, ...], font: str, room_pt: float, keep: str = "", measure=stringWidth) -> tuple[str, float]:
    """The footer line and size that fit `room_pt`: the first of `texts` (wordings, fullest first) that fits whole at
    FOOTER_MIN_SIZE or more, followed by `keep`, at the largest quarter point up to FOOTER_SIZE.

    A footer is never cut short: when no wording fits, the shortest is printed whole at FOOTER_MIN_SIZE, past its
    room (tests/test_sheet_footers.py checks no sheet of the five games comes to that: no footer line overlaps another)."""
    for text in texts:
        whole = text + (f" · {keep}" if keep and text else keep)
        width = measure(whole, font, 1.0)  # `measure`: a width with the canvas's fallback fonts (line_width)
        if width * FOOTER_SIZE <= room_pt:
            return whole, FOOTER_SIZE
        if width * FOOTER_MIN_SIZE <= room_pt:
            return whole, max(FOOTER_MIN_SIZE, int(room_pt / width * 4) / 4)
    return whole, FOOTER_MIN_SIZE


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
    draw_line(c, x0 - 4, baseline, label, font, FOOTER_SIZE, "right")
