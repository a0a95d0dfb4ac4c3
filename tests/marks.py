"""Read every stroked segment a sheet PDF draws outside its pieces (crop marks, cut guides, tile marks, fold lines),
and where its pieces are, from the PDF alone (its content streams, tests/streams.py; faces as tests/printable.py
finds them).

A segment is found by walking each page's content stream and every form it places that is not a piece (the
crop-mark overlay), keeping the paths that are stroked, in page points (y up) with their stroke width. Curves
count by their control polygon, which holds the curve.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import pdfium_pages
import pdfread
import printable as P
import streams
from pdftext import page_texts

MM = P.MM
STROKES = {b"S", b"s", b"B", b"B*", b"b", b"b*"}
NO_STROKE = {b"f", b"F", b"f*", b"n"}


@dataclass
class Segment:
    x0: float
    y0: float
    x1: float
    y1: float
    width: float  # stroke width, pt

    def box(self) -> P.Box:
        """The ink of the stroke: its extent widened by half the stroke width each side."""
        h = self.width / 2
        return P.Box(min(self.x0, self.x1) - h, min(self.y0, self.y1) - h, max(self.x0, self.x1) + h, max(self.y0, self.y1) + h)


@dataclass
class SheetPage:
    index: int
    backs: bool  # a backs side of a duplex sheet (its footer says 'backs ·')
    faces: list  # printable.Face
    segments: list = field(default_factory=list)


def _apply(m, x, y):
    return x * m[0] + y * m[2] + m[4], x * m[1] + y * m[3] + m[5]


def _walk(ops, xobjects: dict, ctm, out: list, depth: int = 0) -> None:
    """Stroked segments of `ops` (placing `xobjects`, streams.XObject by name) outside any piece, into `out`."""
    stack, in_face, width = [], False, 1.0
    path: list = []
    pending = None
    point = start = None
    for operands, op in ops:
        if op == b"q":
            stack.append((ctm, in_face, width))
        elif op == b"Q":
            ctm, in_face, width = stack.pop()
        elif op == b"cm":
            ctm = P._mul(tuple(float(v) for v in operands), ctm)
        elif op == b"w":
            width = float(operands[0]) * (abs(ctm[0] * ctm[3] - ctm[1] * ctm[2]) ** 0.5)
        elif in_face:
            continue
        elif op == b"m":
            point = start = _apply(ctm, float(operands[0]), float(operands[1]))
        elif op == b"l":
            nxt = _apply(ctm, float(operands[0]), float(operands[1]))
            path.append((point, nxt))
            point = nxt
        elif op in (b"c", b"v", b"y"):
            pts = [_apply(ctm, float(operands[i]), float(operands[i + 1])) for i in range(0, len(operands), 2)]
            for p in pts:
                path.append((point, p))
                point = p
        elif op == b"h" and point is not None and start is not None:
            path.append((point, start))
            point = start
        elif op == b"re":
            x, y, w, h = (float(v) for v in operands)
            pending = (x, y, w, h)
            corners = [_apply(ctm, a, b) for a, b in ((x, y), (x + w, y), (x + w, y + h), (x, y + h))]
            path += list(zip(corners, corners[1:] + corners[:1], strict=True))
        elif op in (b"W", b"W*"):
            if pending is not None and abs(pending[0] - pending[1]) < P.EPS and pending[0] <= P.EPS:
                in_face = True  # a piece's own bleed clip: what follows until its Q is the piece
        elif op in STROKES or op in NO_STROKE:
            if op in STROKES:
                out += [Segment(a[0], a[1], b[0], b[1], width) for a, b in path if a is not None]
            path, pending = [], None
        elif op == b"Do":
            form = xobjects.get(operands[0])
            if form is None or depth > 4 or form.subtype != "/Form":
                continue
            x0, y0, _x1, _y1 = form.bbox
            if not operands[0].startswith("/FormXob.M") and abs(x0 - y0) < P.EPS and x0 <= P.EPS and abs(abs(ctm[0]) + abs(ctm[1]) - 1) < 1e-6:
                continue  # a piece placed as a form
            _walk(form.operations, form.xobjects, P._mul(form.matrix, ctm), out, depth + 1)


def read(path, reader: pdfread.Reader | None = None) -> list[SheetPage]:
    """Every page of a sheet PDF: whether it is a backs side, its pieces, and the segments stroked outside them.
    `reader` shares the pieces read with the rest of the run (conftest's `pdfium_reader`)."""
    reader = reader or pdfium_pages.Reader()
    laid = reader.once(path, "laid-out", P.laid_out)
    pdf = streams.Document(path)
    out = []
    for i, text in enumerate(page_texts(path)):  # pdfium: a turned footer reads as written (tests/pdftext)
        sheet = SheetPage(i, "backs ·" in text, laid[i].faces)
        page = pdf.page(i)
        _walk(page.operations, page.xobjects, (1, 0, 0, 1, 0, 0), sheet.segments)
        out.append(sheet)
    return out


def overlap(a: P.Box, b: P.Box) -> tuple[float, float]:
    """How far (pt) two boxes overlap across x and across y (negative: apart)."""
    return min(a.x1, b.x1) - max(a.x0, b.x0), min(a.y1, b.y1) - max(a.y0, b.y0)


def on_area(seg: Segment, area: P.Box, depth_mm: float = 0.1) -> bool:
    """Whether the stroke's ink lies on `area`: touching it across and reaching more than `depth_mm` into it along."""
    ox, oy = overlap(seg.box(), area)
    return min(ox, oy) > 0 and max(ox, oy) > depth_mm * MM


def grids(faces: list) -> list[P.Box]:
    """The grids of pieces on a page, row by row: pieces of one size closer than 7 mm (the widest gutter a bleed makes
    is 6 mm; bands of a shared sheet stand 9 mm apart), each row of a group as the bounding box of its trims. A short
    last row is as wide as its pieces: the room beside it, where a token set may print with its own marks, is no grid's."""
    groups: list[list] = []
    for face in faces:
        size = (round(face.trim.x1 - face.trim.x0, 1), round(face.trim.y1 - face.trim.y0, 1))
        near = [g for g in groups if g[0] == size and any(_gap(face.trim, other.trim) < 7 * MM for other in g[1])]
        merged = [face]
        for g in near:
            merged += g[1]
            groups.remove(g)
        groups.append((size, merged))
    return [_box(row) for _, fs in groups for row in _rows(fs)]


def _rows(faces: list) -> list[list]:
    """A grid's pieces by row: those whose trims span the same heights."""
    rows: dict[tuple[float, float], list] = {}
    for face in faces:
        rows.setdefault((round(face.trim.y0, 1), round(face.trim.y1, 1)), []).append(face)
    return list(rows.values())


def _box(faces: list) -> P.Box:
    return P.Box(min(f.trim.x0 for f in faces), min(f.trim.y0 for f in faces), max(f.trim.x1 for f in faces), max(f.trim.y1 for f in faces))


def _gap(a: P.Box, b: P.Box) -> float:
    ox, oy = overlap(a, b)
    return max(-ox, -oy, 0.0)


def marks_on_pieces(path, reader: pdfread.Reader | None = None) -> list[str]:
    """Every segment stroked on a piece (more than 0.1 mm inside its trim), and on a backs side every one inside a grid."""
    problems = []
    for page in read(path, reader):
        areas = [("piece", f.trim) for f in page.faces]
        if page.backs:
            areas += [("grid of backs", g) for g in grids(page.faces)]
        for seg in page.segments:
            for what, area in areas:
                if on_area(seg, area):
                    problems.append(f"{path.name} page {page.index + 1}{' (backs)' if page.backs else ''}: segment "
                                    f"{seg.x0 / MM:.1f},{seg.y0 / MM:.1f}–{seg.x1 / MM:.1f},{seg.y1 / MM:.1f} mm on a {what}")
                    break
    return problems
