"""What `pnp serve`'s page is handed of each piece, tile by tile (pnp/serve/components.py under the mutation habit,
issue #101), read from the models the live session publishes, as the page receives them, and from the PNG bytes it
fetches.

The promises are the docs' (docs/designers-loop.md: each deck's faces with their 3 mm bleed in a grid with id and
copies, the boards whole, every token face, the reference sheet and player aids, the rulebook's pages; overlays of the
trim, bleed and 3 mm safe area; a card's fields and the line that sets each) and the module's own: boards no wider than
2,000 pixels, token fronts with their cut's outline, the rulebook on the server's paper, a face that fails keeping its
place. Each test builds what it reads, and only that: the tiny game's documents it does not read are taken out of its
copy first, so a refresh draws and checks no more than the test needs."""
from __future__ import annotations

import math
import shutil
from pathlib import Path

import pytest
from test_serve_promises import at_dpi as px
from test_serve_promises import pixels as size_of

from pnp.data.project import Project
from pnp.serve.session import LiveSession

DOCUMENTS = ("boards.yaml", "tokens.yaml", "reference.yaml", "rulebook.md")
BLEED = SAFE = 3.0  # the docs' 3 mm bleed and 3 mm safe area
LETTER = (215.9, 279.4)  # 8.5 x 11 inches
A4 = (210.0, 297.0)  # ISO 216
POKER, MINI = (63.5, 88.9), (44.45, 63.5)  # 2.5 x 3.5 and 1.75 x 2.5 inches
PIECE_DPI, PAGE_DPI, MAX_PX = 150, 100, 2000  # cards, boards and tokens; the reference sheet's and rulebook's pages


def shown(project: Path, *keep: str, paper: str = "letter") -> tuple[LiveSession, dict]:
    """The tiny game with only the documents in `keep` (its decks always), drawn once: (session, the last model)."""
    for name in DOCUMENTS:
        if name not in keep:
            (project / "data/tiny" / name).unlink()
    models: list[dict] = []
    session = LiveSession(Project(project), ["tiny"], publish=lambda slug, model: models.append(model), paper=paper)
    assert session.refresh()
    return session, models[-1]


def tiles(model: dict, key: str) -> list[dict]:
    return next(s for s in model["sections"] if s["key"] == key)["items"]




def value_place(path: Path, line: int, written: str) -> str:
    """`file:line:col` of the value in `written` (`key: value`) on a line of the project's file, from its own text."""
    text = path.read_text(encoding="utf-8").splitlines()[line - 1]
    key = written.partition(": ")[0]
    return f"data/{path.as_posix().rpartition('/data/')[2]}:{line}:{text.index(written) + len(key) + 3}"


def test_every_tile_has_an_id_its_copies_its_file_and_pictures_of_its_size_with_its_bleed(project):
    """Whatever the piece, the page captions a tile by its id and copies, outlines its trim inside its bleed and its safe
    area 3 mm inside that, and lays its picture over the trim and bleed it is told: so every picture is the tile's size
    with its bleed, at the dots an inch of its kind."""
    session, model = shown(project, *DOCUMENTS)
    assert [s["key"] for s in model["sections"]] == ["deck:heroes", "boards", "tokens", "reference", "rulebook"]
    keys = []
    for section in model["sections"]:
        ids = [t["id"] for t in section["items"]]
        assert all(isinstance(i, str) and i for i in ids) and len(set(ids)) == len(ids), (section["key"], ids)
        for t in section["items"]:
            keys.append(t["key"])
            assert t["where"].split(":")[0] == section["where"].split(":")[0], "each tile names the file that defines it"
            assert isinstance(t["count"], int) and t["count"] >= 1
            page = section["kind"] == "rulebook" or t["key"].startswith("reference:sheet:")
            board = section["kind"] == "boards"
            assert t["bleed"] == (0.0 if board or section["kind"] == "rulebook" else BLEED), t["key"]
            assert t["safe"] == (None if section["kind"] == "rulebook" else SAFE), t["key"]
            w, h = t["w"] + 2 * t["bleed"], t["h"] + 2 * t["bleed"]
            dpi = PAGE_DPI if page else min(PIECE_DPI, MAX_PX / (max(w, h) / 25.4)) if board else PIECE_DPI
            for shot in t["images"]:
                assert shot["src"] and not shot["stale"]
                got = size_of(session, shot)
                assert abs(got[0] - px(w, dpi)) <= 1 and abs(got[1] - px(h, dpi)) <= 1, (t["key"], shot["side"], got)
    assert len(set(keys)) == len(keys), "one tile a piece"
    book = tiles(model, "rulebook")
    assert [(t["w"], t["h"], t["count"], [s["side"] for s in t["images"]]) for t in book] == [(*LETTER, 1, ["front"])] * 2, \
        "the server's paper when none is asked: Letter; a page is one side, shown as the front"
    assert [t["count"] for t in tiles(model, "reference")] == [1, 1, 4], "a page each; an aid a player (players.max: 4)"


def test_boards_are_captioned_by_their_ids_and_one_that_fails_from_the_first_keeps_its_tile_empty(project):
    template = project / "templates/tiny/board-scores.j2"
    template.write_text(template.read_text(encoding="utf-8").replace("{{ rect(0, 0,", "{{ no_such_call() }}{{ rect(0, 0,", 1), encoding="utf-8")
    _, model = shown(project, "boards.yaml")
    town, scores = tiles(model, "boards")
    assert (town["id"], scores["id"]) == ("town", "scores"), "boards.yaml's ids"
    assert (scores["name"], scores["count"], scores["w"], scores["h"]) == ("Score sheet", 1, 180.0, 240.0)
    assert scores["images"] == [{"side": "front", "src": None, "stale": False}], "never drawn: its place, and no picture"
    boards = project / "data/tiny/boards.yaml"
    assert scores["where"] == "data/tiny/boards.yaml:44:5" and ["size", "180 x 240", value_place(boards, 46, "size: 180 x 240")] in scores["fields"]
    assert town["images"][0]["src"] and not town["images"][0]["stale"], "the other board is drawn"
    errors = [f for f in model["findings"] if f["severity"] == "error"]
    assert errors and all(f["where"].startswith("templates/tiny/board-scores.j2:2") for f in errors), errors


def test_each_token_tile_is_captioned_by_its_set_item_and_colour_at_its_trim_size_with_its_own_fields(project):
    _, model = shown(project, "tokens.yaml")
    tokens = {t["id"]: t for t in tiles(model, "tokens")}
    assert list(tokens) == ["coins/c1", "coins/c5", "pawns/red", "pawns/blue", "shields", "walls", "notes", "hero"], "set/item/colour"
    assert [tokens[i]["name"] for i in ("coins/c5", "pawns/blue", "shields", "notes")] == ["Coins c5", "Pawns blue", "Shields", "Bank notes"]
    assert {i: (t["w"], t["h"]) for i, t in tokens.items() if i != "hero"} == {
        "coins/c1": (20, 20), "coins/c5": (20, 20), "pawns/red": (16, 16), "pawns/blue": (16, 16), "shields": (18, 18),
        "walls": (14, 14), "notes": (40, 20)}, "tokens.yaml's sizes: a trim a tile, its bleed beside it"
    file = project / "data/tiny/tokens.yaml"
    assert ["value", "5", value_place(file, 12, "value: 5")] in tokens["coins/c5"]["fields"], "an item's own field, at its value"
    assert ["size", "18", value_place(file, 23, "size: 18")] in tokens["shields"]["fields"], "a set of no items: the set's fields"
    hero = tokens["hero"]
    assert (hero["cut"], [s["side"] for s in hero["images"]]) == (None, ["front"]), "a standee: one fold-over face, no die-cut shape"


def test_a_token_face_that_fails_from_the_first_keeps_its_tile_its_copies_and_its_size(project):
    wall = project / "templates/tiny/token-wall.j2"
    wall.write_text("{{ no_such_call() }}\n" + wall.read_text(encoding="utf-8"), encoding="utf-8")
    _, model = shown(project, "tokens.yaml")
    walls = next(t for t in tiles(model, "tokens") if t["id"] == "walls")
    assert (walls["count"], walls["w"], walls["h"], walls["bleed"]) == (6, 14, 14, BLEED), "tokens.yaml's copies and size"
    assert walls["images"] == [{"side": "front", "src": None, "stale": False}]
    assert any(f["where"].startswith("templates/tiny/token-wall.j2:1") for f in model["findings"] if f["severity"] == "error")



def test_a_token_set_of_a_size_its_shape_cannot_take_is_left_out_with_one_error_at_its_size(project):
    """A circle has one size, its diameter: coins given 20 x 30 mm get no tile and one error at their `size` line in the
    first model that shows the tokens, and every other set keeps its tiles."""
    tokens = project / "data/tiny/tokens.yaml"
    text = tokens.read_text(encoding="utf-8")
    tokens.write_text(text.replace("    size: 20\n    front: tiny/token-coin.j2", "    size: 20 x 30\n    front: tiny/token-coin.j2", 1), encoding="utf-8")
    line = text.splitlines().index("    size: 20") + 1
    _, model = shown(project, "tokens.yaml")
    assert [t["id"] for t in tiles(model, "tokens")] == ["pawns/red", "pawns/blue", "shields", "walls", "notes", "hero"]
    sized = [f for f in model["findings"] if "has one size" in f["message"]]
    assert len(sized) == 1 and sized[0]["where"].startswith(f"data/tiny/tokens.yaml:{line}:"), model["findings"]

def test_a_round_decks_tiles_bring_their_circle_and_its_safe_circle_for_the_overlays(project):
    (project / "data/tiny/decks/rounds.yaml").write_text(
        "name: Rounds\nsize: 60\nshape: round\nfront: tiny/hero.j2\n"
        "cards:\n  - {id: disc, name: Disc, stars: 1, number: 7, text: Round., side: red}\n", encoding="utf-8")
    session, model = shown(project)
    (disc,) = tiles(model, "deck:rounds")
    assert (disc["w"], disc["h"], disc["cut"]["kind"]) == (60, 60, "circle")
    assert all(abs(math.dist(p, (30, 30)) - 30) < 0.02 for p in disc["cut"]["trim"]), "its trim: 30 mm about its centre"
    assert all(abs(math.dist(p, (30, 30)) - (30 - SAFE)) < 0.02 for p in disc["cut"]["safe"]), "its safe area 3 mm inside"
    got = size_of(session, disc["images"][0])
    assert abs(got[0] - px(60 + 2 * BLEED, PIECE_DPI)) <= 1 and abs(got[1] - px(60 + 2 * BLEED, PIECE_DPI)) <= 1


def test_a_cards_playtest_answers_are_beside_it_newest_first_each_with_the_version_it_was_given_on(project):
    """docs/designers-loop.md: the card's panel lists its answers newest first, one given on an older version marked; a
    card no one answered has none. Answers without a stamp code are told apart by game.yaml's `version:` alone."""
    game = project / "data/tiny/game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("title: Tiny Test Game\n", 'title: Tiny Test Game\nversion: "3"\n', 1), encoding="utf-8")
    (project / "data/tiny/feedback").mkdir()
    (project / "data/tiny/feedback/answers.yaml").write_text(
        "- {card: heroes/knight, time: '2025-01-02 10:00:00', code: '', version: '2', answers: {Fun?: 'yes'}}\n"
        "- {card: heroes/knight, time: '2025-01-03 09:30:00', code: '', version: '3', answers: {Fun?: 'no', Stars: 4}}\n",
        encoding="utf-8")
    _, model = shown(project)
    knight = next(t for t in tiles(model, "deck:heroes") if t["id"] == "knight")
    assert knight["answers"] == [
        {"time": "2025-01-03 09:30:00", "code": "", "version": "3", "older": False, "answers": [["Fun?", "no"], ["Stars", "4"]]},
        {"time": "2025-01-02 10:00:00", "code": "", "version": "2", "older": True, "answers": [["Fun?", "yes"]]}]
    assert all(t["answers"] == [] for t in tiles(model, "deck:heroes") if t["id"] != "knight")


def test_a_deck_whose_every_face_fails_from_the_first_keeps_a_tile_a_card_with_its_copies_and_no_picture(project):
    (project / "templates/tiny/broken.j2").write_text("{{ no_such_call() }}\n", encoding="utf-8")
    (project / "data/tiny/decks/broken.yaml").write_text(
        "name: Broken\nsize: poker\nfront: tiny/broken.j2\ncards:\n  - {id: one}\n  - {id: two, count: 2}\n", encoding="utf-8")
    _, model = shown(project)
    broken = tiles(model, "deck:broken")
    assert [(t["id"], t["count"], t["images"]) for t in broken] == [
        ("one", 1, [{"side": "front", "src": None, "stale": False}]), ("two", 2, [{"side": "front", "src": None, "stale": False}])]
    assert all(shot["src"] for t in tiles(model, "deck:heroes") for shot in t["images"]), "the other deck is drawn"
    (found,) = [f for f in model["findings"] if f["severity"] == "error"]
    assert found["where"].startswith("templates/tiny/broken.j2:1:") and "2 pieces" in found["message"], found


def test_the_reference_sheet_is_laid_on_the_servers_paper_and_its_aids_keep_their_card_size(project):
    """An A4 page is 5.9 mm narrower and 17.6 mm taller than a Letter page: served on A4, the reference sheet's pages
    are that much narrower and taller than served on Letter, each with its bleed, while a player aid is a poker card on
    either paper."""
    letter = project.parent / "letter"
    shutil.copytree(project, letter)
    on_a4 = {t["key"]: t for t in tiles(shown(project, "reference.yaml", paper="a4")[1], "reference")}
    on_letter = {t["key"]: t for t in tiles(shown(letter, "reference.yaml")[1], "reference")}
    assert list(on_a4) == list(on_letter) == ["reference:sheet:1", "reference:sheet:2", "reference:aid:1"]
    for key in ("reference:sheet:1", "reference:sheet:2"):
        a4, us = on_a4[key], on_letter[key]
        assert (round(a4["w"] - us["w"], 1), round(a4["h"] - us["h"], 1)) == (round(A4[0] - LETTER[0], 1), round(A4[1] - LETTER[1], 1)), key
        assert a4["w"] < A4[0] and a4["h"] < A4[1] and a4["bleed"] == BLEED, "inside the page, with its bleed"
        assert [shot["side"] for shot in a4["images"]] == ["front"], "a page: one side, shown as the front"
    assert (on_a4["reference:aid:1"]["w"], on_a4["reference:aid:1"]["h"]) == (on_letter["reference:aid:1"]["w"], on_letter["reference:aid:1"]["h"]) == POKER
    assert all(t["fields"] == [] and t["cut"] is None for t in on_a4.values()), "no fields of its own to list, a plain card's cut"


def test_pnp_serve_of_the_german_edition_names_rulebook_de_md_as_the_rulebooks_file(tmp_path):
    """`pnp serve --lang de` shows the German rulebook's pages, and the file it names for them and for each page (the
    one a designer opens to change them) is rulebook.de.md, not the English rulebook.md."""
    from test_translate import german_gems

    root = german_gems(tmp_path)
    (root / "data/gems/rulebook.de.md").write_text((root / "data/gems/rulebook.md").read_text(encoding="utf-8"), encoding="utf-8")
    models: dict = {}
    LiveSession(Project(root, lang="de"), ["gems"], publish=lambda slug, model: models.__setitem__(slug, model)).refresh()
    (rulebook,) = [section for section in models["gems"]["sections"] if section["key"] == "rulebook"]
    assert rulebook["where"] == "data/gems/rulebook.de.md" and rulebook["items"]
    assert {page["where"] for page in rulebook["items"]} == {"data/gems/rulebook.de.md"}


def test_a_cards_own_back_in_a_deck_of_no_back_keeps_its_place_when_it_fails_from_the_first(project):
    """A deck with no back shows its fronts alone, but a card that names a back of its own has two sides: when that
    back cannot be drawn, its place is shown empty beside the front, never dropped."""
    (project / "templates/tiny/own-back.j2").write_text("{{ no_such_call() }}\n", encoding="utf-8")
    (project / "data/tiny/decks/plain.yaml").write_text(
        "name: Plain\nsize: poker\nfront: tiny/hero.j2\ncards:\n"
        "  - {id: lone, name: Lone, stars: 1, number: 9, text: One., side: red}\n"
        "  - {id: backed, name: Backed, stars: 1, number: 8, text: Two., side: red, back: tiny/own-back.j2}\n", encoding="utf-8")
    _, model = shown(project)
    lone, backed = tiles(model, "deck:plain")
    assert [s["side"] for s in lone["images"]] == ["front"], "no back anywhere: a front alone"
    assert [s["side"] for s in backed["images"]] == ["front", "back"] and backed["images"][0]["src"]
    assert backed["images"][1] == {"side": "back", "src": None, "stale": False}, "never drawn: its place, no picture"
    assert any(f["where"].startswith("templates/tiny/own-back.j2:1") for f in model["findings"] if f["severity"] == "error")


def test_a_token_back_that_fails_from_the_first_keeps_its_place_beside_its_front(project):
    back = project / "templates/tiny/token-coin-back.j2"
    back.write_text("{{ no_such_call() }}\n" + back.read_text(encoding="utf-8"), encoding="utf-8")
    _, model = shown(project, "tokens.yaml")
    coins = [t for t in tiles(model, "tokens") if t["id"].startswith("coins/")]
    assert [t["id"] for t in coins] == ["coins/c1", "coins/c5"]
    for coin in coins:
        front, back_shot = coin["images"]
        assert front["side"] == "front" and front["src"] and not front["stale"], "the front is drawn"
        assert back_shot == {"side": "back", "src": None, "stale": False}, "never drawn: its place, no picture"
    assert any(f["where"].startswith("templates/tiny/token-coin-back.j2:1") for f in model["findings"] if f["severity"] == "error")


def test_player_aids_that_need_two_cards_are_two_tiles_each_with_its_own_front_and_back_and_a_set_a_player(project):
    """On mini cards (1.75 x 2.5 inches) the tiny game's aid takes two cards: each is a tile of its own, numbered out of
    two, with as many copies as players.max (4) and a front and a back of its own at the card's size with its bleed."""
    reference = project / "data/tiny/reference.yaml"
    reference.write_text(reference.read_text(encoding="utf-8").replace("card_size: poker", "card_size: mini", 1), encoding="utf-8")
    session, model = shown(project, "reference.yaml")
    aids = [t for t in tiles(model, "reference") if t["key"].startswith("reference:aid:")]
    assert [(t["key"], t["id"], t["name"], t["count"]) for t in aids] == [
        ("reference:aid:1", "aid-1", "Player aid 1 / 2", 4), ("reference:aid:2", "aid-2", "Player aid 2 / 2", 4)]
    sides = [shot for t in aids for shot in t["images"]]
    assert [s["side"] for s in sides] == ["front", "back", "front", "back"]
    assert len({s["src"] for s in sides}) == 4, "four sides, four pictures"
    for t in aids:
        assert (t["w"], t["h"], t["bleed"]) == (*MINI, BLEED)
        for shot in t["images"]:
            got = size_of(session, shot)
            assert abs(got[0] - px(MINI[0] + 2 * BLEED, PIECE_DPI)) <= 1 and abs(got[1] - px(MINI[1] + 2 * BLEED, PIECE_DPI)) <= 1
    section = next(s for s in model["sections"] if s["key"] == "reference")
    assert (section["kind"], section["title"], section["note"]) == ("reference", "Reference and player aids", "2 sheet pages, 2 player-aid cards × 4")


def test_a_spreadsheet_decks_card_is_at_its_row_and_each_field_at_its_cell_a_default_at_the_decks_line(project):
    """docs/data-format.md: a sheet's findings point at the cell, `file:line:column`; the card panel says where each field
    is set the same way: a card at its row's first cell, each value at its own cell, a default at the deck's own line."""
    (project / "data/tiny/decks/sheet.yaml").write_text(
        "name: Sheet\nsize: poker\nfront: tiny/hero.j2\ndefaults: {side: red}\ncards_from: sheet.csv\n", encoding="utf-8")
    (project / "data/tiny/decks/sheet.csv").write_text(
        "id,name,stars,number,text,count\nbrute,Brute,2,6,Hits hard.,2\nscout,Scout,1,7,Looks ahead.,1\n", encoding="utf-8")
    _, model = shown(project)
    section = next(s for s in model["sections"] if s["key"] == "deck:sheet")
    assert (section["where"], section["note"]) == ("data/tiny/decks/sheet.yaml", "3 cards, 2 faces, 63.5 × 88.9 mm")
    brute, scout = section["items"]
    assert [(t["id"], t["name"], t["count"], t["where"]) for t in (brute, scout)] == [
        ("brute", "Brute", 2, "data/tiny/decks/sheet.csv:2:1"), ("scout", "Scout", 1, "data/tiny/decks/sheet.csv:3:1")]
    header = ["id", "name", "stars", "number", "text", "count"]
    rows = {key: (value, where) for key, value, where in scout["fields"]}
    for column, (key, value) in enumerate(zip(header, ["scout", "Scout", "1", "7", "Looks ahead.", "1"], strict=True), 1):
        assert rows[key] == (value, f"data/tiny/decks/sheet.csv:3:{column}"), key
    assert rows["side"] == ("red", value_place(project / "data/tiny/decks/sheet.yaml", 4, "side: red"))



def test_a_cards_field_written_as_yamls_null_true_or_false_is_shown_in_yamls_words(project):
    """The card panel shows each field as the designer wrote it, in the words of the file's own language: YAML's `null`
    (written `~` here), `true` and `false` (YAML 1.2's core schema), never Python's None, True and False."""
    heroes = project / "data/tiny/decks/heroes.yaml"
    heroes.write_text(heroes.read_text(encoding="utf-8").replace("side: blue, count: 3}", "side: blue, count: 3, note: ~, rare: true, promo: false}", 1),
                      encoding="utf-8")
    _, model = shown(project)
    rogue = next(t for t in tiles(model, "deck:heroes") if t["id"] == "rogue")
    rows = {key: value for key, value, _ in rogue["fields"]}
    assert (rows["note"], rows["rare"], rows["promo"]) == ("null", "true", "false")

BROKEN = {  # a document, the file that breaks it, the text put in, the file its finding names
    "boards": ("boards.yaml", "templates/tiny/board-scores.j2", "{{ rect(0, 0,", "{{ no_such_call() }}{{ rect(0, 0,", "templates/tiny/board-scores.j2:2"),
    "tokens": ("tokens.yaml", "templates/tiny/token-wall.j2", "{{", "{{ no_such_call() }}{{", "templates/tiny/token-wall.j2:"),
    "reference": ("reference.yaml", "data/tiny/reference.yaml", "card_size: poker", "card_size: mini", "data/tiny/reference.yaml:2:"),
    "rulebook": ("rulebook.md", "data/tiny/rulebook.md", "{{ components() }}", "{{ components( }}", "data/tiny/rulebook.md:"),
}


@pytest.mark.parametrize("kind", list(BROKEN))
def test_a_documents_finding_is_listed_in_the_model_that_first_shows_the_document(project, kind):
    """The page lists what a step found as soon as the step is shown, not only once the whole game is checked: the model
    that first hands the page a document already names that document's mistake, at its place."""
    document, path, old, new, where = BROKEN[kind]
    broken = project / path
    text = broken.read_text(encoding="utf-8")
    assert old in text
    broken.write_text(text.replace(old, new, 1), encoding="utf-8")
    for name in DOCUMENTS:
        if name != document:
            (project / "data/tiny" / name).unlink()
    models: list[dict] = []
    session = LiveSession(Project(project), ["tiny"], publish=lambda slug, model: models.append(model))
    assert session.refresh()
    first = next(n for n, m in enumerate(models) if any(s["kind"] == kind for s in m["sections"]))
    assert first < len(models) - 1, "shown before the game's last check"
    assert any(f["where"].startswith(where) for f in models[first]["findings"]), (kind, models[first]["findings"])


def test_a_reference_that_cannot_be_laid_out_keeps_its_section_marked_failed_beside_why(project):
    """An aid of 600 steps on 20 mm cards needs more cards than any layout makes: the page still gets the reference's
    section, under its usual heading, with no tile and marked failed, and the error says why at the file."""
    (project / "data/tiny/reference.yaml").write_text(
        "title: Tiny\ncard_size: 20 x 20\nsections:\n  - title: Steps\n    only: aid\n    steps: ["
        + ", ".join(f"S{n}" for n in range(600)) + "]\n", encoding="utf-8")
    _, model = shown(project, "reference.yaml")
    assert [s["key"] for s in model["sections"]] == ["deck:heroes", "reference"]
    section = model["sections"][1]
    assert section == {"key": "reference", "kind": "reference", "title": "Reference and player aids", "note": "",
                       "where": "data/tiny/reference.yaml:1:1", "items": [], "failed": True}
    assert [f["where"] for f in model["findings"] if f["severity"] == "error"] == ["data/tiny/reference.yaml:1:1"]


def test_two_boards_failing_are_both_listed_in_the_model_that_first_shows_the_boards(project):
    for name in ("board-town.j2", "board-scores.j2"):
        template = project / "templates/tiny" / name
        template.write_text("{{ no_such_call() }}\n" + template.read_text(encoding="utf-8"), encoding="utf-8")
    for name in DOCUMENTS[1:]:
        (project / "data/tiny" / name).unlink()
    models: list[dict] = []
    session = LiveSession(Project(project), ["tiny"], publish=lambda slug, model: models.append(model))
    assert session.refresh()
    first = next(m for m in models if any(s["kind"] == "boards" for s in m["sections"]))
    said = {f["where"].split(":")[0] for f in first["findings"] if f["severity"] == "error"}
    assert said == {"templates/tiny/board-town.j2", "templates/tiny/board-scores.j2"}, said


def test_a_board_taller_than_wide_is_held_to_2000_pixels_along_its_height(project):
    """The score sheet made 180 x 400 mm: at 150 dpi its height would be 2,362 px, so its longer side, the height this
    time, is held to 2,000 and its width follows, 2,000 × 180 / 400 = 900 px."""
    boards = project / "data/tiny/boards.yaml"
    boards.write_text(boards.read_text(encoding="utf-8").replace("size: 180 x 240", "size: 180 x 400", 1), encoding="utf-8")
    session, model = shown(project, "boards.yaml")
    scores = next(t for t in tiles(model, "boards") if t["id"] == "scores")
    assert (scores["w"], scores["h"]) == (180.0, 400.0)
    w, h = size_of(session, scores["images"][0])
    assert h == MAX_PX and abs(w - 900) <= 1, (w, h)

