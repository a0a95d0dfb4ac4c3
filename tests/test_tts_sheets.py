"""How the Tabletop Simulator export cuts a deck into sheets and which back each card shows, in process so that
bench/mutation.py sees it (issue #76 item 1: export_tts.py's mutants). The grid and sizes are its documented
functions; the sheets and backs are read from `pnp export --format tts` as Tabletop Simulator reads them: the save's
CustomDeck and the cells of its pictures. Tabletop Simulator's rules: a deck sheet is a grid of 2–10 columns and 2–7
rows whose last cell is the hidden card, under 4096 px a side; card i lies in cell i row by row; a deck whose cards
show one back has one back image, and one whose cards show several (or some none) a backs sheet laid out like its
fronts."""
from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from conftest import apply_edits, run_pnp
from PIL import Image

from pnp.targets.export_tts import tts_cell, tts_grid, tts_image_size

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


# The tiny game's heroes exported as Tabletop Simulator loads them: five faces (knight, agent, rogue, mage, twin) on one
# sheet of 3 × 2 whose last cell is the hidden card; the twin shows its own back, the others the deck's.
HEROES = "data/tiny/decks/heroes.yaml"
COLS, ROWS = 3, 2
KNIGHT, AGENT = 'gain :star:.", count: 2}', 'player.", count: 2}'
TWIN_BACK = ", back: tiny/twin-back.j2"
DECK_BACK = "back: tiny/back.j2\n"


def _exported(project: Path, *replaced: tuple[str, str]) -> tuple[list[dict], dict, Path]:
    """`pnp export tiny --format tts --deck heroes` after replacing text in the heroes' file: the deck's CustomDeck
    sheets as the save gives them to Tabletop Simulator (by key), the deck object, and the export's folder."""
    apply_edits(project, [{"file": HEROES, "replace": list(edit)} for edit in replaced])
    result = run_pnp(project, "export", "tiny", "--format", "tts", "--no-validate", "--deck", "heroes", "--dpi", "72")
    assert result.exit_code == 0, result.output
    folder = project / "output/tiny/tts"
    saved = json.loads((folder / "tiny-tts-save.json").read_text(encoding="utf-8"))
    (deck,) = [o for o in saved["ObjectStates"] if o["Name"] == "DeckCustom"]
    return [deck["CustomDeck"][key] for key in sorted(deck["CustomDeck"], key=int)], deck, folder


def _cells(url: str, cols: int = COLS, rows: int = ROWS) -> list[bytes]:
    """A sheet's cells as Tabletop Simulator cuts it, row by row (a card's CardID % 100 is its cell)."""
    image = Image.open(url.removeprefix("file://")).convert("RGB")
    cw, ch = image.width // cols, image.height // rows
    return [image.crop((c * cw, r * ch, (c + 1) * cw, (r + 1) * ch)).tobytes() for r in range(rows) for c in range(cols)]


def _plain(cell: bytes) -> bool:
    """A cell of one colour: a stand-in or an empty cell, no card drawn in it."""
    return len(set(zip(cell[::3], cell[1::3], cell[2::3], strict=True))) == 1


def _white(cell: bytes) -> bool:
    """A cell no card is pasted in: left white, as paper is."""
    return set(cell) == {255}


def test_the_back_most_cards_show_is_the_decks_and_a_backs_sheet_is_needed_only_when_backs_differ(project):
    (sheet,), _, _ = _exported(project)
    assert sheet["UniqueBack"] and "backs" in sheet["BackURL"]
    fronts, backs = _cells(sheet["FaceURL"]), _cells(sheet["BackURL"])
    common = backs[0]
    assert backs[:4] == [common] * 4 and backs[4] != common  # four faces show the deck's back, the twin its own
    assert fronts[5] == common and _white(backs[5])  # the hidden card shows the deck's back; no card is behind it
    (sheet,), _, folder = _exported(project, (TWIN_BACK, ""))  # every card shows the deck's back: one image, no backs sheet
    assert not sheet["UniqueBack"] and _cells(sheet["FaceURL"])[5] == common
    back = Image.open(sheet["BackURL"].removeprefix("file://")).convert("RGB")
    assert back.size == (Image.open(sheet["FaceURL"].removeprefix("file://")).width // COLS, back.height) and back.tobytes() == common
    assert not [f.name for f in folder.iterdir() if "backs" in f.name]


def test_the_back_most_faces_show_wins_and_a_card_with_none_beside_cards_with_one_still_gets_a_backs_sheet(project):
    (sheet,), _, _ = _exported(project, (KNIGHT, KNIGHT.replace(", count", TWIN_BACK + ", count")),
                               (AGENT, AGENT.replace(", count", TWIN_BACK + ", count")))
    backs, fronts = _cells(sheet["BackURL"]), _cells(sheet["FaceURL"])
    assert backs[0] == backs[1] == backs[4] == fronts[5] != backs[2] == backs[3]  # three faces of five: the twin's back is the deck's
    (sheet,), _, _ = _exported(project, (DECK_BACK, ""), (KNIGHT.replace(", count", TWIN_BACK + ", count"), KNIGHT),
                               (AGENT.replace(", count", TWIN_BACK + ", count"), AGENT))  # the twin alone has a back
    assert sheet["UniqueBack"]
    backs, fronts = _cells(sheet["BackURL"]), _cells(sheet["FaceURL"])
    assert backs[4] == fronts[5] and all(_plain(cell) and cell == backs[0] != backs[4] for cell in backs[:4])  # a plain stand-in


def test_a_deck_with_no_back_names_none_and_hides_its_cards_behind_a_plain_cell(project):
    (sheet,), _, folder = _exported(project, (DECK_BACK, ""), (TWIN_BACK, ""))
    assert (sheet["BackURL"], sheet["UniqueBack"]) == ("", False) and _plain(_cells(sheet["FaceURL"])[5])
    assert sorted(f.suffix for f in folder.iterdir()) == [".json", ".json", ".png"]  # the faces' sheet alone


def test_each_card_is_pasted_in_its_cell_row_by_row_and_its_own_back_behind_it(project):
    (sheet,), deck, _ = _exported(project)
    fronts, backs = _cells(sheet["FaceURL"]), _cells(sheet["BackURL"])
    assert len(set(fronts[:5])) == 5 and not any(_plain(cell) for cell in fronts[:5])
    cell_of = {card["Nickname"]: card["CardID"] % 100 for card in deck["ContainedObjects"]}
    assert cell_of == {"<Knight>": 0, "AT&T Agent": 1, "Rogue": 2, "Mage": 3, "Twin": 4}  # the deck's order
    assert backs[cell_of["Twin"]] != backs[0]  # its own back behind its front: cell 4, the second row's middle
    twin = "  - {id: twin" + (project / HEROES).read_text(encoding="utf-8").split("  - {id: twin", 1)[1]
    (sheet,), deck, _ = _exported(project, (twin, ""), ("cards:\n", "cards:\n" + twin))  # the twin first
    moved_fronts, moved_backs = _cells(sheet["FaceURL"]), _cells(sheet["BackURL"])
    assert moved_fronts[:5] == [fronts[4], *fronts[:4]] and moved_backs[:5] == [backs[4], *backs[:4]]
    assert {card["Nickname"]: card["CardID"] % 100 for card in deck["ContainedObjects"]}["Twin"] == 0


def _many_heroes(project: Path, count: int, own_back: bool) -> None:
    """The heroes as `count` cards of their own, the first with the twin's back when `own_back`."""
    lines = [f'  - {{id: c{i}, name: "Card {i}", stars: 1, number: {i}, text: "Plain {i}."' + (TWIN_BACK if own_back and i == 0 else "") + "}"
             for i in range(count)]
    text = (project / HEROES).read_text(encoding="utf-8")
    (project / HEROES).write_text(text.split("cards:\n")[0] + "cards:\n" + "\n".join(lines) + "\n", encoding="utf-8")


def test_each_sheet_names_its_own_backs_sheet_or_the_decks_one_back(project):
    """70 cards: 69 and the hidden card on a sheet of 10 × 7, the last on a second sheet of 2 × 2."""
    _many_heroes(project, 70, own_back=True)
    sheets, deck, _ = _exported(project)
    assert [(s["NumWidth"], s["NumHeight"], s["UniqueBack"]) for s in sheets] == [(10, 7, True), (2, 2, True)]
    assert len({s["FaceURL"] for s in sheets} | {s["BackURL"] for s in sheets}) == 4  # each sheet its own faces and backs
    assert _cells(sheets[1]["BackURL"], 2, 2)[0] == _cells(sheets[0]["BackURL"], 10, 7)[1] != _cells(sheets[0]["BackURL"], 10, 7)[0]
    second_fronts, second_backs = _cells(sheets[1]["FaceURL"], 2, 2), _cells(sheets[1]["BackURL"], 2, 2)
    assert all(_white(cell) for cell in (*second_fronts[1:3], *second_backs[1:])), "the cells no card takes are left white"
    assert sorted(card["CardID"] for card in deck["ContainedObjects"]) == [*range(100, 169), 200]
    _many_heroes(project, 70, own_back=False)
    sheets, _, _ = _exported(project)
    assert [s["UniqueBack"] for s in sheets] == [False, False] and sheets[0]["BackURL"] == sheets[1]["BackURL"] != ""


def test_the_exports_line_for_a_deck_counts_its_sheets_faces_and_cards_in_words(project):
    """What `pnp export --format tts` says of a deck: its sheets and their grids, a cell's pixels at the dpi asked (a
    poker card, 63.5 × 88.9 mm, is 180 × 252 px at 72 dpi), its faces and its cards, each count in words ('1 sheet',
    never '1 sheets'); 70 cards take two sheets, named with both grids."""
    said = _deck_line(project)
    assert said.startswith(f"heroes: 1 sheet of {COLS} × {ROWS}, cells 180 × 252 px (72 dpi), 5 faces, "), said
    _many_heroes(project, 70, own_back=False)
    assert _deck_line(project) == "heroes: 2 sheets of 10 × 7 and 2 × 2, cells 180 × 252 px (72 dpi), 70 faces, 70 cards"


def _deck_line(project: Path) -> str:
    """The line `pnp export tiny --format tts --deck heroes` prints about the heroes."""
    result = run_pnp(project, "export", "tiny", "--format", "tts", "--no-validate", "--deck", "heroes", "--dpi", "72")
    assert result.exit_code == 0, result.output
    (line,) = [line.strip() for line in result.output.splitlines() if line.strip().startswith("heroes: ")]
    return line


def test_a_tables_cards_carry_the_games_playtest_stamp_in_their_lower_left_corner(project):
    """docs/exports.md: only a print service's files (a shop's, `--format png`, `pod`) leave the playtest stamp off
    unless `--stamps` asks; the other formats keep the stamp as the game sets it. The tiny game with `stamps: true`
    exported for Tabletop Simulator: each front's cell differs from the same game's with `stamps: false` only in its
    lower left corner (docs/editions.md: the default corner, 3.5 mm in from the cut, one line of 5 pt type), and each
    back's cell not at all (backs carry no stamp)."""
    from PIL import ImageChops

    def cells(stamps: str) -> tuple[Image.Image, Image.Image]:
        game = project / "data/tiny/game.yaml"
        game.write_text(game.read_text(encoding="utf-8").replace("stamps: false", f"stamps: {stamps}", 1).replace("stamps: true", f"stamps: {stamps}", 1),
                        encoding="utf-8")
        (sheet,), _, _ = _exported(project)
        return tuple(Image.open(sheet[url].removeprefix("file://")).convert("RGB") for url in ("FaceURL", "BackURL"))

    (plain_fronts, plain_backs), (fronts, backs) = cells("false"), cells("true")
    assert backs.tobytes() == plain_backs.tobytes()
    cw, ch = fronts.width // COLS, fronts.height // ROWS
    px = cw / 63.5  # the cell is the poker card's trim, 63.5 mm wide
    for cell in range(5):  # the five faces; the sixth cell is the hidden card
        at = ((cell % COLS) * cw, (cell // COLS) * ch, (cell % COLS + 1) * cw, (cell // COLS + 1) * ch)
        box = ImageChops.difference(plain_fronts.crop(at), fronts.crop(at)).getbbox()
        assert box is not None, f"cell {cell} carries no stamp"
        assert box[0] >= (3.5 - 0.5) * px and box[2] < cw / 2, (cell, box)  # from 3.5 mm in, less than half the card across
        assert box[1] >= ch - (3.5 + 5 * 25.4 / 72 + 1) * px and box[3] <= ch - (3.5 - 0.5) * px, (cell, box)  # one line, 3.5 mm up
