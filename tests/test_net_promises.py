"""A box net as docs/boxes-and-dice.md promises it, read back from the tiny game's tuck box of its 12 heroes (poker):
its glue tab light grey, outside the panel it is glued from, its ends leaning in; each fold dark dashes with white ones
in their gaps; a score mark 1 mm outside the net on every fold's line; and a net too wide for the paper but not too
tall printed turned a quarter rather than refused."""
from __future__ import annotations

import math
import shutil

import pdfplumber
import pytest
from conftest import TEST_PROJECT, run_pnp
from print_raster import Region

MM = 72 / 25.4
TAB_GREY = 0xE3 / 255  # "Glue tabs are light grey"


@pytest.fixture(scope="module")
def tuck(tmp_path_factory):
    """The first page of the tiny game's boxes PDF with a tuck box of its heroes, as pdfplumber reads it."""
    root = tmp_path_factory.mktemp("tuck") / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    (root / "data/tiny/boxes.yaml").write_text("boxes:\n  - {id: heroes, style: tuck, decks: [heroes], front: tiny/back.j2}\n")
    result = run_pnp(root, "build", "--only", "boxes", "--no-validate")
    assert result.exit_code == 0, result.output + result.stderr
    with pdfplumber.open(root / "output/tiny/tiny-boxes.pdf") as pdf:
        page = pdf.pages[0]
        return {"curves": page.curves + page.rects, "lines": page.lines, "width": page.width, "pdf": root / "output/tiny/tiny-boxes.pdf"}


def _mm(line) -> tuple[float, float, float, float]:
    return tuple(v / MM for v in (line["x0"], line["top"], line["x1"], line["bottom"]))


def _folds(page, colour: float) -> list[dict]:
    """The dashed lines of one grey level (0.2: the dark dashes, 1: the white ones)."""
    return [ln for ln in page["lines"] if ln.get("dash") and ln["dash"][0] and abs(ln["stroking_color"][0] - colour) < 0.02]


def test_the_glue_tab_is_grey_outside_its_side_panel_and_leans_in_at_both_ends(tuck):
    """The tuck box's row ends in its glue tab: right of the last side panel's fold, its outer edge shorter than its fold
    at both ends, so it folds in past the lids."""
    tabs = [c for c in tuck["curves"] if c.get("fill") and all(abs(v - TAB_GREY) < 0.01 for v in c["non_stroking_color"])]
    assert len(tabs) == 1, "a tuck box has one glue tab"
    points = {(round(x / MM, 2), round(y / MM, 2)) for x, y in tabs[0]["pts"]}
    near, far = min(x for x, _ in points), max(x for x, _ in points)
    uprights = [_mm(ln) for ln in _folds(tuck, 0.2) if abs(ln["x0"] - ln["x1"]) < 0.01]
    assert near == pytest.approx(max(box[0] for box in uprights), abs=0.05), "the tab hangs from the row's last fold"
    assert far > near + 5, "the tab lies outside its panel, not over it"
    near_ys = sorted(y for x, y in points if abs(x - near) < 0.01)
    far_ys = sorted(y for x, y in points if abs(x - far) < 0.01)
    assert far_ys[0] > near_ys[0] + 1 and far_ys[-1] < near_ys[-1] - 1, f"the tab's ends do not lean in: {near_ys} → {far_ys}"


def test_the_first_page_carries_a_50_mm_scale_bar_with_ticks_every_10_mm(tuck):
    """docs/printing.md: the first sheet of a file carries a 50 mm scale bar (ticks every 10 mm) to check the print scale: a net
    folds true only when printed at 100 %."""
    bars = [ln for ln in tuck["lines"] if not ln.get("dash") and abs(ln["top"] - ln["bottom"]) < 0.01 and abs(ln["x1"] - ln["x0"] - 50 * MM) < 0.05]
    assert len(bars) == 1, [_mm(ln) for ln in tuck["lines"] if not ln.get("dash")][:12]
    bar = bars[0]
    ticks = sorted(round((ln["x0"] - bar["x0"]) / MM, 2) for ln in tuck["lines"]
                   if abs(ln["x0"] - ln["x1"]) < 0.01 and abs(ln["bottom"] - bar["top"]) < 0.01 and not ln.get("dash"))
    assert ticks == [0, 10, 20, 30, 40, 50], ticks


def test_the_net_is_centred_across_its_page(tuck):
    """A net sits in the middle of its Letter page (215.9 mm wide), as much paper left of its cut as right of it: a
    lopsided page wastes the room a larger piece would need and reads as misprinted. Its cut lines are the solid black
    ones; its score marks (2 mm long, outside the net) and the scale bar (solid, no dash pattern) are not its cut."""
    cuts = [ln for ln in tuck["lines"] if ln["stroking_color"] == (0.0, 0.0, 0.0) and ln.get("dash") is not None and not ln["dash"][0]
            and abs(math.hypot(ln["x1"] - ln["x0"], ln["bottom"] - ln["top"]) / MM - 2.0) > 0.01]
    assert tuck["width"] / MM == pytest.approx(215.9, abs=0.01)
    left = min(ln["x0"] for ln in cuts) / MM
    right = 215.9 - max(ln["x1"] for ln in cuts) / MM
    assert left == pytest.approx(right, abs=0.05), (left, right)

def test_each_fold_is_dark_dashes_with_white_ones_in_their_gaps(tuck):
    """A fold shows on any colour: its dark dashes and, on the same line, white dashes of the same length shifted by one
    dash, so each white one fills a dark one's gap."""
    dark, white = _folds(tuck, 0.2), _folds(tuck, 1.0)
    assert dark and len(dark) == len(white)
    whites = {_mm(ln): ln["dash"] for ln in white}
    for ln in dark:
        pattern, phase = ln["dash"]
        assert pattern[0] == pattern[1], "dashes as long as their gaps"
        other = whites.get(_mm(ln))
        assert other is not None, f"no white dashes on the fold at {_mm(ln)}"
        assert list(other[0]) == list(pattern) and abs((other[1] - phase) % (2 * pattern[0]) - pattern[0]) < 1e-6, (ln["dash"], other)


def test_every_fold_line_has_a_score_mark_at_least_1_mm_outside_the_net(tuck):
    """Short solid lines (2 mm) on each line of folds, past one of its ends by at least 1 mm, and every such mark on a
    fold's line: the marks a ruler scores along before folding, outside the printed net."""
    cuts = [_mm(ln) for ln in tuck["lines"] if not (ln.get("dash") and ln["dash"][0])]
    marks = [box for box in cuts if 1.5 < max(box[2] - box[0], box[3] - box[1]) < 2.5]
    lines: dict = {}
    for box in map(_mm, _folds(tuck, 0.2)):  # a line of folds (a lid's and its dust flaps' meet end to end) shares its marks
        upright = abs(box[0] - box[2]) < 0.01
        key = ("x", round(box[0], 1)) if upright else ("y", round(box[1], 1))
        lo, hi = (box[1], box[3]) if upright else (box[0], box[2])
        a, b = lines.get(key, (lo, hi))
        lines[key] = (min(a, lo), max(b, hi))

    def on_line(mark, axis, v, lo, hi) -> bool:
        if axis == "x":
            return abs(mark[0] - v) < 0.1 and abs(mark[2] - v) < 0.1 and (mark[3] <= lo - 1 + 0.02 or hi + 1 - 0.02 <= mark[1])
        return abs(mark[1] - v) < 0.1 and abs(mark[3] - v) < 0.1 and (mark[2] <= lo - 1 + 0.02 or hi + 1 - 0.02 <= mark[0])

    assert marks and lines
    for (axis, v), (lo, hi) in lines.items():
        assert any(on_line(mark, axis, v, lo, hi) for mark in marks), f"the fold line {axis} = {v} mm has no score mark"
    for mark in marks:
        assert any(on_line(mark, axis, v, lo, hi) for (axis, v), (lo, hi) in lines.items()), f"a mark on no fold's line: {mark}"


def test_a_tuck_box_too_wide_for_the_paper_but_not_too_tall_prints_turned_a_quarter_inside_the_margin(project, tmp_path):
    """Cards of 92 × 60 mm: the tuck box's row (two fronts, two sides, the glue tab) is 205 mm across with the board, and
    the net prints its colour 0.8 mm and its score marks 3 mm past its cut: 211 mm, more than Letter's 205.9 mm inside
    the printer's 5 mm margin on both sides. Its height (a card's, the lids and the tucks) is under a hundred: turned a
    quarter it fits, and prints so, on one page, every line of it inside the margin."""
    (project / "data/tiny/decks/wide.yaml").write_text("name: Wide\nsize: 92 x 60\nfront: tiny/hero.j2\ncards:\n"
                                                      "  - {id: w, name: W, stars: 1, number: 1, text: x, count: 12}\n")
    (project / "data/tiny/boxes.yaml").write_text("boxes:\n  - {id: wide, style: tuck, decks: [wide], front: tiny/back.j2}\n")
    result = run_pnp(project, "build", "tiny", "--only", "boxes", "--no-validate", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output + result.stderr
    with pdfplumber.open(tmp_path / "tiny/tiny-boxes.pdf") as pdf:
        assert len(pdf.pages) == 1
        page = pdf.pages[0]
        width_mm, height_mm = float(page.width) / MM, float(page.height) / MM
        drawn = [_mm(ln) for ln in page.lines if ln["bottom"] / MM < height_mm - 12]  # the net's lines, not the footer's
        assert "piece" not in page.extract_text(), "the box prints whole, not split in two pieces"
    x0, top = min(b[0] for b in drawn), min(b[1] for b in drawn)
    x1, bottom = max(b[2] for b in drawn), max(b[3] for b in drawn)
    assert bottom - top > x1 - x0, "turned: taller than wide"
    assert x0 >= 5 and x1 <= width_mm - 5 and top >= 5, (x0, x1, top, bottom)


def test_a_d20_folds_along_its_trees_19_edges_and_its_11_tabs_and_cuts_two_tabs_apart(project):
    """A net of F faces joined as a tree folds along F − 1 edges, and E − F + 1 glue tabs each fold along one more: a
    d20 (E 30, F 20) has 19 + 11 = 30 folds. A 16 mm d20's net sets two tabs side by side: the edge between them is
    cut (each folds on its own face's edge), not a 31st fold."""
    faces = ", ".join(f"{{n: {n}}}" for n in range(1, 21))
    (project / "data/tiny/dice.yaml").write_text(f"dice:\n  - {{id: d, name: Die, shape: d20, size: 16, count: 1, face: tiny/die.j2,\n"
                                                 f"     faces: [{faces}]}}\n")
    (project / "templates/tiny/die.j2").write_text("{{ text(die_face.n|string, 2, 2, face.w - 4, face.h - 4, size=8) }}\n")
    result = run_pnp(project, "build", "tiny", "--only", "dice", "--no-validate")
    assert result.exit_code == 0, result.output + result.stderr
    with pdfplumber.open(project / "output/tiny/tiny-dice.pdf") as pdf:
        page = pdf.pages[0]
        folds = _folds({"lines": page.lines}, 0.2)
    assert len(folds) == 30


def test_a_box_without_a_top_or_back_template_prints_its_side_on_the_lid_and_its_front_on_the_back(project):
    """docs/boxes-and-dice.md: a box's `back` falls back to its `front`, its `top` to its `side`. A tuck box given only a
    front and a side: front and back print the front's word (2), the two sides and the lid's top the side's (3)."""
    assert faces_printed(project, "tuck") == {"FRONTFACE": 2, "SIDEFACE": 3}


def faces_printed(project, style: str) -> dict[str, int]:
    """A box of `style` given a front template printing FRONTFACE and a side one printing SIDEFACE (no back, no top),
    built alone: how many times each word prints on its sheets, read forwards or turned."""
    word = '{{{{ text("{}", 1, 0.5, face.w - 2, face.h - 1, size=5, min_size=3) }}}}\n'
    (project / "templates/tiny/box-front.j2").write_text(word.format("FRONTFACE"))
    (project / "templates/tiny/box-side.j2").write_text(word.format("SIDEFACE"))
    (project / "data/tiny/boxes.yaml").write_text(f"boxes:\n  - {{id: heroes, style: {style}, decks: [heroes], front: tiny/box-front.j2, "
                                                  "side: tiny/box-side.j2}\n")
    result = run_pnp(project, "build", "tiny", "--only", "boxes", "--no-validate")
    assert result.exit_code == 0, result.output + result.stderr
    with pdfplumber.open(project / "output/tiny/tiny-boxes.pdf") as pdf:
        text = "".join(page.extract_text() for page in pdf.pages).replace("\n", "").replace(" ", "")
    return {word: text.count(word) + text.count(word[::-1]) for word in ("FRONTFACE", "SIDEFACE")}  # a turned face reads backwards


def test_every_panel_s_colour_runs_0_8_mm_past_its_cut(tuck):
    """docs/boxes-and-dice.md's promise that a cut a little off its line shows no white: each printed panel is stroked
    in its own fill colour, a line 1.6 mm wide centred on its edge, so the colour reaches 0.8 mm past the cut."""
    panels = [c for c in tuck["curves"] if c.get("fill") and c.get("stroke") and not all(abs(v - TAB_GREY) < 0.01 for v in c["non_stroking_color"])]
    assert len(panels) >= 5  # the back, the front, two sides and the lid at least
    for panel in panels:
        assert tuple(panel["stroking_color"]) == tuple(panel["non_stroking_color"]), panel["stroking_color"]
        assert panel["linewidth"] / MM == pytest.approx(1.6, abs=0.01)


def _letters(page, word: str) -> list[dict]:
    """The letters of `word` on the page (a word of letters nothing else on a box's sheet prints)."""
    return [c for c in page.chars if c["text"] in word]


def _top_faces(char) -> tuple[float, float]:
    """Which way (x right, y down on the page) the top of a letter faces."""
    _, _, c, d, _, _ = char["matrix"]
    return c / math.hypot(c, d), -d / math.hypot(c, d)


def _wide_tuck(project, out, front: str = "tiny/back.j2", side: str = "tiny/back.j2", top: str = "tiny/back.j2"):
    """The tuck box of a deck of 92 × 60 mm cards, too wide for Letter but not too tall (so printed turned a quarter),
    its front, side and top drawn by the given templates: its PDF."""
    (project / "data/tiny/decks/wide.yaml").write_text("name: Wide\nsize: 92 x 60\nfront: tiny/hero.j2\ncards:\n"
                                                      "  - {id: w, name: W, stars: 1, number: 1, text: x, count: 12}\n")
    (project / "data/tiny/boxes.yaml").write_text(f"boxes:\n  - {{id: wide, style: tuck, decks: [wide], front: {front}, side: {side}, top: {top}}}\n")
    result = run_pnp(project, "build", "tiny", "--only", "boxes", "--no-validate", "--out", str(out))
    assert result.exit_code == 0, result.output + result.stderr
    return out / "tiny/tiny-boxes.pdf"


def test_a_net_turned_a_quarter_to_fit_turns_its_faces_with_it_their_tops_at_the_lid(project, tmp_path):
    """The front and back of a tuck box have their tops at the lid, and the thumb notch is cut in the front's top edge
    (docs/boxes-and-dice.md). Turned a quarter to fit the paper, the net keeps that: every letter of the front's and
    the back's word stands with its top towards the notch's edge, not away from it."""
    (project / "templates/tiny/box-word.j2").write_text('{{ text("QUOKKA", 2, 1, face.w - 4, 8, size=7) }}\n')
    with pdfplumber.open(_wide_tuck(project, tmp_path, front="tiny/box-word.j2")) as pdf:
        page = pdf.pages[0]
        letters = _letters(page, "QUOKKA")
        (notch,) = [c for c in page.curves if not c.get("fill") and len(c["pts"]) > 2]  # the one cut that is an arc
    assert len(letters) == 2 * len("QUOKKA"), "the front's word and the back's (a back falls back to the front)"
    edge_x = (notch["pts"][0][0] + notch["pts"][-1][0]) / 2  # the arc's ends lie on the front's top edge
    for letter in letters:
        towards = 1.0 if edge_x > (letter["x0"] + letter["x1"]) / 2 else -1.0
        assert _top_faces(letter) == pytest.approx((towards, 0.0), abs=0.02), (letter["text"], letter["x0"] / MM, edge_x / MM)


def test_a_tuck_boxs_back_and_front_print_their_faces_at_one_height_in_their_row(project):
    """A tuck box's back, side, front and side stand in one row (docs/boxes-and-dice.md), each face filling its own panel:
    a word set at the middle of the front's face, which the back's falls back to, prints at one height on both, not
    higher on the taller-than-wide back."""
    (project / "templates/tiny/box-word.j2").write_text('{{ text("QUOKKA", 0, face.h / 2 - 4, face.w, 8, size=7, align="center") }}\n')
    (project / "data/tiny/boxes.yaml").write_text("boxes:\n  - {id: heroes, style: tuck, decks: [heroes], front: tiny/box-word.j2}\n")
    result = run_pnp(project, "build", "tiny", "--only", "boxes", "--no-validate")
    assert result.exit_code == 0, result.output + result.stderr
    with pdfplumber.open(project / "output/tiny/tiny-boxes.pdf") as pdf:
        letters = sorted(_letters(pdf.pages[0], "QUOKKA"), key=lambda c: c["x0"])
    assert len(letters) == 2 * len("QUOKKA"), "the back's word and the front's"
    back, front = letters[:6], letters[6:]
    assert back[0]["top"] / MM == pytest.approx(front[0]["top"] / MM, abs=0.1), (back[0]["top"] / MM, front[0]["top"] / MM)


def _tuck_letters(project, side: str = "", top: str = "") -> tuple[list[dict], list[dict]]:
    """The tiny game's heroes in a tuck box whose back prints WILD at its top and whose side or lid template is `side` or
    `top` (QUOKKA; plain white faces elsewhere): the letters of WILD and of QUOKKA on its sheet, as pdfplumber reads them."""
    plain = '{{ rect(0, 0, face.w, face.h, fill="#ffffff") }}'
    templates = {"plain": plain, "back": '{{ text("WILD", 2, 1, face.w - 4, 8, size=7) }}', "side": side or plain, "top": top or plain}
    for name, text in templates.items():
        (project / f"templates/tiny/box-{name}.j2").write_text(text + "\n")
    return _box_letters(project, "style: tuck, decks: [heroes], front: tiny/box-plain.j2, back: tiny/box-back.j2, "
                                 "side: tiny/box-side.j2, top: tiny/box-top.j2")


def _box_letters(project, box: str) -> tuple[list[dict], list[dict]]:
    """The letters of WILD and of QUOKKA on the first page of the box sheet of boxes.yaml's one box `{id: heroes, <box>}`."""
    (project / "data/tiny/boxes.yaml").write_text(f"boxes:\n  - {{id: heroes, {box}}}\n")
    result = run_pnp(project, "build", "tiny", "--only", "boxes", "--no-validate")
    assert result.exit_code == 0, result.output + result.stderr
    with pdfplumber.open(project / "output/tiny/tiny-boxes.pdf") as pdf:
        page = pdf.pages[0]
        return _letters(page, "WILD"), _letters(page, "QUOKKA")


def test_a_tuck_boxs_lid_reads_from_the_front_its_tops_toward_the_back_it_folds_from(project):
    """docs/boxes-and-dice.md: the back has its top at the lid, and the lid's top reads from the front. The lid folds from
    the back's top edge over to the front, so a reader facing the front sees its words' tops towards the back: on the
    flat net, the lid's letters stand the other way round from the back's, their tops towards the back's panel."""
    back, lid = _tuck_letters(project, top='{{ text("QUOKKA", 2, 1, face.w - 4, 8, size=7) }}')
    assert len(back) == len("WILD") and len(lid) == len("QUOKKA"), (back, lid)
    up = _top_faces(back[0])  # the back's top: towards the lid
    assert all(_top_faces(c) == pytest.approx(up, abs=0.02) for c in back)
    assert all(_top_faces(c) == pytest.approx((-up[0], -up[1]), abs=0.02) for c in lid), [_top_faces(c) for c in lid]
    middle = lambda cs: (sum(c["x0"] + c["x1"] for c in cs) / (2 * len(cs)), sum(c["top"] + c["bottom"] for c in cs) / (2 * len(cs)))  # noqa: E731
    (bx, by), (lx, ly) = middle(back), middle(lid)
    assert (lx - bx) * up[0] + (ly - by) * up[1] > 0, "the lid lies beyond the back's top"


def _row(tuck) -> tuple[list[float], float, float]:
    """The tuck box's row (back, side, front, side, glue tab) in mm: the x of its four upright folds, left to right, and
    the y of its top and bottom edges (where those folds end)."""
    uprights = [_mm(ln) for ln in _folds(tuck, 0.2) if abs(ln["x0"] - ln["x1"]) < 0.01 and (ln["bottom"] - ln["top"]) / MM > 50]
    assert len(uprights) == 4, uprights
    return sorted(box[0] for box in uprights), min(box[1] for box in uprights), max(box[3] for box in uprights)


def test_each_line_of_folds_has_a_score_mark_past_both_its_ends(tuck):
    """docs/boxes-and-dice.md: every fold has score marks where its line leaves the net, to lay a ruler on: a line of folds
    leaves the net at both ends, so it has a short solid mark (2 mm) past each, at least 1 mm out: one alone leaves the
    ruler nothing to line up with."""
    cuts = [_mm(ln) for ln in tuck["lines"] if not (ln.get("dash") and ln["dash"][0])]
    marks = [box for box in cuts if 1.5 < max(box[2] - box[0], box[3] - box[1]) < 2.5]
    lines: dict = {}
    for box in map(_mm, _folds(tuck, 0.2)):  # a lid's fold and its dust flaps' meet end to end on one line
        upright = abs(box[0] - box[2]) < 0.01
        key = ("x", round(box[0], 1)) if upright else ("y", round(box[1], 1))
        lo, hi = (box[1], box[3]) if upright else (box[0], box[2])
        a, b = lines.get(key, (lo, hi))
        lines[key] = (min(a, lo), max(b, hi))
    assert len(lines) >= 8, lines  # four uprights, the row's top and bottom, the two tucks' folds
    for (axis, v), (lo, hi) in lines.items():
        along = [(m[1], m[3]) if axis == "x" else (m[0], m[2]) for m in marks
                 if (abs(m[0] - v) < 0.1 and abs(m[2] - v) < 0.1 if axis == "x" else abs(m[1] - v) < 0.1 and abs(m[3] - v) < 0.1)]
        assert any(end <= lo - 1 + 0.02 for _, end in along), f"the fold line {axis} = {v:.2f} mm has no mark before its start at {lo:.2f}"
        assert any(start >= hi + 1 - 0.02 for start, _ in along), f"the fold line {axis} = {v:.2f} mm has no mark past its end at {hi:.2f}"


def test_a_tuck_boxs_lid_folds_from_the_backs_top_and_its_bottom_lid_from_the_fronts_bottom(tuck):
    """docs/boxes-and-dice.md: a reverse tuck end: the lid sits on the back's top and the bottom lid on the front's bottom, so
    the two tucks close opposite ways. The row's top edge folds widest over the back (left of the first upright fold),
    its bottom edge widest under the front (between the second and third)."""
    xs, top, bottom = _row(tuck)
    flat = [_mm(ln) for ln in _folds(tuck, 0.2) if abs(ln["top"] - ln["bottom"]) < 0.01]
    lid = max((box for box in flat if abs(box[1] - top) < 0.05), key=lambda box: box[2] - box[0])
    lid_bottom = max((box for box in flat if abs(box[1] - bottom) < 0.05), key=lambda box: box[2] - box[0])
    assert lid[2] == pytest.approx(xs[0], abs=0.05) and lid[2] - lid[0] == pytest.approx(xs[2] - xs[1], abs=0.05), lid
    assert (lid_bottom[0], lid_bottom[2]) == pytest.approx((xs[1], xs[2]), abs=0.05), (lid_bottom, xs)


def test_each_dust_flap_has_its_outer_corner_cut_away(tuck):
    """docs/boxes-and-dice.md: dust flaps at both ends of each side; each slips in under a lid, so its far edge is cut
    shorter than the fold it hangs from, one corner taken off: four far edges, each at least 1 mm shorter than its side
    panel is wide."""
    xs, top, bottom = _row(tuck)
    edges = [box for box in map(_mm, tuck["lines"]) if abs(box[1] - box[3]) < 0.01 and box[2] - box[0] > 2.5
             and (box[3] < top - 1 or box[1] > bottom + 1)]
    for lo, hi in ((xs[0], xs[1]), (xs[2], xs[3])):
        far = [box for box in edges if lo - 0.05 <= box[0] and box[2] <= hi + 0.05]
        assert len(far) == 2, (lo, hi, far)  # above the row and below it
        for box in far:
            assert box[2] - box[0] <= hi - lo - 1, f"a dust flap's far edge {box[2] - box[0]:.2f} mm long on a side {hi - lo:.2f} mm wide"


def test_the_notch_in_the_fronts_top_is_bare_paper_its_face_clipped_to_its_panel(tuck):
    """docs/boxes-and-dice.md: a half-round thumb notch is cut in the front's top edge, and each face is printed on its own
    panel: the tiny game's front (a dark panel 3 mm in from its edges) prints below the notch, and none of it inside the
    notch, which is cut away: a face printed there would show in the gap on the closed box. Read at 150 dpi."""
    (notch,) = [c for c in tuck["curves"] if not c.get("fill") and len(c["pts"]) > 2]  # the one cut that is an arc
    cx, top = (notch["x0"] + notch["x1"]) / 2 / MM, notch["top"] / MM
    radius = (notch["x1"] - notch["x0"]) / 2 / MM
    inside = Region.around(tuck["pdf"], 0, 150, (cx - 2, top + radius / 2 - 1, cx + 2, top + radius / 2 + 1)).pixels
    below = Region.around(tuck["pdf"], 0, 150, (cx - 2, top + radius + 4, cx + 2, top + radius + 6)).pixels
    assert below.max() < 100, "the front's dark panel prints below the notch"
    assert inside.min() > 250, f"the notch is not bare paper: grey {inside.min()}"


def test_a_two_piece_box_s_lid_prints_its_front_on_its_top_and_its_side_on_its_four_walls(project):
    """docs/boxes-and-dice.md: "The lid's top takes the front face and its walls take the side face"; the tray is plain.
    A two-piece box given a front and a side (no top): the front's word once, the side's four times."""
    assert faces_printed(project, "two-piece") == {"FRONTFACE": 1, "SIDEFACE": 4}


BIG, SMALL, LEAST = "#3366cc", "#cc6633", "#33aa66"  # three dice in colours nothing else on the sheet prints


def _die(id_: str, name: str, size: float, count: int, color: str) -> str:
    faces = ", ".join(f"{{n: {n}}}" for n in range(1, 7))
    return f'  - {{id: {id_}, name: "{name}", shape: d6, size: {size}, count: {count}, color: "{color}", face: tiny/die.j2, faces: [{faces}]}}\n'


def _dice_sheet(project, dice: str) -> list:
    """The tiny game's dice PDF built from `dice` (dice.yaml's entries), as pdfplumber's pages (read whole, then closed)."""
    (project / "templates/tiny/die.j2").write_text('{{ text(die_face.n|string, 1, 1, face.w - 2, face.h - 2, size=6) }}\n')
    (project / "data/tiny/dice.yaml").write_text("dice:\n" + dice)
    result = run_pnp(project, "build", "tiny", "--only", "dice", "--no-validate")
    assert result.exit_code == 0, result.output + result.stderr
    with pdfplumber.open(project / "output/tiny/tiny-dice.pdf") as pdf:
        return [{"text": page.extract_text(), "words": page.extract_words(), "height": page.height,
                 "fills": [(c["non_stroking_color"], c["x0"] / MM, c["top"] / MM, c["x1"] / MM, c["bottom"] / MM)
                           for c in page.curves + page.rects if c.get("fill")]} for page in pdf.pages]


@pytest.fixture(scope="module")
def three_dice(tmp_path_factory):
    """A sheet of three dice with long names: a 30 mm d6, then six and three 10 mm ones, set in rows on one Letter page."""
    root = tmp_path_factory.mktemp("dice") / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    return _dice_sheet(root, _die("big", "The Great Crimson Die of the Northern Marches", 30, 1, BIG)
                       + _die("small", "The Lesser Amber Die of the Southern Fens", 10, 6, SMALL)
                       + _die("least", "The Least Green Die of the Eastern Hills", 10, 3, LEAST))


def _of(fills, colour: str) -> list[tuple[float, float, float, float]]:
    rgb = tuple(int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return [box for c, *box in fills if len(c) == 3 and all(abs(a - b) < 0.01 for a, b in zip(c, rgb, strict=True))]


def test_a_footer_too_long_for_every_die_s_name_names_the_first_and_counts_the_two_others(three_dice):
    """docs: a nets sheet's footer names every piece on it, or, when their names are too long for the line, the first
    and how many more. Three dice of long names on one sheet: the first named, "and 2 more"."""
    assert len(three_dice) == 1
    text = three_dice[0]["text"].replace("\n", " ")
    assert "and 2 more" in text and "The Great Crimson Die of the Northern Marches" in text, text


def test_a_second_row_of_small_dice_lies_6_mm_below_the_tall_die_of_the_first(three_dice):
    """docs/boxes-and-dice.md: pieces are set in rows, 6 mm apart. A 30 mm die's net is the first row's tallest piece;
    the small dice after it that do not fit beside it start a row below it: no small die's face lies within 6 mm of
    the large die's faces."""
    fills = three_dice[0]["fills"]
    big = _of(fills, BIG)
    assert len(big) == 6, "a cube has six faces"
    x0, y0 = min(b[0] for b in big), min(b[1] for b in big)
    x1, y1 = max(b[2] for b in big), max(b[3] for b in big)
    others = _of(fills, SMALL) + _of(fills, LEAST)
    assert len(others) == 6 * 9
    for a0, b0, a1, b1 in others:
        apart = max(a0 - x1, x0 - a1, b0 - y1, y0 - b1)
        assert apart >= 6 - 0.01, ((a0, b0, a1, b1), (x0, y0, x1, y1))


def test_a_full_sheet_of_dice_keeps_every_net_above_its_footer(project):
    """docs/boxes-and-dice.md: pieces are set inside the printable area "above the footer". Sixteen 14.1 mm d6 nets
    (4 rows of 4 would reach into the footer's line on a Letter page): every face of every page lies above the top of
    that page's footer words."""
    pages = _dice_sheet(project, _die("d", "Die", 14.1, 16, BIG))
    for page in pages:
        faces = _of(page["fills"], BIG)
        footer_top = min(w["top"] for w in page["words"] if w["top"] > page["height"] * 0.9) / MM
        assert faces and max(b[3] for b in faces) < footer_top, (max(b[3] for b in faces), footer_top)


def test_a_glue_tab_is_grey_up_to_its_cut_no_colour_of_the_piece_round_its_edge(tuck):
    """docs/boxes-and-dice.md: glue tabs are light grey (they end up inside, under a panel); the colour that runs 0.8 mm
    past each cut is a printed panel's, not a tab's. The tuck box's tab, read at 300 dpi half a millimetre inside its
    outer cut, midway along it: the tab's grey (0xe3), not the piece's colour laid round its edge."""
    (tab,) = [c for c in tuck["curves"] if c.get("fill") and all(abs(v - TAB_GREY) < 0.01 for v in c["non_stroking_color"])]
    far = tab["x1"] / MM  # the tab's outer edge, parallel to the fold it hangs from
    middle = (tab["top"] + tab["bottom"]) / 2 / MM
    inside = Region.around(tuck["pdf"], 0, 300, (far - 0.6, middle - 1, far - 0.4, middle + 1)).pixels
    assert abs(inside.mean() - 0xE3) < 4, f"grey {inside.mean():.0f} half a millimetre inside the tab's cut"


def _tops(letters: list[dict]) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """Each letter: (its middle in points, which way its top faces)."""
    return [(((c["x0"] + c["x1"]) / 2, (c["top"] + c["bottom"]) / 2), _top_faces(c)) for c in letters]


def test_both_sides_of_a_tuck_box_read_from_bottom_to_top(project):
    """docs/boxes-and-dice.md: the front and back have their tops at the lid, and the sides read from bottom to top. On the
    flat net the back's words stand with their tops towards the lid; both sides' words run the way the back's tops face,
    so each side's letters have their tops a quarter turn anticlockwise from it: the left side and the right alike."""
    back, sides = (_tops(letters) for letters in _tuck_letters(project, side='{{ text("QUOKKA", 1, 1, face.w - 2, face.h - 2, size=6, min_size=3) }}'))
    assert len(back) == len("WILD") and len(sides) == 2 * len("QUOKKA"), (back, sides)
    up = back[0][1]
    assert all(top == pytest.approx(up, abs=0.02) for _, top in back)
    reading = (up[1], -up[0])  # a letter's top, for a line read the way `up` points (x right, y down)
    left_x = min(at[0] for at, _ in sides)
    for side in ([s for s in sides if abs(s[0][0] - left_x) < 30], [s for s in sides if abs(s[0][0] - left_x) >= 30]):
        assert len(side) == len("QUOKKA")
        assert all(top == pytest.approx(reading, abs=0.02) for _, top in side), [top for _, top in side]


@pytest.fixture
def lid_sheet(project):
    """The tiny game's heroes (12 poker cards) in a two-piece box whose front prints WILD and whose side prints QUOKKA: the
    first page of its sheet, as pdfplumber reads it."""
    (project / "templates/tiny/box-front.j2").write_text('{{ text("WILD", 2, 2, face.w - 4, 8, size=7) }}\n')
    (project / "templates/tiny/box-side.j2").write_text('{{ text("QUOKKA", 1, 1, face.w - 2, face.h - 2, size=6, min_size=3) }}\n')
    top, walls = _box_letters(project, "style: two-piece, decks: [heroes], front: tiny/box-front.j2, side: tiny/box-side.j2")
    return {"top": _tops(top), "walls": _tops(walls)}


def test_each_wall_of_a_two_piece_lid_reads_upright_its_top_towards_the_lids_top(lid_sheet):
    """boxes.py's promise, each face reads upright on the closed box: a lid's walls hang from its top, so each wall's
    words stand with their tops towards the lid's top panel on the flat net, all four of them."""
    tops, walls = lid_sheet["top"], lid_sheet["walls"]
    assert len(tops) == len("WILD") and len(walls) == 4 * len("QUOKKA"), (tops, walls)
    cx = sum(at[0] for at, _ in tops) / len(tops)
    cy = sum(at[1] for at, _ in tops) / len(tops)
    for (x, y), (ux, uy) in walls:
        assert abs(ux) + abs(uy) == pytest.approx(1, abs=0.02), (ux, uy)  # along the wall or across it, not askew
        assert (cx - x) * ux + (cy - y) * uy > 0, f"a wall's letter at ({x / MM:.1f}, {y / MM:.1f}) mm has its top away from the lid's top"

