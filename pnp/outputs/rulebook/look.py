"""The rulebook's look: its inks and type styles, taken from the game's palette and font roles."""
from __future__ import annotations

import dataclasses

from pnp.core.colour import WHITE, mix, readable_on, until_contrast
from pnp.outputs.context import GameContext
from pnp.render.tables import TableLook
from pnp.render.text_setting import Style

ACCENT_CONTRAST = 4.5  # WCAG AA for body-size text: headings, table heads and numbers are set in the accent
LARGE_PRINT_PT = 14.0  # the least size of large print (the RNIB's and APH's guides for readers with low vision say 14 to 18 pt)


def document_inks(game) -> tuple[str, str, str, str]:
    """(ink, accent, text on the accent, paper) of a game's printed documents, from its palette.

    The accent is the palette's accent (or primary, highlight, title) colour,
    darkened towards the ink until it reads as text on white paper."""
    palette = {k: v.lower()[:7] for k, v in game.spec.palette.items()}
    ink = palette.get("ink", "#222222")
    accent = next((palette[k] for k in ("accent", "primary", "highlight", "title") if k in palette), ink)
    accent = until_contrast(accent, ink, WHITE, ACCENT_CONTRAST)
    return ink, accent, readable_on(accent, ink), palette.get("paper", WHITE)


class Look:
    """The rulebook's styles, from the game's fonts and palette."""

    def __init__(self, gctx: GameContext, small: bool = False, align: str = "left", large: bool = False):
        game = gctx.game
        layouts = gctx.layouts
        body, title = layouts.family("body"), layouts.family("title")
        ink, accent, on_accent, _ = document_inks(game)
        self.ink, self.accent = ink, accent
        self.muted = mix(ink, WHITE, 0.45)
        self.on_accent = on_accent
        s = 0.95 if small else 1.0
        if large:  # every style grows as the body does, to LARGE_PRINT_PT; the smaller ones (captions, tables) to it too
            s = LARGE_PRINT_PT / 10
        self.body = Style(body, 10 * s, 1.38, color=ink, space_after=6 * s, align=align)  # the front matter's `align: justify` sets its paragraphs justified
        self.item = dataclasses.replace(self.body, space_after=2.5 * s)
        self.headings = {
            1: Style(title, 19 * s, 1.15, bold=True, color=accent, space_before=16 * s, space_after=7 * s),
            2: Style(title, 14 * s, 1.2, bold=True, color=accent, space_before=12 * s, space_after=4 * s),
            3: Style(body, 11 * s, 1.25, bold=True, color=ink, space_before=9 * s, space_after=3 * s),
        }
        self.caption = Style(body, 8.5 * s, 1.25, italic=True, color=self.muted, align="center")
        self.table = TableLook(
            cell=Style(body, 9 * s, 1.3, color=ink), head=Style(body, 9 * s, 1.3, bold=True, color=self.on_accent),
            head_fill=accent, stripe=mix(accent, "#ffffff", 0.9), rule=mix(ink, "#ffffff", 0.6),
        )
        self.quote_fill = mix(accent, "#ffffff", 0.93)
        self.code_fill = "#f1f1f1"
        self.furniture = Style(body, 8 * s if large else 8, 1.2, color=self.muted)
        self.toc = {
            1: Style(body, 11 * s, 1.3, bold=True, color=ink, space_before=5 * s, space_after=1),
            2: Style(body, 10 * s, 1.3, color=ink, space_after=1),
        }
        self.toc_number = Style(body, 10 * s, 1.3, color=ink)
        self.title_family = title
        self.least = LARGE_PRINT_PT if large else 0.0  # no text but the running head and page number is smaller
        if large:
            self.caption = _at_least(self.caption)
            self.table = dataclasses.replace(self.table, cell=_at_least(self.table.cell), head=_at_least(self.table.head))

    def size(self, points: float) -> float:
        """`points`, or large print's least size if that is larger (the cover's fixed sizes)."""
        return max(points, self.least)

    def heading(self, level: int) -> Style:
        return self.headings.get(level, dataclasses.replace(self.headings[3], size=self.body.size, space_before=7))


def _at_least(style: Style) -> Style:
    """`style`, no smaller than LARGE_PRINT_PT."""
    return dataclasses.replace(style, size=max(style.size, LARGE_PRINT_PT))
