"""The sprite-sheet export, for web game engines and Board Game Arena ports: every deck, the player aids, each token
set, each board and each die as PNG sheets of its distinct faces, a JSON per component naming each piece's cells,
and sprites.json listing them.

A sheet holds at most SPRITE_MAX_CELLS faces in a grid close to square, each
cell the face at its trim (no bleed), at most `--dpi` and small enough that a
sheet stays under SPRITE_MAX_PX a side (the texture size every browser's
WebGL takes). A face that several pieces share (a deck's back) is one cell.
A token cut to a shape (circle, hexagon, rounded) is transparent outside it.
"""
from __future__ import annotations

import functools
import json
import math

from PIL import Image

from pnp.core.files import file_name
from pnp.core.plurals import count_text
from pnp.core.shapes import RECTANGLE
from pnp.outputs.context import GameContext
from pnp.targets.components import Component, collect
from pnp.targets.die_images import die_pictures
from pnp.targets.export_png import png_folder
from pnp.targets.png import PngEncoder
from pnp.targets.rendering import EXTRA_BLEED_MM, cut_mask, distinct_faces, png_bytes, raster
from pnp.targets.staging import Export, ExportRequest

SPRITE_MAX_PX = 4096  # a sheet's side stays under this: the WebGL texture size every browser supports
SPRITE_MAX_CELLS = 100  # faces on one sheet: a deck with more gets further sheets
INDEX = "sprites.json"



def sprites_target(gctx: GameContext, request: ExportRequest, result: Export, findings: list, where) -> None:
    """Sheets and a JSON for every component (only the decks asked for, with --deck) and every die."""
    index = []
    for component in collect(gctx, EXTRA_BLEED_MM, findings, request.decks):
        index.append(_component(gctx, component, request.dpi, result))
    game = gctx.game
    if not request.decks and game.dice and game.dice_data:
        for spec, raw in zip(game.dice.dice, game.dice_data["dice"], strict=False):
            entry = _die(gctx, spec, raw, request.dpi, result, findings)
            if entry is not None:
                index.append(entry)
    if not index:
        return
    result.files[INDEX] = _json({"game": game.slug, "title": game.title, "components": index})
    result.next_step = (f"sprites: load {INDEX} in your game's code: it names each component's JSON, which gives every piece's sheet and cell "
                        f"(x, y, w, h in px)")


def sheet_grid(cells: int, trim: tuple[float, float]) -> tuple[int, int]:
    """Columns and rows of a sheet of `cells` faces of `trim` mm, as close to square as whole cells make it."""
    cols = max(1, min(cells, math.ceil(math.sqrt(cells * trim[1] / trim[0]))))
    return cols, math.ceil(cells / cols)


def _cell(trim: tuple[float, float], grids: list[tuple[int, int]], dpi: int) -> tuple[int, int, float]:
    """Cell size (px) and px per mm: at most `dpi`, every sheet under SPRITE_MAX_PX a side."""
    cols, rows = max(g[0] for g in grids), max(g[1] for g in grids)
    px_per_mm = min(dpi / 25.4, (SPRITE_MAX_PX - 1) / (cols * trim[0]), (SPRITE_MAX_PX - 1) / (rows * trim[1]))
    return max(1, math.floor(trim[0] * px_per_mm)), max(1, math.floor(trim[1] * px_per_mm)), px_per_mm


def _component(gctx, component: Component, dpi: int, result: Export) -> dict:
    """A component's sheets and JSON; its entry in the index."""
    faces = distinct_faces([i.front for i in component.items] + [i.back for i in component.items])
    chunks = [faces[i : i + SPRITE_MAX_CELLS] for i in range(0, len(faces), SPRITE_MAX_CELLS)]
    grids = [sheet_grid(len(c), component.trim) for c in chunks]
    cw, ch, px_per_mm = _cell(component.trim, grids, dpi)
    mode = "RGBA" if component.cut != RECTANGLE else "RGB"  # a shaped piece is cut out of its cell
    mask = cut_mask(component.cut, (cw, ch), component.trim) if mode == "RGBA" else None
    folder = f"boards/{component.file_id}" if component.kind == "boards" else png_folder(component)
    where_is: dict = {}
    sheets = []
    images = raster(gctx, faces, (cw, ch), px_per_mm)
    with PngEncoder(png_bytes) as encoder:
        for n, (chunk, (cols, rows)) in enumerate(zip(chunks, grids, strict=True)):
            sheet = Image.new(mode, (cols * cw, rows * ch), (0, 0, 0, 0) if mode == "RGBA" else "white")
            for i, face in enumerate(chunk):
                image = next(images)
                if mask is not None:
                    image.putalpha(mask)
                r, c = divmod(i, cols)
                sheet.paste(image, (c * cw, r * ch))
                where_is[face] = {"sheet": n, "cell": [c, r], "x": c * cw, "y": r * ch, "w": cw, "h": ch}
            name = f"{folder}{'' if n == 0 else f'-{n + 1}'}.png"
            sheets.append({"file": name, "width": cols * cw, "height": rows * ch, "columns": cols, "rows": rows})
            encoder.add(sheet, functools.partial(result.files.__setitem__, name))
    pieces = [{"id": item.id, "name": item.name, "count": item.copies, "front": where_is[item.front],
               "back": where_is[item.back] if item.back is not None else None} for item in component.items]
    entry = {"kind": component.kind, "id": component.id, "name": component.name, "trim_mm": list(component.trim), "shape": component.shape,
             "cell_px": [cw, ch], "dpi": round(px_per_mm * 25.4, 1), "sheets": sheets, "pieces": pieces}
    result.files[f"{folder}.json"] = _json(entry)
    result.notes.append(f"{folder}: {count_text(len(sheets), 'sheet')} of {count_text(len(faces), 'face')}, cells {cw} × {ch} px ({entry['dpi']:g} dpi)")
    return {"kind": component.kind, "id": component.id, "json": f"{folder}.json"}


def _die(gctx, spec, raw, dpi: int, result: Export, findings: list) -> dict | None:
    """A die's faces on one sheet, face 1 first."""
    n = int(spec.shape[1:])
    cols, rows = sheet_grid(n, (spec.size, spec.size))
    cell, _, px_per_mm = _cell((spec.size, spec.size), [(cols, rows)], dpi)
    pictures = die_pictures(gctx, spec, raw, cell, findings)
    if pictures is None:
        return None
    sheet = Image.new("RGB", (cols * cell, rows * cell), "white")
    faces = []
    for i, picture in enumerate(pictures):
        r, c = divmod(i, cols)
        sheet.paste(picture, (c * cell, r * cell))
        faces.append({"id": str(i + 1), "name": str(i + 1), "count": 1, "front": {"sheet": 0, "cell": [c, r], "x": c * cell, "y": r * cell, "w": cell, "h": cell},
                      "back": None})
    folder = f"dice/{file_name(spec.id)}"
    result.files[f"{folder}.png"] = png_bytes(sheet)
    entry = {"kind": "dice", "id": spec.id, "name": spec.name or spec.id, "trim_mm": [spec.size, spec.size], "shape": spec.shape, "cell_px": [cell, cell],
             "dpi": round(px_per_mm * 25.4, 1), "copies": spec.count,
             "sheets": [{"file": f"{folder}.png", "width": cols * cell, "height": rows * cell, "columns": cols, "rows": rows}], "pieces": faces}
    result.files[f"{folder}.json"] = _json(entry)
    result.notes.append(f"{folder}: a {spec.shape}'s {n} faces, cells {cell} × {cell} px")
    return {"kind": "dice", "id": spec.id, "json": f"{folder}.json"}


def _json(value) -> bytes:
    return json.dumps(value, indent=1, ensure_ascii=False).encode("utf-8")
