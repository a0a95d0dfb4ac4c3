"""Markdown to blocks: markdown-it-py parses the rulebook's text, and its syntax tree becomes blocks of our rich text
(pnp.render.flowables); reportlab's paragraph markup never sees the data."""
from __future__ import annotations

import dataclasses

from markdown_it import MarkdownIt

from pnp.core.colour import mix
from pnp.layout import markup as rich
from pnp.outputs.rulebook.look import Look
from pnp.render.figures import Figure
from pnp.render.flowables import Heading, Rich, Rule, Stack, marker_pad
from pnp.render.tables import Table
from pnp.render.text_setting import Setter, escape


def markdown_parser() -> MarkdownIt:
    """CommonMark with tables and typographic quotes and dashes, without what could fetch, link or reinterpret text written in data.

    The typographer turns "straight" quotes and apostrophes into curly ones and
    -- and --- into en and em dashes, as a typesetter would; a backslash keeps
    a character as typed."""
    md = MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": True}).enable(["table", "replacements", "smartquotes"])
    # reference definitions would swallow lines like "[red]:star:[/]"; autolinks and entities would
    # change what prints; text_join would hide which characters were escaped with a backslash
    return md.disable(["reference", "autolink", "entity", "html_inline", "html_block", "text_join"])


MAX_NESTING = 50  # blocks (lists, quotes) and inline markup (emphasis) inside each other: a rulebook nests four or five deep


def too_deep(tokens) -> int | None:
    """The line (1-based, of the text parsed) where markup first nests over MAX_NESTING deep, or None.

    markdown-it caps nested blocks itself but not emphasis inside emphasis, and
    its syntax tree and our typesetter recurse once per level: `*a *a *a …`
    twenty thousand times deep ran out of Python's stack."""
    for token in tokens:
        deepest = token.level + max((child.level + 1 for child in token.children or ()), default=0)
        if deepest > MAX_NESTING:
            return token.map[0] + 1 if token.map else 1
    return None


MAX_TABLE_COLUMNS = 50  # columns of one table: a page holds a dozen
MAX_TABLE_ROWS = 2_000  # rows of all a rulebook's tables together: each takes the typesetter a few milliseconds


def too_large_table(tokens) -> tuple[int, str] | None:
    """(line, what) of the first table row past MAX_TABLE_COLUMNS cells, or past MAX_TABLE_ROWS rows in all, else None.

    The typesetter lays a table out row by row, a few milliseconds a row: a
    rulebook of a million characters written as `|x|y|` rows would take it
    minutes and a gigabyte."""
    rows = cells = line = 0
    for token in tokens:
        if token.type == "tr_open":
            rows, cells, line = rows + 1, 0, (token.map[0] + 1 if token.map else line)
            if rows > MAX_TABLE_ROWS:
                return line, f"the rulebook's tables have over {MAX_TABLE_ROWS:,} rows in all"
        elif token.type in ("th_open", "td_open"):
            cells += 1
            if cells > MAX_TABLE_COLUMNS:
                return line, f"this table row has over {MAX_TABLE_COLUMNS} columns"
    return None


def _escaped(text: str) -> str:
    """Markdown text for our rich text: markup Markdown already handled must print literally."""
    return text.replace("\\", "\\\\").replace("*", "\\*")


class Converter:
    """Turns the Markdown syntax tree into blocks; figures render real components."""

    def __init__(self, figure_maker, setter: Setter, look: Look, width: float):
        # figure_maker: the rulebook's pnp.outputs.rulebook.figures.Figures (not imported: it reads this converter's inline text)
        self.figure_maker, self.setter, self.look, self.width = figure_maker, setter, look, width
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
            rtl = self.setter.rtl  # the bar on the side its lines start
            return [Stack(children, pad=(9, 7, 12, 7) if rtl else (12, 7, 9, 7), fill=look.quote_fill, bar=look.accent, bar_w=2.5, keep=True,
                          space_before=4, space_after=10, bar_right=rtl, role="BlockQuote")]
        if t == "table":
            return [self.table(node)]
        if t == "hr":
            return [Rule(look.muted)]
        if t in ("code_block", "fence"):
            text = escape(node.content.rstrip("\n"))
            return [Stack([Rich(setter, text, dataclasses.replace(look.body, size=look.body.size * 0.9, align="left"))], pad=(8, 6, 8, 6), fill=look.code_fill,
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
        the_list = object()  # its items are one `L` to a reader of the tagged PDF
        try:
            for n, item in enumerate(node.children):
                children = []
                for child in item.children:
                    children += self.block(child, quote)
                for child in children:
                    if isinstance(child, Rich) and not loose:
                        child.spaceAfter = min(child.spaceAfter, 2.5)
                marker = f"{start + n}." if ordered else ("•" if depth % 2 == 0 else "–")
                out.append(Stack(children, pad=marker_pad(self.setter, hang), marker=(self.setter, marker, marker_style, hang - 4),
                                 space_before=(self.look.body.space_after if n == 0 else 0), space_after=(5 if loose else 2.5),
                                 role="LI", in_list=the_list))
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
        items = [self.figure_maker.figure_item(img, self) for img in images]
        return [Figure(self.setter, [i for i in items if i], self.look.caption, outline=mix(self.look.ink, "#ffffff", 0.6))]


def keep_headings_with_next(blocks: list) -> list:
    """Group each heading with the block after it, so a heading never ends a page. Headings in a row join one group,
    side by side, rather than each wrapping the next: a thousand of them made a thousand stacks inside each other,
    which every walk of the page recursed through."""
    out = list(blocks)
    grouped: set[int] = set()  # the stacks made here, which a heading before them joins
    i = len(out) - 2
    while i >= 0:
        if out[i].keep_with_next:
            after = out[i + 1]
            out[i : i + 2] = [Stack([out[i], *after.children]) if id(after) in grouped else Stack([out[i], after])]
            grouped.discard(id(after))
            grouped.add(id(out[i]))
        i -= 1
    return out
