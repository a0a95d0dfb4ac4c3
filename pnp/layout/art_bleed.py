"""Bleed made from the art itself: an image that reaches the trim is continued past it by its own edge.

Proxy and print-and-play art often comes cut at the trim, with nothing to bleed.
A deck's `art_bleed: extend` repeats each edge row of pixels outward, `mirror`
reflects the image across its edge; either way the bleed continues what the
edge shows, so a cut a little outside the line shows art, not paper. Only images
drawn to fill their box (`stretch`, `cover`) whose box meets the trim on a side
get it, on those sides; the pixels are made as the face is drawn
(pnp.render.draw), from the file and this record on the image.
"""
from __future__ import annotations

from pnp.layout.elements import Face, Image

ART_BLEED_MODES = ("extend", "mirror")
AT_TRIM_MM = 0.05  # a box edge this near the trim meets it (positions come from arithmetic in templates)


def bled_art(face: Face | None, mode: str) -> Face | None:
    """`face` with each filling image that meets its trim continued by `mode` over the face's bleed, on the sides it meets."""
    if face is None or mode not in ART_BLEED_MODES or face.bleed <= 0:
        return face
    elements = tuple(_bled(el, face, mode) if type(el) is Image else el for el in face.elements)
    return face if elements == face.elements else face._replace(elements=elements)


def _bled(image: Image, face: Face, mode: str) -> Image:
    if image.fit not in ("stretch", "cover") or image.bleed:
        return image
    b = face.bleed
    left, top = image.x <= AT_TRIM_MM, image.y <= AT_TRIM_MM
    right, bottom = image.x + image.w >= face.w - AT_TRIM_MM, image.y + image.h >= face.h - AT_TRIM_MM
    if not (left or top or right or bottom):
        return image
    grow = tuple(b if side else 0.0 for side in (left, top, right, bottom))
    return image._replace(bleed=(mode, *grow))
