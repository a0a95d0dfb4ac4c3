"""The table of contents as a block: headings with their page numbers, settled over Platypus's passes."""
from __future__ import annotations

from bisect import bisect_right
from dataclasses import replace

from reportlab.pdfbase.pdfmetrics import stringWidth

from pnp.layout.elements import Text
from pnp.layout.typeset import ASCENT, TextOp
from pnp.render import tagging
from pnp.render.flowables import Block
from pnp.render.text_setting import (
    K,
    Setter,
    Style,
    draw_elements,
    line_of,
    op_right,
    text_height,
)


class _Rows:
    """The entries of one table of contents and where each falls when they are laid at a width, shared by the parts a
    split makes: each entry is laid once a width, and a part's height and where it splits are looked up in the running
    totals, so laying out contents of n entries over p pages costs n lays, not n × p (a part's wrap once laid every row
    it held, and each page's split left a part holding all the rows after it)."""

    def __init__(self, contents: Contents, entries: list):
        self.contents, self.entries = contents, entries
        self._at: dict[float, tuple[list, list[float], list[float]]] = {}

    def at(self, aW: float) -> tuple[list, list[float], list[float]]:
        """(each entry laid: (text, number, style, height); where each starts, laid from the first; where each ends, its
        space after included: the bottom of a part that ends with it, which must fit where the part is split)."""
        hit = self._at.get(aW)
        if hit is None:
            c = self.contents
            num_w = c.setter.widths("0000", c.nstyle)[0]
            right = replace(c.nstyle, align="right")
            laid, starts, ends = [], [], []
            y = 0.0
            for n, (level, text, page, _key) in enumerate(self.entries):
                style = c.styles.get(level, c.styles[max(c.styles)])
                y += style.space_before if n else 0.0
                row = (c.setter.lay(text, aW - (level - 1) * 14.0 - num_w - 24, style), c.setter.lay(str(page), num_w, right), style)
                h = text_height(row[0].lines, style)
                laid.append((*row, h))
                starts.append(y)
                y += h + style.space_after
                ends.append(y)
            hit = self._at[aW] = (laid, starts, ends)
        return hit


class Contents(Block):
    """The table of contents: headings with dot leaders and page numbers, filled in by multiBuild passes."""

    def __init__(self, setter: Setter, styles: dict, number_style: Style, leader_colour: str, rows=None):
        super().__init__(0.0, 0.0)
        self.setter, self.styles, self.nstyle, self.leader_colour = setter, styles, number_style, leader_colour
        self._entries: list = []
        self._last: list = []
        self._rows = rows  # a split part holds (the rows shared by every part, its first row, the row after its last)
        self._shown: _Rows | None = None  # the whole contents' rows, as this pass shows them
        self._laid: list = []
        self._width = 0.0
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
        self._shown = None

    def afterBuild(self):
        pass

    def notify(self, kind, stuff):
        if kind == "TOCEntry":
            self._entries.append(stuff)

    def _span(self) -> tuple[_Rows, int, int]:
        """(the rows, this part's first, the row after its last)."""
        if self._rows is not None:
            return self._rows
        if self._shown is None:
            self._shown = _Rows(self, self._last)
        return self._shown, 0, len(self._last)

    def wrap(self, aW, aH):
        rows, first, end = self._span()
        _laid, starts, ends = rows.at(aW)
        self._width, self._laid = aW, []
        self.width, self.height = aW, (ends[end - 1] - starts[first]) if end > first else 0.0
        return aW, self.height

    def _rows_laid(self) -> list:
        """This part's rows as drawn: (top, indent, title, number, style, key) each, its first row at the top."""
        if not self._laid:
            rows, first, end = self._span()
            laid = rows.at(self._width)[0]
            y = 0.0
            for n in range(first, end):
                title, number, style, h = laid[n]
                level, _text, _page, key = rows.entries[n]
                y += style.space_before if n > first else 0.0
                self._laid.append((y, (level - 1) * 14.0, title, number, style, key))
                y += h + style.space_after
        return self._laid

    def elements(self) -> tuple:
        return tuple(e for row in self._rows_laid() for e in self._row_elements(row))

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
                for row in self._rows_laid():
                    with tagging.content(canv, "TOCI"):
                        draw_elements(canv, self._row_elements(row), self.width, self.height)
        link = getattr(canv, "linkRect", None)
        if link is None or not getattr(canv, "pnp_links", True):
            return
        for y, _indent, laid, _number, style, key in self._rows_laid():
            h = text_height(laid.lines, style)
            link("", key, (0, self.height - y - h, self.width, self.height - y), relative=1, thickness=0)

    def split(self, aW, aH):
        self.wrap(aW, aH)
        rows, first, end = self._span()
        _laid, starts, ends = rows.at(aW)
        fit = bisect_right(ends, starts[first] + aH, first, end) - first if end > first else 0  # the frame takes no more
        if fit < 1 or first + fit >= end:
            return []
        parts = [Contents(self.setter, self.styles, self.nstyle, self.leader_colour, (rows, first, first + fit)),
                 Contents(self.setter, self.styles, self.nstyle, self.leader_colour, (rows, first + fit, end))]
        for part in parts:
            part.key = self.key
        return parts
