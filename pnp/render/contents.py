"""The table of contents as a block: headings with their page numbers, settled over Platypus's passes."""
from __future__ import annotations

from dataclasses import replace

from reportlab.pdfbase.pdfmetrics import stringWidth

from pnp.layout.elements import Text
from pnp.layout.typeset import ASCENT, TextOp
from pnp.render import tagging
from pnp.render.flowables import Block
from pnp.render.text_setting import (
    EPS,
    K,
    Setter,
    Style,
    draw_elements,
    line_of,
    op_right,
    text_height,
)


class Contents(Block):
    """The table of contents: headings with dot leaders and page numbers, filled in by multiBuild passes."""

    def __init__(self, setter: Setter, styles: dict, number_style: Style, leader_colour: str, rows=None):
        super().__init__(0.0, 0.0)
        self.setter, self.styles, self.nstyle, self.leader_colour = setter, styles, number_style, leader_colour
        self._entries: list = []
        self._last: list = []
        self._rows = rows  # a split part holds its rows
        self._laid: list = []
        self.key = object()  # the parts of split contents are one TOC to a reader

    # the indexing protocol of multiBuild
    def isIndexing(self):
        return self._rows is None

    def isSatisfied(self):
        return self._entries == self._last

    def expect(self, headings: list[tuple[int, str, str]]) -> None:
        """Show these (level, text, key) entries in the first pass, each on page 0: the contents then take their full room
        at once, and the first pass already breaks the pages as the last will."""
        self._entries = [(level, text, 0, key) for level, text, key in headings]

    def beforeBuild(self):
        self._last, self._entries = self._entries, []

    def afterBuild(self):
        pass

    def notify(self, kind, stuff):
        if kind == "TOCEntry":
            self._entries.append(stuff)

    def _entries_shown(self):
        return self._rows if self._rows is not None else self._last

    def wrap(self, aW, aH):
        num_w = self.setter.widths("0000", self.nstyle)[0]
        self._laid = []
        y = 0.0
        for level, text, page, key in self._entries_shown():
            style = self.styles.get(level, self.styles[max(self.styles)])
            indent = (level - 1) * 14.0
            laid = self.setter.lay(text, aW - indent - num_w - 24, style)
            number = self.setter.lay(str(page), num_w, replace(self.nstyle, align="right"))
            y += style.space_before if self._laid else 0.0
            h = text_height(laid.lines, style)
            self._laid.append((y, indent, laid, number, style, key))
            y += h + style.space_after
        self.width, self.height = aW, y
        return aW, y

    def elements(self) -> tuple:
        return tuple(e for row in self._laid for e in self._row_elements(row))

    def _row_elements(self, row) -> list:
        """One entry's title, leader dots and page number."""
        num_w = self.setter.widths("0000", self.nstyle)[0]
        y, indent, laid, number, style, _key = row
        els = [Text(indent / K, y / K, laid.ops)]
        last = laid.lines - 1
        end = max((op_right(op) for op in laid.ops if line_of(op, style) == last), default=0.0) + indent
        base = y + style.size * ASCENT + last * style.size * style.leading
        dots_from, dots_to = end + 6, self.width - num_w - 4
        font = self.setter.font(self.nstyle, bold=False)
        dot_w = stringWidth(". ", font, self.nstyle.size)
        n = int((dots_to - dots_from) / dot_w)
        if n > 0:
            els.append(Text(0.0, 0.0, (TextOp(dots_to - n * dot_w, base, font, self.nstyle.size, self.leader_colour, ". " * n, n * dot_w),)))
        nb = base - self.nstyle.size * ASCENT
        els.append(Text((self.width - num_w) / K, nb / K, number.ops))
        return els

    def draw(self):
        canv = self.canv
        if tagging.tagger_of(canv) is None:
            super().draw()
        else:
            with tagging.element(canv, "TOC", self.key):
                for row in self._laid:
                    with tagging.content(canv, "TOCI"):
                        draw_elements(canv, self._row_elements(row), self.width, self.height)
        link = getattr(canv, "linkRect", None)
        if link is None or not getattr(canv, "pnp_links", True):
            return
        for y, _indent, laid, _number, style, key in self._laid:
            h = text_height(laid.lines, style)
            link("", key, (0, self.height - y - h, self.width, self.height - y), relative=1, thickness=0)

    def split(self, aW, aH):
        self.wrap(aW, aH)
        rows = self._entries_shown()
        fit = sum(1 for y, _, laid, _, style, _ in self._laid if y + text_height(laid.lines, style) <= aH + EPS)
        if fit < 1 or fit >= len(rows):
            return []
        parts = [Contents(self.setter, self.styles, self.nstyle, self.leader_colour, rows[:fit]),
                 Contents(self.setter, self.styles, self.nstyle, self.leader_colour, rows[fit:])]
        for part in parts:
            part.key = self.key
        return parts
