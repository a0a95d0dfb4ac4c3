"""The reference sheet and player-aid cards of reference.yaml, in one PDF.

The same sections are laid out twice: densely in two or three columns on
the sheet (a section moves to the next column rather than split, when it
fits one), and flowed across as many player-aid cards as it takes. Both
become faces imposed by write_sheets, so the cards get duplex backs like any
deck. Every text may use Jinja facts, like the rulebook.
"""
from __future__ import annotations

import dataclasses
from typing import NamedTuple

from pnp.core.colour import mix
from pnp.core.errors import PnpError, did_you_mean, error
from pnp.core.units import PAPER_SIZES
from pnp.data.source import loc_at
from pnp.layout.elements import Face, Line, Rect, Text, icons_used
from pnp.outputs.context import GameContext, sheets_pdf
from pnp.outputs.facts import Facts, render
from pnp.outputs.options import Options
from pnp.outputs.rulebook import document_inks, markup_findings
from pnp.render.flowables import Heading, K, Rich, Setter, Stack, Style, Table, TableLook, escape, headings_in, pack, rect, region_elements, text_height
from pnp.render.sheets import Group, Piece

SHEET_MARGIN = (14.0, 16.0)  # mm around the sheet's content: inside the printable area, room for the footer
COLUMN_GAP = 6.0  # mm
CARD_SAFE = 3.5  # mm: text stays inside the 3 mm safe zone
MAX_COPIES = 100
# Base type sizes in points, largest first. The densest (last) size decides how many
# sheet pages or cards the content needs; the largest size that needs no more is used,
# so a short reference reads big instead of filling a corner of the page.
SHEET_SIZES = (11.0, 10.5, 10.0, 9.5, 9.0, 8.5)
CARD_SIZES = (9.5, 9.0, 8.5, 8.0, 7.6)
SMALL_CARD_SIZES = (8.0, 7.5, 7.0, 6.6)  # cards under 66 mm wide


class RefLook:
    """Styles of one reference layout (sheet or card) at base size `size` points."""

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
        self.table = TableLook(cell=Style(body, size * 0.95, 1.25, color=ink), head=Style(body, size * 0.95, 1.25, bold=True, color=self.on_accent),
                               head_fill=accent, stripe=mix(accent, "#ffffff", 0.9), rule=mix(ink, "#ffffff", 0.6), pad=size * 0.4)
        self.title_family = title


def _text(value) -> str:
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value)


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
        self._context = self.facts.context()

    def text(self, value, path: list) -> str:
        text = _text(value)
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
                "loc": loc_at(self.raw, base),
            }
            if sec.table:
                header = [self.text(c, [*base, "table", "header", j]) for j, c in enumerate(sec.table.header)]
                rows = [[self.text(c, [*base, "table", "rows", r, j]) for j, c in enumerate(row)] for r, row in enumerate(sec.table.rows)]
                rendered["table"] = (header or None, rows)
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


def section_blocks(setter: Setter, look: RefLook, sections: list[dict]) -> list:
    """One kept-together stack per section: title, text, numbered steps, bullets, table, icon legend."""
    blocks = []
    hang = look.size * 1.6
    for n, sec in enumerate(sections):
        children = [Heading(setter, sec["title"], look.title, 2, f"ref{n}", toc=False)]
        if sec["text"]:
            children.append(Rich(setter, sec["text"], look.body))
        for i, step in enumerate(sec["steps"], 1):
            children.append(Stack([Rich(setter, step, look.item)], pad=(hang, 0, 0, 0), marker=(setter, f"{i}.", look.number, hang - look.size * 0.4)))
        for bullet in sec["bullets"]:
            children.append(Stack([Rich(setter, bullet, look.item)], pad=(hang, 0, 0, 0), marker=(setter, "•", look.number, hang - look.size * 0.5)))
        if sec["table"]:
            header, rows = sec["table"]
            children.append(Table(setter, header, rows, look.table, space_before=look.size * 0.3, space_after=look.size * 0.5))
        icon_w = look.icon.size * 1.25
        for icon, text in sec["legend"]:
            children.append(Stack([Rich(setter, text, look.item)], pad=(icon_w + look.size * 0.5, 0, 0, 0),
                                  marker=(setter, f":{icon}:", dataclasses.replace(look.icon, align="left"), icon_w)))
        for child in children[1:]:
            child.spaceAfter = max(child.spaceAfter, look.size * 0.25)
        blocks.append(Stack(children, keep=True, space_before=look.size * 1.1, space_after=look.size * 1.1))
    return blocks


def _heights(first: float, rest: float, per_page: int):
    return lambda index: first if index < per_page else rest


def _largest_fitting(sizes, lay, per_page: int = 1):
    """lay(size) → regions, overflow; the largest size needing no more pages (of `per_page` regions) than the smallest size."""
    pages = lambda regions: -(-len(regions) // per_page)  # noqa: E731
    *larger, smallest = sizes
    regions, overflow = lay(smallest)
    best = (smallest, regions, overflow)
    for size in reversed(larger):  # growing: stop at the first size that needs more room
        attempt = lay(size)
        if pages(attempt[0]) > pages(regions) or attempt[1]:
            break
        best = (size, *attempt)
    return best


def _balanced(regions: list, width: float, height: float, columns: int) -> list:
    """The last page's columns made even: the shortest height at which its blocks still fit `columns` columns."""
    if columns < 2 or not regions:
        return regions
    start = (len(regions) - 1) // columns * columns
    blocks = [block for region in regions[start:] for _, block in region]
    lo, hi, best = 0.0, height, regions[start:]
    for _ in range(14):  # to within a point of the best height
        mid = (lo + hi) / 2
        attempt, overflow = pack(blocks, width, mid)
        if len(attempt) <= columns and not overflow:
            hi, best = mid, attempt
        else:
            lo = mid
    return regions[:start] + best


def sheet_faces(gctx: GameContext, ref: Reference, sections: list[dict], paper: str, bleed: float, missing: set) -> tuple[list[Face], tuple, list]:
    """The reference sheet: pages of columns, the first headed with the game and the sheet's title."""
    game = gctx.game
    pw, ph = PAPER_SIZES[paper]
    fw, fh = pw - 2 * SHEET_MARGIN[0], ph - 2 * SHEET_MARGIN[1]
    look = RefLook(gctx, SHEET_SIZES[-1])
    cols = ref.spec.columns
    col_w = ((fw - (cols - 1) * COLUMN_GAP) / cols) * K
    setter = Setter(gctx.layouts, region_h=fh * K)
    setter.missing = missing
    title = Style(look.title_family, 17, 1.1, bold=True, color=look.accent)
    sub = Style(look.body.family, 9.5, 1.2, color=look.ink, align="right")
    band = text_height(1, title) + 10
    small = Style(look.body.family, 7.5, 1.2, color=mix(look.ink, "#ffffff", 0.4), align="right")
    band_rest = text_height(1, small) + 6
    heights = _heights(fh * K - band, fh * K - band_rest, cols)
    size, regions, overflow = _largest_fitting(
        SHEET_SIZES, lambda size: pack(section_blocks(setter, RefLook(gctx, size), sections), col_w, heights), per_page=cols)
    regions = _balanced(regions, col_w, heights(len(regions) - 1), cols)
    look = RefLook(gctx, size)
    pages = []
    heading = ref.text(ref.spec.title, ["title"])
    for p in range(0, max(len(regions), 1), cols):
        els = []
        top = band if p == 0 else band_rest
        if p == 0:
            laid = setter.lay(escape(game.title), fw * K * 0.6, title)
            els.append(Text(0.0, 0.0, laid.ops))
            laid = setter.lay(heading, fw * K * 0.4, sub)
            els.append(Text(fw * 0.6, (text_height(1, title) - text_height(laid.lines, sub)) / K, laid.ops))
        else:
            laid = setter.lay(f"{escape(game.title)} · {heading} (continued)", fw * K, small)
            els.append(Text(0.0, 0.0, laid.ops))
        els.append(Line(0.0, (top - 5) / K, fw, (top - 5) / K, look.accent, 0.6 / K, None))
        for c in range(cols):
            if p + c < len(regions):
                els += region_elements(regions[p + c], c * (col_w + COLUMN_GAP * K), top)
            if c and p + c < len(regions):
                x = c * (col_w + COLUMN_GAP * K) - COLUMN_GAP * K / 2
                els.append(Line(x / K, top / K, x / K, fh - 2, mix(look.ink, "#ffffff", 0.8), 0.3 / K, None))
        pages.append(Face(fw, fh, bleed, tuple(els), icons_used(els)))
    return pages, (fw, fh), _overflowed(overflow, sections, "the reference sheet's columns", ref)


def card_faces(gctx: GameContext, ref: Reference, sections: list[dict], bleed: float, missing: set) -> tuple[list[Face], Face, list]:
    """Player-aid card fronts (as many as the content needs, numbered) and their common back."""
    game = gctx.game
    w, h = ref.spec.card_size
    small = w < 66
    band_h = 8.5 if small else 10.0
    foot_h = 5.0
    setter = Setter(gctx.layouts, region_h=(h - band_h - foot_h - 2) * K)
    setter.missing = missing
    width = (w - 2 * CARD_SAFE) * K
    height = (h - band_h - 2 - foot_h) * K
    size, regions, overflow = _largest_fitting(
        SMALL_CARD_SIZES if small else CARD_SIZES, lambda size: pack(section_blocks(setter, RefLook(gctx, size), sections), width, height))
    look = RefLook(gctx, size)
    heading = ref.text(ref.spec.title, ["title"])
    band_style = Style(look.title_family, 8.5 if small else 10, 1.1, bold=True, color=look.on_accent)
    foot_style = Style(look.body.family, 5.5, 1.1, color=mix(look.ink, "#ffffff", 0.4))
    fronts = []
    for n, region in enumerate(regions, 1):
        els = [Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, look.paper, None, 0.0, 0.0, None),
               Rect(-bleed, -bleed, w + 2 * bleed, band_h + bleed, look.accent, None, 0.0, 0.0, None)]
        laid = setter.fit(heading, width, (band_h - 1.5) * K, band_style, 5.0)
        els.append(Text(CARD_SAFE, 0.75, laid.ops))
        els += region_elements(region, CARD_SAFE * K, (band_h + 2) * K)
        laid = setter.lay(f"{escape(game.title)}   {n} / {len(regions)}", width, dataclasses.replace(foot_style, align="right"))
        els.append(Text(CARD_SAFE, h - foot_h + 0.8, laid.ops))
        fronts.append(Face(w, h, bleed, tuple(els), icons_used(els)))
    back = _back(setter, look, game, heading, w, h, bleed)
    return fronts, back, _overflowed(overflow, sections, f"a {w:g} × {h:g} mm card", ref)


def _back(setter, look, game, heading, w, h, bleed) -> Face:
    title = Style(look.title_family, 15 if w < 66 else 18, 1.1, bold=True, color=look.on_accent, align="center")
    sub = Style(look.body.family, 8, 1.2, color=look.on_accent, align="center")
    inner = (w - 2 * CARD_SAFE) * K
    t = setter.lay(escape(game.title), inner - 8, title)
    s = setter.lay(heading, inner - 8, sub)
    th, sh = text_height(t.lines, title), text_height(s.lines, sub)
    top = (h * K - th - 6 - sh) / 2
    els = (Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, look.accent, None, 0.0, 0.0, None),
           rect(CARD_SAFE * K, CARD_SAFE * K, inner, (h - 2 * CARD_SAFE) * K, None, look.on_accent, 0.8, 2.5 * K),
           Text(CARD_SAFE + 4 / K, top / K, t.ops),
           Text(CARD_SAFE + 4 / K, (top + th + 6) / K, s.ops))
    return Face(w, h, bleed, els, icons_used(els))


def _overflowed(blocks, sections, where: str, ref: Reference) -> list:
    """Errors for content too big for an empty column or card: it would be cut off."""
    out = []
    for block in blocks:
        title = next((h.text for h in headings_in(block)), "")
        sec = next((s for s in sections if s["title"] == title), None)
        loc = sec["loc"] if sec else ref.raw.loc
        out.append(error("reference-overflow", f"section '{title or '?'}' has a part too big for {where} even alone: shorten it or split the table",
                         loc, game=ref.game.slug))
    return out


class PlayerAids(NamedTuple):
    """The player-aid cards alone, for exports: fronts numbered n / N, their common back, and how many sets the game needs."""

    title: str
    size: tuple[float, float]
    fronts: list[Face]
    back: Face
    copies: int


class ReferenceFaces(NamedTuple):
    """The reference's laid-out faces: sheet pages (with their page size), player-aid fronts, their back and the number of sets."""

    pages: list
    page_size: tuple
    fronts: list
    back: Face
    copies: int


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
        fronts, back, overflow = card_faces(gctx, ref, sections, bleed, missing)
    except ValueError as exc:
        return None, [*ref.findings, error("reference-layout", str(exc), ref.raw.loc, game=game.slug)]
    findings = ref.findings + ref.facts.warnings + overflow
    if missing:
        chars = ", ".join(f"'{c}' (U+{ord(c):04X})" for c in sorted(missing))
        findings.append(error("missing-glyph", f"characters missing from the reference's fonts and their fallback: {chars}: replace them or choose another font", ref.raw.loc, game=game.slug))
    if any(f.severity == "error" for f in findings):
        return None, findings
    return PlayerAids(ref.text(ref.spec.title, ["title"]), tuple(ref.spec.card_size), fronts, back, copies), findings


def reference_faces(gctx: GameContext, options: Options) -> tuple[ReferenceFaces | None, list]:
    """Lay out the reference sheet and player-aid cards: (faces, findings); faces is None when they cannot be laid out.

    Shared by the reference PDF and the live preview, so both show and report the same."""
    game = gctx.game
    ref = Reference(gctx)
    sections = ref.sections()
    copies = ref.copies()
    bleed, missing = options.bleed_mm, set()
    gctx.layouts.markup_problems.clear()
    try:
        pages, page_size, over_sheet = sheet_faces(gctx, ref, sections, options.paper, bleed, missing)
        fronts, back, over_cards = card_faces(gctx, ref, sections, bleed, missing)
    except ValueError as exc:
        return None, [*ref.findings, error("reference-layout", str(exc), ref.raw.loc, game=game.slug)]
    findings = ref.findings + ref.facts.warnings + over_sheet + over_cards + markup_findings(gctx, ref.raw.path)
    if missing:
        chars = ", ".join(f"'{c}' (U+{ord(c):04X})" for c in sorted(missing))
        findings.append(error("missing-glyph", f"characters missing from the reference's fonts and their fallback: {chars}: replace them or choose another font", ref.raw.loc, game=game.slug))
    return ReferenceFaces(pages, page_size, fronts, back, copies), findings


def build_reference(gctx: GameContext, options: Options):
    """Reference PDF of a game (sheet, then player-aid cards): ([(file name, bytes, stats)], findings)."""
    game = gctx.game
    if game.reference is None or game.reference_data is None:
        return [], []
    laid, findings = reference_faces(gctx, options)
    if laid is None or any(f.severity == "error" for f in findings):
        return [], findings
    pages, page_size, fronts, back, copies = laid
    blank = Face(page_size[0], page_size[1], options.bleed_mm, (), frozenset())
    sheet = [Piece(pages[i], pages[i + 1] if i + 1 < len(pages) else blank, f"reference sheet page {i + 1}") for i in range(0, len(pages), 2)]
    groups = [Group("reference-sheet", "Reference sheet", page_size, sheet, cut_guide=lambda c, slots: None)]
    aids = [Piece(front, back, f"player aid {n}/{len(fronts)}") for _ in range(copies) for n, front in enumerate(fronts, 1)]
    if aids:
        groups.append(Group("player-aids", "Player aids", tuple(game.reference.card_size), aids))
    try:
        data, stats = sheets_pdf(gctx, options, groups, "reference")
    except ValueError as exc:
        return [], [*findings, error("sheet-fit", str(exc), game.reference_data.loc_of("card_size"), game=game.slug)]
    return [(f"{game.slug}-reference.pdf", data, {"pages": stats.pages, "pieces": len(aids), "sheet_pages": len(pages), "cards": len(fronts)})], findings
