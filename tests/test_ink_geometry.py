"""The geometry the ink of round shapes is worked out with (pnp.render.arcs, for pnp.render.ink_elements), held against figures found
another way: the area reportlab's Bézier arcs enclose, measured on a fine polygon of points along them; Gauss–Legendre's
rule against the integrals of powers it is exact for; an arc's length and tightest bend against a fine polyline's and
finite differences'. These are worked out once as the module is imported, so each is asked again here, as a test runs."""
from __future__ import annotations

import itertools
from math import hypot, pi

import pytest
from ink_truth import bezier

import pnp.render.arcs as arcs
import pnp.render.ink_elements as ie

KAPPA_CIRCLE = 0.5522847498  # reportlab's circle and ellipse: each quarter a Bézier arc whose handles are 4/3 (√2 − 1) long
KAPPA_CORNER = 1 - 0.4472  # reportlab's roundRect: handles 0.4472 of the radius short of the corner


def quarter_points(a: float, b: float, kappa: float, n: int = 20000) -> list[tuple[float, float]]:
    """n + 1 points along the Bézier quarter arc from (a, 0) to (0, b) whose handles are kappa of each semi-axis long."""
    p = ((a, 0.0), (a, kappa * b), (kappa * a, b), (0.0, b))
    return [bezier(p, i / n) for i in range(n + 1)]


def polygon_area(points: list[tuple[float, float]]) -> float:
    """The shoelace area of the closed polygon through `points`."""
    return abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1], strict=True))) / 2


@pytest.mark.parametrize("kappa", [KAPPA_CIRCLE, KAPPA_CORNER, 0.3, 0.8])
def test_a_quarter_arcs_area_about_its_centre_is_what_a_fine_polygon_along_it_encloses(kappa):
    sector = polygon_area([(0.0, 0.0), *quarter_points(1.0, 1.0, kappa)])
    assert arcs.quadrant(kappa) == pytest.approx(sector, rel=1e-7)


def test_reportlabs_circle_and_rounded_corner_enclose_a_little_more_than_a_true_circles():
    # the Bézier circle never lies inside the true one and bulges past it by at most 0.027 % of its radius, so it encloses
    # more than π and less than π (1.00027)²; the round rectangle's corner arc, its handles a little longer (0.5528 of the
    # radius), bulges a little further, and longer handles always enclose more
    assert pi < 4 * arcs.quadrant(KAPPA_CIRCLE) < pi * 1.00027 ** 2
    assert arcs.quadrant(KAPPA_CIRCLE) == arcs.ROUND_ARC and arcs.quadrant(KAPPA_CORNER) == arcs.ROUND_CORNER
    assert arcs.quadrant(KAPPA_CIRCLE) < arcs.quadrant(KAPPA_CORNER) < pi / 4 * 1.001


@pytest.mark.parametrize("n", [1, 3, 20])
def test_gauss_legendres_n_points_integrate_every_power_below_2n_exactly_on_the_unit_interval(n):
    nodes = arcs.gauss(n)
    assert len(nodes) == n and all(0 < x < 1 and w > 0 for x, w in nodes)
    for k in range(2 * n):
        assert sum(w * x ** k for x, w in nodes) == pytest.approx(1 / (k + 1), rel=1e-12, abs=1e-15)
    assert arcs.gauss(20) == arcs.GAUSS


@pytest.mark.parametrize("a, b, kappa", [(1.0, 1.0, KAPPA_CIRCLE), (1.0, 1.0, KAPPA_CORNER), (1.0, 0.4, KAPPA_CIRCLE)])
def test_a_quarter_arcs_length_and_tightest_bend_are_a_fine_polylines(a, b, kappa):
    arcs.quarter.cache_clear()
    length, bend = arcs.quarter(a, b, kappa)
    points = quarter_points(a, b, kappa, 100000)
    assert length == pytest.approx(sum(hypot(x1 - x0, y1 - y0) for (x0, y0), (x1, y1) in itertools.pairwise(points)), rel=1e-8)
    radii = []  # the circle through three close points, along the arc
    step = 200
    for i in range(step, len(points) - step, step):
        (x0, y0), (x1, y1), (x2, y2) = points[i - step], points[i], points[i + step]
        cross = (x1 - x0) * (y2 - y0) - (y1 - y0) * (x2 - x0)
        radii.append(hypot(x1 - x0, y1 - y0) * hypot(x2 - x1, y2 - y1) * hypot(x2 - x0, y2 - y0) / abs(2 * cross))
    assert bend <= min(radii) <= bend * 1.01  # the bend is kept a little under the tightest, on the safe side


@pytest.mark.parametrize("colour, expected", [("#000000", 1.0), ("#ffffff", 0.0), ("#ff0000", 2.0), ("#00ff00", 2.0), ("#ffff00", 1.0),
                                              ("#808080", 127 / 255), ("#402000", (255 - 64) / 255 + (3 * 64 - 64 - 32) / 64),
                                              ("#FF0000ff", 2.0), ("#ff0000FF", 2.0)])
def test_a_colours_coverage_is_the_print_rules_cmy_plus_k(colour, expected):
    # K = 1 − max(R, G, B); C, M, Y = (max − R, G, B) / max: black 1, white 0, a primary 2, a secondary 1
    assert ie.coverage(colour) == pytest.approx(expected, abs=1e-12)


@pytest.mark.parametrize("colour", ["#ff000080", "#ff0000", "red", "#ff00", "#gg0000", "#ff000000", None, ("#ff0000",)])
def test_a_colour_that_is_not_opaque_rrggbb_is_not_measured_from_the_elements(colour):
    if colour == "#ff0000":
        assert ie.coverage(colour) == 2.0
        return
    with pytest.raises(ie.Inexact):
        ie.coverage(colour)


@pytest.mark.parametrize("points", [((1, 0), (1, 0.55), (0.55, 1), (0, 1)), ((2, -1), (3, 0.5), (0.4, 2.5), (-1, 1.5)), ((0.5, 0.2), (2, 2), (-1, 3), (-2, -0.5))])
def test_a_cubic_sweeps_about_the_origin_twice_the_area_a_fine_fan_of_triangles_sweeps(points):
    """∫ x dy − y dx along any cubic Bézier, asymmetric ones too: twice the signed area of the fan of triangles from the
    origin to a fine polyline along it."""
    p = [(float(x), float(y)) for x, y in points]
    along = [bezier(p, i / 20000) for i in range(20001)]
    fan = sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in itertools.pairwise(along))
    assert arcs.cubic_sweep(*p) == pytest.approx(fan, rel=1e-7)
