"""Dice faces as images for the exports: one square picture per face number, on the die's colour.

The faces are the ones the paper net prints (pnp.outputs.dice.die_faces): a
face's template drawn at its slot's size. A d4 prints each number in the
corners of three triangles; its picture of number n is that corner reading.
"""
from __future__ import annotations

from PIL import Image

from pnp.layout.dice import die_net
from pnp.layout.elements import Face, Rect
from pnp.outputs.context import GameContext
from pnp.outputs.dice import die_faces
from pnp.targets.rendering import raster


def die_colour(game, spec) -> str:
    """The die's colour as #rrggbb: written so, or a palette name."""
    colour = spec.color if spec.color.startswith("#") else game.spec.palette.get(spec.color, "#ffffff")
    return colour[:7]


def on_colour(face: Face, colour: str) -> Face:
    """The face on its die's colour (the net paints that under the faces; an image needs it drawn)."""
    return face._replace(elements=(Rect(0.0, 0.0, face.w, face.h, colour, None, 0.0, 0.0, None), *face.elements))


def numbered_faces(gctx: GameContext, spec, raw, findings: list) -> dict[int, Face] | None:
    """Each face number's face (for a d4, its corner reading), on the die's colour; None when a face failed (its
    finding is in `findings`)."""
    faces = die_faces(gctx, spec, raw, die_net(spec.shape, spec.size), findings)
    colour = die_colour(gctx.game, spec)
    by_number: dict[int, Face] = {}
    for key in sorted(faces, key=lambda k: (int(k[0]), k[1], k[2])):
        by_number.setdefault(int(key[0]), on_colour(faces[key], colour))
    wanted = int(spec.shape[1:])
    return by_number if sorted(by_number) == list(range(1, wanted + 1)) else None


def die_pictures(gctx: GameContext, spec, raw, cell_px: int, findings: list) -> list[Image.Image] | None:
    """One RGB image of `cell_px` square per face number (1 first): the face centred at the largest size that fits,
    the rest of the square in the die's colour; None when a face failed."""
    by_number = numbered_faces(gctx, spec, raw, findings)
    if by_number is None:
        return None
    colour = die_colour(gctx.game, spec)
    sizes: dict[tuple[float, float], list[int]] = {}  # faces of one size are rendered in one document
    for number, face in sorted(by_number.items()):
        sizes.setdefault((face.w, face.h), []).append(number)
    pictures: dict[int, Image.Image] = {}
    for (fw, fh), numbers in sizes.items():
        px_per_mm = cell_px / max(fw, fh)
        w, h = round(fw * px_per_mm), round(fh * px_per_mm)
        box = ((cell_px - w) // 2, (cell_px - h) // 2)
        for number, picture in zip(numbers, raster(gctx, [by_number[n] for n in numbers], (cell_px, cell_px), px_per_mm), strict=True):
            square = Image.new("RGB", (cell_px, cell_px), colour)  # the page around a face that is not square is paper white
            square.paste(picture.crop((*box, box[0] + w, box[1] + h)), box)
            pictures[number] = square
    return [pictures[n] for n in sorted(pictures)]
