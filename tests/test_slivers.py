"""Slivers (issue 47): where a card's coloured edge meets a different colour across a shared cut, a hand cut 0.5 mm
off shows a sliver of one card on the other. `pnp validate` finds such an edge at the template line that drew it and
says what to do; an edge that meets its neighbour alike (a band inset from the edge) is not reported."""
from __future__ import annotations

from conftest import apply_edits, build_log, run_pnp

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


INSET_HEADER = "rect(3.2, 3.2, face.w - 6.4, 12.8, fill=card.side, radius=2)"
EDGE_HEADER = "rect(-face.bleed, -face.bleed, face.w + 2*face.bleed, 16 + face.bleed, fill=card.side)"


def _slivers(result) -> list[str]:
    return [line for line in result.output.splitlines() if "sliver" in line]  # click 8.2: stdout and stderr as printed


def test_validate_names_the_template_line_and_what_to_do(project):
    # the test game's header is inset 3.2 mm from the card's edges: its colour does not reach the cut
    result = run_pnp(project, "validate", "--strict", "tiny")
    assert result.exit_code == 0 and not _slivers(result), result.stderr
    # the header run to the card's edge (and into the bleed): red and black headers meet paper-coloured feet across the cut
    apply_edits(project, [{"file": "templates/tiny/frame.j2", "replace": [INSET_HEADER, EDGE_HEADER]}])
    result = run_pnp(project, "validate", "tiny")
    lines = [line for line in _slivers(result) if "heroes fronts" in line]
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("templates/tiny/frame.j2:3:1: warning: ") and "top edge" in lines[0], lines[0]
    assert "inset the band" in lines[0] and "light border" in lines[0] and "--bleed" in lines[0]
    # a warning: --strict fails on it, in validate and in build alike
    assert run_pnp(project, "validate", "--strict", "tiny").exit_code != 0
    built = run_pnp(project, "build", "--strict", "--only", "cards", "tiny")
    assert built.exit_code != 0 and [line for line in _slivers(built) if "frame.j2:3:1" in line], built.output


def test_the_shipped_games_print_no_sliver_on_letter_or_a4(shared_build):
    """Every deck of the five games, as `pnp build` prints it by default on Letter and on A4 (shared cut lines, no
    gutter), meets its neighbours alike across each cut: the plain builds every file reads (conftest.shared_build),
    whose checks warn of a sliver as the build above does, said nothing of one."""
    for out in (shared_build(), shared_build("--paper", "a4")):
        said = build_log(out)
        assert not [line for line in said.splitlines() if "sliver" in line], "\n".join(line for line in said.splitlines() if "sliver" in line)
        assert ": warning: " not in said


def test_slivers_alike_in_visibility_come_in_the_same_order_in_every_process():
    """Same input, same findings: a red card beside a green one shows a sliver each way, as visible as each other, and
    which comes first (the one a finding words) must not hang on Python's string hashing, which differs per process."""
    import os
    import subprocess
    import sys

    script = ("from pnp.layout.elements import Face, Rect\nfrom pnp.layout.slivers import slivers\n"
              f"def card(c): return Face({W}, {H}, 0.0, (Rect(0, 0, {W}, {H}, c, None, 0.0, 0.0, None),), frozenset())\n"
              "print([(s.side, s.colour, s.across) for s in slivers([card('#c0392b'), card('#2e7d32'), card('#1f4e8c')])])")
    seen = {subprocess.run([sys.executable, "-c", script], env={**os.environ, "PYTHONHASHSEED": str(seed)}, capture_output=True, text=True,
                           check=True).stdout for seed in range(6)}
    assert len(seen) == 1, seen
