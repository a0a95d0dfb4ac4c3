"""A packing plan is kept by everything it is made from (pnp.render.packing._kept_plan): a plan asked after another that
differs in one input alone, any one of them, is its own, not the kept one. Each pair below differs in one input and
plans otherwise (a4 against letter, a cut's gutter, a cutting machine's margin, a round piece nested, …): a key that
leaves that input out hands the second ask the first plan."""
from __future__ import annotations

import pytest

from pnp.core.shapes import Shape
from pnp.render.cutters import CUTTERS
from pnp.render.packing import plan_pages

POKER, MINI = (63.5, 88.9), (41.0, 63.0)
ROUND = Shape("circle")
WIDE = (88.9, 63.5)  # a poker card lying down
SILHOUETTE = 17.0  # a Silhouette's whole margin on letter (its marks): 4 wide cards a sheet, 6 in a grid nearer the edges off its marks


def _asked(count: int, **changed) -> dict:
    """A deck of `count` poker cards on letter, no gutter or bleed, duplex: plan_pages's defaults, then `changed`."""
    return {"paper": "letter", "groups": [(POKER, count)], **changed}


# each input of a plan, and two asks that differ in it alone (the counts keep each pair apart from every other ask)
PAIRS = {
    "paper": (_asked(31), _asked(31, paper="a4")),
    "groups": (_asked(32), _asked(33)),
    "gutter": (_asked(34), _asked(34, gutter_mm=4)),
    "bleed": (_asked(35), _asked(35, bleed_mm=3)),
    "printer margin": (_asked(36), _asked(36, printable_mm=12)),
    "layout": (_asked(37), _asked(37, layout="gutterfold")),
    "fold rotation": (_asked(38, layout="gutterfold"), _asked(38, layout="gutterfold", fold_rotation=0)),
    "backs": (_asked(39, layout="gutterfold"), _asked(39, layout="gutterfold", backs=[False])),
    "last": ({"paper": "letter", "groups": [(POKER, 40), (MINI, 40)]},
             {"paper": "letter", "groups": [(POKER, 40), (MINI, 40)], "last": [True, False]}),
    "spacing": (_asked(41), _asked(41, spacing=[(6, 3)])),
    "machine": ({"paper": "letter", "groups": [(WIDE, 42)], "printable_mm": SILHOUETTE},
                {"paper": "letter", "groups": [(WIDE, 42)], "printable_mm": SILHOUETTE, "machine": CUTTERS["silhouette"]}),
    "nests": ({"paper": "letter", "groups": [((30, 30), 43)]}, {"paper": "letter", "groups": [((30, 30), 43)], "nests": [ROUND]}),
}


@pytest.mark.parametrize("part", list(PAIRS))
def test_a_plan_asked_after_one_that_differs_in_one_input_is_its_own(part):
    first, second = PAIRS[part]
    planned = plan_pages(**first)
    other = plan_pages(**second)
    assert other != planned, f"asked with another {part}, the plan kept for the first"
    assert plan_pages(**first) == planned and plan_pages(**second) == other, "each asked again: the same plan"
    for asked, plan in ((first, planned), (second, other)):
        counts = [count for _, count in asked["groups"]]
        placed = [sum(p.count for page in plan for p in page if p.group == g) for g in range(len(counts))]
        assert placed == counts, f"every piece placed once: {placed} for {counts}"


def test_a_plan_asked_in_lists_no_one_can_key_is_planned_all_the_same():
    """A caller giving a size as a list (as YAML reads one) asks for a plan no dictionary can key: it is planned anew,
    the same plan as the size given as a pair."""
    assert plan_pages("letter", [([63.5, 88.9], 44)]) == plan_pages("letter", [(POKER, 44)])


def test_a_plan_asked_without_its_options_has_no_gutter_no_bleed_and_every_group_backed_in_duplex():
    asked = plan_pages("letter", [(POKER, 45)])
    assert asked == plan_pages("letter", [(POKER, 45)], 0, 0, layout="duplex", fold_rotation=180, backs=[True], last=[False], spacing=[(0, 0)])
    assert {(p.grid.gap, p.grid.bleed) for page in asked for p in page} == {(0, 0)}
