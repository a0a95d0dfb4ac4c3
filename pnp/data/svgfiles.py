"""An SVG icon checked before svglib reads it: XML at all, bounded in size, sensibly sized, and its links kept home.

svglib builds a reportlab shape for every element and keeps every path's
points, so an icon of 200,000 elements took 208 s and 1.77 GB to build; a
`viewBox` of 1e300 units overflows the arithmetic that scales it to a card.
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
import re
import xml.etree.ElementTree as ET
from pathlib import Path

from pnp.core.errors import Finding, Loc, error
from pnp.core.files import KnownByStatus, LeavesFolder, Refused, game_files, inside
from pnp.core.pixels import ImageRefused, checked_size

MAX_SVG_BYTES = 2_000_000  # the largest icon of game-icons.net is 40 KB; a detailed hand-drawn one a few hundred KB
MAX_SVG_ELEMENTS = 20_000  # game-icons.net's busiest icon has under 100; svglib needs ~1 ms and ~9 KB per element
MAX_SVG_PATH_DATA = 1_000_000  # characters of path data (d, points) in one icon: a million is ~100,000 points
MAX_SVG_EXTENT = 1_000_000  # user units of a viewBox, width or height: an icon is scaled to its box, so any sane unit fits
MAX_SVG_DEPTH = 100  # elements inside each other: an editor's icon nests ten or so deep; svglib and the drawing it makes recurse once per level

_EMBEDDED = re.compile(r"^data:image/(jpe?g|png);base64")  # the images svglib unpacks (svglib.svglib.Svg2RlgShapeConverter.xlink_href_target)
_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?:inf|nan)", re.I)


class IconRefused(ValueError):
    """An icon file pnp will not draw; the message names the file and says what to do."""


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


def check_svg(svg: bytes, shown: str, base: Path | None = None, *folders: Path) -> None:
    """Refuse (IconRefused) an SVG document that is not XML, not an <svg>, too big, oddly sized, or links outside."""
    elements = path_data = pixels = depth = 0
    try:
        for event, element in ET.iterparse(io.BytesIO(svg), events=("start", "end")):
            if event == "end":
                depth -= 1
                continue
            depth += 1
            if depth > MAX_SVG_DEPTH:
                raise IconRefused(f"icon file {shown} nests elements over {MAX_SVG_DEPTH} deep: simplify it (ungroup the groups inside groups)")
            elements += 1
            if elements > MAX_SVG_ELEMENTS:
                raise IconRefused(f"icon file {shown} has more than {MAX_SVG_ELEMENTS:,} elements: simplify it (merge paths, drop hidden layers)")
            if elements == 1:
                _check_root(element, shown)
            path_data += len(element.get("d", "")) + len(element.get("points", ""))
            if path_data > MAX_SVG_PATH_DATA:
                raise IconRefused(f"icon file {shown} has more than {MAX_SVG_PATH_DATA:,} characters of path data: simplify it (fewer points)")
            if base is not None:
                _check_links(element, shown, base, folders)
            pixels += _image_pixels(element, shown, base, pixels)
    except ET.ParseError as exc:
        line, col = exc.position
        raise IconRefused(f"icon file {shown} is not valid SVG (XML error at line {line}, column {col + 1}: {str(exc).split(':')[0]}): re-export it as plain SVG") from None


def _check_root(element: ET.Element, shown: str) -> None:
    if element.tag.rsplit("}", 1)[-1] != "svg":
        raise IconRefused(f"icon file {shown} is XML but not SVG (it starts with <{element.tag.rsplit('}', 1)[-1]}>): re-export it as plain SVG")
    for attribute in ("viewBox", "width", "height"):
        for number in _NUMBER.findall(element.get(attribute, "")):
            value = float(number)
            if not math.isfinite(value) or abs(value) > MAX_SVG_EXTENT:
                raise IconRefused(f"icon file {shown} has {attribute}=\"{element.get(attribute)}\", beyond ±{MAX_SVG_EXTENT:,} units: "
                                  "give it a viewBox of an ordinary size (game-icons.net uses 0 0 512 512)")


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


def icon_file_findings(folders: list[Path], root: Path, rel, game: str = "") -> list[Finding]:
    """An error for each SVG in the project's icon `folders` that pnp will not draw, at the file (`rel` names it).

    Run as a game is read, before any output renders: an icon is drawn deep
    inside a page (a rulebook's inline `:icon:`, a legend, a face), where a
    refusal could no longer name the file it came from."""
    found = []
    for folder in folders:
        for path in game_files(folder, "*.svg"):
            shown = rel(path)
            try:
                _CHECKED.get(path, lambda p, shown=shown, folder=folder: check_svg_file(p, shown, folder, root) and None)
            except IconRefused as exc:
                found.append(error("icon-file", str(exc), Loc(shown), game=game))
            except OSError as exc:
                found.append(error("icon-file", f"icon file {shown} cannot be read ({exc.strerror or exc}): check it exists and you may read it", Loc(shown), game=game))
    return found
