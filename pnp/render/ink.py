"""How much ink a PDF costs: its pages as fully inked page equivalents.

A card sheet's page whose elements give its ink exactly (flat rectangles, rounded panels, circles, level and upright
lines, text in TrueType fonts: pnp.render.ink_elements) has its figure from them, with the conversion below, and is
not rasterised; a PDF all of whose pages are so known is not opened (pnp.pipeline.build.measure_ink). Every other
page is rasterised here: a card sheet drawing pictures, gradients, icons or what else the elements do not measure
exactly, and every page of the other outputs (boards, tokens drawn with their own cut guides, rulebooks, aids,
exports).

Such a page is rasterised at a low resolution (ink is an area, so a coarse
grid averages it well) and converted to CMYK the plain way, as a printer
driver without a colour profile does: K = 1 − max(R, G, B), C = (1 − R − K) / (1 − K),
and so on. A page's coverage is the mean of C + M + Y + K over its area,
so a page of solid black counts 1 (K 100 %), a blank page 0, and a page of
solid red 2 (M 100 % + Y 100 %). The figures add over pages: a designer
compares them between builds and with `--ink-saver`, not with a cartridge's
rated yield.

A printed sheet shows few colours at this resolution (flat fills and their
anti-aliased edges), so a page is measured from its distinct colours and how
many pixels show each (`colour_coverage`), which needs no numpy: the figure is
the per-pixel one to the last bit. A page of many colours (a photograph) is
measured pixel by pixel with numpy, and so is every page in a process that has
numpy in memory already (a worker forked for a build of several games, a fork
server's child), where that is the quicker way.

A sheet PDF's pages often print the same but for their footer's words ("sheet 5
of 223": the shared back's pages of a deck). Such pages are `Alike`: the first is
rasterised whole, and each other only in the band along the edge its footer is
in (`_Bands`); the colours outside the band are the first page's. A page's figure
is a sum over its colours that comes out the same in any order (`colour_coverage`),
so it is the whole page's to the last bit. A page printing what an earlier page of
the same PDF printed is measured once (`page_inks`'s `same`).
"""
from __future__ import annotations

import os
import struct
import sys
from collections import Counter
from contextlib import contextmanager, nullcontext
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from pnp.core.processes import helper_pool, several_cores

if TYPE_CHECKING:  # numpy is imported when a PDF is measured, not when the build starts
    from concurrent.futures import Executor

    import numpy as np

INK_DPI = 24  # coarse enough to be quick on a rulebook, fine enough that text averages to its grey
PARALLEL_MIN_PAGES = 200  # below this a helper process costs more than it saves
LENT_MIN_PAGES = 8  # an idle worker that has pdfium already: worth the PDF's bytes sent through a pipe from here on
MAX_COLOURS = 1024  # a page showing more distinct colours is measured pixel by pixel (`colour_coverage` loops over them)
BAND_PIXELS = 2  # a footer's band is measured this many pixels deeper than it is: a glyph's anti-aliased edge stays inside
EXACT_PIXELS = 1 << 20  # up to this many pixels a page's sums by colour are exact (`colour_coverage`): about a square metre at INK_DPI


class Alike(NamedTuple):
    """Pages of one PDF with the same `group` print the same outside a band `depth` points deep along their `side`
    ("left" or "bottom"): where a sheet's footer goes (pnp.render.page_keys.PageKeys)."""

    group: str
    side: str
    depth: float
    ink: float | None = None  # the page's coverage from its elements, where they give it exactly (pnp.render.ink_elements)


def ink_ready() -> bool:
    """Whether numpy and pdfium are imported in this process (so in a worker forked from it now)."""
    return "numpy" in sys.modules and "pypdfium2" in sys.modules


def page_coverage(rgb: np.ndarray) -> float:
    """Mean C + M + Y + K of an RGB image (H × W × 3, 0–255): 1.0 is a page of solid black.

    With M = max(R, G, B), K = 1 − M and C + M + Y = (3M − R − G − B) / M. The
    numerator and K stay in integers (exact); only the division is floating
    point, in single precision, summed in double: five times quicker than
    the same formula on doubles, and equal to it within 1e-8 of a page."""
    import numpy as np

    r, g, b = rgb[..., 0], rgb[..., 1], rgb[..., 2]
    most = np.maximum(np.maximum(r, g), b)
    colour = (most.astype(np.uint16) * 3) - r - g - b  # 255 × (C + M + Y) × M: never negative
    cmy = np.divide(colour, most, out=np.zeros(most.shape, np.float32), where=most > 0, dtype=np.float32)  # a black pixel has no C, M or Y
    black = float((255 - most).sum(dtype=np.int64)) / 255.0
    return (float(cmy.sum(dtype=np.float64)) + black) / most.size


def colour_coverage(colours: list[tuple[int, tuple[int, ...]]], pixels: int) -> float:
    """`page_coverage` of a page from its distinct colours, as (pixels showing it, (R, G, B, …)): the same figure, bit
    for bit, for a page of at most EXACT_PIXELS pixels (`colour_sums`)."""
    colour, black = colour_sums(colours)
    return (colour + float(black) / 255.0) / pixels


def colour_sums(colours: list[tuple[int, tuple[int, ...]]]) -> tuple[float, int]:
    """(Σ C + M + Y, Σ 255 × K) over the pixels of the given colours, as (count, (R, G, B, …)): both exact, so the sums
    of a page's parts add up to its own, to the bit.

    Each colour's C + M + Y is the single-precision quotient `page_coverage`
    takes (the double-precision quotient of two small integers rounded to
    single precision is the one a single-precision division gives). Those
    quotients are at least 1/255, so each is a whole multiple of 2⁻³¹, and
    neither a count times one nor any sum of them below 2²¹ loses a bit in
    double precision: the per-pixel sum comes out the same in any order.
    K is summed in integers, as there."""
    colour = 0.0
    black = 0
    terms = _TERMS
    for count, rgb in colours:
        term = terms.get(rgb)
        if term is None:
            term = _terms(rgb)
        black += term[1] * count
        colour += count * term[0]
    return colour, black


_TERMS: dict[tuple[int, ...], tuple[float, int]] = {}  # a colour's terms (`_terms`): the colours of a PDF's pages repeat
MAX_TERMS = 1 << 16


def _terms(rgb: tuple[int, ...]) -> tuple[float, int]:
    """(C + M + Y in single precision, 255 × K) of one pixel's colour, kept for the next page (up to MAX_TERMS colours)."""
    r, g, b = rgb[0], rgb[1], rgb[2]
    most = max(r, g, b)
    term = (_single((3 * most - r - g - b) / most) if most else 0.0, 255 - most)
    if len(_TERMS) < MAX_TERMS:
        _TERMS[rgb] = term
    return term


def _single(value: float) -> float:
    """`value` rounded to single precision (numpy's float32), as a Python float."""
    return struct.unpack("f", struct.pack("f", value))[0]


def bitmap_coverage(bitmap, by_colour: bool = True) -> float:
    """The coverage of a page pdfium rendered (RGB or RGBx, `rev_byteorder`): from its colours when it shows at most MAX_COLOURS
    and numpy is not in memory, else pixel by pixel (`page_coverage`). Either way the same figure; a run going
    without `ink-colours` measures every page pixel by pixel."""
    pixels = bitmap.width * bitmap.height
    if by_colour and "numpy" not in sys.modules and pixels <= EXACT_PIXELS:
        colours = bitmap.to_pil().getcolors(MAX_COLOURS)
        if colours is not None:
            return colour_coverage(colours, pixels)
    return page_coverage(bitmap.to_numpy()[..., :3])


def pdf_ink(pdf: Path | str | bytes, dpi: int = INK_DPI) -> float:
    """Fully inked page equivalents of a PDF: each page's mean coverage (see `page_coverage`), summed."""
    return sum(page_inks(pdf, dpi=dpi))


def page_inks(pdf: Path | str | bytes, known: list[float | None] | None = None, dpi: int = INK_DPI, idle: Executor | None = None,
              halves: bool = True, by_colour: bool = True, same: list[str | None] | None = None,
              alike: dict[int, Alike] | None = None) -> list[float]:
    """Each page's coverage (see `page_coverage`); a page whose figure `known` gives is not rasterised again, nor one
    whose key in `same` (what it prints) an earlier page has, and a page `alike` names is rasterised in its footer's band
    only once a page like it has been measured whole (`_Bands`).

    A long PDF is measured in two halves, one in a helper process, when the
    machine has a core to spare: a page's figure does not depend on the process
    that measures it. `idle` is a pool with a worker idle now, which has numpy
    and pdfium imported: it takes the second half of any PDF of LENT_MIN_PAGES
    pages or more, as no process needs starting for it. Without `halves`, this process measures every page; without
    `by_colour`, every page is measured pixel by pixel (`bitmap_coverage`)."""
    data = pdf if isinstance(pdf, bytes) else os.fspath(pdf)  # a file pdfium reads as it needs it, not whole (issue 74)
    with _opened(data) as doc:
        known = known if known is not None and len(known) == len(doc) else [None] * len(doc)
        first = _first_of_each(same if same is not None and len(same) == len(doc) else [None] * len(doc))
        todo = [i for i, figure in enumerate(known) if figure is None and first[i] == i]
        alike = alike or {}
        if idle is not None and len(todo) >= LENT_MIN_PAGES:
            half = len(todo) // 2
            later = idle.submit(measure_pages, data, todo[half:], dpi, by_colour, _among(alike, todo[half:]))
            measured = _measured(doc, todo[:half], dpi, by_colour, _file(data), alike)
            split = False
        else:
            later = None
            split = halves and len(todo) >= PARALLEL_MIN_PAGES and several_cores()
            measured = [] if split else _measured(doc, todo, dpi, by_colour, _file(data), alike)
    if later is not None:
        measured += later.result()
    if split:  # after the document is closed: the helper is forked with none open, and opens its own
        measured = _measured_in_halves(data, todo, dpi, by_colour, alike)
    figures = dict(zip(todo, measured, strict=True))
    return [figure if figure is not None else known[first[i]] if known[first[i]] is not None else figures[first[i]] for i, figure in enumerate(known)]


def _first_of_each(keys: list[str | None]) -> list[int]:
    """For each page, the first page with its key (itself when it has none, or none before it has it)."""
    seen: dict[str, int] = {}
    return [i if key is None else seen.setdefault(key, i) for i, key in enumerate(keys)]


def _shared(alike: dict[int, Alike], pages: list[int]) -> dict[int, Alike]:
    """What `alike` says of those of `pages` alike with another of them: a page alike with none is measured whole."""
    groups = Counter(alike[i].group for i in pages if i in alike)
    return {i: alike[i] for i in pages if i in alike and groups[alike[i].group] > 1}


def _among(alike: dict[int, Alike], pages: list[int]) -> dict[int, Alike]:
    """What `alike` says of `pages` alone: what another process is sent with them."""
    return {i: alike[i] for i in pages if i in alike}


@contextmanager
def _opened(data: bytes | str):
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(data)
    try:
        yield doc
    finally:
        doc.close()


def _file(data: bytes | str) -> str | None:
    return data if isinstance(data, str) else None


def _measured(doc, pages: list[int], dpi: int, by_colour: bool = True, reopen: str | None = None, alike: dict[int, Alike] | None = None) -> list[float]:
    """The coverage of the given pages of an open PDF, in their order.

    pdfium keeps the pictures it decoded for a page until the document closes unless its image cache is limited: a
    sheet PDF of 600-dpi art kept every measured page's pictures decoded (a build of 60 such cards peaked 252 MB,
    199 MB limited; the figures are the same, a cache holds no pixel the render differs by). It also keeps what it
    read of each picture's stream: a PDF read from its file (`reopen`, a PDF of photographic art: pnp.core.spooled)
    is measured a page to a document, each opened for its page, so no more than a page's pictures are held (a build
    of 20 cards of such art peaked 298 MB measured in one document, of 5 cards 198 MB). A page is rendered four bytes
    a pixel (RGBx, the fourth unused): PIL reads that buffer as it is where a three-byte one is copied, and its
    colours and counts are the three-byte render's (tests/test_ink_pages.py). A page `alike` names is measured in its
    footer's band once a page like it was measured whole (`_Bands`), when measured by colours."""
    out = []
    alike = _shared(alike or {}, pages)
    bands = _Bands(dpi) if alike and by_colour else None
    for i in pages:
        with _opened(reopen) if reopen is not None else nullcontext(doc) as source:
            page = source[i]
            like = alike.get(i) if bands is not None else None
            figure = bands.figure(page, like) if like is not None else None
            out.append(figure if figure is not None else bitmap_coverage(_render(page, dpi), by_colour))
            page.close()
    return out


def _render(page, dpi: int, crop: tuple[float, float, float, float] = (0, 0, 0, 0)):
    """A page rendered for its ink (RGBx), whole or cropped (pdfium's `crop`, points off each side)."""
    return page.render(scale=dpi / 72, crop=crop, rev_byteorder=True, prefer_bgrx=True, limit_image_cache=True)


class _Bands:
    """Measures pages `Alike` by their footer's band: the first page of a group is rendered whole, and its colours
    outside the band kept; each later page is rendered in the band only, its colours there added to those.

    pdfium renders a crop as the whole page moved by whole pixels, so a band's pixels are the whole render's: each
    group's first page checks it (the band rendered alone against the band of the whole render) and a group whose band
    differs, or whose page shows too many colours to count, is measured whole, page by page."""

    def __init__(self, dpi: int):
        self.dpi = dpi
        self.groups: dict[str, tuple[float, int, int] | None] = {}  # group → (`colour_sums` outside its band, pixels); None: whole

    def figure(self, page, like: Alike) -> float | None:
        """The page's coverage, or None where it is to be measured whole as any page."""
        crop = self._crop(page, like)
        if crop is None:
            return None
        if like.group not in self.groups:
            return self._first(page, like, crop)
        kept = self.groups[like.group]
        if kept is None:
            return None
        band = _render(page, self.dpi, crop).to_pil().getcolors(MAX_COLOURS)
        if band is None:
            return None
        colour, black, pixels = kept
        in_band = colour_sums(band)
        return (colour + in_band[0] + float(black + in_band[1]) / 255.0) / pixels  # `colour_coverage`: the sums are exact

    def _first(self, page, like: Alike, crop: tuple) -> float | None:
        """The first page of a group, measured whole, its colours outside the band kept when its band checks."""
        self.groups[like.group] = None
        whole = _render(page, self.dpi)
        pixels = whole.width * whole.height
        image = whole.to_pil()
        colours = image.getcolors(MAX_COLOURS) if pixels <= EXACT_PIXELS else None
        if colours is None:
            return None
        band = _render(page, self.dpi, crop)
        box = (0, 0, band.width, band.height) if like.side == "left" else (0, whole.height - band.height, band.width, whole.height)
        in_band = image.crop(box).getcolors(MAX_COLOURS)
        if in_band is not None and sorted(in_band) == sorted(band.to_pil().getcolors(MAX_COLOURS) or ()):
            (colour, black), (colour_in, black_in) = colour_sums(colours), colour_sums(in_band)
            self.groups[like.group] = (colour - colour_in, black - black_in, pixels)
        return colour_coverage(colours, pixels)

    def _crop(self, page, like: Alike) -> tuple[float, float, float, float] | None:
        """pdfium's crop (points off the left, bottom, right, top) that leaves the band; None for a band that is no
        narrow strip of the page."""
        w, h = page.get_width(), page.get_height()
        depth = like.depth + BAND_PIXELS * 72 / self.dpi
        if like.side == "left" and 0 < depth < w / 2:
            return (0, 0, w - depth, 0)
        if like.side == "bottom" and 0 < depth < h / 2:
            return (0, h - depth, 0, 0)
        return None


def measure_pages(data: bytes | str, pages: list[int], dpi: int, by_colour: bool = True, alike: dict[int, Alike] | None = None) -> list[float]:
    """The coverage of the given pages of a PDF's bytes, in their order (in any process)."""
    with _opened(data) as doc:
        return _measured(doc, pages, dpi, by_colour, _file(data), alike)


def _measured_in_halves(data: bytes | str, pages: list[int], dpi: int, by_colour: bool = True, alike: dict[int, Alike] | None = None) -> list[float]:
    """`_measured`, the second half of the pages in a helper process while this one measures the first.

    pdfium is in memory before the fork (the document was opened to count its pages), so the helper starts at
    once. numpy is imported beforehand only for a run measuring every page pixel by pixel: measured by colours,
    neither process may need it, and one meeting a page of many colours imports it then (no thread of this
    process imports while it measures: pnp.pipeline.schedule joins its own before)."""
    if not by_colour:
        warm_ink()  # imported before the fork, so the helper never imports while another thread of this process holds an import lock
    half = len(pages) // 2
    with helper_pool() as pool:
        later = pool.submit(measure_pages, data, pages[half:], dpi, by_colour, _among(alike or {}, pages[half:]))
        first = measure_pages(data, pages[:half], dpi, by_colour, alike)
        return first + later.result()


def warm_ink() -> None:
    """Import what measuring ink needs (numpy, pdfium), so a later `pdf_ink` starts at once."""
    import numpy  # noqa: F401
    import pypdfium2  # noqa: F401
