"""Tables as blocks: a head row, striped body rows, column alignments, split between pages with rows kept together."""
from __future__ import annotations

from dataclasses import dataclass, replace

from pnp.core.units import add_up
from pnp.layout.elements import Tagged, Text
from pnp.render import tagging
from pnp.render.flowables import Block
from pnp.render.text_setting import (
    EPS,
    K,
    Setter,
    Style,
    draw_elements,
    group,
    line,
    rect,
    text_height,
)

TABLE_ROWS_KEPT = 2  # rows of a split table kept together on each side of the break


@dataclass(frozen=True)
class TableLook:
    cell: Style
    head: Style
    head_fill: str
    stripe: str | None
    rule: str
    pad: float = 4.0


class Table(Block):
    """A table of rich text with a header row (repeated after a page break) and striped rows."""

    def __init__(self, setter: Setter, header: list[str] | None, rows: list[list[str]], look: TableLook, aligns=None,
                 space_before=4.0, space_after=8.0):
        super().__init__(space_before, space_after)
        self.setter, self.header, self.rows, self.look = setter, header, rows, look
        ncols = max([len(r) for r in rows] + [len(header or [])] + [1])
        self.ncols = ncols
        self.rows = [list(r) + [""] * (ncols - len(r)) for r in rows]
        self.header = list(header) + [""] * (ncols - len(header)) if header else None
        self.aligns = list(aligns or []) + ["left"] * ncols
        self.first_stripe = 0  # the stripe of its first row: a split table's second part goes on where the first stopped
        self._widths = None  # a split table's parts keep the whole table's columns
        self._layout = None
        self._styles: dict = {}  # id(a style of the look) → (it, it aligned as each column is: `_column_styles`)
        self.key, self.continued = object(), False  # a split table is one Table to a reader; its repeated head is not read again

    def _col_widths(self, aW):
        if self._widths is not None and abs(add_up(self._widths) - aW) < 0.5:
            return self._widths
        pad = self.look.pad
        nat, mins = [0.0] * self.ncols, [0.0] * self.ncols
        for r, row in enumerate(([self.header] if self.header else []) + self.rows):
            style = self.look.head if (self.header and r == 0) else self.look.cell
            for c, text in enumerate(row):
                n, m = self.setter.widths(text, style)
                nat[c] = max(nat[c], n + 2 * pad + 1)
                mins[c] = max(mins[c], m + 2 * pad + 1)
        if add_up(nat) <= aW:
            return [w * aW / add_up(nat) for w in nat]
        spare = aW - add_up(mins)
        if spare >= 0:
            flex = [n - m for n, m in zip(nat, mins, strict=False)]
            total = add_up(flex) or 1.0
            return [m + spare * f / total for m, f in zip(mins, flex, strict=False)]
        return [m * aW / add_up(mins) for m in mins]

    def _lay_row(self, row, style, widths):
        pad, styles = self.look.pad, self._column_styles(style)
        cells = [self.setter.lay(text, w - 2 * pad, styles[c]) for c, (text, w) in enumerate(zip(row, widths, strict=False))]
        h = max(text_height(laid.lines, style) for laid in cells) + 2 * pad
        return cells, h

    def _column_styles(self, style) -> list:
        """`style` aligned as each column is: made once a table (its rows are laid out at every wrap, cell by cell)."""
        kept = self._styles.get(id(style))
        if kept is None:
            kept = self._styles[id(style)] = (style, [replace(style, align=align) for align in self.aligns[:self.ncols]])  # the style held: its id stays its
        return kept[1]

    def wrap(self, aW, aH):
        widths = self._col_widths(aW)
        self._widths = widths
        head = self._lay_row(self.header, self.look.head, widths) if self.header else None
        body = [self._lay_row(r, self.look.cell, widths) for r in self.rows]
        self._layout = (widths, head, body)
        self.width = aW
        self.height = (head[1] if head else 0) + add_up(h for _, h in body)
        return aW, self.height

    def elements(self) -> tuple:
        widths, head, body = self._layout
        look, pad = self.look, self.look.pad
        els, y = [], 0.0
        xs = [add_up(widths[:i]) for i in range(len(widths))]
        if self.setter.rtl:  # a right-to-left edition's first column stands at the right
            xs = [self.width - x - w for x, w in zip(xs, widths, strict=True)]
        if head:
            cells, h = head
            els.append(rect(0, 0, self.width, h, look.head_fill))
            els += [Text((x + pad) / K, pad / K, laid.ops) for x, laid in zip(xs, cells, strict=True)]
            y = h
        for n, (cells, h) in enumerate(body):
            if look.stripe and (n + self.first_stripe) % 2 == 1:
                els.append(rect(0, y, self.width, h, look.stripe))
            els += [Text((x + pad) / K, (y + pad) / K, laid.ops) for x, laid in zip(xs, cells, strict=True)]
            if n:
                els.append(line(0, y, self.width, y, look.rule, 0.3))
            y += h
        els.append(line(0, self.height, self.width, self.height, look.rule, 0.8))
        if not head:
            els.insert(0, line(0, 0, self.width, 0, look.rule, 0.8))
        return tuple(els)

    def tagged(self) -> tuple:
        els = self.elements()
        texts = [e for e in els if isinstance(e, Text)]
        _, head, body = self._layout
        rows = []
        for cells, role in [(cells, "TH") for cells, _ in ([head] if head else [])] + [(cells, "TD") for cells, _ in body]:
            drawn, texts = texts[:len(cells)], texts[len(cells):]
            if role == "TH" and self.continued:  # a head repeated after a break is decoration: it was read once
                rows.append(group(0, 0, drawn))
                continue
            attrs = {"O": "Table", "Scope": "Column"} if role == "TH" else None
            rows.append(Tagged(group(0, 0, tuple(Tagged(group(0, 0, (t,)), role, attrs=attrs) for t in drawn)), "TR", leaf=False))
        return (*[e for e in els if not isinstance(e, Text)], Tagged(group(0, 0, tuple(rows)), "Table", self.key, leaf=False))

    def draw(self):
        canv = self.canv
        if tagging.tagger_of(canv) is None:
            super().draw()
            return
        texts = [e for e in self.elements() if isinstance(e, Text)]
        with tagging.artifact(canv):
            draw_elements(canv, [e for e in self.elements() if not isinstance(e, Text)], self.width, self.height)
        _, head, body = self._layout
        rows = [(cells, "TH") for cells, _ in ([head] if head else [])] + [(cells, "TD") for cells, _ in body]
        with tagging.element(canv, "Table", self.key):
            for cells, role in rows:
                drawn, texts = texts[:len(cells)], texts[len(cells):]
                if role == "TH" and self.continued:
                    with tagging.artifact(canv):
                        draw_elements(canv, drawn, self.width, self.height)
                    continue
                with tagging.element(canv, "TR"):
                    for text in drawn:
                        with tagging.content(canv, role, attrs={"O": "Table", "Scope": "Column"} if role == "TH" else None):
                            draw_elements(canv, [text], self.width, self.height)

    def split(self, aW, aH):
        widths, head, body = self._layout if self._layout else (None, None, None)
        if self._layout is None or widths != self._col_widths(aW):
            self.wrap(aW, aH)
            widths, head, body = self._layout
        y = head[1] if head else 0.0
        fit = 0
        for _, h in body:
            if y + h > aH + EPS:
                break
            y += h
            fit += 1
        fit = min(fit, len(body) - TABLE_ROWS_KEPT)  # a row never goes on alone, at the foot nor at the top of a page
        if fit < TABLE_ROWS_KEPT:
            return []
        first = self._part(self.rows[:fit], self.spaceBefore, 0.0, self.first_stripe, widths)
        rest = self._part(self.rows[fit:], 0.0, self.spaceAfter, self.first_stripe + fit, widths)
        first.continued, rest.continued = self.continued, True
        return [first, rest]

    def _part(self, rows: list[list[str]], space_before: float, space_after: float, first_stripe: int, widths) -> Table:
        """Rows of this table as a table of their own, on its columns and stripes: one table still, to a reader."""
        part = Table(self.setter, self.header, rows, self.look, self.aligns, space_before, space_after)
        part.first_stripe, part._widths, part.key = first_stripe, widths, self.key
        return part
