"""The safe area (issue 19): words, informative icons and rules stay 3 mm inside the cut; art may run to the edge.

A cut 1 mm off clips a word near it and shows a frame near it as crooked. Each case draws one element on a
poker card (63.5 × 88.9 mm) or a 16 mm round token and states, from the geometry, how far inside the cut it is.
"""
from __future__ import annotations

import pytest
from conftest import apply_edits, run_pnp
from hypothesis import example, given, settings
from hypothesis import strategies as st

from pnp.layout.elements import Circle, Ellipse, Face, Group, Icon, Line, Polygon, Rect, Text
from pnp.layout.inspect import RECTANGLE, Cut, safe_area_breaches
from pnp.layout.typeset import TextOp

W, H = 63.5, 88.9  # poker
PT = 72 / 25.4


def card(*elements, w=W, h=H, bleed=3.0) -> Face:
    return Face(w, h, bleed, tuple(elements), frozenset())


def word(x: float, y: float, text: str = "Attack", size: float = 10.0, width_mm: float = 12.0, **flags) -> Text:
    """A one-run text whose baseline is `size` pt below y: its glyphs span y + 0.25 size … y + 1.2 size (pt)."""
    return Text(x, y, (TextOp(0.0, size, "Body", size, "#000000", text, width_mm * PT),), **flags)


def depths(face: Face, cut: Cut = RECTANGLE) -> list[tuple[str, float]]:
    return [(b.kind, round(b.depth, 2)) for b in safe_area_breaches(face, cut)]


def test_a_word_2_mm_from_the_left_cut_is_in_the_safe_area_and_one_3_mm_in_is_not():
    assert depths(card(word(2.0, 40.0))) == [("text", 2.0)]
    assert depths(card(word(3.0, 40.0))) == []
    # the right edge too: a 12 mm word ending 1 mm from the cut
    assert depths(card(word(W - 13.0, 40.0))) == [("text", 1.0)]


def test_a_word_past_the_cut_counts_as_negative_depth():
    assert depths(card(word(-1.0, 40.0))) == [("text", -1.0)]


def test_a_frame_2_mm_inside_the_cut_is_a_rule_in_the_safe_area_at_its_stroke_edge():
    frame = Rect(2.0, 2.0, W - 4, H - 4, None, "#000000", 0.4, 2.0, None)
    assert depths(card(frame)) == [("rule", 1.8)]  # 2 mm less half the 0.4 mm stroke
    moved = frame._replace(x=3.2, y=3.2, w=W - 6.4, h=H - 6.4)
    assert depths(card(moved)) == []


def test_full_bleed_backgrounds_and_bands_are_art():
    background = Rect(-3.0, -3.0, W + 6, H + 6, "#ffeecc", None, 0.3, 0.0, None)
    band = Rect(-3.0, -3.0, W + 6, 19.0, "#223344", None, 0.3, 0.0, None)
    outlined = Rect(-3.0, -3.0, W + 6, H + 6, "#ffeecc", "#000000", 0.3, 0.0, None)  # its stroke lies on the bleed's edge, cut away
    assert depths(card(background, band, outlined)) == []


def test_a_rule_across_the_cut_is_art_but_one_along_it_or_ending_short_of_it_is_not():
    divider = Line(-3.0, 40.0, W + 3, 40.0, "#000000", 0.3, None)  # runs off both sides: the cut only ends it
    along = Line(-3.0, 1.0, W + 3, 1.0, "#000000", 0.4, None)  # parallel to the top cut, 1 mm in
    short = Line(1.0, 60.0, W - 1.0, 60.0, "#000000", 0.4, None)  # ends 1 mm before each side's cut
    thin_band = Rect(-3.0, 50.0, W + 6, 0.8, "#000000", None, 0.3, 0.0, None)  # a rule drawn as a thin fill, across
    assert depths(card(divider, thin_band)) == []
    assert depths(card(along)) == [("rule", 0.8)]
    assert depths(card(short)) == [("rule", 0.8)]
    # a band's outline: its sides on the cut are rules along the cut
    boxed = Rect(0.0, 30.0, W, 10.0, "#eeeeee", "#000000", 0.4, 0.0, None)
    assert depths(card(boxed)) == [("rule", -0.2)]


def test_on_a_round_token_the_cut_is_the_circle():
    d = 16.0
    ring = Circle(8.0, 8.0, 8.0 - 0.85, None, "#000000", 0.3, None)
    assert depths(card(ring, w=d, h=d, bleed=1.0), Cut("circle")) == [("rule", 0.7)]  # 0.85 less half the stroke
    # a word in the square's corner is 3 mm inside the square but outside the circle's safe disc
    corner = word(3.0, 3.0, "ab", size=6.0, width_mm=2.0)
    assert depths(card(corner, w=d, h=d), Cut("rectangle")) == []
    ((kind, depth),) = depths(card(corner, w=d, h=d), Cut("circle"))
    assert kind == "text" and depth < 3.0
    # an icon counts as the disc its box holds: a 10 mm icon in the middle is 3 mm in, a 10.2 mm one is not
    assert depths(card(Icon("star", "#000000", 3.0, 3.0, 10.0, 10.0), w=d, h=d), Cut("circle")) == []
    assert depths(card(Icon("star", "#000000", 2.9, 2.9, 10.2, 10.2), w=d, h=d), Cut("circle")) == [("icon", 2.9)]


def test_on_a_hexagon_the_flat_sides_are_the_apothem_from_the_centre():
    s = 30.0  # corner to corner, corners left and right: the flat top lies 15 - 15·cos 30° = 2.01 mm below the square's top
    icon = Icon("star", "#000000", 11.0, 4.0, 8.0, 8.0)
    ((kind, depth),) = depths(card(icon, w=s, h=s), Cut("hexagon"))
    assert kind == "icon" and depth == pytest.approx(4.0 - 2.01, abs=0.01)


def test_a_rounded_token_measures_its_corners_from_their_arcs():
    s, r = 30.0, 4.5  # a rounded square of 30 mm with 4.5 mm corners
    dot = word(3.2, 3.2 - 10 * 0.25 / PT, "x", size=10.0, width_mm=1.0)  # glyph box from (3.2, 3.2): 3.2 mm from both straight sides
    assert depths(card(dot, w=s, h=s), Cut("rectangle")) == []
    ((_, depth),) = depths(card(dot, w=s, h=s), Cut("rounded", r))
    assert depth == pytest.approx(r - ((r - 3.2) ** 2 * 2) ** 0.5, abs=0.01)  # from the arc's centre at (4.5, 4.5)


def test_edge_and_decoration_opt_out():
    assert depths(card(word(1.0, 40.0, edge=True), word(1.0, 50.0, decoration=True))) == []
    assert depths(card(Line(1.0, 5.0, 1.0, 80.0, "#000000", 0.3, None, True))) == []
    assert depths(card(Icon("star", "#000000", 1.0, 40.0, 5.0, 5.0, True))) == []
    assert depths(card(Polygon(((1.0, 1.0), (10.0, 1.0), (10.0, 10.0)), None, "#000000", 0.3, True, True))) == []


def test_a_group_is_checked_where_it_puts_its_children():
    inner = word(0.0, 0.0, width_mm=10.0)  # glyphs 0 … 10 mm along, 0.88 … 4.23 mm across
    turned = Group(W - 2.0, 30.0, 90.0, 1.0, (inner,))  # turned clockwise: 'across' now runs leftwards from x = W - 2
    ((kind, depth),) = depths(card(turned))
    assert kind == "text" and depth == pytest.approx(2.0 + 0.25 * 10 / PT, abs=0.01)  # 2.88 mm: in the safe area
    assert depths(card(turned._replace(x=W - 2.5))) == []  # 3.38 mm in
    assert depths(card(turned._replace(rotate=0.0, x=W - 12.0))) == [("text", 2.0)]  # unturned, 10 mm along: 2 mm from the right cut


def test_each_kind_is_measured_at_its_part_nearest_the_cut_though_the_rest_lies_well_inside():
    """Each element starts far inside and reaches 1 mm from the bottom or right cut at one end, edge or point: the
    depth is that part's, less half the stroke (0.4 mm strokes)."""
    ring = Circle(W / 2, H - 11.0, 10.0, None, "#000000", 0.4, None)  # its lowest point 1 mm above the bottom cut
    assert depths(card(ring)) == [("rule", 0.8)]
    oval = Ellipse(20.0, H - 21.0, 20.0, 20.0, None, "#000000", 0.4)
    assert depths(card(oval)) == [("rule", 0.8)]
    assert depths(card(Icon("star", "#000000", 20.0, H - 11.0, 10.0, 10.0))) == [("icon", 1.0)]
    assert depths(card(Line(30.0, 40.0, W - 1.0, 40.0, "#000000", 0.4, None))) == [("rule", 0.8)]
    assert depths(card(Polygon(((20.0, 40.0), (40.0, 40.0), (30.0, H - 1.0)), None, "#000000", 0.4, True))) == [("rule", 0.8)]
    assert depths(card(Rect(30.0, 40.0, 0.5, H - 41.0, "#000000", None, 0.3, 0.0, None))) == [("rule", 0.75)]  # a thin fill, down to 1 mm from the cut
    # an outline 3.1 mm in is in the safe area by its stroke's outer half
    assert depths(card(Rect(3.1, 3.1, W - 6.2, H - 6.2, None, "#000000", 0.4, 0.0, None))) == [("rule", 2.9)]


def lines(x: float, y: float, *runs: tuple[float, float, str, float]) -> Text:
    """A text of several runs (dx mm, baseline dy pt, words, width mm) at 10 pt: run glyphs span dy − 7.5 … dy + 2 pt."""
    return Text(x, y, tuple(TextOp(dx * PT, dy, "Body", 10.0, "#000000", words, w * PT) for dx, dy, words, w in runs))


def test_a_text_of_several_runs_is_caught_by_whichever_run_comes_near_a_cut():
    """Most text lies well inside and is passed over whole; a run near any side still counts on its own, at its own depth."""
    inside = (0.0, 10.0, "Gain two", 20.0)
    assert depths(card(lines(10.0, 40.0, inside, (0.0, 22.0, "coins", 12.0)))) == []
    # the last run, on the second line, ends 1 mm from the right cut
    assert depths(card(lines(10.0, 40.0, inside, (40.5, 22.0, "coins", 12.0)))) == [("text", 1.0)]
    # the last line's glyphs reach 2 mm from the bottom cut: baseline 22 pt, glyphs to 24 pt below y
    y = H - 2.0 - 24.0 / PT
    assert depths(card(lines(10.0, y, inside, (0.0, 22.0, "coins", 12.0)))) == [("text", 2.0)]
    # turned a quarter clockwise by a group, a run's glyph tops (7.5 pt above its baseline) point right and end 1 mm from
    # the right cut; the run 30 mm further along the text's depth stays inside
    turned = Group(W - 1.0 - 7.5 / PT, 30.0, 90.0, 1.0, (lines(0.0, 0.0, (0.0, 0.0, "a", 5.0), (0.0, 7.5 + 30 * PT, "b", 5.0)),))
    assert depths(card(turned)) == [("text", 1.0)]
    assert [b.label for b in safe_area_breaches(card(turned))] == ["a"]
    # well inside where it is written, 1 mm from the right cut where its group moves it (40 mm right)
    moved = Group(40.0, 0.0, 0.0, 1.0, (lines(W - 53.0, 40.0, (0.0, 10.0, "coins", 12.0)),))
    assert depths(card(moved)) == [("text", 1.0)]


def test_a_filled_bar_1_mm_thin_or_less_is_a_rule_in_the_safe_area_and_a_thicker_one_is_art():
    """docs/layouts.md: a rectangle 1 mm thin or less is a rule, guarded by the safe area; a wider fill is an area."""
    def bar(width: float) -> Rect:  # an upright bar whose left side is 1.5 mm inside the left cut, well clear of the others
        return Rect(1.5, 20.0, width, 40.0, "#000000", None, 0.3, 0.0, None)
    assert depths(card(bar(0.8))) == [("rule", 1.5)]
    assert depths(card(bar(1.0))) == [("rule", 1.5)]
    assert depths(card(bar(1.2))) == []


# --- through a build and a validate of the tiny game ---------------------------------------------------------------
def test_build_and_validate_both_warn_once_at_the_template_line_naming_the_cards(project):
    apply_edits(project, [{"file": "templates/tiny/frame.j2", "append": "{{ text('edge', 0.5, 40, 20, 6) }}\n"}])
    for command in (("validate",), ("build", "--only", "cards", "--out", str(project / "out"))):
        result = run_pnp(project, *command)
        lines = [line for line in result.stderr.splitlines() if "text-outside-safe-area" in line or "safe area" in line]
        assert len(lines) == 1, result.stderr
        assert lines[0].startswith("templates/tiny/frame.j2:6:1: warning: text 'edge' lies 0.5 mm inside the cut, within the 3 mm safe area"), lines[0]
        assert "(on 5 pieces: heroes/knight front, heroes/att front, " in lines[0], lines[0]  # one mistake, on every card it reaches
    assert run_pnp(project, "build", "--strict", "--only", "cards", "--out", str(project / "strict")).exit_code == 1


def test_the_shipped_games_have_nothing_in_their_safe_areas(shared_build):
    """The plain Letter and A4 builds of the five games every file reads (conftest.shared_build) render every face of
    every output, and a build warns of a safe-area breach as `pnp validate` does (the test above): what they printed
    holds no such warning, nor any other that `--strict` would fail on."""
    from conftest import build_log

    for out in (shared_build(), shared_build("--paper", "a4")):
        said = build_log(out)
        assert "outside-safe-area" not in said and "safe area" not in said, said[-3000:]
        assert ": warning: " not in said, [line for line in said.splitlines() if ": warning: " in line][:10]


_QUARTERS = st.integers(-8, 360).map(lambda k: k / 4)  # mm on a 0.25 mm grid: boxes land on the safe area's edge and about it


def _run(dx: float, top: float, size: float, text: str, w: float) -> TextOp:
    """A run starting `dx` mm into its text, its glyphs' top `top` mm below the text's y and `w` mm wide."""
    return TextOp(dx * PT, size * 0.75 + top * PT, "Body", size, "#000000", text, w * PT)


_RUN = st.builds(_run, st.integers(0, 40).map(lambda k: k / 4), st.integers(0, 40).map(lambda k: k / 4), st.sampled_from([6.0, 9.0, 14.0, 18.0]),
                 st.sampled_from(["Attack", "  ", "x"]), st.integers(0, 240).map(lambda k: k / 4))
_TEXT = st.builds(lambda x, y, ops, flag: Text(x, y, tuple(ops), flag == "decoration", flag == "edge"), _QUARTERS, _QUARTERS,
                  st.lists(_RUN, min_size=1, max_size=3), st.sampled_from(["", "", "decoration", "edge"]))
_RECT = st.builds(lambda x, y, w, h, fill, stroke, width: Rect(x, y, w, h, fill, stroke, width, 0.0, None), _QUARTERS, _QUARTERS, _QUARTERS,
                  _QUARTERS, st.sampled_from([None, "#ff0000"]), st.sampled_from([None, "#000000"]), st.sampled_from([0.0, 0.3, 2.0]))


@settings(deadline=None, derandomize=True, database=None)  # as tests/properties.py's profile: the full walk is slow on a busy machine
@given(st.lists(st.one_of(_TEXT, _RECT), max_size=5))
@example([Rect(3.5, 3.5, 20.0, 20.0, None, "#000000", 2.0, 0.0, None)])  # its box clear, its 2 mm stroke's outer half not
def test_a_face_of_texts_and_rectangles_passed_in_one_pass_has_no_breach_the_full_walk_finds(elements):
    """A card's texts and rectangles are settled in one pass over their boxes (issue 77: each card pays a few
    comparisons a run); whatever they are, the card's breaches are those of the same elements in a group that leaves
    them where they are (a group goes to the full walk over every mark)."""
    assert depths(card(*elements)) == depths(card(Group(0.0, 0.0, 0.0, 1.0, tuple(elements))))


def _two_runs(side: str, gap: float, extreme_first: bool) -> Text:
    """A text of two 5 mm runs of 10 pt, one well inside, the other `gap` mm short of the safe area's edge on `side`
    (past it where negative): its glyphs span 0.75 size above its baseline and 0.2 size below."""
    size, inner = 10.0, TextOp(20 * PT, 40 * PT, "Body", 10.0, "#000000", "inner", 5 * PT)
    at = {"left": (3 + gap, 40.0), "right": (W - 3 - gap - 5, 40.0), "top": (20.0, 3 + gap + 0.75 * size / PT),
          "bottom": (20.0, H - 3 - gap - 0.2 * size / PT)}[side]
    extreme = TextOp(at[0] * PT, at[1] * PT, "Body", size, "#000000", "edge", 5 * PT)
    return Text(0.0, 0.0, (extreme, inner) if extreme_first else (inner, extreme))


@pytest.mark.parametrize("side", ["left", "right", "top", "bottom"])
@pytest.mark.parametrize("extreme_first", [True, False])
def test_a_text_is_settled_in_one_pass_by_whichever_run_reaches_nearest_each_cut(side, extreme_first):
    """Of a text's runs, the one nearest a cut decides, whatever its place among them: 0.1 mm inside the safe area the
    one pass lets the face through; 0.1 mm into it, the face goes on to the walk, which finds that run."""
    for gap, clear in ((0.1, True), (-0.1, False)):
        face = card(_two_runs(side, gap, extreme_first))
        assert [b.label for b in safe_area_breaches(face)] == ([] if clear else ["edge"])


def test_the_warning_says_how_far_past_or_inside_the_cut_and_how_far_to_move_with_a_long_text_cut_short():
    """The warning a designer reads: a word 1 mm past the cut 'lies 1.0 mm past the cut' and must move 4.0 mm inward
    (the 3 mm safe area and the 1 mm back); one 2 mm inside must move 1.0 mm; words past 30 letters print their first
    29 and an ellipsis."""
    from pnp.core.errors import Loc
    from pnp.layout.inspect import safe_area_finding

    def warned(element) -> str:
        breach, = safe_area_breaches(card(element))
        return safe_area_finding(breach, Loc("templates/t/front.j2", 3, 1), "d/c front", "g").message

    assert warned(word(-1.0, 40.0)).startswith("text 'Attack' lies 1.0 mm past the cut, within the 3 mm safe area where a cut 1 mm "
                                              "off may clip it: move it 4.0 mm inward")
    assert "lies 2.0 mm inside the cut" in warned(word(2.0, 40.0)) and "move it 1.0 mm inward" in warned(word(2.0, 40.0))
    long = "Gain one coin for every hero you hold"
    assert f"text '{long[:29]}…' lies" in warned(word(1.0, 40.0, text=long, width_mm=40.0))


def test_one_template_line_near_the_cut_on_every_card_is_one_warning_though_each_card_says_its_own_words(project):
    """The heroes' names drawn 0.5 mm from the cut: five cards, five words, one mistake at one line."""
    apply_edits(project, [{"file": "templates/tiny/frame.j2", "append": "{{ text(card.name, 0.5, 40, 30, 6) }}\n"}])
    result = run_pnp(project, "validate", "tiny")
    lines = [line for line in result.output.splitlines() if "safe area" in line]
    assert len(lines) == 1 and lines[0].startswith("templates/tiny/frame.j2:6:1: warning: text '"), lines
    assert "(on 5 pieces: heroes/knight front, heroes/att front, " in lines[0], lines[0]


def test_an_icon_and_a_rule_near_the_cut_are_each_said_as_what_they_are_with_their_own_harm(project):
    """docs/layouts.md: an icon counts as the circle its box holds, a rule is a line; a cut 1 mm off may clip an icon and
    shows a rule crooked. A 6 mm star 1 mm from the left cut (its disc 1 mm in: 2 mm to go) and a line of 0.4 mm 1 mm
    from it (0.8 mm in, by the stroke's outer half: 2.2 mm to go), on every hero."""
    apply_edits(project, [{"file": "templates/tiny/frame.j2", "append": "{{ icon('star', 1, 40, 6) }}\n{{ line(1, 60, 1, 80, stroke_width=0.4) }}\n"}])
    result = run_pnp(project, "validate", "tiny")
    pieces = "(on 5 pieces: heroes/knight front, heroes/att front, heroes/rogue front, heroes/mage front, heroes/twin front) [heroes/knight front]"
    assert [line for line in result.output.splitlines() if "safe area" in line] == [
        "templates/tiny/frame.j2:6:1: warning: icon 'star' lies 1.0 mm inside the cut, within the 3 mm safe area where a cut 1 mm off may clip it: "
        f"move it 2.0 mm inward, or draw it with edge=true if it is meant to run to the edge {pieces}",
        "templates/tiny/frame.j2:7:1: warning: a line lies 0.8 mm inside the cut, within the 3 mm safe area where a cut 1 mm off shows it crooked "
        f"or cuts it: move it 2.2 mm inward, or draw it with edge=true if it is meant to run to the edge {pieces}",
    ]


def test_an_ellipses_outline_near_the_cut_is_said_with_an_an(project):
    """English writes 'an ellipse': an oval of 0.4 mm 1 mm from the left cut is 0.8 mm inside it, 2.2 mm short of the safe area."""
    apply_edits(project, [{"file": "templates/tiny/frame.j2", "append": "{{ ellipse(1, 30, 20, 10, stroke='ink', stroke_width=0.4) }}\n"}])
    result = run_pnp(project, "validate", "tiny")
    lines = [line for line in result.output.splitlines() if "safe area" in line]
    assert len(lines) == 1 and lines[0].startswith(
        "templates/tiny/frame.j2:6:1: warning: an ellipse's outline lies 0.8 mm inside the cut, within the 3 mm safe area where a cut 1 mm off "
        "shows it crooked or cuts it: move it 2.2 mm inward"), lines
