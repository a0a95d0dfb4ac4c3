"""What a print service is sent, held on the tiny game exported in process (issue 101): every component matched to the
vendor's product (a 63 × 88 mm deck is a poker deck and never vanishes), each file laid out as the vendor's upload page
asks and read back against the vendor's numbers, the vendor's own safe zone, and MBPrint's outlined PDF/X-4.

Expected values are the vendors' published numbers, as recorded with their sources in pnp/targets/vendors.py and
written out here (never read from the exporter): poker 2.5 × 3.5 in (63.5 × 88.9 mm); The Game Crafter 1/8 in bleed at
300 dpi; MakePlayingCards 36 px of bleed at 300 dpi; DriveThruCards 1/8 in bleed, each card's back then its front,
1/8 in safe zone; LongPack 3 mm bleed, a fronts file and a backs file; MBPrint 3 mm bleed, 4 mm safe zone, a file per
card size, front then back; Print & Play 12 × 18 in sheets with 2 mm bleed, backs mirrored; an offset printer 3 mm
bleed at any size. Each test exports what it reads; the files are read back with PIL, pypdfium2 and pikepdf.
"""
from __future__ import annotations

import csv
import re
import shutil
from pathlib import Path

import pikepdf
import pypdfium2 as pdfium
import pytest
from conftest import TEST_PROJECT, run_pnp
from PIL import Image
from test_order_promises import OMENS  # a deck of 75 x 120 mm cards no product fits
from test_preflight_promises import marks_agree

IN = 25.4
POKER = (63.5, 88.9)
DPI = 300
BLEED = {"thegamecrafter": IN / 8, "makeplayingcards": 36 / DPI * IN, "drivethrucards": IN / 8, "longpack": 3.0, "mbprint": 3.0,
         "printplay": 2.0, "offset": 3.0}
SHEET = (12 * IN, 18 * IN)  # Print & Play's sheet
PT = 72 / IN
# A 63 × 88 mm deck (the size many designers draw a poker card at): a gold ground to the bleed and a dark line on the trim
SMALL_DECK = """\
name: Scouts
size: 63 x 88
front: tiny/trim-line.j2
back: tiny/back.j2
cards:
  - {id: scout, name: Scout, count: 3}
  - {id: spy, name: Spy, count: 2}
"""
TRIM_LINE = ('{{ rect(-face.bleed, -face.bleed, face.w + 2*face.bleed, face.h + 2*face.bleed, fill="gold") }}'
             '{{ rect(0, 0, face.w, face.h, stroke="ink", stroke_width=0.6, edge=true) }}'
             '{{ text(card.name, 10, 40, face.w - 20, 8, size=10, color="paper", align="center") }}\n')


SCOUT_BOX = "boxes:\n  - {id: scout-box, name: Scout box, style: tuck, decks: [scouts], front: tiny/back.j2}\n"


def _project(root: Path) -> Path:
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    (root / "data/tiny/decks/scouts.yaml").write_text(SMALL_DECK, encoding="utf-8")
    (root / "templates/tiny/trim-line.j2").write_text(TRIM_LINE, encoding="utf-8")
    return root


def _export(root: Path, vendor: str, deck: str):
    result = run_pnp(root, "export", "tiny", "--vendor", vendor, "--deck", deck)
    assert result.exit_code == 0, result.output + result.stderr
    return root / "output/tiny" / f"vendor-{vendor}", result.output


def _px(mm: float) -> int:
    return round(mm / IN * DPI)


def _pages(pdf: Path) -> list[tuple[float, float]]:
    with pikepdf.open(pdf) as doc:
        return [(round(float(p.mediabox[2] - p.mediabox[0]) / PT, 2), round(float(p.mediabox[3] - p.mediabox[1]) / PT, 2)) for p in doc.pages]


def _texts(pdf: Path) -> list[str]:
    doc = pdfium.PdfDocument(str(pdf))
    try:
        return [page.get_textpage().get_text_range() for page in doc]
    finally:
        doc.close()


@pytest.mark.parametrize("vendor", ["thegamecrafter", "makeplayingcards"])
def test_a_63_by_88_deck_is_a_poker_deck_of_png_files_at_the_vendors_pixels_and_dpi(tmp_path, vendor):
    """A PNG vendor gets the 63 × 88 mm deck as poker cards: a PNG per distinct face (two fronts and the shared back) at
    the poker card plus the vendor's bleed at 300 dpi, saying 300 dpi, RGB; quantities.csv counts each card; no warning
    leaves the deck out; MakePlayingCards also gets the deck's MPC Autofill order. The game's tuck box for the deck is
    no deck: `--deck` sends that deck alone, neither ordering the box nor naming it as not offered."""
    root = _project(tmp_path / "p")
    (root / "data/tiny/boxes.yaml").write_text(SCOUT_BOX, encoding="utf-8")
    folder, said = _export(root, vendor, "scouts")
    assert "Scout box" not in (folder / "README.txt").read_text(encoding="utf-8")
    images = sorted(p.name for p in (folder / "cards/scouts").glob("*.png"))
    assert len(images) == 3 and "back.png" in images and all(n.endswith(("scout.png", "spy.png", "back.png")) for n in images), said
    size = (_px(POKER[0] + 2 * BLEED[vendor]), _px(POKER[1] + 2 * BLEED[vendor]))
    assert size == ({"thegamecrafter": (825, 1125), "makeplayingcards": (822, 1122)}[vendor])
    for name in images:
        with Image.open(folder / "cards/scouts" / name) as image:
            assert (image.format, image.mode, image.size) == ("PNG", "RGB", size)
            assert [round(d) for d in image.info["dpi"]] == [DPI, DPI]
    with (folder / "cards/scouts/quantities.csv").open(encoding="utf-8") as rows:
        counted = {row[0]: row for row in csv.reader(rows)}
    assert next(row for name, row in counted.items() if name.endswith("scout.png")).count("3") >= 1
    assert next(row for name, row in counted.items() if name.endswith("spy.png")).count("2") >= 1
    assert ("cards-scouts.xml" in {p.name for p in folder.iterdir()}) == (vendor == "makeplayingcards")
    assert "not offered" not in said.lower() and "left out" not in said
    assert f"cards/scouts/: 3 images of {size[0]} × {size[1]} px for 5 × poker" in said
    assert "follow README.txt in the folder (1 component)" in said


def _dark_columns(image: Image.Image, row: int) -> list[int]:
    grey = image.convert("L")
    return [x for x in range(grey.width) if grey.getpixel((x, row)) < 70]


def _front_image(root: Path, vendor: str) -> tuple[Image.Image, float]:
    """The first front of the 63 × 88 mm deck as the vendor gets it, at 300 dpi: (its picture, the vendor's bleed in
    pixels). A PDF's page 2 (DriveThruCards puts each card's back first), rendered."""
    folder, _ = _export(root, vendor, "scouts")
    if vendor == "makeplayingcards":
        (front,) = (folder / "cards/scouts").glob("*scout.png")
        with Image.open(front) as image:
            image.load()
        return image, 36.0
    doc = pdfium.PdfDocument(str(folder / "tiny-scouts.pdf"))
    try:
        return doc[1].render(scale=DPI / 72).to_pil(), BLEED[vendor] / IN * DPI
    finally:
        doc.close()


@pytest.mark.parametrize("vendor", ["makeplayingcards", "drivethrucards"])
def test_a_63_by_88_card_sits_in_the_middle_of_the_poker_cards_file_its_art_filling_it(tmp_path, vendor):
    """On the vendor's poker file (MakePlayingCards' 822 × 1122 px PNG, DriveThruCards' PDF page) the 63 × 88 mm card's
    trim line lies as far from the left edge as from the right and from the top as from the bottom (the 0.5 and 0.9 mm
    it lacks split both sides), at the file's bleed plus a quarter millimetre, and its ground reaches every edge of the
    file (no blank sliver)."""
    image, bleed_px = _front_image(_project(tmp_path / "p"), vendor)
    grey = image.convert("L")
    w, h = grey.size
    dark = [x for x in range(w) if grey.getpixel((x, h // 2)) < 70]
    left, right = [x for x in dark if x < w // 4], [x for x in dark if x > 3 * w // 4]
    assert left and right
    left_at, right_at = sum(left) / len(left), sum(right) / len(right)
    assert abs(left_at - (w - 1 - right_at)) <= 1.0
    assert abs(left_at - (bleed_px + 0.25 / IN * DPI)) <= 2.0  # the bleed, then the quarter millimetre the card is narrower
    rows = [r for r in range(h) if grey.getpixel((w // 2, r)) < 70]
    top, bottom = [r for r in rows if r < h // 4], [r for r in rows if r > 3 * h // 4]
    assert abs(sum(top) / len(top) - (h - 1 - sum(bottom) / len(bottom))) <= 1.0
    assert abs(sum(top) / len(top) - (bleed_px + 0.45 / IN * DPI)) <= 2.0
    edges = [grey.getpixel((x, y)) for x in (0, w - 1) for y in range(0, h, 37)] + [grey.getpixel((x, y)) for y in (0, h - 1) for x in range(0, w, 37)]
    assert max(edges) < 200  # gold to every edge: no paper showing


@pytest.mark.parametrize(("vendor", "name"), [("drivethrucards", "tiny-scouts.pdf"), ("longpack", "tiny-scouts-fronts.pdf"),
                                             ("offset", "tiny-scouts.pdf")])
def test_a_63_by_88_deck_is_a_pdf_of_pages_at_its_products_trim_and_the_vendors_bleed(tmp_path, vendor, name):
    """A PDF vendor gets the 63 × 88 mm deck at the poker card's trim plus its bleed a side; a generic printer, who makes
    any size, at the card's own 63 × 88 mm. Every page is that size, its TrimBox the trim, its BleedBox the page."""
    folder, said = _export(_project(tmp_path / "p"), vendor, "scouts")
    trim = (63.0, 88.0) if vendor == "offset" else POKER
    page = (round(trim[0] + 2 * BLEED[vendor], 2), round(trim[1] + 2 * BLEED[vendor], 2))
    pdf = folder / name
    pages = _pages(pdf)
    assert len(pages) == {"drivethrucards": 10, "longpack": 5, "offset": 10}[vendor] and set(pages) == {page}, said
    with pikepdf.open(pdf) as doc:
        for p in doc.pages:
            x0, y0, x1, y1 = (float(v) / PT for v in p.obj["/TrimBox"])
            assert abs(x1 - x0 - trim[0]) < 0.05 and abs(y1 - y0 - trim[1]) < 0.05 and abs(x0 - BLEED[vendor]) < 0.05
    assert f"{len(pages)} pages of {page[0]:.2f} × {page[1]:.2f} mm (trim {trim[0]:g} × {trim[1]:g})" in said


def test_drivethrucards_gets_each_cards_back_then_its_front_and_longpack_a_backs_file_page_for_page(tmp_path):
    """The heroes (12 cards, the Twin's two with a back of their own): DriveThruCards' file is 24 pages, each card's
    back then its front; LongPack's fronts file has the 12 fronts, and its backs file (the backs differ) the back of
    each front on the same page number."""
    root = _project(tmp_path / "p")
    folder, _ = _export(root, "drivethrucards", "heroes")
    texts = _texts(folder / "tiny-heroes.pdf")
    assert len(texts) == 24
    backs, fronts = texts[0::2], texts[1::2]
    assert all("Tiny Test Game" in t or "own back" in t for t in backs) and not any("Tiny Test Game" in t for t in fronts)
    assert [("Twin" in f) for f in fronts] == [("own back" in b) for b in backs] and sum("own back" in b for b in backs) == 2
    folder, _ = _export(root, "longpack", "heroes")
    fronts, backs = _texts(folder / "tiny-heroes-fronts.pdf"), _texts(folder / "tiny-heroes-backs.pdf")
    assert len(fronts) == len(backs) == 12
    assert [("Twin" in f) for f in fronts] == [("own back" in b) for b in backs]
    assert all("Tiny Test Game" in b for b in backs if "own back" not in b)


def test_longpacks_backs_file_has_a_blank_page_behind_each_front_without_a_back(tmp_path):
    """The heroes with no deck back, the Twins keeping their own: LongPack's backs file still pairs page for page with
    its 12 fronts, the Twins' own backs on the Twins' page numbers and a blank page behind every other front."""
    root = _project(tmp_path / "p")
    deck = root / "data/tiny/decks/heroes.yaml"
    deck.write_text("".join(line for line in deck.read_text(encoding="utf-8").splitlines(keepends=True) if not line.startswith("back:")),
                    encoding="utf-8")
    folder, _ = _export(root, "longpack", "heroes")
    fronts, backs = _texts(folder / "tiny-heroes-fronts.pdf"), _texts(folder / "tiny-heroes-backs.pdf")
    assert len(fronts) == len(backs) == 12
    assert [("Twin" in f) for f in fronts] == [("own back" in b) for b in backs] and sum("own back" in b for b in backs) == 2
    assert all(b.strip() == "" for b in backs if "own back" not in b)


def test_longpack_gets_one_backs_page_for_a_deck_whose_cards_share_their_back(tmp_path):
    """The 63 × 88 mm deck's five cards share one back: LongPack's backs file is that one page."""
    folder, _ = _export(_project(tmp_path / "p"), "longpack", "scouts")
    assert len(_pages(folder / "tiny-scouts-fronts.pdf")) == 5
    backs = _texts(folder / "tiny-scouts-backs.pdf")
    assert len(backs) == 1 and "Tiny Test Game" in backs[0]


def test_longpacks_fronts_carry_the_games_playtest_stamp_only_when_asked_with_stamps(tmp_path):
    """A print run for sale carries no "v2.3 · 3F9A" on its cards (docs/exports.md): the game stamps its cards, yet
    LongPack's fronts file holds the stamp only when the export is asked `--stamps`, and then on every front."""
    root = _project(tmp_path / "p")
    game = root / "data/tiny/game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("stamps: false", "stamps: true", 1) + 'version: "2.3"\n', encoding="utf-8")
    folder, _ = _export(root, "longpack", "scouts")
    plain = _texts(folder / "tiny-scouts-fronts.pdf")
    assert len(plain) == 5 and all("Scout" in t or "Spy" in t for t in plain)  # the fronts' own words are read
    assert not [t for t in plain if "v2.3 \u00b7 " in t]
    asked = run_pnp(root, "export", "tiny", "--vendor", "longpack", "--deck", "scouts", "--stamps")
    assert asked.exit_code == 0, asked.output + asked.stderr
    assert all("v2.3 \u00b7 " in t for t in _texts(folder / "tiny-scouts-fronts.pdf"))


def test_longpack_gets_no_backs_file_for_a_deck_printed_on_one_side(tmp_path):
    """The 63 × 88 mm deck with no back: LongPack gets its fronts file of five pages and no backs file at all (an empty
    one would be a file of no card), and README.txt lists the fronts file alone."""
    root = _project(tmp_path / "p")
    deck = root / "data/tiny/decks/scouts.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("back: tiny/back.j2\n", ""), encoding="utf-8")
    folder, _ = _export(root, "longpack", "scouts")
    assert sorted(p.name for p in folder.glob("*.pdf")) == ["tiny-scouts-fronts.pdf"]
    assert len(_pages(folder / "tiny-scouts-fronts.pdf")) == 5
    assert "backs" not in (folder / "README.txt").read_text(encoding="utf-8").split("Files written:", 1)[1].split("\n\n", 1)[0]


def _centres(pdf: Path, page: int, words: str) -> list[tuple[float, float]]:
    """The centre (x, y from the page's top, mm) of each run of `words` on a page, as pypdfium2 reads its characters."""
    doc = pdfium.PdfDocument(str(pdf))
    try:
        text = doc[page].get_textpage()
        height = doc[page].get_height()
        found = []
        searcher = text.search(words)
        while (hit := searcher.get_next()) is not None:
            boxes = [text.get_charbox(i) for i in range(hit[0], hit[0] + hit[1])]
            x0, x1 = min(b[0] for b in boxes), max(b[2] for b in boxes)
            y0, y1 = min(b[1] for b in boxes), max(b[3] for b in boxes)
            found.append(((x0 + x1) / 2 / PT, (height - (y0 + y1) / 2) / PT))
        return found
    finally:
        doc.close()


def test_print_and_plays_sheet_holds_the_deck_and_its_backs_page_is_mirrored_left_to_right(tmp_path):
    """Print & Play: one 12 × 18 in sheet for the 12 heroes (a 4 × 4 grid of poker cards with 2 mm bleed inside a
    quarter-inch margin), then its backs page: each Twin's own back lies at its front's place mirrored left to right
    (the top left front's back is top right), at the same height."""
    folder, said = _export(_project(tmp_path / "p"), "printplay", "heroes")
    pdf = folder / "tiny-heroes-sheets.pdf"
    assert _pages(pdf) == [(round(SHEET[0], 2), round(SHEET[1], 2))] * 2
    cols = int((SHEET[0] - IN / 2) // (POKER[0] + 4))
    rows = int((SHEET[1] - IN / 2) // (POKER[1] + 4))
    assert (cols, rows) == (4, 4)
    # hero.j2 centres the name across the card, 4 to 13 mm from its top; twin-back.j2 its words across it, at its middle
    fronts = sorted(_centres(pdf, 0, "Twin"))
    backs = sorted(_centres(pdf, 1, "Twin’s own back") or _centres(pdf, 1, "Twin's own back"))
    assert len(fronts) == len(backs) == 2, (fronts, backs)
    # the grid centred on the sheet, each cell a card and its bleed: the Twins are the 11th and 12th card, row 3, columns 3 and 4
    cell = (POKER[0] + 4, POKER[1] + 4)
    left, top = (SHEET[0] - cols * cell[0]) / 2, (SHEET[1] - rows * cell[1]) / 2
    slots = [(left + col * cell[0] + 2 + POKER[0] / 2, top + 2 * cell[1] + 2 + 8.5) for col in (2, 3)]
    assert all(abs(a[0] - b[0]) < 1.0 and abs(a[1] - b[1]) < 1.0 for a, b in zip(slots, fronts, strict=True)), (slots, fronts)
    mirrored = sorted((SHEET[0] - x, y + POKER[1] / 2 - 8.5) for x, y in fronts)
    assert all(abs(a[0] - b[0]) < 1.0 and abs(a[1] - b[1]) < 1.0 for a, b in zip(mirrored, backs, strict=True)), (mirrored, backs)
    assert f"1 sheet of {cols} × {rows} poker cards, fronts then mirrored backs" in said


def test_mbprint_names_its_file_by_the_poker_size_it_prints_a_63_by_88_deck_at(tmp_path):
    """MBPrint takes one file per card size, named by it: the 63 × 88 mm deck is in the 63.5 × 88.9 mm file with a
    deck drawn at the poker size itself, each card its front then its back (ten pages and four), each page the trim plus
    3 mm a side; a tarot deck (2.75 × 4.75 in) is a file of its own."""
    from pnp.targets.vendor_pdfx import ghostscript

    if ghostscript() is None:
        pytest.skip("MBPrint's outlines are made with Ghostscript, not installed here")
    root = _project(tmp_path / "p")
    (root / "data/tiny/decks/tarots.yaml").write_text(TAROTS.replace("count: 2", "count: 1"), encoding="utf-8")
    (root / "data/tiny/decks/spies.yaml").write_text(SMALL_DECK.replace("63 x 88", "poker").replace("  - {id: scout, name: Scout, count: 3}\n", ""),
                                                     encoding="utf-8")
    result = run_pnp(root, "export", "tiny", "--vendor", "mbprint", "--deck", "scouts", "--deck", "spies", "--deck", "tarots")
    assert result.exit_code == 0, result.output + result.stderr
    folder = root / "output/tiny/vendor-mbprint"
    assert sorted(p.name for p in folder.glob("*.pdf")) == ["tiny-63.5x88.9mm.pdf", "tiny-69.85x120.65mm.pdf"]
    assert _pages(folder / "tiny-63.5x88.9mm.pdf") == [(69.5, 94.9)] * (10 + 4)
    assert _pages(folder / "tiny-69.85x120.65mm.pdf") == [(75.85, 126.65)] * 2


def test_words_inside_a_vendors_wider_safe_zone_are_warned_once_at_their_template_line(tmp_path):
    """The frame's outline (templates/tiny/frame.j2, line 4) lies 3.0 mm inside the cut, a 0.4 mm line drawn 3.2 mm
    in: outside pnp's 3 mm, inside DriveThruCards' 1/8 in (3.175 mm) safe zone and LongPack's 3 mm not. DriveThruCards
    warns once, at that line, for all twelve cards, saying how far to move it; LongPack says nothing of it."""
    root = _project(tmp_path / "p")
    _, said = _export(root, "drivethrucards", "heroes")
    lines = [line for line in said.splitlines() if "safe zone" in line]
    assert len(lines) == 1, said
    assert lines[0].startswith("templates/tiny/frame.j2:4:1: warning: a rectangle's outline lies 3.0 mm inside the cut, within "
                               "DriveThruCards' 3.175 mm safe zone")
    assert "move it 0.2 mm inward" in lines[0]
    _, said = _export(root, "longpack", "heroes")
    assert "safe zone" not in said


def test_text_set_near_the_edge_is_warned_by_its_words_with_how_many_more_the_line_draws(tmp_path):
    """A hero template line that sets each card's name 3.1 mm from the edge, inside DriveThruCards' 3.175 mm zone:
    one warning at that line, naming the words nearest the cut and how many more that line draws there (the five
    heroes' names: four more; the three of other than two stars: two more). A line that draws two names there (the
    heroes of two stars: the Rogue and the Twin) names both, never "1 more"."""
    root = _project(tmp_path / "p")
    hero = root / "templates/tiny/hero.j2"
    lines = hero.read_text(encoding="utf-8").splitlines()
    at = max(i for i, line in enumerate(lines) if "{% endblock %}" in line)
    lines[at:at] = ['{{ text(card.name, 3.1, 60, 30, 6, size=7) }}', '{% if card.stars == 2 %}{{ text(card.name, 3.1, 68, 30, 6, size=7) }}{% endif %}',
                    '{% if card.stars != 2 %}{{ text(card.name, 3.1, 68, 30, 6, size=7) }}{% endif %}']
    hero.write_text("\n".join(lines) + "\n", encoding="utf-8")
    _, said = _export(root, "drivethrucards", "heroes")
    (line,) = [text for text in said.splitlines() if text.startswith(f"templates/tiny/hero.j2:{at + 1}:")]
    assert "lies 3.1 mm inside the cut" in line and "(and 4 more drawn here)" in line and "move it 0.1 mm inward" in line
    (two,) = [text for text in said.splitlines() if text.startswith(f"templates/tiny/hero.j2:{at + 2}:")]
    assert ": warning: text 'Rogue' (and text 'Twin', drawn here too) lies 3.1 mm inside the cut" in two, two
    (three,) = [text for text in said.splitlines() if text.startswith(f"templates/tiny/hero.j2:{at + 3}:")]
    assert ": warning: text '<Knight>' (and 2 more drawn here) lies 3.1 mm inside the cut" in three, three


def _mbprint(root: Path):
    from pnp.targets.vendor_pdfx import ghostscript

    if ghostscript() is None:
        pytest.skip("MBPrint's outlines are made with Ghostscript, not installed here")
    return _export(root, "mbprint", "heroes")


def test_mbprints_file_is_the_same_bytes_again_dated_by_no_day_and_marked_for_fogra39(tmp_path):
    """MBPrint's outlined file, exported twice, is the same bytes: its dates are a fixed day, not today, in its document
    info and its XMP; its title names the game and the deck; its output intent is the FOGRA39 printing condition as the
    ICC registry names it (www.color.org); it is a PDF 1.6 file, as PDF/X-4 asks; nothing of the day or of Ghostscript
    is left in it; its info and XMP agree and its boxes are MBPrint's (`_pdf_x4_marks_agree`)."""
    root = _project(tmp_path / "p")
    folder, _ = _mbprint(root)
    (pdf,) = folder.glob("*.pdf")
    first = pdf.read_bytes()
    shutil.rmtree(root / "output")
    folder, _ = _mbprint(root)
    assert pdf.read_bytes() == first
    assert first.startswith(b"%PDF-1.6")
    with pikepdf.open(pdf) as doc:
        info = doc.docinfo
        assert str(info["/CreationDate"]).startswith("D:2000") and str(info["/ModDate"]).startswith("D:2000")
        assert str(info["/Title"]) == "Tiny Test Game — Heroes" and str(info["/Trapped"]) == "/False"
        (intent,) = doc.Root.OutputIntents
        assert (str(intent.OutputConditionIdentifier), str(intent.RegistryName)) == ("FOGRA39", "http://www.color.org")
        assert "FOGRA39" in str(intent.OutputCondition)
        xmp = doc.Root.Metadata.read_bytes().decode("utf-8")
        assert "2000-01-01" in xmp and "Tiny Test Game — Heroes" in xmp
        assert doc.trailer.ID[0] == doc.trailer.ID[1]
    # nothing of the day it was made or of the tool that outlined it is left in the file, even unreferenced
    assert b"Ghostscript" not in first and set(re.findall(rb"D(?::|\\072)(\d{8})", first)) == {b"20000101"}
    assert set(re.findall(rb"(\d{4}-\d\d-\d\d)T", first)) == {b"2000-01-01"}
    _pdf_x4_marks_agree(pdf)


def _pdf_x4_marks_agree(pdf: Path) -> None:
    """MBPrint's marks as PDF/X-4 asks (test_preflight_promises.marks_agree), and its poker page 63.5 × 88.9 mm with 3 mm
    of bleed: a MediaBox and BleedBox of 69.5 × 94.9 mm, a TrimBox 3 mm inside, as pnp drew them, to a thousandth of a
    point (Ghostscript alone rounds a box to a hundredth)."""
    with pikepdf.open(pdf) as doc:
        marks_agree(doc)
        bleed = 3 * PT
        page_w, page_h = (63.5 + 6) * PT, (88.9 + 6) * PT
        for page in doc.pages:
            for box, want in (("/MediaBox", (0, 0, page_w, page_h)), ("/BleedBox", (0, 0, page_w, page_h)),
                              ("/TrimBox", (bleed, bleed, page_w - bleed, page_h - bleed))):
                assert all(abs(float(v) - w) < 0.001 for v, w in zip(page.obj[box], want, strict=True)), (box, page.obj[box])


def test_without_ghostscript_mbprints_export_says_how_to_install_it_and_writes_no_pdf(tmp_path, monkeypatch):
    """No Ghostscript on the machine: the export is an error saying to install it (the `gs` command) and writes no PDF;
    a Ghostscript that fails is an error saying so, and no PDF either."""
    root = _project(tmp_path / "p")
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    result = run_pnp(root, "export", "tiny", "--vendor", "mbprint", "--deck", "heroes")
    assert result.exit_code != 0
    assert "install it (the `gs` command" in result.output and not list((root / "output").glob("tiny/vendor-mbprint/*.pdf"))
    broken = tmp_path / "broken"
    broken.mkdir()
    gs = broken / "gs"
    gs.write_text("#!/bin/sh\necho 'Unrecoverable error' >&2\nexit 1\n", encoding="utf-8")
    gs.chmod(0o755)
    monkeypatch.setenv("PATH", str(broken))
    result = run_pnp(root, "export", "tiny", "--vendor", "mbprint", "--deck", "heroes")
    assert result.exit_code != 0
    assert "Ghostscript could not turn the text of the shop's file into outlines (Unrecoverable error)" in result.output
    assert not list((root / "output").glob("tiny/vendor-mbprint/*.pdf"))


# --- the preflight: a file off the vendor's numbers is refused ----------------------------------------------------------

def _png(size: tuple[int, int], dpi: int, mode: str = "RGB", fmt: str = "PNG") -> bytes:
    import io

    buf = io.BytesIO()
    Image.new(mode, size, "white").save(buf, fmt, dpi=(dpi, dpi))
    return buf.getvalue()


def test_a_png_off_makeplayingcards_pixels_dpi_format_or_colours_is_refused_by_the_preflight():
    """MakePlayingCards' poker card is 822 × 1122 px at 300 dpi, RGB, PNG: such a file passes; one a pixel short, one
    that says 72 dpi, a JPEG and a picture with transparency are each one finding at the file."""
    from pnp.targets.vendor_preflight import Expect, check_file
    from pnp.targets.vendors import vendor_named

    mpc, expect = vendor_named("makeplayingcards"), Expect(size_px=(822, 1122))
    assert check_file(mpc, _png((822, 1122), 300), "cards/a.png", expect) == []
    short = check_file(mpc, _png((821, 1122), 300), "cards/a.png", expect)
    assert [f.code for f in short] == ["export-size"] and "822 × 1122" in short[0].message and str(short[0].loc).startswith("cards/a.png")
    assert [f.code for f in check_file(mpc, _png((822, 1122), 72), "a.png", expect)] == ["export-dpi"]
    assert [f.code for f in check_file(mpc, _png((822, 1122), 300, fmt="JPEG"), "a.png", expect)] == ["export-format"]
    assert [f.code for f in check_file(mpc, _png((822, 1122), 300, mode="RGBA"), "a.png", expect)] == ["export-colour"]


def _dtc_heroes(root: Path) -> tuple[Path, tuple[int, ...]]:
    """DriveThruCards' file of the heroes and its plan by the vendor's rule: each card's back then its front, in the
    deck's order (knight 2, AT&T agent 2, rogue 3, mage 3, twin 2 with its own back); equal numbers draw the same."""
    folder, _ = _export(root, "drivethrucards", "heroes")
    plan: list[int] = []
    for front, copies in ((1, 2), (2, 2), (3, 3), (4, 3), (6, 2)):
        plan += [5 if front == 6 else 0, front] * copies
    return folder / "tiny-heroes.pdf", tuple(plan)


def test_a_drivethrucards_file_whose_pages_are_missing_resized_or_out_of_order_is_refused_by_the_preflight(tmp_path):
    """The heroes' file as written passes DriveThruCards' numbers (24 pages of 69.85 × 95.25 mm, the trim 63.5 × 88.9,
    back then front); the same file with its last page dropped, a page 1 mm wider, or its first two pages swapped is
    each refused, saying what is wrong."""
    from pnp.targets.vendor_preflight import Expect, check_file
    from pnp.targets.vendors import vendor_named

    dtc = vendor_named("drivethrucards")
    pdf, plan = _dtc_heroes(_project(tmp_path / "p"))
    expect = Expect(page_mm=(63.5 + IN / 4, 88.9 + IN / 4), trim_mm=POKER, pages=plan)
    assert [f for f in check_file(dtc, pdf.read_bytes(), "x.pdf", expect) if f.severity == "error"] == []

    def altered(change) -> list[str]:
        with pikepdf.open(pdf) as doc:
            change(doc)
            out = tmp_path / "altered.pdf"
            doc.save(out)
        return sorted({f.code for f in check_file(dtc, out.read_bytes(), "x.pdf", expect) if f.severity == "error"})

    assert altered(lambda doc: doc.pages.remove(doc.pages[-1])) == ["vendor-pages"]

    def wider(doc):
        box = doc.pages[3].mediabox
        doc.pages[3].mediabox = [box[0], box[1], float(box[2]) + PT, box[3]]

    assert altered(wider) == ["vendor-page-size"]  # one mistake, one finding: its boxes follow the page

    def swapped(doc):
        first = doc.pages[0]
        doc.pages.remove(first)
        doc.pages.insert(1, first)

    assert altered(swapped) == ["vendor-page-order"]


def test_each_vendors_rule_of_page_order_refuses_the_other_order():
    """The page order each vendor asks for, by the sides pages show: DriveThruCards a back then its front, MBPrint a
    front then its back, LongPack one side a file, Print & Play a fronts sheet then its backs sheet (or fronts alone);
    each refuses the order it does not ask for, and a generic printer takes any."""
    from pnp.targets.vendor_preflight import order_findings
    from pnp.targets.vendors import vendor_named

    def refused(vendor: str, roles: list[str]) -> bool:
        found = order_findings(vendor_named(vendor), roles, "x.pdf")
        assert all(f.code == "vendor-page-order" and f.severity == "error" for f in found)
        return bool(found)

    assert not refused("drivethrucards", ["back", "front", "back", "front"]) and refused("drivethrucards", ["front", "back", "front", "back"])
    assert refused("drivethrucards", ["back", "front", "front", "back"])
    assert not refused("mbprint", ["front", "back", "front", "back"]) and refused("mbprint", ["back", "front"])
    assert refused("mbprint", ["front", "back", "back", "front"])
    assert not refused("longpack", ["front"] * 3) and not refused("longpack", ["back"]) and refused("longpack", ["front", "back"])
    assert not refused("printplay", ["front", "back", "front", "back"]) and not refused("printplay", ["front", "front"])
    assert refused("printplay", ["back", "front"]) and refused("printplay", ["front", "back", "back"])
    assert not refused("offset", ["back", "back", "front"]) and not refused("drivethrucards", [])
    (found,) = order_findings(vendor_named("mbprint"), ["back", "front"], "tiny-63.5x88.9mm.pdf")
    assert str(found.loc).startswith("tiny-63.5x88.9mm.pdf") and "2 pages" in found.message and "MBPrint's" in found.message


def test_ink_past_a_vendors_limit_is_refused_and_rgb_only_where_the_vendor_prints_cmyk(tmp_path):
    """A page laid with 400 % ink (all four inks full) is past DriveThruCards' 240 % and refused; an RGB colour is
    refused in DriveThruCards' CMYK file and taken in Print & Play's RGB one."""
    from reportlab.pdfgen import canvas

    from pnp.targets.vendor_preflight import Expect, check_file
    from pnp.targets.vendors import vendor_named

    def page(colour) -> bytes:
        path = tmp_path / "page.pdf"
        c = canvas.Canvas(str(path), pagesize=(100, 100))
        colour(c)
        c.rect(10, 10, 80, 80, fill=1, stroke=0)
        c.showPage()
        c.save()
        return path.read_bytes()

    expect = Expect(page_mm=(100 / PT, 100 / PT), pages=(0,))
    heavy = check_file(vendor_named("drivethrucards"), page(lambda c: c.setFillColorCMYK(1, 1, 1, 1)), "x.pdf", expect)
    assert any(f.code.startswith("vendor-") and "ink" in f.message.lower() for f in heavy), heavy
    light = check_file(vendor_named("drivethrucards"), page(lambda c: c.setFillColorCMYK(0.5, 0.5, 0.5, 0.5)), "x.pdf", expect)
    assert not [f for f in light if "ink" in f.message.lower()]
    rgb = page(lambda c: c.setFillColorRGB(1, 0, 0))
    assert [f for f in check_file(vendor_named("drivethrucards"), rgb, "x.pdf", expect) if "RGB" in f.message and f.severity == "error"]
    assert [f for f in check_file(vendor_named("printplay"), rgb, "x.pdf", expect) if "RGB" in f.message] == []



def test_a_translucent_fill_prints_on_print_and_plays_rgb_sheets_and_on_drivethrucards_cmyk_pages(tmp_path):
    """A card drawing a half-transparent red (#ff000080) is exported for Print & Play, whose sheets are RGB and which
    forbids no transparency, with no error and its sheets written; DriveThruCards' CMYK pages, which hold none, lay it
    on the paper and are written too. (Print & Play's export once refused its own sheets: 'the print file must be CMYK
    only, without transparency'.)"""
    root = tmp_path / "p"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    hero = root / "templates/tiny/hero.j2"
    hero.write_text(hero.read_text(encoding="utf-8").replace("{% block body %}\n", '{% block body %}\n{{ rect(5, 74, 10, 6, fill="#ff000080") }}\n', 1),
                    encoding="utf-8")
    for vendor, written in (("printplay", "tiny-heroes-sheets.pdf"), ("drivethrucards", "tiny-heroes.pdf")):
        result = run_pnp(root, "export", "tiny", "--vendor", vendor, "--deck", "heroes")
        assert result.exit_code == 0 and ": error: " not in result.output, result.output
        assert (root / "output/tiny" / f"vendor-{vendor}" / written).is_file()

# --- what is sent, what is named ----------------------------------------------------------------------------------------

TAROTS = """\
name: Tarots
size: tarot
front: tiny/hero.j2
back: tiny/back.j2
cards:
  - {id: moon, name: Moon, stars: 1, number: 1, text: "Pale.", side: blue, count: 2}
"""


def test_a_deck_no_product_fits_is_named_the_others_sent_and_readme_lists_every_file_written(tmp_path):
    """MakePlayingCards makes poker, tarot and mini cards: of the heroes (poker), a tarot deck and a 75 × 120 mm deck,
    the last is left out with one warning at its deck file and named in README.txt; the other two are written, each a
    folder of PNGs at its product's pixels; only the poker deck gets an MPC Autofill order (MPC Autofill fills poker
    orders alone); README.txt lists every file of the folder, itself included, and the quote is there."""
    root = _project(tmp_path / "p")
    (root / "data/tiny/decks/omens.yaml").write_text(OMENS, encoding="utf-8")
    (root / "data/tiny/decks/tarots.yaml").write_text(TAROTS, encoding="utf-8")
    result = run_pnp(root, "export", "tiny", "--vendor", "makeplayingcards", "--deck", "heroes", "--deck", "tarots", "--deck", "omens")
    assert result.exit_code == 0, result.output
    folder = root / "output/tiny/vendor-makeplayingcards"
    warned = [line for line in result.output.splitlines() if "left out of this export" in line]
    assert len(set(warned)) == 1 and warned[0].startswith("data/tiny/decks/omens.yaml:")
    assert "(README.txt lists it under 'Not offered by this vendor')" in warned[0]  # as it does, the files being written
    assert "; a generic offset printer (Cartamundi and the like) makes its kind: the cards (any size)" in warned[0]
    assert "follow README.txt in the folder (2 components)" in result.output
    assert sorted(p.name for p in folder.glob("*.xml")) == ["cards-heroes.xml"]
    tarot = (_px(69.85 + 2 * BLEED["makeplayingcards"]), _px(120.65 + 2 * BLEED["makeplayingcards"]))
    for png in (folder / "cards/tarots").glob("*.png"):
        with Image.open(png) as image:
            assert image.size == tarot
    readme = (folder / "README.txt").read_text(encoding="utf-8")
    assert readme.startswith("Tiny Test Game for MakePlayingCards\n")
    written = readme.split("Files written:\n", 1)[1].split("\n\n", 1)[0]
    top = sorted(p.name for p in folder.iterdir() if p.is_file())
    assert top == ["README.txt", "cards-heroes.xml", "quote.csv"]
    assert all(f"  {name}\n" in written + "\n" for name in top)
    assert "cards/heroes/: 7 images (.png), quantities.csv" in written and "cards/tarots/" in written
    assert "Omens (1 card of 75 × 120 mm)" in readme.split("Not offered by this vendor:", 1)[1]


def test_the_game_crafter_gets_the_shared_back_once_and_a_cards_own_back_by_its_name(tmp_path):
    """The Game Crafter's files are a PNG per distinct face: the heroes' five fronts, back.png for the back ten cards
    share, and the Twin's own back named for the Twin (<id>-back.png); quantities.csv pairs each front with its back."""
    folder, _ = _export(_project(tmp_path / "p"), "thegamecrafter", "heroes")
    names = sorted(p.name for p in (folder / "cards/heroes").glob("*.png"))
    assert len(names) == 7 and "back.png" in names
    (own,) = [n for n in names if n.endswith("-back.png")]
    assert "twin" in own
    with (folder / "cards/heroes/quantities.csv").open(encoding="utf-8") as rows:
        lines = list(csv.reader(rows))
    twin = [row for row in lines if any("twin" in cell and not cell.endswith("-back.png") for cell in row)]
    assert twin and all(any(cell.endswith(own) for cell in row) for row in twin)
    others = [row for row in lines[1:] if row not in twin]
    assert others and all(any(cell.endswith("back.png") and not cell.endswith("-back.png") for cell in row) for row in others)


def test_each_token_set_the_game_crafter_prints_is_a_folder_of_its_own_with_its_quantities(tmp_path):
    """The Game Crafter's folder per component (its record's naming: tokens/<set>): each of tokens.yaml's six sets has
    its own, the coins' quantities.csv naming the coins alone (8 of c1 and 4 of c5, as tokens.yaml counts them, c1 on
    the set's back.png, c5 on its own back), and the shields' shared back beside the shields."""
    root = tmp_path / "p"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    result = run_pnp(root, "export", "tiny", "--vendor", "thegamecrafter")
    assert result.exit_code == 0, result.output + result.stderr
    tokens = root / "output/tiny/vendor-thegamecrafter/tokens"
    assert sorted(p.name for p in tokens.iterdir()) == ["coins", "hero", "notes", "pawns", "shields", "walls"]
    with (tokens / "coins/quantities.csv").open(encoding="utf-8") as rows:
        assert [row[:3] for row in csv.reader(rows)] == [["front", "back", "quantity"], ["coins-c1.png", "back.png", "8"],
                                                         ["coins-c5.png", "coins-c5-back.png", "4"]]
    assert sorted(p.name for p in (tokens / "shields").iterdir()) == ["back.png", "quantities.csv", "shields.png"]



def test_a_card_of_count_zero_is_no_image_and_no_row_of_the_game_crafters_deck(tmp_path):
    """A card kept in the deck file at `count: 0` (retired from play) prints no copy: The Game Crafter gets the heroes'
    five fronts and their two backs, and quantities.csv the five cards heroes.yaml counts, not a sixth at quantity 0."""
    root = tmp_path / "p"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    deck = root / "data/tiny/decks/heroes.yaml"
    deck.write_text(deck.read_text(encoding="utf-8") + '  - {id: gone, name: Gone, stars: 1, number: 6, text: "Retired.", count: 0}\n',
                    encoding="utf-8")
    folder, _ = _export(root, "thegamecrafter", "heroes")
    images = sorted(p.name for p in (folder / "cards/heroes").glob("*.png"))
    assert len(images) == 7 and not [name for name in images if "gone" in name], images
    with (folder / "cards/heroes/quantities.csv").open(encoding="utf-8") as rows:
        assert [(row["name"], row["quantity"]) for row in csv.DictReader(rows)] == [
            ("<Knight>", "2"), ("AT&T Agent", "2"), ("Rogue", "3"), ("Mage", "3"), ("Twin", "2")]

def test_every_product_of_a_sheet_vendor_fits_its_sheet_with_its_bleed():
    """Print & Play prints on 12 × 18 in sheets: every card it offers, with its 2 mm bleed a side, fits a quarter inch
    inside the sheet's edge at least once (so the export's refusal of a piece too large for a sheet is never met)."""
    from pnp.targets.vendors import VENDORS

    sheet_vendors = [v for v in VENDORS if v.sheet_mm is not None]
    assert [v.name for v in sheet_vendors] == ["printplay"]
    for product in sheet_vendors[0].products:
        w, h = product.trim_mm
        assert w + 4 <= SHEET[0] - IN / 2 and h + 4 <= SHEET[1] - IN / 2, product.name


def test_text_in_a_group_drawn_at_half_size_is_judged_at_the_size_it_prints_against_mbprints_6_pt(tmp_path):
    """MBPrint prints no text under 6 pt: 10 pt words in a group drawn at half size print at 5 pt and are refused, once,
    at their template line; 12 pt words in the same group print at exactly 6 pt and pass."""
    from pnp.targets.vendor_pdfx import ghostscript

    if ghostscript() is None:
        pytest.skip("MBPrint's outlines are made with Ghostscript, not installed here")
    root = _project(tmp_path / "p")
    hero = root / "templates/tiny/hero.j2"
    lines = hero.read_text(encoding="utf-8").splitlines()
    at = max(i for i, line in enumerate(lines) if "{% endblock %}" in line)
    lines[at:at] = ['{% call group(x=10, y=72, scale=0.5) %}', '{{ text("Halved", 0, 0, 40, 8, size=10) }}',
                    '{{ text("Sixth", 0, 9, 40, 8, size=12) }}', '{% endcall %}']
    hero.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = run_pnp(root, "export", "tiny", "--vendor", "mbprint", "--deck", "heroes")
    assert result.exit_code != 0
    refused = sorted({line for line in result.output.splitlines() if "MBPrint prints no text under 6 pt" in line})
    assert len(refused) == 1 and refused[0].startswith(f"templates/tiny/hero.j2:{at + 2}:") and "'Halved' is set at 5 pt" in refused[0]


def test_a_63_by_88_card_sits_in_the_middle_of_its_print_and_play_slot_front_and_mirrored_back(tmp_path):
    """On Print & Play's sheet the 63 × 88 mm card's trim line lies in the middle of its poker slot (the 0.5 and 0.9 mm
    it lacks split both sides) on the fronts page, and its back in the middle of the mirrored slot on the backs page;
    the file is titled for the game and the deck."""
    folder, _ = _export(_project(tmp_path / "p"), "printplay", "scouts")
    pdf = folder / "tiny-scouts-sheets.pdf"
    with pikepdf.open(pdf) as doc:
        assert str(doc.docinfo["/Title"]) == "Tiny Test Game — Scouts"
    scale = 200 / 72
    cell = (POKER[0] + 4, POKER[1] + 4)
    cols, rows = 4, 4  # as the Print & Play sheet test counts them
    left, top = (SHEET[0] - cols * cell[0]) / 2, (SHEET[1] - rows * cell[1]) / 2
    doc = pdfium.PdfDocument(str(pdf))
    try:
        pages = [doc[i].render(scale=scale).to_pil().convert("L") for i in range(2)]
    finally:
        doc.close()
    px = scale * PT

    def centre(grey: Image.Image, slot_left: float) -> tuple[float, float]:
        """The middle between the first and last dark column across the slot's middle row, and the same down its
        middle column (mm on the page)."""
        x0, x1 = round(slot_left * px), round((slot_left + cell[0]) * px)
        y0, y1 = round(top * px), round((top + cell[1]) * px)
        row, col = (y0 + y1) // 2, (x0 + x1) // 2
        dark_x = [x for x in range(x0, x1) if grey.getpixel((x, row)) < 70]
        dark_y = [y for y in range(y0, y1) if grey.getpixel((col, y)) < 70]
        return (dark_x[0] + dark_x[-1]) / 2 / px, (dark_y[0] + dark_y[-1]) / 2 / px

    front = centre(pages[0], left)
    assert abs(front[0] - (left + cell[0] / 2)) < 0.15 and abs(front[1] - (top + cell[1] / 2)) < 0.15
    mirrored_left = SHEET[0] - left - cell[0]
    back = centre(pages[1], mirrored_left)
    assert abs(back[0] - (mirrored_left + cell[0] / 2)) < 0.15 and abs(back[1] - (top + cell[1] / 2)) < 0.15


# --- every component of a whole game as the vendor gets it (mutexport, issue 101) --------------------------------------
# The tiny game's pieces as data/tiny/*.yaml declare them: (file, pages, page size in mm or None where the shape's box is
# not a plain side × side) for an offset printer, who prints any size at trim plus its 3 mm bleed a side, each copy's
# front then its back (a single-sided piece: its front alone; the standee: its one fold-over strip).
OFFSET_FILES = {
    "tiny-heroes.pdf": (24, (POKER[0] + 6, POKER[1] + 6)),  # 12 heroes (heroes.yaml's counts), each front and back
    "tiny-boards-town.pdf": (1, (386.0, 306.0)),  # 380 × 300, one side
    "tiny-boards.pdf": (1, (186.0, 246.0)),  # 180 × 240: the scores board, its id made `boards` here, named once
    "tiny-tokens-coins.pdf": (24, (26.0, 26.0)),  # 8 + 4 coins of 20 mm, two sides
    "tiny-tokens-pawns.pdf": (6, None),  # 3 per colour × 2 colours, single-sided
    "tiny-tokens-shields.pdf": (8, (24.0, 24.0)),  # 4 of 18 mm, two sides
    "tiny-tokens.pdf": (6, (20.0, 20.0)),  # 6 of 14 mm, single-sided: the walls, their id made `tokens` here, named once
    "tiny-tokens-notes.pdf": (10, (46.0, 26.0)),  # 5 notes of 40 × 20 mm, two sides
    "tiny-tokens-hero.pdf": (2, None),  # 2 standees, each its fold-over strip
    "tiny-player-aids.pdf": (4 * 2, (POKER[0] + 6, POKER[1] + 6)),  # reference.yaml: a poker card per player (4), both sides
}


def _standee_edges(pdf: Path) -> tuple[str, list[int]]:
    """The standee file's first page: its words, and the grey of every pixel along its four edges at 100 dpi."""
    doc = pdfium.PdfDocument(str(pdf))
    try:
        words = doc[0].get_textpage().get_text_range()
        grey = doc[0].render(scale=100 / 72).to_pil().convert("L")
    finally:
        doc.close()
    w, h = grey.size
    return words, [grey.getpixel((x, y)) for x in (0, w - 1) for y in range(h)] + [grey.getpixel((x, y)) for y in (0, h - 1) for x in range(w)]


def test_an_offset_printer_gets_every_piece_of_the_game_a_file_each_named_by_its_kind_copy_after_copy(tmp_path):
    """A generic offset printer makes any size: the whole tiny game is sent, nothing left out, one PDF per deck
    (<game>-<deck>.pdf), board and token set (<game>-<kind>-<id>.pdf, or <game>-<kind>.pdf where the id is the kind's own
    name: the player aids, a set named `tokens`, a board `boards`), each page a copy's front then its back at the
    piece's trim plus 3 mm a side; README.txt lists every file and the command counts every component. The hero
    standee (25 × 40 mm, fold-over) is one strip a copy, both halves and the tabs on one page, its art reaching every
    edge: placed on its own trim, not shifted as a card smaller than its product is."""
    root = tmp_path / "p"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    for name, old, new in (("tokens.yaml", "id: walls", "id: tokens"), ("boards.yaml", "id: scores", "id: boards")):
        path = root / "data/tiny" / name
        path.write_text(path.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")
    result = run_pnp(root, "export", "tiny", "--vendor", "offset")
    assert result.exit_code == 0, result.output
    folder = root / "output/tiny/vendor-offset"
    files = {p.name for p in folder.glob("*.pdf")}
    assert files == set(OFFSET_FILES)
    assert "left out" not in result.output
    for name, (count, page) in OFFSET_FILES.items():
        pages = _pages(folder / name)
        assert len(pages) == count, name
        if page is not None:
            assert set(pages) == {(round(page[0], 2), round(page[1], 2))}, name
    notes = _texts(folder / "tiny-tokens-notes.pdf")  # token-note.j2: "10 gold" on the front, "10" on the back
    assert ["gold" in text for text in notes] == [True, False] * 5
    readme = (folder / "README.txt").read_text(encoding="utf-8")
    assert all(f"  {name}\n" in readme for name in files)
    assert f"follow README.txt in the folder ({len(files)} components)" in result.output
    ((w, h),) = set(_pages(folder / "tiny-tokens-hero.pdf"))
    assert w == 25 + 6 and h > 2 * 40 + 6
    words, edges = _standee_edges(folder / "tiny-tokens-hero.pdf")
    assert "HERO" in words and "BACK" in words  # token-standee.j2's front and back, on one page
    assert max(edges) < 245  # the standee's ground at every edge: no paper showing


def _inked_pages(pdf: Path) -> list[bool]:
    """Whether each page of `pdf` shows any ink, rendered at 20 dpi (MBPrint's text is outlines: no words to read)."""
    doc = pdfium.PdfDocument(str(pdf))
    try:
        return [doc[i].render(scale=20 / 72).to_pil().convert("L").getextrema()[0] < 250 for i in range(len(doc))]
    finally:
        doc.close()


def test_a_card_without_a_back_is_one_page_for_an_offset_printer_and_a_blank_back_page_for_mbprint(tmp_path):
    """The heroes with no deck back, the two Twins keeping their own: an offset printer, who takes each copy's front then
    its back, gets the ten others a page each and each Twin's front then its back (14 pages); MBPrint, who pairs every
    front with the page after it, gets 24 pages, a blank page behind each of the ten and each Twin's own back behind it."""
    from pnp.targets.vendor_pdfx import ghostscript

    root = _project(tmp_path / "p")
    deck = root / "data/tiny/decks/heroes.yaml"
    deck.write_text("".join(line for line in deck.read_text(encoding="utf-8").splitlines(keepends=True) if not line.startswith("back:")),
                    encoding="utf-8")
    folder, _ = _export(root, "offset", "heroes")
    texts = _texts(folder / "tiny-heroes.pdf")
    assert len(texts) == 10 + 2 * 2
    backs = [i for i, t in enumerate(texts) if "This card" not in t and "own back" in t]  # twin-back.j2; the front says "its own back"
    assert backs == [11, 13] and all("Twin" in texts[i - 1] for i in backs)
    if ghostscript() is None:
        pytest.skip("MBPrint's outlines are made with Ghostscript, not installed here")
    folder, _ = _export(root, "mbprint", "heroes")
    inked = _inked_pages(folder / "tiny-63.5x88.9mm.pdf")
    assert len(inked) == 24 and all(inked[0::2])  # every front inked
    assert inked[1::2] == [False] * 10 + [True] * 2  # heroes.yaml lists the Twin last: its own backs, the others blank
