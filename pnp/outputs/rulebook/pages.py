"""The rulebook's document: its canvas, page templates (cover, body columns), cover, contents, credits and running
head and footer."""
from __future__ import annotations

import dataclasses

from reportlab.platypus import BaseDocTemplate, Frame, NextPageTemplate, PageBreak, PageTemplate

from pnp.core.colour import mix
from pnp.data.card_names import card_name
from pnp.data.schema import RulebookMatter
from pnp.data.words import players_word, words_of
from pnp.layout import markup as rich
from pnp.layout import rl, rl_stream
from pnp.layout.elements import Text
from pnp.outputs.context import GameContext
from pnp.outputs.rulebook.credits import icons_to_credit
from pnp.outputs.rulebook.figures import Figures
from pnp.outputs.rulebook.geometry import Geometry
from pnp.outputs.rulebook.look import Look
from pnp.outputs.rulebook.markdown import Converter, keep_headings_with_next
from pnp.render.contents import Contents
from pnp.render.figures import CoverArt
from pnp.render.flowables import Block, Heading, Rich, Rule, Stack, headings_in, leading_heading
from pnp.render.tagging import TaggedCanvas, artifact
from pnp.render.text_setting import K, Setter, Style, draw_elements, escape, text_height

COVER_CARDS = 3  # the fan on the cover: enough to show the decks, few enough to read each card
BIG_PT = 1e6


class PnpCanvas(rl.KeyedPagesCanvas):
    """A deterministic canvas that draws faces and icons through one FaceDrawer, and keys its pages for their ink."""

    pnp_icons = None
    pnp_links = True

    def save(self):
        drawer = getattr(self, "pnp_drawer", None)
        if drawer is not None:
            drawer.shared.finish()
        super().save()


def canvas_class(icons, base=PnpCanvas, lang: str | None = None):
    """The rulebook's canvas class; with `lang` (the edition's language) a tagged PDF's (pnp.render.tagging). Its save
    writes a PDF of many pictures beside its output as it is made (rl_stream.SavedThroughSpool)."""
    if lang is None:
        return type("RulebookCanvas", (rl_stream.SavedThroughSpool, base), {"pnp_icons": icons})
    return type("RulebookCanvas", (rl_stream.SavedThroughSpool, TaggedCanvas, base), {"pnp_icons": icons, "pnp_lang": lang})


class RulebookDoc(BaseDocTemplate):
    """Cover, contents and body pages; headings feed the contents and the PDF outline."""

    def __init__(self, buf, book: Book, geo: Geometry, canvasmaker_class, font: str, spool_to=None):
        self.book, self.geo, self._canvas_class = book, geo, canvasmaker_class
        self.spool_to = spool_to  # the output's path: a rulebook of many pictures is written beside it as it is made
        super().__init__(buf, pagesize=(geo.w, geo.h), invariant=1, pageCompression=1, initialFontName=font, initialFontSize=10,
                         title=f"{book.title} — rules", author="pnp", subject="rulebook", creator="pnp",
                         leftMargin=geo.left, rightMargin=geo.right, topMargin=geo.top, bottomMargin=geo.bottom)
        x, y, w, h = geo.frame
        pad = dict(leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
        boxes = geo.column_frames()[::-1] if book.gctx.layouts.rtl else geo.column_frames()  # right to left: the first column at the right
        columns = [Frame(*box, id=f"column{n + 1}", **pad) for n, box in enumerate(boxes)]
        self.addPageTemplates([
            PageTemplate("cover", [Frame(x, y, w, h, id="cover", **pad)]),
            PageTemplate("body", columns, onPageEnd=book.furniture),
        ])
        self.section = ""  # the level-1 heading last placed
        self.section_at_top = ""  # the one in force at the top of the current page: its running head
        self._page_empty = True
        self._outline_level = -1

    sketch_first = False  # the first pass only finds the pages (typeset sets it for a rulebook with contents)

    def build(self, flowables, **kwargs):
        """One of Platypus's passes. A first pass whose contents show no page numbers yet (each shows 0, and every
        heading is found on a page from 1) is never the last: it is a sketch, whose blocks are laid out and not drawn
        (pnp.render.flowables.Block.drawOn), and whose canvas no one saves."""
        canvas = self._canvas_class
        if self.sketch_first:
            canvas, self.sketch_first = type(canvas.__name__, (canvas,), {"pnp_sketch": True}), False
        kwargs.setdefault("canvasmaker", canvas)
        super().build(flowables, **kwargs)

    def beforeDocument(self):
        self.section = self.section_at_top = ""
        self._outline_level = -1

    def handle_documentBegin(self):
        """Each pass draws into a canvas of its own: the last pass's, never saved, lets its pictures go, and the new one
        sends its pictures to a spool past rl_stream's threshold, as a card sheet's do (a rulebook's figures)."""
        earlier = getattr(self, "_drawn", None)
        if earlier is not None and earlier is not self.canv:
            rl_stream.discard(earlier)
        self._drawn = self.canv
        if self.spool_to is not None:
            setattr(self.canv, rl_stream.SPOOL, rl_stream.Spool(self.spool_to))
        super().handle_documentBegin()

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
        self.figures = Figures(gctx, options, findings, rel, source)

    def story(self, tree, look: Look, setter: Setter, geo: Geometry) -> tuple[list, int]:
        conv = Converter(self.figures, setter, look, geo.column_w)
        body = keep_headings_with_next(conv.blocks(tree.children))
        story = [*self.cover(look, setter, geo), NextPageTemplate("body"), PageBreak()]
        if conv.headings:  # the contents open page 2 and the rules follow at once: no page of white after a short list
            contents_title = Heading(setter, words_of(self.game)["contents"], look.heading(2), 2, "contents", toc=False)
            contents_title.running = False
            # top level, not in a box: multiBuild feeds the page numbers only to indexing flowables of the story itself
            story += [contents_title, Contents(setter, look.toc, look.toc_number, look.muted), Rule(look.accent, 0.8, 10.0)]
        return story + body + self.credits(look, setter), conv.headings

    def credits(self, look: Look, setter: Setter) -> list:
        """The game-icons.net icons the game uses, credited as their CC BY 3.0 licence asks."""
        used = icons_to_credit(self.gctx)
        if not used:
            return []
        style = dataclasses.replace(look.body, size=look.size(look.body.size * 0.8), color=look.muted, space_after=3)  # large print's least
        head = Heading(setter, words_of(self.game)["credits"], dataclasses.replace(look.heading(3), color=look.muted, space_before=18), 3, "credits", toc=False)
        text = (f"Icons from game-icons.net by Lorc, Delapouite and the other authors listed there, "
                f"licensed CC BY 3.0 (creativecommons.org/licenses/by/3.0), recoloured: {', '.join(used)}.")
        return keep_headings_with_next([head, Rich(setter, escape(text), style)])

    def cover(self, look: Look, setter: Setter, geo: Geometry) -> list:
        """Title band, the game's own board and a fan of its cards, then its facts and pitch: a cover a player recognises the box by."""
        spec, matter = self.game.spec, self.matter
        small = geo.w < 160 * K
        title_style = Style(look.title_family, 26 if small else 34, 1.1, bold=True, color=look.on_accent, align="center")
        sub_style = Style(look.body.family, look.size(12 if small else 14), 1.25, color=look.on_accent, align="center", space_before=8)
        subtitle = matter.subtitle or spec.subtitle
        band = [Rich(setter, escape(self.title), title_style)]
        band[0].role = "H1"  # the title a reader meets first, and jumps back to
        if subtitle:
            band.append(Rich(setter, escape(subtitle), sub_style))
        below = [Rich(setter, self.facts_line(), Style(look.body.family, look.size(13 if not small else 11), 1.3, color=look.ink, align="center",
                                                       space_before=14, space_after=10))]
        pitch = matter.pitch or spec.pitch
        if pitch:
            below.append(Rich(setter, escape(pitch), Style(look.body.family, look.size(12 if not small else 10.5), 1.4, italic=True, color=look.ink,
                                                           align="center", space_after=4)))
        reserve = sum(b.wrap(geo.frame[2], BIG_PT)[1] + b.spaceBefore + b.spaceAfter for b in below) + 12
        board, cards, alt = self.cover_faces()
        story = [Stack(band, pad=(18, 24, 18, 24), fill=look.accent, radius=4 * K)]
        if board is not None or cards:
            story.append(CoverArt(board, cards, mix(look.ink, "#ffffff", 0.6), reserve, alt=alt))
        return story + below

    def facts_line(self) -> str:
        return facts_line(self.game)

    def cover_faces(self) -> tuple:
        """The first board, and one card of each deck (then more of the first decks) up to COVER_CARDS, and the picture
        in words for a reader (the board's name and the cards' titles)."""
        game = self.game
        boards = game.boards.boards if game.boards else []
        board = self.figures.face("board", boards[0].id, "")[0] if boards else None
        decks = [d for d in game.decks.values() if d.cards]
        picks: list = []
        for round_ in range(COVER_CARDS):
            for deck in decks:
                if len(picks) < COVER_CARDS and round_ < len(deck.cards):
                    picks.append((deck, deck.cards[round_]))
            if len(picks) >= min(COVER_CARDS, sum(len(d.cards) for d in decks)):
                break
        faces = [(card_name(deck, card), self.figures.face("card", f"{deck.id}/{card.id}", "")[0]) for deck, card in picks]
        cards = [(name, face) for name, face in faces if face is not None]
        what = ([f"the board {boards[0].name}"] if board is not None else []) + ([f"cards: {', '.join(n for n, _ in cards)}"] if cards else [])
        return board, [face for _, face in cards], f"{self.title}: {'; '.join(what)}"

    def furniture(self, canv, doc):
        """Running header (game and section) and footer (page number) on body pages: artifacts to a reader."""
        with artifact(canv):
            self._furniture(canv, doc)

    def _furniture(self, canv, doc):
        geo, setter, look = doc.geo, doc.setter, doc.look
        width = geo.w - geo.left - geo.right
        style = look.furniture
        top = geo.h - geo.top + 6 + text_height(1, style)
        # The game's title heads the side a line starts on, the section the other: a right-to-left edition's lines are
        # set mirrored in their box (Setter), so there the title's box is the right half and the section's the left.
        title_x, section_x = (geo.left + width * 0.5, geo.left) if setter.rtl else (geo.left, geo.left + width * 0.45)
        _text_at(canv, setter, escape(self.title), style, title_x, top, width * 0.5)
        if doc.section_at_top:
            _text_at(canv, setter, doc.section_at_top, dataclasses.replace(style, align="right"), section_x, top, width * 0.55)
        canv.saveState()
        canv.setStrokeColor(mix(look.ink, "#ffffff", 0.7))
        canv.setLineWidth(0.4)
        canv.line(geo.left, geo.h - geo.top + 4, geo.w - geo.right, geo.h - geo.top + 4)
        canv.restoreState()
        number = f"DRAFT · {doc.page}" if self.options.draft else str(doc.page)  # art may be placeholders: no page passes for a finished print
        _text_at(canv, setter, number, dataclasses.replace(style, align="center", size=9), geo.left, geo.bottom - 10, width)


def _text_at(canv, setter: Setter, text: str, style: Style, x: float, top: float, width: float) -> None:
    laid = setter.lay(text, width, style)
    h = text_height(laid.lines, style)
    canv.saveState()
    canv.translate(x, top - h)
    draw_elements(canv, (Text(0.0, 0.0, laid.ops),), width, h)
    canv.restoreState()



def facts_line(game) -> str:
    """Players, and age and playing time where the game gives them, as rich text (the cover's, in the PDF and the HTML)."""
    spec = game.spec
    players = spec.players
    who = f"**{players.min}**" if players.min == players.max else f"**{players.min}–{players.max}**"
    words = words_of(game)
    parts = [f"{who} {players_word(words, players.min, players.max)}"]
    if spec.age is not None:
        parts.append(words["age"].format(age=spec.age))
    if spec.play_time is not None:
        parts.append(f"**{spec.play_time}** {words['minutes']}" if isinstance(spec.play_time, int) else f"**{escape(spec.play_time)}**")
    return "   ·   ".join(parts)
