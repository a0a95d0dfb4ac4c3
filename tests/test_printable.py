"""Printable on a real printer: read from the PDFs of the five games, every cut line keeps a mark the printer
prints, and no mark, footer or scale bar lies where it cannot print (issue 19).

The games are built on each paper, with and without bleed, for each printer (the default profile's 1/6 in margin,
and a 6.35 mm one): three builds, a case per code path (CASES). Every page laid out unlike an earlier one is read with
pdfium, as pdfplumber reports its objects (tests/pdfium_pages.py), and pypdf (tests/printable.py), not taken from the
planner.
"""
from __future__ import annotations

import functools
import re
from pathlib import Path

import numpy as np
import printable as P
import pytest
from conftest import MM, ROOT, render_page

from pnp.core.units import DEFAULT_PRINTABLE_MM

GAMES = sorted(p.name for p in (ROOT / "data").iterdir() if (p / "game.yaml").is_file())
PRINTERS = {"laser-1/6in": DEFAULT_PRINTABLE_MM, "quarter-inch": 6.35}
# (tolerance inside the margin, least mark that prints): no profile keeps to its 5 mm and 1.5 mm marks, a saved profile
# to its margin and 0.5 mm more, and 2 mm marks (tests/printable.py)
RULES = {"laser-1/6in": (P.DEFAULT_TOLERANCE_MM, P.DEFAULT_MIN_MARK_MM), "quarter-inch": (P.TOLERANCE_MM, P.MIN_MARK_MM)}
KINDS = ("cards", "tokens", "reference", "boards")


@pytest.fixture
def builds(shipped_builds):
    """`get(paper, bleed, printer)`: the shipped games' sheets so built (conftest.shipped_builds, shared with other files)."""
    return lambda paper, bleed, printer: shipped_builds(paper, bleed, PRINTERS[printer])


# A case per code path, not every combination: each paper, bleed and printer margin appears in three builds rather
# than eight. The plain builds on Letter and A4 are the ones every other file reads (conftest.shared_build: the
# paper's path, built and read once per run); the third takes the bleed path and the 6.35 mm printer's, on Letter,
# the paper whose margins leave the least room for marks. The other combinations were checked by hand with
# tests/printable.py, all clean.
CASES = [("letter", False, "laser-1/6in"), ("a4", False, "laser-1/6in"), ("letter", True, "quarter-inch")]


@functools.cache
def _views(pdf: Path, reader) -> list:
    """Each PDF read once for every test of this module and kept in memory (the reading itself is shared with every
    file and worker of the run: conftest.pdfium_reader, pdfplumber's objects read through pdfium)."""
    return P.read(pdf, alike_once=True, reader=reader)


def _pdfs(out: Path) -> list[Path]:
    return sorted(p for p in out.glob("*/*.pdf") if _kind(p))


def _kind(pdf: Path) -> str | None:
    """cards, tokens, reference or boards, whatever variant tags the file name carries (-a4, -bleed)."""
    return next((k for k in KINDS if re.search(rf"-{k}(-[a-z0-9.+-]+)?\.pdf$", pdf.name)), None)


@pytest.mark.parametrize("paper, bleed, printer", CASES, ids=[f"{p}-{'bleed' if b else 'plain'}-{m}" for p, b, m in CASES])
def test_every_cut_line_has_a_mark_that_prints_and_no_furniture_lies_outside_the_printable_area(builds, pdfium_reader, paper, bleed, printer):
    margin = PRINTERS[printer]
    tolerance, least = RULES[printer]
    out = builds(paper, bleed, printer)
    pdfs = _pdfs(out)
    assert {f"{_kind(p)}.pdf" for p in pdfs} == {f"{k}.pdf" for k in KINDS}
    problems = []
    for pdf in pdfs:
        for n, view in enumerate(_views(pdf, pdfium_reader)):
            where = f"{pdf.name} page {n + 1}"
            area = P.printable_box(view, margin + tolerance)
            reference_sheet = "reference" in pdf.name and any(f.trim.x1 - f.trim.x0 > 150 * MM for f in view.faces)
            if not reference_sheet:
                for cut in P.cut_lines(view):
                    printed = P.mark_on(view, cut, margin, tolerance)
                    if printed < least:
                        problems.append(f"{where}: cut line {cut[0]} = {cut[1] / MM:.2f} mm has {printed:.2f} mm of mark that prints")
            for kind, box in P.furniture(view):
                past = P.outside(box, area)
                if past > 0.01:
                    problems.append(f"{where}: {kind} at {box.x0 / MM:.1f}, {box.y0 / MM:.1f} mm reaches {past:.2f} mm past the printable limit")
            for face in view.faces:
                if P.outside(face.bleed, area) > 0.01:
                    problems.append(f"{where}: art at {face.bleed.x0 / MM:.1f}, {face.bleed.y0 / MM:.1f} mm reaches past the printable limit")
    assert not problems, "\n".join(problems[:20]) + f"\n({len(problems)} problems)"


SAFE_MM = 3.0  # the print shops' safe zone: no word within 3 mm (1/8 in) inside a trim
POSITION_MM = 0.06  # positions are written to 0.01 pt, and glyph ink is modelled (printable.CAP, DESCENDER)


def _words_in_the_safe_area(pdfs: list[Path], reader) -> list[str]:
    """Every character whose ink lies less than 3 mm inside its face's cut lines, read from the PDFs (each face's
    characters, and how deep they lie, worked out for all of a page's characters at once)."""
    problems = []
    for pdf in pdfs:
        for n, view in enumerate(_views(pdf, reader)):
            glyphs = [(text, ink) for text, ink in view.glyphs if text.strip()]
            if not glyphs:
                continue
            inks = np.array([(ink.x0, ink.y0, ink.x1, ink.y1) for _, ink in glyphs])
            cx, cy = (inks[:, 0] + inks[:, 2]) / 2, (inks[:, 1] + inks[:, 3]) / 2
            for face in view.faces:
                if face.trim.x1 - face.trim.x0 > 150 * MM and "reference" in pdf.name:
                    continue
                b = face.bleed  # a character on the face: its ink's centre strictly inside the face's art (Box.inside)
                on = np.flatnonzero((b.x0 + P.EPS < cx) & (cx < b.x1 - P.EPS) & (b.y0 + P.EPS < cy) & (cy < b.y1 - P.EPS))
                for i, depth in zip(on.tolist(), _depths_inside(face, inks[on]).tolist(), strict=True):
                    if depth < SAFE_MM - POSITION_MM:
                        text, ink = glyphs[i]
                        problems.append(f"{pdf.name} page {n + 1}: '{text}' at {ink.x0 / MM:.1f}, {ink.y0 / MM:.1f} mm lies {depth:.2f} mm inside its cut")
    return problems


def _depths_inside(face, inks: np.ndarray) -> np.ndarray:
    """printable.depth_inside of each box (rows of x0, y0, x1, y1) at once: how far (mm) it lies inside the face's cut lines."""
    out = np.full(len(inks), np.inf)
    for axis, v, _, _ in face.cuts:
        if axis == "x":
            out = np.minimum(out, inks[:, 0] - v if abs(v - face.trim.x0) < P.EPS else v - inks[:, 2])
        else:
            out = np.minimum(out, inks[:, 1] - v if abs(v - face.trim.y0) < P.EPS else v - inks[:, 3])
    return out / MM


@pytest.mark.parametrize("paper, bleed, printer", CASES, ids=[f"{p}-{'bleed' if b else 'plain'}-{m}" for p, b, m in CASES])
def test_no_word_lies_within_3_mm_of_a_cut(builds, pdfium_reader, paper, bleed, printer):
    """Every character's ink on every card, token and board of the five games, read from the PDF, lies at least
    3 mm inside its face's cut lines (a round token's cut is tested as its square, the weaker test)."""
    problems = _words_in_the_safe_area([p for p in _pdfs(builds(paper, bleed, printer)) if _kind(p) != "reference"], pdfium_reader)
    assert not problems, "\n".join(problems[:20]) + f"\n({len(problems)} characters)"


def test_no_word_on_a_reference_card_or_player_aid_lies_within_3_mm_of_its_cut(builds, pdfium_reader):
    """As above, for the reference PDFs' cards and player aids (the one-page sheet is a page, not a piece, and is left out)."""
    pdfs = [p for p in _pdfs(builds("letter", False, "laser-1/6in")) if _kind(p) == "reference"]
    problems = _words_in_the_safe_area(pdfs, pdfium_reader)
    assert not problems, "\n".join(problems[:20]) + f"\n({len(problems)} characters)"


@pytest.mark.parametrize("printer", PRINTERS)
def test_every_footer_keeps_its_instructions_whole(builds, pdfium_reader, printer):
    """A long footer gives way in its label, never in 'print at 100%' or the flip edge."""
    out = builds("letter", False, printer) if printer == "laser-1/6in" else builds("letter", True, printer)
    for pdf in _pdfs(out):
        for n, view in enumerate(_views(pdf, pdfium_reader)):
            on_faces = P.meeting([box for _, box in view.chars], [f.bleed for f in view.faces])
            text = "".join(ch for (ch, _), on in zip(view.chars, on_faces, strict=True) if not on)
            assert "100%" in text, (pdf.name, n, text[-160:])
            if "backs ·" in text:
                assert "flip on the long edge" in text, (pdf.name, n, text[-160:])


def test_a_sheet_footer_names_only_the_sets_whose_pieces_are_on_it():
    """Token sets of one size share a grid (Narco Empire's crops and workers); each page's footer names the sets printed on it."""
    from pnp.layout.elements import Face
    from pnp.render.sheet_plan import Group, Piece, paginate

    face = Face(20, 20, 0, (), frozenset())
    pieces = [Piece(face, None, f"crop/{i}", "Crops") for i in range(150)] + [Piece(face, None, f"worker/{i}", "Workers") for i in range(30)]
    pages = paginate([Group("crops", "Crops, Workers", (20, 20), pieces)], "Narco Empire", "letter", 2, 1)
    assert len(pages) >= 2
    for page in pages:
        on_page = {p.part for run in page.bands for p in run.pieces}
        label = page.label[0] if isinstance(page.label, tuple) else page.label
        named = set(label.split(" · ")[1].split(", "))
        assert named == on_page, (page.label, on_page)
    assert (pages[0].label[0] if isinstance(pages[0].label, tuple) else pages[0].label).split(" · ")[1] == "Crops"


def _footer(view) -> list:
    """The boxes of the characters a page prints on none of its pieces' drawing: its footer and the scale bar's label."""
    on_faces = P.meeting([box for _, box in view.chars], [f.drawn for f in view.faces])
    return [box for (ch, box), on in zip(view.chars, on_faces, strict=True) if ch.strip() and not on]


def test_a_printer_that_cannot_print_the_outer_margin_still_prints_every_mark_scale_bar_and_footer(builds, pdfium_reader):
    """The raster test: white out what a 6.35 mm printer cannot print; every mark, the whole scale bar and the
    whole footer are still there, because none of them was drawn there."""
    margin = PRINTERS["quarter-inch"]
    out = builds("letter", True, "quarter-inch")
    pdf = next((out / "germ-tycoon").glob("germ-tycoon-cards-bleed*.pdf"))  # the --bleed variant (the margin tags it too)
    dpi = 200
    px = dpi / 25.4
    page = np.asarray(render_page(pdf, 0, dpi).convert("L"), dtype=np.int16)
    edge = round(margin * px)
    masked = page.copy()
    masked[:edge], masked[-edge:], masked[:, :edge], masked[:, -edge:] = 255, 255, 255, 255
    # nothing was there to lose
    assert np.array_equal(masked, page), "ink within the printer's margin"
    view = _views(pdf, pdfium_reader)[0]  # page 1, as the tests above read it
    h = page.shape[0]
    # every mark segment and every footer character (the scale bar's label and ticks with them) shows dark on the masked page
    for x0, y0, x1, y1, _width in view.lines:
        if any(f.trim.inside((x0 + x1) / 2, (y0 + y1) / 2) for f in view.faces):
            continue
        cx, cy = int((x0 + x1) / 2 / 72 * dpi), int(h - (y0 + y1) / 2 / 72 * dpi)
        assert masked[cy - 2 : cy + 3, cx - 2 : cx + 3].min() < 128, ("mark or scale bar missing", x0 / MM, y0 / MM)
    footer = _footer(view)
    assert len(footer) > 40  # the footer line and the scale bar's label
    for box in footer:
        left, r = int(box.x0 / 72 * dpi), int(box.x1 / 72 * dpi) + 1
        t, b = int(h - box.y1 / 72 * dpi), int(h - box.y0 / 72 * dpi) + 1
        assert masked[t:b, left:r].min() < 200 or r - left < 3, ("footer character missing", box.x0 / MM, box.y0 / MM)
    # and the check can fail: with the old 2 mm from the edge, a mark would have been masked away
    assert (page[: int(2 * px)] < 128).sum() == 0


FIVE_MM_PRINTER = 5.0  # issue 62: a printer that prints to 5 mm of every edge, as many do


def _raster_mark_mm(page: np.ndarray, view, cut, dpi: int) -> float:
    """How much of `cut`'s marks (mm) is dark on the rasterised `page`, outside every piece's trim: read along the cut
    line's column (or row) of pixels, a pixel either side taken too (a hairline is lighter than a pixel)."""
    axis, v, _, _ = cut
    h, w = page.shape
    px = dpi / 72
    if axis == "x":
        col = round(v * px)
        line = page[:, max(col - 1, 0): col + 2].min(axis=1)
        xs, ys = np.full(h, float(v)), (h - 0.5 - np.arange(h)) / px  # each pixel's centre along the line, in points
    else:
        row = round(h - v * px)
        line = page[max(row - 1, 0): row + 2, :].min(axis=0)
        xs, ys = (np.arange(w) + 0.5) / px, np.full(w, float(v))
    inside = np.zeros(len(xs), dtype=bool)
    for f in view.faces:
        t = f.trim
        inside |= (t.x0 - 1 < xs) & (xs < t.x1 + 1) & (t.y0 - 1 < ys) & (ys < t.y1 + 1)  # a point off the trim by a point is still the art's edge
    return float(((line < 200) & ~inside).sum()) / dpi * 25.4


def _grey_pages(pdf: Path, indices: list[int], dpi: int):
    """(index, pixels) of pages `indices` (from 0) of `pdf`, as conftest.render_page draws them, in grey (0 to 255, as
    int16): the document opened once, so its fonts are loaded once rather than for every page."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(pdf))
    try:
        for index in indices:
            page = doc[index]
            yield index, np.asarray(page.render(scale=dpi / 72).to_pil().convert("L"), dtype=np.int16)
            page.close()
    finally:
        doc.close()


def test_the_default_letter_sheets_hold_on_a_printer_that_prints_to_5_mm(shared_build, pdfium_reader):
    """The raster test of issue 62: with no printer profile, white out the outer 5 mm of every page of the five games'
    Letter card sheets, player aids and token sheets (each page laid out unlike an earlier one: what such a printer
    cannot print): nothing was there, every cut line still shows at least 1.5 mm of mark (to a pixel, 0.13 mm: the
    3 × 3 poker grid's vertical cut lines have 1.6 mm below it), and the footer and scale bar are whole. (Under a 1/6 in
    default the 3 × 3 poker grid sat 4.83 mm from the top: the top cut line's marks fell in the unprinted band.)"""
    out = shared_build()
    dpi = 200
    edge = round(FIVE_MM_PRINTER * dpi / 25.4)
    checked = 0
    for pdf in sorted(p for p in out.glob("*/*.pdf") if _kind(p) in ("cards", "reference", "tokens")):
        numbers = P.unlike(pdfium_reader.once(pdf, "laid-out", P.laid_out))  # each page laid out unlike an earlier one: _views' pages
        # not a backs page (cut along its fronts' lines) nor the reference sheet (a page, not cut)
        sheets = {number - 1: view for number, view in zip(numbers, _views(pdf, pdfium_reader), strict=True)
               if P.cut_lines(view) and not any(f.trim.x1 - f.trim.x0 > 150 * MM for f in view.faces)}
        for index, page in _grey_pages(pdf, list(sheets), dpi):
            view = sheets[index]
            masked = page.copy()
            masked[:edge], masked[-edge:], masked[:, :edge], masked[:, -edge:] = 255, 255, 255, 255
            assert np.array_equal(masked, page), f"{pdf.name} page {index + 1}: ink within 5 mm of the edge"
            for cut in P.cut_lines(view):
                mark = _raster_mark_mm(masked, view, cut, dpi)
                assert mark >= P.DEFAULT_MIN_MARK_MM - 25.4 / dpi, f"{pdf.name} page {index + 1}: cut line {cut[0]} = {cut[1] / MM:.1f} mm shows {mark:.2f} mm of mark"
            h = page.shape[0]
            footer = _footer(view)
            assert footer, f"{pdf.name} page {index + 1}: no footer"
            for box in footer:
                left, right = int(box.x0 / 72 * dpi), int(box.x1 / 72 * dpi) + 1
                top, bottom = int(h - box.y1 / 72 * dpi), int(h - box.y0 / 72 * dpi) + 1
                assert masked[top:bottom, left:right].min() < 200 or right - left < 3, f"{pdf.name} page {index + 1}: footer character lost"
            checked += 1
    assert checked >= 12, checked


def test_a_saved_margin_reaches_the_build(project):
    import yaml
    from conftest import run_pnp

    result = run_pnp(project, "calibrate", "--save", "wide", "--offset", "0,0", "--margin", "6.35")
    assert result.exit_code == 0, result.output
    assert yaml.safe_load((project / "pnp.yaml").read_text())["printers"]["wide"]["margin"] == 6.35
    assert run_pnp(project, "build", "tiny", "--printer", "wide", "--only", "cards", "--out", str(project / "wide")).exit_code == 0
    assert run_pnp(project, "build", "tiny", "--only", "cards", "--out", str(project / "default")).exit_code == 0
    for folder, margin, (tolerance, least) in (("wide", 6.35, RULES["quarter-inch"]), ("default", DEFAULT_PRINTABLE_MM, RULES["laser-1/6in"])):
        for view in P.read(next((project / folder / "tiny").glob("tiny-cards*.pdf"))):
            area = P.printable_box(view, margin + tolerance)
            assert all(P.outside(box, area) < 0.01 for _, box in P.furniture(view))
            assert all(P.mark_on(view, cut, margin, tolerance) >= least for cut in P.cut_lines(view))
    # 3 × 3 poker on Letter with no profile (issue 75 item 3); 4 × 2 on the saved 6.35 mm one: three rows leave no room
    # for 2 mm marks that print
    default, wide = (len(P.read(next((project / f / "tiny").glob("tiny-cards*.pdf")))[0].faces) for f in ("default", "wide"))
    assert (default, wide) == (9, 8)


def test_the_build_says_which_layout_a_narrow_printer_margin_chose(project):
    """Item 6: 3 × 3 poker on Letter keeps every vertical cut line printable by moving the grid up on a laser's 1/6 in
    margin; with no profile (5 mm) it prints 3 × 3 as the field does (issue 75 item 3), the usual layout, with no note.
    A grid the margin did cut short is named, at the deck's size, with how to measure the printer: mini cards on Letter
    print 4 × 4 where the paper alone holds 6 × 3. Once a profile is saved the designer knows their margin."""
    from conftest import run_pnp

    heroes = project / "data/tiny/decks/heroes.yaml"
    poker = heroes.read_text()
    heroes.write_text(poker.replace("size: poker\n", "size: 44.45 x 63.5\n", 1))
    result = run_pnp(project, "build", "tiny", "--only", "cards", "--out", str(project / "mini"))
    (mini,) = [line for line in result.stderr.splitlines() if ": note: " in line and "44.45 × 63.5 mm cards" in line]
    assert mini.startswith("data/tiny/decks/heroes.yaml:") and "5.00 mm printer margin: 4 × 4, 16 a sheet, instead of 6 × 3 landscape (18)" in mini
    assert "(tiny)" in mini and "pnp calibrate --save NAME --margin MM" in mini
    heroes.write_text(poker)
    notes = {}
    for name, args in (("default", ()), ("a4", ("--paper", "a4")), ("laser", ("--printer", "laser")), ("wide", ("--printer", "wide"))):
        if name == "laser":
            assert run_pnp(project, "calibrate", "--save", "wide", "--margin", "6.35").exit_code == 0
            assert run_pnp(project, "calibrate", "--save", "laser", "--margin", "4.2333").exit_code == 0
        result = run_pnp(project, "build", "tiny", "--only", "cards", "--out", str(project / name), *args)
        assert result.exit_code == 0, result.output
        notes[name] = [line for line in result.stderr.splitlines() if ": note: " in line and "63.5 × 88.9 mm cards" in line]
    assert notes["default"] == [] and notes["a4"] == [] and notes["laser"] == [] and notes["wide"] == []
    # and the page holds what the note says: the grid's top 0.1 mm inside the limit, marks below it on every vertical cut
    view = P.read(next((project / "laser" / "tiny").glob("tiny-cards*.pdf")))[0]
    trims = [f.trim for f in view.faces]
    top = max(t.y1 for t in trims)
    assert abs(view.height - top - (4.2333 + P.TOLERANCE_MM + 0.1) * MM) < 0.05 * MM
    below = min(t.y0 for t in trims)
    marked = {round(ln[0], 1) for ln in view.lines if abs(ln[0] - ln[2]) < P.EPS and max(ln[1], ln[3]) < below}
    assert marked >= {round(x, 1) for t in trims for x in (t.x0, t.x1)}


def test_the_sheet_layout_note_names_every_deck_of_its_card_size(project):
    """Mini cards on Letter print 4 × 4 where the paper alone holds 6 × 3: one note for the size, at the first deck's
    size line, naming each deck of that size, the heroes and the villains alike, as `pnp mcp`'s build answers an
    assistant (pnp.cli.assistant.build_game: the findings as `--format json` gives them)."""
    from pnp.cli.assistant import build_game

    heroes = project / "data/tiny/decks/heroes.yaml"
    heroes.write_text(heroes.read_text(encoding="utf-8").replace("size: poker\n", "size: 44.45 x 63.5\n", 1), encoding="utf-8")
    (project / "data/tiny/decks/villains.yaml").write_text(
        "name: Villains\nsize: 44.45 x 63.5\nfront: tiny/hero.j2\nback: tiny/back.j2\n"
        "defaults: {side: red, stars: 1, number: 9, text: \"Boo.\"}\ncards:\n  - {id: boss, name: Boss, count: 2}\n", encoding="utf-8")
    answer = build_game(project, "tiny")
    (note,) = [f for f in answer["findings"] if f["code"] == "sheet-layout"]
    assert (note["file"], note["line"], note["component"]) == ("data/tiny/decks/heroes.yaml", 2, "Heroes, Villains"), note
    assert note["message"].startswith("44.45 × 63.5 mm cards on Letter with a 5.00 mm printer margin: 4 × 4, 16 a sheet"), note


@pytest.mark.parametrize(("size", "edge", "holds"), [("40 x 53", "top", "below"), ("40 x 40", "bottom", "above")])
def test_the_sheet_layout_note_names_the_edge_the_grid_is_moved_against(project, size, edge, holds):
    """With the default 5 mm margin, centring 40 × 53 mm cards on Letter leaves neither margin room for a mark, so the
    grid is moved up; 40 × 40 mm cards, down. The note names the edge the page shows the grid against: on the first
    sheet, full of the deck's cards, the grid's gap to that edge of the paper, read from the PDF, is the smaller."""
    from conftest import run_pnp

    heroes = project / "data/tiny/decks/heroes.yaml"
    text = heroes.read_text(encoding="utf-8").replace("size: poker\n", f"size: {size}\n", 1)
    heroes.write_text(text.replace('gain :star:.", count: 2}', 'gain :star:.", count: 40}', 1), encoding="utf-8")
    game = project / "data/tiny/game.yaml"  # the rules' count of the deck, 38 knights more
    game.write_text(game.read_text(encoding="utf-8").replace("count: 12\n", "count: 50\n", 1).replace("red: 6,", "red: 44,", 1), encoding="utf-8")
    result = run_pnp(project, "build", "tiny", "--only", "cards")
    assert result.exit_code == 0, result.output
    (note,) = [line for line in result.stderr.splitlines() if ": note: " in line and "mm cards on Letter" in line]
    assert f"the grid sits against the {edge} of the printable area, so the margin {holds} it holds the vertical cut lines' crop marks" in note
    view = P.read(next((project / "output/tiny").glob("tiny-cards*.pdf")))[0]
    above = view.height - max(f.trim.y1 for f in view.faces)
    below = min(f.trim.y0 for f in view.faces)
    assert (above < below) == (edge == "top"), (above / MM, below / MM)


def test_a_deck_sharing_its_sheet_in_a_band_is_not_said_to_sit_against_an_edge(project):
    """Twelve 40 × 40 mm heroes print in a band of one sheet beside the token sets, where the band puts them, not on
    their size's own grid moved against the bottom: the build says nothing of where a grid sits that no page prints."""
    from conftest import run_pnp

    heroes = project / "data/tiny/decks/heroes.yaml"
    heroes.write_text(heroes.read_text(encoding="utf-8").replace("size: poker\n", "size: 40 x 40\n", 1), encoding="utf-8")
    result = run_pnp(project, "build", "tiny", "--only", "cards")
    assert result.exit_code == 0, result.output
    assert "sheet 1 holds Heroes ×12, Coins ×12" in result.output, result.output
    assert "the grid sits against" not in result.stderr, result.stderr


def test_a_card_size_is_said_against_its_edge_where_one_of_its_decks_prints_its_grid(project):
    """Forty-odd 40 × 40 mm heroes fill a sheet on their size's own grid, moved against the bottom; two villains of the
    same size print in a band beside the tokens. The size's one note still says where its grid sits, as the heroes'
    first sheet shows it (the gap below the grid, read from the PDF, the smaller): a deck in a band takes nothing from
    what its size's other deck prints."""
    from conftest import run_pnp

    heroes = project / "data/tiny/decks/heroes.yaml"
    text = heroes.read_text(encoding="utf-8").replace("size: poker\n", "size: 40 x 40\n", 1)
    heroes.write_text(text.replace('gain :star:.", count: 2}', 'gain :star:.", count: 40}', 1), encoding="utf-8")
    (project / "data/tiny/decks/villains.yaml").write_text(
        "name: Villains\nsize: 40 x 40\nfront: tiny/hero.j2\nback: tiny/back.j2\n"
        "defaults: {side: red, stars: 1, number: 9, text: \"Boo.\"}\ncards:\n  - {id: boss, name: Boss, count: 2}\n", encoding="utf-8")
    result = run_pnp(project, "build", "tiny", "--only", "cards", "--no-validate")
    assert result.exit_code == 0, result.output
    assert "sheet 2 holds Heroes ×20, Villains ×2, Pawns ×6, Walls ×6" in result.output, result.output
    (note,) = [line for line in result.stderr.splitlines() if ": note: " in line and "mm cards on Letter" in line]
    assert note.startswith("data/tiny/decks/heroes.yaml:2:7: note: 40 × 40 mm cards on Letter"), note
    assert "the grid sits against the bottom of the printable area, so the margin above it holds the vertical cut lines' crop marks" in note
    view = P.read(next((project / "output/tiny").glob("tiny-cards*.pdf")))[0]
    assert view.height - max(f.trim.y1 for f in view.faces) > min(f.trim.y0 for f in view.faces)

def _one_card_sheet(project, *args: str) -> tuple[str, int]:
    """(file name, faces on its first page) of the tiny game's card sheet built with `args`, the only one in its folder."""
    from conftest import run_pnp

    result = run_pnp(project, "build", "tiny", "--only", "cards", *args)
    assert result.exit_code == 0, result.output
    (sheet,) = (project / "output/tiny").glob("tiny-cards*.pdf")
    return sheet.name, len(P.read(sheet)[0].faces)


def test_a_profile_named_default_is_the_one_a_build_without_printer_takes(project):
    """docs/printing.md: without --printer, pnp uses the profile named `default`; with a 6.35 mm margin poker cards on
    Letter print 4 × 2 landscape (8 a sheet), and the file name carries a margin other than 5 mm (docs/commands.md)."""
    from conftest import run_pnp

    assert run_pnp(project, "calibrate", "--save", "default", "--margin", "6.35").exit_code == 0
    assert _one_card_sheet(project) == ("tiny-cards-margin6.35mm.pdf", 8)


def test_a_typed_back_offset_wins_over_the_default_profiles_saved_one(project):
    """`--back-offset X,Y` is what the designer asks of this build: it moves the backs, not the offset the `default`
    profile saved (docs/commands.md: the file name carries the offset the backs moved by). Read from the backs page:
    its cards sit 1.5 mm across and 0.25 mm along from where the saved offset put them."""
    from conftest import run_pnp

    assert run_pnp(project, "calibrate", "--save", "default", "--offset", "0.5,-0.25").exit_code == 0
    saved = project / "output/tiny/tiny-cards-offset+0.5-0.25mm.pdf"
    assert _one_card_sheet(project)[0] == saved.name
    saved_backs = P.read(saved)[1].faces[0].trim
    saved.unlink()
    assert _one_card_sheet(project, "--back-offset", "2,0")[0] == "tiny-cards-offset+2+0mm.pdf"
    typed_backs = P.read(project / "output/tiny/tiny-cards-offset+2+0mm.pdf")[1].faces[0].trim
    moved = sorted(abs(a - b) / MM for a, b in ((typed_backs.x0, saved_backs.x0), (typed_backs.y0, saved_backs.y0)))  # pt to mm
    assert moved == pytest.approx([0.25, 1.5], abs=0.01), moved


def test_a_back_offset_moves_every_back_its_own_way_right_and_down(project):
    """`--back-offset X,Y` adds X mm across and Y mm up to every backs sheet (the calibration sheet's pairs are labelled
    so: pnp.targets.calibrate), so `--back-offset 1.5,-1` (docs/commands.md's example) puts each back 1.5 mm to the
    right and 1 mm lower on its page than a build with no offset, its fronts where they were."""
    plain = project / "output/tiny/tiny-cards.pdf"
    assert _one_card_sheet(project)[0] == plain.name
    before = P.read(plain)
    plain.unlink()
    assert _one_card_sheet(project, "--back-offset", "1.5,-1")[0] == "tiny-cards-offset+1.5-1mm.pdf"
    after = P.read(project / "output/tiny/tiny-cards-offset+1.5-1mm.pdf")
    fronts = [(b.trim.x0 - a.trim.x0, b.trim.y0 - a.trim.y0) for a, b in zip(before[0].faces, after[0].faces, strict=True)]
    backs = [((b.trim.x0 - a.trim.x0) / MM, (b.trim.y0 - a.trim.y0) / MM) for a, b in zip(before[1].faces, after[1].faces, strict=True)]
    assert fronts and all(move == (0, 0) for move in fronts), fronts
    assert backs and all(dx == pytest.approx(1.5, abs=0.01) and dy == pytest.approx(-1.0, abs=0.01) for dx, dy in backs), backs


def test_a_margin_that_differs_by_side_is_kept_at_its_widest_on_every_side(project):
    """A sheet may be fed either end first, flipped for duplex or turned for landscape (pnp.data.config.Printer.margin),
    so a printer that leaves 6.35 mm at one edge alone (`--margin top,right,bottom,left`) prints as a 6.35 mm one does:
    4 × 2 poker cards on Letter (docs/printing.md), and 6.35 in the file name."""
    from conftest import run_pnp

    assert run_pnp(project, "calibrate", "--save", "feed", "--margin", "4,4,6.35,4").exit_code == 0
    assert _one_card_sheet(project, "--printer", "feed") == ("tiny-cards-margin6.35mm.pdf", 8)


def test_a_printer_margin_past_20_mm_in_pnp_yaml_is_one_error_at_its_line(project):
    """No printer leaves more than 20 mm blank (docs/printing.md): a 25 mm margin in pnp.yaml is a typo, refused at its
    line with the bounds, while 20 mm itself builds."""
    from conftest import run_pnp

    from pnp.core.errors import PnpError

    (project / "pnp.yaml").write_text("printers:\n  wide:\n    margin: 25\n  widest:\n    margin: 20\n", encoding="utf-8")
    with pytest.raises(PnpError) as refused:
        run_pnp(project, "build", "tiny", "--only", "cards", "--printer", "wide")
    assert str(refused.value) == ("pnp.yaml:3:13: error: printer 'wide' has margin 25: write one number of mm, or [top, right, bottom, left], "
                                  "each from 0 to 20")
    assert run_pnp(project, "build", "tiny", "--only", "cards", "--printer", "widest").exit_code == 0


def test_a_default_letter_card_sheet_prints_no_ink_within_5_mm_of_the_papers_edge(project):
    """docs/printing.md: with no printer profile nothing is nearer the paper's edge than 5 mm. Letter's 3 × 3 of poker
    cards runs its footer up the left side, its turned glyphs' tops towards the edge: read from pixels at 600 dpi (a
    glyph's ink, not its font's box), no point within 5 mm of any edge of the first page is inked."""
    from conftest import run_pnp

    assert run_pnp(project, "build", "--only", "cards", "tiny").exit_code == 0
    pdf = project / "output/tiny/tiny-cards.pdf"
    edge = int(DEFAULT_PRINTABLE_MM * 600 / 25.4)  # whole pixels within 5 mm
    grey = np.asarray(render_page(pdf, 0, 600).convert("L"))
    rims = {"left": grey[:, :edge], "right": grey[:, -edge:], "top": grey[:edge], "bottom": grey[-edge:]}
    assert not any((rim < 250).any() for rim in rims.values()), {side: int((rim < 250).sum()) for side, rim in rims.items()}

