"""What a vendor order tells its user, held line by line (issue #101 item 1): README.txt's words for every piece of a
build (ordered, ordered from the vendor's own template, or not offered and who does offer it), the one warning a piece
not offered gives at the line that declares it, quote.csv's rows, the MPC Autofill order and each folder's
quantities.csv, with MakePlayingCards' order brackets at every edge.

The game is the test project's tiny game with what a shop sees in a real order added to it: two boxes (one named, one
named by its decks), two dice (one named, two of one unnamed), a 75 × 120 mm deck of one card that only a printer of
any size makes, a 19-card poker deck, player aids of bridge size, and a token set whose name starts like a spreadsheet
formula. Expected words come from that data and from the vendors' own published numbers (each cited where it is used;
the citations are those of the vendor records in pnp/targets/vendors.py), never from the code under test.
"""
from __future__ import annotations

import csv
import dataclasses
import io
import re
import shutil
import xml.etree.ElementTree as ET
from collections import namedtuple
from pathlib import Path

import pytest
import yaml
from conftest import TEST_PROJECT

from pnp.data.project import Project
from pnp.outputs.context import Engine
from pnp.targets.components import collect
from pnp.targets.order_files import mpc_bracket, mpc_order, quantities_csv
from pnp.targets.vendor_orders import (
    OrderPlan,
    check_before_paying,
    component_loc,
    not_offered_findings,
    order_plan,
    pieces,
    quote_sheet,
    readme,
)
from pnp.targets.vendors import VENDORS, Product, vendor_named

Card = namedtuple("Card", "copies name")
TITLE = "Tiny Test Game"  # data/tiny/game.yaml's title
# MakePlayingCards' order sizes, as MPC Autofill lists them (github.com/chilli-axe/mpc-autofill, its desktop tool's
# constants; third-party, read 2026-11-26): an order is billed at the smallest that holds it, 612 cards at most.
BRACKETS = (18, 36, 55, 72, 90, 108, 126, 144, 162, 180, 198, 216, 234, 396, 504, 612)

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
  - {id: relic, name: Relic, stars: 1, number: 1, text: "Old.", side: blue, count: 19}
"""


@dataclasses.dataclass
class Shop:
    """A game as the exporters see it: its folder, its context and its components drawn (never rasterised)."""

    root: Path
    gctx: object
    components: list

    def order(self, vendor: str, components=None, decks_only=False):
        """`vendor`'s order of the whole build (order_plan's default: boxes and dice included) or of some decks only."""
        chosen = self.components if components is None else components
        if decks_only:
            return order_plan(self.gctx, vendor_named(vendor), chosen, decks_only=True)
        return order_plan(self.gctx, vendor_named(vendor), chosen)

    def readme(self, vendor: str, files=()) -> str:
        return readme(TITLE, self.order(vendor), list(files))

    def lines(self, vendor: str) -> list[str]:
        return self.readme(vendor).splitlines()

    def quote(self, vendor: str) -> list[dict]:
        return list(csv.DictReader(io.StringIO(quote_sheet(self.order(vendor)).decode("utf-8"))))

    def at(self, file: str, marker: str) -> str:
        """file:line:column of `marker`'s first character in one of the game's files, as the user wrote it."""
        text = (self.root / "data/tiny" / file).read_text(encoding="utf-8")
        for number, line in enumerate(text.splitlines(), 1):
            if marker in line:
                return f"data/tiny/{file}:{number}:{line.index(marker) + 1}"
        raise AssertionError(f"{marker} not in {file}")


@pytest.fixture(scope="module")
def shop(tmp_path_factory) -> Shop:
    root = tmp_path_factory.mktemp("order") / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    data = root / "data/tiny"
    (data / "boxes.yaml").write_text(BOXES, encoding="utf-8")
    (data / "dice.yaml").write_text(DICE, encoding="utf-8")
    (data / "decks/omens.yaml").write_text(OMENS, encoding="utf-8")
    (data / "decks/relics.yaml").write_text(RELICS, encoding="utf-8")
    (root / "templates/tiny/die.j2").write_text('{{ text(die_face.text, 0, 0, face.w, face.h, size=8, align="center") }}\n', encoding="utf-8")
    reference = data / "reference.yaml"
    reference.write_text(reference.read_text(encoding="utf-8").replace("card_size: poker", "card_size: bridge"), encoding="utf-8")
    tokens = data / "tokens.yaml"
    tokens.write_text(tokens.read_text(encoding="utf-8").replace("name: Walls", 'name: "=Walls"'), encoding="utf-8")
    project = Project(root)
    gctx = Engine(project).for_game(project.load_game("tiny")[0])
    return Shop(root, gctx, collect(gctx, 3.5, []))


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
    walls given 250 mm a side fit none, so the nearest token product here is that slug and LongPack's punchboard,
    made to any die line, is where its kind is made; the warning is at the walls' item."""
    walls = next(c for c in shop.components if c.id == "walls")
    mat = dataclasses.replace(walls, name="Mat", trim=(250.0, 250.0))
    plan = shop.order("thegamecrafter", [mat], decks_only=True)
    assert _section(readme(TITLE, plan).splitlines(), "Not offered by this vendor:") == [
        "  Mat (6 tokens of 250 × 250 mm): the nearest token product here is the large punchout slug (up to 209.55 × 266.7 mm), "
        "which it does not fit; LongPack Games makes its kind: the punchboard (any size)"]
    assert [str(f.loc) for f in not_offered_findings(plan, "tiny")] == [shop.at("tokens.yaml", "id: walls")]


def test_a_standee_is_ordered_as_its_fold_over_strip_at_the_vendors_own_bleed(shop):
    """A standee's strip (base tab, back, front, base tab) carries bleed at its folds, so its printed length grows with
    the vendor's bleed: MBPrint's 3 mm (meinspiel.de's card guide) against Print & Play's 2 mm (its formatting page) is
    2 mm longer, two bleeds of 1 mm more; its width is the 25 mm the data gives."""
    def strip(vendor: str) -> tuple[float, float]:
        line = next(line for line in shop.lines(vendor) if line.startswith("  Hero standee ("))
        w, h = re.search(r"\(2 tokens of ([\d.]+) × ([\d.]+) mm\)", line).groups()
        return float(w), float(h)

    (w3, h3), (w2, h2) = strip("mbprint"), strip("printplay")
    assert w3 == w2 == 25
    assert h3 - h2 == pytest.approx(2 * (3.0 - 2.0))


def test_an_export_of_some_decks_orders_no_box_or_die(shop):
    """`--decks` limits an order to those decks: the game's boxes and dice are neither ordered nor listed as not offered."""
    heroes = [c for c in shop.components if c.id == "heroes"]
    lines = readme(TITLE, shop.order("longpack", heroes, decks_only=True)).splitlines()
    assert _section(lines, "Components in these files:") == ["  Heroes (12 cards of 63.5 × 88.9 mm): poker (63.5 × 88.9 mm)"]
    assert not [line for line in lines if line.startswith(("Ordered from the vendor's own template", "Not offered by this vendor"))]
    whole = readme(TITLE, shop.order("longpack", heroes))
    assert "Hero box (a box for 12 cards" in whole and "Red die (1 die" in whole


def test_with_no_file_for_the_vendor_readme_says_none_are_in_the_files(shop):
    """An order with nothing pnp prints files for says so rather than leaving its list empty."""
    text = readme(TITLE, shop.order("thegamecrafter", []))
    lines = text.splitlines()
    assert _section(lines, "Components in these files:") == ["  none"]
    assert "  Hero box (a box for 12 cards of 63.5 × 88.9 mm): order the poker tuck box (63.5 × 88.9 mm) and lay its art on the vendor's template" in lines


def test_pnp_export_for_makeplayingcards_writes_the_order_and_says_each_piece_left_out_at_its_line(shop):
    """The command a designer runs: each piece MakePlayingCards does not print is a warning at the line declaring it,
    README.txt in the order folder lists it with who makes its kind, and the 19 relics' MPC Autofill order bills them
    in the 36-card bracket beside their images."""
    from conftest import run_pnp

    result = run_pnp(shop.root, "export", "tiny", "--vendor", "makeplayingcards")
    said = result.output + result.stderr
    assert result.exit_code == 0, said
    assert f"{shop.at('dice.yaml', 'id: red')}: warning: MakePlayingCards prints no dice of 16 × 16 mm: Red die is left out" in said
    assert f"{shop.at('boxes.yaml', 'id: mixed')}: warning: MakePlayingCards prints no boxes of 75 × 120 mm: Heroes & Omens is left out" in said
    assert f"{shop.at('decks/omens.yaml', '75 x 120')}: warning: MakePlayingCards prints no cards of 75 × 120 mm: Omens is left out" in said
    folder = shop.root / "output/tiny/vendor-makeplayingcards"
    lines = (folder / "README.txt").read_text(encoding="utf-8").splitlines()
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


@pytest.mark.parametrize("vendor", [v.name for v in VENDORS])
def test_readme_opens_with_the_vendors_numbers_and_closes_with_its_steps_sources_and_the_check(shop, vendor):
    record = vendor_named(vendor)
    lines = shop.lines(vendor)
    assert lines[:4] == [f"{TITLE} for {record.title}", "", f"Files: {record.naming}.", EVERY_FILE[vendor]]
    steps = _section(lines, "Upload steps:")
    assert steps == [f"  {n}. {step}" for n, step in enumerate(record.steps, 1)]
    assert _section(lines, "Where these numbers come from:") == [f"  {what}: {where}" for what, where in record.sources]
    assert lines[-2:] == ["", check_before_paying(record)] and lines[-1].startswith("Before paying")
    assert lines.index("Upload steps:") > lines.index("Components in these files:")
    headings = [i for i, line in enumerate(lines) if (line.endswith(":") and not line.startswith(" ")) or line.startswith("Ordered from")]
    assert len(headings) >= 4 and all(lines[i - 1] == "" for i in headings), lines  # each heading opens a paragraph


def test_readme_lists_the_files_written_a_folder_of_images_as_its_count():
    """Files at the folder's top by name; a folder by its count of images and its other files by name."""
    plan = OrderPlan(vendor_named("makeplayingcards"), (), ())
    files = ["quote.csv", "cards/heroes/knight.png", "cards/heroes/back.png", "cards/heroes/quantities.csv", "README.txt",
             "player-aids/aid.png", "player-aids/quantities.csv", "cards-heroes.xml", "cards/relics/relic.png",
             "cards/relics/quantities.csv", "cards/relics/die-line.pdf"]
    lines = readme(TITLE, plan, files).splitlines()
    start = lines.index("Files written:")
    assert lines[start - 1] == "" and lines[start - 2].startswith("Every file:")
    assert lines[start + 1:start + 7] == ["  README.txt", "  cards-heroes.xml", "  quote.csv", "  cards/heroes/: 2 images (.png), quantities.csv",
                                          "  cards/relics/: 1 image (.png), die-line.pdf, quantities.csv", "  player-aids/: 1 image (.png), quantities.csv"]
    assert lines[start + 7] == ""
    assert "Files written:" not in readme(TITLE, plan, [])


def test_the_check_before_paying_names_every_number_not_read_on_the_vendors_page_and_nothing_read_there():
    """LongPack's card sizes are the card trade's (third-party) and its artwork guide a third party's copy; its game
    board was read on its own help page, and its punchboard and game box have no size to check."""
    line = check_before_paying(vendor_named("longpack"))
    assert line == ("Before paying, check these against LongPack Games' current template (not read on its own pages): "
                    "PDF 1.4 composite, fonts embedded, CMYK, 300 dpi, 3–5 mm bleed (cards 3–4 mm), total ink 280–300 %; "
                    "backs in a file of their own; 3 mm margin; the poker size; the bridge size; the tarot size; the mini size; the square size.")
    assert "game board" not in line and "punchboard" not in line and "game box" not in line


def test_a_vendor_whose_every_number_was_read_on_its_own_page_is_still_to_be_checked_as_a_whole():
    """A record citing its own page for every number gets the line that says so; an unread product size is named once
    each, a product of any size has none to name."""
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
    plan = shop.order("makeplayingcards")
    found = not_offered_findings(plan, "tiny")
    where = {f.message.split(": ", 1)[1].split(" is left out", 1)[0]: str(f.loc) for f in found}
    assert where == {
        "Omens": shop.at("decks/omens.yaml", "75 x 120"),
        "Tiny Town": shop.at("boards.yaml", "id: town"), "Score sheet": shop.at("boards.yaml", "id: scores"),
        "Coins": shop.at("tokens.yaml", "id: coins"), "Pawns": shop.at("tokens.yaml", "id: pawns"),
        "Shields": shop.at("tokens.yaml", "id: shields"), "=Walls": shop.at("tokens.yaml", "id: walls"),
        "Bank notes": shop.at("tokens.yaml", "id: notes"), "Hero standee": shop.at("tokens.yaml", "id: hero"),
        "Hero box": shop.at("boxes.yaml", "id: hero-box"), "Heroes & Omens": shop.at("boxes.yaml", "id: mixed"),
        "Red die": shop.at("dice.yaml", "id: red"), "pips": shop.at("dice.yaml", "id: pips"),
        "Tiny · quick reference": shop.at("reference.yaml", "bridge"),
    }
    assert {(f.severity, f.code, f.game) for f in found} == {("warning", "vendor-product", "tiny")}
    listed = _section(shop.lines("makeplayingcards"), "Not offered by this vendor:")
    for finding, line in zip(found, listed, strict=True):
        piece, rest = line.strip().split("): ", 1)
        name = piece.split(" (", 1)[0]
        assert finding.message.startswith("MakePlayingCards prints no ")
        assert f": {name} is left out of this export (README.txt lists it under 'Not offered by this vendor'); {rest}" in finding.message
    sizes = {f.message.split(": ", 1)[1].split(" is left out", 1)[0]: f.message.split(":", 1)[0] for f in found}
    assert sizes["Omens"] == "MakePlayingCards prints no cards of 75 × 120 mm"
    assert sizes["Hero box"] == "MakePlayingCards prints no boxes of 63.5 × 88.9 mm"
    assert sizes["pips"] == "MakePlayingCards prints no dice of 12.5 × 12.5 mm"
    assert sizes["Coins"] == "MakePlayingCards prints no tokens of 20 × 20 mm"


def test_a_vendor_that_makes_every_piece_of_its_kind_gives_no_warning_but_for_dice(shop):
    """A generic offset printer makes cards, boards, punchboards and boxes to any die line: only the dice are left."""
    found = not_offered_findings(shop.order("offset"), "tiny")
    assert [str(f.loc) for f in found] == [shop.at("dice.yaml", "id: red"), shop.at("dice.yaml", "id: pips")]


def test_a_component_is_placed_where_it_is_declared(shop):
    """component_loc: a deck at its size, a token set or board at its item, the player aids at their card_size."""
    by_id = {c.id: c for c in shop.components}
    assert str(component_loc(shop.gctx, by_id["heroes"])) == shop.at("decks/heroes.yaml", "poker")
    assert str(component_loc(shop.gctx, by_id["town"])) == shop.at("boards.yaml", "id: town")
    assert str(component_loc(shop.gctx, by_id["pawns"])) == shop.at("tokens.yaml", "id: pawns")
    aids = next(c for c in shop.components if c.kind == "player-aids")
    assert str(component_loc(shop.gctx, aids)) == shop.at("reference.yaml", "bridge")


@pytest.fixture(scope="module")
def plain(tmp_path_factory) -> Shop:
    """The tiny game with no boxes or dice, its player aids at the default poker size (no card_size line), no score
    sheet or walls, and a token set whose id is a deck's ("heroes": ids are kept apart by kind)."""
    root = tmp_path_factory.mktemp("plain") / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    data = root / "data/tiny"
    reference = data / "reference.yaml"
    reference.write_text(reference.read_text(encoding="utf-8").replace("card_size: poker", "# card_size: poker by default"), encoding="utf-8")
    boards = yaml.safe_load((data / "boards.yaml").read_text(encoding="utf-8"))["boards"]
    (data / "boards.yaml").write_text(yaml.safe_dump({"boards": [b for b in boards if b["id"] != "scores"]}, sort_keys=False), encoding="utf-8")
    tokens = yaml.safe_load((data / "tokens.yaml").read_text(encoding="utf-8"))["tokens"]
    hero_tokens = {**next(t for t in tokens if t["id"] == "shields"), "id": "heroes", "name": "Hero tokens"}
    kept = [t for t in tokens if t["id"] != "walls"] + [hero_tokens]
    (data / "tokens.yaml").write_text(yaml.safe_dump({"tokens": kept}, sort_keys=False), encoding="utf-8")
    project = Project(root)
    gctx = Engine(project).for_game(project.load_game("tiny")[0])
    return Shop(root, gctx, collect(gctx, 3.5, []))


def test_a_component_not_found_in_its_file_is_placed_at_the_file_and_ids_are_kept_apart_by_kind(shop, plain):
    """The file of its kind when its item is not there (the score sheet and walls, which this game lacks; player aids
    with no card_size); a token set called like a deck is placed at its own item, not at the deck's size."""
    by_id = {c.id: c for c in shop.components}
    assert str(component_loc(plain.gctx, by_id["scores"])) == "data/tiny/boards.yaml"
    assert str(component_loc(plain.gctx, by_id["walls"])) == "data/tiny/tokens.yaml"
    aids = next(c for c in plain.components if c.kind == "player-aids")
    assert aids.trim == (63.5, 88.9)  # poker, 2.5 × 3.5 in, when reference.yaml names no card_size
    assert str(component_loc(plain.gctx, aids)) == "data/tiny/reference.yaml"
    hero_tokens = next(c for c in plain.components if c.kind == "tokens" and c.id == "heroes")
    assert str(component_loc(plain.gctx, hero_tokens)) == plain.at("tokens.yaml", "id: heroes")


def test_player_aids_with_no_card_size_are_poker_cards_and_validate_finds_nothing_wrong(plain):
    """reference.yaml's card_size is poker unless it says otherwise: leaving the line out is no error (it once gave
    'too many values to unpack' at the file's first line)."""
    from conftest import run_pnp

    result = run_pnp(plain.root, "validate", "tiny")
    said = result.output + result.stderr
    assert result.exit_code == 0 and ": error:" not in said and "tiny: 0 errors" in said, said


def test_a_game_without_boxes_or_dice_orders_its_other_pieces(plain):
    assert [p.kind for p in pieces(plain.gctx, plain.components, 3.0)].count("boxes") == 0
    lines = readme(TITLE, order_plan(plain.gctx, vendor_named("longpack"), plain.components)).splitlines()
    assert "  Hero tokens (4 tokens of 18 × 18 mm): punchboard (any size)" in _section(lines, "Components in these files:")
    assert not [line for line in lines if re.search(r"\(a box for|\(\d+ dic?e of", line)]


def test_every_piece_of_the_build_is_one_piece_its_boxes_and_dice_included(shop):
    """pieces(): the exporters' components, then the boxes and dice, unless the export is limited to some decks."""
    found = pieces(shop.gctx, shop.components, 3.0)
    assert [(p.name, p.kind, p.count) for p in found if p.kind in ("boxes", "dice")] == [
        ("Hero box", "boxes", 12), ("Heroes & Omens", "boxes", 13), ("Red die", "dice", 1), ("pips", "dice", 2)]
    assert len(found) == len(shop.components) + 4
    assert [p.kind for p in pieces(shop.gctx, shop.components, 3.0, decks_only=True)] == [c.kind for c in shop.components]


# --- quote.csv -----------------------------------------------------------------------------------------------------


def test_the_quote_has_its_head_and_a_row_per_product_asked_of_the_vendor(shop):
    data = quote_sheet(shop.order("thegamecrafter"))
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
    """A shop whose catalogue calls its token product 'chits' orders '12 chits'; one piece of a 'slab' is '1 slab'."""
    from pnp.core.errors import Loc
    from pnp.targets.vendor_orders import Ordered, Piece

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
    sheets: its row counts no sheet, the decks' rows theirs."""
    printplay = vendor_named("printplay")
    boxed = dataclasses.replace(printplay, products=(*printplay.products, Product("tuck box", "boxes", (63.5, 88.9), "unconfirmed: made up")))
    rows = {r["component"]: r for r in csv.DictReader(io.StringIO(quote_sheet(order_plan(shop.gctx, boxed, shop.components)).decode("utf-8")))}
    assert (rows["Hero box"]["sheets"], rows["Heroes"]["sheets"]) == ("", "1")


def test_makeplayingcards_quote_names_each_decks_bracket(shop):
    """19 relics are billed in the 36-card bracket, 12 heroes in the 18-card one (MPC Autofill's brackets)."""
    rows = {r["component"]: r["what to order"] for r in shop.quote("makeplayingcards")}
    assert rows == {"Heroes": "1 deck of 12 cards, ordered in the 18-card bracket", "Relics": "1 deck of 19 cards, ordered in the 36-card bracket"}


# --- MakePlayingCards' order files ---------------------------------------------------------------------------------


@pytest.mark.parametrize("bracket", BRACKETS)
def test_an_mpc_order_at_a_brackets_edge_is_billed_there_and_one_card_more_at_the_next(bracket):
    after = BRACKETS[BRACKETS.index(bracket) + 1] if bracket != BRACKETS[-1] else BRACKETS[-1]
    for cards, billed in ((bracket, bracket), (bracket + 1, after)):
        xml, found = mpc_order("cards/d", [("cards/d/a.png", "cards/d/back.png", Card(cards, "A"))], "cards/d/back.png", "cards-d.xml")
        order = ET.fromstring(xml)
        assert (order.findtext("details/quantity"), order.findtext("details/bracket")) == (str(cards), str(billed))
        assert mpc_bracket(cards) == billed
        assert [f.code for f in found] == ([] if cards <= 612 else ["mpc-order-size"])


def test_an_mpc_order_too_large_says_where_and_how_many():
    _, found = mpc_order("cards/big", [("cards/big/a.png", "", Card(700, "A"))], None, "output/tiny/vendor-makeplayingcards/cards-big.xml")
    assert len(found) == 1 and found[0].severity == "warning"
    assert str(found[0].loc) == "output/tiny/vendor-makeplayingcards/cards-big.xml"
    assert found[0].message == "cards/big has 700 cards; MakePlayingCards takes at most 612 an order: MPC Autofill asks how to split it"


def test_an_mpc_order_lists_each_image_once_with_its_slots_and_only_the_backs_not_shared():
    """MPC Autofill's order file: <details> (quantity, bracket, stock, foil), <fronts> and <backs> (each image once,
    its 0-based slots comma-separated), <cardback> for every slot <backs> does not name."""
    rows = [("cards/d/a.png", "cards/d/back.png", Card(2, "Ace")), ("cards/d/b.png", "cards/d/b-back.png", Card(1, "Bee")),
            ("cards/d/a.png", "cards/d/back.png", Card(1, "Ace again")), ("cards/d/c.png", "", Card(1, "Sea"))]
    xml, found = mpc_order("cards/d", rows, "cards/d/back.png", "cards-d.xml")
    assert found == []
    assert xml.startswith(b'<?xml version="1.0" encoding="utf-8"?>\n<order>')
    order = ET.fromstring(xml)
    assert [c.tag for c in order] == ["details", "fronts", "backs", "cardback"]
    assert [(c.tag, c.text) for c in order.find("details")] == [("quantity", "5"), ("bracket", "18"), ("stock", "(S30) Standard Smooth"),
                                                               ("foil", "false")]
    fronts = [[(e.tag, e.text) for e in card] for card in order.findall("fronts/card")]
    assert fronts == [[("id", "cards/d/a.png"), ("slots", "0,1,3"), ("name", "a.png"), ("query", "Ace")],
                      [("id", "cards/d/b.png"), ("slots", "2"), ("name", "b.png"), ("query", "Bee")],
                      [("id", "cards/d/c.png"), ("slots", "4"), ("name", "c.png"), ("query", "Sea")]]
    backs = [[(e.tag, e.text) for e in card] for card in order.findall("backs/card")]
    assert backs == [[("id", "cards/d/b-back.png"), ("slots", "2"), ("name", "b-back.png"), ("query", "Bee (back)")]]
    assert order.findtext("cardback") == "cards/d/back.png"
    no_back = ET.fromstring(mpc_order("cards/d", [("cards/d/a.png", "", Card(1, "Ace"))], None, "x.xml")[0])
    assert no_back.find("cardback").text in (None, "") and no_back.findall("backs/card") == []


MPC_ORDER = """\
<?xml version="1.0" encoding="utf-8"?>
<order>
  <details>
    <quantity>3</quantity>
    <bracket>18</bracket>
    <stock>(S30) Standard Smooth</stock>
    <foil>false</foil>
  </details>
  <fronts>
    <card>
      <id>cards/d/a.png</id>
      <slots>0,1</slots>
      <name>a.png</name>
      <query>Ace</query>
    </card>
    <card>
      <id>cards/d/b.png</id>
      <slots>2</slots>
      <name>b.png</name>
      <query>Bee &amp; Co</query>
    </card>
  </fronts>
  <backs>
    <card>
      <id>cards/d/b-back.png</id>
      <slots>2</slots>
      <name>b-back.png</name>
      <query>Bee &amp; Co (back)</query>
    </card>
  </backs>
  <cardback>cards/d/back.png</cardback>
</order>
"""


def test_an_mpc_order_file_reads_as_a_person_would_write_it_an_element_a_line():
    """The order a designer opens beside its images: UTF-8, an element a line, indented by its depth, '&' escaped."""
    rows = [("cards/d/a.png", "cards/d/back.png", Card(2, "Ace")), ("cards/d/b.png", "cards/d/b-back.png", Card(1, "Bee & Co"))]
    xml, _ = mpc_order("cards/d", rows, "cards/d/back.png", "cards-d.xml")
    assert xml.decode("utf-8") == MPC_ORDER


def test_quantities_csv_names_each_cards_files_from_its_folder_and_keeps_a_formula_as_text():
    rows = [("cards/d/a.png", "cards/d/back.png", Card(3, "Ace")), ("cards/d/b.png", "", Card(1, "=SUM(A1)"))]
    text = quantities_csv("cards/d", rows).decode("utf-8")
    assert text == "front,back,quantity,name\na.png,back.png,3,Ace\nb.png,,1,'=SUM(A1)\n"
