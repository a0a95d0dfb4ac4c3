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


def band_at(page_w: int, page_h: int, printable: int, card_w: int, card_h: int, gap: int, bleed: int, pieces: int, top: int) -> Band | None:
    """The band of up to `pieces` pieces (µm sizes) whose first row's trim starts at `top`; None if no row fits above the footer."""
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


def fold_band_at(page_w: int, page_h: int, printable: int, card_w: int, card_h: int, gap: int, bleed: int, pieces: int, top: int,
                 axis: str, rotation: int = 180) -> FoldBand | None:
    """The gutterfold band of up to `pieces` pieces whose first front row's trim starts at `top`; None if no row fits.

    Fronts keep FOLD_CLEAR_UM and their bleed away from the fold (a horizontal
    fold: the last row stays above it; a vertical one: the columns stay left
    of it), and above the footer band, as a whole gutterfold sheet does."""
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
