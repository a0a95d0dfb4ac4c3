"""The reference sheet and player-aid cards of reference.yaml, in one PDF.

A section prints on both by default; `only: sheet` keeps it to the sheet (the
full rules) and `only: aid` to the player aid (a summary of the turn).

The player aid is a double-sided card: its sections flow over the front and
then the back, so one card per player holds two faces of content, and each
card's two sides are balanced (like a page's columns) so neither is crammed
while the other is left blank. Its type is
the largest size, down to MIN_AID_PT, that needs no more cards than the
smallest; when even MIN_AID_PT needs more than one card per player, a warning
says how many and what to do.

The reference sheet is one page when its sections fit one page at
MIN_SHEET_PT, else the fewest pages at that size. Its type is the largest size,
up to MAX_SHEET_PT, that needs no more pages, so a short reference reads big
and fills its page; the columns of each page are balanced, and a section moves
whole to the next column when it fits one. The sheet never has a blank back:
when its page count is odd, the back carries the aid-only sections (the turn
summary) if there are any; otherwise the sheet prints after the player aids,
where it needs no back at all. Every text may use Jinja facts, like the rulebook.
"""
from __future__ import annotations

import dataclasses
from typing import NamedTuple

from pnp.core.colour import mix, required_contrast, until_contrast
from pnp.core.errors import Loc, PnpError, did_you_mean, error, warning
from pnp.core.units import number_as_written, paper_size
from pnp.data.source import loc_at
from pnp.data.words import ENGLISH, SheetWords, sheet_words
from pnp.layout.elements import Face, Line, Rect, Tagged, Text, icons_used
from pnp.layout.failure_words import glyphs_found
from pnp.layout.scripts import missing_message
from pnp.outputs.aid_template import aid_face, template_loc, templated, traced_origins
from pnp.outputs.context import GameContext, SheetsFile, sheets_pdf
from pnp.outputs.facts import Facts, render
from pnp.outputs.options import Options
from pnp.outputs.rulebook.look import LARGE_PRINT_PT, document_inks
from pnp.outputs.sheet_slivers import sliver_findings
from pnp.outputs.stats import FileStats
from pnp.render.columns import balance, spread, used_height
from pnp.render.flowables import Heading, Rich, Stack, marker_pad, pack, region_elements
from pnp.render.sheet_plan import Group, Piece
from pnp.render.tables import Table, TableLook
from pnp.render.text_setting import K, Setter, Style, escape, group, rect, text_height

SHEET_MARGIN = (14.0, 16.0)  # mm around the sheet's content: inside the printable area, room for the footer
COLUMN_GAP = 6.0  # mm
CARD_SAFE = 3.5  # mm: text and page counters stay inside the 3 mm safe zone, with half a millimetre to spare
# The aid's coloured title band (and the decorative back's panel) stop this far inside the trim: aids print side by side
# on shared cuts, and a band run to the edge would leave a sliver of it on the paper-coloured foot of the aid above
BAND_INSET = 2.0  # mm
BAND_RADIUS = 1.5  # mm
MAX_COPIES = 100
COMPONENTS_HERE = "\x1f"  # what `components()` leaves in a section's text: the place of the components table
SIZE_STEP = 0.25  # pt between the type sizes tried
MIN_AID_PT = 6.5  # the smallest text on a player aid (issue 21): every run on a card, footer and table cells included
MAX_AID_PT = 13.0  # a short aid grows until its card is full: the card count, not this cap, usually stops it
MAX_SMALL_AID_PT = 8.0  # cards under 66 mm wide: a narrow measure breaks large type into too many short lines
MIN_SHEET_PT = 7.5  # the smallest readable text on the reference sheet
MAX_SHEET_PT = 16.0  # a short sheet grows to fill its page, up to type read across the table, not into poster type
MAX_LARGE_SHEET_PT = 20.0  # the same in large print
FACES_PER_CARD = 2  # a player aid prints on both sides


def type_sizes(smallest: float, largest: float) -> tuple[float, ...]:
    """Type sizes from `smallest` to `largest` points, SIZE_STEP apart, ascending."""
    steps = round((largest - smallest) / SIZE_STEP)
    return tuple(round(smallest + i * SIZE_STEP, 2) for i in range(steps + 1))


SHEET_SIZES = type_sizes(MIN_SHEET_PT, MAX_SHEET_PT)
LARGE_SHEET_SIZES = type_sizes(LARGE_PRINT_PT, MAX_LARGE_SHEET_PT)  # --large-print: the sheet's least size is the rulebook's
CARD_SIZES = type_sizes(MIN_AID_PT, MAX_AID_PT)
SMALL_CARD_SIZES = type_sizes(MIN_AID_PT, MAX_SMALL_AID_PT)


class RefLook:
    """Styles of one reference layout (sheet or card) at base size `size` points; no text is smaller than `size`."""

    def __init__(self, gctx: GameContext, size: float):
        game = gctx.game
        layouts = gctx.layouts
        body, title = layouts.family("body"), layouts.family("title")
        ink, accent, self.on_accent, self.paper = document_inks(game)
        self.ink, self.accent = ink, accent
        self.size = size
        self.body = Style(body, size, 1.28, color=ink, space_after=size * 0.35)
        self.item = dataclasses.replace(self.body, space_after=size * 0.2)
        self.title = Style(title, size * 1.3, 1.15, bold=True, color=accent, space_after=size * 0.45)
        self.number = dataclasses.replace(self.item, bold=True, color=accent, align="right")
        self.icon = dataclasses.replace(self.item, size=size * 1.35, color=ink)
        self.table = TableLook(cell=Style(body, size, 1.25, color=ink), head=Style(body, size, 1.25, bold=True, color=self.on_accent),
                               head_fill=accent, stripe=mix(accent, "#ffffff", 0.9), rule=mix(ink, "#ffffff", 0.6), pad=size * 0.4)
        self.title_family = title


class Reference:
    """reference.yaml with its texts rendered (facts filled in) and their places kept for messages."""

    def __init__(self, gctx: GameContext):
        game = gctx.game
        self.gctx, self.game = gctx, gctx.game
        self.raw = game.reference_data
        self.spec = game.reference
        self.findings: list = []
        self.facts = Facts(gctx)
        self.facts.where = self.raw.loc
        self._context = {**self.facts.context(), "components": lambda: COMPONENTS_HERE}  # a section's table, not Markdown

    def text(self, value, path: list) -> str:
        text = number_as_written(value)
        if "{" not in text:
            return text
        loc = loc_at(self.raw, path)
        try:
            return render(self.gctx, text, self._context, loc, self.game.slug, "reference")
        except PnpError as exc:
            self.findings.extend(exc.findings)
            return text

    def sections(self) -> list[dict]:
        out = []
        icons = self.gctx.layouts.icons
        for i, sec in enumerate(self.spec.sections):
            base = ["sections", i]
            rendered = {
                "title": self.text(sec.title, [*base, "title"]),
                "text": self.text(sec.text, [*base, "text"]) if sec.text else "",
                "steps": [self.text(s, [*base, "steps", j]) for j, s in enumerate(sec.steps)],
                "bullets": [self.text(s, [*base, "bullets", j]) for j, s in enumerate(sec.bullets)],
                "table": None,
                "legend": [],
                "only": None if sec.only == "aid" and self.spec.template else sec.only,  # a drawn aid: its sections print on the sheet
                "loc": loc_at(self.raw, base),
                "n": i,  # its place in reference.yaml: its structure elements' keys in a tagged PDF
            }
            if sec.table:
                header = [self.text(c, [*base, "table", "header", j]) for j, c in enumerate(sec.table.header)]
                rows = [[self.text(c, [*base, "table", "rows", r, j]) for j, c in enumerate(row)] for r, row in enumerate(sec.table.rows)]
                rendered["table"] = (header or None, rows)
            if COMPONENTS_HERE in rendered["text"]:  # `{{ components() }}`: the components list as the section's table
                rendered["text"] = rendered["text"].replace(COMPONENTS_HERE, "").strip()
                if sec.table:
                    self.findings.append(error("reference-two-tables", "this section has a table: of its own and components() in its text: move "
                                               "components() to a section of its own", loc_at(self.raw, [*base, "text"]), game=self.game.slug))
                rendered["table"] = rendered["table"] or self.facts.component_table() or (None, [["This game has no printed components yet."]])
            for j, item in enumerate(sec.legend):
                if not icons.exists(item.icon):
                    self.findings.append(error("icon-unknown", f"unknown icon '{item.icon}'{did_you_mean(item.icon, icons.names())}: add templates/icons/{item.icon}.svg",
                                               loc_at(self.raw, [*base, "legend", j, "icon"]), game=self.game.slug))
                    continue
                rendered["legend"].append((item.icon, self.text(item.text, [*base, "legend", j, "text"])))
            out.append(rendered)
        return out

    def copies(self) -> int:
        """Player-aid sets: a number, or a path into game.yaml such as players.max."""
        value = self.spec.copies
        loc = self.raw.loc_of("copies")
        if isinstance(value, str):
            path = value.strip().removeprefix("game.")
            node = self.game.data
            for step in path.split("."):
                node = node.get(step) if isinstance(node, dict) else None
            if isinstance(node, bool) or not isinstance(node, int):
                self.findings.append(error("reference-copies", f"copies '{value}' names no whole number in game.yaml: write a number or a path like players.max", loc, game=self.game.slug))
                return 1
            value = node
        if not 0 <= value <= MAX_COPIES:
            self.findings.append(error("reference-copies", f"copies must be between 0 and {MAX_COPIES}, got {value}", loc, game=self.game.slug))
            return 1
        return value


def on_sheet(sections: list[dict]) -> list[dict]:
    """The sections the reference sheet prints: all but `only: aid`."""
    return [s for s in sections if s["only"] != "aid"]


def on_aid(sections: list[dict]) -> list[dict]:
    """The sections the player aid prints: all but `only: sheet`."""
    return [s for s in sections if s["only"] != "sheet"]


def summary(sections: list[dict]) -> list[dict]:
    """The aid-only sections: the turn summary that may fill the sheet's back."""
    return [s for s in sections if s["only"] == "aid"]


def section_blocks(setter: Setter, look: RefLook, sections: list[dict]) -> list:
    """One kept-together stack per section: title, text, numbered steps, bullets, table, icon legend. In a tagged PDF the
    title is a heading (H2), the steps, bullets and legend lists (L, each line an LI; a legend's icon a Figure named)."""
    blocks = []
    hang = look.size * 1.6
    for sec in sections:
        n = sec["n"]
        children = [Heading(setter, sec["title"], look.title, 2, f"ref{n}", toc=False)]
        if sec["text"]:
            children.append(Rich(setter, sec["text"], look.body))
        for i, step in enumerate(sec["steps"], 1):
            children.append(Stack([Rich(setter, step, look.item)], pad=marker_pad(setter, hang), marker=(setter, f"{i}.", look.number, hang - look.size * 0.4),
                                  role="LI", in_list=(n, "steps"), key=(n, "steps", i)))
        for i, bullet in enumerate(sec["bullets"]):
            children.append(Stack([Rich(setter, bullet, look.item)], pad=marker_pad(setter, hang), marker=(setter, "•", look.number, hang - look.size * 0.5),
                                  role="LI", in_list=(n, "bullets"), key=(n, "bullets", i)))
        if sec["table"]:
            header, rows = sec["table"]
            children.append(Table(setter, header, rows, look.table, space_before=look.size * 0.3, space_after=look.size * 0.5))
        icon_w = look.icon.size * 1.25
        for i, (icon, text) in enumerate(sec["legend"]):
            children.append(Stack([Rich(setter, text, look.item)], pad=marker_pad(setter, icon_w + look.size * 0.5),
                                  marker=(setter, f":{icon}:", dataclasses.replace(look.icon, align="left"), icon_w),
                                  role="LI", in_list=(n, "legend"), key=(n, "legend", i)))
        for child in children[1:]:
            child.spaceAfter = max(child.spaceAfter, look.size * 0.25)
        blocks.append(Stack(children, keep=True, space_before=look.size * 1.1, space_after=look.size * 1.1, key=("ref", n)))
    return blocks


class Fitted(NamedTuple):
    """Sections packed at one type size: the regions (columns or card faces) and the blocks too big for an empty one."""

    size: float
    regions: list
    overflow: list


def _pieces(regions: list) -> int:
    """Blocks placed: one per section, one more for each split."""
    return sum(len(region) for region in regions)


def largest_fitting(sizes: tuple[float, ...], lay, units) -> Fitted:
    """The largest of `sizes` (ascending) whose layout needs no more units (pages, cards) than the smallest size's, nor splits more sections.

    `lay(size)` packs (regions, overflow); `units(regions)` counts pages or cards.
    Larger type never needs fewer units, so the sizes are bisected."""
    fitted = Fitted(sizes[0], *lay(sizes[0]))
    need, pieces, lo, hi = units(fitted.regions), _pieces(fitted.regions), 1, len(sizes) - 1
    while lo <= hi:
        mid = (lo + hi) // 2
        attempt = Fitted(sizes[mid], *lay(sizes[mid]))
        if units(attempt.regions) <= need and _pieces(attempt.regions) <= pieces and len(attempt.overflow) <= len(fitted.overflow):
            fitted, lo = attempt, mid + 1
        else:
            hi = mid - 1
    return fitted


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
    findings = _overflowed(fitted.overflow, sections, "the reference sheet's columns", ref)
    back = summary(sections)
    extra: list[Face] = []
    if back and len(pages) % 2 == 1:
        at_a_glance = lay_sheet(gctx, frame, back, missing, sizes)
        extra = sheet_pages(gctx, frame, at_a_glance, "At a glance", "At a glance (continued)", bleed)
        findings += _overflowed(at_a_glance.overflow, sections, "the reference sheet's columns", ref)
    return Sheet(pages + extra, (frame.w, frame.h), fitted.size, sheet_fill(frame, fitted.regions), bool(extra)), findings


class AidCard(NamedTuple):
    """One player-aid card: content on its front and, when there is more, on its back."""

    front: Face
    back: Face


@dataclasses.dataclass
class CardFrame:
    """The player-aid card's furniture: a title band at the top, a page counter at the foot, the text between (mm)."""

    gctx: GameContext
    size: tuple[float, float]
    least: float = MIN_AID_PT  # its smallest text: LARGE_PRINT_PT in large print, the band and page counter too

    def __post_init__(self):
        w, h = self.size
        self.small = w < 66
        look = RefLook(self.gctx, self.least)
        self.band_style = Style(look.title_family, max(8.5 if self.small else 10, self.least), 1.1, bold=True, color=look.on_accent)
        # a quiet grey, as dark as it must be to read at its size on the aid's paper (WCAG: pnp.layout.readability)
        quiet = until_contrast(mix(look.ink, "#ffffff", 0.4), look.ink, look.paper, required_contrast(self.least, False) + 0.05)
        self.foot_style = Style(look.body.family, self.least, 1.1, color=quiet, align="right")
        self.band_h = CARD_SAFE + text_height(1, self.band_style) / K + 1.5  # from the trim: the band starts BAND_INSET inside it
        self.foot_top = h - CARD_SAFE - text_height(1, self.foot_style) / K
        self.text_top = self.band_h + 2.0
        self.width = (w - 2 * CARD_SAFE) * K
        self.height = (self.foot_top - 1.0 - self.text_top) * K
        self.sizes = SMALL_CARD_SIZES if self.small else CARD_SIZES
        if self.least > MIN_AID_PT:  # large print: 14 pt and up; more cards per player where the text needs them
            self.sizes = type_sizes(self.least, max(self.least, self.sizes[-1]))


def _cards(regions: list) -> int:
    """Cards needed for `regions` card sides."""
    return -(-len(regions) // FACES_PER_CARD)


def card_faces(gctx: GameContext, ref: Reference, sections: list[dict], bleed: float, missing: set, read: frozenset = frozenset(),
               ink_saver: bool = False, large: bool = False) -> tuple[list[AidCard], list]:
    """Player-aid cards of the aid's sections, front then back (numbered n / N per face), and their findings.

    Each card's sides are balanced; an odd last face (one section that cannot be shared) gets the decorative back
    (the game's title), so every card has two sides. The sections numbered in `read` (aid-only ones the sheet does not
    print) carry their structure for a tagged PDF, whose reader reads them on the first copy of their card. An aid
    with a template of its own (pnp.outputs.aid_template) is one card: the template's drawing, the decorative back."""
    game = gctx.game
    w, h = ref.spec.card_size
    frame = CardFrame(gctx, (w, h), LARGE_PRINT_PT if large else MIN_AID_PT)
    setter = Setter(gctx.layouts, region_h=frame.height)
    setter.missing = missing
    if ref.spec.template:
        try:
            front = aid_face(gctx, bleed, ink_saver)
        except PnpError as exc:
            return [], exc.findings
        return [AidCard(front, _back(setter, RefLook(gctx, frame.least), game, ref.text(ref.spec.title, ["title"]), w, h, bleed))], []
    mine = on_aid(sections)
    if not mine:
        return [], []
    fitted = largest_fitting(frame.sizes, lambda size: pack(section_blocks(setter, RefLook(gctx, size), mine), frame.width, frame.height), _cards)
    fitted = fitted._replace(regions=balance(fitted.regions, frame.width, lambda region: frame.height, FACES_PER_CARD))
    look = RefLook(gctx, fitted.size)
    heading = ref.text(ref.spec.title, ["title"])
    faces = []
    for n, region in enumerate(fitted.regions, 1):
        els = [Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, look.paper, None, 0.0, 0.0, None),
               Rect(BAND_INSET, BAND_INSET, w - 2 * BAND_INSET, frame.band_h - BAND_INSET, look.accent, None, 0.0, BAND_RADIUS, None)]
        band = setter.fit(heading, frame.width, text_height(1, frame.band_style), frame.band_style, frame.least)
        els.append(Text(CARD_SAFE, CARD_SAFE, band.ops))
        els += region_elements(region, CARD_SAFE * K, frame.text_top * K, lambda block: block.key in read)
        laid = setter.lay(f"{escape(game.title)}   {n} / {len(fitted.regions)}", frame.width, frame.foot_style)
        els.append(Text(CARD_SAFE, frame.foot_top, laid.ops))
        faces.append(Face(w, h, bleed, tuple(els), icons_used(els)))
    if len(faces) % 2:
        faces.append(_back(setter, look, game, heading, w, h, bleed))
    cards = [AidCard(faces[i], faces[i + 1]) for i in range(0, len(faces), 2)]
    findings = _overflowed(fitted.overflow, sections, f"a {w:g} × {h:g} mm card", ref)
    if faces and not band.fits:
        findings.append(warning("aid-title-long", f"the player aid's title does not fit on one line of its band on a {w:g} × {h:g} mm card even at "
                                f"{frame.least:g} pt, so it runs out of the band: shorten the title", ref.raw.loc_of("title") if "title" in ref.raw else ref.raw.loc,
                                game=game.slug))
    if len(cards) > 1:
        findings.append(warning("aid-cards", f"the player aid needs {len(cards)} cards per player: its sections fill {len(fitted.regions)} card sides of "
                                             f"{w:g} × {h:g} mm even at {frame.least:g} pt, and one card has {FACES_PER_CARD}. Mark the sections the aid can do "
                                             "without `only: sheet` (the sheet keeps them), shorten them, or choose a larger card_size",
                                ref.raw.loc_of("card_size") if "card_size" in ref.raw else ref.raw.loc, game=game.slug))
    return cards, findings


def _back(setter, look, game, heading, w, h, bleed) -> Face:
    title = Style(look.title_family, 15 if w < 66 else 18, 1.1, bold=True, color=look.on_accent, align="center")
    sub = Style(look.body.family, 8 if look.size < LARGE_PRINT_PT else look.size, 1.2, color=look.on_accent, align="center")
    inner = (w - 2 * CARD_SAFE) * K
    t = setter.lay(escape(game.title), inner - 8, title)
    s = setter.lay(heading, inner - 8, sub)
    th, sh = text_height(t.lines, title), text_height(s.lines, sub)
    top = (h * K - th - 6 - sh) / 2
    els = (Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, look.paper, None, 0.0, 0.0, None),
           Rect(BAND_INSET, BAND_INSET, w - 2 * BAND_INSET, h - 2 * BAND_INSET, look.accent, None, 0.0, BAND_RADIUS, None),
           rect(CARD_SAFE * K, CARD_SAFE * K, inner, (h - 2 * CARD_SAFE) * K, None, look.on_accent, 0.8, 2.5 * K),
           Text(CARD_SAFE + 4 / K, top / K, t.ops),
           Text(CARD_SAFE + 4 / K, (top + th + 6) / K, s.ops))
    return Face(w, h, bleed, els, icons_used(els))


def _overflowed(blocks, sections, where: str, ref: Reference) -> list:
    """Errors for content too big for an empty column or card (it would be cut off), each at its section: found by the
    section's key, which every part split from it keeps, where its heading stays with the first part (a long table's rows
    past a column, said at the file's top as section '?', told the designer neither which section nor where)."""
    out = []
    by_key = {("ref", s["n"]): s for s in sections}
    for block in blocks:
        sec = by_key.get(getattr(block, "key", None))
        title = sec["title"] if sec else ""
        loc = sec["loc"] if sec else ref.raw.loc
        out.append(error("reference-overflow", f"section '{title or '?'}' has a part too big for {where} even alone: shorten it or split the table",
                         loc, game=ref.game.slug))
    return out


def _missing_glyphs(missing: set, ref: Reference) -> list:
    found = glyphs_found(missing_message(missing, "the reference's fonts"), ref.raw, missing) if missing else None  # typed here, or from a name
    return [error("missing-glyph", found[0], found[1] or Loc(ref.raw.loc.path), game=ref.game.slug)] if found else []


class PlayerAids(NamedTuple):
    """The player-aid cards alone, for exports: each card's two sides, and how many sets the game needs."""

    title: str
    size: tuple[float, float]
    cards: list[AidCard]
    copies: int


class ReferenceFaces(NamedTuple):
    """The reference's laid-out faces: the sheet, the player-aid cards and the number of sets."""

    sheet: Sheet
    cards: list[AidCard]
    copies: int

    @property
    def sheet_last(self) -> bool:
        """An odd page count with nothing for its back: the sheet prints after the aids, so no page is blank."""
        return len(self.sheet.pages) % 2 == 1 and bool(self.cards and self.copies)


def player_aids(gctx: GameContext, bleed: float) -> tuple[PlayerAids | None, list]:
    """The game's player-aid cards at `bleed`, with findings; None when the game has no reference.yaml or it has errors."""
    game = gctx.game
    if game.reference is None or game.reference_data is None:
        return None, []
    ref = Reference(gctx)
    sections = ref.sections()
    copies = ref.copies()
    missing: set = set()
    try:
        cards, found = card_faces(gctx, ref, sections, bleed, missing)
    except ValueError as exc:
        return None, [*ref.findings, error("reference-layout", str(exc), ref.raw.loc, game=game.slug)]
    findings = ref.findings + ref.facts.warnings + found + _missing_glyphs(missing, ref)
    if any(f.severity == "error" for f in findings):
        return None, findings
    return PlayerAids(ref.text(ref.spec.title, ["title"]), tuple(ref.spec.card_size), cards, copies), findings


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
    findings = ref.findings + ref.facts.warnings + over_sheet + over_cards + markup_findings(gctx, ref.raw.path) + _missing_glyphs(missing, ref)
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
