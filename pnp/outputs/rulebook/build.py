"""Build a game's rulebook: rulebook.md (Jinja facts, then Markdown) typeset with Platypus into a PDF, and a folded
booklet; its contents' page numbers settle over Platypus's passes."""
from __future__ import annotations

import io
import re
from dataclasses import dataclass

import yaml
from markdown_it.tree import SyntaxTreeNode
from reportlab.platypus.doctemplate import LayoutError as PageLayoutError

from pnp.core.errors import Loc, PnpError, error
from pnp.core.spooled import PdfFile
from pnp.data import source as yaml_source
from pnp.data.schema import RulebookMatter, check_shape
from pnp.layout import rl
from pnp.layout.failure_words import glyphs_written
from pnp.layout.scripts import missing_message
from pnp.outputs.context import GameContext, spool_path
from pnp.outputs.facts import Facts, render
from pnp.outputs.options import Options
from pnp.outputs.rulebook.booklet import BookletCanvas, saddle_stitch
from pnp.outputs.rulebook.geometry import Geometry, geometry
from pnp.outputs.rulebook.html import rulebook_html
from pnp.outputs.rulebook.look import Look
from pnp.outputs.rulebook.markdown import MAX_NESTING, markdown_parser, too_deep, too_large_table
from pnp.outputs.rulebook.pages import Book, RulebookDoc, canvas_class
from pnp.outputs.stats import FileStats
from pnp.render.contents import Contents
from pnp.render.flowables import headings_in
from pnp.render.text_setting import K, Setter


def typeset(book: Book, tree, geo: Geometry, canvas_cls, spool_to=None) -> tuple[bytes | PdfFile, int, list]:
    """Run Platypus over the story until the contents' page numbers settle; (PDF bytes, pages, each page's key:
    pnp.layout.rl.ContentKeys). With `spool_to` (the output's path), a rulebook whose pictures pass
    pnp.layout.rl_stream's threshold is written beside it as it is made, and comes back as a PdfFile."""
    gctx = book.gctx
    look = Look(gctx, small=geo.w < 160 * K, align=book.matter.align, large=book.options.large_print)
    setter = Setter(gctx.layouts, region_h=geo.frame[3])
    story, _ = book.story(tree, look, setter, geo)
    headings = [(h.level, h.text, h.key) for f in story for h in headings_in(f) if h.toc]
    tables = [f for f in story if isinstance(f, Contents)]
    for contents in tables:
        contents.expect(headings)
    buf = io.BytesIO()
    font = gctx.fonts.font_name(look.body.family)
    doc = RulebookDoc(buf, book, geo, canvas_cls, font, spool_to)
    doc.setter, doc.look = setter, look
    doc.sketch_first = bool(tables)  # the first pass's numbers are 0: it is never the last
    gctx.layouts.markup_problems.clear()
    doc.multiBuild(story, maxPasses=8)  # Platypus's passes, until the contents' numbers stop changing
    book.findings += markup_findings(gctx, book.rel)
    if setter.missing:
        book.findings.append(_missing_glyphs(book, setter.missing))
    data = doc.canv.pnp_written or buf.getvalue()
    return data, doc.page, doc.canv.page_keys


def _missing_glyphs(book, missing: set):
    """Characters the rulebook's fonts lack, said at the first of them in its text; at the file when none is there (a
    deck's name its components list prints, said at that name by the deck's label too)."""
    message = missing_message(missing, "the rulebook's fonts")
    at = next((loc for loc in map(book.figures.where, sorted(missing)) if loc.line), None)
    if at is None:
        return error("missing-glyph", message, Loc(book.rel), game=book.game.slug)
    return error("missing-glyph", glyphs_written(message, "the rules", at), at, game=book.game.slug)


def markup_findings(gctx: GameContext, rel: str) -> list:
    """Errors for the markup mistakes a page layout met (unknown :icon: or [colour], unclosed marks), where each is written in `rel`."""
    found = [error(p.code, p.message, gctx.layouts.layouts.places.source_loc(rel, p.token), game=gctx.game.slug) for p in gctx.layouts.markup_problems]
    gctx.layouts.markup_problems.clear()
    return found


def _too_deep(rel: str, body: str, made_line: int, slug: str):
    """The finding for Markdown nested past MAX_NESTING: at its line of the file where the file's own text nests so (the
    text after Jinja has other lines: a `{{ components() }}` writes many), else at the file, naming the line of what its
    Jinja made."""
    own = too_deep(markdown_parser().parse(body))
    where, what = (Loc(rel, own), "here") if own is not None else (Loc(rel), f"in the text this file's {{{{ … }}}} make (its line {made_line})")
    return error("rulebook-too-deep", f"lists, quotes and emphasis nest over {MAX_NESTING} deep {what}: flatten the text", where, game=slug)


def _too_large(rel: str, body: str, made: tuple[int, str], slug: str):
    """The finding for a table past MAX_TABLE_COLUMNS or MAX_TABLE_ROWS: at its row's line of the file where the file's
    own text is so large (the text after Jinja has other lines: a `{{ components() }}` writes many), else at the file,
    naming the line of what its Jinja made."""
    own = too_large_table(markdown_parser().parse(body))
    (line, what), where = (own, Loc(rel, own[0])) if own is not None else (made, Loc(rel))
    made_here = "" if own is not None else f" (in the text this file's {{{{ … }}}} make, its line {line})"
    return error("rulebook-table-too-large", f"{what}{made_here}: a rulebook's tables are for reading at the table: "
                 "make the table smaller, or put it in a sheet of its own", where, game=slug)


@dataclass
class Written:
    """A rulebook's text as its players read it: the front matter, the source, the Markdown once its facts are filled in
    (None when they cannot be), and the findings so far."""

    matter: RulebookMatter | None
    source: str
    body: str  # the source after its front matter, its lines in place
    text: str | None
    findings: list


def rulebook_markdown(gctx: GameContext) -> Written:
    """rulebook.md read, its front matter taken off and its Jinja facts filled in from the data: what the PDF and the
    HTML rulebook typeset alike, so their numbers are the same."""
    game = gctx.game
    if game.rulebook is None:
        return Written(None, "", "", None, [])
    rel = game.rulebook_rel
    try:
        source = yaml_source.read_text(game.rulebook, rel)
    except PnpError as exc:
        return Written(None, "", "", None, [f.__class__(f.severity, f.code, f.message, f.loc, game.slug, f.component) for f in exc.findings])
    matter, body, findings = front_matter(source, rel, game.slug)
    facts = Facts(gctx)
    facts.where = Loc(rel)
    try:
        text = render(gctx, body, facts.context(), Loc(rel), game.slug, "rulebook")
    except PnpError as exc:
        return Written(matter, source, body, None, findings + exc.findings)
    return Written(matter, source, body, text, findings + facts.warnings)


def build_rulebook(gctx: GameContext, options: Options):
    """Rulebook PDF of a game (and its booklet with --booklet): ([(file name, bytes, FileStats)], findings)."""
    game = gctx.game
    written = rulebook_markdown(gctx)
    if written.text is None:
        return [], written.findings
    rel = game.rulebook_rel
    matter, source, body, text, findings = written.matter, written.source, written.body, written.text, written.findings
    tokens = markdown_parser().parse(text)
    deep = too_deep(tokens)
    if deep is not None:
        return [], [*findings, _too_deep(rel, body, deep, game.slug)]
    large = too_large_table(tokens)
    if large is not None:
        return [], [*findings, _too_large(rel, body, large, game.slug)]
    tree = SyntaxTreeNode(tokens)
    book = Book(gctx, options, matter, findings, rel, source)
    rl.use_binary_streams()
    icons = gctx.icons
    try:
        name = f"{game.slug}-rulebook.pdf"
        data, pages, keys = typeset(book, tree, geometry(options.paper, large=options.large_print), canvas_class(icons, lang=game.language),
                                    spool_path(gctx, name))
        files = [(name, data, FileStats(pages, page_keys=keys))]
        if options.booklet:
            name = f"{game.slug}-rulebook-booklet.pdf"
            data, pages, keys = typeset(book, tree, geometry(options.paper, booklet=True, large=options.large_print), canvas_class(icons, BookletCanvas),
                                        spool_path(gctx, name))
            sheets = len(saddle_stitch(pages))
            files.append((name, data, FileStats(sheets, page_keys=keys)))
        if options.html:
            files.append((f"{game.slug}-rulebook.html", rulebook_html(gctx, options, matter, text, book.findings, rel, source), FileStats()))
    except (PageLayoutError, IndexError) as exc:
        return [], [*findings, error("rulebook-layout", f"the rulebook cannot be laid out: {exc}", Loc(rel), game=game.slug)]
    if any(f.severity == "error" for f in book.findings):
        return [], _unique(book.findings)
    return files + designer_notes(game), _unique(book.findings)


def cover_page(gctx: GameContext, options: Options, band: str) -> bytes | None:
    """The rulebook's cover alone, its band saying `band` under the title instead of the rulebook's subtitle: the page a
    print-and-play bundle opens on names what the bundle is, while the art, title and facts stay the rulebook's.
    None when the game has no rulebook or its front matter does not read (the rulebook's own build says why)."""
    game = gctx.game
    if game.rulebook is None:
        return None
    rel = game.rulebook_rel
    try:
        matter, _, findings = front_matter(yaml_source.read_text(game.rulebook, rel), rel, game.slug)
    except PnpError:
        return None
    if any(f.severity == "error" for f in findings):
        return None
    book = Book(gctx, options, matter.model_copy(update={"subtitle": band}), [], rel, "")
    geo = geometry(options.paper)
    look = Look(gctx, small=geo.w < 160 * K, align=matter.align, large=options.large_print)
    setter = Setter(gctx.layouts, region_h=geo.frame[3])
    rl.use_binary_streams()
    buf = io.BytesIO()
    doc = RulebookDoc(buf, book, geo, canvas_class(gctx.icons), gctx.fonts.font_name(look.body.family))
    doc.setter, doc.look = setter, look
    try:
        doc.build(book.cover(look, setter, geo))
    except (PageLayoutError, IndexError):
        return None
    return buf.getvalue()


def designer_notes(game) -> list:
    """game.yaml's notes (sources, readings, inventions) as a Markdown file for the designer, never in the player's book."""
    text = game.spec.notes.strip()
    if not text:
        return []
    body = f"# {game.title}: designer's notes\n\nFrom `{game.rel}/game.yaml` (`notes:`); not printed in the rulebook.\n\n{text}\n"
    return [(f"{game.slug}-designer-notes.md", body.encode("utf-8"), FileStats())]


def _unique(findings: list) -> list:
    seen, out = set(), []
    for f in findings:
        if f not in seen:
            seen.add(f)
            out.append(f)
    return out


# The front matter: the YAML between two `---` lines at the top of rulebook.md (title, subtitle, pitch).

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
