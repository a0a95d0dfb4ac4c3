"""A round or hex card prints its cut line on its trim (issue 75 item 1): cut along it by hand and the piece comes out the
size its deck names, as the cutter files cut it, with or without --bleed. Measured on the page as printed: each sheet
rasterised at 600 dpi (0.042 mm a pixel), the light grey line found and its extent read, against the sizes geometry gives
(a 50 mm disc; a flat-top regular hexagon 38 mm across its corners is 38 × √3/2 = 32.909 mm across its sides). The line
used to sit on the bleed's outer edge: 52.1 mm and 40.4 × 35.1 mm read the same way.
"""
from __future__ import annotations

import shutil

import numpy as np
import pytest
from conftest import TEST_PROJECT, run_pnp

DPI = 600
LINE_MM = 0.3 * 25.4 / 72  # the outline's stroke: its outer edges read this much more than its centre line
HEX = (38.0, 38.0 * 3 ** 0.5 / 2)
GAME = "title: Shapes\nstamps: false\npitch: Shapes.\nplayers: {min: 2, max: 4}\nage: 8\nplay_time: 15\n"
DECK = "name: {name}\nsize: {size}\nshape: {shape}\nfront: shapes/blank.j2\ncards:\n  - {{id: {id}, count: 1}}\n"


@pytest.fixture(scope="module")
def shapes(tmp_path_factory):
    """A game of one 50 mm disc and one 38 mm hex card with blank fronts (the line is all that prints on them), built
    without and with --bleed: {False: its cards PDF, True: the --bleed one}."""
    root = tmp_path_factory.mktemp("cut-lines")
    (root / "data/shapes/decks").mkdir(parents=True)
    (root / "templates/shapes").mkdir(parents=True)
    (root / "data/shapes/game.yaml").write_text(GAME)
    (root / "templates/shapes/blank.j2").write_text("")
    (root / "data/shapes/decks/discs.yaml").write_text(DECK.format(name="Discs", size=50, shape="round", id="disc"))
    (root / "data/shapes/decks/hexes.yaml").write_text(DECK.format(name="Hexes", size=f"{HEX[0]:g} x {HEX[1]:.3f}", shape="hex", id="hex"))
    out = {}
    for bleed in (False, True):
        result = run_pnp(root, "build", "--only", "cards", "--out", str(root / f"out{bleed}"), *(["--bleed"] if bleed else []), "shapes")
        assert result.exit_code == 0, result.output + result.stderr
        out[bleed] = next((root / f"out{bleed}/shapes").glob("shapes-cards*.pdf"))
    return out


def _runs(indices: np.ndarray) -> list[tuple[int, int]]:
    """Runs of consecutive indices (gaps of 20 px, 0.85 mm, or more part them)."""
    if not len(indices):
        return []
    cuts = np.flatnonzero(np.diff(indices) > 20)
    return list(zip(np.r_[indices[0], indices[cuts + 1]], np.r_[indices[cuts], indices[-1]], strict=True))


def _grown(mask: np.ndarray, by: int) -> np.ndarray:
    """`mask` grown by `by` pixels each way, a (2 by + 1)-pixel square about each pixel: along the rows, then along the
    columns (the same pixels as every shift of the square at once, in 2 (2 by + 1) shifts of the 600 dpi page rather
    than (2 by + 1)², a tenth of the time)."""
    rows = mask.copy()
    for d in range(-by, by + 1):
        rows |= np.roll(mask, d, 0)
    out = rows.copy()
    for d in range(-by, by + 1):
        out |= np.roll(rows, d, 1)
    return out


def grey_outlines(pdf, index: int = 0) -> list[tuple[float, float]]:
    """The (width, height) in mm of each light grey line drawn on page `index`: grey pixels (not paper, not the black of
    crop marks and the footer's text, nor their anti-aliased fringes) grouped by the columns and rows they fill."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(pdf))
    try:
        page = np.asarray(doc[index].render(scale=DPI / 72, grayscale=True).to_pil().convert("L"), dtype=np.int16)
    finally:
        doc.close()
    dark = page < 120
    near = _grown(dark, 4)
    grey = (page < 235) & ~near
    found = []
    for c0, c1 in _runs(np.flatnonzero(grey.any(0))):
        for r0, r1 in _runs(np.flatnonzero(grey[:, c0 : c1 + 1].any(1))):
            ys, xs = np.nonzero(grey[r0 : r1 + 1, c0 : c1 + 1])
            found.append(((xs.max() - xs.min() + 1) * 25.4 / DPI, (ys.max() - ys.min() + 1) * 25.4 / DPI))
    return found


@pytest.mark.parametrize("bleed", [False, True])
def test_round_and_hex_cards_print_their_cut_line_on_the_trim(shapes, bleed):
    measured = sorted(grey_outlines(shapes[bleed]), reverse=True)
    assert len(measured) == 2, measured
    for (w, h), (want_w, want_h) in zip(measured, [(50.0, 50.0), HEX], strict=True):
        # the line's centre on the trim: its outer edges read one line width more, give or take a pixel each side
        assert abs(w - LINE_MM - want_w) < 0.1 and abs(h - LINE_MM - want_h) < 0.1, (bleed, w, h, want_w, want_h)


def test_a_lone_round_and_a_lone_hex_card_share_a_sheet_with_a_deck(tmp_path):
    """One disc and one hex beside a deck of poker cards: their bands fit the page in the order they were stacked in, and
    the build writes the sheet (it stopped with an internal error when the bands were laid out in another order)."""
    root = tmp_path / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    for name, size, shape in (("discs", 50, "round"), ("hexes", "38 x 32.909", "hex")):
        (root / f"data/tiny/decks/{name}.yaml").write_text(
            f"name: {name.title()}\nsize: {size}\nshape: {shape}\nfront: tiny/hero.j2\nback: tiny/back.j2\n"
            "cards:\n  - {id: %s, name: One, stars: 1, number: 1, text: Hi., side: red, count: 1}\n" % name[:3])
    result = run_pnp(root, "build", "--only", "cards", "tiny")
    assert result.exit_code == 0, result.output + result.stderr
    assert "internal error" not in result.output + result.stderr


OUTLINE_GREY = 180 / 255  # the light cut line's stroke colour (pnp.render.sheets.OUTLINE_COLOUR)
SAFE_MM = 3.0  # the safe area: words stay 3 mm inside the cut (PRINTING.md)


def _cut_outlines(page) -> list[list[tuple[float, float]]]:
    """The light grey paths a page strokes (each round or hex card's cut), in mm from the top-left."""
    import streams

    return streams.grey_paths(page, OUTLINE_GREY)


def _depth(polygon: list[tuple[float, float]], point: tuple[float, float]) -> float:
    """How far (mm) `point` lies inside a convex polygon: its least distance to a side, negative outside any side."""
    cx, cy = sum(x for x, _ in polygon) / len(polygon), sum(y for _, y in polygon) / len(polygon)
    least = float("inf")
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        nx, ny = y2 - y1, x1 - x2
        length = (nx * nx + ny * ny) ** 0.5
        inward = 1 if nx * (cx - x1) + ny * (cy - y1) > 0 else -1
        least = min(least, inward * (nx * (point[0] - x1) + ny * (point[1] - y1)) / length)
    return least


def _stamps(pdf, index: int) -> list[tuple[float, float, float, float]]:
    """The ink box (x0, y0, x1, y1 in mm from the top-left) of each version stamp ('v2.3 · CODE') on page `index`."""
    import re

    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(pdf))
    try:
        page = doc[index]
        text = page.get_textpage()
        height = page.get_height()
        chars = [(text.get_text_range(i, 1), text.get_charbox(i)) for i in range(text.count_chars())]
    finally:
        doc.close()
    joined = "".join(c if len(c) == 1 else "?" for c, _ in chars)
    boxes = []
    for found in re.finditer(r"v2\.3 · [A-Z0-9]{6}", joined):
        ink = [box for c, box in chars[found.start() : found.end()] if c.strip()]
        boxes.append((min(b[0] for b in ink) * 25.4 / 72, (height - max(b[3] for b in ink)) * 25.4 / 72,
                      max(b[2] for b in ink) * 25.4 / 72, (height - min(b[1] for b in ink)) * 25.4 / 72))
    return boxes


def test_a_round_or_hex_cards_version_stamp_lies_inside_its_safe_area(tmp_path):
    """Stamps on: each disc's and hex card's stamp, read from the page, lies wholly 3 mm or more inside the cut line printed
    around it (it sat in the corner of the card's box, past the cut, and printed as a fragment at the edge)."""
    import streams

    root = tmp_path / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    game = root / "data/tiny/game.yaml"
    game.write_text(game.read_text().replace("stamps: false", "stamps: true", 1).replace("title: Tiny Test Game\n", 'title: Tiny Test Game\nversion: "2.3"\n', 1))
    for name, size, shape in (("discs", 50, "round"), ("hexes", "38 x 32.909", "hex")):
        (root / f"data/tiny/decks/{name}.yaml").write_text(
            f"name: {name.title()}\nsize: {size}\nshape: {shape}\nfront: tiny/hero.j2\nback: tiny/back.j2\n"
            "cards:\n  - {id: %s, name: One, stars: 1, number: 1, text: Hi., side: red, count: 2}\n" % name[:3])
    result = run_pnp(root, "build", "--only", "cards", "tiny")
    assert result.exit_code == 0, result.output + result.stderr
    pdf = root / "output/tiny/tiny-cards.pdf"
    checked = 0
    for page in streams.Document(pdf).pages:
        outlines = _cut_outlines(page)
        for x0, y0, x1, y1 in _stamps(pdf, page.index):
            centre = ((x0 + x1) / 2, (y0 + y1) / 2)
            # the card whose box (its cut's extent) holds the stamp: the poker heroes' stamps lie in none
            card = next((o for o in outlines if min(x for x, _ in o) <= centre[0] <= max(x for x, _ in o)
                         and min(y for _, y in o) <= centre[1] <= max(y for _, y in o)), None)
            if card is None:
                continue
            depth = min(_depth(card, (x, y)) for x in (x0, x1) for y in (y0, y1))
            assert depth >= SAFE_MM, (page.index, (x0, y0, x1, y1), depth)
            checked += 1
    assert checked == 4  # two discs and two hexes


def _dark_pieces(pdf) -> list[tuple[float, float, float]]:
    """(width, height, area) in mm and mm² of each dark shape over 20 mm wide and high on the first page (the footer's
    words and the crop marks are smaller), its area summed row by row from the first dark pixel to the last (the light cut line inside it counts)."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(pdf))
    try:
        page = np.asarray(doc[0].render(scale=DPI / 72, grayscale=True).to_pil().convert("L"), dtype=np.int16)
    finally:
        doc.close()
    dark, px = page < 100, 25.4 / DPI
    found = []
    for c0, c1 in _runs(np.flatnonzero(dark.any(0))):
        for r0, r1 in _runs(np.flatnonzero(dark[:, c0 : c1 + 1].any(1))):
            for b0, b1 in _runs(np.flatnonzero(dark[r0 : r1 + 1, c0 : c1 + 1].any(0))):
                blob = dark[r0 : r1 + 1, c0 + b0 : c0 + b1 + 1]
                rows = [np.flatnonzero(row) for row in blob if row.any()]
                area = sum(int(row[-1] - row[0] + 1) for row in rows) * px * px
                width, height = (b1 - b0 + 1) * px, len(rows) * px
                if width > 20 and height > 20:
                    found.append((width, height, area))
    return sorted(found, reverse=True)


def test_a_round_or_hex_cards_art_is_kept_to_its_shape_grown_by_its_bleed(tmp_path):
    """A front painted black past its bleed prints as the card's own shape grown by the 1 mm a curved cut bleeds: a
    52 mm disc (π 26² mm²), not the 50 mm trim nor the square it was painted; a flat-top hexagon grown 1 mm on every
    side, 2 mm more across its sides (its corners, 2 / cos 30° out, stop at the face's own bleed box, 1 mm past its
    trim box: 40 mm across)."""
    root = tmp_path / "filled"
    (root / "data/shapes/decks").mkdir(parents=True)
    (root / "templates/shapes").mkdir(parents=True)
    (root / "data/shapes/game.yaml").write_text(GAME)
    (root / "templates/shapes/blank.j2").write_text(
        '{{ rect(-face.bleed - 2, -face.bleed - 2, face.w + 2 * face.bleed + 4, face.h + 2 * face.bleed + 4, fill="#000000") }}')
    (root / "data/shapes/decks/discs.yaml").write_text(DECK.format(name="Discs", size=50, shape="round", id="disc"))
    (root / "data/shapes/decks/hexes.yaml").write_text(DECK.format(name="Hexes", size=f"{HEX[0]:g} x {HEX[1]:.3f}", shape="hex", id="hex"))
    result = run_pnp(root, "build", "--only", "cards", "--out", str(root / "out"), "shapes")
    assert result.exit_code == 0, result.output + result.stderr
    pieces = _dark_pieces(next((root / "out/shapes").glob("shapes-cards*.pdf")))
    assert len(pieces) == 2, pieces
    (disc_w, disc_h, disc_area), (hex_w, hex_h, hex_area) = pieces
    assert abs(disc_w - 52) < 0.1 and abs(disc_h - 52) < 0.1, (disc_w, disc_h)
    assert abs(disc_area - 3.14159 * 26**2) < 0.01 * 3.14159 * 26**2, disc_area
    across_corners, across_sides = HEX[0] + 2 / (3**0.5 / 2), HEX[1] + 2
    assert abs(hex_w - min(across_corners, HEX[0] + 2)) < 0.1 and abs(hex_h - across_sides) < 0.1, (hex_w, hex_h)
    hex_side = across_corners / 2  # a regular hexagon's side is half its width across its corners
    assert abs(hex_area - 3 * 3**0.5 / 2 * hex_side**2) < 0.01 * hex_area, hex_area


def _white_holes(pdf) -> list[tuple[float, float]]:
    """(width, height) in mm of each white area over 20 mm each way enclosed by black on the first page."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(pdf))
    try:
        page = np.asarray(doc[0].render(scale=DPI / 72, grayscale=True).to_pil().convert("L"), dtype=np.int16)
    finally:
        doc.close()
    dark = page < 100
    rows, cols = np.flatnonzero(dark.any(1)), np.flatnonzero(dark.any(0))
    box = dark[rows[0] : rows[-1] + 1, cols[0] : cols[-1] + 1]
    white = ~box
    found = []
    px = 25.4 / DPI
    for r0, r1 in _runs(np.flatnonzero(white.sum(1) > 20 / px)):
        for c0, c1 in _runs(np.flatnonzero(white[r0 : r1 + 1].all(0))):
            if (r1 - r0 + 1) * px > 20 and (c1 - c0 + 1) * px > 20:
                found.append(((c1 - c0 + 1) * px, (r1 - r0 + 1) * px))
    return found


def test_cards_bleeding_at_the_grids_edges_only_each_show_their_own_trim(tmp_path):
    """With --bleed-edges poker cards butt along shared cuts: each face is kept to its own 2.5 × 3.5 in (63.5 × 88.9 mm) trim where a
    neighbour meets it, so a front framed black 2 mm inside its trim (its bleed black too) shows a white middle of
    exactly 59.5 × 84.9 mm on every card; a neighbour's bleed drawn over it would narrow the middles."""
    root = tmp_path / "edges"
    (root / "data/edges/decks").mkdir(parents=True)
    (root / "templates/edges").mkdir(parents=True)
    (root / "data/edges/game.yaml").write_text(GAME.replace("Shapes", "Edges"))
    (root / "templates/edges/framed.j2").write_text(
        '{{ rect(-face.bleed, -face.bleed, face.w + 2 * face.bleed, face.h + 2 * face.bleed, fill="#000000") }}'
        '{{ rect(2, 2, face.w - 4, face.h - 4, fill="#ffffff") }}')
    (root / "data/edges/decks/cards.yaml").write_text("name: Cards\nsize: poker\nfront: edges/framed.j2\ncards:\n  - {id: one, count: 9}\n")
    result = run_pnp(root, "build", "--only", "cards", "--bleed-edges", "--out", str(root / "out"), "edges")
    assert result.exit_code == 0, result.output + result.stderr
    pdf = next((root / "out/edges").glob("edges-cards*.pdf"))
    holes = _white_holes(pdf)
    assert len(holes) == 9, holes
    for w, h in holes:
        assert abs(w - 59.5) < 0.1 and abs(h - 84.9) < 0.1, holes
    # across the middle row: the grid's 3 x 63.5 mm, centred on Letter's 215.9 mm, bleeds past its outer trim on both
    # sides (the left one less, where the sheet's footer runs up its margin), by no more than the 3 mm bleed
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(pdf))
    try:
        page = np.asarray(doc[0].render(scale=DPI / 72, grayscale=True).to_pil().convert("L"), dtype=np.int16)
    finally:
        doc.close()
    black = np.flatnonzero(page[page.shape[0] // 2] < 100) * 25.4 / DPI
    left, right = (215.9 - 3 * 63.5) / 2 - black[0], black[-1] + 25.4 / DPI - (215.9 + 3 * 63.5) / 2
    assert 0.5 < left <= 3.05 and 0.5 < right <= 3.05, (left, right)
