"""What `pnp serve`'s page is handed of each component, the pictures it fetches, and how the server stops (issue #101:
pnp/serve/components.py, images.py and stopping.py under the mutation habit), all in process.

The promises are the docs' (docs/designers-loop.md) and the modules' own: every deck face with its 3 mm bleed, its
copies, its fields and the line that sets each; boards whole and no wider than 2,000 pixels; each token face per item
and colour with its copies and its cut's outline; the reference's pages and aids; the rulebook's pages on the
server's paper; a face that fails keeps its place. A picture's name is the hash of its bytes, so a face that did not
change keeps its name and the page never fetches it again; the server hands out only what it drew. Told to stop, a
request waiting on its client ends as if the tab had closed, an answer begun is ended, and the log keeps quiet about
the requests cut short. Sizes in pixels are the sizes in millimetres at the dots an inch the docs give: 150 for
cards, boards and tokens, 100 for the reference's pages and the rulebook."""
from __future__ import annotations

import asyncio
import hashlib
import io
import logging
import math
import signal
import threading
from pathlib import Path

import pytest
from PIL import Image

from pnp.data.project import Project
from pnp.serve.images import ImageStore
from pnp.serve.session import LiveSession
from pnp.serve.stopping import GONE, EndsWhenStopping, Stopping, stopping_server

POKER = (63.5, 88.9)  # 2.5 x 3.5 inches
BLEED = 3.0


DOCUMENTS = ("boards.yaml", "tokens.yaml", "reference.yaml", "rulebook.md")


def live(project: Path, paper: str = "letter", only: tuple[str, ...] = DOCUMENTS) -> tuple[LiveSession, list[dict]]:
    """The tiny game shown and drawn once: (session, the models published in order). `only`: the documents kept beside
    its decks, the others taken out first, so a test of one piece draws and checks no other."""
    for name in set(DOCUMENTS) - set(only):
        (project / "data/tiny" / name).unlink()
    models: list[dict] = []
    session = LiveSession(Project(project), ["tiny"], publish=lambda slug, model: models.append(model), paper=paper)
    assert session.refresh()
    return session, models


def again(session: LiveSession, *paths: Path) -> None:
    session.saw(set(paths))
    assert session.refresh()


def section(model: dict, key: str) -> dict:
    return next(s for s in model["sections"] if s["key"] == key)


def item(model: dict, key: str) -> dict:
    return next(i for s in model["sections"] for i in s["items"] if i["key"] == key)


def pixels(session: LiveSession, shot: dict) -> tuple[int, int]:
    data = session.images.get(shot["src"].removeprefix("/img/"))
    assert data is not None and data.startswith(b"\x89PNG\r\n\x1a\n"), shot
    return Image.open(io.BytesIO(data)).size


def at_dpi(mm: float, dpi: float) -> float:
    return mm / 25.4 * dpi


def near(size: tuple[int, int], w_mm: float, h_mm: float, dpi: float) -> bool:
    """The picture is the piece's size at `dpi`, to the pixel a rasteriser rounds."""
    return abs(size[0] - at_dpi(w_mm, dpi)) <= 1 and abs(size[1] - at_dpi(h_mm, dpi)) <= 1


def edit(path: Path, old: str, new: str) -> str:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return text


# components: the deck's tiles

def test_each_card_is_a_tile_with_its_copies_its_fields_where_each_is_set_and_both_sides_with_their_bleed(project):
    session, models = live(project, only=())
    deck = section(models[-1], "deck:heroes")
    assert (deck["kind"], deck["title"], deck["where"]) == ("deck", "Heroes", "data/tiny/decks/heroes.yaml")
    assert deck["note"] == "12 cards, 5 faces, 63.5 × 88.9 mm", "2 + 2 + 3 + 3 + 2 copies of five cards, poker size"
    assert [i["key"] for i in deck["items"]] == [f"deck:heroes:{c}" for c in ("knight", "att", "rogue", "mage", "twin")]
    rogue = item(models[-1], "deck:heroes:rogue")
    assert (rogue["id"], rogue["name"], rogue["count"]) == ("rogue", "Rogue", 3)
    assert rogue["where"] == "data/tiny/decks/heroes.yaml:9:5", "the card's own line in its deck file"
    assert (rogue["w"], rogue["h"], rogue["bleed"], rogue["safe"], rogue["cut"]) == (*POKER, BLEED, 3.0, None)
    rows = {key: (value, where) for key, value, where in rogue["fields"]}
    line = (project / "data/tiny/decks/heroes.yaml").read_text(encoding="utf-8").splitlines()[8]
    assert rows["side"] == ("blue", f"data/tiny/decks/heroes.yaml:9:{line.index('side: blue') + 7}"), "its own side, not the deck's default"
    assert rows["stars"] == ("2", f"data/tiny/decks/heroes.yaml:9:{line.index('stars: 2') + 8}"), "at its value"
    assert item(models[-1], "deck:heroes:knight")["fields"][0] == ["side", "red", "data/tiny/decks/heroes.yaml:5:18"], "a default, at the deck's line"
    assert [shot["side"] for shot in rogue["images"]] == ["front", "back"]
    for shot in rogue["images"]:
        assert not shot["stale"] and near(pixels(session, shot), POKER[0] + 2 * BLEED, POKER[1] + 2 * BLEED, 150)
    fronts = {i["images"][0]["src"] for i in deck["items"]}
    assert len(fronts) == 5, "five faces, five pictures"
    assert item(models[-1], "deck:heroes:twin")["images"][1]["src"] != rogue["images"][1]["src"], "the twin's own back"


def test_a_fields_value_is_shown_in_yamls_words_and_a_long_one_is_cut_after_300_characters(project):
    lore = "a" * 299 + "bcd"
    edit(project / "data/tiny/decks/heroes.yaml", "side: blue, count: 3}",
         f'side: blue, count: 3, rare: true, common: false, gone: null, tags: [x, "é"], lore: {lore}, short: "{"z" * 300}", since: 2024-05-01}}')
    _, models = live(project, only=())
    rows = {key: value for key, value, _ in item(models[-1], "deck:heroes:rogue")["fields"]}
    assert (rows["rare"], rows["common"], rows["gone"]) == ("true", "false", "null")
    assert rows["tags"] == '["x", "é"]'
    assert rows["lore"] == "a" * 299 + "b…", "the first 300 characters, then an ellipsis"
    assert rows["short"] == "z" * 300, "300 characters are shown whole"
    assert rows["count"] == "3" and rows["stars"] == "2"
    assert rows["since"] == "2024-05-01", "a date as written"


def test_a_card_is_named_by_its_name_else_its_title_else_its_id(project):
    (project / "templates/tiny/plain.j2").write_text('{{ rect(0, 0, face.w, face.h, fill="paper") }}\n', encoding="utf-8")
    (project / "data/tiny/decks/plain.yaml").write_text(
        "name: Plain\nsize: mini-euro\nfront: tiny/plain.j2\ncards:\n  - {id: named, name: Named, title: Titled}\n"
        "  - {id: titled, title: Titled}\n  - {id: bare}\n", encoding="utf-8")
    _, models = live(project, only=())
    assert [i["name"] for i in section(models[-1], "deck:plain")["items"]] == ["Named", "Titled", "bare"]
    assert section(models[-1], "deck:plain")["note"] == "3 cards, 3 faces, 44 × 68 mm", "mini euro cards: 44 x 68 mm, whole millimetres written whole"


def test_a_deck_with_no_back_shows_its_fronts_alone_and_counts_in_the_singular(project):
    heroes = project / "data/tiny/decks/heroes.yaml"
    (project / "data/tiny/decks/plain.yaml").write_text(
        "name: Plain\nsize: poker\nfront: tiny/hero.j2\ncards:\n  - {id: lone, name: Lone, stars: 1, number: 9, text: One., side: red}\n",
        encoding="utf-8")
    assert heroes.is_file()
    session, models = live(project, only=())
    plain = section(models[-1], "deck:plain")
    assert plain["note"] == "1 card, 1 face, 63.5 × 88.9 mm"
    lone = item(models[-1], "deck:plain:lone")
    assert [shot["side"] for shot in lone["images"]] == ["front"] and lone["count"] == 1
    assert near(pixels(session, lone["images"][0]), POKER[0] + 2 * BLEED, POKER[1] + 2 * BLEED, 150)


def test_a_back_that_fails_keeps_its_place_and_its_last_picture_stale_while_the_fronts_stay_current(project):
    session, models = live(project, only=())
    before = item(models[-1], "deck:heroes:knight")["images"]
    back = project / "templates/tiny/back.j2"
    edit(back, "{{ rect(3, 3,", "{{ no_such_call() }}{{ rect(3, 3,")
    again(session, back)
    knight = item(models[-1], "deck:heroes:knight")["images"]
    assert [shot["side"] for shot in knight] == ["front", "back"], "the back that failed keeps its place"
    assert knight[0] == before[0] and knight[1] == {**before[1], "stale": True}
    twin = item(models[-1], "deck:heroes:twin")["images"]
    assert not twin[1]["stale"], "the twin's own back still draws"
    assert any(f["where"].startswith("templates/tiny/back.j2:1") for f in models[-1]["findings"] if f["severity"] == "error")


def test_a_deck_first_shown_with_a_failing_back_shows_the_backs_place_empty(project):
    edit(project / "templates/tiny/back.j2", "{{ rect(3, 3,", "{{ no_such_call() }}{{ rect(3, 3,")
    session, models = live(project, only=())
    knight = item(models[-1], "deck:heroes:knight")["images"]
    assert knight[1] == {"side": "back", "src": None, "stale": False}
    assert knight[0]["src"] and near(pixels(session, knight[0]), POKER[0] + 2 * BLEED, POKER[1] + 2 * BLEED, 150)


# components: boards, tokens, the reference and the rulebook

def test_boards_are_shown_whole_within_2000_pixels_and_a_board_that_fails_keeps_its_tile(project):
    session, models = live(project, only=("boards.yaml",))
    boards = section(models[-1], "boards")
    assert (boards["title"], boards["note"], boards["where"]) == ("Boards", "2 boards", "data/tiny/boards.yaml")
    town, scores = boards["items"]
    assert (town["key"], town["name"], town["count"], town["bleed"], town["w"], town["h"]) == ("board:town", "Tiny Town", 1, 0.0, 380.0, 300.0)
    assert town["where"] == "data/tiny/boards.yaml:6:5" and ["id", "town", "data/tiny/boards.yaml:6:9"] in town["fields"]
    w, h = pixels(session, town["images"][0])
    assert w == 2000 and abs(h - 2000 * 300 / 380) <= 1, "380 mm at 150 dpi would be 2,244 px: the longer side is held to 2,000"
    assert near(pixels(session, scores["images"][0]), 180, 240, 150), "a board within 2,000 px keeps 150 dpi"
    template = project / "templates/tiny/board-scores.j2"
    edit(template, "{{ rect(0, 0, face.w, face.h", "{{ no_such_call() }}{{ rect(0, 0, face.w, face.h")
    again(session, template)
    town_now, scores_now = section(models[-1], "boards")["items"]
    assert town_now["images"] == town["images"], "the other board is still drawn, the same picture"
    assert scores_now["images"] == [{**scores["images"][0], "stale": True}]
    errors = [f for f in models[-1]["findings"] if f["severity"] == "error"]
    assert errors and all(f["where"].startswith("templates/tiny/board-scores.j2:2") for f in errors), errors


def test_each_token_face_per_item_and_colour_has_its_copies_and_a_shaped_token_its_cut_and_safe_outline(project):
    edit(project / "data/tiny/tokens.yaml", "      - {id: c5,", '      - {id: c0, value: 0, tint: "#ffffff", count: 0}\n      - {id: c5,')
    session, models = live(project, only=("tokens.yaml",))
    tokens = section(models[-1], "tokens")
    assert (tokens["title"], tokens["note"], tokens["where"]) == ("Tokens", "6 sets", "data/tiny/tokens.yaml")
    assert [i["key"] for i in tokens["items"]] == ["token:coins/c1", "token:coins/c5", "token:pawns/red", "token:pawns/blue",
                                                   "token:shields", "token:walls", "token:notes", "token:hero"], "an item of no copies is not shown"
    counts = {i["key"]: i["count"] for i in tokens["items"]}
    assert counts == {"token:coins/c1": 8, "token:coins/c5": 4, "token:pawns/red": 3, "token:pawns/blue": 3, "token:shields": 4,
                      "token:walls": 6, "token:notes": 5, "token:hero": 2}
    coin, pawn = item(models[-1], "token:coins/c1"), item(models[-1], "token:pawns/red")
    assert (coin["name"], pawn["name"], coin["where"]) == ("Coins c1", "Pawns red", "data/tiny/tokens.yaml:11:9")
    assert [s["side"] for s in coin["images"]] == ["front", "back"] and [s["side"] for s in pawn["images"]] == ["front"]
    assert [s["side"] for s in item(models[-1], "token:hero")["images"]] == ["front"], "a standee's back is folded into its one face"
    assert near(pixels(session, coin["images"][0]), 20 + 2 * BLEED, 20 + 2 * BLEED, 150)
    assert near(pixels(session, item(models[-1], "token:notes")["images"][1]), 40 + 2 * BLEED, 20 + 2 * BLEED, 150)
    # a 20 mm coin: its trim a circle of 10 mm about its centre, its safe area 3 mm inside it
    assert coin["cut"]["kind"] == "circle" and coin["bleed"] == BLEED
    assert all(abs(math.dist(p, (10, 10)) - 10) < 0.02 for p in coin["cut"]["trim"])
    assert all(abs(math.dist(p, (10, 10)) - 7) < 0.02 for p in coin["cut"]["safe"])
    assert all(round(v, 2) == v for p in coin["cut"]["trim"] + coin["cut"]["safe"] for v in p), "to a hundredth of a millimetre"
    # a 16 mm hexagon, corner to corner: its corners 8 mm from its centre, its safe hexagon's sides 3 mm inside its own
    hexagon = pawn["cut"]
    assert hexagon["kind"] == "hexagon" and len(hexagon["trim"]) == 6
    assert all(abs(math.dist(p, (8, 8)) - 8) < 0.02 for p in hexagon["trim"])
    assert all(abs(math.dist(p, (8, 8)) - (8 - 3 / math.cos(math.pi / 6))) < 0.02 for p in hexagon["safe"])
    assert item(models[-1], "token:walls")["cut"] is None, "a square token is cut as the grid is: no outline of its own"
    assert item(models[-1], "token:shields")["cut"]["kind"] == "rounded"


def test_a_token_back_that_fails_keeps_its_place_and_its_last_picture_stale(project):
    session, models = live(project, only=("tokens.yaml",))
    before = item(models[-1], "token:coins/c5")["images"]
    back = project / "templates/tiny/token-coin-back.j2"
    edit(back, '{{ icon("star"', '{{ no_such_call() }}{{ icon("star"')
    again(session, back)
    coin = item(models[-1], "token:coins/c5")
    assert [shot["side"] for shot in coin["images"]] == ["front", "back"] and coin["count"] == 4
    assert coin["images"] == [before[0], {**before[1], "stale": True}]
    assert item(models[-1], "token:shields")["images"][1]["stale"] is False, "another set's back still draws"


def test_the_reference_shows_its_sheet_pages_and_each_aid_with_the_copies_the_players_need(project):
    session, models = live(project, only=("reference.yaml",))
    reference = section(models[-1], "reference")
    assert reference["note"] == "2 sheet pages, 1 player-aid cards × 4", "players.max is 4: one aid each"
    assert [i["key"] for i in reference["items"]] == ["reference:sheet:1", "reference:sheet:2", "reference:aid:1"]
    sheet, aid = reference["items"][0], reference["items"][2]
    assert (sheet["name"], sheet["count"], sheet["where"]) == ("Reference sheet, page 1", 1, "data/tiny/reference.yaml:1:1")
    assert near(pixels(session, sheet["images"][0]), sheet["w"] + 2 * BLEED, sheet["h"] + 2 * BLEED, 100)
    assert (aid["name"], aid["count"], aid["w"], aid["h"]) == ("Player aid 1 / 1", 4, *POKER)
    assert [s["side"] for s in aid["images"]] == ["front", "back"]
    for shot in aid["images"]:
        assert near(pixels(session, shot), POKER[0] + 2 * BLEED, POKER[1] + 2 * BLEED, 150)


def test_the_rulebook_is_shown_page_by_page_on_the_servers_paper_without_overlays(project):
    session, models = live(project, paper="a4", only=("rulebook.md",))
    book = section(models[-1], "rulebook")
    assert (book["title"], book["note"], book["where"], book["failed"]) == ("Rulebook", "2 pages", "data/tiny/rulebook.md", False)
    first = book["items"][0]
    assert (first["key"], first["name"], first["w"], first["h"], first["bleed"]) == ("rulebook:1", "Rulebook page 1", 210.0, 297.0, 0.0)
    assert first["safe"] is None and first["cut"] is None, "a page is no piece: no trim, bleed or safe area drawn on it"
    assert near(pixels(session, first["images"][0]), 210, 297, 100)


# images: what the page fetches

def test_a_picture_is_named_by_the_hash_of_its_bytes_so_an_unchanged_face_keeps_its_name(project):
    session, models = live(project)
    shots = [shot for s in models[-1]["sections"] for i in s["items"] for shot in i["images"]]
    for shot in shots:
        name = shot["src"].removeprefix("/img/")
        assert name == hashlib.sha256(session.images.get(name)).hexdigest()[:24] + ".png"
    before = pieces(models[-1])
    heroes = project / "data/tiny/decks/heroes.yaml"
    edit(heroes, "Steal 1 coin", "Steal 2 coins")
    again(session, heroes)
    after = pieces(models[-1])
    changed = {key for key in before if before[key] != after[key]}
    assert changed == {"deck:heroes:rogue"}, "only the face that changed gets a new name for the page to fetch"
    assert after["deck:heroes:rogue"][1] == before["deck:heroes:rogue"][1], "its back did not change"


def pieces(model: dict) -> dict[str, list[str]]:
    """Each piece's pictures by its key: the decks, boards, tokens and aids (a rulebook's pages carry the game's version)."""
    return {i["key"]: [s["src"] for s in i["images"]] for s in model["sections"] if s["key"] != "rulebook" for i in s["items"]}


def test_a_picture_no_longer_shown_is_kept_one_round_for_a_page_still_loading_it_then_dropped(project):
    session, models = live(project, only=())
    old = item(models[-1], "deck:heroes:rogue")["images"][0]["src"].removeprefix("/img/")
    heroes = project / "data/tiny/decks/heroes.yaml"
    edit(heroes, "Steal 1 coin", "Steal 2 coins")
    again(session, heroes)
    assert session.images.get(old) is not None, "a page may still be fetching the last round's picture"
    edit(heroes, "Steal 2 coins", "Steal 3 coins")
    again(session, heroes)
    assert session.images.get(old) is None, "two rounds on, a picture no longer shown is gone"
    for shot in (s for i in section(models[-1], "deck:heroes")["items"] for s in i["images"]):
        assert session.images.get(shot["src"].removeprefix("/img/")) is not None


def test_a_face_or_page_that_comes_back_after_its_picture_was_dropped_is_drawn_again(project):
    session, models = live(project, only=("rulebook.md",))
    first = pieces(models[-1])["deck:heroes:rogue"][0]
    heroes, rulebook = project / "data/tiny/decks/heroes.yaml", project / "data/tiny/rulebook.md"
    for n in (2, 3):
        edit(heroes, f"Steal {n - 1} coin", f"Steal {n} coin")
        again(session, heroes)
    assert session.images.get(first.removeprefix("/img/")) is None, "two rounds unshown: dropped"
    edit(heroes, "Steal 3 coin", "Steal 1 coin")
    again(session, heroes)
    assert pieces(models[-1])["deck:heroes:rogue"][0] == first, "the same face, the same bytes, the same name"
    pages = [i["images"][0]["src"] for i in section(models[-1], "rulebook")["items"]]
    original = rulebook.read_text(encoding="utf-8")  # a page edited twice, then put back, its other page the same throughout
    for words in ("# Overview of the game", "# Overview of it"):
        rulebook.write_text(original.replace("# Overview", words, 1), encoding="utf-8")
        again(session, rulebook)
    rulebook.write_text(original, encoding="utf-8")
    again(session, rulebook)
    assert [i["images"][0]["src"] for i in section(models[-1], "rulebook")["items"]] == pages
    for shot in (s for sec in models[-1]["sections"] for i in sec["items"] for s in i["images"]):
        assert session.images.get(shot["src"].removeprefix("/img/")) is not None, f"{shot['src']} is named but cannot be fetched"


def test_a_face_drawn_again_with_the_same_picture_is_fetched_from_the_store_unless_its_art_changed(project):
    session, models = live(project)
    shown = {s["src"] for sec in models[-1]["sections"] for i in sec["items"] for s in i["images"]}
    drawn = session.images.rasterised
    assert drawn == len(shown), "each picture drawn once, though the heroes share one back"
    frame = project / "data/tiny/decks/heroes.yaml"
    again(session, frame)  # saved unchanged: nothing is drawn again
    assert session.images.rasterised == drawn
    art = project / "data/tiny/art.png"
    Image.new("RGB", (4, 4), "white").save(art)  # art saved in the game's folder: a face naming it by path draws anew, its face value the same
    again(session, art)
    assert session.images.rasterised >= drawn + 10, "every card face drawn anew"
    assert {s["src"] for sec in models[-1]["sections"] for i in sec["items"] for s in i["images"]} == shown, "the same bytes, the same names"


def test_a_picture_served_is_the_one_drawn_and_the_server_hands_out_no_other(project):
    """Through the app as the page asks it (starlette's TestClient, in process): each picture the state names is a PNG
    whose bytes hash to its name, of its piece's size, cached for good; a name it never drew is not found."""
    import json
    import time

    from starlette.testclient import TestClient

    from pnp.serve.app import create_app

    for name in DOCUMENTS:  # the knight is read: no document is drawn
        (project / "data/tiny" / name).unlink()
    port, token = 8765, "test-token"
    app = create_app(Project(project), ["tiny"], port, token, log=lambda line: None)
    with TestClient(app, base_url=f"http://127.0.0.1:{port}", headers={"x-pnp-token": token}) as client:
        deadline, games = time.monotonic() + 120, []  # a deadline for a loaded machine, never an assertion on speed
        while not (games and games[0]["state"] == "ready" and games[0]["summary"]) and time.monotonic() < deadline:
            time.sleep(0.2)
            games = json.loads(client.get("/api/state").text)["games"]
        assert games and games[0]["state"] == "ready", "the first drawing never finished"
        knight = item(games[0], "deck:heroes:knight")
        for shot in knight["images"]:
            answer = client.get(shot["src"])
            assert answer.status_code == 200 and answer.headers["content-type"] == "image/png"
            assert "immutable" in answer.headers["cache-control"], "a name never names other bytes"
            assert shot["src"] == "/img/" + hashlib.sha256(answer.content).hexdigest()[:24] + ".png"
            assert near(Image.open(io.BytesIO(answer.content)).size, POKER[0] + 2 * BLEED, POKER[1] + 2 * BLEED, 150)
        assert client.get("/img/" + "0" * 24 + ".png").status_code == 404


@pytest.mark.parametrize("variant", ["", "../{name}", "{stem}.PNG", "{upper}.png", "{short}.png", "{stem}0.png", "{name}\n", "x{name}",
                                     "{name}x", "{stem}", "/{name}", "{stem}.png.png"])
def test_the_store_hands_out_only_a_picture_it_drew_by_its_exact_name(variant):
    """A picture the store drew is handed out by its exact name (24 hex digits of its bytes' SHA-256, `.png`) and by
    nothing else: no other case, length, path or ending reaches it."""
    from reportlab.pdfgen.canvas import Canvas

    pdf = io.BytesIO()
    page = Canvas(pdf, pagesize=(72, 72))
    page.rect(10, 10, 30, 30, fill=1)
    page.showPage()
    page.save()
    store = ImageStore()
    [name] = store.pdf_pages(pdf.getvalue(), 36)
    data = store.get(name)
    assert data is not None and name == hashlib.sha256(data).hexdigest()[:24] + ".png"
    stem = name[:-4]
    assert store.get(variant.format(name=name, stem=stem, upper=stem.upper(), short=stem[:-1])) is None


def test_the_pages_of_the_same_pdf_are_drawn_once_and_each_named_by_its_bytes(project):
    session, models = live(project, only=("rulebook.md",))
    drawn = session.images.rasterised
    pages = section(models[-1], "rulebook")["items"]
    rulebook = project / "data/tiny/rulebook.md"
    again(session, rulebook)  # the same rulebook: the same PDF, its pages not drawn again
    assert session.images.rasterised == drawn
    assert section(models[-1], "rulebook")["items"] == pages
    edit(rulebook, "# Overview", "# Overview of the game")  # another PDF: its pages drawn, the edited one anew
    again(session, rulebook)
    now = [i["images"][0]["src"] for i in section(models[-1], "rulebook")["items"]]
    assert now != [i["images"][0]["src"] for i in pages] and session.images.rasterised > drawn


# stopping: told to stop, a request waiting on its client ends, an answer begun is ended, the log stays quiet

class Waiting:
    """An app that starts its answer, reads what its client sends until the client is gone, and notes each message."""

    def __init__(self, answer: bool = True, fail: bool = False):
        self.heard: list[dict] = []
        self.answer, self.fail = answer, fail

    async def __call__(self, scope, receive, send):
        if self.answer:
            await send({"type": "http.response.start", "status": 200, "headers": []})
            await send({"type": "http.response.body", "body": b"data: 1\n\n", "more_body": True})
        while True:
            message = await receive()
            self.heard.append(message)
            if message["type"] == "http.disconnect":
                break
        if self.fail:
            raise RuntimeError("cut short")


def run_until_stopped(app, messages: list[dict], stop_after: float | None = 0.05, already: bool = False):
    """The app under EndsWhenStopping, its client sending `messages` and then nothing; the stop comes `stop_after`
    seconds in (never with None). Returns (what was sent, the Stopping)."""
    stopping = Stopping()
    sent: list[dict] = []
    queue = list(messages)

    async def receive():
        if queue:
            return queue.pop(0)
        await asyncio.Event().wait()  # a client gone quiet

    async def send(message):
        sent.append(message)

    async def main():
        wrapped = EndsWhenStopping(app, stopping)
        stopping.loop = asyncio.get_running_loop()
        if already:
            stopping.event.set()
        task = asyncio.ensure_future(wrapped({"type": "http", "path": "/events"}, receive, send))
        if stop_after is not None:
            await asyncio.sleep(stop_after)
            stopping.set()
        await asyncio.wait_for(task, 5)
        await asyncio.sleep(0)
        left = [t for t in asyncio.all_tasks() if t is not asyncio.current_task() and not t.done()]
        assert not left, "nothing left waiting on the client once the request has ended"

    asyncio.run(main())
    return sent, stopping


def test_a_request_waiting_on_its_client_ends_as_if_the_tab_closed_once_the_server_stops():
    app = Waiting()
    hello = {"type": "http.request", "body": b"hi", "more_body": True}
    sent, stopping = run_until_stopped(app, [hello])
    assert app.heard == [hello, GONE], "what the client sent first, then its going"
    assert GONE == {"type": "http.disconnect"}
    assert bool(stopping)
    assert sent[-1] == {"type": "http.response.body", "body": b"", "more_body": False}, "the answer begun is ended"
    assert sum(1 for m in sent if m["type"] == "http.response.body" and not m.get("more_body", False)) == 1


def test_a_request_that_arrives_once_stopping_hears_its_client_gone_at_once():
    app = Waiting(answer=False)
    sent, _ = run_until_stopped(app, [{"type": "http.request", "body": b"", "more_body": False}], stop_after=None, already=True)
    assert app.heard == [GONE]
    assert sent == [], "no answer begun: nothing to end"


def test_an_answer_already_ended_is_not_ended_twice_and_a_failure_while_stopping_is_the_stop_itself():
    class EndsThenFails(Waiting):
        async def __call__(self, scope, receive, send):
            await send({"type": "http.response.start", "status": 200, "headers": []})
            await send({"type": "http.response.body", "body": b"done"})
            self.heard.append(await receive())
            raise RuntimeError("cancelled")

    app = EndsThenFails()
    sent, _ = run_until_stopped(app, [])
    assert app.heard == [GONE]
    assert [m.get("body") for m in sent if m["type"] == "http.response.body"] == [b"done"]


def test_a_failure_while_the_server_runs_is_raised_as_it_is():
    async def failing(scope, receive, send):
        raise RuntimeError("a real fault")

    stopping = Stopping()

    async def main():
        async def receive():
            return {"type": "http.request", "body": b""}

        async def send(message):
            pass

        await EndsWhenStopping(failing, stopping)({"type": "http", "path": "/"}, receive, send)

    with pytest.raises(RuntimeError, match="a real fault"):
        asyncio.run(main())
    assert not stopping


def test_a_request_whose_client_speaks_is_passed_its_message_and_nothing_is_added_to_its_answer():
    async def echo(scope, receive, send):
        message = await receive()
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": scope["path"].encode() + message["body"], "more_body": True})

    stopping = Stopping()
    sent: list[dict] = []

    async def main():
        async def receive():
            return {"type": "http.request", "body": b"ping", "more_body": False}

        async def send(message):
            sent.append(message)

        await asyncio.wait_for(EndsWhenStopping(echo, stopping)({"type": "http", "path": "/x"}, receive, send), 5)
        await asyncio.sleep(0)
        left.extend(t for t in asyncio.all_tasks() if t is not asyncio.current_task())

    left: list[asyncio.Task] = []
    asyncio.run(main())
    assert [m.get("body") for m in sent if m["type"] == "http.response.body"] == [b"/xping"], "not stopping: the answer is the app's alone, to its own request"
    assert not left, "nothing left waiting for a stop once the client has spoken"


def test_the_lifespan_passes_through_and_a_stop_signalled_from_another_thread_reaches_the_loop():
    stopping = Stopping()
    stopping.set()  # before the server runs: nothing to wake, nothing raised
    assert not stopping
    seen: list[str] = []

    async def app(scope, receive, send):
        seen.append(scope["type"])
        await send({"type": "lifespan.startup.complete"})
        await receive()

    told: list[dict] = []

    async def main():
        async def receive():
            await stopping.event.wait()
            return {"type": "lifespan.shutdown"}

        async def send(message):
            told.append(message)

        signal = threading.Timer(0.05, stopping.set)  # as the signal handler does, off the loop's thread
        signal.start()
        await asyncio.wait_for(EndsWhenStopping(app, stopping)({"type": "lifespan"}, receive, send), 5)
        signal.join()

    asyncio.run(main())
    assert seen == ["lifespan"] and told == [{"type": "lifespan.startup.complete"}] and stopping
    stopping.event.clear()
    stopping.set()  # its loop closed: a late signal changes nothing
    assert not stopping


class Kept(logging.Handler):
    def __init__(self):
        super().__init__()
        self.said: list[str] = []

    def emit(self, record):
        self.said.append(record.getMessage())


@pytest.fixture
def uvicorn_log():
    """What uvicorn's error log lets through (heard once uvicorn has set its logging up), the filters pnp adds and the
    handler taken off again after the test."""
    logger = logging.getLogger("uvicorn.error")
    filters, handler = list(logger.filters), Kept()
    yield handler
    logger.removeHandler(handler)
    logger.filters[:] = filters


def test_the_log_leaves_out_the_requests_cut_short_only_while_the_server_stops(uvicorn_log):
    import uvicorn

    stopping = Stopping()
    config = uvicorn.Config(lambda scope, receive, send: None)
    server = stopping_server(config, stopping)
    assert isinstance(server, uvicorn.Server) and server.config is config
    logger = logging.getLogger("uvicorn.error")
    logger.addHandler(uvicorn_log)
    cut = ["Cancel %s running task(s)", "ASGI callable returned without completing response.", "Exception in ASGI application\n"]
    logger.warning(cut[0], 2)
    logger.error(cut[1])
    assert uvicorn_log.said == ["Cancel 2 running task(s)", cut[1]], "a fault while serving is said"

    async def told_to_stop():
        stopping.loop = asyncio.get_running_loop()
        server.handle_exit(signal.SIGINT, None)  # Ctrl-C
        await asyncio.sleep(0)

    asyncio.run(told_to_stop())
    assert server.should_exit and stopping and not server.force_exit
    server.handle_exit(signal.SIGINT, None)  # a second Ctrl-C: uvicorn stops without waiting at all
    assert server.force_exit
    uvicorn_log.said.clear()
    for message in cut:
        logger.error(message, 1) if "%s" in message else logger.error(message)
    logger.error("Cannot bind the port")
    assert uvicorn_log.said == ["Cannot bind the port"], "what the stop itself cuts short is not the designer's fault"
