"""Colours as a PDF holds them: reportlab colour objects made once, CMYK for print-on-demand (colours, pictures),
and icon drawings with every colour passed through a filter."""
from __future__ import annotations

import copy
from functools import lru_cache

from reportlab.lib.colors import CMYKColor, Color, HexColor

from pnp.core.colour import INK_LIMIT, device_cmyk


@lru_cache(maxsize=4096)
def colour(hex_value: str) -> HexColor:
    """A '#rrggbb[aa]' colour as reportlab's colour object, made once."""
    return HexColor(hex_value, hasAlpha=len(hex_value) == 9)



def filtered_drawing(drawing, colour_filter):
    """A copy of an icon's drawing with every colour passed through `colour_filter` (by the one walk that changes an
    icon's shapes, pnp.layout.icons.with_shapes).

    An SVG opacity is flattened onto white first: a filter for print (CMYK)
    asks for opaque colours, and nothing else shows through an icon. The alpha
    is the one the sheets draw with: the shape's opacity where it has one, else
    its colour's (svglib writes a fill's opacity in both: the two multiplied
    printed half-transparent black a quarter black)."""
    from pnp.layout.icons import with_shapes

    def convert(col, opacity):
        if col is None or not isinstance(col, Color):
            return col
        r, g, b = col.red, col.green, col.blue
        a = opacity if opacity is not None else col.alpha if col.alpha is not None else 1
        r, g, b = (1 - a * (1 - v) for v in (r, g, b))
        hex_value = "#{:02x}{:02x}{:02x}".format(*tuple(round(v * 255) for v in (r, g, b)))
        mapped = colour_filter(hex_value)
        return colour(mapped) if isinstance(mapped, str) else mapped

    def recoloured(shape, _scale):
        out = copy.copy(shape)
        for attr, opacity_attr in (("fillColor", "fillOpacity"), ("strokeColor", "strokeOpacity")):
            if getattr(out, attr, None) is not None:
                setattr(out, attr, convert(getattr(out, attr), getattr(out, opacity_attr, None)))
                if getattr(out, opacity_attr, None) is not None:
                    setattr(out, opacity_attr, None)
        return out

    return with_shapes(drawing, recoloured)


def cmyk(hex_value: str, limit: float = INK_LIMIT) -> CMYKColor:
    """'#rrggbb[aa]' as a reportlab CMYKColor for print-on-demand (see pnp.core.colour.device_cmyk)."""
    return CMYKColor(*device_cmyk(hex_value, limit))


def cmyk_image(path: str, limit: float = INK_LIMIT):
    """A picture converted like `cmyk` converts colours: alpha onto white, full GCR, ink capped at `limit`.

    (Pillow's own convert("CMYK") leaves K empty and lets ink reach 300 %.)"""
    from PIL import Image, ImageMath

    with Image.open(path) as img:
        rgba = img.convert("RGBA")
    r, g, b, _ = Image.alpha_composite(Image.new("RGBA", rgba.size, "white"), rgba).split()
    calc = ImageMath.lambda_eval  # Pillow 10.3+

    def bigger(a, b):
        return (a + b + abs(a - b)) / 2

    k = calc(lambda e: 255 - bigger(bigger(e["r"], e["g"]), e["b"]), r=r, g=g, b=b)
    room = calc(lambda e: 255 - e["k"] + (e["k"] == 255), k=k)  # pure black: avoid dividing by zero
    c, m, y = (calc(lambda e: (255 - e["v"] - e["k"]) * 255 / e["room"], v=v, k=k, room=room) for v in (r, g, b))
    cap = limit * 255
    scale = calc(lambda e: ((e["c"] + e["m"] + e["y"] + e["k"]) > cap) * ((cap - e["k"]) / (e["c"] + e["m"] + e["y"] + (e["c"] + e["m"] + e["y"] == 0)))
                 + ((e["c"] + e["m"] + e["y"] + e["k"]) <= cap) * 1.0, c=c, m=m, y=y, k=k)
    cmy = [calc(lambda e: e["v"] * e["s"], v=v, s=scale).convert("L") for v in (c, m, y)]
    return Image.merge("CMYK", (*cmy, k.convert("L")))
