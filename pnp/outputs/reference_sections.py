"""reference.yaml's sections, read and set: shared by the reference sheet (pnp.outputs.reference) and the player aids
(pnp.outputs.player_aids).

`Reference` renders each text's Jinja facts (like the rulebook's) and keeps its place for messages; `section_blocks`
turns the sections into kept-together stacks at one type size (`RefLook`); `largest_fitting` picks the largest type size
that needs no more pages or cards than the smallest. A section prints on both the sheet and the aid by default;
`only: sheet` keeps it to the sheet (the full rules) and `only: aid` to the player aid (a summary of the turn).
"""
from __future__ import annotations

import dataclasses
from typing import NamedTuple

from pnp.core.colour import mix
from pnp.core.errors import Loc, PnpError, did_you_mean, error
from pnp.core.units import number_as_written
from pnp.data.located import loc_at
from pnp.layout.failure_words import glyphs_found
from pnp.layout.scripts import missing_message
from pnp.outputs.context import GameContext
from pnp.outputs.facts import Facts, render
from pnp.outputs.rulebook.look import document_inks
from pnp.render.flowables import Heading, Rich, Stack, marker_pad
from pnp.render.tables import Table, TableLook
from pnp.render.text_setting import Setter, Style

MAX_COPIES = 100
COMPONENTS_HERE = "\x1f"  # what `components()` leaves in a section's text: the place of the components table
SIZE_STEP = 0.25  # pt between the type sizes tried


def type_sizes(smallest: float, largest: float) -> tuple[float, ...]:
    """Type sizes from `smallest` to `largest` points, SIZE_STEP apart, ascending."""
    steps = round((largest - smallest) / SIZE_STEP)
    return tuple(round(smallest + i * SIZE_STEP, 2) for i in range(steps + 1))


class RefLook:
    """Styles of one reference layout (sheet or card) at base size `size` points; no text is smaller than `size`."""

    def __init__(self, gctx: GameContext, size: float):
        game = gctx.game
        layouts = gctx.layouts
        body, title = layouts.family("body"), layouts.family("title")
        ink, accent, self.on_accent, self.paper = document_inks(game)
        self.ink, self.accent = ink, accent
        self.size = size
        self.body = Style(body, size, 1.28, color=ink, space_after=size * 0.35)
        self.item = dataclasses.replace(self.body, space_after=size * 0.2)
        self.title = Style(title, size * 1.3, 1.15, bold=True, color=accent, space_after=size * 0.45)
        self.number = dataclasses.replace(self.item, bold=True, color=accent, align="right")
        self.icon = dataclasses.replace(self.item, size=size * 1.35, color=ink)
        self.table = TableLook(cell=Style(body, size, 1.25, color=ink), head=Style(body, size, 1.25, bold=True, color=self.on_accent),
                               head_fill=accent, stripe=mix(accent, "#ffffff", 0.9), rule=mix(ink, "#ffffff", 0.6), pad=size * 0.4)
        self.title_family = title


class Reference:
    """reference.yaml with its texts rendered (facts filled in) and their places kept for messages."""

    def __init__(self, gctx: GameContext):
        game = gctx.game
        self.gctx, self.game = gctx, gctx.game
        self.raw = game.reference_data
        self.spec = game.reference
        self.findings: list = []
        self.facts = Facts(gctx)
        self.facts.where = self.raw.loc
        self._context = {**self.facts.context(), "components": lambda: COMPONENTS_HERE}  # a section's table, not Markdown

    def text(self, value, path: list, table_here: bool = False) -> str:
        """`value` with its facts filled in; `components()` (a table) only where `table_here` (a section's own text)."""
        text = number_as_written(value)
        if "{" not in text:
            return text
        loc = loc_at(self.raw, path)
        try:
            text = render(self.gctx, text, self._context, loc, self.game.slug, "reference")
        except PnpError as exc:
            self.findings.extend(exc.findings)
            return text
        if COMPONENTS_HERE in text and not table_here:
            self.findings.append(error("reference-components-place", "components() prints the components as a table, and only a section's "
                                       "`text:` can hold one: move it to the `text:` of a section of its own", loc, game=self.game.slug))
            text = text.replace(COMPONENTS_HERE, "")
        return text

    def sections(self) -> list[dict]:
        out = []
        icons = self.gctx.layouts.icons
        for i, sec in enumerate(self.spec.sections):
            base = ["sections", i]
            rendered = {
                "title": self.text(sec.title, [*base, "title"]),
                "text": self.text(sec.text, [*base, "text"], table_here=True) if sec.text else "",
                "steps": [self.text(s, [*base, "steps", j]) for j, s in enumerate(sec.steps)],
                "bullets": [self.text(s, [*base, "bullets", j]) for j, s in enumerate(sec.bullets)],
                "table": None,
                "legend": [],
                "only": None if sec.only == "aid" and self.spec.template else sec.only,  # a drawn aid: its sections print on the sheet
                "loc": loc_at(self.raw, base),
                "n": i,  # its place in reference.yaml: its structure elements' keys in a tagged PDF
            }
            if sec.table:
                header = [self.text(c, [*base, "table", "header", j]) for j, c in enumerate(sec.table.header)]
                rows = [[self.text(c, [*base, "table", "rows", r, j]) for j, c in enumerate(row)] for r, row in enumerate(sec.table.rows)]
                rendered["table"] = (header or None, rows)
            if COMPONENTS_HERE in rendered["text"]:  # `{{ components() }}`: the components list as the section's table
                rendered["text"] = rendered["text"].replace(COMPONENTS_HERE, "").strip()
                if sec.table:
                    self.findings.append(error("reference-two-tables", "this section has a table: of its own and components() in its text: move "
                                               "components() to a section of its own", loc_at(self.raw, [*base, "text"]), game=self.game.slug))
                rendered["table"] = rendered["table"] or self.facts.component_table() or (None, [["This game has no printed components yet."]])
            for j, item in enumerate(sec.legend):
                if not icons.exists(item.icon):
                    self.findings.append(error("icon-unknown", f"unknown icon '{item.icon}'{did_you_mean(item.icon, icons.names())}: add templates/icons/{item.icon}.svg",
                                               loc_at(self.raw, [*base, "legend", j, "icon"]), game=self.game.slug))
                    continue
                rendered["legend"].append((item.icon, self.text(item.text, [*base, "legend", j, "text"])))
            out.append(rendered)
        return out

    def copies(self) -> int:
        """Player-aid sets: a number, or a path into game.yaml such as players.max."""
        value = self.spec.copies
        loc = self.raw.loc_of("copies")
        if isinstance(value, str):
            path = value.strip().removeprefix("game.")
            node = self.game.data
            for step in path.split("."):
                node = node.get(step) if isinstance(node, dict) else None
            if isinstance(node, bool) or not isinstance(node, int):
                self.findings.append(error("reference-copies", f"copies '{value}' names no whole number in game.yaml: write a number or a path like players.max", loc, game=self.game.slug))
                return 1
            value = node
        if not 0 <= value <= MAX_COPIES:
            self.findings.append(error("reference-copies", f"copies must be between 0 and {MAX_COPIES}, got {value}", loc, game=self.game.slug))
            return 1
        return value


def on_sheet(sections: list[dict]) -> list[dict]:
    """The sections the reference sheet prints: all but `only: aid`."""
    return [s for s in sections if s["only"] != "aid"]


def on_aid(sections: list[dict]) -> list[dict]:
    """The sections the player aid prints: all but `only: sheet`."""
    return [s for s in sections if s["only"] != "sheet"]


def summary(sections: list[dict]) -> list[dict]:
    """The aid-only sections: the turn summary that may fill the sheet's back."""
    return [s for s in sections if s["only"] == "aid"]


def section_blocks(setter: Setter, look: RefLook, sections: list[dict]) -> list:
    """One kept-together stack per section: title, text, numbered steps, bullets, table, icon legend. In a tagged PDF the
    title is a heading (H2), the steps, bullets and legend lists (L, each line an LI; a legend's icon a Figure named)."""
    blocks = []
    hang = look.size * 1.6
    for sec in sections:
        n = sec["n"]
        children = [Heading(setter, sec["title"], look.title, 2, f"ref{n}", toc=False)]
        if sec["text"]:
            children.append(Rich(setter, sec["text"], look.body))
        for i, step in enumerate(sec["steps"], 1):
            children.append(Stack([Rich(setter, step, look.item)], pad=marker_pad(setter, hang), marker=(setter, f"{i}.", look.number, hang - look.size * 0.4),
                                  role="LI", in_list=(n, "steps"), key=(n, "steps", i)))
        for i, bullet in enumerate(sec["bullets"]):
            children.append(Stack([Rich(setter, bullet, look.item)], pad=marker_pad(setter, hang), marker=(setter, "•", look.number, hang - look.size * 0.5),
                                  role="LI", in_list=(n, "bullets"), key=(n, "bullets", i)))
        if sec["table"]:
            header, rows = sec["table"]
            children.append(Table(setter, header, rows, look.table, space_before=look.size * 0.3, space_after=look.size * 0.5))
        icon_w = look.icon.size * 1.25
        for i, (icon, text) in enumerate(sec["legend"]):
            children.append(Stack([Rich(setter, text, look.item)], pad=marker_pad(setter, icon_w + look.size * 0.5),
                                  marker=(setter, f":{icon}:", dataclasses.replace(look.icon, align="left"), icon_w),
                                  role="LI", in_list=(n, "legend"), key=(n, "legend", i)))
        for child in children[1:]:
            child.spaceAfter = max(child.spaceAfter, look.size * 0.25)
        blocks.append(Stack(children, keep=True, space_before=look.size * 1.1, space_after=look.size * 1.1, key=("ref", n)))
    return blocks


class Fitted(NamedTuple):
    """Sections packed at one type size: the regions (columns or card faces) and the blocks too big for an empty one."""

    size: float
    regions: list
    overflow: list


def _pieces(regions: list) -> int:
    """Blocks placed: one per section, one more for each split."""
    return sum(len(region) for region in regions)


def largest_fitting(sizes: tuple[float, ...], lay, units) -> Fitted:
    """The largest of `sizes` (ascending) whose layout needs no more units (pages, cards) than the smallest size's, nor splits more sections.

    `lay(size)` packs (regions, overflow); `units(regions)` counts pages or cards.
    Larger type never needs fewer units, so the sizes are bisected."""
    fitted = Fitted(sizes[0], *lay(sizes[0]))
    need, pieces, lo, hi = units(fitted.regions), _pieces(fitted.regions), 1, len(sizes) - 1
    while lo <= hi:
        mid = (lo + hi) // 2
        attempt = Fitted(sizes[mid], *lay(sizes[mid]))
        if units(attempt.regions) <= need and _pieces(attempt.regions) <= pieces and len(attempt.overflow) <= len(fitted.overflow):
            fitted, lo = attempt, mid + 1
        else:
            hi = mid - 1
    return fitted


def overflowed(blocks, sections, where: str, ref: Reference) -> list:
    """Errors for content too big for an empty column or card (it would be cut off), each at its section: found by the
    section's key, which every part split from it keeps, where its heading stays with the first part (a long table's rows
    past a column, said at the file's top as section '?', told the designer neither which section nor where)."""
    out = []
    by_key = {("ref", s["n"]): s for s in sections}
    for block in blocks:
        sec = by_key.get(getattr(block, "key", None))
        title = sec["title"] if sec else ""
        loc = sec["loc"] if sec else ref.raw.loc
        out.append(error("reference-overflow", f"section '{title or '?'}' has a part too big for {where} even alone: shorten it or split the table",
                         loc, game=ref.game.slug))
    return out


def missing_glyphs(missing: set, ref: Reference) -> list:
    found = glyphs_found(missing_message(missing, "the reference's fonts"), ref.raw, missing) if missing else None  # typed here, or from a name
    return [error("missing-glyph", found[0], found[1] or Loc(ref.raw.loc.path), game=ref.game.slug)] if found else []
