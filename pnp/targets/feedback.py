"""The playtest feedback sheet: every card of every deck in a table with boxes to rate and note it.

A playtester's remarks are worth most when tied to the card and the version
they played, so each row names the card's id and name (and its version stamp,
where the data gives one) and the header asks for the session's date, players
and version. Drawn with Platypus so a long deck flows over as many pages as it needs.
Every word on it is the edition's (the words table's `feedback_*` keys), said
through the bundle's `Voice`: a right-to-left edition's sheet reads from the right.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, PageBreak, Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle
from reportlab.platypus.tables import LongTable

from pnp.core.units import paper_size
from pnp.layout import rl
from pnp.targets.bundle_pages import Fonts, Voice

RATING_BOXES = 5  # a 1–5 scale: the usual playtest rating
ROW_MM = 9.0  # tall enough to write a short note by hand
ID_FLOOR_PT = 6.0  # the smallest an id is set to fit its column: still read at arm's length on a printed table
CELL_PAD = 12.0  # a Table cell's padding, 6 pt each side


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

    def heading(self, voice: Voice) -> str:
        """'Narcos cards (68 cards, 24 different)': the deck's size as the player counts it, and why it has fewer rows."""
        total = self.total or len(self.rows)
        cards = voice.say("label_card" if total == 1 else "label_cards", n=total)
        if total == len(self.rows):
            return voice.say("feedback_deck", deck=self.name, cards=cards)
        return voice.say("feedback_deck_kinds", deck=self.name, cards=cards, kinds=len(self.rows))


def feedback_decks(game, stamper=None) -> list[FeedbackDeck]:
    """Every deck of `game` with a row per card (not per copy): the card's id, its name fields and, given a
    `stamper` (pnp.data.stamps.Stamper), the version stamp its front carries, so a note names the revision played."""
    decks, names = [], game.spec.strings
    for deck in game.decks.values():
        rows = []
        for card in deck.cards:
            name = " · ".join(_named(card.fields[f], names) for f in deck.name_field if card.fields.get(f) not in (None, ""))
            stamped = stamper(deck, card) if stamper is not None else None
            stamp = stamped.text if stamped is not None else None
            rows.append(FeedbackRow(card.id, name, stamp))
        decks.append(FeedbackDeck(deck.name, tuple(rows), deck.total))
    return decks


def _named(value, names: dict[str, str]) -> str:
    """A name field's value as the edition prints it: a value the game names in its `strings:` (`liver`, in German
    `Leber`) in those words, as its templates and the rulebook's components table print it; any other as written."""
    text = str(value)
    return names.get(text, text)


def _styles(fonts: Fonts, voice: Voice) -> dict[str, ParagraphStyle]:
    st = {"title": ParagraphStyle("title", fontName=fonts.bold, fontSize=16, leading=20, spaceAfter=4),
            "deck": ParagraphStyle("deck", fontName=fonts.bold, fontSize=12, leading=15, spaceBefore=6, spaceAfter=4),
            "body": ParagraphStyle("body", fontName=fonts.regular, fontSize=8.5, leading=10),
            "head": ParagraphStyle("head", fontName=fonts.bold, fontSize=8.5, leading=10)}
    for style in st.values():
        style.wordWrap = "CJK" if voice.cjk else None  # Japanese and Chinese break between characters
    return st


def _text(voice: Voice, text: str, style: ParagraphStyle):
    """A cell or line in the edition's script: set from the right in a right-to-left edition; else as typed (the
    designer's straight quotes kept, as this sheet always printed them), each character the font lacks in one that has it."""
    return voice.para(text, style) if voice.rtl else Paragraph(voice.markup(text, style.fontName), style)


def _in_order(voice: Voice, row: list) -> list:
    """A table row as the edition reads it: a right-to-left edition's first column stands at the right."""
    return row[::-1] if voice.rtl else row


def _header(title: str, version: str, st: dict, width: float, voice: Voice) -> list:
    """The session's header: the game, then lines for date, players and version to fill in by hand."""
    cells = [_text(voice, voice.say("feedback_date"), st["head"]), "", _text(voice, voice.say("feedback_players"), st["head"]), "",
             _text(voice, voice.say("feedback_version"), st["head"]), _text(voice, version, st["body"])]
    lines = [5 - i for i in (1, 3, 5)] if voice.rtl else [1, 3, 5]  # the lines to write on, beside their labels
    widths = _label_widths([voice.say(k) for k in ("feedback_date", "feedback_players", "feedback_version")], st["head"], width, voice)
    table = Table([_in_order(voice, cells)], colWidths=_in_order(voice, widths), rowHeights=[ROW_MM * mm])
    # a Table sets its cells' font even for Paragraph cells: name ours, or reportlab's unembedded Helvetica joins the page
    table.setStyle(TableStyle([("FONTNAME", (0, 0), (-1, -1), st["body"].fontName), *(("LINEBELOW", (i, 0), (i, 0), 0.5, colors.black) for i in lines),
                               ("VALIGN", (0, 0), (-1, -1), "BOTTOM")]))
    return [_text(voice, voice.say("feedback_title", title=title), st["title"]), table, Spacer(1, 4 * mm)]


def _id_cell(voice: Voice, card_id: str, style: ParagraphStyle, width: float) -> Paragraph:
    """A card's id as a playtester copies it into a note: broken only after its hyphens ("hijacked-" / "shipment"),
    never inside a word; a word still wider than the column shrinks the whole id, down to ID_FLOOR_PT."""
    room = width - CELL_PAD
    words = _id_words(card_id)
    size = style.fontSize
    while size > ID_FLOOR_PT and max(stringWidth(w, style.fontName, size) for w in words) > room:
        size = max(ID_FLOOR_PT, size - 0.5)
    lines: list[str] = []
    for word in words:
        if lines and stringWidth(lines[-1] + word, style.fontName, size) <= room:
            lines[-1] += word
        else:
            lines.append(word)
    fitted = ParagraphStyle(f"id{size}", parent=style, fontSize=size, leading=size * 1.15, splitLongWords=0, alignment=2 if voice.rtl else 0)
    return Paragraph("<br/>".join(voice.markup(line, style.fontName) for line in lines), fitted)


def _id_words(card_id: str) -> list[str]:
    """'hijacked-shipment' → ['hijacked-', 'shipment']: the pieces a line of an id may end after."""
    return re.findall(r"[^-]+-*|-+", card_id) or [card_id]


def _id_share(deck: FeedbackDeck, style: ParagraphStyle, width: float) -> float:
    """The id column's share of the width: 16 %, or as wide as the deck's widest unbroken word needs at ID_FLOOR_PT
    (at most 30 %, the name and notes keep the rest), so no id has to be split inside a word."""
    widest = max((stringWidth(w, style.fontName, ID_FLOOR_PT) for r in deck.rows for w in _id_words(r.id)), default=0.0)
    return min(0.3, max(0.16, (widest + CELL_PAD + 1) / width))


def _label_widths(labels: list[str], style: ParagraphStyle, width: float, voice: Voice) -> list[float]:
    """The header's six columns (label, line, label, line, label, version): each label as wide as its words need on
    one line ("Mitspielende:" is wider than "Players:"), taken from the line after it; the English labels fit the
    columns as they were."""
    widths = [width * f for f in (0.08, 0.2, 0.1, 0.3, 0.1, 0.22)]
    for i, label in zip((0, 2, 4), labels, strict=True):
        need = sum(stringWidth(c, (voice.font_for and voice.font_for(c, style.fontName)) or style.fontName, style.fontSize) for c in label) + 14  # 6 pt of cell padding each side, 2 to spare
        grow = min(max(0.0, need - widths[i]), widths[i + 1] / 2)  # the line keeps at least half its room to write on
        widths[i], widths[i + 1] = widths[i] + grow, widths[i + 1] - grow
    return widths


def _deck_table(deck: FeedbackDeck, st: dict, width: float, voice: Voice) -> LongTable:
    """A row per card: id, name (stamp), the rating boxes 1–5 and a wide note column; the head row repeats on each page."""
    stamped = any(r.stamp for r in deck.rows)
    head = [voice.say(k) for k in ("feedback_card", "feedback_name", *(["feedback_stamp"] if stamped else []), "feedback_rating", "feedback_notes")]
    share = _id_share(deck, st["body"], width)
    body = [[_id_cell(voice, r.id, st["body"], width * share), _text(voice, r.name, st["body"]), *([_text(voice, r.stamp or "", st["body"])] if stamped else []),
             RatingBoxes(), ""] for r in deck.rows]
    widths = [share, 0.24, *([0.1] if stamped else []), 0.16]
    widths.append(1 - sum(widths))
    rows = [_in_order(voice, row) for row in [[_text(voice, h, st["head"]) for h in head], *body]]
    table = LongTable(rows, colWidths=_in_order(voice, [width * w for w in widths]), rowHeights=[6 * mm] + [ROW_MM * mm] * len(body), repeatRows=1)
    rating = 1 if voice.rtl else len(head) - 2
    table.setStyle(TableStyle([("FONTNAME", (0, 0), (-1, -1), st["body"].fontName), ("GRID", (0, 0), (-1, -1), 0.4, colors.grey), ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                               ("BACKGROUND", (0, 0), (-1, 0), colors.Color(0.9, 0.9, 0.9)), ("ALIGN", (rating, 1), (rating, -1), "CENTER")]))
    return table


def feedback_pdf(title: str, version: str, decks: list[FeedbackDeck], paper: str, fonts: Fonts, voice: Voice) -> bytes:
    """The feedback sheet on `paper` in the edition's words (`voice`, pnp.targets.bundle.bundle_voice): a page (or more)
    per deck, each under the session's header; same bytes every run."""
    import io

    rl.use_binary_streams()
    size = tuple(v * mm for v in paper_size(paper))
    buf = io.BytesIO()
    doc = SimpleDocTemplate(buf, pagesize=size, leftMargin=15 * mm, rightMargin=15 * mm, topMargin=15 * mm, bottomMargin=15 * mm,
                            title=voice.say("feedback_title", title=title), author="pnp", creator="pnp", invariant=1, initialFontName=fonts.regular)
    st = _styles(fonts, voice)
    story: list = []
    for i, deck in enumerate(decks):
        if i:
            story.append(PageBreak())
        story += _header(title, version, st, doc.width, voice)
        story += [_text(voice, deck.heading(voice), st["deck"]), _deck_table(deck, st, doc.width, voice)]
    doc.build(story, canvasmaker=rl.SharedResourceCanvas)
    return buf.getvalue()
