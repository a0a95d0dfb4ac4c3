"""The online tables (issue 68): playingcards.io and virtualtabletop.io files read back as their importers read them,
sprite sheets as a game engine reads them, Tabletop Simulator's dice and content-named images.

Expected counts come from the game's data files; the checks on each file are
the public importers' (tests/table_readers.py), not pnp's writers'.
"""
from __future__ import annotations

import colorsys
import json
import math
import shutil
from pathlib import Path

import pytest
from conftest import EXPORT_BASE_URL, ROOT, TEST_PROJECT, build_log_path, run_pnp
from PIL import Image
from table_readers import VTT_2024, read_pcio, read_vtt, read_vtt_box, vtt_size
from table_routines import Room
from test_export import GAMES, _expected

DPI = 72  # the exports' images at the lowest resolution the CLI takes: sizes stay exact, rendering stays cheap
CARD_PX = (math.floor(63.5 * DPI / 25.4), math.floor(88.9 * DPI / 25.4))  # a poker card's image at DPI: 180 × 252
SEATS, DEAL, FACE_UP = 3, 2, 1
HEROES = 12  # the tiny game's hero cards (data/tiny/decks/heroes.yaml)
TOKENS = {"coins": 12, "pawns": 6, "shields": 4, "walls": 6, "notes": 5, "hero": 2}  # copies, from data/tiny/tokens.yaml
DICE = {"six": ("d6", 2), "eight": ("d8", 1), "ten": ("d10", 1)}  # id: shape, count


def _colours(n: int) -> list[str]:
    """n colours far apart: face i + 1 of a die is painted colour i, to find where each face lands."""
    return ["#{:02x}{:02x}{:02x}".format(*tuple(round(c * 255) for c in colorsys.hsv_to_rgb(i / n, 0.9, 0.95))) for i in range(n)]


def _near(rgb, hex_value: str, tolerance: int = 30) -> bool:
    return all(abs(a - int(hex_value[i : i + 2], 16)) <= tolerance for a, i in zip(rgb, (1, 3, 5), strict=True))


def _with_dice_and_setup(root: Path) -> None:
    """The tiny game with three dice (each face its own colour and number) and a setup: 3 seats, 2 heroes each, 1 up."""
    lines = ["dice:"]
    for die_id, (shape, count) in DICE.items():
        faces = ", ".join(f"{{bg: '{c}', n: {i + 1}}}" for i, c in enumerate(_colours(int(shape[1:]))))
        lines.append(f"  - {{id: {die_id}, shape: {shape}, size: 18, count: {count}, color: '#ffffff', face: tiny/die.j2, faces: [{faces}]}}")
    (root / "data/tiny/dice.yaml").write_text("\n".join(lines) + "\n")
    (root / "templates/tiny/die.j2").write_text(
        "{{ rect(0, 0, face.w, face.h, fill=die_face.bg, edge=true) }}\n"
        "{{ text(die_face.n|string, 0, 0, face.w, face.h * 0.3, size=6, min_size=2, align='center', valign='top') }}\n")  # its middle: the colour
    game = root / "data/tiny/game.yaml"
    game.write_text(game.read_text() + f"setup:\n  seats: {SEATS}\n  deal: {{heroes: {DEAL}}}\n  face_up: {{heroes: {FACE_UP}}}\n")


def _export(root: Path, fmt: str, out: Path, *extra: str):
    result = run_pnp(root, "export", "tiny", "--format", fmt, "--dpi", str(DPI), "--no-validate", "--out", str(out), *extra)
    assert result.exit_code == 0, result.output + result.stderr
    return result


@pytest.fixture(scope="session")
def tables_game(tmp_path_factory):
    """The tiny game with dice and a setup (`_with_dice_and_setup`) exported once to pcio, vtt, sprites and tts:
    (project root, out folder). Read-only."""
    root = tmp_path_factory.mktemp("tables") / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    _with_dice_and_setup(root)
    out = root.parent / "out"
    log = ""
    for fmt in ("pcio", "vtt", "sprites", "tts"):
        log += _export(root, fmt, out, "--base-url", EXPORT_BASE_URL).output
    build_log_path(out).write_text(log, encoding="utf-8")
    return root, out


# playingcards.io and virtualtabletop.io -----------------------------------------------------------

def _pcio_cards(table, deck_id: str) -> list[dict]:
    return [w for w in table.widgets.values() if w["type"] in ("card", "piece") and w["deck"] == deck_id]


def test_a_pcio_file_reads_back_whole_with_every_piece_of_the_game(tables_game):
    """Every widget the importer needs, ids unique, every image in the file at its size, the data's counts, all on the
    surface; a board as large beside a card as on the table."""
    _, out = tables_game
    table = read_pcio(out / "tiny/pcio/tiny.pcio")
    assert table.problems == []
    decks = {w["label"]: w for w in table.of_type("cardDeck")}
    assert len(_pcio_cards(table, decks["Heroes"]["id"])) == HEROES
    sets = {name: w for name, w in decks.items() if w["collectionType"] == "pieces"}
    assert {name: len(_pcio_cards(table, w["id"])) for name, w in sets.items()} == \
        {"Coins": 12, "Pawns": 6, "Shields": 4, "Walls": 6, "Bank notes": 5, "Hero standee": 2}
    for card_type in decks["Heroes"]["cardTypes"].values():
        assert table.images[card_type["face"]].size == table.images[card_type["back"]].size == CARD_PX
    boards = {round(w["width"] / w["height"], 2): w for w in table.of_type("board")}
    assert sorted(boards) == [round(180 / 240, 2), round(380 / 300, 2)]  # two boards, each in its proportions
    town = boards[round(380 / 300, 2)]
    assert town["width"] / decks["Heroes"]["cardWidth"] == pytest.approx(380 / 63.5, rel=0.01)  # a board at its true size
    assert table.images[town["boardImage"]].size[0] / table.images[town["boardImage"]].size[1] == pytest.approx(380 / 300, rel=0.01)
    dice = table.of_type("dice")
    assert len(dice) == sum(count for _, count in DICE.values())
    for die in dice:
        faces = table.widgets[die["deck"]]["cardTypes"]
        assert len(faces) in (6, 8, 10) and all(table.images[f["image"]].width == table.images[f["image"]].height for f in faces.values())
    assert len(table.of_type("seat")) == SEATS and len(table.of_type("hand")) == 1
    assert sorted(w["seatIndex"] for w in table.of_type("seat")) == list(range(SEATS))  # PCIO numbers its seats from 0


def test_a_vtt_room_file_loads_whole_with_every_piece_of_the_game(tables_game):
    """The room file as the server loads it and the client draws it: one numbered state with its version, every asset
    named as the server names it, every card of a deck and type it has, the data's counts, all on the surface."""
    _, out = tables_game
    table = read_vtt(out / "tiny/vtt/tiny.vtt")
    assert table.problems == []
    cards = table.of_type("card")
    decks = {w["id"]: w for w in table.of_type("deck")}
    by_deck = {d: sum(1 for c in cards if c["deck"] == d) for d in decks}
    assert sorted(by_deck.values()) == sorted([HEROES, 4, *TOKENS.values()])  # heroes, the 4 player aids, each token set
    heroes = next(d for d, n in by_deck.items() if n == HEROES)
    for card_type in decks[heroes]["cardTypes"].values():
        assert table.images[card_type["face"]].size == CARD_PX
    assert vtt_size(next(c for c in cards if c["deck"] == heroes), table.widgets) == pytest.approx(
        (decks[heroes]["cardDefaults"]["width"], 88.9 / 63.5 * decks[heroes]["cardDefaults"]["width"]), abs=0.5)
    boards = [w for w in table.widgets.values() if "image" in w and w.get("layer") == -4]
    town = max(boards, key=lambda w: w["width"])
    assert town["width"] / decks[heroes]["cardDefaults"]["width"] == pytest.approx(380 / 63.5, rel=0.01)
    dice = table.of_type("dice")
    assert sorted(len(d["faces"]) for d in dice) == [6, 6, 8, 10]
    assert all(table.images[f["image"]].size[0] == table.images[f["image"]].size[1] for d in dice for f in d["faces"])
    assert sorted(w["index"] for w in table.of_type("seat")) == list(range(1, SEATS + 1))


def test_setup_deals_each_seat_its_cards_and_turns_cards_up_beside_the_deck(tables_game):
    """game.yaml's setup: 3 seats, 2 heroes dealt face down to each, 1 turned face up; a player aid face up at each
    seat; the rest of the heroes in their draw pile, face down."""
    _, out = tables_game
    pcio = read_pcio(out / "tiny/pcio/tiny.pcio")
    heroes = next(w for w in pcio.of_type("cardDeck") if w["label"] == "Heroes")
    cards = _pcio_cards(pcio, heroes["id"])
    by_holder: dict = {}
    for card in cards:
        by_holder.setdefault(card.get("parent"), []).append(card)
    seats = [h for h in pcio.of_type("holder") if h["label"].startswith("Seat")]
    assert len(seats) == SEATS and all(len(by_holder[h["id"]]) == DEAL and not any(c["faceup"] for c in by_holder[h["id"]]) for h in seats)
    loose = by_holder.get(None, [])
    assert len(loose) == FACE_UP and all(c["faceup"] for c in loose)
    (pile,) = [h for h in pcio.of_type("holder") if h["label"] == "Heroes"]
    assert len(by_holder[pile["id"]]) == HEROES - SEATS * DEAL - FACE_UP and not any(c["faceup"] for c in by_holder[pile["id"]])
    aids = next(w for w in pcio.of_type("cardDeck") if w["id"].startswith("aids"))
    assert sum(1 for c in _pcio_cards(pcio, aids["id"]) if c["faceup"]) == 4  # the reference's 4 copies: one at each of 3 seats, 1 left over
    vtt = read_vtt(out / "tiny/vtt/tiny.vtt")
    in_seats = [c for c in vtt.of_type("card") if _holder_of(c, vtt.widgets).startswith("seat-") and c["deck"] == heroes["id"]]
    assert len(in_seats) == SEATS * DEAL and not any(c.get("activeFace") for c in in_seats)


def test_each_browser_table_file_comes_with_a_readme_saying_which_table_takes_it(tables_game):
    """The .vtt goes to virtualtabletop.io, the .pcio to PlayingCards.io (a virtualtabletop.io server of 2024 loses a
    .pcio file's card holders): each folder's README.txt says so, names its file and the command for the other."""
    _, out = tables_game
    assert sorted(p.name for p in (out / "tiny/vtt").iterdir()) == ["README.txt", "tiny.vtt"]
    assert sorted(p.name for p in (out / "tiny/pcio").iterdir()) == ["README.txt", "tiny.pcio"]
    vtt = " ".join((out / "tiny/vtt/README.txt").read_text(encoding="utf-8").split())
    pcio = " ".join((out / "tiny/pcio/README.txt").read_text(encoding="utf-8").split())
    assert "upload tiny.vtt" in vtt and "for virtualtabletop.io only" in vtt and "pnp export tiny --format pcio" in vtt and "Deal" in vtt
    assert "import tiny.pcio" in pcio and "for PlayingCards.io only" in pcio and "pnp export tiny --format vtt" in pcio
    assert "virtualtabletop.io" not in pcio.split("only")[0]  # the .pcio is not offered to virtualtabletop.io


def _vtt_shown(card: dict, table) -> bytes:
    """The picture a virtualtabletop.io card shows, as card.js draws it: its deck's face template at the card's
    activeFace (0 when it names none), whose image reads the card type's property that template names."""
    deck = table.widgets[card["deck"]]
    template = deck["faceTemplates"][card.get("activeFace", 0)]
    (key,) = {o["dynamicProperties"]["value"] for o in template["objects"] if o.get("dynamicProperties")}
    return table.images[deck["cardTypes"][card["cardType"]][key]].tobytes()


def test_a_card_face_down_shows_its_back_and_one_turned_up_its_front(tables_game):
    """Dealt and piled cards lie face down and the card turned up beside the deck face up, in each table: what each
    shows is read through the file as the table reads it. The heroes share one back but the twin, who has one of its
    own (data/tiny/decks/heroes.yaml), and no hero's back is its front."""
    _, out = tables_game
    vtt = read_vtt(out / "tiny/vtt/tiny.vtt")
    heroes = next(d for d in vtt.of_type("deck") if sum(1 for c in vtt.of_type("card") if c["deck"] == d["id"]) == HEROES)
    cards = [c for c in vtt.of_type("card") if c["deck"] == heroes["id"]]
    fronts = {t: vtt.images[v["face"]].tobytes() for t, v in heroes["cardTypes"].items()}
    up = [c for c in cards if not _holder_of(c, vtt.widgets)]  # beside the pile; the others in a seat's or the pile's holder
    assert len(up) == FACE_UP and all(_vtt_shown(c, vtt) == fronts[c["cardType"]] for c in up)
    shown: dict = {}
    for card in (c for c in cards if c not in up):
        shown.setdefault(card["cardType"], set()).add(_vtt_shown(card, vtt))
    _one_back_and_the_twins(shown, fronts)
    pcio = read_pcio(out / "tiny/pcio/tiny.pcio")
    types = next(w for w in pcio.of_type("cardDeck") if w["label"] == "Heroes")["cardTypes"]
    _one_back_and_the_twins({t: {pcio.images[v["back"]].tobytes()} for t, v in types.items()}, {t: pcio.images[v["face"]].tobytes() for t, v in types.items()})


def _one_back_and_the_twins(backs: dict, fronts: dict) -> None:
    """Each hero type shows one back, not its front: the twin's own, and one other that every other type shares."""
    assert sorted(backs) == sorted(fronts) and all(len(b) == 1 and fronts[t] not in b for t, b in backs.items())
    twin = next(t for t in backs if "twin" in t.lower())
    shared = {b for t, s in backs.items() if t != twin for b in s}
    assert len(shared) == 1 and backs[twin] != shared


def test_a_tts_deck_lies_face_down_and_each_card_shows_its_own_back(tables_game):
    """A Tabletop Simulator deck is a draw pile: face down (turned 180° about z), boards face up. The heroes' backs
    sheet holds each card's back in the cell its front holds on the faces sheet (CardID = key × 100 + cell, cells
    read row by row), as TTS pairs them: no back is its front, the twin's is its own, the others share one."""
    _, out = tables_game
    folder = out / "tiny/tts"
    objects = json.loads((folder / "tiny-tts-save.json").read_text())["ObjectStates"]
    decks = [o for o in objects if o["Name"] == "DeckCustom"]
    assert decks and all(o["Transform"]["rotZ"] == 180 for o in decks)
    assert all(o["Transform"]["rotZ"] == 0 for o in objects if o["Name"] == "Custom_Board")
    heroes = next(o for o in decks if o["Nickname"].endswith("Heroes"))
    ((key, sheet),) = heroes["CustomDeck"].items()
    faces, backs = (Image.open(_local(sheet[url], folder)).convert("RGB") for url in ("FaceURL", "BackURL"))
    cw, ch = faces.width // sheet["NumWidth"], faces.height // sheet["NumHeight"]

    def cell(image, card_id: int) -> bytes:
        assert card_id // 100 == int(key)
        col, row = card_id % 100 % sheet["NumWidth"], card_id % 100 // sheet["NumWidth"]
        return image.crop((col * cw, row * ch, (col + 1) * cw, (row + 1) * ch)).tobytes()

    cards = heroes["ContainedObjects"]
    assert len(cards) == HEROES
    _one_back_and_the_twins({c["Nickname"]: {cell(backs, c["CardID"])} for c in cards}, {c["Nickname"]: cell(faces, c["CardID"]) for c in cards})

def _holder_of(widget: dict, widgets: dict) -> str:
    node = widgets.get(widget.get("parent"))
    while node is not None and node.get("type") != "holder":
        node = widgets.get(node.get("parent"))
    return node["id"] if node else ""


def _heroes_room(out: Path, seed: int = 0, seated: int = SEATS) -> tuple[Room, str]:
    """The room as exported, every hero card first taken into Ann's hand face up (a game under way) and `seated`
    players at the first seats: the room and the heroes' deck id."""
    table = read_vtt(out / "tiny/vtt/tiny.vtt")
    room = Room(table.widgets, seed)
    heroes = next(d["id"] for d in table.of_type("deck") if d["id"].startswith("deck-heroes"))
    for card in room.cards(heroes):
        card.update({"parent": "hand", "owner": "Ann", "activeFace": 1})
    for n in range(1, seated + 1):
        room.sit(f"seat-{n}", ["Ann", "Bob", "Cy"][n - 1])
    return room, heroes


def _button(room: Room, text: str) -> str:
    (button,) = [w["id"] for w in room.widgets.values() if w.get("type") == "button" and w.get("text") == text and not w.get("parent")]
    return button


def _where(room: Room, deck: str) -> dict:
    """Where each card of the deck lies: a seat's id for a card in its player's hand, else its holder (None: loose)."""
    where: dict = {}
    hands = {c["id"]: seat for seat in (w["id"] for w in room.widgets.values() if w.get("type") == "seat") for c in room.hand_of(seat)}
    for card in room.cards(deck):
        where.setdefault(hands.get(card["id"], room.holder_of(card)), []).append(card)
    return where


@pytest.mark.parametrize("seated", [1, SEATS])
def test_the_deal_button_gathers_shuffles_and_deals_the_hands_of_the_players_seated(tables_game, seated):
    """Played by the routine engine's rules (tests/table_routines.py) on the room under way: the hand of each player
    seated gets 2 heroes, which they alone see face up; an empty seat gets none; 1 lies face up on the table clear of
    every holder; the rest are face down in the draw pile; no card is lost or doubled; another shuffle deals other
    hands."""
    _, out = tables_game
    hands = set()
    for seed in range(4):
        room, heroes = _heroes_room(out, seed, seated)
        room.click(_button(room, "Deal"), "Ann")
        assert room.problems == []
        where = _where(room, heroes)
        assert sorted(h for h in where if h and h.startswith("seat-")) == [f"seat-{n}" for n in range(1, seated + 1)]
        for n, player in enumerate(["Ann", "Bob", "Cy"][:seated], 1):  # in the hand holder, owned by the seat's player
            assert len(where[f"seat-{n}"]) == DEAL and all(c["activeFace"] == 1 and c["owner"] == player for c in where[f"seat-{n}"])
        (pile,) = [h for h in where if h and h.startswith("pile-")]
        assert len(where[pile]) == HEROES - seated * DEAL - FACE_UP and all(c["activeFace"] == 0 for c in where[pile])
        assert len(where[None]) == FACE_UP and all(c["activeFace"] == 1 for c in where[None]) and "hand" not in where
        assert sum(len(v) for v in where.values()) == len({c["id"] for v in where.values() for c in v}) == HEROES
        holders = [read_vtt_box(h, room.widgets) for h in room.widgets.values() if h.get("type") == "holder"]
        for card in where[None]:
            box = read_vtt_box(card, room.widgets)
            assert not any(_overlap(box, other) for other in holders)
        hands.add(tuple(sorted(c["id"] for c in where["seat-1"])))
    assert len(hands) > 1
    order = [c["id"] for c in room.children(pile)]
    (shuffle,) = [w["id"] for w in room.widgets.values() if w.get("type") == "button" and w.get("parent") == pile]  # on the pile's name row
    room.click(shuffle)
    assert room.problems == [] and sorted(c["id"] for c in room.children(pile)) == sorted(order) and [c["id"] for c in room.children(pile)] != order


def test_deal_deals_once_and_says_so_until_reset_gathers_every_card_face_down_into_its_draw_pile(tables_game):
    """A second press of Deal changes nothing (a second deal would gather the cards of a game under way) and the
    button reads Dealt; Reset gathers every hero back face down, leaves the aids, and Deal deals again."""
    _, out = tables_game
    room, heroes = _heroes_room(out)
    aids = {c["id"]: c.get("parent") for c in room.widgets.values() if c.get("type") == "card" and c["deck"].startswith("aids")}
    deal = _button(room, "Deal")
    room.click(deal, "Bob")
    after_one = {k: dict(v) for k, v in room.widgets.items()}
    assert room.widgets[deal]["text"] == "Dealt"
    room.click(deal, "Bob")
    assert room.problems == [] and room.widgets == after_one
    room.click(_button(room, "Reset"), "Cy")
    assert room.problems == [] and room.widgets[deal]["text"] == "Deal"
    assert {room.holder_of(c) for c in room.cards(heroes)} == {f"pile-{heroes}"} and not any(c["activeFace"] or c.get("owner") for c in room.cards(heroes))
    assert {c["id"]: c.get("parent") for c in room.widgets.values() if c.get("type") == "card" and c["deck"].startswith("aids")} == aids
    room.click(deal, "Cy")
    assert room.problems == [] and len(room.hand_of("seat-2")) == DEAL and room.widgets[deal]["text"] == "Dealt"


def _overlap(a, b) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def test_a_vtt_room_loads_on_a_2024_server_and_reads_well(tables_game):
    """The file's version is one a server of 2024 takes (it refuses a newer one) and uses no name that came later (a
    seat's emptyText and seatedText are version 22's); a card under the pointer shows at least twice the tables' own
    160 px card, a token at least as big as it; every name's text fits its box and no two names overlap; a seat's text fits inside its marker's
    7 px border (client/css/widgets/seat.css: bold, 25 px unless its css says)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    _, out = tables_game
    table = read_vtt(out / "tiny/vtt/tiny.vtt")
    assert table.version <= VTT_2024
    seats = table.of_type("seat")
    assert seats and not any("emptyText" in s or "seatedText" in s for s in seats)
    for deck in table.of_type("deck"):
        if deck["id"].startswith(("deck-", "aids-")):
            assert deck["cardDefaults"]["height"] * deck["cardDefaults"].get("enlarge", 1) >= 2 * 160, deck["id"]
        elif deck["id"].startswith("tokens-"):  # a token, some 10-20 px on the table, shown at least as big as the tables' own card
            defaults = deck["cardDefaults"]
            assert max(defaults["width"], defaults["height"]) * defaults.get("enlarge", 1) >= 160, deck["id"]
    labels = [(w["text"], read_vtt_box(w, table.widgets)) for w in table.of_type("label")]
    for text, box in labels:
        assert stringWidth(text, "Helvetica", 16) <= box[2], text
    labels += [(w["text"], read_vtt_box(w, table.widgets)) for w in table.of_type("button")]  # a deck's Shuffle on its name's row
    for n, (text, box) in enumerate(labels):
        assert not any(_overlap(box, other) for _, other in labels[n + 1 :]), text
    for seat in seats:
        size = float(seat.get("css", "font-size: 25px").split("font-size:")[1].split("px")[0])
        for shown in (seat.get("displayEmpty", "click to sit"), seat.get("display", "playerName")):
            text = shown.replace("seatIndex", str(seat["index"])).replace("playerName", "Ann")
            assert stringWidth(text, "Helvetica-Bold", size) <= seat["width"] - 2 * 7, (seat["id"], text)


def test_a_setup_that_names_no_deck_or_deals_too_many_is_an_error_at_its_key(project):
    game = project / "data/tiny/game.yaml"
    game.write_text(game.read_text() + "setup:\n  deal: {villains: 2, heroes: 4}\n")  # 4 seats (players.max) × 4 heroes: 16 of 12
    result = run_pnp(project, "export", "tiny", "--format", "vtt", "--no-validate")
    assert result.exit_code == 1
    lines = game.read_text().splitlines()
    row = next(i for i, line in enumerate(lines, 1) if line.startswith("  deal:"))
    assert f"data/tiny/game.yaml:{row}:" in result.output and "setup.deal names deck 'villains'" in result.output
    assert "setup asks for 4 × 4 cards dealt and 0 face up from deck 'heroes', which has 12" in result.output
    assert not (project / "output/tiny/vtt").exists()


@pytest.mark.parametrize("game", GAMES)
def test_each_shipped_game_exports_to_both_browser_tables_and_to_sprites(game, shipped_export):
    """The shared export of each shipped game (conftest.shipped_export: --format all) read as the importers read it, its
    virtualtabletop.io room in a format a 2024 server takes (its Deal button: tests/test_vtt_deal.py)."""
    out = shipped_export(game) / game
    want = _expected(ROOT, game)
    pcio, vtt = read_pcio(out / "pcio" / f"{game}.pcio"), read_vtt(out / "vtt" / f"{game}.vtt")
    assert pcio.problems == [] and vtt.problems == [] and vtt.version <= VTT_2024
    card_decks = [w for w in pcio.of_type("cardDeck") if w["id"].startswith("deck-")]
    assert sorted(len(_pcio_cards(pcio, d["id"])) for d in card_decks) == sorted(info["copies"] for info in want["decks"].values())
    assert len(pcio.of_type("board")) == len(want["boards"]) and len(pcio.of_type("dice")) == len(vtt.of_type("dice")) == want["dice"]
    index = json.loads((out / "sprites/sprites.json").read_text(encoding="utf-8"))
    kinds = [c["kind"] for c in index["components"]]
    assert kinds.count("cards") == len(want["decks"]) and kinds.count("boards") == len(want["boards"]) and kinds.count("tokens") == len(want["tokens"])




# same bytes, content names, what changed ----------------------------------------------------------

def test_two_exports_give_the_same_bytes(tables_game, tmp_path):
    root, out = tables_game
    for fmt in ("pcio", "vtt", "sprites", "tts"):
        _export(root, fmt, tmp_path, "--base-url", EXPORT_BASE_URL)
        first = {p.relative_to(out): p.read_bytes() for p in (out / "tiny" / fmt).rglob("*") if p.is_file()}
        second = {p.relative_to(tmp_path): p.read_bytes() for p in (tmp_path / "tiny" / fmt).rglob("*") if p.is_file()}
        assert first == second, fmt


def test_a_changed_image_changes_its_name_and_nothing_else_and_the_export_says_so(project):
    """Tabletop Simulator: the walls' image gets a new name, the save names it and nothing else moves; the second
    export lists that change, and inside the room file of virtualtabletop.io the same."""
    out = project / "output"
    _export(project, "tts", out, "--base-url", EXPORT_BASE_URL)
    first_vtt = _export(project, "vtt", out).output
    assert "first export of this target" in first_vtt
    folder = out / "tiny/tts"
    before = {p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*") if p.is_file()}
    wall = project / "templates/tiny/token-wall.j2"
    wall.write_text(wall.read_text() + "{{ rect(1, 1, 3, 3, fill='#ff00ff') }}\n")
    result = _export(project, "tts", out, "--base-url", EXPORT_BASE_URL)
    after = {p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*") if p.is_file()}
    (gone,), (new,) = sorted(set(before) - set(after)), sorted(set(after) - set(before))
    assert gone.startswith("tokens/walls/walls-front-") and new.startswith("tokens/walls/walls-front-")
    changed = sorted(n for n in set(before) & set(after) if before[n] != after[n])
    assert changed == ["tiny-tts-save.json"]
    save = after["tiny-tts-save.json"].decode()
    assert save.replace(new, gone) == before["tiny-tts-save.json"].decode()  # the save differs only in that name
    assert f"1 added ({new})" in result.output and "1 changed (tiny-tts-save.json)" in result.output and f"1 removed ({gone})" in result.output
    again = _export(project, "vtt", out).output
    assert "tiny.vtt: 1 added, 1 changed, 1 removed inside" in again  # the walls' new asset, the state naming it, the old asset


# sprite sheets --------------------------------------------------------------------------------------

def test_sprite_sheets_give_every_piece_its_cell(tables_game):
    """sprites.json names a JSON per component; each names sheets of the size its grid says and a cell per face, a
    cell holding a drawn face (a shaped token transparent round it); the counts are the data's."""
    _, out = tables_game
    folder = out / "tiny/sprites"
    index = json.loads((folder / "sprites.json").read_text(encoding="utf-8"))
    counts = {}
    for entry in index["components"]:
        component = json.loads((folder / entry["json"]).read_text(encoding="utf-8"))
        sheets = [Image.open(folder / s["file"]) for s in component["sheets"]]
        cw, ch = component["cell_px"]
        for sheet, info in zip(sheets, component["sheets"], strict=True):
            assert sheet.size == (info["columns"] * cw, info["rows"] * ch) and max(sheet.size) < 4096
        cells = set()
        for piece in component["pieces"]:
            for side in ("front", "back"):
                cell = piece[side]
                if cell is None:
                    continue
                sheet = sheets[cell["sheet"]]
                assert (cell["w"], cell["h"]) == (cw, ch) and cell["x"] + cw <= sheet.width and cell["y"] + ch <= sheet.height
                image = sheet.crop((cell["x"], cell["y"], cell["x"] + cw, cell["y"] + ch))
                assert image.convert("L").getextrema()[0] < image.convert("L").getextrema()[1], (entry["id"], piece["id"])  # something drawn
                cells.add((cell["sheet"], cell["x"], cell["y"]))
        counts[entry["id"]] = sum(p["count"] for p in component["pieces"]) * component.get("copies", 1)
        if component["kind"] == "tokens" and component["shape"] == "circle":
            assert sheets[0].mode == "RGBA" and sheets[0].getpixel((0, 0))[3] == 0  # outside the coin: transparent
    assert counts["heroes"] == HEROES and all(counts[k] == v for k, v in TOKENS.items())
    assert counts["eight"] == 8 and counts["ten"] == 10 and counts["six"] == 12  # a die's faces, times its copies


def test_a_decks_sprite_sheet_is_as_near_square_as_whole_cells_make_it(project, tmp_path):
    """20 poker cards and their back (21 faces of 63.5 × 88.9 mm) lie 6 across and 4 down: a sheet whose width and
    height differ by less than one cell's height, as a sheet the engines' square textures take; 4 across and 6 down
    (the grid of a card lying on its side) would be a tall strip."""
    (project / "data/tiny/decks/made.yaml").write_text(
        "name: Made\nsize: poker\nfront: tiny/hero.j2\nback: tiny/back.j2\ndefaults: {stars: 1, number: 1, text: t, side: red}\n"
        "generate:\n  values: {name: [A, B, C, D, E, F, G, H, I, J, K, L, M, N, O, P, Q, R, S, T]}\n  id: \"{name}\"\n", encoding="utf-8")
    _export(project, "sprites", tmp_path, "--deck", "made")
    made = json.loads((tmp_path / "tiny/sprites/cards/made.json").read_text(encoding="utf-8"))
    (sheet,) = made["sheets"]
    assert (sheet["columns"], sheet["rows"]) == (6, 4) and abs(sheet["width"] - sheet["height"]) < max(made["cell_px"]), sheet

def test_the_heroes_sprites_are_the_json_docs_exports_shows(project, tmp_path):
    """docs/exports.md shows the tiny game's heroes at 300 dpi as a game's code reads them: the sheet's file is
    cards/heroes.png (a component of one sheet numbers none), a piece's name is the card's own (`<Knight>`, not its id),
    its count the data's 2, its front and the shared back the cells named there. The export says the same, key by key."""
    doc = (ROOT / "docs/exports.md").read_text(encoding="utf-8").split("## Sprite sheets", 1)[1]
    shown = json.loads(doc.split("```json\n", 1)[1].split("```", 1)[0])
    _export(project, "sprites", tmp_path, "--deck", "heroes", "--dpi", "300")
    heroes = json.loads((tmp_path / "tiny/sprites/cards/heroes.json").read_text(encoding="utf-8"))
    assert {key: heroes[key] for key in shown if key != "pieces"} == {key: value for key, value in shown.items() if key != "pieces"}
    assert heroes["pieces"][: len(shown["pieces"])] == shown["pieces"]
    assert (tmp_path / "tiny/sprites/cards/heroes.png").is_file()


def test_sprites_of_one_deck_asked_with_deck_are_that_deck_s_alone(project, tmp_path):
    """`--deck NAME` exports only that deck (docs/exports.md): the sprites of the heroes asked for alone, in a game with
    three dice, are the heroes' sheet and JSON, listed alone in sprites.json, and no die's."""
    _with_dice_and_setup(project)
    _export(project, "sprites", tmp_path, "--deck", "heroes")
    folder = tmp_path / "tiny/sprites"
    index = json.loads((folder / "sprites.json").read_text(encoding="utf-8"))
    assert [(c["kind"], c["id"]) for c in index["components"]] == [("cards", "heroes")], index
    assert not (folder / "dice").exists()


def test_each_board_has_a_sprite_sheet_of_its_own_in_its_own_shape(tables_game):
    """Each board is a component of its own (docs/exports.md: 'each board'): the tiny game's Tiny Town (380 × 300 mm,
    data/tiny/boards.yaml) and Score sheet (180 × 240 mm) each get their own JSON and sheet, boards/<id>.png, each
    sheet the shape of its own board: one landscape, one portrait."""
    _, out = tables_game
    folder = out / "tiny/sprites"
    index = json.loads((folder / "sprites.json").read_text(encoding="utf-8"))
    boards = {c["id"]: json.loads((folder / c["json"]).read_text(encoding="utf-8")) for c in index["components"] if c["kind"] == "boards"}
    assert sorted(boards) == ["scores", "town"], index
    files = {board_id: [s["file"] for s in board["sheets"]] for board_id, board in boards.items()}
    assert files == {"town": ["boards/town.png"], "scores": ["boards/scores.png"]}, files
    sizes = {}
    for board_id in boards:
        with Image.open(folder / f"boards/{board_id}.png") as image:
            sizes[board_id] = image.size
    assert abs(sizes["town"][0] / sizes["town"][1] - 380 / 300) < 0.01 and abs(sizes["scores"][0] / sizes["scores"][1] - 180 / 240) < 0.01, sizes


def test_the_sprite_exports_note_counts_a_decks_distinct_faces_its_fronts_and_backs(tables_game):
    """The heroes (data/tiny/decks/heroes.yaml) are 5 cards: 5 fronts, the back 4 of them share and the twin's own,
    7 faces on one sheet, as the export's note says; a board is 1 face."""
    _, out = tables_game
    log = build_log_path(out).read_text(encoding="utf-8")
    assert "cards/heroes: 1 sheet of 7 faces, cells" in log and "boards/town: 1 sheet of 1 face, cells" in log, log


def test_a_sprite_sheet_too_wide_at_the_dpi_asked_stays_under_4096_px_shrunk_no_further(project, tmp_path):
    """WebGL takes a texture of 4096 px a side in every browser (docs/exports.md: a sheet stays under 4096 px): the
    heroes' 7 faces lie 4 poker cards across, 6,000 px at 600 dpi, so the sheet is shrunk to under 4096 px wide, and no
    further than its 4 cells' whole pixels take (at least 4092 px), the dpi it says lower than asked."""
    _export(project, "sprites", tmp_path, "--deck", "heroes", "--dpi", "600")
    heroes = json.loads((tmp_path / "tiny/sprites/cards/heroes.json").read_text(encoding="utf-8"))
    (sheet,) = heroes["sheets"]
    with Image.open(tmp_path / "tiny/sprites" / sheet["file"]) as image:
        width = image.width
    assert sheet["columns"] == 4 and 4096 - 4 <= width < 4096 and width == sheet["width"], sheet
    assert heroes["dpi"] < 600, heroes["dpi"]


# Tabletop Simulator's dice ------------------------------------------------------------------------

def _local(url: str, folder: Path) -> Path:
    return folder / url[len(f"{EXPORT_BASE_URL}/"):]


def test_every_die_shape_goes_to_tts_with_each_face_where_the_die_reads_it(tables_game):
    """A d6 is a Custom_Dice; a d8 and a d10 are models of type Dice whose mesh maps each face to its picture in the
    texture: sampled at each face's middle, the texture shows that face's colour, opposite faces add up to n + 1."""
    _, out = tables_game
    folder = out / "tiny/tts"
    objects = json.loads((folder / "tiny-tts-save.json").read_text())["ObjectStates"]
    assert sum(1 for o in objects if o["Name"] == "Custom_Dice") == 2
    models = {o["Nickname"]: o for o in objects if o["Name"] == "Custom_Model"}
    assert sorted(models) == ["eight", "ten"]
    for name, model in models.items():
        n = int(DICE[name][0][1:])
        mesh = model["CustomMesh"]
        assert mesh["TypeIndex"] == 2  # TTS: a custom model of type Dice rolls as a die
        texture = Image.open(_local(mesh["DiffuseURL"], folder)).convert("RGB")
        faces = _mesh_faces(_local(mesh["MeshURL"], folder).read_text())
        assert len(faces) == n
        colours = _colours(n)
        number_of = {}
        for normal, uvs in faces:
            u = sum(p[0] for p in uvs) / len(uvs)
            v = sum(p[1] for p in uvs) / len(uvs)
            assert all(0 <= a <= 1 and 0 <= b <= 1 for a, b in uvs)
            rgb = texture.getpixel((min(texture.width - 1, int(u * texture.width)), min(texture.height - 1, int((1 - v) * texture.height))))
            (number,) = [i + 1 for i, c in enumerate(colours) if _near(rgb, c)]
            number_of[normal] = number
        assert sorted(number_of.values()) == list(range(1, n + 1))
        for normal, number in number_of.items():
            opposite = tuple(-x for x in normal)
            assert number + number_of[opposite] == n + 1, (name, number)


def _mesh_faces(obj: str) -> list[tuple[tuple, list]]:
    """A mesh's faces (its triangles merged by plane): (outward normal rounded, the texture points of its corners)."""
    vertices, uvs, planes = [], [], {}
    for line in obj.splitlines():
        parts = line.split()
        if not parts:
            continue
        if parts[0] == "v":
            vertices.append(tuple(float(x) for x in parts[1:4]))
        elif parts[0] == "vt":
            uvs.append(tuple(float(x) for x in parts[1:3]))
        elif parts[0] == "f":
            corners = [tuple(int(i) - 1 for i in p.split("/")[:2]) for p in parts[1:]]
            a, b, c = (vertices[v] for v, _ in corners)
            n = _cross(tuple(b[i] - a[i] for i in range(3)), tuple(c[i] - a[i] for i in range(3)))
            length = math.sqrt(sum(x * x for x in n))
            key = tuple(round(x / length, 3) + 0.0 for x in n)
            planes.setdefault(key, set()).update(uvs[t] for _, t in corners)
    return [(k, sorted(v)) for k, v in planes.items()]


def _cross(a, b):
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def test_a_sprite_sheet_holds_each_distinct_face_once_and_a_dies_faces_numbered_from_1(tables_game):
    """The sprites export's promises beyond a cell per piece: a face several pieces share is one cell (the heroes' 5
    fronts, their shared back and the twin's own back: 7 cells); a die's pieces are its faces numbered 1 to n, face k
    in a cell showing face k's own colour."""
    _, out = tables_game
    folder = out / "tiny/sprites"
    index = json.loads((folder / "sprites.json").read_text(encoding="utf-8"))
    components = {e["id"]: json.loads((folder / e["json"]).read_text(encoding="utf-8")) for e in index["components"]}
    heroes = components["heroes"]
    cells = {(c["sheet"], c["x"], c["y"]) for p in heroes["pieces"] for c in (p["front"], p["back"]) if c is not None}
    assert len(cells) == 7, cells
    assert sum(s["columns"] * s["rows"] for s in heroes["sheets"]) - 7 < max(s["columns"] for s in heroes["sheets"])  # no empty row
    for die_id, (shape, _) in DICE.items():
        die = components[die_id]
        n = int(shape[1:])
        assert [p["id"] for p in die["pieces"]] == [str(k) for k in range(1, n + 1)], die_id
        sheet = Image.open(folder / die["sheets"][0]["file"]).convert("RGB")
        for piece, colour in zip(die["pieces"], _colours(n), strict=True):
            cell = piece["front"]
            square = sheet.crop((cell["x"], cell["y"], cell["x"] + cell["w"], cell["y"] + cell["h"]))
            assert _near(square.getpixel((cell["w"] // 2, cell["h"] // 2)), colour), (die_id, piece["id"])


def test_a_browser_tables_cards_carry_the_games_playtest_stamp_on_their_fronts_alone(project, tmp_path):
    """docs/exports.md: only a print service's files leave the playtest stamp off unless `--stamps` asks; a table keeps
    the stamp as the game sets it. The tiny game exported to playingcards.io with `stamps: true` and with `stamps:
    false`: each hero's front differs only in its lower left corner (docs/editions.md: the default corner, one line of
    5 pt type), and no back differs (backs carry no stamp)."""
    from PIL import ImageChops

    game = project / "data/tiny/game.yaml"
    shown = {}
    for stamps in ("false", "true"):
        game.write_text(game.read_text(encoding="utf-8").replace("stamps: false", f"stamps: {stamps}", 1), encoding="utf-8")
        _export(project, "pcio", tmp_path / stamps)
        pcio = read_pcio(tmp_path / stamps / "tiny/pcio/tiny.pcio")
        types = next(w for w in pcio.of_type("cardDeck") if w["label"] == "Heroes")["cardTypes"]
        shown[stamps] = {t: (pcio.images[v["face"]].convert("RGB"), pcio.images[v["back"]].convert("RGB")) for t, v in types.items()}
    assert sorted(shown["true"]) == sorted(shown["false"]) and len(shown["true"]) == 5  # knight, agent, rogue, mage, twin
    for kind, (front, back) in shown["true"].items():
        plain_front, plain_back = shown["false"][kind]
        assert back.tobytes() == plain_back.tobytes(), kind
        box = ImageChops.difference(plain_front, front).getbbox()
        assert box is not None, f"{kind}'s front carries no stamp"
        assert box[2] < front.width / 2 and box[1] > front.height * 0.8, (kind, box, front.size)
