"""Tabletop Simulator dice: every die of dice.yaml with its faces, each file named by its content.

A d6 is a Custom_Dice whose one image puts each face in its cell of TTS's d6
template (pnp.targets.tts.D6_IMAGE_CELLS), edge to edge, turned where the
template turns it. Every other shape is a Custom_Model of type Dice: its mesh
and its net as the texture (pnp.targets.tts_models).
"""
from __future__ import annotations

from PIL import Image

from pnp.core.files import file_name
from pnp.outputs.context import GameContext
from pnp.targets import tts
from pnp.targets.die_images import die_colour, die_pictures
from pnp.targets.packaging import digest_name
from pnp.targets.preflight import check_tts_image
from pnp.targets.rendering import png_bytes
from pnp.targets.staging import Export
from pnp.targets.tts_models import TEXTURE_PX, die_mesh, die_texture

DIE_CELL_PX = 512  # a d6 face's cell: 1536 × 1536 px for the image (TTS's own template is 2048 square), sharp at any zoom


def tts_dice(gctx: GameContext, url, result: Export, findings: list, where) -> list[tuple[dict, tuple[float, float]]]:
    """Each die as a TTS object with its files in `result`, with the room it takes on the table (mm)."""
    game = gctx.game
    if not game.dice or not game.dice_data:
        return []
    placed = []
    for spec, raw in zip(game.dice.dice, game.dice_data["dice"], strict=False):
        if not spec.count:
            continue
        obj = _d6(gctx, spec, raw, url, result, findings, where) if spec.shape == "d6" else _model(gctx, spec, raw, url, result, findings, where)
        if obj is not None:
            placed += [(obj, (spec.size, spec.size))] * spec.count
    return placed


def _d6(gctx, spec, raw, url, result: Export, findings: list, where) -> dict | None:
    pictures = die_pictures(gctx, spec, raw, DIE_CELL_PX, findings)
    if pictures is None:
        return None  # a face failed: its finding is kept
    cols, rows = tts.D6_IMAGE_GRID
    image = Image.new("RGB", (cols * DIE_CELL_PX, rows * DIE_CELL_PX), die_colour(gctx.game, spec))  # the unused cells: the die's own colour
    for number, picture in enumerate(pictures, 1):
        col, row = tts.D6_IMAGE_CELLS[number]
        if number in tts.D6_IMAGE_TURNED:
            picture = picture.transpose(Image.Transpose.ROTATE_180)
        image.paste(picture, (col * DIE_CELL_PX, row * DIE_CELL_PX))
    data = png_bytes(image)
    name = f"dice/{digest_name(file_name(spec.id), data)}"
    result.files[name] = data
    findings.extend(check_tts_image(data, where(name), image.size))
    result.notes.append(f"{name}: {image.size[0]} × {image.size[1]} px, a custom d6 of {spec.size:g} mm" + (f" × {spec.count}" if spec.count > 1 else ""))
    return tts.dice_object(spec.name or spec.id, url(name), spec.shape, spec.size)


def _model(gctx, spec, raw, url, result: Export, findings: list, where) -> dict | None:
    texture = die_texture(gctx, spec, raw, findings)
    if texture is None:
        return None
    data = png_bytes(texture)
    mesh = die_mesh(spec.shape, spec.size).encode("ascii")
    stem = file_name(spec.id)
    image_name, mesh_name = f"dice/{digest_name(stem, data)}", f"dice/{digest_name(stem, mesh, '.obj')}"
    result.files[image_name] = data
    result.files[mesh_name] = mesh
    findings.extend(check_tts_image(data, where(image_name), (TEXTURE_PX, TEXTURE_PX)))
    result.notes.append(f"{mesh_name}: a {spec.shape} of {spec.size:g} mm as a custom model of type Dice, its net as the texture"
                        + (f" × {spec.count}" if spec.count > 1 else ""))
    return tts.die_model_object(spec.name or spec.id, url(mesh_name), url(image_name), spec.size)
