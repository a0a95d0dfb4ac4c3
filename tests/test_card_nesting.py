"""Round and hex cards nest (issue 65): with no straight cut to keep them in rows and columns, circles print in offset rows
and hexagons in a honeycomb wherever that holds more than the grid of their boxes. Read from what a build writes: the
light outline a sheet prints around each piece (on its cut), the clip that keeps its art to that
outline on both sides of the sheet, and the cutter's SVG files.
"""
from __future__ import annotations

import itertools
import json
import math
import shutil
import xml.etree.ElementTree as ET

import pytest
import streams
from conftest import MM, TEST_PROJECT, run_pnp
from polygons import apart, distance
from pypdf import PdfReader

SVG = "{http://www.w3.org/2000/svg}"
OUTLINE_GREY = 180 / 255  # the light outline's stroke colour (pnp.render.sheets.OUTLINE_COLOUR)
GAP = 2.0  # mm at least between two round or hex cards' cuts: twice the 1 mm bleed each keeps (pnp.core.shapes.CURVED_BLEED_MM)
DIAMETER = 50.0
HEX = (38.0, 38 * math.sqrt(3) / 2)  # a flat-top hexagon 38 mm across its corners, 32.909 mm across its sides, in a box that fits it
CARD = "front: tiny/hero.j2\nback: tiny/back.j2\ndefaults: {{side: red}}\ncards:\n  - {{id: {id}, name: Shape, stars: 1, number: 1, text: Hi., count: 45}}\n"
DECKS = {"rounds": f"name: Rounds\nsize: {DIAMETER:g}\nshape: round\n", "hexes": f"name: Hexes\nsize: {HEX[0]:g} x {HEX[1]:.3f}\nshape: hex\n"}

# Pieces a sheet counted by hand, on the default 5 mm printer margin and its 0.5 mm tolerance (5.5 mm from each edge),
# a 4 mm footer band (3 mm line, 1 mm clear) kept at the top and bottom alike so a back mirrored to the other edge
# clears its page's footer too, and each piece's 1 mm bleed:
# - 50 mm circles, centres 52 mm apart, rows 52 × √3/2 = 45.03 mm apart. Letter (215.9 × 279.4) upright: centres
#   span 279.4 - 2 × 9.5 - 52 = 208.4 mm down (5 columns' rows, 208.4 / 52 = 4.0: five in one column, four in the
#   next) and 215.9 - 11 - 52 = 152.9 mm across, 152.9 / 45.03 = 3.4: four columns, 5 + 4 + 5 + 4 = 18 (the grid: 15).
#   A4 (210 × 297) upright in rows: 297 - 19 - 52 = 226 mm down, 226 / 45.03 = 5.02: six rows; 210 - 11 - 52 = 147 mm
#   across, 147 / 52 = 2.8 and (147 - 26) / 52 = 2.3: three in every row, 18 (the grid: 15).
# - 38 mm flat-top hexagons in a honeycomb 2 mm apart (a grid keeps them 2.31 mm apart, as a hexagon's bleed reaches
#   1 / cos 30° = 1.15 mm past its corners: Shape.gap; in a honeycomb no corner faces another): 16.45 + 1 = 17.45 mm from
#   a centre to the middle of the gap, columns 1.5 × 17.45 / cos 30° = 30.23 mm apart, centres 34.91 mm apart down a
#   column, the next column shifted by half that; each piece reaches 19 + 1.15 = 20.15 mm across and 17.45 mm up with
#   its bleed. Letter upright: 215.9 - 11 - 40.31 = 164.6 mm across, 164.6 / 30.23 = 5.4: six columns;
#   279.4 - 19 - 34.91 = 225.5 mm down, 225.5 / 34.91 = 6.5 and (225.5 - 17.45) / 34.91 = 5.96: columns of 7 and 6, 39
#   (the grid: 30). A4 upright: 210 - 11 - 40.31 = 158.7 mm across, 5.2: six columns; 297 - 19 - 34.91 = 243.1 mm down,
#   6.96 and 6.46: seven in every column, 42 (the grid: 30).
BY_HAND = {"letter": {"rounds": 18, "hexes": 39}, "a4": {"rounds": 18, "hexes": 42}}


def _project(tmp_path_factory):
    root = tmp_path_factory.mktemp("nesting") / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    for deck, head in DECKS.items():
        (root / f"data/tiny/decks/{deck}.yaml").write_text(head + CARD.format(id=deck[:3]))
    return root


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The tiny game with 45 round and 45 hex cards, its cards built on Letter and A4 (each in its own folder), and on
    Letter for a Silhouette: {paper or cutter: the folder holding the game's output}."""
    root = _project(tmp_path_factory)
    out = {}
    for name, args in (("letter", ("--paper", "letter")), ("a4", ("--paper", "a4")), ("silhouette", ("--paper", "letter", "--cutter", "silhouette"))):
        result = run_pnp(root, "build", "--only", "cards", "--out", str(root / name), *args)
        assert result.exit_code == 0, result.output + result.stderr
        out[name] = root / name / "tiny"
    return root, out


def _paths(page, keep) -> list[list[tuple[float, float]]]:
    """The paths a page draws at its own level that `keep(operator, grey)` keeps (a stroke, a clip), in mm from the top-left."""
    out, path, grey = [], [], False
    for operands, op in page.operations:
        if op == b"RG":
            grey = all(abs(v - OUTLINE_GREY) < 0.002 for v in operands)
        elif op in (b"m", b"l"):
            path.append((operands[0] / MM, (page.height - operands[1]) / MM))
        elif op in (b"S", b"W", b"W*", b"n", b"f", b"B", b"re"):
            if path and keep(op, grey):
                out.append(path)
            path = []
    return out


def _outlines(page):
    return _paths(page, lambda op, grey: op == b"S" and grey)


def _clips(page):
    return _paths(page, lambda op, grey: op in (b"W", b"W*"))


def _centre(points) -> tuple[float, float]:
    return sum(x for x, _ in points) / len(points), sum(y for _, y in points) / len(points)


def _kind(points) -> str:
    return "hexes" if len(points) == 6 else "rounds"


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_round_and_hex_cards_nest_more_to_a_sheet_than_their_grid_holds(built, paper):
    root, out = built
    most = {"rounds": 0, "hexes": 0}
    for page in streams.Document(out[paper] / ("tiny-cards.pdf" if paper == "letter" else f"tiny-cards-{paper}.pdf")).pages:
        shown = [_kind(o) for o in _outlines(page)]
        most = {kind: max(n, shown.count(kind)) for kind, n in most.items()}
    assert most["rounds"] >= BY_HAND[paper]["rounds"] and most["hexes"] >= BY_HAND[paper]["hexes"], most
    listed = {d["id"]: d["sheet"] for d in json.loads(run_pnp(root, "list", "--format", "json", "--paper", paper).stdout)[0]["decks"]}
    assert {kind: listed[kind]["per_sheet"] for kind in most} == most, "pnp list reports the pieces a sheet the build prints"


def test_a_full_sheet_of_nested_pieces_sits_in_the_middle_of_its_page(built):
    """A sheet the nest fills (18 rounds upright on Letter, 40 hexes across it) leaves the same paper beside its outermost
    cuts on the left as on the right, and above as below, within 0.01 mm: the nest is centred, so a printer that shifts
    its print either way, or a duplex flip, costs both edges alike."""
    full = 0
    for page in streams.Document(built[1]["letter"] / "tiny-cards.pdf").pages[::2]:
        outlines = _outlines(page)
        kinds = {_kind(o) for o in outlines}
        if len(kinds) != 1 or len(outlines) < BY_HAND["letter"][next(iter(kinds))]:
            continue  # a deck's last sheet, part filled: its pieces take the first places
        w, h = page.width / MM, page.height / MM
        xs, ys = [x for o in outlines for x, _ in o], [y for o in outlines for _, y in o]
        assert abs(min(xs) - (w - max(xs))) < 0.01 and abs(min(ys) - (h - max(ys))) < 0.01, (page.index, min(xs), w - max(xs), min(ys), h - max(ys))
        full += 1
    assert full == 3  # two sheets of 18 rounds, one of 40 hexes


def test_no_two_nested_pieces_overlap_or_come_closer_than_the_gap(built):
    """On every fronts page: each outline is its cut, and no two come closer than the 2 mm gap."""
    doc = streams.Document(built[1]["letter"] / "tiny-cards.pdf")
    pairs = 0
    for page in doc.pages:
        outlines = _outlines(page)
        for a, b in itertools.combinations(outlines, 2):
            pairs += 1
            circles = _kind(a) == _kind(b) == "rounds"  # sampled polygons: measured between centres instead
            apart = math.dist(_centre(a), _centre(b)) - DIAMETER if circles else distance(a, b)
            assert apart >= GAP - 0.01, (page.index, _centre(a), _centre(b), apart)
    assert pairs


def test_a_cutters_nest_keeps_the_gap_and_its_marks_clearance(built):
    """The Silhouette's cut files: pieces nest there too, each cut 2 mm or more from the next and its bleed clear of the
    marks (10 mm in, the 5 mm square and the 20 mm L's arms, 0.5 mm thick) by 2 mm."""
    most = {"rounds": 0, "hexes": 0}
    for svg in sorted(built[1]["silhouette"].glob("tiny-cards-silhouette-sheet-*.svg")):
        tree = ET.parse(svg).getroot()
        w, h = (float(tree.get(side).removesuffix("mm")) for side in ("width", "height"))
        marks = [(10, 10, 5, 5), (w - 10 - 20, 10, 20, 0.5), (w - 10 - 0.5, 10, 0.5, 20), (10, h - 10 - 0.5, 20, 0.5), (10, h - 10 - 20, 0.5, 20)]
        hexes = [[tuple(map(float, p.split(","))) for p in e.get("points").split()] for e in tree.iter(SVG + "polygon")]
        circles = [(float(c.get("cx")), float(c.get("cy")), float(c.get("r"))) for c in tree.iter(SVG + "circle")]
        assert {w, h} == {215.9, 279.4}, svg.name  # each deck on Letter turned its own best way: heroes upright, hexes across
        most = {"rounds": max(most["rounds"], len(circles)), "hexes": max(most["hexes"], len(hexes))}
        for a, b in itertools.combinations(circles, 2):
            assert math.dist(a[:2], b[:2]) - a[2] - b[2] >= GAP - 0.01, (svg.name, a, b)
        for a, b in itertools.combinations(hexes, 2):
            assert distance(a, b) >= GAP - 0.01, (svg.name, _centre(a), _centre(b))
        boxes = [(x - r - 1, y - r - 1, x + r + 1, y + r + 1) for x, y, r in circles]
        grow = 1 / math.cos(math.pi / 6)  # a flat-top hexagon's bleed reaches this much past its left and right corners
        boxes += [(min(x for x, _ in h) - grow, min(y for _, y in h) - 1, max(x for x, _ in h) + grow, max(y for _, y in h) + 1) for h in hexes]
        for box in boxes:
            for x, y, w, h in marks:
                assert box[2] <= x - 2 + 0.01 or box[0] >= x + w + 2 - 0.01 or box[3] <= y - 2 + 0.01 or box[1] >= y + h + 2 - 0.01, (svg.name, box)
    assert most["rounds"] > 12 and most["hexes"] > 30, most  # the Silhouette's grids across Letter: 4 × 3 rounds, 6 × 5 hexes


def test_each_back_lands_behind_its_front_its_centre_mirrored_across_the_page(built):
    """Fronts and backs pages in turn (duplex, long edge): the centre of each back's clip is its front's, mirrored left to
    right on an upright page and top to bottom on a page turned across, within 0.01 mm."""
    assert backs_behind_fronts(built[1]["letter"] / "tiny-cards.pdf") == 90  # every round and hex card


def backs_behind_fronts(pdf) -> int:
    """How many pieces' backs land behind their fronts (the centre of each back's clip its front's, mirrored across the
    page, within 0.01 mm), fronts and backs pages in turn; fails at the first that does not."""
    doc = streams.Document(pdf)
    checked = 0
    for fronts, backs in zip(doc.pages[::2], doc.pages[1::2], strict=True):
        w, h = fronts.width / MM, fronts.height / MM
        assert (backs.width, backs.height) == (fronts.width, fronts.height), fronts.index
        mirrored = [(x, h - y) if w > h else (w - x, y) for x, y in map(_centre, _clips(fronts))]
        back = [_centre(c) for c in _clips(backs)]
        assert len(mirrored) == len(back), fronts.index
        for at in mirrored:
            nearest = min(back, key=lambda b: math.dist(at, b))
            assert math.dist(at, nearest) < 0.01, (fronts.index, at, nearest)
            back.remove(nearest)
        checked += len(mirrored)
    return checked


def _bleed_hexagon(outline, bleed: float = 1.0):
    """A hexagon's cut grown by its bleed as a print shop cuts it: every side pushed `bleed` mm out, so the corners reach
    bleed / cos 30° past the cut's (a regular hexagon about the same centre, its corners that much farther out)."""
    cx, cy = _centre(outline)
    apothem = math.dist((cx, cy), outline[0]) * math.cos(math.pi / 6)
    scale = (apothem + bleed) / apothem
    return [(cx + (x - cx) * scale, cy + (y - cy) * scale) for x, y in outline]


def test_no_two_nested_pieces_bleeds_overlap(built):
    """The gap between two cuts is not enough: a hexagon's bleed reaches 1.15 mm past its corners, so two hexagons whose
    corners face each other 2 mm apart would overlap there by 0.31 mm. On every fronts page each piece's bleed (its cut
    grown by 1 mm) stays clear of every other's."""
    doc = streams.Document(built[1]["letter"] / "tiny-cards.pdf")
    pairs = 0
    for page in doc.pages[::2]:
        outlines = _outlines(page)
        for a, b in itertools.combinations(outlines, 2):
            pairs += 1
            if _kind(a) == _kind(b) == "rounds":
                assert math.dist(_centre(a), _centre(b)) >= DIAMETER + 2 * 1.0 - 0.01, (page.index, _centre(a), _centre(b))
            elif _kind(a) == _kind(b) == "hexes":
                assert apart(_bleed_hexagon(a), _bleed_hexagon(b)) >= -0.01, (page.index, _centre(a), _centre(b))
    assert pairs


def test_a_round_or_hex_cards_art_is_clipped_at_its_bleed_not_its_trim(built):
    """Each piece's art is kept to its bleed (the cut grown by 1 mm), so a hand cut that wanders into it still finds art:
    on every fronts and backs page each clip is its piece's outline grown by the bleed, within 0.05 mm."""
    doc = streams.Document(built[1]["letter"] / "tiny-cards.pdf")
    checked = 0
    for fronts, backs in zip(doc.pages[::2], doc.pages[1::2], strict=True):
        outlines = _outlines(fronts)
        for page in (fronts, backs):
            for clip in (c for c in _clips(page) if len(c) >= 6):
                if page is backs:  # a back's outline is its front's, mirrored across the page
                    w, h = fronts.width / MM, fronts.height / MM
                    outline = min(outlines, key=lambda o: math.dist(_centre(clip), (lambda c: (c[0], h - c[1]) if w > h else (w - c[0], c[1]))(_centre(o))))
                else:
                    outline = min(outlines, key=lambda o: math.dist(_centre(clip), _centre(o)))
                reach = max(math.dist(_centre(clip), p) for p in clip)
                cut = max(math.dist(_centre(outline), p) for p in outline)
                wanted = cut + 1.0 if _kind(outline) == "rounds" else cut * (cut * math.cos(math.pi / 6) + 1.0) / (cut * math.cos(math.pi / 6))
                assert abs(reach - wanted) < 0.05, (page.index, _kind(outline), reach, wanted)
                checked += 1
    assert checked >= 180  # every round and hex card, front and back


def test_hex_cards_turned_across_the_page_for_a_fuller_sheet_are_said_turned_across(tmp_path):
    """pnp.render.packing: 120 hex cards nest more to a landscape Letter sheet, but the poker cards keep their upright
    3 × 3: the hexes print on sheets of their own, and the build says which way those sheets turn, as the PDF's pages do."""
    root = tmp_path / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    (root / "data/tiny/decks/hexes.yaml").write_text(DECKS["hexes"] + CARD.format(id="hex").replace("count: 45", "count: 120"))
    result = run_pnp(root, "build", "tiny", "--only", "cards")
    assert result.exit_code == 0, result.output + result.stderr
    pages = [(float(p.mediabox.width), float(p.mediabox.height)) for p in PdfReader(root / "output/tiny/tiny-cards.pdf").pages]
    assert pages[0][0] < pages[0][1] and any(w > h for w, h in pages), pages
    assert ("tiny-cards.pdf: Hexes print on sheets of their own, turned across the page, where they fit more to a sheet; "
            "the other sets keep their grid") in [line.strip() for line in result.output.splitlines()], result.output
