"""What the checks read of a gradient (pnp.layout.gradients), on a gradient written out by hand: a mark along it is
judged at both its ends and at every stop between, and a point before its start or past its end takes its end
colour. The expected colours are the stops' own, mixed by the share of the way between them. And what a gradient prints
(docs/layouts.md), read back from `pnp preview`'s picture of one card: top to bottom when no angle is asked, colours
spread evenly or at their offsets, kept inside a rectangle's rounded corners; sixteen colours taken, a translucent one
refused at its line, and its colours in CMYK in a print-on-demand file."""
from __future__ import annotations

import pytest

from pnp.layout.elements import Gradient
from pnp.layout.gradients import colour_at, colours_over, position

WHITE_TO_BLACK = Gradient("linear", ((0.0, "#ffffff"), (1.0, "#000000")), 0.0, 0.0, 10.0, 0.0, 0.0)  # left to right over 10 mm


def test_a_mark_along_a_gradient_is_judged_at_both_its_ends_and_the_stops_between():
    assert colours_over(WHITE_TO_BLACK, [(2.0, 0.0), (8.0, 5.0)]) == ["#cccccc", "#333333"]  # 20 % and 80 % of the way
    three = WHITE_TO_BLACK._replace(stops=((0.0, "#ffffff"), (0.5, "#ff0000"), (1.0, "#000000")))
    assert colours_over(three, [(8.0, 0.0), (2.0, 0.0)]) == ["#ff9999", "#ff0000", "#660000"]  # 40 % of white to red, 60 % of red to black


def test_a_point_before_a_gradients_start_or_past_its_end_prints_its_end_colours():
    assert position(WHITE_TO_BLACK, -5.0, 0.0) == 0.0 and colour_at(WHITE_TO_BLACK, -5.0, 3.0) == "#ffffff"
    assert position(WHITE_TO_BLACK, 15.0, 0.0) == 1.0 and colour_at(WHITE_TO_BLACK, 15.0, 3.0) == "#000000"


def test_a_radial_gradient_fills_its_circle_out_to_the_rim(project):
    """A radial gradient runs out to the circle's rim, and the shading is extended past its radius so the pixels the rim
    crosses take its last colour too: read on screen, the circle covers its whole π r². Its stops share the green
    channel (0) against white paper (255), so a pixel's share of the circle is how far its green falls; nine poker
    cards fill a Letter page, three by three, each with a 5 mm circle."""
    import math

    import numpy as np
    from conftest import apply_edits, render_page, run_pnp

    disc = ('{{ rect(-face.bleed, -face.bleed, face.w + 2 * face.bleed, face.h + 2 * face.bleed, fill="#ffffff") }}\n'
            '{{ circle(face.w / 2, face.h / 2, 5, fill=gradient(["#ff0000", "#ff00ff"], kind="radial")) }}\n')
    apply_edits(project, [{"file": "templates/tiny/hero.j2", "write": disc}])
    result = run_pnp(project, "build", "tiny", "--only", "cards")
    assert result.exit_code == 0, result.output
    dpi = 72
    page = np.asarray(render_page(project / "output/tiny/tiny-cards.pdf", 0, dpi=dpi)).astype(int)
    tinted = page[..., 0] > page[..., 1]  # the red stays full where green falls: the circles, not grey marks or text
    covered = ((255 - page[..., 1]) / 255)[tinted].sum()
    circle = math.pi * (5 / 25.4 * dpi) ** 2
    assert abs(covered / (9 * circle) - 1) < 0.01, covered / circle


GRADIENTS = """{{ rect(-face.bleed, -face.bleed, face.w + 2*face.bleed, face.h + 2*face.bleed, fill="#ffffff") }}
{{ rect(5, 5, 20, 20, fill=gradient(["#000000", "#ffffff"])) }}
{{ rect(30, 5, 30, 10, fill=gradient(["#ff0000", "#00ff00", "#0000ff"], angle=0)) }}
{{ rect(30, 20, 30, 10, fill=gradient([[0, "#000000"], [0.8, "#ffffff"], [1, "#ffffff"]], angle=0)) }}
{{ rect(5, 40, 25, 25, fill=gradient(["#000000", "#202020"]), radius=5) }}
"""
PX = 300 / 25.4  # pixels a millimetre in the preview at 300 dpi


@pytest.fixture(scope="module")
def shaded(tmp_path_factory):
    """The pixels (RGB, rows from the trim's top) of the one card of a deck drawn by GRADIENTS, previewed at 300 dpi
    (poker size, no bleed)."""
    import shutil

    import numpy as np
    from conftest import TEST_PROJECT, run_pnp
    from PIL import Image

    root = tmp_path_factory.mktemp("shaded") / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    (root / "templates/tiny/shaded.j2").write_text(GRADIENTS, encoding="utf-8")
    (root / "data/tiny/decks/shaded.yaml").write_text("name: Shaded\nsize: poker\nfront: tiny/shaded.j2\ncards:\n  - {id: s1, name: S1}\n",
                                                      encoding="utf-8")
    result = run_pnp(root, "preview", "tiny", "--deck", "shaded", "--dpi", "300")
    assert result.exit_code == 0, result.output + result.stderr
    return np.asarray(Image.open(root / "output/tiny/preview/shaded/s1-front.png").convert("RGB"), dtype=np.int16)


def _at(picture, x: float, y: float):
    """The colour at (x, y) mm from the trim's top-left: the mean of the pixels of a 0.4 mm square there."""
    box = picture[round((y - 0.2) * PX):round((y + 0.2) * PX), round((x - 0.2) * PX):round((x + 0.2) * PX)]
    return box.reshape(-1, 3).mean(axis=0)


def test_a_gradient_given_no_angle_runs_from_top_to_bottom(shaded):
    """docs/layouts.md: `angle` 90, the default, runs top to bottom: black to white down a 20 mm square at (5, 5), so its
    top is dark, its foot light, and a row is one grey from left to right."""
    assert _at(shaded, 15, 6).max() < 40 and _at(shaded, 15, 24).min() > 215
    left, right = _at(shaded, 6, 15), _at(shaded, 24, 15)
    assert abs(left - right).max() < 6 and 100 < left.mean() < 155, (left, right)


def test_colours_given_without_offsets_are_spread_evenly_from_end_to_end(shaded):
    """docs/layouts.md: "The colours are spread evenly": red, green and blue left to right across 30 mm at x 30 put pure
    green at the middle (x 45) and half green, half blue at three quarters of the way (x 52.5)."""
    middle, three_quarters = _at(shaded, 45, 10), _at(shaded, 52.5, 10)
    assert middle[0] < 15 and middle[1] > 240 and middle[2] < 15, middle
    assert three_quarters[0] < 15 and abs(three_quarters[1] - 128) < 15 and abs(three_quarters[2] - 128) < 15, three_quarters


def test_a_gradients_offsets_place_its_colours(shaded):
    """`[[0, black], [0.8, white], [1, white]]` left to right across 30 mm at x 30: at 40 % of the way (x 42) the grey
    is half way from black to white (0.4 / 0.8), about 128, and from 80 % on (x 54 to 60) white; spread evenly its
    white would begin at the middle."""
    assert abs(_at(shaded, 42, 25).mean() - 128) < 12, _at(shaded, 42, 25)
    assert _at(shaded, 57, 25).min() > 245


def test_a_rounded_rectangles_gradient_stays_inside_its_rounded_corners(shaded):
    """A gradient filling a 25 mm square at (5, 40) with `radius=5`: the arc leaves (1 − 1/√2) × 5 = 1.46 mm of its
    corner's diagonal unpainted, so the 0.4 mm square 0.5 mm in from each corner is paper, its middle dark."""
    for x, y in ((5.5, 40.5), (29.5, 40.5), (5.5, 64.5), (29.5, 64.5)):
        assert _at(shaded, x, y).min() > 245, (x, y, _at(shaded, x, y))
    assert _at(shaded, 17.5, 52.5).max() < 40


def test_a_gradient_of_sixteen_colours_is_taken_and_a_translucent_colour_is_one_error_at_its_line(project):
    """docs/layouts.md: a gradient's colours "must be opaque": `#00000080` is refused where the template asks for it (the
    hero's line 8, at `gradient`), on each hero it draws; sixteen opaque greys on the line above are taken (2 to 16
    colours, its message says)."""
    from conftest import apply_edits, run_pnp

    greys = ", ".join(f'"#{v:02x}{v:02x}{v:02x}"' for v in range(0, 256, 17))  # 16 greys, black to white
    apply_edits(project, [{"file": "templates/tiny/hero.j2", "replace": [
        "{% endblock %}", f'{{{{ rect(10, 60, 20, 10, fill=gradient([{greys}])) }}}}\n'
                          '{{ rect(10, 72, 20, 10, fill=gradient(["#000000", "#00000080"])) }}\n{% endblock %}']}])
    result = run_pnp(project, "validate", "tiny")
    errors = [line for line in result.output.splitlines() if ": error: " in line]
    assert result.exit_code == 1
    assert errors == ["templates/tiny/hero.j2:8:30: error: a gradient's colours are opaque palette names or #rrggbb, got '#00000080' "
                      "(on 5 pieces: heroes/knight front, heroes/att front, heroes/rogue front, heroes/mage front, heroes/twin front) "
                      "[heroes/knight front]"], result.output
