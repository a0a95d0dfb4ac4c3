"""The rulebook: rulebook.md (Jinja facts, then Markdown) typeset with Platypus into a PDF, and a folded booklet.

The Markdown is parsed by markdown-it-py into blocks of our rich text
(pnp.flowables); reportlab's paragraph markup never sees the data. Figures
`![caption](card:DECK/CARD "WIDTH_MM")` and `![caption](board:ID "WIDTH_MM")`
draw the real component from its own layout, vector.
"""
from __future__ import annotations

import dataclasses
import io
import re
from dataclasses import dataclass

import yaml
from markdown_it import MarkdownIt
from markdown_it.tree import SyntaxTreeNode
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate, Frame, NextPageTemplate, PageBreak, PageTemplate
from reportlab.platypus.doctemplate import LayoutError as PageLayoutError

from pnp.core.colour import WHITE, mix, readable_on, until_contrast
from pnp.core.errors import LayoutError, Loc, PnpError, did_you_mean, error, warning
from pnp.core.units import PAPER_SIZES
from pnp.data import source as yaml_source
from pnp.data.fields import ANY
from pnp.data.schema import RulebookMatter, check_shape
from pnp.layout import markup as rich
from pnp.layout.elements import Text
from pnp.outputs.boards import render_board
from pnp.outputs.cards import render_cards
from pnp.outputs.context import GameContext
from pnp.outputs.facts import Facts, render
from pnp.outputs.options import Options
from pnp.render import rl
from pnp.render.flowables import (
    Block,
    Contents,
    CoverArt,
    Figure,
    FigureItem,
    Heading,
    K,
    Rich,
    Rule,
    Setter,
    Stack,
    Style,
    Table,
    TableLook,
    draw_elements,
    escape,
    headings_in,
    leading_heading,
    text_height,
)
from pnp.render.inksaver import lighten_face

COVER_CARDS = 3  # the fan on the cover: enough to show the decks, few enough to read each card
BIG_PT = 1e6
ACCENT_CONTRAST = 4.5  # WCAG AA for body-size text: headings, table heads and numbers are set in the accent


# Styles ----------------------------------------------------------------------------------------
def document_inks(game) -> tuple[str, str, str, str]:
    """(ink, accent, text on the accent, paper) of a game's printed documents, from its palette.

    The accent is the palette's accent (or primary, highlight, title) colour,
    darkened towards the ink until it reads as text on white paper."""
    palette = {k: v.lower()[:7] for k, v in game.spec.palette.items()}
    ink = palette.get("ink", "#222222")
    accent = next((palette[k] for k in ("accent", "primary", "highlight", "title") if k in palette), ink)
    accent = until_contrast(accent, ink, WHITE, ACCENT_CONTRAST)
    return ink, accent, readable_on(accent, ink), palette.get("paper", WHITE)


class Look:
    """The rulebook's styles, from the game's fonts and palette."""

    def __init__(self, gctx: GameContext, small: bool = False):
        game = gctx.game
        layouts = gctx.layouts
        body, title = layouts.family("body"), layouts.family("title")
        ink, accent, on_accent, _ = document_inks(game)
        self.ink, self.accent = ink, accent
        self.muted = mix(ink, WHITE, 0.45)
        self.on_accent = on_accent
        s = 0.95 if small else 1.0
        self.body = Style(body, 10 * s, 1.38, color=ink, space_after=6 * s)
        self.item = dataclasses.replace(self.body, space_after=2.5 * s)
        self.headings = {
            1: Style(title, 19 * s, 1.15, bold=True, color=accent, space_before=16 * s, space_after=7 * s),
            2: Style(title, 14 * s, 1.2, bold=True, color=accent, space_before=12 * s, space_after=4 * s),
            3: Style(body, 11 * s, 1.25, bold=True, color=ink, space_before=9 * s, space_after=3 * s),
        }
        self.caption = Style(body, 8.5 * s, 1.25, italic=True, color=self.muted, align="center")
        self.table = TableLook(
            cell=Style(body, 9 * s, 1.3, color=ink), head=Style(body, 9 * s, 1.3, bold=True, color=self.on_accent),
            head_fill=accent, stripe=mix(accent, "#ffffff", 0.9), rule=mix(ink, "#ffffff", 0.6),
        )
        self.quote_fill = mix(accent, "#ffffff", 0.93)
        self.code_fill = "#f1f1f1"
        self.furniture = Style(body, 8, 1.2, color=self.muted)
        self.toc = {
            1: Style(body, 11 * s, 1.3, bold=True, color=ink, space_before=5 * s, space_after=1),
            2: Style(body, 10 * s, 1.3, color=ink, space_after=1),
        }
        self.toc_number = Style(body, 10 * s, 1.3, color=ink)
        self.title_family = title

    def heading(self, level: int) -> Style:
        return self.headings.get(level, dataclasses.replace(self.headings[3], size=self.body.size, space_before=7))


# Page geometry ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Geometry:
    """A page, its margins and its body columns, in points."""

    w: float
    h: float
    left: float
    right: float
    top: float
    bottom: float
    columns: int = 1
    gutter: float = 0.0

    @property
    def frame(self) -> tuple:
        return self.left, self.bottom, self.w - self.left - self.right, self.h - self.top - self.bottom

    @property
    def column_w(self) -> float:
        return (self.frame[2] - self.gutter * (self.columns - 1)) / self.columns

    def column_frames(self) -> list[tuple]:
        """(x, y, w, h) of each body column, left to right."""
        x, y, _, h = self.frame
        return [(x + n * (self.column_w + self.gutter), y, self.column_w, h) for n in range(self.columns)]


def geometry(paper: str, booklet: bool = False) -> Geometry:
    """Letter or A4 pages in two columns; a booklet page (half the sheet, printed landscape and folded) in one.

    Lines stay under about 75 characters, the longest a reader follows without
    losing the line: a full Letter or A4 width at 10 pt holds about 100, each of
    two columns about 50, and a booklet's half page about 65."""
    pw, ph = PAPER_SIZES[paper]
    if booklet:
        pw, ph = ph / 2, pw
        return Geometry(pw * K, ph * K, 14 * K, 14 * K, 17 * K, 15 * K)
    return Geometry(pw * K, ph * K, 20 * K, 20 * K, 22 * K, 20 * K, columns=2, gutter=7 * K)


# Markdown to blocks ------------------------------------------------------------------------------
def markdown_parser() -> MarkdownIt:
    """CommonMark with tables and typographic quotes and dashes, without what could fetch, link or reinterpret text written in data.

    The typographer turns "straight" quotes and apostrophes into curly ones and
    -- and --- into en and em dashes, as a typesetter would; a backslash keeps
    a character as typed."""
    md = MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": True}).enable(["table", "replacements", "smartquotes"])
    # reference definitions would swallow lines like "[red]:star:[/]"; autolinks and entities would
    # change what prints; text_join would hide which characters were escaped with a backslash
    return md.disable(["reference", "autolink", "entity", "html_inline", "html_block", "text_join"])


def _escaped(text: str) -> str:
    """Markdown text for our rich text: markup Markdown already handled must print literally."""
    return text.replace("\\", "\\\\").replace("*", "\\*")


class Converter:
    """Turns the Markdown syntax tree into blocks; figures render real components."""

    def __init__(self, book: Book, setter: Setter, look: Look, width: float):
        self.book, self.setter, self.look, self.width = book, setter, look, width
        self.headings = 0

    def blocks(self, nodes, quote: bool = False) -> list:
        out = []
        for node in nodes:
            for block in self.block(node, quote):
                if isinstance(block, Figure) and out and isinstance(out[-1], Figure):
                    out[-1] = Figure(self.setter, out[-1].items + block.items, self.look.caption, out[-1].outline)  # side by side
                else:
                    out.append(block)
        return out

    def block(self, node, quote: bool = False) -> list:
        t = node.type
        look, setter = self.look, self.setter
        if t == "heading":
            level = int(node.tag[1:])
            text, images = self.inline(node.children[0] if node.children else None)
            self.headings += 1
            style = look.heading(level)
            return [Heading(setter, text, style, level, f"h{self.headings}", toc=level <= 2, rule=look.accent if level == 1 else None), *self.figures(images)]
        if t == "paragraph":
            text, images = self.inline(node.children[0] if node.children else None)
            out = [Rich(setter, text, look.body)] if text.strip() else []
            if out and not images and rich.plain(text).rstrip().endswith(":"):
                out[0].keep_with_next = True  # a lead-in ("…as follows:") stays with the list, table or figure it opens
            return out + self.figures(images)
        if t in ("bullet_list", "ordered_list"):
            return self.list_items(node, quote)
        if t == "blockquote":
            children = self.blocks(node.children, quote=True)
            return [Stack(children, pad=(12, 7, 9, 7), fill=look.quote_fill, bar=look.accent, bar_w=2.5, keep=True,
                          space_before=4, space_after=10)]
        if t == "table":
            return [self.table(node)]
        if t == "hr":
            return [Rule(look.muted)]
        if t in ("code_block", "fence"):
            text = escape(node.content.rstrip("\n"))
            return [Stack([Rich(setter, text, dataclasses.replace(look.body, size=look.body.size * 0.9))], pad=(8, 6, 8, 6), fill=look.code_fill,
                          space_before=2, space_after=8)]
        if node.children:
            return self.blocks(node.children, quote)
        return []

    def list_items(self, node, quote: bool) -> list:
        ordered = node.type == "ordered_list"
        start = int(node.attrs.get("start", 1)) if ordered else 1
        loose = any(not c.hidden for item in node.children for c in item.children if c.type == "paragraph")
        depth = getattr(self, "_depth", 0)
        self._depth = depth + 1
        out = []
        marker_style = dataclasses.replace(self.look.item, bold=ordered, color=self.look.accent, align="right")
        hang = (16 if ordered else 13) + 0.0
        try:
            for n, item in enumerate(node.children):
                children = []
                for child in item.children:
                    children += self.block(child, quote)
                for child in children:
                    if isinstance(child, Rich) and not loose:
                        child.spaceAfter = min(child.spaceAfter, 2.5)
                marker = f"{start + n}." if ordered else ("•" if depth % 2 == 0 else "–")
                out.append(Stack(children, pad=(hang, 0, 0, 0), marker=(self.setter, marker, marker_style, hang - 4),
                                 space_before=(self.look.body.space_after if n == 0 else 0), space_after=(5 if loose else 2.5)))
            if out:
                out[-1].spaceAfter = self.look.body.space_after
            if len(out) >= 2:
                out[-2].keep_with_next = True  # the last item never starts a page alone: the one before it goes along (a list's widow control)
        finally:
            self._depth = depth
        return out

    def table(self, node) -> Table:
        header, rows, aligns = None, [], []
        for part in node.children:
            for tr in part.children:
                cells, cell_aligns = [], []
                for cell in tr.children:
                    text, _images = self.inline(cell.children[0] if cell.children else None)
                    cells.append(text)
                    style = str(cell.attrs.get("style", ""))
                    cell_aligns.append("right" if "right" in style else "center" if "center" in style else "left")
                if part.type == "thead":
                    header, aligns = cells, cell_aligns
                else:
                    rows.append(cells)
        return Table(self.setter, header, rows or [[""]], self.look.table, aligns)

    def inline(self, node) -> tuple[str, list]:
        """Our rich text for an inline node, and the images it holds."""
        out: list[str] = []
        images: list = []

        def walk(n):
            for c in n.children:
                t = c.type
                if t == "text":
                    out.append(_escaped(c.content))
                elif t == "text_special":
                    out.append("\\" + c.content if c.info == "escape" else _escaped(c.content))
                elif t == "strong":
                    out.append("**")
                    walk(c)
                    out.append("**")
                elif t == "em":
                    out.append("*")
                    walk(c)
                    out.append("*")
                elif t == "softbreak":
                    out.append(" ")
                elif t == "hardbreak":
                    out.append("\n")
                elif t == "code_inline":
                    out.append(_escaped(c.content))
                elif t == "image":
                    images.append(c)
                elif c.children:
                    walk(c)  # links print their text only: nothing in data makes a link
                else:
                    out.append(_escaped(c.content))

        if node is not None:
            walk(node)
        return "".join(out).strip(), images

    def figures(self, images) -> list:
        if not images:
            return []
        items = [self.book.figure_item(img, self) for img in images]
        return [Figure(self.setter, [i for i in items if i], self.look.caption, outline=mix(self.look.ink, "#ffffff", 0.6))]


def keep_headings_with_next(blocks: list) -> list:
    """Group each heading with the block after it, so a heading never ends a page."""
    out = list(blocks)
    i = len(out) - 2
    while i >= 0:
        if out[i].keep_with_next:
            out[i : i + 2] = [Stack([out[i], out[i + 1]])]
        i -= 1
    return out


# The document --------------------------------------------------------------------------------
class PnpCanvas(rl.KeyedPagesCanvas):
    """A deterministic canvas that draws faces and icons through one FaceDrawer, and keys its pages for their ink."""

    pnp_icons = None
    pnp_links = True

    def save(self):
        drawer = getattr(self, "pnp_drawer", None)
        if drawer is not None:
            drawer.shared.finish()
        super().save()


def canvas_class(icons, base=PnpCanvas):
    return type("RulebookCanvas", (base,), {"pnp_icons": icons})


def sketch_canvas(canvas_cls):
    """The canvas of the passes that only settle the contents' page numbers: `canvas_cls` drawing no face, icon or text block."""
    return type(f"Sketch{canvas_cls.__name__}", (canvas_cls,), {"pnp_sketch": True, "save": Canvas.save})


class BookletCanvas(PnpCanvas):
    """Records each page as a form, then imposes them two per landscape sheet in saddle-stitch order."""

    pnp_links = False

    def __init__(self, *args, pagesize=None, **kwargs):
        self._half = pagesize
        super().__init__(*args, pagesize=(2 * pagesize[0], pagesize[1]), **kwargs)
        self._page_forms: list[str] = []
        self._open_page()

    def _open_page(self):
        name = f"BookletPage{len(self._page_forms) + 1}"
        self.beginForm(name, 0, 0, self._half[0], self._half[1])
        self._page_forms.append(name)

    def showPage(self):
        self.endForm()
        self._open_page()

    def setPageSize(self, size):  # every page of a booklet is half of one sheet
        pass

    def bookmarkPage(self, *args, **kwargs):  # pages of a booklet are not PDF pages: no outline
        pass

    def addOutlineEntry(self, *args, **kwargs):
        pass

    def save(self):
        self.endForm()
        self._page_forms.pop()  # the page opened after the last showPage is empty
        for left, right in saddle_stitch(len(self._page_forms)):
            for slot, index in ((0, left), (1, right)):
                if index is not None:
                    self.saveState()
                    self.translate(slot * self._half[0], 0)
                    self.doForm(self._page_forms[index])
                    self.restoreState()
            self._fold_ticks()
            Canvas.showPage(self)
        super().save()


    def _fold_ticks(self):
        """Short marks on the fold line, inside the printable area (home printers lose the outer 6.35 mm)."""
        x, h = self._half[0], self._half[1]
        self.saveState()
        self.setStrokeColor("#999999")
        self.setLineWidth(0.3)
        for y0, y1 in ((7 * K, 10 * K), (h - 10 * K, h - 7 * K)):
            self.line(x, y0, x, y1)
        self.restoreState()


def saddle_stitch(pages: int) -> list[tuple]:
    """Sides of the folded sheets: (left page, right page) indices, None for a blank, padded to a multiple of 4.

    Printed double-sided and flipped on the short edge, then folded and stapled, the pages read in order."""
    total = -(-max(pages, 1) // 4) * 4
    sides = []
    for s in range(total // 4):
        for left, right in ((total - 1 - 2 * s, 2 * s), (2 * s + 1, total - 2 - 2 * s)):
            sides.append((left if left < pages else None, right if right < pages else None))
    return sides


class RulebookDoc(BaseDocTemplate):
    """Cover, contents and body pages; headings feed the contents and the PDF outline."""

    def __init__(self, buf, book: Book, geo: Geometry, canvasmaker_class, font: str):
        self.book, self.geo, self._canvas_class = book, geo, canvasmaker_class
        super().__init__(buf, pagesize=(geo.w, geo.h), invariant=1, pageCompression=1, initialFontName=font, initialFontSize=10,
                         title=f"{book.title} — rules", author="pnp", subject="rulebook", creator="pnp",
                         leftMargin=geo.left, rightMargin=geo.right, topMargin=geo.top, bottomMargin=geo.bottom)
        x, y, w, h = geo.frame
        pad = dict(leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
        columns = [Frame(*box, id=f"column{n + 1}", **pad) for n, box in enumerate(geo.column_frames())]
        self.addPageTemplates([
            PageTemplate("cover", [Frame(x, y, w, h, id="cover", **pad)]),
            PageTemplate("body", columns, onPageEnd=book.furniture),
        ])
        self.section = ""  # the level-1 heading last placed
        self.section_at_top = ""  # the one in force at the top of the current page: its running head
        self._page_empty = True
        self._outline_level = -1

    def build(self, flowables, **kwargs):
        kwargs.setdefault("canvasmaker", self._canvas_class)
        super().build(flowables, **kwargs)

    def beforeDocument(self):
        self.section = self.section_at_top = ""
        self._outline_level = -1

    def handle_pageBegin(self):
        super().handle_pageBegin()
        self.section_at_top = self.section
        self._page_empty = True

    def afterFlowable(self, flowable):
        if not isinstance(flowable, Block):
            return  # Platypus's own actions (page-template switches, layout caches) draw nothing
        first = leading_heading(flowable) if self._page_empty else None
        self._page_empty = False
        if first is not None and first.level == 1 and first.running:
            self.section_at_top = first.text  # a page that opens with a section is headed by it
        for h in headings_in(flowable):
            if h.level == 1 and h.running:
                self.section = h.text
            if h.toc:
                self.notify("TOCEntry", (h.level, h.text, self.page, h.key))
            self.canv.bookmarkPage(h.key)
            level = max(0, min(h.level - 1, self._outline_level + 1))
            self.canv.addOutlineEntry(rich.plain(h.text).strip() or "·", h.key, level=level, closed=level > 0)
            self._outline_level = level


class Book:
    """One game's rulebook: its source, facts, styles and figures."""

    def __init__(self, gctx: GameContext, options, matter: RulebookMatter, findings: list, rel: str, source: str):
        game = gctx.game
        self.gctx, self.game, self.options, self.matter = gctx, gctx.game, options, matter
        self.findings, self.rel, self.source = findings, rel, source
        self.title = matter.title or game.title
        self._faces: dict = {}

    # figures -----------------------------------------------------------------------------
    def _where(self, needle: str) -> Loc:
        for n, text in enumerate(self.source.splitlines(), 1):
            col = text.find(needle)
            if col >= 0:
                return Loc(self.rel, n, col + 1)
        return Loc(self.rel)

    def figure_item(self, node, conv: Converter) -> FigureItem | None:
        src = str(node.attrs.get("src", ""))
        title = str(node.attrs.get("title", "") or "")
        caption, _ = conv.inline(node)
        width = None
        if title:
            try:
                width = float(title.lower().removesuffix("mm").strip())
            except ValueError:
                self.findings.append(warning("figure-width", f"figure width '{title}' is not a number of mm: write it like \"45\"", self._where(src), game=self.game.slug))
        kind, _, name = src.partition(":")
        if kind in ("card", "board") and name:
            face, label = self._face(kind, name, src)
            if face is None:
                w, h = (63.5, 88.9) if kind == "card" else (120.0, 80.0)
                return FigureItem("missing", w, h, width or w, caption, label=label)
            return FigureItem("face", face.w, face.h, width or (face.w if kind == "card" else conv.width / K), caption, face=face)
        try:
            checked = self.gctx.check_image(src)
        except LayoutError as exc:
            self.findings.append(error("figure-image", str(exc), self._where(src), game=self.game.slug))
            return None
        _, iw, ih = checked
        return FigureItem("image", 100.0, 100.0 * ih / iw, width or conv.width / K, caption, image=checked)

    def _face(self, kind: str, name: str, src: str):
        key = (kind, name)
        if key in self._faces:
            return self._faces[key]
        game, where = self.game, self._where(src)
        face, label = None, f"{kind} {name} not found"
        if kind == "card":
            deck_id, _, card_id = name.partition("/")
            deck = game.decks.get(deck_id)
            card = next((c for c in deck.cards if c.id == card_id), None) if deck is not None else None
            if deck is None:
                self.findings.append(warning("figure-missing", f"figure names deck '{deck_id}', which this game does not have{did_you_mean(deck_id, game.decks)}: it prints as an empty frame", where, game=game.slug))
            elif card is None:
                self.findings.append(warning("figure-missing", f"figure names card '{card_id}', which deck '{deck_id}' does not hold{did_you_mean(card_id, [c.id for c in deck.cards])}: it prints as an empty frame", where, game=game.slug))
            else:
                if self.gctx.card_reads is not None:
                    self.gctx.card_reads.add(deck_id, card_id, ANY)  # the whole face is printed here
                rendered, found = render_cards(self.gctx, deck, dataclasses.replace(self.options, bleed=False), [card], backs=False)
                self.findings += found
                face = rendered[0][1] if rendered else None
                if face is not None and self.options.ink_saver:
                    face = lighten_face(face)
        else:
            face = self._board_face(name, where)
        self._faces[key] = (face, label)
        return face, label

    def _board_face(self, board_id: str, where: Loc):
        game = self.game
        specs = {b.id: b for b in (game.boards.boards if game.boards else [])}
        if board_id not in specs:
            self.findings.append(warning("figure-missing", f"figure names board '{board_id}', which boards.yaml does not hold{did_you_mean(board_id, specs)}: it prints as an empty frame", where, game=game.slug))
            return None
        raw = next(b for b in game.boards_data["boards"] if b.get("id") == board_id)
        try:
            return render_board(self.gctx, specs[board_id], raw, self.options.ink_saver)
        except PnpError as exc:
            self.findings.extend(exc.findings)
            return None

    # pages --------------------------------------------------------------------------------
    def story(self, tree, look: Look, setter: Setter, geo: Geometry) -> tuple[list, int]:
        conv = Converter(self, setter, look, geo.column_w)
        body = keep_headings_with_next(conv.blocks(tree.children))
        story = [*self.cover(look, setter, geo), NextPageTemplate("body"), PageBreak()]
        if conv.headings:  # the contents open page 2 and the rules follow at once: no page of white after a short list
            contents_title = Heading(setter, "Contents", look.heading(2), 2, "contents", toc=False)
            contents_title.running = False
            # top level, not in a box: multiBuild feeds the page numbers only to indexing flowables of the story itself
            story += [contents_title, Contents(setter, look.toc, look.toc_number, look.muted), Rule(look.accent, 0.8, 10.0)]
        return story + body + self.credits(look, setter), conv.headings

    def credits(self, look: Look, setter: Setter) -> list:
        """The game-icons.net icons the game uses, credited as their CC BY 3.0 licence asks."""
        game, project = self.game, self.gctx.project
        folders = [game.dir, project.templates_dir / game.slug]
        texts = [p.read_text(encoding="utf-8", errors="replace") for folder in folders if folder.is_dir()
                 for p in sorted(folder.rglob("*")) if p.suffix in (".yaml", ".csv", ".tsv", ".md", ".j2")]
        used = self.gctx.icons.library_icons_mentioned(texts)
        if not used:
            return []
        style = dataclasses.replace(look.body, size=look.body.size * 0.8, color=look.muted, space_after=3)
        head = Heading(setter, "Credits", dataclasses.replace(look.heading(3), color=look.muted, space_before=18), 3, "credits", toc=False)
        text = (f"Icons from game-icons.net by Lorc, Delapouite and the other authors listed there, "
                f"licensed CC BY 3.0 (creativecommons.org/licenses/by/3.0), recoloured: {', '.join(used)}.")
        return keep_headings_with_next([head, Rich(setter, escape(text), style)])

    def cover(self, look: Look, setter: Setter, geo: Geometry) -> list:
        """Title band, the game's own board and a fan of its cards, then its facts and pitch: a cover a player recognises the box by."""
        spec, matter = self.game.spec, self.matter
        small = geo.w < 160 * K
        title_style = Style(look.title_family, 26 if small else 34, 1.1, bold=True, color=look.on_accent, align="center")
        sub_style = Style(look.body.family, 12 if small else 14, 1.25, color=look.on_accent, align="center", space_before=8)
        subtitle = matter.subtitle or spec.subtitle
        band = [Rich(setter, escape(self.title), title_style)]
        if subtitle:
            band.append(Rich(setter, escape(subtitle), sub_style))
        below = [Rich(setter, self.facts_line(), Style(look.body.family, 13 if not small else 11, 1.3, color=look.ink, align="center",
                                                       space_before=14, space_after=10))]
        pitch = matter.pitch or spec.pitch
        if pitch:
            below.append(Rich(setter, escape(pitch), Style(look.body.family, 12 if not small else 10.5, 1.4, italic=True, color=look.ink,
                                                           align="center", space_after=4)))
        reserve = sum(b.wrap(geo.frame[2], BIG_PT)[1] + b.spaceBefore + b.spaceAfter for b in below) + 12
        board, cards = self.cover_faces()
        story = [Stack(band, pad=(18, 24, 18, 24), fill=look.accent, radius=4 * K)]
        if board is not None or cards:
            story.append(CoverArt(board, cards, mix(look.ink, "#ffffff", 0.6), reserve))
        return story + below

    def facts_line(self) -> str:
        """Players, and age and playing time where the game gives them, as rich text."""
        spec = self.game.spec
        players = spec.players
        who = f"**{players.min}**" if players.min == players.max else f"**{players.min}–{players.max}**"
        parts = [f"{who} players"]
        if spec.age is not None:
            parts.append(f"age **{spec.age}+**")
        if spec.play_time is not None:
            parts.append(f"**{spec.play_time}** minutes" if isinstance(spec.play_time, int) else f"**{escape(spec.play_time)}**")
        return "   ·   ".join(parts)

    def cover_faces(self) -> tuple:
        """The first board, and one card of each deck (then more of the first decks) up to COVER_CARDS."""
        game = self.game
        boards = game.boards.boards if game.boards else []
        board = self._face("board", boards[0].id, "")[0] if boards else None
        decks = [d for d in game.decks.values() if d.cards]
        picks: list = []
        for round_ in range(COVER_CARDS):
            for deck in decks:
                if len(picks) < COVER_CARDS and round_ < len(deck.cards):
                    picks.append(f"{deck.id}/{deck.cards[round_].id}")
            if len(picks) >= min(COVER_CARDS, sum(len(d.cards) for d in decks)):
                break
        cards = [face for face in (self._face("card", name, "")[0] for name in picks) if face is not None]
        return board, cards

    def furniture(self, canv, doc):
        """Running header (game and section) and footer (page number) on body pages."""
        geo, setter, look = doc.geo, doc.setter, doc.look
        width = geo.w - geo.left - geo.right
        style = look.furniture
        top = geo.h - geo.top + 6 + text_height(1, style)
        _text_at(canv, setter, escape(self.title), style, geo.left, top, width * 0.5)
        if doc.section_at_top:
            _text_at(canv, setter, doc.section_at_top, dataclasses.replace(style, align="right"), geo.left + width * 0.45, top, width * 0.55)
        canv.saveState()
        canv.setStrokeColor(mix(look.ink, "#ffffff", 0.7))
        canv.setLineWidth(0.4)
        canv.line(geo.left, geo.h - geo.top + 4, geo.w - geo.right, geo.h - geo.top + 4)
        canv.restoreState()
        _text_at(canv, setter, str(doc.page), dataclasses.replace(style, align="center", size=9), geo.left, geo.bottom - 10, width)


def _text_at(canv, setter: Setter, text: str, style: Style, x: float, top: float, width: float) -> None:
    laid = setter.lay(text, width, style)
    h = text_height(laid.lines, style)
    canv.saveState()
    canv.translate(x, top - h)
    draw_elements(canv, (Text(0.0, 0.0, laid.ops),), width, h)
    canv.restoreState()


# Front matter ----------------------------------------------------------------------------------
_FRONT = re.compile(r"\A---[ \t]*\r?\n(.*?)^---[ \t]*(?:\r?\n|\Z)", re.S | re.M)


def front_matter(source: str, rel: str, slug: str) -> tuple[RulebookMatter, str, list]:
    """The YAML between two `---` lines at the top, and the Markdown after it (with its lines kept in place)."""
    m = _FRONT.match(source)
    if not m:
        return RulebookMatter(), source, []
    body = "\n" * m.group(0).count("\n") + source[m.end():]
    text = "\n" + m.group(1)  # so YAML's line numbers are the file's
    if not text.strip():
        return RulebookMatter(), body, []
    try:
        _, data = yaml_source.yaml_document(text, rel)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        loc = Loc(rel, mark.line + 1, mark.column + 1) if mark else Loc(rel)
        return RulebookMatter(), body, [error("yaml-syntax", f"YAML syntax in the front matter: {exc.problem or exc.context}", loc, game=slug)]
    except PnpError as exc:
        return RulebookMatter(), body, list(exc.findings)
    if data is None:
        return RulebookMatter(), body, []
    matter, found = check_shape(RulebookMatter, data, rel, what="the front matter", game=slug)
    return matter or RulebookMatter(), body, found


# Building ------------------------------------------------------------------------------------
def typeset(book: Book, tree, geo: Geometry, canvas_cls, last: list | None = None) -> tuple[bytes, int, list, list]:
    """Run Platypus over the story until the contents' page numbers settle; (PDF bytes, pages, the contents' entries,
    each page's key: pnp.render.rl.ContentKeys).

    `last` is the entries of the last build of this file: when it lists the
    same headings, its page numbers are the first guess, and a guess that holds
    settles in one pass instead of two (a rulebook reprinted for one edited card)."""
    gctx = book.gctx
    look = Look(gctx, small=geo.w < 160 * K)
    setter = Setter(gctx.layouts, region_h=geo.frame[3])
    story, _ = book.story(tree, look, setter, geo)
    headings = [(h.level, h.text, h.key) for f in story for h in headings_in(f) if h.toc]
    guess = _pages_of(headings, last)
    tables = [f for f in story if isinstance(f, Contents)]
    for contents in tables:
        contents.expect(headings, guess)
    buf = io.BytesIO()
    font = gctx.fonts.font_name(look.body.family)
    doc = RulebookDoc(buf, book, geo, canvas_cls, font)
    doc.setter, doc.look = setter, look
    gctx.layouts.markup_problems.clear()
    rl.build_settled(doc, story, 8, sketch_canvas(canvas_cls), canvas_cls, guessed=guess is not None and bool(tables))
    book.findings += markup_findings(gctx, book.rel)
    if setter.missing:
        chars = ", ".join(f"'{c}' (U+{ord(c):04X})" for c in sorted(setter.missing))
        book.findings.append(error("missing-glyph", f"characters missing from the rulebook's fonts and their fallback: {chars}: replace them or choose another font", Loc(book.rel), game=book.game.slug))
    return buf.getvalue(), doc.page, [list(entry) for entry in tables[0].entries()] if tables else [], doc.canv.page_keys


def _pages_of(headings: list[tuple[int, str, str]], last: list | None) -> list[int] | None:
    """The page of each heading in `last` (a build's contents entries), if it lists the very same headings."""
    if not last or [(level, text, key) for level, text, _, key in last] != headings:
        return None
    return [page for _, _, page, _ in last]


def markup_findings(gctx: GameContext, rel: str) -> list:
    """Errors for the markup mistakes a page layout met (unknown :icon: or [colour], unclosed marks), where each is written in `rel`."""
    found = [error(p.code, p.message, gctx.layouts.layouts.source_loc(rel, p.token), game=gctx.game.slug) for p in gctx.layouts.markup_problems]
    gctx.layouts.markup_problems.clear()
    return found


def build_rulebook(gctx: GameContext, options: Options, last: dict | None = None):
    """Rulebook PDF of a game (and its booklet with --booklet): ([(file name, bytes, stats)], findings).

    `last` is {file name: its stats} of the last build: their contents' entries are the first guess of the page
    numbers (`typeset`); each file's stats keep the entries it settled on."""
    last = last or {}
    game = gctx.game
    if game.rulebook is None:
        return [], []
    rel = f"{game.rel}/rulebook.md"
    try:
        source = yaml_source.read_text(game.rulebook, rel)
    except PnpError as exc:
        return [], [f.__class__(f.severity, f.code, f.message, f.loc, game.slug, f.component) for f in exc.findings]
    matter, body, findings = front_matter(source, rel, game.slug)
    facts = Facts(gctx)
    facts.where = Loc(rel)
    try:
        text = render(gctx, body, facts.context(), Loc(rel), game.slug, "rulebook")
    except PnpError as exc:
        return [], findings + exc.findings
    findings += facts.warnings
    tree = SyntaxTreeNode(markdown_parser().parse(text))
    book = Book(gctx, options, matter, findings, rel, source)
    rl.use_binary_streams()
    icons = gctx.icons
    try:
        name = f"{game.slug}-rulebook.pdf"
        data, pages, contents, keys = typeset(book, tree, geometry(options.paper), canvas_class(icons), last.get(name, {}).get("contents"))
        files = [(name, data, {"pages": pages, "pieces": 0, "contents": contents, "page_keys": keys})]
        if options.booklet:
            name = f"{game.slug}-rulebook-booklet.pdf"
            data, pages, contents, keys = typeset(book, tree, geometry(options.paper, booklet=True), canvas_class(icons, BookletCanvas),
                                                  last.get(name, {}).get("contents"))
            sheets = len(saddle_stitch(pages))
            files.append((name, data, {"pages": sheets, "pieces": 0, "contents": contents, "page_keys": keys}))
    except (PageLayoutError, IndexError) as exc:
        return [], [*findings, error("rulebook-layout", f"the rulebook cannot be laid out: {exc}", Loc(rel), game=game.slug)]
    if any(f.severity == "error" for f in book.findings):
        return [], _unique(book.findings)
    return files + designer_notes(game), _unique(book.findings)


def designer_notes(game) -> list:
    """game.yaml's notes (sources, readings, inventions) as a Markdown file for the designer, never in the player's book."""
    text = game.spec.notes.strip()
    if not text:
        return []
    body = f"# {game.title}: designer's notes\n\nFrom `{game.rel}/game.yaml` (`notes:`); not printed in the rulebook.\n\n{text}\n"
    return [(f"{game.slug}-designer-notes.md", body.encode("utf-8"), {"pages": 0, "pieces": 0})]


def _unique(findings: list) -> list:
    seen, out = set(), []
    for f in findings:
        if f not in seen:
            seen.add(f)
            out.append(f)
    return out
