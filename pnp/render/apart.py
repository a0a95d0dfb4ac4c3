"""Which sets the packing keeps from sharing a cut: two decks whose edges would leave a sliver of one on the other.

Leftovers of one size share a grid (pnp.render.packing), and pieces on a grid
with no gutter share their cut lines. Where a dark deck's last cards would sit
beside the heroes' cream ones, a cut 0.5 mm off leaves a strip of one on the
other: a sliver no template line is to blame for, made by the packing's own
choice. So the plan is made, each pair of sets it put on one grid is judged by
their faces' edges (pnp.layout.slivers, the same judgement the sheets' check
makes), and a pair that would show a sliver is planned again apart: each set's
leftovers in a band of their own, with room for crop marks between the bands,
or on a sheet of their own. Sets whose edges agree keep sharing the grid.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import combinations

from pnp.layout.elements import Face
from pnp.layout.slivers import Edge, edges, sliver
from pnp.render.packing import Placement, plan_pages

MEETINGS = (("right", "left"), ("left", "right"), ("bottom", "top"), ("top", "bottom"))  # the sides two pieces on a grid meet by
MAX_REPLANS = 8  # each replan keeps one more pair apart; a game has a handful of sets of one size


def sharing_pairs(plan: list[list[Placement]]) -> set[tuple[int, int]]:
    """The pairs of groups (indices, lower first) the plan puts on one grid of one page: pieces that may share a cut."""
    out: set[tuple[int, int]] = set()
    for page in plan:
        by_grid: dict[int, set[int]] = {}
        for p in page:
            by_grid.setdefault(id(p.grid), set()).add(p.group)
        for groups in by_grid.values():
            out |= set(combinations(sorted(groups), 2))
    return out


def clash(faces_a: Iterable[Face], faces_b: Iterable[Face], edges_of: Callable[[Face], dict[str, Edge]] = edges) -> bool:
    """Whether some face of one set beside some face of the other, by any side, shows a sliver of one on the other."""
    a = [edges_of(face) for face in dict.fromkeys(faces_a)]
    b = [edges_of(face) for face in dict.fromkeys(faces_b)]
    return any(sliver(one[mine], mine, other[theirs]) is not None or sliver(other[theirs], theirs, one[mine]) is not None
               for one in a for other in b for mine, theirs in MEETINGS)


def planned_apart(plan_with: Callable[[tuple[tuple[int, int], ...]], list[list[Placement]]],
                  faces_of: Callable[[int], list[Face]]) -> list[list[Placement]]:
    """The plan `plan_with(apart)` makes once every pair of groups it puts on one grid whose faces (`faces_of(group)`,
    fronts and backs) would show a sliver across their cut is kept apart. Pairs judged once each."""
    apart: tuple[tuple[int, int], ...] = ()
    judged: dict[tuple[int, int], bool] = {}
    plan = plan_with(apart)
    for _ in range(MAX_REPLANS):
        new = sorted(pair for pair in sharing_pairs(plan) - set(apart)
                     if judged.setdefault(pair, clash(faces_of(pair[0]), faces_of(pair[1]))))
        if not new:
            return plan
        apart = tuple(sorted({*apart, *new}))
        plan = plan_with(apart)
    return plan


def plan_groups(groups: list, paper: str, gutter_mm: float, bleed_mm: float, printable_mm: float, layout: str = "duplex",
                fold_rotation: int = 180, machine=None) -> list[list[Placement]]:
    """The packing plan of a sheet PDF's groups (pnp.render.sheets.Group), pairs that would show a sliver kept apart.

    A face another process is still drawing (PENDING) is not judged: it has no edges yet."""
    sizes = [(g.size, len(g.pieces)) for g in groups]
    backs = [any(p.back is not None for p in g.pieces) for g in groups]
    last = [g.print_last for g in groups]
    spacing = [g.spacing(gutter_mm, bleed_mm) for g in groups]
    nests = [g.nest for g in groups]

    def plan_with(apart: tuple) -> list[list[Placement]]:
        return plan_pages(paper, sizes, gutter_mm, bleed_mm, printable_mm, layout, fold_rotation, backs, last, spacing, machine, nests, apart)

    def faces_of(group: int) -> list[Face]:
        return [face for p in groups[group].pieces for face in (p.front, p.back) if isinstance(face, Face)]

    return planned_apart(plan_with, faces_of)
