"""Stamps never cover a rule (issue #99 item 3): with `stamps: {qr: true}`, each part of a card's stamp (its text, its
QR code) prints where the face prints nothing, or is left off with one warning for the deck, located.

Everything is read from the card sheets PDF (pdfplumber) and the codes from the page rendered as a phone's camera
would see it (zxing-cpp). A QR stamp is its white square (ISO/IEC 18004's 4-module quiet zone inside it) with black
modules; nothing else may be drawn inside it or across its edge: no character, no image, no shape except a panel that
holds the whole square (the ground it lies on). The text stamps are judged by tests/stamp_room.py."""
from __future__ import annotations

import re
import shutil
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

import pdfplumber
import pytest
from conftest import ROOT, run_pnp
from stamp_room import _near, _segments, stamps_in

from pnp.core.shapes import Shape
from pnp.layout.free_room import Room

MM = 72 / 25.4
FORM = "https://docs.google.com/forms/d/e/1FAIpQLSe-stamps/viewform"
FEEDBACK = f"stamps: {{qr: true}}\nfeedback:\n  form: {FORM}\n  fields: {{card: entry.2, code: entry.3}}\n"
CLEAR_PT = 0.2 * MM  # a hair less than the room pnp keeps, so rounding in the PDF never fails a stamp that keeps it
SAFE_MM = 3.0  # the safe area: what a cut that wanders may not reach (docs/printing.md)
MIN_MODULE_MM = 0.396  # GS1 General Specifications 5.12.3.1: the smallest QR module retail scanners and phones read
QUIET_MODULES = 4  # ISO/IEC 18004
DPI = 300
# one deck of each shipped game, the one with the most text on its fronts (a `--deck` build: a game's other decks
# are laid out alike)
DECKS = {"germ-tycoon": "cells", "narco-empire": "cartel", "organ-match": "organs", "organ-trail": "criminals",
         "police-precinct": "events"}


@pytest.fixture(scope="module")
def shipped(tmp_path_factory) -> Path:
    """The shipped games copied into one project, each with a feedback form and `stamps: {qr: true}` in its game.yaml."""
    root = tmp_path_factory.mktemp("qr-games")
    for folder in ("data", "templates", "fonts"):
        if (ROOT / folder).is_dir():
            shutil.copytree(ROOT / folder, root / folder)
    for game in (root / "data").glob("*/game.yaml"):
        kept = [line for line in game.read_text(encoding="utf-8").splitlines() if not line.startswith(("stamps:", "feedback:"))]
        game.write_text("\n".join(kept) + "\n" + FEEDBACK, encoding="utf-8")
    return root


def qr_squares(page) -> list[tuple[float, float, float, float]]:
    """The white squares 10 to 40 mm a side on a page (x0, top, x1, bottom): a QR stamp's ground."""
    return [(r["x0"], r["top"], r["x1"], r["bottom"]) for r in page.rects
            if abs(r["width"] - r["height"]) < 0.1 and 10 * MM < r["width"] < 40 * MM and r["fill"]
            and tuple(r.get("non_stroking_color") or ()) in ((1, 1, 1), (1.0, 1.0, 1.0))]


def _meets(a, b, pad: float = 0.0) -> bool:
    return a[0] < b[2] + pad and b[0] < a[2] + pad and a[1] < b[3] + pad and b[1] < a[3] + pad


def _holds(outer, inner) -> bool:
    return outer[0] <= inner[0] + 0.01 and outer[1] <= inner[1] + 0.01 and outer[2] >= inner[2] - 0.01 and outer[3] >= inner[3] - 0.01


def _box(obj) -> tuple[float, float, float, float]:
    return obj["x0"], obj["top"], obj["x1"], obj["bottom"]


def _black(obj) -> bool:
    return tuple(obj.get("non_stroking_color") or ()) in ((0, 0, 0), (0.0, 0.0, 0.0), (0,), (0.0,)) and not obj.get("stroke")


def under_qr(page, square) -> list[str]:
    """What the page draws inside a QR stamp's square or near its edge: a character, an image, a shape whose outline
    comes within CLEAR_PT of the square (half its stroke counted) or that the square hides; the code's own modules
    (black fills inside its quiet zone) and a panel whose outline stays clear of the whole square are not in the way."""
    module = (square[2] - square[0]) / 49  # at most: the smallest code with a quiet zone is 21 + 8 modules
    inner = (square[0] + 2 * module, square[1] + 2 * module, square[2] - 2 * module, square[3] - 2 * module)
    found = [f"character {c['text']!r}" for c in page.chars if _meets(_box(c), square, CLEAR_PT)]
    found += [f"image at {i['x0']:.0f},{i['top']:.0f}" for i in page.images if _meets(_box(i), square, CLEAR_PT)]
    for kind in ("rects", "curves", "lines"):
        for obj in getattr(page, kind):
            box = _box(obj)
            if box == square or not _meets(box, square, CLEAR_PT) or (_black(obj) and _holds(inner, box)):
                continue  # the square itself, something elsewhere, a module
            pad = CLEAR_PT + ((obj.get("linewidth") or 0) / 2 if obj.get("stroke") else 0)
            if _holds(square, box) or any(_near(seg, square, pad) for seg in _segments(obj)):
                found.append(f"{kind[:-1]} {box[0]:.0f},{box[1]:.0f}-{box[2]:.0f},{box[3]:.0f}")
    return found


def read_codes(pdf: Path, pages: list[int]) -> list[tuple[str, tuple[float, float], int]]:
    """The QR codes zxing-cpp reads on those pages (0-based) rendered at DPI: (text, centre in points top-down, its
    modules a side: 17 + 4 × its version, ISO/IEC 18004)."""
    import pypdfium2 as pdfium
    import zxingcpp

    doc = pdfium.PdfDocument(pdf)
    out = []
    try:
        for number in pages:
            image = doc[number].render(scale=DPI / 72).to_pil().convert("L")
            for code in zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode):
                p = code.position
                xs = [p.top_left.x, p.top_right.x, p.bottom_left.x, p.bottom_right.x]
                ys = [p.top_left.y, p.top_right.y, p.bottom_left.y, p.bottom_right.y]
                out.append((code.text, (sum(xs) / 4 * 72 / DPI, sum(ys) / 4 * 72 / DPI), 17 + 4 * int(code.extra["Version"])))
    finally:
        doc.close()
    return out


def stamps_line(game_yaml: Path) -> int:
    """The line of `stamps:` in a game.yaml (1-based)."""
    return next(n for n, line in enumerate(game_yaml.read_text(encoding="utf-8").splitlines(), 1) if line.startswith("stamps:"))


@pytest.mark.parametrize("slug", sorted(DECKS))
def test_no_stamp_covers_printed_text_or_art_and_a_qr_left_off_is_said_once_at_the_stamps_key(shipped, pdfium_reader, slug):
    deck = DECKS[slug]
    out = shipped / "out" / slug
    result = run_pnp(shipped, "build", slug, "--deck", deck, "--only", "cards", "--out", str(out))
    assert result.exit_code == 0, result.output
    pdf = out / slug / f"{slug}-cards-{deck}.pdf"
    texts = stamps_in(pdf, pdfium_reader)
    assert texts, "every front carries its stamp's text"
    clashing = [f"page {s.page + 1} {s.text}: {'; '.join(s.clashes[:3])}" for s in texts if s.clashes]
    assert not clashing, clashing[:5]
    squares: dict[int, list] = {}
    with pdfplumber.open(pdf) as doc:
        for number, page in enumerate(doc.pages):
            for square in qr_squares(page):
                squares.setdefault(number, []).append(square)
                assert not under_qr(page, square), (number + 1, under_qr(page, square)[:5])
    codes = read_codes(pdf, sorted(squares))
    assert len(codes) == sum(map(len, squares.values())), "each QR stamp printed reads"
    every_square = [s for group in squares.values() for s in group]
    for text, (x, y), modules in codes:
        assert dict(parse_qsl(urlsplit(text).query))["entry.2"].startswith(f"{deck}/")
        square = next(s for s in every_square if s[0] < x < s[2] and s[1] < y < s[3])
        assert (square[2] - square[0]) / MM / (modules + 2 * QUIET_MODULES) >= MIN_MODULE_MM - 1e-6, (square, modules)
    warned = [line for line in result.output.splitlines() if "QR stamp" in line and "warning" in line]
    if len(codes) < len(texts):
        assert len(warned) == 1, result.output
        assert warned[0].startswith(f"data/{slug}/game.yaml:{stamps_line(shipped / 'data' / slug / 'game.yaml')}:"), warned
        assert f"'{deck}'" in warned[0] and re.search(r"\d+\.\d mm square", warned[0]), warned
    else:
        assert not warned, warned


SMALL_GAME = f"""\
title: Small
version: "2"
players: {{min: 1, max: 2}}
{FEEDBACK}"""
LINE = '{{ text("Draw two cards, then discard one of them.", 3, 1 + i * 2.6, face.w - 6, 3, size=7) }}'


def small_project(root: Path, size: str, front: str) -> Path:
    """A game of one deck of two cards (one printed twice) of `size`, drawn by the template `front`."""
    files = {
        "data/small/game.yaml": SMALL_GAME,
        "data/small/decks/hands.yaml": f"name: Hands\nsize: {size}\nfront: small/front.j2\nback: small/back.j2\n"
                                       "cards:\n  - {id: ace, name: Ace, count: 2}\n  - {id: two, name: Two}\n",
        "templates/small/front.j2": front,
        "templates/small/back.j2": '{{ rect(-3, -3, face.w + 6, face.h + 6, fill="#555555") }}\n',
    }
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    return root


def warnings_of(root: Path, *command: str) -> list[str]:
    """The warning lines a command prints about the stamps (build and validate alike)."""
    result = run_pnp(root, *command)
    assert result.exit_code == 0, result.output
    return sorted(line for line in result.output.splitlines() if "stamp" in line and ": warning:" in line)


def test_a_qr_stamp_taller_than_the_safe_area_is_left_off_with_one_warning_that_validate_gives_too(tmp_path, pdfium_reader):
    """A 90 × 22 mm card: its safe area is 22 - 2 × 3.5 = 15 mm tall, less than any QR code of a form's address at
    0.33 mm a module (21 modules and a quiet zone of 4 each side: 9.6 mm for the smallest code, and an address this
    long needs more than version 1). The text still fits, along the bottom."""
    root = small_project(tmp_path, "90 x 22", '{{ text(card.name, 4, 4, 30, 6, size=12) }}\n')
    built = warnings_of(root, "build", "small", "--only", "cards")
    assert built == warnings_of(root, "validate", "small")
    assert len(built) == 1 and built[0].startswith("data/small/game.yaml:4:") and "'hands'" in built[0], built
    side = float(re.search(r"(\d+\.\d) mm square", built[0]).group(1))
    assert side > 22 - 2 * 3.5, "the square it names is taller than the safe area"
    pdf = root / "output/small/small-cards.pdf"
    assert len(stamps_in(pdf, pdfium_reader)) == 3  # each front printed keeps the stamp's text
    with pdfplumber.open(pdf) as doc:
        assert not any(qr_squares(page) for page in doc.pages)
    assert not read_codes(pdf, [0])


def test_a_face_full_of_text_prints_no_stamp_and_its_deck_is_warned_once_at_its_front(tmp_path, pdfium_reader):
    front = "{% for i in range(34) %}" + LINE + "{% endfor %}\n"  # 7 pt lines 2.6 mm apart from top to bottom
    root = small_project(tmp_path, "poker", front)
    built = warnings_of(root, "build", "small", "--only", "cards")
    assert built == warnings_of(root, "validate", "small")
    assert len(built) == 1 and built[0].startswith("data/small/decks/hands.yaml:3:") and "'hands'" in built[0], built
    assert "version stamp" in built[0] and "stamps: false" in built[0]
    pdf = root / "output/small/small-cards.pdf"
    assert stamps_in(pdf, pdfium_reader) == []
    with pdfplumber.open(pdf) as doc:
        assert not any(qr_squares(page) for page in doc.pages)


def depth_mm(shape: str, w: float, h: float, x: float, y: float) -> float:
    """How far (mm) a point of a `w` × `h` card lies inside its cut: a circle as wide as the shorter side, a regular
    hexagon with a flat top whose corners touch the left and right sides (docs/data-format.md, Card shapes), or the
    drawn outline, its box filling the card's."""
    cx, cy = w / 2, h / 2
    if shape == "outline":  # OCTAGON, convex: the least distance to the line of any of its sides
        corners = [(px * w / 70, py * h / 70) for px, py in OCTAGON]
        sides = zip(corners, corners[1:] + corners[:1], strict=True)
        return min(((bx - ax) * (y - ay) - (by - ay) * (x - ax)) / ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5 for (ax, ay), (bx, by) in sides)
    if shape == "round":
        return min(w, h) / 2 - ((x - cx) ** 2 + (y - cy) ** 2) ** 0.5
    radius = min(w / 2, h / 3 ** 0.5)
    apothem = radius * 3 ** 0.5 / 2
    normals = [(0.0, 1.0), (0.0, -1.0), (0.75 ** 0.5, 0.5), (0.75 ** 0.5, -0.5), (-(0.75 ** 0.5), 0.5), (-(0.75 ** 0.5), -0.5)]
    return apothem - max((x - cx) * nx + (y - cy) * ny for nx, ny in normals)


OCTAGON = [(20, 0), (50, 0), (70, 20), (70, 50), (50, 70), (20, 70), (0, 50), (0, 20)]  # clockwise on the page (y down)


@pytest.mark.parametrize("shape,size", [("round", (70.0, 70.0)), ("hex", (80.0, 69.28)), ("outline", (70.0, 70.0))])
def test_on_a_round_hex_or_outline_card_the_stamp_lies_inside_the_cut_clear_of_the_text(tmp_path, pdfium_reader, shape, size):
    """Rules across the middle of the card, a title above: the stamp's text (its characters' boxes as the PDF gives
    them) and its QR code each lie in the safe area, 3 mm inside the cut, clear of the rules, and the code reads."""
    from printable import read

    front = ('{{ text(card.name, 15, 9, face.w - 30, 6, size=12, align="center") }}\n'
             '{{ text("Swap this card with one in play. Then draw a card from the top of the deck.", 10, face.h / 2 - 8, '
             'face.w - 20, 16, size=8) }}\n')
    root = small_project(tmp_path, f"{size[0]:g} x {size[1]:g}", front)
    deck = root / "data/small/decks/hands.yaml"
    if shape == "outline":
        (deck.parent / "octagon.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 70 70"><path d="M'
                                                 + " L".join(f"{x},{y}" for x, y in OCTAGON) + ' Z"/></svg>', encoding="utf-8")
    cut = "octagon.svg" if shape == "outline" else shape
    deck.write_text(deck.read_text(encoding="utf-8").replace("front:", f"shape: {cut}\nfront:"), encoding="utf-8")
    result = run_pnp(root, "build", "small", "--only", "cards")
    assert result.exit_code == 0 and "stamp" not in result.output, result.output
    pdf = root / "output/small/small-cards.pdf"
    view = read(pdf, reader=pdfium_reader)[0]
    trims = [(f.trim.x0, view.height - f.trim.y1, f.trim.x1, view.height - f.trim.y0) for f in view.faces]  # top-down, as pdfplumber
    texts = stamps_in(pdf, pdfium_reader)
    with pdfplumber.open(pdf) as doc:
        squares = qr_squares(doc.pages[0])
        assert all(not under_qr(doc.pages[0], square) for square in squares)
    assert len(squares) == len(texts) == 3 and not any(s.clashes for s in texts)
    assert len(read_codes(pdf, [0])) == 3
    for box in [*squares, *(s.box for s in texts if s.page == 0)]:
        trim = next(t for t in trims if _holds(t, box))
        corners = [((x - trim[0]) / MM, (y - trim[1]) / MM) for x in (box[0], box[2]) for y in (box[1], box[3])]
        assert min(depth_mm(shape, *size, x, y) for x, y in corners) >= SAFE_MM, (shape, box, trim)


def test_a_stamp_moves_off_the_templates_own_qr_code_in_its_corner(tmp_path, pdfium_reader):
    """The card's own 20 mm code (a rules video, say) fills the lower left corner the deck's stamps ask for: the stamp's
    text prints clear of it, and both codes read."""
    front = ('{{ text(card.name, 5, 5, face.w - 10, 8, size=12) }}\n'
             '{{ qr("https://example.com/rules-video", 3.5, face.h - 23.5, 20, background="#ffffff") }}\n')
    root = small_project(tmp_path, "poker", front)
    result = run_pnp(root, "build", "small", "--only", "cards")
    assert result.exit_code == 0 and "stamp" not in result.output, result.output
    pdf = root / "output/small/small-cards.pdf"
    texts = stamps_in(pdf, pdfium_reader)
    assert len(texts) == 3 and not any(s.clashes for s in texts), [s.clashes for s in texts]
    with pdfplumber.open(pdf) as doc:
        squares = qr_squares(doc.pages[0])
        ours = [sq for sq in squares if round((sq[2] - sq[0]) / MM) != 20]  # the stamps' codes, not the cards' own
        assert len(ours) == 3 and all(not under_qr(doc.pages[0], sq) for sq in ours)
    read = [text for text, _, _ in read_codes(pdf, [0])]
    assert read.count("https://example.com/rules-video") == 3 and len(read) == 6, read


def test_a_stamp_moved_off_a_rule_through_its_corner_keeps_0_3_mm_clear_of_it():
    """pnp.layout.free_room: a stamp keeps 0.3 mm (a small glyph's side bearing) from any other ink. A 0.2 mm rule down a
    poker card at 55 mm crosses the 10 × 3 mm stamp's place in the lower right corner (3 mm in: 50.5 to 60.5 mm): the
    stamp moves left of it, its right edge at least 0.3 mm short of the rule and within a mm of it (as near its corner
    as the room allows)."""
    spot = Room(63.5, 88.9, Shape("rectangle"), 3.0, "bottom-right").place([(55.0, 0.0, 55.2, 88.9)], 10, 3)
    assert spot is not None and spot.y == pytest.approx(88.9 - 3 - 3)
    assert 0.3 - 1e-9 <= 55.0 - (spot.x + 10) < 1.0, spot
