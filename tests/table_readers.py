"""Readers of the browser tables' files that check what the tables' public importers check, written from their code,
not from pnp's writers: virtualtabletop.io's server/pcioimport.mjs (a .pcio file), server/fileloader.mjs (a room
file) and client/js/widgets/*.js (what a widget needs to be drawn). Each returns the table read back and the list
of problems found (empty for a file the importer takes whole)."""
from __future__ import annotations

import io
import json
import re
import zipfile
import zlib
from dataclasses import dataclass, field

from PIL import Image

SURFACE = (1600, 1000)  # the room's surface, px
ASSET_LIMIT = 10 * 1024 * 1024  # fileloader.mjs and pcioimport.mjs: an asset of 10 MiB or more is refused
OLD_ASSET_LIMIT = 2 * 1024 * 1024  # … and older servers skipped one of 2 MiB or more
PCIO_KNOWN_SCHEMA = 8  # pcioimport.mjs knownSchemaVersion
PCIO_TYPES = {"automationButton", "board", "card", "cardDeck", "cardPile", "chooser", "counter", "dice", "hand", "holder", "labelText", "piece", "seat",
              "separator", "spinner", "timer", "turnButton", "urlButton", "gamePiece"}  # pcioTypeNames, and gamePiece
VTT_NEWEST = 22  # the newest file format of the server these checks were read from (fileupdater.mjs VERSION)
VTT_2024 = 15  # the format of virtualtabletop.io's server through 2024: VERSION 15 from November 2023, 16 from September 2024
VTT_TYPES = {"basic", "button", "canvas", "card", "deck", "dice", "holder", "label", "line", "pile", "scoreboard", "seat", "separator", "spinner", "timer"}
# a widget's size when the file leaves it out: the widget classes' addDefaults
VTT_DEFAULT_SIZE = {"card": (103, 160), "holder": (111, 168), "pile": (1, 1), "dice": (50, 50), "seat": (36, 36)}
VTT_DEFAULT_XY = {"pile": (4, 4)}


@dataclass
class ReadTable:
    """A table file read back: its widgets by id, its images by the name widgets use, and what is wrong with it."""

    widgets: dict
    images: dict  # reference as a widget writes it → PIL image
    problems: list = field(default_factory=list)
    version: int | None = None  # a room file's _meta.version

    def of_type(self, kind: str) -> list[dict]:
        return [w for w in self.widgets.values() if w.get("type") == kind]


def _strings(node):
    if isinstance(node, dict):
        for value in node.values():
            yield from _strings(value)
    elif isinstance(node, list):
        for value in node:
            yield from _strings(value)
    elif isinstance(node, str):
        yield node


def _image(data: bytes, name: str, problems: list):
    try:
        with Image.open(io.BytesIO(data)) as img:
            img.load()
            return img.copy()
    except OSError as exc:
        problems.append(f"{name}: not an image ({exc})")
        return None


def _inside(box, name: str, problems: list) -> None:
    x, y, w, h = box
    if x < 0 or y < 0 or x + w > SURFACE[0] or y + h > SURFACE[1]:
        problems.append(f"{name} at {x:g},{y:g} ({w:g} × {h:g}) is off the {SURFACE[0]} × {SURFACE[1]} surface")


def read_pcio(path) -> ReadTable:
    """A .pcio file as pcioimport.mjs reads it."""
    problems: list = []
    with zipfile.ZipFile(path) as zf:
        members = {i.filename: i for i in zf.infolist()}
        if "widgets.json" not in members:
            return ReadTable({}, {}, ["no widgets.json: fileloader.mjs would not take it for a .pcio file"])
        widgets = json.loads(zf.read("widgets.json"))
        schema = int(zf.read("schemaVersion")) if "schemaVersion" in members else 0
        files = {n: zf.read(n) for n, i in members.items() if re.match(r"^/?userassets", n) and not n.endswith("/")}
    if schema > PCIO_KNOWN_SCHEMA:
        problems.append(f"format {schema} is newer than the importer's {PCIO_KNOWN_SCHEMA}")
    if not isinstance(widgets, list):
        return ReadTable({}, {}, [*problems, "widgets.json is not a list"])
    by_id: dict = {}
    for w in widgets:
        if not isinstance(w, dict) or not w.get("type"):
            problems.append(f"a widget without a type: {w!r:.80}")
            continue
        if w["type"] not in PCIO_TYPES:
            problems.append(f"{w.get('id')}: type {w['type']} is not one the importer knows")
        if w.get("id") in by_id:
            problems.append(f"id {w.get('id')} is used twice")
        by_id[w.get("id")] = w
    images = {}
    for name, data in files.items():
        if len(data) >= ASSET_LIMIT:
            problems.append(f"{name}: {len(data)} bytes, over the importer's 10 MiB")
        elif len(data) >= OLD_ASSET_LIMIT:
            problems.append(f"{name}: {len(data)} bytes, over the 2 MiB an older importer takes")
        images["package://" + name] = _image(data, name, problems)
    for w in by_id.values():
        for value in _strings(w):
            if value.startswith("package://") and value not in images:
                problems.append(f"{w['id']}: {value} is not in the file")
        if w.get("parent") is not None and w["parent"] not in by_id:
            problems.append(f"{w['id']}: its parent {w['parent']} is not in the file")
        if w["type"] in ("card", "piece", "dice"):
            deck = by_id.get(w.get("deck"))
            if deck is None or deck["type"] != "cardDeck":
                problems.append(f"{w['id']}: its deck {w.get('deck')} is not a cardDeck of the file (the importer drops an orphan card)")
            elif w["type"] != "dice" and w.get("cardType") not in deck.get("cardTypes", {}):
                problems.append(f"{w['id']}: card type {w.get('cardType')} is not in deck {deck['id']}")
            elif w["type"] == "dice" and deck.get("collectionType") != "dice":
                problems.append(f"{w['id']}: a die whose deck is not a collection of dice")
    for w in by_id.values():
        if w["type"] == "cardDeck":
            continue
        size = {"card": "card", "piece": "card", "dice": "card"}.get(w["type"])
        if size:
            deck = by_id.get(w.get("deck"), {})
            box = (w.get("x", 0), w.get("y", 0), deck.get("cardWidth", 103), deck.get("cardHeight", 160))
        elif w["type"] == "seat":
            box = (w.get("x", 0), w.get("y", 0), 42, 42)
        else:
            box = (w.get("x", 0), w.get("y", 0), w.get("width", 100), w.get("height", 100))
        _inside(box, w["id"], problems)
    return ReadTable(by_id, images, problems)


def asset_id(data: bytes) -> str:
    """What fileloader.mjs names an asset: CRC32.buf (crc-32: a signed 32-bit number), '_', its length."""
    crc = zlib.crc32(data)
    return f"{crc - 2 ** 32 if crc > 2 ** 31 - 1 else crc}_{len(data)}"


def read_vtt(path) -> ReadTable:
    """A room file as fileloader.mjs loads it, its widgets as the client's widget classes take them."""
    problems: list = []
    states, images = {}, {}
    with zipfile.ZipFile(path) as zf:
        for info in zf.infolist():
            name = info.filename
            if re.match(r"^[^/]+\.json$", name) and name != "asset-map.json":
                if info.file_size >= 20 * 1024 * 1024:
                    problems.append(f"{name} is bigger than 20 MiB")
                states[name] = json.loads(zf.read(name))
            if re.match(r"^/?assets", name) and not name.endswith("/"):
                data = zf.read(name)
                if len(data) >= ASSET_LIMIT:
                    problems.append(f"{name} is bigger than 10 MiB")
                images[f"/assets/{asset_id(data)}"] = _image(data, name, problems)
    if not states:
        return ReadTable({}, images, ["no JSON files in the zip"])
    (name, state), *others = sorted(states.items())
    if others or not re.match(r"^[0-9]+\.json$", name):
        problems.append(f"states {sorted(states)}: expected one numbered variant")
    version = state.get("_meta", {}).get("version")
    if not isinstance(version, int | float) or not 0 <= version <= VTT_NEWEST:
        problems.append(f"_meta.version {version!r} is not one the server reads")
    widgets = {k: v for k, v in state.items() if k != "_meta"}
    for key, w in widgets.items():
        if w.get("id") != key:
            problems.append(f"widget {key} says its id is {w.get('id')}")
        if w.get("type", "basic") not in VTT_TYPES:
            problems.append(f"{key}: type {w.get('type')} is not a widget class")
        for value in _strings(w):
            if value.startswith("/assets/") and value not in images:
                problems.append(f"{key}: {value} is not an asset of the file")
        if w.get("parent") is not None and w["parent"] not in widgets:
            problems.append(f"{key}: its parent {w['parent']} is not in the file")
        if w.get("type") == "card":  # card.js applyInitialDelta
            deck = widgets.get(w.get("deck"))
            if deck is None or deck.get("type") != "deck":
                problems.append(f"{key}: requires a deck; {w.get('deck')} is not one")
            elif w.get("cardType") not in deck.get("cardTypes", {}):
                problems.append(f"{key}: card type {w.get('cardType')} not found in deck {deck['id']}")
        if w.get("type") == "deck":
            for face in w.get("faceTemplates", []):
                for obj in face.get("objects", []):
                    wanted = (obj.get("dynamicProperties") or {}).get("value")
                    if wanted and any(wanted not in t for t in w.get("cardTypes", {}).values()):
                        problems.append(f"{key}: a face reads {wanted}, which some card type lacks")
    for key, w in widgets.items():
        if w.get("type") == "deck":
            continue  # a deck is not drawn on the table
        box = read_vtt_box(w, widgets)
        _inside(box, key, problems)
    return ReadTable(widgets, images, problems, version)


def vtt_size(w: dict, widgets: dict) -> tuple[float, float]:
    """A widget's size: its own, else its deck's card size, else its class's default."""
    if w.get("type") == "card":
        defaults = widgets.get(w.get("deck"), {}).get("cardDefaults", {})
        return w.get("width", defaults.get("width", 103)), w.get("height", defaults.get("height", 160))
    dw, dh = VTT_DEFAULT_SIZE.get(w.get("type"), (100, 100))
    return w.get("width", dw), w.get("height", dh)


def read_vtt_box(w: dict, widgets: dict) -> tuple[float, float, float, float]:
    """A widget's box on the surface: a child's x and y are its parent's plus its own."""
    x = y = 0.0
    node = w
    while node is not None:
        dx, dy = VTT_DEFAULT_XY.get(node.get("type"), (0, 0))
        x += node.get("x", dx)
        y += node.get("y", dy)
        node = widgets.get(node.get("parent"))
    return (x, y, *vtt_size(w, widgets))
