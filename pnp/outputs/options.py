"""What the user asked a build for: paper, duplex, bleed, subsets and the rest."""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, fields
from pathlib import Path
from typing import TYPE_CHECKING

from pnp.core.units import BLEED_MM, DEFAULT_PRINTABLE_MM, SAFE_MM
from pnp.data.kinds import kind_named
from pnp.layout.elements import STAMP_PT

if TYPE_CHECKING:
    from pnp.outputs.inserts import Printed


@dataclass
class Options:
    """What the user asked one build for: paper, duplex, bleed, subsets and the rest, each an option of the
    command line. Every field but NOT_IN_CACHE_KEY's can change an output's bytes, so the cache keys on them (`cache_text`)."""

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
    html: bool = False  # the rulebook also as one self-contained HTML file (pnp.outputs.rulebook.html)
    large_print: bool = False  # the rulebook and the reference sheet set at 14 pt and up (LARGE_PRINT_PT), for a reader with low vision
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
    edge_bleed: bool = False  # the card sheets share cut lines and bleed past the grid's outer edges only, as far as the margins hold
    fronts_only: bool = False  # the card sheets print no backs at all (fronts to sleeve in front of old cards)
    insert: tuple | None = None  # (w, h) mm: the card sheets print each front as a sleeve insert of this size, and no backs
    insert_fit: str = "scale"  # how a front becomes an insert: scale (to cover it) or trim (cut down, unscaled)
    stamps: bool = True  # card fronts carry the game's playtest stamps (its `stamps:`); a vendor's export asks for none unless told
    stamp_pt: float = STAMP_PT  # the stamp's type size: pnp's own, or a print shop's smallest type where that is larger
    stamp_safe_mm: float = SAFE_MM  # the safe zone the stamp keeps inside: pnp's own, or a print shop's where wider

    without: frozenset = frozenset()  # speed mechanisms switched off (MECHANISMS): only a bench measuring what one buys asks

    @property
    def printed(self) -> Printed:
        """What the card sheets print of each card (pnp.outputs.inserts.Printed: with the drawing machinery, which a
        build answered from its cache never imports)."""
        from pnp.outputs.inserts import Printed

        return Printed(self.fronts_only, tuple(self.insert) if self.insert else None, self.insert_fit)

    def cache_text(self, kind: str | None = None) -> str:
        """Every option that can change an output's bytes, for cache keys: all fields but those in NOT_IN_CACHE_KEY; for a
        `kind` whose file does not follow the build's paper (its OutputKind.options: a label sheet names its own), not the paper
        either, or a build of two papers would write that one file twice and never find it as it left it."""
        skipped = NOT_IN_CACHE_KEY if kind is None or "paper" in kind_named(kind).options else NOT_IN_CACHE_KEY | {"paper", "suffix"}
        return repr([(f.name, getattr(self, f.name)) for f in fields(self) if f.name not in skipped])

    @property
    def bleed_mm(self) -> float:
        return BLEED_MM if self.bleed else 0.0

    @property
    def card_bleed_mm(self) -> float:
        """The bleed card faces are drawn with: a bleed build's (or an export's: its `bleed_mm`), or an edge-bleed build's
        (cut back inside the grid)."""
        return self.bleed_mm or (BLEED_MM if self.edge_bleed else 0.0)

    @property
    def plain_faces(self) -> bool:
        """Whether faces are drawn as the readability check judges them: no bleed, no ink saver."""
        return not self.bleed and not self.ink_saver and not self.edge_bleed


# Options that cannot change an output's bytes: where files go, progress lines, which kinds run,
# the extra changed-cards file (never cached) and whether warnings stop the build.
NOT_IN_CACHE_KEY = frozenset({"out", "progress", "only", "changed", "mark_printed", "strict", "without"})

# The speed mechanisms a run may be told to go without (`--without`, a hidden option of the commands that build or
# check), one at a time, so bench/mechanisms.py measures what each buys (docs/performance.md). Each gives the same
# bytes and findings as the plain path; none is a switch a module keeps: the run's options or session carry it.
MECHANISMS = (
    "build-cache",  # outputs whose inputs are as they were are reused (pnp.pipeline.cache.GameCache)
    "face-store",  # faces drawn by the last run are looked up, not drawn (pnp.pipeline.cache.FaceStore)
    "results",  # what a game's checks found is kept by what it depends on (pnp.pipeline.results)
    "kept-parses",  # fonts, icons and game files kept as parsed (pnp.core.kept.KeptParses)
    "file-digests",  # file digests kept by the file's status (pnp.core.files.FileDigests)
    "ink-pages",  # a page printing what a page of the last build printed keeps its ink figure (pnp.render.ink)
    "ink-halves",  # a long PDF's ink measured in two processes (pnp.render.ink.page_inks)
    "ink-colours",  # a page of few colours measured from its colours, without numpy (pnp.render.ink.bitmap_coverage)
    "weights",  # jobs weighed by their share of a build, heaviest first (pnp.pipeline.schedule._weight)
    "deck-helper",  # a large deck's last cards rendered by a helper process (pnp.outputs.cards.start_deck)
    "drawn",  # `pnp watch` replays the operators of faces and pages it drew (pnp.render.drawn)
    "steady",  # a build answers a game none of whose inputs changed with its last build's result, unread (pnp.pipeline.steady)
    "keeps",  # `pnp watch` and `pnp serve` keep memos, answers and inspections from save to save (pnp.core.memo.Keeps)
)



# Which options print differently in each kind of output (pnp.data.kinds: OutputKind.options), so a variant build gets its
# own file name: every option that can change an output's bytes (cache_text) is either in a kind's options or in
# NAMED_ELSEWHERE (tests/test_small_print.py checks it).
# Options a file name carries another way: the paper's suffix, the gutterfold's rotation, the subset (decks, cards),
# the board paper (in a board file's own name), the booklet and the HTML rulebook (files of their own) and the insert's fit
# (in the insert's tag), and the stamps, their size and safe zone (set by a vendor export alone, whose files go to a folder
# of their own).
NAMED_ELSEWHERE = frozenset({"suffix", "fold_rotation", "decks", "cards", "board_paper", "booklet", "html", "insert_fit", "stamps", "stamp_pt",
                             "stamp_safe_mm"})


def variant_tag(options: Options, kind: str) -> str:
    """The part of a file name that tells this build's variant from the default one (letter, long-edge duplex, no bleed, whole game)."""
    wanted = kind_named(kind).options
    tags = [tag(options, wanted) for names, tag in _VARIANT_TAGS if any(name in wanted for name in names)]
    tags.append(options.lang)  # every output of an edition in another language (pnp.data.languages)
    return "".join(f"-{t}" for t in tags if t)


def _bleed_tag(options: Options, wanted) -> str:
    """Full bleed, else bleed at the sheet's outer edges only: one or the other names the file."""
    if "bleed" in wanted and options.bleed:
        return "bleed"
    return "bleed-edges" if "edge_bleed" in wanted and options.edge_bleed else ""


def _insert_tag(options: Options, wanted) -> str:
    """A box insert's size (and trim), else fronts only: an insert build prints fronts only anyway."""
    if "insert" in wanted and options.insert:
        return f"insert{options.insert[0]:g}x{options.insert[1]:g}mm" + ("-trim" if options.insert_fit == "trim" else "")
    return "fronts" if "fronts_only" in wanted and options.fronts_only else ""


# In a file name's order: the options a kind prints differently (any of `names` in its OutputKind.options), each with the
# tag it gives the file name ("" at the option's default).
_VARIANT_TAGS = (
    (("paper",), lambda o, _: o.suffix.lstrip("-") if o.suffix else "" if o.paper == "letter" else o.paper),
    (("layout",), lambda o, _: ("gutterfold" if o.fold_rotation == 180 else f"gutterfold{o.fold_rotation}") if o.layout == "gutterfold" else ""),
    (("duplex",), lambda o, _: "" if o.layout == "gutterfold" or o.duplex == "long" else {"short": "short-edge", "none": "simplex"}[o.duplex]),
    (("bleed", "edge_bleed"), _bleed_tag),
    (("gutter",), lambda o, _: f"gutter{o.gutter:g}mm" if o.gutter else ""),
    (("ink_saver",), lambda o, _: "ink-saver" if o.ink_saver else ""),
    (("back_offset",), lambda o, _: f"offset{o.back_offset[0]:+g}{o.back_offset[1]:+g}mm" if any(o.back_offset) else ""),  # an offset build must not overwrite the normal one
    (("printable_mm",), lambda o, _: f"margin{o.printable_mm:g}mm" if o.printable_mm != DEFAULT_PRINTABLE_MM else ""),
    (("cutter",), lambda o, _: o.cutter or ""),
    (("insert", "fronts_only"), _insert_tag),
    (("subset",), lambda o, _: _subset_tag(o)),
    (("large_print",), lambda o, _: "large-print" if o.large_print else ""),
    (("draft",), lambda o, _: "draft" if o.draft else ""),  # a draft never overwrites a real print
)


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
