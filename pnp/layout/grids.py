"""Hex and square grids for boards and map tiles: `hexgrid()` and `squaregrid()`, drawn through the element recorder.

Each cell is a polygon with an optional fill, icon and label from the data, keyed by its coordinates; the function
returns the grid's cells (centre, corners, coordinates) so a template places pieces by coordinate:
`{% set map = hexgrid(...) %}` draws it, and `map.at(2, 3).x` is that hex's centre. Hex geometry and coordinate
systems follow Red Blob Games' "Hexagonal Grids" (offset and axial coordinates, flat- and pointy-top layouts).
"""
from __future__ import annotations

import math

from pnp.core.colour import BLACK, readable_on
from pnp.core.errors import LayoutError
from pnp.core.units import value_as_written
from pnp.layout.drawing import to_number
from pnp.layout.growth import Unprinted

MAX_CELLS = 10_000  # cells of one grid: a 100 × 100 map
SQRT3 = math.sqrt(3)
LABEL_PT_PER_MM = 0.45  # a label's type size in points for each mm of the cell's size across: 9 pt on a 20 mm hex
ICON_SHARE = 0.5  # an icon's side, as a share of the cell's size across


class Grid(Unprinted):
    """The cells of a drawn grid, in drawing order (row by row), each a mapping: `x`, `y` (its centre), `corners`,
    `size`, `key` ('2,3') and its coordinates (`col`, `row`; or `q`, `r`). Prints as nothing, so `{{ hexgrid(...) }}`
    draws it and writes no text."""

    def at(self, a, b) -> dict:
        """The cell at coordinates (a, b): (col, row), or (q, r) in an axial grid."""
        key = f"{a},{b}"
        for cell in self:
            if cell["key"] == key:
                return cell
        raise LayoutError(f"this grid has no cell {key}: its cells run from {self[0]['key']} to {self[-1]['key']}", "at")


def _whole(value, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise LayoutError(f"{name} must be a whole number from {low} to {high}, got {value_as_written(value)}", name)
    return value


def _choice(value, name: str, allowed: tuple[str, ...]) -> str:
    if value not in allowed:
        raise LayoutError(f"{name} must be {', '.join(allowed[:-1])} or {allowed[-1]}, got {value_as_written(value)}", name)
    return value


def _cell_data(cells) -> dict[str, object]:
    """Data for cells by key ('2,3'): a mapping from keys, or a list of mappings that give their coordinates
    (`col` and `row`, or `q` and `r`) among their fields."""
    if cells is None:
        return {}
    if hasattr(cells, "items"):
        return {str(k).replace(" ", ""): v for k, v in cells.items()}
    out = {}
    try:
        for item in cells:
            a = item.get("col", item.get("q"))
            b = item.get("row", item.get("r"))
            if a is None or b is None:
                raise LayoutError("each cell in a list of cells must give its coordinates: col and row (or q and r)", "cells")
            out[f"{a},{b}"] = item
    except (TypeError, AttributeError):
        raise LayoutError("cells must be a mapping from coordinates ('2,3': {fill: sea}) or a list of mappings with col and row", "cells") from None
    return out


def _field(data, name: str):
    return data.get(name) if data is not None and hasattr(data, "get") else None


def _draw_cell(rec, cell: dict, data, fill, stroke, stroke_width, labels: bool, label_size, icon_size, font: str) -> None:
    """One cell: its polygon in the data's fill (else the grid's), the data's icon at its centre, and its label (the data's,
    else its coordinates when `labels`) centred there, or under the icon."""
    cell_fill = _field(data, "fill") or fill
    rec.polygon(cell["corners"], fill=cell_fill, stroke=stroke, stroke_width=stroke_width, cell=True)
    icon = _field(data, "icon")
    across = cell["size"]
    side = to_number(icon_size, "icon_size") if icon_size is not None else across * ICON_SHARE
    label = _field(data, "label")
    if label is None and labels:
        label = cell["key"]
    size = to_number(label_size, "label_size") if label_size is not None else max(4.0, across * LABEL_PT_PER_MM)
    if icon:
        top = cell["y"] - side / 2 - (size / 72 * 25.4 * 0.6 if label else 0)
        rec.icon(str(icon), cell["x"] - side / 2, top, side, color=_field(data, "color"))
    if label not in (None, ""):
        box_w, box_h = across * 0.8, size / 72 * 25.4 * 1.3
        y = cell["y"] - box_h / 2 if not icon else top + side
        ink = _field(data, "color") or readable_on(rec._colour(cell_fill), rec._colour("ink") if "ink" in rec.game.palette.colours else BLACK)
        rec.text(str(label), cell["x"] - box_w / 2, y, box_w, box_h, size=size, min_size=min(size, 3.0), font=font, color=ink, align="center",
                 valign="middle", condense=True)


def hexgrid(rec, x, y, cols, rows, size, top="flat", coords="offset", shift="odd", fill=None, stroke="ink", stroke_width=0.3, cells=None,
            labels=True, label_size=None, icon_size=None, start=0, font="body") -> Grid:
    """A cols × rows map of hexes `size` mm across their flats, its top-left corner at (x, y).

    `top` is flat or pointy; `shift` which columns (flat) or rows (pointy) sit half a hex lower or further right, odd
    or even; `coords` how cells are named, offset (col, row) or axial (q, r). `cells` gives data per cell: fill, icon,
    label, color."""
    x, y, size = to_number(x, "x"), to_number(y, "y"), to_number(size, "size")
    cols, rows = _whole(cols, "cols", 1, MAX_CELLS), _whole(rows, "rows", 1, MAX_CELLS)
    if cols * rows > MAX_CELLS or size <= 0:
        raise LayoutError(f"a grid holds at most {MAX_CELLS:,} cells of a positive size, got {cols} × {rows} of {size:g} mm", "hexgrid")
    flat = _choice(top, "top", ("flat", "pointy")) == "flat"
    axial = _choice(coords, "coords", ("offset", "axial")) == "axial"
    odd = _choice(shift, "shift", ("odd", "even")) == "odd"
    start = _whole(start, "start", -1000, 1000)
    radius = size / SQRT3  # centre to corner
    data = _cell_data(cells)
    grid = Grid()
    for row in range(rows):
        for col in range(cols):
            lowered = (col if flat else row) % 2 == (1 if odd else 0)
            if flat:
                cx, cy = x + radius + col * 1.5 * radius, y + size / 2 + row * size + (size / 2 if lowered else 0)
                corners = [[cx + radius * math.cos(math.radians(a)), cy + radius * math.sin(math.radians(a))] for a in range(0, 360, 60)]
            else:
                cx, cy = x + size / 2 + col * size + (size / 2 if lowered else 0), y + radius + row * 1.5 * radius
                corners = [[cx + radius * math.cos(math.radians(a)), cy + radius * math.sin(math.radians(a))] for a in range(30, 390, 60)]
            cell = {"x": cx, "y": cy, "corners": corners, "size": size, "col": col + start, "row": row + start}
            if axial:
                q, r = _axial(col, row, flat, odd)
                cell.update(q=q + start, r=r + start, key=f"{q + start},{r + start}")
            else:
                cell["key"] = f"{col + start},{row + start}"
            grid.append(cell)
    for cell in grid:
        _draw_cell(rec, cell, data.get(cell["key"]), fill, stroke, stroke_width, labels, label_size, icon_size, font)
    return grid


def _axial(col: int, row: int, flat: bool, odd: bool) -> tuple[int, int]:
    """Axial (q, r) of an offset cell (Red Blob Games: odd-q, even-q, odd-r, even-r to axial)."""
    if flat:
        return col, row - (col - (col & 1)) // 2 if odd else row - (col + (col & 1)) // 2
    return (col - (row - (row & 1)) // 2 if odd else col - (row + (row & 1)) // 2), row


def squaregrid(rec, x, y, cols, rows, size, fill=None, stroke="ink", stroke_width=0.3, cells=None, labels=True, label_size=None, icon_size=None,
               start=0, font="body") -> Grid:
    """A cols × rows grid of `size` mm squares, its top-left corner at (x, y); cells named (col, row)."""
    x, y, size = to_number(x, "x"), to_number(y, "y"), to_number(size, "size")
    cols, rows = _whole(cols, "cols", 1, MAX_CELLS), _whole(rows, "rows", 1, MAX_CELLS)
    if cols * rows > MAX_CELLS or size <= 0:
        raise LayoutError(f"a grid holds at most {MAX_CELLS:,} cells of a positive size, got {cols} × {rows} of {size:g} mm", "squaregrid")
    start = _whole(start, "start", -1000, 1000)
    data = _cell_data(cells)
    grid = Grid()
    for row in range(rows):
        for col in range(cols):
            x0, y0 = x + col * size, y + row * size
            grid.append({"x": x0 + size / 2, "y": y0 + size / 2, "corners": [[x0, y0], [x0 + size, y0], [x0 + size, y0 + size], [x0, y0 + size]],
                         "size": size, "col": col + start, "row": row + start, "key": f"{col + start},{row + start}"})
    for cell in grid:
        _draw_cell(rec, cell, data.get(cell["key"]), fill, stroke, stroke_width, labels, label_size, icon_size, font)
    return grid
