"""An icon's ink (pnp.render.icon_ink), so a sheet page of icons is measured from its elements and not rasterised page by
page: its area against the plane geometry of what it draws, its box against where the PDF prints it, and the pages
that place icons against their own fine raster. Icons are SVG files written here; the expected areas come from their
shapes (a square, the shoelace formula of a polygon), in the drawing's own units: svglib reads an SVG pixel as 3/4 of
a point, so a 100 px icon is 75 units wide."""
from __future__ import annotations

import pytest
from conftest import ROOT
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from pnp.core.kept import KeptParses
from pnp.layout.elements import Face, Group, Icon, Rect, Text
from pnp.layout.icons import IconLibrary
from pnp.layout.typeset import IconOp, TextOp
from pnp.render import icon_ink
from pnp.render.icon_ink import IconInks
from pnp.render.ink_elements import Inexact, face_items, painted

K = 72 / 25.4  # pt a mm
PX = 0.75  # drawing units (points) an SVG pixel is
FONT = "IconInkProbe"
STAR = [(50, 4), (61, 38), (97, 38), (68, 59), (79, 94), (50, 73), (21, 94), (32, 59), (3, 38), (39, 38)]


def svg(body: str, side: int = 100) -> str:
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {side} {side}" width="{side}" height="{side}">{body}</svg>'


ICONS = {
    "square": svg('<rect x="10" y="20" width="50" height="30" fill="#000000"/>'),
    "star": svg(f'<polygon points="{" ".join(f"{x},{y}" for x, y in STAR)}" fill="#c0392b"/>'),
    "overlap": svg('<rect x="0" y="0" width="60" height="60" fill="#000"/><rect x="40" y="40" width="60" height="60" fill="#000"/>'),
    "holed": svg('<path d="M10 10 H90 V90 H10 Z M30 30 V70 H70 V30 Z" fill="#000" fill-rule="evenodd"/>'),
    "corner": svg('<rect x="80" y="0" width="20" height="10" fill="#000"/>'),
    "two": svg('<rect x="0" y="0" width="50" height="100" fill="#ff0000"/><rect x="50" y="0" width="50" height="100" fill="#0000ff"/>'),
    "faint": svg('<rect x="0" y="0" width="100" height="100" fill="#000" fill-opacity="0.5"/>'),
    "ring": svg('<circle cx="50" cy="50" r="30" fill="none" stroke="#000" stroke-width="10"/>'),
    "hair": svg('<line x1="0" y1="50" x2="100" y2="50" stroke="#000" stroke-width="0.01"/>'),
    "spill": svg('<rect x="-50" y="-50" width="100" height="100" fill="#000"/>'),  # three quarters of it past the box
    "edge": svg('<rect x="0" y="0" width="100" height="100" fill="none" stroke="#000" stroke-width="20"/>'),  # half its stroke past it
    "scaled": svg('<g transform="scale(2)"><rect x="1" y="1" width="48" height="48" fill="none" stroke="#000" stroke-width="3"/></g>'),
    "flush": svg('<rect x="2" y="2" width="96" height="96" fill="none" stroke="#000" stroke-width="4"/>'),  # its stroke meets the box
    "sliver": '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 100" width="1" height="100"><rect width="1" height="100" fill="#000"/></svg>',
    "flat": '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 1" width="100" height="1"><rect width="100" height="1" fill="#000"/></svg>',
    "tall": '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 25 100" width="25" height="100"><rect x="15" y="0" width="10" height="10" fill="#000"/></svg>',
    "wide": '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 25" width="100" height="25"><rect x="90" y="15" width="10" height="10" fill="#000"/></svg>',
    "low": svg('<rect x="0" y="90" width="10" height="10" fill="#000"/>'),
    "lettered": svg('<text x="10" y="70" font-size="60" fill="#000">A</text>'),
    "empty": svg(""),
    "none": '<svg xmlns="http://www.w3.org/2000/svg" width="0" height="100"></svg>',
    "grouped": svg('<g><rect x="0" y="0" width="50" height="50" fill="#ff0000"/></g><rect x="50" y="50" width="50" height="50" fill="#0000ff"/>'),
    "rimmed": svg('<rect x="10" y="10" width="80" height="80" fill="#ff0000" stroke="#0000ff" stroke-width="4"/>'),
    "hoop": svg('<rect x="10" y="10" width="30" height="30" fill="none" stroke="#ff0000" stroke-width="4"/>'
                '<rect x="50" y="50" width="40" height="40" fill="#0000ff"/>'),
    "faint-rim": svg('<rect x="10" y="10" width="80" height="80" fill="#000" stroke="#000" stroke-width="4" stroke-opacity="0.5"/>'),
    "half-alpha": svg('<rect x="0" y="0" width="50" height="50" fill="#00000080"/>'),
}


SIDES = {  # a shape reaching 10 px past one side of its box only, by its fill and by its stroke
    "left": ('<rect x="-10" y="40" width="30" height="20" fill="#000"/>', '<rect x="2" y="40" width="20" height="20" fill="none" stroke="#000" stroke-width="24"/>'),
    "right": ('<rect x="80" y="40" width="30" height="20" fill="#000"/>', '<rect x="78" y="40" width="20" height="20" fill="none" stroke="#000" stroke-width="24"/>'),
    "top": ('<rect x="40" y="-10" width="20" height="30" fill="#000"/>', '<rect x="40" y="2" width="20" height="20" fill="none" stroke="#000" stroke-width="24"/>'),
    "bottom": ('<rect x="40" y="80" width="20" height="30" fill="#000"/>', '<rect x="40" y="78" width="20" height="20" fill="none" stroke="#000" stroke-width="24"/>'),
}
SIDE_AREAS = (20 * 20, 34 * 44)  # what the box holds: the fill's 20 × 20; the stroke's 44 × 44 square (wider than its 20 px rectangle: no hole) less the 10 px past


def shoelace(points) -> float:
    return abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1], strict=True))) / 2


@pytest.fixture(scope="module")
def library(tmp_path_factory):
    folder = tmp_path_factory.mktemp("icons")
    for side, shapes in SIDES.items():
        for how, shape in zip(("fill", "stroke"), shapes, strict=True):
            (folder / f"past-{side}-{how}.svg").write_text(svg(shape), encoding="utf-8")
    for name, text in ICONS.items():
        (folder / f"{name}.svg").write_text(text, encoding="utf-8")
    if FONT not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(FONT, str(ROOT / "pnp/assets/fonts/noto/NotoSans-Regular.ttf")))
    return IconLibrary([folder])


def item(library, name, colour=None, box=(0.0, 0.0, 75.0, 75.0), scale=1.0, outline=0.0):
    return IconInks(library).item(name, colour, *box, scale, outline)


@pytest.mark.parametrize("name, area", [
    ("square", 50 * 30),
    ("star", shoelace(STAR)),
    ("overlap", 2 * 60 * 60 - 20 * 20),  # the union: the square both cover counts once
    ("holed", 80 * 80 - 40 * 40),  # the hole inks nothing
    ("ring", 3.141592653589793 * (35 ** 2 - 25 ** 2)),  # a stroke 10 wide about a circle of radius 30
    ("spill", 50 * 50),  # what its box holds: its form clips the rest
    ("edge", 100 * 100 - 80 * 80),  # the stroke's inner half
    ("scaled", 100 * 100 - 90 * 90),  # a stroke 6 px wide (3 scaled twice) about a square from 2 to 98 px: 1 px past the box
    ("flush", 100 * 100 - 92 * 92),  # a stroke reaching the box's edges and no further
    ("sliver", 1 * 100),  # an icon a pixel wide: its edges' share of it larger (below)
    ("flat", 100 * 1),
    ("empty", 0),
    ("none", 0),  # no width: nothing to ink
])
def test_an_icons_area_is_the_area_its_shapes_cover(library, name, area):
    """Drawn at one point a unit, an icon inks the area of the union of its shapes: overlaps once, holes not at all;
    within 0.03 % of it, or, for a shape a pixel thin, 0.0005 units² a unit of its outline (its edges' anti-aliasing)."""
    _, found, _ = item(library, name)
    outline = {"sliver": 2 * 100 * PX, "flat": 2 * 100 * PX}.get(name, 0)
    assert found == pytest.approx(area * PX * PX, rel=3e-4, abs=5e-4 * outline)


def test_an_icon_of_a_letter_is_measured_in_the_font_it_is_drawn_in(library):
    """SVG text is drawn in pnp's own families: a capital A 60 px high inks part of its box, between a tenth and a half."""
    (x0, y0, x1, y1), area, colour = item(library, "lettered")
    assert colour == "#000000" and (x1 - x0) * (y1 - y0) / 2 > area > (x1 - x0) * (y1 - y0) / 10 > 0


def test_an_icon_that_draws_nothing_inks_nothing_and_adds_no_shape(library):
    assert item(library, "empty")[1] == 0 and item(library, "none")[1] == 0
    assert face_items((Icon("empty", None, 0, 0, 20, 20), Icon("none", "#ff0000", 0, 0, 20, 20)), icons=IconInks(library)) == []


def test_a_stroke_of_no_width_is_refused_not_measured_as_the_pixel_pdfium_draws():
    """Past the floor (which unstrokes such a line), no stroke is 0 wide; asked all the same, the measure says so."""
    from reportlab.graphics.shapes import Drawing, Line
    from reportlab.lib.colors import black

    drawing = Drawing(75, 75)
    drawing.add(Line(0, 37.5, 75, 37.5, strokeColor=black, strokeWidth=0))
    with pytest.raises(ValueError, match="too fine"):
        icon_ink.measure(drawing, "#000000")


@pytest.mark.parametrize("side", list(SIDES))
@pytest.mark.parametrize("how, area", [("fill", SIDE_AREAS[0]), ("stroke", SIDE_AREAS[1])])
def test_a_shape_reaching_past_one_side_of_its_box_counts_only_what_the_box_holds(library, side, how, area):
    """The form an icon is drawn in clips it to its box: a fill or a stroke past any one side inks only within it."""
    assert item(library, f"past-{side}-{how}")[1] == pytest.approx(area * PX * PX, rel=3e-4)


@pytest.mark.parametrize("name, ink", [
    ("tall", (15, 0, 25, 10)),  # ink at the top-right corner of a tall icon, in its pixels
    ("wide", (90, 15, 100, 25)),  # at the bottom-right of a wide one
    ("low", (0, 90, 10, 100)),  # at the bottom-left, where the turn moves nothing
])
def test_an_icons_ink_box_holds_its_ink_to_the_last_corner(library, name, ink):
    """Measured turned, the icon's far corners move most: the box holds them still."""
    (x0, y0, x1, y1), _, _ = IconInks(library).item(name, None, 0.0, 0.0, 1000.0, 1000.0, 1.0)
    w, h = {"tall": (25, 100), "wide": (100, 25)}.get(name, (100, 100))
    fit = 1000 / (max(w, h) * PX)
    left, top = (1000 - w * PX * fit) / 2, (1000 - h * PX * fit) / 2
    ex0, ey0, ex1, ey1 = (left + ink[0] * PX * fit, top + ink[1] * PX * fit, left + ink[2] * PX * fit, top + ink[3] * PX * fit)
    assert x0 <= ex0 and y0 <= ey0 and ex1 <= x1 and ey1 <= y1


def test_a_colour_translucent_by_its_own_alpha_is_not_one_opaque_colour():
    """A drawing made in code (not read from an SVG, which also sets the shape's opacity) with a colour of half alpha."""
    from reportlab.graphics.shapes import Drawing
    from reportlab.graphics.shapes import Rect as Box
    from reportlab.lib.colors import Color

    drawing = Drawing(10, 10)
    drawing.add(Box(0, 0, 10, 10, fillColor=Color(0, 0, 0, alpha=0.5), strokeColor=None))
    with pytest.raises(ValueError, match="translucent"):
        icon_ink.one_colour(drawing)
    plain = Drawing(10, 10)
    plain.add(Box(0, 0, 10, 10, fillColor=Color(0, 0, 0), strokeColor=None))
    assert icon_ink.one_colour(plain) == "#000000"


def test_an_icons_area_grows_with_the_square_of_its_size(library):
    _, small, _ = item(library, "square", box=(0.0, 0.0, 75.0, 75.0))
    _, large, _ = item(library, "square", box=(0.0, 0.0, 150.0, 300.0))  # fitted whole: twice as wide, centred in the height
    assert large == pytest.approx(4 * small, rel=1e-9)


@pytest.mark.parametrize("box, expected", [
    ((0.0, 0.0, 75.0, 75.0), (10, 20, 60, 50)),  # the square's own place, in pixels of the SVG
    ((100.0, 200.0, 75.0, 75.0), (10, 20, 60, 50)),  # moved with its box
    ((0.0, 0.0, 150.0, 75.0), (60, 20, 110, 50)),  # a box twice as wide: fitted to the height and centred across
    ((0.0, 0.0, 75.0, 150.0), (10, 70, 60, 100)),  # twice as tall: centred down it
    ((0.0, 0.0, 150.0, 150.0), (20, 40, 120, 100)),  # twice the size: every coordinate doubled
])
def test_an_icons_ink_box_holds_its_ink_where_the_box_centres_it(library, box, expected):
    """The ink box is where the icon prints its ink: the square 10–60 px across and 20–50 px down, the drawing fitted
    whole in its box and centred, and no more than 0.3 pt (a tenth of a millimetre) a unit of the drawing's size past it."""
    (x0, y0, x1, y1), _, _ = item(library, "square", box=box)
    ex0, ey0, ex1, ey1 = (v * PX for v in expected)
    ox, oy = box[0], box[1]
    slack = 0.3 * min(box[2], box[3]) / 75
    assert x0 - ox <= ex0 <= x0 - ox + slack and y0 - oy <= ey0 <= y0 - oy + slack
    assert x1 - ox - slack <= ex1 <= x1 - ox and y1 - oy - slack <= ey1 <= y1 - oy


def test_an_icons_colour_is_the_one_it_is_drawn_in_or_its_own(library):
    assert item(library, "star")[2] == "#c0392b"
    assert item(library, "star", "#123456")[2] == "#123456"
    assert item(library, "two", "#123456")[2] == "#123456"  # recoloured, one colour


@pytest.mark.parametrize("name, colour, why", [
    ("two", None, "more than one colour"),
    ("grouped", None, "more than one colour"),  # the second colour after a group
    ("rimmed", None, "more than one colour"),  # filled in one, stroked in another
    ("hoop", None, "more than one colour"),  # an unfilled shape's stroke, then a fill
    ("faint", None, "translucent"),
    ("faint", "#000000", "translucent"),  # recolouring keeps its opacity
    ("faint-rim", None, "translucent"),  # its stroke's opacity
    ("half-alpha", None, "translucent"),  # its colour's own alpha
])
def test_an_icon_of_several_colours_or_translucent_is_not_measured_here(library, name, colour, why):
    found = item(library, name, colour)
    assert type(found) is str and why in found


def test_a_stroke_too_thin_to_print_is_measured_at_the_floor_it_prints_at(library):
    """A line 0.01 px wide prints at the hairline floor (pnp.render.print_floor): its ink is that floor's strip, not the
    hundredth of a pixel the SVG says."""
    _, area, _ = item(library, "hair")
    assert area > 75 * 0.05  # at least a strip 0.05 pt wide across the 75-unit drawing
    assert area < 75 * 0.5


def test_an_ink_savers_outlined_icon_inks_its_outline_not_its_fill(library):
    _, filled, _ = item(library, "square")
    _, outlined, _ = item(library, "square", outline=0.3)
    assert 0 < outlined < filled / 4


def test_a_face_of_icons_in_text_and_alone_is_measured_over_the_colour_beneath(library):
    """An icon alone on a white panel and one among words on a red one: each counts its area × (its colour's coverage −
    the panel's); black over red (M + Y: 2) takes ink away, and the star drawn black is not its own red (1.73)."""
    face = (Rect(0, 0, 60, 30, "#ffffff", None, 0, 0, None), Rect(0, 30, 60, 30, "#ff0000", None, 0, 0, None),
            Icon("square", "#000000", 2, 2, 75 / K, 75 / K),
            Text(5, 40, (TextOp(0, 9.0, FONT, 12, "#000000", "Gain", 30), IconOp(31, 0.0, 12, "star", "#000000"),
                         TextOp(45, 9.0, FONT, 12, "#000000", "now", 25))))
    items = face_items(face, icons=IconInks(library))
    clip = (0.0, 0.0, 60 * K, 60 * K)
    words = face[3]._replace(ops=face[3].ops[:1] + face[3].ops[2:])
    without = painted(face_items((*face[:2], words), icons=IconInks(library)), clip)
    square = 50 * 30 * PX * PX
    star = shoelace(STAR) * (12 / 100) ** 2  # 100 px fitted into 12 pt
    assert painted(items, clip) - without == pytest.approx(square * (1 - 0) + star * (1 - 2), rel=1e-3)


def test_an_icons_shape_lies_where_its_element_puts_it(library):
    """The square (10–60 px across, 20–50 down, of 100) drawn 75 pt wide at (10, 20) mm, and in a group moved to (5, 5) mm
    and drawn at twice its size: its shape's box, in the face's points, and its area four times as large."""
    icons = IconInks(library)
    [alone] = face_items((Icon("square", None, 10, 20, 75 / K, 75 / K),), icons=icons)
    assert alone[0] == pytest.approx(10 * K + 7.5, abs=0.3) and alone[1] == pytest.approx(20 * K + 15, abs=0.3)
    assert alone[2] == pytest.approx(10 * K + 45, abs=0.3) and alone[3] == pytest.approx(20 * K + 37.5, abs=0.3)
    [grouped] = face_items((Group(5, 5, 0, 2.0, (Icon("square", None, 10, 20, 75 / K, 75 / K),)),), icons=icons)
    assert grouped[0] == pytest.approx(5 * K + 2 * (10 * K + 7.5), abs=0.6) and grouped[3] == pytest.approx(5 * K + 2 * (20 * K + 37.5), abs=0.6)
    assert grouped[5] == pytest.approx(4 * alone[5], rel=1e-9)


def test_an_icon_in_a_group_printed_larger_takes_the_stroke_floor_of_the_size_it_prints_at(library):
    """A hairline icon in a group drawn three times its size prints its line at the hairline floor of that size: the
    shape is the one drawn three times larger (its area nine times the form's measured at that floor), not the one
    drawn at its own size scaled up."""
    icons = IconInks(library)
    [grouped] = face_items((Group(0, 0, 0, 3.0, (Icon("hair", None, 0, 0, 75 / K, 75 / K),)),), icons=icons)
    [large] = face_items((Icon("hair", None, 0, 0, 225 / K, 225 / K),), icons=icons)
    [small] = face_items((Icon("hair", None, 0, 0, 75 / K, 75 / K),), icons=icons)
    assert grouped[5] == pytest.approx(large[5], rel=1e-9) and grouped[5] != pytest.approx(9 * small[5], rel=0.05)


def test_an_ink_savers_outlined_icon_on_a_face_inks_its_outline(library):
    icons = IconInks(library)
    [filled] = face_items((Icon("square", "#000000", 0, 0, 75 / K, 75 / K),), icons=icons)
    [outlined] = face_items((Icon("square", "#000000", 0, 0, 75 / K, 75 / K, outline=0.3),), icons=icons)
    assert 0 < outlined[5] < filled[5] / 4


def test_a_face_not_measured_here_says_why(library):
    """The reason a page is rasterised, in words, from the element that asks it."""
    from pnp.layout.elements import Polygon
    from pnp.render.ink_elements import FaceInks, items_of

    two = Face(20, 20, 0.0, (Icon("two", None, 0, 0, 10, 10),), frozenset())
    assert items_of(two, IconInks(library)) == "an icon of more than one colour"
    with pytest.raises(Inexact, match="more than one colour"):
        FaceInks(icons=IconInks(library)).figure(two, (0.0, 0.0, 20 * K, 20 * K))
    shape = Face(20, 20, 0.0, (Polygon(((0, 0), (10, 0), (5, 8)), "#000000", None, 0, True),), frozenset())
    assert items_of(shape) == "Polygon"


def test_a_faces_figure_within_its_bleed_box_is_the_area_its_bleed_holds():
    """A face 20 mm square with 1 mm of bleed, filled 2 mm past its trim: within its bleed box it inks 22 × 22 mm."""
    from pnp.render.ink_elements import face_ink

    face = Face(20, 20, 1.0, (Rect(-2, -2, 24, 24, "#000000", None, 0, 0, None),), frozenset())
    _, figure = face_ink(face)
    assert figure == pytest.approx(22 * 22 * K * K, rel=1e-12)


def test_faces_placed_past_a_page_edge_keep_their_own_figures_for_that_clip(library):
    """Two faces, each worked out within a clip other than its bleed box (a page's edge cuts them): each its own figure,
    and a face of icons measured there too."""
    from pnp.render.ink_elements import FaceInks

    inks = FaceInks(icons=IconInks(library))
    cut = (0.0, 0.0, 10 * K, 20 * K)
    black = Face(20, 20, 0.0, (Rect(0, 0, 20, 20, "#000000", None, 0, 0, None),), frozenset())
    red = Face(20, 20, 0.0, (Rect(0, 0, 20, 20, "#ff0000", None, 0, 0, None),), frozenset())
    assert inks.figure(black, cut) == pytest.approx(10 * 20 * K * K) and inks.figure(red, cut) == pytest.approx(2 * 10 * 20 * K * K)
    icon = Face(20, 20, 0.0, (Icon("square", "#000000", 0, 0, 2, 2),), frozenset())
    assert inks.figure(icon, cut) > 0


def test_without_icons_to_measure_a_face_of_icons_is_rasterised():
    with pytest.raises(Inexact):
        face_items((Icon("square", "#000000", 10, 10, 20, 20),))


def test_a_shape_drawn_over_an_icons_ink_is_rasterised_and_one_beside_its_ink_is_not(library):
    """The icon 'corner' inks only its top-right corner: a panel drawn over the rest of its box lies beside its ink."""
    icons = IconInks(library)
    beside = (Icon("corner", "#000000", 0, 0, 75 / K, 75 / K), Rect(0, 10, 10, 10, "#ff0000", None, 0, 0, None))
    over = (Icon("corner", "#000000", 0, 0, 75 / K, 75 / K), Rect(20, 0, 6, 3, "#ff0000", None, 0, 0, None))
    under = (Icon("corner", "#000000", 0, 0, 75 / K, 75 / K), Rect(24, 2, 1, 0.5, "#ff0000", None, 0, 0, None))  # its ink's lower part
    clip = (0.0, 0.0, 60 * K, 60 * K)
    assert painted(face_items(beside, icons=icons), clip) == pytest.approx(20 * 10 * PX * PX + 100 * K * K * 2, rel=1e-3)
    for drawn in (over, under):
        with pytest.raises(Inexact):
            painted(face_items(drawn, icons=icons), clip)


def test_a_sheet_of_icon_faces_is_measured_from_its_elements_as_its_raster_measures_it(library):
    """Nine cards each with an icon alone and icons among words, on a coloured panel: every page is measured from its
    elements, and each figure is what the page's 150-dpi raster measures (within that raster's own error)."""
    import pnp.render.ink as ink_pages
    from pnp.render.sheet_plan import Group as SheetGroup
    from pnp.render.sheet_plan import Piece
    from pnp.render.sheets import write_sheets

    w, h = 63.5, 88.9
    front = Face(w, h, 0.0, (Rect(0, 0, w, h, "#f4d35e", None, 0, 0, None), Icon("star", None, 10, 10, 40, 40),
                             Icon("holed", "#1d3557", 20, 60, 20, 20),
                             Text(5, 55, (TextOp(0, 9.0, FONT, 10, "#000000", "Gain", 22), IconOp(23, 1.0, 10, "square", "#e63946")))),
                 frozenset({("star", None), ("holed", "#1d3557"), ("square", "#e63946")}))
    data, stats = write_sheets([SheetGroup("deck", "Deck", (w, h), [Piece(front, None, f"c{n}") for n in range(9)])], game_title="Probe",
                               kind="cards", paper="letter", duplex="long", bleed_mm=0, gutter_mm=0, font_name=FONT, icons=library)
    assert None not in stats.page_exact
    assert stats.page_exact == pytest.approx(ink_pages.page_inks(data, dpi=150, halves=False), abs=0.004)


def test_a_sheet_of_an_icon_in_two_colours_is_rasterised(library):
    from pnp.render.sheet_plan import Group as SheetGroup
    from pnp.render.sheet_plan import Piece
    from pnp.render.sheets import write_sheets

    front = Face(63.5, 88.9, 0.0, (Icon("two", None, 10, 10, 40, 40),), frozenset({("two", None)}))
    _, stats = write_sheets([SheetGroup("deck", "Deck", (63.5, 88.9), [Piece(front, None, "c")])], game_title="Probe", kind="cards",
                            paper="letter", duplex="long", bleed_mm=0, gutter_mm=0, font_name=FONT, icons=library)
    assert stats.page_exact == [None]


def test_an_icons_measure_is_kept_across_runs_by_its_file(library, tmp_path, monkeypatch):
    """A second build reads the first's measure (the raster is not drawn again); an icon whose file changed is measured
    again."""
    folder = tmp_path / "icons"
    folder.mkdir()
    (folder / "mark.svg").write_text(ICONS["square"], encoding="utf-8")
    drawn = []
    real = icon_ink.measure
    monkeypatch.setattr(icon_ink, "measure", lambda drawing, colour: drawn.append(1) or real(drawing, colour))
    kept = KeptParses(tmp_path / "kept")
    (tmp_path / "kept").mkdir()
    first = IconInks(IconLibrary([folder], kept=kept)).item("mark", None, 0.0, 0.0, 75.0, 75.0, 1.0)
    again = IconInks(IconLibrary([folder], kept=kept)).item("mark", None, 0.0, 0.0, 75.0, 75.0, 1.0)
    assert again == first and len(drawn) == 1
    (folder / "mark.svg").write_text(ICONS["corner"], encoding="utf-8")
    changed = IconInks(IconLibrary([folder], kept=kept)).item("mark", None, 0.0, 0.0, 75.0, 75.0, 1.0)
    assert len(drawn) == 2 and changed[1] == pytest.approx(20 * 10 * PX * PX, rel=3e-4)
    (folder / "tall.svg").write_text(ICONS["tall"], encoding="utf-8")  # kept beside it: its own size, 25 × 100 px
    (x0, _, _, _), _, _ = IconInks(IconLibrary([folder], kept=kept)).item("tall", None, 0.0, 0.0, 75.0, 75.0, 1.0)
    assert x0 >= (75 - 25 * PX) / 2 + 15 * PX - 0.3  # fitted to its height (fit 1), centred across: not a square's place


def test_a_hairline_icon_drawn_three_times_larger_inks_three_times_more_not_nine(library):
    """Its line prints at the hairline floor at either size (the floor is worked out for the size it is drawn at), so
    only its length grows: each size's form is measured with its own floor. Ten times larger, its hairline would be
    too fine a stroke for the measuring raster (pdfium draws a line thinner than a pixel a pixel wide): not measured
    here, its pages are rasterised."""
    icons = IconInks(library)
    _, small, _ = icons.item("hair", None, 0.0, 0.0, 75.0, 75.0, 1.0)
    _, large, _ = icons.item("hair", None, 0.0, 0.0, 225.0, 225.0, 1.0)
    assert large / small == pytest.approx(3, rel=0.1)
    assert "too fine" in icons.item("hair", None, 0.0, 0.0, 750.0, 750.0, 1.0)
    _, printed_larger, _ = icons.item("hair", None, 0.0, 0.0, 75.0, 75.0, 3.0)  # in a group printed three times its size
    assert printed_larger * 9 == pytest.approx(large, rel=1e-9)  # the same form as drawn three times larger

def test_an_icon_measured_in_a_colour_given_is_measured_again_in_its_own(library):
    """'two' recoloured is one colour; in its own it is two, whichever was asked first."""
    icons = IconInks(library)
    assert type(icons.item("two", "#123456", 0.0, 0.0, 75.0, 75.0, 1.0)) is tuple
    assert "more than one colour" in icons.item("two", None, 0.0, 0.0, 75.0, 75.0, 1.0)
    again = IconInks(library)
    assert "more than one colour" in again.item("two", None, 0.0, 0.0, 75.0, 75.0, 1.0)
    assert type(again.item("two", "#123456", 0.0, 0.0, 75.0, 75.0, 1.0)) is tuple


def clipped_area(polygon, side: float) -> float:
    """The area of a convex polygon within the square (0, 0)–(side, side): Sutherland–Hodgman's clip, then the shoelace."""
    edges = [(0, 1, 0.0), (0, -1, side), (1, 1, 0.0), (1, -1, side)]  # (axis, sense, bound): keep sense × (p[axis] − bound) ≥ 0
    for axis, sense, bound in edges:
        inside = [sense * (p[axis] - bound) >= 0 for p in polygon]
        out = []
        for i, p in enumerate(polygon):
            q, q_in = polygon[i - 1], inside[i - 1]
            if inside[i] != q_in:
                t = (bound - q[axis]) / (p[axis] - q[axis])
                out.append((q[0] + t * (p[0] - q[0]), q[1] + t * (p[1] - q[1])))
            if inside[i]:
                out.append(p)
        polygon = out
    return shoelace(polygon)


def test_a_turned_and_scaled_groups_stroke_past_the_box_counts_only_what_the_box_holds():
    """A line 10 units long stroked 10 wide (butt ends), in a group turned 45° and scaled twice: its stroke, 20 units wide
    there, reaches past the box's left edge though the line itself lies inside; the box holds what the clip keeps."""
    import math

    from reportlab.graphics.shapes import Drawing, Group, Line
    from reportlab.lib.colors import black

    c, s_ = 2 * math.cos(math.pi / 4), 2 * math.sin(math.pi / 4)
    group = Group(Line(0, 0, 10, 0, strokeColor=black, strokeWidth=10, strokeLineCap=0), transform=(c, s_, -s_, c, 5, 40))
    drawing = Drawing(100, 100)
    drawing.add(group)

    def at(x, y):
        return (c * x - s_ * y + 5, s_ * x + c * y + 40)

    band = [at(0, -5), at(10, -5), at(10, 5), at(0, 5)]
    assert min(p[0] for p in band) < 0 < 5  # the stroke crosses the left edge; the line starts 5 units inside
    ink = icon_ink.measure(drawing, "#000000")
    assert ink.area == pytest.approx(clipped_area(band, 100.0), rel=1e-3)
    assert ink.area < shoelace(band) * 0.995  # what lies past the edge is not counted
