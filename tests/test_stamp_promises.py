"""Where a stamp prints (docs/editions.md, Where a stamp goes), read back from one small game's card sheets: the text in
the deck's corner `stamp_inset:` inside the trim when the corner is free; on a panel under that corner as on the
paper, but never across a panel's edge or over a rule; the QR code at the free place nearest the corner besides the
text; a part with no room left off with one warning for the deck, at the line that asked for it, saying the room it
needs. Each deck's fronts print its id as a title, so each face is found on the sheet by what it says; every
position is read from the PDF (pdfplumber), the stamp's text by tests/stamp_room.py.

Then the same promises on faces written element by element (pnp.layout.free_room's ink_boxes and Room.place, cheap
enough for bench/mutation.py to run a mutant in seconds), what pnp.layout.stamp tells its caller of a part left off,
and what pnp.data.stamps puts in a card's stamp and the form address its QR code opens."""
from __future__ import annotations

import re
from pathlib import Path

import pdfplumber
import pytest
from conftest import run_pnp
from stamp_room import stamps_in

MM = 72 / 25.4
INSET_MM = 3.5  # docs/editions.md: a stamp's box 0.5 mm inside the 3 mm safe line, unless the deck says more
SAFE_MM = 3.0  # the safe area: 3 mm inside the trim
CLEAR_MM = 0.3  # docs/editions.md: a stamp keeps 0.3 mm from every edge and letter
CELL_MM = 0.25  # how much further than that a stamp moved off something may land (the grid pnp reads a face on)
GLYPH_MM = 0.2  # between a 5 pt line's box as pnp measures it (its glyphs) and as pdfplumber gives it (the font's box)
MODULE_MM = 0.4  # GS1's smallest QR module a phone reads (0.396 mm), as a stamp's code prints it
QUIET_MODULES = 4  # ISO/IEC 18004's quiet zone, each side
FORM = "https://docs.google.com/forms/d/e/1FAIpQLSe-promises/viewform"
INK = "#1a4d80"  # the game's ink, which its stamps print in (docs/editions.md)
POKER = (63.5, 88.9)  # 2.5 × 3.5 in

TITLE = '{{ text(deck.id, 10, face.h / 2 - 4, face.w - 20, 8, size=9, align="center") }}\n'
FRONTS = {  # deck id → (size, the deck's extra keys, what its front draws besides its title)
    "top-left": ("poker", "stamp_corner: top-left\n", ""),
    "top-right": ("poker", "stamp_corner: top-right\n", ""),
    "bottom-right": ("poker", "stamp_corner: bottom-right\n", ""),
    "bottom-left": ("poker", "", ""),
    "inset": ("poker", "stamp_corner: top-right\nstamp_inset: 6\n", ""),
    # a rule across the foot of the card, where the stamp's corner is: the stamp goes above it
    "rule": ("poker", "", '{{ text("Discard a card of your choice.", 3.5, face.h - 7.5, face.w - 7, 4, size=8) }}\n'),
    # a panel from the bleed to 25 mm above the foot, under the corner: the stamp lies on it as on the paper
    "panel": ("poker", "", '{{ rect(-3, face.h - 25, face.w + 6, 28, fill="#f2e6c8") }}\n'),
    # a band whose top edge runs 5 mm above the foot, across the corner's spot: the stamp stays off that edge
    "edge": ("poker", "", '{{ rect(-3, face.h - 5, face.w + 6, 8, fill="#f2e6c8") }}\n'),
    # a panel with 6 mm round corners whose lower left corner is the stamp's: the stamp lies on it, inside its arc
    "rounded": ("poker", "", '{{ rect(2, face.h - 20, face.w - 4, 18, fill="#f2e6c8", radius=6) }}\n'),
    # a rule in a group moved to the foot of the card: where the group puts it is where the stamp keeps off
    "grouped": ("poker", "", '{% call group(x=0, y=face.h - 12) %}{{ text("Discard a card of your choice.", 3.5, 4.5, face.w - 7, 4, size=8) }}{% endcall %}\n'),
    # 15 mm wide: a safe area 8 mm across, narrower than the stamp's text
    "narrow": ("15 x 40", "", ""),
    # 8 mm tall: a safe area 1 mm high, lower than the stamp's text
    "flat": ("40 x 8", "", ""),
    # as narrow, its corner named: the warning is at the `stamp_corner:` that placed it
    "narrow-corner": ("15 x 40", "stamp_corner: top-right\n", ""),
    # 22 mm tall: a safe area 15 mm high, shorter than the QR code of the form's address with its quiet zone
    "short": ("90 x 22", "", ""),
}
GAME = f"""\
title: Stamps
version: "2"
players: {{min: 1, max: 2}}
stamps: {{qr: true}}
palette: {{ink: "{INK}"}}
feedback:
  form: {FORM}
  fields: {{card: entry.2, code: entry.3}}
"""


def write_project(root: Path) -> Path:
    """The game `st` (version 2), one deck per case of FRONTS, two cards each (one printed twice)."""
    files = {"data/st/game.yaml": GAME,
             "templates/st/back.j2": '{{ rect(-3, -3, face.w + 6, face.h + 6, fill="#555555") }}\n'}
    for deck, (size, extra, drawn) in FRONTS.items():
        files[f"data/st/decks/{deck}.yaml"] = (f"name: {deck}\nsize: {size}\n{extra}front: st/{deck}.j2\nback: st/back.j2\n"
                                               "cards:\n  - {id: one, count: 2}\n  - {id: two}\n")
        files[f"templates/st/{deck}.j2"] = drawn + (TITLE if size in ("poker", "90 x 22") else "")
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    return root


def faces_by_title(pdf: Path, reader) -> dict[str, list[dict]]:
    """Each front on the sheets, by the title it prints ("untitled" where it prints none but a stamp): its trim (mm from the page's top left, as pdfplumber measures)
    and the stamps on it, each its text and box in mm from the trim's top left corner (x0, top, x1, bottom)."""
    from printable import read

    views = read(pdf, reader=reader)
    stamps = stamps_in(pdf, reader)
    out: dict[str, list[dict]] = {}
    with pdfplumber.open(pdf) as doc:
        for number, (page, view) in enumerate(zip(doc.pages, views, strict=True)):
            for face in view.faces:
                trim = (face.trim.x0, view.height - face.trim.y1, face.trim.x1, view.height - face.trim.y0)
                inside = [c for c in page.chars if trim[0] < (c["x0"] + c["x1"]) / 2 < trim[2] and trim[1] < (c["top"] + c["bottom"]) / 2 < trim[3]]
                title = "".join(c["text"] for c in inside if abs(c["size"] - 9) < 0.01)
                mine = [s for s in stamps if s.page == number and trim[0] < s.box[0] < trim[2] and trim[1] < s.box[1] < trim[3]]
                if not title and not mine:
                    continue  # a back, or an untitled front with no stamp
                out.setdefault(title or "untitled", []).append({
                    "size": ((trim[2] - trim[0]) / MM, (trim[3] - trim[1]) / MM),
                    "stamps": [(s.text, _in_mm(s.box, trim), [c for c in s.clashes if not _qr_ground(c)]) for s in mine],
                    "squares": [_in_mm(q, trim) for q in white_squares(page) if _inside(q, trim)],
                    "modules": [_in_mm(_box(r), trim) for r in page.rects if _black(r) and _inside(_box(r), trim)],
                    "stamp_colours": {tuple(round(v, 3) for v in c["non_stroking_color"]) for c in inside if abs(c["size"] - 5) < 0.01},
                    "others": [tuple((c[k] - trim[i % 2]) / MM for i, k in enumerate(("x0", "top", "x1", "bottom")))
                               for c in inside if abs(c["size"] - 5) > 0.01]})
    return out


def _box(obj: dict) -> tuple[float, float, float, float]:
    return obj["x0"], obj["top"], obj["x1"], obj["bottom"]


def _in_mm(box, trim) -> tuple[float, float, float, float]:
    return tuple((v - trim[i % 2]) / MM for i, v in enumerate(box))


def _inside(box, trim) -> bool:
    return trim[0] < (box[0] + box[2]) / 2 < trim[2] and trim[1] < (box[1] + box[3]) / 2 < trim[3]


def _qr_ground(clash: str) -> bool:
    """Whether what tests/stamp_room.py says a stamp touches is a QR stamp's square: the QR test measures its room from
    pnp's own 0.3 mm, which stamp_room's type box (the font's descent, deeper than these letters go) overlaps by a hair."""
    found = re.fullmatch(r"(?:curve|rect) ([\d.]+),([\d.]+)–([\d.]+),([\d.]+)", clash)
    if not found:
        return False
    x0, top, x1, bottom = map(float, found.groups())
    return abs((x1 - x0) - (bottom - top)) < 0.2 and 10 * MM < x1 - x0 < 40 * MM


def _black(obj: dict) -> bool:
    return bool(obj.get("fill")) and tuple(obj.get("non_stroking_color") or ()) in ((0, 0, 0), (0,), (0, 0, 0, 1))


def white_squares(page) -> list[tuple[float, float, float, float]]:
    """The white filled squares 10 to 40 mm a side (x0, top, x1, bottom in points): a QR stamp's ground, its quiet zone."""
    return [_box(r) for r in page.rects if abs(r["width"] - r["height"]) < 0.1 and 10 * MM < r["width"] < 40 * MM and r["fill"]
            and tuple(r.get("non_stroking_color") or ()) in ((1, 1, 1), (1,))]


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    return write_project(tmp_path_factory.mktemp("stamps") / "project")


@pytest.fixture
def built(project, tmp_path, pdfium_reader):
    """`built(deck, …)`: those decks built (`pnp build st --only cards --deck …`) by the test that reads them, so each
    test's build runs the code it holds (a build shared by the module would run it for its first test alone): what
    the build printed, and each front as faces_by_title reads it."""
    def build(*decks: str) -> tuple[str, dict[str, list[dict]]]:
        out = tmp_path / "out"
        result = run_pnp(project, "build", "st", "--only", "cards", "--out", str(out), *(a for deck in decks for a in ("--deck", deck)))
        assert result.exit_code == 0, result.output
        return result.output, faces_by_title(next((out / "st").glob("st-cards*.pdf")), pdfium_reader)

    return build


def stamp_boxes(faces: list[dict]) -> list[tuple[float, float, float, float]]:
    """The one stamp each front of a deck carries, touching nothing (its box in mm from the trim's top left)."""
    assert len(faces) == 3, "a front for each card printed"
    assert all(len(face["stamps"]) == 1 and not face["stamps"][0][2] for face in faces), [face["stamps"] for face in faces]
    return [face["stamps"][0][1] for face in faces]


@pytest.mark.parametrize("deck", ["top-left", "top-right", "bottom-right", "bottom-left", "panel"])
def test_a_free_corner_takes_the_stamp_its_inset_from_both_its_sides(built, deck):
    """From the trim's two sides that meet at the deck's corner (the default's lower left; a panel under the corner is
    the ground the stamp lies on, as the paper is), the stamp's box lies 3.5 mm in, as far as the type's box allows."""
    faces = built(deck)[1][deck]
    corner = deck if deck != "panel" else "bottom-left"
    w, h = faces[0]["size"]
    assert (w, h) == pytest.approx(POKER, abs=0.05)
    for x0, top, x1, bottom in stamp_boxes(faces):
        side = x0 if corner.endswith("left") else w - x1
        end = top if corner.startswith("top") else h - bottom
        assert side == pytest.approx(INSET_MM, abs=0.05), (x0, x1)
        assert SAFE_MM <= end <= INSET_MM + GLYPH_MM, (top, bottom)


def test_a_stamp_is_5_pt_type_in_the_games_ink(built):
    ink = tuple(round(int(INK[i:i + 2], 16) / 255, 3) for i in (1, 3, 5))
    fronts = [face for faces in built("top-left", "rounded", "short")[1].values() for face in faces]
    assert len(fronts) == 3 * 3 and all(face["stamp_colours"] == {ink} for face in fronts), {c for f in fronts for c in f["stamp_colours"]}


def test_a_decks_stamp_inset_sets_how_far_in_its_stamp_lies(built):
    faces = built("inset")[1]["inset"]
    w, _ = faces[0]["size"]
    for _x0, top, x1, _bottom in stamp_boxes(faces):
        assert w - x1 == pytest.approx(6.0, abs=0.05) and 6.0 - GLYPH_MM <= top <= 6.0 + GLYPH_MM, (x1, top)


@pytest.mark.parametrize("deck", ["rule", "grouped"])
def test_a_rule_in_the_corner_keeps_the_stamp_above_it_clear_by_the_room_promised(built, deck):
    """The rule's line runs across the whole safe area at the foot (drawn there, or in a group moved there): the stamp
    keeps its corner's side and moves up just clear of the rule's letters, 0.3 mm and at most a grid step more."""
    faces = built(deck)[1][deck]
    rule_top = min(c[1] for c in faces[0]["others"] if c[1] > 60)  # the rule's letters, not the title's
    for x0, _top, _x1, bottom in stamp_boxes(faces):
        assert x0 == pytest.approx(INSET_MM, abs=0.05)
        assert CLEAR_MM - GLYPH_MM <= rule_top - bottom <= CLEAR_MM + CELL_MM + GLYPH_MM, (bottom, rule_top)


def test_a_stamp_on_a_panel_with_round_corners_lies_inside_its_arc(built):
    """The panel runs from 2 mm inside the trim with 6 mm round corners, its lower left one where the stamp's corner
    is: the stamp lies on the panel, each corner of its box 0.3 mm inside the panel's outline (its arc there)."""
    faces = built("rounded")[1]["rounded"]
    w, h = faces[0]["size"]
    centre, radius = (2 + 6, h - 2 - 6), 6
    for x0, top, x1, bottom in stamp_boxes(faces):
        for x, y in ((x0, top), (x0, bottom), (x1, top), (x1, bottom)):
            assert 2 + CLEAR_MM <= x <= w - 2 - CLEAR_MM and h - 20 + CLEAR_MM <= y <= h - 2 - CLEAR_MM, (x, y)
            if x < centre[0] and y > centre[1]:
                assert ((x - centre[0]) ** 2 + (y - centre[1]) ** 2) ** 0.5 <= radius - CLEAR_MM + 0.05, (x, y)


def test_a_stamp_never_lies_across_a_panels_edge(built):
    """The band's top edge runs 5 mm above the foot, through where the corner's stamp would be: the stamp lies wholly
    above it (the band's 1.5 mm inside the safe area is too narrow for it), 0.3 mm clear and at most a grid step more."""
    faces = built("edge")[1]["edge"]
    edge = faces[0]["size"][1] - 5
    for x0, _top, _x1, bottom in stamp_boxes(faces):
        assert x0 == pytest.approx(INSET_MM, abs=0.05)
        assert CLEAR_MM - GLYPH_MM <= edge - bottom <= CLEAR_MM + CELL_MM + GLYPH_MM, (bottom, edge)


@pytest.mark.parametrize("deck, size, wide, line", [("narrow", (15, 40), True, 3), ("flat", (40, 8), False, 3), ("narrow-corner", (15, 40), True, 3)])
def test_a_stamp_wider_or_taller_than_the_safe_area_is_left_off_with_one_warning_at_the_decks_front(built, deck, size, wide, line):
    """A 15 mm wide card's safe area is 8 mm across, a 40 × 8 mm card's 1 mm high: the stamp's text (5 pt) fits neither.
    No front prints it (no 5 pt letter is on them), and the deck is warned once, at its `stamp_corner:` line where it
    names one (line 3, before `front:`), else at its `front:` (line 3), with the room the text needs."""
    output, faces = built(deck)
    assert "untitled" not in faces  # these fronts print no title: a stamp on one would be found as an untitled front
    said = [line for line in output.splitlines() if "stamp" in line and f"'{deck}'" in line]
    assert len(said) == 1 and said[0].startswith(f"data/st/decks/{deck}.yaml:{line}:") and ": warning:" in said[0], output
    needs = re.search(r"its text needs (\d+\.\d) × (\d+\.\d) mm", said[0])
    assert needs and float(needs.group(1 if wide else 2)) > size[0 if wide else 1] - 2 * INSET_MM, said[0]
    assert said[0].split(": warning: ")[1] == (
        f"deck '{deck}' ({size[0]} × {size[1]} mm) has no room for its version stamp: its text needs {needs.group(1)} × {needs.group(2)} mm "
        f"{INSET_MM:g} mm inside the trim and {CLEAR_MM:g} mm from any text or art; those fronts are printed without a stamp. Leave such a "
        f"strip free on the deck's fronts, or set `stamps: false` in game.yaml [{deck}]")


def qr_modules(face: dict, square) -> tuple[float, int]:
    """A QR stamp's module (mm: its narrowest black run) and its modules a side, read from its square's side less the
    quiet zone; the side must be a whole count of modules that is a QR symbol's (17 + 4 × its version: ISO/IEC 18004)."""
    inside = [m for m in face["modules"] if square[0] <= m[0] and m[2] <= square[2] and square[1] <= m[1] and m[3] <= square[3]]
    module = min(min(m[2] - m[0], m[3] - m[1]) for m in inside)
    count = (square[2] - square[0]) / module - 2 * QUIET_MODULES
    assert count == pytest.approx(round(count), abs=0.01) and (round(count) - 17) % 4 == 0, count
    return module, round(count)


@pytest.mark.parametrize("deck", ["top-left", "top-right", "bottom-right", "bottom-left"])
def test_the_qr_code_lies_beside_its_text_at_the_free_place_nearest_the_corner(built, deck):
    """The text takes the corner; the QR code (its white square holding the quiet zone) is the free place nearest the
    corner besides: on the text's side of the card, the corner's side of it 3.5 mm in, its edge 0.3 mm (and at most a
    grid step more) past the text's, inside the safe area, and printed at 0.4 mm a module."""
    faces = built(deck)[1][deck]
    w, h = faces[0]["size"]
    for face, (x0, top, x1, bottom) in zip(faces, stamp_boxes(faces), strict=True):
        assert len(face["squares"]) == 1, face["squares"]
        q = face["squares"][0]
        assert (q[0] if deck.endswith("left") else w - q[2]) == pytest.approx(INSET_MM, abs=0.01), q
        gap = q[1] - bottom if deck.startswith("top") else top - q[3]
        assert CLEAR_MM - GLYPH_MM <= gap <= CLEAR_MM + CELL_MM + GLYPH_MM, (q, (x0, top, x1, bottom))
        assert min(q[0], q[1], w - q[2], h - q[3]) >= INSET_MM - 0.01
        module, _ = qr_modules(face, q)
        assert module == pytest.approx(MODULE_MM, abs=0.005)


def test_a_qr_code_taller_than_the_safe_area_is_left_off_with_one_warning_at_the_stamps_key(built):
    """A 90 × 22 mm card's safe area is 22 - 2 × 3.5 = 15 mm high: the form's code with its quiet zone is taller. Its
    fronts keep their text stamp and print no code, and the deck is warned once, at game.yaml's `stamps:` line, with
    the square it needs: its modules and the quiet zone's 4 each side, 0.4 mm each."""
    output, faces = built("short", "bottom-left")
    assert len(faces["short"]) == 3 and all(not face["squares"] for face in faces["short"])
    stamp_boxes(faces["short"])
    said = [line for line in output.splitlines() if "QR stamp" in line]
    assert len(said) == 1 and said[0].startswith("data/st/game.yaml:4:") and ": warning:" in said[0] and "'short' (90 × 22 mm)" in said[0], output
    side, modules = re.search(r"clear (\d+\.\d) mm square \((\d+) modules a side and a quiet zone of 4, each 0.4 mm", said[0]).groups()
    assert float(side) > 22 - 2 * INSET_MM and float(side) == pytest.approx((int(modules) + 2 * QUIET_MODULES) * MODULE_MM, abs=0.05), said[0]
    assert said[0].split(": warning: ")[1] == (
        f"deck 'short' (90 × 22 mm) has no room in the safe area for its QR stamp: the code needs a clear {side} mm square ({modules} modules a "
        f"side and a quiet zone of 4, each 0.4 mm, as phones read them) {INSET_MM:g} mm inside the trim and {CLEAR_MM:g} mm from any text or "
        "art; those fronts carry the stamp's text alone. Leave such a square free on the deck's fronts, fill in fewer of feedback.fields, or "
        "use a shorter form address [short]")
    square = faces["bottom-left"][0]["squares"][0]
    assert (square[2] - square[0], qr_modules(faces["bottom-left"][0], square)[1]) == pytest.approx((float(side), int(modules)), abs=0.05)  # the same link, the same code


def test_validate_gives_each_stamp_left_off_as_a_finding_with_its_code_game_and_deck(project):
    """`pnp validate --format json` (docs/editions.md: `qr-stamp-room` at `stamps:`, `stamp-room` at the deck): one
    finding for each deck and part left off, naming the game and the deck, where a tool reading the findings finds them."""
    import json

    result = run_pnp(project, "validate", "st", "--format", "json")
    out = result.output
    found = json.JSONDecoder().raw_decode(out[out.index("["):])[0]
    stamps = sorted((f["code"], f["game"], f["component"], f["file"], f["line"]) for f in found if "stamp" in f["code"])
    assert stamps == [("qr-stamp-room", "st", "short", "data/st/game.yaml", 4), ("stamp-room", "st", "flat", "data/st/decks/flat.yaml", 3),
                      ("stamp-room", "st", "narrow", "data/st/decks/narrow.yaml", 3),
                      ("stamp-room", "st", "narrow-corner", "data/st/decks/narrow-corner.yaml", 3)], stamps


def test_a_stamp_left_off_a_deck_whose_stamp_inset_is_wider_says_the_decks_own_inset(tmp_path):
    """A 15 × 40 mm deck asking `stamp_inset: 4`: its safe area 7 mm across holds no stamp, and its one warning says the
    room the stamp needs 4 mm inside the trim, as the deck asks, not the 3.5 mm of a deck that asks nothing."""
    files = {"data/sn/game.yaml": 'title: Narrow\nversion: "2"\nplayers: {min: 1, max: 2}\nstamps: true\n',
             "data/sn/decks/slim.yaml": "name: Slim\nsize: 15 x 40\nstamp_inset: 4\nfront: sn/front.j2\nback: sn/back.j2\ncards:\n  - {id: one}\n",
             "templates/sn/front.j2": '{{ rect(-3, -3, face.w + 6, face.h + 6, fill="#ffffff") }}\n',
             "templates/sn/back.j2": '{{ rect(-3, -3, face.w + 6, face.h + 6, fill="#555555") }}\n'}
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text, encoding="utf-8")
    result = run_pnp(tmp_path, "validate", "sn")
    (said,) = [line for line in result.output.splitlines() if "version stamp" in line]
    assert said.startswith("data/sn/decks/slim.yaml:") and ": warning: deck 'slim' (15 × 40 mm) has no room for its version stamp" in said, said
    assert re.search(r"its text needs \d+\.\d × \d+\.\d mm 4 mm inside the trim and 0\.3 mm from any text or art;", said), said


def test_a_deck_whose_qr_code_and_text_are_each_left_off_some_front_is_warned_of_each_once(tmp_path):
    """docs/editions.md: a part left off is said once for the deck. A 90 × 22 mm deck's safe area is 15 mm high, too low
    for the form's code (with its quiet zone); one of its cards is ruled with lines 1 mm apart, leaving no strip for
    the stamp's text (1.7 mm high, 0.3 mm clear of each line) either. The deck gets one warning for its QR code (at `stamps:`, line 4) and one for its text
    (at its `front:`, line 3): the first part left off does not silence the other."""
    crowded = "{% if card.id == 'full' %}{% for i in range(23) %}{{ line(0, i, face.w, i, edge=true) }}{% endfor %}{% endif %}\n"
    files = {"data/st/game.yaml": GAME, "templates/st/back.j2": '{{ rect(-3, -3, face.w + 6, face.h + 6, fill="#555555") }}\n',
             "data/st/decks/crowded.yaml": "name: crowded\nsize: 90 x 22\nfront: st/crowded.j2\nback: st/back.j2\n"
                                           "cards:\n  - {id: one}\n  - {id: full}\n",
             "templates/st/crowded.j2": crowded}
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text, encoding="utf-8")
    result = run_pnp(tmp_path, "validate", "st")
    said = sorted(line for line in result.output.splitlines() if "'crowded'" in line)
    assert len(said) == 2, result.output
    assert said[0].startswith("data/st/decks/crowded.yaml:3:8: warning: deck 'crowded' (90 × 22 mm) has no room for its version stamp:"), said
    assert said[1].startswith("data/st/game.yaml:4:9: warning: deck 'crowded' (90 × 22 mm) has no room in the safe area for its QR stamp:"), said


def test_a_stamp_is_set_in_the_games_body_font_not_its_title_font(tmp_path):
    """docs/editions.md: the stamp is 5 pt type in the game's body font. A game whose body is Noto Sans and whose titles
    are Comfortaa: every 5 pt letter on its fronts (the stamps: its cards print nothing else that small) is Noto Sans."""
    root = write_project(tmp_path / "project")
    game = root / "data/st/game.yaml"
    game.write_text(game.read_text(encoding="utf-8") + "fonts: {body: noto-sans, title: comfortaa}\n", encoding="utf-8")
    out = tmp_path / "out"
    result = run_pnp(root, "build", "st", "--only", "cards", "--out", str(out), "--deck", "top-left")
    assert result.exit_code == 0, result.output
    with pdfplumber.open(next((out / "st").glob("st-cards*.pdf"))) as doc:
        fonts = {c["fontname"].split("+")[-1] for page in doc.pages for c in page.chars if abs(c["size"] - 5) < 0.01}
    assert fonts and all(f.startswith("NotoSans") for f in fonts), fonts


def _contrast(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    """WCAG 2's contrast ratio of two sRGB colours (0-1 a channel), as the W3C defines relative luminance."""
    def lum(rgb):
        lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_an_ink_saving_build_keeps_each_stamp_in_its_place_and_readable_on_the_lightened_ground(tmp_path, pdfium_reader):
    """A game whose ink is light, on fronts printed dark all over: `--ink-saver` turns the dark ground into a light tint
    (docs/commands.md), and the light stamp would vanish on it. Each front keeps its stamp where the full-ink build puts
    it, in a colour that stands out from the tint under it by WCAG's 4.5:1 for small text."""
    files = {"data/dk/game.yaml": 'title: Dark\nversion: "3"\nplayers: {min: 1, max: 2}\npalette: {ink: "#f4f4f4"}\n',
             "data/dk/decks/night.yaml": "name: Night\nsize: poker\nfront: dk/front.j2\nback: dk/back.j2\ncards:\n  - {id: one, count: 2}\n  - {id: two}\n",
             "templates/dk/front.j2": '{{ rect(-3, -3, face.w + 6, face.h + 6, fill="#202838") }}\n' + TITLE.replace("deck.id", "card.id"),
             "templates/dk/back.j2": '{{ rect(-3, -3, face.w + 6, face.h + 6, fill="#555555") }}\n'}
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text, encoding="utf-8")
    found = {}
    for name, extra in (("full", ()), ("saver", ("--ink-saver",))):
        result = run_pnp(tmp_path, "build", "dk", "--only", "cards", "--out", str(tmp_path / name), *extra)
        assert result.exit_code == 0, result.output
        pdf = next((tmp_path / name / "dk").glob("dk-cards*.pdf"))
        found[name] = (pdf, stamps_in(pdf, pdfium_reader))
    full, saver = found["full"][1], found["saver"][1]
    assert len(full) == 3 and [(s.text, s.page) for s in saver] == [(s.text, s.page) for s in full]
    assert all(s.box == pytest.approx(f.box, abs=0.01) for s, f in zip(saver, full, strict=True))
    with pdfplumber.open(found["saver"][0]) as doc:
        page = doc.pages[0]
        for stamp in (s for s in saver if s.page == 0):
            middle = ((stamp.box[0] + stamp.box[2]) / 2, (stamp.box[1] + stamp.box[3]) / 2)
            letters = [c for c in page.chars if abs(c["size"] - 5) < 0.01 and _inside(_box(c), stamp.box)]
            grounds = [r for r in page.rects if r["fill"] and r["x0"] <= middle[0] <= r["x1"] and r["top"] <= middle[1] <= r["bottom"]]
            ground = tuple(grounds[-1]["non_stroking_color"])  # the topmost fill under the stamp
            assert letters and all(_contrast(tuple(c["non_stroking_color"]), ground) >= 4.5 for c in letters), (ground, letters[0]["non_stroking_color"])


def test_stamped_sets_the_text_in_the_colour_asked_at_five_points():
    """pnp.layout.stamp.stamped, a face's stamp for a caller of its own: the text it adds is one 5 pt run in the colour
    given (the game's ink, as the build passes it), the face's own drawing and the icons it draws kept."""
    from pnp.layout.elements import Face, Rect, Text
    from pnp.layout.stamp import stamped

    panel = Rect(10, 10, 20, 20, fill="#f2e6c8", stroke=None, stroke_width=0.0, radius=0.0, dash=None)
    icons = frozenset({("coin", "#c89b2a")})  # what the face's icons are drawn from, defined before the face is
    face = stamped(Face(*POKER, 3.0, (panel,), icons), "v2 · ABCDEF", "bottom-left", "Helvetica", INK)
    assert face.elements[0] == panel and type(face.elements[-1]) is Text and face.icons == icons
    ((op),) = face.elements[-1].ops
    assert (op.text, op.color, op.size) == ("v2 · ABCDEF", INK, 5)


def test_stamped_keeps_the_stamp_in_the_safe_area_whatever_inset_its_caller_asks():
    """pnp.layout.stamp.stamped asked for a stamp 1 mm in from the trim, inside the 3 mm a cutter may drift: the text
    still lands 3.5 mm in (docs/editions.md, the safe line and 0.5 mm), from both sides of its corner."""
    from pnp.layout.elements import Face
    from pnp.layout.stamp import stamped

    face = stamped(Face(*POKER, 3.0, (), frozenset()), "v2 · ABCDEF", "top-left", "Helvetica", INK, inset=1.0)
    label = face.elements[-1]
    assert label.x == pytest.approx(INSET_MM)
    assert INSET_MM - 0.5 < label.y < INSET_MM + 0.5  # its glyphs' top at 3.5 mm, the text's box a little above


def test_a_part_with_no_room_is_named_with_the_room_it_needs():
    """pnp.layout.stamp's `Stamped`: what the caller is told of a part left off, to say it once for the deck. On a
    15 mm wide card (a safe area 8 mm across) the text is left off, named "text", wider than the 8 mm; on a 90 × 22 mm
    card the text fits and the QR code is left off, named "QR code", its square a whole QR symbol's modules (17 + 4 ×
    its version, ISO/IEC 18004) and a quiet zone of 4 each side, 0.4 mm each, taller than the 15 mm safe height."""
    from pnp.layout.elements import Face, Qr, Text
    from pnp.layout.stamp import Stamping

    setter = Stamping("bottom-left", "Helvetica", INK)
    narrow = setter.place(Face(15.0, 40.0, 3.0, (), frozenset()), "v2 · ABCDEF", FORM + "?entry.2=narrow%2Fone")
    assert narrow.face.elements == () and narrow.left_out.part == "text"
    assert narrow.left_out.w > 15 - 2 * INSET_MM and 1.0 < narrow.left_out.h < 5 / MM
    short = setter.place(Face(90.0, 22.0, 3.0, (), frozenset()), "v2 · ABCDEF", FORM + "?entry.2=short%2Fone")
    assert [type(el) for el in short.face.elements] == [Text]  # the text alone, no code
    part, w, h, modules = short.left_out
    assert part == "QR code" and (modules - 17) % 4 == 0 and 21 <= modules <= 177
    assert w == h == pytest.approx((modules + 2 * QUIET_MODULES) * MODULE_MM, abs=0.01) and h > 22 - 2 * INSET_MM
    assert setter.place(Face(*POKER, 3.0, (), frozenset()), "v2 · ABCDEF", FORM + "?entry.2=short%2Fone").left_out is None
    assert [type(el) for el in setter.place(Face(*POKER, 3.0, (), frozenset()), "v2 · ABCDEF", FORM).face.elements] == [Qr, Text]


# Where a stamp goes, worked out on faces written element by element (pnp.layout.free_room: `ink_boxes` reads what a
# face draws, `Room.place` finds the free place nearest the corner for a box of a given size). The boxes placed are
# the size a stamp asks; every expected place is print geometry: the inset from the trim, the 0.3 mm kept from ink
# (CLEAR_MM), and at most one 0.25 mm grid step more (CELL_MM) where something moved the box off its corner.
W, H = POKER


def _line(x1, y1, x2, y2, width=0.5):
    from pnp.layout.elements import Line

    return Line(x1, y1, x2, y2, "#000000", width, None)


def _rect(x, y, w, h, fill="#f2e6c8", stroke=None, width=0.0, radius=0.0):
    from pnp.layout.elements import Rect

    return Rect(x, y, w, h, fill, stroke, width, radius, None)


def _image(x, y, w, h):
    from pnp.layout.elements import Image

    return Image(("art.png", 100, 100), x, y, w, h, "cover")


def _group(x, y, children, rotate=0.0, scale=1.0):
    from pnp.layout.elements import Group

    return Group(x, y, rotate, scale, tuple(children))


def free_place(elements, bw, bh, corner="bottom-left", size=POKER, inset=INSET_MM, shape=None):
    """Where a `bw` × `bh` mm box goes on a face of `size` drawing `elements`: its (x0, top, x1, bottom) in mm, or None."""
    from pnp.core.shapes import RECTANGLE
    from pnp.layout.free_room import Room, ink_boxes

    w, h = size
    spot = Room(w, h, shape or RECTANGLE, inset, corner).place(ink_boxes(tuple(elements), w, h, inset), bw, bh)
    return None if spot is None else (spot.x, spot.y, spot.x + bw, spot.y + bh)


def _moved(gap: float) -> bool:
    """A box moved off ink keeps CLEAR_MM from it and lies at most a grid step further."""
    return CLEAR_MM - 1e-9 <= gap <= CLEAR_MM + CELL_MM + 1e-9


@pytest.mark.parametrize("inset", [INSET_MM, 6.0])
@pytest.mark.parametrize("corner", ["top-left", "top-right", "bottom-right", "bottom-left"])
def test_on_a_face_that_leaves_its_corner_free_the_box_lies_its_inset_from_both_sides(corner, inset):
    box = free_place([], 12.0, 1.5, corner, inset=inset)
    side = box[0] if corner.endswith("left") else W - box[2]
    end = box[1] if corner.startswith("top") else H - box[3]
    assert (side, end) == pytest.approx((inset, inset), abs=1e-9), box


@pytest.mark.parametrize("corner", ["top-left", "bottom-right"])
def test_a_box_as_large_as_the_safe_area_fits_and_a_hair_more_does_not(corner):
    """A 63.5 × 88 mm card's safe area, 3.5 mm in, is 56.5 × 81 mm: a box that size fills it exactly; 0.1 mm more
    either way has no place, nor has it beside a hairline that takes the safe area's first grid step; a box smaller
    than a grid step still has one, except on a card less than twice the inset across, which has no safe area."""
    size = (W, 88.0)
    safe_w, safe_h = W - 2 * INSET_MM, 88.0 - 2 * INSET_MM
    assert free_place([], safe_w, safe_h, corner, size=size) == pytest.approx((INSET_MM, INSET_MM, W - INSET_MM, 88.0 - INSET_MM))
    assert free_place([], safe_w + 0.1, 1.5, corner, size=size) is None and free_place([], 1.5, safe_h + 0.1, corner, size=size) is None
    assert free_place([], 0.2, 0.2, corner, size=size) is not None
    assert free_place([], 12.0, 1.5, corner, size=(12.0, 8.0)) is None  # a card narrower than the box and its insets
    assert free_place([], 0.2, 0.2, corner, size=(6.0, 40.0)) is None and free_place([], 0.2, 0.2, corner, size=(40.0, 6.0)) is None  # no safe area
    hairline = _line(3.3, 0, 3.3, 88.0, width=0.1)  # 0.2 mm outside the left safe line: the first step of the grid taken
    assert free_place([hairline], safe_w, 1.5, corner, size=size) is None
    assert free_place([hairline], safe_w - CELL_MM, 1.5, corner, size=size)[::2] == pytest.approx((INSET_MM + CELL_MM, W - INSET_MM))


@pytest.mark.parametrize("corner, post, moved", [
    ("bottom-left", (15.8, 0, 15.8, H), lambda b: _moved(b[0] - 15.9)),  # 0.2 mm past the box's far side: it moves past
    ("top-right", (W - 15.8, 0, W - 15.8, H), lambda b: _moved((W - 15.9) - b[2])),  # … on the right, the far side's left
    ("bottom-left", (0, H - 5.3, W, H - 5.3), lambda b: _moved((H - 5.35) - b[3])),  # 0.2 mm above its top: it moves above
    ("top-right", (0, 5.3, W, 5.3), lambda b: _moved(b[1] - 5.35)),  # … below the top corner's box
])
def test_ink_a_hair_closer_than_the_room_kept_moves_the_box_off_its_corner(corner, post, moved):
    """A 0.1 mm rule 0.2 mm from where the 12 × 1.5 mm box would lie in its corner, along the box's far side or its
    far end: nearer than the 0.3 mm a stamp keeps, so the box moves past it, 0.3 mm clear."""
    box = free_place([_line(*post, width=0.1)], 12.0, 1.5, corner)
    assert box is not None and moved(box), box


@pytest.mark.parametrize("corner", ["top-left", "bottom-right"])
def test_a_hairline_just_outside_the_safe_line_moves_the_box_a_grid_step_in(corner):
    """A 0.1 mm rule 0.2 mm outside the safe line (3.3 mm in), along the corner's side, then along its end: it comes
    within 0.3 mm of the first step of the grid, so the box moves in by a step; a rule 0.35 mm out leaves it be."""
    side = 3.3 if corner.endswith("left") else W - 3.3
    end = 3.3 if corner.startswith("top") else H - 3.3
    x0, top, x1, bottom = free_place([_line(side, 0, side, H, width=0.1)], 12.0, 1.5, corner)
    assert (x0 if corner.endswith("left") else W - x1) == pytest.approx(INSET_MM + CELL_MM), (x0, x1)
    assert (top if corner.startswith("top") else H - bottom) == pytest.approx(INSET_MM)
    x0, top, x1, bottom = free_place([_line(0, end, W, end, width=0.1)], 12.0, 1.5, corner)
    assert (top if corner.startswith("top") else H - bottom) == pytest.approx(INSET_MM + CELL_MM), (top, bottom)
    assert (x0 if corner.endswith("left") else W - x1) == pytest.approx(INSET_MM)
    far = 3.1 if corner.endswith("left") else W - 3.1
    assert free_place([_line(far, 0, far, H, width=0.1)], 12.0, 1.5, corner) == free_place([], 12.0, 1.5, corner)


BOXES = [(12.0, 1.5), (10.3, 1.6)]  # a text's box a whole number of the grid's steps, and one that is not


@pytest.mark.parametrize("bw, bh", BOXES)
@pytest.mark.parametrize("corner", ["top-left", "top-right", "bottom-right", "bottom-left"])
def test_a_rule_across_the_corners_end_moves_the_box_along_its_side_just_clear_of_the_rules_stroke(corner, bw, bh):
    """A 0.5 mm rule across the card 5 mm in from the corner's end: the box keeps its side's inset exactly and moves
    away from the end until it is 0.3 mm clear of the stroke's half width."""
    y = 5.0 if corner.startswith("top") else H - 5.0
    x0, top, x1, bottom = free_place([_line(0, y, W, y)], bw, bh, corner)
    assert (x0 if corner.endswith("left") else W - x1) == pytest.approx(INSET_MM)
    assert _moved(top - (y + 0.25) if corner.startswith("top") else (y - 0.25) - bottom), (top, bottom)


@pytest.mark.parametrize("bw, bh", BOXES)
@pytest.mark.parametrize("corner", ["top-left", "top-right", "bottom-right", "bottom-left"])
def test_a_rule_down_the_corners_side_moves_the_box_along_its_end_just_clear_of_it(corner, bw, bh):
    """A 1 mm rule down the card 8 mm in from the corner's side: the box keeps its end's inset exactly and moves past it."""
    x = 8.0 if corner.endswith("left") else W - 8.0
    x0, top, x1, bottom = free_place([_line(x, 0, x, H, width=1.0)], bw, bh, corner)
    assert (top if corner.startswith("top") else H - bottom) == pytest.approx(INSET_MM)
    assert _moved(x0 - (x + 0.5) if corner.endswith("left") else (x - 0.5) - x1), (x0, x1)


def test_the_box_goes_to_the_free_place_nearest_its_corner_above_or_beside_what_is_there():
    """A small dot where the box would lie: just above it is nearer the corner than past it; a tall post beside the
    corner: just past it is nearer than over it; both, and the place diagonally away is the nearest."""
    from pnp.layout.elements import Circle

    dot = Circle(6.0, H - 4.5, 1.0, "#000000", None, 0.0, None)  # 3.5 mm from the foot's safe line to 5.5 up
    x0, _, _, bottom = free_place([dot], 10.0, 1.5)
    assert x0 == pytest.approx(INSET_MM) and _moved((H - 5.5) - bottom), bottom
    post = _line(8.0, H - 25.0, 8.0, H, width=1.0)  # 21.5 mm of the safe area's height, 4.5 mm in from its side
    x0, _, _, bottom = free_place([post], 10.0, 1.5)
    assert bottom == pytest.approx(H - INSET_MM) and _moved(x0 - 8.5), x0
    far_post = _line(30.0, H - 40.0, 30.0, H, width=1.0)
    shelf = _line(0, H - 5.0, 20.0, H - 5.0)  # across the corner's place, from the side to short of that post
    x0, _, _, bottom = free_place([far_post, shelf], 10.0, 1.5)
    assert x0 == pytest.approx(INSET_MM) and _moved((H - 5.25) - bottom), "above the shelf, 2 mm up, not 27 mm along past the post"
    assert free_place([_rect(-3, -3, W + 6, H + 6, fill=None, stroke="#000000", width=200)], 10, 1.5) is None  # no free place


def test_the_nearest_free_place_is_nearest_in_a_straight_line_from_the_corner():
    """A 0.2 mm speck of a box (one grid step) where pictures leave free, from the lower left corner: nothing in the first
    three steps up; past 2.5 mm along for the next two steps up; past 2.25 mm along higher up. The free places nearest
    the corner are 2.5 mm along and 0.75 mm up (2.61 mm away) and 2.25 mm along and 1.25 mm up (2.57 mm away): the
    second is nearer in a straight line, and the speck lies there."""
    band = _image(-3, H - 3.9, W + 6, 6.9)  # the foot, to 3.9 mm up: 0.3 mm clear of it is 4.2, past three steps
    low = _image(-3, H - 4.4, 8.6, 7.4)  # to 5.6 mm along and 4.4 up: past ten steps along, five up
    high = _image(-3, -3, 8.3, H - 2.15)  # to 5.3 mm along, from 5.15 mm up: nine steps along, from the sixth step up
    x0, _, _, bottom = free_place([band, low, high], 0.2, 0.2)
    assert (x0, H - bottom) == pytest.approx((INSET_MM + 9 * CELL_MM, INSET_MM + 5 * CELL_MM)), (x0, H - bottom)


def test_a_panel_under_the_corner_is_ground_but_its_edges_and_frame_are_ink():
    """A panel holding the corner: the box lies in the corner, on it. A band whose top edge runs through the corner's
    place: the box moves up past the edge. A frame stroked 1 mm wide 3 mm inside the trim: the box keeps 0.3 mm from
    its inner side. A panel in a group scaled twice: its stroke counts twice as wide."""
    assert free_place([_rect(-3, H - 25, W + 6, 28)], 12.0, 1.5)[::3] == pytest.approx((INSET_MM, H - INSET_MM))
    assert free_place([_rect(-3, H - 25, W + 6, 28, fill=None)], 12.0, 1.5)[::3] == pytest.approx((INSET_MM, H - INSET_MM))  # drawn not at all
    x0, _, _, bottom = free_place([_rect(-3, H - 5, W + 6, 8)], 12.0, 1.5)
    assert x0 == pytest.approx(INSET_MM) and _moved(H - 5 - bottom), bottom
    x0, _, _, bottom = free_place([_rect(3, 3, W - 6, H - 6, fill=None, stroke="#000000", width=1.0)], 12.0, 1.5)
    assert _moved(x0 - 3.5) and _moved((H - 3.5) - bottom), (x0, bottom)
    x0, _, _, bottom = free_place([_group(0, 0, [_rect(1.5, 1.5, (W - 6) / 2, (H - 6) / 2, fill=None, stroke="#000000", width=0.5)], scale=2.0)], 12.0, 1.5)
    assert _moved(x0 - 3.5) and _moved((H - 3.5) - bottom), (x0, bottom)


def _inside_arc(box, centre, radius, corner) -> float:
    """How far inside a round corner's arc (its centre and radius) the box's corner nearest it lies, in mm."""
    x = box[0] if corner.endswith("left") else box[2]
    y = box[1] if corner.startswith("top") else box[3]
    return radius - ((x - centre[0]) ** 2 + (y - centre[1]) ** 2) ** 0.5


@pytest.mark.parametrize("corner", ["top-left", "top-right", "bottom-right", "bottom-left"])
def test_a_box_on_a_panel_with_round_corners_keeps_inside_its_arc(corner):
    """A panel from 2 mm inside the trim with 6 mm round corners, the box's place in one of its arcs: the box's corner
    lies 0.3 mm inside the arc, and no further in than the arc's steps (a sixth of the radius) and a grid step allow."""
    box = free_place([_rect(2, 2, W - 4, H - 4, radius=6)], 12.0, 1.5, corner)
    centre = (8.0 if corner.endswith("left") else W - 8.0, 8.0 if corner.startswith("top") else H - 8.0)
    assert CLEAR_MM - 1e-6 <= _inside_arc(box, centre, 6.0, corner) <= CLEAR_MM + 1.0 + 2 * CELL_MM, box
    assert free_place([_rect(2, 2, W - 4, H - 4, radius=0.0)], 12.0, 1.5, corner) == free_place([], 12.0, 1.5, corner)


def test_a_round_corner_is_never_rounder_than_half_the_panels_side_nor_too_small_to_count():
    """A pill 3 mm inside the trim (its radius 10 mm, more than half its 8 mm side: its ends are half circles of 4 mm),
    lying along the foot and standing up the side, the box in its lower end: 0.3 mm inside the half circle, and no
    further in than the arc's steps (a sixth of its radius) and a grid step allow. A panel whose 1 mm round corner is
    0.3 mm outside the box's corner: the box still keeps 0.3 mm inside that small arc."""
    most = CLEAR_MM + 4.0 / 6 + CELL_MM
    lying = free_place([_rect(3, H - 11, 40, 8, radius=10)], 12.0, 1.5)
    assert CLEAR_MM - 1e-6 <= _inside_arc(lying, (7.0, H - 7.0), 4.0, "bottom-left") <= most, lying
    standing = free_place([_rect(3, H - 40, 8, 37, radius=10)], 3.0, 3.0)
    assert CLEAR_MM - 1e-6 <= _inside_arc(standing, (7.0, H - 7.0), 4.0, "bottom-left") <= most, standing
    small = free_place([_rect(3.2, H - 30, 30, 26.8, radius=1)], 12.0, 1.5)
    assert _inside_arc(small, (4.2, H - 4.2), 1.0, "bottom-left") >= CLEAR_MM - 1e-6 and small[3] > H - 5.0, small


@pytest.mark.parametrize("corner, panel", [
    ("bottom-left", (16.5, H - 5, 40, 10)),  # the panel's top left corner 1 mm past the box's far side, level with its top
    ("top-left", (16.5, -5, 40, 10)),  # its lower left corner
    ("bottom-right", (W - 56.5, H - 5, 40, 10)),  # its top right corner, before the box
    ("top-right", (W - 56.5, -5, 40, 10)),  # its lower right corner
])
def test_a_round_panel_beside_the_corner_leaves_it_free(corner, panel):
    """A panel with 3 mm round corners 1 mm beside where the box would lie, its corner level with the box's end: its
    arc is inside the panel's box, further from the box than its side, so the box takes its corner."""
    assert free_place([_rect(*panel, radius=3)], 12.0, 1.5, corner) == free_place([], 12.0, 1.5, corner)


@pytest.mark.parametrize("corner", ["bottom-left", "top-right"])
def test_ink_more_than_the_room_kept_from_a_box_of_any_size_leaves_it_in_its_corner(corner):
    """A 10.3 × 1.6 mm box (no whole number of the 0.25 mm grid's steps) with a 0.1 mm rule 0.4 mm past its far side
    and another 0.4 mm past its far end: more than the 0.3 mm kept, so the corner is free and the box lies in it."""
    left, top = corner.endswith("left"), corner.startswith("top")
    side = INSET_MM + 10.3 + 0.45 if left else W - INSET_MM - 10.3 - 0.45
    end = INSET_MM + 1.6 + 0.45 if top else H - INSET_MM - 1.6 - 0.45
    rules = [_line(side, 0, side, H, width=0.1), _line(0, end, W, end, width=0.1)]
    assert free_place(rules, 10.3, 1.6, corner) == pytest.approx(free_place([], 10.3, 1.6, corner))


def test_art_or_shapes_covering_the_safe_area_are_ground_and_anything_smaller_is_kept_clear():
    """A picture or a disc whose box holds the whole safe area is what the face is printed on; one that covers the
    corner alone is art the box keeps clear of; a QR code, even one over the whole card, is never ground."""
    from pnp.layout.elements import Circle, Qr

    whole = free_place([_image(0, 0, W, H)], 12.0, 1.5)
    assert whole[::3] == pytest.approx((INSET_MM, H - INSET_MM))
    just = free_place([_image(INSET_MM, INSET_MM, W - 2 * INSET_MM, H - 2 * INSET_MM)], 12.0, 1.5)  # exactly the safe area
    assert just[::3] == pytest.approx((INSET_MM, H - INSET_MM))
    assert free_place([_image(INSET_MM + 0.1, INSET_MM, W - 2 * INSET_MM, H - 2 * INSET_MM)], 12.0, 1.5) is None  # a hair short: art over all but a sliver
    assert free_place([Circle(W / 2, H / 2, H, "#202838", None, 0.0, None)], 12.0, 1.5)[::3] == pytest.approx((INSET_MM, H - INSET_MM))
    x0, _, _, bottom = free_place([_image(0, H - 14, 20, 14)], 12.0, 1.5)
    assert x0 == pytest.approx(INSET_MM) and _moved((H - 14) - bottom), "above the picture: 10.8 mm up, not 16.8 mm along"
    x0, _, _, bottom = free_place([_image(0, H - 20, 14, 20)], 12.0, 1.5)
    assert bottom == pytest.approx(H - INSET_MM) and _moved(x0 - 14), "past the picture: 10.8 mm along, not 16.8 mm up"
    assert free_place([Qr(-3, -3, H + 6, ("1",), "#000000", "#ffffff")], 12.0, 1.5) is None


@pytest.mark.parametrize("covered, corner, expect", [
    ((0, 12, W, H), "bottom-left", lambda b: _moved(12 - b[3]) and b[0] == pytest.approx(INSET_MM)),  # the top strip left
    ((0, 0, W, H - 12), "top-left", lambda b: _moved(b[1] - (H - 12)) and b[0] == pytest.approx(INSET_MM)),  # the foot's
    ((12, 0, W, H), "bottom-right", lambda b: _moved(12 - b[2]) and b[3] == pytest.approx(H - INSET_MM)),  # the left side's
    ((0, 0, W - 12, H), "bottom-left", lambda b: _moved(b[0] - (W - 12)) and b[3] == pytest.approx(H - INSET_MM)),  # the right's
])
def test_art_over_all_but_a_strip_of_the_safe_area_is_kept_clear_and_the_box_goes_to_the_strip(covered, corner, expect):
    """A picture from the bleed over all of the card but a 12 mm strip along one side is art, not ground: it does not
    hold the whole safe area, so the box keeps clear of it, in the strip, at its end nearest the corner."""
    x0, y0, x1, y1 = covered
    box = free_place([_image(x0, y0, x1 - x0, y1 - y0)], 6.0, 1.5, corner)
    assert box is not None and expect(box), box


def test_a_channel_between_two_pictures_just_wide_or_just_tall_enough_holds_the_box():
    """Pictures over all of the card but a channel 12.9 mm wide (from 20 to 32.9 mm) and then one 2.3 mm tall (from 40
    to 42.3 mm): the 12 × 1.5 mm box fits in each with its 0.3 mm either side, and lies there, nearest the corner."""
    x0, _, x1, bottom = free_place([_image(-3, -3, 23, H + 6), _image(32.9, -3, W - 29.9, H + 6)], 12.0, 1.5)
    assert x0 >= 20 + CLEAR_MM and x1 <= 32.9 - CLEAR_MM and bottom == pytest.approx(H - INSET_MM), (x0, x1, bottom)
    x0, top, _, bottom = free_place([_image(-3, -3, W + 6, 43), _image(-3, 42.3, W + 6, H - 39.3)], 12.0, 1.5)
    assert top >= 40 + CLEAR_MM and bottom <= 42.3 - CLEAR_MM and x0 == pytest.approx(INSET_MM), (x0, top, bottom)


def test_a_shapes_stroke_counts_by_its_width_only_where_it_is_drawn():
    """A template's rect and circle carry a 0.3 mm stroke width even with no stroke: a band's fill with none keeps the box
    0.3 mm (and less than a grid step more) from its edge alone, as does a disc; a 0.25 mm rule in a group scaled twice
    is 0.5 mm wide; a rule of no width (a printer's thinnest line) is kept clear from its centre line."""
    from pnp.layout.elements import Circle, Line

    band = _rect(-3, H - 5.15, W + 6, 8.15, width=0.3)  # its edge 5.15 mm above the foot, across the corner's place
    x0, _, _, bottom = free_place([band], 12.0, 1.5)
    assert x0 == pytest.approx(INSET_MM) and _moved((H - 5.15) - bottom), bottom
    disc = Circle(6.0, H - 4.15, 1.0, "#202838", None, 0.3, None)  # its top 5.15 mm above the foot
    x0, _, _, bottom = free_place([disc], 10.0, 1.5)
    assert x0 == pytest.approx(INSET_MM) and _moved((H - 5.15) - bottom), bottom
    scaled = _group(0.0, H - 4.5, [Line(0, 0, W / 2, 0, "#000000", 0.25, None)], scale=2.0)
    x0, _, _, bottom = free_place([scaled], 12.0, 1.5)
    assert x0 == pytest.approx(INSET_MM) and _moved((H - 4.75) - bottom), bottom
    x0, _, _, bottom = free_place([Line(0, H - 4.5, W, H - 4.5, "#000000", 0.0, None)], 12.0, 1.5)
    assert x0 == pytest.approx(INSET_MM) and _moved((H - 4.5) - bottom), bottom


def test_what_a_group_draws_is_kept_clear_of_where_the_group_puts_it():
    """A rule drawn at a group's top, the group moved to the foot; a 2 mm rule in a group turned 45° over the corner (the
    box of its ends grown by half its stroke); a rule in a group turned a quarter turn (down the card's side); a panel
    turned 90° (its box of its four corners)."""
    x0, _, _, bottom = free_place([_group(0, H - 5, [_line(0, 0, W, 0)])], 12.0, 1.5)
    assert x0 == pytest.approx(INSET_MM) and _moved((H - 5.25) - bottom), bottom
    x0, _, _, bottom = free_place([_group(3.0, H - 6.0, [_line(0, 0, 10, 0, width=2.0)], rotate=45)], 12.0, 1.5)
    assert x0 == pytest.approx(INSET_MM) and _moved((H - 7.0) - bottom), "above the turned rule's box, grown by half its 2 mm stroke"
    x0, _, _, bottom = free_place([_group(8.0, 0, [_line(0, 0, H, 0, width=1.0)], rotate=90)], 12.0, 1.5)
    assert bottom == pytest.approx(H - INSET_MM) and _moved(x0 - 8.5), x0
    x0, _, _, bottom = free_place([_group(10.0, H - 20.0, [_rect(0, 0, 20, 4)], rotate=90)], 12.0, 1.5)  # covers x 6-10, y 68.9-88.9
    assert bottom == pytest.approx(H - INSET_MM) and _moved(x0 - 10.0), x0
    x0, _, _, bottom = free_place([_group(10.0, H - 30.0, [_rect(0, 0, 5, 15, fill=None, stroke="#000000", width=0.2)], scale=2.0)], 12.0, 1.5)
    assert bottom == pytest.approx(H - INSET_MM) and _moved(x0 - 20.2), "past the panel (x 10-20, its stroke 0.4 mm) along the foot"


def test_a_qr_code_in_a_turned_group_is_kept_clear_where_the_group_puts_it():
    """A template's own 10 mm code drawn in a group, the group turned a quarter and moved: the code covers
    x 10-20 mm, y 76.9-86.9 mm of the card; the box, too wide for the 6 mm left of it, goes above it."""
    from pnp.layout.elements import Qr

    code = Qr(1.0, 2.0, 10.0, ("1",), "#000000", "#ffffff")  # at (1, 2) in the group
    x0, _, _, bottom = free_place([_group(22.0, H - 13.0, [code], rotate=90)], 12.0, 1.5)
    assert x0 == pytest.approx(INSET_MM) and _moved((H - 12.0) - bottom), (x0, bottom)
    x0, _, _, bottom = free_place([_group(8.0, H - 1.0, [code], rotate=-90)], 12.0, 1.5)  # the other way: the same square
    assert x0 == pytest.approx(INSET_MM) and _moved((H - 12.0) - bottom), (x0, bottom)


def test_a_line_of_text_is_kept_clear_by_its_letters():
    """A line of 8 pt type whose baseline runs 4.5 mm above the foot: the box moves up until it is 0.3 mm above its
    capitals (Helvetica's cap height is 0.718 em), no further than the type's own size allows; a line wholly above the
    corner leaves it free."""
    from pnp.layout.elements import Text
    from pnp.layout.typeset import TextOp

    size, width_pt = 8.0, 150.0
    line = Text(INSET_MM, H - 4.5 - 8.0 / MM, (TextOp(0.0, 8.0, "Helvetica", size, "#000000", "Discard a card.", width_pt),))
    x0, _, _, bottom = free_place([line], 12.0, 1.5)
    capitals = H - 4.5 - 0.718 * size / MM
    assert x0 == pytest.approx(INSET_MM) and CLEAR_MM <= capitals - bottom <= CLEAR_MM + CELL_MM + 0.1 * size / MM, (bottom, capitals)
    grouped = _group(0.0, 10.0, [line._replace(y=line.y - 10.0)])  # drawn 10 mm higher in a group moved 10 mm down
    assert free_place([grouped], 12.0, 1.5) == pytest.approx(free_place([line], 12.0, 1.5))  # where the group puts it
    short = Text(INSET_MM + 20.0, H - 4.5 - 8.0 / MM, (TextOp(0.0, 8.0, "Helvetica", size, "#000000", "x", 10.0),))
    assert free_place([short], 12.0, 1.5)[::3] == pytest.approx((INSET_MM, H - INSET_MM))  # the run ends where its advance does


def test_words_are_never_ground_however_large_their_box():
    """Stamps never cover printed text: a line of type set so large that its letters' box holds the whole safe area
    is words, not a ground (as a panel or a picture of that size would be), so no stamp finds a place on that face,
    drawn straight or turned in a group."""
    from pnp.layout.elements import Text
    from pnp.layout.typeset import TextOp

    size = 3 * H * MM  # a single glyph run three card-heights tall: its box spans the whole face
    huge = Text(-2.0, H + 2.0, (TextOp(0.0, 0.0, "Helvetica", size, "#000000", "WWW", 3 * W * MM),))
    assert free_place([huge], 12.0, 1.5) is None
    assert free_place([_group(W, H, [huge], rotate=180.0, scale=1.0)], 12.0, 1.5) is None
    assert free_place([_image(-2.0, -2.0, W + 4.0, H + 4.0)], 12.0, 1.5) is not None  # a picture that size is the ground


@pytest.mark.parametrize("corner", ["top-left", "bottom-right"])
@pytest.mark.parametrize("kind", ["circle", "hexagon"])
def test_on_a_round_or_hex_card_the_box_lies_its_inset_inside_the_cut(kind, corner):
    """Round cards 40 to 70 mm across, flat-topped hexagons as wide (their height 0.866 of it): every corner of the box
    lies 3.5 mm inside the cut, and the nearest no more than a grid step (0.25 mm) further in, in the corner's quarter
    of the card; a box wider than the card's width less the insets has no place."""
    from pnp.core.shapes import Shape

    shape = Shape(kind)
    for across in (40.0, 50.0, 60.0, 70.0):
        size = (across, across) if kind == "circle" else (across, round(across * 3 ** 0.5 / 2, 2))
        box = free_place([], 12.0, 1.5, corner, size=size, shape=shape)
        depth = shape.depth(*size)
        nearest = min(depth(x, y) for x in box[::2] for y in box[1::2])
        assert INSET_MM - 1e-6 <= nearest <= INSET_MM + CELL_MM, (across, box, nearest)
        middle = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
        assert (middle[0] < size[0] / 2) == corner.endswith("left") and (middle[1] < size[1] / 2) == corner.startswith("top")
        assert free_place([], size[0] - 2 * INSET_MM + 0.5, 1.5, corner, size=size, shape=shape) is None
        speck = free_place([], 0.2, 0.2, corner, size=size, shape=shape)  # a box smaller than a grid step: inside the cut too
        assert min(depth(x, y) for x in speck[::2] for y in speck[1::2]) >= INSET_MM - 1e-6, (across, speck)


def test_pnp_list_gives_each_cards_stamp_and_the_address_its_qr_code_opens(project):
    """docs/editions.md: `pnp list --format json` gives each card's stamp, its text (the version and the code), its
    corner, and with `stamps: {qr: true}` the form's address with the fields the game names filled in: here the card
    (deck/card) in entry.2 and the code in entry.3, as a browser sends a form's fields (its `/` written %2F)."""
    import json

    result = run_pnp(project, "list", "--format", "json")
    rows = json.JSONDecoder().raw_decode(result.output[result.output.index("["):])[0]  # the stamps left off are warned after it
    decks = {d["id"]: d for row in rows for d in row["decks"]}
    for deck, corner in (("top-right", "top-right"), ("bottom-left", "bottom-left"), ("rule", "bottom-left")):
        for card in decks[deck]["card_list"]:
            stamp = card["stamp"]
            assert re.fullmatch(r"[A-Z2-7]{6}", stamp["code"]) and stamp["text"] == f"v2 · {stamp['code']}", stamp
            assert stamp["corner"] == corner
            assert stamp["link"] == f"{FORM}?entry.2={deck}%2F{card['id']}&entry.3={stamp['code']}", stamp["link"]
    for deck in decks.values():  # a deck's two cards differ in their id, and so do their codes
        assert len({card["stamp"]["code"] for card in deck["card_list"]}) == 2, deck["card_list"]


def test_a_form_address_takes_the_fields_the_game_names_as_a_browser_would_send_them():
    """pnp.data.stamps.form_link: each field the game names (game, version, card, code) filled in with its value, in
    that order, encoded as an HTML form's fields are (a space as +, & as %26, / as %2F); after the address's own query
    with &, else after a ?; a field with no value left out; with nothing to fill in, the address as it is."""
    from pnp.data.stamps import form_link

    fields = {"code": "entry.4", "card": "entry.3", "game": "entry.1", "version": "entry.2"}
    values = {"game": "Rock & Roll", "version": "", "card": "d/a", "code": "ABCDEF"}
    assert form_link("https://f.example/x", fields, values) == "https://f.example/x?entry.1=Rock+%26+Roll&entry.3=d%2Fa&entry.4=ABCDEF"
    assert form_link("https://f.example/x?lang=en", {"card": "c"}, values) == "https://f.example/x?lang=en&c=d%2Fa"
    assert form_link("https://f.example/x", {"version": "v"}, values) == "https://f.example/x"
    assert form_link("https://f.example/x", {}, values) == "https://f.example/x"
