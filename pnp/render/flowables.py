"""Platypus flowables that typeset our rich text: paragraphs, boxes, lists, tables, figures, contents.

Every block follows Platypus's contract (`wrap` for a width, `split` into
what fits and the rest, `draw` in its own coordinates) and can also give its
drawing as face elements (`elements()`, mm from its top-left), so the same
block prints on a rulebook page, a reference sheet or a player-aid card.
Text is laid out by our typesetter and drawn by FaceDrawer: reportlab's
paragraph markup never sees data, characters missing from a font come from
the fallback, and icons stay vector.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus.flowables import Flowable

from pnp.core.units import PT_PER_MM, add_up
from pnp.layout import markup as rich
from pnp.layout.elements import Face, Group, Image, Line, Rect, Text, icons_used
from pnp.layout.typeset import ASCENT, DESCENT, ICON_MIDDLE, Laid, TextOp
from pnp.render.draw import FaceDrawer

K = PT_PER_MM
BIG = 1e7  # "no limit" for heights, in points
EPS = 0.01
TABLE_ROWS_KEPT = 2  # rows of a split table kept together on each side of the break
SLOP_MM = 30.0  # drawing may stray this far outside a block (bullets in the margin, overhangs) unclipped


@dataclass(frozen=True)
class Style:
    """How a run of rich text looks; sizes and spaces in points."""

    family: str
    size: float = 10.0
    leading: float = 1.3
    bold: bool = False
    italic: bool = False
    color: str = "#000000"
    align: str = "left"
    space_before: float = 0.0
    space_after: float = 0.0


def escape(text) -> str:
    """Plain text that our rich text prints exactly as written (no bold, colour or icon)."""
    return "".join("\\" + c if c in "\\*[]:" else c for c in str(text))


class Setter:
    """Lays out rich text with one game's fonts, icons and palette; remembers missing characters."""

    def __init__(self, layouts, region_h: float = BIG):
        self.layouts = layouts
        self.typesetter = layouts.typesetter
        self.region_h = region_h  # the height of a page frame or card: figures never grow past it
        self.missing: set = set()
        self.icon_ink = layouts.icon_ink
        self._laid: dict = {}
        self._items: dict = {}

    def font(self, style: Style, bold: bool | None = None) -> str:
        return self.layouts.fonts.font_name(style.family, style.bold if bold is None else bold, style.italic)

    def _items_of(self, text: str, style: Style) -> list:
        key = (text, style.family, style.bold, style.italic, style.color)
        hit = self._items.get(key)
        if hit is None:
            palette = self.layouts.palette
            for problem in self.layouts.check_markup(text):
                self.layouts.markup_problems[problem] = None
            runs = rich.parse(text, palette.is_colour, self.layouts.icons.exists)
            runs = [r._replace(color=palette.resolve(r.color)) if r.color else r for r in runs]
            hit = self._items[key] = self.typesetter.items(runs, style.family, style.bold, style.italic, style.color, self.missing, self.icon_ink)
        return hit

    def lay(self, text: str, width: float, style: Style) -> Laid:
        """Lines of `text` broken to `width` points at the style's size (never shrunk)."""
        key = (text, round(width, 3), style)
        hit = self._laid.get(key)
        if hit is None:
            items = self._items_of(text, style)
            hit = self._laid[key] = self.typesetter.fit(items, max(width, 1.0), BIG, style.size, style.size, style.leading, style.align, "top")
        return hit

    def fit(self, text: str, width: float, height: float, style: Style, min_size: float) -> Laid:
        """Lines of `text` at the largest size from the style's down to `min_size` that fits the box."""
        items = self._items_of(text, style)
        return self.typesetter.fit(items, max(width, 1.0), height, style.size, min_size, style.leading, style.align, "middle")

    def widths(self, text: str, style: Style) -> tuple[float, float]:
        """(natural width on one line, widest word) in points."""
        laid = self.lay(text.replace("\n", " "), BIG, replace(style, align="left"))
        natural = max((_op_right(op) for op in laid.ops), default=0.0)
        words = [it[2] * style.size for it in self._items_of(text, style) if it[0] == "w"]
        return natural, max(words, default=0.0)


def _op_right(op) -> float:
    return op.x + (op.w if type(op) is TextOp else op.size)


def text_height(lines: int, style: Style) -> float:
    return style.size * (ASCENT + DESCENT) + max(lines - 1, 0) * style.size * style.leading


def _line_of(op, style: Style) -> int:
    base = op.y if type(op) is TextOp else op.y + op.size / 2 + style.size * ICON_MIDDLE  # within a fifth of a line of its baseline
    return round((base - style.size * ASCENT) / (style.size * style.leading))


def drawer_for(canv) -> FaceDrawer:
    """The FaceDrawer of a canvas (one per PDF, so each icon and face is a form defined once); on a sketch canvas
    (a pass that only finds the page breaks: pnp.render.rl.build_settled) one that draws nothing."""
    drawer = getattr(canv, "pnp_drawer", None)
    if drawer is None:
        drawer = canv.pnp_drawer = SketchDrawer() if getattr(canv, "pnp_sketch", False) else FaceDrawer(canv, canv.pnp_icons)
    return drawer


class SketchDrawer:
    """Stands in for a FaceDrawer on a pass whose drawing is thrown away: it draws nothing and names no real form."""

    def draw_face(self, face, x, y, reused=False) -> None:
        pass

    def form(self, face) -> str:
        return "Sketch"


def draw_elements(canv, elements, w_pt: float, h_pt: float) -> None:
    """Draw face elements with the block's bottom-left at the canvas origin."""
    if elements:
        face = Face(w_pt / K, h_pt / K, SLOP_MM, tuple(elements), icons_used(elements))
        drawer_for(canv).draw_face(face, 0, 0, reused=False)


def group(x_pt: float, y_pt: float, elements, scale: float = 1.0) -> Group:
    return Group(x_pt / K, y_pt / K, 0.0, scale, tuple(elements))


def rect(x, y, w, h, fill=None, stroke=None, width=0.3, radius=0.0) -> Rect:
    """A rect element from points (y down from the block's top)."""
    return Rect(x / K, y / K, w / K, h / K, fill, stroke, width / K, radius / K, None)


def line(x1, y1, x2, y2, stroke, width=0.5) -> Line:
    return Line(x1 / K, y1 / K, x2 / K, y2 / K, stroke, width / K, None)


class Block(Flowable):
    """A flowable that can also hand over its drawing as face elements."""

    keep_with_next = False  # a heading: never the last thing in a frame
    keep = False  # move whole to the next frame rather than split, when it fits a frame

    def __init__(self, space_before: float = 0.0, space_after: float = 0.0):
        super().__init__()
        self.spaceBefore = space_before
        self.spaceAfter = space_after
        self.width = self.height = 0.0

    def elements(self) -> tuple:
        """What `draw` draws, as elements in mm from the top-left (after `wrap`)."""
        return ()

    def draw(self):
        draw_elements(self.canv, self.elements(), self.width, self.height)

    def first_baseline(self) -> float:
        return 0.0

    def split(self, aW, aH):
        return []


class Rich(Block):
    """A paragraph of rich text; splits between lines, keeping two lines on each side."""

    def __init__(self, setter: Setter, text: str, style: Style, *, fixed=None):
        super().__init__(style.space_before, style.space_after)
        self.setter = setter
        self.text = text
        self.tstyle = style
        self._fixed = fixed  # (ops, lines) of a split part, already laid out
        self._ops, self._lines = fixed if fixed else ((), 0)

    def wrap(self, aW, aH):
        if self._fixed is None:
            laid = self.setter.lay(self.text, aW, self.tstyle)
            self._ops, self._lines = laid.ops, laid.lines
        self.width = aW
        self.height = text_height(self._lines, self.tstyle)
        return aW, self.height

    def first_baseline(self) -> float:
        return self.tstyle.size * ASCENT

    def elements(self) -> tuple:
        return (Text(0.0, 0.0, self._ops),) if self._ops else ()

    def split(self, aW, aH):
        self.wrap(aW, aH)
        total = self._lines
        s = self.tstyle
        fit = int((aH - s.size * (ASCENT + DESCENT)) // (s.size * s.leading)) + 1 if aH >= text_height(1, s) else 0
        fit = min(fit, total - 2)  # two lines at least stay for the next frame (no widow)
        if total < 4 or fit < 2:  # and two at least start here (no orphan)
            return []
        shift = fit * s.size * s.leading
        head = tuple(op for op in self._ops if _line_of(op, s) < fit)
        tail = tuple(op._replace(y=op.y - shift) for op in self._ops if _line_of(op, s) >= fit)
        first = Rich(self.setter, self.text, replace(s, space_after=0), fixed=(head, fit))
        rest = Rich(self.setter, self.text, replace(s, space_before=0), fixed=(tail, total - fit))
        return [first, rest]


class Heading(Rich):
    """A heading: an entry of the contents and the outline, kept with what follows it."""

    keep_with_next = True
    running = True  # a level-1 heading becomes the running head of the pages it is in force on

    def __init__(self, setter, text, style, level: int, key: str, toc: bool = True, rule: str | None = None):
        super().__init__(setter, text, style)
        self.level = level
        self.key = key
        self.toc = toc
        self.rule = rule  # colour of a line under the heading

    def wrap(self, aW, aH):
        w, h = super().wrap(aW, aH)
        if self.rule:
            self.height = h = h + 3
        return w, h

    def elements(self) -> tuple:
        els = super().elements()
        if self.rule:
            els += (line(0, self.height - 0.6, self.width, self.height - 0.6, self.rule, 0.8),)
        return els

    def split(self, aW, aH):
        return []


class Stack(Block):
    """Blocks one above the other, in an optional box with a marker (bullet, number, icon) in its left padding."""

    def __init__(self, children, *, pad=(0.0, 0.0, 0.0, 0.0), fill=None, stroke=None, bar=None, bar_w=2.5, radius=0.0,
                 marker=None, keep=False, space_before=None, space_after=None, gap=None):
        children = [c for c in children if c is not None]
        sb = space_before if space_before is not None else (children[0].spaceBefore if children else 0.0)
        sa = space_after if space_after is not None else (children[-1].spaceAfter if children else 0.0)
        super().__init__(sb, sa)
        self.children = children
        self.pad = pad  # left, top, right, bottom
        self.fill, self.stroke, self.bar, self.bar_w, self.radius = fill, stroke, bar, bar_w, radius
        self.marker = marker  # (setter, text, style, width)
        self.keep = keep
        self.gap = gap  # fixed space between children, else their own spaces
        self.keep_with_next = bool(children) and all(c.keep_with_next for c in children)
        self._pos: list = []

    def _like(self, children, first: bool) -> Stack:
        out = Stack(children, pad=self.pad, fill=self.fill, stroke=self.stroke, bar=self.bar, bar_w=self.bar_w, radius=self.radius,
                    marker=self.marker if first else None, keep=False, space_before=self.spaceBefore if first else 0.0,
                    space_after=0.0 if first else self.spaceAfter, gap=self.gap)
        return out

    def _between(self, a, b) -> float:
        return self.gap if self.gap is not None else max(a.spaceAfter, b.spaceBefore)

    def wrap(self, aW, aH):
        left, top, right, bottom = self.pad
        inner = max(aW - left - right, 1.0)
        y = top
        self._pos = []
        for i, child in enumerate(self.children):
            if i:
                y += self._between(self.children[i - 1], child)
            _, h = child.wrap(inner, BIG)
            self._pos.append((y, h))
            y += h
        self.width, self.height = aW, y + bottom
        return aW, self.height

    def first_baseline(self) -> float:
        return self.pad[1] + (self.children[0].first_baseline() if self.children else 0.0)

    def _own(self) -> tuple:
        els = []
        if self.fill or self.stroke:
            els.append(rect(0, 0, self.width, self.height, self.fill, self.stroke, 0.5, self.radius))
        if self.bar:
            els.append(rect(0, 0, self.bar_w, self.height, self.bar))
        if self.marker:
            setter, text, style, width = self.marker
            laid = setter.lay(text, width, style)
            y = self.first_baseline() - style.size * ASCENT
            els.append(Text(0.0, y / K, laid.ops))
        return tuple(els)

    def elements(self) -> tuple:
        els = list(self._own())
        for child, (y, _) in zip(self.children, self._pos, strict=False):
            sub = child.elements()
            if sub:
                els.append(group(self.pad[0], y, sub))
        return tuple(els)

    def draw(self):
        draw_elements(self.canv, self._own(), self.width, self.height)
        for child, (y, h) in zip(self.children, self._pos, strict=False):
            child.drawOn(self.canv, self.pad[0], self.height - y - h)

    def split(self, aW, aH):
        frame = getattr(self, "_frame", None)
        at_top = bool(getattr(frame, "_atTop", False))
        if self.keep and not at_top and frame is not None and self.wrap(aW, BIG)[1] <= getattr(frame, "_aH", 0):
            return []  # fits a frame of its own: start it there rather than split it
        left, top, right, bottom = self.pad
        inner = max(aW - left - right, 1.0)
        room = aH - top - bottom
        y, first, rest = 0.0, [], []
        for i, child in enumerate(self.children):
            gap = self._between(self.children[i - 1], child) if first else 0.0
            _, h = child.wrap(inner, BIG)
            if y + gap + h <= room + EPS:
                first.append(child)
                y += gap + h
                continue
            parts = child.split(inner, room - y - gap) if room - y - gap > 0 else []
            if parts and parts[0].wrap(inner, BIG)[1] <= room - y - gap + EPS:
                first.append(parts[0])
                rest = list(parts[1:]) + self.children[i + 1:]
            else:
                rest = self.children[i:]
            break
        while first and first[-1].keep_with_next:
            rest.insert(0, first.pop())  # a heading never ends a frame...
        if not first and at_top and len(self.children) > 1 and self.children[0].keep_with_next:
            first, rest = [self.children[0]], self.children[1:]  # ...unless what follows cannot start even in an empty one
        if not first or not rest:
            return []
        return [self._like(first, True), self._like(rest, False)]


class Rule(Block):
    """A horizontal line."""

    def __init__(self, colour: str, width: float = 0.6, space: float = 6.0):
        super().__init__(space, space)
        self.colour, self.line_w = colour, width

    def wrap(self, aW, aH):
        self.width, self.height = aW, self.line_w
        return aW, self.height

    def elements(self) -> tuple:
        return (line(0, self.line_w / 2, self.width, self.line_w / 2, self.colour, self.line_w),)


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
                 space_before=4.0, space_after=8.0, first_stripe=0, widths=None):
        super().__init__(space_before, space_after)
        self.setter, self.header, self.rows, self.look = setter, header, rows, look
        ncols = max([len(r) for r in rows] + [len(header or [])] + [1])
        self.ncols = ncols
        self.rows = [list(r) + [""] * (ncols - len(r)) for r in rows]
        self.header = list(header) + [""] * (ncols - len(header)) if header else None
        self.aligns = list(aligns or []) + ["left"] * ncols
        self.first_stripe = first_stripe
        self._widths = widths
        self._layout = None

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
        pad = self.look.pad
        cells = [self.setter.lay(text, w - 2 * pad, replace(style, align=self.aligns[c])) for c, (text, w) in enumerate(zip(row, widths, strict=False))]
        h = max(text_height(laid.lines, style) for laid in cells) + 2 * pad
        return cells, h

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
        first = Table(self.setter, self.header, self.rows[:fit], self.look, self.aligns, self.spaceBefore, 0.0, self.first_stripe, widths)
        rest = Table(self.setter, self.header, self.rows[fit:], self.look, self.aligns, 0.0, self.spaceAfter, self.first_stripe + fit, widths)
        return [first, rest]


@dataclass
class FigureItem:
    """One picture of a figure: a face (card or board), a checked image, or a placeholder."""

    kind: str  # face, image, missing
    w_mm: float  # natural width
    h_mm: float
    width_mm: float  # asked width
    caption: str  # rich text
    face: Face | None = None
    image: tuple | None = None  # (path, px w, px h)
    label: str = ""


class Figure(Block):
    """Pictures side by side (wrapping into rows), each with a caption below, drawn vector from their faces."""

    GAP = 6 * K
    CAPTION_MIN = 40 * K

    def __init__(self, setter: Setter, items: list[FigureItem], caption_style: Style, outline: str = "#999999", space=8.0):
        super().__init__(space, space)
        self.setter, self.items, self.cstyle, self.outline = setter, items, caption_style, outline
        self._rows: list = []

    def _sizes(self, aW):
        max_h = self.setter.region_h * 0.8
        out = []
        for it in self.items:
            w = min(it.width_mm * K, aW)
            h = w * it.h_mm / it.w_mm
            if h > max_h:
                w, h = w * max_h / h, max_h
            cap_w = min(max(w, self.CAPTION_MIN), aW)
            laid = self.setter.lay(it.caption, cap_w, self.cstyle) if it.caption else None
            cap_h = text_height(laid.lines, self.cstyle) + 3 if laid else 0.0
            out.append((it, w, h, cap_w, laid, cap_h))
        return out

    def wrap(self, aW, aH):
        rows, row, used = [], [], 0.0
        for entry in self._sizes(aW):
            span = max(entry[1], entry[3])
            if row and used + self.GAP + span > aW + EPS:
                rows.append(row)
                row, used = [], 0.0
            used += (self.GAP if row else 0.0) + span
            row.append(entry)
        if row:
            rows.append(row)
        self._rows = []
        y = 0.0
        for n, row in enumerate(rows):
            spans = [max(e[1], e[3]) for e in row]
            x = (aW - add_up(spans) - self.GAP * (len(row) - 1)) / 2
            height = max(e[2] + e[5] for e in row)
            placed = []
            for e, span in zip(row, spans, strict=False):
                placed.append((e, x + (span - e[1]) / 2, x + (span - e[3]) / 2))
                x += span + self.GAP
            self._rows.append((y, height, placed))
            y += height + (self.GAP if n < len(rows) - 1 else 0.0)
        self.width, self.height = aW, y
        return aW, self.height

    def _caption_elements(self) -> list:
        els = []
        for y, _height, placed in self._rows:
            for (it, w, h, _cap_w, laid, _cap_h), x, cap_x in placed:
                if laid:
                    els.append(Text(cap_x / K, (y + h + 3) / K, laid.ops))
                if it.kind == "missing":
                    els.append(rect(x, y, w, h, "#f2f2f2", "#999999", 0.5))
                    label = self.setter.lay(escape(it.label), w - 8, replace(self.cstyle, align="center"))
                    els.append(Text((x + 4) / K, (y + h / 2 - 6) / K, label.ops))
        return els

    def elements(self) -> tuple:
        els = self._caption_elements()
        for y, _height, placed in self._rows:
            for (it, w, h, *_), x, _ in placed:
                if it.kind == "face":
                    els.append(group(x, y, it.face.elements, w / (it.w_mm * K)))
                    els.append(rect(x, y, w, h, None, self.outline, 0.3))
                elif it.kind == "image":
                    els.append(Image(it.image, x / K, y / K, w / K, h / K, "contain"))
        return tuple(els)

    def draw(self):
        canv = self.canv
        drawer = drawer_for(canv)
        for y, _height, placed in self._rows:
            for (it, w, h, *_), x, _ in placed:
                bottom = self.height - y - h
                if it.kind == "face":
                    name = drawer.form(it.face)  # clipped to the face's own box, like the printed card
                    canv.saveState()
                    canv.translate(x, bottom)
                    canv.scale(w / (it.w_mm * K), w / (it.w_mm * K))
                    canv.doForm(name)
                    canv.restoreState()
                    canv.saveState()
                    canv.setStrokeColor(self.outline)
                    canv.setLineWidth(0.3)
                    canv.rect(x, bottom, w, h, stroke=1, fill=0)
                    canv.restoreState()
                elif it.kind == "image":
                    path, _iw, _ih = it.image
                    canv.drawImage(path, x, bottom, w, h, mask="auto", preserveAspectRatio=True)
        draw_elements(canv, self._caption_elements(), self.width, self.height)

    def split(self, aW, aH):
        self.wrap(aW, aH)
        if len(self._rows) < 2:
            return []
        fit = sum(1 for y, height, _ in self._rows if y + height <= aH + EPS)
        if fit < 1:
            return []
        per_row = [len(placed) for _, _, placed in self._rows]
        cut = sum(per_row[:fit])
        return [Figure(self.setter, self.items[:cut], self.cstyle, self.outline, self.spaceBefore),
                Figure(self.setter, self.items[cut:], self.cstyle, self.outline, self.spaceAfter)]


class CoverArt(Block):
    """The cover's picture: the game's board with a fan of its cards in front, drawn from their own faces.

    It takes the height its frame has left less `reserve` (what follows it on
    the cover), so the cover is filled by the game itself, not by white."""

    FAN_DEGREES = 9.0  # between neighbouring cards of the fan
    MIN_H = 50 * K
    SHADOW = "#b3b3b3"

    def __init__(self, board: Face | None, cards: list[Face], outline: str, reserve: float = 0.0):
        super().__init__(6.0, 6.0)
        self.board, self.cards, self.outline, self.reserve = board, list(cards), outline, reserve

    def wrap(self, aW, aH):
        self.width, self.height = aW, max(aH - self.reserve - EPS, self.MIN_H)
        return self.width, self.height

    def placements(self) -> list[tuple]:
        """(face, x, y of its bottom-left, scale, degrees) in points, board first."""
        W, H = self.width, self.height
        out = []
        card_h = H * (0.55 if self.board else 0.8)
        if self.cards:
            card_h = min(card_h, W * 0.32 * max(c.h / c.w for c in self.cards))
        if self.board:
            b = self.board
            room_h = H - (card_h * 0.45 if self.cards else 0.0)
            scale = min(W / (b.w * K), room_h / (b.h * K))
            bw, bh = b.w * K * scale, b.h * K * scale
            out.append((b, (W - bw) / 2, H - bh, scale, 0.0))
        n = len(self.cards)
        for i, card in enumerate(self.cards):
            scale = card_h / (card.h * K)
            cw = card.w * K * scale
            step = min(cw * 0.72, (W - cw) / max(n - 1, 1))
            cx = W / 2 + (i - (n - 1) / 2) * step
            angle = (i - (n - 1) / 2) * -self.FAN_DEGREES
            dip = abs(i - (n - 1) / 2) * card_h * 0.06  # outer cards sit lower, as in a hand
            out.append((card, cx - cw / 2, 4 + dip, scale, angle))
        return out

    def draw(self):
        canv = self.canv
        drawer = drawer_for(canv)
        for face, x, y, scale, angle in self.placements():
            w, h = face.w * K * scale, face.h * K * scale
            name = drawer.form(face)
            canv.saveState()
            canv.translate(x + w / 2, y)
            canv.rotate(angle)
            canv.translate(-w / 2, 0)
            if face is not self.board:
                canv.setFillColor(self.SHADOW)  # an opaque shadow (no transparency for print) lifts each card off the board
                canv.rect(1.4, -1.4, w, h, stroke=0, fill=1)
            canv.saveState()
            canv.scale(scale, scale)
            canv.doForm(name)
            canv.restoreState()
            canv.setStrokeColor(self.outline)
            canv.setLineWidth(0.4)
            canv.rect(0, 0, w, h, stroke=1, fill=0)
            canv.restoreState()


class Contents(Block):
    """The table of contents: headings with dot leaders and page numbers, filled in by multiBuild passes."""

    def __init__(self, setter: Setter, styles: dict, number_style: Style, leader_colour: str, rows=None):
        super().__init__(0.0, 0.0)
        self.setter, self.styles, self.nstyle, self.leader_colour = setter, styles, number_style, leader_colour
        self._entries: list = []
        self._last: list = []
        self._rows = rows  # a split part holds its rows
        self._laid: list = []

    # the indexing protocol of multiBuild
    def isIndexing(self):
        return self._rows is None

    def isSatisfied(self):
        return self._entries == self._last

    def lays_out_alike(self) -> bool:
        """Whether the entries this pass found differ from those it showed in page numbers alone. A number sits in a
        column of fixed width, so the contents take the same room with either, and the next pass breaks the same pages."""
        return [(level, text, key) for level, text, _, key in self._entries] == [(level, text, key) for level, text, _, key in self._last]

    def expect(self, headings: list[tuple[int, str, str]], pages: list[int] | None = None) -> None:
        """Show these (level, text, key) entries in the first pass: the contents then take their full room at once, and
        the first pass already breaks the pages as the last will. Their `pages` are a guess (the last build's), or 0."""
        self._entries = [(level, text, page, key) for (level, text, key), page in zip(headings, pages or [0] * len(headings), strict=True)]

    def entries(self) -> list[tuple[int, str, int, str]]:
        """The (level, text, page, key) entries the last pass found."""
        return list(self._entries)

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
        els = []
        num_w = self.setter.widths("0000", self.nstyle)[0]
        for y, indent, laid, number, style, _key in self._laid:
            els.append(Text(indent / K, y / K, laid.ops))
            last = laid.lines - 1
            end = max((_op_right(op) for op in laid.ops if _line_of(op, style) == last), default=0.0) + indent
            base = y + style.size * ASCENT + last * style.size * style.leading
            dots_from, dots_to = end + 6, self.width - num_w - 4
            font = self.setter.font(self.nstyle, bold=False)
            dot_w = stringWidth(". ", font, self.nstyle.size)
            n = int((dots_to - dots_from) / dot_w)
            if n > 0:
                els.append(Text(0.0, 0.0, (TextOp(dots_to - n * dot_w, base, font, self.nstyle.size, self.leader_colour, ". " * n, n * dot_w),)))
            nb = base - self.nstyle.size * ASCENT
            els.append(Text((self.width - num_w) / K, nb / K, number.ops))
        return tuple(els)

    def draw(self):
        super().draw()
        canv = self.canv
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
        return [Contents(self.setter, self.styles, self.nstyle, self.leader_colour, rows[:fit]),
                Contents(self.setter, self.styles, self.nstyle, self.leader_colour, rows[fit:])]


def leading_heading(flowable):
    """The heading a placed flowable opens with, if it opens with one (a kept heading opens its stack)."""
    while not isinstance(flowable, Heading):
        children = getattr(flowable, "children", ())
        if not children:
            return None
        flowable = children[0]
    return flowable


def headings_in(flowable):
    """The headings a placed flowable holds (a heading may sit inside a kept-together stack)."""
    if isinstance(flowable, Heading):
        yield flowable
    for child in getattr(flowable, "children", ()):
        yield from headings_in(child)


# Packing blocks into fixed regions (reference columns, player-aid cards) -----------------------
class _Region:
    """What a block's split may ask of the frame it is being placed in."""

    def __init__(self, height: float, at_top: bool):
        self._aH = height
        self._atTop = at_top


def pack(blocks, width: float, height, max_regions: int = 500):
    """Fill regions `width` points wide and `height` high (a number, or a function of the region's index) with blocks in order.

    Returns (regions, overflow): each region a list of (y from its top, block), and
    the blocks too big for an empty region (placed anyway, so nothing vanishes)."""
    height_of = height if callable(height) else (lambda index: height)
    regions: list = [[]]
    overflow: list = []
    queue = list(blocks)
    y, prev = 0.0, None
    steps = 0
    while queue:
        steps += 1
        if len(regions) > max_regions or steps > 200_000:
            raise ValueError(f"the content needs more than {max_regions} pages or cards")
        block = queue.pop(0)
        region = regions[-1]
        height = height_of(len(regions) - 1)
        gap = max(prev.spaceAfter, block.spaceBefore) if region else 0.0
        room = height - y - gap
        _, h = block.wrap(width, room)
        if h <= room + EPS:
            region.append((y + gap, block))
            y, prev = y + gap + h, block
            continue
        block._frame = _Region(height, not region)
        try:
            parts = block.split(width, room) if room > 0 else []
        finally:
            del block._frame
        if parts:
            queue[0:0] = parts
            continue
        if not region:
            region.append((0.0, block))
            overflow.append(block)
        else:
            queue.insert(0, block)
        regions.append([])
        y, prev = 0.0, None
    if not regions[-1]:
        regions.pop()
    return regions, overflow


def region_elements(region, x_pt: float = 0.0, y_pt: float = 0.0) -> tuple:
    """The elements of a packed region, placed with its top-left at (x, y) points."""
    els = []
    for y, block in region:
        sub = block.elements()
        if sub:
            els.append(group(x_pt, y_pt + y, sub))
    return tuple(els)
