"""The rulebook as one self-contained HTML file (`pnp build --html`): for a screen reader, which jumps between its
headings, and for a phone, where it reflows to the screen's width.

It is typeset from the same text as the PDF (`rulebook_markdown`: the facts filled in from the data, so its numbers
are the PDF's), parsed by the same Markdown parser, its inline text read by the same converter and our markup parser
(`:icon:`, `[colour]`); only the last step differs: HTML elements instead of Platypus blocks. Everything it shows is
inside the file: the style sheet inline, the cards, boards, icons and pictures as `data:` URIs, so it opens offline
and from a mail attachment. Each picture's `alt` text comes from the data (a card's title, a board's name, an icon's
name), as in the tagged PDF."""
from __future__ import annotations

import base64
import io
import re
from html import escape
from pathlib import Path

from markdown_it.tree import SyntaxTreeNode

from pnp.core.colour import WHITE, until_contrast
from pnp.data.words import words_of
from pnp.layout import markup as rich
from pnp.layout.elements import Face, Icon
from pnp.outputs.context import GameContext
from pnp.outputs.rulebook.credits import icons_to_credit
from pnp.outputs.rulebook.figures import Figures
from pnp.outputs.rulebook.look import ACCENT_CONTRAST, document_inks
from pnp.outputs.rulebook.markdown import Converter, markdown_parser
from pnp.outputs.rulebook.pages import facts_line
from pnp.render.draw import FaceDrawer
from pnp.render.pdf import new_canvas
from pnp.render.text_setting import K

FIGURE_PX_PER_MM = 6  # about 150 dpi: a card's text is sharp on a phone's screen at twice its CSS size
ICON_PX = 48  # an inline icon, drawn 1.2 em high
MIME = {".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".gif": "image/gif", ".webp": "image/webp", ".svg": "image/svg+xml"}

STYLE = """
:root { --ink: %(ink)s; --accent: %(accent)s; --on-accent: %(on_accent)s; }
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 46rem; padding: 1rem; font: 1.0625rem/1.55 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
       color: var(--ink); background: #fff; overflow-wrap: break-word; }
header .band { background: var(--accent); color: var(--on-accent); padding: 1.25rem; border-radius: .5rem; text-align: center; }
header .band h1 { color: var(--on-accent); margin: 0; font-size: 2rem; }
header .band p { margin: .5rem 0 0; }
.facts { text-align: center; }
h1, h2 { color: var(--accent); line-height: 1.2; }
h1 { font-size: 1.6rem; border-bottom: 2px solid var(--accent); padding-bottom: .2rem; }
h2 { font-size: 1.3rem; } h3 { font-size: 1.1rem; }
nav ol { padding-left: 2rem; }
figure { margin: 1rem 0; text-align: center; }
figure img { max-width: 100%%; height: auto; border: 1px solid #999; }
figcaption { font-style: italic; font-size: .95rem; }
img.icon { height: 1.2em; width: auto; vertical-align: -0.25em; }
.table-wrap { overflow-x: auto; }
table { border-collapse: collapse; width: 100%%; margin: 1rem 0; }
th { background: var(--accent); color: var(--on-accent); text-align: left; }
th, td { padding: .35rem .5rem; border-bottom: 1px solid #999; vertical-align: top; }
blockquote { margin: 1rem 0; padding: .5rem 1rem; border-left: 4px solid var(--accent); background: #f6f6f6; }
pre { overflow-x: auto; background: #f1f1f1; padding: .5rem; }
.missing { display: inline-block; padding: 2rem 1rem; border: 1px dashed #999; }
footer { margin-top: 2rem; font-size: .9rem; }
"""


class HtmlBook:
    """One game's rulebook as HTML: its headings, blocks and figures, each picture drawn once."""

    def __init__(self, gctx: GameContext, options, findings: list, rel: str, source: str):
        self.gctx, self.game = gctx, gctx.game
        self.figures = Figures(gctx, options, findings, rel, source)
        self.converter = Converter(self.figures, None, None, 120 * K)  # its inline reader only; figures are as wide as the column
        self.ink, accent, self.on_accent, _ = document_inks(self.game)
        self.accent = accent
        self.headings: list[tuple[int, str, str]] = []  # (level, text, id) for the contents
        self._icons: dict[str, str] = {}
        self.faces: list[tuple[Face, float]] = []  # each picture to draw (face, pixels a mm): its src is `face_src(n)` until drawn
        self.tables = 0  # numbers each table's scrolling box, so no two share a name

    def blocks(self, nodes) -> list[str]:
        return [html for node in nodes for html in self.block(node)]

    def block(self, node) -> list[str]:
        t = node.type
        if t == "heading":
            level = int(node.tag[1:])
            text, images = self.converter.inline(node.children[0] if node.children else None)
            ident = f"h{len(self.headings) + 1}"
            self.headings.append((level, rich.plain(text), ident))
            return [f'<h{level} id="{ident}">{self.rich(text)}</h{level}>', *self.pictures(images)]
        if t == "paragraph":
            text, images = self.converter.inline(node.children[0] if node.children else None)
            return ([f"<p>{self.rich(text)}</p>"] if text.strip() else []) + self.pictures(images)
        if t in ("bullet_list", "ordered_list"):
            tag = "ol" if t == "ordered_list" else "ul"
            start = int(node.attrs.get("start", 1)) if t == "ordered_list" else 1
            items = "".join(f"<li>{''.join(self.blocks(item.children))}</li>" for item in node.children)
            return [f'<{tag}{f" start={start}" if start != 1 else ""}>{items}</{tag}>']
        if t == "blockquote":
            return [f"<blockquote>{''.join(self.blocks(node.children))}</blockquote>"]
        if t == "table":
            return [self.table(node)]
        if t == "hr":
            return ["<hr>"]
        if t in ("code_block", "fence"):
            return [f"<pre><code>{escape(node.content.rstrip())}</code></pre>"]
        return self.blocks(node.children) if node.children else []

    def table(self, node) -> str:
        rows = []
        for part in node.children:
            for tr in part.children:
                cells = []
                for cell in tr.children:
                    text, _ = self.converter.inline(cell.children[0] if cell.children else None)
                    style = str(cell.attrs.get("style", ""))
                    align = ' style="text-align:right"' if "right" in style else ' style="text-align:center"' if "center" in style else ""
                    tag = '<th scope="col"' if part.type == "thead" else "<td"
                    cells.append(f"{tag}{align}>{self.rich(text)}</{tag[1:3]}>")
                rows.append((part.type, f"<tr>{''.join(cells)}</tr>"))
        head = "".join(r for kind, r in rows if kind == "thead")
        body = "".join(r for kind, r in rows if kind != "thead")
        # a table wider than a phone scrolls in its own box: one a keyboard can reach and a screen reader names by its columns
        self.tables += 1
        name = f"{self.tables}: " + ", ".join(rich.plain(self.converter.inline(c.children[0] if c.children else None)[0]) for c in node.children[0].children[0].children)
        return (f'<div class="table-wrap" tabindex="0" role="region" aria-label="{escape(name)}">'
                f'<table>{f"<thead>{head}</thead>" if head else ""}<tbody>{body}</tbody></table></div>')

    def rich(self, text: str) -> str:
        """Our rich text (bold, italic, [colour], :icon:) as HTML; a colour darkened until it reads on white."""
        layouts = self.gctx.layouts
        out = []
        runs = rich.parse(text, layouts.palette.is_colour, layouts.icons.exists)
        for n, run in enumerate(runs):
            if run.icon is not None:
                words = [(m, r.text) for m, r in enumerate(runs) if r.icon is None and r.text.strip()]
                before = [t for m, t in words if m < n][-1:]
                after = [t for m, t in words if m > n][:1]
                beside = " ".join(before + after).lower()
                said = _names(beside, run.icon)  # "☠ Skull": the word says it, the picture is decoration
                out.append(self.icon(run.icon, layouts.palette.resolve(run.color) if run.color else None, said))
                continue
            if not run.text:
                continue
            html = escape(run.text).replace("\n", "<br>")
            if run.color:
                colour = until_contrast(layouts.palette.resolve(run.color) or self.ink, self.ink, WHITE, ACCENT_CONTRAST)
                html = f'<span style="color:{colour}">{html}</span>'
            if run.italic:
                html = f"<em>{html}</em>"
            if run.bold:
                html = f"<strong>{html}</strong>"
            out.append(html)
        return "".join(out)

    def icon(self, name: str, colour: str | None, said: bool = False) -> str:
        """An inline icon as a picture named by its icon's name (`said`: the words beside it name it, so it has none)."""
        key = f"{name}:{colour}"
        if key not in self._icons:
            face = Face(6.0, 6.0, 0.0, (Icon(name, colour or self.ink, 0.0, 0.0, 6.0, 6.0),), frozenset({(name, colour or self.ink)}))
            self._icons[key] = self.drawn(face, ICON_PX / 6.0)
        return f'<img class="icon" src="{self._icons[key]}" alt="{"" if said else escape(rich.spoken_name(name))}">'

    def pictures(self, images) -> list[str]:
        out = []
        for node in images:
            item = self.figures.figure_item(node, self.converter)
            if item is None:
                continue
            caption = f"<figcaption>{self.rich(item.caption)}</figcaption>" if item.caption else ""
            alt = escape(item.alt or rich.plain(item.caption).strip() or item.label)
            width = f' width="{round(item.width_mm * 4)}"'  # CSS px at about a quarter of a millimetre: a card's printed size on a desk
            if item.kind == "face":
                src = self.drawn(item.face, FIGURE_PX_PER_MM)
                out.append(f'<figure><img src="{src}" alt="{alt}"{width}>{caption}</figure>')
            elif item.kind == "image":
                path = Path(item.image[0])
                out.append(f'<figure><img src="{data_uri(path.read_bytes(), MIME.get(path.suffix.lower(), "image/png"))}" alt="{alt}"{width}>{caption}</figure>')
            else:
                out.append(f'<figure><span class="missing" role="img" aria-label="{alt}">{escape(item.label)}</span>{caption}</figure>')
        return out


    def drawn(self, face: Face, px_per_mm: float) -> str:
        """A stand-in for the picture of `face`, which `with_pictures` replaces once every face is drawn."""
        self.faces.append((face, px_per_mm))
        return face_src(len(self.faces) - 1)

    def with_pictures(self, html: str) -> str:
        """`html` with each stand-in replaced by its face's picture: all drawn in one PDF, rasterised in one pass."""
        for n, png in enumerate(face_pngs(self.gctx, self.faces)):
            html = html.replace(face_src(n), data_uri(png, "image/png"))
        return html


def _names(words: str, icon: str) -> bool:
    """Whether `words` (lower case) hold the icon's name as a word of its own, or its plural ("stars" says :star:):
    "start" does not, so a reader still hears the icon there."""
    return re.search(rf"\b{re.escape(rich.spoken_name(icon))}(?:e?s)?\b", words) is not None


def face_src(n: int) -> str:
    return f"\0face{n}\0"


def data_uri(data: bytes, mime: str) -> str:
    return f"data:{mime};base64,{base64.b64encode(data).decode('ascii')}"


def face_pngs(gctx: GameContext, faces: list[tuple[Face, float]]) -> list[bytes]:
    """Each face drawn as in the PDF, then rasterised (pdfium) to a PNG of its pixels a millimetre, one page each."""
    if not faces:
        return []
    import pypdfium2 as pdfium

    first = faces[0][0]
    c, buf = new_canvas(((first.w + 2 * first.bleed) * K, (first.h + 2 * first.bleed) * K), gctx.body_font, "figures", "figures")
    drawer = FaceDrawer(c, gctx.icons)
    for face, _ in faces:
        c.setPageSize(((face.w + 2 * face.bleed) * K, (face.h + 2 * face.bleed) * K))
        drawer.draw_face(face, face.bleed * K, face.bleed * K, reused=False)
        c.showPage()
    drawer.shared.finish()
    c.save()
    doc = pdfium.PdfDocument(buf.getvalue())
    pngs = []
    try:
        for n, (_, px_per_mm) in enumerate(faces):
            page = doc[n]
            image = page.render(scale=px_per_mm / K).to_pil().convert("RGB")
            page.close()
            out = io.BytesIO()
            image.save(out, format="PNG", compress_level=3)
            pngs.append(out.getvalue())
    finally:
        doc.close()
    return pngs


def rulebook_html(gctx: GameContext, options, matter, text: str, findings: list, rel: str, source: str) -> bytes:
    """The whole HTML document of a rulebook: `text` is its Markdown with the facts filled in (rulebook_markdown)."""
    game = gctx.game
    book = HtmlBook(gctx, options, findings, rel, source)
    body = "".join(book.blocks(SyntaxTreeNode(markdown_parser().parse(text)).children))
    words = words_of(game)
    title = matter.title or game.title
    subtitle = matter.subtitle or game.spec.subtitle
    pitch = matter.pitch or game.spec.pitch
    cover = (f'<header><div class="band"><h1>{escape(title)}</h1>' + (f"<p>{escape(subtitle)}</p>" if subtitle else "") + "</div>"
             + f'<p class="facts">{book.rich(facts_line(game))}</p>' + (f'<p class="facts"><em>{escape(pitch)}</em></p>' if pitch else "") + "</header>")
    entries = "".join(f'<li><a href="#{ident}">{escape(text)}</a></li>' for level, text, ident in book.headings if level == 1)
    contents = f'<nav aria-labelledby="contents"><h2 id="contents">{escape(words["contents"])}</h2><ol>{entries}</ol></nav>' if entries else ""
    used = icons_to_credit(gctx)
    credits = (f'<footer><h2>{escape(words["credits"])}</h2><p>Icons from game-icons.net by Lorc, Delapouite and the other authors listed there, '
               f'licensed CC BY 3.0 (creativecommons.org/licenses/by/3.0), recoloured: {escape(", ".join(used))}.</p></footer>') if used else ""
    style = STYLE % {"ink": book.ink, "accent": book.accent, "on_accent": book.on_accent}
    page = (f'<!DOCTYPE html>\n<html lang="{escape(game.language)}">\n<head>\n<meta charset="utf-8">\n'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">\n<title>{escape(title)} — rules</title>\n'
            f"<style>{style}</style>\n</head>\n<body>\n{cover}\n{contents}\n<main>\n{body}\n</main>\n{credits}\n</body>\n</html>\n")
    return book.with_pictures(page).encode("utf-8")

