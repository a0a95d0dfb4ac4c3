"""How the page can show a face as some readers see it: each entry becomes a choice in the page's "view" menu.

An entry's `filter` is a CSS filter applied to every image. An entry may
instead give `matrix`, the 20 numbers of an SVG feColorMatrix (4 rows of
R G B A offset, applied to linear RGB); the page turns it into an SVG filter.
Colour-vision simulations (protanopia, deuteranopia, tritanopia) belong
here as matrices once the design-quality checks define them, so the preview
and those checks share one definition.
"""
from __future__ import annotations

SIMULATIONS: list[dict] = [
    # A photocopy or a greyscale printer: colours that differ only in hue become the same grey.
    {"id": "greyscale", "label": "Greyscale", "filter": "grayscale(1)"},
]
