"""What the browser tables' plan says of a game, in process (issue #76 item 1: pnp/targets/table.py's mutants).

test_tables.py exports whole games in a new process and reads the files back, which mutmut cannot map to
pnp.targets.table; these call `plan_table` on the tiny game (its heroes deck, token sets, boards and player aids) with
a die, a deck with no back and a `setup:` of 3 seats, 2 heroes dealt each and 1 turned up, at a low resolution, and
read the plan: which seat holds what, which face is up, which picture a back shows, how many of each piece there are,
and that everything lies on the 1600 × 1000 px surface. The expected values come from the game's data files and the
tables' rules (a poker card 160 px high, pictures at most 150 px an inch and 2048 px a side), never from the planner.
Each test plans its own table: mutmut maps a function to the tests that call it, a shared fixture's calls to its first.
"""
from __future__ import annotations

import hashlib
import io
import itertools
import shutil
from collections import Counter
from pathlib import Path

import pytest
from conftest import TEST_PROJECT
from PIL import Image

from pnp.data.project import Project
from pnp.outputs.context import Engine
from pnp.targets import table as table_module
from pnp.targets.staging import ExportRequest
from pnp.targets.table import LABEL_PX, Table, plan_table

SEATS, DEAL, FACE_UP = 3, 2, 1
HEROES = {"knight": 2, "att": 2, "rogue": 3, "mage": 3, "twin": 2}  # data/tiny/decks/heroes.yaml: id: count
TOKENS = {"coins": {"coins-c1": 8, "coins-c5": 4}, "pawns": {"pawns-red": 3, "pawns-blue": 3}, "shields": {"shields": 4},
          "walls": {"walls": 6}, "notes": {"notes": 5}, "hero": {"hero": 2}}  # data/tiny/tokens.yaml
AIDS = 4  # reference.yaml's copies: players.max
SURFACE = (1600, 1000)  # virtualtabletop.io's room; a .pcio file's coordinates
POKER_PX = 160  # both tables' default card: a poker card (88.9 mm) 160 px high
PLAIN = "cards:\n  - {id: p1, name: One}\n  - {id: p2, name: Two}\n"  # a deck of two cards with no back


def _bytes(picture) -> bytes:
    """A table picture's bytes: kept in the table's store (pnp.targets.packaging.Stored) or, planned in memory, as they are."""
    return picture.data.read() if hasattr(picture.data, "read") else picture.data


def _write_plain_deck(root: Path) -> None:
    (root / "data/tiny/decks/plain.yaml").write_text("name: Plain\nsize: poker\nfront: tiny/plain.j2\n" + PLAIN, encoding="utf-8")
    (root / "templates/tiny/plain.j2").write_text("{{ rect(0, 0, face.w, face.h, fill='#3060c0') }}\n", encoding="utf-8")


@pytest.fixture(scope="module")
def base(tmp_path_factory) -> Path:
    """The tiny game with a pair of six-sided dice, a deck with no back and the setup (read-only: copy it to change it)."""
    root = tmp_path_factory.mktemp("plan") / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    faces = ", ".join(f"{{n: {n}}}" for n in range(1, 7))
    (root / "data/tiny/dice.yaml").write_text(f"dice:\n  - {{id: six, shape: d6, size: 16, count: 2, color: '#ffffff', face: tiny/die.j2, faces: [{faces}]}}\n",
                                              encoding="utf-8")
    (root / "templates/tiny/die.j2").write_text("{{ rect(0, 0, face.w, face.h, fill='#ffffff', edge=true) }}\n", encoding="utf-8")
    _write_plain_deck(root)
    game = root / "data/tiny/game.yaml"
    game.write_text(game.read_text(encoding="utf-8") + f"setup:\n  seats: {SEATS}\n  deal: {{heroes: {DEAL}}}\n  face_up: {{heroes: {FACE_UP}}}\n",
                    encoding="utf-8")
    return root


@pytest.fixture
def flat(monkeypatch) -> None:
    """Each face drawn as a flat colour of its own at the size asked (the plan's rules do not look at the drawing; what is
    drawn is test_a_cards_back_shows_its_own_back_its_decks_back_or_a_blank_grey_one's, which draws for real): a
    table's pictures are rendered through a PDF a component, most of this file's time otherwise."""
    seen: dict = {}

    def raster(gctx, faces, size_px, px_per_mm):
        for face in faces:
            n = seen.setdefault(face, len(seen) + 1)
            yield Image.new("RGB", size_px, (n * 37 % 256, n * 91 % 256, n * 13 % 256))
    monkeypatch.setattr(table_module, "raster", raster)


def _copy(base: Path, tmp_path: Path) -> Path:
    root = tmp_path / "project"
    shutil.copytree(base, root)
    return root


@pytest.fixture(scope="module")
def engine(base) -> Engine:
    """One engine for the tests that plan `base` as it is: its faces drawn once (the plan itself is made in each test)."""
    return Engine(Project(base))


def _plan(where: Path | Engine, dpi: int = 10, decks: tuple = (), slug: str = "tiny") -> tuple[Table | None, list]:
    engine = where if isinstance(where, Engine) else Engine(Project(where))
    game, _ = engine.project.load_game(slug)
    findings: list = []
    return plan_table(engine.for_game(game), ExportRequest(bleed=0, dpi=dpi, decks=decks), findings), findings


def _with_setup(root: Path, setup: str) -> None:
    game = root / "data/tiny/game.yaml"
    text = game.read_text(encoding="utf-8")
    game.write_text(text[: text.index("setup:")] + setup, encoding="utf-8")


def _spots(table: Table) -> dict:
    return {s.id: s for s in table.spots}


def _collection(table: Table, kind: str, name: str):
    return next(c for c in table.collections if c.kind == kind and c.name == name)


def _inside(inner, outer) -> bool:
    return outer[0] <= inner[0] and outer[1] <= inner[1] and inner[0] + inner[2] <= outer[0] + outer[2] + 1e-9 and inner[1] + inner[3] <= outer[1] + outer[3] + 1e-9


def _overlap(a, b) -> bool:
    return a[0] < b[0] + b[2] - 1e-9 and b[0] < a[0] + a[2] - 1e-9 and a[1] < b[1] + b[3] - 1e-9 and b[1] < a[1] + a[3] - 1e-9


def test_seats_count_from_1_and_each_holds_its_dealt_cards_face_down_and_a_player_aid_face_up(engine, flat):
    table, findings = _plan(engine)
    assert findings == [] and table is not None
    assert [(s.id, s.name, s.index) for s in table.seats] == [(f"seat-{i}", f"Seat {i}", i) for i in range(1, SEATS + 1)]
    spots, gaps = _spots(table), []
    for seat in table.seats:
        cards, aids = spots[f"{seat.id}-cards"], spots[f"{seat.id}-aids"]
        assert (cards.holder, cards.label, len(cards.pieces)) == (True, seat.name, DEAL)
        assert all(p.face_up is False and p.collection.name == "Heroes" for p in cards.pieces)  # the tables' files write it as a boolean
        assert [(p.face_up, p.collection.kind) for p in aids.pieces] == [(True, "player-aids")] and not aids.holder
        assert seat.y == cards.y == aids.y and seat.x + seat.w < cards.x and cards.x + cards.w < aids.x  # marker, dealt cards, aid: a row
        cw, ch = 63.5 * table.scale, 88.9 * table.scale  # poker heroes and poker aids
        assert (cards.w, cards.h, aids.w, aids.h) == pytest.approx((cw + 8, ch + 8, cw, ch)), "a holder 4 px round its cards; the aid a card"
        assert (aids.label, aids.holder) == ("", False), "the seat's name is above its cards' holder, none above its aid"
        gaps.append(aids.x - (cards.x + cards.w))
    assert gaps == pytest.approx([12] * SEATS), "the table's one gap between pieces, after a holder wider than its seat's name"
    heroes = _collection(table, "cards", "Heroes")
    assert table.deals[0].deck == heroes.id and table.deals[0].each == DEAL
    assert table.deals[0].pile == f"pile-{heroes.id}" and table.homes()[heroes.id].id == table.deals[0].pile, "the deck lies in its draw pile"
    ids = [i for spot_ids in table.piece_ids().values() for i in spot_ids]
    assert len(set(ids)) == len(ids) == sum(len(s.pieces) for s in table.spots), "one widget id a piece, each once"
    numbers: dict = {}
    for i in ids:
        if i.startswith(f"card.{heroes.id}."):
            kind, n = i.removeprefix(f"card.{heroes.id}.").rsplit(".", 1)
            numbers.setdefault(kind, []).append(int(n))
    assert {kind: sorted(n) for kind, n in numbers.items()} == {kind: list(range(1, count + 1)) for kind, count in HEROES.items()}, \
        "each hero's copies numbered from 1"


def test_without_setup_seats_a_table_seats_the_most_players_and_deals_nothing(base, tmp_path, flat):
    root = _copy(base, tmp_path)
    _with_setup(root, "")
    table, _ = _plan(root)
    assert [s.index for s in table.seats] == [1, 2, 3, 4]  # players.max
    spots = _spots(table)
    assert not any(s.id.endswith("-cards") for s in spots.values())
    assert all(len(spots[f"seat-{i}-aids"].pieces) == 1 for i in range(1, 5)), "four aids, one at each of four seats: none left over"
    assert not any(s.holder and s.pieces and s.pieces[0].collection.kind == "player-aids" for s in spots.values())
    assert all(d.each == 0 and d.face_up == () for d in table.deals)
    assert table.players == "2-4" and table.title == "Tiny Test Game"


def test_a_solo_game_is_for_1_player_on_the_table_and_seats_one(base, tmp_path, flat):
    """A game for one player (`players: {min: 1, max: 1}`) is said as '1' in the table's details, the way a box says it,
    never as a range from 1 to 1; its table has the one seat."""
    root = _copy(base, tmp_path)
    _with_setup(root, "")
    game = root / "data/tiny/game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("players: {min: 2, max: 4}", "players: {min: 1, max: 1}"), encoding="utf-8")
    table, findings = _plan(root)
    assert table is not None, findings
    assert table.players == "1"
    assert [s.index for s in table.seats] == [1]


def test_every_card_of_a_deck_is_on_the_table_once_the_rest_face_down_in_its_pile_and_the_turned_one_face_up_beside_it(engine, flat):
    table, _ = _plan(engine)
    heroes = _collection(table, "cards", "Heroes")
    on_table = [p for s in table.spots for p in s.pieces if p.collection is heroes]
    assert Counter(p.type.id for p in on_table) == HEROES
    assert (heroes.types["knight"].name, heroes.types["att"].name) == ("<Knight>", "AT&T Agent"), "each card's name, from its data"
    deal = table.deals[0]
    pile = _spots(table)[deal.pile]
    assert pile.holder and pile.label == "Heroes" and len(pile.pieces) == sum(HEROES.values()) - SEATS * DEAL - FACE_UP
    assert all(p.face_up is False for p in pile.pieces)
    up = [s for s in table.spots if s.pieces and s.pieces[0].collection is heroes and s.pieces[0].face_up]
    assert len(up) == FACE_UP and len(up[0].pieces) == 1 and not up[0].holder
    assert deal.face_up == ((up[0].x, up[0].y),), "the deal turns a card up where the plan shows one"
    assert up[0].x >= pile.x + pile.w and up[0].y > pile.y, "beside the pile, inside its holder's edge"
    cw, ch = 63.5 * table.scale, 88.9 * table.scale
    assert (pile.w, pile.h) == pytest.approx((cw + 8, ch + 8)), "playingcards.io's holder: 4 px round its card (111 × 168 round 103 × 160)"
    assert (up[0].w, up[0].h, up[0].y - pile.y, up[0].label, up[0].holder) == (pytest.approx(cw), pytest.approx(ch), 4, "", False)
    coins = [s for s in table.spots if s.pieces and s.pieces[0].collection.id == "tokens-coins"]
    assert up[0].x - (pile.x + pile.w) == pytest.approx(coins[1].x - coins[0].x - coins[0].w), "the table's one gap between pieces"
    assert all(isinstance(s.id, str) and s.id for s in table.spots) and len({s.id for s in table.spots}) == len(table.spots)
    (plain_pile,) = [s for s in table.spots if s.pieces and s.pieces[0].collection.name == "Plain"]
    assert [p.type.id for p in plain_pile.pieces if not p.face_up] != [] and len(plain_pile.pieces) == 2


def test_a_decks_pile_is_shuffled_and_shuffled_alike_on_every_plan(engine, flat):
    first, _ = _plan(engine)
    again, _ = _plan(engine)
    order = [[p.type.id for p in s.pieces] for s in first.spots]
    assert order == [[p.type.id for p in s.pieces] for s in again.spots], "the same game plans the same table"
    dealt = [p.type.id for i in range(1, SEATS + 1) for p in _spots(first)[f"seat-{i}-cards"].pieces]
    data_order = [card for card, n in HEROES.items() for _ in range(n)]
    assert dealt != data_order[-len(dealt):][::-1] and dealt != data_order[: len(dealt)], "dealt from a shuffled pile"


def test_the_same_deck_in_another_game_is_shuffled_another_way(base, tmp_path, flat):
    root = _copy(base, tmp_path)
    shutil.copytree(root / "data/tiny", root / "data/other")
    engine = Engine(Project(root))
    orders = [[p.type.id for s in _plan(engine, decks=("heroes",), slug=slug)[0].spots for p in s.pieces] for slug in ("tiny", "other")]
    assert sorted(orders[0]) == sorted(orders[1]) and orders[0] != orders[1], "seeded by the game as well as the deck"


def test_a_cards_back_shows_its_own_back_its_decks_back_or_a_blank_grey_one(engine):
    table, _ = _plan(engine, dpi=72)
    heroes, plain = _collection(table, "cards", "Heroes"), _collection(table, "cards", "Plain")
    backs = {t.id: t.back.name for t in heroes.types.values()}
    assert len({backs[k] for k in HEROES if k != "twin"}) == 1, "one deck back for every card without its own"
    assert backs["twin"] != backs["knight"], "the twin has a back of its own"
    assert len({t.front.name for t in heroes.types.values()}) == len(HEROES) and backs["knight"] not in {t.front.name for t in heroes.types.values()}
    blank = {t.back.name for t in plain.types.values()}
    assert len(blank) == 1 and None not in blank
    (back,) = {t.back for t in plain.types.values()}
    image = Image.open(io.BytesIO(_bytes(back)))
    assert back.size == image.size == (180, 252) == plain.types["p1"].front.size  # a poker card at 72 px an inch
    assert image.convert("RGB").getpixel((90, 126)) == (0xD0, 0xD0, 0xD0)
    front = Image.open(io.BytesIO(_bytes(plain.types["p1"].front))).convert("RGB").getpixel((90, 126))
    assert all(abs(a - b) <= 8 for a, b in zip(front, (0x30, 0x60, 0xC0), strict=True)), "the front is the card's own face"


def test_tokens_without_a_back_have_none_and_each_item_is_a_stack_of_its_copies_face_up_named_once(engine, flat):
    table, _ = _plan(engine, dpi=72)
    for token_set, items in TOKENS.items():
        collection = next(c for c in table.collections if c.kind == "tokens" and c.id.endswith(token_set))
        stacks = [s for s in table.spots if s.pieces and s.pieces[0].collection is collection]
        assert {s.pieces[0].type.id: len(s.pieces) for s in stacks} == items
        assert all(p.face_up and not s.holder for s in stacks for p in s.pieces)
        assert [s.label for s in stacks] == [collection.name] + [""] * (len(stacks) - 1), "the set's name above its first stack"
        assert [s.y for s in stacks] == [stacks[0].y] * len(stacks) and [s.x for s in stacks] == sorted(s.x for s in stacks)
        assert all(b.x - a.x >= a.w for a, b in itertools.pairwise(stacks))
    shapes = {c.id.split("-")[-1]: c.shape for c in table.collections if c.kind == "tokens"}
    assert shapes == {"coins": "circle", "pawns": "hexagon", "shields": "rounded", "walls": "square", "notes": "rectangle", "hero": shapes["hero"]}
    assert shapes["hero"], "data/tiny/tokens.yaml's shapes"
    backed = {c.id.split("-")[-1]: {t.back is None for t in c.types.values()} for c in table.collections if c.kind == "tokens"}
    assert backed == {"coins": {False}, "pawns": {True}, "shields": {False}, "walls": {True}, "notes": {False}, "hero": {False}}
    aids = _collection(table, "player-aids", "Tiny · quick reference")
    assert all(t.back is not None and t.back.name != t.front.name for t in aids.types.values())
    coin = Image.open(io.BytesIO(_bytes(next(c for c in table.collections if c.id.endswith("coins")).types["coins-c1"].front)))
    assert coin.mode == "RGBA" and coin.getpixel((0, 0))[3] == 0 and coin.getpixel((coin.width // 2, coin.height // 2))[3] == 255, "cut round"
    card = Image.open(io.BytesIO(_bytes(_collection(table, "cards", "Heroes").types["knight"].front)))
    assert card.mode == "RGB", "a rectangular card needs no cut: no alpha"


def test_each_picture_is_named_for_its_piece_and_side_and_is_at_least_a_pixel(engine, flat):
    table, _ = _plan(engine)
    heroes, plain = _collection(table, "cards", "Heroes"), _collection(table, "cards", "Plain")
    assert heroes.types["knight"].front.name.startswith("heroes-knight-front-") and heroes.types["twin"].back.name.startswith("heroes-twin-back-")
    assert heroes.types["knight"].back.name.startswith("heroes-back-"), "a back several cards share is named for the deck"
    assert plain.types["p1"].back.name.startswith("plain-blank-back-")
    coarse, _ = _plan(engine, dpi=1)  # 1 px an inch: a poker card 2 × 3 px, a 20 mm coin under a pixel
    assert _collection(coarse, "cards", "Plain").types["p1"].front.size == (2, 3)
    coin = next(c for c in coarse.collections if c.id.endswith("coins")).types["coins-c1"]
    assert coin.front.size == coin.back.size == (1, 1), "a picture is at least a pixel each way"


def test_the_aids_past_one_a_seat_wait_face_up_in_a_pile_and_only_decks_are_dealt(engine, flat):
    table, _ = _plan(engine)
    left = [s for s in table.spots if s.pieces and s.pieces[0].collection.kind == "player-aids" and not s.id.startswith("seat-")]
    assert len(left) == 1 and left[0].holder and len(left[0].pieces) == AIDS - SEATS and left[0].pieces[0].face_up
    assert left[0].label == "Tiny · quick reference"
    assert sorted(d.deck for d in table.deals) == sorted(c.id for c in table.collections if c.kind == "cards"), "one deal a deck, none for the aids"


def test_dice_are_on_the_table_one_a_copy_each_with_its_faces_numbered_from_1(engine, flat):
    table, _ = _plan(engine, dpi=72)
    assert len(table.dice) == 2 and len({d.id for d in table.dice}) == 2
    (dice,) = [c for c in table.collections if c.kind == "dice"]
    assert all(d.collection is dice and d.name == "six" for d in table.dice)
    assert [(k, t.id, t.name, t.back) for k, t in dice.types.items()] == [(f"f{n}", f"f{n}", str(n), None) for n in range(1, 7)]
    assert [t.front.name.split("-")[:2] for t in dice.types.values()] == [["six", str(n)] for n in range(1, 7)], "each face's picture named for it"
    assert dice.shape == "d6" and "six" in dice.id and all("six" in d.id for d in table.dice)
    assert {t.front.size for t in dice.types.values()} == {(45, 45)}, "a 16 mm face at 72 px an inch"
    side = max(36, 16 * table.scale)  # a die is at least 36 px, to be clicked
    assert all((d.w, d.h) == (side, side) for d in table.dice) and dice.size == (side, side)
    assert table.dice[1].x >= table.dice[0].x + side and table.dice[1].y == table.dice[0].y


def test_an_export_of_some_decks_puts_only_those_decks_on_the_table_at_the_tables_own_scale(engine, flat):
    table, _ = _plan(engine, decks=("plain",))
    assert [c.name for c in table.collections] == ["Plain"] and table.dice == [] and table.boards == []
    plain = table.collections[0]
    assert plain.size[1] == pytest.approx(POKER_PX) and plain.size[0] == pytest.approx(63.5 * POKER_PX / 88.9)
    assert table.hand[3] == pytest.approx(POKER_PX + 8), "the hand holds a card with its holder's edge"


def test_pictures_are_named_by_their_bytes_held_once_and_drawn_at_the_exports_resolution_up_to_150(engine, flat):
    table, _ = _plan(engine, dpi=10)
    used = {t.front.name for c in table.collections for t in c.types.values()} | {t.back.name for c in table.collections for t in c.types.values() if t.back}
    used |= {b.picture.name for b in table.boards}
    assert used == set(table.pictures)
    for picture in table.pictures.values():
        assert picture.name.endswith("-" + hashlib.sha256(_bytes(picture)).hexdigest()[:10] + ".png")
        assert Image.open(io.BytesIO(_bytes(picture))).size == picture.size
    heroes = _collection(table, "cards", "Heroes")
    assert heroes.types["knight"].front.size == (int(63.5 * 10 / 25.4), int(88.9 * 10 / 25.4))
    fine, _ = _plan(engine, dpi=600, decks=("plain",))
    assert fine.collections[0].types["p1"].front.size == (375, 525), "a poker card at 150 px an inch, however fine the export"


def test_a_board_keeps_its_true_size_beside_the_cards_and_its_picture_is_at_most_2048_px(engine, flat):
    table, _ = _plan(engine)
    heroes = _collection(table, "cards", "Heroes")
    town = next(b for b in table.boards if b.name == "Tiny Town")
    assert (town.w / 380, town.h / 300) == pytest.approx((table.scale, table.scale))
    assert heroes.size == pytest.approx((63.5 * table.scale, 88.9 * table.scale))
    assert (town.x, town.y) == (20, 20), "the boards first, from the top-left inside the margin"
    assert town.picture.size == (int(380 * 10 / 25.4), int(300 * 10 / 25.4))
    fine, _ = _plan(engine, dpi=600)
    town = next(b for b in fine.boards if b.name == "Tiny Town")
    assert town.picture.size == (2048, int(300 * 2048 / 380)), "380 mm at 150 px an inch is 2244 px: its long side held to 2048"
    scores = next(b for b in fine.boards if b.name == "Score sheet")
    assert scores.picture.size == (int(180 * 150 / 25.4), int(240 * 150 / 25.4)), "240 mm at 150 px an inch: 1417 px, under the cap"


def _boxes(table: Table) -> list[tuple[str, float, float, float, float]]:
    """Every box on the table (id, x, y, w, h): a spot's with the name above it (LABEL_PX high)."""
    boxes = [(p.id, p.x, p.y, p.w, p.h) for p in table.boards + table.dice + table.seats]
    boxes += [(s.id, s.x, s.y - (LABEL_PX if s.label else 0), s.w, s.h + (LABEL_PX if s.label else 0)) for s in table.spots]
    return [*boxes, ("hand", *table.hand), ("controls", *table.controls)]


def test_everything_lies_on_the_surface_inside_its_margin_and_nothing_overlaps(engine, flat):
    table, _ = _plan(engine)
    boxes = _boxes(table)
    assert len({b[0] for b in boxes}) == len(boxes), "each widget's id once"
    assert len({c.id for c in table.collections}) == len(table.collections) and all(isinstance(c.id, str) for c in table.collections)
    assert {c.id for c in table.collections} == {"deck-heroes", "deck-plain", "aids-player-aids", "dice-six",
                                                 *(f"tokens-{s}" for s in TOKENS)}, "each named for its kind and its component's id"
    assert [b.id for b in table.boards] == ["board-town", "board-scores"], "a board's widget named for its board"
    for _, *box in boxes:
        assert _inside(box, (20, 20, SURFACE[0] - 40, SURFACE[1] - 40)), box
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert not _overlap(a[1:], b[1:]), (a, b)
    hand, controls = table.hand, table.controls
    assert hand[0] == 20 and hand[1] + hand[3] == SURFACE[1] - 20 and controls[0] + controls[2] == SURFACE[0] - 20
    assert controls[1] == hand[1] and controls[3] == hand[3] and controls[0] > hand[0] + hand[2]
    assert hand[3] == pytest.approx(max(100, 88.9 * table.scale + 8)), "a card in the hand, with its holder's edge"
    assert table.scale < 160 / 88.9, "the tiny game does not fit at a poker card's 160 px"


def test_the_blocks_come_boards_first_then_piles_then_tokens_then_dice_then_the_seats(engine, flat):
    table, _ = _plan(engine)
    spots = _spots(table)
    pile, coins = spots[table.deals[0].pile], next(s for s in table.spots if s.label == "Coins")

    def order(box, label=0):  # a block's top-left: a holder's or a stack's name is above it
        return (round(box.y - label, 6), box.x)
    assert order(table.boards[0]) < order(table.boards[1]) < order(pile, 24) < order(coins, 24) < order(table.dice[0])
    seat_top = min(s.y - 24 for s in table.seats)
    assert all(d.y + d.h < seat_top for d in table.dice) and max(b.y + b.h for b in table.boards) < seat_top, "the seats' row below every block"
    aids = next(s for s in table.spots if s.holder and s.pieces and s.pieces[0].collection.kind == "player-aids")
    assert order(pile, 24) < order(aids, 24) < order(coins, 24), "the aids left over are a pile, among the piles"


@pytest.mark.parametrize(("setup", "code", "at"), [
    ("setup:\n  seats: 3\n  deal: {heroes: 2, villains: 1}\n", "setup-deck", "villains"),
    ("setup:\n  seats: 3\n  face_up: {villains: 1}\n", "setup-deck", "villains"),
    ("setup:\n  seats: 3\n  deal: {heroes: 4}\n  face_up: {heroes: 1}\n", "setup-count", "4}"),  # 3 × 4 + 1 = 13 of 12: at the deal
    ("setup:\n  seats: 3\n  face_up: {heroes: 13}\n", "setup-count", "13"),
], ids=["deal-names-no-deck", "face-up-names-no-deck", "deals-too-many", "turns-up-too-many"])
def test_a_setup_that_names_no_deck_or_asks_too_many_cards_is_an_error_where_it_asks_and_plans_nothing(base, tmp_path, setup, code, at, flat):
    """A deck the game has not is said at its name, too many cards at the count that asks for them (the deal's, when it deals)."""
    root = _copy(base, tmp_path)
    _with_setup(root, setup)
    table, findings = _plan(root, decks=("heroes",))  # the heroes alone: what the count is checked against
    assert table is None and [f.code for f in findings] == [code]
    lines = (root / "data/tiny/game.yaml").read_text(encoding="utf-8").splitlines()
    row = max(i for i, line in enumerate(lines) if at in line)  # in the setup, at the end
    assert (findings[0].loc.line, findings[0].loc.col) == (row + 1, lines[row].index(at) + 1)
    assert findings[0].severity == "error"


def test_a_setup_that_takes_every_card_is_planned_with_an_empty_pile(base, tmp_path, flat):
    root = _copy(base, tmp_path)
    _with_setup(root, "setup:\n  seats: 3\n  deal: {heroes: 3}\n  face_up: {heroes: 3}\n")  # 3 × 3 + 3 = all 12
    table, findings = _plan(root, decks=("heroes",))
    assert findings == [] and table is not None
    assert _spots(table)[table.deals[0].pile].pieces == [] and len(table.deals[0].face_up) == 3
    xs = [x for x, _ in table.deals[0].face_up]
    cw = 63.5 * table.scale
    assert [b - a for a, b in itertools.pairwise(xs)] == pytest.approx([cw + 12] * 2), "turned up in a row, a card and the table's gap apart"


def test_a_face_that_fails_stops_the_plan_with_its_error(base, tmp_path, flat):
    root = _copy(base, tmp_path)
    (root / "templates/tiny/plain.j2").write_text("{{ rect(0, 0, face.w, face.h, fill=card.nope) }}\n", encoding="utf-8")
    table, findings = _plan(root, decks=("plain",))
    assert table is None and {f.severity for f in findings} == {"error"} and all("nope" in f.message for f in findings)  # one a card


def test_a_setups_findings_say_what_to_fix_one_a_mistake(base, tmp_path, flat):
    root = _copy(base, tmp_path)
    _with_setup(root, "setup:\n  seats: 3\n  deal: {villains: 1, monsters: 1}\n")
    _, findings = _plan(root, decks=("heroes",))
    assert [f.message for f in findings] == [f"setup.deal names deck '{d}', which this game has not: name one of heroes, plain" for d in ("villains", "monsters")]
    assert {f.game for f in findings} == {"tiny"}
    _with_setup(root, "setup:\n  seats: 3\n  deal: {heroes: 4}\n  face_up: {heroes: 1}\n")
    _, findings = _plan(root, decks=("heroes",))
    assert [(f.message, f.game) for f in findings] == [("setup asks for 3 × 4 cards dealt and 1 face up from deck 'heroes', which has 12: "
                                                        "deal fewer (or set setup.seats)", "tiny")]


def test_a_setup_that_only_deals_turns_no_card_up(base, tmp_path, flat):
    root = _copy(base, tmp_path)
    _with_setup(root, "setup:\n  seats: 3\n  deal: {heroes: 2}\n")
    table, _ = _plan(root, decks=("heroes",))
    assert table.deals[0].face_up == () and not any(p.face_up for s in table.spots for p in s.pieces)
    assert len(_spots(table)["pile-deck-heroes"].pieces) == sum(HEROES.values()) - SEATS * DEAL


def test_a_die_whose_face_fails_stops_the_plan_with_its_error(base, tmp_path, flat):
    root = _copy(base, tmp_path)
    (root / "templates/tiny/die.j2").write_text("{{ rect(0, 0, face.w, face.h, fill=die_face.nope) }}\n", encoding="utf-8")
    table, findings = _plan(root)
    assert table is None and findings and {f.severity for f in findings} == {"error"}
