"""Where the sliver check reads a piece's edge and what it calls a sliver, in process (issue #76 item 1: slivers.py's
mutants). The rules: a hand cut lands up to 0.5 mm off its line (STRIP_MM), so an edge is read 0.25 mm inside the
trim (and 0.25 mm outside, in a bleed of at least 0.5 mm); points about every 1 mm, none within 1 mm of a corner
(cut twice, rounded off by trimmers), the same places read from either end; a round or hex cut's edge is read along
the cut, inside and outside, with its outward normal; an edge shows a sliver where a colour that is not light
(relative luminance under 0.6) meets a colour ΔE 10 or more away across the cut, and the most visible such pair is
named at the first point it is met."""
from __future__ import annotations

import math

import pytest

from pnp.core.colour import luminance
from pnp.core.shapes import Shape
from pnp.layout.elements import Circle, Face, Polygon, Rect
from pnp.layout.slivers import Edge, _worst_pair, edges, shaped_edges, sliver

PAPER, INK, RED, GREEN, WHITE, BLUE = "#fbf8f0", "#1d2433", "#c0392b", "#2e7d32", "#ffffff", "#1f4e8c"
STRIP = 0.25  # a strip is read this far each side of the cut: half the 0.5 mm a hand cut lands off its line


@pytest.fixture(autouse=True)
def _judged_afresh():
    """Each test judges its pairs itself: _worst_pair keeps its answers, and mutmut runs a mutant's tests in a process
    that ran them all before."""
    _worst_pair.cache_clear()


def band(x: float, y: float, w: float, h: float, fill: str) -> Rect:
    return Rect(x, y, w, h, fill, None, 0.0, 0.0, None)


def face(*elements, w: float = 20.0, h: float = 30.0, bleed: float = 0.0) -> Face:
    return Face(w, h, bleed, (band(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, PAPER), *elements), frozenset())


def every_mm(length: float) -> list[float]:
    """Where a straight cut of `length` mm is read, by the rule: from 1 mm in at each end (a corner is cut twice and
    rounded off), in equal whole steps of 1 mm or a little more, so the same places are read from either end."""
    steps = max(math.floor(length - 2), 1)
    return [1 + (length - 2) * i / steps for i in range(steps + 1)]


def dots(points, fill: str = RED, r: float = 0.05) -> tuple[Circle, ...]:
    """A disc 0.1 mm across at each point, each its own element: a strip that reads a point names its dot."""
    return tuple(Circle(x, y, r, fill, None, 0.0, None) for x, y in points)


def strips_of(shape: Shape, w: float, h: float, *elements) -> tuple[Edge, Edge]:
    """The inner and outer strips of a `shape` piece w × h with a 1 mm bleed, drawn with `elements` over the paper."""
    return shaped_edges(face(*elements, w=w, h=h, bleed=1.0), shape)


def read_at_dots(shape: Shape, w: float, h: float, along: list) -> None:
    """The strips are read exactly at `along`'s points (each a point on the cut and its outward normal), in that order:
    the inner strip a quarter mm in, the outer a quarter mm out."""
    inner = dots([(x - nx * STRIP, y - ny * STRIP) for (x, y), (nx, ny) in along], RED)
    outer = dots([(x + nx * STRIP, y + ny * STRIP) for (x, y), (nx, ny) in along], GREEN)
    found_in, found_out = strips_of(shape, w, h, *inner, *outer)
    assert found_in.elements == inner and found_out.elements == outer


def inside_in_and_outside_out(shape: Shape, w: float, h: float, corners_kept_clear: bool = False) -> Edge:
    """The piece's own cut filled red on a green ground: every inner point reads red, every outer green (each point on
    the cut, its normal out of the piece). With `corners_kept_clear`, a blue disc 0.95 mm round each corner, drawn on
    top, is read nowhere: no point lies within a mm of a corner. Gives the inner strip, for counting."""
    outline = shape.corners(w, h)
    clear = dots(outline, BLUE, r=0.95) if corners_kept_clear else ()
    ground = band(-1, -1, w + 2, h + 2, GREEN)
    inner, outer = strips_of(shape, w, h, ground, Polygon(tuple(outline), RED, None, 0.0, True), *clear)
    assert inner.colours and set(inner.colours) == {RED} and set(outer.colours) == {GREEN}
    return inner


def along_sides(corners: list[tuple[float, float]], centre: tuple[float, float]) -> list:
    """A straight-sided cut's points by the rule: each side read as a straight edge is, from its first corner to the
    next, its normal square to it and away from the centre."""
    out = []
    for (x1, y1), (x2, y2) in zip(corners, corners[1:] + corners[:1], strict=True):
        length = math.dist((x1, y1), (x2, y2))
        nx, ny = (y2 - y1) / length, (x1 - x2) / length
        if nx * (x1 - centre[0]) + ny * (y1 - centre[1]) < 0:
            nx, ny = -nx, -ny
        out += [((x1 + (x2 - x1) * t / length, y1 + (y2 - y1) * t / length), (nx, ny)) for t in every_mm(length)]
    return out


def test_an_edge_is_sampled_from_1_mm_in_at_each_end_about_every_mm_the_same_read_from_either_end():
    for length, count in ((20.0, 19), (63.5, 62), (88.9, 87), (2.5, 2)):  # 18, 61 and 86 whole steps of 1 mm or a little more
        at = every_mm(length)
        assert len(at) == count and at[0] == 1.0 and at[-1] == pytest.approx(length - 1.0)
        assert [length - p for p in reversed(at)] == pytest.approx(at)  # the same places from either end
        top, left = dots([(x, STRIP) for x in at]), dots([(STRIP, y) for y in at])
        found = edges(face(*top, *left, w=length, h=length))
        assert found["top"].elements == top and found["left"].elements == left
    assert every_mm(2.5) == [1.0, 1.5]  # a short edge: still read from 1 mm in at each end

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


@pytest.mark.parametrize("w, h, count", [(30.0, 30.0, 94), (2.0, 2.0, 12), (18.0, 18.0, 56), (40.0, 30.0, 94)])
def test_a_round_cut_is_read_along_the_circle_evenly_every_mm_or_so_with_normals_pointing_out(w, h, count):
    """2πr / 1 mm points, at least 12, from the circle's right going round evenly; the shorter side sets the circle."""
    r = min(w, h) / 2
    turns = [2 * math.pi * i / count for i in range(count)]
    read_at_dots(Shape("circle"), w, h, [((w / 2 + r * math.cos(a), h / 2 + r * math.sin(a)), (math.cos(a), math.sin(a))) for a in turns])

@pytest.mark.parametrize("pointy, w, h", [(False, 30.0, 30.0), (True, 30.0, 30.0), (False, 200.0, 20.0), (True, 20.0, 200.0)])
def test_a_hex_cut_is_read_along_its_sides_away_from_its_corners_with_normals_pointing_out(pointy, w, h):
    """Each side read as a straight edge is, in a square box and in a long one (the hexagon the box's short side sets)."""
    shape = Shape("hexagon", pointy=pointy)
    along = along_sides(shape.corners(w, h), (w / 2, h / 2))
    read_at_dots(shape, w, h, along)
    inside_in_and_outside_out(shape, w, h, corners_kept_clear=True)

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
    along = along_sides(square.corners(20.0, 20.0), (10.0, 10.0))
    assert len(along) == 4 * 19  # every mm of each 20 mm side but the 1 mm at either corner (the corners themselves left out)
    read_at_dots(square, 20.0, 20.0, along)
    star = Shape("outline", points=STAR[::wound])  # a star's sides face every way round it, and its every corner turns far past 30°
    assert len(inside_in_and_outside_out(star, 40.0, 30.0, corners_kept_clear=True).colours) > 40

def test_a_flattened_curves_small_turns_are_no_corners_and_its_points_run_a_mm_apart_round_it():
    """A circle drawn as 72 straight sides: read every mm of the way round from its first corner, the count carried
    from side to side, none of its 5° turns left out as a corner."""
    ring = Shape("outline", points=tuple((0.5 + 0.5 * math.cos(math.radians(a)), 0.5 + 0.5 * math.sin(math.radians(a))) for a in range(0, 360, 5)))
    corners = ring.corners(30.0, 30.0)
    along, walked = [], 0.0
    for (x1, y1), (x2, y2) in zip(corners, corners[1:] + corners[:1], strict=True):
        length = math.dist((x1, y1), (x2, y2))
        normal = ((y2 - y1) / length, (x1 - x2) / length)  # clockwise on the page (y down): the outside on the left
        t = math.ceil(walked) - walked
        while t <= length:
            along.append(((x1 + (x2 - x1) * t / length, y1 + (y2 - y1) * t / length), normal))
            t += 1.0
        walked += length
    assert along[0][0] == (30.0, 15.0) and len(along) == math.floor(walked) + 1
    read_at_dots(ring, 30.0, 30.0, along)

def test_a_sharp_corner_turns_more_than_30_degrees_and_a_repeated_corner_is_passed_over():
    def turned(degrees: float) -> Shape:  # a long side, then one turned by `degrees`, back round to the start
        t = math.radians(degrees)
        return Shape("outline", points=((0, 0), (0.5, 0), (0.5 + 0.5 * math.cos(t), 0.5 * math.sin(t)), (0, 0.9)))

    def near_second_corner(shape: Shape) -> Edge:  # a blue disc 0.95 mm round the corner at (10, 0), a dot where the first side's end is read
        return strips_of(shape, 20.0, 20.0, *dots([(10, 0)], BLUE, r=0.95), *dots([(10, STRIP)], RED))[0]

    gentle, sharp = near_second_corner(turned(25)), near_second_corner(turned(35))
    assert BLUE in gentle.colours and BLUE not in sharp.colours and RED not in sharp.colours
    assert RED in gentle.colours  # the first side's end is read up to its own corner (the next one), not held back by the last
    doubled = Shape("outline", points=((0, 0), (1, 0), (1, 0), (1, 1), (0, 1)))
    assert len(strips_of(doubled, 20.0, 20.0)[0].colours) == 4 * 19  # its corner still left out: a trimmer rounds it off all the same

def test_a_small_hexagons_normals_point_away_from_its_centre():
    """Sides of 0.75 mm, shorter than the 2 mm a straight edge leaves out at its corners: each is still read at its
    two places along its line, the normals away from the centre."""
    for shape in (Shape("hexagon"), Shape("hexagon", pointy=True)):
        read_at_dots(shape, 1.5, 1.5, along_sides(shape.corners(1.5, 1.5), (0.75, 0.75)))

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
    for step in (5, -5):  # wound either way
        ring = Shape("outline", points=tuple((0.5 + 0.5 * math.cos(math.radians(a)), 0.5 + 0.5 * math.sin(math.radians(a))) for a in range(0, 360 * step // 5, step)))
        inside_in_and_outside_out(ring, 1.0, 1.0)  # 0.79 mm² inside
