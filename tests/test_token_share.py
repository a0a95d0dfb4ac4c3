"""A game's tokens print in the free space of its last card sheet when they all fit there (issue #75 item 8): one PDF,
the tokens after the last card, each back behind its front, no tokens PDF; when they do not fit, nothing changes.

The tiny game's 12 Heroes (poker cards) leave their second Letter sheet one row of 3 cards; five 20 mm coins take
one band below it. Two hundred coins fill more than a sheet of their own, so they keep their own PDF."""
from __future__ import annotations

import shutil

import numpy as np
import pypdfium2 as pdfium
import pytest
from conftest import TEST_PROJECT, apply_edits, render_page, run_pnp
from test_token_share_plan import BACKED, COINS

from pnp.core.units import paper_size

PT = 72 / 25.4


def _project(base, ones: int):
    root = base / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    (root / "data/tiny/tokens.yaml").write_text(COINS.format(back=BACKED, ones=ones, fives=2))
    return root


@pytest.fixture(scope="module")
def shared(tmp_path_factory):
    """The tiny game with 5 coins, built `--only tokens`: the card sheets they print on are built."""
    root = _project(tmp_path_factory.mktemp("share"), 3)
    result = run_pnp(root, "build", "--only", "tokens")
    assert result.exit_code == 0, result.output + result.stderr
    return root / "output/tiny", result.output


def centres(pdf, index: int, word: str) -> list[tuple[float, float]]:
    """The centres (x, y in mm from the page's top-left) of every `word` on page `index`."""
    page = pdfium.PdfDocument(str(pdf))[index]
    text, height = page.get_textpage(), page.get_height()
    found, search = [], text.search(word)
    while (hit := search.get_next()) is not None:
        boxes = [text.get_charbox(i) for i in range(hit[0], hit[0] + hit[1])]
        left, right = min(b[0] for b in boxes), max(b[2] for b in boxes)
        bottom, top = min(b[1] for b in boxes), max(b[3] for b in boxes)
        found.append(((left + right) / 2 / PT, (height - (top + bottom) / 2) / PT))
    return found


def test_tokens_print_below_the_last_cards_and_no_tokens_pdf_is_written(shared):
    out, said = shared
    assert sorted(p.name for p in out.glob("*.pdf")) == ["tiny-cards.pdf"]
    assert "tokens: on the last card sheet" in said
    pdf = out / "tiny-cards.pdf"
    assert len(pdfium.PdfDocument(str(pdf))) == 4  # two sheets of cards, each with its backs: no page more for the coins
    coins = centres(pdf, 2, "COIN1") + centres(pdf, 2, "COIN5")
    cards = centres(pdf, 2, "Twin") + centres(pdf, 2, "Mage")
    assert len(coins) == 5 and len(cards) == 3
    assert min(y for _, y in coins) > max(y for _, y in cards) + 20  # below the cards' row (a poker card is 88.9 mm tall)
    assert not centres(pdf, 0, "COIN1")  # on the last sheet only


def test_each_tokens_back_is_behind_its_front_after_a_long_edge_flip(shared):
    """A long-edge flip mirrors a sheet across its vertical middle: a front at x is backed at paper width − x."""
    pdf = shared[0] / "tiny-cards.pdf"
    width = paper_size("letter")[0]
    for front, back in (("COIN1", "BACK1"), ("COIN5", "BACK5")):
        fronts = sorted(round(width - x) for x, _ in centres(pdf, 2, front))
        backs = centres(pdf, 3, back)
        assert sorted(round(x) for x, _ in backs) == fronts
        ys = [y for _, y in centres(pdf, 2, front)]
        assert all(abs(y - ys[0]) < 3 for _, y in backs)  # same row: the coin's words sit a mm apart on its two faces


def tinted(pdf, index: int, tint: tuple[int, int, int], dpi: int = 25) -> tuple[float, float]:
    """The centre (x, y in mm from the top-left) of the pixels of page `index` within a few levels of `tint`."""
    image = np.asarray(render_page(pdf, index, dpi).convert("RGB"), dtype=np.int16)
    ys, xs = np.nonzero(np.abs(image - np.array(tint)).max(axis=2) < 12)
    assert len(xs), f"no {tint} on page {index}"
    return (xs.mean() + 0.5) * 25.4 / dpi, (ys.mean() + 0.5) * 25.4 / dpi


def test_the_coins_tints_rasterised_sit_mirrored_on_the_backs_page(shared):
    """Each coin's front and back are filled with its tint: rasterised, the 5-coins' blue on the backs page sits where a
    long-edge flip takes it from the fronts page (x mirrored about the middle, y kept), and so does the 1-coins' yellow."""
    pdf = shared[0] / "tiny-cards.pdf"
    width = paper_size("letter")[0]
    for tint in ((0x9F, 0xD0, 0xF0), (0xF3, 0xD3, 0x6B)):
        (xf, yf), (xb, yb) = tinted(pdf, 2, tint), tinted(pdf, 3, tint)
        assert abs(xb - (width - xf)) < 1.5 and abs(yb - yf) < 1.5, (tint, xf, xb, yf, yb)


def test_tokens_that_do_not_fit_the_last_card_sheet_keep_their_own_pdf(tmp_path):
    root = _project(tmp_path, 200)
    result = run_pnp(root, "build", "--only", "cards", "--only", "tokens")
    assert result.exit_code == 0, result.output + result.stderr
    out = root / "output/tiny"
    assert sorted(p.name for p in out.glob("*.pdf")) == ["tiny-cards.pdf", "tiny-tokens.pdf"]
    assert "last card sheet" not in result.output
    assert not centres(out / "tiny-cards.pdf", 2, "COIN1")


def test_the_tiny_games_two_sided_sets_move_below_its_last_heroes_and_its_one_sided_sets_take_one_page(tiny_after):
    """The tiny game as it is (tokens.yaml), on Letter with a 5 mm printer margin (+ 0.5 mm): its last card sheet holds
    one row of 3 heroes, from 279.4 − 5.5 − 3 (mark) − 1 (gap) = 269.9 mm above the paper's foot down to 181.0 mm; a
    band below starts 9 mm of marks and 1 mm of bleed lower, at 171.0 mm, and no trim goes under 5.5 + 3 (footer) +
    1 + 3 + 1 + 1 = 14.5 mm: 156.5 mm of rows, 11 mm between bands. On the 198.9 mm a band spans, the coins (20 mm,
    9 a row) take 2 rows, the shields (18 mm) 1, the notes (40 × 20 mm, 4 a row) 2, the pawns (16 mm) 1, the walls
    (14 mm) 1, the standees (25 × 102 mm folded) 1. The three two-sided sets need 42 + 18 + 42 + 2 × 11 = 124 mm:
    they fit, with the pawns or the walls (+ 27 or 25 mm) but not both, nor the standees (+ 113 mm). Any two-sided set left on a
    token sheet would cost it a backs page; moved, the one-sided rest (pawns and walls name no back template, a
    standee folds its own) print on one page with none: 4 card pages and 1 token page, where 7 printed before."""
    from pdftext import page_texts

    out = tiny_after("build", "tiny") / "output" / "tiny"
    cards, tokens = page_texts(out / "tiny-cards.pdf"), page_texts(out / "tiny-tokens.pdf")
    assert len(cards) == 4 and len(tokens) == 1 and "backs" not in tokens[0]
    fronts, backs = cards[2], cards[3]
    assert (fronts.count("COIN1"), fronts.count("COIN5"), backs.count("BACK1"), backs.count("BACK5")) == (8, 4, 8, 4)
    assert (fronts.count("+1"), backs.count("-1"), fronts.count("10 gold")) == (4, 4, 5)
    assert tokens[0].count("HERO") == 2 and "HERO" not in fronts
    assert sum(text.split().count("P") for text in (fronts, tokens[0])) == 6  # every pawn once, wherever it prints


def _checklist_tokens(root) -> list[str]:
    """The bundle's checklist lines of the tiny game's token sets, as a Letter bundle words them in English."""
    from pnp.data.project import Project
    from pnp.data.words import table_of
    from pnp.outputs.options import Options
    from pnp.outputs.token_share import token_split
    from pnp.targets.bundle import checklist
    from pnp.targets.bundle_pages import Voice

    game, _ = Project(root).load_game("tiny")
    lines = checklist(game, Voice(table_of("en")), token_split(game, Options()).shared)
    return [f"{line.name}: {line.detail}" for line in lines if line.kind == "Tokens"]


def test_the_bundles_checklist_says_the_tokens_are_on_the_last_card_sheet(shared, tmp_path):
    assert _checklist_tokens(shared[0].parent.parent) == ["Coins: circle, 20 × 20 mm, on the last card sheet"]
    assert _checklist_tokens(_project(tmp_path, 200)) == ["Coins: circle, 20 × 20 mm"]


TILES = """  - id: tiles
    name: Tiles
    shape: square
    size: 60
    front: tiny/token-coin.j2
    items:
      - {id: t9, value: 9, tint: "#a0e0a0", count: 12}
"""


def test_the_sets_that_fit_move_to_the_last_card_sheet_and_the_others_keep_a_fuller_sheet_of_their_own(tmp_path):
    """Twelve one-sided 60 mm tiles fill a Letter sheet 3 × 4 (issue #102: last token sheets a quarter full). With the
    five coins beside them they took a second token sheet and its back page; the coins fit below the last row of
    heroes, so they print there and the tiles keep one sheet, one page: 5 pages in all, not 7."""
    root = _project(tmp_path, 3)
    tokens = root / "data/tiny/tokens.yaml"
    tokens.write_text(tokens.read_text(encoding="utf-8") + TILES, encoding="utf-8")
    result = run_pnp(root, "build", "--only", "tokens")
    assert result.exit_code == 0, result.output + result.stderr
    out = root / "output/tiny"
    assert sorted(p.name for p in out.glob("*.pdf")) == ["tiny-cards.pdf", "tiny-tokens.pdf"]
    cards, tiles = out / "tiny-cards.pdf", out / "tiny-tokens.pdf"
    assert [len(pdfium.PdfDocument(str(p))) for p in (cards, tiles)] == [4, 1]
    assert len(centres(cards, 2, "COIN1")) == 3 and len(centres(cards, 2, "COIN5")) == 2 and not centres(cards, 2, "COIN9")
    assert len(centres(tiles, 0, "COIN9")) == 12 and not centres(tiles, 0, "COIN1")
    assert "tokens: Coins on the last card sheet" in result.output
    listed = {line.split()[1]: line for line in run_pnp(root, "list", "tiny").output.splitlines() if line.lstrip().startswith("tokens")}
    assert "on the last card sheet" in listed["coins"]
    assert "1 sheet" in listed["tiles"] and "card sheet" not in listed["tiles"]



def test_validate_says_the_error_of_a_coin_printed_on_the_last_card_sheet_as_the_build_does(project):
    """Every command says the findings `pnp validate` says, and makes nothing while an error remains (docs/commands.md):
    the tiny game's coins print on its last card sheet, not in a tokens PDF, so a line of the coin's template that
    divides by a field of 0 is the one error validate says, at its line, as the build of the card sheets says it."""
    apply_edits(project, [{"file": "templates/tiny/token-coin.j2", "append": "{{ text(token.value / 0, 3, 16, 10, 3, size=6) }}\n"}])
    validated = run_pnp(project, "validate", "tiny")
    built = run_pnp(project, "build", "--only", "cards", "tiny")
    said = ["templates/tiny/token-coin.j2:6:1: error: a division by zero: a number this line divides by is 0 (a field or count that is 0 or empty): "
            "check it, or divide only when it is not 0 (on 2 pieces: tokens/coins/c1 front, tokens/coins/c5 front) [tokens/coins/c1 front]"]
    assert validated.exit_code == 1 and [line for line in validated.output.splitlines() if ": error: " in line] == said, validated.output
    assert built.exit_code == 1 and [line for line in built.stderr.splitlines() if ": error: " in line] == said, built.stderr
    assert not (project / "output/tiny/tiny-cards.pdf").exists()
