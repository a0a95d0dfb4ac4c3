"""Sheet packing: which pieces of which groups share a sheet, and the one page orientation of a PDF.

Every group (a deck, a set of tokens) first fills whole sheets of its own. What
is left of each group then shares sheets:

- Leftovers of one size share one grid, slot after slot in group order, so the
  Germ Tycoon decks' last cards print together instead of one or two a sheet.
  Each slot keeps its own piece's back, and a back's slot is the mirror of its
  front's on the same grid, so long-edge, short-edge and gutterfold all still
  land every back behind its front.
- Leftovers of different sizes share a page in bands (rows of one size, stacked
  down the page with room for both bands' crop marks between them), as token
  sets always have. Bands keep columns centred, so backs mirror exactly as on a
  full sheet. On a gutterfold sheet the fronts' bands stack in the half above
  the fold (or left of it), each band's backs its mirror image across the fold
  (bands.FoldBand), so folding still puts every back behind its front.
- Where full-width bands do not all fit, a block of guests (token sets on the last card sheet: plan_pages'
  `guests`) may take the room beside the short last row of a page's first band, no guest's (bands.SideBand),
  where that prints fewer pages in all; every other plan keeps its layout. Germ Tycoon's bacteria print beside
  its last card, its colonies below (pnp.outputs.token_share).

The last sheets of each size are stacked onto the first page with room, tallest
first (first-fit decreasing: Narco Empire's tokens print on 3 pages, 4 in the
groups' order), split by rows over a page only when it fits whole on none; on
each page the bands then read in the groups' order. A page with one size on it
keeps that size's ordinary grid. A set then moves, whole, from a page holding
others onto the emptiest page where that prints no page more and leaves no other
page emptier under half (_evened): first-fit leaves its remnants to the last page,
and a strip of 9 cars alone on a sheet is worse than the same sheets with the
cars beside the evidence tokens. The least full page goes last.

How full a sheet is (`fill`) counts slots: each piece takes 1/n of a sheet, n
being how many pieces of its size a whole sheet of the PDF's orientation holds.
Bands are 9 mm apart for their marks and a row takes its whole height however
few pieces it holds, room slot counting does not see, so stacking tallest first
can leave a page under half full before the last. Then other orders are tried
(the groups' order, the densest blocks first, and every order of up to four
blocks), keeping the fewest printed pages first and the fewest such pages next.
Where none fills the page (the tiny test game's tokens take 0.46 of a sheet by
their slots but two pages), the build summary says so (sheet_plan.half_empty_sheets).
The five games' cards and tokens PDFs (Letter, A4, bleed, gutterfold) need no
such note.

The whole PDF is planned in portrait and in landscape and prints in whichever
gives fewer printed pages (a sheet whose pieces have backs prints twice unless
it is a gutterfold sheet); on a tie, in the orientation the largest group (the
most pieces) would choose on its own. Where some group fits only one way (a
page-sized reference sheet), and on a gutterfold build (each sheet prints on
one side and folds on its own), each size may keep its own orientation instead,
when that prints fewer pages: Germ Tycoon's aids two to a landscape sheet, then
its portrait reference sheet; Police Precinct's two tarot aids on one upright
fold sheet among its landscape ones. When no single orientation holds every
group, each size keeps its own.

On a gutterfold build a group with no backs prints on plain sheets (grid_for):
folding would only put blank paper behind it.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import groupby, permutations
from operator import itemgetter

from pnp.core.shapes import Shape
from pnp.core.units import DEFAULT_PRINTABLE_MM
from pnp.render.bands import Band, FoldBand, band_at, first_band_top, first_fold_band_top, fold_band_at, next_band_top, side_band
from pnp.render.impose import FoldSheet, Sheet, Slot, plan_fold_sheet, plan_sheet

Entry = tuple[int, int]  # (group, piece index within the group)


@dataclass(frozen=True)
class Placement:
    """Pieces `first` … `first + count - 1` of group `group`, in slots `at` … of a grid (a Sheet, a FoldSheet or a Band)."""

    group: int
    grid: Sheet
    first: int
    count: int
    at: int = 0  # the slot of the first piece: groups of one size share a grid, each from its own slot on
    of: int = 1  # how many pieces of this size a whole sheet of the PDF's orientation holds

    def slots(self) -> list[Slot]:
        return [self.grid.slot(self.at + i) for i in range(self.count)]


@dataclass(frozen=True)
class Apart:
    """Pairs of groups whose leftovers never share a grid's cuts (pnp.render.apart says which), and the orientation each
    group had in the plan made before any pair was kept apart: keeping two decks apart gives one of them sheets of its
    own, and never turns the others' sheets (Letter's 3 × 3 poker grid stays 3 × 3 beside a deck that clashes)."""

    pairs: tuple[tuple[int, int], ...] = ()
    turns: tuple[tuple[int, bool], ...] = ()  # (group, landscape) as first planned; none: any orientation


def turns_of(pages: list[list[Placement]]) -> tuple[tuple[int, bool], ...]:
    """Each group's orientation in a plan: (group, whether its grid is landscape), by group."""
    return tuple(sorted({(p.group, p.grid.landscape) for page in pages for p in page}))


class DoesNotFit(ValueError):
    """Group `group` (an index) fits on no sheet of the paper; `piece` names it (its deck's or token set's id) once
    the sheets know it, so the builder can place the error at that piece's size."""

    def __init__(self, group: int, message: str, piece: str = ""):
        super().__init__(message)
        self.group = group
        self.piece = piece


def fill(page: list[Placement]) -> float:
    """How full a sheet is: the share of a whole sheet its pieces take, each 1/n of one (n of its size fill a sheet).

    4 poker cards on a sheet of 9 slots: 0.44; bands of 2 tarot cards (4 a sheet)
    and 4 mini cards (16 a sheet): 2/4 + 4/16 = 0.75."""
    return sum(p.count / p.of for p in page)


def grid_for(paper: str, size: tuple[float, float], gutter_mm: float, bleed_mm: float, printable_mm: float, layout: str,
             fold_rotation: int, orientation: str, machine=None, nest: Shape | None = None, backs: bool = True) -> Sheet | None:
    """The grid a group's pieces print on in `orientation`, or None if not even one fits.

    A piece too big to sit twice on one side of a gutterfold sheet (a page-sized
    reference sheet) prints duplex instead. A gutterfold group without `backs`
    (money notes, standees) has nothing to fold behind its fronts: it prints on
    a plain sheet, the whole page, one-sided, rather than leave a half blank.
    Pieces cut to a `nest` shape with no straight cut (a round or hex card) print
    nested (pnp.render.nesting) where that holds more than the grid; a gutterfold
    sheet keeps its grid.

    A grid is kept by all it is made from, as a plan is (`_kept_grid`): whether the token sets share the last card
    sheet tries every choice of them, and each plan of a choice lays out the same groups' grids again
    (docs/performance.md)."""
    asked = (paper, size, gutter_mm, bleed_mm, printable_mm, layout, fold_rotation, orientation, machine, nest, backs)
    try:
        hash(asked)
    except TypeError:  # a machine or shape no one can key: laid out anew
        return _grid(asked)
    return _kept_grid(asked)


def _grid(asked: tuple) -> Sheet | None:
    """grid_for's grid, made anew from what it was asked: (paper, size, gutter_mm, bleed_mm, printable_mm, layout,
    fold_rotation, orientation, machine, nest, backs)."""
    paper, size, gutter_mm, bleed_mm, printable_mm, layout, fold_rotation, orientation, machine, nest, backs = asked
    if layout == "gutterfold" and backs:
        fold = plan_fold_sheet(paper, size, gutter_mm, bleed_mm, fold_rotation, printable_mm, orientation)
        if fold is not None and fold.per_sheet:
            return fold
    sheet = plan_sheet(paper, size, gutter_mm, bleed_mm, orientation, printable_mm, machine)
    nested = None
    if nest is not None:  # a round or hex piece alone: the nesting module is imported for it
        from pnp.render.nesting import nest_sheet

        nested = nest_sheet(paper, size, nest, gutter_mm, bleed_mm, orientation, printable_mm, machine)
    if nested is not None and nested.per_sheet > (sheet.per_sheet if sheet is not None else 0):
        return nested
    return sheet if sheet is not None and sheet.per_sheet else None


def plan_pages(paper: str, groups: list[tuple[tuple[float, float], int]], gutter_mm: float = 0, bleed_mm: float = 0,
               printable_mm: float = DEFAULT_PRINTABLE_MM, layout: str = "duplex", fold_rotation: int = 180,
               backs: list[bool] | None = None, last: list[bool] | None = None, spacing: list[tuple[float, float]] | None = None,
               machine=None, nests: list[Shape | None] | None = None, apart: Apart = Apart(), guests: list[bool] | None = None) -> list[list[Placement]]:
    """The fronts pages of a PDF for groups given as (size in mm, count), `backs[i]` telling whether group i has backs.

    A page holding a group whose `last[i]` is true goes after every other page, whatever its fill. `spacing[i]`, when
    given, is group i's own (gutter, bleed) in mm (a round card needs room around it to be cut), else the PDF's. A cutting
    `machine` (pnp.render.cutters.Cutter) lets whole sheets come nearer the edges, off its marks (impose.plan_sheet). `nests[i]`,
    when given, is the shape group i's pieces nest by where it holds more (grid_for). Each pair of groups in `apart.pairs`
    never shares a grid's cuts: their leftovers go to bands or sheets of their own, each group in its `apart.turns`.
    A group whose `guests[i]` is true (a token set on the last card sheet) may print beside another group's short last
    row where that prints fewer pages (module docstring).

    A plan is kept by all it is made from (`_kept_plan`): a build asks for the same plan more than once (whether the
    tokens share the last card sheet, then the sheets themselves), and a process building again asks for it again."""
    backs = backs if backs is not None else [True] * len(groups)
    last = last if last is not None else [False] * len(groups)
    spacing = spacing if spacing is not None else [(gutter_mm, bleed_mm)] * len(groups)
    nests = nests if nests is not None else [None] * len(groups)
    asked = (paper, tuple(groups), gutter_mm, bleed_mm, printable_mm, layout, fold_rotation, tuple(backs), tuple(last), tuple(spacing), machine,
             tuple(nests), apart, tuple(guests or ()))
    try:
        hash(asked)
    except TypeError:  # a machine or shape no one can key: planned anew
        return [list(page) for page in _planned(*asked)]
    return [list(page) for page in _kept_plan(*asked)]


PLANS_KEPT = 256  # packing plans one process keeps, the most recently used: a game asks for a few


def _planned(paper: str, groups: tuple, gutter_mm: float, bleed_mm: float, printable_mm: float, layout: str, fold_rotation: int, backs: tuple,
             last: tuple, spacing: tuple, machine, nests: tuple, apart: Apart = Apart(), guests: tuple = ()) -> tuple[tuple[Placement, ...], ...]:
    """plan_pages's plan, every argument given (as a tuple), the pages as tuples: what `_kept_plan` keeps."""
    def grids(orientation: str) -> list[Sheet | None]:
        return [grid_for(paper, size, gap, bleed, printable_mm, layout, fold_rotation, orientation, machine, nest, has_backs)
                for (size, _), (gap, bleed), nest, has_backs in zip(groups, spacing, nests, backs, strict=True)]

    own = grids("auto")
    for index, grid in enumerate(own):
        if grid is None:
            w, h = groups[index][0]
            raise DoesNotFit(index, f"{w:g} × {h:g} mm does not fit on {paper} with its bleed inside the printer's margin: make it smaller, "
                                    "or build on a larger paper (--paper a3 or tabloid)")
    counts = [count for _, count in groups]
    turns = dict(apart.turns)

    def plans(hosted: frozenset[int]) -> list[list[list[Placement]]]:
        made = [_plan(_nests_on_their_own(g, own, counts, nests), counts, backs, apart.pairs, hosted) for g in map(grids, ("portrait", "landscape"))
                if all(g) and not _turned_for_a_nest(g, own, counts, nests)]
        if len(made) < 2 or layout == "gutterfold":  # each size in its own orientation, where that prints fewer pages (module docstring)
            made.append(_plan(own, counts, backs, apart.pairs, hosted))
        return [plan for plan in made if all(turns.get(group, landscape) == landscape for group, landscape in turns_of(plan))] or made

    largest = max(range(len(groups)), key=lambda i: counts[i]) if groups else 0
    preferred = own[largest].landscape if groups else False

    def cost(pages: list[list[Placement]]) -> tuple:
        mixed = len({page[0].grid.landscape for page in pages}) > 1
        return printed_pages(pages, backs), mixed, bool(pages) and pages[0][0].grid.landscape != preferred

    best = min(plans(frozenset()), key=cost)
    hosted = frozenset(group for group, guest in enumerate(guests) if guest)
    if hosted and len(hosted) < len(groups) and len(best) > 1:  # a band beside a short last row only where it prints fewer pages in all
        beside = min(plans(hosted), key=cost)
        best = beside if printed_pages(beside, backs) < printed_pages(best, backs) else best
    return tuple(tuple(page) for page in _last_at_end(best, last))


_kept_plan = lru_cache(maxsize=PLANS_KEPT)(_planned)
_kept_grid = lru_cache(maxsize=PLANS_KEPT)(_grid)  # a grid is frozen (impose.Sheet): every plan may hold the one kept


def _shrinks(grid: Sheet, mine: Sheet, count: int) -> bool:
    """Whether a group filling a sheet in its own orientation holds fewer to a sheet on `grid`."""
    return count >= mine.per_sheet > grid.per_sheet


def _turned_for_a_nest(grids: list[Sheet], own: list[Sheet], counts: list[int], nests: tuple) -> bool:
    """Whether this orientation is a round or hex deck's own and would turn a deck of straight cuts to fewer a sheet.

    120 hexes nest more to a landscape Letter sheet, but turning the whole PDF
    for them would print poker cards 4 x 2 instead of 3 x 3 (54 on 7 sheets, not
    6): such a plan is not made; the other orientation's, with the hexes on
    sheets of their own (_nests_on_their_own), is."""
    if not grids:  # no group: nothing to turn
        return False
    turned = grids[0].landscape
    nested_here = any(nest is not None and mine.landscape == turned for nest, mine in zip(nests, own, strict=True))
    return nested_here and any(nest is None and _shrinks(grid, mine, count)
                               for grid, mine, count, nest in zip(grids, own, counts, nests, strict=True))


def _nests_on_their_own(grids: list[Sheet], own: list[Sheet], counts: list[int], nests: tuple) -> list[Sheet]:
    """One orientation's grids, except a round or hex deck that holds fewer to a sheet in it keeps its own orientation.

    Such a deck needs a layout of its own (nested rows, pnp.render.nesting): it
    gets sheets of its own, and the PDF mixes orientations, each back still
    behind its front (impose.Sheet.back_slot mirrors by each page's own turn)."""
    return [mine if nest is not None and _shrinks(grid, mine, count) else grid
            for grid, mine, count, nest in zip(grids, own, counts, nests, strict=True)]


def changed_grids(pages: list[list[Placement]]) -> list[tuple[int, Sheet]]:
    """Each group (index) printing on a page turned unlike the PDF's first page, with its grid: what the build notes."""
    if not pages:
        return []
    turn = pages[0][0].grid.landscape
    return list({p.group: (p.group, p.grid) for page in pages for p in page if p.grid.landscape != turn}.values())


def _last_at_end(pages: list[list[Placement]], last: list[bool]) -> list[list[Placement]]:
    """The pages in order, those holding a group asked to print last moved (in order) after all others."""
    return sorted(pages, key=lambda page: any(last[p.group] for p in page))


def printed_pages(pages: list[list[Placement]], backs: list[bool]) -> int:
    """Pages a plan prints: each sheet once, and again for its backs unless it is a gutterfold sheet."""
    return sum(1 + (not isinstance(page[0].grid, FoldSheet) and any(backs[p.group] for p in page)) for page in pages)


def _plan(grids: list[Sheet], counts: list[int], backs: list[bool], apart: tuple = (), guests: frozenset[int] = frozenset()) -> list[list[Placement]]:
    """Whole sheets of each group, then the leftovers of each size on shared sheets, then the last sheets stacked.

    Leftovers of one size share one pool, slot after slot, unless `apart` keeps two of them from sharing cuts: then
    each starts a pool of its own, whose last sheet stacks as a band (crop-mark room between bands) or prints alone."""
    whole: list[list[Placement]] = []
    pools: dict[tuple[Sheet, int], list[Entry]] = {}
    for group, (grid, count) in enumerate(zip(grids, counts, strict=True)):
        n = grid.per_sheet
        whole += [[Placement(group, grid, k * n, n, 0, n)] for k in range(count // n)]
        if count % n:
            pools.setdefault(_pool(pools, grid, group, apart), []).extend((group, i) for i in range(count - count % n, count))
    pooled, last = [], []
    for (grid, _), entries in pools.items():
        chunks = [entries[k : k + grid.per_sheet] for k in range(0, len(entries), grid.per_sheet)]
        pooled += [_runs(chunk, grid, grid.per_sheet) for chunk in chunks if len(chunk) == grid.per_sheet]
        last += [(grid, chunk) for chunk in chunks if len(chunk) < grid.per_sheet]
    return whole + pooled + _best_stacking(last, backs, guests)


def _pool(pools: dict[tuple[Sheet, int], list[Entry]], grid: Sheet, group: int, apart: tuple) -> tuple[Sheet, int]:
    """The first pool of `grid` holding no group kept apart from `group`, or a new one."""
    k = 0
    while any(tuple(sorted((group, other))) in apart for other, _ in pools.get((grid, k), [])):
        k += 1
    return grid, k


def under_half(pages: list[list[Placement]]) -> list[int]:
    """The pages (indices) under half full that are not the last of their PDF: what the packing rule forbids where it can."""
    return [i for i, page in enumerate(pages[:-1]) if fill(page) < HALF]


HALF = 0.5 - 1e-9  # a sheet holding exactly half its slots is half full
MAX_PERMUTED = 4  # up to this many last sheets, every stacking order is tried when the usual ones leave a page under half full


def _best_stacking(blocks: list[Block], backs: list[bool], guests: frozenset[int]) -> list[list[Placement]]:
    """The last sheets of each size stacked on as few printed pages as possible, then with no page but the last under half full;
    a block of `guests` may stand beside another's short last row where full-width bands do not fit (_beside_first).

    Stacking the tallest first packs pages tightest; where that leaves a page
    under half full (bands 9 mm apart hold fewer pieces than their slots
    promise), the groups' order and the densest blocks first are tried, then
    every order of a few blocks, which also splits rows over pages differently."""
    stacked: dict[tuple[int, ...], list[list[Placement]]] = {}  # each order's pages, by its blocks' ids: orders repeat

    def pages_of(order: Sequence[Block]) -> list[list[Placement]]:
        key = tuple(map(id, order))
        if (pages := stacked.get(key)) is None:
            pages = stacked[key] = sorted(_evened(_stack(list(order), guests), backs, guests), key=fill, reverse=True)
        return pages

    def score(pages: list[list[Placement]]) -> tuple:
        return _score(pages, backs)

    orders = [sorted(blocks, key=lambda b: -_rows(b[0], len(b[1])) * b[0].card_h), list(blocks),
              sorted(blocks, key=lambda b: -len(b[1]) / b[0].per_sheet / (_rows(b[0], len(b[1])) * (b[0].card_h + b[0].gap)))]
    best = min((pages_of(order) for order in orders), key=score)
    if under_half(best) and len(blocks) <= MAX_PERMUTED:
        best = min((pages_of(order) for order in permutations(blocks)), key=score, default=best)
        best = min([pages_of(orders[0]), best], key=score)  # on a tie, the tightest packing
    return best


def _score(pages: list[list[Placement]], backs: list[bool]) -> tuple[int, int, float]:
    """What a plan costs, least first: the pages it prints, then its pages under half full but the last, then how far under."""
    shortfall = sum(HALF - fill(pages[i]) for i in under_half(pages))
    return printed_pages(pages, backs), len(under_half(pages)), shortfall


def _evened(pages: list[list[Block]], backs: list[bool], guests: frozenset[int]) -> list[list[Placement]]:
    """The stacked pages with whole blocks moved onto the emptiest page while that makes it fuller and costs nothing,
    each page's placements: the moves are judged by them, so each page is laid out once.

    First-fit stacking fills the first pages and leaves the rest to the last: Police
    Precinct's evidence tokens joined its round tokens' page and its 9 cars took a
    page of their own, 4 % full. Moving a block is taken only when its bands still
    fit, no page more is printed (a block with backs may move only where its backs
    do not add a page), no other page falls under half or further under it, and the
    emptiest page ends fuller than before: the evidence tokens move beside the cars,
    and each sheet looks chosen rather than left over."""
    laid: dict[int, tuple[list[Block], list[Placement]]] = {}  # id(page) → (page, its placements): a page no move changes is laid out once

    def placed(page: list[Block]) -> list[Placement]:
        if (known := laid.get(id(page))) is None:
            known = laid[id(page)] = (page, _placements(page, guests))  # the page kept with them, so its id is never another's
        return known[1]

    def least(plan: list[list[Block]]) -> float:
        return min(fill(placed(page)) for page in plan)

    def cost(plan: list[list[Block]]) -> tuple[int, int, float]:
        return _score(sorted((placed(page) for page in plan), key=fill, reverse=True), backs)

    while len(pages) > 1:
        emptiest = min(range(len(pages)), key=lambda i: fill(placed(pages[i])))
        now, lowest = cost(pages), least(pages)
        better = next((plan for plan in (_with(rest, emptiest, block) for rest, block in _moves(pages, emptiest, guests))
                       if least(plan) > lowest and cost(plan) <= now), None)
        if better is None:
            break
        pages = better
    return [placed(page) for page in pages]


def _moves(pages: list[list[Block]], to: int, guests: frozenset[int]):
    """Each (plan without the block, block) for a block that could leave a page holding others for page `to`."""
    for i, page in enumerate(pages):
        if i == to or len(page) < 2:
            continue
        for block in page:
            rest = [b for b in page if b is not block]
            if _fits([*pages[to], block], guests) and _fits(rest, guests):
                yield [*pages[:i], rest, *pages[i + 1 :]], block


def _fits(page: list[Block], guests: frozenset[int]) -> bool:
    """Whether a page's blocks fit as _placements lays them out: a lone block on its own grid, several in bands in group order.

    Bands share a page only when their grids are of one page turned one way (a landscape band of hexes moved onto an
    upright page would have its backs mirrored across the wrong edge), and all are gutterfold sheets or none
    (_stackable): a set without backs moved onto a fold sheet would stand above the fold with nothing behind it."""
    return len(page) == 1 or (all(_stackable(page[0][0], grid) for grid, _ in page)
                              and _bands(sorted(page, key=lambda block: block[1][0]), guests) is not None)


def _with(plan: list[list[Block]], to: int, block: Block) -> list[list[Block]]:
    return [[*page, block] if i == to else page for i, page in enumerate(plan)]


def _runs(entries: list[Entry], grid: Sheet, of: int) -> list[Placement]:
    """Consecutive slots of `grid` from slot 0, one placement per run of one group's pieces."""
    out, at = [], 0
    for group, run in groupby(entries, key=itemgetter(0)):
        pieces = list(run)
        out.append(Placement(group, grid, pieces[0][1], len(pieces), at, of))
        at += len(pieces)
    return out


Block = tuple[Sheet, list[Entry]]  # some pieces of one size, and the whole-sheet grid of that size


def _stack(blocks: list[Block], guests: frozenset[int]) -> list[list[Block]]:
    """Pages of the last sheets of each size, in the order given: each onto the first page whose bands still fit it."""
    pages: list[list[Block]] = []
    for grid, entries in blocks:
        while entries:
            open_pages = [page for page in pages if _stackable(page[0][0], grid)]
            whole = next((page for page in open_pages if _bands([*page, (grid, entries)], guests) is not None), None)
            if whole is not None:
                whole.append((grid, entries))
                break
            split = max(((page, _most_that_fit(page, grid, entries, guests)) for page in open_pages), key=lambda pk: pk[1], default=(None, 0))
            if split[1]:
                split[0].append((grid, entries[: split[1]]))
                entries = entries[split[1] :]
                continue
            pages.append([(grid, entries)])
            break
    return pages


def _stackable(a: Sheet, b: Sheet) -> bool:
    """Whether bands of these grids can share a page: same paper and orientation, both gutterfold sheets or neither."""
    return isinstance(a, FoldSheet) == isinstance(b, FoldSheet) and (a.page_w, a.page_h) == (b.page_w, b.page_h)


def _rows(grid: Sheet, pieces: int) -> int:
    return -(-pieces // grid.cols)


def _most_that_fit(page: list[Block], grid: Sheet, entries: list[Entry], guests: frozenset[int]) -> int:
    """How many of `entries` (whole rows) a band added to `page` holds; 0 if not one row fits."""
    band = _bands([*page, (grid, entries[:1])], guests)
    if band is None:
        return 0
    cols = band[-1].cols
    for rows in range(_rows(grid, len(entries)), 0, -1):
        if _bands([*page, (grid, entries[: rows * cols])], guests) is not None:
            return min(len(entries), rows * cols)
    return 0


def _bands(page: list[Block], guests: frozenset[int]) -> list[Band] | list[FoldBand] | None:
    """The bands that hold `page`'s blocks stacked from the top, or None if they do not all fit; one block of `guests`
    may stand beside the first band's short last row where full-width bands do not fit (_beside_first).

    Gutterfold bands take the first block's fold if they all fit with it, else the other fold."""
    first = page[0][0]
    if not isinstance(first, FoldSheet):
        top = first_band_top(first.page_h, max(first.printable, first.band_printable), first.bleed)
        return _stacked(page, top, band_at) or (_beside_first(page, top, guests) if guests else None)
    for axis in dict.fromkeys((first.axis, "v" if first.axis == "h" else "h")):
        def at(*args, axis=axis):
            return fold_band_at(*args, axis, first.rotation)

        bands = _stacked(page, first_fold_band_top(first.page_h, first.printable, first.bleed, axis), at)
        if bands is not None:
            return bands
    return None


def _beside_first(page: list[Block], top: int, guests: frozenset[int]) -> list[Band] | None:
    """The bands of a page whose blocks do not all stack in full-width bands, with one block of `guests` beside the
    first band's short last row, that of no guest (bands.side_band), and the others below as usual; None if no block
    fits there so. Germ Tycoon's last four cards leave one card in their second row: its bacteria (32 mm circles,
    3 a row) print beside it, its colonies below."""
    if any(group in guests for group, _ in page[0][1]):
        return None
    for k in range(1, len(page)):
        grid, entries = page[k]
        if not all(group in guests for group, _ in entries):
            continue
        stacked = _stacked([b for i, b in enumerate(page) if i != k], top, band_at)
        side = side_band(stacked[0], len(page[0][1]), grid, len(entries)) if stacked is not None else None
        if side is not None and side.per_sheet >= len(entries):
            return [*stacked[:k], side, *stacked[k:]]
    return None


def _stacked(page: list[Block], top: int, band) -> list | None:
    """Bands made by `band(page_w, page_h, printable, w, h, gap, bleed, pieces, top)`, each below the last with room for marks."""
    out = []
    for grid, entries in page:
        made = band(grid.page_w, grid.page_h, max(grid.printable, grid.band_printable), grid.card_w, grid.card_h, grid.gap, grid.bleed, len(entries), top)
        if made is None or made.per_sheet < len(entries):
            return None
        out.append(made)
        top = next_band_top(made, grid.bleed)
    return out


def _placements(page: list[Block], guests: frozenset[int]) -> list[Placement]:
    """One page's placements: a lone size keeps its whole-sheet grid; several sizes take bands."""
    if len(page) == 1:
        grid, entries = page[0]
        return _runs(entries, grid, grid.per_sheet)
    ordered = sorted(page, key=lambda block: block[1][0])  # bands read in the groups' order where they fit so
    bands = _bands(ordered, guests)
    if bands is None:  # a band's rows depend on where it starts: the order they were stacked in is the one known to fit
        bands = _bands(page, guests)
    else:
        page = ordered
    return [p for band, (grid, entries) in zip(bands, page, strict=True) for p in _runs(entries, band, grid.per_sheet)]
