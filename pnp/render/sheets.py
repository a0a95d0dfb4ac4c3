"""Impose rendered faces on sheets and write the sheet PDF (cards and tokens alike).

Each fronts sheet is followed by its backs sheet, each back mirrored so it lands behind its front after a long-edge (or short-edge) flip. With
`duplex="none"` the backs sheets follow all fronts, mirrored as for a long-edge flip (glued behind their fronts or fed back in). A backs sheet moves as a whole (faces, crop marks, footer) by `back_offset`, the
printer's measured misregistration.

With `layout="gutterfold"` each sheet holds fronts and their backs on one side, mirrored across a dashed fold line, backs turned by `fold_rotation`.

What each page holds is planned in pnp.render.sheet_plan; this module draws it.
"""
from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable
from dataclasses import dataclass, field

from pnp.core.shapes import Shape
from pnp.core.units import DEFAULT_PRINTABLE_MM, pt, um
from pnp.data.words import ENGLISH, SheetWords
from pnp.layout import rl_stream
from pnp.layout.elements import Face, FaceDigests
from pnp.layout.slivers import edges
from pnp.render.cutter_names import sheet_margin
from pnp.render.draw import FaceDrawer
from pnp.render.drawn import DrawnFaces
from pnp.render.face_uses import PENDING, Redraw, Uses, count_arrived
from pnp.render.icon_ink import IconInks
from pnp.render.impose import FOOTER_BAND_UM, FOOTER_CLEAR_UM, FoldSheet, Sheet, Slot, with_edge_bleed
from pnp.render.inksaver import frame_back, lighten_face
from pnp.render.page_keys import PageKeys
from pnp.render.pdf import draw_crop_marks, draw_footer, draw_line, new_canvas
from pnp.render.seams import Placed, SheetSliver, once_per_face, sheet_slivers
from pnp.render.sheet_plan import Group, Page, Piece, page_sides, paginate, shared_sheets

FOLD_COLOUR = "#808080"
FOLD_DASH = (6, 3)  # pt


@dataclass
class SheetStats:
    """The figures of one sheet PDF as it was drawn: its pages and pieces, each page's ink key, and what the
    caller words for the build's summary (shared sheets, slivers across cuts)."""

    pages: int = 0
    pieces: int = 0
    # 'sheet 5 holds Cells ×2, Quorum ×1' for each sheet that several sets share, and a note for each sheet under
    # half full before the last (the build summary prints these lines under the PDF's name)
    shared: list[str] = field(default_factory=list)
    # per page, in order: a hash of everything the page prints (see `PageKeys`), or None where code no value names draws
    # (a group's own cut guide); a page whose key a build measured before need not be measured again
    page_keys: list[str | None] = field(default_factory=list)
    # per page, in order: its ink where its elements give it exactly (pnp.render.ink_elements), else None: rasterised
    page_exact: list[float | None] = field(default_factory=list)
    # with a cutting machine: per fronts page, (PDF page number from 1, page w, h in mm, the pieces' cut lines)
    cuts: list[tuple] = field(default_factory=list)
    # where a piece's edge differs from its neighbour's across a shared cut (pnp.render.seams), for the caller to word
    slivers: list[SheetSliver] = field(default_factory=list)


def write_sheets(groups: list[Group], *, game_title: str, kind: str, paper: str, duplex: str, bleed_mm: float, gutter_mm: float,
                 font_name: str, icons, colour_filter=None, back_offset=(0.0, 0.0), layout: str = "duplex", fold_rotation: int = 180,
                 ink_saver: bool = False, printable_mm: float = DEFAULT_PRINTABLE_MM, digests: FaceDigests | None = None,
                 drawn: DrawnFaces | None = None, arrive: Callable[[], bool] | None = None, cutter: str = "",
                 draft: bool = False, words: SheetWords = ENGLISH, edge_bleed_mm: float = 0.0, edges_of=edges, fallback=None,
                 lang: str | None = None, spool_to=None, known_inks: dict | None = None) -> tuple[bytes | rl_stream.PdfFile, SheetStats]:
    """Render every group onto sheets and return the PDF bytes; nothing is drawn within `printable_mm` of the paper's edge.

    `digests` hashes the faces for the pages' keys (a caller that hashed them already passes its own); `drawn` keeps
    faces' operators to replay in a later PDF (pnp.render.drawn.DrawnFaces). Pieces may hold PENDING faces, which
    `arrive` puts in place a part at a time, saying whether more are coming (it may raise, to give the PDF up): it is
    called before a page that shows one, so the pages before it are drawn while another process renders those faces. A `cutter` (pnp.render.cutters.CUTTERS) keeps the
    pieces clear of its marks, draws them on each fronts page and lists each page's cut lines in the stats. The margins'
    words (footers, scale bar, fold) are `words`, in the edition's language. With `edge_bleed_mm` (and no `bleed_mm`),
    pieces share their cut lines and bleed only past the grid's outer edges, as far as its margins hold
    (pnp.render.impose.with_edge_bleed): each face was drawn with that much bleed and is cut back to its trim inside.
    Every shared cut of every page side is read for slivers (`stats.slivers`), with `edges_of` giving a face's edges
    (pnp.layout.slivers.edges, or a kept memo). With `lang`, the PDF is tagged in that language (pnp.render.pdf.new_canvas);
    with `spool_to` (the output's path), a PDF of many pictures is written beside it as it is made (pnp.layout.rl_stream);
    `known_inks` holds faces' ink figures another process worked out where it drew them (pnp.render.ink_elements.FaceInks)."""
    _check_fold(layout, fold_rotation)
    if ink_saver:
        groups = [_frame_common_back(g, game_title, font_name) for g in groups]
    printable_mm, machine = sheet_margin(cutter, paper, printable_mm)
    pages = paginate(groups, game_title, paper, gutter_mm, bleed_mm, layout, fold_rotation, printable_mm, words, machine)
    _mark_pages(pages, edge_bleed_mm, draft)

    def pdf(arrive: Callable[[], bool] | None) -> tuple[bytes | rl_stream.PdfFile, SheetStats]:
        first = pages[0].sheet
        c, buf = new_canvas((pt(first.page_w), pt(first.page_h)), font_name, f"{game_title} — {kind}", f"{kind} for print and play", fallback, lang, spool_to)
        _ask_duplex(c, pages, duplex)
        drawer = FaceDrawer(c, icons, colour_filter, face_filter=lighten_face if ink_saver else None, drawn=drawn)
        keys = PageKeys(digests or FaceDigests(), (font_name, colour_filter is None, ink_saver), words.scale if machine is None else None, known_inks,
                        drawer.prepared if ink_saver else None, IconInks(icons) if icons is not None else None)  # a plain page's faces are drawn as they are
        writer = _SheetWriter(c, drawer, groups, duplex, font_name, keys, machine, back_offset, words, edges_of)
        try:
            _write_pages(writer, pages, groups, arrive)
        except Redraw:
            rl_stream.abandon(c)
            raise
        writer.drawer.shared.finish()
        data = rl_stream.finished(c, buf)
        writer.stats.shared, writer.stats.page_keys, writer.stats.page_exact = shared_sheets(pages), writer.keys.made, writer.keys.inks
        return data, writer.stats

    try:
        return pdf(arrive)
    except Redraw:
        while arrive is not None and arrive():  # every face in place, the pages are drawn again as one process draws them
            pass
        return pdf(None)


def _check_fold(layout: str, fold_rotation: int) -> None:
    """A layout and fold rotation pnp knows (the CLI offers no other; a caller in code is told at once)."""
    if layout not in ("duplex", "gutterfold"):
        raise ValueError(f"layout must be duplex or gutterfold, got '{layout}'")
    if fold_rotation not in (0, 180):
        raise ValueError(f"fold rotation must be 0 or 180, got {fold_rotation}")


def _mark_pages(pages: list[Page], edge_bleed_mm: float, draft: bool) -> None:
    """Give the card grids their bleed past the outer edges (pnp.render.impose.with_edge_bleed), and a draft's pages
    DRAFT in their labels: art may stand in as placeholders, and no sheet of it passes for a finished print."""
    if edge_bleed_mm:
        for run in (run for page in pages for run in page.bands if type(run.grid) is Sheet):
            run.grid = with_edge_bleed(run.grid, um(edge_bleed_mm))
    if draft:
        for page in pages:
            page.label = tuple(f"DRAFT · {label}" for label in page.label)


def _ask_duplex(c, pages: list[Page], duplex: str) -> None:
    """Tell the print dialog how the sheets print: one-sided when every page is folded or holds pieces with no back
    (printed double-sided, a sheet's fronts would land on another's back), else flipped on the edge asked."""
    if all(isinstance(page.sheet, FoldSheet) or not _backed(page) for page in pages):
        c.setViewerPreference("Duplex", "Simplex")
    elif duplex != "none":
        c.setViewerPreference("Duplex", "DuplexFlipLongEdge" if duplex == "long" else "DuplexFlipShortEdge")


def _write_pages(writer: _SheetWriter, pages: list[Page], groups: list[Group], arrive: Callable[[], bool] | None) -> None:
    """Draw every page in order, then the backs kept for the end. A page showing a PENDING face first takes the faces
    another process rendered (`arrive`, a part at a time while it says more are coming), so the pages before it are
    drawn while that process renders them."""
    backed = writer.duplex != "none" and any(len(writer.sides(page)) > 1 for page in pages)
    waiting = [p for g in groups for p in g.pieces if p.front is PENDING]
    for n, page in enumerate(pages):
        # in a PDF printed double-sided, a sheet with no backs gets a blank back unless it is the last page: without it,
        # the next sheet's fronts would print on its back, and every later back land on the wrong front
        writer.blank_back = backed and n < len(pages) - 1
        while arrive is not None and any(p.front is PENDING for run in page.bands for p in run.pieces):
            if not arrive():
                arrive = None
            waiting = count_arrived(writer.uses, waiting)
        writer.page(page, n + 1)
    writer.deferred_backs()


def _backed(page: Page) -> bool:
    """Whether a piece on `page` has a back."""
    return any(p.back is not None for run in page.bands for p in run.pieces)


class _SheetWriter:
    """Draws the pages of one sheet PDF in order: each fronts page, then its backs page (or all backs at the end when
    printed one-sided), or one gutterfold page holding both; counts pages and pieces in `stats`."""

    def __init__(self, c, drawer: FaceDrawer, groups: list[Group], duplex: str, font_name: str, keys: PageKeys, machine, back_offset,
                 words: SheetWords, edges_of=edges):
        self.c, self.drawer, self.duplex, self.font_name, self.keys, self.machine = c, drawer, duplex, font_name, keys, machine
        self.back_offset, self.words = back_offset, words  # the margins' words, in the edition's language
        self.uses = _uses(groups)
        self.stats = SheetStats()
        self.names = {g.id: g.name for g in groups}
        self.with_backs = {g.id for g in groups if any(p.back is not None for p in g.pieces)}
        self.bookmarked: set = set()
        self.deferred: list = []  # (page, backs) printed after every fronts page (duplex "none")
        self.blank_back = False  # whether the page drawn next, when it has no backs, gets a blank back page
        self.flip = words.backs_long if duplex == "long" else words.backs_short if duplex == "short" else words.backs
        self.edges_of, self.judged = once_per_face(edges_of), {}  # a face's edges, each face's asked once; what each meeting of edges showed

    def page(self, page: Page, number: int) -> None:
        """A fronts page and what goes with it (its backs page, or its backs folded onto it), and its sides' slivers."""
        bookmarks = [(g, self.names[g]) for g in page.groups if g not in self.bookmarked]
        self.bookmarked.update(g for g, _ in bookmarks)
        self.stats.pieces += sum(len(run.pieces) for run in page.bands)
        first = self.stats.pages == 0
        sides = self.sides(page)
        self.stats.slivers += sheet_slivers([(number, side) for side in sides], self.drawer.prepared, self.edges_of, self.judged)
        if isinstance(page.sheet, FoldSheet):
            self._draw(page, sides[0], self.words.folded, scale_bar=first, bookmarks=bookmarks, outline=True)
            return
        fronts = sides[0]
        after = None if self.machine is None else functools.partial(_cutter_furniture, machine=self.machine, stats=self.stats, fronts=fronts)
        self._draw(page, fronts, self.words.fronts, scale_bar=first, bookmarks=bookmarks, after=after, outline=True)
        if len(sides) > 1:
            backs = sides[1]
            if self.duplex == "none":
                self.deferred.append((page, backs))
            else:
                self._draw(page, backs, self.flip, offset=self.back_offset)
        elif self.blank_back:
            self._draw(page, [], self.words.blank_back, offset=self.back_offset)

    def sides(self, page: Page) -> list[list[Placed]]:
        """The page's printed sides (`page_sides`): a backs side when a group on it has backs."""
        return page_sides(page, self.duplex, bool(self.with_backs.intersection(page.groups)))

    def deferred_backs(self) -> None:
        """The backs pages of a one-sided print, after all the fronts."""
        for page, backs in self.deferred:
            self._draw(page, backs, self.words.backs)

    def _draw(self, page: Page, placed, instructions: str, **kwargs) -> None:
        _page(self.c, page, self.drawer, self.uses, placed, (page.label, instructions), self.font_name, self.keys, words=self.words, **kwargs)
        self.stats.pages += 1


def planned_slivers(groups: list[Group], *, game_title: str, paper: str, duplex: str, bleed_mm: float, gutter_mm: float, font_name: str,
                    layout: str = "duplex", fold_rotation: int = 180, ink_saver: bool = False, printable_mm: float = DEFAULT_PRINTABLE_MM,
                    edges_of=edges) -> list[SheetSliver]:
    """The slivers `write_sheets` would report for these groups (`stats.slivers`), without drawing a page: for a
    command that has the faces but prints no sheet (`pnp validate`)."""
    if ink_saver:
        groups = [_frame_common_back(g, game_title, font_name) for g in groups]
    pages = paginate(groups, game_title, paper, gutter_mm, bleed_mm, layout, fold_rotation, printable_mm)
    with_backs = {g.id for g in groups if any(p.back is not None for p in g.pieces)}
    prepared = _kept(lighten_face) if ink_saver else (lambda face: face)
    sides = ((n, side) for n, page in enumerate(pages, 1) for side in page_sides(page, duplex, bool(with_backs.intersection(page.groups))))
    return sheet_slivers(sides, prepared, edges_of)


def _kept(work: Callable[[Face], Face]) -> Callable[[Face], Face]:
    """`work` done once per face (a face placed many times is one value)."""
    done: dict = {}
    return lambda face: done[face] if face in done else done.setdefault(face, work(face))


def _uses(groups: list[Group]) -> Uses:
    """How many pieces show each face (a face shown more than once is drawn as a form); pending faces aside."""
    pieces = [p for g in groups for p in g.pieces]
    return Uses((face for p in pieces for face in (p.front, p.back) if face is not None and face is not PENDING),
                more=any(p.front is PENDING for p in pieces))


def _page(c, page: Page, drawer: FaceDrawer, uses: Uses, placed, footer: tuple[str, str], font_name: str, keys: PageKeys, *, scale_bar=False,
          bookmarks=(), offset=(0.0, 0.0), after: Callable | None = None, words: SheetWords = ENGLISH, outline: bool = False):
    """One side of a sheet: faces at their slots, then cut guides, crop marks, fold line and footer, all moved by `offset` mm.

    `footer` is (label wordings, instructions): a long label gives way to its shorter wording, the instructions never. With
    `outline` (a side that is cut: fronts), pieces of a shape with no straight cut get their cut outline. The page's key goes to `keys`;
    a process that stays up replays a page it drew before under the same key (pnp.render.draw.FaceDrawer.page)."""
    sheet = page.sheet
    c.setPageSize((pt(sheet.page_w), pt(sheet.page_h)))
    for group_id, name in bookmarks:
        key = f"group-{group_id}"
        c.bookmarkPage(key)
        c.addOutlineEntry(name, key, level=0)
    by_grid: dict = {}
    by_run: dict = {}
    run = slots = marked = None
    for p in placed:
        if p.run is not run:  # a run's pieces come together: its grid (a dataclass of 14 fields) is hashed once a run, not a piece
            run = p.run
            slots = by_run.setdefault(run, [])
            marked = by_grid.setdefault(run.grid, []) if run.group.cut_guide is None else None
        slots.append(p.slot)
        if marked is not None:
            marked.append(p.slot)
    marks = tuple((grid, tuple(slots)) for grid, slots in by_grid.items())

    def draw() -> None:
        ox, oy = (v * 72 / 25.4 for v in offset)
        moved = bool(ox or oy)
        if moved:
            # the whole backs sheet shifts, marks included, so cutting along the marks seen on
            # the backs side still matches the cards printed there
            c.saveState()
            c.translate(ox, oy)
        _draw_faces(c, drawer, placed, uses)
        if outline:
            _outlines(c, [(p.run, p.slot, p.face) for p in placed if p.run.group.outlined and not p.rotate])
        for run, slots in by_run.items():
            if run.group.cut_guide is not None:  # the group's own cut guide replaces crop marks (a reference sheet: none)
                run.group.cut_guide(c, slots)
        drawer.overlay(("marks", marks, words.fold), functools.partial(_furniture, marks=marks, font_name=font_name, fold=words.fold), sheet.page_w, sheet.page_h)
        label, keep = footer
        draw_footer(c, sheet.page_w, sheet.page_h, sheet.footer_side, label, font_name, scale_bar, sheet.footer_limit, keep, words.scale,
                    sheet.footer_span(sheet.footer_side) if sheet.avoid else None)
        if moved:
            c.restoreState()

    drawer.page(keys.add(page, placed, uses, footer, scale_bar, offset, marks, outline), draw)
    if after is not None:
        after(c, sheet)
    c.showPage()


def _draw_faces(c, drawer: FaceDrawer, placed, uses: Uses) -> None:
    """Each (run, slot, face, turn) at its slot: whole, or kept to its shape and bleed (a round or hex card, whose outline
    goes around it), or cut back to its trim where a neighbour meets it (a grid bleeding at its outer edges only)."""
    slots = [p.slot for p in placed]
    for run, slot, face, rotate in (p[:4] for p in placed):
        clip = None
        if any(run.grid.edge_bleed):
            x0, y0, x1, y1 = _edge_clip(slot, slots, run.grid.edge_bleed)
            clip = c.beginPath()
            for i, (px, py) in enumerate(((x0, y0), (x1, y0), (x1, y1), (x0, y1))):
                (clip.lineTo if i else clip.moveTo)(pt(px), pt(py))
            clip.close()
        elif run.group.outlined:
            clip = _shape_path(c, run.group.shape, slot, face.bleed)
        if clip is not None:
            c.saveState()
            c.clipPath(clip, stroke=0, fill=0)
        drawer.draw_face(face, pt(slot.x), pt(slot.y), reused=uses[face] > 1, rotate=rotate)
        if clip is not None:
            c.restoreState()


def _edge_clip(slot: Slot, slots: list[Slot], bleed: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
    """The part of a face to show when the grid bleeds at its outer edges only: its trim, grown on each side no other piece
    of the page meets by that side's bleed (µm: the page's left, bottom, right, top), as (x0, y0, x1, y1)."""
    def met(test) -> bool:
        return any(test(other) for other in slots if other is not slot)

    across_y = lambda o: o.y < slot.y + slot.h and slot.y < o.y + o.h  # noqa: E731
    across_x = lambda o: o.x < slot.x + slot.w and slot.x < o.x + o.w  # noqa: E731
    left = 0 if met(lambda o: o.x + o.w == slot.x and across_y(o)) else bleed[0]
    right = 0 if met(lambda o: o.x == slot.x + slot.w and across_y(o)) else bleed[2]
    below = 0 if met(lambda o: o.y + o.h == slot.y and across_x(o)) else bleed[1]
    above = 0 if met(lambda o: o.y == slot.y + slot.h and across_x(o)) else bleed[3]
    return slot.x - left, slot.y - below, slot.x + slot.w + right, slot.y + slot.h + above


OUTLINE_COLOUR, OUTLINE_PT = "#b4b4b4", 0.3  # light and thin: a guide to cut along, never mistaken for the art


def _shape_path(c, shape: Shape, slot: Slot, grow: float):
    """A reportlab path of `shape` in `slot` grown by `grow` mm (the bleed's edge), in page points."""
    w, h = slot.w / 1000, slot.h / 1000
    path = c.beginPath()
    for i, (x, y) in enumerate(shape.outline(w, h, grow)):
        (path.lineTo if i else path.moveTo)(pt(slot.x + x * 1000), pt(slot.y + (h - y) * 1000))
    path.close()
    return path


def _outlines(c, pieces) -> None:
    """The cut outline of each (run, slot, face) of an outlined group (a shape with no straight cut): a thin light line on its trim,
    where the cutter files cut, to cut along by hand (a line at the bleed's edge cut a 50 mm disc 52 mm wide); the art's bleed
    past it covers a cut that wanders off the line."""
    if not pieces:
        return
    c.saveState()
    c.setStrokeColor(OUTLINE_COLOUR)
    c.setLineWidth(OUTLINE_PT)
    c.setLineJoin(1)
    for run, slot, _face in pieces:
        c.drawPath(_shape_path(c, run.group.shape, slot, 0.0), stroke=1, fill=0)
    c.restoreState()


def _cutter_furniture(c, sheet: Sheet, *, machine, stats: SheetStats, fronts) -> None:
    """A cutting machine's marks on a fronts page, its pieces' cut lines listed in `stats` (and drawn as CutContour for a print shop)."""
    from pnp.render.cutters import CutShape, draw_cut_contour  # a build for a cutting machine alone
    page_w, page_h = sheet.page_w / 1000, sheet.page_h / 1000
    shapes = [CutShape(p.run.group.shape, p.slot.x / 1000, page_h - (p.slot.y + p.slot.h) / 1000, p.slot.w / 1000, p.slot.h / 1000)
              for p in fronts]
    machine.draw_marks(c, page_w, page_h)
    if machine.spot:
        draw_cut_contour(c, shapes, page_h)
    stats.cuts.append((stats.pages + 1, page_w, page_h, shapes))


def _furniture(c, marks, font_name: str, fold: str = "fold") -> None:
    """Crop marks around each grid's slots, and on a gutterfold sheet the dashed fold line (once, however many bands) with its labels."""
    for grid, slots in marks:
        draw_crop_marks(c, grid, list(slots))
    folds = {(grid.axis, grid.fold): grid for grid, _ in marks if isinstance(grid, FoldSheet)}  # bands of a sheet share its fold
    for grid in folds.values():
        draw_fold_line(c, grid, font_name, fold)


def draw_fold_line(c, sheet: FoldSheet, font_name: str, label: str = "fold") -> None:
    """A dashed line along the fold, from margin to margin, labelled (`label`, 'fold' in English) at both ends."""
    margin = sheet.limit + FOOTER_BAND_UM + FOOTER_CLEAR_UM  # inside the printable area, clear of a left-hand footer
    c.saveState()
    c.setStrokeColor(FOLD_COLOUR)
    c.setFillColor(FOLD_COLOUR)
    c.setLineWidth(0.5)
    c.setDash(list(FOLD_DASH))
    c.setFont(font_name, 6)
    f = pt(sheet.fold)
    if sheet.axis == "h":
        c.line(pt(margin), f, pt(sheet.page_w - margin), f)
        draw_line(c, pt(margin), f + 2, label, font_name, 6)
        draw_line(c, pt(sheet.page_w - margin), f + 2, label, font_name, 6, "right")
    else:
        c.line(f, pt(margin), f, pt(sheet.page_h - margin))
        for y in (pt(margin), pt(sheet.page_h - margin) - 14):
            c.saveState()
            c.translate(f - 2, y)
            c.rotate(90)
            draw_line(c, 0, 0, label, font_name, 6)
            c.restoreState()
    c.restoreState()


def _frame_common_back(group: Group, game_title: str, font_name: str) -> Group:
    """Ink saver: the back most of a deck's cards share becomes a thin frame with its own drawing in outline (its icon,
    its words; pnp.render.inksaver.frame_back).

    Only a back shared by more than half of the deck's distinct cards counts as
    the deck's back; backs that tell cards apart (an organ type, a faction) keep their content and are lightened like fronts."""
    if group.keep_back:
        return group
    owners: dict = {}
    for p in group.pieces:
        if p.back is not None:
            owners.setdefault(p.back, set()).add(p.label)
    labels = {p.label for p in group.pieces}
    if not owners:
        return group
    common, names = max(owners.items(), key=lambda kv: len(kv[1]))
    if len(names) * 2 <= len(labels) or (len(names) < 2 and len(labels) > 1):
        return group
    framed = frame_back(common, game_title, group.name, font_name)
    pieces = [Piece(p.front, framed if p.back == common else p.back, p.label, p.part) for p in group.pieces]
    return dataclasses.replace(group, pieces=pieces)
