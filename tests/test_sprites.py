"""The sprite-sheet export (`pnp export GAME --format sprites`) as a web game engine reads it: each component's sheets
laid out as docs/exports.md says (at most 100 faces a sheet, in a grid close to square, the cells left to right, then
top to bottom) and the JSON naming each piece's cell. The sheets are read back from the files with Pillow."""
from __future__ import annotations

import json
from pathlib import Path

from conftest import run_pnp
from PIL import Image

DPI = "72"  # the lowest resolution the command takes: a poker card 180 × 252 px (63.5 × 88.9 mm at 72 px an inch)


def _sprites(root: Path, *extra: str) -> Path:
    result = run_pnp(root, "export", "tiny", "--format", "sprites", "--dpi", DPI, "--no-validate", *extra)
    assert result.exit_code == 0, result.output + result.stderr
    return root / "output/tiny/sprites"


def _deck(root: Path, deck_id: str, names: list[str]) -> None:
    """A deck of poker cards without a back, one card a name, each face its name alone (so every face is its own)."""
    (root / f"templates/tiny/{deck_id}.j2").write_text("{{ text(card.name, 5, 5, face.w - 10, 20, size=12) }}\n", encoding="utf-8")
    cards = "".join(f"  - {{id: c{i}, name: {name}}}\n" for i, name in enumerate(names))
    (root / f"data/tiny/decks/{deck_id}.yaml").write_text(f"name: {deck_id}\nsize: poker\nfront: tiny/{deck_id}.j2\ncards:\n{cards}", encoding="utf-8")


def test_a_lone_tall_face_is_a_sheet_of_that_one_cell(project):
    """One poker card without a back is one face: its sheet is one cell, 180 × 252 px at 72 dpi, with no empty cell
    beside it (a grid 'close to square' never has more columns than faces)."""
    _deck(project, "lone", ["Alone"])
    folder = _sprites(project, "--deck", "lone")
    lone = json.loads((folder / "cards/lone.json").read_text(encoding="utf-8"))
    assert [(s["columns"], s["rows"]) for s in lone["sheets"]] == [(1, 1)], lone["sheets"]
    with Image.open(folder / "cards/lone.png") as sheet:
        assert sheet.size == (180, 252)


def test_a_deck_of_101_faces_is_a_sheet_of_100_and_a_second_of_the_last(project):
    """docs/exports.md: at most 100 faces to a sheet. 101 cards of their own faces and no back fill cards/many.png with
    100 cells and put the 101st on cards/many-2.png, a sheet of one cell."""
    _deck(project, "many", [f"Card{i}" for i in range(101)])
    folder = _sprites(project, "--deck", "many")
    many = json.loads((folder / "cards/many.json").read_text(encoding="utf-8"))
    assert [s["file"] for s in many["sheets"]] == ["cards/many.png", "cards/many-2.png"], many["sheets"]
    on_sheet = [p["front"]["sheet"] for p in many["pieces"]]
    assert on_sheet.count(0) == 100 and on_sheet.count(1) == 1, on_sheet
    assert (many["sheets"][1]["columns"], many["sheets"][1]["rows"]) == (1, 1)


def test_a_d6s_six_faces_lie_left_to_right_then_down_inside_its_sheet(project):
    """A die's sheet holds face 1 first, the cells left to right, then top to bottom (docs/exports.md, as Screentop reads
    a grid): a d6 on a sheet of 3 columns has faces 1–3 on the top row and 4–6 below, each cell inside the sheet and
    painted its own face's colour."""
    colours = ["#ff0000", "#00ff00", "#0000ff", "#ffff00", "#ff00ff", "#00ffff"]
    faces = ", ".join(f"{{bg: '{c}'}}" for c in colours)
    (project / "data/tiny/dice.yaml").write_text(
        f"dice:\n  - {{id: six, shape: d6, size: 18, count: 1, color: '#ffffff', face: tiny/die.j2, faces: [{faces}]}}\n", encoding="utf-8")
    (project / "templates/tiny/die.j2").write_text("{{ rect(0, 0, face.w, face.h, fill=die_face.bg) }}\n", encoding="utf-8")
    folder = _sprites(project)
    die = json.loads((folder / "dice/six.json").read_text(encoding="utf-8"))
    (info,) = die["sheets"]
    assert (info["columns"], info["rows"]) == (3, 2), info
    assert [p["front"]["cell"] for p in die["pieces"]] == [[0, 0], [1, 0], [2, 0], [0, 1], [1, 1], [2, 1]]
    with Image.open(folder / info["file"]) as sheet:
        rgb = sheet.convert("RGB")
        for piece, colour in zip(die["pieces"], colours, strict=True):
            cell = piece["front"]
            assert cell["x"] + cell["w"] <= sheet.width and cell["y"] + cell["h"] <= sheet.height, cell
            middle = rgb.getpixel((cell["x"] + cell["w"] // 2, cell["y"] + cell["h"] // 2))
            assert all(abs(a - int(colour[i : i + 2], 16)) <= 30 for a, i in zip(middle, (1, 3, 5), strict=True)), (piece["id"], middle)
