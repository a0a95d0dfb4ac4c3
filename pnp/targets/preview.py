"""Previews: PNG images of card faces, rasterised from PDF drawn by the same code as the print files.

Each distinct face is drawn onto a page of exactly its size (bleed included)
with the FaceDrawer the sheets use, then rasterised with pdfium, so a preview
shows what prints. A contact sheet per deck puts every face in a grid with
its id and count.
"""
from __future__ import annotations

import functools
import math
from collections.abc import Iterator
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter, ImageFont

from pnp.core.collector import paused
from pnp.core.colour import VISIONS, simulate_rgb
from pnp.core.files import file_name, write_atomic
from pnp.core.units import mm_to_pt
from pnp.outputs.cards import render_deck
from pnp.outputs.context import GameContext
from pnp.outputs.options import Options
from pnp.render.draw import FaceDrawer
from pnp.render.pdf import new_canvas
from pnp.targets.png import PngEncoder

CONTACT_COLUMNS = 8
CONTACT_MAX_PIXELS = 25_000_000  # a contact sheet's faces together: 96 poker cards at 150 dpi take 20 million
LABEL_PX = 28
LUT_SIZE = 17  # grid points per channel of a vision's lookup table; between them Pillow interpolates


def vision_filter(vision: str) -> ImageFilter.Color3DLUT:
    """A Pillow colour table that shows an image as a reader with `vision` sees it, sampled from pnp.core.colour.simulate_rgb.

    Sampling the same maths as the validator's colour-code check keeps a
    simulated contact sheet and a 'colours alike' warning in agreement."""
    if vision not in VISIONS:
        raise ValueError(f"vision must be one of {', '.join(VISIONS)}, got '{vision}'")
    return ImageFilter.Color3DLUT.generate(LUT_SIZE, lambda r, g, b: simulate_rgb(r, g, b, vision))



def face_pdf(gctx: GameContext, faces: list) -> bytes:
    """One page per face, each page exactly the face's bleed box."""
    game = gctx.game
    first = faces[0]
    c, buf = new_canvas((mm_to_pt(first.w + 2 * first.bleed), mm_to_pt(first.h + 2 * first.bleed)), gctx.body_font, f"{game.title} — preview", "preview")
    drawer = FaceDrawer(c, gctx.icons)
    for face in faces:
        c.setPageSize((mm_to_pt(face.w + 2 * face.bleed), mm_to_pt(face.h + 2 * face.bleed)))
        drawer.draw_face(face, mm_to_pt(face.bleed), mm_to_pt(face.bleed), reused=False)
        c.showPage()
    drawer.shared.finish()
    c.save()
    return buf.getvalue()


def rasterise(pdf: bytes, dpi: int) -> Iterator[Image.Image]:
    """Each page as an RGB image, one at a time: a large deck's faces are never all held at once."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf)
    try:
        for i in range(len(doc)):
            page = doc[i]
            image = page.render(scale=dpi / 72).to_pil().convert("RGB")
            page.close()
            yield image
    finally:
        doc.close()


def _png_bytes(image: Image.Image) -> bytes:
    import io

    buf = io.BytesIO()
    image.save(buf, format="PNG", optimize=False)
    return buf.getvalue()


@paused
def write_previews(gctx: GameContext, out_dir: Path, *, decks=(), card_ids=(), dpi: int = 150, bleed: bool = False, simulate: str | None = None) -> tuple[list[Path], list]:
    """Write one PNG per card face and a contact sheet per deck; returns (paths, findings).

    With `simulate` (grey, deutan, protan or tritan) every image shows the
    faces as that reader sees them, and file names end in `-<vision>`.
    Each file is written whole under its name (a temporary file renamed), but
    not waited for on the disk: a preview is made again by the next `pnp
    preview`, and waiting for each of a large deck's images slowed a large
    deck's preview (docs/performance.md)."""
    suffix = f"-{simulate}" if simulate else ""
    lut = vision_filter(simulate) if simulate else None
    game = gctx.game
    options = Options(bleed=bleed, cards=tuple(card_ids))
    written, findings = [], []
    for deck in game.decks.values():
        if decks and deck.id not in decks:
            continue
        rendered = render_deck(gctx, deck, options, findings)
        rendered = [(card, front, back) for card, front, back in rendered if front is not None]
        if not rendered:
            continue
        faces = [f for _, front, back in rendered for f in (front, back) if f is not None]
        images = rasterise(face_pdf(gctx, faces), dpi)
        tiles = []
        folder = out_dir / file_name(deck.id)  # a deck's file name may be longer than a folder's can be
        scale = tile_scale(len(rendered), rendered[0][1], dpi)
        drawn = len(written)
        with PngEncoder(_png_bytes) as encoder:
            for card, front, back in rendered:
                for side, face in (("front", front), ("back", back)):
                    if face is None:
                        continue
                    image = next(images)
                    if lut is not None:
                        image = image.filter(lut)
                    path = folder / f"{card.id}-{side}{suffix}.png"
                    encoder.add(image, functools.partial(write_atomic, path, durable=False))
                    written.append(path)
                    if side == "front":
                        tiles.append((_smaller(image, scale), f"{card.id} ×{card.count}"))
        _remove_faces_gone(folder, set(written[drawn:]), rendered, bool(card_ids), suffix)
        if not card_ids:
            columns = CONTACT_COLUMNS if scale >= 1.0 else max(CONTACT_COLUMNS, math.ceil(math.sqrt(len(tiles) * tiles[0][0].height / tiles[0][0].width)))
            sheet = contact_sheet(tiles, columns, label_font=str(gctx.fonts.file(gctx.layouts.family("body"))))
            path = out_dir / file_name(f"{deck.id}-contact{suffix}", ".png")
            write_atomic(path, _png_bytes(sheet), durable=False)
            written.append(path)
    return written, findings


def _remove_faces_gone(folder: Path, drawn: set[Path], rendered: list, alone: bool, suffix: str) -> None:
    """Remove a deck folder's images of faces this preview no longer draws: a back taken away, a card gone from the deck
    (on a whole deck's preview; cards previewed `alone` look at their own names only). Only a name a preview of the
    same vision gives (`<card>-front.png`, `<card>-back-grey.png`) is touched, so the folder shows what prints now."""
    sides = (f"-front{suffix}", f"-back{suffix}")
    if not alone:
        named = [path for path in folder.glob(f"*{suffix}.png") if path.stem.endswith(sides)]
    else:
        named = [folder / f"{card.id}{side}.png" for card, _, _ in rendered for side in sides]
    for path in named:
        if path not in drawn:
            path.unlink(missing_ok=True)


def tile_scale(fronts: int, face, dpi: int) -> float:
    """How much a deck's contact sheet shrinks its faces: not at all up to CONTACT_MAX_PIXELS of faces, else enough to
    stay within it (a 2,000-card deck's sheet at full size would be 400 million pixels, more than any viewer opens);
    a shrunk sheet takes as many columns as keep it about square."""
    w, h = ((face.w + 2 * face.bleed) / 25.4 * dpi, (face.h + 2 * face.bleed) / 25.4 * dpi)
    return min(1.0, math.sqrt(CONTACT_MAX_PIXELS / (fronts * w * h)))


def _smaller(image: Image.Image, scale: float) -> Image.Image:
    if scale >= 1.0:
        return image
    return image.resize((max(1, round(image.width * scale)), max(1, round(image.height * scale))), Image.Resampling.LANCZOS, reducing_gap=3.0)


def contact_sheet(tiles: list[tuple[Image.Image, str]], columns: int = CONTACT_COLUMNS, label_font: str | None = None) -> Image.Image:
    """All faces in a grid, each labelled with its id and count."""
    w = max(t.width for t, _ in tiles)
    h = max(t.height for t, _ in tiles)
    cols = min(columns, len(tiles))
    rows = math.ceil(len(tiles) / cols)
    pad = 8
    sheet = Image.new("RGB", (cols * (w + pad) + pad, rows * (h + LABEL_PX + pad) + pad), "white")
    draw = ImageDraw.Draw(sheet)
    font = ImageFont.truetype(label_font, 16) if label_font else ImageFont.load_default()
    for n, (image, label) in enumerate(tiles):
        r, c = divmod(n, cols)
        x, y = pad + c * (w + pad), pad + r * (h + LABEL_PX + pad)
        sheet.paste(image, (x, y))
        draw.text((x, y + h + 4), label, fill="black", font=font)
    return sheet
