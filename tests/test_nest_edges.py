"""Nesting's last survivors (issue #76 item 1: pnp/render/nesting.py, s14's 18 left by hand), each a promise held at
its edge: a room exactly some pitches long holds a line at each end (the lattice's 1e-9 is for rounding, not a place
less), a room exactly one piece wide or high holds one line and a room of negative size none, the first line of an
unshifted nest starts at the room's edge and a shifted one half a pitch in; neighbours' trims are twice the bleed
apart; a hexagon gutter no wider than its corners' bleed needs is a honeycomb of twice the bleed; a nest planned off a
cutting machine's marks keeps them. Expected values from the geometry (docs/print-and-cut.md), not from the planner."""
from __future__ import annotations

import math

from pnp.core.shapes import Shape
from pnp.core.units import paper_size
from pnp.render.nesting import lattice, nest_sheet


def test_a_room_exactly_some_pitches_long_holds_a_line_at_each_end():
    rows = lattice((0.0, 2.0), (0.0, 4.0), 2.0, 2.0, False, False)  # exactly two pitches high
    assert sorted({y for _, y in rows}) == [0.0, 2.0, 4.0]
    along = lattice((0.0, 4.0), (0.0, 0.0), 2.0, 2.0, False, False)  # one line, exactly two pitches long
    assert sorted(x for x, _ in along) == [0.0, 2.0, 4.0]


def test_a_room_one_piece_wide_holds_its_unshifted_lines_and_one_of_negative_size_none():
    assert lattice((3.0, 3.0), (0.0, 2.0), 2.0, 2.0, False, False) == [(3.0, 2.0)]  # the shifted line below has no room
    assert lattice((0.0, 1.0), (0.0, 2.0), 2.0, 2.0, False, False) == [(0.0, 2.0), (1.0, 0.0)]  # exactly half a pitch: room for the shifted one
    assert lattice((0.0, 10.0), (5.0, 4.0), 2.0, 2.0, False, False) == []
    assert lattice((5.0, 4.0), (0.0, 10.0), 2.0, 2.0, False, False) == []
    assert lattice((0.0, 10.0), (5.0, 4.0), 2.0, 2.0, True, False) == []


def test_an_unshifted_nests_first_line_starts_at_the_rooms_edge_and_a_shifted_ones_half_a_pitch_in():
    plain = lattice((0.0, 10.0), (0.0, 2.0), 2.0, 2.0, False, False)
    shifted = lattice((0.0, 10.0), (0.0, 2.0), 2.0, 2.0, False, True)
    top = lambda centres: sorted(x for x, y in centres if y == 2.0)  # noqa: E731
    assert top(plain) == [0.0, 2.0, 4.0, 6.0, 8.0, 10.0] and len(plain) == 11  # the next line: 5, half a pitch in
    assert len(top(shifted)) == 5 and len(shifted) == 11


def _line_pitch(sheet) -> float:
    """The least distance (mm) between two pieces' centres: neighbours', whichever way the nest's lines run."""
    spots = sheet.spots[:40]
    return min(math.dist(a, b) for i, a in enumerate(spots) for b in spots[i + 1:]) / 1000


def test_circles_trims_are_twice_the_bleed_apart_or_the_gutter_in_the_nest_and_in_its_leftovers_grid():
    for bleed in (1.0, 2.0, 3.0):
        sheet = nest_sheet("a4", (30.0, 30.0), Shape("circle"), 0.0, bleed, "portrait", 5.0)
        assert abs(_line_pitch(sheet) - (30.0 + 2 * bleed)) <= 0.002, (bleed, _line_pitch(sheet))
        assert sheet.gap == round(2 * bleed * 1000)  # and in a grid of its leftovers (pnp.render.packing's bands)
    wide = nest_sheet("a4", (30.0, 30.0), Shape("circle"), 7.0, 2.0, "portrait", 5.0)
    assert sheet.gap == 6000 and wide.gap == 7000 and abs(_line_pitch(wide) - 37.0) <= 0.002  # a wider gutter is kept


def test_a_hexagon_gutter_no_wider_than_its_corners_bleed_needs_is_a_honeycomb_of_twice_the_bleed():
    """Hexagons nested side to side face no corner: their parallel sides need twice the bleed, less than a grid's
    2 × bleed / cos 30° for the corners; a gutter up to that is met by the honeycomb's own, one past it is kept."""
    hexagon = Shape("hexagon", pointy=True)
    w = h = 30.0
    apothem = hexagon.hexagon_radius(w, h) * math.cos(math.pi / 6)
    corner_gap = hexagon.gap(1.0)
    for gutter, sides in ((corner_gap, 2.0), (corner_gap + 0.0005, 2.0), (corner_gap + 0.001, 2.0), (corner_gap + 0.5, corner_gap + 0.5)):
        sheet = nest_sheet("a4", (w, h), hexagon, gutter, 1.0, "portrait", 5.0)
        assert abs(_line_pitch(sheet) - (2 * apothem + sides)) <= 0.002, (gutter, _line_pitch(sheet), 2 * apothem + sides)


class _Corners:
    """A cutting machine whose registration marks sit in the page's four corners: 20 mm squares, 3 mm in from the edges
    it lets pieces come to."""

    def inset(self, page_w, page_h):
        return 3.0

    def avoid(self, page_w, page_h):
        boxes = [(3.0, 3.0), (page_w - 23.0, 3.0), (3.0, page_h - 23.0), (page_w - 23.0, page_h - 23.0)]
        return [(round(x * 1000), round(y * 1000), round((x + 20) * 1000), round((y + 20) * 1000)) for x, y in boxes]


def test_a_nest_off_a_machines_marks_keeps_them_and_no_piece_meets_one():
    plain = nest_sheet("letter", (20.0, 20.0), Shape("circle"), 0.0, 1.0, "portrait", 12.0)
    sheet = nest_sheet("letter", (20.0, 20.0), Shape("circle"), 0.0, 1.0, "portrait", 12.0, machine=_Corners())
    assert sheet.per_sheet > plain.per_sheet  # nearer the edges than the 12 mm margin: it won
    pw, ph = paper_size("letter")
    assert sheet.avoid == tuple(_Corners().avoid(pw, ph)) and plain.avoid == ()
    rx, ry = sheet.reach
    for x, y in sheet.spots:
        cx, cy = x + sheet.card_w // 2, y + sheet.card_h // 2
        assert not any(cx + rx > a and cx - rx < c and cy + ry > b and cy - ry < d for a, b, c, d in sheet.avoid), (cx, cy)
