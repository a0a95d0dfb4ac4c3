"""No crop mark, tick or cut guide marks a card (issue 47): read from the PDFs of the five games, no segment is
stroked over a piece (more than 0.1 mm inside its trim), and none on a backs side inside a grid of pieces, where a
duplex drift of up to 3 mm would put it on some card's back. Every cut line still keeps a mark that prints
(tests/test_printable.py).

Builds: Letter and A4, with and without bleed, the default 1/6 in printer margin and a printer profile with 6.35 mm: three
builds in which each appears (a case per code path), the very builds tests/test_printable.py reads.
"""
from __future__ import annotations

import marks as M
import pytest

from pnp.core.units import DEFAULT_PRINTABLE_MM

KINDS = ("cards", "tokens", "reference")
# Each paper, bleed and printer margin in three builds, the very builds tests/test_printable.py reads (conftest.shipped_builds):
# the plain Letter and A4 builds every file reads, and the bleed build for a 6.35 mm printer on Letter
BUILDS = {"letter": ("letter", False, DEFAULT_PRINTABLE_MM), "a4": ("a4", False, DEFAULT_PRINTABLE_MM),
          "letter-bleed-6.35mm": ("letter", True, 6.35)}


@pytest.mark.parametrize("name", BUILDS)
def test_no_mark_on_a_card_nor_inside_a_grid_of_backs(shipped_builds, pdfium_reader, name):
    out = shipped_builds(*BUILDS[name])
    pdfs = sorted(p for p in out.glob("*/*.pdf") if any(f"-{kind}" in p.name for kind in KINDS))
    assert any("-cards" in p.name for p in pdfs) and any("-tokens" in p.name for p in pdfs)
    problems = [problem for pdf in pdfs for problem in M.marks_on_pieces(pdf, pdfium_reader)]
    assert not problems, "\n".join(problems[:20]) + f"\n({len(problems)} segments)"
