"""Where the sliver check reads a piece's edge and what it calls a sliver, in process (issue #76 item 1: slivers.py's
mutants). The rules: a hand cut lands up to 0.5 mm off its line (STRIP_MM), so an edge is read 0.25 mm inside the
trim (and 0.25 mm outside, in a bleed of at least 0.5 mm); points about every 1 mm, none within 1 mm of a corner
(cut twice, rounded off by trimmers), the same places read from either end; a round or hex cut's edge is read along
the cut, inside and outside, with its outward normal; an edge shows a sliver where a colour that is not light
(relative luminance under 0.6) meets a colour ΔE 10 or more away across the cut, and the most visible such pair is
named at the first point it is met."""
from __future__ import annotations

import itertools
import math

import pytest

from pnp.core.colour import luminance
from pnp.core.shapes import Shape
from pnp.layout.elements import Face, Rect
from pnp.layout.slivers import Edge, _around, _positions, _worst_pair, edges, shaped_edges, sliver

PAPER, INK, RED, GREEN, WHITE = "#fbf8f0", "#1d2433", "#c0392b", "#2e7d32", "#ffffff"


@pytest.fixture(autouse=True)
def _judged_afresh():
    """Each test judges its pairs itself: _worst_pair keeps its answers, and mutmut runs a mutant's tests in a process
    that ran them all before."""
    _worst_pair.cache_clear()


def band(x: float, y: float, w: float, h: float, fill: str) -> Rect:
    return Rect(x, y, w, h, fill, None, 0.0, 0.0, None)


def face(*elements, w: float = 20.0, h: float = 30.0, bleed: float = 0.0) -> Face:
    return Face(w, h, bleed, (band(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, PAPER), *elements), frozenset())


def test_an_edge_is_sampled_from_1_mm_in_at_each_end_about_every_mm_the_same_read_from_either_end():
    for length in (20.0, 63.5, 88.9):
        at = _positions(length)
        assert at[0] == pytest.approx(1.0) and at[-1] == pytest.approx(length - 1.0)
        steps = [b - a for a, b in itertools.pairwise(at)]
        assert all(1.0 <= s < 2.0 + 1e-9 for s in steps) and max(steps) - min(steps) < 1e-9
        assert [length - p for p in reversed(at)] == pytest.approx(at)
    assert len(_positions(20.0)) == 19 and len(_positions(63.5)) == 62  # 18 and 61 whole steps of 1 mm or a little more
    assert _positions(2.5) == pytest.approx([1.0, 1.5])  # a short edge: still read from 1 mm in at each end


def test_an_edge_is_read_a_quarter_mm_inside_the_trim_and_its_bleed_a_quarter_mm_outside():
    thin, thick = band(0, 0, 20, 0.2, INK), band(0, 0, 20, 0.3, INK)  # a header 0.2 mm deep lies outside the read strip, 0.3 mm inside it
    assert set(edges(face(thin))["top"].colours) == {PAPER}
    top = edges(face(thick))["top"]
    assert set(top.colours) == {INK} and set(top.elements) == {thick} and len(top.colours) == 19
    sides = edges(face(band(19.7, 0, 0.3, 30, RED), band(0, 29.7, 20, 0.3, GREEN), band(0, 0, 0.3, 30, INK)))
    assert set(sides["right"].colours) == {RED} and set(sides["left"].colours) == {INK} and set(sides["bottom"].colours) == {GREEN}
    assert len(sides["left"].colours) == 29 and "bleed top" not in sides
    bled = edges(face(band(-0.5, -0.5, 21, 0.3, RED), bleed=0.5))  # art in the bleed to 0.2 mm outside the trim
    assert set(bled) == {"top", "bottom", "left", "right", "bleed top", "bleed bottom", "bleed left", "bleed right"}
    assert set(bled["bleed top"].colours) == {RED} and set(bled["top"].colours) == {PAPER} and set(bled["bleed bottom"].colours) == {PAPER}
    assert "bleed top" not in edges(face(bleed=0.45))


def test_an_edge_read_from_its_other_end_is_its_colours_and_elements_reversed():
    edge = Edge(("a", "b", "c"), (1, 2, 3))
    assert edge.reversed() == Edge(("c", "b", "a"), (3, 2, 1))


def test_a_round_cut_is_read_along_the_circle_every_mm_or_so_with_normals_pointing_out():
    for d, n in ((30.0, 94), (2.0, 12)):  # 2πr / 1 mm points, at least 12
        points = _around(Shape("circle"), d, d)
        assert len(points) == n
        for (x, y), (nx, ny) in points:
            assert math.hypot(x - d / 2, y - d / 2) == pytest.approx(d / 2)
            assert (nx, ny) == pytest.approx(((x - d / 2) / (d / 2), (y - d / 2) / (d / 2)))
    assert _around(Shape("circle"), 40.0, 30.0)[0][0] == pytest.approx((35.0, 15.0))  # the shorter side sets the circle


@pytest.mark.parametrize("pointy", [False, True])
def test_a_hex_cut_is_read_along_its_sides_away_from_its_corners_with_normals_pointing_out(pointy):
    shape = Shape("hexagon", pointy=pointy)
    w, h = 30.0, 30.0
    corners = shape.corners(w, h)
    points = _around(shape, w, h)
    side = math.dist(corners[0], corners[1])
    assert 6 * (len(_positions(side)) - 1) <= len(points) <= 6 * len(_positions(side))  # a side of 15 mm less a rounding: 13 or 14 points
    for (x, y), (nx, ny) in points:
        assert min(math.dist((x, y), c) for c in corners) >= 1.0 - 1e-9
        assert math.hypot(nx, ny) == pytest.approx(1.0)
        assert nx * (x - w / 2) + ny * (y - h / 2) > 0  # away from the centre
        apothem = shape.hexagon_radius(w, h) * math.cos(math.pi / 6)
        assert nx * (x - w / 2) + ny * (y - h / 2) == pytest.approx(apothem)  # on a side, the normal square to it


def test_a_round_pieces_edge_is_read_a_quarter_mm_inside_its_cut_and_outside_in_its_bleed():
    d = 20.0
    art = face(band(-1, -1, d + 2, d + 2, RED), w=d, h=d, bleed=1.0)
    inner, outer = shaped_edges(art, Shape("circle"))
    assert len(inner.colours) == len(outer.colours) == 62 and set(inner.colours) == set(outer.colours) == {RED}
    assert shaped_edges(face(w=d, h=d, bleed=0.45), Shape("circle")) == (Edge((), ()), Edge((), ()))
    assert len(shaped_edges(face(w=d, h=d, bleed=0.5), Shape("circle"))[0].colours) == 62
    half = band(0, 0, d - 0.1, d, RED)  # red up to x = 19.9: the inner strip (x 19.75) red, the outer (x 20.25) paper
    inner, outer = shaped_edges(face(half, w=d, h=d, bleed=1.0), Shape("circle"))
    assert inner.colours[0] == RED and outer.colours[0] == PAPER  # the first point: at the circle's right, angle 0


def test_a_dark_edge_meeting_a_distinct_colour_is_a_sliver_named_at_the_first_point_of_the_most_visible_pair():
    mine = Edge((INK, INK, RED, RED, INK), ("i1", "i2", "r1", "r2", "i3"))
    theirs = Edge((PAPER, PAPER, GREEN, PAPER, WHITE), ())
    found = sliver(mine, "top", theirs)
    # the pairs met: ink/paper, red/green, red/paper, ink/white: ink on white is the most visible
    assert (found.side, found.colour, found.across, found.element) == ("top", INK, WHITE, "i3")
    assert found.delta_e > 10
    twice = sliver(Edge((INK, RED, INK), ("i1", "r", "i2")), "left", Edge((WHITE, WHITE, WHITE), ()))
    assert (twice.colour, twice.element) == (INK, "i1")  # the pair met twice: named where it is first met
    same = sliver(Edge((INK,) * 3, ("a", "b", "c")), "left", Edge((INK,) * 3, ()))
    assert same is None  # the same colour across the cut shows nothing


def test_a_light_edge_shows_no_sliver_and_the_paper_or_an_image_across_is_not_judged():
    assert sliver(Edge((PAPER, WHITE), ("a", "b")), "top", Edge((INK, RED), ())) is None
    assert sliver(Edge((None, None), ("a", "b")), "top", Edge((INK, INK), ())) is None  # an image's edge: not judged
    assert sliver(Edge((INK, INK), ("a", "b")), "top", Edge((None, None), ())) is None
    found = sliver(Edge((None, INK), ("img", "band")), "bottom", Edge((WHITE, WHITE), ()))
    assert (found.colour, found.element) == (INK, "band")
    assert sliver(Edge((INK + "80", INK), ("a", "b")), "top", Edge((WHITE + "ff", WHITE), ())).colour == INK  # alpha left out of the name


def test_light_starts_at_a_luminance_of_0_6():
    greys = [f"#{v:02x}{v:02x}{v:02x}" for v in range(256)]
    first_light = next(g for g in greys if luminance(g) >= 0.6)
    last_dark = greys[greys.index(first_light) - 1]
    assert sliver(Edge((first_light,), ("a",)), "top", Edge((INK,), ())) is None
    assert sliver(Edge((last_dark,), ("a",)), "top", Edge((INK,), ())) is not None


def test_a_pair_under_delta_e_10_is_no_sliver_and_one_at_it_is():
    from pnp.core.colour import difference

    reds = [f"#{r:02x}3020" for r in range(0x60, 0x100)]
    base = reds[0]
    near = max((c for c in reds if difference(base, c) < 10), key=lambda c: difference(base, c))
    far = min((c for c in reds if difference(base, c) >= 10), key=lambda c: difference(base, c))
    assert sliver(Edge((base,), ("a",)), "top", Edge((near,), ())) is None
    assert sliver(Edge((base,), ("a",)), "top", Edge((far,), ())).delta_e == pytest.approx(difference(base, far))


def test_only_the_points_an_edge_has_elements_for_are_read():
    """A deck's edge read against a shorter neighbour's: the colours past the edge's own points are not judged."""
    assert sliver(Edge((PAPER, INK), ("a",)), "top", Edge((WHITE, WHITE), ())) is None
    assert sliver(Edge((INK, PAPER), ("a",)), "top", Edge((WHITE, WHITE), ())) is not None


def _inside(polygon, x: float, y: float) -> bool:
    """Even-odd rule, written here from its definition."""
    inside = False
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


STAR = tuple((0.5 + (0.5 if i % 2 == 0 else 0.2) * math.cos(math.pi * i / 5 - math.pi / 2),
              0.5 + (0.5 if i % 2 == 0 else 0.2) * math.sin(math.pi * i / 5 - math.pi / 2)) for i in range(10))


@pytest.mark.parametrize("wound", [1, -1])
def test_a_drawn_outlines_edge_is_read_every_mm_along_it_away_from_sharp_corners_with_normals_pointing_out(wound):
    square = Shape("outline", points=((0, 0), (1, 0), (1, 1), (0, 1))[::wound])
    points = _around(square, 20.0, 20.0)
    assert len(points) == 4 * 19  # every mm of each 20 mm side but the 1 mm at either corner (the corners themselves left out)
    corners = [(0, 0), (20, 0), (20, 20), (0, 20)]
    for (x, y), (nx, ny) in points:
        assert min(math.dist((x, y), c) for c in corners) >= 1.0 - 1e-9
        assert (x in (0, 20) or y in (0, 20)) and math.hypot(nx, ny) == pytest.approx(1.0)
        assert not _inside(corners, x + nx * 0.25, y + ny * 0.25) and _inside(corners, x - nx * 0.25, y - ny * 0.25)
    star = Shape("outline", points=STAR[::wound])
    w, h = 40.0, 30.0
    outline = star.corners(w, h)
    found = _around(star, w, h)
    assert len(found) > 40
    for (x, y), (nx, ny) in found:
        assert not _inside(outline, x + nx * 0.25, y + ny * 0.25) and _inside(outline, x - nx * 0.25, y - ny * 0.25)
        assert min(math.dist((x, y), c) for c in outline) >= 1.0 - 1e-9  # a star's every corner turns far past 30°


def test_a_flattened_curves_small_turns_are_no_corners_and_its_points_run_a_mm_apart_round_it():
    ring = Shape("outline", points=tuple((0.5 + 0.5 * math.cos(math.radians(a)), 0.5 + 0.5 * math.sin(math.radians(a))) for a in range(0, 360, 5)))
    points = _around(ring, 30.0, 30.0)
    perimeter = sum(math.dist(a, b) for a, b in zip(ring.corners(30, 30), ring.corners(30, 30)[1:] + ring.corners(30, 30)[:1], strict=True))
    assert len(points) == math.floor(perimeter) + 1 or len(points) == math.ceil(perimeter)  # every mm, the walk carried across each corner
    assert points[0][0] == pytest.approx((30.0, 15.0))
    gaps = [math.dist(a[0], b[0]) for a, b in itertools.pairwise(points)]
    assert all(0.99 < g <= 1.0 + 1e-9 for g in gaps)
    for (x, y), (nx, ny) in points:
        assert nx * (x - 15) + ny * (y - 15) > 0


def test_a_sharp_corner_turns_more_than_30_degrees_and_a_repeated_corner_is_passed_over():
    def turned(degrees: float) -> Shape:  # a long side, then one turned by `degrees`, back round to the start
        t = math.radians(degrees)
        return Shape("outline", points=((0, 0), (0.5, 0), (0.5 + 0.5 * math.cos(t), 0.5 * math.sin(t)), (0, 0.9)))

    def near_second_corner(shape: Shape) -> int:
        return sum(1 for (x, y), _ in _around(shape, 20, 20) if math.dist((x, y), (10, 0)) < 1.0 - 1e-9)

    assert near_second_corner(turned(25)) > 0 and near_second_corner(turned(35)) == 0
    ends = [(x, y) for (x, y), (nx, _) in _around(turned(25), 20, 20) if nx == 0 and y == 0 and math.dist((x, y), (10, 0)) < 1.0 - 1e-9]
    assert ends  # the first side's end is read up to its own corner (the next one), not held back by the last
    doubled = Shape("outline", points=((0, 0), (1, 0), (1, 0), (1, 1), (0, 1)))
    assert len(_around(doubled, 20.0, 20.0)) == 4 * 19  # its corner still left out: a trimmer rounds it off all the same


def test_a_round_cut_is_read_evenly_all_the_way_round():
    points = _around(Shape("circle"), 18.0, 18.0)
    assert len(points) == 56
    assert points[14][0] == pytest.approx((9.0, 18.0)) and points[28][0] == pytest.approx((0.0, 9.0))  # a quarter and a half turn on
    gaps = [math.dist(a[0], b[0]) for a, b in itertools.pairwise([*points, points[0]])]
    assert max(gaps) - min(gaps) < 1e-9


def test_a_hexagons_normals_point_away_from_its_centre_in_a_long_box_and_on_a_small_hexagon():
    for shape, w, h in ((Shape("hexagon"), 200.0, 20.0), (Shape("hexagon", pointy=True), 20.0, 200.0), (Shape("hexagon"), 1.5, 1.5)):
        points = _around(shape, w, h)
        assert points
        for (x, y), (nx, ny) in points:
            assert nx * (x - w / 2) + ny * (y - h / 2) > 0


def test_a_round_pieces_strips_lie_a_quarter_mm_each_side_of_its_cut_at_every_point():
    d = 18.0  # 56 points: the first at the right, the 15th at the bottom
    inner_x, outer_x = band(17.7, -1, 0.1, d + 2, RED), band(18.2, -1, 0.1, d + 2, GREEN)
    inner_y, outer_y = band(-1, 17.7, d + 2, 0.1, RED), band(-1, 18.2, d + 2, 0.1, GREEN)
    inner, outer = shaped_edges(face(inner_x, outer_x, inner_y, outer_y, w=d, h=d, bleed=1.0), Shape("circle"))
    assert (inner.colours[0], outer.colours[0], inner.colours[14], outer.colours[14]) == (RED, GREEN, RED, GREEN)
    assert (inner.elements[0], outer.elements[0], inner.elements[14], outer.elements[14]) == (inner_x, outer_x, inner_y, outer_y)


def test_a_bleeds_bottom_strip_is_read_below_the_trim():
    below = band(-0.5, 30.2, 21, 0.3, RED)
    found = edges(face(below, bleed=0.5))
    assert set(found["bleed bottom"].colours) == {RED} and set(found["bottom"].colours) == {PAPER}


def test_a_colours_alpha_is_left_out_when_it_is_judged_and_named():
    assert sliver(Edge((WHITE + "80",), ("a",)), "top", Edge((INK,), ())) is None  # a light colour, half transparent: still light
    assert sliver(Edge((INK,), ("a",)), "top", Edge((WHITE + "80",), ())).across == WHITE


def test_a_tiny_drawn_outline_of_under_a_square_mm_still_reads_its_normals_outward():
    for step in (5, -5):
        ring = Shape("outline", points=tuple((0.5 + 0.5 * math.cos(math.radians(a)), 0.5 + 0.5 * math.sin(math.radians(a))) for a in range(0, 360 * step // 5, step)))
        points = _around(ring, 1.0, 1.0)  # 0.79 mm² inside
        assert points
        for (x, y), (nx, ny) in points:
            assert nx * (x - 0.5) + ny * (y - 0.5) > 0
