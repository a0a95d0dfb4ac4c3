"""Figures as blocks: real components or pictures with captions, side by side, and the cover's board and fan of cards."""
from __future__ import annotations

from dataclasses import dataclass, replace

from pnp.core.units import add_up
from pnp.layout import markup as rich
from pnp.layout import rl, rl_stream
from pnp.layout.elements import Face, Image, Text
from pnp.render import tagging
from pnp.render.flowables import Block
from pnp.render.pictures import picture
from pnp.render.text_setting import (
    EPS,
    K,
    Setter,
    Style,
    draw_elements,
    drawer_for,
    escape,
    group,
    rect,
    text_height,
)


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
    alt: str = ""  # what it shows, for a reader that cannot see it (a card's title), when its caption does not say


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
            cap_w = min(max(w, self.CAPTION_MIN), aW) if it.caption else w  # no caption, no room kept for one
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
            for entry, x, cap_x in placed:
                caption, stand_in = self._item_elements(y, entry, x, cap_x)
                els += caption + stand_in
        return els

    def _item_elements(self, y, entry, x, cap_x) -> tuple[list, list]:
        """(its caption, the stand-in drawn for a missing picture) of one item, as elements."""
        it, w, h, _cap_w, laid, _cap_h = entry
        caption = [Text(cap_x / K, (y + h + 3) / K, laid.ops)] if laid else []
        if it.kind != "missing":
            return caption, []
        label = self.setter.lay(escape(it.label), w - 8, replace(self.cstyle, align="center"))
        return caption, [rect(x, y, w, h, "#f2f2f2", "#999999", 0.5), Text((x + 4) / K, (y + h / 2 - 6) / K, label.ops)]

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
        if tagging.tagger_of(canv) is not None:
            self._draw_tagged()
            return
        for y, _height, placed in self._rows:
            for (it, w, h, *_), x, _ in placed:
                self._picture(it, x, self.height - y - h, w, h)
        draw_elements(canv, self._caption_elements(), self.width, self.height)

    def _draw_tagged(self):
        """Each picture a `Figure` whose alternative text is what it shows (`alt`, a card's title), else its caption, else
        what the data names it; its caption a `P`."""
        canv = self.canv
        for y, _height, placed in self._rows:
            for entry, x, cap_x in placed:
                it, w, h = entry[:3]
                caption, stand_in = self._item_elements(y, entry, x, cap_x)
                alt = it.alt or rich.plain(it.caption).strip() or it.label
                with tagging.content(canv, "Figure", alt=alt):
                    self._picture(it, x, self.height - y - h, w, h)
                    draw_elements(canv, stand_in, self.width, self.height)
                if caption:
                    with tagging.content(canv, "P"):
                        draw_elements(canv, caption, self.width, self.height)

    def _picture(self, it: FigureItem, x: float, bottom: float, w: float, h: float) -> None:
        canv = self.canv
        if it.kind == "face":
            scale = w / (it.w_mm * K)
            name = drawer_for(canv).form(it.face, scale)  # clipped to the face's own box, like the printed card
            canv.saveState()
            canv.translate(x, bottom)
            canv.scale(scale, scale)
            canv.doForm(name)
            canv.restoreState()
            canv.saveState()
            canv.setStrokeColor(self.outline)
            canv.setLineWidth(0.3)
            canv.rect(x, bottom, w, h, stroke=1, fill=0)
            canv.restoreState()
        elif it.kind == "image":
            path, _iw, _ih = it.image
            canv.drawImage(picture(path), x, bottom, w, h, mask="auto", preserveAspectRatio=True)
            rl_stream.spool_picture(canv, rl.placed_image(canv))  # past a threshold, its compressed stream waits in a file (issue 74)

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

    def __init__(self, board: Face | None, cards: list[Face], outline: str, reserve: float = 0.0, alt: str = ""):
        super().__init__(6.0, 6.0)
        self.board, self.cards, self.outline, self.reserve = board, list(cards), outline, reserve
        self.alt = alt  # what it shows, in words, for a tagged PDF's reader

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
        with tagging.content(self.canv, "Figure", alt=self.alt):
            self._draw()

    def _draw(self):
        canv = self.canv
        drawer = drawer_for(canv)
        for face, x, y, scale, angle in self.placements():
            w, h = face.w * K * scale, face.h * K * scale
            name = drawer.form(face, scale)
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
