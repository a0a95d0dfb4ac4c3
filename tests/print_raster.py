"""Part of a page rasterised at a fine resolution, indexed as the whole page's image would be.

A test that reads a few millimetres of a sheet at 600 dpi need not rasterise the whole Letter page (5100 × 6600 px):
pdfium renders the part asked for on the same pixel grid (the crop is a whole number of pixels), so each pixel of a
`Region` is the pixel at the same index of the whole page's image (within one grey level of anti-aliasing), and an
index outside the part raises.
"""
from __future__ import annotations

import math

import numpy as np
import pypdfium2 as pdfium


class Region:
    """Pixels [top, bottom) × [left, right) of page `index` of `pdf` at `dpi` (grey, or RGB with `rgb`), as an array
    indexed by the whole page's pixel rows and columns: an int, a slice or an array of ints on each axis."""

    def __init__(self, pdf, index: int, dpi: int, top: int, left: int, bottom: int, right: int, rgb: bool = False):
        doc = pdfium.PdfDocument(str(pdf))
        try:
            page = doc[index]
            scale = dpi / 72
            width, height = (math.ceil(v * scale) for v in page.get_size())  # as pdfium sizes the whole page
            # crop in points, each side a whole number of pixels: pdfium takes ceil(points × scale)
            crop = ((left - 0.5) / scale, (height - bottom - 0.5) / scale, (width - right - 0.5) / scale, (top - 0.5) / scale)
            image = page.render(scale=scale, crop=tuple(max(0.0, c) for c in crop)).to_pil()
            page.close()
        finally:
            doc.close()
        self.pixels = np.asarray(image.convert("RGB" if rgb else "L"), dtype=np.int16 if rgb else np.float64)
        self.top, self.left = top, left
        assert self.pixels.shape[:2] == (bottom - top, right - left), (self.pixels.shape, (bottom - top, right - left))

    @classmethod
    def around(cls, pdf, index: int, dpi: int, box_mm: tuple[float, float, float, float], rgb: bool = False) -> Region:
        """The part of the page holding `box_mm` (left, top, right, bottom in mm from the page's top-left corner)."""
        px = dpi / 25.4
        left, top, right, bottom = box_mm
        return cls(pdf, index, dpi, int(top * px), int(left * px), int(np.ceil(bottom * px)) + 1, int(np.ceil(right * px)) + 1, rgb)

    def __getitem__(self, key):
        rows, cols = key if isinstance(key, tuple) else (key, slice(None))
        return self.pixels[self._shift(rows, self.top, self.pixels.shape[0]), self._shift(cols, self.left, self.pixels.shape[1])]

    @staticmethod
    def _shift(index, origin: int, size: int):
        if isinstance(index, slice):
            if index == slice(None):
                raise IndexError("a region holds part of the page: index its pixels by the page's rows and columns")
            assert index.step in (None, 1) and index.start is not None and index.stop is not None, index
            assert origin <= index.start <= index.stop <= origin + size, (index, origin, size)
            return slice(index.start - origin, index.stop - origin)
        shifted = np.asarray(index) - origin
        assert np.all((shifted >= 0) & (shifted < size)), (index, origin, size)
        return shifted if isinstance(index, np.ndarray) else int(shifted)
