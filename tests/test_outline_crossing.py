"""A die-cut outline whose path crosses itself is said to cross itself, and where (issue 100): a figure 8 or a star drawn
in one stroke was "a point or a line". Said once, at the deck's `shape:`, with the place on the piece in mm, which
comes from the drawing's geometry: a bow tie's sides cross at its centre; a pentagram's at the corners of the pentagon
inside it."""
from __future__ import annotations

import math
import re

import properties  # noqa: F401  (the suite's Hypothesis profile: the same examples every run)
from conftest import run_pnp
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.data.outlines import first_crossing

GAME = "title: Cuts\nstamps: false\npitch: Cuts.\nplayers: {min: 2, max: 4}\nage: 8\nplay_time: 15\n"
SIZE = 40.0  # mm: each outline's bounding box fills a 40 × 40 mm card


def _svg(points: list[tuple[float, float]]) -> str:
    d = "M" + " L".join(f"{x:.5f},{y:.5f}" for x, y in points) + " Z"
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><path d="{d}"/></svg>'


def _pentagram() -> list[tuple[float, float]]:
    """A five-pointed star in one stroke (every second corner of a regular pentagon), in a 100 × 100 box."""
    return [(50 + 50 * math.cos(math.radians(-90 + 144 * i)), 50 + 50 * math.sin(math.radians(-90 + 144 * i))) for i in range(5)]


def _inner_corners_mm() -> list[tuple[float, float]]:
    """Where a pentagram's sides cross (its inner pentagon's corners: radius r·cos 72°/cos 36°, between the points), in mm
    on the piece its bounding box fills."""
    outer = _pentagram()
    xs, ys = [p[0] for p in outer], [p[1] for p in outer]
    inner = [(50 + 50 * math.cos(math.radians(72)) / math.cos(math.radians(36)) * math.cos(math.radians(-90 + 36 + 72 * i)),
              50 + 50 * math.cos(math.radians(72)) / math.cos(math.radians(36)) * math.sin(math.radians(-90 + 36 + 72 * i))) for i in range(5)]
    return [((x - min(xs)) / (max(xs) - min(xs)) * SIZE, (y - min(ys)) / (max(ys) - min(ys)) * SIZE) for x, y in inner]


def test_an_outline_that_crosses_itself_is_one_error_at_its_shape_saying_where(tmp_path):
    (tmp_path / "data/cuts/decks/outlines").mkdir(parents=True)
    (tmp_path / "templates/cuts").mkdir(parents=True)
    (tmp_path / "data/cuts/game.yaml").write_text(GAME, encoding="utf-8")
    (tmp_path / "templates/cuts/plain.j2").write_text('{{ rect(0, 0, face.w, face.h, fill="#dddddd") }}\n', encoding="utf-8")
    shapes = {"bowtie": [(0, 0), (100, 100), (100, 0), (0, 100)], "pentagram": _pentagram()}
    for name, points in shapes.items():
        (tmp_path / f"data/cuts/decks/outlines/{name}.svg").write_text(_svg(points), encoding="utf-8")
        (tmp_path / f"data/cuts/decks/{name}.yaml").write_text(f"name: {name.title()}\nsize: {SIZE:g} x {SIZE:g}\nshape: outlines/{name}.svg\n"
                                                               "front: cuts/plain.j2\ncards:\n  - {id: one, count: 1}\n", encoding="utf-8")
    result = run_pnp(tmp_path, "validate", "cuts")
    errors = [line for line in result.stderr.splitlines() if ": error: " in line]
    assert result.exit_code == 1 and len(errors) == 2, result.stderr
    said = {name: next(line for line in errors if line.startswith(f"data/cuts/decks/{name}.yaml:3:8: error: ")) for name in shapes}
    assert all("crosses itself" in line and "point or a line" not in line for line in said.values()), said
    place = {name: tuple(float(v) for v in re.search(r"([\d.]+) mm from the left and ([\d.]+) mm from the top", line).groups())
             for name, line in said.items()}
    assert place["bowtie"] == (20.0, 20.0)  # the centre of a 40 mm piece
    assert min(math.dist(place["pentagram"], corner) for corner in _inner_corners_mm()) <= 0.1, place


# The crossing search itself, against the plain definition: a closed path crosses (or touches) itself when two of its
# sides that do not follow each other share a point. Corners on a small integer grid, so touching at a corner, running
# along another side and passing through a corner all come up, and the oracle's arithmetic is exact.
CORNERS = st.lists(st.tuples(st.integers(0, 6), st.integers(0, 6)), min_size=3, max_size=9)
EIGHTHS = CORNERS.map(lambda points: [(x / 8, y / 8) for x, y in points])  # a drawing in a box under 1 unit: exact in floats


def _orient(p, q, r) -> int:
    cross = (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])
    return (cross > 0) - (cross < 0)


def _within(p, q, r) -> bool:
    return min(p[0], q[0]) <= r[0] <= max(p[0], q[0]) and min(p[1], q[1]) <= r[1] <= max(p[1], q[1])


def _share_a_point(a, b, c, d) -> bool:
    o1, o2, o3, o4 = _orient(a, b, c), _orient(a, b, d), _orient(c, d, a), _orient(c, d, b)
    if o1 * o2 < 0 and o3 * o4 < 0:
        return True
    return ((o1 == 0 and _within(a, b, c)) or (o2 == 0 and _within(a, b, d)) or (o3 == 0 and _within(c, d, a))
            or (o4 == 0 and _within(c, d, b)))


def _apart(points) -> list[tuple[int, int]]:
    """Each pair of sides that do not follow each other round the closed path."""
    n = len(points)
    return [(i, j) for i in range(n) for j in range(i + 2, n) if not (i == 0 and j == n - 1)]


def _on(point, a, b) -> bool:
    """Whether `point` (floats) lies on the side a–b, to a billionth."""
    (px, py), (ax, ay), (bx, by) = point, a, b
    length = math.hypot(bx - ax, by - ay)
    if length == 0:
        return math.hypot(px - ax, py - ay) < 1e-9
    t = max(0.0, min(1.0, ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / length**2))
    return math.hypot(px - (ax + t * (bx - ax)), py - (ay + t * (by - ay))) < 1e-9


@settings(max_examples=300)
@given(st.one_of(CORNERS, EIGHTHS))
def test_the_crossing_search_finds_a_crossing_exactly_when_two_sides_apart_share_a_point(points):
    sides = list(zip(points, points[1:] + points[:1], strict=True))
    meeting = [(i, j) for i, j in _apart(points) if _share_a_point(*sides[i], *sides[j])]
    found = first_crossing([(float(x), float(y)) for x, y in points], "test.svg")
    assert (found is None) == (not meeting), (points, found, meeting)
    if found is not None:  # the point said is where two such sides meet
        assert any(_on(found, *sides[i]) and _on(found, *sides[j]) for i, j in meeting), (points, found)
