"""The tokens PDF as a person cuts it: every copy there, each shape's cut line on its front, each back behind
its front after a duplex flip, and a standee that folds into a figure."""
from __future__ import annotations

import shutil

import numpy as np
import pytest
from pypdf import PdfReader

from conftest import TEST_PROJECT, render_page, run_pnp
from pnp.impose import plan_sheet

LETTER_W, LETTER_H = 215.9, 279.4
# the pages of tiny-tokens.pdf: each set (or each shape and size) starts a sheet; a backs page follows its fronts
COINS, COIN_BACKS, PAWNS, SHIELDS, SHIELD_BACKS, WALLS, NOTES, NOTE_BACKS, STANDEES = range(9)


def _build(root, *args):
    result = run_pnp(root, "build", "--only", "tokens", *args)
    assert result.exit_code == 0, result.output + result.stderr
    return result


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    root = tmp_path_factory.mktemp("tokens") / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    result = _build(root)
    return root / "output/tiny/tiny-tokens.pdf", result.output


def slots(size):
    """The token slots of a sheet of `size` tokens: 1 mm of art past the cut, 2 mm between neighbours."""
    return plan_sheet("letter", size, 2, 1)


def grey(pdf, index, dpi):
    return np.asarray(render_page(pdf, index, dpi).convert("L"), dtype=np.float64)


def test_every_copy_is_on_the_sheets(built):
    pdf, output = built
    assert "tiny-tokens.pdf  9 pages  35 pieces" in output  # 12 coins, 6 pawns, 4 shields, 6 walls, 5 notes, 2 standees
    texts = [p.extract_text() for p in PdfReader(pdf).pages]
    assert texts[COINS].count("COIN1") == 8 and texts[COINS].count("COIN5") == 4  # items keep their own counts
    assert texts[COIN_BACKS].count("BACK1") == 8 and texts[COIN_BACKS].count("BACK5") == 4
    assert texts[PAWNS].split().count("P") == 6
    assert texts[SHIELDS].count("+1") == 4 and texts[SHIELD_BACKS].count("-1") == 4
    assert texts[NOTES].count("10 gold") == 5
    assert texts[STANDEES].count("HERO") == 2 and texts[STANDEES].count("BACK") == 2
    assert "fronts" in texts[PAWNS] and "backs" not in texts[PAWNS + 1]  # single-sided sets get no backs page
    assert "50 mm" in texts[0] and "print at 100% / actual size" in texts[0]


def test_a_set_per_colour_comes_from_one_definition(built):
    pdf, _ = built
    dpi = 100
    px = dpi / 25.4
    image = np.asarray(render_page(pdf, PAWNS, dpi).convert("RGB"), dtype=np.int16)
    sheet = slots((16, 16))
    colours = []
    for i in range(6):
        s = sheet.slot(i)
        # a corner of the token's square, outside the hexagon: the player's colour alone
        x, y = (s.x / 1000 + 3) * px, (LETTER_H - (s.y + s.h) / 1000 + 1) * px
        colours.append(tuple(image[int(y), int(x)]))
    red, blue = (0xC0, 0x39, 0x2B), (0x2E, 0x6D, 0xA4)
    assert all(np.abs(np.subtract(c, red)).max() < 6 for c in colours[:3]), colours
    assert all(np.abs(np.subtract(c, blue)).max() < 6 for c in colours[3:]), colours


def _profile(image, px, y_mm, x_from, x_to):
    row = image[int(round(y_mm * px))]
    xs = np.arange(int(x_from * px), int(x_to * px))
    return xs / px, row[xs]


def test_circles_carry_a_cut_circle_on_the_trim(built):
    pdf, _ = built
    dpi = 600
    px = dpi / 25.4
    image = grey(pdf, COINS, dpi)
    s = slots((20, 20)).slot(0)
    cx, cy = s.x / 1000 + 10, LETTER_H - s.y / 1000 - 10
    tint = image[int(round((cy - 9.5) * px)), int(round((cx - 9.5) * px))]  # a corner, outside the circle
    for dx in (-10, 10):  # where the circle meets the row through the centre
        xs, values = _profile(image, px, cy, cx + dx - 0.6, cx + dx + 0.6)
        darkest = xs[np.argmin(values)]
        assert values.min() < tint - 40 and abs(darkest - (cx + dx)) < 0.1, (dx, darkest, values.min(), tint)
    # at 45°, the line runs through the square's corner area on the circle, not on the square
    r = 10 / np.sqrt(2)
    on = image[int(round((cy - r) * px)), int(round((cx - r) * px)) - 2 : int(round((cx - r) * px)) + 3].min()
    assert on < tint - 30


def test_hexagons_carry_a_cut_hexagon_with_corners_left_and_right(built):
    pdf, _ = built
    dpi = 600
    px = dpi / 25.4
    image = grey(pdf, PAWNS, dpi)
    s = slots((16, 16)).slot(0)
    cx, cy = s.x / 1000 + 8, LETTER_H - s.y / 1000 - 8
    background = image[int(round((cy - 7.6) * px)), int(round(cx * px))]  # above the top edge (8 sin 60° = 6.93)
    top = image[int(round((cy - 6.93) * px)) - 3 : int(round((cy - 6.93) * px)) + 4, int(round(cx * px))]
    assert np.abs(top - background).max() > 60
    for dx in (-8, 8):  # the left and right corners
        xs, values = _profile(image, px, cy, cx + dx - 0.5, cx + dx + 0.5)
        assert values.min() < background - 25 and abs(xs[np.argmin(values)] - (cx + dx)) < 0.15


def test_rounded_squares_carry_rounded_cut_corners_and_squares_only_crop_marks(built):
    pdf, _ = built
    dpi = 600
    px = dpi / 25.4
    image = grey(pdf, SHIELDS, dpi)
    s = slots((18, 18)).slot(0)
    left, top = s.x / 1000, LETTER_H - (s.y + s.h) / 1000
    # the corner radius is 0.15 × 18 = 2.7 mm: the line crosses the diagonal 0.79 mm in from the corner
    d = 2.7 * (1 - 1 / np.sqrt(2))
    fill = image[int(round((top + 5) * px)), int(round((left + 1) * px))]
    diagonal = [image[int(round((top + t) * px)), int(round((left + t) * px))] for t in np.arange(0.2, 1.6, 0.02)]
    darkest = 0.2 + 0.02 * int(np.argmin(diagonal))
    assert min(diagonal) < fill - 25 and abs(darkest - d) < 0.15
    # a square token has no outline: its edge is left to the crop marks
    walls = grey(pdf, WALLS, dpi)
    w = slots((14, 14)).slot(0)
    xs, values = _profile(walls, px, LETTER_H - w.y / 1000 - 2, w.x / 1000 - 0.5, w.x / 1000 + 0.5)
    assert values.max() - values.min() < 10  # the wall's grey runs across its trim into the bleed undisturbed


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_each_back_lands_behind_its_front_after_flipping(tmp_path, duplex):
    root = tmp_path / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    _build(root, "--duplex", duplex)
    pdf = root / "output/tiny/tiny-tokens.pdf"
    dpi = 100
    px = dpi / 25.4
    front = np.asarray(render_page(pdf, COINS, dpi).convert("RGB"), dtype=np.int16)
    back = np.asarray(render_page(pdf, COIN_BACKS, dpi).convert("RGB"), dtype=np.int16)
    back = back[:, ::-1] if duplex == "long" else back[::-1, :]  # what the paper shows behind the fronts
    sheet = slots((20, 20))
    yellow, blue = (0xF3, 0xD3, 0x6B), (0x9F, 0xD0, 0xF0)
    seen = []
    for i in range(12):
        s = sheet.slot(i)
        # a corner of the token, outside its circle: the tint of its item on both sides
        x = int((s.x / 1000 + 1.5) * px)
        y = int((LETTER_H - (s.y + s.h) / 1000 + 1.5) * px)
        f, b = front[y, x], back[y, x]
        assert np.abs(f - b).max() < 6, (i, f, b)
        seen.append("blue" if np.abs(f - blue).max() < 6 else "yellow" if np.abs(f - yellow).max() < 6 else "?")
    assert seen == ["yellow"] * 8 + ["blue"] * 4
    # and just outside the grid's first column the back shows paper: the backs sit exactly behind, not shifted
    s = sheet.slot(0)
    x = int((s.x / 1000 - 2) * px)
    y = int((LETTER_H - (s.y + s.h) / 1000 + 10) * px)
    assert back[y, x].min() > 240


def test_a_standee_folds_its_upside_down_back_behind_its_front(built):
    pdf, _ = built
    dpi = 200
    px = dpi / 25.4
    image = np.asarray(render_page(pdf, STANDEES, dpi).convert("RGB"), dtype=np.int16)
    # the 25 × 40 mm figure becomes one 25 × 102 mm piece: tab 10, back 40, fold band 2, front 40, tab 10
    sheet = plan_sheet("letter", (25, 102), 2, 1)
    s = sheet.slot(0)
    x = (s.x / 1000 + 12.5) * px
    top = LETTER_H - (s.y + s.h) / 1000

    def at(y_mm, dx=0.0):
        return image[int(round((top + y_mm) * px)), int(round(x + dx * px))]

    tab = (0xE6, 0xE6, 0xE6)
    ink, red = (0x1D, 0x24, 0x33), (0xC0, 0x39, 0x2B)
    assert np.abs(at(5, 10) - tab).max() < 6 and np.abs(at(97, 10) - tab).max() < 6
    # the front: head 11 mm below the fold, body below it; the back: the same, mirrored about the fold
    fold = 10 + 40 + 1
    assert np.abs(at(fold + 1 + 11) - red).max() < 6 and np.abs(at(fold + 1 + 26) - red).max() < 6
    assert np.abs(at(fold - 1 - 11) - ink).max() < 6 and np.abs(at(fold - 1 - 26) - ink).max() < 6
    # the fold band holds each side's bleed: front colour just below the fold, back colour just above
    front_bg, back_bg = (0xFB, 0xE9, 0xD0), (0xD0, 0xDE, 0xF0)
    assert np.abs(at(fold + 0.6, 10) - front_bg).max() < 6 and np.abs(at(fold - 0.6, 10) - back_bg).max() < 6
    # the back's caption is at its bottom, so upside down it reads near the top tab; the front's near the bottom tab
    from test_boards import text_boxes

    boxes = text_boxes(pdf, STANDEES)
    hero = [b for b in boxes if b[0] == "HERO"]
    backs = [b for b in boxes if b[0] == "BACK"]
    assert len(hero) == 2 and len(backs) == 2
    assert all(b[2] - top < 16 for b in backs) and all(b[4] - top > 86 for b in hero)


def test_two_builds_are_byte_identical(project):
    digests = []
    for _ in range(2):
        _build(project)
        digests.append((project / "output/tiny/tiny-tokens.pdf").read_bytes())
        (project / "output/.pnp-cache/tiny.json").unlink()
    assert digests[0] == digests[1]


def test_every_font_is_embedded(built):
    from test_boards import fonts_of

    fonts = fonts_of(built[0])
    assert fonts and all(fonts.values()), fonts


def test_a_circle_with_two_sizes_is_a_located_error(project):
    tokens = project / "data/tiny/tokens.yaml"
    tokens.write_text(tokens.read_text().replace("size: 20\n", "size: 20 x 10\n"))
    result = run_pnp(project, "build")
    assert result.exit_code == 1
    assert "data/tiny/tokens.yaml:7:" in result.stderr and "one size" in result.stderr


def test_a_token_template_error_is_reported_once_at_its_line(project):
    template = project / "templates/tiny/token-coin.j2"
    template.write_text(template.read_text().replace("token.value", "token.valeu"))
    result = run_pnp(project, "build")
    assert result.exit_code == 1
    lines = [line for line in result.stderr.splitlines() if "token-coin.j2" in line]
    assert len(lines) == 1 and "templates/tiny/token-coin.j2:4:" in lines[0] and "valeu" in lines[0]
    assert not (project / "output/tiny/tiny-tokens.pdf").exists()
