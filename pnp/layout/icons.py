"""SVG icons: found by name, drawn by svglib, recoloured on request.

An icon is looked up in the game's own folder first (templates/<game>/icons),
then in the shared templates/icons, then in pnp's own, and last in the
game-icons.net set that ships with pnp (4,000+ one-colour icons, CC BY 3.0),
so games can override any shared symbol.

An icon can be recoloured when it is drawn in one colour: every filled or
stroked shape gets the colour asked for, so draw the icon in black, without
gradients, images, text or CSS classes.
"""
from __future__ import annotations

import copy
import functools
import hashlib
import io
import json
import math
import os
import re
from pathlib import Path

import reportlab
from reportlab.lib.colors import HexColor

from pnp.core.colour import alpha
from pnp.core.files import game_files
from pnp.core.kept import KeptParses
from pnp.data.fontfiles import GENERIC_FAMILIES, SVG_FALLBACK_FAMILY, family_key
from pnp.data.svgfiles import passed_svg_file, svg_reader, svg_renderer
from pnp.layout.fonts import FontBook
from pnp.layout.icon_text import IconWords, has_text, icon_words


class IconSet:
    """An Iconify icon set kept as a zip: `set.json` (grid size, aliases, and the icons' names in chunks of 128) and
    one xz-compressed JSON `chunk-NN.json.xz` of SVG bodies per chunk.

    Knowing the names costs the small index, and drawing an icon unpacks its
    chunk alone, where the set as one compressed JSON was unpacked whole in
    every process that asked for a name. Chunks keep most of xz's gain from
    icons resembling each other (one deflated file per icon was larger). The zip is read into memory, so processes forked from this
    one share no file offset."""

    def __init__(self, file: Path):
        import zipfile  # opened by a game that names an icon of the set: a deck drawing none imports neither zipfile nor lzma

        self._zip = zipfile.ZipFile(io.BytesIO(file.read_bytes()))
        meta = json.loads(self._zip.read("set.json"))
        self.width, self.height = meta.get("width", 512), meta.get("height", 512)
        self.aliases: dict[str, str] = meta.get("aliases", {})
        self._chunk_of = {name: i for i, names in enumerate(meta["chunks"]) for name in names}
        self.icons = frozenset(self._chunk_of)
        self._chunks: dict[int, dict[str, str]] = {}

    def __contains__(self, name: str) -> bool:
        return name in self.icons or name in self.aliases

    def svg(self, name: str) -> bytes | None:
        """The SVG document of one icon, black where the set says `currentColor`."""
        name = self.aliases.get(name, name)
        index = self._chunk_of.get(name)
        if index is None:
            return None
        chunk = self._chunks.get(index)
        if chunk is None:
            import lzma

            chunk = self._chunks[index] = json.loads(lzma.decompress(self._zip.read(f"chunk-{index:02d}.json.xz")))
        body = chunk[name].replace("currentColor", "#000000")
        w, h = self.width, self.height
        return f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">{body}</svg>'.encode()


@functools.lru_cache(maxsize=2)
def icon_set(file: Path) -> IconSet:
    """The icon set in `file`, opened once per process."""
    return IconSet(file)


class SvgFonts:
    """The fonts an SVG's text is drawn in, for svglib to ask (its `font_map`): a family of the project's FontBook by
    its name, a CSS generic one (serif, sans-serif…) as its bundled stand-in, and any other in SVG_FALLBACK_FAMILY.

    svglib's own map looks a family up on the machine (fc-match), so one
    machine printed DejaVu and another an unembedded Helvetica, and a drawing
    kept from a process that found the font failed in one that had not
    registered it. Here every name is one the FontBook registers; loading the
    game warned of each family it stands in for (pnp.data.svgfiles.missing_fonts).
    Two with the same families and styles draw alike, so they compare equal
    and share a parse."""

    def __init__(self, book: FontBook):
        self.book = book
        self._families = {family_key(f): f for f in book.families}
        self.key = repr(sorted((f, tuple(sorted(files.items()))) for f, files in book.families.items()))
        self.used: set[tuple[str, bool, bool]] = set()  # (family, bold, italic) handed out: registered again wherever a kept parse is drawn

    def __eq__(self, other) -> bool:
        return isinstance(other, SvgFonts) and other.key == self.key

    def __hash__(self) -> int:
        return hash(self.key)

    def family(self, name: str) -> tuple[str, bool]:
        """(the family that draws SVG family `name`, whether it is that family or a generic one's stand-in)."""
        key = family_key(name)
        own = self._families.get(key) or GENERIC_FAMILIES.get(key)
        return (own, True) if own is not None else (SVG_FALLBACK_FAMILY, False)

    def find_font(self, name: str, weight="normal", style="normal") -> tuple[str, bool]:
        """svglib's question: (the registered font for a family, weight and style, whether it is the family asked for)."""
        family, exact = self.family(str(name))
        bold = str(weight).lower() in ("bold", "bolder") or (str(weight).isdigit() and int(str(weight)) >= 600)
        italic = str(style).lower() in ("italic", "oblique")
        return self.register(family, bold, italic), exact

    def register(self, family: str, bold: bool, italic: bool) -> str:
        self.used.add((family, bold, italic))
        return self.book.font_name(family, bold, italic)


class IconLibrary:
    def __init__(self, dirs: list[Path], library: Path | None = None, files_read=None, kept: KeptParses | None = None, root: Path | None = None,
                 fonts: FontBook | None = None):
        self.root = root  # the project: an icon found in a folder under it must stay inside it (pnp.data.svgfiles)
        self.fonts = fonts  # the families an icon's text is drawn in (SvgFonts); pnp's own when not given
        self.kept = kept or KeptParses()  # icons parsed by earlier runs (the build cache's), when the build names a folder
        self.dirs = [d for d in dirs if d.is_dir()]
        self.library = library if library is not None and library.is_file() else None
        self.files_read = files_read  # a pnp.core.files_read.FilesRead told of every icon looked up
        self._paths: dict[str, Path | None] = {}
        self._drawings: dict[tuple, object] = {}
        self._sources: dict[str, tuple[bytes, str, str]] = {}  # name → (SVG document, file, folder), read once
        self._source_digests: dict[str, str] = {}  # name → sha256 of its document
        self._words: dict[str, tuple[str, IconWords] | None] = {}  # name → its file and the words it prints (`words`)
        self.used_from_library: set[str] = set()  # for the credits the set's licence asks for

    def path(self, name: str) -> Path | None:
        if name not in self._paths:
            self._paths[name] = next((d / f"{name}.svg" for d in self.dirs if os.path.isfile(d / f"{name}.svg")), None)  # False for a name too long to be a file
        found = self._paths[name]
        if found is not None and self.files_read is not None:
            self.files_read.add(found)
        return found

    def in_library(self, name: str) -> bool:
        """Whether `name` is drawn from the bundled icon set (no folder has its own file of that name)."""
        if self.library is None or self.path(name) is not None:
            return False
        return name in icon_set(self.library)

    def exists(self, name: str) -> bool:
        return self.path(name) is not None or self.in_library(name)

    def names(self) -> list[str]:
        own = {p.stem for d in self.dirs for p in game_files(d, "*.svg")}
        return sorted(own | set(icon_set(self.library).icons) if self.library else own)

    def library_icons_mentioned(self, texts) -> list[str]:
        """Icons of the bundled set named in `texts` (templates, data, rules): those a game's credits must name.

        Names are read from the text rather than from drawn faces, so credits do
        not depend on which outputs a build reused: `:name:` in rich text,
        `icon('name', …)` in templates and `icon: name` in data. An icon the
        project draws itself (its own SVG of that name) is not the set's.
        """
        if self.library is None:
            return []
        words = set()
        for text in texts:
            words.update(re.findall(r":([a-z0-9][a-z0-9_-]*):", text))  # inline in rich text
            words.update(re.findall(r"""\bicon\(\s*["']([a-z0-9][a-z0-9_-]*)["']""", text))  # icon('name', …) in a template
            words.update(re.findall(r"""\bicons?:\s*\[?\s*["']?([a-z0-9][a-z0-9_-]*)""", text))  # icon: name in data
        return sorted(w for w in words if self.in_library(w))

    def source(self, name: str) -> tuple[bytes, str, str] | None:
        """(SVG document, the file it was read from or "" for the bundled set, the folder its references start from), or
        None for a name no icon has. The lookup is what the build records: the file read, or the set's credit."""
        path = self.path(name)
        if path is None:
            if not self.in_library(name):
                return None
            self.used_from_library.add(name)
        found = self._sources.get(name)
        if found is None:  # read once per run: a form's key and its drawing both need the document
            found = self._sources[name] = ((self._checked(path), str(path), str(path.parent)) if path is not None
                                           else (icon_set(self.library).svg(name), "", str(self.library.parent)))
        return found

    def _checked(self, path: Path) -> bytes:
        """An icon file's bytes once pnp.data.svgfiles passed them (IconRefused, a ValueError, names the file otherwise)."""
        folders = [path.parent] + ([self.root] if self.root is not None and path.is_relative_to(self.root) else [])
        return passed_svg_file(path, self._shown(path), *folders)

    def _shown(self, path: Path) -> str:
        """An icon file as a message names it: from the project's folder, where it lies inside it."""
        return path.relative_to(self.root).as_posix() if self.root is not None and path.is_relative_to(self.root) else str(path)

    def words(self, name: str) -> tuple[str, IconWords] | None:
        """(the icon's file as a message names it, "" for the bundled set; each text element it prints, at its place),
        or None for an icon that prints no words: read from svglib's drawing only for a document holding a <text>."""
        if name not in self._words:  # asked for every icon on every face a shop's check reads
            found = self.source(name)
            words = icon_words(*found, self.svg_fonts) if found is not None and has_text(found[0]) else None
            self._words[name] = (self._shown(Path(found[1])) if found[1] else "", words) if words is not None and words.texts else None
        return self._words[name]

    def drawing(self, name: str, color: str | None):
        """The icon as a reportlab Drawing, recoloured to `color` when given."""
        key = (name, color)
        if key not in self._drawings:
            found = self.source(name)
            drawing = svg_drawing(*found, color, self.kept, self.svg_fonts) if found is not None else None
            if drawing is None:
                raise ValueError(f"icon '{name}' could not be read as SVG")
            self._drawings[key] = drawing
        return self._drawings[key]

    @functools.cached_property
    def svg_fonts(self) -> SvgFonts:
        return SvgFonts(self.fonts or FontBook())

    def drawn_key(self, name: str, color: str | None) -> str | None:
        """What decides the operators drawing the icon in `color` gives (its bytes, the colour, the SVG reader's version),
        to keep them across runs (pnp.render.draw); None for a name no icon has, or an SVG that refers to other files."""
        found = self.source(name)
        if found is None or _OUTSIDE_REFERENCE.search(found[0]):
            return None
        digest = self._source_digests.get(name) or self._source_digests.setdefault(name, hashlib.sha256(found[0]).hexdigest())
        return f"{digest}|{color}|{_svg_reader_version()}"


# An href that leaves the document (another file): such an SVG is parsed afresh each time, as that file may change.
_OUTSIDE_REFERENCE = re.compile(rb"""href\s*=\s*["'](?!#|data:)""")


def svg_drawing(svg: bytes, source: str, base: str, color: str | None, kept: KeptParses | None = None, fonts: SvgFonts | None = None):
    """An SVG document (read from file `source`, or "" for the bundled set) as a reportlab Drawing, recoloured when `color` is given,
    its text in the fonts `fonts` hands out (pnp's own families when not given).

    A self-contained document is parsed once per process, keyed by its bytes
    and the families its text may take: every game, output and PDF of a run
    shares one parse of each icon, and an icon edited while `pnp watch` runs is
    parsed again. With `kept`, its parse is also kept across runs (what a
    self-contained document draws depends on its bytes and those families
    alone); the fonts its text uses are registered wherever it is drawn.
    Callers must not change the drawing they get (draw.py copies it before
    filtering its colours)."""
    fonts = fonts or SvgFonts(FontBook())
    if _OUTSIDE_REFERENCE.search(svg):
        drawing, used = _parse_svg(svg, source, base, color, fonts) or (None, ())
    else:
        drawing, used = _parsed_once(svg, source, base, color, kept or _NOT_KEPT, fonts)
    for style in used:  # a parse kept from another process names fonts this one may not have registered yet
        fonts.register(*style)
    return drawing


_NOT_KEPT = KeptParses()


@functools.lru_cache(maxsize=1024)
def _parsed_once(svg: bytes, source: str, base: str, color: str | None, kept: KeptParses, fonts: SvgFonts) -> tuple:
    """(drawing, the (family, bold, italic) styles its text uses)."""
    if not color:
        parsed = kept.get("svg", f"{hashlib.sha256(svg).hexdigest()}|{fonts.key}", lambda: _parse_svg(svg, source, base, None, fonts),
                          version=f"{_svg_reader_version()}, fonts 1, collapsed 1")
        return parsed or (None, ())
    plain, used = _parsed_once(svg, source, base, None, kept, fonts)
    return (_recoloured(plain, color) if plain is not None else None), used


@functools.lru_cache(maxsize=1)
def _svg_reader_version() -> str:
    """What decides the drawing an SVG becomes: svglib's version (read from its metadata, without importing it) and reportlab's.
    importlib.metadata (with email, csv…) is imported here, by a game with SVG icons, never by a plain build's start-up."""
    import importlib.metadata

    return f"svglib {importlib.metadata.version('svglib')}, reportlab {reportlab.Version}"


def warm_svg() -> None:
    """Import the SVG reader (svglib, with reportlab's graphics and Platypus) before the first icon is drawn."""
    svg_reader()


def _parse_svg(svg: bytes, source: str, base: str, color: str | None, fonts: SvgFonts) -> tuple:
    """(drawing, the (family, bold, italic) styles its text uses), its text's fonts asked of `fonts`."""
    svg_reader()  # svglib imported, its warnings silenced
    from svglib.svglib import load_svg_file

    root = load_svg_file(io.BytesIO(svg))
    if root is None:
        return None
    asked = copy.copy(fonts)
    asked.used = set()
    drawing = svg_renderer(source or io.BytesIO(svg), asked, base).render(root)
    _drop_collapsed(drawing)
    if color:
        drawing = _recoloured(drawing, color)
    return drawing, tuple(sorted(asked.used))


def _recoloured(drawing, color: str):
    """A copy of a drawing with every filled or stroked shape in `color` ('#rrggbb' or '#rrggbbaa'), the parsed one left
    as it is (`with_shapes`). A translucent colour's alpha joins each shape's own opacity, so the icon prints as
    see-through as a rect of that colour, and as the contrast check blends it."""
    colour, opacity = HexColor(color[:7]), alpha(color)
    return with_shapes(drawing, lambda shape, _: _painted(shape, colour, opacity))


def _painted(shape, colour, strength: float):
    out = copy.copy(shape)
    for paint, opacity in (("fillColor", "fillOpacity"), ("strokeColor", "strokeOpacity")):
        if getattr(shape, paint, None) is not None:
            setattr(out, paint, colour)
            if strength < 1.0:
                own = getattr(shape, opacity, None)
                setattr(out, opacity, strength * (1.0 if own is None else own))
    return out


def _drop_collapsed(node) -> None:
    """Leave out each group whose transform collapses it to nothing (`scale(0)`, a matrix of determinant 0): SVG draws
    nothing of it, and reportlab, which inverts a group's transform as it draws it, stops on it."""
    kept = []
    for child in node.contents:
        if hasattr(child, "contents"):
            if group_scale(child) == 0:
                continue
            _drop_collapsed(child)
        kept.append(child)
    node.contents = kept


def with_shapes(drawing, change):
    """A copy of an svglib drawing's tree, each shape replaced by `change(shape, scale)` (scale: its groups' scale, to
    size a stroke in the drawing's own units): the one way an icon's drawing is changed, recoloured here and floored,
    greeked or outlined as it prints (pnp.render.icon_forms).

    Groups are copied shallowly (a path's points are shared, never changed):
    several times quicker than a deep copy of an icon's paths, and the parsed
    drawing, shared by every use of the icon, stays as it is."""

    def walk(node, outer: float):
        out = copy.copy(node)
        scale = outer * group_scale(node)
        out.contents = [walk(child, scale) if hasattr(child, "contents") else change(child, scale) for child in node.contents]
        return out

    return walk(drawing, 1.0)


def shapes(drawing):
    """Each shape an svglib drawing draws, with its groups' scale (`with_shapes`'s, to size a stroke in the drawing's
    own units): a node's own shapes first, then its groups', the last group first."""
    stack = [(drawing, 1.0)]
    while stack:
        node, outer = stack.pop()
        scale = outer * group_scale(node)
        for child in getattr(node, "contents", ()):
            if hasattr(child, "contents"):
                stack.append((child, scale))
            else:
                yield child, scale


def group_scale(node) -> float:
    """How much a group's transform scales what it holds (1 for a shape or a group without one)."""
    transform = getattr(node, "transform", None)
    if not transform:
        return 1.0
    a, b, c, d = transform[:4]
    return math.sqrt(abs(a * d - b * c))
