"""What the user asked a build for: paper, duplex, bleed, subsets and the rest."""
from __future__ import annotations

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

    def cache_text(self) -> str:
        """Every option that can change an output's bytes, for cache keys: all fields but those in NOT_IN_CACHE_KEY."""
        return repr([(f.name, getattr(self, f.name)) for f in fields(self) if f.name not in NOT_IN_CACHE_KEY])

    @property
    def bleed_mm(self) -> float:
        return BLEED_MM if self.bleed else 0.0


# Options that cannot change an output's bytes: where files go, progress lines, which kinds run,
# the extra changed-cards file (never cached) and whether warnings stop the build.
NOT_IN_CACHE_KEY = frozenset({"out", "progress", "only", "changed", "mark_printed", "strict"})
