"""Preflight for a print service: every file of `pnp export --vendor` read back and checked against the vendor's record
(pnp.targets.vendors), and the words each face sets inside the vendor's safe zone.

A PNG: format, RGB without transparency, its exact pixel size, its dpi. A
PDF: page count, each page's size (and TrimBox and BleedBox for a page a
face), the colour space (CMYK without transparency where the vendor asks CMYK),
the total ink against the vendor's limit, every font embedded, and the page
order: pages the plan says show the same thing must draw the same, and no two
others may. The plan itself is checked against the vendor's rule of page order
(`order_findings`). A user's own file is named in its findings; a file an export
made for a shop (`ShopFile`), never written while it fails, is said at the
designer's files: each page's finding at the component it prints, naming the
file, the page and its side.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, NamedTuple

from pnp.core.errors import Finding, Loc, error, warning
from pnp.core.units import SAFE_MM
from pnp.layout.elements import Group, Icon, Text
from pnp.layout.inspect import SAFE_EPS_MM, Breach, breach_subject, safe_area_breaches
from pnp.layout.typeset import IconOp
from pnp.render.icon_forms import fitted
from pnp.targets.components import Component, printed_sides
from pnp.targets.preflight import BOX_TOLERANCE_PT, InkScan, box_findings, check_png, pdf_source
from pnp.targets.vendors import Vendor, whose

if TYPE_CHECKING:
    from pnp.layout.icons import IconLibrary

PT = 72 / 25.4


@dataclass(frozen=True)
class Expect:
    """What one written file must be: a PNG's pixel size, or a PDF's page size (its trim, for a page a face) and pages."""

    size_px: tuple[int, int] | None = None
    page_mm: tuple[float, float] | None = None
    trim_mm: tuple[float, float] | None = None  # a page a face: TrimBox and BleedBox are checked
    pages: tuple[int, ...] = ()  # each page's plan: equal numbers draw the same, different numbers differ


class ShopFile(NamedTuple):
    """A file made for a shop, as the findings read from it say where they are: by its name, at the designer's own
    files, since a file that fails is never written. Each page: the place its component is declared (a deck's `size`
    line: pnp.targets.vendor_orders.component_loc) and what it shows ('a front of Heroes')."""

    name: str
    pages: tuple[tuple[Loc, str], ...]

    def page(self, n: int) -> tuple[Loc, str]:
        """(place, what it shows) of page n, counted from 1."""
        return self.pages[min(n, len(self.pages)) - 1]


def check_file(vendor: Vendor, data: bytes | str, where: str | ShopFile, expect: Expect) -> list[Finding]:
    """Every finding of one written file against the vendor's numbers; a PDF's bytes or its file's path (a PDF of many
    pictures, written as it was made: pnp.layout.rl_stream). `where`: the file the findings are said at (a user's own
    file), or the shop's file an export made, whose findings are said at the designer's files (ShopFile)."""
    if expect.size_px is not None:
        return [_at(where, 0, f) for f in check_png(data, "", expect.size_px, vendor.dpi)]
    with pdf_source(data) as source:
        return [_at(where, n, f) for n, f in _check_pdf(vendor, source, expect)]


def _check_pdf(vendor: Vendor, source, expect: Expect) -> list[tuple[int, Finding]]:
    """(page, finding) of each finding, 0 for the whole file's, said at no file yet."""
    from pypdf import PdfReader

    loc = Loc("")
    reader = PdfReader(source)
    found: list[tuple[int, Finding]] = []
    if len(reader.pages) != len(expect.pages):
        found.append((0, error("vendor-pages", f"has {len(reader.pages)} pages; {vendor.title} needs {len(expect.pages)}", loc)))
    scan = InkScan(reader)
    drawn: dict[bytes, int] = {}
    sized: dict[str, list[tuple[int, Finding]]] = {}  # each page's size and boxes, by what is wrong whatever the page
    for n, page in enumerate(reader.pages, 1):
        scan.page = n
        contents = page.get_contents()
        if contents is not None:
            scan.stream(contents, page.get("/Resources"))
        w, h = float(page.mediabox.width), float(page.mediabox.height)
        want = expect.page_mm
        wrong = []
        if abs(w - want[0] * PT) > BOX_TOLERANCE_PT or abs(h - want[1] * PT) > BOX_TOLERANCE_PT:
            wrong.append(error("vendor-page-size", f"page {n} is {w / PT:.2f} × {h / PT:.2f} mm; {vendor.title} needs {want[0]:.2f} × {want[1]:.2f} mm", loc))
        if expect.trim_mm is not None:
            wrong += box_findings(n, page, vendor.bleed_mm, loc, sized_right=not wrong)
        for f in wrong:
            sized.setdefault(f.message.replace(f"page {n}", "page", 1), []).append((n, f))
        if n <= len(expect.pages):
            found += [(n, f) for f in _order(n, contents.get_data() if contents is not None else b"", expect.pages[n - 1], drawn, loc)]
    found += [_once(alike) for alike in sized.values()]
    for n, f in scan.findings(ink_limit=vendor.ink_limit or 99.0):
        if vendor.colour == "RGB" and f.code == "vendor-colour":
            continue  # an RGB vendor's file is RGB as pnp drew it, a translucent fill or picture included: the rule is a CMYK file's
        found.append((n, f))
    return found


def _once(alike: list[tuple[int, Finding]]) -> tuple[int, Finding]:
    """One mistake made on many pages (a file drawn without its TrimBox) is one finding: its first page's, counting
    the others."""
    n, first = alike[0]
    return n, first if len(alike) == 1 else replace(first, message=f"{first.message} (and {len(alike) - 1} more pages alike)")


def _at(where: str | ShopFile, n: int, finding: Finding) -> Finding:
    """A finding of page n (0: of the whole file) said at `where`: a user's own file as it is, in its own words; a shop's
    file, which is never written when it fails, at the component page n prints, naming the file, the page and what it
    shows ('page 16 of tiny-heroes.pdf (a front of Heroes)'), the whole file's ('tiny-heroes.pdf: has 23 pages; …') at
    its first page's component."""
    if isinstance(where, str):
        return replace(finding, loc=Loc(where))
    loc, shows = where.page(max(n, 1))
    if n == 0:  # a file of one page (an image) is named with what it shows
        named = f"{where.name} ({shows})" if len(where.pages) == 1 else where.name
        return replace(finding, loc=loc, message=f"{named}: {finding.message}")
    page, said = f"page {n}", finding.message
    named = f"{page} of {where.name} ({shows})"
    if said.startswith((f"{page} ", f"{page}:")):
        return replace(finding, loc=loc, message=named + said[len(page):])
    return replace(finding, loc=loc, message=f"{named}: {said}")


def _order(n: int, content: bytes, plan: int, drawn: dict, loc: Loc) -> list[Finding]:
    """Page n against the plan: the same drawing as every earlier page of its plan number, unlike every other's."""
    first = drawn.setdefault(content, plan)
    if first != plan:
        return [error("vendor-page-order", f"page {n} draws what another page of other content draws: the page order is wrong", loc)]
    return []


# The page orders each layout asks for, as the sides pages show (pnp.targets.vendors.LAYOUTS)
def order_findings(vendor: Vendor, roles: list[str], where: str | ShopFile) -> list[Finding]:
    """The order of fronts and backs in one file against the vendor's rule, said at `where` as check_file says it."""
    n = len(roles)
    rule = {
        "pdf-back-front": lambda: all(r == ("back" if i % 2 == 0 else "front") for i, r in enumerate(roles)),
        "pdf-front-back-per-size": lambda: all(r == ("front" if i % 2 == 0 else "back") for i, r in enumerate(roles)),
        "pdf-fronts-and-backs": lambda: len(set(roles)) == 1,  # a fronts file or a backs file: one side only
        "sheets-mirrored": lambda: all(r == ("front" if i % 2 == 0 else "back") for i, r in enumerate(roles)) or "back" not in roles,
    }.get(vendor.layout, lambda: True)
    if n and not rule():
        pages, loc = (f"its {n} pages", Loc(where)) if isinstance(where, str) else (f"the {n} pages of {where.name}", where.page(1)[0])
        return [error("vendor-page-order", f"{pages} are not in {whose(vendor)} order ({vendor.layout})", loc)]
    return []


class SmallText(NamedTuple):
    """Words a component's faces print under the vendor's smallest size: a template's text element (its line found by
    tracing), or a text element of an icon's SVG, at its place in that file."""

    words: str
    size: float  # pt, the smallest it prints at
    element: Text | None = None  # the template's text element; None for an icon's
    icon: str = ""  # the icon whose SVG sets the words
    place: Loc | None = None  # the icon's text element in its file (None: an icon of the bundled set, said at its component)


def small_texts(vendor: Vendor, component: Component, icons: IconLibrary) -> list[SmallText]:
    """Every text a component's faces set under the vendor's smallest size, each element once at the smallest size it
    prints at: a template's run scaled by the groups it sits in, an icon's words by its SVG's transforms, the scale it
    is fitted into its box at and those groups (pnp.layout.icon_text)."""
    if not vendor.min_text_pt:
        return []
    found: dict = {}

    def note(key, words: str, size: float, **where) -> None:
        if size < vendor.min_text_pt - 0.01 and (key not in found or size < found[key].size):
            found[key] = SmallText(words, round(size, 2), **where)

    def icon(name: str, w_pt: float, h_pt: float, scale: float) -> None:
        read = icons.words(name)
        if read is not None:
            shown, words = read
            for t in words.texts:
                note((shown or name, t.line, t.column), t.words, t.size * fitted(w_pt, h_pt, words.width, words.height) * scale, icon=name,
                     place=Loc(shown, t.line, t.column) if shown else None)

    def walk(elements, scale: float) -> None:
        for el in elements:
            if isinstance(el, Group):
                walk(el.children, scale * el.scale)
            elif isinstance(el, Icon):
                icon(el.name, el.w * PT, el.h * PT, scale)
            elif isinstance(el, Text) and el not in found:
                sizes = [op.size * scale for op in el.ops if getattr(op, "text", "").strip()]
                if sizes and min(sizes) < vendor.min_text_pt - 0.01:
                    found[el] = SmallText(printed_words(el.ops), round(min(sizes), 2), el)
                for op in el.ops:
                    if isinstance(op, IconOp):  # an icon set in a line of text, in a square of its size
                        icon(op.icon, op.size, op.size, scale)

    for item in component.items:
        for face in printed_sides(component, item, vendor.bleed_mm):
            if face is not None:
                walk(face.elements, 1.0)
    return list(found.values())


def printed_words(ops) -> str:
    """A text element's words as they print: its runs in order (inline icons left out), a space wherever a gap or a new
    line parts two runs, as the typesetter places each word apart rather than spelling the space."""
    words, end = "", None
    for op in ops:
        text = getattr(op, "text", None)
        if text is None:
            continue
        if end is not None and (op.y != end[1] or op.x > end[0] + 0.01):
            words += " "
        words += text
        end = (op.x + op.w, op.y)
    return " ".join(words.split())


def small_text_finding(vendor: Vendor, small: SmallText, loc: Loc, game: str, what: str) -> Finding:
    """The error for one text set under the vendor's smallest size, at the template line or the icon's text element that
    sets it: for an icon's, how much larger its font-size (or the icon) must be."""
    label = small.words if len(small.words) <= 30 else small.words[:29] + "…"
    said = f"text '{label}'" + (f" in icon '{small.icon}'" if small.icon else "")
    fix = f"set it at {vendor.min_text_pt:g} pt or more"
    if small.icon:
        times = math.ceil(vendor.min_text_pt / small.size * 100) / 100
        fix = f"make its font-size in the SVG at least {times:.2f} times as large, or draw the icon that much larger,"
    return error("vendor-small-text", f"{said} is set at {small.size:g} pt; {vendor.title} prints no text under {vendor.min_text_pt:g} pt: "
                 f"{fix} for this vendor", loc, game=game, component=what)


def small_text_findings(vendor: Vendor, source: bytes | str, shop: ShopFile) -> list[Finding]:
    """Text set under the vendor's smallest size, read from the file before its text is outlined: one finding per
    words and size (words repeated on every card are one mistake), at the component of the first page that sets them.

    The faces' own check (`small_texts`) says a template's or an icon's small text at its line; this one is for text
    neither sees (an SVG file an icon links to), so it says which page of the shop's file sets it."""
    if not vendor.min_text_pt:
        return []
    found: dict[tuple[str, float], int] = {}
    for n, runs in enumerate(_text_runs(source), 1):
        for words, size in runs:
            if size < vendor.min_text_pt - 0.01:
                found.setdefault((words, round(size, 2)), n)
    return [error("vendor-small-text", f"page {n} of {shop.name} ({shop.page(n)[1]}) sets '{words}' at {size:g} pt; {vendor.title} prints no text "
                  f"under {vendor.min_text_pt:g} pt: set it at {vendor.min_text_pt:g} pt or more in what draws it (no template line or icon text "
                  f"of the game sets it: an SVG file an icon links to, say)", shop.page(n)[0]) for (words, size), n in found.items()]


def _text_runs(source: bytes | str) -> list[list[tuple[str, float]]]:
    """Each page's runs of text at one size: (its words, the size it prints at, pt: the font's size scaled by its
    matrix, as a card drawn smaller prints its text smaller)."""
    import ctypes

    import pypdfium2 as pdfium
    import pypdfium2.raw as raw

    doc = pdfium.PdfDocument(source)
    pages = []
    try:
        for page in doc:
            text = page.get_textpage()
            runs: list[tuple[str, float]] = []
            for i in range(text.count_chars()):
                char = text.get_text_range(i, 1)
                matrix = raw.FS_MATRIX()
                raw.FPDFText_GetMatrix(text.raw, i, ctypes.byref(matrix))
                size = round(raw.FPDFText_GetFontSize(text.raw, i) * (matrix.c ** 2 + matrix.d ** 2) ** 0.5, 2)
                if not char.strip():  # a space or line break ends a word, not the run of its size
                    if runs and not runs[-1][0].endswith(" "):
                        runs[-1] = (runs[-1][0] + " ", runs[-1][1])
                elif runs and runs[-1][1] == size:
                    runs[-1] = (runs[-1][0] + char, size)
                else:
                    runs.append((char, size))
            pages.append([(words.strip(), size) for words, size in runs if words.strip()])
    finally:
        doc.close()
    return pages


def pdfx4_findings(vendor: Vendor, data: bytes, shop: ShopFile) -> list[Finding]:
    """A file the vendor takes as outlines and PDF/X-4: no font left in any page or form, and PDF/X-4 named in its
    document info, its XMP metadata and an output intent. Said at its first page's component, naming the file."""
    import io

    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(data))
    loc, found = shop.page(1)[0], []
    fonts = sorted({str(name) for page in reader.pages for name in _fonts(page.get("/Resources"), set())})
    if fonts:
        found.append(error("vendor-fonts", f"{shop.name} holds {len(fonts)} font(s) ({', '.join(fonts[:3])}); {vendor.title} asks for text as outlines: update Ghostscript, which turns it into outlines, and export again", loc))
    info = reader.metadata or {}
    root = reader.trailer["/Root"]
    xmp = root["/Metadata"].get_object().get_data().decode("utf-8", "replace") if "/Metadata" in root else ""
    intents = [i.get_object() for i in root.get("/OutputIntents", [])]
    marks = {"its document info": info.get("/GTS_PDFXVersion") == vendor.pdfx,
             "its XMP metadata": f">{vendor.pdfx}</pdfxid:GTS_PDFXVersion>" in xmp,
             "an output intent": any(i.get("/S") == "/GTS_PDFX" for i in intents)}
    missing = [where_ for where_, ok in marks.items() if not ok]
    if missing:
        found.append(error("vendor-pdfx", f"{shop.name} is not marked {vendor.pdfx} in {', '.join(missing)}; {vendor.title} asks for {vendor.pdfx}", loc))
    return found


def _fonts(resources, seen: set) -> list:
    """Every font a page's resources name, its forms' included."""
    if resources is None:
        return []
    resources = resources.get_object()
    out = list((resources.get("/Font") or {}).keys())
    for ref in (resources.get("/XObject") or {}).values():
        key = getattr(ref, "idnum", None) or id(ref)
        xobject = ref.get_object()
        if xobject.get("/Subtype") == "/Form" and key not in seen:
            seen.add(key)
            out += _fonts(xobject.get("/Resources"), seen)
    return out


def vendor_breaches(vendor: Vendor, component: Component) -> list[Breach]:
    """Words, icons and rules the build passed (outside pnp's SAFE_MM) that lie inside the vendor's wider safe zone."""
    if vendor.safe_mm <= SAFE_MM + SAFE_EPS_MM:
        return []
    out: dict = {}
    for item in component.items:
        for face in printed_sides(component, item, vendor.bleed_mm):
            if face is None:
                continue
            for b in safe_area_breaches(face, component.cut, vendor.safe_mm):
                if b.depth >= SAFE_MM - SAFE_EPS_MM and b.element not in out:
                    out[b.element] = b
    return list(out.values())


def safe_zone_finding(vendor: Vendor, breaches: list[Breach], loc: Loc, game: str, what: str) -> Finding:
    """The warning for what one template line draws inside the vendor's safe zone (its nearest first), at that line: a
    second thing named too, three or more counted."""
    breach = breaches[0]
    more = ""
    if len(breaches) == 2:
        more = f" (and {breach_subject(breaches[1])}, drawn here too)"
    elif len(breaches) > 2:
        more = f" (and {len(breaches) - 1} more drawn here)"
    return warning("vendor-safe-zone", f"{breach_subject(breach)}{more} lies {breach.depth:.1f} mm inside the cut, within {whose(vendor)} {vendor.safe_mm:g} mm "
                   f"safe zone, where its cut may clip it: move it {vendor.safe_mm - breach.depth:.1f} mm inward for this vendor",
                   loc, game=game, component=what)
