"""Drag to edit in `pnp serve` (issue 69): a dragged element's template call gets its new numbers, and nothing else.

The page lists a card face's elements with the call that drew each; an edit
rewrites only the literal terms that change (the rest of the file byte for
byte), never an expression with no literal term, and the face is redrawn as
after any save. Undo puts the bytes back. An edit is taken only from the page
the server served (Host, Origin and the token of the address it printed), only into a
template under templates/, and only from the bytes the page was shown.
Read from what the server answers and what it writes, through starlette's
TestClient; the drag in headless Chromium is tests/test_serve.py's, on its browser.
"""
from __future__ import annotations

import hashlib
import io
import re
import shutil
import time
from pathlib import Path

import pytest
from conftest import TEST_PROJECT
from PIL import Image
from test_aid_template import AID, with_aid_template
from test_serve import _no_network  # noqa: F401 (loopback only: the browser test talks to its server and chromedriver)

PORT = 8765  # the address the app answers to; TestClient needs no socket
TOKEN = "test-token-of-the-printed-address"
ORIGIN = f"http://127.0.0.1:{PORT}"
HERO, FRAME = "templates/tiny/hero.j2", "templates/tiny/frame.j2"
KNIGHT = "deck:heroes:knight"
WAIT = 30  # seconds to wait for a redraw: a deadline for a loaded machine, never an assertion on speed
GOLD = (0x87, 0x65, 0x10)  # the tiny game's `gold`: only its stars are drawn in it
CARD_DPI = 150


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


class Page:
    """What the page served by a test server sends: listings, and edits with its Origin (and the token's cookie, which
    the client keeps from opening the printed address)."""

    def __init__(self, client, root: Path, logged: list[str]):
        self.client, self.root, self.logged = client, root, logged
        opened = client.get(f"/?token={TOKEN}")
        assert opened.status_code == 200 and opened.history and opened.history[0].status_code == 303, "the address leads to the page"
        assert re.search(r'name="pnp-edit" content="on"', opened.text), "the page is told editing is on"
        self.headers = {"origin": ORIGIN}

    def elements(self, item: str = KNIGHT, side: str = "front") -> list[dict]:
        answer = self.client.get("/api/elements", params={"game": "tiny", "item": item, "side": side})
        return answer.json()["elements"] if answer.status_code == 200 else []

    def element(self, function: str, line: int, file: str = HERO) -> dict:
        return next(e for e in self.elements() if e["function"] == function and e["line"] == line and e["file"] == file)

    def edit(self, element: dict, to: list[float], headers: dict | None = None, also: tuple = (), item: str = KNIGHT, **changes):
        """Move `element` of `item`'s front to the box `to` (and each (element, box) of `also` with it), as the page sends a drag."""
        moves = [{"path": e["path"], "file": e["file"], "digest": e["digest"], "from": e["box"], "to": box} for e, box in ((element, to), *also)]
        moves[0].update(changes)
        body = {"game": "tiny", "item": item, "side": "front", "moves": moves}
        return self.client.post("/api/edit", json=body, headers=self.headers if headers is None else headers)

    def post(self, path: str):
        return self.client.post(path, json={}, headers=self.headers)

    def drawn(self, rel: str, timeout: float = WAIT, item: str = KNIGHT) -> None:
        """Wait until `item`'s listed elements were drawn from `rel` as it is on disk now."""
        want = digest((self.root / rel).read_bytes())
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if any(e.get("digest") == want for e in self.elements(item) if e["file"] == rel):
                return
            time.sleep(0.05)
        raise AssertionError(f"{rel} as on disk was not drawn within {timeout} s{self.why()}")

    def why(self) -> str:
        """What the server said and shows, for a failure's message: a redraw that never came is told by its log."""
        answer = self.client.get("/api/elements", params={"game": "tiny", "item": KNIGHT, "side": "front"})
        game = self.client.get("/api/state").json()["games"][0]
        return (f"; elements: {answer.status_code} {answer.text[:300]}; state {game['state']}, drawing {game['drawings']}, "
                f"updated {game['updated']}; the server's log: {self.logged[-8:]}")

    def settled(self, timeout: float = WAIT) -> None:
        """Wait until the game is drawn whole (boards and tokens come after the cards) and no save is being followed:
        ready, and still the same drawing a moment later."""
        deadline, last = time.monotonic() + timeout, None
        while time.monotonic() < deadline:
            game = self.client.get("/api/state").json()["games"][0]
            now = (game["state"], game["updated"], game["drawings"])
            if now[0] == "ready" and now == last:
                return
            last = now
            time.sleep(0.3)
        raise AssertionError(f"the game was not drawn whole within {timeout} s{self.why()}")

    def put_back(self, rel: str, data: bytes, item: str = KNIGHT) -> None:
        (self.root / rel).write_bytes(data)
        self.drawn(rel, item=item)

    def front_image(self) -> Image.Image:
        state = self.client.get("/api/state").json()
        item = next(i for s in state["games"][0]["sections"] for i in s["items"] if i["key"] == KNIGHT)
        return Image.open(io.BytesIO(self.client.get(item["images"][0]["src"]).content)).convert("RGB")


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    """`pnp serve`'s app on a copy of the tiny game, its player aid drawn by a template of its own (tests/test_aid_template.py),
    as its page talks to it; each test puts back what it changed."""
    from starlette.testclient import TestClient

    from pnp.data.project import Project
    from pnp.serve.app import create_app

    root = tmp_path_factory.mktemp("edit") / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    with_aid_template(root)
    logged: list[str] = []
    with TestClient(create_app(Project(root), ["tiny"], PORT, TOKEN, log=logged.append), base_url=ORIGIN) as client:
        shown = Page(client, root, logged)
        shown.drawn(HERO, timeout=120)
        yield shown


def gold_left_mm(image: Image.Image) -> tuple[float, float]:
    """Left and top edge of the gold ink on a face image with its 3 mm bleed, in mm from the trim."""
    px = image.load()
    hits = [(x, y) for y in range(0, image.height, 2) for x in range(image.width) if all(abs(px[x, y][i] - GOLD[i]) < 40 for i in range(3))]
    assert hits, "no gold star on the face"
    return min(x for x, _ in hits) * 25.4 / CARD_DPI - 3, min(y for _, y in hits) * 25.4 / CARD_DPI - 3


def _argument_drawn(page, lines: bytes, line: int, name: str) -> dict:
    """Argument `name` of the rect at `line` of the hero's template, as the page lists it once `lines` are added at the
    end of its block; the template is put back after."""
    before = (page.root / HERO).read_bytes()
    page.put_back(HERO, before.replace(b"{% endblock %}", lines + b"{% endblock %}", 1))
    try:
        return next(a for a in page.element("rect", line)["args"] if a["name"] == name)
    finally:
        page.put_back(HERO, before)


def test_a_drag_rewrites_the_numbers_that_changed_and_the_face_is_redrawn(page):
    """The star row, dragged 10 mm right and 5 mm down: its call's 5 and 20 become 15 and 25, and nothing else in the
    file changes (its CRLF line breaks, its spacing, the same call written in a comment), and the face served
    afterwards shows the stars there."""
    before = (page.root / HERO).read_bytes()
    lines = before.decode("utf-8").split("\n")
    lines.insert(3, '{#  was: {{ repeat(card.stars, "star", 5, 20, 5, color="gold") }}  #}')
    shown = "\r\n".join(lines).replace("(card.stars, ", "(card.stars,\t").encode("utf-8")
    page.put_back(HERO, shown)
    star = page.element("repeat", 5)
    drawn_before = gold_left_mm(page.front_image())
    x, y, w, h = star["box"]
    answer = page.edit(star, [x + 10, y + 5, w, h])
    assert answer.status_code == 200, answer.text
    call = shown.index(b'\r\n{{ repeat(')  # the call itself, not its copy in the comment
    expected = shown[:call] + shown[call:].replace(b'"star", 5, 20, 5,', b'"star", 15, 25, 5,', 1)
    assert (page.root / HERO).read_bytes() == expected, "only x and y of the call changed"
    assert {c["name"]: c["after"] for c in answer.json()["changed"]} == {"x": "15", "y": "25"}
    page.drawn(HERO)
    moved = next(e for e in page.elements() if e["path"] == star["path"])
    assert moved["box"] == pytest.approx([x + 10, y + 5, w, h], abs=0.1)
    drawn_after = gold_left_mm(page.front_image())
    assert drawn_after[0] - drawn_before[0] == pytest.approx(10, abs=0.3) and drawn_after[1] - drawn_before[1] == pytest.approx(5, abs=0.3)
    page.put_back(HERO, before)


def test_a_resize_adjusts_the_literal_term_of_an_expression_and_leaves_the_rest(page):
    """The rules text's box made 4 mm narrower and 2 mm taller: `face.w - 10` becomes `face.w - 14`, 40 becomes 42."""
    before = (page.root / HERO).read_bytes()
    rules = page.element("text", 5)
    x, y, w, h = rules["box"]
    answer = page.edit(rules, [x, y, w - 4, h + 2])
    assert answer.status_code == 200, answer.text
    assert (page.root / HERO).read_bytes() == before.replace(b"5, 30, face.w - 10, 40,", b"5, 30, face.w - 14, 42,")
    page.drawn(HERO)
    assert next(e for e in page.elements() if e["path"] == rules["path"])["box"] == pytest.approx([x, y, w - 4, h + 2], abs=0.1)
    page.put_back(HERO, before)


def test_an_expression_with_no_literal_term_is_shown_and_never_overwritten(page):
    """The background's box is all `face.bleed` and `face.w`: the page says where each value comes from, and a move is
    refused with that, the file untouched."""
    before = (page.root / FRAME).read_bytes()
    background = page.element("rect", 2, FRAME)
    assert not background["editable"] and "expression" in background["why"]
    x_arg = next(a for a in background["args"] if a["name"] == "x")
    assert x_arg["source"] == "-face.bleed" and x_arg["status"] == "fixed" and "face.bleed is the face's bleed, 3 mm" in x_arg["note"]
    x, y, w, h = background["box"]
    answer = page.edit(background, [x + 5, y, w, h])
    assert answer.status_code == 422 and "-face.bleed" in answer.json()["error"], answer.text
    assert (page.root / FRAME).read_bytes() == before


def test_a_dragged_line_moves_both_its_ends_and_keeps_its_length(page):
    """A line's two ends are both its points: dragged 10 mm right and 4 mm down, `line(5, 75, 40, 75)` becomes
    `line(15, 79, 50, 79)`, as long and as level as before."""
    before = (page.root / HERO).read_bytes()
    page.put_back(HERO, before.replace(b"{% endblock %}", b'{{ line(5, 75, 40, 75, stroke="#000000") }}\n{% endblock %}', 1))
    rule = page.element("line", 7)
    x, y, w, h = rule["box"]
    answer = page.edit(rule, [x + 10, y + 4, w, h])
    assert answer.status_code == 200, answer.text
    assert {c["name"]: c["after"] for c in answer.json()["changed"]} == {"x1": "15", "y1": "79", "x2": "50", "y2": "79"}
    assert b'{{ line(15, 79, 50, 79, stroke="#000000") }}' in (page.root / HERO).read_bytes()
    page.put_back(HERO, before)


def test_a_variable_set_twice_is_explained_by_the_set_in_force_at_the_call(page):
    """`top` set to 20, then to 60, then read by a rect: the page says where the value the rect received comes from, the
    second `set`, the one in force at the call."""
    y_arg = _argument_drawn(page, b'{% set top = 20 %}\n{% set top = 60 %}\n{{ rect(5, top + 2, 10, 10, fill="#000000") }}\n', 9, "y")
    assert (y_arg["source"], y_arg["value"], y_arg["status"]) == ("top + 2", 62, "term")
    assert "top is set at line 8: {% set top = 60 %}" in y_arg["note"], y_arg["note"]

def test_undo_and_redo_put_back_the_bytes_of_each_edit(page):
    """The title and two stars of a row moved together: one edit, each call rewritten once; undo puts back the bytes."""
    before = (page.root / HERO).read_bytes()
    title = page.element("text", 3)
    star, second = [e for e in page.elements() if e["function"] == "repeat"][:2]
    shift = lambda box: [box[0] + 2.5, box[1] + 1, box[2], box[3]]  # noqa: E731
    answer = page.edit(title, shift(title["box"]), also=[(star, shift(star["box"])), (second, shift(second["box"]))])
    assert answer.status_code == 200, answer.text
    edited = (page.root / HERO).read_bytes()
    assert edited == before.replace(b"**\", 4, 4,", b"**\", 6.5, 5,").replace(b'"star", 5, 20,', b'"star", 7.5, 21,')
    answer = page.post("/api/undo")
    assert answer.status_code == 200 and (page.root / HERO).read_bytes() == before, answer.text
    assert page.post("/api/redo").status_code == 200 and (page.root / HERO).read_bytes() == edited
    assert page.post("/api/undo").status_code == 200 and (page.root / HERO).read_bytes() == before
    page.drawn(HERO)


def test_an_edit_racing_a_change_on_disk_is_refused_and_writes_nothing(page):
    """The page was shown the file; someone saves it before the drag lands: the edit is refused, their save kept. So is
    an undo once the file changed after the edit."""
    before = (page.root / HERO).read_bytes()
    star = page.element("repeat", 4)
    saved = before + b"{# a note saved in an editor #}\n"
    (page.root / HERO).write_bytes(saved)
    x, y, w, h = star["box"]
    answer = page.edit(star, [x + 10, y, w, h])
    assert answer.status_code == 409 and "changed on disk" in answer.json()["error"], answer.text
    assert (page.root / HERO).read_bytes() == saved
    page.drawn(HERO)
    assert page.edit(page.element("repeat", 4), [x + 10, y, w, h]).status_code == 200
    (page.root / HERO).write_bytes(saved)
    answer = page.post("/api/undo")
    assert answer.status_code == 409 and "changed on disk" in answer.json()["error"], answer.text
    assert (page.root / HERO).read_bytes() == saved
    page.put_back(HERO, before)


def test_an_edit_from_anywhere_but_the_served_page_is_refused_and_writes_nothing(page, tmp_path):
    """No token or another one, another Origin or none, another Host, a file outside templates/ (by name or by a
    link), and any edit at all with --read-only: refused, and no file changes."""
    from starlette.testclient import TestClient

    from pnp.data.project import Project
    from pnp.serve.app import create_app

    hero = (page.root / HERO).read_bytes()
    star = page.element("repeat", 4)
    x, y, w, h = star["box"]
    to = [x + 10, y, w, h]
    stranger = TestClient(page.client.app, base_url=ORIGIN)  # the same server, no cookie: it never opened the printed address
    body = {"game": "tiny", "item": KNIGHT, "side": "front", "moves": [{"path": star["path"], "file": star["file"], "digest": star["digest"],
                                                                       "from": star["box"], "to": to}]}
    for headers in ({"origin": ORIGIN}, {"origin": ORIGIN, "x-pnp-token": "guess"}, {"origin": ORIGIN, "cookie": f"pnp-serve-{PORT}=guess"},
                    {"origin": ORIGIN, "cookie": f"pnp-serve-{PORT + 1}={TOKEN}"}):
        answer = stranger.post("/api/edit", json=body, headers=headers)
        assert answer.status_code == 403 and "printed in its terminal" in answer.json()["error"], (headers, answer.text)
    for headers in ({"origin": "http://evil.example"}, {}, {"origin": f"http://127.0.0.1:{PORT + 1}"}):
        answer = page.edit(star, to, headers=headers)  # the token's cookie, but not the page's Origin
        assert answer.status_code == 403, (headers, answer.text)
    answer = page.edit(star, to, headers={**page.headers, "host": "rebound.example"})
    assert answer.status_code == 403, answer.text
    outside = page.root.parent / "outside.j2"
    outside.write_bytes(hero)
    (page.root / "templates/tiny/linked.j2").symlink_to(outside)
    for name in ("../outside.j2", "templates/../../outside.j2", "templates/tiny/linked.j2", str(outside)):
        answer = page.edit(star, to, file=name, digest=digest(hero))
        assert answer.status_code == 403 and "outside" in answer.json()["error"], (name, answer.text)
    assert outside.read_bytes() == hero
    assert page.post("/api/undo").status_code == 409, "nothing was written, so nothing can be undone"
    read_only = create_app(Project(page.root), ["tiny"], PORT, TOKEN, read_only=True)
    client = TestClient(read_only, base_url=ORIGIN)  # not started: the refusal comes before any drawing
    assert 'content="off"' in client.get(f"/?token={TOKEN}").text, "the page is told editing is off"
    answer = client.post("/api/edit", json={}, headers=page.headers)
    assert answer.status_code == 403 and "--read-only" in answer.json()["error"]
    assert (page.root / HERO).read_bytes() == hero
    (page.root / "templates/tiny/linked.j2").unlink()


SCORES, COIN = "templates/tiny/board-scores.j2", "templates/tiny/token-coin.j2"


def test_a_board_element_a_helper_and_a_token_dragged_change_exactly_their_literals_and_undo_restores_the_bytes(page):
    """On the score sheet (a board), the zone and the 1–30 track (a helper's spaces and numbers, one element) are
    dragged together, the track narrowed too; on a coin (a token), its value's text moved: each call's literals that change are
    rewritten and nothing else; undo puts every file back byte for byte."""
    board, coin = (page.root / SCORES).read_bytes(), (page.root / COIN).read_bytes()
    page.settled()  # boards are drawn after the cards: an earlier test's save may still be being drawn
    listed = page.elements("board:scores")
    zone = next(e for e in listed if e["function"] == "zone")
    (track,) = [e for e in listed if e["function"] == "track" and e["line"] == 4]  # its 30 circles and 30 numbers: one element
    assert zone["editable"] and track["editable"] and zone["box"] == [32, 106, 116, 56] and track["box"] == [10, 20, 160, 54]
    answer = page.edit(zone, [37, 109, 116, 56], item="board:scores", also=[(track, [12, 21, 150, 54])])  # one edit, both calls
    assert answer.status_code == 200, answer.text
    assert (page.root / SCORES).read_bytes() == board.replace(b"zone(32, 106,", b"zone(37, 109,").replace(b"track(1, 30, 10, 20, 160,", b"track(1, 30, 12, 21, 150,")
    value = next(e for e in page.elements("token:coins/c1") if e["function"] == "text" and e["line"] == 4)
    assert value["editable"], value["why"]
    answer = page.edit(value, [value["box"][0] + 1, value["box"][1] + 0.5, *value["box"][2:]], item="token:coins/c1")
    assert answer.status_code == 200, answer.text
    assert (page.root / COIN).read_bytes() == coin.replace(b'token.value ~ "**", 3, 4,', b'token.value ~ "**", 4, 4.5,')
    for _ in range(2):
        assert page.post("/api/undo").status_code == 200
    assert (page.root / SCORES).read_bytes() == board and (page.root / COIN).read_bytes() == coin
    page.drawn(SCORES, item="board:scores")


def test_a_player_aids_element_dragged_changes_exactly_its_literals_and_undo_restores_the_bytes(page):
    """On a player aid drawn by its own template, its zone (a helper's call, one element) moved 4 mm right and 3 mm down
    and narrowed by 5 mm: that call's x, y and w are rewritten and nothing else; its back is pnp's, and undo puts the
    template back byte for byte."""
    before = (page.root / AID).read_bytes()
    page.settled()  # the reference is drawn after the cards
    zone = next(e for e in page.elements("reference:aid:1") if e["function"] == "zone")
    assert zone["editable"], zone["why"]
    assert zone["box"] == [6, 50, 51, 30], "the zone where the template draws it, in mm from the aid's trim"
    answer = page.edit(zone, [10, 53, 46, 30], item="reference:aid:1")
    assert answer.status_code == 200, answer.text
    assert (page.root / AID).read_bytes() == before.replace(b"zone(6, 50, 51, 30,", b"zone(10, 53, 46, 30,")
    back = page.client.get("/api/elements", params={"game": "tiny", "item": "reference:aid:1", "side": "back"})
    assert back.status_code == 404, "the aid's back is pnp's decorative back: nothing on it is a call to drag"
    assert page.post("/api/undo").status_code == 200
    assert (page.root / AID).read_bytes() == before
    page.drawn(AID, item="reference:aid:1")


def test_an_element_inside_a_turned_group_is_shown_fixed_and_its_drag_refused(page):
    """A drag's box is upright on the page; inside a group turned by 30° its numbers would land elsewhere, so the element
    is listed as not draggable (saying why), and a drag sent anyway is refused with the file's bytes untouched."""
    before = (page.root / HERO).read_bytes()
    turned = before + b'{% call group(x=10, y=20, rotate=30) %}{{ rect(1, 2, 8, 4, fill="red") }}{% endcall %}\n'
    page.put_back(HERO, turned)
    try:
        line = turned.decode("utf-8").count("\n")
        inside = next(e for e in page.elements() if e["function"] == "rect" and e["file"] == HERO and e["line"] == line)
        assert not inside["editable"] and "inside a turned group" in inside["why"], inside
        x, y, w, h = inside["box"]
        answer = page.edit(inside, [x + 5, y, w, h])
        assert answer.status_code == 422 and "inside a turned group" in answer.text, answer.text
        assert (page.root / HERO).read_bytes() == turned
    finally:
        page.put_back(HERO, before)


def test_the_pages_count_of_findings_says_notes_apart_from_warnings(page):
    """Issue 102: a note is news, never a problem: the summary the page shows counts it as a note, not a warning.
    A template reading card fields by a name it works out (`card.items()`) gets a note."""
    before = (page.root / HERO).read_bytes()
    noted = before.replace(b"{% endblock %}", b"{% for key, value in card.items() %}{% endfor %}\n{% endblock %}", 1)
    page.put_back(HERO, noted)
    try:
        page.settled()
        game = page.client.get("/api/state").json()["games"][0]
        severities = [f["severity"] for f in game["findings"]]
        assert "note" in severities, severities
        warnings = severities.count("warning")
        assert game["summary"] == f"0 errors, {warnings} warning{'s' * (warnings != 1)}, {severities.count('note')} note" + "s" * (severities.count("note") != 1), game["summary"]
    finally:
        page.put_back(HERO, before)


def test_a_cards_back_clicked_lists_what_its_back_template_draws(page):
    """The heroes' deck names `back: tiny/back.j2` and the twin its own `tiny/twin-back.j2`
    (tests/project/data/tiny/decks/heroes.yaml): a click on a card's back selects among what its back's template
    drew, its paper and its ink panel from line 1 and the title from line 2, never the front's elements."""
    knight = page.elements(KNIGHT, side="back")
    assert {e["file"] for e in knight} == {"templates/tiny/back.j2"}, knight
    assert sorted({e["line"] for e in knight}) == [1, 2]
    twin = page.elements("deck:heroes:twin", side="back")
    assert twin and {e["file"] for e in twin} == {"templates/tiny/twin-back.j2"}, twin


def test_a_tokens_back_clicked_lists_what_its_back_template_draws(page):
    """The coins name `back: tiny/token-coin-back.j2` (tests/project/data/tiny/tokens.yaml): a click on a coin's back
    selects among what that template drew, its tint, its star and its value's text (lines 2–4), never the front's rim."""
    back = page.elements("token:coins/c1", side="back")
    assert {e["file"] for e in back} == {"templates/tiny/token-coin-back.j2"}, back
    assert sorted({e["line"] for e in back}) == [2, 3, 4]


def counts(page) -> dict:
    """The undo and redo the page offers, as a listing tells it."""
    answer = page.client.get("/api/elements", params={"game": "tiny", "item": KNIGHT, "side": "front"}).json()
    return {"undo": answer["undo"], "redo": answer["redo"]}


def test_a_drag_dropped_where_it_started_writes_nothing_and_offers_no_undo_for_it(page):
    """A star let go where it was picked up changes no number: the file keeps its bytes, and the undo the page offers
    is the same as before (an undo of nothing would undo nothing the designer did)."""
    before, offered = (page.root / HERO).read_bytes(), counts(page)
    star = page.element("repeat", 4)
    answer = page.edit(star, star["box"])
    assert answer.status_code == 200, answer.text
    assert answer.json()["changed"] == [] and answer.json()["undo"] == offered["undo"], answer.text
    assert (page.root / HERO).read_bytes() == before and counts(page) == offered


def test_an_edit_from_a_box_the_face_no_longer_draws_is_refused_and_writes_nothing(page):
    """The page says the star was picked up 1 mm left of where the face draws it now (it shows an older drawing): the
    edit is refused, and the file keeps its bytes."""
    before = (page.root / HERO).read_bytes()
    star = page.element("repeat", 4)
    x, y, w, h = star["box"]
    answer = page.edit(star, [x + 10, y, w, h], **{"from": [x - 1, y, w, h]})
    assert answer.status_code == 409 and "the face has changed since it was shown" in answer.json()["error"], answer.text
    assert (page.root / HERO).read_bytes() == before


def test_an_edit_that_moves_no_element_is_a_bad_request(page):
    """An edit with an empty list of moves is refused as the request's fault (400), saying what an edit holds."""
    body = {"game": "tiny", "item": KNIGHT, "side": "front", "moves": []}
    answer = page.client.post("/api/edit", json=body, headers=page.headers)
    assert answer.status_code == 400 and "an edit moves 1 to" in answer.json()["error"], answer.text


def test_a_box_dragged_to_a_negative_height_or_width_is_refused_and_writes_nothing(page):
    """A box cannot be lower or narrower than nothing: a resize to a height of -1 mm, or a width of -1 mm, is refused
    (422) and the file keeps its bytes."""
    before = (page.root / HERO).read_bytes()
    rules = page.element("text", 5)
    x, y, w, h = rules["box"]
    for to in ([x, y, w, -1], [x, y, -1, h]):
        answer = page.edit(rules, to)
        assert answer.status_code == 422 and "lower than nothing" in answer.json()["error"], (to, answer.text)
    assert (page.root / HERO).read_bytes() == before


def test_an_edit_tells_the_page_the_digest_of_the_bytes_it_wrote(page):
    """The page sends its next edit with the digest it was told: the edit's answer gives the SHA-256 of the file as it
    is on disk after the edit, not as it was before."""
    before = (page.root / HERO).read_bytes()
    star = page.element("repeat", 4)
    x, y, w, h = star["box"]
    answer = page.edit(star, [x + 10, y, w, h])
    assert answer.status_code == 200, answer.text
    after = (page.root / HERO).read_bytes()
    assert after != before and answer.json()["digests"] == {HERO: digest(after)}
    page.put_back(HERO, before)


def test_an_edit_sent_as_json_with_its_charset_is_taken(page):
    """`Content-Type: application/json; charset=utf-8` is JSON: the edit is written, as without the parameter."""
    import json

    before = (page.root / HERO).read_bytes()
    star = page.element("repeat", 4)
    x, y, w, h = star["box"]
    body = {"game": "tiny", "item": KNIGHT, "side": "front",
            "moves": [{"path": star["path"], "file": star["file"], "digest": star["digest"], "from": star["box"], "to": [x + 10, y, w, h]}]}
    answer = page.client.post("/api/edit", content=json.dumps(body).encode("utf-8"),
                              headers={**page.headers, "content-type": "application/json; charset=utf-8"})
    assert answer.status_code == 200, answer.text
    assert (page.root / HERO).read_bytes() != before
    page.put_back(HERO, before)


def test_the_elements_of_a_game_the_server_does_not_show_are_not_found(page):
    """Asked for a game pnp serve was not started with, the editor says there is none (404) and which games it shows,
    not that it is still being drawn."""
    answer = page.client.get("/api/elements", params={"game": "nope", "item": KNIGHT, "side": "front"})
    assert answer.status_code == 404 and answer.json()["error"] == "pnp serve shows no game 'nope': it shows tiny", answer.text


def test_a_drag_of_the_second_of_two_calls_on_one_line_rewrites_that_call_alone(page):
    """Two rects written on one line: the right one dragged 5 mm right becomes `rect(35, …)`, and the left one, the
    same function earlier on the line, keeps every byte."""
    before = (page.root / HERO).read_bytes()
    two = b'{{ rect(5, 80, 10, 4, fill="#000000") }}{{ rect(30, 80, 10, 4, fill="#000000") }}\n'
    page.put_back(HERO, before.replace(b"{% endblock %}", two + b"{% endblock %}", 1))
    try:
        left, right = sorted((e for e in page.elements() if e["function"] == "rect" and e["file"] == HERO and e["line"] == 7),
                             key=lambda e: e["box"][0])
        assert (left["call"], right["call"]) == ('rect(5, 80, 10, 4, fill="#000000")', 'rect(30, 80, 10, 4, fill="#000000")')
        x, y, w, h = right["box"]
        answer = page.edit(right, [x + 5, y, w, h])
        assert answer.status_code == 200, answer.text
        assert (page.root / HERO).read_bytes() == before.replace(
            b"{% endblock %}", two.replace(b"rect(30, 80,", b"rect(35, 80,") + b"{% endblock %}", 1)
    finally:
        page.put_back(HERO, before)


def test_the_face_size_an_argument_reads_is_said_as_the_poker_cards_width_and_height(page):
    """The heroes are poker cards, 2.5 × 3.5 in (63.5 × 88.9 mm): the card number's `face.w - 15` is said to read the
    face's width, 63.5 mm, and its `face.h - 11` the face's height, 88.9 mm."""
    number = page.element("text", 6)
    notes = {a["name"]: a["note"] for a in number["args"]}
    assert "face.w is the face's width, 63.5 mm" in notes["x"], notes
    assert "face.h is the face's height, 88.9 mm" in notes["y"], notes


def test_an_element_placed_by_numbers_and_one_expression_without_a_number_is_still_dragged(page):
    """A rect whose height is `card.stars * 2` (no number of its own) and whose x, y and w are numbers: listed as
    draggable, and a move rewrites its x, the height's expression untouched."""
    before = (page.root / HERO).read_bytes()
    added = b'{{ rect(5, 60, 10, card.stars * 2, fill="#000000") }}\n'
    page.put_back(HERO, before.replace(b"{% endblock %}", added + b"{% endblock %}", 1))
    try:
        bar = page.element("rect", 7)
        assert bar["editable"], bar["why"]
        assert {a["name"]: a["status"] for a in bar["args"]} == {"x": "literal", "y": "literal", "w": "literal", "h": "fixed"}
        x, y, w, h = bar["box"]
        answer = page.edit(bar, [x + 5, y, w, h])
        assert answer.status_code == 200, answer.text
        assert (page.root / HERO).read_bytes() == before.replace(b"{% endblock %}", added.replace(b"rect(5,", b"rect(10,") + b"{% endblock %}", 1)
    finally:
        page.put_back(HERO, before)


def test_an_icon_placed_by_its_size_is_resized_square_and_a_rect_freely(page):
    """The header's suit icon is written `icon(…, face.w - 12, 4, 8, …)`, one size for both sides: the page is told to
    keep its box square; the header's rect, given a width and a height, is not."""
    icon = page.element("icon", 3, FRAME)
    header = next(e for e in page.elements() if e["function"] == "rect" and e["file"] == FRAME and e["line"] == 3)
    assert icon["square"] is True and header["square"] is False, (icon, header)


def test_a_boards_back_clicked_is_not_found_for_a_board_has_a_front_only(page):
    """A board prints one side: a click asking for the score sheet's back finds no face to select on (404), never its
    front's zone and track offered to drag as if they were its back's."""
    page.settled()  # boards are drawn after the cards
    assert page.elements("board:scores"), "its front lists what its template draws"
    back = page.client.get("/api/elements", params={"game": "tiny", "item": "board:scores", "side": "back"})
    assert back.status_code == 404 and "a board has a front only" in back.json()["error"], back.text


def test_an_edit_moves_up_to_fifty_elements_together_and_not_fifty_one(page):
    """One edit moves 1 to 50 elements (docs: a row of them, say): fifty, each let go where it started, are taken and
    write nothing; fifty-one are refused as the request's fault (400), saying so."""
    before = (page.root / HERO).read_bytes()
    star = page.element("repeat", 4)
    fifty = page.edit(star, star["box"], also=[(star, star["box"])] * 49)
    assert fifty.status_code == 200 and fifty.json()["changed"] == [], fifty.text
    more = page.edit(star, star["box"], also=[(star, star["box"])] * 50)
    assert more.status_code == 400 and "an edit moves 1 to 50 elements" in more.json()["error"], more.text
    assert (page.root / HERO).read_bytes() == before


def test_an_expressions_number_is_named_as_written_in_the_panel(page):
    """The rules text's width is `face.w - 10` (tests/project/templates/tiny/hero.j2, line 5): the panel says an edit
    changes its 10 only, the number as the designer reads it after the minus, and where face.w comes from."""
    w_arg = next(a for a in page.element("text", 5)["args"] if a["name"] == "w")
    assert (w_arg["source"], w_arg["status"]) == ("face.w - 10", "term"), w_arg
    assert w_arg["note"] == "an expression: an edit changes its 10 only (face.w is the face's width, 63.5 mm)", w_arg["note"]


def test_face_safe_read_by_an_argument_is_said_as_the_3_mm_safe_margin(page):
    """docs/layouts.md: `face.safe` is the face's safe margin, 3 mm. A rect placed at `face.safe + 2` is explained as
    reading it, as face.w and face.bleed are, never as some variable of the template."""
    x_arg = _argument_drawn(page, b'{{ rect(face.safe + 2, 50, 10, 10, fill="#000000") }}\n', 7, "x")
    assert (x_arg["source"], x_arg["value"], x_arg["status"]) == ("face.safe + 2", 5, "term"), x_arg
    assert x_arg["note"] == "an expression: an edit changes its 2 only (face.safe is the face's safe margin, 3 mm)", x_arg["note"]


def test_a_tables_cells_are_shown_but_not_dragged_and_say_the_table_call_places_them(page):
    """docs/designers-loop.md: elements drawn by helpers other than track and zone (`table`, …) are shown but not
    dragged. The score sheet's table (line 7) draws its cells as rects and texts: each is listed, not editable, and
    says that table(), which the template calls at that line, places it."""
    page.settled()  # boards are drawn after the cards
    cells = [e for e in page.elements("board:scores") if e["line"] == 7]
    assert cells and {e["function"] for e in cells} >= {"rect", "text"}, cells
    for cell in cells:
        assert not cell["editable"] and cell["why"].startswith("drawn by table(), which the template calls at this line"), cell


def test_a_polygon_is_shown_but_not_dragged_for_its_points_are_a_list(page):
    """A triangle drawn by polygon() is listed with its box but not offered to drag, and the panel says why: its points
    are a list, which a drag cannot place."""
    before = (page.root / HERO).read_bytes()
    added = b'{{ polygon([[10, 60], [20, 60], [15, 70]], fill="#000000") }}\n{% endblock %}'
    page.put_back(HERO, before.replace(b"{% endblock %}", added, 1))
    try:
        triangle = page.element("polygon", 7)
        assert triangle["box"] == pytest.approx([10, 60, 10, 10]), triangle
        assert not triangle["editable"] and "a drag cannot place (its points are a list)" in triangle["why"], triangle["why"]
    finally:
        page.put_back(HERO, before)


def test_each_name_an_argument_reads_is_said_where_its_value_comes_from(page):
    """docs/designers-loop.md: the panel says where an expression's value comes from. A loop's `i` is the loop
    variable of the `for` at its line; a macro's `at` an argument whose value comes from each call of the macro; the
    knight's `card.back` a data field this card does not set (the twin sets it, the knight does not)."""
    before = (page.root / HERO).read_bytes()
    added = (b'{% for i in range(2) %}\n{{ rect(5 + 10 * i, 60, 8, 4, fill="#000000") }}\n{% endfor %}\n'  # lines 7-9
             b'{% macro bar(at) %}{{ rect(at + 1, 70, 8, 4, fill="#000000") }}{% endmacro %}\n{{ bar(5) }}\n'  # lines 10-11
             b'{{ rect(5 + (2 if card.back is defined else 0), 80, 8, 4, fill="#000000") }}\n{% endblock %}')  # line 12
    page.put_back(HERO, before.replace(b"{% endblock %}", added, 1))
    try:
        def note(line: int) -> str:
            return next(a for a in page.element("rect", line)["args"] if a["name"] == "x")["note"]

        assert "i is a loop variable (the for at line 7)" in note(8), note(8)
        assert "at is an argument of macro bar (line 10): its value comes from each call of the macro" in note(10), note(10)
        assert "card.back is a data field this card does not set" in note(12), note(12)
    finally:
        page.put_back(HERO, before)


def test_a_texts_panel_gives_the_size_asked_for_and_the_size_it_was_fitted_at(page):
    """docs/designers-loop.md: for text, the panel gives the size asked for and the size it was fitted at. The knight's
    rules text asks for 10 pt and fits at it; eight W's asked at 40 pt in a box 20 mm wide cannot be 40 pt (one W at
    40 pt is about 13 mm wide) and are fitted smaller."""
    before = (page.root / HERO).read_bytes()
    added = b'{{ text("WWWWWWWW", 5, 75, 20, 10, size=40, min_size=4) }}\n{% endblock %}'
    page.put_back(HERO, before.replace(b"{% endblock %}", added, 1))
    try:
        rules, wide = page.element("text", 5), page.element("text", 7)
        assert (rules["size"], rules["fitted"]) == (10, 10), rules
        assert wide["size"] == 40 and 4 <= wide["fitted"] < 10, wide
    finally:
        page.put_back(HERO, before)


def test_a_circle_is_resized_square_and_an_ellipse_freely(page):
    """docs/designers-loop.md: a circle keeps its proportions when resized. `circle(20, 80, 5)` is listed with a box
    10 mm square that the page keeps square; an ellipse, given its own width and height, is not kept square."""
    before = (page.root / HERO).read_bytes()
    added = b'{{ circle(20, 80, 5, fill="#000000") }}\n{{ ellipse(30, 75, 12, 6, fill="#000000") }}\n{% endblock %}'
    page.put_back(HERO, before.replace(b"{% endblock %}", added, 1))
    try:
        circle, ellipse = page.element("circle", 7), page.element("ellipse", 8)
        assert circle["box"] == pytest.approx([15, 75, 10, 10]) and circle["square"] is True, circle
        assert ellipse["square"] is False, ellipse
    finally:
        page.put_back(HERO, before)


def test_a_game_field_an_argument_reads_is_said_with_its_value_and_the_line_of_game_yaml_that_sets_it(page):
    """docs/designers-loop.md: the panel says where an expression's value comes from, a data field and the line that
    sets it. A rect placed at `5 + game.age` reads the tiny game's `age: 8`, written at line 5 of data/tiny/game.yaml."""
    assert (page.root / "data/tiny/game.yaml").read_text().splitlines()[4] == "age: 8"
    x_arg = _argument_drawn(page, b'{{ rect(5 + game.age, 60, 10, 4, fill="#000000") }}\n', 7, "x")
    assert (x_arg["source"], x_arg["value"], x_arg["status"]) == ("5 + game.age", 13, "term"), x_arg
    assert "game.age is a data field: 8 here, set at data/tiny/game.yaml:5:" in x_arg["note"], x_arg["note"]


def test_a_picture_drawn_by_image_is_dragged_and_its_call_rewritten(page):
    """docs/designers-loop.md: only helpers other than track and zone, polygons and turned groups are not dragged. A
    picture drawn by `image("art/…", 5, 60, 20, 10)` is listed as draggable, and a move 5 mm right and 2 mm down
    writes `image("art/…", 10, 62, 20, 10)`."""
    from PIL import Image as Picture

    before = (page.root / HERO).read_bytes()
    art = page.root / "art" / "moved-picture.png"
    art.parent.mkdir(exist_ok=True)
    Picture.new("RGB", (200, 100), "#3060a0").save(art)
    added = b'{{ image("art/moved-picture.png", 5, 60, 20, 10) }}\n'
    page.put_back(HERO, before.replace(b"{% endblock %}", added + b"{% endblock %}", 1))
    try:
        picture = page.element("image", 7)
        assert picture["editable"] and picture["box"] == [5, 60, 20, 10], picture
        answer = page.edit(picture, [10, 62, 20, 10])
        assert answer.status_code == 200, answer.text
        assert (page.root / HERO).read_bytes() == before.replace(
            b"{% endblock %}", b'{{ image("art/moved-picture.png", 10, 62, 20, 10) }}\n{% endblock %}', 1)
    finally:
        page.put_back(HERO, before)
        art.unlink()


def test_a_request_field_of_more_than_1000_characters_is_a_bad_request(page):
    """A listing's or an edit's text field holds 1 to 1,000 characters: a game named by 1,001 is refused as the
    request's fault (400), saying so; one of 1,000 is a request, for a game the server does not show (404)."""
    answer = page.client.get("/api/elements", params={"game": "g" * 1001, "item": KNIGHT, "side": "front"})
    assert answer.status_code == 400 and "a text of 1 to 1,000 characters" in answer.json()["error"], answer.text
    answer = page.client.get("/api/elements", params={"game": "g" * 1000, "item": KNIGHT, "side": "front"})
    assert answer.status_code == 404 and "pnp serve shows no game" in answer.json()["error"], answer.text


def test_an_edit_naming_another_template_than_the_one_that_drew_the_element_is_refused_and_writes_nothing(page):
    """The star row is drawn by hero.j2; an edit of it naming frame.j2 (with frame.j2's own digest) is refused as made
    from a face that changed (409), and neither file changes. It waits for the page to be drawn as the files are now (an
    earlier test's put-back may still be redrawing), so the refusal is the one for the file named, not for a drawing
    older than its file."""
    page.settled()
    hero, frame = (page.root / HERO).read_bytes(), (page.root / FRAME).read_bytes()
    star = page.element("repeat", 4)
    x, y, w, h = star["box"]
    answer = page.edit(star, [x + 5, y, w, h], file=FRAME, digest=digest(frame))
    assert answer.status_code == 409 and "the face has changed since it was shown" in answer.json()["error"], answer.text
    assert (page.root / HERO).read_bytes() == hero and (page.root / FRAME).read_bytes() == frame


def test_a_face_of_a_deck_or_card_the_game_does_not_have_is_not_found_and_named(page):
    """The tiny game has a `heroes` deck and no `villains` (tests/project/data/tiny/decks): a face asked of a deck it does
    not have, or of a card its deck does not have, is a 404 that names what was asked, never pnp's internal error."""
    for item in ("deck:villains:knight", "deck:heroes:dragon"):
        answer = page.client.get("/api/elements", params={"game": "tiny", "item": item, "side": "front"})
        assert answer.status_code == 404 and answer.json()["error"] == f"no card face {item} front to select on", answer.text


def test_a_side_that_is_neither_front_nor_back_is_not_found_not_answered_with_a_face(page):
    """A card has a front and a back: a listing asked for its `left` side is a 404 naming it, never one side's elements."""
    answer = page.client.get("/api/elements", params={"game": "tiny", "item": KNIGHT, "side": "left"})
    assert answer.status_code == 404 and answer.json()["error"].startswith(f"no face {KNIGHT} left to select on"), answer.text


def test_a_token_of_every_set_is_selected_on_not_only_the_first_sets(page):
    """tokens.yaml lists the coins first, then the pawns (one set per colour), the shields and the rest: a click on a blue
    pawn lists what token-pawn.j2 drew, and on a shield's back what token-shield.j2 drew (it draws both its sides)."""
    page.settled()  # tokens are drawn after the cards
    assert {e["file"] for e in page.elements("token:pawns/blue")} == {"templates/tiny/token-pawn.j2"}
    assert {e["file"] for e in page.elements("token:shields", side="back")} == {"templates/tiny/token-shield.j2"}


def test_a_name_set_again_below_a_call_is_explained_by_the_set_above_it(page):
    """docs/designers-loop.md: the panel says where an expression's value comes from, `w` a `set` and its line. `top`
    set to 20 above a rect and to 60 below it: the rect received 22, from the `set` above it, the one Jinja ran first;
    the set below comes after the call and gave it nothing."""
    y_arg = _argument_drawn(page, b'{% set top = 20 %}\n{{ rect(5, top + 2, 10, 10, fill="#000000") }}\n{% set top = 60 %}\n', 8, "y")  # lines 7-9
    assert (y_arg["source"], y_arg["value"]) == ("top + 2", 22), y_arg
    assert "top is set at line 7: {% set top = 20 %}" in y_arg["note"], y_arg["note"]


def test_a_name_a_with_block_gives_is_explained_at_the_with_line(page):
    """docs/designers-loop.md: the panel says where an expression's value comes from. A `{% with %}` gives its names
    their values as a `set` does, at its own line: `left` read by a rect inside one is said set there, with the line's
    words, not called some variable of the template."""
    before = (page.root / HERO).read_bytes()
    added = (b'{% with left = 6 %}\n{{ rect(left + 1, 60, 10, 10, fill="#000000") }}\n{% endwith %}\n'  # lines 7-9
             b'{% endblock %}')
    page.put_back(HERO, before.replace(b"{% endblock %}", added, 1))
    try:
        x_arg = next(a for a in page.element("rect", 8)["args"] if a["name"] == "x")
        assert (x_arg["source"], x_arg["value"], x_arg["status"]) == ("left + 1", 7, "term"), x_arg
        assert "left is set at line 7: {% with left = 6 %}" in x_arg["note"], x_arg["note"]
    finally:
        page.put_back(HERO, before)


def test_two_zones_a_loop_draws_from_one_line_are_each_listed_at_its_own_box(page):
    """docs/designers-loop.md: a `zone` is one element, its helper's call. A loop drawing two zones from one line makes
    two calls, each a zone of its own to select: both are listed, each at the box its call gave it (5 and 30 mm from
    the left, 20 × 10 mm)."""
    before = (page.root / HERO).read_bytes()
    added = b'{% for i in range(2) %}{{ zone(5 + 25 * i, 60, 20, 10, "Pile") }}{% endfor %}\n{% endblock %}'  # line 7
    page.put_back(HERO, before.replace(b"{% endblock %}", added, 1))
    try:
        zones = [e for e in page.elements() if e["function"] == "zone" and e["line"] == 7]
        assert sorted(e["box"] for e in zones) == [[5, 60, 20, 10], [30, 60, 20, 10]], zones
    finally:
        page.put_back(HERO, before)


def test_a_data_field_read_in_brackets_is_said_with_its_value_and_its_line(page):
    """docs/designers-loop.md: the panel says where an expression's value comes from, a data field and the line that
    sets it. A field read as `card["stars"]` (as a header with a space must be, `card["Attack Name"]`) is the same data
    field as `card.stars`: the knight's 3, set at line 7 of heroes.yaml, not a variable of the template."""
    x_arg = _argument_drawn(page, b'{{ rect(5 + card["stars"], 60, 10, 4, fill="#000000") }}\n', 7, "x")  # line 7
    assert (x_arg["source"], x_arg["value"], x_arg["status"]) == ('5 + card["stars"]', 8, "term"), x_arg
    assert "card['stars'] is a data field: 3 here, set at data/tiny/decks/heroes.yaml:7:" in x_arg["note"], x_arg["note"]
