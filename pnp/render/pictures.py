"""Pictures and icon drawings onto a reportlab canvas, as reportlab draws them but without what it would add unasked
(an unembedded Helvetica, RGB black in a CMYK document)."""
from __future__ import annotations

from pnp.core.units import PT_PER_MM as MM
from pnp.layout import rl
from pnp.render.art_pixels import bled_pixels
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


def draw_bled_image(c, image, cache: dict, cmyk: bool) -> None:
    """An image continued past its box by its own edge (pnp.layout.art_bleed): the pixels its box shows, padded by the
    bleed on the sides that meet the trim, stretched over the grown box; `cache` keeps each padded picture for reuse."""
    (path, _iw, _ih), x, y, w, h, fit = image[:6]
    mode, left, top, right, bottom = image.bleed
    key = (path, w, h, fit, image.bleed, cmyk)
    if key not in cache:
        cache[key] = picture(bled_pixels(cmyk_image(path) if cmyk else path, w, h, fit, mode, (left, top, right, bottom)))
    x0, y0, x1, y1 = x - left, y - top, x + w + right, y + h + bottom
    c.drawImage(cache[key], x0 * MM, -y1 * MM, (x1 - x0) * MM, (y1 - y0) * MM, mask="auto")
