"""A sell sheet: the one page a designer hands a publisher, from what the game already says of itself.

Its title band, pitch and key facts (players, age, time) come from game.yaml;
its components table from the pieces the exporters list (pnp.targets.components:
each deck, board, token set and the player aids, with how many copies the game
needs and their size); its hero picture is the showcase's table spread and its
second picture the showcase's fanned hand (pnp.targets.showcase), both drawn
from the print files' own faces. It is set in the game's title and body fonts
and its palette's accent, as the rulebook is (pnp.outputs.rulebook.look), and
drawn straight onto one reportlab page: no template, since every game's sheet
has the same parts. The PNG is that page rasterised, for a web page or an email.
"""
from __future__ import annotations

import io
from dataclasses import dataclass

from pnp.core.errors import Finding, Loc, warning
from pnp.core.plurals import count_text
from pnp.core.units import PT_PER_MM, paper_size
from pnp.outputs.context import GameContext
from pnp.targets.components import Component, collect
from pnp.targets.rendering import png_bytes, size_text
from pnp.targets.showcase import choose_cards, hand_picture, table_picture

MARGIN_PT = 36  # half an inch: inside any printer's unprintable edge
BAND_PT = 104  # the title band's height
PICTURE_PX = 1400  # the hero picture's width: sharp at the page's width in print (about 190 ppi)
PNG_DPI = 100  # the sell sheet as a picture: 850 × 1100 px for Letter
KIND_WORDS = {"cards": ("card", "cards"), "boards": ("board", "boards"), "tokens": ("token", "tokens"), "player-aids": ("player aid", "player aids")}
ROW_PT = {1: 17, 2: 14}  # the components table's row: beside the hand, or across the page in two columns
FACTS = ("pitch", "age", "play_time", "designer", "contact", "genre", "play")  # what a publisher looks for: each one game.yaml lacks is a warning
PITCH_PT, PITCH_LINES = 15, 4  # the pitch's type size and the lines the page gives it, under the title band
PLAY_PT, PLAY_LINES = 10.5, 6  # the paragraph of play: body size, and at most this many lines


@dataclass(frozen=True)
class Look:
    """The sheet's fonts and colours: the game's title and body families and its palette's ink and accent."""

    title: str
    body: str
    bold: str
    ink: str
    accent: str
    on_accent: str
    tint: str
    muted: str


def look_of(gctx: GameContext) -> Look:
    from pnp.core.colour import mix
    from pnp.outputs.rulebook.look import document_inks

    ink, accent, on_accent, _ = document_inks(gctx.game)
    fonts, layouts = gctx.fonts, gctx.layouts
    return Look(fonts.font_name(layouts.family("title"), bold=True), fonts.font_name(layouts.family("body")),
                fonts.font_name(layouts.family("body"), bold=True), ink, accent, on_accent, mix(accent, "#ffffff", 0.9), mix(ink, "#ffffff", 0.45))


def facts_line(spec) -> list[str]:
    """The key facts as a publisher reads them: players, age and time, each as short as it can be said."""
    players = f"{spec.players.min} player{'s' * (spec.players.max > 1)}" if spec.players.min == spec.players.max \
        else f"{spec.players.min}–{spec.players.max} players"
    facts = [spec.genre, players] if spec.genre else [players]
    if spec.age is not None:
        facts.append(f"Age {spec.age}+")
    if spec.play_time not in (None, ""):
        facts.append(f"{spec.play_time} min" if isinstance(spec.play_time, int) else str(spec.play_time))
    return facts


def in_all(components: list[Component]) -> str:
    """'In all: 160 cards · 1 board · 8 player aids': the pieces of each kind added up, what a print quote starts from."""
    totals: dict[str, int] = {}
    for c in components:
        totals[c.kind] = totals.get(c.kind, 0) + sum(item.copies for item in c.items)
    words = [f"{n} {KIND_WORDS.get(kind, (kind, kind))[n != 1]}" for kind, n in totals.items()]
    return "In all: " + " · ".join(words) if words else ""


def component_rows(components: list[Component]) -> list[tuple[str, str, str]]:
    """(name, how many, size) of each component, in the exporters' order: what a publisher prices."""
    rows = []
    for c in components:
        copies = sum(item.copies for item in c.items)
        one, many = KIND_WORDS.get(c.kind, (c.kind, c.kind))
        rows.append((c.name, f"{copies} {one if copies == 1 else many}", f"{size_text(c.trim)} mm"))
    return rows


def missing_facts(game) -> list[Finding]:
    """A warning for each of FACTS game.yaml leaves out, at its first line: the sheet prints without it."""
    said = {"pitch": "a one- or two-sentence pitch (`pitch:`)", "age": "the youngest age it is for (`age: 10`)",
            "play_time": "how long a game takes (`play_time: 30`, minutes, or a text)",
            "designer": "the designer's name (`designer: Ada Rook`)", "contact": "a contact for the designer (`contact: ada@example.com`)",
            "genre": "a genre (`genre: cooperative card game`)", "play": "a paragraph of how it plays (`play: Each turn you …`)"}
    return [warning("sellsheet-fact", f"the sell sheet has no {said[key].split(' (')[0].removeprefix('a ').removeprefix('the ')}: "
                    f"add {said[key]} to game.yaml", Loc(f"{game.rel}/game.yaml", 1, 1), game=game.slug)
            for key in FACTS if getattr(game.spec, key) in (None, "")]


def sellsheet(gctx: GameContext, paper: str = "letter", width: int = PICTURE_PX) -> tuple[bytes, bytes, list[Finding]]:
    """(the one-page PDF, its PNG, the findings), the hero picture `width` px wide: nothing when a piece could not be drawn."""
    findings: list[Finding] = []
    components = collect(gctx, 0.0, findings)
    if any(f.severity == "error" for f in findings):
        return b"", b"", findings
    findings += missing_facts(gctx.game) + pitch_cut(gctx, paper)
    pdf = _page(gctx, components, paper, width)
    return pdf, _png(pdf), findings


def _page(gctx: GameContext, components: list[Component], paper: str, width: int) -> bytes:

    from pnp.render.pdf import new_canvas

    w, h = (v * PT_PER_MM for v in paper_size(paper))
    look = look_of(gctx)
    spec = gctx.game.spec
    c, buf = new_canvas((w, h), look.body, f"{spec.title}: sell sheet", "sell sheet")
    _band(c, look, spec, w, h)
    y = _pitch(c, look, spec.pitch, h - BAND_PT - 26, w)
    y = _facts(c, look, facts_line(spec), y - 10, w)
    y = _play(c, look, spec.play, y - 12, w)
    y = _pictures(c, gctx, components, y - 12, w, width)
    rows = component_rows(components)
    columns = 1 if len(rows) <= min(6, _room(y - 18, ROW_PT[1])) else 2  # a long list in two columns, across the page
    right = w - MARGIN_PT
    _table(c, look, rows, in_all(components), (MARGIN_PT, right, y - 18), columns)
    _footer(c, look, spec, w)
    c.showPage()
    c.save()
    return buf.getvalue()


def pictures_of(gctx: GameContext, components: list[Component], width: int) -> list[bytes]:
    """Up to three pictures a publisher looks at, each drawn from the print files' faces: the game on the table, a hand
    of its cards, and every piece of its largest token set (or else of the deck with the fewest different cards) laid out side by side."""
    from pnp.targets.showcase import contact_picture

    cards = [x for x in components if x.kind == "cards"]
    out = [table_picture(gctx, components, width)] if cards or any(x.kind == "boards" for x in components) else []
    out += [hand_picture(gctx, choose_cards(components, ()), width // 2)] if cards else []
    tokens = [x for x in components if x.kind == "tokens" and x.items]
    spread = max(tokens, key=lambda x: len(x.items)) if tokens else min(cards, key=lambda x: len(x.items), default=None)  # a deck's few kinds read at this size
    return out + ([contact_picture(gctx, spread, width // 2)] if spread is not None else [])


def _pictures(c, gctx: GameContext, components: list[Component], top: float, w: float, width: int) -> float:
    """The pictures under the facts: the first at 62 % of the width, the others stacked beside it; the y under them."""
    from reportlab.lib.utils import ImageReader

    images = [ImageReader(io.BytesIO(p)) for p in pictures_of(gctx, components, width)]
    if not images:
        return top
    room = w - 2 * MARGIN_PT
    main_w = room * (0.62 if len(images) > 1 else 1.0)
    iw, ih = images[0].getSize()
    main_h = main_w * ih / iw
    c.drawImage(images[0], MARGIN_PT, top - main_h, main_w, main_h)
    side_w, gap = room - main_w - 10, 8
    slot_h = (main_h - gap * (len(images) - 2)) / max(1, len(images) - 1)
    for k, image in enumerate(images[1:]):
        iw, ih = image.getSize()
        scale = min(side_w / iw, slot_h / ih)
        pw, ph = iw * scale, ih * scale
        c.drawImage(image, w - MARGIN_PT - pw, top - k * (slot_h + gap) - ph, pw, ph)
    return top - main_h


def _play(c, look: Look, play: str, top: float, w: float) -> float:
    """'How it plays' and its paragraph at PLAY_PT, at most PLAY_LINES lines; the y under it (or `top`, with no paragraph)."""
    from reportlab.lib.colors import HexColor
    from reportlab.lib.utils import simpleSplit

    if not play:
        return top
    lines = simpleSplit(" ".join(play.split()), look.body, PLAY_PT, w - 2 * MARGIN_PT)[:PLAY_LINES]
    c.setFillColor(HexColor(look.accent))
    c.setFont(look.bold, 11)
    c.drawString(MARGIN_PT, top - 11, "How it plays")
    c.setFillColor(HexColor(look.ink))
    c.setFont(look.body, PLAY_PT)
    for i, line in enumerate(lines):
        c.drawString(MARGIN_PT, top - 26 - i * PLAY_PT * 1.3, line)
    return top - 26 - (len(lines) - 1) * PLAY_PT * 1.3 - 4


def _band(c, look: Look, spec, w: float, h: float) -> None:
    """The title band across the top, in the accent: the title in the title font, the subtitle under it."""
    from reportlab.lib.colors import HexColor

    c.setFillColor(HexColor(look.accent))
    c.rect(0, h - BAND_PT, w, BAND_PT, stroke=0, fill=1)
    c.setFillColor(HexColor(look.on_accent))
    size = _fitting(spec.title, look.title, 40, w - 2 * MARGIN_PT)
    c.setFont(look.title, size)
    c.drawString(MARGIN_PT, h - BAND_PT / 2 - (0 if not spec.subtitle else -6) - size * 0.3, _clipped(spec.title, look.title, size, w - 2 * MARGIN_PT))
    if spec.subtitle:
        c.setFont(look.body, 13)
        c.drawString(MARGIN_PT, h - BAND_PT / 2 - 6 - size * 0.3 - 18, _clipped(spec.subtitle, look.body, 13, w - 2 * MARGIN_PT))
    byline = " · ".join(part for part in (f"by {spec.designer}" if spec.designer else "", spec.contact) if part)
    if byline:  # who to write to, where a publisher looks first
        c.setFont(look.body, 10)
        c.drawRightString(w - MARGIN_PT, h - BAND_PT + 10, _clipped(byline, look.body, 10, w - 2 * MARGIN_PT))


def pitch_lines(pitch: str, font: str, w: float) -> tuple[list[str], list[str]]:
    """The pitch wrapped to the page `w` pt wide: (the PITCH_LINES lines the page shows, the lines past them)."""
    from reportlab.lib.utils import simpleSplit

    lines = simpleSplit(" ".join(pitch.split()), font, PITCH_PT, w - 2 * MARGIN_PT)
    return lines[:PITCH_LINES], lines[PITCH_LINES:]


def pitch_cut(gctx: GameContext, paper: str) -> list[Finding]:
    """A warning at game.yaml's `pitch:` when the page cannot show all of it: how much it leaves out, and how long a
    pitch the page holds."""
    game, w = gctx.game, paper_size(paper)[0] * PT_PER_MM
    if not game.spec.pitch:
        return []
    shown, cut = pitch_lines(game.spec.pitch, look_of(gctx).body, w)
    if not cut:
        return []
    left, kept = " ".join(cut).split(), " ".join(shown).split()
    loc = game.data.loc_of("pitch") if hasattr(game.data, "loc_of") else Loc(f"{game.rel}/game.yaml")
    return [warning("sellsheet-pitch", f"the sell sheet shows the pitch's first {PITCH_LINES} lines ({len(kept)} words, to '{' '.join(kept[-3:])}') "
                    f"and leaves out the other {count_text(len(left), 'word')} ({len(' '.join(left)):,} characters, from "
                    f"'{' '.join(left[:3])}'): shorten the pitch to {len(kept)} words or fewer", loc, game=game.slug)]


def _pitch(c, look: Look, pitch: str, top: float, w: float) -> float:
    """The pitch, PITCH_PT, wrapped to the page (at most PITCH_LINES lines: `pitch_cut` warns of the rest); the y under it."""
    from reportlab.lib.colors import HexColor

    if not pitch:
        return top + 12
    lines, _ = pitch_lines(pitch, look.body, w)
    c.setFillColor(HexColor(look.ink))
    c.setFont(look.body, PITCH_PT)
    for i, line in enumerate(lines):
        c.drawString(MARGIN_PT, top - i * 20, line)
    return top - (len(lines) - 1) * 20 - 6


def _facts(c, look: Look, facts: list[str], top: float, w: float) -> float:
    """The key facts as chips in the accent's tint, side by side; the y under them."""
    from reportlab.lib.colors import HexColor
    from reportlab.pdfbase.pdfmetrics import stringWidth

    x, chip_h = MARGIN_PT, 26
    for fact in facts:
        tw = stringWidth(fact, look.bold, 13)
        c.setFillColor(HexColor(look.tint))
        c.roundRect(x, top - chip_h, tw + 24, chip_h, 6, stroke=0, fill=1)
        c.setFillColor(HexColor(look.accent))
        c.setFont(look.bold, 13)
        c.drawString(x + 12, top - chip_h + 8.5, fact)
        x += tw + 24 + 10
    return top - chip_h


def _room(top: float, row: float) -> int:
    """How many rows of the components table fit under its heading at `top`, above the total and the footer."""
    return max(1, int((top - 38 - MARGIN_PT - 40) // row) + 1)


def _table(c, look: Look, rows: list[tuple[str, str, str]], total: str, box: tuple[float, float, float], columns: int) -> None:
    """'Components' and one line a component in `columns` columns within `box` (left, right, top): its name, how many,
    its size (rows past the room left say how many more); under them, the pieces of each kind added up."""
    from reportlab.lib.colors import HexColor

    left, right, top = box
    row, size_pt = ROW_PT[columns], 10 if columns == 1 else 9
    c.setFillColor(HexColor(look.accent))
    c.setFont(look.title, 16)
    c.drawString(left, top - 16, "Components")
    per_column = _room(top, row)
    room = per_column * columns
    shown = rows if len(rows) <= room else [*rows[:room - 1], (f"… and {count_text(len(rows) - room + 1, 'more component')}", "", "")]
    width = (right - left - 18 * (columns - 1)) / columns
    for i, (name, copies, size) in enumerate(shown):
        x, y = left + (i // per_column) * (width + 18), top - 38 - (i % per_column) * row
        if i % 2 == 0:
            c.setFillColor(HexColor(look.tint))
            c.rect(x, y - 5, width, row, stroke=0, fill=1)
        c.setFillColor(HexColor(look.ink))
        c.setFont(look.bold, size_pt)
        c.drawString(x + 4, y, _clipped(name, look.bold, size_pt, (width * 0.45 - 8) if copies else width - 8))
        c.setFont(look.body, size_pt)
        c.drawString(x + width * 0.45, y, copies)
        c.drawRightString(x + width - 4, y, size)
    c.setFillColor(HexColor(look.accent))
    c.setFont(look.bold, 10)
    c.drawString(left + 4, top - 38 - min(len(shown), per_column) * row - 6, _clipped(total, look.bold, 10, right - left - 8))


def _footer(c, look: Look, spec, w: float) -> None:
    from reportlab.lib.colors import HexColor

    version = f" · version {spec.version}" if spec.version not in (None, "") else ""
    c.setFillColor(HexColor(look.muted))
    c.setFont(look.body, 8)
    c.drawString(MARGIN_PT, MARGIN_PT / 2, f"{spec.title}{version} · a print-and-play prototype; every picture is drawn from its print files")


def _fitting(text: str, font: str, size: float, room: float) -> float:
    """`size`, or smaller until `text` fits `room` points (never under 18)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    while size > 18 and stringWidth(text, font, size) > room:
        size -= 1
    return size


def _clipped(text: str, font: str, size: float, room: float) -> str:
    """`text`, cut short with an ellipsis where it would run past `room` points."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    if stringWidth(text, font, size) <= room:
        return text
    while text and stringWidth(text + "…", font, size) > room:
        text = text[:-1]
    return text.rstrip() + "…"


def _png(pdf: bytes) -> bytes:
    """The page rasterised at PNG_DPI, with no metadata (the same PDF gives the same bytes)."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf)
    try:
        image = doc[0].render(scale=PNG_DPI / 72).to_pil().convert("RGB")
    finally:
        doc.close()
    return png_bytes(image)
