"""Box inserts (issue #104): inside each box a card-stock insert with a well for each deck, token set and die it
holds, read back from what the build writes: the wells' depths from the PDF's fold lines, the Boardgame Insert
Toolkit block from its file, the box's inner size from `pnp list`; expected sizes from the cards' count and stock
thickness (0.32 mm a card unless the box says, docs/components.md) and the box's inside, not from pnp's code."""
from __future__ import annotations

import itertools
import json
import re

import pytest
import yaml
from conftest import ROOT, run_pnp

PT = 25.4 / 72
STOCK_MM, BOARD_MM, CLEARANCE_MM, DEPTH_CLEARANCE_MM = 0.32, 0.3, 1.0, 1.5  # the documented defaults of a box
GAMES = sorted(p.name for p in (ROOT / "data").iterdir() if (p / "boxes.yaml").is_file())
# The Boardgame Insert Toolkit's keys (version 4), from its own library's lists of valid box and feature keys
# (tests/samples/bit/README.md says where)
TOOLKIT_KEYS = set((ROOT / "tests/samples/bit/keys.txt").read_text(encoding="utf-8").split())


def _listed(root, game: str) -> dict:
    result = run_pnp(root, "list", game, "--format", "json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)[0]


def _compartments(scad: str) -> dict[str, list[tuple[float, float, float]]]:
    """Each OBJECT_BOX's name and its features' FTR_COMPARTMENT_SIZE_XYZ, in order."""
    out: dict[str, list] = {}
    for block in scad.split("[ OBJECT_BOX, [")[1:]:
        name = re.search(r'\[ NAME, "([^"]*)" \]', block)[1]
        out[name] = [tuple(map(float, m)) for m in re.findall(r"FTR_COMPARTMENT_SIZE_XYZ, \[([\d.]+), ([\d.]+), ([\d.]+)\]", block)]
    return out


@pytest.mark.parametrize("game", GAMES)
def test_every_shipped_box_has_an_insert_whose_wells_hold_its_decks_inside_the_box(game, shared_build):
    listed = _listed(ROOT, game)
    spec = {b["id"]: b for b in yaml.safe_load((ROOT / "data" / game / "boxes.yaml").read_text(encoding="utf-8"))["boxes"]}
    cards = {d["id"]: d["cards"] for d in listed["decks"]}
    wells = _compartments((shared_build() / game / f"{game}-box-inserts.scad").read_text(encoding="utf-8"))
    for box in listed["boxes"]:
        inner = box["inner_mm"]
        found = wells[box["name"]]
        assert len(found) == len(spec[box["id"]]["decks"]), box["id"]  # a well per deck, in the order the box names them
        stock = spec[box["id"]].get("stock", STOCK_MM)
        for deck, (across, along, up) in zip(spec[box["id"]]["decks"], found, strict=True):
            assert along >= cards[deck] * stock, (box["id"], deck, along)  # the deck's cards lie in its well
            assert across <= inner["width"] and up <= inner["height"], (box["id"], deck)
        dividers = (len(found) - 1) * 2 * spec[box["id"]].get("board", BOARD_MM)
        assert sum(a for _, a, _ in found) + dividers <= inner["depth"] + 1e-6, box["id"]  # the insert fits the box


def test_the_toolkit_block_uses_only_the_toolkits_own_keys(shared_build):
    scad = (shared_build() / "germ-tycoon" / "germ-tycoon-box-inserts.scad").read_text(encoding="utf-8")
    assert scad.count("[") == scad.count("]") and "MakeAll();" in scad and "include <boardgame_insert_toolkit_lib.4.scad>;" in scad
    used = set(re.findall(r"\[ ([A-Z][A-Z_0-9]+),", scad)) | set(re.findall(r"\[(CENTER),", scad))
    assert used and used <= TOOLKIT_KEYS, used - TOOLKIT_KEYS


BOXES = """boxes:
  - id: kit
    name: Kit
    style: two-piece
    decks: [heroes]
    tokens: [pawns]
    dice: [d]
    front: tiny/back.j2
"""
DICE = ("dice:\n  - {id: d, name: Die, shape: d6, size: 16, count: 2, face: tiny/die.j2,\n"
        "     faces: [{n: 1}, {n: 2}, {n: 3}, {n: 4}, {n: 5}, {n: 6}]}\n")


@pytest.fixture
def kit(project):
    """The tiny game (conftest's private copy) with a box of its heroes, its pawns and two dice."""
    root = project
    (root / "data/tiny/boxes.yaml").write_text(BOXES)
    (root / "data/tiny/dice.yaml").write_text(DICE)
    (root / "templates/tiny/die.j2").write_text('{{ text(die_face.n|string, 4, 4, face.w - 8, face.h - 8, size=10) }}\n')
    return root


def _floors_mm(pdf_path) -> list[float]:
    """The depth of each well's floor on the insert, read from the printed fold lines: the short folds of the lift
    tabs close the strip's ends, the full-width ones are the dividers' three folds (floor, up, down, floor)."""
    import pdfplumber

    with pdfplumber.open(pdf_path) as pdf:
        lines = [ln for ln in pdf.pages[0].lines if ln.get("dash") and ln["dash"][0] and abs(ln["top"] - ln["bottom"]) < 0.01]
    widest = max(ln["x1"] - ln["x0"] for ln in lines)
    ys = sorted({round(ln["top"] * PT, 2) for ln in lines})
    full = sorted({round(ln["top"] * PT, 2) for ln in lines if ln["x1"] - ln["x0"] > widest * 0.9})
    edges = [ys[0], *full, ys[-1]]
    return [round(edges[k + 1] - edges[k], 2) for k in range(0, len(edges), 3)]


def test_a_box_of_a_deck_tokens_and_dice_gets_a_well_for_each_and_grows_to_hold_them(kit):
    result = run_pnp(kit, "build", "tiny", "--only", "boxes", "--only", "inserts", "--out", str(kit / "out"))
    assert result.exit_code == 0, result.output + result.stderr
    inserts = next(line for line in result.output.splitlines() if "tiny-box-inserts.pdf" in line)
    assert "3 pieces" in inserts, inserts  # the strip, and a tray to lift out of the pawns' well and of the dice's
    inner = _listed(kit, "tiny")["boxes"][0]["inner_mm"]
    assert (inner["width"], inner["height"]) == (63.5 + CLEARANCE_MM, 88.9 + CLEARANCE_MM)  # poker cards
    # 12 heroes; 6 hexagonal pawns 16 mm across lie flat, four across the 64.5 mm inside, in one row 16 mm deep; two
    # 16 mm d6 side by side in one row: each well its contents' depth and the clearance to take them out
    want = [12 * STOCK_MM + DEPTH_CLEARANCE_MM, 16 + DEPTH_CLEARANCE_MM, 16 + DEPTH_CLEARANCE_MM]
    floors = _floors_mm(kit / "out/tiny/tiny-box-inserts.pdf")
    assert floors == pytest.approx(want, abs=0.1)
    assert inner["depth"] == pytest.approx(sum(want) + 2 * 2 * BOARD_MM, abs=0.01)  # and two dividers, each board folded twice


def test_a_larger_die_in_dice_yaml_deepens_the_dice_well_of_the_next_build(kit):
    """A build after dice.yaml changed draws the insert again (docs/boxes-and-dice.md): two 20 mm d6 in place of the
    16 mm ones lie in one row 20 mm deep, and their well is that and the 1.5 mm clearance, not the old print's."""
    args = ("build", "tiny", "--only", "inserts", "--out", str(kit / "out"))
    assert run_pnp(kit, *args).exit_code == 0
    assert _floors_mm(kit / "out/tiny/tiny-box-inserts.pdf")[-1] == pytest.approx(16 + DEPTH_CLEARANCE_MM, abs=0.1)
    (kit / "data/tiny/dice.yaml").write_text(DICE.replace("size: 16", "size: 20"))
    result = run_pnp(kit, *args)
    assert result.exit_code == 0, result.output + result.stderr
    assert _floors_mm(kit / "out/tiny/tiny-box-inserts.pdf")[-1] == pytest.approx(20 + DEPTH_CLEARANCE_MM, abs=0.1)



@pytest.mark.parametrize("shape, faces, span", [
    ("d20", 20, (1 + 5 ** 0.5) / 2),  # an icosahedron of edge a fits a cube of side φa (its corners at (0, ±a/2, ±φa/2))
    ("d12", 12, ((1 + 5 ** 0.5) / 2) ** 2),  # a dodecahedron of edge a, a cube of side φ²a (its edge is 2/φ of its corners' ±1 cube)
    ("d8", 8, 2 ** 0.5),  # an octahedron of edge a, a cube of side √2·a (its opposite corners at ±a/√2 on each axis)
])
def test_a_die_s_well_is_as_deep_as_the_cube_its_solid_fits_in(kit, shape, faces, span):
    """One die of 10 mm edges lies in a cube of its solid's own width, one row of one: its well is that cube's side and
    the 1.5 mm clearance deep."""
    (kit / "templates/tiny/die.j2").write_text('{{ rect(0, 0, face.w, face.h, fill="paper") }}\n')  # no number: a 10 mm face has little room
    numbers = ", ".join(f"{{n: {n}}}" for n in range(1, faces + 1))
    (kit / "data/tiny/dice.yaml").write_text(f"dice:\n  - {{id: d, name: Die, shape: {shape}, size: 10, count: 1, face: tiny/die.j2, faces: [{numbers}]}}\n")
    wells = _listed(kit, "tiny")["boxes"][0]["wells"]
    assert [w["depth_mm"] for w in wells if w["kind"] == "dice"] == [pytest.approx(10 * span + DEPTH_CLEARANCE_MM, abs=0.01)]


def test_a_box_too_shallow_for_its_wells_is_one_error_at_its_inner_size(kit):
    boxes = BOXES.replace("    front: tiny/back.j2\n", "    front: tiny/back.j2\n    inner: [64.5, 89.9, 20]\n")
    (kit / "data/tiny/boxes.yaml").write_text(boxes)
    result = run_pnp(kit, "validate", "tiny")
    assert result.exit_code != 0
    found = [line for line in result.output.splitlines() if "box 'kit'" in line]
    assert len(found) == 1, result.output
    line = boxes.splitlines().index("    inner: [64.5, 89.9, 20]") + 1
    assert f"boxes.yaml:{line}:" in found[0]
    # what the wells hold takes 12 × 0.32 mm of cards, a 16 mm row of pawns and a 16 mm row of dice, and two dividers
    # of two boards: 37.0 mm, 17.0 more than 20
    assert "37.0 mm" in found[0] and "17.0 mm more" in found[0], found[0]


def test_a_token_set_the_game_does_not_have_is_named_with_a_did_you_mean(kit):
    boxes = BOXES.replace("tokens: [pawns]", "tokens: [pawn]")
    (kit / "data/tiny/boxes.yaml").write_text(boxes)
    result = run_pnp(kit, "validate", "tiny")
    found = [line for line in result.output.splitlines() if "'pawn'" in line]
    line = boxes.splitlines().index("    tokens: [pawn]") + 1
    assert len(found) == 1 and "did you mean 'pawns'" in found[0] and f"boxes.yaml:{line}:" in found[0], result.output


def test_many_tokens_lie_in_as_many_stacks_across_as_the_box_is_wide_and_as_many_rows_as_they_need(kit):
    """1,200 chips (600 in each of two colours) 16 mm across and 0.32 mm thick: four stacks across the 64.5 mm inside,
    each up to 88.9 mm (the inside's 89.9 less the clearance) or 277 chips high, so 1,108 to a row, and the rest in a
    second row: 32 mm."""
    tokens = (kit / "data/tiny/tokens.yaml").read_text()
    (kit / "data/tiny/tokens.yaml").write_text(tokens + "  - {id: chips, name: Chips, shape: circle, size: 16, count: 600, colors: [red, blue], front: tiny/token-pawn.j2}\n")
    (kit / "data/tiny/boxes.yaml").write_text(BOXES.replace("tokens: [pawns]", "tokens: [chips]"))
    wells = _listed(kit, "tiny")["boxes"][0]["wells"]
    assert [w["depth_mm"] for w in wells if w["kind"] == "tokens"] == [pytest.approx(2 * 16 + DEPTH_CLEARANCE_MM)]


def test_sleeved_cards_widen_the_box_and_deepen_their_well(kit):
    """Sleeves 66 × 91 mm outside, 0.1 mm a card: the inside is the sleeve and the 1 mm clearance each way, and the 12
    heroes' well 12 × (0.32 + 0.1) mm and the 1.5 mm clearance."""
    (kit / "data/tiny/boxes.yaml").write_text(BOXES.replace("    front: tiny/back.j2\n", "    front: tiny/back.j2\n    sleeves: {size: 66 x 91, thickness: 0.1}\n"))
    box = _listed(kit, "tiny")["boxes"][0]
    assert (box["inner_mm"]["width"], box["inner_mm"]["height"]) == (66 + CLEARANCE_MM, 91 + CLEARANCE_MM)
    deck = next(w for w in box["wells"] if w["kind"] == "deck")
    assert deck["depth_mm"] == pytest.approx(12 * (STOCK_MM + 0.1) + DEPTH_CLEARANCE_MM)


def test_a_sleeve_of_no_given_thickness_adds_a_standard_sleeves_tenth_of_a_millimetre_a_card(kit):
    """A standard sleeve adds about 0.1 mm to a card (docs/boxes-and-dice.md): sleeves named by their size alone make
    the 12 heroes' well 12 × (0.32 + 0.1) mm and the 1.5 mm clearance deep."""
    (kit / "data/tiny/boxes.yaml").write_text(BOXES.replace("    front: tiny/back.j2\n", "    front: tiny/back.j2\n    sleeves: {size: 66 x 91}\n"))
    deck = next(w for w in _listed(kit, "tiny")["boxes"][0]["wells"] if w["kind"] == "deck")
    assert deck["depth_mm"] == pytest.approx(12 * (STOCK_MM + 0.1) + DEPTH_CLEARANCE_MM)


def test_a_token_wider_than_the_boxs_tray_is_one_error_at_the_box(kit):
    """A 70 mm token does not lie in a tray inside a poker box (64.5 mm inside, 63.4 mm between the tray's walls)."""
    tokens = (kit / "data/tiny/tokens.yaml").read_text()
    (kit / "data/tiny/tokens.yaml").write_text(tokens + "  - {id: plates, name: Plates, shape: circle, size: 70, count: 2, front: tiny/token-shield.j2}\n")
    (kit / "data/tiny/boxes.yaml").write_text(BOXES.replace("tokens: [pawns]", "tokens: [plates]"))
    result = run_pnp(kit, "validate", "tiny")
    found = [line for line in result.output.splitlines() if "box 'kit'" in line]
    assert len(found) == 1 and "'plates' do not lie in its inside" in found[0] and "boxes.yaml:" in found[0], result.output


def _scad_boxes(scad: str) -> list[dict]:
    """Each OBJECT_BOX of a toolkit block: its NAME (OpenSCAD's escapes undone), BOX_SIZE_XYZ, and each feature's NAME,
    FTR_COMPARTMENT_SIZE_XYZ and the distance along of its POSITION_XY, in order."""
    string = r'"((?:[^"\\]|\\.)*)"'
    numbers = r"\[([\d.]+), ([\d.]+), ([\d.]+)\]"
    boxes = []
    for block in scad.split("[ OBJECT_BOX, [")[1:]:
        head, *features = block.split("[ BOX_FEATURE, [")
        box = {"name": re.sub(r"\\(.)", r"\1", re.search(rf"\[ NAME, {string} \]", head)[1]),
               "size": tuple(map(float, re.search(rf"BOX_SIZE_XYZ, {numbers}", head).groups())), "features": []}
        for feature in features:
            box["features"].append({"name": re.sub(r"\\(.)", r"\1", re.search(rf"\[ NAME, {string} \]", feature)[1]),
                                    "size": tuple(map(float, re.search(rf"FTR_COMPARTMENT_SIZE_XYZ, {numbers}", feature).groups())),
                                    "along": float(re.search(r"POSITION_XY, \[CENTER, ([\d.]+)\]", feature)[1])})
        boxes.append(box)
    return boxes


def test_the_toolkit_block_lays_each_well_after_the_last_with_its_padding_inside_the_toolkits_walls(kit):
    """docs/boxes-and-dice.md: a feature per well at its place along the box, the toolkit's 2 mm walls and 1 mm between
    compartments; the box as high as its inside on a 2 mm floor. A name with quotes stays one OpenSCAD string. On the
    printed insert, the divider between two wells stands half the box's inside high (89.9 mm: 44.95)."""
    (kit / "data/tiny/boxes.yaml").write_text(BOXES.replace("name: Kit", "name: 'Kit \"Deluxe\"'"))
    result = run_pnp(kit, "build", "tiny", "--only", "boxes", "--only", "inserts", "--out", str(kit / "out"))
    assert result.exit_code == 0, result.output + result.stderr
    (box,) = _scad_boxes((kit / "out/tiny/tiny-box-inserts.scad").read_text(encoding="utf-8"))
    assert box["name"] == 'Kit "Deluxe"'
    wells = box["features"]
    want = [12 * STOCK_MM + DEPTH_CLEARANCE_MM, 16 + DEPTH_CLEARANCE_MM, 16 + DEPTH_CLEARANCE_MM]  # heroes, pawns, dice
    assert [w["size"][1] for w in wells] == pytest.approx(want, abs=0.01)
    assert len({w["size"][0] for w in wells}) == len({w["size"][2] for w in wells}) == 1, "one width and height across the box"
    assert wells[0]["along"] == 0
    for before, after in itertools.pairwise(wells):
        assert after["along"] == pytest.approx(before["along"] + before["size"][1] + 1.0, abs=0.01), "1 mm between compartments"
    across, up = wells[0]["size"][0], wells[0]["size"][2]
    length = wells[-1]["along"] + wells[-1]["size"][1]
    assert box["size"] == pytest.approx((across + 2 * 2.0, length + 2 * 2.0, up + 2.0), abs=0.01)
    import pdfplumber

    with pdfplumber.open(kit / "out/tiny/tiny-box-inserts.pdf") as pdf:
        folds = [ln for ln in pdf.pages[0].lines if ln.get("dash") and ln["dash"][0] and abs(ln["top"] - ln["bottom"]) < 0.01]
    widest = max(ln["x1"] - ln["x0"] for ln in folds)
    full = sorted({round(ln["top"] * PT, 2) for ln in folds if ln["x1"] - ln["x0"] > widest * 0.9})
    assert len(full) == 6, "two dividers, each folded up, over and down"
    for first in (0, 3):
        assert full[first + 1] - full[first] == pytest.approx(89.9 / 2, abs=0.1) == full[first + 2] - full[first + 1]


def test_an_insert_longer_than_the_paper_is_one_error_at_the_boxs_decks(kit):
    """Five wells need four dividers, each folded up half the box's 89.9 mm and back down (360 mm of strip, with the
    floors more): no Letter sheet (279.4 mm, less the printer's margins) holds the strip, and the build says so once,
    at the box's `decks:` line, naming a larger paper."""
    boxes = BOXES.replace("tokens: [pawns]", "tokens: [pawns, coins, shields, walls]")
    (kit / "data/tiny/boxes.yaml").write_text(boxes)
    result = run_pnp(kit, "build", "tiny", "--only", "boxes", "--only", "inserts", "--out", str(kit / "out"))
    shown = result.output + result.stderr
    assert "Traceback" not in shown and "internal error" not in shown, shown
    line = boxes.splitlines().index("    decks: [heroes]") + 1
    found = [text for text in result.output.splitlines() if "insert" in text and "box 'kit'" in text]
    assert len(found) == 1 and f"boxes.yaml:{line}:" in found[0] and "--paper a3" in found[0], shown
    assert result.exit_code != 0 and not (kit / "out/tiny/tiny-box-inserts.pdf").exists()


def test_an_insert_is_half_a_millimetre_narrower_than_its_boxs_inside_so_it_drops_in(kit):
    """The heroes' box is 64.5 mm wide inside (a poker card's 63.5 mm and the 1 mm clearance): its insert's strip, read
    from the dividers' folds that run across it edge to edge, is 64 mm wide, the 0.5 mm of play that lets it drop in
    (docs/boxes-and-dice.md), not the inside's own width, which would jam against the box's walls."""
    import pdfplumber

    result = run_pnp(kit, "build", "tiny", "--only", "inserts", "--out", str(kit / "out"))
    assert result.exit_code == 0, result.output + result.stderr
    with pdfplumber.open(kit / "out/tiny/tiny-box-inserts.pdf") as pdf:
        folds = [ln for ln in pdf.pages[0].lines if ln.get("dash") and ln["dash"][0] and abs(ln["top"] - ln["bottom"]) < 0.01]
    widths = sorted(round((ln["x1"] - ln["x0"]) * PT, 2) for ln in folds)
    assert widths[-1] == pytest.approx(63.5 + CLEARANCE_MM - 0.5, abs=0.02), widths


def test_a_dice_well_is_as_deep_as_the_largest_die_it_holds(kit):
    """Two d6 of 16 and 20 mm edges in one box: each die sits in the cube it fits in, so their row is the larger cube's
    20 mm deep (docs/boxes-and-dice.md), and the well that and the 1.5 mm clearance; a row 16 mm deep would leave the
    20 mm die standing proud of its tray."""
    (kit / "data/tiny/dice.yaml").write_text(DICE.replace("count: 2", "count: 1")
                                             + "  - {id: big, name: Big die, shape: d6, size: 20, count: 1, face: tiny/die.j2,\n"
                                             "     faces: [{n: 1}, {n: 2}, {n: 3}, {n: 4}, {n: 5}, {n: 6}]}\n")
    (kit / "data/tiny/boxes.yaml").write_text(BOXES.replace("dice: [d]", "dice: [d, big]"))
    wells = _listed(kit, "tiny")["boxes"][0]["wells"]
    assert [w["depth_mm"] for w in wells if w["kind"] == "dice"] == [pytest.approx(20 + DEPTH_CLEARANCE_MM)]


def test_a_dice_well_holds_every_copy_of_its_die(kit):
    """30 copies of a 16 mm d6 (`count: 30`) lie in a tray 63.4 mm wide inside (the 64.5 mm inside less 0.5 mm of play
    and two 0.3 mm walls): three cubes across and five high under the 88.9 mm the clearance leaves, 15 to a row, so two
    rows: the well is 32 mm and the 1.5 mm clearance deep, and it holds 30 dice."""
    (kit / "data/tiny/dice.yaml").write_text(DICE.replace("count: 2", "count: 30"))
    (dice,) = [w for w in _listed(kit, "tiny")["boxes"][0]["wells"] if w["kind"] == "dice"]
    assert (dice["count"], dice["depth_mm"]) == (30, pytest.approx(2 * 16 + DEPTH_CLEARANCE_MM))


def test_a_box_of_a_set_inside_narrower_than_its_cards_is_one_error_at_its_inner_size(kit):
    """A box bought 60 mm wide inside cannot hold poker cards 63.5 mm wide, however tall and deep it is: one error at
    its `inner:` line naming the cards' size and the inside's."""
    boxes = BOXES.replace("    front: tiny/back.j2\n", "    front: tiny/back.j2\n    inner: [60, 95, 60]\n")
    (kit / "data/tiny/boxes.yaml").write_text(boxes)
    result = run_pnp(kit, "validate", "tiny")
    found = [line for line in result.output.splitlines() if "box 'kit'" in line]
    line = boxes.splitlines().index("    inner: [60, 95, 60]") + 1
    assert result.exit_code != 0 and len(found) == 1, result.output
    assert f"boxes.yaml:{line}:" in found[0] and "(63.5 × 88.9 mm) are larger than its inside (60 × 95 mm)" in found[0], found[0]


def kit_with_inner(kit, inner: str) -> tuple[str, int, object, list[str]]:
    """The kit's box given `inner: INNER`, validated: its boxes.yaml, the `inner:` line's number, the result and the
    lines said of the box."""
    boxes = BOXES.replace("    front: tiny/back.j2\n", f"    front: tiny/back.j2\n    inner: {inner}\n")
    (kit / "data/tiny/boxes.yaml").write_text(boxes)
    result = run_pnp(kit, "validate", "tiny")
    found = [line for line in result.output.splitlines() if "box 'kit'" in line]
    return boxes, boxes.splitlines().index(f"    inner: {inner}") + 1, result, found


def test_a_box_of_a_set_inside_exactly_its_cards_size_is_warned_at_its_inner_size_unless_its_clearance_is_zero(kit):
    """Poker cards (63.5 × 88.9 mm) in a box whose inside is exactly as large have no play and bind as they are drawn:
    a tuck box wants about 1 mm each way (docs/boxes-and-dice.md). One warning at the `inner:` line saying the size to
    give; `clearance: 0` says a tight fit is meant, and a millimetre each way is no warning."""
    tight, line, result, found = kit_with_inner(kit, "[63.5, 88.9, 60]")
    assert result.exit_code == 0 and len(found) == 1, result.output
    assert f"boxes.yaml:{line}:" in found[0] and ": warning: " in found[0] and "leave 0 mm of play" in found[0], found[0]
    assert "make `inner` at least 64.5 × 89.9 mm wide and high" in found[0], found[0]
    for meant in (tight.replace("    inner: [63.5, 88.9, 60]\n", "    inner: [63.5, 88.9, 60]\n    clearance: 0\n"),
                  tight.replace("[63.5, 88.9, 60]", "[64.5, 89.9, 60]")):
        (kit / "data/tiny/boxes.yaml").write_text(meant)
        quiet = run_pnp(kit, "validate", "tiny")
        assert "box 'kit'" not in quiet.output, quiet.output


def test_the_toolkits_compartments_are_as_wide_as_the_insert_that_drops_into_the_box(kit):
    """A poker box is 64.5 mm wide inside; the insert is 0.5 mm narrower so it drops in (docs/boxes-and-dice.md), and
    the toolkit's compartments, the same wells, are as wide: 64 mm each."""
    result = run_pnp(kit, "build", "tiny", "--only", "inserts", "--out", str(kit / "out"))
    assert result.exit_code == 0, result.output + result.stderr
    (box,) = _scad_boxes((kit / "out/tiny/tiny-box-inserts.scad").read_text(encoding="utf-8"))
    assert [w["size"][0] for w in box["features"]] == [63.5 + CLEARANCE_MM - 0.5] * 3


def test_a_box_of_a_set_inside_with_room_across_but_cards_touching_top_and_bottom_is_warned(kit):
    """Play is wanted each way (docs/boxes-and-dice.md): poker cards (63.5 × 88.9 mm) in a box 66.5 mm wide but 89.4
    mm high inside have 3 mm across and only 0.5 mm top to bottom, less than the 1 mm clearance: a warning at `inner:`
    saying the half millimetre."""
    _, line, result, found = kit_with_inner(kit, "[66.5, 89.4, 60]")
    assert result.exit_code == 0 and len(found) == 1, result.output
    assert f"boxes.yaml:{line}:" in found[0] and ": warning: " in found[0] and "leave 0.5 mm of play" in found[0], found[0]


def test_a_box_too_shallow_is_told_a_depth_rounded_up_so_that_its_wells_fit(kit):
    """The kit's wells take 12 × 0.32 = 3.84 mm of cards, a 16 mm row of pawns, a 16 mm row of dice and two dividers of
    two 0.3 mm boards: 37.04 mm. The depth to give is the next tenth up, 37.1 mm; 37.0 would still be too shallow."""
    _, _, result, found = kit_with_inner(kit, "[64.5, 89.9, 20]")
    assert result.exit_code != 0 and len(found) == 1, result.output
    assert "make `inner`'s depth at least 37.1," in found[0], found[0]


def test_each_floor_of_an_insert_says_what_goes_there_and_how_many(kit):
    """Each floor is labelled with what goes there (docs/boxes-and-dice.md): the 12 heroes, the 6 pawns (3 of each of
    two colours) and the 2 dice, each named with its count."""
    from pdftext import pdf_text

    result = run_pnp(kit, "build", "tiny", "--only", "inserts", "--out", str(kit / "out"))
    assert result.exit_code == 0, result.output + result.stderr
    text = pdf_text(kit / "out/tiny/tiny-box-inserts.pdf", " ")
    for label in ("Heroes · 12", "Pawns · 6", "Die · 2"):
        assert label in text, text


def test_a_box_s_insert_prints_in_the_box_s_colour(kit):
    """docs/boxes-and-dice.md: the insert "prints on the build's paper in the box's colour". A box coloured #2a6f97: the
    insert's floors and dividers are filled with that blue, and nothing of the insert but its grey glue tabs is white."""
    (kit / "data/tiny/boxes.yaml").write_text(BOXES + '    color: "#2a6f97"\n')
    result = run_pnp(kit, "build", "tiny", "--only", "inserts", "--no-validate")
    assert result.exit_code == 0, result.output + result.stderr
    import pdfplumber

    blue = (0x2A / 255, 0x6F / 255, 0x97 / 255)
    with pdfplumber.open(kit / "output/tiny/tiny-box-inserts.pdf") as pdf:
        fills = [tuple(c["non_stroking_color"]) for page in pdf.pages for c in page.curves + page.rects if c.get("fill")]
    painted = [f for f in fills if len(f) == 3 and all(abs(a - b) < 0.01 for a, b in zip(f, blue, strict=True))]
    white = [f for f in fills if len(f) == 3 and all(v > 0.99 for v in f)]
    assert len(painted) >= 3 and not white, fills  # the strip's floor, its dividers and lift tabs, the trays' panels
