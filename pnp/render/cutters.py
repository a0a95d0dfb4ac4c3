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
- Cricut (Design Space's Print Then Cut): a solid frame around the largest print
  area it takes, 6.75 × 9.25 in, centred on the page; the pieces lie inside it.
- print-shop: no marks; the cut line is a 0.25 pt stroke in the separation
  `CutContour` over each piece on the fronts.
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

    def avoid(self, page_w: float, page_h: float) -> list[tuple[int, int, int, int]]:
        """keep_out's boxes in µm from the page's bottom-left (x0, y0, x1, y1), as the sheet planner counts."""
        return [(round(x * 1000), round((page_h - y - h) * 1000), round((x + w) * 1000), round((page_h - y) * 1000))
                for x, y, w, h in self.keep_out(page_w, page_h)]

    def keep_out(self, page_w: float, page_h: float) -> list[tuple[float, float, float, float]]:
        """Each mark's box grown by CLEAR_MM: no piece may touch one."""
        return [(x - CLEAR_MM, y - CLEAR_MM, w + 2 * CLEAR_MM, h + 2 * CLEAR_MM) for x, y, w, h in self.marks(page_w, page_h)]

    def draw_marks(self, c, page_w: float, page_h: float) -> None:
        c.saveState()
        c.setFillColorRGB(0, 0, 0)
        for x, y, w, h in self.marks(page_w, page_h):
            c.rect(x * MM, (page_h - y - h) * MM, w * MM, h * MM, stroke=0, fill=1)
        c.restoreState()


SILHOUETTE_INSET, SILHOUETTE_SQUARE, SILHOUETTE_ARM, SILHOUETTE_LINE = 10.0, 5.0, 20.0, 0.5


def silhouette_marks(page_w: float, page_h: float) -> list[tuple[float, float, float, float]]:
    i, s, a, t = SILHOUETTE_INSET, SILHOUETTE_SQUARE, SILHOUETTE_ARM, SILHOUETTE_LINE
    right, bottom = page_w - i, page_h - i
    return [(i, i, s, s),  # the square, top-left
            (right - a, i, a, t), (right - t, i, t, a),  # the top-right L
            (i, bottom - t, a, t), (i, bottom - a, t, a)]  # the bottom-left L


CRICUT_AREA = (6.75 * 25.4, 9.25 * 25.4)  # Print Then Cut's largest print area
CRICUT_FRAME, CRICUT_GAP = 1.0, 2.0  # the frame's width and its gap outside the print area


def cricut_area(page_w: float, page_h: float) -> tuple[float, float, float, float]:
    w, h = min(CRICUT_AREA[0], page_w - 40), min(CRICUT_AREA[1], page_h - 40)
    return (page_w - w) / 2, (page_h - h) / 2, w, h


def cricut_marks(page_w: float, page_h: float) -> list[tuple[float, float, float, float]]:
    x, y, w, h = cricut_area(page_w, page_h)
    o, f = CRICUT_GAP + CRICUT_FRAME, CRICUT_FRAME
    return [(x - o, y - o, w + 2 * o, f), (x - o, y + h + CRICUT_GAP, w + 2 * o, f),
            (x - o, y - o, f, h + 2 * o), (x + w + CRICUT_GAP, y - o, f, h + 2 * o)]


CUTTERS: dict[str, Cutter] = {
    "silhouette": Cutter("silhouette", lambda w, h: SILHOUETTE_INSET + SILHOUETTE_SQUARE + CLEAR_MM, silhouette_marks,
                         inset=lambda w, h: SILHOUETTE_INSET + SILHOUETTE_LINE + CLEAR_MM),
    "cricut": Cutter("cricut", lambda w, h: max(cricut_area(w, h)[:2]), cricut_marks),
    "print-shop": Cutter("print-shop", lambda w, h: 0.0, lambda w, h: [], svg=False, spot=True),
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
