"""Template helpers for boards and other large faces: loops of spaces, tables, tracks, zones, paths.

They draw through the element recorder, so everything they draw is an
ordinary element (palette colours, fitted rich text, `:icon:`s).
"""
from __future__ import annotations

import itertools
import math
from functools import partial

from pnp.core.colour import BLACK, luminance, readable_on
from pnp.core.errors import LayoutError
from pnp.core.units import add_up, value_as_written
from pnp.data.fields import Fields
from pnp.layout.drawing import to_number
from pnp.layout.gradients import GradientSpec
from pnp.layout.grids import hexgrid, squaregrid

MAX_TRACK = 1000  # spaces on one track
MAX_PER_SIDE = 250


def template_helpers(rec) -> dict:
    """The helper functions templates may call, bound to the element recorder."""
    return {
        "loop_spaces": loop_spaces,
        "readable": partial(readable, rec),
        "table": partial(table, rec),
        "track": partial(track, rec),
        "zone": partial(zone, rec),
        "path": partial(path, rec),
        "hexgrid": partial(hexgrid, rec),
        "squaregrid": partial(squaregrid, rec),
    }


def _ink(rec) -> str:
    return "ink" if "ink" in rec.game.palette.colours else "#000000"


def _contrast(rec, fill_hex: str | None) -> str:
    """Text colour readable on `fill_hex`: white on dark fills, the ink colour on light ones."""
    ink = _ink(rec)
    return readable_on(fill_hex, rec.game.palette.resolve(ink) or BLACK)


def readable(rec, fill, dark="ink", light="paper") -> str:
    """Whichever of `dark` and `light` (palette names or #rrggbb) reads better as text on `fill`: for bands whose colour comes from the data."""
    palette = rec.game.palette
    dark_name = dark if dark in palette.colours or str(dark).startswith("#") else "#000000"
    light_name = light if light in palette.colours or str(light).startswith("#") else "#ffffff"
    return light_name if readable_on(palette.resolve(fill), palette.resolve(dark_name), palette.resolve(light_name)) == palette.resolve(light_name) else dark_name


def _count(value, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise LayoutError(f"{name} must be a whole number from {low} to {high}, got {value_as_written(value)}", name)
    return value


def _lengths(value, n: int, name: str) -> list[float]:
    """A list of n lengths from a list or one number for all."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return [to_number(value, name)] * n
    try:
        values = [to_number(v, name) for v in value]
    except TypeError:
        raise LayoutError(f"{name} must be a number or a list of numbers", name) from None
    if len(values) < n:
        raise LayoutError(f"{name} lists {len(values)} lengths for {n} columns or rows", name)
    return values[:n]


def loop_spaces(x, y, w, h, per_side, corner) -> list[dict]:
    """The spaces of a loop around the edge of a box, clockwise from the bottom-right corner.

    `per_side` spaces lie between two corners (a pair [along the width, along
    the height] for a rectangle); corners are `corner` mm square and side
    spaces are `corner` mm deep. Each space gives its box on the board
    (x, y, w, h) and a frame to draw it upright, facing the centre:
    group(x=ox, y=oy, rotate=rotate) with the space `lw` wide and `lh` deep,
    local y = 0 on its inner edge."""
    x, y, w, h, c = to_number(x, "x"), to_number(y, "y"), to_number(w, "w"), to_number(h, "h"), to_number(corner, "corner")
    if isinstance(per_side, (list, tuple)) and len(per_side) == 2:
        n_w, n_h = (_count(v, "per_side", 0, MAX_PER_SIDE) for v in per_side)
    else:
        n_w = n_h = _count(per_side, "per_side", 0, MAX_PER_SIDE)
    if c <= 0 or 2 * c > min(w, h):
        raise LayoutError(f"corner must be more than 0 and at most half the box's shorter side, got {c:g}", "corner")
    sw = (w - 2 * c) / n_w if n_w else 0.0  # along the bottom and top
    sh = (h - 2 * c) / n_h if n_h else 0.0  # along the left and right
    spaces: list[dict] = []

    def add(is_corner, side, sx, sy, bw, bh):
        # the frame that turns the space so its inner edge (towards the centre) is local y = 0
        if side == "bottom":
            frame = (sx, sy, 0, bw, bh)
        elif side == "left":
            frame = (sx + bw, sy, 90, bh, bw)
        elif side == "top":
            frame = (sx + bw, sy + bh, 180, bw, bh)
        else:
            frame = (sx, sy + bh, 270, bh, bw)
        ox, oy, rotate, lw, lh = frame
        spaces.append({"index": len(spaces), "corner": is_corner, "side": side, "x": sx, "y": sy, "w": bw, "h": bh,
                       "ox": ox, "oy": oy, "rotate": rotate, "lw": lw, "lh": lh})

    add(True, "bottom", x + w - c, y + h - c, c, c)
    for i in range(n_w):
        add(False, "bottom", x + w - c - (i + 1) * sw, y + h - c, sw, c)
    add(True, "left", x, y + h - c, c, c)
    for i in range(n_h):
        add(False, "left", x, y + h - c - (i + 1) * sh, c, sh)
    add(True, "top", x, y, c, c)
    for i in range(n_w):
        add(False, "top", x + c + i * sw, y, sw, c)
    add(True, "right", x + w - c, y, c, c)
    for i in range(n_h):
        add(False, "right", x + w - c, y + c + i * sh, c, sh)
    return spaces


def _cell_text(value) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def table(rec, x, y, cells, col_widths, row_heights, header_fill=None, fill=None, stripe=None, stroke=None, size=10,
          align="center", valign="middle", min_size=None, stroke_width=0.3, font="body", color=None, header_rows=None, header_cols=None):
    """A grid of rich-text cells; with `header_fill`, the first row and column are bold headers on that fill."""
    x, y = to_number(x, "x"), to_number(y, "y")
    rows = _table_rows(cells)
    n_rows, n_cols = len(rows), max(len(r) for r in rows)
    widths = _lengths(col_widths, n_cols, "col_widths")
    heights = _lengths(row_heights, n_rows, "row_heights")
    size = to_number(size, "size")
    min_size = min(size, 5.0) if min_size is None else to_number(min_size, "min_size")
    header_hex = rec._colour(header_fill)
    fill_hex, stripe_hex = rec._colour(fill), rec._colour(stripe)
    stroke = _ink(rec) if stroke is None else stroke
    fills = _TableFills(header_hex, fill_hex, stripe_hex, _header_count(header_rows, header_hex, "header_rows", n_rows),
                        _header_count(header_cols, header_hex, "header_cols", n_cols))
    xs = [x + add_up(widths[:i]) for i in range(n_cols + 1)]
    ys = [y + add_up(heights[:i]) for i in range(n_rows + 1)]
    for r in range(n_rows):
        for c in range(n_cols):
            if fills.fill(r, c):
                rec.rect(xs[c], ys[r], widths[c], heights[r], fill=fills.fill(r, c))
    for yy in ys:
        rec.line(xs[0], yy, xs[-1], yy, stroke=stroke, stroke_width=stroke_width)
    for xx in xs:
        rec.line(xx, ys[0], xx, ys[-1], stroke=stroke, stroke_width=stroke_width)
    pad = 1.0
    for r, row in enumerate(rows):
        for c, content in enumerate(row):
            if content:
                header = fills.is_header(r, c)
                ink = color if color is not None and not header else _contrast(rec, fills.fill(r, c))
                rec.text(content, xs[c] + pad, ys[r] + pad, widths[c] - 2 * pad, heights[r] - 2 * pad, size=size, min_size=min_size,
                         font=font, bold=header, color=ink, align=align, valign=valign)
    return ""


def _table_rows(cells) -> list[list[str]]:
    """The table's cells as rows of texts, at least one row and one column: a template that passes a string, or a row that
    is not a list, is told so rather than drawn one letter a cell."""
    if isinstance(cells, (str, bytes)) or not hasattr(cells, "__iter__"):
        raise LayoutError("cells must be a list of rows, each a list of cell texts", "cells")
    rows = []
    for row in cells:
        if isinstance(row, (str, bytes, Fields, dict)) or not hasattr(row, "__iter__"):
            raise LayoutError("each row of cells must be a list of cell texts", "cells")
        rows.append([_cell_text(v) for v in row])
    if not rows or not max(len(r) for r in rows):
        raise LayoutError("a table needs at least one row and one column", "cells")
    return rows


def _header_count(asked, header_hex, name: str, most: int) -> int:
    """How many header rows (or columns): as asked, else one when the table has a header fill."""
    if asked is None:
        return 1 if header_hex else 0
    return _count(asked, name, 0, most)


class _TableFills:
    """Which cells of a table are headers and the fill each takes: headers the header fill, body rows striped when asked."""

    def __init__(self, header_hex, fill_hex, stripe_hex, header_rows: int, header_cols: int):
        self.header_hex, self.fill_hex, self.stripe_hex = header_hex, fill_hex, stripe_hex
        self.header_rows, self.header_cols = header_rows, header_cols

    def is_header(self, r: int, c: int) -> bool:
        """Whether the cell at row r, column c is a header: bold, on the header fill, in a readable ink."""
        return r < self.header_rows or c < self.header_cols

    def fill(self, r: int, c: int):
        """The cell's fill (None: the card shows through)."""
        if self.is_header(r, c):
            return self.header_hex
        return self.stripe_hex if self.stripe_hex and (r - self.header_rows) % 2 == 1 else self.fill_hex


def _edge_cells(n: int, x: float, y: float, w: float, h: float) -> list[tuple[float, float, float, float]]:
    """n cells around the edge of a box, clockwise from the top-left corner: the top row, the right column,
    the bottom row (right to left), the left column (bottom to top); cells about square."""
    if n < 4:
        raise LayoutError(f"a track around the edge needs at least 4 spaces, got {n}", "track")
    s0 = 2 * (w + h) / (n + 4)
    across = max(2, min(n // 2, round(w / s0)))  # cells in the top (and bottom) row, corners included
    rest = n - 2 * across
    left, right = rest // 2, rest - rest // 2
    cw = w / across
    depth = min(cw, h / (max(left, right) + 2))
    cells = [(x + i * cw, y, cw, depth) for i in range(across)]
    if right:
        rh = (h - 2 * depth) / right
        cells += [(x + w - depth, y + depth + i * rh, depth, rh) for i in range(right)]
    cells += [(x + w - (i + 1) * cw, y + h - depth, cw, depth) for i in range(across)]
    if left:
        lh = (h - 2 * depth) / left
        cells += [(x, y + h - depth - (i + 1) * lh, depth, lh) for i in range(left)]
    return cells


def track(rec, first, last, x, y, w, h, layout="rows", cols=10, shape="circle", fill=None, stroke=None, size=None, marks=None,
          stroke_width=0.4, color=None, font="body"):
    """A numbered track from `first` to `last`: in rows of `cols` (boustrophedon), or around the edge of the box."""
    first, last = _count(first, "first", -100_000, 100_000), _count(last, "last", -100_000, 100_000)
    n = last - first + 1
    if not 1 <= n <= MAX_TRACK:
        raise LayoutError(f"a track holds 1 to {MAX_TRACK} spaces, got {first}–{last}", "track")
    x, y, w, h = to_number(x, "x"), to_number(y, "y"), to_number(w, "w"), to_number(h, "h")
    if shape not in ("circle", "square"):
        raise LayoutError(f"shape must be circle or square, got '{shape}'", "shape")
    if layout == "rows":
        cols = _count(cols, "cols", 1, MAX_TRACK)
        n_rows = -(-n // cols)
        cw, ch = w / cols, h / n_rows
        cells = []
        for i in range(n):
            r, c = divmod(i, cols)
            if r % 2:
                c = cols - 1 - c  # every other row runs back, so the track is one continuous line
            cells.append((x + c * cw, y + r * ch, cw, ch))
    elif layout == "edge":
        cells = _edge_cells(n, x, y, w, h)
    else:
        raise LayoutError(f"layout must be rows or edge, got '{layout}'", "layout")
    marked = {}
    for key, value in (marks.items() if marks is not None else ()):
        marked[str(key)] = rec._colour(value)
    fill_hex = rec._colour(fill)
    stroke = _ink(rec) if stroke is None else stroke
    for i, (cx, cy, cw, ch) in enumerate(cells):
        number = first + i
        cell_fill = marked.get(str(number), fill_hex)
        if shape == "circle":
            d = min(cw, ch) * 0.86
            rec.circle(cx + cw / 2, cy + ch / 2, d / 2, fill=cell_fill, stroke=stroke, stroke_width=stroke_width)
            box = d * 0.74
        else:
            rec.rect(cx, cy, cw, ch, fill=cell_fill, stroke=stroke, stroke_width=stroke_width)
            d = min(cw, ch)
            box = d * 0.86
        text_size = to_number(size, "size") if size is not None else max(3.0, min(24.0, d * 72 / 25.4 * 0.42))
        ink = color if color is not None and str(number) not in marked else _contrast(rec, cell_fill)
        rec.text(str(number), cx + (cw - box) / 2, cy + (ch - box) / 2, box, box, size=text_size, min_size=min(text_size, 3.0),
                 font=font, bold=True, color=ink, align="center", valign="middle")
    return ""


def zone(rec, x, y, w, h, label="", fill=None, stroke=None, dash=None, radius=2, size=10, color=None, stroke_width=0.5,
         bold=True, align="center", font="body"):
    """A labelled area: a (rounded, dashed) box with its label along the top inside."""
    x, y, w, h = to_number(x, "x"), to_number(y, "y"), to_number(w, "w"), to_number(h, "h")
    stroke = _ink(rec) if stroke is None else stroke
    rec.rect(x, y, w, h, fill=fill, stroke=stroke, stroke_width=stroke_width, radius=radius, dash=dash)
    label = _cell_text(label)
    if label:
        pad = max(1.5, min(to_number(radius, "radius") * 0.6, 4.0))
        ground = min((c for _, c in fill.stops), key=luminance) if type(fill) is GradientSpec else rec._colour(fill)  # a gradient's darkest stop
        ink = color if color is not None else (rec._colour(stroke) or _contrast(rec, ground))
        rec.text(label, x + pad, y + pad, w - 2 * pad, h - 2 * pad, size=size, min_size=min(to_number(size, "size"), 5.0),
                 font=font, bold=bold, color=ink, align=align, valign="top")
    return ""


def _points(points) -> list[tuple[float, float]]:
    try:
        pts = [(to_number(p[0], "x"), to_number(p[1], "y")) for p in points]
    except (TypeError, IndexError, KeyError):
        raise LayoutError("path points must be a list of [x, y] pairs", "path") from None
    if len(pts) < 2:
        raise LayoutError("a path needs at least two points", "path")
    return pts


def path(rec, points, width=8, spaces=0, fill=None, stroke=None, node_r=0, stroke_width=0.5, space_fill=None):
    """A street along a polyline: a band `width` wide, `spaces` squares evenly spaced along it, and a circle of
    `node_r` at every vertex."""
    pts = _points(points)
    width, node_r = to_number(width, "width"), to_number(node_r, "node_r")
    spaces = _count(spaces, "spaces", 0, MAX_TRACK)
    fill = "#d9d9d9" if fill is None else fill
    stroke = _ink(rec) if stroke is None else stroke
    segments = []
    for (ax, ay), (bx, by) in itertools.pairwise(pts):
        length = math.hypot(bx - ax, by - ay)
        if length == 0:
            continue
        ux, uy = (bx - ax) / length, (by - ay) / length
        nx, ny = -uy * width / 2, ux * width / 2
        rec.polygon([[ax + nx, ay + ny], [bx + nx, by + ny], [bx - nx, by - ny], [ax - nx, ay - ny]], fill=fill, stroke=None)
        segments.append((ax, ay, ux, uy, length))
    if node_r > 0:
        for px, py in pts:
            rec.circle(px, py, node_r, fill=fill, stroke=None)
    total = add_up(s[4] for s in segments)
    if spaces and total:
        start = node_r if 2 * node_r < total else 0.0
        slot = (total - 2 * start) / spaces
        side = min(width * 0.8, slot * 0.88)
        for k in range(spaces):
            at = start + (k + 0.5) * slot
            for ax, ay, ux, uy, length in segments:
                if at <= length or (ax, ay, ux, uy, length) == segments[-1]:
                    break
                at -= length
            cx, cy = ax + ux * at, ay + uy * at
            a, b = side / 2 * ux, side / 2 * uy  # half a side along the street
            c, d = -b, a  # and across it
            rec.polygon([[cx - a - c, cy - b - d], [cx + a - c, cy + b - d], [cx + a + c, cy + b + d], [cx - a + c, cy - b + d]],
                        fill=space_fill, stroke=stroke, stroke_width=stroke_width)
    return ""
