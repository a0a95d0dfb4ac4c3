"""Exports for print services, Tabletop Simulator, print-on-demand, the browser tables and game engines, from the same
faces as the sheets.

Every component goes to every target: decks, boards, token sets and player
aids (pnp.targets.components renders them).

  png  one RGB PNG per copy and side, trim plus bleed at `dpi` (poker at
       300 dpi: 825 × 1125 px with 1/8 in bleed, 822 × 1122 with 3 mm), each
       board whole, each token face and back, and manifest.csv listing every
       file in upload order (per component, all fronts, then all backs): a
       print service's images (pnp.targets.export_vendor) made from the PNG
       record (pnp.targets.vendors.PNG) at the asked bleed and dpi;
  tts  deck sheets of at most 10 × 7 cells under 4096 px and at most `dpi`
       (the last cell the hidden-card image) with a saved object per deck, board images, token
       images, and one save file with the whole game laid out on the table;
       image URLs are the files on this machine, or under `--base-url`;
  pod  one PDF per deck, board, token set and the player aids, one side per
       page, TrimBox and BleedBox, CMYK within 240 % ink, fonts embedded,
       PDF/X-1a:2003 keys: a print service's files (pnp.targets.export_vendor)
       made from the print-on-demand record (pnp.targets.vendors.POD);
  pcio, vtt  the whole table, set up, as one playingcards.io or
       virtualtabletop.io file (pnp.targets.table plans it);
  sprites  sheets of each component's faces and a JSON naming each cell.

Every export's first note says what it changed since the last export of its
target (pnp.targets.staging.StagedFolder.changes).

Bleed always comes from the layout (art drawn past the trim), never from
stretching: faces render with a little more bleed than asked and each page is
cut to the exact pixel size. Every file is checked (pnp.targets.preflight; pod's
as a print service's, pnp.targets.vendor_preflight) in memory; then the whole
folder appears at once, or not at all.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from pnp.core.collector import paused
from pnp.core.errors import Finding, Loc, error
from pnp.data.kinds import load_named

if TYPE_CHECKING:  # `pnp export --help` reads the targets' names without importing what renders and writes them
    from pnp.outputs.context import GameContext
    from pnp.targets.staging import Export, ExportRequest


@dataclass(frozen=True)
class Exporter:
    """One export target: its name (`pnp export --format NAME`), what it makes, and the function that makes it.

    Every target is called alike: `run(gctx, request, result, findings, where)`, with the ExportRequest, the Export
    its files go to, the list its findings go to and `where(name)`, the place a finding about file `name` names."""

    name: str
    run: str  # 'module:function', imported when the target is asked for
    summary: str  # for `pnp export --help`


EXPORTERS = (
    Exporter("png", "pnp.targets.export_vendor:png_target", "an image per side of every component for print services"),
    Exporter("tts", "pnp.targets.export_tts:tts_target", "Tabletop Simulator images and a save"),
    Exporter("pod", "pnp.targets.export_vendor:pod_target", "CMYK print-on-demand PDFs"),
    Exporter("pcio", "pnp.targets.export_pcio:pcio_target", "the whole table as a playingcards.io file (.pcio)"),
    Exporter("vtt", "pnp.targets.export_vtt:vtt_target", "the whole table as a virtualtabletop.io room file (.vtt)"),
    Exporter("sprites", "pnp.targets.export_sprites:sprites_target", "a sprite sheet and its JSON per deck, token set and die, for web game engines"),
)
# Bleed per side, by the name print services use. MakePlayingCards' "3 mm" is
# 36 px at 300 dpi (822 × 1122 for poker), i.e. 0.12 in.
BLEEDS = {"1/8in": 3.175, "3mm": 3.048, "0": 0.0}


def exporter_names() -> tuple[str, ...]:
    """Every export target's name, in the order `--format all` runs them."""
    return tuple(exporter.name for exporter in EXPORTERS)


def exporter_named(name: str) -> Exporter:
    """The export target called `name`; a ValueError naming the known ones for any other."""
    for exporter in EXPORTERS:
        if exporter.name == name:
            return exporter
    raise ValueError(f"unknown export format '{name}': one of {', '.join(exporter_names())}")


def bleed_mm(value: str) -> float:
    """A bleed option ('1/8in', '3mm', '0') in mm."""
    if value not in BLEEDS:
        raise ValueError(f"bleed must be one of {', '.join(BLEEDS)}; got '{value}'")
    return BLEEDS[value]


@paused
def export_game(gctx: GameContext, fmt: str, folder: Path, request: ExportRequest | None = None, *, rel=str, write: bool = True) -> tuple[Export, list[Finding]]:
    """Render, check and write one export of a game into `folder` (replaced whole) as `request` asks (by default: 1/8 in
    of bleed, 300 dpi, every component); a request naming a vendor (pnp.targets.vendors) writes that print service's
    export whatever `fmt` says, and `write=False` checks everything and writes nothing (`pnp validate --vendor`)."""
    from pnp.targets.staging import Export, ExportRequest

    request = request or ExportRequest(bleed_mm("1/8in"), 300)
    started = time.perf_counter()
    game = gctx.game
    findings: list[Finding] = []
    result = Export(folder)
    where = lambda name: f"{rel(folder)}/{name}"  # noqa: E731
    try:
        run = load_named("pnp.targets.export_vendor:vendor_target" if request.vendor else exporter_named(fmt).run)
        run(gctx, request, result, findings, where)
        if not result.files and not any(f.severity == "error" for f in findings):
            findings.append(_nothing_to_export(game, request.decks))
        findings = [f.in_game(game.slug) for f in findings]
        if not write or any(f.severity == "error" for f in findings):
            result.files.discard()
            return result, findings
        result.changes = result.files.changes()
        result.notes.insert(0, result.changes.summary())
        result.files.commit()
    except BaseException:
        result.files.discard()
        raise
    result.seconds = time.perf_counter() - started
    return result, findings


def _nothing_to_export(game, decks: tuple[str, ...]) -> Finding:
    """The error of an export that would write nothing: every piece asked for at count 0, or none this export takes
    (a vendor's warning then says which and why). Said at the first deck asked for, whose counts are to look at."""
    asked = [game.decks[d] for d in decks if d in game.decks]
    where = Loc(asked[0].rel) if asked else Loc(game.rel)
    named = f" (asked for {', '.join(decks)})" if decks else ""
    return error("export-empty", f"nothing to export{named}: no piece asked for prints a copy here; give a card a count above 0, "
                 f"or ask for {'a deck' if decks else 'pieces'} this export takes", where, game=game.slug)
