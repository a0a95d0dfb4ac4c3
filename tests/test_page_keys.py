"""A sheet page's key (pnp.render.page_keys): two pages get one key only when they print the same. A build keeps each
page's ink figure by its key and gives it to the page of a later build with that key, so a key that missed what a page
shows would hand a page the figure of another. Each case changes one thing a sheet PDF prints and finds the key of
exactly the pages that show it changed: eighteen cards on Letter are two sheets, four pages (fronts, backs, fronts,
backs)."""
from __future__ import annotations

import dataclasses

import pytest
from conftest import ROOT
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from pnp.layout.elements import Face, Rect, Text
from pnp.layout.typeset import TextOp
from pnp.render.sheet_plan import Group, Piece
from pnp.render.sheets import write_sheets

FONT, OTHER_FONT = "PageKeysProbe", "PageKeysOther"
W, H = 63.5, 88.9
FRONT1, BACK1, FRONT2, BACK2 = range(4)
EVERY = {FRONT1, BACK1, FRONT2, BACK2}


@pytest.fixture(scope="module", autouse=True)
def fonts():
    pdfmetrics.registerFont(TTFont(FONT, str(ROOT / "pnp/assets/fonts/noto/NotoSans-Regular.ttf")))
    pdfmetrics.registerFont(TTFont(OTHER_FONT, str(ROOT / "pnp/assets/fonts/noto/NotoSans-Bold.ttf")))


def front(n: int, colour: str = "#2a6f97") -> Face:
    return Face(W, H, 0, (Rect(0, 0, W, 16, colour, None, 0, 0, None), Text(6, 30, (TextOp(0, 9.0, FONT, 9, "#222222", f"Card {n}", 0),))), frozenset())


BACK = Face(W, H, 0, (Rect(0, 0, W, H, "#1d3557", None, 0, 0, None),), frozenset())


@dataclasses.dataclass
class Deck:
    fronts: list = dataclasses.field(default_factory=lambda: [front(n) for n in range(18)])
    back: Face = BACK
    options: dict = dataclasses.field(default_factory=dict)

    def keys(self) -> list[str]:
        pieces = [Piece(f, self.back, f"c{n}") for n, f in enumerate(self.fronts)]
        options = {"game_title": "Probe", "kind": "cards", "paper": "letter", "duplex": "long", "bleed_mm": 0, "gutter_mm": 0, "font_name": FONT,
                   "icons": None, **self.options}
        _, stats = write_sheets([Group("deck", "Deck", (W, H), pieces)], **options)
        assert len(stats.page_keys) >= 4 and None not in stats.page_keys  # more sheets where the cards take more room
        return stats.page_keys


@pytest.fixture(scope="module")
def plain() -> list[str]:
    return Deck().keys()


def changed(plain: list[str], deck: Deck) -> set[int]:
    return {i for i, (a, b) in enumerate(zip(plain, deck.keys(), strict=False)) if a != b}  # the first four pages


def test_the_same_sheets_built_again_get_the_same_keys(plain):
    assert Deck().keys() == plain
    assert len(set(plain)) == 4  # each page says which sheet it is


def one_front(n: int, face: Face) -> Deck:
    deck = Deck()
    deck.fronts[n] = face
    return deck


@pytest.mark.parametrize("deck, pages", [
    (one_front(4, front(4, "#e63946")), {FRONT1}),  # a card of the first sheet drawn otherwise
    (one_front(12, front(99)), {FRONT2}),  # a card of the second sheet says another thing
    (one_front(4, front(4)._replace(bleed=1.0)), {FRONT1}),  # the same art with more of it past the trim
    (Deck(back=Face(W, H, 0, (Rect(0, 0, W, H, "#6a040f", None, 0, 0, None),), frozenset())), {BACK1, BACK2}),  # another back
    (Deck(options={"back_offset": (1.0, 0.0)}), {BACK1, BACK2}),  # the backs shifted for the printer's misregistration
    (Deck(options={"game_title": "Another Probe"}), EVERY),  # the footer's words
    (Deck(options={"font_name": OTHER_FONT}), EVERY),  # the footer's font
    (Deck(options={"paper": "a4"}), EVERY),
    (Deck(options={"gutter_mm": 2}), EVERY),  # every card in another place
    (Deck(options={"bleed_mm": 1}), EVERY),
    (Deck(options={"ink_saver": True}), EVERY),
], ids=["a front's colour", "a front's words", "a front's bleed", "the back", "the backs' shift", "the title", "the font", "the paper",
        "the gutter", "the bleed", "the ink saver"])
def test_a_change_changes_the_keys_of_exactly_the_pages_that_show_it(plain, deck, pages):
    assert changed(plain, deck) == pages


def test_a_face_that_comes_to_be_placed_twice_changes_the_key_of_the_page_drawing_it_once_before():
    """A face the PDF places more than once is drawn as a form, once placed inline: the first sheet's pages print the
    same cards, yet the first card's front is now drawn as a form because the second sheet shows it too."""
    alone = Deck()
    alone.fronts[0] = alone.fronts[9] = front(0)  # the first card's face shown on both sheets
    twice = alone.keys()
    base = Deck()
    base.fronts[0] = front(0)
    assert base.keys()[FRONT1] != twice[FRONT1]
