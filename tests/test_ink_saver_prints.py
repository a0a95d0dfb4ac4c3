"""The ink saver (issue 47) draws nothing on a cut line and keeps what a board shows.

Read from the PDFs: no stroke of the ink-saver build of the five games' cards, tokens and boards runs along a
piece's trim line (a cut 0.5 mm off would leave it as a hairline on the card or its neighbour), and on the
Police Precinct city board the white slot for the investigation stack stays white with its icon drawn, as in the
full-ink build (rasterised with pypdfium2). Every stroke of every page is read with pdfium (pypdfium2's page
objects, forms entered), which reads a sheet in milliseconds.
"""
from __future__ import annotations

import ctypes
from collections import Counter

import numpy as np
import printable as P
import pypdfium2 as pdfium
import pypdfium2.raw as raw
import pytest
from conftest import ROOT
from pdfium_pages import path_points

GAMES = sorted(p.name for p in (ROOT / "data").iterdir() if (p / "game.yaml").is_file())
ON_TRIM_MM = 0.3  # a stroke this close to a trim line runs along it
ALONG_MM = 1.0  # and this long: a line ending at the trim (a divider) crosses it, it does not run along it


@pytest.fixture(scope="module")
def built(shared_build):
    """`(ink saver build, plain build)` of the five games: folders shared with other files (conftest.shared_build)."""
    return shared_build("--ink-saver", "--only", "cards", "--only", "tokens", "--only", "boards"), shared_build()


def _path_segments(obj, matrix) -> list[tuple]:
    """The straight pieces of a path object in page points (y up): each segment between consecutive points on the
    path (a curve by its chord: a circle's control points lie on the tangents at its extremes, which on a round
    token are its square's edges, though the circle only touches them), and the closing one of each closed subpath."""
    segs, start, last = [], None, None
    for kind, point, closes in path_points(obj, matrix):
        if kind == raw.FPDF_SEGMENT_MOVETO:
            start = point
        elif last is not None:
            segs.append((*last, *point))
        if closes and start is not None and start != point:
            segs.append((*point, *start))
            point = start
        last = point
    return segs


def stroked(path) -> list[list[tuple]]:
    """For each page: its stroked straight segments (x0, y0, x1, y1) in PDF points, forms and their matrices entered."""
    fill, stroke = ctypes.c_int(), ctypes.c_int()
    doc = pdfium.PdfDocument(str(path))
    pages = []
    try:
        for i in range(len(doc)):
            page = doc[i]
            segs: list[tuple] = []
            outer = [(1.0, 0.0, 0.0, 1.0, 0.0, 0.0)]  # the matrix of each form around an object, by depth
            for obj in page.get_objects(max_depth=32):
                del outer[obj.level + 1 :]
                matrix = P._mul(tuple(obj.get_matrix().get()), outer[obj.level])
                if obj.type == raw.FPDF_PAGEOBJ_FORM:
                    outer.append(matrix)
                elif obj.type == raw.FPDF_PAGEOBJ_PATH:
                    raw.FPDFPath_GetDrawMode(obj.raw, fill, stroke)
                    if stroke.value:
                        segs += _path_segments(obj, matrix)
            pages.append(segs)
            page.close()
    finally:
        doc.close()
    return pages


def on_trim_lines(path, reader) -> list[str]:
    """Every stroked segment that runs along a piece's trim line, as 'page N: ...' (the pieces read once per run:
    conftest.pdfium_reader)."""
    laid = reader.once(path, "laid-out", P.laid_out)
    found = []
    for number, segs in enumerate(stroked(path), 1):
        if not segs:
            continue
        x0, y0, x1, y1 = np.array(segs, dtype=float).T  # every segment of the page at once, for each cut in turn
        upright, flat = np.abs(x0 - x1) < 0.01, np.abs(y0 - y1) < 0.01
        for face in laid[number - 1].faces:
            for axis, v, lo, hi in face.cuts:
                if axis == "x":
                    run = np.minimum(np.maximum(y0, y1), hi) - np.maximum(np.minimum(y0, y1), lo)
                    along = upright & (np.abs(x0 - v) < ON_TRIM_MM * P.MM)
                else:
                    run = np.minimum(np.maximum(x0, x1), hi) - np.maximum(np.minimum(x0, x1), lo)
                    along = flat & (np.abs(y0 - v) < ON_TRIM_MM * P.MM)
                for length in run[along & (run > ALONG_MM * P.MM)]:
                    found.append(f"page {number}: a {length / P.MM:.1f} mm stroke along the cut at {axis} = {v / P.MM:.1f} mm")
    return found


@pytest.mark.parametrize("game", GAMES)
def test_the_ink_saver_draws_nothing_on_a_trim_line(built, pdfium_reader, game):
    """What the ink saver adds: a stroke the template itself draws on a board's edge (Germ Tycoon's track frames)
    is in the full-ink build too, and is the designer's."""
    saver, plain = built
    pdfs = sorted((saver / game).glob("*-ink-saver*.pdf"))
    assert any("-cards" in p.name for p in pdfs), sorted(p.name for p in (saver / game).iterdir())
    problems = []
    for pdf in pdfs:
        designed = Counter(on_trim_lines(plain / game / pdf.name.replace("-ink-saver", ""), pdfium_reader))
        added = Counter(on_trim_lines(pdf, pdfium_reader)) - designed
        problems += [f"{pdf.name} {p}" for p in added.elements()]
    assert not problems, "\n".join(problems[:10]) + f"\n({len(problems)} segments)"


def _slot_region(pdf_path, words: str, scale: float):
    """The page with `words` rendered at `scale` px/pt, and the box 1–14 mm above the words, 8 mm either side of their centre."""
    doc = pdfium.PdfDocument(str(pdf_path))
    try:
        for i in range(len(doc)):
            page = doc[i]
            text = page.get_textpage()
            hit = text.search(words).get_next()
            if hit:
                boxes = [text.get_charbox(k, loose=True) for k in range(hit[0], hit[0] + hit[1])]  # left, bottom, right, top
                cx = (min(b[0] for b in boxes) + max(b[2] for b in boxes)) / 2
                top = page.get_height() - max(b[3] for b in boxes)  # from the page's top, as the image counts
                image = np.asarray(page.render(scale=scale).to_pil().convert("L"), dtype=float)
                break
        else:
            raise AssertionError(f"{pdf_path.name}: no '{words}'")
    finally:
        doc.close()
    box = (cx - 8 * P.MM, top - 14 * P.MM, cx + 8 * P.MM, top - 1 * P.MM)
    x0, y0, x1, y1 = (round(v * scale) for v in box)
    return image[y0:y1, x0:x1]


def test_the_ink_saver_keeps_a_boards_white_slot_and_its_icon(built):
    scale = 150 / 72
    saver, plain = built
    full = _slot_region(plain / "police-precinct" / "police-precinct-boards.pdf", "investigation stack", scale)
    saved = _slot_region(saver / "police-precinct" / "police-precinct-boards-ink-saver.pdf", "investigation stack", scale)
    assert (full > 245).mean() > 0.6, "the full-ink slot is white around its icon"
    assert (saved > 245).mean() > 0.6, f"the ink saver turns the slot grey: {(saved > 245).mean():.0%} of it white"
    icon = full < 250
    assert icon.mean() > 0.03, "the full-ink slot shows its icon"
    # kept: the icon stands out of its slot as far as the full-ink print shows it (the slot's own icon is a pale one)
    shown, designed = (image[~icon].mean() - image[icon].mean() for image in (saved, full))
    assert designed > 15, f"the full-ink icon stands {designed:.0f} grey levels from its slot"
    assert shown > 0.8 * designed, f"the ink saver loses the slot's icon: it stands {shown:.0f} grey levels from the slot, {designed:.0f} in full ink"


def header_fills(pdf_path, page: int | None, width_mm: float) -> list[tuple[float, float, tuple]]:
    """(x, top, fill colour rounded to 0.001) of each filled shape `width_mm` wide on a page (every page for None; forms
    entered): the tiny game's card headers, 6.4 mm narrower than the card."""
    import pdfplumber

    with pdfplumber.open(pdf_path) as pdf:
        shapes = [s for p in (pdf.pages if page is None else [pdf.pages[page]]) for s in p.rects + p.curves]
        return [(round(s["x0"]), round(s["top"]), tuple(round(c, 3) for c in s["non_stroking_color"])) for s in shapes
                if s.get("fill") and abs(s["width"] - width_mm * 72 / 25.4) < 0.5]


def test_a_card_printed_twice_is_lightened_as_one_printed_once(project):
    """The ink saver tints a card's red header alike on every red hero, the Knight printed once as the AT&T Agent
    printed twice: one shade of light red, neither the full red nor paper white (the first sheet's top row: the
    Knight, then the Agent's two copies)."""
    from conftest import apply_edits, run_pnp

    apply_edits(project, [{"file": "data/tiny/decks/heroes.yaml", "replace": ['gain :star:.", count: 2}', 'gain :star:.", count: 1}']}])
    result = run_pnp(project, "build", "tiny", "--only", "cards", "--ink-saver", "--no-validate")
    assert result.exit_code == 0, result.output
    top_row = sorted(fill for fill in header_fills(project / "output/tiny/tiny-cards-ink-saver.pdf", 0, 63.5 - 6.4) if fill[1] < 100)
    shades = {colour for _, _, colour in top_row}
    assert len(top_row) == 3 and len(shades) == 1, top_row
    (shade,) = shades
    red = (0xc0 / 255, 0x39 / 255, 0x2b / 255)
    assert shade[0] > max(shade[1:]) and all(r < s < 0.99 for r, s in zip(red, shade, strict=True)), shade  # a light red, not white


def test_a_back_turned_on_a_gutterfold_sheet_is_lightened_as_on_a_duplex_sheet(project):
    """A gutterfold sheet prints each back turned upside down beside its front; the ink saver tints the Twin's own back
    (a gold panel 6 mm narrower than the card) in the one shade the duplex sheet prints it in, a light gold."""
    from conftest import apply_edits, run_pnp

    apply_edits(project, [{"file": "data/tiny/decks/heroes.yaml", "replace": ["twin-back.j2, count: 2}", "twin-back.j2, count: 1}"]}])
    shades = {}
    for layout in ("duplex", "gutterfold"):
        result = run_pnp(project, "build", "tiny", "--only", "cards", "--ink-saver", "--no-validate", "--layout", layout, "--out", str(project / f"out-{layout}"))
        assert result.exit_code == 0, result.output
        (pdf,) = (project / f"out-{layout}/tiny").glob("tiny-cards*.pdf")
        shades[layout] = {colour for _, _, colour in header_fills(pdf, None, 63.5 - 6)}
    gold = (0x87 / 255, 0x65 / 255, 0x10 / 255)
    (shade,) = shades["duplex"]
    assert shades["gutterfold"] == {shade} and all(g < s < 0.98 for g, s in zip(gold, shade, strict=True)), shades


def test_a_template_reading_ink_saver_draws_its_own_light_version_in_an_ink_saving_build(project):
    """docs/layouts.md: a template's `ink_saver` is true when building with `--ink-saver`, so a designer can draw a
    lighter face of their own there (an outline for a solid band): the ink-saving sheets print that face's word, never
    the full-ink one."""
    from conftest import apply_edits, run_pnp
    from pdftext import pdf_text

    apply_edits(project, [{"file": "templates/tiny/hero.j2", "replace": ["{% endblock %}",
        '{{ text("OUTLINED" if ink_saver else "SOLID", 10, 45, 40, 8, size=8) }}\n{% endblock %}']}])
    result = run_pnp(project, "build", "tiny", "--only", "cards", "--ink-saver", "--no-validate")
    assert result.exit_code == 0, result.output
    printed = pdf_text(project / "output/tiny/tiny-cards-ink-saver.pdf")
    assert "OUTLINED" in printed and "SOLID" not in printed


def _wcag_contrast(a: tuple, b: tuple) -> float:
    """WCAG 2's contrast ratio of two sRGB colours (0–1 channels): (L1 + 0.05) / (L2 + 0.05) of their relative luminances."""
    def luminance(rgb):
        lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_a_pale_word_on_a_band_the_ink_saver_tints_is_darkened_until_it_reads(project):
    """A word in pale blue-grey (#9aa7b8) on a dark 40 × 20 mm band reads at 6:1 in full ink; the ink saver tints the
    band almost white, and then moves the word towards black, never towards white, until it reads again: at least
    WCAG's 4.5:1 for text of its size against the band's printed tint, both read from the PDF."""
    import pdfplumber
    from conftest import apply_edits, run_pnp

    apply_edits(project, [{"file": "templates/tiny/hero.j2", "replace": ["{% endblock %}",
        '{{ rect(10, 45, 40, 20, fill="#1d2433") }}{{ text("QUOKKA", 12, 50, 36, 8, size=8, color="#9aa7b8") }}\n{% endblock %}']}])
    result = run_pnp(project, "build", "tiny", "--only", "cards", "--ink-saver", "--no-validate")
    assert result.exit_code == 0, result.output
    pdf_path = project / "output/tiny/tiny-cards-ink-saver.pdf"
    placed = header_fills(pdf_path, 0, 40)
    bands = {colour for _, _, colour in placed}
    assert len(bands) == 1, bands
    (band,) = bands
    assert min(band) > 0.8, band  # tinted: mostly white
    mm = 72 / 25.4
    on_band = lambda c: any(x - 1 <= c["x0"] and c["x1"] <= x + 40 * mm + 1 and top - 1 <= c["top"] and c["bottom"] <= top + 20 * mm + 1  # noqa: E731
                            for x, top, _ in placed)
    with pdfplumber.open(pdf_path) as pdf:
        letters = [c for c in pdf.pages[0].chars if on_band(c)]
    assert letters and {c["text"] for c in letters} == set("QUOKA"), letters
    word = {tuple(c["non_stroking_color"]) for c in letters}
    assert all(_wcag_contrast(colour, band) >= 4.5 for colour in word), (word, band)


BLUE = (0x2e / 255, 0x6d / 255, 0xa4 / 255)  # the tiny game's blue, #2e6da4


def ink_saver_fronts(project, knight: str, others: str):
    """The first fronts page of `pnp build --ink-saver --only cards tiny`, the heroes' fronts drawing `knight` on the
    Knight (printed twice, the page's first two cards) and `others` on the seven other cards: pdfplumber's page, open."""
    import pdfplumber
    from conftest import apply_edits, run_pnp

    front = f'{{% if card.id == "knight" %}}{knight}{{% else %}}{others}{{% endif %}}\n'
    apply_edits(project, [{"file": "templates/tiny/hero.j2", "write": front}])
    result = run_pnp(project, "build", "tiny", "--only", "cards", "--ink-saver", "--no-validate")
    assert result.exit_code == 0, result.output
    return pdfplumber.open(project / "output/tiny/tiny-cards-ink-saver.pdf")


def test_a_fill_larger_than_a_13_mm_square_is_tinted_and_a_smaller_one_prints_as_designed(project):
    """docs/printing.md: a fill larger than a twenty-fifth of the face (a 13 × 13 mm patch on a poker card) prints as a
    light tint; a smaller one as designed. A 20 × 15 mm blue panel on the Knight (a nineteenth of the card) comes out
    nearly white; a 10 × 10 mm blue square on every other card keeps the game's blue exactly."""
    mm = 72 / 25.4
    with ink_saver_fronts(project, '{{ rect(10, 30, 20, 15, fill="blue") }}', '{{ rect(10, 30, 10, 10, fill="blue") }}') as pdf:
        filled = [s for s in pdf.pages[0].rects + pdf.pages[0].curves if s.get("fill")]
    panels = [s["non_stroking_color"] for s in filled if abs(s["width"] - 20 * mm) < 0.5 and abs(s["height"] - 15 * mm) < 0.5]
    squares = [s["non_stroking_color"] for s in filled if abs(s["width"] - 10 * mm) < 0.5 and abs(s["height"] - 10 * mm) < 0.5]
    assert len(panels) == 2 and all(min(c) > 0.8 and c[2] > c[0] for c in panels), panels  # a light blue
    assert len(squares) == 7 and all(all(abs(a - b) < 0.002 for a, b in zip(c, BLUE, strict=True)) for c in squares), squares


def test_a_tinted_band_is_outlined_in_its_own_colour_along_its_sides_inside_the_trim_only(project):
    """docs/printing.md: a tinted area gains an outline in its own colour, drawn only along its sides more than 1 mm
    inside the trim. A blue band 20 mm tall from 20 mm in to past the right trim, on each of the page's two Knights:
    its left side (20 mm) and its top and bottom (43.5 mm, to the trim) outlined in the game's blue, its right side,
    on the trim, not at all."""
    mm = 72 / 25.4
    with ink_saver_fronts(project, '{{ rect(20, 40, face.w - 20 + face.bleed + 1, 20, fill="blue") }}', '') as pdf:
        lines = [line for line in pdf.pages[0].lines if 10 * mm < max(line["width"], line["height"]) < 45 * mm]  # not crop marks nor the page's own lines
    drawn = sorted(("upright" if abs(line["x0"] - line["x1"]) < 0.1 else "across", round(max(line["width"], line["height"]) / mm, 1)) for line in lines)
    assert drawn == [("across", 43.5)] * 4 + [("upright", 20.0)] * 2, drawn
    colours = {tuple(round(v, 3) for v in line["stroking_color"]) for line in lines}
    assert colours == {tuple(round(v, 3) for v in BLUE)}, colours


def contrast_ratio(a, b) -> float:
    """WCAG 2's contrast ratio of two colours as pdfplumber reads them (0–1 channels; a grey as one value)."""
    return _wcag_contrast(tuple(a) * 3 if len(a) == 1 else tuple(a), tuple(b) * 3 if len(b) == 1 else tuple(b))


def test_a_white_panel_on_a_band_the_ink_saver_tints_gains_a_dark_outline(project):
    """docs/printing.md: a light slot or panel keeps its colour and gains an outline when it sits on a tinted ground,
    or its edge would vanish into the tint. A white 10 × 8 mm panel on a blue 40 × 20 mm band (tinted, a seventh of the
    card): on each of the page's two Knights it stays white and is outlined in a colour that stands out from paper
    white by WCAG 2.1's 3:1 for a shape's edge (1.4.11, non-text contrast)."""
    mm = 72 / 25.4
    knight = '{{ rect(10, 40, 40, 20, fill="blue") }}{{ rect(20, 45, 10, 8, fill="#ffffff") }}'
    with ink_saver_fronts(project, knight, '') as pdf:
        panels = [s for s in pdf.pages[0].rects + pdf.pages[0].curves if abs(s["width"] - 10 * mm) < 1 and abs(s["height"] - 8 * mm) < 1]
    fills = [s["non_stroking_color"] for s in panels if s.get("fill")]
    outlines = [s["stroking_color"] for s in panels if s.get("stroke")]
    assert len(fills) == 2 and all(min(c) > 0.99 for c in fills), fills
    assert len(outlines) == 2 and all(contrast_ratio(c, (1, 1, 1)) >= 3 for c in outlines), outlines


def test_a_large_gradient_fill_prints_as_a_light_tint_in_an_ink_saving_build(project):
    """docs/printing.md: large fills print as light tints; a gradient is a fill (docs/layouts.md). A navy gradient band
    40 × 20 mm on the Knight (a seventh of the card) prints, at its middle, a light colour: each channel above 70 %
    of paper white, rasterised from the PDF (a 3 mm magenta square, small and so as designed, marks where it is)."""
    from conftest import render_page

    mm = 72 / 25.4
    knight = '{{ rect(10, 40, 40, 20, fill=gradient(["#0f3550", "#1d2433"])) }}{{ rect(4, 40, 3, 3, fill="#ff00ff") }}'
    with ink_saver_fronts(project, knight, '') as pdf:
        marks = [s for s in pdf.pages[0].rects + pdf.pages[0].curves if s.get("fill") and abs(s["width"] - 3 * mm) < 0.5
                 and tuple(round(v, 2) for v in s["non_stroking_color"]) == (1.0, 0.0, 1.0)]
    assert len(marks) == 2, marks
    dpi = 100
    image = render_page(project / "output/tiny/tiny-cards-ink-saver.pdf", 0, dpi)
    px = dpi / 72
    for mark in marks:  # the band's middle: 26 mm right of the mark's left edge, 10 mm below its top
        colour = image.getpixel((round((mark["x0"] + 26 * mm) * px), round((mark["top"] + 10 * mm) * px)))
        assert min(colour) > 0.7 * 255, colour


def test_a_white_digit_and_icon_on_a_dark_badge_in_a_tinted_band_are_lightened_until_they_read(project):
    """The ink saver's module docstring: a digit on a badge that took the header's colour, a symbol on a disc that took
    the band's, is darkened or lightened until it stands out again. A white "7" and a white heart, each on a small dark
    blue disc (kept as designed) on a blue band (tinted): the band's colour they take is too close to the disc's, so
    they are moved towards white until the digit reads at WCAG's 4.5:1 and the heart at 3:1 (1.4.11) on the disc."""
    mm = 72 / 25.4
    badge = "#24578a"
    knight = ('{{ rect(10, 40, 40, 20, fill="blue") }}'
              f'{{{{ circle(20, 50, 4.5, fill="{badge}") }}}}{{{{ circle(38, 50, 4.5, fill="{badge}") }}}}'
              '{{ text("7", 16, 46.5, 8, 7, size=9, color="#ffffff", align="center") }}'
              '{{ icon("hearts", 35, 47, 6, color="#ffffff") }}')
    disc = tuple(int(badge[i:i + 2], 16) / 255 for i in (1, 3, 5))
    with ink_saver_fronts(project, knight, '') as pdf:
        page = pdf.pages[0]
        digits = [c["non_stroking_color"] for c in page.chars if c["text"] == "7" and c["size"] > 8]
        hearts = [s["non_stroking_color"] for s in page.curves + page.rects if s.get("fill") and 2 * mm < s["width"] < 6.5 * mm
                  and 2 * mm < s["height"] < 6.5 * mm]
    assert len(digits) == 2 and all(contrast_ratio(c, disc) >= 4.5 for c in digits), digits
    assert len(hearts) >= 2 and all(contrast_ratio(c, disc) >= 3 for c in hearts), hearts


def test_pale_fills_of_one_colour_covering_a_tenth_of_a_face_print_as_designed(project):
    """docs/printing.md: fills of one dark colour that together cover more than a tenth of a face are tinted as one
    ground; pale ones are no ink to save. Ten pale yellow 6.35 × 12 mm tiles (#f4e4a1, each a seventieth of the card,
    together an eighth) on each Knight keep their colour exactly."""
    front = ('{% for i in range(10) %}'
             '{{ polygon([(i * 6.35, 0), (i * 6.35 + 6.35, 0), (i * 6.35 + 6.35, 12), (i * 6.35, 12)], fill="#f4e4a1") }}'
             '{% endfor %}')
    mm = 72 / 25.4
    with ink_saver_fronts(project, front, '') as pdf:
        tiles = [s for s in pdf.pages[0].curves + pdf.pages[0].rects if s.get("fill")
                 and abs(s["width"] - 6.35 * mm) < 0.2 and abs(s["height"] - 12 * mm) < 0.2]
    colours = {tuple(round(v * 255) for v in tile["non_stroking_color"]) for tile in tiles}
    assert len(tiles) == 20 and colours == {(0xf4, 0xe4, 0xa1)}, (len(tiles), colours)


def test_a_white_rule_across_a_dark_band_takes_a_colour_that_reads_on_its_tint(project):
    """The ink saver's module docstring: light strokes that sat on a large fill take the fill's colour, darkened, or
    they would vanish on its tint. A white 0.5 mm rule 36 mm long across a dark 40 × 20 mm band: on each Knight the
    rule stands out from the band's printed tint by WCAG 2.1's 3:1 for a graphic (1.4.11)."""
    mm = 72 / 25.4
    knight = '{{ rect(10, 40, 40, 20, fill="#1d2433") }}{{ line(12, 50, 48, 50, stroke="#ffffff", stroke_width=0.5) }}'
    with ink_saver_fronts(project, knight, '') as pdf:
        page = pdf.pages[0]
        rules = [line["stroking_color"] for line in page.lines if abs(line["width"] - 36 * mm) < 0.5]
        bands = [s["non_stroking_color"] for s in page.rects + page.curves if s.get("fill") and abs(s["width"] - 40 * mm) < 0.5
                 and abs(s["height"] - 20 * mm) < 0.5]
    assert len(bands) == 2 and all(min(c) > 0.8 for c in bands), bands  # tinted
    assert len(rules) == 2 and all(contrast_ratio(rule, bands[0]) >= 3 for rule in rules), (rules, bands)
