"""Cut files and cutting machines' marks, read back from what pnp writes for a handful of pieces (issue #76 item 1:
pnp/render/cutters.py and pnp/render/cut_dxf.py scored by mutmut, which cannot map test_cut_files' builds to them).

Each piece's cut is checked against its own geometry worked out here: a rectangle's four sides, a rounded one's
corners of its radius, a circle round its centre, a regular hexagon's six corners. Positions count from the page's
top-left in mm (as a cutter's software and SVG count them), and from its bottom-left with y up in a DXF and a PDF.
The machines' marks are as docs/labels-and-cutters.md describes them."""
from __future__ import annotations

import io
import math
import xml.etree.ElementTree as ET

import ezdxf
import pikepdf
import pytest
import streams

from pnp.core.shapes import Shape
from pnp.render.cut_dxf import cut_dxf
from pnp.render.cutters import CUTTERS, CutPath, CutShape, cut_svg, draw_cut_contour

PAGE = (210.0, 297.0)
MM = 72 / 25.4
SVG = "{http://www.w3.org/2000/svg}"
# (shape, trim box x, y, w, h from the top-left, mm)
PIECES = [(Shape(), 20.0, 30.0, 63.5, 88.9), (Shape("rounded", radius=3.0), 100.0, 30.0, 63.5, 88.9),
          (Shape("circle"), 20.3, 150.45, 50.2, 52.0), (Shape("hexagon"), 100.0, 150.0, 40.0, 40 * math.sqrt(3) / 2),
          (Shape("hexagon", pointy=True), 150.0, 220.0, 40 * math.sqrt(3) / 2, 40.0)]
TRIANGLE = (Shape("outline", points=((0.0, 0.0), (1.0, 0.0), (0.5, 1.0))), 30.25, 240.5, 40.0, 30.0)  # a drawn outline, y down


def hexagon_corners(pointy, x, y, w, h):
    """The largest regular hexagon in the box: corners on its long axis (left and right for a flat top)."""
    r = min((h if pointy else w) / 2, (w if pointy else h) / math.sqrt(3))
    cx, cy = x + w / 2, y + h / 2
    start = 90 if pointy else 0
    return {(round(cx + r * math.cos(math.radians(start + a)), 3), round(cy + r * math.sin(math.radians(start + a)), 3)) for a in range(0, 360, 60)}


def off_the_cut(shape, x, y, w, h, px, py) -> float:
    """How far a point (mm from the top-left) lies from the piece's cut line."""
    if shape.kind == "circle":
        return abs(math.dist((px, py), (x + w / 2, y + h / 2)) - min(w, h) / 2)
    k = min(shape.radius, w / 2, h / 2) if shape.kind == "rounded" else 0.0
    qx, qy = min(max(px, x + k), x + w - k), min(max(py, y + k), y + h - k)
    if k and qx != px and qy != py:  # by a corner: from its arc
        return abs(math.dist((px, py), (qx, qy)) - k)
    return min(abs(px - x), abs(px - x - w), abs(py - y), abs(py - y - h)) if (x - 0.01 <= px <= x + w + 0.01 and y - 0.01 <= py <= y + h + 0.01) else 99


def test_an_svg_cut_file_draws_each_piece_where_it_lies_on_the_page():
    shapes = [CutShape(*piece) for piece in PIECES]
    svg = ET.fromstring(cut_svg(*PAGE, shapes, "Heroes & <Villains>"))
    assert (svg.get("width"), svg.get("height"), svg.get("viewBox")) == ("210mm", "297mm", "0 0 210 297")
    assert svg.find(f"{SVG}title").text == "Heroes & <Villains>"
    group = svg.find(f"{SVG}g")
    assert group.get("fill") == "none" and group.get("stroke")  # a line to cut along, nothing filled
    rect, rounded, circle, flat, pointy = list(group)
    assert [float(rect.get(k)) for k in ("x", "y", "width", "height")] == [20.0, 30.0, 63.5, 88.9] and rect.get("rx") is None
    assert [float(rounded.get(k)) for k in ("x", "y", "width", "height", "rx")] == [100.0, 30.0, 63.5, 88.9, 3.0]
    assert [float(circle.get(k)) for k in ("cx", "cy", "r")] == pytest.approx([45.4, 176.45, 25.1], abs=1e-9)  # the circle its box holds, centred in it
    for element, (shape, *box) in ((flat, PIECES[3]), (pointy, PIECES[4])):
        points = {tuple(round(float(v), 3) for v in p.split(",")) for p in element.get("points").split()}
        assert points == hexagon_corners(shape.pointy, *box)
    assert not (group.text or "").strip() and not any((e.tail or "").strip() for e in group)  # the cut lines and nothing else
    (triangle,) = ET.fromstring(cut_svg(*PAGE, [CutShape(*TRIANGLE)], "t")).find(f"{SVG}g")
    assert triangle.tag == f"{SVG}polygon" and triangle.get("points") == "30.25,240.5 70.25,240.5 50.25,270.5"


def test_an_svg_cut_files_positions_are_exact_to_a_tenth_of_a_micrometre_and_written_no_finer():
    """Cut files of the same cuts are the same bytes: each position to 0.1 µm (four decimals of a mm), never the float
    noise of the sums that placed it."""
    import re

    third = 100 / 3
    shapes = [CutShape(Shape(), third, third, third, third), CutShape(Shape("rounded", radius=third / 10), third, 2 * third, third, third),
              CutShape(Shape("circle"), 2 * third, third, third, third / 2), CutShape(Shape("hexagon"), 2 * third, 2 * third, third, third)]
    svg = cut_svg(*PAGE, shapes, "thirds").decode()
    numbers = re.findall(r'(?:x|y|width|height|rx|cx|cy|r|points)="([^"]+)"', svg)
    values = [v for group in numbers for v in re.split(r"[ ,]", group)]
    assert values and all(len(v.partition(".")[2]) <= 4 for v in values), values
    rect, rounded, circle, _ = ET.fromstring(svg).find(f"{SVG}g")
    assert [float(rect.get(k)) for k in ("x", "y", "width", "height")] == pytest.approx([third] * 4, abs=0.00005)
    assert float(rounded.get("rx")) == pytest.approx(third / 10, abs=0.00005)
    assert [float(circle.get(k)) for k in ("cx", "cy", "r")] == pytest.approx([2.5 * third, 1.25 * third, third / 4], abs=0.00005)


def _polylines(doc):
    return [[(x, y, b) for x, y, *_, b in poly.get_points("xyseb")] for poly in doc.modelspace().query("LWPOLYLINE")]


def test_a_dxf_cut_file_is_in_mm_y_up_with_each_closed_piece_one_closed_line_and_the_page_corners_apart():
    data = cut_dxf(*PAGE, [CutShape(*piece) for piece in PIECES])
    assert data == cut_dxf(*PAGE, [CutShape(*piece) for piece in PIECES])  # the same cuts, the same bytes
    doc = ezdxf.read(io.StringIO(data.decode()))
    assert doc.units == 4  # millimetres
    assert (doc.layers.get("CUT").dxf.color, doc.layers.get("PAGE").dxf.color) == (1, 8)  # cut lines red, as the SVG's; the page grey
    text = [line.strip() for line in data.decode().splitlines()]
    for key in ("$VERSIONGUID", "$FINGERPRINTGUID"):  # no identifier and no time of its own: the same cuts, the same bytes
        assert text[text.index(key) + 2] == "{00000000-0000-0000-0000-000000000000}"
    assert ezdxf.__version__ not in data.decode() and {doc.ezdxf_metadata().get(k) for k in ("CREATED_BY_EZDXF", "WRITTEN_BY_EZDXF")} == {"pnp"}
    msp = doc.modelspace()
    corners = {(p.dxf.location.x, p.dxf.location.y) for p in msp.query("POINT")}
    assert corners == {(0, 0), (210, 0), (210, 297), (0, 297)}
    assert {p.dxf.layer for p in msp.query("POINT")} == {"PAGE"} and {e.dxf.layer for e in msp if e.dxftype() != "POINT"} == {"CUT"}
    (circle,) = msp.query("CIRCLE")
    assert tuple(circle.dxf.center) == pytest.approx((45.4, 297 - 176.45, 0)) and circle.dxf.radius == pytest.approx(25.1)
    polys = msp.query("LWPOLYLINE")
    assert len(polys) == 4 and all(p.closed for p in polys)
    rect = {(round(x, 6), round(y, 6)) for x, y, *_ in polys[0].get_points("xyseb")}
    assert rect == {(20.0, 267.0), (83.5, 267.0), (83.5, 178.1), (20.0, 178.1)}  # 30 and 118.9 mm from the top
    for poly, (shape, *box) in ((polys[2], PIECES[3]), (polys[3], PIECES[4])):
        points = {(round(x, 3), round(297 - y, 3)) for x, y, *_ in poly.get_points("xyseb")}
        assert points == hexagon_corners(shape.pointy, *box)
    # the rounded rectangle: four arcs of 3 mm, each a quarter turn, between straight sides; every point on the cut
    points = list(polys[1].get_points("xyb"))
    bulged = [(p, q) for p, q in zip(points, points[1:] + points[:1], strict=True) if p[2]]
    assert len(points) == 8 and len(bulged) == 4
    for (x1, y1, bulge), (x2, y2, _) in bulged:
        assert abs(bulge) == pytest.approx(math.tan(math.pi / 8))  # a quarter turn
        assert math.dist((x1, y1), (x2, y2)) / 2 / math.sin(2 * math.atan(abs(bulge))) == pytest.approx(3.0)
        # the arc's middle: the chord's middle moved by the sagitta, to the right of the chord where the arc turns
        # anticlockwise (a positive bulge), to its left where it turns clockwise
        chord = math.dist((x1, y1), (x2, y2))
        nx, ny = (y2 - y1) / chord, -(x2 - x1) / chord
        mx, my = (x1 + x2) / 2 + bulge * chord / 2 * nx, (y1 + y2) / 2 + bulge * chord / 2 * ny
        assert off_the_cut(*PIECES[1], mx, 297 - my) < 1e-6, (mx, my)
    for x, y, _ in points:
        assert off_the_cut(*PIECES[1], x, 297 - y) < 1e-6


def test_a_dxf_open_outline_keeps_its_lines_and_arcs_where_they_lie():
    """A box net's outline: its straight pieces and arcs (y down, sweep in degrees) come y up, each arc between the same
    two points."""
    arc = ("A", 50.0, 60.0, 10.0, 0.0, 90.0)  # from (60, 60) to (50, 70), y down
    net = CutPath((("L", 10.0, 20.0, 40.0, 20.0), arc, ("A", 50.0, 60.0, 10.0, 180.0, -90.0), ("A", 50.0, 60.0, 10.0, 0.0, -0.5)))
    doc = ezdxf.read(io.StringIO(cut_dxf(*PAGE, [net]).decode()))
    (line,) = doc.modelspace().query("LINE")
    assert tuple(line.dxf.start) == (10.0, 277.0, 0) and tuple(line.dxf.end) == (40.0, 277.0, 0)
    assert {e.dxf.layer for e in doc.modelspace() if e.dxftype() != "POINT"} == {"CUT"}
    ends = []
    arcs = doc.modelspace().query("ARC")
    for a, turn in zip(arcs, (90, 90, 0.5), strict=True):
        assert (a.dxf.center.x, a.dxf.center.y, a.dxf.radius) == (50.0, 237.0, 10.0)
        assert (a.dxf.end_angle - a.dxf.start_angle) % 360 == pytest.approx(turn)  # its own turn, not the rest of the circle
        ends.append({(round(p.x, 6), round(p.y, 6)) for p in (a.start_point, a.end_point)})
    assert ends[:2] == [{(60.0, 237.0), (50.0, 227.0)}, {(40.0, 237.0), (50.0, 227.0)}]
    lone = ezdxf.read(io.StringIO(cut_dxf(*PAGE, [CutPath((("L", 10.0, 20.0, 40.0, 20.0),))]).decode())).modelspace()
    assert [e.dxftype() for e in lone if e.dxftype() != "POINT"] == ["LINE"]  # one straight cut is a line, not a circle


def _drawn(draw) -> tuple[list, list]:
    """What `draw(canvas)` strokes on an A4 page: every point its paths pass (mm from the top-left), and the operators."""
    from reportlab.pdfgen.canvas import Canvas

    out = io.BytesIO()
    c = Canvas(out, pagesize=(PAGE[0] * MM, PAGE[1] * MM), invariant=1, pageCompression=0)
    draw(c)
    c.showPage()
    c.save()
    def deep(value):  # a resource as plain values, a function's stream by its dictionary
        if isinstance(value, pikepdf.Stream):
            return {**deep(value.stream_dict), "body": value.read_bytes()}
        if isinstance(value, pikepdf.Dictionary):
            return {str(k): deep(v) for k, v in value.items()}
        if isinstance(value, pikepdf.Array):
            return [deep(v) for v in value]
        return streams.plain(value)

    with pikepdf.open(io.BytesIO(out.getvalue())) as pdf:
        ops = streams.operations(pdf.pages[0].obj)
        resources = deep(pdf.pages[0].Resources)
    points = []
    for operands, op in ops:
        if op in (b"m", b"l", b"c"):
            points += [(operands[i] / MM, PAGE[1] - operands[i + 1] / MM) for i in range(0, len(operands), 2)]
        elif op == b"re":
            x, y, w, h = operands
            points += [(x / MM, PAGE[1] - y / MM), ((x + w) / MM, PAGE[1] - (y + h) / MM)]
    return points, ops, resources


@pytest.mark.parametrize("piece", [*PIECES, TRIANGLE], ids=["rectangle", "rounded", "circle", "flat", "pointy", "outline"])
def test_a_cut_line_stroked_on_the_page_runs_along_the_pieces_cut(piece):
    """The print shop's CutContour stroke of each piece: every point of its path on the cut (a curve's control points
    may lie off it: its ends do), and the path reaching each side of the piece's box."""
    shape, x, y, w, h = piece
    points, ops, _ = _drawn(lambda c: CutShape(*piece).stroke(c, PAGE[1]))
    ends = []
    for operands, op in ops:
        if op in (b"m", b"l", b"c"):
            ends.append((operands[-2] / MM, PAGE[1] - operands[-1] / MM))
        elif op == b"re":
            ends += points[-2:]
    assert ends
    names = [op for _, op in ops]
    assert b"S" in names and not {b"f", b"f*", b"B", b"B*", b"b", b"b*"} & set(names)  # a line, nothing filled
    if shape.kind == "hexagon":
        assert {(round(px, 3), round(py, 3)) for px, py in ends} == hexagon_corners(shape.pointy, x, y, w, h)
        assert names.count(b"l") == 5  # one line from each corner to the next
    elif shape.kind == "outline":
        assert {(round(px, 3), round(py, 3)) for px, py in ends} == {(30.25, 240.5), (70.25, 240.5), (50.25, 270.5)} and names.count(b"l") == 2
    else:
        assert all(off_the_cut(shape, x, y, w, h, px, py) < 0.01 for px, py in ends), ends
        size = min(w, h) if shape.kind == "circle" else None
        box = (x + (w - size) / 2, y + (h - size) / 2, size, size) if size else (x, y, w, h)
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        assert (min(xs), min(ys), max(xs), max(ys)) == pytest.approx((box[0], box[1], box[0] + box[2], box[1] + box[3]), abs=0.01)


def test_a_nets_cut_line_stroked_on_the_page_joins_its_lines_and_arcs_where_they_lie():
    net = CutPath((("L", 10.0, 20.0, 40.0, 20.0), ("A", 50.0, 60.0, 10.0, 0.0, 90.0)))
    points, ops, _ = _drawn(lambda c: net.stroke(c, PAGE[1]))
    turned = CutPath((("A", 50.0, 60.0, 10.0, 90.0, -120.0),))  # from the bottom, a third of a turn anticlockwise on the page
    _, arc_ops, _ = _drawn(lambda c: turned.stroke(c, PAGE[1]))
    arc = [(o[-2] / MM, PAGE[1] - o[-1] / MM) for o, op in arc_ops if op in (b"m", b"c")]
    assert math.dist(arc[0], (50.0, 70.0)) < 0.01 and math.dist(arc[-1], (50 + 10 * math.cos(math.radians(-30)), 55.0)) < 0.01, arc
    assert any(math.dist(p, (10.0, 20.0)) < 0.001 for p in points) and any(math.dist(p, (40.0, 20.0)) < 0.001 for p in points)
    curve_ends = [(operands[-2] / MM, PAGE[1] - operands[-1] / MM) for operands, op in ops if op in (b"m", b"c")][1:]
    assert curve_ends and all(abs(math.dist(p, (50.0, 60.0)) - 10.0) < 0.01 for p in curve_ends)
    assert {(round(px, 2), round(py, 2)) for px, py in curve_ends} >= {(60.0, 60.0), (50.0, 70.0)} or \
        {(round(px, 2), round(py, 2)) for px, py in curve_ends} >= {(60.0, 60.0), (50.0, 50.0)}


def test_the_print_shops_cut_lines_are_a_thin_overprinting_cutcontour_stroke():
    points, ops, resources = _drawn(lambda c: draw_cut_contour(c, [CutShape(*PIECES[0])], PAGE[1]))
    names = [op for _, op in ops]
    assert b"S" in names and points
    widths = [operands[0] for operands, op in ops if op == b"w"]
    assert widths == [0.25]
    (space,) = resources["/ColorSpace"].values()
    assert space[:3] == ["/Separation", "/CutContour", "/DeviceCMYK"]
    stack = [1.0]  # the tint transform (a PostScript calculator function) at the whole tint
    for word in space[3]["body"].decode().strip("{}").split():
        if word == "exch":
            stack[-2:] = stack[:-3:-1]
        elif word == "dup":
            stack.append(stack[-1])
        elif word == "pop":
            stack.pop()
        elif word == "mul":
            stack.append(stack.pop() * stack.pop())
        else:
            stack.append(float(word))
    assert stack == [0, 1, 0, 0]  # shown as full magenta where the separation is not known
    assert [list(o) for o, op in ops if op in (b"SCN", b"scn")] == [[1]]  # the whole tint
    state = {}
    for operands, op in ops:  # the graphics states in force when the line is stroked
        if op == b"gs":
            state.update(resources["/ExtGState"][operands[0]])
        elif op == b"S":
            break
    assert state.get("/OP") is True and state.get("/OPM") == 1, state


def test_silhouettes_marks_are_its_square_and_two_corners_ten_mm_in_and_pieces_keep_two_mm_off_them():
    """Studio's "Type 1": a filled 5 mm square top-left, L-shaped corners of 20 mm arms 0.5 mm thick top-right and
    bottom-left, 10 mm in from the edges; its pieces keep 17 mm from every edge (10 + 5 + 2), or 12.5 mm inside its
    marks (10 + 0.5 + 2) where they keep off them."""
    silhouette = CUTTERS["silhouette"]
    w, h = PAGE
    marks = silhouette.marks(w, h)
    assert sorted(marks) == sorted([(10, 10, 5, 5), (w - 30, 10, 20, 0.5), (w - 10.5, 10, 0.5, 20), (10, h - 10.5, 20, 0.5), (10, h - 30, 0.5, 20)])
    assert silhouette.margin(w, h) == 17.0 and silhouette.inset(w, h) == 12.5 and silhouette.svg and not silhouette.spot
    assert sorted(silhouette.keep_out(w, h)) == sorted((x - 2, y - 2, mw + 4, mh + 4) for x, y, mw, mh in marks)
    avoid = silhouette.avoid(w, h)  # µm from the bottom-left, as the planner counts
    assert (8000, round((h - 17) * 1000), 17000, round((h - 8) * 1000)) in avoid  # the square, grown by 2 mm
    assert len(avoid) == 5
    _, ops, _ = _drawn(lambda c: silhouette.draw_marks(c, w, h))
    filled = sorted((round(o[0] / MM, 3), round(PAGE[1] - (o[1] + o[3]) / MM, 3), round(o[2] / MM, 3), round(o[3] / MM, 3)) for o, op in ops if op == b"re")
    assert filled == sorted(marks) and {b"f", b"f*"} & {op for _, op in ops}
    assert [tuple(o) for o, op in ops if op == b"rg"] == [(0, 0, 0)]  # black


def test_cricuts_frame_surrounds_its_print_area_centred_and_a_print_shop_has_no_marks():
    """Design Space's Print Then Cut: its largest print area, 6.75 × 9.25 in, centred (no more than the page less 20 mm
    a side), inside a 1 mm frame 2 mm outside it; a print shop's cut is the CutContour stroke, no mark, no margin."""
    cricut = CUTTERS["cricut"]
    for w, h in ((215.9, 279.4), (148.0, 210.0)):  # Letter; A5, whose page less 20 mm a side is the smaller area
        aw, ah = min(6.75 * 25.4, w - 40), min(9.25 * 25.4, h - 40)
        ax, ay = (w - aw) / 2, (h - ah) / 2
        assert cricut.margin(w, h) == pytest.approx(max(ax, ay))
        # four bars 1 mm wide, 2 mm outside the area, meeting at its corners: above, below, left, right
        bars = [(ax - 3, ay - 3, aw + 6, 1.0), (ax - 3, ay + ah + 2, aw + 6, 1.0), (ax - 3, ay - 3, 1.0, ah + 6), (ax + aw + 2, ay - 3, 1.0, ah + 6)]
        assert sorted(tuple(round(v, 6) for v in bar) for bar in cricut.marks(w, h)) == sorted(tuple(round(v, 6) for v in bar) for bar in bars)
    shop = CUTTERS["print-shop"]
    assert shop.marks(w, h) == [] and shop.margin(w, h) == 0 and shop.spot and not shop.svg and shop.inset is None


def test_a_nets_svg_path_draws_its_lines_and_arcs_between_their_ends():
    """A box net's outline in the SVG: each straight piece "M x1,y1 L x2,y2", each arc "M start A r,r 0 large sweep end"
    (y down: a positive sweep turns clockwise on the page, SVG's sweep flag 1), positions to 0.1 µm."""
    import re

    net = CutPath((("L", 10.0, 20.0, 40.25, 20.0), ("A", 50.0, 60.0, 10.0, 0.0, 90.0), ("A", 50.0, 60.0, 10.0, 180.0, -270.0),
                   ("A", 50.0, 60.0, 10.0, 0.0, 180.5), ("A", 50.0, 60.0, 10.0, 0.0, 0.5)))
    d = ET.fromstring(cut_svg(*PAGE, [net], "net")).find(f"{SVG}g")[0].get("d")
    pieces = re.findall(r"M(\S+),(\S+) (?:L(\S+),(\S+)|A(\S+),(\S+) 0 (\d) (\d) (\S+),(\S+))", d)
    assert len(pieces) == 5
    line, quarter, three, past_half, sliver = ([float(v) if v else None for v in p] for p in pieces)
    assert past_half[6:8] == [1, 1] and sliver[6:8] == [0, 1]  # just past half a turn is the large arc; the least sweep still clockwise
    assert line[:4] == [10.0, 20.0, 40.25, 20.0]
    assert quarter[:2] == [60.0, 60.0] and quarter[4:] == [10.0, 10.0, 0, 1, 50.0, 70.0]  # from the right to the bottom
    assert three[:2] == [40.0, 60.0] and three[4:] == pytest.approx([10.0, 10.0, 1, 0, 50.0, 50.0])  # the long way, anticlockwise
    points, _, _ = _drawn(lambda c: net.stroke(c, PAGE[1]))
    assert any(math.dist(p, (40.25, 20.0)) < 0.001 for p in points)
