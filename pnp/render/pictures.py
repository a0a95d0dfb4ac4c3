"""Pictures and icon drawings onto a reportlab canvas, as reportlab draws them but without what it would add unasked
(an unembedded Helvetica, RGB black in a CMYK document)."""
from __future__ import annotations

import contextlib
import os
import re
import zlib

from PIL import Image as Picture

from pnp.core.errors import Loc, PnpError, error
from pnp.core.units import PT_PER_MM as MM
from pnp.layout import rl, rl_stream
from pnp.render.pdf_colours import cmyk_image


def draw_without_helvetica(drawing, canvas, black=None) -> None:
    """renderPDF starts every drawing by selecting Helvetica, which would put an
    unembedded base-14 font in the PDF; start it with the canvas's own font instead.
    It also starts by setting RGB black; `black` replaces that (CMYK black for print)."""
    from reportlab.graphics import renderPDF  # brings Platypus: imported when the first icon is drawn

    with rl.drawing_defaults(rl.current_font(canvas), black):
        renderPDF.draw(drawing, canvas, 0, 0)


def picture(source):
    """An image file (or file-like) as reportlab's ImageReader: a PDF names such an image by its pixels, and a path
    by the path's text."""
    from reportlab.lib.utils import ImageReader

    return ImageReader(source)


class Pictures:
    """The pictures one document draws: each decoded when first drawn, embedded once, and let go.

    reportlab names a picture by a digest of its pixels, so a picture kept to be drawn again keeps them decoded (a
    card's 600-dpi art is about 40 MB so): a deck of distinct art grew by that much a card until the PDF was written
    (issue 74). Kept here is the name the document holds each picture under; a second draw places that name. What
    stays in memory is the picture as the PDF holds it, compressed."""

    def __init__(self):
        self._names: dict = {}

    def draw(self, c, key, source, path: str, box: tuple[float, float, float, float]) -> None:
        """Draw the picture known by `key` in `box` (x, y, w, h pt); `source()` gives its pixels (a path, a PIL image)
        the first time; `path` is its file, which a picture too large for the memory pnp has is located at."""
        name = self._names.get(key)
        if name is not None and rl.place_image_again(c, name, *box):
            return
        try:
            c.drawImage(picture(source()), *box, mask="auto")
        except MemoryError:
            raise PnpError(error("image-memory", f"image '{_shown(path)}' needs more memory to decode and embed than this machine "
                                 "gives pnp: save it at the size it prints at (600 dpi is the most a printer uses), or free memory",
                                 Loc(_shown(path)))) from None
        except (OSError, SyntaxError, ValueError, zlib.error) as exc:  # its checks read its structure; only this decode reads its pixels
            raise PnpError(error("image", f"image '{_shown(path)}' cannot be read ({_first_line(exc)}): re-export it",
                                 Loc(_shown(path)))) from None
        self._names[key] = rl.placed_image(c)
        rl_stream.spool_picture(c, self._names[key])  # past a threshold, its compressed stream waits in a file (issue 74)


def _first_line(exc: BaseException) -> str:
    """What went wrong, without what reportlab adds to a decoding error (`identity=[ImageReader@… filename=…]`)."""
    said = re.sub(r"identity=\[.*?\]", "", str(exc)).strip()
    return (said.splitlines() or [type(exc).__name__])[0]


def _shown(path: str) -> str:
    """A picture's file as a finding names it: from the folder pnp runs in when it is inside it, else in full."""
    rel = os.path.relpath(path)
    return path if rel.startswith("..") else rel.replace(os.sep, "/")


def draw_bled_image(c, image, pictures: Pictures, cmyk: bool) -> None:
    """An image continued past its box by its own edge (pnp.layout.art_bleed): the pixels its box shows, padded by the
    bleed on the sides that meet the trim, stretched over the grown box."""
    (path, _iw, _ih), x, y, w, h, fit = image[:6]
    mode, left, top, right, bottom = image.bleed
    x0, y0, x1, y1 = x - left, y - top, x + w + right, y + h + bottom

    def padded():
        return bled_pixels(cmyk_image(path) if cmyk else path, w, h, fit, mode, (left, top, right, bottom))

    pictures.draw(c, (path, w, h, fit, image.bleed, cmyk), padded, path, (x0 * MM, -y1 * MM, (x1 - x0) * MM, (y1 - y0) * MM))


# A picture continued past its box by its own edge (pnp.layout.art_bleed); numpy is imported by the one call that pads
# pixels (few builds bleed a picture by its own edge).

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
