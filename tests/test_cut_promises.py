"""Where the card sheets put their cuts and what each piece shows around them (issue 101 item 1), read back from the
sheet PDF a build writes: its content streams (tests/streams.py, tests/printable.py) for lines and clips to a
hundredth of a millimetre, its raster (pypdfium2) for what prints. Each test builds a game of its own, a deck or two
of blank or banded faces, so that each promise is held by the test that builds it (under bench/mutation.py a test is
run against the mutants its own build reaches). The expected figures are print geometry: a card's size, a 1 mm bleed
around a piece with no straight cut, a hexagon's bleed reaching 1 / cos 30° past its corners, the gutter asked for.
How a die-cut outline file is read and checked is tests/test_outline_promises.py's.
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


@pytest.mark.parametrize(("rotation", "language", "fold"), [("180", "en", "fold"), ("0", "de", "falzen"), (None, "en", "fold")])
def test_a_gutterfold_sheet_turns_each_back_as_asked_and_draws_the_fold_between_fronts_and_backs(tmp_path, rotation, language, fold):
    """--layout gutterfold: a card printed once and one printed twice, their backs on the same side of the sheet across
    the fold from their fronts. With --fold-rotation 180 each back's top-left corner prints at its slot's bottom-right
    (turned half a turn, as a form placed twice and as a face drawn once alike), as without the option (docs/commands.md:
    `--fold-rotation 0` for backs upright rather than turned); with 0 it stays top-left. A dashed line
    runs along the fold, halfway between each front and its back, across the grid, labelled at each end in the
    edition's language ('fold'; 'falzen' in a German edition)."""
    import marks
    import pypdfium2 as pdfium

    cards = "name: Cards\nsize: 60 x 80\nfront: cuts/front.j2\nback: cuts/back.j2\ncards:\n  - {id: once, count: 1}\n  - {id: twice, count: 2}\n"
    pdf = build(tmp_path, {"cards": cards}, {"front": FRONT, "back": BACK}, "--only", "cards", "--layout", "gutterfold",
                *(("--fold-rotation", rotation) if rotation else ()), game=GAME + f"languages: [{language}]\n")
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
        assert turned == (rotation != "0") and (turned or (across < 0.5 and down < 0.5)), (box, across, down)
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
