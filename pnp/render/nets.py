"""Draw nets (pnp.layout.nets) on a page: colour, printed faces clipped to their panels, dashed folds, solid cuts.

Each panel is painted in its piece's colour and stroked 0.8 mm past its edge
in the same colour, so a cut a little outside the line shows no white; glue
tabs are grey (they end up inside). Cut lines are solid black hairlines. Fold
lines are dashed, dark and white dashes in turn, so they show on any colour
(a solid printed line would show on every edge of the box), and every fold
has score marks: short black lines outside the net on the fold's line, where
it meets the outline, to score along with a ruler before folding. Pieces are
set on pages in rows (`shelves`), inside the printable area with their marks.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

from reportlab.pdfgen.canvas import Canvas

from pnp.core.units import pt, um
from pnp.data.words import ENGLISH, SheetWords
from pnp.layout.nets import Arc, Net, Panel, Seg
from pnp.render.pdf_colours import colour

CUT_COLOUR, CUT_WIDTH = "#000000", 0.5  # pt
FOLD_COLOURS, FOLD_WIDTH, FOLD_DASH = ("#333333", "#ffffff"), 0.5, (3, 3)  # pt: dark dashes, white ones in their gaps
SCORE_GAP_MM, SCORE_MM = 1.0, 2.0  # a score mark starts this far outside the net and is this long: two neighbours' meet at most
TAB_FILL = "#e3e3e3"
SPILL_MM = 0.8  # colour past each cut edge: covers a cut that wanders outward this far
REACH_MM = max(SPILL_MM, SCORE_GAP_MM + SCORE_MM)  # how far past its outline a piece prints: its score marks
MARK_SIZE = 6.0  # pt: the labels that pair a split piece's glue tab with its edge
GAP_UM = um(6)  # between pieces on a page


@dataclass(frozen=True)
class Placed:
    """A net placed on a page: its top-left corner in page µm (y up: `top` is the net's upper edge)."""

    net: Net
    left: int
    top: int


def shelves(sizes: list[tuple[int, int]], area_w: int, area_h: int) -> list[list[tuple[int, int, int]]] | None:
    """Pages of pieces (µm sizes, in order) set in rows, GAP_UM apart: [[(index, x, y from the area's top-left)]]; None if one is too large."""
    if any(w > area_w or h > area_h for w, h in sizes):
        return None
    pages: list = [[]]
    x = y = row_h = 0
    for i, (w, h) in enumerate(sizes):
        if x and x + w > area_w:
            x, y, row_h = 0, y + row_h + GAP_UM, 0
        if y + h > area_h:
            pages.append([])
            x = y = row_h = 0
        pages[-1].append((i, x, y))
        x += w + GAP_UM
        row_h = max(row_h, h)
    return pages


class NetPainter:
    """Draws placed nets with one canvas and face drawer; `forms` gives the form name of a panel slot's face (or None)."""

    def __init__(self, c: Canvas, drawer, font: str):
        self.c, self.drawer, self.font = c, drawer, font

    def _xy(self, placed: Placed, x: float, y: float) -> tuple[float, float]:
        return pt(placed.left + um(x)), pt(placed.top - um(y))

    def _path(self, placed: Placed, panel: Panel):
        p = self.c.beginPath()
        for i, (x, y) in enumerate(panel.points(12)):
            (p.moveTo if i == 0 else p.lineTo)(*self._xy(placed, x, y))
        p.close()
        return p

    def draw(self, placed: Placed, fill: str, forms, overlays: dict | None = None) -> None:
        c = self.c
        c.saveState()
        c.setLineJoin(1)
        for panel in placed.net.panels:
            tab = panel.role == "tab"
            c.setFillColor(colour(TAB_FILL if tab else fill))
            c.setStrokeColor(colour(fill))
            c.setLineWidth(pt(um(2 * SPILL_MM)))
            c.drawPath(self._path(placed, panel), stroke=0 if tab else 1, fill=1)
        for panel in placed.net.panels:
            for slot in panel.slots:
                name = forms(slot)
                if name is not None:
                    self._face(placed, panel, slot, name)
                elif overlays and slot.side in overlays:
                    self._face(placed, panel, slot, None, overlays[slot.side])
        self._folds(placed)
        self._cuts(placed)
        self._marks(placed)
        c.restoreState()

    def _face(self, placed: Placed, panel: Panel, slot, name: str | None, overlay=None) -> None:
        """A face form centred on its slot, turned clockwise by slot.rotate, clipped to its panel; or, for a slot that
        prints no template's face, `overlay(canvas)` drawn in the slot's own points from its bottom-left."""
        c = self.c
        c.saveState()
        c.clipPath(self._path(placed, panel), stroke=0, fill=0)
        cx, cy = self._xy(placed, slot.cx, slot.cy)
        c.translate(cx, cy)
        c.rotate(-slot.rotate)  # clockwise on paper
        c.translate(-pt(um(slot.w)) / 2, -pt(um(slot.h)) / 2)
        if overlay is not None:
            overlay(c)
        else:
            c.doForm(name)
        c.restoreState()

    def _folds(self, placed: Placed) -> None:
        """Each fold as dark and white dashes in turn, and its score marks outside the net."""
        c = self.c
        c.setLineWidth(FOLD_WIDTH)
        for phase, fold_colour in enumerate(FOLD_COLOURS):
            c.setStrokeColor(colour(fold_colour))
            c.setDash(list(FOLD_DASH), phase * FOLD_DASH[0])
            for e in placed.net.folds:
                c.line(*self._xy(placed, e.x1, e.y1), *self._xy(placed, e.x2, e.y2))
        c.setDash()
        c.setStrokeColor(colour(CUT_COLOUR))
        c.setLineWidth(CUT_WIDTH)
        for x1, y1, x2, y2 in score_marks(placed.net):
            c.line(*self._xy(placed, x1, y1), *self._xy(placed, x2, y2))

    def _cuts(self, placed: Placed) -> None:
        c = self.c
        c.setStrokeColor(colour(CUT_COLOUR))
        c.setLineWidth(CUT_WIDTH)
        for e in placed.net.cuts:
            if isinstance(e, Seg):
                c.line(*self._xy(placed, e.x1, e.y1), *self._xy(placed, e.x2, e.y2))
            elif isinstance(e, Arc):
                x0, y0 = self._xy(placed, e.cx - e.r, e.cy + e.r)
                x1, y1 = self._xy(placed, e.cx + e.r, e.cy - e.r)
                c.arc(x0, y0, x1, y1, -e.start, -e.sweep)  # y down → y up: angles change sign

    def _marks(self, placed: Placed) -> None:
        c = self.c
        c.setFillColor(colour("#333333"))
        c.setFont(self.font, MARK_SIZE)
        for x, y, text in placed.net.marks:
            c.saveState()
            c.translate(*self._xy(placed, x, y))
            c.rotate(90)
            c.drawCentredString(0, 0, text)
            c.restoreState()


def score_marks(net: Net) -> list[tuple[float, float, float, float]]:
    """Short lines on each fold's line just outside the net: past each end, where the line leaves the net (a fold that
    runs on as a slit, between a lid and a dust flap, gets its mark past the slit): [(x1, y1, x2, y2)] in the net's mm.
    Two folds on one line share a mark."""
    outlines = [panel.points(12) for panel in net.panels]
    found: dict = {}
    for e in net.folds:
        length = math.hypot(e.x2 - e.x1, e.y2 - e.y1)
        ux, uy = (e.x2 - e.x1) / length, (e.y2 - e.y1) / length
        for (x, y), sign in (((e.x1, e.y1), -1), ((e.x2, e.y2), 1)):
            out = _leaves(x, y, sign * ux, sign * uy, outlines)
            if out is None:
                continue
            a = (x + sign * ux * (out + SCORE_GAP_MM), y + sign * uy * (out + SCORE_GAP_MM))
            b = (x + sign * ux * (out + SCORE_GAP_MM + SCORE_MM), y + sign * uy * (out + SCORE_GAP_MM + SCORE_MM))
            found.setdefault((round(a[0], 1), round(a[1], 1)), (*a, *b))
    return list(found.values())


SCORE_STEP_MM = 0.25  # how finely a fold's line is followed to where it leaves the net


def _past_boxes(x: float, y: float, ux: float, uy: float, normal: tuple[float, float], boxes: list) -> float:
    """The farthest t at which (x, y) + t (ux, uy), nudged either way by `normal`, is inside any of `boxes`' rectangles:
    a point of the line farther on lies in no panel (the slab test, axis by axis)."""
    far = -math.inf
    for sx, sy in (normal, (-normal[0], -normal[1])):
        for x0, y0, x1, y1, _ in boxes:
            low, high = -math.inf, math.inf
            for start, step, lo, hi in ((x + sx, ux, x0, x1), (y + sy, uy, y0, y1)):
                if abs(step) < 1e-12:
                    if not lo <= start <= hi:
                        low, high = math.inf, -math.inf
                    continue
                a, b = (lo - start) / step, (hi - start) / step
                low, high = max(low, min(a, b)), min(high, max(a, b))
            if low <= high:
                far = max(far, high)
    return far + 1e-9


def _leaves(x: float, y: float, ux: float, uy: float, outlines: list) -> float | None:
    """How far from (x, y) along (ux, uy) the line leaves the net for good: the first point with no panel on either side
    of it past which the line meets no panel again (a thumb notch in an edge the line runs along is no way out). None if
    it never does. On the way it may run along a slit (panels on both sides) or along the outline (one side)."""
    nx, ny = -uy * 0.02, ux * 0.02
    boxes = [(min(p[0] for p in o), min(p[1] for p in o), max(p[0] for p in o), max(p[1] for p in o), o) for o in outlines]
    reach = max(max(abs(b[0] - x), abs(b[2] - x)) + max(abs(b[1] - y), abs(b[3] - y)) for b in boxes)

    def sides(t: float) -> int:
        px, py = x + ux * t, y + uy * t
        found = 0
        for sx, sy in ((nx, ny), (-nx, -ny)):
            qx, qy = px + sx, py + sy
            found += any(b[0] <= qx <= b[2] and b[1] <= qy <= b[3] and _inside((qx, qy), b[4]) for b in boxes)
        return found

    marks = [k * SCORE_STEP_MM for k in range(1, int(reach / SCORE_STEP_MM) + 2)]
    # past the last point that meets the net the line is out for good; no point beyond every panel's box can meet it
    beyond = _past_boxes(x, y, ux, uy, (nx, ny), boxes)
    last = next((i for i in reversed(range(len(marks))) if marks[i] <= beyond and sides(marks[i]) > 0), -1)
    if last + 1 >= len(marks):
        return None
    low, high = (marks[last] if last >= 0 else 0.0), marks[last + 1]
    while high - low > 0.005:  # where it leaves, to a few µm
        low, high = (low, (low + high) / 2) if sides((low + high) / 2) == 0 else ((low + high) / 2, high)
    return high


def _inside(point: tuple[float, float], outline: list[tuple[float, float]]) -> bool:
    """Whether `point` lies inside the closed `outline` (an even number of its edges cross a ray from it: outside)."""
    x, y = point
    inside = False
    for (x1, y1), (x2, y2) in zip(outline, outline[1:] + outline[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


@dataclass(frozen=True)
class NetPiece:
    """One piece to print: its net, its colour (#rrggbb), its printed faces by slot side, and what its footer calls it."""

    net: Net
    fill: str
    faces: dict  # Slot.key → Face
    label: str
    overlays: dict = field(default_factory=dict)  # Slot.side → draw(canvas): what a slot prints that no template draws (a box's markings)


FOOTER_BAND_UM = um(5)  # the footer line under the pieces


def net_area(paper_mm: tuple[float, float], limit_um: int) -> tuple[int, int]:
    """The room pieces may take on a page (µm): inside the printer's limit on every side (with their colour's spill and
    their score marks past the cut), above the footer."""
    spill = um(REACH_MM)
    return um(paper_mm[0]) - 2 * (limit_um + spill), um(paper_mm[1]) - 2 * (limit_um + spill) - FOOTER_BAND_UM


def fitted(net: Net, area: tuple[int, int]) -> Net | None:
    """The net at its origin, turned a quarter if only that fits `area`; None if neither way fits."""
    for turn in (False, True):
        flat = net.at_origin(turn)
        w, h = flat.size
        if um(w) <= area[0] and um(h) <= area[1]:
            return flat
    return None


def net_cut_path(placed: Placed, page_h_mm: float):
    """A placed net's cut edges as one cut path, in mm from the page's top-left (as a cutter's SVG counts)."""
    from pnp.render.cutters import CutPath

    left, top = placed.left / 1000, page_h_mm - placed.top / 1000
    parts = [("L", left + e.x1, top + e.y1, left + e.x2, top + e.y2) if isinstance(e, Seg) else ("A", left + e.cx, top + e.cy, e.r, e.start, e.sweep)
             for e in placed.net.cuts]
    return CutPath(tuple(parts))


def _cutter_page(c, cutter, paper_mm, placed_nets: list[Placed], number: int, cuts: list | None) -> None:
    from pnp.render.cutters import draw_cut_contour

    paths = [net_cut_path(p, paper_mm[1]) for p in placed_nets]
    cutter.draw_marks(c, *paper_mm)
    if cutter.spot:
        draw_cut_contour(c, paths, paper_mm[1])
    if cuts is not None:
        cuts.append((number, paper_mm[0], paper_mm[1], paths))


def footer_wordings(title: str, labels: list[str], words: SheetWords = ENGLISH) -> tuple[str, ...]:
    """A nets sheet's footer, fullest first (pnp.render.pdf.fit_footer takes the first that fits whole): every piece on
    the sheet by name, then the folding hint said shorter, then the pieces counted, then the title and the hint alone;
    in `words`' language."""
    named = " · ".join(labels)
    out = [f"{title} · {named} · {words.cut_fold}", f"{title} · {named} · {words.cut_fold_short}"]
    if len(labels) > 1:
        out.append(f"{title} · {words.more.format(name=labels[0], n=len(labels) - 1)} · {words.cut_fold_short}")
    return (*out, f"{title} · {words.cut_fold_short}")


def write_net_pdf(pieces: list[NetPiece], paper_mm: tuple[float, float], limit_um: int, font: str, icons, title: str, subject: str,
                  face_filter=None, cutter=None, cuts: list | None = None, draft: bool = False, words: SheetWords = ENGLISH, fallback=None) -> tuple[bytes, int]:
    """A PDF of `pieces` (each already fitted), set in rows on as few pages as they need; (bytes, pages). With a `cutter`
    (pnp.render.cutters.Cutter; `limit_um` already keeps its margin) each page gets its marks, and `cuts` each page's
    (page number, page w, h in mm, [CutPath]). The footers' notes are `words`, in the edition's language."""
    from pnp.render.draw import FaceDrawer
    from pnp.render.pdf import draw_footer, new_canvas

    page_w, page_h = um(paper_mm[0]), um(paper_mm[1])
    area = net_area(paper_mm, limit_um)
    sizes = [tuple(um(v) for v in p.net.size) for p in pieces]
    pages = shelves(sizes, *area)
    if pages is None:
        raise ValueError("a piece is larger than the printable area")
    c, buf = new_canvas((pt(page_w), pt(page_h)), font, title, subject, fallback)
    drawer = FaceDrawer(c, icons, face_filter=face_filter)
    painter = NetPainter(c, drawer, font)
    for number, page in enumerate(pages):
        rows_w = max(x + sizes[i][0] for i, x, _ in page)
        rows_h = max(y + sizes[i][1] for i, _, y in page)
        left0 = limit_um + um(REACH_MM) + (area[0] - rows_w) // 2
        top0 = page_h - limit_um - um(REACH_MM) - (area[1] - rows_h) // 2
        placed_nets = []
        for i, x, y in page:
            piece = pieces[i]
            placed = Placed(piece.net, left0 + x, top0 - y)
            placed_nets.append(placed)
            forms = {key: drawer.form(face) for key, face in piece.faces.items()}  # defined before the page draws them
            painter.draw(placed, piece.fill, lambda slot, forms=forms: forms.get(slot.key), piece.overlays)
        labels = list(dict.fromkeys(pieces[i].label for i, _, _ in page))
        draw_footer(c, page_w, page_h, "bottom", footer_wordings(f"{'DRAFT · ' if draft else ''}{title}", labels, words), font, scale_bar=number == 0,
                    limit=limit_um, keep=words.actual_size, scale_label=words.scale)
        if cutter is not None:
            _cutter_page(c, cutter, paper_mm, placed_nets, number + 1, cuts)
        c.showPage()
    drawer.shared.finish()
    c.save()
    return buf.getvalue(), len(pages)
