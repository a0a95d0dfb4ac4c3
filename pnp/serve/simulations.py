"""How the page can show a face as some readers see it: each entry becomes a choice in the page's "view" menu.

An entry's `filter` is a CSS filter applied to every image. An entry may
instead give `matrix`, the 20 numbers of an SVG feColorMatrix (4 rows of
R G B A offset, applied to linear RGB, the SVG default), which the page
turns into an SVG filter; or `lut`, a colour lookup table the page applies
to each image's pixels on a canvas.

The colour-vision views share their definition with the design checks: each
is a lookup table of pnp.core.colour.simulate_rgb (coloraide's simulation of
full dichromacy) over a 17-step grid of sRGB colours, interpolated between
grid points. A matrix cannot hold it: tritanopia's simulation (Brettel's)
is linear only on each side of a plane, and the best single matrix misses it
by up to 94 units of 255; the table stays within a few units.
"""
from __future__ import annotations

import base64
from functools import lru_cache

VISION_LABELS = {"deutan": "Deuteranopia (green-blind)", "protan": "Protanopia (red-blind)", "tritan": "Tritanopia (blue-blind)"}
LUT_STEPS = 17  # grid points per channel: 4,913 colours, every 16th sRGB level (and 255)


@lru_cache(maxsize=1)
def simulations() -> list[dict]:
    """The page's views: greyscale as a CSS filter, then each colour-vision simulation as a lookup table."""
    out = [
        # A photocopy or a greyscale printer: colours that differ only in hue become the same grey.
        {"id": "greyscale", "label": "Greyscale", "filter": "grayscale(1)"},
    ]
    for vision, label in VISION_LABELS.items():
        table = base64.b64encode(bytes(vision_table(vision))).decode("ascii")  # 20 KB a view in the page's first message
        out.append({"id": vision, "label": label, "lut": {"size": LUT_STEPS, "values": table}})
    return out


def vision_table(vision: str) -> list[int]:
    """simulate_rgb for `vision` at each grid colour, red slowest and blue fastest, as 0–255 channels in a flat list."""
    from pnp.core.colour import simulate_rgb

    levels = [i / (LUT_STEPS - 1) for i in range(LUT_STEPS)]
    out: list[int] = []
    for r in levels:
        for g in levels:
            for b in levels:
                out.extend(round(max(0.0, min(1.0, v)) * 255) for v in simulate_rgb(r, g, b, vision))
    return out
