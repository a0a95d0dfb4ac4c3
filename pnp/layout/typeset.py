"""Fit rich text into a box: break lines, shrink the size until it fits.

This is the hot path of a build (every card has several text boxes), so it
measures each word once at 1 pt and scales, and emits one string per run of
same-styled words on a line. reportlab's Paragraph would parse markup we do
not want parsed and costs about three times as much per card.
"""
from __future__ import annotations

from bisect import bisect_right
from functools import lru_cache
from typing import NamedTuple

from reportlab.pdfbase.pdfmetrics import stringWidth

from pnp.core.units import add_up
from pnp.layout.fonts import NAME_CACHES, FontBook
from pnp.layout.hyphenation import SOFT_HYPHEN, soft_breaks, with_cjk_breaks, word_breaks_of
from pnp.layout.inline_icons import FULL_INK, InlineIcon, inline_icon
from pnp.layout.marks import without_marks
from pnp.layout.markup import Run

ASCENT = 0.80  # first baseline below the box top, as a fraction of the size
DESCENT = 0.22  # room kept below the last baseline
ICON_MIDDLE = 0.36  # an inline icon's square is centred about this far above the baseline (half a cap height), give or take its padding
SIZE_STEP = 0.25  # points between tried sizes
_END = Run("\n", False, False, None)  # the end of a text, to Typesetter.plain_lines: a break that adds no empty line


def _no_tick() -> None:
    """A step of no face's processor time: text set outside a template's sandbox."""


class TextOp(NamedTuple):
    x: float  # points from the box's left
    y: float  # baseline, points down from the box's top
    font: str
    size: float
    color: str
    text: str
    w: float  # advance width in points


class IconOp(NamedTuple):
    x: float
    y: float  # top of the icon, points down from the box's top
    size: float
    icon: str
    color: str


class Laid(NamedTuple):
    ops: tuple
    size: float
    fits: bool
    lines: int
    condensed: str = ""  # the condensed family a title too long for its line was set in instead of its own, if it was


# A word fragment is a plain tuple (text, font, colour, width at 1 pt, icon or None): a build
# makes hundreds of thousands of them, and tuples cost a third of a NamedTuple to create.
# An inline icon's entry is an InlineIcon.
TEXT, FONT, COLOUR, W1, ICON = range(5)


@lru_cache(maxsize=200_000)
def width1(text: str, font: str) -> float:
    """The advance width of `text` at 1 pt: words repeat across a deck, so each is measured once. A vowel mark takes no
    room (pnp.layout.marks)."""
    return stringWidth(text if text.isascii() else without_marks(text), font, 1.0)


NAME_CACHES.append(width1.cache_clear)


# A character a font lacks, drawn as a glyph of its own that stands for it: Noto Sans and Noto Serif have no minus
# sign (U+2212); their en dash is near its length, in the weight of the digits beside it, where a fallback font's minus
# (DejaVu's) is drawn in another design and size.
STAND_INS = {"\u2212": "\u2013"}

# Unicode's default-ignorable code points (DerivedCoreProperties.txt, the Basic Multilingual Plane's): bidi marks,
# embeddings and isolates, joiners, variation selectors, the byte-order mark. They draw nothing, so a font without
# them lacks nothing: a renderer shows none of them, and neither does pnp.
INVISIBLE = frozenset(chr(c) for lo, hi in ((0xAD, 0xAD), (0x34F, 0x34F), (0x61C, 0x61C), (0x115F, 0x1160), (0x17B4, 0x17B5),
                                          (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E), (0x2060, 0x206F), (0x3164, 0x3164),
                                          (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF), (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8)) for c in range(lo, hi + 1))


class Typesetter:
    """Breaks and fits text with one project's fonts."""

    def __init__(self, fonts: FontBook, tick=None):
        self.fonts = fonts
        self.tick = tick  # called for each word and line set: the sandbox counting the face's processor time (pnp.layout.growth)
        self._split = lru_cache(maxsize=100_000)(self._split_by_coverage)
        self._ascii: dict[str, bool] = {}  # font → whether it covers printable ASCII (fit_plain)

    def _covered(self, text: str, font: str, bold: bool, missing: set, symbols: tuple[str, ...] = ()) -> tuple:
        """Split text into (text, font) pieces, drawing uncovered characters from the game's `symbols` families, then the
        fallback; note those no font has."""
        result, lacking = self._split(text, font, bold, symbols)
        missing.update(lacking)
        return result

    def _split_by_coverage(self, text: str, font: str, bold: bool, symbols: tuple[str, ...] = ()) -> tuple[tuple, tuple]:
        glyphs = self.fonts.face(font).face.charToGlyph
        if all(ord(c) in glyphs for c in text):
            result = ((text, font),)
            lacking = ()
        else:
            pieces, lacking_list = [], []
            for c in text:
                stand_in = STAND_INS.get(c)
                if stand_in is not None and ord(c) not in glyphs and ord(stand_in) in glyphs:
                    c = stand_in  # drawn in the text's own font rather than a fallback's
                code = ord(c)
                if code not in glyphs and c in INVISIBLE:
                    continue  # a mark that draws nothing: no fallback needed, none missing
                use = font if code in glyphs else self.fonts.fallback_for(code, bold, symbols) or font
                if use == font and code not in glyphs:
                    lacking_list.append(c)
                if pieces and pieces[-1][1] == use:
                    pieces[-1] = (pieces[-1][0] + c, use)
                else:
                    pieces.append((c, use))
            result, lacking = tuple(pieces), tuple(lacking_list)
        return result, lacking

    def cap_height(self, font: str) -> float:
        """The font's cap height in ems (OS/2 sCapHeight, as reportlab reads it)."""
        return self.fonts.face(font).face.capHeight / 1000

    def items(self, runs: list[Run], family: str, bold: bool, italic: bool, color: str, missing: set, icon_ink=None, hyphenate=None,
              symbols: tuple[str, ...] = ()) -> list:
        """Words, spaces and breaks: ('w', frags, w1, breaks, fixed) | ('s', font, w1) | ('n',): a word is w1 × size + fixed
        points wide, `fixed` the icons of their own size in it.

        `icon_ink(name)` gives an icon's ink extent in its square (see IconInk), so
        inline icons reach the cap height; without it, icons are taken to fill their square.
        A word's `breaks` are where it may split at a line's end (pnp.layout.hyphenation): its soft hyphens, else, with
        `hyphenate` (a word's text → its break points), its language's. A character the text's font lacks is drawn from the first of the game's `symbols` families
        that has it, before fonts.yaml's fallback."""
        out: list = []
        word: list[tuple] = []
        soft: list[tuple[int, bool]] = []
        length = 0  # characters in the word so far
        fixed = False  # whether the word holds an icon of its own size
        wide = False  # whether the word holds a character past ASCII (it may be Japanese or Chinese: with_cjk_breaks)

        tick = self.tick

        def end_word():
            nonlocal length, fixed, wide
            if tick is not None:
                tick()
            if word:
                breaks = word_breaks_of(word, soft, length, hyphenate) if soft or hyphenate is not None else ()
                breaks = with_cjk_breaks(word, breaks) if wide else breaks
                out.append(("w", tuple(word), add_up(f[W1] for f in word), breaks, _fixed(word) if fixed else 0.0))
                word.clear()
                soft.clear()
            length, fixed, wide = 0, False, False

        for run in runs:
            if run.icon is None and run.text == "\n":
                end_word()
                out.append(("n",))
                continue
            font = self.fonts.font_name(family, bold or run.bold, italic or run.italic)
            colour = run.color or color
            if run.icon is not None and run.size:  # its own size, centred on the capitals' middle
                word.append(("", font, colour, 0.0, InlineIcon(run.icon, 0.0, self.cap_height(font) / 2, run.size)))
                fixed = True
                continue
            if run.icon is not None:
                icon = inline_icon(run.icon, self.cap_height(font), icon_ink(run.icon) if icon_ink else FULL_INK)
                word.append(("", font, colour, icon.square, icon))
                continue
            parts = run.text.replace("\t", " ").split(" ")
            for i, part in enumerate(parts):
                if i > 0:
                    end_word()
                    out.append(("s", font, width1(" ", font)))
                if SOFT_HYPHEN in part:
                    part = soft_breaks(part, length, soft)
                if part:
                    length += len(part)
                    wide = wide or not part.isascii()
                    for piece, piece_font in self._covered(part, font, bold or run.bold, missing, symbols):
                        word.append((piece, piece_font, colour, width1(piece, piece_font), None))
        end_word()
        return out

    def fit_plain(self, runs: list[Run], family: str, bold: bool, italic: bool, color: str, width: float, height: float, size: float,
                  leading: float, align: str, valign: str) -> Laid | None:
        """The text set at `size` when each of its paragraphs fits on one line and is plain ASCII its fonts cover (a title,
        a number, a short line of rules), else None: the general path (`items`, then `fit`) sets it then.

        Most texts of a deck are of that kind. They are measured word by word as `items` and `_break_lines` would
        measure them, in the same order of additions, so the same text is laid to the same points either way; what is
        skipped is the general path's items, break points and line breaker, which a text that never breaks needs not."""
        lines = self.plain_lines(runs, family, bold, italic, color, width, size)
        if lines is None:
            return None
        laid = _placed(lines, False, width, height, size, leading, align, valign)
        return laid if laid.fits else None

    def plain_lines(self, runs: list[Run], family: str, bold: bool, italic: bool, color: str, width: float, size: float) -> list | None:
        """The lines `_break_lines` would give for these runs, when no word of them would go on to another line and each
        is ASCII its font covers (no icon, no fallback font, no break point needed); else None."""
        tick = self.tick or _no_tick
        lines: list = []
        cur: list = []
        cur_w = 0.0
        pending = None  # (font, w1) of a space waiting for the next word
        word: list[tuple] = []
        for run in [*runs, _END]:
            if run.icon is not None or not run.text.isascii():
                return None
            if run.text == "\n":
                tick()  # each word and each line a step of the face's processor time, as on the general path
                if word:
                    cur_w = self._plain_word(word, cur, cur_w, pending, width, size)
                    if cur_w is None:
                        return None
                    word, pending = [], None
                if run is not _END or cur or not lines:  # the end adds a line only where a break did not just end one
                    lines.append((cur_w, cur, True))
                cur, cur_w, pending = [], 0.0, None
                continue
            font = self.fonts.font_name(family, bold or run.bold, italic or run.italic)
            if not self.covers_ascii(font):
                return None
            colour = run.color or color
            for i, part in enumerate(run.text.replace("\t", " ").split(" ")):
                if i > 0:
                    tick()
                    if word:
                        cur_w = self._plain_word(word, cur, cur_w, pending, width, size)
                        if cur_w is None:
                            return None
                        word, pending = [], None
                    pending = (font, width1(" ", font))
                if part:
                    word.append((part, font, colour, width1(part, font), None))
        return lines

    @staticmethod
    def _plain_word(word: list, cur: list, cur_w: float, pending, width: float, size: float) -> float | None:
        """The line's width with the word placed after the space pending before it, as _break_lines places a word that
        fits where the line has got to; None when it does not fit there."""
        w1 = word[0][W1] if len(word) == 1 else add_up(f[W1] for f in word)  # 0 + a width is that width: add_up's first step
        space_w = pending[1] * size if (pending and cur) else 0.0
        if w1 * size + 0.0 > width - cur_w - space_w + 1e-6:
            return None
        return _place(cur, cur_w, word, pending, space_w, size)

    def covers_ascii(self, font: str) -> bool:
        """Whether the font has a glyph for every printable ASCII character (asked once per font)."""
        hit = self._ascii.get(font)
        if hit is None:
            glyphs = self.fonts.face(font).face.charToGlyph
            hit = self._ascii[font] = all(code in glyphs for code in range(32, 127))
        return hit

    def fit(self, items: list, width: float, height: float, size: float, min_size: float, leading: float, align: str, valign: str,
            max_lines: int | None = None) -> Laid:
        """Lay out at the largest size (in 0.25 pt steps) from `size` down to `min_size` that fits.

        With `max_lines`, a layout fits only if it also breaks into no more lines than that."""
        def fits(laid: Laid) -> bool:
            return laid.fits and (max_lines is None or laid.lines <= max_lines)

        laid = _lay(items, width, height, size, leading, align, valign, self.tick)
        if fits(laid) or min_size >= size:
            return laid
        steps = int((size - min_size) / SIZE_STEP)
        lo, hi, best = 1, steps, None  # binary search over sizes size - k*step
        while lo <= hi:
            mid = (lo + hi) // 2
            attempt = _lay(items, width, height, size - mid * SIZE_STEP, leading, align, valign, self.tick)
            if fits(attempt):
                best, hi = attempt, mid - 1
            else:
                lo = mid + 1
        if best is not None:
            return best
        return _lay(items, width, height, min_size, leading, align, valign, self.tick)


def _lay(items, width, height, size, leading, align, valign, tick=None) -> Laid:
    """The items set at `size` in a box: broken into lines, placed by `align` and `valign`, each line as text runs and icons."""
    lines, overflow = _break_lines(items, width, size, tick)
    return _placed(lines, overflow, width, height, size, leading, align, valign)


def _placed(lines, overflow: bool, width, height, size, leading, align, valign) -> Laid:
    """Lines (as _break_lines gives them) placed in a box by `align` and `valign`, each line as text runs and icons.

    A justified line (every line of a paragraph but its last) spreads its spaces so its last word ends at the box's
    right edge; each word is then a run of its own."""
    top, line_h, tall_enough = block_placement(len(lines), height, size, leading, valign)
    fits = not overflow and tall_enough
    ops: list = []
    for n, (line_w, parts, last) in enumerate(lines):
        baseline = top + size * ASCENT + n * line_h
        if align == "justify":
            spread = not last and line_w < width
            ops += line_ops(_spread(parts, width - line_w) if spread else parts, 0.0, baseline, size, each_word=spread)
            continue
        ops += line_ops(parts, line_x0(align, width, line_w), baseline, size)
    return Laid(tuple(ops), size, fits, len(lines))


def block_placement(count: int, height: float, size: float, leading: float, valign: str) -> tuple[float, float, bool]:
    """Where `count` lines of `size` pt at `leading` start in a box `height` pt tall by `valign` (the first line's top,
    pt below the box's), each line's height, and whether they fit: the one rule of a text's height and place, for every
    path that sets one (pnp.layout.paragraphs sets a deck's texts line by line to the same points)."""
    line_h = size * leading
    needed = size * (ASCENT + DESCENT) + (count - 1) * line_h
    top = 0.0 if valign == "top" else (height - needed) / (2 if valign == "middle" else 1)
    return top, line_h, needed <= height + 1e-6


def line_x0(align: str, width: float, line_w: float) -> float:
    """Where a line `line_w` points long starts in a box `width` points wide (a justified line that is not spread starts left)."""
    return 0.0 if align in ("left", "justify") else (width - line_w) / (2 if align == "center" else 1)


def _spread(parts, extra: float) -> list:
    """A line's parts with `extra` points shared among its spaces: each part after the k-th space moves right by k shares."""
    spaces = sum(1 for part in parts if isinstance(part[1], str))
    if not spaces:
        return parts
    share = extra / spaces
    out, moved = [], 0.0
    for x, part, font, colour, w in parts:
        if isinstance(part, str):
            moved += share
            w += share
            out.append((x + moved - share, part, font, colour, w))
        else:
            out.append((x + moved, part, font, colour, w))
    return out


def _break_lines(items, width, size, tick=None) -> tuple[list, bool]:
    """Words filled into lines no wider than `width` at `size`: [(line width, [(x, fragment or " ", font, colour, w)], ends a
    paragraph)], and whether a word alone was wider than the line. A word that does not fit where the line has got to
    breaks at the last of its break points whose first part (and hyphen) still fits, and goes on on the next line.
    `tick()` is called for each line and word: the sandbox's count of the face's processor time."""
    lines: list = []
    cur: list = []
    cur_w = 0.0
    pending = None  # (font, w) of a space waiting for the next word
    overflow = False
    for item in items:
        kind = item[0]
        if kind == "w":
            word = _Breaking(item) if item[3] else None
            while True:
                if tick is not None:
                    tick()
                space_w = pending[1] * size if (pending and cur) else 0.0
                room = width - cur_w - space_w
                rest = word.rest_within(room, size) if word is not None else item if item[2] * size + item[4] <= room + 1e-6 else None
                if rest is not None:
                    cur_w = _place(cur, cur_w, rest[1], pending, space_w, size)
                    break
                first = word.split(room, size) if word is not None else None
                if first is not None:
                    lines.append((_place(cur, cur_w, first, pending, space_w, size), cur, False))
                elif cur:
                    lines.append((cur_w, cur, False))
                else:
                    overflow = True
                    cur_w = _place(cur, cur_w, (word.rest() if word is not None else item)[1], pending, 0.0, size)
                    break
                cur, cur_w, pending = [], 0.0, None
            pending = None
        elif kind == "s":
            pending = (item[1], item[2])
        else:
            lines.append((cur_w, cur, True))
            cur, cur_w, pending = [], 0.0, None
    if cur or not lines:
        lines.append((cur_w, cur, True))
    return lines, overflow


def _place(cur: list, cur_w: float, frags, pending, space_w: float, size: float) -> float:
    """Append a word's fragments (after the space waiting before it) to the line; the line's new width."""
    if space_w:
        cur.append((cur_w, " ", pending[0], None, space_w))
        cur_w += space_w
    for frag in frags:
        fw = frag[W1] * size + (frag[ICON].fixed if frag[ICON] is not None else 0.0)
        cur.append((cur_w, frag, frag[FONT], frag[COLOUR], fw))
        cur_w += fw
    return cur_w


class _Breaking:
    """A word with break points, set from where its last line ended (`start`, a character offset).

    Each line's part is found from the widths of the word's pieces between break points, added up once, then
    measured exactly as it is cut: a word of n break points costs about n, where cutting the rest again line by line
    and trying its break points from the last cost n × n (issue 74; docs/limits.md). The parts and
    their widths are those that cutting line by line gives."""

    __slots__ = ("ends", "first", "item", "start", "sums")

    def __init__(self, item):
        self.item = item
        self.ends = [offset for offset, _ in item[3]]
        self.sums = _sums_at(item[1], self.ends)  # width at 1 pt before each break point, and of the whole word last
        self.start = 0
        self.first = 0  # the first break point after `start`

    def rest(self) -> tuple:
        """The word item of what is left from `start`."""
        return self.item if self.start == 0 else _rest(self.item, self.start)

    def rest_within(self, room: float, size: float):
        """The word item of what is left, if it fits `room` points at `size`, else None (measured only when it may)."""
        before = self.sums[self.first - 1] if self.first else 0.0
        if (self.sums[-1] - before) * size > room + SLACK:
            return None
        rest = self.rest()
        return rest if rest[2] * size + rest[4] <= room + 1e-6 else None

    def split(self, room: float, size: float):
        """The fragments (hyphen included) up to the last break point whose part fits `room` points, moving `start` there;
        None when none does."""
        sums, ends, breaks = self.sums, self.ends, self.item[3]
        before = sums[self.first - 1] if self.first else 0.0
        j = bisect_right(sums, before + (room + SLACK) / size, self.first, len(ends)) - 1
        while j >= self.first:
            part, w1 = _first_part(_slice(self.item[1], self.start, ends[j]), ends[j] - self.start, breaks[j][1])
            if w1 * size + _fixed(part) <= room + 1e-6:
                self.start = ends[j]
                self.first = bisect_right(ends, self.start, j)
                return part
            j -= 1
        return None


SLACK = 1.0  # points: sums of a word's pieces are within far less of its measured width, so nothing nearer is skipped


def _sums_at(frags, ends: list[int]) -> list[float]:
    """About the width at 1 pt of a word's fragments before each of its break points `ends` (in order), as cutting there
    puts them before it (an inline icon at the point included), added up piece by piece; and last, the whole word's."""
    sums, total, at, k = [], 0.0, 0, 0
    for frag in frags:
        text, n = frag[TEXT], len(frag[TEXT])
        while k < len(ends) and ends[k] <= at and ends[k] < at + n:  # before this fragment (an icon at the point is not)
            sums.append(total)
            k += 1
        done, part = 0, total
        while k < len(ends) and ends[k] < at + n:  # inside it
            cut = ends[k] - at
            part += width1(text[done:cut], frag[FONT])
            done = cut
            sums.append(part)
            k += 1
        total += frag[W1]
        at += n
    sums.extend([total] * (len(ends) - k + 1))
    return sums


def _slice(frags, start: int, end: int) -> list:
    """The fragments of a word between its character offsets `start` and `end`, as cutting at `start` and then at
    `end` makes them (a fragment cut there split, and measured; an icon at `start` went with the part before it, if
    there was one)."""
    out, at = [], 0
    for frag in frags:
        n = len(frag[TEXT])
        if (start and at + n <= start) or (at >= end and at + n > end):
            at += n
            continue
        lo, hi = max(start - at, 0), min(end - at, n)
        out.append(frag if (lo, hi) == (0, n) else (frag[TEXT][lo:hi], frag[FONT], frag[COLOUR], width1(frag[TEXT][lo:hi], frag[FONT]), None))
        at += n
    return out


def _cut(frags, offset: int) -> tuple[list, list]:
    """The fragments of a word before and after its character `offset`, a fragment cut there split in two."""
    before, after, at = [], [], 0
    for frag in frags:
        n = len(frag[TEXT])
        if at + n <= offset:
            before.append(frag)
        elif at >= offset:
            after.append(frag)
        else:
            k = offset - at
            head, tail = frag[TEXT][:k], frag[TEXT][k:]
            before.append((head, frag[FONT], frag[COLOUR], width1(head, frag[FONT]), None))
            after.append((tail, frag[FONT], frag[COLOUR], width1(tail, frag[FONT]), None))
        at += n
    return before, after


def _first_part(frags, offset: int, hyphen: bool) -> tuple[tuple, float]:
    """The fragments of a word up to `offset`, with a hyphen printed after them in the last one's font; their width at 1 pt."""
    before, _ = _cut(frags, offset)
    if hyphen and before:
        last = before[-1]
        text = last[TEXT] + "-" if last[ICON] is None else "-"
        piece = (text, last[FONT], last[COLOUR], width1(text, last[FONT]), None)
        before = [*before[:-1], piece] if last[ICON] is None else [*before, piece]
    return tuple(before), add_up(f[W1] for f in before)


def _rest(item, offset: int) -> tuple:
    """The word item of what follows `offset`, with its own break points."""
    _, after = _cut(item[1], offset)
    return ("w", tuple(after), add_up(f[W1] for f in after), tuple((at - offset, h) for at, h in item[3] if at > offset), _fixed(after))


def _fixed(frags) -> float:
    """Points the icons of their own size among a word's fragments take, whatever the text's size."""
    return add_up(f[ICON].fixed for f in frags if f[ICON] is not None)


def line_ops(parts, x0: float, baseline: float, size: float, each_word: bool = False) -> list:
    """One line's drawing: fragments of one font and colour joined into a TextOp, each inline icon an IconOp;
    with `each_word`, a space ends a run (a justified line's spaces are wider than the font's)."""
    ops: list = []
    run_text, run_x, run_end, run_font, run_colour = [], 0.0, 0.0, None, None
    for x, part, font, colour, w in parts:
        if isinstance(part, str):  # a space joins the run before it
            if run_text and each_word:
                ops.append(TextOp(run_x, baseline, run_font, size, run_colour, "".join(run_text), run_end - run_x))
                run_text = []
            elif run_text:
                run_text.append(" ")
            continue
        icon = part[ICON]
        if icon is not None:
            if run_text:
                ops.append(TextOp(run_x, baseline, run_font, size, run_colour, "".join(run_text).rstrip(), run_end - run_x))
                run_text = []
            side = icon.fixed or icon.square * size
            top = baseline - icon.top * size - (icon.fixed / 2 if icon.fixed else 0.0)
            ops.append(IconOp(x0 + x, top, side, icon.name, part[COLOUR]))
            continue
        if run_text and (font != run_font or colour != run_colour):
            ops.append(TextOp(run_x, baseline, run_font, size, run_colour, "".join(run_text).rstrip(), run_end - run_x))
            run_text = []
        if not run_text:
            run_x, run_font, run_colour = x0 + x, font, colour
        run_text.append(part[TEXT])
        run_end = x0 + x + w
    if run_text:
        ops.append(TextOp(run_x, baseline, run_font, size, run_colour, "".join(run_text).rstrip(), run_end - run_x))
    return ops
