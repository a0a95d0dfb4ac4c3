"""What a builder tells the pipeline of each file it made, beside its bytes.

Every builder returns ([(file name, bytes, FileStats)], findings). The pipeline
lists the figures (pages, pieces, ink, shared sheets) in the build's summary,
keys each page's ink by `page_keys`, records each card's face digests
(`faces`, what `--changed` compares). The build cache stores the
figures as a plain JSON object (`cached`, `from_cached`), in the shape it
always had. The dataclass lives here, below the pipeline, because the
builders that make it are outputs.
"""
from __future__ import annotations

from dataclasses import dataclass, field

TOKENS_SHARED = "tokens: on the last card sheet"  # the line the build and `pnp list` give tokens printed there (pnp.outputs.token_share)


@dataclass
class FileStats:
    """The figures of one file a builder made (see the module's docstring): what the build's summary lists and
    its cache keeps."""

    pages: int = 0
    pieces: int = 0
    shared: list[str] = field(default_factory=list)  # the sheets a deck's pieces share (pnp.render.sheet_plan.shared_sheets)
    page_keys: list[str | None] = field(default_factory=list)  # what each page prints, to key its ink; None: measured always
    page_exact: list = field(default_factory=list)  # a sheet PDF's pages' ink from their elements (pnp.render.ink_elements), or None
    faces: dict[str, list] = field(default_factory=dict)  # card sheets: deck/card → [front digest, back digest, count]
    changed: list[str] = field(default_factory=list)  # the changed-cards PDF: the cards it shows
    ink: float | None = None  # the file's ink figure, once measured (pnp.pipeline.build.measure_ink)
    page_ink: dict[str, float] = field(default_factory=dict)  # page key → ink figure
    cuts: list = field(default_factory=list)  # for a cutting machine: (page, width, height, shapes) of each fronts sheet

    def cached(self) -> dict:
        """The figures the build cache keeps of the file, as JSON."""
        return {"pages": self.pages, "pieces": self.pieces, "ink": self.ink, "shared": list(self.shared), "page_ink": self.page_ink}

    @classmethod
    def from_cached(cls, data: dict) -> FileStats:
        """The figures the build cache kept of a file (`cached`); what it lacks is left at its default."""
        return cls(pages=data.get("pages", 0), pieces=data.get("pieces", 0), shared=list(data.get("shared", ())), ink=data.get("ink"),
                   page_ink=dict(data.get("page_ink", {})))
