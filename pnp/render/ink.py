"""How much ink a PDF costs: its pages as fully inked page equivalents.

Each page is rasterised at a low resolution (ink is an area, so a coarse
grid averages it well) and converted to CMYK the plain way, as a printer
driver without a colour profile does: K = 1 − max(R, G, B), C = (1 − R − K) / (1 − K),
and so on. A page's coverage is the mean of C + M + Y + K over its area,
so a page of solid black counts 1 (K 100 %), a blank page 0, and a page of
solid red 2 (M 100 % + Y 100 %). The figures add over pages: a designer
compares them between builds and with `--ink-saver`, not with a cartridge's
rated yield.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # numpy is imported when a PDF is measured, not when the build starts
    import numpy as np

INK_DPI = 24  # coarse enough to be quick on a rulebook, fine enough that text averages to its grey


def page_coverage(rgb: np.ndarray) -> float:
    """Mean C + M + Y + K of an RGB image (H × W × 3, 0–255): 1.0 is a page of solid black.

    With M = max(R, G, B), K = 1 − M and C + M + Y = (3M − R − G − B) / M, so a
    pixel costs two element-wise maxima and a sum: reductions along the short
    colour axis are many times slower in numpy than these."""
    import numpy as np

    v = rgb.astype(np.float64) / 255.0
    r, g, b = v[..., 0], v[..., 1], v[..., 2]
    most = np.maximum(np.maximum(r, g), b)
    room = np.where(most > 0.0, most, 1.0)  # a black pixel has no C, M or Y: 0 / 1
    return float(((3.0 * most - (r + g + b)) / room + (1.0 - most)).mean())


def pdf_ink(pdf: Path | bytes, dpi: int = INK_DPI) -> float:
    """Fully inked page equivalents of a PDF: each page's mean coverage (see `page_coverage`), summed."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf if isinstance(pdf, bytes) else Path(pdf).read_bytes())
    try:
        total = 0.0
        for i in range(len(doc)):
            page = doc[i]
            image = page.render(scale=dpi / 72, rev_byteorder=True).to_numpy()
            page.close()
            total += page_coverage(image[..., :3])
        return total
    finally:
        doc.close()
