"""What drawing faces leaves in a document: the one resource dictionary every face form shares, and records of the
operators a face, a sheet page or an icon appended, which a later build replays (the recording canvas records them)."""
from __future__ import annotations

from collections.abc import Callable
from contextlib import nullcontext
from dataclasses import dataclass
from typing import ClassVar

from reportlab.pdfbase.pdfdoc import PDFDictionary, PDFObjectReference, PDFResourceDictionary, xObjectName
from reportlab.pdfbase.pdfmetrics import getFont

from pnp.layout import rl


class SharedResources:
    """One resource dictionary for every face form.

    reportlab builds a fresh resource dictionary per form (most of a large
    deck's save time) and leaves transparency states out of it; one shared,
    complete dictionary is smaller, faster, and keeps alpha colours working."""

    def __init__(self, canvas):
        self.canvas = canvas
        self.res = PDFResourceDictionary()
        self.res.basicFonts()
        self.res.allProcs()
        self.res.XObject = PDFDictionary({})
        self.xobjects: dict = self.res.XObject.dict  # filled as forms appear, formatted at save
        self.ref = rl.document(canvas).Reference(self.res)
        if hasattr(canvas, "shared_resources"):
            canvas.shared_resources = self  # pages share the dictionary too (pnp.pdfout.SheetCanvas)

    def note_forms(self, names) -> None:
        for name in names:
            internal = xObjectName(name)
            self.xobjects[internal] = PDFObjectReference(internal)

    def note_shadings(self, names) -> None:
        """Name the shadings (gradients) a form or page paints: forms and pages share this dictionary."""
        for name in names:
            self.res.Shading[name] = PDFObjectReference(name)

    def finish(self) -> None:
        """Call before saving: transparency states are known only at the end."""
        state = rl.transparency_states(self.canvas)
        if state:
            self.res.ExtGState = state


@dataclass(frozen=True, repr=False, eq=False)
class Drawn:
    """What drawing a face's elements or one side of a sheet added to a content stream, and every distinct thing it
    asked of the document to do so, in the order first asked (a repeat gets the answer the first got).

    A face asks for font subsets and codes ("font") and icon forms ("icon"); a
    page asks besides for the forms it places ("form": a face's or crop marks'
    form, by its key, under that name), for the forms it defines where it first
    places them ("define": a face, "overlay": crop marks with what draws them),
    and for what its footer's text was handed by the fonts themselves ("split",
    "subset": pnp.render.rl.font_asks). A form defined by a replay is defined
    where drawing defined it, and what defining it asks follows in the list."""

    start: tuple  # the canvas's graphics state before (rl.graphics_state): what the drawing could read of it
    asks: tuple  # (kind, key, answer), each distinct (kind, key) once
    versions: tuple[str, ...]  # the PDF features it asked the document's version to allow (rl.version_asks)
    code: tuple[str, ...]  # the operators it appended
    forms: tuple[str, ...]  # the forms it placed
    end: tuple  # the canvas's graphics state after


@dataclass(frozen=True, repr=False, eq=False)
class DrawnIcon:
    """The operators of an icon's form and the PDF features drawing it asked for, kept across runs in the build cache.

    A form starts from a new graphics state, so what an icon draws depends on
    its SVG, its colour and the reader's version alone (pnp.layout.icons
    IconLibrary.drawn_key): a fresh worker defines the form from this record
    without reading the SVG into a drawing, nor importing reportlab's graphics
    and Platypus. Only an icon drawn with no text, picture or
    transparency state is kept: those name fonts, images and states the
    document numbers as it goes."""

    FORMAT: ClassVar[str] = "2"  # 2: an icon in a translucent colour is see-through (forms kept by 1 drew it opaque)
    width: float
    height: float
    versions: tuple[str, ...]
    code: tuple[str, ...]

    @staticmethod
    def covers(code: tuple[str, ...]) -> bool:
        """Whether a record of these operators replays them: none selects a font, places an XObject, sets a state or holds an image."""
        return not any(op in line for line in code for op in (" Tf", " Do", " gs", "BI "))


class DrawnFaces:
    """Faces' and sheet pages' drawn operators, kept between the builds of a process that stays up (`pnp watch`) to be replayed.

    A drawing's operators depend on what it draws and on three things the
    document hands out: font subsets with each glyph's code, forms' names,
    and the canvas's remembered graphics state. A replay asks for the same
    subsets and forms again, in the same order, and goes ahead only when every
    answer and the state match the recording, so its bytes are those drawing
    gives. A face that is translucent or holds a picture is drawn every time
    (its drawing changes state a record does not cover), and so is a page that
    draws one. A face is kept by its elements, a page by the hash of
    everything it prints (pnp.render.sheets.PageKeys): after a one-card edit
    every other page of the sheets is written from its record. The drawer
    (pnp.render.draw.FaceDrawer) only draws: it tells the canvas's
    `RecordingCanvas` what it asks of the document, and the recording canvas
    records and replays. Entries last two runs."""

    def __init__(self):
        self._this: dict = {}
        self._last: dict = {}

    def new_run(self) -> None:
        self._last, self._this = self._this, {}

    def get(self, key) -> Drawn | None:
        hit = self._this.get(key)
        if hit is None:
            hit = self._last.get(key)
            if hit is not None:
                self._this[key] = hit
        return hit

    def add(self, key, drawn: Drawn) -> None:
        self._this[key] = drawn

    def on(self, canvas, ask: Callable[[str, object], object]) -> RecordingCanvas:
        """A recording canvas for drawings on `canvas`, whose drawer answers an ask again with `ask(kind, key)`."""
        return RecordingCanvas(self, canvas, ask)


class RecordingCanvas:
    """Records what drawings on one canvas append and ask, for `DrawnFaces`, and replays them.

    Recordings nest (a page's holds the faces drawn on it): what the drawer
    asks of the document is heard by every recording open (`heard`), and a
    drawing no record covers leaves each of them unkept (`uncovered`)."""

    def __init__(self, store: DrawnFaces, canvas, ask: Callable[[str, object], object]):
        self.store, self.c, self._ask = store, canvas, ask
        self._open: list[_Recording] = []

    def heard(self, kind: str, key, answer) -> None:
        """The drawer asked the document for `key` (a font's pieces of a text, an icon's form…) and got `answer`."""
        for recording in self._open:
            recording.asks.setdefault((kind, key), answer)

    def uncovered(self) -> None:
        """The drawer drew what a record does not cover (a picture, a translucent colour, reportlab's own text)."""
        for recording in self._open:
            recording.kept = False

    def draw(self, key, draw: Callable[[], None]) -> None:
        """What `draw()` draws, replayed from the record kept under `key` when the document answers its asks as it
        did and the canvas is in the state it was; else drawn, and recorded unless it drew what no record covers."""
        known = self.store.get(key)
        if known is None or not self._replayed(key, known):
            self._recorded(key, draw)

    def _replayed(self, key, known: Drawn) -> bool:
        """Replay `known`, the record kept under `key`, if the document and the canvas allow; whether it did."""
        c = self.c
        if rl.graphics_state(c) != known.start:
            return False
        for kind, key, answer in known.asks:  # asked again in the drawing's order: the asks themselves hand out codes
            if self._answer(kind, key) != answer:
                return False  # drawing asks the same again and gets the same new answers: nothing is handed out twice
        rl.ask_versions(c, known.versions)
        rl.emit_all(c, known.code)
        rl.forms_in_use(c).extend(known.forms)
        rl.set_graphics_state(c, known.end)
        return True

    def _answer(self, kind: str, key):
        """What the document answers to an ask now: reportlab's own text's from the font, the others from the drawer."""
        if kind == "split":
            return rl.split_string(getFont(key[0]), key[1], rl.document(self.c))
        if kind == "subset":
            return rl.subset_name(getFont(key[0]), key[1], rl.document(self.c))
        return self._ask(kind, key)

    def _recorded(self, key, draw: Callable[[], None]) -> None:
        c = self.c
        start, mark, forms = rl.graphics_state(c), rl.emitted(c), len(rl.forms_in_use(c))
        recording = _Recording()
        outermost = not self._open
        self._open.append(recording)
        try:
            with rl.version_asks(c) as versions, rl.font_asks(c, _Heard(self)) if outermost else nullcontext():
                draw()
        finally:
            del self._open[next(i for i, open_ in enumerate(self._open) if open_ is recording)]
        if recording.kept:
            asks = tuple((kind, ask_key, answer) for (kind, ask_key), answer in recording.asks.items())
            self.store.add(key, Drawn(start, asks, tuple(versions), rl.emitted_since(c, mark), tuple(rl.forms_in_use(c)[forms:]), rl.graphics_state(c)))


class _Recording:
    """One drawing being recorded: what it asked so far (first answers), and whether a record covers it."""

    def __init__(self):
        self.asks: dict = {}
        self.kept = True


class _Heard:
    """Where a document's fonts list what they hand out to reportlab's own text (rl.font_asks): to every open recording."""

    def __init__(self, canvas: RecordingCanvas):
        self.canvas = canvas

    def append(self, ask: tuple) -> None:
        self.canvas.heard(*ask)
