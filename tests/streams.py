"""Read a PDF's content streams for the tests: each page's operators and the form XObjects it places, with qpdf.

The readers that walk a page's drawing (tests/printable.py finds the faces, tests/marks.py the strokes off them,
tests/footers.py the page's own text and lines, ...) need only its operators and its forms. qpdf's parser (pikepdf)
splits a sheet of cards into operators several times faster than pypdf's pure-Python one, so every such reader gets
them from here, each keeping its own logic. An operator comes as pypdf gave it, `(operands, operator)`: the operator as
bytes (b"re"), the operands a sequence of plain Python values: int or float for a number, str for a name with its
leading slash ("/FormXob.F7"), bytes for a string, a list for an array, a dict (str keys) for a dictionary. An inline
image (BI ... ID ... EI, one instruction to qpdf) comes as the operator b"BI".
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from functools import cached_property
from io import BytesIO
from pathlib import Path

import pikepdf

IDENTITY = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def plain(value):
    """A content-stream operand (or a dictionary's value) as a plain Python value (see the module docstring)."""
    if isinstance(value, int | float):  # bool too; pikepdf already gives integers as int
        return value
    if isinstance(value, Decimal):  # pikepdf's reals: PDF writes decimals, pypdf read them as float
        return float(value)
    if isinstance(value, pikepdf.Name):
        return str(value)
    if isinstance(value, pikepdf.String):
        return bytes(value)
    if isinstance(value, pikepdf.Array):
        return [plain(v) for v in value]
    if isinstance(value, pikepdf.Dictionary):
        return {str(k): plain(v) for k, v in value.items()}
    if value is None or (isinstance(value, pikepdf.Object) and value._type_code == pikepdf.ObjectType.null):
        return None
    return value  # an inline image's data: no reader here looks inside it


class Operands(Sequence):
    """An operator's operands as plain values, converted when first read: the readers skip most of a sheet's
    operators (a piece's own drawing) by their name alone, so most operands are never needed."""

    __slots__ = ("_instruction", "_values")

    def __init__(self, instruction):
        self._instruction = instruction
        self._values = None

    def _plain(self) -> list:
        if self._values is None:
            # most operands are numbers: ints come as int, reals as Decimal (pypdf gave them as float)
            self._values = [v if type(v) is int else float(v) if type(v) is Decimal else plain(v)
                            for v in self._instruction.operands]
        return self._values

    def __getitem__(self, index):
        return self._plain()[index]

    def __len__(self) -> int:
        return len(self._plain())

    def __iter__(self):
        return iter(self._plain())

    def __eq__(self, other) -> bool:
        return self._plain() == (other._plain() if isinstance(other, Operands) else other)

    def __repr__(self) -> str:
        return repr(self._plain())


def operations(stream: pikepdf.Object) -> list[tuple[Operands, bytes]]:
    """The operators of a page or form XObject, in order, as `(operands, operator)` (see the module docstring)."""
    out = []
    append = out.append
    for instruction in pikepdf.parse_content_stream(stream):
        operator = bytes(instruction.operator)
        if operator == b"INLINE IMAGE":  # qpdf folds BI ... ID ... EI into one instruction
            operator = b"BI"
        append((Operands(instruction), operator))
    return out


def _numbers(array, default: tuple) -> tuple[float, ...]:
    return default if array is None else tuple(float(v) for v in array)


@dataclass(eq=False)
class XObject:
    """An XObject a page or form places by `name`: what it is, and a form's /Matrix, /BBox, own operators and the
    XObjects it may place, each read when first asked for."""

    name: str
    _object: pikepdf.Object = field(repr=False)
    _beside: dict = field(repr=False)  # the XObjects named with it, for a form with no /Resources of its own
    _pdf: pikepdf.Pdf = field(repr=False)  # kept open while the form is: pikepdf's objects do not keep their Pdf

    @cached_property
    def subtype(self) -> str:
        """"/Form" or "/Image"."""
        return str(self._object.get("/Subtype", ""))

    @cached_property
    def matrix(self) -> tuple[float, ...]:
        """A form's /Matrix (the identity when it has none)."""
        return _numbers(self._object.get("/Matrix"), IDENTITY)

    @cached_property
    def bbox(self) -> tuple[float, ...]:
        """A form's /BBox (empty for an image)."""
        return _numbers(self._object.get("/BBox"), ())

    @property
    def key(self) -> tuple[int, int]:
        """Its object number and generation: the same form placed twice, or from two pages, is one."""
        return self._object.objgen

    @cached_property
    def operations(self) -> list[tuple[Operands, bytes]]:
        return operations(self._object) if self.subtype == "/Form" else []

    @cached_property
    def xobjects(self) -> dict[str, XObject]:
        """The XObjects the form may place: its own resources', or (with none) those named beside it."""
        resources = self._object.get("/Resources")
        return self._beside if resources is None or not len(resources) else _xobjects(resources, self._pdf)


def _xobjects(resources, pdf: pikepdf.Pdf) -> dict[str, XObject]:
    """The XObjects a resource dictionary names."""
    found: dict[str, XObject] = {}
    table = resources.get("/XObject") if resources is not None else None
    for name, obj in (table.items() if table is not None else ()):
        found[str(name)] = XObject(str(name), obj, found, pdf)
    return found


@dataclass(eq=False)
class Page:
    """One page: its size (MediaBox, points), its operators and the XObjects its resources name."""

    index: int
    width: float
    height: float
    _object: pikepdf.Page = field(repr=False)
    _pdf: pikepdf.Pdf = field(repr=False)  # kept open while the page is: pikepdf's objects do not keep their Pdf

    @cached_property
    def operations(self) -> list[tuple[Operands, bytes]]:
        return operations(self._object)

    @cached_property
    def xobjects(self) -> dict[str, XObject]:
        return _xobjects(self._object.obj.get("/Resources"), self._pdf)


class Document:
    """A PDF's pages as their content streams read, opened from its bytes (no file stays open)."""

    def __init__(self, path: Path | str):
        self._pdf = pikepdf.open(BytesIO(Path(path).read_bytes()))
        self._pages: dict[int, Page] = {}

    def __len__(self) -> int:
        return len(self._pdf.pages)

    def page(self, index: int) -> Page:
        """Page `index` (from 0)."""
        if index not in self._pages:
            raw = self._pdf.pages[index]
            x0, y0, x1, y1 = (float(v) for v in raw.mediabox)
            self._pages[index] = Page(index, x1 - x0, y1 - y0, raw, self._pdf)
        return self._pages[index]

    @property
    def pages(self) -> list[Page]:
        return [self.page(i) for i in range(len(self))]


def throughout(drawn: Page | XObject, seen: set | None = None):
    """Every operation of a page (or form) and of the forms it places, nested ones too, each form once: pass one
    `seen` set to several pages to read a form they share only once."""
    seen = set() if seen is None else seen
    yield from drawn.operations
    for xobject in drawn.xobjects.values():
        if xobject.subtype == "/Form" and xobject.key not in seen:
            seen.add(xobject.key)
            yield from throughout(xobject, seen)


OUTLINE_GREY = 180 / 255  # the light cut line's stroke colour of round and hex pieces (pnp.render.sheets.OUTLINE_COLOUR)


def grey_paths(page: Page, grey: float = OUTLINE_GREY) -> list[list[tuple[float, float]]]:
    """The paths `page` strokes at page level in the grey `grey` (a round or hex piece's cut line), each a list of its
    points in mm from the page's top-left."""
    mm = 72 / 25.4
    out, path, stroking = [], [], False
    for operands, op in page.operations:
        if op == b"RG":
            stroking = all(abs(v - grey) < 0.002 for v in operands)
        elif op in (b"m", b"l") and stroking:
            path.append((operands[0] / mm, (page.height - operands[1]) / mm))
        elif op == b"S" and stroking:
            out.append(path)
            path = []
    return out
