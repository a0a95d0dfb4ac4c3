"""Tile geometry: how a board larger than the paper splits into overlapping pages.

All lengths are integer micrometres. Board coordinates run from the board's
top-left corner, y down, like a layout; page coordinates from the page's
bottom-left corner, y up, like PDF. Each tile shows the part of the board
that fits the printable area (paper minus the printer profile's margin, a
tolerance, room for the corner marks and, at the bottom, the footer);
neighbours share an overlap strip. Assembly: every tile with a left
(upper) neighbour is cut along the middle of that strip and laid over the
neighbour, so the outer half of each strip is waste and carries the labels,
and the middle line carries the registration crosshairs both tiles print.
"""
from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field, replace
from typing import NamedTuple

from pnp.core.units import DEFAULT_PRINTABLE_MM, PRINT_TOLERANCE_MM, paper_size, um

DEFAULT_OVERLAP_MM = 10.0  # wide enough for glue and for the crosshairs' 7 mm span
# The narrowest strip a board's overlap may shrink to so it fits a smaller grid: the registration crosshair spans 7 mm
# (pnp/outputs/boards.py MARK_UM), with 0.25 mm of board either side; and it shrinks by at most NARROWER_UM.
MIN_OVERLAP_UM = um(7.5)
NARROWER_UM = um(3)
CORNER_GAP_UM, CORNER_MARK_UM = um(1), um(3)  # a board's corner marks: 1 mm off its edge, 3 mm long
FOOTER_ROOM_UM = um(4)  # the footer line (3 mm) and 1 mm clear of the marks above it


@dataclass(frozen=True)
class Insets:
    """How far a board (or tile) stays from each paper edge, in µm: the printer's limit and the furniture outside the board."""

    limit: int  # the printer's margin and a tolerance: no ink closer to the edge
    side: int  # left, right and top
    bottom: int  # below: the footer too
    top_marks: bool = True  # False: the corner marks of the board's vertical edges only below it, and the board up to the limit

    @property
    def top(self) -> int:
        return self.side if self.top_marks else self.limit

    def marks_below(self) -> Insets:
        """These insets with no corner marks above the board: its vertical edges keep their marks below it (as a card
        grid moved against the top does), so a board that misses a page by up to CORNER_GAP + CORNER_MARK still fits."""
        return replace(self, top_marks=False)

    @classmethod
    def for_printer(cls, printable_mm: float = DEFAULT_PRINTABLE_MM) -> Insets:
        limit = um(printable_mm + PRINT_TOLERANCE_MM)
        side = limit + CORNER_GAP_UM + CORNER_MARK_UM
        return cls(limit, side, side + FOOTER_ROOM_UM)


DEFAULT_INSETS = Insets.for_printer()


def row_name(index: int) -> str:
    """A, B, …, Z, AA, AB, …: the letter of tile row `index` (0-based)."""
    name = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        name = chr(65 + rest) + name
    return name


@dataclass(frozen=True)
class Tile:
    """One page of a tiled board: the board region it shows and where that region sits on its page."""

    row: int
    col: int
    label: str  # row letter and column number: A1, A2, …, B1
    x: int  # region on the board, from its top-left
    y: int
    w: int
    h: int
    left: int  # the region's bottom-left corner on the page, from the page's bottom-left
    bottom: int

    def to_page(self, bx: float, by: float) -> tuple[float, float]:
        """Page position (µm, from the bottom-left) of board point (bx, by)."""
        return self.left + (bx - self.x), self.bottom + (self.y + self.h - by)

    def contains(self, bx: float, by: float) -> bool:
        return self.x <= bx <= self.x + self.w and self.y <= by <= self.y + self.h


@dataclass(frozen=True)
class Seam:
    """Two neighbouring tiles and the overlap strip they share."""

    first: Tile  # the left or upper tile (it is glued under)
    second: Tile  # the right or lower tile (it is cut and laid on top)
    axis: str  # "x": a vertical seam between columns; "y": a horizontal seam between rows
    cut: int  # board x (or y) of the cut line: the middle of the strip
    start: int  # the strip's extent along the seam
    end: int

    @property
    def marks(self) -> list[tuple[int, int]]:
        """Board points of the registration crosshairs: on the cut line, a quarter of the way in from each end."""
        length = self.end - self.start
        along = [self.start + length // 4, self.start + length - length // 4] if length >= um(40) else [self.start + length // 2]
        return [(self.cut, a) if self.axis == "x" else (a, self.cut) for a in along]


@dataclass(frozen=True)
class TilePlan:
    board_w: int
    board_h: int
    page_w: int
    page_h: int
    overlap: int
    cols: int
    rows: int
    tiles: tuple = field(default=())
    insets: Insets = DEFAULT_INSETS
    crossed: tuple[int, ...] = ()  # indices of the keep-off boxes (text) that a seam's cut line still crosses
    crossed_weight: int = 0  # their weight: each box's height squared (µm²/1000), summed over the seams that cross it
    cells_cut: int = 0  # the map cells (KeepOff "cell") the cut lines run through, summed over the seams

    @property
    def pages(self) -> int:
        return len(self.tiles)

    @property
    def landscape(self) -> bool:
        return self.page_w > self.page_h

    @property
    def narrowest(self) -> int:
        """The shortest side of any tile's board region."""
        return min(min(t.w, t.h) for t in self.tiles)

    def at(self, row: int, col: int) -> Tile | None:
        if 0 <= row < self.rows and 0 <= col < self.cols:
            return self.tiles[row * self.cols + col]
        return None

    def origin(self, tile: Tile) -> tuple[int, int]:
        """Where the board's bottom-left corner lands on `tile`'s page: the board form's placement."""
        return tile.left - tile.x, tile.bottom - (self.board_h - tile.y - tile.h)

    def neighbours(self, tile: Tile) -> dict[str, Tile]:
        """The tiles beside `tile`, by side: left, right, top, bottom."""
        found = {
            "left": self.at(tile.row, tile.col - 1),
            "right": self.at(tile.row, tile.col + 1),
            "top": self.at(tile.row - 1, tile.col),
            "bottom": self.at(tile.row + 1, tile.col),
        }
        return {side: t for side, t in found.items() if t is not None}

    def seams(self) -> list[Seam]:
        out = []
        half = self.overlap // 2
        for t in self.tiles:
            right = self.at(t.row, t.col + 1)
            if right is not None:
                out.append(Seam(t, right, "x", right.x + half, t.y, t.y + t.h))
            below = self.at(t.row + 1, t.col)
            if below is not None:
                out.append(Seam(t, below, "y", below.y + half, t.x, t.x + t.w))
        return out

    def seams_of(self, tile: Tile) -> list[Seam]:
        return [s for s in self.seams() if tile in (s.first, s.second)]

    def marks(self, tile: Tile) -> list[tuple[int, int]]:
        """Board points of every crosshair this tile prints (each is printed by both tiles of its seam)."""
        return [m for s in self.seams_of(tile) for m in s.marks]

    def visible(self, tile: Tile) -> tuple[int, int, int, int]:
        """The part of the board (x0, y0, x1, y1) this tile shows once the board is assembled."""
        half = self.overlap // 2
        n = self.neighbours(tile)
        x0 = tile.x + half if "left" in n else tile.x
        y0 = tile.y + half if "top" in n else tile.y
        x1 = n["right"].x + half if "right" in n else tile.x + tile.w
        y1 = n["bottom"].y + half if "bottom" in n else tile.y + tile.h
        return x0, y0, x1, y1


def printable(page_w: int, page_h: int, insets: Insets = DEFAULT_INSETS) -> tuple[int, int]:
    """The area a board or tile may cover on a page: inside the printer's limit, its corner marks and the footer."""
    return page_w - 2 * insets.side, page_h - insets.top - insets.bottom


SEAM_CLEARANCE_UM = um(1.5)  # a cut line this close to text counts as crossing it: scissors wander about that much
SHIFT_STEP_UM = um(0.5)  # seams are tried every half millimetre within their slack
ON_OUTLINE_UM = um(0.15)  # a cut this close to a cell's edge runs along its outline (half a grid's 0.3 mm line): the cell stays whole


class KeepOff(NamedTuple):
    """A box (board mm from the top-left) that tile seams keep their cut lines off: `text` (never cut where a shift or a
    tile more avoids it: a word glued back never lines up) or a map `cell` (cut through as few as the slack allows: a cut
    along a cell's outline leaves every hex or square whole)."""

    x0: float
    y0: float
    x1: float
    y1: float
    kind: str = "text"


@dataclass(frozen=True)
class Axis:
    """How one axis of the board splits: where each tile starts, how long each is, and the keep-off spans its cut lines cross."""

    starts: tuple[int, ...]
    lengths: tuple[int, ...]
    crossed: tuple[int, ...] = ()  # indices into the keep-off spans that a cut line still crosses
    weight: int = 0  # their summed weights
    cells: int = 0  # the cell spans its cut lines run through

    @property
    def count(self) -> int:
        return len(self.starts)


def tiles_needed(board: int, avail: int, overlap: int) -> int:
    """The fewest tiles that cover `board` along one axis: n × avail − (n − 1) × overlap ≥ board."""
    if board <= avail:
        return 1
    return -(-(board - overlap) // (avail - overlap))


def balanced_starts(board: int, overlap: int, count: int) -> list[int]:
    """Tile starts that make every tile the same length, (board + (count − 1) × overlap) / count."""
    return [round(k * (board - overlap) / count) for k in range(count)]


def split_axis(board: int, avail: int, overlap: int, keep_off: tuple[tuple[int, int], ...] = (), weights: tuple[int, ...] = (),
               extra: int = 0, cells: tuple[tuple[int, int], ...] = ()) -> Axis:
    """The fewest equal tiles along one axis, each seam shifted off the `keep_off` spans where the slack allows.

    A balanced grid leaves every tile shorter than the printable length; each
    seam may move by up to that slack, and never more than a quarter tile, while
    every tile still fits the page and keeps three quarters of its balanced
    length (no tile turns into a sliver between two seams moved towards it). Among
    the shifts, the one whose cut lines cross the least text wins, each span
    weighing its `weights` entry (a title's height outweighs a line of small
    print), then the one through the fewest map `cells` (a cut on a cell's edge
    passes between cells: every edge within reach is tried too), then the one
    closest to balanced. `extra` tiles beyond the fewest give the seams more room to move."""
    count = tiles_needed(board, avail, overlap) + extra
    ideal = balanced_starts(board, overlap, count)
    if count == 1:
        return Axis((0,), (board,))
    length = (board + (count - 1) * overlap) // count
    reach = min(avail - length, length // 4)
    shortest = length - reach  # no tile shrinks by more than a seam may move: every tile keeps three quarters of its balanced length
    steps = reach // SHIFT_STEP_UM
    half = overlap // 2
    cut_through = _cell_counter(cells)
    edges = sorted({edge - half for span in cells for edge in span})
    crossing_at = _text_finder(keep_off)

    def crossing(start: int) -> tuple[int, ...]:
        return crossing_at(start + half)

    # dynamic programme over seams: best[start] = (cost, previous start); a seam's choices depend only on its neighbour's
    best: dict[int, tuple[tuple[int, int, int], list[int]]] = {0: ((0, 0, 0), [0])}
    for k in range(1, count):
        options = {ideal[k] + j * SHIFT_STEP_UM for j in range(-steps, steps + 1)}
        options.update(edges[bisect_left(edges, ideal[k] - reach):bisect_right(edges, ideal[k] + reach)])
        nxt: dict = {}
        for start in sorted(options):
            own = (sum(weights[i] if weights else 1 for i in crossing(start)), cut_through(start + half), abs(start - ideal[k]))
            for prev, (cost, path) in best.items():
                if not shortest <= start - prev + overlap <= avail:
                    continue
                total = (cost[0] + own[0], cost[1] + own[1], cost[2] + own[2])
                if start not in nxt or total < nxt[start][0]:
                    nxt[start] = (total, [*path, start])
        best = nxt
    finals = [(cost, path) for last, (cost, path) in best.items() if shortest <= board - last <= avail]
    (weight, cut, _), starts = min(finals)
    lengths = [starts[k + 1] + overlap - starts[k] for k in range(count - 1)] + [board - starts[-1]]
    crossed = tuple(sorted({i for s in starts[1:] for i in crossing(s)}))
    return Axis(tuple(starts), tuple(lengths), crossed, weight, cut)


LONG_SPAN_UM = um(40)  # text wider than this (a title) is checked against every cut; shorter runs (a map's labels) by bisection


def _text_finder(spans: tuple[tuple[int, int], ...]):
    """A function of a cut's position: the indices of the `spans` it crosses, clearance included, in order. A map's
    labels run to thousands, each a few mm wide: only those starting within LONG_SPAN_UM before the cut are looked at."""
    long = [i for i, (lo, hi) in enumerate(spans) if hi - lo > LONG_SPAN_UM]
    short = sorted((lo, i) for i, (lo, hi) in enumerate(spans) if hi - lo <= LONG_SPAN_UM)
    starts = [lo for lo, _ in short]

    def crossing(cut: int) -> tuple[int, ...]:
        near = short[bisect_right(starts, cut - SEAM_CLEARANCE_UM - LONG_SPAN_UM):bisect_left(starts, cut + SEAM_CLEARANCE_UM)]
        found = [i for i in long if spans[i][0] - SEAM_CLEARANCE_UM < cut < spans[i][1] + SEAM_CLEARANCE_UM]
        found += [i for _, i in near if cut < spans[i][1] + SEAM_CLEARANCE_UM]
        return tuple(sorted(found))

    return crossing


def _cell_counter(cells: tuple[tuple[int, int], ...]):
    """A function of a cut's position: how many of the `cells` spans it runs through, not along an edge (two sorted
    lists and a bisection each, as a map may hold thousands of cells)."""
    inner = [(lo + ON_OUTLINE_UM, hi - ON_OUTLINE_UM) for lo, hi in cells if hi - lo > 2 * ON_OUTLINE_UM]
    los, his = sorted(lo for lo, _ in inner), sorted(hi for _, hi in inner)
    # a cut at c is inside (lo, hi) when lo < c < hi; every span ending at or before c also starts before it
    return lambda cut: bisect_left(los, cut) - bisect_right(his, cut)


def _plan(board_w: int, board_h: int, page_w: int, page_h: int, overlap: int, insets: Insets, keep_off: tuple[KeepOff, ...] = (),
          extra: tuple[int, int] = (0, 0)) -> TilePlan:
    avail_w, avail_h = printable(page_w, page_h, insets)
    text = [i for i, box in enumerate(keep_off) if box.kind == "text"]
    cells = [box for box in keep_off if box.kind == "cell"]
    # a run's height is its type size, and a glyph cut in two shows by its area: a 20 mm title weighs as much as 25 lines of 4 mm print
    heights = tuple((keep_off[i].y1 - keep_off[i].y0) ** 2 // 1000 for i in text)
    across = split_axis(board_w, avail_w, overlap, tuple((keep_off[i].x0, keep_off[i].x1) for i in text), heights, extra[0], tuple((c.x0, c.x1) for c in cells))
    down = split_axis(board_h, avail_h, overlap, tuple((keep_off[i].y0, keep_off[i].y1) for i in text), heights, extra[1], tuple((c.y0, c.y1) for c in cells))
    tiles = []
    for r, (y, h) in enumerate(zip(down.starts, down.lengths, strict=True)):
        bottom = insets.bottom + (avail_h - h) // 2  # a tile shorter than the printable area (or a board narrower than the paper) is centred
        for col, (x, w) in enumerate(zip(across.starts, across.lengths, strict=True)):
            left = insets.side + (avail_w - w) // 2
            tiles.append(Tile(r, col, f"{row_name(r)}{col + 1}", x, y, w, h, left, bottom))
    crossed = tuple(sorted({text[i] for i in (*across.crossed, *down.crossed)}))
    return TilePlan(board_w, board_h, page_w, page_h, overlap, across.count, down.count, tuple(tiles), insets, crossed, across.weight + down.weight,
                    across.cells + down.cells)


def orientations(paper: str) -> list[tuple[int, int]]:
    """The paper's (width, height) in µm, portrait first."""
    w, h = (um(v) for v in paper_size(paper))
    return [(w, h), (h, w)]


def fits_page(board_mm: tuple[float, float], paper: str, insets: Insets = DEFAULT_INSETS) -> tuple[int, int] | None:
    """The page size (portrait if it fits, else landscape) whose printable area holds the whole board; None if neither does."""
    bw, bh = (um(v) for v in board_mm)
    for page_w, page_h in orientations(paper):
        aw, ah = printable(page_w, page_h, insets)
        if bw <= aw and bh <= ah:
            return page_w, page_h
    return None


STACK_GAP_UM = 2 * (CORNER_GAP_UM + CORNER_MARK_UM) + um(1)  # between boards sharing a page: room for both boards' corner marks and 1 mm apart


def stack_pages(sizes_mm: list[tuple[float, float]], paper: str, share: bool = True,
                insets: Insets = DEFAULT_INSETS) -> list[tuple[tuple[int, int], list[tuple[int, int, int]]]]:
    """Boards that each fit a page, stacked top to bottom on as few pages as taking them in order allows.

    Returns pages as ((page_w, page_h), [(board index, left, bottom)]) in µm: each board
    centred across the page, the stack centred down it, portrait unless only
    landscape holds the stack (a calendar strip and a crime track share a sheet).
    With `share` off, every board has a page of its own."""
    pages: list = []  # (page size, placements, board indices)
    for index in range(len(sizes_mm)):
        joined = _in_some_orientation(pages[-1][2] + [index], sizes_mm, paper, insets) if share and pages else None
        if joined is not None:
            pages[-1] = joined
        else:  # it starts the next page (each board fits one page on its own)
            pages.append(_in_some_orientation([index], sizes_mm, paper, insets))
    return [(page, placed) for page, placed, _ in pages]


def _in_some_orientation(indices: list[int], sizes_mm, paper: str, insets: Insets):
    """(page size, placements, indices) of the stack on the first orientation that holds it, or None."""
    for page in orientations(paper):
        stacked = _stacked(indices, sizes_mm, page, insets)
        if stacked is not None:
            return (*stacked, indices)
    return None


def _stacked(indices: list[int], sizes_mm, page: tuple[int, int], insets: Insets):
    """The stack of boards `indices` on `page`, or None if it does not fit the printable area."""
    aw, ah = printable(*page, insets)
    sizes = [tuple(um(v) for v in sizes_mm[i]) for i in indices]
    total = sum(h for _, h in sizes) + STACK_GAP_UM * (len(sizes) - 1)
    if max(w for w, _ in sizes) > aw or total > ah:
        return None
    page_w, page_h = page
    top = max((page_h + total) // 2, insets.bottom + total)  # centred on the page, unless that would reach the footer
    out = []
    for i, (w, h) in zip(indices, sizes, strict=False):
        out.append((i, (page_w - w) // 2, top - h))
        top -= h + STACK_GAP_UM
    return page, out


def _narrowed(bw: int, bh: int, aw: int, ah: int, overlap: int) -> int:
    """The overlap to tile with: `overlap`, or the widest narrower one (down to MIN_OVERLAP_UM, by at most NARROWER_UM)
    that needs fewer tiles, when a board misses a smaller grid by a hair (a 0.57 mm miss should not cost two sheets)."""
    narrowest = max(MIN_OVERLAP_UM, overlap - NARROWER_UM)
    if narrowest >= overlap:
        return overlap
    counts = [tiles_needed(b, a, narrowest) for b, a in ((bw, aw), (bh, ah))]
    if counts == [tiles_needed(b, a, overlap) for b, a in ((bw, aw), (bh, ah))]:
        return overlap
    # the widest overlap that keeps those counts: n × avail − (n − 1) × overlap ≥ board on each axis
    widest = [(n * a - b) // (n - 1) for n, b, a in zip(counts, (bw, bh), (aw, ah), strict=True) if n > 1]
    return min([overlap, *widest])


def _rank(plan: TilePlan) -> tuple:
    """Fewest pages, then least text crossed, then fewest map cells cut, then marks above the board kept, then the widest narrowest tile."""
    return (plan.pages, plan.crossed_weight, plan.cells_cut, not plan.insets.top_marks, -plan.narrowest)


def plan_tiles(board_mm: tuple[float, float], paper: str, overlap_mm: float = DEFAULT_OVERLAP_MM, insets: Insets = DEFAULT_INSETS,
               keep_off: tuple[tuple, ...] = ()) -> TilePlan:
    """The tile grid with the fewest pages, portrait or landscape, its tiles balanced and its seams off `keep_off`.

    `keep_off` holds KeepOff boxes in board mm, from the top-left, that cut
    lines keep off: the board's text (a plain (x0, y0, x1, y1) is text) and
    its map cells. Every axis splits into equal tiles (no sliver beside two
    full pages), then each seam moves within the slack to clear the text, then
    to run between cells. On a tie in pages, the grid crossing less text wins,
    then the one cutting fewer cells, then the one whose narrowest tile is
    widest, then portrait."""
    bw, bh = (um(v) for v in board_mm)
    overlap = um(overlap_mm)
    boxes = tuple(KeepOff(*(um(v) for v in box[:4]), *box[4:]) for box in keep_off)
    best = None
    for page_w, page_h in orientations(paper):
        aw, ah = printable(page_w, page_h, insets)
        if overlap * 2 >= min(aw, ah):
            raise ValueError(f"an overlap of {overlap_mm:g} mm leaves no room on {paper}")
        for choice in (insets, insets.marks_below()):  # marks above the board only if that costs no page
            aw, ah = printable(page_w, page_h, choice)
            plan = _plan(bw, bh, page_w, page_h, _narrowed(bw, bh, aw, ah, overlap), choice, boxes)
            if best is None or _rank(plan) < _rank(best):
                best = plan
    return best if not best.crossed else _clear_of_text(best, bw, bh, overlap, insets, boxes)


def _clear_of_text(best: TilePlan, bw: int, bh: int, overlap: int, insets: Insets, boxes) -> TilePlan:
    """`best`, or, when its seams must cross text, the plan with the fewest pages whose seams cross none: the fewest
    tiles of the other orientation, or one more column or row of either. A cut through a word shows on the assembled
    board, a page more does not (a narrower printable area, such as a 6.35 mm printer's, leaves the fewest tiles too
    little slack to move their seams off the text; Police Precinct's city then takes 9 landscape pages, not 12)."""
    clear = []
    for page_w, page_h in orientations_of(best):
        for choice in (insets, insets.marks_below()):
            aw, ah = printable(page_w, page_h, choice)
            for extra in ((0, 0), (1, 0), (0, 1)):
                plan = _plan(bw, bh, page_w, page_h, _narrowed(bw, bh, aw, ah, overlap), choice, boxes, extra)
                if not plan.crossed:
                    clear.append(plan)
    return min(clear, key=_rank) if clear else best


def orientations_of(plan: TilePlan) -> list[tuple[int, int]]:
    """The page of `plan`, portrait and landscape (portrait first)."""
    short, long = sorted((plan.page_w, plan.page_h))
    return [(short, long), (long, short)]
