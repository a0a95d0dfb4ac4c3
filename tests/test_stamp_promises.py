"""Where a stamp prints (docs/editions.md, Where a stamp goes), read back from one small game's card sheets: the text in
the deck's corner `stamp_inset:` inside the trim when the corner is free; on a panel under that corner as on the
paper, but never across a panel's edge or over a rule; the QR code at the free place nearest the corner besides the
text; a part with no room left off with one warning for the deck, at the line that asked for it, saying the room it
needs. Each deck's fronts print its id as a title, so each face is found on the sheet by what it says; every
position is read from the PDF (pdfplumber), the stamp's text by tests/stamp_room.py."""
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
