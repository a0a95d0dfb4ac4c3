"""Dice other than the d6 for Tabletop Simulator: a mesh of the solid and, as its texture, the die's own net.

TTS's Custom_Dice reads each shape's image in a layout of its own (the
templates in its Modding folder), which only the d6's is published in a form we
could read (pnp.targets.tts.D6_IMAGE_CELLS). Every other die is a Custom_Model
of type Dice instead: an OBJ mesh of the solid pnp unfolds for paper
(pnp.layout.dice), whose texture coordinates are the corners of each face in
the flat net, and a texture that is that net drawn with the faces' content,
as the paper die prints it. So each face shows on the model exactly as on the
folded die, whatever the shape.
"""
from __future__ import annotations

import math

from PIL import Image, ImageChops, ImageDraw

from pnp.layout.dice import DIE_SHAPES, die_net, solid_faces
from pnp.outputs.context import GameContext
from pnp.outputs.dice import die_faces
from pnp.targets.die_images import die_colour, on_colour
from pnp.targets.rendering import raster

TEXTURE_PX = 2048  # the net's longer side in the texture: a face of a d20 is still some 400 px


def die_mesh(shape: str, size: float) -> str:
    """The solid as a Wavefront OBJ: its longest edge 1 unit, each face a fan of triangles counter-clockwise seen from
    outside, texture coordinates the face's corners in the net of a die of `size` mm (`die_net`: the one
    `die_texture` draws), scaled to fill 0..1 along its longer side."""
    spec = DIE_SHAPES[shape]
    faces = solid_faces(spec.vertices)
    longest = max(math.dist(spec.vertices[a], spec.vertices[b]) for f in faces for a, b in zip(f, f[1:] + f[:1], strict=True))
    net = die_net(shape, size)
    w, h = net.size
    side = max(w, h)
    lines = [f"# {shape}, written by pnp: the texture is the die's net"]
    lines += [f"v {x / longest:.6f} {z / longest:.6f} {-y / longest:.6f}" for x, y, z in spec.vertices]  # OBJ is y up
    corners: list[list[int]] = []
    for f, face in enumerate(faces):
        points = net.panels[f].points()  # the panel of face f: its corners in the order of the face's vertices
        first = sum(len(c) for c in corners) + 1
        lines += [f"vt {x / side:.6f} {1 - y / side:.6f}" for x, y in points]
        corners.append(list(range(first, first + len(face))))
    for face, uvs in zip(faces, corners, strict=True):
        for i in range(1, len(face) - 1):
            a, b, c = (0, i, i + 1)
            lines.append(f"f {face[a] + 1}/{uvs[a]} {face[b] + 1}/{uvs[b]} {face[c] + 1}/{uvs[c]}")
    return "\n".join(lines) + "\n"


def die_texture(gctx: GameContext, spec, raw, findings: list) -> Image.Image | None:
    """The die's net as an RGB image of TEXTURE_PX square (the net in its top-left, at the scale `die_mesh` maps):
    each face panel in the die's colour with its content turned as on paper; None when a face failed."""
    net = die_net(spec.shape, spec.size)
    faces = die_faces(gctx, spec, raw, net, findings)
    colour = die_colour(gctx.game, spec)
    px_per_mm = TEXTURE_PX / max(net.size)
    texture = Image.new("RGB", (TEXTURE_PX, TEXTURE_PX), colour)
    slots = [(panel, slot) for panel in net.panels if panel.role == "face" for slot in panel.slots]
    if any(slot.key not in faces for _, slot in slots):
        return None
    keys = sorted({slot.key for _, slot in slots}, key=lambda k: (int(k[0]), k[1], k[2]))
    pictures = {}
    for size in sorted({(k[1], k[2]) for k in keys}):
        same = [k for k in keys if (k[1], k[2]) == size]
        px = (max(1, round(size[0] * px_per_mm)), max(1, round(size[1] * px_per_mm)))
        pictures.update(zip(same, raster(gctx, [on_colour(faces[k], colour) for k in same], px, px_per_mm), strict=True))
    for panel, slot in slots:
        turned = pictures[slot.key].convert("RGBA").rotate(-slot.rotate, resample=Image.Resampling.BICUBIC, expand=True)  # slot.rotate: clockwise
        clip = Image.new("L", texture.size, 0)
        ImageDraw.Draw(clip).polygon([(x * px_per_mm, y * px_per_mm) for x, y in panel.points()], fill=255)
        layer = Image.new("RGBA", texture.size, (0, 0, 0, 0))
        layer.paste(turned, (round(slot.cx * px_per_mm - turned.width / 2), round(slot.cy * px_per_mm - turned.height / 2)))
        mask = ImageChops.darker(layer.getchannel("A"), clip)  # inside the face's content and inside its panel
        texture.paste(layer.convert("RGB"), (0, 0), mask)
    return texture

