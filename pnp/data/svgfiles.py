"""An SVG icon checked before svglib reads it: XML at all, bounded in size, sensibly sized, and its links kept home.

svglib builds a reportlab shape for every element and keeps every path's
points, so an icon of a few hundred thousand elements takes minutes and
gigabytes to build (docs/performance.md); a `viewBox` of 1e300 units overflows the arithmetic that scales it to a card.
Here the document is read once by expat, element by element, and refused at
the first bound it passes, long before any shape is made. The raster images
it embeds (`data:image/png;base64,…`) or links beside itself count together
against the one image limit (pnp.core.pixels): svglib hands them to Pillow
whole. Each limit is documented in docs/limits.md.
"""
from __future__ import annotations

import base64
import binascii
import io
import math
import os
import re
from pathlib import Path
from typing import TYPE_CHECKING

from pnp.core.errors import Finding, Loc, error, warning
from pnp.core.files import KnownByStatus, LeavesFolder, Refused, game_files, inside
from pnp.data.fontfiles import GENERIC_FAMILIES, SVG_FALLBACK_FAMILY, family_key

if TYPE_CHECKING:  # the parser is imported where an SVG is checked: a game without one reads no XML
    import xml.etree.ElementTree as ET

MAX_SVG_BYTES = 2_000_000  # the largest icon of game-icons.net is 40 KB; a detailed hand-drawn one a few hundred KB
MAX_SVG_ELEMENTS = 20_000  # game-icons.net's busiest icon has under 100; svglib's time and memory grow with each element
MAX_SVG_PATH_DATA = 1_000_000  # characters of path data (d, points) in one icon: a million is ~100,000 points
MAX_SVG_EXTENT = 1_000_000  # user units of a viewBox, width or height: an icon is scaled to its box, so any sane unit fits
MAX_SVG_DEPTH = 100  # elements inside each other: an editor's icon nests ten or so deep; svglib and the drawing it makes recurse once per level
MAX_SVG_STYLE_RULES = 500  # rules of its <style> sheets: an editor writes a few dozen; svglib tries every rule on every element

_EMBEDDED = re.compile(r"^data:image/(jpe?g|png);base64")  # the images svglib unpacks (svglib.svglib.Svg2RlgShapeConverter.xlink_href_target)
_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?:inf|nan)", re.I)
# one length as svglib reads it (a number, a unit in small letters): any other value of these attributes stops its drawing
_LENGTH = re.compile(r"\s*[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?(?:px|pt|pc|mm|cm|in|em|ex|q|%)?\s*")
_LENGTHS = {"svg": ("width", "height"), "rect": ("x", "y", "width", "height", "rx", "ry"), "circle": ("cx", "cy", "r"),
            "ellipse": ("cx", "cy", "rx", "ry"), "line": ("x1", "y1", "x2", "y2"), "text": ("x", "y", "font-size")}


class IconRefused(ValueError):
    """An icon file pnp will not draw; the message names the file and says what to do, `at` the (line, column) of the
    mistake in it where the XML reader names one, so a finding is at the very character an editor opens."""

    def __init__(self, message: str, at: tuple[int, int] | None = None):
        super().__init__(message)
        self.at = at


def svg_reader():
    """svglib's `svg2rlg`, its warnings (about SVG features it leaves out) silenced: svglib and logging are imported by
    the first icon or outline drawn, never by a build that draws none (tests/test_plain_imports.py)."""
    import logging

    logging.getLogger("svglib").setLevel(logging.ERROR)
    from svglib.svglib import svg2rlg

    return svg2rlg


def svg_renderer(source, font_map, base: str):
    """svglib's renderer for the SVG read from `source` (a file's path, or a stream for a document of no file), its text
    set in the fonts `font_map` hands out (svglib's `find_font` question), its links resolved inside `base`; and so is
    the text of each SVG file it links to, which svglib draws with a renderer of its own, made with svglib's global
    font map (a family looked up on the machine: an unembedded Helvetica or Times). The one way pnp reads an icon."""
    svg_reader()
    from svglib.svglib import SvgRenderer

    renderer = SvgRenderer(source, font_map=font_map, external_reference_root=base)
    _lend_fonts(renderer, font_map)
    return renderer


class _LinkedFiles(dict):
    """svglib's table of the SVG files a document links to (its path → ExternalSVG), each file's renderer given the
    document's font map as svglib enters it, before it draws anything."""

    def __init__(self, font_map):
        super().__init__()
        self.font_map = font_map

    def __setitem__(self, path, document) -> None:
        _lend_fonts(document.renderer, self.font_map)
        super().__setitem__(path, document)


def _lend_fonts(renderer, font_map) -> None:
    """Set `renderer`'s text in `font_map`'s fonts, and that of every file it links to, however deep. svglib (2.3) takes
    no font map for a linked file: its attribute converter's map and its renderer's table of linked files are the two
    names reached, alike in svglib 2.3.0 to 2.3.2 (a release that moves either fails tests/test_icon_linked_text.py)."""
    renderer.attrConverter._font_map = font_map
    renderer._external_svgs = _LinkedFiles(font_map)


def check_svg_file(path: Path, shown: str, *folders: Path) -> bytes:
    """The bytes of the SVG at `path` (named `shown` to the user), once they pass every check; IconRefused otherwise.

    `folders` are those the file and anything it links to must stay inside."""
    try:
        real = inside(path, *folders)
        size = real.stat().st_size
        if size > MAX_SVG_BYTES:
            raise IconRefused(f"icon file {shown} is {size:,} bytes, over the {MAX_SVG_BYTES:,} byte limit: simplify it (fewer points) or export it smaller")
        svg = real.read_bytes()
    except Refused as exc:
        raise IconRefused(f"icon file {exc.advice(shown, 'the project folder')}") from None
    except OSError as exc:
        raise IconRefused(f"icon file {shown} cannot be read ({exc.strerror or exc}): check it exists and you may read it") from None
    check_svg(svg, shown, path.parent, *folders)
    return svg


_PASSED = KnownByStatus()  # an icon's bytes once they passed, by its file's status: read for drawing in every run


def passed_svg_file(path: Path, shown: str, *folders: Path) -> bytes:
    """`check_svg_file`, worked out again only when the file's status changed: a `pnp watch` save drew its icons after
    reading and checking every file again. An SVG that links to other files (`href`) is checked every time, as what
    it links to may change without it."""
    checked: list[bytes] = []

    def check(p: Path) -> bytes | None:
        checked.append(check_svg_file(p, shown, *folders))
        return None if b"href" in checked[0] else checked[0]  # None: kept as "check it every time"

    svg = _PASSED.get(path, check)
    return svg if svg is not None else checked[0] if checked else check_svg_file(path, shown, *folders)


def check_svg(svg: bytes, shown: str, base: Path | None = None, *folders: Path) -> None:
    """Refuse (IconRefused) an SVG document that is not XML, not an <svg>, too big, oddly sized, or links outside."""
    import xml.etree.ElementTree as ET  # a game with SVG files alone reads XML

    elements = path_data = pixels = depth = rules = 0
    try:
        for event, element in ET.iterparse(io.BytesIO(svg), events=("start", "end")):
            if event == "end":
                depth -= 1
                if element.tag.rpartition("}")[2] == "style":
                    rules += (element.text or "").count("{")
                    if rules > MAX_SVG_STYLE_RULES:
                        raise IconRefused(f"icon file {shown} has more than {MAX_SVG_STYLE_RULES} style rules: each is tried on every element, "
                                          "so simplify its styles (an editor's 'optimised SVG' export merges them)")
                continue
            depth += 1
            if depth > MAX_SVG_DEPTH:
                raise IconRefused(f"icon file {shown} nests elements over {MAX_SVG_DEPTH} deep: simplify it (ungroup the groups inside groups)")
            elements += 1
            if elements > MAX_SVG_ELEMENTS:
                raise IconRefused(f"icon file {shown} has more than {MAX_SVG_ELEMENTS:,} elements: simplify it (merge paths, drop hidden layers)")
            if elements == 1:
                _check_root(element, shown)
            _check_lengths(element, shown)
            path_data += len(element.get("d", "")) + len(element.get("points", ""))
            if path_data > MAX_SVG_PATH_DATA:
                raise IconRefused(f"icon file {shown} has more than {MAX_SVG_PATH_DATA:,} characters of path data: simplify it (fewer points)")
            if base is not None:
                _check_links(element, shown, base, folders)
            pixels += _image_pixels(element, shown, base, pixels)
    except ET.ParseError as exc:
        line, col = exc.position
        raise IconRefused(f"icon file {shown} is not valid SVG (XML error at line {line}, column {col + 1}: {str(exc).split(':')[0]}): re-export it as plain SVG",
                          (line, col + 1)) from None


def _check_root(element: ET.Element, shown: str) -> None:
    if element.tag.rsplit("}", 1)[-1] != "svg":
        raise IconRefused(f"icon file {shown} is XML but not SVG (it starts with <{element.tag.rsplit('}', 1)[-1]}>): re-export it as plain SVG")
    for attribute in ("viewBox", "width", "height"):
        for number in _NUMBER.findall(element.get(attribute, "")):
            value = float(number)
            if not math.isfinite(value) or abs(value) > MAX_SVG_EXTENT:
                raise IconRefused(f"icon file {shown} has {attribute}=\"{element.get(attribute)}\", beyond ±{MAX_SVG_EXTENT:,} units: "
                                  "give it a viewBox of an ordinary size (game-icons.net uses 0 0 512 512)")


def _check_lengths(element: ET.Element, shown: str) -> None:
    """An element's size or place given as no one length svglib reads (`width="auto"`, `r="big"`, `x="1 2"`) stops the
    icon's drawing deep inside a page: refused here, at its file, as the game is read."""
    tag = element.tag.rsplit("}", 1)[-1]
    for attribute in _LENGTHS.get(tag, ()):
        value = element.get(attribute)
        if value and not _LENGTH.fullmatch(value):
            raise IconRefused(f"icon file {shown} has {attribute}=\"{value}\" on its <{tag}>, not a length pnp can draw: "
                              "write one number, with a unit if it has one (10, 2.5mm, 50%)")


def _check_links(element: ET.Element, shown: str, base: Path, folders: tuple) -> None:
    """An <image> or <use> naming another file may name one beside the icon, never one outside the project."""
    for key, value in element.attrib.items():
        if key.rsplit("}", 1)[-1] != "href" or value.startswith(("#", "data:")) or not value:
            continue
        target = value.removeprefix("file://").split("#", 1)[0]
        try:
            if "\0" in target or "://" in target:
                raise LeavesFolder(target, base)
            inside(base / target, base, *folders)
        except LeavesFolder:
            raise IconRefused(f"icon file {shown} links to '{value}', outside its folder: put what it shows in the SVG itself") from None


def _image_pixels(element: ET.Element, shown: str, base: Path | None, counted: int) -> int:
    """The pixels of the raster image an element embeds (as svglib reads `data:`) or links beside the icon, once
    pnp.core.pixels passed them with the `counted` pixels of the icon's images before it; 0 for any other element."""
    from pnp.core.pixels import ImageRefused, checked_size  # an icon's images alone: a build drawing no icon never reads one

    href = next((v for k, v in element.attrib.items() if k.rsplit("}", 1)[-1] == "href"), "")
    embedded = _EMBEDDED.match(href)
    try:
        if embedded:
            try:
                data = base64.decodebytes(href[embedded.end() + 1:].encode("ascii"))
            except (binascii.Error, UnicodeEncodeError):
                return 0  # svglib cannot unpack it either, and draws nothing
            w, h = checked_size(io.BytesIO(data), f"icon file {shown}: the image it embeds", ("PNG", "JPEG"), counted)
        elif base is not None and href and not href.startswith(("#", "data:")) and not href.split("#", 1)[0].lower().endswith(".svg"):
            path = base / href.removeprefix("file://").split("#", 1)[0]
            if not path.is_file():
                return 0  # svglib skips a file that is not there
            w, h = checked_size(path, f"icon file {shown}: the image '{href}' it links to", counted=counted)
        else:
            return 0
    except ImageRefused as exc:
        raise IconRefused(str(exc)) from None
    return w * h


_CHECKED = KnownByStatus()  # a process that stays up checks an icon again only when its file changed


def icon_file_findings(folders: list[Path], root: Path, rel, game: str = "", families: frozenset[str] | None = None) -> list[Finding]:
    """An error for each SVG in the project's icon `folders`, or in a file one of them links to, that pnp will not draw,
    at the file (`rel` names it), and a warning for each font its text names that none of `families`
    (pnp.data.fontfiles.font_families) is.

    Run as a game is read, before any output renders: an icon is drawn deep
    inside a page (a rulebook's inline `:icon:`, a legend, a face), where a
    refusal could no longer name the file it came from, and every command reads
    the game, whichever outputs it draws. A file an icon links to (in a folder
    beside it, say) is drawn with the icon, so it is held to the same bounds and
    its text's fonts warned of at its own elements."""
    found: list[Finding] = []
    queue = [(path, folder) for folder in folders for path in game_files(folder, "*.svg")]
    seen = {path for path, _ in queue}
    while queue:
        path, folder = queue.pop(0)
        shown = rel(path)
        try:
            fonts, links = _CHECKED.get(path, lambda p, shown=shown, folder=folder: _fonts_and_links(check_svg_file(p, shown, folder, root), p.parent))
        except IconRefused as exc:
            found.append(error("icon-file", str(exc), Loc(shown, *exc.at) if exc.at else Loc(shown), game=game))
        except OSError as exc:
            found.append(error("icon-file", f"icon file {shown} cannot be read ({exc.strerror or exc}): check it exists and you may read it", Loc(shown), game=game))
        else:
            found += missing_fonts(fonts, shown, families, game) if families is not None else []
            fresh = [link for link in links if link not in seen and link.is_file()]
            seen.update(fresh)
            queue += [(link, folder) for link in fresh]
    return found


def _fonts_and_links(svg: bytes, base: Path) -> tuple[tuple[tuple[str, int, int], ...], tuple[Path, ...]]:
    """(`text_fonts` of a checked SVG document, the SVG files it links to from `base`, its folder)."""
    return text_fonts(svg), _linked_svg_files(svg, base)


def _linked_svg_files(svg: bytes, base: Path) -> tuple[Path, ...]:
    """The SVG files a checked document links to (an <image> or <use> whose href names a .svg file), from its folder
    `base`, each once, in document order: what svglib draws with it (svglib.svglib.SvgRenderer.xlink_href_target)."""
    if b"href" not in svg:
        return ()
    import xml.etree.ElementTree as ET

    found: dict[Path, None] = {}
    for _, element in ET.iterparse(io.BytesIO(svg)):
        for key, value in element.attrib.items():
            target = value.removeprefix("file://").split("#", 1)[0]
            if key.rsplit("}", 1)[-1] == "href" and not value.startswith("data:") and target.endswith(".svg"):
                found[Path(os.path.normpath(base / target))] = None
    return tuple(found)


def missing_fonts(fonts: tuple[tuple[str, int, int], ...], shown: str, families: frozenset[str], game: str = "") -> list[Finding]:
    """A warning for each font family an SVG's text asks for (`text_fonts`) that the project does not have, at the first
    element naming it: svglib would look for it on this machine (another machine prints another font, or none), so
    pnp draws that text in a bundled family (pnp.layout.icons.SvgFonts)."""
    found, said = [], set()
    for value, line, col in fonts:
        names = [n for n in (part.strip().strip("'\"") for part in value.split(",")) if n]
        if not names or any(family_key(n) in families or family_key(n) in GENERIC_FAMILIES for n in names) or names[0] in said:
            continue
        said.add(names[0])
        found.append(warning("icon-font", f"this icon's text is in font '{names[0]}', which the project does not have, so it is drawn in "
                             f"{SVG_FALLBACK_FAMILY}: add the font's .ttf to fonts/ as family '{names[0]}' of fonts/fonts.yaml, or turn the text "
                             f"into paths in your SVG editor", Loc(shown, line, col), game=game))
    return found


_TEXT = frozenset({"text", "tspan", "textPath"})
_FONT_IN_STYLE = re.compile(r"font-family\s*:\s*([^;}]+)")


def text_fonts(svg: bytes) -> tuple[tuple[str, int, int], ...]:
    """(font-family value, line, column) of each declaration that sets the font of text in the SVG: the nearest one
    (attribute or `style`) on each text element or its ancestors, and those of its <style> sheets when it has text.
    Read by expat, which gives every element's place; the document passed `check_svg` already."""
    import xml.parsers.expat

    parser = xml.parsers.expat.ParserCreate()
    stack: list[tuple[str, int, int] | None] = []  # each open element's own declaration
    found: dict[tuple[str, int, int], None] = {}
    sheets: list[tuple[list[str], int, int]] = []  # each <style>'s text and place
    inside_style = False
    has_text = False

    def start(name, attrs):
        nonlocal has_text, inside_style
        local = name.rsplit(":", 1)[-1]
        place = (parser.CurrentLineNumber, parser.CurrentColumnNumber + 1)
        value = attrs.get("font-family") or next(iter(_FONT_IN_STYLE.findall(attrs.get("style", ""))), None)
        stack.append((value.strip(), *place) if value else None)
        if local in _TEXT:
            has_text = True
            declared = next((d for d in reversed(stack) if d is not None), None)
            if declared is not None:
                found[declared] = None
        if local == "style":
            inside_style = True
            sheets.append(([], *place))

    def end(name):
        nonlocal inside_style
        stack.pop()
        inside_style = inside_style and name.rsplit(":", 1)[-1] != "style"

    def text(data):
        if inside_style:
            sheets[-1][0].append(data)

    parser.StartElementHandler, parser.EndElementHandler, parser.CharacterDataHandler = start, end, text
    parser.Parse(svg, True)
    if has_text:
        for chunks, line, col in sheets:
            for value in _FONT_IN_STYLE.findall("".join(chunks)):
                found[(value.strip(), line, col)] = None
    return tuple(found)


def text_elements(svg: bytes) -> tuple[tuple[int, int, str], ...]:
    """(line, column, words) of each <text> element of the SVG in document order, its words those of its character data
    and its spans' with runs of white space made one: where a check about an icon's words says they are. Read by
    expat, which gives every element's place; the document passed `check_svg` already."""
    import xml.parsers.expat

    parser = xml.parsers.expat.ParserCreate()
    found: list[tuple[int, int, list[str]]] = []
    open_texts: list[list[str]] = []  # the words of each <text> open now (one, in any SVG a renderer draws)

    def start(name, attrs):
        if name.rsplit(":", 1)[-1] == "text":
            words: list[str] = []
            found.append((parser.CurrentLineNumber, parser.CurrentColumnNumber + 1, words))
            open_texts.append(words)

    def end(name):
        if name.rsplit(":", 1)[-1] == "text":
            open_texts.pop()

    def text(data):
        if open_texts:
            open_texts[-1].append(data)

    parser.StartElementHandler, parser.EndElementHandler, parser.CharacterDataHandler = start, end, text
    parser.Parse(svg, True)
    return tuple((line, col, " ".join("".join(words).split())) for line, col, words in found)
