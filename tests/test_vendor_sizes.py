"""A card's size as a shop takes it (issue #98, item 1): each side within a stated tolerance of the product's, on its
own, so the metric and the inch spelling of every card size each vendor sells are that size, and a 63 × 88 mm deck
(MakePlayingCards' own poker size, and Europe's) is exported as poker cards, never left out. Each is read from what
`pnp export --vendor NAME` writes: README.txt's line for each piece (the product it is ordered as, or who makes it),
quote.csv's sheets and the images' pixels.

The sizes below are the card trade's: poker 2.5 × 3.5 in, which metric templates give as 63 × 88 mm; bridge 2.25 × 3.5 in
(57 × 89 mm); tarot 2.75 × 4.75 in (70 × 120 mm); mini 1.75 × 2.5 in (44 × 63 mm); square 3.5 × 3.5 in (89 × 89 mm);
MBPrint's standard card 59 × 91 mm. MakePlayingCards' poker image is 822 × 1122 px at 300 dpi."""
from __future__ import annotations

import csv
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from conftest import TEST_PROJECT, plain_faces, run_pnp
from PIL import Image

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
TOLERANCE_MM = 1.0  # docs/exports.md: each side within 1 mm of the product's, on its own
POKER = (63.5, 88.9)
OTHERS = {  # a deck's id → its size, for the promises about sizes no product is
    "tolerance-in": (POKER[0] + TOLERANCE_MM, POKER[1] - TOLERANCE_MM),
    "tolerance-out": (POKER[0] + TOLERANCE_MM + 0.01, POKER[1]),
    "mini-41": (41, 63),  # a 41 mm mini card is 3 mm narrower than 1.75 in
    "poker-wide": (64.7, 88),  # 1.2 mm wider than poker: off by more than a shop takes
    "between": (66, 91),  # 2.5 mm and 2.1 mm from poker, farther from every other size
}
# Print & Play's sheets (its formatting page: 12 × 18 in portrait sheets, at least 2 mm bleed; pnp keeps 1/4 in clear
# at the sheet's edge): usable 292.1 × 444.5 mm, each card taking its trim and 2 mm of bleed on every side
SHEET_GRIDS = {  # a product's size → the cards a sheet holds
    (44.45, 63.5): 6 * 6,  # mini: 48.45 × 67.5 mm cells, 6 × 48.45 = 290.7 mm across
    (63.5, 88.9): 4 * 4,  # poker: 67.5 × 92.9 mm, 4 × 92.9 = 371.6 mm down (5 would be 464.5)
    (88.9, 63.5): 3 * 6,  # poker turned: 92.9 × 67.5 mm
    (88.9, 88.9): 3 * 4,  # square: 92.9 mm, 3 across (278.7 mm), 4 down
    (69.85, 120.65): 3 * 3,  # tarot: 73.85 × 124.65 mm, 4 across would be 295.4 mm
}
SIZED = [v.name for v in VENDORS if any(p.kind == "cards" and p.trim_mm is not None for p in v.products)]


def _sizes() -> dict[str, tuple[float, float]]:
    """Every deck of the sized game: each product's spellings either way round, and OTHERS."""
    decks = {}
    for product, spellings in SPELLINGS.items():
        for w, h in spellings:
            for trim in ((w, h), (h, w)):
                decks.setdefault(trim, f"{product}-{len(decks)}")
    return {deck: trim for trim, deck in decks.items()} | OTHERS


def _deck(root: Path, deck: str, trim: tuple[float, float], count: int = 1) -> None:
    (root / f"data/tiny/decks/{deck}.yaml").write_text(
        f"name: {deck}\nsize: {trim[0]:g} x {trim[1]:g}\nfront: tiny/back.j2\nback: tiny/back.j2\ncards:\n  - {{id: c, name: C, count: {count}}}\n",
        encoding="utf-8")


@pytest.fixture(scope="module")
def sized(tmp_path_factory) -> dict[str, Path]:
    """The tiny game with a one-card deck of every size above, its heroes at 63 × 88 mm, and for Print & Play a deck of
    each SHEET_GRIDS size holding a sheet's cards and one holding a card more, exported (those decks only) for every
    vendor that sells cards of set sizes: vendor name → its folder."""
    root = tmp_path_factory.mktemp("sized") / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    heroes = root / "data/tiny/decks/heroes.yaml"
    heroes.write_text(heroes.read_text(encoding="utf-8").replace("size: poker", "size: 63 x 88"), encoding="utf-8")
    plain_faces(root)  # the pieces' sizes are the promise, not their art
    chosen = ["--deck", "heroes"]
    for deck, trim in _sizes().items():
        _deck(root, deck, trim)
        chosen += ["--deck", deck]
    sheets = []
    for n, (trim, cards) in enumerate(SHEET_GRIDS.items()):
        for more in (0, 1):
            _deck(root, f"sheet-{n}-{more}", trim, cards + more)
            sheets += ["--deck", f"sheet-{n}-{more}"]
    folders = {}
    for vendor in SIZED:
        result = run_pnp(root, "export", "tiny", "--vendor", vendor, "--no-validate", *chosen, *(sheets if vendor == "printplay" else []))
        assert result.exit_code == 0, result.output + result.stderr
        folders[vendor] = root / f"output/tiny/vendor-{vendor}"
    return folders


def _ordered_as(folder: Path) -> dict[str, str]:
    """README.txt's pieces: a deck's name → the product it is ordered as, or 'not offered: …' with the reason."""
    lines = (folder / "README.txt").read_text(encoding="utf-8").splitlines()
    found, heading = {}, ""
    for line in lines:
        if not line.startswith("  "):
            heading = line
        elif heading in ("Components in these files:", "Not offered by this vendor:") and line.strip() != "none":
            piece, rest = line.strip().split("): ", 1)
            name = piece.split(" (", 1)[0]
            found[name] = rest.split(" (", 1)[0] if heading.startswith("Components") else f"not offered: {rest}"
    return found


@pytest.mark.parametrize("vendor", SIZED)
def test_every_card_size_a_vendor_sells_matches_in_millimetres_and_inches_either_way_round(sized, vendor):
    record = next(v for v in VENDORS if v.name == vendor)
    sold = {p.name for p in record.products if p.kind == "cards" and p.trim_mm is not None}
    ordered = _ordered_as(sized[vendor])
    for deck in (d for d in _sizes() if d not in OTHERS):
        product = deck.rsplit("-", 1)[0]
        assert (ordered[deck] == product) == (product in sold), (vendor, deck, ordered[deck])


@pytest.mark.parametrize("vendor", SIZED)
def test_a_card_of_another_size_is_not_taken_for_its_neighbour(sized, vendor):
    """A shop would not print a bridge file as poker cards, nor MBPrint's 59 × 91 mm card as a poker card, nor a card
    more than the tolerance off poker on one side as poker; one within it on both sides is poker."""
    ordered = _ordered_as(sized[vendor])
    assert ordered["tolerance-in"] == "poker"
    for deck in ("tolerance-out", "mini-41", "poker-wide"):
        assert ordered[deck].startswith("not offered: "), (deck, ordered[deck])
    assert ordered["tolerance-out"].startswith("not offered: the nearest card here is the poker (63.5 × 88.9 mm), which it does not fit")
    standard = next(d for d in _sizes() if d.startswith("standard-"))
    assert ordered[standard] == "standard" if vendor == "mbprint" else ordered[standard].startswith("not offered: ")


@pytest.mark.parametrize("vendor", SIZED)
def test_a_card_no_product_takes_is_offered_the_nearest_by_its_farthest_side(sized, vendor):
    """A 66 × 91 mm card is 2.5 mm and 2.1 mm from poker, farther from every other size: poker is the nearest."""
    assert _ordered_as(sized[vendor])["between"].startswith("not offered: the nearest card here is the poker (63.5 × 88.9 mm)")


@pytest.mark.parametrize("vendor", SIZED)
def test_a_63_by_88_mm_deck_is_in_every_vendors_export(sized, vendor):
    folder = sized[vendor]
    assert _ordered_as(folder)["Heroes"] == "poker"
    assert [p for p in (folder / "cards/heroes").glob("*.png")] or [p for p in folder.glob("*.pdf")], vendor
    if vendor == "makeplayingcards":
        order = ET.parse(folder / "cards-heroes.xml").getroot()
        assert order.findtext("details/quantity") == "12"
        with Image.open(folder / order.findtext("cardback")) as img:
            assert img.size == (822, 1122)  # MakePlayingCards' poker image, not a 63 × 88 mm one


def test_a_landscape_cards_file_is_made_at_the_products_size_turned_as_the_card_is(sized):
    """MakePlayingCards' poker image is 822 × 1122 px; a poker card lying on its side gets it turned, 1122 × 822."""
    for deck, trim in _sizes().items():
        if deck.startswith("poker-") and deck not in OTHERS:
            (image,) = (sized["makeplayingcards"] / f"cards/{deck}").glob(f"{deck}-c.png")
            with Image.open(image) as img:
                assert img.size == ((1122, 822) if trim[0] > trim[1] else (822, 1122)), (deck, trim)


def test_print_and_plays_sheet_holds_as_many_cards_as_fit_with_their_bleed_inside_its_margin(sized):
    """quote.csv's sheets: a deck of a sheet's cards takes one sheet, a card more two."""
    with (sized["printplay"] / "quote.csv").open(encoding="utf-8", newline="") as f:
        sheets = {row["component"]: row["sheets"] for row in csv.DictReader(f)}
    for n, trim in enumerate(SHEET_GRIDS):
        assert (sheets[f"sheet-{n}-0"], sheets[f"sheet-{n}-1"]) == ("1", "2"), trim


@pytest.mark.parametrize("vendor", [v for v in SIZED if v != "printplay"])
def test_a_vendor_without_sheets_counts_no_sheet(sized, vendor):
    with (sized[vendor] / "quote.csv").open(encoding="utf-8", newline="") as f:
        assert {row["sheets"] for row in csv.DictReader(f)} == {""}


def test_a_size_no_product_is_fits_print_and_plays_sheet_by_the_same_rule():
    """Sizes no card product has, so no export asks the sheet of them (on internals: an export counts sheets only of
    products): 88 mm cells, 5 down, take 440 of the 444.5 mm; 90 mm cells would take 450; a card larger than the sheet
    inside its margin fits none."""
    printplay = next(v for v in VENDORS if v.name == "printplay")
    assert printplay.sheet_grid((63.5, 84.0)) == (4, 5)
    assert printplay.sheet_grid((63.5, 86.0)) == (4, 4)
    assert printplay.sheet_grid((300.0, 450.0)) == (0, 0)


# a card whose art runs past its bleed: its top half blue, its bottom half red, each to the face's edge and beyond
HALVES = ('{{ rect(-face.bleed, -face.bleed, face.w + 2 * face.bleed, face.h / 2 + face.bleed, fill="#0000ff", stroke="none") }}'
          '{{ rect(-face.bleed, face.h / 2, face.w + 2 * face.bleed, face.h / 2 + face.bleed, fill="#ff0000", stroke="none") }}\n')


@pytest.fixture(scope="module")
def halves(tmp_path_factory):
    """The front page of DriveThruCards' file of a one-card 63 × 88 mm deck drawn as HALVES (its back first, then its
    front): a poker card's page, 63.5 × 88.9 mm and 1/8 in of bleed a side (2.75 × 3.75 in), as RGB pixels at 300 dpi,
    825 × 1125 px."""
    import pypdfium2 as pdfium

    root = tmp_path_factory.mktemp("halves") / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    (root / "templates/tiny/halves.j2").write_text(HALVES, encoding="utf-8")
    (root / "data/tiny/decks/halves.yaml").write_text(
        "name: Halves\nsize: 63 x 88\nfront: tiny/halves.j2\ncards:\n  - {id: c, name: C, count: 1}\n", encoding="utf-8")
    result = run_pnp(root, "export", "tiny", "--vendor", "drivethrucards", "--no-validate", "--deck", "halves")
    assert result.exit_code == 0, result.output + result.stderr
    doc = pdfium.PdfDocument(str(root / "output/tiny/vendor-drivethrucards/tiny-halves.pdf"))
    try:
        image = doc[1].render(scale=300 / 72).to_pil().convert("RGB")
    finally:
        doc.close()
    assert abs(image.size[0] - 825) <= 1 and image.size[1] == 1125, image.size  # pdfium may round a side up
    return image


def test_a_card_smaller_than_its_product_is_centred_on_the_products_file(halves):
    """A 63 × 88 mm card on a poker card's file (63.5 × 88.9 mm) sits in its middle, 0.45 mm short of the poker trim at
    the top and at the bottom alike: its middle, where blue turns red, is the image's middle, row 562.5 of 1125."""
    column = [halves.getpixel((halves.size[0] // 2, y)) for y in range(1125)]
    first_red = next(y for y, (r, g, b) in enumerate(column) if r > 128 and b < 128)
    assert first_red in (562, 563), first_red


def test_a_card_smaller_than_its_product_has_its_art_to_every_edge_of_the_products_file(halves):
    """The card's art runs past its bleed, so the poker file it is printed from has no white sliver at any edge: 0.45 mm
    is 5 px at 300 dpi, which a cutter's drift shows as a white line along the card."""
    w, h = halves.size
    edges = [(x, y) for x in range(w) for y in (0, h - 1)] + [(x, y) for y in range(h) for x in (0, w - 1)]
    white = [xy for xy in edges if min(halves.getpixel(xy)) > 200]
    assert white == [], white[:5]


SLUGS = {  # a token set's id → its size, for The Game Crafter's punchout slugs
    "slug-fits": (82.55, 133.35), "slug-turned": (133.35, 82.55), "slug-tolerance": (83.55, 134.35), "slug-small": (20, 20),
    "slug-over": (83.56, 133.35),
}


@pytest.fixture(scope="module")
def token_orders(tmp_path_factory) -> dict[str, Path]:
    """The tiny game whose token sets are SLUGS and one the size of each card product, and no boards, exported whole
    for every vendor: vendor name → its folder."""
    root = tmp_path_factory.mktemp("tokens") / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    sets = SLUGS | {f"card-{name}": spellings[1] for name, spellings in SPELLINGS.items()}
    (root / "data/tiny/tokens.yaml").write_text("tokens:\n" + "".join(
        f"  - {{id: {token}, name: {token}, shape: rectangle, size: {w:g} x {h:g}, count: 1, front: tiny/token-wall.j2}}\n"
        for token, (w, h) in sets.items()), encoding="utf-8")
    (root / "data/tiny/boards.yaml").unlink()
    plain_faces(root)
    folders = {}
    for vendor in (v.name for v in VENDORS):
        result = run_pnp(root, "export", "tiny", "--vendor", vendor, "--no-validate")
        assert result.exit_code == 0, result.output + result.stderr
        folders[vendor] = root / f"output/tiny/vendor-{vendor}"
    return folders


@pytest.mark.parametrize("vendor", [v.name for v in VENDORS])
def test_a_token_is_never_matched_to_a_product_of_another_kind(token_orders, vendor):
    """A token sheet the size of a poker card is still tokens: a shop would print it as a deck of cards otherwise.
    What a vendor orders it as, or names as the nearest, is a token product, or it makes no tokens."""
    record = next(v for v in VENDORS if v.name == vendor)
    tokens = {p.name for p in record.products if p.kind == "tokens"}
    cards = {p.name for p in record.products if p.kind == "cards"}
    for token, ordered in _ordered_as(token_orders[vendor]).items():
        if token.startswith("card-"):
            assert ordered in tokens or ordered.startswith(("not offered: this vendor makes no tokens", "not offered: the nearest token product")), (token, ordered)
            assert ordered not in cards, (token, ordered)


def test_a_token_fits_a_punchout_slug_up_to_its_size_and_the_tolerance_either_way_round(token_orders):
    """The Game Crafter's small punchout slug is 3.25 × 5.25 in (82.55 × 133.35 mm): a piece that size, turned or not, or
    up to 1 mm larger on each side, goes on it; 1.01 mm larger goes to the medium slug."""
    ordered = _ordered_as(token_orders["thegamecrafter"])
    assert {token: ordered[token] for token in SLUGS} == {"slug-fits": "small punchout slug", "slug-turned": "small punchout slug",
                                                         "slug-tolerance": "small punchout slug", "slug-small": "small punchout slug",
                                                         "slug-over": "medium punchout slug"}


def test_a_token_on_a_punchout_slug_is_made_at_its_own_size_not_the_slugs(token_orders):
    """A punchout slug holds any token that fits on it: a 20 × 20 mm token ordered on The Game Crafter's small slug
    (3.25 × 5.25 in) is its own image, 20 mm and 1/8 in of bleed a side at 300 dpi (26.35 mm, 311 px) square, never the
    slug's 1050 × 1650 px."""
    (image,) = (token_orders["thegamecrafter"] / "tokens/slug-small").glob("*.png")
    with Image.open(image) as img:
        assert img.size == (311, 311)


WHOSE = {"thegamecrafter": "The Game Crafter's", "makeplayingcards": "MakePlayingCards'", "drivethrucards": "DriveThruCards'",
         "printplay": "Print & Play's", "longpack": "LongPack Games'", "mbprint": "MBPrint's", "offset": "a generic offset printer's"}


@pytest.mark.parametrize("vendor", [v.name for v in VENDORS])
def test_an_orders_readme_names_its_vendor_as_an_owner_in_plain_english(token_orders, vendor):
    """"against MakePlayingCards' current template", "against Print & Play's current template", never "Print & Play
    (PrintPlayGames)'s" nor "A generic offset printer (Cartamundi and the like)'s" in the middle of a sentence."""
    last = (token_orders[vendor] / "README.txt").read_text(encoding="utf-8").splitlines()[-1]
    assert f" {WHOSE[vendor]} " in last and "(" not in last.split(WHOSE[vendor])[0], last


def test_a_vendor_called_an_something_is_named_in_lower_case_mid_sentence():
    """On internals: no vendor pnp knows is titled 'An …', so no export shows it; the title is made up."""
    import dataclasses

    from pnp.targets.vendors import whose

    assert whose(dataclasses.replace(VENDORS[0], title="An Offset House (Porto)")) == "an Offset House's"
