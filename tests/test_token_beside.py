"""Token sets beside a short last row of cards (issue #102, "last token sheets part full"): a set prints in the room
right of the last card sheet's last card, within that row's height, when stacking every set in full-width rows below the
cards does not fit and moving it saves token pages; where they fit below, they stay below.

Geometry, worked from the paper and the pieces (not from the code). Poker cards (63.5 × 88.9 mm) print 3 × 3 on
Letter (215.9 × 279.4 mm), the grid centred: (215.9 − 3 × 63.5) / 2 = 12.7 mm in, so the first card's right edge is at
76.2 mm and the grid's at 203.2 mm. The last sheet's rows hang from 5 mm of printer margin, 0.5 mm of tolerance, a
3 mm crop mark and its 1 mm gap: 9.5 mm below the top. Tiles of 38 mm print with the tokens' 1 mm bleed and 2 mm gutter:
n of them take n × 38 + (n − 1) × 2 + 2 mm (3: 120 mm, 4: 160).

- Ten heroes leave one card alone on the second sheet, 9.5 to 98.4 mm down. Its top and bottom cut lines end in crop
  marks on its right (1 mm gap, 5 mm), so the tiles' bleed starts a mm past them, at 76.2 + 7 = 83.2 mm: 120 mm to
  the grid's edge, 3 tiles a row, and the row's 88.9 mm hold 2 rows (80 mm; 3 take 120). Below the row, 63 coins of
  20 mm take the seven full-width rows there is room for (tests/test_token_share_plan.py works them out).
- Thirteen heroes leave a row of 3 and one card, 98.4 to 187.3 mm down. The full row above carries the cut lines'
  marks past the grid, so the tiles keep only their own marks' room from the card (1 mm gap, 3 mm, 1 mm: 81.2 mm,
  122 mm across, 3 a row) and from the row above (5 mm: 83.9 mm down, 2 rows). Below, from 187.3 + 9 (both bands'
  marks) + 1 (bleed) = 197.3 mm down to 279.4 − 14.5 (margin, footer, marks, bleed) = 264.9 mm, 67.6 mm hold 3 rows of
  coins (64 mm), 27 of them.

Either way 6 tiles fit beside the card and a 7th does not, and there is no room left for them below the coins.
"""
from __future__ import annotations

import shutil
from pathlib import Path

import pdfplumber
import pytest
from conftest import ROOT, TEST_PROJECT, run_pnp
from test_token_share import centres
from test_token_share_plan import BACKED, COINS, deck_of

from pnp.data.project import Project
from pnp.outputs.options import Options
from pnp.outputs.token_share import token_split, tokens_share
from pnp.render.bands import SideBand
from pnp.render.packing import plan_pages, printed_pages

LETTER_W = 215.9
CARD_RIGHT = 12.7 + 63.5  # the lone card's right edge, mm from the paper's left
GRID_RIGHT = 12.7 + 3 * 63.5
# heroes, coins, the lone card's row (mm from the paper's top), the room the tiles keep right of the card (module docstring)
LONE = pytest.param(10, 63, (9.5, 98.4), 7.0, id="lone-card")
UNDER_A_ROW = pytest.param(13, 27, (98.4, 187.3), 5.0, id="under-a-full-row")
TILES = """  - id: tiles
    name: Tiles
    shape: square
    size: 38
    front: tiny/token-coin.j2
    back: tiny/token-coin-back.j2
    items:
      - {{id: t9, value: 9, tint: "#a0e0a0", count: {tiles}}}
"""


def _write(root: Path, heroes: int, coins: int, tiles: int) -> Path:
    """The tiny game with `heroes` poker cards, `coins` two-sided coins (one of them a five) and `tiles` two-sided 38 mm tiles."""
    (root / "data/tiny/decks/heroes.yaml").write_text(deck_of(heroes, "poker"), encoding="utf-8")
    (root / "data/tiny/tokens.yaml").write_text(COINS.format(back=BACKED, ones=coins - 1, fives=1) + TILES.format(tiles=tiles), encoding="utf-8")
    return root


@pytest.fixture
def tiny(tmp_path):
    """tiny(heroes, coins, tiles): a copy of the tiny game written so, its folder."""
    root = tmp_path / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    return lambda heroes, coins, tiles: _write(root, heroes, coins, tiles)


def _build(root: Path) -> Path:
    """The card sheets and token sheets built (`--only tokens` builds the card sheets the tokens print on), the counts
    the tiny game's rules state for its twelve heroes not checked."""
    result = run_pnp(root, "build", "--only", "tokens", "--no-validate")
    assert result.exit_code == 0, result.output + result.stderr
    return root / "output/tiny"


def _boxes(pdf: Path, index: int, word: str, size: float, mirrored: bool = False) -> list[tuple[float, float, float, float]]:
    """The trim boxes (left, top, right, bottom mm from the page's top-left) of the pieces of `size` mm whose word is
    `word` on page `index`: the coin template sets it centred, 12 to 16 mm down the face (13.5 mm on its back)."""
    down = 13.5 if mirrored else 14.0
    return [(x - size / 2, y - down, x + size / 2, y - down + size) for x, y in centres(pdf, index, word)]


def _crop_marks(pdf: Path, index: int) -> list[tuple[float, float, float, float]]:
    """The crop marks of page `index` (thin black lines) as boxes in mm from the top-left."""
    mm = 25.4 / 72
    with pdfplumber.open(pdf) as doc:
        lines = [line for line in doc.pages[index].lines if abs(line["linewidth"] - 0.3) < 0.01 and not any(line["stroking_color"] or (0,))]
        half = 0.15 * mm  # half the line's 0.3 pt
        return [(line["x0"] * mm - half, line["top"] * mm - half, line["x1"] * mm + half, line["bottom"] * mm + half) for line in lines]


def _cards(row: tuple[float, float]) -> list[tuple[float, float, float, float]]:
    """The trims of the last sheet's cards (mm from the top-left): the lone card in `row`, under a full row if there is one."""
    lone = (12.7, row[0], CARD_RIGHT, row[1])
    above = [(12.7 + k * 63.5, row[0] - 88.9, 12.7 + (k + 1) * 63.5, row[0]) for k in range(3)] if row[0] > 9.5 + 1 else []
    return [lone, *above]


def _meets(a, b, bleed: float = 1.0) -> bool:
    """Whether box `a` meets box `b` grown by `bleed` mm."""
    return min(a[2], b[2] + bleed) > max(a[0], b[0] - bleed) and min(a[3], b[3] + bleed) > max(a[1], b[1] - bleed)


@pytest.mark.parametrize("heroes, coins, row, room", [LONE, UNDER_A_ROW])
def test_tiles_that_fit_only_beside_the_last_card_print_there_and_no_tokens_pdf_is_written(tiny, heroes, coins, row, room):
    out = _build(tiny(heroes, coins, 6))
    assert sorted(p.name for p in out.glob("*.pdf")) == ["tiny-cards.pdf"], "both sets on the last card sheet"
    pdf = out / "tiny-cards.pdf"
    with pdfplumber.open(pdf) as doc:
        assert len(doc.pages) == 4, "two card sheets and their backs: the tiles' own sheet and its back are gone"
    tiles, coined = _boxes(pdf, 2, "COIN9", 38), _boxes(pdf, 2, "COIN1", 20) + _boxes(pdf, 2, "COIN5", 20)
    assert len(tiles) == 6 and len(coined) == coins
    for left, top, right, bottom in tiles:
        assert left >= CARD_RIGHT + room + 1 - 0.2, "right of the card by the crop marks' room and the tile's bleed"
        assert right <= GRID_RIGHT - 1 + 0.2, "within the grid's width"
        assert top >= row[0] - 0.2 and bottom <= row[1] + 0.2, "within the card row's height"
    assert len({round(t[0]) for t in tiles}) == 3 and len({round(t[1]) for t in tiles}) == 2, "3 a row, 2 rows"
    assert min(c[1] for c in coined) > row[1] + 1, "the coins in full-width rows below the cards"
    cards = _cards(row)
    for piece in [*tiles, *coined]:
        assert not any(_meets(piece, card, 1.0 + 0.5) for card in cards), "no piece within a gutter of another"
    for mark in _crop_marks(pdf, 2):
        assert not any(_meets(mark, piece) for piece in [*tiles, *coined]), f"a crop mark on a token or its bleed: {mark}"
        assert not any(_meets(mark, card, 0.0) for card in cards), f"a crop mark on a card (printed without bleed): {mark}"


@pytest.mark.parametrize("heroes, coins, row, room", [LONE, UNDER_A_ROW])
def test_the_tiles_backs_are_behind_their_fronts_after_a_long_edge_flip(tiny, heroes, coins, row, room):
    """A long-edge flip mirrors the sheet across its vertical middle: a front at x is backed at the paper's width − x."""
    pdf = _build(tiny(heroes, coins, 6)) / "tiny-cards.pdf"
    fronts = sorted((round(LETTER_W - x), round(y)) for x, y in centres(pdf, 2, "COIN9"))
    backs = sorted((round(x), round(y + 0.5)) for x, y in centres(pdf, 3, "BACK9"))
    assert len(backs) == 6 and backs == fronts
    tiles = _boxes(pdf, 3, "BACK9", 38, mirrored=True)
    cards = [(LETTER_W - right, top, LETTER_W - left, bottom) for left, top, right, bottom in _cards(row)]
    for mark in _crop_marks(pdf, 3):
        assert not any(_meets(mark, tile) for tile in tiles), f"a crop mark on a tile's back: {mark}"
        assert not any(_meets(mark, card, 0.0) for card in cards), f"a crop mark on a card's back: {mark}"


def test_sets_that_fit_in_full_width_rows_below_the_cards_stay_below_them(tiny):
    """Five coins and six tiles take one band each below the lone card of ten heroes (20 and 38 mm of the 156 mm there):
    nothing moves beside the card, whose row keeps the rest of its width empty."""
    pdf = _build(tiny(10, 5, 6)) / "tiny-cards.pdf"
    pieces = _boxes(pdf, 2, "COIN9", 38) + _boxes(pdf, 2, "COIN1", 20) + _boxes(pdf, 2, "COIN5", 20)
    assert len(pieces) == 11
    assert min(top for _, top, _, _ in pieces) > 98.4 + 1


def test_a_set_stands_beside_the_cards_only_where_that_saves_a_page():
    """Seven 57 × 89 mm cards (4 × 2 on a landscape Letter sheet: a short last row of three), fifteen 30 × 40 mm tiles
    and forty 38 mm squares (30 a sheet) print on three sheets, front and back, whether or not two tiles stand beside
    the cards' short row: that saves no page, so no tile goes there, split from the others. Every tile prints in the
    tiles' one band, the cards on a sheet of their own."""
    sets = [((57, 89), 7), ((30, 40), 15), ((38, 38), 40)]
    alone, hosted = plan_pages("letter", sets), plan_pages("letter", sets, guests=[False, True, True])
    backs = [True] * len(sets)
    assert printed_pages(hosted, backs) == printed_pages(alone, backs) == 6
    assert not [p for page in hosted for p in page if isinstance(p.grid, SideBand)], "a side band that saves no page"
    assert [len([p for p in page if p.group == 1]) for page in hosted if any(p.group == 1 for p in page)] == [1], "the tiles split"


@pytest.mark.parametrize("heroes, coins, row, room", [LONE, UNDER_A_ROW])
def test_a_seventh_tile_does_not_fit_beside_the_card_and_the_tiles_keep_their_own_sheet(tiny, heroes, coins, row, room):
    """Two rows of three fill the room beside the card; a seventh tile would need a third row or a fourth column."""
    assert tokens_share(Project(tiny(heroes, coins, 6)).load_game("tiny")[0], Options())
    assert not tokens_share(Project(tiny(heroes, coins, 7)).load_game("tiny")[0], Options())


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_germ_tycoons_colonies_and_bacteria_print_on_its_last_card_sheet(paper):
    """Germ Tycoon's 40 cards leave 4 on their last sheet: a row of 3 and one card, whose row leaves 2 card widths
    (127 mm, less a crop mark's room) beside it. Its 6 bacteria (32 mm, with 1 mm bleed and 2 mm gutter: 3 a row in
    3 × 32 + 2 × 2 + 2 = 102 mm, 2 rows in 68 mm of the row's 88.9) print there, its 30 colonies (16 mm, 3 rows) below in
    full width; either set alone in the room below left the other's two-sided sheet and its back. Its money notes
    (one-sided, 160 of them) keep their own sheets. Narco Empire's hitmen standees are 90 mm tall, more than a poker row
    (88.9 mm): nothing of it moves."""
    germ = Project(ROOT).load_game("germ-tycoon")[0]
    assert token_split(germ, Options(paper=paper)).shared == {"colonies", "bacteria"}
    assert not token_split(Project(ROOT).load_game("narco-empire")[0], Options(paper=paper)).shared
