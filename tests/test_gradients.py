"""What the checks read of a gradient (pnp.layout.gradients), on a gradient written out by hand: a mark along it is
judged at both its ends and at every stop between, and a point before its start or past its end takes its end
colour. The expected colours are the stops' own, mixed by the share of the way between them."""
from __future__ import annotations

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
