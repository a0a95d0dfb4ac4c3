"""What drawing faces leaves in a document: the one resource dictionary every face form shares, and records of the
operators a face, a sheet page or an icon appended, which a later build replays."""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from reportlab.pdfbase.pdfdoc import PDFDictionary, PDFObjectReference, PDFResourceDictionary, xObjectName

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


@dataclass(frozen=True)
class DrawnFace:
    """What drawing a face's elements added to a content stream, and what it asked of the document to do so."""

    start: tuple  # the canvas's graphics state before (rl.graphics_state): what the drawing could read of it
    asks: tuple  # ("font", (font, text), pieces) or ("icon", (name, colour), form), in the drawing's order
    versions: tuple[str, ...]  # the PDF features it asked the document's version to allow (rl.version_asks)
    code: tuple[str, ...]  # the operators it appended
    forms: tuple[str, ...]  # the forms it placed
    end: tuple  # the canvas's graphics state after


@dataclass(frozen=True)
class DrawnPage:
    """What drawing one side of a sheet added to its content stream, and every distinct thing it asked of the document.

    Besides a face's asks ("font", "icon"), a page asks for the forms it places
    ("form": a face's or crop marks' form, by its key, under that name), for the
    forms it defines where it first places them ("define": a face, "overlay": crop
    marks with what draws them), and for what its footer's text was handed by the
    fonts themselves ("split", "subset": pnp.layout.rl.font_asks). Each distinct
    ask is listed once, where it was first asked: a repeat gets the answer the
    first got. A form defined by a replay is defined where drawing defined it,
    and what defining it asks follows in the list."""

    start: tuple
    asks: tuple
    versions: tuple[str, ...]
    code: tuple[str, ...]
    forms: tuple[str, ...]
    end: tuple


@dataclass(frozen=True)
class DrawnIcon:
    """The operators of an icon's form and the PDF features drawing it asked for, kept across runs in the build cache.

    A form starts from a new graphics state, so what an icon draws depends on
    its SVG, its colour and the reader's version alone (pnp.layout.icons
    IconLibrary.drawn_key): a fresh worker defines the form from this record
    without reading the SVG into a drawing, nor importing reportlab's graphics
    and Platypus. Only an icon drawn with no text, picture or
    transparency state is kept: those name fonts, images and states the
    document numbers as it goes."""

    FORMAT: ClassVar[str] = "1"
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

    A face's operators depend on its elements and on three things the document
    hands out: font subsets with each glyph's code, icon forms' names, and the
    canvas's remembered graphics state. A replay asks for the same subsets and
    forms again, in the same order, and goes ahead only when every answer and
    the state match the recording, so its bytes are those drawing gives. A
    face that is translucent or holds a picture is drawn every time (its
    drawing changes state this record does not cover). A page is kept by the hash
    of everything it prints (pnp.render.sheets.PageKeys) unless it drew such a
    face: after a one-card edit every other page of the sheets is written from
    its record. Entries last two runs."""

    def __init__(self):
        self._this: dict = {}
        self._last: dict = {}

    def new_run(self) -> None:
        self._last, self._this = self._this, {}

    def get(self, elements) -> DrawnFace | None:
        hit = self._this.get(elements)
        if hit is None:
            hit = self._last.get(elements)
            if hit is not None:
                self._this[elements] = hit
        return hit

    def add(self, elements, drawn: DrawnFace) -> None:
        self._this[elements] = drawn
