"""Slivers (issue 47): where a card's coloured edge meets a different colour across a shared cut, a hand cut 0.5 mm
off shows a sliver of one card on the other. `pnp validate` finds such an edge at the template line that drew it and
says what to do; an edge that meets its neighbour alike (a band inset from the edge) is not reported."""
from __future__ import annotations

from conftest import apply_edits, run_pnp

from pnp.layout.elements import Face, Rect
from pnp.layout.slivers import slivers

W, H = 63.5, 88.9  # poker
PAPER, INK = "#fbf8f0", "#1d2433"


def band(x: float, y: float, w: float, h: float, fill: str) -> Rect:
    return Rect(x, y, w, h, fill, None, 0.0, 0.0, None)


def card(*elements) -> Face:
    return Face(W, H, 0.0, (band(0, 0, W, H, PAPER), *elements), frozenset())


def test_a_dark_header_to_the_edge_meets_the_light_foot_of_the_card_above():
    header = band(0, 0, W, 12, INK)
    found = slivers([card(header)])
    assert [(s.side, s.colour, s.across) for s in found] == [("top", INK, PAPER)]
    assert found[0].element == header


def test_a_band_inset_from_the_edge_and_light_edges_meet_alike():
    assert slivers([card(band(3, 3, W - 6, 12, INK))]) == []
    assert slivers([card(), card(band(0, 0, W, H, "#ffffff"))]) == []  # two light papers: nothing shows


def test_full_colour_cards_of_different_colours_side_by_side():
    red, green = card(band(0, 0, W, H, "#c0392b")), card(band(0, 0, W, H, "#2e7d32"))
    assert slivers([red]) == []  # one colour everywhere meets itself
    assert {(s.colour, s.across) for s in slivers([red, green])} == {("#c0392b", "#2e7d32"), ("#2e7d32", "#c0392b")}


def test_validate_names_the_template_line_and_what_to_do(project):
    result = run_pnp(project, "validate", "tiny")
    lines = [line for line in result.stderr.splitlines() if "sliver" in line and "heroes fronts" in line]
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("templates/tiny/frame.j2:3:1: ") and "top edge" in lines[0], lines[0]
    assert "inset the band" in lines[0] and "light border" in lines[0] and "--bleed" in lines[0]
    # the header inset 3 mm from the card's edges: its colour no longer reaches the cut
    apply_edits(project, [{"file": "templates/tiny/frame.j2",
                           "replace": ["rect(-face.bleed, -face.bleed, face.w + 2*face.bleed, 16 + face.bleed, fill=card.side)",
                                       "rect(3, 3, face.w - 6, 13, fill=card.side)"]}])
    result = run_pnp(project, "validate", "tiny")
    assert not [line for line in result.stderr.splitlines() if "sliver" in line and "heroes fronts" in line], result.stderr
