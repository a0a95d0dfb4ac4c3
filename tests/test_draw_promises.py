"""What a face's drawing promises (docs/layouts.md), read back from `pnp preview`'s picture of one card, which draws
with the card sheets' drawer: a group turned `rotate` degrees clockwise about its own origin, a rectangle's rounded
corners however small their radius and their radius in millimetres, a sloping line from its start to its end, an ellipse filling its box's height and width, a picture that covers its box (cropped to it, nothing past it) or fits inside it
whole (its aspect kept, centred), a colour's alpha, an icon recoloured in its strokes as in its fills, an icon fitted whole
and centred in its box (up and down, and across), what follows a half-transparent colour opaque, an open polygon
left open. On the card sheets, a
colour written with three digits prints as its six-digit form and a malformed one is refused at its template line. And a picture as
print-on-demand's CMYK holds it (a documented
function): transparency laid on white paper, total ink capped."""
from __future__ import annotations

import re
import shutil

import numpy as np
import pytest
from conftest import TEST_PROJECT, apply_edits, refusal, render_page, run_pnp
from PIL import Image

DPI = 300
PX = DPI / 25.4  # pixels a mm
TEMPLATE = """{{ rect(-face.bleed, -face.bleed, face.w + 2*face.bleed, face.h + 2*face.bleed, fill="#ffffff") }}
{% call group(x=10, y=20, rotate=90) %}{{ rect(0, 0, 30, 5, fill="#000000") }}{% endcall %}
{{ rect(40, 60, 15, 15, fill="#000000", radius=0.8) }}
{{ image("art/wide.png", 5, 60, 20, 20, fit="cover") }}
{{ image("art/wide.png", 35, 30, 20, 20, fit="contain") }}
{{ rect(45, 5, 10, 10, fill="#00000080") }}
{{ icon("ring", 15, 3, 12, 12, color="#ff0000") }}
{{ icon("bar", 16, 20, w=18, h=28) }}
{{ icon("bar", 45, 16, w=10, h=2.5) }}
{{ icon("bar", 5, 52, w=40, h=5) }}
{{ rect(26, 81, 2, 6, fill="#00000080") }}{{ image("art/wide.png", 5, 81, 20, 6, fit="stretch") }}
{{ rect(57, 81, 2, 6, fill="#00000080") }}{{ text("MMMM", 30, 80, 25, 8, size=20, color="#000000") }}
{{ line(29, 4, 29, 12, stroke="#00000080", stroke_width=0.5) }}{{ icon("ring", 31, 2, 12, 12) }}
{{ ellipse(56, 20, 6, 30, fill="#000000") }}
{{ rect(56.5, 58, 6, 8, fill="#000000", radius=3) }}{{ line(57, 69, 62, 78, stroke="#000000", stroke_width=0.4) }}
"""
RING = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
        '<circle cx="5" cy="5" r="4" fill="none" stroke="#000000" stroke-width="2"/></svg>')  # a ring drawn by its stroke alone
BAR = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 10"><rect width="40" height="10" fill="#000000"/></svg>'  # 4 : 1
DECK = "name: Drawn\nsize: poker\nfront: tiny/drawn.j2\ncards:\n  - {id: d1, name: D1}\n"


@pytest.fixture(scope="module")
def drawn(tmp_path_factory):
    """The grey levels of the one card of a deck drawn by TEMPLATE at 300 dpi (poker size, no bleed: 63.5 × 88.9 mm); its
    picture is 400 × 200 px of pure red, twice as wide as high."""
    root = tmp_path_factory.mktemp("drawn") / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    (root / "templates/tiny/drawn.j2").write_text(TEMPLATE, encoding="utf-8")
    (root / "data/tiny/decks/drawn.yaml").write_text(DECK, encoding="utf-8")
    (root / "templates/tiny/icons").mkdir(exist_ok=True)
    (root / "templates/tiny/icons/ring.svg").write_text(RING, encoding="utf-8")
    (root / "templates/tiny/icons/bar.svg").write_text(BAR, encoding="utf-8")
    (root / "art").mkdir(exist_ok=True)
    Image.new("RGB", (400, 200), (255, 0, 0)).save(root / "art/wide.png")
    result = run_pnp(root, "preview", "tiny", "--deck", "drawn", "--dpi", str(DPI))
    assert result.exit_code == 0, result.output + result.stderr
    picture = np.asarray(Image.open(root / "output/tiny/preview/drawn/d1-front.png").convert("RGB"), dtype=np.int16)
    assert picture.shape[:2] == (round(88.9 * PX), round(63.5 * PX))
    return picture


def _box(picture, x0: float, y0: float, x1: float, y1: float, inset: float = 0.3):
    """The pixels of the box from (x0, y0) to (x1, y1) mm (from the trim's top-left), `inset` mm inside its edges."""
    return picture[round((y0 + inset) * PX):round((y1 - inset) * PX), round((x0 + inset) * PX):round((x1 - inset) * PX)]


def _black(pixels) -> bool:
    return bool((pixels.max(axis=-1) < 60).all())


def _white(pixels) -> bool:
    return bool((pixels.min(axis=-1) > 200).all())


def _red(pixels) -> bool:
    return bool(((pixels[..., 0] > 200) & (pixels[..., 1] < 60) & (pixels[..., 2] < 60)).all())


def test_a_group_turned_90_degrees_turns_clockwise_about_its_origin(drawn):
    """A 30 × 5 mm bar at the origin of a group at (10, 20) turned 90° clockwise (y down: (x, y) → (−y, x)) lies from
    x 5 to 10 mm and y 20 to 50 mm; turned the other way it would lie right of x 10 and above y 20."""
    assert _black(_box(drawn, 5, 20, 10, 50))
    assert _white(_box(drawn, 10, 20, 15, 50)) and _white(_box(drawn, 10, 0, 15, 20))


def test_an_ellipse_fills_its_box_up_and_down(drawn):
    """An ellipse in a box 6 mm wide and 30 mm tall at (56, 20) reaches from y 20 to 50 mm along its middle (x 59 mm): its
    centre, 35 mm down, and 3 mm short of each end are inked; past its box, below 50 mm, is paper."""
    assert _black(_box(drawn, 58.5, 22, 59.5, 48, inset=0))
    assert _white(_box(drawn, 56, 51, 62, 56))


def test_a_corner_rounded_by_08_mm_is_rounded(drawn):
    """A radius of 0.8 mm leaves the corner's last 0.23 mm on its diagonal unpainted ((1 − 1/√2) × 0.8)."""
    assert _black(_box(drawn, 40, 60, 55, 75, inset=1.0))
    corner = drawn[round(60 * PX), round(40 * PX)]
    assert corner.min() > 200, f"the square corner of a rounded rectangle is painted: {corner}"


def test_a_corners_radius_is_in_millimetres_not_points(drawn):
    """`radius=3` on a 6 × 8 mm rectangle at (56.5, 58) mm: a 3 mm arc leaves the corner's last (1 − 1/√2) × 3 = 0.88 mm
    on its diagonal unpainted, so the half-millimetre square in the corner is paper (3 pt, 1.06 mm, would paint most of it)."""
    assert _white(_box(drawn, 56.6, 58.1, 57.1, 58.6, inset=0))
    assert _black(_box(drawn, 56.5, 60, 62.5, 64))


def test_a_sloping_line_runs_from_its_start_to_its_end(drawn):
    """`line(57, 69, 62, 78)` 0.4 mm wide: ink at its middle, (59.5, 73.5) mm; paper level with its start at x 61 mm,
    where it has fallen to 76.2 mm."""
    assert _box(drawn, 59.3, 73.3, 59.7, 73.7, inset=0).max(axis=-1).min() < 60
    assert _white(_box(drawn, 60.5, 68.5, 61.5, 69.5, inset=0))


def test_a_covering_picture_fills_its_box_and_stops_at_it(drawn):
    """`fit="cover"`: the 2 : 1 picture scaled to the square's height covers all of it, its sides cut at the box."""
    assert _red(_box(drawn, 5, 60, 25, 80))
    assert _white(_box(drawn, 0.5, 60, 5, 80, inset=0.2)) and _white(_box(drawn, 25, 60, 34, 80, inset=0.2))


def test_a_contained_picture_shows_whole_centred_in_its_box(drawn):
    """`fit="contain"`: the 2 : 1 picture scaled to the square's width: 20 × 10 mm, centred: 5 mm of paper above and below."""
    assert _red(_box(drawn, 35, 35, 55, 45))
    assert _white(_box(drawn, 35, 30, 55, 35)) and _white(_box(drawn, 35, 45, 55, 50))


def test_a_colour_half_transparent_prints_half_as_dark(drawn):
    """`#00000080`: black at 128/255 opacity over the white card: a grey of about 127."""
    grey = _box(drawn, 45, 5, 55, 15)
    assert abs(int(grey.mean()) - 127) <= 3 and grey.max() - grey.min() <= 2


def test_an_icon_drawn_by_its_strokes_alone_prints_them_in_the_colour_asked(drawn):
    """docs/layouts.md: `color` paints every filled or stroked shape of an icon. The ring (a circle 4 units round, stroked
    2 units wide, in a 10-unit icon drawn 12 mm square: 1.2 mm a unit) is black in its file and red as printed: its ink
    runs 3.6 to 6 mm from its centre at (21, 9) mm (read off the seam where its path starts, at its right)."""
    assert _red(_box(drawn, 24.6, 7.4, 27, 8.6, inset=0.4)) and _red(_box(drawn, 20, 3, 22, 5.4, inset=0.4))  # right of it, above it
    assert _white(_box(drawn, 19.5, 7.5, 22.5, 10.5))  # its middle: no fill


def test_an_icon_fitted_into_a_taller_box_is_centred_up_and_down(drawn):
    """An icon is drawn whole, its aspect kept, centred in its box (docs/layouts.md): the 4 : 1 bar in an 18 × 28 mm box
    at (16, 20) mm is 18 × 4.5 mm, with 11.75 mm of paper above it and below it (y 31.75 to 36.25 mm), not at the box's head or foot."""
    assert _black(_box(drawn, 16, 31.75, 34, 36.25))
    assert _white(_box(drawn, 16, 20, 34, 31.75)) and _white(_box(drawn, 16, 36.25, 34, 48))


def test_an_icon_fitted_into_a_wider_box_is_centred_across_it(drawn):
    """An icon is drawn whole, its aspect kept, centred in its box (docs/layouts.md): the 4 : 1 bar in a 40 × 5 mm box
    at (5, 52) mm is 20 × 5 mm, with 10 mm of paper left and right of it (x 15 to 35 mm), not against the box's side."""
    assert _black(_box(drawn, 15, 52, 35, 57))
    assert _white(_box(drawn, 5, 52, 15, 57)) and _white(_box(drawn, 35, 52, 45, 57))


def test_what_is_drawn_after_a_half_transparent_colour_prints_opaque(drawn):
    """A colour's alpha is its own shape's: each drawn just after a half-transparent square, the bar in its own #000000
    (10 × 2.5 mm at (45, 16) mm) prints black, the picture stretched into (5, 81) to (25, 87) mm pure red, and the black
    20 pt 'MMMM' at (30, 80) mm solid black in its strokes, not at half strength (all three took the alpha: a bug)."""
    assert _black(_box(drawn, 45, 16, 55, 18.5, inset=0.2))
    assert _red(_box(drawn, 5, 81, 25, 87))
    assert _box(drawn, 30, 80, 55, 88, inset=0).max(axis=-1).min() < 60


def test_an_icons_strokes_drawn_after_a_half_transparent_line_print_opaque(drawn):
    """A stroke's alpha is its own line's too: the ring (its circle 4 units round, stroked 2 wide, in a 10-unit icon drawn
    12 mm square at (31, 2) mm: its ink 3.6 to 6 mm from its centre at (37, 8) mm), drawn in its own black just after a
    half-transparent line, prints its strokes black on its left and at its top, not grey."""
    assert _black(_box(drawn, 31, 7, 33.4, 9, inset=0.3)) and _black(_box(drawn, 36, 2, 38, 4.4, inset=0.3))


def test_a_picture_in_cmyk_for_print_on_demand_lays_its_transparency_on_paper_and_caps_its_ink(tmp_path):
    """pnp.render.pdf_colours.cmyk_image: a transparent pixel is paper (no ink at all); a dark navy pixel (0, 0, 40)
    takes no more than the 240 % total ink a print shop allows (C + M + Y + K ≤ 2.4 × 255)."""
    from pnp.render.pdf_colours import cmyk_image

    path = tmp_path / "mixed.png"
    picture = Image.new("RGBA", (2, 1), (0, 0, 0, 0))
    picture.putpixel((1, 0), (0, 0, 40, 255))
    picture.save(path)
    converted = cmyk_image(str(path), 2.4)
    assert converted.mode == "CMYK"
    assert converted.getpixel((0, 0)) == (0, 0, 0, 0)
    navy = converted.getpixel((1, 0))
    assert sum(navy) <= 2.4 * 255 + 2 and navy[3] > 200, navy


def test_an_icons_half_transparent_black_is_flattened_onto_white_paper_for_print():
    """pnp.render.pdf_colours.filtered_drawing: a print filter (CMYK) takes opaque colours, so an icon's SVG opacity is
    laid on white paper first: black at half opacity reaches the filter as the mid grey #808080, and is then opaque."""
    from reportlab.graphics.shapes import Drawing, Rect
    from reportlab.lib.colors import black

    from pnp.render.pdf_colours import filtered_drawing

    drawing = Drawing(10, 10)
    drawing.add(Rect(0, 0, 10, 10, fillColor=black, fillOpacity=0.5, strokeColor=None))
    asked = []
    shape = filtered_drawing(drawing, lambda hex_value: asked.append(hex_value) or hex_value).contents[0]
    assert asked == ["#808080"] and shape.fillOpacity is None


def test_a_three_digit_colour_is_the_six_digit_one(project):
    apply_edits(project, [{"file": "templates/tiny/frame.j2", "append": '{{ rect(10, 40, 20, 20, fill="#f0a") }}{{ rect(33, 40, 20, 20, fill="#ff00aa") }}\n'}])
    result = run_pnp(project, "build", "--only", "cards", "--cards", "mage")
    assert result.exit_code == 0, result.output + result.stderr
    page = np.asarray(render_page(project / "output/tiny/tiny-cards-mage.pdf", 0, 100), dtype=np.int16)
    px = 100 / 25.4
    top = 5.1 + 50  # the first card (12.7 mm from the left, 5.1 mm from the top of a 3 × 3 Letter sheet) holds the Mage
    short = page[int(top * px), int((12.7 + 20) * px)]
    long = page[int(top * px), int((12.7 + 43) * px)]
    assert np.abs(short - (255, 0, 170)).max() <= 2 and np.abs(long - (255, 0, 170)).max() <= 2, (short, long)


def test_a_malformed_colour_is_refused_at_its_place(project):
    apply_edits(project, [{"file": "templates/tiny/frame.j2", "append": '{{ rect(10, 40, 20, 20, fill="#f0g") }}\n'}])
    refusal(run_pnp(project, "build", "--only", "cards"), "unknown colour '#f0g'", "templates/tiny/frame.j2:6:")


def test_a_back_turned_for_a_gutterfold_lands_in_its_place_drawn_once_or_placed_often(tmp_path):
    """On a gutterfold sheet each back is turned 180° in its own place, whether it is one back shared by the deck (drawn
    once, placed often) or every card's own (drawn where it stands): the tiny game's heroes, one copy each, with backs
    made each card's own by its id written in the back's own dark colour over its dark panel, which prints nothing,
    give the sheet the same pixels as with the shared back."""
    pages = []
    for name, extra in (("shared", ""), ("own", '{{ text(card.id, 6, 6, 20, 5, size=6, color="ink") }}')):
        root = tmp_path / name
        shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
        back = root / "templates/tiny/back.j2"
        back.write_text(back.read_text(encoding="utf-8") + extra + "\n", encoding="utf-8")
        deck = root / "data/tiny/decks/heroes.yaml"
        deck.write_text(re.sub(r"count: \d+", "count: 1", deck.read_text(encoding="utf-8")), encoding="utf-8")
        result = run_pnp(root, "build", "tiny", "--only", "cards", "--layout", "gutterfold", "--no-validate")
        assert result.exit_code == 0, result.output
        (pdf,) = (root / "output/tiny").glob("tiny-cards*gutterfold*.pdf")
        pages.append(np.asarray(render_page(pdf, 0, dpi=50), dtype=np.int16))
    shared, own = pages
    assert shared.shape == own.shape
    assert (np.abs(shared - own).max(axis=-1) > 60).mean() < 0.001


SHAPES = """{{ rect(-face.bleed, -face.bleed, face.w + 2*face.bleed, face.h + 2*face.bleed, fill="#ffffff") }}
{{ polygon([[30, 5], [55, 5], [55, 30]], stroke="#000000", stroke_width=0.5, closed=false) }}
"""


@pytest.fixture(scope="module")
def shapes(tmp_path_factory):
    """The pixels of the one card of a deck drawn by SHAPES at 300 dpi, as `drawn`'s are."""
    root = tmp_path_factory.mktemp("shapes") / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    (root / "templates/tiny/shapes.j2").write_text(SHAPES, encoding="utf-8")
    (root / "data/tiny/decks/shapes.yaml").write_text(DECK.replace("Drawn", "Shapes").replace("drawn.j2", "shapes.j2"), encoding="utf-8")
    result = run_pnp(root, "preview", "tiny", "--deck", "shapes", "--dpi", str(DPI))
    assert result.exit_code == 0, result.output + result.stderr
    return np.asarray(Image.open(root / "output/tiny/preview/shapes/d1-front.png").convert("RGB"), dtype=np.int16)


def test_an_open_polygon_is_not_closed_back_to_its_first_point(shapes):
    """`polygon(..., closed=false)` through (30, 5), (55, 5) and (55, 30) strokes its two sides and no third from its
    last point back to its first: the diagonal's middle, (42.5, 17.5) mm, is paper; its sides' middles are inked."""
    assert _white(_box(shapes, 41.5, 16.5, 43.5, 18.5, inset=0))
    assert _box(shapes, 42.3, 4.8, 42.7, 5.2, inset=0).max(axis=-1).min() < 60
    assert _box(shapes, 54.8, 17.3, 55.2, 17.7, inset=0).max(axis=-1).min() < 60
