"""Every print target from one source: gutterfold, low ink, calibration, print-service PNGs, Tabletop Simulator, print-on-demand."""
from __future__ import annotations

import io
import json
from pathlib import Path

import numpy as np
import pytest
import streams
import yaml
from conftest import MM, render_page, run_pnp
from pdftext import page_texts
from PIL import Image
from pypdf import PdfReader

from pnp.core.errors import PnpError
from pnp.core.units import CARD_SIZES, DEFAULT_PRINTABLE_MM, um
from pnp.render.impose import FOLD_CLEAR_UM, plan_fold_sheet

SIZES = sorted(CARD_SIZES.items())


def _ok(result):
    assert result.exit_code == 0, result.output + (result.stderr if result.stderr_bytes else "")
    return result


def _darkness(image) -> float:
    return 1 - np.asarray(image.convert("L"), dtype=float).mean() / 255


def _pages(pdf: Path) -> int:
    return len(PdfReader(pdf).pages)


# Gutterfold -------------------------------------------------------------------

@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("name, size", SIZES)
@pytest.mark.parametrize("bleed", [0, 3])
def test_gutterfold_mirrors_every_back_across_the_fold(paper, name, size, bleed):
    sheet = plan_fold_sheet(paper, size, bleed_mm=bleed)
    assert sheet is not None and sheet.per_sheet >= 1, f"{name} does not fit on {paper}"
    for i in range(sheet.per_sheet):
        front, back = sheet.slot(i), sheet.back_slot(i)
        if sheet.axis == "h":
            assert back.x == front.x
            assert abs((front.y + front.h / 2) + (back.y + back.h / 2) - 2 * sheet.fold) <= um(0.2)
            near_front, near_back = front.y - bleed * 1000, back.y + back.h + bleed * 1000
            assert near_front - sheet.fold >= FOLD_CLEAR_UM and sheet.fold - near_back >= FOLD_CLEAR_UM
        else:
            assert back.y == front.y
            assert abs((front.x + front.w / 2) + (back.x + back.w / 2) - 2 * sheet.fold) <= um(0.2)
            assert sheet.fold - (front.x + front.w + bleed * 1000) >= FOLD_CLEAR_UM
            assert back.x - bleed * 1000 - sheet.fold >= FOLD_CLEAR_UM
        limit = um(DEFAULT_PRINTABLE_MM + 0.5)  # the default printer's margin, and 0.5 mm to spare
        for s in (front, back):  # inside the printable area
            assert s.x - bleed * 1000 >= limit and s.y - bleed * 1000 >= limit
            assert s.x + s.w + bleed * 1000 <= sheet.page_w - limit and s.y + s.h + bleed * 1000 <= sheet.page_h - limit


def test_gutterfold_tarot_fits_and_poker_goes_four_to_a_landscape_letter(project):
    """The heroes' 12 cards alone on gutterfold Letter: tarot cards (70 × 120 mm) two a sheet, 6 sheets; poker cards
    four a landscape sheet, 3 sheets, their fronts in one row above the fold and their backs, turned, below it."""
    import pdfplumber

    def sheets(size: str):
        deck = project / "data/tiny/decks/heroes.yaml"
        deck.write_text(deck.read_text(encoding="utf-8").replace("size: poker\n", f"size: {size}\n"), encoding="utf-8")
        _ok(run_pnp(project, "build", "tiny", "--only", "cards", "--deck", "heroes", "--layout", "gutterfold", "--out", str(project / size)))
        return pdfplumber.open(project / size / "tiny/tiny-cards-gutterfold-heroes.pdf")

    with sheets("poker") as poker:
        page = poker.pages[0]
        assert len(poker.pages) == 3 and (round(page.width / MM, 1), round(page.height / MM, 1)) == (279.4, 215.9)
        words = page.extract_words()
        fronts = {round(w["top"]) for w in words if w["text"] in ("<Knight>", "AT&T")}
        backs = [w["top"] for w in words if w["text"] == "yniT"]  # "Tiny" on a back turned 180°
        assert len([w for w in words if w["text"] in ("<Knight>", "AT&T")]) == 4 and len(fronts) == 1 and fronts.pop() < page.height / 2
        assert len(backs) == 4 and min(backs) > page.height / 2
    with sheets("tarot") as tarot:
        assert len(tarot.pages) == 6


@pytest.fixture
def folded(tiny_after):
    """Gutterfold sheets with backs turned 180° (the default), built once per run (conftest.tiny_after)."""
    return tiny_after("build", "tiny", "--layout", "gutterfold") / "output/tiny/tiny-cards-gutterfold.pdf"


def test_gutterfold_sheets_put_fronts_and_backs_on_one_side(folded):
    pdf = folded
    reader = PdfReader(pdf)
    assert len(reader.pages) == 3  # 12 cards, 4 a sheet, no backs pages
    page = reader.pages[0]
    assert abs(float(page.mediabox.width) - 279.4 * MM) < 0.01  # landscape letter
    text = page_texts(pdf, [0])[0]
    assert "<Knight>" in text and "Tiny Test Game" in text and "fold" in text


@pytest.fixture
def folded_marked(project):
    """Gutterfold sheets turned 180° and upright, of a copy whose back carries a paper-coloured square in its top left
    corner: the game's back is a near-symmetric panel, and only an asymmetric mark tells which way a back was turned."""
    back = project / "templates/tiny/back.j2"
    back.write_text(back.read_text(encoding="utf-8") + '{{ rect(7, 7, 8, 8, fill="paper") }}\n', encoding="utf-8")
    _ok(run_pnp(project, "build", "tiny", "--only", "cards", "--layout", "gutterfold", "--out", str(project / "out180")))
    _ok(run_pnp(project, "build", "tiny", "--only", "cards", "--layout", "gutterfold", "--fold-rotation", "0", "--out", str(project / "out0")))
    return project / "out180/tiny/tiny-cards-gutterfold.pdf", project / "out0/tiny/tiny-cards-gutterfold0.pdf"


def test_gutterfold_back_art_is_mirrored_across_the_fold_and_turned_as_asked(folded_marked):
    pdf180, pdf0 = folded_marked
    sheet = plan_fold_sheet("letter", (63.5, 88.9))
    dpi = 150
    px = dpi / 25.4
    turned, upright = (np.asarray(render_page(p, 0, dpi).convert("L"), dtype=np.int16) for p in (pdf180, pdf0))
    h = turned.shape[0]
    for i in range(sheet.per_sheet):
        front, back = sheet.slot(i), sheet.back_slot(i)
        # the tiny back's panel stops 3 mm inside the trim (a paper border): it sits 3 mm inside where the fold mirrors the front's trim
        x0, x1 = int(back.x / 1000 * px), int((back.x + back.w) / 1000 * px)
        top = int(h - (back.y + back.h) / 1000 * px)
        bottom = int(h - back.y / 1000 * px)
        column = turned[:, (x0 + x1) // 2]
        dark = np.where(column < 80)[0]
        dark = dark[(dark > top - 20) & (dark < bottom + 20)]
        mirrored_top = h - (2 * sheet.fold - front.y) / 1000 * px
        assert abs(dark[0] - mirrored_top - 3 * px) / px < 0.5  # within a raster pixel or two of the mirror, 3 mm in
        # inside the panel (4 mm in from the trim), cropped about the pixel that holds the back's centre, so that a half
        # turn of the crop turns the back about its own centre (to within half a pixel)
        cx, cy = int((back.x + back.w / 2) / 1000 * px), int(h - (back.y + back.h / 2) / 1000 * px)
        hw, hh = round((back.w / 2000 - 4) * px), round((back.h / 2000 - 4) * px)
        rows, cols = slice(cy - hh, cy + hh + 1), slice(cx - hw, cx + hw + 1)
        a, b = turned[rows, cols], upright[rows, cols]
        turned_over, as_is = np.abs(a - b[::-1, ::-1]).mean(), np.abs(a - b).mean()
        assert as_is > 3, "the backs differ: the corner mark and the title are turned in one"
        assert turned_over < as_is / 4, ("the 180° back is the upright back turned over", turned_over, as_is)
    # fronts are the same in both
    assert np.abs(turned[: h // 2 - 40] - upright[: h // 2 - 40]).mean() < 0.5


def test_gutterfold_marks_the_fold_line(folded):
    pdf = folded
    dpi = 150
    image = np.asarray(render_page(pdf, 0, dpi).convert("L"), dtype=np.int16)
    row = image[image.shape[0] // 2 - 1 : image.shape[0] // 2 + 2].min(axis=0)
    inked = (row < 200).mean()
    assert 0.4 < inked < 0.9  # a dashed line across the page, not a solid one


# Low ink --------------------------------------------------------------------------

def test_ink_saver_halves_the_ink_of_the_deck(tiny_after):
    full = tiny_after("build", "tiny") / "output/tiny/tiny-cards.pdf"
    light = tiny_after("build", "tiny", "--ink-saver") / "output/tiny/tiny-cards-ink-saver.pdf"
    assert _pages(full) == _pages(light)
    before = np.mean([_darkness(render_page(full, i, 40)) for i in range(_pages(full))])
    after = np.mean([_darkness(render_page(light, i, 40)) for i in range(_pages(light))])
    assert after <= before / 2, (before, after)
    backs, own_back = page_texts(light, [1, 3])
    footer = next(line for line in backs.splitlines() if "· backs ·" in line)  # the sheet's footer names the game
    assert backs.replace(footer, "").count("Tiny Test Game") == 9  # sheet 1's 3 × 3 backs  # the deck's back: a frame with its own drawing in outline, its title kept
    assert "Twin\u2019s own back" in own_back  # a card's own back keeps its content (quotes set typographically)


def test_ink_saver_keeps_a_back_that_is_a_playable_side(project, tiny_after):
    deck = project / "data/tiny/decks/heroes.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("name: Heroes\n", "name: Heroes\nback_shows_rules: true\n", 1), encoding="utf-8")
    _ok(run_pnp(project, "build", "tiny", "--ink-saver", "--only", "cards"))
    kept = project / "output/tiny/tiny-cards-ink-saver.pdf"
    text = page_texts(kept, [1])[0]
    footer = next(line for line in text.splitlines() if "· backs ·" in line)  # the sheet's footer names the deck
    assert text.replace(footer, "").count("Tiny Test Game") == 9  # its own title, on each of sheet 1's 3 × 3 backs
    # lightened as a face is, its ground a tint: more ink than the frame the back of an ordinary deck becomes
    framed = tiny_after("build", "tiny", "--ink-saver") / "output/tiny/tiny-cards-ink-saver.pdf"
    assert _darkness(render_page(kept, 1, 40)) > 1.5 * _darkness(render_page(framed, 1, 40))


def _hex(colour) -> str | None:
    """A colour pdfplumber read (RGB from 0 to 1) as #rrggbb."""
    return "#" + "".join(f"{round(v * 255):02x}" for v in colour) if colour is not None and len(colour) == 3 else None


def _luminance(hex_value: str) -> float:
    """WCAG 2's relative luminance of an sRGB colour."""
    linear = [(c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4) for c in (int(hex_value[i:i + 2], 16) / 255 for i in (1, 3, 5))]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def _ink_saver_fronts(project, front: str) -> dict:
    """The first fronts page of `pnp build --ink-saver --only cards tiny` once the heroes' front (its nine cards on
    the page) draws `front` alone: its shapes and lines (size in mm, fill and stroke as #rrggbb, or None where the shape
    is not filled or not stroked) and the colour of each of its upright words."""
    import pdfplumber

    (project / "templates/tiny/hero.j2").write_text(front, encoding="utf-8")
    _ok(run_pnp(project, "build", "--ink-saver", "--only", "cards", "tiny"))
    with pdfplumber.open(project / "output/tiny/tiny-cards-ink-saver.pdf") as doc:
        page = doc.pages[0]
        shapes = [{"w": o["width"] / MM, "h": o["height"] / MM, "top": o["top"] / MM, "bottom": o["bottom"] / MM,
                   "fill": _hex(o["non_stroking_color"]) if o["fill"] else None, "stroke": _hex(o["stroking_color"]) if o["stroke"] else None}
                  for o in page.rects + page.curves + page.lines]
        words = {(w["text"], _hex(w["non_stroking_color"])) for w in page.extract_words(extra_attrs=["non_stroking_color", "upright"]) if w["upright"]}
    return {"shapes": shapes, "words": words}


def _sized(shapes: list[dict], w: float, h: float) -> list[dict]:
    return [s for s in shapes if abs(s["w"] - w) < 0.05 and abs(s["h"] - h) < 0.05]


HEADER = '{{ rect(-3, -3, 69.5, 19, fill="#c0392b") }}\n'  # a header run into the bleed on three sides, as many games draw one
WHITE_TITLE = '{{ text("Title", 4, 4, 40, 8, size=12, color="#ffffff") }}\n'


def test_ink_saver_tints_large_fills_and_keeps_light_text_readable(project):
    """docs/printing.md's ink saver on the heroes' fronts: a red header (a fifth of the card) prints as a light tint,
    outlined in its red only where its edge lies inside the card: the cut frames its other three sides, and a line along
    a trim line would show as a hairline on this card or its neighbour after a 0.5 mm miscut; its white title, which
    would vanish on the tint, is darkened; a 4 mm pip and words off the header print as designed. A band inset from the
    trim (no sliver at a miscut) is outlined all round."""
    page = _ink_saver_fronts(project, HEADER + WHITE_TITLE + '{{ circle(10, 40, 2, fill="#1d2433") }}\n'
                             '{{ text("on paper", 4, 50, 40, 8, size=9, color="#1d2433") }}\n')
    headers = _sized(page["shapes"], 69.5, 19.0)
    assert len(headers) == 9 and all(h["fill"] and _luminance(h["fill"]) > 0.8 and h["stroke"] is None for h in headers)
    red = [s for s in page["shapes"] if s["stroke"] == "#c0392b"]
    assert len(red) == 9 and all(abs(s["w"] - 63.5) < 0.05 and s["h"] < 0.05 for s in red), red  # along the header's foot alone
    assert {round(s["top"], 1) for s in red} == {round(h["bottom"], 1) for h in headers}
    titles = {colour for text, colour in page["words"] if text == "Title"}
    assert len(titles) == 1 and _luminance(titles.pop()) < 0.4
    assert {s["fill"] for s in _sized(page["shapes"], 4.0, 4.0)} == {"#1d2433"}  # small shapes print as designed
    assert {colour for text, colour in page["words"] if text in ("on", "paper")} == {"#1d2433"}  # text off the header is not touched
    band = _ink_saver_fronts(project, '{{ rect(3.2, 3.2, 57.1, 12.8, fill="#c0392b", radius=2) }}\n' + WHITE_TITLE)
    sized = _sized(band["shapes"], 57.1, 12.8)
    assert sum(1 for s in sized if s["fill"] and _luminance(s["fill"]) > 0.8) == 9
    assert sum(1 for s in sized if s["fill"] is None and s["stroke"] == "#c0392b") == 9  # its own edge and corners
    assert all(_luminance(colour) < 0.4 for text, colour in band["words"] if text == "Title")


def test_ink_saver_darkens_a_white_rule_on_a_tinted_header_and_frames_no_background(project):
    """The ink saver's promises for what no readability pass mends (docs/printing.md): a white rule drawn across a red
    header takes the header's red, darkened, when the header becomes a pale tint (or it would vanish); a fill covering
    nine tenths of the card is its background, framed by the trim: tinted, with no outline of its own."""
    page = _ink_saver_fronts(project, HEADER + '{{ line(5, 10, 58.5, 10, stroke="#ffffff", stroke_width=0.5) }}\n')
    rules = [s for s in page["shapes"] if abs(s["w"] - 53.5) < 0.05 and s["stroke"]]
    assert len(rules) == 9
    for rule in rules:
        red, green, blue = (int(rule["stroke"][i:i + 2], 16) for i in (1, 3, 5))
        assert _luminance(rule["stroke"]) < 0.4 and red > green and red > blue, rule["stroke"]
    background = _ink_saver_fronts(project, '{{ rect(1.5, 1.5, 60.5, 85.9, fill="#1d2433") }}\n')  # 92 % of the trim, 1.5 mm in
    tinted = _sized(background["shapes"], 60.5, 85.9)
    assert len(tinted) == 9 and all(s["stroke"] is None and _luminance(s["fill"]) > 0.7 for s in tinted)
    assert [s for s in background["shapes"] if s["stroke"] not in (None, "#000000")] == []  # no outline but the crop marks'


# Calibration ---------------------------------------------------------------------

def _shift(a, b, max_px=40):
    """(dx, dy) in px that best moves image `a` onto `b`: compared inside a border of `max_px`, where `a` moved by up to
    that much is a view of `a` itself (as np.roll would give it, without copying the page for each of the moves)."""
    h, w = b.shape
    inner = b[max_px:h - max_px, max_px:w - max_px]
    best = None
    for dy in range(-max_px, max_px + 1):
        for dx in range(-max_px, max_px + 1):
            diff = np.abs(a[max_px - dy:h - max_px - dy, max_px - dx:w - max_px - dx] - inner).mean()
            if best is None or diff < best[0]:
                best = (diff, dx, dy)
    return best[1], best[2]


def test_back_offset_moves_every_backs_sheet_marks_included(tiny_after):
    plain = tiny_after("build", "tiny") / "output/tiny/tiny-cards.pdf"
    # its own name: an offset print never overwrites the plain one
    moved = tiny_after("build", "tiny", "--only", "cards", "--back-offset", "1.5,-1") / "output/tiny/tiny-cards-offset+1.5-1mm.pdf"
    dpi = 25.4 * 4  # 4 px per mm
    for page in (1, 3):  # both backs sheets
        a = np.asarray(render_page(plain, page, dpi).convert("L"), dtype=np.int16)
        b = np.asarray(render_page(moved, page, dpi).convert("L"), dtype=np.int16)
        assert _shift(a, b, 10) == (6, 4)  # +1.5 mm right, 1 mm down (Y is up, like PDF)
        # the crop marks moved too: the right margin, where only marks are, differs
        right = slice(a.shape[1] - (12 * 4), a.shape[1] - 4)
        assert np.abs(np.roll(a, (4, 6), axis=(0, 1))[20:-20, right] - b[20:-20, right]).mean() < np.abs(a[20:-20, right] - b[20:-20, right]).mean()
    fronts = [np.asarray(render_page(p, 0, 50).convert("L"), dtype=np.int16) for p in (plain, moved)]
    assert np.array_equal(*fronts)


def test_saved_printer_profile_applies_its_offset(project):
    _ok(run_pnp(project, "calibrate", "--save", "office-laser", "--offset", "0.5,-0.25"))
    saved = yaml.safe_load((project / "pnp.yaml").read_text())
    assert saved["printers"]["office-laser"]["offset"] == [0.5, -0.25]
    _ok(run_pnp(project, "build", "tiny", "--printer", "office-laser", "--out", str(project / "a")))
    _ok(run_pnp(project, "build", "tiny", "--back-offset", "0.5,-0.25", "--out", str(project / "b")))
    _ok(run_pnp(project, "build", "tiny", "--only", "cards", "--out", str(project / "c")))  # the plain cards alone
    # the profile's build is the --back-offset build, name and bytes; the plain build keeps the plain name
    a, b = ((project / d / "tiny/tiny-cards-offset+0.5-0.25mm.pdf").read_bytes() for d in "ab")
    c = (project / "c/tiny/tiny-cards.pdf").read_bytes()
    assert a == b and a != c
    assert sorted(p.name for p in (project / "a/tiny").iterdir()) == sorted(p.name for p in (project / "b/tiny").iterdir())
    with pytest.raises(PnpError, match="did you mean 'office-laser'"):
        run_pnp(project, "build", "tiny", "--printer", "office")


@pytest.mark.parametrize("offset", ["nan,0", "0,-nan", "inf,0", "20.5,0"])
def test_a_back_offset_that_is_no_distance_within_20_mm_is_a_usage_error_and_nothing_is_written(project, offset):
    """`nan` reads as a float but moves a sheet nowhere a printer can go (the backs page drew `nan nan cm`, a PDF no
    reader draws) and, saved, made a pnp.yaml pnp then refused: each command says so, and writes nothing."""
    built = run_pnp(project, "build", "tiny", "--only", "cards", "--back-offset", offset)
    saved = run_pnp(project, "calibrate", "--save", "home", "--offset", offset)
    for result, option in ((built, "--back-offset"), (saved, "--offset")):
        assert result.exit_code == 2 and f"Invalid value for {option}: each offset must be a number of mm within ±20; got '{offset}'" in result.output, result.output
    assert not (project / "output").exists() and not (project / "pnp.yaml").exists()


@pytest.mark.parametrize("name", [".hidden", "-home", "office laser", "x" * 65])
def test_a_printer_name_that_cannot_be_saved_is_told_the_rule_it_breaks_and_nothing_is_written(project, name):
    """A name of letters, digits, '-', '_' and '.' may still not start with a dot or a dash (`.hidden`) nor pass 64
    characters: the refusal says so and names what was typed, where it said only which characters a name is made of."""
    result = run_pnp(project, "calibrate", "--save", name, "--offset", "0.5,0")
    assert result.exit_code == 2, result.output
    assert (f"Invalid value for --save: a printer name starts with a letter or digit, then letters, digits, '-', '_' and '.', "
            f"64 at most; got '{name}'") in result.output, result.output
    assert not (project / "pnp.yaml").exists()


def test_a_printer_name_of_64_characters_is_saved_and_builds(project):
    """64 characters is the longest name the rule takes (the refusal above says so): saved, and a build finds it."""
    import yaml

    name = "a" * 63 + "9"
    saved = run_pnp(project, "calibrate", "--save", name, "--offset", "0.5,0")
    assert saved.exit_code == 0 and f"printer '{name}' moves backs by +0.50, +0.00 mm" in saved.output, saved.output
    assert list(yaml.safe_load((project / "pnp.yaml").read_text(encoding="utf-8"))["printers"]) == [name]
    built = run_pnp(project, "build", "tiny", "--only", "cards", "--printer", name)
    assert built.exit_code == 0 and "tiny-cards-offset+0.5+0mm.pdf" in built.output, built.output


def _tick_centres(line, threshold=160):
    dark = line < threshold
    edges = np.flatnonzero(np.diff(dark.astype(np.int8)))
    starts, ends = edges[::2] + 1, edges[1::2] + 1
    return (starts + ends - 1) / 2


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_calibration_sheet_reads_the_printers_shift(project, paper):
    """Simulate a printer that shifts the back page by (dx, dy) mm: the aligned pairs read the offset that undoes it.
    One sheet per paper, read for each shift (the shift is the printer's, applied here to the rendered back)."""
    from pnp.targets.calibrate import TICK, front_ticks, layout

    out = project / f"cal-{paper}.pdf"
    _ok(run_pnp(project, "calibrate", "--paper", paper, "--out", str(out)))
    reader = PdfReader(out)
    assert len(reader.pages) == 2
    dpi = 400
    px = dpi / 25.4
    front = np.asarray(render_page(out, 0, dpi).convert("L"), dtype=np.int16)
    back = np.asarray(render_page(out, 1, dpi).convert("L"), dtype=np.int16)
    h_px, w_px = front.shape
    g = layout(paper)
    labels = [v for v, _ in front_ticks(paper)["x"]]
    # X: a row through the front ticks only, and one through the back ticks only
    row_y = g["x_row"][1]
    f_x = _tick_centres(front[int(h_px - (row_y + 1) * px)])
    b_x = _tick_centres(back[int(h_px - (row_y + TICK + 2) * px)])
    # Y: a column through the front ticks only, and one through the back ticks only
    col_x, cy = g["y_col"]
    rows = slice(int(h_px - (cy + g["span"] + 5) * px), int(h_px - (cy - g["span"] - 5) * px))
    f_y = _tick_centres(front[rows, int((col_x + 1) * px)]) + rows.start
    b_y = _tick_centres(back[rows, int(w_px - (col_x + TICK + 2) * px)]) + rows.start
    for dx, dy in [(0.75, -1.25), (-2.0, 0.5), (0.0, 0.0)]:
        seen_x = w_px - (b_x + dx * px)  # long-edge flip mirrors x; the printer moved the back by dx on its page
        assert len(f_x) == len(seen_x) == len(labels)
        aligned = labels[int(np.argmin(np.abs(np.sort(seen_x) - np.sort(f_x))))]
        assert aligned == pytest.approx(-dx, abs=0.125), f"x, a shift of {dx} mm"
        seen_y = b_y - dy * px  # image rows grow downwards; the printer moved the back up by dy
        assert len(f_y) == len(seen_y) == len(labels)
        aligned = labels[::-1][int(np.argmin(np.abs(np.sort(seen_y) - np.sort(f_y))))]
        assert aligned == pytest.approx(-dy, abs=0.125), f"y, a shift of {dy} mm"


def _vernier_ticks(page) -> dict[str, list[tuple[float, float, float]]]:
    """The calibration page's 8 mm vernier ticks in mm from the page's top-left: {'upright': [(x, top, width pt)], 'level':
    [(y, left, width pt)]}; the zero pair's ticks are the ones drawn twice as thick."""
    found: dict[str, list] = {"upright": [], "level": []}
    for ln in page.lines:
        w, h = (ln["x1"] - ln["x0"]) / MM, (ln["bottom"] - ln["top"]) / MM
        if abs(h - 8) < 0.05 and w < 0.01:
            found["upright"].append((ln["x0"] / MM, ln["top"] / MM, ln["linewidth"]))
        elif abs(w - 8) < 0.05 and h < 0.01:
            found["level"].append((ln["top"] / MM, ln["x0"] / MM, ln["linewidth"]))
    return found


@pytest.mark.parametrize(("duplex", "flip"), [("long", "/DuplexFlipLongEdge"), ("short", "/DuplexFlipShortEdge")])
def test_a_calibration_sheet_asks_the_print_dialog_to_flip_on_the_edge_it_is_drawn_for(project, duplex, flip):
    """The PDF's viewer preference (ISO 32000-1, 12.2, Duplex) presets the print dialog's flip: the edge the backs were placed for."""
    import pikepdf

    out = project / f"cal-{duplex}.pdf"
    _ok(run_pnp(project, "calibrate", "--paper", "letter", "--duplex", duplex, "--out", str(out)))
    with pikepdf.open(out) as pdf:
        assert str(pdf.Root.ViewerPreferences.Duplex) == flip


def test_a_calibration_sheets_pairs_are_labelled_with_the_signed_offset_to_type(project):
    """Each scale's 25 pairs read as `--back-offset` takes them, from -3.00 to +3.00 mm: the ones past zero with their plus
    sign, so a reader never takes +0.50 for the pair on the other side of 0."""
    import pdfplumber

    out = project / "cal.pdf"
    _ok(run_pnp(project, "calibrate", "--paper", "letter", "--out", str(out)))
    with pdfplumber.open(out) as pdf:
        words = [w["text"] for w in pdf.pages[0].extract_words()]
    for label in ("-3.00", "-0.25", "0", "+0.25", "+0.50", "+3.00"):
        assert words.count(label) == 2, (label, words)  # once on the X row, once on the Y column
    assert sum(1 for w in words if w.startswith("+") and w[1:].replace(".", "").isdigit()) == 24
    assert "0.50" not in words and "3.00" not in words


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_a_calibration_sheet_flipped_on_the_edge_it_names_lines_up_its_zero_pairs_on_a_true_printer(project, duplex):
    """A long-edge flip lays the back's x at the paper's width − x, a short-edge flip its y at the height − y: printed
    without any shift, both scales' zero pairs meet, and each pair beside them misses by one step (0.25 mm)."""
    import pdfplumber

    out = project / f"cal-{duplex}.pdf"
    _ok(run_pnp(project, "calibrate", "--paper", "letter", "--duplex", duplex, "--out", str(out)))
    with pdfplumber.open(out) as pdf:
        width, height = float(pdf.pages[0].width) / MM, float(pdf.pages[0].height) / MM
        front, back = (_vernier_ticks(page) for page in pdf.pages)
    flip_x = (lambda x: width - x) if duplex == "long" else (lambda x: x)
    flip_y = (lambda y: y) if duplex == "long" else (lambda y: height - y)
    fronts_x = sorted(x for x, _, _ in front["upright"])
    backs_x = sorted(flip_x(x) for x, _, _ in back["upright"])
    fronts_y = sorted(y for y, _, _ in front["level"])
    backs_y = sorted(flip_y(y) for y, _, _ in back["level"])
    assert len(fronts_x) == len(backs_x) == len(fronts_y) == len(backs_y) == 25  # −3 to +3 mm in 0.25 mm steps
    zero_x = [x for x, _, lw in front["upright"] if lw > 0.6] + [flip_x(x) for x, _, lw in back["upright"] if lw > 0.6]
    zero_y = [y for y, _, lw in front["level"] if lw > 0.6] + [flip_y(y) for y, _, lw in back["level"] if lw > 0.6]
    assert len(zero_x) == len(zero_y) == 2
    assert zero_x[0] == pytest.approx(zero_x[1], abs=0.02) and zero_y[0] == pytest.approx(zero_y[1], abs=0.02)
    for fronts, backs in ((fronts_x, backs_x), (fronts_y, backs_y)):
        misses = sorted(abs(f - b) for f, b in zip(fronts, backs, strict=True))
        assert misses[0] == pytest.approx(0, abs=0.02) and misses[1] == pytest.approx(0.25, abs=0.02)
    # across the scale, each pair's two lines overlap once flipped, so against the light they read as one line
    spans = {"X": ([(top, top + 8) for _, top, _ in front["upright"]], [_flipped(top, height, duplex == "short") for _, top, _ in back["upright"]]),
             "Y": ([(left, left + 8) for _, left, _ in front["level"]], [_flipped(left, width, duplex == "long") for _, left, _ in back["level"]])}
    for scale, (fronts, backs) in spans.items():
        overlaps = {round(min(f[1], b[1]) - max(f[0], b[0]), 2) for f in fronts for b in backs}
        assert len(overlaps) == 1 and overlaps.pop() >= 1, (scale, duplex, sorted(set(fronts)), sorted(set(backs)))


def _flipped(start: float, page: float, mirrored: bool) -> tuple[float, float]:
    """An 8 mm tick's span from `start` across the page's `page` mm, as it lies seen from the front after the flip."""
    return (page - start - 8, page - start) if mirrored else (start, start + 8)


@pytest.mark.parametrize(("paper", "duplex", "title"), [("a3plus", "short", "Duplex calibration — A3+, flip on the short edge"),
                                                        ("300x450mm", "long", "Duplex calibration — 300 × 450 mm paper, flip on the long edge")])
def test_a_calibration_sheets_title_names_its_paper_as_a_printer_does_and_the_edge_to_flip_on(project, paper, title, duplex):
    """The title says the paper as the print dialog and the sheets' notes do (A3+, not 'A3Plus'; a size in mm with its
    ×, not '300X450Mm') and the edge its backs were placed for."""
    out = project / "cal.pdf"
    _ok(run_pnp(project, "calibrate", "--paper", paper, "--duplex", duplex, "--out", str(out)))
    lines = page_texts(out)[0].splitlines()
    assert [line for line in lines if line.startswith("Duplex calibration")] == [title], lines[:3]


# Print-service PNGs -----------------------------------------------------------------

@pytest.mark.parametrize("bleed, size, bleed_px", [("1/8in", (825, 1125), 37.5), ("3mm", (822, 1122), 36)])
def test_png_export_has_the_print_services_pixel_sizes(project, bleed, size, bleed_px):
    result = _ok(run_pnp(project, "export", "tiny", "--format", "png", "--bleed", bleed, "--deck", "heroes"))  # the deck alone: its cards are what is measured
    folder = project / "output/tiny/png/cards/heroes"
    files = sorted(p.name for p in folder.iterdir())
    assert len(files) == 24  # 12 copies, front and back
    assert "heroes-knight-1-front.png" in files and "heroes-knight-2-back.png" in files and "heroes-mage-3-front.png" in files
    for name in files:
        with Image.open(folder / name) as img:
            assert img.size == size and img.mode == "RGB"
    front = np.asarray(Image.open(folder / "heroes-knight-1-front.png").convert("RGB"), dtype=np.int16)
    # bleed comes from the layout: the frame's paper, drawn out to the bleed, reaches all four corners (not a white pad)
    for corner in (front[0, 0], front[0, -1], front[-1, 0], front[-1, -1]):
        assert tuple(corner) == pytest.approx((0xFB, 0xF8, 0xF0), abs=3)
    px = 300 / 25.4
    # not stretched: the border drawn 3.2 mm inside the trim (outside the 3 mm safe area) sits at bleed + 3.2 mm, 300 dpi
    row = front[size[1] // 2, :120].mean(axis=1)
    border = np.flatnonzero(row < 100)[0]
    assert abs(border - (bleed_px + (3.2 - 0.2) * px)) <= 1.0  # the 0.4 mm stroke is centred on 3.2 mm
    # and not squeezed: the red header band, inset 3.2 mm from the trim and 12.8 mm tall, ends 16 mm below the trim
    column = front[:, round(bleed_px + 6 * px)]
    red = np.flatnonzero((column[:, 0] - column[:, 1] > 70) & (column[:, 0] - column[:, 2] > 70))
    assert len(red) and abs(red[-1] + 1 - (bleed_px + 16.0 * px)) <= 1.0, red[-1:]
    assert "825 × 1125" in result.output or "822 × 1122" in result.output


# Tabletop Simulator ------------------------------------------------------------------

def test_tts_export_sheets_and_json_agree(tiny_export):
    folder = tiny_export("tts") / "output/tiny/tts"
    saved = json.loads((folder / "heroes.json").read_text())
    deck = saved["pnp"]
    assert deck["total"] == 12 and sum(c["count"] for c in deck["cards"]) == 12
    cw, ch = deck["cell_px"]
    for sheet in deck["sheets"]:
        with Image.open(folder / sheet["file"]) as img:
            assert img.mode == "RGB" and img.width < 4096 and img.height < 4096
            assert img.size == (sheet["columns"] * cw, sheet["rows"] * ch)
            assert 2 <= sheet["columns"] <= 10 and 2 <= sheet["rows"] <= 7
            assert sheet["cards"] + 1 <= sheet["columns"] * sheet["rows"]
            assert sheet["hidden_cell"] == sheet["columns"] * sheet["rows"] - 1
    # the twin has its own back, so backs come as a sheet matching the faces
    assert deck["unique_backs"] and (folder / deck["sheets"][0]["back_file"]).is_file()
    assert Image.open(folder / deck["back"]).size == (cw, ch)
    obj = saved["ObjectStates"][0]
    assert obj["Name"] == "DeckCustom" and len(obj["DeckIDs"]) == 12 == len(obj["ContainedObjects"])
    custom = obj["CustomDeck"]["1"]
    assert (custom["NumWidth"], custom["NumHeight"]) == (deck["sheets"][0]["columns"], deck["sheets"][0]["rows"])
    assert custom["FaceURL"].endswith("/" + deck["sheets"][0]["file"]) and not custom["BackIsHidden"]


def test_tts_splits_large_decks_into_sheets_of_69(project):
    deck_file = project / "data/tiny/decks/heroes.yaml"
    data = yaml.safe_load(deck_file.read_text())
    data["cards"] = [{"id": f"c{i}", "name": f"Card {i}", "stars": 1, "number": i, "text": "Plain."} for i in range(75)]
    deck_file.write_text(yaml.safe_dump(data))
    _ok(run_pnp(project, "export", "tiny", "--format", "tts", "--no-validate", "--deck", "heroes"))
    folder = project / "output/tiny/tts"
    deck = json.loads((folder / "heroes.json").read_text())["pnp"]
    assert [(s["columns"], s["rows"], s["cards"]) for s in deck["sheets"]] == [(10, 7, 69), (4, 2, 6)]
    first = Image.open(folder / deck["sheets"][0]["file"])
    assert first.size == (10 * deck["cell_px"][0], 7 * deck["cell_px"][1]) and max(first.size) < 4096
    assert {c["tts_id"] for c in deck["cards"]} == {100 + i for i in range(69)} | {200 + i for i in range(6)}
    assert not deck["unique_backs"] and deck["sheets"][1]["back_file"] == deck["back"] and deck["back"].startswith("heroes-back-")


# Print-on-demand PDF ---------------------------------------------------------------------

def test_pod_pdf_has_boxes_cmyk_colours_and_embedded_fonts(tiny_export):
    pdf = tiny_export("pod") / "output/tiny/pod/tiny-heroes.pdf"
    reader = PdfReader(pdf)
    assert len(reader.pages) == 24  # front and back of 12 cards
    bleed = 0.125 * 72
    for page in reader.pages:
        media = [float(v) for v in page.mediabox]
        assert media == pytest.approx([0, 0, (63.5 + 6.35) * MM, (88.9 + 6.35) * MM], abs=0.01)
        assert [float(v) for v in page["/BleedBox"]] == pytest.approx(media, abs=0.01)
        assert [float(v) for v in page["/TrimBox"]] == pytest.approx([bleed, bleed, media[2] - bleed, media[3] - bleed], abs=0.01)
    seen, cmyk, rgb, ink = set(), 0, 0, 0.0
    drawn = streams.Document(pdf)
    for index in range(len(drawn)):
        for operands, op in streams.throughout(drawn.page(index), seen):  # each page, and each form once
            if op in (b"k", b"K"):
                cmyk += 1
                ink = max(ink, sum(float(v) for v in operands))
            elif op in (b"rg", b"RG", b"sc", b"scn"):
                rgb += 1
    assert cmyk > 10 and rgb == 0
    assert ink <= 2.4 + 1e-6
    from conftest import pdf_fonts as _fonts

    fonts = _fonts(reader)
    assert fonts and all(fonts.values()), fonts
    intents = reader.trailer["/Root"]["/OutputIntents"]
    assert intents[0].get_object()["/S"] == "/GTS_PDFX"
    assert reader.trailer["/Info"]["/GTS_PDFXVersion"] == "PDF/X-1a:2003"


def test_pod_converts_pictures_to_cmyk_within_the_ink_limit(project):
    art = Image.new("RGBA", (60, 60), (0x80, 0, 0, 255))
    art.paste((20, 20, 20, 128), (0, 0, 30, 60))
    art.save(project / "templates/tiny/art.png")
    hero = project / "templates/tiny/hero.j2"
    hero.write_text(hero.read_text().replace("{% endblock %}", '{{ image("templates/tiny/art.png", 5, 60, 15, 15) }}\n{% endblock %}'))
    _ok(run_pnp(project, "export", "tiny", "--format", "pod"))
    reader = PdfReader(project / "output/tiny/pod/tiny-heroes.pdf")
    images = [x.get_object() for page in reader.pages[:1] for form in [page["/Resources"]] for x in _all_xobjects(form) if x.get_object()["/Subtype"] == "/Image"]
    assert images and all(x["/ColorSpace"] == "/DeviceCMYK" and "/SMask" not in x for x in images)
    data = np.frombuffer(images[0].get_data(), dtype=np.uint8).reshape(-1, 4).astype(int)
    assert data.sum(axis=1).max() <= 2.4 * 255 + 2


def _all_xobjects(resources, seen=None):
    seen = set() if seen is None else seen
    for x in (resources.get_object().get("/XObject") or {}).values():
        ref = x.idnum if hasattr(x, "idnum") else id(x)
        if ref in seen:
            continue
        seen.add(ref)
        yield x
        obj = x.get_object()
        if obj.get("/Subtype") == "/Form" and "/Resources" in obj:
            yield from _all_xobjects(obj["/Resources"], seen)


def test_cmyk_conversion_keeps_greys_on_black_and_caps_ink():
    from pnp.render.pdf_colours import cmyk

    grey = cmyk("#222222")
    assert (grey.cyan, grey.magenta, grey.yellow) == (0, 0, 0) and grey.black == pytest.approx(0.8667, abs=1e-3)
    maroon = cmyk("#800000")
    assert maroon.cyan + maroon.magenta + maroon.yellow + maroon.black <= 2.4 + 1e-9


# Preflight and atomic writes -----------------------------------------------------------

def test_preflight_catches_what_a_service_would_refuse(tiny_after):
    from pnp.targets.preflight import check_png, check_tts_sheet
    from pnp.targets.vendor_preflight import Expect, check_file
    from pnp.targets.vendors import POD

    buf = io.BytesIO()
    Image.new("RGBA", (824, 1125)).save(buf, format="PNG")
    codes = {f.code for f in check_png(buf.getvalue(), "x.png", (825, 1125))}
    assert codes == {"export-colour", "export-size"}
    buf = io.BytesIO()
    Image.new("RGB", (4100, 800)).save(buf, format="PNG")
    assert {f.code for f in check_tts_sheet(buf.getvalue(), "s.png", 10, 1, (410, 800))} == {"tts-size"}
    sheet_pdf = (tiny_after("build", "tiny") / "output/tiny/tiny-cards.pdf").read_bytes()  # RGB letter sheets: everything is wrong for a press
    codes = {f.code for f in check_file(POD, sheet_pdf, "sheets.pdf", Expect(page_mm=(69.85, 95.25), trim_mm=(63.5, 88.9), pages=(0, 1, 2, 3)))}
    assert {"vendor-colour", "vendor-boxes", "vendor-page-size"} <= codes


def test_a_failed_export_leaves_the_previous_one_whole(project, monkeypatch):
    _ok(run_pnp(project, "export", "tiny", "--format", "png", "--deck", "heroes"))  # one deck's images: a folder to keep whole
    folder = project / "output/tiny/png"
    before = sorted(p.relative_to(folder) for p in folder.rglob("*.png"))
    calls = {"n": 0}
    import pnp.targets.staging as staging

    real = staging.write_atomic

    def flaky(path, data, durable=True):  # the third image the export writes meets a full disk
        calls["n"] += 1
        if calls["n"] == 3:
            raise OSError("disk full")
        return real(path, data, durable)

    monkeypatch.setattr(staging, "write_atomic", flaky)
    with pytest.raises(OSError, match="disk full"):
        run_pnp(project, "export", "tiny", "--format", "png", "--bleed", "3mm", "--deck", "heroes")
    assert sorted(p.relative_to(folder) for p in folder.rglob("*.png")) == before
    assert Image.open(folder / "cards/heroes/heroes-knight-1-front.png").size == (825, 1125)  # still the old export
    assert not [p for p in folder.parent.iterdir() if p.name.startswith(".")]  # no temporary folders left
