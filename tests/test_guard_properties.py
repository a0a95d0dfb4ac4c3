"""Imposition's promises as invariants over any input (issue #76), with Hypothesis: for any paper, card size, gutter,
bleed and printer margin, every piece a sheet holds (with its bleed) lies inside the printable area and no two meet;
every back lands behind its front when the sheet is turned over its long or short edge. The expected places come
from how paper turns over, not from the planner: a sheet turned over its vertical edge puts a point at x on its
front at page width − x on its back.

Sizes are drawn as the planner takes them (mm); example counts stay modest so the suite keeps its time."""
from __future__ import annotations

import properties  # noqa: F401  (the suite's Hypothesis profile)
import pytest
from hypothesis import assume, example, given, settings
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
    # a one-sided printer's backs page is glued behind its fronts (or the fronts fed back in), turned over its long edge
    assert [sheet.back_slot(i, "none") for i in range(sheet.per_sheet)] == [sheet.back_slot(i, "long") for i in range(sheet.per_sheet)]


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



# The room a sheet keeps round its grid, as docs/printing.md states it (mm): nothing nearer the paper's edge than the
# printer's margin and 0.5 mm of tolerance; every cut line's crop mark 1 mm outside the bleed and at least 2 mm long,
# at one end of the line or the other; the footer's band (its 6.5 pt line and the scale bar's ticks, 3 mm) and 1 mm
# clear of marks and pieces, along the bottom or up the left side. Left and right of the grid each row's cut lines keep
# a mark of 2 mm on both sides (a row's last card may have no neighbour to share it). With no profile (the 5 mm margin
# itself) a sheet may come snug, where that holds more: no tolerance, marks of 1.5 mm above and below.
TOLERANCE_MM, MARK_GAP_MM, MARK_MM, SNUG_MARK_MM, FOOTER_MM = 0.5, 1.0, 2.0, 1.5, 3.0 + 1.0


def most_that_fit(paper, card, gutter, bleed_mm, orientation, margin, slack_mm, snug=True):
    """The most cards a sheet of `paper` holds by the rooms above, from the sizes alone: for each orientation, way
    (tolerance, or snug at the 5 mm default unless `snug` is false) and footer side, columns × rows, each a floor
    division of what the paper leaves. `slack_mm` more room below a grid moved against a limit (the planner keeps
    0.1 mm inside it) gives the count it must reach; none, the count it may not pass."""
    w, h = (um(v) for v in paper_size(paper))
    bleed = um(bleed_mm)
    gap = max(um(gutter), 2 * bleed)  # neighbours' bleeds never overlap

    def row(room, size):
        return (room - 2 * bleed + gap) // (size + gap) if room >= size + 2 * bleed else 0

    ways = [(um(margin + TOLERANCE_MM), um(MARK_MM))] + ([(um(5.0), um(SNUG_MARK_MM))] if snug and margin == 5.0 else [])
    counts = [0]
    for page_w, page_h in ((w, h), (h, w)):
        if orientation != "auto" and (orientation == "landscape") != (page_w > page_h):
            continue
        for limit, mark in ways:
            # footer along the bottom: side marks at both sides; above and below, the footer and one end's mark
            # footer up the left: the sides hold it (centred: both); above and below, one end's mark
            for side, across in ((um(MARK_GAP_MM + MARK_MM), um(FOOTER_MM + MARK_GAP_MM + slack_mm) + mark),
                                 (max(um(FOOTER_MM), um(MARK_GAP_MM + MARK_MM)), um(MARK_GAP_MM + slack_mm) + mark)):
                counts.append(row(page_w - 2 * (limit + side), um(card[0])) * row(page_h - 2 * limit - across, um(card[1])))
    return max(counts)


@settings(max_examples=80)
@given(paper=PAPERS, card=CARDS, gutter=GUTTERS, bleed=BLEEDS, margin=MARGINS, orientation=ORIENTATIONS)
@example(paper="a3", card=(22.52, 123.85), gutter=6.35, bleed=3.175, margin=5.0, orientation="auto")  # 14 × 2 snug has 1.9 mm side marks
@example(paper="legal", card=(91.55, 38.36), gutter=10.0, bleed=3.0, margin=5.0, orientation="auto")  # 2 × 7 only snug (12 else)
@example(paper="letter", card=(63.5, 88.9), gutter=0.0, bleed=0.0, margin=5.0, orientation="auto")  # 3 × 3 snug, 4 × 2 else
@example(paper="a4", card=(63.5, 88.9), gutter=0.0, bleed=0.0, margin=5.0, orientation="auto")  # 3 × 3 either way: not snug
def test_a_sheet_holds_the_most_cards_that_fit_the_paper_with_its_margins_marks_and_footer(paper, card, gutter, bleed, margin, orientation):
    """The planner's count is the most the sizes allow: at least what fits with 0.1 mm to spare against the limit, no
    more than what fits with none (the two differ only within 0.1 mm of a size's edge). Its printable limit, where its
    marks and footer may reach, keeps the tolerance unless coming to the 5 mm default itself holds more cards."""
    sheet = plan_sheet(paper, card, gutter, bleed, orientation, margin)
    assume(sheet is not None)
    assert most_that_fit(paper, card, gutter, bleed, orientation, margin, 0.1) <= sheet.per_sheet
    assert sheet.per_sheet <= most_that_fit(paper, card, gutter, bleed, orientation, margin, 0.0)
    if sheet.per_sheet and sheet.per_sheet <= most_that_fit(paper, card, gutter, bleed, orientation, margin, 0.1, snug=False):
        assert sheet.limit == um(margin + TOLERANCE_MM)  # as many with the tolerance kept: it is kept
    elif sheet.per_sheet > most_that_fit(paper, card, gutter, bleed, orientation, margin, 0.0, snug=False):
        assert margin == 5.0 and sheet.limit == um(5.0)  # more only snug, at the default margin alone


def silhouette_keep_out(page_w, page_h):
    """Silhouette's Print & Cut marks as docs/labels-and-cutters.md gives them (mm from the top-left: a 5 mm square
    top-left, L-shaped corners of 20 mm arms 0.5 mm thick top-right and bottom-left, 10 mm in from the edges), each grown
    by the 2 mm pieces keep off them, as boxes in µm from the bottom-left."""
    right, bottom = page_w - 10, page_h - 10
    marks = [(10, 10, 5, 5), (right - 20, 10, 20, 0.5), (right - 0.5, 10, 0.5, 20), (10, bottom - 0.5, 20, 0.5), (10, bottom - 20, 0.5, 20)]
    return [(um(x - 2), um(page_h - y - h - 2), um(x + w + 2), um(page_h - y + 2)) for x, y, w, h in marks]


@settings(max_examples=30)
@given(paper=PAPERS, card=CARDS, gutter=GUTTERS, bleed=BLEEDS, orientation=ORIENTATIONS)
@example(paper="letter", card=(30.67, 46.39), gutter=0.5, bleed=3.0, orientation="portrait")  # 5 × 4 at 12.5 mm, cut lines by the marks
@example(paper="tabloid", card=(68.26, 55.52), gutter=2.0, bleed=3.0, orientation="landscape")  # the footer up the side, below the square
def test_a_sheet_for_a_cutter_keeps_off_its_marks_and_holds_at_least_what_its_whole_margin_does(paper, card, gutter, bleed, orientation):
    """With a Silhouette, a whole sheet of one size may come to 12.5 mm from the edges (inside its marks: 10 mm, their
    0.5 mm line, 2 mm clear) where that holds more than its whole 17 mm margin; no piece with its bleed, and no crop mark,
    ever comes within 2 mm of a mark; nor does the footer's 3 mm band, wherever along its side it runs."""
    from pnp.render.cutters import CUTTERS
    from pnp.render.impose import crop_mark_segments

    silhouette = CUTTERS["silhouette"]
    whole = plan_sheet(paper, card, gutter, bleed, orientation, 17.0)
    sheet = plan_sheet(paper, card, gutter, bleed, orientation, 17.0, silhouette)
    assume(sheet is not None and sheet.per_sheet > 0)
    assert sheet.per_sheet >= whole.per_sheet
    keep_out = silhouette_keep_out(sheet.page_w / 1000, sheet.page_h / 1000)
    slots = [sheet.slot(i) for i in range(sheet.per_sheet)]
    for slot in slots:
        box = with_bleed(slot, sheet.bleed)
        assert min(box[0], box[1], sheet.page_w - box[2], sheet.page_h - box[3]) >= um(12.5), (box, sheet)
        assert not any(overlap(box, mark) for mark in keep_out), (box, sheet)
    for x0, y0, x1, y1 in crop_mark_segments(sheet, slots):
        assert not any(overlap((min(x0, x1), min(y0, y1), max(x0, x1) + 1, max(y0, y1) + 1), mark) for mark in keep_out)
    side, near = sheet.footer_side, sheet.footer_limit
    start, end = sheet.footer_span(side)
    footer = (near, start, near + um(3.0), end) if side == "left" else (start, near, end, near + um(3.0))
    assert not any(overlap(footer, mark) for mark in keep_out), (footer, sheet)


def test_pieces_of_several_sizes_sharing_a_cutters_sheet_keep_its_whole_margin_with_their_marks():
    """Bands of several sizes keep Silhouette's whole 17 mm margin all round (docs/labels-and-cutters.md): their pieces
    and their crop marks alike, though a whole sheet of one size may come nearer."""
    from pnp.render.cutters import CUTTERS
    from pnp.render.impose import crop_mark_segments
    from pnp.render.packing import plan_pages

    silhouette = CUTTERS["silhouette"]
    pages = plan_pages("a4", [((63.5, 88.9), 2), ((25.4, 25.4), 3)], 0, 0, silhouette.margin(210, 297), machine=silhouette)
    assert len(pages) == 1 and len(pages[0]) == 2  # the two sizes share the one page (a whole sheet of poker cards comes to 12.5 mm: 4 × 2)
    for placed in pages[0]:
        band, slots = placed.grid, placed.slots()
        xs = [v for s in slots for v in (s.x, s.x + s.w)] + [v for seg in crop_mark_segments(band, slots) for v in (seg[0], seg[2])]
        ys = [v for s in slots for v in (s.y, s.y + s.h)] + [v for seg in crop_mark_segments(band, slots) for v in (seg[1], seg[3])]
        assert min(min(xs), band.page_w - max(xs), min(ys), band.page_h - max(ys)) >= um(17.0), placed


def marks_of(sheet, slots):
    """The sheet's crop marks for `slots`, each as (vertical?, the cut line's coordinate, start, end along it)."""
    from pnp.render.impose import crop_mark_segments

    out = []
    for x0, y0, x1, y1 in crop_mark_segments(sheet, slots):
        assert x0 == x1 or y0 == y1, (x0, y0, x1, y1)  # a mark runs along its cut line's extension
        out.append((True, x0, y0, y1) if x0 == x1 else (False, y0, x0, x1))
    return out


def check_marks(sheet, slots, art, fold=None, caps=(5.0, 5.0), others=()):
    """docs/printing.md's crop marks for pieces at `slots` whose art reaches the boxes `art`: every cut line has a mark
    at one end or the other at least 2 mm long (1.5 mm on a snug sheet), each starting 1 mm outside the art of a piece
    whose cut it continues and running as far towards the paper's edge as the printable limit and the footer's band let
    it, up to 5 mm (`caps` mm: marks across the page's width, along its height; shorter between bands and across a
    fold); none nearer the paper's edge than the printable limit, none in the footer's band, none on a piece's art (nor
    on `others`, the art of the page's other pieces); on a gutterfold sheet none within 1 mm of the fold line, where
    the backs' cut lines that meet it take a 3 mm mark ending 1 mm short of it."""
    snug = sheet.limit == sheet.printable  # the 5 mm default itself: test_a_sheet_holds_the_most_cards_… says when
    least, limit = um(SNUG_MARK_MM if snug else MARK_MM), sheet.printable + (0 if snug else um(TOLERANCE_MM))
    marks = marks_of(sheet, slots)
    side, near = sheet.footer_side, sheet.footer_limit
    footer = (0, 0, near + um(FOOTER_MM), sheet.page_h) if side == "left" else (0, 0, sheet.page_w, near + um(FOOTER_MM))
    gap = um(MARK_GAP_MM)
    for vertical, at, a, b in marks:
        lo, hi = min(a, b), max(a, b)
        starts = {v for box in art for v in ((box[1] - gap, box[3] + gap) if vertical else (box[0] - gap, box[2] + gap))}
        assert a in starts, (vertical, at, a, b)  # 1 mm outside the art
        assert hi - lo <= um(5.0)
        box = (at, lo, at + 1, hi + 1) if vertical else (lo, at, hi + 1, at + 1)
        assert box[0] >= limit and box[1] >= limit and box[2] - 1 <= sheet.page_w - limit and box[3] - 1 <= sheet.page_h - limit, (box, sheet)
        assert not overlap(box, footer), (box, side, sheet)
        assert not any(overlap(box, piece) for piece in (*art, *others)), box
        towards_fold = False
        if fold is not None:
            axis, line = fold
            across = (axis == "h") == vertical
            assert not across or line - um(1.0) >= hi or lo >= line + um(1.0), (box, fold)
            towards_fold = across and abs(b - line) < abs(a - line)
        edge = ("top" if b > a else "bottom") if vertical else ("right" if b > a else "left")
        room = {"top": sheet.page_h - a, "bottom": a, "right": sheet.page_w - a, "left": a}[edge] - limit \
            - (um(FOOTER_MM) if edge == side else 0)
        expected = min(um(3.0), abs(line - a) - um(1.0)) if towards_fold else min(um(caps[1 if vertical else 0]), room)
        assert hi - lo == expected, (vertical, at, a, b, expected, edge, sheet)
    for vertical, lines in ((True, {v for s in slots for v in (s.x, s.x + s.w)}), (False, {v for s in slots for v in (s.y, s.y + s.h)})):
        for line in lines:
            assert any(m[0] == vertical and m[1] == line and abs(m[3] - m[2]) >= least for m in marks), (vertical, line, sheet)


@settings(max_examples=60)
@given(paper=PAPERS, card=CARDS, gutter=GUTTERS, bleed=BLEEDS, margin=MARGINS, orientation=ORIENTATIONS, share=st.floats(0.01, 1),
       edge=st.booleans())
def test_every_cut_line_has_a_mark_that_prints_outside_the_grid_and_none_lies_on_a_piece(paper, card, gutter, bleed, margin, orientation, share, edge):
    """On a full sheet or a last one partly filled; with `edge`, a sheet of shared cut lines given its bleed on the grid's
    outer edges only: on each side of the page the whole bleed, or as much as its margin holds between the trim and
    the limit while it keeps the footer's band and the mark it had (1 mm out, and its least length), less 0.1 mm."""
    from pnp.render.impose import with_edge_bleed

    sheet = plan_sheet(paper, card, 0.0 if edge else gutter, 0.0 if edge else bleed, orientation, margin)
    assume(sheet is not None and sheet.per_sheet > 0)
    full = [sheet.slot(i) for i in range(sheet.per_sheet)]
    if edge:
        plain = marks_of(sheet, full)
        sheet = with_edge_bleed(sheet, um(bleed))
        least = um(SNUG_MARK_MM if sheet.limit == sheet.printable else MARK_MM)
        x0, y0 = min(s.x for s in full), min(s.y for s in full)
        x1, y1 = max(s.x + s.w for s in full), max(s.y + s.h for s in full)
        for k, (name, margin_um, vertical, outward) in enumerate((("left", x0, False, x0), ("bottom", y0, True, y0),
                                                                 ("right", sheet.page_w - x1, False, x1), ("top", sheet.page_h - y1, True, y1))):
            marked = any(m[0] == vertical and abs(m[3] - m[2]) >= least and (m[2] == outward - um(MARK_GAP_MM) or m[2] == outward + um(MARK_GAP_MM))
                         for m in plain)
            room = (margin_um - sheet.limit - (um(FOOTER_MM) if sheet.footer_side == name else 0)
                    - (um(MARK_GAP_MM) + least if marked else 0) - um(0.1))
            assert sheet.edge_bleed[k] == max(0, min(um(bleed), room)), (name, sheet.edge_bleed, room)
    slots = full[:max(1, round(share * sheet.per_sheet))]
    eb = sheet.edge_bleed
    boxes = [with_bleed(s, sheet.bleed) for s in slots]
    x0, y0 = min(b[0] for b in boxes), min(b[1] for b in boxes)
    x1, y1 = max(b[2] for b in boxes), max(b[3] for b in boxes)
    art = [(b[0] - eb[0] * (b[0] == x0), b[1] - eb[1] * (b[1] == y0), b[2] + eb[2] * (b[2] == x1), b[3] + eb[3] * (b[3] == y1)) for b in boxes]
    check_marks(sheet, slots, art)


@settings(max_examples=40)
@given(paper=PAPERS, card=CARDS, gutter=GUTTERS, bleed=BLEEDS, margin=MARGINS, orientation=ORIENTATIONS, backs=st.booleans())
def test_every_cut_line_of_a_gutterfold_sheet_has_a_mark_and_none_reaches_the_fold(paper, card, gutter, bleed, margin, orientation, backs):
    """A gutterfold sheet's fronts and backs (or fronts alone: a set with no backs): every cut line keeps a mark of at
    least 2 mm (docs/print-and-cut.md), where the outer margins leave less by a mark of up to 3 mm from the backs'
    bleed towards the fold; no mark comes within 1 mm of the fold line, where the sheet is folded."""
    from pnp.render.impose import plan_fold_sheet

    sheet = plan_fold_sheet(paper, card, gutter, bleed, 180, margin, orientation)
    assume(sheet is not None and sheet.per_sheet > 0)
    slots = [sheet.slot(i) for i in range(sheet.per_sheet)] + ([sheet.back_slot(i) for i in range(sheet.per_sheet)] if backs else [])
    caps = (5.0, 3.0) if sheet.axis == "h" else (3.0, 5.0)  # marks across the fold's line stay short, whichever side
    fold = sheet.page_h // 2 if sheet.axis == "h" else sheet.page_w // 2
    check_marks(sheet, slots, [with_bleed(s, sheet.bleed) for s in slots], (sheet.axis, fold), caps)
    if backs:  # each of the backs' cut lines that meet the fold: a 3 mm mark towards it, ending 1 mm short
        across = sheet.axis == "h"
        lines = {v for i in range(sheet.per_sheet) for v in ((sheet.back_slot(i).x, sheet.back_slot(i).x + sheet.back_slot(i).w) if across
                                                             else (sheet.back_slot(i).y, sheet.back_slot(i).y + sheet.back_slot(i).h))}
        towards = {m[1] for m in marks_of(sheet, slots) if m[0] == across and abs(m[3] - fold) == um(1.0) and abs(m[3] - m[2]) == um(3.0)}
        assert lines <= towards, (sorted(lines - towards), sheet)


@pytest.mark.parametrize("layout, paper", [("duplex", "letter"), ("gutterfold", "letter"), ("gutterfold", "legal")])  # folded down, across
def test_bands_of_several_sizes_on_one_page_keep_their_marks_short_and_apart(layout, paper):
    """Several sizes share a page in bands (docs/components.md): between two bands the marks are 3 mm, so the marks of
    one band never reach another's, nor its pieces; the marks across the page, at the sides, run to 5 mm as on a sheet."""
    from pnp.render.packing import plan_pages

    pages = plan_pages(paper, [((63.5, 88.9), 2), ((25.4, 25.4), 6), ((44.45, 63.5), 3)], 0, 1.0, 5.0, layout=layout)
    page = next(p for p in pages if len(p) >= 2)
    placed = [(p.grid, p.slots() + ([p.grid.back_slot(p.at + i) for i in range(p.count)] if layout == "gutterfold" else [])) for p in page]
    art = {id(grid): [with_bleed(s, grid.bleed) for s in slots] for grid, slots in placed}
    for grid, slots in placed:
        others = [box for g, _ in placed if g is not grid for box in art[id(g)]]
        fold = (grid.axis, grid.page_h // 2 if grid.axis == "h" else grid.page_w // 2) if layout == "gutterfold" else None
        check_marks(grid, slots, art[id(grid)], fold, (3.0 if fold and fold[0] == "v" else 5.0, 3.0), others)
    marks = [(grid, m) for grid, slots in placed for m in marks_of(grid, slots)]
    for i, (g1, (v1, at1, a1, b1)) in enumerate(marks):
        for g2, (v2, at2, a2, b2) in marks[i + 1:]:
            if g1 is not g2 and v1 == v2 and at1 == at2:  # two bands' marks on one line never meet
                assert max(a1, b1) < min(a2, b2) or max(a2, b2) < min(a1, b1), (at1, (a1, b1), (a2, b2))
