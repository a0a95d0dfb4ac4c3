"""A die-cut outline whose path crosses itself is said to cross itself, and where (issue 100): a figure 8 or a star drawn
in one stroke was "a point or a line". Said once, at the deck's `shape:`, with the place on the piece in mm, which
comes from the drawing's geometry: a bow tie's sides cross at its centre; a pentagram's at the corners of the pentagon
inside it."""
from __future__ import annotations

import math
import re

from conftest import run_pnp

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
