"""Read a sheet PDF as a printer with a printable margin sees it: faces, cut lines, marks, footer and scale bar.

Everything is read from the PDF itself, never from the planner:
- faces and their trims from the page's content stream (tests/streams.py): a face is a
  clip `x0 x0 w h re W n` in its own coordinates with x0 = -bleed (drawn
  inline) or a form whose BBox starts at -bleed (placed), so trim = that box
  less the bleed; a board tile's clip (page coordinates) cuts the board form
  down to what the page shows, and only the board's own edges are cut lines;
- ink (lines, curves, rects, characters) from pdfplumber, which walks forms.

Run as a script for a table of figures: python tests/printable.py MARGIN_MM PDF...
"""
from __future__ import annotations

import re
import sys
from dataclasses import dataclass, field

import pdfium_pages
import pdfread
import streams

MM = 72 / 25.4
EPS = 0.05  # pt: coordinates written to 2 decimals
TOLERANCE_MM = 0.5  # between the printable limit and anything drawn: a printer's margin varies by this much
MIN_MARK_MM = 2.0  # of every cut line's marks must print
# With no printer profile (its 5 mm margin), nothing lies nearer the edge than the 5 mm itself and 1.5 mm of every cut
# line's marks print: the field's 3 × 3 of poker cards on Letter (issue 75 item 3, decided)
DEFAULT_TOLERANCE_MM, DEFAULT_MIN_MARK_MM = 0.0, 1.5


@dataclass
class Box:
    x0: float
    y0: float
    x1: float
    y1: float

    def inter(self, other: Box) -> Box | None:
        box = Box(max(self.x0, other.x0), max(self.y0, other.y0), min(self.x1, other.x1), min(self.y1, other.y1))
        return box if box.x0 <= box.x1 and box.y0 <= box.y1 else None

    def inside(self, x: float, y: float) -> bool:
        """Strictly inside (a point on an edge is not)."""
        return self.x0 + EPS < x < self.x1 - EPS and self.y0 + EPS < y < self.y1 - EPS


@dataclass
class Face:
    trim: Box  # what is kept once cut (a tile: the part of the board on this page)
    bleed: Box  # where art may be on the page
    cuts: list  # ("x", x, y0, y1) or ("y", y, x0, x1): the trim's edges that are cut lines
    drawn: Box = None  # where its drawing reaches before any tile's clip (pdfplumber does not clip)


@dataclass
class PageView:
    width: float
    height: float
    faces: list = field(default_factory=list)
    lines: list = field(default_factory=list)  # (x0, y0, x1, y1, width) stroked straight segments
    ink: list = field(default_factory=list)  # (kind, Box) of everything drawn
    chars: list = field(default_factory=list)  # (text, Box)
    glyphs: list = field(default_factory=list)  # (text, Box): each character's ink, cap height above its baseline to descender below


def _mul(m, n):
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def _box(m, x0, y0, x1, y1) -> Box:
    pts = [(x * m[0] + y * m[2] + m[4], x * m[1] + y * m[3] + m[5]) for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1))]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return Box(min(xs), min(ys), max(xs), max(ys))


def faces_of(doc: streams.Document, index: int, furniture: list | None = None) -> list[Face]:
    """Every face placed on page `index` (from 0; see the module docstring); `furniture` collects what else the page
    draws outside its faces (text shown, forms placed, paths), so pages alike can be told apart from pages that differ."""
    page = doc.page(index)
    xobjects = page.xobjects
    ops = page.operations
    ctm = (1, 0, 0, 1, 0, 0)
    stack = []  # (ctm, tile clip, in face)
    tile, in_face = None, False
    pending = None
    faces = []
    for operands, op in ops:
        if furniture is not None and not in_face and op not in (b"q", b"Q"):
            furniture.append((op, repr(operands)))
        if op == b"q":
            stack.append((ctm, tile, in_face))
        elif op == b"Q":
            ctm, tile, in_face = stack.pop()
        elif op == b"cm":
            ctm = _mul(tuple(float(v) for v in operands), ctm)
        elif op == b"re":
            pending = tuple(float(v) for v in operands)
        elif op in (b"W", b"W*") and pending is not None and not in_face:
            x, y, w, h = pending
            if abs(x - y) < EPS and x <= EPS:  # a face's own bleed box, in its own coordinates
                b = -x
                faces.append(_face(_box(ctm, x + b, y + b, x + w - b, y + h - b), _box(ctm, x, y, x + w, y + h), None))
                in_face = True
            else:
                tile = _box(ctm, x, y, x + w, y + h)
        elif op == b"n":
            pending = None
        elif op == b"Do" and not in_face:
            form = xobjects.get(operands[0])
            if form is None or form.subtype != "/Form":
                continue
            x0, y0, x1, y1 = form.bbox
            if operands[0].startswith("/FormXob.M") or abs(x0 - y0) > EPS or x0 > EPS or abs(abs(ctm[0]) + abs(ctm[1]) - 1) > 1e-6:
                continue  # page furniture drawn once as a form (crop marks), or a board's scaled-down picture: not a piece at size
            b = -x0
            faces.append(_face(_box(ctm, x0 + b, y0 + b, x1 - b, y1 - b), _box(ctm, x0, y0, x1, y1), tile))
    return faces


def _face(trim: Box, bleed: Box, tile: Box | None) -> Face:
    if tile is None:
        cuts = [("x", trim.x0, trim.y0, trim.y1), ("x", trim.x1, trim.y0, trim.y1), ("y", trim.y0, trim.x0, trim.x1), ("y", trim.y1, trim.x0, trim.x1)]
        return Face(trim, bleed, cuts, bleed)
    shown = trim.inter(tile) or trim
    cuts = []
    for axis, v, lo, hi, edge in (("x", shown.x0, shown.y0, shown.y1, trim.x0), ("x", shown.x1, shown.y0, shown.y1, trim.x1),
                                  ("y", shown.y0, shown.x0, shown.x1, trim.y0), ("y", shown.y1, shown.x0, shown.x1, trim.y1)):
        if abs(v - edge) < EPS:  # the board's own edge, not where the tile ends
            cuts.append((axis, v, lo, hi))
    return Face(shown, bleed.inter(tile) or bleed, cuts, bleed)


@dataclass
class Laid:
    """What a page's content stream (tests/streams.py) says of it: its faces, and a key equal for pages laid out alike (faces
    where an earlier page's are, furniture drawn by the same operations, numbers in its text aside: 'sheet 2 of 9' is
    as wide as 'sheet 1 of 9' in tabular digits)."""

    faces: list
    alike: tuple


def laid_out(path) -> list[Laid]:
    """Each page's faces and likeness key (see Laid), read from its content stream."""
    doc = streams.Document(path)
    out = []
    for i in range(len(doc)):
        drawn: list = []
        faces = faces_of(doc, i, drawn)
        key = (tuple((round(f.trim.x0), round(f.trim.y0), round(f.trim.x1), round(f.trim.y1)) for f in faces),
               tuple(re.sub(r"\d", "0", f"{op} {operands}") for op, operands in drawn))
        out.append(Laid(faces, key))
    return out


def unlike(laid: list[Laid]) -> list[int]:
    """The page numbers (from 1) of the pages not laid out as an earlier one is."""
    seen: set = set()
    out = []
    for n, page in enumerate(laid, 1):
        if page.alike not in seen:
            seen.add(page.alike)
            out.append(n)
    return out


def read(path, alike_once: bool = False, reader: pdfread.Reader | None = None) -> list[PageView]:
    """Every page of a PDF: its faces and its ink.

    With `alike_once`, a page laid out as an earlier one is (Laid) is read only once. `reader` shares the reading
    with every other test of the run (conftest's `pdfium_reader`); without one, the PDF is read here."""
    reader = reader or pdfium_pages.Reader()
    laid = reader.once(path, "laid-out", laid_out)
    numbers = unlike(laid) if alike_once else list(range(1, len(laid) + 1))
    return [_view(page, laid[page.number - 1].faces) for page in reader.pages(path, numbers)]


def _view(page: pdfread.Page, faces: list) -> PageView:
    view = PageView(page.width, page.height, faces)
    h = page.height
    for ln in page.lines:
        pts = ln["pts"]
        (x0, y0), (x1, y1) = pts[0], pts[-1]
        view.lines.append((x0, h - y0, x1, h - y1, ln.get("linewidth") or 0))
    for kind in ("lines", "curves", "rects"):
        for obj in getattr(page, kind):
            view.ink.append((kind, Box(obj["x0"], h - obj["bottom"], obj["x1"], h - obj["top"])))
    for ch, glyph in zip(page.chars, _ink_boxes(page.chars), strict=True):
        box = Box(ch["x0"], h - ch["bottom"], ch["x1"], h - ch["top"])
        view.chars.append((ch["text"], box))
        view.ink.append(("char", box))
        view.glyphs.append((ch["text"], glyph))
    return view


def _ink_boxes(chars: list[dict]) -> list[Box]:
    """`ink_box` of every character, computed for them all at once (a sheet of cards holds thousands)."""
    import numpy as np

    if not chars:
        return []
    a, b, c, d, e, f = np.array([ch["matrix"] for ch in chars], dtype=float).T
    x0, x1, top, bottom, adv = np.array([(ch["x0"], ch["x1"], ch["top"], ch["bottom"], ch["adv"]) for ch in chars], dtype=float).T
    scale = np.abs(a * d - b * c) ** 0.5
    scale[scale == 0] = 1.0
    upright = (np.abs(b) < 1e-6) & (np.abs(c) < 1e-6)
    size = np.where(upright, bottom - top, x1 - x0) / scale
    xs = [a * x + c * y + e for x in (0.0, adv) for y in (-DESCENDER * size, CAP * size)]
    ys = [b * x + d * y + f for x in (0.0, adv) for y in (-DESCENDER * size, CAP * size)]
    lo_x, lo_y, hi_x, hi_y = np.minimum.reduce(xs), np.minimum.reduce(ys), np.maximum.reduce(xs), np.maximum.reduce(ys)
    return [Box(*v) for v in zip(lo_x.tolist(), lo_y.tolist(), hi_x.tolist(), hi_y.tolist(), strict=True)]


CAP = 0.75  # of the font size: the ink above the baseline (capitals and ascenders of the shipped fonts reach 0.70–0.74)
DESCENDER = 0.20  # of the font size: the ink below it (descenders reach 0.18–0.2)


def ink_box(ch: dict) -> Box:
    """Where a pdfplumber character puts ink, in PDF points (y up): from its baseline origin, `adv` along the
    baseline and CAP above to DESCENDER below, turned as its text matrix turns it. pdfplumber's own box spans the
    font's whole ascent and descent, about 1.5 mm more than the ink of a 10 pt line."""
    a, b, c, d, e, f = ch["matrix"]
    scale = abs(a * d - b * c) ** 0.5 or 1.0
    upright = abs(b) < 1e-6 and abs(c) < 1e-6
    size = (ch["bottom"] - ch["top"] if upright else ch["x1"] - ch["x0"]) / scale  # the font size in text space
    corners = [(x, y) for x in (0.0, ch["adv"]) for y in (-DESCENDER * size, CAP * size)]
    pts = [(a * x + c * y + e, b * x + d * y + f) for x, y in corners]
    return Box(min(p[0] for p in pts), min(p[1] for p in pts), max(p[0] for p in pts), max(p[1] for p in pts))


def depth_inside(face: Face, box: Box) -> float:
    """How far (mm) a box lies inside the face's cut lines (a board tile: only the board's own edges); negative past one."""
    out = float("inf")
    for axis, v, _, _ in face.cuts:
        if axis == "x":
            out = min(out, box.x0 - v if abs(v - face.trim.x0) < EPS else v - box.x1)
        else:
            out = min(out, box.y0 - v if abs(v - face.trim.y0) < EPS else v - box.y1)
    return out / MM


def printable_box(view: PageView, margin_mm: float) -> Box:
    m = margin_mm * MM
    return Box(m, m, view.width - m, view.height - m)


def cut_lines(view: PageView) -> list[tuple]:
    """Distinct cut lines of the page: ("x", x) or ("y", y), each with its extent along the cut."""
    found: dict = {}
    for face in view.faces:
        for axis, v, lo, hi in face.cuts:
            key = (axis, round(v, 1))
            _, a, b = found.get(key, (v, lo, hi))
            found[key] = (v, min(a, lo), max(b, hi))
    return [(axis, v, lo, hi) for (axis, _), (v, lo, hi) in found.items()]


def _clip(a: float, b: float, lo: float, hi: float) -> tuple[float, float] | None:
    a, b = max(min(a, b), lo), min(max(a, b), hi)
    return (a, b) if b > a else None


def mark_on(view: PageView, cut, margin_mm: float, tolerance_mm: float = TOLERANCE_MM) -> float:
    """Length in mm of mark along cut line `cut` that prints: inside the printable area (less the tolerance) and inside no trim."""
    axis, v, _, _ = cut
    area = printable_box(view, margin_mm + tolerance_mm)
    total = 0.0
    for x0, y0, x1, y1, width in view.lines:
        if width > 1.0:
            continue
        if axis == "x" and abs(x0 - v) < EPS and abs(x1 - v) < EPS and area.x0 <= v <= area.x1:
            span = _clip(y0, y1, area.y0, area.y1)
            total += _outside_trims(view, span, lambda t: ((v, t)))
        elif axis == "y" and abs(y0 - v) < EPS and abs(y1 - v) < EPS and area.y0 <= v <= area.y1:
            span = _clip(x0, x1, area.x0, area.x1)
            total += _outside_trims(view, span, lambda t: ((t, v)))
    return total / MM


def _outside_trims(view: PageView, span, point) -> float:
    """How much of `span` (pt, along a line) lies inside no face's trim, sampled every 0.1 pt (the samples taken
    together, as arrays: Box.inside's test on each)."""
    import numpy as np

    if span is None:
        return 0.0
    a, b = span
    steps = max(1, int((b - a) / 0.1))
    xs, ys = np.broadcast_arrays(*point(a + (np.arange(steps) + 0.5) * (b - a) / steps))
    covered = np.zeros(steps, dtype=bool)
    for f in view.faces:
        t = f.trim
        covered |= (t.x0 + EPS < xs) & (xs < t.x1 - EPS) & (t.y0 + EPS < ys) & (ys < t.y1 - EPS)
    free = int(steps - covered.sum())
    return free * (b - a) / steps


def furniture(view: PageView) -> list[tuple[str, Box]]:
    """Ink on no face: crop marks, the footer, the scale bar, fold and tile labels outside the pieces (a box meeting a
    face's drawing, EPS around it, is on that face)."""
    on_face = meeting([b for _, b in view.ink], [f.drawn for f in view.faces], EPS)
    return [item for item, on in zip(view.ink, on_face, strict=True) if not on]


def meeting(boxes: list[Box], areas: list[Box], pad: float = 0.0) -> list[bool]:
    """For each box, whether it meets any of `areas` grown by `pad` on every side: Box.inter's test (a box touching an
    area's edge meets it), made for every box and area at once (a sheet holds thousands of characters)."""
    import numpy as np

    if not boxes or not areas:
        return [False] * len(boxes)
    ink = np.array([(b.x0, b.y0, b.x1, b.y1) for b in boxes])
    grown = np.array([(a.x0 - pad, a.y0 - pad, a.x1 + pad, a.y1 + pad) for a in areas])
    meets = ((np.maximum(ink[:, None, 0], grown[None, :, 0]) <= np.minimum(ink[:, None, 2], grown[None, :, 2]))
             & (np.maximum(ink[:, None, 1], grown[None, :, 1]) <= np.minimum(ink[:, None, 3], grown[None, :, 3])))
    return meets.any(axis=1).tolist()


def outside(box: Box, area: Box) -> float:
    """How far (mm) `box` reaches past `area`; 0 when it lies inside."""
    return max(0.0, area.x0 - box.x0, area.y0 - box.y0, box.x1 - area.x1, box.y1 - area.y1) / MM


def summary(path, margin_mm: float) -> dict:
    """Figures for one PDF under a printer margin: cut lines with a printable mark, furniture and art past the limit."""
    views = read(path, alike_once="--all" not in sys.argv)
    cuts = printed = 0
    worst_furniture = worst_art = 0.0
    furniture_edge = None
    for view in views:
        area = printable_box(view, margin_mm + TOLERANCE_MM)
        for cut in cut_lines(view):
            cuts += 1
            printed += mark_on(view, cut, margin_mm) >= MIN_MARK_MM
        for _, box in furniture(view):
            worst_furniture = max(worst_furniture, outside(box, area))
            d = min(box.x0, box.y0, view.width - box.x1, view.height - box.y1) / MM
            furniture_edge = d if furniture_edge is None else min(furniture_edge, d)
        for face in view.faces:
            worst_art = max(worst_art, outside(face.bleed, area))
    return {"cuts": cuts, "printed": printed, "furniture_past_mm": worst_furniture, "closest_furniture_mm": furniture_edge, "art_past_mm": worst_art}


if __name__ == "__main__":
    margin = float(sys.argv[1])
    for p in sys.argv[2:]:
        s = summary(p, margin)
        print(f"{p}: {s['printed']}/{s['cuts']} cut lines with ≥{MIN_MARK_MM:g} mm printable mark; furniture nearest the edge {s['closest_furniture_mm']:.2f} mm, "
              f"past the limit (margin + 0.5 mm) by {s['furniture_past_mm']:.2f} mm; art past it by {s['art_past_mm']:.2f} mm")
