"""The pixels of a picture continued past its box by its own edge (pnp.layout.art_bleed), as the face drawer places them.

numpy is imported by the one call that pads pixels: every build imports this module (through the face drawer), few
bleed a picture by its own edge."""
from __future__ import annotations

import contextlib

from PIL import Image as Picture


def bled_pixels(source, w: float, h: float, fit: str, mode: str, grow: tuple[float, float, float, float]):
    """The pixels a w × h mm box shows of `source` (all of it when stretched, the middle when it covers), padded by `grow`
    mm (left, top, right, bottom) of its own edge: repeated (`extend`) or reflected (`mirror`)."""
    import numpy as np

    with Picture.open(source) if isinstance(source, str) else _opened(source) as opened:
        pixels = opened.copy() if opened.mode in ("RGB", "RGBA", "CMYK", "L") else opened.convert("RGBA" if "A" in opened.getbands() else "RGB")
    iw, ih = pixels.size
    if fit == "cover":  # the part the box shows: the image scaled to cover it, centred
        scale = max(w / iw, h / ih)
        cw, ch = round(w / scale), round(h / scale)
        left, top = (iw - cw) // 2, (ih - ch) // 2
        pixels = pixels.crop((left, top, left + cw, top + ch))
        iw, ih = pixels.size
    px_x, px_y = iw / w, ih / h
    pad = [round(grow[1] * px_y), round(grow[3] * px_y)], [round(grow[0] * px_x), round(grow[2] * px_x)]
    array = np.asarray(pixels)
    padded = np.pad(array, (*pad, (0, 0))[: array.ndim], mode="edge" if mode == "extend" else "symmetric")
    return Picture.frombytes(pixels.mode, (padded.shape[1], padded.shape[0]), np.ascontiguousarray(padded).tobytes())


def _opened(image):
    """A PIL image already open, usable in a with-statement like an opened file."""
    return contextlib.nullcontext(image)
