"""Imposition's promises as invariants over any input (issue #76), with Hypothesis: for any paper, card size, gutter,
bleed and printer margin, every piece a sheet holds (with its bleed) lies inside the printable area and no two meet;
every back lands behind its front when the sheet is turned over its long or short edge. The expected places come
from how paper turns over, not from the planner: a sheet turned over its vertical edge puts a point at x on its
front at page width − x on its back.

Sizes are drawn as the planner takes them (mm); example counts stay modest so the suite keeps its time."""
from __future__ import annotations

import properties  # noqa: F401  (the suite's Hypothesis profile)
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from pnp.core.units import SHEET_PAPERS, paper_size
from pnp.render.impose import plan_sheet, um

PAPERS = st.one_of(st.sampled_from(SHEET_PAPERS), st.tuples(st.integers(100, 600), st.integers(100, 600)).map(lambda wh: f"{wh[0]}x{wh[1]}mm"))
CARDS = st.tuples(st.floats(15, 200), st.floats(15, 200)).map(lambda wh: (round(wh[0], 2), round(wh[1], 2)))
GUTTERS = st.sampled_from([0.0, 0.5, 2.0, 3.0, 6.35, 10.0])
BLEEDS = st.sampled_from([0.0, 1.0, 3.0, 3.175, 5.0])
MARGINS = st.sampled_from([0.0, 3.0, 4.23, 5.0, 6.35, 12.7])
ORIENTATIONS = st.sampled_from(["auto", "portrait", "landscape"])


def with_bleed(slot, bleed):
    return (slot.x - bleed, slot.y - bleed, slot.x + slot.w + bleed, slot.y + slot.h + bleed)


def overlap(a, b):
    return min(a[2], b[2]) > max(a[0], b[0]) and min(a[3], b[3]) > max(a[1], b[1])


def turned_over(box, page_w, page_h, over_vertical_edge):
    """Where a box on a page's front is seen from its back once the sheet is turned over one of its edges."""
    x0, y0, x1, y1 = box
    return (page_w - x1, y0, page_w - x0, y1) if over_vertical_edge else (x0, page_h - y1, x1, page_h - y0)


@settings(max_examples=60)
@given(paper=PAPERS, card=CARDS, gutter=GUTTERS, bleed=BLEEDS, margin=MARGINS, orientation=ORIENTATIONS)
def test_every_imposed_piece_lies_inside_the_printable_area_and_none_meet(paper, card, gutter, bleed, margin, orientation):
    sheet = plan_sheet(paper, card, gutter, bleed, orientation, margin)
    w, h = (um(v) for v in paper_size(paper))
    if sheet is None:  # no page of this paper has that orientation: a square one is portrait only (packing asks both)
        assert w == h and orientation == "landscape"
        return
    assert {sheet.page_w, sheet.page_h} == {w, h}
    if orientation != "auto":
        assert (sheet.page_w > sheet.page_h) == (orientation == "landscape") or sheet.page_w == sheet.page_h
    limit = um(margin)  # the printer's margin: nothing is printed nearer the edge
    boxes = [with_bleed(sheet.slot(i), sheet.bleed) for i in range(sheet.per_sheet)]
    for box in boxes:
        assert box[0] >= limit and box[1] >= limit and box[2] <= sheet.page_w - limit and box[3] <= sheet.page_h - limit, (box, sheet)
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert not overlap(a, b), (a, b)
    for i in range(sheet.per_sheet):
        slot = sheet.slot(i)
        assert (slot.w, slot.h) == (um(card[0]), um(card[1]))  # cards print upright, at their size


@settings(max_examples=60)
@given(paper=PAPERS, card=CARDS, gutter=GUTTERS, bleed=BLEEDS, margin=MARGINS, orientation=ORIENTATIONS,
       duplex=st.sampled_from(["long", "short"]))
def test_every_back_lands_behind_its_front_when_the_sheet_is_turned_over(paper, card, gutter, bleed, margin, orientation, duplex):
    sheet = plan_sheet(paper, card, gutter, bleed, orientation, margin)
    assume(sheet is not None and sheet.per_sheet > 0)
    landscape = sheet.page_w > sheet.page_h
    # a portrait sheet turned over its long edge turns about a vertical line; a landscape one about a horizontal line
    over_vertical_edge = (duplex == "long") != landscape
    backs = []
    for i in range(sheet.per_sheet):
        front = sheet.slot(i)
        back = sheet.back_slot(i, duplex)
        seen = turned_over((back.x, back.y, back.x + back.w, back.y + back.h), sheet.page_w, sheet.page_h, over_vertical_edge)
        assert seen == (front.x, front.y, front.x + front.w, front.y + front.h), (i, front, back)
        backs.append(with_bleed(back, sheet.bleed))
    limit = um(margin)
    for i, box in enumerate(backs):
        assert box[0] >= limit and box[1] >= limit and box[2] <= sheet.page_w - limit and box[3] <= sheet.page_h - limit
        assert not any(overlap(box, other) for other in backs[i + 1:])
    assert [sheet.back_slot(i, "none") for i in range(sheet.per_sheet)] == [sheet.slot(i) for i in range(sheet.per_sheet)]


@settings(max_examples=40)
@given(paper=st.sampled_from(SHEET_PAPERS), card=CARDS, gutter=GUTTERS, bleed=BLEEDS, margin=MARGINS)
def test_slots_are_in_reading_order_and_a_free_choice_holds_at_least_what_either_orientation_does(paper, card, gutter, bleed, margin):
    sheet = plan_sheet(paper, card, gutter, bleed, "auto", margin)
    slots = [sheet.slot(i) for i in range(sheet.per_sheet)]
    order = sorted(slots, key=lambda s: (-s.y, s.x))  # top row first, left to right
    assert slots == order
    assert sheet.per_sheet >= max(plan_sheet(paper, card, gutter, bleed, o, margin).per_sheet for o in ("portrait", "landscape"))
    if slots:  # neighbours are one card and the gutter (at least both bleeds) apart
        gap = max(um(gutter), 2 * um(bleed))
        if sheet.cols > 1:
            assert slots[1].x - slots[0].x == slots[0].w + gap
        if sheet.rows > 1:
            assert slots[0].y - slots[sheet.cols].y == slots[0].h + gap


@settings(max_examples=40)
@given(paper=PAPERS, card=CARDS, gutter=GUTTERS, bleed=BLEEDS, margin=MARGINS, orientation=ORIENTATIONS)
def test_every_back_on_a_gutterfold_sheet_lands_behind_its_front_when_the_sheet_is_folded_in_half(paper, card, gutter, bleed, margin, orientation):
    """A gutterfold sheet is folded in half across its longer or shorter middle line: a point at y on one half meets
    page height − y on the other (or x, page width − x). Every back, folded over, covers its front exactly; backs and
    fronts, with their bleed, lie inside the printable area, each on its own half, none meeting another."""
    from pnp.render.impose import plan_fold_sheet

    sheet = plan_fold_sheet(paper, card, gutter, bleed, 180, margin, orientation)
    assume(sheet is not None and sheet.per_sheet > 0)
    across = sheet.axis == "h"  # fronts above, backs below
    boxes = []
    for i in range(sheet.per_sheet):
        front, back = sheet.slot(i), sheet.back_slot(i)
        b = (back.x, back.y, back.x + back.w, back.y + back.h)
        folded = (b[0], sheet.page_h - b[3], b[2], sheet.page_h - b[1]) if across else (sheet.page_w - b[2], b[1], sheet.page_w - b[0], b[3])
        assert all(abs(p - q) <= 1 for p, q in zip(folded, (front.x, front.y, front.x + front.w, front.y + front.h), strict=True)), (i, front, back)
        f, k = with_bleed(front, sheet.bleed), with_bleed(back, sheet.bleed)
        assert (f[1] >= sheet.page_h / 2 >= k[3]) if across else (f[2] <= sheet.page_w / 2 <= k[0])  # each on its half
        boxes += [f, k]
    limit = um(margin)
    for i, box in enumerate(boxes):
        assert box[0] >= limit and box[1] >= limit and box[2] <= sheet.page_w - limit and box[3] <= sheet.page_h - limit, (box, sheet)
        assert not any(overlap(box, other) for other in boxes[i + 1:])


@settings(max_examples=60)
@given(avail=st.integers(0, 400_000), card=st.integers(1, 200_000), bleed=st.integers(0, 5_000), extra=st.integers(0, 10_000))
def test_a_row_holds_every_card_that_fits_with_its_gaps_and_its_outer_bleeds_and_no_more(avail, card, bleed, extra):
    """n cards in a row take n cards, n − 1 gaps (each at least both bleeds) and a bleed at each end: the row holds
    the largest n that fits in the room, 0 when one card and its bleeds do not."""
    from pnp.render.impose import fit

    gap = 2 * bleed + extra
    n = fit(avail, card, gap, bleed)

    def width(k):
        return k * card + (k - 1) * gap + 2 * bleed

    assert (n == 0 and width(1) > avail) or (n >= 1 and width(n) <= avail < width(n + 1))
    assert fit(width(3), card, gap, bleed) == 3 and fit(width(3) - 1, card, gap, bleed) == 2  # exactly at the edge
    assert fit(34, 30, 5, 2) == 1 and fit(33, 30, 5, 2) == 0  # one card and its 2 µm bleeds in 34 µm, not in 33
