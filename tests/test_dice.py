"""Dice nets, measured from the PDF: faces equal, angles right, every edge of the solid folded, content upright where read."""
from __future__ import annotations

import json
import math
import textwrap
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
from conftest import EXPORT_BASE_URL, run_pnp
from PIL import Image
from polygons import apart

from pnp.data.schema import DIE_SHAPE_NAMES
from pnp.layout.dice import DIE_SHAPES

MM = 72 / 25.4
# The solids' facts: faces, edges, the corners of a face (degrees) and whether its edges are all equal.
SOLIDS = {
    "d4": (4, 6, [60, 60, 60]),
    "d6": (6, 12, [90, 90, 90, 90]),
    "d8": (8, 12, [60, 60, 60]),
    "d10": (10, 20, [36, 108, 108, 108]),  # the pentagonal trapezohedron's kite
    "d12": (12, 30, [108] * 5),
    "d20": (20, 30, [60, 60, 60]),
}
COLOURS = {"d4": "#ff0000", "d8": "#00ff00", "d10": "#0000ff", "d12": "#ffff00", "d20": "#00ffff"}
TAB_GREY = 0xE3 / 255  # glue tabs are light grey


def _rgb(hex_value: str) -> tuple[float, ...]:
    return tuple(int(hex_value[i : i + 2], 16) / 255 for i in (1, 3, 5))


def _same(a, b) -> bool:
    return a is not None and len(a) == 3 and all(abs(x - y) < 0.01 for x, y in zip(a, b, strict=True))


def polygons(page, fill) -> list[list[tuple[float, float]]]:
    """Every filled polygon of colour `fill` on the page (pdfplumber's objects, read through pdfium once per run:
    conftest.pdfium_reader), as points in mm (top-left origin, y down)."""
    drawn = [(obj, list(obj["pts"])) for obj in page.curves]
    drawn += [(r, [(r["x0"], r["top"]), (r["x1"], r["top"]), (r["x1"], r["bottom"]), (r["x0"], r["bottom"])]) for r in page.rects]
    out = []
    for obj, pts in drawn:
        if not obj.get("fill") or not _same(obj.get("non_stroking_color"), fill):
            continue
        pts = [(x / MM, y / MM) for x, y in pts]
        clean = []
        for p in pts:
            if not clean or math.dist(p, clean[-1]) > 0.01:
                clean.append(p)
        if len(clean) > 2 and math.dist(clean[0], clean[-1]) < 0.01:
            clean.pop()
        out.append(clean)
    return out


def corners(poly) -> list[float]:
    """Interior angles of a convex polygon, in degrees."""
    n = len(poly)
    out = []
    for i in range(n):
        a, b, c = poly[i - 1], poly[i], poly[(i + 1) % n]
        u, v = (a[0] - b[0], a[1] - b[1]), (c[0] - b[0], c[1] - b[1])
        out.append(math.degrees(math.acos((u[0] * v[0] + u[1] * v[1]) / math.hypot(*u) / math.hypot(*v))))
    return out


def sides(poly) -> list[float]:
    return [math.dist(poly[i], poly[(i + 1) % len(poly)]) for i in range(len(poly))]


def _dashed(page):
    """The folds: dashed lines, the dark of each fold's dark and white dashes."""
    return [((ln["x0"] / MM, ln["top"] / MM), (ln["x1"] / MM, ln["bottom"] / MM)) for ln in page.lines
            if ln.get("dash") and ln["dash"][0] and min(ln["stroking_color"]) < 0.5]


def _on_corners(segment, points) -> bool:
    """Whether both ends of a line lie on corners in `points` (a line's box loses which diagonal it is: test both)."""
    (x0, y0), (x1, y1) = segment

    def near(p):
        return any(math.dist(p, q) < 0.05 for q in points)

    return (near((x0, y0)) and near((x1, y1))) or (near((x0, y1)) and near((x1, y0)))


def test_the_registry_is_the_schema_s_list_of_shapes():
    assert set(DIE_SHAPES) == set(DIE_SHAPE_NAMES)


@pytest.fixture(scope="module")
def germ_dice(shared_build):
    """Germ Tycoon's dice sheet, from the plain five-game build other files read too (conftest.shared_build)."""
    return shared_build() / "germ-tycoon" / "germ-tycoon-dice.pdf"


def test_germ_tycoon_prints_its_two_dice_as_cube_nets(germ_dice, pdfium_reader):
    """data/germ-tycoon/dice.yaml: two d6 of 16 mm on paper #fbf8f0."""
    page = pdfium_reader.pages(germ_dice, [1])[0]
    faces = polygons(page, _rgb("#fbf8f0"))
    tabs = polygons(page, (TAB_GREY,) * 3)
    folds = _dashed(page)
    assert len(faces) == 12
    for face in faces:
        assert len(face) == 4
        assert all(s == pytest.approx(16.0, abs=0.05) for s in sides(face))
        assert all(a == pytest.approx(90.0, abs=0.3) for a in corners(face))
    assert len(tabs) == 2 * (12 - 6 + 1)  # every edge the net cuts meets its partner: one tab a pair
    assert len(folds) == 2 * 12  # every edge of a cube is folded


@pytest.fixture(scope="module")
def all_dice(tmp_path_factory):
    """The tiny game with one die of each other shape, numbered faces, each die in its own colour."""
    import shutil

    from conftest import TEST_PROJECT

    root = tmp_path_factory.mktemp("dice") / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    entries = []
    for shape, colour in COLOURS.items():
        n = SOLIDS[shape][0]
        faces = ", ".join(f"{{text: '{k}'}}" for k in range(1, n + 1))
        size = 12 if shape == "d12" else 20
        entries.append(f"  - {{id: {shape}, shape: {shape}, size: {size}, color: '{colour}', face: tiny/die.j2, faces: [{faces}]}}")
    (root / "data" / "tiny" / "dice.yaml").write_text("dice:\n" + "\n".join(entries) + "\n")
    (root / "templates" / "tiny" / "die.j2").write_text(textwrap.dedent("""\
        {{ text(die_face.text, 0, 0, face.w, face.h, size=face.h * 1.2, min_size=3, color="#000000", align="center", valign="middle", edge=true) }}
        """))
    out = root / "out"
    result = run_pnp(root, "build", "tiny", "--only", "dice", "--no-validate", "--out", str(out))
    assert result.exit_code == 0, result.output
    return out / "tiny" / "tiny-dice.pdf"


@pytest.mark.parametrize("shape", list(COLOURS))
def test_each_die_net_has_equal_faces_with_the_solid_s_angles_and_every_edge_folded(all_dice, pdfium_reader, shape):
    faces_n, edges_n, angles = SOLIDS[shape]
    found = [(page, polygons(page, _rgb(COLOURS[shape]))) for page in pdfium_reader.pages(all_dice)]
    page, faces = next((p, f) for p, f in found if f)
    assert len(faces) == faces_n
    for face in faces:
        assert sorted(corners(face)) == pytest.approx(sorted(angles), abs=0.3)
    lengths = sorted(round(s, 1) for face in faces for s in sides(face))
    if shape == "d10":  # a kite: two long edges and two short, alike on every face
        assert lengths[0] == pytest.approx(lengths[2 * faces_n - 1], abs=0.1) and lengths[2 * faces_n] == pytest.approx(lengths[-1], abs=0.1)
        assert lengths[-1] == pytest.approx(20.0, abs=0.05)
    else:
        assert lengths[0] == pytest.approx(lengths[-1], abs=0.1)
        assert lengths[-1] == pytest.approx(12.0 if shape == "d12" else 20.0, abs=0.05)
    points = [p for face in faces for p in face]
    folds = [seg for seg in _dashed(page) if _on_corners(seg, points)]
    assert len(folds) == edges_n


def _up(char) -> tuple[float, float]:
    """Which way a glyph's top faces on the page (mm, y down)."""
    _, _, c, d, _, _ = char["matrix"]
    n = math.hypot(c, d)
    return c / n, -d / n


def _inside(p, poly) -> bool:
    sign = None
    for i in range(len(poly)):
        a, b = poly[i], poly[(i + 1) % len(poly)]
        cross = (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])
        if abs(cross) < 1e-9:
            continue
        if sign is None:
            sign = cross > 0
        elif (cross > 0) != sign:
            return False
    return True


@pytest.mark.parametrize("shape", list(COLOURS))
def test_each_face_reads_upright_towards_its_top_corner(all_dice, pdfium_reader, shape):
    """A die's number stands with its top towards a corner of its face: a d4's towards the corner it is read at (its own),
    a d10's towards the kite's sharp corner (the pole), the others' towards one of the face's corners."""
    page = next(p for p in pdfium_reader.pages(all_dice) if polygons(p, _rgb(COLOURS[shape])))
    faces = polygons(page, _rgb(COLOURS[shape]))
    chars = [c for c in page.chars if c["text"].isdigit()]
    seen = 0
    for char in chars:
        centre = ((char["x0"] + char["x1"]) / 2 / MM, (char["top"] + char["bottom"]) / 2 / MM)
        face = next((f for f in faces if _inside(centre, f)), None)
        if face is None:
            continue
        seen += 1
        up = _up(char)
        if shape != "d4":  # measured from the face's middle: a narrow glyph's box is off it
            centre = (sum(v[0] for v in face) / len(face), sum(v[1] for v in face) / len(face))
        if shape == "d4":
            target = min(face, key=lambda v: math.dist(v, centre))  # the corner it sits in
        elif shape == "d10":
            target = face[min(range(4), key=lambda i: corners(face)[i])]  # the 36° corner
        else:
            target = max(face, key=lambda v: ((v[0] - centre[0]) * up[0] + (v[1] - centre[1]) * up[1]) / math.dist(v, centre))
        to = ((target[0] - centre[0]) / math.dist(target, centre), (target[1] - centre[1]) / math.dist(target, centre))
        assert math.degrees(math.acos(max(-1.0, min(1.0, up[0] * to[0] + up[1] * to[1])))) < 8, (shape, char["text"])
    assert seen >= SOLIDS[shape][0] * (3 if shape == "d4" else 1)


def test_a_d4_shows_each_corner_s_number_on_the_three_faces_meeting_there(all_dice, pdfium_reader):
    page = next(p for p in pdfium_reader.pages(all_dice) if polygons(p, _rgb(COLOURS["d4"])))
    faces = polygons(page, _rgb(COLOURS["d4"]))
    chars = [c for c in page.chars if c["text"].isdigit()]
    on_face = [[c["text"] for c in chars if _inside(((c["x0"] + c["x1"]) / 2 / MM, (c["top"] + c["bottom"]) / 2 / MM), f)] for f in faces]
    assert sorted(d for digits in on_face for d in digits) == sorted("111222333444")
    assert all(len(set(digits)) == 3 for digits in on_face), f"each face shows three corners' numbers: {on_face}"


def test_a_d4_s_corner_numbers_print_whole_inside_their_face(all_dice, pdfium_reader):
    """A d4 is read at its top corner, so each number sits near its corner, yet whole on its face: no part of a digit
    over the cut line, where scissors would take it off, or on a neighbouring face or tab."""
    page = next(p for p in pdfium_reader.pages(all_dice) if polygons(p, _rgb(COLOURS["d4"])))
    faces = polygons(page, _rgb(COLOURS["d4"]))
    digits = [(c, face) for c in page.chars if c["text"].isdigit()
              for face in faces if _inside(((c["x0"] + c["x1"]) / 2 / MM, (c["top"] + c["bottom"]) / 2 / MM), face)]
    assert len(digits) == 12, "three corners' numbers on each of four faces"
    for c, face in digits:
        box = [(x / MM, y / MM) for x in (c["x0"], c["x1"]) for y in (c["top"], c["bottom"])]
        assert all(_inside(p, face) for p in box), (c["text"], box, face)

# Tabletop Simulator's own d6 template (Modding/Dice Templates/D6.png): a square of 3 × 3 cells, the top row unused,
# faces 2 4 5 across the middle row and 1 3 6 across the bottom one, 1 and 6 drawn upside down. Read from a tool that
# draws into that template (ErikRoelofs/prototypical, drawer/diceDrawer.py); TTS's knowledge base shows it as a picture.
TTS_D6_CELLS = {2: (0, 1), 4: (1, 1), 5: (2, 1), 1: (0, 2), 3: (1, 2), 6: (2, 2)}
TTS_D6_UPSIDE_DOWN = {1, 6}


def _tts_dice(folder: Path, game: str, base_url: str | None = None) -> list[Path]:
    """The image file of each d6 in the Tabletop Simulator save of an export's `folder` (<out>/<game>/tts): its URL is
    a file on this machine, or `base_url` followed by the file's place in the folder."""
    save = json.loads((folder / f"{game}-tts-save.json").read_text())
    dice = [o for o in save["ObjectStates"] if o["Name"] == "Custom_Dice"]
    assert dice and all(o["CustomImage"]["CustomDice"]["Type"] == 1 for o in dice)  # TTS: Type 1 is a d6
    urls = [die["CustomImage"]["ImageURL"] for die in dice]
    if base_url is None:
        return [Path(unquote(urlparse(url).path)) for url in urls]
    assert all(url.startswith(base_url + "/") for url in urls), urls
    return [folder / unquote(url[len(base_url) + 1 :]) for url in urls]


def _cell(image: Image.Image, col: int, row: int) -> Image.Image:
    side = image.width // 3
    return image.crop((col * side, row * side, (col + 1) * side, (row + 1) * side))


def test_the_tts_export_makes_each_d6_a_custom_die_with_its_faces_image(shipped_export):
    """Germ Tycoon's two d6, read from the shared export of the game (conftest.shipped_export)."""
    paths = _tts_dice(shipped_export("germ-tycoon") / "germ-tycoon" / "tts", "germ-tycoon", f"{EXPORT_BASE_URL}/germ-tycoon")
    assert len(paths) == 2
    for path in paths:
        with Image.open(path) as image:
            assert image.mode == "RGB" and image.width == image.height  # square, as TTS's template
            pips = {n: _blobs(_cell(image, c, r)) for n, (c, r) in TTS_D6_CELLS.items()}
            assert pips == {n: n for n in range(1, 7)}
            assert all(_blobs(_cell(image, c, 0)) == 0 for c in range(3)), "the template's top row is unused"


FACE_COLOURS = {1: "#e02020", 2: "#20a020", 3: "#2040e0", 4: "#e0c000", 5: "#00b0c0", 6: "#c020c0"}


def test_each_tts_d6_face_lands_in_the_template_s_cell_turned_as_the_template_turns_it(project, tmp_path):
    """Six faces of six colours, each with a black bar along its top edge: in the exported image each colour fills the
    cell TTS reads that face from, its bar at the top, or at the bottom for the faces the template draws upside down.
    The game's boards and tokens are left out: the die's image is made from its own faces alone."""
    for other in ("boards.yaml", "tokens.yaml"):
        (project / "data/tiny" / other).unlink()
    faces = ", ".join(f"{{bg: '{FACE_COLOURS[n]}'}}" for n in range(1, 7))
    (project / "data/tiny/dice.yaml").write_text(f"dice:\n  - {{id: marked, shape: d6, size: 16, color: '#ffffff', face: tiny/marked.j2, faces: [{faces}]}}\n")
    (project / "templates/tiny/marked.j2").write_text(
        "{{ rect(0, 0, face.w, face.h, fill=die_face.bg, edge=true) }}\n"
        "{{ rect(face.w * 0.1, face.h * 0.04, face.w * 0.8, face.h * 0.12, fill='#000000', edge=true) }}\n")
    result = run_pnp(project, "export", "tiny", "--format", "tts", "--no-validate", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    (path,) = _tts_dice(tmp_path / "tiny" / "tts", "tiny")
    with Image.open(path) as image:
        assert image.width == image.height
        for n, (col, row) in TTS_D6_CELLS.items():
            cell = _cell(image, col, row)
            side = cell.width
            middle = cell.crop((side // 4, side * 2 // 5, side * 3 // 4, side * 3 // 5)).resize((1, 1), Image.Resampling.BOX).getpixel((0, 0))
            assert _near(middle, FACE_COLOURS[n]), f"face {n} at cell {(col, row)}: {middle}"
            top = cell.crop((side // 4, side * 6 // 100, side * 3 // 4, side * 14 // 100)).convert("L").resize((1, 1), Image.Resampling.BOX).getpixel((0, 0))
            bottom = cell.crop((side // 4, side * 86 // 100, side * 3 // 4, side * 94 // 100)).convert("L").resize((1, 1), Image.Resampling.BOX).getpixel((0, 0))
            bar_at = "bottom" if bottom < 40 < top else "top" if top < 40 < bottom else f"unclear (top {top}, bottom {bottom})"
            assert bar_at == ("bottom" if n in TTS_D6_UPSIDE_DOWN else "top"), f"face {n}: its top edge is at the {bar_at}"
        for col in range(3):
            unused = _cell(image, col, 0).resize((1, 1), Image.Resampling.BOX).getpixel((0, 0))
            assert not any(_near(unused, c) for c in FACE_COLOURS.values()), "no face in the template's unused top row"


def test_a_die_coloured_by_a_palette_name_paints_its_tts_image_that_colour(project, tmp_path):
    """A die's `color` may name a colour of the game's palette (the tiny game's blue is #2e6da4): the d6 image's cells
    TTS shows no face in, and a face's margin where its template leaves the die bare, are that blue."""
    for other in ("boards.yaml", "tokens.yaml"):
        (project / "data/tiny" / other).unlink()
    faces = ", ".join("{bg: '#ffffff'}" for _ in range(6))
    (project / "data/tiny/dice.yaml").write_text(f"dice:\n  - {{id: blue, shape: d6, size: 16, color: blue, face: tiny/inset.j2, faces: [{faces}]}}\n")
    (project / "templates/tiny/inset.j2").write_text("{{ rect(face.w * 0.25, face.h * 0.25, face.w * 0.5, face.h * 0.5, fill=die_face.bg) }}\n")
    result = run_pnp(project, "export", "tiny", "--format", "tts", "--no-validate", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    (path,) = _tts_dice(tmp_path / "tiny" / "tts", "tiny")
    with Image.open(path) as image:
        rgb = image.convert("RGB")
        side = rgb.width // 3
        for col in range(3):
            assert _near(_cell(rgb, col, 0).resize((1, 1), Image.Resampling.BOX).getpixel((0, 0)), "#2e6da4"), f"unused cell {col}"
        for col, row in TTS_D6_CELLS.values():
            assert _near(rgb.getpixel((col * side + side // 10, row * side + side // 10)), "#2e6da4"), f"face margin at {(col, row)}"
            assert _near(rgb.getpixel((col * side + side // 2, row * side + side // 2)), "#ffffff"), f"face middle at {(col, row)}"


def test_each_tts_die_is_named_on_the_table_as_dice_yaml_names_it(project, tmp_path):
    """A player hovering over a die in Tabletop Simulator reads its name: a d6 (a custom die) and a d8 (a custom model)
    show the `name:` dice.yaml gives them, and a die with none its id."""
    for other in ("boards.yaml", "tokens.yaml"):
        (project / "data/tiny" / other).unlink()
    six, eight = ", ".join(["{bg: '#ffffff'}"] * 6), ", ".join(["{bg: '#ffffff'}"] * 8)
    (project / "data/tiny/dice.yaml").write_text(
        f"dice:\n  - {{id: heat, name: Heat die, shape: d6, size: 16, face: tiny/plain.j2, faces: [{six}]}}\n"
        f"  - {{id: violet, name: Violet die, shape: d8, size: 16, face: tiny/plain.j2, faces: [{eight}]}}\n"
        f"  - {{id: spare, shape: d6, size: 16, face: tiny/plain.j2, faces: [{six}]}}\n")
    (project / "templates/tiny/plain.j2").write_text("{{ rect(0, 0, face.w, face.h, fill=die_face.bg) }}\n")
    result = run_pnp(project, "export", "tiny", "--format", "tts", "--dpi", "72", "--no-validate", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    save = json.loads((tmp_path / "tiny/tts/tiny-tts-save.json").read_text(encoding="utf-8"))
    dice = sorted((o["Name"], o["Nickname"]) for o in save["ObjectStates"] if o["Name"] in ("Custom_Dice", "Custom_Model"))
    assert dice == [("Custom_Dice", "Heat die"), ("Custom_Dice", "spare"), ("Custom_Model", "Violet die")]


def _near(rgb, hex_value: str, tolerance: int = 24) -> bool:
    return all(abs(a - int(hex_value[i : i + 2], 16)) <= tolerance for a, i in zip(rgb, (1, 3, 5), strict=True))


def _blobs(image: Image.Image) -> int:
    """Dark spots in an image (pips): connected regions clearly darker than the paper."""
    small = image.convert("L").resize((64, 64))
    dark = {(x, y) for x in range(64) for y in range(64) if small.getpixel((x, y)) < 140}
    count = 0
    while dark:
        count += 1
        todo = [dark.pop()]
        while todo:
            x, y = todo.pop()
            for q in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if q in dark:
                    dark.remove(q)
                    todo.append(q)
    return count


@pytest.mark.parametrize("shape", ["d6", "d8", "d10", "d12", "d20"])
def test_values_listed_one_to_n_print_so_opposite_faces_sum_to_n_plus_one(shape):
    """docs/boxes-and-dice.md: faces listed 1..n give the usual opposite sums (7 on a d6). The net prints the i-th listed value
    on the solid's i-th face (`solid_faces`' order): that face and the (n + 1 − i)-th face face opposite ways, one
    across the die from the other."""
    from pnp.layout.dice import solid_faces

    vertices = DIE_SHAPES[shape].vertices
    faces = solid_faces(vertices)
    centres = [[sum(vertices[m][axis] for m in face) / len(face) for axis in range(3)] for face in faces]
    n = len(faces)
    assert n == SOLIDS[shape][0]
    for i in range(n):
        facing = [a + b for a, b in zip(centres[i], centres[n - 1 - i], strict=True)]
        assert max(map(abs, facing)) < 1e-6, f"{shape}: the faces printed {i + 1} and {n - i} are not opposite"


def test_a_d10_s_number_fills_the_circle_its_kite_holds():
    """docs/boxes-and-dice.md: a d10's face is a kite of 36°, 108°, 108° and 108°, its number upright on the kite's axis.
    A kite holds a circle touching all four sides (radius = area / half the perimeter): with its long sides 16 mm, the
    short ones are 16 · sin 18° / sin 54° (the triangle apex, side corner, far corner: 18°, 108°, 54°), the area
    16 · short · sin 108°, so the circle is 8.41 mm across, and the number is given all of it."""
    from pnp.layout.dice import die_net

    short = 16 * math.sin(math.radians(18)) / math.sin(math.radians(54))
    across = 2 * (16 * short * math.sin(math.radians(108))) / (16 + short)
    slots = [s for panel in die_net("d10", 16.0).panels for s in panel.slots]
    assert len(slots) == 10
    assert all(abs(s.w - across) < 0.02 and abs(s.h - across) < 0.02 for s in slots), [round(s.w, 2) for s in slots]


def test_no_two_panels_of_a_5_mm_d10_s_net_overlap():
    """A small die's glue tabs are 3 mm deep (never under, docs/boxes-and-dice.md): on a 5 mm die that is 60 % of an edge,
    and a d10's kites meet at 36°, where tabs crowd each other most. No face or tab is printed over another face or
    tab (they at most share an edge)."""
    from pnp.layout.dice import die_net

    panels = die_net("d10", 5.0).panels
    for i, a in enumerate(panels):
        for b in panels[i + 1:]:
            assert apart(a.points(), b.points()) > -0.001, f"{a.name} and {b.name} overlap"


def test_validate_draws_the_dice_and_finds_a_net_too_large_for_the_paper(project):
    """`pnp validate` renders every output in memory (docs/findings.md): a die whose net no printable area holds is
    found without a build."""
    faces = ", ".join(f"{{n: {n}}}" for n in range(1, 21))
    (project / "data/tiny/dice.yaml").write_text(f"dice:\n  - {{id: giant, shape: d20, size: 60, color: '#ffffff', face: tiny/number.j2, faces: [{faces}]}}\n")
    (project / "templates/tiny/number.j2").write_text("{{ text(die_face.n | string, 0, 0, face.w, face.h, size=12) }}\n")
    result = run_pnp(project, "validate", "tiny")
    assert result.exit_code != 0 and "the net of die 'giant'" in result.output and "does not fit" in result.output, result.output


@pytest.mark.parametrize("shape, listed", [("d6", 5), ("d8", 6), ("d4", 6)])
def test_a_die_listing_other_than_its_solid_s_faces_is_one_error_at_the_die(project, shape, listed):
    """A die prints one face for each face of its solid (SOLIDS: a cube has 6, an octahedron 8): a d6 given 5 faces, a
    d8 given 6 or a d4 given 6 is one error at the die's line, saying how many it needs, never a net with a hole or a
    face left over."""
    faces = ", ".join(f"{{n: {n}}}" for n in range(1, listed + 1))
    (project / "data/tiny/dice.yaml").write_text(f"dice:\n  - {{id: odd, shape: {shape}, size: 16, face: tiny/number.j2, faces: [{faces}]}}\n")
    (project / "templates/tiny/number.j2").write_text("{{ text(die_face.n | string, 0, 0, face.w, face.h, size=12) }}\n")
    result = run_pnp(project, "validate", "tiny")
    errors = [line for line in result.output.splitlines() if ": error: " in line]
    assert result.exit_code == 1 and len(errors) == 1, result.output
    assert errors[0].startswith(f"data/tiny/dice.yaml:2:5: error: dice.odd: a {shape} has {SOLIDS[shape][0]} faces, got {listed}"), errors  # the die by its id


def test_a_reference_sheet_that_lists_the_components_is_reprinted_when_a_die_changes(project, tmp_path):
    """The components table a reference text may hold counts the dice: an edit of dice.yaml reprints the reference
    sheet as a build with no cache prints it."""
    from conftest import pdfs

    from pnp.cli import run_build
    from pnp.core.errors import Report
    from pnp.data.project import Project
    from pnp.outputs.options import Options
    from pnp.pipeline.session import Session

    (project / "templates/tiny/die.j2").write_text("{{ text(die_face.text, 0, 0, face.w, face.h, size=9, color='#000000') }}\n")
    dice = project / "data/tiny/dice.yaml"
    dice.write_text("dice:\n  - {id: d6, name: Die, shape: d6, size: 16, count: 2, face: tiny/die.j2, faces: [" + ", ".join(f"{{text: '{k}'}}" for k in range(1, 7)) + "]}\n")
    reference = project / "data/tiny/reference.yaml"
    reference.write_text(reference.read_text(encoding="utf-8").replace("sections:\n", "sections:\n  - title: In the box\n    text: \"{{ components() }}\"\n", 1),
                         encoding="utf-8")

    def built(out) -> dict[str, bytes]:
        report = run_build(Project(project), ["tiny"], Options(out=out, only=("reference",)), ["letter"], report=Report(), quiet=True, workers=1,
                           session=Session())
        assert not report.errors(), report.sorted()
        return pdfs(out)

    before = built(tmp_path / "out")
    dice.write_text(dice.read_text(encoding="utf-8").replace("count: 2", "count: 5"))
    after = built(tmp_path / "out")
    assert after != before, "the table counts five dice now"
    assert after == built(tmp_path / "cold")


def _obj(text: str) -> tuple[list, list, list]:
    """A Wavefront OBJ's vertices, texture points and triangles (each corner: vertex index, texture index, from 0)."""
    v, vt, f = [], [], []
    for line in text.splitlines():
        kind, *rest = line.split() or [""]
        if kind == "v":
            v.append(tuple(float(x) for x in rest))
        elif kind == "vt":
            vt.append(tuple(float(x) for x in rest))
        elif kind == "f":
            f.append([tuple(int(i) - 1 for i in corner.split("/")) for corner in rest])
    return v, vt, f


@pytest.mark.parametrize("shape", ["d4", "d8", "d10"])  # triangles, and kites fanned into two (d12, d20: 1.5 s each to unfold)
def test_a_die_mesh_is_wound_counter_clockwise_seen_from_outside(shape):
    """OBJ (and Unity, which TTS is) takes a triangle's front as the side its corners run counter-clockwise: wound the
    other way, each face is seen from inside, and the die shows its inside or nothing. Every triangle's normal by the
    right-hand rule points away from the solid's centre; the surface is closed; its longest edge is one unit (the
docstring's promise, which TTS's scale of the model counts on); every texture point lies in 0..1."""
    from pnp.targets.tts_models import die_mesh

    v, vt, f = _obj(die_mesh(shape, 16.0))
    assert len(v) == len(DIE_SHAPES[shape].vertices) and all(len(t) == 3 for t in f)
    centre = [sum(p[i] for p in v) / len(v) for i in range(3)]
    for triangle in f:
        a, b, c = (v[i] for i, _ in triangle)
        u, w = [b[i] - a[i] for i in range(3)], [c[i] - a[i] for i in range(3)]
        normal = (u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2], u[0] * w[1] - u[1] * w[0])
        out = [(a[i] + b[i] + c[i]) / 3 - centre[i] for i in range(3)]
        assert sum(n * o for n, o in zip(normal, out, strict=True)) > 1e-6, (shape, triangle)
    assert all(0 <= x <= 1 for p in vt for x in p) and all(0 <= t < len(vt) for tri in f for _, t in tri)
    # closed: every edge is shared by exactly two triangles, each using it once in each direction (consistent winding)
    directed = [(tri[k][0], tri[(k + 1) % 3][0]) for tri in f for k in range(3)]
    assert len(set(directed)) == len(directed) and {(b, a) for a, b in directed} == set(directed)
    # the solid's edges (where two faces meet at an angle, not a face's own diagonals) are at most one unit, the longest one
    normals = {}
    for triangle in f:
        a, b, c = (v[i] for i, _ in triangle)
        n = _unit(_cross3([b[i] - a[i] for i in range(3)], [c[i] - a[i] for i in range(3)]))
        for k in range(3):
            normals.setdefault(frozenset((triangle[k][0], triangle[(k + 1) % 3][0])), []).append(n)
    edges = [tuple(e) for e, (m, n) in normals.items() if math.dist(m, n) > 1e-3]
    assert max(math.dist(v[i], v[j]) for i, j in edges) == pytest.approx(1.0, abs=1e-5)


def _cross3(u, w):
    return (u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2], u[0] * w[1] - u[1] * w[0])


def _unit(n):
    length = math.sqrt(sum(x * x for x in n))
    return tuple(x / length for x in n)


def test_each_face_knows_its_number_from_1_and_a_die_prints_count_times(project):
    """docs/boxes-and-dice.md: a face's template sees `die_face.number`, its place in the list (the first face is 1, as a die's
    faces are numbered); `count: 2` prints two nets of the die."""
    import re

    import pypdfium2 as pdfium

    faces = ", ".join(f"{{pip: {p}}}" for p in "abcdef")
    (project / "data/tiny/dice.yaml").write_text(f"dice:\n  - {{id: pair, shape: d6, size: 16, count: 2, color: '#ffffff', face: tiny/number.j2, faces: [{faces}]}}\n")
    (project / "templates/tiny/number.j2").write_text('{{ text("N" ~ die_face.number ~ die_face.pip, 0, 0, face.w, face.h, size=9) }}\n')
    result = run_pnp(project, "build", "tiny", "--only", "dice")
    assert result.exit_code == 0, result.output
    doc = pdfium.PdfDocument(str(project / "output/tiny/tiny-dice.pdf"))  # pdfium reads a face's words however it is turned
    try:
        text = " ".join(doc[i].get_textpage().get_text_range() for i in range(len(doc)))
    finally:
        doc.close()
    words = sorted(re.findall(r"N\d+[a-f]", "".join(text.split())))
    assert words == sorted(["N1a", "N2b", "N3c", "N4d", "N5e", "N6f"] * 2), words  # the sheet's own words (its footer, a scale) aside


def _cube_tabs(project, pdfium_reader, size: float) -> list[list[tuple[float, float]]]:
    """The glue tabs (polygons in mm) a cube of `size` mm prints, read from the page."""
    faces = ", ".join(f"{{n: {n}}}" for n in range(1, 7))
    (project / "data/tiny/dice.yaml").write_text(f"dice:\n  - {{id: big, shape: d6, size: {size}, color: '#ffffff', face: tiny/number.j2, faces: [{faces}]}}\n")
    (project / "templates/tiny/number.j2").write_text("{{ text(die_face.n | string, 0, 0, face.w, face.h, size=12, min_size=2) }}\n")
    result = run_pnp(project, "build", "tiny", "--only", "dice")
    assert result.exit_code == 0, result.output
    return [tab for page in pdfium_reader.pages(project / "output/tiny/tiny-dice.pdf") for tab in polygons(page, (TAB_GREY,) * 3)]


def _base(tab) -> int:
    """The index of a tab's longest side, the edge it is glued along (from corner i to corner i + 1)."""
    return max(range(len(tab)), key=lambda i: math.dist(tab[i], tab[(i + 1) % len(tab)]))


def _cube_tab_depths(project, pdfium_reader, size: float) -> list[float]:
    """The depth (mm) of each glue tab a cube of `size` mm prints, measured on the page: from its longest side, the edge
    it is glued along, to its farthest corner."""
    depths = []
    for tab in _cube_tabs(project, pdfium_reader, size):
        a, b = tab[_base(tab)], tab[(_base(tab) + 1) % len(tab)]
        depths.append(max(abs((b[0] - a[0]) * (a[1] - p[1]) - (a[0] - p[0]) * (b[1] - a[1])) / math.dist(a, b) for p in tab))
    return depths


def test_a_large_dies_glue_tabs_stop_at_7_mm_deep(project, pdfium_reader):
    """A glue tab is a strip to put glue on, a few millimetres deep as papercraft nets have them (pnp keeps them 3–7 mm):
    a 40 mm cube's tabs are not a third of a face deep, where a tab would jam against the next one inside the die."""
    depths = _cube_tab_depths(project, pdfium_reader, 40)
    assert len(depths) == 7 and all(3 - 0.05 <= d <= 7 + 0.05 for d in depths), depths  # a cube's 12 edges: 5 folds, 7 glued


def test_a_16_mm_dies_glue_tabs_are_28_percent_of_its_edge_deep(project, pdfium_reader):
    """Between those bounds a tab is 28 % of its edge deep (docs/boxes-and-dice.md): a 16 mm cube, the common size of a
    game's die, prints tabs 4.48 mm deep, room for a line of glue without reaching the middle of the face it tucks under."""
    depths = _cube_tab_depths(project, pdfium_reader, 16)
    assert len(depths) == 7 and all(abs(d - 4.48) < 0.05 for d in depths), depths


def test_a_die_net_that_fits_the_paper_but_not_inside_a_cutters_marks_is_refused_with_the_cutter(project):
    """A cutting machine's registration marks sit inside the printable area: a net between them must keep clear of them,
    so a 60 mm cube (its net three faces across, 180 mm and its tabs) prints on Letter alone but is one error at its size with `--cutter silhouette`."""
    faces = ", ".join(f"{{n: {n}}}" for n in range(1, 7))
    (project / "data/tiny/dice.yaml").write_text(f"dice:\n  - {{id: big, shape: d6, size: 60, color: '#ffffff', face: tiny/number.j2, faces: [{faces}]}}\n")
    (project / "templates/tiny/number.j2").write_text("{{ text(die_face.n | string, 0, 0, face.w, face.h, size=12) }}\n")
    plain = run_pnp(project, "build", "tiny", "--only", "dice")
    assert plain.exit_code == 0, plain.output
    cut = run_pnp(project, "build", "tiny", "--only", "dice", "--cutter", "silhouette")
    refused = [line for line in cut.output.splitlines() if "the net of die 'big'" in line]
    assert cut.exit_code != 0 and len(refused) == 1 and refused[0].startswith("data/tiny/dice.yaml:2:"), cut.output


def test_a_small_dies_glue_tabs_are_never_under_3_mm_deep(project, pdfium_reader):
    """docs/boxes-and-dice.md: a tab is 28 % of its edge deep, never under 3 mm: an 8 mm cube's tabs (28 % would be
    2.24 mm, too narrow a strip to glue) are 3 mm deep."""
    depths = _cube_tab_depths(project, pdfium_reader, 8)
    assert len(depths) == 7 and all(abs(d - 3.0) < 0.05 for d in depths), depths


def test_a_cubes_glue_tabs_leave_their_edge_at_60_degrees(project, pdfium_reader):
    """docs/boxes-and-dice.md: a tab's ends leave its edge at 60° (40° or 25° only where a neighbouring face is close,
    as a d10's kites are): each of a 16 mm cube's seven tabs is a trapezoid whose two corners on the glued edge are 60°."""
    tabs = _cube_tabs(project, pdfium_reader, 16)
    assert len(tabs) == 7
    for tab in tabs:
        assert len(tab) == 4, tab
        i = _base(tab)
        at_edge = [corners(tab)[i], corners(tab)[(i + 1) % 4]]
        assert at_edge == pytest.approx([60.0, 60.0], abs=0.5), tab


def _one_die(project, entry: str, template: str) -> None:
    """The tiny game with one die, `entry` its flow mapping in dice.yaml, its faces drawn by `template`."""
    (project / "data/tiny/dice.yaml").write_text(f"dice:\n  - {entry}\n")
    (project / "templates/tiny/number.j2").write_text(template)


SIX = ", ".join(f"{{n: {n}}}" for n in range(1, 7))


def test_two_dice_on_a_sheet_lie_6_mm_apart_so_their_score_marks_never_meet(project, pdfium_reader):
    """docs/boxes-and-dice.md: pieces are set 6 mm apart, so one's score marks (1 mm out, 2 mm long) never meet the next
    one's: two 16 mm cubes on one sheet leave at least 6 mm between their outlines, faces and tabs."""
    _one_die(project, f"{{id: pair, shape: d6, size: 16, count: 2, color: '#ffffff', face: tiny/number.j2, faces: [{SIX}]}}",
             "{{ text(die_face.n | string, 0, 0, face.w, face.h, size=9) }}\n")
    result = run_pnp(project, "build", "tiny", "--only", "dice")
    assert result.exit_code == 0, result.output
    (page,) = pdfium_reader.pages(project / "output/tiny/tiny-dice.pdf")
    pieces = polygons(page, _rgb("#ffffff")) + polygons(page, (TAB_GREY,) * 3)
    spans: list[list[float]] = []  # the x ranges the nets cover, side by side in one row
    for low, high in sorted((min(x for x, _ in p), max(x for x, _ in p)) for p in pieces):
        if spans and low <= spans[-1][1] + 0.01:
            spans[-1][1] = max(spans[-1][1], high)
        else:
            spans.append([low, high])
    assert len(spans) == 2, spans
    assert spans[1][0] - spans[0][1] >= 6 - 0.05, spans


def test_a_die_without_a_name_gives_its_template_its_id_as_its_name(project):
    """docs/boxes-and-dice.md: the face template sees `die.name`, the die's `id` when dice.yaml gives it no name (as its
    sheet's footer and its Tabletop Simulator object call it)."""
    _one_die(project, f"{{id: plain, shape: d6, size: 20, color: '#ffffff', face: tiny/number.j2, faces: [{SIX}]}}",
             '{{ text("NAME" ~ die.name, 0, 0, face.w, face.h, size=6, min_size=2) }}\n')
    result = run_pnp(project, "build", "tiny", "--only", "dice")
    assert result.exit_code == 0, result.output
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(project / "output/tiny/tiny-dice.pdf"))  # pdfium reads a face's words however it is turned
    try:
        words = "".join(doc[0].get_textpage().get_text_range().split())
    finally:
        doc.close()
    assert words.count("NAMEplain") == 6 and "None" not in words, words


def test_a_die_coloured_by_a_palette_name_prints_its_net_in_that_colour(project, pdfium_reader):
    """A die's `color` may name a colour of the game's palette: the tiny game's blue (#2e6da4, data/tiny/game.yaml)
    fills the six faces of its cube, as a colour written #2e6da4 would."""
    _one_die(project, f"{{id: blue, shape: d6, size: 16, color: blue, face: tiny/number.j2, faces: [{SIX}]}}",
             "{{ text(die_face.n | string, 0, 0, face.w, face.h, size=9) }}\n")
    result = run_pnp(project, "build", "tiny", "--only", "dice")
    assert result.exit_code == 0, result.output
    (page,) = pdfium_reader.pages(project / "output/tiny/tiny-dice.pdf")
    assert len(polygons(page, _rgb("#2e6da4"))) == 6


def test_a_die_too_large_for_the_paper_is_one_error_at_its_size(project):
    """The die's size is what its designer changes to make it fit: a 60 mm d20 on Letter is one error at the column of
    its `size:` value, saying what to do."""
    entry = "{id: giant, shape: d20, size: 60, color: '#ffffff', face: tiny/number.j2, faces: [" + ", ".join(f"{{n: {n}}}" for n in range(1, 21)) + "]}"
    _one_die(project, entry, "{{ text(die_face.n | string, 0, 0, face.w, face.h, size=12) }}\n")
    result = run_pnp(project, "build", "tiny", "--only", "dice")
    errors = [line for line in result.output.splitlines() if ": error: " in line]
    column = len("  - ") + entry.index("size: 60") + len("size: ") + 1
    assert result.exit_code == 1 and len(errors) == 1, result.output
    assert errors == [f"data/tiny/dice.yaml:2:{column}: error: the net of die 'giant' (d20, 60 mm edges) does not fit the printable area of "
                      "letter: make it smaller or print on larger paper (--paper a3) [dice/giant]"], errors


def test_a_named_die_s_sheet_names_it_in_its_footer_by_its_name(project):
    """The dice sheet's footer names each piece on it by the die's `name` from dice.yaml (its id only when it has none,
    as `die.name` is): a die `v` named "Violet die" is "Violet die (d6)" there, as the player reads it in the rules."""
    from pdftext import page_texts

    _one_die(project, f"{{id: v, name: Violet die, shape: d6, size: 16, color: '#ffffff', face: tiny/number.j2, faces: [{SIX}]}}",
             "{{ text(die_face.n | string, 0, 0, face.w, face.h, size=9) }}\n")
    result = run_pnp(project, "build", "tiny", "--only", "dice")
    assert result.exit_code == 0, result.output
    (text,) = page_texts(project / "output/tiny/tiny-dice.pdf")
    assert "Violet die (d6)" in text and "v (d6)" not in text, text


def test_a_die_of_4_mm_is_one_error_at_its_size_saying_it_must_be_over_4(project):
    """docs/boxes-and-dice.md: a die's `size` is over 4 mm and at most 80: a 4 mm d6 (a cube too small to fold) is one
    error at the column of its `size:` value, saying 4 (a float bound, said 4.0) is the exclusive minimum, never a net printed."""
    entry = "{id: speck, shape: d6, size: 4, face: tiny/number.j2, faces: [" + SIX + "]}"
    _one_die(project, entry, "{{ text(die_face.n | string, 0, 0, face.w, face.h, size=12) }}\n")
    result = run_pnp(project, "validate", "tiny", "--quick")
    errors = [line for line in result.output.splitlines() if ": error: " in line]
    column = len("  - ") + entry.index("size: 4") + len("size: ") + 1
    assert result.exit_code == 1
    assert errors == [f"data/tiny/dice.yaml:2:{column}: error: dice.speck.size: 4 is too small; it must be more than 4"], result.output


def test_a_die_s_missing_face_template_is_one_error_at_its_face_line(project):
    """A die's faces are all drawn by the one template its `face:` names, as a deck's by its `front:`: a name naming no
    template is one error at the column of that `face:` value, where the designer mends it, naming the six faces it
    stops; not six errors, one at each face's entry, which names no template."""
    _one_die(project, "{id: lost, shape: d6, size: 16,\n     face: tiny/nowhere.j2,\n     faces: [" + SIX + "]}", "")
    result = run_pnp(project, "build", "tiny", "--only", "dice", "--no-validate")
    errors = [line for line in result.output.splitlines() if ": error: " in line]
    assert result.exit_code == 1 and len(errors) == 1, result.output
    assert errors[0].startswith("data/tiny/dice.yaml:3:12: error: template 'tiny/nowhere.j2' not found under templates/"), errors
    assert all(f"dice/lost face {n}" in errors[0] for n in range(1, 7)), errors


def test_a_die_printed_three_times_is_three_pieces_on_the_build_s_line(project):
    """docs/boxes-and-dice.md: a die's `count` is the copies to print, each a net of its own: the build's line for the dice
    sheet counts what a player cuts out, 3 pieces for one die of `count: 3`, not the one die dice.yaml lists."""
    _one_die(project, f"{{id: three, shape: d6, size: 16, count: 3, color: '#ffffff', face: tiny/number.j2, faces: [{SIX}]}}",
             "{{ text(die_face.n | string, 0, 0, face.w, face.h, size=9) }}\n")
    result = run_pnp(project, "build", "tiny", "--only", "dice")
    assert result.exit_code == 0, result.output
    (line,) = [ln for ln in result.output.splitlines() if "tiny-dice.pdf" in ln]
    assert " 1 page " in f"{line} " and "3 pieces" in line, line
