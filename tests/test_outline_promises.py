"""A die-cut outline file read and checked as its promises say (issue 101 item 1; pnp/data/outlines.py): where it may
be and what is refused, each finding once at its `shape:` with its code and game; the SVG's transforms and shapes
read where the drawing puts them; curves flattened within 0.02 mm of the printed curve; ends that meet closed, a
path enclosing nothing refused; the crossing check at its edges (a curve of as many corners as an outline may have
taken wherever its drawing puts it, a path too intricate to check refused with what to do, crossings found where the
search's grid files no other side beside them); an edit to a token set's outline alone reaching its sheets. Expected
figures come from geometry: the drawing's own corners and curves, the piece's size.
"""
from __future__ import annotations

import math
from pathlib import Path

import pytest
from conftest import run_pnp
from test_cut_promises import GAME, deck

# ---------------------------------------------------------------------------------------------------------------------
# a die-cut outline checked for crossing itself: an intricate curve taken, a path too intricate to check refused, and
# crossings found wherever they lie in the search's grid


def _circle(n: int, cx: float, cy: float, r: float = 50.0) -> list[tuple[float, float]]:
    return [(cx + r * math.cos(2 * math.pi * i / n), cy + r * math.sin(2 * math.pi * i / n)) for i in range(n)]


def _validated(root: Path, outlines: dict[str, tuple[str, str]]) -> dict[str, list[str]]:
    """`pnp validate cuts` on a game of one deck per outline (deck name → (its SVG, its size)): the error and warning
    lines said, by deck, each line from its ` error: ` or ` warning: ` on."""
    (root / "data/cuts/decks/outlines").mkdir(parents=True)
    (root / "templates/cuts").mkdir(parents=True)
    (root / "data/cuts/game.yaml").write_text(GAME)
    (root / "templates/cuts/blank.j2").write_text("")
    for name, (svg, size) in outlines.items():
        (root / f"data/cuts/decks/outlines/{name}.svg").write_text(svg)
        (root / f"data/cuts/decks/{name}.yaml").write_text(deck(name.title(), size, 1, f"outlines/{name}.svg"))
    result = run_pnp(root, "validate", "cuts")
    assert "internal error" not in result.output + result.stderr and "Traceback" not in result.output + result.stderr
    said: dict[str, list[str]] = {name: [] for name in outlines}
    for line in result.stderr.splitlines():
        if ": error: " in line or ": warning: " in line:
            at, _, words = line.partition(": ")
            said[Path(at.split(":")[0]).stem].append(words)
    return said


def _outline_svg_text(body: str, box: str = "0 0 100 100") -> str:
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{box}">{body}</svg>'


def _polygon_outline_text(points) -> str:
    """A polygon of `points`, in a 100-unit box from its least x and y."""
    return _outline_svg_text('<polygon points="' + " ".join(f"{x:.4f},{y:.4f}" for x, y in points) + '"/>',
                "{:g} {:g} 100 100".format(*(min(axis) for axis in zip(*points, strict=True))))


CROSSES = "error: shape: outline file outlines/{}.svg's path crosses itself, {:.1f} mm from the left and {:.1f} mm from the top of the piece it fills"


def test_a_curve_of_twenty_thousand_corners_is_checked_and_taken_wherever_its_drawing_puts_it(tmp_path):
    """A circle flattened to 19,999 corners (an outline may have 20,000) never crosses itself, and is checked in time
    whether its drawing's units put it at the origin or 100,000 units away on either side (a drawing exported with its
    page's offset): the search may not grow with where the path lies, only with its corners. `pnp validate` says
    nothing of any of the three."""
    said = _validated(tmp_path, {name: (_polygon_outline_text(_circle(19_999, *at)), "40 x 40")
                                 for name, at in (("origin", (50.0, 50.0)), ("far", (1e5, 1e5)), ("behind", (-1e5, -1e5)))})
    assert said == {"origin": [], "far": [], "behind": []}


def _comb(teeth: int) -> list[tuple[float, float]]:
    """A comb of `teeth` long thin teeth across a 100 unit box, closed below: it never crosses itself, yet every side
    runs the box's whole height past every other side's neighbours."""
    return [(100 * i / (teeth - 1), 0.0 if i % 2 == 0 else 100.0) for i in range(teeth)] + [(100.0, -10.0), (0.0, -10.0)]


def test_a_path_too_intricate_to_check_is_one_error_at_its_shape_naming_its_file_and_corners(tmp_path):
    """An outline of 5,002 corners whose sides all run the drawing's whole height (a comb of 5,000 teeth) is more than
    the crossing check's bound of work: `pnp validate` says so once, at the deck's `shape:`, naming the file and its
    corners and asking for fewer, rather than spending minutes on it. A comb of 500 teeth is checked and taken."""
    (tmp_path / "data/cuts/decks/outlines").mkdir(parents=True)
    (tmp_path / "templates/cuts").mkdir(parents=True)
    (tmp_path / "data/cuts/game.yaml").write_text(GAME)
    (tmp_path / "templates/cuts/blank.j2").write_text("")
    for name, teeth in (("comb", 5_000), ("small", 500)):
        d = "M" + " L".join(f"{x:.4f},{y:g}" for x, y in _comb(teeth)) + " Z"
        (tmp_path / f"data/cuts/decks/outlines/{name}.svg").write_text(
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 -10 100 110"><path d="{d}"/></svg>')
        (tmp_path / f"data/cuts/decks/{name}.yaml").write_text(deck(name.title(), "40 x 44", 1, f"outlines/{name}.svg"))
    result = run_pnp(tmp_path, "validate", "cuts")
    errors = [line for line in result.stderr.splitlines() if ": error: " in line]
    assert result.exit_code == 1 and len(errors) == 1, result.stderr
    assert errors[0].startswith("data/cuts/decks/comb.yaml:3:8: error: "), errors
    assert "outline file outlines/comb.svg's 5,002 corners" in errors[0] and "simplify the path" in errors[0], errors
    assert "internal error" not in result.output + result.stderr


def test_two_sides_crossing_where_no_other_side_passes_are_found_where_they_cross(tmp_path):
    """Side A–B (y = x / 2) and side C–D cross at (50, 25), and the four sides between and after them run round far
    from there (along x = 100, y = 100, y = -50 and x = 0): the crossing is found, at that point, though no other side
    is filed beside the two. The drawing spans 100 × 150 units from (0, -50): on a 100 × 150 mm piece the crossing
    lies 50 mm from the left and 75 mm from the top."""
    path = [(0.0, 0.0), (100.0, 50.0), (100.0, 100.0), (60.0, 100.0), (40.0, -50.0), (0.0, -50.0)]
    d = "M" + " L".join(f"{x:g},{y:g}" for x, y in path) + " Z"
    said = _validated(tmp_path, {"twisted": (_outline_svg_text(f'<path d="{d}"/>', "0 -50 100 150"), "100 x 150")})
    assert len(said["twisted"]) == 1 and said["twisted"][0].startswith(CROSSES.format("twisted", 50, 75)), said


def test_a_bow_tie_whose_corners_lie_one_unit_of_turn_from_the_other_stroke_is_found_crossing(tmp_path):
    """A bow tie whose strokes, (0.5, 1)–(0.5, -1) and (0, 0)–(1, 0), cross at (0.5, 0), each stroke's ends lying exactly
    one unit of turn (twice a triangle's area: 1 × 1) either side of the other stroke's line; drawn from either stroke
    first and either way along it, each of those turns is +1 or -1 in one of the four. Each is found crossing at
    (0.5, 0): the middle of a 100 × 200 mm piece, 50 mm from the left and 100 mm from the top."""
    outlines = {}
    for turned in range(4):
        upright, across = [(0.5, 1.0), (0.5, -1.0)], [(0.0, 0.0), (1.0, 0.0)]
        if turned & 1:
            upright = upright[::-1]
        path = upright + across if turned < 2 else across + upright
        d = "M" + " L".join(f"{x:g},{y:g}" for x, y in path) + " Z"
        outlines[f"bow{turned}"] = (_outline_svg_text(f'<path d="{d}"/>', "0 -1 1 2"), "100 x 200")
    said = _validated(tmp_path, outlines)
    for name, lines in said.items():
        assert len(lines) == 1 and lines[0].startswith(CROSSES.format(name, 50, 100)), (name, lines)


@pytest.mark.parametrize(("outer", "inner"), [((30.0, 1.0, 1.0), (0.0, 2.0, 1.0)), ((20.0, 1.0, 1.0), (25.0, 2.0, 1.0)), ((-35.0, 1.5, 0.5), (50.0, 1.0, 3.0))])
def test_an_outline_inside_nested_transforms_is_read_where_the_drawing_puts_it(tmp_path, outer, inner):
    """A triangle drawn inside a group turned and scaled inside another group turned, scaled and moved, as a path and as
    a polygon: read as the SVG rules place it (the inner transform first, then the outer), so on a 40 × 10 mm piece the
    stretch warning names the size that keeps the placed triangle's own width to height. A lopsided bow tie drawn there
    crosses where the transforms put its crossing, said in mm of the 100 × 100 mm piece its placed corners span. Each group is
    rotate(angle) scale(sx sy)."""
    def placed_by(angle, sx, sy):
        turn = math.radians(angle)
        return lambda x, y: (math.cos(turn) * sx * x - math.sin(turn) * sy * y, math.sin(turn) * sx * x + math.cos(turn) * sy * y)

    def placed(points):
        return [placed_by(*outer)(*placed_by(*inner)(x, y)) for x, y in points]

    group = 'rotate({:g}) scale({:g} {:g})'
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="-60 -60 120 120"><g transform="translate(5 -3) {group.format(*outer)}">'
           f'<g transform="{group.format(*inner)}">{{}}</g></g></svg>')
    triangle = placed([(0.0, 0.0), (10.0, 0.0), (0.0, 5.0)])
    aspect = (max(x for x, _ in triangle) - min(x for x, _ in triangle)) / (max(y for _, y in triangle) - min(y for _, y in triangle))
    bow = placed([(0.0, 0.0), (10.0, 5.0), (10.0, 0.0), (0.0, 2.0)])  # its sides y = x / 2 and y = 2 - x / 5 cross off its middle
    ((cx, cy),) = placed([(20 / 7, 10 / 7)])
    xs, ys = [x for x, _ in bow], [y for _, y in bow]
    crossing = ((cx - min(xs)) / (max(xs) - min(xs)) * 100, (cy - min(ys)) / (max(ys) - min(ys)) * 100)
    said = _validated(tmp_path, {"path": (svg.format('<path d="M0,0 L10,0 L0,5 Z"/>'), "40 x 10"),
                                 "polygon": (svg.format('<polygon points="0,0 10,0 0,5"/>'), "40 x 10"),
                                 "bow": (svg.format('<path d="M0,0 L10,5 L10,0 L0,2 Z"/>'), "100 x 100"),
                                 "bowpolygon": (svg.format('<polygon points="0,0 10,5 10,0 0,2"/>'), "100 x 100")})
    for name in ("path", "polygon"):
        assert len(said[name]) == 1 and f"40 x {40 / aspect:.4g} mm" in said[name][0], (said[name], aspect)
    for name in ("bow", "bowpolygon"):
        assert len(said[name]) == 1 and said[name][0].startswith(CROSSES.format(name, *crossing)), (said[name], crossing)


SQUARE = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><path d="M0,0 L100,0 L100,100 L0,100 Z"/></svg>'
OUTLINE_FILES = {"square.svg": SQUARE, "open.svg": SQUARE.replace(" Z", ""), "broken.svg": "<svg", "icon file.svg": "<svg",
                 "two.svg": SQUARE.replace(" Z", "").replace("</svg>", '<path d="M10,10 L50,10 L50,50 Z"/></svg>')}
OUTLINE_DECKS = {  # deck → (its shape:, its size)
    "open": ("outlines/open.svg", "40 x 40"), "missing": ("outlines/nowhere.svg", "40 x 40"), "broken": ("outlines/broken.svg", "40 x 40"),
    "nul": ('"outlines/a\\0.svg"', "40 x 40"), "wide": ("outlines/square.svg", "60 x 40"), "tall": ("outlines/square.svg", "40 x 50"),
    "fits": ("outlines/square.svg", "40 x 40"), "named": ("outlines/icon file.svg", "40 x 40"), "two": ("outlines/two.svg", "40 x 40")}


def test_validate_says_each_outline_finding_once_at_its_shape_with_its_code_and_game(tmp_path):
    """`pnp validate` on decks and a token set whose outlines are open, missing, not SVG, not a file name, or drawn
    square for an oblong piece: each is one finding at its `shape:` value (line 3, column 8 of its deck; the token
    set's line), or, for a file that is not XML, at the mistake in the file (its path from the project), of the game `cuts`, with its code, naming the file as written; the summary counts them. A square
    outline filling 60 × 40 mm is stretched 60 / 40 = 1.5 times, said '50 % wider' with the size that keeps it
    square, 60 x 60 mm; on 40 × 50 mm it is 50 / 40 = 1.25 times as tall, '25 % taller', kept by 40 x 40 mm. A file
    whose own name holds the words 'icon file' is named as written; an open path beside a closed one is two paths. A
    corner radius on a round deck is one warning at it, saying what to do."""
    import json

    (tmp_path / "data/cuts/decks/outlines").mkdir(parents=True)
    (tmp_path / "data/cuts/outlines").mkdir(parents=True)
    (tmp_path / "templates/cuts").mkdir(parents=True)
    (tmp_path / "data/cuts/game.yaml").write_text(GAME)
    (tmp_path / "templates/cuts/blank.j2").write_text("")
    for name, text in OUTLINE_FILES.items():
        (tmp_path / f"data/cuts/decks/outlines/{name}").write_text(text)
    (tmp_path / "data/cuts/outlines/open.svg").write_text(OUTLINE_FILES["open.svg"])
    for name, (shape, size) in OUTLINE_DECKS.items():
        (tmp_path / f"data/cuts/decks/{name}.yaml").write_text(deck(name.title(), size, 1, shape))
    (tmp_path / "data/cuts/decks/disc.yaml").write_text(deck("Disc", 40, 1, "round") + "corner_radius: 3\n")
    (tmp_path / "data/cuts/tokens.yaml").write_text("tokens:\n  - {id: bits, name: Bits, shape: outlines/open.svg, size: 20, count: 1, front: cuts/blank.j2}\n")
    result = run_pnp(tmp_path, "validate", "--format", "json", "cuts")
    found = {f"{f['file'].split('/')[-1]}:{f['line']}:{f['column']}": f for f in json.loads(result.output)}
    at_files = {"broken.svg:1:1", "icon file.svg:1:1"}  # a file that is no XML: at the mistake in it (`<svg` left open at its start)
    assert set(found) == {f"{name}.yaml:3:8" for name in OUTLINE_DECKS if name not in ("fits", "broken", "named")} | {"tokens.yaml:2:35", "disc.yaml:7:16"} | at_files, sorted(found)
    assert all(f["game"] == "cuts" for f in found.values()), found
    # the file's own place, from the project's folder as every finding's file is, so an editor opens it from the line
    assert sorted(found[key]["file"] for key in at_files) == ["data/cuts/decks/outlines/broken.svg", "data/cuts/decks/outlines/icon file.svg"], found
    errors = {key: f["message"] for key, f in found.items() if f["severity"] == "error" and f["code"] == "outline-file"}
    warnings = {key: f["message"] for key, f in found.items() if f["severity"] == "warning" and f["code"] == "outline-stretched"}
    assert set(warnings) == {"wide.yaml:3:8", "tall.yaml:3:8"} and len(errors) == 7, found
    assert "outline file outlines/open.svg's path is open" in errors["open.yaml:3:8"] and "outlines/open.svg's path is open" in errors["tokens.yaml:2:35"]
    assert errors["missing.yaml:3:8"].startswith("shape: outline file outlines/nowhere.svg cannot be read (")
    assert errors["missing.yaml:3:8"].endswith("check it exists and you may read it")
    assert errors["broken.svg:1:1"].startswith("outline file outlines/broken.svg is not valid SVG")
    assert errors["icon file.svg:1:1"].startswith("outline file outlines/icon file.svg is not valid SVG")  # its name as written
    assert "is no file name: name an .svg file inside the game's folder" in errors["nul.yaml:3:8"]
    assert "outline file outlines/two.svg has 2 paths" in errors["two.yaml:3:8"]  # an open path and a closed one: two, however drawn
    wide, tall = warnings["wide.yaml:3:8"], warnings["tall.yaml:3:8"]
    assert "outline file outlines/square.svg is drawn as wide as high, and" in wide and " 50 % wider than drawn" in wide and "60 x 60 mm" in wide
    assert "outline file outlines/square.svg" in tall and " 25 % taller than drawn" in tall and "40 x 40 mm" in tall
    radius = found.pop("disc.yaml:7:16")  # a corner radius on a deck with no corners
    assert radius["code"] == "corner-radius-unused" and radius["message"] == (
        "corner_radius rounds a rect deck's corners, and a 'round' deck has none: remove it, or make the deck `shape: rect`"), radius
    text = run_pnp(tmp_path, "validate", "cuts")
    assert "cuts: 7 errors, 3 warnings" in text.output + text.stderr and "internal error" not in text.output + text.stderr


def test_a_square_drawn_a_hair_off_square_is_said_drawn_as_wide_as_high(tmp_path):
    """A square traced by hand is seldom square to the unit: one 100.04 units wide and 100 high (a snap left 0.04 over)
    is as wide as high to the three figures the warning shows, and is said so, never 'drawn 1 times as wide as high'.
    On a 60 × 40 mm piece it is stretched 1.5 times all the same: '50 % wider'."""
    (tmp_path / "data/cuts/decks/outlines").mkdir(parents=True)
    (tmp_path / "templates/cuts").mkdir(parents=True)
    (tmp_path / "data/cuts/game.yaml").write_text(GAME)
    (tmp_path / "templates/cuts/blank.j2").write_text("")
    (tmp_path / "data/cuts/decks/outlines/traced.svg").write_text(SQUARE.replace("L100,0 L100,100", "L100.04,0 L100.04,100"))
    (tmp_path / "data/cuts/decks/wide.yaml").write_text(deck("Wide", "60 x 40", 1, "outlines/traced.svg"))
    result = run_pnp(tmp_path, "validate", "cuts")
    said = [line for line in result.output.splitlines() if ": warning: " in line]
    assert len(said) == 1 and said[0].startswith("data/cuts/decks/wide.yaml:3:8: warning: shape: outline file outlines/traced.svg is drawn as "
                                                  "wide as high, and the piece's size 60 × 40 mm stretches it 50 % wider than drawn"), result.output


def _outline_svg(tmp_path: Path, name: str, body: str, box: str = "0 0 100 100") -> Path:
    (tmp_path / name).write_text(f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{box}">{body}</svg>')
    return tmp_path / name


def test_an_outline_is_closed_where_its_ends_meet_and_refused_where_it_encloses_nothing(tmp_path):
    """A square drawn back to its first corner without a Z is closed, and so is one whose ends miss by half a millionth
    of its size (ends a millionth apart or closer meet); a square drawn in a box half a unit wide is read as any other:
    `pnp validate` says nothing of them on a square piece. A line drawn there and back (no height) and a triangle
    enclosing half a millionth of its box (0.005 of 100 × 100 units, its third corner off the diagonal) enclose
    nothing: each is one error saying so."""
    said = _validated(tmp_path, {
        "back": (_outline_svg_text('<path d="M0,0 L100,0 L100,100 L0,100 L0,0"/>'), "40 x 40"),
        "near": (_outline_svg_text('<path d="M0,0 L100,0 L100,100 L0,100 L0.00005,0"/>'), "40 x 40"),
        "small": (_outline_svg_text('<path d="M0,0 L0.5,0 L0.5,0.5 L0,0.5 Z"/>', "0 0 0.5 0.5"), "40 x 40"),
        "line": (_outline_svg_text('<path d="M0,50 L100,50 L40,50 L70,50 Z"/>'), "40 x 40"),
        "sliver": (_outline_svg_text('<path d="M0,0 L100,100 L50,50.0001 Z"/>'), "40 x 40")})
    assert said["back"] == said["near"] == said["small"] == [], said
    for name in ("line", "sliver"):
        assert len(said[name]) == 1 and said[name][0].startswith(f"error: shape: outline file outlines/{name}.svg"), said
        assert "encloses nothing" in said[name][0], said


def test_a_crossing_on_an_oblong_piece_is_placed_in_millimetres_across_and_down_it(tmp_path):
    """A bow tie filling a 60 × 40 mm piece crosses at its centre: 30.0 mm from the left and 20.0 mm from the top."""
    said = _validated(tmp_path, {"bow": (_outline_svg_text('<path d="M0,0 L100,100 L100,0 L0,100 Z"/>'), "60 x 40")})
    assert len(said["bow"]) == 1 and said["bow"][0].startswith(CROSSES.format("bow", 30, 20)), said


def test_an_outline_of_twenty_thousand_corners_is_read_and_one_more_is_refused(tmp_path):
    """An outline may have 20,000 corners: a polygon of 20,000 is taken, one of 20,001 is one error saying so."""
    said = _validated(tmp_path, {f"c{n}": (_polygon_outline_text(_circle(n, 50.0, 50.0)), "40 x 40") for n in (20_000, 20_001)})
    assert said["c20000"] == [] and len(said["c20001"]) == 1 and "makes 20,001 corners, over 20,000" in said["c20001"][0], said


@pytest.mark.parametrize("size", [(40.0, 40.0), (80.0, 20.0), (20.0, 80.0)])
@pytest.mark.parametrize("sideways", [False, True])
def test_a_curve_is_flattened_to_straight_pieces_within_its_tolerance_of_the_printed_curve(tmp_path, size, sideways):
    """An arch drawn as one quadratic curve, whose bend is the same all along (so the bound that sets the pieces is
    nearly met), upright or on its side, filling a square piece and oblong ones either way (its drawing stretched to
    them): every point of the true curve (its Bézier worked out here, 300 points a piece) lies within 0.02 mm of the
    straight pieces the outline is made of, measured in mm on the piece, along whichever axis the drawing is stretched
    more. (The bound was once set by the axis stretched less: 0.029 mm off on a square piece.)"""
    from pnp.data.outlines import FLATTEN_MM, read_outline

    p0, p1, p2 = (0.0, 100.0), (50.0, 0.0), (100.0, 100.0)  # the arch; its foot closed by a straight line
    if sideways:
        p0, p1, p2 = ((y, x) for x, y in (p0, p1, p2))
    path = _outline_svg(tmp_path, "arch.svg", f'<path d="M{p0[0]},{p0[1]} Q{p1[0]},{p1[1]} {p2[0]},{p2[1]} Z"/>', "0 0 100 100")
    corners = [(x * size[0], y * size[1]) for x, y in read_outline(path, "arch.svg", tmp_path, size).points]
    # the box the outline fills is its path's, control points and all: a quadratic's as the cubic it is (degree elevated:
    # controls two thirds of the way to its own), x 0..100, y 33.3..100
    controls = [p0, *(tuple(a + 2 / 3 * (p1[k] - a) for k, a in enumerate(end)) for end in (p0, p2)), p2]
    low, high = [min(c[k] for c in controls) for k in (0, 1)], [max(c[k] for c in controls) for k in (0, 1)]
    curve = [tuple(((1 - t) ** 2 * a + 2 * (1 - t) * t * b + t * t * c - low[k]) / (high[k] - low[k]) * size[k]
                   for k, (a, b, c) in enumerate(zip(p0, p1, p2, strict=True)))
             for t in (i / (300 * len(corners)) for i in range(300 * len(corners) + 1))]
    sides = list(zip(corners, corners[1:] + corners[:1], strict=True))
    worst = max(min(_to_side(point, a, b) for a, b in sides) for point in curve)
    assert len(corners) > 10 and worst <= FLATTEN_MM + 1e-9, (len(corners), worst)


def _to_side(point, a, b) -> float:
    (px, py), (ax, ay), (bx, by) = point, a, b
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
    return math.hypot(px - ax - t * dx, py - ay - t * dy)


def test_an_outline_drawn_as_an_open_polyline_is_refused_as_open_and_a_polygon_taken(tmp_path):
    """SVG 1.1 §9.6: a <polyline> is an open shape and a <polygon> a closed one. A triangle drawn as a polyline whose
    last corner is not its first leaves a side uncut, so it is one error saying the path is open and how to close it,
    stroked or filled alike; the same corners as a <polygon> cut, and `pnp validate` says nothing of them."""
    corners = "10,90 50,10 90,90"
    said = _validated(tmp_path, {
        "stroked": (_outline_svg_text(f'<polyline points="{corners}" fill="none" stroke="#000000"/>'), "40 x 40"),
        "filled": (_outline_svg_text(f'<polyline points="{corners}"/>'), "40 x 40"),
        "closed": (_outline_svg_text(f'<polygon points="{corners}"/>'), "40 x 40")})
    assert said["closed"] == [], said
    for name in ("stroked", "filled"):
        assert len(said[name]) == 1, said
        assert said[name][0].startswith(f"error: shape: outline file outlines/{name}.svg's path is open (its ends do not meet): close it"), said
