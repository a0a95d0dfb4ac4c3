"""A printer profile that changes how a board tiles says so (issue 75, item 7), and its tiles stay the fewest that keep
every cut line off text.

Police Precinct's city map (520 × 384 mm) built on Letter for a printer that cannot print within 6.35 mm (a common
laser's margin), read from the PDF: its tiles, by their footers, and the words a cut line crosses (tests/test_board_seams.py
reads them). Landscape Letter less 6.35 mm and the tiles' corner marks and footer leaves about 255 × 180 mm a tile; with
10 mm overlaps, 520 mm needs 3 columns (2 × 255 − 10 < 520) and 384 mm 3 rows (2 × 180 − 10 < 384): 9 tiles is the
fewest a landscape grid can take. A portrait grid of 6 tiles would cut through the map's words, and a build at the
default 5 mm margin tiles the city on 6.
"""
from __future__ import annotations

import re

import pytest
from conftest import ROOT
from test_board_seams import cut_words

from pnp.data.project import Project
from pnp.outputs.context import Engine
from pnp.outputs.options import Options
from pnp.pipeline.build import build_game


@pytest.fixture(scope="module")
def narrow(tmp_path_factory):
    """(the boards PDF, the build's findings) of Police Precinct on Letter at a 6.35 mm printer margin."""
    out = tmp_path_factory.mktemp("narrow-boards")
    project = Project(ROOT)
    gctx = Engine(project).for_game(project.load_game("police-precinct")[0])
    outputs, findings = build_game(gctx, Options(paper="letter", out=out, only=("boards",), printable_mm=6.35))
    assert not [f for f in findings if f.severity == "error"], findings
    return next(o.path for o in outputs if o.path.suffix == ".pdf"), findings


def test_a_narrower_margin_tiles_the_city_on_the_fewest_pages_clear_of_text_and_says_so(narrow, pdfium_reader):
    pdf, findings = narrow
    tiles = [p for p in pdfium_reader.pages(pdf) if re.search(r"· City map · tile [A-Z]+\d+ of", p.text())]
    assert len(tiles) == 9, f"{len(tiles)} tiles"
    assert not any(cut_words(pdf, pdfium_reader).values()), cut_words(pdf, pdfium_reader)
    notes = [f for f in findings if f.code == "board-tiling-margin"]
    assert len(notes) == 1, findings
    note = notes[0]
    assert str(note.loc).startswith("data/police-precinct/boards.yaml:7"), note.loc
    assert "board 'city' tiles on 9 letter pages with this printer's 6.35 mm margin, 6 with the default 5.00 mm" in note.message, note.message


def test_the_default_margin_says_nothing_of_it(shared_build):
    from conftest import build_log

    assert "with this printer's" not in build_log(shared_build())


def test_a_closer_printer_margin_that_prints_a_board_on_fewer_pages_says_its_printable_area_is_larger(project):
    """A 200 × 262 mm board tiles in two on Letter at the default 5 mm margin (read from the default build's tile
    footers) but prints on one page for a printer that prints to 2 mm of the edge (docs/printing.md: most inkjets print
    to 3 mm): the note says so at the board's size, and that the printable area is larger, not smaller."""
    from conftest import run_pnp
    from pdftext import page_texts

    (project / "templates/tiny/plain.j2").write_text('{{ rect(0, 0, face.w, face.h, fill="#cfe3f0") }}\n')
    (project / "data/tiny/boards.yaml").write_text("boards:\n  - id: plain\n    name: Plain\n    size: 200 x 262\n    template: tiny/plain.j2\n")
    assert run_pnp(project, "calibrate", "--save", "close", "--margin", "2").exit_code == 0
    default = run_pnp(project, "build", "tiny", "--only", "boards", "--no-validate")
    assert default.exit_code == 0, default.output + default.stderr
    tiles = [text for text in page_texts(project / "output/tiny/tiny-boards.pdf") if re.search(r"Plain · tile [A-Z]+\d+ of", text)]
    assert len(tiles) == 2, tiles
    close = run_pnp(project, "build", "tiny", "--only", "boards", "--no-validate", "--printer", "close")
    assert close.exit_code == 0, close.output + close.stderr
    assert len(page_texts(project / "output/tiny/tiny-boards-margin2mm.pdf")) == 1
    notes = [line for line in close.output.splitlines() if ": note: " in line]
    assert notes == ["data/tiny/boards.yaml:4:11: note: board 'plain' tiles on 1 letter page with this printer's 2.00 mm margin, "
                     "2 with the default 5.00 mm: the printable area is larger [boards/plain]"], close.output
