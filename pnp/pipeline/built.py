"""What a build gives back for each game: the files it wrote or kept, and what it found.

These are plain values, kept apart from the modules that plan and render, so
that a command answered from the build cache (pnp.pipeline.steady) reads and
shows them without importing any of the drawing machinery.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path

from pnp.core.errors import Finding


@dataclass
class Output:
    """One file a build wrote or found unchanged (`reused`), with the figures its summary lists."""

    path: Path
    pages: int
    pieces: int
    size: int
    reused: bool = False
    ink: float | None = None  # fully inked page equivalents (PDFs only): measured once when written, kept in the cache
    shared: tuple[str, ...] = ()  # 'sheet 5 holds Cells ×2, Quorum ×1': the sheets that several decks or sets share

    def to_json(self) -> dict:
        return {"path": str(self.path), "pages": self.pages, "pieces": self.pieces, "size": self.size, "ink": self.ink, "shared": list(self.shared)}

    @classmethod
    def from_json(cls, d: dict) -> Output:
        """The output `to_json` wrote, as a build that found it on disk unchanged shows it: reused."""
        return cls(Path(d["path"]), d["pages"], d["pieces"], d["size"], reused=True, ink=d["ink"], shared=tuple(d["shared"]))


@dataclass
class GameBuild:
    """One game's part of a run: its checks' findings, then (outputs, findings, seconds) for each options of the run."""

    slug: str
    checked: list[Finding] = field(default_factory=list)
    builds: list[tuple[list[Output], list[Finding], float]] = field(default_factory=list)  # none past the paper whose errors stopped the game

    def as_reused(self) -> GameBuild:
        """This build as a later one that finds every output as it was shows it: each output reused, and no render's
        note (a note is news of the build that computed it: pnp.pipeline.build._gathered)."""
        return GameBuild(self.slug, self.checked, [([replace(o, reused=True) for o in outputs], [f for f in findings if f.severity != "note"], seconds)
                                                   for outputs, findings, seconds in self.builds])
