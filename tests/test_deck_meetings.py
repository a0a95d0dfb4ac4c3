"""Two decks the packing puts on one sheet (issue 102): where a dark deck's leftovers meet the heroes' across a shared cut,
the build gives one warning for that meeting, naming both sets and a fix that works (a gutter, or the deck built alone),
not one per template line telling the designer to redesign. Read from the build's words; the advised gutter is then tried.
"""
from __future__ import annotations

import re
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


def test_two_decks_meeting_on_a_shared_cut_give_one_warning_with_a_fix_that_works(project):
    result = run_pnp(project, "build", "tiny", "--only", "cards", "--out", str(project / "out"))
    assert result.exit_code == 0, result.output + result.stderr
    words = result.output  # stdout and stderr as the designer sees them
    assert "holds Darks ×4, Heroes ×3" in words  # the packing did put them together
    slivers = _slivers(words)
    assert len(slivers) == 1, slivers  # fronts and backs of one meeting: one finding
    assert "darks" in slivers[0] and "heroes" in slivers[0]
    assert "redesign" not in slivers[0] and "inset the band" not in slivers[0]
    gutter = re.search(r"--gutter (\d+)", slivers[0])
    assert gutter, slivers[0]
    assert "--deck darks" in slivers[0]
    again = run_pnp(project, "build", "tiny", "--only", "cards", "--gutter", gutter.group(1), "--out", str(project / "gutter"))
    assert again.exit_code == 0, again.output + again.stderr
    assert _slivers(again.output) == []
    alone = run_pnp(project, "build", "tiny", "--only", "cards", "--deck", "darks", "--out", str(project / "alone"))
    assert alone.exit_code == 0, alone.output + alone.stderr
    assert _slivers(alone.output) == []
