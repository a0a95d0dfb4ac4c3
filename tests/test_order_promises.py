"""What a vendor order tells its user, held line by line (issue #101 item 1): README.txt's words for every piece of a
build (ordered, ordered from the vendor's own template, or not offered and who does offer it), the one warning a piece
not offered gives at the line that declares it, quote.csv's rows, the MPC Autofill order and each folder's
quantities.csv, with MakePlayingCards' order brackets at every edge. Each is read from the files `pnp export --vendor
NAME` writes and the lines it prints, as a designer meets them.

The game is the test project's tiny game with what a shop sees in a real order added to it: two boxes (one named, one
named by its decks), two dice (one named, two of one unnamed), a 75 × 120 mm deck of one card that only a printer of
any size makes, a 19-card poker deck whose card's name starts like a spreadsheet formula, player aids of bridge size, a
token set whose name starts like a formula and one of 250 mm mats no punchout slug holds. Expected words come from that
data and from the vendors' own published numbers (each cited where it is used; the citations are those of the vendor
records in pnp/targets/vendors.py), never from the code under test.
"""
from __future__ import annotations

import csv
import dataclasses
import io
import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import yaml
from conftest import TEST_PROJECT, plain_faces, run_pnp

from pnp.targets.vendors import VENDORS, Product, vendor_named

TITLE = "Tiny Test Game"  # data/tiny/game.yaml's title
# MakePlayingCards' order sizes, as MPC Autofill lists them (github.com/chilli-axe/mpc-autofill, its desktop tool's
# constants; third-party, read 2026-11-26): an order is billed at the smallest that holds it, 612 cards at most.
BRACKETS = (18, 36, 55, 72, 90, 108, 126, 144, 162, 180, 198, 216, 234, 396, 504, 612)
SHOPS = ("makeplayingcards", "longpack", "thegamecrafter", "printplay", "offset")  # the vendors whose orders of the game are read

BOXES = """\
boxes:
  - id: hero-box
    name: Hero box
    style: tuck
    decks: [heroes]
    front: tiny/back.j2
  - id: mixed
    style: tuck
    decks: [heroes, omens]
    front: tiny/back.j2
"""
DICE = """\
dice:
  - id: red
    name: Red die
    shape: d6
    size: 16
    face: tiny/die.j2
    faces: [{text: "1"}, {text: "2"}, {text: "3"}, {text: "4"}, {text: "5"}, {text: "6"}]
  - id: pips
    shape: d6
    size: 12.5
    count: 2
    face: tiny/die.j2
    faces: [{text: "1"}, {text: "2"}, {text: "3"}, {text: "4"}, {text: "5"}, {text: "6"}]
"""
OMENS = """\
name: Omens
size: 75 x 120
front: tiny/hero.j2
cards:
  - {id: eclipse, name: Eclipse, stars: 1, number: 1, text: "A dark sky.", side: red, count: 1}
"""
RELICS = """\
name: Relics
size: poker
front: tiny/hero.j2
back: tiny/back.j2
cards:
  - {id: relic, name: "=Relic", stars: 1, number: 1, text: "Old.", side: blue, count: 19}
"""
MATS = """\
  - id: mat
    name: Mat
    shape: square
    size: 250
    count: 6
    front: tiny/token-wall.j2
"""


def copy_of_tiny(into: Path) -> Path:
    """A copy of the test project to change, without its output."""
    root = into / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    return root


def export(root: Path, vendor: str, *args: str) -> tuple[str, Path]:
    """`pnp export tiny --vendor VENDOR ARGS` in `root`: what it printed, and the order's folder."""
    result = run_pnp(root, "export", "tiny", "--vendor", vendor, "--no-validate", *args)
    said = result.output + result.stderr
    assert result.exit_code == 0, said
    return said, root / f"output/tiny/vendor-{vendor}"


@dataclasses.dataclass
class Shop:
    """The game exported for each of SHOPS: its folder, what each export printed, and the order folders."""

    root: Path
    said: dict
    folders: dict

    def lines(self, vendor: str) -> list[str]:
        return (self.folders[vendor] / "README.txt").read_text(encoding="utf-8").splitlines()

    def quote(self, vendor: str) -> list[dict]:
        with (self.folders[vendor] / "quote.csv").open(encoding="utf-8", newline="") as f:
            return list(csv.DictReader(f))

    def warnings(self, vendor: str) -> list[str]:
        """The warning lines the export printed, each once (the summary at the end repeats them)."""
        return list(dict.fromkeys(line.strip() for line in self.said[vendor].splitlines() if ": warning: " in line))

    def at(self, file: str, marker: str) -> str:
        """file:line:column of `marker`'s first character in one of the game's files, as the user wrote it."""
        text = (self.root / "data/tiny" / file).read_text(encoding="utf-8")
        for number, line in enumerate(text.splitlines(), 1):
            if marker in line:
                return f"data/tiny/{file}:{number}:{line.index(marker) + 1}"
        raise AssertionError(f"{marker} not in {file}")


@pytest.fixture(scope="module")
def shop(tmp_path_factory) -> Shop:
    root = copy_of_tiny(tmp_path_factory.mktemp("order"))
    data = root / "data/tiny"
    (data / "boxes.yaml").write_text(BOXES, encoding="utf-8")
    (data / "dice.yaml").write_text(DICE, encoding="utf-8")
    (data / "decks/omens.yaml").write_text(OMENS, encoding="utf-8")
    (data / "decks/relics.yaml").write_text(RELICS, encoding="utf-8")
    (root / "templates/tiny/die.j2").write_text("", encoding="utf-8")
    plain_faces(root, keep=("hero.j2", "frame.j2", "back.j2", "twin-back.j2"))  # what an order says of its pieces, not their art; each card its own
    reference = data / "reference.yaml"
    reference.write_text(reference.read_text(encoding="utf-8").replace("card_size: poker", "card_size: bridge"), encoding="utf-8")
    tokens = data / "tokens.yaml"
    tokens.write_text(tokens.read_text(encoding="utf-8").replace("name: Walls", 'name: "=Walls"') + MATS, encoding="utf-8")
    said, folders = {}, {}
    for vendor in SHOPS:
        said[vendor], folders[vendor] = export(root, vendor)
    return Shop(root, said, folders)


def _section(lines: list[str], heading: str) -> list[str]:
    """The indented lines under one of README.txt's headings."""
    start = lines.index(heading) + 1
    end = next((i for i in range(start, len(lines)) if not lines[i].startswith("  ")), len(lines))
    return lines[start:end]


# --- README.txt: each piece in words --------------------------------------------------------------------------------


def test_longpack_orders_each_piece_of_its_kind_and_names_its_count_and_size(shop):
    """LongPack makes poker cards, game boards up to 680 × 950 mm (help.longpackgames.com/article/61-game-board, read
    2026-11-28), punchboards and game boxes to any die line (its artwork guidelines, third-party copy). The counts and
    sizes are the data's: 12 heroes, 19 relics, a 380 × 300 mm town, 8 + 4 coins, two boxes of cards."""
    lines = shop.lines("longpack")
    files = _section(lines, "Components in these files:")
    assert "  Heroes (12 cards of 63.5 × 88.9 mm): poker (63.5 × 88.9 mm)" in files
    assert "  Relics (19 cards of 63.5 × 88.9 mm): poker (63.5 × 88.9 mm)" in files
    assert "  Tiny Town (1 board of 380 × 300 mm): game board (up to 680 × 950 mm)" in files
    assert "  Coins (12 tokens of 20 × 20 mm): punchboard (any size)" in files
    assert "  Tiny · quick reference (4 cards of 57.15 × 88.9 mm): bridge (57.15 × 88.9 mm)" in files  # a set a player, 4 at most
    templated = _section(lines, "Ordered from the vendor's own template (pnp draws these as nets for home printing, not to the vendor's die line):")
    assert templated == ["  Hero box (a box for 12 cards of 63.5 × 88.9 mm): order the game box (any size) and lay its art on the vendor's template",
                         "  Heroes & Omens (a box for 13 cards of 75 × 120 mm): order the game box (any size) and lay its art on the vendor's template"]
    missing = _section(lines, "Not offered by this vendor:")
    assert missing == [
        "  Omens (1 card of 75 × 120 mm): the nearest card here is the tarot (69.85 × 120.65 mm), which it does not fit; "
        "a generic offset printer (Cartamundi and the like) makes its kind: the cards (any size)",
        "  Red die (1 die of 16 mm): this vendor makes no dice; no vendor pnp knows makes dice",
        "  pips (2 dice of 12.5 mm): this vendor makes no dice; no vendor pnp knows makes dice"]


def test_a_piece_not_offered_names_the_nearest_product_of_its_kind_here_and_one_that_fits_elsewhere(shop):
    """The Game Crafter's boards are 18 × 9 and 18 × 18 in (457.2 × 228.6, 457.2 × 457.2 mm) and its one box holds poker
    cards; MakePlayingCards makes no boards, tokens or boxes. Elsewhere a product of one size that fits comes before
    one made to any size: The Game Crafter's poker tuck box for a box of poker cards, LongPack's game box for a box of
    75 × 120 mm cards, The Game Crafter's small punchout slug (3.25 × 5.25 in) for tokens."""
    tgc = _section(shop.lines("thegamecrafter"), "Not offered by this vendor:")
    assert ("  Tiny Town (1 board of 380 × 300 mm): the nearest board here is the bi-fold board (457.2 × 228.6 mm), which it does not fit; "
            "LongPack Games makes its kind: the game board (up to 680 × 950 mm)") in tgc
    assert ("  Heroes & Omens (a box for 13 cards of 75 × 120 mm): the nearest box here is the poker tuck box (63.5 × 88.9 mm), which it "
            "does not fit; LongPack Games makes its kind: the game box (any size)") in tgc
    mpc = _section(shop.lines("makeplayingcards"), "Not offered by this vendor:")
    assert ("  Hero box (a box for 12 cards of 63.5 × 88.9 mm): this vendor makes no boxes; The Game Crafter makes its kind: the poker "
            "tuck box (63.5 × 88.9 mm)") in mpc
    assert ("  Heroes & Omens (a box for 13 cards of 75 × 120 mm): this vendor makes no boxes; LongPack Games makes its kind: the game "
            "box (any size)") in mpc
    assert ("  Coins (12 tokens of 20 × 20 mm): this vendor makes no tokens; The Game Crafter makes its kind: the small punchout slug "
            "(up to 82.55 × 133.35 mm)") in mpc
    assert ("  Tiny · quick reference (4 cards of 57.15 × 88.9 mm): the nearest card here is the poker (63.5 × 88.9 mm), which it does "
            "not fit; The Game Crafter makes its kind: the bridge (57.15 × 88.9 mm)") in mpc


def test_a_token_set_too_large_for_every_punchout_slug_is_pointed_at_the_largest_and_at_a_punchboard(shop):
    """The Game Crafter's largest slug holds tokens up to 8.25 × 10.5 in (209.55 × 266.7 mm; its punchouts page): the
    mats, 250 mm a side, fit none, so the nearest token product here is that slug and LongPack's punchboard, made to
    any die line, is where its kind is made; the warning is at the mats' item."""
    assert ("  Mat (6 tokens of 250 × 250 mm): the nearest token product here is the large punchout slug (up to 209.55 × 266.7 mm), "
            "which it does not fit; LongPack Games makes its kind: the punchboard (any size)") in _section(shop.lines("thegamecrafter"), "Not offered by this vendor:")
    assert [line for line in shop.warnings("thegamecrafter") if "Mat is left out" in line] == [
        f"{shop.at('tokens.yaml', 'id: mat')}: warning: The Game Crafter prints no tokens of 250 × 250 mm: Mat is left out of this export "
        "(README.txt lists it under 'Not offered by this vendor'); the nearest token product here is the large punchout slug "
        "(up to 209.55 × 266.7 mm), which it does not fit; LongPack Games makes its kind: the punchboard (any size)"]


def test_a_standee_is_ordered_as_its_fold_over_strip_at_the_vendors_own_bleed(shop):
    """A standee's strip (base tab, back, front, base tab) carries bleed at its folds, so its printed length grows with
    the vendor's bleed: LongPack's 3 mm (its artwork guidelines) against Print & Play's 2 mm (its formatting page) is
    2 mm longer, two bleeds of 1 mm more; its width is the 25 mm the data gives."""
    def strip(vendor: str) -> tuple[float, float]:
        line = next(line for line in shop.lines(vendor) if line.startswith("  Hero standee ("))
        w, h = re.search(r"\(2 tokens of ([\d.]+) × ([\d.]+) mm\)", line).groups()
        return float(w), float(h)

    (w3, h3), (w2, h2) = strip("longpack"), strip("printplay")
    assert w3 == w2 == 25
    assert h3 - h2 == pytest.approx(2 * (3.0 - 2.0))


def test_an_export_of_some_decks_orders_no_box_or_die(shop, tmp_path):
    """`--deck` limits an order to those decks: the game's boxes and dice are neither ordered nor listed as not offered."""
    root = shutil.copytree(shop.root, tmp_path / "project", ignore=shutil.ignore_patterns("output"))
    _, folder = export(root, "longpack", "--deck", "heroes")
    lines = (folder / "README.txt").read_text(encoding="utf-8").splitlines()
    assert _section(lines, "Components in these files:") == ["  Heroes (12 cards of 63.5 × 88.9 mm): poker (63.5 × 88.9 mm)"]
    assert not [line for line in lines if line.startswith(("Ordered from the vendor's own template", "Not offered by this vendor"))]
    whole = "\n".join(shop.lines("longpack"))
    assert "Hero box (a box for 12 cards" in whole and "Red die (1 die" in whole


def test_with_no_file_for_the_vendor_readme_says_none_are_in_the_files(shop):
    """An order with nothing pnp prints files for says so rather than leaving its list empty. On internals: `pnp export`
    refuses an export with nothing to print before it writes README.txt ('nothing to export'), so only an order planned
    with no component shows the line; the box The Game Crafter makes from its own template is still listed."""
    from pnp.data.project import Project
    from pnp.outputs.context import Engine
    from pnp.targets.vendor_orders import order_plan, readme

    project = Project(shop.root)
    gctx = Engine(project).for_game(project.load_game("tiny")[0])
    lines = readme(TITLE, order_plan(gctx, vendor_named("thegamecrafter"), [])).splitlines()
    assert _section(lines, "Components in these files:") == ["  none"]
    assert "  Hero box (a box for 12 cards of 63.5 × 88.9 mm): order the poker tuck box (63.5 × 88.9 mm) and lay its art on the vendor's template" in lines


def test_pnp_export_for_makeplayingcards_writes_the_order_and_says_each_piece_left_out_at_its_line(shop):
    """The command a designer runs: each piece MakePlayingCards does not print is a warning at the line declaring it,
    README.txt in the order folder lists it with who makes its kind, and the 19 relics' MPC Autofill order bills them
    in the 36-card bracket beside their images."""
    said = shop.said["makeplayingcards"]
    assert f"{shop.at('dice.yaml', 'id: red')}: warning: MakePlayingCards prints no dice of 16 × 16 mm: Red die is left out" in said
    assert f"{shop.at('boxes.yaml', 'id: mixed')}: warning: MakePlayingCards prints no boxes of 75 × 120 mm: Heroes & Omens is left out" in said
    assert f"{shop.at('decks/omens.yaml', '75 x 120')}: warning: MakePlayingCards prints no cards of 75 × 120 mm: Omens is left out" in said
    folder = shop.folders["makeplayingcards"]
    lines = shop.lines("makeplayingcards")
    assert "  pips (2 dice of 12.5 mm): this vendor makes no dice; no vendor pnp knows makes dice" in _section(lines, "Not offered by this vendor:")
    assert _section(lines, "Components in these files:") == ["  Heroes (12 cards of 63.5 × 88.9 mm): poker (63.5 × 88.9 mm)",
                                                             "  Relics (19 cards of 63.5 × 88.9 mm): poker (63.5 × 88.9 mm)"]
    order = ET.parse(folder / "cards-relics.xml").getroot()
    assert (order.findtext("details/quantity"), order.findtext("details/bracket")) == ("19", "36")
    assert all((folder / card.findtext("id")).is_file() for card in order.iter("card"))
    assert "  cards-relics.xml" in _section(lines, "Files written:")


@pytest.mark.parametrize(("size", "orders"), [("poker", ["cards-heroes.xml"]), ("tarot", [])])
def test_mpc_autofill_orders_a_poker_deck_and_no_tarot_deck(project, size, orders):
    """MPC Autofill fills MakePlayingCards' poker card page alone (its desktop tool's starting URL, as vendors.py cites
    it): the heroes as poker cards get their order beside their images, and as tarot cards, which MakePlayingCards
    prints, their images and quantities.csv with no order the tool would fill as poker cards."""
    from conftest import run_pnp

    deck = project / "data/tiny/decks/heroes.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("size: poker", f"size: {size}", 1), encoding="utf-8")
    result = run_pnp(project, "export", "tiny", "--vendor", "makeplayingcards", "--deck", "heroes")
    assert result.exit_code == 0, result.output + result.stderr
    folder = project / "output/tiny/vendor-makeplayingcards"
    assert sorted(p.name for p in folder.glob("*.xml")) == orders
    assert (folder / "cards/heroes/quantities.csv").is_file()
    written = _section((folder / "README.txt").read_text(encoding="utf-8").splitlines(), "Files written:")
    assert [line for line in written if line.endswith(".xml")] == [f"  {name}" for name in orders]


# --- README.txt: the vendor's numbers, files, steps and sources ------------------------------------------------------

EVERY_FILE = {  # each vendor's numbers as its page gives them (or as its record says they were not read there)
    "thegamecrafter": "Every file: 3.175 mm bleed a side, 3.175 mm safe zone, 300 dpi, RGB.",  # 1/8 in
    "makeplayingcards": "Every file: 3.048 mm bleed a side, 3 mm safe zone, 300 dpi, RGB.",  # 36 px at 300 dpi
    "drivethrucards": "Every file: 3.175 mm bleed a side, 3.175 mm safe zone, 300 dpi, CMYK, total ink at most 240%.",
    "printplay": "Every file: 2 mm bleed a side, 2 mm safe zone, 300 dpi, RGB.",
    "longpack": "Every file: 3 mm bleed a side, 3 mm safe zone, 300 dpi, CMYK, total ink at most 300%.",
    "mbprint": "Every file: 3 mm bleed a side, 4 mm safe zone, 300 dpi, CMYK, total ink at most 300%.",
    "offset": "Every file: 3 mm bleed a side, 3 mm safe zone, 300 dpi, CMYK, total ink at most 300%.",
}


@pytest.fixture(scope="module")
def readmes(shop) -> dict[str, list[str]]:
    """Every vendor's README.txt: the shop's orders, and for the other vendors an order of the relics alone (its
    numbers, steps and sources are the vendor's whatever the order holds)."""
    folders = dict(shop.folders)
    for vendor in (v.name for v in VENDORS if v.name not in shop.folders):
        folders[vendor] = export(shop.root, vendor, "--deck", "relics")[1]
    return {vendor: (folder / "README.txt").read_text(encoding="utf-8").splitlines() for vendor, folder in folders.items()}


@pytest.mark.parametrize("vendor", [v.name for v in VENDORS])
def test_readme_opens_with_the_vendors_numbers_and_closes_with_its_steps_sources_and_the_check(readmes, vendor):
    record = vendor_named(vendor)
    lines = readmes[vendor]
    assert lines[:4] == [f"{TITLE} for {record.title}", "", f"Files: {record.naming}.", EVERY_FILE[vendor]]
    steps = _section(lines, "Upload steps:")
    assert steps == [f"  {n}. {step}" for n, step in enumerate(record.steps, 1)]
    assert _section(lines, "Where these numbers come from:") == [f"  {what}: {where}" for what, where in record.sources]
    assert lines[-2] == "" and lines[-1].startswith(("Before paying, check these against ", "Before paying: every number above"))
    assert lines.index("Upload steps:") > lines.index("Components in these files:")
    headings = [i for i, line in enumerate(lines) if (line.endswith(":") and not line.startswith(" ")) or line.startswith("Ordered from")]
    assert len(headings) >= 4 and all(lines[i - 1] == "" for i in headings), lines  # each heading opens a paragraph


def test_readme_lists_the_files_written_a_folder_of_images_as_its_count(shop):
    """Files at the folder's top by name; a folder by its count of images and its other files by name. MakePlayingCards'
    heroes: five fronts, the shared back and the twin's own back (data/tiny/decks/heroes.yaml); the relics: one front
    and the back."""
    lines = shop.lines("makeplayingcards")
    start = lines.index("Files written:")
    assert lines[start - 1] == "" and lines[start - 2].startswith("Every file:")
    assert lines[start + 1:start + 8] == ["  README.txt", "  cards-heroes.xml", "  cards-relics.xml", "  quote.csv",
                                          "  cards/heroes/: 7 images (.png), quantities.csv", "  cards/relics/: 2 images (.png), quantities.csv", ""]


def test_the_game_crafters_folder_holds_no_mpc_autofill_order(shop):
    """An MPC Autofill order fills a MakePlayingCards order and nothing else (docs/exports.md: "For MakePlayingCards each
    poker-size deck also gets cards-<deck>.xml"): The Game Crafter's folder of the same poker decks holds their images
    and quantities.csv, no .xml, and its README.txt names none."""
    folder = shop.folders["thegamecrafter"]
    assert sorted(p.name for p in folder.rglob("*.xml")) == []
    assert (folder / "cards/heroes/quantities.csv").is_file() and (folder / "cards/relics/quantities.csv").is_file()
    assert [line for line in _section(shop.lines("thegamecrafter"), "Files written:") if ".xml" in line] == []


def test_the_check_before_paying_names_every_number_not_read_on_the_vendors_page_and_nothing_read_there(shop):
    """LongPack's card sizes are the card trade's (third-party) and its artwork guide a third party's copy; its game
    board was read on its own help page, and its punchboard and game box have no size to check."""
    line = shop.lines("longpack")[-1]
    assert line == ("Before paying, check these against LongPack Games' current template (not read on its own pages): "
                    "PDF 1.4 composite, fonts embedded, CMYK, 300 dpi, 3–5 mm bleed (cards 3–4 mm), total ink 280–300 %; "
                    "backs in a file of their own; 3 mm margin; the poker size; the bridge size; the tarot size; the mini size; the square size.")
    assert "game board" not in line and "punchboard" not in line and "game box" not in line


def test_a_vendor_whose_every_number_was_read_on_its_own_page_is_still_to_be_checked_as_a_whole():
    """A record citing its own page for every number gets the line that says so; an unread product size is named once
    each, a product of any size has none to name. On internals: every vendor pnp knows has a number it could not read
    on the vendor's own page, so no export writes the first line; the records are made up to show both."""
    from pnp.targets.vendor_orders import check_before_paying

    dtc = vendor_named("drivethrucards")
    read = dataclasses.replace(dtc, products=(Product("poker", "cards", (63.5, 88.9), "https://example.org/sizes, read 2026-11-28"),))
    assert check_before_paying(read) == ("Before paying: every number above was read on DriveThruCards' own pages; "
                                         "check its current template all the same.")
    unread = dataclasses.replace(read, products=(Product("poker", "cards", (63.5, 88.9), "unconfirmed: not reached"),
                                                 Product("jumbo", "cards", (88.9, 127.0), "third-party: a forum"),
                                                 Product("any", "cards", None, "unconfirmed: any size")))
    assert check_before_paying(unread) == ("Before paying, check these against DriveThruCards' current template (not read on its own pages): "
                                           "the poker size; the jumbo size.")


# --- the warning a piece not offered gives -------------------------------------------------------------------------


def test_each_piece_not_offered_is_one_warning_at_the_line_that_declares_it(shop):
    """MakePlayingCards prints poker, tarot and mini cards only: every other piece is one warning, at its deck's size,
    its item in its file, or the player aids' card_size, naming what to do (README.txt's list, who makes its kind)."""
    found = [line for line in shop.warnings("makeplayingcards") if "is left out of this export" in line]
    where = {line.split(": warning: ", 1)[1].split(": ", 1)[1].split(" is left out", 1)[0]: line.split(": warning: ", 1)[0] for line in found}
    assert where == {
        "Omens": shop.at("decks/omens.yaml", "75 x 120"),
        "Tiny Town": shop.at("boards.yaml", "id: town"), "Score sheet": shop.at("boards.yaml", "id: scores"),
        "Coins": shop.at("tokens.yaml", "id: coins"), "Pawns": shop.at("tokens.yaml", "id: pawns"),
        "Shields": shop.at("tokens.yaml", "id: shields"), "=Walls": shop.at("tokens.yaml", "id: walls"),
        "Bank notes": shop.at("tokens.yaml", "id: notes"), "Hero standee": shop.at("tokens.yaml", "id: hero"),
        "Mat": shop.at("tokens.yaml", "id: mat"),
        "Hero box": shop.at("boxes.yaml", "id: hero-box"), "Heroes & Omens": shop.at("boxes.yaml", "id: mixed"),
        "Red die": shop.at("dice.yaml", "id: red"), "pips": shop.at("dice.yaml", "id: pips"),
        "Tiny · quick reference": shop.at("reference.yaml", "bridge"),
    }
    assert len(found) == len(where)
    listed = _section(shop.lines("makeplayingcards"), "Not offered by this vendor:")
    messages = {line.split(": warning: ", 1)[1].split(": ", 1)[1].split(" is left out", 1)[0]: line.split(": warning: ", 1)[1] for line in found}
    for line in listed:
        piece, rest = line.strip().split("): ", 1)
        name = piece.split(" (", 1)[0]
        assert messages[name].startswith("MakePlayingCards prints no ")
        assert f": {name} is left out of this export (README.txt lists it under 'Not offered by this vendor'); {rest}" in messages[name]
    assert len(listed) == len(found)
    sizes = {name: message.split(":", 1)[0] for name, message in messages.items()}
    assert sizes["Omens"] == "MakePlayingCards prints no cards of 75 × 120 mm"
    assert sizes["Hero box"] == "MakePlayingCards prints no boxes of 63.5 × 88.9 mm"
    assert sizes["pips"] == "MakePlayingCards prints no dice of 12.5 × 12.5 mm"
    assert sizes["Coins"] == "MakePlayingCards prints no tokens of 20 × 20 mm"


def test_a_vendor_that_makes_every_piece_of_its_kind_gives_no_warning_but_for_dice(shop):
    """A generic offset printer makes cards, boards, punchboards and boxes to any die line: only the dice are left."""
    found = [line.split(": warning: ", 1)[0] for line in shop.warnings("offset") if "is left out of this export" in line]
    assert found == [shop.at("dice.yaml", "id: red"), shop.at("dice.yaml", "id: pips")]


def test_a_component_is_placed_where_it_is_declared(shop):
    """A deck's warning is at its size, a token set's or a board's at its item, the player aids' at their card_size."""
    warned = {line.split(": warning: ", 1)[0] for line in shop.warnings("makeplayingcards")}
    assert {shop.at("decks/omens.yaml", "75 x 120"), shop.at("boards.yaml", "id: town"), shop.at("tokens.yaml", "id: pawns"),
            shop.at("reference.yaml", "bridge")} <= warned


@pytest.fixture(scope="module")
def plain(tmp_path_factory) -> Shop:
    """The tiny game with no boxes or dice, its player aids at the default poker size (no card_size line), no score
    sheet or walls, and a token set whose id is a deck's ("heroes": ids are kept apart by kind), exported for
    MakePlayingCards."""
    root = copy_of_tiny(tmp_path_factory.mktemp("plain"))
    plain_faces(root, keep=("hero.j2", "frame.j2", "back.j2", "twin-back.j2"))
    data = root / "data/tiny"
    reference = data / "reference.yaml"
    reference.write_text(reference.read_text(encoding="utf-8").replace("card_size: poker", "# card_size: poker by default"), encoding="utf-8")
    boards = yaml.safe_load((data / "boards.yaml").read_text(encoding="utf-8"))["boards"]
    (data / "boards.yaml").write_text(yaml.safe_dump({"boards": [b for b in boards if b["id"] != "scores"]}, sort_keys=False), encoding="utf-8")
    tokens = yaml.safe_load((data / "tokens.yaml").read_text(encoding="utf-8"))["tokens"]
    hero_tokens = {**next(t for t in tokens if t["id"] == "shields"), "id": "heroes", "name": "Hero tokens"}
    kept = [t for t in tokens if t["id"] != "walls"] + [hero_tokens]
    (data / "tokens.yaml").write_text(yaml.safe_dump({"tokens": kept}, sort_keys=False), encoding="utf-8")
    said, folder = export(root, "makeplayingcards")
    return Shop(root, {"makeplayingcards": said}, {"makeplayingcards": folder})


def test_ids_are_kept_apart_by_kind_and_player_aids_with_no_card_size_are_poker_cards(plain):
    """A token set called like a deck is placed at its own item, not at the deck's size; player aids with no card_size
    are poker cards (2.5 × 3.5 in), which MakePlayingCards prints, so they are ordered and no warning names them."""
    warned = {line.split(": warning: ", 1)[1].split(": ", 1)[1].split(" is left out", 1)[0]: line.split(": warning: ", 1)[0]
              for line in plain.warnings("makeplayingcards") if "is left out" in line}
    assert warned["Hero tokens"] == plain.at("tokens.yaml", "id: heroes")
    assert "Tiny · quick reference" not in warned and not [w for w in warned.values() if w.startswith("data/tiny/reference.yaml")]
    assert "  Tiny · quick reference (4 cards of 63.5 × 88.9 mm): poker (63.5 × 88.9 mm)" in _section(plain.lines("makeplayingcards"),
                                                                                                   "Components in these files:")


def test_a_component_not_found_in_its_file_is_placed_at_the_file():
    """The file of its kind when its item is not there. On internals: an export collects its components from those
    very files, so no export has a component its file lacks; a made-up one asks where it is declared."""
    from pnp.data.project import Project
    from pnp.outputs.context import Engine
    from pnp.targets.components import Component
    from pnp.targets.vendor_orders import component_loc

    project = Project(TEST_PROJECT)
    gctx = Engine(project).for_game(project.load_game("tiny")[0])
    missing = {kind: Component(kind, "nowhere", "Nowhere", (20.0, 20.0), "square", []) for kind in ("boards", "tokens")}
    assert str(component_loc(gctx, missing["boards"])) == "data/tiny/boards.yaml"
    assert str(component_loc(gctx, missing["tokens"])) == "data/tiny/tokens.yaml"


def test_player_aids_with_no_card_size_are_poker_cards_and_validate_finds_nothing_wrong(plain):
    """reference.yaml's card_size is poker unless it says otherwise: leaving the line out is no error (it once gave
    'too many values to unpack' at the file's first line)."""
    from conftest import run_pnp

    result = run_pnp(plain.root, "validate", "tiny")
    said = result.output + result.stderr
    assert result.exit_code == 0 and ": error:" not in said and "tiny: 0 errors" in said, said


def test_a_game_without_boxes_or_dice_orders_its_other_pieces(plain):
    lines = plain.lines("makeplayingcards")
    assert "  Heroes (12 cards of 63.5 × 88.9 mm): poker (63.5 × 88.9 mm)" in _section(lines, "Components in these files:")
    assert [line for line in _section(lines, "Not offered by this vendor:") if line.startswith("  Hero tokens (4 tokens of 18 × 18 mm)")]
    assert not [line for line in lines if re.search(r"\(a box for|\(\d+ dic?e of", line)]


def test_every_piece_of_the_build_is_one_piece_its_boxes_and_dice_included(shop):
    """Each deck, board, token set, the player aids, each box and each die of the data is one line of README.txt:
    12 heroes in the hero box, 12 heroes and the one omen in the other, one red die and two pips."""
    lines = shop.lines("longpack")
    pieces = [line for heading in ("Components in these files:", "Not offered by this vendor:") for line in _section(lines, heading)]
    pieces += [line for line in lines if line.startswith("  ") and "(a box for" in line]
    names = [line.strip().split(" (", 1)[0] for line in pieces]
    assert sorted(names) == sorted(["Heroes", "Relics", "Omens", "Tiny Town", "Score sheet", "Coins", "Pawns", "Shields", "=Walls",
                                    "Bank notes", "Hero standee", "Mat", "Tiny · quick reference", "Hero box", "Heroes & Omens",
                                    "Red die", "pips"])
    assert sorted(re.search(r"\((.*?)\)", line).group(1) for line in pieces if "(a box for" in line or " di" in line.split(")")[0]) == [
        "1 die of 16 mm", "2 dice of 12.5 mm", "a box for 12 cards of 63.5 × 88.9 mm", "a box for 13 cards of 75 × 120 mm"]


# --- quote.csv -----------------------------------------------------------------------------------------------------


def test_the_quote_has_its_head_and_a_row_per_product_asked_of_the_vendor(shop):
    data = (shop.folders["thegamecrafter"] / "quote.csv").read_bytes()
    assert data.startswith(b"product,product size,component,kind,pieces,sheets,what to order\n")
    assert b"\r" not in data and data.endswith(b"\n") and data.decode("utf-8").count("\n") == 11  # the head and ten rows, a line each
    rows = {r["component"]: r for r in shop.quote("thegamecrafter")}
    assert rows["Heroes"] == {"product": "poker", "product size": "63.5 × 88.9 mm", "component": "Heroes", "kind": "card", "pieces": "12",
                              "sheets": "", "what to order": "1 deck of 12 cards"}
    assert rows["Coins"]["what to order"] == "12 tokens on small punchout slugs (as many as its product page says hold them)"
    assert rows["Coins"]["product size"] == "up to 82.55 × 133.35 mm"
    assert rows["Hero box"] == {"product": "poker tuck box", "product size": "63.5 × 88.9 mm", "component": "Hero box", "kind": "box",
                                "pieces": "12", "sheets": "", "what to order": "1 poker tuck box for 12 cards, its art laid on the vendor's template"}
    assert "'=Walls" in rows and rows["'=Walls"]["pieces"] == "6"  # a spreadsheet shows the name, it does not run it
    assert set(rows) == {"Heroes", "Relics", "Coins", "Pawns", "Shields", "'=Walls", "Bank notes", "Hero standee", "Tiny · quick reference",
                         "Hero box"}


def test_the_quote_counts_each_product_in_its_own_unit(shop):
    """LongPack's game board holds boards up to its size, its punchboard takes tokens; an offset printer's board is one
    board; a die or a box is counted as one."""
    longpack = {r["component"]: r for r in shop.quote("longpack")}
    assert longpack["Tiny Town"]["what to order"] == "1 board on game boards (as many as its product page says hold them)"
    assert (longpack["Tiny Town"]["kind"], longpack["Tiny Town"]["pieces"]) == ("board", "1")
    assert longpack["Coins"]["what to order"] == "12 punchboards"
    assert longpack["Heroes & Omens"]["what to order"] == "1 game box for 13 cards, its art laid on the vendor's template"
    offset = {r["component"]: r for r in shop.quote("offset")}
    assert offset["Score sheet"]["what to order"] == "1 board"
    assert (offset["Omens"]["what to order"], offset["Omens"]["pieces"]) == ("1 deck of 1 card", "1")  # the deck's one Eclipse
    assert offset["Tiny · quick reference"]["what to order"] == "1 deck of 4 cards"  # an aid a player, 4 players at most


def test_a_product_named_in_the_plural_is_not_given_a_second_s():
    """A shop whose catalogue calls its token product 'chits' orders '12 chits'; one piece of a 'slab' is '1 slab'. On
    internals: no vendor pnp knows names a product in the plural, so no export can show it; the shop is made up."""
    from pnp.core.errors import Loc
    from pnp.targets.vendor_orders import Ordered, OrderPlan, Piece, quote_sheet

    shop = dataclasses.replace(vendor_named("offset"), products=(Product("chits", "tokens", None, "unconfirmed: made up"),
                                                                 Product("slab", "boards", None, "unconfirmed: made up")))
    pieces = (Ordered(Piece("Coins", "tokens", (20, 20), 12, Loc("x")), shop.products[0]),
              Ordered(Piece("Map", "boards", (300, 300), 1, Loc("x")), shop.products[1]),
              Ordered(Piece("Maps", "boards", (300, 300), 2, Loc("x")), shop.products[1]))
    rows = list(csv.DictReader(io.StringIO(quote_sheet(OrderPlan(shop, pieces, ())).decode("utf-8"))))
    assert [r["what to order"] for r in rows] == ["12 chits", "1 slab", "2 slabs"]


def test_print_and_plays_quote_counts_sheets_of_16_poker_cards(shop):
    """A 12 × 18 in sheet (printplaygames.com's formatting guidelines) inside pnp's 1/4 in margin holds 4 × 4 poker
    cards with the page's 2 mm bleed: 19 relics take two sheets, 12 heroes one; a bridge card (57.15 mm) also 4 × 4."""
    rows = {r["component"]: r for r in shop.quote("printplay")}
    assert (rows["Relics"]["sheets"], rows["Heroes"]["sheets"], rows["Tiny · quick reference"]["sheets"]) == ("2", "1", "1")


def test_a_box_ordered_from_a_sheet_vendors_template_takes_none_of_its_sheets(shop):
    """Were Print & Play to sell a poker tuck box, the box would be made from its own template, never laid on the card
    sheets: its row counts no sheet, the decks' rows theirs. On internals: Print & Play sells no box, so no export
    shows it; the vendor is made up with one."""
    from pnp.data.project import Project
    from pnp.outputs.context import Engine
    from pnp.targets.components import collect
    from pnp.targets.vendor_orders import order_plan, quote_sheet

    project = Project(shop.root)
    gctx = Engine(project).for_game(project.load_game("tiny")[0])
    printplay = vendor_named("printplay")
    boxed = dataclasses.replace(printplay, products=(*printplay.products, Product("tuck box", "boxes", (63.5, 88.9), "unconfirmed: made up")))
    rows = {r["component"]: r for r in csv.DictReader(io.StringIO(quote_sheet(order_plan(gctx, boxed, collect(gctx, 3.5, []))).decode("utf-8")))}
    assert (rows["Hero box"]["sheets"], rows["Heroes"]["sheets"]) == ("", "1")


def test_makeplayingcards_quote_names_each_decks_bracket(shop):
    """19 relics are billed in the 36-card bracket, 12 heroes in the 18-card one (MPC Autofill's brackets)."""
    rows = {r["component"]: r["what to order"] for r in shop.quote("makeplayingcards")}
    assert rows == {"Heroes": "1 deck of 12 cards, ordered in the 18-card bracket", "Relics": "1 deck of 19 cards, ordered in the 36-card bracket"}


# --- MakePlayingCards' order files ---------------------------------------------------------------------------------

EDGES = sorted({cards for bracket in BRACKETS for cards in (bracket, bracket + 1)})


@pytest.fixture(scope="module")
def brackets(tmp_path_factory) -> tuple[str, Path]:
    """The tiny game with a deck of one card printed N times for each N at a bracket's edge (a bracket's size and one
    card more), exported for MakePlayingCards with only those decks: what it printed, and its folder."""
    root = copy_of_tiny(tmp_path_factory.mktemp("brackets"))
    chosen = []
    for cards in EDGES:
        (root / f"data/tiny/decks/n{cards}.yaml").write_text(
            f"name: N{cards}\nsize: poker\nfront: tiny/back.j2\nback: tiny/back.j2\ncards:\n  - {{id: c, name: C, count: {cards}}}\n",
            encoding="utf-8")
        chosen += ["--deck", f"n{cards}"]
    plain_faces(root)
    return export(root, "makeplayingcards", *chosen)


@pytest.mark.parametrize("bracket", BRACKETS)
def test_an_mpc_order_at_a_brackets_edge_is_billed_there_and_one_card_more_at_the_next(brackets, bracket):
    said, folder = brackets
    after = BRACKETS[BRACKETS.index(bracket) + 1] if bracket != BRACKETS[-1] else BRACKETS[-1]
    for cards, billed in ((bracket, bracket), (bracket + 1, after)):
        order = ET.parse(folder / f"cards-n{cards}.xml").getroot()
        assert (order.findtext("details/quantity"), order.findtext("details/bracket")) == (str(cards), str(billed))
        assert (f"cards-n{cards}.xml: warning" in said) == (cards > 612)


def test_an_mpc_order_too_large_says_where_and_how_many(brackets):
    said, _ = brackets
    warned = {line.strip() for line in said.splitlines() if ": warning: " in line}
    assert warned == {"output/tiny/vendor-makeplayingcards/cards-n613.xml: warning: cards/n613 has 613 cards; MakePlayingCards takes at "
                      "most 612 an order: MPC Autofill asks how to split it"}


def test_an_mpc_order_lists_each_image_once_with_its_slots_and_only_the_backs_not_shared(shop):
    """MPC Autofill's order file: <details> (quantity, bracket, stock, foil), <fronts> and <backs> (each image once,
    its 0-based slots comma-separated), <cardback> for every slot <backs> does not name. The heroes, in the deck's
    order: two knights, two agents, three rogues, three mages and two twins, the twins on their own back."""
    folder = shop.folders["makeplayingcards"]
    order = ET.parse(folder / "cards-heroes.xml").getroot()
    assert [c.tag for c in order] == ["details", "fronts", "backs", "cardback"]
    assert [(c.tag, c.text) for c in order.find("details")] == [("quantity", "12"), ("bracket", "18"), ("stock", "(S30) Standard Smooth"),
                                                               ("foil", "false")]
    fronts = [(card.findtext("slots"), card.findtext("query")) for card in order.findall("fronts/card")]
    assert fronts == [("0,1", "<Knight>"), ("2,3", "AT&T Agent"), ("4,5,6", "Rogue"), ("7,8,9", "Mage"), ("10,11", "Twin")]
    backs = [(card.findtext("slots"), card.findtext("query")) for card in order.findall("backs/card")]
    assert backs == [("10,11", "Twin (back)")]
    for card in order.iter("card"):  # each image a file of the folder, named as it is
        assert (folder / card.findtext("id")).is_file() and card.findtext("name") == Path(card.findtext("id")).name
    assert (folder / order.findtext("cardback")).is_file() and order.findtext("cardback") not in [c.findtext("id") for c in order.iter("card")]


def test_an_mpc_order_file_reads_as_a_person_would_write_it_an_element_a_line(shop):
    """The order a designer opens beside its images: UTF-8, an element a line, indented by its depth, '&' and '<'
    escaped. The relics: one card printed 19 times on the deck's back."""
    text = (shop.folders["makeplayingcards"] / "cards-relics.xml").read_text(encoding="utf-8")
    assert text == """\
<?xml version="1.0" encoding="utf-8"?>
<order>
  <details>
    <quantity>19</quantity>
    <bracket>36</bracket>
    <stock>(S30) Standard Smooth</stock>
    <foil>false</foil>
  </details>
  <fronts>
    <card>
      <id>cards/relics/relics-relic.png</id>
      <slots>0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18</slots>
      <name>relics-relic.png</name>
      <query>=Relic</query>
    </card>
  </fronts>
  <backs />
  <cardback>cards/relics/back.png</cardback>
</order>
"""
    heroes = (shop.folders["makeplayingcards"] / "cards-heroes.xml").read_text(encoding="utf-8")
    assert "<query>&lt;Knight&gt;</query>" in heroes and "<query>AT&amp;T Agent</query>" in heroes


def test_quantities_csv_names_each_cards_files_from_its_folder_and_keeps_a_formula_as_text(shop):
    cards = shop.folders["makeplayingcards"] / "cards"
    assert (cards / "heroes/quantities.csv").read_text(encoding="utf-8") == (
        "front,back,quantity,name\nheroes-knight.png,back.png,2,<Knight>\nheroes-att.png,back.png,2,AT&T Agent\n"
        "heroes-rogue.png,back.png,3,Rogue\nheroes-mage.png,back.png,3,Mage\nheroes-twin.png,heroes-twin-back.png,2,Twin\n")
    assert (cards / "relics/quantities.csv").read_text(encoding="utf-8") == "front,back,quantity,name\nrelics-relic.png,back.png,19,'=Relic\n"


def test_the_line_an_export_ends_on_counts_the_components_in_its_files_not_the_boxes_ordered_from_a_template(shop):
    """LongPack prints the two boxes from its own template (README.txt lists them apart): the line `pnp export` ends on,
    'follow README.txt in the folder (N components)', counts the components whose files are in the folder, as
    README.txt's 'Components in these files:' lists them, never a box that has no file there."""
    lines = shop.lines("longpack")
    files = _section(lines, "Components in these files:")
    templated = _section(lines, "Ordered from the vendor's own template (pnp draws these as nets for home printing, not to the vendor's die line):")
    assert len(templated) == 2
    assert f"LongPack Games: follow README.txt in the folder ({len(files)} components)" in shop.said["longpack"]
