"""Print services (issue #79 items 1–4): Organ Match exported for each vendor and every file read back against that
vendor's published numbers; the MPC Autofill order; a component no product fits; the vendor's own safe zone.

Expected sizes and page orders are the vendors' own numbers, written here from their pages (the citations are in
pnp/targets/vendors.py), never read from the exporter: poker 63.5 × 88.9 mm; The Game Crafter 825 × 1125 px and
MakePlayingCards 822 × 1122 px at 300 dpi (PRINTING.md); DriveThruCards 1/8 in bleed, a card's back then its front,
CMYK within 240 %; LongPack 3 mm bleed, every front then the back, 300 %; MBPrint 3 mm bleed, front then back, one
file per size; Print & Play 12 × 18 in sheets, backs mirrored; an offset printer 3 mm bleed, 300 %.
"""
from __future__ import annotations

import csv
import itertools
import re
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

import pypdfium2 as pdfium
import pytest
import streams
import yaml
from conftest import ROOT, TEST_PROJECT, run_pnp
from PIL import Image

from pnp.data.project import Project
from pnp.outputs.context import Engine
from pnp.targets.export import bleed_mm, export_game
from pnp.targets.staging import ExportRequest
from pnp.targets.vendors import VENDORS

PT = 72 / 25.4
POKER = (63.5, 88.9)
INFLUENCE = yaml.safe_load((ROOT / "data/organ-match/decks/influence.yaml").read_text(encoding="utf-8"))["cards"]
CARDS = sum(card["count"] for card in INFLUENCE)  # 40
# The back of every Influence card says the game and the deck (templates/organ-match/back-frame.j2)
BACK_WORDS = ("Organ Match", "Influence")


def _game(root: Path, slug: str):
    project = Project(root)
    return Engine(project).for_game(project.load_game(slug)[0])


def _export(gctx, vendor: str, folder: Path, decks=()):
    _, findings = export_game(gctx, "", folder, ExportRequest(bleed_mm("1/8in"), 300, tuple(decks), vendor=vendor), rel=lambda p: Path(p).name)
    assert not [f for f in findings if f.severity == "error"], findings
    return folder, findings


@pytest.fixture(scope="module")
def organ_gctx():
    return _game(ROOT, "organ-match")


@pytest.fixture(scope="module")
def organ_match(tmp_path_factory, organ_gctx):
    """vendor name → (its export folder of Organ Match's Influence deck, the export's findings)."""
    out = tmp_path_factory.mktemp("vendors")
    return {v.name: _export(organ_gctx, v.name, out / v.name, decks=("influence",)) for v in VENDORS}


def _pdf(folder: Path) -> Path:
    (pdf,) = folder.glob("*.pdf")
    return pdf


def _texts(pdf: Path) -> list[str]:
    doc = pdfium.PdfDocument(str(pdf))
    try:
        return [doc[i].get_textpage().get_text_range() for i in range(len(doc))]
    finally:
        doc.close()


def _colour_and_ink(pdf: Path) -> tuple[set[bytes], float]:
    """(every colour operator the pages and their forms use, the most ink any CMYK colour lays down)."""
    ops, ink, seen = set(), 0.0, set()
    for page in streams.Document(pdf).pages:
        for operands, op in streams.throughout(page, seen):
            if op in (b"rg", b"RG", b"k", b"K", b"g", b"G", b"sc", b"scn", b"SC", b"SCN"):
                ops.add(op)
            if op in (b"k", b"K"):
                ink = max(ink, sum(float(v) for v in operands))
    return ops, ink


def _looks(pdf: Path) -> list[bytes]:
    """Each page as a small picture's pixels: equal for pages that look the same."""
    doc = pdfium.PdfDocument(str(pdf))
    try:
        return [doc[i].render(scale=0.25).to_pil().convert("L").tobytes() for i in range(len(doc))]
    finally:
        doc.close()


def _page_sizes(pdf: Path) -> set[tuple[float, float]]:
    return {(round(p.width, 2), round(p.height, 2)) for p in streams.Document(pdf).pages}


def _is_back(text: str) -> bool:
    return all(w in text for w in BACK_WORDS) and not any(card["reason"] in text for card in INFLUENCE)


def _fronts_in_order(texts: list[str]) -> list[str]:
    """The reason each front page names, in page order."""
    return [next(card["reason"] for card in INFLUENCE if card["reason"] in t) for t in texts]


def _deck_order() -> list[str]:
    return [card["reason"] for card in INFLUENCE for _ in range(card["count"])]


def test_every_vendor_record_cites_where_each_number_was_read_or_says_it_was_not():
    """Each number's source is a page with the day it was read, or says it is a third party's copy, unconfirmed, pnp's
    own choice or a generic printer's (issue #98: nothing written as if read that was not)."""
    for vendor in VENDORS:
        assert vendor.sources, vendor.name
        for what, where in (*vendor.sources, *((p.name, p.source) for p in vendor.products)):
            marked = where.startswith(("third-party: ", "unconfirmed: ", "pnp's own", "a generic printer"))
            read = re.search(r"https?://\S+, read 20\d\d-\d\d-\d\d", where)
            assert marked or read, (vendor.name, what, where)
            assert "PRINTING.md" not in where and "assumed" not in where, (vendor.name, what, where)
    assert len({v.name for v in VENDORS}) == len(VENDORS) >= 7


@pytest.mark.parametrize("vendor, size", [("thegamecrafter", (825, 1125)), ("makeplayingcards", (822, 1122))])
def test_png_vendors_get_each_face_once_at_their_pixel_size_with_its_quantity(organ_match, vendor, size):
    folder, _ = organ_match[vendor]
    images = sorted((folder / "cards/influence").glob("*.png"))
    assert len(images) == len(INFLUENCE) + 1  # each front once, and the shared back
    for path in images:
        with Image.open(path) as img:
            assert (img.format, img.mode, img.size) == ("PNG", "RGB", size), path.name
            assert round(img.info["dpi"][0]) == 300
    with (folder / "cards/influence/quantities.csv").open(encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert {r["name"]: int(r["quantity"]) for r in rows} == {c["reason"]: c["count"] for c in INFLUENCE}
    assert all((folder / "cards/influence" / r[side]).is_file() for r in rows for side in ("front", "back"))
    assert (folder / "README.txt").read_text(encoding="utf-8").count("Upload steps") == 1


@pytest.mark.parametrize("vendor, bleed, backs_first, ink", [("drivethrucards", 25.4 / 8, True, 2.40), ("mbprint", 3.0, False, 3.00),
                                                             ("offset", 3.0, False, 3.00)])
def test_card_pair_pdfs_alternate_back_and_front_in_cmyk_within_the_vendors_ink(organ_match, vendor, bleed, backs_first, ink):
    pdf = _pdf(organ_match[vendor][0])
    assert _page_sizes(pdf) == {(round((POKER[0] + 2 * bleed) * PT, 2), round((POKER[1] + 2 * bleed) * PT, 2))}
    if vendor == "mbprint":  # its text is outlines: the pages are told apart by how they look
        pages = _looks(pdf)
        assert len(pages) == 2 * CARDS
        backs, fronts = pages[1::2], pages[0::2]
        assert len(set(backs)) == 1 and backs[0] not in fronts  # one back, never a front
        assert [len(list(group)) for _, group in itertools.groupby(fronts)] == [card["count"] for card in INFLUENCE]
    else:
        texts = _texts(pdf)
        assert len(texts) == 2 * CARDS
        backs, fronts = (texts[0::2], texts[1::2]) if backs_first else (texts[1::2], texts[0::2])
        assert all(_is_back(t) for t in backs)
        assert _fronts_in_order(fronts) == _deck_order()
    ops, most = _colour_and_ink(pdf)
    assert ops <= {b"k", b"K", b"g", b"G"} and b"k" in ops, ops
    assert 1.0 < most <= ink + 1e-6


def test_longpack_gets_a_fronts_file_and_a_separate_backs_file(organ_match, tmp_path):
    """LongPack asks for the backs in a file of their own: Organ Match's Influence deck shares one back, so its backs file
    is that one page; the tiny game's heroes, whose two Twins have their own back, get a back per front, page for page."""
    folder = organ_match["longpack"][0]
    assert sorted(p.name for p in folder.glob("*.pdf")) == ["organ-match-influence-backs.pdf", "organ-match-influence-fronts.pdf"]
    fronts, backs = folder / "organ-match-influence-fronts.pdf", folder / "organ-match-influence-backs.pdf"
    assert _page_sizes(fronts) == _page_sizes(backs) == {(round((POKER[0] + 6) * PT, 2), round((POKER[1] + 6) * PT, 2))}
    texts = _texts(fronts)
    assert len(texts) == CARDS and not any(_is_back(t) for t in texts)
    assert _fronts_in_order(texts) == _deck_order()
    assert [_is_back(t) for t in _texts(backs)] == [True]
    ops, most = _colour_and_ink(fronts)
    assert ops <= {b"k", b"K", b"g", b"G"} and most <= 3.0 + 1e-6
    tiny, _ = _export(_game(TEST_PROJECT, "tiny"), "longpack", tmp_path / "lp", decks=("heroes",))
    heroes = yaml.safe_load((TEST_PROJECT / "data/tiny/decks/heroes.yaml").read_text(encoding="utf-8"))["cards"]
    front_texts, back_texts = _texts(tiny / "tiny-heroes-fronts.pdf"), _texts(tiny / "tiny-heroes-backs.pdf")
    assert len(front_texts) == len(back_texts) == sum(card["count"] for card in heroes)
    assert ["Twin" in f for f in front_texts] == ["own back" in b for b in back_texts]


def test_mbprint_names_its_file_by_the_card_size(organ_match):
    assert _pdf(organ_match["mbprint"][0]).name == "organ-match-63.5x88.9mm.pdf"


def _words_x(page, words: str) -> list[float]:
    """The left edge (pt) of every occurrence of `words` on a pdfium page."""
    textpage = page.get_textpage()
    searcher = textpage.search(words)
    found = []
    while (hit := searcher.get_next()) is not None:
        found.append(textpage.get_charbox(hit[0])[0])
    return found


def test_print_and_play_sheets_are_12_by_18_inches_fronts_then_backs_mirrored(organ_match, tmp_path):
    pdf = _pdf(organ_match["printplay"][0])
    assert _page_sizes(pdf) == {(864.0, 1296.0)}
    texts = _texts(pdf)
    assert all(_is_back(t) for t in texts[1::2]) and not any(_is_back(t) for t in texts[0::2])
    assert sum(t.count(card["reason"]) for t in texts[0::2] for card in INFLUENCE) == CARDS
    # The tiny game's Twin cards (its last two, with their own back) lie at the right of their fronts sheet: a sheet
    # flipped on its long edge shows their backs at the left
    folder, _ = _export(_game(TEST_PROJECT, "tiny"), "printplay", tmp_path / "pp", decks=("heroes",))
    doc = pdfium.PdfDocument(str(_pdf(folder)))
    try:
        fronts, backs, width = _words_x(doc[0], "Twin"), _words_x(doc[1], "own back"), doc[0].get_width()
    finally:
        doc.close()
    assert len(fronts) >= 2 and len(backs) == 2
    assert min(fronts) > width / 2 > max(backs)


def test_print_and_plays_file_is_named_for_its_sheets_as_its_readme_says(organ_match):
    """Print & Play's upload takes one file of sheets a deck, which README.txt names <game>-<deck>-sheets.pdf: the Influence
    deck's is organ-match-influence-sheets.pdf, listed among the files written, and no other PDF is."""
    folder, _ = organ_match["printplay"]
    assert [p.name for p in folder.glob("*.pdf")] == ["organ-match-influence-sheets.pdf"]
    readme = (folder / "README.txt").read_text(encoding="utf-8").splitlines()
    assert "Files: <game>-<deck>-sheets.pdf: 12 × 18 in pages, each fronts page followed by its backs page." in readme
    assert "  organ-match-influence-sheets.pdf" in readme


def test_mpc_autofill_order_lists_every_face_once_with_its_quantity_and_back_and_its_paths_resolve(organ_match):
    folder, _ = organ_match["makeplayingcards"]
    order = ET.parse(folder / "cards-influence.xml").getroot()
    assert order.tag == "order" and [c.tag for c in order] == ["details", "fronts", "backs", "cardback"]
    assert order.findtext("details/quantity") == str(CARDS)
    assert order.findtext("details/bracket") == "55"  # MakePlayingCards' brackets: 18, 36, 55, …; 40 cards bill as 55
    fronts = order.findall("fronts/card")
    ids = [card.findtext("id") for card in fronts]
    assert len(ids) == len(set(ids)) == len(INFLUENCE)
    slots = [int(s) for card in fronts for s in card.findtext("slots").split(",")]
    assert sorted(slots) == list(range(CARDS))
    assert {card.findtext("query"): len(card.findtext("slots").split(",")) for card in fronts} == {c["reason"]: c["count"] for c in INFLUENCE}
    assert order.findall("backs/card") == []  # one back for the whole deck: the cardback
    for path in [*ids, order.findtext("cardback")]:
        assert (folder / path).is_file(), path
    with Image.open(folder / order.findtext("cardback")) as img:
        assert img.size == (822, 1122)


def test_validate_vendor_says_what_the_export_would_without_writing_anything(project):
    """The one CLI run: a board no product of the vendor fits is named with the nearest product (never left out
    silently), and words inside the vendor's safe zone, wider than pnp's own, are a warning at the template line."""
    from conftest import run_pnp

    hero = project / "templates/tiny/hero.j2"
    lines = hero.read_text(encoding="utf-8").splitlines()
    last = max(i for i, line in enumerate(lines) if "{% endblock %}" in line)
    lines.insert(last, '{{ text("Edge note", 3.6, 40, 30, 6, size=8) }}')  # 3.6 mm in: inside MBPrint's 4 mm, outside pnp's 3
    hero.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = run_pnp(project, "validate", "tiny", "--quick", "--vendor", "mbprint")
    said = result.output + result.stderr
    assert result.exit_code == 0, said
    assert re.search(r"data/tiny/boards.yaml:\d+:\d+: warning: MBPrint prints no boards of 380 × 300 mm: Tiny Town is left out", said)
    assert re.search(rf"templates/tiny/hero.j2:{last + 1}:1: warning: text 'Edge note' lies 3.6 mm inside the cut, within MBPrint's 4 mm safe zone", said)
    assert not list(project.glob("output/**/vendor-*")) and not list(Path(tempfile.gettempdir()).glob("pnp-vendor-*"))


def test_an_export_asked_not_to_write_checks_everything_and_writes_nothing(project, tmp_path):
    """export_game with `write=False` (what `pnp validate --vendor` asks): the vendor's files are made and checked, and
    nothing appears in the folder or beside it; the same export written puts The Game Crafter's card images there."""
    gctx = _game(project, "tiny")
    folder = tmp_path / "out" / "vendor-thegamecrafter"
    folder.parent.mkdir()
    request = ExportRequest(bleed_mm("1/8in"), 300, ("heroes",), vendor="thegamecrafter")
    _, findings = export_game(gctx, "", folder, request, write=False, rel=lambda p: Path(p).name)
    assert not [f for f in findings if f.severity == "error"], findings
    assert list(folder.parent.iterdir()) == []
    export_game(gctx, "", folder, request, rel=lambda p: Path(p).name)
    assert (folder / "cards/heroes/heroes-knight.png").is_file()


def test_the_vendor_preflight_refuses_a_file_off_the_vendors_numbers(organ_match):
    """The checks every written file passes, shown to refuse: a page size, a page order or an ink limit not the vendor's."""
    import dataclasses

    from pnp.targets.vendor_preflight import Expect, check_file
    from pnp.targets.vendors import vendor_named

    dtc = vendor_named("drivethrucards")
    data = _pdf(organ_match["drivethrucards"][0]).read_bytes()
    plan = tuple(key for n, card in enumerate(INFLUENCE, 1) for _ in range(card["count"]) for key in (0, n))  # the back, then the front
    page = (POKER[0] + 25.4 / 4, POKER[1] + 25.4 / 4)

    def codes(vendor, expect):
        return {f.code for f in check_file(vendor, data, "x.pdf", expect) if f.severity == "error"}

    assert codes(dtc, Expect(page_mm=page, trim_mm=POKER, pages=plan)) == set()
    assert {"vendor-page-size", "vendor-page-order"} <= codes(dtc, Expect(page_mm=POKER, trim_mm=POKER, pages=plan[1:] + plan[:1]))
    assert codes(dataclasses.replace(dtc, ink_limit=1.0), Expect(page_mm=page, trim_mm=POKER, pages=plan[:-2])) == {"vendor-pages", "vendor-ink"}
    png = next((organ_match["makeplayingcards"][0] / "cards/influence").glob("*.png")).read_bytes()
    assert {f.code for f in check_file(vendor_named("thegamecrafter"), png, "x.png", Expect(size_px=(825, 1125)))} == {"export-size"}


def test_the_vendor_table_of_the_docs_is_the_registry():
    from pnp.targets.vendors import vendor_table

    page = (ROOT / "docs/exports.md").read_text(encoding="utf-8")
    block = page.split("<!-- vendors: pnp/targets/vendors.py -->\n", 1)[1].split("\n<!-- /vendors -->", 1)[0]
    assert block == vendor_table(), "docs/exports.md's vendor table: paste pnp.targets.vendors.vendor_table() between its markers"


@pytest.mark.parametrize("vendor", ["longpack", "mbprint"])
def test_the_same_game_exports_the_same_bytes_again(organ_match, organ_gctx, tmp_path, vendor):
    first = organ_match[vendor][0]
    again, _ = _export(organ_gctx, vendor, tmp_path / vendor, decks=("influence",))
    files = sorted(p.relative_to(first) for p in first.rglob("*") if p.is_file())
    assert files == sorted(p.relative_to(again) for p in again.rglob("*") if p.is_file())
    assert [f for f in files if (first / f).read_bytes() != (again / f).read_bytes()] == []


def test_a_card_without_a_back_gets_a_blank_back_page_where_the_vendor_pairs_pages(project, tmp_path):
    deck = project / "data/tiny/decks/heroes.yaml"
    deck.write_text("".join(line for line in deck.read_text(encoding="utf-8").splitlines(keepends=True) if not line.startswith("back:")),
                    encoding="utf-8")
    folder, _ = _export(_game(project, "tiny"), "drivethrucards", tmp_path / "dtc", decks=("heroes",))
    texts = _texts(folder / "tiny-heroes.pdf")
    cards = yaml.safe_load(deck.read_text(encoding="utf-8"))["cards"]
    assert len(texts) == 2 * sum(card["count"] for card in cards)
    own = [t for t in texts[0::2] if t.strip()]  # backs first: blank but for the Twin's own back
    assert len(own) == next(card["count"] for card in cards if "back" in card) and all("own back" in t for t in own)
    assert all(t.strip() for t in texts[1::2])


def test_a_board_whose_id_is_board_is_named_once_in_its_shops_file_names(project, tmp_path):
    """A board with the id `board` is written as <game>-board-fronts.pdf for LongPack, not <game>-boards-board-fronts.pdf:
    an id that says no more than its kind is not said twice (docs/exports.md), as for the player aids' <game>-player-aids."""
    boards = project / "data/tiny/boards.yaml"
    boards.write_text(boards.read_text(encoding="utf-8").replace("  - id: town\n", "  - id: board\n", 1), encoding="utf-8")
    result = run_pnp(project, "export", "tiny", "--vendor", "longpack", "--no-validate", "--out", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output + result.stderr
    names = {p.name for p in (tmp_path / "out").rglob("*.pdf")}
    assert "tiny-board-fronts.pdf" in names and "tiny-boards-scores-fronts.pdf" in names, sorted(names)
    assert not any(name.startswith("tiny-boards-board") for name in names), sorted(names)


def _the_game_crafters_heroes(project: Path) -> tuple[Path, str]:
    """The tiny game's heroes exported for The Game Crafter: its folder, and what the export printed."""
    result = run_pnp(project, "export", "tiny", "--vendor", "thegamecrafter", "--deck", "heroes", "--no-validate")
    assert result.exit_code == 0, result.output
    return project / "output/tiny/vendor-thegamecrafter", result.output


def test_the_game_crafters_deck_folder_holds_back_png_and_the_twins_own_back_after_the_card(project):
    """The Game Crafter's deck takes one shared back and a card's own back beside its front (README.txt: 'back.png for a
    shared back, <id>-back.png for a piece's own'): the heroes' four kinds that share the deck's back get back.png, the
    twin (data/tiny/decks/heroes.yaml: `back: tiny/twin-back.j2`) heroes-twin-back.png, each front <id>.png."""
    folder, _ = _the_game_crafters_heroes(project)
    files = sorted(p.name for p in (folder / "cards/heroes").iterdir())
    fronts = [f"heroes-{card}.png" for card in ("att", "knight", "mage", "rogue", "twin")]
    assert files == sorted(["back.png", *fronts, "heroes-twin-back.png", "quantities.csv"]), files


def test_the_game_crafters_note_gives_its_poker_images_width_first(project):
    """The Game Crafter's poker card template is 825 × 1125 px (2.75 × 3.75 in at 300 dpi): the export's note of the
    heroes says their 7 images (5 fronts, the shared back, the twin's own) at that size, width first, for 12 cards."""
    _, said = _the_game_crafters_heroes(project)
    assert "  cards/heroes/: 7 images of 825 × 1125 px for 12 × poker" in said.splitlines(), said
