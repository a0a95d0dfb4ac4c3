"""Columns of packed blocks (pnp.render.flowables.pack's regions) made even: balanced to one height, then spread.

A reference sheet's or a player aid's sections are packed into columns (or
card faces) top down; `balance` shortens the columns of each page until its
blocks only just fit, so they end level, and `spread` grows the gaps between
blocks alike until the deepest column reaches its foot, for a page whose type
has stopped growing at its cap (pnp.outputs.reference).
"""
from __future__ import annotations

import itertools

from pnp.render.flowables import pack


def balance(regions: list, width: float, height, columns: int) -> list:
    """Each page's columns made even: the shortest height at which its blocks still fit `columns` columns.

    `height(index)` is the column height of region `index`. A shorter height
    that would split a section the packing kept whole is refused."""
    if columns < 2:
        return regions
    out = []
    for start in range(0, len(regions), columns):
        page = regions[start : start + columns]
        blocks = [block for region in page for _, block in region]
        lo, hi, best = 0.0, height(start), page
        for _ in range(14):  # to within a point of the best height
            mid = (lo + hi) / 2
            attempt, overflow = pack(blocks, width, mid)
            whole = sum(len(region) for region in attempt) == len(blocks)  # no section split that the packing kept whole
            if len(attempt) <= columns and not overflow and whole:
                hi, best = mid, attempt
            else:
                lo = mid
        out += best
    return out


def spread(regions: list, height, columns: int) -> list:
    """Each page's columns with the space between their sections grown alike, until the deepest reaches the foot.

    A short reference's type stops growing at its cap (MAX_SHEET_PT), and its balanced
    columns then stop short of the page's foot; the gaps between sections (never
    inside one) take the rest, each at most twice what it was, so the page reads
    as laid out rather than as run out. `height(index)` is region `index`'s height."""
    out = []
    for start in range(0, len(regions), columns):
        page = regions[start : start + columns]
        extra = min((_gap_room(region, height(start + i)) for i, region in enumerate(page) if len(region) > 1), default=0.0)
        out += [[(y + k * extra, block) for k, (y, block) in enumerate(region)] for region in page]
    return out


def _gap_room(region: list, height: float) -> float:
    """How much each gap between a region's blocks may grow: its share of the room below, at most the smallest gap."""
    gaps = [y - (prev_y + prev.height) for (prev_y, prev), (y, _) in itertools.pairwise(region)]
    return max(0.0, min((height - used_height(region)) / len(gaps), min(gaps)))


def used_height(region) -> float:
    """Points from a region's top to the foot of its last block."""
    if not region:
        return 0.0
    y, block = region[-1]
    return y + block.height
