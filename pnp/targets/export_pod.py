"""The print-on-demand export: one PDF per deck, board, token set and the player aids, one side per page, TrimBox
and BleedBox, CMYK within 240 % ink, fonts embedded, PDF/X-1a:2003 keys."""
from __future__ import annotations

from collections import Counter

from pnp.core.files import file_name
from pnp.core.spooled import PdfFile
from pnp.core.units import PT_PER_MM
from pnp.layout import rl, rl_stream
from pnp.layout.elements import Face
from pnp.outputs.context import GameContext
from pnp.render.draw import FaceDrawer
from pnp.render.pdf import new_canvas
from pnp.render.pdf_colours import cmyk
from pnp.targets.components import Component, collect, printed_sides, printed_trim
from pnp.targets.k_only import key_small_type
from pnp.targets.preflight import check_pod_pdf
from pnp.targets.rendering import count_text
from pnp.targets.staging import Export, ExportRequest

K = PT_PER_MM
POD_BLEED_MM = 3.175  # DriveThruCards and The Game Crafter: 1/8 in
PDFX_CONDITION = ("CGATS TR 001", "U.S. Web Coated (SWOP) v2")  # a registered characterisation; no ICC profile embedded


def pod_file_name(slug: str, component: Component) -> str:
    stem = {"cards": f"{slug}-{component.id}", "boards": f"{slug}-board-{component.id}", "tokens": f"{slug}-tokens-{component.id}",
            "player-aids": f"{slug}-player-aids"}[component.kind]
    return file_name(stem, ".pdf")


def pod_target(gctx: GameContext, request: ExportRequest, result: Export, findings: list, where) -> None:
    """One print-on-demand PDF per deck, board, token set and the player aids (at 1/8 in bleed, whatever the request's)."""
    for component in collect(gctx, POD_BLEED_MM, findings, request.decks):
        pages = [face for item in component.items for _ in range(item.copies) for face in printed_sides(component, item, POD_BLEED_MM) if face is not None]
        _pod_file(gctx, component, pages, result, findings, where)
    result.next_step = ("pod: upload each PDF to DriveThruCards or The Game Crafter as its component's print file "
                        "(CMYK PDF/X-1a, 1/8 in bleed, one side per page, front before back)")


def _pod_file(gctx, component: Component, pages: list[Face], result: Export, findings: list, where) -> None:
    """`component`'s PDF, a page per face at trim plus 1/8 in bleed, CMYK, checked before it is kept (for text on a card)."""
    game, title = gctx.game, component.name
    name, trim = pod_file_name(game.slug, component), printed_trim(component, POD_BLEED_MM)
    w, h = trim
    b = POD_BLEED_MM
    page = ((w + 2 * b) * K, (h + 2 * b) * K)
    c, buf = new_canvas(page, gctx.body_font, f"{game.title} — {title}", f"{title}: print-on-demand file, CMYK, 1/8 in bleed",
                        spool_to=result.files.path_of(name))
    c.setTrimBox((b * K, b * K, (w + b) * K, (h + b) * K))
    c.setBleedBox((0, 0, *page))
    rl.mark_pdfx(c, "PDF/X-1a:2003", PDFX_CONDITION)
    drawer = FaceDrawer(c, gctx.icons, colour_filter=cmyk, face_filter=key_small_type)
    uses = Counter(pages)
    for face in pages:
        drawer.draw_face(face, b * K, b * K, reused=uses[face] > 1)
        c.showPage()
    drawer.shared.finish()
    data = rl_stream.finished(c, buf)  # a PDF of many pictures: written beside its staged file as it was made (PdfFile)
    findings.extend(check_pod_pdf(data.path if isinstance(data, PdfFile) else data, where(name), trim, b, len(pages), expect_text=component.kind == "cards"))
    result.files[name] = data
    result.notes.append(f"{name}: {count_text(len(pages), 'page')} of {w + 2 * b:.2f} × {h + 2 * b:.2f} mm (trim {w:g} × {h:g}), {len(data) / 1024:.0f} KB")
