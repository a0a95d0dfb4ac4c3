"""Sheet geometry: where each card goes on the paper, and where its back goes.

All arithmetic is in integer micrometres. A sheet is a grid centred on the
page; asked for no orientation, the one that holds more cards wins (which
pieces share a sheet, and the one orientation of a whole PDF, are decided in
packing.py). A band, rows of one size at a given height so several sizes
can share a page, is a Sheet too (bands.py). Backs are mirrored across
the page (not just the column order), so a grid with unequal margins still
lands each back behind its front.

A gutterfold sheet (`plan_fold_sheet`) holds fronts and backs on one side:
two mirrored grids either side of a centre fold line, each back the mirror
image of its front's slot, so folding the sheet puts every back behind its
front without a duplex printer.

Every sheet keeps a printer profile's printable margin (`printable`, µm) and
a tolerance inside it: no card, mark or footer is drawn closer to the paper's
edge than `limit`. Crop marks run from the grid towards that limit, always
outside the grid, never over a card. Where centring leaves neither margin of
an axis room for a mark of MIN_MARK_UM (3 × 3 poker on Letter leaves 6.35 mm
above and below the grid), the grid is moved against one limit so the other
margin holds the marks (`Sheet.lift`); where even that leaves too little, the
planner takes a smaller grid. A mark over a card's art, or on a back inside
the grid (where duplex drift would put it on some card's back), is never drawn.

With no printer profile's margin (the default 5 mm), a whole-sheet grid that
holds more cards the snug way is taken (`Sheet.snug`): nothing nearer the edge
than the 5 mm itself, which already sits past the 4.23 mm most lasers and the
3 mm most inkjets leave, and marks of SNUG_MARK_UM. That is the field's 3 × 3 of
poker and bridge cards on Letter (18 on tabloid): the grid 5.1 mm from the top
and 7.6 mm from the bottom, whose margin holds the vertical cut lines' 1.6 mm
marks, the top line's marks in the side margins, the footer up the side. A
saved profile's margin is a printer's measured one, kept with its tolerance.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import NamedTuple

from pnp.core.units import DEFAULT_PRINTABLE_MM, PRINT_TOLERANCE_MM, paper_size, um

MARK_WIDTH = 0.3  # pt: crop marks thin enough not to show after a good cut
MARK_GAP_UM = um(1.0)  # crop marks start this far outside the bleed
MARK_LEN_UM = um(5.0)  # 5 mm marks are easy to find with a ruler and knife
FOOTER_BAND_UM = um(3.0)  # the footer line (6.5 pt text, the scale bar's ticks), from the printable limit inwards
FOOTER_CLEAR_UM = um(1.0)  # between the footer band and the nearest mark or card
SIDE_FOOTER_CLEAR_UM = um(0.3)  # a footer up the side of a snug sheet, in from its limit (Sheet.footer_limit)
MIN_MARK_UM = um(2.0)  # the least mark a cut line needs to be found with a ruler
SNUG_MARK_UM = um(1.5)  # the least mark of a snug sheet (3 × 3 poker on Letter): still found with a ruler laid along the card's edge
FOOTER_MIN_SPAN_UM = um(120.0)  # the least length a footer between a cutting machine's marks takes: its words and the 50 mm scale bar
MIN_DRAWN_UM = um(1.0)  # a shorter outer mark is not drawn at all
TOLERANCE_UM = um(PRINT_TOLERANCE_MM)
LIMIT_SLACK_UM = um(0.1)  # a grid moved against the limit stays this far inside it
DEFAULT_PRINTABLE_UM = um(DEFAULT_PRINTABLE_MM)
# Left and right of a grid there is always room for marks that print: a row's last card may have no
# neighbour to share a corner tick with. Above and below, ticks between rows can stand in for them.
SIDE_MARK_UM = MARK_GAP_UM + MIN_MARK_UM
FOLD_CLEAR_UM = um(5.0)  # fold line to the nearest bleed: a fold a few mm off still misses the art
FOLD_MARK_UM = um(3.0)  # a mark towards the fold: its 1 mm gap and 3 mm end 1 mm short of the fold line


class Slot(NamedTuple):
    """A card's trim rectangle on a page, in µm from the page's bottom-left: a tuple, quick to make, hash and pickle."""

    x: int
    y: int
    w: int
    h: int


@dataclass(frozen=True)
class Sheet:
    """The grid of one paper, orientation, card size, gap and bleed."""

    page_w: int
    page_h: int
    card_w: int
    card_h: int
    cols: int
    rows: int
    gap: int  # between neighbouring trims
    bleed: int
    printable: int = DEFAULT_PRINTABLE_UM  # the printer's margin on every side
    lift: int = field(default=0, kw_only=True)  # µm the grid sits above the page's centre: the margin below it then holds the marks
    # a cutting machine's marks with their clearance, (x0, y0, x1, y1) µm from the bottom-left: no piece and no crop mark
    # on them (a crop mark that would be is left out; every cut line keeps one elsewhere)
    avoid: tuple = field(default=(), kw_only=True)
    band_printable: int = field(default=0, kw_only=True)  # the margin bands of shared pages keep: the machine's whole margin, as they meet no avoid
    # bleed on the grid's outer edges only (shared cut lines inside): µm on the page's left, bottom, right and top (with_edge_bleed)
    edge_bleed: tuple = field(default=(0, 0, 0, 0), kw_only=True)
    snug: bool = field(default=False, kw_only=True)  # the default margin's own limit, no tolerance, marks of SNUG_MARK_UM (module docstring)

    @property
    def min_mark(self) -> int:
        """The least crop mark a cut line must keep on this sheet."""
        return SNUG_MARK_UM if self.snug else MIN_MARK_UM

    @property
    def clear_of_avoid(self) -> bool:
        """No piece's bleed on a box of `avoid`, and every cut line of the full grid with a mark of MIN_MARK_UM off them."""
        if not self.avoid:
            return True
        grid = (self.left - self.bleed, self.bottom - self.bleed, self.left + self.grid_w + self.bleed, self.bottom + self.grid_h + self.bleed)
        if any(meets(grid, box) for box in self.avoid):
            return False
        slots = [self.slot(i) for i in range(self.per_sheet)]
        kept = [seg for seg in crop_mark_segments(self, slots) if abs(seg[2] - seg[0]) + abs(seg[3] - seg[1]) >= self.min_mark]
        xs = {v for s in slots for v in (s.x, s.x + s.w)}
        ys = {v for s in slots for v in (s.y, s.y + s.h)}
        return xs <= {x0 for x0, _, x1, _ in kept if x0 == x1} and ys <= {y0 for _, y0, _, y1 in kept if y0 == y1}

    @property
    def limit(self) -> int:
        """How close to the paper's edge anything may be drawn: the printable margin and a tolerance."""
        return self.printable + (0 if self.snug else TOLERANCE_UM)

    @property
    def footer_limit(self) -> int:
        """Where the footer's band starts. A footer up the side of a snug sheet sits SIDE_FOOTER_CLEAR_UM further in: set
        by its size and descent, the tallest of its turned glyphs reach that far past the line, towards the edge, and a
        snug sheet's limit is the printer's margin itself."""
        return self.limit + (SIDE_FOOTER_CLEAR_UM if self.snug and self.footer_side == "left" else 0)

    @property
    def landscape(self) -> bool:
        return self.page_w > self.page_h

    @property
    def per_sheet(self) -> int:
        return self.cols * self.rows

    @property
    def grid_w(self) -> int:
        return self.cols * self.card_w + (self.cols - 1) * self.gap

    @property
    def grid_h(self) -> int:
        return self.rows * self.card_h + (self.rows - 1) * self.gap

    @property
    def left(self) -> int:
        return (self.page_w - self.grid_w) // 2

    @property
    def bottom(self) -> int:
        return (self.page_h - self.grid_h) // 2 + self.lift

    def slot(self, index: int) -> Slot:
        """Slot `index` in reading order: left to right, top row first."""
        row, col = divmod(index, self.cols)
        x = self.left + col * (self.card_w + self.gap)
        y = self.bottom + self.grid_h - self.card_h - row * (self.card_h + self.gap)
        return Slot(x, y, self.card_w, self.card_h)

    def back_slot(self, index: int, duplex: str) -> Slot:
        """Where the back of slot `index` goes so it lands behind its front after the flip. A one-sided printer's
        backs page (`none`) is mirrored as for a long-edge flip: glued behind its fronts page, or the fronts fed back
        in, it is turned over on its long edge by hand, and an unmirrored back lands behind the card across the row."""
        s = self.slot(index)
        flip_x = (duplex != "short") != self.landscape  # long edge of a portrait page: mirror left-right
        if flip_x:
            return Slot(self.page_w - s.x - s.w, s.y, s.w, s.h)
        return Slot(s.x, self.page_h - s.y - s.h, s.w, s.h)

    @property
    def margin_x(self) -> int:
        """Space between the outer bleed and the page's left (and right) edge."""
        return self.left - self.bleed

    @property
    def margin_y(self) -> int:
        return self.bottom - self.bleed

    def footer_room(self, side: str) -> int:
        """Room between the printable limit and the grid's bleed on the bottom ('bottom') or left ('left') margin."""
        return (self.margin_y if side == "bottom" else self.margin_x) - self.limit

    def footer_span(self, side: str) -> tuple[int, int]:
        """Where along the `side` margin ('bottom' or 'left') the footer runs, µm from the page's left or bottom: the
        whole side within the limit, or its longest stretch off the boxes of `avoid` its band meets."""
        band = FOOTER_BAND_UM + FOOTER_CLEAR_UM
        length = self.page_w if side == "bottom" else self.page_h
        free = [(self.limit + um(1), length - self.limit - um(1))]
        for x0, y0, x1, y1 in self.avoid:
            across, along = ((y0, y1), (x0, x1)) if side == "bottom" else ((x0, x1), (y0, y1))
            if across[1] <= self.limit or across[0] >= self.limit + band:
                continue
            free = [piece for a, b in free for piece in ((a, min(b, along[0] - FOOTER_CLEAR_UM)), (max(a, along[1] + FOOTER_CLEAR_UM), b)) if piece[1] > piece[0]]
        return max(free, key=lambda ab: ab[1] - ab[0], default=(self.limit, self.limit))

    def footer_ok(self, side: str) -> bool:
        """Whether the footer fits the `side` margin ('bottom' or 'left'): deep enough, and long enough between a cutting
        machine's marks (FOOTER_MIN_SPAN_UM)."""
        start, end = self.footer_span(side)
        return self.footer_room(side) >= FOOTER_BAND_UM + FOOTER_CLEAR_UM and (not self.avoid or end - start >= FOOTER_MIN_SPAN_UM)

    @property
    def footer_fits(self) -> bool:
        return self.footer_ok("bottom") or self.footer_ok("left")

    @property
    def footer_side(self) -> str:
        """'bottom' or 'left': the bottom margin if the footer fits there, else the left one."""
        return _footer_side(self)

    def mark_cap(self, axis: str) -> int:
        """The longest crop mark on `axis` ('x': left and right of the grid, 'y': above and below)."""
        return MARK_LEN_UM

    def mark_stop(self, edge: str) -> int:
        """How far from the paper's `edge` ('left', 'right', 'bottom', 'top') marks must end: the limit, and the footer band."""
        footer = edge == self.footer_side
        return self.limit + (FOOTER_BAND_UM + FOOTER_CLEAR_UM if footer else 0)

    def mark_room(self, edge: str) -> int:
        """How long a crop mark at the full grid's `edge` ('left', 'right', 'bottom', 'top') may be, capped; may be negative."""
        margin = {"left": self.left, "right": self.page_w - self.left - self.grid_w,
                  "bottom": self.bottom, "top": self.page_h - self.bottom - self.grid_h}[edge] - self.bleed
        return min(self.mark_cap("x" if edge in ("left", "right") else "y"), margin - MARK_GAP_UM - self.mark_stop(edge))

    @property
    def marks_fit(self) -> bool:
        """Every cut line of the full grid has a mark of `min_mark` that prints, at one end or the other."""
        return all(max(self.mark_room(a), self.mark_room(b)) >= self.min_mark for a, b in (("left", "right"), ("bottom", "top")))

    @property
    def inside_limit(self) -> bool:
        """The grid's bleed keeps the printable limit on every side."""
        return self.bottom - self.bleed >= self.limit and self.page_h - self.bottom - self.grid_h - self.bleed >= self.limit


def fit(avail: int, card: int, gap: int, bleed: int) -> int:
    """How many cards of `card` µm fit in `avail` µm with `gap` between and `bleed` outside."""
    if card + 2 * bleed > avail:
        return 0
    return (avail - 2 * bleed + gap) // (card + gap)


def _placed(sheet: Sheet) -> Sheet | None:
    """The sheet centred, or moved up or down against a limit, whose footer and crop marks all print; None if none does."""
    centre = (sheet.page_h - sheet.grid_h) // 2
    # the grid's outer bleed 0.1 mm inside a limit: the PDF's coordinates, rounded to 0.01 pt, never put it past
    highest = sheet.page_h - sheet.limit - LIMIT_SLACK_UM - sheet.bleed - sheet.grid_h
    lowest = sheet.limit + LIMIT_SLACK_UM + sheet.bleed
    for lift in (0, highest - centre, lowest - centre):
        moved = replace(sheet, lift=lift)
        if moved.inside_limit and moved.footer_fits and moved.marks_fit and moved.clear_of_avoid:
            return moved
    return None


def _usable(sheet: Sheet) -> Sheet:
    """The largest grid of at most `sheet`'s columns and rows whose footer and marks print (an empty one if none)."""
    if not (sheet.cols and sheet.rows):
        return sheet
    for lost in range(sheet.cols + sheet.rows - 1):
        grids = [(sheet.cols - k, sheet.rows - (lost - k)) for k in range(lost + 1)]
        found = [g for g in (_placed(replace(sheet, cols=c, rows=r)) for c, r in grids if c > 0 and r > 0) if g is not None]
        if found:
            return max(found, key=lambda g: g.per_sheet)
    return replace(sheet, cols=0, rows=0)


def _allowed(orientation: str, page_w: int, page_h: int) -> bool:
    """Whether a page of these sides has `orientation` ('portrait', 'landscape', or 'auto': either)."""
    return orientation == "auto" or (orientation == "landscape") == (page_w > page_h)


def with_edge_bleed(sheet: Sheet, bleed: int) -> Sheet:
    """`sheet` (planned with shared cut lines and no bleed) with up to `bleed` µm of art past its outer edges: on each side
    of the page as much as its margin holds between the trim and the printable limit while it keeps the mark and the
    footer it holds. Sides of the page, not of the grid: a backs page, its grid mirrored, has the same margins and footer."""
    room = {}
    for edge in ("left", "right", "bottom", "top"):
        margin = {"left": sheet.left, "right": sheet.page_w - sheet.left - sheet.grid_w,
                  "bottom": sheet.bottom, "top": sheet.page_h - sheet.bottom - sheet.grid_h}[edge]
        marks = MARK_GAP_UM + sheet.min_mark if sheet.mark_room(edge) >= sheet.min_mark else 0
        room[edge] = margin - sheet.mark_stop(edge) - marks - LIMIT_SLACK_UM
    return replace(sheet, edge_bleed=tuple(max(0, min(bleed, room[edge])) for edge in ("left", "bottom", "right", "top")))


def meets(a: tuple, b: tuple) -> bool:
    """Whether two boxes (x0, y0, x1, y1) overlap, more than touching."""
    return min(a[2], b[2]) > max(a[0], b[0]) and min(a[3], b[3]) > max(a[1], b[1])


def plan_sheet(paper: str, card_mm: tuple[float, float], gutter_mm: float = 0, bleed_mm: float = 0, orientation: str = "auto",
               printable_mm: float = DEFAULT_PRINTABLE_MM, machine=None) -> Sheet:
    """The sheet holding the most cards inside the printable area: portrait or landscape, card upright.

    With a cutting `machine` (pnp.render.cutters.Cutter) whose marks sit in the corners, `printable_mm` is its whole
    margin; a grid that comes nearer the edges, inside the area its marks enclose (Cutter.inset) and off its marks,
    wins where it holds more."""
    best = _plan_sheet(paper, card_mm, gutter_mm, bleed_mm, orientation, printable_mm)
    if machine is None or machine.inset is None:
        return best
    w, h = paper_size(paper)
    for page in ((w, h), (h, w)):
        if not _allowed(orientation, *page):
            continue
        avoid = tuple(machine.avoid(*page))
        inner = _plan_sheet(paper, card_mm, gutter_mm, bleed_mm, "landscape" if page[0] > page[1] else "portrait", machine.inset(*page), avoid,
                            um(printable_mm))
        if inner.per_sheet > best.per_sheet:
            best = inner
    return best


def _plan_sheet(paper: str, card_mm: tuple[float, float], gutter_mm: float, bleed_mm: float, orientation: str, printable_mm: float,
                avoid: tuple = (), band_printable: int = 0) -> Sheet:
    """The sheet holding the most cards inside the printable area and off `avoid`: portrait or landscape, card upright."""
    pw, ph = (um(v) for v in paper_size(paper))
    cw, ch = (um(v) for v in card_mm)
    bleed = um(bleed_mm)
    gap = max(um(gutter_mm), 2 * bleed)  # bleeds of neighbours never overlap
    printable = um(printable_mm)
    margin = printable + TOLERANCE_UM
    best = None
    snug = (False, True) if printable == DEFAULT_PRINTABLE_UM and not avoid else (False,)  # module docstring: the default margin's snug grid
    for page_w, page_h in ((pw, ph), (ph, pw)):
        if not _allowed(orientation, page_w, page_h):
            continue
        for tight in snug:
            edge = printable if tight else margin
            cols = fit(page_w - 2 * (edge + SIDE_MARK_UM), cw, gap, bleed)
            rows = fit(page_h - 2 * edge, ch, gap, bleed)
            sheet = _usable(Sheet(page_w, page_h, cw, ch, cols, rows, gap, bleed, printable, avoid=avoid, band_printable=band_printable, snug=tight))
            if best is None or sheet.per_sheet > best.per_sheet:
                best = sheet
    return best


@lru_cache(maxsize=256)
def _footer_side(sheet: Sheet) -> str:
    """Sheet.footer_side, worked out once for each sheet: a sheet PDF asks it of every page, for its key and its footer."""
    if sheet.footer_ok("bottom") or (not sheet.footer_ok("left") and sheet.footer_room("bottom") >= sheet.footer_room("left")):
        return "bottom"
    return "left"


@dataclass(frozen=True)
class FoldSheet(Sheet):
    """A gutterfold sheet: fronts on one side of a centre fold, backs mirrored on the other.

    `axis` "h": a horizontal fold, fronts above and backs below; "v": a vertical
    fold, fronts left and backs right. `rotation` (0 or 180) turns each back
    in its slot."""

    axis: str = "h"
    rotation: int = 180

    def mark_cap(self, axis: str) -> int:
        """Marks on the cut lines that meet the fold stay short: a set with no backs has marks on its fold side too,
        and a 5 mm mark there would reach past the fold from the fold clearance's 5 mm."""
        return FOLD_MARK_UM if axis == ("y" if self.axis == "h" else "x") else MARK_LEN_UM

    @property
    def fold(self) -> int:
        """The fold line: a y (axis "h") or an x (axis "v") in µm from the bottom-left."""
        return self.page_h // 2 if self.axis == "h" else self.page_w // 2

    @property
    def clear(self) -> int:
        """Fold line to the nearest trim: the fold clearance plus the bleed."""
        return FOLD_CLEAR_UM + self.bleed

    @property
    def left(self) -> int:
        if self.axis == "h":
            return (self.page_w - self.grid_w) // 2
        return self.fold - self.clear - self.grid_w

    @property
    def bottom(self) -> int:
        if self.axis == "h":
            return self.fold - self.clear - self.grid_h  # the backs' grid is the lower one
        return (self.page_h - self.grid_h) // 2

    def slot(self, index: int) -> Slot:
        """Front slot `index` in reading order (the front grid is the top or left one)."""
        row, col = divmod(index, self.cols)
        x = self.left + col * (self.card_w + self.gap)
        top = self.fold + self.clear + self.grid_h if self.axis == "h" else self.bottom + self.grid_h
        return Slot(x, top - self.card_h - row * (self.card_h + self.gap), self.card_w, self.card_h)

    def back_slot(self, index: int, duplex: str = "none") -> Slot:
        """The mirror image of front slot `index` across the fold (duplex does not apply)."""
        s = self.slot(index)
        if self.axis == "h":
            return Slot(s.x, 2 * self.fold - s.y - s.h, s.w, s.h)
        return Slot(2 * self.fold - s.x - s.w, s.y, s.w, s.h)


def plan_fold_sheet(paper: str, card_mm: tuple[float, float], gutter_mm: float = 0, bleed_mm: float = 0, rotation: int = 180,
                    printable_mm: float = DEFAULT_PRINTABLE_MM, orientation: str = "auto") -> FoldSheet | None:
    """The gutterfold sheet holding the most cards: portrait or landscape, fold across or along.

    Ties go to a horizontal fold (fronts above, backs below), the usual
    gutterfold: with the backs turned 180° they read upright once the card
    is turned over sideways. None when not even one card fits."""
    pw, ph = (um(v) for v in paper_size(paper))
    cw, ch = (um(v) for v in card_mm)
    bleed = um(bleed_mm)
    gap = max(um(gutter_mm), 2 * bleed)
    printable = um(printable_mm)
    margin = printable + TOLERANCE_UM
    best = None
    for axis in ("h", "v"):
        for page_w, page_h in ((pw, ph), (ph, pw)):
            if not _allowed(orientation, page_w, page_h):
                continue
            if axis == "h":
                cols = fit(page_w - 2 * (margin + SIDE_MARK_UM), cw, gap, bleed)
                rows = fit(page_h // 2 - margin - FOLD_CLEAR_UM, ch, gap, bleed)
            else:  # the columns' cut lines run to the top and bottom, centred: both keep a mark's room (the fold's marks are across)
                cols = fit(page_w // 2 - margin - SIDE_MARK_UM - FOLD_CLEAR_UM, cw, gap, bleed)
                rows = fit(page_h - 2 * (margin + SIDE_MARK_UM), ch, gap, bleed)
            if not (cols and rows):
                continue
            sheet = FoldSheet(page_w, page_h, cw, ch, cols, rows, gap, bleed, printable, axis, rotation)
            if not sheet.footer_fits:
                # no margin wide enough for the footer: give up a row or a column
                fewer = [FoldSheet(page_w, page_h, cw, ch, cols - 1, rows, gap, bleed, printable, axis, rotation),
                         FoldSheet(page_w, page_h, cw, ch, cols, rows - 1, gap, bleed, printable, axis, rotation)]
                sheet = max((s for s in fewer if s.cols and s.rows), key=lambda s: s.per_sheet, default=sheet)
            if best is None or sheet.per_sheet > best.per_sheet:
                best = sheet
    return best


def crop_mark_segments(sheet: Sheet, slots: list[Slot]) -> list[tuple[int, int, int, int]]:
    """Every crop mark of `slots` on `sheet`, as (x0, y0, x1, y1) µm from the page's bottom-left."""
    xs = sorted({s.x for s in slots} | {s.x + s.w for s in slots})
    ys = sorted({s.y for s in slots} | {s.y + s.h for s in slots})
    start = _mark_starts(sheet, slots)
    out = []
    for edge, n in _mark_lengths(sheet, start).items():
        if n < MIN_DRAWN_UM:
            continue
        if edge in ("top", "bottom"):
            sign = 1 if edge == "top" else -1
            out += [(x, start[edge], x, start[edge] + sign * n) for x in xs]
        else:
            sign = 1 if edge == "right" else -1
            out += [(start[edge], y, start[edge] + sign * n, y) for y in ys]
    out += _fold_marks(sheet, slots)
    return [seg for seg in out if not any(meets(_span(seg), box) for box in sheet.avoid)]  # none on a cutting machine's mark


def _fold_marks(sheet: Sheet, slots: list[Slot]) -> list[tuple[int, int, int, int]]:
    """On a gutterfold sheet holding fronts and backs, a mark of FOLD_MARK_UM on each of the backs' cut lines that meet the
    fold, from their bleed towards it: the outer margins of a grid that fills the page leave those lines 1.2 mm of mark
    (Police Precinct's mini cards), the fold's clearance 3 mm. On the backs' side only: the fold's labels lie on the
    fronts' side of its line (pnp.render.sheets.draw_fold_line)."""
    if not isinstance(sheet, FoldSheet):
        return []
    backs = [s for s in slots if (s.y + s.h <= sheet.fold if sheet.axis == "h" else s.x >= sheet.fold)]
    if not backs or len(backs) == len(slots):
        return []
    return _towards_fold(sheet, backs)


def _towards_fold(sheet: FoldSheet, backs: list[Slot]) -> list[tuple[int, int, int, int]]:
    """The backs' marks from their bleed towards the fold, ending 1 mm short of it (none shorter than MIN_DRAWN_UM)."""
    if sheet.axis == "h":
        start = max(s.y + s.h for s in backs) + sheet.bleed + MARK_GAP_UM
        end = min(start + FOLD_MARK_UM, sheet.fold - um(1.0))
        marks = [(x, start, x, end) for x in sorted({v for s in backs for v in (s.x, s.x + s.w)})]
    else:
        start = min(s.x for s in backs) - sheet.bleed - MARK_GAP_UM
        end = max(start - FOLD_MARK_UM, sheet.fold + um(1.0))
        marks = [(start, y, end, y) for y in sorted({v for s in backs for v in (s.y, s.y + s.h)})]
    return marks if abs(end - start) >= MIN_DRAWN_UM else []


def _mark_starts(sheet: Sheet, slots: list[Slot]) -> dict[str, int]:
    """Where the marks on each side of the grid start: a mark gap past the slots' bleed (a bleed on the outer edges
    only moves the marks out too)."""
    left, bottom, right, top = (sheet.bleed + b for b in sheet.edge_bleed)
    return {"left": min(s.x for s in slots) - left - MARK_GAP_UM, "right": max(s.x + s.w for s in slots) + right + MARK_GAP_UM,
            "bottom": min(s.y for s in slots) - bottom - MARK_GAP_UM, "top": max(s.y + s.h for s in slots) + top + MARK_GAP_UM}


def _mark_lengths(sheet: Sheet, start: dict[str, int]) -> dict[str, int]:
    """How long the marks on each side may be: up to the sheet's cap, and no nearer the page's edge than it allows."""
    room = {"left": start["left"] - sheet.mark_stop("left"), "right": sheet.page_w - sheet.mark_stop("right") - start["right"],
            "bottom": start["bottom"] - sheet.mark_stop("bottom"), "top": sheet.page_h - sheet.mark_stop("top") - start["top"]}
    return {edge: min(sheet.mark_cap("x" if edge in ("left", "right") else "y"), r) for edge, r in room.items()}


def _span(seg: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
    """A mark's box, as wide as the line it draws."""
    x0, y0, x1, y1 = seg
    half = round(MARK_WIDTH * 25400 / 72 / 2)
    return min(x0, x1) - half, min(y0, y1) - half, max(x0, x1) + half, max(y0, y1) + half
