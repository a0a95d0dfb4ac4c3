"""No crop mark, tick or cut guide marks a card (issue 47): read from the PDFs of the five games, no segment is
stroked over a piece (more than 0.1 mm inside its trim), and none on a backs side inside a grid of pieces, where a
duplex drift of up to 3 mm would put it on some card's back. Every cut line still keeps a mark that prints
(tests/test_printable.py).

Builds: the default (Letter, 1/6 in printer margin), --bleed, --paper a4, and a printer profile with a 6.35 mm margin.
"""
from __future__ import annotations

import marks as M
import pytest
from conftest import ROOT

from pnp.core.units import DEFAULT_PRINTABLE_MM
from pnp.data.project import Project
from pnp.outputs.context import Engine
from pnp.outputs.options import Options
from pnp.pipeline.build import build_game

GAMES = sorted(p.name for p in (ROOT / "data").iterdir() if (p / "game.yaml").is_file())
KINDS = ("cards", "tokens", "reference")
BUILDS = {"default": dict(paper="letter"), "bleed": dict(paper="letter", bleed=True), "a4": dict(paper="a4"),
          "printer-6.35mm": dict(paper="letter", printable_mm=6.35)}


@pytest.mark.parametrize("name", BUILDS)
def test_no_mark_on_a_card_nor_inside_a_grid_of_backs(tmp_path, name):
    project = Project(ROOT)
    engine = Engine(project)
    options = Options(out=tmp_path, only=KINDS, **{"printable_mm": DEFAULT_PRINTABLE_MM, **BUILDS[name]})
    for slug in GAMES:
        game = project.load_game(slug)[0]
        _, findings = build_game(engine.for_game(game), options)
        assert not [f for f in findings if f.severity == "error"], findings
    pdfs = sorted(tmp_path.glob("*/*.pdf"))
    assert any("-cards" in p.name for p in pdfs) and any("-tokens" in p.name for p in pdfs)
    problems = [problem for pdf in pdfs for problem in M.marks_on_pieces(pdf)]
    assert not problems, "\n".join(problems[:20]) + f"\n({len(problems)} segments)"
