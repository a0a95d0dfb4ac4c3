"""Tabletop Simulator objects and save files, as plain dicts ready for JSON.

Object names and keys follow TTS's save format (ObjectStates of "DeckCustom"
with "CustomDeck", "Custom_Board", "Custom_Token", "Custom_Tile",
"Figurine_Custom", "Custom_Dice", "Custom_Model", "Bag"): see kb.tabletopsimulator.com and the typed
declarations of the save format (@typed-tabletop-simulator/declaration).

What we could not measure without TTS itself is kept in one table,
SCALE_1_MM: how large each kind of object is at Transform scale 1. We take
a custom card at scale 1 as a poker card and the other image objects as one
TTS unit (taken as one inch) along their longer side; objects are scaled
from there to their real size, and laid out on the table by those sizes. (A real save that lays decks of scale 1
side by side, github.com/kylejames0408/WSKCA TS_Save_1.json, sets them 2.9 units apart, so a card there is at most
2.9 units wide: near the 2.5 taken here, though not a measurement of it.)
"""
from __future__ import annotations

import hashlib
from collections import Counter
from dataclasses import dataclass

from pnp.targets import tts_table

MM_PER_UNIT = 25.4  # one TTS unit taken as one inch (its ruler measures in inches)
CARD_AT_SCALE_1_MM = (63.5, 88.9)  # a custom card at scale 1, assumed poker-sized
SCALE_1_MM = {"Custom_Board": MM_PER_UNIT, "Custom_Tile": MM_PER_UNIT, "Custom_Token": MM_PER_UNIT, "Figurine_Custom": MM_PER_UNIT,
              "Custom_Dice": MM_PER_UNIT, "Custom_Model": MM_PER_UNIT}  # a Custom_Model: its mesh's units (pnp.targets.tts_models writes 1 per longest edge)
MODEL_TYPE_DICE = 2  # CustomMesh.TypeIndex: 0 generic, 1 figurine, 2 dice, 3 coin, 4 board, 5 chip, 6 bag, 7 infinite bag
MODEL_MATERIAL_PLASTIC = 0  # CustomMesh.MaterialIndex: 0 plastic, 1 wood, 2 metal, 3 cardboard
DICE_TYPES = {"d4": 0, "d6": 1, "d8": 2, "d10": 3, "d12": 4, "d20": 5}  # CustomDice.Type
# Where each face of a d6 goes in its image: TTS's own d6 template (Modding/Dice Templates/D6.png, a square of 3 × 3
# cells) leaves the top row empty and reads 2 4 5 across the middle row and 1 3 6 across the bottom one, faces 1 and 6
# turned half a turn (a tool that draws into that template, ErikRoelofs/prototypical's drawer/diceDrawer.py, places them
# so; the TTS knowledge base shows the template only as a picture). (column, row) cells, and the faces drawn upside down.
D6_IMAGE_GRID = (3, 3)
D6_IMAGE_CELLS = {2: (0, 1), 4: (1, 1), 5: (2, 1), 1: (0, 2), 3: (1, 2), 6: (2, 2)}
D6_IMAGE_TURNED = frozenset({1, 6})
BAG_FOOTPRINT_UNITS = (3.0, 3.0)  # room a bag takes on the table
GAP_UNITS = 1.0  # between objects laid out on the table
TILE_SHAPES = {"square": 0, "rectangle": 0, "hexagon": 1, "circle": 2, "rounded": 3, "outline": 0}  # CustomTile.Type: Box, Hex, Circle, Rounded (a drawn outline: a box, its image transparent past the cut)
TOKEN_THICKNESS = 0.2
TOKEN_MERGE_PX = 15.0  # CustomToken.MergeDistancePixels: how far apart outline points may be and still merge


def transform(x: float = 0.0, z: float = 0.0, *, y: float = 1.0, face_down: bool = False, scale=(1.0, 1.0, 1.0)) -> dict:
    """A Transform facing the first seat; cards lie face down (rotZ 180) as a deck does."""
    return {"posX": round(x, 4), "posY": y, "posZ": round(z, 4), "rotX": 0, "rotY": 180, "rotZ": 180 if face_down else 0,
            "scaleX": round(scale[0], 4), "scaleY": round(scale[1], 4), "scaleZ": round(scale[2], 4)}


def image_scale(kind: str, trim_mm: tuple[float, float]) -> float:
    """Uniform scale that gives an image object of `kind` its real size (its longer side)."""
    return max(trim_mm) / SCALE_1_MM[kind]


def card_scale(card_mm: tuple[float, float]) -> tuple[float, float, float]:
    """A card's scale from its real size, relative to the poker card TTS draws at scale 1."""
    return card_mm[0] / CARD_AT_SCALE_1_MM[0], 1.0, card_mm[1] / CARD_AT_SCALE_1_MM[1]


@dataclass(frozen=True)
class Sheet:
    """One deck sheet as TTS reads it: a key in CustomDeck, its images and grid."""

    key: int  # CustomDeck key; a card's CardID is key * 100 + its cell
    face_url: str
    back_url: str
    columns: int
    rows: int
    unique_back: bool


CARD_TYPES = {"rectangle": 0, "rounded": 0, "hexagon": 3, "circle": 4, "outline": 0}  # CustomDeck.Type: 0 rounded rectangle (TTS's usual card; it has no drawn outline), 3 hex, 4 circle


def deck_object(name: str, card_mm: tuple[float, float], sheets: list[Sheet], cards: list[tuple[str, int, int]], cut: str = "rectangle") -> dict:
    """A face-down deck: cards are (nickname, CardID, copies); every copy is a contained card."""
    custom = {str(s.key): {"FaceURL": s.face_url, "BackURL": s.back_url, "NumWidth": s.columns, "NumHeight": s.rows,
                           "BackIsHidden": False, "UniqueBack": s.unique_back, "Type": CARD_TYPES[cut]} for s in sheets}
    t = transform(face_down=True, scale=card_scale(card_mm))
    contained, ids = [], []
    for nickname, card_id, copies in cards:
        key = str(card_id // 100)
        for _ in range(copies):
            ids.append(card_id)
            contained.append({"Name": "Card", "Nickname": nickname, "CardID": card_id, "Transform": t, "CustomDeck": {key: custom[key]}})
    if len(contained) == 1:  # TTS stores a deck of one as a single card
        return {**contained[0], "Name": "CardCustom"}
    return {"Name": "DeckCustom", "Nickname": name, "Transform": t, "DeckIDs": ids, "CustomDeck": custom, "ContainedObjects": contained}


def board_object(name: str, url: str, trim_mm: tuple[float, float]) -> dict:
    """A custom board at its real size, locked in place like a board on a table."""
    s = image_scale("Custom_Board", trim_mm)
    return {"Name": "Custom_Board", "Nickname": name, "Locked": True, "Transform": transform(scale=(s, 1.0, s)),
            "CustomImage": {"ImageURL": url, "ImageSecondaryURL": "", "ImageScalar": 1.0, "WidthScale": 0.0}}


def token_object(name: str, url: str, trim_mm: tuple[float, float]) -> dict:
    """A one-sided token: TTS cuts its outline from the image's transparency."""
    s = image_scale("Custom_Token", trim_mm)
    return {"Name": "Custom_Token", "Nickname": name, "Transform": transform(scale=(s, 1.0, s)),
            "CustomImage": {"ImageURL": url, "ImageSecondaryURL": "", "ImageScalar": 1.0, "WidthScale": 0.0,
                            "CustomToken": {"Thickness": TOKEN_THICKNESS, "MergeDistancePixels": TOKEN_MERGE_PX, "StandUp": False, "Stackable": True}}}


def tile_object(name: str, front_url: str, back_url: str, shape: str, trim_mm: tuple[float, float]) -> dict:
    """A two-sided token: a custom tile of TTS's nearest shape (box, hex, circle, rounded), front and back images."""
    s = image_scale("Custom_Tile", trim_mm)
    return {"Name": "Custom_Tile", "Nickname": name, "Transform": transform(scale=(s, 1.0, s)),
            "CustomImage": {"ImageURL": front_url, "ImageSecondaryURL": back_url, "ImageScalar": 1.0, "WidthScale": 0.0,
                            "CustomTile": {"Type": TILE_SHAPES[shape], "Thickness": TOKEN_THICKNESS, "Stackable": True, "Stretch": True}}}


def figurine_object(name: str, front_url: str, back_url: str, trim_mm: tuple[float, float]) -> dict:
    """A standee: a custom figurine, front and back images, standing on its base."""
    s = image_scale("Figurine_Custom", trim_mm)
    return {"Name": "Figurine_Custom", "Nickname": name, "Transform": transform(scale=(s, s, s)),
            "CustomImage": {"ImageURL": front_url, "ImageSecondaryURL": back_url, "ImageScalar": 1.0, "WidthScale": 0.0}}


def dice_object(name: str, url: str, shape: str, size_mm: float) -> dict:
    """A custom die of TTS's `shape` whose one image holds every face (D6_IMAGE_CELLS for a d6)."""
    s = size_mm / SCALE_1_MM["Custom_Dice"]
    return {"Name": "Custom_Dice", "Nickname": name, "Transform": transform(scale=(s, s, s)),
            "CustomImage": {"ImageURL": url, "ImageSecondaryURL": "", "ImageScalar": 1.0, "WidthScale": 0.0,
                            "CustomDice": {"Type": DICE_TYPES[shape]}}}


def die_model_object(name: str, mesh_url: str, texture_url: str, size_mm: float) -> dict:
    """A die of any shape as a custom model of type Dice: rolled like a die; the face on top is read off the die."""
    s = size_mm / SCALE_1_MM["Custom_Model"]
    return {"Name": "Custom_Model", "Nickname": name, "Transform": transform(scale=(s, s, s)),
            "CustomMesh": {"MeshURL": mesh_url, "DiffuseURL": texture_url, "NormalURL": "", "ColliderURL": "", "Convex": True,
                           "MaterialIndex": MODEL_MATERIAL_PLASTIC, "TypeIndex": MODEL_TYPE_DICE, "CastShadows": True}}


def bag_object(name: str, contained: list[dict]) -> dict:
    """A bag holding a token set's copies, so the table is not strewn with fifty coins."""
    return {"Name": "Bag", "Nickname": name, "Transform": transform(), "ContainedObjects": contained}


def footprint(obj: dict, size_mm: tuple[float, float]) -> tuple[float, float]:
    """Room an object takes on the table, in TTS units (x across, z deep)."""
    if obj["Name"] == "Bag":
        return BAG_FOOTPRINT_UNITS
    return size_mm[0] / MM_PER_UNIT, size_mm[1] / MM_PER_UNIT


@dataclass(frozen=True)
class Layout:
    """Where `places` put each footprint (its centre, units from the table's middle) and how much of the table the
    whole takes (width along x, depth along z)."""

    centres: list[tuple[float, float]]
    width: float
    depth: float


def places(sizes: list[tuple[float, float]], row_units: float) -> Layout:
    """Footprints (units, x across and z deep) set out in rows no wider than `row_units` (an object wider than that
    alone in its row), GAP_UNITS apart, none overlapping, the whole centred on the table's middle.

    Rows run left to right, the first farthest from the first seat (White, at -z)."""
    rows: list[list] = [[]]
    x = 0.0
    for index, (w, d) in enumerate(sizes):
        if rows[-1] and x + w > row_units:
            rows.append([])
            x = 0.0
        rows[-1].append((index, w, d, x))
        x += w + GAP_UNITS
    rows = [row for row in rows if row]
    if not rows:
        return Layout([], 0.0, 0.0)
    width = max(sum(w for _, w, _, _ in row) + GAP_UNITS * (len(row) - 1) for row in rows)
    depths = [max(d for _, _, d, _ in row) for row in rows]
    total = sum(depths) + GAP_UNITS * (len(rows) - 1)
    centres: list[tuple[float, float]] = [(0.0, 0.0)] * len(sizes)
    z = total / 2
    for row, depth in zip(rows, depths, strict=True):
        for index, w, _, left in row:
            centres[index] = (round(left + w / 2 - width / 2, 4), round(z - depth / 2, 4))
        z -= depth + GAP_UNITS
    return Layout(centres, width, total)


def with_guids(objects: list[dict]) -> list[dict]:
    """The objects, each (and each object it contains) with a GUID: six hex digits TTS keys objects by, unique in the save.

    A GUID is a hash of the object's identity, not a random number, so a rebuild gives every object the same GUID
    and a save diffs cleanly: its kind, nickname and card id, which of its like it is among its siblings, and the
    same of each object it lies in. Where two identities hash alike, the later one (in the save's order) hashes
    its identity again with a counter until its GUID is free."""
    used: set[str] = set()

    def visit(objs: list[dict], parent: str) -> list[dict]:
        seen: Counter = Counter()
        out = []
        for obj in objs:
            key = f"{obj.get('Name', '')}|{obj.get('Nickname', '')}|{obj.get('CardID', '')}"
            identity = f"{parent}/{key}#{seen[key]}"
            seen[key] += 1
            placed = {"GUID": _free_guid(identity, used), **obj}
            if "ContainedObjects" in obj:
                placed["ContainedObjects"] = visit(obj["ContainedObjects"], identity)
            out.append(placed)
        return out

    return visit(objects, "")


def _free_guid(identity: str, used: set[str]) -> str:
    tries = 0
    while True:
        guid = hashlib.sha256(f"{identity}~{tries}".encode()).hexdigest()[:6]
        if guid not in used:
            used.add(guid)
            return guid
        tries += 1


def save_file(title: str, note: str, objects: list[dict], seats: int) -> dict:
    """A whole TTS save (Saves folder): the table, a hand zone for each of `seats` seats, the objects on the table,
    each with its GUID, a note for the players, and the script that shuffles every deck once, at load
    (pnp.targets.tts_table)."""
    zones = [tts_table.hand_zone(seat) for seat in tts_table.seats_for(seats)]
    placed = with_guids(zones + objects)
    decks = [o["GUID"] for o in placed if o["Name"] == "DeckCustom"]
    return tts_table.save_top(title, note, placed, tts_table.shuffle_script(decks))
