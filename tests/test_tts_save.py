"""Tabletop Simulator saves as a group loads them to play (issue 99): a whole save, shaped key by key like the real
saves TTS writes itself (tests/samples/tts, sources beside them), with a table, a hand zone per seat, nothing lying
over anything else or inside a hand, every deck shuffled at load, and a Setup button that deals the players seated,
once.

The scripts run (lupa) against a stand-in of TTS's scripting API built from its documentation
(api.tabletopsimulator.com: Object.deal, shuffle, takeObject and remainder; getSeatedPlayers, getObjectFromGUID,
broadcastToAll; onLoad(script_state) and onSave). What the rules deal comes from each game's rulebook, not from its
game.yaml.
"""
from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest
import yaml
from conftest import EXPORT_BASE_URL, ROOT, TEST_PROJECT, run_pnp
from PIL import Image

lupa = pytest.importorskip("lupa")

GAMES = ["germ-tycoon", "narco-empire", "organ-match", "organ-trail", "police-precinct"]
SAMPLES = sorted((Path(__file__).parent / "samples" / "tts").glob("*.json"))
# api.tabletopsimulator.com/tables, "Table Names": the tables a save's "Table" may name
TTS_TABLES = {"Table_Circular", "Table_Custom", "Table_Custom_Square", "Table_Glass", "Table_Hexagon", "Table_None", "Table_Octagon",
              "Table_Plastic", "Table_Poker", "Table_RPG", "Table_Square"}
# api.tabletopsimulator.com/player/colors: the colours a seat (and its hand zone) may have
SEAT_COLOURS = {"White", "Brown", "Red", "Orange", "Yellow", "Green", "Teal", "Blue", "Purple", "Pink"}
# What each rulebook deals at setup: deck nickname's end → (cards to each player, cards turned face up)
RULES_DEAL = {"organ-match": {"Patients": (7, 0)},  # seed: seven Patient cards to each player
              "narco-empire": {"Cartel cards": (1, 0)},  # rulebook, Set up 5: one Cartel card each
              "police-precinct": {"Police": (2, 0)},  # rulebook, Setting up 4: two police cards each
              "organ-trail": {"Criminals": (0, 9)},  # rulebook, Setting up 1: nine criminals face up, 3 × 3
              "germ-tycoon": {}}  # deals money, no cards
# Room each object takes on the table at Transform scale 1, in TTS units (its ruler's inches). A custom card: a poker
# card, 2.5 × 3.5 (assumed, as pnp does: decks of scale 1 in a real save, github.com/kylejames0408/WSKCA
# TS_Save_1.json, lie 2.9 units apart side by side, so a card is at most that wide); an image object (board, token,
# tile, die, model): 1 unit along its image's longer side, its image's proportions (pnp's own figure, not measured in
# TTS); a bag 3 × 3 (pnp's figure); a block 1 × 1.
CARD_UNITS = (2.5, 3.5)
BAG_UNITS = 3.0
IMAGE_OBJECTS = {"Custom_Board", "Custom_Tile", "Custom_Token", "Figurine_Custom", "Custom_Dice", "Custom_Model"}


def _save(folder: Path, game: str) -> dict:
    return json.loads((folder / f"{game}-tts-save.json").read_text(encoding="utf-8"))


def _most_players(game: str, root: Path = ROOT) -> int:
    data = yaml.safe_load((root / "data" / game / "game.yaml").read_text(encoding="utf-8"))
    return (data.get("setup") or {}).get("seats") or data["players"]["max"]


# the shape of a whole save ----------------------------------------------------------------------------------------------

def _real(key: str | None = None) -> list[dict]:
    """The real saves' top levels, or (key "HandTrigger") every hand zone they hold."""
    saves = [json.loads(p.read_text(encoding="utf-8")) for p in SAMPLES]
    if key is None:
        return saves
    return [o for s in saves for o in s["ObjectStates"] if o["Name"] == key]


def _types(objects: list[dict]) -> dict[str, set[str]]:
    """Each key the objects carry → the JSON types its values take (an int where a float is written counts as a number)."""
    def kind(v) -> str:
        return "number" if isinstance(v, int | float) and not isinstance(v, bool) else type(v).__name__

    out: dict[str, set[str]] = {}
    for obj in objects:
        for key, value in obj.items():
            out.setdefault(key, set()).add(kind(value))
            if isinstance(value, dict) and key in ("Transform", "ColorDiffuse", "Hands", "Grid", "Turns"):
                for sub, v in value.items():
                    out.setdefault(f"{key}.{sub}", set()).add(kind(v))
    return out


def test_the_real_samples_are_whole_saves_with_hand_zones():
    assert len(SAMPLES) == 2 and all(len([o for o in s["ObjectStates"] if o["Name"] == "HandTrigger"]) >= 6 for s in _real())


@pytest.mark.parametrize("game", GAMES)
def test_a_save_has_every_top_level_and_hand_zone_key_of_a_real_save_with_its_type(game, shipped_export):
    """Every key at the top of a real save, and every key of a real hand zone (and of their Transform, colour and
    settings), is in pnp's save with a value of the same JSON type."""
    save = _save(shipped_export(game) / game / "tts", game)
    real, ours = _types(_real()), _types([save])
    assert {k: t for k, t in real.items() if k != "ObjectStates" and ours.get(k) != t} == {}
    zones = [o for o in save["ObjectStates"] if o["Name"] == "HandTrigger"]
    real, ours = _types(_real("HandTrigger")), _types(zones)
    assert {k: t for k, t in real.items() if ours.get(k) != t} == {}


@pytest.mark.parametrize("game", GAMES)
def test_a_save_sets_a_tts_table_and_a_hand_zone_for_each_seat(game, shipped_export):
    """A table TTS knows by name, and one hand zone of a seat colour for each of the game's most players, each its own
    colour, lying flat round the table's edge (turned a quarter turn at a time) and clear of every other."""
    save = _save(shipped_export(game) / game / "tts", game)
    assert save["Table"] in TTS_TABLES
    zones = [o for o in save["ObjectStates"] if o["Name"] == "HandTrigger"]
    colours = [z["FogColor"] for z in zones]
    assert len(zones) == _most_players(game) and len(set(colours)) == len(colours) and set(colours) <= SEAT_COLOURS
    boxes = [_zone_box(z) for z in zones]
    assert all(z["Transform"]["rotY"] % 90 == 0 and z["Transform"]["scaleX"] > 4 for z in zones)
    assert not [(a, b) for i, a in enumerate(boxes) for b in boxes[i + 1:] if _overlap(a, b)]


# nothing overlapping ---------------------------------------------------------------------------------------------------

def _zone_box(zone: dict) -> tuple[float, float, float, float]:
    t = zone["Transform"]
    w, d = (t["scaleX"], t["scaleZ"]) if t["rotY"] % 180 == 0 else (t["scaleZ"], t["scaleX"])
    return t["posX"] - w / 2, t["posZ"] - d / 2, t["posX"] + w / 2, t["posZ"] + d / 2


def _overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _box(obj: dict, image_size) -> tuple[float, float, float, float]:
    """An object's room on the table (x0, z0, x1, z1), from its place and scale in the save and its kind's size at
    scale 1 (CARD_UNITS and the others above); an image object's proportions are its image's (`image_size(url)`)."""
    t = obj["Transform"]
    name = obj["Name"]
    if name in ("DeckCustom", "CardCustom"):
        w, d = CARD_UNITS[0] * t["scaleX"], CARD_UNITS[1] * t["scaleZ"]
    elif name == "Bag":
        w = d = BAG_UNITS
    elif name in ("Custom_Dice", "Custom_Model"):
        w = d = t["scaleX"]
    elif name in IMAGE_OBJECTS:
        iw, ih = image_size(obj["CustomImage"]["ImageURL"])
        w, d = t["scaleX"] * iw / max(iw, ih), t["scaleZ"] * ih / max(iw, ih)
    else:
        w, d = t["scaleX"], t["scaleZ"]
    return t["posX"] - w / 2, t["posZ"] - d / 2, t["posX"] + w / 2, t["posZ"] + d / 2


def _boxes(save: dict, folder: Path, game: str) -> list[tuple[str, tuple]]:
    """(name, room) of every object on the table but the hand zones; images read from the export's folder."""
    def image_size(url: str) -> tuple[int, int]:
        return Image.open(folder / url[len(f"{EXPORT_BASE_URL}/{game}/"):]).size

    return [(o.get("Nickname") or o["Name"], _box(o, image_size)) for o in save["ObjectStates"] if o["Name"] != "HandTrigger"]


@pytest.mark.parametrize("game", GAMES)
def test_nothing_on_the_table_lies_over_anything_else_or_inside_a_hand_zone(game, shipped_export):
    """Every deck, board, bag, die and the Setup block has room of its own, clear of every hand zone (where a piece
    would start in a player's hand), and so do the cards Setup turns face up (Organ Trail's nine criminals among them),
    at the places its script lays them."""
    folder = shipped_export(game) / game / "tts"
    save = _save(folder, game)
    boxes = _boxes(save, folder, game)
    for x, z in _face_up_places(save):
        boxes.append(("face-up card", (x - CARD_UNITS[0] / 2, z - CARD_UNITS[1] / 2, x + CARD_UNITS[0] / 2, z + CARD_UNITS[1] / 2)))
    assert len(boxes) >= 3
    clashes = [(a, b) for i, (a, ba) in enumerate(boxes) for b, bb in boxes[i + 1:] if _overlap(ba, bb)]
    assert clashes == []
    zones = [_zone_box(o) for o in save["ObjectStates"] if o["Name"] == "HandTrigger"]
    assert [name for name, box in boxes if any(_overlap(box, z) for z in zones)] == []
    if RULES_DEAL[game].get("Criminals"):
        assert len(_face_up_places(save)) == 9


# the TTS API, as its documentation describes it ------------------------------------------------------------------------

class _Table:
    """What the stand-in records: each colour's hand, the cards laid face up (name, place), what was said to all, and
    which decks were shuffled."""

    def __init__(self, zones: list[str], seated: list[str]):
        self.zones, self.seated = zones, seated
        self.hands: dict[str, list[str]] = {}
        self.face_up: list[tuple[str, tuple]] = []
        self.said: list[str] = []
        self.shuffled: list[str] = []
        self.problems: list[str] = []


class _Deck:
    """A deck as a script sees it (api.tabletopsimulator.com/object): `deal(n, colour)` moves n cards from the top into
    that colour's hand zone (every seated player's when no colour is given), `shuffle()`, `takeObject{position, flip}`,
    and the `remainder` left when the second-last card is taken."""

    def __init__(self, guid: str, cards: list[str], table: _Table):
        self.type, self.guid, self.cards, self.table, self.remainder = "Deck", guid, cards, table, None

    def shuffle(self):
        self.table.shuffled.append(self.guid)
        random.Random(len(self.table.shuffled)).shuffle(self.cards)
        return True

    def deal(self, n, colour=None, *rest):
        for target in [colour] if colour else list(self.table.seated):
            if target not in self.table.zones:
                self.table.problems.append(f"dealt to {target}, who has no hand zone")
                continue
            for _ in range(int(n)):
                if self.cards:
                    self.table.hands.setdefault(target, []).append(self.cards.pop())
        self._left()
        return True

    def takeObject(self, params):
        card = self.cards.pop()
        at = params["position"]
        self.table.face_up.append((card, (at[1], at[3]), bool(params["flip"])))
        self._left()
        return card

    def _left(self):
        if len(self.cards) == 1 and self.remainder is None:
            self.remainder = _Card(self.cards.pop(), self.table)

    def getPosition(self):
        return {"x": 0.0, "y": 1.0, "z": 0.0}


class _Card:
    def __init__(self, name: str, table: _Table):
        self.type, self.name, self.table, self.remainder = "Card", name, table, None
        self.place, self.laid = None, False

    def setPositionSmooth(self, place):
        self.place = (place[1], place[3])

    def flip(self):
        self.laid = True
        self.table.face_up.append((self.name, self.place, True))


class _Tts:
    """A loaded save: its decks as stand-ins, the global script and the Setup block's script, each in its own Lua state
    as TTS runs each script apart."""

    def __init__(self, save: dict, seated: list[str]):
        zones = [o["FogColor"] for o in save["ObjectStates"] if o["Name"] == "HandTrigger"]
        self.table = _Table(zones, seated)
        self.decks = {o["GUID"]: _Deck(o["GUID"], [c["Nickname"] for c in o["ContainedObjects"]], self.table)
                      for o in save["ObjectStates"] if o["Name"] == "DeckCustom"}
        self.names = {o["GUID"]: o["Nickname"] for o in save["ObjectStates"] if o["Name"] == "DeckCustom"}
        self.buttons: list[str] = []
        self.global_lua = self._runtime(save["LuaScript"])
        blocks = [o for o in save["ObjectStates"] if o["Name"] != "HandTrigger" and o.get("LuaScript")]
        self.block = self._runtime(blocks[0]["LuaScript"]) if blocks else None

    def _runtime(self, script: str):
        lua = lupa.LuaRuntime()
        g = lua.globals()
        g.getObjectFromGUID = lambda guid: self.decks.get(guid)
        g.getSeatedPlayers = lambda: lua.table(*self.table.seated)
        g.broadcastToAll = lambda message, *tint: self.table.said.append(message)
        g.self = lua.table(createButton=lambda params: self.buttons.append(params["click_function"]))
        lua.execute(script)
        return lua

    def load(self, global_state: str = "", block_state: str = "") -> None:
        self.global_lua.globals().onLoad(global_state)
        if self.block is not None:
            self.block.globals().onLoad(block_state)

    def click(self) -> None:
        self.block.globals()[self.buttons[0]]()

    def hand_sizes(self) -> dict[str, int]:
        return {colour: len(cards) for colour, cards in self.table.hands.items()}


def _face_up_places(save: dict) -> list[tuple[float, float]]:
    """Where the Setup script lays cards face up: played with the table's first seat taken."""
    if not any(o.get("LuaScript") for o in save["ObjectStates"] if o["Name"] == "BlockSquare"):
        return []
    tts = _Tts(save, ["White"])
    tts.load()
    tts.click()
    return [place for _, place, _ in tts.table.face_up]


@pytest.mark.parametrize("game", GAMES)
def test_every_deck_is_shuffled_once_at_load_and_not_again_when_a_saved_game_is_loaded(game, shipped_export):
    """The save's global script shuffles each deck when the save is first loaded, whether the setup names it or not;
    its saved state (onSave) then says so, and loading a game saved mid-play shuffles nothing."""
    save = _save(shipped_export(game) / game / "tts", game)
    tts = _Tts(save, [])
    tts.load()
    assert sorted(tts.table.shuffled) == sorted(tts.decks) and tts.decks
    state = tts.global_lua.globals().onSave()
    again = _Tts(save, [])
    again.load(global_state=state)
    assert state and again.table.shuffled == []


def _dealt_by_rules(game: str, tts: _Tts) -> dict[str, tuple[int, int]]:
    return {guid: next((v for end, v in RULES_DEAL[game].items() if name.endswith(end)), (0, 0)) for guid, name in tts.names.items()}


@pytest.mark.parametrize("game", GAMES)
def test_setup_deals_the_rules_hand_to_each_seated_player_and_only_once(game, shipped_export):
    """With 1, 2 and the game's most players seated, Setup gives each seated colour the hand the rulebook deals and no
    one else any; each deck keeps the rest; a second press deals nothing and says so on the table. A game whose rules
    deal no card has no Setup button, and its decks are still shuffled at load."""
    save = _save(shipped_export(game) / game / "tts", game)
    colours = [o["FogColor"] for o in save["ObjectStates"] if o["Name"] == "HandTrigger"]
    if not RULES_DEAL[game]:
        assert _Tts(save, colours).block is None
        return
    for seated in sorted({1, 2, _most_players(game)}):
        tts = _Tts(save, colours[:seated])
        tts.load()
        sizes = {guid: len(deck.cards) for guid, deck in tts.decks.items()}
        tts.click()
        rules = _dealt_by_rules(game, tts)
        each = sum(deal for deal, _ in rules.values())
        assert tts.hand_sizes() == (dict.fromkeys(colours[:seated], each) if each else {}) and tts.table.problems == []
        up = sum(n for _, n in rules.values())
        assert len(tts.table.face_up) == up and all(flipped for _, _, flipped in tts.table.face_up)
        for guid, (deal, face_up) in rules.items():
            remainder = tts.decks[guid].remainder
            left = len(tts.decks[guid].cards) + (1 if remainder is not None and not remainder.laid else 0)
            assert left == sizes[guid] - deal * seated - face_up, tts.names[guid]
        assert tts.table.said == []
        hands = {c: list(cards) for c, cards in tts.table.hands.items()}
        tts.click()
        assert tts.table.hands == hands and len(tts.table.face_up) == up and len(tts.table.said) == 1


@pytest.mark.parametrize("game", ["organ-match", "police-precinct"])
def test_setup_deals_nobody_when_nobody_is_seated_and_a_reload_after_dealing_deals_no_more(game, shipped_export):
    """No one seated: Setup says to take a seat and deals nothing, and a press once seated deals. A game saved after
    Setup dealt (its state kept by onSave) and loaded again does not deal a second time."""
    save = _save(shipped_export(game) / game / "tts", game)
    tts = _Tts(save, [])
    tts.load()
    tts.click()
    assert tts.table.hands == {} and len(tts.table.said) == 1
    tts.table.seated.append("White")
    tts.click()
    assert list(tts.hand_sizes()) == ["White"]
    state = tts.block.globals().onSave()
    again = _Tts(save, ["White"])
    again.load(block_state=state)
    again.click()
    assert again.table.hands == {} and len(again.table.said) == 1


# the tiny game: a game's own setup -------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def nine_seats(tmp_path_factory):
    """The tiny test game set for nine seats, one hero dealt each and one turned up, its town board 1,400 mm long,
    exported to Tabletop Simulator: (its project, the export's output)."""
    root = tmp_path_factory.mktemp("tts-seats") / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    game = root / "data/tiny/game.yaml"
    game.write_text(game.read_text() + "setup:\n  seats: 9\n  deal: {heroes: 1}\n  face_up: {heroes: 1}\n")
    boards = root / "data/tiny/boards.yaml"
    boards.write_text(boards.read_text().replace("size: 380 x 300", "size: 1400 x 300"))  # 55.1 units: wider than the room
    result = run_pnp(root, "export", "tiny", "--format", "tts", "--dpi", "72", "--no-validate", "--out", str(root / "out"))
    assert result.exit_code == 0, result.output
    return root, result.output


def test_more_seats_than_the_table_has_lays_out_eight_and_says_where(nine_seats):
    """Nine seats asked, and TTS's rectangle table seats eight: eight hand zones, and a warning at setup.seats."""
    root, output = nine_seats
    save = _save(root / "out/tiny/tts", "tiny")
    assert len([o for o in save["ObjectStates"] if o["Name"] == "HandTrigger"]) == 8
    line = next(i for i, text in enumerate((root / "data/tiny/game.yaml").read_text().splitlines(), 1) if text.strip().startswith("seats:"))
    (warned,) = [text for text in output.splitlines() if f"data/tiny/game.yaml:{line}:" in text]
    assert ": warning: setup.seats asks for 9 seats and Tabletop Simulator's rectangle table has 8: the save lays out 8 hand zones" in warned
    assert [text for text in output.splitlines() if "tiny-tts-save.json: " in text and text.endswith(" and 8 hand zones")], output


def test_the_tiny_games_setup_deals_each_seated_player_one_hero_and_turns_one_up(nine_seats):
    """The tiny game's own setup (one hero each, one turned up) with three of its eight seats taken: each of the three
    holds one hero, one lies face up in the room the save kept for it, the deck keeps the other eight of twelve."""
    root, _ = nine_seats
    save = _save(root / "out/tiny/tts", "tiny")
    colours = [o["FogColor"] for o in save["ObjectStates"] if o["Name"] == "HandTrigger"]
    tts = _Tts(save, colours[2:5])
    tts.load()
    tts.click()
    (heroes,) = [d for guid, d in tts.decks.items() if tts.names[guid].endswith("Heroes")]
    assert tts.hand_sizes() == dict.fromkeys(colours[2:5], 1) and len(tts.table.face_up) == 1 and len(heroes.cards) == 12 - 3 - 1


def test_a_new_games_decks_are_shuffled_at_load_though_it_has_no_setup(tmp_path):
    """`pnp new`'s scaffold names no setup: its save has no Setup button, and the global script still shuffles each of
    its decks when the save is first loaded, so none starts in the order its sheet lists the cards."""
    assert run_pnp(tmp_path, "new", "fresh").exit_code == 0
    result = run_pnp(tmp_path, "export", "fresh", "--format", "tts", "--dpi", "72", "--no-validate", "--out", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output
    save = _save(tmp_path / "out/fresh/tts", "fresh")
    tts = _Tts(save, [])
    assert tts.block is None and tts.decks
    tts.load()
    assert sorted(tts.table.shuffled) == sorted(tts.decks)


def test_a_game_wider_than_the_room_between_the_hands_gets_a_warning(nine_seats):
    """A 1,400 mm board is 55.1 units long, and the rectangle table leaves 54.3 between its side hand zones (less half a
    unit each side): the export says the game does not fit between the players' hands, at the board's size."""
    root, output = nine_seats
    line = next(i for i, text in enumerate((root / "data/tiny/boards.yaml").read_text().splitlines(), 1) if "1400 x 300" in text)
    (said,) = [text for text in output.splitlines() if "between the players' hand zones" in text]
    assert said.startswith(f"data/tiny/boards.yaml:{line}:")
    town = next(o for o in _save(root / "out/tiny/tts", "tiny")["ObjectStates"] if o.get("Nickname") == "Tiny Town")
    assert town["Transform"]["scaleX"] > 54.3


# one deck exported alone, to a host given with a closing slash ------------------------------------------------------------

DECK_EXPORT_DIE = """\
dice:
  - {id: red, name: Red die, shape: d6, size: 16, face: tiny/die.j2, faces: [{text: "1"}, {text: "2"}, {text: "3"}, {text: "4"}, {text: "5"}, {text: "6"}]}
"""
HOST = "https://example.org/games/pnp/"  # as a designer may copy it from a browser's address bar


@pytest.fixture(scope="module")
def deck_export(tmp_path_factory) -> Path:
    """The tiny game with a d6, its heroes alone exported for TTS (`--deck heroes`) to be hosted under HOST: the folder."""
    root = tmp_path_factory.mktemp("deck-export") / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    (root / "data/tiny/dice.yaml").write_text(DECK_EXPORT_DIE, encoding="utf-8")
    (root / "templates/tiny/die.j2").write_text('{{ text(die_face.text, 0, 0, face.w, face.h, size=8, align="center") }}\n', encoding="utf-8")
    result = run_pnp(root, "export", "tiny", "--format", "tts", "--deck", "heroes", "--dpi", "72", "--no-validate", "--base-url", HOST)
    assert result.exit_code == 0, result.output + result.stderr
    (root / "export-output.txt").write_text(result.output, encoding="utf-8")  # what the designer read: deck_export.parents[2]
    return root / "output/tiny/tts"


def test_a_deck_export_puts_that_deck_on_the_table_and_leaves_the_dice_off(deck_export):
    """`--deck` exports the decks named and nothing else (docs/exports.md): the game's d6 stays off the table and out of
    the folder."""
    save = json.loads((deck_export / "tiny-tts-save.json").read_text(encoding="utf-8"))
    on_table = [o["Name"] for o in save["ObjectStates"] if o["Name"] != "HandTrigger"]
    assert on_table == ["DeckCustom"]
    assert not (deck_export / "dice").exists()


def test_a_base_url_with_a_closing_slash_names_each_image_under_it_with_a_single_slash(deck_export):
    """Each image's address is the host's folder, one `/`, the file's name (RFC 3986: `//` would start an empty path
    segment, a different resource): HOST ends in `/` and must not give `pnp//heroes-….png`."""
    save = json.loads((deck_export / "tiny-tts-save.json").read_text(encoding="utf-8"))
    (deck,) = [o for o in save["ObjectStates"] if o["Name"] == "DeckCustom"]
    urls = [u for sheet in deck["CustomDeck"].values() for u in (sheet["FaceURL"], sheet["BackURL"])]
    assert urls
    for url in urls:
        assert url.startswith(HOST) and "/" not in url[len(HOST):], url
        assert (deck_export / url[len(HOST):]).is_file()


def test_a_hosted_saves_note_tells_the_players_where_its_images_are_hosted(deck_export):
    """The save's note, read in TTS's Notes, says the images are hosted under the host given (`--base-url`), not that
    they are files on this machine (docs/exports.md)."""
    note = json.loads((deck_export / "tiny-tts-save.json").read_text(encoding="utf-8"))["Note"]
    assert note == f"Tiny Test Game, exported by pnp. Images: hosted under {HOST}."


def test_a_hosted_exports_next_step_names_the_hosts_folder_with_a_single_slash(deck_export):
    """HOST ends in `/`: the step the designer is told names `…/pnp/<file>`, the address each image is saved under, not
    `…/pnp//<file>` (RFC 3986: another resource)."""
    output = (deck_export.parents[2] / "export-output.txt").read_text(encoding="utf-8")
    (step,) = [line.strip() for line in output.splitlines() if "tts: upload" in line]
    assert f"tts: upload the folder's images so that {HOST}<file> serves each one, then copy tiny-tts-save.json into" in step, step


def test_a_board_too_long_for_tts_is_drawn_under_4096_px_along_its_long_side(tmp_path):
    """TTS loads no image past 4096 px a side (docs/exports.md: 'under 4096 px'): the town board made 2,000 × 300 mm
    is 5,669 px long at 72 dpi, so its image is drawn smaller, its long side under 4096 px, in its own proportions."""
    root = tmp_path / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    boards = root / "data/tiny/boards.yaml"
    boards.write_text(boards.read_text().replace("size: 380 x 300", "size: 2000 x 300"))
    result = run_pnp(root, "export", "tiny", "--format", "tts", "--dpi", "72", "--no-validate", "--out", str(root / "out"))
    assert result.exit_code == 0, result.output
    (town,) = (root / "out/tiny/tts/boards").glob("town-*.png")
    width, height = Image.open(town).size
    assert 4000 < width < 4096 and abs(width / height - 2000 / 300) < 0.02, (width, height)
