"""More ways a designer's outline can cross or touch itself, each refused once at the deck's `shape:` with the place
in mm (issue 101): a path that comes back to a corner it already went through, a closing side that cuts an earlier
side, a stretch drawn twice along the same line, and a figure 8 drawn with curves. Outlines that come close to
themselves without touching are still taken. Expected places come from the drawings' geometry, not from pnp."""
from __future__ import annotations

import re

from conftest import run_pnp
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.data.outlines import first_crossing

GAME = "title: Cuts\nstamps: false\npitch: Cuts.\nplayers: {min: 2, max: 4}\nage: 8\nplay_time: 15\n"
SIZE = 40.0  # mm: each outline's bounding box (0..100 in its viewBox) fills a 40 × 40 mm card, so 1 unit = 0.4 mm

SPIKE = [(0, 0), (45, 0), (45, 40), (50, 40), (50, 0), (100, 0), (100, 100), (52, 100), (50, 40.5), (48, 100), (0, 100)]
POKE = [(0, 0), (100, 0), (100, 100), (50, 100), (50, 20), (20, 20), (30, 40), (50, 60), (20, 80), (0, 100)]  # (50, 60) on x = 50
TOUCH = [(x, 40 if y == 40.5 else y) for x, y in SPIKE]  # the spike's tip on the slot's corner (50, 40)
TOUCH_MM = [(20.0, 16.0), (20.0, 24.0), (16.0, 20.0), (24.0, 20.0)]  # that corner, turned as _turned turns it, on a 40 mm piece


def _turned(points: list[tuple[float, float]], k: int) -> str:
    """The path through `points`, as drawn (k = 0), upside down (1), on its side (2), on its side mirrored (3)."""
    moved = [[(x, y), (x, 100 - y), (y, x), (100 - y, x)][k] for x, y in points]
    return "M" + " L".join(f"{x:g},{y:g}" for x, y in moved) + " Z"


CROSSING = {
    # a corner pressed against the middle of an upright side, and the same on its side
    **{f"poke{k}": _turned(POKE, k) for k in (0, 2)},
    # a spike's tip meeting the end of a slot's side, in four turns
    **{f"touch{k}": _turned(TOUCH, k) for k in range(4)},
    # the path goes through (50, 50) twice: two triangles meeting at a point
    "vertex": "M0,0 L50,50 L100,0 L100,100 L50,50 L0,100 Z",
    # the closing side (50,100)→(0,0), y = 2x, cuts the side (100,100)→(0,60), y = 60 + 0.4x, at (37.5, 75)
    "closing": "M0,0 L100,0 L100,100 L0,60 L50,100 Z",
    # the bottom edge is drawn twice, from x = 100 to 20 and again from 80 to 0
    "overlap": "M0,0 L100,0 L100,100 L20,100 L20,60 L80,60 L80,100 L0,100 Z",
    # two straight strokes cross at the centre, joined by curved loops; point-symmetric about (50, 50)
    "eight": "M20,20 L80,80 C110,110 110,-10 80,20 L20,80 C-10,110 -10,-10 20,20 Z",
}
TAKEN = {
    # a comb whose teeth come within 1 unit (0.4 mm) of each other and never touch
    "comb": "M0,0 L100,0 L100,100 L51,100 L51,10 L49,10 L49,100 L0,100 Z",
    # a spike whose tip stops 0.5 units short of the end of a slot's side, on that side's line: from below, from
    # above, from the right and from the left
    **{f"spike{k}": _turned(SPIKE, k) for k in range(4)},
    # a ten-corner star that does not cross itself (every corner once, inner and outer in turn)
    "star": "M50,0 L61,35 L100,38 L68,57 L79,100 L50,75 L21,100 L32,57 L0,38 L39,35 Z",
    # a circle of four curves
    "round": "M50,0 C77.6,0 100,22.4 100,50 C100,77.6 77.6,100 50,100 C22.4,100 0,77.6 0,50 C0,22.4 22.4,0 50,0 Z",
}


def _project(tmp_path, shapes: dict[str, str]) -> None:
    (tmp_path / "data/cuts/decks/outlines").mkdir(parents=True)
    (tmp_path / "templates/cuts").mkdir(parents=True)
    (tmp_path / "data/cuts/game.yaml").write_text(GAME, encoding="utf-8")
    (tmp_path / "templates/cuts/plain.j2").write_text('{{ rect(0, 0, face.w, face.h, fill="#dddddd") }}\n', encoding="utf-8")
    for name, d in shapes.items():
        svg = f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><path d="{d}"/></svg>'
        (tmp_path / f"data/cuts/decks/outlines/{name}.svg").write_text(svg, encoding="utf-8")
        (tmp_path / f"data/cuts/decks/{name}.yaml").write_text(f"name: {name.title()}\nsize: {SIZE:g} x {SIZE:g}\nshape: outlines/{name}.svg\n"
                                                               "front: cuts/plain.j2\ncards:\n  - {id: one, count: 1}\n", encoding="utf-8")


def test_each_way_of_crossing_is_one_error_at_the_shape_naming_where(tmp_path):
    _project(tmp_path, CROSSING)
    result = run_pnp(tmp_path, "validate", "cuts")
    errors = [line for line in result.stderr.splitlines() if ": error: " in line]
    assert result.exit_code == 1 and len(errors) == len(CROSSING), result.stderr
    said = {name: next(line for line in errors if line.startswith(f"data/cuts/decks/{name}.yaml:3:8: error: ")) for name in CROSSING}
    assert all(f"outline file outlines/{name}.svg's path crosses itself" in line for name, line in said.items()), said
    place = {name: tuple(float(v) for v in re.search(r"([\d.]+) mm from the left and ([\d.]+) mm from the top", line).groups())
             for name, line in said.items()}
    assert place["vertex"] == (20.0, 20.0)
    assert place["closing"] == (15.0, 30.0)
    assert place["eight"] == (20.0, 20.0)
    assert (place["poke0"], place["poke2"]) == ((20.0, 24.0), (24.0, 20.0))
    assert [place[f"touch{k}"] for k in range(4)] == TOUCH_MM
    across, down = place["overlap"]
    assert down == 40.0 and 8.0 <= across <= 32.0, place  # somewhere on the stretch drawn twice (x 20..80 at the bottom)


def test_outlines_that_come_close_without_touching_are_taken(tmp_path):
    _project(tmp_path, TAKEN)
    result = run_pnp(tmp_path, "validate", "cuts")
    assert result.exit_code == 0 and "crosses itself" not in result.stderr, result.stderr


_COORD = st.floats(min_value=-1000, max_value=1000, allow_nan=False)
_REACH = st.floats(min_value=1, max_value=500)


@settings(max_examples=60, deadline=None)
@given(px=_COORD, py=_COORD, angle=st.floats(min_value=0.2, max_value=2.9), turn=st.floats(min_value=0, max_value=6.28),
       reaches=st.tuples(_REACH, _REACH, _REACH, _REACH))
def test_a_bow_tie_is_found_crossing_where_its_two_strokes_meet(px, py, angle, turn, reaches):
    """A bow tie a→b→c→d: strokes a–b and c–d pass through P in different directions, so the path crosses there and
    nowhere else (b–c and d–a lie in opposite angles between the strokes)."""
    import math

    u, v = (math.cos(turn), math.sin(turn)), (math.cos(turn + angle), math.sin(turn + angle))
    s1, t1, s2, t2 = reaches
    a, b = (px + s1 * u[0], py + s1 * u[1]), (px - t1 * u[0], py - t1 * u[1])
    c, d = (px + s2 * v[0], py + s2 * v[1]), (px - t2 * v[0], py - t2 * v[1])
    at = first_crossing([a, b, c, d], "bowtie.svg")
    assert at is not None and math.dist(at, (px, py)) <= 1e-6 * (1 + abs(px) + abs(py) + max(reaches))


@settings(max_examples=60, deadline=None)
@given(radii=st.lists(st.floats(min_value=1, max_value=100), min_size=4, max_size=40))
def test_a_star_shaped_polygon_never_crosses_itself(radii):
    """Corners at evenly turning angles round a centre, each at its own distance, make a polygon that never crosses itself."""
    import math

    n = len(radii)
    points = [(r * math.cos(2 * math.pi * i / n), r * math.sin(2 * math.pi * i / n)) for i, r in enumerate(radii)]
    assert first_crossing(points, "star.svg") is None
