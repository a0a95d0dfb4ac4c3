"""Impose rendered faces on sheets and write the sheet PDF (cards and tokens alike).

Each fronts sheet is followed by its backs sheet, each back mirrored so it
lands behind its front after a long-edge (or short-edge) flip. With
`duplex="none"` the backs sheets follow all fronts, unmirrored.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from pnp.draw import FaceDrawer
from pnp.impose import Sheet, plan_sheet
from pnp.layout import Face
from pnp.pdfout import draw_crop_marks, draw_footer, new_canvas
from pnp.units import pt


@dataclass
class Piece:
    """One physical copy to place: its front, its back (or None), and its name for people."""

    front: Face
    back: Face | None
    label: str


@dataclass
class Group:
    """Pieces of one size printed together: a deck, or a token set."""

    id: str
    name: str
    size: tuple[float, float]
    pieces: list[Piece]
    cut_guide: object = None  # a callable drawing a cut outline per slot (tokens), else crop marks


@dataclass
class SheetStats:
    pages: int = 0
    pieces: int = 0


def write_sheets(groups: list[Group], *, game_title: str, kind: str, paper: str, duplex: str, bleed_mm: float, gutter_mm: float,
                 font_name: str, icons, colour_filter=None, back_offset=(0.0, 0.0)) -> tuple[bytes, SheetStats]:
    """Render every group onto sheets and return the PDF bytes."""
    plans = [(g, plan_sheet(paper, g.size, gutter_mm, bleed_mm)) for g in groups]
    first = plans[0][1]
    c, buf = new_canvas((pt(first.page_w), pt(first.page_h)), font_name, f"{game_title} — {kind}", f"{kind} for print and play")
    if duplex != "none":
        c.setViewerPreference("Duplex", "DuplexFlipLongEdge" if duplex == "long" else "DuplexFlipShortEdge")
    drawer = FaceDrawer(c, icons, colour_filter)
    uses = Counter(face for g in groups for p in g.pieces for face in (p.front, p.back) if face is not None)
    stats = SheetStats()
    deferred_backs = []
    page_no = 0
    for group, sheet in plans:
        if sheet is None or sheet.per_sheet == 0:
            raise ValueError(f"{group.name}: {group.size[0]:g} × {group.size[1]:g} mm does not fit on {paper}")
        chunks = [group.pieces[i : i + sheet.per_sheet] for i in range(0, len(group.pieces), sheet.per_sheet)]
        has_backs = any(p.back is not None for p in group.pieces)
        for n, chunk in enumerate(chunks, 1):
            footer = f"{game_title} · {group.name} · sheet {n} of {len(chunks)}"
            _page(c, sheet, drawer, uses, [(sheet.slot(i), p.front) for i, p in enumerate(chunk)], f"{footer} · fronts · print at 100% / actual size", font_name, scale_bar=(page_no == 0), group=group, bookmark=(n == 1))
            page_no += 1
            stats.pieces += len(chunk)
            if has_backs:
                backs = [(sheet.back_slot(i, duplex), p.back) for i, p in enumerate(chunk) if p.back is not None]
                job = (sheet, backs, f"{footer} · backs" + (" · print double-sided, flip on the long edge" if duplex == "long" else " · print double-sided, flip on the short edge" if duplex == "short" else ""))
                if duplex == "none":
                    deferred_backs.append((group, job))
                else:
                    _page(c, job[0], drawer, uses, job[1], job[2], font_name, group=group, offset=back_offset)
                    page_no += 1
    for group, (sheet, backs, footer) in deferred_backs:
        _page(c, sheet, drawer, uses, backs, footer, font_name, group=group)
        page_no += 1
    drawer.shared.finish()
    c.save()
    stats.pages = page_no
    return buf.getvalue(), stats


def _page(c, sheet: Sheet, drawer: FaceDrawer, uses: Counter, placed, footer: str, font_name: str, *, scale_bar=False, group: Group, bookmark=False, offset=(0.0, 0.0)):
    c.setPageSize((pt(sheet.page_w), pt(sheet.page_h)))
    if bookmark:
        key = f"group-{group.id}"
        c.bookmarkPage(key)
        c.addOutlineEntry(group.name, key, level=0)
    ox, oy = (v * 72 / 25.4 for v in offset)
    slots = []
    for slot, face in placed:
        drawer.draw_face(face, pt(slot.x) + ox, pt(slot.y) + oy, reused=uses[face] > 1)
        slots.append(slot)
    if group.cut_guide is not None:
        group.cut_guide(c, slots)
    drawer.overlay(("marks", sheet, tuple(slots)), lambda: draw_crop_marks(c, sheet, slots), sheet.page_w, sheet.page_h)
    draw_footer(c, sheet.page_w, sheet.page_h, sheet.footer_side, footer, font_name, scale_bar)
    c.showPage()
