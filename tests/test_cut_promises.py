"""Where the card sheets put their cuts and what each piece shows around them (issue 101 item 1), read back from the
sheet PDF a build writes: its content streams (tests/streams.py, tests/printable.py) for lines and clips to a
hundredth of a millimetre, its raster (pypdfium2) for what prints. Each test builds a game of its own, a deck or two
of blank or banded faces, so that each promise is held by the test that builds it (under bench/mutation.py a test is
run against the mutants its own build reaches). The expected figures are print geometry: a card's size, a 1 mm bleed
around a piece with no straight cut, a hexagon's bleed reaching 1 / cos 30° past its corners, the gutter asked for.
The last tests hold the die-cut outline's crossing check at its edges: a curve of as many corners as an outline may
have is taken wherever its drawing puts it, a path too intricate to check is refused with what to do, and crossings
are found where the search's grid files no other side beside them.
"""
from __future__ import annotations

import itertools
import math
from pathlib import Path

import numpy as np
import pytest
import streams
from conftest import run_pnp
from printable import faces_of

MM = 72 / 25.4  # PDF points a millimetre
CURVED_BLEED = 1.0  # a round or hex card's art runs 1 mm past its cut (docs/components.md): a hand cut wanders that far
HEX = (38.0, 38.0 * 3**0.5 / 2)  # a flat-top regular hexagon 38 mm across its corners, 32.909 mm across its sides
GAME = "title: Cuts\nstamps: false\npitch: Cuts.\nplayers: {min: 2, max: 4}\nage: 8\nplay_time: 15\n"
DECK = "name: {name}\nsize: {size}\nshape: {shape}\nfront: cuts/{front}.j2\n{back}cards:\n  - {{id: {id}, count: {count}}}\n"
# a face that paints only its bleed, the band outside its trim: whatever of it a sheet shows lies past the trim
BAND = ('{% set b = face.bleed %}{{ rect(-b, -b, face.w + 2 * b, b, fill="#000000") }}{{ rect(-b, face.h, face.w + 2 * b, b, fill="#000000") }}'
        '{{ rect(-b, 0, b, face.h, fill="#000000") }}{{ rect(face.w, 0, b, face.h, fill="#000000") }}')


def deck(name: str, size, count: int, shape: str = "rect", front: str = "blank", back: str | None = None) -> str:
    """A deck's YAML: `count` copies of one card of `size` cut to `shape`, its faces drawn by the game's templates."""
    return DECK.format(name=name, size=size, shape=shape, front=front, id=name.lower(), count=count,
                       back=f"back: cuts/{back}.j2\n" if back else "")


def build(root: Path, decks: dict[str, str], templates: dict[str, str], *args: str, tokens: str = "", game: str = GAME) -> Path:
    """A game `cuts` of these decks (and token sets) and templates under `root`, built with `args`: its one sheet PDF."""
    (root / "data/cuts/decks").mkdir(parents=True)
    (root / "templates/cuts").mkdir(parents=True)
    (root / "data/cuts/game.yaml").write_text(game)
    for name, text in {"blank": "", **templates}.items():
        (root / f"templates/cuts/{name}.j2").write_text(text)
    for name, text in decks.items():
        (root / f"data/cuts/decks/{name}.yaml").write_text(text)
    if tokens:
        (root / "data/cuts/tokens.yaml").write_text(tokens)
    result = run_pnp(root, "build", *args, "--out", str(root / "out"), "cuts")
    assert result.exit_code == 0, result.output + result.stderr
    pdfs = sorted((root / "out/cuts").glob("*.pdf"))
    assert len(pdfs) == 1, pdfs
    return pdfs[0]


def trims(pdf: Path, index: int = 0) -> list[tuple[float, float, float, float]]:
    """Each piece's trim on page `index` as (x0, y0, x1, y1) in mm from the page's bottom-left, read from the content
    stream (a face is drawn clipped to its bleed box, in its own coordinates from its trim's corner: tests/printable.py)."""
    return [(f.trim.x0 / MM, f.trim.y0 / MM, f.trim.x1 / MM, f.trim.y1 / MM) for f in faces_of(streams.Document(pdf), index)]


def page_clips(pdf: Path, index: int = 0) -> list[list[tuple[float, float]]]:
    """The clipping paths page `index` sets at its own level out of moves and lines (a face sets its bleed box with
    `re`), each as its corners in mm from the page's bottom-left."""
    page = streams.Document(pdf).page(index)
    clips, path, ctm, stack = [], [], (1.0, 0.0, 0.0, 1.0, 0.0, 0.0), []
    for operands, op in page.operations:
        if op == b"q":
            stack.append(ctm)
        elif op == b"Q":
            ctm = stack.pop()
        elif op == b"cm":
            a, b, c, d, e, f = (float(v) for v in operands)
            A, B, C, D, E, F = ctm
            ctm = (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)
        elif op in (b"m", b"l"):
            x, y = float(operands[0]), float(operands[1])
            path.append(((x * ctm[0] + y * ctm[2] + ctm[4]) / MM, (x * ctm[1] + y * ctm[3] + ctm[5]) / MM))
        elif op in (b"W", b"W*") and path:
            clips.append(path)
        elif op in (b"n", b"S", b"f", b"B", b"re"):  # a path painted or a rectangle begun: the moves and lines so far are done
            path = []
    return clips


# ---------------------------------------------------------------------------------------------------------------------
# a grid bleeding at its outer edges only (--bleed-edges): each face shows its trim where another meets it


def _sides_met(trim, others) -> dict[str, bool]:
    """Which sides of `trim` (left, bottom, right, top) another trim of the page touches along a stretch of it."""
    x0, y0, x1, y1 = trim
    along_y = lambda o: min(o[3], y1) - max(o[1], y0) > 1  # noqa: E731
    along_x = lambda o: min(o[2], x1) - max(o[0], x0) > 1  # noqa: E731
    return {"left": any(abs(o[2] - x0) < 0.01 and along_y(o) for o in others), "right": any(abs(o[0] - x1) < 0.01 and along_y(o) for o in others),
            "bottom": any(abs(o[3] - y0) < 0.01 and along_x(o) for o in others), "top": any(abs(o[1] - y1) < 0.01 and along_x(o) for o in others)}


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_a_card_bleeding_at_the_grids_edges_shows_its_trim_where_a_card_meets_it_and_its_bleed_past_the_grid(tmp_path, duplex):
    """Eight 60 × 85 mm cards with backs, --bleed-edges, 3 × 3 on Letter with one slot empty (the last on the fronts;
    on the backs, mirrored as the paper turns on its long or short edge, another corner): on each side each face is
    clipped to a rectangle that is its trim on every side another card's trim touches, and its trim grown by the sheet's
    bleed on every side none does (the grid's outer edges, and the empty slot's), though a card sits across the corner.
    The bleed is one figure a side of the page, at most the 3 mm a bleed build draws: the full 3 mm across the side and
    top margins (17.95 and 12.2 mm), less across the foot, whose margin holds the footer too. Read as the PDF clips, to
    0.001 mm: a neighbour's bleed 1 µm over a shared cut, or one side's bleed given to another, is a failure here."""
    pdf = build(tmp_path, {"cards": deck("Cards", "60 x 85", 8, front="band", back="band")}, {"band": BAND}, "--only", "cards",
                "--bleed-edges", "--duplex", duplex)
    for index in (0, 1):  # the fronts, the backs
        laid = trims(pdf, index)
        assert len(laid) == 8
        for x0, y0, x1, y1 in laid:
            assert abs(x1 - x0 - 60) < 0.001 and abs(y1 - y0 - 85) < 0.001
        clips = [c for c in page_clips(pdf, index) if len(c) == 4]
        bleeds: dict[str, set] = {"left": set(), "bottom": set(), "right": set(), "top": set()}
        for trim in laid:
            shown = next(box for box in (_extent(c) for c in clips) if box[0] - 0.001 <= trim[0] and trim[2] <= box[2] + 0.001
                         and box[1] - 0.001 <= trim[1] and trim[3] <= box[3] + 0.001)
            past = {"left": trim[0] - shown[0], "bottom": trim[1] - shown[1], "right": shown[2] - trim[2], "top": shown[3] - trim[3]}
            for side, met in _sides_met(trim, [t for t in laid if t is not trim]).items():
                if met:
                    assert abs(past[side]) < 0.001, (index, trim, side, past[side])  # cut back to its trim: no art over the shared cut
                else:
                    bleeds[side].add(round(past[side], 3))
        assert all(len(found) == 1 for found in bleeds.values()), (index, bleeds)  # one bleed a side of the page, the empty slot's too
        (left,), (bottom,), (right,), (top,) = (bleeds[s] for s in ("left", "bottom", "right", "top"))
        assert left == right == top == 3.0 and 0 < bottom < 3.0, (index, bleeds)


def _extent(points) -> tuple[float, float, float, float]:
    return min(x for x, _ in points), min(y for _, y in points), max(x for x, _ in points), max(y for _, y in points)


def test_a_banded_card_bleeding_at_the_grids_edges_prints_no_band_inside_any_trim(tmp_path):
    """The same eight cards, each painting only its bleed band black: on the printed page (600 dpi) every trim is white
    inside, however the faces are drawn over each other, and the band shows 3 mm deep past the grid's top and right
    edges and past the side of the card left of the empty slot (the card above it bleeds into it only as deep as
    the sheet's foot allows: the page's side decides, not the slot's)."""
    import pypdfium2 as pdfium

    pdf = build(tmp_path, {"cards": deck("Cards", "60 x 85", 8, front="band")}, {"band": BAND}, "--only", "cards", "--bleed-edges")
    doc = pdfium.PdfDocument(str(pdf))
    try:
        page = np.asarray(doc[0].render(scale=600 / 72, grayscale=True).to_pil().convert("L"), dtype=np.int16)
    finally:
        doc.close()
    px = 600 / 25.4
    height = page.shape[0] / px

    def region(x0, y0, x1, y1):  # mm from the page's bottom-left
        return page[round((height - y1) * px) : round((height - y0) * px), round(x0 * px) : round(x1 * px)]

    laid = trims(pdf)
    for x0, y0, x1, y1 in laid:
        assert region(x0 + 0.1, y0 + 0.1, x1 - 0.1, y1 - 0.1).min() > 200, (x0, y0)  # a whole white trim
    top = max(t[3] for t in laid)
    right = max(t[2] for t in laid)
    for x0, y0, x1, y1 in laid:
        if abs(y1 - top) < 0.01:
            assert region(x0 + 0.2, y1 + 0.2, x1 - 0.2, y1 + 2.8).max() < 60 and region(x0 + 0.2, y1 + 3.2, x1 - 0.2, y1 + 4).min() > 200
        if abs(x1 - right) < 0.01:
            assert region(x1 + 0.2, y0 + 0.2, x1 + 2.8, y1 - 0.2).max() < 60 and region(x1 + 3.2, y0 + 0.2, x1 + 4, y1 - 0.2).min() > 200
    empty = (right - 60, min(t[1] for t in laid), right, min(t[1] for t in laid) + 85)  # the last slot, bottom right
    assert region(empty[0] + 0.2, empty[1] + 0.2, empty[0] + 2.8, empty[3] - 3.2).max() < 60  # the band of the card left of it
    assert region(empty[0] + 3.2, empty[1] + 0.2, empty[2] - 0.2, empty[3] - 3.2).min() > 200  # none past it


# ---------------------------------------------------------------------------------------------------------------------
# a round or hex card: its cut line on its trim, its art kept to its bleed, its neighbours' bleeds apart


def grey_lines(pdf: Path, index: int = 0) -> list[list[tuple[float, float]]]:
    """The light grey cut lines page `index` strokes (a round or hex card's), in mm from the page's bottom-left."""
    page = streams.Document(pdf).page(index)
    return [[(x, page.height / MM - y) for x, y in path] for path in streams.grey_paths(page)]


def _centre(box) -> tuple[float, float]:
    return (box[0] + box[2]) / 2, (box[1] + box[3]) / 2


def _holding(box, paths):
    """The paths centred on `box`'s centre (within 1 mm): the cut line or clip drawn about that piece."""
    cx, cy = _centre(box)
    return [p for p in paths if abs(sum(x for x, _ in p) / len(p) - cx) < 1 and abs(sum(y for _, y in p) / len(p) - cy) < 1]


def test_a_round_and_a_hex_cards_cut_line_is_its_trim_and_its_art_is_clipped_at_its_bleed_to_a_hundredth_of_a_mm(tmp_path):
    """A 50 mm disc and a flat-top hexagon 38 mm across its corners: the grey line drawn around each is its cut, every
    corner of it 25 mm (the disc's) or 19 mm (the hexagon's) from the centre of its card's box, and the art is clipped
    at the cut grown by the 1 mm bleed: 26 mm out on the disc, 19 + 1 / cos 30° = 20.155 mm out to the hexagon's corners
    (each side pushed 1 mm out). Read from the PDF's paths, to 0.01 mm."""
    pdf = build(tmp_path, {"discs": deck("Discs", 50, 1, "round"), "hexes": deck("Hexes", f"{HEX[0]:g} x {HEX[1]:.3f}", 1, "hex")}, {},
                "--only", "cards")
    boxes = sorted(trims(pdf), key=lambda b: b[2] - b[0], reverse=True)
    assert [(round(b[2] - b[0], 3), round(b[3] - b[1], 3)) for b in boxes] == [(50.0, 50.0), (38.0, 32.909)]
    lines, clips = grey_lines(pdf), [c for c in page_clips(pdf) if len(c) > 4]
    for box, cut, grown in zip(boxes, (25.0, 19.0), (25.0 + CURVED_BLEED, 19.0 + CURVED_BLEED / math.cos(math.pi / 6)), strict=True):
        cx, cy = _centre(box)
        (line,) = _holding(box, lines)
        (clip,) = _holding(box, clips)
        for path, radius in ((line, cut), (clip, grown)):
            distances = [math.hypot(x - cx, y - cy) for x, y in path]
            assert max(abs(d - radius) for d in distances) < 0.01, (box, radius, min(distances), max(distances))
    hexagon = _holding(boxes[1], lines)[0]
    assert len(hexagon) == 6 and {round(y - _centre(boxes[1])[1], 2) for _, y in hexagon} == {0.0, round(HEX[1] / 2, 2), -round(HEX[1] / 2, 2)}  # flat top


def _grown_hexagon(corners, by: float):
    """A regular hexagon's corners pushed out from its centre so each side moves `by` mm out (its bleed's edge)."""
    cx, cy = sum(x for x, _ in corners) / 6, sum(y for _, y in corners) / 6
    k = by / math.cos(math.pi / 6)
    return [(x + (x - cx) / math.hypot(x - cx, y - cy) * k, y + (y - cy) / math.hypot(x - cx, y - cy) * k) for x, y in corners]


def _overlap(a, b) -> float:
    """How far two convex polygons overlap (mm, along the axis they overlap least on); 0 or less when apart."""
    least = math.inf
    for poly in (a, b):
        for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1], strict=True):
            nx, ny = y2 - y1, x1 - x2
            length = math.hypot(nx, ny)
            pa = [(x * nx + y * ny) / length for x, y in a]
            pb = [(x * nx + y * ny) / length for x, y in b]
            least = min(least, min(max(pa), max(pb)) - max(min(pa), min(pb)))
    return least


def _distance_to_polygon(point, poly) -> float:
    px, py = point
    best = math.inf
    for (ax, ay), (bx, by) in zip(poly, poly[1:] + poly[:1], strict=True):
        dx, dy = bx - ax, by - ay
        t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
        best = min(best, math.hypot(px - ax - t * dx, py - ay - t * dy))
    return best


def test_no_two_round_or_hex_cards_bleeds_overlap(tmp_path):
    """Twelve hexagons and twelve 50 mm discs, as the sheets nest them: no two pieces' bleeds overlap (a bleed over
    another piece's bleed prints one piece's art where the other is cut): discs' centres 52 mm apart or more; hexagons
    grown by their 1 mm bleed (their corners 1.155 mm out) apart, so two hexagons 2 mm apart corner to corner fail; and
    a disc's bleed clear of a hexagon's."""
    pdf = build(tmp_path, {"discs": deck("Discs", 50, 12, "round"), "hexes": deck("Hexes", f"{HEX[0]:g} x {HEX[1]:.3f}", 12, "hex")}, {},
                "--only", "cards")
    seen = {"discs": 0, "hexes": 0}
    for index in range(len(streams.Document(pdf))):
        lines = grey_lines(pdf, index)
        hexes = [_grown_hexagon(p, CURVED_BLEED) for p in lines if len(p) == 6]
        discs = [(sum(x for x, _ in p) / len(p), sum(y for _, y in p) / len(p)) for p in lines if len(p) > 6]
        seen["discs"] += len(discs)
        seen["hexes"] += len(hexes)
        for a, b in itertools.combinations(discs, 2):
            assert math.dist(a, b) >= 50 + 2 * CURVED_BLEED - 0.01, (index, a, b)
        for a, b in itertools.combinations(hexes, 2):
            assert _overlap(a, b) <= 0.01, (index, a[0], b[0], _overlap(a, b))
        for disc, grown in itertools.product(discs, hexes):
            assert _distance_to_polygon(disc, grown) >= 25 + CURVED_BLEED - 0.01, (index, disc, grown[0])
    assert seen == {"discs": 12, "hexes": 12}


# ---------------------------------------------------------------------------------------------------------------------
# the space between pieces: the gutter asked for, the tokens' own; crop marks on every cut line


def _gaps(boxes) -> set[float]:
    """The distances (mm, to 0.001) between each piece and its nearest neighbour to its right and above it."""
    out = set()
    for x0, y0, x1, y1 in boxes:
        right = [o[0] - x1 for o in boxes if o[0] > x1 - 0.01 and min(o[3], y1) - max(o[1], y0) > 1]
        above = [o[1] - y1 for o in boxes if o[1] > y1 - 0.01 and min(o[2], x1) - max(o[0], x0) > 1]
        out |= {round(min(d), 3) for d in (right, above) if d}
    return out


def test_cards_built_with_a_gutter_lie_that_far_apart_with_a_crop_mark_on_every_cut_line(tmp_path):
    """--gutter 4: nine 60 × 80 mm cards lie 4 mm apart across and down, and each cut line (both edges of every column
    and row of trims) has a crop mark on it: a line along it, outside the grid, in the sheet's margin."""
    import marks

    pdf = build(tmp_path, {"cards": deck("Cards", "60 x 80", 9)}, {}, "--only", "cards", "--gutter", "4")
    boxes = trims(pdf)
    assert len(boxes) == 9 and _gaps(boxes) == {4.0}, _gaps(boxes)
    grid = (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))
    segments = [(s.x0 / MM, s.y0 / MM, s.x1 / MM, s.y1 / MM) for s in marks.read(pdf)[0].segments]
    for x in {round(v, 3) for b in boxes for v in (b[0], b[2])}:
        assert any(abs(s[0] - x) < 0.01 and abs(s[2] - x) < 0.01 and (min(s[1], s[3]) >= grid[3] or max(s[1], s[3]) <= grid[1])
                   for s in segments), x
    for y in {round(v, 3) for b in boxes for v in (b[1], b[3])}:
        assert any(abs(s[1] - y) < 0.01 and abs(s[3] - y) < 0.01 and (min(s[0], s[2]) >= grid[2] or max(s[0], s[2]) <= grid[0])
                   for s in segments), y


TOKENS = """tokens:
  - {id: pawns, name: Pawns, shape: hexagon, size: 30, count: 6, front: cuts/blank.j2}
  - {id: walls, name: Walls, shape: square, size: 24, count: 6, front: cuts/blank.j2}
"""


def test_tokens_sit_2_mm_apart_whatever_their_shape(tmp_path):
    """Token art runs 1 mm past the cut and neighbours sit 2 mm apart (docs/components.md): six 30 mm hexagon and six
    24 mm square tokens, with no gutter asked for, lie 2 mm apart box to box, the hexagons as the squares (their art is
    kept to their box grown by the bleed, so their corners' bleeds meet no closer than a square's)."""
    pdf = build(tmp_path, {}, {}, "--only", "tokens", tokens=TOKENS)
    boxes = [b for index in range(len(streams.Document(pdf))) for b in trims(pdf, index)]
    hexes = [b for b in boxes if abs(b[3] - b[1] - 30) < 0.01]  # a hexagon token's box is square, its size corner to corner
    squares = [b for b in boxes if abs(b[3] - b[1] - 24) < 0.01]
    assert len(hexes) == len(squares) == 6, boxes
    assert _gaps(hexes) == _gaps(squares) == {2.0}, (_gaps(hexes), _gaps(squares))


# ---------------------------------------------------------------------------------------------------------------------
# a gutterfold sheet: backs beside their fronts across the fold, turned as asked, the fold line drawn between them

FRONT = '{{ rect(0, 0, face.w, face.h, fill="#ffc0c0") }}'
# a back filled light blue 2 mm inside its trim, a dark blue square in its top-left corner: where that square prints says
# how the back is turned
BACK = '{{ rect(2, 2, face.w - 4, face.h - 4, fill="#c0c0ff") }}{{ rect(2, 2, 10, 10, fill="#0000ff") }}'


def _fold_between(front, back) -> tuple[str, float]:
    """The line a front and its back (level with it, across the fold) mirror about: ("y", its height) for a back below
    or above its front, ("x", its place across) for one beside it, in mm to 0.01."""
    if abs(back[0] - front[0]) < 0.01:
        return "y", round((front[1] + back[3]) / 2 if back[3] < front[1] else (front[3] + back[1]) / 2, 2)
    return "x", round((front[2] + back[0]) / 2 if back[0] > front[2] else (front[0] + back[2]) / 2, 2)


@pytest.mark.parametrize(("rotation", "language", "fold"), [("180", "en", "fold"), ("0", "de", "falzen")])
def test_a_gutterfold_sheet_turns_each_back_as_asked_and_draws_the_fold_between_fronts_and_backs(tmp_path, rotation, language, fold):
    """--layout gutterfold: a card printed once and one printed twice, their backs on the same side of the sheet across
    the fold from their fronts. With --fold-rotation 180 each back's top-left corner prints at its slot's bottom-right
    (turned half a turn, as a form placed twice and as a face drawn once alike); with 0 it stays top-left. A dashed line
    runs along the fold, halfway between each front and its back, across the grid, labelled at each end in the
    edition's language ('fold'; 'falzen' in a German edition)."""
    import marks
    import pypdfium2 as pdfium

    cards = "name: Cards\nsize: 60 x 80\nfront: cuts/front.j2\nback: cuts/back.j2\ncards:\n  - {id: once, count: 1}\n  - {id: twice, count: 2}\n"
    pdf = build(tmp_path, {"cards": cards}, {"front": FRONT, "back": BACK}, "--only", "cards", "--layout", "gutterfold",
                "--fold-rotation", rotation, game=GAME + f"languages: [{language}]\n")
    boxes = trims(pdf)
    assert len(boxes) == 6
    doc = pdfium.PdfDocument(str(pdf))
    try:
        rgb = np.asarray(doc[0].render(scale=200 / 72).to_pil().convert("RGB"), dtype=np.int16)
        px, height = 200 / 25.4, rgb.shape[0] / (200 / 25.4)

        def pixels(box):  # the page's pixels inside a trim (mm from the bottom-left), top row first
            return rgb[round((height - box[3]) * px) : round((height - box[1]) * px), round(box[0] * px) : round(box[2] * px)]

        backs = [b for b in boxes if tuple(pixels(b)[pixels(b).shape[0] // 2, pixels(b).shape[1] // 2]) == (192, 192, 255)]
        fronts = [b for b in boxes if b not in backs]
        assert len(backs) == len(fronts) == 3
        folds = {_fold_between(front, next(b for b in backs if abs(b[0] - front[0]) < 0.01 or abs(b[1] - front[1]) < 0.01)) for front in fronts}
        assert len(folds) == 1, folds
        ((axis, at),) = folds
        width, tall = doc[0].get_size()
        near = (0, (at - 4) * MM, width, (at + 4) * MM) if axis == "y" else ((at - 4) * MM, 0, (at + 4) * MM, tall)
        labels = doc[0].get_textpage().get_text_bounded(*near)
    finally:
        doc.close()
    for box in backs:
        seen = pixels(box)
        rows, cols = np.nonzero((seen[..., 2] > 200) & (seen[..., 0] < 60) & (seen[..., 1] < 60))
        across, down = cols.mean() / seen.shape[1], rows.mean() / seen.shape[0]  # the square's centre, in fractions of the trim
        turned = across > 0.5 and down > 0.5
        assert turned == (rotation == "180") and (turned or (across < 0.5 and down < 0.5)), (box, across, down)
    long = [s for s in marks.read(pdf)[0].segments if math.dist((s.x0, s.y0), (s.x1, s.y1)) / MM > 100]
    assert any(abs((s.y0 if axis == "y" else s.x0) / MM - at) < 0.01 and abs((s.y1 if axis == "y" else s.x1) / MM - at) < 0.01 for s in long), (axis, at)
    assert labels.split() == [fold, fold], labels  # one label at each end of the line


def test_a_face_printed_on_several_slots_is_written_once_and_one_printed_once_is_drawn_in_its_page(tmp_path):
    """A card printed three times, one twice and one once: the PDF holds each repeated face once, a form placed on
    each of its slots (a deck of many copies stays small), and draws the single card in the page itself (no form of
    its own, one object less per card in a deck of unique cards). Each card paints its trim in a colour of its own,
    so where each colour is painted says where its face is written."""
    cards = ("name: Cards\nsize: 60 x 80\nfront: cuts/tinted.j2\ncards:\n  - {id: thrice, tint: '#00ff00', count: 3}\n"
             "  - {id: twice, tint: '#ff0000', count: 2}\n  - {id: once, tint: '#0000ff', count: 1}\n")
    pdf = build(tmp_path, {"cards": cards}, {"tinted": "{{ rect(0, 0, face.w, face.h, fill=card.tint) }}"}, "--only", "cards")
    page = streams.Document(pdf).page(0)
    forms = {name: x for name, x in page.xobjects.items() if x.subtype == "/Form"}
    placed = [operands[0] for operands, op in page.operations if op == b"Do"]

    def painted(operations) -> list[tuple[float, ...]]:
        return [tuple(round(float(v), 3) for v in operands) for operands, op in operations if op == b"rg"]

    in_forms = {name: painted(x.operations) for name, x in forms.items()}
    by_colour = {colour: [name for name, colours in in_forms.items() if colour in colours] for colour in ((0, 1, 0), (1, 0, 0), (0, 0, 1))}
    (green,), (red,) = by_colour[(0, 1, 0)], by_colour[(1, 0, 0)]
    assert placed.count(green) == 3 and placed.count(red) == 2, placed
    assert by_colour[(0, 0, 1)] == [] and painted(page.operations).count((0.0, 0.0, 1.0)) == 1
    assert painted(page.operations).count((0.0, 1.0, 0.0)) == painted(page.operations).count((1.0, 0.0, 0.0)) == 0


def test_tokens_on_the_last_card_sheet_keep_their_2_mm_where_the_cards_share_their_cuts(tmp_path):
    """Three poker cards leave most of their sheet free and six one-sided 24 mm square tokens fit there, so the tokens
    print on it (one PDF): the cards keep their shared cut lines, no gutter asked for, and the tokens their own 2 mm between
    neighbours, their art 1 mm past the cut."""
    walls = "tokens:\n  - {id: walls, name: Walls, shape: square, size: 24, count: 6, print_back: never, front: cuts/blank.j2}\n"
    pdf = build(tmp_path, {"cards": deck("Cards", "poker", 3)}, {}, "--only", "cards", "--only", "tokens", tokens=walls)
    boxes = trims(pdf)
    cards = [b for b in boxes if abs(b[2] - b[0] - 63.5) < 0.01]
    squares = [b for b in boxes if abs(b[2] - b[0] - 24) < 0.01]
    assert len(cards) == 3 and len(squares) == 6, boxes
    assert _gaps(cards) == {0.0} and _gaps(squares) == {2.0}, (_gaps(cards), _gaps(squares))


# ---------------------------------------------------------------------------------------------------------------------
# a die-cut outline checked for crossing itself: an intricate curve taken, a path too intricate to check refused, and
# crossings found wherever they lie in the search's grid


def _circle(n: int, cx: float, cy: float, r: float = 50.0) -> list[tuple[float, float]]:
    return [(cx + r * math.cos(2 * math.pi * i / n), cy + r * math.sin(2 * math.pi * i / n)) for i in range(n)]


@pytest.mark.parametrize("at", [(50.0, 50.0), (1e5, 1e5), (-1e5, -1e5)])
def test_a_curve_of_twenty_thousand_corners_is_checked_and_taken_wherever_its_drawing_puts_it(at):
    """A circle flattened to 19,999 corners (an outline may have 20,000) never crosses itself, and is checked in time
    whether its drawing's units put it at the origin or 100,000 units away on either side (a drawing exported with its
    page's offset): the search may not grow with where the path lies, only with its corners."""
    from pnp.data.outlines import first_crossing

    assert first_crossing(_circle(19_999, *at), "outlines/round.svg") is None


def _comb(teeth: int) -> list[tuple[float, float]]:
    """A comb of `teeth` long thin teeth across a 100 unit box, closed below: it never crosses itself, yet every side
    runs the box's whole height past every other side's neighbours."""
    return [(100 * i / (teeth - 1), 0.0 if i % 2 == 0 else 100.0) for i in range(teeth)] + [(100.0, -10.0), (0.0, -10.0)]


def test_a_path_too_intricate_to_check_is_one_error_at_its_shape_naming_its_file_and_corners(tmp_path):
    """An outline of 5,002 corners whose sides all run the drawing's whole height (a comb of 5,000 teeth) is more than
    the crossing check's bound of work: `pnp validate` says so once, at the deck's `shape:`, naming the file and its
    corners and asking for fewer, rather than spending minutes on it. A comb of 500 teeth is checked and taken."""
    (tmp_path / "data/cuts/decks/outlines").mkdir(parents=True)
    (tmp_path / "templates/cuts").mkdir(parents=True)
    (tmp_path / "data/cuts/game.yaml").write_text(GAME)
    (tmp_path / "templates/cuts/blank.j2").write_text("")
    for name, teeth in (("comb", 5_000), ("small", 500)):
        d = "M" + " L".join(f"{x:.4f},{y:g}" for x, y in _comb(teeth)) + " Z"
        (tmp_path / f"data/cuts/decks/outlines/{name}.svg").write_text(
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 -10 100 110"><path d="{d}"/></svg>')
        (tmp_path / f"data/cuts/decks/{name}.yaml").write_text(deck(name.title(), "40 x 44", 1, f"outlines/{name}.svg"))
    result = run_pnp(tmp_path, "validate", "cuts")
    errors = [line for line in result.stderr.splitlines() if ": error: " in line]
    assert result.exit_code == 1 and len(errors) == 1, result.stderr
    assert errors[0].startswith("data/cuts/decks/comb.yaml:3:8: error: "), errors
    assert "outline file outlines/comb.svg's 5,002 corners" in errors[0] and "simplify the path" in errors[0], errors
    assert "internal error" not in result.output + result.stderr


def test_two_sides_crossing_where_no_other_side_passes_are_found_where_they_cross():
    """Side A–B (y = x / 2) and side C–D cross at (50, 25), and the four sides between and after them run round far
    from there (along x = 100, y = 100, y = -50 and x = 0): the crossing is found, at that point, though no other side
    is filed beside the two."""
    from pnp.data.outlines import first_crossing

    path = [(0.0, 0.0), (100.0, 50.0), (100.0, 100.0), (60.0, 100.0), (40.0, -50.0), (0.0, -50.0)]
    found = first_crossing(path, "outlines/twisted.svg")
    assert found is not None and math.dist(found, (50.0, 25.0)) < 1e-9, found


@pytest.mark.parametrize("turned", range(4))
def test_a_bow_tie_whose_corners_lie_one_unit_of_turn_from_the_other_stroke_is_found_crossing(turned):
    """A bow tie whose strokes, (0.5, 1)–(0.5, -1) and (0, 0)–(1, 0), cross at (0.5, 0), each stroke's ends lying exactly
    one unit of turn (twice a triangle's area: 1 × 1) either side of the other stroke's line; drawn from either stroke
    first and either way along it, each of those turns is +1 or -1 in one of the four. Found crossing at (0.5, 0)."""
    from pnp.data.outlines import first_crossing

    upright, across = [(0.5, 1.0), (0.5, -1.0)], [(0.0, 0.0), (1.0, 0.0)]
    if turned & 1:
        upright = upright[::-1]
    path = upright + across if turned < 2 else across + upright
    found = first_crossing(path, "outlines/bow.svg")
    assert found is not None and math.dist(found, (0.5, 0.0)) < 1e-12, (path, found)


def test_an_outline_inside_nested_transforms_is_read_where_the_drawing_puts_it(tmp_path):
    """A triangle drawn inside a group scaled (2, 1) inside a group turned 30° and moved, as a path and as a polygon:
    read as the SVG rules place it (the inner transform first, then the outer), its corners in order, in fractions of
    the box they span, y down as the drawing's."""
    from pnp.data.outlines import read_outline

    corners = [(0.0, 0.0), (10.0, 0.0), (0.0, 5.0)]
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="-20 -20 60 60"><g transform="translate(5 -3) rotate(30)">'
           '<g transform="scale(2 1)"><path d="M0,0 L10,0 L0,5 Z"/></g></g></svg>')
    (tmp_path / "t.svg").write_text(svg)
    turn = math.radians(30)
    placed = [(5 + math.cos(turn) * 2 * x - math.sin(turn) * y, -3 + math.sin(turn) * 2 * x + math.cos(turn) * y) for x, y in corners]
    xs, ys = [x for x, _ in placed], [y for _, y in placed]
    want = [((x - min(xs)) / (max(xs) - min(xs)), (y - min(ys)) / (max(ys) - min(ys))) for x, y in placed]
    outline = read_outline(tmp_path / "t.svg", "t.svg", tmp_path, (40.0, 40.0))
    assert len(outline.points) == 3 and all(math.dist(a, b) < 1e-6 for a, b in zip(outline.points, want, strict=True)), (outline.points, want)
    assert abs(outline.aspect - (max(xs) - min(xs)) / (max(ys) - min(ys))) < 1e-6
    (tmp_path / "p.svg").write_text(svg.replace('<path d="M0,0 L10,0 L0,5 Z"/>', '<polygon points="0,0 10,0 0,5"/>'))  # the same, as a polygon
    polygon = read_outline(tmp_path / "p.svg", "p.svg", tmp_path, (40.0, 40.0))
    assert len(polygon.points) == 3 and all(math.dist(a, b) < 1e-6 for a, b in zip(polygon.points, want, strict=True)), (polygon.points, want)


SQUARE = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><path d="M0,0 L100,0 L100,100 L0,100 Z"/></svg>'
OUTLINE_FILES = {"square.svg": SQUARE, "open.svg": SQUARE.replace(" Z", ""), "broken.svg": "<svg", "icon file.svg": "<svg",
                 "two.svg": SQUARE.replace(" Z", "").replace("</svg>", '<path d="M10,10 L50,10 L50,50 Z"/></svg>')}
OUTLINE_DECKS = {  # deck → (its shape:, its size)
    "open": ("outlines/open.svg", "40 x 40"), "missing": ("outlines/nowhere.svg", "40 x 40"), "broken": ("outlines/broken.svg", "40 x 40"),
    "nul": ('"outlines/a\\0.svg"', "40 x 40"), "wide": ("outlines/square.svg", "60 x 40"), "tall": ("outlines/square.svg", "40 x 50"),
    "fits": ("outlines/square.svg", "40 x 40"), "named": ("outlines/icon file.svg", "40 x 40"), "two": ("outlines/two.svg", "40 x 40")}


def test_validate_says_each_outline_finding_once_at_its_shape_with_its_code_and_game(tmp_path):
    """`pnp validate` on decks and a token set whose outlines are open, missing, not SVG, not a file name, or drawn
    square for an oblong piece: each is one finding at its `shape:` value (line 3, column 8 of its deck; the token
    set's line), of the game `cuts`, with its code, naming the file as written; the summary counts them. A square
    outline filling 60 × 40 mm is stretched 60 / 40 = 1.5 times, said '50 % wider' with the size that keeps it
    square, 60 x 60 mm; on 40 × 50 mm it is 50 / 40 = 1.25 times as tall, '25 % taller', kept by 40 x 40 mm. A file
    whose own name holds the words 'icon file' is named as written; an open path beside a closed one is two paths. A
    corner radius on a round deck is one warning at it, saying what to do."""
    import json

    (tmp_path / "data/cuts/decks/outlines").mkdir(parents=True)
    (tmp_path / "data/cuts/outlines").mkdir(parents=True)
    (tmp_path / "templates/cuts").mkdir(parents=True)
    (tmp_path / "data/cuts/game.yaml").write_text(GAME)
    (tmp_path / "templates/cuts/blank.j2").write_text("")
    for name, text in OUTLINE_FILES.items():
        (tmp_path / f"data/cuts/decks/outlines/{name}").write_text(text)
    (tmp_path / "data/cuts/outlines/open.svg").write_text(OUTLINE_FILES["open.svg"])
    for name, (shape, size) in OUTLINE_DECKS.items():
        (tmp_path / f"data/cuts/decks/{name}.yaml").write_text(deck(name.title(), size, 1, shape))
    (tmp_path / "data/cuts/decks/disc.yaml").write_text(deck("Disc", 40, 1, "round") + "corner_radius: 3\n")
    (tmp_path / "data/cuts/tokens.yaml").write_text("tokens:\n  - {id: bits, name: Bits, shape: outlines/open.svg, size: 20, count: 1, front: cuts/blank.j2}\n")
    result = run_pnp(tmp_path, "validate", "--format", "json", "cuts")
    found = {f"{f['file'].split('/')[-1]}:{f['line']}:{f['column']}": f for f in json.loads(result.output)}
    assert set(found) == {f"{name}.yaml:3:8" for name in OUTLINE_DECKS if name != "fits"} | {"tokens.yaml:2:35", "disc.yaml:7:16"}, sorted(found)
    assert all(f["game"] == "cuts" for f in found.values()), found
    errors = {key: f["message"] for key, f in found.items() if f["severity"] == "error" and f["code"] == "outline-file"}
    warnings = {key: f["message"] for key, f in found.items() if f["severity"] == "warning" and f["code"] == "outline-stretched"}
    assert set(warnings) == {"wide.yaml:3:8", "tall.yaml:3:8"} and len(errors) == 7, found
    assert "outline file outlines/open.svg's path is open" in errors["open.yaml:3:8"] and "outlines/open.svg's path is open" in errors["tokens.yaml:2:35"]
    assert errors["missing.yaml:3:8"].startswith("shape: outline file outlines/nowhere.svg cannot be read (")
    assert errors["missing.yaml:3:8"].endswith("check it exists and you may read it")
    assert errors["broken.yaml:3:8"].startswith("shape: outline file outlines/broken.svg is not valid SVG")
    assert errors["named.yaml:3:8"].startswith("shape: outline file outlines/icon file.svg is not valid SVG")  # its name as written
    assert "is no file name: name an .svg file inside the game's folder" in errors["nul.yaml:3:8"]
    assert "outline file outlines/two.svg has 2 paths" in errors["two.yaml:3:8"]  # an open path and a closed one: two, however drawn
    wide, tall = warnings["wide.yaml:3:8"], warnings["tall.yaml:3:8"]
    assert "outline file outlines/square.svg is drawn 1 times as wide as high" in wide and " 50 % wider than drawn" in wide and "60 x 60 mm" in wide
    assert "outline file outlines/square.svg" in tall and " 25 % taller than drawn" in tall and "40 x 40 mm" in tall
    radius = found.pop("disc.yaml:7:16")  # a corner radius on a deck with no corners
    assert radius["code"] == "corner-radius-unused" and radius["message"] == (
        "corner_radius rounds a rect deck's corners, and a 'round' deck has none: remove it, or make the deck `shape: rect`"), radius
    text = run_pnp(tmp_path, "validate", "cuts")
    assert "cuts: 7 errors, 3 warnings" in text.output + text.stderr and "internal error" not in text.output + text.stderr


def _outline_svg(tmp_path: Path, name: str, body: str, box: str = "0 0 100 100") -> Path:
    (tmp_path / name).write_text(f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{box}">{body}</svg>')
    return tmp_path / name


def test_an_outline_is_closed_where_its_ends_meet_and_refused_where_it_encloses_nothing(tmp_path):
    """A square drawn back to its first corner without a Z is closed, its last corner the first (4 corners), and so is
    one whose ends miss by half a millionth of its size (ends a millionth apart or closer meet); a square drawn in a
    box half a unit wide is read as any other. A line drawn there and back (no height) and a triangle enclosing half a
    millionth of its box (0.005 of 100 × 100 units, its third corner off the diagonal) enclose nothing: each is
    refused as such."""
    from pnp.data.outlines import OutlineRefused, read_outline

    size = (40.0, 40.0)
    for name, d, box in (("back.svg", "M0,0 L100,0 L100,100 L0,100 L0,0", "0 0 100 100"),
                         ("near.svg", "M0,0 L100,0 L100,100 L0,100 L0.00005,0", "0 0 100 100"),
                         ("small.svg", "M0,0 L0.5,0 L0.5,0.5 L0,0.5 Z", "0 0 0.5 0.5")):
        points = read_outline(_outline_svg(tmp_path, name, f'<path d="{d}"/>', box), name, tmp_path, size).points
        assert len(points) == 4 and {(round(x, 4), round(y, 4)) for x, y in points} == {(0, 0), (1, 0), (1, 1), (0, 1)}, (name, points)
    for name, d in (("line.svg", "M0,50 L100,50 L40,50 L70,50 Z"), ("sliver.svg", "M0,0 L100,100 L50,50.0001 Z")):
        with pytest.raises(OutlineRefused, match="encloses nothing"):
            read_outline(_outline_svg(tmp_path, name, f'<path d="{d}"/>'), name, tmp_path, size)


def test_a_crossing_on_an_oblong_piece_is_placed_in_millimetres_across_and_down_it(tmp_path):
    """A bow tie filling a 60 × 40 mm piece crosses at its centre: 30.0 mm from the left and 20.0 mm from the top."""
    from pnp.data.outlines import OutlineRefused, read_outline

    with pytest.raises(OutlineRefused, match=r"crosses itself, 30\.0 mm from the left and 20\.0 mm from the top"):
        read_outline(_outline_svg(tmp_path, "bow.svg", '<path d="M0,0 L100,100 L100,0 L0,100 Z"/>'), "bow.svg", tmp_path, (60.0, 40.0))


def test_an_outline_of_twenty_thousand_corners_is_read_and_one_more_is_refused(tmp_path):
    """An outline may have 20,000 corners: a polygon of 20,000 is read whole, one of 20,001 refused saying so."""
    from pnp.data.outlines import OutlineRefused, read_outline

    for n in (20_000, 20_001):
        corners = " ".join(f"{x:.4f},{y:.4f}" for x, y in _circle(n, 50.0, 50.0))
        path = _outline_svg(tmp_path, f"c{n}.svg", f'<polygon points="{corners}"/>')
        if n == 20_000:
            assert len(read_outline(path, path.name, tmp_path, (40.0, 40.0)).points) == 20_000
        else:
            with pytest.raises(OutlineRefused, match="makes 20,001 corners, over 20,000"):
                read_outline(path, path.name, tmp_path, (40.0, 40.0))


@pytest.mark.parametrize("size", [(40.0, 40.0), (80.0, 20.0), (20.0, 80.0)])
@pytest.mark.parametrize("sideways", [False, True])
def test_a_curve_is_flattened_to_straight_pieces_within_its_tolerance_of_the_printed_curve(tmp_path, size, sideways):
    """An arch drawn as one quadratic curve, whose bend is the same all along (so the bound that sets the pieces is
    nearly met), upright or on its side, filling a square piece and oblong ones either way (its drawing stretched to
    them): every point of the true curve (its Bézier worked out here, 300 points a piece) lies within 0.02 mm of the
    straight pieces the outline is made of, measured in mm on the piece, along whichever axis the drawing is stretched
    more. (The bound was once set by the axis stretched less: 0.029 mm off on a square piece.)"""
    from pnp.data.outlines import FLATTEN_MM, read_outline

    p0, p1, p2 = (0.0, 100.0), (50.0, 0.0), (100.0, 100.0)  # the arch; its foot closed by a straight line
    if sideways:
        p0, p1, p2 = ((y, x) for x, y in (p0, p1, p2))
    path = _outline_svg(tmp_path, "arch.svg", f'<path d="M{p0[0]},{p0[1]} Q{p1[0]},{p1[1]} {p2[0]},{p2[1]} Z"/>', "0 0 100 100")
    corners = [(x * size[0], y * size[1]) for x, y in read_outline(path, "arch.svg", tmp_path, size).points]
    # the box the outline fills is its path's, control points and all: a quadratic's as the cubic it is (degree elevated:
    # controls two thirds of the way to its own), x 0..100, y 33.3..100
    controls = [p0, *(tuple(a + 2 / 3 * (p1[k] - a) for k, a in enumerate(end)) for end in (p0, p2)), p2]
    low, high = [min(c[k] for c in controls) for k in (0, 1)], [max(c[k] for c in controls) for k in (0, 1)]
    curve = [tuple(((1 - t) ** 2 * a + 2 * (1 - t) * t * b + t * t * c - low[k]) / (high[k] - low[k]) * size[k]
                   for k, (a, b, c) in enumerate(zip(p0, p1, p2, strict=True)))
             for t in (i / (300 * len(corners)) for i in range(300 * len(corners) + 1))]
    sides = list(zip(corners, corners[1:] + corners[:1], strict=True))
    worst = max(min(_to_side(point, a, b) for a, b in sides) for point in curve)
    assert len(corners) > 10 and worst <= FLATTEN_MM + 1e-9, (len(corners), worst)


def _to_side(point, a, b) -> float:
    (px, py), (ax, ay), (bx, by) = point, a, b
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
    return math.hypot(px - ax - t * dx, py - ay - t * dy)


def test_an_edit_to_a_token_sets_outline_alone_reaches_its_sheets(tmp_path):
    """The mirror of test_outline_shapes' deck edit: the token set's outline file (written in capitals, STAR.SVG) turned
    from a star into a triangle, the deck's left a star: the next build cuts the tokens as triangles and the cards as
    stars (the token sheets are kept by what they read, the set's outline among it)."""
    from test_outline_shapes import DECK, STAR, TOKENS, _svg_polygons, game, star_svg

    one = DECK.replace("count: 6", "count: 1")
    game(tmp_path, {"stars": one}, {"star.svg": star_svg()}, TOKENS.replace("count: 2", "count: 1").replace("outlines/star.svg", "outlines/STAR.SVG"))
    (tmp_path / "data/stars/outlines/star.svg").rename(tmp_path / "data/stars/outlines/STAR.SVG")
    build = ("build", "--only", "cards", "--only", "tokens", "--cutter", "silhouette", "stars")
    assert run_pnp(tmp_path, *build).exit_code == 0
    (tmp_path / "data/stars/outlines/STAR.SVG").write_text(star_svg("M0,0 L100,0 L50,100 Z"))
    result = run_pnp(tmp_path, *build)
    assert result.exit_code == 0, result.output + result.stderr
    assert [len(p) for p in _svg_polygons(tmp_path / "output/stars", kind="tokens")] == [3]
    assert [len(p) for p in _svg_polygons(tmp_path / "output/stars", kind="cards")] == [len(STAR)]
