"""Any die-cut outline (issue 79 item 5): a deck whose `shape:` names an SVG of one closed path is cut to that path,
its bounding box filling the card's size. Measured on what is written: the cut files' polygons and the DXF's closed
polylines against the star's own corners, the light cut line found on the rasterised sheet, and the art's green found
on it (every green pixel within its star's bleed, and no two stars' bleeds meeting). The star is geometry, not pnp's:
five points 50 units out and five 20 units in, every 36° from the top.
"""
from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from typing import NamedTuple

import numpy as np
import pytest
from conftest import run_pnp

SVG_NS = "{http://www.w3.org/2000/svg}"
DPI = 300  # 0.085 mm a pixel
STAR = [(50 + (50 if i % 2 == 0 else 20) * math.cos(math.radians(-90 + 36 * i)), 50 + (50 if i % 2 == 0 else 20) * math.sin(math.radians(-90 + 36 * i)))
        for i in range(10)]
SIZE = (47.553, 45.225)  # the star's bounding box (95.106 × 90.451 units) at half size: its proportions kept
BLEED = 1.0  # a piece with no straight cut bleeds 1 mm (docs/components.md): a hand cut wanders that far
GAME = "title: Stars\nstamps: false\npitch: Stars.\nplayers: {min: 2, max: 4}\nage: 8\nplay_time: 15\n"
DECK = "name: Stars\nsize: 47.553 x 45.225\nshape: outlines/star.svg\nfront: stars/green.j2\ncards:\n  - {id: star, count: 6}\n"
# two-sided star tokens: a one-sided card sheet would gain a backs page with them, so they keep a sheet of their own
# (pnp.outputs.token_share) and the cards' and the tokens' cut files are read apart
TOKENS = ("tokens:\n  - {id: stars, name: Star tokens, shape: outlines/star.svg, size: 47.553 x 45.225, count: 2, front: stars/green.j2,"
          " back: stars/green.j2, print_back: always}\n")
GREEN = '{{ rect(-face.bleed, -face.bleed, face.w + 2*face.bleed, face.h + 2*face.bleed, fill="#00ff00") }}'


def star_svg(d: str | None = None) -> str:
    d = d or "M" + " L".join(f"{x:.5f},{y:.5f}" for x, y in STAR) + " Z"
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><g transform="translate(3 4)"><path d="{d}"/></g></svg>'


def expected_star(x0: float, y0: float) -> list[tuple[float, float]]:
    """The star's corners in mm, its bounding box at (x0, y0) filling SIZE."""
    xs, ys = [p[0] for p in STAR], [p[1] for p in STAR]
    return [(x0 + (x - min(xs)) / (max(xs) - min(xs)) * SIZE[0], y0 + (y - min(ys)) / (max(ys) - min(ys)) * SIZE[1]) for x, y in STAR]


def game(root, decks: dict[str, str], svgs: dict[str, str], tokens: str = ""):
    (root / "data/stars/decks/outlines").mkdir(parents=True)
    (root / "data/stars/outlines").mkdir(parents=True)
    (root / "templates/stars").mkdir(parents=True)
    (root / "data/stars/game.yaml").write_text(GAME)
    (root / "templates/stars/green.j2").write_text(GREEN)
    for name, text in decks.items():
        (root / f"data/stars/decks/{name}.yaml").write_text(text)
    for name, text in svgs.items():
        (root / f"data/stars/decks/outlines/{name}").write_text(text)
        (root / f"data/stars/outlines/{name}").write_text(text)  # beside tokens.yaml
    if tokens:
        (root / "data/stars/tokens.yaml").write_text(tokens)


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """Six star cards and two star tokens, built with Silhouette's marks, its SVG cut file and the DXF beside it."""
    root = tmp_path_factory.mktemp("outline") / "project"
    game(root, {"stars": DECK}, {"star.svg": star_svg()}, TOKENS)
    result = run_pnp(root, "build", "--only", "cards", "--only", "tokens", "--cutter", "silhouette", "stars")
    assert result.exit_code == 0, result.output + result.stderr
    return root / "output/stars"


def _svg_polygons(out, sheets: str = "*", kind: str = "cards") -> list[list[tuple[float, float]]]:
    polygons = []
    for svg in sorted(out.glob(f"stars-{kind}-silhouette-sheet-{sheets}.svg")):
        for p in ET.parse(svg).getroot().iter(SVG_NS + "polygon"):
            polygons.append([tuple(map(float, xy.split(","))) for xy in p.get("points").split()])
    return polygons


def _on_star(points, star) -> float:
    """The farthest any of `points` lies from the star's sides (mm)."""
    return float(np.max(_distances(np.asarray(points, dtype=float), [star])))


def _distances(points: np.ndarray, stars) -> np.ndarray:
    """Each point's distance (mm) to the nearest side of any of `stars`."""
    best = np.full(len(points), np.inf)
    for star in stars:
        a = np.asarray(star, dtype=float)
        b = np.roll(a, -1, axis=0)
        for (ax, ay), (bx, by) in zip(a, b, strict=True):
            dx, dy = bx - ax, by - ay
            t = np.clip(((points[:, 0] - ax) * dx + (points[:, 1] - ay) * dy) / (dx * dx + dy * dy), 0, 1)
            best = np.minimum(best, np.hypot(points[:, 0] - ax - t * dx, points[:, 1] - ay - t * dy))
    return best


def _stars_of(polygons):
    """The star expected at each cut polygon's place (its bounding box's corner)."""
    return [expected_star(min(x for x, _ in p), min(y for _, y in p)) for p in polygons]


def test_a_star_outline_cuts_every_card_to_the_star_in_the_svg_and_the_dxf(built):
    import ezdxf

    polygons = _svg_polygons(built)
    assert len(polygons) == 6
    for polygon, star in zip(polygons, _stars_of(polygons), strict=True):
        assert max(math.dist(a, b) for a, b in zip(polygon, star, strict=True)) < 0.1  # every corner of the star, in order
    dxf_stars = []
    for dxf in sorted(built.glob("stars-cards-silhouette-sheet-*.dxf")):
        doc = ezdxf.readfile(dxf)
        page_h = float(ET.parse(dxf.with_suffix(".svg")).getroot().get("viewBox").split()[3])  # the DXF's y runs up from the page's foot
        dxf_stars += [[(x, page_h - y) for x, y, *_ in e.get_points("xyb")] for e in doc.modelspace().query("LWPOLYLINE") if e.closed]
    assert len(dxf_stars) == 6
    for cut, star in zip(sorted(dxf_stars), sorted(_stars_of(dxf_stars)), strict=True):
        assert len(cut) == 10 and _on_star(cut, star) < 0.1 and _on_star(star, cut) < 0.1


class Raster(NamedTuple):
    rgb: np.ndarray
    left_mm: float  # the page's part it shows starts this far from its left and top edges
    top_mm: float

    def mm(self, mask: np.ndarray) -> np.ndarray:
        """The centres of the pixels `mask` picks, in mm from the page's top-left."""
        ys, xs = np.nonzero(mask)
        return np.column_stack([self.left_mm + (xs + 0.5) * 25.4 / DPI, self.top_mm + (ys + 0.5) * 25.4 / DPI])


def test_a_token_set_with_a_star_outline_is_cut_to_the_star(built):
    polygons = _svg_polygons(built, kind="tokens")
    assert len(polygons) == 2
    for polygon, star in zip(polygons, _stars_of(polygons), strict=True):
        assert max(math.dist(a, b) for a, b in zip(polygon, star, strict=True)) < 0.1


@pytest.fixture(scope="module")
def front(built) -> Raster:
    """The first sheet of fronts at DPI, as RGB: the part of it the stars of the cut file and their bleeds take."""
    import pypdfium2 as pdfium

    corners = [p for polygon in _svg_polygons(built, "01") for p in polygon]
    left, top = min(x for x, _ in corners) - 3, min(y for _, y in corners) - 3
    right, bottom = max(x for x, _ in corners) + 3, max(y for _, y in corners) + 3
    doc = pdfium.PdfDocument(str(built / "stars-cards-silhouette.pdf"))
    try:
        page = doc[0]
        w, h = page.get_size()
        pt = 72 / 25.4
        image = page.render(scale=DPI / 72, crop=(left * pt, h - bottom * pt, w - right * pt, top * pt)).to_pil().convert("RGB")
        return Raster(np.asarray(image, dtype=np.int16), left, top)
    finally:
        doc.close()


def test_the_printed_cut_line_lies_on_the_star(built, front):
    stars = _stars_of(_svg_polygons(built, "01"))
    r, g, b = front.rgb[..., 0], front.rgb[..., 1], front.rgb[..., 2]
    near = front.rgb.max(axis=2) < 120  # the cutter's marks: their anti-aliased fringes are grey too
    for axis in (0, 1):
        near = np.logical_or.reduce([np.roll(near, k, axis) for k in range(-3, 4)])
    grey = (r > 40) & (np.abs(r - b) < 10) & (g < 240) & (g >= r) & ~near  # the grey line over the green art: never pure green, never paper
    near = _distances(front.mm(grey), stars)
    assert len(near) > 1000 and np.percentile(near, 99) < 0.2, np.percentile(near, [50, 99])


def test_no_two_stars_bleeds_meet_and_the_art_stays_in_its_bleed(built, front):
    polygons = _svg_polygons(built, "01")
    for i, a in enumerate(polygons):  # the bleed's edge is every point within BLEED of the cut: two meet where two cuts come closer than twice it
        for b in polygons[i + 1:]:
            assert min(np.min(_distances(np.asarray(a), [b])), np.min(_distances(np.asarray(b), [a]))) >= 2 * BLEED - 0.01
    green = (front.rgb[..., 1] > 150) & (front.rgb[..., 0] < 100) & (front.rgb[..., 2] < 100)
    edge = green & ~(np.roll(green, 1, 0) & np.roll(green, -1, 0) & np.roll(green, 1, 1) & np.roll(green, -1, 1))
    points = front.mm(edge)  # the art's edge: where it is farthest from its star (a region's distance from the star inside it peaks on its edge)
    assert len(points) > 5_000
    inside = np.zeros(len(points), dtype=bool)
    for star in polygons:  # even-odd: a pixel inside any star is art on its piece
        a = np.asarray(star)
        for (x1, y1), (x2, y2) in zip(a, np.roll(a, -1, axis=0), strict=True):
            crosses = ((y1 > points[:, 1]) != (y2 > points[:, 1])) & (points[:, 0] < x1 + (points[:, 1] - y1) * (x2 - x1) / (y2 - y1 + 1e-12))
            inside ^= crosses
    outside = points[~inside]
    assert len(outside) and np.max(_distances(outside, polygons)) <= BLEED + 0.13  # its bleed, and half a pixel's diagonal


def test_the_safe_area_follows_the_star(tmp_path):
    from pnp.data.project import Project

    game(tmp_path, {"stars": DECK}, {"star.svg": star_svg()})
    deck = Project(tmp_path).load_game("stars")[0].decks["stars"]
    depth = deck.shape.depth(*SIZE)
    centre = expected_star(0, 0)[0][0], 50 / 90.451 * SIZE[1]  # below its top point, its middle
    assert abs(depth(*centre) - 20 * SIZE[1] / 90.451) < 0.01  # its nearest cut: the inner corners, 20 units out
    assert depth(1.0, 1.0) < -5  # the box's corner is off the star: past the cut
    x0, y0 = expected_star(0, 0)[0]
    assert abs(depth(x0, y0 + 0.5)) < 0.5  # just below its top point, on the cut's edge


def test_a_curved_outline_is_flattened_within_its_tolerance(tmp_path):
    from pnp.data.outlines import FLATTEN_MM, read_outline

    circle = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 20"><path d="M0,10 A10,10 0 0 1 20,10 A10,10 0 0 1 0,10 Z"/></svg>'
    (tmp_path / "c.svg").write_text(circle)
    points = read_outline(tmp_path / "c.svg", "c.svg", tmp_path, (40.0, 40.0)).points
    radii = [math.hypot(x * 40 - 20, y * 40 - 20) for x, y in points]
    assert max(radii) <= 20.01 and min(radii) >= 20 - 0.05  # corners on a 20 mm circle (svglib's arcs are cubics, 0.03 % off)
    assert len(points) >= 8  # a curve, not the path's two end points
    corners_mm = [(x * 40, y * 40) for x, y in points]  # the outline's points are fractions of its 40 mm box
    sides = [math.dist(a, b) for a, b in zip(corners_mm, corners_mm[1:] + corners_mm[:1], strict=True)]
    sagitta = 20 - math.sqrt(20**2 - (max(sides) / 2) ** 2)  # how far the longest chord's middle lies inside the circle
    assert sagitta <= FLATTEN_MM + 0.01  # no side strays from the printed curve past the tolerance


BAD = {
    "none.svg": '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>',
    "open.svg": star_svg("M" + " L".join(f"{x:.5f},{y:.5f}" for x, y in STAR)),
    "two.svg": star_svg().replace("</g>", '<path d="M1,1 L5,1 L5,5 Z"/></g>'),
    "holed.svg": star_svg("M" + " L".join(f"{x:.5f},{y:.5f}" for x, y in STAR) + " Z M40,40 L60,40 L50,60 Z"),
    "broken.svg": '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">\n<path d="M0,0 L5,5 Z"></svg>',  # <path> never closed
    "garbled.svg": star_svg("M 1 1 L 2 x Z"),
}


def test_a_bad_outline_is_one_error_at_its_shape_line_saying_what_to_fix(tmp_path):
    from pnp.data.project import Project

    decks = {name.split(".")[0]: DECK.replace("outlines/star.svg", f"outlines/{name}") for name in BAD}
    decks["outside"] = DECK.replace("outlines/star.svg", "../../../../elsewhere.svg")
    decks["missing"] = DECK.replace("outlines/star.svg", "outlines/nowhere.svg")
    decks["misnamed"] = DECK.replace("outlines/star.svg", "star")
    decks["neighbour"] = DECK.replace("outlines/star.svg", "../../other/outlines/star.svg")  # inside the project, in another game
    game(tmp_path, decks, BAD, TOKENS.replace("star.svg", "open.svg"))
    (tmp_path.parent / "elsewhere.svg").write_text(star_svg())
    (tmp_path / "data/other/outlines").mkdir(parents=True)
    (tmp_path / "data/other/outlines/star.svg").write_text(star_svg())
    _, findings = Project(tmp_path).load_game("stars", partial=True)
    said = {str(f.loc).split("/")[-1]: f.message for f in findings if f.severity == "error"}
    # each at its `shape:` value, once; a file that is no XML at the mistake in it: `</svg>` closing the open <path>,
    # line 2, at the closing tag's name
    broken = f"broken.svg:2:{BAD['broken.svg'].splitlines()[1].index('</svg>') + 3}"
    assert set(said) == {f"{name}.yaml:3:8" for name in decks if name != "broken"} | {"tokens.yaml:2:43", broken}, said
    said["broken.yaml:3:8"] = said.pop(broken)
    assert "outlines/open.svg's path is open" in said["tokens.yaml:2:43"]
    wanted = {"none": "draws no <path>", "open": "is open", "two": "2 paths", "holed": "2 paths", "broken": "not valid SVG",
              "outside": "outside the game folder", "neighbour": "outside the game folder", "missing": "cannot be read", "misnamed": "or an outline's .svg file",
              "garbled": "svglib cannot read"}
    for name, words in wanted.items():
        assert words in said[f"{name}.yaml:3:8"], said[f"{name}.yaml:3:8"]


def test_a_decks_outline_in_the_games_own_outlines_folder_is_cut_to_it(tmp_path):
    """The game's folder is the line an outline may not leave, not the deck's: a deck naming `../outlines/star.svg`
    (data/stars/outlines, beside its decks/ folder, inside the game) validates without a finding and is cut to the star."""
    game(tmp_path, {"stars": DECK.replace("count: 6", "count: 1").replace("outlines/star.svg", "../outlines/star.svg")}, {"star.svg": star_svg()})
    (tmp_path / "data/stars/decks/outlines/star.svg").unlink()  # only the game's own outlines/ folder holds it
    result = run_pnp(tmp_path, "build", "--only", "cards", "--cutter", "silhouette", "stars")
    assert result.exit_code == 0 and ": error: " not in result.stderr and ": warning: " not in result.stderr, result.output + result.stderr
    polygons = _svg_polygons(tmp_path / "output/stars")
    assert len(polygons) == 1 and max(math.dist(a, b) for a, b in zip(polygons[0], _stars_of(polygons)[0], strict=True)) < 0.1


def test_an_outline_edited_after_a_build_is_cut_in_the_next_build(tmp_path):
    one = DECK.replace("count: 6", "count: 1")
    game(tmp_path, {"stars": one}, {"star.svg": star_svg()}, TOKENS.replace("count: 2", "count: 1"))
    for svg in (star_svg(), star_svg("M0,0 L100,0 L50,100 Z")):  # a star, then a triangle in the same files
        for beside in ("decks/outlines", "outlines"):
            (tmp_path / f"data/stars/{beside}/star.svg").write_text(svg)
        result = run_pnp(tmp_path, "build", "--only", "cards", "--only", "tokens", "--cutter", "silhouette", "stars")
        assert result.exit_code == 0, result.output + result.stderr
    for kind in ("cards", "tokens"):
        assert [len(p) for p in _svg_polygons(tmp_path / "output/stars", kind=kind)] == [3], kind


# which outline file an edit changes: the deck's, or the token set's (named in capitals, STAR.SVG, in its game.yaml)
EDITED = {"cards": "data/stars/decks/outlines/star.svg", "tokens": "data/stars/outlines/STAR.SVG"}


@pytest.mark.parametrize("edited", ["cards", "tokens"])
def test_an_edit_to_one_outline_alone_reaches_its_own_sheets(tmp_path, edited):
    """Card and token sheets are kept by what they read: an edit to one kind's outline file only (the other kind's, a
    file of its own, stays a star) is cut in the next build's sheets of that kind, and the other kind keeps its star."""
    game(tmp_path, {"stars": DECK.replace("count: 6", "count: 1")}, {"star.svg": star_svg()},
         TOKENS.replace("count: 2", "count: 1").replace("outlines/star.svg", "outlines/STAR.SVG"))
    (tmp_path / "data/stars/outlines/star.svg").rename(tmp_path / EDITED["tokens"])
    build = ("build", "--only", "cards", "--only", "tokens", "--cutter", "silhouette", "stars")
    assert run_pnp(tmp_path, *build).exit_code == 0
    (tmp_path / EDITED[edited]).write_text(star_svg("M0,0 L100,0 L50,100 Z"))
    result = run_pnp(tmp_path, *build)
    assert result.exit_code == 0, result.output + result.stderr
    other = "tokens" if edited == "cards" else "cards"
    assert [len(p) for p in _svg_polygons(tmp_path / "output/stars", kind=edited)] == [3]
    assert [len(p) for p in _svg_polygons(tmp_path / "output/stars", kind=other)] == [len(STAR)]


U = ((0, 0), (1, 0), (1, 1), (0.7, 1), (0.7, 0.3), (0.3, 0.3), (0.3, 1), (0, 1))  # a U upside down: its middle is outside it


@pytest.mark.parametrize("outline", ["star", "U"])
def test_the_sliver_check_reads_an_outlines_edge_inside_it_and_its_bleed_outside(outline):
    """A face painted red exactly on its outline: the strip inside the cut is red all round, the strip outside it (in
    the bleed) never red, in a star's notches and a U's gap as on their outer sides."""
    from pnp.core.shapes import Shape
    from pnp.layout.elements import Face, Polygon
    from pnp.layout.slivers import shaped_edges

    xs, ys = [p[0] for p in STAR], [p[1] for p in STAR]
    unit = tuple(((x - min(xs)) / (max(xs) - min(xs)), (y - min(ys)) / (max(ys) - min(ys))) for x, y in STAR) if outline == "star" else U
    for points in (unit, unit[::-1]):  # drawn either way round
        painted = tuple((x * SIZE[0], y * SIZE[1]) for x, y in points)
        face = Face(*SIZE, BLEED, (Polygon(painted, "#ff0000", None, 0.0, True),), frozenset())
        inner, outer = shaped_edges(face, Shape("outline", points=points))
        assert len(inner.colours) > 100 and set(inner.colours) == {"#ff0000"} and "#ff0000" not in outer.colours


NASTY = ["M", "Z", "M 1", "M 1 1 L", "M 1 1 L 2 x Z", "M 0 0 L 1e400 0 L 0 9 Z", "M 0 0 C nan 0 1 1 0 10 Z", "M 0 0 A 0 0 0 1 1 9 9 Z",
         "M 0 0 A 1e9 1 0 1 1 9 9 Z", "M 0 0 Q 5 5", "M 0 0 h 10 v 10 z m 1 1", "M 0 0 L 10 0 L 10 10 L 0 10 L 0 0", ".5.5.5", "M 0,0 T 9 9 S 1 1 2 2 Z"]


def test_any_path_data_is_an_outline_or_a_refusal_never_a_crash(tmp_path):
    """Whatever a path's d holds (broken commands, no numbers, infinities, an arc of no radius), the outline is read or
    refused with what to do (OutlineRefused), never pnp's own error."""
    from pnp.data.outlines import OutlineRefused, read_outline

    for d in NASTY:
        (tmp_path / "o.svg").write_text(star_svg(d))
        try:
            points = read_outline(tmp_path / "o.svg", "o.svg", tmp_path, (40.0, 40.0)).points
        except OutlineRefused:
            continue
        assert len(points) >= 3 and all(0 <= x <= 1 and 0 <= y <= 1 for x, y in points), d


def test_an_exports_cut_mask_is_opaque_inside_the_outline_and_clear_in_its_gap():
    """The mask a print service or Tabletop Simulator cuts a piece by follows a drawn outline: a U's arms are kept, the
    gap between them (inside its box, outside its cut) is clear."""
    from pnp.core.shapes import Shape
    from pnp.targets.rendering import cut_mask

    mask = cut_mask(Shape("outline", points=U), (200, 200), (40.0, 40.0))
    px = lambda x_mm, y_mm: mask.getpixel((round(x_mm * 5), round(y_mm * 5)))  # noqa: E731 (5 px a mm)
    assert px(5, 35) > 250 and px(35, 35) > 250 and px(20, 5) > 250  # both arms and the bar across the top
    assert px(20, 30) < 5  # the gap between the arms


def test_a_version_stamp_on_a_star_card_lies_inside_the_star():
    """The box's corner is off a star: the stamp moves in until its box lies inside the cut, as on a round card."""
    from pnp.core.shapes import Shape
    from pnp.layout.elements import Face, Text
    from pnp.layout.stamp import INSET_MM, stamped

    xs, ys = [p[0] for p in STAR], [p[1] for p in STAR]
    star = Shape("outline", points=tuple(((x - min(xs)) / (max(xs) - min(xs)), (y - min(ys)) / (max(ys) - min(ys))) for x, y in STAR))
    face = stamped(Face(*SIZE, BLEED, (), frozenset()), "v1.0", "bottom-left", "Helvetica", "#000000", shape=star)
    text = next(e for e in face.elements if isinstance(e, Text))
    depth = star.depth(*SIZE)
    assert min(depth(text.x + dx, text.y + dy) for dx in (0, 3) for dy in (0, 1.5)) >= INSET_MM - 0.01


def test_an_outline_stretched_to_its_size_is_a_warning_at_its_shape_line_naming_the_size_that_keeps_it(tmp_path):
    """The star is 95.106 × 90.451 units: on a 60 mm square card it is stretched 5 % taller than drawn, and said; on
    SIZE (its proportions at half size) nothing is said."""
    from pnp.data.project import Project

    game(tmp_path, {"stars": DECK, "square": DECK.replace("47.553 x 45.225", "60")}, {"star.svg": star_svg()})
    _, findings = Project(tmp_path).load_game("stars")
    said = [f for f in findings if f.code == "outline-stretched"]
    assert [str(f.loc).split("/")[-1] for f in said] == ["square.yaml:3:8"]
    assert "5 % taller" in said[0].message and "60 x 57.06 mm" in said[0].message, said[0].message


def test_an_outline_stretched_past_one_percent_is_said_and_one_within_it_is_not(tmp_path):
    """docs/data-format.md: more than 1 % out of its proportions is a warning. The star (95.106 × 90.451 units) on
    48.504 × 45.225 mm is 2 % wider than drawn, said; on 47.791 × 45.225 mm 0.5 % wider, not said."""
    from pnp.data.project import Project

    decks = {"wider": DECK.replace("47.553 x 45.225", "48.504 x 45.225"), "near": DECK.replace("47.553 x 45.225", "47.791 x 45.225")}
    game(tmp_path, decks, {"star.svg": star_svg()})
    _, findings = Project(tmp_path).load_game("stars")
    said = [f for f in findings if f.code == "outline-stretched"]
    assert [str(f.loc).split("/")[-1] for f in said] == ["wider.yaml:3:8"] and "2 % wider" in said[0].message, [f.message for f in said]


def test_validate_judges_a_star_deck_as_its_sheets_cut_it_each_star_on_its_own(tmp_path):
    """Stars of two colours side by side share no cut (each is cut round its own outline, 2 mm from the next): pnp
    validate, which plans the sheets without drawing them, says no sliver across a shared cut, as the build does."""
    two = DECK.replace("cards:\n  - {id: star, count: 6}", "cards:\n  - {id: gold, tint: '#f3d36b', count: 1}\n  - {id: blue, tint: '#2e6da4', count: 1}")
    game(tmp_path, {"stars": two}, {"star.svg": star_svg()})
    (tmp_path / "templates/stars/green.j2").write_text(GREEN.replace('"#00ff00"', "card.tint"))
    result = run_pnp(tmp_path, "validate", "stars")
    assert result.exit_code == 0 and "shared cut" not in result.output + result.stderr, result.output + result.stderr


def test_a_corner_radius_on_a_deck_with_no_corners_is_one_warning_at_it_and_each_shape_is_cut_as_named(tmp_path):
    """`corner_radius:` rounds a rectangle's corners; on a round, hex or outline deck it has nothing to round, so it is
    one warning at its own line and column (a rect deck's is no finding, nor is a shaped deck without one). Each deck
    is cut as its `shape:` names it: a circle, a hexagon flat or pointy on top, the star's outline, a rounded rectangle."""
    from pnp.data.project import Project

    radius = "corner_radius: 3\n"  # line 4 of each deck, its value at column 16
    decks = {"disc": DECK.replace("outlines/star.svg", "round") + radius, "flat": DECK.replace("outlines/star.svg", "hex") + radius,
             "pointy": DECK.replace("outlines/star.svg", "hex\nhex_top: pointy"), "star": DECK + radius,
             "rounded": DECK.replace("outlines/star.svg", "rect") + radius, "plain": DECK.replace("outlines/star.svg", "round")}
    decks = {name: text.replace("name: Stars", f"name: {name}") for name, text in decks.items()}
    for name in ("disc", "flat", "star", "rounded"):  # corner_radius as the deck's fourth line, after its shape
        lines = decks[name].splitlines(keepends=True)
        decks[name] = "".join([*lines[:3], lines[-1], *lines[3:-1]])
    game(tmp_path, decks, {"star.svg": star_svg()})
    loaded, findings = Project(tmp_path).load_game("stars", partial=True)
    said = sorted((f.severity, f.code, str(f.loc).split("/")[-1]) for f in findings)
    assert said == [("warning", "corner-radius-unused", f"{name}.yaml:4:16") for name in ("disc", "flat", "star")], said
    shapes = {deck.name: deck.shape for deck in loaded.decks.values()}
    assert shapes["disc"].kind == shapes["plain"].kind == "circle"
    assert shapes["flat"].kind == shapes["pointy"].kind == "hexagon" and not shapes["flat"].pointy and shapes["pointy"].pointy
    assert shapes["star"].kind == "outline" and len(shapes["star"].points) == len(STAR)
    assert shapes["rounded"].kind == "rounded" and shapes["rounded"].radius == 3


def test_a_text_an_edited_outline_now_cuts_is_warned_in_the_next_build_as_validate_warns_it(tmp_path):
    """Each face is kept with the cut it was drawn for: a deck's outline file edited alone from a square to a triangle
    (point down) draws its faces again, so a word 6 mm inside the square's lower left corner, past the triangle's side,
    is warned in the rebuild as validate warns it, not printed silent from the last build's square faces."""
    square, triangle = star_svg("M0,0 L100,0 L100,100 L0,100 Z"), star_svg("M0,0 L100,0 L50,100 Z")
    game(tmp_path, {"stars": DECK.replace("count: 6", "count: 1")}, {"star.svg": square})
    (tmp_path / "templates/stars/green.j2").write_text(GREEN + '\n{{ text("Corner", 6, 32, 12, 6, size=8) }}\n')
    first = run_pnp(tmp_path, "build", "--only", "cards", "stars")
    assert first.exit_code == 0 and "safe area" not in first.stderr, first.output + first.stderr
    (tmp_path / "data/stars/decks/outlines/star.svg").write_text(triangle)
    rebuilt = run_pnp(tmp_path, "build", "--only", "cards", "stars")
    warned = [line for line in rebuilt.stderr.splitlines() if "safe area" in line]
    assert warned and all("text 'Corner'" in line for line in warned), rebuilt.stderr
    assert warned == [line for line in run_pnp(tmp_path, "validate", "stars").stderr.splitlines() if "safe area" in line]
