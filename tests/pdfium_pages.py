"""Read a PDF's pages as pdfplumber reports them, through pdfium: the same objects, a hundred times faster.

pdfplumber (pdfminer, pure Python) interprets a sheet of cards in about a second a page; pdfium (pypdfium2) in
milliseconds. A `Reader` here keeps what pdfread.Reader keeps (tests/pdfread.py: pages as pdfplumber's dictionaries,
once per file content, shared by the run's workers) but reads them with pdfium, giving each object the keys and values
pdfminer gives it, so the readers built on pdfplumber's pages (tests/printable.py, tests/footers.py) read either alike:

- a character: its text, its matrix (the text and current matrices, at the glyph's origin), `adv` (its advance in
  text space: the font's /Widths entry times the type size), `size`, and its box from the font's descent to one em
  above it, `adv` long, turned by the matrix (pdfminer's LTChar);
- a path, split at each move as pdfminer splits it: its points on the path (a curve's control points aside), its
  box, line width as set, whether stroked or filled, its dash pattern; a single segment is a line, a closed
  axis-aligned quadrilateral a rect, anything else a curve (pdfminer's PDFLayoutAnalyzer.paint_path);
- a colour (`stroking_color`, `non_stroking_color` of a path or a character) as pdfium gives it: red, green and blue
  from 0 to 1 in steps of 1/255, whatever colour space the PDF set it in. For an RGB colour that is pdfplumber's value
  (within 0.002; reportlab writes a hex colour's own 255ths); a grey or CMYK one reads here as its RGB, where
  pdfplumber keeps the PDF's own numbers (conftest.pdf_reader reads those). Inside a form, a colour the form does not
  set is the one the page set before placing it (as a printer paints it), where pdfminer starts a form from black.

Positions are pdfplumber's: points from the page's top-left corner (`top`, `bottom` down the page). pdfium keeps
them in single precision: on the shipped games' PDFs every character's box lies within 0.04 pt (0.015 mm) of
pdfplumber's, in the same order. tests/test_pdfium_pages.py holds the two readers to the same objects.
"""
from __future__ import annotations

import ctypes
from pathlib import Path

import pdfread
import pypdfium2 as pdfium
import pypdfium2.raw as raw

IDENTITY = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def _mul(m, n):
    """m then n: the matrix of an object painted under m inside a form placed under n."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def _apply(m, x, y):
    return (m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5])


class _Chars:
    """The characters of a page's text, in the order the page draws them."""

    def __init__(self, page, height: float, widths: dict):
        self.textpage = page.get_textpage()
        self.height = height
        self.widths = widths  # (font name, character): its /Widths entry, exact (pdfium keeps it in whole units)
        self.matrix, self.width, self.descent = raw.FS_MATRIX(), ctypes.c_float(), ctypes.c_float()
        self.x, self.y = ctypes.c_double(), ctypes.c_double()
        self.name = ctypes.create_string_buffer(256)
        self.colour = Colour()
        self.objects: dict[int, tuple] = {}  # text object address → what all its characters share (`_shared`)

    def read(self, order: dict[int, int]) -> list[dict]:
        """The characters in the order the page draws them: pdfium lists a run turned upside down backwards, so each
        is put back by its text object's place in the content (`order`: object address to index) and its place
        along the run's direction. pdfium places each character after the one before by that one's width in whole
        thousandths of an em: where the font's /Widths hold fractions, each character that continues a run (it starts
        where pdfium's pen stopped) is moved on by what the run gained so far.

        A sheet holds thousands of characters, so the loops below call pdfium as little as they can (a glyph's width
        read once per text object and character) and build each character's dictionary once, whole."""
        tp = self.textpage.raw
        page = ctypes.cast(tp, ctypes.c_void_p).value
        keyed = []
        x, y, width, widths, objects = self.x, self.y, self.width, self.widths, self.objects
        at_x, at_y, glyph_width = ctypes.addressof(x), ctypes.addressof(y), raw.FPDFFont_GetGlyphWidth
        advances: dict[tuple, float] = {}  # (text object, code): the /Widths advance pdfium gives the character
        for k in range(raw.FPDFText_CountChars(tp)):
            if _generated(page, k):
                continue  # a space or line break pdfium infers between words: the page draws none
            obj = _text_object_address(page, k)
            shared = objects.get(obj) or self._shared(tp, k, obj)
            font, name, size, _, (a, b, _, _), _ = shared
            code = _unicode(page, k)
            adv = advances.get((obj, code))
            if adv is None:
                if glyph_width(font, code, size, width):  # the /Widths advance of the character
                    adv = advances[(obj, code)] = width.value
                else:
                    adv = width.value
            _origin(page, k, at_x, at_y)
            e, f = x.value, y.value
            exact = widths.get((name, chr(code)))
            keyed.append(((order.get(obj, -1), e * a + f * b), chr(code), shared, e, f, adv, adv if exact is None else exact * size))
        self.textpage.close()
        keyed.sort(key=lambda item: item[0])
        return self._placed(keyed)

    def _placed(self, keyed: list) -> list[dict]:
        """Each character (text, what its object shares, origin, pdfium's advance, the exact one) moved on by what its
        run gained so far, as a dictionary of pdfminer's LTChar: its advance and its box from the font's descent to
        one em above it, `adv` long, turned by the matrix."""
        out, pen, gained, height = [], None, 0.0, self.height
        for _, text, shared, e, f, adv, exact in keyed:
            _, _, size, descent, turn, (stroking, non_stroking) = shared
            a, b, c, d = turn
            if pen is None or pen[0] != turn or abs(pen[1] - e) > 0.01 or abs(pen[2] - f) > 0.01:
                gained = 0.0  # not where the character before left the pen: a new run, placed by the page itself
            pen = (turn, e + adv * a, f + adv * b)  # where pdfium puts the next character
            e, f = e + gained * a, f + gained * b
            gained += exact - adv
            top = descent + size
            xs = (a * 0.0 + c * descent + e, a * 0.0 + c * top + e, a * exact + c * descent + e, a * exact + c * top + e)
            ys = (b * 0.0 + d * descent + f, b * 0.0 + d * top + f, b * exact + d * descent + f, b * exact + d * top + f)
            x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
            out.append({"text": text, "matrix": (a, b, c, d, e, f), "fontsize": size, "adv": exact,
                        "stroking_color": stroking, "non_stroking_color": non_stroking, "size": y1 - y0, "x0": x0, "x1": x1,
                        "top": height - y1, "bottom": height - y0, "doctop": height - y1, "y0": y0, "y1": y1,
                        "width": x1 - x0, "height": y1 - y0, "upright": a * d > 0 and b * c <= 0})
        return out

    def _shared(self, tp, k: int, obj: int) -> tuple:
        """What every character of one text object shares: its font, the font's name, the type size (in text space),
        the font's descent at that size and the object's matrix without its origin. Read once an object."""
        handle = raw.FPDFText_GetTextObject(tp, k)
        size = raw.FPDFText_GetFontSize(tp, k)
        font = raw.FPDFTextObj_GetFont(handle)
        raw.FPDFFont_GetDescent(font, size, self.descent)
        raw.FPDFText_GetMatrix(tp, k, self.matrix)
        raw.FPDFFont_GetBaseFontName(font, self.name, len(self.name))
        m = self.matrix
        colours = self.colour.of(obj)
        shared = (font, self.name.value.decode("latin-1"), size, self.descent.value, (m.a, m.b, m.c, m.d), colours)
        self.objects[obj] = shared
        return shared


def _font_widths(path) -> dict:
    """{(font name without its subset tag, character): its width in ems} from every font the PDF's pages and forms use:
    each simple font's /Widths, by the character its /ToUnicode map gives each code (pikepdf)."""
    import re

    import pikepdf

    out: dict = {}
    with pikepdf.open(str(path)) as pdf:
        for res in pdfread.resource_dicts(pdf):
            for font in (res.get("/Font") or {}).values():
                widths, first, cmap = font.get("/Widths"), font.get("/FirstChar"), font.get("/ToUnicode")
                if widths is None or first is None or cmap is None:
                    continue
                name = str(font.BaseFont).lstrip("/").split("+")[-1]
                text = cmap.read_bytes().decode("latin-1")
                for code, uni in re.findall(r"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]{4})>", text.split("endcodespacerange")[-1]):
                    i = int(code, 16) - int(first)
                    if 0 <= i < len(widths) and int(uni, 16):
                        out[(name, chr(int(uni, 16)))] = float(widths[i]) / 1000
    return out


def path_points(obj, matrix):
    """The points on a pdfium path object (a curve's control points left out), in page points (y up) under `matrix`:
    (segment kind, point, whether the segment closes its subpath), kind one of pdfium's FPDF_SEGMENT_* values."""
    x, y = ctypes.c_float(), ctypes.c_float()
    controls = 0
    for i in range(raw.FPDFPath_CountSegments(obj.raw)):
        seg = raw.FPDFPath_GetPathSegment(obj.raw, i)
        kind = raw.FPDFPathSegment_GetType(seg)
        if kind == raw.FPDF_SEGMENT_BEZIERTO:
            controls = (controls + 1) % 3
            if controls:  # a control point: each curve is two of them and its end point
                continue
        raw.FPDFPathSegment_GetPoint(seg, x, y)
        yield kind, _apply(matrix, x.value, y.value), bool(raw.FPDFPathSegment_GetClose(seg))


def _subpaths(obj: int, matrix) -> list[tuple[str, list]]:
    """The subpaths of the path at address `obj` as pdfminer sees them: (shape, points on the path), in page points
    (y up): `path_points` read by address (a sheet's paths hold hundreds of thousands of segments)."""
    out: list[tuple[str, list]] = []
    shape, pts, controls = "", [], 0
    x, y = ctypes.c_float(), ctypes.c_float()
    px, py = ctypes.addressof(x), ctypes.addressof(y)
    a, b, c, d, e, f = matrix
    for i in range(_segment_count(obj)):
        seg = _segment(obj, i)
        kind = _segment_kind(seg)
        if kind == _BEZIER:
            controls = (controls + 1) % 3
            if controls:  # a control point: each curve is two of them and its end point
                continue
        _segment_point(seg, px, py)
        point = (a * x.value + c * y.value + e, b * x.value + d * y.value + f)
        if kind == _MOVE:
            if shape:
                out.append((shape, pts))
            shape, pts = "m", [point]
        else:
            shape += "c" if kind == _BEZIER else "l"
            pts.append(point)
        if _segment_closes(seg) and shape:
            shape += "h"
            pts.append(pts[0])
    if shape:
        out.append((shape, pts))
    return out


def _by_address(function, restype, *argtypes):
    """pdfium's `function` taking and answering addresses as plain numbers, where pypdfium2's binding makes a pointer
    object of each, and holding Python's lock through the call (nothing else runs in a test process): the calls made
    once a character or a path segment, a sixth to a third cheaper."""
    return ctypes.PYFUNCTYPE(restype, *argtypes)(ctypes.cast(function, ctypes.c_void_p).value)


_MOVE, _BEZIER = raw.FPDF_SEGMENT_MOVETO, raw.FPDF_SEGMENT_BEZIERTO
_OBJECT, _INT, _BYREF = ctypes.c_void_p, ctypes.c_int, ctypes.c_void_p  # an address; a count; where a value is written (its address)
_segment_count = _by_address(raw.FPDFPath_CountSegments, _INT, _OBJECT)
_page_count = _by_address(raw.FPDFPage_CountObjects, _INT, _OBJECT)
_page_object = _by_address(raw.FPDFPage_GetObject, _OBJECT, _OBJECT, _INT)
_form_count = _by_address(raw.FPDFFormObj_CountObjects, _INT, _OBJECT)
_form_object = _by_address(raw.FPDFFormObj_GetObject, _OBJECT, _OBJECT, ctypes.c_ulong)
_object_type = _by_address(raw.FPDFPageObj_GetType, _INT, _OBJECT)
_object_matrix = _by_address(raw.FPDFPageObj_GetMatrix, _INT, _OBJECT, _BYREF)
_draw_mode = _by_address(raw.FPDFPath_GetDrawMode, _INT, _OBJECT, _BYREF, _BYREF)
_stroke_width = _by_address(raw.FPDFPageObj_GetStrokeWidth, _INT, _OBJECT, _BYREF)
_stroke_colour = _by_address(raw.FPDFPageObj_GetStrokeColor, _INT, _OBJECT, _BYREF, _BYREF, _BYREF, _BYREF)
_fill_colour = _by_address(raw.FPDFPageObj_GetFillColor, _INT, _OBJECT, _BYREF, _BYREF, _BYREF, _BYREF)
_dash_count = _by_address(raw.FPDFPageObj_GetDashCount, _INT, _OBJECT)
_dash_array = _by_address(raw.FPDFPageObj_GetDashArray, _INT, _OBJECT, ctypes.POINTER(ctypes.c_float), ctypes.c_size_t)
_dash_phase = _by_address(raw.FPDFPageObj_GetDashPhase, _INT, _OBJECT, _BYREF)
_segment = _by_address(raw.FPDFPath_GetPathSegment, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int)
_segment_kind = _by_address(raw.FPDFPathSegment_GetType, ctypes.c_int, ctypes.c_void_p)
_segment_point = _by_address(raw.FPDFPathSegment_GetPoint, ctypes.c_int, ctypes.c_void_p, _BYREF, _BYREF)
_segment_closes = _by_address(raw.FPDFPathSegment_GetClose, ctypes.c_int, ctypes.c_void_p)
# FPDFText_GetTextObject answering the object's address, the key a page's text objects are known by
_text_object_address = _by_address(raw.FPDFText_GetTextObject, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int)
_generated = _by_address(raw.FPDFText_IsGenerated, ctypes.c_int, ctypes.c_void_p, ctypes.c_int)
_unicode = _by_address(raw.FPDFText_GetUnicode, ctypes.c_uint, ctypes.c_void_p, ctypes.c_int)
_origin = _by_address(raw.FPDFText_GetCharOrigin, ctypes.c_int, ctypes.c_void_p, ctypes.c_int, _BYREF, _BYREF)


class _Paths:
    """The page's painted paths, each subpath an object of pdfplumber's lines, rects or curves."""

    def __init__(self, height: float):
        self.height = height
        self.lines: list[dict] = []
        self.rects: list[dict] = []
        self.curves: list[dict] = []
        self.fill, self.stroke = ctypes.c_int(), ctypes.c_int()
        self.width, self.phase = ctypes.c_float(), ctypes.c_float()
        self.at_fill, self.at_stroke = ctypes.addressof(self.fill), ctypes.addressof(self.stroke)
        self.at_width, self.at_phase = ctypes.addressof(self.width), ctypes.addressof(self.phase)
        self.colour = Colour()

    def add(self, obj: int, matrix) -> None:
        """The path object at address `obj`, placed by `matrix`."""
        _draw_mode(obj, self.at_fill, self.at_stroke)
        if not self.fill.value and not self.stroke.value:
            return  # a clip, or a path ended unpainted
        _stroke_width(obj, self.at_width)
        scale = abs(matrix[0] * matrix[3] - matrix[1] * matrix[2]) ** 0.5
        common = {"linewidth": self.width.value * scale, "stroke": bool(self.stroke.value), "fill": bool(self.fill.value), "dash": self._dash(obj)}
        common["stroking_color"], common["non_stroking_color"] = self.colour.of(obj)
        for shape, pts in _subpaths(obj, matrix):
            if len(shape) > 3 and shape[-2:] == "lh" and pts[-2] == pts[0]:
                shape, pts = shape[:-2] + "h", pts[:-2] + pts[-1:]  # pdfminer drops a closing line the 'h' repeats
            self._one(shape, pts, common)

    def _dash(self, obj: int) -> tuple:
        """The path's dash pattern as pdfminer keeps it: (lengths, phase)."""
        count = _dash_count(obj)
        lengths = (ctypes.c_float * max(count, 1))()
        if count > 0:
            _dash_array(obj, lengths, count)
        _dash_phase(obj, self.at_phase)
        return ([float(v) for v in lengths[:count]] if count > 0 else [], self.phase.value)

    def _one(self, shape: str, pts: list, common: dict) -> None:
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        box = {"x0": min(xs), "x1": max(xs), "top": self.height - max(ys), "bottom": self.height - min(ys),
               "y0": min(ys), "y1": max(ys), "width": max(xs) - min(xs), "height": max(ys) - min(ys)}
        top_pts = [(px, self.height - py) for px, py in pts]
        if shape in ("ml", "mlh"):
            self.lines.append({**box, **common, "pts": top_pts[:2]})
        elif shape in ("mlllh", "mllll"):
            (x0, y0), (x1, y1), (x2, y2), (x3, y3), _ = pts
            square = (x0 == x1 and y1 == y2 and x2 == x3 and y3 == y0) or (y0 == y1 and x1 == x2 and y2 == y3 and x3 == x0)
            if pts[0] == pts[4] and square:
                self.rects.append({**box, **common, "pts": top_pts})
            else:
                self.curves.append({**box, **common, "pts": top_pts})
        else:
            self.curves.append({**box, **common, "pts": top_pts})


class Colour:
    """A page object's stroke and fill colours, as pdfium reports them (see the module docstring). A page uses a few
    colours many times: each is one tuple, which pickle then keeps once (a page is loaded again at every read)."""

    def __init__(self):
        self.rgba = [ctypes.c_uint() for _ in range(4)]
        self.at = [ctypes.addressof(v) for v in self.rgba]
        self.known: dict[tuple, tuple] = {}

    def of(self, obj: int) -> tuple:
        """(stroking, non-stroking) colour of the object at address `obj`: (r, g, b) from 0 to 1, or None if it has none."""
        out = []
        for get in (_stroke_colour, _fill_colour):
            if not get(obj, *self.at):
                out.append(None)
                continue
            key = tuple(v.value for v in self.rgba[:3])
            if key not in self.known:
                self.known[key] = tuple(v / 255 for v in key)
            out.append(self.known[key])
        return tuple(out)


def _objects(page):
    """Each object of the page in drawing order, forms' contents included, with its matrix to the page (None for a
    text object, whose characters pdfium places itself)."""
    outer = [IDENTITY]  # the matrix of each form around an object, by depth
    for obj in page.get_objects(max_depth=32):
        del outer[obj.level + 1 :]
        if obj.type == raw.FPDF_PAGEOBJ_TEXT:
            yield obj, None
            continue
        matrix = _mul(tuple(obj.get_matrix().get()), outer[obj.level])
        if obj.type == raw.FPDF_PAGEOBJ_FORM:
            outer.append(matrix)
        yield obj, matrix


def _addressed_objects(page):
    """`_objects` as (address, type, matrix): each object of the page in drawing order, forms' contents included (as
    pypdfium2's get_objects walks them, 32 forms deep), read by address rather than through pypdfium2's objects."""
    found = raw.FS_MATRIX()
    at = ctypes.addressof(found)

    def walk(count: int, get, parent: int, outer: tuple, level: int):
        if count < 0:
            raise pdfium.PdfiumError("Failed to get number of pageobjects.")
        for i in range(count):
            obj = get(parent, i)
            kind = _object_type(obj)
            if kind == raw.FPDF_PAGEOBJ_TEXT:
                yield obj, kind, None
                continue
            if not _object_matrix(obj, at):
                raise pdfium.PdfiumError("Failed to get matrix of pageobject.")
            matrix = _mul((found.a, found.b, found.c, found.d, found.e, found.f), outer)
            yield obj, kind, matrix
            if kind == raw.FPDF_PAGEOBJ_FORM and level < 31:
                yield from walk(_form_count(obj), _form_object, obj, matrix, level + 1)

    address = ctypes.cast(page.raw, ctypes.c_void_p).value
    yield from walk(_page_count(address), _page_object, address, IDENTITY, 0)


def _page(page, number: int, widths: dict) -> pdfread.Page:
    width, height = page.get_size()
    paths = _Paths(height)
    order: dict[int, int] = {}  # each text object's place in the content
    for obj, kind, matrix in _addressed_objects(page):
        if kind == raw.FPDF_PAGEOBJ_TEXT:
            order[obj] = len(order)
        elif kind == raw.FPDF_PAGEOBJ_PATH:
            paths.add(obj, matrix)
    chars = _Chars(page, height, widths).read(order)
    return pdfread.Page(number, float(width), float(height), chars, paths.lines, paths.curves, paths.rects, [])


def read_pages(path: Path, numbers: list[int]) -> dict[int, pdfread.Page]:
    """Pages `numbers` (from 1) of `path` through pdfium (no cache)."""
    widths = _font_widths(path)
    return _each_page(path, numbers, lambda page, n: _page(page, n, widths))


def _each_page(path: Path, numbers: list[int], read) -> dict:
    """`read(page, number)` of pages `numbers` (from 1) of the PDF at `path`, by number."""
    doc = pdfium.PdfDocument(str(path))
    try:
        out = {}
        for n in numbers:
            page = doc[n - 1]
            out[n] = read(page, n)
            page.close()
        return out
    finally:
        doc.close()



def painted(path: Path, numbers: list[int]) -> dict[int, list[tuple[str, dict]]]:
    """Pages `numbers` (from 1) of `path`: each painted path and image as (kind, object), a path with pdfplumber's
    `path` steps (top-down points; a curve's two control points and its end), its box, stroke and line width; an
    image as its box. For a reader that measures against a curve's true outline (tests/stamp_room.py); not kept
    with the shared pages, which carry a path's points on the path alone."""
    return _each_page(path, numbers, lambda page, _: _painted_on(page))


def _painted_on(page) -> list[tuple[str, dict]]:
    height = page.get_size()[1]
    fill, stroke, width = ctypes.c_int(), ctypes.c_int(), ctypes.c_float()
    found = []
    for obj, matrix in _objects(page):
        if obj.type == raw.FPDF_PAGEOBJ_IMAGE:
            corners = [_apply(matrix, x, y) for x, y in ((0, 0), (1, 0), (1, 1), (0, 1))]
            found.append(("images", _boxed_top_down([(x, height - y) for x, y in corners], {"object_type": "image"})))
        elif obj.type == raw.FPDF_PAGEOBJ_PATH:
            raw.FPDFPath_GetDrawMode(obj.raw, fill, stroke)
            if not fill.value and not stroke.value:
                continue
            raw.FPDFPageObj_GetStrokeWidth(obj.raw, width)
            steps = _steps(obj, matrix, height)
            if steps:
                scale = abs(matrix[0] * matrix[3] - matrix[1] * matrix[2]) ** 0.5
                common = {"path": steps, "stroke": bool(stroke.value), "linewidth": width.value * scale, "object_type": "curve"}
                found.append(("curves", _boxed_top_down([p for step in steps for p in step[1:]], common)))
    return found


def _steps(obj, matrix, height: float) -> list[tuple]:
    """A path's segments as pdfplumber's steps ('m', p), ('l', p), ('c', control, control, end), ('h',), top-down."""
    x, y = ctypes.c_float(), ctypes.c_float()
    steps, curve = [], []
    for i in range(raw.FPDFPath_CountSegments(obj.raw)):
        seg = raw.FPDFPath_GetPathSegment(obj.raw, i)
        kind = raw.FPDFPathSegment_GetType(seg)
        raw.FPDFPathSegment_GetPoint(seg, x, y)
        px, py = _apply(matrix, x.value, y.value)
        point = (px, height - py)
        if kind == raw.FPDF_SEGMENT_BEZIERTO:
            curve.append(point)
            if len(curve) == 3:
                steps.append(("c", *curve))
                curve = []
        else:
            steps.append(("m" if kind == raw.FPDF_SEGMENT_MOVETO else "l", point))
        if raw.FPDFPathSegment_GetClose(seg):
            steps.append(("h",))
    return steps


def _boxed_top_down(points: list, common: dict) -> dict:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return {**common, "x0": min(xs), "x1": max(xs), "top": min(ys), "bottom": max(ys)}

class Reader(pdfread.Reader):
    """pdfread.Reader's pages read with pdfium (see the module docstring), kept apart from pdfplumber's in the folder,
    and so is every fact read from them; the facts read without pages (the pages' layout, their count) are shared."""

    SHARED = ("laid-out", "page-count")
    PREFIX = "pdfium-"

    @staticmethod
    def read_pages(path: Path, numbers: list[int]) -> dict[int, pdfread.Page]:
        return read_pages(path, numbers)

    def once(self, path, what, compute):
        return super().once(path, what if what in self.SHARED else f"{self.PREFIX}{what}", compute)
