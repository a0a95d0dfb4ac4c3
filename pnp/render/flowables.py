"""Platypus flowables that typeset our rich text: paragraphs, boxes, lists, tables, figures, contents.

Every block follows Platypus's contract (`wrap` for a width, `split` into
what fits and the rest, `draw` in its own coordinates) and can also give its
drawing as face elements (`elements()`, mm from its top-left), so the same
block prints on a rulebook page, a reference sheet or a player-aid card.
Text is laid out by our typesetter and drawn by FaceDrawer: reportlab's
paragraph markup never sees data, characters missing from a font come from
the fallback, and icons stay vector.

Here are the blocks of running text (paragraphs, headings, boxes and lists,
rules) and packing blocks into fixed regions; tables, figures and the contents
are their own modules (pnp.render.tables, figures, contents), and the text
setting they share is pnp.render.text_setting.
"""
from __future__ import annotations

import re
from contextlib import nullcontext
from dataclasses import replace

from reportlab.platypus.flowables import Flowable

from pnp.layout import rl
from pnp.layout.elements import Tagged, Text
from pnp.layout.markup import spoken_name
from pnp.layout.typeset import ASCENT, DESCENT
from pnp.render import tagging
from pnp.render.text_setting import (
    BIG,
    EPS,
    K,
    Setter,
    Style,
    draw_elements,
    group,
    line,
    line_of,
    rect,
    text_height,
)


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

    def tagged(self) -> tuple:
        """`elements()` with the structure its `draw` gives a tagged canvas, as `Tagged` groups (a face drawn on a
        tagged canvas: the reference sheet); what no structure element holds is decoration (an artifact)."""
        return self.elements()

    def draw(self):
        draw_elements(self.canv, self.elements(), self.width, self.height)

    def drawOn(self, canvas, x, y, _sW=0):
        if not getattr(canvas, "pnp_sketch", False):  # a pass that only finds where the pages break draws nothing (RulebookDoc)
            super().drawOn(canvas, x, y, _sW)

    def first_baseline(self) -> float:
        return 0.0

    def split(self, aW, aH):
        return []


class Rich(Block):
    """A paragraph of rich text; splits between lines, keeping two lines on each side."""

    role = "P"  # its structure element in a tagged PDF (pnp.render.tagging)

    def __init__(self, setter: Setter, text: str, style: Style, *, fixed=None, key=None):
        super().__init__(style.space_before, style.space_after)
        self.setter = setter
        self.text = text
        self.tstyle = style
        self._fixed = fixed  # (ops, lines) of a split part, already laid out
        self._ops, self._lines = fixed if fixed else ((), 0)
        self.key = key if key is not None else object()  # a split part is the same paragraph to a reader

    def draw(self):
        with tagging.content(self.canv, self.role, self.key):
            super().draw()

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

    def tagged(self) -> tuple:
        els = self.elements()
        return (Tagged(group(0, 0, els), self.role, self.key),) if els else ()

    def split(self, aW, aH):
        self.wrap(aW, aH)
        total = self._lines
        s = self.tstyle
        fit = int((aH - s.size * (ASCENT + DESCENT)) // (s.size * s.leading)) + 1 if aH >= text_height(1, s) else 0
        fit = min(fit, total - 2)  # two lines at least stay for the next frame (no widow)
        if total < 4 or fit < 2:  # and two at least start here (no orphan)
            return []
        shift = fit * s.size * s.leading
        head = tuple(op for op in self._ops if line_of(op, s) < fit)
        tail = tuple(op._replace(y=op.y - shift) for op in self._ops if line_of(op, s) >= fit)
        first = Rich(self.setter, self.text, replace(s, space_after=0), fixed=(head, fit), key=self.key)
        rest = Rich(self.setter, self.text, replace(s, space_before=0), fixed=(tail, total - fit), key=self.key)
        first.role = rest.role = self.role
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
        self.role = f"H{min(level, 6)}"

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


def marker_pad(setter, room: float) -> tuple[float, float, float, float]:
    """A list item's padding: `room` for its marker on the side its lines start (the right in a right-to-left edition)."""
    return (0.0, 0.0, room, 0.0) if setter.rtl else (room, 0.0, 0.0, 0.0)


class Stack(Block):
    """Blocks one above the other, in an optional box with a marker (bullet, number, icon) in its left padding (its right
    one in a right-to-left edition)."""

    def __init__(self, children, *, pad=(0.0, 0.0, 0.0, 0.0), fill=None, stroke=None, bar=None, bar_w=2.5, radius=0.0,
                 marker=None, keep=False, space_before=None, space_after=None, gap=None, role=None, in_list=None, key=None, bar_right=False):
        children = [c for c in children if c is not None]
        sb = space_before if space_before is not None else (children[0].spaceBefore if children else 0.0)
        sa = space_after if space_after is not None else (children[-1].spaceAfter if children else 0.0)
        super().__init__(sb, sa)
        self.children = children
        self.pad = pad  # left, top, right, bottom
        self.fill, self.stroke, self.bar, self.bar_w, self.radius = fill, stroke, bar, bar_w, radius
        self.bar_right = bar_right  # the bar beside the box's right edge: a right-to-left edition's quote
        self.marker = marker  # (setter, text, style, width)
        self.keep = keep
        self.gap = gap  # fixed space between children, else their own spaces
        self._keeps_with_next: bool | None = None  # asked of few stacks: found when asked (`keep_with_next`)
        self._pos: list = []
        # in a tagged PDF: its structure element (`LI`, `BlockQuote`; None, a box that only keeps blocks together), the
        # key of the list (`L`) an item belongs to, and its own key, which the parts of a split stack share
        self.role, self.in_list, self.key = role, in_list, key if key is not None else object()

    @property
    def keep_with_next(self) -> bool:
        """A stack of headings alone is kept with what follows it, as a heading is. Found when first asked, not as each
        part is made: a split of a stack of a thousand headings made a part of all those after the page, and looking
        through them for each part took time that grew with the square of the headings."""
        if self._keeps_with_next is None:
            self._keeps_with_next = bool(self.children) and all(c.keep_with_next for c in self.children)
        return self._keeps_with_next

    @keep_with_next.setter
    def keep_with_next(self, value: bool) -> None:
        self._keeps_with_next = value

    def _like(self, children, first: bool) -> Stack:
        out = Stack(children, pad=self.pad, fill=self.fill, stroke=self.stroke, bar=self.bar, bar_w=self.bar_w, radius=self.radius,
                    marker=self.marker if first else None, keep=False, space_before=self.spaceBefore if first else 0.0,
                    space_after=0.0 if first else self.spaceAfter, gap=self.gap, role=self.role, in_list=self.in_list, key=self.key,
                    bar_right=self.bar_right)
        return out

    def _between(self, a, b) -> float:
        return self.gap if self.gap is not None else max(a.spaceAfter, b.spaceBefore)

    def wrap(self, aW, aH):
        """Its size with every child laid at the width; a stack that will not fit `aH` stops measuring at the child that
        passes it (its height then more than `aH`, all a frame asks before it splits the stack), so a stack of many
        pages costs a page's children a page, not all those left (Platypus wraps what is left of it on each page)."""
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
            if y + bottom > aH + EPS and aH < BIG / 2:
                break
        self.width, self.height = aW, y + bottom
        return aW, self.height

    def first_baseline(self) -> float:
        return self.pad[1] + (self.children[0].first_baseline() if self.children else 0.0)

    def _own(self) -> tuple:
        return self._box() + self._marker()

    def _box(self) -> tuple:
        els = []
        if self.fill or self.stroke:
            els.append(rect(0, 0, self.width, self.height, self.fill, self.stroke, 0.5, self.radius))
        if self.bar:
            els.append(rect(self.width - self.bar_w if self.bar_right else 0, 0, self.bar_w, self.height, self.bar))
        return tuple(els)

    def _marker(self) -> tuple:
        if not self.marker:
            return ()
        setter, text, style, width = self.marker
        laid = setter.lay(text, width, style)
        y = self.first_baseline() - style.size * ASCENT
        return (Text((self.width - width if setter.rtl else 0.0) / K, y / K, laid.ops),)  # right to left: the marker at the right

    def elements(self) -> tuple:
        els = list(self._own())
        for child, (y, _) in zip(self.children, self._pos, strict=False):
            sub = child.elements()
            if sub:
                els.append(group(self.pad[0], y, sub))
        return tuple(els)

    def tagged(self) -> tuple:
        item = self.role == "LI"
        body = tuple(group(self.pad[0], y, sub) for child, (y, _) in zip(self.children, self._pos, strict=False) if (sub := child.tagged()))
        if item:
            body = (Tagged(group(0, 0, body), "LBody", (self.key, "LBody"), leaf=False),)
            marker = self._marker()
            if marker:  # an icon alone (an icon legend's) is a figure, its name the words a reader hears
                icon = re.fullmatch(r":([\w-]+):", self.marker[1])
                label = Tagged(group(0, 0, marker), "Figure", alt=spoken_name(icon[1])) if icon else None
                body = (Tagged(group(0, 0, (label,)), "Lbl", leaf=False) if label else Tagged(group(0, 0, marker), "Lbl"), *body)
        els = self._box() + body
        if self.role:
            els = (Tagged(group(0, 0, els), self.role, self.key, leaf=False),)
        return (Tagged(group(0, 0, els), "L", self.in_list, leaf=False),) if item else els

    def draw(self):
        canv = self.canv
        if tagging.tagger_of(canv) is None:
            draw_elements(canv, self._own(), self.width, self.height)
            self._draw_children()
            return
        item = self.role == "LI"
        with tagging.element(canv, "L", self.in_list) if item else nullcontext(), tagging.element(canv, self.role, self.key):
            with tagging.artifact(canv):
                draw_elements(canv, self._box(), self.width, self.height)
            with tagging.content(canv, "Lbl") if item and self.marker else nullcontext():
                draw_elements(canv, self._marker(), self.width, self.height)
            with tagging.element(canv, "LBody" if item else None, (self.key, "LBody")):
                self._draw_children()

    def _draw_children(self):
        for child, (y, h) in zip(self.children, self._pos, strict=False):
            child.drawOn(self.canv, self.pad[0], self.height - y - h)

    def split(self, aW, aH):
        frame = rl.frame_of(self)
        at_top = frame is not None and frame[0]
        if self.keep and not at_top and frame is not None and self.wrap(aW, BIG)[1] <= frame[1]:
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
        first, rest = self._headings_kept_with_next(first, rest, at_top)
        if not first or not rest:
            return []
        return [self._like(first, True), self._like(rest, False)]

    def _headings_kept_with_next(self, first: list, rest: list, at_top: bool) -> tuple[list, list]:
        """A heading never ends a frame: it goes on with what follows it. Unless headings are all an empty frame
        holds: then headings in a row fill it (not one a page: 1,000 of them made 499 pages), or the first goes alone."""
        fitted, after = first[:], rest[:]
        while first and first[-1].keep_with_next:
            rest.insert(0, first.pop())
        if not first and at_top and len(self.children) > 1 and self.children[0].keep_with_next:
            return (fitted, after) if fitted else ([self.children[0]], self.children[1:])
        return first, rest


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

    def draw(self):
        with tagging.artifact(self.canv):
            super().draw()


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
def pack(blocks, width: float, height, max_regions: int = 500):
    """Fill regions `width` points wide and `height` high (a number, or a function of the region's index) with blocks in order.

    Returns (regions, overflow): each region a list of (y from its top, block), and
    the blocks too big for an empty region (placed anyway, so nothing vanishes).

    Platypus's `Frame.add` places a flowable by drawing it on a canvas; these
    regions are laid out again at each type size tried (reference.largest_fitting)
    and become face elements, so the blocks are placed here without a canvas, by
    Frame's rules (the larger of two facing spaces; a split asked for the room
    left, the block told of its frame as `Frame.split` tells it: rl.splitting_in)."""
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
        with rl.splitting_in(block, height, at_top=not region):
            parts = block.split(width, room) if room > 0 else []
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


def region_elements(region, x_pt: float = 0.0, y_pt: float = 0.0, tagged=False) -> tuple:
    """The elements of a packed region, placed with its top-left at (x, y) points; `tagged` (True, or a test of a block),
    with their structure (`Block.tagged`)."""
    els = []
    for y, block in region:
        sub = block.tagged() if (tagged(block) if callable(tagged) else tagged) else block.elements()
        if sub:
            els.append(group(x_pt, y_pt + y, sub))
    return tuple(els)
