"""Readability's last survivors (issue #76 item 1: readability.py's fifth mutmut run, 912 / 163), each a behaviour now
held in process: a turned shape covers to its corners and rim, a polygon owns its top and left edges as a rasteriser's
top-left rule does (two polygons side by side leave no gap), groups in turned and scaled groups land where FaceDrawer
draws them, a mark in a turned group is judged at its printed size, a single icon is read at its centre against 3:1,
decoration is not read, translucent text and fills print over what lies under them, the worst ground under a mark is
named (the first of equals), what tells backs apart without colour (shapes, places, sizes, icons, pictures and words'
places; never colours or words), the colour-alike warning's wording and place, and a field's colour code found past
fields that are none. The equivalent survivors are named in bench/mutation_equivalent.txt."""
from __future__ import annotations

import math

import pytest

from pnp.core.colour import contrast, indistinct, over
from pnp.core.errors import Loc
from pnp.layout.elements import Circle, Ellipse, Face, Group, Icon, Image, Line, Polygon, Rect, Text
from pnp.layout.gradients import GradientSpec, placed
from pnp.layout.readability import (
    ColourCode,
    PaletteNames,
    coded_backs,
    coded_fields,
    colour_code_findings,
    contrast_findings,
    fills_at,
    low_contrast,
    marks,
)
from pnp.layout.typeset import IconOp, TextOp

PAPER, RED, GREEN, BLUE, INK = "#ffffff", "#c0392b", "#2e7d32", "#1f4e8c", "#1d2433"
PT = 72 / 25.4  # points a mm


def rect(x, y, w, h, fill, stroke=None):
    return Rect(x, y, w, h, fill, stroke, 0.5 if stroke else 0.0, 0.0, None)


def face(*elements) -> Face:
    return Face(63.5, 88.9, 0.0, tuple(elements), frozenset())


def read(elements, points, paper: str = PAPER):
    (found,) = fills_at(face(*elements), [points], paper)
    return [c for c, _ in found]


def placed_at(gx, gy, turn, scale, x, y):
    """Where a group moved to (gx, gy), turned `turn` degrees clockwise on the page (y down) and scaled, puts (x, y)."""
    c, s = math.cos(math.radians(turn)), math.sin(math.radians(turn))
    return gx + scale * (c * x - s * y), gy + scale * (s * x + c * y)


# Where a shape covers ---------------------------------------------------------------------------------------------------
def test_a_turned_rectangle_and_ellipse_cover_to_each_corner_and_end():
    box = rect(0, 0, 20, 10, RED)
    inside = [(0.3, 0.3), (19.7, 0.3), (0.3, 9.7), (19.7, 9.7)]
    outside = [(-0.3, 0.3), (20.3, 0.3), (0.3, 10.3), (19.7, -0.3)]
    points = [placed_at(25, 10, 30, 1, x, y) for x, y in inside + outside]
    assert read([Group(25, 10, 30, 1, (box,))], points) == [RED] * 4 + [PAPER] * 4
    oval = Ellipse(0, 0, 20, 10, GREEN, None, 0.0)  # its ends at (0, 5), (20, 5), (10, 0) and (10, 10)
    ends = [placed_at(25, 10, 30, 1, x, y) for x, y in ((0.2, 5), (19.8, 5), (10, 0.2), (10, 9.8), (10, -0.2), (20.2, 5))]
    assert read([Group(25, 10, 30, 1, (oval,))], ends) == [GREEN] * 4 + [PAPER] * 2


def test_a_circle_in_a_group_turned_45_degrees_covers_its_whole_rim():
    disc = Circle(0, 0, 10, BLUE, None, 0.0, None)
    rim = [placed_at(30, 40, 45, 1, 9.8 * math.cos(a), 9.8 * math.sin(a)) for a in (k * math.pi / 4 for k in range(8))]
    beyond = [placed_at(30, 40, 45, 1, 10.2 * math.cos(a), 10.2 * math.sin(a)) for a in (k * math.pi / 4 for k in range(8))]
    assert read([Group(30, 40, 45, 1, (disc,))], rim + beyond) == [BLUE] * 8 + [PAPER] * 8


def test_a_polygon_owns_its_top_and_left_edges_and_two_side_by_side_leave_no_gap():
    """The rasteriser's top-left rule (y runs down): a point on a polygon's top or left edge is its own, on its bottom or
    right edge its neighbour's, so a point on an edge two polygons share is read once, never as the paper between them."""
    square = Polygon(((10, 10), (30, 10), (30, 30), (10, 30)), RED, None, 0.0, True)
    assert read([square], [(20, 10), (10, 20), (30, 20), (20, 30), (20, 20)]) == [RED, RED, PAPER, PAPER, RED]
    right = Polygon(((30, 10), (50, 10), (50, 30), (30, 30)), GREEN, None, 0.0, True)
    below = Polygon(((10, 30), (30, 30), (30, 50), (10, 50)), BLUE, None, 0.0, True)
    assert read([right, square, below], [(30, 20), (20, 30), (30, 30)]) == [GREEN, BLUE, PAPER]


def test_a_group_turned_and_scaled_inside_a_turned_group_lands_where_both_put_it():
    dot = rect(4, 1, 2, 2, RED)  # its middle (5, 2) in the inner group
    inner = Group(3, 5, 30, 2, (dot,))
    outer = Group(20, 20, 60, 1, (inner,))
    mx, my = placed_at(20, 20, 60, 1, *placed_at(3, 5, 30, 2, 5, 2))
    assert read([outer], [(mx, my), (mx + 3, my), (mx - 3, my), (mx, my + 3), (mx, my - 3)]) == [RED] + [PAPER] * 4
    alone = Group(10, 10, 30, 2, (dot,))
    ax, ay = placed_at(10, 10, 30, 2, 5, 2)
    assert read([alone], [(ax, ay), (ax + 3, ay)]) == [RED, PAPER]


def test_every_run_is_read_even_after_an_empty_one():
    found = fills_at(face(rect(0, 0, 10, 10, RED)), [[], [(5, 5)], []], PAPER)
    assert [[c for c, _ in run] for run in found] == [[], [RED], []]


# What a mark is read against, and at what size ---------------------------------------------------------------------------
def _text(op, *grounds, group=None):
    run = Text(10.0, 20.0, (op,))
    return marks(face(*grounds, Group(*group, (run,)) if group else run)), run


def test_a_run_in_a_turned_and_scaled_group_is_judged_at_its_printed_size():
    op = TextOp(0.0, 10.0, "noto-sans-regular", 9.0, INK, "Draw", 30.0)
    (m,), run = _text(op, group=(10, 10, 45, 2))
    assert m.size_pt == pytest.approx(18.0) and m.needed == 3.0  # 18 pt printed: large text
    assert (m.element, m.op, m.kind, m.label) == (run, op, "text", "Draw")
    (turned,), _ = _text(op, group=(10, 10, 90, 1))
    assert turned.size_pt == pytest.approx(9.0) and turned.needed == 4.5


def test_an_icon_is_read_at_its_centre_at_its_printed_height_and_needs_3_to_1():
    heart = Icon("heart", INK, 20.0, 30.0, 6.0, 4.0)  # its centre (23, 32)
    (m,) = marks(face(rect(22.8, 31.8, 0.4, 0.4, BLUE), heart))
    assert (m.kind, m.label, m.ground, m.needed, m.element, m.op) == ("icon", "heart", BLUE, 3.0, heart, None)
    assert m.size_pt == pytest.approx(4.0 * PT)
    for x, y in ((20.8, 31.8), (23.8, 31.8), (22.8, 30.4), (22.8, 33.4)):  # a dot off the centre is not under it
        assert marks(face(rect(x, y, 0.4, 0.4, BLUE), heart))[0].ground == PAPER, (x, y)
    (big,) = marks(face(Group(0, 0, 0, 2, (heart,))))
    assert big.size_pt == pytest.approx(8.0 * PT)


def test_decoration_text_is_not_read_and_plain_text_is():
    op = TextOp(0.0, 10.0, "noto-sans-regular", 9.0, "#eeeeee", "ornament", 30.0)
    assert marks(face(Text(10.0, 20.0, (op,), True))) == []
    assert len(marks(face(Text(10.0, 20.0, (op,))))) == 1


def test_translucent_text_prints_over_its_ground():
    op = TextOp(0.0, 10.0, "noto-sans-regular", 9.0, "#00000080", "Draw", 30.0)
    (m,), _ = _text(op, rect(0, 0, 63.5, 88.9, RED))
    red = [int(RED[i:i + 2], 16) for i in (1, 3, 5)]
    printed = [int(m.colour[i:i + 2], 16) for i in (1, 3, 5)]
    assert m.ground == RED and all(abs(p - c * (1 - 128 / 255)) <= 1 for p, c in zip(printed, red, strict=True)), m.colour


def test_of_equally_faint_grounds_the_first_under_the_run_is_named():
    op = TextOp(0.0, 10.0, "noto-sans-regular", 9.0, "#dddddd", "Draw two", 72.0)  # 25.4 mm from x 10
    (m,), _ = _text(op, rect(0, 0, 14, 88.9, "#FFFFFF"))  # under its first tenth alone; the paper under the rest
    assert m.ground == "#FFFFFF"


def _shade(x, w, colour):
    band = Rect(x, 0.0, w, 88.9, None, None, 0.0, 0.0, None)
    return band._replace(fill=placed(GradientSpec("linear", ((0.0, colour), (1.0, colour)), 0.0), band))


def test_a_mark_over_two_gradients_or_a_gradient_and_a_flat_fill_is_judged_against_the_worst_of_all():
    light = TextOp(0.0, 10.0, "noto-sans-regular", 9.0, "#dddddd", "Draw two", 72.0)  # from x 10 to 35.4
    (m,), _ = _text(light, _shade(0, 20, "#111111"), _shade(20, 43.5, "#eeeeee"))
    assert m.ground == "#eeeeee"
    (m,), _ = _text(light, rect(0, 0, 20, 88.9, "#eeeeee"), _shade(20, 43.5, "#111111"))
    assert m.ground == "#eeeeee"


def test_a_translucent_fill_over_a_gradient_prints_over_the_gradients_colour_at_its_middle():
    ramp = Rect(0.0, 0.0, 40.0, 10.0, None, None, 0.0, 0.0, None)
    ramp = ramp._replace(fill=placed(GradientSpec("linear", ((0.0, "#000000"), (1.0, "#ffffff")), 0.0), ramp))
    veil = rect(10, 0, 20, 10, "#00000080")  # its middle (20, 5): the ramp's middle grey
    assert read([ramp, veil], [(12, 2)]) == [over("#00000080", read([ramp], [(20, 5)])[0])]


def test_a_translucent_polygon_prints_over_what_lies_under_its_own_middle():
    tri = Polygon(((0, 0), (30, 0), (0, 12)), "#00000080", None, 0.0, True)  # its middle (10, 4)
    under = rect(9, 3, 2, 2, RED)
    assert read([under, tri], [(2, 1)]) == [over("#00000080", RED)]


def test_low_contrast_is_judged_on_the_paper_it_prints_on():
    dark = face(Text(10.0, 20.0, (TextOp(0.0, 10.0, "noto-sans-regular", 9.0, "#000000", "Draw", 30.0),)))
    assert low_contrast(dark) == [] and len(low_contrast(dark, "#222222")) == 1


# What the contrast findings say --------------------------------------------------------------------------------------------
NAMES = PaletteNames({"muted": "#777777"}, lambda name: f"data/g/game.yaml:{ {'muted': 4}.get(name, 0) }:3")  # read only: made once


def _faint(*runs):
    return face(*(Text(5.0, 10.0 + 10 * i, (op,)) for i, op in enumerate(runs)))


def test_a_label_of_30_letters_is_said_whole_and_one_of_31_cut_and_the_colour_offered_just_passes():
    def said(text):
        op = TextOp(0.0, 9.0, "noto-sans-regular", 9.0, "#777777", text, 60.0)
        ((_, f),) = contrast_findings([(_faint(op), "cards", Loc("d.yaml", 2, 1), "card.j2")], {}, NAMES, "g")
        return f.message

    assert said("x" * 30).startswith(f"text '{'x' * 30}' (9 pt)")
    assert said("y" * 31).startswith(f"text '{'y' * 29}…' (9 pt)")
    better = said("Draw").split("such as ")[1].split(",")[0]
    assert 4.5 <= contrast(better, PAPER) < 5.0, better  # the nearest colour that passes, not a far darker one


def test_a_faint_icon_is_said_as_an_icon_at_its_template_line():
    heart = IconOp(0.0, 0.0, 12.0, "heart", "#eeeeee")
    run = Text(5.0, 10.0, (heart,))
    line = Loc("templates/card.j2", 9, 4)
    ((_, f),) = contrast_findings([(face(run), "cards", Loc("d.yaml", 2, 1), "card.j2")], {run: line}, NAMES, "g")
    assert f.loc == line and f.message.startswith("icon 'heart' in #eeeeee (not a palette colour) on #ffffff (not a palette colour) "
                                                  "has contrast 1.16:1, below the 3:1 WCAG asks of it (card.j2)")
    single = Icon("drop", "#eeeeee", 5, 5, 6, 6)
    ((_, f),) = contrast_findings([(face(single), "cards", Loc("d.yaml", 2, 1), "card.j2")], {}, NAMES, "g")
    assert f.message.startswith("icon 'drop' in #eeeeee")


def test_a_warning_said_on_an_earlier_face_does_not_hide_a_new_one_after_it():
    grey = TextOp(0.0, 9.0, "noto-sans-regular", 9.0, "#777777", "Draw", 60.0)
    pale = grey._replace(color="#aaaaaa", text="Discard")
    line = Loc("d.yaml", 2, 1)
    found = contrast_findings([(_faint(grey), "cards", line, "card.j2"), (_faint(grey, pale), "cards", line, "card.j2")], {}, NAMES, "g")
    assert [f.message.split("'")[1] for _, f in found] == ["Draw", "Discard"]


# Backs told apart without colour -------------------------------------------------------------------------------------------
LA, LB = Loc("a.yaml", 1, 1), Loc("b.yaml", 1, 1)


def _code(a_elements, b_elements):
    codes = coded_backs([("a", face(*a_elements), LA), ("b", face(*b_elements), LB)])
    return codes[0].colours if codes else None


def _ground(colour):
    return rect(0, 0, 63.5, 88.9, colour)


def _words(word, width, colour="#000000", size=9.0):
    return Text(5, 5, (TextOp(0, size, "noto-sans-regular", size, colour, word, width),))


@pytest.mark.parametrize("a, b", [
    ((Line(0, 0, 9, 9, RED, 0.5, None),), (Line(0, 0, 9, 9, GREEN, 0.5, None),)),
    ((Icon("star", RED, 5, 5, 6, 6),), (Icon("star", GREEN, 5, 5, 6, 6),)),
    ((rect(5, 5, 10, 10, None, stroke=RED),), (rect(5, 5, 10, 10, None, stroke=GREEN),)),
    ((_words("Cells", 20.0),), (_words("Quorum", 34.0),)),
    ((_words("Cells", 20.0, RED),), (_words("Cells", 20.0, GREEN),)),
    ((Text(5, 5, (IconOp(0, 0, 9, "star", RED),)),), (Text(5, 5, (IconOp(0, 0, 9, "star", GREEN),)),)),
], ids=["a line's colour", "an icon's colour", "an outline's colour", "the words and their width", "the words' colour", "an inline icon's colour"])
def test_backs_alike_but_for_colours_and_words_are_a_colour_code(a, b):
    assert _code((_ground(RED), *a), (_ground(BLUE), *b)) == {"a": RED, "b": BLUE}


@pytest.mark.parametrize("a, b", [
    ((Line(0, 0, 9, 9, RED, 0.5, None),), (Line(0, 0, 9, 12, RED, 0.5, None),)),
    ((Icon("star", RED, 5, 5, 6, 6),), (Icon("moon", RED, 5, 5, 6, 6),)),
    ((Icon("star", RED, 5, 5, 6, 6),), (Icon("star", RED, 9, 5, 6, 6),)),
    ((Circle(30, 40, 10, GREEN, None, 0.0, None),), (Circle(30, 40, 12, GREEN, None, 0.0, None),)),
    ((Image(("a.png", 10, 10), 5, 5, 20, 20, "cover"),), (Image(("b.png", 10, 10), 5, 5, 20, 20, "cover"),)),
    ((_words("Cells", 20.0, size=9.0),), (_words("Cells", 20.0, size=14.0),)),
    ((Group(0, 0, 0, 1, (rect(0, 0, 5, 5, GREEN),)),), (Group(0, 0, 0, 1, (Circle(2, 2, 2, GREEN, None, 0.0, None),)),)),
], ids=["a line's place", "an icon's name", "an icon's place", "a circle's size", "a picture", "the words' size", "a group's shape"])
def test_backs_drawn_apart_are_no_colour_code(a, b):
    assert _code((_ground(RED), *a), (_ground(BLUE), *b)) is None


def test_the_largest_differing_fill_stands_for_each_back_whatever_comes_before_or_after_it():
    same_group = Group(0, 0, 0, 1, (rect(0, 0, 5, 5, GREEN),))
    assert _code((same_group, _ground(RED)), (same_group, _ground(BLUE))) == {"a": RED, "b": BLUE}  # after a group alike on both
    small_red, small_blue = Group(0, 0, 0, 1, (rect(0, 0, 5, 5, GREEN),)), Group(0, 0, 0, 1, (rect(0, 0, 5, 5, "#7b1fa2"),))
    assert _code((_ground(RED), small_red), (_ground(BLUE), small_blue)) == {"a": RED, "b": BLUE}  # a smaller fill in a group after it
    dot = lambda c: rect(30, 30, 0.5, 0.5, c)  # noqa: E731  # 0.25 mm²
    assert _code((_ground(PAPER), dot(RED)), (_ground(PAPER), dot(BLUE))) == {"a": RED, "b": BLUE}
    assert _code((_shade(0, 63.5, "#111111"), dot(RED)), (_shade(0, 63.5, "#eeeeee"), dot(BLUE))) == {"a": RED, "b": BLUE}  # not a gradient
    twin = lambda one, two: (rect(0, 0, 10, 10, one), rect(20, 20, 10, 10, two))  # noqa: E731  # equal areas: the first drawn
    assert _code(twin(RED, GREEN), twin(BLUE, "#7b1fa2")) == {"a": RED, "b": BLUE}
    tri = lambda c: Polygon(((10, 5), (40, 5), (10, 35)), c, None, 0.0, True)  # noqa: E731  # 450 mm², away from the origin
    assert _code((rect(40, 40, 22, 22, RED), tri(GREEN)), (rect(40, 40, 22, 22, BLUE), tri("#7b1fa2"))) == {"a": RED, "b": BLUE}  # 484 mm²


def test_backs_of_one_look_are_left_and_the_next_group_still_judged():
    lone = face(_ground(GREEN), Circle(5, 5, 2, RED, None, 0.0, None))
    strokes = (face(_ground(GREEN), rect(5, 5, 5, 5, None, stroke=RED)), face(_ground(GREEN), rect(5, 5, 5, 5, None, stroke=BLUE)))
    pair = (face(_ground(RED)), face(_ground(BLUE)))
    backs = [("x", lone, LA), ("y", lone, LB), ("s1", strokes[0], LA), ("s2", strokes[1], LB), ("a", pair[0], LA), ("b", pair[1], LB)]
    assert [c.colours for c in coded_backs(backs)] == [{"a": RED, "b": BLUE}]  # one look; then no differing fill; then the code


# The colour-alike warning ---------------------------------------------------------------------------------------------------
def palette_names() -> PaletteNames:
    """Made in each test, not at import: mutmut maps a function only to the tests that call it."""
    return PaletteNames({"fire": "#c0392b", "blood": "#C62828", "shade": "#00000080"},
                        lambda name: f"data/g/game.yaml:{ {'fire': 4, 'blood': 5, 'shade': 6}[name] }:3")


def test_each_pair_alike_is_one_warning_at_its_first_colours_palette_entry_or_the_code():
    a = ColourCode("cells.group", Loc("data/g/deck.yaml", 7, 3), {"fire": "#c0392b", "leaf": "#27ae60", "ember": "#c62828"})
    b = ColourCode("cells.rank", Loc("data/g/deck.yaml", 8, 3), {"fire": "#c0392b", "ember": "#c62828", "sea": "#1565c0"})
    c = ColourCode("tokens.side", Loc("data/g/tokens.yaml", 2, 1), {"dusk": "#2e7d32", "pine": "#1565c0"})
    assert indistinct("#c0392b", "#27ae60") == [] and indistinct("#27ae60", "#c62828") == []  # the pairs that pass
    found = colour_code_findings([a, b, c], palette_names(), "g")
    assert [(f.severity, f.code, f.game) for f in found] == [("warning", "colours-alike", "g")] * 4
    assert [f.component for f in found] == ["cells.group", "cells.rank", "cells.rank", "tokens.side"]
    assert [str(f.loc) for f in found] == ["data/g/game.yaml:4:3", "data/g/game.yaml:4:3", "data/g/game.yaml:5:3", "data/g/tokens.yaml:2:1"]
    how = ", ".join(f"{vision} ΔE {d:.1f}" for vision, d in indistinct("#c0392b", "#c62828"))
    assert found[0].message == (
        "cells.group (data/g/deck.yaml:7:3) tells 'fire' #c0392b (data/g/game.yaml:4:3) from 'ember' 'blood' #c62828 "
        f"(data/g/game.yaml:5:3) by colour alone, and they look alike ({how}; needs ΔE00 ≥ 10 in greyscale and for deutan, "
        "protan and tritan readers): move them apart in lightness, or give each value its own icon")
    assert " tells 'fire' #c0392b (data/g/game.yaml:4:3) from 'sea' #1565c0 (not a palette colour) by " in found[1].message
    assert found[3].message.startswith("tokens.side (data/g/tokens.yaml:2:1) tells 'dusk' #2e7d32 (not a palette colour) from 'pine' "
                                       "#1565c0 (not a palette colour) by colour alone, and they look alike (grey ΔE 3.1, tritan ΔE 5.6;")


def test_a_palette_colour_is_named_by_its_opaque_part():
    names = palette_names()
    assert names.name("#000000") == "shade" and names.name("#000000cc") == "shade"
    assert names.name("#c62828") == "blood" and names.name("#123456") is None


# A field's colour code ----------------------------------------------------------------------------------------------------------
class _Fields(dict):
    def loc_of(self, key):
        return Loc("data/g/deck.yaml", 7 if key == "family" else 9, 3)


def _card(elements, **fields):
    from types import SimpleNamespace

    return (SimpleNamespace(fields=_Fields(fields)), (face(*elements), None))


PALETTE = {"fire": "#C62828cc", "water": "#1565C0"}


def test_a_colour_code_is_found_past_fields_that_are_none():
    def cards(**first):
        return [_card([rect(0, 0, 9, 9, "#c62828")], **{k: v[0] for k, v in first.items()}, family="fire"),
                _card([rect(0, 0, 9, 9, "#1565c0")], **{k: v[1] for k, v in first.items()}, family="water")]

    for first in ({"name": ("Ash", "Rain")}, {"suit": ("fire", "fire")}, {"ink": ("fire", "water")}):
        found = coded_fields("d", cards(**first) if "ink" not in first else [
            _card([rect(0, 0, 9, 9, "#c62828")], ink="water", family="fire"), _card([rect(0, 0, 9, 9, "#1565c0")], ink="fire", family="water")], PALETTE)
        codes = [(c.what, str(c.loc), c.colours) for c in found]
        assert ("d.family", "data/g/deck.yaml:7:3", {"fire": "#c62828", "water": "#1565c0"}) in codes, (first, codes)


def test_a_colour_is_drawn_by_its_opaque_part_whatever_its_alpha():
    for drawn in ([Line(0, 0, 9, 9, "#1565c0cc", 0.5, None)], [Icon("drop", "#1565c0cc", 0, 0, 5, 5)],
                  [Text(0, 0, (TextOp(0, 9, "noto-sans-regular", 9, "#1565c0cc", "Water", 20.0),))]):
        fire = _card([rect(0, 0, 9, 9, "#c62828")], family="fire")
        (code,) = coded_fields("d", [fire, _card(drawn, family="water")], PALETTE)
        assert code.colours == {"fire": "#c62828", "water": "#1565c0"}, drawn


def test_an_icon_beside_a_group_of_icons_still_tells_its_value_apart():
    def card(value, own):
        return _card([rect(0, 0, 9, 9, PALETTE[value][:7].lower()), Icon(own, "#000000", 0, 0, 5, 5),
                      Group(0, 0, 0, 1, (Icon("common", "#000000", 9, 0, 5, 5),))], family=value)

    assert coded_fields("d", [card("fire", "flame"), card("water", "drop")], PALETTE) == []
