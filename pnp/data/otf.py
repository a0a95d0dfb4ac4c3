"""OpenType fonts with PostScript (CFF) outlines, made TrueType so reportlab can embed and subset them (issue #78).

reportlab reads only TrueType (quadratic, `glyf`) outlines and refuses a CFF
font ("postscript outlines are not supported"), yet most fonts a designer buys
or downloads as .otf are CFF. Such a file is converted when read, as fontTools'
own `otf2ttf` recipe does: each glyph's cubic curves drawn through Cu2QuPen
into quadratic ones (within one font unit), `glyf`/`loca` built, `CFF ` dropped,
and `maxp` and `post` made those of a TrueType font. Everything else (names,
metrics, the character map, kerning) is the file's own, so the font is
embedded and subset as a .ttf is. fontTools is imported only when such a file
is met: a project without one never pays for it (tests/test_plain_imports.py).

The converted bytes are kept in memory by the source file's digest, so a
process converts each file once; reportlab's reading of them is kept across
runs by the build cache, keyed by that same digest (pnp.layout.fonts).
"""
from __future__ import annotations

import io
from pathlib import Path

from pnp.core.files import file_sha256

_CONVERTED: dict[str, bytes] = {}  # sha256 of a CFF font's file → its TrueType bytes
MAX_ERROR = 1.0  # how far, in font units, a quadratic outline may stray from the cubic one (fontTools' default)


class NotConvertible(ValueError):
    """An OpenType font pnp cannot make TrueType, said as what the file is and what to use instead: a font file's
    finding gives it as it is (pnp.data.fontfiles), not as a damaged file to download again."""


def is_cff(path: Path) -> bool:
    """Whether `path` is an OpenType font with PostScript (CFF) outlines: its first four bytes are 'OTTO'."""
    with open(path, "rb") as f:
        return f.read(4) == b"OTTO"


def truetype_source(path: Path, digest: str | None = None) -> str | io.BytesIO:
    """What reportlab reads for the font file `path`: the path itself for a TrueType font, the converted bytes (a file
    object named as the file) for a CFF one."""
    if not is_cff(path):
        return str(path)
    digest = digest or file_sha256(path)
    if digest not in _CONVERTED:
        _CONVERTED[digest] = _to_truetype(path)
    out = io.BytesIO(_CONVERTED[digest])
    out.name = str(path)
    return out


def _to_truetype(path: Path) -> bytes:
    """The TrueType font fontTools' otf2ttf recipe makes of the CFF font `path` (same bytes for the same file: no new
    timestamp is written)."""
    from fontTools.ttLib import TTFont, newTable  # only a project with a CFF font pays for fontTools

    font = TTFont(str(path), recalcTimestamp=False)
    if "fvar" in font:
        raise NotConvertible("is a variable font, which pnp does not read yet: use one of its static instances")
    if "CFF " not in font:
        raise NotConvertible("has no CFF outlines pnp can convert (CFF2?): use a .ttf or a static .otf")
    order = font.getGlyphOrder()
    glyf = newTable("glyf")
    glyf.glyphOrder = order
    glyf.glyphs = _quadratic_glyphs(font.getGlyphSet(), order)
    font["loca"] = newTable("loca")
    font["glyf"] = glyf
    del font["CFF "]
    if "VORG" in font:
        del font["VORG"]
    glyf.compile(font)
    hmtx = font["hmtx"]
    for name, glyph in glyf.glyphs.items():  # each glyph's left side bearing is where its new outline starts
        if hasattr(glyph, "xMin"):
            hmtx[name] = (hmtx[name][0], glyph.xMin)
    _truetype_tables(font, glyf, order)
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


def _quadratic_glyphs(glyphs, order: list[str]) -> dict:
    """Each glyph of a CFF glyph set drawn again with quadratic curves (TrueType's), its contours reversed as TrueType winds them."""
    from fontTools.pens.cu2quPen import Cu2QuPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen

    out = {}
    for name in order:
        pen = TTGlyphPen(glyphs)
        glyphs[name].draw(Cu2QuPen(pen, MAX_ERROR, reverse_direction=True))
        out[name] = pen.glyph()
    return out


def _truetype_tables(font, glyf, order) -> None:
    """`maxp` version 1.0 (TrueType's, with no hinting), `post` format 2 (glyph names kept) and TrueType's sfnt version."""
    from fontTools.ttLib import newTable

    maxp = newTable("maxp")
    maxp.tableVersion = 0x00010000
    maxp.maxZones = 1
    for field in ("maxTwilightPoints", "maxStorage", "maxFunctionDefs", "maxInstructionDefs", "maxStackElements", "maxSizeOfInstructions"):
        setattr(maxp, field, 0)
    maxp.maxComponentElements = max((len(getattr(g, "components", [])) for g in glyf.glyphs.values()), default=0)
    font["maxp"] = maxp
    maxp.compile(font)
    post = font["post"]
    post.formatType = 2.0
    post.extraNames = []
    post.mapping = {}
    post.glyphOrder = order
    try:
        post.compile(font)
    except OverflowError:  # too many glyph names for format 2: none kept
        post.formatType = 3.0
    font.sfntVersion = "\000\001\000\000"
