"""Bleed from the art (issue 65): an image that reaches the trim, built with bleed, is continued past the trim by its own
edge, mirrored or extended as the deck says. Read from the PDF: the picture it embeds, and the box it is drawn in.
"""
from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import pikepdf
import pytest
from conftest import MM, TEST_PROJECT, run_pnp
from PIL import Image

W, H = 127, 178  # px: 2 px a mm on a poker card (63.5 × 88.9 mm), so 3 mm of bleed is 6 px


@pytest.fixture(scope="module")
def art():
    """An image whose every column and row differs from its neighbours, so a reflection is told from a repeat."""
    x = np.arange(W)[None, :, None]
    y = np.arange(H)[:, None, None]
    return np.concatenate([np.broadcast_to(x * 2 % 256, (H, W, 1)), np.broadcast_to(y % 256, (H, W, 1)), np.broadcast_to((x * 7 + y * 3) % 256, (H, W, 1))], axis=2).astype(np.uint8)


def _build(tmp_path, art, mode: str, template: str = '{{ image("art/edge.png", 0, 0, face.w, face.h, fit="stretch") }}\n'):
    root = tmp_path / mode / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    (root / "art").mkdir()
    Image.fromarray(art).save(root / "art/edge.png")
    (root / "templates/tiny/hero.j2").write_text(template)
    deck = root / "data/tiny/decks/heroes.yaml"
    deck.write_text(deck.read_text().replace("size: poker\n", f"size: poker\nart_bleed: {mode}\n"))
    result = run_pnp(root, "build", "--only", "cards", "--bleed", "--no-validate")
    assert result.exit_code == 0, result.output + result.stderr
    return root / "output/tiny/tiny-cards-bleed.pdf"


def _pictures(pdf) -> list[np.ndarray]:
    """Every picture the PDF holds, as RGB pixels."""
    with pikepdf.open(pdf) as doc:
        return [np.asarray(pikepdf.PdfImage(obj).as_pil_image().convert("RGB")) for obj in doc.objects
                if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Image" and "/SMask" not in str(obj.get("/Type", ""))]


@pytest.mark.parametrize("mode", ["mirror", "extend"])
def test_an_image_at_the_trim_bleeds_by_its_own_edge(tmp_path, art, mode):
    pictures = [p for p in _pictures(_build(tmp_path, art, mode)) if p.shape[:2] == (H + 12, W + 12)]
    assert len(pictures) == 1, [p.shape for p in _pictures(_build(tmp_path, art, mode))]
    bled = pictures[0].astype(int)
    assert np.array_equal(bled[6:-6, 6:-6], art)  # the art itself, untouched
    if mode == "mirror":
        assert np.array_equal(bled[6:-6, :6], art[:, 5::-1])  # the left bleed: the edge's first 6 columns reflected
        assert np.array_equal(bled[:6, 6:-6], art[5::-1, :])
        assert np.array_equal(bled[6:-6, -6:], art[:, :-7:-1])
    else:
        assert all(np.array_equal(bled[6:-6, k], art[:, 0]) for k in range(6))  # the edge column, repeated
        assert all(np.array_equal(bled[-1 - k, 6:-6], art[-1, :]) for k in range(6))


def _patterned(width: int, height: int) -> np.ndarray:
    """A picture like `art`, of another size: every column and row unlike its neighbours."""
    x = np.arange(width)[None, :, None]
    y = np.arange(height)[:, None, None]
    return np.concatenate([np.broadcast_to(x % 256, (height, width, 1)), np.broadcast_to(y * 2 % 256, (height, width, 1)),
                           np.broadcast_to((x * 5 + y * 3) % 256, (height, width, 1))], axis=2).astype(np.uint8)


def test_a_band_at_the_top_bleeds_upwards_and_ends_at_its_own_lower_edge(tmp_path):
    """A 30 mm band across a card's top meets the trim at its top and sides only: its bleed is its top rows reflected
    above it, and its lower edge, inside the card, is the art's own last row."""
    band = _patterned(W, 60)  # 2 px a mm: 63.5 × 30 mm
    template = '{{ image("art/edge.png", 0, 0, face.w, 30, fit="stretch") }}\n'
    pictures = [p for p in _pictures(_build(tmp_path, band, "mirror", template)) if p.shape[:2] == (60 + 6, W + 12)]
    assert len(pictures) == 1
    bled = pictures[0].astype(int)
    assert np.array_equal(bled[6:, 6:-6], band)  # the band itself below its 3 mm of bleed, down to its own lower edge
    assert np.array_equal(bled[:6, 6:-6], band[5::-1])  # above it, its first 6 rows reflected


def test_a_strip_at_the_left_edge_bleeds_leftwards_only(tmp_path):
    """A 20 × 40 mm strip against a card's left trim, 20 mm below its top, meets the trim on its left alone: its bleed is
    its first 6 columns reflected to its left, and above and below it the card's own edge, not the strip's."""
    strip = _patterned(40, 80)  # 2 px a mm
    template = '{{ image("art/edge.png", 0, 20, 20, 40, fit="stretch") }}\n'
    pictures = [p for p in _pictures(_build(tmp_path, strip, "mirror", template)) if p.shape[:2] in ((80, 46), (86, 40))]
    assert [p.shape[:2] for p in pictures] == [(80, 46)]  # 6 px wider, no taller
    bled = pictures[0].astype(int)
    assert np.array_equal(bled[:, 6:], strip) and np.array_equal(bled[:, :6], strip[:, 5::-1])


def test_a_covering_picture_bleeds_from_the_middle_it_shows(tmp_path):
    """fit="cover" shows a picture's middle: a 227 × 178 px picture on a 127 × 178 px (63.5 × 88.9 mm) card loses 50
    columns each side, and its bleed continues the columns the card shows (50 and 176), not the picture's own edges."""
    wide = _patterned(227, H)
    template = '{{ image("art/edge.png", 0, 0, face.w, face.h, fit="cover") }}\n'
    pictures = [p for p in _pictures(_build(tmp_path, wide, "extend", template)) if p.shape[:2] == (H + 12, W + 12)]
    assert len(pictures) == 1
    bled = pictures[0].astype(int)
    assert np.array_equal(bled[6:-6, 6:-6], wide[:, 50:177])
    assert all(np.array_equal(bled[6:-6, k], wide[:, 50]) for k in range(6))  # the leftmost column shown, repeated


def test_the_bled_image_covers_the_trim_and_its_bleed(tmp_path, art):
    """The picture is drawn over the card's trim and its 3 mm bleed: 69.5 × 94.9 mm."""
    pdf = _build(tmp_path, art, "mirror")
    with pikepdf.open(pdf) as doc:
        forms = [x for x in doc.pages[0].Resources.get("/XObject", {}).values() if x.get("/Subtype") == "/Form"]
        sizes = set()
        for form in forms:
            for operands, op in pikepdf.parse_content_stream(form):
                if str(op) == "cm" and abs(float(operands[0]) / MM - 69.5) < 0.05:
                    sizes.add((round(float(operands[0]) / MM, 2), round(float(operands[3]) / MM, 2)))
    assert sizes == {(69.5, 94.9)}


def edge_art_project(folder, art) -> Path:
    """A copy of the tiny game in `folder` whose heroes print `art` stretched to each card's edge, mirrored into its bleed."""
    root = folder / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    (root / "art").mkdir()
    Image.fromarray(art).save(root / "art/edge.png")
    (root / "templates/tiny/hero.j2").write_text('{{ image("art/edge.png", 0, 0, face.w, face.h, fit="stretch") }}\n')
    deck = root / "data/tiny/decks/heroes.yaml"
    deck.write_text(deck.read_text().replace("size: poker\n", "size: poker\nart_bleed: mirror\n"))
    return root


def test_bleed_on_the_outer_edges_keeps_letters_3_by_3_grid_and_bleeds_where_it_can_be_cut(tmp_path, art, pdfium_reader):
    """`--bleed-edges`: 9 poker cards on Letter (a laser's 1/6 in margin) sharing cut lines, as without bleed; the art runs 3 mm past the grid's right
    edge (its 12.7 mm margin holds that and the marks; the left one holds the footer too, so less), is cut back at every
    inner cut line, and every cut line keeps a mark that prints, 1 mm clear of the bleed asked."""
    import printable as P
    import streams
    from conftest import render_page

    root = edge_art_project(tmp_path / "edges", art)
    assert run_pnp(root, "calibrate", "--save", "laser", "--margin", f"{25.4 / 6:.6f}").exit_code == 0
    result = run_pnp(root, "build", "--only", "cards", "--bleed-edges", "--no-validate", "--printer", "laser")
    assert result.exit_code == 0, result.output + result.stderr
    pdf = next((root / "output/tiny").glob("tiny-cards-bleed-edges*.pdf"))
    faces = P.faces_of(streams.Document(pdf), 0)
    assert len(faces) == 9
    left, right = min(f.trim.x0 for f in faces), max(f.trim.x1 for f in faces)
    assert abs((right - left) / MM - 3 * 63.5) < 0.01  # shared cut lines: the plain grid
    dpi = 200
    page = np.asarray(render_page(pdf, 0, dpi).convert("L"), dtype=int)
    top = max(f.trim.y1 for f in faces)

    def at(x_pt, y_pt):
        return page[round((P.Box(0, 0, 0, 0).y0 + (792 - y_pt)) / 72 * dpi), round(x_pt / 72 * dpi)]

    middle = top - 44 * MM
    assert at(right + 2.8 * MM, middle) < 200 and at(left - 0.3 * MM, middle) < 200  # art in the outer bleed
    assert at(right + 3.3 * MM, middle) > 250 and at(left - 1.2 * MM, middle) > 250  # and none past it
    inner = left + 63.5 * MM  # the first inner cut line: the card left of it shows its own right edge, as the last card does
    assert abs(at(inner - 0.5 * MM, middle) - at(right - 0.5 * MM, middle)) < 8
    view = P.read(pdf, reader=pdfium_reader)[0]
    for cut in P.cut_lines(view):
        assert P.mark_on(view, cut, 4.23) >= P.MIN_MARK_MM, cut
    sides = [x for x0, y0, x1, y1, _ in view.lines if y0 == y1 for x in (x0, x1)]
    # the right marks start 1 mm past the 3 mm bleed asked, 4 mm from the cut: the margin's spare room is no more bleed
    assert abs(min(abs(x - right) for x in sides if x > right) - 4 * MM) < 0.05


def test_bleed_on_the_outer_edges_runs_the_whole_3_mm_above_a_centred_a4_grid(tmp_path, art):
    """`--bleed-edges` on A4 with no printer profile: 3 × 3 poker cards centred leave 15.15 mm above the grid
    ((297 − 3 × 88.9) / 2), room for the printer's 5.5 mm, a 5 mm mark 1 mm out and 3 mm of bleed, so the top row's art
    runs the whole 3 mm past its trim, and no further, whatever the bottom margin (the footer's) holds."""
    import printable as P
    import streams
    from conftest import render_page

    root = edge_art_project(tmp_path / "a4", art)
    result = run_pnp(root, "build", "--only", "cards", "--bleed-edges", "--no-validate", "--paper", "a4")
    assert result.exit_code == 0, result.output + result.stderr
    pdf = root / "output/tiny/tiny-cards-a4-bleed-edges.pdf"
    faces = P.faces_of(streams.Document(pdf), 0)
    assert len(faces) == 9
    top = max(f.trim.y1 for f in faces)
    assert abs((841.89 - top) / MM - 15.15) < 0.05  # centred
    dpi = 200
    page = np.asarray(render_page(pdf, 0, dpi).convert("L"), dtype=int)

    def at(x_pt, y_pt):
        return page[round((841.89 - y_pt) / 72 * dpi), round(x_pt / 72 * dpi)]

    middle = min(f.trim.x0 for f in faces) + 31.75 * MM  # the top left card's middle
    assert at(middle, top + 2.8 * MM) < 200  # art in the whole 3 mm above the top row
    assert at(middle, top + 3.3 * MM) > 250  # and none past it


def shown_past_the_grid(pdf) -> dict[str, float]:
    """How far, in mm, the first page's faces are shown past the grid's trim on each side: each face is placed as a form
    at its trim's lower left (`cm` before `Do`), under the clip path (m, l, l, l, h, W) of what of it shows."""
    clips, trims, path = [], [], []
    with pikepdf.open(pdf) as doc:
        for operands, op in pikepdf.parse_content_stream(doc.pages[0]):
            op = str(op)
            if op in ("m", "l"):
                path.append(tuple(float(v) for v in operands))
            elif op in ("W", "W*"):
                clips.append(path)
                path = []
            elif op == "cm" and len(clips) > len(trims):
                trims.append((float(operands[4]), float(operands[5])))
    xs, ys = [x for clip in clips for x, _ in clip], [y for clip in clips for _, y in clip]
    w, h = 63.5 * MM, 88.9 * MM  # a poker card
    return {"left": (min(x for x, _ in trims) - min(xs)) / MM, "right": (max(xs) - max(x for x, _ in trims) - w) / MM,
            "bottom": (min(y for _, y in trims) - min(ys)) / MM, "top": (max(ys) - max(y for _, y in trims) - h) / MM}


def test_bleed_on_the_outer_edges_of_letter_is_3_mm_right_and_087_mm_left_where_the_footer_is(project):
    """docs/print-and-cut.md: `--bleed-edges` bleeds on each side of the page as far as its margin holds with its marks
    and footer, 0.1 mm short of the printer's limit: on Letter with a laser's 1/6 in margin, 3.0 mm on the right (all that
    was asked), 0.87 mm on the left (which holds the footer), none above and below (the grid against the top, the marks
    below it)."""
    assert run_pnp(project, "calibrate", "--save", "laser", "--margin", f"{25.4 / 6:.6f}").exit_code == 0
    result = run_pnp(project, "build", "--only", "cards", "--bleed-edges", "--no-validate", "--printer", "laser", "-q")
    assert result.exit_code == 0, result.output + result.stderr
    shown = shown_past_the_grid(next((project / "output/tiny").glob("tiny-cards-bleed-edges*.pdf")))
    assert abs(shown["right"] - 3.0) < 0.01 and abs(shown["left"] - 0.87) < 0.01, shown
    assert abs(shown["top"]) < 0.05 and abs(shown["bottom"]) < 0.05, shown


@pytest.mark.parametrize("paper, expected", [("letter", {"left": 1.1, "right": 3.0, "bottom": 0.0, "top": 0.0}),
                                             ("a4", {"left": 1.15, "right": 1.15, "bottom": 2.55, "top": 3.0})])
def test_bleed_on_the_outer_edges_with_the_default_printer_is_as_the_docs_give_it(project, paper, expected):
    """docs/print-and-cut.md's figures for `--bleed-edges` with the default printer (a 5 mm margin): 3 × 3 poker on
    Letter bleeds 3.0 mm right, 1.1 mm left (the footer's side), none above and below; on A4 1.15 mm left and right,
    3.0 mm above and 2.55 mm below (the footer's side). Read from the art's clips in the PDF."""
    result = run_pnp(project, "build", "--only", "cards", "--bleed-edges", "--no-validate", "--paper", paper, "-q")
    assert result.exit_code == 0, result.output + result.stderr
    shown = shown_past_the_grid(next((project / "output/tiny").glob("tiny-cards*bleed-edges*.pdf")))
    assert {side: round(mm, 2) for side, mm in shown.items()} == expected, shown
