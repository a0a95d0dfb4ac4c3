"""Readability: text and icons stand out from the ground under them; colour codes survive greyscale and colour-blind eyes; the ink saver loses nothing."""
from __future__ import annotations

import io
from pathlib import Path
from types import SimpleNamespace

import pytest
from coloraide import Color
from PIL import Image
from reportlab.pdfgen import canvas

from pnp.core.errors import Loc
from pnp.layout.elements import Circle, Face, Group, Icon, Rect, Text
from pnp.layout.readability import PaletteNames, coded_fields, colour_code_findings, low_contrast, marks
from pnp.layout.typeset import TextOp
from pnp.render.ink import pdf_ink

ROOT = Path(__file__).resolve().parents[1]
GAMES = ["germ-tycoon", "narco-empire", "organ-match", "organ-trail", "police-precinct"]


def wcag_ratio(a: str, b: str) -> float:
    """WCAG 2.1's contrast ratio, written out from the standard (not pnp's code)."""
    def lum(hex_value):
        def channel(v):
            v /= 255
            return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
        r, g, b = (channel(int(hex_value[i:i + 2], 16)) for i in (1, 3, 5))
        return 0.2126 * r + 0.7152 * g + 0.0722 * b
    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def text_face(colour: str, size: float = 9.0, font: str = "noto-sans-regular", ground: str | None = None, rotate: float = 0.0) -> Face:
    run = Text(5.0, 10.0, (TextOp(0.0, size, font, size, colour, "Draw two cards", 60.0),))
    elements = [] if ground is None else [Rect(0.0, 0.0, 63.5, 20.0, ground, None, 0.0, 0.0, None)]
    elements.append(run if not rotate else Group(63.5, 20.0, rotate, 1.0, (run._replace(x=63.5 - 5.0 - 60 / 2.835, y=20.0 - 10.0 - 2 * size / 2.835),)))
    return Face(63.5, 88.9, 0.0, tuple(elements), frozenset())


# The lightest greys that pass on white, by WCAG's own arithmetic: #767676 is 4.54:1 and #777777 4.48:1;
# #949494 is 3.03:1 and #959595 2.98:1.
@pytest.mark.parametrize("grey, passes", [("#767676", True), ("#777777", False)])
def test_body_text_needs_4_5_to_1(grey, passes):
    assert (wcag_ratio(grey, "#ffffff") >= 4.5) is passes
    assert (not low_contrast(text_face(grey))) is passes


# Black at alpha 0x89 (137/255) over white prints 255 × (1 − 137/255) = 118, #767676, in each channel; at 0x88, 119, #777777.
@pytest.mark.parametrize("colour, printed, passes", [("#00000089", "#767676", True), ("#00000088", "#777777", False)])
def test_translucent_text_is_judged_as_it_prints_on_the_paper(colour, printed, passes):
    """A `#rrggbbaa` text colour reads as its alpha lets the paper through: black at 0x89 prints the lightest grey body
    text passes with, at 0x88 the first that fails; never the paper's share taken for the colour's."""
    assert round(255 * (1 - int(colour[7:], 16) / 255)) == int(printed[1:3], 16)
    assert (wcag_ratio(printed, "#ffffff") >= 4.5) is passes
    assert (not low_contrast(text_face(colour))) is passes


@pytest.mark.parametrize("grey, size, font, passes", [
    ("#949494", 18.0, "noto-sans-regular", True),   # large: 3:1
    ("#959595", 18.0, "noto-sans-regular", False),
    ("#949494", 14.0, "noto-sans-bold", True),      # bold from 14 pt is large too
    ("#949494", 14.0, "noto-sans-regular", False),  # but not regular 14 pt
    ("#949494", 17.5, "noto-sans-regular", False),
])
def test_large_text_needs_3_to_1(grey, size, font, passes):
    assert (not low_contrast(text_face(grey, size, font))) is passes


@pytest.mark.parametrize("ground, passes", [("#767676", True), ("#777777", False)])
def test_text_is_measured_on_the_band_under_it(ground, passes):
    assert (not low_contrast(text_face("#ffffff", ground=ground))) is passes
    assert marks(text_face("#ffffff", ground=ground))[0].ground == ground


def test_a_turned_group_is_measured_where_it_lands():
    """Organ Trail's upside-down name strip: a group turned 180° puts its text back over the band."""
    face = text_face("#777777", ground="#ffffff", rotate=180.0)
    found = marks(face)
    assert found and found[0].ground == "#ffffff"
    assert low_contrast(face)


def test_text_over_a_picture_is_judged_where_a_colour_shows():
    """No colour can be read off a picture: text partly over one is judged on the paper beside it, text wholly over
    one not at all (the face's grounds hold no gradient: pnp.layout.readability._Walk.grounds_under's first way)."""
    from pnp.layout.elements import Image as Picture

    text = text_face("#777777").elements  # sampled at 10 %, 50 % and 90 % of its 60 pt (21.2 mm) from x = 5 mm
    partly = Face(63.5, 88.9, 0.0, (Picture(("art.png", 10, 10), 0.0, 0.0, 20.0, 20.0, "cover"), *text), frozenset())
    assert [(m.ground, m.label) for m in marks(partly)] == [("#ffffff", "Draw two cards")]
    wholly = Face(63.5, 88.9, 0.0, (Picture(("art.png", 10, 10), 0.0, 0.0, 63.5, 20.0, "cover"), *text), frozenset())
    assert marks(wholly) == []


def test_text_beside_a_dark_band_is_on_the_paper():
    face = Face(63.5, 88.9, 0.0, (Rect(0, 40, 63.5, 10, "#111111", None, 0, 0, None), *text_face("#767676").elements), frozenset())
    assert not low_contrast(face)


@pytest.mark.parametrize("grey, passes", [("#949494", True), ("#959595", False)])
def test_icons_need_3_to_1(grey, passes):
    face = Face(63.5, 88.9, 0.0, (Circle(30, 30, 10, "#ffffff", None, 0, None), Icon("star", grey, 25, 25, 10, 10)), frozenset())
    assert (not low_contrast(face)) is passes


def test_decoration_is_not_read():
    face = Face(63.5, 88.9, 0.0, (Icon("star", "#eeeeee", 25, 25, 10, 10, True),), frozenset())
    assert not low_contrast(face)
    assert low_contrast(face._replace(elements=(Icon("star", "#eeeeee", 25, 25, 10, 10),)))


# --- colour codes --------------------------------------------------------------
class _Fields(dict):
    def loc_of(self, key):
        return Loc("data/g/decks/d.yaml", 3, 5)


def _deck(colours: dict[str, str], icons: dict[str, str] | None = None):
    cards = []
    for value, hex_value in colours.items():
        elements = (Rect(0, 0, 63.5, 20, hex_value, None, 0, 0, None),)
        if icons:
            elements += (Icon(icons[value], "#ffffff", 2, 2, 8, 8),)
        cards.append((SimpleNamespace(fields=_Fields(family=value)), (Face(63.5, 88.9, 0.0, elements, frozenset()), None)))
    return cards


def _deutan_delta(a: str, b: str) -> float:
    return Color(a).filter("deutan").delta_e(Color(b).filter("deutan"), method="2000")


def _pair_at_deutan_delta(target: float) -> tuple[str, str]:
    """A red and a colour on the way to a green whose deutan-simulated ΔE00 from the red is closest to `target` (coloraide's own maths)."""
    red = "#c62828"
    best = None
    for i in range(401):
        other = Color.mix(Color(red), Color("#1f6fd0"), i / 400, space="srgb").to_string(hex=True)
        d = _deutan_delta(red, other)
        if best is None or abs(d - target) < abs(best[1] - target):
            best = (other, d)
    return red, best[0]


@pytest.mark.parametrize("target, alike", [(9.6, True), (10.4, False)])
def test_a_colour_code_must_stay_apart_for_deuteranopes(target, alike):
    red, other = _pair_at_deutan_delta(target)
    assert abs(_deutan_delta(red, other) - target) < 0.3
    palette = {"fire": red, "water": other}
    names = PaletteNames(palette, lambda name: Loc("data/g/game.yaml", 10 if name == "fire" else 11, 3))
    codes = coded_fields("d", _deck(palette), palette)
    assert [c.what for c in codes] == ["d.family"]
    findings = colour_code_findings(codes, names, "g")
    assert any("deutan ΔE" in f.message for f in findings) is alike
    if alike:
        assert str(findings[0].loc) == "data/g/game.yaml:10:3"  # at the palette entry to change


def test_greyscale_twins_are_found():
    palette = {"red": "#c62828", "blue": "#1565c0"}  # Police Precinct's old red and blue: one grey
    names = PaletteNames(palette, lambda name: Loc("data/g/game.yaml", 1, 1))
    findings = colour_code_findings(coded_fields("d", _deck(palette), palette), names, "g")
    assert findings and "grey ΔE" in findings[0].message


def test_an_icon_per_value_lifts_the_colour_code():
    palette = {"red": "#c62828", "blue": "#1565c0"}
    assert coded_fields("d", _deck(palette, {"red": "hearts", "blue": "spades"}), palette) == []
    assert coded_fields("d", _deck(palette, {"red": "hearts", "blue": "hearts"}), palette) != []


def test_a_backs_legend_of_every_values_icon_leaves_each_fronts_own_icon_its_own():
    """A colour code is lifted when each value's cards carry an icon of their own on their front; a back showing every
    value's icon as a legend takes no value's icon from it (Police Precinct's old red and blue, one grey)."""
    palette = {"red": "#c62828", "blue": "#1565c0"}
    legend = Face(63.5, 88.9, 0.0, (Icon("hearts", "#111111", 2, 2, 8, 8), Icon("spades", "#111111", 12, 2, 8, 8)), frozenset())
    with_legend = [(card, (front, legend)) for card, (front, _) in _deck(palette, {"red": "hearts", "blue": "spades"})]
    assert coded_fields("d", with_legend, palette) == []
    shared = [(card, (front, legend)) for card, (front, _) in _deck(palette, {"red": "hearts", "blue": "hearts"})]
    assert [code.what for code in coded_fields("d", shared, palette)] == ["d.family"]


def test_a_cards_own_back_told_from_its_decks_back_by_a_colour_of_the_same_grey_is_one_warning(project):
    """Backs that differ by colour alone tell a deck's cards apart face down: Police Precinct's old red and blue
    (#c62828, #1565c0) print one grey, so on a greyscale printer the twin's own back is the others' back. Validate says
    so once, at the first card with the deck's back, naming both backs and both colours."""
    from conftest import apply_edits, run_pnp

    back = (ROOT / "tests/project/templates/tiny/back.j2").read_text(encoding="utf-8")
    assert 'fill="ink", radius=2' in back
    apply_edits(project, [{"file": "templates/tiny/back.j2", "write": back.replace('fill="ink", radius=2', 'fill="#c62828", radius=2')},
                          {"file": "templates/tiny/twin-back.j2", "write": back.replace('fill="ink", radius=2', 'fill="#1565c0", radius=2')}])
    result = run_pnp(project, "validate", "tiny")
    alike = [line for line in result.stderr.splitlines() if "by colour alone" in line]
    assert len(alike) == 1, result.stderr
    assert alike[0].startswith("data/tiny/decks/heroes.yaml:7:5: warning: the backs of heroes/knight and heroes/twin "
                               "(data/tiny/decks/heroes.yaml:7:5) tell 'heroes/knight' #c62828 (not a palette colour) from "
                               "'heroes/twin' #1565c0 (not a palette colour) by colour alone, and they look alike (grey ΔE"), alike

def _one_faint_line(project) -> list[str]:
    """The contrast warnings `pnp validate tiny` gives, asserted to be one."""
    from conftest import run_pnp

    result = run_pnp(project, "validate", "tiny")
    faint = [line for line in result.output.splitlines() if "contrast" in line]
    assert len(faint) == 1, result.output
    return faint


def test_a_faint_word_on_a_cards_own_back_is_found_at_its_back_templates_line(project):
    """A card with a back of its own (the twin's twin-back.j2) is read as every face is: dark grey words on its gold
    panel are one warning at the line of twin-back.j2 that drew them, naming the twin's back, though its front and the
    deck's back read well. The ratio is WCAG's, worked out from the game's palette (gold #876510)."""
    from conftest import apply_edits

    back = (ROOT / "tests/project/templates/tiny/twin-back.j2").read_text(encoding="utf-8")
    assert 'size=12, color="paper"' in back
    apply_edits(project, [{"file": "templates/tiny/twin-back.j2", "write": back.replace('size=12, color="paper"', 'size=12, color="#3a3a3a"')}])
    faint = _one_faint_line(project)
    assert faint[0].startswith(f"templates/tiny/twin-back.j2:2:1: warning: text 'Twin’s own back' (12 pt) in #3a3a3a (not a palette colour) "
                               f"on 'gold' #876510 (data/tiny/game.yaml:12:9) has contrast {wcag_ratio('#3a3a3a', '#876510'):.2f}:1, below the "
                               "4.5:1 WCAG asks of it"), faint
    assert "asks of it (tiny/twin-back.j2)" in faint[0], faint  # the template drawing that back, not the deck's back.j2
    assert faint[0].endswith("[heroes/twin back]"), faint


def test_a_faint_word_on_a_cards_own_front_is_said_with_its_own_front_template(project):
    """A card whose front is a template of its own (the deck's `front_from` column names it) is drawn by that template,
    not the deck's: its pale grey words on the paper are one warning at its line, naming that template as the one
    drawing the card. The ratio is WCAG's, worked out from the game's paper (#fbf8f0)."""
    from conftest import apply_edits

    front = '{{ rect(-face.bleed, -face.bleed, face.w + 2*face.bleed, face.h + 2*face.bleed, fill="paper") }}\n' \
            '{{ text("Twin front", 5, 20, face.w - 10, 16, size=12, color="#aaaaaa") }}\n'
    apply_edits(project, [{"file": "templates/tiny/twin-front.j2", "write": front},
                          {"file": "data/tiny/decks/heroes.yaml", "replace": ["back: tiny/back.j2\n", "back: tiny/back.j2\nfront_from: layout\n"]},
                          {"file": "data/tiny/decks/heroes.yaml", "replace": ["back: tiny/twin-back.j2,", "back: tiny/twin-back.j2, layout: twin-front,"]}])
    faint = _one_faint_line(project)
    assert faint[0].startswith(f"templates/tiny/twin-front.j2:2:1: warning: text 'Twin front' (12 pt) in #aaaaaa (not a palette colour) on "
                               f"'paper' #fbf8f0 (data/tiny/game.yaml:9:10) has contrast {wcag_ratio('#aaaaaa', '#fbf8f0'):.2f}:1, below the "
                               "4.5:1 WCAG asks of it (tiny/twin-front.j2)"), faint
    assert faint[0].endswith("[heroes/twin front]"), faint

def test_a_colour_code_of_a_games_second_deck_is_read_for_colour_blind_players(project):
    """Every deck's colour codes are read, not the first deck's alone: a second deck, villains, whose crest is 'red'
    #c0392b or 'crimson' #c23a2a (two in a hundred of any channel apart, alike to every eye) drawn as each card's
    banner is one warning, at crimson's palette entry, naming villains.crest where its first card writes it."""
    from conftest import apply_edits, run_pnp

    apply_edits(project, [
        {"file": "templates/tiny/villain.j2", "write": '{{ rect(-face.bleed, -face.bleed, face.w + 2*face.bleed, face.h + 2*face.bleed, fill="paper") }}\n'
                                                       '{{ rect(4, 4, face.w - 8, 12, fill=card.crest) }}\n'},
        {"file": "data/tiny/decks/villains.yaml", "write": "name: Villains\nsize: poker\nfront: tiny/villain.j2\nback: tiny/back.j2\n"
                                                           "cards:\n  - {id: brute, crest: red}\n  - {id: thief, crest: crimson}\n"},
        {"file": "data/tiny/game.yaml", "replace": ['  red: "#c0392b"\n', '  red: "#c0392b"\n  crimson: "#c23a2a"\n']}])
    result = run_pnp(project, "validate", "tiny")
    coded = [line for line in result.output.splitlines() if "by colour alone" in line]
    assert len(coded) == 1, result.output
    # crimson is game.yaml's line 11, its value at column 12; the deck's first card's crest at villains.yaml:6:24
    assert coded[0].startswith("data/tiny/game.yaml:11:12: warning: villains.crest (data/tiny/decks/villains.yaml:6:24) tells "
                               "'crimson' #c23a2a (data/tiny/game.yaml:11:12) from 'red' #c0392b (data/tiny/game.yaml:10:8) by colour alone"), coded
    assert coded[0].endswith("[villains.crest]"), coded


# --- the five games -------------------------------------------------------------
@pytest.fixture(scope="module")
def engine():
    from pnp.data.project import Project
    from pnp.outputs.context import Engine

    return Engine(Project(ROOT))


@pytest.mark.parametrize("slug", GAMES)
def test_the_ink_saver_keeps_every_text_run_readable(engine, slug):
    """Every text run and icon of every ink-saved card, token and board face keeps at least 3:1 on its new ground."""
    from pnp.outputs.options import Options
    from pnp.pipeline.readable import game_faces
    from pnp.render.inksaver import lighten_face

    game, _ = engine.project.load_game(slug)
    faint, count = [], 0
    for face, what, _, _ in game_faces(engine.for_game(game), Options(ink_saver=True)):
        for m in marks(lighten_face(face)):
            count += 1
            if m.ratio < 3.0:
                faint.append((what, m.kind, m.label, m.colour, m.ground, round(m.ratio, 2)))
    assert count > 100
    assert faint == []


# --- ink --------------------------------------------------------------------------
def _pdf(fill, pages: int = 1) -> bytes:
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=(612, 792))
    for _ in range(pages):
        if fill is not None:
            c.setFillColorRGB(*fill)
            c.rect(0, 0, 612, 792, fill=1, stroke=0)
        c.showPage()
    c.save()
    return buf.getvalue()


def test_ink_counts_fully_inked_pages():
    assert pdf_ink(_pdf((0, 0, 0))) == pytest.approx(1.0, abs=0.01)  # K 100 %
    assert pdf_ink(_pdf(None)) == pytest.approx(0.0, abs=0.001)
    assert pdf_ink(_pdf((0, 0, 0), pages=3)) == pytest.approx(3.0, abs=0.03)
    assert pdf_ink(_pdf((1, 0, 0))) == pytest.approx(2.0, abs=0.02)  # red: M 100 % + Y 100 %
    assert pdf_ink(_pdf((0.5, 0.5, 0.5))) == pytest.approx(0.5, abs=0.02)  # mid grey: K 50 %


@pytest.mark.parametrize("vision", ["grey", "deutan", "protan", "tritan"])
def test_a_simulated_preview_agrees_with_the_validator(vision):
    """The preview's colour table and the colour-code check simulate a reader alike, within a just-noticeable difference."""
    from pnp.core.colour import difference, simulate
    from pnp.targets.preview import vision_filter

    colours = ["#c62828", "#2e7d32", "#1565c0", "#e9a800", "#7565c4", "#93386f", "#ffffff", "#1b2233"]
    strip = Image.new("RGB", (len(colours), 1))
    strip.putdata([tuple(int(c[i:i + 2], 16) for i in (1, 3, 5)) for c in colours])
    filtered = strip.filter(vision_filter(vision))
    seen = [filtered.getpixel((x, 0)) for x in range(len(colours))]
    for colour, (r, g, b) in zip(colours, seen, strict=True):
        assert difference(f"#{r:02x}{g:02x}{b:02x}", simulate(colour, vision)) < 2.3


def test_the_build_summary_shows_each_pdfs_ink_and_keeps_it_for_a_reused_output(project):
    from conftest import run_pnp

    first = run_pnp(project, "build", "--only", "cards")
    again = run_pnp(project, "build", "--only", "cards")
    line = next(row for row in first.output.splitlines() if "tiny-cards.pdf" in row)
    reused = next(row for row in again.output.splitlines() if "tiny-cards.pdf" in row)
    ink = line.split("ink ")[1].split(" pages")[0]
    measured = pdf_ink(project / "output/tiny/tiny-cards.pdf")
    assert abs(float(ink) - measured) < 0.06, (line, measured)  # the figure is the PDF's own, to one decimal
    assert "(reused)" in reused and f"ink {ink} pages" in reused, reused


class _CountedBack:
    """A back face whose hashing is counted: what grouping a deck's backs costs."""

    hashes = 0

    def __init__(self, name: str):
        self.elements = (name,)

    def __hash__(self):
        _CountedBack.hashes += 1
        return hash(self.elements)

    def __eq__(self, other):
        return isinstance(other, _CountedBack) and other.elements == self.elements


@pytest.mark.parametrize("distinct", [False, True])
def test_a_decks_backs_are_told_apart_in_time_linear_in_its_size(distinct):
    """A deck of 400 cards hashes its backs a few times a card, not once a card for every card (quadratic: a 10,000-card
    deck spent most of a minute of `pnp validate` there); one shared back is named by its deck, distinct ones by card."""
    from pnp.pipeline.readable import distinct_backs

    cards = 400
    shared = _CountedBack("common")
    rendered = [(SimpleNamespace(id=f"c{i}", loc=Loc("deck.yaml", i + 2, 3)), (None, _CountedBack(f"b{i}") if distinct else shared)) for i in range(cards)]
    _CountedBack.hashes = 0
    names = [name for name, _, _ in distinct_backs({"big": rendered})]
    assert _CountedBack.hashes <= 3 * cards
    assert names == ([f"big/c{i}" for i in range(cards)] if distinct else ["big"])


# Gradients (issue #76's survivors): what the checks read is what the PDF's shading prints ----------------------------

def _band(stops, kind: str = "linear"):
    """A 63.5 × 20 mm band at the top of a card filled with a gradient of `stops` (left to right when linear)."""
    from pnp.layout.gradients import GradientSpec, placed

    band = Rect(0.0, 0.0, 63.5, 20.0, None, None, 0.0, 0.0, None)
    return band._replace(fill=placed(GradientSpec(kind, tuple(stops), 0.0), band))


def test_text_across_a_gradients_middle_stop_is_judged_against_it():
    """Black text (x 5 to some 30 mm) runs across a band white but for a black stop at a quarter of its width (15.9 mm):
    unreadable there, though the band is white at both its ends. With a #767676 stop it is 4.5:1 or more throughout."""
    text = text_face("#000000").elements[0]

    def over(middle: str) -> Face:
        stops = [(0.0, "#ffffff"), (0.24, "#ffffff"), (0.25, middle), (0.26, "#ffffff"), (1.0, "#ffffff")]
        return Face(63.5, 88.9, 0.0, (_band(stops), text), frozenset())

    assert [m.ground for m in low_contrast(over("#000000"))] == ["#000000"]
    assert not low_contrast(over("#767676"))


def test_a_radial_gradient_reaches_its_last_stop_at_a_rectangles_corners_and_a_circles_rim():
    """A PDF radial shading runs out from the centre to its radius: on a rectangle pnp takes the corners (half the
    diagonal), so the middle of a long side is short of the last stop; on a circle the rim."""
    import math

    from pnp.layout.gradients import GradientSpec, colour_at, placed

    g = _band([(0.0, "#ffffff"), (1.0, "#000000")], "radial").fill
    assert colour_at(g, 0.0, 0.0) == colour_at(g, 63.5, 20.0) == "#000000" and colour_at(g, 31.75, 10.0) == "#ffffff"
    left = int(colour_at(g, 0.0, 10.0)[1:3], 16)  # 31.75 mm out of half the diagonal
    assert left == pytest.approx(255 * (1 - 31.75 / (math.hypot(63.5, 20.0) / 2)), abs=1) and left > 5
    circle = Circle(20.0, 30.0, 10.0, None, None, 0.0, None)
    c = placed(GradientSpec("radial", ((0.0, "#ffffff"), (1.0, "#000000")), 0.0), circle)
    assert colour_at(c, 30.0, 30.0) == "#000000" and int(colour_at(c, 25.0, 30.0)[1:3], 16) == pytest.approx(127.5, abs=1)


def _channel(colour: str) -> int:
    return int(colour[1:3], 16)


def test_a_linear_gradient_runs_from_edge_to_edge_along_its_angle_and_is_interpolated_between_its_stops():
    """Black to white: a quarter of the way along a 40 × 20 mm box the grey is a quarter of 255 (PDF's Type 2 function,
    exponent 1): along x at 0°, along y at 90° (top to bottom), corner to corner at 45° on a square, across a polygon's
    extent. Before the first stop the first colour, past the last the last; three stops interpolate pairwise."""
    from pnp.layout.elements import Polygon
    from pnp.layout.gradients import GradientSpec, colour_at, colour_at_position, placed

    black_white = ((0.0, "#000000"), (1.0, "#ffffff"))
    box = Rect(0.0, 0.0, 40.0, 20.0, None, None, 0.0, 0.0, None)
    across = placed(GradientSpec("linear", black_white, 0.0), box)
    assert _channel(colour_at(across, 10.0, 3.0)) == pytest.approx(63.75, abs=1) and colour_at(across, 40.0, 0.0) == "#ffffff"
    down = placed(GradientSpec("linear", black_white, 90.0), box)
    assert _channel(colour_at(down, 33.0, 5.0)) == pytest.approx(63.75, abs=1) and colour_at(down, 0.0, 20.0) == "#ffffff"
    square = placed(GradientSpec("linear", black_white, 45.0), Rect(10.0, 10.0, 20.0, 20.0, None, None, 0.0, 0.0, None))
    assert colour_at(square, 10.0, 10.0) == "#000000" and colour_at(square, 30.0, 30.0) == "#ffffff"
    assert _channel(colour_at(square, 30.0, 10.0)) == pytest.approx(127.5, abs=1) and _channel(colour_at(square, 15.0, 15.0)) == pytest.approx(63.75, abs=1)
    triangle = placed(GradientSpec("linear", black_white, 0.0), Polygon(((0.0, 0.0), (40.0, 10.0), (0.0, 20.0)), None, None, 0.0, True))
    assert _channel(colour_at(triangle, 10.0, 10.0)) == pytest.approx(63.75, abs=1)
    inner = _along(((0.2, "#000000"), (0.8, "#ffffff")))
    assert colour_at_position(inner, 0.1) == "#000000" and colour_at_position(inner, 0.9) == "#ffffff"
    assert _channel(colour_at_position(inner, 0.35)) == pytest.approx(63.75, abs=1)
    three = _along(((0.0, "#000000"), (0.5, "#ff0000"), (1.0, "#00ff00")))
    assert colour_at_position(three, 0.75) in ("#7f7f00", "#808000") and colour_at_position(three, 0.25) in ("#7f0000", "#800000")
    short = _along(((0.0, "#000000"), (0.5, "#ff0000"), (0.8, "#00ff00")))
    assert colour_at_position(short, 0.9) == "#00ff00"  # past the last stop: the last colour, not the second


def _along(stops):
    """A gradient laid along x from 0 to 1: its position at a point is the point's x."""
    from pnp.layout.elements import Gradient

    return Gradient("linear", stops, 0.0, 0.0, 1.0, 0.0, 0.0)


def test_a_gradient_on_a_small_shape_still_runs_its_whole_length():
    """A 2 mm circle's radial gradient is mid grey half a millimetre out; a 1 mm square's linear one reaches white at its
    far edge. Neither divides by the shape's size when it has one."""
    from pnp.layout.gradients import GradientSpec, colour_at, placed

    black_white = ((0.0, "#000000"), (1.0, "#ffffff"))
    dot = placed(GradientSpec("radial", black_white, 0.0), Circle(5.0, 5.0, 1.0, None, None, 0.0, None))
    assert _channel(colour_at(dot, 5.5, 5.0)) == pytest.approx(127.5, abs=1)
    tiny = placed(GradientSpec("linear", black_white, 0.0), Rect(0.0, 0.0, 1.0, 1.0, None, None, 0.0, 0.0, None))
    assert colour_at(tiny, 1.0, 0.5) == "#ffffff" and _channel(colour_at(tiny, 0.5, 0.5)) == pytest.approx(127.5, abs=1)
    point = placed(GradientSpec("radial", black_white, 0.0), Circle(5.0, 5.0, 0.0, None, None, 0.0, None))
    assert colour_at(point, 5.0, 5.0) == "#ffffff"  # a shape of no size: the last colour, and no division by nothing
    line = placed(GradientSpec("linear", black_white, 0.0), Rect(5.0, 0.0, 0.0, 10.0, None, None, 0.0, 0.0, None))
    assert colour_at(line, 5.0, 5.0) in ("#000000", "#ffffff")  # a linear one of no length: an end colour, no division by nothing


def _standard_card(shift: float = 0.0) -> tuple:
    """The standard deck's front (../shared/bench/standard-deck): cream paper, a blue band across the top, a title in
    white on the band, body lines in dark grey, a number in the band's blue; and a blue badge, with a white run that
    starts on it and ends on the paper. Everything moved `shift` mm left and up (to be drawn in a group moved back)."""
    def run(x, y, size, colour, text, w):
        return Text(x - shift, y - shift, (TextOp(0.0, size, "noto-sans-regular", size, colour, text, w),))
    return (Rect(-shift, -shift, 63.5, 88.9, "#faf7f0", None, 0.0, 0.0, None), Rect(-shift, -shift, 63.5, 16.0, "#2a6f97", None, 0.0, 0.0, None),
            run(5.0, 0.0, 14.0, "#ffffff", "Patient 1", 62.8), run(5.0, 22.0, 9.0, "#222222", "Age 57, ward A1", 68.4),
            run(5.0, 8.0, 9.0, "#222222", "Dark on the band", 60.0), run(33.5, 73.9, 18.0, "#2a6f97", "1", 10.3),
            Rect(40.0 - shift, 30.0 - shift, 10.0, 8.0, "#2a6f97", None, 0.0, 0.0, None), run(41.0, 30.0, 9.0, "#ffffff", "From the badge on", 60.0))


def test_text_is_judged_on_the_topmost_box_under_it():
    """A run on a band is read on the band, not on the paper drawn first beneath it (WCAG's ratios, worked out above):
    white on the blue band reads (5.5:1), dark grey on it does not (2.9:1 under the 4.5:1 body text needs), and a
    white run that leaves the badge is judged on the cream paper it ends on (1.07:1)."""
    found = {m.label: m for m in marks(Face(63.5, 88.9, 0.0, _standard_card(), frozenset()))}
    assert found["Patient 1"].ground == "#2a6f97" and wcag_ratio("#ffffff", "#2a6f97") > 4.5
    assert found["Age 57, ward A1"].ground == "#faf7f0"
    assert {m.label: m.ground for m in low_contrast(Face(63.5, 88.9, 0.0, _standard_card(), frozenset()))} == {
        "Dark on the band": "#2a6f97", "From the badge on": "#faf7f0"}
    assert wcag_ratio("#222222", "#2a6f97") < 4.5 and wcag_ratio("#ffffff", "#faf7f0") < 3


def test_a_face_drawn_in_a_moved_group_is_judged_alike():
    """The same card drawn straight, and drawn in a group moved 10 mm right and down with its elements moved back: the
    same marks on the same grounds (the first is read off its flat boxes, the second through the group's transform)."""
    straight = marks(Face(63.5, 88.9, 0.0, _standard_card(), frozenset()))
    moved = marks(Face(63.5, 88.9, 0.0, (Group(10.0, 10.0, 0.0, 1.0, _standard_card(10.0)),), frozenset()))
    assert len(straight) == 5
    assert [m[:7] for m in moved] == [m[:7] for m in straight]


def test_a_texts_shadow_is_passed_over_by_the_contrast_check(tmp_path):
    """docs/layouts.md: 'The contrast check judges the text, not its shadow.' White words with a dark shadow on a dark
    band read (15:1): no warning at their line, though the shadow, dark on dark, would fail any ratio; a pale text on
    the paper below is warned of, so the check ran."""
    from conftest import run_pnp
    from test_vocabulary import make_project

    template = """\
        {{ rect(0, 0, face.w, 20, fill="#222222") }}
        {{ text("Keep", 5, 5, 40, 10, size=14, color="#ffffff", shadow="#333333") }}
        {{ text("Pale", 5, 30, 40, 10, size=9, color="#dddddd") }}
        """
    result = run_pnp(make_project(tmp_path, template, "- {id: a}\n"), "validate", "v")
    warned = [line.split(": warning:")[0] for line in result.output.splitlines() if ": warning: " in line]
    assert warned == ["templates/v/front.j2:3:1"], result.output
