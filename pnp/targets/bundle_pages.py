"""The bundle's own pages: cover, contents, component checklist, print settings, assembly steps, and credits.

Only these pages are drawn here; every component page of a bundle is the
very page of the component's own PDF (pnp.targets.bundle concatenates them).
Drawn with Platypus in the project's TrueType font, so every glyph is embedded.
"""
from __future__ import annotations

import io
from copy import copy
from dataclasses import dataclass
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import ListFlowable, ListItem, PageBreak, Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from pnp.core.units import paper_size
from pnp.layout import rl
from pnp.layout.markup import curly_quotes
from pnp.targets.feedback import Fonts

PAPER_NAMES = {"letter": "US Letter (8.5 × 11 in, 215.9 × 279.4 mm)", "a4": "A4 (210 × 297 mm)"}


@dataclass(frozen=True)
class ChecklistLine:
    """One line of the component checklist: what kind of thing, its name, how many, and a detail (size, pieces)."""

    kind: str
    name: str
    count: int
    detail: str


@dataclass(frozen=True)
class PlacedPart:
    """A part of the bundle where it landed: its title, first page (1-based), pages, and flip edge ('long', 'short') or None for one-sided."""

    title: str
    first: int
    pages: int
    duplex: str | None
    stock: str = ""  # what to print it on when not the bundle's paper


@dataclass(frozen=True)
class FrontMatter:
    """What the front pages say: the game, the paper and printer margin the layout assumes, the parts, the checklist and the steps."""

    title: str
    subtitle: str
    pitch: str
    players: str
    paper: str
    printable_mm: float
    ink_saver: bool
    parts: tuple[PlacedPart, ...]
    checklist: tuple[ChecklistLine, ...]
    steps: tuple[str, ...]
    left_out: tuple[str, ...] = ()  # what a build can write that the bundle leaves out on purpose
    drawn_cover: bool = False  # a drawn cover page comes before these pages (pnp.targets.bundle.cover_pdf): no cover of words



def _text(value) -> str:
    """A plain text as a Paragraph prints it exactly: its quotes and apostrophes typographic (as every page of pnp sets
    them), its markup characters escaped."""
    return escape(curly_quotes(str(value)))

def restyled(style: ParagraphStyle, **changes) -> ParagraphStyle:
    """A copy of a paragraph style with some of its values changed."""
    out = copy(style)
    for key, value in changes.items():
        setattr(out, key, value)
    return out


def _styles(fonts: Fonts) -> dict[str, ParagraphStyle]:
    return {"cover": ParagraphStyle("cover", fontName=fonts.bold, fontSize=32, leading=38, alignment=1, spaceBefore=60 * mm, spaceAfter=8 * mm),
            "sub": ParagraphStyle("sub", fontName=fonts.regular, fontSize=14, leading=18, alignment=1, spaceAfter=6 * mm),
            "h": ParagraphStyle("h", fontName=fonts.bold, fontSize=15, leading=19, spaceBefore=4 * mm, spaceAfter=3 * mm),
            "body": ParagraphStyle("body", fontName=fonts.regular, fontSize=10, leading=13, spaceAfter=2 * mm),
            "cell": ParagraphStyle("cell", fontName=fonts.regular, fontSize=9.5, leading=12),
            "head": ParagraphStyle("head", fontName=fonts.bold, fontSize=9.5, leading=12)}


def _table(rows: list[list[str]], st: dict, widths: list[float]) -> Table:
    cells = [[Paragraph(_text(str(v)), st["head" if i == 0 else "cell"]) for v in row] for i, row in enumerate(rows)]
    table = Table(cells, colWidths=widths, repeatRows=1)
    # a Table sets its cells' font even for Paragraph cells: name ours, or reportlab's unembedded Helvetica joins the page
    table.setStyle(TableStyle([("FONTNAME", (0, 0), (-1, -1), st["cell"].fontName), ("LINEBELOW", (0, 0), (-1, 0), 0.6, colors.black), ("LINEBELOW", (0, 1), (-1, -1), 0.25, colors.grey),
                               ("VALIGN", (0, 0), (-1, -1), "TOP")]))
    return table


def _cover(fm: FrontMatter, st: dict) -> list:
    """A cover of words, when the game has no drawn cover; after a drawn one, the edition's line heads the contents."""
    variant = " · ink-saver edition" if fm.ink_saver else ""
    if fm.drawn_cover:
        return [Paragraph(f"{_text(fm.title)} · print-and-play edition · {escape(PAPER_NAMES.get(fm.paper, fm.paper))}{variant}", st["body"])]
    out = [Paragraph(_text(fm.title), st["cover"])]
    out += [Paragraph(_text(text), st["sub"]) for text in (fm.subtitle, fm.pitch, fm.players) if text]
    out += [Paragraph(f"Print-and-play edition · {escape(PAPER_NAMES.get(fm.paper, fm.paper))}{variant}", st["sub"]), PageBreak()]
    return out


def _sides(part: PlacedPart) -> str:
    return f"double-sided, flip on the {part.duplex} edge" if part.duplex else "one-sided"


def _settings(fm: FrontMatter, st: dict, width: float) -> list:
    """Print settings: scale, paper, margin, and which page ranges print double-sided on which edge."""
    lines = [f"Paper: {PAPER_NAMES.get(fm.paper, fm.paper)}. Print at 100 % scale (“actual size”); never “fit to page”, or the cards come out the wrong size.",
             f"The layout keeps every mark and footer at least {fm.printable_mm:.1f} mm inside the paper's edge: a printer that cannot print that close "
             "to the edge loses the outer crop marks; the cards and pieces themselves lie further in.",
             "Print the page ranges below one run at a time. A double-sided run starts on an odd page, so its fronts and backs stay paired; "
             "a blank page was added where needed."]
    rows = [["Pages", "Part", "Sides", "Print on"]] + [[_range(p), p.title, _sides(p), p.stock or "this paper"] for p in fm.parts]
    story = [Paragraph("Print settings", st["h"]), *[Paragraph(_text(t), st["body"]) for t in lines],
             _table(rows, st, [width * 0.13, width * 0.3, width * 0.25, width * 0.32])]
    if fm.left_out:
        story += [Paragraph("Not in this bundle", st["h"]), *[Paragraph(_text(t), st["body"]) for t in fm.left_out]]
    return story


def _range(part: PlacedPart) -> str:
    return str(part.first) if part.pages == 1 else f"{part.first}–{part.first + part.pages - 1}"


def front_story(fm: FrontMatter, st: dict, width: float) -> list:
    """Cover; contents; checklist and print settings; assembly steps."""
    story = _cover(fm, st)
    story += [Paragraph("Contents", st["h"]), _table([["Part", "Page"]] + [[p.title, str(p.first)] for p in fm.parts], st, [width * 0.8, width * 0.2])]
    story += [Paragraph("Component checklist", st["h"]),
              _table([["Kind", "Component", "Count", "Details"]] + [[c.kind, c.name, str(c.count), c.detail] for c in fm.checklist], st,
                     [width * 0.14, width * 0.38, width * 0.12, width * 0.36])]
    story += [PageBreak(), *_settings(fm, st, width)]
    story += [Paragraph("Assembly", st["h"]),
              ListFlowable([ListItem(Paragraph(_text(s), st["body"])) for s in fm.steps], bulletType="1", bulletFontName=st["body"].fontName)]
    return story


def _document(paper: str, title: str, fonts: Fonts, story: list) -> bytes:
    rl.use_binary_streams()
    buf = io.BytesIO()
    doc = SimpleDocTemplate(buf, pagesize=tuple(v * mm for v in paper_size(paper)), leftMargin=18 * mm, rightMargin=18 * mm,
                            topMargin=18 * mm, bottomMargin=18 * mm, title=title, author="pnp", creator="pnp", invariant=1, initialFontName=fonts.regular)
    doc.build(story(doc.width) if callable(story) else story, canvasmaker=rl.SharedResourceCanvas)
    return buf.getvalue()


def front_matter_pdf(fm: FrontMatter, fonts: Fonts) -> bytes:
    """The front pages of a bundle as a PDF of their own."""
    st = _styles(fonts)
    return _document(fm.paper, f"{fm.title}: print-and-play", fonts, lambda width: front_story(fm, st, width))


def credits_pdf(title: str, paper: str, credits: list[str], fonts: Fonts, version: str = "", pitch: str = "") -> bytes:
    """The back cover: the game's title, its pitch and version, who made what, and the licences of the fonts and icons
    the components draw."""
    st = _styles(fonts)
    back = [Paragraph(_text(title), restyled(st["cover"], spaceBefore=20 * mm, fontSize=26, leading=31))]
    back += [Paragraph(_text(pitch), st["sub"])] if pitch else []
    back += [Paragraph(_text(f"Version {version}"), st["sub"])] if version else []
    story = [*back, Paragraph("Credits and licences", st["h"]), *[Paragraph(_text(line), st["body"]) for line in credits], Spacer(1, 6 * mm),
             Paragraph(_text(f"{title} print-and-play files{' version ' + version if version else ''} made with pnp. Print them for your own play."), st["body"])]
    return _document(paper, f"{title}: credits", fonts, story)
