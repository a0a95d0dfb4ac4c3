"""How much of a line of text is ink: its glyphs' outline areas, read from the TrueType font reportlab already parsed.

A page's ink is measured from what it draws (pnp.render.ink_elements), and text is most of what a card draws that is
not a flat rectangle. A glyph's ink is the area its outline encloses: a TrueType outline is straight lines and
quadratic curves, whose enclosed area has a closed form (a curve adds two thirds of the triangle its control point
makes with its chord), so it is exact, not sampled. The outlines are read from the bytes reportlab's parse keeps
(with the font's kept parse: pnp.layout.fonts; pnp.layout.rl.glyph_record), so no font library is imported to read them; each
glyph is read once a process, when a text first shows it.

A line's ink is its glyphs' areas summed, which is the ink it prints only where no two of its glyphs overlap: where
one glyph's box reaches into the box of one before it (a J's hook under the letter before it, an overhanging f),
their profiles are compared band by band (`_note`), and a line whose glyphs may overlap (a letter struck through) is
not measured here (`run_ink` gives None) but rasterised. Overlapping contours within one
glyph (a variable font's) would count twice: pnp's fonts are static, and the test compares with a raster."""
from __future__ import annotations

import math
import struct
from typing import NamedTuple

from reportlab.pdfbase.pdfmetrics import getFont

from pnp.layout import rl

MAX_RUNS = 20_000  # lines whose ink a font remembers: past this its memory starts again
BANDS = 32  # bands of a glyph's profile (`_note`), each a sixteenth of an em


class RunInk(NamedTuple):
    """The ink of a line of text set at 1 pt: its glyphs' area (pt²) and the box they print in (pt: from its start
    along the baseline, up from the baseline), and its advance."""

    area: float
    x0: float
    y0: float
    x1: float
    y1: float
    advance: float


class _Font:
    """One font's glyphs as read so far: char → (advance, area, x0, y0, x1, y1) in ems, or None for a char it lacks."""

    def __init__(self, face):
        self.face = face
        self.glyphs: dict[str, tuple | None] = {}
        self.runs: dict[str, RunInk | None] = {}
        self.em = float(face.unitsPerEm)


class _Fonts(dict):
    """Reportlab font name → its glyphs read (made again when the name's font changes). Emptied by `cache_clear`, as
    functools' caches are: the suite empties them under mutmut, whose mutants run in a process forked from one that
    read every font, and would otherwise be handed the unmutated code's glyphs."""

    def cache_clear(self) -> None:
        self.clear()


_FONTS: _Fonts = _Fonts()


def run_ink(font_name: str, text: str) -> RunInk | None:
    """The ink of `text` set in `font_name` at 1 pt, or None where it is not exact: a character the font lacks (drawn in
    another font), glyphs whose boxes overlap, a font that is not TrueType."""
    font = _font(font_name)
    if font is None:
        return None
    hit = font.runs.get(text, False)
    if hit is not False:
        return hit
    if len(font.runs) >= MAX_RUNS:
        font.runs.clear()
    out = font.runs[text] = _run(font, text) if " " not in text else _by_words(font, text)
    return out


def draws(font_name: str, text: str) -> bool:
    """Whether `font_name` is a TrueType font with a glyph for every character of `text`."""
    font = _font(font_name)
    return font is not None and all(ord(ch) in font.face.charToGlyph for ch in set(text))


def _by_words(font: _Font, text: str) -> RunInk | None:
    """`_run` of a line from its words' (each worked out once: a deck's lines share most of their words), where no two
    words' boxes meet across the space between them; else glyph by glyph."""
    space = font.glyphs.get(" ", False)
    if space is False:
        space = font.glyphs[" "] = _glyph(font, " ")
    if space is None or space[1]:
        return _run(font, text)
    x, area, right = 0.0, 0.0, float("-inf")
    x0 = y0 = float("inf")
    x1 = y1 = float("-inf")
    for i, word in enumerate(text.split(" ")):
        x += space[0] if i else 0.0
        ink = _word_ink(font, word) if word else None
        if ink is None:
            if word:
                return None
            continue
        if ink.area:
            if x + ink.x0 < right:
                return _run(font, text)
            right = x + ink.x1
            area += ink.area
            x0, y0, x1, y1 = min(x0, x + ink.x0), min(y0, ink.y0), max(x1, right), max(y1, ink.y1)
        x += ink.advance
    return RunInk(area, x0, y0, x1, y1, x) if area else RunInk(0.0, 0.0, 0.0, 0.0, 0.0, x)


def _word_ink(font: _Font, word: str) -> RunInk | None:
    """`run_ink` of a word without a space, kept with the font's lines."""
    hit = font.runs.get(word, False)
    if hit is False:
        hit = font.runs[word] = _run(font, word)
    return hit


def _font(font_name: str) -> _Font | None:
    face = getattr(getFont(font_name), "face", None)
    kept = _FONTS.get(font_name)
    if kept is not None and kept.face is face:
        return kept
    if face is None or rl.glyph_record(face, 0) is None:
        return None
    kept = _FONTS[font_name] = _Font(face)
    return kept


def _run(font: _Font, text: str) -> RunInk | None:
    """`run_ink` worked out: the glyphs laid along the baseline by their advances, as a PDF's Tj lays them."""
    glyphs, x, area, right = font.glyphs, 0.0, 0.0, float("-inf")
    placed: list[tuple] = []  # (where it starts, its box's right, its profile) of each glyph with an outline
    x0 = y0 = float("inf")
    y1 = float("-inf")
    for ch in text:
        g = glyphs.get(ch, False)
        if g is False:
            g = glyphs[ch] = _glyph(font, ch)
        if g is None:
            return None
        advance, g_area, gx0, gy0, gx1, gy1, profile = g
        if g_area:
            left, end = x + gx0, x + gx1
            if left < right and _meet(placed, x, gx0, profile):  # boxes meeting, and outlines that may
                return None
            placed.append((x, end, profile))
            area += g_area
            if end > right:
                right = end
            if left < x0:
                x0 = left
            if gy0 < y0:
                y0 = gy0
            if gy1 > y1:
                y1 = gy1
        x += advance
    if area == 0:
        return RunInk(0.0, 0.0, 0.0, 0.0, 0.0, x)
    return RunInk(area, x0, y0, right, y1, x)


def _meet(placed: list[tuple], x: float, left: float, profile: tuple) -> bool:
    """Whether a glyph placed at `x` may overlap one placed before it whose box reaches past its box's `left`: in some
    band of height both print in, the earlier glyph's outline reaches past where this one's starts (`_note`)."""
    for at, right, before in placed:
        if right > x + left and any(a is not None and b is not None and at + a[1] > x + b[0] for a, b in zip(before, profile, strict=True)):
            return True
    return False


def _glyph(font: _Font, ch: str) -> tuple | None:
    """(advance, area, x0, y0, x1, y1, profile) in ems of the glyph `ch` maps to (`_note`); None for a char the font
    has no glyph for."""
    face = font.face
    gid = face.charToGlyph.get(ord(ch))
    if gid is None:
        return None
    try:
        read = _outline(face, gid, 0)
    except (struct.error, IndexError, ValueError):  # a glyph record past the font's bytes: rasterised, as reportlab draws it
        return None
    if read is None:
        return None
    signed, box, profile = read
    em = font.em
    advance = face.charWidths.get(ord(ch), face.defaultWidth) / 1000  # as reportlab's widths place the next glyph
    if box is None:
        return advance, 0.0, 0.0, 0.0, 0.0, 0.0, ()
    profile = _within_box(profile, box, em)
    profile = tuple(None if p is None else (p[0] / em, p[1] / em) for p in profile)
    return advance, abs(signed) / (em * em), box[0] / em, box[1] / em, box[2] / em, box[3] / em, profile


def _within_box(profile: tuple | None, box: tuple, em: float) -> tuple:
    """A glyph's profile held to its box (its outline lies within it): a composite's, built from its components as
    placed, may reach past it a band's height; one not read (a turned component) is its box in every band it spans."""
    first, last = _band(box[1], em), _band(box[3], em)
    spans = profile if profile is not None else ((box[0], box[2]),) * BANDS
    return tuple(None if not first <= b <= last or span is None else (max(span[0], box[0]), min(span[1], box[2])) for b, span in enumerate(spans))


def _band(y: float, em: float) -> int:
    """The band (`_note`) height `y` (font units) lies in."""
    return min(BANDS - 1, max(0, int((y / em + 0.5) * BANDS / 2)))


def _note(profile: list, em: float, xs: tuple, ys: tuple) -> None:
    """Widen `profile` by one segment of an outline given by its control points. A glyph's profile is, for each band
    of BANDS across two ems (from half an em below the baseline; the end bands take what lies past them), the least
    and most x its outline reaches there, or None: the filled part at any height lies between the least and most x of
    the segments crossing it. Two glyphs whose profiles do not meet in any band do not overlap, though their boxes do
    (a J's hook under the letter before it, an italic letter leaning over the next one's box).

    A straight segment counts, in each band it crosses, the part of it within the band (a slanted stem is narrow in
    each band, not as wide as its whole slant); a curve lies within its control points' hull, which it gives every band
    it crosses (halving curves band by band cost a cold build more than the lines it let be measured)."""
    first, last = _band(min(ys), em), _band(max(ys), em)
    if len(xs) == 2 and first != last:
        for b in range(first, last + 1):
            _widen(profile, b, *_within_band(xs, ys, b, em))
        return
    lo, hi = min(xs), max(xs)
    for b in range(first, last + 1):
        _widen(profile, b, lo, hi)


def _widen(profile: list, band: int, lo: float, hi: float) -> None:
    """Widen `profile`'s span in `band` to reach from `lo` to `hi` (None there: no outline yet)."""
    now = profile[band]
    profile[band] = (lo, hi) if now is None else (min(now[0], lo), max(now[1], hi))


def _within_band(xs: tuple, ys: tuple, band: int, em: float) -> tuple[float, float]:
    """The least and most x of the straight segment (xs, ys) within band `band` (its part between the band's lower and
    upper heights; the end bands reach past the two ems): at its ends inside the band and where it crosses the band's edges."""
    (x0, x1), (y0, y1) = xs, ys
    bottom = (band * 2 / BANDS - 0.5) * em if band > 0 else float("-inf")
    top = ((band + 1) * 2 / BANDS - 0.5) * em if band < BANDS - 1 else float("inf")
    found = [x for x, y in ((x0, y0), (x1, y1)) if bottom <= y <= top]
    for edge in (bottom, top):
        if min(y0, y1) < edge < max(y0, y1):
            found.append(x0 + (x1 - x0) * (edge - y0) / (y1 - y0))
    return min(found), max(found)  # none found (an end a rounding past the edge): ValueError, and the glyph is rasterised


def _outline(face, gid: int, depth: int) -> tuple[float, tuple | None, tuple | None] | None:
    """(area in font units², signed by its contours' direction for a simple glyph, (xMin, yMin, xMax, yMax) or None for
    an empty glyph, its profile (`_note`) or None for a composite) of glyph `gid`; None for what is not read here (a
    component placed by matching points, nesting too deep, a glyph past the table)."""
    record = rl.glyph_record(face, gid) if depth <= 4 else None
    if record is None:
        return None
    data, at, end = record
    if end <= at:
        return 0.0, None, None
    contours, *box = struct.unpack_from(">hhhhh", data, at)
    profile: list | None = [None] * BANDS
    if contours >= 0:
        area = _simple(data, at + 10, contours, profile, face.unitsPerEm)
    else:
        area, profile = _composite(face, data, at + 10, depth) or (None, None)
    return None if area is None else (area, tuple(box), None if profile is None else tuple(profile))


def _simple(data: bytes, at: int, contours: int, profile: list, em: float) -> float:
    """The signed area of a simple glyph's contours (TrueType: outer contours clockwise, holes the other way), its
    `profile` noted as they are read."""
    if contours == 0:
        return 0.0
    ends = struct.unpack_from(f">{contours}H", data, at)
    at += 2 * contours
    at += 2 + struct.unpack_from(">H", data, at)[0]  # the instructions
    count = ends[-1] + 1
    flags: list[int] = []
    while len(flags) < count:
        flag = data[at]
        at += 1
        flags.append(flag)
        if flag & 8:
            flags.extend([flag] * data[at])
            at += 1
    xs, at = _coordinates(data, at, flags, 2, 16)
    ys, _ = _coordinates(data, at, flags, 4, 32)
    area, first = 0.0, 0
    for last in ends:
        area += _contour([(xs[i], ys[i], flags[i] & 1) for i in range(first, last + 1)], profile, em)
        first = last + 1
    return area


def _coordinates(data: bytes, at: int, flags: list[int], short: int, same: int) -> tuple[list[int], int]:
    """One axis's coordinates of a simple glyph (deltas: a byte when `short`, its sign by `same`; else a signed word
    unless `same`, which repeats the last)."""
    out, value = [], 0
    for flag in flags:
        if flag & short:
            value += data[at] if flag & same else -data[at]
            at += 1
        elif not flag & same:
            value += struct.unpack_from(">h", data, at)[0]
            at += 2
        out.append(value)
    return out, at


def _contour(points: list[tuple[int, int, int]], profile: list, em: float) -> float:
    """The signed area of one closed contour of on- and off-curve points: between two off-curve points lies an implied
    on-curve point at their middle. A line adds its part of the shoelace sum; a quadratic curve P0 → C → P1 adds
    (2·P0×C + 2·C×P1 + P0×P1) / 3 of it, its exact area."""
    if len(points) < 2:
        return 0.0
    on = next((i for i, p in enumerate(points) if p[2]), None)
    if on is None:  # every point off the curve: start at the implied point between the first two
        (ax, ay, _), (bx, by, _) = points[0], points[1]
        points = [((ax + bx) / 2, (ay + by) / 2, 1), *points[1:], points[0]]
    else:
        points = points[on:] + points[:on]
    twice = 0.0
    cx, cy = points[0][0], points[0][1]
    n = len(points)
    i = 1
    while i <= n:
        px, py, p_on = points[i % n]
        if p_on:
            twice += cx * py - cy * px
            _note(profile, em, (cx, px), (cy, py))
            cx, cy = px, py
            i += 1
            continue
        qx, qy, q_on = points[(i + 1) % n]
        ex, ey = (qx, qy) if q_on else ((px + qx) / 2, (py + qy) / 2)
        twice += (2 * (cx * py - cy * px) + 2 * (px * ey - py * ex) + (cx * ey - cy * ex)) / 3
        _note(profile, em, (cx, px, ex), (cy, py, ey))
        cx, cy = ex, ey
        i += 2 if q_on else 1
    return twice / 2


def _composite(face, data: bytes, at: int, depth: int) -> tuple[float, list | None] | None:
    """(The area of a composite glyph, its profile or None) or None: its components' areas, each stretched by its
    transform's determinant (an offset moves a contour without changing its area). A mirrored component's contours run
    the other way round, so each component counts by its size, not its sign: a glyph of a part and its mirror image
    prints both (Noto Sans's U+2E4E). Components are assumed not to overlap (an accent over its letter). Its profile is
    its components' moved and stretched as placed (`_placed`); None where one is turned or has none of its own."""
    area, profile, em = 0.0, [None] * BANDS, face.unitsPerEm
    while True:
        flags, gid = struct.unpack_from(">HH", data, at)
        at += 4
        if not flags & 2:  # placed by matching points: not read here
            return None
        dx, dy = struct.unpack_from(">hh" if flags & 1 else ">bb", data, at)
        at += 4 if flags & 1 else 2
        a = d = 1.0
        b = c = 0.0
        if flags & 8:
            a = d = struct.unpack_from(">h", data, at)[0] / 16384
            at += 2
        elif flags & 0x40:
            a, d = (v / 16384 for v in struct.unpack_from(">hh", data, at))
            at += 4
        elif flags & 0x80:
            a, b, c, d = (v / 16384 for v in struct.unpack_from(">hhhh", data, at))
            at += 8
        part = _outline(face, gid, depth + 1)
        if part is None:
            return None
        area += abs(part[0] * (a * d - b * c))
        if profile is not None and part[1] is not None:  # an empty component prints nothing anywhere
            moved_as_placed = not flags & 0x800 or (a, d) == (1.0, 1.0)  # SCALED_COMPONENT_OFFSET: the offset transformed too
            profile = _placed(profile, part[2], a, d, dx, dy, em) if part[2] is not None and not b and not c and moved_as_placed else None
        if not flags & 0x20:
            return area, profile


def _placed(profile: list, part: tuple, a: float, d: float, dx: float, dy: float, em: float) -> list:
    """`profile` widened by a component's profile `part` as the component is placed: x stretched by a and moved by dx,
    y by d and dy. Each of its bands lands across the bands its moved heights reach (an end band, reaching past the
    two ems, reaches past them still)."""
    for k, span in enumerate(part):
        if span is None:
            continue
        low = (k * 2 / BANDS - 0.5) * em if k > 0 else -math.inf
        high = ((k + 1) * 2 / BANDS - 0.5) * em if k < BANDS - 1 else math.inf
        ys = sorted((low * d + dy, high * d + dy)) if d else (dy, dy)
        first = 0 if ys[0] == -math.inf else _band(ys[0], em)
        last = BANDS - 1 if ys[1] == math.inf else _band(ys[1], em)
        xs = sorted((span[0] * a + dx, span[1] * a + dx))
        for band in range(first, last + 1):
            _widen(profile, band, *xs)
    return profile
