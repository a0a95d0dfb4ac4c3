"""A card's size as a shop takes it (issue #98, item 1): each side within a stated tolerance of the product's, on its
own, so the metric and the inch spelling of every card size each vendor sells are that size, and a 63 × 88 mm deck
(MakePlayingCards' own poker size, and Europe's) is exported as poker cards, never left out.

The sizes below are the card trade's: poker 2.5 × 3.5 in, which metric templates give as 63 × 88 mm; bridge 2.25 × 3.5 in
(57 × 89 mm); tarot 2.75 × 4.75 in (70 × 120 mm); mini 1.75 × 2.5 in (44 × 63 mm); square 3.5 × 3.5 in (89 × 89 mm);
MBPrint's standard card 59 × 91 mm. MakePlayingCards' poker image is 822 × 1122 px at 300 dpi."""
from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from conftest import TEST_PROJECT
from PIL import Image

from pnp.data.project import Project
from pnp.outputs.context import Engine
from pnp.targets.export import bleed_mm, export_game
from pnp.targets.staging import ExportRequest
from pnp.targets.vendors import VENDORS

IN = 25.4
SPELLINGS = {  # a product name → its metric and its inch spelling (width × height, mm)
    "poker": ((63, 88), (2.5 * IN, 3.5 * IN)),
    "bridge": ((57, 89), (2.25 * IN, 3.5 * IN)),
    "tarot": ((70, 120), (2.75 * IN, 4.75 * IN)),
    "mini": ((44, 63), (1.75 * IN, 2.5 * IN)),
    "square": ((89, 89), (3.5 * IN, 3.5 * IN)),
    "standard": ((59, 91), (59, 91)),  # MBPrint's metric card has no inch spelling
}
CARD_PRODUCTS = [(v.name, p.name) for v in VENDORS for p in v.products if p.kind == "cards" and p.trim_mm is not None]


@pytest.mark.parametrize("vendor, product", CARD_PRODUCTS)
def test_every_card_size_a_vendor_sells_matches_in_millimetres_and_inches_either_way_round(vendor, product):
    record = next(v for v in VENDORS if v.name == vendor)
    for w, h in SPELLINGS[product]:
        for trim in ((w, h), (h, w)):
            found, nearest = record.product_for("cards", trim)
            assert found is not None and found.name == product and nearest is None, (vendor, product, trim, nearest)


def test_a_card_of_another_size_is_not_taken_for_its_neighbour():
    """A shop would not print a bridge file as poker cards, nor MBPrint's 59 × 91 mm card as a poker card."""
    for vendor in VENDORS:
        names = {p.name for p in vendor.products if p.kind == "cards" and p.trim_mm is not None}
        if {"poker", "bridge"} <= names:
            assert vendor.product_for("cards", SPELLINGS["bridge"][0])[0].name == "bridge", vendor.name
        if "poker" in names:
            assert vendor.product_for("cards", (59, 91))[0] is None or vendor.name == "mbprint", vendor.name
            assert vendor.product_for("cards", (41, 63))[0] is None, vendor.name  # a 41 mm mini card is 3 mm narrower than 1.75 in
            assert vendor.product_for("cards", (64.7, 88))[0] is None, vendor.name  # 1.2 mm wider than poker: off by more than a shop takes



@pytest.mark.parametrize("kind", ["boards", "tokens", "boxes", "dice"])
def test_a_piece_is_never_matched_to_a_product_of_another_kind(kind):
    """A token sheet the size of a poker card is still tokens: a shop would print it as a deck of cards otherwise.

    Every vendor is asked for each card size it sells, as another kind of piece; what it offers (found or nearest) is
    of that kind, or nothing."""
    for vendor in VENDORS:
        for product in (p for p in vendor.products if p.kind == "cards" and p.trim_mm is not None):
            found, nearest = vendor.product_for(kind, product.trim_mm)
            offered = [p.kind for p in (found, nearest) if p is not None]
            assert offered in ([], [kind]), (vendor.name, product.name, kind, offered)

@pytest.fixture(scope="module")
def metric_poker(tmp_path_factory):
    """The test project with its heroes deck at 63 × 88 mm."""
    import shutil

    root = tmp_path_factory.mktemp("metric") / "project"
    shutil.copytree(TEST_PROJECT, root)
    deck = root / "data/tiny/decks/heroes.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("size: poker", "size: 63 x 88"), encoding="utf-8")
    project = Project(root)
    return Engine(project).for_game(project.load_game("tiny")[0])


@pytest.mark.parametrize("vendor", [v.name for v in VENDORS])
def test_a_63_by_88_mm_deck_is_in_every_vendors_export(metric_poker, tmp_path, vendor):
    _, findings = export_game(metric_poker, "", tmp_path / vendor, ExportRequest(bleed_mm("1/8in"), 300, ("heroes",), vendor=vendor), rel=lambda p: Path(p).name)
    assert not [f for f in findings if f.severity == "error"], findings
    assert not [f for f in findings if f.code == "vendor-product"], findings
    written = [p for p in (tmp_path / vendor).rglob("*") if p.is_file() and p.suffix in (".png", ".pdf")]
    assert written, vendor
    if vendor == "makeplayingcards":
        order = ET.parse(tmp_path / vendor / "cards-heroes.xml").getroot()
        assert order.findtext("details/quantity") == "12"
        with Image.open(tmp_path / vendor / order.findtext("cardback")) as img:
            assert img.size == (822, 1122)  # MakePlayingCards' poker image, not a 63 × 88 mm one


# Print & Play's sheets (its formatting page: 12 × 18 in portrait sheets, at least 2 mm bleed; pnp keeps 1/4 in clear
# at the sheet's edge): usable 292.1 × 444.5 mm, each card taking its trim and 2 mm of bleed on every side
@pytest.mark.parametrize("trim, grid", [
    ((44.45, 63.5), (6, 6)),  # mini: 48.45 × 67.5 mm cells, 6 × 48.45 = 290.7 mm across
    ((63.5, 88.9), (4, 4)),  # poker: 67.5 × 92.9 mm, 4 × 92.9 = 371.6 mm down (5 would be 464.5)
    ((88.9, 63.5), (3, 6)),  # poker turned: 92.9 × 67.5 mm
    ((88.9, 88.9), (3, 4)),  # square: 92.9 mm, 3 across (278.7 mm), 4 down
    ((69.85, 120.65), (3, 3)),  # tarot: 73.85 × 124.65 mm, 4 across would be 295.4 mm
    ((63.5, 84.0), (4, 5)),  # 88 mm cells: 5 down take 440 of the 444.5 mm
    ((63.5, 86.0), (4, 4)),  # 90 mm cells: 5 down would take 450
    ((300.0, 450.0), (0, 0)),  # larger than the sheet inside its margin
])
def test_print_and_plays_sheet_holds_as_many_cards_as_fit_with_their_bleed_inside_its_margin(trim, grid):
    printplay = next(v for v in VENDORS if v.name == "printplay")
    assert printplay.sheet_grid(trim) == grid


def test_a_vendor_without_sheets_has_no_sheet_grid():
    assert {v.sheet_grid((63.5, 88.9)) for v in VENDORS if v.sheet_mm is None} == {(0, 0)}


TOLERANCE_MM = 1.0  # docs/exports.md: each side within 1 mm of the product's, on its own


def test_a_side_exactly_the_tolerance_off_is_still_the_product_and_a_hair_more_is_not():
    poker = ("poker", 63.5, 88.9)
    for vendor in (v for v in VENDORS if any(p.name == "poker" for p in v.products)):
        taken, _ = vendor.product_for("cards", (poker[1] + TOLERANCE_MM, poker[2] - TOLERANCE_MM))
        assert taken is not None and taken.name == "poker", vendor.name
        missed, nearest = vendor.product_for("cards", (poker[1] + TOLERANCE_MM + 0.01, poker[2]))
        assert missed is None and nearest.name == "poker", vendor.name


def test_a_token_fits_a_punchout_slug_up_to_its_size_and_the_tolerance_either_way_round():
    """The Game Crafter's small punchout slug is 3.25 × 5.25 in (82.55 × 133.35 mm): a piece that size, turned or not, or
    up to 1 mm larger on each side, goes on it; 1.01 mm larger goes to the medium slug."""
    tgc = next(v for v in VENDORS if v.name == "thegamecrafter")
    for trim in ((82.55, 133.35), (133.35, 82.55), (83.55, 134.35), (20, 20)):
        assert tgc.product_for("tokens", trim)[0].name == "small punchout slug", trim
    assert tgc.product_for("tokens", (83.56, 133.35))[0].name == "medium punchout slug"


def test_a_card_no_product_takes_is_offered_the_nearest_by_its_farthest_side():
    """A 66 × 91 mm card is 2.5 mm and 2.1 mm from poker, farther from every other size: poker is the nearest."""
    for vendor in (v for v in VENDORS if {"poker", "mini", "tarot"} <= {p.name for p in v.products}):
        taken, nearest = vendor.product_for("cards", (66, 91))
        assert taken is None and nearest.name == "poker", vendor.name


def test_a_landscape_cards_file_is_made_at_the_products_size_turned_as_the_card_is():
    poker = next(p for v in VENDORS for p in v.products if p.name == "poker")
    assert poker.file_trim((88, 63)) == (88.9, 63.5)
    assert poker.file_trim((63, 88)) == (63.5, 88.9)


def test_an_orders_readme_names_its_vendor_as_an_owner_in_plain_english():
    """"read on MakePlayingCards' own pages", "against Print & Play's current template", never "Print & Play
    (PrintPlayGames)'s" nor "A generic offset printer (Cartamundi and the like)'s" in the middle of a sentence."""
    from pnp.targets.vendors import whose

    titles = {v.name: whose(v) for v in VENDORS}
    assert titles == {"thegamecrafter": "The Game Crafter's", "makeplayingcards": "MakePlayingCards'", "drivethrucards": "DriveThruCards'",
                      "printplay": "Print & Play's", "longpack": "LongPack Games'", "mbprint": "MBPrint's",
                      "offset": "a generic offset printer's"}, titles
    import dataclasses

    assert whose(dataclasses.replace(VENDORS[0], title="An Offset House (Porto)")) == "an Offset House's"
