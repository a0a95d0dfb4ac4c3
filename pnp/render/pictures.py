"""Pictures and icon drawings onto a reportlab canvas, as reportlab draws them but without what it would add unasked
(an unembedded Helvetica, RGB black in a CMYK document)."""
from __future__ import annotations

from pnp.layout import rl


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
