"""Reportlab's Bézier arcs, measured: the area a quarter arc sweeps about its centre (a rounded rectangle's corners, a
circle's and an ellipse's quarters), and a quarter's length and least radius of curvature (a stroke along it), for a
page's ink worked out from its elements (pnp.render.ink_elements). Plane geometry alone: exact to a float's precision."""
from __future__ import annotations

from functools import lru_cache
from math import cos, hypot
from math import pi as PI


def cubic_sweep(p0, p1, p2, p3) -> float:
    """Twice the signed area a cubic Bézier sweeps about the origin, ∫ x dy − y dx: Gauss–Legendre's three points
    integrate its polynomial of degree five exactly."""
    total = 0.0
    for t, weight in ((0.5 - 0.15 ** 0.5, 5 / 18), (0.5, 8 / 18), (0.5 + 0.15 ** 0.5, 5 / 18)):
        u = 1 - t
        x = u * u * u * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t * t * t * p3[0]
        y = u * u * u * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t * t * t * p3[1]
        dx = 3 * (u * u * (p1[0] - p0[0]) + 2 * u * t * (p2[0] - p1[0]) + t * t * (p3[0] - p2[0]))
        dy = 3 * (u * u * (p1[1] - p0[1]) + 2 * u * t * (p2[1] - p1[1]) + t * t * (p3[1] - p2[1]))
        total += weight * (x * dy - y * dx)
    return total


def quadrant(kappa: float) -> float:
    """The area between a unit circle's centre and reportlab's Bézier quarter arc whose handles are `kappa` long."""
    return cubic_sweep((1, 0), (1, kappa), (kappa, 1), (0, 1)) / 2  # the two radii sweep no area about the centre


ROUND_CORNER = quadrant(1 - 0.4472)  # reportlab's roundRect: handles 0.4472 of the radius short of the corner
ROUND_ARC = quadrant(0.5522847498)  # reportlab's circle and ellipse: four arcs of 4/3 (√2 − 1)


def gauss(n: int) -> tuple:
    """Gauss–Legendre's n nodes and weights on [0, 1] (Newton's method on the Legendre polynomial's roots)."""
    nodes = []
    for k in range(n):
        x = cos(PI * (k + 0.75) / (n + 0.5))
        for _ in range(100):
            p0, p1 = 1.0, x
            for m in range(2, n + 1):
                p0, p1 = p1, ((2 * m - 1) * x * p1 - (m - 1) * p0) / m
            dp = n * (x * p1 - p0) / (x * x - 1)
            x, last = x - p1 / dp, x
            if abs(x - last) < 1e-16:
                break
        nodes.append(((1 - x) / 2, 1 / ((1 - x * x) * dp * dp)))
    return tuple(nodes)


GAUSS = gauss(20)


@lru_cache(maxsize=256)
def quarter(a: float, b: float, kappa: float) -> tuple[float, float]:
    """(length, least radius of curvature) of the Bézier quarter arc from (a, 0) to (0, b) whose handles are kappa of
    each semi-axis long: its length ∫|B′| by Gauss–Legendre over 16 pieces (to a float's precision: the integrand is
    smooth), its bend |B′|³ / |B′ × B″| at 513 points (its curvature changes by well under a percent between them)."""
    px, py = (a, a, kappa * a, 0.0), (0.0, kappa * b, b, b)

    def speed(t: float) -> tuple:
        u = 1 - t
        dx = 3 * (u * u * (px[1] - px[0]) + 2 * u * t * (px[2] - px[1]) + t * t * (px[3] - px[2]))
        dy = 3 * (u * u * (py[1] - py[0]) + 2 * u * t * (py[2] - py[1]) + t * t * (py[3] - py[2]))
        ddx = 6 * (u * (px[2] - 2 * px[1] + px[0]) + t * (px[3] - 2 * px[2] + px[1]))
        ddy = 6 * (u * (py[2] - 2 * py[1] + py[0]) + t * (py[3] - 2 * py[2] + py[1]))
        return dx, dy, ddx, ddy

    length = sum(w * hypot(*speed((i + x) / 16)[:2]) for i in range(16) for x, w in GAUSS) / 16
    bend = min(hypot(dx, dy) ** 3 / abs(dx * ddy - dy * ddx) for dx, dy, ddx, ddy in (speed(i / 512) for i in range(513)))
    return length, bend * (1 - 1e-3)
