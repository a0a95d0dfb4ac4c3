"""pnp's virtualtabletop.io room against a real room the server kept (tests/samples/vtt, source in its README): for each
kind of widget, every key pnp writes that the real room's widgets of that kind also carry holds a value of a JSON type
the real room gives it; a deck's face templates, card types and card defaults, and the room's `_meta.info`, likewise;
and every image is named as the server names an asset (`/assets/<signed crc32>_<bytes>`).

A real room uses only some of the keys the client reads, so a key pnp writes that this room lacks is not a fault; the
keys both carry are where a drift from the format shows.
"""
from __future__ import annotations

import json
import re
import zipfile
from pathlib import Path

import pytest

SAMPLE = Path(__file__).parent / "samples" / "vtt" / "bear-necessities-v15.json"
ASSET = re.compile(r"^/assets/-?[0-9]+_[0-9]+$")  # server/fileloader.mjs: a stored file is named <crc32>_<bytes>
# Keys whose type the client leaves open, with the type pnp writes: a label shows whatever its text is, and this room's
# labels are counters holding numbers, where pnp's name a pile or a hand; a face's corner radius is `false` for square
# corners or a number of px (client/js/widgets/card.js: `face.radius ? face.radius + 'px' : '0'`), and this room's
# faces are all square where pnp rounds its cards'.
OPEN_TYPES = {("label", "text"): "str", ("face template", "radius"): "number"}


def _kind(value) -> str:
    return "number" if isinstance(value, int | float) and not isinstance(value, bool) else type(value).__name__


def _widgets(state: dict) -> list[dict]:
    return [w for key, w in state.items() if key != "_meta"]


def _types_by_kind(widgets: list[dict]) -> dict[tuple[str, str], set[str]]:
    """(widget kind, key) → the JSON types its values take; a widget without a type is the client's plain widget."""
    out: dict[tuple[str, str], set[str]] = {}
    for w in widgets:
        for key, value in w.items():
            out.setdefault((w.get("type", "basic"), key), set()).add(_kind(value))
    return out


def _drift(ours: dict, real: dict) -> dict:
    """Each key both carry whose types in pnp's file are not among the real file's."""
    return {key: (sorted(kinds), sorted(real[key])) for key, kinds in ours.items()
            if key in real and not kinds <= real[key] and OPEN_TYPES.get(key) not in kinds}


def _real() -> dict:
    return json.loads(SAMPLE.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def ours(shipped_export) -> dict:
    game = "organ-match"
    with zipfile.ZipFile(shipped_export(game) / game / "vtt" / f"{game}.vtt") as zf:
        return json.loads(zf.read("0.json"))


def _decks(state: dict) -> list[dict]:
    return [w for w in _widgets(state) if w.get("type") == "deck"]


def _face_objects(state: dict) -> list[dict]:
    return [o for d in _decks(state) for face in d["faceTemplates"] for o in face["objects"]]


def _as_widgets(records: list[dict], kind: str) -> list[dict]:
    return [{**r, "type": kind} for r in records]


def test_the_sample_is_a_room_with_every_kind_of_widget_pnp_writes(ours):
    kinds = {w.get("type", "basic") for w in _widgets(_real())}
    assert {w.get("type", "basic") for w in _widgets(ours)} <= kinds
    assert _real()["_meta"]["version"] == 15


def test_each_widget_key_pnp_shares_with_the_real_room_has_a_type_the_room_gives_it(ours):
    shared = set(_types_by_kind(_widgets(ours))) & set(_types_by_kind(_widgets(_real())))
    assert len(shared) >= 40
    assert _drift(_types_by_kind(_widgets(ours)), _types_by_kind(_widgets(_real()))) == {}


def test_a_decks_faces_card_types_and_defaults_are_typed_as_in_the_real_room(ours):
    for part in ("faceTemplate", "face", "cardType", "cardDefaults"):
        mine, real = _deck_parts(ours, part), _deck_parts(_real(), part)
        assert mine and _drift(_types_by_kind(mine), _types_by_kind(real)) == {}, part
    faces = [face for d in _decks(ours) for face in d["faceTemplates"]]
    real_faces = [face for d in _decks(_real()) for face in d["faceTemplates"]]
    assert {frozenset(f) for f in faces} <= {frozenset(f) for f in real_faces}


def _deck_parts(state: dict, part: str) -> list[dict]:
    """A deck's inner records as pseudo-widgets of one kind, so their keys are compared as a widget's are."""
    if part == "faceTemplate":
        return _as_widgets([face for d in _decks(state) for face in d["faceTemplates"]], "face template")
    if part == "face":
        return _as_widgets(_face_objects(state), "face object")
    if part == "cardType":
        return _as_widgets([t for d in _decks(state) for t in d["cardTypes"].values()], "card type")
    return _as_widgets([d["cardDefaults"] for d in _decks(state)], "card defaults")


def test_the_rooms_info_is_typed_as_the_real_rooms(ours):
    real = _real()["_meta"]["info"]
    assert set(ours["_meta"]["info"]) <= set(real)
    assert {k: _kind(v) for k, v in ours["_meta"]["info"].items()} == {k: _kind(real[k]) for k in ours["_meta"]["info"]}


def _asset_names(state) -> list[str]:
    if isinstance(state, dict):
        return [n for v in state.values() for n in _asset_names(v)]
    if isinstance(state, list):
        return [n for v in state for n in _asset_names(v)]
    return [state] if isinstance(state, str) and state.startswith("/assets/") else []


def test_every_image_is_named_as_the_server_names_an_asset(ours):
    assert all(ASSET.match(name) for name in _asset_names(_real()))
    names = _asset_names(ours)
    assert names and [n for n in names if not ASSET.match(n)] == []
