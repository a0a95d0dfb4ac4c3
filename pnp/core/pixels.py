"""How many pixels an image may hold, wherever pnp meets it.

An image is a file a template or rulebook names (pnp.layout.images), or one
an SVG icon embeds as `data:` or links beside itself (pnp.data.svgfiles):
svglib hands those to Pillow and reportlab as they are, so an icon of a few
hundred KB could unpack a 20,000 × 20,000 px picture. All go through one
check and one limit. Pillow reads an image's size from its header, so the
size is judged before a pixel is unpacked; only then is it read whole, which
finds a truncated file here rather than in the middle of a page.

A picture a face draws is embedded, and embedding unpacks its pixels: its
check reads the file's structure rather than its pixels (whole=False), so a
deck's art is decoded once a build, not twice (issue 74); what only its
pixels get wrong is met by that one decode (pnp.render.pictures).
"""
from __future__ import annotations

import io
import os
import warnings

from pnp.core.files import open_plain

MAX_IMAGE_PIXELS = 50_000_000  # a 300 dpi A1 poster is 70 Mpx; a card image is a few Mpx
MAX_IMAGE_SIDE = 30_000  # px: past a 2000 mm board at 300 dpi. reportlab spends memory by the row: a 1 px wide image is not small
ALLOWED_IMAGE_FORMATS = ("PNG", "JPEG", "WEBP")


class ImageRefused(ValueError):
    """An image pnp will not draw; the message names it and says what to do."""


def checked_size(source, what: str, formats: tuple[str, ...] = ALLOWED_IMAGE_FORMATS, counted: int = 0,
                 whole: bool = True) -> tuple[int, int]:
    """(width, height) px of the image in `source` (a path or a binary stream), shown to the user as `what`
    ("image 'art/hero.png'"). ImageRefused when it is not one of `formats`, when its pixels and the `counted` pixels
    of the images drawn with it pass MAX_IMAGE_PIXELS, or when it does not read whole: its pixels decoded, or with
    `whole` false its structure read to its end (`_read_through`)."""
    from PIL import Image

    try:
        with warnings.catch_warnings():  # our own pixel cap below speaks for these
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            data = _in_memory(source)
            img = Image.open(data)
        with img:
            if img.format not in formats:
                raise ImageRefused(f"{what} is {img.format}; use {_listed(formats)}")
            w, h = img.size
            if counted + w * h > MAX_IMAGE_PIXELS:
                together = f", which with the {counted:,} px of the images before it passes" if counted else ", over"
                raise ImageRefused(f"{what} claims {w} × {h} px{together} the {MAX_IMAGE_PIXELS:,} px limit: scale it down")
            if max(w, h) > MAX_IMAGE_SIDE:
                raise ImageRefused(f"{what} claims {w} × {h} px, over the {MAX_IMAGE_SIDE:,} px a side limit: scale it down, or cut it in pieces")
            img.load() if whole else _read_through(img, data)
    except ImageRefused:
        raise
    except Image.DecompressionBombError:
        raise ImageRefused(f"{what} claims too many pixels (over {MAX_IMAGE_PIXELS:,}): scale it down") from None
    except (OSError, SyntaxError, ValueError) as exc:
        raise ImageRefused(f"{what} cannot be read ({exc}): re-export it") from None
    except MemoryError:  # a part that says it is larger than anything a picture needs
        raise ImageRefused(f"{what} cannot be read (it asks for more memory than this machine gives): re-export it") from None
    return w, h


def _read_through(img, data) -> None:
    """Raise OSError when the file `img` was opened from (`data`, a stream) ends before its pixels do, as a decode would,
    without unpacking a pixel: a PNG's chunks read to the end with their checksums, a JPEG's end-of-image marker after
    its first scan (scan data cannot hold one; a camera's Exif preview, a JPEG inside the file's APP1 segment, holds
    its own before it). A WebP cut short is refused by Pillow as it opens it (it decodes the whole file then)."""
    if img.format == "PNG":
        img.verify()
        return
    scan = img.fp.tell()  # a JPEG's first scan: Pillow's reader stops there as it opens the file, past the markers it read
    data.seek(0)
    raw = data.read()
    if img.format == "JPEG" and raw.find(b"\xff\xd9", scan) < 0:
        raise OSError("image file is truncated")


def _in_memory(source):
    """A file's bytes as a stream in memory, else `source` (a stream already). Pillow skips a part of a file by reading
    as many bytes as the part says it holds: from a file that allocates them all first (a PNG saying 2 GB in 40 bytes),
    from memory only what is there."""
    if isinstance(source, (str, os.PathLike)):
        with open_plain(source) as f:
            return io.BytesIO(f.read())
    return source


def _listed(formats: tuple[str, ...]) -> str:
    names = [{"JPEG": "JPEG", "WEBP": "WebP"}.get(f, f) for f in formats]
    return ", ".join(names[:-1]) + " or " + names[-1] if len(names) > 1 else names[0]
