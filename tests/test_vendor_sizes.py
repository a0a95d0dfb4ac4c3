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
