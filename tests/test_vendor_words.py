"""What a vendor export tells its user (issue #98, item 6): the files README.txt names are the files written; one line
says which numbers to check on the vendor's current template before paying; no written text names a file the user does
not have (pnp's own PRINTING.md, its source, a path on the machine that made it); MakePlayingCards' bracket at the
exact sizes of its order brackets.

The brackets are MakePlayingCards' order sizes as MPC Autofill lists them (18, 36, 55, 72, 90, 108, 126, 144, 162, 180,
198, 216, 234, 396, 504, 612): an order is billed at the smallest bracket that holds it."""
from __future__ import annotations

import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from conftest import TEST_PROJECT, plain_faces, run_pnp

from pnp.targets.vendors import VENDORS

UNREAD = ("third-party: ", "unconfirmed: ")


@pytest.fixture(scope="module")
def exports(tmp_path_factory):
    """The tiny game exported whole for every vendor, as `pnp export tiny --vendor NAME` writes it (its boards and
    tokens drawn plain: their art changes no word here): vendor name → its folder."""
    root = tmp_path_factory.mktemp("words") / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    plain_faces(root, keep=("hero.j2", "frame.j2", "back.j2", "twin-back.j2"))
    folders = {}
    for vendor in VENDORS:
        result = run_pnp(root, "export", "tiny", "--vendor", vendor.name, "--no-validate")
        assert result.exit_code == 0, result.output + result.stderr
        folders[vendor.name] = root / f"output/tiny/vendor-{vendor.name}"
    return folders


def _files_written_section(readme: str) -> list[str]:
    lines = readme.split("\nFiles written:\n", 1)[1].split("\n\n", 1)[0].splitlines()
    return [line.strip() for line in lines]


@pytest.mark.parametrize("vendor", [v.name for v in VENDORS])
def test_readme_names_exactly_the_files_written(exports, vendor):
    folder = exports[vendor]
    listed = _files_written_section((folder / "README.txt").read_text(encoding="utf-8"))
    top = sorted(p.name for p in folder.iterdir() if p.is_file())
    assert sorted(line for line in listed if not line.endswith(")") and "/:" not in line) == top
    folders = {line.split("/:", 1)[0]: line for line in listed if "/:" in line}
    for name, line in folders.items():
        images = sorted(p.name for p in (folder / name).glob("*.png"))
        others = sorted(p.name for p in (folder / name).iterdir() if p.is_file() and p.suffix != ".png")
        assert line.startswith(f"{name}/: {len(images)} image"), (line, images)
        assert sorted(re.findall(r", ([\w.-]+)", line)) == others, line
    written = {str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file()}
    covered = set(top) | {f"{name}/{p.name}" for name in folders for p in (folder / name).iterdir()}
    assert written == covered  # no file is left out of the list


def test_makeplayingcards_readme_names_its_order_files_as_written(exports):
    folder = exports["makeplayingcards"]
    readme = (folder / "README.txt").read_text(encoding="utf-8")
    orders = sorted(p.name for p in folder.glob("*.xml"))
    assert orders == ["cards-heroes.xml", "player-aids.xml"]
    assert all(f"  {name}\n" in readme for name in orders)
    for order in orders:  # every image an order names is a file of the folder
        root = ET.parse(folder / order).getroot()
        assert all((folder / card.findtext("id")).is_file() for card in root.iter("card")), order


@pytest.mark.parametrize("vendor", [v.name for v in VENDORS])
def test_one_line_says_what_to_check_before_paying_and_nothing_names_a_file_the_user_lacks(exports, vendor):
    folder = exports[vendor]
    record = next(v for v in VENDORS if v.name == vendor)
    readme = (folder / "README.txt").read_text(encoding="utf-8")
    before = [line for line in readme.splitlines() if line.startswith("Before paying")]
    assert len(before) == 1
    for what, where in record.sources:  # every number not read on the vendor's own page is named in that line
        assert (what in before[0]) == where.startswith(UNREAD), (what, before[0])
    for path in [p for p in folder.rglob("*") if p.suffix in (".txt", ".csv", ".xml")]:
        text = path.read_text(encoding="utf-8")
        assert "PRINTING.md" not in text and "../shared" not in text and "/work/" not in text, path
        for line in text.splitlines():  # a source file named only where it is part of a public address the line gives
            for name in re.findall(r"[\w./-]+\.(?:md|py)\b", line):
                assert "https://" in line.split(name, 1)[0], (path.name, line)


EXACT_SIZES = [(1, 18), (17, 18), (18, 18), (19, 36), (36, 36), (37, 55), (55, 55), (56, 72), (234, 234), (235, 396), (504, 504),
               (505, 612), (612, 612)]


@pytest.fixture(scope="module")
def brackets(tmp_path_factory):
    """The tiny game with a deck of one card printed N times for each N of EXACT_SIZES and one of 613, exported for
    MakePlayingCards with only those decks: what `pnp export` printed, and its folder."""
    root = tmp_path_factory.mktemp("brackets") / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    chosen = []
    for cards in [n for n, _ in EXACT_SIZES] + [613]:
        (root / f"data/tiny/decks/n{cards}.yaml").write_text(
            f"name: N{cards}\nsize: poker\nfront: tiny/back.j2\nback: tiny/back.j2\ncards:\n  - {{id: c, name: C, count: {cards}}}\n",
            encoding="utf-8")
        chosen += ["--deck", f"n{cards}"]
    plain_faces(root)  # an order's counts, not its art
    result = run_pnp(root, "export", "tiny", "--vendor", "makeplayingcards", "--no-validate", *chosen)
    assert result.exit_code == 0, result.output + result.stderr
    return result.output + result.stderr, root / "output/tiny/vendor-makeplayingcards"


@pytest.mark.parametrize("cards, bracket", EXACT_SIZES)
def test_an_mpc_order_is_billed_at_the_smallest_bracket_that_holds_it_exact_sizes_included(brackets, cards, bracket):
    said, folder = brackets
    order = ET.parse(folder / f"cards-n{cards}.xml").getroot()
    assert (order.findtext("details/quantity"), order.findtext("details/bracket")) == (str(cards), str(bracket))
    assert f"cards-n{cards}.xml: warning" not in said


def test_an_mpc_order_over_612_cards_is_said_to_need_splitting(brackets):
    said, _ = brackets
    warned = [line for line in said.splitlines() if ": warning: " in line]
    assert sorted(set(warned)) == ["output/tiny/vendor-makeplayingcards/cards-n613.xml: warning: cards/n613 has 613 cards; "
                                   "MakePlayingCards takes at most 612 an order: MPC Autofill asks how to split it"], said


def _quote(folder: Path) -> list[dict]:
    import csv

    with (folder / "quote.csv").open(encoding="utf-8") as f:
        return list(csv.DictReader(f))


@pytest.mark.parametrize("vendor", [v.name for v in VENDORS])
def test_the_quote_sheet_lists_each_product_ordered_with_its_count_and_no_price(exports, vendor):
    """quote.csv (item 7): a row per component the order asks of the vendor, its pieces counted from the game's data:
    the heroes deck's cards (their counts summed), the coins (8 + 4), the pawns (3 a colour, 2 colours)."""
    import yaml

    folder = exports[vendor]
    rows = _quote(folder)
    readme = (folder / "README.txt").read_text(encoding="utf-8")
    ordered = readme.split("Components in these files:\n", 1)[1].split("\nNot offered by this vendor:", 1)[0].split("\nUpload steps:", 1)[0]
    assert sorted(r["component"] for r in rows) == sorted(line.strip().split(" (", 1)[0] for line in ordered.splitlines()
                                                          if line.startswith("  ") and line.strip() != "none"
                                                          and "(a box for" not in line)
    heroes = yaml.safe_load((TEST_PROJECT / "data/tiny/decks/heroes.yaml").read_text(encoding="utf-8"))["cards"]
    expected = {"Heroes": sum(card["count"] for card in heroes), "Coins": 8 + 4, "Pawns": 3 * 2}
    for row in rows:
        if row["component"] in expected:
            assert int(row["pieces"]) == expected[row["component"]], row
    text = (folder / "quote.csv").read_text(encoding="utf-8").lower()
    assert not re.search(r"[$€£¥]|price|cost|usd|eur\b|pln|zł", text), text


def test_print_and_plays_quote_counts_its_sheets_and_mpcs_its_bracket(exports):
    """A 12 × 18 in sheet inside a 1/4 in margin holds 4 × 4 poker cards with 2 mm bleed (4 × 67.5 mm across 292.1 mm,
    4 × 92.9 mm down 444.5 mm): the 12 heroes take one sheet. MakePlayingCards bills 12 cards in its 18-card bracket."""
    heroes = next(r for r in _quote(exports["printplay"]) if r["component"] == "Heroes")
    assert heroes["sheets"] == "1"
    mpc = next(r for r in _quote(exports["makeplayingcards"]) if r["component"] == "Heroes")
    assert "18-card bracket" in mpc["what to order"]
