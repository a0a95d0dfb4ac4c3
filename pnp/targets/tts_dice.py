"""Tabletop Simulator custom dice: each d6 of dice.yaml as a Custom_Dice object with one image of its six faces.

Only d6 dice are exported: TTS lays the other shapes' images out on its own
models' maps, which we have not measured. The image puts each face in its cell
of TTS's d6 template (pnp.targets.tts.D6_IMAGE_CELLS), edge to edge, turned where the template turns it.
"""
from __future__ import annotations

from PIL import Image

from pnp.core.files import file_name
from pnp.layout.dice import die_net
from pnp.layout.elements import Face, Rect
from pnp.outputs.context import GameContext
from pnp.outputs.dice import die_faces
from pnp.targets import tts
from pnp.targets.preflight import check_tts_image
from pnp.targets.rendering import png_bytes, raster
from pnp.targets.staging import Export

DIE_CELL_PX = 512  # a face's cell: 1536 × 1536 px for the image (TTS's own template is 2048 square), sharp at any zoom


def _on(face: Face, colour: str) -> Face:
    """The face on its die's colour (the net paints that under the faces; an image needs it drawn)."""
    return face._replace(elements=(Rect(0.0, 0.0, face.w, face.h, colour, None, 0.0, 0.0, None), *face.elements))


def tts_dice(gctx: GameContext, url, result: Export, findings: list, where) -> list[tuple[dict, tuple[float, float]]]:
    """Each d6 as a Custom_Dice object with its image in `result`, with the room it takes on the table (mm)."""
    game = gctx.game
    if not game.dice or not game.dice_data:
        return []
    placed = []
    for spec, raw in zip(game.dice.dice, game.dice_data["dice"], strict=False):
        if spec.shape != "d6" or not spec.count:
            continue
        faces = die_faces(gctx, spec, raw, die_net(spec.shape, spec.size), findings)
        colour = spec.color if spec.color.startswith("#") else game.spec.palette.get(spec.color, "#ffffff")
        by_number = {int(key[0]): _on(face, colour[:7]) for key, face in faces.items()}
        if len(by_number) != 6:
            continue  # a face failed: its finding is kept
        cols, rows = tts.D6_IMAGE_GRID
        image = Image.new("RGB", (cols * DIE_CELL_PX, rows * DIE_CELL_PX), colour[:7])  # the unused cells: the die's own colour
        order = sorted(by_number)
        cell = (DIE_CELL_PX, DIE_CELL_PX)
        for number, picture in zip(order, raster(gctx, [by_number[n] for n in order], cell, DIE_CELL_PX / spec.size), strict=True):
            col, row = tts.D6_IMAGE_CELLS[number]
            if number in tts.D6_IMAGE_TURNED:
                picture = picture.transpose(Image.Transpose.ROTATE_180)
            image.paste(picture, (col * DIE_CELL_PX, row * DIE_CELL_PX))
        name = f"dice/{file_name(spec.id, '.png')}"
        data = result.files[name] = png_bytes(image)
        findings.extend(check_tts_image(data, where(name), image.size))
        obj = tts.dice_object(spec.name or spec.id, url(name), spec.shape, spec.size)
        placed += [(obj, (spec.size, spec.size))] * spec.count
        result.notes.append(f"{name}: {image.size[0]} × {image.size[1]} px, a custom d6 of {spec.size:g} mm" + (f" × {spec.count}" if spec.count > 1 else ""))
    return placed
