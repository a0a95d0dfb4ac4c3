"""Whether a game's token sets print on its last card sheet (pnp.outputs.token_share), decided in process from the
data and options alone, with expected values worked from the paper and the pieces' sizes.

The tiny game's 12 Heroes are poker cards (63.5 × 88.9 mm): a Letter sheet (215.9 × 279.4 mm) holds 3 × 3 of them,
so the second sheet holds one row of 3 and leaves the rest free. Coins are 20 mm circles printed with the tokens'
1 mm bleed and 2 mm gutter, so a row of them takes 20 mm and 2 mm between neighbours: 9 a row (9 × 20 + 8 × 2 = 196 mm
of the 205.9 mm inside Letter's 5 mm printer margins; 10 would take 218). Under the row of cards (88.9 mm from the
top margin 6.35 mm down) lie 184.15 mm to the paper's edge: 7 rows of coins take 7 × 20 + 6 × 2 = 152 mm, an 8th
would take 174 mm, which with the 5 mm printer margin, the footer's 3 mm band and the room the crop marks keep between
the cards and the coins is more than there is. So 63 coins share the last card sheet and 64 print on their own.
"""
from __future__ import annotations

import shutil
from types import SimpleNamespace

import pytest
from conftest import TEST_PROJECT

from pnp.data.project import Project
from pnp.outputs import token_share
from pnp.outputs.options import Options
from pnp.outputs.token_share import build_tokens, shared_token_slivers, shared_tokens, tokens_share

COINS = """tokens:
  - id: coins
    name: Coins
    shape: circle
    size: 20
    front: tiny/token-coin.j2
{back}    items:
      - {{id: c1, value: 1, tint: "#f3d36b", count: {ones}}}
      - {{id: c5, value: 5, tint: "#9fd0f0", count: {fives}}}
"""
BACKED = "    back: tiny/token-coin-back.j2\n"
STANDEE = """  - id: standee
    name: Hero standee
    shape: rectangle
    size: 25 x 40
    count: 2
    standee: true
    front: tiny/token-standee.j2
    back: tiny/token-standee.j2
"""


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    root = tmp_path_factory.mktemp("share") / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    return root


@pytest.fixture
def game(project):
    """game(coins, …): the tiny game with `coins` coins (one of them a five when there are two or more)."""
    heroes = project / "data/tiny/decks/heroes.yaml"
    deck = heroes.read_text(encoding="utf-8")

    def load(coins: int, back: str = BACKED, more: str = "", deck_backs: str = "both", heroes_deck: str = "", other: str = ""):
        ones, fives = (coins - 1, 1) if coins > 1 else (coins, 0)
        (project / "data/tiny/tokens.yaml").write_text(COINS.format(back=back, ones=ones, fives=fives) + more, encoding="utf-8")
        text = deck if deck_backs == "both" else deck.replace("back: tiny/back.j2\n", "")
        if deck_backs == "none":
            text = text.replace(" back: tiny/twin-back.j2,", "")
        heroes.write_text(heroes_deck or text, encoding="utf-8")
        if other:
            (project / "data/tiny/decks/big.yaml").write_text(other, encoding="utf-8")
        return Project(project).load_game("tiny")[0]

    yield load
    heroes.write_text(deck, encoding="utf-8")
    (project / "data/tiny/decks/big.yaml").unlink(missing_ok=True)


def test_tokens_share_the_last_card_sheet_exactly_while_they_fit_its_free_space(game):
    assert tokens_share(game(1), Options())
    assert tokens_share(game(63), Options()), "9 a row, 7 rows under the last row of cards"
    assert not tokens_share(game(64), Options()), "an 8th row of coins does not fit under the cards"


def test_a_set_with_no_copies_prints_nowhere_and_shares_nothing(game):
    assert not tokens_share(game(0), Options())


@pytest.mark.parametrize("options", [Options(decks=("heroes",)), Options(cards=("knight",)), Options(insert=(60.0, 85.0)),
                                     Options(edge_bleed=True)], ids=["some-decks", "some-cards", "inserts", "edge-bleed"])
def test_a_build_of_some_cards_inserts_or_edge_bleed_keeps_the_tokens_on_their_own_sheets(game, options):
    assert not tokens_share(game(5), options)


def test_tokens_with_backs_share_only_a_sheet_whose_backs_print_anyway(game):
    """The last card sheet's back page prints the coins' backs too; a fronts-only build, or a deck with no backs,
    prints no back page, which coins with backs would add: they keep their own sheets. Coins printed without backs, and
    a fold-over standee (its back folds behind it on the front page), need no back page."""
    never = BACKED + "    print_back: never\n"
    assert not tokens_share(game(5), Options(fronts_only=True))
    assert tokens_share(game(5, back=never), Options(fronts_only=True))
    assert tokens_share(game(5, back=never, more=STANDEE), Options(fronts_only=True))
    assert not tokens_share(game(5, deck_backs="none"), Options())
    assert tokens_share(game(5, back=never, deck_backs="none"), Options())
    assert tokens_share(game(5, deck_backs="twin"), Options()), "one card's own back prints the last sheet's back page"


def test_sets_of_one_shape_and_size_are_counted_together(game):
    """A second set of 20 mm coins joins the first one's rows: 62 + 1 share, 63 + 1 do not."""
    other = COINS.split("tokens:\n", 1)[1].replace("id: coins", "id: gems").replace("id: c1", "id: g1").replace("id: c5", "id: g5")
    assert tokens_share(game(62, more=other.format(back=BACKED, ones=1, fives=0)), Options())
    assert not tokens_share(game(63, more=other.format(back=BACKED, ones=1, fives=0)), Options())


def deck_of(n: int, size: str, shape: str = "rect", name: str = "Heroes", card: str = "knight") -> str:
    return (f"name: {name}\nsize: {size}\nshape: {shape}\nfront: tiny/hero.j2\nback: tiny/back.j2\ndefaults: {{side: red}}\ncards:\n"
            f"  - {{id: {card}, name: Shape, stars: 1, number: 1, text: Hi., count: {n}}}\n")


def test_round_cards_are_planned_nested_as_the_card_sheets_print_them(game):
    """50 mm round cards nest 18 to a Letter sheet, 5 + 4 + 5 + 4 in offset columns (centres 52 mm apart with their
    1 mm bleed: counted by hand in test_card_nesting), where a grid of their boxes holds 15. 18 fill the sheet and a
    coin keeps its own; a 19th card starts a second sheet, whose free space the coin shares."""
    assert not tokens_share(game(1, heroes_deck=deck_of(18, "50", "round")), Options())
    assert tokens_share(game(1, heroes_deck=deck_of(19, "50", "round")), Options())


@pytest.mark.parametrize("options, why", [
    (Options(gutter=5), "3 rows take 3 × 88.9 + 2 × 5 = 276.7 mm, more than Letter's 268.4 inside its margins: 6 a sheet, 12 fill 2"),
    (Options(bleed=True), "3 rows take 3 × 88.9 + 2 × 6 + 2 × 3 = 284.7 mm with their 3 mm bleed: 6 a sheet, 12 fill 2"),
    (Options(layout="gutterfold"), "a folded sheet prints each front beside its back: 4 poker cards a sheet, 12 fill 3"),
    (Options(cutter="silhouette"), "a Silhouette's marks keep 17 mm clear: 279.4 - 34 = 245.4 mm holds 2 rows of 88.9, 6 a sheet, 12 fill 2"),
], ids=["gutter", "bleed", "gutterfold", "silhouette"])
def test_a_last_card_sheet_left_full_by_the_builds_spacing_has_no_room_for_a_coin(game, options, why):
    assert tokens_share(game(1), Options()) and not tokens_share(game(1), options), why


def test_a_cutting_machines_margin_leaves_less_room_for_coins(game):
    """On A4 (210 × 297 mm) the printer's margins leave the 12 Heroes' second sheet room for 64 coins; a Silhouette's
    17 mm keep some of it for its marks."""
    assert tokens_share(game(64), Options(paper="a4"))
    assert tokens_share(game(1), Options(paper="a4", cutter="silhouette")) and not tokens_share(game(64), Options(paper="a4", cutter="silhouette"))


def test_a_token_larger_than_the_paper_keeps_its_own_sheets(game):
    square = "  - {id: mat, name: Mat, shape: square, size: 250, front: tiny/token-coin.j2, count: 1}\n"
    assert not tokens_share(game(1, more=square), Options())


def test_a_set_whose_size_does_not_fit_its_shape_is_left_out_and_the_rest_still_share(game):
    wrong = "  - {id: bad, name: Bad, shape: circle, size: 20 x 30, front: tiny/token-coin.j2, count: 1}\n"
    assert tokens_share(game(5, more=wrong), Options())


def test_coins_placed_before_the_last_card_do_not_share(game):
    """Three 100 × 150 mm cards take a Letter sheet of 2 and one more; the Heroes' 3 left over print on the sheet
    before that last card's. A coin would join the Heroes' sheet, before the last card: it keeps its own sheet."""
    assert not tokens_share(game(1, other=deck_of(3, "100 x 150", name="Big", card="big")), Options())
    assert tokens_share(game(1, other=deck_of(2, "100 x 150", name="Big", card="big")), Options())


def test_sets_of_different_sizes_are_planned_apart(game):
    """A set of 60 mm squares does not take the coins' 20 mm slots: 63 coins and 3 squares need more than the room."""
    squares = "  - {id: tiles, name: Tiles, shape: square, size: 60, front: tiny/token-coin.j2, count: 3}\n"
    assert tokens_share(game(60), Options()) and not tokens_share(game(60, more=squares), Options())


def test_the_card_sheets_are_given_every_coin_when_they_share_and_none_when_not(game, project):
    from pnp.outputs.context import Engine

    gctx = Engine(Project(project)).for_game(game(5))
    groups, sets, *_ = shared_tokens(gctx, Options())
    assert sum(len(g.pieces) for g in groups) == 5 and len(sets) == 2
    assert build_tokens(gctx, Options()) == ([], []), "no tokens PDF"
    pdfs, _ = build_tokens(gctx, Options(fronts_only=True))
    assert len(pdfs) == 1, "a fronts-only build: the coins' backs need their own sheets"
    gctx = Engine(Project(project)).for_game(game(64))
    assert shared_tokens(gctx, Options())[:3] == ([], {}, [])


def _sliver(label: str):
    return SimpleNamespace(shower=SimpleNamespace(piece=SimpleNamespace(label=label)))


def test_a_sliver_a_coin_shows_is_worded_as_the_tokens_and_one_a_card_shows_as_the_cards(monkeypatch):
    worded = []
    monkeypatch.setattr(token_share, "token_slivers", lambda *given: worded.append(given) or ["coin"])
    card, coin, gctx, sets = _sliver("knight"), _sliver("coins-c1-1"), object(), {"coins-c1-1": object()}
    options = Options(bleed=True, ink_saver=True)
    assert shared_token_slivers(gctx, options, [card, coin], sets) == ([card], ["coin"])
    assert worded == [(gctx, [coin], sets, 3.0, True)], "the game's sets, the tokens' bleed (a bleed build's 3 mm) and ink saver"
    assert shared_token_slivers(gctx, options, [card], sets) == ([card], [])
    assert len(worded) == 1, "no token sliver: nothing worded"


def test_a_token_too_large_to_lie_beside_or_under_another_shares_alone(game):
    """Squares of 101.2 mm: two side by side take 2 × 101.2 + 2 = 204.4 mm with their 2 mm gutter, more than Letter
    leaves between its margins and the crop marks' room, and under the last row of cards (184 mm to the paper's edge,
    less the margin, the footer and the marks) there is room for one square's height, not two (204.4 mm): one shares
    the last card sheet, two do not."""
    tile = "  - {{id: tiles, name: Tiles, shape: square, size: 101.2, front: tiny/token-coin.j2, count: {n}}}\n"
    assert tokens_share(game(0, more=tile.format(n=1)), Options())
    assert not tokens_share(game(0, more=tile.format(n=2)), Options())


def test_a_deck_without_backs_prints_flat_sheets_in_a_gutterfold_build_and_coins_without_backs_share_them(game):
    """Nothing to fold: the 12 cards print 9 to a Letter sheet and 3 on the next, as in a duplex build, and a coin
    printed without a back joins them; a coin with a back needs a folded sheet of its own."""
    never = BACKED + "    print_back: never\n"
    assert tokens_share(game(1, back=never, deck_backs="none"), Options(layout="gutterfold"))
    assert not tokens_share(game(1, deck_backs="none"), Options(layout="gutterfold"))


def test_of_two_choices_that_print_as_few_token_pages_the_one_moving_more_sets_to_the_last_card_sheet_wins(tmp_path):
    """The tiny game as it is: below its last row of heroes, the coins, shields and notes (two-sided) need 124 mm of the
    156.5 mm free (tests/test_token_share.py works it out), and the pawns' one row 27 mm more: they fit too. Its tokens
    print one page whether the pawns move or not (walls and standees stay on it, one-sided); every group is tried
    before fewer, so the pawns go below the heroes with the others rather than stay behind."""
    root = tmp_path / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    tiny, _ = Project(root).load_game("tiny")
    assert token_share.token_split(tiny, Options()).shared == {"coins", "shields", "notes", "pawns"}
