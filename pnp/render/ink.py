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
anti-aliased edges: a few hundred, a few thousand where icons' edges blend), so
a page is measured from its distinct colours and how many pixels show each
(`colour_coverage`), which needs no numpy: the figure is the per-pixel one to
the last bit. A page of many colours (a photograph) is measured pixel by pixel
with numpy, and so is every page in a process that has numpy in memory already
(a worker forked for a build of several games), and
every page of more than FEW_COLOURS once its PDF's pages are projected past
COLOUR_BUDGET: where that is the quicker way.

A page printing what an earlier page of the same PDF printed is measured once
(`page_inks`'s `same`).
"""
from __future__ import annotations

import os
import struct
import sys
from contextlib import contextmanager, nullcontext
from pathlib import Path
from typing import TYPE_CHECKING

from pnp.core.processes import helper_pool, several_cores

if TYPE_CHECKING:  # numpy is imported when a PDF is measured, not when the build starts
    from concurrent.futures import Executor

    import numpy as np

INK_DPI = 24  # coarse enough to be quick on a rulebook, fine enough that text averages to its grey
PARALLEL_MIN_PAGES = 200  # below this a helper process costs more than it saves
LENT_MIN_PAGES = 8  # an idle worker that has pdfium already: worth the PDF's bytes sent through a pipe from here on
FEW_COLOURS = 1024  # a page showing no more distinct colours is measured by them, whatever the budget below
MAX_COLOURS = 16384  # a page showing more distinct colours is measured pixel by pixel (PIL counts up to this many quickly)
# The colours the pages one process measures of a PDF may show, projected from those it measured so far, for them to be
# measured by their colours; past it they are measured pixel by pixel, numpy imported: looping over more costs more than
# that import (docs/performance.md, ink by colours). Under it a deck of icons' sheets never imports numpy; a long PDF of
# many colours (the thousands of pages of a large deck of icons) is measured pixel by pixel from its second page.
COLOUR_BUDGET = 150_000
EXACT_PIXELS = 1 << 20  # up to this many pixels a page's sums by colour are exact (`colour_coverage`): about a square metre at INK_DPI


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
MAX_TERMS = 1 << 14  # the colours kept: the first a build meets, its flat fills among them, which every page repeats


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


def bitmap_coverage(bitmap, by_colour: bool = True, budget: int = COLOUR_BUDGET) -> tuple[float, int]:
    """(The coverage of a page pdfium rendered (RGB or RGBx, `rev_byteorder`), the colours it was measured by): by its
    colours where numpy is not in memory and it shows at most FEW_COLOURS, or MAX_COLOURS while `budget` is left; else
    pixel by pixel (`page_coverage`; 0 colours), the same figure. Without `ink-colours` every page is pixel by pixel."""
    pixels = bitmap.width * bitmap.height
    if by_colour and "numpy" not in sys.modules and pixels <= EXACT_PIXELS:
        image = bitmap.to_pil()  # flat fills and their edges by their colours, icons' blended edges while the budget lasts
        colours = image.getcolors(FEW_COLOURS) or (image.getcolors(MAX_COLOURS) if budget > 0 else None)
        if colours is not None:
            return colour_coverage(colours, pixels), len(colours)
    return page_coverage(bitmap.to_numpy()[..., :3]), 0


def pdf_ink(pdf: Path | str | bytes, dpi: int = INK_DPI) -> float:
    """Fully inked page equivalents of a PDF: each page's mean coverage (see `page_coverage`), summed."""
    return sum(page_inks(pdf, dpi=dpi))


def page_inks(pdf: Path | str | bytes, known: list[float | None] | None = None, dpi: int = INK_DPI, idle: Executor | None = None,
              halves: bool = True, by_colour: bool = True, same: list[str | None] | None = None) -> list[float]:
    """Each page's coverage (see `page_coverage`); a page whose figure `known` gives is not rasterised again, nor one
    whose key in `same` (what it prints) an earlier page has.

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
        if idle is not None and len(todo) >= LENT_MIN_PAGES:
            half = len(todo) // 2
            later = idle.submit(measure_pages, data, todo[half:], dpi, by_colour)
            measured = _measured(doc, todo[:half], dpi, by_colour, _file(data))
            split = False
        else:
            later = None
            split = halves and len(todo) >= PARALLEL_MIN_PAGES and several_cores()
            measured = [] if split else _measured(doc, todo, dpi, by_colour, _file(data))
    if later is not None:
        measured += later.result()
    if split:  # after the document is closed: the helper is forked with none open, and opens its own
        measured = _measured_in_halves(data, todo, dpi, by_colour)
    figures = dict(zip(todo, measured, strict=True))
    return [figure if figure is not None else known[first[i]] if known[first[i]] is not None else figures[first[i]] for i, figure in enumerate(known)]


def _first_of_each(keys: list[str | None]) -> list[int]:
    """For each page, the first page with its key (itself when it has none, or none before it has it)."""
    seen: dict[str, int] = {}
    return [i if key is None else seen.setdefault(key, i) for i, key in enumerate(keys)]


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


def _measured(doc, pages: list[int], dpi: int, by_colour: bool = True, reopen: str | None = None) -> list[float]:
    """The coverage of the given pages of an open PDF, in their order.

    pdfium keeps the pictures it decoded for a page until the document closes unless its image cache is limited: a
    sheet PDF of 600-dpi art kept every measured page's pictures decoded (a build of 60 such cards peaked 252 MB,
    199 MB limited; the figures are the same, a cache holds no pixel the render differs by). It also keeps what it
    read of each picture's stream: a PDF read from its file (`reopen`, a PDF of photographic art: pnp.core.spooled)
    is measured a page to a document, each opened for its page, so no more than a page's pictures are held (a build
    of 20 cards of such art peaked 298 MB measured in one document, of 5 cards 198 MB). A page is rendered four bytes
    a pixel (RGBx, the fourth unused): PIL reads that buffer as it is where a three-byte one is copied, and its
    colours and counts are the three-byte render's (tests/test_ink_pages.py)."""
    out, looped = [], 0
    for n, i in enumerate(pages):
        with _opened(reopen) if reopen is not None else nullcontext(doc) as source:
            page = source[i]
            projected = looped * len(pages) // n if n else 0  # the colours of all these pages, at the pace of those measured
            figure, spent = bitmap_coverage(_render(page, dpi), by_colour, COLOUR_BUDGET - projected)
            out.append(figure)
            looped += spent
            page.close()
    return out


def _render(page, dpi: int):
    """A page rendered for its ink (RGBx)."""
    return page.render(scale=dpi / 72, rev_byteorder=True, prefer_bgrx=True, limit_image_cache=True)


def measure_pages(data: bytes | str, pages: list[int], dpi: int, by_colour: bool = True) -> list[float]:
    """The coverage of the given pages of a PDF's bytes, in their order (in any process)."""
    with _opened(data) as doc:
        return _measured(doc, pages, dpi, by_colour, _file(data))


def _measured_in_halves(data: bytes | str, pages: list[int], dpi: int, by_colour: bool = True) -> list[float]:
    """`_measured`, the second half of the pages in a helper process while this one measures the first.

    pdfium is in memory before the fork (the document was opened to count its pages), so the helper starts at
    once. numpy is imported beforehand only for a run measuring every page pixel by pixel: measured by colours,
    neither process may need it, and one meeting a page of many colours imports it then (no thread of this
    process imports while it measures: pnp.pipeline.schedule joins its own before)."""
    if not by_colour:
        warm_ink()  # imported before the fork, so the helper never imports while another thread of this process holds an import lock
    half = len(pages) // 2
    with helper_pool() as pool:
        later = pool.submit(measure_pages, data, pages[half:], dpi, by_colour)
        first = measure_pages(data, pages[:half], dpi, by_colour)
        return first + later.result()


def warm_ink() -> None:
    """Import what measuring ink needs (numpy, pdfium), so a later `pdf_ink` starts at once."""
    import numpy  # noqa: F401
    import pypdfium2  # noqa: F401


def warm_pdfium() -> None:
    """Import pdfium, which measuring any rasterised page needs, so a later `pdf_ink` starts at once; numpy waits for a
    page that is measured pixel by pixel (`bitmap_coverage`), which a build of printed sheets may never meet."""
    import pypdfium2  # noqa: F401
