"""The bundle's own pages: cover, contents, component checklist, print settings, assembly steps, and credits.

Only these pages are drawn here; every component page of a bundle is the
very page of the component's own PDF (pnp.targets.bundle concatenates them).
Drawn with Platypus in the project's TrueType font, so every glyph is embedded.
"""
from __future__ import annotations

import io
from collections.abc import Callable, Mapping
from copy import copy
from dataclasses import dataclass
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, ListFlowable, ListItem, PageBreak, Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from pnp.core.units import paper_size
from pnp.layout import rl
from pnp.layout.bidi import shaped, visual
from pnp.layout.markup import curly_quotes

PAPER_KEYS = {"letter": "bundle_paper_letter", "a4": "bundle_paper_a4"}  # the papers the words name; another is named by its code


@dataclass(frozen=True)
class Fonts:
    """The registered TrueType names the bundle's own pages and its feedback sheet draw with (embedded, never
    reportlab's Helvetica)."""

    regular: str
    bold: str
    family: str = ""  # the family they belong to, named in the credits with its licence


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



@dataclass(frozen=True)
class Voice:
    """How the bundle's own pages speak: the edition's words (pnp.data.words, its `bundle_*` keys) and how its script is
    set. A right-to-left edition's paragraphs are set from the right (`RightToLeft`), its tables' first column at the
    right; a Japanese or Chinese one breaks lines between characters; a character the page's font lacks is drawn in the
    fallback font that has it (`font_for`), as every other page of pnp draws it."""

    words: Mapping[str, str]
    rtl: bool = False
    cjk: bool = False
    font_for: Callable[[str, str], str | None] | None = None  # (character, font) → a font that has it, None when `font` has it

    def say(self, key: str, **values) -> str:
        return self.words[key].format(**values)

    def number(self, value: float, spec: str = "g") -> str:
        """A number as the edition writes it: 63.5 in English, 63,5 in German."""
        return format(value, spec).replace(".", self.words["bundle_decimal"])

    def size(self, w: float, h: float) -> str:
        return f"{self.number(w)} × {self.number(h)}"

    def listed(self, items: list[str]) -> str:
        """'a', 'a and b', 'a, b and c', with the edition's own comma and 'and'."""
        comma, last = self.words["bundle_list_comma"], self.words["bundle_list_and"]
        return items[0] if len(items) == 1 else f"{comma.join(items[:-1])}{last}{items[-1]}"

    def paper(self, paper: str) -> str:
        key = PAPER_KEYS.get(paper)
        return self.words[key] if key else paper

    def paper_name(self, paper: str) -> str:
        """The paper as a title names it, without the sizes `paper` gives: 'US-Letter' in a German edition."""
        return self.paper(paper).split(" (")[0]

    def markup(self, text: str, font: str) -> str:
        """`text` as Paragraph markup: escaped, each run of characters `font` lacks in a font that has them."""
        if self.font_for is None or text.isascii():
            return escape(text)
        out, run, run_font = [], "", None
        for char in text:
            chosen = None if char.isspace() else self.font_for(char, font)
            if chosen != run_font and run:
                out.append(_in_font(run, run_font))
                run = ""
            run, run_font = run + char, chosen
        out.append(_in_font(run, run_font))
        return "".join(out)

    def para(self, value, style: ParagraphStyle):
        """A paragraph of plain text in the edition's script: its quotes typographic (as every page of pnp sets them)."""
        text = curly_quotes(str(value))
        if self.rtl:
            return RightToLeft(self, shaped(text), style)
        return Paragraph(self.markup(text, style.fontName), style)


def _in_font(run: str, font: str | None) -> str:
    return escape(run) if font is None else f'<font name="{font}">{escape(run)}</font>'


class RightToLeft(Flowable):
    """A right-to-left paragraph: its words broken into lines in reading order within the width it is given (each
    measured in the fonts that draw it), then each line turned into its visual order (pnp.layout.bidi.visual), set flush
    right (or centred, when its style is): reportlab's Paragraph has no bidirectional algorithm of its own."""

    def __init__(self, voice: Voice, text: str, style: ParagraphStyle):
        super().__init__()
        self.voice, self.text, self.style = voice, text, style
        self.spaceBefore, self.spaceAfter = style.spaceBefore, style.spaceAfter
        self.paragraph = None

    def text_width(self, text: str) -> float:
        font, size = self.style.fontName, self.style.fontSize
        return sum(stringWidth(char, (self.voice.font_for and self.voice.font_for(char, font)) or font, size) for char in text)

    def _lines(self, width: float) -> list[str]:
        lines, line = [], ""
        for word in self.text.split():
            wider = f"{line} {word}" if line else word
            if line and self.text_width(wider) > width:
                lines.append(line)
                wider = word
            line = wider
        return [*lines, line] if line else lines

    def wrap(self, availWidth, availHeight):
        style = restyled(self.style, alignment=1 if self.style.alignment == 1 else 2)
        lines = self._lines(availWidth - style.leftIndent - style.rightIndent)
        self.paragraph = Paragraph("<br/>".join(self.voice.markup(visual(line), style.fontName) for line in lines), style)
        self.width, self.height = self.paragraph.wrap(availWidth, availHeight)
        return self.width, self.height

    def split(self, availWidth, availHeight):
        self.wrap(availWidth, availHeight)
        return self.paragraph.split(availWidth, availHeight)

    def draw(self):
        self.paragraph.drawOn(self.canv, 0, 0)


def restyled(style: ParagraphStyle, **changes) -> ParagraphStyle:
    """A copy of a paragraph style with some of its values changed."""
    out = copy(style)
    for key, value in changes.items():
        setattr(out, key, value)
    return out


def _styles(fonts: Fonts, voice: Voice) -> dict[str, ParagraphStyle]:
    st = {"cover": ParagraphStyle("cover", fontName=fonts.bold, fontSize=32, leading=38, alignment=1, spaceBefore=60 * mm, spaceAfter=8 * mm),
          "sub": ParagraphStyle("sub", fontName=fonts.regular, fontSize=14, leading=18, alignment=1, spaceAfter=6 * mm),
          "h": ParagraphStyle("h", fontName=fonts.bold, fontSize=15, leading=19, spaceBefore=4 * mm, spaceAfter=3 * mm),
          "body": ParagraphStyle("body", fontName=fonts.regular, fontSize=10, leading=13, spaceAfter=2 * mm),
          "cell": ParagraphStyle("cell", fontName=fonts.regular, fontSize=9.5, leading=12),
          "head": ParagraphStyle("head", fontName=fonts.bold, fontSize=9.5, leading=12)}
    if voice.cjk:  # break between characters, never before a closing mark (reportlab's CJK wrap)
        st = {name: restyled(style, wordWrap="CJK") for name, style in st.items()}
    return st


def _table(rows: list[list[str]], st: dict, widths: list[float], voice: Voice) -> Table:
    if voice.rtl:  # the first column at the right, as the rulebook sets a right-to-left table
        rows, widths = [row[::-1] for row in rows], widths[::-1]
    cells = [[voice.para(v, st["head" if i == 0 else "cell"]) for v in row] for i, row in enumerate(rows)]
    table = Table(cells, colWidths=widths, repeatRows=1)
    # a Table sets its cells' font even for Paragraph cells: name ours, or reportlab's unembedded Helvetica joins the page
    table.setStyle(TableStyle([("FONTNAME", (0, 0), (-1, -1), st["cell"].fontName), ("LINEBELOW", (0, 0), (-1, 0), 0.6, colors.black), ("LINEBELOW", (0, 1), (-1, -1), 0.25, colors.grey),
                               ("VALIGN", (0, 0), (-1, -1), "TOP")]))
    return table


def _cover(fm: FrontMatter, st: dict, voice: Voice) -> list:
    """A cover of words, when the game has no drawn cover; after a drawn one, the edition's line heads the contents."""
    variant = f" · {voice.say('bundle_ink_saver')}" if fm.ink_saver else ""
    if fm.drawn_cover:
        return [voice.para(f"{voice.say('bundle_edition_of', title=fm.title)} · {voice.paper(fm.paper)}{variant}", st["body"])]
    out = [voice.para(fm.title, st["cover"])]
    out += [voice.para(text, st["sub"]) for text in (fm.subtitle, fm.pitch, fm.players) if text]
    out += [voice.para(f"{voice.say('bundle_edition')} · {voice.paper(fm.paper)}{variant}", st["sub"]), PageBreak()]
    return out


def _sides(part: PlacedPart, voice: Voice) -> str:
    return voice.say(f"bundle_{part.duplex}_edge") if part.duplex else voice.say("bundle_one_sided")


def _settings(fm: FrontMatter, st: dict, width: float, voice: Voice) -> list:
    """Print settings: scale, paper, margin, and which page ranges print double-sided on which edge."""
    lines = [voice.say("bundle_settings_paper", paper=voice.paper(fm.paper)), voice.say("bundle_settings_margin", mm=voice.number(fm.printable_mm, ".1f")),
             voice.say("bundle_settings_runs")]
    rows = [[voice.say(k) for k in ("bundle_pages", "bundle_part", "bundle_sides", "bundle_print_on")]]
    rows += [[_range(p), p.title, _sides(p, voice), p.stock or voice.say("bundle_this_paper")] for p in fm.parts]
    story = [voice.para(voice.say("bundle_settings"), st["h"]), *[voice.para(t, st["body"]) for t in lines],
             _table(rows, st, [width * 0.13, width * 0.3, width * 0.25, width * 0.32], voice)]
    if fm.left_out:
        story += [voice.para(voice.say("bundle_left_out"), st["h"]), *[voice.para(t, st["body"]) for t in fm.left_out]]
    return story


def _range(part: PlacedPart) -> str:
    return str(part.first) if part.pages == 1 else f"{part.first}–{part.first + part.pages - 1}"


def _steps(fm: FrontMatter, st: dict, voice: Voice) -> ListFlowable:
    """The assembly steps, numbered; a right-to-left edition's numbers stand at the right, where its lines start."""
    side = {"bulletDir": "rtl", "leftIndent": 0, "rightIndent": 18} if voice.rtl else {}
    return ListFlowable([ListItem(voice.para(s, st["body"])) for s in fm.steps], bulletType="1", bulletFontName=st["body"].fontName, **side)


def front_story(fm: FrontMatter, st: dict, width: float, voice: Voice) -> list:
    """Cover; contents; checklist and print settings; assembly steps."""
    say = voice.say
    story = _cover(fm, st, voice)
    story += [voice.para(say("contents"), st["h"]),
              _table([[say("bundle_part"), say("bundle_page")]] + [[p.title, str(p.first)] for p in fm.parts], st, [width * 0.8, width * 0.2], voice)]
    story += [voice.para(say("bundle_checklist"), st["h"]),
              _table([[say("bundle_kind"), say("component"), say("count"), say("details")]] + [[c.kind, c.name, str(c.count), c.detail] for c in fm.checklist], st,
                     [width * 0.14, width * 0.38, width * 0.12, width * 0.36], voice)]
    story += [PageBreak(), *_settings(fm, st, width, voice)]
    story += [voice.para(say("bundle_assembly"), st["h"]), _steps(fm, st, voice)]
    return story


def _document(paper: str, title: str, fonts: Fonts, story: list) -> bytes:
    rl.use_binary_streams()
    buf = io.BytesIO()
    doc = SimpleDocTemplate(buf, pagesize=tuple(v * mm for v in paper_size(paper)), leftMargin=18 * mm, rightMargin=18 * mm,
                            topMargin=18 * mm, bottomMargin=18 * mm, title=title, author="pnp", creator="pnp", invariant=1, initialFontName=fonts.regular)
    doc.build(story(doc.width) if callable(story) else story, canvasmaker=rl.SharedResourceCanvas)
    return buf.getvalue()


def front_matter_pdf(fm: FrontMatter, fonts: Fonts, voice: Voice) -> bytes:
    """The front pages of a bundle as a PDF of their own."""
    st = _styles(fonts, voice)
    return _document(fm.paper, voice.say("bundle_title", title=fm.title), fonts, lambda width: front_story(fm, st, width, voice))


@dataclass(frozen=True)
class BackCover:
    """What the back cover shows above the credits: the title, its pitch, who it is for and how long it takes (`facts`,
    in the edition's words), a picture of its pieces (PNG bytes: the first card sheet) and the version."""

    title: str
    pitch: str = ""
    facts: str = ""
    picture: bytes | None = None
    version: str = ""


def credits_pdf(back: BackCover, paper: str, credits: list[str], fonts: Fonts, voice: Voice) -> bytes:
    """The back cover: the game's title, its pitch, players, age and time, a picture of its pieces and its version; then
    who made what, and the licences of the fonts and icons the components draw."""
    st = _styles(fonts, voice)
    title, version = back.title, back.version
    story = [voice.para(title, restyled(st["cover"], spaceBefore=12 * mm, fontSize=26, leading=31))]
    story += [voice.para(back.pitch, st["sub"])] if back.pitch else []
    story += [voice.para(back.facts, restyled(st["sub"], fontName=fonts.bold))] if back.facts else []
    story += [_picture(back.picture)] if back.picture else []
    story += [voice.para(voice.say("bundle_version", version=version), st["sub"])] if version else []
    closing = voice.say("bundle_closing_version", title=title, version=version) if version else voice.say("bundle_closing", title=title)
    story = [*story, voice.para(voice.say("bundle_credits"), st["h"]), *[voice.para(line, st["body"]) for line in credits], Spacer(1, 6 * mm),
             voice.para(closing, st["body"])]
    return _document(paper, voice.say("bundle_credits_title", title=title), fonts, story)


def _picture(png: bytes, box: tuple[float, float] = (120 * mm, 62 * mm)):
    """The picture of the pieces within `box` (width, height) and centred, in its own proportions: small enough that
    the credits stay on the back cover's one page."""
    from reportlab.lib.utils import ImageReader
    from reportlab.platypus import Image

    w, h = ImageReader(io.BytesIO(png)).getSize()
    scale = min(box[0] / w, box[1] / h)
    image = Image(io.BytesIO(png), width=w * scale, height=h * scale)
    image.hAlign = "CENTER"
    return image
