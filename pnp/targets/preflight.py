"""Preflight: check an export's files against its target's rules before any is written.

Each check returns findings (errors for what a print service or Tabletop
Simulator would refuse or print wrongly, warnings for what it might), located
at the output file they concern (a print shop's file's findings are said at the
designer's files instead: pnp.targets.vendor_preflight.check_file). The exporter
writes nothing while any error stands.
"""
from __future__ import annotations

import io

from PIL import Image

from pnp.core.errors import Finding, Loc, error, warning
from pnp.core.units import add_up

TTS_MAX_PX = 4096  # Tabletop Simulator refuses textures this large or larger
TTS_MAX_COLUMNS, TTS_MAX_ROWS = 10, 7
BOX_TOLERANCE_PT = 0.01
SHOW_TEXT = (b"Tj", b"TJ", b"'", b'"')  # a content stream's operators that set text
FONT_PROGRAMS = ("/FontFile", "/FontFile2", "/FontFile3")  # the keys of a font descriptor that hold its embedded program
# a composite (Type0) font's glyphs are its descendant's, a Type3 font's drawn by the file's own streams: no program of its own
NO_PROGRAM = ("/Type0", "/Type3")


def check_png(data: bytes, where: str, size: tuple[int, int], dpi: int | None = None) -> list[Finding]:
    """A print-service card image: PNG, RGB, exactly `size` pixels."""
    found = []
    try:
        with Image.open(io.BytesIO(data)) as img:
            fmt, mode, got = img.format, img.mode, img.size
            got_dpi = img.info.get("dpi")
    except OSError as exc:
        return [error("export-image", f"not a readable image: {exc}", Loc(where))]
    if fmt != "PNG":
        found.append(error("export-format", f"is {fmt}, expected PNG", Loc(where)))
    if mode != "RGB":
        found.append(error("export-colour", f"colour mode is {mode}; print services ask for RGB", Loc(where)))
    if got != tuple(size):
        found.append(error("export-size", f"is {got[0]} × {got[1]} px, expected {size[0]} × {size[1]} px", Loc(where)))
    if dpi and (not got_dpi or round(got_dpi[0]) != dpi):
        found.append(warning("export-dpi", f"does not say {dpi} dpi in its metadata", Loc(where)))
    return found


def check_tts_sheet(data: bytes, where: str, columns: int, rows: int, cell: tuple[int, int]) -> list[Finding]:
    """A Tabletop Simulator deck sheet: RGB, under 4096 px a side, at most 10 × 7 cells of `cell` px."""
    found = []
    with Image.open(io.BytesIO(data)) as img:
        mode, (w, h) = img.mode, img.size
    if mode != "RGB":
        found.append(error("tts-colour", f"colour mode is {mode}; Tabletop Simulator sheets must be RGB", Loc(where)))
    if w >= TTS_MAX_PX or h >= TTS_MAX_PX:
        found.append(error("tts-size", f"is {w} × {h} px; Tabletop Simulator needs each side under {TTS_MAX_PX} px", Loc(where)))
    if not (1 <= columns <= TTS_MAX_COLUMNS and 1 <= rows <= TTS_MAX_ROWS):
        found.append(error("tts-grid", f"has a {columns} × {rows} grid; at most {TTS_MAX_COLUMNS} × {TTS_MAX_ROWS}", Loc(where)))
    if (w, h) != (columns * cell[0], rows * cell[1]):
        found.append(error("tts-grid", f"is {w} × {h} px, not {columns} × {rows} cells of {cell[0]} × {cell[1]} px", Loc(where)))
    return found


def check_tts_image(data: bytes, where: str, size: tuple[int, int], alpha: bool = False) -> list[Finding]:
    """A Tabletop Simulator board or token image: PNG of `size` px under 4096 a side, RGB (RGBA for a token cut by its transparency)."""
    found = []
    with Image.open(io.BytesIO(data)) as img:
        fmt, mode, got = img.format, img.mode, img.size
    want = "RGBA" if alpha else "RGB"
    if fmt != "PNG":
        found.append(error("tts-format", f"is {fmt}, expected PNG", Loc(where)))
    if mode != want:
        found.append(error("tts-colour", f"colour mode is {mode}, expected {want}", Loc(where)))
    if got != tuple(size):
        found.append(error("tts-size", f"is {got[0]} × {got[1]} px, expected {size[0]} × {size[1]} px", Loc(where)))
    if max(got) >= TTS_MAX_PX:
        found.append(error("tts-size", f"is {got[0]} × {got[1]} px; Tabletop Simulator needs each side under {TTS_MAX_PX} px", Loc(where)))
    return found


def pdf_source(data: bytes | str):
    """A PDF's bytes, or its file by path, as a file to read it from: pypdf reads a file's objects as they are asked
    for, so a PDF of photographic art is not read whole (issue 74)."""
    return open(data, "rb") if isinstance(data, str) else io.BytesIO(data)


class InkScan:
    """What a PDF's pages and the forms they draw use: colour operators and spaces, transparency, fonts, the most ink."""

    def __init__(self, reader):
        self.reader = reader
        self.page = 0  # the page being scanned (its caller sets it), so each problem is said at the first page showing it
        self.colour_problems: dict[str, int] = {}
        self.max_ink = 0.0
        self.fonts: dict[str, bool] = {}  # base font name → embedded
        self.first_page: dict[str, int] = {}  # a colour problem or font → the first page that uses it
        self.named_page: dict[str, int] = {}  # a font → the first page whose resources name it, set in or not
        self.ink_page = 0  # the first page using the most ink
        self._seen: set = set()

    def note(self, problem: str) -> None:
        self.colour_problems[problem] = self.colour_problems.get(problem, 0) + 1
        self.first_page.setdefault(problem, self.page)

    def stream(self, stream_obj, resources) -> None:
        """Scan one content stream (a page's or a form's) and its resources, each stream once: the forms and pictures it
        draws as it draws them, and the fonts it sets text in first, so each is met on the first page that prints it (a
        document's pages may share one list of resources naming every form of every page). A stream is known by its
        reference: a page's contents come as a new object each time pypdf is asked, whose id a later page's may take."""
        from pypdf.generic import ContentStream

        ref = getattr(stream_obj, "indirect_reference", None)
        if ref is not None:
            if (ref.idnum, ref.generation) in self._seen:
                return
            self._seen.add((ref.idnum, ref.generation))
        resources = resources.get_object() if resources is not None else {}
        xobjects, fonts = (_resolved(resources.get(key)) for key in ("/XObject", "/Font"))
        font = None  # the font text is set in here (a stream may name one, as reportlab's pages do, and set no text)
        for operands, op in ContentStream(stream_obj, self.reader).operations:
            if op == b"Do" and operands and operands[0] in xobjects:
                self._drawn(xobjects.raw_get(operands[0]))
            elif op == b"Tf" and operands:
                font = fonts.get(operands[0])
            elif op in SHOW_TEXT and font is not None:
                self._font(font.get_object())
            else:
                self._operator(op, operands)
        for _name, gs in (resources.get("/ExtGState") or {}).items():
            gs = gs.get_object()
            if any(float(gs.get(a, 1)) < 1 for a in ("/ca", "/CA")) or gs.get("/SMask") not in (None, "/None"):
                self.note("transparency (ExtGState with alpha or a soft mask)")
        for font in fonts.values():  # a font named but never set is still one the file holds
            self._font(font.get_object(), used=False)

    def _drawn(self, ref) -> None:
        """A form or picture drawn where the scan is."""
        xobj = ref.get_object()
        self._xobject(xobj)
        if xobj.get("/Subtype") == "/Image" and hasattr(ref, "idnum"):
            # a picture's stream is read whole when its keys are: let it go, or a PDF of photographic art is held whole
            self.reader.resolved_objects.pop((ref.generation, ref.idnum), None)

    def _operator(self, op: bytes, operands) -> None:
        if op in (b"rg", b"RG"):
            self.note("RGB colour (rg/RG)")
        elif op in (b"k", b"K"):
            ink = add_up(float(v) for v in operands)
            if ink > self.max_ink:
                self.max_ink, self.ink_page = ink, self.page
        elif op in (b"cs", b"CS") and operands and str(operands[0]) not in ("/DeviceCMYK", "/DeviceGray"):
            self.note(f"colour space {operands[0]}")
        elif op in (b"sc", b"SC", b"scn", b"SCN") and len(operands) == 3:
            self.note("three-component colour (sc)")

    def _font(self, font, used: bool = True) -> None:
        """Note a font and whether it is embedded, at the page setting text in it (`used`) or naming it: every font
        whose glyphs need a program of its own, a composite font's in its descendant. A name is embedded when every
        font of that name is (a file may hold two of one BaseFont), and said at the first page of one that is not."""
        for f in [font, *[d.get_object() for d in font.get("/DescendantFonts") or []]]:
            if f.get("/Subtype") in NO_PROGRAM:
                continue
            name, desc = str(f.get("/BaseFont")), f.get("/FontDescriptor")
            embedded = desc is not None and any(x in desc.get_object() for x in FONT_PROGRAMS)
            self.fonts[name] = self.fonts.get(name, True) and embedded  # two fonts of one name: each must be in
            if not embedded:
                (self.first_page if used else self.named_page).setdefault(name, self.page)

    def _xobject(self, xobj) -> None:
        if xobj.get("/Subtype") == "/Form":
            self.stream(xobj, xobj.get("/Resources"))
        elif xobj.get("/Subtype") == "/Image":
            cs = xobj.get("/ColorSpace")
            if str(cs) not in ("/DeviceCMYK", "/DeviceGray"):
                self.note(f"image in colour space {cs}")
            if "/SMask" in xobj:
                self.note("image with a soft mask (transparency)")

    def findings(self, ink_limit: float) -> list[tuple[int, Finding]]:
        """What a press refuses in what was scanned, each with the first page showing it (for the ink, the first page of
        the most): RGB or transparency, ink past `ink_limit` (2.4 = 240 %), a font not embedded. Said at no file yet
        (Loc("")): the caller says where."""
        loc = Loc("")
        found = [(self.first_page[problem], error("vendor-colour", f"{problem} found {count}×: the print file must be CMYK only, without transparency", loc))
                 for problem, count in sorted(self.colour_problems.items())]
        if self.max_ink > ink_limit + 1e-6:
            found.append((self.ink_page, error("vendor-ink", f"a colour uses {_percent_past(self.max_ink, ink_limit)} ink; the limit is {ink_limit:.0%}", loc)))
        found += [(self.first_page.get(name, self.named_page.get(name, 0)), error("vendor-fonts", f"font {name} is not embedded", loc))
                  for name, embedded in sorted(self.fonts.items()) if not embedded]
        return found


def _percent_past(value: float, limit: float) -> str:
    """`value` (past `limit`, both fractions) in whole percent, or with the fewest decimals that show it past: 240.3 %
    of ink against a limit of 240 % is never said as 240 %."""
    for decimals in range(4):
        said = f"{value * 100:.{decimals}f}"
        if float(said) > limit * 100:
            return f"{said}%"
    return f"{value * 100:.4f}%"


def _resolved(value):
    """A resources entry as its dictionary (pypdf keeps an entry written as a reference unread), {} when absent."""
    return value.get_object() if value is not None else {}


def box_findings(n: int, page, bleed_mm: float, loc: Loc, *, sized_right: bool) -> list[Finding]:
    """Page `n` has a TrimBox and a BleedBox; on a page of the right size (`sized_right`), its TrimBox is the page less
    the bleed and its BleedBox the page. On a page of the wrong size those follow from the one mistake already said, so
    only a missing box is a second one."""
    trim, bleed = page.get("/TrimBox"), page.get("/BleedBox")
    if trim is None or bleed is None:
        return [error("vendor-boxes", f"page {n} has no {'TrimBox' if trim is None else 'BleedBox'}", loc)]
    if not sized_right:
        return []
    b = bleed_mm * 72 / 25.4
    media = [float(v) for v in page.mediabox]
    trim, bleed = [float(v) for v in trim], [float(v) for v in bleed]
    found = []
    expected_trim = [media[0] + b, media[1] + b, media[2] - b, media[3] - b]
    if any(abs(x - y) > BOX_TOLERANCE_PT for x, y in zip(trim, expected_trim, strict=False)):
        found.append(error("vendor-boxes", f"page {n}: TrimBox {trim} is not the page less {bleed_mm:g} mm of bleed", loc))
    if any(abs(x - y) > BOX_TOLERANCE_PT for x, y in zip(bleed, media, strict=False)):
        found.append(error("vendor-boxes", f"page {n}: BleedBox {bleed} differs from the MediaBox {media}", loc))
    return found

