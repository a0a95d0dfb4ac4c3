"""What the QR check judges (pnp/layout/qr.py, issue #76 item 1), on faces drawn by hand: a module printed narrower than
GS1's 0.396 mm, modules that do not stand out dark on a light ground by WCAG's 3:1 (an inverted code among them),
a quiet zone of 4 modules (ISO/IEC 18004) drawn over by a later element or cut by the trim, and a text longer than a
version 40 code holds (ISO/IEC 18004 table 7). Expected values are those standards' figures worked by hand."""
from __future__ import annotations

import json

import pytest
from conftest import apply_edits, run_pnp

from pnp.layout.elements import Circle, Face, Group, Line, Qr, Rect
from pnp.layout.qr import holds_qr, module_mm, qr_problems

V1 = ("1" * 21,) * 21  # a version 1 code: 21 × 21 modules, 29 with its quiet zone


def code(x=10.0, y=10.0, size=29 * 0.4, color="#000000", background="#ffffff", modules=V1) -> Qr:
    return Qr(x, y, size, modules, color, background)


def judged(*elements, w=63.5, h=88.9) -> list[str]:
    return [p.message for p in qr_problems(Face(w, h, 0.0, tuple(elements), frozenset()))]


def test_a_module_is_its_codes_square_shared_with_the_quiet_zone():
    assert module_mm(code(size=29.0)) == pytest.approx(1.0)
    assert module_mm(code(size=29.0), scale=0.5) == pytest.approx(0.5)


def test_a_module_prints_at_least_0_396_mm():
    assert judged(code(size=29 * 0.396)) == []
    (message,) = judged(code(size=29 * 0.39))
    assert "prints its modules 0.39 mm wide: phones read them from 0.396 mm" in message
    assert "make it at least 11.5 mm" in message  # 29 × 0.396 = 11.48, rounded up to a tenth


def test_a_group_scaled_down_prints_its_code_smaller():
    """A 14.5 mm code (0.5 mm modules) in a group scaled to 0.75 prints 0.375 mm modules: too small; 0.8 gives 0.4."""
    assert judged(Group(0, 0, 0, 0.8, (code(size=14.5),))) == []
    (message,) = judged(Group(0, 0, 0, 0.75, (code(size=14.5),)))
    assert "0.38 mm wide" in message and "make it at least 15.4 mm" in message  # 29 × 0.396 / 0.75 = 15.31


@pytest.mark.parametrize("color, background, reads", [
    ("#000000", "#ffffff", True), ("#ffffff", "#000000", False), ("#767676", "#ffffff", True), ("#959595", "#ffffff", False),
    ("#000000", None, True), ("#ffffff", None, False), ("#000000ff", "#ffffffff", True),
], ids=["black-on-white", "inverted", "grey-4.5", "grey-2.9", "on-paper", "white-on-paper", "with-alpha"])
def test_modules_must_be_dark_on_a_light_ground_by_3_to_1(color, background, reads):
    """#959595 on white is 2.9:1 (under 3), #767676 4.5:1; white modules on black stand out 21:1 but are inverted,
    which many phones do not read; no background is the paper, white."""
    messages = judged(code(color=color, background=background))
    assert (messages == []) == reads, messages
    if not reads:
        assert "phones need dark modules on a light ground, at least 3:1" in messages[0]


def test_an_element_drawn_later_over_the_quiet_zone_is_named():
    qr = code(x=10, y=10, size=11.6)  # its square, quiet zone included: 10 to 21.6 mm
    assert judged(qr, Rect(22, 10, 5, 5, "#ff0000", None, 0, 0, None)) == [], "beside it"
    assert judged(Rect(5, 5, 30, 30, "#ffffff", None, 0, 0, None), qr) == [], "under it, drawn first"
    (message,) = judged(qr, Rect(21, 10, 5, 5, "#ff0000", None, 0, 0, None))
    assert "and a rect is drawn over it" in message
    assert "quiet zone (4 light modules all round, 1.6 mm, inside its 11.6 mm square)" in message
    assert "a circle is drawn over it" in judged(qr, Circle(15, 15, 1, "#000000", None, 0, None))[0]
    assert "a QR code is drawn over it" in judged(qr, code(x=20, y=20, size=11.6))[0], "the first code, under the second"


def test_a_frame_meets_the_code_only_where_its_sides_run():
    qr = code(x=10, y=10, size=11.6)
    assert judged(qr, Rect(5, 5, 25, 25, None, "#000000", 0.3, 0, None)) == [], "a frame around it"
    assert len(judged(qr, Rect(15, 5, 25, 25, None, "#000000", 0.3, 0, None))) == 1, "a frame whose side crosses it"
    assert "a line is drawn over it" in judged(qr, Line(0, 15, 60, 15, "#000000", 0.3, None))[0]


def test_a_code_the_trim_cuts_into_is_named():
    assert judged(code(x=0.0, y=0.0, size=11.6)) == [], "to the trim and no further"
    assert judged(code(x=63.5 - 11.6, y=88.9 - 11.6, size=11.6)) == []
    for x, y in ((-0.1, 10), (10, -0.1), (63.5 - 11.5, 10), (10, 88.9 - 11.5)):
        (message,) = judged(code(x=x, y=y, size=11.6))
        assert "the trim cuts into it" in message, (x, y)


def test_a_code_in_a_turned_group_is_judged_where_it_lands():
    """A group at (60, 10) turned 90° clockwise: the code's square, 11.6 mm wide, lands from x = 48.4 to 60, inside a
    63.5 mm card; at (5, 10) it lands from -6.6 to 5, across the trim."""
    assert judged(Group(60, 10, 90, 1.0, (code(x=0, y=0, size=11.6),))) == []
    assert "the trim cuts into it" in judged(Group(5, 10, 90, 1.0, (code(x=0, y=0, size=11.6),)))[0]


def test_every_code_of_a_face_is_judged_and_a_face_without_one_is_not():
    small = code(x=30, y=30, size=5.0)
    assert len(judged(code(), small, Rect(11, 11, 1, 1, "#000000", None, 0, 0, None))) == 2
    assert holds_qr((Rect(0, 0, 1, 1, "#000", None, 0, 0, None), Group(0, 0, 0, 1, (Group(0, 0, 0, 1, (code(),)),))))
    assert not holds_qr((Rect(0, 0, 1, 1, "#000", None, 0, 0, None), Group(0, 0, 0, 1, ())))


def test_a_code_turned_45_degrees_prints_its_modules_as_wide_as_upright():
    """A turn keeps sizes: 0.4 mm modules stay 0.4 mm at 45°, and a group scaled to 0.9 and turned prints 0.36 mm."""
    qr = code(x=0, y=0, size=29 * 0.4)
    assert judged(Group(30, 20, 45, 1.0, (qr,))) == []
    (message,) = judged(Group(30, 20, 45, 0.9, (qr,)))
    assert "prints its modules 0.36 mm wide" in message


def test_a_frames_right_side_crossing_the_code_is_named():
    qr = code(x=10, y=10, size=11.6)
    (message,) = judged(qr, Rect(0, 5, 15, 25, None, "#000000", 0.3, 0, None))
    assert "and a line is drawn over it" in message


def test_an_element_in_a_moved_group_is_judged_where_it_lands():
    qr = code(x=10, y=10, size=11.6)
    assert judged(qr, Group(30, 0, 0, 1.0, (Rect(-15, 12, 3, 3, "#ff0000", None, 0, 0, None),)))  # lands at x 15 to 18
    assert judged(qr, Group(0, 0, 0, 1.0, (Rect(25, 12, 3, 3, "#ff0000", None, 0, 0, None),))) == []


@pytest.mark.parametrize("at, rect", [((10, 30), (25, 32, 2, 2)), ((30, 10), (20, 12, 5, 2)), ((30, 10), (32, 50, 2, 2)),
                                      ((10, 30), (12, 22, 2, 5))], ids=["right", "left", "below", "above"])
def test_an_element_beside_a_code_on_one_axis_only_does_not_meet_it(at, rect):
    """A code at (10, 30) spans x 10 to 21.6 and y 30 to 41.6, one at (30, 10) the other way round: an element that
    overlaps its span on one axis and lies past it on the other is beside it."""
    assert judged(code(x=at[0], y=at[1], size=11.6), Rect(*rect, "#ff0000", None, 0, 0, None)) == []


def test_an_element_overlapping_the_codes_square_by_a_hair_or_less_does_not_meet_it():
    """0.01 mm (EPS_MM) of overlap is rounding, not drawing over; 0.02 mm is."""
    qr = code(x=10, y=10, size=11.5)  # 10 to 21.5 both ways
    for hair in (0.01, 0.005):
        for rect in (Rect(21.5 - hair, 12, 3, 3, "#f00", None, 0, 0, None), Rect(10 - 3 + hair, 12, 3, 3, "#f00", None, 0, 0, None),
                     Rect(12, 21.5 - hair, 3, 3, "#f00", None, 0, 0, None), Rect(12, 10 - 3 + hair, 3, 3, "#f00", None, 0, 0, None)):
            assert judged(qr, rect) == [], (hair, rect)
    for rect in (Rect(21.48, 12, 3, 3, "#f00", None, 0, 0, None), Rect(7.02, 12, 3, 3, "#f00", None, 0, 0, None),
                 Rect(12, 21.48, 3, 3, "#f00", None, 0, 0, None), Rect(12, 7.02, 3, 3, "#f00", None, 0, 0, None)):
        assert len(judged(qr, rect)) == 1, rect


def test_a_code_reaching_a_hair_past_the_trim_is_not_cut():
    for x, y in ((-0.01, 10), (10, -0.01), ((63.5 + 0.01) - 11.5, 10), (10, (88.9 + 0.01) - 11.5)):
        assert judged(code(x=x, y=y, size=11.5)) == [], (x, y)
    (message,) = judged(code(x=-0.02, y=10, size=11.5))
    assert message.endswith("must stay clear, and the trim cuts into it: phones find a code by that margin")


def test_each_problem_names_its_code_and_every_code_after_other_elements_is_judged():
    small = code(x=30, y=30, size=5.0)
    faint = code(x=5, y=60, size=11.6, color="#bbbbbb")
    problems = qr_problems(Face(63.5, 88.9, 0.0, (Rect(0, 0, 1, 1, "#000000", None, 0, 0, None), small, faint,
                                                   code(x=40, y=60, size=11.6), Circle(45, 65, 1, "#000", None, 0, None)), frozenset()))
    assert [p.element for p in problems] == [small, faint, problems[2].element] and problems[2].element.x == 40


# What a designer meets through `pnp validate`: a deck of codes, each card's front drawing `qr(card.repeat * card.times,
# 5, 20, card.size, error=card.level)`; a code too small for phones names the size its modules need, so the size said
# tells how many modules the code has, and so does the warning's first words (ISO/IEC 18004: version v is 17 + 4v modules a side, and 4 more of quiet zone each
# side, at GS1's 0.396 mm a module)
CODES = "{{ qr(card.repeat * card.times, 5, 20, card.size, error=card.level) }}\n"
ALPHANUMERICS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"  # ISO/IEC 18004's 45 alphanumeric characters


def _codes_said(project, cards: dict[str, tuple[str, int, float, str]]) -> dict[str, list[str]]:
    """`pnp validate tiny` with a deck of one card per code (id → (text repeated, times, size in mm, error level)): what
    it said of each card's front, each from its file and place on."""
    rows = "".join(f"  - {{id: {card}, name: {card}, repeat: {json.dumps(text)}, times: {times}, size: {size}, level: {level}}}\n"
                   for card, (text, times, size, level) in cards.items())
    apply_edits(project, [{"file": "templates/tiny/codes.j2", "write": CODES},
                          {"file": "data/tiny/decks/codes.yaml", "write": f"name: Codes\nsize: poker\nfront: tiny/codes.j2\ncards:\n{rows}"}])
    result = run_pnp(project, "validate", "tiny")
    assert "Traceback" not in result.output + result.stderr
    said: dict[str, list[str]] = {card: [] for card in cards}
    for line in result.stderr.splitlines():
        if line.endswith(" front]") and "[codes/" in line:
            said[line.rsplit("[codes/", 1)[1].split()[0]].append(line.rsplit(" [codes/", 1)[0])
    return said


def test_a_code_is_the_smallest_that_holds_the_text(project):
    """HELLO, 5 alphanumerics, fits a version 1 code (21 modules, 29 with the quiet zone: 11.5 mm at 0.396 mm a module);
    100 bytes need version 6 at level m (ISO/IEC 18004 table 7: version 5 holds 84, 6 holds 106), 41 modules, 49 with
    the quiet zone: 19.5 mm. Each drawn 10 mm wide is one warning naming that size."""
    said = _codes_said(project, {"hello": ("HELLO", 1, 10, "m"), "long": ("x", 100, 10, "m")})
    for card, modules, at_least in (("hello", 21, "11.5"), ("long", 41, "19.5")):
        assert len(said[card]) == 1, said
        assert said[card][0].startswith(f"templates/tiny/codes.j2:1:1: warning: a QR code of {modules} × {modules} modules in 10 mm "), said
        assert f"make it at least {at_least} mm" in said[card][0], said


def test_a_text_no_code_holds_or_an_error_level_not_one_of_four_is_one_error_at_the_call(project):
    """ISO/IEC 18004 table 7, a version 40 code's capacity at each error level, and the next level down offered where
    it holds the text: 7,089 digits at l and 5,596 at m; 3,391 alphanumerics at m and 2,420 at q (all 45 of them count
    as characters); 2,953 bytes at l, 2,331 at m and 1,273 at h (a euro sign is 3 bytes in UTF-8), so 2,331 bytes at h
    are offered level m, which holds them just. An error level is l, m, q or h: 'HI' at h is drawn, and 'x' is refused
    at the word `error=`."""
    said = _codes_said(project, {"digits": ("1", 5597, 30, "m"), "capitals": ("A", 2421, 30, "q"), "letters": ("a", 2954, 30, "l"),
                                 "euros": ("€", 700, 30, "h"), "held": ("€", 777, 30, "h"), "every": (ALPHANUMERICS, 54, 30, "q"),
                                 "high": ("HI", 1, 30, "h"), "unknown": ("HI", 1, 30, "x")})
    at = "templates/tiny/codes.j2:1:4: error: a QR code at error level "
    assert said == {
        "digits": [at + "m holds at most 5,596 digits; this text is 5,597: shorten it, or ask for a lower level (7,089 at error level l)"],
        "capitals": [at + "q holds at most 2,420 characters; this text is 2,421: shorten it, or ask for a lower level (3,391 at error level m)"],
        "letters": [at + "l holds at most 2,953 bytes; this text is 2,954: shorten it"],
        "euros": [at + "h holds at most 1,273 bytes; this text is 2,100: shorten it, or ask for a lower level (2,331 at error level m)"],
        "held": [at + "h holds at most 1,273 bytes; this text is 2,331: shorten it, or ask for a lower level (2,331 at error level m)"],
        "every": [at + "q holds at most 2,420 characters; this text is 2,430: shorten it, or ask for a lower level (3,391 at error level m)"],
        "high": [], "unknown": ["templates/tiny/codes.j2:1:51: error: error must be one of l, m, q, h, got 'x'"]}, said
