"""Font families: which font file draws which role and style.

Only TrueType-outline fonts are used (an OpenType CFF file is converted to
TrueType as it is read: pnp.data.otf), so every font is embedded and subset;
no base-14 font may appear in an output. A character missing from a font is
drawn from the fallback family, never as an empty box.
"""
from __future__ import annotations

import copy
from pathlib import Path
from weakref import WeakKeyDictionary

import reportlab
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from pnp.core.assets import BUNDLED_FONTS
from pnp.core.files import Refused, file_sha256, inside
from pnp.core.kept import KeptParses
from pnp.data.otf import truetype_source
from pnp.data.schema import FontsFile, check_shape
from pnp.data.source import load_yaml
from pnp.layout import rl

# Where a family lacks a style, the nearest one it has.
_STYLE_FALLBACK = {"bold-italic": ("bold-italic", "bold", "italic", "regular"), "bold": ("bold", "regular"), "italic": ("italic", "regular"), "regular": ("regular",)}


_REGISTERED: dict[str, str] = {}  # reportlab name → sha256 of the file registered under it in this process
NAME_CACHES: list = []  # the clear() of every cache keyed by a font's name (text widths): a name given a new file empties them


def _registered(name: str, path: Path, kept: KeptParses) -> TTFont:
    """The font registered with reportlab as `name` from `path`: the one an earlier build in this process registered
    (`pnp watch`, `pnp serve`) while the file is the same, else read again, as after a font file or fonts.yaml changed."""
    digest = file_sha256(path)
    if _REGISTERED.get(name) == digest:
        return pdfmetrics.getFont(name)
    if name in _REGISTERED:
        rl.unregister_font(name)
        for clear in NAME_CACHES:
            clear()
    font = _parsed(name, path, digest, kept)
    pdfmetrics.registerFont(font)
    _REGISTERED[name] = digest
    return font


def _parsed(name: str, path: Path, digest: str, kept: KeptParses) -> TTFont:
    """reportlab's reading of a TrueType file (or a CFF one's TrueType conversion), kept across runs by the file's digest and the font's name (the name
    decides whether reportlab shapes its text). The document state and the scale function pickle cannot carry are
    left out of the kept copy and made again here, as TTFont makes them, and the face names the file asked for: one
    entry serves every file of the same bytes (pnp's own fonts are kept for every project and copy of pnp:
    pnp.core.kept.KeptParses.for_file)."""
    key = f"{name}|{digest}"
    stored = kept.for_file(path).get("ttf", key, lambda: _storable(TTFont(name, truetype_source(path, digest))), version=reportlab.Version)
    font = ListenedFont.__new__(ListenedFont)
    font.__dict__.update(stored.__dict__)
    font.face = copy.copy(stored.face)
    font.face.filename = str(path)  # as reading `path` names it: the kept copy may be another copy of pnp's (its fonts are kept for all)
    rl.set_glyph_scale(font, _pdf_scale(font.face.unitsPerEm))
    font.state = WeakKeyDictionary()
    return font


class ListenedFont(TTFont):
    """A TrueType font that tells the document it works for what it hands out to reportlab's own text (footers,
    labels), while that document listens (pnp.layout.rl.font_asks).

    A font gives each glyph its code in a subset, and each subset its name, as
    a document first asks for them: a page's operators are those a replay may
    write only if the same asks get the same answers again (pnp.render.drawn).
    pnp's faces ask through `split_quietly` and `subset_name_quietly`, which are
    not told (their callers keep their own record). The listener lives on the
    document, so two documents drawn at once each hear their own asks."""

    def splitString(self, text, doc, encoding="utf-8"):
        pieces = self.split_quietly(text, doc) if isinstance(text, str) else super().splitString(text, doc, encoding)
        asks = getattr(doc, rl.LISTENER, None)
        if asks is not None:
            asks.append(("split", (self.fontName, text), tuple(pieces)))
        return pieces

    def getSubsetInternalName(self, subset, doc):
        name = super().getSubsetInternalName(subset, doc)
        asks = getattr(doc, rl.LISTENER, None)
        if asks is not None:
            asks.append(("subset", (self.fontName, subset), name))
        return name

    def split_quietly(self, text: str, doc) -> list:
        """splitString's pieces, not told. A text each of whose characters has its code in the first subset already
        (most of a deck's text after its first cards) is mapped straight to those codes, as splitString's loop maps
        them: a character without a code yet or past the first subset goes through that loop (a no-break space never
        has one of its own: the loop gives it the space's)."""
        state = self.state.get(doc)
        if state is not None and text:
            try:
                return [(0, bytes(map(state.assignments.__getitem__, map(ord, text))))]
            except (KeyError, ValueError):  # a character not met yet; a code past 255 (another subset)
                pass
        return super().splitString(text, doc)

    def subset_name_quietly(self, subset: int, doc) -> str:
        return super().getSubsetInternalName(subset, doc)


def _storable(font: TTFont) -> TTFont:
    """A copy of `font` that pickles: without its per-document state and its face's scale function (a local lambda)."""
    out = copy.copy(font)
    out.face = copy.copy(font.face)
    rl.drop_glyph_scale(out)
    out.state = None
    return out


def _pdf_scale(units_per_em: int):
    """Glyph units to PDF's thousandths of an em, computed as reportlab's TTFontFile does, to the same floats."""
    if units_per_em == 1000:
        return lambda x: x
    factor = 1000 / units_per_em
    return lambda x: x * factor


class FontBook:
    """The families a project may use, registered with reportlab on first use.

    Each folder's fonts.yaml adds its families to those of the folders before
    it (a project's fonts/ adds to the bundled ones, and may redefine one of
    them); a later `fallback` (one family or a list, tried in order) or
    `condensed` replaces an earlier one. A family of `leave_out` (one whose
    file cannot be used and that no role names) is not added.
    """

    def __init__(self, fonts_dirs: Path | list[Path] = BUNDLED_FONTS, kept: KeptParses | None = None, leave_out: frozenset[str] = frozenset()):
        self.kept = kept or KeptParses()  # fonts read by earlier runs (the build cache's), when the build names a folder
        self.families: dict[str, dict[str, str]] = {}
        self.fallback_families: tuple[str, ...] = ()
        self.condensed_family: str = ""  # what a title switches to when it does not fit its line
        self._dirs: dict[str, Path] = {}  # family → the folder its files are named from
        for folder in [fonts_dirs] if isinstance(fonts_dirs, Path) else fonts_dirs:
            spec, _ = check_shape(FontsFile, load_yaml(inside(folder / "fonts.yaml", folder), "fonts/fonts.yaml"), "fonts/fonts.yaml")
            if spec is None:
                continue  # a fonts.yaml of the wrong shape adds nothing: its errors are the project's (pnp.data.fontfiles)
            for family, files in spec.families.items():
                if family in leave_out and folder != BUNDLED_FONTS:
                    continue  # a file of it cannot be used, and no role of the game names it (pnp.data.fontfiles)
                self.families[family] = dict(files)
                self._dirs[family] = folder
            fallback = spec.fallback
            self.fallback_families = (fallback,) if isinstance(fallback, str) else tuple(fallback) or self.fallback_families
            self.condensed_family = spec.condensed or self.condensed_family
        self._faces: dict[str, TTFont] = {}
        self._names: dict[tuple, str] = {}
        self._files: dict[tuple, Path] = {}
        self.files_read = None  # a pnp.core.files_read.FilesRead told of every font file used

    def font_name(self, family: str, bold: bool = False, italic: bool = False) -> str:
        """The registered reportlab name of a family's style, registering it if needed."""
        key = (family, bold, italic)
        name = self._names.get(key)
        if name:
            if self.files_read is not None:
                self.files_read.add(self._files[key])
            return name
        style = "bold-italic" if bold and italic else "bold" if bold else "italic" if italic else "regular"
        files = self.families[family]
        chosen = next(s for s in _STYLE_FALLBACK[style] if s in files)
        name = f"{family}-{chosen}"
        folder = self._dirs[family]
        try:
            path = inside(folder / files[chosen], folder)
        except Refused as exc:  # the project's games were refused for it already (pnp.data.fontfiles): this is a second guard
            raise ValueError(f"font file '{files[chosen]}' of family '{family}' {exc.reason('fonts/')}") from None
        if name not in self._faces:
            if not path.is_file():  # checked even when registered: fonts.yaml may have changed since
                raise ValueError(f"font file '{files[chosen]}' of family '{family}' must be a file inside fonts/")
            self._faces[name] = _registered(name, path, self.kept)
        self._names[key] = name
        self._files[key] = path
        if self.files_read is not None:
            self.files_read.add(path)
        return name

    def file(self, family: str, style: str = "regular") -> Path:
        """The TrueType file of a family's style (for drawing labels outside reportlab)."""
        return self._dirs[family] / self.families[family][style]

    def registered(self) -> list[tuple[str, bool, bool]]:
        """The (family, bold, italic) styles registered so far: a worker process reports them so its parent can draw its faces."""
        return list(self._names)

    def fallback_names(self, bold: bool = False) -> tuple[str, ...]:
        """The fallback fonts in the order a missing character is looked for."""
        return tuple(self.font_name(family, bold=bold) for family in self.fallback_families)

    def fallback_for(self, code: int, bold: bool = False, first: tuple[str, ...] = ()) -> str | None:
        """The font of the first of `first`'s families, then of the fallback families, that has the character `code`.

        Each family is registered only when those before it lack the character:
        a build that needs ★ reads the symbols font and never the 3 MB CJK one
        at the end of the list (pnp/assets/fonts/fonts.yaml)."""
        for family in (*first, *self.fallback_families):
            name = self.font_name(family, bold=bold)
            if code in self._faces[name].face.charToGlyph:
                return name
        return None

    def covers(self, font_name: str, char: str) -> bool:
        return ord(char) in self._faces[font_name].face.charToGlyph

    def face(self, font_name: str) -> TTFont:
        return self._faces[font_name]
