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


def test_a_label_takes_its_pieces_colour_and_the_accent_only_where_they_have_none(tmp_path):
    """A label's band is drawn in its pieces' colour: the tiny game's pawns come in red and blue (`colors: [red, blue]`,
    the first named), so their label's band is the palette's red; labels of pieces with no palette colour take the
    palette's accent. Read from the label PDF: each label's band (the full-width bar above its title) by its fill."""
    import shutil

    import pdfplumber
    from conftest import MM, TEST_PROJECT, run_pnp

    root = tmp_path / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    game = root / "data/tiny/game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace('  gold: "#876510"\n', '  gold: "#876510"\n  accent: "#2a9d8f"\n'), encoding="utf-8")
    assert run_pnp(root, "build", "tiny", "--only", "labels", "-q").exit_code == 0
    with pdfplumber.open(root / "output/tiny/tiny-labels.pdf") as pdf:
        page = pdf.pages[0]
        bands = [r for r in page.rects if r["width"] > 40 * MM and 1.5 * MM < r["height"] < 3 * MM]
        colours = {}
        for word in (w for w in page.extract_words() if w["text"] in ("Heroes", "Coins", "Pawns", "Shields")):
            band = next(r for r in bands if r["x0"] <= word["x0"] <= r["x1"] and 0 < word["top"] - r["top"] < 10 * MM)
            colours[word["text"]] = "#" + "".join(f"{round(v * 255):02x}" for v in band["non_stroking_color"])
    assert colours == {"Pawns": "#c0392b", "Heroes": "#2a9d8f", "Coins": "#2a9d8f", "Shields": "#2a9d8f"}, colours
