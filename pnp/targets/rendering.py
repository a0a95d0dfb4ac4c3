"""Faces rendered for exports: exact-size raster images, PNG bytes, and the words the export notes share."""
from __future__ import annotations

import io
from collections import Counter
from collections.abc import Iterator

from PIL import Image, ImageDraw

from pnp.core.shapes import Shape
from pnp.core.units import PT_PER_MM
from pnp.layout import rl, rl_stream
from pnp.layout.elements import Face
from pnp.outputs.context import GameContext
from pnp.render.draw import FaceDrawer
from pnp.render.pdf import new_canvas

K = PT_PER_MM
EXTRA_BLEED_MM = 0.5  # rendered past the asked bleed, so pixel rounding never shows paper
MASK_SUPERSAMPLE = 4  # a cut's outline is drawn this much larger, then reduced: smooth edges
# pictures' compressed streams a raster PDF holds before the next face begins a PDF of its own: the PDF is only rendered to
# pixels, and saving it holds it three or four times over, so one of 16 MB (rl_stream.SPOOL_MIN_BYTES, a build's) made an
# export of photographic art peak 60 MB higher than one face's (issue 74); flat art's small pictures still share a PDF
RASTER_PICTURES_BYTES = 1 << 20


def raster(gctx: GameContext, faces: list[Face], size_px: tuple[int, int], px_per_mm: float) -> Iterator[Image.Image]:
    """Each face as an RGB image of exactly `size_px`, its trim centred, at `px_per_mm`, one at a time.

    The page is the pixel box itself; art past it (the extra bleed) is cut off,
    so a fraction of a pixel is lost to rounding, never stretched. The images
    come as they are rendered, for the caller to encode and let go: a deck's
    faces at 300 dpi, held at once, took 3.9 MB a card (2 GB for 500 cards).
    The faces are drawn into one PDF until its pictures' compressed streams pass
    RASTER_PICTURES_BYTES, then into the next: a deck of photographic art was one
    PDF held whole, several megabytes a card (issue 74). A face's pixels are the
    same in whichever PDF it is drawn."""
    page_pt = (size_px[0] / px_per_mm * K, size_px[1] / px_per_mm * K)
    uses = Counter(faces)
    start = 0
    while start < len(faces):
        pdf, start = _faces_pdf(gctx, faces, start, page_pt, uses)
        yield from _rendered(pdf, size_px)
        del pdf  # let go before the next is drawn: it was held while the next was made, two PDFs of the threshold at once


def _faces_pdf(gctx: GameContext, faces: list[Face], start: int, page_pt: tuple[float, float], uses: Counter) -> tuple[bytes, int]:
    """A PDF of a page per face from `faces[start]` until its pictures reach the threshold, and the index it stopped at
    (at a threshold of 0, a PDF a face: the same-bytes check's way to render every face so)."""
    c, buf = new_canvas(page_pt, gctx.body_font, f"{gctx.game.title} — export", "export")
    tally = rl_stream.Tally()
    setattr(c, rl_stream.SPOOL, tally)
    drawer = FaceDrawer(c, gctx.icons)
    end = start
    most = min(RASTER_PICTURES_BYTES, rl_stream.SPOOL_MIN_BYTES)  # at a threshold of 0, a PDF a face
    while end < len(faces) and (end == start or tally.held < most):
        face = faces[end]
        drawer.draw_face(face, (page_pt[0] - face.w * K) / 2, (page_pt[1] - face.h * K) / 2, reused=uses[face] > 1)
        c.showPage()
        end += 1
    drawer.shared.finish()
    c.save()
    pdf = buf.getvalue()
    # a canvas is a cycle of reportlab's objects, which the export's paused collector (pnp.core.collector.paused) leaves
    # until the export ends: its pictures' streams and its buffer are let go now, or each PDF of photographic art stayed
    buf.close()
    tally.release()
    _let_go(c)
    return pdf, end


def _let_go(c) -> None:
    """Break a saved canvas's cycles: its document, its fonts' subsets and its pages stayed until the export ended, the
    collector paused (about 40 KB a PDF; 20 MB for 500 faces each in a PDF of its own). The canvas is not used again."""
    rl.document(c).__dict__.clear()
    c.__dict__.clear()


def _rendered(pdf: bytes, size_px: tuple[int, int]) -> Iterator[Image.Image]:
    """Each page of `pdf` rendered to `size_px` (its page is that box at the export's resolution)."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf)
    try:
        for i in range(len(doc)):
            page = doc[i]
            scale = size_px[0] / page.get_width() * (1 - 1e-9)  # pdfium rounds sizes up
            image = page.render(scale=scale).to_pil().convert("RGB")
            page.close()
            if image.size != size_px and image.width >= size_px[0] and image.height >= size_px[1]:
                image = image.crop((0, 0, *size_px))  # a pixel's rounding, cropped, never resized
            yield image
    finally:
        doc.close()


def png_bytes(image: Image.Image, dpi: int | None = None) -> bytes:
    buf = io.BytesIO()
    extra = {"dpi": (dpi, dpi)} if dpi else {}
    image.save(buf, format="PNG", compress_level=6, **extra)
    return buf.getvalue()


def distinct_faces(faces) -> list[Face]:
    return list(dict.fromkeys(f for f in faces if f is not None))


def size_text(trim: tuple[float, float]) -> str:
    return f"{trim[0]:g} × {trim[1]:g}"


def cut_mask(cut: Shape, size: tuple[int, int], trim: tuple[float, float], bleed: float = 0.0) -> Image.Image:
    """An 8-bit mask of a piece's cut (pnp.core.shapes) in an image of `size` px showing its `trim` (mm) and `bleed` (mm)
    around it: opaque inside the cut, transparent outside (TTS cuts custom tokens by it; a print service's die line)."""
    s = MASK_SUPERSAMPLE
    kx, ky = size[0] * s / (trim[0] + 2 * bleed), size[1] * s / (trim[1] + 2 * bleed)  # supersampled px a mm
    mask = Image.new("L", (size[0] * s, size[1] * s), 0)
    draw = ImageDraw.Draw(mask)
    x0, y0, x1, y1 = bleed * kx, bleed * ky, (bleed + trim[0]) * kx - 1, (bleed + trim[1]) * ky - 1
    if cut.kind == "circle":
        d = min(trim) / 2
        cx, cy = (bleed + trim[0] / 2), (bleed + trim[1] / 2)
        draw.ellipse(((cx - d) * kx, (cy - d) * ky, (cx + d) * kx - 1, (cy + d) * ky - 1), fill=255)
    elif cut.kind in ("hexagon", "outline"):
        draw.polygon([((bleed + x) * kx, (bleed + y) * ky) for x, y in cut.corners(*trim)], fill=255)
    elif cut.corner_radius(*trim):
        draw.rounded_rectangle((x0, y0, x1, y1), radius=cut.corner_radius(*trim) * kx, fill=255)
    else:
        draw.rectangle((x0, y0, x1, y1), fill=255)
    return mask.resize(size, Image.Resampling.LANCZOS)
