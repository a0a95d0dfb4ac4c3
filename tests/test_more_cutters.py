"""The cutting machines added for issue 104: each one's marks read back from the PDF a build writes, where its maker or
the tools that drive it put them, inside the printable area; each sheet's cut file (SVG and DXF) cutting the pieces the
PDF prints, within 0.1 mm; `--cutter` offering every machine.

The marks expected, in mm from the page's top-left:
- silhouette-4 (Cameo 5 / Alpha four-point): an L in each corner, 10 mm in, 20 mm arms, 0.3 mm thick
  (fablabnbg/inkscape-silhouette's Cameo 5 Alpha template);
- silhouette-feeder: Studio's Type 1 (5 mm square top-left, Ls top-right and bottom-left) 0.625 in from the edges,
  the auto sheet feeder's least inset;
- siser: an L in each corner, 10 mm in, 20 mm arms, 0.5 mm thick;
- summa-opos: a 2 mm square in each corner, 7 mm from both edges;
- cricut: Print Then Cut's frame round its largest print area, 6.75 × 9.25 in, even on paper larger than that.
"""
from __future__ import annotations

import xml.etree.ElementTree as ET

import ezdxf
import pdfplumber
import pytest
from conftest import MM, TEST_PROJECT, run_pnp

PT = 25.4 / 72
IN = 25.4
PRINTABLE_MM = 4.23  # a home printer's usual unprintable edge, 1/6 in
CLEAR_MM = 2.0  # pieces keep this far off a mark
SVG = "{http://www.w3.org/2000/svg}"


def _l(corner: str, w: float, h: float, inset: float, arm: float, line: float) -> list[tuple]:
    """An L in a page corner, its arms along the two edges toward the middle: (x, y, w, h) of its two bars."""
    left = corner[1] == "l"
    top = corner[0] == "t"
    x_edge = inset if left else w - inset
    y_edge = inset if top else h - inset
    along = (x_edge if left else x_edge - arm, y_edge if top else y_edge - line, arm, line)
    down = (x_edge if left else x_edge - line, y_edge if top else y_edge - arm, line, arm)
    return [along, down]


def expected_marks(machine: str, w: float, h: float) -> list[tuple]:
    if machine == "silhouette-4":
        return [r for c in ("tl", "tr", "bl", "br") for r in _l(c, w, h, 10, 20, 0.3)]
    if machine == "siser":
        return [r for c in ("tl", "tr", "bl", "br") for r in _l(c, w, h, 10, 20, 0.5)]
    if machine == "silhouette-feeder":
        i = 0.625 * IN
        return [(i, i, 5, 5), *_l("tr", w, h, i, 20, 0.5), *_l("bl", w, h, i, 20, 0.5)]
    if machine == "summa-opos":
        return [(x, y, 2, 2) for x in (7, w - 9) for y in (7, h - 9)]
    raise AssertionError(machine)


@pytest.fixture(scope="module")
def builds(tmp_path_factory):
    """`get(machine, *args)`: the tiny game's cards PDF built with that cutter (made once per machine and args)."""
    made = {}

    def get(machine: str, *args: str):
        key = (machine, *args)
        if key not in made:
            root = tmp_path_factory.mktemp(machine) / "project"
            import shutil

            shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
            result = run_pnp(root, "build", "tiny", "--only", "cards", "--cutter", machine, "--no-validate", *args)
            assert result.exit_code == 0, result.output + result.stderr
            made[key] = root / "output" / "tiny"
        return made[key]

    return get


def _filled_black(page) -> list[tuple]:
    return [(r["x0"] * PT, r["top"] * PT, r["width"] * PT, r["height"] * PT) for r in page.rects
            if r.get("fill") and tuple(r.get("non_stroking_color") or ()) in ((0, 0, 0), (0.0, 0.0, 0.0))]


def _svg_rects(svg) -> list[tuple]:
    root = ET.parse(svg).getroot()
    return [tuple(float(el.get(k)) for k in ("x", "y", "width", "height")) for el in root.iter(f"{SVG}rect")]


MACHINES = ["silhouette-4", "silhouette-feeder", "siser", "summa-opos"]


@pytest.mark.parametrize("machine", MACHINES)
def test_the_marks_are_the_machines_inside_the_printable_area_and_clear_of_every_piece(builds, machine):
    out = builds(machine)
    pdf = out / f"tiny-cards-{machine}.pdf"
    svg = out / f"tiny-cards-{machine}-sheet-01.svg"
    with pdfplumber.open(pdf) as doc:
        page = doc.pages[0]
        w, h = page.width * PT, page.height * PT
        found = _filled_black(page)
    want = expected_marks(machine, w, h)
    for mark in want:
        assert any(all(abs(a - b) < 0.02 for a, b in zip(mark, got, strict=True)) for got in found), f"no mark at {mark}"
    marks = [got for got in found if any(all(abs(a - b) < 0.02 for a, b in zip(m, got, strict=True)) for m in want)]
    for x, y, mw, mh in marks:
        assert x >= PRINTABLE_MM and y >= PRINTABLE_MM and x + mw <= w - PRINTABLE_MM and y + mh <= h - PRINTABLE_MM
    pieces = _svg_rects(svg)
    assert pieces
    for px, py, pw, ph in pieces:
        for x, y, mw, mh in marks:
            apart = px > x + mw + CLEAR_MM - 0.01 or px + pw < x - CLEAR_MM + 0.01 or py > y + mh + CLEAR_MM - 0.01 or py + ph < y - CLEAR_MM + 0.01
            assert apart, f"piece at {(px, py)} within 2 mm of the mark at {(x, y)}"


@pytest.mark.parametrize("machine", MACHINES)
def test_each_sheets_cut_file_cuts_on_the_pdfs_crop_marks_and_its_dxf_cuts_the_same(builds, machine):
    """A card's cut is its crop marks' lines: every edge of every cut rectangle lies on a crop mark the PDF prints, to
    0.1 mm, and the DXF beside it holds the same pieces (y up from the page's foot)."""
    out = builds(machine)
    with pdfplumber.open(out / f"tiny-cards-{machine}.pdf") as doc:
        for svg in sorted(out.glob(f"tiny-cards-{machine}-sheet-*.svg")):
            page = doc.pages[int(svg.stem.rsplit("-", 1)[1]) - 1]
            h = page.height * PT
            xs = [ln["x0"] * PT for ln in page.lines if abs(ln["x0"] - ln["x1"]) < 0.01]
            ys = [ln["top"] * PT for ln in page.lines if abs(ln["top"] - ln["bottom"]) < 0.01]
            pieces = _svg_rects(svg)
            for x, y, w, hh in pieces:
                assert all(any(abs(v - m) < 0.1 for m in xs) for v in (x, x + w)), f"{svg.name}: x edges of {(x, y)} on no crop mark"
                assert all(any(abs(v - m) < 0.1 for m in ys) for v in (y, y + hh)), f"{svg.name}: y edges of {(x, y)} on no crop mark"
            dxf = ezdxf.readfile(svg.with_suffix(".dxf"))
            boxes = []
            for e in dxf.modelspace().query("LWPOLYLINE"):
                pts = [(p[0], p[1]) for p in e.get_points()]
                boxes.append((min(p[0] for p in pts), h - max(p[1] for p in pts), max(p[0] for p in pts), h - min(p[1] for p in pts)))
            for x, y, w, hh in pieces:
                assert any(all(abs(a - b) < 0.1 for a, b in zip((x, y, x + w, y + hh), box, strict=True)) for box in boxes), (svg.name, x, y)


def test_cricuts_frame_keeps_to_print_then_cuts_largest_area_on_large_paper(builds):
    """On A3 the page could hold more, but Print Then Cut takes no more than 6.75 × 9.25 in: the frame's inside is that,
    centred, its long side along the sheet's, and every piece on every sheet lies inside it (a landscape sheet once had
    pieces outside a frame drawn upright)."""
    out = builds("cricut", "--paper", "a3")
    with pdfplumber.open(out / "tiny-cards-a3-cricut.pdf") as doc:
        page = doc.pages[0]
        w, h = page.width * PT, page.height * PT
        bars = [r for r in _filled_black(page) if max(r[2], r[3]) > 100]
    assert len(bars) == 4
    inner_x0 = max(x + bw for x, y, bw, bh in bars if bw < 2 and x < w / 2) + 2  # 2 mm gap inside each 1 mm bar
    inner_x1 = min(x for x, y, bw, bh in bars if bw < 2 and x > w / 2) - 2
    inner_y0 = max(y + bh for x, y, bw, bh in bars if bh < 2 and y < h / 2) + 2
    inner_y1 = min(y for x, y, bw, bh in bars if bh < 2 and y > h / 2) - 2
    area = (6.75 * IN, 9.25 * IN) if w < h else (9.25 * IN, 6.75 * IN)  # the long side along the sheet's
    assert (inner_x1 - inner_x0, inner_y1 - inner_y0) == pytest.approx(area, abs=0.05)
    assert (inner_x0 + inner_x1) / 2 == pytest.approx(w / 2, abs=0.05)
    for svg in out.glob("tiny-cards-a3-cricut-sheet-*.svg"):
        for x, y, pw, ph in _svg_rects(svg):
            assert inner_x0 - 0.01 <= x and x + pw <= inner_x1 + 0.01 and inner_y0 - 0.01 <= y and y + ph <= inner_y1 + 0.01


def test_cutter_offers_every_machine_and_says_them_for_a_wrong_name(tmp_path):
    from click.testing import CliRunner

    from pnp.cli import main

    result = CliRunner().invoke(main, ["--root", str(TEST_PROJECT), "build", "--cutter", "summa"])
    assert result.exit_code == 2
    said = result.output + (result.stderr if result.stderr_bytes is not None else "")
    for name in ("silhouette", "silhouette-4", "silhouette-feeder", "cricut", "siser", "summa-opos", "print-shop"):
        assert f"'{name}'" in said, said


@pytest.mark.parametrize("machine, margin", [("silhouette-4", 10 + 0.3 + 2), ("silhouette-feeder", 0.625 * IN + 5 + 2), ("siser", 10 + 0.5 + 2),
                                             ("summa-opos", 7 + 2 + 2)])
def test_pieces_keep_two_mm_past_the_marks_deepest_reach_from_every_edge(machine, margin):
    """A sheet is planned with one margin all round: the marks' inset, their depth from the edge (an L's line, a
    square's side) and 2 mm, whichever way the sheet turns."""
    from pnp.render.cutters import CUTTERS

    for page in ((215.9, 279.4), (279.4, 215.9), (297.0, 420.0)):
        assert CUTTERS[machine].margin(*page) == pytest.approx(margin)
    assert CUTTERS[machine].source  # every record says where its numbers come from


def test_a_printer_that_needs_more_room_than_the_print_shops_cut_keeps_the_pieces_in_its_own_margin(tmp_path):
    """A print shop's cut line needs no room of its own; a printer that cannot print the outer 20 mm (`pnp calibrate
    --save`) still gets every card 20 mm inside the paper's edges, bleed and all, read from the PDF."""
    import shutil

    import printable as P

    root = tmp_path / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    assert run_pnp(root, "calibrate", "--save", "wide", "--margin", "20").exit_code == 0
    result = run_pnp(root, "build", "tiny", "--only", "cards", "--cutter", "print-shop", "--printer", "wide", "--no-validate", "-q")
    assert result.exit_code == 0, result.output + result.stderr
    (sheet,) = (root / "output/tiny").glob("tiny-cards-*print-shop.pdf")
    views = P.read(sheet)
    faces = [(view, face) for view in views for face in view.faces]
    assert faces
    for view, face in faces:
        box = face.bleed
        assert min(box.x0, box.y0, view.width - box.x1, view.height - box.y1) >= 20 * MM - 0.05, (box, view.width, view.height)


@pytest.mark.parametrize(("machine", "near"), [("silhouette", 10), ("siser", 10), ("silhouette-feeder", 15.875)])
def test_a_machine_whose_marks_the_printer_cannot_print_is_refused_before_anything_is_written(tmp_path, machine, near):
    """Silhouette Studio's Type 1 marks sit 10 mm in (15.875 mm, 5/8 in, for the auto sheet feeder): a printer saved as
    unable to print the outer 20 mm would leave the machine no mark to register by, so the build is refused, saying
    where the marks sit and what the printer cannot reach, and no file is written; a 6 mm printer builds them."""
    import shutil

    root = tmp_path / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    assert run_pnp(root, "calibrate", "--save", "wide", "--margin", "20").exit_code == 0
    assert run_pnp(root, "calibrate", "--save", "home", "--margin", "6").exit_code == 0
    result = run_pnp(root, "build", "tiny", "--only", "cards", "--cutter", machine, "--printer", "wide", "--no-validate")
    assert result.exit_code == 2, result.output + result.stderr
    said = " ".join(result.stderr.split())
    assert f"Invalid value for --cutter: {machine}'s registration marks sit {near:g} mm from the edge of Letter, where printer 'wide' " \
           "in pnp.yaml cannot print (its margin is 20 mm)" in said, said  # the option to change is the one named
    assert not (root / "output/tiny").exists() or not any((root / "output/tiny").iterdir())
    result = run_pnp(root, "build", "tiny", "--only", "cards", "--cutter", machine, "--printer", "home", "--no-validate", "-q")
    assert result.exit_code == 0, result.output + result.stderr


def test_cricuts_frame_on_the_second_paper_nearer_the_edge_than_the_printer_reaches_is_refused(builds, tmp_path):
    """Cricut's frame sits nearer the sides of A4 than of Letter (A4 is the narrower sheet): its side bars' distance
    from the edge is read from an A4 build's PDF. A printer that cannot print the outer (that distance − 0.2 mm), within
    the house's 0.5 mm, would leave the frame's sides unprinted: `--paper letter,a4` is refused for A4, though Letter's
    frame would print, and nothing is written."""
    import shutil

    with pdfplumber.open(builds("cricut", "--paper", "a4") / "tiny-cards-a4-cricut.pdf") as doc:
        page = doc.pages[0]
        w = page.width * PT
        sides = [r for r in _filled_black(page) if r[3] > 100 and r[2] < 2]  # the frame's two upright bars
    assert len(sides) == 2
    near = round(min(min(x, w - x - bw) for x, _y, bw, _bh in sides), 2)
    root = tmp_path / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    assert run_pnp(root, "calibrate", "--save", "wide", "--margin", f"{near - 0.2:g}").exit_code == 0
    result = run_pnp(root, "build", "tiny", "--only", "cards", "--cutter", "cricut", "--paper", "letter,a4", "--printer", "wide", "--no-validate")
    assert result.exit_code == 2, result.output + result.stderr
    said = " ".join(result.stderr.split())
    assert f"cricut's registration marks sit {near:g} mm from the edge of A4, where printer 'wide' in pnp.yaml cannot print " \
           f"(its margin is {near - 0.2:g} mm)" in said, said
    assert not (root / "output/tiny").exists() or not any((root / "output/tiny").iterdir())
