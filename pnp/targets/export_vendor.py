"""`pnp export GAME --vendor NAME`: every component as one print service asks for it (pnp.targets.vendors).

Each component is matched to a product of the vendor (a deck of poker cards to
its poker deck); one the vendor prints no product for is named with the nearest
product, as a warning, and left out. Each layout of pnp.targets.vendors.LAYOUTS
is written by one function below, from the same faces as every other export;
every file is checked against the vendor's numbers (pnp.targets.vendor_preflight)
before the folder appears, with a README.txt of the upload steps and, for
MakePlayingCards, an MPC Autofill order per deck (pnp.targets.order_files).
`pnp export GAME --format pod` and `--format png` are written and checked the
same way, from the print-on-demand record (pnp.targets.vendors.POD) and the
print services' PNG record (pnp.targets.vendors.PNG, at the asked bleed and
dpi), without an order's README.txt.
"""
from __future__ import annotations

import functools
from collections import Counter
from dataclasses import replace
from pathlib import Path

from pnp.core.errors import Loc, error, warning
from pnp.core.files import file_name
from pnp.core.plurals import count_text
from pnp.core.spooled import PdfFile
from pnp.core.units import PT_PER_MM, SAFE_MM
from pnp.layout import rl, rl_stream
from pnp.layout.elements import STAMP_PT, Face
from pnp.outputs.context import GameContext
from pnp.render.draw import FaceDrawer
from pnp.render.pdf import new_canvas
from pnp.render.pdf_colours import cmyk
from pnp.targets.components import Component, collect, printed_sides
from pnp.targets.export_png import png_faces, png_per_copy
from pnp.targets.k_only import key_small_type
from pnp.targets.rendering import EXTRA_BLEED_MM
from pnp.targets.staging import Export, ExportRequest
from pnp.targets.vendor_orders import OrderPlan, Placed, component_loc, not_offered_findings, order_plan, quote_sheet, readme, shop_file
from pnp.targets.vendor_pdfx import outlined_pdfx4
from pnp.targets.vendor_preflight import (
    Expect,
    ShopFile,
    check_file,
    order_findings,
    pdfx4_findings,
    safe_zone_finding,
    small_text_finding,
    small_text_findings,
    small_texts,
    vendor_breaches,
)
from pnp.targets.vendors import PNG, POD, Vendor, vendor_named

K = PT_PER_MM
CONDITIONS = {  # a CMYK file's PDF/X output intent: (registered condition, its name)
    "CGATS TR 001": ("CGATS TR 001", "U.S. Web Coated (SWOP) v2"),
    "FOGRA39": ("FOGRA39", "Coated FOGRA39 (ISO 12647-2:2004)"),
}


def vendor_target(gctx: GameContext, request: ExportRequest, result: Export, findings: list, where) -> None:
    """Every component the vendor prints, laid out as its upload page asks, checked, with README.txt; every other
    piece of the build named in README.txt as not offered there (pnp.targets.vendor_orders)."""
    vendor = vendor_named(request.vendor)
    plan, placed = _written(gctx, vendor, request, result, findings, where, pieces_only=bool(request.decks))
    findings.extend(not_offered_findings(plan, gctx.game.slug, listed=bool(result.files)))  # README.txt is written with the files
    if result.files:
        result.files["quote.csv"] = quote_sheet(plan)
        result.files["README.txt"] = readme(gctx.game.title, plan, [*result.files.names(), "README.txt"]).encode("utf-8")
    result.next_step = f"{vendor.title}: follow README.txt in the folder ({count_text(len(placed), 'component')})"


def pod_target(gctx: GameContext, request: ExportRequest, result: Export, findings: list, where) -> None:
    """`pnp export GAME --format pod`: every deck, board, token set and the player aids as the print-on-demand record
    asks (pnp.targets.vendors.POD), made and read back as any vendor's files are. No README.txt or quote.csv: each
    file is uploaded as its own product, and a box or die is no piece of this format."""
    _written(gctx, POD, request, result, findings, where, pieces_only=True)
    result.next_step = f"{POD.name}: {POD.steps[0]}"


def png_target(gctx: GameContext, request: ExportRequest, result: Export, findings: list, where) -> None:
    """`pnp export GAME --format png`: every deck, board, token set and the player aids as the print services' PNG record
    lays them out (pnp.targets.vendors.PNG: a file per copy and side, manifest.csv) at the asked bleed and dpi, made and
    read back by the same writer as The Game Crafter's images. No README.txt or quote.csv: the service is the user's."""
    png = replace(PNG, bleed_mm=request.bleed, dpi=request.dpi)
    _written(gctx, png, request, result, findings, where, pieces_only=True)
    result.next_step = (f"png: upload the images of each component to your print service in manifest.csv's order, fronts then backs "
                        f"({request.bleed:g} mm bleed: The Game Crafter takes --bleed 1/8in, MakePlayingCards --bleed 3mm)")


def _written(gctx: GameContext, vendor: Vendor, request: ExportRequest, result: Export, findings: list, where,
             pieces_only: bool) -> tuple[OrderPlan, list[Placed]]:
    """The vendor's files of every component its order plan sends, each face checked against its safe zone and
    smallest type, each file read back by its layout's writer; `pieces_only`: the plan holds no box or die (an
    export of some decks, or the pod format)."""
    components = _collect(gctx, vendor, findings, request.decks, request.stamps)
    plan = order_plan(gctx, vendor, components, decks_only=pieces_only)
    placed = [Placed(o.piece.component, o.product, o.product.file_trim(o.piece.size)) for o in plan.ordered if o.files]
    findings.extend(_safe_zone(gctx, vendor, [p.component for p in placed], request.stamps))
    findings.extend(_small_text(gctx, vendor, [p.component for p in placed], request.stamps))
    WRITERS[vendor.layout](gctx, vendor, placed, result, findings, where)
    return plan, placed


def _traced(gctx: GameContext, vendor: Vendor, decks: tuple[str, ...], stamps: bool) -> dict:
    """Each element of `decks`' faces → the template line that drew it: those decks drawn again with tracing on (the
    others never pay for it), at the vendor's bleed."""
    origins: dict = {}
    if decks:
        with gctx.layouts.tracing() as origins:
            _collect(gctx, vendor, [], decks, stamps)
    return origins


def _collect(gctx: GameContext, vendor: Vendor, findings: list, decks: tuple[str, ...], stamps: bool) -> list[Component]:
    """The components drawn at the vendor's bleed (and a little more, Vendor.pad_mm), any playtest stamp asked for set at
    the vendor's smallest type and inside its safe zone, so the file the shop gets keeps its rules."""
    return collect(gctx, vendor.bleed_mm + EXTRA_BLEED_MM + vendor.pad_mm, findings, decks, stamps=stamps,
                   stamp_pt=max(vendor.min_text_pt, STAMP_PT), stamp_safe_mm=max(vendor.safe_mm, SAFE_MM))


def _small_text(gctx: GameContext, vendor: Vendor, components: list[Component], stamps: bool) -> list:
    """Text set under the vendor's smallest size, one error per template line or icon text element that sets it, at its
    smallest: the decks whose templates set any are drawn again with tracing on to find those lines, as for the safe
    zone; text no line of a template drew (a playtest stamp) is said at its component."""
    small = {c.id: small_texts(vendor, c, gctx.icons) for c in components}
    origins = _traced(gctx, vendor, tuple(c.id for c in components if c.kind == "cards" and any(s.element is not None for s in small[c.id])), stamps)
    at: dict = {}
    for c in components:
        for s in small[c.id]:
            loc = s.place or origins.get(s.element) or component_loc(gctx, c)
            key = (loc, s.words)  # a line's or an icon's words drawn at two sizes (on two cards, in two decks): one mistake
            if key not in at or s.size < at[key][0].size:
                at[key] = (s, c)
    return [small_text_finding(vendor, s, loc, gctx.game.slug, c.name) for (loc, *_), (s, c) in at.items()]


def _safe_zone(gctx: GameContext, vendor: Vendor, components: list[Component], stamps: bool) -> list:
    """Words inside the vendor's safe zone (wider than pnp's), one finding per template line that drew them: the decks
    that have any are drawn again with tracing on to find those lines (the others never pay for it); what other
    components draw there is said at the component's file."""
    breaches = {c.id: vendor_breaches(vendor, c) for c in components}
    origins = _traced(gctx, vendor, tuple(c.id for c in components if breaches[c.id] and c.kind == "cards"), stamps)
    at: dict[Loc, tuple[Component, list]] = {}
    for c in components:
        for b in breaches[c.id]:
            at.setdefault(origins.get(b.element) or component_loc(gctx, c), (c, []))[1].append(b)
    return [safe_zone_finding(vendor, sorted(found, key=lambda b: b.depth), loc, gctx.game.slug, c.name) for loc, (c, found) in at.items()]


# --- one writer per layout (the PNG layouts': pnp.targets.export_png) --------


def _pages(component: Component, vendor: Vendor) -> list[tuple[str, Face]]:
    """(role, face) of every copy's front then back, in the vendor's page order for one component."""
    pages: list[tuple[str, Face]] = []
    paired = vendor.layout in ("pdf-back-front", "pdf-front-back-per-size") and component.deck_like
    for item in component.items:
        front, back = printed_sides(component, item, vendor.bleed_mm)
        if back is None and paired:  # a card page pair needs its back page: a card without a back prints a blank one
            back = Face(front.w, front.h, front.bleed, (), frozenset())
        for _ in range(item.copies):
            pair = [("front", front)] + ([("back", back)] if back is not None else [])
            if vendor.layout == "pdf-back-front":
                pair.reverse()
            pages.extend(pair)
    return pages


def _split_sides(component: Component, vendor: Vendor) -> tuple[list[tuple[str, Face]], list[tuple[str, Face]]]:
    """(every copy's front, in print order; the backs file's pages): one page when every copy shares its back, else each
    front's own back, page for page, so the printer pairs page n of one file with page n of the other."""
    pages = _pages(component, vendor)
    fronts = [page for page in pages if page[0] == "front"]
    backs = [page for page in pages if page[0] == "back"]
    if backs and len(backs) != len(fronts):  # some copies have no back: those get a blank back page to keep the pairs
        return fronts, [("back", back or Face(front.w, front.h, front.bleed, (), frozenset())) for front, back in _pairs(component, vendor)]
    if len({face for _, face in backs}) == 1:  # (a back shared by only some copies would print behind every front)
        return fronts, backs[:1]
    return fronts, backs


def _pairs(component: Component, vendor: Vendor) -> list[tuple[Face, Face | None]]:
    return [printed_sides(component, item, vendor.bleed_mm) for item in component.items for _ in range(item.copies)]


def _file_pages(slug: str, vendor: Vendor, p: Placed) -> list[tuple[str, list[tuple[str, Face]]]]:
    """(file name, its (role, face) pages) of one component: one file, or a fronts file and a backs file (LongPack)."""
    if vendor.layout == "pdf-front-back-per-size":
        return [(file_name(f"{slug}-{p.trim[0]:g}x{p.trim[1]:g}mm", ".pdf"), _pages(p.component, vendor))]
    stem = _stem(slug, p.component)
    if vendor.layout != "pdf-fronts-and-backs":
        return [(file_name(stem, ".pdf"), _pages(p.component, vendor))]
    fronts, backs = _split_sides(p.component, vendor)
    return [(file_name(f"{stem}-fronts", ".pdf"), fronts)] + ([(file_name(f"{stem}-backs", ".pdf"), backs)] if backs else [])


def _stem(slug: str, component: Component) -> str:
    """A component's file name stem: <game>-<deck> for a deck, <game>-<kind>-<id> for any other piece, and <game>-<id>
    where the id says no more than its kind, so no word is said twice (the player aids, whose id is `player-aids`; a
    token set named `tokens`; a board named `board`)."""
    if component.kind == "cards" or component.id in (component.kind, component.kind.removesuffix("s")):
        return f"{slug}-{component.id}"
    return f"{slug}-{component.kind}-{component.id}"


def _page_pdfs(gctx, vendor: Vendor, placed: list[Placed], result: Export, findings: list, where) -> None:
    """One face a page: a PDF per component, per card size (MBPrint), or a fronts and a backs file per component (LongPack)."""
    files: dict[str, tuple[str, tuple[float, float], list]] = {}
    owners: dict[str, Component] = {}
    for p in placed:
        dx, dy = p.offset
        for name, sides in _file_pages(gctx.game.slug, vendor, p):
            if _named_twice(gctx, vendor, name, p.component, owners, findings):
                continue
            title, trim, pages = files.setdefault(name, (p.component.name, p.trim, []))
            pages.extend((role, face, dx, dy, p.component) for role, face in sides)
    for name, (title, trim, pages) in files.items():
        page_mm = (trim[0] + 2 * vendor.bleed_mm, trim[1] + 2 * vendor.bleed_mm)
        placements = [[(face, vendor.bleed_mm + dx, vendor.bleed_mm + dy)] for _, face, dx, dy, _ in pages]
        data = _pdf(gctx, vendor, title, page_mm, trim, placements, result.files.path_of(name))
        keys = _keys(placements)
        shop = shop_file(gctx, name, [(role, c) for role, *_, c in pages])
        findings.extend(order_findings(vendor, [role for role, *_ in pages], shop))
        findings.extend(check_file(vendor, _read_from(data), shop, Expect(page_mm=page_mm, trim_mm=trim, pages=keys)))
        if vendor.outlines:
            data = _outlined(gctx, vendor, title, data, shop, findings)
            if data is None:
                continue
        result.files[name] = data
        result.notes.append(f"{name}: {count_text(len(pages), 'page')} of {page_mm[0]:.2f} × {page_mm[1]:.2f} mm (trim {trim[0]:g} × {trim[1]:g})")


def _named_twice(gctx, vendor: Vendor, name: str, component: Component, owners: dict[str, Component], findings: list) -> bool:
    """Whether file `name` is already another component's (a deck `board` and a board `board` are both <game>-board.pdf):
    an error at the second one's line, rather than two pieces' pages in one file. MBPrint's file per card size holds
    every deck of that size by design."""
    owner = owners.setdefault(name, component)
    if owner is component or vendor.layout == "pdf-front-back-per-size":
        return False
    findings.append(error("export-file-name", f"{_called(component)} would be written to {name}, the file of {_called(owner)}: "
                          "give one of them another id", component_loc(gctx, component), component=component.name))
    return True


def _called(component: Component) -> str:
    """A component as a message names it: deck 'board', board 'board', token set 'coins', the player aids."""
    if component.kind == "player-aids":
        return "the player aids"
    return f"{ {'cards': 'deck', 'boards': 'board', 'tokens': 'token set'}[component.kind]} '{component.id}'"


def _outlined(gctx, vendor: Vendor, title: str, data: bytes | PdfFile, shop: ShopFile, findings: list) -> bytes | None:
    """A file for a vendor that takes no fonts (MBPrint): its text sizes checked as drawn, then its text turned into
    outlines and the file marked PDF/X-4, and that read back (pnp.targets.vendor_pdfx); None when that cannot be done.
    What is found is said at the designer's files (`shop`), the file itself being written only when nothing is."""
    source = _read_from(data)
    if not any(f.code == "vendor-small-text" for f in findings):  # the file itself, for text the faces' check cannot see
        findings.extend(small_text_findings(vendor, source, shop))
    outlined, failed = outlined_pdfx4(source, f"{gctx.game.title} — {title}", CONDITIONS[vendor.condition], shop.page(1)[0])
    findings.extend(failed)
    if outlined is not None:
        findings.extend(pdfx4_findings(vendor, outlined, shop))
    return outlined


def _sheets(gctx, vendor: Vendor, placed: list[Placed], result: Export, findings: list, where) -> None:
    """Sheets of N cards: a fronts page, then its backs page mirrored left to right (a sheet flipped on its long edge)."""
    sheet_w, sheet_h = vendor.sheet_mm
    for p in placed:
        cell = (p.trim[0] + 2 * vendor.bleed_mm, p.trim[1] + 2 * vendor.bleed_mm)
        cols, rows = vendor.sheet_grid(p.trim)
        name = file_name(f"{gctx.game.slug}-{p.component.id}-sheets", ".pdf")
        if cols * rows == 0:
            findings.append(warning("vendor-product", f"{p.component.name} ({p.trim[0]:g} × {p.trim[1]:g} mm) does not fit a "
                                    f"{sheet_w / 25.4:g} × {sheet_h / 25.4:g} in sheet", component_loc(gctx, p.component)))
            continue
        x0, y0 = (sheet_w - cols * cell[0]) / 2, (sheet_h - rows * cell[1]) / 2
        copies = [printed_sides(p.component, item, vendor.bleed_mm) for item in p.component.items for _ in range(item.copies)]
        dx, dy = p.offset
        pages, roles = [], []
        for start in range(0, len(copies), cols * rows):
            chunk = copies[start:start + cols * rows]
            spot = [(x0 + (i % cols) * cell[0] + vendor.bleed_mm, sheet_h - y0 - (i // cols + 1) * cell[1] + vendor.bleed_mm) for i in range(len(chunk))]
            pages.append([(front, x + dx, y + dy) for (front, _), (x, y) in zip(chunk, spot, strict=True)])
            roles.append("front")
            if any(back is not None for _, back in chunk):  # a sheet of cards without backs has no backs page
                pages.append([(back, sheet_w - x - p.trim[0] + dx, y + dy) for (_, back), (x, y) in zip(chunk, spot, strict=True) if back is not None])
                roles.append("back")
        data = _pdf(gctx, vendor, p.component.name, (sheet_w, sheet_h), None, pages, result.files.path_of(name))
        keys = _keys([[(face, round(x, 3), round(y, 3)) for face, x, y in page] for page in pages])
        shop = shop_file(gctx, name, [(role, p.component) for role in roles], sheet=True)
        findings.extend(order_findings(vendor, roles, shop))
        findings.extend(check_file(vendor, _read_from(data), shop, Expect(page_mm=(sheet_w, sheet_h), pages=keys)))
        result.files[name] = data
        result.notes.append(f"{name}: {count_text(roles.count('front'), 'sheet')} of {cols} × {rows} {p.product.name} cards, fronts then mirrored backs")


def _keys(pages: list[list]) -> tuple[int, ...]:
    """Each page's plan as a number: equal numbers for pages that draw the same, different for any other."""
    seen: dict = {}
    return tuple(seen.setdefault(tuple(page), len(seen)) for page in pages)


def _read_from(data: bytes | PdfFile) -> bytes | str:
    """What a check reads a PDF from: its bytes, or the file it was written to as it was made (its path)."""
    return data.path if isinstance(data, PdfFile) else data


def _pdf(gctx, vendor: Vendor, title: str, page_mm: tuple[float, float], trim: tuple[float, float] | None, pages: list[list],
         spool_to: Path) -> bytes | PdfFile:
    """A PDF of `pages`, each a list of (face, x mm, y mm from the page's bottom left to the trim's): CMYK within the
    vendor's ink limit with PDF/X keys, or RGB; a page with one face gets its TrimBox and BleedBox. A PDF of many
    pictures is written beside `spool_to` (its staged file) as it is made (pnp.layout.rl_stream)."""
    game = gctx.game
    page = (page_mm[0] * K, page_mm[1] * K)
    c, buf = new_canvas(page, gctx.body_font, f"{game.title} — {title}", f"{title}: print file for {vendor.title}", spool_to=spool_to)
    if trim is not None:
        b = vendor.bleed_mm
        c.setTrimBox((b * K, b * K, (trim[0] + b) * K, (trim[1] + b) * K))
        c.setBleedBox((0, 0, *page))
    if vendor.colour == "CMYK":
        rl.mark_pdfx(c, vendor.pdfx, CONDITIONS[vendor.condition])
        drawer = FaceDrawer(c, gctx.icons, colour_filter=functools.partial(cmyk, limit=vendor.ink_limit), face_filter=key_small_type)
    else:
        drawer = FaceDrawer(c, gctx.icons)
    clipped = [[(face._replace(bleed=vendor.bleed_mm + vendor.pad_mm), x, y) for face, x, y in placements] for placements in pages]
    uses = Counter(face for placements in clipped for face, _, _ in placements)
    for placements in clipped:
        for face, x, y in placements:
            drawer.draw_face(face, x * K, y * K, reused=uses[face] > 1)
        c.showPage()
    drawer.shared.finish()
    return rl_stream.finished(c, buf)


WRITERS = {
    "png-faces": png_faces,
    "png-per-copy": png_per_copy,
    "pdf-back-front": _page_pdfs,
    "pdf-front-back-per-size": _page_pdfs,
    "pdf-fronts-and-backs": _page_pdfs,
    "pdf-per-component": _page_pdfs,
    "sheets-mirrored": _sheets,
}
