"""File names and containers the exports share: an image named by its content, a zip the same bytes every time."""
from __future__ import annotations

import hashlib
import io
import zipfile

from pnp.core.files import file_name

DIGEST_CHARS = 10  # hex digits of sha256 in a file name: a table's cache sees a new name whenever the bytes change
ZIP_TIME = (1980, 1, 1, 0, 0, 0)  # the earliest time a zip can hold: every member carries it, so a zip depends on its bytes only
STORED_SUFFIXES = (".png", ".jpg")  # already compressed: deflating them again only costs time


def digest_name(stem: str, data: bytes, suffix: str = ".png") -> str:
    """`stem-<digest><suffix>`: a name that changes when, and only when, the bytes change, so no table (Tabletop
    Simulator, a browser) shows an image it cached from an earlier export."""
    return file_name(f"{stem}-{hashlib.sha256(data).hexdigest()[:DIGEST_CHARS]}", suffix)


def zip_bytes(members: list[tuple[str, bytes]]) -> bytes:
    """A zip of `members` (name, bytes) in their order, with fixed times and permissions: the same members give the
    same bytes."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        for name, data in members:
            info = zipfile.ZipInfo(name, ZIP_TIME)
            info.compress_type = zipfile.ZIP_STORED if name.endswith(STORED_SUFFIXES) else zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, data, compresslevel=6 if info.compress_type == zipfile.ZIP_DEFLATED else None)
    return buf.getvalue()
