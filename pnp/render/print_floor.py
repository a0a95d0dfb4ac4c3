"""The floor of what prints: no line thinner than a hairline, and no text too small to read, at the scale it prints.

A face is drawn at its own size on a card sheet, but smaller where it is an
illustration: a rulebook figure shows a card at a third of its size, a board's
assembly map shows the whole board on one page, and an icon is drawn at
whatever size its box asks. A 0.3 mm line of the card then prints at 0.08 pt,
and the 0.5-unit stroke of a 512-unit icon drawn 8 mm wide at 0.02 pt: too
thin for a home printer to print evenly, or for a print shop to print at all
(most ask for 0.25 pt at least). Text shrinks with it.

So the scale a thing prints at is carried to where its line width is set
(pnp.render.draw FaceDrawer), and there:

- a stroke that would print thinner than HAIRLINE_PT prints at HAIRLINE_PT, the
  way a print driver's hairline setting does, inside icons as well (their
  drawing is copied with each stroke raised to `icon_floor`:
  pnp.render.icon_forms);
- a stroke of width 0 is an edge nobody asked to be seen (PDF draws it as the
  thinnest line a device can make, different on every device): it is not
  stroked at all;
- in a face drawn smaller than its own size (an illustration), text that would
  print under MIN_TEXT_PT is drawn as placeholder bars ("greeking", as layout
  tools show text too small for their view), an SVG icon's words as well (a
  copy of its drawing with those words as bars, `icon_greek`'s:
  pnp.render.icon_forms): the figure shows where the card's text sits, and
  the card sheets print it. Text at its own size is never greeked: a template's own small text stays text (a template asking for type
  that small is its designer's choice to see).
"""
from __future__ import annotations

import math
from typing import NamedTuple

from pnp.core.colour import tint

HAIRLINE_PT = 0.25  # the thinnest line print shops accept, and the hairline of print drivers
MIN_TEXT_PT = 5.0  # the smallest type a printed piece uses (sheet footers are 6.5 pt; version stamps 5 pt)
STEPS_PER_DOUBLING = 8  # an icon's floors are rounded up to 2^(1/8) steps (9 %): icons placed at near sizes share a form
# A PDF holds its numbers to about six significant digits: a width and the matrix it is drawn under, each rounded,
# can read back a millionth under what was asked. Limits are met with this much to spare, so they read as met.
HEADROOM = 1 + 1e-5
BAR_TOP, BAR_HEIGHT = 0.5, 0.38  # a placeholder bar: from half an em above the baseline, about an x-height tall
BAR_TOWARD_WHITE = 0.35  # a bar's ink is lighter than solid type's: text covers about half its x-height band


def line_width(width_pt: float, scale: float) -> float:
    """The width to set, in the units drawn at `scale`, for a line asked `width_pt` wide in those units."""
    return max(width_pt, HAIRLINE_PT * HEADROOM / scale)


def greeked(size_pt: float, scale: float) -> bool:
    """Whether text of `size_pt` in a drawing at `scale` is an illustration's text too small to print as text."""
    return scale < 1 and size_pt * scale < MIN_TEXT_PT * HEADROOM


def icon_floor(thinnest: float, scale: float) -> float | None:
    """The least stroke width, in an icon's own units, for an icon whose thinnest stroke is `thinnest` units, drawn at
    `scale` points per unit; None when every stroke already prints at a hairline or more.

    The floor is rounded up to a step of 2^(1/8), so an icon placed at many
    nearby sizes shares a few forms, each printing no line under a hairline."""
    if thinnest * scale >= HAIRLINE_PT * HEADROOM or scale <= 0:
        return None
    exact = HAIRLINE_PT * HEADROOM / scale
    return 2 ** (math.ceil(math.log2(exact) * STEPS_PER_DOUBLING) / STEPS_PER_DOUBLING)


def icon_greek(sizes: tuple[float, ...], scale: float) -> tuple[float, ...]:
    """For an icon whose words are set at `sizes` of its own units (pnp.layout.icon_text.string_sizes), drawn at
    `scale` points per unit in an illustration: (the largest of them it draws as bars,), or () when it greeks none.
    Icons placed so that the same words are greeked share one form."""
    under = [size for size in sizes if size * scale < MIN_TEXT_PT * HEADROOM]
    return (max(under),) if under else ()


class Bar(NamedTuple):
    """A placeholder bar standing for a word: left and top in points (y down, as the text's own), size and colour."""

    x: float
    y: float
    w: float
    h: float
    color: str


def placeholder_bars(x: float, baseline: float, text: str, font: str, size: float, color: str) -> list[Bar]:
    """One bar per word of a run of text set from (x, baseline), each as wide as the word and about an x-height tall,
    in the text's colour lightened toward paper, as type that size reads from a distance."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    shade = tint(color, 1 - BAR_TOWARD_WHITE)
    bars = []
    at = 0
    for word in text.split(" "):
        if word:
            left = stringWidth(text[:at], font, size)
            bars.append(Bar(x + left, baseline - BAR_TOP * size, stringWidth(word, font, size), BAR_HEIGHT * size, shade))
        at += len(word) + 1
    return bars
