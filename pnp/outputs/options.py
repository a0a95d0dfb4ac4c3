"""What the user asked a build for: paper, duplex, bleed, subsets and the rest."""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, fields
from pathlib import Path

from pnp.core.units import BLEED_MM, DEFAULT_PRINTABLE_MM


@dataclass
class Options:
    paper: str = "letter"
    duplex: str = "long"
    bleed: bool = False
    gutter: float = 0.0
    out: Path = Path("output")
    ink_saver: bool = False
    decks: tuple = ()
    cards: tuple = ()
    only: tuple = ()  # cards, boards, tokens, reference, rulebook
    booklet: bool = False
    board_paper: str | None = None
    progress: object = None  # called with a line per deck when building on a terminal
    suffix: str = ""  # added to file names when several papers are built at once
    layout: str = "duplex"  # or "gutterfold"
    fold_rotation: int = 180
    back_offset: tuple = (0.0, 0.0)  # mm, moves every backs sheet (printer calibration)
    changed: bool = False
    printable_mm: float = DEFAULT_PRINTABLE_MM  # the printer profile's margin: marks, footers and art stay inside it
    mark_printed: bool = False  # after building, take these cards as printed: the baseline of the next --changed
    strict: bool = False  # every warning is an error: nothing is written
    cutter: str = ""  # a cutting machine (pnp.render.cutters.CUTTERS): its marks on each fronts sheet, its cut file beside each PDF
    draft: bool = False  # art may be missing: placeholders stand in for it, warned of, and every page says DRAFT
    lang: str = ""  # the edition's language when not the game's source language: every file name carries it

    def cache_text(self, kind: str | None = None) -> str:
        """Every option that can change an output's bytes, for cache keys: all fields but those in NOT_IN_CACHE_KEY; for a
        `kind` whose file does not follow the build's paper (VARIANT_OPTIONS: a label sheet names its own), not the paper
        either, or a build of two papers would write that one file twice and never find it as it left it."""
        skipped = NOT_IN_CACHE_KEY if kind is None or "paper" in VARIANT_OPTIONS[kind] else NOT_IN_CACHE_KEY | {"paper", "suffix"}
        return repr([(f.name, getattr(self, f.name)) for f in fields(self) if f.name not in skipped])

    @property
    def bleed_mm(self) -> float:
        return BLEED_MM if self.bleed else 0.0

    @property
    def plain_faces(self) -> bool:
        """Whether faces are drawn as the readability check judges them: no bleed, no ink saver."""
        return not self.bleed and not self.ink_saver


# Options that cannot change an output's bytes: where files go, progress lines, which kinds run,
# the extra changed-cards file (never cached) and whether warnings stop the build.
NOT_IN_CACHE_KEY = frozenset({"out", "progress", "only", "changed", "mark_printed", "strict"})


# Which options print differently in each kind of output, so a variant build gets its own file name: every option that
# can change an output's bytes (cache_text) is either here or in NAMED_ELSEWHERE (tests/test_small_print.py checks it).
SHEET_OPTIONS = ("paper", "layout", "duplex", "bleed", "gutter", "ink_saver", "back_offset", "printable_mm", "cutter")
VARIANT_OPTIONS = {
    "cards": (*SHEET_OPTIONS, "subset", "draft"),
    "tokens": (*SHEET_OPTIONS, "draft"),
    "reference": (*SHEET_OPTIONS, "draft"),
    "boards": ("paper", "ink_saver", "printable_mm", "draft"),  # the board paper is already in its name
    "rulebook": ("paper", "ink_saver", "draft"),
    "boxes": ("paper", "ink_saver", "printable_mm", "cutter", "draft"),  # nets print simplex: duplex, bleed and gutter do not change them
    "dice": ("paper", "ink_saver", "printable_mm", "draft"),
    "labels": ("paper", "printable_mm", "cutter", "draft"),  # the paper picks the default sheet; the printer's margin keeps words in
}
# Options a file name carries another way: the paper's suffix, the gutterfold's rotation, the subset (decks, cards),
# the board paper (in a board file's own name) and the booklet (a file of its own).
NAMED_ELSEWHERE = frozenset({"suffix", "fold_rotation", "decks", "cards", "board_paper", "booklet"})


def variant_tag(options: Options, kind: str) -> str:
    """The part of a file name that tells this build's variant from the default one (letter, long-edge duplex, no bleed, whole game)."""
    wanted = VARIANT_OPTIONS[kind]
    tags = []
    if "paper" in wanted:
        tags.append(options.suffix.lstrip("-") if options.suffix else "" if options.paper == "letter" else options.paper)
    if "layout" in wanted and options.layout == "gutterfold":
        tags.append("gutterfold" if options.fold_rotation == 180 else f"gutterfold{options.fold_rotation}")
    if "duplex" in wanted and options.layout != "gutterfold" and options.duplex != "long":
        tags.append({"short": "short-edge", "none": "simplex"}[options.duplex])
    if "bleed" in wanted and options.bleed:
        tags.append("bleed")
    if "gutter" in wanted and options.gutter:
        tags.append(f"gutter{options.gutter:g}mm")
    if "ink_saver" in wanted and options.ink_saver:
        tags.append("ink-saver")
    if "back_offset" in wanted and any(options.back_offset):
        x, y = options.back_offset
        tags.append(f"offset{x:+g}{y:+g}mm")  # an offset build must not overwrite the normal one
    if "printable_mm" in wanted and options.printable_mm != DEFAULT_PRINTABLE_MM:
        tags.append(f"margin{options.printable_mm:g}mm")
    if "cutter" in wanted and options.cutter:
        tags.append(options.cutter)
    if "subset" in wanted:
        tags.append(_subset_tag(options))
    if "draft" in wanted and options.draft:
        tags.append("draft")  # a draft never overwrites a real print
    tags.append(options.lang)  # every output of an edition in another language (pnp.data.languages)
    return "".join(f"-{t}" for t in tags if t)


def _subset_tag(options: Options) -> str:
    """`--deck heroes` → 'heroes'; `--cards a,b` → 'a+b' (or a count and a short hash when the ids would make a long name)."""
    parts = []
    if options.decks:
        parts.append("+".join(sorted(set(options.decks))))
    if options.cards:
        ids = sorted(set(options.cards))
        joined = "+".join(ids)
        parts.append(joined if len(joined) <= 40 else f"{len(ids)}cards-{hashlib.sha1(joined.encode()).hexdigest()[:8]}")
    return "-".join(parts)
