"""The slivers of an imposed sheet's shared cuts (pnp.render.seams), on sheets laid out by hand: which faces share a cut
(slots that meet exactly, of one size along the cut, pieces cut straight), which side of each lies on it (a face turned
180° shows its opposite side, read from the other end), what a miscut there would leave (a dark edge against another
colour across the cut, a stripe stopping at the trim over its own bleed), in the colours printed (the ink saver's) but
naming the face's own element, and on which sheet.

Expected values come from the print rule (pnp.layout.slivers: a hand cut 0.5 mm off leaves a strip of one piece's
edge on its neighbour; a light edge shows on nothing), not from the code under test."""
from __future__ import annotations

from types import SimpleNamespace

from pnp.layout.elements import Face, Rect
from pnp.render.impose import Slot
from pnp.render.seams import Placed, once_per_face, shared_cuts, sheet_slivers

W, H = 60, 80  # mm
PAPER, NAVY, RED = "#faf7f0", "#1b3a6b", "#a3122a"
STRAIGHT = SimpleNamespace(group=SimpleNamespace(shape=SimpleNamespace(straight=True, kind="rectangle")))
ROUND = SimpleNamespace(group=SimpleNamespace(shape=SimpleNamespace(straight=False, kind="circle")))


def _rect(x, y, w, h, colour):
    return Rect(x, y, w, h, colour, None, 0.0, 0.0, None)


def _face(*bands, bleed=0.0):
    """A light card (its ground reaching into its bleed) with `bands` drawn on it: (x, y, w, h, colour) in mm, y down."""
    return Face(W, H, bleed, (_rect(-bleed, -bleed, W + 2 * bleed, H + 2 * bleed, PAPER), *(_rect(*b) for b in bands)), frozenset())


def _at(face, x_mm, y_mm, rotate=0, run=STRAIGHT, w=W, h=H):
    """`face` placed with its slot's bottom-left at (x, y) mm on the page (y up), as pnp.render.impose's µm."""
    return Placed(run, Slot(x_mm * 1000, y_mm * 1000, w * 1000, h * 1000), face, rotate, object())


def _found(sides, **kw):
    """(sheet, the showing face, its neighbour or None, the side, colour and colour across) of each sliver."""
    return [(s.sheet, s.shower.face, s.neighbour.face if s.neighbour else None, s.sliver.side, s.sliver.colour, s.sliver.across)
            for s in sheet_slivers(sides, **kw)]


DARK_RIGHT = _face((W - 5, 0, 5, H, NAVY))  # a band down its right edge
DARK_BOTTOM = _face((0, H - 5, W, 5, NAVY))  # along its bottom edge
PLAIN = _face()


def test_a_dark_edge_beside_a_light_one_across_a_cut_is_a_sliver_of_the_dark_piece():
    left, right = _at(DARK_RIGHT, 10, 10), _at(PLAIN, 70, 10)
    assert _found([(3, [left, right])]) == [(3, DARK_RIGHT, PLAIN, "right", NAVY, PAPER)]


def test_a_dark_edge_above_a_light_one_is_a_sliver_on_its_bottom():
    above, below = _at(DARK_BOTTOM, 10, 90), _at(PLAIN, 10, 10)
    assert _found([(1, [below, above])]) == [(1, DARK_BOTTOM, PLAIN, "bottom", NAVY, PAPER)]


def test_two_dark_edges_of_different_colours_each_show_on_the_other():
    red_left = _face((0, 0, 5, H, RED))
    found = _found([(1, [_at(DARK_RIGHT, 10, 10), _at(red_left, 70, 10)])])
    assert sorted(found, key=lambda f: f[3]) == [(1, red_left, DARK_RIGHT, "left", RED, NAVY), (1, DARK_RIGHT, red_left, "right", NAVY, RED)]


def test_edges_of_one_colour_or_light_show_nothing():
    navy_left = _face((0, 0, 5, H, NAVY))
    assert _found([(1, [_at(DARK_RIGHT, 10, 10), _at(navy_left, 70, 10)])]) == []
    assert _found([(1, [_at(PLAIN, 10, 10), _at(PLAIN, 70, 10), _at(PLAIN, 10, 90)])]) == []


def test_pieces_share_a_cut_only_where_their_slots_meet_exactly_and_line_up():
    dark = DARK_RIGHT
    apart = [_at(dark, 10, 10), Placed(STRAIGHT, Slot(70_001, 10_000, W * 1000, H * 1000), PLAIN, 0, object())]  # a micrometre between
    assert _found([(1, apart)]) == []
    lower = [_at(dark, 10, 10), Placed(STRAIGHT, Slot(70_000, 9_999, W * 1000, H * 1000), PLAIN, 0, object())]  # not level
    assert _found([(1, lower)]) == []
    taller = [_at(dark, 10, 10), _at(PLAIN, 70, 10, h=H + 1)]
    assert _found([(1, taller)]) == []
    narrower_below = [_at(DARK_BOTTOM, 10, 90), _at(PLAIN, 10, 10, w=W - 1, h=H)]
    assert _found([(1, narrower_below)]) == []


def test_shared_cuts_pair_each_piece_with_the_one_right_of_it_and_below_it():
    a, b, c, d = _at(PLAIN, 10, 90), _at(PLAIN, 70, 90), _at(PLAIN, 10, 10), _at(PLAIN, 70, 10)
    pairs = {(one.slot, one_side, other.slot, other_side) for one, one_side, other, other_side in shared_cuts([a, b, c, d])}
    assert pairs == {(a.slot, "right", b.slot, "left"), (c.slot, "right", d.slot, "left"),
                     (a.slot, "bottom", c.slot, "top"), (b.slot, "bottom", d.slot, "top")}


def test_round_pieces_share_no_cut():
    assert list(shared_cuts([_at(DARK_RIGHT, 10, 10, run=ROUND), _at(PLAIN, 70, 10, run=ROUND)])) == []
    assert _found([(1, [_at(DARK_RIGHT, 10, 10, run=ROUND), _at(PLAIN, 70, 10, run=ROUND)])]) == []


def test_a_piece_turned_half_round_shows_its_other_side_at_the_cut():
    """Turned 180°, a face's own right side lies on its slot's left: against the cut to its left."""
    left, turned = _at(PLAIN, 10, 10), _at(DARK_RIGHT, 70, 10, rotate=180)
    assert _found([(1, [left, turned])]) == [(1, DARK_RIGHT, PLAIN, "right", NAVY, PAPER)]
    assert _found([(1, [left, _at(DARK_RIGHT, 70, 10)])]) == []  # not turned: its dark side is away from the cut
    below = _at(DARK_BOTTOM, 10, 10, rotate=180)  # its own bottom on top, against the piece above it
    assert _found([(1, [_at(PLAIN, 10, 90), below])]) == [(1, DARK_BOTTOM, PLAIN, "bottom", NAVY, PAPER)]


def test_a_turned_pieces_edge_is_read_from_its_other_end():
    """The left piece's right edge is dark in its top half; the turned piece's own right edge is dark in its own bottom
    half, which the turn puts at the top: the two dark halves meet each other, the light halves each other."""
    top_half = _face((W - 5, 0, 5, H / 2, NAVY))
    bottom_half = _face((W - 5, H / 2, 5, H / 2, NAVY))
    assert _found([(1, [_at(top_half, 10, 10), _at(bottom_half, 70, 10, rotate=180)])]) == []
    unturned_mirror = _face((0, H / 2, 5, H / 2, NAVY))  # dark in its bottom half, on its left: meets the light half
    assert {f[3] for f in _found([(1, [_at(top_half, 10, 10), _at(unturned_mirror, 70, 10)])])} == {"right", "left"}


def test_a_dark_stripe_in_the_bleed_stopping_at_the_trim_over_a_light_edge_is_a_sliver_of_its_own():
    """A cut outside the line leaves a strip of the bleed on the piece's edge: no neighbour needed."""
    stripe = _face((0, -3, W, 3, NAVY), bleed=3)  # drawn in the top bleed only, stopping at the trim
    assert _found([(2, [_at(stripe, 10, 10)])]) == [(2, stripe, None, "top", NAVY, PAPER)]
    carried_in = _face((0, -3, W, 8, NAVY), bleed=3)  # the mend: the stripe runs on into the piece
    assert _found([(2, [_at(carried_in, 10, 10)])]) == []
    thin = _face((0, -0.4, W, 0.4, NAVY), bleed=0.4)  # a bleed under the half millimetre a miscut reaches: no strip to read
    assert _found([(2, [_at(thin, 10, 10)])]) == []
    just = _face((0, -0.5, W, 0.5, NAVY), bleed=0.5)  # a bleed of just that half millimetre: read
    assert _found([(2, [_at(just, 10, 10)])]) == [(2, just, None, "top", NAVY, PAPER)]


def test_a_round_piece_whose_bleed_is_dark_where_its_edge_is_light_shows_it():
    band = Face(W, W, 3, (_rect(-3, -3, W + 6, W + 6, PAPER), _rect(-3, -3, W + 6, 3, NAVY)), frozenset())  # dark above the circle's top
    found = _found([(1, [_at(band, 10, 10, run=ROUND, h=W)])])
    assert [(f[1], f[2], f[3], f[4], f[5]) for f in found] == [(band, None, "round", NAVY, PAPER)]
    square = _found([(1, [_at(band, 10, 10, h=W)])])  # the same face cut square: its top edge, not a round one
    assert [(f[3], f[4]) for f in square] == [("top", NAVY)]


def test_round_pieces_of_one_cut_each_show_their_own_bleed_whichever_comes_first():
    """A nested deck of round pieces, copies of a banded front and of a plain one on one page, in either order: each
    banded copy shows its sliver and no plain one does (a face's own bleed is its own, whatever shares its cut)."""
    band = Face(W, W, 3, (_rect(-3, -3, W + 6, W + 6, PAPER), _rect(-3, -3, W + 6, 3, NAVY)), frozenset())
    plain = Face(W, W, 3, (_rect(-3, -3, W + 6, W + 6, PAPER),), frozenset())
    for order in ((plain, band, band), (band, plain, plain)):
        found = _found([(1, [_at(face, 10 + 70 * i, 10, run=ROUND, h=W) for i, face in enumerate(order)])])
        assert [(f[1], f[3], f[4]) for f in found] == [(band, "round", NAVY)] * order.count(band), order


def test_the_colours_are_those_printed_and_the_element_named_the_faces_own():
    """With the ink saver a dark band prints light (no sliver); a face printed darker than drawn is judged as printed,
    naming the element of the face as drawn, whose template line is the place to change."""
    lightened = {id(DARK_RIGHT): PLAIN}
    assert _found([(1, [_at(DARK_RIGHT, 10, 10), _at(PLAIN, 70, 10)])], prepared=lambda f: lightened.get(id(f), f)) == []
    light_band = _face((W - 5, 0, 5, H, "#f5f0e6"))
    darkened = {id(light_band): DARK_RIGHT}
    slivers = sheet_slivers([(1, [_at(light_band, 10, 10), _at(PLAIN, 70, 10)])], prepared=lambda f: darkened.get(id(f), f))
    assert [(s.sliver.side, s.sliver.colour) for s in slivers] == [("right", NAVY)]
    assert slivers[0].sliver.element == light_band.elements[1]  # the band as drawn (light), not as printed (navy)


def test_sheets_keep_their_numbers_and_order():
    sides = [(1, [_at(PLAIN, 10, 10), _at(PLAIN, 70, 10)]), (2, [_at(DARK_RIGHT, 10, 10), _at(PLAIN, 70, 10)]),
             (5, [_at(DARK_BOTTOM, 10, 90), _at(PLAIN, 10, 10)])]
    assert [(f[0], f[3]) for f in _found(sides)] == [(2, "right"), (5, "bottom")]


def test_the_same_meeting_judged_again_gives_the_same_slivers():
    judged: dict = {}
    sides = [(1, [_at(DARK_RIGHT, 10, 10), _at(PLAIN, 70, 10)])]
    first = _found(sides, judged=judged)
    assert judged
    assert _found(sides, judged=judged) == first == [(1, DARK_RIGHT, PLAIN, "right", NAVY, PAPER)]


def test_a_faces_edges_are_read_once_however_often_it_is_placed():
    from pnp.layout.slivers import edges

    asked = []

    def counted(face):
        asked.append(face)
        return edges(face)

    pages = [(n, [_at(PLAIN, 10, 10), _at(PLAIN, 70, 10), _at(PLAIN, 130, 10)]) for n in (1, 2, 3)]
    assert _found(pages, edges_of=counted) == []
    assert len(asked) == 1
    once = once_per_face(counted)
    assert once_per_face(once) is once


def test_a_round_pieces_bleed_is_judged_as_printed_naming_its_own_element():
    """A round piece whose band above its top is drawn light but printed dark (and one drawn dark, printed light)."""
    def round_face(colour, ground=PAPER):
        return Face(W, W, 3, (_rect(-3, -3, W + 6, W + 6, ground), _rect(-3, -3, W + 6, 3, colour)), frozenset())

    drawn_light, printed_dark, plain = round_face("#f5f0e6", ground="#fbfaf5"), round_face(NAVY), round_face(PAPER)
    printed = {id(drawn_light): printed_dark, id(printed_dark): plain}
    slivers = sheet_slivers([(1, [_at(drawn_light, 10, 10, run=ROUND, h=W)])], prepared=lambda f: printed.get(id(f), f))
    assert [(s.sliver.side, s.sliver.colour) for s in slivers] == [("round", NAVY)]
    assert slivers[0].sliver.element == drawn_light.elements[0]  # the ground as drawn where the edge lies, not the printed face's
    assert sheet_slivers([(1, [_at(printed_dark, 10, 10, run=ROUND, h=W)])], prepared=lambda f: printed.get(id(f), f)) == []
    assert sheet_slivers([(1, [_at(plain, 10, 10, run=ROUND, h=W)])]) == []  # one colour in and out: nothing


def test_a_kept_judgement_serves_only_the_edges_it_was_made_for():
    """`judged` is keyed by the edges' identities: an entry whose edges are others (an id used again once an edge is
    gone) is judged anew, not taken."""
    from pnp.layout.slivers import edges

    left, right = _at(DARK_RIGHT, 10, 10), _at(PLAIN, 70, 10)
    held = {id(DARK_RIGHT): edges(DARK_RIGHT), id(PLAIN): edges(PLAIN)}
    edge_a, edge_b = held[id(DARK_RIGHT)]["right"], held[id(PLAIN)]["left"]
    stranger = edges(_face())["left"]
    for kept in ((stranger, edge_b), (edge_a, stranger), (stranger, stranger)):
        judged = {(id(edge_a), "right", id(edge_b), "left"): (*kept, (None, None))}
        found = sheet_slivers([(1, [left, right])], edges_of=lambda f: held[id(f)], judged=judged)
        assert [(s.shower.face, s.sliver.side) for s in found] == [(DARK_RIGHT, "right")]
