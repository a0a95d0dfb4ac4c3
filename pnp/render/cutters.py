"""Cutting machines: their registration marks on a printed sheet, and the cut file that goes with it.

A machine is a row in CUTTERS: how far from the paper's edge the pieces must
stay (clear of its marks), the marks it reads (drawn by a small function), and
whether the cut travels as an SVG file beside the PDF or inside the PDF as the
print shops' `CutContour` spot colour. Positions are in mm from the page's
top-left corner, as the cutter's software and SVG count them.

- Silhouette (Studio's Print & Cut, marks "Type 1"): a filled 5 mm square at the
  top-left, L-shaped corners at the top-right and bottom-left, 0.5 mm thick with
  20 mm arms, 10 mm in from the edges (Studio's defaults; set the same in its
  Registration Marks panel).
- Silhouette with four corners (the Cameo 5 and Alpha's four-point marks): an L
  in each corner, the top-left one too.
- Silhouette with the auto sheet feeder: the Type 1 marks 0.625 in (15.875 mm) in.
- Cricut (Design Space's Print Then Cut): a solid frame around the largest print
  area it takes, 6.75 × 9.25 in, centred on the page; the pieces lie inside it.
- Siser (Juliet, Romeo; Leonardo Design Studio): four-corner L marks.
- Summa (OPOS): a filled square in each corner.
- print-shop: no marks; the cut line is a 0.25 pt stroke in the separation
  `CutContour` over each piece on the fronts.

Each record says where its numbers come from (`source`).
"""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from pnp.core.shapes import Shape

MM = 72 / 25.4
CLEAR_MM = 2.0  # between a mark and the nearest piece


@dataclass(frozen=True)
class CutShape:
    """One piece's cut line on a page: its trim box (mm from the top-left) and the shape cut inside it (pnp.core.shapes)."""

    shape: Shape
    x: float
    y: float
    w: float
    h: float

    closed = True  # one closed line, cut in one go

    @property
    def parts(self) -> tuple:
        """The cut as straight pieces and arcs, as CutPath holds them."""
        return self.shape.parts(self.x, self.y, self.w, self.h)

    def svg(self) -> str:
        """The SVG element that cuts this piece, in mm."""
        x, y, w, h = (round(v, 4) for v in (self.x, self.y, self.w, self.h))
        if self.shape.kind == "circle":
            return f'<circle cx="{round(self.x + self.w / 2, 4)}" cy="{round(self.y + self.h / 2, 4)}" r="{round(min(self.w, self.h) / 2, 4)}"/>'
        if self.shape.kind in ("hexagon", "outline"):
            points = " ".join(f"{round(self.x + px, 4)},{round(self.y + py, 4)}" for px, py in self.shape.corners(self.w, self.h))
            return f'<polygon points="{points}"/>'
        k = self.shape.corner_radius(self.w, self.h)
        rx = f' rx="{round(k, 4)}"' if k else ""
        return f'<rect x="{x}" y="{y}" width="{w}" height="{h}"{rx}/>'

    def stroke(self, c, page_h: float) -> None:
        """Draw this cut line on a reportlab canvas (whose origin is the bottom-left)."""
        bottom = page_h - self.y - self.h
        k = self.shape.corner_radius(self.w, self.h)
        if self.shape.kind == "circle":
            c.circle((self.x + self.w / 2) * MM, (bottom + self.h / 2) * MM, min(self.w, self.h) / 2 * MM, stroke=1, fill=0)
        elif self.shape.kind in ("hexagon", "outline"):
            p = c.beginPath()
            for i, (px, py) in enumerate(self.shape.corners(self.w, self.h)):
                (p.lineTo if i else p.moveTo)((self.x + px) * MM, (page_h - self.y - py) * MM)
            p.close()
            c.drawPath(p, stroke=1, fill=0)
        elif k:
            c.roundRect(self.x * MM, bottom * MM, self.w * MM, self.h * MM, k * MM, stroke=1, fill=0)
        else:
            c.rect(self.x * MM, bottom * MM, self.w * MM, self.h * MM, stroke=1, fill=0)


@dataclass(frozen=True)
class CutPath:
    """A cut line that is no simple shape (a box net's outline): straight pieces ("L", x1, y1, x2, y2) and arcs
    ("A", cx, cy, r, start, sweep in degrees, y down), in mm from the page's top-left."""

    parts: tuple
    closed = False  # its pieces are cut one by one (a net's outline is open where its folds are)

    def svg(self) -> str:
        d = []
        for part in self.parts:
            if part[0] == "L":
                _, x1, y1, x2, y2 = part
                d.append(f"M{x1:.4f},{y1:.4f} L{x2:.4f},{y2:.4f}")
            else:
                _, cx, cy, r, start, sweep = part
                (x1, y1), (x2, y2) = (_on_arc(cx, cy, r, a) for a in (start, start + sweep))
                d.append(f"M{x1:.4f},{y1:.4f} A{r:.4f},{r:.4f} 0 {int(abs(sweep) > 180)} {int(sweep > 0)} {x2:.4f},{y2:.4f}")
        return f'<path d="{" ".join(d)}"/>'

    def stroke(self, c, page_h: float) -> None:
        for part in self.parts:
            if part[0] == "L":
                _, x1, y1, x2, y2 = part
                c.line(x1 * MM, (page_h - y1) * MM, x2 * MM, (page_h - y2) * MM)
            else:
                _, cx, cy, r, start, sweep = part
                c.arc((cx - r) * MM, (page_h - cy - r) * MM, (cx + r) * MM, (page_h - cy + r) * MM, -start, -sweep)


def _on_arc(cx: float, cy: float, r: float, degrees: float) -> tuple[float, float]:
    return cx + r * math.cos(math.radians(degrees)), cy + r * math.sin(math.radians(degrees))


@dataclass(frozen=True)
class Cutter:
    """A cutting machine: the margin its pieces keep, its marks (drawn, and as keep-out boxes), and how the cut travels."""

    name: str
    margin: Callable[[float, float], float]  # (page w, h) -> mm from every edge the pieces keep
    marks: Callable[[float, float], list[tuple[float, float, float, float]]]  # filled rectangles (x, y, w, h) from the top-left
    svg: bool = True
    spot: bool = False
    # where its marks sit only in corners: (page w, h) -> mm from every edge of the area they enclose, that whole sheets of
    # pieces may fill where they keep off the marks (keep_out), instead of `margin` all round
    inset: Callable[[float, float], float] | None = None
    source: str = ""  # where its marks' numbers come from: the maker's page, a tool's published layout, or "third-party: where"

    def avoid(self, page_w: float, page_h: float) -> list[tuple[int, int, int, int]]:
        """keep_out's boxes in µm from the page's bottom-left (x0, y0, x1, y1), as the sheet planner counts."""
        return [(round(x * 1000), round((page_h - y - h) * 1000), round((x + w) * 1000), round((page_h - y) * 1000))
                for x, y, w, h in self.keep_out(page_w, page_h)]

    def keep_out(self, page_w: float, page_h: float) -> list[tuple[float, float, float, float]]:
        """Each mark's box grown by CLEAR_MM: no piece may touch one."""
        return [(x - CLEAR_MM, y - CLEAR_MM, w + 2 * CLEAR_MM, h + 2 * CLEAR_MM) for x, y, w, h in self.marks(page_w, page_h)]

    def nearest_mark(self, page_w: float, page_h: float) -> float | None:
        """How near the paper's edge its marks come, in mm (None: it prints none): a printer that cannot print there
        leaves the machine nothing to register by."""
        return min((min(x, y, page_w - x - w, page_h - y - h) for x, y, w, h in self.marks(page_w, page_h)), default=None)

    def draw_marks(self, c, page_w: float, page_h: float) -> None:
        c.saveState()
        c.setFillColorRGB(0, 0, 0)
        for x, y, w, h in self.marks(page_w, page_h):
            c.rect(x * MM, (page_h - y - h) * MM, w * MM, h * MM, stroke=0, fill=1)
        c.restoreState()


SILHOUETTE_INSET, SILHOUETTE_SQUARE, SILHOUETTE_ARM, SILHOUETTE_LINE = 10.0, 5.0, 20.0, 0.5
FEEDER_INSET = 0.625 * 25.4  # the auto sheet feeder wants the marks at least 5/8 in from the paper's edges
FOUR_CORNER_LINE = 0.3  # the Cameo 5 / Alpha four-point Ls' line (third-party: fablabnbg/inkscape-silhouette PR #380 template)
Rect = tuple[float, float, float, float]


def corner_l(corner: str, page_w: float, page_h: float, inset: float, arm: float, line: float) -> list[Rect]:
    """An L-shaped mark in one corner (tl, tr, bl, br) of the page, its outer corner `inset` from both edges and its two
    arms (`arm` long, `line` thick) running along the edges toward the page's middle: two filled rectangles."""
    right, bottom = page_w - inset, page_h - inset
    x = inset if corner[1] == "l" else right - arm
    y = inset if corner[0] == "t" else bottom - line
    upright_x = inset if corner[1] == "l" else right - line
    upright_y = inset if corner[0] == "t" else bottom - arm
    return [(x, y, arm, line), (upright_x, upright_y, line, arm)]


def silhouette_marks(page_w: float, page_h: float, inset: float = SILHOUETTE_INSET) -> list[Rect]:
    """Studio's Type 1: the square top-left, Ls top-right and bottom-left."""
    i, s, a, t = inset, SILHOUETTE_SQUARE, SILHOUETTE_ARM, SILHOUETTE_LINE
    return [(i, i, s, s), *corner_l("tr", page_w, page_h, i, a, t), *corner_l("bl", page_w, page_h, i, a, t)]


def four_corner_marks(inset: float, arm: float, line: float) -> Callable[[float, float], list[Rect]]:
    """An L in every corner (Silhouette's four-point marks, Siser's)."""
    return lambda page_w, page_h: [r for corner in ("tl", "tr", "bl", "br") for r in corner_l(corner, page_w, page_h, inset, arm, line)]


SISER_INSET, SISER_ARM, SISER_LINE = 10.0, 20.0, 0.5  # no published layout found: Studio's sizes in all four corners, set the same in Leonardo
OPOS_INSET, OPOS_SQUARE = 7.0, 2.0  # third-party: sffc/card-creatr-studio issue #141 (a Summa user's OPOS X marks)


def opos_marks(page_w: float, page_h: float) -> list[Rect]:
    """Summa's OPOS: a filled square in each corner, OPOS_INSET from both edges."""
    i, s = OPOS_INSET, OPOS_SQUARE
    return [(x, y, s, s) for y in (i, page_h - i - s) for x in (i, page_w - i - s)]


CRICUT_AREA = (6.75 * 25.4, 9.25 * 25.4)  # Print Then Cut's largest print area (third-party: piecepackr/piecepackr issue #343)
CRICUT_FRAME, CRICUT_GAP = 1.0, 2.0  # the frame's width and its gap outside the print area


def cricut_area(page_w: float, page_h: float) -> tuple[float, float, float, float]:
    """Print Then Cut's area on the page, centred: its long side along the page's (9.25 × 6.75 in on a landscape sheet),
    so the margin a sheet is planned with is the same whichever way the sheet turns; no more than the page less 20 mm a side."""
    long_side, short_side = max(CRICUT_AREA), min(CRICUT_AREA)
    area = (long_side, short_side) if page_w > page_h else (short_side, long_side)
    w, h = min(area[0], page_w - 40), min(area[1], page_h - 40)
    return (page_w - w) / 2, (page_h - h) / 2, w, h


def cricut_marks(page_w: float, page_h: float) -> list[Rect]:
    x, y, w, h = cricut_area(page_w, page_h)
    o, f = CRICUT_GAP + CRICUT_FRAME, CRICUT_FRAME
    return [(x - o, y - o, w + 2 * o, f), (x - o, y + h + CRICUT_GAP, w + 2 * o, f),
            (x - o, y - o, f, h + 2 * o), (x + w + CRICUT_GAP, y - o, f, h + 2 * o)]


def _kept(inset: float, mark: float) -> Callable[[float, float], float]:
    """The margin of marks `mark` deep, `inset` from the edges: pieces keep CLEAR_MM past them (marks that are only
    Ls along the edges, or small squares, leave every piece this far in clear of them, all round)."""
    return lambda page_w, page_h: inset + mark + CLEAR_MM


CUTTERS: dict[str, Cutter] = {
    "silhouette": Cutter("silhouette", _kept(SILHOUETTE_INSET, SILHOUETTE_SQUARE), silhouette_marks, inset=_kept(SILHOUETTE_INSET, SILHOUETTE_LINE),
                         source="Silhouette Studio's Registration Marks panel, Type 1 defaults"),
    "silhouette-4": Cutter("silhouette-4", _kept(SILHOUETTE_INSET, FOUR_CORNER_LINE), four_corner_marks(SILHOUETTE_INSET, SILHOUETTE_ARM, FOUR_CORNER_LINE),
                           source="third-party: fablabnbg/inkscape-silhouette PR #374 and #380 (four inward Ls 10 mm in, 20 mm arms, 0.3 mm)"),
    "silhouette-feeder": Cutter("silhouette-feeder", _kept(FEEDER_INSET, SILHOUETTE_SQUARE), lambda w, h: silhouette_marks(w, h, FEEDER_INSET),
                                inset=_kept(FEEDER_INSET, SILHOUETTE_LINE),
                                source="third-party: fablabnbg/inkscape-silhouette issue #32 (Studio sets the marks 15.9 mm in) and the "
                                       "auto sheet feeder threads asking for at least 0.625 in"),
    "cricut": Cutter("cricut", lambda w, h: max(cricut_area(w, h)[:2]), cricut_marks,
                     source="Design Space's Print Then Cut limit, 6.75 × 9.25 in (third-party: piecepackr/piecepackr issue #343)"),
    "siser": Cutter("siser", _kept(SISER_INSET, SISER_LINE), four_corner_marks(SISER_INSET, SISER_ARM, SISER_LINE),
                    source="third-party: none published (kclipsto/proxies-at-home issue #170 asks for them); set Leonardo's marks to these"),
    "summa-opos": Cutter("summa-opos", _kept(OPOS_INSET, OPOS_SQUARE), opos_marks,
                         source="third-party: sffc/card-creatr-studio issue #141 (2 mm OPOS X squares 7 mm from each side)"),
    "print-shop": Cutter("print-shop", lambda w, h: 0.0, lambda w, h: [], svg=False, spot=True, source="the print shops' CutContour convention"),
}


def draw_cut_contour(c, shapes: list[CutShape], page_h: float) -> None:
    """The cut lines as a thin stroke in the `CutContour` separation, overprinting the art (print shops' convention)."""
    from reportlab.lib.colors import CMYKColorSep  # here: the CLI lists the machines without loading reportlab

    c.saveState()
    c.setStrokeColor(CMYKColorSep(0, 1, 0, 0, spotName="CutContour", density=1))
    c.setStrokeOverprint(True)  # the cut line knocks out no art under it: a RIP that prints it by mistake still shows the art
    c.setOverprintMask(1)
    c.setLineWidth(0.25)
    for shape in shapes:
        shape.stroke(c, page_h)
    c.restoreState()


def cut_svg(page_w: float, page_h: float, shapes: list[CutShape], title: str) -> bytes:
    """One sheet's cut file: the page in mm (its viewBox), each piece's cut line, nothing else."""
    body = "\n".join("    " + s.svg() for s in shapes)
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{page_w:g}mm" height="{page_h:g}mm" viewBox="0 0 {page_w:g} {page_h:g}">\n'
            f'  <title>{title.replace("&", "&amp;").replace("<", "&lt;")}</title>\n'
            f'  <g id="cut" fill="none" stroke="#ff0000" stroke-width="0.1" data-name="cut">\n{body}\n  </g>\n</svg>\n').encode()
