"""Slivers on the printed sheets, worded as findings at the line to change.

The sheet writer reads every shared cut of every page side as it prints them
(pnp.render.seams); here each sliver becomes a warning at the template line that
drew the edge's colour (found by drawing the piece again with tracing on, as
the readability check does), or where the piece is written when no template
drew it. One warning per line and pair of colours, naming the sheets and pieces.
"""
from __future__ import annotations

from collections.abc import Callable

from pnp.checks.values import ranges
from pnp.core.errors import Finding, Loc
from pnp.layout.slivers import SEVERITY
from pnp.render.seams import Placed, SheetSliver

Named = Callable[[Placed], tuple[str, Loc]]  # a placed face → (what it is, e.g. 'hearts/a back', where it is written)


def sliver_findings(slivers: list[SheetSliver], sheets: str, game: str, named: Named, origins: dict) -> list[Finding]:
    """One warning per template line (or piece's place, `named`) and set of pieces (a deck's fronts, its backs), worded
    after its most visible sliver and naming every sheet (of `sheets`, 'the card sheets'; a run of them as a range,
    'sheets 1–250') and piece it shows on; `origins` maps elements to the template lines that drew them (Layouts.tracing)."""
    grouped: dict[tuple, list[SheetSliver]] = {}
    meetings: dict[tuple, list[SheetSliver]] = {}
    for s in slivers:
        if _across_sets(s):
            meetings.setdefault(tuple(sorted((s.shower.run.group.id, s.neighbour.run.group.id))), []).append(s)
            continue
        grouped.setdefault((origins.get(s.sliver.element) or named(s.shower)[1], s.shower.run.group.id, s.shower.side), []).append(s)
    out = [_meeting(pair, found, sheets, game, named, origins) for pair, found in meetings.items()]
    for (loc, group, side), found in grouped.items():
        worst = max(found, key=lambda s: s.sliver.delta_e)  # the first of those as visible, in sheet order: the same in every process
        numbers = sorted({s.sheet for s in found})
        places = tuple(dict.fromkeys(f"sheet {s.sheet}: {named(s.shower)[0]}" for s in found))
        where = f"{sheets}, sheet{'s' if len(numbers) > 1 else ''} {ranges(numbers)}"
        if worst.neighbour is None:
            message = (f"{where}: the {worst.sliver.side} edge of {named(worst.shower)[0]} is {worst.sliver.across} where its own bleed is "
                       f"{worst.sliver.colour} (colour difference ΔE {worst.sliver.delta_e:.0f}): a cut 0.5 mm outside the line leaves a sliver "
                       "of the bleed on the edge; run the stripe or band on into the bleed (from -face.bleed to face.w + face.bleed), or "
                       "inset it a few millimetres from the edge")
        else:
            message = (f"{where}: the {worst.sliver.side} edge of {named(worst.shower)[0]} is {worst.sliver.colour} where "
                       f"{named(worst.neighbour)[0]} across the shared cut is {worst.sliver.across} (colour difference ΔE "
                       f"{worst.sliver.delta_e:.0f}): a cut 0.5 mm off leaves a sliver of one on the other; inset the band a few "
                       "millimetres from the edge, give the pieces a light border, give every piece printed beside it the same colour "
                       "at that edge, or print with a gutter and bleed (pnp build --bleed)")
        out.append(Finding(SEVERITY, "sliver", message, loc, game, f"{group} {side}s", places if len(places) > 1 else ()))
    return out


def _across_sets(s: SheetSliver) -> bool:
    """Whether the sliver lies on a cut the packing made shared between two sets (leftovers of each on one sheet)."""
    return s.neighbour is not None and s.neighbour.run.group.id != s.shower.run.group.id


def _meeting(pair: tuple, found: list[SheetSliver], sheets: str, game: str, named: Named, origins: dict) -> Finding:
    """One warning for two sets whose pieces the packing put side by side on a shared cut, fronts and backs alike: no
    template is wrong there, so it says what the designer can change: a gutter, or the deck built on its own."""
    worst = max(found, key=lambda s: s.sliver.delta_e)
    numbers = sorted({s.sheet for s in found})
    where = f"{sheets}, sheet{'s' if len(numbers) > 1 else ''} {ranges(numbers)}"
    loc = origins.get(worst.sliver.element) or named(worst.shower)[1]
    message = (f"{where}: sets {pair[0]} and {pair[1]} share a sheet and a cut line, where {named(worst.shower)[0]} is "
               f"{worst.sliver.colour} and {named(worst.neighbour)[0]} is {worst.sliver.across} (colour difference ΔE "
               f"{worst.sliver.delta_e:.0f}): a cut 0.5 mm off leaves a sliver of one on the other; print with a gutter "
               f"(pnp build --gutter 3, or --bleed) so each piece has its own cut, or build one set alone (pnp build --deck {pair[0]})")
    places = tuple(dict.fromkeys(f"sheet {s.sheet}: {named(s.shower)[0]}" for s in found))
    return Finding(SEVERITY, "sliver", message, loc, game, f"{pair[0]} and {pair[1]}", places if len(places) > 1 else ())
