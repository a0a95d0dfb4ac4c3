"""Card boxes: measured from the PDF, against the cards they hold and the print facts (PRINTING.md "Boxes and stock")."""
from __future__ import annotations

import json
import math
import shutil
import textwrap

import pdfplumber
import pytest
from conftest import ROOT, run_pnp
from pdftext import page_texts, pdf_text

from pnp.core.units import DEFAULT_PRINTABLE_MM
from pnp.data.schema import BOX_STYLE_NAMES
from pnp.layout.boxes import BOX_STYLES

MM = 72 / 25.4
POKER = (63.5, 88.9)  # mm, the print shops' size
STOCK = 0.32  # mm a card: the default stock (300 gsm card is 0.30–0.35 mm)
BOARD = 0.3  # mm: the default board a box is printed on; a panel between two folds is the inside plus one board
LID_PLAY = 0.5  # mm: a lid's inside is the tray's outside and this


def _lines(page, light: bool = False):
    """(cut lines, fold lines) of a page in mm (x0, top, x1, bottom): solid black, and dashed (a fold is dark dashes and
    white ones in their gaps: the dark ones, or with `light` both)."""
    cuts, folds = [], []
    for line in page.lines:
        box = tuple(v / MM for v in (line["x0"], line["top"], line["x1"], line["bottom"]))
        if line.get("dash") and line["dash"][0]:
            if light or min(line["stroking_color"]) < 0.5:
                folds.append((box, line))
        else:
            cuts.append((box, line))
    return cuts, folds


def _page_of(pdf, words: str, reader):
    """The first page of `pdf` whose text names `words`, as pdfplumber reports its objects, read through pdfium once per
    run (`reader`: conftest.pdfium_reader)."""
    pages = [i for i, text in enumerate(page_texts(pdf)) if words in text]
    assert pages, f"no page names {words!r}"
    return reader.pages(pdf, [pages[0] + 1])[0]


@pytest.fixture(scope="module")
def organ_match(shared_build):
    """Organ Match's box nets, from the plain five-game build other files read too (conftest.shared_build)."""
    return shared_build() / "organ-match" / "organ-match-boxes.pdf"


def test_the_registry_is_the_schema_s_list_of_styles():
    assert set(BOX_STYLES) == set(BOX_STYLE_NAMES)


def test_a_40_card_poker_tuck_box_measures_the_cards_plus_clearance(organ_match, pdfium_reader):
    """Organ Match's Influence deck: 40 poker cards. Inside: the card plus about 1 mm each way, and 40 × 0.32 mm plus 1–2 mm
    deep; every panel between two folds one board (0.3 mm) more, for the board's thickness at the folds."""
    _, folds = _lines(_page_of(organ_match, "Influence (tuck box)", pdfium_reader))
    vertical = sorted(box for box, _ in folds if abs(box[0] - box[2]) < 0.01 and box[3] - box[1] > 50)
    xs = [box[0] for box in vertical]
    assert len(xs) == 4, f"four folds between back, side, front, side and glue tab, got {xs}"
    side, front, other_side = xs[1] - xs[0], xs[2] - xs[1], xs[3] - xs[2]
    height = vertical[0][3] - vertical[0][1]
    assert front == pytest.approx(POKER[0] + 1.0 + BOARD, abs=0.05)
    assert height == pytest.approx(POKER[1] + 1.0 + BOARD, abs=0.05)
    assert 40 * STOCK + 1.0 + BOARD - 0.05 <= side <= 40 * STOCK + 2.0 + BOARD + 0.05 and other_side == pytest.approx(side, abs=0.05)
    lid = [box for box, _ in folds if abs(box[1] - box[3]) < 0.01 and box[2] - box[0] > 50]
    # the lid's fold on the back, the tuck's, the bottom lid's on the front, its tuck's: each as wide as back and front
    assert all(box[2] - box[0] == pytest.approx(POKER[0] + 1.0 + BOARD, abs=0.05) for box in lid) and len(lid) == 4


def test_cut_lines_are_solid_black_and_folds_dark_and_white_dashes_seen_on_any_colour(organ_match, pdfium_reader):
    page = _page_of(organ_match, "Influence (tuck box)", pdfium_reader)
    cuts, folds = _lines(page, light=True)
    arcs = [c for c in page.curves if c.get("stroke") and not c.get("fill")]
    assert len(folds) == 24  # 4 body folds, lid and tuck at each end, 4 dust flaps: each a dark and a white dashed line
    assert all(line["stroking_color"] == (0.0, 0.0, 0.0) for _, line in cuts)
    dark = sorted((box, line["dash"]) for box, line in folds if max(line["stroking_color"]) < 0.3)
    white = sorted((box, line["dash"]) for box, line in folds if min(line["stroking_color"]) > 0.99)
    assert [box for box, _ in dark] == [box for box, _ in white]  # on the same lines: one shows on light colours, the other on dark
    (on, off), phase = dark[0][1][0], dark[0][1][1]
    assert on == off and white[0][1] == ([on, off], phase + on)  # the white dashes fill the dark ones' gaps
    assert arcs, "the thumb notch and the tuck flaps' rounded corners are cut as curves"
    assert all(not c.get("dash") or not c["dash"][0] for c in arcs)


def test_every_net_lies_inside_the_printable_area(organ_match, pdfium_reader):
    for page in pdfium_reader.pages(organ_match):
        w, h = page.width / MM, page.height / MM
        for kind in ("lines", "curves", "rects"):
            for obj in getattr(page, kind):
                x0, top, x1, bottom = (obj[k] / MM for k in ("x0", "top", "x1", "bottom"))
                assert x0 >= DEFAULT_PRINTABLE_MM and top >= DEFAULT_PRINTABLE_MM, (page.number, kind, x0, top)
                assert x1 <= w - DEFAULT_PRINTABLE_MM and bottom <= h - DEFAULT_PRINTABLE_MM, (page.number, kind, x1, bottom)


def test_a_two_piece_box_has_a_tray_of_the_cards_size_and_a_lid_that_slides_over_it(organ_match, pdfium_reader):
    """Organ Match's Patients: 96 poker cards. The tray's base is the inner size; its walls the stack's depth."""
    _, folds = _lines(_page_of(organ_match, "Patients (tray)", pdfium_reader))
    _, lid_folds = _lines(_page_of(organ_match, "Patients (lid)", pdfium_reader))

    def base(folds):
        long = [box for box, _ in folds if max(box[2] - box[0], box[3] - box[1]) > 50]
        xs = sorted({round(b[0], 2) for b in long if abs(b[0] - b[2]) < 0.01})
        ys = sorted({round(b[1], 2) for b in long if abs(b[1] - b[3]) < 0.01})
        return xs[-1] - xs[0], ys[-1] - ys[0]

    w, h = sorted(base(folds))
    assert w == pytest.approx(POKER[0] + 1.0 + BOARD, abs=0.05) and h == pytest.approx(POKER[1] + 1.0 + BOARD, abs=0.05)
    lw, lh = sorted(base(lid_folds))
    # the lid's inside: the tray's outside (its base, the inside plus a board, and two walls of board) and the play; its panel a board more
    assert lw - w == pytest.approx(2 * BOARD + LID_PLAY, abs=0.05) and lh - h == pytest.approx(2 * BOARD + LID_PLAY, abs=0.05)
    walls = [box for box, _ in folds if max(box[2] - box[0], box[3] - box[1]) < 50]  # the glue tabs' folds: as long as the walls are high
    depth = max(max(b[2] - b[0], b[3] - b[1]) for b in walls)
    assert 96 * STOCK + 1.0 + BOARD / 2 - 0.05 <= depth <= 96 * STOCK + 2.0 + BOARD / 2 + 0.05  # one fold: half a board


def test_list_reports_each_box_with_its_decks_cards_and_inner_size(shared_build, tmp_path):
    """`pnp list` beside a copy of the plain build's output (conftest.shared_build, read-only to its tests: list keeps
    its checks in the build cache of the folder it names), as a designer runs it after building: the data's and
    readability checks are answered from what that build kept."""
    out = tmp_path / "built"
    shutil.copytree(shared_build(), out, symlinks=True)
    result = run_pnp(ROOT, "list", "--format", "json", "--out", str(out))
    games = {g["game"]: g for g in json.loads(result.output[: result.output.rindex("]") + 1])}
    assert all(g["boxes"] for g in games.values()), "every game ships boxes for its cards"
    box = next(b for b in games["organ-match"]["boxes"] if b["decks"] == ["influence"])
    assert box["cards"] == 40 and box["stock_mm"] == STOCK
    assert box["inner_mm"]["width"] == pytest.approx(64.5) and box["inner_mm"]["height"] == pytest.approx(89.9)
    assert 40 * STOCK + 1 <= box["inner_mm"]["depth"] <= 40 * STOCK + 2
    for game in games.values():
        boxed = {d for b in game["boxes"] for d in b["decks"]}
        assert boxed <= {d["id"] for d in game["decks"]}


def _tiny_boxes(project, boxes: str, deck: str | None = None):
    game = project / "data" / "tiny"
    (game / "boxes.yaml").write_text(textwrap.dedent(boxes))
    if deck:
        (game / "decks" / "big.yaml").write_text(textwrap.dedent(deck))
    (project / "templates" / "tiny" / "box.j2").write_text('{{ rect(0, 0, face.w, face.h, fill="#336699", stroke="none") }}\n')


def test_a_box_too_large_for_the_paper_prints_in_two_pieces_with_glue_marks(project, tmp_path, pdfium_reader):
    """90 tarot cards: a tuck net some 214 × 222 mm, wider than Letter's printable area either way round."""
    _tiny_boxes(project, """
        boxes:
          - {id: big, style: tuck, decks: [big], front: tiny/box.j2}
        """, """
        name: Big
        size: tarot
        front: tiny/hero.j2
        cards:
          - {id: a, name: A, stars: 1, number: 1, text: x, count: 90}
        """)
    result = run_pnp(project, "build", "tiny", "--only", "boxes", "--no-validate", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    pages = pdfium_reader.pages(tmp_path / "tiny" / "tiny-boxes.pdf")
    marks = ["".join(c["text"] for c in p.chars if not c["upright"]) for p in pages]  # the glue mark runs along its edge
    pieces = len(pages)
    text = pdf_text(tmp_path / "tiny" / "tiny-boxes.pdf", " ")
    assert "piece 1 of 2" in text and "piece 2 of 2" in text
    assert pieces == 2
    assert "glue tab A under this edge" in marks[1]


def test_a_two_piece_boxs_tray_and_lid_are_each_named_on_the_sheet(project, tmp_path):
    """docs/boxes-and-dice.md: a two-piece box is a tray and a lid that slides over it. The sheet names each net by the
    part it is, so a designer cuts and folds the right one: 'Heroes (tray)' and 'Heroes (lid)', each once."""
    _tiny_boxes(project, """
        boxes:
          - {id: heroes, style: two-piece, decks: [heroes], front: tiny/box.j2}
        """)
    result = run_pnp(project, "build", "tiny", "--only", "boxes", "--no-validate", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    text = pdf_text(tmp_path / "tiny" / "tiny-boxes.pdf", " ")
    assert text.count("Heroes (tray)") == 1 and text.count("Heroes (lid)") == 1, text


def test_a_split_tuck_boxs_glue_tab_a_hangs_outside_its_first_piece():
    """docs/boxes-and-dice.md: a tuck box too large for the paper splits along the fold between the left side and the
    front, and piece 1 gains glue tab A there, to glue under the front's left edge. The tab hangs outside piece 1, past
    that edge: a 40-card poker box's back (64.8 mm) and side (14.6 mm) end at 79.4 mm, the tab beyond them."""
    one, _ = BOX_STYLES["tuck"].split(64.5, 89.9, 14.3, BOARD)
    edge = 64.8 + 14.6
    faces = [x for panel in one.panels if panel.role == "face" for x, _ in panel.points()]
    (tab,) = [panel for panel in one.panels if panel.role == "tab"]
    xs = [x for x, _ in tab.points()]
    assert max(faces) == pytest.approx(edge, abs=0.01)
    assert min(xs) == pytest.approx(edge, abs=0.01) and max(xs) > edge + 5, xs


LETTER = (215.9, 279.4)  # mm


def _net_extent(page) -> tuple[float, float, float, float]:
    """The cut outline's extent on a page in mm (x0, top, x1, bottom): its solid lines, above the footer's band."""
    cuts, _ = _lines(page)
    boxes = [box for box, _ in cuts if box[3] < page.height / MM - 15]
    return min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes)


def test_a_two_piece_box_too_large_for_one_sheet_puts_its_tray_and_lid_on_a_sheet_each(project, tmp_path, pdfium_reader):
    """120 poker cards (38.4 mm of stock): tray and lid each some 145 × 170 mm. Together they fit no Letter sheet, either
    way round; alone each does, so each gets a sheet of its own, inside the printer's margin."""
    _tiny_boxes(project, """
        boxes:
          - {id: big, style: two-piece, decks: [big], front: tiny/box.j2}
        """, """
        name: Big
        size: poker
        front: tiny/hero.j2
        cards:
          - {id: a, name: A, stars: 1, number: 1, text: x, count: 120}
        """)
    result = run_pnp(project, "build", "tiny", "--only", "boxes", "--no-validate", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    extents = [_net_extent(p) for p in pdfium_reader.pages(tmp_path / "tiny" / "tiny-boxes.pdf")]
    named = page_texts(tmp_path / "tiny" / "tiny-boxes.pdf")
    assert len(named) == 2 and "Big (tray)" in named[0] and "Big (lid)" in named[1], named
    margin = DEFAULT_PRINTABLE_MM
    room_w, room_h = LETTER[0] - 2 * margin, LETTER[1] - 2 * margin
    for x0, top, x1, bottom in extents:
        assert x0 >= margin and top >= margin and x1 <= LETTER[0] - margin and bottom <= LETTER[1] - margin
    (tw, th), (lw, lh) = [(x1 - x0, bottom - top) for x0, top, x1, bottom in extents]
    assert lw > tw and lh > th, "the lid slides over the tray"
    for a, b in (((tw, th), (lw, lh)), ((th, tw), (lw, lh)), ((tw, th), (lh, lw)), ((th, tw), (lh, lw))):
        side_by_side = a[0] + b[0] <= room_w and max(a[1], b[1]) <= room_h
        stacked = a[1] + b[1] <= room_h and max(a[0], b[0]) <= room_w
        assert not side_by_side and not stacked, "the pair would share a sheet: this box does not test the split"


def test_a_two_piece_box_whose_tray_alone_fits_no_sheet_is_an_error_naming_the_piece(project, tmp_path):
    """300 poker cards: walls some 98 mm high, a tray about 260 × 285 mm, larger than Letter's printable area either way round."""
    _tiny_boxes(project, """
        boxes:
          - id: huge
            style: two-piece
            decks: [big]
            front: tiny/box.j2
        """, """
        name: Big
        size: poker
        front: tiny/hero.j2
        cards:
          - {id: a, name: A, stars: 1, number: 1, text: x, count: 300}
        """)
    result = run_pnp(project, "build", "tiny", "--only", "boxes", "--no-validate", "--out", str(tmp_path))
    assert result.exit_code != 0
    assert "data/tiny/boxes.yaml:5:" in result.output and "box 'huge'" in result.output, result.output
    assert "its tray (" in result.output and "its lid (" in result.output and "no letter sheet" in result.output, result.output
    assert not (tmp_path / "tiny" / "tiny-boxes.pdf").exists()


def test_a_box_naming_an_unknown_deck_is_a_located_error(project, tmp_path):
    _tiny_boxes(project, """
        boxes:
          - id: one
            style: tuck
            decks: [heros]
            front: tiny/box.j2
        """)
    result = run_pnp(project, "build", "tiny", "--only", "boxes", "--no-validate", "--out", str(tmp_path))
    assert result.exit_code != 0
    assert "data/tiny/boxes.yaml:5:" in result.output and "'heros'" in result.output and "heroes" in result.output


def test_an_unknown_box_style_is_a_schema_error_at_its_line(project, tmp_path):
    _tiny_boxes(project, """
        boxes:
          - id: one
            style: sleeve
            decks: [heroes]
            front: tiny/box.j2
        """)
    result = run_pnp(project, "validate", "tiny")
    assert result.exit_code != 0
    assert "data/tiny/boxes.yaml:4:" in result.output and "sleeve" in result.output and "tuck" in result.output


def test_box_nets_are_the_same_bytes_twice(organ_match, tmp_path):
    result = run_pnp(ROOT, "build", "organ-match", "--only", "boxes", "--no-validate", "--out", str(tmp_path))
    assert result.exit_code == 0
    assert (tmp_path / "organ-match" / "organ-match-boxes.pdf").read_bytes() == organ_match.read_bytes()


def test_the_thumb_notch_is_a_half_circle_in_the_front_s_top_edge(organ_match, pdfium_reader):
    page = _page_of(organ_match, "Influence (tuck box)", pdfium_reader)
    _, folds = _lines(page)
    vertical = sorted(box for box, _ in folds if abs(box[0] - box[2]) < 0.01 and box[3] - box[1] > 50)
    front_x0, front_x1, top = vertical[1][0], vertical[2][0], vertical[0][1]
    curves = [c for c in page.curves if c.get("stroke") and not c.get("fill")]
    notch = [c for c in curves if front_x0 < c["x0"] / MM and c["x1"] / MM < front_x1 and abs(c["top"] / MM - top) < 0.5]
    assert len(notch) == 1
    c = notch[0]
    width, depth = (c["x1"] - c["x0"]) / MM, (c["bottom"] - c["top"]) / MM
    assert width >= 15, "a thumb fits: about 2 cm across"
    assert width == pytest.approx(2 * depth, abs=0.2) and math.isclose((c["x0"] + c["x1"]) / 2 / MM, (front_x0 + front_x1) / 2, abs_tol=0.1)


def test_every_fold_has_score_marks_outside_the_net_on_its_line(organ_match, pdfium_reader):
    """Every line of folds has a short solid black line on it past one of its ends, at least 1 mm outside the net (past
    where the line leaves it: a fold that runs on as a slit between a lid and a dust flap has its mark past the slit),
    and every such mark is on a fold's line."""
    page = _page_of(organ_match, "Influence (tuck box)", pdfium_reader)
    cuts, folds = _lines(page)
    short = [box for box, _ in cuts if 1.5 < max(box[2] - box[0], box[3] - box[1]) < 2.5]
    assert short

    def on_line(mark, fold) -> bool:
        if abs(fold[0] - fold[2]) < 0.01:  # an upright fold: a mark above or below it, on its x
            return abs(mark[0] - fold[0]) < 0.1 and abs(mark[2] - fold[0]) < 0.1 and (mark[3] <= fold[1] - 1 or fold[3] + 1 <= mark[1])
        return abs(mark[1] - fold[1]) < 0.1 and abs(mark[3] - fold[1]) < 0.1 and (mark[2] <= fold[0] - 1 or fold[2] + 1 <= mark[0])

    lines = {}
    for box, _ in folds:  # one line of folds (a lid's and its dust flaps' meet end to end) shares its outer marks
        key = ("x", round(box[0], 1)) if abs(box[0] - box[2]) < 0.01 else ("y", round(box[1], 1))
        lo, hi = (box[1], box[3]) if key[0] == "x" else (box[0], box[2])
        a, b = lines.get(key, (lo, hi))
        lines[key] = (min(a, lo), max(b, hi))
    for (axis, v), (lo, hi) in lines.items():
        whole = (v, lo, v, hi) if axis == "x" else (lo, v, hi, v)
        assert any(on_line(mark, whole) for mark in short), f"fold line {axis} = {v} mm has no score mark"
    assert all(any(on_line(mark, ((v, lo, v, hi) if a == "x" else (lo, v, hi, v))) for (a, v), (lo, hi) in lines.items()) for mark in short)


def test_a_box_printed_on_thicker_board_allows_for_it(project, pdfium_reader):
    """board: 0.8 (a chipboard): the front of a tuck box of 12 poker cards is the inside plus 0.8 mm."""
    (project / "data/tiny/boxes.yaml").write_text("boxes:\n  - {id: heroes, style: tuck, decks: [heroes], front: tiny/back.j2, board: 0.8}\n")
    result = run_pnp(project, "build", "--only", "boxes", "--no-validate")
    assert result.exit_code == 0, result.output + result.stderr
    _, folds = _lines(pdfium_reader.pages(project / "output/tiny/tiny-boxes.pdf", [1])[0])
    xs = sorted(box[0] for box, _ in folds if abs(box[0] - box[2]) < 0.01 and box[3] - box[1] > 50)
    assert xs[2] - xs[1] == pytest.approx(POKER[0] + 1.0 + 0.8, abs=0.05)
    assert xs[1] - xs[0] == pytest.approx(12 * STOCK + 1.5 + 0.8, abs=0.05)


def _touching(lines: list[tuple]) -> list[list[tuple]]:
    """The lines (x0, top, x1, bottom) grouped into the sets whose ends meet, one set a piece of a page of nets."""
    groups: list[list[tuple]] = []
    for line in lines:
        ends = {(round(line[0], 2), round(line[1], 2)), (round(line[2], 2), round(line[3], 2))}
        meeting = [g for g in groups if any({(round(b[0], 2), round(b[1], 2)), (round(b[2], 2), round(b[3], 2))} & ends for b in g)]
        merged = [line] + [b for g in meeting for b in g]
        groups = [g for g in groups if g not in meeting] + [merged]
    return groups


def test_a_two_piece_box_on_thicker_board_allows_for_each_fold(project, pdfium_reader):
    """board: 0.8 (a chipboard), 12 poker cards in a two-piece box: the tray's base, between two folds, is the inside
    plus a board; its walls, one fold and a free edge, the stack's depth plus half a board; the lid's inside is the
    tray's outside (two walls of board more) and the play, its base a board more again."""
    (project / "data/tiny/boxes.yaml").write_text("boxes:\n  - {id: heroes, style: two-piece, decks: [heroes], front: tiny/back.j2, board: 0.8}\n")
    result = run_pnp(project, "build", "--only", "boxes", "--no-validate")
    assert result.exit_code == 0, result.output + result.stderr
    _, folds = _lines(pdfium_reader.pages(project / "output/tiny/tiny-boxes.pdf", [1])[0])

    def base_and_wall(piece):
        """The base's width between its side folds, and the walls' height: the glue tabs' folds run the wall's height."""
        xs = sorted({round(box[0], 2) for box in piece if abs(box[0] - box[2]) < 0.01 and box[3] - box[1] > 50})
        return xs[-1] - xs[0], max(max(box[2] - box[0], box[3] - box[1]) for box in piece if max(box[2] - box[0], box[3] - box[1]) < 50)

    (tray_w, tray_wall), (lid_w, lid_wall) = sorted(base_and_wall(piece) for piece in _touching([box for box, _ in folds]))  # the lid the larger
    assert tray_w == pytest.approx(POKER[0] + 1.0 + 0.8, abs=0.05)
    assert tray_wall == pytest.approx(12 * STOCK + 1.5 + 0.4, abs=0.05) and lid_wall == pytest.approx(tray_wall, abs=0.05)
    assert lid_w - tray_w == pytest.approx(2 * 0.8 + LID_PLAY, abs=0.05)


def test_a_box_template_sees_the_inside_size_and_its_first_deck(project):
    """docs/boxes-and-dice.md: a box template sees `box.width`, `box.height` and `box.depth` (the inside) and `deck`,
    the first of its decks. A tuck box of the 12 heroes and then 4 spares (poker both): the cards' 63.5 × 88.9 mm and
    1 mm of clearance, two wells of 12 and 4 cards × 0.32 mm and 1.5 mm each with a divider of two boards between them
    (3.84 + 1.5 + 1.28 + 1.5 + 0.6 = 8.72 mm deep); and `deck` is the heroes, named first."""
    (project / "data/tiny/decks/spares.yaml").write_text("name: Spares\nsize: poker\nfront: tiny/hero.j2\ncards:\n"
                                                        "  - {id: s, name: S, stars: 1, number: 1, text: x, count: 4}\n")
    (project / "templates/tiny/box-says.j2").write_text(
        '{{ text("DECK" ~ deck.name ~ " W" ~ box.width ~ " H" ~ box.height ~ " D" ~ (box.depth | round(2)), 3, 3, face.w - 6, 20, size=6) }}\n')
    (project / "data/tiny/boxes.yaml").write_text("boxes:\n  - {id: both, style: tuck, decks: [heroes, spares], front: tiny/box-says.j2}\n")
    result = run_pnp(project, "build", "tiny", "--only", "boxes", "--no-validate")
    assert result.exit_code == 0, result.output + result.stderr
    text = " ".join(pdf_text(project / "output/tiny/tiny-boxes.pdf").split())
    assert text.count("DECKHeroes W64.5 H89.9 D8.72") == 2, text  # the front and the back (which falls back to it)


def test_an_ink_saver_build_spares_a_boxs_dark_face_its_full_fill(project, pdfium_reader):
    """--ink-saver spares the ink of every sheet, the boxes' too: a face painted dark navy all over prints in the plain
    build and is gone from the ink-saver one."""
    navy = (0x20 / 255, 0x20 / 255, 0x60 / 255)
    (project / "templates/tiny/navy.j2").write_text('{{ rect(0, 0, face.w, face.h, fill="#202060") }}\n')
    (project / "data/tiny/boxes.yaml").write_text("boxes:\n  - {id: heroes, style: tuck, decks: [heroes], front: tiny/navy.j2}\n")

    def navy_fills(*flags) -> int:
        result = run_pnp(project, "build", "--only", "boxes", "--no-validate", *flags)
        assert result.exit_code == 0, result.output + result.stderr
        name = "tiny-boxes-ink-saver.pdf" if flags else "tiny-boxes.pdf"
        page = pdfium_reader.pages(project / "output/tiny" / name, [1])[0]
        return sum(1 for obj in page.rects + page.curves if obj.get("fill") and obj.get("non_stroking_color") is not None
                   and len(obj["non_stroking_color"]) == 3 and all(abs(a - b) < 0.01 for a, b in zip(obj["non_stroking_color"], navy, strict=True)))

    assert navy_fills() >= 1
    assert navy_fills("--ink-saver") == 0


@pytest.mark.parametrize("machine", ["silhouette-4", "summa-opos"])
def test_a_box_net_keeps_2_mm_clear_of_a_cutting_machines_marks(project, machine):
    """A cutter reads its registration marks off the sheet: a box's net printed over one (or within the 2 mm the
    machine's reading needs around it) leaves the sheet unreadable. Every line of every net keeps clear of them."""
    from test_more_cutters import CLEAR_MM, PT, _filled_black, expected_marks

    (project / "data/tiny/boxes.yaml").write_text("boxes:\n  - {id: heroes, style: tuck, decks: [heroes], front: tiny/back.j2}\n")
    result = run_pnp(project, "build", "--only", "boxes", "--no-validate", "--cutter", machine)
    assert result.exit_code == 0, result.output + result.stderr
    with pdfplumber.open(project / f"output/tiny/tiny-boxes-{machine}.pdf") as pdf:
        for page in pdf.pages:
            want = expected_marks(machine, page.width * PT, page.height * PT)
            marks = [got for got in _filled_black(page) if any(all(abs(a - b) < 0.02 for a, b in zip(m, got, strict=True)) for m in want)]
            assert len(marks) == len(want), (marks, want)
            for line in page.lines:
                x0, y0, x1, y1 = (v * PT for v in (line["x0"], line["top"], line["x1"], line["bottom"]))
                for x, y, mw, mh in marks:
                    assert x0 > x + mw + CLEAR_MM - 0.01 or x1 < x - CLEAR_MM + 0.01 or y0 > y + mh + CLEAR_MM - 0.01 or y1 < y - CLEAR_MM + 0.01, \
                        f"a line at {(x0, y0, x1, y1)} within {CLEAR_MM} mm of the mark at {(x, y)}"


def listed_box_of_heroes_and(project, deck_yaml: str) -> dict:
    """`pnp list --format json`'s one box, a tuck box with no `name:` of the Heroes and the deck `big` written as `deck_yaml`."""
    _tiny_boxes(project, """
        boxes:
          - {id: both, style: tuck, decks: [heroes, big], front: tiny/box.j2}
        """, deck_yaml)
    result = run_pnp(project, "list", "tiny", "--format", "json")
    assert result.exit_code == 0, result.output
    (box,) = json.loads(result.stdout)[0]["boxes"]
    return box


def test_a_box_of_two_decks_without_a_name_is_called_by_both_decks_names(project):
    """A box with no `name:` of the Heroes and a deck called Villains: `pnp list` calls it "Heroes & Villains"."""
    box = listed_box_of_heroes_and(project, """
        name: Villains
        size: poker
        front: tiny/hero.j2
        cards:
          - {id: a, name: A, stars: 1, number: 1, text: x, side: red, count: 4}
        """)
    assert box["name"] == "Heroes & Villains"


def test_a_box_of_poker_and_larger_cards_is_as_wide_and_high_inside_as_the_larger_cards_and_its_clearance(project):
    """The inside is the largest card's width and height plus the 1 mm clearance (docs/boxes-and-dice.md), whichever
    deck the box names first: the Heroes' poker cards (63.5 × 88.9 mm) and a deck of 70 × 120 mm cards make 71 × 121 mm."""
    box = listed_box_of_heroes_and(project, """
        name: Omens
        size: 70 x 120
        front: tiny/hero.j2
        cards:
          - {id: a, name: A, stars: 1, number: 1, text: x, side: red, count: 4}
        """)
    assert (box["inner_mm"]["width"], box["inner_mm"]["height"]) == (pytest.approx(71.0), pytest.approx(121.0))


def test_a_split_tuck_boxs_glue_mark_stands_beside_the_fronts_left_edge_not_on_its_panels():
    """docs/boxes-and-dice.md: piece 2 of a split tuck box carries "A: glue tab A under this edge" along the edge tab A
    glues under, the front's left edge (79.4 mm in on a 40-card poker box: its back, 64.8 mm, and side, 14.6 mm); a
    net's labels stand outside its outline (pnp.layout.nets), so the mark lies just left of that edge, in the paper
    around piece 2, not printed over its front's art."""
    _, two = BOX_STYLES["tuck"].split(64.5, 89.9, 14.3, BOARD)
    edge = 64.8 + 14.6
    (mark,) = [(x, y) for x, y, text in two.marks if text == "A: glue tab A under this edge"]
    assert min(x for panel in two.panels for x, _ in panel.points()) == pytest.approx(edge, abs=0.01), "piece 2 starts at the front"
    assert edge - 5 < mark[0] < edge, mark
