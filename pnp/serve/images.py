"""Preview images: faces and PDF pages rasterised once each, kept in memory under the hash of their bytes.

A face is drawn by the FaceDrawer of the print files onto a page of its own
size and rasterised with pdfium (pnp.targets.preview), so the page shows what
prints. The image's name is the hash of its PNG bytes: a face that did not
change keeps its name, so the browser, which caches each name forever, never
fetches it again. Nothing is written to disk, and the server can only hand
out bytes stored here.
"""
from __future__ import annotations

import hashlib
import io
import re

from PIL import Image

from pnp.layout.elements import Face
from pnp.outputs.context import GameContext
from pnp.targets.preview import face_pdf, rasterise

DIGEST_CHARS = 24  # 96 bits of sha256: no two images of a session collide
IMAGE_NAME = re.compile(rf"^[0-9a-f]{{{DIGEST_CHARS}}}\.png\Z")


def png_bytes(image: Image.Image) -> bytes:
    """PNG for the browser: fastest compression, since it only crosses the loopback."""
    buf = io.BytesIO()
    image.save(buf, format="PNG", compress_level=1)
    return buf.getvalue()


def scale_for(w_mm: float, h_mm: float, dpi: float, max_px: int) -> float:
    """The dpi to rasterise at: `dpi`, lowered so that the longer side stays within `max_px` pixels."""
    longest_in = max(w_mm, h_mm) / 25.4
    return min(dpi, max_px / longest_in) if longest_in else dpi


class ImageStore:
    """PNG images by name, and the name of each face or PDF already rasterised."""

    def __init__(self):
        self._png: dict[str, bytes] = {}
        self._faces: dict[tuple[Face, float], str] = {}
        self._pdfs: dict[tuple[str, float], list[str]] = {}
        self.rasterised = 0  # faces and pages drawn since start, for the bench and the log

    def get(self, name: str) -> bytes | None:
        """The PNG called `name`, or None: a name that is not an image pnp rendered is never looked up elsewhere."""
        if not IMAGE_NAME.match(name):
            return None
        return self._png.get(name)

    def _put(self, image: Image.Image) -> str:
        data = png_bytes(image)
        name = hashlib.sha256(data).hexdigest()[:DIGEST_CHARS] + ".png"
        self._png[name] = data
        self.rasterised += 1
        return name

    def faces(self, gctx: GameContext, faces: list[Face], dpi: float) -> list[str]:
        """The image name of each face, rasterising (in one PDF) only the faces not seen before."""
        new = list(dict.fromkeys(f for f in faces if (f, dpi) not in self._faces))
        if new:
            for face, image in zip(new, rasterise(face_pdf(gctx, new), dpi), strict=True):
                self._faces[(face, dpi)] = self._put(image)
        return [self._faces[(f, dpi)] for f in faces]

    def pdf_pages(self, pdf: bytes, dpi: float) -> list[str]:
        """The image name of each page of a PDF; the same bytes are rasterised once."""
        key = (hashlib.sha256(pdf).hexdigest(), dpi)
        if key not in self._pdfs:
            self._pdfs[key] = [self._put(image) for image in rasterise(pdf, dpi)]
        return self._pdfs[key]

    def forget_faces(self) -> None:
        """Draw every face anew: an icon, font or art file it names has changed, though the face value has not."""
        self._faces.clear()

    def keep_only(self, names: set[str]) -> None:
        """Drop images no longer shown (and the faces that named them), so a long session does not grow without end."""
        self._png = {n: d for n, d in self._png.items() if n in names}
        self._faces = {k: n for k, n in self._faces.items() if n in names}
        self._pdfs = {k: ns for k, ns in self._pdfs.items() if all(n in names for n in ns)}
