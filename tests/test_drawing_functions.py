"""The drawing functions a template calls (docs/layouts.md's table: `rect`, `line`, `text`, `icon`, `repeat`, `qr`, …)
as a designer meets them: each default and each limit the docs give, read back from the card sheet a build prints or
from the finding it gives at the template's line."""
from __future__ import annotations

import itertools
import re

import pdfplumber
import pytest
from conftest import run_pnp
from test_vocabulary import MM, build, make_project

RED, BLUE = (1.0, 0.0, 0.0), (0.0, 0.0, 1.0)


def _page(root):
    pdf = pdfplumber.open(root / "output/v/v-cards.pdf")
    return pdf, pdf.pages[0]


def _filled(page, colour) -> list[dict]:
    """Every shape (curve or rectangle) filled in `colour` (RGB 0–1) on the page, left to right."""
    shapes = page.objects.get("curve", []) + page.objects.get("rect", [])
    wanted = tuple(round(v, 3) for v in colour)
    found = [s for s in shapes if s.get("fill") and tuple(round(v, 3) for v in s.get("non_stroking_color") or ()) == wanted]
    return sorted(found, key=lambda s: s["x0"])


def _refusal(tmp_path, line: str) -> str:
    """What `validate` says of a template whose second line is `line` (its first draws a frame)."""
    root = make_project(tmp_path, '{{ rect(0, 0, face.w, face.h, stroke="ink") }}\n' + line + "\n", "- {id: a}\n")
    result = run_pnp(root, "validate", "v")
    return result.output


# --- text: shrunk far is warned of ---------------------------------------------------------------------------------
SHRINKING = '{{ text(card.text, 5, 5, 40, 12, size=card.asked, color=card.tint) }}\n'


def test_a_text_is_warned_of_exactly_when_it_prints_below_7_pt_or_below_three_quarters_of_its_size(tmp_path):
    """docs/layouts.md: text that fits only below 7 pt, or below three quarters of its `size`, is warned of, at the
    field it shows. Texts of growing length asked at 8 and 12 pt, each card's in a colour of its own: the size each
    prints at is read from the sheet, and each card's text is warned of exactly when that size breaks either bound."""
    cards = [(asked, n) for asked in (8, 12) for n in (12, 14, 16, 22, 26, 30)]
    root = make_project(tmp_path, SHRINKING, "".join(f'- {{id: c{i}, asked: {asked}, tint: "#0000{i + 1:02x}", text: "{"word " * n}"}}\n'
                                                      for i, (asked, n) in enumerate(cards)))
    result = run_pnp(root, "build", "v", "--only", "cards")
    assert result.exit_code == 0, result.output
    deck = (root / "data/v/decks/words.yaml").read_text(encoding="utf-8").splitlines()
    warned = {int(m.group(1)) for m in re.finditer(r"data/v/decks/words\.yaml:(\d+):\d+: warning: card.text: text shrinks", result.output)}
    with pdfplumber.open(root / "output/v/v-cards.pdf") as pdf:
        size_of = {round(c["non_stroking_color"][2] * 255): round(c["size"], 2) for page in pdf.pages for c in page.chars}
    bounds_broken = set()
    for i, (asked, _) in enumerate(cards):
        size = size_of[i + 1]
        line = next(n for n, text in enumerate(deck, 1) if f"id: c{i}," in text)
        broken = size < 7 or size < 0.75 * asked
        assert (line in warned) == broken, (asked, size, result.output)
        bounds_broken.add(broken)
    assert bounds_broken == {True, False}, size_of  # both sides of the bounds are met


# --- icons and rows of them ----------------------------------------------------------------------------------------
def test_an_icon_without_a_size_is_5_mm_and_repeat_steps_a_tenth_of_its_size_apart(tmp_path):
    """docs/layouts.md: `icon(name, x, y, size, w=size, h=size)`, 5 mm when no size is given (the same square as
    `size=5`), and `repeat(n, icon, x, y, size, dx=size*1.1)`: n icons in a row, each 1.1 sizes right of the last."""
    template = """\
        {{ icon("star", 5, 5, color="#ff0000") }}
        {{ icon("star", 5, 15, 5, color="#0000ff") }}
        {{ repeat(3, "star", 5, 30, 8, color="#00ff00") }}
        """
    build(make_project(tmp_path, template, "- {id: a}\n"), "--only", "cards")
    pdf, page = _page(tmp_path)
    with pdf:
        default, five = _filled(page, RED), _filled(page, BLUE)
        row = _filled(page, (0.0, 1.0, 0.0))
    assert len(default) == len(five) == 1
    assert (default[0]["width"], default[0]["height"]) == pytest.approx((five[0]["width"], five[0]["height"]), abs=0.01)
    assert len(row) == 3
    lefts = [s["x0"] for s in row]
    assert [b - a for a, b in itertools.pairwise(lefts)] == pytest.approx([8 * 1.1 * MM] * 2, abs=0.01)


@pytest.mark.parametrize(("n", "refused"), [(1000, False), (1001, True)])
def test_repeat_draws_up_to_1000_icons_and_refuses_more_at_its_line(tmp_path, n, refused):
    said = _refusal(tmp_path, f'{{{{ repeat({n}, "star", 0, 0, 0.05, dx=0.05) }}}}')
    assert ("repeat needs a whole number of copies between 0 and 1000" in said) == refused, said
    if refused:
        assert "templates/v/front.j2:2:" in said, said


# --- text and lines: sizes and colours the docs give ---------------------------------------------------------------
@pytest.mark.parametrize(("size", "refused"), [(400, False), (401, True), (0.5, False), (0.4, True)])
def test_a_texts_size_is_taken_from_half_a_point_to_400_pt_and_refused_past_either_at_its_line(tmp_path, size, refused):
    said = _refusal(tmp_path, f'{{{{ text("A", 0, 0, 300, 300, size={size}, min_size=0.4) }}}}')
    assert ("size must be between 0.5 and 400 pt" in said) == refused, said


def test_a_line_given_no_stroke_colour_prints_black_not_nothing(tmp_path):
    build(make_project(tmp_path, "{{ line(5, 5, 50, 5, stroke=none, stroke_width=1) }}\n", "- {id: a}\n"), "--only", "cards")
    pdf, page = _page(tmp_path)
    with pdf:
        lines = [obj for obj in page.objects.get("line", []) + page.objects.get("curve", []) if obj.get("stroke")
                 and abs(obj["linewidth"] - MM) < 0.01]
    assert lines and {tuple(round(v, 3) for v in obj["stroking_color"]) for obj in lines} in ({(0.0, 0.0, 0.0)}, {(0.0,)}), lines


@pytest.mark.parametrize(("lengths", "refused"), [(20, False), (21, True)])
def test_a_dash_pattern_holds_at_most_20_lengths(tmp_path, lengths, refused):
    said = _refusal(tmp_path, f'{{{{ line(0, 0, 50, 0, dash={[1] * lengths}) }}}}')
    assert ("dash must be a list of at most 20 lengths" in said) == refused, said


def test_a_dash_pattern_is_in_millimetres(tmp_path):
    """docs/layouts.md: `dash=[2, 1]` is 2 mm on and 1 mm off as printed: 72 / 25.4 points a millimetre in the PDF."""
    build(make_project(tmp_path, '{{ line(5, 5, 50, 5, stroke="#ff0000", stroke_width=0.5, dash=[2, 1]) }}\n', "- {id: a}\n"), "--only", "cards")
    pdf, page = _page(tmp_path)
    with pdf:
        dashes = [obj["dash"] for obj in page.objects.get("line", []) + page.objects.get("curve", [])
                  if tuple(round(v, 3) for v in obj.get("stroking_color") or ()) == RED]
    assert dashes and all([round(v / MM, 3) for v in pattern] == [2, 1] for pattern, _phase in dashes), dashes


def test_an_outline_drawn_after_a_dashed_line_prints_solid(tmp_path):
    """docs/layouts.md: `dash=none` is the default, a solid stroke; a dash belongs to the line it is given to. A red
    dashed line, then a blue rectangle's outline with no dash: the rectangle's outline prints solid (an empty dash
    array, as PDF's `d` operator writes a solid line), the line's dashed."""
    build(make_project(tmp_path, '{{ line(5, 5, 50, 5, stroke="#ff0000", stroke_width=0.5, dash=[2, 1]) }}\n'
                                 '{{ rect(5, 10, 40, 20, stroke="#0000ff", stroke_width=0.5) }}\n', "- {id: a}\n"), "--only", "cards")
    pdf, page = _page(tmp_path)
    with pdf:
        strokes = [(tuple(round(v, 3) for v in obj.get("stroking_color") or ()), obj["dash"])
                   for obj in page.objects.get("line", []) + page.objects.get("curve", []) + page.objects.get("rect", []) if obj.get("stroke")]
    blue = [dash for colour, dash in strokes if colour == BLUE]
    red = [dash for colour, dash in strokes if colour == RED]
    assert red and all(pattern for pattern, _phase in red), strokes
    assert blue and all(not pattern for pattern, _phase in blue), strokes


def test_a_slanted_line_runs_from_its_first_point_to_its_second(tmp_path):
    """docs/layouts.md: `line(x1, y1, x2, y2)` in millimetres from the face's top-left: from (5, 10) to (25, 40) it runs
    20 mm across and 30 mm down, its first point the upper one."""
    build(make_project(tmp_path, '{{ line(5, 10, 25, 40, stroke="#ff0000", stroke_width=0.5) }}\n', "- {id: a}\n"), "--only", "cards")
    pdf, page = _page(tmp_path)
    with pdf:
        lines = [obj for obj in page.objects.get("line", []) + page.objects.get("curve", [])
                 if tuple(round(v, 3) for v in obj.get("stroking_color") or ()) == RED]
    assert len(lines) == 1, lines
    (x0, top), (x1, bottom) = lines[0]["pts"]
    assert abs((x1 - x0) / MM - 20) < 0.01 and abs((bottom - top) / MM - 30) < 0.01, lines[0]["pts"]

# --- a QR code on the palette's paper -------------------------------------------------------------------------------
def test_a_qr_codes_quiet_zone_is_the_palettes_paper_colour(tmp_path):
    """`qr(text, x, y, size, color="ink", background="paper")`: its square, quiet zone and all, in the game's paper
    colour where the palette names one, so it sits on a tinted card without a white patch."""
    root = make_project(tmp_path, '{{ qr("https://example.org/rules", 10, 10, 30) }}\n', "- {id: a}\n")
    game = root / "data/v/game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace('paper: "#ffffff"', 'paper: "#f0e0c0"'), encoding="utf-8")
    build(root, "--only", "cards")
    pdf, page = _page(root)
    with pdf:
        squares = [s for s in _filled(page, (0xF0 / 255, 0xE0 / 255, 0xC0 / 255)) if s["width"] == pytest.approx(30 * MM, abs=0.05)]
    assert len(squares) == 1, _filled(page, (1.0, 1.0, 1.0))


# --- a picture shown whole -----------------------------------------------------------------------------------------
@pytest.mark.parametrize(("px", "shown"), [((200, 100), (40, 20)), ((100, 200), (20, 40))])
def test_a_picture_shown_whole_is_centred_in_its_box_both_ways(tmp_path, px, shown):
    """`image(path, x, y, w, h, fit="contain")`, the default: the whole picture at its own shape, as CSS's `object-fit:
    contain` centres it (its `object-position` 50 % 50 %): a 2:1 picture in a 40 mm square prints 40 × 20 mm with 10 mm
    of box above and below it, a 1:2 one 20 × 40 mm with 10 mm left and right."""
    from PIL import Image

    root = make_project(tmp_path, '{{ rect(10, 10, 40, 40, stroke="#ff00ff", stroke_width=0.1) }}\n{{ image("art/p.png", 10, 10, 40, 40) }}\n',
                        "- {id: a}\n")
    (root / "art").mkdir()
    Image.new("RGB", px, "#3060a0").save(root / "art/p.png")
    build(root, "--only", "cards")
    pdf, page = _page(root)
    with pdf:
        (box,) = [r for r in page.rects if tuple(r.get("stroking_color") or ()) == (1.0, 0.0, 1.0)]
        (picture,) = page.images
    w, h = shown
    margin_x, margin_y = (40 - w) / 2 * MM, (40 - h) / 2 * MM
    assert picture["x1"] - picture["x0"] == pytest.approx(w * MM, abs=0.1) and picture["bottom"] - picture["top"] == pytest.approx(h * MM, abs=0.1)
    assert picture["x0"] - box["x0"] == pytest.approx(margin_x, abs=0.2) and box["x1"] - picture["x1"] == pytest.approx(margin_x, abs=0.2)
    assert picture["top"] - box["top"] == pytest.approx(margin_y, abs=0.2) and box["bottom"] - picture["bottom"] == pytest.approx(margin_y, abs=0.2)


# --- the defaults of text(), icon() and repeat() as docs/layouts.md's table gives them -----------------------------
def test_a_text_given_only_its_box_is_set_at_9_pt_its_lines_1_2_sizes_apart(tmp_path):
    """docs/layouts.md: `text(content, x, y, w, h, size=9, …, leading=1.2)`: two lines with nothing else asked print at
    9 pt, their baselines 1.2 × 9 = 10.8 pt apart."""
    template = '{{ text(card.words, 10, 10, 40, 30, color="#ff0000") }}\n'
    build(make_project(tmp_path, template, '- {id: a, words: "Alpha\\nBravo"}\n'), "--only", "cards")
    pdf, page = _page(tmp_path)
    with pdf:
        chars = [c for c in page.chars if c["text"] in "AB" and tuple(round(v, 3) for v in c["non_stroking_color"]) == RED]
    assert [round(c["size"], 2) for c in chars] == [9, 9], chars
    first, second = sorted(chars, key=lambda c: c["top"])
    assert second["top"] - first["top"] == pytest.approx(1.2 * 9, abs=0.01)


def test_a_text_whose_min_size_is_above_its_size_is_refused_at_its_line(tmp_path):
    """`size` must be at least `min_size` (the size shrinks from `size` down to `min_size`): `size=8, min_size=9`
    asks for a range of no size, and is one error at the template line rather than a text set at 8 pt."""
    said = _refusal(tmp_path, '{{ text("A", 0, 0, 30, 10, size=8, min_size=9) }}')
    assert "size must be between 0.5 and 400 pt and at least min_size, got 8" in said, said
    assert "templates/v/front.j2:2:" in said, said


def test_a_text_shadow_given_no_offset_sits_0_3_mm_right_and_down(tmp_path):
    """docs/layouts.md: `shadow_offset` is 0.3 mm by default: the shadow's glyphs start 0.3 mm right of and below the
    text's own."""
    template = '{{ text("Keep", 10, 10, 40, 10, size=14, color="#ffffff", shadow="#ff0000") }}\n'
    build(make_project(tmp_path, template, "- {id: a}\n"), "--only", "cards")
    pdf, page = _page(tmp_path)
    with pdf:
        shadow, text = (c for c in page.chars if c["text"] == "K")
    assert (shadow["x0"] - text["x0"], shadow["top"] - text["top"]) == pytest.approx((0.3 * MM, 0.3 * MM), abs=0.01)


def test_an_icon_given_a_size_and_a_width_alone_is_size_tall(tmp_path):
    """docs/layouts.md: `icon(name, x, y, size, w=size, h=size)`: given `size=8` and `w=16`, its box is 16 × 8 mm, so
    a square icon prints in it as it does in an 8 mm square, not 16 mm tall."""
    template = """\
        {{ icon("star", 5, 5, 8, w=16, color="#ff0000") }}
        {{ icon("star", 5, 30, 8, color="#0000ff") }}
        """
    build(make_project(tmp_path, template, "- {id: a}\n"), "--only", "cards")
    pdf, page = _page(tmp_path)
    with pdf:
        wide, square = _filled(page, RED), _filled(page, BLUE)
    assert len(wide) == len(square) == 1
    assert (wide[0]["width"], wide[0]["height"]) == pytest.approx((square[0]["width"], square[0]["height"]), abs=0.01)


def test_repeat_steps_each_icon_dy_down_from_the_last(tmp_path):
    """docs/layouts.md: `repeat(n, icon, x, y, size, dx=size*1.1, dy=0)`: with `dx=0, dy=7` three icons stand in a
    column, each 7 mm below the last."""
    build(make_project(tmp_path, '{{ repeat(3, "star", 5, 10, 5, dx=0, dy=7, color="#00ff00") }}\n', "- {id: a}\n"), "--only", "cards")
    pdf, page = _page(tmp_path)
    with pdf:
        column = sorted(_filled(page, (0.0, 1.0, 0.0)), key=lambda s: s["top"])
    assert len(column) == 3
    assert [b["top"] - a["top"] for a, b in itertools.pairwise(column)] == pytest.approx([7 * MM] * 2, abs=0.01)
    assert len({round(s["x0"], 2) for s in column}) == 1


def _said(root, *args: str) -> list[str]:
    """The error and warning lines `pnp validate v` prints."""
    result = run_pnp(root, "validate", "v", *args)
    return [line for line in result.output.splitlines() if ": error: " in line or ": warning: " in line]


def test_a_misspelt_argument_is_said_at_itself_offered_the_one_meant_and_told_every_argument_the_call_takes(tmp_path):
    """docs/layouts.md: `ellipse(x, y, w, h, fill=, stroke=, stroke_width=, edge=false)`. A misspelt `stroke_wdith=`
    is one error at the column where it is written (where an editor's cursor must land to mend it, not the line's
    first character), offering `stroke_width` and naming the call's arguments as the docs list them, the last included."""
    template = '{{ rect(0, 0, 20, 20, fill="accent") }}\n  {{ ellipse(10, 10, 30, 20, stroke="ink", stroke_wdith=1) }}\n'
    said = _said(make_project(tmp_path, template, "- {id: a}\n"))
    column = len('  {{ ellipse(10, 10, 30, 20, stroke="ink", ') + 1
    assert said == [f"templates/v/front.j2:2:{column}: error: ellipse() has no argument 'stroke_wdith' (did you mean 'stroke_width'?): "
                    "it takes x, y, w, h, fill, stroke, stroke_width, edge [words/a front]"], said


def test_a_misspelt_argument_written_with_spaces_round_its_equals_is_said_at_its_name(tmp_path):
    """Jinja lets a call's argument be written `stroke_wdith = 1`, as many write Python. The error is at the argument's
    name all the same, not at the line's first character, and never at an earlier word that merely contains the name
    (`stroke` written before it)."""
    template = '{{ ellipse(10, 10, 30, 20, stroke = "ink", stroke_wdith = 1) }}\n'
    said = _said(make_project(tmp_path, template, "- {id: a}\n"))
    column = len('{{ ellipse(10, 10, 30, 20, stroke = "ink", ') + 1
    assert said == [f"templates/v/front.j2:1:{column}: error: ellipse() has no argument 'stroke_wdith' (did you mean 'stroke_width'?): "
                    "it takes x, y, w, h, fill, stroke, stroke_width, edge [words/a front]"], said


def test_a_misspelt_argument_of_a_group_is_told_what_a_group_takes_never_its_caller(tmp_path):
    """docs/layouts.md: a group moves, rotates or scales what it holds (`{% call group(x=10, y=20, rotate=90) %}`).
    `rotat=` is offered `rotate`, at its own column, and told the group's x, y, rotate and scale: never `caller`, the
    block Jinja hands the group itself, which a template does not write."""
    template = '{% call group(x=2, rotat=10) %}{{ rect(0, 0, 5, 5, fill="accent") }}{% endcall %}\n'
    said = _said(make_project(tmp_path, template, "- {id: a}\n"))
    column = len("{% call group(x=2, ") + 1
    assert said == [f"templates/v/front.j2:1:{column}: error: group() has no argument 'rotat' (did you mean 'rotate'?): "
                    "it takes x, y, rotate, scale [words/a front]"], said



# --- what a drawing call draws when an argument is left out (docs/layouts.md's table) -------------------------------
DEFAULTS = """\
    {{ rect(5, 5, 20, 10, stroke="#ff0000") }}
    {{ line(5, 20, 50, 20) }}
    {{ text("Inked", 5, 25, 40, 10) }}
    {% call group(x=5, y=40, scale=0.5) %}{{ rect(0, 0, 20, 10, fill="#00ff00") }}{% endcall %}
    {{ polygon([[30, 40], [50, 40], [40, 55]], stroke="#0000ff", stroke_width=0.5) }}
    {{ icon("dot", 5, 70, 8) }}
    {{ icon("hair", 15, 70, 8) }}
    {{ icon("label", 30, 75, w=30, h=6) }}
    """
HAIR = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
        '<rect x="1" y="1" width="8" height="8" fill="#00ff80" stroke="#ff00ff" stroke-width="0"/></svg>')
LABEL = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 20">'
         '<text x="2" y="14" font-size="5" fill="#000000">Tinyword</text></svg>')  # 5 units of 100 drawn 30 mm wide: 4.3 pt
DOT = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="5" fill="#ff8800"/></svg>'
INK = (round(0x22 / 255, 3),) * 3  # make_project's palette: ink "#222222"
MAGENTA_STROKE = (1.0, 0.0, 1.0)


@pytest.fixture(scope="module")
def defaults(tmp_path_factory):
    """The first card sheet of a deck whose front draws DEFAULTS, read by pdfplumber: its shapes, lines and characters."""
    icons = {f"templates/v/icons/{name}.svg": svg for name, svg in (("dot", DOT), ("hair", HAIR), ("label", LABEL))}
    root = make_project(tmp_path_factory.mktemp("defaults"), DEFAULTS, "- {id: a}\n", files=icons)
    build(root, "--only", "cards")
    with pdfplumber.open(root / "output/v/v-cards.pdf") as pdf:
        page = pdf.pages[0]
        shapes = page.objects.get("curve", []) + page.objects.get("rect", []) + page.objects.get("line", [])
        (frame,) = _stroked(shapes, RED)  # the rectangle at (5, 5) mm: where the card's top-left lies on the sheet
        yield {"shapes": shapes, "chars": list(page.chars), "left": frame["x0"] - 5 * MM, "top": frame["top"] - 5 * MM}


def _colour(obj, key) -> tuple:
    return tuple(round(v, 3) for v in obj.get(key) or ())


def _stroked(shapes, colour) -> list[dict]:
    wanted = tuple(round(v, 3) for v in colour)
    return [s for s in shapes if s.get("stroke") and _colour(s, "stroking_color") == wanted]


def _filled_in(shapes, colour) -> list[dict]:
    wanted = tuple(round(v, 3) for v in colour)
    return [s for s in shapes if s.get("fill") and _colour(s, "non_stroking_color") == wanted]


def test_a_rectangle_given_a_stroke_and_no_width_is_outlined_0_3_mm_wide(defaults):
    """docs/layouts.md: `rect(x, y, w, h, fill=, stroke=, stroke_width=0.3)`: 0.3 mm is 0.3 × 72 / 25.4 points."""
    outlines = _stroked(defaults["shapes"], RED)
    assert outlines and {round(s["linewidth"], 3) for s in outlines} == {round(0.3 * MM, 3)}, outlines


def test_a_line_given_no_stroke_prints_in_the_games_ink(defaults):
    """docs/layouts.md: `line(x1, y1, x2, y2, stroke="ink")`: the palette's ink, #222222 here, not plain black."""
    lines = [s for s in defaults["shapes"] if s.get("stroke") and abs(s["top"] - defaults["top"] - 20 * MM) < 1
             and abs(s["x0"] - defaults["left"] - 5 * MM) < 0.5 and abs(s["x1"] - s["x0"] - 45 * MM) < 0.5]
    assert lines and {_colour(s, "stroking_color") for s in lines} == {INK}, lines


def test_a_text_given_no_colour_prints_in_the_games_ink(defaults):
    """docs/layouts.md: `text(…, color="ink")`: its letters in the palette's ink, #222222 here, not plain black."""
    letters = [c for c in defaults["chars"] if 25 * MM < c["top"] - defaults["top"] < 35 * MM and c["x0"] - defaults["left"] < 45 * MM]
    assert "".join(c["text"] for c in letters) == "Inked", letters
    assert {_colour(c, "non_stroking_color") for c in letters} == {INK}, letters


def test_a_group_scaled_by_half_draws_what_it_holds_half_as_large(defaults):
    """docs/layouts.md: groups scale what they hold: a 20 × 10 mm rectangle in `group(scale=0.5)` prints 10 × 5 mm."""
    (green,) = _filled_in(defaults["shapes"], (0.0, 1.0, 0.0))
    assert (green["width"] / MM, green["height"] / MM) == pytest.approx((10, 5), abs=0.01)


def test_a_polygon_is_closed_its_last_corner_joined_to_its_first(defaults):
    """A polygon is a closed figure (SVG's `<polygon>` is too; a `polyline` is the open one): a stroked triangle
    prints its three sides, the path closed back to its first corner."""
    (triangle,) = _stroked(defaults["shapes"], BLUE)
    ops = [step[0] for step in triangle["path"]]
    assert ops[-1] == "h" or (ops.count("l") == 3 and triangle["pts"][-1] == triangle["pts"][0]), triangle["path"]


def test_an_icon_given_no_colour_prints_in_its_own(defaults):
    """docs/layouts.md: `icon(…, color=none)`: `color` recolours an icon; without it the icon keeps its own orange,
    not the game's ink."""
    assert _filled_in(defaults["shapes"], (1.0, 0x88 / 255, 0.0)), defaults["shapes"]
    assert not [s for s in _filled_in(defaults["shapes"], INK) if s["width"] > 7 * MM]


def test_an_icons_stroke_0_wide_prints_no_outline(defaults):
    """docs/small-print.md: a stroke width of 0, in a template or an SVG, is filled and not stroked: the icon's green
    square, stroked in magenta at `stroke-width="0"`, shows no magenta."""
    assert _filled_in(defaults["shapes"], (0.0, 1.0, 0x80 / 255)), defaults["shapes"]
    assert not _stroked(defaults["shapes"], MAGENTA_STROKE)


def test_an_icons_small_words_on_the_card_itself_print_as_words_not_bars(defaults):
    """docs/small-print.md: words under 5 pt are drawn as bars only in a face shown smaller than its size (a rulebook
    figure); on the card sheets everything is text: the icon's word, set at about 4.3 pt, prints as its letters."""
    assert "Tinyword" in "".join(c["text"] for c in defaults["chars"]), defaults["chars"]
