"""The words an SVG icon prints, each at its <text> element's place in the icon's file, with the size it prints at.

A print shop's smallest type holds for words inside an icon (a seal, a stamp, a
label drawn in an editor) as for a template's. Their size is the element's
font-size taken through every transform the SVG puts it under (its viewBox
mapped onto its width and height, its groups', its own) and then the scale the
icon is fitted into its box at. All but the last are read from svglib's own
drawing of the icon, the one pnp prints, so no SVG rule (units, inheritance,
style sheets, preserveAspectRatio) is worked out twice: each <text> element is
marked before svglib reads the document, and the strings svglib makes of it
found under its mark. Its place is expat's (pnp.data.svgfiles.text_elements),
the same element counted in the same document order.

Text svglib draws from another SVG file an icon links to is set in the icon's
fonts (pnp.data.svgfiles.svg_renderer lends their map to the renderer svglib
makes for that file), but unmarked: its size is not read here, and the shop
file's own check reads it from the PDF, said at the page that prints it
(pnp.targets.vendor_preflight.small_text_findings). The fonts it names are
warned of at its own elements as the game is read
(pnp.data.svgfiles.icon_file_findings).
"""
from __future__ import annotations

import copy
import functools
import io
import math
import re
from typing import NamedTuple

from pnp.data.svgfiles import svg_reader, svg_renderer, text_elements

_MARK = "{urn:pnp:icon-text}element"  # the attribute each <text> carries while svglib reads it: its number in document order
_TEXT_ELEMENT = re.compile(rb"<(?:[\w.-]+:)?text[\s/>]")  # an icon without one has no words: never read again


class IconText(NamedTuple):
    """One <text> element an icon prints: its place in the SVG file, its words, and the size they print at in the
    units of the icon's drawing (its smallest run's), to be multiplied by the points a unit the icon is drawn at."""

    line: int
    column: int
    words: str
    size: float


class IconWords(NamedTuple):
    """An icon's drawing size, in its own units, and each text element it prints."""

    width: float
    height: float
    texts: tuple[IconText, ...]


def has_text(svg: bytes) -> bool:
    """Whether an SVG document holds a <text> element at all (most icons hold none, and are never parsed for it)."""
    return _TEXT_ELEMENT.search(svg) is not None


@functools.lru_cache(maxsize=256)
def icon_words(svg: bytes, source: str, base: str, fonts) -> IconWords | None:
    """The words an SVG document prints (`source` the file it was read from, "" for the bundled set; `base` the folder
    its references start from; `fonts` the pnp.layout.icons.SvgFonts its text is drawn in), as svglib draws them; None
    for a document svglib cannot read. Once per document and process."""
    svg_reader()  # svglib imported, its warnings silenced
    from svglib.svglib import Svg2RlgShapeConverter, load_svg_file

    marked: dict[int, tuple] = {}  # id of each group svglib made of a marked <text> → (the element's number, the group, kept alive)

    class Marked(Svg2RlgShapeConverter):
        """svglib's converter, each group it makes of a marked <text> element remembered with the element's number."""

        def convertText(self, node):
            group = super().convertText(node)
            mark = node.etree_element.get(_MARK)
            if group is not None and mark is not None:
                marked[id(group)] = (int(mark), group)  # a group svglib drops (a <defs> pass) keeps its id from any other
            return group

    root = load_svg_file(io.BytesIO(svg))
    if root is None:
        return None
    texts = [el for el in root.iter() if isinstance(el.tag, str) and el.tag.rsplit("}", 1)[-1] == "text"]
    for number, element in enumerate(texts):
        element.set(_MARK, str(number))
    asked = copy.copy(fonts)  # the families it hands out are not this drawing's to record (pnp.layout.icons._parse_svg)
    asked.used = set()
    renderer = svg_renderer(source or io.BytesIO(svg), asked, base)
    renderer.shape_converter = Marked(renderer.shape_converter.svg_source_file, renderer.attrConverter)
    drawing = renderer.render(root)
    sizes = _smallest_sizes(drawing, {key: number for key, (number, _) in marked.items()})
    places = text_elements(svg)
    found = tuple(IconText(*places[n][:2], places[n][2], sizes[n]) for n in sorted(sizes) if n < len(places))
    return IconWords(float(drawing.width), float(drawing.height), found)


Matrix = tuple[float, float, float, float]  # a transform's linear part (a, b, c, d): x' = a x + c y, y' = b x + d y


def _smallest_sizes(drawing, groups: dict[int, int]) -> dict[int, float]:
    """Each marked element's smallest size, in the drawing's units (`string_sizes`), of the strings that print words
    (a string without a fill, `fill="none"`, draws nothing)."""
    sizes: dict[int, float] = {}
    for string, size, element in string_sizes(drawing, groups):
        if element is not None and str(string.text).strip() and getattr(string, "fillColor", None) is not None:
            sizes[element] = min(size, sizes.get(element, math.inf))
    return sizes


def string_sizes(drawing, groups: dict[int, int] | None = None):
    """(string, the size it prints at in the drawing's units, the number of the marked group it sits in or None) of each
    string an svglib drawing draws: its font size along its own vertical through every group above it, the measure a
    PDF reader takes of type (its size times its matrix's vertical scale). The one measure of an icon's words, for a
    shop's smallest type and for the words an illustration draws as bars (pnp.render.print_floor)."""
    from reportlab.graphics.shapes import String

    groups = groups or {}
    stack: list[tuple[object, Matrix, int | None]] = [(drawing, (1.0, 0.0, 0.0, 1.0), None)]
    while stack:
        node, outer, element = stack.pop()
        matrix = _times(outer, tuple(getattr(node, "transform", (1, 0, 0, 1))[:4]))
        element = groups.get(id(node), element)
        for child in node.contents:
            if isinstance(child, String):
                yield child, float(child.fontSize) * math.hypot(matrix[2], matrix[3]), element
            elif hasattr(child, "contents"):
                stack.append((child, matrix, element))


def _times(outer: Matrix, inner: Matrix) -> Matrix:
    """The linear part of `inner` drawn inside `outer`."""
    a, b, c, d = outer
    ia, ib, ic, id_ = inner
    return (a * ia + c * ib, b * ia + d * ib, a * ic + c * id_, b * ic + d * id_)
