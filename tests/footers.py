"""Read a sheet's furniture text as a reader of the printed page meets it: each line the sheet prints outside its
pieces (the footer, the scale bar's label, a calibration sheet's note, an assembly map's key), and the scale bar.

Everything is read from the PDF, never from the code that drew it:
- the text from pdfplumber, in the order the page draws it: a line is a run of glyphs each starting where the one
  before it ended (the pen's advance), in one direction and size. Two strings drawn over each other stay two lines,
  however pdfplumber would merge their words;
- which lines the sheet itself prints, from the page's own content stream (tests/streams.py): a line that starts where one of
  the page's text operators starts, outside any clip the page sets and any form it places (a card, inline or
  placed, a board seen through a tile's window, the assembly map's picture of it). Its strokes likewise;
- the pieces from the content stream too (tests/printable.py): each face as far as the page shows it (a board tile:
  the part inside the tile's clip), each form placed at a scale (that picture), and a tile's overlap strips;
- each glyph's ink (tests/printable.ink_box: cap height above the baseline, descender below), not the font's box,
  so the lines of a paragraph set solid do not count as touching;
- the scale bar: a straight stroke 50 mm long and its ticks (strokes with an end on it).

Run as a script for the lines of some PDFs: python tests/footers.py PDF...
"""
from __future__ import annotations

import re
import sys
from dataclasses import dataclass

import pdfium_pages
import pdfread
import printable as P
import streams

MM = P.MM
BAR_MM = 50.0  # the scale bar's length (PRINTING.md: a 50 mm bar with 10 mm ticks)
BAR_TOLERANCE_MM = 0.2
STRIP_MM = 10.0  # a tile's overlap strip at its widest (docs/printing.md: 10 mm by default, narrower to fit a grid)
JOIN_PT = 0.6  # a glyph starts this close to where the one before it ended: the same line


@dataclass
class Line:
    text: str
    ink: P.Box  # the union of its glyphs' ink
    size: float  # the smallest glyph, pt


@dataclass
class Sheet:
    """One page as its furniture reads: its lines of text outside the pieces, the scale bar (if any) and the pieces."""

    width: float
    height: float
    lines: list
    bar: P.Box | None
    pieces: list
    strokes: list  # the page's own stroked lines off its pieces (marks, fold guides, a net's outline), in 1 mm boxes
    strips: list  # a board tile's overlap strips along its seams: assembly cuts them off or covers them (their labels)


@dataclass
class PageLevel:
    """What the page draws itself, forms not entered (their text and lines are the pieces')."""

    starts: set  # where its text operators start, page points rounded to 0.1
    pictures: list  # forms placed at a scale (a picture of a board, not a piece at size), as page boxes
    strokes: list  # its stroked segments: ((x0, y0), (x1, y1), line width) in page points


PAINT_STROKED = (b"S", b"s", b"B", b"B*", b"b", b"b*")
PATH_ENDS = (*PAINT_STROKED, b"f", b"F", b"f*", b"n")
PATH_OPS = (b"m", b"l", b"c", b"v", b"y", b"h", b"re")
NUMERIC = (*PATH_OPS, b"cm", b"w", b"Td", b"TD", b"Tm", b"TL")


def _page_level(pdf: streams.Document, index: int) -> PageLevel:
    """Walk the page's content stream (see PageLevel), and a form placed as an overlay of the whole page (crop marks
    drawn once and placed on every sheet that shares them): that is the page's furniture too."""
    page = pdf.page(index)
    found = PageLevel(set(), [], [])
    _walk(page.operations, page.xobjects, (1, 0, 0, 1, 0, 0), found, (page.width, page.height))
    return found


def _walk(operations, xobjects: dict, ctm, found: PageLevel, page_size) -> None:
    stack = []
    text = {"tm": (1, 0, 0, 1, 0, 0), "tlm": (1, 0, 0, 1, 0, 0), "leading": 0.0}
    path: list = []  # segments of the path being built, in user space
    width, point, start = 1.0, (0.0, 0.0), (0.0, 0.0)
    clipped = False  # inside a clip the page sets: a face drawn straight onto the page, or a tile's window on its board
    for operands, op in operations:
        if clipped and op not in (b"q", b"Q", b"W", b"W*"):
            continue  # a piece's own drawing (its operands are never read: most of a sheet's operators are these)
        nums = [float(v) for v in operands] if op in NUMERIC else []
        if op == b"q":
            stack.append((ctm, width, clipped))
        elif op == b"Q":
            ctm, width, clipped = stack.pop()
        elif op in (b"W", b"W*"):
            clipped = True
        elif op == b"cm":
            ctm = P._mul(tuple(nums), ctm)
        elif op == b"w":
            width = nums[0]
        elif op in PATH_OPS:
            point, start = _build(path, op, nums, point, start)
        elif op in PATH_ENDS:
            if op in PAINT_STROKED:
                scale = (abs(ctm[0] * ctm[3] - ctm[1] * ctm[2])) ** 0.5
                found.strokes += [(_apply(ctm, p0), _apply(ctm, p1), width * scale) for p0, p1 in path]
            path = []
        elif op == b"Do" and operands[0] in xobjects:
            form = xobjects[operands[0]]
            bbox = form.bbox or (0, 0, 0, 0)
            if ctm == (1, 0, 0, 1, 0, 0) and bbox == (0, 0, *page_size):  # an overlay of the whole page: its furniture
                _walk(form.operations, form.xobjects, ctm, found, page_size)
            else:
                _picture(found, ctm, form)
        else:
            _text_state(found, text, op, nums, ctm)


def _build(path: list, op: bytes, nums: list, point, start):
    """Add a path operator's segments to `path` (a curve as its chord: furniture curves are short, a rounded corner)."""
    if op == b"m":
        return (nums[0], nums[1]), (nums[0], nums[1])
    if op == b"re":
        x, y, w, h = nums
        corners = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
        path += list(zip(corners, corners[1:] + corners[:1], strict=True))
        return (x, y), (x, y)
    end = start if op == b"h" else (nums[-2], nums[-1])
    path.append((point, end))
    return end, start


def _apply(m, p):
    return (m[0] * p[0] + m[2] * p[1] + m[4], m[1] * p[0] + m[3] * p[1] + m[5])


def _picture(found: PageLevel, ctm, form) -> None:
    """A form placed at a scale is a picture (the assembly map's board), unless it is small (an icon in a line of text)."""
    scale = (ctm[0] ** 2 + ctm[1] ** 2) ** 0.5
    if abs(scale - 1) > 1e-3:
        box = P._box(ctm, *form.bbox)
        if box.x1 - box.x0 > 40 * MM:
            found.pictures.append(box)


def _text_state(found: PageLevel, text: dict, op: bytes, nums: list, ctm) -> None:
    """Follow the text matrices (PDF 32000 §9.4) far enough to know where each text operator starts drawing."""
    if op == b"BT":
        text["tm"] = text["tlm"] = (1, 0, 0, 1, 0, 0)
    elif op == b"TL":
        text["leading"] = nums[0]
    elif op in (b"Td", b"TD"):
        text["tm"] = text["tlm"] = P._mul((1, 0, 0, 1, nums[0], nums[1]), text["tlm"])
        if op == b"TD":
            text["leading"] = -nums[1]
    elif op == b"Tm":
        text["tm"] = text["tlm"] = tuple(nums)
    if op in (b"T*", b"'", b'"'):
        text["tm"] = text["tlm"] = P._mul((1, 0, 0, 1, 0, -text["leading"]), text["tlm"])
    if op in (b"Tj", b"TJ", b"'", b'"'):
        m = P._mul(text["tm"], ctm)
        found.starts.add((round(m[4], 1), round(m[5], 1)))


def _font_size(ch: dict) -> float:
    """The glyph's type size: pdfplumber's box spans the em across the baseline (its height upright, its width turned)."""
    a, b, c, d = ch["matrix"][:4]
    if abs(b) < 1e-6 and abs(c) < 1e-6:
        return ch["bottom"] - ch["top"]
    if abs(a) < 1e-6 and abs(d) < 1e-6:
        return ch["x1"] - ch["x0"]
    return ch["size"]


def _runs(chars: list[dict]) -> list[list[dict]]:
    """The page's glyphs cut into lines: a glyph continues the line before it when it starts where that one's pen stopped."""
    runs: list[list[dict]] = []
    pen = None
    for ch in chars:
        a, b, _, _, e, f = ch["matrix"]
        norm = (a * a + b * b) ** 0.5 or 1.0
        key = (round(a / norm, 3), round(b / norm, 3), round(_font_size(ch), 2))
        if pen is not None and pen[0] == key and abs(e - pen[1]) < JOIN_PT and abs(f - pen[2]) < JOIN_PT:
            runs[-1].append(ch)
        else:
            runs.append([ch])
        pen = (key, e + a * ch["adv"], f + b * ch["adv"])
    return runs


def _union(boxes) -> P.Box:
    boxes = list(boxes)
    return P.Box(min(b.x0 for b in boxes), min(b.y0 for b in boxes), max(b.x1 for b in boxes), max(b.y1 for b in boxes))


def _on(box: P.Box, regions: list[P.Box]) -> bool:
    cx, cy = (box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2
    return any(r.x0 <= cx <= r.x1 and r.y0 <= cy <= r.y1 for r in regions)


def _scale_bar(strokes: list) -> P.Box | None:
    """The 50 mm bar and its ticks (strokes with an end on it), as one box; None on a page without one."""
    for (x0, y0), (x1, y1), _ in strokes:
        dx, dy = abs(x1 - x0), abs(y1 - y0)
        if abs(max(dx, dy) - BAR_MM * MM) <= BAR_TOLERANCE_MM * MM and min(dx, dy) < 0.1:
            bar = P.Box(min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))
            near = P.Box(bar.x0 - 0.1, bar.y0 - 0.1, bar.x1 + 0.1, bar.y1 + 0.1)
            ends = [P.Box(min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1])) for a, b, _ in strokes
                    if near.inside(*a) or near.inside(*b)]
            return _union([bar, *ends])
    return None


def _stroke_boxes(strokes: list, pieces: list[P.Box]) -> list[P.Box]:
    """The page's own stroked segments off its pieces, cut into boxes at most 1 mm long and as wide as the line."""
    out = []
    for (x0, y0), (x1, y1), width in strokes:
        length = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
        steps = max(1, int(length / MM) + 1)
        half = max(width / 2, 0.05)
        for k in range(steps):
            ax, ay = x0 + (x1 - x0) * k / steps, y0 + (y1 - y0) * k / steps
            bx, by = x0 + (x1 - x0) * (k + 1) / steps, y0 + (y1 - y0) * (k + 1) / steps
            box = P.Box(min(ax, bx) - half, min(ay, by) - half, max(ax, bx) + half, max(ay, by) + half)
            if not _on(box, pieces):
                out.append(box)
    return out


def within(box: P.Box, outer: P.Box) -> bool:
    """`box` lies inside `outer` (to half a point: positions are rounded, strokes have width)."""
    return outer.x0 - 0.5 <= box.x0 and box.x1 <= outer.x1 + 0.5 and outer.y0 - 0.5 <= box.y0 and box.y1 <= outer.y1 + 0.5


def read(path, reader: pdfread.Reader | None = None) -> list[tuple[int, Sheet]]:
    """The pages of a sheet PDF as their furniture reads (see the module docstring), each with its number (from 1).

    A page whose pieces sit where an earlier page's do and whose own drawing is the same operators as that page's,
    numbers aside ('sheet 2 of 9' sets as wide as 'sheet 1 of 9': the footer's digits are tabular), prints its
    furniture in the same places: it is read once (tests/printable.unlike). `reader` shares the reading with the
    rest of the run (conftest's `pdfium_reader`)."""
    reader = reader or pdfium_pages.Reader()
    return reader.once(path, "footers", lambda p: _read(p, reader))


def _read(path, reader: pdfread.Reader) -> list[tuple[int, Sheet]]:
    laid = reader.once(path, "laid-out", P.laid_out)
    pdf = streams.Document(path)
    out = []
    for page in reader.pages(path, P.unlike(laid)):
        faces = laid[page.number - 1].faces
        level = _page_level(pdf, page.number - 1)
        pieces = [f.bleed for f in faces] + level.pictures
        bar = _scale_bar(level.strokes)
        strokes = [box for box in _stroke_boxes(level.strokes, pieces) if bar is None or not within(box, bar)]
        out.append((page.number, Sheet(page.width, page.height, _lines(page, level.starts), bar, pieces, strokes, _strips(faces))))
    return out


def _strips(faces: list) -> list[P.Box]:
    """The overlap strips of the board tiles on the page: along each edge of what the page shows that is not the
    board's own edge (tests/printable.py keeps only those as a tile's cut lines)."""
    out, w = [], STRIP_MM * MM
    for face in faces:
        t = face.trim
        edges = {("x", t.x0): P.Box(t.x0, t.y0, t.x0 + w, t.y1), ("x", t.x1): P.Box(t.x1 - w, t.y0, t.x1, t.y1),
                 ("y", t.y0): P.Box(t.x0, t.y0, t.x1, t.y0 + w), ("y", t.y1): P.Box(t.x0, t.y1 - w, t.x1, t.y1)}
        board_edges = {(axis, round(v, 1)) for axis, v, _, _ in face.cuts}
        out += [box for (axis, v), box in edges.items() if (axis, round(v, 1)) not in board_edges]
    return out


def _lines(page, starts: set) -> list[Line]:
    """The lines of text the page draws itself (not inside a form it places or a clip it sets: a piece's)."""
    lines = []
    for run in _runs(page.chars):
        first = run[0]["matrix"]
        if not any(abs(first[4] - x) <= 0.1 and abs(first[5] - y) <= 0.1 for x, y in starts):
            continue  # drawn by a form the page places: a piece's own text
        glyphs = [(ch["text"], P.ink_box(ch)) for ch in run]
        inked = [box for text, box in glyphs if text.strip()]
        if not inked:
            continue
        lines.append(Line("".join(t for t, _ in glyphs), _union(inked), min(_font_size(ch) for ch in run)))
    return lines


def overlaps(a: P.Box, b: P.Box, by: float = 0.0) -> bool:
    """The two boxes share more than `by` pt in both directions."""
    return min(a.x1, b.x1) - max(a.x0, b.x0) > by and min(a.y1, b.y1) - max(a.y0, b.y0) > by


if __name__ == "__main__":
    for name in sys.argv[1:]:
        short = re.sub(r".*/", "", name)
        for n, sheet in read(name):
            for line in sheet.lines:
                b = line.ink
                print(f"{short} p{n}: {b.x0 / MM:6.1f}–{b.x1 / MM:6.1f} × {b.y0 / MM:5.1f}–{b.y1 / MM:5.1f} mm {line.size:4.1f} pt  {line.text[:70]}")
            if sheet.bar:
                print(f"{short} p{n}: scale bar {sheet.bar.x0 / MM:.1f}–{sheet.bar.x1 / MM:.1f} × {sheet.bar.y0 / MM:.1f}–{sheet.bar.y1 / MM:.1f} mm")
