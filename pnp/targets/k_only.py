"""Small type on one plate: dark text, hairlines and small symbols turned neutral grey, which the CMYK conversion
prints on the K plate alone."""
from __future__ import annotations

import math
from functools import lru_cache

from pnp.core.units import PT_PER_MM
from pnp.layout.elements import Circle, Ellipse, Face, Group, Icon, Line, Polygon, Rect, Text
from pnp.layout.typeset import TextOp

K = PT_PER_MM
# Small type and hairlines on one plate: four plates never register exactly, and 0.1 mm of misregistration fringes
# 7 pt text. Print shops (DriveThruCards, The Game Crafter) ask for text under 12 pt and rules under about 0.5 mm in
# 100 % K; rich black is for large type and areas only.
K_ONLY_TEXT_PT = 12.0
K_ONLY_RULE_MM = 0.5
K_ONLY_ICON_MM = 10.0  # a one-colour icon this small is a symbol set like type (its hairlines too), not an area
KEY_GREY_CHROMA = 20.0  # CIE C*ab: text greyer than this reads as black or grey, so it prints as grey of its own darkness
KEY_GREY_LIGHTNESS = 60.0  # CIE L*: ... if it is darker than this (a light tint stays as designed)
NEAR_BLACK = (25.0, 30.0)  # L*, C*ab: darker than this, a tinted black (a navy-black) reads as black at text size too


def key_small_type(face: Face) -> Face:
    """The face with its small dark text, hairlines and small symbols in neutral grey of the same darkness, which the
    CMYK conversion (full grey-component replacement) prints on the K plate alone."""
    return face._replace(elements=_keyed(face.elements, 1.0))


def _keyed(elements, scale: float) -> tuple:
    out = []
    for el in elements:
        match el:
            case Text(ops=ops):
                el = el._replace(ops=tuple(op._replace(color=key_grey(op.color)) if op.color and _small(op, scale) else op for op in ops))
            case Line(stroke=stroke, stroke_width=width) if width * scale < K_ONLY_RULE_MM:
                el = el._replace(stroke=key_grey(stroke))
            case Rect(stroke=stroke, stroke_width=width) | Circle(stroke=stroke, stroke_width=width) | Ellipse(stroke=stroke, stroke_width=width) | \
                    Polygon(stroke=stroke, stroke_width=width) if stroke and width * scale < K_ONLY_RULE_MM:
                el = el._replace(stroke=key_grey(stroke))
            case Icon(color=colour, w=w, h=h) if colour and max(w, h) * scale < K_ONLY_ICON_MM:
                el = el._replace(color=key_grey(colour))
            case Group(children=children, scale=inner):
                el = el._replace(children=_keyed(children, scale * inner))
        out.append(el)
    return tuple(out)


def _small(op, scale: float) -> bool:
    """A run of type under 12 pt, or an inline icon under the size of a small symbol."""
    if type(op) is TextOp:
        return op.size * scale < K_ONLY_TEXT_PT
    return op.size * scale / K < K_ONLY_ICON_MM


@lru_cache(maxsize=4096)
def key_grey(hex_value: str) -> str:
    """A dark, nearly neutral colour as the neutral grey of its lightness (CIE L*); any other colour unchanged."""
    from coloraide import Color

    lab = Color(hex_value[:7]).convert("lab")
    lightness, a, b = lab["lightness"], lab["a"], lab["b"]
    chroma = math.hypot(a, b)
    greyish = lightness < KEY_GREY_LIGHTNESS and chroma < KEY_GREY_CHROMA
    if not (greyish or (lightness < NEAR_BLACK[0] and chroma < NEAR_BLACK[1])):
        return hex_value
    grey = Color("lab", [lightness, 0, 0]).convert("srgb").fit("srgb")
    level = max(0, min(255, round((grey["red"] + grey["green"] + grey["blue"]) / 3 * 255)))
    return f"#{level:02x}{level:02x}{level:02x}{hex_value[7:9]}"
