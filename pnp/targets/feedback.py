"""The playtest feedback sheet: every card of every deck in a table with boxes to rate and note it.

A playtester's remarks are worth most when tied to the card and the version
they played, so each row names the card's id and name (and its version stamp,
where the data gives one) and the header asks for the session's date, players
and version. Drawn with Platypus so a long deck flows over as many pages as it needs.
"""
from __future__ import annotations

from dataclasses import dataclass
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, PageBreak, Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle
from reportlab.platypus.tables import LongTable

from pnp.core.units import paper_size
from pnp.layout import rl

RATING_BOXES = 5  # a 1–5 scale: the usual playtest rating
ROW_MM = 9.0  # tall enough to write a short note by hand


class RatingBoxes(Flowable):
    """A row of empty squares to tick, drawn as lines (no glyph a font may lack)."""

    SIDE = 4 * mm
    GAP = 1.6 * mm

    def wrap(self, avail_width, avail_height):
        return RATING_BOXES * (self.SIDE + self.GAP), self.SIDE

    def draw(self):
        self.canv.saveState()
        self.canv.setLineWidth(0.6)
        for i in range(RATING_BOXES):
            self.canv.rect(i * (self.SIDE + self.GAP), 0, self.SIDE, self.SIDE)
        self.canv.restoreState()


@dataclass(frozen=True)
class FeedbackRow:
    """One card as a playtester sees it: its id, what it says it is, and the version it was printed at (or None)."""

    id: str
    name: str
    stamp: str | None = None


@dataclass(frozen=True)
class FeedbackDeck:
    """One deck's rows, in the order of its data, and how many cards the deck prints (copies counted)."""

    name: str
    rows: tuple[FeedbackRow, ...]
    total: int = 0

    def heading(self) -> str:
        """'Narcos cards (68 cards, 24 different)': the deck's size as the player counts it, and why it has fewer rows."""
        total = self.total or len(self.rows)
        cards = f"{total} card{'' if total == 1 else 's'}"
        return f"{self.name} ({cards})" if total == len(self.rows) else f"{self.name} ({cards}, {len(self.rows)} different)"


@dataclass(frozen=True)
class Fonts:
    """The registered TrueType names the sheet draws with (embedded, never reportlab's Helvetica)."""

    regular: str
    bold: str


def feedback_decks(game, stamper=None) -> list[FeedbackDeck]:
    """Every deck of `game` with a row per card (not per copy): the card's id, its name fields and, given a
    `stamper` (pnp.data.stamps.Stamper), the version stamp its front carries, so a note names the revision played."""
    decks = []
    for deck in game.decks.values():
        rows = []
        for card in deck.cards:
            name = " · ".join(str(card.fields[f]) for f in deck.name_field if card.fields.get(f) not in (None, ""))
            stamped = stamper(deck, card) if stamper is not None else None
            stamp = stamped.text if stamped is not None else None
            rows.append(FeedbackRow(card.id, name, stamp))
        decks.append(FeedbackDeck(deck.name, tuple(rows), deck.total))
    return decks


def _styles(fonts: Fonts) -> dict[str, ParagraphStyle]:
    return {"title": ParagraphStyle("title", fontName=fonts.bold, fontSize=16, leading=20, spaceAfter=4),
            "deck": ParagraphStyle("deck", fontName=fonts.bold, fontSize=12, leading=15, spaceBefore=6, spaceAfter=4),
            "body": ParagraphStyle("body", fontName=fonts.regular, fontSize=8.5, leading=10),
            "head": ParagraphStyle("head", fontName=fonts.bold, fontSize=8.5, leading=10)}


def _header(title: str, version: str, st: dict, width: float) -> list:
    """The session's header: the game, then lines for date, players and version to fill in by hand."""
    cells = [[Paragraph("Date:", st["head"]), "", Paragraph("Players:", st["head"]), "", Paragraph("Version:", st["head"]),
              Paragraph(escape(version), st["body"])]]
    table = Table(cells, colWidths=[width * f for f in (0.08, 0.2, 0.1, 0.3, 0.1, 0.22)], rowHeights=[ROW_MM * mm])
    # a Table sets its cells' font even for Paragraph cells: name ours, or reportlab's unembedded Helvetica joins the page
    table.setStyle(TableStyle([("FONTNAME", (0, 0), (-1, -1), st["body"].fontName), ("LINEBELOW", (1, 0), (1, 0), 0.5, colors.black), ("LINEBELOW", (3, 0), (3, 0), 0.5, colors.black),
                               ("LINEBELOW", (5, 0), (5, 0), 0.5, colors.black), ("VALIGN", (0, 0), (-1, -1), "BOTTOM")]))
    return [Paragraph(f"{escape(title)}: playtest feedback", st["title"]), table, Spacer(1, 4 * mm)]


def _deck_table(deck: FeedbackDeck, st: dict, width: float) -> LongTable:
    """A row per card: id, name (stamp), the rating boxes 1–5 and a wide note column; the head row repeats on each page."""
    stamped = any(r.stamp for r in deck.rows)
    head = ["Card", "Name", *(["Version"] if stamped else []), "Rating (1–5)", "Notes"]
    body = [[Paragraph(escape(r.id), st["body"]), Paragraph(escape(r.name), st["body"]), *([Paragraph(escape(r.stamp or ""), st["body"])] if stamped else []),
             RatingBoxes(), ""] for r in deck.rows]
    widths = [0.16, 0.24, *([0.1] if stamped else []), 0.16]
    widths.append(1 - sum(widths))
    table = LongTable([[Paragraph(h, st["head"]) for h in head], *body], colWidths=[width * w for w in widths],
                      rowHeights=[6 * mm] + [ROW_MM * mm] * len(body), repeatRows=1)
    rating = len(head) - 2
    table.setStyle(TableStyle([("FONTNAME", (0, 0), (-1, -1), st["body"].fontName), ("GRID", (0, 0), (-1, -1), 0.4, colors.grey), ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                               ("BACKGROUND", (0, 0), (-1, 0), colors.Color(0.9, 0.9, 0.9)), ("ALIGN", (rating, 1), (rating, -1), "CENTER")]))
    return table


def feedback_pdf(title: str, version: str, decks: list[FeedbackDeck], paper: str, fonts: Fonts) -> bytes:
    """The feedback sheet on `paper`: a page (or more) per deck, each under the session's header; same bytes every run."""
    import io

    rl.use_binary_streams()
    size = tuple(v * mm for v in paper_size(paper))
    buf = io.BytesIO()
    doc = SimpleDocTemplate(buf, pagesize=size, leftMargin=15 * mm, rightMargin=15 * mm, topMargin=15 * mm, bottomMargin=15 * mm,
                            title=f"{title}: playtest feedback", author="pnp", creator="pnp", invariant=1, initialFontName=fonts.regular)
    st = _styles(fonts)
    story: list = []
    for i, deck in enumerate(decks):
        if i:
            story.append(PageBreak())
        story += _header(title, version, st, doc.width)
        story += [Paragraph(escape(deck.heading()), st["deck"]), _deck_table(deck, st, doc.width)]
    doc.build(story, canvasmaker=rl.SharedResourceCanvas)
    return buf.getvalue()
