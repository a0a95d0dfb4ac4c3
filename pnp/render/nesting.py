"""Nesting: round and hexagonal pieces in a honeycomb instead of a grid, where that puts more on a sheet.

A piece with no straight cut (pnp.core.shapes: a circle, a hexagon) is cut around on its own, with scissors along its
light outline or by a machine from the cut file, so nothing holds it to the rows and columns that crop marks need.
Hexagons then sit in a honeycomb, sides parallel and `gap` apart (twice the bleed, unless the build asks for more: no
corner faces another, so the room a grid leaves for their corners' bleed, Shape.gap, is not needed); circles in offset rows (or columns), each shifted half
a pitch from the last and √3/2 of a pitch below it, every neighbour `gap` from the next. The planner
(pnp.render.packing.grid_for) takes the nest where it holds more than the grid of the pieces' boxes, in the paper's
orientation the PDF prints in.

The nest is a Sheet whose slots are the nest's places (`NestSheet`), so everything that follows a slot follows it: the
faces, their outlines and clips, the cutter's cut lines and files, the sliver check, the pages' keys. A back goes to its
front's slot mirrored across the page (Sheet.back_slot), so its centre is the exact mirror of its front's. The nest keeps
every piece's bleed inside the printable limit and a footer band clear at the top and at the bottom, so a back mirrored
across either edge still clears its own page's footer, and with a cutting machine whose marks sit in corners it comes
nearer the edges, as a grid does, dropping the places that would meet a mark. It draws no crop mark: there is no
straight cut to mark.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from pnp.core.shapes import Shape
from pnp.core.units import paper_size, um
from pnp.render.impose import FOOTER_BAND_UM, FOOTER_CLEAR_UM, TOLERANCE_UM, Sheet, Slot, meets

ROUNDING_MM = 0.001  # a place rounded to the µm stays inside the limits it was planned in


@dataclass(frozen=True)
class NestSheet(Sheet):
    """Pieces of one shape nested on a page: each slot's trim box at its place (`spots`, the box's bottom-left corner in
    µm from the page's bottom-left, in reading order), `reach` µm from a piece's centre to the edge of its shape's bleed
    (across, up). `cols` and `rows` say the longest row and how many rows, for the planner's bands."""

    spots: tuple = ()
    reach: tuple = (0, 0)

    @property
    def per_sheet(self) -> int:
        return len(self.spots)

    def slot(self, index: int) -> Slot:
        x, y = self.spots[index]
        return Slot(x, y, self.card_w, self.card_h)

    @property
    def margin_x(self) -> int:
        """Space between the page's left edge and the nearest piece's bleed (the right is the same: the nest is centred)."""
        return min(x + self.card_w // 2 for x, _ in self.spots) - self.reach[0]

    @property
    def margin_y(self) -> int:
        return min(y + self.card_h // 2 for _, y in self.spots) - self.reach[1]

    def mark_cap(self, axis: str) -> int:
        return 0  # no straight cut: no crop mark


def reach(shape: Shape, w: float, h: float, bleed: float) -> tuple[float, float]:
    """How far (mm) a piece's shape with its bleed reaches from the centre of its w × h box, across and up."""
    outline = shape.outline(w, h, bleed)
    return max(abs(x - w / 2) for x, _ in outline), max(abs(y - h / 2) for _, y in outline)


def pitches(shape: Shape, w: float, h: float, gap: float) -> list[tuple[float, float, bool]]:
    """The nests a shape packs in: (pitch along a line, pitch between lines, whether the lines run down the page), each
    line shifted half a pitch from the last. Hexagons: a honeycomb whose parallel sides are `gap` apart, lines across
    for a pointy top and down for a flat one; circles: `gap` between neighbours, lines either way."""
    if shape.kind == "circle":
        d = min(w, h) + gap
        return [(d, d * math.sqrt(3) / 2, False), (d, d * math.sqrt(3) / 2, True)]
    apothem = shape.hexagon_radius(w, h) * math.cos(math.pi / 6) + gap / 2  # centre to the middle of the gap
    return [(2 * apothem, 1.5 * apothem / math.cos(math.pi / 6), not shape.pointy)]


def lattice(across: tuple[float, float], up: tuple[float, float], along: float, between: float, down: bool, shifted: bool) -> list[tuple[float, float]]:
    """Centres of a nest filling the box `across` × `up` (each a (low, high) range of centres, mm), centred in it, top
    line first; with `down` its lines run down the page; with `shifted` the first line starts half a pitch in."""
    if down:
        return [(x, y) for y, x in lattice(up, across, along, between, False, shifted)]
    (x0, x1), (y0, y1) = across, up
    if x1 < x0 or y1 < y0:
        return []
    lines = []
    for k in range(int((y1 - y0) / between + 1e-9) + 1):
        start = along / 2 if (k % 2 == 1) != shifted else 0.0
        lines.append([x0 + start + i * along for i in range(int((x1 - x0 - start) / along + 1e-9) + 1)] if x1 - x0 >= start else [])
    xs = [x for line in lines for x in line]
    if not xs:
        return []
    dx = (x0 + x1 - min(xs) - max(xs)) / 2
    top = y1 - (y1 - y0 - (len(lines) - 1) * between) / 2
    return [(x + dx, top - k * between) for k, line in enumerate(lines) for x in line]


def nest_sheet(paper: str, card_mm: tuple[float, float], shape: Shape, gutter_mm: float, bleed_mm: float, orientation: str,
               printable_mm: float, machine=None) -> NestSheet | None:
    """The nest holding the most pieces of `shape` on `paper` in `orientation` ('portrait', 'landscape' or 'auto'); None
    for a shape with straight cuts, or when not one piece fits. With a cutting `machine` whose marks sit in corners
    (pnp.render.cutters.Cutter.inset) a nest inside the area they enclose, off the marks, is tried too."""
    if shape.straight or shape.kind == "outline":  # a drawn outline has no honeycomb: its pieces go in a grid, `gap` apart
        return None
    pw, ph = paper_size(paper)
    gaps = (max(gutter_mm, 2 * bleed_mm),) * 2  # (in the nest, in a grid of its leftovers): bleeds of neighbours never overlap
    if gaps[1] <= shape.gap(bleed_mm) + ROUNDING_MM:  # no more than a grid of hexagons keeps for their corners' bleed: none faces another here
        gaps = (2 * bleed_mm, gaps[1])
    best = None
    for page in ((pw, ph), (ph, pw)):
        if orientation != "auto" and (orientation == "landscape") != (page[0] > page[1]):
            continue
        tries = [(printable_mm, (), 0)]
        if machine is not None and machine.inset is not None:
            tries.append((machine.inset(*page), tuple(machine.avoid(*page)), um(printable_mm)))
        for printable, avoid, band_printable in tries:
            for nest in _nests(page, card_mm, shape, gaps, bleed_mm, printable, avoid, band_printable):
                if best is None or nest.per_sheet > best.per_sheet:
                    best = nest
    return best


def _nests(page: tuple[float, float], card_mm: tuple[float, float], shape: Shape, gaps: tuple[float, float], bleed_mm: float, printable_mm: float,
           avoid: tuple, band_printable: int):
    """Every nest of the shape on this page (each pitch, first line shifted or not) whose footer fits: pieces `gaps[0]`
    apart, and `gaps[1]` in the bands its leftovers may share a page in (pnp.render.packing)."""
    (pw, ph), (w, h) = page, card_mm
    rx, ry = reach(shape, w, h, bleed_mm)
    limit = printable_mm + TOLERANCE_UM / 1000 + ROUNDING_MM
    footer = (FOOTER_BAND_UM + FOOTER_CLEAR_UM) / 1000
    across, up = (limit + rx, pw - limit - rx), (limit + footer + ry, ph - limit - footer - ry)
    for along, between, down in pitches(shape, w, h, gaps[0]):
        for shifted in (False, True):
            centres = [(x, y) for x, y in lattice(across, up, along, between, down, shifted)
                       if not any(meets((um(x - rx), um(y - ry), um(x + rx), um(y + ry)), box) for box in avoid)]
            if not centres:
                continue
            centres.sort(key=lambda c: (-round(c[1], 6), c[0]))  # reading order: top line first, left to right
            spots = tuple((um(x - w / 2), um(y - h / 2)) for x, y in centres)
            lines = [sum(1 for _, y in centres if round(y, 6) == level) for level in dict.fromkeys(round(y, 6) for _, y in centres)]
            nest = NestSheet(um(pw), um(ph), um(w), um(h), max(lines), len(lines), um(gaps[1]), um(bleed_mm), um(printable_mm), spots, (um(rx), um(ry)),
                             avoid=avoid, band_printable=band_printable)
            if nest.footer_fits:
                yield nest
