"""The tokens PDF as a person cuts it: every copy there, each shape's cut line on its front, each back behind
its front after a duplex flip, and a standee that folds into a figure."""
from __future__ import annotations

import itertools
import re
import shutil
from dataclasses import dataclass

import numpy as np
import pytest
from conftest import TEST_PROJECT, render_page, run_pnp
from pdftext import page_texts
from print_raster import Region
from pypdf import PdfReader

from pnp.core.units import DEFAULT_PRINTABLE_MM

LETTER_W, LETTER_H = 215.9, 279.4
# tiny's token sets by shape and size, in order, with their copies: 12 coins, 6 pawns, 4 shields,
# 6 walls, 5 notes and 2 standees (25 × 40 mm, folded over: 25 × 102 mm in one piece)
GROUPS = [((20, 20), 12), ((16, 16), 6), ((18, 18), 4), ((14, 14), 6), ((40, 20), 5), ((25, 102), 2)]
COINS, PAWNS, SHIELDS, WALLS, NOTES, STANDEES = range(6)
DOUBLE_SIDED = {COINS, SHIELDS, NOTES}


@dataclass(frozen=True)
class Box:
    """A token's trim in µm from the page's bottom-left, as the PDF measures."""

    x: int
    y: int
    w: int
    h: int


# Where each set goes, from the rules of print alone (Letter 215.9 × 279.4 mm; nothing drawn nearer the edge than the
# default printer's 5 mm margin plus 0.5 mm of tolerance, 5.5 mm; 1 mm of art past the cut, 2 mm between neighbours): a
# band keeps room for a 1 mm gap and a 2 mm mark at each side, so it has as many columns as fit in 215.9 − 2 × (5.5 + 3)
# = 198.9 mm at the token's width + 2 mm, its rows centred across the page. Bands stack down the page: the first trim
# starts 5.5 (limit) + 3 (a band's crop mark) + 1 (mark gap) + 1 (bleed) = 10.5 mm from the top, and each next band
# 1 (bleed) + 2 × (1 + 3) + 1 (both bands' marks and 1 mm of paper) + 1 (bleed) = 11 mm below the last trim above. All
# six bands (234 mm of rows and 55 mm between them) need more than one page: the tallest go on the first page while
# they fit (standees 102 mm, coins and notes 2 rows of 20 mm, shields 18 mm: 184 mm, and 33 mm between them), the pawns
# and walls on a second; on each page the sets keep their order.
LIMIT = DEFAULT_PRINTABLE_MM + 0.5
BAND_W = LETTER_W - 2 * (LIMIT + 3)
TOP = LIMIT + 3 + 1 + 1
BETWEEN = 11


def _columns(w: float) -> tuple[int, float]:
    """(columns, left edge of the first) of a band of tokens `w` mm wide: as many as fit BAND_W, centred."""
    cols = int(BAND_W // (w + 2))
    return cols, (LETTER_W - cols * w - (cols - 1) * 2) / 2


LAYOUT = {
    COINS: (0, 1, *_columns(20), TOP),  # 9 columns; 12 coins take 2 rows
    SHIELDS: (0, 1, *_columns(18), TOP + 2 * 20 + 2 + BETWEEN),  # 9 columns, 1 row
    NOTES: (0, 1, *_columns(40), TOP + 2 * 20 + 2 + BETWEEN + 18 + BETWEEN),  # 4 columns, 2 rows
    STANDEES: (0, None, *_columns(25), TOP + 2 * (2 * 20 + 2 + BETWEEN) + 18 + BETWEEN),  # 7 columns; single-sided: nothing behind them
    PAWNS: (2, None, *_columns(16), TOP),  # 11 columns; the second sheet holds only single-sided sets: no backs page
    WALLS: (2, None, *_columns(14), TOP + 16 + BETWEEN),  # 12 columns
}


def where(group: int, i: int = 0):
    """(fronts page, backs page or None, Box) of copy `i` of a set: sets share sheets in bands, a backs page
    follows any fronts page holding a double-sided set."""
    page, backs, cols, left, top = LAYOUT[group]
    (w, h), count = GROUPS[group]
    assert 0 <= i < count
    row, col = divmod(i, cols)
    x, y = left + col * (w + 2), top + row * (h + 2)
    return page, backs, Box(round(x * 1000), round((LETTER_H - y - h) * 1000), round(w * 1000), round(h * 1000))


def _build(root, *args):
    """Build the tiny game's tokens on sheets of their own: a build that names its decks (`--deck`) prints every token
    set there. The plain build prints the coins, pawns, shields and walls below the last card (tests/test_token_share.py
    and test_cards_pdf.py read them there), which would leave these sheets only the notes and standees."""
    result = run_pnp(root, "build", "--only", "tokens", "--deck", "heroes", *args)
    assert result.exit_code == 0, result.output + result.stderr
    return result


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    root = tmp_path_factory.mktemp("tokens") / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    result = _build(root)
    return root / "output/tiny/tiny-tokens.pdf", result.output


def grey(pdf, index, dpi):
    return np.asarray(render_page(pdf, index, dpi).convert("L"), dtype=np.float64)


def test_every_copy_is_on_the_sheets(built):
    pdf, output = built
    assert "tiny-tokens.pdf  3 pages  35 pieces" in output  # two shared sheets; the second, single-sided, has no backs page
    texts = page_texts(pdf)
    front, back, _ = where(COINS)
    assert texts[front].count("COIN1") == 8 and texts[front].count("COIN5") == 4  # items keep their own counts
    assert texts[back].count("BACK1") == 8 and texts[back].count("BACK5") == 4
    assert texts[where(PAWNS)[0]].split().count("P") == 6 and where(PAWNS)[1] is None  # pawns are single-sided
    assert texts[where(SHIELDS)[0]].count("+1") == 4 and texts[where(SHIELDS)[1]].count("-1") == 4
    assert texts[where(NOTES)[0]].count("10 gold") == 5
    standees, standee_backs, _ = where(STANDEES)
    assert texts[standees].count("HERO") == 2 and texts[standees].count("BACK") == 2
    assert standee_backs is None and texts[back].count("HERO") == 0  # nothing behind a standee: it folds its own back
    assert len(texts) == where(PAWNS)[0] + 1  # a single-sided sheet gets no backs page
    assert "50 mm" in texts[0] and "print at 100% / actual size" in texts[0]


def test_sets_of_different_sizes_share_a_sheet_without_touching(built):
    pdf, _ = built
    assert where(COINS)[0] == where(SHIELDS)[0] == where(NOTES)[0] == where(STANDEES)[0] == 0
    assert where(PAWNS)[0] == where(WALLS)[0] == 2
    # between two bands, the paper stays blank: each band's crop marks reach 1–4 mm past its bleed,
    # leaving 1 mm of clear paper midway, and no art of either set is printed there
    dpi = 100
    px = dpi / 25.4
    for page, above in ((0, (COINS, SHIELDS, NOTES)), (2, (PAWNS,))):
        image = grey(pdf, page, dpi)
        for g in above:
            last = where(g, GROUPS[g][1] - 1)[2]
            below = LETTER_H - last.y / 1000 + 1 + 4.5  # midway between this band's bleed and the next one's
            row = image[int(below * px), int(40 * px) : int(170 * px)]
            assert row.min() > 240, (g, row.min())


def test_a_set_per_colour_comes_from_one_definition(built):
    pdf, _ = built
    dpi = 100
    px = dpi / 25.4
    image = np.asarray(render_page(pdf, where(PAWNS)[0], dpi).convert("RGB"), dtype=np.int16)
    colours = []
    for i in range(6):
        s = where(PAWNS, i)[2]
        # a corner of the token's square, outside the hexagon: the player's colour alone
        x, y = (s.x / 1000 + 3) * px, (LETTER_H - (s.y + s.h) / 1000 + 1) * px
        colours.append(tuple(image[int(y), int(x)]))
    red, blue = (0xC0, 0x39, 0x2B), (0x2E, 0x6D, 0xA4)
    assert all(np.abs(np.subtract(c, red)).max() < 6 for c in colours[:3]), colours
    assert all(np.abs(np.subtract(c, blue)).max() < 6 for c in colours[3:]), colours


def _profile(image, px, y_mm, x_from, x_to):
    xs = np.arange(int(x_from * px), int(x_to * px))
    return xs / px, image[round(y_mm * px), xs]


def fine(pdf, index, box_mm):
    """The part of page `index` around `box_mm` (left, top, right, bottom, mm from the top-left) at 600 dpi, grey,
    indexed as the whole page (tests/print_raster.py): a cut line's position to a tenth of a millimetre."""
    return Region.around(pdf, index, 600, box_mm)


def test_circles_carry_a_cut_circle_on_the_trim(built):
    pdf, _ = built
    dpi = 600
    px = dpi / 25.4
    page, _, s = where(COINS)
    cx, cy = s.x / 1000 + 10, LETTER_H - s.y / 1000 - 10
    image = fine(pdf, page, (cx - 11, cy - 11, cx + 11, cy + 1))
    tint = image[round((cy - 9.5) * px), round((cx - 9.5) * px)]  # a corner, outside the circle
    for dx in (-10, 10):  # where the circle meets the row through the centre
        xs, values = _profile(image, px, cy, cx + dx - 0.6, cx + dx + 0.6)
        darkest = xs[np.argmin(values)]
        assert values.min() < tint - 40 and abs(darkest - (cx + dx)) < 0.1, (dx, darkest, values.min(), tint)
    # at 45°, the line runs through the square's corner area on the circle, not on the square
    r = 10 / np.sqrt(2)
    on = image[round((cy - r) * px), round((cx - r) * px) - 2 : round((cx - r) * px) + 3].min()
    assert on < tint - 30


def test_hexagons_carry_a_cut_hexagon_with_corners_left_and_right(built):
    pdf, _ = built
    dpi = 600
    px = dpi / 25.4
    page, _, s = where(PAWNS)
    cx, cy = s.x / 1000 + 8, LETTER_H - s.y / 1000 - 8
    image = fine(pdf, page, (cx - 9, cy - 8, cx + 9, cy + 1))
    background = image[round((cy - 7.6) * px), round(cx * px)]  # above the top edge (8 sin 60° = 6.93)
    top = image[round((cy - 6.93) * px) - 3 : round((cy - 6.93) * px) + 4, round(cx * px)]
    assert np.abs(top - background).max() > 60
    for dx in (-8, 8):  # the left and right corners
        xs, values = _profile(image, px, cy, cx + dx - 0.5, cx + dx + 0.5)
        assert values.min() < background - 25 and abs(xs[np.argmin(values)] - (cx + dx)) < 0.15


def test_rounded_squares_carry_rounded_cut_corners_and_squares_only_crop_marks(built):
    pdf, _ = built
    dpi = 600
    px = dpi / 25.4
    page, _, s = where(SHIELDS)
    left, top = s.x / 1000, LETTER_H - (s.y + s.h) / 1000
    image = fine(pdf, page, (left, top, left + 2, top + 6))
    # the corner radius is 0.15 × 18 = 2.7 mm: the line crosses the diagonal 0.79 mm in from the corner
    d = 2.7 * (1 - 1 / np.sqrt(2))
    fill = image[round((top + 5) * px), round((left + 1) * px)]
    diagonal = [image[round((top + t) * px), round((left + t) * px)] for t in np.arange(0.2, 1.6, 0.02)]
    darkest = 0.2 + 0.02 * int(np.argmin(diagonal))
    assert min(diagonal) < fill - 25 and abs(darkest - d) < 0.15
    # a square token has no outline: its edge is left to the crop marks
    page, _, w = where(WALLS)
    walls = fine(pdf, page, (w.x / 1000 - 1, LETTER_H - w.y / 1000 - 3, w.x / 1000 + 1, LETTER_H - w.y / 1000 - 1))
    _xs, values = _profile(walls, px, LETTER_H - w.y / 1000 - 2, w.x / 1000 - 0.5, w.x / 1000 + 0.5)
    assert values.max() - values.min() < 10  # the wall's grey runs across its trim into the bleed undisturbed


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_each_back_lands_behind_its_front_after_flipping(tmp_path, duplex):
    root = tmp_path / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    _build(root, "--duplex", duplex)
    pdf = root / ("output/tiny/tiny-tokens.pdf" if duplex == "long" else "output/tiny/tiny-tokens-short-edge.pdf")
    dpi = 100
    px = dpi / 25.4
    front_page, back_page, _ = where(COINS)
    front = np.asarray(render_page(pdf, front_page, dpi).convert("RGB"), dtype=np.int16)
    back = np.asarray(render_page(pdf, back_page, dpi).convert("RGB"), dtype=np.int16)
    back = back[:, ::-1] if duplex == "long" else back[::-1, :]  # what the paper shows behind the fronts
    yellow, blue = (0xF3, 0xD3, 0x6B), (0x9F, 0xD0, 0xF0)
    seen = []
    for i in range(12):
        s = where(COINS, i)[2]
        # a corner of the token, outside its circle: the tint of its item on both sides
        x = int((s.x / 1000 + 1.5) * px)
        y = int((LETTER_H - (s.y + s.h) / 1000 + 1.5) * px)
        f, b = front[y, x], back[y, x]
        assert np.abs(f - b).max() < 6, (i, f, b)
        seen.append("blue" if np.abs(f - blue).max() < 6 else "yellow" if np.abs(f - yellow).max() < 6 else "?")
    assert seen == ["yellow"] * 8 + ["blue"] * 4
    # and just outside the grid's first column the back shows paper: the backs sit exactly behind, not shifted
    s = where(COINS, 0)[2]
    x = int((s.x / 1000 - 2) * px)
    y = int((LETTER_H - (s.y + s.h) / 1000 + 10) * px)
    assert back[y, x].min() > 240


def test_a_standee_folds_its_upside_down_back_behind_its_front(built):
    pdf, _ = built
    dpi = 200
    px = dpi / 25.4
    page, _, s = where(STANDEES)
    image = np.asarray(render_page(pdf, page, dpi).convert("RGB"), dtype=np.int16)
    # the 25 × 40 mm figure becomes one 25 × 102 mm piece: tab 10, back 40, fold band 2, front 40, tab 10
    x = (s.x / 1000 + 12.5) * px
    top = LETTER_H - (s.y + s.h) / 1000

    def at(y_mm, dx=0.0):
        return image[round((top + y_mm) * px), round(x + dx * px)]

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

    boxes = text_boxes(pdf, page)
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
    from conftest import pdf_fonts

    fonts = pdf_fonts(PdfReader(built[0]))
    assert fonts and all(fonts.values()), fonts


@pytest.mark.parametrize("size, line, shape, measure", [("20", 7, "circle", "diameter"), ("16", 16, "hexagon", "width"),
                                                      ("14", 30, "square", "width")])
def test_a_circle_hexagon_or_square_with_two_sizes_is_a_located_error(project, size, line, shape, measure):
    """A shape of one size (a circle's diameter, a hexagon's or a square's width) given two is refused at its size line,
    saying what to write: a square of 14 x 10 mm is no square, and would be cut as a rectangle of crop marks."""
    tokens = project / "data/tiny/tokens.yaml"
    tokens.write_text(tokens.read_text().replace(f"size: {size}\n", f"size: {size} x 10\n", 1))
    result = run_pnp(project, "build", "tiny", "--only", "tokens")
    assert result.exit_code == 1
    assert f"data/tiny/tokens.yaml:{line}:" in result.stderr, result.stderr
    assert f"a {shape} token has one size (its {measure}), got {size} x 10: write one number, or use shape rectangle" in result.stderr, result.stderr


def test_a_token_template_error_is_reported_once_at_its_line(project):
    template = project / "templates/tiny/token-coin.j2"
    template.write_text(template.read_text().replace("token.value", "token.valeu"))
    result = run_pnp(project, "build")
    assert result.exit_code == 1
    lines = [line for line in result.stderr.splitlines() if "token-coin.j2" in line]
    assert len(lines) == 1 and "templates/tiny/token-coin.j2:4:" in lines[0] and "valeu" in lines[0]
    assert not (project / "output/tiny/tiny-tokens.pdf").exists()


def test_a_sheet_no_packing_can_fill_to_half_is_named_in_the_summary(built):
    """By their slots the six sets take 0.47 of a Letter sheet (coins 12 of 9 × 11, shields 4 of 9 × 13, notes 5 of
    4 × 12, standees 2 of 7 × 2, pawns 6 of 11 × 14, walls 6 of 12 × 16), but their rows and the 11 mm between bands
    need more than one page: of two pages the first cannot be half full, and the build says which sheet and why."""
    _, output = built
    assert "tiny-tokens.pdf: sheet 1 is only 40% full: no packing found fills it to half" in output


@pytest.fixture(scope="module")
def folded(tmp_path_factory):
    root = tmp_path_factory.mktemp("folded") / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    result = _build(root, "--layout", "gutterfold")
    return root / "output/tiny/tiny-tokens-gutterfold.pdf", result.output


def test_sets_of_different_sizes_share_gutterfold_sheets_in_bands_clear_of_the_fold(folded):
    """Six sets on two sheets (one per set before bands), each holding bands of several sizes with no crop mark of one
    band meeting another's: the three sets with backs on a gutterfold sheet, every back the mirror of its front across
    the fold and nothing but the dashed fold line within 1 mm of the fold; the three with no back (pawns, walls, the
    standee, which folds its own back) on a plain one-sided sheet, with no fold and nothing behind them."""
    import printable as P

    pdf, output = folded
    assert "tiny-tokens-gutterfold.pdf  2 pages  35 pieces" in output
    dpi = 300
    px = dpi / 25.4
    texts = page_texts(pdf)
    assert ["fold on the dashes" in text for text in texts] == [True, False], "a fold sheet, then a plain one"
    for index, view in enumerate(P.read(pdf)):
        sizes = {(round(f.trim.x1 - f.trim.x0), round(f.trim.y1 - f.trim.y0)) for f in view.faces}
        assert len(sizes) >= 3, f"sheet {index + 1} holds one size only: {sizes}"
        marks = [ln for ln in view.lines if ln[4] < 0.5 and not any(f.drawn.inside((ln[0] + ln[2]) / 2, (ln[1] + ln[3]) / 2) for f in view.faces)]
        for a, b in itertools.combinations(marks, 2):
            same_x = abs(a[0] - a[2]) < 0.01 and abs(b[0] - b[2]) < 0.01 and abs(a[0] - b[0]) < 0.01
            same_y = abs(a[1] - a[3]) < 0.01 and abs(b[1] - b[3]) < 0.01 and abs(a[1] - b[1]) < 0.01
            if same_x:
                gap = max(min(a[1], a[3]) - max(b[1], b[3]), min(b[1], b[3]) - max(a[1], a[3]))
            elif same_y:
                gap = max(min(a[0], a[2]) - max(b[0], b[2]), min(b[0], b[2]) - max(a[0], a[2]))
            else:
                continue
            assert gap > 0.5 * 72 / 25.4, f"sheet {index + 1}: crop marks {a[:4]} and {b[:4]} meet"
        if "fold on the dashes" not in texts[index]:
            assert len(view.faces) == 14 and "fold" not in texts[index], "the plain sheet: 6 pawns, 6 walls, 2 standees, no fold line"
            continue
        image = grey(pdf, index, dpi)
        w, h = LETTER_W if view.width < view.height else LETTER_H, LETTER_H if view.width < view.height else LETTER_W
        across = all(f.trim.y0 > view.height / 2 or f.trim.y1 < view.height / 2 for f in view.faces)
        # the strip 0.35–0.9 mm each side of the fold, away from the 'fold' labels at its ends
        if across:
            rows = [int((h / 2 + s * d) * px) for s in (-1, 1) for d in (0.35, 0.6, 0.9)]
            strip = image[rows, int(20 * px) : int((w - 20) * px)]
        else:
            cols = [int((w / 2 + s * d) * px) for s in (-1, 1) for d in (0.35, 0.6, 0.9)]
            strip = image[int(20 * px) : int((h - 20) * px), cols]
        assert strip.min() > 240, f"sheet {index + 1}: ink within 1 mm of the fold"
        fold = view.height / 2 if across else view.width / 2
        fronts = [f.trim for f in view.faces if (f.trim.y0 > fold if across else f.trim.x1 < fold)]
        mirrored = {(round(t.x0, 1), round(2 * fold - t.y1, 1)) if across else (round(2 * fold - t.x1, 1), round(t.y0, 1)) for t in fronts}
        backs = [f.trim for f in view.faces if f.trim not in fronts]
        assert backs and all((round(t.x0, 1), round(t.y0, 1)) in mirrored for t in backs)


@pytest.mark.parametrize(("back", "setting", "pages"), [
    ('{{ rect(-face.bleed, -face.bleed, face.w + 2 * face.bleed, face.h + 2 * face.bleed, fill="#6b2d83", stroke="none") }}', None, 1),
    ('{{ rect(-face.bleed, -face.bleed, face.w + 2 * face.bleed, face.h + 2 * face.bleed, fill="#6b2d83", stroke="none") }}', "always", 2),
    ('{{ text(token.value|string, 0, 0, face.w, face.h, size=12) }}', None, 2),
    ('{{ text(token.value|string, 0, 0, face.w, face.h, size=12) }}', "never", 1),
    ('{{ qr("https://example.org/tiny/notes", 2, 2, 16) }}', None, 2),
    ('{% call group(x=face.w, y=face.h, rotate=180) %}{{ text(token.value|string, 0, 0, face.w, face.h, size=12) }}{% endcall %}', None, 2),
    ('{{ rect(-face.bleed, -face.bleed, face.w + 2 * face.bleed, face.h + 2 * face.bleed, fill=gradient(["#6b2d83", "#f3d36b"]), stroke="none") }}',
     None, 2),
])
def test_a_token_set_whose_backs_say_nothing_prints_no_backs(tmp_path, back, setting, pages):
    """A set whose every back is one plain colour prints one page, not a page of solid ink behind it (print_back: auto);
    `always` keeps such backs, a back with words prints (its words in a turned group too), as does one with a QR code
    alone (a phone reads it) or a gradient (more than one colour), and `never` leaves out even those."""
    root = tmp_path / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    (root / "templates" / "tiny" / "plain-back.j2").write_text(back + "\n")
    (root / "data" / "tiny" / "tokens.yaml").write_text(
        "tokens:\n  - id: notes\n    name: Notes\n    shape: square\n    size: 20\n    front: tiny/token-wall.j2\n    back: tiny/plain-back.j2\n"
        + (f"    print_back: {setting}\n" if setting else "") + "    items:\n      - {id: a, value: 1, count: 6}\n      - {id: b, value: 5, count: 6}\n")
    # a build of named decks keeps the 12 notes on their own sheets, not in the last card sheet's free space (test_token_share)
    result = run_pnp(root, "build", "tiny", "--only", "tokens", "--deck", "heroes", "--out", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output + result.stderr
    assert len(PdfReader(next((tmp_path / "out" / "tiny").glob("tiny-tokens*.pdf"))).pages) == pages


def test_sets_of_one_size_but_different_cuts_are_each_cut_along_their_own_line(tmp_path):
    """Two hexagon sets of one size, one with corners left and right and one with corners up and down, share sheets
    but not a cut line: the cutter's file cuts each copy along its own set's hexagon (read back with ezdxf)."""
    import ezdxf

    root = tmp_path / "project"
    shutil.copytree(TEST_PROJECT, root, ignore=shutil.ignore_patterns("output"))
    (root / "data/tiny/tokens.yaml").write_text(
        "tokens:\n"
        "  - {id: flat, name: Flat, shape: hexagon, size: 16, count: 3, colors: [red], front: tiny/token-pawn.j2}\n"
        "  - {id: pointy, name: Pointy, shape: hexagon, hex_top: pointy, size: 16, count: 2, colors: [red], front: tiny/token-pawn.j2}\n")
    _build(root, "--cutter", "silhouette", "--no-validate")
    tops = {"flat": 0, "pointy": 0}
    for dxf in sorted((root / "output/tiny").glob("tiny-tokens-silhouette-sheet-*.dxf")):
        for cut in ezdxf.readfile(dxf).modelspace().query('LWPOLYLINE[layer=="CUT"]'):
            points = [(round(x, 2), round(y, 2)) for x, y, *_ in cut.get_points()]
            top = max(y for _, y in points)
            tops["pointy" if sum(1 for _, y in points if y == top) == 1 else "flat"] += 1  # a pointy hexagon: one corner on top
    assert tops == {"flat": 3, "pointy": 2}


def test_one_sided_token_sets_print_without_blank_backs_and_every_back_stays_behind_its_front(tmp_path):
    """Germ Tycoon's protein notes print no backs (`print_back: never`) while its colonies and bacteria do: the notes go
    to a one-sided PDF of their own (no 'back left blank' pages, the print dialog asked for one-sided), and the
    double-sided PDF holds every front page followed by its own back page. Built with `--deck` (a build naming its decks
    prints every token set on sheets of its own): a whole build prints the colonies and bacteria on the last card sheet."""
    import yaml
    from conftest import ROOT, run_pnp
    from pdftext import page_texts
    from pypdf import PdfReader

    result = run_pnp(ROOT, "build", "germ-tycoon", "--only", "tokens", "--deck", "cells", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    folder = tmp_path / "germ-tycoon"
    one_sided, duplex = folder / "germ-tycoon-tokens-one-sided.pdf", folder / "germ-tycoon-tokens.pdf"
    assert str(PdfReader(one_sided).trailer["/Root"]["/ViewerPreferences"]["/Duplex"]) == "/Simplex"
    notes = next(t for t in yaml.safe_load((ROOT / "data/germ-tycoon/tokens.yaml").read_text())["tokens"] if t["id"] == "money")
    assert f"germ-tycoon-tokens-one-sided.pdf  7 pages  {sum(i['count'] for i in notes['items'])} pieces" in result.output
    texts = page_texts(one_sided) + page_texts(duplex)
    assert not [t for t in texts if "back left blank" in t], "a blank back page"
    labels = [re.search(r"sheet (\d+) of \d+ · (fronts|backs)", t).groups() for t in page_texts(duplex)]
    assert labels == [(n, side) for n, _ in labels[::2] for side in ("fronts", "backs")], labels


def test_an_items_own_back_template_misnamed_is_one_error_at_that_item(project):
    """A token item may name a side of its own over its set's: misspelt, the error stands at that item's name for it
    (tokens.yaml's line 12, the 5-coin), not at the set's `back:` that the 1-coin prints."""
    tokens = project / "data/tiny/tokens.yaml"
    tokens.write_text(tokens.read_text(encoding="utf-8").replace("tint: \"#9fd0f0\", count: 4}", "tint: \"#9fd0f0\", count: 4, back: tiny/coin-fiv.j2}"),
                      encoding="utf-8")
    line = tokens.read_text(encoding="utf-8").splitlines()[11]
    result = run_pnp(project, "validate", "tiny")
    errors = [shown for shown in result.output.splitlines() if ": error: " in shown]
    assert result.exit_code == 1
    assert len(errors) == 1 and errors[0].startswith(f"data/tiny/tokens.yaml:12:{line.index('tiny/coin-fiv') + 1}: error: template 'tiny/coin-fiv.j2' "
                                                     "not found under templates/: check the name"), errors


def test_an_items_own_fields_and_count_are_its_own_not_its_sets(project):
    """`token` is the set's fields merged with the item's (docs/components.md): an item's value wins over its set's, and
    an item that gives no count is one copy (an item's default), whatever count its set writes."""
    tokens = project / "data/tiny/tokens.yaml"
    text = tokens.read_text(encoding="utf-8").replace("    back: tiny/token-coin-back.j2\n",
                                                      "    back: tiny/token-coin-back.j2\n    value: 0\n    count: 3\n")
    tokens.write_text(text.replace("      - {id: c5, value: 5, tint: \"#9fd0f0\", count: 4}\n",
                                   "      - {id: c5, value: 5, tint: \"#9fd0f0\", count: 4}\n      - {id: c10, value: 10, tint: \"#cccccc\"}\n"),
                      encoding="utf-8")
    _build(project)
    printed = re.findall(r"COIN(\d+)", " ".join(page_texts(project / "output/tiny/tiny-tokens.pdf")))
    assert {value: printed.count(value) for value in set(printed)} == {"1": 8, "5": 4, "10": 1}


def test_a_sets_count_beside_its_items_is_one_warning_at_that_count(project):
    """A set with items prints each item its own count, so a `count: 3` written on the coins beside their items counts
    nothing though it reads as every coin's: one warning at that key, the same from validate and build, saying to move
    it onto the items."""
    tokens = project / "data/tiny/tokens.yaml"
    tokens.write_text(tokens.read_text(encoding="utf-8").replace("    back: tiny/token-coin-back.j2\n",
                                                                 "    back: tiny/token-coin-back.j2\n    count: 3\n", 1), encoding="utf-8")
    said = {}
    for command in ("validate", "build"):
        result = run_pnp(project, command, "tiny", *(["--only", "tokens"] if command == "build" else []))
        assert result.exit_code == 0, result.output + result.stderr
        said[command] = [line for line in result.output.splitlines() if "counts nothing" in line]
    assert said["validate"] == said["build"] == [
        "data/tiny/tokens.yaml:10:5: warning: count: 3 of token set 'coins' counts nothing: a set with items prints each item its own "
        "count (1 unless it says); write count: on the items, or remove this one [coins]"], said



def test_a_count_beside_the_items_of_a_set_listed_later_is_warned_too(project):
    """Every token set is read for a count beside its items, not the first alone: gems, listed last with `count: 2`
    above their two items, get the one warning at that count (line 54 of the file with the set appended)."""
    tokens = project / "data/tiny/tokens.yaml"
    tokens.write_text(tokens.read_text(encoding="utf-8") + "  - id: gems\n    name: Gems\n    shape: circle\n    size: 12\n"
                      "    front: tiny/token-coin.j2\n    count: 2\n    items:\n      - {id: g1, value: 1, tint: red}\n"
                      "      - {id: g2, value: 2, tint: blue}\n", encoding="utf-8")
    result = run_pnp(project, "validate", "tiny")
    assert result.exit_code == 0, result.output + result.stderr
    assert [line for line in result.output.splitlines() if "counts nothing" in line] == [
        "data/tiny/tokens.yaml:54:5: warning: count: 2 of token set 'gems' counts nothing: a set with items prints each item its own "
        "count (1 unless it says); write count: on the items, or remove this one [gems]"], result.output

def test_a_token_templates_syntax_error_is_one_error_at_its_line(project):
    """A token template that does not parse is a located error like a card template's, not pnp's internal error: the
    sheets ask whether it reads `decks` before they draw it, and a template that cannot be read is drawn to report it."""
    template = project / "templates/tiny/token-coin.j2"
    template.write_text(template.read_text(encoding="utf-8") + "{{ text( }}\n", encoding="utf-8")
    line = len(template.read_text(encoding="utf-8").splitlines())
    result = run_pnp(project, "validate", "tiny")
    errors = [shown for shown in result.output.splitlines() if ": error: " in shown]
    assert result.exit_code == 1
    assert len(errors) == 1 and errors[0].startswith(f"templates/tiny/token-coin.j2:{line}:") and \
        "error: template syntax: unexpected '}', expected ')'" in errors[0], result.output


def test_each_sheet_several_sets_share_is_named_in_the_summary_with_each_sets_count(built):
    """A sheet holding two sets is named as surely as one holding four: the tokens.yaml counts (coins 8 + 4, shields 4,
    bank notes 5, standees 2; pawns 3 in each of two colours, walls 6) are the 35 pieces, each set on one sheet."""
    _, output = built
    shared = sorted(line.strip() for line in output.splitlines() if " holds " in line)
    assert shared == ["tiny-tokens.pdf: sheet 1 holds Coins ×12, Shields ×4, Bank notes ×5, Hero standee ×2",
                      "tiny-tokens.pdf: sheet 2 holds Pawns ×6, Walls ×6"], output


@pytest.mark.parametrize(("edit", "at"), [(["{id: c1, value: 1,", "{id: c1, artist: Ada, value: 1,"], "11:18"),  # on coin c1, an item
                                          (["    name: Coins\n", "    name: Coins\n    artist: Ada\n"], "6:5")])  # on the coins set itself
def test_a_token_field_listed_in_keep_fields_is_kept_without_a_warning(project, edit, at):
    """A field no template reads on a token set's item or on the set itself (`artist:`) is one warning at its key;
    listed in tokens.yaml's `keep_fields`, it is a note the designer keeps on purpose, and nothing is said of it."""
    from conftest import apply_edits, quick_findings

    apply_edits(project, [{"file": "data/tiny/tokens.yaml", "replace": edit}])
    _, found = quick_findings(project)
    unread = [line for line in found if "'artist'" in line]
    assert len(unread) == 1 and unread[0].startswith(f"data/tiny/tokens.yaml:{at}: warning: no template, constraint or fact reads the token field 'artist'"), found
    apply_edits(project, [{"file": "data/tiny/tokens.yaml", "replace": ["tokens:\n", "keep_fields: [artist]\ntokens:\n"]}])
    _, found = quick_findings(project)
    assert [line for line in found if "artist" in line] == [], found


def test_a_set_per_colour_prints_each_colour_even_where_its_item_names_one(project):
    """docs/components.md: `colors:` makes one set per colour, read as `token.color`. The pawns' one item writing its
    own `color: gold` still prints three pawns in red and three in blue: the set's colour is each copy's last word."""
    tokens = project / "data/tiny/tokens.yaml"
    tokens.write_text(tokens.read_text(encoding="utf-8").replace("    count: 3                     # per colour\n",
                                                                 "    items: [{id: pawn, color: gold, count: 3}]\n", 1), encoding="utf-8")
    pawn = project / "templates/tiny/token-pawn.j2"
    pawn.write_text(pawn.read_text(encoding="utf-8").replace('text("**P**",', 'text("PAWN-" ~ token.color,', 1), encoding="utf-8")
    _build(project)
    printed = re.findall(r"PAWN-(\w+)", " ".join(page_texts(project / "output/tiny/tiny-tokens.pdf")))
    assert sorted(printed) == ["blue"] * 3 + ["red"] * 3, printed


def test_two_token_sets_of_one_size_are_counted_set_by_set_on_the_sheet_they_share(project):
    """Sets alike in shape and size print as one grid, each piece keeping its set's name: a set of 4 gems as square and
    as small as the 6 walls is counted apart from them where the sheet's holdings are said."""
    tokens = project / "data/tiny/tokens.yaml"
    tokens.write_text(tokens.read_text(encoding="utf-8") + "  - id: gems\n    name: Gems\n    shape: square\n    size: 14\n    count: 4\n"
                      "    front: tiny/token-wall.j2\n", encoding="utf-8")
    result = run_pnp(project, "build", "tiny", "--only", "tokens")
    assert result.exit_code == 0, result.output + result.stderr
    held = [line.strip() for line in result.output.splitlines() if line.strip().startswith("tiny-tokens.pdf: sheet 1 holds")]
    assert held == ["tiny-tokens.pdf: sheet 1 holds Walls ×6, Gems ×4, Hero standee ×2"], result.output
