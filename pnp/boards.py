"""Boards: the template helpers (loops of spaces, tables, tracks, zones, paths) and the boards PDF.

The helpers draw through the element recorder, so everything they draw is an
ordinary element (palette colours, fitted rich text, `:icon:`s) and a board
is a Face like a card. A board renders once, is drawn once as a form, and is
placed on every page that shows it: centred on one page when it fits the
printable area, otherwise on an assembly map and a grid of overlapping tiles
(geometry in pnp.tiling), or 1:1 on one large sheet with --board-paper.
"""
from __future__ import annotations

import math
from functools import partial

from pnp.draw import FaceDrawer
from pnp.errors import Loc, PnpError, error
from pnp.layout import Face, Fields, LayoutError, _num
from pnp.pdfout import draw_footer, new_canvas
from pnp.tiling import DEFAULT_OVERLAP_MM, MARGIN_UM, TilePlan, fits_page, plan_tiles, stack_pages
from pnp.units import pt, um

MAX_TRACK = 1000  # spaces on one track
MAX_PER_SIDE = 250


# Template helpers ------------------------------------------------------------------
def board_helpers(rec) -> dict:
    """The helper functions templates may call, bound to the element recorder."""
    return {
        "loop_spaces": loop_spaces,
        "table": partial(table, rec),
        "track": partial(track, rec),
        "zone": partial(zone, rec),
        "path": partial(path, rec),
    }


def _ink(rec) -> str:
    return "ink" if "ink" in rec.layouts.palette.colours else "#000000"


def _contrast(rec, fill_hex: str | None) -> str:
    """Text colour readable on `fill_hex`: white on dark fills, the ink colour on light ones."""
    if not fill_hex:
        return _ink(rec)
    r, g, b = (int(fill_hex[i : i + 2], 16) for i in (1, 3, 5))
    alpha = int(fill_hex[7:9], 16) / 255 if len(fill_hex) == 9 else 1.0
    r, g, b = (v * alpha + 255 * (1 - alpha) for v in (r, g, b))  # on white paper
    return "#ffffff" if (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255 < 0.55 else _ink(rec)


def _count(value, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise LayoutError(f"{name} must be a whole number from {low} to {high}, got {value!r}", name)
    return value


def _lengths(value, n: int, name: str) -> list[float]:
    """A list of n lengths from a list or one number for all."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return [_num(value, name)] * n
    try:
        values = [_num(v, name) for v in value]
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
    x, y, w, h, c = _num(x, "x"), _num(y, "y"), _num(w, "w"), _num(h, "h"), _num(corner, "corner")
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
    x, y = _num(x, "x"), _num(y, "y")
    if isinstance(cells, (str, bytes)) or not hasattr(cells, "__iter__"):
        raise LayoutError("cells must be a list of rows, each a list of cell texts", "cells")
    rows = []
    for row in cells:
        if isinstance(row, (str, bytes, Fields, dict)) or not hasattr(row, "__iter__"):
            raise LayoutError("each row of cells must be a list of cell texts", "cells")
        rows.append([_cell_text(v) for v in row])
    n_rows = len(rows)
    n_cols = max((len(r) for r in rows), default=0)
    if not n_rows or not n_cols:
        raise LayoutError("a table needs at least one row and one column", "cells")
    widths = _lengths(col_widths, n_cols, "col_widths")
    heights = _lengths(row_heights, n_rows, "row_heights")
    size = _num(size, "size")
    min_size = min(size, 5.0) if min_size is None else _num(min_size, "min_size")
    header_hex = rec._colour(header_fill)
    fill_hex, stripe_hex = rec._colour(fill), rec._colour(stripe)
    stroke = _ink(rec) if stroke is None else stroke
    hr = (1 if header_hex else 0) if header_rows is None else _count(header_rows, "header_rows", 0, n_rows)
    hc = (1 if header_hex else 0) if header_cols is None else _count(header_cols, "header_cols", 0, n_cols)
    xs = [x + sum(widths[:i]) for i in range(n_cols + 1)]
    ys = [y + sum(heights[:i]) for i in range(n_rows + 1)]
    pad = 1.0
    for r in range(n_rows):
        for c in range(n_cols):
            header = r < hr or c < hc
            cell_fill = header_hex if header else (stripe_hex if stripe_hex and (r - hr) % 2 == 1 else fill_hex)
            if cell_fill:
                rec.rect(xs[c], ys[r], widths[c], heights[r], fill=cell_fill)
    for yy in ys:
        rec.line(xs[0], yy, xs[-1], yy, stroke=stroke, stroke_width=stroke_width)
    for xx in xs:
        rec.line(xx, ys[0], xx, ys[-1], stroke=stroke, stroke_width=stroke_width)
    for r, row in enumerate(rows):
        for c, content in enumerate(row):
            if not content:
                continue
            header = r < hr or c < hc
            cell_fill = header_hex if header else (stripe_hex if stripe_hex and (r - hr) % 2 == 1 else fill_hex)
            ink = color if color is not None and not header else _contrast(rec, cell_fill)
            rec.text(content, xs[c] + pad, ys[r] + pad, widths[c] - 2 * pad, heights[r] - 2 * pad, size=size, min_size=min_size,
                     font=font, bold=header, color=ink, align=align, valign=valign)
    return ""


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
    x, y, w, h = _num(x, "x"), _num(y, "y"), _num(w, "w"), _num(h, "h")
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
        text_size = _num(size, "size") if size is not None else max(3.0, min(24.0, d * 72 / 25.4 * 0.42))
        ink = color if color is not None and str(number) not in marked else _contrast(rec, cell_fill)
        rec.text(str(number), cx + (cw - box) / 2, cy + (ch - box) / 2, box, box, size=text_size, min_size=min(text_size, 3.0),
                 font=font, bold=True, color=ink, align="center", valign="middle")
    return ""


def zone(rec, x, y, w, h, label="", fill=None, stroke=None, dash=None, radius=2, size=10, color=None, stroke_width=0.5,
         bold=True, align="center", font="body"):
    """A labelled area: a (rounded, dashed) box with its label along the top inside."""
    x, y, w, h = _num(x, "x"), _num(y, "y"), _num(w, "w"), _num(h, "h")
    stroke = _ink(rec) if stroke is None else stroke
    rec.rect(x, y, w, h, fill=fill, stroke=stroke, stroke_width=stroke_width, radius=radius, dash=dash)
    label = _cell_text(label)
    if label:
        pad = max(1.5, min(_num(radius, "radius") * 0.6, 4.0))
        ink = color if color is not None else (rec._colour(stroke) or _contrast(rec, rec._colour(fill)))
        rec.text(label, x + pad, y + pad, w - 2 * pad, h - 2 * pad, size=size, min_size=min(_num(size, "size"), 5.0),
                 font=font, bold=bold, color=ink, align=align, valign="top")
    return ""


def _points(points) -> list[tuple[float, float]]:
    try:
        pts = [(_num(p[0], "x"), _num(p[1], "y")) for p in points]
    except (TypeError, IndexError, KeyError):
        raise LayoutError("path points must be a list of [x, y] pairs", "path") from None
    if len(pts) < 2:
        raise LayoutError("a path needs at least two points", "path")
    return pts


def path(rec, points, width=8, spaces=0, fill=None, stroke=None, node_r=0, stroke_width=0.5, space_fill=None):
    """A street along a polyline: a band `width` wide, `spaces` squares evenly spaced along it, and a circle of
    `node_r` at every vertex."""
    pts = _points(points)
    width, node_r = _num(width, "width"), _num(node_r, "node_r")
    spaces = _count(spaces, "spaces", 0, MAX_TRACK)
    fill = "#d9d9d9" if fill is None else fill
    stroke = _ink(rec) if stroke is None else stroke
    segments = []
    for (ax, ay), (bx, by) in zip(pts, pts[1:]):
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
    total = sum(s[4] for s in segments)
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


# Rendering a board ------------------------------------------------------------------
def decks_fields(game) -> Fields:
    """`decks.<id>` for board and token templates: id, name, total and the cards' fields."""
    return Fields({d.id: {"id": d.id, "name": d.name, "total": d.total, "cards": list(c.fields for c in d.cards)} for d in game.decks.values()}, "decks")


def render_board(engine, game, spec, raw, ink_saver: bool = False) -> Face:
    """Render one board's template into a Face (bleed 0); call engine.use_game(game) first. Raises PnpError."""
    from pnp.build import face_context

    w, h = spec.size
    ctx = face_context(game, Fields({}, "deck"), raw, "board", w, h, 0.0, "front", ink_saver,
                       extra={"board": Fields(raw, "board"), "decks": decks_fields(game)})
    return engine.layouts.render(spec.template, ctx, w, h, 0.0, f"boards/{spec.id}", raw.loc_of("template"), game.slug)


def _overlap(raw, game, findings) -> float:
    value = raw.get("overlap", DEFAULT_OVERLAP_MM)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 40:
        findings.append(error("board-overlap", f"overlap must be a number of mm from 0 to 40, got {value!r}", raw.loc_of("overlap"), game=game.slug, component=f"boards/{raw.get('id')}"))
        return DEFAULT_OVERLAP_MM
    return float(value)


def build_boards(engine, game, options):
    """Board PDFs of a game: ([(file name, bytes, stats)], findings)."""
    if not game.boards or not game.boards_data:
        return [], []
    engine.use_game(game)
    findings, boards = [], []
    for spec, raw in zip(game.boards.boards, game.boards_data["boards"]):
        overlap = _overlap(raw, game, findings)
        try:
            face = render_board(engine, game, spec, raw, options.ink_saver)
        except PnpError as exc:
            findings += exc.findings
            continue
        boards.append((spec, face, overlap))
    if findings:
        return [], findings
    paper = options.board_paper or options.paper
    try:
        data, pages = _BoardsPdf(engine, game, paper, options.ink_saver, stack=not options.board_paper).write(boards)
    except ValueError as exc:
        return [], [error("board-fit", str(exc), Loc(game.rel + "/boards.yaml"), game=game.slug)]
    name = f"{game.slug}-boards-{options.board_paper}.pdf" if options.board_paper else f"{game.slug}-boards.pdf"
    return [(name, data, {"pages": pages, "pieces": len(boards)})], []


# The boards PDF ------------------------------------------------------------------------
MARK_UM = um(3.5)  # crosshair arm: 7 mm across, inside a 10 mm overlap strip
MARK_CIRCLE_UM = um(2)
CROP_GAP_UM, CROP_LEN_UM = um(1), um(5)
GRID_COLOUR = "#c0392b"
FURNITURE_SIZE = 6.5  # pt


class _BoardsPdf:
    """Writes every board of a game into one PDF: single pages, or an assembly map and tiles."""

    def __init__(self, engine, game, paper: str, ink_saver: bool = False, stack: bool = True):
        self.engine, self.game, self.paper, self.ink_saver, self.stack = engine, game, paper, ink_saver, stack
        self.font = engine.body_font(game)
        self.bold = engine.fonts.font_name(engine.layouts.family("body"), bold=True)
        self.pages = 0
        self.c = None

    def write(self, boards) -> tuple[bytes, int]:
        layouts = []
        for spec, face, overlap in boards:
            page = fits_page(spec.size, self.paper)
            layouts.append((spec, face, page, None if page else plan_tiles(spec.size, self.paper, overlap)))
        _, _, page, plan = layouts[0]
        first = page or (plan.page_w, plan.page_h)
        self.c, buf = new_canvas((pt(first[0]), pt(first[1])), self.font, f"{self.game.title} — boards", "boards for print and play")
        if self.ink_saver:
            from pnp.inksaver import lighten_face

            self.drawer = FaceDrawer(self.c, self.engine.layouts.icons, face_filter=lighten_face)
        else:
            self.drawer = FaceDrawer(self.c, self.engine.layouts.icons)
        run: list = []  # boards that fit a page, waiting to be stacked on shared pages
        for spec, face, page, plan in layouts + [(None, None, None, None)]:
            if spec is not None and plan is None:
                run.append((spec, self.drawer.form(face)))
                continue
            if run:
                # home paper: small boards share sheets; a copy shop's large sheet holds one board each
                for page_size, placed in stack_pages([s.size for s, _ in run], self.paper, share=self.stack):
                    self._stack(page_size, [(run[i][0], run[i][1], left, bottom) for i, left, bottom in placed])
                run = []
            if spec is not None:
                form = self.drawer.form(face)  # drawn once, placed on the map and every tile
                self._map(spec, form, plan, f"board-{spec.id}")
                for tile in plan.tiles:
                    self._tile(spec, form, plan, tile)
        self.drawer.shared.finish()
        self.c.save()
        return buf.getvalue(), self.pages

    # pages -----------------------------------------------------------------
    def _begin(self, page_w: int, page_h: int, key: str | None = None, title: str = "") -> None:
        self.c.setPageSize((pt(page_w), pt(page_h)))
        if key:
            self.c.bookmarkPage(key)
            self.c.addOutlineEntry(title, key, level=0)

    def _end(self, page_w: int, page_h: int, footer: str) -> None:
        draw_footer(self.c, page_w, page_h, "bottom", footer, self.font, scale_bar=self.pages == 0)
        self.c.showPage()
        self.pages += 1

    def _stack(self, page: tuple[int, int], boards: list) -> None:
        """A page of whole boards, (spec, form, left, bottom) each, with crop marks at every board's corners."""
        page_w, page_h = page
        self._begin(page_w, page_h)
        for spec, form, left, bottom in boards:
            self.c.bookmarkPage(f"board-{spec.id}")
            self.c.addOutlineEntry(spec.name, f"board-{spec.id}", level=0)
            bw, bh = (um(v) for v in spec.size)
            self.drawer.place(form, pt(left), pt(bottom))
            self._crop_corners(left, bottom, bw, bh, [(0, 0), (1, 0), (0, 1), (1, 1)])
        names = ", ".join(f"{spec.name} · {spec.size[0]:g} × {spec.size[1]:g} mm" for spec, _, _, _ in boards)
        self._end(page_w, page_h, f"{self.game.title} · {names} · print at 100% / actual size")

    def _map(self, spec, form: str, plan: TilePlan, key: str) -> None:
        """The first page of a tiled board: the whole board scaled down, the tile grid and labels over it, how to assemble."""
        c = self.c
        page_w, page_h = plan.page_w, plan.page_h
        self._begin(page_w, page_h, key, spec.name)
        top = page_h - MARGIN_UM
        c.setFillColor("#000000")
        c.setFont(self.bold, 13)
        c.drawString(pt(MARGIN_UM), pt(top - um(5)), f"{spec.name}: assembly map")
        c.setFont(self.font, 8.5)
        orientation = "landscape" if plan.landscape else "portrait"
        c.drawString(pt(MARGIN_UM), pt(top - um(10)), f"{spec.size[0]:g} × {spec.size[1]:g} mm on {plan.cols} × {plan.rows} = {plan.pages} {self.paper} pages ({orientation}), "
                     f"{plan.overlap / 1000:g} mm overlap. Print every page at 100% / actual size.")
        legend_h = um(24)
        area_x, area_y = MARGIN_UM, MARGIN_UM + legend_h
        area_w, area_h = page_w - 2 * MARGIN_UM, top - um(14) - area_y
        s = min(area_w / plan.board_w, area_h / plan.board_h)
        ox = area_x + (area_w - plan.board_w * s) / 2
        oy = area_y + (area_h - plan.board_h * s) / 2
        c.saveState()
        c.translate(pt(ox), pt(oy))
        c.scale(s, s)
        c.doForm(form)
        c.restoreState()
        c.saveState()
        c.setStrokeColor("#000000")
        c.setLineWidth(0.5)
        c.rect(pt(ox), pt(oy), pt(plan.board_w * s), pt(plan.board_h * s), stroke=1, fill=0)
        c.setStrokeColor(GRID_COLOUR)
        c.setLineWidth(1)
        for t in plan.tiles:
            c.rect(pt(ox + t.x * s), pt(oy + (plan.board_h - t.y - t.h) * s), pt(t.w * s), pt(t.h * s), stroke=1, fill=0)
        size = max(8.0, min(28.0, pt(min(t.w for t in plan.tiles) * s) / 4))
        for t in plan.tiles:
            x0, y0, x1, y1 = plan.visible(t)
            cx, cy = pt(ox + (x0 + x1) / 2 * s), pt(oy + (plan.board_h - (y0 + y1) / 2) * s)
            width = c.stringWidth(t.label, self.bold, size) + size * 0.6
            c.setFillColor("#ffffff")
            c.setFillAlpha(0.85)
            c.roundRect(cx - width / 2, cy - size * 0.65, width, size * 1.3, size * 0.2, stroke=0, fill=1)
            c.setFillAlpha(1)
            c.setFillColor(GRID_COLOUR)
            c.setFont(self.bold, size)
            c.drawCentredString(cx, cy - size * 0.35, t.label)
        c.restoreState()
        steps = [
            "1. Cut each tile along its outer board edges (the corner marks show them).",
            "2. On every tile with a neighbour to its left or above, cut along the dashed line through the crosshairs: the strip beyond it is waste.",
            "3. Lay each tile over its left and upper neighbours so the crosshairs meet, and glue. Labels in the strips name each neighbour.",
        ]
        c.setFillColor("#000000")
        c.setFont(self.font, 8)
        for i, line in enumerate(steps):
            c.drawString(pt(MARGIN_UM), pt(MARGIN_UM + legend_h - um(6) - i * um(4.2)), line)
        self._end(page_w, page_h, f"{self.game.title} · {spec.name} · assembly map · print at 100% / actual size")

    def _tile(self, spec, form: str, plan: TilePlan, tile) -> None:
        c = self.c
        self._begin(plan.page_w, plan.page_h)
        c.saveState()
        clip = c.beginPath()
        clip.rect(pt(tile.left), pt(tile.bottom), pt(tile.w), pt(tile.h))
        c.clipPath(clip, stroke=0, fill=0)
        self.drawer.place(form, *(pt(v) for v in plan.origin(tile)))
        c.restoreState()
        neighbours = plan.neighbours(tile)
        half = plan.overlap // 2
        for seam in plan.seams_of(tile):
            cut_side = seam.second is tile  # this tile is cut along the seam and laid over its neighbour
            other = seam.first if cut_side else seam.second
            if seam.axis == "x":
                a, b = tile.to_page(seam.cut, seam.start), tile.to_page(seam.cut, seam.end)
            else:
                a, b = tile.to_page(seam.start, seam.cut), tile.to_page(seam.end, seam.cut)
            self._cut_line(a, b, dashed=cut_side)
            # the label sits in the waste half of the strip: cut off (this tile) or covered (its neighbour)
            mid = (seam.start + seam.end) / 2
            if seam.axis == "x":
                wx = seam.cut - half / 2 if cut_side else seam.cut + half / 2
                centre, vertical = tile.to_page(wx, mid), True
                outward = -1 if cut_side else 1
            else:
                wy = seam.cut - half / 2 if cut_side else seam.cut + half / 2
                centre, vertical = tile.to_page(mid, wy), False
                outward = 1 if cut_side else -1  # page y runs up: the upper neighbour is +y
            text = f"{tile.label}: cut here, lay over {other.label}" if cut_side else f"{tile.label}: glue {other.label} over this strip"
            self._marker(centre, vertical, outward, text, min(um(3.8), max(um(2.5), half - um(1))))
        for seam in plan.seams_of(tile):
            for m in seam.marks:
                self._crosshair(*tile.to_page(*m))
        corners = [(cx, cy) for cx, side_x in ((0, "left"), (1, "right")) for cy, side_y in ((0, "bottom"), (1, "top"))
                   if side_x not in neighbours and side_y not in neighbours]
        self._crop_corners(tile.left, tile.bottom, tile.w, tile.h, corners)
        where = ", ".join(f"{side} {t.label}" for side, t in neighbours.items())
        self._end(plan.page_w, plan.page_h, f"{self.game.title} · {spec.name} · tile {tile.label} of {plan.cols} × {plan.rows} · neighbours: {where} · print at 100% / actual size")

    # furniture -------------------------------------------------------------
    def _crosshair(self, x: float, y: float) -> None:
        """A registration crosshair centred on (x, y) µm: a white halo under a thin black cross and circle."""
        c = self.c
        c.saveState()
        for colour, width in (("#ffffff", 1.1), ("#000000", 0.3)):
            c.setStrokeColor(colour)
            c.setLineWidth(width)
            c.line(pt(x - MARK_UM), pt(y), pt(x + MARK_UM), pt(y))
            c.line(pt(x), pt(y - MARK_UM), pt(x), pt(y + MARK_UM))
            c.circle(pt(x), pt(y), pt(MARK_CIRCLE_UM), stroke=1, fill=0)
        c.restoreState()

    def _cut_line(self, a, b, dashed: bool) -> None:
        """The seam's middle line: dashed where this tile is cut, dotted where the neighbour's cut edge will lie."""
        c = self.c
        c.saveState()
        c.setLineWidth(0.4 if dashed else 0.3)
        c.setStrokeColor("#000000" if dashed else "#7f7f7f")
        c.setDash([4, 2] if dashed else [0.6, 1.8])
        c.line(pt(a[0]), pt(a[1]), pt(b[0]), pt(b[1]))
        c.restoreState()

    def _marker(self, centre, vertical: bool, outward: int, text: str, thickness: int) -> None:
        """A small box in the waste strip: an arrow to the neighbour and what to do with this strip."""
        c = self.c
        size = FURNITURE_SIZE
        arrow = pt(thickness) * 0.42
        length = c.stringWidth(text, self.font, size) + 4 * arrow
        across = pt(thickness)
        c.saveState()
        c.translate(pt(centre[0]), pt(centre[1]))
        if vertical:
            c.rotate(90)  # reads bottom to top; the neighbour (page x) lies along local −y for outward = +1
            outward = -outward
        c.setFillColor("#ffffff")
        c.setStrokeColor("#7f7f7f")
        c.setLineWidth(0.3)
        c.roundRect(-length / 2, -across / 2, length, across, across * 0.25, stroke=1, fill=1)
        c.setFillColor("#000000")
        ax = -length / 2 + 1.6 * arrow
        p = c.beginPath()
        p.moveTo(ax - arrow, -outward * arrow * 0.6)
        p.lineTo(ax + arrow, -outward * arrow * 0.6)
        p.lineTo(ax, outward * arrow)
        p.close()
        c.drawPath(p, stroke=0, fill=1)
        c.setFont(self.font, size)
        c.drawString(ax + 1.6 * arrow, -size * 0.35, text)
        c.restoreState()

    def _crop_corners(self, left: int, bottom: int, w: int, h: int, corners) -> None:
        """Crop marks outside the given corners of a board rectangle (µm), in the page margin."""
        c = self.c
        c.saveState()
        c.setLineWidth(0.3)
        c.setStrokeColor("#000000")
        for fx, fy in corners:
            x = left + fx * w
            y = bottom + fy * h
            sx = 1 if fx else -1
            sy = 1 if fy else -1
            room_x = (left if not fx else self._page_w() - (left + w)) - CROP_GAP_UM
            room_y = (bottom if not fy else self._page_h() - (bottom + h)) - CROP_GAP_UM
            lx, ly = min(CROP_LEN_UM, room_x - um(0.5)), min(CROP_LEN_UM, room_y - um(0.5))
            if lx >= um(1.5):
                c.line(pt(x + sx * CROP_GAP_UM), pt(y), pt(x + sx * (CROP_GAP_UM + lx)), pt(y))
            if ly >= um(1.5):
                c.line(pt(x), pt(y + sy * CROP_GAP_UM), pt(x), pt(y + sy * (CROP_GAP_UM + ly)))
        c.restoreState()

    def _page_w(self) -> int:
        return round(self.c._pagesize[0] * 25400 / 72)

    def _page_h(self) -> int:
        return round(self.c._pagesize[1] * 25400 / 72)
