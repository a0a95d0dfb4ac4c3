"""Bands: rows of one piece size on a page shared with other sizes, each below the last with room for both bands' marks.

A token sheet holding several sets, or a card sheet's last page holding the
decks' leftovers and the token sets beside them, is a stack of bands
(pnp.render.packing decides which pieces share a page). A band is a Sheet
whose grid hangs from a given height instead of sitting at the page's centre:
its columns are centred as a whole sheet's are, so its backs mirror across the
page exactly as on a whole sheet. On a gutterfold sheet the fronts' bands stack
in the half above the fold (or left of it), each band's backs its mirror image
across the fold (FoldBand). Between two bands their crop marks are short
(BAND_MARK_UM), so neighbouring bands' marks never meet.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from pnp.core.units import um
from pnp.render.impose import (
    FOLD_CLEAR_UM,
    FOOTER_BAND_UM,
    FOOTER_CLEAR_UM,
    MARK_GAP_UM,
    MARK_LEN_UM,
    SIDE_MARK_UM,
    TOLERANCE_UM,
    FoldSheet,
    Sheet,
    Slot,
    fit,
)

BAND_MARK_UM = um(3.0)  # crop marks between bands: short, so two neighbouring bands' marks never meet
BAND_SPACE_UM = 2 * (MARK_GAP_UM + BAND_MARK_UM) + um(1.0)  # from one band's bleed to the next one's


@dataclass(frozen=True)
class Band(Sheet):
    """Rows of one piece size on a page shared with other sizes (a token sheet holding several sets).

    `top` is the top of its first row's trim, in µm from the page bottom; columns
    are centred like a sheet's, so backs mirror exactly as on a full sheet."""

    top: int = 0

    @property
    def bottom(self) -> int:
        return self.top - self.grid_h

    @property
    def footer_side(self) -> str:
        return "bottom"  # bands leave the bottom band free for it

    def mark_cap(self, axis: str) -> int:
        return BAND_MARK_UM if axis == "y" else MARK_LEN_UM


BANDS_KEPT = 4096  # bands one process keeps, the most recently asked for (band_at, fold_band_at)


@lru_cache(maxsize=BANDS_KEPT)
def band_at(page_w: int, page_h: int, printable: int, card_w: int, card_h: int, gap: int, bleed: int, pieces: int, top: int) -> Band | None:
    """The band of up to `pieces` pieces (µm sizes) whose first row's trim starts at `top`; None if no row fits above the footer.

    A band is kept by the numbers it is made from, frozen as a Sheet is: packing tries each page's bands over and over
    (every stacking order, every move between pages, every choice of token sets on the last card sheet), asking for the
    same few hundred bands tens of thousands of times (docs/performance.md)."""
    limit = printable + TOLERANCE_UM
    cols = fit(page_w - 2 * (limit + SIDE_MARK_UM), card_w, gap, bleed)
    lowest = limit + FOOTER_BAND_UM + FOOTER_CLEAR_UM + BAND_MARK_UM + MARK_GAP_UM + bleed  # the last row's trim stays above this
    rows = (top - lowest + gap) // (card_h + gap) if top - lowest >= card_h else 0
    if not cols or rows <= 0:
        return None
    rows = min(rows, -(-pieces // cols))
    return Band(page_w, page_h, card_w, card_h, cols, rows, gap, bleed, printable=printable, top=top)


def first_band_top(page_h: int, printable: int, bleed: int) -> int:
    """Where the top band's first trim starts: below the printable limit, a band mark and its gap, and the bleed."""
    return page_h - printable - TOLERANCE_UM - BAND_MARK_UM - MARK_GAP_UM - bleed


def next_band_top(band: Band, bleed: int) -> int:
    """Where the band below `band` starts, leaving room for both bands' crop marks between them."""
    return band.bottom - band.bleed - BAND_SPACE_UM - bleed


SIDE_SPACE_UM = MARK_GAP_UM + BAND_MARK_UM + um(1.0)  # a piece's bleed to the bleed of a side band's piece: room for the side band's marks only


@dataclass(frozen=True)
class SideBand(Band):
    """Rows of one size in the room a band's short last row leaves beside it (`side_band`): its columns start at `x`
    (the first trim's left), not at the page's centre. Its slots mirror across the page as every slot does
    (Sheet.back_slot), so its backs land behind their fronts. Its marks are short on every side (BAND_MARK_UM): to
    its left lies the short row's last piece, above it the row before."""

    x: int = 0

    @property
    def left(self) -> int:
        return self.x

    def mark_cap(self, axis: str) -> int:
        return BAND_MARK_UM


def side_band(lead: Band, placed: int, grid: Sheet, pieces: int) -> SideBand | None:
    """The band of up to `pieces` pieces of `grid`'s size beside the short last row of `lead` (holding `placed` pieces):
    right of its last piece, within `lead`'s columns, no higher than a mark's room below the row before (or the row's
    own top when it is the only one) and no lower than the row's own bleed; None if `lead`'s last row is full or no
    piece fits. Within the row's height and the grid's width it meets none of `lead`'s marks: those run outside its
    grid, and below its last row from where that row's bleed ends."""
    short = placed - (lead.rows - 1) * lead.cols
    if not 0 < short < lead.cols:
        return None
    edge = lead.left + short * (lead.card_w + lead.gap) - lead.gap + lead.bleed  # the short row's last bleed
    row_top = lead.bottom + lead.card_h
    upper = row_top + lead.bleed if lead.rows == 1 else row_top + lead.gap - lead.bleed - SIDE_SPACE_UM
    lower = lead.bottom - lead.bleed
    space = _side_space(lead)
    cols = fit(lead.left + lead.grid_w + lead.bleed - edge - space, grid.card_w, grid.gap, grid.bleed)
    rows = fit(upper - lower, grid.card_h, grid.gap, grid.bleed)
    if not (cols and rows):
        return None
    return SideBand(lead.page_w, lead.page_h, grid.card_w, grid.card_h, cols, min(rows, -(-pieces // cols)), grid.gap, grid.bleed,
                    printable=lead.printable, top=upper - grid.bleed, x=edge + space + grid.bleed)


def _side_space(lead: Band) -> int:
    """From the short row's last bleed to a side band's first: room for the side band's own marks, or, when the short row is
    `lead`'s only row, for `lead`'s marks on the right of it too (its top and bottom cut lines end there, MARK_LEN_UM
    long); a longer row above carries those marks past the grid's right edge instead."""
    if lead.rows > 1:
        return SIDE_SPACE_UM
    return max(SIDE_SPACE_UM, MARK_GAP_UM + lead.mark_cap("x") + um(1.0))


@dataclass(frozen=True)
class FoldBand(FoldSheet):
    """Rows of one piece size on a gutterfold sheet shared with other sizes, their backs mirrored across the fold.

    `top` is the top of its first front row's trim. With a horizontal fold the
    fronts' bands stack down the upper half towards the fold, columns centred;
    with a vertical fold they stack down the left half, columns against the
    fold's clearance. Either way `back_slot` is the front's mirror image across
    the fold, so folding puts every back behind its front as on a whole sheet."""

    top: int = 0  # columns sit as on a whole gutterfold sheet (FoldSheet.left); rows hang from here

    @property
    def bottom(self) -> int:
        return self.top - self.grid_h

    def slot(self, index: int) -> Slot:
        row, col = divmod(index, self.cols)
        return Slot(self.left + col * (self.card_w + self.gap), self.top - self.card_h - row * (self.card_h + self.gap), self.card_w, self.card_h)

    @property
    def footer_side(self) -> str:
        return "bottom"  # the bands leave the bottom band free for it

    def mark_cap(self, axis: str) -> int:
        return BAND_MARK_UM if axis == "y" else super().mark_cap(axis)


@lru_cache(maxsize=BANDS_KEPT)
def fold_band_at(page_w: int, page_h: int, printable: int, card_w: int, card_h: int, gap: int, bleed: int, pieces: int, top: int,
                 axis: str, rotation: int = 180) -> FoldBand | None:
    """The gutterfold band of up to `pieces` pieces whose first front row's trim starts at `top`; None if no row fits.

    Fronts keep FOLD_CLEAR_UM and their bleed away from the fold (a horizontal
    fold: the last row stays above it; a vertical one: the columns stay left
    of it), and above the footer band, as a whole gutterfold sheet does. Kept as band_at's bands are."""
    limit = printable + TOLERANCE_UM
    if axis == "h":
        cols = fit(page_w - 2 * (limit + SIDE_MARK_UM), card_w, gap, bleed)
        lowest = page_h // 2 + FOLD_CLEAR_UM + bleed
    else:
        cols = fit(page_w // 2 - limit - SIDE_MARK_UM - FOLD_CLEAR_UM, card_w, gap, bleed)
        lowest = limit + FOOTER_BAND_UM + FOOTER_CLEAR_UM + BAND_MARK_UM + MARK_GAP_UM + bleed
    rows = (top - lowest + gap) // (card_h + gap) if top - lowest >= card_h else 0
    if not cols or rows <= 0:
        return None
    cols = min(cols, pieces)  # a short band keeps to the fold, so its backs sit right across it
    rows = min(rows, -(-pieces // cols))
    return FoldBand(page_w, page_h, card_w, card_h, cols, rows, gap, bleed, printable, axis, rotation, top=top)


def first_fold_band_top(page_h: int, printable: int, bleed: int, axis: str) -> int:
    """Where a gutterfold sheet's top band starts. With a horizontal fold the backs' mirror of the top band lies
    at the foot of the page, so the top band leaves the footer's room as well as a band mark's."""
    footer = FOOTER_BAND_UM + FOOTER_CLEAR_UM if axis == "h" else 0
    return first_band_top(page_h, printable, bleed) - footer
