"""Which sets the packing keeps from sharing a cut: two sets whose pieces, side by side, leave a sliver of one on the other.

Leftovers of one size share a grid (pnp.render.packing), and pieces on a grid
with no gutter share their cut lines. Where a dark deck's last cards would sit
beside the heroes' cream ones, a cut 0.5 mm off leaves a strip of one on the
other: a sliver no template line is to blame for, made by the packing's own
choice. So the plan is made, its sheets are read as the sheets' check reads them
(pnp.render.seams, fronts and backs, backs turned over either edge), and each pair
of sets meeting in a sliver is planned again apart: each set's leftovers in a band
of their own, with room for crop marks between the bands, or on a sheet of their
own. Sets that meet cleanly keep sharing the grid (Narco Empire's last three
decks print on one sheet, as before).
"""
from __future__ import annotations

from collections.abc import Callable

from pnp.render.face_uses import PENDING
from pnp.render.packing import Apart, Placement, plan_pages, turns_of
from pnp.render.seams import sheet_slivers

MAX_REPLANS = 8  # each replan keeps at least one more pair apart; a game has a handful of sets of one size
TURNS = ("long", "short")  # the backs' slots either way a sheet turns over: a pair meeting on either is kept apart


def planned_apart(plan_with: Callable[[Apart], list[list[Placement]]],
                  meetings: Callable[[list[list[Placement]]], set[tuple[int, int]]]) -> list[list[Placement]]:
    """The plan `plan_with(apart)` makes once every pair of groups whose pieces it puts on a shared cut with a sliver
    between them (`meetings(plan)`: pairs of group indices, lower first) is kept apart, each group keeping the
    orientation it had before: a clash costs the clashing leftovers a band or a sheet, never the others' grid."""
    plan = plan_with(Apart())
    turns, pairs = turns_of(plan), ()
    for _ in range(MAX_REPLANS):
        new = meetings(plan) - set(pairs)
        if not new:
            return plan
        pairs = tuple(sorted({*pairs, *new}))
        plan = plan_with(Apart(pairs, turns))
    return plan


def plan_groups(groups: list, sides_of, paper: str, **packing) -> list[list[Placement]]:
    """The packing plan of a sheet PDF's groups (pnp.render.sheet_plan.Group), no two sets meeting in a sliver where the
    packing could keep them apart. `sides_of(placements, turn, backs)` gives the printed sides of a planned page as the
    sheets module lays them (it asks for this plan, so it hands its reader in); `packing` is plan_pages' gutter_mm,
    bleed_mm, printable_mm, layout, fold_rotation and machine. A front another process is still drawing (PENDING) has
    no edges yet: its deck's first front drawn stands in for it."""
    gutter_mm, bleed_mm = packing.get("gutter_mm", 0), packing.get("bleed_mm", 0)
    sizes = [(g.size, len(g.pieces)) for g in groups]
    backs = [any(p.back is not None for p in g.pieces) for g in groups]
    last = [g.print_last for g in groups]
    spacing = [g.spacing(gutter_mm, bleed_mm) for g in groups]
    nests = [g.nest for g in groups]
    guests = [g.guest for g in groups]
    index = {id(g): i for i, g in enumerate(groups)}
    # a front another process is still drawing is judged by the first of its deck's fronts already drawn: a deck's
    # fronts share their frame, and so their edges, far more often than not; a deck with none drawn yet is not judged
    stand_in = {id(g): face for g in groups if (face := next((p.front for p in g.pieces if p.front is not PENDING), None)) is not None}

    def plan_with(apart: Apart) -> list[list[Placement]]:
        return plan_pages(paper, sizes, backs=backs, last=last, spacing=spacing, nests=nests, apart=apart, guests=guests, **packing)

    def meetings(plan: list[list[Placement]]) -> set[tuple[int, int]]:
        shared = [page for page in plan if len({p.group for p in page}) > 1]
        sides = [(n, [p._replace(face=stand_in[id(p.run.group)]) if p.face is PENDING else p for p in side
                      if p.face is not PENDING or id(p.run.group) in stand_in])
                 for n, placements in enumerate(shared, 1) for turn in TURNS
                 for side in sides_of(placements, turn, any(backs[p.group] for p in placements))]
        return {tuple(sorted((index[id(s.shower.run.group)], index[id(s.neighbour.run.group)])))
                for s in sheet_slivers(sides, own_bleeds=False) if s.neighbour.run.group is not s.shower.run.group}

    return planned_apart(plan_with, meetings)
