"""What writing a large deck's sheets holds while it writes them (bench/cards.py 10000's peak, issue #77).

A sheet PDF's pages are drawn one after another; what a page needs (its placed faces, its key, its footer) is to go
once the page is written, and what is kept of it (its ink, its slivers, reportlab's page) is to be small. These
tests count what is held, not how long anything takes, and hold whatever the machine.
"""
from __future__ import annotations

import contextlib
import gc
import tracemalloc
import weakref
from types import FrameType

import pytest
from conftest import ROOT
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from pnp.layout import rl
from pnp.layout.elements import Face, Line, Rect
from pnp.layout.slivers import edges
from pnp.render.ink_elements import FaceInks, Inexact
from pnp.render.sheet_plan import Group, Piece
from pnp.render.sheets import write_sheets

W, H = 63.5, 88.9
FONT = "SheetMemoryProbe"
pytestmark = pytest.mark.usefixtures("heap_of_its_own")  # its collections walk what it made (conftest.heap_of_its_own)


@pytest.fixture(scope="module")
def font():
    pdfmetrics.registerFont(TTFont(FONT, str(ROOT / "pnp/assets/fonts/noto/NotoSans-Regular.ttf")))


class _Held:
    """Stands for what a page's caller holds while the page's ink is asked (its placed faces, its key)."""


def _ask(inks: FaceInks, face: Face) -> weakref.ref:
    held = _Held()  # a local of the asking frame, as a page's placed faces are of the sheet writer's
    with contextlib.suppress(Inexact):
        inks.figure(face, (0.0, 0.0, W, H))
    return weakref.ref(held)


def test_a_face_not_measured_from_its_elements_keeps_no_page_alive():
    """A face whose ink its elements do not give (a slanted line) is remembered as such for every later page, and
    nothing of the page that asked: kept as the exception it raised, its traceback held each asking page's frames and
    their locals (a 10,000-card deck's 2,224 pages: 13 MB of its build's peak)."""
    inks = FaceInks()
    face = Face(W, H, 0, (Line(0, 0, 10, 10, "#000000", 0.5, None),), frozenset())
    asked = [_ask(inks, face) for _ in range(3)]  # the first page works the face out, the later ones find it known
    gc.collect()
    assert [ref() for ref in asked] == [None, None, None]
    try:
        inks.figure(face, (0.0, 0.0, W, H))
    except Inexact as exc:
        assert str(exc) == "a slanted line"  # still not measured, and still says why
    else:
        raise AssertionError("a slanted line was measured from its elements")


def _frames_alive_at_the_last_page(cards: int) -> int:
    """Sheets of `cards` distinct fronts their elements do not measure (a slanted line each) on a shared back, written
    whole; the frames alive when the last page's faces are read for slivers (`edges_of`, asked on every page)."""
    fronts = [Face(W, H, 0, (Rect(0, 0, W, H, "#f4f1e8", None, 0, 0, None), Line(5, 5, 20 + n % 30, 30, "#000000", 0.5, None)), frozenset())
              for n in range(cards)]
    back = Face(W, H, 0, (Rect(0, 0, W, H, "#1d3557", None, 0, 0, None),), frozenset())
    last: list[int] = []

    def edges_of(face):
        if face is fronts[-1]:
            gc.collect()
            last.append(sum(type(o) is FrameType for o in gc.get_objects()))
        return edges(face)

    pieces = [Piece(front, back, f"c{n}") for n, front in enumerate(fronts)]
    write_sheets([Group("deck", "Deck", (W, H), pieces)], game_title="Probe", kind="cards", paper="letter", duplex="long", bleed_mm=0,
                 gutter_mm=0, font_name=FONT, icons=None, edges_of=edges_of)
    return last[-1]


def test_writing_sheets_holds_no_frame_of_a_page_written(font):
    """What is alive as the last page is written does not grow with the pages before it: a page's frames (and with them
    its placed faces, key and footer) go once it is written. 9 cards a page: one page against six."""
    assert _frames_alive_at_the_last_page(54) == _frames_alive_at_the_last_page(9)


def _write(cards: int, font: str, measure: bool = False) -> tuple[bytes, int]:
    """Sheets of `cards` distinct fronts alike in their fills (so read for slivers once, as the build's memo reads
    them) on a shared back: (the PDF, the bytes traced as held when the last page's faces are read)."""
    fronts = [Face(W, H, 0, (Rect(0, 0, W, H, "#f4f1e8", None, 0, 0, None), Line(5, 5, 20 + n % 30, 30, "#000000", 0.5, None)), frozenset())
              for n in range(cards)]
    back = Face(W, H, 0, (Rect(0, 0, W, H, "#1d3557", None, 0, 0, None),), frozenset())
    kept: dict = {}
    held: list[int] = []

    def edges_of(face):
        if face is fronts[-1] and measure:
            held.append(tracemalloc.get_traced_memory()[0])
        return kept[face.elements[0]] if face.elements[0] in kept else kept.setdefault(face.elements[0], edges(face))

    pieces = [Piece(front, back, f"c{n}") for n, front in enumerate(fronts)]
    gc.collect()
    if measure:
        tracemalloc.start()
    try:
        start = tracemalloc.get_traced_memory()[0]
        data, _ = write_sheets([Group("deck", "Deck", (W, H), pieces)], game_title="Probe", kind="cards", paper="letter", duplex="long",
                               bleed_mm=0, gutter_mm=0, font_name=font, icons=None, edges_of=edges_of)
    finally:
        tracemalloc.stop()
    return data, held[-1] - start if held else 0


def test_what_writing_sheets_holds_grows_by_little_a_page(font):
    """Held until the PDF is saved, a sheet's fronts page and its backs page cost their compressed operators, reportlab's
    page objects (each page's dictionary only the entries it sets: rl._compact), their keys and ink: 13.7 kB measured
    (14.5 kB with reportlab's page dictionaries as it makes them; 28 kB when each page's frames stayed alive). 9 cards a
    page: 4 pages against 40."""
    _write(9, FONT, measure=True)  # what a first PDF sets up once (fonts' subsets, encodings) aside
    few, many = _write(36, FONT, measure=True)[1], _write(360, FONT, measure=True)[1]
    per_page = (many - few) / 36
    assert per_page < 16_000, per_page


def test_a_page_holding_only_what_it_sets_prints_the_same_bytes(font, monkeypatch):
    """reportlab's own page objects (every entry set on each) and the compacted ones give the same PDF, byte for byte."""
    compacted = _write(18, FONT)[0]
    monkeypatch.setattr(rl, "_compact", lambda page: None)
    assert _write(18, FONT)[0] == compacted
