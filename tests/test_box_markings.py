"""Retail markings on a box: the block read back from the PDF, the barcode decoded from a 600 dpi raster by zxing-cpp
(as a shop's scanner would), its bars measured against GS1's figures (GS1 General Specifications: a 0.33 mm module at
100 %, bars 22.85 mm high at 100 % and scaled with it, light margins of 11 and 7 modules for EAN-13 and 9 each side
for UPC-A), and the mistakes a designer makes said once each at their line."""
from __future__ import annotations

import pdfplumber
import pytest
import yaml
from conftest import render_page, run_pnp

MM = 72 / 25.4
EAN = "4006381333931"  # a published EAN-13 whose check digit (1) GS1's weights give: 4·1+0·3+0·1+6·3+… ≡ 9 (mod 10)
UPC = "036000291452"  # a published UPC-A (check digit 2)
WARNING = "WARNING: CHOKING HAZARD – Small parts. Not for children under 3 yrs."
TEMPLATE = "{{ rect(0, 0, face.w, face.h, fill=palette.blue) }}\n"


def _box(id_: str, style: str, markings: str) -> str:
    block = "".join(f"      {line}\n" for line in markings.splitlines())
    return f"  - id: {id_}\n    style: {style}\n    decks: [heroes]\n    front: tiny/box.j2\n    markings:\n{block}"


def _boxes(project, markings_ean: str, markings_upc: str = "") -> None:
    """A tuck box holding the heroes with `markings_ean`, and with `markings_upc` a two-piece box too."""
    (project / "templates" / "tiny" / "box.j2").write_text(TEMPLATE, encoding="utf-8")
    text = "boxes:\n" + _box("heroes", "tuck", markings_ean) + (_box("tray", "two-piece", markings_upc) if markings_upc else "")
    (project / "data" / "tiny" / "boxes.yaml").write_text(text, encoding="utf-8")


FULL = f"""\
batch: B-2026-11
maker: Tiny Games Ltd
address: 1 Card Lane, Leeds
place: Portugal
date: 11/2026
warnings: ["{WARNING}"]
barcode: "{EAN}"
"""


@pytest.fixture(scope="module")
def marked(tmp_path_factory):
    """The tiny game with a tuck box marked with an EAN-13 and a two-piece box with a UPC-A at 80 %: its boxes PDF."""
    import shutil

    from conftest import TEST_PROJECT

    project = tmp_path_factory.mktemp("marked") / "project"
    shutil.copytree(TEST_PROJECT, project, ignore=shutil.ignore_patterns("output"))
    _boxes(project, FULL, f'barcode: "{UPC}"\nmagnification: 0.8\nbatch: T-7\n')
    result = run_pnp(project, "build", "tiny", "--only", "boxes")
    assert result.exit_code == 0, result.output + result.stderr
    cards = sum(card.get("count", 1) for card in yaml.safe_load((project / "data/tiny/decks/heroes.yaml").read_text())["cards"])
    return project / "output" / "tiny" / "tiny-boxes.pdf", cards


def test_the_barcodes_scan_to_the_numbers_given(marked):
    import zxingcpp

    pdf, _ = marked
    found = {}
    with pdfplumber.open(pdf) as doc:
        pages = len(doc.pages)
    for index in range(pages):
        for result in zxingcpp.read_barcodes(render_page(pdf, index, dpi=600)):
            found[result.text] = result.format
    assert found.get(EAN) == zxingcpp.BarcodeFormat.EAN13
    # a UPC-A is the EAN-13 with a leading 0 to some readers: either way it carries the 12 digits given
    assert UPC in found or "0" + UPC in found, found


def test_the_block_reads_back_with_the_contents_the_warning_and_who_made_it(marked):
    pdf, cards = marked
    with pdfplumber.open(pdf) as doc:
        text = " ".join((page.extract_text() or "").replace("\n", " ") for page in doc.pages)
    for said in (f"Contents: {cards} × Heroes", "WARNING: CHOKING HAZARD", "under 3 yrs.", "Made by: Tiny Games Ltd, 1 Card Lane, Leeds",
                 "Made in: Portugal, 11/2026", "Batch: B-2026-11", "Batch: T-7"):
        assert said in text, said


def _bars(page) -> list[dict]:
    """The barcode's bars: black filled rectangles at least 10 mm high."""
    return [r for r in page.rects if r.get("fill") and r["non_stroking_color"] in ((0, 0, 0), (0.0, 0.0, 0.0), [0, 0, 0]) and r["height"] > 10 * MM]


@pytest.mark.parametrize("magnification, left, right", [(1.0, 11, 7), (0.8, 9, 9)], ids=["ean-13", "upc-a"])
def test_the_bars_are_vectors_of_gs1_size_with_their_light_margins_clear(marked, magnification, left, right):
    pdf, _ = marked
    module = 0.33 * magnification
    with pdfplumber.open(pdf) as doc:
        groups = [(page, bars) for page in doc.pages for bars in _symbols(_bars(page))]
        page, bars = next((p, b) for p, b in groups if abs(min(r["width"] for r in b) / MM - module) < 0.01)
        assert not page.images, "the page holds an image: the barcode must be drawn as vectors"
        assert max(r["height"] for r in bars) / MM >= 22.85 * magnification - 0.01
        normal = min(r["height"] for r in bars) / MM
        assert normal == pytest.approx(22.85 * magnification, abs=0.05)
        first, last = min(r["x0"] for r in bars), max(r["x1"] for r in bars)
        assert (last - first) / MM == pytest.approx(95 * module, abs=0.02)  # 95 modules from the first bar to the last
        top, bottom = min(r["top"] for r in bars), max(r["bottom"] for r in bars)
        margin_l, margin_r = (first - left * module * MM, first), (last, last + right * module * MM)
        for x0, x1 in (margin_l, margin_r):
            ink = [o for o in page.rects + page.lines + page.curves if o["x0"] < x1 - 0.01 and o["x1"] > x0 + 0.01
                   and o["top"] < bottom and o["bottom"] > top and o not in bars and _dark(o)]
            assert not ink, f"ink in the light margin {x0 / MM:.2f}–{x1 / MM:.2f} mm"
        ground = [r for r in page.rects if r.get("fill") and _light(r) and r["x0"] <= margin_l[0] + 0.01 and r["x1"] >= margin_r[1] - 0.01
                  and r["top"] <= top and r["bottom"] >= bottom]
        assert ground, "no solid light ground under the symbol and its margins"
        label = min((w for w in page.extract_words() if w["text"] == "Contents:" and w["bottom"] < top), key=lambda w: top - w["bottom"])
        assert any(g["x0"] <= label["x0"] and g["top"] <= label["top"] for g in ground), "the block's text is not on the symbol's ground"


def _symbols(bars: list[dict]) -> list[list[dict]]:
    """Bars grouped into symbols: bars closer than 3 mm apart belong together."""
    out: list[list[dict]] = []
    for bar in sorted(bars, key=lambda r: (round(r["top"]), r["x0"])):
        if out and bar["x0"] - out[-1][-1]["x1"] < 3 * MM and abs(bar["bottom"] - out[-1][-1]["bottom"]) < 10 * MM:
            out[-1].append(bar)
        else:
            out.append([bar])
    return [g for g in out if len(g) > 20]


def _dark(obj) -> bool:
    colour = obj.get("non_stroking_color") if obj.get("fill") else obj.get("stroking_color")
    return isinstance(colour, (tuple, list)) and len(colour) == 3 and max(colour) < 0.5


def _light(obj) -> bool:
    colour = obj.get("non_stroking_color")
    return isinstance(colour, (tuple, list)) and len(colour) == 3 and min(colour) > 0.95


def _validate(project) -> str:
    return run_pnp(project, "validate", "tiny").output


def test_a_tuck_boxs_block_prints_at_the_foot_of_its_back_not_on_its_front(project):
    """docs/boxes-and-dice.md: the block prints at the foot of the box's back. A box template that fills the back red
    and every other side blue: the block's words all lie on the red panel, the last of them within 10 mm of its foot."""
    _boxes(project, FULL)
    (project / "templates/tiny/box.j2").write_text(
        "{{ rect(0, 0, face.w, face.h, fill=palette.red if face.side == 'back' else palette.blue) }}\n", encoding="utf-8")
    result = run_pnp(project, "build", "tiny", "--only", "boxes")
    assert result.exit_code == 0, result.output + result.stderr
    red, blue = (0.753, 0.224, 0.169), (0.180, 0.427, 0.643)  # the tiny game's #c0392b and #2e6da4
    with pdfplumber.open(project / "output/tiny/tiny-boxes.pdf") as pdf:
        page = pdf.pages[0]
        fills = [(tuple(round(v, 3) for v in r["non_stroking_color"]), r) for r in page.rects if r.get("fill")]
        words = [w for w in page.extract_words() if w["top"] > 40 and w["bottom"] < page.height - 40]  # not the footer
    backs = [r for colour, r in fills if colour == red]
    assert len(backs) == 1 and any(colour == blue for colour, _ in fills)
    back = backs[0]
    assert {"Contents:", "WARNING:"} <= {w["text"] for w in words}
    assert all(back["x0"] < w["x0"] and w["x1"] < back["x1"] and back["top"] < w["top"] and w["bottom"] < back["bottom"] for w in words), (
        [(w["text"], w["x0"], w["top"]) for w in words], back)
    assert back["bottom"] - max(w["bottom"] for w in words) < 10 * MM


def test_a_wrong_check_digit_is_one_error_at_the_barcode_line_saying_the_right_one(project):
    _boxes(project, FULL.replace(EAN, EAN[:-1] + "7"))
    out = _validate(project)
    line = next(i for i, text in enumerate((project / "data/tiny/boxes.yaml").read_text().splitlines(), 1) if "barcode:" in text)
    found = [row for row in out.splitlines() if ": error:" in row]
    assert len(found) == 1, out
    assert f"boxes.yaml:{line}:" in found[0] and "check digit" in found[0] and EAN in found[0], out


def test_a_number_of_the_wrong_length_is_one_error_at_its_line(project):
    _boxes(project, FULL.replace(EAN, "40063813339"))
    out = _validate(project)
    line = next(i for i, text in enumerate((project / "data/tiny/boxes.yaml").read_text().splitlines(), 1) if "barcode:" in text)
    found = [row for row in out.splitlines() if ": error:" in row]
    assert len(found) == 1 and f"boxes.yaml:{line}:" in found[0] and "13 digits" in found[0], out


def test_a_barcode_written_as_a_bare_number_of_the_wrong_length_is_one_error_counting_its_digits(project):
    """A bare number of 11 digits is one error at the `barcode:` line that counts its 11 digits and asks for an EAN-13's
    13; it says nothing of quoting (pnp reads `0123…` unquoted as written, zeros kept: docs/data-format.md)."""
    _boxes(project, FULL.replace(f'"{EAN}"', "40063813339"))
    out = _validate(project)
    line = next(i for i, text in enumerate((project / "data/tiny/boxes.yaml").read_text().splitlines(), 1) if "barcode:" in text)
    found = [row for row in out.splitlines() if ": error:" in row]
    assert len(found) == 1 and f"boxes.yaml:{line}:" in found[0] and "'40063813339' is 11 characters" in found[0], out
    assert "13 digits" in found[0] and "quoted" not in found[0], out


def test_markings_too_large_for_the_back_are_one_error_at_the_markings_line(project):
    """At 200 % an EAN-13 with its light margins is 113 × 0.66 = 74.6 mm wide: more than a poker card's box back."""
    _boxes(project, FULL + "magnification: 2.0\n")
    out = _validate(project)
    line = next(i for i, text in enumerate((project / "data/tiny/boxes.yaml").read_text().splitlines(), 1) if "markings:" in text)
    found = [row for row in out.splitlines() if ": error:" in row]
    assert len(found) == 1 and f"boxes.yaml:{line}:" in found[0] and "no room" not in found[0] and "magnification" in found[0], out


@pytest.mark.parametrize("magnification, words", [(2.2, "2.2 is too large; the maximum is 2"), (0.75, "0.75 is too small; the minimum is 0.8")],
                         ids=["past-200", "under-80"])
def test_a_magnification_outside_gs1s_80_to_200_percent_is_one_error_at_its_value(project, magnification, words):
    """GS1 prints an EAN-13 or UPC-A at 80 % to 200 % of its 0.33 mm module (General Specifications 5.2.3.4): past
    either end the number is refused where it is written, before any room is measured."""
    _boxes(project, FULL + f"magnification: {magnification}\n")
    found = [row for row in _validate(project).splitlines() if ": error:" in row]
    assert found == [f"data/tiny/boxes.yaml:14:22: error: boxes.heroes.markings.magnification: {words}"]


def test_markings_too_tall_for_the_back_though_narrow_enough_are_one_error_at_the_markings_line(project):
    """Forty short warnings, a line each, stack far past a poker tuck box's back (90.2 mm high, less the block's 3 mm
    margins), however narrow each line: one error at the markings line, saying to shorten the warnings."""
    warnings = ", ".join(f'"Keep dry {n}."' for n in range(40))
    _boxes(project, f'barcode: "{EAN}"\nwarnings: [{warnings}]\n')
    out = _validate(project)
    line = next(i for i, text in enumerate((project / "data/tiny/boxes.yaml").read_text().splitlines(), 1) if "markings:" in text)
    found = [row for row in out.splitlines() if ": error:" in row]
    assert len(found) == 1 and f"boxes.yaml:{line}:" in found[0] and "shorten the warnings" in found[0], out


@pytest.mark.parametrize("number, magnification, fits", [(EAN, 1.45, True), (EAN, 1.55, False), (UPC, 1.46, True), (UPC, 1.48, False)],
                         ids=["ean-13-145", "ean-13-155", "upc-a-146", "upc-a-148"])
def test_the_back_must_hold_the_symbol_with_both_light_margins(project, number, magnification, fits):
    """A poker tuck box's back is 64.8 mm wide (63.5 mm card, 1 mm play, 0.3 mm board); an EAN-13 with its light margins
    is (11 + 95 + 7) modules of 0.33 mm × the magnification: 54.1 mm at 145 %, 57.8 mm at 155 %, which with the block's
    3 mm margins and 2 mm of ground either side (64.8 − 10 = 54.8 mm) fits only the first. A UPC-A's are 9 modules
    either side, (9 + 95 + 9) × 0.33 mm: 54.4 mm at 146 % fits, 55.2 mm at 148 % does not (the 54.2 mm of a right
    margin of 7 would)."""
    _boxes(project, f'barcode: "{number}"\nmagnification: {magnification}\n')
    out = _validate(project)
    found = [row for row in out.splitlines() if ": error:" in row]
    assert (found == []) is fits, out


def test_a_barcode_on_a_dark_ground_is_one_error_at_the_ground_line(project):
    """A scanner reads black bars against a light ground; the game's blue (#2e6da4) is too dark for that."""
    _boxes(project, FULL + "ground: blue\n")
    out = _validate(project)
    line = next(i for i, text in enumerate((project / "data/tiny/boxes.yaml").read_text().splitlines(), 1) if "ground:" in text)
    found = [row for row in out.splitlines() if ": error:" in row]
    assert len(found) == 1 and f"boxes.yaml:{line}:" in found[0] and "pale" in found[0], out


def test_every_font_the_markings_print_is_embedded(marked):
    """The block's text and the barcode's digits are set in the game's body font, embedded (reportlab's drawings would
    otherwise name a Helvetica the PDF does not carry)."""
    from conftest import pdf_fonts

    pdf, _ = marked
    fonts = pdf_fonts(pdf)
    assert fonts and all(fonts.values()), fonts


def test_an_ean_13_on_a_back_just_wide_enough_keeps_11_modules_of_light_ground_left_and_7_right(project):
    """GS1's light margins are 11 modules left of an EAN-13's first bar and 7 right of its last. At 200 % (0.66 mm
    modules) a symbol with its margins is 113 × 0.66 = 74.58 mm; a tuck box for 83.5 mm cards has a back of 84.8 mm
    (83.5 + 1 mm play + 0.3 mm board), 78.8 mm inside the block's 3 mm insets: room for the margins, the block's 2 mm of
    ground either side and 0.22 mm more, so a symbol set 4 modules (2.64 mm) off its place leaves a margin short."""
    deck = project / "data/tiny/decks/heroes.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("size: poker", "size: 83.5 x 120 mm"), encoding="utf-8")
    _boxes(project, f'barcode: "{EAN}"\nmagnification: 2.0\n')
    result = run_pnp(project, "build", "tiny", "--only", "boxes")
    assert result.exit_code == 0 and ": error:" not in result.output, result.output + result.stderr
    module = 0.33 * 2.0
    with pdfplumber.open(project / "output" / "tiny" / "tiny-boxes.pdf") as doc:
        page, bars = next((page, bars) for page in doc.pages for bars in _symbols(_bars(page)))
        first, last = min(r["x0"] for r in bars), max(r["x1"] for r in bars)
        assert (last - first) / MM == pytest.approx(95 * module, abs=0.02)
        top, bottom = min(r["top"] for r in bars), max(r["bottom"] for r in bars)
        ground = [r for r in page.rects if r.get("fill") and _light(r) and r["top"] <= top and r["bottom"] >= bottom and r["x0"] <= first]
        assert ground, "no light ground under the symbol"
        left = max(first - g["x0"] for g in ground if g["x1"] >= last) / MM
        right = max(g["x1"] - last for g in ground if g["x0"] <= first) / MM
    assert left >= 11 * module - 0.01, f"{left:.2f} mm of light ground left of the first bar; GS1 asks {11 * module:.2f}"
    assert right >= 7 * module - 0.01, f"{right:.2f} mm of light ground right of the last bar; GS1 asks {7 * module:.2f}"


def test_markings_that_say_contents_false_print_no_contents_line_and_keep_the_others(project):
    """`contents: false` (docs/boxes-and-dice.md: `contents: true` lists the decks inside and their card counts) leaves
    the contents line off the block; who made it, where and when, and the batch still print."""
    _boxes(project, FULL + "contents: false\n")
    result = run_pnp(project, "build", "tiny", "--only", "boxes")
    assert result.exit_code == 0, result.output + result.stderr
    with pdfplumber.open(project / "output/tiny/tiny-boxes.pdf") as pdf:
        text = " ".join((page.extract_text() or "").replace("\n", " ") for page in pdf.pages)
    assert "Contents" not in text and "× Heroes" not in text, text
    for said in ("Made by: Tiny Games Ltd", "Made in: Portugal, 11/2026", "Batch: B-2026-11"):
        assert said in text, said


def test_each_symbol_stands_at_its_blocks_lower_right(marked):
    """docs/boxes-and-dice.md: the barcode stands at the lower right of the block (where a pack's back carries it): each
    symbol's light ground reaches further to its left than to its right, and its bars stand under the block's text."""
    pdf, _ = marked
    with pdfplumber.open(pdf) as doc:
        placed = []
        for page in doc.pages:
            for bars in _symbols(_bars(page)):
                first, last = min(r["x0"] for r in bars), max(r["x1"] for r in bars)
                top, bottom = min(r["top"] for r in bars), max(r["bottom"] for r in bars)
                ground = min((r for r in page.rects if r.get("fill") and _light(r) and r["top"] <= top and r["bottom"] >= bottom
                              and r["x0"] <= first and r["x1"] >= last), key=lambda r: r["width"])
                text = [w for w in page.extract_words() if ground["x0"] <= w["x0"] and w["x1"] <= ground["x1"] and ground["top"] <= w["top"] < top]
                placed.append((first - ground["x0"], ground["x1"] - last, max(w["bottom"] for w in text) <= top))
    assert len(placed) == 2, placed
    assert all(left > right and under for left, right, under in placed), [(left / MM, right / MM, under) for left, right, under in placed]


@pytest.mark.parametrize("ground, scans", [("'#999999'", False), ("'#cccccc'", True)])
def test_a_barcode_on_a_grey_ground_is_an_error_only_under_half_white_s_luminance(project, ground, scans):
    """docs/boxes-and-dice.md: a barcode's ground under a relative luminance of 0.5 is too dark for a scanner. By WCAG's
    sRGB formula a mid grey #999999 is 0.32, one error at its `ground:` line; a pale #cccccc is 0.60, let through."""
    _boxes(project, FULL + f"ground: {ground}\n")
    out = _validate(project)
    line = next(i for i, text in enumerate((project / "data/tiny/boxes.yaml").read_text().splitlines(), 1) if "ground:" in text)
    found = [row for row in out.splitlines() if ": error:" in row]
    if scans:
        assert found == [], out
    else:
        assert len(found) == 1 and f"boxes.yaml:{line}:" in found[0] and "too dark for a scanner" in found[0], out
