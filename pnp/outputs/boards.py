"""Boards: the boards PDF.

A board is a Face like a card (its template may use the helpers of
pnp.layout.helpers). A board renders once, is drawn once as a form, and is
placed on every page that shows it: centred on one page when it fits the
printable area, otherwise on an assembly map and a grid of overlapping tiles
(geometry in pnp.render.tiling), or 1:1 on one large sheet with --board-paper.
"""
from __future__ import annotations

from pathlib import Path

from reportlab.lib.utils import simpleSplit

from pnp.core.errors import Finding, Loc, PnpError, error
from pnp.core.spooled import PdfFile
from pnp.core.units import DEFAULT_PRINTABLE_MM, pt, um, value_as_written
from pnp.data.fields import Fields
from pnp.data.words import sheet_words
from pnp.layout import rl, rl_stream
from pnp.layout.elements import Face
from pnp.layout.inspect import face_bounds
from pnp.outputs.context import GameContext, decks_fields, face_context, spool_path
from pnp.outputs.options import Options
from pnp.outputs.stats import FileStats
from pnp.render.draw import FaceDrawer
from pnp.render.pdf import draw_footer, draw_line, new_canvas
from pnp.render.tiling import CORNER_GAP_UM, CORNER_MARK_UM, DEFAULT_OVERLAP_MM, FOOTER_ROOM_UM, Insets, KeepOff, TilePlan, fits_page, plan_tiles, stack_pages


# Rendering a board ------------------------------------------------------------------
def render_board(gctx: GameContext, spec, raw, ink_saver: bool = False, bleed: float = 0.0) -> Face:
    """Render one board's template into a Face. Raises PnpError.

    Home sheets print a board without bleed (its corner marks show the trim);
    print services and print-on-demand ask for art past the trim (`bleed` mm)."""
    game = gctx.game
    w, h = spec.size
    ctx = face_context(game, Fields({}, "deck"), raw, "board", w, h, bleed, "front", ink_saver,
                       extra={"board": Fields(raw, "board"), "decks": decks_fields(game, gctx.card_reads)})
    return gctx.layouts.render(spec.template, ctx, w, h, bleed, f"boards/{spec.id}", raw.loc_of("template"), game.slug)


def keep_off(face: Face) -> tuple[KeepOff, ...]:
    """What a board's tile seams keep their cut lines off, in board mm: every run of text (title, rules, a map's labels,
    and ornamental numerals too: a word cut in two and glued back never lines up) and every map cell (a hexgrid's or
    squaregrid's: a seam along the cells' outlines leaves them whole)."""
    return tuple(KeepOff(*box[1:], box[0]) for box in face_bounds(face.elements) if box[0] in ("text", "cell"))


def seam_notes(spec, raw, face: Face, plan: TilePlan, paper: str, game) -> list[Finding]:
    """A warning for the text a tile seam still crosses (no shift of the grid within its slack could avoid it): a word cut
    in two and glued back never lines up, so it must not pass as a note."""
    if not plan.crossed:
        return []
    boxes = keep_off(face)
    where = "; ".join(f"{b.x0:.0f}–{b.x1:.0f} × {b.y0:.0f}–{b.y1:.0f} mm" for b in (boxes[i] for i in plan.crossed[:4]))
    more = f" and {len(plan.crossed) - 4} more" if len(plan.crossed) > 4 else ""
    message = (f"a tile seam crosses {len(plan.crossed)} text run(s) of board '{spec.id}' ({where}{more}, from the board's top-left): "
               f"no shift of its {plan.cols} × {plan.rows} {paper} tiles within their slack keeps every cut line off text; "
               f"move the text off the cut lines the assembly map shows (the board's template or data)")
    return [Finding("warning", "board-seam-text", message, raw.loc_of("size"), game=game.slug, component=f"boards/{spec.id}")]


def margin_notes(spec, raw, face: Face, overlap: float, pdf, printable_mm: float, game) -> list[Finding]:
    """A note for a board the printer profile's margin tiles otherwise than the default margin does: the pages it takes
    now and at the default, so a profile that turns 9 pages into 12 says so where the board is declared (and one that
    turns 2 into 1 says its printable area is larger)."""
    if abs(printable_mm - DEFAULT_PRINTABLE_MM) < 1e-9:
        return []
    default = Insets.for_printer()
    plan = pdf.plans.get(spec.id)
    before = 1 if fits_page(spec.size, pdf.paper, default) else plan_tiles(spec.size, pdf.paper, overlap, default, keep_off=keep_off(face)).pages
    now = plan.pages if plan is not None else 1
    if now == before:
        return []
    message = (f"board '{spec.id}' tiles on {now} {pdf.paper} page{'s' if now != 1 else ''} with this printer's {printable_mm:.2f} mm margin, "
               f"{before} with the default {DEFAULT_PRINTABLE_MM:.2f} mm: the printable area is "
               + ("smaller (the assembly map shows the tiles)" if now > before else "larger"))
    return [Finding("note", "board-tiling-margin", message, raw.loc_of("size"), game=game.slug, component=f"boards/{spec.id}")]


def _overlap(raw, game, findings) -> float:
    value = raw.get("overlap", DEFAULT_OVERLAP_MM)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 40:
        findings.append(error("board-overlap", f"overlap must be a number of mm from 0 to 40, got {value_as_written(value)}", raw.loc_of("overlap"), game=game.slug, component=f"boards/{raw.get('id')}"))
        return DEFAULT_OVERLAP_MM
    return float(value)


def build_boards(gctx: GameContext, options: Options):
    """Board PDFs of a game: ([(file name, bytes, stats)], findings)."""
    game = gctx.game
    if not game.boards or not game.boards_data:
        return [], []
    findings, boards = [], []
    for spec, raw in zip(game.boards.boards, game.boards_data["boards"], strict=False):
        overlap = _overlap(raw, game, findings)
        try:
            face = render_board(gctx, spec, raw, options.ink_saver)
        except PnpError as exc:
            findings += exc.findings
            continue
        boards.append((spec, face, overlap, raw))
    if findings:
        return [], findings
    paper = options.board_paper or options.paper
    name = f"{game.slug}-boards-{options.board_paper}.pdf" if options.board_paper else f"{game.slug}-boards.pdf"
    pdf = _BoardsPdf(gctx, paper, options.ink_saver, stack=not options.board_paper, insets=Insets.for_printer(options.printable_mm),
                     draft=options.draft, spool_to=spool_path(gctx, name))
    try:
        data, pages = pdf.write([board[:3] for board in boards])
    except ValueError as exc:
        return [], [error("board-fit", str(exc), Loc(game.rel + "/boards.yaml"), game=game.slug)]
    notes = [note for spec, face, _, raw in boards if spec.id in pdf.plans for note in seam_notes(spec, raw, face, pdf.plans[spec.id], paper, game)]
    notes += [note for spec, face, overlap, raw in boards for note in margin_notes(spec, raw, face, overlap, pdf, options.printable_mm, game)]
    return [(name, data, FileStats(pages, len(boards)))], notes


# The boards PDF ------------------------------------------------------------------------
MARK_UM = um(3.5)  # crosshair arm: 7 mm across, inside a 10 mm overlap strip
MARK_CIRCLE_UM = um(2)
HIDDEN_UM = um(0.5)  # a crosshair keeps this far off the cut line, on the side assembly hides: a hand cut lands up to 0.5 mm off
CROP_GAP_UM, CROP_LEN_UM = CORNER_GAP_UM, CORNER_MARK_UM
GRID_COLOUR = "#c0392b"
FURNITURE_SIZE = 6.5  # pt
MAP_BAND_UM = um(7)  # the strips above and beside the map's board that hold its column numbers and row letters
MAP_LABEL_SIZE = 11.0  # pt
MAP_KEY_MAX_W_UM = um(40)
MAP_KEY_MIN_SIZE = 6.0  # pt: the smallest size a label on the map may take, so it reads at arm's length


class _BoardsPdf:
    """Writes every board of a game into one PDF: single pages, or an assembly map and tiles."""

    def __init__(self, gctx: GameContext, paper: str, ink_saver: bool = False, stack: bool = True, insets: Insets | None = None, draft: bool = False,
                 spool_to: Path | None = None):
        self.spool_to = spool_to  # the output's path: a PDF of many pictures is written beside it as it is made (pnp.layout.rl_stream)
        self.gctx, self.game, self.paper, self.ink_saver, self.stack = gctx, gctx.game, paper, ink_saver, stack
        self.draft = draft  # every footer starts DRAFT: art may be placeholders
        self.insets = insets or Insets.for_printer()
        self.font = gctx.body_font
        self.bold = gctx.fonts.font_name(gctx.layouts.family("body"), bold=True)
        self.pages = 0
        self.plans: dict[str, TilePlan] = {}  # board id → its tile plan, for the boards that are tiled
        self.c = None

    def write(self, boards) -> tuple[bytes | PdfFile, int]:
        layouts = []
        for spec, face, overlap in boards:
            page = fits_page(spec.size, self.paper, self.insets)
            plan = None if page else plan_tiles(spec.size, self.paper, overlap, self.insets, keep_off=keep_off(face))
            if plan is not None:
                self.plans[spec.id] = plan
            layouts.append((spec, face, page, plan))
        _, _, page, plan = layouts[0]
        first = page or (plan.page_w, plan.page_h)
        self.c, buf = new_canvas((pt(first[0]), pt(first[1])), self.font, f"{self.game.title} — boards", "boards for print and play",
                                 self.gctx.fonts.fallback_for, spool_to=self.spool_to)
        if self.ink_saver:
            from pnp.render.inksaver import lighten_face

            self.drawer = FaceDrawer(self.c, self.gctx.icons, face_filter=lighten_face)
        else:
            self.drawer = FaceDrawer(self.c, self.gctx.icons)
        run: list = []  # boards that fit a page, waiting to be stacked on shared pages
        for spec, face, _page, plan in [*layouts, (None, None, None, None)]:
            if spec is not None and plan is None:
                run.append((spec, self.drawer.form(face)))
                continue
            if run:
                # home paper: small boards share sheets; a copy shop's large sheet holds one board each
                for page_size, placed in stack_pages([s.size for s, _ in run], self.paper, share=self.stack, insets=self.insets):
                    self._stack(page_size, [(run[i][0], run[i][1], left, bottom) for i, left, bottom in placed])
                run = []
            if spec is not None:
                self._map(spec, face, plan, f"board-{spec.id}")
                form = self.drawer.form(face)  # drawn once, placed on every tile
                for tile in plan.tiles:
                    self._tile(spec, form, plan, tile)
        self.drawer.shared.finish()
        return rl_stream.finished(self.c, buf), self.pages

    # pages -----------------------------------------------------------------
    def _begin(self, page_w: int, page_h: int, key: str | None = None, title: str = "") -> None:
        self.c.setPageSize((pt(page_w), pt(page_h)))
        if key:
            self.c.bookmarkPage(key)
            self.c.addOutlineEntry(title, key, level=0)

    def _end(self, page_w: int, page_h: int, footer: str) -> None:
        footer = f"DRAFT · {footer}" if self.draft else footer
        words = sheet_words(self.game)
        draw_footer(self.c, page_w, page_h, "bottom", footer, self.font, scale_bar=self.pages == 0, limit=self.insets.limit, keep=words.actual_size,
                    scale_label=words.scale)
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
            self._crop_corners(left, bottom, bw, bh, {"left", "right", "bottom", "top"})
        names = ", ".join(f"{spec.name} · {spec.size[0]:g} × {spec.size[1]:g} mm" for spec, _, _, _ in boards)
        self._end(page_w, page_h, f"{self.game.title} · {names}")

    def _map(self, spec, face, plan: TilePlan, key: str) -> None:
        """The first page of a tiled board: the whole board scaled down with its cut lines, and how to assemble.

        Nothing covers the board's picture but the red cut lines: column numbers
        stand above it and row letters beside it, as on a street map, and a key
        beside the steps names every tile as its page footer does."""
        c = self.c
        page_w, page_h = plan.page_w, plan.page_h
        margin = self.insets.side
        top = page_h - margin
        legend_h = um(30)
        area_x, area_y = margin + MAP_BAND_UM, self.insets.bottom + legend_h
        area_w, area_h = page_w - margin - area_x, top - um(14) - MAP_BAND_UM - area_y
        s = min(area_w / plan.board_w, area_h / plan.board_h)
        form = self.drawer.form(face, s)  # the board as it prints this small: hairlines kept, small text as placeholder bars
        self._begin(page_w, page_h, key, spec.name)
        c.setFillColor("#000000")
        c.setFont(self.bold, 13)
        draw_line(c, pt(margin), pt(top - um(5)), f"{spec.name}: {sheet_words(self.game).assembly_map}", self.bold, 13)  # its words in any script
        c.setFont(self.font, 8.5)
        orientation = "landscape" if plan.landscape else "portrait"
        c.drawString(pt(margin), pt(top - um(10)), f"{spec.size[0]:g} × {spec.size[1]:g} mm on {plan.cols} × {plan.rows} = {plan.pages} {self.paper} pages ({orientation}), "
                     f"{plan.overlap / 1000:g} mm overlap. Print every page at 100% / actual size.")
        ox = area_x + (area_w - plan.board_w * s) / 2
        oy = area_y + (area_h - plan.board_h * s) / 2
        c.saveState()
        c.translate(pt(ox), pt(oy))
        c.scale(s, s)
        c.doForm(form)
        c.restoreState()
        self._map_grid(plan, ox, oy, s)
        key_w = self._map_key(plan, page_w - margin, self.insets.bottom + legend_h - um(3), legend_h - um(5))
        steps = [
            "1. Cut each tile along its outer board edges (the corner marks show them).",
            "2. On every tile with a neighbour to its left or above, cut along the dashed line through the crosshairs: the strip beyond it is waste.",
            "3. Lay each tile over its left and upper neighbours so the crosshairs meet, and glue. Labels in the strips name each neighbour.",
            "Tile B2 is row B, column 2; each page’s footer names its tile.",
        ]
        c.setFillColor("#000000")
        c.setFont(self.font, 8)
        width = pt(page_w - 2 * margin - key_w - um(6))
        lines = [line for step in steps for line in simpleSplit(step, self.font, 8, width)]
        for i, line in enumerate(lines):
            c.drawString(pt(margin), pt(self.insets.bottom + legend_h - um(6) - i * um(3.8)), line)
        self._end(page_w, page_h, f"{self.game.title} · {spec.name} · {sheet_words(self.game).assembly_map}")

    def _map_grid(self, plan: TilePlan, ox: float, oy: float, s: float) -> None:
        """The board's outline and cut lines over the scaled board, and the column numbers and row letters outside it."""
        c = self.c
        bw, bh = plan.board_w * s, plan.board_h * s
        c.saveState()
        c.setStrokeColor("#000000")
        c.setLineWidth(0.5)
        c.rect(pt(ox), pt(oy), pt(bw), pt(bh), stroke=1, fill=0)
        c.setStrokeColor(GRID_COLOUR)
        c.setLineWidth(1)
        band = MAP_BAND_UM
        for seam in plan.seams():
            if seam.axis == "x" and seam.first.row == 0:  # one line per column boundary, through the header band too
                x = ox + seam.cut * s
                c.line(pt(x), pt(oy), pt(x), pt(oy + bh + band))
            elif seam.axis == "y" and seam.first.col == 0:
                y = oy + (plan.board_h - seam.cut) * s
                c.line(pt(ox - band), pt(y), pt(ox + bw), pt(y))
        c.setFillColor(GRID_COLOUR)
        c.setFont(self.bold, MAP_LABEL_SIZE)
        for t in plan.tiles:
            x0, y0, x1, y1 = plan.visible(t)
            if t.row == 0:
                c.drawCentredString(pt(ox + (x0 + x1) / 2 * s), pt(oy + bh + band / 2) - MAP_LABEL_SIZE * 0.35, str(t.col + 1))
            if t.col == 0:
                c.drawCentredString(pt(ox - band / 2), pt(oy + (plan.board_h - (y0 + y1) / 2) * s) - MAP_LABEL_SIZE * 0.35, t.label[:-len(str(t.col + 1))])
        c.restoreState()

    def _map_key(self, plan: TilePlan, right: int, top: int, height: int) -> int:
        """A small grid of the tiles, each cell named as its page's footer names it, right-aligned at (right, top); returns its width."""
        c = self.c
        scale = min(MAP_KEY_MAX_W_UM / plan.board_w, height / plan.board_h)
        w, h = plan.board_w * scale, plan.board_h * scale
        left, bottom = right - w, top - h
        c.saveState()
        c.setStrokeColor(GRID_COLOUR)
        c.setLineWidth(0.6)
        c.setFillColor("#ffffff")
        c.rect(pt(left), pt(bottom), pt(w), pt(h), stroke=1, fill=1)
        c.setFillColor(GRID_COLOUR)
        for t in plan.tiles:
            x0, y0, x1, y1 = plan.visible(t)
            cw, ch = (x1 - x0) * scale, (y1 - y0) * scale
            if x0 > 0:
                c.line(pt(left + x0 * scale), pt(top - y0 * scale), pt(left + x0 * scale), pt(top - y1 * scale))
            if y0 > 0:
                c.line(pt(left + x0 * scale), pt(top - y0 * scale), pt(left + x1 * scale), pt(top - y0 * scale))
            size = max(MAP_KEY_MIN_SIZE, min(9.0, pt(ch) * 0.6, pt(cw) / (0.7 * len(t.label))))
            c.setFont(self.bold, size)
            c.drawCentredString(pt(left + (x0 + x1) / 2 * scale), pt(top - (y0 + y1) / 2 * scale) - size * 0.35, t.label)
        c.restoreState()
        return round(w)

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
            self._crosshairs(tile, seam)
        # every board edge on this tile is a cut line: marks at both its ends (a seam is cut along its dashed line instead)
        self._crop_corners(tile.left, tile.bottom, tile.w, tile.h, {side for side in ("left", "right", "bottom", "top") if side not in neighbours})
        where = ", ".join(f"{side} {t.label}" for side, t in neighbours.items())
        self._end(plan.page_w, plan.page_h, f"{self.game.title} · {spec.name} · tile {tile.label} of {plan.cols} × {plan.rows} · neighbours: {where}")

    # furniture -------------------------------------------------------------
    def _crosshairs(self, tile, seam) -> None:
        """The seam's crosshairs, clipped to what assembly hides on this tile: on the tile laid over, the waste it is cut
        free of; on the tile under, the strip its neighbour covers. Each keeps HIDDEN_UM clear of the cut line, so a cut
        that lands off it by that much still shows no mark on the assembled board."""
        lo, hi = (seam.cut - um(10), seam.cut - HIDDEN_UM) if seam.second is tile else (seam.cut + HIDDEN_UM, seam.cut + um(10))
        if seam.axis == "x":
            (x0, y0), (x1, y1) = tile.to_page(lo, seam.start), tile.to_page(hi, seam.end)
        else:
            (x0, y0), (x1, y1) = tile.to_page(seam.start, lo), tile.to_page(seam.end, hi)
        c = self.c
        c.saveState()
        clip = c.beginPath()
        clip.rect(pt(min(x0, x1)), pt(min(y0, y1)), pt(abs(x1 - x0)), pt(abs(y1 - y0)))
        c.clipPath(clip, stroke=0, fill=0)
        for m in seam.marks:
            self._crosshair(*tile.to_page(*m))
        c.restoreState()

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

    def _crop_corners(self, left: int, bottom: int, w: int, h: int, edges: set) -> None:
        """Crop marks continuing the board's cut `edges` ('left', 'right', 'bottom', 'top') of a rectangle (µm) past its corners,
        in the page margin, inside the printable limit and above the footer."""
        c = self.c
        c.saveState()
        c.setLineWidth(0.3)
        c.setStrokeColor("#000000")
        for fx, fy in ((0, 0), (1, 0), (0, 1), (1, 1)):
            x = left + fx * w
            y = bottom + fy * h
            sx = 1 if fx else -1
            sy = 1 if fy else -1
            room_x = (left if not fx else self._page_w() - (left + w)) - CROP_GAP_UM - self.insets.limit
            room_y = (bottom if not fy else self._page_h() - (bottom + h)) - CROP_GAP_UM - self.insets.limit - (0 if fy else FOOTER_ROOM_UM)
            lx, ly = min(CROP_LEN_UM, room_x), min(CROP_LEN_UM, room_y)
            if lx >= um(1.5) and ("top" if fy else "bottom") in edges:  # the horizontal edge, continued sideways
                c.line(pt(x + sx * CROP_GAP_UM), pt(y), pt(x + sx * (CROP_GAP_UM + lx)), pt(y))
            if ly >= um(1.5) and ("right" if fx else "left") in edges:  # the vertical edge, continued up or down
                c.line(pt(x), pt(y + sy * CROP_GAP_UM), pt(x), pt(y + sy * (CROP_GAP_UM + ly)))
        c.restoreState()

    def _page_w(self) -> int:
        return round(rl.page_size(self.c)[0] * 25400 / 72)

    def _page_h(self) -> int:
        return round(rl.page_size(self.c)[1] * 25400 / 72)
