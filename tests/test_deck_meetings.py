"""Two decks the packing would put on one grid (issue 102): where a dark deck's leftovers would meet the heroes' cream
cards across a shared cut, the packing keeps them apart (a band of their own, room for crop marks between) instead of
warning about a sliver its own choice made. Read from the build's words and from the card sheets' drawn card panels.
"""
from __future__ import annotations

import shutil

import pytest
from conftest import TEST_PROJECT, run_pnp

DARK = '{{ rect(-face.bleed, -face.bleed, face.w + 2*face.bleed, face.h + 2*face.bleed, fill="ink") }}\n'  # ink to every edge
DARKS = "name: Darks\nsize: poker\nfront: tiny/dark.j2\nback: tiny/dark.j2\ncards:\n  - {id: dark, name: Dark, count: 4}\n"


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    """The tiny game (12 heroes on cream) and 4 dark cards: 3 heroes and the 4 darks share the second Letter sheet."""
    root = tmp_path_factory.mktemp("meetings") / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    (root / "templates/tiny/dark.j2").write_text(DARK)
    (root / "data/tiny/decks/darks.yaml").write_text(DARKS)
    return root


def _slivers(output: str) -> list[str]:
    return [line for line in output.splitlines() if "sliver" in line and "warning" in line]


def _meetings(pdf_path) -> list[tuple[int, tuple, tuple]]:
    """(page, one colour, the other) for each pair of card-sized panels of different colours that touch edge to edge."""
    import pdfplumber

    found = []
    with pdfplumber.open(pdf_path) as pdf:
        for n, page in enumerate(pdf.pages, 1):
            cards = [r for r in page.rects if r["fill"] and r["width"] > 150 and r["height"] > 150]  # poker panels: 180 × 252 pt
            for a in cards:
                for b in cards:
                    if a["non_stroking_color"] == b["non_stroking_color"]:
                        continue
                    side = abs(a["x1"] - b["x0"]) < 1 and a["top"] < b["bottom"] and b["top"] < a["bottom"]
                    below = abs(a["bottom"] - b["top"]) < 1 and a["x0"] < b["x1"] and b["x0"] < a["x1"]
                    if side or below:
                        found.append((n, a["non_stroking_color"], b["non_stroking_color"]))
    return found


def _grids(pdf_path) -> list[tuple[float, float, int, int]]:
    """(page width, page height, columns, rows) of each page's card-sized panels, in points."""
    import pdfplumber

    with pdfplumber.open(pdf_path) as pdf:
        out = []
        for page in pdf.pages:
            cards = [r for r in page.rects if r["fill"] and r["width"] > 150 and r["height"] > 150]
            out.append((round(page.width), round(page.height), len({round(r["x0"]) for r in cards}), len({round(r["top"]) for r in cards})))
        return out


def test_two_decks_that_would_meet_in_a_sliver_never_share_a_cut(project):
    result = run_pnp(project, "build", "tiny", "--only", "cards", "--out", str(project / "out"))
    assert result.exit_code == 0, result.output + result.stderr
    words = result.output  # stdout and stderr as the designer sees them
    assert _slivers(words) == []  # nothing the designer must fix that the packing made
    # Letter prints poker cards 3 × 3 upright: the heroes' first sheet keeps that grid, and no sheet turns to make room
    # for the darks kept apart (they cost a sheet of their own instead: 12 heroes and 4 darks on three sheets)
    grids = _grids(project / "out/tiny/tiny-cards.pdf")
    assert {(w, h) for w, h, _, _ in grids} == {(612, 792)}, grids
    assert grids[0][2:] == (3, 3), grids
    assert "6 pages" in words
    assert _meetings(project / "out/tiny/tiny-cards.pdf") == []  # no dark panel touches a cream one, fronts or backs
    alone = run_pnp(project, "build", "tiny", "--only", "cards", "--deck", "darks", "--out", str(project / "alone"))
    assert alone.exit_code == 0, alone.output + alone.stderr
    assert _slivers(alone.output) == []


def test_backs_that_would_meet_only_on_a_short_edge_flip_never_share_a_cut(tmp_path):
    """A sheet's plan is one for either flip, so a pair whose backs meet in a sliver only when the sheet turns over its
    short edge is kept apart too: three cream darks with an ink band across the top of their backs, which a short-edge
    flip (its rows turned top to bottom) would set against the heroes' cream backs, print with no sliver to fix."""
    root = tmp_path / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    ground = '{{ rect(-face.bleed, -face.bleed, face.w + 2*face.bleed, face.h + 2*face.bleed, fill="paper") }}\n'
    (root / "templates/tiny/cream.j2").write_text(ground)
    (root / "templates/tiny/banded.j2").write_text(ground + '{{ rect(-face.bleed, -face.bleed, face.w + 2*face.bleed, 5 + face.bleed, fill="ink") }}\n')
    (root / "data/tiny/decks/darks.yaml").write_text(DARKS.replace("tiny/dark.j2\nback: tiny/dark.j2", "tiny/cream.j2\nback: tiny/banded.j2").replace("count: 4", "count: 3"))
    result = run_pnp(root, "build", "tiny", "--only", "cards", "--duplex", "short")
    assert result.exit_code == 0, result.output + result.stderr
    assert _slivers(result.output) == []
