"""A deck that needs another layout gets its own sheets, never changing the others' (issue 102): 120 hex cards nest more
to a sheet across Letter, yet the tiny game's poker-sized heroes still print 3 x 3 on upright Letter, as a Letter build
always prints poker cards. Read from the cards PDF a build writes, its summary, and `pnp list --format json`.
"""
from __future__ import annotations

import itertools
import json
import shutil

import pdfplumber
import pytest
import streams
from conftest import MM, TEST_PROJECT, run_pnp
from test_card_nesting import HEX, _clips, backs_behind_fronts

LETTER = (215.9, 279.4)  # mm, upright
HEROES = {"Rogue", "Mage", "Twin", "<Knight>", "AT&T"}  # a word of each hero's name, centred across its card
HEXES = f"name: Hexes\nsize: {HEX[0]:g} x {HEX[1]:.3f}\nshape: hex\nfront: tiny/hero.j2\nback: tiny/back.j2\ndefaults: {{side: red}}\n" \
        "cards:\n  - {id: hex, name: Hexagon, stars: 1, number: 1, text: Hi., count: 120}\n"


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The tiny game (12 heroes) with a deck of 120 hex cards, its cards built on Letter: (project root, PDF, summary)."""
    root = tmp_path_factory.mktemp("own-sheets") / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    (root / "data/tiny/decks/hexes.yaml").write_text(HEXES)
    result = run_pnp(root, "build", "tiny", "--only", "cards", "--paper", "letter", "--out", str(root / "out"))
    assert result.exit_code == 0, result.output + result.stderr
    return root, root / "out/tiny/tiny-cards.pdf", result.output


def _heroes(page) -> list[tuple[float, float]]:
    """The centre (mm) of each hero's name word on a page."""
    return [((w["x0"] + w["x1"]) / 2 / MM, (w["top"] + w["bottom"]) / 2 / MM) for w in page.extract_words() if w["text"] in HEROES]


def _distinct(values: list[float]) -> int:
    """How many rows (or columns) the values fall in: cards' centres are a card (63.5 mm or more) apart, a name's within
    a few mm of its card's."""
    values = sorted(values)
    return 1 + sum(b - a > 20 for a, b in itertools.pairwise(values))


def test_the_heroes_keep_their_upright_3_by_3_sheet_and_the_hexes_get_sheets_across_letter(built):
    _, pdf, output = built
    with pdfplumber.open(pdf) as doc:
        fronts = doc.pages[::2]
        heroes = [(page, _heroes(page)) for page in fronts if _heroes(page)]
        hexes = [page for page in streams.Document(pdf).pages[::2] if _clips(page)]
        assert sum(len(names) for _, names in heroes) == 12
        full = [(page, names) for page, names in heroes if len(names) == 9]
        assert full, "9 heroes on one sheet"
        for page, _ in heroes:
            assert (round(page.width / MM, 1), round(page.height / MM, 1)) == LETTER, "the heroes print upright"
        page, names = full[0]
        assert _distinct([x for x, _ in names]) == 3 and _distinct([y for _, y in names]) == 3
    assert hexes and all(page.width > page.height for page in hexes), "the hexes nest across Letter"
    assert sum(len(_clips(page)) for page in hexes) == 120
    assert "Hexes print on sheets of their own, turned across the page" in output


def test_every_back_lands_behind_its_front_on_the_mixed_pdf(built):
    """Long-edge duplex: a back's centre is its front's mirrored left to right on an upright page, top to bottom on a page
    turned across (a printer feeds it turned), within 0.01 mm: the hexes' outlines' clips on both sides."""
    assert backs_behind_fronts(built[1]) == 120


def test_pnp_list_reports_the_grids_the_build_prints(built):
    root, pdf, _ = built
    result = run_pnp(root, "list", "tiny", "--format", "json")
    assert result.exit_code == 0, result.output
    decks = _sheets(json.loads(result.stdout))
    assert decks["Heroes"]["grid"] == [3, 3] and decks["Heroes"]["landscape"] is False
    assert decks["Hexes"]["landscape"] is True
    hex_pages = [page for page in streams.Document(pdf).pages[::2] if _clips(page)]
    assert decks["Hexes"]["per_sheet"] == max(len(_clips(page)) for page in hex_pages)


def _sheets(data) -> dict:
    """{deck name: its 'sheet' record} wherever one sits in `pnp list`'s JSON."""
    found = {}
    if isinstance(data, dict):
        if "sheet" in data and "name" in data:
            found[data["name"]] = data["sheet"]
        for value in data.values():
            found |= _sheets(value)
    elif isinstance(data, list):
        for value in data:
            found |= _sheets(value)
    return found


def test_a_deck_of_cards_with_their_own_backs_too_large_to_fold_is_said_to_print_duplex(project):
    """A deck with no back of its own whose card names one (Twin's `back:`) has backs to print: at 127 × 170 mm it
    cannot sit front and back either side of a Letter sheet's fold (two need 340 mm; the sheet is 279.4 mm long), so a
    gutterfold build prints it duplex on sheets of its own and says so once, at the deck's `size:`."""
    heroes = project / "data/tiny/decks/heroes.yaml"
    text = heroes.read_text(encoding="utf-8").replace("size: poker\n", "size: 127 x 170\n", 1).replace("back: tiny/back.j2\n", "", 1)
    heroes.write_text(text, encoding="utf-8")
    result = run_pnp(project, "build", "tiny", "--only", "cards", "--layout", "gutterfold")
    assert result.exit_code == 0, result.output + result.stderr
    warned = [line for line in result.stderr.splitlines() if "gutterfold prints them duplex" in line]
    assert len(warned) == 1, result.stderr
    assert warned[0].startswith("data/tiny/decks/heroes.yaml:2:7: warning: Heroes: 127 × 170 mm pieces do not fit front and back "
                                "on one side of Letter"), warned
