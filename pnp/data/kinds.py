"""The kinds of output a build writes, one record each: every list of kinds elsewhere is read from `KINDS`.

A kind's record says what the rest of pnp needs to know of it: the builder
that renders it, the files of a game it reads (the build cache keys it on
them), the options that print differently in it (its file name carries them),
its share of a build's time, and its title and place in the bundle and in
`pnp serve`. `--only`, the cache, the scheduler, the file names, the bundle,
the live preview and the game loader's part files are all derived from here,
so adding a kind is one module in pnp/outputs/ and one record below
(docs/architecture.md shows one).

The record lives in the data layer because the lowest of its readers is the
game loader (a kind's own YAML file). Functions of higher layers (the builder,
its section in `pnp serve`) are named as 'module:function', not imported: a
build imports only the builders of the outputs it renders.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass

# The options of a sheet of pieces with backs, printed duplex or folded: each prints differently (pnp.outputs.options).
SHEET_OPTIONS = ("paper", "layout", "duplex", "bleed", "gutter", "ink_saver", "back_offset", "printable_mm", "cutter")


@dataclass(frozen=True, repr=False, eq=False)
class OutputKind:
    """One kind of output (card sheets, boards, the rulebook...): all pnp knows of it, in one place."""

    name: str  # what `--only`, the cache and file names call it
    builder: str  # 'module:function' (gctx, options) → ([(file name, bytes, FileStats)], findings), in pnp.outputs
    inputs: tuple[str, ...]  # globs of the game folder's files it reads, besides the templates, icons and fonts every kind reads
    options: tuple[str, ...]  # the options (pnp.outputs.options.Options) that print differently in it: its file name carries them
    weight: float  # a rough share of a game's build time, so the longest jobs start first and the cores finish together
    title: str  # its part's title in the bundle
    bundle: int  # its place in the bundle's print order: the pieces to cut, then those to fold, the labels, the rules last
    part: str = ""  # 'module:class': the shape (pydantic model) of its own file, <name>.yaml, which the loader reads into Game.<name>
    preview: str = ""  # 'module:function' (gctx, images, options) → (section, findings) of its section in `pnp serve`, if shown there
    keyed_on: str = ""  # 'module:function' (game, keeps) → str: what else of the loaded game changes its bytes, for its cache key
    made_from: tuple[str, ...] = ()  # the parts of a game it draws ("decks", "boards"…: Game.failed's keys): one that failed to load stops it

    @property
    def part_file(self) -> str | None:
        """Its own file in a game folder ('boards.yaml'), if it has one."""
        return f"{self.name}.yaml" if self.part else None


# In the order a build plans them (and `pnp serve` refreshes the documents after the cards: cheapest, most edited first).
# Outputs other than the card sheets read the decks through CardReads, keyed on the card fields they read, not on the deck files.
KINDS = (
    OutputKind("cards", "pnp.outputs.cards:build_cards",
               made_from=("decks",), keyed_on="pnp.data.outlines:card_sheets_key",  # a deck's outline is read from its own .svg
               inputs=("game.yaml", "decks/*.yaml", "tokens.yaml"),  # tokens print on the last card sheet where they fit  # and the spreadsheets the decks name (pnp.pipeline.cache.output_key)
               options=(*SHEET_OPTIONS, "subset", "draft", "edge_bleed", "fronts_only", "insert", "insert_fit"), weight=2.0, title="Cards",
               bundle=1),
    OutputKind("boards", "pnp.outputs.boards:build_boards",
               made_from=("boards",),
               inputs=("game.yaml", "boards.yaml"),
               options=("paper", "ink_saver", "printable_mm", "draft"),  # the board paper is in its file's name
               weight=3.0, title="Boards", bundle=3, part="pnp.data.schema:BoardsFile", preview="pnp.serve.components:board_section"),
    OutputKind("tokens", "pnp.outputs.token_share:build_tokens",  # the tokens PDF, unless they print on the last card sheet
               made_from=("tokens",), keyed_on="pnp.data.outlines:token_sheets_key",  # a set's outline is read from its own .svg
               inputs=("game.yaml", "tokens.yaml"),
               options=(*SHEET_OPTIONS, "draft"), weight=2.0, title="Tokens", bundle=2, part="pnp.data.schema:TokensFile",
               preview="pnp.serve.components:token_section"),
    OutputKind("labels", "pnp.outputs.labels:build_labels",
               made_from=("decks", "tokens", "boxes"),
               inputs=("game.yaml", "tokens.yaml"),
               options=("paper", "printable_mm", "cutter", "draft"),  # the paper picks the default sheet; the printer's margin keeps words in
               weight=1.0, title="Bag and box labels", bundle=7),
    OutputKind("reference", "pnp.outputs.reference:build_reference",
               made_from=("reference",),
               inputs=("game.yaml", "reference.yaml", "boards.yaml", "tokens.yaml", "dice.yaml"),  # the components table counts the dice
               options=(*SHEET_OPTIONS, "large_print", "draft"), weight=3.0, title="Player reference", bundle=4, part="pnp.data.schema:ReferenceFile",
               preview="pnp.serve.components:reference_section"),
    OutputKind("rulebook", "pnp.outputs.rulebook.build:build_rulebook",
               inputs=("game.yaml", "rulebook*.md", "boards.yaml", "tokens.yaml", "reference.yaml", "dice.yaml"),
               options=("paper", "ink_saver", "large_print", "draft"), weight=5.0, title="Rulebook", bundle=8, preview="pnp.serve.components:rulebook_section",
               keyed_on="pnp.outputs.rulebook.credits:mentions_key"),  # its credits: the icons any of the game's data names
    OutputKind("boxes", "pnp.outputs.boxes:build_boxes",
               made_from=("boxes",),
               inputs=("game.yaml", "boxes.yaml"),
               options=("paper", "ink_saver", "printable_mm", "cutter", "draft"),  # nets print simplex: duplex, bleed and gutter do not change them
               weight=1.0, title="Card boxes", bundle=5, part="pnp.data.schema:BoxesFile"),
    OutputKind("inserts", "pnp.outputs.box_inserts:build_inserts",  # inside each box, a well for each deck, token set and die it holds
               made_from=("boxes", "tokens", "dice"),
               inputs=("game.yaml", "boxes.yaml", "tokens.yaml", "dice.yaml"),
               options=("paper", "printable_mm", "cutter", "draft"), weight=0.5, title="Box inserts", bundle=5),  # after the boxes (a stable sort)
    OutputKind("dice", "pnp.outputs.dice:build_dice",
               made_from=("dice",),
               inputs=("game.yaml", "dice.yaml"),
               options=("paper", "ink_saver", "printable_mm", "cutter", "draft"), weight=1.0, title="Dice", bundle=6, part="pnp.data.schema:DiceFile"),
)


def kind_named(name: str) -> OutputKind:
    """The record of the kind called `name` (a KeyError for a name no kind has: a caller's mistake, not a user's)."""
    for kind in KINDS:
        if kind.name == name:
            return kind
    raise KeyError(name)


def kind_names() -> tuple[str, ...]:
    """Every kind's name, in the registry's order: the choices of `pnp build --only`."""
    return tuple(kind.name for kind in KINDS)


def print_order() -> tuple[OutputKind, ...]:
    """The kinds in the order a print-and-play bundle prints them."""
    return tuple(sorted(KINDS, key=lambda kind: kind.bundle))


def with_parts() -> tuple[OutputKind, ...]:
    """The kinds that have a file of their own in a game folder (boards.yaml...), in the order the loader reads them."""
    return tuple(kind for kind in KINDS if kind.part)


def load_named(ref: str):
    """The function 'module:function' a record names, imported when a caller first asks for it (as an entry point is
    loaded): a build imports only the builders of the outputs it renders (Platypus for a rulebook, say)."""
    module, _, function = ref.partition(":")
    return getattr(importlib.import_module(module), function)
