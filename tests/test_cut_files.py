"""Cut files every cutter reads (issue 65): beside every sheet that has pieces to cut (cards, tokens, player aids, box
and dice nets, labels) a DXF as well as an SVG, in mm, each cut where the PDF prints the piece within 0.1 mm (the DXF
read with ezdxf, the PDF with pdfium and qpdf), the same bytes build after build; a print shop's CutContour overprints.
"""
from __future__ import annotations

import math
import shutil
import xml.etree.ElementTree as ET

import ezdxf
import ezdxf.bbox
import pikepdf
import printable as P
import pytest
import streams
from conftest import MM, TEST_PROJECT, run_pnp

PT = 25.4 / 72
SVG = "{http://www.w3.org/2000/svg}"
KINDS = ("cards", "tokens", "player-aids", "boxes", "box-inserts", "dice", "labels")
BOXES = "boxes:\n  - {id: heroes, name: Heroes, style: tuck, decks: [heroes], front: tiny/back.j2}\n"
DICE = ("dice:\n  - {id: d, name: Die, shape: d6, size: 16, face: tiny/die.j2,\n"
        "     faces: [{n: 1}, {n: 2}, {n: 3}, {n: 4}, {n: 5}, {n: 6}]}\n")


def _project(root):
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    (root / "data/tiny/boxes.yaml").write_text(BOXES)
    (root / "data/tiny/dice.yaml").write_text(DICE)
    (root / "templates/tiny/die.j2").write_text('{{ text(die_face.n|string, 2, 2, face.w - 4, face.h - 4, size=14, align="center", valign="middle") }}\n')
    return root


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    root = _project(tmp_path_factory.mktemp("cuts") / "project")
    for cutter in ("silhouette", "print-shop"):
        result = run_pnp(root, "build", "--cutter", cutter, "--no-validate")
        assert result.exit_code == 0, result.output + result.stderr
    return root / "output/tiny"


def _dxfs(out, kind):
    return sorted(out.glob(f"tiny-{kind}-silhouette-sheet-*.dxf"))


def _page_of(dxf) -> int:
    return int(dxf.stem.rsplit("-", 1)[1]) - 1


def _read(dxf):
    """The DXF's page size (from its page corners) and its cut entities, as ezdxf reads them."""
    doc = ezdxf.readfile(dxf)
    assert doc.units == 4  # millimetres
    corners = [e.dxf.location for e in doc.modelspace().query('POINT[layer=="PAGE"]')]
    return (max(p.x for p in corners), max(p.y for p in corners)), list(doc.modelspace().query('*[layer=="CUT"]'))


def _box(entity, page_h: float) -> tuple[float, float, float, float]:
    """An entity's extent in mm from the page's top-left (y down), as SVG and pdfplumber count."""
    ext = ezdxf.bbox.extents([entity], fast=False)
    return ext.extmin.x, page_h - ext.extmax.y, ext.extmax.x, page_h - ext.extmin.y


def _svg_boxes(svg) -> list[tuple[float, float, float, float]]:
    out = []
    for el in ET.parse(svg).getroot().iter():
        tag = el.tag.replace(SVG, "")
        if tag == "rect":
            x, y, w, h = (float(el.get(k)) for k in ("x", "y", "width", "height"))
            out.append((x, y, x + w, y + h))
        elif tag == "circle":
            cx, cy, r = (float(el.get(k)) for k in ("cx", "cy", "r"))
            out.append((cx - r, cy - r, cx + r, cy + r))
        elif tag == "polygon":
            pts = [tuple(map(float, p.split(","))) for p in el.get("points").split()]
            out.append((min(p[0] for p in pts), min(p[1] for p in pts), max(p[0] for p in pts), max(p[1] for p in pts)))
    return out


def _near(a, b, tol: float = 0.1) -> bool:
    return all(abs(p - q) < tol for p, q in zip(a, b, strict=True))


def test_every_kind_with_pieces_to_cut_has_a_dxf_beside_each_svg(built):
    for kind in KINDS:
        svgs = sorted(built.glob(f"tiny-{kind}-silhouette-sheet-*.svg"))
        assert svgs, kind
        assert [s.with_suffix(".dxf") for s in svgs] == _dxfs(built, kind), kind


@pytest.mark.parametrize("kind", ["cards", "tokens", "player-aids"])
def test_a_dxfs_closed_cuts_are_the_pieces_the_pdf_places_and_the_svgs(built, kind):
    """Each cut's extent is a face's trim on the page within 0.1 mm (a flat hexagon's height is its own: only its width
    and centre are the trim's), and an SVG element's."""
    pdf = streams.Document(built / f"tiny-{kind}-silhouette.pdf")
    for dxf in _dxfs(built, kind):
        (w, h), cuts = _read(dxf)
        page = pdf.page(_page_of(dxf))
        assert _near((w, h), (page.width * PT, page.height * PT), 0.01)
        trims = [(f.trim.x0 * PT, h - f.trim.y1 * PT, f.trim.x1 * PT, h - f.trim.y0 * PT) for f in P.faces_of(pdf, _page_of(dxf))]
        svg = _svg_boxes(dxf.with_suffix(".svg"))
        assert len(cuts) == len(trims) == len(svg) > 0
        for cut in cuts:
            box = _box(cut, h)
            hexagon = cut.dxftype() == "LWPOLYLINE" and len(cut) == 6
            assert any(_near(box[::2], t[::2]) and abs((box[1] + box[3]) - (t[1] + t[3])) < 0.2 and (hexagon or _near(box, t)) for t in trims), (dxf.name, box)
            assert any(_near(box, s) for s in svg), (dxf.name, box)


@pytest.mark.parametrize("kind", ["boxes", "box-inserts", "dice"])
def test_a_nets_dxf_lines_lie_on_the_cut_lines_the_pdf_prints(built, pdfium_reader, kind):
    lines = 0
    pages = pdfium_reader.pages(built / f"tiny-{kind}-silhouette.pdf")
    for dxf in _dxfs(built, kind):
        (_, h), cuts = _read(dxf)
        page = pages[_page_of(dxf)]
        black = [((ln["x0"] * PT, ln["top"] * PT), (ln["x1"] * PT, ln["bottom"] * PT)) for ln in page.lines
                 if ln.get("stroking_color") in ((0,), (0, 0, 0), [0], [0, 0, 0], 0)]
        for cut in (c for c in cuts if c.dxftype() == "LINE"):
            xs = sorted((cut.dxf.start.x, cut.dxf.end.x))
            ys = sorted((h - cut.dxf.start.y, h - cut.dxf.end.y))
            assert any(_near((xs[0], ys[0], xs[1], ys[1]), (*e[0], *e[1])) for e in black), (dxf.name, xs, ys)
            lines += 1
    assert lines >= 8


def test_a_tuck_boxs_notch_in_the_dxf_is_cut_down_into_the_front(built):
    """docs/boxes-and-dice.md: a half-round thumb notch is cut in the front's top edge, and the cutter's file takes the
    net's arcs as they are: the one half circle among the box's cuts lies below the edge it is cut in (DXF's y runs up),
    its lowest point a radius under its centre, not bulging up out of the front."""
    (dxf,) = _dxfs(built, "boxes")
    _, cuts = _read(dxf)
    halves = [c for c in cuts if c.dxftype() == "ARC" and abs((c.dxf.end_angle - c.dxf.start_angle) % 360 - 180) < 0.01]
    assert len(halves) == 1, [(c.dxf.start_angle, c.dxf.end_angle) for c in cuts if c.dxftype() == "ARC"]
    notch = halves[0]
    ext = ezdxf.bbox.extents([notch], fast=False)
    centre_y, radius = notch.dxf.center.y, notch.dxf.radius
    assert (ext.extmin.y, ext.extmax.y) == pytest.approx((centre_y - radius, centre_y), abs=0.01)
    edge = [c for c in cuts if c.dxftype() == "LINE" and abs(c.dxf.start.y - centre_y) < 0.01 and abs(c.dxf.end.y - centre_y) < 0.01]
    assert len(edge) == 2, "the front's top edge runs up to the notch from either side"


def test_a_tuck_boxs_rounded_flap_corners_in_the_dxf_are_quarter_turns(built):
    """docs/boxes-and-dice.md: a tuck box's lid and bottom each close with a tuck flap whose far corners are rounded:
    each such corner is a quarter circle, and the thumb notch a half one. DXF arcs run anticlockwise from their start
    angle to their end, so a corner written from the wrong end would cut three quarters of a circle out past the flap."""
    (dxf,) = _dxfs(built, "boxes")
    _, cuts = _read(dxf)
    turns = sorted(round((c.dxf.end_angle - c.dxf.start_angle) % 360, 3) for c in cuts if c.dxftype() == "ARC")
    assert turns == [90.0, 90.0, 90.0, 90.0, 180.0]


def test_labels_dxf_cuts_the_svgs_slots(built):
    for dxf in _dxfs(built, "labels"):
        (_, h), cuts = _read(dxf)
        svg = _svg_boxes(dxf.with_suffix(".svg"))
        assert len(cuts) == len(svg) == 7  # the tiny game's labels: a deck's and six token sets'; no slot under the marks
        assert all(any(_near(_box(c, h), s) for s in svg) for c in cuts)


def test_the_same_cuts_give_the_same_dxf_bytes(built, tmp_path):
    out = tmp_path / "again"
    root = _project(tmp_path / "project")
    assert run_pnp(root, "build", "--only", "cards", "--cutter", "silhouette", "--out", str(out), "--no-validate").exit_code == 0
    for dxf in _dxfs(out / "tiny", "cards"):
        assert dxf.read_bytes() == (built / dxf.name).read_bytes()


@pytest.mark.parametrize("kind", ["cards", "player-aids", "dice"])
def test_a_print_shops_cutcontour_overprints_as_a_hairline(built, kind):
    """Where the page strokes in CutContour, the graphics state in force sets overprint (OP) in the non-zero mode (OPM 1),
    and the line is the 0.25 pt hairline the shops' cut-line convention asks (a wider one reads as a drawn border)."""
    with pikepdf.open(built / f"tiny-{kind}-print-shop.pdf") as pdf:
        page = pdf.pages[0]
        states = {str(k): v for k, v in page.Resources.get("/ExtGState", {}).items()}
        spaces = {str(k) for k, v in page.Resources.get("/ColorSpace", {}).items() if str(v[1]) == "/CutContour"}
        stack, now, strokes = [], {"space": None, "OP": False, "OPM": 0, "w": 1.0}, 0
        for operands, op in pikepdf.parse_content_stream(page):
            name = str(op)
            if name == "q":
                stack.append(dict(now))
            elif name == "Q":
                now = stack.pop()
            elif name == "CS":
                now["space"] = str(operands[0])
            elif name == "w":
                now["w"] = float(operands[0])
            elif name == "gs":
                state = states[str(operands[0])]
                now.update({k[1:]: (bool(v) if k == "/OP" else int(v)) for k, v in state.items() if k in ("/OP", "/OPM")})
            elif name in ("S", "s", "B", "b") and now["space"] in spaces:
                assert now["OP"] and now["OPM"] == 1, now
                assert now["w"] == 0.25, now
                strokes += 1
    assert strokes, f"{kind}: no CutContour stroke"


def test_a_rounded_cut_in_the_dxf_measures_its_radius(tmp_path):
    """Rounded heroes (corner_radius 3): each DXF corner is an arc of 3 mm between straight sides."""
    root = _project(tmp_path / "project")
    heroes = root / "data/tiny/decks/heroes.yaml"
    heroes.write_text(heroes.read_text().replace("size: poker\n", "size: poker\ncorner_radius: 3\n"))
    assert run_pnp(root, "build", "--only", "cards", "--cutter", "silhouette", "--no-validate").exit_code == 0
    doc = ezdxf.readfile(next(iter(_dxfs(root / "output/tiny", "cards"))))
    for poly in doc.modelspace().query("LWPOLYLINE"):
        points = list(poly.get_points("xyb"))
        assert len(points) == 8
        for (x1, y1, bulge), (x2, y2, _) in zip(points[1::2], points[2::2] + points[:1], strict=True):
            chord = math.dist((x1, y1), (x2, y2))
            radius = chord / 2 / math.sin(2 * math.atan(abs(bulge)))
            assert abs(radius - 3) < 0.01 and abs(abs(bulge) - math.tan(math.pi / 8)) < 1e-6


def test_silhouette_sheets_fill_a4_off_its_marks_with_every_cut_line_marked(tmp_path, pdfium_reader):
    """Studio's marks sit in three corners: 8 poker cards on A4 (4 × 2 landscape; 4 with pieces 17 mm from every
    edge), none of them nor of their crop marks within 2 mm of a registration mark, every cut line with a mark that prints."""
    root = _project(tmp_path / "project")
    assert run_pnp(root, "build", "--only", "cards", "--cutter", "silhouette", "--paper", "a4", "--no-validate").exit_code == 0
    pdf = root / "output/tiny/tiny-cards-a4-silhouette.pdf"
    page = pdfium_reader.pages(pdf, [1])[0]
    sides = lambda r: sorted((round(r["width"] * PT, 1), round(r["height"] * PT, 1)))  # noqa: E731
    marks = [r for r in page.rects if r["fill"] and sides(r) in ([5.0, 5.0], [0.5, 20.0])]
    assert len(marks) == 5  # the square and the two Ls' arms
    keep_out = [P.Box(r["x0"] - 2 * MM, page.height - r["bottom"] - 2 * MM, r["x1"] + 2 * MM, page.height - r["top"] + 2 * MM) for r in marks]
    view = P.read(pdf, reader=pdfium_reader)[0]
    assert len(view.faces) == 8 and view.width > view.height
    for box in keep_out:
        assert not any(f.bleed.inter(box) for f in view.faces)
        assert not any(P.Box(min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)).inter(box) for x0, y0, x1, y1, _ in view.lines)
    for cut in P.cut_lines(view):
        assert P.mark_on(view, cut, 4.23) >= P.MIN_MARK_MM, cut


def test_a_cut_svg_of_a_game_whose_folder_name_holds_an_ampersand_is_well_formed_xml(project):
    """XML 1.0 §2.4: a bare `&` in character data is not well formed, so a game in `data/cats&dogs/` must write its cut
    SVG's title with `&amp;`; the file then opens in any SVG reader and its title reads as the folder is named."""
    (project / "data/tiny").rename(project / "data/cats&dogs")
    result = run_pnp(project, "build", "cats&dogs", "--only", "cards", "--cutter", "silhouette", "--no-validate")
    assert result.exit_code == 0, result.output + result.stderr
    svgs = sorted((project / "output/cats&dogs").glob("*-sheet-*.svg"))
    assert svgs
    for svg in svgs:
        title = ET.parse(svg).getroot().find(f"{SVG}title")
        assert title is not None and title.text.startswith("cats&dogs-cards-silhouette"), svg.name
