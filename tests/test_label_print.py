"""Labels read at arm's length (issue 75, item 8): every word on the five games' bag and box labels prints at 6 pt or
more, the size of the sheets' own small print (their footers), on Letter and A4; read from the label PDFs' pages
(the last page, the slot outlines for checking on plain paper, has no label on it)."""
from __future__ import annotations

from conftest import ROOT
from print_sizes import smallest
from pypdf import PdfReader

GAMES = sorted(p.name for p in (ROOT / "data").iterdir() if (p / "game.yaml").is_file())
LABEL_FLOOR_PT = 6.0  # the sheets' footers' size (tests/test_small_print.py): a label's contents are read no closer
READ = 1e-4  # pt: a PDF holds its numbers to six significant digits


def test_every_word_on_the_games_labels_prints_at_6_pt_or_more(shared_build):
    small = []
    for out, tag in ((shared_build(), ""), (shared_build("--paper", "a4"), "-a4")):
        for game in GAMES:
            pdf = out / game / f"{game}-labels{tag}.pdf"
            labels = len(PdfReader(pdf).pages) - 1  # the last page: the slot outlines
            found = {(round(size, 2), page) for size, page, *_ in smallest(pdf).text if page <= labels and size < LABEL_FLOOR_PT - READ}  # pages from 1
            small += [f"{pdf.name} page {page}: {size} pt" for size, page in sorted(found)]
    assert not small, small[:10]
