"""Nesting's promises as invariants over any paper, size, gap, bleed and margin (issue #76 item 1: pnp/render/nesting.py
scored by mutmut, which cannot map test_card_nesting's builds to the functions they reach).

Round and hex pieces nest in offset rows or a honeycomb (docs/data-format.md): every piece's cut, grown by its bleed,
lies inside the printer's margin and its 0.5 mm tolerance, and clear of a 4 mm footer band at the top and at the bottom
(a back mirrored across either edge clears its own page's footer); no two cuts come nearer than the gap (the gutter, at
least both bleeds); the places are in reading order; and the sheets of test_card_nesting's hand count hold what it
counts. The expected geometry is a circle's or a regular hexagon's, worked out here, not the planner's."""
from __future__ import annotations

import itertools
import math

import properties  # noqa: F401  (the suite's Hypothesis profile)
import pytest
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st
from polygons import apart

from pnp.core.shapes import Shape
from pnp.core.units import SHEET_PAPERS, paper_size
from pnp.render.impose import crop_mark_segments
from pnp.render.nesting import nest_sheet

TOLERANCE_MM, FOOTER_MM = 0.5, 4.0  # docs/printing.md; the footer's 3 mm band and 1 mm clear
SHAPES = {"circle": Shape("circle"), "flat": Shape("hexagon"), "pointy": Shape("hexagon", pointy=True)}


def cut(shape: Shape, centre: tuple[float, float], w: float, h: float, grow: float = 0.0) -> list[tuple[float, float]]:
    """The piece's cut around `centre` (mm), grown by `grow`: a circle as a 72-gon round its inscribed circle (for the
    distances below, a circle is checked by its centre), a hexagon the largest regular one its box holds, corners on the
    box's long axis (flat top: left and right), each side moved out by `grow`."""
    cx, cy = centre
    if shape.kind == "circle":
        r = min(w, h) / 2 + grow
        return [(cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a))) for a in range(0, 360, 5)]
    across, along = (h, w) if shape.pointy else (w, h)
    r = min(across / 2, along / math.sqrt(3)) + grow / math.cos(math.pi / 6)
    start = 90 if shape.pointy else 0
    return [(cx + r * math.cos(math.radians(start + a)), cy + r * math.sin(math.radians(start + a))) for a in range(0, 360, 60)]


PAPERS = st.one_of(st.sampled_from(SHEET_PAPERS), st.tuples(st.integers(100, 500), st.integers(100, 500)).map(lambda wh: f"{wh[0]}x{wh[1]}mm"))


@settings(max_examples=40)
@given(paper=PAPERS, kind=st.sampled_from(list(SHAPES)), size=st.floats(15, 120), aspect=st.sampled_from([1.0, math.sqrt(3) / 2, 1.2]),
       gutter=st.sampled_from([0.0, 2.0, 3.0, 6.0]), bleed=st.sampled_from([1.0, 1.5, 3.0]), margin=st.sampled_from([0.0, 3.0, 5.0, 6.35]),
       orientation=st.sampled_from(["auto", "portrait", "landscape"]))
@example(paper="letter", kind="flat", size=38.0, aspect=math.sqrt(3) / 2, gutter=0.0, bleed=1.0, margin=5.0, orientation="portrait")
@example(paper="a4", kind="circle", size=50.0, aspect=1.0, gutter=0.0, bleed=1.0, margin=5.0, orientation="portrait")
@example(paper="60x172.998mm", kind="circle", size=20.0, aspect=1.0, gutter=0.0, bleed=1.0, margin=5.0, orientation="portrait")  # 6 down, 4 µm short of 7
def test_every_nested_piece_lies_inside_the_margin_and_the_footer_bands_and_no_two_cuts_come_nearer_than_the_gap(
        paper, kind, size, aspect, gutter, bleed, margin, orientation):
    shape, w, h = SHAPES[kind], round(size, 2), round(size * aspect, 2)
    nest = nest_sheet(paper, (w, h), shape, gutter, bleed, orientation, margin)
    assume(nest is not None)
    pw, ph = (v / 1000 for v in (nest.page_w, nest.page_h))
    assert sorted((pw, ph)) == sorted(paper_size(paper))
    if orientation != "auto":
        assert (pw > ph) == (orientation == "landscape") or pw == ph
    limit, gap = margin + TOLERANCE_MM, max(gutter, 2 * bleed)
    slots = [nest.slot(i) for i in range(nest.per_sheet)]
    assert all((s.w, s.h) == (round(w * 1000), round(h * 1000)) for s in slots)
    centres = [((s.x + s.w / 2) / 1000, (s.y + s.h / 2) / 1000) for s in slots]
    for c in centres:
        xs, ys = zip(*cut(shape, c, w, h, bleed), strict=True)
        # each place is rounded to the µm: half of one either way
        assert min(xs) >= limit - 0.0006 and max(xs) <= pw - limit + 0.0006, (c, nest)
        assert min(ys) >= limit + FOOTER_MM - 0.0006 and max(ys) <= ph - limit - FOOTER_MM + 0.0006, (c, nest)
    assert centres == sorted(centres, key=lambda c: (-round(c[1], 3), c[0]))  # reading order: top line first, left to right
    lines = [round(y, 3) for _, y in centres]
    assert (nest.rows, nest.cols) == (len(set(lines)), max(lines.count(y) for y in set(lines)))
    assert crop_mark_segments(nest, slots) == []  # no straight cut to mark
    for i, (cx, cy) in enumerate(centres):  # a back's centre is its front's mirrored across the page's long edge
        back = nest.back_slot(i, "long")
        mirrored = (pw - cx, cy) if ph >= pw else (cx, ph - cy)
        assert ((back.x + back.w / 2) / 1000, (back.y + back.h / 2) / 1000) == pytest.approx(mirrored, abs=0.002)
    for i, a in enumerate(centres):
        for b in centres[i + 1:]:
            if shape.kind == "circle":
                assert math.dist(a, b) >= min(w, h) + gap - 0.003, (a, b)
            elif math.dist(a, b) < 2 * max(w, h) + gap:
                assert apart(cut(shape, a, w, h), cut(shape, b, w, h)) >= gap - 0.003, (a, b)


@pytest.mark.parametrize("paper, kind, size, most", [("letter", "circle", (50.0, 50.0), 18), ("a4", "circle", (50.0, 50.0), 18),
                                                     ("letter", "flat", (38.0, 38 * math.sqrt(3) / 2), 39), ("a4", "flat", (38.0, 38 * math.sqrt(3) / 2), 42)])
def test_a_nest_holds_what_the_hand_count_of_test_card_nesting_holds(paper, kind, size, most):
    """The sheets counted by hand in tests/test_card_nesting.py (BY_HAND): 50 mm circles and 38 mm flat-top hexagons,
    each with its 1 mm bleed, 2 mm apart, upright on the default 5 mm margin. Pieces with a straight cut, or a drawn
    outline's, do not nest: they print in a grid."""
    nest = nest_sheet(paper, size, SHAPES[kind], 0.0, 1.0, "portrait", 5.0)
    assert nest.per_sheet == most
    for grid_only in (Shape(), Shape("rounded", radius=3.0), Shape("outline", points=((0, 0), (1, 0), (0.5, 1)))):
        assert nest_sheet(paper, size, grid_only, 0.0, 1.0, "portrait", 5.0) is None


def test_a_nest_for_a_cutter_keeps_off_its_marks_and_holds_at_least_what_its_whole_margin_does():
    """With a Silhouette the nest may come to 12.5 mm from the edges, inside its marks, dropping the places that meet a
    mark grown by its 2 mm clearance (docs/labels-and-cutters.md), where that holds more than its whole 17 mm margin."""
    from test_guard_properties import overlap, silhouette_keep_out

    from pnp.render.cutters import CUTTERS

    silhouette = CUTTERS["silhouette"]
    for kind, size in (("circle", (30.0, 30.0)), ("pointy", (25.0, 25.0))):
        whole = nest_sheet("letter", size, SHAPES[kind], 0.0, 1.0, "portrait", 17.0)
        nest = nest_sheet("letter", size, SHAPES[kind], 0.0, 1.0, "portrait", 17.0, silhouette)
        assert nest.per_sheet > whole.per_sheet
        keep_out = [tuple(v / 1000 for v in box) for box in silhouette_keep_out(nest.page_w / 1000, nest.page_h / 1000)]
        side, near = nest.footer_side, nest.footer_limit  # the footer's band too, wherever along its side it runs
        start, end = (v / 1000 for v in nest.footer_span(side))
        footer = (near / 1000, start, near / 1000 + 3.0, end) if side == "left" else (start, near / 1000, end, near / 1000 + 3.0)
        assert not any(overlap(footer, mark) for mark in keep_out), (footer, kind)
        for i in range(nest.per_sheet):
            s = nest.slot(i)
            xs, ys = zip(*cut(SHAPES[kind], ((s.x + s.w / 2) / 1000, (s.y + s.h / 2) / 1000), *size, 1.0), strict=True)
            box = (min(xs), min(ys), max(xs), max(ys))
            assert min(box[0], box[1], nest.page_w / 1000 - box[2], nest.page_h / 1000 - box[3]) >= 12.5 - 0.002
            assert not any(overlap(box, mark) for mark in keep_out), (box, kind)


def most_nested(paper, kind, w, h, gutter, bleed, orientation, margin, spare):
    """The most pieces a nest holds, from the sizes alone: lines of pieces a pitch apart, each line shifted half a pitch
    from the last and the lines a pitch × √3/2 apart (circles: the pitch a diameter and the gap; hexagons: twice the
    centre-to-gap distance, their sides `gap` apart), across the page or down it (circles either; a flat-top honeycomb's
    lines run down, a pointy one's across), the first line shifted or not, in the room the margin, its tolerance and the
    footer bands leave each piece's centre; `spare` mm less room on each side (the planner rounds to the µm)."""
    shape = SHAPES[kind]
    # the gap: twice the bleed, unless the build asks for more than a grid of these pieces keeps for their bleed
    grid_gap = 2 * bleed / math.cos(math.pi / 6) if shape.kind == "hexagon" else 2 * bleed
    gap = 2 * bleed if max(gutter, 2 * bleed) <= grid_gap + 0.001 else max(gutter, 2 * bleed)
    if shape.kind == "circle":
        r = min(w, h) / 2
        reach, pitch, ways = (r + bleed, r + bleed), min(w, h) + gap, (False, True)
    else:
        across, along = (h, w) if shape.pointy else (w, h)
        big = min(across / 2, along / math.sqrt(3)) + bleed / math.cos(math.pi / 6)  # corner radius with the bleed
        reach = (big * math.cos(math.pi / 6), big) if shape.pointy else (big, big * math.cos(math.pi / 6))
        pitch = 2 * (min(across / 2, along / math.sqrt(3)) * math.cos(math.pi / 6) + gap / 2)
        ways = (not shape.pointy,)
    limit = margin + TOLERANCE_MM + spare
    best = 0
    for pw, ph in (paper_size(paper), paper_size(paper)[::-1]):
        if orientation != "auto" and (orientation == "landscape") != (pw > ph):
            continue
        room = (pw - 2 * (limit + reach[0]), ph - 2 * (limit + FOOTER_MM + reach[1]))
        for down in ways:
            length, depth = room[::-1] if down else room
            if length < 0 or depth < 0:
                continue
            lines = math.floor(depth / (pitch * math.sqrt(3) / 2) + 1e-9) + 1
            full, half = math.floor(length / pitch + 1e-9) + 1, (math.floor((length - pitch / 2) / pitch + 1e-9) + 1 if length >= pitch / 2 else 0)
            best = max(best, full * -(-lines // 2) + half * (lines // 2), half * -(-lines // 2) + full * (lines // 2))
    return best


@settings(max_examples=40)
@given(paper=PAPERS, kind=st.sampled_from(list(SHAPES)), size=st.floats(15, 120), aspect=st.sampled_from([1.0, math.sqrt(3) / 2, 1.2]),
       gutter=st.sampled_from([0.0, 2.0, 2.2, 3.0, 6.0]), bleed=st.sampled_from([1.0, 1.5, 3.0]), margin=st.sampled_from([0.0, 3.0, 5.0, 6.35]),
       orientation=st.sampled_from(["auto", "portrait", "landscape"]))
@example(paper="letter", kind="circle", size=50.0, aspect=1.0, gutter=0.0, bleed=1.0, margin=5.0, orientation="auto")
@example(paper="a4", kind="pointy", size=30.0, aspect=1.2, gutter=2.2, bleed=1.0, margin=5.0, orientation="landscape")
@example(paper="60x172.998mm", kind="circle", size=20.0, aspect=1.0, gutter=0.0, bleed=1.0, margin=5.0, orientation="portrait")  # 6 down, 4 µm short of 7
def test_a_nest_holds_the_most_its_offset_lines_fit_centred_on_the_page(paper, kind, size, aspect, gutter, bleed, margin, orientation):
    shape, w, h = SHAPES[kind], round(size, 2), round(size * aspect, 2)
    nest = nest_sheet(paper, (w, h), shape, gutter, bleed, orientation, margin)
    most = most_nested(paper, kind, w, h, gutter, bleed, orientation, margin, 0.003)
    count = nest.per_sheet if nest is not None else 0
    assert most <= count <= most_nested(paper, kind, w, h, gutter, bleed, orientation, margin, -0.003), (most, count)
    if count:  # the nest centred on the page: as much room left of it as right, above as below
        pw, ph = nest.page_w / 1000, nest.page_h / 1000
        xs = [(nest.slot(i).x + nest.slot(i).w / 2) / 1000 for i in range(count)]
        ys = [(nest.slot(i).y + nest.slot(i).h / 2) / 1000 for i in range(count)]
        assert min(xs) == pytest.approx(pw - max(xs), abs=0.003) and min(ys) == pytest.approx(ph - max(ys), abs=0.003)


def test_round_pieces_too_few_for_a_nest_share_a_cutters_page_in_bands_that_keep_its_whole_margin():
    """Twenty 30 mm rounds and two poker cards for a Silhouette on A4 share one page in bands (packing.py): the bands keep
    the machine's whole 17 mm, pieces and marks alike, though a nest of its own would come to 12.5 mm; the rounds in
    their band keep two bleeds apart."""
    from test_guard_properties import marks_of, with_bleed

    from pnp.render.cutters import CUTTERS
    from pnp.render.packing import plan_pages

    pages = plan_pages("a4", [((30.0, 30.0), 20), ((63.5, 88.9), 2)], 0, 1.0, 17.0, machine=CUTTERS["silhouette"], nests=[Shape("circle"), None])
    assert len(pages) == 1 and len(pages[0]) == 2
    for placed in pages[0]:
        band, slots = placed.grid, placed.slots()
        boxes = [with_bleed(s, band.bleed) for s in slots]
        assert min(min(b[0], b[1], band.page_w - b[2], band.page_h - b[3]) for b in boxes) >= 17_000, placed
        for vertical, _, a, b in marks_of(band, slots):
            side = band.page_h if vertical else band.page_w
            assert min(a, b) >= 17_000 and max(a, b) <= side - 17_000, (vertical, a, b)
        if placed.group == 0:
            xs = sorted({s.x for s in slots})
            assert min(b - a for a, b in itertools.pairwise(xs)) >= 30_000 + 2 * 1_000
