"""Font families: which TrueType file draws which role and style.

Only TrueType-outline fonts are used, so every font is embedded and subset;
no base-14 font may appear in an output. A character missing from a font is
drawn from the fallback family, never as an empty box.
"""
from __future__ import annotations

from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from pnp.data.source import load_yaml

BUNDLED_FONTS = Path(__file__).resolve().parents[2] / "fonts"
STYLES = ("regular", "bold", "italic", "bold-italic")
# Where a family lacks a style, the nearest one it has.
_STYLE_FALLBACK = {"bold-italic": ("bold-italic", "bold", "italic", "regular"), "bold": ("bold", "regular"), "italic": ("italic", "regular"), "regular": ("regular",)}


class FontBook:
    """The families a project may use, registered with reportlab on first use."""

    def __init__(self, fonts_dir: Path = BUNDLED_FONTS):
        spec = load_yaml(fonts_dir / "fonts.yaml", "fonts/fonts.yaml")
        self.dir = fonts_dir
        self.families: dict[str, dict[str, str]] = {k: dict(v) for k, v in spec["families"].items()}
        self.fallback_family: str = spec.get("fallback", "")
        self._faces: dict[str, TTFont] = {}
        self._names: dict[tuple, str] = {}
        self._files: dict[tuple, Path] = {}
        self.files_read = None  # a pnp.core.files.FilesRead told of every font file used

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
        path = (self.dir / files[chosen]).resolve()
        if name not in self._faces:
            existing = pdfmetrics._fonts.get(name)  # registered by an earlier build in this process
            if existing is None:
                if not path.is_relative_to(self.dir.resolve()) or not path.is_file():
                    raise ValueError(f"font file '{files[chosen]}' of family '{family}' must be a file inside fonts/")
                existing = TTFont(name, str(path))
                pdfmetrics.registerFont(existing)
            self._faces[name] = existing
        self._names[key] = name
        self._files[key] = path
        if self.files_read is not None:
            self.files_read.add(path)
        return name

    def fallback_name(self, bold: bool = False) -> str | None:
        if not self.fallback_family:
            return None
        return self.font_name(self.fallback_family, bold=bold)

    def covers(self, font_name: str, char: str) -> bool:
        return ord(char) in self._faces[font_name].face.charToGlyph

    def face(self, font_name: str) -> TTFont:
        return self._faces[font_name]
