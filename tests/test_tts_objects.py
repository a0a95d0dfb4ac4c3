"""What a Tabletop Simulator save says of each object, read from the save `pnp export GAME --format tts` writes: which
face is up, which image a back shows, each object's real size, where it lies, and its GUID. Expected values are TTS's
save format (its knowledge base and typed declarations: rotZ 180 lies face down, a CardID is its sheet's key × 100 +
its cell, a deck of one is a CardCustom, a tile's Type 0 box 1 hex 2 circle 3 rounded, a deck's card Type 3 hex 4
circle) and the pieces' sizes in the game's data, a poker card being TTS's card at scale 1 and one unit an inch.

The game is the test project's tiny game with a deck of one card, a deck of rounded 44 × 68 mm cards, a round and a
hex deck, two-sided hexagon and square token sets, a d6, a d8 and a blue d20 counted twice."""
from __future__ import annotations

import hashlib
import itertools
import json
import math
import shutil
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
from conftest import TEST_PROJECT, run_pnp
from PIL import Image

IN = 25.4  # one TTS unit: an inch
DECKS = {
    "solo.yaml": "name: Solo\nsize: poker\nfront: tiny/back.j2\nback: tiny/back.j2\ncards:\n  - {id: only, name: Only, count: 1}\n",
    "minis.yaml": "name: Minis\nsize: 44 x 68\ncorner_radius: 3\nfront: tiny/back.j2\nback: tiny/back.j2\ncards:\n  - {id: a, name: A, count: 2}\n",
    "discs.yaml": "name: Discs\nsize: 50 x 50\nshape: round\nfront: tiny/back.j2\nback: tiny/back.j2\ncards:\n  - {id: a, name: A, count: 2}\n",
    "hexes.yaml": "name: Hexes\nsize: 38 x 32.91\nshape: hex\nfront: tiny/back.j2\nback: tiny/back.j2\ncards:\n  - {id: a, name: A, count: 2}\n",
}
TOKENS = """\
  - {id: tiles, name: Tiles, shape: hexagon, size: 50.8, count: 2, front: tiny/token-wall.j2, back: tiny/token-wall.j2}
  - {id: plates, name: Plates, shape: square, size: 25.4, count: 2, front: tiny/token-wall.j2, back: tiny/token-wall.j2}
  - {id: lone, name: Lone marker, shape: square, size: 25.4, count: 1, front: tiny/token-wall.j2, back: tiny/token-wall.j2}
  - {id: ghost, name: Ghost, shape: rectangle, size: 25 x 40, count: 1, standee: true, front: tiny/token-standee.j2}
"""
DICE = """\
dice:
  - id: red
    name: Red die
    shape: d6
    size: 12.7
    face: tiny/die.j2
    faces: [{text: "1"}, {text: "2"}, {text: "3"}, {text: "4"}, {text: "5"}, {text: "6"}]
  - id: octo
    name: Octo
    shape: d8
    size: 25.4
    face: tiny/die.j2
    faces: [{text: "1"}, {text: "2"}, {text: "3"}, {text: "4"}, {text: "5"}, {text: "6"}, {text: "7"}, {text: "8"}]
  - id: pair
    name: Pair die
    shape: d6
    size: 12.7
    count: 2
    face: tiny/die.j2
    faces: [{text: "1"}, {text: "2"}, {text: "3"}, {text: "4"}, {text: "5"}, {text: "6"}]
  - id: twenty
    name: Twenty
    shape: d20
    size: 19.05
    count: 2
    color: "#1f6feb"
    face: tiny/die.j2
    faces: [{text: "1"}, {text: "2"}, {text: "3"}, {text: "4"}, {text: "5"}, {text: "6"}, {text: "7"}, {text: "8"}, {text: "9"}, {text: "10"}, {text: "11"}, {text: "12"}, {text: "13"}, {text: "14"}, {text: "15"}, {text: "16"}, {text: "17"}, {text: "18"}, {text: "19"}, {text: "20"}]
"""
TWENTY_BLUE = (0x1F, 0x6F, 0xEB)  # the d20's `color:` above


@pytest.fixture(scope="module")
def exported(tmp_path_factory) -> tuple[dict, str]:
    """The game above exported for Tabletop Simulator at 72 dpi: its save, as TTS loads it, and what the export printed."""
    root = tmp_path_factory.mktemp("tts") / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    for name, text in DECKS.items():
        (root / "data/tiny/decks" / name).write_text(text, encoding="utf-8")
    tokens = root / "data/tiny/tokens.yaml"
    tokens.write_text(tokens.read_text(encoding="utf-8") + TOKENS, encoding="utf-8")
    (root / "data/tiny/dice.yaml").write_text(DICE, encoding="utf-8")
    (root / "templates/tiny/die.j2").write_text('{{ text(die_face.text, 0, 0, face.w, face.h, size=8, align="center") }}\n', encoding="utf-8")
    result = run_pnp(root, "export", "tiny", "--format", "tts", "--dpi", "72", "--no-validate")  # sizes and places do not depend on the pixels
    assert result.exit_code == 0, result.output + result.stderr
    return json.loads((root / "output/tiny/tts/tiny-tts-save.json").read_text(encoding="utf-8")), result.output


@pytest.fixture(scope="module")
def save(exported) -> dict:
    """The save of the game above."""
    return exported[0]


def _named(save: dict, nickname: str) -> dict:
    (found,) = [o for o in save["ObjectStates"] if o.get("Nickname") == nickname]
    return found


def _inside(save: dict, bag: str) -> list[dict]:
    return _named(save, bag)["ContainedObjects"]


BOARD_WIDTHS = {"Tiny Town": 380, "Score sheet": 180}  # data/tiny/boards.yaml, mm


def _rows(save: dict) -> list[list[dict]]:
    """The objects on the table (hand zones aside) by row, the row nearest the first seat first, each left to right."""
    rows: dict[float, list] = {}
    for o in save["ObjectStates"]:
        if o["Name"] != "HandTrigger":
            rows.setdefault(o["Transform"]["posZ"], []).append(o)
    return [sorted(rows[z], key=lambda o: o["Transform"]["posX"]) for z in sorted(rows, reverse=True)]


def _units(mm: float) -> float:
    """A length in TTS's units (inches), to the four decimals a save holds."""
    return round(mm / IN, 4)


def test_a_deck_lies_face_down_facing_the_first_seat_with_a_card_per_copy(save):
    """The heroes (data/tiny/decks/heroes.yaml): 2 knights, 2 agents, 3 rogues, 3 mages, 2 twins on one sheet of faces,
    its cells 0 to 4; the twin's own back makes every card's back its own cell of a sheet of backs."""
    deck = _named(save, "Tiny Test Game: Heroes")
    assert deck["Name"] == "DeckCustom"
    assert deck["Transform"]["rotZ"] == 180 and deck["Transform"]["rotY"] == 180
    ((key, sheet),) = deck["CustomDeck"].items()
    cells = [0, 0, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4]
    assert deck["DeckIDs"] == [int(key) * 100 + cell for cell in cells]
    names = ["<Knight>"] * 2 + ["AT&T Agent"] * 2 + ["Rogue"] * 3 + ["Mage"] * 3 + ["Twin"] * 2
    assert [(c["Nickname"], c["CardID"], list(c["CustomDeck"])) for c in deck["ContainedObjects"]] == [
        (name, int(key) * 100 + cell, [key]) for name, cell in zip(names, cells, strict=True)]
    assert all(c["Transform"]["rotZ"] == 180 for c in deck["ContainedObjects"])
    assert (sheet["UniqueBack"], sheet["BackIsHidden"], sheet["NumWidth"] * sheet["NumHeight"] >= 5) == (True, False, True)
    assert sheet["FaceURL"] != sheet["BackURL"] and all(c["CustomDeck"][key] == sheet for c in deck["ContainedObjects"])
    (solo,) = _named(save, "Only")["CustomDeck"].values()
    assert solo["UniqueBack"] is False  # one back shared by the deck: one image


def test_a_deck_of_one_card_is_a_single_card_face_down(save):
    card = _named(save, "Only")
    (key,) = card["CustomDeck"]
    assert card["Name"] == "CardCustom" and card["CardID"] == int(key) * 100
    assert card["Transform"]["rotZ"] == 180 and "ContainedObjects" not in card
    assert not [o for o in save["ObjectStates"] if o.get("Nickname") == "Tiny Test Game: Solo"]


@pytest.mark.parametrize("deck, kind", [("Heroes", 0), ("Minis", 0), ("Hexes", 3), ("Discs", 4)])
def test_a_decks_card_shape_is_tts_own(save, deck, kind):
    (sheet,) = _named(save, f"Tiny Test Game: {deck}")["CustomDeck"].values()
    assert sheet["Type"] == kind


def test_a_card_is_scaled_from_the_poker_card_tts_draws_at_scale_1(save):
    """A poker card (63.5 × 88.9 mm) is TTS's card at scale 1; a 44 × 68 mm card is that much narrower and shorter."""
    heroes, minis = _named(save, "Tiny Test Game: Heroes")["Transform"], _named(save, "Tiny Test Game: Minis")["Transform"]
    assert (heroes["scaleX"], heroes["scaleY"], heroes["scaleZ"]) == (1.0, 1.0, 1.0)
    assert (minis["scaleX"], minis["scaleY"], minis["scaleZ"]) == (round(44 / 63.5, 4), 1.0, round(68 / 88.9, 4))


def test_every_object_faces_the_first_seat_on_the_table(save):
    """Each object turned to face the first seat (rotY 180), resting on the table (posY 1), none tilted."""
    placed = [o for o in save["ObjectStates"] if o["Name"] != "HandTrigger"]
    assert placed and all((o["Transform"]["rotX"], o["Transform"]["rotY"], o["Transform"]["posY"]) == (0, 180, 1.0) for o in placed)


def test_a_board_is_locked_at_its_real_size(save):
    """Tiny Town is 380 × 300 mm (data/tiny/boards.yaml): its longer side 380 mm, 14.9606 units."""
    board = _named(save, "Tiny Town")
    assert board["Name"] == "Custom_Board" and board["Locked"] is True and board["CustomImage"]["ImageURL"].endswith(".png")
    assert (board["Transform"]["scaleX"], board["Transform"]["scaleZ"]) == (_units(380), _units(380)) and board["Transform"]["rotZ"] == 0


def test_a_one_sided_token_shows_its_front_and_is_cut_from_its_image(save):
    """The pawns have no back (data/tiny/tokens.yaml): a token cut from its front image, 16 mm across."""
    pawn = _inside(save, "Pawns")[0]
    assert pawn["Name"] == "Custom_Token" and "/pawns-red-front-" in pawn["CustomImage"]["ImageURL"] and pawn["CustomImage"]["ImageSecondaryURL"] == ""
    assert pawn["Transform"]["scaleX"] == _units(16) and pawn["CustomImage"]["CustomToken"]["Stackable"] is True


@pytest.mark.parametrize("bag, size, kind", [("Plates", 25.4, 0), ("Bank notes", 40, 0), ("Tiles", 50.8, 1), ("Coins", 20, 2), ("Shields", 18, 3)])
def test_a_two_sided_tile_shows_its_front_up_and_its_back_below(save, bag, size, kind):
    """A square or rectangle is TTS's box tile, a hexagon its hex, a circle its circle, a rounded square its rounded
    tile; its longer side at its size in the data."""
    tile = _inside(save, bag)[0]
    image = tile["CustomImage"]
    assert "-front-" in image["ImageURL"] and "-back-" in image["ImageSecondaryURL"]
    assert image["CustomTile"]["Type"] == kind and tile["Transform"]["rotZ"] == 0 and tile["Transform"]["scaleX"] == _units(size)


def test_a_standee_stands_front_forward_at_its_height(save):
    """The hero standee is 25 × 40 mm: 40 mm high, 1.5748 units."""
    figure = _inside(save, "Hero standee")[0]
    assert figure["Name"] == "Figurine_Custom"
    assert "/hero-front-" in figure["CustomImage"]["ImageURL"] and "/hero-back-" in figure["CustomImage"]["ImageSecondaryURL"]
    assert (figure["Transform"]["scaleX"], figure["Transform"]["scaleY"], figure["Transform"]["scaleZ"]) == (_units(40),) * 3


def _everything(objects: list[dict]) -> list[dict]:
    """Every object of the save, those lying in a bag as well."""
    return [x for o in objects for x in ((o, *_everything(o["ContainedObjects"])) if o["Name"] == "Bag" else (o,))]


def test_a_token_set_of_a_single_piece_lies_on_the_table_itself_not_in_a_bag(save):
    """The lone marker's set holds one two-sided piece: the piece on the table, no bag of one to open first."""
    (marker,) = [o for o in save["ObjectStates"] if "/lone-front-" in json.dumps(o)]
    assert marker["Name"] == "Custom_Tile"


def test_a_standee_without_a_back_shows_its_front_on_both_sides(save):
    """The ghost has a front only: a figurine shows its secondary image behind, so that is its front again."""
    (ghost,) = [o for o in _everything(save["ObjectStates"]) if "/ghost-front-" in o.get("CustomImage", {}).get("ImageURL", "")]
    assert ghost["Name"] == "Figurine_Custom"
    assert ghost["CustomImage"]["ImageSecondaryURL"] == ghost["CustomImage"]["ImageURL"]


def test_a_die_counted_twice_in_dice_yaml_is_two_dice_on_the_table(save):
    """dice.yaml's pair has `count: 2`: two dice to roll."""
    assert [o["Name"] for o in save["ObjectStates"] if o.get("Nickname") == "Pair die"] == ["Custom_Dice", "Custom_Dice"]


MODEL = "as a custom model of type Dice, its net as the texture"


@pytest.mark.parametrize("twice, once, twice_ends, once_ends", [
    ("pair", "red", "a custom d6 of 12.7 mm × 2", "a custom d6 of 12.7 mm"),
    ("twenty", "octo", f"a d20 of 19.05 mm {MODEL} × 2", f"a d8 of 25.4 mm {MODEL}"),
], ids=["d6", "model"])
def test_the_exports_note_of_a_die_counted_twice_says_times_two(exported, twice, once, twice_ends, once_ends):
    """dice.yaml's pair and d20 have `count: 2`, its red die and d8 none: the export's line for a die counted twice
    (a d6's image, a model's mesh) ends `× 2`, as two dice are put on the table from it; a die of one names no count."""
    lines = [line.strip() for line in exported[1].splitlines()]
    (two,) = [line for line in lines if line.startswith(f"dice/{twice}-")]
    (one,) = [line for line in lines if line.startswith(f"dice/{once}-")]
    assert two.endswith(twice_ends), two
    assert one.endswith(once_ends), one


def test_a_d6_is_tts_own_die_at_its_size_named_as_the_data_names_it(save):
    """dice.yaml's red d6 is 12.7 mm: half a unit; TTS's d6 is its dice Type 1."""
    die = _named(save, "Red die")
    assert die["Name"] == "Custom_Dice" and die["CustomImage"]["CustomDice"]["Type"] == 1 and die["Transform"]["scaleY"] == 0.5


def test_a_die_of_any_other_shape_is_a_plastic_model_rolled_as_a_die(save):
    """The d8, 25.4 mm: a model (TTS's TypeIndex 2 is a die, MaterialIndex 0 plastic), its mesh and texture files."""
    model = _named(save, "Octo")
    mesh = model["CustomMesh"]
    assert model["Name"] == "Custom_Model" and mesh["MeshURL"].endswith(".obj") and mesh["DiffuseURL"].endswith(".png")
    assert (mesh["TypeIndex"], mesh["MaterialIndex"], mesh["Convex"]) == (2, 0, True)
    assert model["Transform"]["scaleX"] == 1.0


def _model_files(save: dict, nickname: str) -> tuple[list[tuple[tuple[float, float], ...]], Image.Image]:
    """A die model's faces as the corners its mesh maps them to in the texture (px, from the top left), and its texture."""
    mesh = next(o for o in save["ObjectStates"] if o.get("Nickname") == nickname)["CustomMesh"]  # the first of its copies
    path = {key: unquote(urlparse(mesh[key]).path) for key in ("MeshURL", "DiffuseURL")}
    texture = Image.open(path["DiffuseURL"]).convert("RGB")
    uvs, faces = [], []
    for line in Path(path["MeshURL"]).read_text(encoding="ascii").splitlines():
        word = line.split()
        if word and word[0] == "vt":
            uvs.append((float(word[1]), float(word[2])))
        elif word and word[0] == "f":
            faces.append(tuple(int(corner.split("/")[1]) - 1 for corner in word[1:]))
    side = texture.width  # OBJ's texture coordinates: 0..1 across, v from the image's bottom up
    return [tuple((uvs[i][0] * side, (1 - uvs[i][1]) * side) for i in face) for face in faces], texture


def test_each_face_of_a_die_model_shows_its_number_where_its_mesh_maps_that_face(save):
    """The d20's mesh maps each of its 20 triangles to a spot of its texture (OBJ's vt, v counted up from the image's
    bottom): each spot holds that face's number, dark ink in the middle of the triangle, not a bare stretch of net."""
    faces, texture = _model_files(save, "Twenty")
    assert len(faces) == 20
    for face in faces:
        cx, cy = (sum(p[0] for p in face) / 3, sum(p[1] for p in face) / 3)
        r = math.dist(face[0], (cx, cy)) / 3
        middle = texture.crop((round(cx - r), round(cy - r), round(cx + r), round(cy + r)))
        assert min(sum(pixel) for pixel in middle.get_flattened_data()) < 200, face


def test_a_die_models_faces_are_the_colour_dice_yaml_gives_the_die(save):
    """The d20 is `color: "#1f6feb"`: each face of the model, toward each of its corners (past its number), is that blue."""
    faces, texture = _model_files(save, "Twenty")
    for face in faces:
        cx, cy = (sum(p[0] for p in face) / 3, sum(p[1] for p in face) / 3)
        assert [texture.getpixel((round(cx + 0.8 * (x - cx)), round(cy + 0.8 * (y - cy)))) for x, y in face] == [TWENTY_BLUE] * 3, face


def test_a_die_model_is_as_tall_as_it_is_wide_at_its_size(save):
    """The d20 is 19.05 mm, three quarters of an inch (a unit): 0.75 along every axis, a solid, not a flattened one."""
    for die in [o for o in save["ObjectStates"] if o.get("Nickname") == "Twenty"]:
        assert [die["Transform"][k] for k in ("scaleX", "scaleY", "scaleZ")] == [0.75, 0.75, 0.75]


def test_no_two_decks_share_a_sheet_key_so_no_card_id_names_two_faces(save):
    """A CardID is its sheet's CustomDeck key × 100 + its cell, and TTS keys a sheet by that number across the save: each
    deck (and the lone card) holds keys no other deck holds, so no card shows another deck's face."""
    keys = [set(o["CustomDeck"]) for o in save["ObjectStates"] if o["Name"] in ("DeckCustom", "CardCustom")]
    assert len(keys) >= 5
    assert sum(len(k) for k in keys) == len(set().union(*keys))


def test_a_bag_holds_its_copies_and_takes_three_units(save):
    """The coins: 8 of c1 and 4 of c5 in their bag; bags of tokens lie 4 units apart, 3 wide and 1 between."""
    coins = _inside(save, "Coins")
    assert [c["Nickname"] for c in coins] == ["Coins · c1"] * 8 + ["Coins · c5"] * 4
    for row in _rows(save):
        xs = [o["Transform"]["posX"] for o in row if o["Name"] == "Bag"]
        assert [round(b - a, 4) for a, b in itertools.pairwise(xs)] == [4.0] * (len(xs) - 1)


def test_objects_in_a_row_lie_a_unit_apart_never_overlapping(save):
    """Along a row, each object's edge is a unit from the next one's: a board's half width is half its width in the
    data, a deck's half a card's, a bag's 1.5 units."""
    def half(o: dict) -> float:
        t = o["Transform"]
        if o["Name"] == "Bag":
            return 1.5
        if o["Name"].startswith(("Deck", "Card")):
            return round(t["scaleX"] * 63.5 / IN / 2, 4)
        return BOARD_WIDTHS[o["Nickname"]] / IN / 2 if o["Name"] == "Custom_Board" else None

    row = [o for o in _rows(save)[0] if half(o) is not None]
    gaps = [round(b["Transform"]["posX"] - half(b) - a["Transform"]["posX"] - half(a), 3) for a, b in itertools.pairwise(row)]  # to the save's 4 decimals
    assert len(row) >= 3 and gaps == [1.0] * len(gaps), gaps


def test_every_object_and_card_has_its_own_guid_made_from_what_it_is(save):
    """Six hex digits, each one different; a deck's is the hash of its kind and nickname (`/DeckCustom|NAME|#0`), a
    card's of its deck's, its own and which copy it is, so the same game gives the same GUIDs on every export."""
    def guid(identity: str) -> str:
        return hashlib.sha256(f"{identity}~0".encode()).hexdigest()[:6]

    every = [o["GUID"] for o in save["ObjectStates"]] + [c["GUID"] for o in save["ObjectStates"] for c in o.get("ContainedObjects", [])]
    assert len(set(every)) == len(every) and all(len(g) == 6 and int(g, 16) >= 0 for g in every)
    deck = _named(save, "Tiny Test Game: Heroes")
    assert deck["GUID"] == guid("/DeckCustom|Tiny Test Game: Heroes|#0")
    knight = deck["ContainedObjects"][0]["CardID"]
    assert [c["GUID"] for c in deck["ContainedObjects"][:2]] == [guid(f"/DeckCustom|Tiny Test Game: Heroes|#0/Card|<Knight>|{knight}#0"),
                                                                  guid(f"/DeckCustom|Tiny Test Game: Heroes|#0/Card|<Knight>|{knight}#1")]
    assert [c["GUID"] for c in _inside(save, "Walls")[1:3]] == [guid("/Bag|Walls|#0/Custom_Token|Walls|#1"), guid("/Bag|Walls|#0/Custom_Token|Walls|#2")]
    assert all(next(iter(o)) == "GUID" for o in save["ObjectStates"] if o["Name"] != "HandTrigger")


def test_a_save_holds_a_hand_zone_per_seat_first_its_title_and_no_date(save):
    """The tiny game seats 4 (data/tiny/game.yaml): four hand zones first, as TTS saves them; the rectangle table; the
    title as the save's name and mode; nothing that changes from one export to the next (no date, no time)."""
    assert (save["SaveName"], save["GameMode"]) == ("Tiny Test Game", "Tiny Test Game") and save["Note"].startswith("Tiny Test Game")
    assert [o["Name"] for o in save["ObjectStates"][:5]] == ["HandTrigger"] * 4 + [save["ObjectStates"][4]["Name"]]
    assert save["ObjectStates"][4]["Name"] != "HandTrigger"
    zones = [o["FogColor"] for o in save["ObjectStates"][:4]]
    assert zones[0] == "White" and len(set(zones)) == 4  # the first seat TTS's white, each seat its own colour
    assert (save["Table"], save["EpochTime"], save["Date"]) == ("Table_RPG", 0, "")


# Each object whole, as TTS's save format spells it: a key misspelt is a key TTS ignores, a value left out its default

def _up(scale: tuple[float, float, float], down: bool = False) -> dict:
    return {"rotX": 0, "rotY": 180, "rotZ": 180 if down else 0, "scaleX": scale[0], "scaleY": scale[1], "scaleZ": scale[2]}


def _placed(obj: dict) -> dict:
    """An object as saved without its GUID and its place on the table, which the tests above hold."""
    transform = {k: v for k, v in obj["Transform"].items() if k not in ("posX", "posY", "posZ")}
    return {k: v for k, v in obj.items() if k != "GUID"} | {"Transform": transform}


def test_each_image_object_is_written_whole_as_tts_reads_it(save):
    image = {"ImageScalar": 1.0, "WidthScale": 0.0}
    board = _named(save, "Score sheet")  # 180 × 240 mm
    assert _placed(board) == {"Name": "Custom_Board", "Nickname": "Score sheet", "Locked": True, "Transform": _up((_units(240), 1.0, _units(240))),
                              "CustomImage": {"ImageURL": board["CustomImage"]["ImageURL"], "ImageSecondaryURL": "", **image}}
    wall = _inside(save, "Walls")[0]  # 14 mm, one-sided
    assert _placed(wall) == {"Name": "Custom_Token", "Nickname": "Walls", "Transform": _up((_units(14), 1.0, _units(14))),
                             "CustomImage": {"ImageURL": wall["CustomImage"]["ImageURL"], "ImageSecondaryURL": "", **image,
                                             "CustomToken": {"Thickness": 0.2, "MergeDistancePixels": 15.0, "StandUp": False, "Stackable": True}}}
    tile = _inside(save, "Tiles")[0]  # 50.8 mm hexagons, two-sided
    assert _placed(tile) == {"Name": "Custom_Tile", "Nickname": "Tiles", "Transform": _up((2.0, 1.0, 2.0)),
                             "CustomImage": {"ImageURL": tile["CustomImage"]["ImageURL"], "ImageSecondaryURL": tile["CustomImage"]["ImageSecondaryURL"],
                                             **image, "CustomTile": {"Type": 1, "Thickness": 0.2, "Stackable": True, "Stretch": True}}}
    figure = _inside(save, "Hero standee")[0]
    assert _placed(figure) == {"Name": "Figurine_Custom", "Nickname": "Hero standee", "Transform": _up((_units(40),) * 3),
                               "CustomImage": {"ImageURL": figure["CustomImage"]["ImageURL"],
                                               "ImageSecondaryURL": figure["CustomImage"]["ImageSecondaryURL"], **image}}
    die = _named(save, "Red die")
    assert _placed(die) == {"Name": "Custom_Dice", "Nickname": "Red die", "Transform": _up((0.5, 0.5, 0.5)),
                            "CustomImage": {"ImageURL": die["CustomImage"]["ImageURL"], "ImageSecondaryURL": "", **image, "CustomDice": {"Type": 1}}}
    model = _named(save, "Octo")
    assert _placed(model) == {"Name": "Custom_Model", "Nickname": "Octo", "Transform": _up((1.0, 1.0, 1.0)),
                              "CustomMesh": {"MeshURL": model["CustomMesh"]["MeshURL"], "DiffuseURL": model["CustomMesh"]["DiffuseURL"],
                                             "NormalURL": "", "ColliderURL": "", "Convex": True, "MaterialIndex": 0, "TypeIndex": 2, "CastShadows": True}}
    bag = _named(save, "Plates")
    assert _placed(bag) == {"Name": "Bag", "Nickname": "Plates", "Transform": _up((1.0, 1.0, 1.0)), "ContainedObjects": bag["ContainedObjects"]}


def test_a_deck_and_its_cards_are_written_whole_as_tts_reads_them(save):
    minis = _named(save, "Tiny Test Game: Minis")
    ((key, sheet),) = minis["CustomDeck"].items()
    assert {k: v for k, v in sheet.items() if not k.endswith("URL")} == {"NumWidth": sheet["NumWidth"], "NumHeight": sheet["NumHeight"],
                                                                          "BackIsHidden": False, "UniqueBack": False, "Type": 0}
    scale = (round(44 / 63.5, 4), 1.0, round(68 / 88.9, 4))
    card = {"Name": "Card", "Nickname": "A", "CardID": int(key) * 100, "Transform": _up(scale, down=True), "CustomDeck": {key: sheet}}
    assert _placed(minis) == {"Name": "DeckCustom", "Nickname": "Tiny Test Game: Minis", "Transform": _up(scale, down=True),
                              "DeckIDs": [int(key) * 100] * 2, "CustomDeck": {key: sheet}, "ContainedObjects": [{**card, "GUID": c["GUID"], "Transform": c["Transform"]} for c in minis["ContainedObjects"]]}
    assert [_placed(c) for c in minis["ContainedObjects"]] == [card, card]
    solo = _named(save, "Only")
    (key,) = solo["CustomDeck"]
    assert _placed(solo) == {"Name": "CardCustom", "Nickname": "Only", "CardID": int(key) * 100, "Transform": _up((1.0, 1.0, 1.0), down=True),
                             "CustomDeck": solo["CustomDeck"]}


# The rows objects are laid in, and GUIDs that meet: on internals. A game's pieces cannot be sized to land a row on its
# 60 units exactly, nor named so that two GUIDs meet, without making pieces for that alone; the rule is a pure
# function of the sizes (pnp.targets.tts.places) and of the names (with_guids), held here through them.

ROW = 60.0  # the row width these layouts are worked out for


def test_objects_are_laid_out_in_rows_a_unit_apart_centred_and_never_overlapping():
    """Three of 20 units (with 1 between, 62 > 60 on the third): two in the first row, the third in the next."""
    from pnp.targets.tts import places

    layout = places([(20.0, 10.0)] * 3 + [(5.0, 4.0)], ROW)
    placed = dict(zip("abcd", layout.centres, strict=True))
    # rows: [a, b] 41 wide, 10 deep; [c, d] 26 wide, 10 deep; 41 wide in all, 21 deep
    assert placed["a"] == (-10.5, 5.5) and placed["b"] == (10.5, 5.5)
    assert placed["c"] == (-10.5, -5.5) and placed["d"] == (3.0, -5.5)
    assert (layout.width, layout.depth) == (41.0, 21.0)


def test_a_first_object_wider_than_a_row_still_starts_the_first_row():
    from pnp.targets.tts import places

    assert places([(80.0, 2.0), (2.0, 2.0)], ROW).centres == [(0.0, 1.5), (-39.0, -1.5)]


def test_a_row_holds_objects_up_to_exactly_60_units_and_rows_lie_a_unit_apart():
    """20 + 1 + 20 + 1 + 18 = 60: one row; three rows of depth 2 take 2 + 1 + 2 + 1 + 2 = 8, centred."""
    from pnp.targets.tts import places

    assert {z for _, z in places([(20.0, 2.0), (20.0, 2.0), (18.0, 2.0)], ROW).centres} == {0.0}
    assert [z for _, z in places([(50.0, 2.0)] * 3, ROW).centres] == [3.0, 0.0, -3.0]


def test_places_are_written_to_four_decimals():
    """Rows 3 1/3 and 1 deep, a unit apart: 5 1/3 deep in all, their centres 1 and -2 1/6 from the middle."""
    from pnp.targets.tts import places

    assert places([(10 / 3, 10 / 7), (1.0, 1.0)], ROW).centres == [(-1.0, 0.0), (2.1667, 0.0)]  # 5 1/3 wide in all
    assert [z for _, z in places([(50.0, 10 / 3), (50.0, 1.0)], ROW).centres] == [1.0, -2.1667]


def _guid(identity: str, tries: int = 0) -> str:
    return hashlib.sha256(f"{identity}~{tries}".encode()).hexdigest()[:6]


# Three cards whose GUIDs meet, found by search over the names c0, c1, …: c17219's first GUID is c3149's, and its
# second is c530891's first (24-bit hashes meet often enough to find).
A, B, D = "/Card|c3149|#0", "/Card|c17219|#0", "/Card|c530891|#0"


def _card(identity: str) -> dict:
    return {"Name": "Card", "Nickname": identity.split("|")[1]}


def test_an_identity_whose_guid_is_taken_hashes_again_with_a_counter_until_one_is_free():
    from pnp.targets.tts import with_guids

    assert _guid(B) == _guid(A) and _guid(B, 1) == _guid(D)
    placed = with_guids([_card(A), _card(D), _card(B)])
    assert [o["GUID"] for o in placed] == [_guid(A), _guid(D), _guid(B, 2)]


def test_a_taken_guid_tries_the_next_counter_first():
    from pnp.targets.tts import with_guids

    assert [o["GUID"] for o in with_guids([_card(A), _card(B)])] == [_guid(A), _guid(B, 1)]
    assert [o["GUID"] for o in with_guids([_card(B), _card(A)])] == [_guid(B), _guid(A, 1)]  # the later one in the save's order moves


def test_the_player_aids_are_a_deck_of_a_card_for_each_player(save):
    """reference.yaml's quick reference is one card, a copy for each of the game's 4 players (data/tiny/game.yaml),
    numbered as a person counts: 1 of 1."""
    aids = _named(save, "Tiny Test Game: Tiny · quick reference")
    assert [c["Nickname"] for c in aids["ContainedObjects"]] == ["Tiny · quick reference 1 / 1"] * 4
