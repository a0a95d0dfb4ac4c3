"""The reference sheet of reference.yaml, and the reference PDF: the sheet with the player aids (pnp.outputs.player_aids).

The reference sheet is one page when its sections fit one page at
MIN_SHEET_PT, else the fewest pages at that size. Its type is the largest size,
up to MAX_SHEET_PT, that needs no more pages, so a short reference reads big
and fills its page; the columns of each page are balanced, and a section moves
whole to the next column when it fits one. The sheet never has a blank back:
when its page count is odd, the back carries the aid-only sections (the turn
summary) if there are any; otherwise the sheet prints after the player aids,
where it needs no back at all. Every text may use Jinja facts, like the rulebook
(pnp.outputs.reference_sections).
"""
from __future__ import annotations

import dataclasses
from typing import NamedTuple

from pnp.core.colour import mix
from pnp.core.errors import error
from pnp.core.units import paper_size
from pnp.data.words import ENGLISH, SheetWords, sheet_words
from pnp.layout.elements import Face, Line, Tagged, Text, icons_used
from pnp.outputs.aid_template import template_loc, templated, traced_origins
from pnp.outputs.context import GameContext, SheetsFile, sheets_pdf
from pnp.outputs.options import Options
from pnp.outputs.player_aids import AidCard, card_faces
from pnp.outputs.reference_sections import (
    Fitted,
    Reference,
    RefLook,
    largest_fitting,
    missing_glyphs,
    on_sheet,
    overflowed,
    section_blocks,
    summary,
    type_sizes,
)
from pnp.outputs.rulebook.look import LARGE_PRINT_PT
from pnp.outputs.sheet_slivers import sliver_findings
from pnp.outputs.stats import FileStats
from pnp.render.columns import balance, spread, used_height
from pnp.render.flowables import pack, region_elements
from pnp.render.sheet_plan import Group, Piece
from pnp.render.text_setting import K, Setter, Style, escape, group, text_height

SHEET_MARGIN = (14.0, 16.0)  # mm around the sheet's content: inside the printable area, room for the footer
COLUMN_GAP = 6.0  # mm
MIN_SHEET_PT = 7.5  # the smallest readable text on the reference sheet
MAX_SHEET_PT = 16.0  # a short sheet grows to fill its page, up to type read across the table, not into poster type
MAX_LARGE_SHEET_PT = 20.0  # the same in large print
SHEET_SIZES = type_sizes(MIN_SHEET_PT, MAX_SHEET_PT)
LARGE_SHEET_SIZES = type_sizes(LARGE_PRINT_PT, MAX_LARGE_SHEET_PT)  # --large-print: the sheet's least size is the rulebook's


@dataclasses.dataclass
class SheetFrame:
    """Where the sheet's columns go on a page of `paper`: sizes in mm, column width and heights in points."""

    gctx: GameContext
    paper: str
    columns: int
    least: float = MIN_SHEET_PT  # its smallest text, the heading's and running line's too: LARGE_PRINT_PT in large print

    def __post_init__(self):
        pw, ph = paper_size(self.paper)
        self.w, self.h = pw - 2 * SHEET_MARGIN[0], ph - 2 * SHEET_MARGIN[1]
        look = RefLook(self.gctx, self.least)
        self.title = Style(look.title_family, max(17, self.least + 3), 1.1, bold=True, color=look.accent)
        self.sub = Style(look.body.family, max(9.5, self.least), 1.2, color=look.ink, align="right")
        self.small = Style(look.body.family, max(7.5, self.least), 1.2, color=mix(look.ink, "#ffffff", 0.4))
        self.band = text_height(1, self.title) + 10  # first page: the game's title and the sheet's
        self.band_rest = text_height(1, self.small) + 6  # later pages: one small running line
        self.col_w = ((self.w - (self.columns - 1) * COLUMN_GAP) / self.columns) * K

    def top(self, page: int) -> float:
        return self.band if page == 0 else self.band_rest

    def height(self, region: int) -> float:
        """The height in points of column region `region` (the first page's columns are shorter: the title band)."""
        return self.h * K - self.top(0 if region < self.columns else 1)

    def pages(self, regions: list) -> int:
        return -(-len(regions) // self.columns)


def lay_sheet(gctx: GameContext, frame: SheetFrame, sections: list[dict], missing: set, sizes: tuple[float, ...] = SHEET_SIZES) -> Fitted:
    """The sheet's sections in balanced columns at the largest readable size of `sizes` that needs no more pages than the
    smallest."""
    setter = Setter(gctx.layouts, region_h=frame.h * K)
    setter.missing = missing
    fitted = largest_fitting(sizes, lambda size: pack(section_blocks(setter, RefLook(gctx, size), sections), frame.col_w, frame.height), frame.pages)
    return fitted._replace(regions=spread(balance(fitted.regions, frame.col_w, frame.height, frame.columns), frame.height, frame.columns))


def sheet_fill(frame: SheetFrame, regions: list) -> float:
    """How much of the sheet's column area its text covers, 0–1 (balanced columns of a full page give about 1)."""
    if not regions:
        return 0.0
    used = sum(used_height(region) for region in regions)
    return used / sum(frame.height(i) for i in range(frame.pages(regions) * frame.columns))


def sheet_pages(gctx: GameContext, frame: SheetFrame, fitted: Fitted, heading: str, running: str, bleed: float) -> list[Face]:
    """The pages of laid-out columns: the first headed with the game's title and `heading`, later ones with `running`."""
    game = gctx.game
    look = RefLook(gctx, fitted.size)
    setter = Setter(gctx.layouts)
    cols, col_w, fw, fh = frame.columns, frame.col_w, frame.w, frame.h
    pages = []
    for p in range(0, len(fitted.regions), cols):
        els = []
        top = frame.top(p)
        if p == 0:
            laid = setter.lay(escape(game.title), fw * K * 0.6, frame.title)
            els.append(Tagged(group(0, 0, (Text(0.0, 0.0, laid.ops),)), "H1"))  # a reader's first words: the game, then which sheet
            laid = setter.lay(heading, fw * K * 0.4, frame.sub)
            els.append(Tagged(group(0, 0, (Text(fw * 0.6, (text_height(1, frame.title) - text_height(laid.lines, frame.sub)) / K, laid.ops),)), "P"))
        else:
            laid = setter.lay(f"{escape(game.title)} · {running}", fw * K, frame.small)
            els.append(Text(0.0, 0.0, laid.ops))
        els.append(Line(0.0, (top - 5) / K, fw, (top - 5) / K, look.accent, 0.6 / K, None))
        for c in range(cols):
            if p + c < len(fitted.regions):
                els += region_elements(fitted.regions[p + c], c * (col_w + COLUMN_GAP * K), top, tagged=True)
            if c and p + c < len(fitted.regions):
                x = c * (col_w + COLUMN_GAP * K) - COLUMN_GAP * K / 2
                els.append(Line(x / K, top / K, x / K, fh - 2, mix(look.ink, "#ffffff", 0.8), 0.3 / K, None))
        pages.append(Face(fw, fh, bleed, tuple(els), icons_used(els)))
    return pages


class Sheet(NamedTuple):
    """The reference sheet: its pages in print order (the summary back last), their size, type size and fill."""

    pages: list[Face]
    page_size: tuple[float, float]
    size: float
    fill: float
    glance: bool = False  # whether it prints the aid-only sections on its back ("At a glance")


def sheet_faces(gctx: GameContext, ref: Reference, sections: list[dict], paper: str, bleed: float, missing: set,
                large: bool = False) -> tuple[Sheet, list]:
    """The reference sheet's pages of `sections` (sheet-only and shared), and the aid summary on a back that would be
    blank; in large print (`large`) at LARGE_PRINT_PT and up, in half the columns."""
    sizes = LARGE_SHEET_SIZES if large else SHEET_SIZES
    frame = SheetFrame(gctx, paper, max(1, ref.spec.columns // 2) if large else ref.spec.columns, sizes[0])
    heading = ref.text(ref.spec.title, ["title"])
    main = on_sheet(sections)
    fitted = lay_sheet(gctx, frame, main, missing, sizes) if main else Fitted(sizes[0], [], [])
    pages = sheet_pages(gctx, frame, fitted, heading, f"{heading} (continued)", bleed)
    findings = overflowed(fitted.overflow, sections, "the reference sheet's columns", ref)
    back = summary(sections)
    extra: list[Face] = []
    if back and len(pages) % 2 == 1:
        at_a_glance = lay_sheet(gctx, frame, back, missing, sizes)
        extra = sheet_pages(gctx, frame, at_a_glance, "At a glance", "At a glance (continued)", bleed)
        findings += overflowed(at_a_glance.overflow, sections, "the reference sheet's columns", ref)
    return Sheet(pages + extra, (frame.w, frame.h), fitted.size, sheet_fill(frame, fitted.regions), bool(extra)), findings


class ReferenceFaces(NamedTuple):
    """The reference's laid-out faces: the sheet, the player-aid cards and the number of sets."""

    sheet: Sheet
    cards: list[AidCard]
    copies: int

    @property
    def sheet_last(self) -> bool:
        """An odd page count with nothing for its back: the sheet prints after the aids, so no page is blank."""
        return len(self.sheet.pages) % 2 == 1 and bool(self.cards and self.copies)


def reference_faces(gctx: GameContext, options: Options) -> tuple[ReferenceFaces | None, list]:
    """Lay out the reference sheet and player-aid cards: (faces, findings); faces is None when they cannot be laid out.

    Shared by the reference PDF and the live preview, so both show and report the same. The rulebook's builder (and
    Platypus with it) is imported here, by the one call that reads the markup: importing this module costs nothing of it."""
    from pnp.outputs.rulebook.build import markup_findings

    game = gctx.game
    ref = Reference(gctx)
    sections = ref.sections()
    copies = ref.copies()
    bleed, missing = options.bleed_mm, set()
    gctx.layouts.markup_problems.clear()
    try:
        sheet, over_sheet = sheet_faces(gctx, ref, sections, options.paper, bleed, missing, options.large_print)
        read = frozenset() if sheet.glance else frozenset(("ref", s["n"]) for s in summary(sections))  # else read nowhere
        cards, over_cards = card_faces(gctx, ref, sections, bleed, missing, read, options.ink_saver, options.large_print)
    except ValueError as exc:
        return None, [*ref.findings, error("reference-layout", str(exc), ref.raw.loc, game=game.slug)]
    findings = ref.findings + ref.facts.warnings + over_sheet + over_cards + markup_findings(gctx, ref.raw.path) + missing_glyphs(missing, ref)
    return ReferenceFaces(sheet, cards, copies), findings


def sheet_groups(laid: ReferenceFaces, words: SheetWords = ENGLISH) -> list[Group]:
    """The sheet's pages as page-sized pieces: pairs printed back to back, an odd last page alone (no blank back); their
    names (the footers print them) in `words`' language."""
    pages, size = laid.sheet.pages, laid.sheet.page_size
    pairs = [Piece(pages[i], pages[i + 1], f"reference sheet pages {i + 1}–{i + 2}") for i in range(0, len(pages) - 1, 2)]
    groups = [Group("reference-sheet", words.reference, size, pairs, cut_guide=lambda c, slots: None)] if pairs else []
    if len(pages) % 2:
        name = words.reference_last if pairs else words.reference
        groups.append(Group("reference-sheet-end", name, size, [Piece(pages[-1], None, f"reference sheet page {len(pages)}")], cut_guide=lambda c, slots: None))
    return groups


def _cut_aids(gctx: GameContext, options: Options, sheet_groups: list[Group], aid_groups: list[Group], aids: int) -> list:
    """With a cutting machine: the reference sheet as always (no marks: it fills its page), and the player aids on a PDF
    of their own, `<game>-player-aids.pdf`, with the machine's marks and cut files (or CutContour) like any card."""
    game = gctx.game
    out = []
    if sheet_groups:
        data, stats = sheets_pdf(gctx, dataclasses.replace(options, cutter=""), sheet_groups, SheetsFile("reference", f"{game.slug}-reference.pdf", tagged=True))
        out.append((f"{game.slug}-reference.pdf", data, FileStats(stats.pages, 0, page_keys=stats.page_keys)))
    data, stats = sheets_pdf(gctx, options, aid_groups, SheetsFile("player aids", f"{game.slug}-player-aids.pdf"))
    out.append((f"{game.slug}-player-aids.pdf", data, FileStats(stats.pages, aids, page_keys=stats.page_keys, cuts=stats.cuts)))
    return out


def build_reference(gctx: GameContext, options: Options):
    """Reference PDF of a game (sheet, then player-aid cards; the sheet last when that spares a blank back): ([(file name, bytes, stats)], findings)."""
    game = gctx.game
    if game.reference is None or game.reference_data is None:
        return [], []
    laid, findings = reference_faces(gctx, options)
    if laid is None or any(f.severity == "error" for f in findings):
        return [], findings
    aids = [Piece(card.front, card.back, f"player aid {n}/{len(laid.cards)}") for _ in range(laid.copies) for n, card in enumerate(laid.cards, 1)]
    words = sheet_words(game)
    aid_groups = [Group("player-aids", words.player_aids, tuple(game.reference.card_size), aids)] if aids else []
    groups = aid_groups + [dataclasses.replace(g, print_last=True) for g in sheet_groups(laid, words)] if laid.sheet_last else sheet_groups(laid, words) + aid_groups
    try:
        if options.cutter and aid_groups:
            return _cut_aids(gctx, options, [g for g in groups if g not in aid_groups], aid_groups, len(aids)), findings
        # a reference sheet fills its page: a cutting machine's marks would take the room it needs (its aids print apart: _cut_aids)
        data, stats = sheets_pdf(gctx, dataclasses.replace(options, cutter=""), groups, SheetsFile("reference", f"{game.slug}-reference.pdf", tagged=True))
    except ValueError as exc:
        return [], [*findings, error("sheet-fit", str(exc), game.reference_data.loc_of("card_size"), game=game.slug)]
    # an aid drawn by pnp: a sliver is placed at the aid's size, the setting that chooses its layout; one drawn by its own
    # template: at the line that drew the edge (drawn again, traced), else at `template:`
    where = game.reference_data.loc_of("card_size") if "card_size" in game.reference_data else game.reference_data.loc
    origins = traced_origins(gctx, options.bleed_mm, options.ink_saver) if stats.slivers and templated(game) else {}
    where = template_loc(game) if templated(game) else where
    findings += sliver_findings(stats.slivers, "the reference's sheets", game.slug, lambda placed: (f"{placed.piece.label} {placed.side}", where), origins)
    return [(f"{game.slug}-reference.pdf", data, FileStats(stats.pages, len(aids), page_keys=stats.page_keys))], findings
