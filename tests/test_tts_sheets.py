"""How the Tabletop Simulator export cuts a deck into sheets and which back each card shows, in process (issue #76
item 1: export_tts.py's mutants; test_export and test_tables export whole games in new processes). Tabletop
Simulator's rules: a deck sheet is a grid of 2–10 columns and 2–7 rows whose last cell is the hidden card, under
4096 px a side; card i lies in cell i row by row; a deck whose cards show one back has one back image, and one whose
cards show several (or some none) a backs sheet laid out like its fronts."""
from __future__ import annotations

import math
from types import SimpleNamespace

import pytest
from PIL import Image

from pnp.targets.export_tts import _deck_backs, _pasted_sheets, _sheet_objects, tts_cell, tts_grid, tts_image_size
from pnp.targets.tts import Sheet

LIMIT = 4096  # Tabletop Simulator refuses a texture of this many px a side or more


def test_a_sheet_holds_its_cards_and_the_hidden_card_in_the_fewest_rows_then_the_fewest_columns():
    for cards in range(1, 70):
        cols, rows = tts_grid(cards)
        assert 2 <= cols <= 10 and 2 <= rows <= 7, cards
        assert cols * rows >= cards + 1
        assert rows == max(2, math.ceil((cards + 1) / 10)) and (cols == 2 or (cols - 1) * rows < cards + 1), (cards, cols, rows)
    assert [tts_grid(n) for n in (1, 3, 10, 19, 20, 69)] == [(2, 2), (2, 2), (6, 2), (10, 2), (7, 3), (10, 7)]


@pytest.mark.parametrize("card, grid, dpi", [((63.5, 88.9), (10, 7), 300), ((63.5, 88.9), (2, 2), 300), ((70, 120), (10, 7), 600),
                                             ((300, 20), (3, 2), 300), ((20, 300), (2, 3), 300), ((63.5, 88.9), (4, 2), 150)])
def test_a_cell_is_as_sharp_as_asked_while_its_sheet_stays_under_4096_px(card, grid, dpi):
    (w, h), (cols, rows) = card, grid
    cw, ch, px_per_mm = tts_cell(card, cols, rows, dpi)
    assert cols * cw < LIMIT and rows * ch < LIMIT
    assert (cw, ch) == (math.floor(w * px_per_mm), math.floor(h * px_per_mm))
    assert px_per_mm <= dpi / 25.4 + 1e-9
    if px_per_mm < dpi / 25.4 - 1e-9:  # held back by the limit: a sheet one more px a side would reach it
        assert max(cols * w, rows * h) * px_per_mm == pytest.approx(LIMIT - 1)
    assert tts_cell((63.5, 88.9), 2, 2) == (750, 1050, pytest.approx(300 / 25.4))  # 300 dpi unless told


def test_a_board_or_token_image_is_as_sharp_as_asked_and_under_4096_px():
    assert tts_image_size((63.5, 88.9)) == ((750, 1050), pytest.approx(300 / 25.4))
    (w, h), s = tts_image_size((600, 400), 300)
    assert (w, h) == (LIMIT - 1, math.floor(400 * (LIMIT - 1) / 600)) and s == pytest.approx((LIMIT - 1) / 600)
    (w, h), _ = tts_image_size((400, 600), 300)
    assert h == LIMIT - 1 and w < h
    assert tts_image_size((25.4, 50.8), 100)[0] == (100, 200)


def _item(front: str, back: str | None):
    return SimpleNamespace(front=front, back=back)


def test_the_back_most_cards_show_is_the_decks_and_a_backs_sheet_is_needed_only_when_backs_differ():
    assert _deck_backs([_item("a", "B"), _item("b", "B")]) == ("B", False)
    assert _deck_backs([_item("a", "B"), _item("b", "C"), _item("c", "C")]) == ("C", True)
    assert _deck_backs([_item("a", "B"), _item("b", None)]) == ("B", True)  # a card with none beside cards with one
    assert _deck_backs([_item("a", None), _item("b", None)]) == (None, False)


def test_each_card_is_pasted_in_its_cell_row_by_row_and_its_own_back_behind_it():
    colours = {"a": "red", "b": "green", "c": "blue", "B": "black", "C": "yellow"}
    images = {k: Image.new("RGB", (10, 20), v) for k, v in colours.items()}
    blank = Image.new("RGB", (10, 20), "grey")
    chunk = [_item("a", "B"), _item("b", None), _item("c", "C")]
    fronts, backs = _pasted_sheets(chunk, (2, 2), (10, 20), images, blank)
    assert fronts.size == backs.size == (20, 40)
    cell = {(0, 0): 0, (1, 0): 1, (0, 1): 2}
    for (c, r), i in cell.items():
        at = (c * 10 + 5, r * 20 + 10)
        assert fronts.getpixel(at) == images[chunk[i].front].getpixel((0, 0))
        assert backs.getpixel(at) == (images[chunk[i].back] if chunk[i].back else blank).getpixel((0, 0))
    assert fronts.getpixel((15, 30)) == backs.getpixel((15, 30)) == (255, 255, 255)  # the hidden card's cell, white on both sheets
    fronts, backs = _pasted_sheets(chunk[:1], (2, 2), (10, 20), images, None)
    assert backs is None and fronts.getpixel((5, 10)) == (255, 0, 0)


def test_each_sheet_names_its_own_backs_sheet_or_the_decks_one_back():
    named = {"1": "d-1.png", "2": "d-2.png", "backs-1": "d-backs-1.png", "backs-2": "d-backs-2.png"}

    def url(name):
        return f"file:///x/{name}"

    sheets = [{"key": 1, "columns": 10, "rows": 7}, {"key": 2, "columns": 2, "rows": 2}]
    own = _sheet_objects([dict(s) for s in sheets], named, True, "d-back.png", url)
    assert own == [Sheet(1, url("d-1.png"), url("d-backs-1.png"), 10, 7, True), Sheet(2, url("d-2.png"), url("d-backs-2.png"), 2, 2, True)]
    shared_sheets = [dict(s) for s in sheets]
    shared = _sheet_objects(shared_sheets, named, False, "d-back.png", url)
    assert shared == [Sheet(1, url("d-1.png"), url("d-back.png"), 10, 7, False), Sheet(2, url("d-2.png"), url("d-back.png"), 2, 2, False)]
    assert [(s["file"], s["back_file"]) for s in shared_sheets] == [("d-1.png", "d-back.png"), ("d-2.png", "d-back.png")]
    assert _sheet_objects([dict(sheets[0])], named, False, None, url) == [Sheet(1, url("d-1.png"), "", 10, 7, False)]
