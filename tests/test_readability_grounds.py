"""What colour the checks read under a point of a face, for every kind of filled shape, in process (issue #76 item 1:
readability.py's first mutmut run, 428 / 673, found the grounds of circles, ellipses, polygons, images, turned and
scaled groups and translucent fills unread by any unit test). The readability and sliver checks both stand on this
(pnp.layout.readability.fills_at): the colour is the topmost fill whose shape covers the point, the paper where none
does, none over an image; a group is moved, then turned clockwise and scaled about its origin, as FaceDrawer draws it;
a translucent fill prints over what lies under its middle."""
from __future__ import annotations

import math
from types import SimpleNamespace

import pytest
from conftest import apply_edits, run_pnp

from pnp.layout.elements import Circle, Ellipse, Face, Group, Image, Polygon, Rect
from pnp.layout.readability import fills_at, grounds_of

PAPER, RED, GREEN, BLUE = "#ffffff", "#c0392b", "#2e7d32", "#1f4e8c"


def rect(x, y, w, h, fill):
    return Rect(x, y, w, h, fill, None, 0.0, 0.0, None)


def read(elements, points, paper: str = PAPER):
    (found,) = fills_at(Face(50.0, 50.0, 0.0, tuple(elements), frozenset()), [points], paper)
    return [c for c, _ in found]


def test_a_circle_covers_its_disc_to_its_rim_and_nothing_past_it():
    disc = Circle(20, 20, 10, RED, None, 0.0, None)
    assert read([disc], [(20, 20), (30, 20), (20, 10), (27, 27), (28, 28), (30.01, 20), (20, 9.99), (5, 5)]) == [RED, RED, RED, RED, PAPER, PAPER, PAPER, PAPER]


def test_an_ellipse_covers_its_oval_and_a_flat_one_nothing():
    oval = Ellipse(10, 20, 30, 10, GREEN, None, 0.0)  # centre (25, 25), half axes 15 and 5
    assert read([oval], [(25, 25), (10, 25), (40, 25), (25, 20), (25, 30), (12, 21), (39, 29), (25, 19.9), (40.1, 25)]) == [GREEN] * 5 + [PAPER] * 4
    assert read([Ellipse(10, 20, 30, 0, GREEN, None, 0.0)], [(25, 20)]) == [PAPER]
    assert read([Ellipse(10, 20, 0, 10, GREEN, None, 0.0)], [(10, 25)]) == [PAPER]


def test_a_polygon_covers_its_inside_and_not_its_notch():
    # a U: its notch from (20, 0) to (30, 30) is outside it
    u = Polygon(((10, 0), (20, 0), (20, 30), (30, 30), (30, 0), (40, 0), (40, 40), (10, 40)), BLUE, None, 0.0, True)
    assert read([u], [(15, 5), (35, 5), (25, 35), (25, 10), (5, 20), (45, 20), (25, 45)]) == [BLUE, BLUE, BLUE, PAPER, PAPER, PAPER, PAPER]
    tri = Polygon(((0, 0), (40, 0), (0, 40)), RED, None, 0.0, True)
    assert read([tri], [(10, 10), (19, 19), (21, 21), (30, 30)]) == [RED, RED, PAPER, PAPER]


def test_an_image_has_no_colour_to_read_and_a_rectangle_drawn_from_its_far_corner_covers_the_same():
    assert read([rect(0, 0, 50, 50, RED), Image("art.png", 10, 10, 20, 20, "cover")], [(20, 20), (5, 5), (31, 31)]) == [None, RED, RED]
    assert read([rect(30, 30, -20, -10, GREEN)], [(15, 25), (25, 21), (9, 25), (15, 19)]) == [GREEN, GREEN, PAPER, PAPER]


def test_the_topmost_fill_covers_and_the_paper_shows_where_none_does():
    assert read([rect(0, 0, 50, 50, RED), rect(10, 10, 10, 10, GREEN)], [(15, 15), (25, 25)], paper="#fbf8f0") == [GREEN, RED]
    assert read([rect(10, 10, 10, 10, GREEN)], [(25, 25)], paper="#fbf8f0") == ["#fbf8f0"]
    assert read([rect(0, 0, 10, 10, None)], [(5, 5)]) == [PAPER]  # an outline only: no ground


def test_a_group_is_moved_then_turned_clockwise_and_scaled_about_its_origin():
    square = rect(0, 0, 10, 4, RED)  # 10 wide, 4 high from the group's origin
    moved = Group(20, 20, 0, 1, (square,))
    assert read([moved], [(25, 22), (19, 22), (31, 22)]) == [RED, PAPER, PAPER]
    turned = Group(20, 20, 90, 1, (square,))  # clockwise on the page (y down): the long side now runs down, to the left of x 20
    assert read([turned], [(18, 25), (22, 25), (18, 15)]) == [RED, PAPER, PAPER]
    scaled = Group(20, 20, 0, 2, (square,))  # 20 × 8
    assert read([scaled], [(39, 27), (41, 27), (39, 29)]) == [RED, PAPER, PAPER]
    inner = Group(20, 20, 90, 1, (Group(0, 0, 0, 2, (square,)),))  # a scaled group in a turned one: 20 down, 8 to the left
    assert read([inner], [(13, 39), (11, 39), (13, 41)]) == [RED, PAPER, PAPER]
    tilted = Group(0, 0, 30, 1, (rect(0, 0, 40, 1, GREEN),))
    along = (20 * math.cos(math.radians(30)), 20 * math.sin(math.radians(30)))
    assert read([tilted], [along, (20, 0.5)]) == [GREEN, PAPER]


def test_a_turned_groups_circle_polygon_and_ellipse_are_read_where_they_land():
    shapes = (Circle(5, 0, 2, RED, None, 0.0, None), Polygon(((10, -1), (14, -1), (14, 1), (10, 1)), GREEN, None, 0.0, True),
              Ellipse(16, -1, 4, 2, BLUE, None, 0.0))
    turned = Group(25, 10, 90, 1, shapes)  # x along the group runs down the page from (25, 10)
    assert read([turned], [(25, 15), (25, 22), (25, 28), (29, 15), (25, 9)]) == [RED, GREEN, BLUE, PAPER, PAPER]


def test_a_translucent_fill_prints_over_what_lies_under_its_middle():
    half = rect(0, 0, 20, 20, "#00000080")
    assert read([rect(0, 0, 9, 50, RED), half], [(15, 5)]) == [read([half], [(5, 5)])[0]]  # its middle (10, 10) is on the paper
    over_red = read([rect(0, 0, 50, 50, RED), half], [(5, 5)])[0]
    on_paper = read([half], [(5, 5)])[0]
    assert over_red != on_paper and over_red != RED and on_paper == "#7f7f7f"
    assert read([Image("a.png", 0, 0, 50, 50, "cover"), half], [(5, 5)]) == [None]  # over an image: nothing to read
    ring = Circle(20, 20, 5, "#00000080", None, 0.0, None)
    assert read([rect(18, 18, 4, 4, RED), ring], [(16, 20)])[0] == over_red  # a circle's middle is its centre
    poly = Polygon(((10, 10), (30, 10), (30, 30), (10, 30)), "#00000080", None, 0.0, True)
    assert read([rect(18, 18, 4, 4, RED), poly], [(12, 12)])[0] == over_red
    oval = Ellipse(10, 10, 20, 20, "#00000080", None, 0.0)
    assert read([rect(18, 18, 4, 4, RED), oval], [(20, 12)])[0] == over_red


def test_the_grounds_of_a_face_are_its_fills_images_and_the_groups_holding_any():
    red, line, art = rect(0, 0, 5, 5, RED), rect(0, 0, 5, 5, None), Image("a.png", 0, 0, 5, 5, "cover")
    disc, poly, oval = Circle(1, 1, 1, RED, None, 0.0, None), Polygon(((0, 0), (1, 0), (0, 1)), RED, None, 0.0, True), Ellipse(0, 0, 2, 1, RED, None, 0.0)
    empty = Group(1, 2, 30, 2, (line,))
    held = Group(1, 2, 30, 2, (line, red))
    assert grounds_of((red, line, art, disc, poly, oval, empty, held)) == (red, art, disc, poly, oval, Group(1, 2, 30, 2, (red,)))


@pytest.mark.parametrize("where", [(0.0, 0.0), (10.0, 10.0), (10.0, 0.0), (0.0, 10.0)])
def test_a_rectangles_very_corner_is_its_own(where):
    assert read([rect(0, 0, 10, 10, RED)], [where]) == [RED]
    assert read([Group(5, 5, 0, 1, (rect(-5, -5, 10, 10, RED),))], [where]) == [RED]


# Where a text run and an inline icon are read: a run at its x-height (0.3 of its size above the baseline) at 10, 50 and
# 90 % of its width, an icon at its centre; a mark is judged against the worst ground under any of its points ---------
K = 25.4 / 72  # mm a point
INK = "#1d2433"


def _marks(op, *grounds, scale: float = 1.0):
    from pnp.layout.elements import Text
    from pnp.layout.readability import marks

    run = Text(10.0, 20.0, (op,))
    return marks(Face(63.5, 88.9, 0.0, (*grounds, Group(0, 0, 0, scale, (run,)) if scale != 1.0 else run), frozenset()))


@pytest.mark.parametrize("f", [0.1, 0.5, 0.9])
def test_a_text_run_is_read_at_its_x_height_at_a_tenth_half_and_nine_tenths_of_its_width(f):
    from pnp.layout.typeset import TextOp

    op = TextOp(0.0, 10.0, "noto-sans-regular", 10.0, INK, "Draw two", 72.0)  # 25.4 mm wide, baseline 10 pt down
    x, y = 10.0 + f * 25.4, 20.0 + (10.0 - 3.0) * K
    (mark,) = _marks(op, rect(x - 0.2, y - 0.2, 0.4, 0.4, BLUE))
    assert (mark.kind, mark.label, mark.ground, mark.needed) == ("text", "Draw two", BLUE, 4.5)
    (clear,) = _marks(op, rect(x - 0.2, y - 1.0, 0.4, 0.6, BLUE), rect(x - 0.2, y + 0.4, 0.4, 0.6, BLUE))  # above and below it
    assert clear.ground == PAPER


def test_an_inline_icon_is_read_at_its_centre_and_needs_3_to_1_and_blank_text_is_not_read():
    from pnp.layout.typeset import IconOp, TextOp

    icon = IconOp(2.0, 4.0, 10.0, "heart", INK)
    cx, cy = 10.0 + 7.0 * K, 20.0 + 9.0 * K
    (mark,) = _marks(icon, rect(cx - 0.2, cy - 0.2, 0.4, 0.4, BLUE))
    assert (mark.kind, mark.label, mark.ground, mark.needed, mark.size_pt, mark.op) == ("icon", "heart", BLUE, 3.0, 10.0, icon)
    assert _marks(icon, rect(cx + 0.5, cy - 0.2, 0.4, 0.4, BLUE))[0].ground == PAPER
    assert _marks(icon._replace(color=None)) == []
    assert _marks(TextOp(0.0, 10.0, "noto-sans-regular", 10.0, INK, " \t", 72.0)) == []
    scaled = _marks(icon, scale=2.0)[0]
    assert scaled.size_pt == 20.0


def test_a_run_in_a_scaled_group_is_judged_at_its_printed_size_and_bold_is_told_from_its_font_name():
    from pnp.layout.typeset import TextOp

    op = TextOp(0.0, 10.0, "noto-sans-regular", 9.0, INK, "Draw", 30.0)
    assert [m.needed for m in _marks(op, scale=2.0)] == [3.0]  # 18 pt printed: large
    assert [(m.needed, m.size_pt) for m in _marks(op)] == [(4.5, 9.0)]
    bold = op._replace(size=14.0, font="Noto-Sans-BOLD")
    assert [m.needed for m in _marks(bold)] == [3.0] and [m.needed for m in _marks(bold._replace(font="noto-sans-regular"))] == [4.5]


# What the findings say -------------------------------------------------------------------------------------------------
def _faint_face(colour: str, ground: str = PAPER, text: str = "Draw two cards", size: float = 9.0):
    from pnp.layout.elements import Text
    from pnp.layout.typeset import TextOp

    run = Text(5.0, 10.0, (TextOp(0.0, size, "noto-sans-regular", size, colour, text, 60.0),))
    return Face(63.5, 88.9, 0.0, (rect(0, 0, 63.5, 30, ground), run), frozenset()), run


def test_a_faint_text_is_one_warning_per_line_and_colours_naming_them_and_a_colour_that_passes():
    from pnp.core.colour import contrast
    from pnp.core.errors import Loc
    from pnp.layout.readability import PaletteNames, contrast_findings

    names = PaletteNames({"muted": "#777777", "paper": "#FFFFFF"}, lambda name: f"data/g/game.yaml:{ {'muted': 4, 'paper': 5}[name] }:3")
    face, run = _faint_face("#777777")
    other, other_run = _faint_face("#777777")
    line = Loc("templates/card.j2", 12, 5)
    found = contrast_findings([(face, "cards", Loc("deck.yaml", 2, 1), "card.j2"), (other, "cards", Loc("deck.yaml", 3, 1), "card.j2")],
                              {run: line, other_run: line}, names, "g")
    assert len(found) == 1  # one line, one pair of colours
    key, f = found[0]
    assert (f.severity, f.code, f.loc, f.game, f.component) == ("warning", "low-contrast", line, "g", "cards")
    assert f.message.startswith("text 'Draw two cards' (9 pt) in 'muted' #777777 (data/g/game.yaml:4:3) on 'paper' #ffffff "
                                "(data/g/game.yaml:5:3) has contrast 4.48:1, below the 4.5:1 WCAG asks of it (card.j2): use a darker colour, such as #")
    better = f.message.split("such as ")[1].split(",")[0]
    assert contrast(better, "#ffffff") >= 4.5 and f.message.endswith(", or another ground")
    assert key == repr((tuple(line), "text", "#777777", "#ffffff", 4.5))
    (_, unplaced), = contrast_findings([(face, "cards", Loc("deck.yaml", 2, 1), "card.j2")], {}, names, "g")
    assert unplaced.loc == Loc("deck.yaml", 2, 1)  # no template line known: where the card is


def test_faint_text_on_a_dark_ground_asks_for_a_lighter_colour_and_a_long_text_is_cut():
    from pnp.core.colour import contrast
    from pnp.core.errors import Loc
    from pnp.layout.readability import PaletteNames, contrast_findings

    names = PaletteNames({}, lambda name: "")
    face, _ = _faint_face("#444444", ground="#222222", text="A rule text far longer than thirty letters")
    (_, f), = contrast_findings([(face, "tokens", Loc("t.yaml", 1, 1), "token.j2")], {}, names, "g")
    assert f.message.startswith("text 'A rule text far longer than t…' (9 pt) in #444444 (not a palette colour) on #222222 (not a palette colour)")
    assert "use a lighter colour, such as #" in f.message
    assert contrast(f.message.split("such as ")[1].split(",")[0], "#222222") >= 4.5


def _back(*elements):
    return Face(63.5, 88.9, 0.0, tuple(elements), frozenset())


def test_backs_that_differ_only_by_colour_are_a_colour_code_told_by_their_largest_differing_fill():
    from pnp.core.errors import Loc
    from pnp.layout.readability import coded_backs

    def back(big: str, small: str, word: str = "Quorum"):
        from pnp.layout.elements import Text
        from pnp.layout.typeset import TextOp

        return _back(rect(0, 0, 63.5, 88.9, big), Circle(30, 40, 10, small, None, 0.0, None),
                     Text(5, 5, (TextOp(0, 9, "noto-sans-regular", 9, "#000000", word, 40.0),)))

    la, lb, lc = Loc("a.yaml", 1, 1), Loc("b.yaml", 1, 1), Loc("c.yaml", 1, 1)
    (code,) = coded_backs([("cells", back(RED, GREEN), la), ("quorum", back(BLUE, GREEN, "Cells"), lb)])
    assert (code.what, code.loc, code.colours) == ("the backs of cells and quorum", la, {"cells": RED, "quorum": BLUE})
    (code,) = coded_backs([("cells", back(RED, GREEN), la), ("quorum", back(RED, BLUE), lb)])
    assert code.colours == {"cells": GREEN, "quorum": BLUE}  # the big fill is the same: the circle tells them apart
    assert coded_backs([("cells", back(RED, GREEN), la), ("quorum", back(RED, GREEN, "Cells"), lb)]) == []  # words alone
    other_shape = _back(rect(0, 0, 63.5, 88.9, BLUE), Circle(30, 40, 12, GREEN, None, 0.0, None))
    assert coded_backs([("cells", back(RED, GREEN), la), ("quorum", other_shape, lb)]) == []  # drawn apart
    smaller = Face(63.0, 88.0, 0.0, back(BLUE, GREEN).elements, frozenset())
    assert coded_backs([("cells", back(RED, GREEN), la), ("quorum", smaller, lb)]) == []  # another size
    three = coded_backs([("a", back(RED, GREEN), la), ("b", back(BLUE, GREEN), lb), ("c", back("#c0392bcc", GREEN), lc)])
    assert three[0].colours == {"a": RED, "b": BLUE, "c": RED}  # the alpha left out


def test_the_largest_fill_is_told_by_its_area_whatever_its_shape_and_groups_are_looked_into():
    from pnp.core.errors import Loc
    from pnp.layout.readability import coded_backs

    la, lb = Loc("a.yaml", 1, 1), Loc("b.yaml", 1, 1)

    def pair(make):
        return [("a", _back(*make(RED, GREEN)), la), ("b", _back(*make(BLUE, "#7b1fa2")), lb)]

    tri = lambda c: Polygon(((0, 0), (30, 0), (0, 30)), c, None, 0.0, True)  # 450 mm²  # noqa: E731
    assert coded_backs(pair(lambda one, two: (rect(40, 40, 20, 20, one), tri(two))))[0].colours == {"a": GREEN, "b": "#7b1fa2"}
    assert coded_backs(pair(lambda one, two: (rect(40, 40, 22, 22, one), tri(two))))[0].colours == {"a": RED, "b": BLUE}  # 484 mm²
    disc = lambda c: Circle(20, 20, 12, c, None, 0.0, None)  # 452 mm²  # noqa: E731
    assert coded_backs(pair(lambda one, two: (rect(40, 40, 21, 21, one), disc(two))))[0].colours == {"a": GREEN, "b": "#7b1fa2"}
    assert coded_backs(pair(lambda one, two: (rect(40, 40, -22, 22, one), tri(two))))[0].colours == {"a": RED, "b": BLUE}  # drawn leftwards
    grouped = coded_backs(pair(lambda one, two: (rect(0, 0, 63.5, 88.9, PAPER), Group(5, 5, 0, 1, (rect(0, 0, 10, 10, one),)))))
    assert grouped[0].colours == {"a": RED, "b": BLUE}


def test_an_edge_over_a_gradient_reads_the_gradients_colour_at_that_point_in_a_moved_group():
    from pnp.layout.gradients import GradientSpec, placed

    band = Rect(0.0, 0.0, 40.0, 10.0, None, None, 0.0, 0.0, None)
    shaded = band._replace(fill=placed(GradientSpec("linear", ((0.0, "#000000"), (1.0, "#ffffff")), 0.0), band))
    assert read([Group(5, 20, 0, 1, (shaded,))], [(5.0, 25.0), (45.0, 25.0), (25.0, 25.0)]) == ["#000000", "#ffffff", "#808080"]


# Which card fields are a colour code ------------------------------------------------------------------------------------
class _Fields(dict):
    def loc_of(self, key):
        from pnp.core.errors import Loc

        return Loc("data/g/deck.yaml", 7, 3)


def _card(face_elements, back_elements=None, **fields):
    back = Face(63.5, 88.9, 0.0, tuple(back_elements), frozenset()) if back_elements is not None else None
    return (SimpleNamespace(fields=_Fields(fields)), (Face(63.5, 88.9, 0.0, tuple(face_elements), frozenset()), back))


PALETTE = {"fire": "#C62828", "water": "#1565C0", "earth": "#6D4C41"}


def test_a_field_is_a_colour_code_when_every_card_names_a_palette_colour_its_face_draws():
    from pnp.layout.readability import coded_fields

    cards = [_card([rect(0, 0, 9, 9, "#c62828")], family="fire"), _card([Circle(5, 5, 3, None, "#1565c0", 0.5, None)], family="water"),
             _card([Group(0, 0, 0, 1, (rect(0, 0, 9, 9, "#6d4c41cc"),))], family="earth")]
    (code,) = coded_fields("elements", cards, PALETTE)
    assert (code.what, str(code.loc), code.colours) == ("elements.family", "data/g/deck.yaml:7:3", {"earth": "#6d4c41", "fire": "#c62828", "water": "#1565c0"})
    undrawn = [*cards[:2], _card([rect(0, 0, 9, 9, "#000000")], family="earth")]
    assert coded_fields("elements", undrawn, PALETTE)[0].colours == {"fire": "#c62828", "water": "#1565c0"}  # only values drawn
    assert coded_fields("elements", [cards[0], _card([rect(0, 0, 9, 9, "#000000")], family="water")], PALETTE) == []  # one drawn
    assert coded_fields("elements", [*cards[:2], _card([], name="x")], PALETTE) == []  # a card without the field
    assert coded_fields("elements", [*cards[:2], _card([], family="lava")], PALETTE) == []  # a value not in the palette
    assert coded_fields("elements", [cards[0], _card([], family="fire")], PALETTE) == []  # one value: no code


def test_a_colour_is_drawn_by_a_stroke_a_line_an_icon_or_a_text_but_not_a_gradient():
    from pnp.layout.elements import Icon, Line, Text
    from pnp.layout.gradients import GradientSpec, placed
    from pnp.layout.readability import coded_fields
    from pnp.layout.typeset import TextOp

    band = Rect(0.0, 0.0, 40.0, 10.0, None, None, 0.0, 0.0, None)
    shaded = band._replace(fill=placed(GradientSpec("linear", ((0.0, "#1565c0"), (1.0, "#1565c0")), 0.0), band))
    fire = _card([Line(0, 0, 9, 9, "#c62828", 0.5, None)], family="fire")
    for drawn in ([Icon("drop", "#1565c0", 0, 0, 5, 5)], [Text(0, 0, (TextOp(0, 9, "noto-sans-regular", 9, "#1565c0", "Water", 20.0),))],
                  [Polygon(((0, 0), (5, 0), (0, 5)), None, "#1565c0", 0.5, True)], [Ellipse(0, 0, 5, 5, "#1565c0", None, 0.0)]):
        assert coded_fields("d", [fire, _card(drawn, family="water")], PALETTE), drawn
    assert coded_fields("d", [fire, _card([shaded], family="water")], PALETTE) == []


def test_a_value_with_its_own_icon_on_every_front_is_no_colour_code_and_a_backs_legend_is_not_its_own():
    from pnp.layout.elements import Icon, Text
    from pnp.layout.readability import coded_fields
    from pnp.layout.typeset import IconOp

    def card(value, icon, back_icons=()):
        face = [rect(0, 0, 9, 9, PALETTE[value].lower())] + ([Group(0, 0, 0, 1, (Icon(icon, "#000000", 0, 0, 5, 5),))] if icon else [])
        return _card(face, [Icon(i, "#000000", 0, 0, 5, 5) for i in back_icons], family=value)

    assert coded_fields("d", [card("fire", "flame"), card("water", "drop")], PALETTE) == []
    assert coded_fields("d", [card("fire", "flame"), card("fire", None), card("water", "drop")], PALETTE) != []  # not on every fire card
    assert coded_fields("d", [card("fire", None, ("flame", "drop")), card("water", None, ("flame", "drop"))], PALETTE) != []
    inline = _card([rect(0, 0, 9, 9, "#1565c0"), Text(0, 0, (IconOp(0, 0, 9, "drop", "#000000"),))], family="water")
    assert coded_fields("d", [card("fire", "flame"), inline], PALETTE) == []
    shared = [card("fire", "flame"), card("water", "flame")]
    assert coded_fields("d", shared, PALETTE) != []  # the same icon on both: it tells nothing apart


def test_more_than_twelve_values_are_names_not_a_colour_code():
    from pnp.layout.readability import coded_fields

    palette = {f"c{i}": f"#{i:02x}{i:02x}{i:02x}" for i in range(1, 14)}
    cards = [_card([rect(0, 0, 9, 9, v)], tone=k) for k, v in palette.items()]
    assert coded_fields("d", cards[:12], palette) != [] and coded_fields("d", cards, palette) == []


def test_a_zones_label_on_a_gradient_is_set_for_the_gradients_darkest_stop(tmp_path):
    """A `zone()` with no stroke colours its label for its ground, and a gradient's ground is its darkest stop (a label
    must read on the darkest part it may cross): light stops at both ends and a dark one between give a white label,
    where any one end's colour would give the ink. Read from the built card's PDF."""
    import shutil

    import pdfplumber
    from conftest import TEST_PROJECT, run_pnp

    root = tmp_path / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    (root / "templates/tiny/zone.j2").write_text('{{ zone(5, 5, 50, 30, "Zone", fill=gradient(["#f4f4f4", "#101060", "#e8e8e8"]), stroke="none") }}\n')
    (root / "data/tiny/decks/zones.yaml").write_text("name: Zones\nsize: poker\nfront: tiny/zone.j2\ncards:\n  - {id: z, count: 1}\n")
    assert run_pnp(root, "build", "tiny", "--only", "cards", "-q").exit_code == 0
    with pdfplumber.open(root / "output/tiny/tiny-cards.pdf") as pdf:
        labels = [w for p in pdf.pages for w in p.extract_words(extra_attrs=["non_stroking_color"]) if w["text"] == "Zone"]
    assert [tuple(w["non_stroking_color"]) for w in labels] == [(1.0, 1.0, 1.0)], labels


def test_a_faint_word_on_the_paper_a_game_leaves_to_pnp_is_told_to_set_paper_in_its_palette(project):
    """A game whose palette sets no `paper` prints on pnp's default white (docs/data-format.md's palette): a faint word
    on it names that ground as pnp's default to set in game.yaml's palette, not as a palette line the game never wrote."""
    game = project / "data/tiny/game.yaml"
    game.write_text(game.read_text().replace('  paper: "#fbf8f0"\n', ""))
    aid = '{{ text("Keep your hand close", 6, 6, 51, 12, size=9, color="#d8d8d8") }}\n'
    apply_edits(project, [{"file": "templates/tiny/aid.j2", "write": aid},
                          {"file": "data/tiny/reference.yaml", "append": "template: tiny/aid.j2\n"}])
    result = run_pnp(project, "validate", "tiny")
    faint = [line for line in result.output.splitlines() if "'Keep your hand close'" in line]
    assert len(faint) == 1, result.output
    assert faint[0].startswith("templates/tiny/aid.j2:1:1: warning: text 'Keep your hand close' (9 pt) in #d8d8d8 (not a palette colour) "
                               "on 'paper' #ffffff (pnp's default: set paper in game.yaml's palette to change it) has contrast "), faint
